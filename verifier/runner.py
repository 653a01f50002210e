"""``nodereg verify``: prove every property, find a witness for its premise, explain failures.

The order of work, chosen for speed without giving up soundness:

0. **Symmetry** (:mod:`.symmetry`): Z3 proves the transition relation invariant under renaming
   nodes and pods; only then are ∀-properties checked on node 0 and pod 0. Otherwise (violated or
   unknown) every property is checked on every instance. A full run reports it as the ``symmetry``
   row, and adds the ``time-can-pass`` row (:mod:`.progress`), folded from two properties and the
   re-arming graph of urgent actions.
1. **Induction rounds** (engine ``k-induction``): each property is tried for 1-induction relative to
   the state properties already proved (sound: they hold in every reachable state). Proved state
   properties become lemmas for the next ones; rounds repeat until nothing new is proved.
2. **BMC** (engine ``bmc``) for what induction could not close, first on a one-node, one-pod
   cluster (a violation there embeds in any larger one), then on the configuration: one shared
   unrolling, shortest counterexamples first.
3. **Spacer** (engine ``spacer``, IC3/PDR over Horn clauses, assuming the proved lemmas) for what
   is still open: it proves, or says the violation is deeper than the BMC bound. What none of them
   settles is ``inconclusive``, never proved.
   Concrete runs with time acceleration (:mod:`.concrete`) look for violations too: after BMC at
   symbolic timing, before it at fixed timing (where violations need many periodic passes).
4. **Witnesses**: for every proved property, concrete runs first (in a forked process beside the
   proofs when ``jobs`` > 1); then a stuttering BMC unrolling (bounds 10, 13, then the
   witness depth) looks for a run that reaches its premise, on a one-node, one-pod cluster; what it
   misses goes to Spacer on the configuration. A premise proved unreachable makes the property
   ``vacuous``, a failure.
5. Every counterexample is replayed on the python-statemachine machine and on the compiled step.

Solvers are built once per run and configuration: one induction solver, one BMC unrolling
shared by all queries.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import z3

from nodereg.model.semantics import CompiledModel, Config, Model, compiled
from nodereg.properties.catalogue import ALL_PROPERTIES, Property

from .encoding import Encoding, Step, as_term
from .engines import EngineResult, Trace, spacer
from .premise import PremiseResult, check_premise
from .progress import CLEARS_ID, TIME_ID, rearm_graph, time_can_pass_every_size, time_properties
from .symmetry import check_symmetry, check_symmetry_every_size
from .zeropods import EVERY_SIZE_SOME_PODS, ZeroPodsResult, check_zero_pods


@dataclass
class Verdict:
    """The outcome for one property, as ``nodereg verify`` reports it."""

    id: str
    status: str  # proved | violated | inconclusive | vacuous
    engine: str
    bound: int | str | None  # str: the sizes a proof holds for ("∀N,M", "2×2") in every-size mode
    seconds: float
    counterexample: list[dict[str, Any]] | None = None
    reason: str = ""
    witness: str = ""
    lemma: bool = False
    assumes: tuple[str, ...] = ()
    replayed: bool | None = None
    trace: Trace | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "status": self.status,
            "engine": self.engine,
            "bound": self.bound,
            "seconds": round(self.seconds, 3),
            "counterexample": self.counterexample,
            "reason": self.reason,
            "witness": self.witness,
            "lemma": self.lemma,
            "assumes": list(self.assumes),
            "replayed": self.replayed,
        }


#: From this many node-pod pairs on, a state property is first tried instance by instance
#: (:meth:`Prover.induction_sliced`): the monolithic query's cost grows with their product.
SLICE_FROM = 25
#: per-instance queries go to the incremental solver for this long, then to a fresh one (seconds)
INCREMENTAL_FIRST_S = 2.0


class Prover:
    """Incremental solvers over one encoding, reused by every property of a run."""

    def __init__(self, enc: Encoding, stutter: bool = False) -> None:
        """``stutter`` lets the BMC unrolling idle (state unchanged) at any step, so that "reached
        within k steps" is "reached at step k": one query per depth bound instead of one per depth.
        Only witness searches use it; their traces need not be shortest."""
        self.enc = enc
        self.stutter = stutter
        self.idle: list[z3.BoolRef] = []
        # the induction step is asked on the relation's own variables: each instance's guard and
        # writes are then built once per encoding (on 16 x 16 building them took half a minute)
        _, self.s0, self.s1, self.st = enc.template()
        self._sliced: z3.Solver | None = None
        self._read_sets: dict[str, set[Any]] = {}
        self._failed_at: dict[str, int] = {}
        #: (property, event) whose per-instance queries go to a fresh solver at once
        self._fresh_first: set[tuple[str, str]] = set()
        self._lemma_after: dict[str, z3.BoolRef] = {}
        self.lemmas: list[Property] = []
        self.ind = z3.Solver()
        self.ind.add(enc.domain(self.s0), enc.trans(self.s0, self.s1, self.st))
        # The type domain (enums in range, clocks and allocatable non-negative, bound_to a node) helps
        # induction close, but assuming it of the post-state is sound only if no step leaves it: a
        # step that writes a negative allocatable would otherwise be pruned from every induction
        # step, and the property it breaks "proved". So it is assumed after a step only once proved
        # inductive here (one query per event instance), and never otherwise.
        self.domain_inductive = self._domain_is_inductive()
        if self.domain_inductive:
            self.ind.add(enc.domain(self.s1))
        self.base = z3.Solver()
        self.base.add(enc.init(self.s0))
        # BMC unrolling, grown on demand
        self.bmc = z3.Solver()
        self.bstates = [enc.state("b0")]
        self.bsteps: list[Step] = []
        self.bmc.add(enc.init(self.bstates[0]))

    def _domain_is_inductive(self, timeout_s: float = 30.0) -> bool:
        """Whether every step from a state in the type domain stays in it (``unknown``: not assumed).

        One query per event instance, over the variables it writes (every other one keeps its value,
        and with it its domain): on 16 × 16 one query over the whole relation did not finish in time.
        """
        t0 = time.monotonic()
        enc = self.enc
        q = z3.Solver()
        q.add(enc.domain(self.s0))
        for guard, post in self.enc.template_parts:
            if any(x[0] == "param" for x in post):
                return False  # (no event writes a timing parameter; one that did is not sliced)
            broken = [c for x in post for c in enc.key_domain(x, as_term(post[x]))]
            if not broken:
                continue
            left = timeout_s - (time.monotonic() - t0)
            if left <= 0 or self._check(q, [guard, z3.Not(z3.And(*broken))], left) != z3.unsat:
                return False
        return True

    def add_lemma(self, prop: Property) -> None:
        """Assume a proved state property in the pre- and post-state of the induction step."""
        self.lemmas.append(prop)
        self.ind.add(self.enc.assume(prop, self.s0), self.enc.assume(prop, self.s1))
        if self._sliced is not None:
            self._sliced.add(self.enc.assume(prop, self.s0))

    def _check(self, solver: z3.Solver, extra: Iterable[z3.BoolRef], timeout_s: float) -> z3.CheckSatResult:
        solver.push()
        solver.set("timeout", max(1, int(timeout_s * 1000)))
        for e in extra:
            solver.add(e)
        r = solver.check()
        solver.pop()
        return r

    @staticmethod
    def _check_fresh(background: z3.Solver, extra: Iterable[z3.BoolRef], timeout_s: float, model: bool = False) -> Any:
        """The query of :meth:`_check` on a new solver with the same assertions: Z3 then simplifies
        and eliminates variables before it searches, which incremental solving does not do.
        ``model``: return ``(answer, model or None)`` (the re-arming graph reads its edges off it)."""
        solver = z3.Solver()
        solver.set("timeout", max(1, int(timeout_s * 1000)))
        solver.add(background.assertions())
        for e in extra:
            solver.add(e)
        r = solver.check()
        if model:
            return r, (solver.model() if r == z3.sat else None)
        return r

    def induction(self, prop: Property, timeout_s: float) -> EngineResult:
        """1-induction relative to the lemmas: base (state properties) and step."""
        t0 = time.monotonic()
        enc = self.enc
        if prop.kind == "state":
            r = self._check(self.base, [z3.Not(enc.holds(prop, self.s0))], timeout_s)
            if r == z3.sat:
                return EngineResult("violated", "k-induction", 0, time.monotonic() - t0, reason="initial state")
            if r == z3.unknown:
                return EngineResult("inconclusive", "k-induction", 0, time.monotonic() - t0, reason="base unknown")
            step = [enc.holds(prop, self.s0), z3.Not(enc.holds(prop, self.s1))]
        else:
            step = [z3.Not(enc.holds(prop, self.s0, self.s1, self.st))]
        r = self._check(self.ind, step, timeout_s)
        dt = time.monotonic() - t0
        if r == z3.unsat:
            return EngineResult(
                "proved", "k-induction", None, dt, reason="1-inductive relative to proved lemmas", detail={"k": 1}
            )
        return EngineResult("inconclusive", "k-induction", 1, dt, reason="not 1-inductive")

    def induction_sliced(self, prop: Property, timeout_s: float) -> EngineResult:
        """1-induction relative to the lemmas, one small query per event instance.

        The transition relation is a disjunction over event instances, so the monolithic step query
        is unsatisfiable exactly when each instance's query is. A state property is asked only of
        the instances that write a variable it reads, a step property only of the instances of its
        events (node 0's and pod 0's under symmetry), and the post-state is the instance's own terms
        (its writes, every other variable unchanged). Weaker than :meth:`induction` only in that
        after the step the lemmas are assumed of node 0 and pod 0, not of every node and pod. Its
        cost grows with the number of instances, not with their product with the formula: a
        property that sums over every pod (the scheduler's Requested) is proved at 16 × 16 this way.
        Under symmetry a state property is asked only of one instance per orbit of the renamings
        that fix node 0 and pod 0 (:meth:`.Encoding.represents_its_orbit`): the queries of the
        others are renamings of these.
        ``inconclusive`` sends the caller back to the monolithic query.
        """
        t0 = time.monotonic()
        enc = self.enc
        s0, st = self.s0, self.st
        if prop.kind == "state":
            # the base case, as in :meth:`induction`: a property no step breaks may be false at the start
            r = self._check(self.base, [z3.Not(enc.holds(prop, s0))], timeout_s)
            if r == z3.sat:
                return EngineResult("violated", "k-induction", 0, time.monotonic() - t0, reason="initial state")
            if r == z3.unknown:
                return EngineResult(
                    "inconclusive",
                    "k-induction",
                    0,
                    time.monotonic() - t0,
                    reason="base unknown",
                    detail={"gave_up": True},
                )
            reads = self._reads(prop)
            todo = [
                k
                for k, (_, post) in enumerate(self.enc.template_parts)
                if enc.represents_its_orbit(enc.instances[k]) and any(x in post for x in reads)
            ]
        else:
            todo = [k for k, inst in enumerate(enc.instances) if inst.event.id in prop.events and enc.in_focus(inst)]
        # the instance that broke it last time goes first: while the lemmas it lacks are missing, it
        # fails there again at once (a round on 16 × 16 asks a thousand instances)
        first = self._failed_at.get(prop.id)
        if first in todo:
            todo = [first, *(k for k in todo if k != first)]
        solver = self._slice_solver()
        solver.push()
        if prop.kind == "state":
            solver.add(enc.holds(prop, s0))
        # after the step: the post-state's variables (self.s1) are tied to the instance's terms only
        # where the property or a lemma reads them, so each formula is built once, not per instance
        s1 = self.s1
        goal = z3.Not(enc.holds(prop, s1)) if prop.kind == "state" else None
        lemmas_after = [(self._reads(lem), self._after(lem)) for lem in self.lemmas]
        try:
            for k in todo:
                guard, post = self.enc.template_parts[k]
                if goal is not None:
                    broken, tied = goal, set(reads)
                else:
                    t = {x: as_term(post[x]) if x in post else s0[x] for x in enc.keys}
                    broken, tied = z3.Not(enc.holds_on(prop, k, s0, t, st)), set()
                # as the whole query assumes them: the type domain (once proved inductive) of what
                # the instance writes, and each lemma on node 0 and pod 0 that reads it (one that
                # reads nothing written holds after the step as before it)
                after = [c for x in post for c in enc.key_domain(x, as_term(post[x]))] if self.domain_inductive else []
                for lem_reads, lem_after in lemmas_after:
                    if not lem_reads.isdisjoint(post):
                        after.append(lem_after)
                        tied |= lem_reads
                eqs = [s1[x] == (as_term(post[x]) if x in post else s0[x]) for x in tied]
                query = [guard, *eqs, *after, broken]
                left = max(0.001, timeout_s - (time.monotonic() - t0))
                hard = (prop.id, enc.instances[k].event.id)
                r = z3.unknown
                if hard not in self._fresh_first:
                    r = self._check(solver, query, min(left, INCREMENTAL_FIRST_S))
                if r == z3.unknown and (hard in self._fresh_first or left > INCREMENTAL_FIRST_S):
                    # the incremental solver skips Z3's preprocessing; a query it cannot settle
                    # quickly (a sum over 16 pods after a Node deletion) goes to a fresh solver, and
                    # so do the same event's other instances for this property from then on
                    r = self._check_fresh(solver, query, timeout_s - (time.monotonic() - t0))
                    self._fresh_first.add(hard)
                if r != z3.unsat:
                    self._failed_at[prop.id] = k
                    return EngineResult(
                        "inconclusive",
                        "k-induction",
                        1,
                        time.monotonic() - t0,
                        reason=f"not 1-inductive at {enc.instances[k].label} (instance by instance)"
                        if r == z3.sat
                        else f"timeout or unknown at {enc.instances[k].label}",
                        detail={"gave_up": r != z3.sat},
                    )
        finally:
            solver.pop()
        return EngineResult(
            "proved",
            "k-induction",
            None,
            time.monotonic() - t0,
            reason=f"1-inductive relative to proved lemmas, instance by instance ({len(todo)} queries)",
            detail={"k": 1, "sliced": len(todo)},
        )

    def _after(self, lemma: Property) -> z3.BoolRef:
        """A lemma on node 0 and pod 0 of the post-state variables (built once per lemma)."""
        got = self._lemma_after.get(lemma.id)
        if got is None:
            got = self._lemma_after[lemma.id] = self.enc.holds(lemma, self.s1)
        return got

    def _reads(self, prop: Property) -> set[Any]:
        """What a state property reads on node 0 and pod 0 (cached: the lemmas are asked often)."""
        got = self._read_sets.get(prop.id)
        if got is None:
            got = self._read_sets[prop.id] = self.enc.reads(prop)
        return got

    def _slice_solver(self) -> z3.Solver:
        """The per-instance queries' background: the type domain and the proved lemmas, before the step."""
        if self._sliced is None:
            self._sliced = z3.Solver()
            self._sliced.add(self.enc.domain(self.s0), *[self.enc.assume(lem, self.s0) for lem in self.lemmas])
        return self._sliced

    def _grow(self, depth: int) -> None:
        enc = self.enc
        while len(self.bstates) <= depth:
            k = len(self.bstates)
            self.bsteps.append(enc.step_vars(f"b{k - 1}"))
            self.bstates.append(enc.state(f"b{k}"))
            tr = enc.trans(self.bstates[k - 1], self.bstates[k], self.bsteps[k - 1])
            if self.stutter:
                idle = z3.Bool(f"idle@b{k - 1}")
                self.idle.append(idle)
                same = z3.And(*[self.bstates[k][x] == self.bstates[k - 1][x] for x in enc.keys])
                tr = z3.If(idle, same, tr)
            self.bmc.add(tr)

    def bmc_many(self, queries: list[tuple[Property, str]], depth: int, timeout_s: float) -> dict[str, EngineResult]:
        """Several BMC queries in one unrolling: at each depth, every query still open is asked.

        Returns, per property id, ``reachable``/``violated`` with the shortest trace, or the
        negative answer when the depth bound (or the time) ran out.
        """
        t0 = time.monotonic()
        enc = self.enc
        out: dict[str, EngineResult] = {}
        open_q = list(queries)
        reached = -1
        timed_out = False
        for k in range(depth + 1):
            if not open_q or timed_out:
                break
            self._grow(k)
            s = self.bstates
            targets: list[tuple[Property, str, z3.BoolRef]] = []
            for prop, goal in open_q:
                kind = prop.kind if goal == "violation" else prop.witness_kind
                if kind == "state":
                    tgt = z3.Not(enc.holds(prop, s[k])) if goal == "violation" else enc.witness(prop, s[k])
                elif k == 0:
                    continue
                elif goal == "violation":
                    tgt = z3.Not(enc.holds(prop, s[k - 1], s[k], self.bsteps[k - 1]))
                else:
                    tgt = enc.witness(prop, s[k - 1], s[k], self.bsteps[k - 1])
                targets.append((prop, goal, tgt))
            # one query for all open targets at this depth; each model settles every target it meets
            while targets:
                left = timeout_s - (time.monotonic() - t0)
                if left <= 0:
                    timed_out = True
                    break
                self.bmc.push()
                self.bmc.set("timeout", max(1, int(left * 1000)))
                self.bmc.add(z3.Or(*[tgt for _, _, tgt in targets]))
                r = self.bmc.check()
                if r == z3.unknown:
                    timed_out = True
                if r != z3.sat:
                    self.bmc.pop()
                    break
                m = self.bmc.model()
                met = [(p, g, tgt) for p, g, tgt in targets if z3.is_true(m.eval(tgt, model_completion=True))]
                trace = self._read(m, k)
                self.bmc.pop()
                for p, g, tgt in met:
                    out[p.id] = EngineResult(
                        "violated" if g == "violation" else "reachable", "bmc", k, time.monotonic() - t0, trace
                    )
                    open_q.remove((p, g))
                    targets.remove((p, g, tgt))
            if not timed_out:
                reached = k
        for prop, goal in open_q:
            if reached < depth:
                out[prop.id] = EngineResult(
                    "inconclusive",
                    "bmc",
                    max(reached, 0),
                    time.monotonic() - t0,
                    reason=f"time ran out after depth {reached}",
                )
            else:
                out[prop.id] = EngineResult(
                    "proved" if goal == "violation" else "unreachable",
                    "bmc",
                    depth,
                    time.monotonic() - t0,
                    reason=f"none up to depth {depth}",
                )
        return out

    def reach_within(self, queries: list[Property], depth: int, timeout_s: float) -> dict[str, EngineResult]:
        """Witness search when shortest runs do not matter (needs ``stutter``).

        A premise reached within ``depth`` steps is reached at the last step of a run that idles
        before it, so one SAT query per premise suffices. Each run found is then scanned, step by
        step, for every other open premise (model evaluation, no solving): one deep run settles
        most premises. The last premises asked first are the deepest ones in the catalogue.
        """
        assert self.stutter
        t0 = time.monotonic()
        enc = self.enc
        self._grow(depth)
        s, st = self.bstates, self.bsteps

        def at(prop: Property, k: int) -> z3.BoolRef | None:
            if prop.witness_kind == "state":
                return enc.witness(prop, s[k])
            if k == 0:
                return None
            return z3.And(z3.Not(self.idle[k - 1]), enc.witness(prop, s[k - 1], s[k], st[k - 1]))

        out: dict[str, EngineResult] = {}
        open_q = list(reversed(queries))
        while open_q:
            prop = open_q[0]
            left = timeout_s - (time.monotonic() - t0)
            if left <= 0:
                break
            self.bmc.push()
            self.bmc.set("timeout", max(1, int(left * 1000)))
            self.bmc.add(at(prop, depth))
            r = self.bmc.check()
            if r == z3.sat:
                m = self.bmc.model()
                for q in list(open_q):
                    for k in range(depth + 1):
                        tgt = at(q, k)
                        if tgt is not None and z3.is_true(m.eval(tgt, model_completion=True)):
                            out[q.id] = EngineResult("reachable", "bmc", k, time.monotonic() - t0)
                            open_q.remove(q)
                            break
            self.bmc.pop()
            if r != z3.sat:
                out[prop.id] = EngineResult(
                    "unreachable" if r == z3.unsat else "inconclusive",
                    "bmc",
                    depth,
                    time.monotonic() - t0,
                    reason=f"not reached within {depth} steps",
                )
                open_q.remove(prop)
        for q in open_q:
            out[q.id] = EngineResult("inconclusive", "bmc", depth, time.monotonic() - t0, reason="timeout")
        return out

    def first_violation(
        self, props: list[Property], depth: int, timeout_s: float | None = None
    ) -> tuple[Property, Trace] | None:
        """The shortest run that breaks any of ``props``, and the first property (in order) it breaks.

        One disjunction per depth, so the answer is deterministic for a given Z3 version: the
        diagrams draw these runs and commit them. ``timeout_s`` bounds the whole search: a bug whose
        shortest run is longer than ``depth`` otherwise costs the proof that the last depth has none,
        which can take hours (None then, as when nothing is found).
        """
        enc = self.enc
        t0 = time.monotonic()
        for k in range(depth + 1):
            if timeout_s is not None:
                left = timeout_s - (time.monotonic() - t0)
                if left <= 0:
                    return None
                self.bmc.set("timeout", max(1, int(left * 1000)))
            self._grow(k)
            s = self.bstates
            targets = []
            for p in props:
                if p.kind == "state":
                    targets.append((p, z3.Not(enc.holds(p, s[k]))))
                elif k > 0:
                    targets.append((p, z3.Not(enc.holds(p, s[k - 1], s[k], self.bsteps[k - 1]))))
            self.bmc.push()
            self.bmc.add(z3.Or(*[t for _, t in targets]))
            found = None
            if self.bmc.check() == z3.sat:
                m = self.bmc.model()
                prop = next(p for p, t in targets if z3.is_true(m.eval(t, model_completion=True)))
                found = (prop, self._read(m, k))
            self.bmc.pop()
            if found:
                return found
        return None

    def _read(self, m: z3.ModelRef, k: int) -> Trace:
        enc = self.enc
        out: Trace = [(None, (), enc.read_state(m, self.bstates[0]))]
        for i in range(k):
            ev, args = enc.read_step(m, self.bsteps[i])
            out.append((ev, args, enc.read_state(m, self.bstates[i + 1])))
        return out


class InadmissibleParameters(ValueError):
    """The model's timing constraints, its parameter overrides and the fixed values admit no assignment,
    or its constraints exclude upstream's defaults (every proof would be about clusters nobody runs)."""


def _constraints_narrower_than_declared(
    constraints: tuple[Any, ...], terms: dict[str, z3.ArithRef], params: Any
) -> tuple[str, str] | None:
    """The constraints of a model that exclude some timing :data:`~nodereg.model.params.CONSTRAINTS`
    admit, with one such timing; None when every declared-admissible timing is still admitted."""
    from nodereg.model.params import CONSTRAINTS

    solver = z3.Solver()
    for c in CONSTRAINTS:
        solver.add(as_term(c.formula(params)))
    own = [(c, as_term(c.formula(params))) for c in constraints]
    solver.add(z3.Not(z3.And(*[t for _, t in own])) if own else z3.BoolVal(False))
    if solver.check() != z3.sat:
        return None
    m = solver.model()
    values = {name: m.eval(t, model_completion=True).as_long() for name, t in terms.items()}
    broken = [
        c.id
        for c, t in own
        if z3.is_false(z3.simplify(z3.substitute(t, *[(terms[k], z3.IntVal(v)) for k, v in values.items()])))
    ]
    witness = ", ".join(f"{k}={v}" for k, v in sorted(values.items()))
    return ", ".join(broken), witness


def check_parameters_admissible(model: Model, fixed: dict[str, int] | None = None) -> None:
    """Refuse a model whose timing parameters can take no value at all.

    Every initial state requires admissible parameters, so with none the model has no run and every
    property would come out "proved" (and, without witness checks, as under ``--mutants``, nothing
    would say it is vacuous). The CLI checks ``--param`` against the constraints; a model's own
    ``param_overrides`` (a seeded mutant pinning a version's defaults, say) are checked here.
    """
    from nodereg.model.params import K8S_VERSION, PARAMS, constraints_excluding_defaults

    values = {**dict(model.param_overrides), **(fixed or {})}
    terms = {p.var: z3.Int(f"param.{p.var}") for p in PARAMS}

    class _Params:
        def __getattr__(self, name: str) -> Any:
            return terms[name]

    solver = z3.Solver()
    for c in model.constraints:
        solver.add(as_term(c.formula(_Params())))
    for name, value in values.items():
        solver.add(terms[name] == value)
    # round 11: a constraint that excludes upstream's defaults leaves runs, but none of a default cluster
    excluded = constraints_excluding_defaults(tuple(model.constraints))
    if excluded:
        raise InadmissibleParameters(
            f"model {model.name!r}: its constraints ({', '.join(c.id for c in excluded)}) exclude upstream's "
            f"defaults for Kubernetes {K8S_VERSION}; every property would be proved only for clusters nobody runs"
        )
    # round 12: a constraint narrower than the declared ones (gap strictly below grace, say) keeps the
    # defaults, but every proof then skips timings kube-controller-manager and the kubelet accept
    # (NodeLifecycleControllerOptions.Validate checks no relation between the periods): the boundary
    # values where such bugs live (gap == grace) would never be looked at. Dropping a constraint (the CLI
    # does so for one a property assumes) only widens the proofs and stays allowed.
    narrower = _constraints_narrower_than_declared(tuple(model.constraints), terms, _Params())
    if narrower is not None:
        names, witness = narrower
        raise InadmissibleParameters(
            f"model {model.name!r}: its constraints ({names}) exclude timings the declared constraints admit "
            f"({witness}); every property would be proved only for part of the clusters upstream accepts"
        )
    if solver.check() != z3.sat:
        pinned = ", ".join(f"{k}={v}" for k, v in sorted(values.items())) or "none"
        raise InadmissibleParameters(
            f"model {model.name!r}: no timing parameters satisfy its constraints "
            f"({', '.join(c.id for c in model.constraints)}) with the values pinned ({pinned}); "
            "every property would hold vacuously"
        )


def verify(
    model: Model,
    cfg: Config,
    props: list[Property] | None = None,
    *,
    engine: str = "auto",
    timeout_s: float = 60.0,
    fixed: dict[str, int] | None = None,
    bmc_depth: int = 14,
    witness_depth: int = 16,
    check_witnesses: bool = True,
    unbounded: bool = True,
    jobs: int = 1,
    rows: Iterable[str] = (),
) -> list[Verdict]:
    """Check ``props`` (default: every property and lemma) and return one verdict each.

    ``rows`` asks, besides ``props``, for the verifier's own rows (:data:`VERIFIER_ROWS`): a full run
    has both, and ``nodereg verify --property symmetry`` (every row it prints can be asked for alone)
    runs the symmetry check and nothing else.

    ``jobs`` > 1 searches witnesses in that many worker processes (the model is rebuilt there from
    its name, so only the real model and the seeded mutants can be checked in parallel).
    """
    check_parameters_admissible(model, fixed)
    rows = set(rows)
    unknown_rows = rows - set(VERIFIER_ROWS)
    if unknown_rows:
        raise ValueError(f"rows: {sorted(unknown_rows)} are not the verifier's rows {VERIFIER_ROWS}")
    if not props:
        if not rows or props is None:
            rows = set(VERIFIER_ROWS)
        props = None if rows == set(VERIFIER_ROWS) else []
    # a full run adds the verifier's own time-progress properties (their row: time-can-pass)
    wanted = list(props) if props is not None else list(ALL_PROPERTIES)
    if TIME_ID in rows:
        wanted += time_properties(model)
    # lemmas are always proved first, so that what they support can use them
    work = [p for p in ALL_PROPERTIES if p.lemma] + [p for p in wanted if not p.lemma]
    # completeness properties read the guard of the model checked, not the declaration's
    work = [p.for_model(model) for p in dict.fromkeys(work)]
    wanted = [p.for_model(model) for p in wanted]
    # concrete witness runs need no proof: with a spare core they run beside the proofs
    early = _EarlyRuns(model, cfg, fixed, work, timeout_s) if check_witnesses and jobs > 1 else None
    enc = Encoding(model, cfg, fixed)
    # symmetry first: only a proof of it lets ∀-properties be checked on node 0 and pod 0 alone
    sym = check_symmetry(enc, timeout_s)
    if not wanted:  # the symmetry row alone
        return [_symmetry_row(sym, enc)]
    if sym.status != "proved":
        reduced = enc
        enc = Encoding(model, cfg, fixed, symmetry=False)
        enc.adopt_template(reduced)
    prover = Prover(enc)
    results: dict[str, EngineResult] = {}

    if engine in ("auto", "k-induction"):
        # on large clusters the per-instance queries go round until they prove nothing more (each
        # lemma they prove helps the next round); only then is the whole query asked, once per round
        sliced = cfg.nodes * cfg.pods >= SLICE_FROM
        whole = not sliced
        gave_up: set[str] = set()
        while True:
            progress = False
            for p in work:
                if p.id in results:
                    continue
                r = EngineResult("inconclusive", "k-induction", 1, 0.0)
                if sliced and p.id not in gave_up:
                    r = prover.induction_sliced(p, timeout_s)
                    if r.detail.get("gave_up"):
                        gave_up.add(p.id)  # a time box spent is not spent again each round
                if r.status == "inconclusive" and whole:  # (false at the start: BMC below gives the run)
                    r = prover.induction(p, timeout_s)
                if r.status == "proved":
                    results[p.id] = r
                    progress = True
                    if p.kind == "state" and p.id != TIME_ID:  # time-can-pass supports nothing
                        prover.add_lemma(p)
                elif r.status == "violated":
                    results[p.id] = r
            if not progress:
                if whole:
                    break
                whole = True
    # BMC, one unrolling for every property still open: shortest counterexamples first
    # lemmas nobody asked for are only helpers: when they fail induction they are not searched further
    asked = {p.id for p in wanted}
    open_props = [p for p in work if (p.id not in results or results[p.id].status != "proved") and p.id in asked]
    if engine != "k-induction" and engine != "spacer" and open_props and fixed:
        # fixed timing: violations are typically deeper than any unrolling (many periodic passes),
        # so concrete runs with time acceleration go first; with symbolic timing BMC goes first and
        # finds the shortest counterexample
        for pid, r in _concrete_violations(model, cfg, fixed, open_props, timeout_s).items():
            results[pid] = r
        open_props = [p for p in open_props if p.id not in results or results[p.id].status != "violated"]
    if engine != "k-induction" and engine != "spacer" and open_props:
        small = Config(1, min(1, cfg.pods))
        if small != cfg:
            # a violation in a one-node, one-pod cluster is usually one in every larger cluster (the
            # other kubelets stay without credentials, the other pods pending); search there first.
            # Not always: a bound that grows with the cluster (the NoExecute queue's (nodes - 1)*10 s)
            # may be met by the lifted run, so it is kept only if it breaks the property at ``cfg``;
            # otherwise the search below at ``cfg`` decides (round 13: such a run reached the verdict
            # and stopped the whole verify with "does not replay")
            from .counterexample import replay

            found = Prover(Encoding(model, small, fixed)).bmc_many(
                [(p, "violation") for p in open_props], bmc_depth, timeout_s
            )
            for p in open_props:
                r = found[p.id]
                if r.status == "violated" and r.trace:
                    lifted = lift(r.trace, model, small, cfg)
                    if replay(model, cfg, lifted, p):
                        r.trace = lifted
                        results[p.id] = r
            open_props = [p for p in open_props if p.id not in results or results[p.id].status != "violated"]
        found = prover.bmc_many([(p, "violation") for p in open_props], bmc_depth, timeout_s)
        for p in open_props:
            r = found[p.id]
            if r.status == "violated":
                results[p.id] = r
        # deeper than any unrolling (many periodic controller passes at fixed timing): concrete runs
        # with time acceleration on the smallest cluster; a run found is replayed like any other
        open_props = [p for p in open_props if p.id not in results or results[p.id].status != "violated"]
        if open_props and not fixed:
            for pid, r in _concrete_violations(model, cfg, fixed, open_props, timeout_s).items():
                results[pid] = r
    # Spacer for what neither induction nor BMC settled
    for p in work:
        if p.id not in asked:
            continue
        settled = results.get(p.id)
        if settled is not None and (settled.status == "proved" or (settled.status == "violated" and settled.trace)):
            continue
        if engine in ("auto", "spacer") and unbounded:
            r = spacer(enc, p, timeout_s, lemmas=prover.lemmas)
            if r.status == "proved":
                results[p.id] = r
                if p.kind == "state":
                    prover.add_lemma(p)
                continue
            if r.status == "violated":
                results[p.id] = EngineResult(
                    "violated",
                    "spacer",
                    None,
                    r.seconds,
                    reason=f"Spacer: the violation is reachable, deeper than BMC depth "
                    f"{bmc_depth} (raise --depth for a counterexample)",
                )
                continue
        if p.id not in results:
            results[p.id] = EngineResult(
                "inconclusive",
                "bmc",
                bmc_depth,
                0.0,
                reason=f"no counterexample up to depth {bmc_depth} and no unbounded proof"
                + ("" if unbounded else " (unbounded engines off)"),
            )
    verdicts: list[Verdict] = []
    for p in work:
        if p.id not in asked:
            continue
        r = results[p.id]
        v = Verdict(
            p.id,
            r.status,
            r.engine,
            r.bound,
            r.seconds,
            reason=r.reason,
            witness=p.witness_text,
            lemma=p.lemma,
            assumes=p.assumes,
            trace=r.trace,
            detail=dict(r.detail),
        )
        if r.status == "violated" and r.trace:
            from .counterexample import describe, replay

            v.counterexample = describe(compiled(model, cfg), r.trace)
            v.replayed = replay(model, cfg, r.trace, p)
            if not v.replayed:
                # Z3's run and the executable semantics disagree: no verdict can be given on it
                raise AssertionError(
                    f"{p.id}: the {r.engine} counterexample ({len(r.trace) - 1} steps) does not replay on the "
                    "machine and the compiled step, or does not break the property there"
                )
            v.bound = len(r.trace) - 1
        verdicts.append(v)
    if check_witnesses:
        _check_witnesses(model, cfg, fixed, verdicts, enc, witness_depth, timeout_s, jobs, work, early)
    if any(v.id == TIME_ID for v in verdicts):
        verdicts = _time_row(verdicts, prover, model, timeout_s)
    for v in verdicts:
        v.detail["symmetry_reduction"] = enc.symmetry
    if SYMMETRY_ID in rows:
        verdicts.insert(0, _symmetry_row(sym, enc))
    return verdicts


def _symmetry_row(sym: Any, enc: Encoding) -> Verdict:
    """The ``symmetry`` row: the check of the transition relation under renaming of nodes and pods."""
    return Verdict(
        SYMMETRY_ID,
        sym.status,
        "z3",
        None,
        sym.seconds,
        reason=sym.reason,
        detail={"offending": sym.offending, "queries": sym.queries, "symmetry_reduction": enc.symmetry},
    )


def _time_row(verdicts: list[Verdict], prover: Prover, model: Model, timeout_s: float) -> list[Verdict]:
    """Fold the two time-progress properties and the re-arming graph into the one ``time-can-pass`` row."""
    parts = [v for v in verdicts if v.id in (TIME_ID, CLEARS_ID)]
    rest = [v for v in verdicts if v.id not in (TIME_ID, CLEARS_ID)]
    row = next(v for v in parts if v.id == TIME_ID)
    for status in ("violated", "vacuous", "inconclusive"):
        bad = next((v for v in parts if v.status == status), None)
        if bad is not None:
            if bad is not row:
                row = dataclasses.replace(bad, id=TIME_ID, reason=f"{bad.id}: {bad.reason}")
            return [*rest, row]
    cfg = prover.enc.cfg
    graph = rearm_graph(prover, model, timeout_s, per_instance=cfg.nodes * cfg.pods >= SLICE_FROM)
    row.seconds = sum(v.seconds for v in parts)
    row.detail.update(
        {
            "rearm": {k: sorted(v) for k, v in graph.edges.items()},
            "cascade_bound": graph.bound,
            "witness_depth": max((v.detail.get("witness_depth") or 0) for v in parts),
        }
    )
    if graph.unknown:
        row.status = "inconclusive"
        row.reason = "z3 answered unknown, or ran out of time, on the re-arming graph of urgent actions"
    elif graph.cycle:
        row.status = "inconclusive"
        row.reason = (
            f"urgent actions may re-arm one another ({' → '.join(graph.cycle)}): no bound on the "
            "overdue cascade is proved"
        )
    else:
        row.reason = (
            f"every overdue action is enabled and clears its deadline; re-arming {graph.text()} is "
            f"acyclic, so time passes after at most {graph.bound} urgent actions"
        )
    return [*rest, row]


#: The row of the symmetry check (not a catalogue property: it is about the relation, not the runs).
SYMMETRY_ID = "symmetry"
#: The rows ``nodereg verify`` prints that are the verifier's own checks, not catalogue properties.
VERIFIER_ROWS = (SYMMETRY_ID, TIME_ID)


def _check_witnesses(
    model: Model,
    cfg: Config,
    fixed: dict[str, int] | None,
    verdicts: list[Verdict],
    enc: Encoding,
    depth: int,
    timeout_s: float,
    jobs: int = 1,
    props: list[Property] | None = None,
    early: _EarlyRuns | None = None,
) -> None:
    """Find a run reaching each proved property's premise, or report it ``vacuous``.

    The search runs on a one-node, one-pod cluster first: such a run embeds in every larger
    configuration (the other kubelets stay without credentials and the other pods pending, so
    they add no urgency and take no step). What it does not find is searched on the full
    configuration by Spacer, whose "unreachable" is a proof of vacuity.
    """
    by_id = {p.id: p for p in (props or ALL_PROPERTIES)}
    todo = [v for v in verdicts if v.status == "proved" and v.id in by_id]
    if not todo:
        if early is not None:
            early.close()
        return
    small = Config(1, min(1, cfg.pods))
    # concrete runs first (fast, and they reach premises that need many controller passes)
    if early is not None:
        sim = {pid: depth for pid, depth in early.result().items() if pid in {v.id for v in todo}}
    else:
        sim = _concrete_witnesses(model, small, fixed, [by_id[v.id] for v in todo], timeout_s)
    for v in todo:
        if v.id in sim:
            v.detail["witness_engine"] = "simulation"
            v.detail["witness_depth"] = sim[v.id]
    todo_z3 = [v for v in todo if v.id not in sim]
    ids = [v.id for v in todo_z3]
    if not ids:
        return
    if jobs > 1 and len(ids) > 1:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        # forked workers inherit the model and the properties (whatever variant they are: a mutant,
        # a model with a dropped assumption, a test's own property), so nothing is rebuilt by name
        global _FORK_JOB
        _FORK_JOB = (model, {i: by_id[i] for i in ids})
        try:
            # chunks interleaved so that deep and shallow premises spread over the workers
            chunks = [ids[i::jobs] for i in range(jobs)]
            with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("fork")) as pool:
                parts = pool.map(_witness_worker, [(small, fixed, c, depth, timeout_s) for c in chunks if c])
                found = {k: v for part in parts for k, v in part.items()}
        finally:
            _FORK_JOB = None
    else:
        found = _witness_search(model, small, fixed, [by_id[i] for i in ids], depth, timeout_s)
    unsettled: list[Verdict] = []
    for v in todo_z3:
        w = found[v.id]
        v.detail["witness_engine"] = "bmc"
        v.detail["witness_depth"] = w.bound if w.status == "reachable" else None
        if w.status == "reachable":
            continue
        sw = spacer(enc, by_id[v.id], timeout_s, goal="witness")
        if sw.status == "unreachable":
            v.status, v.reason = "vacuous", f"premise never reachable: {v.witness}"
        elif sw.status != "reachable":
            unsettled.append(v)
    if not unsettled:
        return
    # before "inconclusive": concrete runs again, for these premises only and with the violation
    # search's budget. The first search stops after 5 s of wall time, so on a loaded machine it ran
    # out before a deep premise (`--k8s-version 1.35`: a Node still waiting for its route marked
    # Unknown, 50 s of silence) that it reaches in a few hundred runs, and the run exited 3.
    late = _concrete_witnesses(
        model, small, fixed, [by_id[v.id] for v in unsettled], timeout_s, walks=VIOLATION_WALKS, budget_s=15.0
    )
    for v in unsettled:
        if v.id in late:
            v.detail["witness_engine"] = "simulation"
            v.detail["witness_depth"] = late[v.id]
        else:
            v.status = "inconclusive"
            v.reason = f"premise not reached up to depth {depth}: {v.witness}"


def lift(trace: Trace, model: Model, small: Config, big: Config) -> Trace:
    """Embed a run of a smaller cluster in a bigger one: extra nodes and pods keep their initial values.

    Frozen values of the extra nodes and pods (capacity, tolerations, ...) are copied from node 0 and
    pod 0, which is one admissible choice; the caller replays the lifted run to confirm it.
    """
    cs, cb = compiled(model, small), compiled(model, big)
    src = {k: i for i, k in enumerate(cs.layout.keys)}

    def state(st: tuple[Any, ...]) -> tuple[Any, ...]:
        out = []
        for k in cb.layout.keys:
            if k in src:
                out.append(st[src[k]])
                continue
            scope, var, _ = k
            v = cb.layout.var[k]
            if scope == "ctl":
                out.append(0)
            elif v is not None and v.frozen:
                out.append(st[src[(scope, var, 0)]] if (scope, var, 0) in src else (False if v.sort == "bool" else 0))
            else:
                assert v is not None
                out.append(v.init if not v.clock else st[src[(scope, var, 0)]] if (scope, var, 0) in src else 0)
        return tuple(out)

    lifted: Trace = []
    for k, args, st in trace:
        kb = None if k is None else cb.index_of[cs.instances[k].label]
        lifted.append((kb, args, state(st)))
    # clocks of the extra nodes and pods advance with time: recompute the run on the big cluster
    cur = lifted[0][2]
    out: Trace = [lifted[0]]
    for kb, args, _ in lifted[1:]:
        assert kb is not None
        cur = cb.step(cur, kb, args)
        out.append((kb, args, cur))
    return out


def _witness_search(
    model: Model, cfg: Config, fixed: dict[str, int] | None, props: list[Property], depth: int, timeout_s: float
) -> dict[str, EngineResult]:
    prover = Prover(Encoding(model, cfg, fixed), stutter=True)
    # shallow bounds first: most premises are reached within 10 steps, and each deeper bound
    # costs more per query; the unrolling is shared, so nothing is built twice
    res: dict[str, EngineResult] = {}
    todo = list(props)
    t0 = time.monotonic()
    for bound in sorted({min(10, depth), min(13, depth), depth}):
        left = timeout_s - (time.monotonic() - t0)
        if not todo or left <= 0:
            break
        part = prover.reach_within(todo, bound, left)
        for pid, r in part.items():
            if r.status == "reachable" or bound == depth:
                res[pid] = r
        todo = [p for p in todo if p.id not in res]
    for p in todo:
        res[p.id] = EngineResult("inconclusive", "bmc", depth, time.monotonic() - t0, reason="timeout")
    for r in res.values():
        r.trace = None  # not needed by the caller; keeps what crosses process boundaries small
    return res


#: Concrete-run budgets: witnesses are cheap and many; a violation search runs only for what the
#: engines left open, and gets more runs (a #121793 counterexample needs two periodic actions in phase).
WITNESS_WALKS, VIOLATION_WALKS = 3000, 12000


def _concrete_witnesses(
    model: Model,
    small: Config,
    fixed: dict[str, int] | None,
    props: list[Property],
    timeout_s: float,
    walks: int = WITNESS_WALKS,
    budget_s: float = 5.0,
) -> dict[str, int]:
    """Premises reached by concrete runs (property id → run length); the rest go to Z3."""
    from .concrete import concrete_params, search

    params = concrete_params(model, fixed)
    if params is None or not props:
        return {}
    st = search(
        model, small, params, [(p, "witness") for p in props], walks=walks, time_budget_s=min(timeout_s, budget_s)
    )
    return {pid: f.depth for (pid, _), f in st.found.items()}


class _EarlyRuns:
    """Concrete witness runs in a forked process, started before the proofs and read after them."""

    def __init__(
        self, model: Model, cfg: Config, fixed: dict[str, int] | None, props: list[Property], timeout_s: float
    ) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("fork")
        self.recv, send = ctx.Pipe(duplex=False)
        args = (model, Config(1, min(1, cfg.pods)), fixed, props, timeout_s, send)
        self.proc = ctx.Process(target=_early_worker, args=args, daemon=True)
        self.proc.start()
        send.close()

    def result(self) -> dict[str, int]:
        """The premises found (property id → run length); nothing if the worker failed."""
        try:
            out = self.recv.recv() if self.recv.poll(60) else {}
        except (EOFError, OSError):
            out = {}
        self.close()
        return out

    def close(self) -> None:
        if self.proc.is_alive():
            self.proc.terminate()
        self.proc.join()
        self.recv.close()


def _early_worker(
    model: Model, small: Config, fixed: dict[str, int] | None, props: list[Property], timeout_s: float, send: Any
) -> None:
    try:
        send.send(_concrete_witnesses(model, small, fixed, props, timeout_s))
    finally:
        send.close()


def _concrete_violations(
    model: Model, cfg: Config, fixed: dict[str, int] | None, props: list[Property], timeout_s: float
) -> dict[str, EngineResult]:
    """Violations found by concrete runs on the smallest cluster, lifted to ``cfg`` and replayed there; for
    the properties still open, by concrete runs on ``cfg`` itself."""
    from .concrete import concrete_params, search

    params = concrete_params(model, fixed)
    if params is None:
        return {}
    small = Config(1, min(1, cfg.pods))
    # at symbolic timing BMC has already searched, at fixed timing runs go first; either way only
    # properties still open get here (never on a model whose properties are all proved), so the
    # larger budget costs a healthy run nothing: a bug that needs a silence, then a restart and a
    # pass more (20 steps) is found in ~7,000 runs, beyond the witness searches' 3,000
    walks, budget = VIOLATION_WALKS, 15.0
    st = search(
        model, small, params, [(p, "violation") for p in props], walks=walks, time_budget_s=min(timeout_s, budget)
    )
    from .counterexample import replay

    by_id = {p.id: p for p in props}
    found = {pid: f.trace for (pid, _), f in st.found.items()}
    found.update(_derived_violations(model, small, props, found))
    out = {}
    for pid, small_trace in found.items():
        trace = lift(small_trace, model, small, cfg) if small != cfg else small_trace
        if not replay(model, cfg, trace, by_id[pid]):
            continue  # the run does not embed in this configuration: leave the property to BMC
        out[pid] = EngineResult(
            "violated",
            "simulation",
            len(trace) - 1,
            st.seconds,
            trace,
            reason=f"a concrete run at {_timing_text(params)} breaks it",
        )
    rest = [p for p in props if p.id not in out]
    if rest and small != cfg:
        # a bug that needs two nodes or two pods (one node's pass that writes the other's variables, round
        # 13 of bugs written apart) has no run on the smallest cluster, and its runs are often deeper than
        # BMC's unrolling: search the configuration itself too (only properties still open get here)
        st_cfg = search(
            model, cfg, params, [(p, "violation") for p in rest], walks=walks, time_budget_s=min(timeout_s, budget)
        )
        for (pid, _), f in st_cfg.found.items():
            if pid in out or not replay(model, cfg, f.trace, by_id[pid]):
                continue
            out[pid] = EngineResult(
                "violated",
                "simulation",
                len(f.trace) - 1,
                st_cfg.seconds,
                f.trace,
                reason=f"a concrete run at {_timing_text(params)} on {cfg.nodes} nodes x {cfg.pods} pods breaks it",
            )
    return out


def _derived_violations(
    model: Model, small: Config, props: list[Property], found: dict[str, Trace]
) -> dict[str, Trace]:
    """Counterexamples read off the runs already found, for the properties the search missed.

    A run that breaks one property often breaks another on the way (the #121793 run leaves an
    undisturbed live kubelet's Node Unknown, which also breaks ``undisturbed-node-is-plain`` and
    ``node-becomes-schedulable``). The random search reported only the first of the three at 1.31 (why
    it misses the others in its own runs is not yet understood), so each found run is checked prefix
    by prefix against every property still open. The shortest prefix
    whose last state (or step) breaks it is the counterexample; it is replayed like any other.
    """
    from .concrete import _meets
    from .explorer import CompiledProperties

    missing = [p for p in props if p.id not in found]
    if not missing or not found:
        return {}
    cm = compiled(model, small)
    cp = CompiledProperties(cm, missing)
    out: dict[str, Trace] = {}
    runs = sorted(found.values(), key=len)
    for p in missing:
        for run in [*runs, *(v for r in runs for v in _argument_variants(cm, r))]:
            cut = next((i for i in range(2, len(run) + 1) if _meets(cp, p, "violation", run[:i])), None)
            if cut is not None:
                out[p.id] = run[:cut]
                break
    return out


def _argument_variants(cm: CompiledModel, run: Trace) -> Iterator[Trace]:
    """The run with the data arguments of one of its steps chosen otherwise (a registration that reports
    nothing unusual, say), the later steps that are no longer enabled left out.

    Why: which data a random run draws is luck. At Kubernetes 1.31's timing the first run that breaks
    heartbeating-node-stays-known registered its Node under memory pressure, so it was no run of an
    undisturbed node, and the two properties that assume heartbeat-gap-within-grace (round 13) stayed
    inconclusive although the same run with a plain registration breaks them too. Each variant is a real
    run of the compiled step, checked like any other (and lifted, replayed and checked against the property
    by the caller).
    """
    import itertools

    for j, (k, args, _) in enumerate(run):
        if k is None or not args:
            continue
        event = cm.instances[k].event
        domains = [range(len(a.names)) if a.names else (0, 1) for a in event.args]
        for alt in itertools.product(*domains):
            if alt == tuple(args):
                continue
            cur = run[j - 1][2]
            if not cm.enabled(cur, k, alt):
                continue
            variant: Trace = [*run[:j], (k, alt, cm.step(cur, k, alt))]
            for k2, a2, _ in run[j + 1 :]:
                assert k2 is not None
                last = variant[-1][2]
                if cm.enabled(last, k2, a2):
                    variant.append((k2, a2, cm.step(last, k2, a2)))
            yield variant


def _timing_text(params: dict[str, int]) -> str:
    from nodereg.model.params import PARAM_BY_VAR

    return ", ".join(f"{PARAM_BY_VAR[k].name}={v}s" for k, v in params.items())


#: The model and properties a forked witness worker searches (set by the parent just before forking).
_FORK_JOB: tuple[Model, dict[str, Property]] | None = None


def model_by_key(key: str) -> Model:
    """The real model (``"nodereg"``) or a seeded mutant by id."""
    from nodereg.model.mutants import MUTANT_BY_ID
    from nodereg.model.semantics import real_model

    return real_model() if key == "nodereg" else MUTANT_BY_ID[key].model()


def _witness_worker(args: tuple[Config, dict[str, int] | None, list[str], int, float]) -> dict[str, EngineResult]:
    cfg, fixed, ids, depth, timeout_s = args
    assert _FORK_JOB is not None, "witness workers are forked by _check_witnesses"
    model, by_id = _FORK_JOB
    return _witness_search(model, cfg, fixed, [by_id[i] for i in ids], depth, timeout_s)


#: ``bound`` of a property proved for every number of nodes and pods.
EVERY_SIZE = "∀N,M"
#: Where every-size mode finds counterexamples and witnesses (1 x 1 first): nodereg verify's default.
SMALL = Config(2, 2)


def verify_every_size(
    model: Model,
    props: list[Property] | None = None,
    *,
    timeout_s: float = 60.0,
    fixed: dict[str, int] | None = None,
    bmc_depth: int = 14,
    check_witnesses: bool = True,
    unbounded: bool = True,
    jobs: int = 1,
    small: Config = SMALL,
    rows: Iterable[str] = (),
) -> list[Verdict]:
    """Each property for every cluster size (``nodereg verify --nodes any --pods any``).

    Two engines, one verdict per property:

    * the fixed-size engines on ``small`` find every violation as a concrete, replayed trace (with
      the number of nodes and pods it needs), every witness, and the proofs of what cannot be
      stated for every size (a sum over pods), whose row then says the size it holds for;
    * the parameterized engine (:mod:`.parameterized`) proves the rest for every size at once.
      When it cannot (not inductive with the other invariants, ``unknown``, a timeout), the row is
      *inconclusive* with the reason: never a silent fall-back to the fixed size.

    A row is ``∀N,M`` only if the premise of all of them holds: the parameterized relation is the
    fixed-size one at every size, checked in the run up to each event's cutoff
    (:func:`.premise.check_premise`, reported in the ``symmetry`` row's reason). If it is violated
    or inconclusive, each row keeps its fixed-size proof and its reason says why. The sorts of the
    parameterized engine are never empty: M = 0 is covered by embedding every cluster with no pods
    into one with a pending pod (:func:`.zeropods.check_zero_pods`, reported in the same row); if
    that does not hold, a row proved for every size says ``∀N, M≥1`` and why.
    """
    from .parameterized import prove_all_sizes

    verdicts = verify(
        model,
        small,
        props,
        timeout_s=timeout_s,
        fixed=fixed,
        bmc_depth=bmc_depth,
        check_witnesses=check_witnesses,
        unbounded=unbounded,
        jobs=jobs,
        rows=rows,
    )
    wanted = [p.for_model(model) for p in (ALL_PROPERTIES if props is None else props)]
    work = [p.for_model(model) for p in ALL_PROPERTIES if p.lemma] + [p for p in wanted if not p.lemma]
    t0 = time.monotonic()
    # time progress for every size rests on the engine's ∀-invariants: asked once they are found; the
    # symmetry row alone (--property symmetry) needs no ∀-proof at all
    asked_time = any(v.id == TIME_ID for v in verdicts)
    every = (
        prove_all_sizes(
            model,
            list(dict.fromkeys(work)),
            fixed=fixed,
            timeout_s=timeout_s,
            after=(lambda enc, rels, inv: {TIME_ID: time_can_pass_every_size(enc, rels, inv, timeout_s)})
            if asked_time
            else None,
        )
        if wanted or asked_time
        else {}
    )
    size_text = f"{small.nodes} nodes × {small.pods} pods"
    # every row proved for every size rests on the parameterized relation being the fixed-size one
    # at every size: checked once per run, up to each event's cutoff (:mod:`.premise`), and only
    # when some row would be proved for every size
    premise_box: list[PremiseResult] = []

    def premise() -> PremiseResult:
        if not premise_box:
            premise_box.append(check_premise(model, timeout_s=timeout_s))
        return premise_box[0]

    zero_box: list[ZeroPodsResult] = []

    def zero_pods() -> ZeroPodsResult:
        if not zero_box:
            # the events' cutoffs are the premise's, computed once
            zero_box.append(check_zero_pods(model, timeout_s=timeout_s, cuts=premise().cutoffs or None))
        return zero_box[0]

    def without_pods(v: Verdict) -> None:
        """A row proved for every N and M ≥ 1: M = 0 too if the embedding holds, else it says why not."""
        z = zero_pods()
        v.detail["every_size_zero_pods"] = z.status
        v.detail["every_size_zero_pods_seconds"] = round(z.seconds, 3)
        if z.status == "proved" and v.id not in z.uncovered:
            return
        v.bound = EVERY_SIZE_SOME_PODS
        why = (
            f"the no-pods embedding is {z.status}: {z.reason}"
            if z.status != "proved"
            else "the property is not stated for every size, so the no-pods embedding does not read it"
        )
        v.reason = f"{v.reason}; for clusters with at least one pod only: {why}"

    def premise_fails(v: Verdict) -> bool:
        p = premise()
        v.detail["every_size_premise"] = p.status
        v.detail["every_size_premise_seconds"] = round(p.seconds, 3)
        if p.status == "proved":
            return False
        v.bound = f"{small.nodes}×{small.pods}"
        v.reason = (
            f"{v.reason}; proved for {size_text} only: the premise of every proof for every size "
            f"(the parameterized relation is the fixed-size one at every size) is {p.status}: {p.reason}"
        )
        v.detail["offending"] = v.detail.get("offending") or p.offending
        return True

    for v in verdicts:
        v.detail["sizes"] = f"{small.nodes}x{small.pods}"
        r = every.get(v.id)
        if v.status == "violated" and v.trace and r is not None and r.status == "proved":
            # a proof for every size that a concrete run of the small size refutes: the engine is wrong
            raise AssertionError(
                f"{v.id}: proved for every size, yet violated for {size_text}: "
                "the parameterized encoding is unsound here"
            )
        if v.status != "proved":
            continue  # a violation, vacuity or inconclusive result at the small size stands
        if v.id == SYMMETRY_ID:
            # the Z3 check above renames the small size's relation; the declaration's events over the
            # sorts Node and Pod give every size (and every renaming) at once, or say why not
            sym = check_symmetry_every_size(model, timeout_s)
            v.seconds += sym.seconds
            if sym.status == "proved":
                if premise_fails(v):
                    continue
                v.seconds += premise().seconds + zero_pods().seconds
                v.bound, v.detail["sizes"] = EVERY_SIZE, "any"
                v.reason = f"{v.reason}; for every size: {sym.reason}; {premise().reason}"
                if zero_pods().status == "proved":
                    v.reason = f"{v.reason}; with no pods: {zero_pods().reason}"
                without_pods(v)
            else:
                v.bound = f"{small.nodes}×{small.pods}"
                v.reason = f"{v.reason}; checked for {size_text} only: {sym.reason}"
                v.detail["offending"] = v.detail.get("offending") or sym.offending
        elif r is not None and r.status != "proved" and r.detail.get("per_size"):
            # an argument beyond the ∀-invariants (a sum, time progress) did not carry over: the
            # fixed-size proof stands, and the row says why it is not one for every size
            v.bound = f"{small.nodes}×{small.pods}"
            v.reason = f"{v.reason}; proved for {size_text} only: {r.reason}"
        elif r is None:
            # a verifier row with no argument for every size
            v.reason = (v.reason + "; " if v.reason else "") + f"checked for {size_text} only"
            v.bound = f"{small.nodes}×{small.pods}"
        elif r.status == "proved":
            if premise_fails(v):
                continue  # the fixed-size proof stands, and the row says why it is not one for every size
            v.engine, v.bound, v.seconds = "parameterized", EVERY_SIZE, r.seconds
            v.reason, v.detail["sizes"] = r.reason, "any"
            v.detail.update({f"every_size_{k}": x for k, x in r.detail.items()})
            without_pods(v)
        elif r.status == "not-expressible":
            v.bound = f"{small.nodes}×{small.pods}"
            v.reason = f"proved for {size_text} only: {r.reason}"
        else:
            v.status, v.engine, v.bound, v.seconds = "inconclusive", "parameterized", None, r.seconds
            v.reason = f"proved for {size_text}, not for every size: {r.reason}"
    for v in verdicts:
        v.detail["every_size_seconds"] = round(time.monotonic() - t0, 3)
    return verdicts
