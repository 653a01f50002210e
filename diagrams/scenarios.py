"""Scenario runs, found by the model itself and replayed on the python-statemachine machine.

A scenario is not a typed-in list of events. It is a start (the initial state, or where another
scenario ends) and a list of *phases*; each phase is a goal over the model's state ("Ready is
True", "the pod is bound") and the events the environment may use to get there (e.g. no
administrator, the kubelet reports itself ready). A breadth-first search over the compiled model
(:class:`nodereg.model.semantics.CompiledModel`) finds the shortest run to each goal; urgent
controllers (timers with a ``latest`` bound) fire because the model forbids time to pass
otherwise. Time moves in the largest step the model allows, at most one node-monitor period.

The parameters are fixed to the upstream defaults (:func:`nodereg.model.params.defaults`) and the
frozen values are chosen explicitly (:data:`FROZEN`): one node with 4 CPUs, 1 reserved; one
ordinary pod requesting 1 CPU, which tolerates only the default not-ready and unreachable
NoExecute taints for 300 s (DefaultTolerationSeconds). Every run is replayed event by event
through :class:`nodereg.model.machine.Cluster` before it is drawn, so each picture is a real run
of the verified machine.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from nodereg.model import declaration as d
from nodereg.model.machine import Cluster
from nodereg.model.params import DEFAULT_TOLERATION_SECONDS, defaults
from nodereg.model.semantics import CompiledModel, Config, Key, Model, arg_domains, compiled, real_model
from nodereg.verifier.counterexample import describe

CFG = Config(1, 1)

#: Frozen values of the scenario cluster (what a proof leaves symbolic).
FROZEN: dict[Key, Any] = {
    ("node", "capacity", 0): 4,
    ("node", "reserved", 0): 1,
    ("pod", "request", 0): 1,
    ("pod", "toleration_seconds", 0): DEFAULT_TOLERATION_SECONDS,
    ("pod", "tolerates_forever", 0): False,
    **{
        ("pod", v.name, 0): v.name in ("tolerates_not_ready_ne", "tolerates_unreachable_ne")
        for v in d.POD_VARS
        if v.name.startswith("tolerates_") and v.name != "tolerates_forever"
    },
}

#: Arguments an ordinary environment uses: register plainly, report ready without pressure.
DEFAULT_ARGS: dict[str, dict[str, int]] = {
    "kubelet_register_node": {
        "register_unschedulable": 0,
        "register_with_taint": 0,
        "taint_effect": 0,
        "external_cloud": 0,
        "needs_routes": 0,
        # setNodeStatus fills the conditions of the Node it creates; a new node usually reports
        # Ready=False until its network plugin is up (then a status post turns it True)
        "ready": 0,
        "memory_pressure": 0,
    },
    "kubelet_post_status": {"ready": 1, "memory_pressure": 0},
    "admin_taint_node": {"taint_effect": 0},
}

Named = dict[str, Any]


@dataclass(frozen=True)
class Phase:
    """A goal over the state (named variables), and which events may be used to reach it."""

    goal: str
    reached: Callable[[Named], bool]
    allowed: frozenset[str]


@dataclass(frozen=True)
class Scenario:
    """A named scenario: where it starts, its phases, and one sentence for the index."""

    id: str
    title: str
    sentence: str
    start: str | None
    phases: tuple[Phase, ...]


_ENV = frozenset(
    {
        "kubelet_renew_lease",
        "kubelet_post_status",
        "nlc_monitor_node_health",
        "nlc_sync_noschedule_taints",
        "nlc_sync_noexecute_taints",
        "taint_eviction_evict_pod",
        "scheduler_bind_pod",
        "time_passes",
    }
)
_BOOT = frozenset(
    {"kubelet_request_certificate", "csr_approver_approve", "kubelet_obtain_certificate", "kubelet_register_node"}
)


def _p(goal: str, reached: Callable[[Named], bool], *events: str, base: frozenset[str] = _ENV) -> Phase:
    return Phase(goal, reached, base | frozenset(events))


def _ctl(s: Named) -> int:
    return int(s["ctl[0]"])


SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "registration",
        "Registration: from bootstrap token to the first bound pod",
        "The happy path from the seed: TLS bootstrap, the kubelet creates its own Node (admission adds the "
        "not-ready taint), heartbeats, Ready, the controller removes the taint and the scheduler binds a pod.",
        None,
        (
            _p("the kubelet holds a client certificate", lambda s: s["cert[0]"], base=_BOOT),
            _p("the Node object exists", lambda s: s["exists[0]"], base=_BOOT),
            Phase(
                "the kubelet renews its Lease",
                lambda s: s["heartbeat_unseen[0]"],
                _ENV - {"kubelet_post_status", "scheduler_bind_pod"},
            ),
            _p("the Node reports Ready=True", lambda s: s["ready[0]"] == d.READY_TRUE),
            _p("an ordinary pod may be scheduled there", lambda s: _ctl(s) == d.SCHEDULABLE),
            _p("the scheduler binds the pod", lambda s: s["bound_to[0]"] == 0),
        ),
    ),
    Scenario(
        "heartbeat-loss",
        "Heartbeat loss: the kubelet stops, the node becomes Unknown, its pod is evicted",
        "The kubelet stops; after the grace period the controller sets Ready=Unknown, the unreachable "
        "taints follow, and the pod is evicted when its 300 s tolerationSeconds run out.",
        "registration",
        (
            _p("the kubelet stops", lambda s: not s["alive[0]"], "kubelet_stops", base=frozenset()),
            _p("Ready becomes Unknown", lambda s: s["ready[0]"] == d.READY_UNKNOWN),
            # upstream's timing, not merely the model's earliest: processTaintBaseEviction acts on the
            # Unknown at the monitor pass after the one that set it
            Phase(
                "the controller's next monitor pass",
                lambda s: s["since_ready_changed[0]"] >= s["node_monitor_period"],
                _ENV - {"nlc_sync_noexecute_taints"},
            ),
            _p("the unreachable NoExecute taint is on", lambda s: s["taint_unreachable_ne[0]"]),
            _p("the pod is evicted", lambda s: s["bound_to[0]"] == d.UNBOUND, base=_ENV - {"scheduler_bind_pod"}),
        ),
    ),
    Scenario(
        "recovery",
        "Recovery: the kubelet comes back and the node is schedulable again",
        "After a heartbeat loss the kubelet restarts, registers again (AlreadyExists), reports Ready, the "
        "controller lifts the unreachable taints and the pending pod is bound again.",
        "heartbeat-loss",
        (
            _p("the kubelet restarts", lambda s: s["alive[0]"], "kubelet_restarts", base=frozenset()),
            _p("it registers again", lambda s: s["registered[0]"], "kubelet_register_node"),
            _p("the Node reports Ready=True", lambda s: s["ready[0]"] == d.READY_TRUE),
            _p("an ordinary pod may be scheduled there", lambda s: _ctl(s) == d.SCHEDULABLE),
            _p("the unreachable NoExecute taint is lifted", lambda s: not s["taint_unreachable_ne[0]"]),
            _p("the pending pod is bound again", lambda s: s["bound_to[0]"] == 0),
        ),
    ),
    Scenario(
        "cordon",
        "Cordon and uncordon",
        "kubectl cordon sets spec.unschedulable, the controller adds the unschedulable taint (the node leaves "
        "Schedulable, its bound pod stays); uncordon reverses both.",
        "registration",
        (
            _p("the administrator cordons the node", lambda s: s["unschedulable[0]"], "admin_cordon", base=frozenset()),
            _p("the unschedulable taint is on", lambda s: s["taint_unschedulable[0]"]),
            _p(
                "the administrator uncordons it",
                lambda s: not s["unschedulable[0]"],
                "admin_uncordon",
                base=frozenset(),
            ),
            _p("the node is schedulable again", lambda s: _ctl(s) == d.SCHEDULABLE),
        ),
    ),
    Scenario(
        "re-registration",
        "Re-registration after a kubelet restart",
        "The kubelet restarts on a live node: it registers again, the API server answers AlreadyExists and "
        "nothing of the Node changes; its Lease renewal is seen by the controller and the pod stays bound.",
        "registration",
        (
            _p("the kubelet stops", lambda s: not s["alive[0]"], "kubelet_stops", base=frozenset()),
            _p("the kubelet restarts", lambda s: s["alive[0]"], "kubelet_restarts", base=frozenset()),
            _p(
                "it registers again (AlreadyExists)",
                lambda s: s["registered[0]"],
                "kubelet_register_node",
                base=frozenset(),
            ),
            _p("the controller sees its heartbeat", lambda s: not s["heartbeat_unseen[0]"]),
        ),
    ),
)
SCENARIO_BY_ID = {s.id: s for s in SCENARIOS}


class ScenarioError(RuntimeError):
    """The model cannot reach a scenario's goal (the model changed): say which phase."""


def _moves(
    cm: CompiledModel, state: tuple[Any, ...], allowed: frozenset[str], cap: int
) -> list[tuple[int, tuple[int, ...], tuple[Any, ...]]]:
    out = []
    for k, inst in enumerate(cm.instances):
        e = inst.event
        if e.id not in allowed:
            continue
        if e.id == "time_passes":
            for sec in range(cap, 0, -1):  # the largest step the model allows
                if cm.enabled(state, k, (sec,)):
                    out.append((k, (sec,), cm.step(state, k, (sec,))))
                    break
            continue
        fixed = DEFAULT_ARGS.get(e.id)
        for args in _arg_choices(e, fixed):
            if cm.enabled(state, k, args):
                out.append((k, args, cm.step(state, k, args)))
    return out


def _arg_choices(e: d.Event, fixed: dict[str, int] | None) -> list[tuple[int, ...]]:
    if fixed is not None:
        return [tuple(fixed[a.name] for a in e.args)]
    import itertools

    return [tuple(c) for c in itertools.product(*arg_domains(e))]


def _search(
    cm: CompiledModel, start: tuple[Any, ...], phase: Phase, cap: int, limit: int = 200_000
) -> list[tuple[int, tuple[int, ...], tuple[Any, ...]]]:
    """Shortest run from ``start`` to the phase's goal (deterministic: declaration order)."""
    if phase.reached(cm.named(start)):
        return []
    parent: dict[tuple[Any, ...], tuple[tuple[Any, ...], int, tuple[int, ...]] | None] = {start: None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for k, args, t in _moves(cm, s, phase.allowed, cap):
            if t in parent:
                continue
            parent[t] = (s, k, args)
            if phase.reached(cm.named(t)):
                path = []
                cur = t
                while (p := parent[cur]) is not None:
                    path.append((p[1], p[2], cur))
                    cur = p[0]
                return path[::-1]
            if len(parent) > limit:
                raise ScenarioError(f"phase {phase.goal!r}: no run within {limit} states")
            queue.append(t)
    raise ScenarioError(f"phase {phase.goal!r}: unreachable with the allowed events")


@dataclass(frozen=True)
class Run:
    """A scenario's run: the start state, the steps, and the phase each step belongs to."""

    scenario: Scenario
    trace: tuple[tuple[int | None, tuple[int, ...], tuple[Any, ...]], ...]
    phase_of_step: tuple[int, ...]
    #: the whole run from the initial state (the start scenarios' steps, then these), as replayed
    full: tuple[tuple[int | None, tuple[int, ...], tuple[Any, ...]], ...] = ()

    def described(self, model: Model | None = None) -> list[dict[str, Any]]:
        """The run in the verifier's counterexample form (what the sequence renderer reads)."""
        return describe(compiled(model or real_model(), CFG), list(self.trace))

    @property
    def events(self) -> list[str]:
        cm = compiled(real_model(), CFG)
        return [cm.instances[k].event.id for k, _, _ in self.trace[1:] if k is not None]


@lru_cache(maxsize=16)
def run(scenario_id: str) -> Run:
    """Find the scenario's run, replay it on the machine, and return it."""
    sc = SCENARIO_BY_ID[scenario_id]
    model = real_model()
    cm = compiled(model, CFG)
    params = defaults()
    if sc.start is None:
        init = cm.initial_states(params, FROZEN)
        prefix: list[tuple[int | None, tuple[int, ...], tuple[Any, ...]]] = [(None, (), init)]
    else:
        prefix = list(run(sc.start).full)
        init = prefix[-1][2]
    cap = params["node_monitor_period"]
    trace: list[tuple[int | None, tuple[int, ...], tuple[Any, ...]]] = [(None, (), init)]
    phases: list[int] = []
    state = init
    for i, ph in enumerate(sc.phases):
        path = _search(cm, state, ph, cap)
        trace += path
        phases += [i] * len(path)
        if path:
            state = path[-1][2]
    full = prefix + trace[1:]
    _replay(model, cm, full)
    return Run(sc, tuple(trace), tuple(phases), tuple(full))


def _replay(model: Model, cm: CompiledModel, trace: list[tuple[int | None, tuple[int, ...], tuple[Any, ...]]]) -> None:
    """Fire every step through the python-statemachine machines; the data and states must match."""
    cluster = Cluster(model, CFG, trace[0][2])
    for n, (k, args, expect) in enumerate(trace[1:], start=1):
        assert k is not None
        inst = cm.instances[k]
        cluster.fire(inst.event.id, inst.node, inst.pod, args)
        if cluster.state != expect:
            raise ScenarioError(f"step {n} ({inst.label}) diverges on the machine")
        ctl = [cm.named(expect)[f"ctl[{i}]"] for i in range(CFG.nodes)]
        if cluster.control_states() != ctl:
            raise ScenarioError(f"step {n} ({inst.label}): machine state differs")


def preface(sc: Scenario) -> tuple[str, ...]:
    """The note that opens a scenario diagram: its start and its parameters."""
    p = defaults()
    start = "initial state: no certificate, no Node object" if sc.start is None else (f"starts where '{sc.start}' ends")
    return (
        start,
        f"1 node (4 CPU, 1 reserved), 1 pod (request 1 CPU, tolerates not-ready/unreachable:NoExecute "
        f"for {DEFAULT_TOLERATION_SECONDS} s)",
        f"defaults: lease renew {p['lease_renew_interval']} s, status every {p['node_status_update_frequency']} s, "
        f"grace {p['node_monitor_grace_period']} s, monitor every {p['node_monitor_period']} s",
        *_goal_lines([f"({i}) {ph.goal}" for i, ph in enumerate(sc.phases, 1)]),
    )


def _goal_lines(goals: list[str], width: int = 110) -> list[str]:
    """The goals, whole ones to a line (continuations indented): a goal is never split across lines.

    Three goals to the first line, the rest to the next, broke "(3) the kubelet / renews its Lease"
    across two lines of the registration diagram, the tail alone under an indent.
    """
    lines = ["goals, in order:"]
    for goal in goals:
        joined = f"{lines[-1]} {goal}" if lines[-1].endswith(":") else f"{lines[-1]}, {goal}"
        if len(joined) <= width or lines[-1].endswith(":"):
            lines[-1] = joined
        else:
            lines[-1] += ","
            lines.append(f"    {goal}")
    return lines
