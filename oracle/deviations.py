"""One minimal violating trace per property: a run of the model (found by Z3) plus one faulty step.

Each recipe names the property, the reachable state it starts from (the end of a BMC run, or of
the anchor run to Unknown), and the steps a buggy component takes from there: a declared event
fired although its guard is false, or with an outcome (``overrides``) the real effect does not
produce - the bugs of the seeded mutants in ``nodereg.model.mutants`` (e.g. registration without
the admission taint, #72129) and their siblings. The faulty states are computed with the model's
compiled step, so the ITF form carries them too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nodereg.model import declaration as d
from nodereg.model.semantics import CompiledModel, Model

Trace = list[tuple[int | None, tuple[Any, ...], tuple[Any, ...]]]

#: Properties the oracle checks and a vector can break (lemmas about the controller's private
#: bookkeeping are not checked; live-kubelet-renews-in-time is kept true by the inferred
#: kubelet_stops, so no trace breaks it).
CHECKABLE = (
    "control-state-matches-definition",
    "no-registration-without-credentials",
    "node-restriction",
    "no-schedule-without-ready",
    "no-schedule-with-untolerated-taint",
    "no-schedule-when-cordoned",
    "registration-is-not-eligibility",
    "re-registration-is-idempotent",
    "silent-node-becomes-unknown",
    "unreachable-taint-follows-unknown",
    "not-ready-taint-follows-not-ready",
    "heartbeating-node-stays-known",
    "no-execute-eviction",
    "allocatable-within-capacity",
    "bound-requests-fit-allocatable",
    "one-ready-noexecute-taint",
    "only-kubelet-reports-readiness",
    "certificate-needs-approval",
    "absent-node-has-no-object-data",
    "pods-only-on-existing-nodes",
    "synced-taints-match-conditions",
)
NOT_CHECKABLE = ("live-kubelet-renews-in-time",)

ORDINARY = {
    "tolerates_not_ready_ne": True,
    "tolerates_unreachable_ne": True,
    "toleration_seconds": 300,
    "tolerates_forever": False,
    "request": 0,
}


class _Builder:
    def __init__(self, cm: CompiledModel, base: Trace) -> None:
        self.cm, self.tr = cm, list(base)
        self.lay = cm.layout

    def pod(self, **values: Any) -> _Builder:
        """Give pod 0 other frozen values throughout (it must stay unbound in the prefix)."""
        lay = self.lay
        full = {v.name: (False if v.sort == "bool" else 0) for v in d.POD_VARS if v.frozen}
        full.update(values)
        out = []
        for k, a, st in self.tr:
            s = list(st)
            if s[lay.index[("pod", "bound_to", 0)]] != d.UNBOUND:
                raise RuntimeError("a property recipe needs a prefix in which the pod stays pending")
            for name, v in full.items():
                s[lay.index[("pod", name, 0)]] = v
            out.append((k, a, tuple(s)))
        self.tr = out
        return self

    def step(self, label: str, args: tuple[Any, ...] = (), **overrides: Any) -> _Builder:
        k = self.cm.index_of[label]
        st = list(self.cm.step(self.tr[-1][2], k, args))
        for var, v in overrides.items():
            st[self.lay.index[("node", var, 0)]] = v
        self.tr.append((k, args, tuple(st)))
        return self


def property_vectors(
    model: Model, cm: CompiledModel, found: dict[str, Trace], anchor: Trace
) -> tuple[list[dict[str, Any]], list[str]]:
    lay = cm.layout

    def shortest(suffix: str) -> Trace:
        cands = [found[k] for k in sorted(found) if k.endswith(suffix)]
        if not cands:
            raise RuntimeError(f"no run ends {suffix}")
        return min(cands, key=len)

    init = [found[min(found, key=lambda k: (len(found[k]), k))][0]]
    boot = shortest("kubelet_obtain_certificate:unregistered->bootstrapped")
    sched = shortest("->schedulable")
    not_ready = shortest("kubelet_post_status:schedulable->not_ready")
    ready_i = lay.index[("node", "ready", 0)]
    j = next(i for i, (_k, _a, st) in enumerate(anchor) if st[ready_i] == d.READY_UNKNOWN)
    unknown = anchor[: j + 1]
    cap = lay.index[("node", "capacity", 0)]
    alloc = lay.index[("node", "allocatable", 0)]
    p = {"grace": 50, "period": 5, "slack": 5}
    B = _Builder
    recipes: list[tuple[str, Callable[[], _Builder]]] = [
        ("control-state-matches-definition", lambda: B(cm, init).step("kubelet_renew_lease(0)")),
        (
            "no-registration-without-credentials",
            lambda: B(cm, init).step("kubelet_register_node(0)", (False, False, 0, False, False, False, False)),
        ),
        ("certificate-needs-approval", lambda: B(cm, init).step("kubelet_obtain_certificate(0)")),
        (
            "registration-is-not-eligibility",
            lambda: B(cm, boot).step(
                "kubelet_register_node(0)", (False, False, 0, False, False, False, False), taint_not_ready_ns=False
            ),
        ),
        (
            "allocatable-within-capacity",
            lambda: B(cm, boot).step(
                "kubelet_register_node(0)",
                (False, False, 0, False, False, False, False),
                allocatable=boot[-1][2][cap] + 1,
            ),
        ),
        (
            "no-schedule-without-ready",
            lambda: (
                B(cm, boot)
                .pod(**ORDINARY)
                .step("kubelet_register_node(0)", (False, False, 0, False, False, False, False))
                .step("scheduler_bind_pod(0, 0)")
            ),
        ),
        ("pods-only-on-existing-nodes", lambda: B(cm, boot).pod(**ORDINARY).step("scheduler_bind_pod(0, 0)")),
        (
            "no-schedule-with-untolerated-taint",
            lambda: (
                B(cm, sched)
                .pod(**ORDINARY)
                .step("admin_taint_node(0)", (d.NO_SCHEDULE,))
                .step("scheduler_bind_pod(0, 0)")
            ),
        ),
        (
            "no-schedule-when-cordoned",
            lambda: B(cm, sched).pod(**ORDINARY).step("admin_cordon(0)").step("scheduler_bind_pod(0, 0)"),
        ),
        (
            "bound-requests-fit-allocatable",
            lambda: (
                B(cm, sched).pod(**{**ORDINARY, "request": sched[-1][2][alloc] + 1}).step("scheduler_bind_pod(0, 0)")
            ),
        ),
        (
            "silent-node-becomes-unknown",
            lambda: (
                B(cm, sched)
                .step("kubelet_stops(0)")
                .step("time_passes", (p["grace"] + 2 * p["period"] + p["slack"] + 1,))
                .step("admin_cordon(0)")
            ),
        ),
        (
            "unreachable-taint-follows-unknown",
            lambda: B(cm, unknown).step("time_passes", (p["slack"] + 1,)).step("admin_cordon(0)"),
        ),
        (
            "not-ready-taint-follows-not-ready",
            lambda: (
                B(cm, sched)
                .step("kubelet_post_status(0)", (False, False))
                .step("time_passes", (p["slack"] + 1,))
                .step("admin_cordon(0)")
            ),
        ),
        (
            "no-execute-eviction",
            lambda: (
                B(cm, sched)
                .pod(**{**ORDINARY, "toleration_seconds": 30})
                .step("scheduler_bind_pod(0, 0)")
                .step("kubelet_post_status(0)", (False, False))
                .step("nlc_sync_noschedule_taints(0)")
                .step("nlc_sync_noexecute_taints(0)")
                .step("time_passes", (30 + p["slack"] + 1,))
                .step("admin_cordon(0)")
            ),
        ),
        (
            "heartbeating-node-stays-known",
            lambda: B(cm, sched).step("nlc_monitor_node_health(0)", ready=d.READY_UNKNOWN, memory_pressure=False),
        ),
        (
            "only-kubelet-reports-readiness",
            lambda: B(cm, not_ready).step("nlc_monitor_node_health(0)", ready=d.READY_TRUE),
        ),
        (
            "one-ready-noexecute-taint",
            # both NoExecute taints legitimately (the first write of a swap), then time passes with both
            lambda: (
                B(cm, not_ready)
                .step("nlc_sync_noschedule_taints(0)")
                .step("nlc_sync_noexecute_taints(0)")
                .step("nlc_monitor_node_health(0)", ready=d.READY_UNKNOWN, memory_pressure=False)
                .step("nlc_sync_noschedule_taints(0)")
                .step("nlc_sync_noexecute_taints(0)")
                .step("time_passes", (p["slack"] + 1,))
                .step("admin_cordon(0)")
            ),
        ),
        (
            "synced-taints-match-conditions",
            lambda: B(cm, not_ready).step("nlc_sync_noschedule_taints(0)", taint_not_ready_ns=False),
        ),
        (
            "re-registration-is-idempotent",
            lambda: (
                B(cm, sched)
                .step("kubelet_restarts(0)")
                .step("kubelet_stops(0)")
                .step("kubelet_restarts(0)")
                .step("kubelet_register_node(0)", (True, False, 0, False, False, False, False), unschedulable=True)
            ),
        ),
        (
            "node-restriction",
            lambda: B(cm, sched).step(
                "kubelet_post_status(0)",
                (True, False),
                taint_custom=not sched[-1][2][lay.index[("node", "taint_custom", 0)]],
            ),
        ),
        ("absent-node-has-no-object-data", lambda: B(cm, sched).step("admin_delete_node(0)", unschedulable=True)),
    ]
    out: list[dict[str, Any]] = []
    made = set()
    for pid, build in recipes:
        tr = build().tr
        out.append(
            {
                "name": f"property-{pid}",
                "trace": tr,
                "kind": "property",
                "property": pid,
                "model": cm,
                "real": cm,
                "covers": [],
            }
        )
        made.add(pid)
    missing = [f"property {x}: no recipe" for x in CHECKABLE if x not in made]
    missing += [f"property {x}: not checkable by a trace (see oracle docs)" for x in NOT_CHECKABLE]
    return out, missing
