"""The symbolic semantics: the declaration's guards and effects evaluated on Z3 terms.

Nothing here restates a Kubernetes rule. :func:`nodereg.model.semantics.post_values` and
:func:`~nodereg.model.semantics.full_guard` are called with a :class:`View` whose variables are Z3
constants, which yields the transition relation of each event instance; the engines
(:class:`.runner.Prover` for BMC and induction, :func:`.engines.spacer`) only combine these pieces.

Timing parameters and frozen values (capacity, tolerations, tolerationSeconds, requests) are
state variables that no step changes, so one proof covers all their admissible values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import z3

from nodereg.model import declaration as d
from nodereg.model.semantics import (
    Bound,
    Config,
    Instance,
    Key,
    Model,
    View,
    full_guard,
    instances,
    layout,
    post_values,
    urgency,
)
from nodereg.properties.catalogue import Property


@dataclass
class Step:
    """The Z3 variables of one step: the event fired and its data arguments."""

    event: z3.ArithRef
    args: dict[tuple[str, str], z3.ExprRef] = field(default_factory=dict)


class Encoding:
    """Z3 terms for one model, configuration and (optionally) fixed timing parameters."""

    def __init__(self, model: Model, cfg: Config, fixed: dict[str, int] | None = None, symmetry: bool = True) -> None:
        """``symmetry``: check ∀-properties on node 0 and pod 0 only.

        Sound because the declaration treats every node alike and every pod alike (instances are
        generated uniformly, frozen values are symbolic per index): a violation at node i is, after
        renaming i to 0, a violation at node 0 in another run of the same model.
        """
        self.model, self.cfg = model, cfg
        self.symmetry = symmetry
        self.fixed = dict(model.param_overrides)
        self.fixed.update(fixed or {})
        self.layout = layout(cfg)
        self.instances: list[Instance] = instances(model, cfg)
        self.keys = self.layout.keys
        self._trans_template: tuple[z3.BoolRef, dict, dict, Step] | None = None
        self.instance_relations: list[z3.BoolRef] = []
        #: per instance, the variables its effect writes and their equalities in its relation
        #: (every other variable is framed unchanged)
        self.instance_writes: list[dict[Key, z3.BoolRef]] = []
        #: per instance, :meth:`instance_parts` on the template's variables (the prover's own)
        self.template_parts: list[tuple[z3.BoolRef, dict[Key, Any]]] = []

    # Variables --------------------------------------------------------------------------------
    def state(self, tag: str) -> dict[Key, z3.ExprRef]:
        out: dict[Key, z3.ExprRef] = {}
        for k in self.keys:
            name = f"{self.layout.name(k)}@{tag}"
            v = self.layout.var[k]
            out[k] = z3.Bool(name) if (v is not None and v.sort == "bool") else z3.Int(name)
        return out

    def step_vars(self, tag: str) -> Step:
        st = Step(z3.Int(f"event@{tag}"))
        for inst in self.instances:
            for a in inst.event.args:
                key = (inst.event.id, a.name)
                if key not in st.args:
                    st.args[key] = (
                        z3.Bool(f"{a.name}.{inst.event.id}@{tag}")
                        if a.sort == "bool"
                        else z3.Int(f"{a.name}.{inst.event.id}@{tag}")
                    )
        return st

    def view(self, s: dict[Key, z3.ExprRef], focus: bool = True) -> View:
        v = View(self.cfg, lambda k: s[k])
        if self.symmetry and focus:
            v.focus_nodes = range(1)  # type: ignore[attr-defined]
            v.focus_pods = range(min(1, self.cfg.pods))  # type: ignore[attr-defined]
        return v

    def in_focus(self, inst: Instance) -> bool:
        """Under symmetry, step properties are checked on the instances of node 0 and pod 0."""
        return not self.symmetry or (inst.node in (None, 0) and inst.pod in (None, 0))

    def represents_its_orbit(self, inst: Instance) -> bool:
        """Under symmetry, whether ``inst`` stands for every instance a renaming fixing node 0 and pod 0
        maps it to: its node and its pod are each 0, 1 or none.

        A state property is checked on node 0 and pod 0 (:meth:`view`), and the other assumptions of
        an induction step (the type domain, the lemmas on every node and pod) are symmetric, so a
        renaming that fixes node 0 and pod 0 maps the step query of instance ``k`` to the query of
        its image, which is then unsatisfiable exactly when ``k``'s is. Such renamings send every
        node but 0 to node 1 and every pod but 0 to pod 1 (instances have one node and one pod at
        most), so these instances are all the queries needed: about 20 per property however large
        the cluster, not a thousand at 16 x 16. Without a proof of symmetry every instance counts.
        """
        return not self.symmetry or (inst.node in (None, 0, 1) and inst.pod in (None, 0, 1))

    # Initial states and domains -----------------------------------------------------------------
    def params_ok(self, s: dict[Key, z3.ExprRef], drop: tuple[str, ...] = ()) -> z3.BoolRef:
        """Admissible timing parameters: the model's constraints, and any fixed values."""
        v = self.view(s)
        conds = [z3.BoolVal(True)]
        for c in self.model.constraints:
            if c.id not in drop:
                conds.append(_b(c.formula(v.params)))
        for name, value in self.fixed.items():
            conds.append(s[("param", name, -1)] == value)
        return z3.And(*conds)

    def init(self, s: dict[Key, z3.ExprRef]) -> z3.BoolRef:
        conds = [self.params_ok(s)]
        for k in self.keys:
            scope, _, _ = k
            v = self.layout.var[k]
            if scope == "param":
                continue
            if scope == "ctl":
                conds.append(s[k] == d.UNREGISTERED)
                continue
            assert v is not None
            if v.frozen:
                if v.sort == "int":
                    if v.lo is not None:
                        conds.append(s[k] >= v.lo)
                    if v.hi is not None:
                        conds.append(s[k] <= v.hi)
            else:
                conds.append(s[k] == (z3.BoolVal(v.init) if v.sort == "bool" else z3.IntVal(v.init)))
        return z3.And(*conds)

    def domain(self, s: dict[Key, z3.ExprRef]) -> z3.BoolRef:
        """Type invariants (enums in range, clocks non-negative); they help induction close."""
        conds = [self.params_ok(s)]
        for k in self.keys:
            conds += self.key_domain(k, s[k])
        return z3.And(*conds)

    def key_domain(self, k: Key, x: z3.ExprRef) -> list[z3.BoolRef]:
        """The type invariants of one (non-parameter) variable, holding the value ``x``."""
        v = self.layout.var[k]
        conds: list[z3.BoolRef] = []
        if k[0] == "ctl":
            conds.append(z3.And(x >= 0, x <= d.NO_EDGE))
        elif v is not None and v.sort == "int":
            if v.lo is not None:
                conds.append(x >= v.lo)
            if v.hi is not None:
                conds.append(x <= v.hi)
            if v.clock or v.name == "allocatable":
                conds.append(x >= 0)
            if v.name == "bound_to":
                conds.append(z3.And(x >= d.UNBOUND, x < self.cfg.nodes))
        return conds

    # Transitions --------------------------------------------------------------------------------
    def bound(self, inst: Instance, st: Step) -> Bound:
        return Bound(inst, {a.name: st.args[(inst.event.id, a.name)] for a in inst.event.args})

    def arg_domain(self, inst: Instance, st: Step) -> z3.BoolRef:
        conds = []
        for a in inst.event.args:
            x = st.args[(inst.event.id, a.name)]
            if a.sort == "int":
                conds.append(z3.And(x >= a.lo, x <= a.hi))
        return z3.And(*conds) if conds else z3.BoolVal(True)

    def instance_parts(self, k: int, s: dict[Key, z3.ExprRef], st: Step) -> tuple[z3.BoolRef, dict[Key, Any]]:
        """Instance k from s: when it may fire (argument domain, guard, urgency) and what it writes."""
        inst = self.instances[k]
        v = self.view(s)
        b = self.bound(inst, st)
        guard = _b(full_guard(v, b))
        if inst.event.id == "time_passes":
            guard = z3.And(guard, _b(urgency(self.model, self.cfg, v, b.seconds)))
        return z3.And(self.arg_domain(inst, st), guard), post_values(self.model, self.cfg, v, b)

    def trans_instance(self, k: int, s: dict[Key, z3.ExprRef], t: dict[Key, z3.ExprRef], st: Step) -> z3.BoolRef:
        """Instance k fires from s to t: its guard, its effect, and every other variable unchanged."""
        guard, post = self.instance_parts(k, s, st)
        return self._relation(guard, post, s, t)

    def _relation(
        self,
        guard: z3.BoolRef,
        post: dict[Key, Any],
        s: dict[Key, z3.ExprRef],
        t: dict[Key, z3.ExprRef],
        writes: dict[Key, z3.BoolRef] | None = None,
    ) -> z3.BoolRef:
        """``guard``, then one equality per variable in layout order: written, or framed unchanged.
        ``writes``, if given, receives the equalities of the written variables."""
        eqs = []
        for key in self.keys:
            if key in post:
                eq = t[key] == as_term(post[key])
                if writes is not None:
                    writes[key] = eq
            else:
                eq = t[key] == s[key]
            eqs.append(eq)
        return conjunction([guard, *eqs])

    def reads(self, prop: Property) -> set[Key]:
        """The state variables a state property reads at this size (its cone of influence)."""
        seen: set[Key] = set()
        probe = self.state("reads")

        def get(k: Key) -> z3.ExprRef:
            seen.add(k)
            return probe[k]

        v = View(self.cfg, get)
        if self.symmetry:
            v.focus_nodes = range(1)  # type: ignore[attr-defined]
            v.focus_pods = range(min(1, self.cfg.pods))  # type: ignore[attr-defined]
        prop.formula(v)
        return seen

    def template(self) -> tuple[z3.BoolRef, dict[Key, z3.ExprRef], dict[Key, z3.ExprRef], Step]:
        """The transition relation on template variables ``T0``/``T1``, built once per encoding.

        :attr:`instance_relations` keeps each instance's own relation on the same variables, and
        :attr:`instance_writes` the variables it writes (the symmetry check compares instances
        pairwise, on what they read and write).
        """
        if self._trans_template is None:
            ts, tt, tst = self.state("T0"), self.state("T1"), self.step_vars("T")
            parts = [z3.And(tst.event >= 0, tst.event < len(self.instances))]
            # terms are created in this order on purpose: Z3's choice of model follows it, and the
            # committed counterexample diagrams are drawn from those models
            self.instance_relations, self.instance_writes, self.template_parts = [], [], []
            for k in range(len(self.instances)):
                guard, post = self.instance_parts(k, ts, tst)
                writes: dict[Key, z3.BoolRef] = {}
                rel = self._relation(guard, post, ts, tt, writes)
                self.template_parts.append((guard, post))
                self.instance_relations.append(rel)
                self.instance_writes.append(writes)
                parts.append(z3.Implies(tst.event == k, rel))
            self._trans_template = (conjunction(parts), ts, tt, tst)
        return self._trans_template

    def adopt_template(self, other: Encoding) -> None:
        """Take ``other``'s relation, built for the same model and size (only the focus differs)."""
        assert (other.model, other.cfg, other.fixed) == (self.model, self.cfg, self.fixed)
        other.template()
        self._trans_template = other._trans_template
        self.instance_relations, self.instance_writes = other.instance_relations, other.instance_writes
        self.template_parts = other.template_parts

    def trans(self, s: dict[Key, z3.ExprRef], t: dict[Key, z3.ExprRef], st: Step) -> z3.BoolRef:
        """Some instance fires; ``st.event`` names which.

        Built once on template variables, then renamed with ``z3.substitute`` (in C, fast).
        """
        body, ts, tt, tst = self.template()
        pairs = [(ts[k], s[k]) for k in self.keys] + [(tt[k], t[k]) for k in self.keys]
        pairs.append((tst.event, st.event))
        pairs += [(tst.args[a], st.args[a]) for a in tst.args]
        return z3.substitute(body, *pairs)

    # Properties ---------------------------------------------------------------------------------
    def holds(
        self, prop: Property, s: dict[Key, z3.ExprRef], t: dict[Key, z3.ExprRef] | None = None, st: Step | None = None
    ) -> z3.BoolRef:
        """The property on a state (state kind) or on a step (step kind: only its events count)."""
        if prop.kind == "state":
            return _b(prop.formula(self.view(s)))
        assert t is not None and st is not None
        parts = []
        for k, inst in enumerate(self.instances):
            if inst.event.id in prop.events and self.in_focus(inst):
                q = _b(prop.formula(self.view(s), self.view(t), self.bound(inst, st)))
                parts.append(z3.Implies(st.event == k, q))
        return z3.And(*parts) if parts else z3.BoolVal(True)

    def holds_on(self, prop: Property, k: int, s: dict[Key, z3.ExprRef], t: dict[Key, Any], st: Step) -> z3.BoolRef:
        """A step property on a step of instance ``k`` (its events' only: the caller picks them)."""
        assert prop.kind == "step"
        return _b(prop.formula(self.view(s), self.view(t), self.bound(self.instances[k], st)))

    def assume(self, lemma: Property, s: dict[Key, z3.ExprRef]) -> z3.BoolRef:
        """A proved state property, assumed for *every* node and pod (symmetry makes it hold for all)."""
        assert lemma.kind == "state"
        return _b(lemma.formula(self.view(s, focus=False)))

    def witness(
        self, prop: Property, s: dict[Key, z3.ExprRef], t: dict[Key, z3.ExprRef] | None = None, st: Step | None = None
    ) -> z3.BoolRef:
        """The property's premise, reached in a state or on a step of its witness events."""
        if prop.witness_kind == "state":
            return _b(prop.witness(self.view(s)))
        assert t is not None and st is not None
        parts = []
        for k, inst in enumerate(self.instances):
            if inst.event.id in prop.witness_events:
                q = _b(prop.witness(self.view(s), self.view(t), self.bound(inst, st)))
                parts.append(z3.And(st.event == k, q))
        return z3.Or(*parts) if parts else z3.BoolVal(False)

    # Reading models back ------------------------------------------------------------------------
    def read_state(self, m: z3.ModelRef, s: dict[Key, z3.ExprRef]) -> tuple[Any, ...]:
        out = []
        for k in self.keys:
            val = m.eval(s[k], model_completion=True)
            out.append(z3.is_true(val) if z3.is_bool(val) else val.as_long())
        return tuple(out)

    def read_step(self, m: z3.ModelRef, st: Step) -> tuple[int, tuple[Any, ...]]:
        k = m.eval(st.event, model_completion=True).as_long()
        inst = self.instances[k]
        args = []
        for a in inst.event.args:
            val = m.eval(st.args[(inst.event.id, a.name)], model_completion=True)
            args.append(z3.is_true(val) if a.sort == "bool" else val.as_long())
        return k, tuple(args)


def _b(x: Any) -> z3.BoolRef:
    if isinstance(x, z3.BoolRef):
        return x
    if isinstance(x, bool):
        return z3.BoolVal(x)
    raise TypeError(f"expected a boolean formula, got {x!r}")


def conjunction(terms: list[z3.BoolRef]) -> z3.BoolRef:
    """``z3.And(*terms)`` for terms that are already Z3 booleans, built in one C call.

    The same term ``z3.And`` builds, without coercing every argument in Python: that coercion was
    a fifth of building the relation of a 12 × 12 cluster (one conjunct per variable per instance).
    """
    ctx = terms[0].ctx
    arr = (z3.Ast * len(terms))(*[t.as_ast() for t in terms])
    return z3.BoolRef(z3.Z3_mk_and(ctx.ref(), len(terms), arr), ctx)


def as_term(x: Any) -> z3.ExprRef:
    """A value an effect wrote (a Z3 term, or a Python bool or int) as a Z3 term."""
    if isinstance(x, z3.ExprRef):
        return x
    if isinstance(x, bool):
        return z3.BoolVal(x)
    return z3.IntVal(x)
