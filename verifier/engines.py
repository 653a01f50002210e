"""Three Z3 engines over the derived transition relation: BMC, k-induction and Spacer.

Each returns an :class:`EngineResult`: ``proved`` (with the bound it holds to, ``None`` meaning all
reachable states), ``violated`` with a trace, ``reachable``/``unreachable`` for witness queries, or
``inconclusive`` when Z3 answers ``unknown``, times out, or the bound runs out. ``inconclusive`` is
never read as a pass.

Polarity, because it is easy to get wrong: for ``SolverFor("HORN")`` *sat* means the error clause is
unreachable (safe); *unsat* means a counterexample exists.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import z3

from nodereg.properties.catalogue import Property

from .encoding import Encoding, Step

Trace = list[tuple[int | None, tuple[Any, ...], tuple[Any, ...]]]  # (instance, args, state after)


@dataclass
class EngineResult:
    """What one engine concluded about one query."""

    status: str  # proved | violated | inconclusive | reachable | unreachable
    engine: str
    bound: int | None = None
    seconds: float = 0.0
    trace: Trace | None = None
    reason: str = ""
    detail: dict[str, Any] = field(default_factory=dict)


def _solver(timeout_s: float | None) -> z3.Solver:
    s = z3.Solver()
    if timeout_s:
        s.set("timeout", max(1, int(timeout_s * 1000)))
    return s


def _deadline_left(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    return max(0.001, deadline - time.monotonic())


def bmc(enc: Encoding, goal: str, prop: Property, depth: int, timeout_s: float | None = None) -> EngineResult:
    """Bounded model checking, depth by depth, so the first trace found is a shortest one.

    ``goal="violation"`` looks for a state or step where the property fails; ``goal="witness"``
    looks for one where its premise holds.
    """
    t0 = time.monotonic()
    deadline = t0 + timeout_s if timeout_s else None
    solver = z3.Solver()
    states = [enc.state("0")]
    steps: list[Step] = []
    solver.add(enc.init(states[0]))
    kind = prop.kind if goal == "violation" else prop.witness_kind
    for k in range(depth + 1):
        if k > 0:
            steps.append(enc.step_vars(str(k - 1)))
            states.append(enc.state(str(k)))
            solver.add(enc.trans(states[k - 1], states[k], steps[k - 1]))
        if kind == "state":
            target = z3.Not(enc.holds(prop, states[k])) if goal == "violation" else enc.witness(prop, states[k])
        elif k == 0:
            continue
        elif goal == "violation":
            target = z3.Not(enc.holds(prop, states[k - 1], states[k], steps[k - 1]))
        else:
            target = enc.witness(prop, states[k - 1], states[k], steps[k - 1])
        left = _deadline_left(deadline)
        solver.set("timeout", max(1, int(left * 1000)) if left else 4294967295)
        solver.push()
        solver.add(target)
        r = solver.check()
        if r == z3.sat:
            trace = _trace(enc, solver.model(), states, steps)
            solver.pop()
            status = "violated" if goal == "violation" else "reachable"
            return EngineResult(status, "bmc", k, time.monotonic() - t0, trace)
        solver.pop()
        if r == z3.unknown:
            return EngineResult("inconclusive", "bmc", k, time.monotonic() - t0,
                                reason=f"z3 answered unknown at depth {k}: {solver.reason_unknown()}")
    status = "proved" if goal == "violation" else "unreachable"
    return EngineResult(status, "bmc", depth, time.monotonic() - t0,
                        reason=f"no {'violation' if goal == 'violation' else 'witness'} up to depth {depth}")


def _trace(enc: Encoding, m: z3.ModelRef, states: list[dict], steps: list[Step]) -> Trace:
    out: Trace = [(None, (), enc.read_state(m, states[0]))]
    for i, st in enumerate(steps):
        k, args = enc.read_step(m, st)
        out.append((k, args, enc.read_state(m, states[i + 1])))
    return out


def kinduction(enc: Encoding, prop: Property, max_k: int, timeout_s: float | None = None,
               lemmas: list[Property] | None = None) -> EngineResult:
    """k-induction: the base case is BMC to depth k-1; the step case assumes k good steps.

    ``lemmas`` are state properties already proved; they may be assumed along the path (sound,
    and often what lets a property close at small k).
    """
    t0 = time.monotonic()
    deadline = t0 + timeout_s if timeout_s else None
    lemmas = [lem for lem in (lemmas or []) if lem.kind == "state" and lem.id != prop.id]
    base = z3.Solver()
    ind = z3.Solver()
    bs = [enc.state("b0")]
    bsteps: list[Step] = []
    base.add(enc.init(bs[0]))
    xs = [enc.state("i0")]
    xsteps: list[Step] = []
    ind.add(enc.domain(xs[0]))
    for lem in lemmas:
        ind.add(enc.assume(lem, xs[0]))
    for k in range(0, max_k + 1):
        # base case at depth k
        if k > 0:
            bsteps.append(enc.step_vars(f"b{k - 1}"))
            bs.append(enc.state(f"b{k}"))
            base.add(enc.trans(bs[k - 1], bs[k], bsteps[k - 1]))
        bad = _bad(enc, prop, bs, bsteps, k)
        if bad is not None:
            base.push()
            base.add(bad)
            left = _deadline_left(deadline)
            base.set("timeout", max(1, int(left * 1000)) if left else 4294967295)
            r = base.check()
            if r == z3.sat:
                trace = _trace(enc, base.model(), bs, bsteps)
                base.pop()
                return EngineResult("violated", "k-induction", k, time.monotonic() - t0, trace)
            base.pop()
            if r == z3.unknown:
                return EngineResult("inconclusive", "k-induction", k, time.monotonic() - t0,
                                    reason=f"base case unknown at {k}")
        # induction step: k+1 states assumed good, the next bad
        xsteps.append(enc.step_vars(f"i{k}"))
        xs.append(enc.state(f"i{k + 1}"))
        ind.add(enc.trans(xs[k], xs[k + 1], xsteps[k]))
        ind.add(enc.domain(xs[k + 1]))
        for lem in lemmas:
            ind.add(enc.assume(lem, xs[k + 1]))
        good = _good(enc, prop, xs, xsteps, k)
        if good is not None:
            ind.add(good)
        bad_i = _bad(enc, prop, xs, xsteps, k + 1)
        if bad_i is None:
            continue
        ind.push()
        ind.add(bad_i)
        left = _deadline_left(deadline)
        ind.set("timeout", max(1, int(left * 1000)) if left else 4294967295)
        r = ind.check()
        ind.pop()
        if r == z3.unsat:
            return EngineResult("proved", "k-induction", None, time.monotonic() - t0,
                                reason=f"{k + 1}-inductive", detail={"k": k + 1})
        if r == z3.unknown:
            return EngineResult("inconclusive", "k-induction", k, time.monotonic() - t0,
                                reason=f"step case unknown at {k + 1}: {ind.reason_unknown()}")
    return EngineResult("inconclusive", "k-induction", max_k, time.monotonic() - t0,
                        reason=f"not inductive up to k={max_k + 1} (no counterexample either)")


def _bad(enc: Encoding, prop: Property, states: list, steps: list, k: int) -> z3.BoolRef | None:
    if prop.kind == "state":
        return z3.Not(enc.holds(prop, states[k]))
    if k == 0:
        return None
    return z3.Not(enc.holds(prop, states[k - 1], states[k], steps[k - 1]))


def _good(enc: Encoding, prop: Property, states: list, steps: list, k: int) -> z3.BoolRef | None:
    if prop.kind == "state":
        return enc.holds(prop, states[k])
    if k == 0:
        return None
    return enc.holds(prop, states[k - 1], states[k], steps[k - 1])


def spacer(enc: Encoding, prop: Property, timeout_s: float | None = None, goal: str = "violation",
           lemmas: list[Property] | None = None) -> EngineResult:
    """Unbounded proof with Spacer (IC3/PDR over constrained Horn clauses).

    One rule per event instance; the query is the property's violation (or, for ``goal=
    "witness"``, its premise). Proved means: no reachable state or step violates it, for every
    admissible parameter value. Spacer gives no trace here; a violation is re-found by BMC.
    ``lemmas`` (state properties already proved) strengthen every rule's body: sound, since they
    hold in every reachable state.
    """
    t0 = time.monotonic()
    s = enc.state("s")
    t = enc.state("t")
    keys = enc.keys
    sorts = [s[k].sort() for k in keys]
    inv = z3.Function("Inv", *sorts, z3.BoolSort())
    inv_s = inv(*[s[k] for k in keys])
    inv_t = inv(*[t[k] for k in keys])
    solver = z3.SolverFor("HORN")
    if timeout_s:
        solver.set("timeout", max(1, int(timeout_s * 1000)))
    sv = [s[k] for k in keys]
    tv = [t[k] for k in keys]
    solver.add(z3.ForAll(sv, z3.Implies(enc.init(s), inv_s)))
    st = enc.step_vars("h")
    argv = list(st.args.values())
    known = z3.And(*[enc.assume(lem, s) for lem in (lemmas or []) if lem.kind == "state"], z3.BoolVal(True))
    inv_s = z3.And(inv_s, known)
    for k in range(len(enc.instances)):
        body = z3.And(inv_s, enc.trans_instance(k, s, t, st))
        solver.add(z3.ForAll(sv + tv + argv, z3.Implies(body, inv_t)))
    kind = prop.kind if goal == "violation" else prop.witness_kind
    if kind == "state":
        target = z3.Not(enc.holds(prop, s)) if goal == "violation" else enc.witness(prop, s)
        solver.add(z3.ForAll(sv, z3.Implies(z3.And(inv_s, target), False)))
    else:
        events = prop.events if goal == "violation" else prop.witness_events
        for k, inst in enumerate(enc.instances):
            if inst.event.id not in events or (goal == "violation" and not enc.in_focus(inst)):
                continue
            fixed = Step(z3.IntVal(k), st.args)
            step_ok = enc.trans_instance(k, s, t, st)
            target = z3.Not(enc.holds(prop, s, t, fixed)) if goal == "violation" else enc.witness(prop, s, t, fixed)
            solver.add(z3.ForAll(sv + tv + argv, z3.Implies(z3.And(inv_s, step_ok, target), False)))
    r = solver.check()
    dt = time.monotonic() - t0
    if r == z3.sat:
        status = "proved" if goal == "violation" else "unreachable"
        return EngineResult(status, "spacer", None, dt)
    if r == z3.unsat:
        status = "violated" if goal == "violation" else "reachable"
        return EngineResult(status, "spacer", None, dt, reason="Spacer found the error clause reachable")
    return EngineResult("inconclusive", "spacer", None, dt, reason=f"z3 answered unknown: {solver.reason_unknown()}")
