"""The premise of every ``∀N,M`` row: at every size, the parameterized relation is the fixed-size one.

:mod:`.parameterized` proves ∀-formulas of a relation stated over the sorts ``Node`` and ``Pod``;
the fixed-size engines and the machine run the relation :mod:`.encoding` builds for N nodes and M
pods. A proof for every size is about the cluster only if the two agree at every (N, M). This
module checks that agreement at finitely many sizes, and says why those sizes are enough.

**The check at one size** (:func:`agrees_at`). The sorts are closed over named constants
(``node0 … node{N-1}``, ``no_node``, ``pod0 …``), the pre-states of the two encodings are
identified, "no node" is blank (:func:`~.parameterized.no_node_is_blank`, the invariant the engine
proves first), and for every event instance Z3 is asked for a pre-state, a post-state and data
arguments where "the fixed-size instance fires" and "the parameterized event fires for that node
and pod" differ: *unsat* for each instance is agreement. The integer the declaration reads as the
number of nodes (the NoExecute queue's latency) is left symbolic on both sides, any value at least
the elements present: the cutoff below removes elements, not that integer.

**The cutoff** (:func:`event_cutoff`). Both relations are, per instance, a guard and one equality
per variable of each element, so they differ exactly when the guards differ or, the guards true,
the values written at one element ``e`` differ. The parameterized side is one first-order formula:
its guard and the post-state view read at a generic element ``e`` (:func:`post_terms`) name the
acting elements (``A``: constants other than ``e`` and ``no_node``), quantifier blocks (``Q``:
their bound variables) and, through ``bound_to : Pod → Node`` (the only function between the sorts,
checked), one node per pod term. If no quantifier is nested in another, each block is true or false
at size N for a reason that survives removing every element but a witness tuple of that block (a
universal block that holds still holds on fewer elements; one that fails keeps its counterexample;
dually for an existential). So a difference at any size N × M shows on the sub-cluster made of the
acting elements, ``e``, one witness tuple per block and the nodes those pods are bound to:

    nodes ≤ |A_Node| + |Q_Node| + |A_Pod| + |Q_Pod| + 1,    pods ≤ |A_Pod| + |Q_Pod| + 1

(the last ``+ 1``: ``e`` itself, or for a pod ``e`` the node it is bound to; ``no_node`` is always
there besides, the "+ 1" of the usual statement). The pods kept stay bound inside the sub-cluster,
before the step and after it (a pod's node after the step is a term over the elements counted).
Sub-clusters of every smaller size appear, so the check runs at every size up to the event's
cutoff, that event's instances only, with at least one pod: Z3's sorts are never empty, and any
pod of the larger cluster can be kept. Clusters without pods are covered neither here nor by the
engine but by :mod:`.zeropods`: each is checked to behave as the same cluster with one pod that
stays pending, so what holds with one pod holds with none.
For the declaration an event with a node and a pod needs 3 × 2, ``time_passes`` (whose urgency is
one ∀-block over a node and a pod) 3 × 2, a node event 2 × 1: computed here from the relation each
time, never written down.

**What the argument takes from the fixed side.** That its relation at N is the declaration's code
run on N indices, an instance's guard and each element's value computed by that same code from the
data of the same elements as on the sub-cluster. The code cannot tell the two lists apart by
position, length, index arithmetic or control flow on an element: the parameterized reading of the
same code raises on each (:class:`~.parameterized.NotExpressible`), and the symmetry row checks
that one more generic element changes nothing (:func:`.symmetry._uniform`). Not checked: code that
reads tuples of more distinct others than the cutoff holds (a loop over triples of nodes) and
yields nothing on the parameterized lists; there is none in the declaration today.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import z3

from nodereg.model import declaration as d
from nodereg.model.semantics import Config, Model, View

from .encoding import Encoding
from .parameterized import (
    NO_NODE,
    NODE,
    POD,
    ParamEncoding,
    StepRel,
    _state_get,
    no_node_is_blank,
    stated_for_every_size,
)


class CutoffUnknown(Exception):
    """The relation is outside the fragment the cutoff argument covers (nested quantifiers, a
    function into ``Pod`` or from ``Node`` to ``Node``)."""


@dataclass(frozen=True)
class Cutoff:
    """The sizes that decide one event's agreement: every (n, m) with n ≤ nodes and m ≤ pods."""

    event: str
    nodes: int
    pods: int
    #: what was counted: acting elements and quantified variables per sort
    counts: dict[str, int] = field(default_factory=dict, compare=False)

    def sizes(self) -> list[Config]:
        """Every size up to the cutoff (at least one pod: the Z3 sort ``Pod`` is never empty)."""
        return [Config(n, m) for n in range(1, self.nodes + 1) for m in range(1, max(1, self.pods) + 1)]


def post_terms(enc: ParamEncoding, rel: StepRel) -> tuple[z3.ExprRef, z3.ExprRef, list[z3.ExprRef]]:
    """What the check compares besides the guard: the post-state view read at a generic node ``e``
    (every node variable, the control state) and a generic pod ``f`` (every pod variable)."""
    k = enc.fresh_count()
    e, f = z3.Const(f"e!cut{k}", NODE), z3.Const(f"f!cut{k}", POD)
    terms = [_plain(rel.post.get(("ctl", "ctl", e)))]
    terms += [_plain(rel.post.get(("node", v.name, e))) for v in d.NODE_VARS]
    terms += [_plain(rel.post.get(("pod", v.name, f))) for v in d.POD_VARS]
    return e, f, terms


def _plain(x: Any) -> z3.ExprRef:
    if isinstance(x, z3.ExprRef):
        return z3.ExprRef(x.as_ast(), x.ctx)
    return z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x)


def _walk(terms: Iterable[z3.ExprRef]) -> tuple[dict[str, z3.SortRef], list[z3.QuantifierRef]]:
    """The element constants (by name, with their sort) and the quantifiers the terms contain;
    raises :class:`CutoffUnknown` outside the fragment (a quantifier inside a quantifier, a
    function into ``Pod``, a function from ``Node`` to ``Node``)."""
    consts: dict[str, z3.SortRef] = {}
    quants: list[z3.QuantifierRef] = []
    seen: set[tuple[int, bool]] = set()
    todo = [(t, False) for t in terms]
    while todo:
        t, inside = todo.pop()
        if (t.get_id(), inside) in seen:
            continue
        seen.add((t.get_id(), inside))
        if z3.is_quantifier(t):
            if inside:
                raise CutoffUnknown(f"a quantifier inside a quantifier ({t})")
            quants.append(t)
            todo.append((t.body(), True))
            continue
        if not z3.is_app(t):
            continue  # a bound variable
        decl = t.decl()
        if decl.kind() == z3.Z3_OP_UNINTERPRETED and t.sort() in (NODE, POD):
            if t.num_args() == 0:
                consts[str(t)] = t.sort()
            elif t.sort() == POD or any(decl.domain(i) == NODE for i in range(decl.arity())):
                raise CutoffUnknown(f"a function {decl.name()} into Pod or from Node to Node")
        todo.extend((c, inside) for c in t.children())
    return consts, quants


def event_cutoff(enc: ParamEncoding, rel: StepRel) -> Cutoff:
    """The largest sub-cluster a difference between the encodings needs for this event (module doc)."""
    e, f, terms = post_terms(enc, rel)
    consts, quants = _walk([rel.guard, *terms])
    # the generic elements the effect was computed for are substituted away in the view; one left
    # over is an element like an acting one, and counted as such
    acting = [s for name, s in consts.items() if name not in (str(e), str(f), str(NO_NODE))]
    a_node, a_pod = sum(1 for s in acting if s == NODE), sum(1 for s in acting if s == POD)
    q_node = sum(1 for q in quants for i in range(q.num_vars()) if q.var_sort(i) == NODE)
    q_pod = sum(1 for q in quants for i in range(q.num_vars()) if q.var_sort(i) == POD)
    counts = {"acting_nodes": a_node, "acting_pods": a_pod, "quantified_nodes": q_node, "quantified_pods": q_pod}
    return Cutoff(rel.event.id, a_node + q_node + a_pod + q_pod + 1, a_pod + q_pod + 1, counts)


# -------------------------------------------------------------------------------------------------
# The check at one size, and up to each event's cutoff
# -------------------------------------------------------------------------------------------------


def closed_sorts(cfg: Config) -> tuple[list[z3.ExprRef], list[z3.ExprRef], list[z3.BoolRef]]:
    """Named constants for the nodes and pods of ``cfg``, and the axioms that they are all there is."""
    nodes = [z3.Const(f"node{i}", NODE) for i in range(cfg.nodes)]
    pods = [z3.Const(f"pod{j}", POD) for j in range(cfg.pods)]
    x, y = z3.Const("x!closed", NODE), z3.Const("y!closed", POD)
    axioms = [z3.Distinct(NO_NODE, *nodes), z3.ForAll([x], z3.Or(x == NO_NODE, *[x == c for c in nodes]))]
    if len(pods) > 1:
        axioms.append(z3.Distinct(*pods))
    axioms.append(z3.ForAll([y], z3.Or(*[y == c for c in pods])))
    return nodes, pods, axioms


def same_state(fixed: Encoding, s: dict, penc: ParamEncoding, get: Any, nodes: list, pods: list) -> list[z3.BoolRef]:
    """The fixed-size state ``s`` is the parameterized state read by ``get`` at the named elements."""
    out = []
    for k in fixed.keys:
        scope, var, i = k
        if scope == "param":
            out.append(s[k] == penc.params[var])
            continue
        term = (pods if scope == "pod" else nodes)[i]
        val = get((scope, var, term))
        if var == "bound_to":
            val = z3.ExprRef(val.as_ast(), val.ctx)
            out.append(
                z3.And(
                    s[k] >= d.UNBOUND,
                    s[k] < fixed.cfg.nodes,
                    z3.Implies(s[k] == d.UNBOUND, val == NO_NODE),
                    *[z3.Implies(s[k] == n, val == nodes[n]) for n in range(fixed.cfg.nodes)],
                )
            )
        else:
            out.append(s[k] == val)
    return out


class _DeclaredSize:
    """``s.cfg`` for the fixed encoding in the check: the number of nodes the declaration reads is
    the parameterized encoding's symbolic one, not the count of elements present."""

    def __init__(self, nodes: z3.ArithRef, pods: z3.ArithRef) -> None:
        self.nodes, self.pods = nodes, pods


class _DeclaredView(View):
    """A fixed-size view (``range`` of the elements present) whose ``cfg`` is :class:`_DeclaredSize`."""

    def __init__(self, cfg: Config, get: Any, declared: _DeclaredSize) -> None:
        super().__init__(cfg, get)
        self._real, self.cfg = cfg, declared  # type: ignore[assignment]

    def with_get(self, get: Any) -> View:
        return _DeclaredView(self._real, get, self.cfg)  # type: ignore[arg-type]


class _FixedEncoding(Encoding):
    def __init__(self, model: Model, cfg: Config, declared: _DeclaredSize) -> None:
        super().__init__(model, cfg, symmetry=False)
        self._declared = declared

    def view(self, s: dict, focus: bool = True) -> View:
        return _DeclaredView(self.cfg, lambda k: s[k], self._declared)


@dataclass
class Agreement:
    """The verdict at one size: agree | differ | inconclusive, with the instance that decided it."""

    status: str
    cfg: Config
    queries: int
    seconds: float
    reason: str = ""
    offending: str | None = None


def agrees_at(
    model: Model,
    cfg: Config,
    penc: ParamEncoding | None = None,
    events: Iterable[str] | None = None,
    timeout_s: float = 120.0,
) -> Agreement:
    """One Z3 query per instance (of ``events``, default all) at ``cfg``: *unsat* of the difference."""
    t0 = time.monotonic()
    penc = penc or ParamEncoding(model)
    wanted = None if events is None else set(events)
    fixed = _FixedEncoding(model, cfg, _DeclaredSize(penc.size.nodes, penc.size.pods))
    nodes, pods, axioms = closed_sorts(cfg)
    s, t, st = fixed.state("A"), fixed.state("B"), fixed.step_vars("A")
    pre_get = _state_get(penc, penc.pre)
    base = [
        *axioms,
        no_node_is_blank(penc.pre),
        penc.size.nodes >= cfg.nodes,
        penc.size.pods >= cfg.pods,
        *same_state(fixed, s, penc, pre_get, nodes, pods),
    ]
    rels: dict[str, StepRel] = {}
    queries = 0
    for k, inst in enumerate(fixed.instances):
        if wanted is not None and inst.event.id not in wanted:
            continue
        rel = rels.get(inst.event.id)
        if rel is None:
            with stated_for_every_size():
                rel = rels[inst.event.id] = penc.step(inst.event, penc.pre)
        subst = [(rel.args[a.name], st.args[(inst.event.id, a.name)]) for a in inst.event.args]
        if rel.n0 is not None:
            subst.append((rel.n0, nodes[inst.node]))
        if rel.p0 is not None:
            subst.append((rel.p0, pods[inst.pod]))
        param = z3.And(rel.guard, *same_state(fixed, t, penc, rel.post.get, nodes, pods))
        param = z3.substitute(param, *subst) if subst else param
        solver = z3.Solver()
        solver.set("timeout", max(1, int(timeout_s * 1000)))
        solver.add(*base, z3.Not(fixed.trans_instance(k, s, t, st) == param))
        r = solver.check()
        queries += 1
        if r == z3.sat:
            return Agreement(
                "differ",
                cfg,
                queries,
                time.monotonic() - t0,
                f"at {cfg.nodes} × {cfg.pods} the parameterized {inst.event.id} differs from "
                f"the fixed-size {inst.label}",
                inst.label,
            )
        if r != z3.unsat:
            return Agreement(
                "inconclusive",
                cfg,
                queries,
                time.monotonic() - t0,
                f"z3 answered {r} on {inst.label} at {cfg.nodes} × {cfg.pods} ({solver.reason_unknown() or 'timeout'})",
                inst.label,
            )
    return Agreement("agree", cfg, queries, time.monotonic() - t0)


@dataclass
class PremiseResult:
    """The premise checked up to each event's cutoff: proved | violated | inconclusive."""

    status: str
    seconds: float
    reason: str
    cutoffs: list[Cutoff] = field(default_factory=list)
    sizes: list[Agreement] = field(default_factory=list)
    offending: str | None = None


def cutoffs(model: Model, penc: ParamEncoding | None = None) -> list[Cutoff]:
    """Each event's cutoff, computed from its parameterized relation (raises :class:`CutoffUnknown`
    or :class:`~.parameterized.NotExpressible`)."""
    penc = penc or ParamEncoding(model)
    out = []
    for e in model.events:
        with stated_for_every_size():
            rel = penc.step(e, penc.pre)
        out.append(event_cutoff(penc, rel))
    return out


def check_premise(
    model: Model,
    penc: ParamEncoding | None = None,
    events: Iterable[str] | None = None,
    timeout_s: float = 120.0,
) -> PremiseResult:
    """Agreement at every size up to each event's cutoff, that event's instances at each size."""
    from .parameterized import NotExpressible

    t0 = time.monotonic()
    penc = penc or ParamEncoding(model)
    wanted = None if events is None else set(events)
    try:
        cuts = [c for c in cutoffs(model, penc) if wanted is None or c.event in wanted]
    except (CutoffUnknown, NotExpressible) as exc:
        return PremiseResult("inconclusive", time.monotonic() - t0, f"no cutoff: {exc}")
    too_big = [c for c in cuts if c.nodes > 16 or c.pods > 16]
    if too_big:
        c = too_big[0]
        return PremiseResult(
            "inconclusive",
            time.monotonic() - t0,
            f"{c.event}'s cutoff {c.nodes} × {c.pods} is beyond the sizes the fixed-size encoding builds (16 × 16)",
            cuts,
            offending=c.event,
        )
    by_size: dict[Config, list[str]] = {}
    for c in cuts:
        for cfg in c.sizes():
            by_size.setdefault(cfg, []).append(c.event)
    done: list[Agreement] = []
    for cfg in sorted(by_size, key=lambda c: (c.nodes * c.pods, c.nodes)):
        a = agrees_at(model, cfg, penc, by_size[cfg], timeout_s)
        done.append(a)
        if a.status != "agree":
            status = "violated" if a.status == "differ" else "inconclusive"
            return PremiseResult(status, time.monotonic() - t0, a.reason, cuts, done, a.offending)
    most = (max((c.nodes for c in cuts), default=0), max((c.pods for c in cuts), default=0))
    return PremiseResult(
        "proved",
        time.monotonic() - t0,
        f"the parameterized relation is the fixed-size one at every size up to each event's cutoff, "
        f"computed from its relation (at most {most[0]} nodes × {most[1]} pods; "
        f"{sum(a.queries for a in done)} instance queries at {len(done)} sizes), hence at every size",
        cuts,
        done,
    )
