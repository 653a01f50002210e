"""Time can always pass: the deadlock check of timed-automata tools, proved for every reachable state.

Time-step properties (``no-execute-eviction``, the taint-follow properties) constrain only the
steps of ``time_passes``. In a model where some urgent action can stay overdue for ever, time stops
and they hold vacuously. UPPAAL's deadlock check and TLC's (on by default) rule that out; so does
the ``time-can-pass`` row: *from every reachable state time can advance, possibly after a bounded
number of urgent actions, each of which clears its own deadline*.

An urgent instance ``j`` (a timer with a ``latest`` bound) *blocks* time in a state when its
untimed guard holds and one more second would overshoot its bound; ``time_passes`` of one second
is allowed exactly when nothing blocks (that is :func:`nodereg.model.semantics.urgency` with
``seconds = 1``). The row is proved from three facts, each checked by Z3 relative to the proved
invariants (sound: they hold in every reachable state):

1. ``time-can-pass`` (state): every blocking instance is enabled, and when nothing blocks,
   ``time_passes(1)`` is enabled;
2. ``overdue-action-clears-its-deadline`` (step of each urgent event): an instance that fires while
   it blocks no longer blocks afterwards, or no longer blocks after one more firing of its own (the
   NoExecute pass swaps taints in two API writes, as SwapNodeControllerTaint does: add, then remove);
3. the *re-arming graph* of urgent events (E → F when an overdue E firing can make some F instance
   newly block) is acyclic. Then every cascade of overdue firings ends: an E firing removes an E
   blocker and adds blockers only of later events, so E fires at most
   ``2 · n(E) · (1 + Σ_{D→E} fires(D))`` times; the sum over E is the stated bound.

Both 1 and 2 are ordinary properties for the engines: a failure is searched by BMC and reported
``violated`` with a replayed counterexample, never as a lemma. Their witness is a reachable state
where an urgent action is overdue (time waits for it), so the row cannot hold vacuously.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import z3

from nodereg.model.logic import And, Implies, Not, Or
from nodereg.model.semantics import (
    Bound,
    Config,
    Instance,
    Model,
    full_guard,
    instances,
    layout,
    post_values,
    urgency,
)
from nodereg.properties.catalogue import Property

#: The row ``nodereg verify`` reports, and the two properties it is made of.
TIME_ID = "time-can-pass"
CLEARS_ID = "overdue-action-clears-its-deadline"


def is_urgent(inst: Instance) -> bool:
    """An instance :func:`~nodereg.model.semantics.urgency` constrains time with."""
    t = inst.event.timer
    # as in urgency(): an urgent event with arguments (registration) counts when it has a clock; its
    # guard reads no argument, so any in-range arguments decide whether it blocks and is enabled
    return bool(t and t.latest and (not inst.event.args or t.clock is not None))


def default_bound(inst: Instance) -> Bound:
    """The instance with every argument at its lowest value (what urgency() evaluates guards with)."""
    return Bound(inst, {a.name: a.lo if a.sort == "int" else False for a in inst.event.args})


def blocks(view: Any, inst: Instance) -> Any:
    """``inst`` forbids time to pass one second here: its untimed guard holds and its bound is reached."""
    t = inst.event.timer
    assert t is not None and t.latest is not None
    b = default_bound(inst)
    untimed = inst.event.guard(view, b)
    if t.clock is None:
        return untimed
    return And(untimed, t.clock(view, b) + 1 > t.latest(view, b))


def shape(view: Any) -> Config:
    """The nodes and pods a fixed-size view holds. Its ``cfg`` is what the declaration reads, which
    the premise and no-pods checks leave symbolic (any number at least the nodes present)."""
    nodes, pods = view.nodes, view.pods
    if not (isinstance(nodes, range) and isinstance(pods, range)):
        # a view over the sorts Node and Pod (:mod:`.parameterized`) has no count of its elements
        raise TypeError("the nodes and pods of a view stated for every size are not counted")
    return Config(len(nodes), len(pods))


def _time_instance(model: Model, view: Any) -> Instance:
    return next(i for i in instances(model, shape(view)) if i.event.id == "time_passes")


def _overdue_ok(model: Model, s: Any) -> Any:
    urgent = [i for i in instances(model, shape(s)) if is_urgent(i)]
    parts = [Implies(blocks(s, i), full_guard(s, default_bound(i))) for i in urgent]
    tick = _time_instance(model, s)
    time_ok = And(full_guard(s, Bound(tick, {"seconds": 1})), urgency(model, shape(s), s, 1))
    parts.append(Implies(Not(Or(*[blocks(s, i) for i in urgent])), time_ok))
    return And(*parts)


def _some_overdue(model: Model, s: Any) -> Any:
    return Or(*[blocks(s, i) for i in instances(model, shape(s)) if is_urgent(i)])


def time_properties(model: Model) -> list[Property]:
    """The two properties of the ``time-can-pass`` row, for one model (its events decide urgency)."""
    urgent_events = tuple(
        dict.fromkeys(e.id for e in model.events if e.timer and e.timer.latest and (not e.args or e.timer.clock))
    )

    memo: dict[tuple[Any, tuple[Any, ...]], tuple[tuple[Any, ...], Any]] = {}

    def overdue_ok(s: Any) -> Any:
        """Built once per Z3 state (induction asks for the same states every round; it is large).

        The key is every variable's term: two states that share their timing parameters but not
        their data (the post-states of the per-instance queries) are different states."""
        probe = s.get(("param", "lease_renew_interval", -1))
        if not isinstance(probe, z3.ExprRef):
            return _overdue_ok(model, s)
        terms = tuple(s.get(k) for k in layout(shape(s)).keys)
        key = (shape(s), tuple(x.get_id() if isinstance(x, z3.ExprRef) else ("value", x) for x in terms))
        if key not in memo:
            # (the terms are kept with the entry: Z3 reuses the id of an AST that was freed)
            memo[key] = (terms, _overdue_ok(model, s))
        return memo[key][1]

    def clears(pre: Any, post: Any, b: Any) -> Any:
        inst = b.inst
        if not is_urgent(inst):
            return True
        # the same instance fired once more from the post state (a taint swap is two API writes:
        # SwapNodeControllerTaint adds the new taint, then removes the old one)
        again = post_values(model, shape(post), post, b)
        # (the post view's own kind: a view whose cluster size is symbolic stays so)
        twice = post.with_get(lambda k: again[k] if k in again else post.get(k))
        cleared_later = And(full_guard(post, b), Not(blocks(twice, inst)))
        return Implies(blocks(pre, inst), Or(Not(blocks(post, inst)), cleared_later))

    def overdue_fires(pre: Any, post: Any, b: Any) -> Any:
        return blocks(pre, b.inst) if is_urgent(b.inst) else False

    return [
        Property(
            TIME_ID,
            "From every reachable state time can advance, possibly after a bounded number of urgent "
            "actions, each of which clears its own deadline (the timed-automata deadlock check).",
            "∀s reachable: (∀ urgent j: overdue_j(s) ⇒ enabled_j(s)) ∧ (no j overdue ⇒ time_passes(1) enabled); "
            "with overdue-action-clears-its-deadline and an acyclic re-arming graph",
            "UPPAAL's deadlock check and TLC's deadlock check (on by default): without it, every time-step "
            "property could hold because time stops.",
            "nodereg verifier/progress.py",
            "state",
            overdue_ok,
            lambda s: _some_overdue(model, s),
            "an urgent action is overdue (time waits for it)",
        ),
        Property(
            CLEARS_ID,
            "An urgent action that fires while overdue is no longer overdue afterwards, or after one more "
            "firing of its own (SwapNodeControllerTaint's two writes).",
            "step of urgent j: overdue_j(pre) ⇒ ¬overdue_j(post) ∨ (enabled_j(post) ∧ ¬overdue_j(j(post)))",
            "An overdue controller pass that leaves itself overdue blocks time for ever.",
            "nodereg verifier/progress.py",
            "step",
            clears,
            overdue_fires,
            "an overdue urgent action fires",
            events=urgent_events,
            witness_kind="step",
            witness_events=urgent_events,
        ),
    ]


@dataclass(slots=True)
class RearmGraph:
    """Which urgent events an overdue firing of another can make newly overdue, and the cascade bound."""

    edges: dict[str, set[str]] = field(default_factory=dict)
    cycle: list[str] | None = None
    bound: int | None = None
    unknown: bool = False
    queries: int = 0

    def text(self) -> str:
        arrows = ", ".join(f"{a} → {b}" for a in self.edges for b in sorted(self.edges[a])) or "no re-arming"
        return arrows


def rearm_graph(prover: Any, model: Model, timeout_s: float, per_instance: bool = False) -> RearmGraph:
    """Ask Z3, on the induction solver (domain, lemmas, one step), which urgent events re-arm which
    (``per_instance``: one urgent instance at a time, as large clusters need)."""
    enc = prover.enc
    s0, s1, st = prover.s0, prover.s1, prover.st
    v0, v1 = enc.view(s0, focus=False), enc.view(s1, focus=False)
    urgent = [(k, inst) for k, inst in enumerate(enc.instances) if is_urgent(inst)]
    events = list(dict.fromkeys(inst.event.id for _, inst in urgent))
    newly: dict[str, z3.BoolRef] = {}
    for f in events:
        newly[f] = z3.Or(*[z3.And(_b(blocks(v1, i)), z3.Not(_b(blocks(v0, i)))) for _, i in urgent if i.event.id == f])
    out = RearmGraph({e: set() for e in events})
    if per_instance:
        _rearm_per_instance(prover, urgent, events, newly, out, timeout_s)
        _bound(out, urgent, events)
        return out
    fires = {
        e: z3.Or(*[z3.And(st.event == k, _b(blocks(v0, i))) for k, i in urgent if i.event.id == e]) for e in events
    }
    # one query for every edge not yet seen; each model shows one or more new edges, unsat ends it
    while True:
        rest = [(e, f) for e in events for f in events if f not in out.edges[e]]
        if not rest:
            break
        prover.ind.push()
        prover.ind.set("timeout", max(1, int(timeout_s * 1000)))
        prover.ind.add(z3.Or(*[z3.And(fires[e], newly[f]) for e, f in rest]))
        r = prover.ind.check()
        out.queries += 1
        if r == z3.sat:
            m = prover.ind.model()
            for e, f in rest:
                if z3.is_true(m.eval(z3.And(fires[e], newly[f]), model_completion=True)):
                    out.edges[e].add(f)
        prover.ind.pop()
        if r == z3.unknown:
            out.unknown = True
        if r != z3.sat:
            break
    _bound(out, urgent, events)
    return out


def _rearm_per_instance(
    prover: Any,
    urgent: list[tuple[int, Any]],
    events: list[str],
    newly: dict[str, z3.BoolRef],
    out: RearmGraph,
    timeout_s: float,
    quick_s: float = 2.0,
) -> None:
    """The edges of the re-arming graph, one urgent instance at a time (large clusters).

    The relation is a disjunction over instances, so an edge e → f exists exactly when some instance
    of e, overdue, can make an instance of f newly overdue. Each query holds that instance's own
    relation (its guard, writes and frame) on the prover's per-instance background: the type
    domain and the lemmas before the step. Under symmetry only node 0's and pod 0's instances are
    sources. The lemmas are not assumed after it, so an edge can only
    be added, never lost: a spurious edge makes the bound larger or a cycle inconclusive, never a
    pass. On 16 x 16 the whole query over every instance at once ran out of time.
    """
    enc = prover.enc
    s0 = prover.s0
    v0 = enc.view(s0, focus=False)
    solver = prover._slice_solver()
    t0 = time.monotonic()
    # under a proved symmetry every instance of an event is a renaming of its node-0 and pod-0
    # instance, so those alone are asked what they re-arm (on any node: the targets are every instance)
    for k, inst in [(k, i) for k, i in urgent if enc.in_focus(i)]:
        e = inst.event.id
        while True:
            rest = [f for f in events if f not in out.edges[e]]
            left = timeout_s - (time.monotonic() - t0)
            if not rest or left <= 0:
                out.unknown = out.unknown or bool(rest)
                break
            query = [enc.instance_relations[k], _b(blocks(v0, inst)), z3.Or(*[newly[f] for f in rest])]
            solver.push()
            solver.set("timeout", max(1, int(min(left, quick_s) * 1000)))
            solver.add(*query)
            r = solver.check()
            m = solver.model() if r == z3.sat else None
            solver.pop()
            if r == z3.unknown and left > quick_s:
                # as the per-instance induction queries: a fresh solver, which simplifies first
                r, m = prover._check_fresh(solver, query, timeout_s - (time.monotonic() - t0), model=True)
            out.queries += 1
            if m is not None:
                out.edges[e].update(f for f in rest if z3.is_true(m.eval(newly[f], model_completion=True)))
            if r == z3.unknown:
                out.unknown = True
            if r != z3.sat:
                break
        if out.unknown:
            return


def _bound(out: RearmGraph, urgent: list[tuple[int, Any]], events: list[str]) -> None:
    """A cycle, or the bound on urgent actions before time can pass (an acyclic graph, all known)."""
    out.cycle = _find_cycle(out.edges)
    if out.cycle is None and not out.unknown:
        count = {e: sum(1 for _, i in urgent if i.event.id == e) for e in events}
        fires_of: dict[str, int] = {}
        for e in _topological(out.edges):
            fires_of[e] = 2 * count[e] * (1 + sum(fires_of[dd] for dd in events if e in out.edges[dd]))
        out.bound = sum(fires_of.values())


def _find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    colour: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        colour[n] = 1
        stack.append(n)
        for m in sorted(edges.get(n, ())):
            if colour.get(m) == 1:
                return [*stack[stack.index(m) :], m]
            if m not in colour and (c := visit(m)):
                return c
        stack.pop()
        colour[n] = 2
        return None

    for n in edges:
        if n not in colour and (c := visit(n)):
            return c
    return None


def _topological(edges: dict[str, set[str]]) -> list[str]:
    indeg = {n: 0 for n in edges}
    for n in edges:
        for m in edges[n]:
            indeg[m] = indeg.get(m, 0) + 1
    order, ready = [], [n for n, k in indeg.items() if k == 0]
    while ready:
        n = ready.pop(0)
        order.append(n)
        for m in sorted(edges.get(n, ())):
            indeg[m] -= 1
            if indeg[m] == 0:
                ready.append(m)
    return order


def _b(x: Any) -> z3.BoolRef:
    return x if isinstance(x, z3.BoolRef) else z3.BoolVal(bool(x))


__all__ = ["CLEARS_ID", "TIME_ID", "RearmGraph", "blocks", "is_urgent", "rearm_graph", "time_properties"]


# -------------------------------------------------------------------------------------------------
# Every cluster size: the three facts on the parameterized encoding, the bound a formula of N, M
# -------------------------------------------------------------------------------------------------


#: A polynomial in the number of nodes N and pods M: coefficient by exponents (of N, of M).
Poly = dict[tuple[int, int], int]


def _poly_add(*ps: Poly) -> Poly:
    out: Poly = {}
    for p in ps:
        for k, c in p.items():
            out[k] = out.get(k, 0) + c
    return {k: c for k, c in out.items() if c}


def _poly_mul(a: Poly, b: Poly) -> Poly:
    return _poly_add(*[{(i + k, j + m): c * d} for (i, j), c in a.items() for (k, m), d in b.items()])


def _count(e: Any) -> Poly:
    """How many instances event ``e`` has in a cluster of N nodes and M pods (1, N, M or N·M)."""
    return {(sum(1 for ix in e.indices if ix == "node"), sum(1 for ix in e.indices if ix == "pod")): 1}


def poly_text(p: Poly) -> str:
    """``8·N³ + 2·N·M + 4·N``: highest degree first."""

    def mono(i: int, j: int, c: int) -> str:
        powers = [
            f"N{'⁰¹²³⁴⁵⁶⁷⁸⁹'[i] if i > 1 else ''}" if i else "",
            f"M{'⁰¹²³⁴⁵⁶⁷⁸⁹'[j] if j > 1 else ''}" if j else "",
        ]
        body = "·".join(x for x in powers if x)
        return f"{c}·{body}" if body and c != 1 else body or str(c)

    terms = sorted(p.items(), key=lambda kv: (-(kv[0][0] + kv[0][1]), -kv[0][0]))
    return " + ".join(mono(i, j, c) for (i, j), c in terms) or "0"


def poly_at(p: Poly, n: int, m: int) -> int:
    return sum(c * n**i * m**j for (i, j), c in p.items())


def cascade_poly(edges: dict[str, set[str]], events: list[Any]) -> Poly:
    """The bound of :func:`_bound` as a polynomial in N and M, for an acyclic re-arming graph:
    ``fires(E) = 2 · n(E) · (1 + Σ_{D→E} fires(D))``, summed over the events."""
    by_id = {e.id: e for e in events}
    fires: dict[str, Poly] = {}
    for ev in _topological(edges):
        before = _poly_add({(0, 0): 1}, *[fires[dd] for dd in edges if ev in edges[dd]])
        fires[ev] = _poly_mul({k: 2 * c for k, c in _count(by_id[ev]).items()}, before)
    return _poly_add(*fires.values())


def time_can_pass_every_size(enc: Any, rels: list[Any], inv: list[z3.BoolRef], timeout_s: float) -> Any:
    """The ``time-can-pass`` row for every number of nodes and pods, relative to the ∀-invariants.

    The same three facts as at a fixed size, each a Z3 query on the parameterized encoding
    (:mod:`.parameterized`) with the inductive ∀-invariants ``inv`` of every size assumed:

    1. every urgent event's instance at any node ``x`` and pod ``y`` that blocks is enabled, and
       when no instance at all blocks (a ∀ over the sorts) ``time_passes(1)`` is enabled;
    2. an urgent event fired by any node ``n0`` (pod ``p0``) while it blocks no longer blocks, or
       no longer blocks after firing once more;
    3. the re-arming graph (E → F when an overdue E firing makes some F instance newly block, at
       any node and pod) is acyclic. Its edges are about events, not instances: the size enters
       only the bound, ``fires(E) = 2 · n(E) · (1 + Σ_{D→E} fires(D))`` with ``n(E)`` the number
       of E's instances (1, N, M or N·M), a polynomial in N and M.

    Spurious edges (the invariants are weaker than reachability) can only make a cycle
    (inconclusive), never a pass; ``unknown`` is inconclusive; a refuted fact is "not proved for
    every size" (the fixed-size engines give violations, with runs).
    """
    from .parameterized import NO_NODE, NODE, POD, ParamResult, PView, _bool, _check, _state_get

    t0 = time.monotonic()
    model = enc.model
    urgent_events = [e for e in model.events if is_urgent(Instance(e, None, None))]
    by_id = {r.event.id: r for r in rels}
    x, y = z3.Const("x!time", NODE), z3.Const("y!time", POD)
    gx, gy = z3.Const("X!time", NODE), z3.Const("Y!time", POD)

    def at(view_get: Any, e: Any, n: Any, p: Any, xs: Any = gx, ys: Any = gy) -> tuple[Any, Instance]:
        nodes = [v for v in (n if "node" in e.indices else None, xs) if v is not None]
        pods = [v for v in (p if "pod" in e.indices else None, ys) if v is not None]
        view = PView(enc, view_get, nodes=nodes, pods=pods)
        return view, Instance(e, n if "node" in e.indices else None, p if "pod" in e.indices else None)

    def blocks_at(view_get: Any, e: Any, n: Any, p: Any) -> z3.BoolRef:
        view, inst = at(view_get, e, n, p)
        return _bool(blocks(view, inst))

    def ask(*facts: z3.BoolRef) -> z3.CheckSatResult:
        solver = z3.Solver()
        solver.add(enc.params_ok(), *inv, x != NO_NODE)
        return _check(solver, list(facts), timeout_s)

    def result(status: str, why: str) -> Any:
        # not proved for every size: the fixed-size row stands (``per_size``), with this reason
        return ParamResult(TIME_ID, status, time.monotonic() - t0, why, {"per_size": True})

    def failed(r: z3.CheckSatResult, what: str) -> Any:
        if r == z3.unknown:
            return result("inconclusive", f"the query for {what} was inconclusive (unknown or timeout)")
        return result("not-inductive", f"not implied for every size by the ∀-invariants: {what}")

    pre_get = _state_get(enc, enc.pre)
    # 1. an overdue instance is enabled; with nothing overdue, time_passes(1) is
    for e in urgent_events:
        view, inst = at(pre_get, e, x, y)
        r = ask(_bool(blocks(view, inst)), z3.Not(_bool(full_guard(view, default_bound(inst)))))
        if r != z3.unsat:
            return failed(r, f"an overdue {e.id} is enabled")
    xs, ys = z3.Const("x!none", NODE), z3.Const("y!none", POD)
    nothing = z3.ForAll(
        [xs, ys], z3.Implies(xs != NO_NODE, z3.And(*[z3.Not(blocks_at(pre_get, e, xs, ys)) for e in urgent_events]))
    )
    tick = by_id["time_passes"]
    r = ask(nothing, z3.Not(z3.substitute(tick.guard, (tick.args["seconds"], z3.IntVal(1)))))
    if r != z3.unsat:
        return failed(r, "with nothing overdue, time_passes(1) is enabled")
    # 2. an overdue firing clears its own deadline (at once or after one more firing)
    for e in urgent_events:
        rel = by_id[e.id]
        n0, p0 = rel.n0, rel.p0
        pre_blocks = blocks_at(pre_get, e, n0, p0)
        post_view, _ = at(rel.post.get, e, n0, p0)
        again = post_values(model, None, post_view, rel.bound)  # type: ignore[arg-type]
        twice = post_view.with_get(lambda k, again=again, get=rel.post.get: again[k] if k in again else get(k))
        cleared_later = z3.And(_bool(full_guard(post_view, rel.bound)), z3.Not(_bool(blocks(twice, rel.bound.inst))))
        r = ask(rel.guard, pre_blocks, blocks_at(rel.post.get, e, n0, p0), z3.Not(cleared_later))
        if r != z3.unsat:
            return failed(r, f"an overdue {e.id} clears its deadline")
    # 3. the re-arming graph, for every size
    edges: dict[str, set[str]] = {e.id: set() for e in urgent_events}
    for e in urgent_events:
        rel = by_id[e.id]
        pre_blocks = blocks_at(pre_get, e, rel.n0, rel.p0)
        new = {
            f.id: z3.And(blocks_at(rel.post.get, f, x, y), z3.Not(blocks_at(pre_get, f, x, y))) for f in urgent_events
        }
        while True:
            rest = [f for f in new if f not in edges[e.id]]
            if not rest:
                break
            solver = z3.Solver()
            solver.add(enc.params_ok(), *inv, x != NO_NODE, rel.guard, pre_blocks)
            solver.set("timeout", max(1, int(timeout_s * 1000)))
            solver.add(z3.Or(*[new[f] for f in rest]))
            r = solver.check()
            if r == z3.unknown:
                return failed(r, f"what an overdue {e.id} re-arms")
            if r == z3.unsat:
                break
            m = solver.model()
            edges[e.id].update(f for f in rest if z3.is_true(m.eval(new[f], model_completion=True)))
    cycle = _find_cycle(edges)
    if cycle is not None:
        return result(
            "not-inductive",
            f"urgent actions may re-arm one another for some size ({' → '.join(cycle)}): no bound on the overdue "
            "cascade is proved for every size",
        )
    total = cascade_poly(edges, urgent_events)
    formula, at_two = poly_text(total), poly_at(total, 2, 2)
    arrows = ", ".join(f"{a} → {b}" for a in edges for b in sorted(edges[a])) or "no re-arming"
    return ParamResult(
        TIME_ID,
        "proved",
        time.monotonic() - t0,
        f"for every size, relative to the {len(inv)} ∀-invariants: every overdue action is enabled and clears its "
        f"deadline; re-arming {arrows} is acyclic, so time passes after at most {formula} urgent actions "
        f"(N nodes, M pods; {at_two} at 2 × 2)",
        {"rearm": {k: sorted(v) for k, v in edges.items()}, "cascade_bound": formula, "cascade_bound_2x2": at_two},
    )
