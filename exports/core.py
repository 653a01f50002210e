"""What every export shares: the declaration evaluated on Z3 terms, for one cluster size and fixed timing.

Nothing here restates a Kubernetes rule. Like :mod:`nodereg.verifier.encoding`, this module calls the
declaration's own functions (:func:`~nodereg.model.semantics.full_guard`,
:func:`~nodereg.model.semantics.post_values`, :func:`~nodereg.model.semantics.urgency` and every
property's ``formula``) on a :class:`~nodereg.model.semantics.View` whose variables are Z3 constants
named as the target's identifiers. The result, an :class:`ExportModel`, holds simplified Z3 terms for
every guard, effect and property; a small printer per target (:mod:`.promela`, :mod:`.quint`) only
spells them.

Explicit-state peers need a finite model, so an export fixes three things a proof leaves symbolic:

* **timing parameters**: the Kubernetes defaults unless ``--param`` overrides one;
* **frozen values** (capacity, reserved, requests, tolerations, tolerationSeconds): each is chosen
  nondeterministically in the initial state from a small stated domain (:data:`FROZEN_DOMAINS`),
  and a pod's tolerations from named profiles (:data:`TOLERATION_PROFILES`);
* **clocks**: each saturates at a cap, one more than the largest constant it is compared with.
  :func:`clock_caps` derives the caps from the terms and checks the conditions that make saturation
  exact: every comparison mentions one clock (compared with constants and frozen values only), and a
  clock is only reset, kept, advanced, or bounded from above by a constant below its cap. Then
  ``min(x, cap)`` satisfies exactly the same comparisons as ``x`` and evolves the same way, so the
  saturated model is bisimilar to the unbounded one: a state property fails in one iff it fails in
  the other. Properties that compare two clocks cannot be saturated exactly; they are not exported
  (the header of each file lists them).

Time advances in steps of one second. That loses no reachable state: urgency only shrinks as ``d``
grows, so a step of ``d`` seconds is the same as ``d`` steps of one second, each allowed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import z3

from nodereg.model import declaration as d
from nodereg.model.logic import And
from nodereg.model.params import PARAM_BY_VAR, PARAMS, defaults
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

#: Domains of the frozen integers, chosen nondeterministically in the initial state (override with
#: ``--frozen NAME=V1,V2``). Small on purpose: an explicit-state peer enumerates every combination.
FROZEN_DOMAINS: dict[str, tuple[int, ...]] = {
    "capacity": (1, 2),
    "reserved": (0, 1),
    "request": (0, 1),
    "toleration_seconds": (0, 1, 300),
}

_TOL_BITS = tuple(v.name for v in d.POD_VARS if v.name.startswith("tolerates_") and v.name != "tolerates_forever")

#: Toleration sets a pod may have (its bits; tolerationSeconds comes from ``toleration_seconds``'s
#: domain where the profile's NoExecute tolerations are not for ever).
TOLERATION_PROFILES: dict[str, dict[str, bool]] = {
    # DefaultTolerationSeconds: not-ready and unreachable NoExecute, for tolerationSeconds
    "ordinary": {"tolerates_not_ready_ne": True, "tolerates_unreachable_ne": True},
    # the DaemonSet controller's tolerations (AddOrUpdateDaemonPodTolerations), NoExecute for ever
    "daemonset": {
        "tolerates_not_ready_ne": True,
        "tolerates_unreachable_ne": True,
        "tolerates_unschedulable": True,
        "tolerates_memory_pressure": True,
        "tolerates_network_unavailable": True,
        "tolerates_forever": True,
    },
    # operator: Exists with no key and no effect
    "tolerate-all": {**{b: True for b in _TOL_BITS}, "tolerates_forever": True},
    # ordinary plus the user taint example.com/dedicated with both effects
    "dedicated": {
        "tolerates_not_ready_ne": True,
        "tolerates_unreachable_ne": True,
        "tolerates_custom_ns": True,
        "tolerates_custom_ne": True,
    },
    # no toleration at all (DefaultTolerationSeconds disabled)
    "none": {},
}
DEFAULT_PROFILES = ("ordinary", "daemonset", "tolerate-all")


class ExportError(ValueError):
    """Bad export input (unknown parameter, property that cannot be saturated...): one line for the user."""


@dataclass(frozen=True)
class ExportOptions:
    """Everything that fixes the exported model besides the declaration itself."""

    nodes: int = 1
    pods: int = 1
    params: Mapping[str, int] = field(default_factory=dict)  # overrides of the version's defaults
    k8s_version: str | None = None
    frozen: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # overrides of FROZEN_DOMAINS
    profiles: tuple[str, ...] = DEFAULT_PROFILES
    symbolic_args: bool = False  # one transition per instance, arguments left to the target's nondeterminism


@dataclass
class VarInfo:
    """One exported state variable: its layout key, identifier, sort and finite range."""

    key: Key
    ident: str
    sort: str  # "bool" | "int"
    lo: int
    hi: int
    clock: bool = False
    frozen: bool = False
    doc: str = ""


@dataclass
class Transition:
    """One event instance with one choice of its data arguments: guard and (saturated) assignments."""

    inst: Instance
    label: str  # kubelet_post_status(0) ready=1 memory_pressure=0
    ident: str  # kubelet_post_status_0_r1_m0
    args: dict[str, Any]  # a value, or a Z3 constant arg_<name> the target chooses (see arg_domains)
    guard: z3.BoolRef
    assign: dict[Key, z3.ExprRef]  # only variables whose value may change
    step_checks: list[tuple[str, z3.BoolRef]]  # step properties on this transition (pre-state terms)

    def arg_domains(self) -> list[tuple[str, str, list[int]]]:
        """The symbolic arguments: (identifier, sort, values)."""
        out = []
        for a in self.inst.event.args:
            x = self.args[a.name]
            if isinstance(x, z3.ExprRef):
                out.append((str(x), a.sort, [0, 1] if a.sort == "bool" else list(range(a.lo, a.hi + 1))))
        return out


@dataclass
class ExportedProperty:
    """A property as the export states it, or the reason it is not exported."""

    id: str
    kind: str
    lemma: bool
    term: z3.BoolRef | None  # state properties: over the current state
    reason: str = ""  # why not exported

    @property
    def ident(self) -> str:
        return "prop_" + self.id.replace("-", "_")


@dataclass
class ExportModel:
    """The finite model every target prints."""

    model: Model
    cfg: Config
    params: dict[str, int]
    k8s_version: str
    frozen_domains: dict[str, tuple[int, ...]]
    profiles: tuple[str, ...]
    variables: list[VarInfo]
    by_key: dict[Key, VarInfo]
    consts: dict[Key, z3.ExprRef]
    caps: dict[str, int]
    transitions: list[Transition]
    properties: list[ExportedProperty]

    @property
    def exported(self) -> list[ExportedProperty]:
        return [p for p in self.properties if not p.reason]

    @property
    def skipped(self) -> list[ExportedProperty]:
        return [p for p in self.properties if p.reason]

    def initial(self, key: Key) -> Any:
        """Initial value of a non-frozen variable."""
        if key[0] == "ctl":
            return d.UNREGISTERED
        v = layout(self.cfg).var[key]
        assert v is not None and not v.frozen
        return v.init

    def profile_assignments(self, pod: int) -> list[tuple[str, dict[Key, int | bool]]]:
        """The alternatives for one pod's tolerations: (profile name, values of its frozen bits)."""
        out: list[tuple[str, dict[Key, int | bool]]] = []
        secs = self.frozen_domains["toleration_seconds"]
        for name in self.profiles:
            bits = TOLERATION_PROFILES[name]
            base: dict[Key, int | bool] = {("pod", b, pod): bool(bits.get(b, False)) for b in _TOL_BITS}
            base[("pod", "tolerates_forever", pod)] = bool(bits.get("tolerates_forever", False))
            ne_bits = ("tolerates_not_ready_ne", "tolerates_unreachable_ne", "tolerates_custom_ne")
            has_timed_ne = not base[("pod", "tolerates_forever", pod)] and any(bits.get(b, False) for b in ne_bits)
            for s in secs if has_timed_ne else (0,):
                alt = dict(base)
                alt[("pod", "toleration_seconds", pod)] = s
                out.append((f"{name}" + (f" tolerationSeconds={s}" if has_timed_ne else ""), alt))
        return out


def ident(key: Key) -> str:
    """The target identifier of a state variable: ``n0_ready``, ``p1_bound_to``, ``n0_ctl``."""
    scope, var, i = key
    if scope == "ctl":
        return f"n{i}_ctl"
    return f"{scope[0]}{i}_{var}"


def _params_for(model: Model, opts: ExportOptions) -> tuple[dict[str, int], str]:
    from nodereg.model.params import K8S_VERSION

    version = opts.k8s_version or K8S_VERSION
    try:
        values = defaults(version)
    except ValueError as exc:
        raise ExportError(str(exc)) from None
    values.update(dict(model.param_overrides))
    for k, v in opts.params.items():
        if k not in PARAM_BY_VAR:
            raise ExportError(f"unknown parameter {k!r}")
        if v < 1:
            raise ExportError(f"--param {PARAM_BY_VAR[k].name}={v}: every period and grace is at least one second")
        values[k] = v

    class _P:
        def __getattr__(self, name: str) -> Any:
            return values[name]

    for c in model.constraints:
        if not c.formula(_P()):
            raise ExportError(f"parameters break the timing constraint {c.id!r} ({c.why})")
    return values, version


def build(model: Model, opts: ExportOptions) -> ExportModel:
    """Evaluate the declaration on Z3 constants and collect everything the printers need."""
    try:
        cfg = Config(opts.nodes, opts.pods)
    except ValueError as exc:
        raise ExportError(str(exc)) from None
    params, version = _params_for(model, opts)
    unknown = [p for p in opts.profiles if p not in TOLERATION_PROFILES]
    if unknown or not opts.profiles:
        raise ExportError(
            f"unknown toleration profile {unknown[0] if unknown else ''!r}; expected some of: "
            + ", ".join(TOLERATION_PROFILES)
        )
    frozen = dict(FROZEN_DOMAINS)
    for name, dom in opts.frozen.items():
        if name not in frozen:
            raise ExportError(f"--frozen {name}: expected one of {', '.join(FROZEN_DOMAINS)}")
        if not dom or any(x < 0 for x in dom):
            raise ExportError(f"--frozen {name}: expected non-negative integers")
        frozen[name] = tuple(sorted(set(dom)))

    lay = layout(cfg)
    consts: dict[Key, Any] = {}
    for k in lay.keys:
        if k[0] == "param":
            consts[k] = params[k[1]]
        else:
            v = lay.var[k]
            consts[k] = z3.Bool(ident(k)) if (v is not None and v.sort == "bool") else z3.Int(ident(k))
    view = View(cfg, lambda k: consts[k])

    # transitions: every instance, every argument value (time passes one second at a time)
    raw: list[tuple[Instance, dict[str, int], Any, dict[Key, Any], Bound]] = []
    for inst in instances(model, cfg):
        e = inst.event
        domains = [
            [1]
            if (e.id == "time_passes" and a.name == "seconds")
            else list(range(a.lo, a.hi + 1))
            if a.sort == "int"
            else [0, 1]
            for a in e.args
        ]
        if opts.symbolic_args:
            # one transition per instance; its data arguments stay Z3 constants the target picks
            # nondeterministically (time still passes one second at a time)
            combos: list[tuple[Any, ...]] = [
                tuple(
                    dom[0]
                    if len(dom) == 1
                    else z3.Bool(f"arg_{a.name}")
                    if a.sort == "bool"
                    else z3.Int(f"arg_{a.name}")
                    for a, dom in zip(e.args, domains, strict=True)
                )
            ]
        else:
            combos = list(itertools.product(*domains))
        for combo in combos:
            args = {
                a.name: (bool(x) if a.sort == "bool" and isinstance(x, int) else x)
                for a, x in zip(e.args, combo, strict=True)
            }
            b = Bound(inst, args)
            g = full_guard(view, b)
            if e.id == "time_passes":
                g = And(g, urgency(model, cfg, view, args["seconds"]))
            raw.append(
                (
                    inst,
                    {a.name: x if isinstance(x, z3.ExprRef) else int(x) for a, x in zip(e.args, combo, strict=True)},
                    g,
                    post_values(model, cfg, view, b),
                    b,
                )
            )

    from nodereg.properties.catalogue import ALL_PROPERTIES

    # properties: state ones on the current state, step ones on each transition of their events
    props: list[ExportedProperty] = []
    clock_keys = {k for k in lay.keys if (v := lay.var[k]) is not None and v.clock}
    frozen_keys = {k for k in lay.keys if (v := lay.var[k]) is not None and v.frozen}
    step_terms: dict[str, list[tuple[int, z3.BoolRef]]] = {}
    for p in (q.for_model(model) for q in ALL_PROPERTIES):  # completeness properties read model's guards
        if p.kind == "state":
            term = _simp(p.formula(view))
            reason = _unsaturable(term, clock_keys, consts)
            props.append(ExportedProperty(p.id, p.kind, p.lemma, None if reason else term, reason))
        else:
            terms: list[tuple[int, z3.BoolRef]] = []
            reason = ""
            for j, (inst, _args, _g, post, b) in enumerate(raw):
                if inst.event.id not in p.events:
                    continue
                after = View(cfg, lambda k, post=post: post[k] if k in post else consts[k])
                t = _simp(p.formula(view, after, b))
                reason = reason or _unsaturable(t, clock_keys, consts)
                terms.append((j, t))
            props.append(ExportedProperty(p.id, p.kind, p.lemma, None, reason))
            if not reason:
                step_terms[p.id] = terms

    # clock caps from every term a saturated clock must answer the same way
    guards = [_simp(g) for _, _, g, _, _ in raw]
    posts = [{k: _simp(v) for k, v in post.items()} for _, _, _, post, _ in raw]
    observed: list[z3.ExprRef] = list(guards)
    for post in posts:
        observed += [v for k, v in post.items()]
    observed += [p.term for p in props if p.term is not None]
    observed += [t for terms in step_terms.values() for _, t in terms]
    caps = clock_caps(observed, clock_keys, frozen_keys, frozen)
    for post in posts:
        for k, v in post.items():
            if k in clock_keys:
                _check_clock_assignment(k, v, consts, caps)

    # variables with finite ranges
    variables: list[VarInfo] = []
    max_alloc = max(frozen["capacity"])
    for k in lay.keys:
        if k[0] == "param":
            continue
        if k[0] == "ctl":
            variables.append(VarInfo(k, ident(k), "int", 0, d.NO_EDGE, doc="control state (machine)"))
            continue
        v = lay.var[k]
        assert v is not None
        if v.sort == "bool":
            variables.append(VarInfo(k, ident(k), "bool", 0, 1, frozen=v.frozen, doc=v.doc))
            continue
        if v.clock:
            lo, hi = 0, caps[v.name]
        elif v.frozen:
            lo, hi = min(frozen[v.name]), max(frozen[v.name])
        elif v.name == "bound_to":
            lo, hi = d.UNBOUND, cfg.nodes - 1
        elif v.name in ("allocatable", "requested"):
            # requested never exceeds allocatable (bound-requests-fit-allocatable, proved)
            lo, hi = 0, max_alloc
        else:
            assert v.lo is not None and v.hi is not None, v.name
            lo, hi = v.lo, v.hi
        variables.append(VarInfo(k, ident(k), "int", lo, hi, clock=v.clock, frozen=v.frozen, doc=v.doc))
    by_key = {vi.key: vi for vi in variables}

    transitions: list[Transition] = []
    step_by_raw: dict[int, list[tuple[str, z3.BoolRef]]] = {}
    for pid, terms in step_terms.items():
        for j, t in terms:
            if not z3.is_true(t):
                step_by_raw.setdefault(j, []).append((pid, t))
    same = z3.Solver()
    for j, (inst, args, _g, _post, _b) in enumerate(raw):
        assign: dict[Key, z3.ExprRef] = {}
        for k, v in posts[j].items():
            if k in clock_keys:
                v = _saturate(v, caps[k[1]])
            if v.eq(consts[k]):
                continue
            # the derived rules (NoExecute timer, control state) touch variables an event may leave
            # unchanged; drop an assignment that is the identity on every state
            same.push()
            same.add(v != consts[k])
            unchanged = same.check() == z3.unsat
            same.pop()
            if not unchanged:
                assign[k] = v
        guard = guards[j]
        if z3.is_false(guard):
            continue
        fixed_args = {a: x for a, x in args.items() if not isinstance(x, z3.ExprRef)}
        suffix = "".join(f"_{a[0]}{x}" for a, x in fixed_args.items()) if inst.event.id != "time_passes" else ""
        idx = "_".join(str(x) for x in (inst.node, inst.pod) if x is not None)
        name = inst.event.id + (f"_{idx}" if idx else "") + suffix
        label = inst.label + "".join(f" {a}={x}" for a, x in fixed_args.items())
        transitions.append(Transition(inst, label, name, args, guard, assign, step_by_raw.get(j, [])))
    return ExportModel(
        model, cfg, params, version, frozen, tuple(opts.profiles), variables, by_key, consts, caps, transitions, props
    )


def _simp(x: Any) -> z3.ExprRef:
    if isinstance(x, bool):
        return z3.BoolVal(x)
    if isinstance(x, int):
        return z3.IntVal(x)
    return canonical(z3.simplify(x))


_AC = (z3.Z3_OP_AND, z3.Z3_OP_OR, z3.Z3_OP_ADD, z3.Z3_OP_MUL)


def canonical(e: z3.ExprRef) -> z3.ExprRef:
    """The term with the arguments of commutative operators in a fixed (textual) order.

    ``z3.simplify`` orders such arguments by internal term ids, which depend on what else the
    process built before; sorting them makes every export byte-for-byte reproducible.
    """
    memo: dict[int, tuple[z3.ExprRef, str]] = {}

    def go(x: z3.ExprRef) -> tuple[z3.ExprRef, str]:
        i = x.get_id()
        if i in memo:
            return memo[i]
        if x.num_args() == 0:
            out = (x, str(x))
        else:
            kids = [go(c) for c in x.children()]
            k = x.decl().kind()
            if k in _AC or (k in (z3.Z3_OP_EQ, z3.Z3_OP_DISTINCT, z3.Z3_OP_IFF) and len(kids) == 2):
                kids.sort(key=lambda t: t[1])
            name = x.decl().name()
            terms = [t for t, _ in kids]
            if k == z3.Z3_OP_AND:
                new = z3.And(*terms)
            elif k == z3.Z3_OP_OR:
                new = z3.Or(*terms)
            elif k == z3.Z3_OP_ADD:
                new = z3.Sum(*terms)
            elif k == z3.Z3_OP_MUL:
                new = z3.Product(*terms)
            else:
                new = x.decl()(*terms)
            out = (new, f"({name} {' '.join(t for _, t in kids)})")
        memo[i] = out
        return out

    return go(e)[0]


def _saturate(v: z3.ExprRef, cap: int) -> z3.ExprRef:
    """``min(v, cap)``, simplified (a reset to 0 stays 0; ``x + 1`` becomes ``If(x + 1 <= cap, ...)``)."""
    if cap == 0:
        return z3.IntVal(0)
    return canonical(z3.simplify(z3.If(v <= cap, v, z3.IntVal(cap))))


def _walk(e: z3.ExprRef) -> Iterable[z3.ExprRef]:
    stack = [e]
    while stack:
        x = stack.pop()
        yield x
        stack.extend(x.children())


def _value_terms(e: z3.ExprRef) -> Iterable[z3.ExprRef]:
    """The subterms an integer term's value is built from (if-then-else conditions left out)."""
    stack = [e]
    while stack:
        x = stack.pop()
        if z3.is_bool(x):
            continue
        yield x
        if z3.is_app_of(x, z3.Z3_OP_ITE):
            stack.extend(x.children()[1:])
        else:
            stack.extend(x.children())


_CMP = (z3.Z3_OP_LE, z3.Z3_OP_LT, z3.Z3_OP_GE, z3.Z3_OP_GT, z3.Z3_OP_EQ, z3.Z3_OP_DISTINCT)


def _atoms(e: z3.ExprRef) -> Iterable[z3.ExprRef]:
    """Integer comparisons inside a term."""
    for x in _walk(e):
        if z3.is_app(x) and x.decl().kind() in _CMP and x.num_args() == 2 and z3.is_int(x.arg(0)):
            yield x


def _int_part(atom: z3.ExprRef) -> list[z3.ExprRef]:
    """The integer subterms of a comparison, not descending into boolean ones (an ``If``'s condition)."""
    out: list[z3.ExprRef] = []
    stack = list(atom.children())
    while stack:
        x = stack.pop()
        if z3.is_bool(x):
            continue
        out.append(x)
        stack.extend(x.children())
    return out


def _int_names(atom: z3.ExprRef) -> set[str]:
    return {str(x) for x in _int_part(atom) if z3.is_const(x) and x.decl().kind() == z3.Z3_OP_UNINTERPRETED}


def _unsaturable(term: z3.ExprRef, clock_keys: set[Key], consts: dict[Key, Any]) -> str:
    """Why a property cannot be checked on saturated clocks ('' when it can)."""
    names = {ident(k) for k in clock_keys}
    for a in _atoms(term):
        cl = sorted(_int_names(a) & names)
        if len(cl) > 1:
            return f"compares two clocks ({' and '.join(cl[:2])}); saturated clocks cannot answer that exactly"
    return ""


def clock_caps(
    terms: list[z3.ExprRef], clock_keys: set[Key], frozen_keys: set[Key], frozen: dict[str, tuple[int, ...]]
) -> dict[str, int]:
    """Cap per clock variable: 1 + the largest bound it is compared with (0: never compared).

    A comparison ``x + c ⋈ t`` where ``t`` mixes constants and frozen values is bounded by the sum of
    the constants' absolute values and the frozen values' maxima: a safe over-approximation (a larger
    cap only costs states). A comparison of a clock with a non-frozen, non-clock integer, or with a
    second clock, is rejected: saturation would not be exact.
    """
    clock_names = {ident(k): k[1] for k in clock_keys}
    frozen_names = {ident(k): k[1] for k in frozen_keys}
    caps: dict[str, int] = {k[1]: 0 for k in sorted(clock_keys, key=lambda k: (k[0], k[2], k[1]))}
    for t in terms:
        for a in _atoms(t):
            names = _int_names(a)
            cl = names & set(clock_names)
            if not cl:
                continue
            if len(cl) > 1:
                raise ExportError(f"a guard or effect compares two clocks ({a}); clocks cannot be saturated")
            other = names - cl - set(frozen_names)
            if other:
                raise ExportError(f"a clock is compared with a state variable ({a}); clocks cannot be saturated")
            clock = next(iter(cl))
            lo, hi = _interval(z3.simplify(a.arg(1) - a.arg(0)), clock, frozen_names, frozen)
            bound = max(abs(lo), abs(hi))
            var = clock_names[clock]
            caps[var] = max(caps[var], bound + 1)
    order = [v.name for v in (*d.NODE_VARS, *d.POD_VARS) if v.clock]
    return {name: caps[name] for name in order if name in caps}


def _interval(
    e: z3.ExprRef, clock: str, frozen_names: dict[str, str], frozen: dict[str, tuple[int, ...]]
) -> tuple[int, int]:
    """Range of an integer term with the clock set to 0 and frozen values over their domains.

    For a comparison ``lhs ⋈ rhs`` this is the range of the threshold ``rhs - lhs`` the clock is
    compared with; a cap above its largest magnitude makes saturation exact.
    """
    if z3.is_int_value(e):
        v = e.as_long()
        return v, v
    if z3.is_const(e):
        name = str(e)
        if name == clock:
            return 0, 0
        if name in frozen_names:
            dom = frozen[frozen_names[name]]
            return min(dom), max(dom)
        raise ExportError(f"a clock is compared with the state variable {name}; clocks cannot be saturated")
    k = e.decl().kind()
    parts = [_interval(c, clock, frozen_names, frozen) for c in e.children() if not z3.is_bool(c)]
    if k == z3.Z3_OP_ADD:
        return sum(p[0] for p in parts), sum(p[1] for p in parts)
    if k == z3.Z3_OP_SUB:
        (alo, ahi), rest = parts[0], parts[1:]
        return alo - sum(p[1] for p in rest), ahi - sum(p[0] for p in rest)
    if k == z3.Z3_OP_UMINUS:
        return -parts[0][1], -parts[0][0]
    if k == z3.Z3_OP_MUL:
        lo, hi = parts[0]
        for plo, phi in parts[1:]:
            cands = (lo * plo, lo * phi, hi * plo, hi * phi)
            lo, hi = min(cands), max(cands)
        return lo, hi
    if k == z3.Z3_OP_ITE:
        return min(parts[0][0], parts[1][0]), max(parts[0][1], parts[1][1])
    raise ExportError(f"cannot bound the term {e} a clock is compared with")


def _check_clock_assignment(k: Key, v: z3.ExprRef, consts: dict[Key, Any], caps: dict[str, int]) -> None:
    """A clock may be reset, kept, advanced by a constant or bounded by a constant below its cap."""
    own = ident(k)
    # only the terms that can become the value count: a clock compared in an if-then-else's
    # condition (the ghost reset "when Ready falls", decided by since_probe > grace) is answered
    # exactly under saturation, because clock_caps took that comparison into account
    names = {
        str(x) for x in _value_terms(v) if z3.is_const(x) and x.decl().kind() == z3.Z3_OP_UNINTERPRETED and z3.is_int(x)
    }
    others = {n for n in names if n != own and n.split("_", 1)[1] in caps}
    if others:
        raise ExportError(
            f"clock {own} is assigned from another clock ({', '.join(sorted(others))}); saturation would not be exact"
        )


def param_text(em: ExportModel) -> str:
    """``lease-renew-interval=10s, ...`` for file headers."""
    return ", ".join(f"{PARAM_BY_VAR[p.var].name}={em.params[p.var]}s" for p in PARAMS)


class Printer:
    """Spell a Z3 term in a target language; subclasses give the operators.

    Only the operators the declaration produces are supported (Boolean connectives, ``If``,
    comparisons, linear integer arithmetic); anything else is an error, not a silent guess.
    """

    true, false = "true", "false"
    and_, or_ = "&&", "||"

    def not_(self, a: str) -> str:
        raise NotImplementedError

    def ite(self, c: str, a: str, b: str) -> str:
        raise NotImplementedError

    def implies(self, a: str, b: str) -> str:
        return f"({self.not_(a)} {self.or_} {b})"

    def neg_int(self, v: int) -> str:
        return f"({v})"

    names: dict[int, str] | None = None  # shared subterms bound to local names (see shared)

    def __call__(self, e: z3.ExprRef) -> str:
        return self.expr(e)

    def shared(self, terms: list[z3.ExprRef], prefix: str, min_len: int = 60) -> list[tuple[str, str]]:
        """Name the large subterms that occur more than once in ``terms`` (common subexpressions).

        Z3 shares equal subterms, so counting parents in the term DAG finds them. Returns the
        bindings in dependency order; afterwards :meth:`expr` prints those subterms as their names.
        Used where the target has local definitions and its tools are slow on long expressions.
        """
        self.names = {}
        parents: dict[int, int] = {}
        nodes: dict[int, z3.ExprRef] = {}
        order: list[int] = []
        seen: set[int] = set()

        def visit(e: z3.ExprRef) -> None:
            stack: list[tuple[z3.ExprRef, bool]] = [(e, False)]
            while stack:
                x, done = stack.pop()
                i = x.get_id()
                if done:
                    order.append(i)
                    continue
                if i in seen:
                    continue
                seen.add(i)
                nodes[i] = x
                stack.append((x, True))
                for c in x.children():
                    parents[c.get_id()] = parents.get(c.get_id(), 0) + 1
                    stack.append((c, False))

        for t in terms:
            parents[t.get_id()] = parents.get(t.get_id(), 0) + 1
            visit(t)
        out: list[tuple[str, str]] = []
        for i in order:  # children before parents
            x = nodes[i]
            if parents.get(i, 0) < 2 or x.num_args() == 0:
                continue
            text = self.expr(x)
            if len(text) >= min_len:
                name = f"{prefix}{len(out)}"
                out.append((name, text))
                self.names[i] = name
        return out

    def expr(self, e: z3.ExprRef) -> str:
        if self.names and e.get_id() in self.names:
            return self.names[e.get_id()]
        if z3.is_true(e):
            return self.true
        if z3.is_false(e):
            return self.false
        if z3.is_int_value(e):
            v = e.as_long()
            return str(v) if v >= 0 else self.neg_int(v)
        if z3.is_const(e):
            return str(e)
        k = e.decl().kind()
        args = [self.expr(c) for c in e.children()]
        if k == z3.Z3_OP_AND:
            return "(" + f" {self.and_} ".join(args) + ")"
        if k == z3.Z3_OP_OR:
            return "(" + f" {self.or_} ".join(args) + ")"
        if k == z3.Z3_OP_NOT:
            return self.not_(args[0])
        if k == z3.Z3_OP_IMPLIES:
            return self.implies(args[0], args[1])
        if k == z3.Z3_OP_ITE:
            return self.ite(*args)
        if k in (z3.Z3_OP_EQ, z3.Z3_OP_IFF):
            return f"({args[0]} == {args[1]})"
        if k in (z3.Z3_OP_DISTINCT, z3.Z3_OP_XOR) and len(args) == 2:
            return f"({args[0]} != {args[1]})"
        binops = {
            z3.Z3_OP_ADD: "+",
            z3.Z3_OP_SUB: "-",
            z3.Z3_OP_MUL: "*",
            z3.Z3_OP_LE: "<=",
            z3.Z3_OP_LT: "<",
            z3.Z3_OP_GE: ">=",
            z3.Z3_OP_GT: ">",
        }
        if k in binops:
            return "(" + f" {binops[k]} ".join(args) + ")"
        if k == z3.Z3_OP_UMINUS:
            return f"(0 - {args[0]})"
        raise ExportError(f"no spelling for the Z3 operator {e.decl().name()} in {e}")


def header_lines(em: ExportModel, target: str) -> list[str]:
    """The facts every exported file states about itself (without comment markers)."""
    from nodereg.model.mutants import MUTANT_BY_ID

    name = em.model.name
    what = (
        f"seeded mutant {name!r}: {MUTANT_BY_ID[name].description}"
        if name in MUTANT_BY_ID
        else "the real model (nodereg.model.declaration)"
    )
    lines = [
        f"nodereg export {target}: GENERATED from nodereg.model.declaration; do not edit.",
        f"Model: {what}",
        f"Cluster: {em.cfg.nodes} node(s) x {em.cfg.pods} pod(s). Kubernetes {em.k8s_version} timing, fixed:",
        f"  {param_text(em)}",
        "Frozen values, chosen nondeterministically in the initial state:",
        *[f"  {k} in {{{', '.join(map(str, v))}}}" for k, v in em.frozen_domains.items()],
        f"  pod tolerations: one of the profiles {', '.join(em.profiles)}",
        "  (a proof by 'nodereg verify' covers every value; this finite model covers these).",
        "Clocks saturate at a cap (1 + the largest constant each is compared with):",
        "  " + ", ".join(f"{k}<={v}" for k, v in em.caps.items()),
        "  Exact: every comparison mentions one clock and a bound below its cap, and a clock is only",
        "  reset, kept, advanced or bounded by such a constant, so min(x, cap) answers every guard and",
        "  property as x does (a bisimulation). A clock no guard or property reads stays 0.",
        "Time passes in steps of one second (a step of d seconds is d allowed one-second steps).",
        "Events: " + ", ".join(e.id for e in em.model.events),
        "Properties exported (state: after every step and initially; step: on every step of their events):",
        *[f"  {p.id} ({p.kind}{', lemma' if p.lemma else ''})" for p in em.exported],
        "Properties NOT exported:",
        *([f"  {p.id}: {p.reason}" for p in em.skipped] or ["  (none)"]),
    ]
    return lines
