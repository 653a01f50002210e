"""Explicit-state exploration of the executable semantics, with no Z3 in it.

:func:`explore` enumerates every reachable state of a small instance (1-2 nodes, 1-2 pods, small
fixed timing values, chosen frozen values) breadth-first and checks every property on every state
and step. It is the independent second opinion the tests hold against every ``proved`` verdict and
every counterexample of the Z3 engines.

Clocks are saturated at a cap above every constant they are compared with (the same device SPIN
needs), so the state space is finite. Properties are compiled from the catalogue through the same
``Code`` backend as the model's step.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from nodereg.model import declaration as d
from nodereg.model.logic import Code, lit
from nodereg.model.semantics import Bound, CompiledModel, Config, Key, Model, View, compiled
from nodereg.properties.catalogue import ALL_PROPERTIES, Property

#: Small admissible timing values for explicit exploration (seconds).
SMALL_PARAMS = {
    "lease_renew_interval": 1,
    "heartbeat_gap_max": 2,
    "node_status_update_frequency": 1,
    "node_monitor_grace_period": 2,
    "node_startup_grace_period": 3,
    "node_monitor_period": 1,
}


class CompiledProperties:
    """Every property (and its witness premise) compiled to Python for one model and configuration."""

    def __init__(self, cm: CompiledModel, props: Sequence[Property] = ALL_PROPERTIES) -> None:
        self.cm = cm
        self.props = list(props)
        lay = cm.layout
        pre = View(cm.cfg, lambda k: Code(f"s[{lay.index[k]}]"))
        post = View(cm.cfg, lambda k: Code(f"t[{lay.index[k]}]"))
        lines: list[str] = []
        self._names: dict[tuple[str, str], Any] = {}
        for j, p in enumerate(self.props):
            for what, kind, fn, events in (
                ("holds", p.kind, p.formula, p.events),
                ("witness", p.witness_kind, p.witness, p.witness_events),
            ):
                if kind == "state":
                    name = f"{what}{j}"
                    lines += [f"def {name}(s):", f"    return {lit(fn(pre))}", ""]
                    self._names[(p.id, what)] = name
                else:
                    table = []
                    for k, inst in enumerate(cm.instances):
                        if inst.event.id not in events:
                            continue
                        b = Bound(inst, {a.name: Code(f"a[{i}]") for i, a in enumerate(inst.event.args)})
                        name = f"{what}{j}_{k}"
                        lines += [f"def {name}(s, t, a):", f"    return {lit(fn(pre, post, b))}", ""]
                        table.append(f"{k}: {name}")
                    self._names[(p.id, what)] = f"{what}{j}_table"
                    lines.append(f"{what}{j}_table = {{{', '.join(table)}}}")
        ns: dict[str, Any] = {}
        exec(compile("\n".join(lines) + "\n", "<nodereg compiled properties>", "exec"), ns)
        self.fn: dict[tuple[str, str], Any] = {key: ns[name] for key, name in self._names.items()}

    def state_ok(self, pid: str, s: Sequence[Any]) -> bool:
        return bool(self.fn[(pid, "holds")](s))

    def step_ok(self, pid: str, s: Sequence[Any], t: Sequence[Any], k: int, a: Sequence[Any]) -> bool:
        f = self.fn[(pid, "holds")].get(k)
        return True if f is None else bool(f(s, t, a))

    def witness_state(self, pid: str, s: Sequence[Any]) -> bool:
        return bool(self.fn[(pid, "witness")](s))

    def witness_step(self, pid: str, s: Sequence[Any], t: Sequence[Any], k: int, a: Sequence[Any]) -> bool:
        f = self.fn[(pid, "witness")].get(k)
        return False if f is None else bool(f(s, t, a))


@lru_cache(maxsize=16)
def compiled_properties(model: Model, cfg: Config) -> CompiledProperties:
    return CompiledProperties(compiled(model, cfg))


def admissible(params: dict[str, int], model: Model) -> bool:
    """Do these fixed timing values satisfy the model's constraints?"""
    from nodereg.model.params import broken_constraints

    return not broken_constraints(params, model.constraints)


def clock_cap(params: dict[str, int], max_toleration_seconds: int) -> int:
    """Above every constant a clock is compared with (sums like grace + 2 x period included)."""
    return sum(params.values()) * 2 + max_toleration_seconds + 2


def frozen_values(cm: CompiledModel, choice: dict[str, Any]) -> dict[Key, Any]:
    """Frozen variables (capacity, tolerations, ...) from per-name values, for every node/pod."""
    out: dict[Key, Any] = {}
    for k in cm.layout.keys:
        v = cm.layout.var[k]
        if v is not None and v.frozen:
            val = choice.get(f"{v.name}[{k[2]}]", choice.get(v.name))
            if val is None:
                raise KeyError(f"no value for frozen variable {v.name}")
            out[k] = val
    return out


def _saturator(cm: CompiledModel, cap: int) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
    clocks = [cm.layout.index[k] for k in cm.layout.clocks()]

    def sat(t: tuple[Any, ...]) -> tuple[Any, ...]:
        if any(t[i] > cap for i in clocks):
            lst = list(t)
            for i in clocks:
                if lst[i] > cap:
                    lst[i] = cap
            return tuple(lst)
        return t

    return sat


@dataclass
class Exploration:
    """What :func:`explore` saw: state and transition counts and the first violation of each property."""

    states: int = 0
    transitions: int = 0
    complete: bool = True
    violations: dict[str, list[tuple[int | None, tuple[Any, ...], tuple[Any, ...]]]] = field(default_factory=dict)


def explore(
    model: Model,
    cfg: Config,
    params: dict[str, int],
    frozen: Iterable[dict[str, Any]],
    props: Sequence[Property] = ALL_PROPERTIES,
    max_states: int = 2_000_000,
    max_depth: int | None = None,
) -> Exploration:
    """Breadth-first over every reachable state from each initial state; check every property.

    ``max_depth`` bounds the search to runs of that many steps (then ``complete`` is False when
    deeper states exist). Returns the shortest violating trace per property.
    """
    cm = compiled(model, cfg)
    cp = compiled_properties(model, cfg)
    max_ts = 0
    inits = []
    for choice in frozen:
        inits.append(cm.initial_states(params, frozen_values(cm, choice)))
        max_ts = max([max_ts, *[v for name, v in choice.items() if name.startswith("toleration_seconds")]])
    sat = _saturator(cm, clock_cap(params, max_ts))
    state_props = [p for p in props if p.kind == "state"]
    step_props = [p for p in props if p.kind == "step"]
    parent: dict[tuple[Any, ...], tuple[tuple[Any, ...] | None, int | None, tuple[Any, ...]]] = {}
    depth_of: dict[tuple[Any, ...], int] = {}
    queue: deque[tuple[Any, ...]] = deque()
    out = Exploration()
    for s0 in inits:
        if s0 not in parent:
            parent[s0] = (None, None, ())
            depth_of[s0] = 0
            queue.append(s0)

    def trace_to(s: tuple[Any, ...]) -> list[tuple[int | None, tuple[Any, ...], tuple[Any, ...]]]:
        steps = []
        cur: tuple[Any, ...] | None = s
        while cur is not None:
            prev, k, a = parent[cur]
            steps.append((k, a, cur))
            cur = prev
        steps.reverse()
        return steps

    while queue:
        s = queue.popleft()
        out.states += 1
        for p in state_props:
            if p.id not in out.violations and not cp.state_ok(p.id, s):
                out.violations[p.id] = trace_to(s)
        if max_depth is not None and depth_of[s] >= max_depth:
            out.complete = False
            continue
        for k, a, t in cm.successors(s):
            out.transitions += 1
            t = sat(t)
            for p in step_props:
                if p.id not in out.violations and not cp.step_ok(p.id, s, t, k, a):
                    out.violations[p.id] = [*trace_to(s), (k, a, t)]
            if t not in parent:
                if len(parent) >= max_states:
                    out.complete = False
                    continue
                parent[t] = (s, k, a)
                depth_of[t] = depth_of[s] + 1
                queue.append(t)
    return out


def random_frozen(cm: CompiledModel, rng: random.Random) -> dict[str, Any]:
    """A random but plausible choice of capacities, tolerations, tolerationSeconds and requests."""
    choice: dict[str, Any] = {}
    for n in range(cm.cfg.nodes):
        choice[f"capacity[{n}]"] = rng.choice((1, 2, 4))
        choice[f"reserved[{n}]"] = rng.choice((0, 1))
    for p in range(cm.cfg.pods):
        ordinary = rng.random() < 0.5
        for v in d.POD_VARS:
            if v.frozen and v.sort == "bool":
                choice[f"{v.name}[{p}]"] = False if ordinary else rng.random() < 0.5
        if ordinary:
            choice[f"tolerates_not_ready_ne[{p}]"] = choice[f"tolerates_unreachable_ne[{p}]"] = True
        choice[f"toleration_seconds[{p}]"] = rng.choice((0, 1, 3))
        choice[f"request[{p}]"] = rng.choice((0, 1, 2))
    return choice


def default_small_frozen(cfg: Config) -> list[dict[str, Any]]:
    """Frozen choices for exhaustive exploration: an ordinary pod, a DaemonSet-like pod, a picky one."""
    base = {"capacity": 2, "reserved": 0, "request": 1, "toleration_seconds": 1, "tolerates_forever": False}
    tol_names = [v.name for v in d.POD_VARS if v.frozen and v.sort == "bool" and v.name != "tolerates_forever"]
    ordinary = {
        **base,
        **{n: False for n in tol_names},
        "tolerates_not_ready_ne": True,
        "tolerates_unreachable_ne": True,
    }
    daemonset = {
        **base,
        **{n: True for n in tol_names},
        "tolerates_custom_ns": False,
        "tolerates_custom_ne": False,
        "tolerates_forever": True,
    }
    return [ordinary, daemonset]


__all__ = [
    "SMALL_PARAMS",
    "CompiledProperties",
    "Exploration",
    "admissible",
    "compiled_properties",
    "default_small_frozen",
    "explore",
    "random_frozen",
]
