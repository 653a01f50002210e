"""The oracle: a monitor that replays a trace against the declaration, node by node.

Semantics of checking (documented in ``oracle/README.md`` too), for each event at time ``t``:

1. **Time passes** from the node's previous event to ``t`` (lazily, per node: clocks are epochs).
   A catalogue promise that time alone can break is checked with ``slack`` seconds of controller
   latency: a clock property (``silent-node-becomes-unknown``, ``no-execute-eviction``) at
   ``t - slack``; a clock-free ``time_passes`` property (``not-ready-taint-follows-not-ready``,
   ``unreachable-taint-follows-unknown``) once it has been false for more than ``slack``. Each is
   reported once, until it holds again. A kubelet whose Lease is older than ``heartbeat-gap-max``
   has stopped (the model's live kubelet never is): the oracle infers ``kubelet_stops``; a kubelet
   that acts again after that has restarted (inferred ``kubelet_restarts`` and its AlreadyExists
   re-registration, both invisible in real traces).
2. **The step**: the declaration's *untimed* guard (lower time bounds, such as the status-update
   frequency, are when a component may act, not a safety promise: kubelets post fast at start-up
   and leases retry early) and its effect. If the guard is false, or the trace shows an outcome
   (``expect``) the effect does not produce, the catalogue's step properties of that event and
   its state properties on the observed post-state name what broke; if none does, the step is
   reported as ``control-state-matches-definition`` (the machine has no transition for it). The
   observed outcome is then adopted, since the real system did it, and checking goes on.
3. **State properties** on the post-state.

The controller's private bookkeeping (``heartbeat_unseen``, ``since_probe``, ``since_monitor``)
is invisible in every trace; before a ``nlc_monitor_node_health`` step the oracle chooses it so
that the step can have the outcome the trace shows whenever *some* phase of the monitor's passes
allows it (probe at the last heartbeat, ``slack`` earlier). Properties about that bookkeeping (the
controller-clock lemmas) are not checked. ``taints_synced`` follows the trace; a no-op taint pass
(the taints already match) is inferred at once, and one that has not come after ``slack`` seconds
is taken as done, so ``no-schedule-without-ready`` then applies in full.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from typing import Any

from nodereg.model import declaration as d
from nodereg.model.params import CONSTRAINTS, K8S_VERSION, defaults

from .compile import CTL, NI, NODE_CLOCKS, NODE_KEYS, PI, Compiled, QuietSpec, _dummy_pod, compile_oracle, initial_node
from .events import normalise
from .judged import NEVER_JUDGED, NOT_JUDGED_ON_CAPTURES
from .pods import pod_from_bits, pod_from_tolerations
from .record import EventRecord, InputError, ObservedBinding, Position, Violation, backwards, fmt_time
from .spec import EXTRA_EVENTS, KUBELET_ACTS, NODE_EVENTS, POD_EVENTS

__all__ = [
    "EXTRA_EVENTS",
    "GENERIC",
    "KUBELET_ACTS",
    "NODE_EVENTS",
    "POD_EVENTS",
    "InputError",
    "NodeRec",
    "Oracle",
    "PodRec",
    "Position",
    "Violation",
    "backwards",
    "fmt_time",
    "pod_from_bits",
    "pod_from_tolerations",
]

GENERIC = "control-state-matches-definition"
#: The taint-follows-condition promises: the controller's NoExecute/NoSchedule taint after Ready
#: turns False or Unknown (judged with upstream's latency, see ``Oracle._latency``).
TAINT_FOLLOWS = frozenset(
    {
        "not-ready-taint-follows-not-ready",
        "unreachable-taint-follows-unknown",
        "ready-node-sheds-ready-taints",
        "condition-taints-follow-conditions",
        "ready-taints-match-ready",
    }
)
#: Of those, the ones that remove taints or follow spec and pressure conditions: no zone queue (the
#: rate limiter paces NoExecute *tainting* only), and the NoExecute removal of a recovered node
#: (markNodeAsReachable) comes at the next monitor pass.
#: Of those, the ones about the Ready taints (not-ready, unreachable), both effects
READY_FOLLOWS = frozenset(
    {
        "not-ready-taint-follows-not-ready",
        "unreachable-taint-follows-unknown",
        "ready-node-sheds-ready-taints",
        "ready-taints-match-ready",
    }
)
UNQUEUED_FOLLOWS = frozenset(
    {"ready-node-sheds-ready-taints", "condition-taints-follow-conditions", "ready-taints-match-ready"}
)
#: Two properties that one overstaying pod breaks together (eviction-counted-from-first-noexecute-taint
#: counts from its first NoExecute taint, no-execute-eviction from each taint's own start): a pod's
#: overstay on a node is reported once, under whichever breaks first.
SAME_LATENESS = frozenset({"no-execute-eviction", "eviction-counted-from-first-noexecute-taint"})
#: Likewise a Ready=True node that keeps a not-ready or unreachable taint breaks both of these at once
#: (ready-taints-match-ready also covers NotReady and Unknown nodes): reported once per moment.
SAME_STALE_TAINT = frozenset({"ready-node-sheds-ready-taints", "ready-taints-match-ready"})
#: Likewise a live kubelet's Node marked Unknown within the grace period breaks both of these (the second
#: also covers a dead kubelet's): reported once per step.
SAME_EARLY_UNKNOWN = frozenset({"heartbeating-node-stays-known", "no-unknown-before-grace"})
#: kube-controller-manager --node-eviction-rate (default 0.1 nodes/s per zone, burst 1):
#: pkg/controller/nodelifecycle (zoneNoExecuteTainter, a RateLimitedTimedQueue per zone).
NODE_EVICTION_RATE = 0.1
#: handleDisruption's defaults (--unhealthy-zone-threshold, --large-cluster-size-threshold,
#: --secondary-node-eviction-rate): a partially disrupted zone of at most 50 Nodes is not tainted
UNHEALTHY_ZONE_THRESHOLD = 0.55
LARGE_CLUSTER_SIZE = 50
SECONDARY_EVICTION_RATE = 0.01
INF = math.inf
#: Events that can change whether a Node exists or is Ready: after them (captures only) the oracle
#: follows handleDisruption's master disruption mode (every zone without a Ready Node).
READY_EVENTS = frozenset(
    {
        "kubelet_post_status",
        "nlc_monitor_node_health",
        "kubelet_register_node",
        "admin_delete_node",
        "kubelet_stops",
        "kubelet_restarts",
        "observe_node",
    }
)
#: Steps that change which Nodes a zone counts (with a reader's ``zone``/``disruption_excluded`` extras)
_ZONE_MEMBERSHIP_EVENTS = frozenset({"kubelet_register_node", "admin_delete_node"})
_ZONE_KEYS = frozenset({"zone", "disruption_excluded"})
#: The Ready NoExecute taints the node lifecycle controller owns (markNodeAsReachable removes them).
_NE_READY_TAINTS = ("taint_not_ready_ne", "taint_unreachable_ne")
#: Events :meth:`Oracle.quiet` leaves to :meth:`Oracle.apply`: bookkeeping events, and the two whose
#: step does more than the declaration's (the monitor pass's private clocks, a re-registration)
_NOT_QUIET = frozenset({*EXTRA_EVENTS, "nlc_monitor_node_health", "kubelet_register_node"})

# the quick steps fold in compile's dummy pod: the oracle's own
assert _dummy_pod() == pod_from_bits({}, 0, 0) and [type(x) for x in _dummy_pod()] == [
    type(x) for x in pod_from_bits({}, 0, 0)
]
#: what the generated quick steps (``compile._quick_lines``) take of ``quiet``'s rules
_QUIET_SPEC = QuietSpec(frozenset(NEVER_JUDGED), TAINT_FOLLOWS, _NOT_QUIET)

_A, _CERT, _EXISTS, _READY, _SYNCED = NI["alive"], NI["cert"], NI["exists"], NI["ready"], NI["taints_synced"]
_READY_CHANGED = NI["since_ready_changed"]  # a clock: the epoch of Ready's last change
_REG, _HBU, _PROBE, _MON, _HB = (
    NI["registered"],
    NI["heartbeat_unseen"],
    NI["since_probe"],
    NI["since_monitor"],
    NI["since_heartbeat"],
)
_LEASE = NI["since_lease_renew"]
#: (index, initial age) of every node clock: a new node's clock epochs
_CLOCK_AGES = tuple((NI[v.name], v.init or 0) for v in d.NODE_VARS if v.clock)
#: the NoSchedule taints that follow spec.unschedulable and the pressure/network conditions
_COND_TAINTS = frozenset(NI[k] for k in ("taint_unschedulable", "taint_memory_pressure", "taint_network_unavailable"))
#: the NoSchedule taints a watch of the Nodes shows the taint pass writing (doNoScheduleTaintingPass: the
#: condition taints and the Ready ones), so a missing one is judged, never inferred
_WATCHED_NS_TAINTS = _COND_TAINTS | {NI["taint_not_ready_ns"], NI["taint_unreachable_ns"]}
_BOUND, _REQ, _NOEX = PI["bound_to"], PI["request"], PI["since_noexecute"]
#: a pod's eviction clocks: the taint-eviction controller's timer and the properties' per-taint clocks
_EVICTION_CLOCKS = tuple(
    PI[k]
    for k in ("since_noexecute", "since_under_not_ready_ne", "since_under_unreachable_ne", "since_under_custom_ne")
    if k in PI
)
_REQUESTED = NI["requested"]  # the scheduler's NodeInfo.Requested: kept equal to NodeRec.used
_ALLOCATABLE = NI["allocatable"]
#: the per-node resource property, judged only against a step that could break it (``_judge``)
_FIT = "bound-requests-fit-allocatable"


def _fresh_state_source() -> str:
    """``_fresh_state(t)``: ``_new_node``'s list for a node first seen at ``t`` with no ``extra`` (the
    default capacity and reservation), as one list display."""
    ages = dict(_CLOCK_AGES)
    # (``t - 0`` is ``t``, same value and type: the epochs share the event's number)
    items = [
        (f"t - {ages[i]!r}" if ages[i] else "t") if i in ages else repr(v) for i, v in enumerate(initial_node(10**9, 0))
    ]
    return f"def _fresh_state(t):\n    return [{', '.join(items)}]\n"


_ns: dict[str, Any] = {}
exec(_fresh_state_source(), _ns)
_fresh_state: Callable[[float], list[Any]] = _ns["_fresh_state"]


#: a node's ``suppressed`` until a property is (a shared empty frozenset: no set per node)
_UNSUPPRESSED: frozenset[str] = frozenset()


class NodeRec:
    """One node: its state list (laid out by ``compile.NODE_KEYS``) and the monitor's bookkeeping."""

    __slots__ = (
        "alarm",
        "alive_inferred",
        "changed",
        "chg_floor",
        "due",
        "fail_since",
        "hb_gated",
        "inferred_pass",
        "name",
        "pods",
        "s",
        "suppressed",
        "t",
        "tslow",
        "unsynced_since",
        "used",
    )

    def __init__(self, name: str, s: list[Any], t: float) -> None:
        self.name, self.s, self.t = name, s, t
        self.alarm = INF  # before this time nothing but the compiled fast path is needed
        # before this time nothing time alone can break is due (``Compiled.deadline``): the inline
        # fast step skips the time checks; -INF: unknown
        self.due = -INF
        self.pods: dict[str, PodRec] = {}
        self.used = 0
        # time property -> since when the current state breaks it if time passes (the slack window)
        self.fail_since: dict[str, float] = {}
        self.unsynced_since: float | None = None
        # state fields the oracle's inferred taint pass wrote (not seen in the capture): the next
        # observed Node shows whether that write happened; one it contradicts was the controller's
        # (judged by the timed taint properties), never a write of the event that carries the Node
        self.inferred_pass: frozenset[int] = frozenset()
        self.suppressed: set[str] = _UNSUPPRESSED  # type: ignore[assignment]  # (a set once one is)
        self.alive_inferred = False
        # a node first seen in a capture of a running cluster: until a Lease of it is seen, its
        # kubelet's heartbeat is unknown (status is posted only every 5 min), so the properties
        # that read the heartbeat are not judged for it (``HEARTBEAT_PROPS``)
        self.hb_gated = False
        # when what each timed property reads last changed (slow-path steps only; ``tslow`` is the
        # last of those, so a fast step after it -- rec.t > tslow -- means "since rec.t"): a step
        # that changes nothing a property reads (a Lease renewal under a pod's eviction timer) does
        # not delay judging it
        self.changed: dict[str, float] = {}
        self.chg_floor = t
        self.tslow = t


#: Properties that read the kubelet's heartbeat (its Lease and status clocks, or whether it runs):
#: judged only for nodes whose Lease the input shows (derived from the catalogue's formulas).
HEARTBEAT_VARS = frozenset({"since_heartbeat", "since_lease_renew", "alive"})
#: The line the text report prints for them when the input holds no Lease at all.
NO_LEASE_STREAM = "no Lease stream: heartbeat properties not checked"


class PodRec:
    """One pod: its state list (``compile.POD_KEYS``) and the node it is bound to."""

    __slots__ = ("name", "node", "p")

    def __init__(self, name: str, p: list[Any]) -> None:
        self.name, self.p, self.node = name, p, None


def _params_admissible(params: dict[str, int], ids: Iterable[str]) -> bool:
    class _P:
        def __getattr__(self, name: str) -> Any:
            return params[name]

    by_id = {c.id: c for c in CONSTRAINTS}
    return all(bool(by_id[i].formula(_P())) for i in ids if i in by_id)


_COMPILED: dict[Any, Compiled] = {}


class Oracle:
    """Step-by-step checking of node-lifecycle events; each node's state stays readable.

    ``Oracle(params={"node_monitor_grace_period": 50}, k8s_version="1.35", slack=5.0)``; then
    ``step(event_dict)`` per event in the ``events`` format (see ``oracle/events.schema.json``),
    returning the violations that event revealed, and ``finish()`` at the end of the trace.
    """

    def __init__(
        self,
        params: dict[str, int] | None = None,
        k8s_version: str = K8S_VERSION,
        slack: float = 5.0,
        fast: bool = True,
    ) -> None:
        from .arguments import check_oracle_args

        check_oracle_args(params, k8s_version, slack)  # TypeError/ValueError naming the argument
        self.slack = float(slack)
        self.use_fast = fast
        self._dummy_pod = pod_from_bits({}, 0, 0)
        #: kube-controller-manager --node-eviction-rate (nodes/s per zone); a capture may say otherwise
        self.eviction_rate = NODE_EVICTION_RATE
        #: what the caller fixed (``{"params": {...}, "k8s_version": str | None}``) when the timing may
        #: be read from a capture (``run.check`` sets it for the oracle it makes); None: never inferred
        self.timing_given: dict[str, Any] | None = None
        self._configure(params, k8s_version)
        self.nodes: dict[str, NodeRec] = {}
        self.pods: dict[str, PodRec] = {}
        self.now: float | None = None
        self.index = -1
        self.violations: list[Violation] = []
        self.notes: list[str] = []
        #: nodes first listed without a Ready condition (node-has-ready-condition not judged until they get one)
        self.readyless: set[str] = set()
        self._pos = Position(-1)
        #: property -> why the input could not show it (filled by adapters through ``extra["unchecked"]``)
        self.unchecked: dict[str, str] = {}
        #: heartbeat property -> nodes for which it would have been judged without their Lease
        self.unchecked_nodes: dict[str, set[str]] = {}
        #: nodes already over-requested (their pods' cpu above allocatable) when a step that adds no request
        #: found them so: the input began with them so (bound before it), bound-requests-fit-allocatable
        #: judged there only on a step that adds a request or lowers allocatable (``_judge``)
        self.over_requested: set[str] = set()
        self.lease_seen = False  # some node's Lease is in the input
        #: nodes whose Lease the input stopped showing (its watch or log ended), since when
        self.unseen_since: dict[str, float] = {}
        #: nodes the input does not watch for a while (the watch of their Node or their pods ended, a later
        #: list shows them again), since when: nothing is judged of them until then (``unwatched``)
        self.unwatched: dict[str, float] = {}
        #: property -> nodes it was not judged on while unwatched; and why a node's heartbeats are not
        #: judged when a reader says so (``hb_why``: a kubelet clock the capture cannot place)
        self.unwatched_hits: dict[str, set[str]] = {}
        self.hb_why: dict[str, str] = {}
        #: eviction-not-early on captures: per pod, an eviction-timer start the input did not show (the epoch its
        #: clocks were given when it was first seen bound under a NoExecute taint, or by a new controller), which
        #: is then no lower bound; per node, the spans its watch was down; the first moment of the input; and the
        #: evictions not judged for want of a start, for coverage (``_early_unknown``)
        self._timer_unseen: dict[str, float] = {}
        self._watch_gaps: dict[str, list[tuple[float, float]]] = {}
        self._first_t: float | None = None
        self._early_unjudged: dict[str, str] = {}
        #: step property -> a step that broke it while its Node's watch was down, not judged (``_report``)
        self._gap_steps: dict[str, str] = {}
        self._by_taint_manager = False  # the current eviction is the taint-eviction controller's own, as shown
        #: run by ``finish`` once every deadline is judged (a reader that reviews what it reported)
        self.after_finish: list[Callable[[], None]] = []
        #: (node, heartbeat property) -> the heartbeat it was last reported on (``_report``)
        self._hb_reported: dict[tuple[str, str], Any] = {}
        # Attribution of missed deadlines (readers of real captures set ``attribute``): a node whose
        # deadline has passed is judged at the first event of *any* node after it, so the violation
        # names that event's line and the deadline, not the node's own next event much later.
        self.attribute = False
        #: the input shows every write to a Node (a watch of the Nodes): a taint pass the capture does not
        #: show did not happen, and is never inferred
        self.node_writes_seen = False
        #: node -> (when first, taints) of the taint passes inferred over a NoSchedule taint a watch would judge,
        #: while ``node_writes_seen`` was false: a reader whose input may hold the controller's writes (an audit
        #: log) says the properties about them not checked rather than "checked" on an inferred write
        self.inferred_ns_pass: dict[str, tuple[float, frozenset[int]]] = {}
        #: the input names Nodes whose state it does not show (an audit log begun after their
        #: creation): every zone's disruption state is unknown, master disruption mode never inferred
        self.unseen_nodes = False
        #: nodes known only because pods are bound to them: the input never shows their Node (a Node
        #: watch with a selector); the report counts them apart, so '5 nodes' never hides that 2 were unseen
        self.nodes_not_shown: set[str] = set()
        #: per zone key, when its Nodes last changed (one registered, deleted, relabelled, excluded)
        self._zone_moved: dict[str, float] = {}
        self._due_heap: list[tuple[float, str]] = []
        #: nodes judged at every event (an open failure window): insertion-ordered, never a set, so
        #: nodes are judged in the order they became hot, not in an order of string hashes that
        #: changes from run to run (two nodes of a zone queue for the NoExecute rate limiter in it)
        self._hot: dict[str, None] = {}
        self._cur_event = "time_passes"
        self.untolerated: list[str] | None = None
        # the NoExecute taint of a failed node waits for the controller's next monitor pass and its
        # zone's rate limiter (--node-eviction-rate): zone -> when the next token is free
        self._zone_next: dict[str, float] = {}
        self._zone_epoch: dict[str, float] = {}  # zone -> when its queue last began from idle
        self._resumed: dict[tuple[str, float], int] = {}  # (zone, stopped until) -> Nodes waiting then
        #: node\0property -> its batch in the zone's queue: [first failure, when the batch's last token is free]
        self._queued: dict[str, list[float]] = {}
        self._zone_batch: dict[str, list[float]] = {}  # zone -> its latest batch
        self._zone_stopped: dict[str, float] = {}  # zone -> last time its NoExecute tainting was stopped
        self.zones: dict[str, str] = {}
        #: Nodes labelled node.kubernetes.io/exclude-disruption: left out of the zones' disruption states
        self.disruption_excluded: set[str] = set()
        # handleDisruption's master disruption mode (captures only): since when no existing Node has
        # been Ready (None: some Node is), and one Node that was Ready when last looked at
        self._all_down_since: float | None = None
        self._ready_witness: str | None = None
        self._excuse_step = False  # the step is handleDisruption's markNodeAsReachable: not judged
        # (pod or event index, node) -> the property already reported for one fact (SAME_LATENESS,
        # SAME_STALE_TAINT)
        self._late: dict[tuple[str, str], str] = {}
        self._master_checked = False  # the Ready NoExecute taints were looked at once the mode settled
        #: node -> its real user taints (the model's one user-taint slot stands for them), for messages
        self.custom_taints: dict[str, list[str]] = {}
        self._has_noexec: Callable[[list[Any]], bool] = lambda s: bool(
            s[NI["taint_not_ready_ne"]]
            or s[NI["taint_unreachable_ne"]]
            or (s[NI["taint_custom"]] and s[NI["custom_effect"]] == d.NO_EXECUTE)
        )

    def _configure(self, params: dict[str, int] | None, k8s_version: str) -> None:
        """Fix the timing: the defaults of ``k8s_version`` with ``params`` over them, compiled."""
        base = defaults(k8s_version)
        base.update(params or {})
        self.params, self.k8s_version = base, k8s_version
        from nodereg.properties.catalogue import ALL_PROPERTIES

        # a property is checked only where its timing assumptions hold for these parameters
        skip = frozenset(p.id for p in ALL_PROPERTIES if p.assumes and not _params_admissible(base, p.assumes))
        self.skipped = sorted(skip)
        key = (tuple(sorted(base.items())), self.slack, skip)
        if key not in _COMPILED:
            _COMPILED[key] = compile_oracle(base, self.slack, skip, _QUIET_SPEC)
        self.c: Compiled = _COMPILED[key]
        c = self.c
        self._state_props = [(pi, c.state_fns[pi.id]) for pi in c.props if pi.prop.kind == "state"]
        self._synced_props = [(pi, fn) for pi, fn in self._state_props if pi.id == "synced-taints-match-conditions"]
        self._step_by_event: dict[str, list[tuple[str, Callable[..., bool]]]] = {}
        for (pid, ev), fn in c.step_fns.items():
            self._step_by_event.setdefault(ev, []).append((pid, fn))
        self._time_props = [(pi, c.time_fns[pi.id]) for pi in c.props if pi.time_step]
        # every promise time alone can break: time_passes step properties, state properties on clocks
        self._timed: list[tuple[Any, Callable[..., bool]]] = []
        for pi, fn in self._time_props:
            self._timed.append((pi, self._time_at(fn)))
        for pi, fn in self._state_props:
            if pi.clocks:
                self._timed.append((pi, self._state_at(fn)))
        from .compile import property_infos

        self._hb_props = frozenset(pi.id for pi in property_infos() if {k[1] for k in pi.reads} & HEARTBEAT_VARS)
        self._plain_ids = frozenset(pi.id for pi, _ in self._state_props if not pi.clocks) - {GENERIC}
        self._timed_ids = frozenset(pi.id for pi, _ in self._timed)
        # node-list indices each timed property reads
        self._timed_reads = {
            pi.id: frozenset(NI[k[1]] for k in pi.reads if k[0] == "node" and k[1] in NI) for pi, _ in self._timed
        }
        # (property id, reads a pod, node indices it reads) for _mark_changed
        self._timed_marks = [(pi.id, pi.pods, self._timed_reads[pi.id]) for pi, _ in self._timed]
        # node-list index -> the timed properties that read it; the ones that read a pod (quiet's marks)
        self._marks_by_index = [
            tuple(pid for pid, _, reads in self._timed_marks if i in reads) for i in range(len(NODE_KEYS))
        ]
        self._pod_marks = tuple(pid for pid, on_pods, _ in self._timed_marks if on_pods)
        self._synced_fn = self._synced_props[0][1] if self._synced_props else None
        # the timed properties' own functions, as their ``at`` closures call them (quiet's window loop):
        # (id, function, whether it takes two times (a time_passes step property), taint-follows, clocks)
        self._timed_fns = [(pi.id, fn, True, pi.id in TAINT_FOLLOWS, pi.clocks) for pi, fn in self._time_props]
        self._timed_fns += [
            (pi.id, fn, False, pi.id in TAINT_FOLLOWS, pi.clocks) for pi, fn in self._state_props if pi.clocks
        ]
        assert [x[0] for x in self._timed_fns] == [pi.id for pi, _ in self._timed]
        #: event -> its quick step, ``quiet`` generated straight-line (``compile._quick_lines``)
        self._quick = {eid: ec.quick for eid, ec in c.events.items() if ec.quick is not None}

    def retime(self, params: dict[str, int] | None, k8s_version: str, eviction_rate: float | None = None) -> None:
        """Fix other timing parameters before the first event (a capture's own version and flags).

        The judgement reads the parameters from the first event on, so they can change only
        before it: a reader calls this once it has read what the capture says about its cluster.
        """
        from .arguments import check_params, check_version

        if self.index >= 0 or self.nodes or self.pods:
            raise RuntimeError("the timing parameters are fixed once the first event is checked")
        check_params(params)
        check_version(k8s_version)
        self._configure(params, k8s_version)
        if eviction_rate is not None:
            if not eviction_rate > 0:
                raise ValueError(f"eviction_rate: expected nodes per second > 0, got {eviction_rate}")
            self.eviction_rate = float(eviction_rate)

    def _time_at(self, fn: Callable[..., bool]) -> Callable[..., bool]:
        dummy = None

        def at(s: list[Any], prec: PodRec | None, t: float, rec: NodeRec) -> bool:
            p = prec.p if prec is not None else (dummy or self._dummy_pod)
            return bool(fn(s, p, t, t, rec.used - (p[_REQ] if prec is not None else 0)))

        return at

    def _state_at(self, fn: Callable[..., bool]) -> Callable[..., bool]:
        def at(s: list[Any], prec: PodRec | None, t: float, rec: NodeRec) -> bool:
            p = prec.p if prec is not None else self._dummy_pod
            return bool(fn(s, p, t, rec.used - (p[_REQ] if prec is not None else 0)))

        return at

    @property
    def position(self) -> Position:
        """Where the last event came from (what the end of the trace reports its findings against)."""
        return self._pos

    @position.setter
    def position(self, pos: Position) -> None:
        self._pos = pos

    # ------------------------------------------------------------------------------------------
    # public API
    # ------------------------------------------------------------------------------------------
    def step(self, ev: dict[str, Any], line: int | None = None, file: str | None = None) -> list[Violation]:
        """Check one event given as a dict in the ``events`` format (validated here)."""
        return self.feed(normalise(ev, file, line))

    def feed(self, item: EventRecord | ObservedBinding | Violation | InputError) -> list[Violation]:
        """Check one item a reader yielded (an :class:`InputError` item is raised: the caller reports it)."""
        if type(item) is EventRecord:
            return self.apply(
                item.event,
                item.t,
                item.node,
                item.pod,
                item.args,
                item.expect,
                item.extra,
                line=item.line,
                file=item.file,
            )
        if type(item) is ObservedBinding:
            self.observe_binding(item)
            return []
        if type(item) is Violation:  # seen by the reader itself (an audit log shows the identity)
            self.index += 1
            item.index = self.index
            self.violations.append(item)
            return [item]
        if isinstance(item, InputError):
            raise item
        raise TypeError(f"not an oracle item: {type(item).__name__}")

    def observe_binding(self, b: ObservedBinding) -> None:
        """A pod bound before the trace began: taken as it is (no check), in time order like any event."""
        if self.now is not None and b.t < self.now:
            raise backwards(b.t, self.now, b.file, b.line)
        if self._first_t is None:
            self._first_t = b.t
        self.now = b.t
        self.index += 1
        self._pos = Position(self.index, b.line, b.file)
        self._cur_event = "observe_binding"
        if self.attribute:
            self._wake(b.t)
        if b.unchecked:
            # (a step-only reason is said in coverage, and the other bindings stay judged; an ObservedBinding is
            # never judged itself)
            target = self._gap_steps if b.step_only else self.unchecked
            for k, why in b.unchecked.items():
                target.setdefault(k, why)
        rec = self.nodes.get(b.node) or self._new_node(b.node, b.t, {})
        prec = self.pods.get(b.pod) or self._declare_pod(b.pod, pod_from_tolerations([]))
        if prec.node is not None:
            self._unbind(prec)
        self._advance(rec, b.t)  # judged without the pod up to here
        prec.node, prec.p[_BOUND] = b.node, 0
        rec.pods[b.pod] = prec
        rec.used += prec.p[_REQ]
        rec.s[_REQUESTED] = rec.used
        self._pods_changed(rec, b.t)
        if self._has_noexec(rec.s):
            # under a NoExecute taint since before the capture: how long is unknown, so its
            # tolerationSeconds count from here (never from the epoch)
            for v in d.POD_VARS:  # every pod clock: the eviction timer and any ghost clock of the properties
                if v.clock:
                    prec.p[PI[v.name]] = b.t
            if not b.created:
                # bound before it was seen: its timer may have started long before (no lower bound)
                self._timer_unseen[b.pod] = b.t
        self._set_alarm(rec)

    def apply(
        self,
        eid: str,
        t: float,
        node: str | None,
        pod: str | None,
        args: tuple[Any, ...] = (),
        expect: dict[int, Any] | None = None,
        extra: dict[str, Any] | None = None,
        *,
        line: int | None = None,
        file: str | None = None,
    ) -> list[Violation]:
        """Check one already-normalised event; returns the violations it revealed."""
        if self.now is not None and t < self.now:
            raise backwards(t, self.now, file, line)
        if self._first_t is None:
            self._first_t = t
        self.now = t
        self.index += 1
        self._pos = Position(self.index, line, file)
        self._cur_event = eid
        n0 = len(self.violations)
        if self.attribute:
            self._wake(t)
            if self._all_down_since is not None and not self._master_checked and self._master_settled(t):
                self._master_kept(t)
        if extra and "custom_taints" in extra and node is not None:
            self.custom_taints[node] = extra["custom_taints"]
        if (
            self.attribute
            and node is not None
            and (eid in _ZONE_MEMBERSHIP_EVENTS or (extra and _ZONE_KEYS & extra.keys()))
        ):
            # a zone's Nodes changed: its disruption state may have changed with it (``_partial_settled``)
            self._zone_moved[self.zones.get(node, "")] = t
            if extra and extra.get("zone") is not None:
                self._zone_moved[str(extra["zone"])] = t
        if extra and "zone" in extra and node is not None:
            # (None: the zone labels were removed, upstream's "" zone; a reader says so when they change)
            if extra["zone"] is None:
                self.zones.pop(node, None)
            else:
                self.zones[node] = str(extra["zone"])
        if extra and "disruption_excluded" in extra and node is not None:
            if extra["disruption_excluded"]:
                self.disruption_excluded.add(node)
            else:
                self.disruption_excluded.discard(node)
        if extra and "unchecked" in extra:
            for k, why in extra["unchecked"].items():
                self.unchecked.setdefault(k, why)
        if extra and "pod_bits" in extra:
            self._pod_bits(extra["pod_bits"])
        #: the real taints a bound pod does not tolerate (a reader of real objects says; for the message)
        self.untolerated = extra.get("untolerated") if extra else None
        self._by_taint_manager = bool(extra and extra.get("taint_manager"))
        if extra and "gap_step" in extra:
            for pid in ("eviction-only-when-due", "eviction-not-early"):
                self._gap_steps.setdefault(pid, str(extra["gap_step"]))
        if eid in EXTRA_EVENTS:
            self._extra(eid, t, node, pod, extra or {})
            if self.attribute and eid in READY_EVENTS:
                self._track_disruption(t)
            return self.violations[n0:]
        assert node is not None
        rec = self.nodes.get(node)
        if rec is None:
            rec = self._new_node(node, t, extra or {})
        ec = self.c.events[eid]
        if extra and eid == "kubelet_register_node" and not rec.s[_EXISTS]:
            for k in ("capacity", "reserved"):
                if k in extra:
                    rec.s[NI[k]] = int(extra[k])
        if (
            self.use_fast
            and ec.fast is not None
            and not expect
            and t <= rec.alarm
            and not rec.hb_gated
            and not (rec.pods and ec.pod_relevant)
            and ec.fast(rec.s, t, args)
        ):
            rec.t = t
            rec.due = self.c.deadline(rec.s, t)
            if self.attribute:
                self._set_alarm(rec)
                if eid in READY_EVENTS:
                    self._track_disruption(t)
            return []
        self._advance(rec, t)  # up to the renewal, the heartbeat is as unknown as before it
        if eid == "kubelet_renew_lease":
            self.lease_seen = True
            if rec.hb_gated:
                rec.hb_gated = False
                if rec.suppressed:
                    rec.suppressed.difference_update(self._hb_props)
        prec = None
        if pod is not None:
            prec = self.pods.get(pod)
            if prec is None:
                prec = self._declare_pod(pod, pod_from_tolerations([]))
                self.notes.append(
                    f"pod {pod} was not declared: taken as an ordinary pod with the default tolerations and no request"
                )
        self._step(rec, prec, eid, t, args, expect)
        if extra and "pod_bits_after" in extra:
            self._pod_bits(extra["pod_bits_after"])
        if self.attribute and eid in READY_EVENTS:
            self._track_disruption(t)
        return self.violations[n0:]

    def quiet(self, eid: str, rec: NodeRec, prec: PodRec | None, t: float, args: tuple[Any, ...]) -> bool:
        """:meth:`quiet_generic`, as the event's generated quick step computes it (``compile._quick_lines``:
        the same computation, straight-line)."""
        q = self._quick.get(eid)
        return q is not None and not self.attribute and q(rec, prec, t, args, self)

    def quiet_generic(self, eid: str, rec: NodeRec, prec: PodRec | None, t: float, args: tuple[Any, ...]) -> bool:
        """:meth:`apply` of a plain model event (no ``expect``, no ``extra``) of a known node and pod that
        reveals nothing, in one pass, for the ``events`` hot loop; False, having changed nothing, when
        anything needs :meth:`apply`'s care (the caller then checks the event with it).

        The same computation as ``apply`` -> ``_advance`` -> ``_step`` -> ``_after`` (same compiled
        functions, same bookkeeping), without the branches its preconditions rule out: no attribution,
        no heartbeat gate, no suppressed finding, no inferred kubelet stop or taint pass, no pod that a
        node event's effect touches, a guard that holds and every check true. The caller has tried
        the event's inline step (``compile.py``) when ``t <= rec.alarm``: what it declines, apply's
        fast step declines too. It keeps the event index, time and position, as for the inline steps.
        """
        if rec.suppressed or rec.alive_inferred or rec.hb_gated or self.attribute or eid in _NOT_QUIET:
            return False
        c, s = self.c, rec.s
        ec = c.events[eid]
        pods = rec.pods
        if pods and ec.pod_relevant and prec is None:
            return False  # the pods bound here follow the node event ("others" of _step)
        if s[_A] and eid in KUBELET_ACTS and s[_CERT] and s[_EXISTS] and not s[_REG]:
            return False  # _step infers the kubelet's restart
        # -- _advance: nothing time can break is due, and the state stays as it is
        dl = c.lease_deadline(s)
        if dl is not None and t > dl:
            return False
        slack = self.slack
        us = rec.unsynced_since
        if us is not None and not s[_SYNCED] and t - us > slack:
            return False
        ne = t - slack
        rt = rec.t
        chg_floor = rec.chg_floor
        if rt > rec.tslow and rt > chg_floor:
            chg_floor = rt
        dummy = self._dummy_pod
        used = rec.used
        plist = list(pods.values())
        fail_since, changed = rec.fail_since, rec.changed
        if fail_since:
            window = True
        elif ne <= rt and ne <= chg_floor and (not changed or ne <= min(changed.values())):
            window = False  # the state is as it was less than --slack ago
        elif plist:
            window = not all(c.timed_ok(s, q.p, ne, used - q.p[_REQ]) for q in plist)
        else:
            window = not c.timed_ok(s, dummy, ne, used)
        if window:
            # _advance's judgement of each promise time can break: every one it evaluates must hold
            # (each called as its ``at`` closure calls it, for every pod or the dummy pod)
            ppo = [(q.p, used - q.p[_REQ]) for q in plist] if plist else [(dummy, used)]
            for pid, fn, two_times, follows, clocks in self._timed_fns:
                base = changed.get(pid, -INF)
                if base < chg_floor:
                    base = chg_floor
                if (
                    ne > base
                    and not follows
                    and not all(fn(s, pp, ne, ne, oo) if two_times else fn(s, pp, ne, oo) for pp, oo in ppo)
                ):
                    return False
                since = fail_since.get(pid)
                if since is None:
                    if not (follows and clocks and t > base):
                        continue
                elif t - since <= slack:
                    continue
                if not all(fn(s, pp, t, t, oo) if two_times else fn(s, pp, t, oo) for pp, oo in ppo):
                    return False  # (a window that ran out between two steps starts here, or one ran out)
        synced = self._synced_fn  # (_advance judges it at every step)
        if synced is not None:
            if plist:
                if not all(synced(s, q.p, t, used - q.p[_REQ]) for q in plist):
                    return False
            elif not synced(s, dummy, t, used):
                return False
        # -- _step
        if prec is not None:
            here = prec.node == rec.name
            p = list(prec.p)
            p[_BOUND] = 0 if here else (d.UNBOUND if prec.node is None else 1)
            o = used - (p[_REQ] if here else 0)
        else:
            p, o = dummy, used
        if not ec.guard(s, p, t, args, o):
            return False
        post = ec.post(s, p, t, args, o)  # the effect's node updates on a copy
        ppost = p
        if prec is not None:
            ppost = p.copy()
            for i, v in ec.effect(s, p, t, args, o)[1].items():
                ppost[i] = v
        step_all = c.step_all.get(eid)
        if (
            step_all is not None
            and not step_all(s, post, p, ppost, t, args, o)
            and not all(
                pid in NEVER_JUDGED or fn(s, post, p, ppost, t, args, o) for pid, fn in self._step_by_event[eid]
            )
        ):
            return False  # (one that is never judged, _report drops: nothing else follows from it here)
        plain_ok = c.plain_ok
        if prec is not None and not plain_ok(post, ppost, t, o):
            return False
        if plist:
            # the other pods' requests after the step: the post-state's Requested less the pod's own
            requested = post[_REQUESTED]
            if not all(plain_ok(post, q.p, t, requested - q.p[_REQ]) for q in plist if q is not prec):
                return False
        elif prec is None and not plain_ok(post, dummy, t, 0):
            return False
        # nothing found: the step is taken as _step takes it
        if rt > rec.tslow:  # (_advance: fast steps since the last slow one)
            rec.chg_floor = chg_floor
        if post[_READY] != s[_READY]:
            post[_READY_CHANGED] = t
        post[CTL] = c.classify(post)
        ec.marks(s, post, changed, t)  # _mark_changed, over what the step can change
        s[:] = post
        if prec is not None:
            for pid in self._pod_marks:
                changed[pid] = t
            self._settle_pod(rec, prec, ppost)
        if eid == "kubelet_renew_lease":
            self.lease_seen = True
        self.untolerated = None
        self._after(rec, t)
        return True

    def _pod_bits(self, bits: dict[str, dict[str, Any]]) -> None:
        """Toleration bits of pods as a reader computed them against their node's actual taints.

        A bound pod whose bits change (its Node's taints changed) is judged with its old bits up to
        now and with the new ones from now: a pod that tolerated every NoExecute taint for ever and
        now does not gets its eviction timer started now (processPodOnNode: no timer to keep). A pod
        whose timer is running and that still tolerates the new taints for a finite time keeps its
        timer, start and length: processPodOnNode finds the scheduled eviction and, as ``CreatedAt +
        minTolerationTime`` is before ``now + minTolerationTime``, returns without touching it (the
        not-ready to unreachable swap of SwapNodeControllerTaint does not shorten a not-ready timer of
        300 s to the unreachable toleration's 30 s; was: the new length from the old start, a false
        no-execute-eviction).
        """
        now = self.now if self.now is not None else -INF
        for name, vals in bits.items():
            prec = self.pods.get(name)
            if prec is None:
                continue
            rec = self.nodes.get(prec.node) if prec.node is not None else None
            if rec is not None and any(prec.p[PI[k]] != v for k, v in vals.items()):
                self._advance(rec, now)
                forever = prec.p[PI["tolerates_forever"]]
                # (a timer started before now: one a binding starts now is the new bits' own, pod_bits_after)
                running = not forever and self._has_noexec(rec.s) and prec.p[PI["since_noexecute"]] < now
                for k, v in vals.items():
                    if k == "toleration_seconds" and running and not vals.get("tolerates_forever"):
                        continue  # the scheduled eviction is kept (taint_eviction.go processPodOnNode)
                    prec.p[PI[k]] = v
                if forever and not prec.p[PI["tolerates_forever"]] and self._has_noexec(rec.s):
                    for v in d.POD_VARS:
                        if v.clock:
                            prec.p[PI[v.name]] = now
                self._pods_changed(rec, now)
                continue
            for k, v in vals.items():
                prec.p[PI[k]] = v
            if rec is not None:
                self._set_alarm(rec)

    def _pods_changed(self, rec: NodeRec, now: float) -> None:
        """What the pod properties of ``rec`` read changed at ``now`` outside a step (a binding the
        reader only observed, toleration bits recomputed): they are judged from now on."""
        rec.t = max(rec.t, now)
        rec.tslow = rec.t
        for pi, _ in self._timed:
            if pi.pods:
                rec.changed[pi.id] = now
        self._after(rec, rec.t)

    def finish(self) -> list[Violation]:
        """End of trace: time has passed up to the last event for every node; check what it broke."""
        n0 = len(self.violations)
        self._cur_event = "end"  # what only the end of the input shows: reported at its last line
        if self.now is not None:
            self._pos = Position(self.index, self._pos.line, self._pos.file)
            now, lease_deadline = self.now, self.c.lease_deadline
            quiet = not self.attribute
            for rec in self.nodes.values():
                if (
                    quiet
                    and now <= rec.alarm
                    and now < rec.due
                    and not rec.hb_gated
                    and ((dl := lease_deadline(rec.s)) is None or now <= dl)
                ):
                    continue  # before its deadline nothing time can break is due (what the inline steps rely on)
                self._advance(rec, now, end=True)
        for fn in self.after_finish:
            fn()
        return self.violations[n0:]

    def coverage(self) -> dict[str, str]:
        """Per catalogue property: ``"checked"`` or ``"not checked: REASON"`` (what the input could not show).

        A property is judged only from data the input holds: heartbeat properties need the nodes'
        Leases; a property whose timing assumption fails for the parameters is not checked; one
        that reads the node lifecycle controller's private clocks is never observable.
        """
        from nodereg.properties.catalogue import ALL_PROPERTIES

        checked = {pi.id for pi in self.c.props}
        gated = sorted(r.name for r in self.nodes.values() if r.hb_gated)
        out: dict[str, str] = {}
        for p in ALL_PROPERTIES:
            if p.id in self.skipped:
                why = "its timing assumption fails with these parameters"
            elif p.id not in checked:
                why = "it reads the node lifecycle controller's private clocks, which no input shows"
            elif p.id in self.unchecked:
                why = self.unchecked[p.id]
            elif p.id in NEVER_JUDGED:
                why = NEVER_JUDGED[p.id]
            elif self.attribute and p.id in NOT_JUDGED_ON_CAPTURES:
                why = NOT_JUDGED_ON_CAPTURES[p.id]
            elif p.id in self._gap_steps and not (
                p.id in self.unwatched_hits and any(n in self.unwatched for n in self.unwatched_hits[p.id])
            ):
                why = self._gap_steps[p.id] + " (checked for the other steps)"
            elif self.attribute and p.id == "eviction-not-early" and self._early_unjudged:
                why = next(iter(self._early_unjudged.values()))
                if len(self._early_unjudged) > 1:
                    why += f" (and {len(self._early_unjudged) - 1} more pods)"
                why += "; checked for the evictions whose timer start the input shows"
            elif (
                p.id in self._hb_props
                and self.nodes
                and not self.lease_seen
                and any(r.hb_gated for r in self.nodes.values())
            ):
                why = NO_LEASE_STREAM.split(":")[0]
            elif p.id in self._hb_props and gated and any(n in self.hb_why for n in gated):
                odd = [n for n in gated if n in self.hb_why]
                why = "; ".join(dict.fromkeys(self.hb_why[n] for n in odd[:3]))
                why += f" (checked for the other {len(self.nodes) - len(gated)})"
            elif p.id in self.unwatched_hits and (
                still := sorted(n for n in self.unwatched_hits[p.id] if n in self.unwatched)
            ):
                why = (
                    f"node {', '.join(still[:5])}{' ...' if len(still) > 5 else ''} is not watched after "
                    f"{fmt_time(min(self.unwatched[n] for n in still))} (the watch that showed it ended) "
                    f"(checked for the other {len(self.nodes) - len(still)})"
                )
            elif p.id in self._hb_props and gated:
                never = [n for n in gated if n not in self.unseen_since]
                later = [n for n in gated if n in self.unseen_since]
                parts = []
                if never:
                    parts.append(f"no Lease seen for node {', '.join(never[:5])}{' ...' if len(never) > 5 else ''}")
                if later:
                    parts.append(
                        f"the Lease of node {', '.join(later[:5])}{' ...' if len(later) > 5 else ''} is "
                        f"not in the input after {fmt_time(min(self.unseen_since[n] for n in later))}"
                    )
                why = "; ".join(parts)
                why += f" (checked for the other {len(self.nodes) - len(gated)})"
            elif p.id == _FIT and (
                over := sorted(
                    n
                    for n in self.over_requested
                    if n in self.nodes and not any(v.property == _FIT and v.node == n for v in self.violations)
                )
            ):
                why = (
                    f"node {', '.join(over[:5])}{' ...' if len(over) > 5 else ''}: its pods already requested more "
                    "cpu than its allocatable when the input showed it (bound before the input began, or created "
                    "already bound: no scheduler's binding), so judged "
                    "there only on bindings that add a request (the scheduler admits a pod requesting no cpu)"
                )
                if len(over) < len(self.nodes):
                    why += f" (checked for the other {len(self.nodes) - len(over)})"
            elif p.id == "node-has-ready-condition" and (
                never := sorted(
                    n for n in self.readyless if n in self.nodes and self.nodes[n].s[_READY] == d.READY_ABSENT
                )
            ):
                # no node to judge it on: each was listed without a Ready condition and never got one
                many = len(never) > 1
                why = (
                    f"node{'s' if many else ''} {', '.join(never[:5])}{' ...' if len(never) > 5 else ''} "
                    f"{'are' if many else 'is'} listed without a Ready condition and never get{'' if many else 's'} "
                    "one (created before the input began, not by a registering kubelet)"
                )
                if len(never) < len(self.nodes):
                    why += f" (checked for the other {len(self.nodes) - len(never)})"
            else:
                out[p.id] = "checked"
                continue
            out[p.id] = f"not checked: {why}"
        return out

    def node_state(self, name: str) -> dict[str, Any]:
        """The model's variables of one node, readable (clocks as ages at the current time)."""
        rec = self.nodes[name]
        return self._named(rec.s, self.now if self.now is not None else rec.t)

    def pod_state(self, name: str) -> dict[str, Any]:
        prec = self.pods[name]
        out = {k: prec.p[i] for k, i in PI.items()}
        out["bound_to"] = prec.node
        out["since_noexecute"] = (self.now or 0) - prec.p[_NOEX]
        return out

    def control_state(self, name: str) -> str:
        return d.STATE_NAMES[self.nodes[name].s[CTL]]

    # ------------------------------------------------------------------------------------------
    # nodes and pods
    # ------------------------------------------------------------------------------------------
    def new_node(self, name: str, t: float) -> NodeRec:
        """A node first seen at ``t`` (what :meth:`apply` does for an unknown node), for the hot loop."""
        rec = NodeRec(name, _fresh_state(t), t)
        self.nodes[name] = rec
        return rec

    def _new_node(self, name: str, t: float, extra: dict[str, Any]) -> NodeRec:
        s = initial_node(int(extra.get("capacity", 10**9)), int(extra.get("reserved", 0)))
        for i, age in _CLOCK_AGES:  # a clock's epoch: its initial age before t (0, or 1 for since_left_ready)
            s[i] = t - age
        rec = NodeRec(name, s, t)
        rec.hb_gated = bool(extra.get("hb_gate"))
        self.nodes[name] = rec
        return rec

    def _declare_pod(self, name: str, p: list[Any]) -> PodRec:
        old = self.pods.get(name)
        if old is not None and old.node is not None:
            self._unbind(old)
        prec = PodRec(name, p)
        self.pods[name] = prec
        return prec

    def _settle_pod(self, rec: NodeRec, prec: PodRec, ppost: list[Any]) -> None:
        """The acting pod after its step: bound here (counted in the node's Requested), or gone from it."""
        was = prec.node
        prec.p[:] = ppost
        if ppost[_BOUND] == 0 and was != rec.name:
            if was is not None:
                self._unbind(prec)
            prec.node = rec.name
            rec.pods[prec.name] = prec
            rec.used += prec.p[_REQ]
            rec.s[_REQUESTED] = rec.used
        elif ppost[_BOUND] == d.UNBOUND and was is not None:
            self._unbind(prec)
        prec.p[_BOUND] = 0 if prec.node == rec.name else prec.p[_BOUND]

    def _unbind(self, prec: PodRec) -> None:
        if prec.node is not None:
            rec = self.nodes[prec.node]
            if rec.pods.pop(prec.name, None) is not None:
                rec.used -= prec.p[_REQ]
                rec.s[_REQUESTED] = rec.used
            prec.node = None
        prec.p[_BOUND] = d.UNBOUND

    def _extra(self, eid: str, t: float, node: str | None, pod: str | None, extra: dict[str, Any]) -> None:
        if eid == "declare_pod":
            assert pod is not None
            p = extra["pod"]
            self._declare_pod(pod, p)
        elif eid == "delete_pod":
            assert pod is not None
            prec = self.pods.pop(pod, None)
            if prec is not None:
                if prec.node is not None:
                    self._advance(self.nodes[prec.node], t)
                self._unbind(prec)
        elif eid == "declare_node":
            assert node is not None
            rec = self.nodes.get(node) or self._new_node(node, t, extra)
            if "unwatched" in extra:
                self._unwatched(rec, t, extra["unwatched"], extra.get("hb_why"))
            elif not rec.s[_EXISTS]:
                rec.s[NI["capacity"]] = int(extra.get("capacity", rec.s[NI["capacity"]]))
                rec.s[NI["reserved"]] = int(extra.get("reserved", rec.s[NI["reserved"]]))
                rec.due = -INF
            elif extra.get("fresh_grace"):
                # a new node lifecycle controller (kube-controller-manager restarted, another leader):
                # upstream's tryUpdateNodeHealth takes now as the probe and Ready transition time of
                # a Node it has no entry for, so its grace and its taint passes start again from here
                self._advance(rec, t)
                s = rec.s
                for i in (_HB, _READY_CHANGED):
                    if s[i] < t:
                        s[i] = t
                        for pi, _ in self._timed:
                            if i in self._timed_reads[pi.id]:
                                rec.changed[pi.id] = t
                if rec.unsynced_since is not None:
                    rec.unsynced_since = max(rec.unsynced_since, t)
                # its taint-eviction controller (the same process) starts with an empty queue: every pod
                # under a NoExecute taint gets startTime = now (processPodOnNode), a fresh tolerationSeconds
                for prec in rec.pods.values():
                    for i in _EVICTION_CLOCKS:
                        if prec.p[i] < t:
                            prec.p[i] = t
                            for pi, _ in self._timed:
                                if pi.pods:
                                    rec.changed[pi.id] = t
                    if prec.p[_NOEX] == t:
                        # (when its informers synced is not in the input: a start no earlier eviction is judged by)
                        self._timer_unseen[prec.name] = t
                self._after(rec, t)
            elif extra.get("lease_shown"):
                # its Lease listed again after its watch was down (``watch.py``, a paused capture): no renewal
                # is unseen any more; its heartbeat is the last renewal seen, judged again from here
                self._advance(rec, t)
                if rec.hb_gated and rec.name not in self.hb_why:
                    # (a finding on the same heartbeat before the pause stands: not reported again)
                    rec.hb_gated = False
                    self.unseen_since.pop(rec.name, None)
                self._after(rec, t)
            elif extra.get("unseen_heartbeats"):
                # the input shows this node's Lease no more (its watch ended): its heartbeats are
                # unknown from here until a renewal is seen again
                self._advance(rec, t)
                rec.hb_gated = True
                since = extra["unseen_heartbeats"]
                self.unseen_since[node] = float(since) if type(since) in (int, float) else t
                self._after(rec, t)
            elif extra.get("adopt"):
                # what a reader saw change on the Node that no model event does (NetworkUnavailable
                # turning True on a registered Node): taken as it is; the taint pass then follows
                self._advance(rec, t)
                pre = list(rec.s)
                for i, v in extra["adopt"].items():
                    rec.s[i] = v
                if rec.s[_READY] != pre[_READY]:
                    rec.s[_READY_CHANGED] = t
                if rec.s != pre:
                    rec.s[_SYNCED] = False
                    rec.s[CTL] = self.c.classify(rec.s)
                    self._mark_changed(rec, pre, rec.s, False, t)
                self._after(rec, t)
        elif eid == "observe_node":
            assert node is not None
            rec = self.nodes.get(node) or self._new_node(node, t, extra)
            self._advance(rec, t)
            s = rec.s
            pre = list(s)
            s[NI["csr"]] = d.CSR_APPROVED
            s[_CERT] = s[_A] = s[_REG] = s[_EXISTS] = s[_SYNCED] = True
            s[_HBU] = False
            for k in ("since_lease_renew", "since_status_post", "since_probe", "since_monitor", "since_heartbeat"):
                s[NI[k]] = t
            # a capture's list snapshot: the heartbeat is as old as the object says (the latest of the
            # Lease renewTime and the conditions' lastHeartbeatTime), never younger or epoch-old
            hb, lease = extra.get("heartbeat"), extra.get("lease")
            if hb is not None:
                s[_HB] = s[_PROBE] = min(float(hb), t)
                s[NI["since_status_post"]] = min(float(extra.get("status_post", hb)), t)
            if lease is not None:
                s[_LEASE] = min(float(lease), t)
                rec.hb_gated = False
                self.lease_seen = True
                dl = self.c.lease_deadline(s)
                if dl is not None and t > dl:
                    s[_A] = False  # its Lease is older than a live kubelet lets it get: it has stopped
                    rec.alive_inferred = True
            for i, v in (extra.get("set") or {}).items():
                s[i] = v
            if not pre[_EXISTS] and NI["allocatable"] not in (extra.get("set") or {}):
                # listed without status.allocatable (a Node written by hand, a fragment): not zero, unknown
                s[NI["allocatable"]] = max(s[NI["capacity"]] - s[NI["reserved"]], 0)
            if s[_READY] != pre[_READY]:
                s[_READY_CHANGED] = t  # when it changed before the listing is not known: no earlier
            # the properties' ghosts of a node first seen mid-life: its history is unknown, so a
            # "so far ..." ghost is false (nothing is owed on a history the input does not show)
            # and a ghost clock starts at its declared initial age here
            for var in d.NODE_VARS:
                if getattr(var, "ghost", False) and var.name != "since_heartbeat":
                    if var.clock:
                        s[NI[var.name]] = t - (var.init or 0)
                    elif var.sort == "bool":
                        s[NI[var.name]] = False
            if not pre[_EXISTS] and "taints_since" in extra:
                # a Node first listed: its taints are judged against its conditions only if they have stood
                # longer than the taint pass takes (the conditions' lastTransitionTime says since when); a
                # Node listed an instant after a change (a cordon, a condition with no time) is owed the pass
                # from the listing on, as after any Node update
                since = extra.get("taints_since")
                if since is None or t - float(since) <= self.slack:
                    s[_SYNCED] = False
                    rec.unsynced_since = t
            s[CTL] = self.c.classify(s)
            if s[_READY] == d.READY_ABSENT and "node-has-ready-condition" not in rec.suppressed:
                # listed without a Ready condition: created before the input began, by whoever made it
                # that way (by hand for a kubelet with --register-node=false, a node simulator); the
                # controller marks it Unknown after node-startup-grace-period (NodeStatusNeverUpdated)
                if rec.suppressed is _UNSUPPRESSED:
                    rec.suppressed = set()
                rec.suppressed.add("node-has-ready-condition")
                self.readyless.add(node)
                how = (
                    "created without one by an administrator's kubectl, as for a kubelet run with --register-node=false"
                    if extra.get("by_hand")
                    else "listed without one, created before the input began"
                )
                note = (
                    f"node {node} has no Ready condition ({how}, not by a registering kubelet): "
                    "node-has-ready-condition not judged for it until it has one"
                )
                if note not in self.notes:
                    self.notes.append(note)
            self._check_state(rec, "observe_node", pre, t, None)
            self._after(rec, t)

    def _unwatched(self, rec: NodeRec, t: float, since: Any, why: Any) -> None:
        """A node whose watch ended (``since``: when) or is shown again (``since`` None: a later list).

        While the watch is down nothing of the node is reported (what the controller did meanwhile is
        not in the input); once it is shown again, what was held back is judged again on what it shows.
        ``hb_why``: the heartbeats are not judged, for this reason, until a renewal is seen again.
        """
        self._advance(rec, t)
        if isinstance(why, str):
            rec.hb_gated = True
            self.hb_why[rec.name] = why
        elif since is not None:
            self.unwatched.setdefault(rec.name, float(since) if type(since) in (int, float) else t)
        elif (down := self.unwatched.pop(rec.name, None)) is not None:
            self._watch_gaps.setdefault(rec.name, []).append((down, t))
            for pid, names in self.unwatched_hits.items():
                if rec.name in names:
                    rec.suppressed.discard(pid)
            # what the watch shows again is judged as standing since it went down (its clocks say how long
            # each promise has been due), not only from now: a list that ends the capture is judged too
            self._advance(rec, t)
            rec.t = rec.tslow = rec.chg_floor = min(rec.t, down)
            for pid in rec.changed:
                rec.changed[pid] = min(rec.changed[pid], down)
            self._check_state(rec, "observe_node", list(rec.s), t, None)
        self._after(rec, t)

    # ------------------------------------------------------------------------------------------
    # time
    # ------------------------------------------------------------------------------------------
    def _wake(self, t: float) -> None:
        """Judge, at the event at ``t``, every node whose deadline has passed since its last step."""
        heap, nodes = self._due_heap, self.nodes
        due = []
        while heap and heap[0][0] < t:
            d0, name = heapq.heappop(heap)
            rec = nodes.get(name)
            if rec is not None and rec.due == d0:
                due.append(rec)
        for name in list(self._hot):
            rec = nodes.get(name)
            if rec is None:
                self._hot.pop(name, None)
            elif rec not in due:
                due.append(rec)
        for rec in due:
            if rec.t < t:
                self._advance(rec, t, wake=True)

    def _first_failure(
        self, at: Callable[..., bool], s: list[Any], prec: PodRec | None, rec: NodeRec, lo: float, hi: float
    ) -> float:
        """The earliest time in (lo, hi] at which a clock property fails in a state constant since lo."""
        for _ in range(60):
            if hi - lo <= 1e-3:
                break
            mid = (lo + hi) / 2
            if at(s, prec, mid, rec):
                lo = mid
            else:
                hi = mid
        return hi

    def _latency(self, rec: NodeRec, pid: str, since: float) -> float:
        """Extra controller latency a taint-follows property allows beyond ``--slack`` (upstream's).

        monitorNodeHealth sees a posted Ready=False only at its next pass (node-monitor-period),
        and the NoExecute taint then waits for its zone's rate limiter: one node per
        1/--node-eviction-rate s (10 s at the default 0.1/s), so when several nodes of a zone fail
        together each waits its turn.
        """
        if pid not in TAINT_FOLLOWS or not self.attribute:
            # traces in the events format follow the model's own timing (vectors, generated traces);
            # captures of real clusters follow the controller's
            return 0.0
        # The next monitor pass (a posted Ready=False, an Unknown set by pass k acted on at pass k+1, a
        # recovered node's NoExecute taints removed) is the declaration's own NoExecute latency: the
        # properties' formulas wait node-monitor-period after the Ready change. What is added here
        # is what the model leaves out: the zone's queue behind other failed Nodes, and disruption.
        monitor = float(self.c.params["node_monitor_period"])
        # A Ready NoSchedule taint that disagrees with Ready keeps the monitor period it had before the
        # NoExecute window moved into the formulas: in a capture the Ready write of a monitor pass and
        # the taint pass's write can land up to a pass apart (doNoScheduleTaintingPass's work queue)
        # the NoExecute half's window opens a period after the Ready change (the clock is stored as
        # its epoch); a failure that began earlier, through the NoSchedule half, counts from there
        ne_open = rec.s[_READY_CHANGED] + monitor
        if pid in READY_FOLLOWS and self._ready_ns_wrong(rec.s):
            ns_lag = monitor
        else:
            ns_lag = max(0.0, ne_open - since) if pid in READY_FOLLOWS else 0.0
        if pid in UNQUEUED_FOLLOWS:
            return ns_lag
        extra = ns_lag
        key = f"{rec.name}\0{pid}"
        if key not in self._queued:
            self._enqueue(rec, pid, since)
        zone = self.zones.get(rec.name, "")
        rate = self._zone_rate(zone)
        if rate <= 0:
            self._zone_stopped[zone] = rec.t if self.now is None else self.now
            return INF
        # the node's turn: tokens 1/--node-eviction-rate apart from when the queue began, further apart
        # at a slower rate (a partially disrupted large zone: --secondary-node-eviction-rate)
        start = self._queued[key][1]
        epoch = min(self._zone_epoch.get(zone, start), start)
        offset = (start - epoch) * (self.eviction_rate / rate)
        stopped = self._zone_stopped.get(zone)
        if stopped is not None and stopped > since:
            # tainting resumed when the zone left disruption: its queue drains from then, in an order no
            # capture shows (the Nodes re-added at the passes while it was stopped): any of the zone's
            # Nodes waiting then for their NoExecute taint may be the last
            waiting = self._resumed.get((zone, stopped))
            if waiting is None:
                waiting = self._resumed[(zone, stopped)] = sum(
                    1
                    for n, r in self.nodes.items()
                    if self.zones.get(n, "") == zone
                    and r.s[_EXISTS]
                    and r.s[_READY] != d.READY_TRUE
                    and not any(r.s[NI[k]] for k in _NE_READY_TAINTS)
                )
            return extra + stopped - since + monitor + max(offset, (waiting - 1) / rate)
        return extra + max(0.0, epoch + offset - since)

    @staticmethod
    def _ready_ns_wrong(s: list[Any]) -> bool:
        """The not-ready or unreachable NoSchedule taint disagrees with the Ready condition."""
        ready = s[_READY]
        return bool(s[NI["taint_not_ready_ns"]]) != (ready == d.READY_FALSE) or bool(s[NI["taint_unreachable_ns"]]) != (
            ready == d.READY_UNKNOWN
        )

    def _zone_rate(self, zone: str) -> float:
        """The NoExecute tainting rate upstream's handleDisruption gives the zone now (nodes/s).

        A zone is fully disrupted when none of its Nodes is Ready=True, partially when more than 2
        and at least --unhealthy-zone-threshold (0.55) of them are not. When every zone is fully
        disrupted the controller stops all NoExecute tainting (and removes those taints); a
        partially disrupted zone gets ReducedQPSFunc: 0 (stopped) up to
        --large-cluster-size-threshold (50) Nodes, --secondary-node-eviction-rate (0.01) above.
        """
        states: dict[str, list[int]] = {}
        for name, r in self.nodes.items():
            if r.s[_EXISTS] and name not in self.disruption_excluded:
                z = states.setdefault(self.zones.get(name, ""), [0, 0])
                z[0] += 1
                z[1] += r.s[_READY] != d.READY_TRUE
        size, bad = states.get(zone, (0, 0))
        if size == 0:
            return self.eviction_rate
        if all(b == n for n, b in states.values()):
            why = (
                f"all {sum(n for n, _ in states.values())} Nodes of every zone are not Ready: upstream's node "
                f"lifecycle controller stops NoExecute tainting (master disruption mode)"
            )
            out = sorted(n for n in self.disruption_excluded if n in self.nodes and self.nodes[n].s[_EXISTS])
            if out:
                why += (
                    f" ({', '.join(out[:5])}{' ...' if len(out) > 5 else ''}, labelled "
                    "node.kubernetes.io/exclude-disruption, not counted)"
                )
            rate = 0.0
        elif bad > 2 and bad / size >= UNHEALTHY_ZONE_THRESHOLD and bad != size:
            if size > LARGE_CLUSTER_SIZE:
                return SECONDARY_EVICTION_RATE
            why = (
                f"zone {zone or '(no zone label)'} has {bad} of its {size} Nodes not Ready (partial "
                f"disruption, at most {LARGE_CLUSTER_SIZE} Nodes): upstream's node lifecycle controller stops "
                f"NoExecute tainting there"
            )
            rate = 0.0
        else:
            return self.eviction_rate
        note = f"{why}; the NoExecute taint-follow properties are not judged for its Nodes meanwhile"
        if rate == 0.0 and not why.startswith("all "):
            note += " (a Ready NoExecute taint added there once that has held for node-monitor-period + --slack is)"
        if note not in self.notes:
            self.notes.append(note)
        return rate

    def _partial_settled(self, rec: NodeRec, now: float) -> tuple[str, int, int, float] | None:
        """The node's zone is a small one in partial disruption, unchanged long enough for a monitor pass to
        have seen it: (zone, not Ready, Nodes, since), else None.

        handleDisruption (node_lifecycle_controller.go) runs at the end of every monitorNodeHealth pass and,
        when a zone's state changes, setLimiterInZone swaps its NoExecute tainter's limiter to
        ReducedQPSFunc(zoneSize): 0 for a partially disrupted zone of at most --large-cluster-size-threshold
        Nodes, and RateLimitedTimedQueue.SwapLimiter(0) puts in a limiter that never allows (flowcontrol's
        NewFakeNeverRateLimiter): doNoExecuteTaintingPass adds no Ready NoExecute taint in that zone until it
        leaves the state (a condition-taint swap, SwapNodeControllerTaint, bypasses the queue and is not one).
        ``since`` is the latest Ready change (or registration) of the zone's Nodes: the state has held since
        then, so a taint added more than node-monitor-period + --slack later came through a stopped limiter.
        Only when that is certain: master disruption mode is judged apart, a large zone has its own rate.
        """
        zone = self.zones.get(rec.name, "")
        size = bad = 0
        since = -INF
        for name, r in self.nodes.items():
            if not r.s[_EXISTS] or name in self.disruption_excluded or self.zones.get(name, "") != zone:
                continue
            size += 1
            bad += r.s[_READY] != d.READY_TRUE
            since = max(since, r.s[_READY_CHANGED])
        since = max(since, self._zone_moved.get(zone, -INF))
        if self.unseen_nodes or size > LARGE_CLUSTER_SIZE or self._every_zone_down():
            return None
        if not (bad > 2 and bad / size >= UNHEALTHY_ZONE_THRESHOLD and bad != size):
            return None
        if now - since <= self.c.params["node_monitor_period"] + self.slack:
            return None
        return zone, bad, size, since

    def _every_zone_down(self) -> bool:
        """No existing Node is Ready=True (handleDisruption: every zone fully disrupted), of those the
        zones are made of (not the ones labelled node.kubernetes.io/exclude-disruption)."""
        if self.unseen_nodes:
            return False
        w = self._ready_witness
        if w is not None:
            r = self.nodes.get(w)
            if r is not None and r.s[_EXISTS] and r.s[_READY] == d.READY_TRUE:
                return False
        seen = False
        for name, r in self.nodes.items():
            if r.s[_EXISTS] and name not in self.disruption_excluded:
                seen = True
                if r.s[_READY] == d.READY_TRUE:
                    self._ready_witness = name
                    return False
        return seen

    def _master_settled(self, now: float) -> bool:
        """Every zone has been fully disrupted long enough that a monitor pass has seen it."""
        since = self._all_down_since
        return since is not None and now - since > self.c.params["node_monitor_period"] + self.slack

    def _master_kept(self, t: float) -> None:
        """Master disruption mode has been entered by now: no Node keeps a Ready NoExecute taint."""
        self._master_checked = True
        since = self._all_down_since
        assert since is not None
        for rec in self.nodes.values():
            kept = [k for k in _NE_READY_TAINTS if rec.s[NI[k]]]
            if rec.s[_EXISTS] and kept:
                self._report(
                    GENERIC,
                    rec,
                    None,
                    "time_passes",
                    rec.s,
                    rec.s,
                    t,
                    master_since=since,
                    master_kept=kept,
                    deadline=since + self.c.params["node_monitor_period"] + self.slack,
                )

    def _track_disruption(self, t: float) -> None:
        """Follow handleDisruption's master disruption mode after a step that may change Readiness.

        Leaving it ("Controller detected that some Nodes are Ready. Exiting master disruption
        mode"), the controller sets every Node's probeTimestamp to now: a silent Node gets a fresh
        node-monitor-grace-period from then, taken here as a heartbeat at the moment the first Node
        is Ready again (the pass that leaves the mode comes at most a node-monitor-period later,
        within what ``silent-node-becomes-unknown`` allows). Only when the mode lasted long enough
        for a monitor pass to have entered it.
        """
        down = self._every_zone_down()
        if down:
            if self._all_down_since is None:
                self._all_down_since = t
                self._master_checked = False
            return
        if self._all_down_since is None:
            return
        settled = self._master_settled(t)
        self._all_down_since = None
        if not settled:
            return
        note = (
            "every zone was fully disrupted and a Node is Ready again: upstream's node lifecycle controller "
            "leaves master disruption mode and gives every Node a fresh node-monitor-grace-period"
        )
        if note not in self.notes:
            self.notes.append(note)
        for rec in self.nodes.values():
            if not rec.s[_EXISTS] or rec.hb_gated or rec.s[_HB] >= t:
                continue
            self._advance(rec, t)
            rec.s[_HB] = t
            for pi, _ in self._timed:
                if _HB in self._timed_reads[pi.id]:
                    rec.changed[pi.id] = t
            self._after(rec, t)

    def _enqueue(self, rec: NodeRec, pid: str, since: float) -> None:
        """The node joins its zone's NoExecute queue when its condition changes: when a token is free for it
        (for the last of the Nodes that joined with it, in one monitor pass).

        Once: upstream's zoneNoExecuteTainter is a RateLimitedTimedQueue over a UniqueQueue, where adding
        a node already queued changes nothing (markNodeForTainting at every pass); it leaves the queue
        when tainted (doNoExecuteTaintingPass) or Ready again (markNodeAsReachable), see ``_dequeue``.
        """
        key = f"{rec.name}\0{pid}"
        if key in self._queued:
            return
        zone = self.zones.get(rec.name, "")
        if pid in READY_FOLLOWS:
            # it joins the queue at the monitor pass after its Ready change (processTaintBaseEviction
            # reads the condition from before the pass)
            since = max(since, rec.s[_READY_CHANGED] + self.c.params["node_monitor_period"])
        if self._zone_next.get(zone, -INF) <= since:
            self._zone_epoch[zone] = since  # the zone's queue was idle: it begins again here
        start = max(since, self._zone_next.get(zone, -INF))
        self._zone_next[zone] = start + 1.0 / self.eviction_rate
        # Nodes marked in one monitor pass join the queue in the order monitorNodeHealth lists them,
        # which no capture shows: each may be the batch's last, and waits for the batch's last token
        batch = self._zone_batch.get(zone)
        if batch is None or since - batch[0] > self.c.params["node_monitor_period"]:
            batch = self._zone_batch[zone] = [since, start]
        batch[1] = start
        self._queued[key] = batch

    def _dequeue(self, rec: NodeRec, pid: str) -> None:
        """The node leaves its zone's NoExecute queue: Ready again, gone, or tainted NoExecute."""
        s = rec.s
        if s[_READY] == d.READY_TRUE or not s[_EXISTS] or any(s[NI[k]] for k in _NE_READY_TAINTS):
            self._queued.pop(f"{rec.name}\0{pid}", None)

    def _advance(self, rec: NodeRec, now: float, end: bool = False, wake: bool = False) -> None:
        s, c, slack = rec.s, self.c, self.slack
        t0, before = rec.t, (list(s) if wake else None)
        if rec.t > rec.tslow:  # fast steps since the last slow one: what they changed is not known
            rec.chg_floor = max(rec.chg_floor, rec.t)
            rec.tslow = rec.t
        dl = c.lease_deadline(s)
        if dl is not None and now > dl and not rec.hb_gated:
            s[_A] = False  # inferred kubelet_stops: a live kubelet renews within heartbeat-gap-max
            rec.alive_inferred = True
        if not s[_SYNCED] and rec.unsynced_since is not None and now - rec.unsynced_since > slack:
            # the taint pass must have run by now: apply it (its writes may be missing from the capture).
            # A watch of the Nodes shows every write: there the condition taints (cordon, memory
            # pressure, network) it would write and did not are judged (condition-taints-follow-
            # conditions), never inferred; the node stays unsynced
            ec = c.events["nlc_sync_noschedule_taints"]
            done = True
            if ec.guard(s, self._dummy_pod, now, (), rec.used):
                nu, _ = ec.effect(s, self._dummy_pod, now, (), rec.used)
                watched = frozenset(i for i in _WATCHED_NS_TAINTS if i in nu and s[i] != nu[i])
                if self.node_writes_seen and watched:
                    nu = {i: v for i, v in nu.items() if i not in _WATCHED_NS_TAINTS and i != _SYNCED}
                    done = False
                elif watched:
                    first, idx = self.inferred_ns_pass.get(rec.name, (now, watched))
                    self.inferred_ns_pass[rec.name] = (first, idx | watched)
                rec.inferred_pass = frozenset(i for i, v in nu.items() if s[i] != v and i != _SYNCED)
                for i, v in nu.items():
                    s[i] = v
                s[CTL] = c.classify(s)
            if done:
                s[_SYNCED] = True
                rec.unsynced_since = None
        ne = now - slack
        pods = list(rec.pods.values()) or [None]
        # A promise time can break holds unless it fails at now - slack in a state that existed then
        # (the node's state is constant since rec.t), or it has failed for more than slack already.
        timed_ok = c.timed_ok
        dummy = self._dummy_pod
        if not rec.fail_since and (
            ne <= min(rec.t, rec.chg_floor, *rec.changed.values())
            or all(
                timed_ok(s, q.p if q is not None else dummy, ne, rec.used - (q.p[_REQ] if q is not None else 0))
                for q in pods
            )
        ):
            if rec.suppressed:
                rec.suppressed.difference_update(self._timed_ids)  # every one holds: what _judge does
            timed: list[Any] = []
        else:
            timed = self._timed
        for pi, at in timed:
            ok = True
            bad: PodRec | None = None
            deadline = None
            # the state this property reads has been as it is since ``base``
            base = rec.t if rec.t > rec.tslow else max(rec.chg_floor, rec.changed.get(pi.id, -INF))
            if ne > base and pi.id not in TAINT_FOLLOWS:  # those: by their failure window below
                bad_pods = [prec for prec in pods if not at(s, prec, ne, rec)]
                ok = not bad_pods
                if bad_pods:
                    bad = bad_pods[0] if pi.pods else None
                    deadline = self._first_failure(at, s, bad_pods[0], rec, base, ne) + slack
            since = rec.fail_since.get(pi.id)
            if since is None and pi.id in TAINT_FOLLOWS and pi.clocks and now > base:
                # a window of the declaration's NoExecute latency ran out between two steps (time alone
                # broke it): the failure starts where it ran out, not at the next step
                failing = [prec for prec in pods if not at(s, prec, now, rec)]
                if failing:
                    since = self._first_failure(at, s, failing[0], rec, base, now)
                    rec.fail_since[pi.id] = since
                    if self.attribute and pi.id not in UNQUEUED_FOLLOWS:
                        self._enqueue(rec, pi.id, since)
            allowed = slack + (self._latency(rec, pi.id, since) if since is not None else 0.0)
            if ok and since is not None and now - since > allowed:
                bad_pods = [prec for prec in pods if not at(s, prec, now, rec)]
                ok = not bad_pods
                if bad_pods:
                    bad = bad_pods[0] if pi.pods else None
                    deadline = since + allowed
            if ok and since is None and self._queued:
                self._dequeue(rec, pi.id)
            self._judge(rec, pi.id, ok, "time_passes", bad, s, now, ne=ne, deadline=deadline, allowed=allowed)
        # (only a suppressed property can change its judgement here, and the synced-taints one)
        for pi, fn in self._state_props if rec.suppressed else self._synced_props:
            if pi.id in rec.suppressed or pi.id == "synced-taints-match-conditions":
                ok = all(
                    fn(s, prec.p if prec else self._dummy_pod, now, rec.used - (prec.p[_REQ] if prec else 0))
                    for prec in pods
                )
                self._judge(rec, pi.id, ok, "time_passes", None, s, now, ne=ne)
        # a wake-up judges time only: the state is as old as the node's last step, unless it changed
        if wake and s == before:
            rec.t = t0
        else:
            if wake or s[_A] != (before or s)[_A]:
                rec.chg_floor = max(rec.chg_floor, now)
            rec.t = max(rec.t, now)
        self._set_alarm(rec)

    def _set_alarm(self, rec: NodeRec) -> None:
        a = INF
        if (
            rec.suppressed
            or (rec.pods and self._has_noexec(rec.s))
            or rec.fail_since
            or rec.alive_inferred
            or (rec.unsynced_since is not None)
        ):
            a = -INF  # the slow path keeps these windows (each lasts at most --slack seconds)
        rec.alarm = a
        rec.due = self.c.deadline(rec.s, rec.t) if a == INF else -INF
        if self.attribute:
            if rec.due == INF:
                self._hot.pop(rec.name, None)
            elif rec.due == -INF:
                self._hot[rec.name] = None
            else:
                self._hot.pop(rec.name, None)
                heapq.heappush(self._due_heap, (rec.due, rec.name))

    # ------------------------------------------------------------------------------------------
    # one step
    # ------------------------------------------------------------------------------------------
    def _step(
        self,
        rec: NodeRec,
        prec: PodRec | None,
        eid: str,
        now: float,
        args: tuple[Any, ...],
        expect: dict[int, Any] | None,
    ) -> None:
        c, s = self.c, rec.s
        ec = c.events[eid]
        if eid in KUBELET_ACTS and not s[_A] and rec.alive_inferred:
            self._infer_restart(rec, now, eid)
        elif (
            eid in KUBELET_ACTS and eid != "kubelet_register_node" and s[_A] and s[_CERT] and s[_EXISTS] and not s[_REG]
        ):
            self._infer_restart(rec, now, eid)  # only its AlreadyExists re-registration is missing
        elif eid == "kubelet_register_node" and s[_A] and s[_CERT] and s[_REG] and not s[_EXISTS]:
            # a kubelet registers only once per process (registrationCompleted): creating its Node
            # again after the Node was deleted means it was restarted, keeping its client certificate
            for ev in ("kubelet_stops", "kubelet_restarts"):
                ecx = c.events[ev]
                if ecx.guard(s, self._dummy_pod, now, (), rec.used):
                    nu, _ = ecx.effect(s, self._dummy_pod, now, (), rec.used)
                    for i, v in nu.items():
                        s[i] = v
            s[CTL] = c.classify(s)
        if eid == "nlc_monitor_node_health":
            # the controller's private bookkeeping, chosen so that the observed outcome is possible
            s[_HBU] = False
            unknown = bool(expect) and expect.get(_READY) == d.READY_UNKNOWN
            s[_PROBE] = (s[_HB] - self.slack) if unknown else now
            if unknown and rec.hb_gated:
                # no Lease seen: the last heartbeat is unknown, so take one that allows the outcome
                grace = max(c.params["node_monitor_grace_period"], c.params["node_startup_grace_period"])
                s[_PROBE] = min(s[_PROBE], now - grace - 1)
            s[_MON] = now - c.params["node_monitor_period"]
        if rec.inferred_pass and expect:
            # the first observed Node after an inferred taint pass (a Lease renewal shows no taints)
            wrong = [i for i in rec.inferred_pass if i in expect and expect[i] != s[i]]
            if wrong:
                # the capture shows the inferred pass's taints are not there: the controller did not
                # write them (what the timed taint properties judge), so the Node is as observed
                # before this event, which is not charged with the controller's write
                for i in wrong:
                    s[i] = expect[i]
                s[_SYNCED] = False
                s[CTL] = c.classify(s)
            rec.inferred_pass = frozenset()
        pre = list(s)
        absent_flagged = pre[_READY] == d.READY_ABSENT and "node-has-ready-condition" in rec.suppressed
        master_add = None
        partial_add: tuple[Any, ...] | None = None
        if self.attribute and eid == "nlc_sync_noexecute_taints" and expect:
            had = any(s[NI[k]] for k in _NE_READY_TAINTS)
            gets = [k for k in _NE_READY_TAINTS if expect.get(NI[k], s[NI[k]])]
            if had and not gets and s[_READY] != d.READY_TRUE and self._every_zone_down():
                # handleDisruption entering master disruption mode: markNodeAsReachable on every Node
                self._excuse_step = True
            elif not had and gets and self._master_settled(now):
                master_add = gets
            elif not had and gets:
                partial_add = self._partial_settled(rec, now)
                if partial_add is not None:
                    partial_add = (gets, *partial_add)
        if prec is not None:
            here = prec.node == rec.name
            prec.p[_BOUND] = 0 if here else (d.UNBOUND if prec.node is None else 1)
            p = prec.p
            o = rec.used - (p[_REQ] if here else 0)
        else:
            p, o = self._dummy_pod, rec.used
        ppre = list(p)
        guard_ok = bool(ec.guard(s, p, now, args, o))
        nu, pu = ec.effect(s, p, now, args, o)
        post = list(s)
        for i, v in nu.items():
            post[i] = v
        ppost = list(ppre)
        for i, v in pu.items():
            ppost[i] = v
        # the pods bound to this node follow a node event (NoExecute timer, garbage collection)
        others: list[tuple[PodRec, list[Any], list[Any]]] = []
        if prec is None and rec.pods and ec.pod_relevant:
            for q in rec.pods.values():
                q.p[_BOUND] = 0
                _, qu = ec.effect(s, q.p, now, args, rec.used - q.p[_REQ])
                qpost = list(q.p)
                for i, v in qu.items():
                    qpost[i] = v
                others.append((q, list(q.p), qpost))
        deviation: list[tuple[str, Any, Any]] = []
        if expect:
            for i, v in expect.items():
                if post[i] != v:
                    deviation.append((NODE_KEYS[i][1], post[i], v))
                    post[i] = v
            if deviation:
                cls = c.classify(post)
                post[CTL] = cls if (pre[CTL], cls) in ec.edges else d.NO_EDGE
                if eid not in ("nlc_sync_noschedule_taints",):
                    post[_SYNCED] = False  # the controller's taint pass follows every Node update
        found: set[str] = set()
        # step properties of this event: their conjunction first, one by one only if it fails
        step_props = self._step_by_event.get(eid, ())
        pods = (
            [(ppre, ppost, o)]
            if prec is not None
            else ([(qa, qb, rec.used - q.p[_REQ]) for q, qa, qb in others] or [(self._dummy_pod, self._dummy_pod, o)])
        )
        step_all = c.step_all.get(eid)
        if step_all is not None and all(step_all(pre, post, a, b, now, args, oo) for a, b, oo in pods):
            step_props = ()
        for pid, fn in step_props:
            if pid in found or pid in NEVER_JUDGED:
                continue  # (one never judged must not stand in for what the step does break)
            if not all(fn(pre, post, a, b, now, args, oo) for a, b, oo in pods):
                found.add(pid)
                self._report(pid, rec, prec, eid, pre, post, now, ppre=ppre, ppost=ppost, args=args)
        # state properties on the post-state
        pods_after: list[tuple[list[Any], int]] = []
        if prec is not None:
            pods_after.append((ppost, o))
        # the other pods' requests after the step: the post-state's Requested less the pod's own
        # (the monitor's NodeRec.used catches up only after the checks)
        for _q, _qa, qb in others:
            pods_after.append((qb, post[_REQUESTED] - (qb[_REQ] if qb[_BOUND] == 0 else 0)))
        for q in rec.pods.values():
            if (prec is None or q is not prec) and not any(q is x for x, _, _ in others):
                pods_after.append((q.p, post[_REQUESTED] - q.p[_REQ]))
        if not pods_after:
            pods_after.append((self._dummy_pod, 0))
        generic_ok = True
        plain_ok = c.plain_ok
        if all(plain_ok(post, pp, now, oo) for pp, oo in pods_after):
            if rec.suppressed:
                rec.suppressed.difference_update(self._plain_ids)  # every one holds: what _judge does
            state_props: list[Any] = []
        else:
            state_props = self._state_props
        for pi, fn in state_props:
            if pi.clocks:
                continue  # time can break it: judged with the slack when time passes
            ok = all(fn(post, pp, now, oo) for pp, oo in pods_after)
            if pi.id == GENERIC:
                generic_ok = ok
                continue
            if not ok and pi.id in found:
                continue
            who = prec
            if not ok and who is None and pi.pods:
                # a node event broke a pod property: name the (first) pod it broke it for
                who = next((q for q in rec.pods.values() if not fn(post, q.p, now, post[_REQUESTED] - q.p[_REQ])), None)
            if self._judge(
                rec,
                pi.id,
                ok,
                eid,
                who,
                post,
                now,
                pre=pre,
                ppre=ppre if who is prec else None,
                ppost=ppost if who is prec else None,
            ):
                found.add(pi.id)
        if absent_flagged:
            # a Node without Ready (created without conditions, already reported or listed that way):
            # where it goes from there is outside the lifecycle, not a second finding
            generic_ok, guard_ok, deviation = True, True, []
        if not generic_ok and not found:
            # the step took a lifecycle edge the declaration does not have, and nothing more specific broke
            self._report(GENERIC, rec, prec, eid, pre, post, now, guard_ok=True, deviation=deviation, args=args)
            found.add(GENERIC)
        if (
            not guard_ok
            and not deviation
            and not found
            and all(post[i] == pre[i] for i in range(len(pre)) if i != CTL)
            and ppost == ppre
        ):
            guard_ok = True  # a re-run that changes nothing (a controller pass, kubectl cordon twice)
        if (not guard_ok or deviation) and not found and master_add is None:
            self._report(GENERIC, rec, prec, eid, pre, post, now, guard_ok=guard_ok, deviation=deviation, args=args)
        if master_add is not None and GENERIC not in found:
            self._report(
                GENERIC, rec, prec, eid, pre, post, now, master_since=self._all_down_since, master_add=master_add
            )
        elif partial_add is not None and GENERIC not in found:
            self._report(GENERIC, rec, prec, eid, pre, post, now, partial_add=partial_add)
        self._excuse_step = False
        # adopt the observed post-state; the machine follows the data again
        if post[_READY] != pre[_READY]:
            post[_READY_CHANGED] = now  # the semantics' rule, for an outcome the effect did not produce
        post[CTL] = c.classify(post)
        self._mark_changed(rec, pre, post, prec is not None or bool(others), now)
        s[:] = post
        if prec is not None:
            self._settle_pod(rec, prec, ppost)
        for q, _qa, qb in others:
            q.p[:] = qb
            if qb[_BOUND] == d.UNBOUND:
                q.p[_BOUND] = 0
                self._unbind(q)
        if eid == "kubelet_restarts" or (eid in KUBELET_ACTS and s[_A]):
            rec.alive_inferred = False
        self._after(rec, now)

    def _infer_restart(self, rec: NodeRec, now: float, eid: str) -> None:
        """A kubelet acts after the oracle inferred it stopped: it restarted (invisible in traces)."""
        c, s = self.c, rec.s
        register = ("kubelet_register_node", (False, False, 0, False, False, False, False))
        for ev, args in (("kubelet_restarts", ()), register):
            if ev == "kubelet_register_node" and (eid == ev or not (s[_EXISTS] and s[_CERT])):
                continue
            ec = c.events[ev]
            if ev == "kubelet_restarts" and s[_A]:
                continue
            if ec.guard(s, self._dummy_pod, now, args, rec.used):
                nu, _ = ec.effect(s, self._dummy_pod, now, args, rec.used)
                for i, v in nu.items():
                    s[i] = v
                s[CTL] = c.classify(s)
        rec.alive_inferred = False

    def _mark_changed(self, rec: NodeRec, pre: list[Any], post: list[Any], pods: bool, now: float) -> None:
        """Record, per timed property, that a step changed what it reads (see ``NodeRec.changed``)."""
        changed = rec.changed
        marks = self._marks_by_index
        for i, (a, b) in enumerate(zip(pre, post, strict=True)):
            if a != b:
                for pid in marks[i]:
                    changed[pid] = now
        if pods:
            for pid in self._pod_marks:
                changed[pid] = now

    def _after(self, rec: NodeRec, now: float) -> None:
        """Bookkeeping after a step: inferred no-op taint pass, slack windows, the fast-path alarm."""
        s, c = rec.s, self.c
        rec.tslow = now
        if not s[_SYNCED]:
            if not s[_EXISTS] or c.noop_sync(s):
                s[_SYNCED] = True
                rec.unsynced_since = None
            elif rec.unsynced_since is None:
                rec.unsynced_since = now
        else:
            rec.unsynced_since = None
        pods = rec.pods
        used = rec.used
        timed_ok = c.timed_ok
        if (
            all(timed_ok(s, q.p, now, used - q.p[_REQ]) for q in pods.values())
            if pods
            else timed_ok(s, self._dummy_pod, now, used)
        ):
            rec.fail_since.clear()  # every one holds
            rec.t = now
            self._set_alarm(rec)
            return
        # the ones that fail, for some pod (each judged as the slow path's loop over them would)
        failing: set[str] = set()
        if pods:
            for q in pods.values():
                failing.update(c.timed_fails(s, q.p, now, used - q.p[_REQ]))
        else:
            failing.update(c.timed_fails(s, self._dummy_pod, now, used))
        fail_since = rec.fail_since
        for pi, _ in self._timed:
            pid = pi.id
            if pid not in failing:
                if fail_since:
                    fail_since.pop(pid, None)
            elif pid not in fail_since:
                fail_since[pid] = now
                if self.attribute and pid in TAINT_FOLLOWS and pid not in UNQUEUED_FOLLOWS:
                    self._enqueue(rec, pid, now)
        rec.t = now
        self._set_alarm(rec)

    def _check_state(self, rec: NodeRec, eid: str, pre: list[Any], now: float, prec: PodRec | None) -> None:
        pods = [(q.p, rec.used - q.p[_REQ]) for q in rec.pods.values()] or [(self._dummy_pod, 0)]
        for pi, fn in self._state_props:
            # a clock property of an observed state: as everywhere, with --slack of controller latency
            when = now - self.slack if pi.clocks else now
            ok = all(fn(rec.s, pp, when, oo) for pp, oo in pods)
            self._judge(rec, pi.id, ok, eid, prec, rec.s, now, pre=pre)

    def _judge(
        self,
        rec: NodeRec,
        pid: str,
        ok: bool,
        eid: str,
        prec: PodRec | None,
        s: list[Any],
        now: float,
        pre: list[Any] | None = None,
        ne: float | None = None,
        **kw: Any,
    ) -> bool:
        """Report a state/time property once per stretch in which it is false; True if reported now."""
        if ok:
            if rec.suppressed:
                rec.suppressed.discard(pid)
            return False
        if pid in rec.suppressed:
            return False
        if (
            pid == _FIT
            and pre is not None
            and s[_REQUESTED] <= pre[_REQUESTED]
            and s[_ALLOCATABLE] >= pre[_ALLOCATABLE]
        ):
            # a step that adds no request and lowers no allocatable cannot over-request a node: it already was,
            # and no step of the input made it so (pods bound before the input began; a kubelet since restarted
            # with larger reservations). The scheduler admits a pod requesting no cpu there (fit.go fitsRequest:
            # ``podRequest.MilliCPU > 0 && ...``; fit_test.go TestEnoughRequests "skip checking resource request
            # with quantity zero"): was a violation blamed on that binding, or on the node's next status post.
            # Left unsuppressed, so a binding that does add a request there is still flagged.
            self.over_requested.add(rec.name)
            return False
        if rec.suppressed is _UNSUPPRESSED:
            rec.suppressed = set()
        rec.suppressed.add(pid)
        self._report(pid, rec, prec, eid, pre if pre is not None else s, s, now, ne=ne, **kw)
        return True

    # ------------------------------------------------------------------------------------------
    # reports
    # ------------------------------------------------------------------------------------------
    def _named(self, s: list[Any], now: float) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, i in NI.items():
            v = s[i]
            if k in NODE_CLOCKS:
                v = round(now - v, 3)
            elif k == "ctl":
                v = d.STATE_NAMES[v] if 0 <= v < len(d.STATE_NAMES) else "NoEdge"
            else:
                var = next((x for x in d.NODE_VARS if x.name == k), None)
                if var is not None and var.names:
                    v = var.names[v]
            out[k] = v
        return out

    def _early_shown(self, rec: NodeRec, prec: PodRec, now: float) -> bool:
        """Whether a capture shows that the taint-eviction controller deleted ``prec`` before its timer ran out.

        Upstream's processPodOnNode starts a pod's timer when the controller first processes it under the Node's
        NoExecute taints (``startTime = now``: on the Node update that added them, or the pod's own add), keeps it
        (CreatedAt and fireAt) while the taints change and the pod still tolerates them for a while, and the work
        fires at ``CreatedAt + minTolerationTime`` (timed_workers.go CreateWorker). A start the capture shows (the
        taint's write, the pod's creation on a tainted Node) is the earliest the timer can have started, so an
        eviction more than ``--slack`` before it plus tolerationSeconds is early. Not judged (coverage says why):
        a pod first seen bound under the taint (a list, a watch without its list, a relist: its timer may have
        started long before), a start at the input's first moment, a timer a new controller restarted (when its
        informers synced is not shown), or one started while the Node's watch was down (the list after the gap
        shows the taint, not when it came)."""
        start = prec.p[_NOEX]
        gaps = self._watch_gaps.get(rec.name, ())
        why = None
        if not self._by_taint_manager:
            # a deletion read as an eviction because its Node has a NoExecute taint, with no DisruptionTarget
            # DeletionByTaintManager (addConditionAndDeletePod) nor the controller's own DELETE in an audit log:
            # an operator's `kubectl delete pod` there is as likely, and it may come at any time
            return False
        if self._timer_unseen.get(prec.name) == start or self._first_t is None or start <= self._first_t:
            why = "it was first seen bound under a NoExecute taint older than the capture"
        elif any(a <= start <= b for a, b in gaps):
            why = "its Node's watch was down when its NoExecute taint came (the list after the gap does not date it)"
        if why is not None:
            self._early_unjudged.setdefault(
                prec.name,
                f"pod {prec.name} was evicted at {fmt_time(now)}, sooner than its tolerationSeconds after the "
                f"capture shows it under the taint, but {why}: when the taint-eviction controller started its "
                "timer is not in the input",
            )
            return False
        return now - start + self.slack < prec.p[PI["toleration_seconds"]]

    def _report(
        self,
        pid: str,
        rec: NodeRec,
        prec: PodRec | None,
        eid: str,
        pre: list[Any],
        post: list[Any],
        now: float,
        **kw: Any,
    ) -> None:
        from .explain import explain

        if rec.hb_gated and pid in self._hb_props:
            self.unchecked_nodes.setdefault(pid, set()).add(rec.name)
            return
        if rec.name in self.unwatched:
            self.unwatched_hits.setdefault(pid, set()).add(rec.name)
            if eid != "time_passes":
                # a step (an eviction, a binding) taken while the input showed nothing of its Node: the state it
                # acted on is not in the input, and no later list shows the step again (what time alone broke is
                # judged again from the list on): not judged, and coverage says so, even once the watch is back
                self._gap_steps.setdefault(
                    pid,
                    f"{eid} on node {rec.name} at {fmt_time(now)} came while the watch of its Node was down, "
                    "so the state it acted on is not in the input",
                )
            return  # what was due while its watch was down is judged by what the watch shows next
        if pid in NEVER_JUDGED or (self.attribute and pid in NOT_JUDGED_ON_CAPTURES):
            return  # coverage says "not checked" for it
        if (
            self.attribute
            and pid == "eviction-not-early"
            and prec is not None
            and not self._early_shown(rec, prec, now)
        ):
            return
        if pid in self.unchecked:
            return  # the input cannot show it (e.g. no Node stream): coverage says "not checked", never a violation
        if self._excuse_step and eid != "time_passes":
            return  # handleDisruption's markNodeAsReachable (master disruption mode) is upstream's
        if self.attribute and pid in self._hb_props:
            # one finding per heartbeat: a Lease watch down and listed again (``lease_shown``: polled lists,
            # a paused capture) shows the same stale heartbeat again, not a new failure
            if self._hb_reported.get((rec.name, pid)) == rec.s[_HB]:
                return
            self._hb_reported[(rec.name, pid)] = rec.s[_HB]
        # one fact breaking two properties is reported once: an overstay once per pod on its node, a
        # stale taint once per moment, an early Unknown once per step
        scope = (
            (prec.name if prec is not None else None)
            if pid in SAME_LATENESS
            else (
                f"#{self._pos.index}"
                if pid in SAME_STALE_TAINT
                else (f"early#{self._pos.index}" if pid in SAME_EARLY_UNKNOWN else None)
            )
        )
        if scope is not None and self._late.setdefault((scope, rec.name), pid) != pid:
            return  # already reported under the other property of the pair
        pos = self._pos
        msg = explain(self, pid, rec, prec, eid, pre, post, now, **kw)
        deadline = kw.get("deadline")
        if eid == "time_passes":
            # time alone broke it: reported at the event that showed it, with the deadline it missed
            eid = self._cur_event
            if deadline is not None:
                msg += f" (deadline {fmt_time(deadline)})"
        self.violations.append(
            Violation(
                pos.index,
                pos.line,
                pos.file,
                rec.name,
                prec.name if prec is not None else None,
                pid,
                msg,
                now,
                eid,
                self._named(pre, now),
                self._named(post, now),
                deadline,
            )
        )
