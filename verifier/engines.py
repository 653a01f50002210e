"""What an engine concludes (:class:`EngineResult`), and the unbounded engine, Spacer.

BMC and k-induction run on :class:`nodereg.verifier.runner.Prover`, which keeps one unrolling and
one induction solver for every property of a run. Every engine answers ``proved`` (with the bound
it holds to, ``None`` meaning all reachable states), ``violated`` with a trace,
``reachable``/``unreachable`` for witness queries, or ``inconclusive`` when Z3 answers ``unknown``,
times out, or the bound runs out. ``inconclusive`` is never read as a pass.

Polarity, because it is easy to get wrong: for ``SolverFor("HORN")`` *sat* means the error clause is
unreachable (safe); *unsat* means a counterexample exists.
"""

from __future__ import annotations

import time
import weakref
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


#: Per encoding, the Horn rules' variables and each instance's transition term. Building them is
#: Python work outside Z3's time box (about 2 s per call at 2 x 2 under load, against a 1 s
#: ``--timeout``), and they are the same for every property and goal: built once, asked many times.
_HORN_PARTS: weakref.WeakKeyDictionary[Encoding, tuple[Any, Any, Step, list[z3.BoolRef]]] = weakref.WeakKeyDictionary()


def _horn_parts(enc: Encoding) -> tuple[dict[Any, z3.ExprRef], dict[Any, z3.ExprRef], Step, list[z3.BoolRef]]:
    """The state variables ``s``, ``t``, the step's arguments and each instance's relation, cached per encoding."""
    parts = _HORN_PARTS.get(enc)
    if parts is None:
        s, t, st = enc.state("s"), enc.state("t"), enc.step_vars("h")
        parts = (s, t, st, [enc.trans_instance(k, s, t, st) for k in range(len(enc.instances))])
        _HORN_PARTS[enc] = parts
    return parts


def spacer(
    enc: Encoding,
    prop: Property,
    timeout_s: float | None = None,
    goal: str = "violation",
    lemmas: list[Property] | None = None,
) -> EngineResult:
    """Unbounded proof with Spacer (IC3/PDR over constrained Horn clauses).

    One rule per event instance; the query is the property's violation (or, for ``goal=
    "witness"``, its premise). Proved means: no reachable state or step violates it, for every
    admissible parameter value. Spacer gives no trace here; a violation is re-found by BMC.
    ``lemmas`` (state properties already proved) strengthen every rule's body: sound, since they
    hold in every reachable state.
    """
    t0 = time.monotonic()
    s, t, st, rules = _horn_parts(enc)
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
    argv = list(st.args.values())
    known = z3.And(*[enc.assume(lem, s) for lem in (lemmas or []) if lem.kind == "state"], z3.BoolVal(True))
    inv_s = z3.And(inv_s, known)
    for k in range(len(enc.instances)):
        body = z3.And(inv_s, rules[k])
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
            step_ok = rules[k]
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
