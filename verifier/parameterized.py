"""Proofs for every cluster size: the declaration over Z3 uninterpreted sorts ``Node`` and ``Pod``.

The fixed-size encoding (:mod:`.encoding`) names every node and pod; here they are elements of two
unbounded sorts, in the manner of Ivy and mypyvy:

* a node variable is a function ``Node → Int/Bool``, a pod variable a function ``Pod → Int/Bool``,
  and ``bound_to`` a function ``Pod → Node``, with one constant ``no_node`` for "pending"
  (``UNBOUND``): no function from Node to Pod, so the queries stay in the essentially
  uninterpreted fragment that Z3's model-based quantifier instantiation decides in practice;
* an action is chosen by an existential node ``n0`` (and pod ``p0``); every other element keeps
  its values. The post-state is not a second set of functions with quantified frame axioms but a
  *view* that reads, at any term ``t``, ``if t = n0 then (the effect at n0) else (as before)``;
* the effect is the declaration's own: :func:`nodereg.model.semantics.post_values` runs on a view
  whose node list is ``[n0, X]`` and pod list ``[p0, Y]`` (``X``, ``Y`` generic). What it computes
  for ``Y`` is the value of any pod ``t``, read with ``Y := t``; its per-pod rules that loop over
  nodes are read with ``X :=`` the node the pod is bound to after the step (the only node those
  rules change anything for);
* time advances every clock at once, and the urgency of every timer is one universally
  quantified condition;
* the number of nodes, which the NoExecute queue's latency reads, is a symbolic integer ≥ 1.

A property is proved for every size when it belongs to a set of ∀-formulas that holds initially
and is inductive (each query: the set in the pre-state, one action, the negation of one formula in
the post-state). The set is found Houdini-style: start from every state property and the type
domain, drop what a query refutes, repeat. A dropped formula is *not proved for every size* (it
may still hold; the counterexample to induction is reported), never "violated": violations come
from the fixed-size engines, with concrete traces. A property that cannot be stated without naming
the cluster's size (a sum over pods) raises :class:`NotExpressible`; ``unknown`` or a timeout is
inconclusive.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import z3

from nodereg.model import declaration as d
from nodereg.model.logic import SUM_READER, SUMS_ALLOWED, SumOverUnboundedSort
from nodereg.model.semantics import Bound, Instance, Key, Model, full_guard, post_values, urgency
from nodereg.properties.catalogue import Property

NODE = z3.DeclareSort("Node")
POD = z3.DeclareSort("Pod")
#: ``bound_to`` of a pending pod: an element of ``Node`` that is no node (never quantified over).
NO_NODE = z3.Const("no_node", NODE)


class NotExpressible(Exception):
    """The formula needs the cluster's size (a sum or a count over pods, a named node)."""


class SumNotExpressible(NotExpressible):
    """The formula sums over an unbounded sort: not a ∀-formula, proved by :func:`_prove_sum` instead."""


@contextmanager
def stated_for_every_size() -> Iterator[None]:
    """Read a formula with sums switched off; what cannot be stated so raises :class:`NotExpressible`.

    ``z3.Z3Exception`` comes from Python control flow on a symbolic value (``if n != m``), a
    ``TypeError`` from ``range`` over the symbolic size.
    """
    token = SUMS_ALLOWED.set(False)
    try:
        yield
    except SumOverUnboundedSort as exc:
        raise SumNotExpressible(f"it sums over the pods ({exc})") from None
    except (z3.Z3Exception, TypeError) as exc:
        raise NotExpressible(str(exc)) from None
    finally:
        SUMS_ALLOWED.reset(token)


class NodeRef(z3.ExprRef):
    """A ``Node`` term that reads the declaration's integer ``UNBOUND`` as :data:`NO_NODE`."""

    @staticmethod
    def lift_literal(v: Any) -> Any:
        if isinstance(v, z3.ExprRef):
            return v
        if isinstance(v, int) and not isinstance(v, bool) and v == d.UNBOUND:
            return NO_NODE
        raise NotExpressible(f"node {v!r} named by its index")

    @staticmethod
    def wrap(e: z3.ExprRef) -> NodeRef:
        return NodeRef(e.as_ast(), e.ctx)

    def __eq__(self, other: Any) -> z3.BoolRef:  # type: ignore[override]
        return z3.ExprRef(self.as_ast(), self.ctx) == self.lift_literal(other)

    def __ne__(self, other: Any) -> z3.BoolRef:  # type: ignore[override]
        return z3.Not(self == other)

    def __hash__(self) -> int:
        return z3.ExprRef.__hash__(self)


def _sort(v: d.Var) -> z3.SortRef:
    if v.name == "bound_to":
        return NODE
    return z3.BoolSort() if v.sort == "bool" else z3.IntSort()


@dataclass
class PState:
    """One state: a function per variable (parameters are shared constants: no step changes them)."""

    tag: str
    node: dict[str, z3.FuncDeclRef] = field(default_factory=dict)
    pod: dict[str, z3.FuncDeclRef] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for v in d.NODE_VARS:
            self.node[v.name] = z3.Function(f"{v.name}@{self.tag}", NODE, _sort(v))
        self.node["ctl"] = z3.Function(f"ctl@{self.tag}", NODE, z3.IntSort())
        for v in d.POD_VARS:
            self.pod[v.name] = z3.Function(f"{v.name}@{self.tag}", POD, _sort(v))


class _Size:
    """``s.cfg`` of a parameterized view: the number of nodes is a symbolic integer ≥ 1."""

    def __init__(self, nodes: z3.ArithRef, pods: z3.ArithRef) -> None:
        self.nodes, self.pods = nodes, pods


class _Params:
    def __init__(self, consts: dict[str, z3.ArithRef]) -> None:
        self._c = consts

    def __getattr__(self, name: str) -> z3.ArithRef:
        try:
            return self._c[name]
        except KeyError:
            raise AttributeError(name) from None


class _Reps:
    """The acting and generic elements an effect may loop over: iterable, never indexed or counted.

    In the fixed-size encoding ``s.nodes[0]`` is node 0; here the list holds the acting node and a
    generic one, so a position would silently mean another element. Reading a position (or the
    length) is an index named, and the event cannot be stated for every size.
    """

    __slots__ = ("_items",)

    def __init__(self, items: list[z3.ExprRef]) -> None:
        self._items = items

    def __iter__(self) -> Iterator[z3.ExprRef]:
        return iter(self._items)

    def __getitem__(self, i: Any) -> Any:
        raise NotExpressible(f"element {i!r} of the nodes or pods named by its position")


class _Obj:
    __slots__ = ("_get", "_i", "_scope")

    def __init__(self, get: Callable[[Key], Any], scope: str, i: Any) -> None:
        self._get, self._scope, self._i = get, scope, i

    def __getattr__(self, name: str) -> Any:
        return self._get((self._scope, name, self._i))


class PView:
    """What guards, effects and properties see: the same interface as :class:`~nodereg.model.semantics.View`.

    Iterating ``nodes`` or ``pods`` (or their ``focus_`` forms) yields one *fresh* variable each
    time, recorded in :attr:`bound_vars`: a property's ``∀n`` becomes a quantifier. Representative
    lists can be fixed instead (the effect's ``[n0, X]``).
    """

    def __init__(
        self,
        enc: ParamEncoding,
        get: Callable[[Key], Any],
        nodes: list[z3.ExprRef] | _Reps | None = None,
        pods: list[z3.ExprRef] | _Reps | None = None,
    ) -> None:
        self.enc, self.get = enc, get
        self.cfg = enc.size
        self.params = _Params(enc.params)
        self._nodes = _Reps(list(nodes)) if nodes is not None else None
        self._pods = _Reps(list(pods)) if pods is not None else None
        self.bound_vars: list[z3.ExprRef] = []

    def _fresh(self, sort: z3.SortRef) -> list[z3.ExprRef]:
        v = z3.Const(f"{'n' if sort == NODE else 'p'}!{self.enc.fresh_count()}", sort)
        self.bound_vars.append(v)
        return [v]

    @property
    def nodes(self) -> Any:
        return self._nodes if self._nodes is not None else self._fresh(NODE)

    @property
    def pods(self) -> Any:
        return self._pods if self._pods is not None else self._fresh(POD)

    focus_nodes = nodes
    focus_pods = pods

    def node(self, n: Any) -> _Obj:
        return _Obj(self.get, "node", self._node_term(n))

    def pod(self, p: Any) -> _Obj:
        if not isinstance(p, z3.ExprRef):
            raise NotExpressible(f"pod {p!r} named by its index")
        return _Obj(self.get, "pod", p)

    def ctl(self, n: Any) -> Any:
        return self.get(("ctl", "ctl", self._node_term(n)))

    @staticmethod
    def _node_term(n: Any) -> z3.ExprRef:
        if isinstance(n, z3.ExprRef):
            return n
        raise NotExpressible(f"node {n!r} named by its index")

    def update(self) -> Any:
        from nodereg.model.semantics import Updates

        return Updates(self)  # type: ignore[arg-type]

    def with_get(self, get: Callable[[Key], Any]) -> PView:
        """The state after an effect: its ``bound_to`` values (``UNBOUND`` too) read as node terms."""

        def lifted(k: Key) -> Any:
            v = get(k)
            return NodeRef.wrap(_lift(v, NODE)) if k[1] == "bound_to" else v

        return PView(self.enc, lifted, nodes=self._nodes, pods=self._pods)


def _state_get(enc: ParamEncoding, st: PState) -> Callable[[Key], Any]:
    def get(k: Key) -> Any:
        scope, var, i = k
        if scope == "param":
            return enc.params[var]
        if scope == "ctl":
            return st.node["ctl"](i)
        f = (st.node if scope == "node" else st.pod).get(var)
        if f is None:
            raise AttributeError(var)
        out = f(i)
        return NodeRef.wrap(out) if var == "bound_to" else out

    return get


def _lift(v: Any, sort: z3.SortRef) -> z3.ExprRef:
    if isinstance(v, z3.ExprRef):
        return v
    if sort == NODE:
        return NodeRef.lift_literal(v)
    if isinstance(v, bool):
        return z3.BoolVal(v)
    return z3.IntVal(v)


@dataclass
class StepRel:
    """One event's transition over the generic acting elements: its guard and the post-state view."""

    event: d.Event
    n0: z3.ExprRef | None
    p0: z3.ExprRef | None
    args: dict[str, z3.ExprRef]
    guard: z3.BoolRef
    post: PView
    bound: Bound
    #: what the effect writes, read at the acting and generic elements (the symmetry check reads it)
    writes: dict[Key, Any] = field(default_factory=dict)
    #: the generic node and pod ``X``, ``Y`` the per-element rules are stated for
    generic: tuple[z3.ExprRef, ...] = ()


class ParamEncoding:
    """The declaration over ``Node`` and ``Pod``: initial states, type domain, one relation per event."""

    def __init__(self, model: Model, fixed: dict[str, int] | None = None) -> None:
        self.model = model
        self.fixed = dict(model.param_overrides)
        self.fixed.update(fixed or {})
        from nodereg.model.params import PARAMS

        self.params = {p.var: z3.Int(f"param.{p.var}") for p in PARAMS}
        self.size = _Size(z3.Int("cluster.nodes"), z3.Int("cluster.pods"))
        self._fresh = 0
        self.pre = PState("pre")

    def fresh_count(self) -> int:
        self._fresh += 1
        return self._fresh

    def view(self, st: PState) -> PView:
        return PView(self, _state_get(self, st))

    # ---- the ∀-formula of a property -----------------------------------------------------------
    def forall(self, view: PView, body: Any) -> z3.BoolRef:
        """Close ``body`` over the variables ``view`` handed out: ∀ real nodes, ∀ pods."""
        b = _bool(body)
        vs = view.bound_vars
        view.bound_vars = []
        if not vs:
            return b
        real = [v != NO_NODE for v in vs if v.sort() == NODE]
        return z3.ForAll(vs, z3.Implies(z3.And(*real), b) if real else b)

    def state_formula(self, prop: Property, st: PState) -> z3.BoolRef:
        v = self.view(st)
        with stated_for_every_size():
            return self.forall(v, prop.formula(v))

    # ---- parameters, initial states, domain ---------------------------------------------------
    def params_ok(self) -> z3.BoolRef:
        view = PView(self, _state_get(self, self.pre))
        conds = [self.size.nodes >= 1, self.size.pods >= 0]
        for c in self.model.constraints:
            conds.append(_bool(c.formula(view.params)))
        for name, value in self.fixed.items():
            conds.append(self.params[name] == value)
        return z3.And(*conds)

    def init(self, st: PState) -> z3.BoolRef:
        x, y = z3.Const("x!init", NODE), z3.Const("y!init", POD)
        nconds: list[z3.BoolRef] = [st.node["ctl"](x) == d.UNREGISTERED]
        for v in d.NODE_VARS:
            nconds += _init_conds(v, st.node[v.name](x))
        pconds: list[z3.BoolRef] = []
        for v in d.POD_VARS:
            if v.name == "bound_to":
                pconds.append(st.pod[v.name](y) == NO_NODE)
            else:
                pconds += _init_conds(v, st.pod[v.name](y))
        return z3.And(self.params_ok(), z3.ForAll([x], z3.And(*nconds)), z3.ForAll([y], z3.And(*pconds)))

    def domain_parts(self) -> list[tuple[str, Callable[[PState], z3.BoolRef]]]:
        """The type domain as named ∀-formulas (each a Houdini candidate, proved like any other)."""
        parts: list[tuple[str, Callable[[PState], z3.BoolRef]]] = []

        def over_nodes(body: Callable[[PState, z3.ExprRef], z3.BoolRef]) -> Callable[[PState], z3.BoolRef]:
            x = z3.Const("x!dom", NODE)
            return lambda st: z3.ForAll([x], z3.Implies(x != NO_NODE, body(st, x)))

        def over_pods(body: Callable[[PState, z3.ExprRef], z3.BoolRef]) -> Callable[[PState], z3.BoolRef]:
            y = z3.Const("y!dom", POD)
            return lambda st: z3.ForAll([y], body(st, y))

        parts.append(
            ("domain:ctl", over_nodes(lambda st, x: z3.And(st.node["ctl"](x) >= 0, st.node["ctl"](x) <= d.NO_EDGE)))
        )
        for v in d.NODE_VARS:
            conds = _range_conds(v)
            if conds:
                parts.append(
                    (
                        f"domain:{v.name}",
                        over_nodes(lambda st, x, v=v, conds=conds: z3.And(*[c(st.node[v.name](x)) for c in conds])),
                    )
                )
        for v in d.POD_VARS:
            conds = _range_conds(v)
            if conds:
                parts.append(
                    (
                        f"domain:{v.name}",
                        over_pods(lambda st, y, v=v, conds=conds: z3.And(*[c(st.pod[v.name](y)) for c in conds])),
                    )
                )
        parts.append((BLANK_ID, no_node_is_blank))
        return parts

    # ---- one event's relation -----------------------------------------------------------------
    def step(self, e: d.Event, st: PState) -> StepRel:
        """The event fired by a generic acting node ``n0`` (and pod ``p0``) from ``st``."""
        k = self.fresh_count()
        n0 = z3.Const(f"n0!{k}", NODE) if "node" in e.indices else None
        p0 = z3.Const(f"p0!{k}", POD) if "pod" in e.indices else None
        gx, gy = z3.Const(f"X!{k}", NODE), z3.Const(f"Y!{k}", POD)
        args = {a.name: (z3.Bool(f"{a.name}!{k}") if a.sort == "bool" else z3.Int(f"{a.name}!{k}")) for a in e.args}
        get = _state_get(self, st)
        view = PView(
            self, get, nodes=[n for n in (n0, gx) if n is not None], pods=[p for p in (p0, gy) if p is not None]
        )
        b = Bound(Instance(e, n0, p0), dict(args))  # type: ignore[arg-type]
        conds: list[z3.BoolRef] = (
            [z3.And(*[z3.And(x >= a.lo, x <= a.hi) for a in e.args if a.sort == "int" for x in (args[a.name],)])]
            if e.args
            else []
        )
        if n0 is not None:
            conds.append(n0 != NO_NODE)
        conds.append(_bool(full_guard(view, b)))  # type: ignore[arg-type]
        if e.id == "time_passes":
            conds.append(self._urgency(get, args["seconds"]))
        post = post_values(self.model, None, view, b)  # type: ignore[arg-type]
        pview = PView(self, self._post_get(get, post, n0, p0, gx, gy))
        return StepRel(e, n0, p0, args, z3.And(*conds), pview, b, dict(post), (gx, gy))

    def _urgency(self, get: Callable[[Key], Any], seconds: z3.ArithRef) -> z3.BoolRef:
        """∀ nodes and pods: no urgent action would overshoot its deadline while time passes."""
        xs, ys = z3.Const("x!urg", NODE), z3.Const("y!urg", POD)
        insts = []
        for e in self.model.events:
            if e.timer and e.timer.latest:
                insts.append(
                    Instance(
                        e,
                        xs if "node" in e.indices else None,  # type: ignore[arg-type]
                        ys if "pod" in e.indices else None,
                    )
                )  # type: ignore[arg-type]
        view = PView(self, get, nodes=[xs], pods=[ys])
        body = _bool(urgency(self.model, None, view, seconds, insts))  # type: ignore[arg-type]
        return z3.ForAll([xs, ys], z3.Implies(xs != NO_NODE, body))

    def _post_get(
        self,
        get: Callable[[Key], Any],
        post: dict[Key, Any],
        n0: z3.ExprRef | None,
        p0: z3.ExprRef | None,
        gx: z3.ExprRef,
        gy: z3.ExprRef,
    ) -> Callable[[Key], Any]:
        sorts = {("node", v.name): _sort(v) for v in d.NODE_VARS}
        sorts.update({("pod", v.name): _sort(v) for v in d.POD_VARS})
        sorts[("ctl", "ctl")] = z3.IntSort()

        def bound_after(p: z3.ExprRef) -> z3.ExprRef:
            k = ("pod", "bound_to", p)
            return _lift(post[k], NODE) if k in post else _lift(get(k), NODE)

        def at(t: z3.ExprRef, scope: str, var: str) -> Any:
            sort = sorts[(scope, var)]
            out = _lift(get((scope, var, t)), sort)
            if scope in ("node", "ctl"):
                gk = (scope, var, gx)
                if gk in post:
                    out = z3.substitute(_lift(post[gk], sort), (gx, t))
                if n0 is not None and (scope, var, n0) in post:
                    out = z3.If(t == n0, _lift(post[(scope, var, n0)], sort), out)
                return out
            gk = ("pod", var, gy)
            if gk in post:
                val = _lift(post[gk], sort)
                out = z3.substitute(val, (gy, t), (gx, z3.substitute(bound_after(gy), (gy, t))))
            if p0 is not None and ("pod", var, p0) in post:
                val = z3.substitute(_lift(post[("pod", var, p0)], sort), (gx, bound_after(p0)))
                out = z3.If(t == p0, val, out)
            return out

        def get_post(k: Key) -> Any:
            scope, var, i = k
            if scope == "param":
                return self.params[var]
            out = at(i, scope, var)
            return NodeRef.wrap(out) if var == "bound_to" else out

        return get_post


#: The candidate that keeps the "no node" element blank (see :func:`no_node_is_blank`).
BLANK_ID = "domain:no-node-is-blank"


def no_node_is_blank(st: Any) -> z3.BoolRef:
    """ "No node" carries no Node object and no taint, as in the initial state.

    No step writes it (an acting node is a real one), so this holds in every reachable state; it
    is what makes a pending pod's per-node rules (read at ``no_node``) change nothing, and the
    relation equal to the fixed-size one on such states (``tests/test_parameterized.py``).
    """
    blank = [v for v in d.NODE_VARS if v.name == "exists" or v.name in d.taint_vars()]
    return z3.And(
        *[z3.Not(st.node[v.name](NO_NODE)) if v.sort == "bool" else st.node[v.name](NO_NODE) == v.init for v in blank]
    )


def _bool(x: Any) -> z3.BoolRef:
    if isinstance(x, z3.BoolRef):
        return x
    if isinstance(x, bool):
        return z3.BoolVal(x)
    raise NotExpressible(f"expected a formula, got {x!r}")


def _init_conds(v: d.Var, term: z3.ExprRef) -> list[z3.BoolRef]:
    if v.frozen:
        return [c(term) for c in _range_conds(v)]
    return [term == (z3.BoolVal(v.init) if v.sort == "bool" else z3.IntVal(v.init))]


def _range_conds(v: d.Var) -> list[Callable[[z3.ExprRef], z3.BoolRef]]:
    if v.sort != "int" or v.name == "bound_to":
        return []
    out: list[Callable[[z3.ExprRef], z3.BoolRef]] = []
    if v.lo is not None:
        out.append(lambda t, lo=v.lo: t >= lo)
    if v.hi is not None:
        out.append(lambda t, hi=v.hi: t <= hi)
    if v.clock or v.name == "allocatable":
        out.append(lambda t: t >= 0)
    return out


# -------------------------------------------------------------------------------------------------
# Houdini: the largest inductive subset of the candidate ∀-invariants
# -------------------------------------------------------------------------------------------------


@dataclass
class ParamResult:
    """What the parameterized engine found for one property."""

    id: str
    status: str  # proved | not-inductive | inconclusive | not-expressible
    seconds: float
    reason: str = ""
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Candidate:
    id: str
    formula: Callable[[PState], z3.BoolRef]
    prop: Property | None = None


#: A further proof on the engine's results: the encoding, the events' relations and the inductive
#: ∀-invariants in, verdicts by id out (``time-can-pass`` for every size, :mod:`.progress`).
AfterInvariants = Callable[["ParamEncoding", list[StepRel], list[z3.BoolRef]], dict[str, ParamResult]]


def prove_all_sizes(
    model: Model,
    props: list[Property],
    fixed: dict[str, int] | None = None,
    timeout_s: float = 60.0,
    after: AfterInvariants | None = None,
) -> dict[str, ParamResult]:
    """Prove each property for every number of nodes and pods, or say why not; then ``after``."""
    t0 = time.monotonic()
    enc = ParamEncoding(model, fixed)
    out: dict[str, ParamResult] = {}
    cands: list[_Candidate] = [_Candidate(n, f) for n, f in enc.domain_parts()]
    steps: list[Property] = []
    sums: list[Property] = []
    for p in props:
        if p.kind == "state":
            try:
                enc.state_formula(p, enc.pre)
            except SumNotExpressible:
                sums.append(p)  # proved after the ∀-invariants, relative to them
                continue
            except NotExpressible as exc:
                out[p.id] = ParamResult(p.id, "not-expressible", 0.0, str(exc))
                continue
            cands.append(_Candidate(p.id, lambda st, p=p: enc.state_formula(p, st), p))
        elif p.kind == "step":
            steps.append(p)
    rels: list[StepRel] = []
    for e in model.events:
        try:
            with stated_for_every_size():
                rels.append(enc.step(e, enc.pre))
        except NotExpressible as exc:
            for p in props:
                out.setdefault(
                    p.id,
                    ParamResult(p.id, "not-expressible", 0.0, f"event {e.id} cannot be stated for every size: {exc}"),
                )
            return out
    deadline = t0 + timeout_s * max(1, len(props))
    spent: dict[str, float] = {}

    def check(solver: z3.Solver, negated: z3.BoolRef, ids: list[str]) -> z3.CheckSatResult:
        t = time.monotonic()
        r = z3.unknown if t > deadline else _check(solver, [negated], timeout_s)
        for i in ids:
            spent[i] = spent.get(i, 0.0) + (time.monotonic() - t) / len(ids)
        return r

    # initial states: there are some (else everything would hold of them vacuously), and each
    # candidate holds in all of them
    base = z3.Solver()
    base.add(enc.init(enc.pre))
    if base.check() != z3.sat:
        return {
            p.id: ParamResult(p.id, "inconclusive", time.monotonic() - t0, "no initial state for every size")
            for p in props
        }
    alive = list(cands)
    dropped: dict[str, str] = {}
    for c in list(alive):
        r = check(base, z3.Not(c.formula(enc.pre)), [c.id])
        if r != z3.unsat:
            alive.remove(c)
            dropped[c.id] = "does not hold initially" if r == z3.sat else "initial-state query: unknown"
    # consecution, Houdini-style: one query per event and candidate (one query for all of an
    # event's candidates at once was 20 times slower: Z3 then instantiates every quantifier together)
    changed = True
    while changed:
        changed = False
        pre_inv = [c.formula(enc.pre) for c in alive]
        for rel in rels:
            solver = z3.Solver()
            solver.add(enc.params_ok(), *pre_inv, rel.guard)
            for c in list(alive):
                r = check(solver, z3.Not(_post_formula(enc, c, rel)), [c.id])
                if r != z3.unsat:
                    alive.remove(c)
                    dropped[c.id] = (
                        f"not inductive for every size: {rel.event.id} can break it from a state "
                        f"where every other candidate holds"
                        if r == z3.sat
                        else f"the query for {rel.event.id} was inconclusive (unknown or timeout)"
                    )
                    changed = True
            if changed:
                break
    if any(c.id == BLANK_ID for c in cands if c not in alive):
        # the relation is the fixed-size one only where "no node" is blank
        return {
            p.id: ParamResult(
                p.id,
                "inconclusive",
                time.monotonic() - t0,
                f"the encoding's own invariant {BLANK_ID} failed: {dropped[BLANK_ID]}",
            )
            for p in props
        }
    inv = [c.formula(enc.pre) for c in alive]
    for c in cands:
        if c.prop is None:
            continue
        if c in alive:
            out[c.id] = ParamResult(
                c.id, "proved", spent.get(c.id, 0.0), f"one of {len(alive)} ∀-invariants inductive together"
            )
        else:
            why = dropped[c.id]
            out[c.id] = ParamResult(
                c.id, "inconclusive" if "inconclusive" in why else "not-inductive", spent.get(c.id, 0.0), why
            )
    for p in steps:
        out[p.id] = _step_property(enc, p, rels, inv, timeout_s, time.monotonic())
    for p in sums:
        out[p.id] = _prove_sum(enc, p, rels, inv, timeout_s)
    if after is not None:
        out.update(after(enc, rels, inv))
    return out


# -------------------------------------------------------------------------------------------------
# Sums over an unbounded sort: induction on the steps, each step's change to the sum proved local
# -------------------------------------------------------------------------------------------------


@dataclass
class _SumTerm:
    """One sum a formula reads: its value ``value`` (a fresh integer), the summand ``term`` at the
    generic element ``elem``, and the variables of the quantifiers around it (``outer``)."""

    value: z3.ArithRef
    term: z3.ArithRef
    elem: z3.ExprRef
    outer: list[z3.ExprRef]


@dataclass
class _SumReading:
    """A state formula read with each sum a fresh integer: the body, its ∀-variables and the sums."""

    body: z3.BoolRef
    bound: list[z3.ExprRef]
    sums: list[_SumTerm]


def _read_with_sums(enc: ParamEncoding, prop: Property, view: PView, tag: str) -> _SumReading:
    """Read ``prop`` on ``view`` with every ``Sum`` over the pods (or nodes) replaced by a fresh integer.

    Iterating the view's pods hands out one fresh element, the generic summand's; it is taken back
    from the view's ∀-variables (it is the sum's, not the formula's). A sum inside a sum, or one
    whose summand quantifies, cannot be read so (:class:`NotExpressible`).
    """
    found: list[_SumTerm] = []
    depth = [0]

    def reader(items: Any) -> Any:
        if depth[0]:
            raise NotExpressible("a sum inside a sum")
        # a generator's first iterable is read when it is made: ``s.pods`` has handed out the
        # summand's element before the sum sees the generator, so it is the last ∀-variable now
        before = len(view.bound_vars)
        depth[0] += 1
        try:
            terms = list(items)
        finally:
            depth[0] -= 1
        if len(terms) != 1 or len(view.bound_vars) != before or not before:
            raise NotExpressible("a sum that is not over all the pods or all the nodes, or quantifies inside")
        fresh = [view.bound_vars.pop()]
        value = z3.Int(f"sum{len(found)}!{tag}!{enc.fresh_count()}")
        found.append(_SumTerm(value, _lift(terms[0], z3.IntSort()), fresh[0], list(view.bound_vars)))  # type: ignore[arg-type]
        return value

    token = SUM_READER.set(reader)
    try:
        with stated_for_every_size():
            body = _bool(prop.formula(view))
    finally:
        SUM_READER.reset(token)
    bound = view.bound_vars
    view.bound_vars = []
    return _SumReading(body, bound, found)


def _prove_sum(
    enc: ParamEncoding, p: Property, rels: list[StepRel], inv: list[z3.BoolRef], timeout_s: float
) -> ParamResult:
    """A state property with sums over the pods, for every number of pods, by induction on the steps.

    A sum over a finite set changes only by the summands that change. So with the property's sums
    abstracted (an uninterpreted function ``F`` of the quantifiers around each sum, in the
    pre-state), each query adds two facts about the sum ``s`` after one step, at skolem values ``b``
    of the property's ∀-variables, each of them sound:

    * *local change*: either some element other than the acting pod ``p0`` has a summand that the
      step changes (an existential witness, so the fact is ``¬frame ∨ …``), or
      ``s = F(b) + term_post(p0) − term_pre(p0)`` (only ``F(b)`` when the event acts on no pod);
    * *emptied*: either some element's summand is non-zero after the step, or ``s = 0``.

    The base case: in the initial states every summand is 0, or some is not (the *emptied* fact).
    Consecution: the ∀-invariants proved for every size (``inv``), the property on ``F``, the
    guard, the two facts, and the property's negation at ``b`` after the step: *unsat* for every
    event is the proof for every number of nodes and pods. Which pods a step touches is not taken
    from a frame property: each query proves it (or falls back on *emptied*) for that step.
    """
    t0 = time.monotonic()
    failed = {"per_size": True}  # a sum it cannot close is still proved per size by the fixed-size engines
    try:
        pre = _read_with_sums(enc, p, enc.view(enc.pre), "pre")
    except NotExpressible as exc:
        return ParamResult(p.id, "not-expressible", time.monotonic() - t0, str(exc), failed)
    funcs = [
        z3.Function(f"sum{k}@{p.id}", *[v.sort() for v in t.outer], z3.IntSort())
        if t.outer
        else z3.Int(f"sum{k}@{p.id}")
        for k, t in enumerate(pre.sums)
    ]

    def at(f: Any, args: list[z3.ExprRef]) -> z3.ArithRef:
        return f(*args) if args else f

    def forall(r: _SumReading, body: z3.BoolRef) -> z3.BoolRef:
        real = [v != NO_NODE for v in r.bound if v.sort() == NODE]
        return z3.ForAll(r.bound, z3.Implies(z3.And(*real), body)) if r.bound else body

    # the property in the pre-state, each sum its function of the quantifiers around it
    assumed = forall(pre, z3.substitute(pre.body, *[(t.value, at(funcs[k], t.outer)) for k, t in enumerate(pre.sums)]))

    def skolem(r: _SumReading) -> tuple[list[tuple[z3.ExprRef, z3.ExprRef]], list[z3.BoolRef]]:
        b = [z3.Const(f"b{i}!{enc.fresh_count()}", v.sort()) for i, v in enumerate(r.bound)]
        return list(zip(r.bound, b, strict=True)), [x != NO_NODE for x in b if x.sort() == NODE]

    def summand(t: _SumTerm, subst: list[tuple[z3.ExprRef, z3.ExprRef]], elem: z3.ExprRef) -> z3.ArithRef:
        return z3.substitute(t.term, *subst, (t.elem, elem))

    def in_domain(x: z3.ExprRef) -> list[z3.BoolRef]:
        return [x != NO_NODE] if x.sort() == NODE else []

    def emptied(t: _SumTerm, subst: list[tuple[z3.ExprRef, z3.ExprRef]]) -> z3.BoolRef:
        w = z3.Const(f"w!{enc.fresh_count()}", t.elem.sort())
        return z3.Or(z3.And(*in_domain(w), summand(t, subst, w) != 0), t.value == 0)

    def query(*facts: z3.BoolRef) -> z3.CheckSatResult:
        solver = z3.Solver()
        solver.add(enc.params_ok(), *facts)
        return _check(solver, [], timeout_s)

    # base: every initial state, any number of pods
    subst, real = skolem(pre)
    r = query(enc.init(enc.pre), *real, *[emptied(t, subst) for t in pre.sums], z3.Not(z3.substitute(pre.body, *subst)))
    if r != z3.unsat:
        why = "the initial-state query was inconclusive" if r == z3.unknown else "not proved in the initial states"
        return ParamResult(
            p.id, "inconclusive" if r == z3.unknown else "not-inductive", time.monotonic() - t0, why, failed
        )
    for rel in rels:
        try:
            post = _read_with_sums(enc, p, rel.post, rel.event.id)
        except NotExpressible as exc:
            return ParamResult(p.id, "not-expressible", time.monotonic() - t0, str(exc), failed)
        if [t.elem.sort() for t in post.sums] != [t.elem.sort() for t in pre.sums] or [
            len(t.outer) for t in post.sums
        ] != [len(t.outer) for t in pre.sums]:
            return ParamResult(p.id, "not-expressible", time.monotonic() - t0, "its sums differ between states", failed)
        subst, real = skolem(post)
        facts = []
        for k, (tp, tq) in enumerate(zip(pre.sums, post.sums, strict=True)):
            outer_b = [z3.substitute(v, *subst) for v in tq.outer]
            old = list(zip(tp.outer, outer_b, strict=True))
            acting = rel.p0 if tq.elem.sort() == POD else rel.n0
            moved = [acting] if acting is not None else []
            w = z3.Const(f"w!{enc.fresh_count()}", tq.elem.sort())
            changed = z3.And(*in_domain(w), *[w != m for m in moved], summand(tq, subst, w) != summand(tp, old, w))
            delta = [summand(tq, subst, m) - summand(tp, old, m) for m in moved]
            facts.append(z3.Or(changed, tq.value == z3.Sum(at(funcs[k], outer_b), *delta)))
            facts.append(emptied(tq, subst))
        r = query(*inv, assumed, rel.guard, *real, *facts, z3.Not(z3.substitute(post.body, *subst)))
        if r != z3.unsat:
            return ParamResult(
                p.id,
                "inconclusive" if r == z3.unknown else "not-inductive",
                time.monotonic() - t0,
                f"the query for {rel.event.id} was inconclusive (unknown or timeout)"
                if r == z3.unknown
                else f"not inductive for every size: {rel.event.id} can break it from a state where the "
                "∀-invariants hold, changing the sum otherwise than by its own pod's summand",
                failed,
            )
    return ParamResult(
        p.id,
        "proved",
        time.monotonic() - t0,
        f"inductive for every size relative to the {len(inv)} ∀-invariants: each step changes each sum by its "
        "own pod's summand (every other summand unchanged, proved per step) or empties it",
    )


def _post_formula(enc: ParamEncoding, c: _Candidate, rel: StepRel) -> z3.BoolRef:
    if c.prop is not None:
        with stated_for_every_size():
            return enc.forall(rel.post, c.prop.formula(rel.post))
    # a domain part over the post view: rebuild it on a PState-like reader
    return c.formula(_PostAsState(rel.post))  # type: ignore[arg-type]


class _PostAsState:
    """The post view with the function-call interface of :class:`PState` (domain parts read it)."""

    def __init__(self, view: PView) -> None:
        self.node = _Funcs(view, "node")
        self.pod = _Funcs(view, "pod")


class _Funcs:
    def __init__(self, view: PView, scope: str) -> None:
        self.view, self.scope = view, scope

    def __getitem__(self, var: str) -> Callable[[z3.ExprRef], Any]:
        if var == "ctl":
            return lambda t: self.view.get(("ctl", "ctl", t))
        return lambda t: _plain(self.view.get((self.scope, var, t)))


def _plain(x: Any) -> Any:
    return z3.ExprRef(x.as_ast(), x.ctx) if isinstance(x, NodeRef) else x


def _step_property(
    enc: ParamEncoding, p: Property, rels: list[StepRel], inv: list[z3.BoolRef], timeout_s: float, t0: float
) -> ParamResult:
    for rel in rels:
        if rel.event.id not in p.events:
            continue
        try:
            with stated_for_every_size():
                pre_view = enc.view(enc.pre)
                phi = enc.forall(rel.post, _bool(p.formula(pre_view, rel.post, rel.bound)))
                if pre_view.bound_vars:
                    phi = enc.forall(pre_view, phi)
        except NotExpressible as exc:
            return ParamResult(p.id, "not-expressible", time.monotonic() - t0, str(exc))
        solver = z3.Solver()
        solver.add(enc.params_ok(), *inv, rel.guard)
        r = _check(solver, [z3.Not(phi)], timeout_s)
        if r == z3.sat:
            return ParamResult(
                p.id,
                "not-inductive",
                time.monotonic() - t0,
                f"not implied for every size by the inductive invariants on {rel.event.id}",
            )
        if r == z3.unknown:
            return ParamResult(
                p.id,
                "inconclusive",
                time.monotonic() - t0,
                f"the query for {rel.event.id} was inconclusive (unknown or timeout)",
            )
    return ParamResult(p.id, "proved", time.monotonic() - t0, "implied on every step by the inductive invariants")


def _check(solver: z3.Solver, extra: list[z3.BoolRef], timeout_s: float) -> z3.CheckSatResult:
    solver.push()
    solver.set("timeout", max(1, int(timeout_s * 1000)))
    solver.add(*extra)
    r = solver.check()
    solver.pop()
    return r
