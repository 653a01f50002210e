"""From the declaration to runnable semantics: state layout, event instances, and a compiled step.

A *configuration* fixes the cluster's size (nodes, pods). The state of a configuration is a flat
tuple: the timing parameters, every node variable, every node's control state, every pod variable
(:class:`Layout`). An *instance* is an event with its node/pod indices filled in; its data arguments
(a posted Ready value, seconds that pass) stay free.

The same guard and effect functions are evaluated here on :class:`~nodereg.model.logic.Code`
symbols, which yields Python source for each instance; that source is compiled once per
configuration into :class:`CompiledModel`, the fast concrete step used by the oracle, the explorer
and the machine's callbacks. :mod:`nodereg.verifier.encoding` evaluates the very same functions on
Z3 terms.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import declaration as d
from .logic import And, Code, If, Implies, Not, Or, lit
from .params import PARAMS

Key = tuple[str, str, int]  # (scope, var, index); params use index -1


@dataclass(frozen=True)
class Config:
    """The cluster size checked: several nodes and several pods."""

    nodes: int = 2
    pods: int = 2

    def __post_init__(self) -> None:
        if not (1 <= self.nodes <= 16 and 0 <= self.pods <= 16):
            raise ValueError("a configuration has 1..16 nodes and 0..16 pods")


@dataclass(frozen=True)
class Model:
    """A variant of the declaration: the real one, or a seeded mutant (see :mod:`.mutants`)."""

    name: str
    events: tuple[d.Event, ...]
    constraints: tuple[Any, ...]
    param_overrides: tuple[tuple[str, int], ...] = ()
    #: The ghost table of node-becomes-schedulable's premise (None: the declaration's
    #: :data:`~.declaration.DISTURBS`). A field, so that a variant with a wrong table can be built and
    #: judged (disturbance-keeps-node-off) without touching the module the real model reads.
    disturbs: Mapping[str, Callable[[Any, Any], Any]] | None = None

    def event(self, event_id: str) -> d.Event:
        for e in self.events:
            if e.id == event_id:
                return e
        raise KeyError(event_id)

    def __hash__(self) -> int:
        return hash((self.name, self.param_overrides))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Model) and (self.name, self.param_overrides) == (other.name, other.param_overrides)


def real_model() -> Model:
    """The declaration as Kubernetes behaves."""
    from .params import CONSTRAINTS

    return Model("nodereg", d.EVENTS, CONSTRAINTS)


class Layout:
    """Positions of every variable in the flat state tuple of a configuration."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        keys: list[Key] = [("param", p.var, -1) for p in PARAMS]
        for n in range(cfg.nodes):
            keys += [("node", v.name, n) for v in d.NODE_VARS]
        keys += [("ctl", "ctl", n) for n in range(cfg.nodes)]
        for p in range(cfg.pods):
            keys += [("pod", v.name, p) for v in d.POD_VARS]
        self.keys: tuple[Key, ...] = tuple(keys)
        self.index: dict[Key, int] = {k: i for i, k in enumerate(keys)}
        self.var: dict[Key, d.Var | None] = {}
        node_vars = {v.name: v for v in d.NODE_VARS}
        pod_vars = {v.name: v for v in d.POD_VARS}
        for k in keys:
            self.var[k] = node_vars.get(k[1]) if k[0] == "node" else pod_vars.get(k[1]) if k[0] == "pod" else None

    def __len__(self) -> int:
        return len(self.keys)

    def clocks(self) -> list[Key]:
        return [k for k in self.keys if (v := self.var[k]) is not None and v.clock]

    def name(self, k: Key) -> str:
        scope, var, i = k
        return var if scope == "param" else f"{var}[{i}]"


@lru_cache(maxsize=64)
def layout(cfg: Config) -> Layout:
    return Layout(cfg)


# -------------------------------------------------------------------------------------------------
# Views: what guards, effects and properties see
# -------------------------------------------------------------------------------------------------


class _Obj:
    """Attribute access to one node's, one pod's or the parameters' variables."""

    __slots__ = ("_get", "_i", "_scope")

    def __init__(self, get: Callable[[Key], Any], scope: str, i: int) -> None:
        self._get, self._scope, self._i = get, scope, i

    def __getattr__(self, name: str) -> Any:
        return self._get((self._scope, name, self._i))


class View:
    """A state seen through a backend: ``get`` maps a variable key to a value, Z3 term or Code."""

    def __init__(self, cfg: Config, get: Callable[[Key], Any]) -> None:
        self.cfg, self.get = cfg, get
        self.nodes = range(cfg.nodes)
        self.pods = range(cfg.pods)
        self.params = _Obj(get, "param", -1)

    def node(self, n: Any) -> _Obj:
        return _Obj(self.get, "node", n)

    def pod(self, p: Any) -> _Obj:
        return _Obj(self.get, "pod", p)

    def ctl(self, n: int) -> Any:
        return self.get(("ctl", "ctl", n))

    def update(self) -> Updates:
        return Updates(self)

    def with_get(self, get: Callable[[Key], Any]) -> View:
        """The same cluster read through another getter (the state after an effect)."""
        return View(self.cfg, get)


class Updates:
    """The assignments an effect makes, keyed like the layout; everything else keeps its value."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.values: dict[Key, Any] = {}

    def node(self, n: int, **kw: Any) -> Updates:
        for k, v in kw.items():
            self.values[("node", k, n)] = v
        return self

    def pod(self, p: int, **kw: Any) -> Updates:
        for k, v in kw.items():
            self.values[("pod", k, p)] = v
        return self

    def advance_clocks(self, dt: Any) -> Updates:
        for scope, count, variables in (("node", self.view.nodes, d.NODE_VARS), ("pod", self.view.pods, d.POD_VARS)):
            for i in count:
                for v in variables:
                    if v.clock:
                        self.values[(scope, v.name, i)] = self.view.get((scope, v.name, i)) + dt
        return self


@dataclass(frozen=True)
class Instance:
    """An event with its indices filled in (node, pod); its data arguments stay free."""

    event: d.Event
    node: int | None = None
    pod: int | None = None

    @property
    def label(self) -> str:
        idx = [str(x) for x in (self.node, self.pod) if x is not None]
        return f"{self.event.id}({', '.join(idx)})" if idx else self.event.id


class Bound:
    """An instance with values (or terms) for its data arguments, as guards and effects see it."""

    def __init__(self, inst: Instance, args: dict[str, Any]) -> None:
        self.inst, self.args = inst, args
        self.node, self.pod = inst.node, inst.pod

    def __getattr__(self, name: str) -> Any:
        try:
            return self.args[name]
        except KeyError:
            raise AttributeError(f"event {self.inst.event.id} has no argument {name!r}") from None


def instances(model: Model, cfg: Config) -> list[Instance]:
    """Every instance of every event for a configuration, in declaration order."""
    out: list[Instance] = []
    for e in model.events:
        ranges = [range(cfg.nodes) if ix == "node" else range(cfg.pods) for ix in e.indices]
        for combo in itertools.product(*ranges):
            kw = dict(zip(e.indices, combo, strict=True))
            out.append(Instance(e, kw.get("node"), kw.get("pod")))
    return out


# -------------------------------------------------------------------------------------------------
# Backend-independent construction of one step (used by codegen and by Z3)
# -------------------------------------------------------------------------------------------------


def full_guard(view: View, b: Bound) -> Any:
    """The guard with the timer's lower bound: ``guard and clock >= earliest``."""
    e = b.inst.event
    g = e.guard(view, b)
    if e.timer and e.timer.clock and e.timer.earliest:
        g = And(g, e.timer.clock(view, b) >= e.timer.earliest(view, b))
    return g


def urgency(model: Model, cfg: Config, view: View, seconds: Any, insts: Sequence[Instance] | None = None) -> Any:
    """Time may pass ``seconds`` only if no urgent action would overshoot its ``latest`` bound.

    ``insts``: the instances to hold back (default: every instance of the configuration; the
    parameterized encoding passes one generic instance per event, its indices quantified).
    """
    conds = []
    for inst in instances(model, cfg) if insts is None else insts:
        t = inst.event.timer
        if not t or not t.latest:
            continue
        if inst.event.args and t.clock is None:
            continue
        # an urgent event with arguments (registration) has a guard that reads none of them
        b = Bound(inst, {a.name: a.lo if a.sort == "int" else False for a in inst.event.args})
        untimed = inst.event.guard(view, b)
        if t.clock is None:
            conds.append(Not(untimed))
        else:
            conds.append(Implies(untimed, t.clock(view, b) + seconds <= t.latest(view, b)))
    return And(*conds)


def post_values(model: Model, cfg: Config, view: View, b: Bound) -> dict[Key, Any]:
    """The effect's assignments plus the derived ones (NoExecute timer start, control state).

    Derived rules, stated once here for every event:
    * the taint-eviction controller's timer for a node starts when the node goes from no
      NoExecute taint to some (processPodOnNode keeps the earlier start while taints change);
    * the ghost clock of ``no-schedule-without-ready`` restarts when Ready falls from True;
    * the heartbeat clock ``since_heartbeat`` restarts at every heartbeat (:data:`~.declaration.HEARTBEATS`);
    * the NoExecute pass's clock ``since_ready_changed`` restarts when Ready changes value;
    * the ghost clocks of ``no-execute-eviction`` restart when the pod comes under each NoExecute
      taint (bound there while the taint is on); an actor's effect cannot move them;
    * the acting node's control state follows its declared lifecycle edges: the data's new
      classification if an edge from the current state leads there, else ``NO_EDGE``.
    """
    e = b.inst.event
    # time is the environment's, not an actor's: every clock advances by the seconds that pass, in every
    # variant of the model. The properties read clocks that time alone moves (since_ready_changed, the
    # ghosts); a variant whose time step held one back would silence them (round 13 of bugs written
    # apart: time that skipped since_ready_changed left every NoExecute taint-follow property proved). A
    # component that misreads time is written as its own timer or guard, never as time's effect.
    effect = d.EVENT_BY_ID["time_passes"].effect if e.id == "time_passes" else e.effect
    upd = effect(view, b).values
    post = dict(upd)

    def after(k: Key) -> Any:
        return post[k] if k in post else view.get(k)

    after_view = view.with_get(after)
    for p in view.pods:
        # processPodOnNode schedules the pod's eviction ("now" = CreatedAt) when it first finds the
        # pod on a node with NoExecute taints, and reschedules when the taint set changes to a
        # disjoint one (getPodEvictionDecision, taintSetsOverlap; newest upstream).
        for n in view.nodes:
            touched = any((k[0] == "node" and k[2] == n) or k == ("pod", "bound_to", p) for k in upd)
            if not touched:
                continue
            was_here = view.pod(p).bound_to == n
            is_here = after_view.pod(p).bound_to == n
            starts = And(
                is_here,
                d.has_noexecute_taint(after_view.node(n)),
                Or(Not(was_here), Not(d.noexecute_sets_overlap(view.node(n), after_view.node(n)))),
            )
            key = ("pod", "since_noexecute", p)
            post[key] = If(starts, 0, after(key))
            # the property's own clocks: since the pod came under each NoExecute taint (no actor sets them)
            for (ghost, before), (_, now) in zip(
                d.noexecute_slots(view.node(n)), d.noexecute_slots(after_view.node(n)), strict=True
            ):
                gk = ("pod", ghost, p)
                post[gk] = If(And(is_here, now, Not(And(was_here, before))), 0, post.get(gk, view.get(gk)))
    # the ghost clock of no-schedule-without-ready: restarts when Ready falls from True on a Node
    # that stays (no actor writes it, so no actor's bug can move it)
    for n in view.nodes:
        if ("node", "ready", n) in upd:
            gk = ("node", "since_left_ready", n)
            fell = And(
                view.node(n).ready == d.READY_TRUE, after_view.node(n).exists, after_view.node(n).ready != d.READY_TRUE
            )
            post[gk] = If(fell, 0, post.get(gk, view.get(gk)))
    # the NoExecute pass's clock: restarts whenever Ready changes value (the Node's creation, which
    # sets it from Absent, included); the controller acts on the change at its next monitor pass
    for n in view.nodes:
        if ("node", "ready", n) in upd:
            gk = ("node", "since_ready_changed", n)
            post[gk] = If(view.node(n).ready != after_view.node(n).ready, 0, post.get(gk, view.get(gk)))
    # the ghosts of node-becomes-schedulable: the CSR approval clock and "nobody disturbed it"
    if b.inst.node is not None:
        n = b.inst.node
        if ("node", "csr", n) in upd:
            gk = ("node", "since_approved", n)
            approved = And(view.node(n).csr != d.CSR_APPROVED, after_view.node(n).csr == d.CSR_APPROVED)
            post[gk] = If(approved, 0, post.get(gk, view.get(gk)))
        disturbs = d.DISTURBS if model.disturbs is None else model.disturbs
        if e.id in disturbs:
            gk = ("node", "undisturbed", n)
            post[gk] = And(post.get(gk, view.get(gk)), Not(disturbs[e.id](view, b)))
        # the heartbeat clock of no-unknown-before-grace and silent-node-becomes-unknown: keyed by event
        # (every status post and Lease renewal is one), so an effect that hides a heartbeat from the
        # controller cannot hide it from the property
        if e.id in d.HEARTBEATS:
            gk = ("node", "since_heartbeat", n)
            post[gk] = If(d.HEARTBEATS[e.id](view, b), 0, post.get(gk, view.get(gk)))
    # the ghosts of kubelet-creates-its-missing-node: a kubelet process that starts (alive rises) or
    # takes its certificate (cert rises) with no Node object owes the registration; the Node existing
    # settles it. Read off the variables, not off event names: a mutant's effect cannot dodge them.
    for n in view.nodes:
        touched = [k for k in (("node", "alive", n), ("node", "cert", n), ("node", "exists", n)) if k in upd]
        if not touched:
            continue
        before, now = view.node(n), after_view.node(n)
        started = Or(And(Not(before.alive), now.alive), And(Not(before.cert), now.cert))
        owed, clock = ("node", "registration_owed", n), ("node", "since_registration_owed", n)
        post[owed] = And(If(started, And(now.alive, now.cert), post.get(owed, view.get(owed))), Not(now.exists))
        post[clock] = If(started, 0, post.get(clock, view.get(clock)))
    if b.inst.node is not None:
        n = b.inst.node
        ctl = view.ctl(n)
        cls = d.classify(after_view.node(n))
        allowed = Or(*[And(ctl == src, cls == dst) for src, dst in e.edges])
        post[("ctl", "ctl", n)] = If(allowed, cls, d.NO_EDGE)
    return post


def arg_domains(e: d.Event) -> list[range]:
    return [range(a.lo, a.hi + 1) if a.sort == "int" else range(2) for a in e.args]


# -------------------------------------------------------------------------------------------------
# Compiled concrete step
# -------------------------------------------------------------------------------------------------


class CompiledModel:
    """Python functions generated from the declaration for one model and configuration.

    ``enabled(state, inst_index, args)`` and ``step(state, inst_index, args)`` run straight-line
    code with no interpretation overhead: this is the oracle's and the explorer's hot path.
    """

    def __init__(self, model: Model, cfg: Config) -> None:
        self.model, self.cfg = model, cfg
        self.layout = layout(cfg)
        self.instances = instances(model, cfg)
        self.index_of = {inst.label: k for k, inst in enumerate(self.instances)}
        src, names = self._generate()
        self.source = src
        ns: dict[str, Any] = {}
        exec(compile(src, f"<nodereg compiled {model.name} {cfg}>", "exec"), ns)
        self.guards: list[Callable[[Sequence[Any], Sequence[Any]], bool]] = [ns[g] for g, _ in names]
        self.effects: list[Callable[[Sequence[Any], Sequence[Any]], tuple[Any, ...]]] = [ns[f] for _, f in names]
        self.classify_fn: Callable[[Sequence[Any], int], int] = ns["classify"]

    def _generate(self) -> tuple[str, list[tuple[str, str]]]:
        lay = self.layout
        view = View(self.cfg, lambda k: Code(f"s[{lay.index[k]}]"))
        lines = ["# generated by nodereg.model.semantics from nodereg.model.declaration", ""]
        names: list[tuple[str, str]] = []
        for k, inst in enumerate(self.instances):
            e = inst.event
            args = {a.name: Code(f"a[{j}]") for j, a in enumerate(e.args)}
            b = Bound(inst, args)
            guard = full_guard(view, b)
            if e.id == "time_passes":
                guard = And(guard, urgency(self.model, self.cfg, view, args["seconds"]))
            post = post_values(self.model, self.cfg, view, b)
            g, f = f"g{k}", f"f{k}"
            names.append((g, f))
            lines.append(f"def {g}(s, a):  # {inst.label}")
            lines.append(f"    return {lit(guard)}")
            lines.append(f"def {f}(s, a):  # {inst.label}")
            lines.append("    t = list(s)")
            for key, val in sorted(post.items(), key=lambda kv: lay.index[kv[0]]):
                lines.append(f"    t[{lay.index[key]}] = {lit(val)}")
            lines.append("    return tuple(t)")
            lines.append("")
        # classify(s, n): the control state defined by node n's data
        lines.append("def classify(s, n):")
        for n in range(self.cfg.nodes):
            nd = view.node(n)
            lines.append(f"    if n == {n}: return {lit(d.classify(nd))}")
        lines.append("    raise IndexError(n)")
        return "\n".join(lines) + "\n", names

    def initial_states(self, params: dict[str, int], frozen: dict[Key, Any]) -> tuple[Any, ...]:
        """The initial state for fixed parameters and frozen values (capacity, tolerations...)."""
        out: list[Any] = []
        for k in self.layout.keys:
            scope, var, _ = k
            if scope == "param":
                out.append(params[var])
            elif scope == "ctl":
                out.append(d.UNREGISTERED)
            else:
                v = self.layout.var[k]
                assert v is not None
                if v.frozen:
                    out.append(frozen[k])
                else:
                    out.append(v.init)
        return tuple(out)

    def enabled(self, state: Sequence[Any], k: int, args: Sequence[Any] = ()) -> bool:
        return bool(self.guards[k](state, args))

    def step(self, state: Sequence[Any], k: int, args: Sequence[Any] = ()) -> tuple[Any, ...]:
        return self.effects[k](state, args)

    def successors(self, state: Sequence[Any], time_step: int = 1) -> Iterator[tuple[int, tuple[int, ...], tuple]]:
        """Every enabled (instance, args) and its successor; time passes in ``time_step`` units."""
        for k, inst in enumerate(self.instances):
            e = inst.event
            if e.id == "time_passes":
                choices: Any = [(time_step,)]
            else:
                choices = itertools.product(*arg_domains(e)) if e.args else [()]
            for args in choices:
                if self.guards[k](state, args):
                    yield k, tuple(args), self.effects[k](state, args)

    def named(self, state: Sequence[Any]) -> dict[str, Any]:
        """The state as ``{"ready[0]": 1, ...}`` for reports."""
        return {self.layout.name(k): v for k, v in zip(self.layout.keys, state, strict=True)}


@lru_cache(maxsize=32)
def compiled(model: Model, cfg: Config) -> CompiledModel:
    return CompiledModel(model, cfg)
