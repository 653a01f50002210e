"""Symmetry is checked, not assumed: the transition relation is invariant under renaming nodes and pods.

The verifier proves ∀-properties on node 0 and pod 0 only (:class:`.encoding.Encoding` with
``symmetry=True``). That is sound only if renaming nodes (or pods) maps runs to runs: for every
permutation π, ``R(s, t) ⇔ R(π s, π t)``, with the initial states symmetric too. The initial
states are symmetric by construction (every node and every pod starts from the same declared
values, frozen values symbolic per index); the relation is the declaration's, so it is *checked*
here with Z3, one query per generating renaming: per scope, the swap of 0 and 1 and (from three
indices on) the rotation i → i + 1 mod n generate every renaming, whatever the size (on the
default two nodes and two pods: nodes 0 ↔ 1 and pods 0 ↔ 1).

What π does to a state: the node variables (and control states) of node i move to node π i, and
every pod bound to node i is bound to π i instead, because ``bound_to`` holds a node index; under a
pod renaming the variables of pod i move to pod π i. An instance is
renamed with its indices. The query asks Z3 for one instance ``k``, one pair of states and one
choice of its data arguments where ``k`` fires from ``s`` to ``t`` but its image does not fire from
``π s`` to ``π t`` (or the other way round). *unsat* is the proof; *sat* names the event; *unknown*
is inconclusive, and then (as when it is violated) properties are checked on every instance.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import z3

from nodereg.model.semantics import Key

from .encoding import Encoding, conjunction


@dataclass(slots=True)
class SymmetryResult:
    """The verdict of the symmetry check and, when it fails, the instance whose image differs."""

    status: str  # proved | violated | inconclusive
    seconds: float
    reason: str
    offending: str | None = None  # the event instance (label) that breaks invariance
    queries: int = 0


@dataclass(frozen=True, slots=True)
class Permutation:
    """A renaming of the indices of one scope ("node" or "pod"): index ``i`` becomes ``images[i]``."""

    scope: str
    images: tuple[int, ...]

    def index(self, i: int | None) -> int | None:
        if i is None or i < 0:
            return i  # (no index, or UNBOUND: a pending pod stays pending)
        return self.images[i]

    def source(self, j: int) -> int:
        """The index whose values the renamed state shows at ``j`` (π⁻¹ j)."""
        return self.images.index(j)

    def text(self) -> str:
        moved = [i for i, j in enumerate(self.images) if i != j]
        if len(moved) == 2:
            return f"swapping {self.scope} {moved[0]} and {self.scope} {moved[1]}"
        return f"rotating the {self.scope}s ({' → '.join(str(i) for i in range(len(self.images)))} → 0)"


def generators(enc: Encoding) -> list[Permutation]:
    """The renamings to check, per scope: the swap of 0 and 1 and, from three indices on, the rotation
    i → i + 1 mod n. The two generate every permutation of n indices, so two queries per scope cover
    any cluster size (16 nodes: 2 queries, not the 15 adjacent swaps)."""
    out: list[Permutation] = []
    for scope, n in (("node", enc.cfg.nodes), ("pod", enc.cfg.pods)):
        if n >= 2:
            out.append(Permutation(scope, (1, 0, *range(2, n))))
        if n >= 3:
            out.append(Permutation(scope, (*range(1, n), 0)))
    return out


def _renamed_state(enc: Encoding, s: dict[Key, z3.ExprRef], pi: Permutation) -> dict[Key, z3.ExprRef]:
    """π s: the value of every variable of the renamed state, as a term over ``s`` (the data of
    index i moves to π i, and a pod bound to node i is bound to π i)."""
    return {key: _rename_value(key, pi, s[_source_key(key, pi)]) for key in enc.keys}


def _source_key(key: Key, pi: Permutation) -> Key:
    """The variable whose value the renamed state shows at ``key`` (π⁻¹ of its index)."""
    scope, var, i = key
    if scope == pi.scope or (pi.scope == "node" and scope == "ctl"):
        return (scope, var, pi.source(i))  # type: ignore[return-value]
    return key


def _rename_value(key: Key, pi: Permutation, val: z3.ExprRef) -> z3.ExprRef:
    """A value as the renamed state holds it: a node index (a pod's ``bound_to``) is renamed too."""
    if pi.scope == "node" and key[0] == "pod" and key[1] == "bound_to":
        renamed = val
        for j in range(len(pi.images)):
            if pi.images[j] != j:
                renamed = z3.If(val == j, pi.images[j], renamed)
        return renamed
    return val


def _renamed_instances(enc: Encoding, pi: Permutation) -> list[int]:
    """For each instance k, the index of π k (the same event on the renamed node and pod)."""
    where = {(inst.event.id, inst.node, inst.pod): j for j, inst in enumerate(enc.instances)}
    out = []
    for inst in enc.instances:
        node = pi.index(inst.node) if pi.scope == "node" else inst.node
        pod = pi.index(inst.pod) if pi.scope == "pod" else inst.pod
        j = where.get((inst.event.id, node, pod))
        if j is None:
            raise ValueError(f"no image of {inst.label} under {pi.text()}")
        out.append(j)
    return out


def _core(enc: Encoding, k: int) -> z3.BoolRef:
    """Instance k's relation without its frame: its guard (the relation's first conjunct, see
    :meth:`.Encoding.template`) and the equalities of what it writes."""
    return conjunction([enc.instance_relations[k].arg(0), *enc.instance_writes[k].values()])


def _differs(
    enc: Encoding,
    pi: Permutation,
    k: int,
    j: int,
    core: z3.BoolRef,
    renamed_core: z3.BoolRef,
    ts: dict[Key, z3.ExprRef],
    tt: dict[Key, z3.ExprRef],
) -> z3.BoolRef:
    """The query "instance k and the renamed image j disagree", on what they write only.

    Both relations frame every variable they do not write. A variable framed by both appears in the
    two only as the same equality ``t[y] = s[y]`` (renaming a value is a bijection, so the image's
    frame ``π t = π s`` says the same), and its post-state occurs nowhere else: any pre-state
    satisfies it, so ``Xor(A ∧ E, B ∧ E)`` is satisfiable exactly when ``Xor(A, B)`` is. Leaving
    those out keeps each query as small as the event, not the cluster. What one writes and the
    other frames stays in, as a frame equality on the side that frames it (a write of a value
    unchanged is then no difference).
    """
    image_writes = {_source_key(x, pi) for x in enc.instance_writes[j]}
    written = enc.instance_writes[k].keys()
    mine = [tt[y] == ts[y] for y in enc.keys if y in image_writes and y not in written]
    theirs = [tt[y] == ts[y] for y in enc.keys if y in written and y not in image_writes]
    return z3.Xor(z3.And(core, *mine), z3.And(renamed_core, *theirs))


def check_symmetry(enc: Encoding, timeout_s: float = 60.0) -> SymmetryResult:
    """Prove ``R_k(s, t) ⇔ R_πk(π s, π t)`` for every instance k and each generating renaming.

    One small query per instance (the relation is a disjunction over instances, so it is symmetric
    exactly when every instance agrees with its image), on what the two instances read and write
    only: see :func:`_differs`. ``timeout_s`` bounds each renaming's queries together.
    """
    enc.template()  # the relation itself is shared with every engine: not counted here
    t0 = time.monotonic()
    ts, tt = enc.state("T0"), enc.state("T1")
    cores = [_core(enc, k) for k in range(len(enc.instances))]
    queries = 0
    for pi in generators(enc):
        start = time.monotonic()
        ps, pt = _renamed_state(enc, ts, pi), _renamed_state(enc, tt, pi)
        pairs = [(ts[x], ps[x]) for x in enc.keys] + [(tt[x], pt[x]) for x in enc.keys]
        # one substitution over all cores at once (their shared subterms are renamed once)
        renamed = (
            z3.substitute(conjunction(cores), *pairs).children()
            if len(cores) > 1
            else [z3.substitute(cores[0], *pairs)]
        )
        image_of = _renamed_instances(enc, pi)
        r, k, m = z3.unsat, -1, None
        solver = z3.SolverFor("QF_LIA")
        for k in range(len(cores)):
            left = timeout_s - (time.monotonic() - start)
            if left <= 0:
                r = z3.unknown
                break
            # a fresh solver per query, not push/pop: in incremental mode Z3 skips its preprocessing,
            # and these small queries were 4 to 6 times slower (12 x 12, benchmarks/verify_phases.py)
            solver = z3.SolverFor("QF_LIA")
            solver.set("timeout", max(1, int(left * 1000)))
            solver.add(_differs(enc, pi, k, image_of[k], cores[k], renamed[image_of[k]], ts, tt))
            queries += 1
            r = solver.check()
            m = solver.model() if r == z3.sat else None
            if r != z3.unsat:
                break
        if r == z3.unknown:
            return SymmetryResult(
                "inconclusive",
                time.monotonic() - t0,
                f"z3 answered unknown on {pi.text()} (instance {enc.instances[k].label}): "
                f"{solver.reason_unknown() or 'timeout'}",
                queries=queries,
            )
        if r == z3.sat:
            assert m is not None
            inst = enc.instances[k]
            fires = z3.is_true(m.eval(enc.instance_relations[k], model_completion=True))  # else its image fires alone
            image = enc.instances[image_of[k]]
            how = (
                f"{inst.label} fires but its image {image.label} does not"
                if fires
                else f"{image.label} fires on the renamed states but {inst.label} does not"
            )
            return SymmetryResult(
                "violated",
                time.monotonic() - t0,
                f"event {inst.event.id} is not invariant under {pi.text()}: {how} (it reads another "
                "index's data); properties are checked on every node and pod instead",
                offending=inst.label,
                queries=queries,
            )
    if not generators(enc):
        return SymmetryResult("proved", time.monotonic() - t0, "one node and at most one pod: nothing to rename")
    checked = "; ".join(pi.text() for pi in generators(enc))
    return SymmetryResult(
        "proved",
        time.monotonic() - t0,
        f"the transition relation is invariant under {checked} (they generate every renaming); "
        "checking node 0 and pod 0 is sound",
        queries=queries,
    )


def _element_constants(terms: list[Any]) -> set[z3.ExprRef]:
    """The uninterpreted constants of sort ``Node`` or ``Pod`` that ``terms`` mention."""
    from .parameterized import NODE, POD

    seen: set[int] = set()
    out: set[z3.ExprRef] = set()
    todo = [t for t in terms if isinstance(t, z3.ExprRef)]
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_quantifier(t):
            todo.append(t.body())
        elif z3.is_app(t):
            if t.num_args() == 0 and t.decl().kind() == z3.Z3_OP_UNINTERPRETED and t.sort() in (NODE, POD):
                out.add(z3.ExprRef(t.as_ast(), t.ctx))
            todo.extend(t.children())
    return out


def _value(v: Any, like: Any) -> z3.ExprRef:
    """A written value as a Z3 term, a Python literal in the sort of ``like`` (the value it is compared to)."""
    from .parameterized import NODE, NodeRef, _lift

    if isinstance(v, z3.ExprRef):
        return z3.ExprRef(v.as_ast(), v.ctx)
    if isinstance(like, z3.ExprRef) and like.sort() == NODE:
        return NodeRef.lift_literal(v)
    sort = like.sort() if isinstance(like, z3.ExprRef) else (z3.BoolSort() if isinstance(v, bool) else z3.IntSort())
    return _lift(v, sort)


def _uniform(enc: Any, e: Any, timeout_s: float) -> str | None:
    """Why event ``e`` does not treat the other nodes and pods alike, or None when it does.

    The event is read with the acting elements and *two* generic others of each sort (``X``, ``X'``
    and ``Y``, ``Y'``), listed in two orders (acting first, acting last), and with the one generic
    other the engine uses. Z3 proves, over any pre-state with the elements distinct: swapping ``X``
    with ``X'`` (and ``Y`` with ``Y'``) maps the guard and the writes to themselves; the order in
    which the event meets the elements changes nothing; a second generic element changes nothing
    the engine reads. An effect that reaches "the next node", reads a position of the list, or sums
    over the others fails one of them.
    """
    from nodereg.model.semantics import Bound, Instance, full_guard, post_values

    from .parameterized import NO_NODE, NODE, POD, PView, _bool, _state_get

    k = enc.fresh_count()
    n0 = z3.Const(f"n0!u{k}", NODE) if "node" in e.indices else None
    p0 = z3.Const(f"p0!u{k}", POD) if "pod" in e.indices else None
    x, x2 = z3.Const(f"X!u{k}", NODE), z3.Const(f"X'!u{k}", NODE)
    y, y2 = z3.Const(f"Y!u{k}", POD), z3.Const(f"Y'!u{k}", POD)
    args = {a.name: (z3.Bool(f"{a.name}!u{k}") if a.sort == "bool" else z3.Int(f"{a.name}!u{k}")) for a in e.args}
    get = _state_get(enc, enc.pre)

    def read(nodes: list[Any], pods: list[Any]) -> tuple[z3.BoolRef, dict[Any, Any]]:
        view = PView(enc, get, nodes=[n for n in nodes if n is not None], pods=[p for p in pods if p is not None])
        b = Bound(Instance(e, n0, p0), dict(args))  # type: ignore[arg-type]
        return _bool(full_guard(view, b)), dict(post_values(enc.model, None, view, b))  # type: ignore[arg-type]

    swap = [(x, x2), (x2, x), (y, y2), (y2, y)]

    def swapped(key: Any) -> Any:
        return (key[0], key[1], z3.substitute(key[2], *swap)) if isinstance(key[2], z3.ExprRef) else key

    g_a, post_a = read([n0, x, x2], [p0, y, y2])
    g_b, post_b = read([x2, x, n0], [y2, y, p0])
    g_c, post_c = read([n0, x], [p0, y])
    same: list[z3.BoolRef] = [g_a == z3.substitute(g_a, *swap), g_a == g_b, g_a == g_c]
    for key, v in post_a.items():
        if swapped(key) not in post_a:
            return f"it writes {key[1]} of {key[2]} but not of another element alike"
        if key not in post_b:
            return f"what it writes depends on the order it meets the elements ({key[1]} of {key[2]})"
        other = post_a[swapped(key)]
        sv = _value(other, v)
        same.append(_value(v, other) == (z3.substitute(sv, *swap)))
        same.append(_value(v, post_b[key]) == _value(post_b[key], v))
    if set(map(str, post_b)) != set(map(str, post_a)):
        return "what it writes depends on the order it meets the elements"
    for key, v in post_c.items():
        if key not in post_a:
            return f"it writes {key[1]} of {key[2]} only when it meets one other element"
        same.append(_value(v, post_a[key]) == _value(post_a[key], v))
    mentions_x2 = {str(kk) for kk in post_a if isinstance(kk[2], z3.ExprRef) and (kk[2].eq(x2) or kk[2].eq(y2))}
    if {str(kk) for kk in post_a} - mentions_x2 != {str(kk) for kk in post_c}:
        return "what it writes of the elements the engine reads depends on how many others there are"
    distinct = [z3.Distinct(*[n for n in (n0, x, x2) if n is not None]), x != NO_NODE, x2 != NO_NODE]
    distinct.append(z3.Distinct(*[p for p in (p0, y, y2) if p is not None]))
    if n0 is not None:
        distinct.append(n0 != NO_NODE)
    solver = z3.Solver()
    solver.set("timeout", max(1, int(timeout_s * 1000)))
    solver.add(*distinct, z3.Not(z3.And(*same)))
    r = solver.check()
    if r == z3.sat:
        return (
            "its guard or writes differ when two other elements trade places, when it meets them in "
            "another order, or when it meets one more"
        )
    if r == z3.unknown:
        return f"z3 answered unknown on its uniformity ({solver.reason_unknown() or 'timeout'})"
    return None


def check_symmetry_every_size(model: Any, timeout_s: float = 60.0) -> SymmetryResult:
    """Renaming invariance for every number of nodes and pods, from the declaration over two sorts.

    The relation of every size is the parameterized encoding's (:mod:`.parameterized`) read on that
    many elements: each event a formula over uninterpreted sorts ``Node`` and ``Pod`` whose acting
    elements are its own variables. Checked here, event by event: (1) the event can be stated over
    the sorts at all, that is its guard and effect name no node or pod by its index, compare no
    index with a number, do no arithmetic on one and read no position of the node or pod list (each
    raises :class:`~.parameterized.NotExpressible`); (2) the only elements its formula names are
    its own acting and generic variables and ``no_node`` ("pending", which every renaming fixes).
    A first-order formula is preserved by every isomorphism of its structure, and a renaming of
    the nodes (fixing "pending") and of the pods is one, with the integers (parameters, the cluster
    size, arguments) untouched: so ``R(s, t) ⇔ R(π s, π t)`` for every size and every renaming,
    not only the generators. The initial states are one ∀-formula per sort (no element named), so
    symmetric too. What this rests on beyond the check: the parameterized relation is the
    fixed-size one at each size, the premise of every row proved for every size (compared instance
    by instance at every size up to each event's cutoff by :func:`.premise.check_premise`, which
    the every-size run calls and reports in this row).
    """
    from .parameterized import NO_NODE, NotExpressible, ParamEncoding, stated_for_every_size

    t0 = time.monotonic()
    enc = ParamEncoding(model)
    for e in model.events:
        try:
            with stated_for_every_size():
                rel = enc.step(e, enc.pre)
        except NotExpressible as exc:
            return SymmetryResult(
                "inconclusive",
                time.monotonic() - t0,
                f"event {e.id} cannot be stated for every size ({exc})",
                offending=e.id,
            )
        own = {z3.ExprRef(x.as_ast(), x.ctx) for x in (rel.n0, rel.p0, *rel.generic, NO_NODE) if x is not None}
        named = _element_constants([rel.guard, *rel.writes.values()]) - own
        if named:
            return SymmetryResult(
                "inconclusive",
                time.monotonic() - t0,
                f"event {e.id} names the elements {sorted(str(x) for x in named)} besides its own",
                offending=e.id,
            )
        with stated_for_every_size():
            why = _uniform(enc, e, timeout_s)
        if why is not None:
            return SymmetryResult(
                "inconclusive",
                time.monotonic() - t0,
                f"event {e.id} is not uniform in the others: {why}",
                offending=e.id,
            )
    return SymmetryResult(
        "proved",
        time.monotonic() - t0,
        f"every one of the {len(model.events)} events is one formula over the sorts Node and Pod that names "
        "no element but its own and 'pending', so every renaming of nodes and pods maps runs to runs "
        "for every number of nodes and pods",
    )


__all__ = ["Permutation", "SymmetryResult", "check_symmetry", "check_symmetry_every_size", "generators"]
