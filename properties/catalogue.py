"""The catalogue of node-lifecycle properties: id, statement, formula, why it holds, upstream source.

Properties are written against the raw variables of :mod:`nodereg.model.declaration`, never through
the helper rules the actors use (``pod_tolerates_taints`` and friends): a seeded mutant that breaks
an actor's rule must not bend the property that is meant to catch it.

Two kinds:

* ``state``: holds in every reachable state.
* ``step``: holds on every step of the listed events (``pre``, ``post`` and the event's instance),
  e.g. "a bind happens only to ...". Time-bounded promises ("evicted within tolerationSeconds")
  are step properties of ``time_passes``: time may not move past the bound while it is broken.

Every property has a *witness*: a premise that must be reachable for the property to mean
anything (a pod does get bound, a node does fall silent). The verifier reports ``vacuous`` when it
is not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nodereg.model import declaration as d
from nodereg.model.logic import And, If, Implies, Not, Or, Sum
from nodereg.model.params import NODE_EVICTION_INTERVAL


@dataclass(frozen=True)
class Property:
    """A named invariant of the node lifecycle."""

    id: str
    statement: str
    formula_text: str
    why: str
    source: str
    kind: str  # "state" or "step"
    formula: Callable[..., Any]
    witness: Callable[..., Any]
    witness_text: str
    events: tuple[str, ...] = ()  # step properties: the events they constrain
    witness_kind: str = "state"
    witness_events: tuple[str, ...] = ()
    assumes: tuple[str, ...] = ()  # ids of timing constraints the proof needs
    lemma: bool = False  # a supporting invariant: proved first, then assumed by k-induction
    #: completeness properties: the event whose guard the formula reads. ``formula`` reads the
    #: declaration's; :meth:`for_model` rebuilds it (``formula_for(guard)``) for the model checked,
    #: so that a variant whose actor refuses what upstream admits breaks it.
    guard_of: str = ""
    formula_for: Callable[[Callable[[Any, Any], Any]], Callable[..., Any]] | None = None

    def for_model(self, model: Any) -> Property:
        """This property as it reads ``model`` (itself unless it is a completeness property)."""
        if not self.guard_of or self.formula_for is None:
            return self
        actor = next((e for e in model.events if e.id == self.guard_of), None)
        # a model without the event (a subset of the events, in the engine-agreement tests) never
        # takes it: its guard is false, and the property says so wherever its premise holds
        guard = actor.guard if actor is not None else _never
        return dataclasses.replace(self, formula=self.formula_for(guard))


def _never(_state: Any, _binding: Any) -> bool:
    """The guard of an event the model does not have."""
    return False


#: The node lifecycle controller's NoSchedule tainting latency, in the model's seconds: the pass is
#: urgent with bound 0 (upstream: a worker on the Node update event, milliseconds).
CONTROLLER_LATENCY = 0


def _noexecute_pass_done(s: Any, n: Any) -> Any:
    """Ready has kept its value for a monitor period: the controller's next pass has acted on it.

    processTaintBaseEviction reads the Ready condition the pass observed before its own update, so
    a posted Ready=False is acted on at the next pass and an Unknown set by pass k at pass k+1: the
    NoExecute removal (markNodeAsReachable) and swap are done one node-monitor-period after the
    change at the latest.
    """
    return s.node(n).since_ready_changed >= s.params.node_monitor_period


def _noexecute_taint_done(s: Any, n: Any) -> Any:
    """Ready has kept its value long enough for the zone's queue to have added the NoExecute taint.

    A Node with neither NoExecute Ready taint waits in its zone's rate-limited queue
    (--node-eviction-rate, one Node per NODE_EVICTION_INTERVAL s) behind at most every other Node.
    """
    return s.node(n).since_ready_changed >= (s.params.node_monitor_period + (s.cfg.nodes - 1) * NODE_EVICTION_INTERVAL)


KUBELET_EVENTS = tuple(e.id for e in d.EVENTS if e.actor == "kubelet")
#: The steps of a node's own Lease controller: a renewal, its start with a new process, its start with the certificate.
_LEASE_CONTROLLER_EVENTS = ("kubelet_renew_lease", "kubelet_restarts", "kubelet_obtain_certificate")


def _events_but(*ids: str) -> tuple[str, ...]:
    """Every event of the declaration except these (the actors a frame property exempts)."""
    return tuple(e.id for e in d.EVENTS if e.id not in ids)


#: The taints the node lifecycle controller owns (nodeConditionToTaintKeyStatusMap, the unschedulable taint, the
#: NoExecute Ready taints): on an existing Node only its passes write them.
_CONTROLLER_TAINTS = (
    "taint_not_ready_ns",
    "taint_unreachable_ns",
    "taint_unschedulable",
    "taint_memory_pressure",
    "taint_network_unavailable",
    "taint_not_ready_ne",
    "taint_unreachable_ne",
)

NON_KUBELET_EVENTS = tuple(e.id for e in d.EVENTS if e.actor != "kubelet")
NODE_INDEXED_EVENTS = tuple(e.id for e in d.EVENTS if "node" in e.indices)
NODE_OBJECT = d.node_object_vars()
TAINTS = d.taint_vars()


def _ordinary(pd: Any) -> Any:
    """A pod that tolerates neither the not-ready nor the unreachable NoSchedule taint."""
    return And(Not(pd.tolerates_not_ready_ns), Not(pd.tolerates_unreachable_ns))


def _untolerated_blocking_taint(nd: Any, pd: Any) -> Any:
    """Some NoSchedule or NoExecute taint on the node that the pod does not tolerate."""
    out = []
    for t in d.TAINT_SLOTS:
        if t.effect in (d.NO_SCHEDULE, d.NO_EXECUTE):
            out.append(And(getattr(nd, t.var), Not(getattr(pd, t.tolerated_by))))
    out.append(And(nd.taint_custom, nd.custom_effect == d.NO_SCHEDULE, Not(pd.tolerates_custom_ns)))
    out.append(And(nd.taint_custom, nd.custom_effect == d.NO_EXECUTE, Not(pd.tolerates_custom_ne)))
    return Or(*out)


def _noexecute(nd: Any) -> Any:
    return Or(nd.taint_not_ready_ne, nd.taint_unreachable_ne, And(nd.taint_custom, nd.custom_effect == d.NO_EXECUTE))


def _noexecute_on(nd: Any) -> tuple[tuple[str, Any], ...]:
    """Each NoExecute taint: the pod's ghost clock for it and whether it is on the node."""
    return (
        ("since_under_not_ready_ne", nd.taint_not_ready_ne),
        ("since_under_unreachable_ne", nd.taint_unreachable_ne),
        ("since_under_custom_ne", And(nd.taint_custom, nd.custom_effect == d.NO_EXECUTE)),
    )


def _noexecute_tolerated(nd: Any, pd: Any) -> Any:
    return And(
        Implies(nd.taint_not_ready_ne, pd.tolerates_not_ready_ne),
        Implies(nd.taint_unreachable_ne, pd.tolerates_unreachable_ne),
        Implies(And(nd.taint_custom, nd.custom_effect == d.NO_EXECUTE), pd.tolerates_custom_ne),
    )


def _grace(s: Any, nd: Any) -> Any:
    """node-startup-grace-period while the Node never posted Ready, else node-monitor-grace-period."""
    return If(nd.ready == d.READY_ABSENT, s.params.node_startup_grace_period, s.params.node_monitor_grace_period)


def _all_nodes(s: Any, f: Callable[[Any], Any]) -> Any:
    """∀ nodes; under the verifier's symmetry reduction ``s.focus_nodes`` is node 0 alone."""
    return And(*[f(n) for n in getattr(s, "focus_nodes", s.nodes)])


def _bound_node(pre: Any, b: Any) -> Any:
    return pre.node(b.node)


def _same(pre: Any, post: Any, n: int, names: tuple[str, ...]) -> Any:
    return And(*[getattr(pre.node(n), v) == getattr(post.node(n), v) for v in names])


class _At:
    """The instance (node n, pod p) a guard is asked about."""

    def __init__(self, node: int, pod: int) -> None:
        self.node, self.pod = node, pod


def _filters_admit(s: Any, n: int, p: int) -> Any:
    """Upstream's default filters that read node state admit pending pod p on node n, in raw variables:
    NodeUnschedulable, TaintToleration (NoSchedule and NoExecute taints), NodeResourcesFit."""
    nd, pd = s.node(n), s.pod(p)
    return And(
        pd.bound_to == d.UNBOUND,
        nd.exists,
        Implies(nd.unschedulable, pd.tolerates_unschedulable),
        Not(_untolerated_blocking_taint(nd, pd)),
        nd.requested + pd.request <= nd.allocatable,
    )


def _bind_possible(guard: Callable[[Any, Any], Any]) -> Callable[[Any], Any]:
    """∀n,p: the filters admit p on n ⇒ the scheduler's bind of p to n is enabled (``guard``)."""
    return lambda s: _all_nodes(
        s,
        lambda n: And(
            *[Implies(_filters_admit(s, n, p), guard(s, _At(n, p))) for p in getattr(s, "focus_pods", s.pods)]
        ),
    )


class _Posting:
    """The instance (node n) of a status post the kubelet's guard is asked about, with what it found."""

    def __init__(self, node: int, ready: bool, memory_pressure: bool) -> None:
        self.node, self.pod = node, None
        self.ready, self.memory_pressure = ready, memory_pressure


def _post_due(s: Any, n: int) -> Any:
    """Upstream's status loop runs on node n now: a live, registered kubelet, its Node there, the period over."""
    nd = s.node(n)
    return And(nd.alive, nd.registered, nd.exists, nd.since_status_post >= s.params.node_status_update_frequency)


def _post_possible(guard: Callable[[Any, Any], Any]) -> Callable[[Any], Any]:
    """∀n: the status loop is due on n ⇒ the kubelet's post is enabled (``guard``), whatever it found."""
    return lambda s: _all_nodes(
        s,
        lambda n: Implies(
            _post_due(s, n),
            And(*[guard(s, _Posting(n, r, mp)) for r in (False, True) for mp in (False, True)]),
        ),
    )


PROPERTIES: tuple[Property, ...] = (
    Property(
        "control-state-matches-definition",
        "The machine's control state of every node always equals the state its data defines.",
        "∀n: ctl[n] = classify(node n)",
        "The seven states are not Kubernetes objects; they are predicates over the Node object, the "
        "CSR and the taints. The declared lifecycle edges must follow the data exactly.",
        "nodereg model/declaration.py (DEFINITIONS)",
        "state",
        lambda s: _all_nodes(s, lambda n: s.ctl(n) == d.classify(s.node(n))),
        lambda s: s.ctl(0) == d.SCHEDULABLE,
        "node 0 becomes Schedulable",
    ),
    Property(
        "no-registration-without-credentials",
        "No Node object exists without an approved client certificate behind it.",
        "∀n: exists[n] ⇒ cert[n] ∧ csr[n] = Approved",
        "The kubelet registers with the client certificate TLS bootstrap gave it; the node authorizer "
        "and NodeRestriction admit Node creation only from system:node:<name> in system:nodes.",
        "plugin/pkg/admission/noderestriction/admission.go; pkg/controller/certificates/approver/sarapprove.go",
        "state",
        lambda s: _all_nodes(
            s, lambda n: Implies(s.node(n).exists, And(s.node(n).cert, s.node(n).csr == d.CSR_APPROVED))
        ),
        lambda s: s.node(0).exists,
        "node 0's Node object is created",
    ),
    Property(
        "certificate-needs-approval",
        "A kubelet holds a client certificate only from its own node's CSR (CN system:node:<its name>, "
        "created by its own kubelet), and only once that CSR was approved: a certificate approved for "
        "another node's name is never its credential.",
        "∀n: cert[n] ⇒ csr[n] = Approved   (csr[n]: the CSR for system:node:<n>, written only by n's kubelet)",
        "The kubelet creates its CSR with its own name and waits for that CSR's certificate; the "
        "csrapproving controller approves node-client CSRs after a SubjectAccessReview of the requester "
        "(selfnodeclient: the requester's name must equal the CN); csrsigning signs only approved CSRs.",
        "pkg/kubelet/certificate/bootstrap/bootstrap.go; pkg/controller/certificates/approver/sarapprove.go; "
        "pkg/controller/certificates/signer/signer.go",
        "state",
        lambda s: _all_nodes(s, lambda n: Implies(s.node(n).cert, s.node(n).csr == d.CSR_APPROVED)),
        lambda s: s.node(0).cert,
        "node 0's kubelet obtains a certificate",
    ),
    Property(
        "node-restriction",
        "A kubelet writes only its own Node object, never its own taints once the Node exists, and "
        "deletes or changes only pods bound to its own node.",
        "kubelet step of node a: ∀m≠a: node m unchanged ∧ (exists[a] ⇒ taints[a]' = taints[a]) ∧ "
        "∀p: bound[p]≠a ⇒ bound'[p] = bound[p]",
        "NodeRestriction: 'node X is not allowed to modify node Y' and 'is not allowed to modify "
        "taints' on update; taints are free on create, which is what --register-with-taints uses. "
        "admitPod: a node may delete or update the status of only pods bound to it.",
        "plugin/pkg/admission/noderestriction/admission.go (admitNode, admitPod)",
        "step",
        lambda pre, post, b: And(
            *[Implies(m != b.node, _same(pre, post, m, NODE_OBJECT)) for m in pre.nodes],
            Implies(pre.node(b.node).exists, _same(pre, post, b.node, TAINTS)),
            *[Implies(pre.pod(p).bound_to != b.node, post.pod(p).bound_to == pre.pod(p).bound_to) for p in pre.pods],
        ),
        lambda pre, post, b: pre.node(b.node).exists,
        "a kubelet posts status for its existing Node",
        events=KUBELET_EVENTS,
        witness_kind="step",
        witness_events=("kubelet_post_status",),
    ),
    Property(
        "no-schedule-without-ready",
        "An ordinary pod (one that tolerates neither not-ready nor unreachable) is bound only to a "
        "node whose Ready is True, or whose Ready fell from True less than the controller's latency "
        "ago (0 s at the model's 1 s resolution: before any time passes); never to a node without a "
        "Ready condition, and never through a taint swap that removes before it adds.",
        "bind(n,p) ∧ ordinary(p) ⇒ ready[n]=True ∨ (ready[n]∈{False,Unknown} ∧ since_left_ready[n] ≤ "
        "latency)   (latency = 0 s; since_left_ready is the property's ghost clock)",
        "Since 1.17 the scheduler reads no condition: readiness reaches it only as taints. The "
        "TaintNodesByCondition admission plugin taints every new Node not-ready (#73097, fixing "
        "#72129) and the kubelet creates its Node with its conditions (initialNode ends with "
        "setNodeStatus); afterwards doNoScheduleTaintingPass follows Ready on every Node update, and "
        "SwapNodeControllerTaint adds the new taint before it removes the old one.",
        "plugin/pkg/admission/nodetaint/admission.go; pkg/kubelet/kubelet_node_status.go (initialNode); "
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go; pkg/controller/util/node/controller_utils.go",
        "step",
        lambda pre, post, b: Implies(
            _ordinary(pre.pod(b.pod)),
            Or(
                pre.node(b.node).ready == d.READY_TRUE,
                And(
                    Or(pre.node(b.node).ready == d.READY_FALSE, pre.node(b.node).ready == d.READY_UNKNOWN),
                    pre.node(b.node).since_left_ready <= CONTROLLER_LATENCY,
                ),
            ),
        ),
        lambda pre, post, b: _ordinary(pre.pod(b.pod)),
        "an ordinary pod gets bound",
        events=("scheduler_bind_pod",),
        witness_kind="step",
        witness_events=("scheduler_bind_pod",),
    ),
    Property(
        "no-schedule-with-untolerated-taint",
        "No pod is bound to a node carrying a NoSchedule or NoExecute taint it does not tolerate.",
        "bind(n,p) ⇒ ∀taint t on n with effect ∈ {NoSchedule, NoExecute}: p tolerates t",
        "The TaintToleration filter (FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc); "
        "PreferNoSchedule only lowers the score.",
        "pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go",
        "step",
        lambda pre, post, b: Not(_untolerated_blocking_taint(pre.node(b.node), pre.pod(b.pod))),
        lambda pre, post, b: Or(
            pre.node(b.node).taint_not_ready_ns, pre.node(b.node).taint_unreachable_ns, pre.node(b.node).taint_custom
        ),
        "a pod gets bound to a tainted node it tolerates",
        events=("scheduler_bind_pod",),
        witness_kind="step",
        witness_events=("scheduler_bind_pod",),
    ),
    Property(
        "no-schedule-when-cordoned",
        "No pod is bound to a cordoned node unless it tolerates node.kubernetes.io/unschedulable.",
        "bind(n,p) ∧ unschedulable[n] ⇒ p tolerates unschedulable:NoSchedule",
        "The NodeUnschedulable filter checks spec.unschedulable itself (#58648); the kubelet also "
        "registers an unschedulable node with the taint already on (#63897).",
        "pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go; pkg/kubelet/kubelet_node_status.go",
        "step",
        lambda pre, post, b: Implies(pre.node(b.node).unschedulable, pre.pod(b.pod).tolerates_unschedulable),
        lambda pre, post, b: pre.node(b.node).unschedulable,
        "a pod gets bound to a cordoned node",
        events=("scheduler_bind_pod",),
        witness_kind="step",
        witness_events=("scheduler_bind_pod",),
    ),
    Property(
        "scheduler-binds-what-its-filters-admit",
        "The scheduler refuses nothing upstream's filters admit: a pending pod can be bound to every existing "
        "node whose NoSchedule and NoExecute taints it tolerates, whose cordon it tolerates and where its "
        "request fits (a DaemonSet pod tolerating the cordon does land on a cordoned node).",
        "∀n,p: bound[p] = none ∧ exists[n] ∧ (unschedulable[n] ⇒ p tolerates unschedulable) ∧ p tolerates every "
        "NoSchedule/NoExecute taint of n ∧ requested[n] + request[p] ≤ allocatable[n] ⇒ "
        "bind(n,p) enabled   (a property of the scheduler's guard, rebuilt for the model checked)",
        "The default profile's Filter plugins that read node state are NodeUnschedulable (passes a pod that "
        "tolerates node.kubernetes.io/unschedulable), TaintToleration (NoSchedule and NoExecute only) and "
        "NodeResourcesFit; a node that passes them all is feasible.",
        "pkg/scheduler/framework/plugins/{nodeunschedulable,tainttoleration,noderesources}",
        "state",
        _bind_possible(d.EVENT_BY_ID["scheduler_bind_pod"].guard),
        lambda s: And(_filters_admit(s, 0, 0), s.node(0).unschedulable) if s.cfg.pods else False,
        "a pending pod that tolerates the cordon could go to a cordoned node 0",
        guard_of="scheduler_bind_pod",
        formula_for=_bind_possible,
    ),
    Property(
        "registration-is-not-eligibility",
        "A kubelet creates its Node with its conditions (Ready True or False, never missing) and "
        "admission taints it not-ready:NoSchedule, so a new Node is not Schedulable before the "
        "controller has seen Ready=True.",
        "register(n) ∧ ¬exists[n] ⇒ ready'[n] ∈ {True, False} ∧ not-ready:NoSchedule on n'",
        "initialNode ends with setNodeStatus, so the POST carries the conditions; the TaintNodesByCondition "
        "admission plugin adds not-ready:NoSchedule to the create request (#73097). A Node without Ready "
        "would lose that taint at the next doNoScheduleTaintingPass.",
        "pkg/kubelet/kubelet_node_status.go (initialNode); plugin/pkg/admission/nodetaint/admission.go",
        "step",
        lambda pre, post, b: Implies(
            Not(pre.node(b.node).exists),
            And(
                Or(post.node(b.node).ready == d.READY_TRUE, post.node(b.node).ready == d.READY_FALSE),
                post.node(b.node).taint_not_ready_ns,
            ),
        ),
        lambda pre, post, b: Not(pre.node(b.node).exists),
        "a kubelet creates its Node",
        events=("kubelet_register_node",),
        witness_kind="step",
        witness_events=("kubelet_register_node",),
    ),
    Property(
        "re-registration-is-idempotent",
        "Registering again (a restarted kubelet, AlreadyExists) changes no field of the existing Node and no pod.",
        "register(n) ∧ exists[n] ⇒ node n' = node n ∧ pods' = pods",
        "tryRegisterWithAPIServer reconciles only labels and annotations it owns on AlreadyExists; "
        "taints, cordon and conditions stay as they are.",
        "pkg/kubelet/kubelet_node_status.go (tryRegisterWithAPIServer, reconcileExtendedResource)",
        "step",
        lambda pre, post, b: Implies(
            pre.node(b.node).exists,
            And(
                _same(pre, post, b.node, NODE_OBJECT), *[pre.pod(p).bound_to == post.pod(p).bound_to for p in pre.pods]
            ),
        ),
        lambda pre, post, b: pre.node(b.node).exists,
        "a restarted kubelet registers an existing Node",
        events=("kubelet_register_node",),
        witness_kind="step",
        witness_events=("kubelet_register_node",),
    ),
    Property(
        "silent-node-becomes-unknown",
        "Once a kubelet falls silent, its Node is Ready=Unknown after the grace period plus two monitor "
        "periods (one to notice the last heartbeat, one to notice the grace ran out), whatever Ready "
        "said before: a NotReady node whose kubelet dies becomes Unknown too (and so gets the "
        "unreachable taints).",
        "∀n: exists[n] ∧ since_heartbeat[n] > grace(n) + 2·monitor_period ⇒ ready[n] = Unknown   "
        "(grace(n) = startup grace while Ready was never posted)",
        "tryUpdateNodeHealth marks Ready=Unknown when now > probeTimestamp + grace, for a True, False "
        "or missing Ready condition alike (a missing one with node-startup-grace-period); it refreshes "
        "probeTimestamp when it sees a heartbeat and runs every node-monitor-period.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        "state",
        # two implications with constant bounds (not one If-bound): the oracle reads clock deadlines off them
        lambda s: _all_nodes(
            s,
            lambda n: And(
                Implies(
                    And(
                        s.node(n).exists,
                        s.node(n).ready != d.READY_ABSENT,
                        s.node(n).since_heartbeat
                        > s.params.node_monitor_grace_period + 2 * s.params.node_monitor_period,
                    ),
                    s.node(n).ready == d.READY_UNKNOWN,
                ),
                Implies(
                    And(
                        s.node(n).exists,
                        s.node(n).ready == d.READY_ABSENT,
                        s.node(n).since_heartbeat
                        > s.params.node_startup_grace_period + 2 * s.params.node_monitor_period,
                    ),
                    s.node(n).ready == d.READY_UNKNOWN,
                ),
            ),
        ),
        lambda s: And(s.node(0).exists, s.node(0).ready == d.READY_UNKNOWN, Not(s.node(0).alive)),
        "node 0's kubelet stays silent until its Node is marked Unknown",
    ),
    Property(
        "unreachable-taint-follows-unknown",
        "Time does not pass while a node is Ready=Unknown without unreachable:NoSchedule, nor while it has "
        "been Unknown for the NoExecute latency (the next monitor pass, then the zone's queue) without "
        "unreachable:NoExecute.",
        "time step: ∀n: exists[n] ∧ ready[n] = Unknown ⇒ unreachable:NoSchedule ∧ (since_ready_changed[n] ≥ "
        "node_monitor_period + (nodes − 1)·10 s ⇒ unreachable:NoExecute)",
        "doNoScheduleTaintingPass runs on the Node update. processTaintBaseEviction reads the Ready the "
        "pass observed before its own update, so the Unknown set by pass k is queued at pass k+1; the "
        "zone's queue taints one Node per 1/--node-eviction-rate = 10 s (zone-disruption mode, which "
        "slows or stops NoExecute tainting, is not modelled).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (processTaintBaseEviction, doNoExecuteTaintingPass)",
        "step",
        lambda pre, post, b: _all_nodes(
            pre,
            lambda n: Implies(
                And(pre.node(n).exists, pre.node(n).ready == d.READY_UNKNOWN),
                And(
                    pre.node(n).taint_unreachable_ns,
                    Implies(_noexecute_taint_done(pre, n), pre.node(n).taint_unreachable_ne),
                ),
            ),
        ),
        lambda pre, post, b: pre.node(0).ready == d.READY_UNKNOWN,
        "time passes while node 0 is Unknown",
        events=("time_passes",),
        witness_kind="step",
        witness_events=("time_passes",),
    ),
    Property(
        "not-ready-taint-follows-not-ready",
        "Time does not pass while a node is Ready=False without not-ready:NoSchedule, nor while it has "
        "been Ready=False for the NoExecute latency (the next monitor pass, then the zone's queue) "
        "without not-ready:NoExecute.",
        "time step: ∀n: exists[n] ∧ ready[n] = False ⇒ not-ready:NoSchedule ∧ (since_ready_changed[n] ≥ "
        "node_monitor_period + (nodes − 1)·10 s ⇒ not-ready:NoExecute)",
        "The same two controller passes as for Unknown, with the not-ready key: a posted Ready=False is "
        "observed at the next monitor pass.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go",
        "step",
        lambda pre, post, b: _all_nodes(
            pre,
            lambda n: Implies(
                And(pre.node(n).exists, pre.node(n).ready == d.READY_FALSE),
                And(
                    pre.node(n).taint_not_ready_ns,
                    Implies(_noexecute_taint_done(pre, n), pre.node(n).taint_not_ready_ne),
                ),
            ),
        ),
        lambda pre, post, b: pre.node(0).ready == d.READY_FALSE,
        "time passes while node 0 is NotReady",
        events=("time_passes",),
        witness_kind="step",
        witness_events=("time_passes",),
    ),
    Property(
        "heartbeating-node-stays-known",
        "The node lifecycle controller marks Ready=Unknown only on a node whose kubelet is down; a "
        "kubelet that keeps renewing its Lease is never marked, provided the longest heartbeat gap "
        "of a live kubelet fits in the grace period.",
        "monitor(n) ∧ ready'[n] = Unknown ≠ ready[n] ⇒ ¬alive[n]   (assumes heartbeat_gap_max ≤ grace)",
        "Either a Lease renewal or a status post refreshes probeTimestamp. A kubelet on a dead HTTP/2 "
        "connection can be silent 45 s: 40 s of grace marked healthy nodes Unknown (#121793), 50 s "
        "since 1.32 (PR #126287).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go; pkg/kubelet/nodelease",
        "step",
        lambda pre, post, b: Implies(
            And(post.node(b.node).ready == d.READY_UNKNOWN, pre.node(b.node).ready != d.READY_UNKNOWN),
            Not(pre.node(b.node).alive),
        ),
        lambda pre, post, b: pre.node(b.node).since_lease_renew > pre.params.lease_renew_interval,
        "a Lease is renewed late (after more than the renew interval)",
        events=("nlc_monitor_node_health",),
        witness_kind="step",
        witness_events=("kubelet_renew_lease",),
        assumes=("heartbeat-gap-within-grace",),
    ),
    Property(
        "no-unknown-before-grace",
        "The node lifecycle controller marks a Node Ready=Unknown only once the kubelet's last heartbeat "
        "(Lease renewal or status post) is older than the grace period, whether the kubelet is up or down.",
        "monitor(n) ∧ ready[n] ≠ Unknown ∧ ready'[n] = Unknown ⇒ since_heartbeat[n] > grace(n)   "
        "(since_heartbeat: the property's own clock, reset by the semantics at every heartbeat)",
        "tryUpdateNodeHealth refreshes probeTimestamp with the controller's own clock when the Lease "
        "renewTime or the Ready lastHeartbeatTime changes, and marks Unknown only when now > "
        "probeTimestamp + grace: a grace measured from anything else (the Lease alone, the kubelet's own "
        "timestamps) marks a node early.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        "step",
        lambda pre, post, b: Implies(
            And(pre.node(b.node).ready != d.READY_UNKNOWN, post.node(b.node).ready == d.READY_UNKNOWN),
            pre.node(b.node).since_heartbeat > _grace(pre, pre.node(b.node)),
        ),
        lambda pre, post, b: And(pre.node(b.node).ready != d.READY_UNKNOWN, post.node(b.node).ready == d.READY_UNKNOWN),
        "the controller marks a node Unknown",
        events=("nlc_monitor_node_health",),
        witness_kind="step",
        witness_events=("nlc_monitor_node_health",),
    ),
    Property(
        "stopped-kubelet-is-silent",
        "A kubelet that is down (crashed, hung, cut off from the API server) renews no Lease, posts no "
        "status, registers nothing and evicts nothing: every heartbeat comes from a live kubelet.",
        "kubelet step e(n), e ∉ {stops, restarts} ⇒ alive[n]",
        "The Lease controller, the status loop, registration and the eviction manager run in the kubelet "
        "process and need its connection to the API server; a Lease renewed for a dead kubelet hides its "
        "failure from the node lifecycle controller.",
        "pkg/kubelet/kubelet.go (Run); pkg/kubelet/nodelease; pkg/kubelet/kubelet_node_status.go",
        "step",
        lambda pre, post, b: pre.node(b.node).alive,
        lambda pre, post, b: pre.node(b.node).since_lease_renew >= 1,
        "a kubelet renews its Lease",
        events=tuple(
            e.id for e in d.EVENTS if e.actor == "kubelet" and e.id not in ("kubelet_restarts", "kubelet_stops")
        ),
        witness_kind="step",
        witness_events=("kubelet_renew_lease",),
    ),
    Property(
        "node-reports-what-kubelet-found",
        "The Ready and MemoryPressure conditions a kubelet writes, when it creates its Node and at every "
        "status post, are the ones its own checks found: never Ready=True from a kubelet that found itself "
        "not ready.",
        "(post_status(n) ∨ (register(n) ∧ ¬exists[n] ∧ ready'[n] ≠ Absent)) ⇒ ready'[n] = (found ready ? True : "
        "False);  (post_status(n) ∨ (register(n) ∧ ¬exists[n])) ⇒ (MemoryPressure'[n] ⇔ found memory pressure)   "
        "(a Node created without Ready at all is node-has-ready-condition's finding)",
        "setNodeStatus runs the ReadyCondition setter (runtime, network and storage errors give "
        "Ready=False) and the MemoryPressureCondition setter, for initialNode and for every status update.",
        "pkg/kubelet/kubelet_node_status.go (initialNode, setNodeStatus); pkg/kubelet/nodestatus/setters.go",
        "step",
        lambda pre, post, b: And(
            Implies(
                Or(
                    b.inst.event.id == "kubelet_post_status",
                    And(Not(pre.node(b.node).exists), post.node(b.node).ready != d.READY_ABSENT),
                ),
                post.node(b.node).ready == If(b.ready, d.READY_TRUE, d.READY_FALSE),
            ),
            Implies(
                Or(Not(pre.node(b.node).exists), b.inst.event.id == "kubelet_post_status"),
                post.node(b.node).memory_pressure == b.memory_pressure,
            ),
        ),
        lambda pre, post, b: And(Not(pre.node(b.node).exists), Not(b.ready)),
        "a kubelet that finds itself not ready creates its Node",
        events=("kubelet_register_node", "kubelet_post_status"),
        witness_kind="step",
        witness_events=("kubelet_register_node",),
    ),
    Property(
        "no-execute-eviction",
        "A pod does not stay bound under a NoExecute taint it does not tolerate, nor longer than its "
        "tolerationSeconds under any NoExecute taint, counted by the property's own clock from when the "
        "pod first came under that taint (never by the controller's timer).",
        "time step: ∀p,n: bound'[p]=n ∧ NoExecute on n ⇒ tolerated ∧ "
        "(forever ∨ ∀ NoExecute taint T on n: under_T'[p] ≤ tolerationSeconds[p])",
        "The taint-eviction controller deletes such pods at once, or when min(tolerationSeconds) runs "
        "out, counted from when it first found the pod under the taint (bind or taint time); a change to "
        "an overlapping taint set keeps the earlier start (processPodOnNode, taintSetsOverlap).",
        "pkg/controller/tainteviction/taint_eviction.go",
        "step",
        lambda pre, post, b: And(
            *[
                Implies(
                    And(post.pod(p).bound_to == n, _noexecute(post.node(n))),
                    And(
                        _noexecute_tolerated(post.node(n), post.pod(p)),
                        Or(
                            post.pod(p).tolerates_forever,
                            And(
                                *[
                                    Implies(on, getattr(post.pod(p), ghost) <= post.pod(p).toleration_seconds)
                                    for ghost, on in _noexecute_on(post.node(n))
                                ]
                            ),
                        ),
                    ),
                )
                for p in getattr(pre, "focus_pods", pre.pods)
                for n in pre.nodes
            ]
        ),
        lambda pre, post, b: And(post.pod(0).bound_to == 0, _noexecute(post.node(0))) if pre.cfg.pods else False,
        "time passes while a pod stays bound under a NoExecute taint",
        events=("time_passes",),
        witness_kind="step",
        witness_events=("time_passes",),
    ),
    Property(
        "allocatable-within-capacity",
        "A Node's allocatable is exactly its capacity minus what is reserved (kube-reserved, "
        "system-reserved, the hard eviction threshold), never below zero.",
        "∀n: exists[n] ⇒ allocatable[n] = max(capacity[n] − reserved[n], 0)",
        "The kubelet reports allocatable = capacity - reserved - eviction threshold, clamped at zero.",
        "pkg/kubelet/nodestatus/setters.go (MachineInfo); pkg/kubelet/cm/node_container_manager_linux.go",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                s.node(n).exists,
                s.node(n).allocatable
                == If(s.node(n).capacity - s.node(n).reserved >= 0, s.node(n).capacity - s.node(n).reserved, 0),
            ),
        ),
        lambda s: And(s.node(0).exists, s.node(0).allocatable >= 1, s.node(0).reserved >= 1),
        "node 0 reports a positive allocatable with something reserved",
    ),
    Property(
        "bound-requests-fit-allocatable",
        "What the scheduler counts as requested on a node never exceeds its allocatable: with "
        "requested-is-sum-of-bound-requests, the requests of the pods bound to a node never exceed its "
        "allocatable. A per-node fact: its proof does not grow with the number of pods.",
        "∀n: requested[n] ≤ allocatable[n]",
        "NodeResourcesFit admits a pod only if its request fits allocatable minus the node's Requested.",
        "pkg/scheduler/framework/plugins/noderesources/fit.go (fitsRequest)",
        "state",
        lambda s: _all_nodes(s, lambda n: s.node(n).requested <= s.node(n).allocatable),
        lambda s: Or(*[And(s.pod(p).bound_to == 0, s.pod(p).request >= 1) for p in s.pods]) if s.cfg.pods else False,
        "a pod with a positive request is bound to node 0",
    ),
    Property(
        "requested-is-sum-of-bound-requests",
        "The scheduler's per-node Requested is exactly the sum of the requests of the pods bound to the "
        "node: every bind adds the pod's request, every deletion of a bound pod (taint eviction, the "
        "kubelet's eviction, the garbage collection of a deleted Node's pods) takes it off.",
        "∀n: requested[n] = Σ{request[p] | bound[p] = n}",
        "NodeInfo.Requested is updated by AddPod on bind (assume) and RemovePod when a pod goes; "
        "NodeResourcesFit reads it instead of summing the pods. A sum over pods: checked per cluster size.",
        "pkg/scheduler/framework/types.go (NodeInfo.AddPod, RemovePod); pkg/scheduler/internal/cache",
        "state",
        lambda s: _all_nodes(
            s, lambda n: s.node(n).requested == Sum(If(s.pod(p).bound_to == n, s.pod(p).request, 0) for p in s.pods)
        ),
        lambda s: Or(*[And(s.pod(p).bound_to == 0, s.pod(p).request >= 1) for p in s.pods]) if s.cfg.pods else False,
        "a pod with a positive request is bound to node 0",
    ),
    Property(
        "pods-only-on-existing-nodes",
        "No pod stays bound to a Node that no longer exists: deleting a Node takes its pods with it "
        "(their owners recreate them pending).",
        "∀p,n: bound[p] = n ⇒ exists[n]",
        "The scheduler binds only to nodes in its cache; the pod garbage collector deletes the pods of "
        "a deleted Node (gcOrphaned; modelled as immediate).",
        "pkg/controller/podgc/gc_controller.go (gcOrphaned)",
        "state",
        lambda s: _all_nodes(s, lambda n: And(*[Implies(s.pod(p).bound_to == n, s.node(n).exists) for p in s.pods])),
        lambda s: Or(*[s.pod(p).bound_to == 0 for p in s.pods]) if s.cfg.pods else False,
        "a pod is bound to node 0",
    ),
    Property(
        "new-node-carries-only-registration-taints",
        "A Node the kubelet creates (also after the old one was deleted) carries exactly the taints "
        "initialNode and admission give it, and no condition of a Node that is gone.",
        "register(n) ∧ ¬exists[n] ⇒ taints'[n] = {not-ready:NoSchedule} ∪ register-time taints (the user "
        "taint with the effect --register-with-taints gives) ∧ ¬network_unavailable' unless routes are needed",
        "initialNode builds a fresh Node (--register-with-taints parsed by ParseTaints and copied as they "
        "are, unschedulable, the cloud taint, NetworkUnavailable when routes are needed); "
        "TaintNodesByCondition adds not-ready:NoSchedule. "
        "A deleted Node takes its taints and conditions with it.",
        "pkg/kubelet/kubelet_node_status.go (initialNode); plugin/pkg/admission/nodetaint/admission.go",
        "step",
        lambda pre, post, b: Implies(
            Not(pre.node(b.node).exists),
            And(
                post.node(b.node).taint_not_ready_ns,
                Not(post.node(b.node).taint_not_ready_ne),
                Not(post.node(b.node).taint_unreachable_ns),
                Not(post.node(b.node).taint_unreachable_ne),
                Not(post.node(b.node).taint_memory_pressure),
                Not(post.node(b.node).taint_network_unavailable),
                post.node(b.node).taint_unschedulable == b.register_unschedulable,
                post.node(b.node).unschedulable == b.register_unschedulable,
                post.node(b.node).taint_custom == b.register_with_taint,
                Implies(b.register_with_taint, post.node(b.node).custom_effect == b.taint_effect),
                post.node(b.node).taint_uninitialized == b.external_cloud,
                post.node(b.node).network_unavailable == b.needs_routes,
            ),
        ),
        lambda pre, post, b: Not(pre.node(b.node).exists),
        "a kubelet creates its Node",
        events=("kubelet_register_node",),
        witness_kind="step",
        witness_events=("kubelet_register_node",),
    ),
    Property(
        "one-ready-noexecute-taint",
        "Time does not pass while a node carries the not-ready and the unreachable NoExecute taints "
        "together: a swap has both only between its two writes, within the controller's latency.",
        "time step: ∀n: ¬(not-ready:NoExecute[n] ∧ unreachable:NoExecute[n])",
        "SwapNodeControllerTaint adds the new taint and then removes the old one (two patches, so both "
        "are present between them); doNoExecuteTaintingPass runs every 100 ms.",
        "pkg/controller/util/node/controller_utils.go (SwapNodeControllerTaint); "
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (doNoExecuteTaintingPass)",
        "step",
        lambda pre, post, b: _all_nodes(
            pre, lambda n: Not(And(pre.node(n).taint_not_ready_ne, pre.node(n).taint_unreachable_ne))
        ),
        lambda s: And(s.node(0).taint_not_ready_ne, s.node(0).taint_unreachable_ne),
        "node 0 is between the two writes of a NoExecute swap",
        events=("time_passes",),
    ),
    Property(
        "node-becomes-schedulable",
        "Progress: a node whose kubelet stays up and reports itself healthy, whose CSR is approved and "
        "that nobody taints, cordons or deletes is Schedulable within node-status-update-frequency of "
        "the approval (the kubelet takes its certificate at once, its status loop registers within one "
        "period, the taint pass lifts not-ready before time moves on).",
        "∀n: undisturbed[n] ∧ csr[n]=Approved ∧ since_approved[n] > node_status_update_frequency ⇒ "
        "Schedulable(n)   (bound = node-status-update-frequency, 10 s upstream; assumes heartbeat_gap_max ≤ grace)",
        "waitForCertificate watches the CSR; syncNodeStatus runs every nodeStatusUpdateFrequency and "
        "calls registerWithAPIServer first; initialNode creates the Node Ready; doNoScheduleTaintingPass "
        "on that update removes the admission not-ready taint; a live kubelet's Lease keeps it known.",
        "pkg/kubelet/certificate/bootstrap/bootstrap.go; pkg/kubelet/kubelet_node_status.go; "
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(
                    s.node(n).undisturbed,
                    s.node(n).csr == d.CSR_APPROVED,
                    s.node(n).since_approved > s.params.node_status_update_frequency,
                ),
                d.DEFINITIONS[d.SCHEDULABLE](s.node(n)),
            ),
        ),
        lambda s: And(
            s.node(0).undisturbed,
            s.node(0).csr == d.CSR_APPROVED,
            s.node(0).since_approved > s.params.node_status_update_frequency,
        ),
        "node 0 stays undisturbed past the bound after its CSR is approved",
        assumes=("heartbeat-gap-within-grace",),
    ),
    Property(
        "kubelet-creates-its-missing-node",
        "Progress: a kubelet that starts (or takes its certificate) while its Node object does not exist "
        "creates the Node within node-status-update-frequency, as long as it stays up: a node deleted by "
        "an administrator comes back when its kubelet restarts.",
        "∀n: registration_owed[n] ∧ alive[n] ∧ since_registration_owed[n] > node_status_update_frequency ⇒ "
        "exists[n]   (bound = node-status-update-frequency, 10 s upstream; registration_owed: set when alive or "
        "cert rises on a missing Node, cleared when the Node exists)",
        "A new kubelet process has registrationCompleted=false; syncNodeStatus runs every "
        "nodeStatusUpdateFrequency and calls registerWithAPIServer first, which POSTs the Node. A running "
        "kubelet whose Node is deleted does not register again until restarted (registrationCompleted stays "
        "true): that is why the premise starts at a start.",
        "pkg/kubelet/kubelet_node_status.go (registerWithAPIServer, syncNodeStatus); pkg/kubelet/kubelet.go",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(
                    s.node(n).registration_owed,
                    s.node(n).alive,
                    s.node(n).since_registration_owed > s.params.node_status_update_frequency,
                ),
                s.node(n).exists,
            ),
        ),
        # the model's kubelet registers before time moves on (status-loop-due-at-kubelet-start: a new process's
        # status loop runs at once), so the premise holds for an instant, not a second; the bound stays a
        # period, the tolerance the oracle needs on captures (a real kubelet takes seconds to start)
        lambda s: And(s.node(0).registration_owed, s.node(0).alive),
        "node 0's kubelet starts with a certificate and no Node object",
    ),
    Property(
        "untolerated-noexecute-pod-is-gone",
        "Progress: a pod bound under a NoExecute taint it does not tolerate is gone within the "
        "taint-eviction controller's latency (0 s at the model's resolution: before time moves on).",
        "time step: ∀p,n: bound'[p]=n ∧ NoExecute taint on n ⇒ p tolerates every NoExecute taint on n   (bound = 0 s)",
        "processPodOnNode deletes a pod at once (AddWork with fireAt = now) when some NoExecute taint "
        "is not tolerated.",
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode)",
        "step",
        lambda pre, post, b: And(
            *[
                Implies(
                    And(post.pod(p).bound_to == n, _noexecute(post.node(n))),
                    _noexecute_tolerated(post.node(n), post.pod(p)),
                )
                for p in getattr(pre, "focus_pods", pre.pods)
                for n in pre.nodes
            ]
        ),
        lambda pre, post, b: (
            And(
                pre.pod(0).bound_to == 0,
                _noexecute(pre.node(0)),
                Not(_noexecute_tolerated(pre.node(0), pre.pod(0))),
                post.pod(0).bound_to == d.UNBOUND,
            )
            if pre.cfg.pods
            else False
        ),
        "a pod under an untolerated NoExecute taint is evicted",
        events=("time_passes",),
        witness_kind="step",
        witness_events=("taint_eviction_evict_pod",),
    ),
    Property(
        "only-kubelet-reports-readiness",
        "Nothing but the kubelet sets Ready to True or False; the controller only sets Unknown.",
        "step of a non-kubelet actor: ready'[n] ≠ ready[n] ⇒ ready'[n] ∈ {Unknown, Absent}",
        "tryUpdateNodeHealth writes only Unknown; only the kubelet's ReadyCondition setter writes True "
        "or False (Node deletion removes the object, hence Absent).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go; pkg/kubelet/nodestatus/setters.go",
        "step",
        lambda pre, post, b: _all_nodes(
            pre,
            lambda n: Implies(
                pre.node(n).ready != post.node(n).ready,
                Or(post.node(n).ready == d.READY_UNKNOWN, post.node(n).ready == d.READY_ABSENT),
            ),
        ),
        lambda pre, post, b: And(pre.node(b.node).ready != d.READY_UNKNOWN, post.node(b.node).ready == d.READY_UNKNOWN),
        "the controller marks a node Unknown",
        events=NON_KUBELET_EVENTS,
        witness_kind="step",
        witness_events=("nlc_monitor_node_health",),
    ),
    Property(
        "condition-taints-follow-conditions",
        "Time does not pass while a Node's cordon, memory-pressure or network-unavailable NoSchedule taint "
        "disagrees with spec.unschedulable or the condition it stands for (in either direction).",
        "time step: ∀n: exists[n] ⇒ (unschedulable:NS ⇔ spec.unschedulable) ∧ (memory-pressure:NS ⇔ "
        "MemoryPressure=True) ∧ (network-unavailable:NS ⇔ NetworkUnavailable=True)",
        "doNoScheduleTaintingPass runs on every Node update (spec or status) and swaps in the taints "
        "nodeConditionToTaintKeyStatusMap and spec.unschedulable call for (TaintNodesByCondition).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (doNoScheduleTaintingPass)",
        "step",
        lambda pre, post, b: _all_nodes(
            pre,
            lambda n: Implies(
                pre.node(n).exists,
                And(
                    pre.node(n).taint_unschedulable == pre.node(n).unschedulable,
                    pre.node(n).taint_memory_pressure == pre.node(n).memory_pressure,
                    pre.node(n).taint_network_unavailable == pre.node(n).network_unavailable,
                ),
            ),
        ),
        lambda pre, post, b: And(pre.node(0).exists, pre.node(0).memory_pressure),
        "time passes while node 0 reports MemoryPressure",
        events=("time_passes",),
        witness_kind="step",
        witness_events=("time_passes",),
    ),
    Property(
        "ready-node-sheds-ready-taints",
        "Time does not pass while a Ready=True node still carries a not-ready or unreachable taint, of "
        "either effect: a node that recovers loses the taints its failure brought.",
        "time step: ∀n: exists[n] ∧ ready[n] = True ⇒ ¬not-ready:NS ∧ ¬unreachable:NS ∧ "
        "(since_ready_changed[n] ≥ node_monitor_period ⇒ ¬not-ready:NE ∧ ¬unreachable:NE)",
        "doNoScheduleTaintingPass drops the NoSchedule taints on the update; for a Ready node "
        "processTaintBaseEviction calls markNodeAsReachable, which removes both NoExecute taints at the "
        "next monitor pass (within node-monitor-period of the Ready=True post).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (processTaintBaseEviction, markNodeAsReachable)",
        "step",
        lambda pre, post, b: _all_nodes(
            pre,
            lambda n: Implies(
                And(pre.node(n).exists, pre.node(n).ready == d.READY_TRUE),
                And(
                    Not(pre.node(n).taint_not_ready_ns),
                    Not(pre.node(n).taint_unreachable_ns),
                    Implies(
                        _noexecute_pass_done(pre, n),
                        And(Not(pre.node(n).taint_not_ready_ne), Not(pre.node(n).taint_unreachable_ne)),
                    ),
                ),
            ),
        ),
        lambda pre, post, b: And(pre.node(0).exists, pre.node(0).ready == d.READY_TRUE),
        "time passes while node 0 is Ready",
        events=("time_passes",),
        witness_kind="step",
        witness_events=("time_passes",),
    ),
    Property(
        "eviction-only-when-due",
        "The taint-eviction controller deletes only a pod bound to the node it acts for, while that node "
        "carries a NoExecute taint the pod does not tolerate or tolerates only for a limited time: a pod "
        "that tolerates every NoExecute taint for ever, or whose taint was removed, is never evicted.",
        "evict(n,p) ⇒ bound[p] = n ∧ NoExecute taint on n ∧ (¬p tolerates them ∨ ¬forever[p])",
        "processPodOnNode cancels the pod's work when no NoExecute taint is left and schedules nothing "
        "when every taint is tolerated without tolerationSeconds (getMinTolerationTime = -1); "
        "CancelWork when the taint goes.",
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode, getMinTolerationTime)",
        "step",
        lambda pre, post, b: And(
            pre.pod(b.pod).bound_to == b.node,
            _noexecute(pre.node(b.node)),
            Or(Not(_noexecute_tolerated(pre.node(b.node), pre.pod(b.pod))), Not(pre.pod(b.pod).tolerates_forever)),
        ),
        lambda pre, post, b: pre.pod(b.pod).bound_to == b.node,
        "the taint-eviction controller deletes a pod",
        events=("taint_eviction_evict_pod",),
        witness_kind="step",
        witness_events=("taint_eviction_evict_pod",),
    ),
    Property(
        "eviction-not-early",
        "A pod that tolerates every NoExecute taint on its node for a limited time is deleted only once "
        "its tolerationSeconds have run out since the controller first found it under those taints.",
        "evict(n,p) ∧ p tolerates every NoExecute taint on n ⇒ since_noexecute[p] ≥ tolerationSeconds[p]   "
        "(since_noexecute: started by the semantics, not by the controller's effect)",
        "processPodOnNode schedules the deletion at CreatedAt + minTolerationTime (timed_workers); a "
        "change to an overlapping taint set keeps the earlier start.",
        "pkg/controller/tainteviction/taint_eviction.go; pkg/controller/tainteviction/timed_workers.go",
        "step",
        lambda pre, post, b: Implies(
            _noexecute_tolerated(pre.node(b.node), pre.pod(b.pod)),
            pre.pod(b.pod).since_noexecute >= pre.pod(b.pod).toleration_seconds,
        ),
        lambda pre, post, b: And(
            _noexecute_tolerated(pre.node(b.node), pre.pod(b.pod)), pre.pod(b.pod).toleration_seconds >= 1
        ),
        "a pod is evicted after its tolerationSeconds",
        events=("taint_eviction_evict_pod",),
        witness_kind="step",
        witness_events=("taint_eviction_evict_pod",),
    ),
    Property(
        "kubelet-evicts-only-under-pressure",
        "The kubelet's eviction manager deletes a pod only while its node reports MemoryPressure.",
        "kubelet_evict(n,p) ⇒ memory_pressure[n]",
        "The eviction manager acts only when a signal crosses its threshold, which is also what it "
        "reports as the MemoryPressure condition (synchronize, nodeConditions).",
        "pkg/kubelet/eviction/eviction_manager.go (synchronize)",
        "step",
        lambda pre, post, b: pre.node(b.node).memory_pressure,
        lambda pre, post, b: True,
        "the kubelet evicts a pod",
        events=("kubelet_evict_pod",),
        witness_kind="step",
        witness_events=("kubelet_evict_pod",),
    ),
    Property(
        "binding-is-final",
        "A bound pod never moves to another node: it leaves its node only by being deleted (back to pending).",
        "every step: ∀p: bound[p] ≠ none ∧ bound'[p] ≠ bound[p] ⇒ bound'[p] = none",
        "The pods/binding subresource refuses a pod whose spec.nodeName is already set "
        "(setPodNodeAndMetadata: 'pod %v is already assigned to node %q'), and spec.nodeName is immutable.",
        "pkg/registry/core/pod/storage/storage.go (setPodNodeAndMetadata); pkg/apis/core/validation",
        "step",
        lambda pre, post, b: And(
            *[
                Implies(
                    And(pre.pod(p).bound_to != d.UNBOUND, post.pod(p).bound_to != pre.pod(p).bound_to),
                    post.pod(p).bound_to == d.UNBOUND,
                )
                for p in pre.pods  # every pod: a bind of one pod may move another
            ]
        ),
        lambda pre, post, b: pre.pod(b.pod).bound_to == b.node,
        "a bound pod leaves its node (the taint-eviction controller deletes it)",
        events=tuple(e.id for e in d.EVENTS if e.id != "time_passes"),
        witness_kind="step",
        witness_events=("taint_eviction_evict_pod",),
    ),
    Property(
        "user-taint-changes-only-by-kubectl-taint",
        "An existing Node's user taint (key, value, effect) changes only through kubectl taint; no "
        "controller, kubelet, cordon or uncordon removes or rewrites it.",
        "step of e ∉ {kubectl taint, kubectl taint KEY-}: ∀n: exists[n] ∧ exists'[n] ⇒ user taint'[n] = user taint[n]",
        "The node lifecycle controller swaps only its own condition taints (SwapNodeControllerTaint); "
        "kubectl cordon/uncordon patch spec.unschedulable alone; NodeRestriction forbids the kubelet "
        "to modify taints.",
        "pkg/controller/util/node/controller_utils.go; staging/src/k8s.io/kubectl/pkg/drain/cordon.go",
        "step",
        # every node, not node 0 alone: the acting instance may write another node's data
        lambda pre, post, b: And(
            *[
                Implies(
                    And(pre.node(n).exists, post.node(n).exists),
                    And(
                        post.node(n).taint_custom == pre.node(n).taint_custom,
                        post.node(n).custom_effect == pre.node(n).custom_effect,
                    ),
                )
                for n in pre.nodes
            ]
        ),
        lambda pre, post, b: And(pre.node(b.node).exists, pre.node(b.node).taint_custom),
        "a node carrying the user taint is uncordoned",
        events=tuple(e.id for e in d.EVENTS if e.id not in ("admin_taint_node", "admin_untaint_node", "time_passes")),
        witness_kind="step",
        witness_events=("admin_uncordon",),
    ),
    Property(
        "controller-taints-change-only-by-node-lifecycle-controller",
        "An existing Node's condition taints (not-ready and unreachable, NoSchedule and NoExecute; unschedulable, "
        "memory-pressure and network-unavailable) change only through the node lifecycle controller's tainting "
        "passes: a cordon, a kubectl taint, a kubelet status post or re-registration, the cloud or route controller "
        "never adds or drops one, not even for the instant before the next pass puts it back.",
        "step of e ∉ {NoSchedule pass, NoExecute pass}: ∀n: exists[n] ∧ exists'[n] ⇒ every condition taint'[n] = "
        "condition taint[n]",
        "Each writer changes only its own field and never writes back a stale copy of the others: the controller's "
        "AddOrUpdateTaintOnNode / RemoveTaintOffNode re-read the Node under RetryOnConflict and patch only their "
        "taints (PatchNodeTaints with the resourceVersion read); kubectl cordon sends a strategic merge patch of "
        "spec.unschedulable alone; kubectl taint a patch of the taint it adds; the kubelet patches nodes/status and "
        "NodeRestriction forbids it to modify taints. A write computed from a stale taint list drops a taint the "
        "controller added meanwhile: for that instant the scheduler can bind an untolerating pod to a node under "
        "memory pressure (round 14 of bugs written apart: rmw-cordon-drops-condition-taints, put back at once by the "
        "next pass, so every taint-follow property held).",
        "pkg/controller/util/node/controller_utils.go (AddOrUpdateTaintOnNode, RemoveTaintOffNode); "
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (doNoScheduleTaintingPass, "
        "doNoExecuteTaintingPass); staging/src/k8s.io/kubectl/pkg/drain/cordon.go (PatchOrReplace); "
        "plugin/pkg/admission/noderestriction/admission.go (admitNode)",
        "step",
        lambda pre, post, b: And(
            *[
                Implies(
                    And(pre.node(n).exists, post.node(n).exists),
                    And(*[getattr(post.node(n), v) == getattr(pre.node(n), v) for v in _CONTROLLER_TAINTS]),
                )
                for n in pre.nodes
            ]
        ),
        lambda pre, post, b: And(pre.node(b.node).exists, pre.node(b.node).taint_memory_pressure),
        "a node under its memory-pressure taint is cordoned",
        events=_events_but("nlc_sync_noschedule_taints", "nlc_sync_noexecute_taints", "time_passes"),
        witness_kind="step",
        witness_events=("admin_cordon",),
    ),
    Property(
        "cordon-changes-only-by-kubectl",
        "An existing Node's spec.unschedulable changes only through kubectl cordon or uncordon: no kubelet "
        "status update, controller or re-registration writes it.",
        "step of e ∉ {cordon, uncordon}: ∀n: exists[n] ∧ exists'[n] ⇒ unschedulable'[n] = unschedulable[n]",
        "The kubelet sets spec.unschedulable only in its create request (initialNode, --register-schedulable) "
        "and afterwards patches nodes/status alone; the node lifecycle controller mirrors the field into the "
        "unschedulable taint but never writes it.",
        "pkg/kubelet/kubelet_node_status.go (initialNode, updateNodeStatus); "
        "staging/src/k8s.io/kubectl/pkg/drain/cordon.go",
        "step",
        # every node, not node 0 alone: the acting instance may write another node's data
        lambda pre, post, b: And(
            *[
                Implies(
                    And(pre.node(n).exists, post.node(n).exists),
                    post.node(n).unschedulable == pre.node(n).unschedulable,
                )
                for n in pre.nodes
            ]
        ),
        lambda pre, post, b: And(pre.node(b.node).exists, pre.node(b.node).unschedulable),
        "a kubelet posts status for its cordoned Node",
        events=tuple(e.id for e in d.EVENTS if e.id not in ("admin_cordon", "admin_uncordon", "time_passes")),
        witness_kind="step",
        witness_events=("kubelet_post_status",),
    ),
    Property(
        "network-unavailable-changes-only-by-route-controller",
        "On an existing Node only the route controller (or the network plugin that does its job) changes "
        "NetworkUnavailable: the kubelet does not, and the node lifecycle controller leaves it alone when it "
        "marks the node Unknown.",
        "step of e ≠ route created: ∀n: exists[n] ∧ exists'[n] ⇒ network_unavailable'[n] = network_unavailable[n]",
        "tryUpdateNodeHealth sets Ready and the pressure conditions Unknown and skips NetworkUnavailable on "
        'purpose ("managed on a control plane level"); the kubelet sets it only in initialNode.',
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth); "
        "staging/src/k8s.io/cloud-provider/controllers/route/route_controller.go",
        "step",
        lambda pre, post, b: And(
            *[
                Implies(
                    And(pre.node(n).exists, post.node(n).exists),
                    post.node(n).network_unavailable == pre.node(n).network_unavailable,
                )
                for n in pre.nodes
            ]
        ),
        lambda pre, post, b: And(
            pre.node(b.node).exists,
            pre.node(b.node).network_unavailable,
            pre.node(b.node).ready != d.READY_UNKNOWN,
            post.node(b.node).ready == d.READY_UNKNOWN,
        ),
        "the controller marks a Node still waiting for its route Unknown",
        events=tuple(e.id for e in d.EVENTS if e.id not in ("cloud_route_created", "time_passes")),
        witness_kind="step",
        witness_events=("nlc_monitor_node_health",),
    ),
    Property(
        "ready-taints-match-ready",
        "Time does not pass while a Node carries a not-ready taint without Ready=False, or an unreachable "
        "taint without Ready=Unknown (of either effect): each key stands for exactly one Ready value.",
        "time step: ∀n: exists[n] ⇒ ((not-ready:NS ∨ (not-ready:NE ∧ since_ready_changed[n] ≥ "
        "node_monitor_period)) ⇒ ready=False) ∧ ((unreachable:NS ∨ (unreachable:NE ∧ since_ready_changed[n] ≥ "
        "node_monitor_period)) ⇒ ready=Unknown)",
        "nodeConditionToTaintKeyStatusMap maps Ready False to not-ready and Unknown to unreachable; "
        "doNoScheduleTaintingPass swaps on every update; processTaintBaseEviction swaps the NoExecute pair "
        "and markNodeAsReachable removes both at the next monitor pass (within node-monitor-period).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (nodeConditionToTaintKeyStatusMap, "
        "processTaintBaseEviction)",
        "step",
        lambda pre, post, b: _all_nodes(
            pre,
            lambda n: Implies(
                pre.node(n).exists,
                And(
                    Implies(
                        Or(
                            pre.node(n).taint_not_ready_ns,
                            And(pre.node(n).taint_not_ready_ne, _noexecute_pass_done(pre, n)),
                        ),
                        pre.node(n).ready == d.READY_FALSE,
                    ),
                    Implies(
                        Or(
                            pre.node(n).taint_unreachable_ns,
                            And(pre.node(n).taint_unreachable_ne, _noexecute_pass_done(pre, n)),
                        ),
                        pre.node(n).ready == d.READY_UNKNOWN,
                    ),
                ),
            ),
        ),
        lambda pre, post, b: And(pre.node(0).exists, pre.node(0).ready == d.READY_FALSE),
        "time passes while node 0 is NotReady",
        events=("time_passes",),
        witness_kind="step",
        witness_events=("time_passes",),
    ),
    Property(
        "eviction-counted-from-first-noexecute-taint",
        "A pod that tolerates the NoExecute taints of its node only for a while is gone tolerationSeconds "
        "after it first came under them: a taint added or swapped later, overlapping the old set, does not "
        "restart the count.",
        "time step: ∀p,n: bound'[p]=n ∧ NoExecute on n ∧ p tolerates them ∧ ¬forever[p] ⇒ "
        "since_noexecute'[p] ≤ tolerationSeconds[p]   (since_noexecute: restarted by the semantics only "
        "when the pod comes to the node or the taint set changes to a disjoint one, never by an actor)",
        "processPodOnNode keeps the scheduled deletion when the new taint set overlaps the old one "
        "(taintSetsOverlap); SwapNodeControllerTaint adds before it removes, so a swap overlaps.",
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode)",
        "step",
        lambda pre, post, b: And(
            *[
                Implies(
                    And(
                        post.pod(p).bound_to == n,
                        _noexecute(post.node(n)),
                        _noexecute_tolerated(post.node(n), post.pod(p)),
                        Not(post.pod(p).tolerates_forever),
                    ),
                    post.pod(p).since_noexecute <= post.pod(p).toleration_seconds,
                )
                for p in getattr(pre, "focus_pods", pre.pods)
                for n in pre.nodes
            ]
        ),
        lambda pre, post, b: (
            And(post.pod(0).bound_to == 0, _noexecute(post.node(0)), Not(post.pod(0).tolerates_forever))
            if pre.cfg.pods
            else False
        ),
        "time passes while a pod stays bound under a NoExecute taint it tolerates for a while",
        events=("time_passes",),
        witness_kind="step",
        witness_events=("time_passes",),
    ),
    Property(
        "only-requested-csr-approved",
        "The CSR approver approves only the pending CSR it acts on: never another node's CSR, never one "
        "that was not requested.",
        "approve(n): ∀m: csr'[m] ≠ csr[m] ⇒ m = n ∧ csr[m] = Pending",
        "sarapprove approves the CSR object whose requester passed the SubjectAccessReview "
        "(selfnodeclient / nodeclient), by updating that object's approval subresource alone.",
        "pkg/controller/certificates/approver/sarapprove.go",
        "step",
        # every node, not node 0 alone: the bug approves another node's CSR
        lambda pre, post, b: And(
            *[
                Implies(post.node(m).csr != pre.node(m).csr, And(m == b.node, pre.node(m).csr == d.CSR_PENDING))
                for m in pre.nodes
            ]
        ),
        lambda pre, post, b: True,
        "a CSR is approved",
        events=("csr_approver_approve",),
        witness_kind="step",
        witness_events=("csr_approver_approve",),
    ),
    Property(
        "unknown-node-reports-no-pressure",
        "A Node marked Ready=Unknown reports no MemoryPressure (the controller sets every kubelet-owned "
        "condition Unknown with Ready, so the memory-pressure taint goes too).",
        "∀n: exists[n] ∧ ready[n] = Unknown ⇒ ¬memory_pressure[n]",
        "tryUpdateNodeHealth sets Ready, MemoryPressure, DiskPressure and PIDPressure to Unknown together "
        "when the grace period runs out; nodeConditionToTaintKeyStatusMap has no taint for Unknown pressure.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        "state",
        lambda s: And(
            *[
                Implies(And(s.node(n).exists, s.node(n).ready == d.READY_UNKNOWN), Not(s.node(n).memory_pressure))
                for n in getattr(s, "focus_nodes", s.nodes)
            ]
        ),
        lambda s: And(s.node(0).exists, s.node(0).ready == d.READY_UNKNOWN),
        "node 0 is Unknown",
    ),
    Property(
        "only-kubelet-reports-pressure",
        "Nothing but the kubelet raises or lowers MemoryPressure on a live Node; another actor only drops it "
        "when it marks the Node Unknown or deletes it.",
        "step of a non-kubelet actor: ∀n: memory_pressure'[n] ≠ memory_pressure[n] ⇒ "
        "¬memory_pressure'[n] ∧ (ready'[n] = Unknown ∨ ¬exists'[n])",
        "Only the kubelet's eviction manager / MemoryPressureCondition setter writes the condition; the route "
        "controller patches NetworkUnavailable alone; tryUpdateNodeHealth only writes Unknown on expiry.",
        "pkg/kubelet/nodestatus/setters.go; staging/src/k8s.io/cloud-provider/controllers/route/route_controller.go",
        "step",
        # every node: the acting instance may write another node's data
        lambda pre, post, b: And(
            *[
                Implies(
                    post.node(n).memory_pressure != pre.node(n).memory_pressure,
                    And(
                        Not(post.node(n).memory_pressure),
                        Or(post.node(n).ready == d.READY_UNKNOWN, Not(post.node(n).exists)),
                    ),
                )
                for n in pre.nodes
            ]
        ),
        lambda pre, post, b: And(pre.node(b.node).memory_pressure, Not(post.node(b.node).memory_pressure)),
        "a non-kubelet actor drops a Node's MemoryPressure",
        events=NON_KUBELET_EVENTS,
        witness_kind="step",
        witness_events=("nlc_monitor_node_health",),
    ),
    Property(
        "probe-not-older-than-last-heartbeat",
        "Once the controller has seen every heartbeat (Lease renewal or status post), its probe time is no "
        "older than the kubelet's last sign of life.",
        "∀n: exists[n] ∧ ¬heartbeat_unseen[n] ⇒ since_probe[n] ≤ since_heartbeat[n]",
        "tryUpdateNodeHealth refreshes probeTimestamp when the Lease renewTime OR the Ready lastHeartbeatTime "
        "changed; either signal alone keeps the node alive.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        "state",
        lambda s: And(
            *[
                Implies(
                    And(s.node(n).exists, Not(s.node(n).heartbeat_unseen)),
                    s.node(n).since_probe <= s.node(n).since_heartbeat,
                )
                for n in getattr(s, "focus_nodes", s.nodes)
            ]
        ),
        lambda s: And(s.node(0).exists, Not(s.node(0).heartbeat_unseen), s.node(0).since_heartbeat >= 1),
        "node 0's heartbeats are all seen, a while after the last one",
    ),
    Property(
        "noexecute-swap-never-drops-all",
        "A write of the NoExecute tainting pass never leaves a NotReady or Unknown Node that carried a Ready "
        "NoExecute taint with none: the swap adds the new taint before it removes the old, so a pod's "
        "eviction timer keeps running (taintSetsOverlap).",
        "noexecute_pass(n) ∧ ready[n] ∈ {False, Unknown} ∧ (not-ready:NE[n] ∨ unreachable:NE[n]) ⇒ "
        "not-ready:NE'[n] ∨ unreachable:NE'[n]",
        "SwapNodeControllerTaint: AddOrUpdateTaintOnNode first, RemoveTaintOffNode second.",
        "pkg/controller/util/node/controller_utils.go (SwapNodeControllerTaint)",
        "step",
        lambda pre, post, b: Implies(
            And(
                Or(pre.node(b.node).ready == d.READY_FALSE, pre.node(b.node).ready == d.READY_UNKNOWN),
                Or(pre.node(b.node).taint_not_ready_ne, pre.node(b.node).taint_unreachable_ne),
            ),
            Or(post.node(b.node).taint_not_ready_ne, post.node(b.node).taint_unreachable_ne),
        ),
        # a NoExecute pass on a failed node (the swap itself needs a node that fails twice: deep at
        # upstream timing, where the concrete witness runs do not reach it)
        lambda pre, post, b: Or(pre.node(b.node).ready == d.READY_FALSE, pre.node(b.node).ready == d.READY_UNKNOWN),
        "the NoExecute pass acts on a NotReady or Unknown node",
        events=("nlc_sync_noexecute_taints",),
        witness_kind="step",
        witness_events=("nlc_sync_noexecute_taints",),
    ),
    Property(
        "node-actions-touch-only-their-node",
        "An action taken for one Node (controller pass, cloud initialisation, route, cordon, taint, delete) "
        "changes no field of another Node object.",
        "step of a node-indexed action on n: ∀m ≠ n: node m' = node m (Node-object fields)",
        "Every controller works on the Node its work item names (a key from the informer queue).",
        "pkg/controller/nodelifecycle; staging/src/k8s.io/cloud-provider/controllers/{node,route}",
        "step",
        lambda pre, post, b: And(*[Implies(m != b.node, _same(pre, post, m, NODE_OBJECT)) for m in pre.nodes]),
        lambda pre, post, b: pre.node(b.node).exists,
        "an action on an existing Node",
        events=NODE_INDEXED_EVENTS,
        witness_kind="step",
        witness_events=("cloud_node_initialize",),
    ),
    Property(
        "cordon-sets-unschedulable",
        "kubectl cordon leaves the Node with spec.unschedulable=true (and the NoSchedule pass then adds the "
        "matching taint, never the other way round).",
        "cordon(n) ⇒ unschedulable'[n]",
        "cordon.go PatchOrReplace sets node.Spec.Unschedulable; the unschedulable taint is the controller's "
        "mirror of the field (doNoScheduleTaintingPass).",
        "staging/src/k8s.io/kubectl/pkg/drain/cordon.go",
        "step",
        lambda pre, post, b: post.node(b.node).unschedulable,
        lambda pre, post, b: True,
        "a node is cordoned",
        events=("admin_cordon",),
        witness_kind="step",
        witness_events=("admin_cordon",),
    ),
    Property(
        "actions-move-only-their-pods",
        "An action taken for node n removes only pods bound to n, and an action taken for pod p changes only "
        "pod p: eviction, pod GC and the scheduler never touch a pod they were not asked about.",
        "step of e on (n[, p]): ∀q: (bound[q] ∉ {n, none} ⇒ bound'[q] = bound[q]) ∧ "
        "(e has a pod index ∧ q ≠ p ⇒ bound'[q] = bound[q])",
        "processPodOnNode deletes the one pod whose timer fired; gcOrphaned deletes pods whose spec.nodeName "
        "names a Node that is gone; pods/binding writes one pod.",
        "pkg/controller/tainteviction/taint_eviction.go; pkg/controller/podgc/gc_controller.go",
        "step",
        lambda pre, post, b: And(
            *[
                And(
                    Implies(
                        And(pre.pod(q).bound_to != b.node, pre.pod(q).bound_to != d.UNBOUND),
                        post.pod(q).bound_to == pre.pod(q).bound_to,
                    ),
                    Implies(q != b.pod, post.pod(q).bound_to == pre.pod(q).bound_to) if b.pod is not None else True,
                )
                for q in pre.pods
            ]
        ),
        lambda pre, post, b: pre.pod(b.pod).bound_to == b.node,
        "the taint-eviction controller deletes a pod of its node",
        events=tuple(e.id for e in d.EVENTS if "node" in e.indices),
        witness_kind="step",
        witness_events=("taint_eviction_evict_pod",),
    ),
    # issue 12, round 6: bug classes written apart that every property let through
    Property(
        "csr-approved-only-by-approver",
        "A kubelet's CSR becomes Approved only through the csrapproving controller: the kubelet creates it "
        "Pending, and no other actor (kubelet, controller, admin) approves it.",
        "step of e ≠ csr approve: ∀n: csr'[n] = Approved ⇒ csr[n] = Approved",
        "The CSR registry strategy drops status (conditions) on create (PrepareForCreate); approval is written "
        "only through the certificatesigningrequests/approval subresource, which needs the 'approve' verb on "
        "the signer; the csrapproving controller grants it after a SubjectAccessReview of the requester "
        "(nodeclient / selfnodeclient). A bootstrap identity cannot approve its own CSR.",
        "pkg/registry/certificates/certificates/strategy.go (PrepareForCreate, approvalStrategy); "
        "pkg/controller/certificates/approver/sarapprove.go",
        "step",
        lambda pre, post, b: And(
            *[Implies(post.node(n).csr == d.CSR_APPROVED, pre.node(n).csr == d.CSR_APPROVED) for n in pre.nodes]
        ),
        lambda pre, post, b: post.node(b.node).csr != pre.node(b.node).csr,
        "a kubelet creates its CSR",
        events=_events_but("csr_approver_approve", "time_passes"),
        witness_kind="step",
        witness_events=("kubelet_request_certificate",),
    ),
    Property(
        "pods-leave-only-by-eviction-or-gc",
        "A pod bound to a node leaves it only when the taint-eviction controller or the kubelet's eviction "
        "manager deletes it, or when its Node is deleted (pod GC): no kubelet restart, node lifecycle "
        "controller pass, cloud controller or scheduler step deletes running pods.",
        "step of e ∉ {taint-eviction evict, kubelet evict, delete node}: ∀p: bound[p] ≠ none ⇒ bound'[p] = bound[p]",
        "Since TaintBasedEvictions went GA (1.18) the node lifecycle controller deletes no pods itself: pods "
        "on an unhealthy node go only through the NoExecute taints and the taint-eviction controller, which "
        "honours tolerations (a DaemonSet pod tolerating unreachable forever stays). A restarted kubelet "
        "re-admits the pods already running on it and must not fail them (#105523, OutOfcpu after restart, "
        "fixed by admitting only pods not yet admitted).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go; pkg/controller/tainteviction/taint_eviction.go; "
        "pkg/kubelet/kubelet.go (HandlePodAdditions, filterOutInactivePods); kubernetes/kubernetes#105523",
        "step",
        lambda pre, post, b: And(
            *[Implies(pre.pod(p).bound_to != d.UNBOUND, post.pod(p).bound_to == pre.pod(p).bound_to) for p in pre.pods]
        ),
        lambda pre, post, b: Or(*[pre.pod(p).bound_to == b.node for p in pre.pods]) if pre.cfg.pods else False,
        "a kubelet with pods on its node restarts",
        events=_events_but("taint_eviction_evict_pod", "kubelet_evict_pod", "admin_delete_node", "time_passes"),
        witness_kind="step",
        witness_events=("kubelet_restarts",),
    ),
    Property(
        "uninitialized-taint-changes-only-by-cloud-controller",
        "Only the cloud node controller removes node.cloudprovider.kubernetes.io/uninitialized from an existing "
        "Node (after it initialised the node), and nothing adds it to an existing Node: the node lifecycle "
        "controller's taint passes, the kubelet, cordon/taint commands leave it alone (only the kubelet's create "
        "request carries it).",
        "step of e ≠ cloud initialize: ∀n: exists[n] ∧ exists'[n] ⇒ uninitialized'[n] = uninitialized[n]",
        "The kubelet with --cloud-provider=external registers with the taint; the cloud node controller removes "
        "it once initializeNode succeeded; doNoScheduleTaintingPass swaps only the taint keys of "
        "nodeConditionToTaintKeyStatusMap and the unschedulable taint (taintKeys), never other NoSchedule taints.",
        "staging/src/k8s.io/cloud-provider/controllers/node/node_controller.go (syncNode); "
        "staging/src/k8s.io/cloud-provider/api/well_known_taints.go; "
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (doNoScheduleTaintingPass)",
        "step",
        lambda pre, post, b: And(
            *[
                Implies(
                    And(pre.node(n).exists, post.node(n).exists),
                    post.node(n).taint_uninitialized == pre.node(n).taint_uninitialized,
                )
                for n in pre.nodes
            ]
        ),
        lambda pre, post, b: And(pre.node(b.node).exists, pre.node(b.node).taint_uninitialized),
        "the NoSchedule pass acts on a Node waiting for the cloud controller",
        events=_events_but("cloud_node_initialize", "time_passes"),
        witness_kind="step",
        witness_events=("nlc_sync_noschedule_taints",),
    ),
    Property(
        "status-posts-spaced-by-update-frequency",
        "The kubelet posts node status no more often than node-status-update-frequency.",
        "post_status(n) ⇒ since_status_post[n] ≥ node_status_update_frequency",
        "syncNodeStatus runs under wait.JitterUntil(nodeStatusUpdateFrequency, jitter 0.04) and the status is "
        "posted at most once per run (stricter than upstream only during fastStatusUpdateOnce, the kubelet's "
        "start-up burst until the Node is Ready, which the model does not have either).",
        "pkg/kubelet/kubelet.go (Run: go wait.JitterUntil(kl.syncNodeStatus, kl.nodeStatusUpdateFrequency, ...))",
        "step",
        lambda pre, post, b: pre.node(b.node).since_status_post >= pre.params.node_status_update_frequency,
        lambda pre, post, b: True,
        "a kubelet posts status",
        events=("kubelet_post_status",),
        witness_kind="step",
        witness_events=("kubelet_post_status",),
    ),
    Property(
        "kubelet-posts-status-when-due",
        "The kubelet refuses no status post upstream's status loop makes: a live, registered kubelet whose Node "
        "exists can post whatever it finds (Ready or not, under memory pressure or not) as soon as "
        "node-status-update-frequency has passed since its last post (the mirror of "
        "status-posts-spaced-by-update-frequency).",
        "∀n: alive[n] ∧ registered[n] ∧ exists[n] ∧ since_status_post[n] ≥ node_status_update_frequency ⇒ "
        "post_status(n, ready, memory_pressure) enabled for every ready, memory_pressure   (a property of the "
        "kubelet's guard, rebuilt for the model checked)",
        "syncNodeStatus runs under wait.JitterUntil(nodeStatusUpdateFrequency, jitter 0.04, sliding): the next run "
        "comes between 1 and 1.04 periods after the last one ends (10 s to 10.4 s by default, so at 10 s in whole "
        "seconds), and each run posts the status it computed. A kubelet that could post only later (round 12 of "
        "bugs written apart: strictly after the period) holds back a heartbeat upstream sends.",
        "pkg/kubelet/kubelet.go (Run: go wait.JitterUntil(kl.syncNodeStatus, kl.nodeStatusUpdateFrequency, 0.04, "
        "true, ...)); pkg/kubelet/kubelet_node_status.go (syncNodeStatus -> updateNodeStatus)",
        "state",
        _post_possible(d.EVENT_BY_ID["kubelet_post_status"].guard),
        lambda s: _post_due(s, 0),
        "node 0's kubelet is due to post its status",
        guard_of="kubelet_post_status",
        formula_for=_post_possible,
    ),
    Property(
        "status-loop-due-at-kubelet-start",
        "A kubelet process that holds its client certificate and has not registered yet has its status loop "
        "due: the new process's first syncNodeStatus (which registers first, then posts) runs at once, "
        "whenever the old process last posted, so registration comes before time moves on and the first post "
        "may follow at once.",
        "∀n: alive[n] ∧ cert[n] ∧ ¬registered[n] ⇒ since_status_post[n] ≥ node_status_update_frequency",
        "kubelet.Run starts wait.JitterUntil(kl.syncNodeStatus, nodeStatusUpdateFrequency, 0.04, true, ...): "
        "BackoffUntil calls the function before its first wait, and a new process has registrationCompleted "
        "false, so syncNodeStatus registers at once (registerWithAPIServer), then updateNodeStatus posts (a new "
        "process's lastStatusReportTime is zero). Bootstrap (LoadClientCert) completes before Run, so the same "
        "holds when the certificate is new. Round 12 of bugs written apart (restart-status-clamp-renew): a "
        "restart that left the status clock where the old process had it let the first pass wait up to a period.",
        "pkg/kubelet/kubelet.go (Run); staging/src/k8s.io/apimachinery/pkg/util/wait/backoff.go (BackoffUntil); "
        "pkg/kubelet/kubelet_node_status.go (syncNodeStatus, registerWithAPIServer); cmd/kubelet/app/server.go "
        "(run: bootstrap.LoadClientCert before RunKubelet)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(s.node(n).alive, s.node(n).cert, Not(s.node(n).registered)),
                s.node(n).since_status_post >= s.params.node_status_update_frequency,
            ),
        ),
        lambda s: And(s.node(0).alive, s.node(0).cert, Not(s.node(0).registered), s.node(0).exists),
        "node 0's kubelet restarted with its certificate while its Node exists",
    ),
    Property(
        "noexecute-swap-keeps-a-taint",
        "A write of the NoExecute tainting pass that leaves a Node with a Ready NoExecute taint keeps one it "
        "already had, if it had any: a swap between not-ready and unreachable is never a single replace, so the "
        "taint-eviction controller always sees overlapping taint sets and keeps each pod's eviction time.",
        "noexecute_pass(n) ∧ (not-ready:NE[n] ∨ unreachable:NE[n]) ∧ (not-ready:NE'[n] ∨ unreachable:NE'[n]) ⇒ "
        "(not-ready:NE[n] ∧ not-ready:NE'[n]) ∨ (unreachable:NE[n] ∧ unreachable:NE'[n])",
        "SwapNodeControllerTaint: AddOrUpdateTaintOnNode(new) first, RemoveTaintOffNode(old) second, so every "
        "Node update the taint-eviction controller sees overlaps the previous NoExecute set (taintSetsOverlap) "
        "and processPodOnNode keeps the pod's scheduled eviction; a single replace restarts every "
        "tolerationSeconds count on each not-ready <-> unreachable flap.",
        "pkg/controller/util/node/controller_utils.go (SwapNodeControllerTaint); "
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode)",
        "step",
        lambda pre, post, b: Implies(
            And(
                Or(pre.node(b.node).taint_not_ready_ne, pre.node(b.node).taint_unreachable_ne),
                Or(post.node(b.node).taint_not_ready_ne, post.node(b.node).taint_unreachable_ne),
            ),
            Or(
                And(pre.node(b.node).taint_not_ready_ne, post.node(b.node).taint_not_ready_ne),
                And(pre.node(b.node).taint_unreachable_ne, post.node(b.node).taint_unreachable_ne),
            ),
        ),
        lambda pre, post, b: And(
            Or(pre.node(b.node).taint_not_ready_ne, pre.node(b.node).taint_unreachable_ne),
            Or(post.node(b.node).taint_not_ready_ne, post.node(b.node).taint_unreachable_ne),
        ),
        "the NoExecute pass writes a Node that keeps a Ready NoExecute taint (the first write of a swap)",
        events=("nlc_sync_noexecute_taints",),
        witness_kind="step",
        witness_events=("nlc_sync_noexecute_taints",),
    ),
    # issue 12, round 7: what a seventh set of bugs written apart let through
    Property(
        "lease-renewals-spaced-by-renew-interval",
        "The kubelet renews its Lease no more often than the lease renew interval.",
        "renew_lease(n) ⇒ since_lease_renew[n] ≥ lease_renew_interval",
        "The node lease controller runs sync under wait.JitterUntil(renewInterval) (sliding): after a successful "
        "renewal the next one is a full renewInterval (nodeLeaseDurationSeconds x 0.25 = 10 s) away. Failed "
        "attempts retried at once (retryUpdateLease) renew nothing. The Lease exists to make heartbeats cheap and "
        "regular; a kubelet renewing in a tight loop multiplies API server and etcd writes by the number of nodes.",
        "staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go (Run, sync); "
        "pkg/kubelet/kubelet.go (nodeLeaseRenewIntervalFraction)",
        "step",
        lambda pre, post, b: pre.node(b.node).since_lease_renew >= pre.params.lease_renew_interval,
        lambda pre, post, b: True,
        "a kubelet renews its Lease",
        events=("kubelet_renew_lease",),
        witness_kind="step",
        witness_events=("kubelet_renew_lease",),
    ),
    Property(
        "monitor-passes-spaced-by-period",
        "The node lifecycle controller's health pass looks at a Node no more often than node-monitor-period.",
        "monitor(n) ⇒ since_monitor[n] ≥ node_monitor_period",
        "monitorNodeHealth runs under wait.UntilWithContext(nodeMonitorPeriod): one pass over every Node per period "
        "(the lemma monitor-runs-every-period bounds the gap from above; this bounds it from below). The NoExecute "
        "latencies (a posted Ready=False acted on at the next pass) are stated in whole periods.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (Run: go wait.UntilWithContext(ctx, "
        "nc.monitorNodeHealth, nc.nodeMonitorPeriod))",
        "step",
        lambda pre, post, b: pre.node(b.node).since_monitor >= pre.params.node_monitor_period,
        lambda pre, post, b: True,
        "the controller runs a health pass on a Node",
        events=("nlc_monitor_node_health",),
        witness_kind="step",
        witness_events=("nlc_monitor_node_health",),
    ),
    Property(
        "kubectl-taint-writes-its-effect",
        "kubectl taint leaves the Node carrying the user taint with exactly the effect it was given "
        "(NoSchedule, PreferNoSchedule or NoExecute).",
        "taint(n, effect) ⇒ taint_custom'[n] ∧ custom_effect'[n] = effect",
        "kubectl taint parses KEY[=VALUE]:EFFECT (parseTaints, validateTaintEffect accepts exactly the three "
        "effects) and patches spec.taints with that taint; the API server stores it unchanged. A PreferNoSchedule "
        "taint written as NoExecute evicts every pod that does not tolerate it, where the administrator asked "
        "only for a scoring preference.",
        "staging/src/k8s.io/kubectl/pkg/cmd/taint/taint.go, utils.go (parseTaints, validateTaintEffect)",
        "step",
        lambda pre, post, b: And(post.node(b.node).taint_custom, post.node(b.node).custom_effect == b.taint_effect),
        lambda pre, post, b: b.taint_effect == d.PREFER_NO_SCHEDULE,
        "an administrator adds a PreferNoSchedule user taint",
        events=("admin_taint_node",),
        witness_kind="step",
        witness_events=("admin_taint_node",),
    ),
    Property(
        "kubectl-untaint-removes-the-taint",
        "kubectl taint KEY- leaves the Node without the user taint, whatever its effect.",
        "untaint(n) ⇒ ¬taint_custom'[n]",
        "deleteTaints: a taint to remove given without an effect matches every taint of the key "
        '(taintToRemove.Effect == ""), so KEY- removes KEY:NoSchedule, KEY:PreferNoSchedule and KEY:NoExecute. '
        "A NoExecute user taint left behind keeps evicting every pod scheduled there that does not tolerate it.",
        "staging/src/k8s.io/kubectl/pkg/cmd/taint/utils.go (deleteTaints); taint.go (RunTaint)",
        "step",
        lambda pre, post, b: Not(post.node(b.node).taint_custom),
        lambda pre, post, b: pre.node(b.node).custom_effect == d.NO_EXECUTE,
        "an administrator removes a NoExecute user taint",
        events=("admin_untaint_node",),
        witness_kind="step",
        witness_events=("admin_untaint_node",),
    ),
    Property(
        "uncordon-clears-unschedulable",
        "kubectl uncordon leaves the Node with spec.unschedulable=false, whatever its conditions (the mirror of "
        "cordon-sets-unschedulable).",
        "uncordon(n) ⇒ ¬unschedulable'[n]",
        "CordonHelper.UpdateIfRequired/PatchOrReplace set node.Spec.Unschedulable to the desired value and patch it; "
        "nothing reads the Node's conditions. An uncordon silently skipped on a NotReady Node leaves it cordoned "
        "for ever after it recovers.",
        "staging/src/k8s.io/kubectl/pkg/drain/cordon.go (NewCordonHelper, UpdateIfRequired, PatchOrReplace)",
        "step",
        lambda pre, post, b: Not(post.node(b.node).unschedulable),
        lambda pre, post, b: pre.node(b.node).ready != d.READY_TRUE,
        "an administrator uncordons a Node that is not Ready",
        events=("admin_uncordon",),
        witness_kind="step",
        witness_events=("admin_uncordon",),
    ),
    # issue 12, round 8: what an eighth set of bugs written apart let through
    Property(
        "ready-noexecute-taint-added-only-when-ready-asks",
        "A Ready NoExecute taint is added to a Node only when its Ready condition asks for it: not-ready:NoExecute "
        "when Ready=False, unreachable:NoExecute when Ready=Unknown. A Ready Node never gains one, not even for the "
        "instant between two writes.",
        "any step: ∀n: (¬not-ready:NE[n] ∧ not-ready:NE'[n] ⇒ ready'[n]=False) ∧ "
        "(¬unreachable:NE[n] ∧ unreachable:NE'[n] ⇒ ready'[n]=Unknown)",
        "processTaintBaseEviction switches on Ready: ConditionFalse adds NotReadyTaintTemplate (swapping out "
        "UnreachableTaintTemplate), ConditionUnknown adds UnreachableTaintTemplate (swapping out "
        "NotReadyTaintTemplate), ConditionTrue only removes (markNodeAsReachable); the zone queue's "
        "doNoExecuteTaintingPass takes the template from the condition and taints nothing for a Ready Node. A "
        "wrong taint that the next write removes is never passed over by time, so the time-bounded taint "
        "properties miss it, yet the taint-eviction controller deletes at once every pod that does not "
        "tolerate it.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (processTaintBaseEviction, markNodeAsReachable, "
        "doNoExecuteTaintingPass)",
        "step",
        lambda pre, post, b: _all_nodes(
            pre,
            lambda n: And(
                Implies(
                    And(Not(pre.node(n).taint_not_ready_ne), post.node(n).taint_not_ready_ne),
                    post.node(n).ready == d.READY_FALSE,
                ),
                Implies(
                    And(Not(pre.node(n).taint_unreachable_ne), post.node(n).taint_unreachable_ne),
                    post.node(n).ready == d.READY_UNKNOWN,
                ),
            ),
        ),
        lambda pre, post, b: And(
            pre.node(b.node).taint_not_ready_ne,
            Not(pre.node(b.node).taint_unreachable_ne),
            post.node(b.node).taint_unreachable_ne,
        ),
        "the NoExecute pass adds unreachable:NoExecute to a Node that carries not-ready:NoExecute (a swap's "
        "first write)",
        events=_events_but(),
        witness_kind="step",
        witness_events=("nlc_sync_noexecute_taints",),
    ),
    # round 12: what a twelfth set of bugs written apart let through
    Property(
        "node-created-once-per-kubelet-start",
        "A kubelet creates its Node at most once per process: the create comes only from a kubelet that has not "
        "completed its registration since it started, and completes it. A Node an administrator deletes stays "
        "deleted until its kubelet restarts (then kubelet-creates-its-missing-node brings it back).",
        "step: ∀n: ¬exists[n] ∧ exists'[n] ⇒ ¬registered[n] ∧ registered'[n]   (registered: the kubelet's "
        "registrationCompleted, reset only by a new kubelet process)",
        "registerWithAPIServer returns at once once registrationCompleted is true and sets it after the first "
        "successful create (or AlreadyExists); syncNodeStatus then only updates status, which fails with "
        "'node not found' on a deleted Node. Only a new kubelet process starts with the flag false.",
        "pkg/kubelet/kubelet_node_status.go (registerWithAPIServer: if kl.registrationCompleted return; "
        "syncNodeStatus)",
        "step",
        lambda pre, post, b: _all_nodes(
            pre,
            lambda n: Implies(
                And(Not(pre.node(n).exists), post.node(n).exists),
                And(Not(pre.node(n).registered), post.node(n).registered),
            ),
        ),
        lambda pre, post, b: And(Not(pre.node(b.node).exists), post.node(b.node).exists),
        "a kubelet creates its Node",
        events=_events_but(),
        witness_kind="step",
        witness_events=("kubelet_register_node",),
    ),
    Property(
        "probe-moves-only-in-health-pass",
        "On an existing Node only the node lifecycle controller's health pass moves its probe time: no kubelet "
        "step (a re-registration after a restart, say), no other controller and no administrator's command "
        "refreshes it, so only a heartbeat the pass observes keeps a Node from going Unknown.",
        "step of e ∉ {monitor, time}: ∀n: exists[n] ∧ exists'[n] ⇒ since_probe'[n] = since_probe[n]",
        "probeTimestamp lives in the controller's own nodeHealthMap; tryUpdateNodeHealth sets it when it observes "
        "a changed Ready lastHeartbeatTime or a newer Lease renewTime (for a new Node: its creation). The "
        "kubelet's AlreadyExists re-registration changes neither (re-registration-is-idempotent). A probe "
        "refreshed by it would give a kubelet that re-registers and dies more than the grace period "
        "(silent-node-becomes-unknown, reached only past BMC's depth: round 12 of bugs written apart).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth: nodeHealth.probeTimestamp)",
        "step",
        lambda pre, post, b: _all_nodes(
            pre,
            lambda n: Implies(
                And(pre.node(n).exists, post.node(n).exists), post.node(n).since_probe == pre.node(n).since_probe
            ),
        ),
        lambda pre, post, b: pre.node(b.node).exists,
        "a restarted kubelet registers its existing Node again",
        events=_events_but("nlc_monitor_node_health", "time_passes"),
        witness_kind="step",
        witness_events=("kubelet_register_node",),
    ),
    # round 13: what a thirteenth set of bugs written apart let through
    Property(
        "re-registration-keeps-status-loop-due",
        "A restarted kubelet that registers a Node which already exists (AlreadyExists) still has its status "
        "loop due: the same syncNodeStatus pass goes on to post the status, so the re-registration never pushes "
        "the new process's first post back by a period.",
        "register(n) ∧ exists[n] ⇒ since_status_post'[n] ≥ node_status_update_frequency",
        "syncNodeStatus calls registerWithAPIServer (which, on AlreadyExists, only reconciles the existing Node) "
        "and then updateNodeStatus in the same call; a new process's lastStatusReportTime is zero, so that "
        "update posts. A re-registration that restarted the status clock would delay the first post by a "
        "period (round 13 of bugs written apart; status-loop-due-at-kubelet-start holds only until it).",
        "pkg/kubelet/kubelet_node_status.go (syncNodeStatus, registerWithAPIServer, tryUpdateNodeStatus)",
        "step",
        lambda pre, post, b: Implies(
            pre.node(b.node).exists,
            post.node(b.node).since_status_post >= pre.params.node_status_update_frequency,
        ),
        lambda pre, post, b: pre.node(b.node).exists,
        "a restarted kubelet registers its existing Node again",
        events=("kubelet_register_node",),
        witness_kind="step",
        witness_events=("kubelet_register_node",),
    ),
    Property(
        "lease-renewal-due-at-certificate",
        "When the kubelet takes its client certificate, its Lease controller starts and its first renewal is due "
        "at once: the Lease clock stands at heartbeat-gap-max, so the Lease is created or renewed before time moves "
        "on, never up to heartbeat-gap-max later.",
        "obtain_certificate(n) ⇒ since_lease_renew'[n] ≥ heartbeat_gap_max   (renew_lease is urgent at "
        "heartbeat_gap_max: no time passes before it)",
        "cmd/kubelet/app/server.go run finishes bootstrap.LoadClientCert before RunKubelet; kubelet.Run starts "
        "go kl.nodeLeaseController.Run, whose wait.JitterUntil(c.sync, c.renewInterval, 0.04, true, ...) calls sync "
        "(ensureLease: create or renew kube-node-lease/<node>) before its first wait, as a new process's does "
        "(kubelet_restarts counts that renewal in its own step). A certificate that left the Lease clock where it "
        "was, or restarted it, let the first renewal wait up to heartbeat-gap-max (round 13 of bugs written apart: "
        "obtain-cert-restarts-lease-clock, inside the gap every other Lease property allows).",
        "pkg/kubelet/kubelet.go (Run: go kl.nodeLeaseController.Run); staging/src/k8s.io/component-helpers/"
        "apimachinery/lease/controller.go (Run, sync); cmd/kubelet/app/server.go (run: bootstrap.LoadClientCert "
        "before RunKubelet)",
        "step",
        lambda pre, post, b: post.node(b.node).since_lease_renew >= pre.params.heartbeat_gap_max,
        lambda pre, post, b: True,
        "a kubelet takes its client certificate",
        events=("kubelet_obtain_certificate",),
        witness_kind="step",
        witness_events=("kubelet_obtain_certificate",),
    ),
    Property(
        "lease-clock-moves-only-by-lease-controller",
        "Only a node's own Lease controller moves the time of its last Lease renewal: a renewal, a new kubelet "
        "process (whose controller renews at once) or the client certificate arriving (which starts it), each for "
        "its own node. A status post, a registration, another node's kubelet, a controller or an administrator's "
        "command renews no Lease, so the Lease's own deadline (heartbeat-gap-max) is never pushed back by them.",
        "step of e on n, e ≠ time: ∀m: (m ≠ n ∨ e ∉ {renew_lease, restarts, obtain_certificate}) ⇒ "
        "since_lease_renew'[m] = since_lease_renew[m]",
        "Since the Lease heartbeat (GA in 1.17) the kubelet's nodelease controller renews kube-node-lease/<node> on "
        "its own loop (wait.JitterUntil(c.sync, c.renewInterval, 0.04, true, ...)), apart from the status loop: "
        "updateNodeStatus PATCHes nodes/status and never touches the Lease. A status post that restarted the "
        "Lease clock would let a kubelet that posts status go without renewing its Lease past heartbeat-gap-max "
        "(round 13 of bugs written apart: no other property reads when the Lease itself was renewed).",
        "staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go (Run, sync); "
        "pkg/kubelet/kubelet_node_status.go (updateNodeStatus)",
        "step",
        lambda pre, post, b: And(
            *[
                Implies(
                    Or(m != b.node, b.inst.event.id not in _LEASE_CONTROLLER_EVENTS),
                    post.node(m).since_lease_renew == pre.node(m).since_lease_renew,
                )
                for m in pre.nodes
            ]
        ),
        lambda pre, post, b: True,
        "a kubelet posts status",
        events=_events_but("time_passes"),
        witness_kind="step",
        witness_events=("kubelet_post_status",),
    ),
    # round 9: what a ninth set of bugs written apart let through
    Property(
        "heartbeat-needs-client-certificate",
        "Only a kubelet that holds its client certificate heartbeats: a Lease renewal or status post the node "
        "lifecycle controller has not yet seen always comes from a node whose kubelet has its certificate.",
        "∀n: heartbeat_unseen[n] ⇒ cert[n]",
        "Before TLS bootstrap completes the kubelet holds only its bootstrap token, whose system:node-bootstrapper "
        "role lets it create and read CertificateSigningRequests and nothing else; the Lease in kube-node-lease "
        "and nodes/status are written with the system:node:<name> credential (the Node authorizer), and the "
        "kubelet builds its heartbeat client only once bootstrap.LoadClientCert has returned. A restarted "
        "kubelet that renews a Lease before it has a certificate makes a heartbeat no one could have sent.",
        "cmd/kubelet/app/server.go (run: bootstrap.LoadClientCert before the clients); pkg/kubelet/nodelease; "
        "plugin/pkg/auth/authorizer/node/node_authorizer.go",
        "state",
        lambda s: _all_nodes(s, lambda n: Implies(s.node(n).heartbeat_unseen, s.node(n).cert)),
        lambda s: s.node(0).heartbeat_unseen,
        "node 0 has a heartbeat the controller has not yet seen",
    ),
    # round 11: what an eleventh set of bugs written apart let through
    Property(
        "disturbance-keeps-node-off",
        "The premise of node-becomes-schedulable ends only at a step that really keeps ordinary pods off the "
        "node or stops its kubelet: one that leaves the kubelet down, the Node deleted, not Ready, under "
        "pressure or network-unavailable, cordoned, or carrying a user or cloud taint. A Lease renewal, an "
        "uncordon or any other healthy step never counts as a disturbance.",
        "step: ∀n: undisturbed[n] ∧ ¬undisturbed'[n] ⇒ ¬alive'[n] ∨ ¬exists'[n] ∨ ready'[n] ≠ True ∨ "
        "memory_pressure'[n] ∨ network_unavailable'[n] ∨ unschedulable'[n] ∨ user taint'[n] ∨ uninitialized'[n]",
        "node-becomes-schedulable promises progress only to an undisturbed node; its premise is a ghost that "
        "the semantics clears by the table DISTURBS. Nothing checked that table against upstream, so an entry "
        "for a step that disturbs nothing (a Lease renewal, an uncordon) emptied the promise after the first "
        "such step and every property still read proved. Upstream, what keeps an ordinary pod off a live "
        "Node is exactly: the NodeUnschedulable filter (spec.unschedulable), the TaintToleration filter "
        "(user, cloud and condition taints, the latter following NotReady, MemoryPressure and "
        "NetworkUnavailable through nodeConditionToTaintKeyStatusMap), a Node that is gone, and a kubelet "
        "that stopped (it then renews nothing and the Node goes Unknown).",
        "pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go (Filter); "
        "pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go (Filter); "
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (doNoScheduleTaintingPass, "
        "nodeConditionToTaintKeyStatusMap); pkg/kubelet/nodestatus/setters.go (ReadyCondition, "
        "MemoryPressureCondition)",
        "step",
        lambda pre, post, b: And(
            *[
                Implies(
                    And(pre.node(m).undisturbed, Not(post.node(m).undisturbed)),
                    Or(
                        Not(post.node(m).alive),
                        Not(post.node(m).exists),
                        post.node(m).ready != d.READY_TRUE,
                        post.node(m).memory_pressure,
                        post.node(m).network_unavailable,
                        post.node(m).unschedulable,
                        post.node(m).taint_custom,
                        post.node(m).taint_uninitialized,
                    ),
                )
                for m in pre.nodes
            ]
        ),
        lambda pre, post, b: And(pre.node(b.node).undisturbed, Not(post.node(b.node).undisturbed)),
        "an undisturbed node is disturbed (its kubelet stops)",
        events=_events_but(),
        witness_kind="step",
        witness_events=("kubelet_stops",),
    ),
)


# Supporting invariants of the node lifecycle controller's clocks. Together they make
# silent-node-becomes-unknown and heartbeating-node-stays-known inductive: each is proved on its
# own, and then assumed (sound: they hold in every reachable state).
LEMMAS: tuple[Property, ...] = (
    Property(
        "monitor-runs-every-period",
        "The node lifecycle controller looks at every existing Node at least every monitor period.",
        "∀n: exists[n] ⇒ since_monitor[n] ≤ node_monitor_period",
        "monitorNodeHealth runs under wait.Until with node-monitor-period.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (Run)",
        "state",
        lambda s: _all_nodes(
            s, lambda n: Implies(s.node(n).exists, s.node(n).since_monitor <= s.params.node_monitor_period)
        ),
        lambda s: s.node(0).exists,
        "node 0 exists",
        lemma=True,
    ),
    Property(
        "unseen-heartbeat-is-recent",
        "A heartbeat the controller has not seen yet happened after its last pass.",
        "∀n: exists[n] ∧ heartbeat_unseen[n] ⇒ since_heartbeat[n] ≤ since_monitor[n]",
        "Each pass compares the Lease and the Ready heartbeat with what it saved last time.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(s.node(n).exists, s.node(n).heartbeat_unseen), s.node(n).since_heartbeat <= s.node(n).since_monitor
            ),
        ),
        lambda s: And(s.node(0).exists, s.node(0).heartbeat_unseen),
        "node 0 has an unseen heartbeat",
        lemma=True,
    ),
    Property(
        "probe-follows-heartbeat",
        "The probe time is at most one monitor period later than the last heartbeat it saw.",
        "∀n: exists[n] ∧ ¬heartbeat_unseen[n] ⇒ since_heartbeat[n] ≤ since_probe[n] + node_monitor_period",
        "probeTimestamp is set to the time of the pass that first sees a heartbeat.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(s.node(n).exists, Not(s.node(n).heartbeat_unseen)),
                s.node(n).since_heartbeat <= s.node(n).since_probe + s.params.node_monitor_period,
            ),
        ),
        lambda s: And(s.node(0).exists, Not(s.node(0).heartbeat_unseen)),
        "node 0's heartbeats are all seen",
        lemma=True,
    ),
    Property(
        "known-node-within-grace",
        "A node not yet marked Unknown whose heartbeats are all seen was probed within its grace plus one period.",
        "∀n: exists[n] ∧ ready[n]≠Unknown ∧ ¬heartbeat_unseen[n] ⇒ since_probe[n] ≤ grace(n) + since_monitor[n]",
        "A pass that finds the probe older than the grace period marks the node Unknown, whatever Ready said.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(s.node(n).exists, s.node(n).ready != d.READY_UNKNOWN, Not(s.node(n).heartbeat_unseen)),
                s.node(n).since_probe <= _grace(s, s.node(n)) + s.node(n).since_monitor,
            ),
        ),
        lambda s: And(s.node(0).exists, s.node(0).ready == d.READY_FALSE),
        "node 0 is NotReady",
        lemma=True,
    ),
    Property(
        "live-kubelet-renews-in-time",
        "A live kubelet with credentials renewed its Lease within heartbeat-gap-max.",
        "∀n: alive[n] ∧ cert[n] ⇒ since_lease_renew[n] ≤ heartbeat_gap_max",
        "The node lease controller retries until it renews; heartbeat-gap-max bounds the gap.",
        "pkg/kubelet/nodelease; staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(s.node(n).alive, s.node(n).cert), s.node(n).since_lease_renew <= s.params.heartbeat_gap_max
            ),
        ),
        lambda s: s.node(0).cert,
        "node 0's kubelet holds a certificate",
        lemma=True,
    ),
    Property(
        "probe-after-last-renewal",
        "Once the controller has seen every heartbeat, its probe time is no older than the last renewal.",
        "∀n: exists[n] ∧ ¬heartbeat_unseen[n] ⇒ since_probe[n] ≤ since_lease_renew[n]",
        "A renewal marks a heartbeat unseen; the next pass refreshes the probe.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(s.node(n).exists, Not(s.node(n).heartbeat_unseen)),
                s.node(n).since_probe <= s.node(n).since_lease_renew,
            ),
        ),
        lambda s: And(s.node(0).exists, Not(s.node(0).heartbeat_unseen)),
        "node 0's heartbeats are all seen",
        lemma=True,
    ),
    Property(
        "absent-node-has-no-object-data",
        "Where no Node object exists there is no condition, taint or cordon either.",
        "∀n: ¬exists[n] ⇒ ready[n]=Absent ∧ no taints ∧ ¬unschedulable[n] ∧ no conditions",
        "Conditions, taints and spec.unschedulable are fields of the Node object.",
        "staging/src/k8s.io/api/core/v1/types.go (Node)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                Not(s.node(n).exists),
                And(
                    s.node(n).ready == d.READY_ABSENT,
                    Not(s.node(n).unschedulable),
                    Not(s.node(n).memory_pressure),
                    Not(s.node(n).network_unavailable),
                    *[Not(getattr(s.node(n), t.var)) for t in d.TAINT_SLOTS],
                ),
            ),
        ),
        lambda s: And(s.node(0).cert, Not(s.node(0).exists)),
        "node 0 is Bootstrapped",
        lemma=True,
    ),
    Property(
        "absent-node-has-nothing-requested",
        "The scheduler counts no request on a node whose Node object does not exist.",
        "∀n: ¬exists[n] ⇒ requested[n] = 0",
        "RemoveNode drops the node's NodeInfo with its pods (the garbage collector deletes them).",
        "pkg/scheduler/internal/cache/cache.go (RemoveNode, RemovePod)",
        "state",
        lambda s: _all_nodes(s, lambda n: Implies(Not(s.node(n).exists), s.node(n).requested == 0)),
        lambda s: And(s.node(0).cert, Not(s.node(0).exists)),
        "node 0 is Bootstrapped",
        lemma=True,
    ),
    Property(
        "eviction-timer-no-later-than-taints",
        "The taint-eviction controller's timer for a pod started no later than the pod came under any "
        "NoExecute taint it is under now.",
        "∀p,n: bound[p]=n ∧ NoExecute taint T on n ⇒ under_T[p] ≤ since_noexecute[p]",
        "processPodOnNode keeps the scheduled eviction's CreatedAt while the taint sets overlap and "
        "restarts it only when every taint is new.",
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode)",
        "state",
        lambda s: And(
            *[
                Implies(And(s.pod(p).bound_to == n, on), getattr(s.pod(p), ghost) <= s.pod(p).since_noexecute)
                for p in getattr(s, "focus_pods", s.pods)
                for n in s.nodes
                for ghost, on in _noexecute_on(s.node(n))
            ]
        ),
        lambda s: And(s.pod(0).bound_to == 0, s.node(0).taint_not_ready_ne) if s.cfg.pods else False,
        "pod 0 is under not-ready:NoExecute",
        lemma=True,
    ),
    Property(
        "node-has-ready-condition",
        "Every Node a kubelet created carries a Ready condition (the Registered state, a Node without "
        "Ready, is reached only by implementations that create Nodes without conditions).",
        "∀n: exists[n] ⇒ ready[n] ≠ Absent",
        "initialNode ends with setNodeStatus; the controller replaces Ready only by Unknown.",
        "pkg/kubelet/kubelet_node_status.go (initialNode)",
        "state",
        lambda s: _all_nodes(s, lambda n: Implies(s.node(n).exists, s.node(n).ready != d.READY_ABSENT)),
        lambda s: s.node(0).exists,
        "node 0 exists",
        lemma=True,
    ),
    Property(
        "fallen-node-keeps-a-ready-taint",
        "A node whose Ready fell from True more than the controller's latency ago carries the not-ready "
        "or the unreachable NoSchedule taint.",
        "∀n: exists[n] ∧ ready[n]∈{False,Unknown} ∧ since_left_ready[n] > latency ⇒ not-ready:NS ∨ unreachable:NS",
        "doNoScheduleTaintingPass runs on the Node update before time moves on, and swaps add before remove.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (doNoScheduleTaintingPass)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(
                    s.node(n).exists,
                    Or(s.node(n).ready == d.READY_FALSE, s.node(n).ready == d.READY_UNKNOWN),
                    s.node(n).since_left_ready > CONTROLLER_LATENCY,
                ),
                Or(s.node(n).taint_not_ready_ns, s.node(n).taint_unreachable_ns),
            ),
        ),
        lambda s: And(s.node(0).exists, s.node(0).ready == d.READY_FALSE, s.node(0).since_left_ready > 0),
        "node 0 fell from Ready to NotReady a while ago",
        lemma=True,
    ),
    Property(
        "undisturbed-kubelet-is-alive",
        "An undisturbed node's kubelet is running, its CSR-to-certificate step is never pending over time, "
        "and until its Node exists the status loop's registration is due within one period.",
        "∀n: undisturbed ⇒ alive ∧ (¬cert ⇒ ¬registered) ∧ (csr=Approved ∧ ¬cert ⇒ since_approved = 0) ∧ "
        "(cert ∧ ¬exists ⇒ ¬registered ∧ since_approved ≤ since_status_post ≤ node_status_update_frequency)",
        "kubelet_stops ends the premise; the certificate is taken at once; syncNodeStatus registers within "
        "a period of the certificate.",
        "pkg/kubelet/kubelet_node_status.go (syncNodeStatus)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                s.node(n).undisturbed,
                And(
                    s.node(n).alive,
                    Implies(Not(s.node(n).cert), Not(s.node(n).registered)),
                    Implies(And(s.node(n).csr == d.CSR_APPROVED, Not(s.node(n).cert)), s.node(n).since_approved == 0),
                    Implies(
                        And(s.node(n).cert, Not(s.node(n).exists)),
                        And(
                            Not(s.node(n).registered),
                            s.node(n).since_approved <= s.node(n).since_status_post,
                            s.node(n).since_status_post <= s.params.node_status_update_frequency,
                        ),
                    ),
                ),
            ),
        ),
        lambda s: And(s.node(0).undisturbed, s.node(0).cert),
        "node 0's undisturbed kubelet holds a certificate",
        lemma=True,
    ),
    Property(
        "undisturbed-node-is-plain",
        "An undisturbed Node is Ready with no pressure, cordon, user or cloud taint, and no Ready taint once "
        "the taint pass has seen it.",
        "∀n: undisturbed ∧ exists ⇒ ready=True ∧ ¬memory_pressure ∧ ¬network_unavailable ∧ ¬unschedulable ∧ "
        "no user, cloud, unschedulable, pressure, network or unreachable taint",
        "Only the disturbances the premise excludes add these; a live kubelet's Lease keeps Ready from "
        "Unknown (heartbeat-gap-within-grace).",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(s.node(n).undisturbed, s.node(n).exists),
                And(
                    s.node(n).ready == d.READY_TRUE,
                    Not(s.node(n).memory_pressure),
                    Not(s.node(n).network_unavailable),
                    Not(s.node(n).unschedulable),
                    Not(s.node(n).taint_custom),
                    Not(s.node(n).taint_uninitialized),
                    Not(s.node(n).taint_unschedulable),
                    Not(s.node(n).taint_memory_pressure),
                    Not(s.node(n).taint_network_unavailable),
                    Not(s.node(n).taint_unreachable_ns),
                ),
            ),
        ),
        lambda s: And(s.node(0).undisturbed, s.node(0).exists),
        "node 0 exists undisturbed",
        assumes=("heartbeat-gap-within-grace",),
        lemma=True,
    ),
    Property(
        "synced-taints-match-conditions",
        "Once the NoSchedule tainting pass has seen a Node's latest update, its condition taints match its conditions.",
        "∀n: exists ∧ taints_synced ⇒ (not-ready:NS ⇔ ready=False) ∧ (unreachable:NS ⇔ "
        "ready=Unknown) ∧ unschedulable:NS ⇔ spec.unschedulable ∧ pressure/network taints ⇔ conditions",
        "doNoScheduleTaintingPass computes the desired taints from nodeConditionToTaintKeyStatusMap and swaps them in.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (doNoScheduleTaintingPass)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: Implies(
                And(s.node(n).exists, s.node(n).taints_synced),
                And(
                    s.node(n).taint_not_ready_ns == (s.node(n).ready == d.READY_FALSE),
                    s.node(n).taint_unreachable_ns == (s.node(n).ready == d.READY_UNKNOWN),
                    s.node(n).taint_unschedulable == s.node(n).unschedulable,
                    s.node(n).taint_memory_pressure == s.node(n).memory_pressure,
                    s.node(n).taint_network_unavailable == s.node(n).network_unavailable,
                ),
            ),
        ),
        lambda s: And(s.node(0).exists, s.node(0).taints_synced, s.node(0).ready == d.READY_FALSE),
        "node 0 is NotReady and tainted",
        lemma=True,
    ),
    Property(
        "owed-registration-is-pending",
        "While a live kubelet owes its Node, its registration is pending and the status loop's clock "
        "runs since the start at the latest.",
        "∀n: (registered[n] ⇒ cert[n]) ∧ (registration_owed[n] ∧ alive[n] ⇒ cert[n] ∧ ¬registered[n] ∧ "
        "¬exists[n] ∧ since_registration_owed[n] ≤ since_status_post[n])",
        "Registration needs the certificate, only registration sets registrationCompleted, and it creates "
        "the Node; the status loop's clock is reset only by a status post (which needs the Node) or pulled "
        "in by the start itself.",
        "pkg/kubelet/kubelet_node_status.go (registerWithAPIServer)",
        "state",
        lambda s: _all_nodes(
            s,
            lambda n: And(
                Implies(s.node(n).registered, s.node(n).cert),
                Implies(
                    And(s.node(n).registration_owed, s.node(n).alive),
                    And(
                        s.node(n).cert,
                        Not(s.node(n).registered),
                        Not(s.node(n).exists),
                        s.node(n).since_registration_owed <= s.node(n).since_status_post,
                    ),
                ),
            ),
        ),
        lambda s: And(s.node(0).registration_owed, s.node(0).alive),
        "node 0's kubelet owes its Node",
        lemma=True,
    ),
)

ALL_PROPERTIES: tuple[Property, ...] = LEMMAS + PROPERTIES

PROPERTY_BY_ID: dict[str, Property] = {p.id: p for p in ALL_PROPERTIES}
