"""Clusters with no pods: every ``∀N,M`` row covers M = 0 too, by embedding N × 0 into N × 1.

The parameterized engine (:mod:`.parameterized`) reads the declaration over the Z3 sorts ``Node``
and ``Pod``, and a Z3 sort is never empty: its proofs say nothing of a cluster with nodes and no
pods (a fresh cluster, a node pool before any workload). This module closes that gap with an
embedding checked by Z3, not assumed.

**The embedding.** Map an N × 0 state ``s`` to the N × 1 states ``(s, v)`` whose one pod ``P`` is
*pending and in its type domain* (:func:`pending`, ``J(v)``). A pending pod may stay pending for
ever: upstream's scheduler binds a pod only when a scheduling cycle finds it a feasible node, and
puts it back in the queue otherwise, with no deadline (``pkg/scheduler/schedule_one.go``,
``ScheduleOne`` and ``handleSchedulingFailure``, which calls ``AddUnschedulableIfNotPresent``); the
model's ``scheduler_bind_pod`` has no ``latest`` bound, and obligation 3 checks that nothing of the
pending pod's forces time to wait. So every N × 0 run is the projection of an N × 1 run in which
``P`` is never acted on, provided these obligations hold, each checked by Z3 on the fixed-size
encodings (:mod:`.encoding`) at ``n × 0`` and ``n × 1``:

1. *initial states embed*: every initial ``s`` has a pending ``v`` with ``(s, v)`` initial;
2. *the same steps*: for every event instance present at ``n × 0`` (every node event and
   ``time_passes``) and any pending ``v``: the instance fires from ``s`` to ``t`` at ``n × 0``
   exactly when its ``n × 1`` twin fires from ``(s, v)`` to ``(t, w)``, and then ``w`` is pending
   again. Both directions: a pending pod neither blocks a step nor enables one (a guard that needs
   some pod, a time urgency the pod would impose), and the node events leave it pending;
3. *the same deadlines*: every urgent instance present at ``n × 0`` blocks time at ``s`` exactly
   when its twin does at ``(s, v)``, and no urgent instance of ``P`` itself blocks time while it is
   pending (the ``time-can-pass`` row's re-arming graph at N × 0 is then part of N × 1's);
4. *the same properties*: every property of the catalogue and the verifier's time-progress
   properties (read from them, never listed) has the same value at ``s`` as at ``(s, v)``, and on a
   step, the same value on the step as on its twin (a ∀ over pods is true on a pending pod, an ∃
   false, a sum gets 0 from it).

Then the reachable N × 0 states are projections of reachable N × 1 states (1, 2), and a state or
step property proved at N × 1 holds at N × 0 (4); renaming nodes maps N × 0 runs to runs because
the twins do and ``P``'s pending value is fixed by every node renaming (2); time passes at N × 0
after the cascade bounded at N × 1 (2, 3, 4). *unsat* of each difference is the proof; *sat* names
what differs; ``unknown`` is inconclusive, and the M = 0 claim is withdrawn (rows say ``∀N, M≥1``).

**The cutoff.** The checks run at every node count ``n`` up to a cutoff computed from the
relations and the properties as read over the sorts, never written down. At N × 0 the
declaration's code runs on an empty pod list, where a conjunction over the pods is true, a
disjunction false and a sum 0: the parameterized formula read on a structure with no pods. At
N × 1 it is the same formula on that structure plus ``P`` (the premise, :mod:`.premise`). A formula
whose quantifier blocks are not nested changes between a structure ``𝔄`` and ``𝔄 + P`` only
through a block whose witness (or counterexample) in ``𝔄 + P`` uses ``P``: one that needs no ``P``
is one in ``𝔄`` too. Keep the acting nodes, the element read, and one witness tuple per block:
each block keeps its value on the sub-cluster (a ∀ that holds still holds on fewer elements, an ∃
keeps its witness), with and without ``P``, and ``P`` is bound to no node. So a difference at any
N shows at

    nodes ≤ acting nodes + quantified nodes + 1

— for an event, the premise's count (:func:`.premise.event_cutoff`, which counts besides the nodes
its pods are bound to: an upper bound); for a state property, its quantified nodes; for a step
property, its event's count plus its own quantified nodes. A sum over the *nodes* does not keep its
value on a sub-cluster: a property with one gets no cutoff (inconclusive). The two time-progress
properties cannot be read over the sorts (they enumerate instances); they are made of pieces that
obligations 2 and 3 compare at every N (each urgent instance's deadline and guard, ``time_passes``'s
guard with its urgency, at states where the pod is pending), so they agree wherever those do, and
are compared too at the largest of those cutoffs. A step property of pod events only has no step
at N × 0. Any other property that cannot be read over the sorts is not compared, and listed
(``uncovered``): its row claims a fixed size only, and would say ``∀N, M≥1`` at most.

What the argument takes on trust is the premise's: the code cannot tell an empty list of pods from
a list it reads element by element. A ``len`` or an index raises in the parameterized reading; a
test of the list's truth value does not, and would show only at the node counts compared.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import z3

from nodereg.model.semantics import Bound, Config, Instance, Key, Model
from nodereg.properties.catalogue import ALL_PROPERTIES, Property

from .encoding import Encoding
from .parameterized import (
    NODE,
    NotExpressible,
    ParamEncoding,
    PState,
    PView,
    _read_with_sums,
    _state_get,
    stated_for_every_size,
)
from .premise import Cutoff, CutoffUnknown, _DeclaredSize, _FixedEncoding, event_cutoff
from .progress import CLEARS_ID, TIME_ID, blocks, is_urgent, time_properties

#: the bound a row proved for every size says when the no-pods embedding did not hold
EVERY_SIZE_SOME_PODS = "∀N, M≥1"


@dataclass(frozen=True, slots=True)
class ZeroPodObligation:
    """One thing the embedding needs, and the largest node count that decides it (module doc)."""

    kind: str  # init | step | deadline | state-property | step-property
    name: str  # the event or property id ("" for init)
    nodes: int


@dataclass(slots=True)
class ZeroPodsResult:
    """The no-pods embedding checked up to each obligation's cutoff: proved | violated | inconclusive."""

    status: str
    seconds: float
    reason: str
    obligations: list[ZeroPodObligation] = field(default_factory=list)
    queries: int = 0
    offending: str | None = None
    #: properties not stated for every size: the embedding says nothing of them at M = 0
    uncovered: list[str] = field(default_factory=list)


def properties_of(model: Model, props: Iterable[Property] | None = None) -> list[Property]:
    """What a run proves for every size: by default the catalogue's properties and the verifier's
    time-progress properties, each read for this model; deduplicated by id, in that order."""
    out: dict[str, Property] = {}
    for p in [*ALL_PROPERTIES, *time_properties(model)] if props is None else props:
        out.setdefault(p.id, p.for_model(model))
    return list(out.values())


# -------------------------------------------------------------------------------------------------
# Cutoffs, from the relations and the properties as read over the sorts
# -------------------------------------------------------------------------------------------------


def _quantified_nodes(view: PView) -> int:
    return sum(1 for x in view.bound_vars if x.sort() == NODE)


def _state_property_nodes(penc: ParamEncoding, p: Property) -> int:
    """The nodes one counterexample of the property's ∀-block holds (at least one)."""
    view = PView(penc, _get(penc))
    try:
        with stated_for_every_size():
            p.formula(view)
        return max(1, _quantified_nodes(view))
    except NotExpressible:
        reading = _read_with_sums(penc, p, PView(penc, _get(penc)), "zp")
        if any(t.elem.sort() == NODE for t in reading.sums):
            raise CutoffUnknown(f"{p.id} sums over the nodes") from None
        return max(1, sum(1 for x in reading.bound if x.sort() == NODE))


def _get(penc: ParamEncoding) -> Any:
    return _state_get(penc, penc.pre)


@dataclass(slots=True)
class Obligations:
    """The embedding's obligations, and the properties it cannot speak for (not stated for every
    size: their rows claim a fixed size only, and would claim ``∀N, M≥1`` at most)."""

    items: list[ZeroPodObligation]
    uncovered: list[str] = field(default_factory=list)


def obligations(
    model: Model, props: list[Property], cuts: list[Cutoff] | None = None, only: Iterable[str] | None = None
) -> Obligations:
    """Every obligation of the embedding with its cutoff, computed from the events' cutoffs (the
    premise's, :func:`.premise.cutoffs`, computed here if not given) and the properties as read
    over the sorts (raises :class:`~.premise.CutoffUnknown` or :class:`~.parameterized.NotExpressible`).
    ``only``: the events whose steps and deadlines to compare (default all; the tests' broken models)."""
    penc = ParamEncoding(model)
    wanted = [e for e in model.events if only is None or e.id in set(only)]
    if cuts is None:
        cuts = []
        for e in wanted:
            with stated_for_every_size():
                cuts.append(event_cutoff(penc, penc.step(e, penc.pre)))
    by_event = {c.event: c for c in cuts}
    events = {e.id: e for e in wanted}
    out = Obligations([ZeroPodObligation("init", "", 1)])
    for e in wanted:
        nodes = by_event[e.id].nodes
        if "pod" not in e.indices:
            out.items.append(ZeroPodObligation("step", e.id, nodes))
        if is_urgent(Instance(e, None, None)):
            out.items.append(ZeroPodObligation("deadline", e.id, nodes))
    # the time-progress row's state part is made of pieces obligations already compare at every N:
    # each urgent instance's deadline (3), its guard and time_passes(1)'s guard with its urgency (2).
    # It agrees wherever they do; it is checked too, at the largest of their cutoffs
    time_nodes = max((o.nodes for o in out.items if o.kind in ("deadline", "step")), default=1)
    for p in props:
        if p.kind == "state":
            try:
                nodes = _state_property_nodes(penc, p)
            except NotExpressible:
                if p.id != TIME_ID:
                    out.uncovered.append(p.id)
                    continue
                nodes = time_nodes
            out.items.append(ZeroPodObligation("state-property", p.id, nodes))
            continue
        for ev in p.events:
            e = events.get(ev)
            if e is None or "pod" in e.indices:
                continue  # no instance at N × 0 (or not compared): nothing projects onto it
            try:
                nodes = by_event[ev].nodes + _step_property_nodes(penc, p, e)
            except NotExpressible:
                if p.id != CLEARS_ID:
                    out.uncovered.append(p.id)
                    break
                # made of the event's deadline and guard read before, after and after one more firing,
                # each state with the pod pending (2): they agree at every N where (2) and (3) hold
                nodes = by_event[ev].nodes
            out.items.append(ZeroPodObligation("step-property", f"{p.id} on {ev}", nodes))
    return out


def _step_property_nodes(penc: ParamEncoding, p: Property, e: Any) -> int:
    """The nodes a step property quantifies over by itself, read on a step of ``e`` between two
    unconstrained states (what the step writes is the event's count, added by the caller)."""
    k = penc.fresh_count()
    n0 = z3.Const(f"n0!zp{k}", NODE) if "node" in e.indices else None
    args = {a.name: (z3.Bool(f"{a.name}!zp{k}") if a.sort == "bool" else z3.Int(f"{a.name}!zp{k}")) for a in e.args}
    pre = PView(penc, _get(penc))
    post = PView(penc, _state_get(penc, PState(f"zp{k}")))
    with stated_for_every_size():
        p.formula(pre, post, Bound(Instance(e, n0, None), args))  # type: ignore[arg-type]
    return _quantified_nodes(pre) + _quantified_nodes(post)


# -------------------------------------------------------------------------------------------------
# The check at one node count
# -------------------------------------------------------------------------------------------------


def pending(enc: Encoding, v: dict[Key, Any]) -> z3.BoolRef:
    """``J``: the one pod of ``enc`` (an n × 1 encoding) is pending and its values are in their type
    domain. ``v`` maps the pod's keys to terms (a state, or what a step writes)."""
    from nodereg.model import declaration as dd

    conds = [_term(v[("pod", "bound_to", 0)]) == dd.UNBOUND]
    for k in enc.keys:
        if k[0] == "pod":
            conds += enc.key_domain(k, _term(v[k]))
    return z3.And(*conds)


def _term(x: Any) -> z3.ExprRef:
    if isinstance(x, z3.ExprRef):
        return x
    return z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x)


def _b(x: Any) -> z3.BoolRef:
    return x if isinstance(x, z3.BoolRef) else z3.BoolVal(bool(x))


@dataclass(slots=True)
class _Pair:
    """The n × 0 and n × 1 encodings of one node count, over shared variables."""

    zero: Encoding
    one: Encoding
    s1: dict[Key, z3.ExprRef]  # (s, v): the n × 1 pre-state; s is its node part
    t1: dict[Key, z3.ExprRef]
    st: Any

    def s0(self) -> dict[Key, z3.ExprRef]:
        return {k: self.s1[k] for k in self.zero.keys}

    def t0(self) -> dict[Key, z3.ExprRef]:
        return {k: self.t1[k] for k in self.zero.keys}

    def twin(self, inst: Instance) -> int:
        return next(
            j
            for j, i in enumerate(self.one.instances)
            if (i.event.id, i.node, i.pod) == (inst.event.id, inst.node, None)
        )


def _pair(model: Model, n: int) -> _Pair:
    # the number of nodes the declaration reads (the NoExecute queue's latency) is symbolic, any value
    # at least n, and the same on both sides: the cutoff removes nodes, not that integer
    declared = z3.Int("cluster.nodes!zp")
    zero = _FixedEncoding(model, Config(n, 0), _DeclaredSize(declared, 0))  # type: ignore[arg-type]
    one = _FixedEncoding(model, Config(n, 1), _DeclaredSize(declared, 1))  # type: ignore[arg-type]
    return _Pair(zero, one, one.state("A"), one.state("B"), one.step_vars("A"))


@dataclass(slots=True)
class _Twins:
    """Instance ``k`` of n × 0 from s to t (``zero``), its twin from (s, v) to (t, w) (``one``: the
    twin's guard and its post-state equated with t on the nodes), and ``w``, what the twin leaves
    in the pod."""

    zero: z3.BoolRef
    one: z3.BoolRef
    w: dict[Key, Any]


def _twin_step(pair: _Pair, k: int) -> _Twins:
    inst = pair.zero.instances[k]
    s0, t0 = pair.s0(), pair.t0()
    r0 = pair.zero.trans_instance(k, s0, t0, pair.st)
    guard1, post1 = pair.one.instance_parts(pair.twin(inst), pair.s1, pair.st)
    w = {key: post1.get(key, pair.s1[key]) for key in pair.one.keys if key[0] == "pod"}
    nodes_eq = [t0[key] == _term(post1.get(key, pair.s1[key])) for key in pair.zero.keys]
    return _Twins(r0, z3.And(guard1, *nodes_eq), w)


@dataclass(slots=True)
class _Query:
    """Obligations asked together: satisfiable exactly when one of them fails (the model says which).
    Grouping the properties of one step, and the deadlines and state properties of one size, keeps
    the check to one query per instance (each alone: about 2,000 queries, 5 times slower)."""

    context: z3.BoolRef
    parts: list[tuple[str, z3.BoolRef]]  # (what, its difference)


def _queries(pair: _Pair, obs: list[ZeroPodObligation], props: dict[str, Property]) -> Iterable[_Query]:
    """The queries at this node count, built lazily (the first failure stops the check)."""
    zero, one = pair.zero, pair.one
    n = zero.cfg.nodes
    s0, v = pair.s0(), {k: pair.s1[k] for k in one.keys if k[0] == "pod"}
    names = {kind: {o.name for o in obs if o.kind == kind} for kind in ("init", "step", "deadline", "step-property")}
    j_pre = pending(one, v)
    if names["init"]:
        embeds = z3.Exists(list(v.values()), z3.And(one.init(pair.s1), j_pre))
        yield _Query(zero.init(s0), [(f"the initial states at {n} × 0", z3.Not(embeds))])
    for k, inst in enumerate(zero.instances):
        on_it = sorted(pid for pid in names["step-property"] if pid.partition(" on ")[2] == inst.event.id)
        if inst.event.id not in names["step"] and not on_it:
            continue
        tw = _twin_step(pair, k)
        if inst.event.id in names["step"]:
            fires = (f"{inst.label} at {n} × 0 and with a pending pod", tw.zero != tw.one)
            moves = (
                f"{inst.label} at {n} × 1 takes its pod out of pending",
                z3.And(tw.one, z3.Not(pending(one, tw.w))),
            )
            yield _Query(j_pre, [fires, moves])
        t0, t1 = pair.t0(), {**pair.t0(), **tw.w}
        b0, b1 = zero.bound(inst, pair.st), one.bound(one.instances[pair.twin(inst)], pair.st)
        parts = []
        for pid in on_it:
            p = props[pid.partition(" on ")[0]]
            val0 = _b(p.formula(zero.view(s0), zero.view(t0), b0))
            val1 = _b(p.formula(one.view(pair.s1), one.view(t1), b1))  # type: ignore[arg-type]
            parts.append((f"{p.id} on {inst.label} at {n} × 0 and with a pending pod", val0 != val1))
        if parts:
            yield _Query(z3.And(j_pre, tw.zero), parts)
    parts = []
    for inst in one.instances:
        if inst.event.id not in names["deadline"] or not is_urgent(inst):
            continue
        blocks1 = _b(blocks(one.view(pair.s1), inst))
        if inst.pod is not None:
            parts.append((f"the pending pod's {inst.label} blocking time at {n} × 1", blocks1))
            continue
        twin = next(x for x in zero.instances if (x.event.id, x.node) == (inst.event.id, inst.node))
        blocks0 = _b(blocks(zero.view(s0), twin))
        parts.append((f"the deadline of {inst.label} at {n} × 0 and with a pending pod", blocks0 != blocks1))
    for o in obs:
        if o.kind == "state-property":
            p = props[o.name]
            val0, val1 = _b(p.formula(zero.view(s0))), _b(p.formula(one.view(pair.s1)))
            parts.append((f"{p.id} at {n} × 0 and with a pending pod", val0 != val1))
    if parts:
        yield _Query(j_pre, parts)


@dataclass(slots=True)
class SizeVerdict:
    """The obligations whose cutoff reaches one node count, checked there."""

    status: str  # proved | violated | inconclusive
    queries: int
    reason: str = ""
    offending: str | None = None


def check_at(
    model: Model, n: int, obs: list[ZeroPodObligation], props: dict[str, Property], timeout_s: float
) -> SizeVerdict:
    """Every obligation whose cutoff reaches ``n``, at n × 0 against n × 1."""
    pair = _pair(model, n)
    base = [pair.one.params_ok(pair.s1), z3.Int("cluster.nodes!zp") >= n]
    count = 0
    for q in _queries(pair, [o for o in obs if o.nodes >= n], props):
        solver = z3.Solver()
        solver.set("timeout", max(1, int(timeout_s * 1000)))
        solver.add(*base, q.context, z3.Or(*[d for _, d in q.parts]))
        r = solver.check()
        count += 1
        if r == z3.sat:
            m = solver.model()
            what = next((w for w, d in q.parts if z3.is_true(m.eval(d, model_completion=True))), q.parts[0][0])
            return SizeVerdict("violated", count, f"no pods and one pending pod differ: {what}", what)
        if r != z3.unsat:
            why = solver.reason_unknown() or "timeout"
            what = q.parts[0][0] if len(q.parts) == 1 else f"{len(q.parts)} obligations ({q.parts[0][0]}, ...)"
            return SizeVerdict("inconclusive", count, f"z3 answered {r} on {what} ({why})", what)
    return SizeVerdict("proved", count)


def check_zero_pods(
    model: Model,
    props: Iterable[Property] | None = None,
    timeout_s: float = 60.0,
    cuts: list[Cutoff] | None = None,
    events: Iterable[str] | None = None,
) -> ZeroPodsResult:
    """The embedding of N × 0 into N × 1 for every N: each obligation at every node count up to its
    cutoff. ``props``: default the catalogue's and the time-progress properties; ``cuts``: the
    events' cutoffs if the premise check has computed them; ``events``: compare these events only."""
    t0 = time.monotonic()
    plist = properties_of(model, props)
    by_id = {p.id: p for p in plist}
    try:
        obs = obligations(model, plist, cuts, events)
    except (CutoffUnknown, NotExpressible) as exc:
        return ZeroPodsResult("inconclusive", time.monotonic() - t0, f"no cutoff for the no-pods embedding: {exc}")
    most = max(o.nodes for o in obs.items)
    if most > 16:
        big = next(o for o in obs.items if o.nodes == most)
        return ZeroPodsResult(
            "inconclusive",
            time.monotonic() - t0,
            f"the no-pods cutoff of {big.kind} {big.name} is {most} nodes, beyond the 16 the encoding builds",
            obs.items,
            offending=big.name,
        )
    queries = 0
    for n in range(1, most + 1):
        at = check_at(model, n, obs.items, by_id, timeout_s)
        queries += at.queries
        if at.status != "proved":
            return ZeroPodsResult(at.status, time.monotonic() - t0, at.reason, obs.items, queries, at.offending)
    return ZeroPodsResult(
        "proved",
        time.monotonic() - t0,
        f"a cluster with no pods is one whose pod stays pending: initial states, every step, every deadline "
        f"and {len(plist) - len(obs.uncovered)} properties agree with and without a pending pod at every "
        f"node count up to each one's cutoff (at most {most}; {queries} queries), hence for every N",
        obs.items,
        queries,
        uncovered=obs.uncovered,
    )


__all__ = [
    "EVERY_SIZE_SOME_PODS",
    "Obligations",
    "SizeVerdict",
    "ZeroPodObligation",
    "ZeroPodsResult",
    "check_at",
    "check_zero_pods",
    "obligations",
    "pending",
    "properties_of",
]
