"""Seeded mutants: plausible bugs, each a variant of the declaration that some property must kill.

Each mutant is built by a factory from the real declaration (``dataclasses.replace`` on events),
never by subclassing, so nothing of a mutant can leak into the model that ``verify`` proves. The
real historical ones come first; the verifier must rediscover each on its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import declaration as d
from .logic import And, If, Implies, Min, Not, Or
from .params import NODE_EVICTION_INTERVAL
from .semantics import Model, real_model


@dataclass(frozen=True)
class Mutant:
    """A named bug and how to build the model that has it."""

    id: str
    description: str
    reference: str
    build: Callable[[Model], Model]

    def model(self) -> Model:
        return self.build(real_model())


def _replace_event(model: Model, name: str, event_id: str, **changes: Any) -> Model:
    events = tuple(dataclasses.replace(e, **changes) if e.id == event_id else e for e in model.events)
    return dataclasses.replace(model, name=name, events=events)


def _without_effect_keys(
    effect: Callable[[Any, Any], Any], drop: dict[str, Callable[[Any, Any], Any]]
) -> Callable[[Any, Any], Any]:
    """Wrap an effect, overriding some node assignments with other expressions."""

    def mutated(s: Any, i: Any) -> Any:
        u = effect(s, i)
        for var, expr in drop.items():
            u.values[("node", var, i.node)] = expr(s, i)
        return u

    return mutated


# 1. kubernetes/kubernetes#72129 -------------------------------------------------------------------
def _no_admission_taint(m: Model) -> Model:
    e = m.event("kubelet_register_node")
    eff = _without_effect_keys(e.effect, {"taint_not_ready_ns": lambda s, i: s.node(i.node).taint_not_ready_ns})
    return _replace_event(m, "no-admission-not-ready-taint", e.id, effect=eff)


# 2. kubernetes/kubernetes#63897 -------------------------------------------------------------------
def _unschedulable_taint_later(m: Model) -> Model:
    e = m.event("kubelet_register_node")
    eff = _without_effect_keys(e.effect, {"taint_unschedulable": lambda s, i: s.node(i.node).taint_unschedulable})
    m = _replace_event(m, "unschedulable-taint-only-from-controller", e.id, effect=eff)

    def bind_1_11(s: Any, i: Any) -> Any:
        # Kubernetes 1.11 with TaintNodesByCondition: no NodeUnschedulable filter, taints only
        nd, pd = s.node(i.node), s.pod(i.pod)
        return And(
            pd.bound_to == d.UNBOUND, nd.exists, d.pod_tolerates_taints(nd, pd), d.pod_fits_resources(s, i.node, pd)
        )

    return _replace_event(m, m.name, "scheduler_bind_pod", guard=bind_1_11)


# 3. kubernetes/kubernetes#121793 ------------------------------------------------------------------
def _grace_40(m: Model) -> Model:
    constraints = tuple(c for c in m.constraints if c.id != "heartbeat-gap-within-grace")
    return dataclasses.replace(
        m,
        name="grace-40s-below-http2-recovery",
        constraints=constraints,
        param_overrides=(("node_monitor_grace_period", 40), ("heartbeat_gap_max", 45)),
    )


# 4. the scheduler ignores NoExecute taints -------------------------------------------------------
def _scheduler_ignores_noexecute(m: Model) -> Model:
    def bind(s: Any, i: Any) -> Any:
        nd, pd = s.node(i.node), s.pod(i.pod)
        no_schedule_only = And(
            *[
                Implies(getattr(nd, t.var), getattr(pd, t.tolerated_by))
                for t in d.TAINT_SLOTS
                if t.effect == d.NO_SCHEDULE
            ],
            Implies(And(nd.taint_custom, nd.custom_effect == d.NO_SCHEDULE), pd.tolerates_custom_ns),
        )
        return And(
            pd.bound_to == d.UNBOUND,
            nd.exists,
            d.pod_passes_unschedulable(nd, pd),
            no_schedule_only,
            d.pod_fits_resources(s, i.node, pd),
        )

    return _replace_event(m, "scheduler-ignores-noexecute", "scheduler_bind_pod", guard=bind)


# 5. a toleration's effect matched wrongly ---------------------------------------------------------
def _effect_ignored(m: Model) -> Model:
    def bind(s: Any, i: Any) -> Any:
        # the toleration's effect is not compared: every pod's default not-ready/unreachable
        # NoExecute toleration (DefaultTolerationSeconds) then "tolerates" the NoSchedule taint too
        nd, pd = s.node(i.node), s.pod(i.pod)
        loose = And(
            Implies(nd.taint_not_ready_ns, Not(And(Not(pd.tolerates_not_ready_ns), Not(pd.tolerates_not_ready_ne)))),
            Implies(
                nd.taint_unreachable_ns, Not(And(Not(pd.tolerates_unreachable_ns), Not(pd.tolerates_unreachable_ne)))
            ),
            *[
                Implies(getattr(nd, t.var), getattr(pd, t.tolerated_by))
                for t in d.TAINT_SLOTS
                if t.effect >= 0 and t.var not in ("taint_not_ready_ns", "taint_unreachable_ns")
            ],
            Implies(And(nd.taint_custom, nd.custom_effect == d.NO_SCHEDULE), pd.tolerates_custom_ns),
            Implies(And(nd.taint_custom, nd.custom_effect == d.NO_EXECUTE), pd.tolerates_custom_ne),
        )
        return And(
            pd.bound_to == d.UNBOUND,
            nd.exists,
            d.pod_passes_unschedulable(nd, pd),
            loose,
            d.pod_fits_resources(s, i.node, pd),
        )

    return _replace_event(m, "toleration-effect-ignored", "scheduler_bind_pod", guard=bind)


# 6. registration without an approved certificate -------------------------------------------------
def _register_without_cert(m: Model) -> Model:
    def guard(s: Any, i: Any) -> Any:
        nd = s.node(i.node)
        return And(nd.alive, Not(nd.registered))  # the bootstrap token alone is taken as enough

    return _replace_event(
        m,
        "register-without-certificate",
        "kubelet_register_node",
        guard=guard,
        edges=(*m.event("kubelet_register_node").edges, (d.UNREGISTERED, d.REGISTERED)),
    )


# 7. a kubelet patching another node's object ------------------------------------------------------
def _patch_other_node(m: Model) -> Model:
    e = m.event("kubelet_post_status")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        other = (i.node + 1) % s.cfg.nodes
        if other != i.node:
            # the kubelet's PATCH names the wrong node: the other node's Ready is overwritten
            u.values[("node", "ready", other)] = If(i.ready, d.READY_TRUE, d.READY_FALSE)
        return u

    return _replace_event(m, "kubelet-patches-other-node", e.id, effect=eff)


# 8. the controller removes the not-ready taint before Ready is True -----------------------------
def _clears_not_ready_early(m: Model) -> Model:
    e = m.event("nlc_sync_noschedule_taints")
    eff = _without_effect_keys(e.effect, {"taint_not_ready_ns": lambda s, i: False})
    return _replace_event(m, "controller-clears-not-ready-early", e.id, effect=eff)


# 9. taint eviction ignores tolerationSeconds ------------------------------------------------------
def _eviction_forever(m: Model) -> Model:
    def due(s: Any, i: Any) -> Any:
        nd, pd = s.node(i.node), s.pod(i.pod)
        return And(pd.bound_to == i.node, d.has_noexecute_taint(nd), Not(d.pod_tolerates_noexecute(nd, pd)))

    return _replace_event(m, "eviction-ignores-toleration-seconds", "taint_eviction_evict_pod", guard=due)


# 10. re-registration re-applies the register-time taints and cordon ------------------------------
def _reregistration_resets(m: Model) -> Model:
    e = m.event("kubelet_register_node")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        u.values[("node", "unschedulable", i.node)] = i.register_unschedulable
        u.values[("node", "taint_unschedulable", i.node)] = i.register_unschedulable
        u.values[("node", "taint_custom", i.node)] = i.register_with_taint
        return u

    return _replace_event(m, "re-registration-resets-spec", e.id, effect=eff)


# 11. the controller ignores Lease renewals (heartbeats by status only) ----------------------------
def _monitor_ignores_lease(m: Model) -> Model:
    e = m.event("kubelet_renew_lease")

    def eff(s: Any, i: Any) -> Any:
        return s.update().node(i.node, since_lease_renew=0, since_heartbeat=0)

    return _replace_event(m, "controller-ignores-lease", e.id, effect=eff)


# 12. the controller marks only Ready=True nodes Unknown ------------------------------------------
def _unknown_only_from_true(m: Model) -> Model:
    e = m.event("nlc_monitor_node_health")

    def eff(s: Any, i: Any) -> Any:
        nd = s.node(i.node)
        u = e.effect(s, i)
        expired = And(Not(nd.heartbeat_unseen), nd.since_probe > d.grace_for(s, nd), nd.ready == d.READY_TRUE)
        u.values[("node", "ready", i.node)] = If(expired, d.READY_UNKNOWN, nd.ready)
        u.values[("node", "memory_pressure", i.node)] = If(expired, False, nd.memory_pressure)
        u.values[("node", "taints_synced", i.node)] = If(expired, False, nd.taints_synced)
        return u

    return _replace_event(m, "unknown-only-from-ready-true", e.id, effect=eff)


# 13. allocatable reported as the whole capacity ---------------------------------------------------
def _allocatable_is_capacity(m: Model) -> Model:
    e = m.event("kubelet_register_node")
    eff = _without_effect_keys(
        e.effect,
        {
            "allocatable": lambda s, i: If(
                Not(s.node(i.node).exists), s.node(i.node).capacity, s.node(i.node).allocatable
            )
        },
    )
    return _replace_event(m, "allocatable-ignores-reserved", e.id, effect=eff)


# 14. deleting a Node leaves its pods bound ---------------------------------------------------------
def _delete_keeps_pods(m: Model) -> Model:
    e = m.event("admin_delete_node")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        for p in s.pods:
            u.values.pop(("pod", "bound_to", p), None)
        return u

    return _replace_event(m, "deleted-node-keeps-pods", e.id, effect=eff)


# 15. deleting a Node leaves its taints behind -------------------------------------------------------
def _delete_keeps_taints(m: Model) -> Model:
    e = m.event("admin_delete_node")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        for t in d.TAINT_SLOTS:
            u.values.pop(("node", t.var, i.node), None)
        return u

    return _replace_event(m, "deleted-node-keeps-taints", e.id, effect=eff)


# 16. the eviction timer restarts on every Node update -----------------------------------------------
def _timer_restarts_on_update(m: Model) -> Model:
    e = m.event("kubelet_post_status")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        for p in s.pods:
            pd = s.pod(p)
            u.pod(p, since_noexecute=If(pd.bound_to == i.node, 0, pd.since_noexecute))
        return u

    return _replace_event(m, "eviction-timer-restarts-on-node-update", e.id, effect=eff)


# 17. a kubelet evicts pods of another node ----------------------------------------------------------
def _evicts_other_nodes_pods(m: Model) -> Model:
    def guard(s: Any, i: Any) -> Any:
        nd, pd = s.node(i.node), s.pod(i.pod)
        return And(nd.alive, nd.registered, nd.exists, nd.memory_pressure, pd.bound_to != d.UNBOUND)

    return _replace_event(m, "kubelet-evicts-other-nodes-pods", "kubelet_evict_pod", guard=guard)


# 18. a kubelet takes the certificate of a CSR approved for another node's name --------------------
def _takes_other_nodes_certificate(m: Model) -> Model:
    def guard(s: Any, i: Any) -> Any:
        nd, other = s.node(i.node), s.node((i.node + 1) % s.cfg.nodes)
        return And(nd.alive, other.csr == d.CSR_APPROVED, Not(nd.cert))

    return _replace_event(m, "kubelet-takes-other-nodes-certificate", "kubelet_obtain_certificate", guard=guard)


# 19. a node agent creates Nodes without conditions --------------------------------------------------
def _created_without_conditions(m: Model) -> Model:
    e = m.event("kubelet_register_node")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        nd = s.node(i.node)
        u.values[("node", "ready", i.node)] = If(Not(nd.exists), d.READY_ABSENT, nd.ready)
        u.values[("node", "memory_pressure", i.node)] = If(Not(nd.exists), False, nd.memory_pressure)
        return u

    return _replace_event(m, "node-created-without-conditions", e.id, effect=eff)


# 20. the NoSchedule swap removes the old taint before it adds the new one ---------------------------
def _swap_remove_then_add(m: Model) -> Model:
    e = m.event("nlc_sync_noschedule_taints")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        nd = s.node(i.node)
        # Ready False -> Unknown: the first write only removes not-ready; the next pass adds unreachable
        first = And(nd.taint_not_ready_ns, nd.ready == d.READY_UNKNOWN)
        u.values[("node", "taint_unreachable_ns", i.node)] = If(first, False, nd.ready == d.READY_UNKNOWN)
        u.values[("node", "taints_synced", i.node)] = Not(first)
        return u

    return _replace_event(m, "noschedule-swap-removes-first", e.id, effect=eff)


# 21. the NoExecute swap never removes the old taint --------------------------------------------------
def _swap_keeps_old(m: Model) -> Model:
    e = m.event("nlc_sync_noexecute_taints")

    def eff(s: Any, i: Any) -> Any:
        nd = s.node(i.node)
        ready = nd.ready == d.READY_TRUE
        # AddOrUpdateTaintOnNode without the RemoveTaintOffNode half; only markNodeAsReachable removes
        return s.update().node(
            i.node,
            taint_not_ready_ne=If(ready, False, Or(nd.taint_not_ready_ne, nd.ready == d.READY_FALSE)),
            taint_unreachable_ne=If(ready, False, Or(nd.taint_unreachable_ne, nd.ready == d.READY_UNKNOWN)),
        )

    def guard(s: Any, i: Any) -> Any:
        nd = s.node(i.node)
        return And(
            nd.exists,
            Or(
                And(nd.ready == d.READY_FALSE, Not(nd.taint_not_ready_ne)),
                And(nd.ready == d.READY_UNKNOWN, Not(nd.taint_unreachable_ne)),
                And(nd.ready == d.READY_TRUE, Or(nd.taint_not_ready_ne, nd.taint_unreachable_ne)),
            ),
        )

    return _replace_event(m, "noexecute-swap-keeps-old-taint", e.id, effect=eff, guard=guard)


# 22. the kubelet never picks up its approved certificate --------------------------------------------
def _certificate_never_picked_up(m: Model) -> Model:
    # waitForCertificate misses the approval (no re-list after a dropped watch): no deadline any more
    return _replace_event(m, "kubelet-misses-approved-certificate", "kubelet_obtain_certificate", timer=None)


# 23. the taint-eviction controller waits tolerationSeconds even for an untolerated taint ---------------
def _untolerated_waits(m: Model) -> Model:
    e = m.event("taint_eviction_evict_pod")

    def delay(s: Any, i: Any) -> Any:
        return s.pod(i.pod).toleration_seconds  # getMinTolerationTime used before checking allTolerated

    return _replace_event(
        m, "untolerated-eviction-waits", e.id, timer=dataclasses.replace(e.timer, earliest=delay, latest=delay)
    )


# 24. the kubelet registers under another node's name ------------------------------------------------
class _OtherNode:
    """An event instance's arguments with the node index moved to the next node."""

    def __init__(self, i: Any, nodes: int) -> None:
        self._i, self.node = i, (i.node + 1) % nodes

    def __getattr__(self, name: str) -> Any:
        return getattr(self._i, name)


def _registers_other_name(m: Model) -> Model:
    e = m.event("kubelet_register_node")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, _OtherNode(i, s.cfg.nodes))  # --hostname-override differs from the certificate's CN
        u.values[("node", "registered", i.node)] = True
        return u

    return _replace_event(m, "kubelet-registers-another-name", e.id, effect=eff)


# 25. the scheduler binds to a Node that was deleted (stale cache) -------------------------------------
def _binds_to_deleted_node(m: Model) -> Model:
    def bind(s: Any, i: Any) -> Any:
        nd, pd = s.node(i.node), s.pod(i.pod)
        return And(
            pd.bound_to == d.UNBOUND,
            d.pod_passes_unschedulable(nd, pd),
            d.pod_tolerates_taints(nd, pd),
            d.pod_fits_resources(s, i.node, pd),
        )

    return _replace_event(m, "scheduler-binds-to-deleted-node", "scheduler_bind_pod", guard=bind)


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "no-admission-not-ready-taint",
        "A new Node is created without the not-ready taint (no TaintNodesByCondition admission); "
        "pods are bound while its Ready is not True.",
        "kubernetes/kubernetes#72129, fixed by #73097",
        _no_admission_taint,
    ),
    Mutant(
        "unschedulable-taint-only-from-controller",
        "A node registered unschedulable gets its unschedulable taint only later from the controller, "
        "and the scheduler (1.11, TaintNodesByCondition) reads taints only: pods slip in.",
        "kubernetes/kubernetes#63897",
        _unschedulable_taint_later,
    ),
    Mutant(
        "grace-40s-below-http2-recovery",
        "node-monitor-grace-period 40 s (the default up to 1.31) is shorter than the 45 s a kubelet on a "
        "dead HTTP/2 connection needs to renew: healthy nodes are marked Unknown.",
        "kubernetes/kubernetes#121793, fixed by #126287 (50 s in 1.32)",
        _grace_40,
    ),
    Mutant(
        "scheduler-ignores-noexecute",
        "The TaintToleration filter checks NoSchedule taints only, not NoExecute.",
        "pkg/scheduler/framework/plugins/tainttoleration",
        _scheduler_ignores_noexecute,
    ),
    Mutant(
        "toleration-effect-ignored",
        "Toleration matching ignores the effect, so every pod's default not-ready:NoExecute toleration "
        "also passes the not-ready:NoSchedule taint.",
        "staging/src/k8s.io/api/core/v1/toleration.go (ToleratesTaint)",
        _effect_ignored,
    ),
    Mutant(
        "register-without-certificate",
        "The kubelet creates its Node with the bootstrap token alone, before its CSR is approved.",
        "pkg/kubelet/certificate/bootstrap; plugin/pkg/admission/noderestriction",
        _register_without_cert,
    ),
    Mutant(
        "kubelet-patches-other-node",
        "A kubelet's status PATCH lands on another node's object.",
        "plugin/pkg/admission/noderestriction (node X is not allowed to modify node Y)",
        _patch_other_node,
    ),
    Mutant(
        "controller-clears-not-ready-early",
        "The node lifecycle controller removes not-ready:NoSchedule on any status update, before Ready is True.",
        "pkg/controller/nodelifecycle (doNoScheduleTaintingPass)",
        _clears_not_ready_early,
    ),
    Mutant(
        "eviction-ignores-toleration-seconds",
        "The taint-eviction controller evicts only pods that do not tolerate a NoExecute taint, and "
        "never when tolerationSeconds run out.",
        "pkg/controller/tainteviction (getMinTolerationTime)",
        _eviction_forever,
    ),
    Mutant(
        "re-registration-resets-spec",
        "A restarted kubelet re-applies its register-time taints and spec.unschedulable to the existing "
        "Node, undoing an administrator's cordon.",
        "pkg/kubelet/kubelet_node_status.go (tryRegisterWithAPIServer)",
        _reregistration_resets,
    ),
    Mutant(
        "controller-ignores-lease",
        "The node lifecycle controller counts only status posts as heartbeats, not Lease renewals; with "
        "sparse status updates a live node goes Unknown.",
        "KEP-589 (node lease), pkg/controller/nodelifecycle (tryUpdateNodeHealth)",
        _monitor_ignores_lease,
    ),
    Mutant(
        "unknown-only-from-ready-true",
        "The node lifecycle controller marks a silent node Unknown only when its Ready is True: a NotReady "
        "node whose kubelet dies stays NotReady for ever and never gets the unreachable taints.",
        "pkg/controller/nodelifecycle (tryUpdateNodeHealth)",
        _unknown_only_from_true,
    ),
    Mutant(
        "allocatable-ignores-reserved",
        "The kubelet reports allocatable = capacity, forgetting kube-reserved, system-reserved and the "
        "hard eviction threshold.",
        "pkg/kubelet/nodestatus/setters.go (MachineInfo); "
        "pkg/kubelet/cm/node_container_manager_linux.go (GetNodeAllocatableAbsolute)",
        _allocatable_is_capacity,
    ),
    Mutant(
        "deleted-node-keeps-pods",
        "Deleting a Node leaves its pods bound to the name (no pod garbage collection): they stay on a "
        "node that does not exist.",
        "pkg/controller/podgc/gc_controller.go (gcOrphaned)",
        _delete_keeps_pods,
    ),
    Mutant(
        "deleted-node-keeps-taints",
        "Deleting a Node leaves its taints behind: the Node the kubelet creates again inherits the old "
        "one's memory-pressure or unreachable taints.",
        "pkg/kubelet/kubelet_node_status.go (initialNode)",
        _delete_keeps_taints,
    ),
    Mutant(
        "eviction-timer-restarts-on-node-update",
        "The taint-eviction controller schedules a pod's eviction afresh (CreatedAt = now) on every "
        "Node update, so a NotReady kubelet that keeps posting status keeps its pods for ever.",
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode keeps CreatedAt)",
        _timer_restarts_on_update,
    ),
    Mutant(
        "kubelet-evicts-other-nodes-pods",
        "A kubelet's eviction manager deletes pods by name without checking spec.nodeName: under memory "
        "pressure it evicts pods running on another node.",
        "plugin/pkg/admission/noderestriction/admission.go (admitPod: node X can only delete its own pods)",
        _evicts_other_nodes_pods,
    ),
    Mutant(
        "kubelet-takes-other-nodes-certificate",
        "The kubelet waits for any approved node-client CSR and takes its certificate, even one approved "
        "for another node's name.",
        "pkg/kubelet/certificate/bootstrap/bootstrap.go (waitForCertificate "
        "watches its own CSR); pkg/controller/certificates/approver/sarapprove.go",
        _takes_other_nodes_certificate,
    ),
    Mutant(
        "node-created-without-conditions",
        "The Node is created without conditions (a node simulator or virtual kubelet that posts status "
        "later): the taint pass strips the admission's not-ready taint and ordinary pods land on a node "
        "that never said Ready.",
        "pkg/kubelet/kubelet_node_status.go (initialNode ends with setNodeStatus); issue 15",
        _created_without_conditions,
    ),
    Mutant(
        "noschedule-swap-removes-first",
        "The NoSchedule tainting pass swaps not-ready for unreachable by removing first and adding in a "
        "second write: between them an Unknown node carries no Ready taint and takes ordinary pods.",
        "pkg/controller/util/node (SwapNodeControllerTaint adds, then removes)",
        _swap_remove_then_add,
    ),
    Mutant(
        "noexecute-swap-keeps-old-taint",
        "The NoExecute swap adds the new taint but never removes the old one: a NotReady node that goes "
        "Unknown keeps not-ready:NoExecute next to unreachable:NoExecute.",
        "pkg/controller/util/node (SwapNodeControllerTaint: add, then remove)",
        _swap_keeps_old,
    ),
    Mutant(
        "kubelet-misses-approved-certificate",
        "The kubelet's wait for its certificate misses the approval (a dropped watch, no re-list): the "
        "node stays Bootstrapped for ever although nothing else is wrong.",
        "pkg/kubelet/certificate/bootstrap/bootstrap.go (waitForCertificate)",
        _certificate_never_picked_up,
    ),
    Mutant(
        "untolerated-eviction-waits",
        "The taint-eviction controller schedules every pod's eviction after its tolerationSeconds, even "
        "when one of the NoExecute taints is not tolerated at all.",
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode: !allTolerated deletes now)",
        _untolerated_waits,
    ),
    Mutant(
        "kubelet-registers-another-name",
        "The kubelet's --hostname-override differs from the name in its client certificate: it creates "
        "the Node of another name.",
        "plugin/pkg/admission/noderestriction (node X is not allowed to modify "
        "node Y); pkg/kubelet/kubelet_node_status.go",
        _registers_other_name,
    ),
    Mutant(
        "scheduler-binds-to-deleted-node",
        "The scheduler binds from a stale cache to a Node that no longer exists (or never did): the pod is "
        "bound to nothing.",
        "pkg/scheduler/backend/cache; pkg/controller/podgc (gcOrphaned)",
        _binds_to_deleted_node,
    ),
)


def _lease_renews_while_down(m: Model) -> Model:
    e = m.event("kubelet_renew_lease")
    # the Lease goroutine keeps renewing for a kubelet whose sync loop is dead or hung: it needs only
    # the client certificate (the declaration's guard: alive and cert)
    return _replace_event(m, "lease-renews-while-kubelet-down", e.id, guard=lambda s, i: s.node(i.node).cert)


def _register_reports_ready(m: Model) -> Model:
    e = m.event("kubelet_register_node")
    # initialNode's first setNodeStatus reports Ready=True before the runtime and network checks ran
    eff = _without_effect_keys(
        e.effect, {"ready": lambda s, i: If(Not(s.node(i.node).exists), d.READY_TRUE, s.node(i.node).ready)}
    )
    return _replace_event(m, "register-reports-ready-optimistically", e.id, effect=eff)


def _grace_from_lease_renew(m: Model) -> Model:
    e = m.event("nlc_monitor_node_health")

    def expired(s: Any, i: Any) -> Any:
        nd = s.node(i.node)
        return And(nd.since_lease_renew > d.grace_for(s, nd), nd.ready != d.READY_UNKNOWN)

    # the grace is measured from the Lease's renewTime (the kubelet's clock), status posts ignored
    eff = _without_effect_keys(
        e.effect,
        {
            "ready": lambda s, i: If(expired(s, i), d.READY_UNKNOWN, s.node(i.node).ready),
            "memory_pressure": lambda s, i: If(expired(s, i), False, s.node(i.node).memory_pressure),
            "taints_synced": lambda s, i: If(expired(s, i), False, s.node(i.node).taints_synced),
        },
    )
    return _replace_event(m, "monitor-grace-from-lease-renew-time", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "lease-renews-while-kubelet-down",
        "The Lease keeps being renewed for a kubelet that is down (its sync loop crashed or hung): the node "
        "lifecycle controller never sees it silent.",
        "pkg/kubelet/nodelease; staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go",
        _lease_renews_while_down,
    ),
    Mutant(
        "register-reports-ready-optimistically",
        "The kubelet creates its Node with Ready=True whatever its own checks found.",
        "pkg/kubelet/kubelet_node_status.go (initialNode, setNodeStatus); pkg/kubelet/nodestatus/setters.go",
        _register_reports_ready,
    ),
    Mutant(
        "monitor-grace-from-lease-renew-time",
        "tryUpdateNodeHealth measures the grace period from the Lease's renewTime instead of probeTimestamp "
        "and ignores status posts: a node that posted status after its last renewal is marked Unknown early.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        _grace_from_lease_renew,
    ),
)


# =================================================================================================
# Mutants of the verifier's own checks (issue 12, points 1 and 2): symmetry and time progress.
# Kept in their own block, appended to MUTANTS, so that other mutant lists merge without conflict.
# =================================================================================================


# 12. an action reads another node's data by the wrong index ---------------------------------------
def _register_reads_node_zero(m: Model) -> Model:
    e = m.event("kubelet_register_node")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        from .logic import Max

        first = s.node(0)  # the bug: node 0's capacity and reservations, whichever node registers
        u.values[("node", "allocatable", i.node)] = If(
            Not(s.node(i.node).exists), Max(first.capacity - first.reserved, 0), s.node(i.node).allocatable
        )
        return u

    return _replace_event(m, "register-reads-first-node-capacity", e.id, effect=eff)


# 13. an urgent action that never clears its own deadline -----------------------------------------
def _noschedule_pass_never_synced(m: Model) -> Model:
    e = m.event("nlc_sync_noschedule_taints")
    eff = _without_effect_keys(e.effect, {"taints_synced": lambda s, i: s.node(i.node).taints_synced})
    return _replace_event(m, "noschedule-pass-never-marks-synced", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "register-reads-first-node-capacity",
        "The kubelet's registration computes allocatable from node 0's capacity and reservations "
        "instead of its own: every node but the first reports another machine's allocatable. Node 0 "
        "alone is always right, so only a symmetry check (or checking every node) sees it.",
        "pkg/kubelet/nodestatus/setters.go (MachineInfo); issue 12 point 1",
        _register_reads_node_zero,
    ),
    Mutant(
        "noschedule-pass-never-marks-synced",
        "The NoSchedule tainting pass applies the taints but never records that it has seen the update, "
        "so it stays due at once for ever and time cannot pass: every time-step property then holds "
        "vacuously.",
        "pkg/controller/nodelifecycle (doNoScheduleTaintingPass); issue 12 point 2",
        _noschedule_pass_never_synced,
    ),
)


# 14. issue 12, round 2: bugs of classes that no property caught (each with the property that now does)
def _uncordon_clears_user_taint(m: Model) -> Model:
    e = m.event("admin_uncordon")
    eff = _without_effect_keys(
        e.effect,
        {"taint_custom": lambda s, i: And(s.node(i.node).taint_custom, s.node(i.node).custom_effect != d.NO_SCHEDULE)},
    )
    return _replace_event(m, "uncordon-clears-user-taint", e.id, effect=eff)


def _cordon_not_resynced(m: Model) -> Model:
    e = m.event("admin_cordon")
    eff = _without_effect_keys(e.effect, {"taints_synced": lambda s, i: s.node(i.node).taints_synced})
    return _replace_event(m, "cordon-does-not-trigger-taint-pass", e.id, effect=eff)


def _recovered_keeps_noexecute(m: Model) -> Model:
    e = m.event("nlc_sync_noexecute_taints")

    def wanted(nd: Any) -> tuple[Any, Any]:
        keep = Or(nd.ready == d.READY_ABSENT, nd.ready == d.READY_TRUE)  # the bug: markNodeAsReachable never runs
        return (
            If(keep, nd.taint_not_ready_ne, nd.ready == d.READY_FALSE),
            If(keep, nd.taint_unreachable_ne, nd.ready == d.READY_UNKNOWN),
        )

    def guard(s: Any, i: Any) -> Any:
        return d.noexecute_pass_due(s, i, wanted)

    def eff(s: Any, i: Any) -> Any:
        return d.noexecute_pass_write(s, i, wanted)

    return _replace_event(m, "recovered-node-keeps-noexecute-taint", e.id, guard=guard, effect=eff)


def _eviction_not_cancelled(m: Model) -> Model:
    e = m.event("taint_eviction_evict_pod")

    def guard(s: Any, i: Any) -> Any:
        nd, pd = s.node(i.node), s.pod(i.pod)
        return And(pd.bound_to == i.node, Or(Not(d.pod_tolerates_noexecute(nd, pd)), Not(pd.tolerates_forever)))

    return _replace_event(m, "eviction-not-cancelled-when-taint-goes", e.id, guard=guard)


def _eviction_one_second_early(m: Model) -> Model:
    from .logic import Max

    e = m.event("taint_eviction_evict_pod")

    def delay(s: Any, i: Any) -> Any:
        nd, pd = s.node(i.node), s.pod(i.pod)
        return If(d.pod_tolerates_noexecute(nd, pd), Max(pd.toleration_seconds - 1, 0), 0)

    timer = dataclasses.replace(e.timer, earliest=delay, latest=delay)
    return _replace_event(m, "eviction-one-second-early", e.id, timer=timer)


def _kubelet_evicts_without_pressure(m: Model) -> Model:
    e = m.event("kubelet_evict_pod")

    def guard(s: Any, i: Any) -> Any:
        nd, pd = s.node(i.node), s.pod(i.pod)
        return And(nd.alive, nd.registered, nd.exists, Not(nd.memory_pressure), pd.bound_to == i.node)

    return _replace_event(m, "kubelet-evicts-without-pressure", e.id, guard=guard)


def _binding_allows_rebind(m: Model) -> Model:
    e = m.event("scheduler_bind_pod")

    def guard(s: Any, i: Any) -> Any:
        nd, pd = s.node(i.node), s.pod(i.pod)
        return And(
            pd.bound_to != i.node,
            nd.exists,
            d.pod_passes_unschedulable(nd, pd),
            d.pod_tolerates_taints(nd, pd),
            d.pod_fits_resources(s, i.node, pd),
        )

    return _replace_event(m, "binding-allows-rebind", e.id, guard=guard)


def _approver_approves_other_node(m: Model) -> Model:
    e = m.event("csr_approver_approve")

    def eff(s: Any, i: Any) -> Any:
        other = (i.node + 1) % s.cfg.nodes
        return s.update().node(other, csr=d.CSR_APPROVED)

    return _replace_event(m, "approver-approves-another-nodes-csr", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "uncordon-clears-user-taint",
        "kubectl uncordon strips every NoSchedule taint it finds, the user's dedicated=gpu:NoSchedule included.",
        "staging/src/k8s.io/kubectl/pkg/drain/cordon.go",
        _uncordon_clears_user_taint,
    ),
    Mutant(
        "cordon-does-not-trigger-taint-pass",
        "The node lifecycle controller's update handler ignores spec-only changes, so a cordon never "
        "brings the unschedulable taint.",
        "pkg/controller/nodelifecycle (doNoScheduleTaintingPass)",
        _cordon_not_resynced,
    ),
    Mutant(
        "recovered-node-keeps-noexecute-taint",
        "markNodeAsReachable never runs: a node whose kubelet comes back keeps not-ready/unreachable:"
        "NoExecute, and every pod bound there is evicted later.",
        "pkg/controller/nodelifecycle (processTaintBaseEviction)",
        _recovered_keeps_noexecute,
    ),
    Mutant(
        "eviction-not-cancelled-when-taint-goes",
        "The taint-eviction controller does not cancel a scheduled deletion when the NoExecute taint is removed.",
        "pkg/controller/tainteviction/taint_eviction.go (CancelWork)",
        _eviction_not_cancelled,
    ),
    Mutant(
        "eviction-one-second-early",
        "The deletion is scheduled at tolerationSeconds - 1 (rounding).",
        "pkg/controller/tainteviction/timed_workers.go",
        _eviction_one_second_early,
    ),
    Mutant(
        "kubelet-evicts-without-pressure",
        "The eviction manager compares its memory threshold the wrong way and evicts without pressure.",
        "pkg/kubelet/eviction/eviction_manager.go",
        _kubelet_evicts_without_pressure,
    ),
    Mutant(
        "binding-allows-rebind",
        "pods/binding accepts a pod that already has spec.nodeName: a running pod is moved to another node.",
        "pkg/registry/core/pod/storage/storage.go (setPodNodeAndMetadata)",
        _binding_allows_rebind,
    ),
    Mutant(
        "approver-approves-another-nodes-csr",
        "The CSR approver approves the CSR of another node than the one whose request it reviewed.",
        "pkg/controller/certificates/approver/sarapprove.go",
        _approver_approves_other_node,
    ),
)


# 15. issue 12, round 3: a second set of bugs written apart; the classes that survived it
def _route_clears_other_node(m: Model) -> Model:
    e = m.event("cloud_route_created")

    def eff(s: Any, i: Any) -> Any:
        other = (i.node + 1) % s.cfg.nodes
        return s.update().node(other, network_unavailable=False, taints_synced=False)

    return _replace_event(m, "route-controller-writes-another-node", e.id, effect=eff)


def _status_allocatable_unclamped(m: Model) -> Model:
    e = m.event("kubelet_post_status")
    eff = _without_effect_keys(
        e.effect, {"allocatable": lambda s, i: s.node(i.node).capacity - s.node(i.node).reserved}
    )
    return _replace_event(m, "status-allocatable-not-clamped", e.id, effect=eff)


def _unknown_keeps_pressure(m: Model) -> Model:
    e = m.event("nlc_monitor_node_health")
    eff = _without_effect_keys(e.effect, {"memory_pressure": lambda s, i: s.node(i.node).memory_pressure})
    return _replace_event(m, "unknown-keeps-memory-pressure", e.id, effect=eff)


def _route_clobbers_pressure(m: Model) -> Model:
    e = m.event("cloud_route_created")
    eff = _without_effect_keys(e.effect, {"memory_pressure": lambda s, i: False})
    return _replace_event(m, "route-controller-clears-memory-pressure", e.id, effect=eff)


def _status_post_not_heartbeat(m: Model) -> Model:
    e = m.event("kubelet_post_status")
    eff = _without_effect_keys(e.effect, {"heartbeat_unseen": lambda s, i: s.node(i.node).heartbeat_unseen})
    return _replace_event(m, "status-post-not-a-heartbeat", e.id, effect=eff)


def _cordon_patches_taint(m: Model) -> Model:
    e = m.event("admin_cordon")

    def eff(s: Any, i: Any) -> Any:
        return s.update().node(i.node, taint_unschedulable=True, taints_synced=False)

    return _replace_event(m, "cordon-patches-taint-not-spec", e.id, effect=eff)


def _eviction_deletes_every_pod(m: Model) -> Model:
    e = m.event("taint_eviction_evict_pod")

    def eff(s: Any, i: Any) -> Any:
        u = s.update()
        for q in s.pods:
            u.pod(q, bound_to=If(s.pod(q).bound_to == i.node, d.UNBOUND, s.pod(q).bound_to))
        return u

    return _replace_event(m, "eviction-deletes-every-pod-of-the-node", e.id, effect=eff)


def _restart_keeps_registration(m: Model) -> Model:
    e = m.event("kubelet_restarts")
    eff = _without_effect_keys(e.effect, {"registered": lambda s, i: s.node(i.node).registered})
    return _replace_event(m, "restart-keeps-registration", e.id, effect=eff)


def _noexecute_swap_removes_first(m: Model) -> Model:
    e = m.event("nlc_sync_noexecute_taints")

    def eff(s: Any, i: Any) -> Any:
        nd = s.node(i.node)
        want_nr, want_ur = d.noexecute_wanted(nd)
        # RemoveTaintOffNode before AddOrUpdateTaintOnNode: a write that drops a stale taint adds nothing
        stale = Or(And(nd.taint_not_ready_ne, Not(want_nr)), And(nd.taint_unreachable_ne, Not(want_ur)))
        return s.update().node(
            i.node,
            taint_not_ready_ne=If(stale, And(nd.taint_not_ready_ne, want_nr), Or(nd.taint_not_ready_ne, want_nr)),
            taint_unreachable_ne=If(stale, And(nd.taint_unreachable_ne, want_ur), Or(nd.taint_unreachable_ne, want_ur)),
        )

    return _replace_event(m, "noexecute-swap-removes-first", e.id, effect=eff)


def _status_post_uncordons(m: Model) -> Model:
    e = m.event("kubelet_post_status")
    # the kubelet updates its whole Node from a stale copy: spec.unschedulable goes back to false
    eff = _without_effect_keys(e.effect, {"unschedulable": lambda s, i: False})
    return _replace_event(m, "status-post-uncordons", e.id, effect=eff)


def _unknown_clears_network_unavailable(m: Model) -> Model:
    e = m.event("nlc_monitor_node_health")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        nd = s.node(i.node)
        expired = u.values[("node", "ready", i.node)] == d.READY_UNKNOWN
        # every condition set Unknown, NetworkUnavailable included (read as not True)
        u.values[("node", "network_unavailable", i.node)] = And(nd.network_unavailable, Not(expired))
        return u

    return _replace_event(m, "unknown-clears-network-unavailable", e.id, effect=eff)


def _not_ready_gets_unreachable_taint(m: Model) -> Model:
    e = m.event("nlc_sync_noschedule_taints")
    eff = _without_effect_keys(
        e.effect,
        {
            "taint_unreachable_ns": lambda s, i: Or(
                s.node(i.node).ready == d.READY_FALSE, s.node(i.node).ready == d.READY_UNKNOWN
            )
        },
    )
    return _replace_event(m, "not-ready-gets-unreachable-taint", e.id, effect=eff)


def _register_taint_effect_ignored(m: Model) -> Model:
    e = m.event("kubelet_register_node")
    eff = _without_effect_keys(
        e.effect,
        {"custom_effect": lambda s, i: If(Not(s.node(i.node).exists), d.NO_SCHEDULE, s.node(i.node).custom_effect)},
    )
    return _replace_event(m, "register-taint-effect-ignored", e.id, effect=eff)


def _eviction_timer_restarts_on_swap(m: Model) -> Model:
    e = m.event("taint_eviction_evict_pod")
    assert e.timer is not None

    def clock(s: Any, i: Any) -> Any:
        # the work item is re-queued when unreachable replaces not-ready: counted from the new taint
        nd, pd = s.node(i.node), s.pod(i.pod)
        return If(nd.taint_unreachable_ne, pd.since_under_unreachable_ne, pd.since_noexecute)

    timer = dataclasses.replace(e.timer, clock=clock)
    return _replace_event(m, "eviction-timer-restarts-on-swap", e.id, timer=timer)


def _fit_counts_request_twice(m: Model) -> Model:
    e = m.event("scheduler_bind_pod")

    def guard(s: Any, i: Any) -> Any:
        # NodeResourcesFit adds the incoming pod's request to the node's requested, then adds it again
        pd = s.pod(i.pod)
        return And(e.guard(s, i), s.node(i.node).requested + pd.request + pd.request <= s.node(i.node).allocatable)

    return _replace_event(m, "fit-counts-request-twice", e.id, guard=guard)


# issue 14: the scheduler's NodeInfo.Requested, counted wrong on one path -----------------------------
def _fit_ignores_requested(m: Model) -> Model:
    e = m.event("scheduler_bind_pod")

    def guard(s: Any, i: Any) -> Any:
        # NodeResourcesFit compares the pod's request with allocatable alone, not allocatable - Requested
        nd, pd = s.node(i.node), s.pod(i.pod)
        return And(
            pd.bound_to == d.UNBOUND,
            nd.exists,
            d.pod_passes_unschedulable(nd, pd),
            d.pod_tolerates_taints(nd, pd),
            pd.request <= nd.allocatable,
        )

    return _replace_event(m, "fit-ignores-requested", e.id, guard=guard)


def _eviction_keeps_requested(m: Model) -> Model:
    # the scheduler cache misses the taint-eviction controller's delete: the pod's request stays counted
    e = m.event("taint_eviction_evict_pod")
    eff = _without_effect_keys(e.effect, {"requested": lambda s, i: s.node(i.node).requested})
    return _replace_event(m, "eviction-keeps-requested", e.id, effect=eff)


# issue 12, round 7: one seeded representative of each class a seventh set written apart let through ----
def _lease_renewed_back_to_back(m: Model) -> Model:
    e = m.event("kubelet_renew_lease")
    assert e.timer is not None
    return _replace_event(m, "lease-renewed-back-to-back", e.id, timer=dataclasses.replace(e.timer, earliest=None))


def _monitor_pass_early(m: Model) -> Model:
    e = m.event("nlc_monitor_node_health")
    assert e.timer is not None
    return _replace_event(
        m,
        "monitor-pass-a-second-early",
        e.id,
        timer=dataclasses.replace(e.timer, earliest=lambda s, i: s.params.node_monitor_period - 1),
    )


def _taint_effect_parsed_wrong(m: Model) -> Model:
    e = m.event("admin_taint_node")
    eff = _without_effect_keys(
        e.effect,
        {"custom_effect": lambda s, i: If(i.taint_effect == d.PREFER_NO_SCHEDULE, d.NO_EXECUTE, i.taint_effect)},
    )
    return _replace_event(m, "taint-prefer-parsed-as-noexecute", e.id, effect=eff)


def _untaint_noschedule_only(m: Model) -> Model:
    e = m.event("admin_untaint_node")
    eff = _without_effect_keys(
        e.effect,
        {"taint_custom": lambda s, i: And(s.node(i.node).taint_custom, s.node(i.node).custom_effect != d.NO_SCHEDULE)},
    )
    return _replace_event(m, "untaint-removes-only-noschedule", e.id, effect=eff)


def _uncordon_skips_not_ready(m: Model) -> Model:
    e = m.event("admin_uncordon")
    eff = _without_effect_keys(
        e.effect,
        {"unschedulable": lambda s, i: If(s.node(i.node).ready != d.READY_TRUE, s.node(i.node).unschedulable, False)},
    )
    return _replace_event(m, "uncordon-skips-not-ready-node", e.id, effect=eff)


# issue 12, round 6: one seeded representative of each class a sixth set written apart let through ------
def _csr_created_approved(m: Model) -> Model:
    e = m.event("kubelet_request_certificate")
    eff = _without_effect_keys(e.effect, {"csr": lambda s, i: d.CSR_APPROVED})
    return _replace_event(m, "csr-created-approved", e.id, effect=eff)


def _restart_fails_running_pods(m: Model) -> Model:
    e = m.event("kubelet_restarts")

    def effect(s: Any, i: Any) -> Any:
        # re-admission on restart rejects the pods already running here (#105523: OutOfcpu)
        u = e.effect(s, i)
        for p in s.pods:
            pd = s.pod(p)
            u.pod(p, bound_to=If(pd.bound_to == i.node, d.UNBOUND, pd.bound_to))
        return u.node(i.node, requested=0)

    return _replace_event(m, "restart-fails-running-pods", e.id, effect=effect)


def _noschedule_pass_drops_cloud_taint(m: Model) -> Model:
    e = m.event("nlc_sync_noschedule_taints")
    eff = _without_effect_keys(e.effect, {"taint_uninitialized": lambda s, i: False})
    return _replace_event(m, "noschedule-pass-drops-cloud-taint", e.id, effect=eff)


def _noexecute_swap_in_one_write(m: Model) -> Model:
    e = m.event("nlc_sync_noexecute_taints")

    def effect(s: Any, i: Any) -> Any:
        want_nr, want_ur = d.noexecute_wanted(s.node(i.node))
        return s.update().node(i.node, taint_not_ready_ne=want_nr, taint_unreachable_ne=want_ur)

    return _replace_event(m, "noexecute-swap-in-one-write", e.id, effect=effect)


def _status_post_every_sync(m: Model) -> Model:
    e = m.event("kubelet_post_status")

    def guard(s: Any, i: Any) -> Any:
        nd = s.node(i.node)
        return And(nd.alive, nd.registered, nd.exists)

    return _replace_event(m, "status-post-every-sync", e.id, guard=guard)


def _mark_reachable_removes_only_not_ready(m: Model) -> Model:
    def wanted(nd: Any) -> tuple[Any, Any]:
        # markNodeAsReachable forgets the unreachable taint: a recovered node keeps it
        want_nr, want_ur = d.noexecute_wanted(nd)
        return want_nr, Or(want_ur, And(nd.ready == d.READY_TRUE, nd.taint_unreachable_ne))

    return _replace_event(
        m,
        "mark-reachable-removes-only-not-ready",
        "nlc_sync_noexecute_taints",
        guard=lambda s, i: d.noexecute_pass_due(s, i, wanted),
        effect=lambda s, i: d.noexecute_pass_write(s, i, wanted),
    )


MUTANTS = (
    *MUTANTS,
    Mutant(
        "mark-reachable-removes-only-not-ready",
        "markNodeAsReachable removes only the not-ready NoExecute taint: a node back from Unknown keeps "
        "unreachable:NoExecute and its pods are evicted although it is Ready (a run of some 25 steps: "
        "silence, Unknown, the taint, the kubelet back).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (markNodeAsReachable)",
        _mark_reachable_removes_only_not_ready,
    ),
    Mutant(
        "csr-created-approved",
        "The kubelet's bootstrap CSR is created with an Approved condition already set: the certificate is "
        "issued without the csrapproving controller.",
        "staging/src/k8s.io/client-go/util/certificate/csr/csr.go (RequestCertificate)",
        _csr_created_approved,
    ),
    Mutant(
        "restart-fails-running-pods",
        "A restarted kubelet re-admits the pods already running on its node and fails them (OutOfcpu).",
        "pkg/kubelet/kubelet.go (HandlePodAdditions); kubernetes/kubernetes#105523",
        _restart_fails_running_pods,
    ),
    Mutant(
        "noschedule-pass-drops-cloud-taint",
        "The NoSchedule tainting pass removes the cloud provider's uninitialized taint with its own: pods land "
        "on a Node the cloud controller has not initialised.",
        "pkg/controller/nodelifecycle (doNoScheduleTaintingPass)",
        _noschedule_pass_drops_cloud_taint,
    ),
    Mutant(
        "noexecute-swap-in-one-write",
        "The NoExecute swap replaces not-ready by unreachable in one write: the taint sets do not overlap, so "
        "every pod's tolerationSeconds count starts again at each flap.",
        "pkg/controller/util/node/controller_utils.go (SwapNodeControllerTaint)",
        _noexecute_swap_in_one_write,
    ),
    Mutant(
        "status-post-every-sync",
        "The kubelet posts node status on every sync loop, ignoring node-status-update-frequency.",
        "pkg/kubelet/kubelet_node_status.go (syncNodeStatus)",
        _status_post_every_sync,
    ),
)

MUTANTS = (
    *MUTANTS,
    Mutant(
        "route-controller-writes-another-node",
        "The route controller clears NetworkUnavailable on another Node than the one whose route it created.",
        "staging/src/k8s.io/cloud-provider/controllers/route/route_controller.go",
        _route_clears_other_node,
    ),
    Mutant(
        "status-allocatable-not-clamped",
        "A status post recomputes allocatable as capacity - reserved without clamping at zero. Before the "
        "verifier checked that no step leaves the type domain, induction pruned the negative value and "
        "'proved' allocatable-within-capacity.",
        "pkg/kubelet/nodestatus/setters.go",
        _status_allocatable_unclamped,
    ),
    Mutant(
        "unknown-keeps-memory-pressure",
        "When the grace period runs out the controller sets only Ready to Unknown; MemoryPressure=True and "
        "its taint stay on the silent node.",
        "pkg/controller/nodelifecycle (tryUpdateNodeHealth)",
        _unknown_keeps_pressure,
    ),
    Mutant(
        "route-controller-clears-memory-pressure",
        "The route controller writes the whole condition list and resets MemoryPressure.",
        "staging/src/k8s.io/cloud-provider/controllers/route/route_controller.go",
        _route_clobbers_pressure,
    ),
    Mutant(
        "status-post-not-a-heartbeat",
        "The controller does not count a status post as a heartbeat (only Lease renewals).",
        "pkg/controller/nodelifecycle (tryUpdateNodeHealth)",
        _status_post_not_heartbeat,
    ),
    Mutant(
        "cordon-patches-taint-not-spec",
        "kubectl cordon adds the unschedulable taint instead of setting spec.unschedulable; the taint pass "
        "then removes it again and the cordon is lost.",
        "staging/src/k8s.io/kubectl/pkg/drain/cordon.go",
        _cordon_patches_taint,
    ),
    Mutant(
        "eviction-deletes-every-pod-of-the-node",
        "When one pod's eviction fires, the taint-eviction controller deletes every pod of the node.",
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode)",
        _eviction_deletes_every_pod,
    ),
    Mutant(
        "restart-keeps-registration",
        "A restarted kubelet keeps registrationCompleted from its previous process, so a Node deleted while "
        "it was down is never created again.",
        "pkg/kubelet/kubelet_node_status.go (registerWithAPIServer)",
        _restart_keeps_registration,
    ),
    Mutant(
        "noexecute-swap-removes-first",
        "The NoExecute swap removes the old taint before it adds the new one: between the two writes the "
        "failed node has no NoExecute taint and the pods' eviction timers are cancelled.",
        "pkg/controller/util/node/controller_utils.go (SwapNodeControllerTaint)",
        _noexecute_swap_removes_first,
    ),
    Mutant(
        "status-post-uncordons",
        "The kubelet updates its whole Node from a stale copy: a status post sets spec.unschedulable back to "
        "false and undoes kubectl cordon.",
        "pkg/kubelet/kubelet_node_status.go (updateNodeStatus)",
        _status_post_uncordons,
    ),
    Mutant(
        "unknown-clears-network-unavailable",
        "When the grace period runs out the controller sets every condition Unknown, NetworkUnavailable "
        "included: the network-unavailable taint goes before the route exists.",
        "pkg/controller/nodelifecycle (tryUpdateNodeHealth)",
        _unknown_clears_network_unavailable,
    ),
    Mutant(
        "not-ready-gets-unreachable-taint",
        "The NoSchedule pass gives a NotReady node the unreachable taint too.",
        "pkg/controller/nodelifecycle (nodeConditionToTaintKeyStatusMap)",
        _not_ready_gets_unreachable_taint,
    ),
    Mutant(
        "register-taint-effect-ignored",
        "--register-with-taints is parsed without its effect: the user taint is always created NoSchedule.",
        "pkg/kubelet/kubelet_node_status.go (initialNode); pkg/util/taints (ParseTaints)",
        _register_taint_effect_ignored,
    ),
    Mutant(
        "eviction-timer-restarts-on-swap",
        "The taint-eviction controller re-queues a pod's deletion when unreachable replaces not-ready, so "
        "tolerationSeconds count again from the swap.",
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode, taintSetsOverlap)",
        _eviction_timer_restarts_on_swap,
    ),
    Mutant(
        "fit-counts-request-twice",
        "NodeResourcesFit counts the incoming pod's request twice: a pod that fits is refused (a scheduler "
        "too strict breaks no safety property, only what the filters promise to admit).",
        "pkg/scheduler/framework/plugins/noderesources/fit.go (fitsRequest)",
        _fit_counts_request_twice,
    ),
    Mutant(
        "fit-ignores-requested",
        "NodeResourcesFit compares the incoming pod's request with the node's allocatable alone, forgetting "
        "NodeInfo.Requested: two pods that each fit are bound together past allocatable.",
        "pkg/scheduler/framework/plugins/noderesources/fit.go (fitsRequest)",
        _fit_ignores_requested,
    ),
    Mutant(
        "eviction-keeps-requested",
        "The scheduler cache misses the delete of a pod the taint-eviction controller evicted (RemovePod not "
        "called): its request stays in NodeInfo.Requested, and the node fills up with pods that are gone.",
        "pkg/scheduler/backend/cache/cache.go (RemovePod); pkg/scheduler/eventhandlers.go (deletePodFromCache)",
        _eviction_keeps_requested,
    ),
    Mutant(
        "lease-renewed-back-to-back",
        "The node lease controller syncs again as soon as a renewal succeeds, without waiting renewInterval: "
        "every kubelet writes its Lease in a tight loop.",
        "staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go (Run: JitterUntil renewInterval)",
        _lease_renewed_back_to_back,
    ),
    Mutant(
        "monitor-pass-a-second-early",
        "monitorNodeHealth runs off a ticker that fires up to a second before node-monitor-period.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (Run: UntilWithContext nodeMonitorPeriod)",
        _monitor_pass_early,
    ),
    Mutant(
        "taint-prefer-parsed-as-noexecute",
        "kubectl taint's effect parser maps PreferNoSchedule to NoExecute: a scoring preference evicts pods.",
        "staging/src/k8s.io/kubectl/pkg/cmd/taint/utils.go (parseTaints, validateTaintEffect)",
        _taint_effect_parsed_wrong,
    ),
    Mutant(
        "untaint-removes-only-noschedule",
        "kubectl taint KEY- is matched as KEY:NoSchedule-: a NoExecute or PreferNoSchedule user taint stays.",
        "staging/src/k8s.io/kubectl/pkg/cmd/taint/utils.go (deleteTaints)",
        _untaint_noschedule_only,
    ),
    Mutant(
        "uncordon-skips-not-ready-node",
        "A drain tool's uncordon skips Nodes that are not Ready and reports success: the Node stays cordoned "
        "after it recovers.",
        "staging/src/k8s.io/kubectl/pkg/drain/cordon.go (UpdateIfRequired)",
        _uncordon_skips_not_ready,
    ),
)


# issue 12, round 8: the seeded representative of the class an eighth set written apart let through -------
def _mark_reachable_swaps_through_not_ready(m: Model) -> Model:
    e = m.event("nlc_sync_noexecute_taints")

    def eff(s: Any, i: Any) -> Any:
        # markNodeAsReachable written as SwapNodeControllerTaint(add not-ready, remove unreachable), then a removal
        nd = s.node(i.node)
        odd = And(nd.ready == d.READY_TRUE, nd.taint_unreachable_ne, Not(nd.taint_not_ready_ne))
        u = e.effect(s, i)
        nr, ur = u.values[("node", "taint_not_ready_ne", i.node)], u.values[("node", "taint_unreachable_ne", i.node)]
        return u.node(i.node, taint_not_ready_ne=If(odd, True, nr), taint_unreachable_ne=If(odd, True, ur))

    return _replace_event(m, "mark-reachable-swaps-through-not-ready", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "mark-reachable-swaps-through-not-ready",
        "markNodeAsReachable is written as a swap to not-ready:NoExecute followed by a removal: a node back "
        "from Unknown carries not-ready:NoExecute for an instant (time never passes over it), and the "
        "taint-eviction controller deletes at once every pod on the now Ready node that does not tolerate it.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (processTaintBaseEviction, markNodeAsReachable)",
        _mark_reachable_swaps_through_not_ready,
    ),
)


# round 9: the seeded representative of the class a ninth set written apart let through
def _restart_renews_lease_before_bootstrap(m: Model) -> Model:
    e = m.event("kubelet_restarts")

    def eff(s: Any, i: Any) -> Any:
        # the new process starts its lease controller at once, whether or not bootstrap gave it a certificate
        return e.effect(s, i).node(i.node, since_lease_renew=0, heartbeat_unseen=True, since_heartbeat=0)

    return _replace_event(m, "restart-renews-lease-before-bootstrap", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "restart-renews-lease-before-bootstrap",
        "A restarted kubelet renews its Lease at once even when it has no client certificate yet (TLS bootstrap "
        "not finished): a heartbeat that only the system:node credential can send, from a node that has none.",
        "cmd/kubelet/app/server.go (run: bootstrap.LoadClientCert before the heartbeat client); pkg/kubelet/nodelease",
        _restart_renews_lease_before_bootstrap,
    ),
)


# round 10: the seeded representative of the class a tenth set written apart let through
def _status_post_hides_its_heartbeat(m: Model) -> Model:
    e = m.event("kubelet_post_status")

    def eff(s: Any, i: Any) -> Any:
        # the controller compares only the Lease's renewTime, never the Ready condition's lastHeartbeatTime; the
        # effect also keeps the heartbeat clock, which the semantics (HEARTBEATS) must overrule
        nd = s.node(i.node)
        return e.effect(s, i).node(i.node, heartbeat_unseen=nd.heartbeat_unseen, since_heartbeat=nd.since_heartbeat)

    return _replace_event(m, "status-post-hides-its-heartbeat", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "status-post-hides-its-heartbeat",
        "tryUpdateNodeHealth refreshes probeTimestamp only when the Lease is renewed, not when a status update "
        "changes the Ready condition's lastHeartbeatTime: a kubelet whose last sign of life was a status post is "
        "marked Unknown before the grace period has passed since it. Unlike status-post-not-a-heartbeat, the "
        "effect also leaves the properties' heartbeat clock alone: only the semantics' own rule (HEARTBEATS) "
        "can judge it.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth: "
        "savedCondition.LastHeartbeatTime != observedCondition.LastHeartbeatTime)",
        _status_post_hides_its_heartbeat,
    ),
)


# round 11: the seeded representative of the class an eleventh set written apart let through
def _lease_renewal_counted_as_disturbance(m: Model) -> Model:
    # the progress premise's table (DISTURBS) with an entry for a step that disturbs nothing: after the
    # first Lease renewal no node is "undisturbed", and node-becomes-schedulable promises nothing more
    return dataclasses.replace(
        m,
        name="lease-renewal-counted-as-disturbance",
        disturbs={**d.DISTURBS, "kubelet_renew_lease": lambda s, i: True},
    )


MUTANTS = (
    *MUTANTS,
    Mutant(
        "lease-renewal-counted-as-disturbance",
        "The premise of node-becomes-schedulable ('nobody disturbs the node') is ended by a Lease renewal, the "
        "healthy path of every live kubelet: the progress promise then covers only the seconds before the first "
        "renewal, and every property still reads proved. Upstream a renewal changes nothing the scheduler's "
        "filters read.",
        "staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go (sync); "
        "pkg/scheduler/framework/plugins/{nodeunschedulable,tainttoleration} (Filter)",
        _lease_renewal_counted_as_disturbance,
    ),
)


# round 12: the seeded representatives of the classes a twelfth set written apart let through
def _status_post_only_after_period(m: Model) -> Model:
    e = m.event("kubelet_post_status")

    def guard(s: Any, i: Any) -> Any:
        # the status loop's next run taken as strictly after node-status-update-frequency, never at it
        nd = s.node(i.node)
        return And(nd.alive, nd.registered, nd.exists, nd.since_status_post > s.params.node_status_update_frequency)

    return _replace_event(m, "status-post-only-after-period", e.id, guard=guard)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "status-post-only-after-period",
        "The kubelet posts node status only strictly after node-status-update-frequency, never when the period "
        "is over: every heartbeat that is a status post comes at least a second later than upstream's status "
        "loop sends it, and every safety property still reads proved (the kubelet only does less).",
        "pkg/kubelet/kubelet.go (Run: go wait.JitterUntil(kl.syncNodeStatus, kl.nodeStatusUpdateFrequency, 0.04, "
        "true, ...))",
        _status_post_only_after_period,
    ),
)


def _kubelet_recreates_deleted_node(m: Model) -> Model:
    e = m.event("kubelet_register_node")

    def guard(s: Any, i: Any) -> Any:
        # registerWithAPIServer runs again whenever the Node is gone, registrationCompleted or not
        nd = s.node(i.node)
        return And(nd.alive, nd.cert, Or(Not(nd.registered), Not(nd.exists)))

    return _replace_event(m, "kubelet-recreates-deleted-node", e.id, guard=guard)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "kubelet-recreates-deleted-node",
        "The kubelet's status loop registers again whenever its Node is gone, without a restart: a Node an "
        "administrator deleted comes straight back, with fresh conditions and no cordon. Upstream a running "
        "kubelet has registrationCompleted set and only fails its status updates until it is restarted.",
        "pkg/kubelet/kubelet_node_status.go (registerWithAPIServer: if kl.registrationCompleted return)",
        _kubelet_recreates_deleted_node,
    ),
)


def _re_registration_refreshes_probe(m: Model) -> Model:
    e = m.event("kubelet_register_node")

    def eff(s: Any, i: Any) -> Any:
        # the controller takes the AlreadyExists re-registration for a heartbeat: probeTimestamp = now
        return e.effect(s, i).node(i.node, since_probe=0)

    return _replace_event(m, "re-registration-refreshes-probe", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "re-registration-refreshes-probe",
        "The node lifecycle controller takes a restarted kubelet's AlreadyExists re-registration for a heartbeat "
        "and refreshes its probe time: a kubelet that re-registers up to node-status-update-frequency after its "
        "last Lease renewal and dies is marked Unknown later than grace + 2 monitor periods after its last "
        "heartbeat. silent-node-becomes-unknown breaks only past BMC's depth (inconclusive under --mutants).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth); "
        "pkg/kubelet/kubelet_node_status.go (tryRegisterWithAPIServer)",
        _re_registration_refreshes_probe,
    ),
)


def _unknown_to_false_keeps_unreachable(m: Model) -> Model:
    def wanted(nd: Any) -> tuple[Any, Any]:
        # processTaintBaseEviction's ConditionFalse case forgets the swap: a Node back from Unknown as
        # NotReady keeps unreachable:NoExecute and never gets not-ready:NoExecute
        want_nr, want_ur = d.noexecute_wanted(nd)
        keep_ur = And(nd.ready == d.READY_FALSE, nd.taint_unreachable_ne)
        return And(want_nr, Not(keep_ur)), Or(want_ur, keep_ur)

    return _replace_event(
        m,
        "unknown-to-false-keeps-unreachable",
        "nlc_sync_noexecute_taints",
        guard=lambda s, i: d.noexecute_pass_due(s, i, wanted),
        effect=lambda s, i: d.noexecute_pass_write(s, i, wanted),
    )


MUTANTS = (
    *MUTANTS,
    Mutant(
        "unknown-to-false-keeps-unreachable",
        "A Node marked Unknown whose kubelet comes back reporting Ready=False keeps unreachable:NoExecute: the "
        "NoExecute pass does not swap it for not-ready:NoExecute. The run is ~30 steps deep (a silence past the "
        "grace, a restart, a NotReady post); the concrete search's recovery runs reported only Ready=True, so "
        "--mutants said inconclusive until every other recovery run came back not ready.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (processTaintBaseEviction: ConditionFalse -> "
        "SwapNodeControllerTaint(NotReadyTaintTemplate, UnreachableTaintTemplate))",
        _unknown_to_false_keeps_unreachable,
    ),
)


def _noexecute_queue_counts_own_slot(m: Model) -> Model:
    def latency(s: Any, i: Any) -> Any:
        # the zone queue's wait counts the Node's own slot: the k-th failing Node waits k*10 s, not (k-1)*10 s
        nd = s.node(i.node)
        queued = And(Not(nd.taint_not_ready_ne), Not(nd.taint_unreachable_ne))
        mid_swap = And(nd.taint_not_ready_ne, nd.taint_unreachable_ne)
        return If(mid_swap, 0, s.params.node_monitor_period + If(queued, s.cfg.nodes * NODE_EVICTION_INTERVAL, 0))

    e = m.event("nlc_sync_noexecute_taints")
    assert e.timer is not None
    return _replace_event(
        m, "noexecute-queue-counts-own-slot", e.id, timer=dataclasses.replace(e.timer, latest=latency)
    )


MUTANTS = (
    *MUTANTS,
    Mutant(
        "noexecute-queue-counts-own-slot",
        "The zone's NoExecute tainting queue makes the k-th failing Node wait k*10 s instead of (k-1)*10 s: one "
        "token too many. A bound that grows with the cluster: BMC finds the late taint on one node, where the "
        "run does not embed as a violation in two nodes (there the property allows 10 s more); before round 13 "
        'the lifted run reached the verdict and stopped the whole verify with "does not replay" (exit 4), '
        "now it is dropped and the 2 x 2 search finds the real one.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (addPodEvictorForNewZone: zoneNoExecuteTainter = "
        "scheduler.NewRateLimitedTimedQueue(flowcontrol.NewTokenBucketRateLimiter(evictionLimiterQPS, "
        "scheduler.EvictionRateLimiterBurst)), burst 1; processTaintBaseEviction enqueues the Node)",
        _noexecute_queue_counts_own_slot,
    ),
)


def _restart_status_clamp_renew(m: Model) -> Model:
    e = m.event("kubelet_restarts")
    # the new process's status loop is timed off the old process's last post, clamped by the Lease renew
    # interval instead of being due at once: its registration and first post may wait up to a period
    eff = _without_effect_keys(
        e.effect,
        {"since_status_post": lambda s, i: Min(s.node(i.node).since_status_post, s.params.lease_renew_interval)},
    )
    return _replace_event(m, "restart-status-clamp-renew", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "restart-status-clamp-renew",
        "A restarted kubelet's first status pass (registration, then the first post) is timed off the old "
        "process's last post, clamped by the Lease renew interval, instead of running at once: it may wait up "
        "to node-status-update-frequency. Round 12 of bugs written apart left it open (it stayed inside the "
        "window the model then allowed: a clamp to the period); since round 13 a restart makes the loop due.",
        "pkg/kubelet/kubelet.go (Run: go wait.JitterUntil(kl.syncNodeStatus, kl.nodeStatusUpdateFrequency, 0.04, "
        "true, ...), whose first call comes before any wait); pkg/kubelet/kubelet_node_status.go (syncNodeStatus)",
        _restart_status_clamp_renew,
    ),
)


def _status_post_renews_lease_clock(m: Model) -> Model:
    e = m.event("kubelet_post_status")
    # the status loop restarts the Lease controller's timer as if a status post were a Lease renewal
    eff = _without_effect_keys(e.effect, {"since_lease_renew": lambda s, i: 0})
    return _replace_event(m, "status-post-renews-lease-clock", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "status-post-renews-lease-clock",
        "A status post restarts the kubelet's Lease timer though the Lease is not renewed: a kubelet that posts "
        "status pushes its next Lease renewal back, past heartbeat-gap-max after the last one. Every Lease "
        "property read that timer, so round 13 of bugs written apart found it proved.",
        "staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go (Run: wait.JitterUntil(c.sync, "
        "c.renewInterval, 0.04, true, ...)); pkg/kubelet/kubelet_node_status.go (updateNodeStatus: nodes/status only)",
        _status_post_renews_lease_clock,
    ),
)


def _re_registration_restarts_status_clock(m: Model) -> Model:
    e = m.event("kubelet_register_node")
    # the AlreadyExists branch restarts the status loop's timer as if it had posted
    eff = _without_effect_keys(e.effect, {"since_status_post": lambda s, i: 0})
    return _replace_event(m, "re-registration-restarts-status-clock", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "re-registration-restarts-status-clock",
        "A restarted kubelet's re-registration of its existing Node (AlreadyExists) restarts the status loop's "
        "timer: the new process's first status post comes a period later instead of in the same syncNodeStatus "
        "pass (round 13 of bugs written apart).",
        "pkg/kubelet/kubelet_node_status.go (syncNodeStatus: registerWithAPIServer, then updateNodeStatus)",
        _re_registration_restarts_status_clock,
    ),
)


def _obtain_cert_restarts_lease_clock(m: Model) -> Model:
    e = m.event("kubelet_obtain_certificate")
    # the certificate restarts the Lease timer though no Lease is renewed: the first renewal waits up to the gap
    eff = _without_effect_keys(e.effect, {"since_lease_renew": lambda s, i: 0})
    return _replace_event(m, "obtain-cert-restarts-lease-clock", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "obtain-cert-restarts-lease-clock",
        "Taking the client certificate restarts the kubelet's Lease timer though no Lease is renewed: the Lease "
        "controller's first renewal may wait up to heartbeat-gap-max instead of coming at once. Round 13 of bugs "
        "written apart left it open (the model then clamped the clock to heartbeat-gap-max, a window that held the "
        "bug); since round 14 the certificate makes the first renewal due.",
        "pkg/kubelet/kubelet.go (Run: go kl.nodeLeaseController.Run); staging/src/k8s.io/component-helpers/"
        "apimachinery/lease/controller.go (Run: wait.JitterUntil(c.sync, c.renewInterval, 0.04, true, ...), whose "
        "first sync comes before any wait)",
        _obtain_cert_restarts_lease_clock,
    ),
)


def _cordon_writes_stale_taints(m: Model) -> Model:
    e = m.event("admin_cordon")
    # kubectl cordon Updates the whole Node from a copy read before the controller's condition taints
    eff = _without_effect_keys(
        e.effect, {"taint_memory_pressure": lambda s, i: False, "taint_network_unavailable": lambda s, i: False}
    )
    return _replace_event(m, "cordon-writes-stale-condition-taints", e.id, effect=eff)


MUTANTS = (
    *MUTANTS,
    Mutant(
        "cordon-writes-stale-condition-taints",
        "kubectl cordon writes back the whole Node as it read it before the node lifecycle controller added the "
        "memory-pressure and network-unavailable taints: the write drops them until the next NoSchedule pass puts "
        "them back, and in that instant the scheduler may bind a pod that tolerates neither. The pass comes before "
        "time moves on, so every taint-follow property held (round 14 of bugs written apart).",
        "staging/src/k8s.io/kubectl/pkg/drain/cordon.go (PatchOrReplace: a strategic merge patch of "
        "spec.unschedulable); pkg/controller/util/node/controller_utils.go (AddOrUpdateTaintOnNode: RetryOnConflict)",
        _cordon_writes_stale_taints,
    ),
)

MUTANT_BY_ID = {m.id: m for m in MUTANTS}
