"""Concrete search: seeded random runs of the compiled step at fixed timing, with time acceleration.

The Z3 witness and BMC searches unroll a fixed number of steps. Premises that need many periodic
controller passes (a node silent past a 50 s grace with 5 s monitor passes: a dozen passes, some
thirty steps) are beyond any unrolling that stays fast. Here the same declaration runs concretely
(:class:`~nodereg.model.semantics.CompiledModel`, the oracle's step) on the smallest cluster, with
fixed timing values, and time is *accelerated*: time advances straight to the next deadline (the
largest step the urgent actions allow; sometimes one second), so a 60 s silence is a dozen steps,
not sixty. A breadth-first search drowns in the environment's choices long before that depth
(measured: 200 000 states without reaching a 60 s silence); seeded random runs with a *lazy*
phase (only what must happen happens) reach every premise of the catalogue in well under a second.

What it finds is sound on its own terms: a run of the model. Every run is re-executed without the
clock saturation the search uses to stay finite, and a premise or a violation is reported only if
it holds on that real run (the caller replays it on the machine as well). Runs are shortened
greedily (a step is dropped when the rest still reaches the goal). What it does not find
says nothing: the Z3 engines remain the judges of "unreachable" and "proved".

Timing values: the fixed ones when the run fixes them (``--k8s-version``, ``--param``, a mutant's
overrides; unset ones take the upstream defaults), else small admissible values (one proof covers
every admissible value, so a run at any admissible value is a witness for the symbolic model).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from nodereg.model import declaration as d
from nodereg.model import params as P
from nodereg.model.semantics import CompiledModel, Config, Model, arg_domains, compiled
from nodereg.properties.catalogue import Property

from .engines import Trace
from .explorer import CompiledProperties, admissible, clock_cap, default_small_frozen, frozen_values

#: Small admissible timing values for symbolic runs (every clock comparison stays a few seconds).
SMALL = {
    "lease_renew_interval": 1,
    "heartbeat_gap_max": 2,
    "node_status_update_frequency": 1,
    "node_monitor_grace_period": 2,
    "node_startup_grace_period": 3,
    "node_monitor_period": 1,
}


def concrete_params(model: Model, fixed: dict[str, int] | None) -> dict[str, int] | None:
    """The timing values to search at, or None when no admissible choice is at hand."""
    pinned = {**dict(model.param_overrides), **(fixed or {})}
    values = {**(P.defaults() if pinned else SMALL), **pinned}
    return values if admissible(values, model) else None


@dataclass(slots=True)
class Found:
    """A run that reaches a premise or breaks a property: the goal, and the real (unsaturated) trace."""

    goal: str  # "witness" or "violation"
    trace: Trace
    depth: int


@dataclass(slots=True)
class SearchStats:
    """How much the search looked at: runs started, steps taken, and what was found."""

    states: int = 0  # runs started (this engine's unit of work)
    transitions: int = 0
    complete: bool = False
    seconds: float = 0.0
    found: dict[tuple[str, str], Found] = field(default_factory=dict)


def search(
    model: Model,
    cfg: Config,
    params: dict[str, int],
    targets: Sequence[tuple[Property, str]],
    frozen: Sequence[dict[str, Any]] | None = None,
    walks: int = 4000,
    length: int = 70,
    time_budget_s: float = 3.0,
    seed: int = 0,
) -> SearchStats:
    """Random runs of the compiled step until every target is met or the budget runs out.

    ``targets``: (property, goal) with goal ``"witness"`` (reach its premise) or ``"violation"``.
    Two kinds of run alternate, both seeded (the same inputs give the same runs):

    * *busy*: every step picks an enabled event at random (data arguments at random), or lets time
      pass, mostly straight to the next deadline;
    * *lazy after a busy prefix*: after a random number of busy steps, only what must happen
      happens: an overdue urgent action if one blocks time, else time jumps to the next deadline.
      That is how a node stays silent through a dozen monitor passes, or a live kubelet renews its
      Lease only when its longest gap runs out (#121793). Every fourth run is busy again after its
      lazy stretch: what happens *after* a long silence (a kubelet restarting on a node already
      marked Unknown) is then reached too.

    Some busy runs also leave a few untimed events out altogether, so that runs differ in kind.
    """
    import random

    t0 = time.monotonic()
    rng = random.Random(seed)
    cm = compiled(model, cfg)
    cp = CompiledProperties(cm, list(dict.fromkeys(p for p, _ in targets)))
    if frozen is None:
        # the exploration's choices, and an ordinary pod on a node that reserves some of its cpu (else a
        # premise such as "allocatable with something reserved" is never reached and the search spends
        # its whole budget before Z3 is asked)
        ordinary, daemonset = default_small_frozen(cfg)
        frozen = [{**ordinary, "capacity": 3, "reserved": 1}, daemonset]
    frozen = list(frozen)
    inits = [cm.initial_states(params, frozen_values(cm, choice)) for choice in frozen]
    n = len(cm.instances)
    tick = next(k for k, inst in enumerate(cm.instances) if inst.event.id == "time_passes")
    domains = [arg_domains(inst.event) for inst in cm.instances]
    untimed = [k for k, inst in enumerate(cm.instances) if k != tick and not inst.event.timer]
    urgent = {k for k, inst in enumerate(cm.instances) if inst.event.timer and inst.event.timer.latest}
    calm = {k for k in untimed if cm.instances[k].event.id in d.DISTURBS}
    restart = {k for k, inst in enumerate(cm.instances) if inst.event.id == "kubelet_restarts"}
    post = [k for k, inst in enumerate(cm.instances) if inst.event.id == "kubelet_post_status"]
    healthy_args = {k: tuple(a.name == "ready" for a in cm.instances[k].event.args) for k in post}
    # a kubelet that comes back not ready (its runtime still starting): Ready False after Unknown, which
    # processTaintBaseEviction must answer by swapping unreachable:NoExecute back to not-ready (round 12)
    not_ready_args = {k: tuple(False for _ in cm.instances[k].event.args) for k in post}
    horizon = clock_cap(params, 0)
    guards, effects = cm.guards, cm.effects
    events = list(dict.fromkeys(inst.event.id for inst in cm.instances))
    inst_event = [events.index(inst.event.id) for inst in cm.instances]
    stats = SearchStats()
    open_t = {(p.id, g): (p, g, p.kind if g == "violation" else p.witness_kind) for p, g in targets}

    def hit(p: Property, goal: str, kind: str, s: Any, t: Any, k: int, a: Any) -> bool:
        if kind == "state":
            return _state_hit(cp, p, goal, t)
        return _step_hit(cp, p, goal, s, t, k, a)

    def far(s: tuple[Any, ...]) -> int:
        """The largest time step urgency allows (up to the horizon); urgency is monotone in it."""
        if guards[tick](s, (horizon,)):
            return horizon
        lo, hi = 1, horizon
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if guards[tick](s, (mid,)):
                lo = mid
            else:
                hi = mid
        return lo

    for w in range(walks):
        if not open_t or time.monotonic() - t0 > time_budget_s:
            break
        lazy_from = rng.randrange(0, 30) if w % 4 else length
        # busy again after the lazy stretch (every fourth run): the actions that follow a silence
        lazy_to = lazy_from + rng.randrange(4, 30) if w % 4 == 3 else length
        # a quarter of those are recovery runs: at the end of the silence the kubelet restarts and, lazy
        # again, reports itself healthy whenever it may (what a node marked Unknown and tainted
        # goes through when it comes back: markNodeAsReachable, the NoExecute taints going); every
        # other one reports itself not ready instead (the swap back from unreachable to not-ready)
        recover_at = lazy_to if w % 16 == 3 else -1
        # every eighth run is calm: nothing that disturbs a node (a kubelet stop, a cordon, a taint, a
        # delete, a registration that reports trouble) ever happens, as the progress premises need
        off = calm if w % 8 == 6 else {k for k in untimed if rng.random() < 0.2} if w % 4 == 2 else set()
        s = inits[w % len(inits)]
        fired = [0] * len(events)
        steps: list[tuple[int | None, tuple[Any, ...]]] = [(None, ())]
        start = s
        for i in range(length):
            moves = []
            for k in range(n):
                if k == tick or k in off:
                    continue
                a = tuple(rng.choice(dom) for dom in domains[k]) if domains[k] else ()
                if guards[k](s, a):
                    moves.append((k, a))
            time_ok = guards[tick](s, (1,))
            if i == recover_at:
                lazy_to = length
            back = [m for m in moves if m[0] in restart] if i == recover_at else []
            report = healthy_args if w % 32 == 3 else not_ready_args
            healthy = [(k, a) for k in post if i > recover_at >= 0 and guards[k](s, a := report[k])]
            if back or (healthy and rng.random() < 0.5):
                k, a = (back or healthy)[0]
            elif lazy_from <= i < lazy_to:
                overdue = [m for m in moves if m[0] in urgent] if not time_ok else []
                early = [m for m in moves if m[0] in urgent] if time_ok and rng.random() < 0.1 else []
                if overdue or early:
                    # an urgent action before its deadline happens at another one's deadline: that is
                    # how two periodic actions fall into the same phase
                    k, a = rng.choice(overdue or early)
                elif time_ok:
                    k, a = tick, (far(s),)
                else:
                    break
            elif time_ok and (not moves or rng.random() < 0.3):
                k, a = tick, ((far(s),) if rng.random() < 0.8 else (1,))
            elif moves:
                # novelty first: an event fired less often in this run is likelier, so that runs get
                # through TLS bootstrap and registration instead of stopping and restarting a kubelet
                weights = [1.0 / (1 + fired[inst_event[m[0]]]) ** 2 for m in moves]
                k, a = rng.choices(moves, weights)[0]
            else:
                break
            fired[inst_event[k]] += 1
            t = effects[k](s, a)
            stats.transitions += 1
            steps.append((k, a))
            for key in list(open_t):
                p, goal, kind = open_t[key]
                if hit(p, goal, kind, s, t, k, a):
                    trace = shorten(cm, cp, p, goal, start, list(steps))
                    if trace is not None:
                        stats.found[key] = Found(goal, trace, len(trace) - 1)
                        del open_t[key]
            s = t
        stats.states += 1  # runs, for this engine
    stats.complete = not open_t
    stats.seconds = time.monotonic() - t0
    return stats


def shorten(
    cm: CompiledModel,
    cp: CompiledProperties,
    p: Property,
    goal: str,
    s0: tuple[Any, ...],
    steps: list[tuple[int | None, tuple[Any, ...]]],
) -> Trace | None:
    """Drop every step the run can do without (greedy, last step kept): short traces read better."""
    best = real_run(cm, s0, steps)
    if best is None or not _meets(cp, p, goal, best):
        return None
    for _ in range(3):
        before = len(steps)
        for width in (2, 1):  # pairs first: a stop and its restart only go together
            i = len(steps) - 1 - width
            while i >= 1:
                trial = steps[:i] + steps[i + width :]
                tr = real_run(cm, s0, trial)
                if tr is not None and _meets(cp, p, goal, tr):
                    steps, best = trial, tr
                i -= 1
        if len(steps) == before:
            break
    return best


def real_run(cm: CompiledModel, s0: tuple[Any, ...], steps: list[tuple[int | None, tuple[Any, ...]]]) -> Trace | None:
    """Re-execute the steps from the initial state with no saturation; None if a step is not enabled."""
    trace: Trace = [(None, (), s0)]
    cur = s0
    for k, a in steps[1:]:
        assert k is not None
        if not cm.enabled(cur, k, a):
            return None
        cur = cm.step(cur, k, a)
        trace.append((k, a, cur))
    return trace


def _state_hit(cp: CompiledProperties, p: Property, goal: str, s: tuple[Any, ...]) -> bool:
    return cp.witness_state(p.id, s) if goal == "witness" else not cp.state_ok(p.id, s)


def _step_hit(cp: CompiledProperties, p: Property, goal: str, s: Any, t: Any, k: int, a: Any) -> bool:
    return cp.witness_step(p.id, s, t, k, a) if goal == "witness" else not cp.step_ok(p.id, s, t, k, a)


def _meets(cp: CompiledProperties, p: Property, goal: str, trace: Trace) -> bool:
    """The target holds on the last state (or step) of the real run."""
    kind = p.kind if goal == "violation" else p.witness_kind
    last = trace[-1][2]
    if kind == "state":
        return _state_hit(cp, p, goal, last)
    if len(trace) < 2:
        return False
    k, a, _ = trace[-1]
    assert k is not None
    return _step_hit(cp, p, goal, trace[-2][2], last, k, a)


__all__ = ["SMALL", "Found", "SearchStats", "concrete_params", "real_run", "search"]
