"""The node lifecycle, declared once.

Everything else in nodereg is derived from this module: the python-statemachine machine
(:mod:`nodereg.model.machine`), the compiled step of the oracle and the explorer
(:mod:`nodereg.model.semantics`), the Z3 transition relation (:mod:`nodereg.verifier.encoding`), the
diagrams and the exports.

Reading guide, in the manner of a TLA+ spec:

* **Variables** (:data:`NODE_VARS`, :data:`POD_VARS`): the real data. Each node has its kubelet's
  credentials and liveness, its Node object (existence, Ready condition, other conditions, taints,
  ``spec.unschedulable``), its Lease clock and the node lifecycle controller's view of it. Each pod
  has the node it is bound to and its tolerations, ``tolerationSeconds`` and CPU request, left
  *symbolic*: a proof covers every toleration set at once.
* **Control states** (:data:`DEFINITIONS`): the seven states of the lifecycle, each *defined* as
  a predicate over that data. The verifier proves the machine's state always equals its definition.
* **Events** (:data:`EVENTS`): one action per real component, named after it, each with its guard,
  its effect, its timer (when it must or may fire) and the lifecycle edges it may take.
* Invariants live apart, in :mod:`nodereg.properties`.

Time is discrete (one step = whole seconds) and measured by *clocks*: ages that ``time_passes``
advances together, as in timed automata. An action with a ``latest`` bound is *urgent*: time may
not pass beyond the bound while its untimed guard holds. Controllers that upstream runs every
100 ms or on every watch event are urgent with bound 0 (they act before time moves on).

Modelling choices that make a superset of upstream behaviours (so safety proofs carry over):
status may be posted at any moment after ``node-status-update-frequency``; the node lifecycle
controller's per-node passes have arbitrary phase. The kubelet creates its Node with its
conditions, as ``initialNode`` does (a Node without Ready is only reached by implementations that
skip ``setNodeStatus``: the mutant ``node-created-without-conditions``). Not modelled (say so, not
hide it): the scheduler's own cache lag, zone-disruption handling, certificate expiry and rotation,
DiskPressure and PIDPressure (identical in structure to MemoryPressure, which is modelled), and the
per-zone NoExecute rate limit: upstream's token bucket (``--node-eviction-rate`` 0.1/s, burst 1)
taints one failing node of a zone at the next 100 ms pass, which the model's "before time moves on"
matches, but k nodes failing together wait up to (k-1)*10 s, which the model does not allow (its
taint-follow properties are stricter than upstream there; swaps skip the queue upstream too).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .logic import And, If, Implies, Max, Min, Not, Or
from .params import NODE_EVICTION_INTERVAL

# -------------------------------------------------------------------------------------------------
# Enumerations (encoded as small integers for Z3 and the compiled step)
# -------------------------------------------------------------------------------------------------

#: Ready condition status: absent (never posted), True, False, Unknown.
READY_ABSENT, READY_TRUE, READY_FALSE, READY_UNKNOWN = 0, 1, 2, 3
READY_NAMES = ("Absent", "True", "False", "Unknown")

#: CertificateSigningRequest of the kubelet's client certificate.
CSR_NONE, CSR_PENDING, CSR_APPROVED = 0, 1, 2
CSR_NAMES = ("None", "Pending", "Approved")

#: Taint effects.
NO_SCHEDULE, PREFER_NO_SCHEDULE, NO_EXECUTE = 0, 1, 2
EFFECT_NAMES = ("NoSchedule", "PreferNoSchedule", "NoExecute")

#: ``bound_to`` of a pod that no node has (pending, or deleted and recreated by its owner).
UNBOUND = -1

# -------------------------------------------------------------------------------------------------
# Control states
# -------------------------------------------------------------------------------------------------

UNREGISTERED, BOOTSTRAPPED, REGISTERED, READY, NOT_READY, UNKNOWN, SCHEDULABLE = range(7)
STATE_IDS = ("unregistered", "bootstrapped", "registered", "ready", "not_ready", "unknown", "schedulable")
STATE_NAMES = ("Unregistered", "Bootstrapped", "Registered", "Ready", "NotReady", "Unknown", "Schedulable")
#: Only in the symbolic encoding: the machine had no declared edge for a data step.
NO_EDGE = 7

EXISTING = (REGISTERED, READY, NOT_READY, UNKNOWN, SCHEDULABLE)
ALL_STATES = tuple(range(7))


# -------------------------------------------------------------------------------------------------
# Variables
# -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Var:
    """One state variable of a node or a pod.

    ``sort`` is ``bool`` or ``int``; ``lo``/``hi`` bound an enumeration or a frozen integer;
    ``clock`` variables advance with time; ``frozen`` ones keep their initial value, which is
    symbolic (``init is None``) where a proof must cover every value; ``ghost`` variables exist only
    to state a property (no actor reads them).
    """

    name: str
    sort: str
    doc: str
    init: Any = None
    lo: int | None = None
    hi: int | None = None
    clock: bool = False
    frozen: bool = False
    ghost: bool = False
    names: tuple[str, ...] | None = None


NODE_VARS: tuple[Var, ...] = (
    # kubelet (pkg/kubelet/certificate/bootstrap, kubelet_node_status.go)
    Var("csr", "int", "kubelet's client-certificate CSR: None, Pending, Approved", CSR_NONE, 0, 2, names=CSR_NAMES),
    Var("cert", "bool", "kubelet holds an issued client certificate (system:node:<name>)", False),
    Var("alive", "bool", "kubelet runs and reaches the API server", True),
    Var("registered", "bool", "kubelet's registrationCompleted flag", False),
    # the Node object (core/v1 Node)
    Var("exists", "bool", "the Node object exists", False),
    Var(
        "ready", "int", "status.conditions[Ready]: Absent, True, False, Unknown", READY_ABSENT, 0, 3, names=READY_NAMES
    ),
    Var("memory_pressure", "bool", "condition MemoryPressure=True", False),
    Var("network_unavailable", "bool", "condition NetworkUnavailable=True", False),
    Var("taint_not_ready_ns", "bool", "taint node.kubernetes.io/not-ready:NoSchedule", False),
    Var("taint_not_ready_ne", "bool", "taint node.kubernetes.io/not-ready:NoExecute", False),
    Var("taint_unreachable_ns", "bool", "taint node.kubernetes.io/unreachable:NoSchedule", False),
    Var("taint_unreachable_ne", "bool", "taint node.kubernetes.io/unreachable:NoExecute", False),
    Var("taint_unschedulable", "bool", "taint node.kubernetes.io/unschedulable:NoSchedule", False),
    Var("taint_memory_pressure", "bool", "taint node.kubernetes.io/memory-pressure:NoSchedule", False),
    Var("taint_network_unavailable", "bool", "taint node.kubernetes.io/network-unavailable:NoSchedule", False),
    Var("taint_uninitialized", "bool", "taint node.cloudprovider.kubernetes.io/uninitialized:NoSchedule", False),
    Var("taint_custom", "bool", "a user taint (register-with-taints or kubectl taint)", False),
    Var("custom_effect", "int", "effect of the user taint", NO_SCHEDULE, 0, 2, names=EFFECT_NAMES),
    Var("unschedulable", "bool", "spec.unschedulable (cordon)", False),
    Var("allocatable", "int", "status.allocatable cpu, as the kubelet reported it", 0),
    # kube-scheduler's cache (pkg/scheduler/framework/types.go NodeInfo.Requested)
    Var(
        "requested",
        "int",
        "the scheduler's NodeInfo.Requested cpu: added when it binds a pod here, "
        "taken off when a pod bound here is deleted",
        0,
    ),
    Var("capacity", "int", "the machine's cpu capacity (status.capacity)", None, 0, None, frozen=True),
    Var("reserved", "int", "kube-reserved + system-reserved + hard eviction cpu", None, 0, None, frozen=True),
    # the node lifecycle controller's own view (node_lifecycle_controller.go nodeHealthMap)
    Var("taints_synced", "bool", "the NoSchedule tainting pass has seen the latest Node update", True),
    Var("heartbeat_unseen", "bool", "a Lease renewal or status post the controller has not yet seen", False),
    # clocks (seconds since ...)
    Var("since_lease_renew", "int", "the kubelet last renewed its Lease", 0, clock=True),
    Var("since_status_post", "int", "the kubelet last posted node status", 0, clock=True),
    Var("since_probe", "int", "the controller last saw a heartbeat (probeTimestamp)", 0, clock=True),
    Var("since_monitor", "int", "the controller last ran monitorNodeHealth on the node", 0, clock=True),
    Var(
        "since_heartbeat",
        "int",
        "the kubelet's last sign of life (Lease, status or the create); set by the semantics (HEARTBEATS), "
        "never by an actor",
        0,
        clock=True,
        ghost=True,
    ),
    Var(
        "since_left_ready",
        "int",
        "Ready last fell from True on the existing Node (1 if it never did); set by the semantics, never by an actor",
        1,
        clock=True,
        ghost=True,
    ),
    Var(
        "since_ready_changed",
        "int",
        "Ready last changed value on the Node (the condition's "
        "lastTransitionTime; its creation included); set by the semantics, never by an actor. The NoExecute "
        "pass acts on a change at the controller's next monitor pass, so its timer reads this clock",
        0,
        clock=True,
    ),
    # ghosts of node-becomes-schedulable (bounded progress), set by GHOST_RULES, never by an actor
    Var("since_approved", "int", "the node's CSR was approved", 0, clock=True, ghost=True),
    Var(
        "undisturbed",
        "bool",
        "so far the kubelet stayed up and healthy and nobody tainted, cordoned or deleted the Node",
        True,
        ghost=True,
    ),
    # ghosts of kubelet-creates-its-missing-node (bounded progress), set by the semantics, never by an actor
    Var(
        "registration_owed",
        "bool",
        "the kubelet started (or took its certificate) while its Node did not "
        "exist, and the Node has not existed since",
        False,
        ghost=True,
    ),
    Var("since_registration_owed", "int", "that start", 0, clock=True, ghost=True),
)

POD_VARS: tuple[Var, ...] = (
    Var("bound_to", "int", "spec.nodeName (-1: pending)", UNBOUND),
    Var("tolerates_not_ready_ns", "bool", "tolerates not-ready:NoSchedule", None, frozen=True),
    Var("tolerates_not_ready_ne", "bool", "tolerates not-ready:NoExecute", None, frozen=True),
    Var("tolerates_unreachable_ns", "bool", "tolerates unreachable:NoSchedule", None, frozen=True),
    Var("tolerates_unreachable_ne", "bool", "tolerates unreachable:NoExecute", None, frozen=True),
    Var("tolerates_unschedulable", "bool", "tolerates unschedulable:NoSchedule", None, frozen=True),
    Var("tolerates_memory_pressure", "bool", "tolerates memory-pressure:NoSchedule", None, frozen=True),
    Var("tolerates_network_unavailable", "bool", "tolerates network-unavailable:NoSchedule", None, frozen=True),
    Var("tolerates_uninitialized", "bool", "tolerates the cloud uninitialized taint", None, frozen=True),
    Var("tolerates_custom_ns", "bool", "tolerates the user taint with effect NoSchedule", None, frozen=True),
    Var("tolerates_custom_ne", "bool", "tolerates the user taint with effect NoExecute", None, frozen=True),
    Var("toleration_seconds", "int", "min tolerationSeconds of its NoExecute tolerations", None, 0, None, frozen=True),
    Var("tolerates_forever", "bool", "its NoExecute tolerations have no tolerationSeconds", None, frozen=True),
    Var("request", "int", "spec.containers[*].resources.requests cpu", None, 0, None, frozen=True),
    Var("since_noexecute", "int", "the taint-eviction controller scheduled the pod's eviction", 0, clock=True),
    # ghost clocks of no-execute-eviction: since the pod was first (continuously) bound under each
    # NoExecute taint; set by the semantics (NOEXECUTE_GHOSTS), never by an actor
    Var("since_under_not_ready_ne", "int", "the pod is under not-ready:NoExecute", 0, clock=True, ghost=True),
    Var("since_under_unreachable_ne", "int", "the pod is under unreachable:NoExecute", 0, clock=True, ghost=True),
    Var(
        "since_under_custom_ne",
        "int",
        "the pod is under the user taint with effect NoExecute",
        0,
        clock=True,
        ghost=True,
    ),
)


@dataclass(frozen=True)
class TaintSlot:
    """A taint the model tracks: its variable, the matching pod toleration bit, key and effect."""

    var: str
    tolerated_by: str
    key: str
    effect: int  # -1: the user taint, whose effect is the node variable custom_effect


TAINT_SLOTS: tuple[TaintSlot, ...] = (
    TaintSlot("taint_not_ready_ns", "tolerates_not_ready_ns", "node.kubernetes.io/not-ready", NO_SCHEDULE),
    TaintSlot("taint_not_ready_ne", "tolerates_not_ready_ne", "node.kubernetes.io/not-ready", NO_EXECUTE),
    TaintSlot("taint_unreachable_ns", "tolerates_unreachable_ns", "node.kubernetes.io/unreachable", NO_SCHEDULE),
    TaintSlot("taint_unreachable_ne", "tolerates_unreachable_ne", "node.kubernetes.io/unreachable", NO_EXECUTE),
    TaintSlot("taint_unschedulable", "tolerates_unschedulable", "node.kubernetes.io/unschedulable", NO_SCHEDULE),
    TaintSlot("taint_memory_pressure", "tolerates_memory_pressure", "node.kubernetes.io/memory-pressure", NO_SCHEDULE),
    TaintSlot(
        "taint_network_unavailable",
        "tolerates_network_unavailable",
        "node.kubernetes.io/network-unavailable",
        NO_SCHEDULE,
    ),
    TaintSlot(
        "taint_uninitialized", "tolerates_uninitialized", "node.cloudprovider.kubernetes.io/uninitialized", NO_SCHEDULE
    ),
    TaintSlot("taint_custom", "", "example.com/dedicated", -1),
)

#: The user taint's key in traces and exports.
CUSTOM_TAINT_KEY = "example.com/dedicated"


# -------------------------------------------------------------------------------------------------
# Rules shared by the actors (each a small function of the state)
# -------------------------------------------------------------------------------------------------


def custom_blocks(nd: Any) -> Any:
    """The user taint keeps pods off (NoSchedule or NoExecute; PreferNoSchedule only scores)."""
    return And(nd.taint_custom, Or(nd.custom_effect == NO_SCHEDULE, nd.custom_effect == NO_EXECUTE))


def pod_tolerates_taints(nd: Any, pd: Any) -> Any:
    """TaintToleration filter: every NoSchedule/NoExecute taint on the node is tolerated.

    kube-scheduler pkg/scheduler/framework/plugins/tainttoleration (FindMatchingUntoleratedTaint
    with DoNotScheduleTaintsFilterFunc). Every fixed slot has effect NoSchedule or NoExecute.
    """
    fixed = [Implies(getattr(nd, t.var), getattr(pd, t.tolerated_by)) for t in TAINT_SLOTS if t.effect >= 0]
    custom = And(
        Implies(And(nd.taint_custom, nd.custom_effect == NO_SCHEDULE), pd.tolerates_custom_ns),
        Implies(And(nd.taint_custom, nd.custom_effect == NO_EXECUTE), pd.tolerates_custom_ne),
    )
    return And(*fixed, custom)


def pod_passes_unschedulable(nd: Any, pd: Any) -> Any:
    """NodeUnschedulable filter: a cordoned node takes only pods tolerating the unschedulable taint.

    pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go.
    """
    return Implies(nd.unschedulable, pd.tolerates_unschedulable)


def pod_fits_resources(s: Any, n: Any, pd: Any) -> Any:
    """NodeResourcesFit: the pod's request fits allocatable less what the node's pods already request.

    fitsRequest compares ``podRequest`` with ``nodeInfo.Allocatable - nodeInfo.Requested``, where
    Requested is the scheduler's per-node accumulator (AddPod/RemovePod), not a sum it recomputes:
    reading it keeps the guard's cost independent of the number of pods, and the property
    ``requested-is-sum-of-bound-requests`` proves it equals that sum. A pod requesting no cpu is
    never refused for cpu (``podRequest.MilliCPU > 0 && ...``), even on a node whose Requested
    already exceeds its Allocatable (a capture can begin so: pods bound before a kubelet restarted
    with larger reservations): fit_test.go TestEnoughRequests "skip checking resource request with
    quantity zero". The model never reaches such a node (``bound-requests-fit-allocatable``), so the
    disjunct changes no reachable step; the oracle, which starts from observed states, needs it.
    """
    nd = s.node(n)
    return Or(pd.request == 0, nd.requested + pd.request <= nd.allocatable)


def release_request(s: Any, i: Any) -> Any:
    """The node's Requested once its pod ``i.pod`` is deleted (NodeInfo.RemovePod)."""
    return s.node(i.node).requested - s.pod(i.pod).request


def ordinary_pod_fits(nd: Any) -> Any:
    """Would a pod with only the default tolerations pass the scheduler's taint filters here?

    An ordinary pod carries only DefaultTolerationSeconds' not-ready and unreachable NoExecute
    tolerations, so every NoSchedule taint, a blocking user taint and a cordon keep it off.
    """
    return And(
        Not(nd.unschedulable),
        *[Not(getattr(nd, t.var)) for t in TAINT_SLOTS if t.effect == NO_SCHEDULE],
        Not(custom_blocks(nd)),
    )


def has_noexecute_taint(nd: Any) -> Any:
    """Any NoExecute taint on the node (what the taint-eviction controller reacts to)."""
    return Or(nd.taint_not_ready_ne, nd.taint_unreachable_ne, And(nd.taint_custom, nd.custom_effect == NO_EXECUTE))


def noexecute_sets_overlap(before: Any, after: Any) -> Any:
    """taintSetsOverlap: the NoExecute taints before and after share one (the timer carries on)."""
    return Or(
        And(before.taint_not_ready_ne, after.taint_not_ready_ne),
        And(before.taint_unreachable_ne, after.taint_unreachable_ne),
        And(
            before.taint_custom,
            before.custom_effect == NO_EXECUTE,
            after.taint_custom,
            after.custom_effect == NO_EXECUTE,
        ),
    )


def noexecute_slots(nd: Any) -> tuple[tuple[str, Any], ...]:
    """Each NoExecute taint as (the pod's ghost clock for it, is it on the node)."""
    return (
        ("since_under_not_ready_ne", nd.taint_not_ready_ne),
        ("since_under_unreachable_ne", nd.taint_unreachable_ne),
        ("since_under_custom_ne", And(nd.taint_custom, nd.custom_effect == NO_EXECUTE)),
    )


def pod_tolerates_noexecute(nd: Any, pd: Any) -> Any:
    """Every NoExecute taint present is tolerated (otherwise the pod is evicted at once)."""
    return And(
        Implies(nd.taint_not_ready_ne, pd.tolerates_not_ready_ne),
        Implies(nd.taint_unreachable_ne, pd.tolerates_unreachable_ne),
        Implies(And(nd.taint_custom, nd.custom_effect == NO_EXECUTE), pd.tolerates_custom_ne),
    )


def grace_for(s: Any, nd: Any) -> Any:
    """node-startup-grace-period for a Node that never posted Ready, else node-monitor-grace-period."""
    return If(nd.ready == READY_ABSENT, s.params.node_startup_grace_period, s.params.node_monitor_grace_period)


# -------------------------------------------------------------------------------------------------
# Control-state definitions: the seven states as predicates over the data
# -------------------------------------------------------------------------------------------------


DEFINITIONS: dict[int, Callable[[Any], Any]] = {
    UNREGISTERED: lambda nd: And(Not(nd.exists), Not(nd.cert)),
    BOOTSTRAPPED: lambda nd: And(Not(nd.exists), nd.cert),
    REGISTERED: lambda nd: And(nd.exists, nd.ready == READY_ABSENT),
    READY: lambda nd: And(nd.exists, nd.ready == READY_TRUE, Not(ordinary_pod_fits(nd))),
    NOT_READY: lambda nd: And(nd.exists, nd.ready == READY_FALSE),
    UNKNOWN: lambda nd: And(nd.exists, nd.ready == READY_UNKNOWN),
    SCHEDULABLE: lambda nd: And(nd.exists, nd.ready == READY_TRUE, ordinary_pod_fits(nd)),
}

DEFINITION_TEXT: dict[int, str] = {
    UNREGISTERED: "no Node object and no client certificate",
    BOOTSTRAPPED: "an approved client certificate, no Node object",
    REGISTERED: "the Node object exists, Ready not yet posted",
    READY: "Ready=True, but a taint or cordon keeps ordinary pods off",
    NOT_READY: "Ready=False (posted by the kubelet)",
    UNKNOWN: "Ready=Unknown (set by the node lifecycle controller)",
    SCHEDULABLE: "Ready=True and an ordinary pod passes the scheduler's filters",
}


def classify(nd: Any) -> Any:
    """The control state the data defines (an If-chain, so it works on every backend)."""
    out: Any = SCHEDULABLE
    for st in (UNKNOWN, NOT_READY, READY, REGISTERED, BOOTSTRAPPED, UNREGISTERED):
        out = If(DEFINITIONS[st](nd), st, out)
    return out


# -------------------------------------------------------------------------------------------------
# Events
# -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Arg:
    """A data argument of an event, chosen by the environment (symbolic in proofs)."""

    name: str
    sort: str  # "bool" or "int"
    lo: int = 0
    hi: int = 1
    doc: str = ""
    names: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Timer:
    """When an action may and must fire: ``clock >= earliest`` enables it; ``latest`` makes it urgent.

    ``latest=0`` with no clock means: before any time passes.
    """

    clock: Callable[[Any, Any], Any] | None = None
    earliest: Callable[[Any, Any], Any] | None = None
    latest: Callable[[Any, Any], Any] | None = None


Edges = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Event:
    """One action of one real component, with its guard, effect, timer and lifecycle edges."""

    id: str
    actor: str
    doc: str
    source: str
    indices: tuple[str, ...]
    guard: Callable[[Any, Any], Any]
    effect: Callable[[Any, Any], Any]
    edges: Edges
    args: tuple[Arg, ...] = ()
    timer: Timer | None = None
    writes_node_object: bool = False  # an API write to nodes or nodes/status (for NodeRestriction)
    tags: tuple[str, ...] = field(default=())


def loops(*states: int) -> Edges:
    return tuple((s, s) for s in states)


def edges(*pairs: tuple[int, tuple[int, ...]]) -> Edges:
    return tuple((src, dst) for src, dsts in pairs for dst in dsts)


# --- kubelet TLS bootstrap (pkg/kubelet/certificate/bootstrap/bootstrap.go) ----------------------


def _kubelet_request_certificate(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.alive, nd.csr == CSR_NONE, Not(nd.cert))


def _kubelet_request_certificate_eff(s: Any, i: Any) -> Any:
    return s.update().node(i.node, csr=CSR_PENDING)


def _csr_approver_approve(s: Any, i: Any) -> Any:
    return s.node(i.node).csr == CSR_PENDING


def _csr_approver_approve_eff(s: Any, i: Any) -> Any:
    return s.update().node(i.node, csr=CSR_APPROVED)


def _kubelet_obtain_certificate(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.alive, nd.csr == CSR_APPROVED, Not(nd.cert))


def _kubelet_obtain_certificate_eff(s: Any, i: Any) -> Any:
    """The lease controller and the status loop, which start once bootstrap has the certificate, both run at once.

    The kubelet's server (cmd/kubelet/app/server.go run) finishes bootstrap.LoadClientCert before it
    builds its clients and calls RunKubelet; kubelet.Run then starts ``wait.JitterUntil(kl.syncNodeStatus,
    kl.nodeStatusUpdateFrequency, 0.04, true, ...)``, whose first call comes before any wait. So the
    status clock is pulled to the period: the loop is due now (registration before time moves on).
    kubelet.Run also starts ``go kl.nodeLeaseController.Run(...)``, whose ``wait.JitterUntil(c.sync,
    c.renewInterval, 0.04, true, ...)`` likewise syncs (creates or renews the Lease) before its first wait
    (component-helpers lease/controller.go). So the Lease clock is pulled to heartbeat-gap-max: the first
    renewal is due now, before time moves on (round 13 of bugs written apart: a clamp to min(clock, gap)
    let the first renewal wait up to heartbeat-gap-max, which upstream never does).
    """
    return s.update().node(
        i.node,
        cert=True,
        since_lease_renew=s.params.heartbeat_gap_max,
        since_status_post=s.params.node_status_update_frequency,
    )


# --- kubelet registration (pkg/kubelet/kubelet_node_status.go) ------------------------------------


def _kubelet_register_node(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.alive, nd.cert, Not(nd.registered))


def _kubelet_register_node_eff(s: Any, i: Any) -> Any:
    """POST the Node; on AlreadyExists reconcile only labels/annotations (not modelled: no change).

    initialNode() ends with setNodeStatus, so the Node is created with Ready (True or False, as the
    kubelet finds itself) and MemoryPressure already set. It sets
    spec.unschedulable = !registerSchedulable and then the unschedulable taint
    (the fix of #63897), --register-with-taints, the cloud uninitialized taint with an external
    cloud provider, NetworkUnavailable when routes must be created. The TaintNodesByCondition
    admission plugin (plugin/pkg/admission/nodetaint, #73097 fixing #72129) adds
    not-ready:NoSchedule to every new Node in the same request.
    """
    n = i.node
    nd = s.node(n)
    new = Not(nd.exists)
    return s.update().node(
        n,
        registered=True,
        exists=True,
        # initialNode ends with setNodeStatus: the Node is created with its conditions
        ready=If(new, If(i.ready, READY_TRUE, READY_FALSE), nd.ready),
        memory_pressure=If(new, i.memory_pressure, nd.memory_pressure),
        since_status_post=If(new, 0, nd.since_status_post),
        unschedulable=If(new, i.register_unschedulable, nd.unschedulable),
        taint_unschedulable=If(new, i.register_unschedulable, nd.taint_unschedulable),
        taint_custom=If(new, i.register_with_taint, nd.taint_custom),
        custom_effect=If(new, i.taint_effect, nd.custom_effect),
        taint_uninitialized=If(new, i.external_cloud, nd.taint_uninitialized),
        network_unavailable=If(new, i.needs_routes, nd.network_unavailable),
        taint_not_ready_ns=If(new, True, nd.taint_not_ready_ns),  # admission: TaintNodesByCondition
        allocatable=If(new, Max(nd.capacity - nd.reserved, 0), nd.allocatable),
        taints_synced=If(new, False, nd.taints_synced),
        since_probe=If(new, 0, nd.since_probe),
        # the controller's next monitorNodeHealth pass is at most one period away, in any phase
        since_monitor=If(new, Min(nd.since_monitor, s.params.node_monitor_period), nd.since_monitor),
        heartbeat_unseen=If(new, False, nd.heartbeat_unseen),
    )


REGISTER_ARGS = (
    Arg("register_unschedulable", "bool", doc="--register-schedulable=false"),
    Arg("register_with_taint", "bool", doc="--register-with-taints has the user taint"),
    Arg("taint_effect", "int", 0, 2, doc="its effect", names=EFFECT_NAMES),
    Arg("external_cloud", "bool", doc="--cloud-provider=external"),
    Arg("needs_routes", "bool", doc="the cloud provider must configure routes"),
    Arg("ready", "bool", doc="setNodeStatus finds the kubelet ready"),
    Arg("memory_pressure", "bool", doc="the eviction manager reports memory pressure"),
)


def _kubelet_post_status(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.alive, nd.registered, nd.exists, nd.since_status_post >= s.params.node_status_update_frequency)


def _kubelet_post_status_eff(s: Any, i: Any) -> Any:
    """PATCH nodes/status: Ready True or False (setters.go ReadyCondition), MemoryPressure."""
    return s.update().node(
        i.node,
        ready=If(i.ready, READY_TRUE, READY_FALSE),
        memory_pressure=i.memory_pressure,
        since_status_post=0,
        heartbeat_unseen=True,
        taints_synced=False,
    )


def _kubelet_renew_lease(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.alive, nd.cert)


def _kubelet_renew_lease_eff(s: Any, i: Any) -> Any:
    """Update Lease kube-node-lease/<node> renewTime (pkg/kubelet/nodelease)."""
    return s.update().node(i.node, since_lease_renew=0, heartbeat_unseen=True)


def _kubelet_stops(s: Any, i: Any) -> Any:
    return s.node(i.node).alive


def _kubelet_stops_eff(s: Any, i: Any) -> Any:
    """The kubelet crashes, hangs or loses the API server: all its loops stop."""
    return s.update().node(i.node, alive=False)


def _kubelet_restarts(s: Any, i: Any) -> Any:
    return Not(s.node(i.node).alive)


def _kubelet_restarts_eff(s: Any, i: Any) -> Any:
    """A new kubelet process: registration runs again at once; the lease controller renews at once.

    kubelet.Run starts ``wait.JitterUntil(kl.syncNodeStatus, kl.nodeStatusUpdateFrequency, 0.04, true, ...)``:
    JitterUntil (BackoffUntil, sliding) calls syncNodeStatus before its first wait, and syncNodeStatus
    registers first (registrationCompleted is false in a new process). So the status clock is pulled to
    the period, whenever the old process last posted: the new loop is due now (round 12 of bugs written
    apart left this open: a clamp to min(clock, period) let the first pass wait up to a period). Its
    first post may come less than a period after the old process's last one, as upstream's does
    (tryUpdateNodeStatus posts when lastStatusReportTime is zero, as in a new process).
    """
    nd = s.node(i.node)
    return s.update().node(
        i.node,
        alive=True,
        registered=False,
        since_lease_renew=If(nd.cert, 0, nd.since_lease_renew),
        since_status_post=s.params.node_status_update_frequency,
        heartbeat_unseen=Or(nd.cert, nd.heartbeat_unseen),
    )


def _kubelet_evict_pod(s: Any, i: Any) -> Any:
    nd, pd = s.node(i.node), s.pod(i.pod)
    return And(nd.alive, nd.registered, nd.exists, nd.memory_pressure, pd.bound_to == i.node)


def _kubelet_evict_pod_eff(s: Any, i: Any) -> Any:
    """The eviction manager fails a pod of its own node; its owner recreates it pending."""
    return s.update().pod(i.pod, bound_to=UNBOUND).node(i.node, requested=release_request(s, i))


# --- node lifecycle controller (pkg/controller/nodelifecycle/node_lifecycle_controller.go) --------


def _nlc_monitor(s: Any, i: Any) -> Any:
    return s.node(i.node).exists


def _nlc_monitor_eff(s: Any, i: Any) -> Any:
    """tryUpdateNodeHealth: a changed heartbeat refreshes probeTimestamp; past grace, Ready=Unknown."""
    nd = s.node(i.node)
    expired = And(Not(nd.heartbeat_unseen), nd.since_probe > grace_for(s, nd), nd.ready != READY_UNKNOWN)
    return s.update().node(
        i.node,
        since_monitor=0,
        since_probe=If(nd.heartbeat_unseen, 0, nd.since_probe),
        heartbeat_unseen=False,
        ready=If(expired, READY_UNKNOWN, nd.ready),
        memory_pressure=If(expired, False, nd.memory_pressure),  # Unknown too: no taint for it
        taints_synced=If(expired, False, nd.taints_synced),
    )


def _nlc_noschedule(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.exists, Not(nd.taints_synced))


def _nlc_noschedule_eff(s: Any, i: Any) -> Any:
    """doNoScheduleTaintingPass: swap in the taints nodeConditionToTaintKeyStatusMap asks for.

    The wanted set comes from the conditions present: a Node without a Ready condition wants no
    Ready taint, so the pass removes the admission's not-ready:NoSchedule (only a Node created
    without conditions, which a real kubelet never does, shows it).
    """
    nd = s.node(i.node)
    return s.update().node(
        i.node,
        taints_synced=True,
        taint_not_ready_ns=nd.ready == READY_FALSE,
        taint_unreachable_ns=nd.ready == READY_UNKNOWN,
        taint_unschedulable=nd.unschedulable,
        taint_memory_pressure=nd.memory_pressure,
        taint_network_unavailable=nd.network_unavailable,
    )


def noexecute_wanted(nd: Any) -> tuple[Any, Any]:
    """doNoExecuteTaintingPass / markNodeAsReachable: the NoExecute taints Ready asks for."""
    absent = nd.ready == READY_ABSENT
    return (
        If(absent, nd.taint_not_ready_ne, nd.ready == READY_FALSE),
        If(absent, nd.taint_unreachable_ne, nd.ready == READY_UNKNOWN),
    )


#: The name it had before it was public: variants of the model written against it keep working.
_noexecute_wanted = noexecute_wanted

#: What a NoExecute pass wants of a Node: (not-ready:NoExecute, unreachable:NoExecute).
NoExecuteWanted = Callable[[Any], tuple[Any, Any]]


def noexecute_pass_due(s: Any, i: Any, wanted: NoExecuteWanted = noexecute_wanted) -> Any:
    """The Node's NoExecute taints differ from what the pass wants of it."""
    nd = s.node(i.node)
    want_nr, want_ur = wanted(nd)
    return And(nd.exists, Or(nd.taint_not_ready_ne != want_nr, nd.taint_unreachable_ne != want_ur))


def noexecute_pass_write(s: Any, i: Any, wanted: NoExecuteWanted = noexecute_wanted) -> Any:
    """One API write: add the wanted NoExecute taint if it is missing, else remove the unwanted ones.

    SwapNodeControllerTaint (not-ready for unreachable or back) is two patches, add then remove:
    between them the node carries both, for the controller's latency. markNodeAsReachable removes
    both in one write. ``wanted`` is a parameter so that a variant of the controller (a mutant)
    changes what it wants, never how it writes.
    """
    nd = s.node(i.node)
    want_nr, want_ur = wanted(nd)
    missing = Or(And(want_nr, Not(nd.taint_not_ready_ne)), And(want_ur, Not(nd.taint_unreachable_ne)))
    return s.update().node(
        i.node,
        taint_not_ready_ne=If(missing, Or(nd.taint_not_ready_ne, want_nr), want_nr),
        taint_unreachable_ne=If(missing, Or(nd.taint_unreachable_ne, want_ur), want_ur),
    )


def noexecute_latency(s: Any, i: Any) -> Any:
    """How long after a Ready change the NoExecute pass may write: upstream's next monitor pass.

    processTaintBaseEviction runs inside monitorNodeHealth on the Ready condition that pass observed
    *before* its own update (observedReadyCondition): a Ready=False the kubelet posts is acted on at
    the next pass (at most node-monitor-period later), an Unknown set by pass k at pass k+1 (exactly
    one period later). Removals (markNodeAsReachable) and swaps go straight away at that pass; a
    taint added to a Node with neither NoExecute Ready taint goes through the zone's rate-limited
    queue (--node-eviction-rate, one Node per NODE_EVICTION_INTERVAL s), where the other Nodes of
    the zone (every modelled Node: one zone) may be ahead of it. The second patch of a swap follows
    the first at once. The model lets the write come at any moment of that window (earliest 0):
    every upstream timing is among its behaviours.
    """
    nd = s.node(i.node)
    queued = And(Not(nd.taint_not_ready_ne), Not(nd.taint_unreachable_ne))
    mid_swap = And(nd.taint_not_ready_ne, nd.taint_unreachable_ne)  # the second patch follows the first
    return If(mid_swap, 0, s.params.node_monitor_period + If(queued, (s.cfg.nodes - 1) * NODE_EVICTION_INTERVAL, 0))


def _nlc_noexecute(s: Any, i: Any) -> Any:
    return noexecute_pass_due(s, i)


def _nlc_noexecute_eff(s: Any, i: Any) -> Any:
    return noexecute_pass_write(s, i)


# --- cloud-controller-manager (staging/src/k8s.io/cloud-provider/controllers) --------------------


def _cloud_initialize(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.exists, nd.taint_uninitialized)


def _cloud_initialize_eff(s: Any, i: Any) -> Any:
    return s.update().node(i.node, taint_uninitialized=False)


def _cloud_route(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.exists, nd.network_unavailable)


def _cloud_route_eff(s: Any, i: Any) -> Any:
    return s.update().node(i.node, network_unavailable=False, taints_synced=False)


# --- taint-eviction controller (pkg/controller/tainteviction/taint_eviction.go) -------------------


def _eviction_due(s: Any, i: Any) -> Any:
    """The pod is bound here under a NoExecute taint it does not tolerate for ever."""
    nd, pd = s.node(i.node), s.pod(i.pod)
    return And(
        pd.bound_to == i.node,
        has_noexecute_taint(nd),
        Or(Not(pod_tolerates_noexecute(nd, pd)), Not(pd.tolerates_forever)),
    )


def _eviction_delay(s: Any, i: Any) -> Any:
    """getMinTolerationTime: 0 if a NoExecute taint is untolerated, else tolerationSeconds."""
    nd, pd = s.node(i.node), s.pod(i.pod)
    return If(pod_tolerates_noexecute(nd, pd), pd.toleration_seconds, 0)


def _evict_eff(s: Any, i: Any) -> Any:
    """Delete the pod; its owner recreates it unbound (modelled as the same pod, pending again)."""
    return s.update().pod(i.pod, bound_to=UNBOUND).node(i.node, requested=release_request(s, i))


# --- kube-scheduler -------------------------------------------------------------------------------


def _scheduler_bind(s: Any, i: Any) -> Any:
    """Default profile filters that read node state: NodeUnschedulable, TaintToleration, NodeResourcesFit.

    No filter reads a node condition (since 1.17, kubernetes/kubernetes#82703).
    """
    nd, pd = s.node(i.node), s.pod(i.pod)
    return And(
        pd.bound_to == UNBOUND,
        nd.exists,
        pod_passes_unschedulable(nd, pd),
        pod_tolerates_taints(nd, pd),
        pod_fits_resources(s, i.node, pd),
    )


def _bind_eff(s: Any, i: Any) -> Any:
    """POST pods/binding: spec.nodeName is set; the scheduler's cache adds the request (assume)."""
    return (
        s.update().pod(i.pod, bound_to=i.node).node(i.node, requested=s.node(i.node).requested + s.pod(i.pod).request)
    )


# --- cluster administrator (kubectl cordon / uncordon / taint / delete node) ---------------------


def _exists(s: Any, i: Any) -> Any:
    return s.node(i.node).exists


def _admin_cordon(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.exists, Not(nd.unschedulable))


def _admin_cordon_eff(s: Any, i: Any) -> Any:
    return s.update().node(i.node, unschedulable=True, taints_synced=False)


def _admin_uncordon(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.exists, nd.unschedulable)


def _admin_uncordon_eff(s: Any, i: Any) -> Any:
    return s.update().node(i.node, unschedulable=False, taints_synced=False)


def _admin_taint(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.exists, Not(nd.taint_custom))


def _admin_taint_eff(s: Any, i: Any) -> Any:
    return s.update().node(i.node, taint_custom=True, custom_effect=i.taint_effect)


def _admin_untaint(s: Any, i: Any) -> Any:
    nd = s.node(i.node)
    return And(nd.exists, nd.taint_custom)


def _admin_untaint_eff(s: Any, i: Any) -> Any:
    return s.update().node(i.node, taint_custom=False)


def _admin_delete_eff(s: Any, i: Any) -> Any:
    """Delete the Node; the pod garbage collector deletes its pods (owners recreate them pending).

    The kubelet keeps its registrationCompleted flag and does not register again until restarted.
    """
    n = i.node
    u = s.update().node(
        n,
        exists=False,
        ready=READY_ABSENT,
        memory_pressure=False,
        network_unavailable=False,
        unschedulable=False,
        custom_effect=NO_SCHEDULE,
        taints_synced=True,
        heartbeat_unseen=False,
        requested=0,  # RemoveNode: its pods go with it
        **{t.var: False for t in TAINT_SLOTS},
    )
    for p in s.pods:
        pd = s.pod(p)
        u.pod(p, bound_to=If(pd.bound_to == n, UNBOUND, pd.bound_to))
    return u


# --- time -----------------------------------------------------------------------------------------


def _time_eff(s: Any, i: Any) -> Any:
    """Every clock advances by d seconds."""
    return s.update().advance_clocks(i.seconds)


_R, _B, _RG, _RD, _NR, _UK, _S = ALL_STATES
_EX = EXISTING

EVENTS: tuple[Event, ...] = (
    Event(
        "kubelet_request_certificate",
        "kubelet",
        "With its bootstrap token the kubelet creates a CSR for system:node:<name> (signer "
        "kube-apiserver-client-kubelet).",
        "pkg/kubelet/certificate/bootstrap/bootstrap.go",
        ("node",),
        _kubelet_request_certificate,
        _kubelet_request_certificate_eff,
        loops(_R),
    ),
    Event(
        "csr_approver_approve",
        "csr-approver",
        "The csrapproving controller auto-approves the node-client CSR (SubjectAccessReview on "
        "certificatesigningrequests/nodeclient).",
        "pkg/controller/certificates/approver/sarapprove.go",
        ("node",),
        _csr_approver_approve,
        _csr_approver_approve_eff,
        loops(_R),
    ),
    Event(
        "kubelet_obtain_certificate",
        "kubelet",
        "The csrsigning controller issues the certificate; the kubelet now authenticates as "
        "system:node:<name> in group system:nodes.",
        "pkg/controller/certificates/signer/signer.go",
        ("node",),
        _kubelet_obtain_certificate,
        _kubelet_obtain_certificate_eff,
        ((_R, _B),),
        # the kubelet watches its CSR; csrsigning signs an approved CSR at once
        timer=Timer(latest=lambda s, i: 0),
    ),
    Event(
        "kubelet_register_node",
        "kubelet",
        "registerWithAPIServer: POST its own Node with capacity, allocatable, its register-time "
        "taints and its conditions (Ready, MemoryPressure); admission adds not-ready:NoSchedule. "
        "AlreadyExists: reconcile, change nothing else.",
        "pkg/kubelet/kubelet_node_status.go; plugin/pkg/admission/nodetaint/admission.go",
        # (_B, _RG): a Node created without conditions; a real kubelet never takes it (node-has-ready-condition)
        ("node",),
        _kubelet_register_node,
        _kubelet_register_node_eff,
        ((_B, _RD), (_B, _NR), (_B, _RG), *loops(*_EX)),
        args=REGISTER_ARGS,
        writes_node_object=True,
        # syncNodeStatus runs every node-status-update-frequency and registers first (its guard reads no
        # argument, so the deadline holds whatever the kubelet will report)
        timer=Timer(
            clock=lambda s, i: s.node(i.node).since_status_post,
            latest=lambda s, i: s.params.node_status_update_frequency,
        ),
    ),
    Event(
        "kubelet_post_status",
        "kubelet",
        "updateNodeStatus: PATCH nodes/status with Ready True or False and MemoryPressure; the "
        "Ready lastHeartbeatTime changes too.",
        "pkg/kubelet/kubelet_node_status.go; pkg/kubelet/nodestatus/setters.go",
        ("node",),
        _kubelet_post_status,
        _kubelet_post_status_eff,
        edges((_RG, (_RD, _NR)), (_RD, (_RD, _NR)), (_NR, (_RD, _NR, _S)), (_UK, (_RD, _NR, _S)), (_S, (_S, _NR))),
        args=(
            Arg("ready", "bool", doc="the kubelet finds itself ready"),
            Arg("memory_pressure", "bool", doc="the eviction manager reports memory pressure"),
        ),
        writes_node_object=True,
    ),
    Event(
        "kubelet_renew_lease",
        "kubelet",
        "The node lease controller renews Lease kube-node-lease/<name> every renew interval; a "
        "live kubelet never goes longer than heartbeat-gap-max without a successful renewal.",
        "pkg/kubelet/nodelease; staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go",
        ("node",),
        _kubelet_renew_lease,
        _kubelet_renew_lease_eff,
        loops(_B, *_EX),
        timer=Timer(
            clock=lambda s, i: s.node(i.node).since_lease_renew,
            earliest=lambda s, i: s.params.lease_renew_interval,
            latest=lambda s, i: s.params.heartbeat_gap_max,
        ),
    ),
    Event(
        "kubelet_stops",
        "kubelet",
        "The kubelet crashes, hangs, or is cut off from the API server.",
        "(environment)",
        ("node",),
        _kubelet_stops,
        _kubelet_stops_eff,
        loops(*ALL_STATES),
    ),
    Event(
        "kubelet_restarts",
        "kubelet",
        "A new kubelet process starts: it will register again (AlreadyExists) and renews its Lease.",
        "pkg/kubelet/kubelet.go (Run)",
        ("node",),
        _kubelet_restarts,
        _kubelet_restarts_eff,
        loops(*ALL_STATES),
    ),
    Event(
        "kubelet_evict_pod",
        "kubelet",
        "Under memory pressure the kubelet's eviction manager evicts a pod running on its own node "
        "(NodeRestriction lets a kubelet touch only pods bound to it).",
        "pkg/kubelet/eviction/eviction_manager.go; plugin/pkg/admission/noderestriction/admission.go (admitPod)",
        ("node", "pod"),
        _kubelet_evict_pod,
        _kubelet_evict_pod_eff,
        loops(*_EX),
    ),
    Event(
        "nlc_monitor_node_health",
        "node-lifecycle-controller",
        "monitorNodeHealth, every node-monitor-period: a changed Lease or heartbeat refreshes the "
        "probe time; past the grace period Ready becomes Unknown.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (tryUpdateNodeHealth)",
        ("node",),
        _nlc_monitor,
        _nlc_monitor_eff,
        edges((_RG, (_RG, _UK)), (_RD, (_RD, _UK)), (_NR, (_NR, _UK)), (_S, (_S, _UK)), (_UK, (_UK,))),
        timer=Timer(
            clock=lambda s, i: s.node(i.node).since_monitor,
            earliest=lambda s, i: s.params.node_monitor_period,
            latest=lambda s, i: s.params.node_monitor_period,
        ),
        writes_node_object=True,
    ),
    Event(
        "nlc_sync_noschedule_taints",
        "node-lifecycle-controller",
        "doNoScheduleTaintingPass on a Node update: not-ready, unreachable, unschedulable, "
        "memory-pressure and network-unavailable NoSchedule taints follow the conditions.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (nodeConditionToTaintKeyStatusMap)",
        ("node",),
        _nlc_noschedule,
        _nlc_noschedule_eff,
        edges((_RG, (_RG,)), (_RD, (_RD, _S)), (_S, (_S, _RD)), (_NR, (_NR,)), (_UK, (_UK,))),
        timer=Timer(latest=lambda s, i: 0),
        writes_node_object=True,
    ),
    Event(
        "nlc_sync_noexecute_taints",
        "node-lifecycle-controller",
        "doNoExecuteTaintingPass / markNodeAsReachable: not-ready or unreachable NoExecute, swapped "
        "in two writes (add, then remove), both removed when Ready is True.",
        "pkg/controller/nodelifecycle/node_lifecycle_controller.go (processTaintBaseEviction)",
        ("node",),
        _nlc_noexecute,
        _nlc_noexecute_eff,
        loops(*_EX),
        timer=Timer(clock=lambda s, i: s.node(i.node).since_ready_changed, latest=noexecute_latency),
        writes_node_object=True,
    ),
    Event(
        "cloud_node_initialize",
        "cloud-controller-manager",
        "The cloud node controller initialises the Node and removes the uninitialized taint.",
        "staging/src/k8s.io/cloud-provider/controllers/node/node_controller.go",
        ("node",),
        _cloud_initialize,
        _cloud_initialize_eff,
        edges((_RG, (_RG,)), (_RD, (_RD, _S)), (_NR, (_NR,)), (_UK, (_UK,))),
        writes_node_object=True,
    ),
    Event(
        "cloud_route_created",
        "cloud-controller-manager",
        "The route controller sets NetworkUnavailable=False once the node's route exists.",
        "staging/src/k8s.io/cloud-provider/controllers/route/route_controller.go",
        ("node",),
        _cloud_route,
        _cloud_route_eff,
        loops(*_EX),
        writes_node_object=True,
    ),
    Event(
        "taint_eviction_evict_pod",
        "taint-eviction-controller",
        "A pod under a NoExecute taint it does not tolerate is deleted at once; one that tolerates "
        "it with tolerationSeconds is deleted when they run out.",
        "pkg/controller/tainteviction/taint_eviction.go (processPodOnNode, getMinTolerationTime)",
        ("node", "pod"),
        _eviction_due,
        _evict_eff,
        loops(*_EX),
        timer=Timer(clock=lambda s, i: s.pod(i.pod).since_noexecute, earliest=_eviction_delay, latest=_eviction_delay),
    ),
    Event(
        "scheduler_bind_pod",
        "kube-scheduler",
        "The scheduler binds a pending pod to a node whose taints it tolerates, that is not "
        "cordoned (or tolerated), and where its request fits.",
        "pkg/scheduler/framework/plugins/{tainttoleration,nodeunschedulable,noderesources}",
        ("node", "pod"),
        _scheduler_bind,
        _bind_eff,
        loops(*_EX),
    ),
    Event(
        "admin_cordon",
        "cluster-admin",
        "kubectl cordon: spec.unschedulable=true.",
        "staging/src/k8s.io/kubectl/pkg/drain/cordon.go",
        ("node",),
        _admin_cordon,
        _admin_cordon_eff,
        edges((_RG, (_RG,)), (_RD, (_RD,)), (_S, (_RD,)), (_NR, (_NR,)), (_UK, (_UK,))),
        writes_node_object=True,
    ),
    Event(
        "admin_uncordon",
        "cluster-admin",
        "kubectl uncordon: spec.unschedulable=false.",
        "staging/src/k8s.io/kubectl/pkg/drain/cordon.go",
        ("node",),
        _admin_uncordon,
        _admin_uncordon_eff,
        edges((_RG, (_RG,)), (_RD, (_RD, _S)), (_NR, (_NR,)), (_UK, (_UK,))),
        writes_node_object=True,
    ),
    Event(
        "admin_taint_node",
        "cluster-admin",
        "kubectl taint: add the user taint with an effect.",
        "staging/src/k8s.io/kubectl/pkg/cmd/taint/taint.go",
        ("node",),
        _admin_taint,
        _admin_taint_eff,
        edges((_RG, (_RG,)), (_RD, (_RD,)), (_S, (_S, _RD)), (_NR, (_NR,)), (_UK, (_UK,))),
        args=(Arg("taint_effect", "int", 0, 2, doc="the taint's effect", names=EFFECT_NAMES),),
        writes_node_object=True,
    ),
    Event(
        "admin_untaint_node",
        "cluster-admin",
        "kubectl taint ...-: remove the user taint.",
        "staging/src/k8s.io/kubectl/pkg/cmd/taint/taint.go",
        ("node",),
        _admin_untaint,
        _admin_untaint_eff,
        edges((_RG, (_RG,)), (_RD, (_RD, _S)), (_S, (_S,)), (_NR, (_NR,)), (_UK, (_UK,))),
        writes_node_object=True,
    ),
    Event(
        "admin_delete_node",
        "cluster-admin",
        "kubectl delete node; the pod garbage collector then deletes the pods bound to it.",
        "pkg/controller/podgc/gc_controller.go (gcOrphaned)",
        ("node",),
        _exists,
        _admin_delete_eff,
        tuple((s, _B) for s in _EX),
        writes_node_object=True,
    ),
    Event(
        "time_passes",
        "time",
        "Time advances by d >= 1 seconds; no urgent action may be overdue.",
        "(environment)",
        (),
        lambda s, i: i.seconds >= 1,
        _time_eff,
        loops(*ALL_STATES),
        args=(Arg("seconds", "int", 1, 1_000_000, doc="seconds that pass"),),
    ),
)

EVENT_BY_ID: dict[str, Event] = {e.id: e for e in EVENTS}


def _disturbs_register(s: Any, i: Any) -> Any:
    """A new Node that is not plainly schedulable: NotReady, pressure, cordon, a taint, cloud work."""
    return And(
        Not(s.node(i.node).exists),
        Or(
            Not(i.ready),
            i.memory_pressure,
            i.register_unschedulable,
            i.register_with_taint,
            i.external_cloud,
            i.needs_routes,
        ),
    )


#: Ghost updates of the progress property (node-becomes-schedulable): which steps end the premise
#: "nobody disturbs the node". They belong to the property, not to any actor: a mutant that
#: replaces an effect keeps them. Applied by :func:`nodereg.model.semantics.post_values`.
DISTURBS: dict[str, Callable[[Any, Any], Any]] = {
    "kubelet_stops": lambda s, i: True,
    "kubelet_register_node": _disturbs_register,
    "kubelet_post_status": lambda s, i: Or(Not(i.ready), i.memory_pressure),
    "admin_cordon": lambda s, i: True,
    "admin_taint_node": lambda s, i: True,
    "admin_delete_node": lambda s, i: True,
}

#: Ghost updates of the heartbeat clock ``since_heartbeat`` (no-unknown-before-grace,
#: silent-node-becomes-unknown): which steps are a heartbeat the node lifecycle controller counts. A
#: status post changes the Ready condition's lastHeartbeatTime and a Lease renewal its renewTime, and
#: tryUpdateNodeHealth refreshes probeTimestamp on either (node_lifecycle_controller.go); the create
#: carries the first lastHeartbeatTime; a new kubelet process with credentials renews its Lease at once.
#: Keyed by event, like DISTURBS: they belong to the properties, so a mutant whose controller ignores a
#: status post cannot also move the clock that judges it (round 10 of bugs written apart).
HEARTBEATS: dict[str, Callable[[Any, Any], Any]] = {
    "kubelet_post_status": lambda s, i: True,
    "kubelet_renew_lease": lambda s, i: True,
    "kubelet_register_node": lambda s, i: Not(s.node(i.node).exists),
    "kubelet_restarts": lambda s, i: s.node(i.node).cert,
}

#: Actors in the order diagrams list them.
ACTORS = (
    "kubelet",
    "csr-approver",
    "api-server",
    "node-lifecycle-controller",
    "taint-eviction-controller",
    "kube-scheduler",
    "cloud-controller-manager",
    "cluster-admin",
    "time",
)


def node_object_vars() -> tuple[str, ...]:
    """Variables that are fields of the Node object (what NodeRestriction protects)."""
    return (
        "exists",
        "ready",
        "memory_pressure",
        "network_unavailable",
        "unschedulable",
        "allocatable",
        "custom_effect",
        *[t.var for t in TAINT_SLOTS],
    )


def taint_vars() -> tuple[str, ...]:
    """Variables that are spec.taints entries (with the user taint's effect)."""
    return (*[t.var for t in TAINT_SLOTS], "custom_effect")
