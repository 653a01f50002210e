"""The executable machine: python-statemachine classes derived from the declaration.

Each node of a cluster runs one :class:`statemachine.StateMachine` whose seven states and whose
transitions are the declaration's control states and lifecycle edges. A transition ``src -> dst``
of event ``e`` has two conditions: ``e``'s guard (the compiled guard of the declaration) and
``e leads to dst`` (the data after ``e``'s effect defines ``dst``). Its action applies ``e``'s
effect to the cluster's shared data. An event the guard forbids, or whose result has no declared
edge, raises ``TransitionNotAllowed``: we subclass ``StateMachine``, not the 3.x ``StateChart``,
which would ignore such events silently and hide divergences.

Classes are built by :func:`node_machine_class` for each model variant, never by subclassing:
adding transitions in a subclass would change the parent's shared ``State`` objects, and a
mutant would leak into the machine that ``verify`` checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from statemachine import State, StateMachine
from statemachine.exceptions import TransitionNotAllowed

from . import declaration as d
from .semantics import CompiledModel, Config, Model, compiled

__all__ = ["Cluster", "TransitionNotAllowed", "node_machine_class"]


def _guard_callable(event_id: str) -> Any:
    def guard(machine: Any, args: Sequence[Any] = (), pod: int | None = None, **_: Any) -> bool:
        return machine.cluster.enabled(event_id, machine.node_index, pod, args)

    guard.__name__ = f"{event_id}_allowed"
    return guard


def _leads_to(event_id: str, dst: int) -> Any:
    def leads(machine: Any, args: Sequence[Any] = (), pod: int | None = None, **_: Any) -> bool:
        return machine.cluster.class_after(event_id, machine.node_index, pod, args) == dst

    leads.__name__ = f"leads_to_{d.STATE_IDS[dst]}"
    return leads


def _effect_callable(event_id: str) -> Any:
    def act(machine: Any, args: Sequence[Any] = (), pod: int | None = None, **_: Any) -> None:
        machine.cluster.apply(event_id, machine.node_index, pod, args)

    act.__name__ = f"apply_{event_id}"
    return act


@lru_cache(maxsize=16)
def node_machine_class(model: Model) -> type[StateMachine]:
    """A StateMachine class for one node of ``model`` (the real declaration or a mutant)."""
    states = {i: State(d.STATE_NAMES[i], value=d.STATE_IDS[i], initial=(i == d.UNREGISTERED)) for i in d.ALL_STATES}
    attrs: dict[str, Any] = {d.STATE_IDS[i]: st for i, st in states.items()}
    for e in model.events:
        trans = None
        for src, dst in e.edges:
            t = states[src].to(
                states[dst],
                cond=[_guard_callable(e.id), _leads_to(e.id, dst)],
                on=_effect_callable(e.id),
            )
            trans = t if trans is None else trans | t
        if trans is not None:
            attrs[e.id] = trans
    attrs["__doc__"] = f"The lifecycle of one node, derived from the {model.name} declaration."
    attrs["__module__"] = __name__
    name = "NodeLifecycle" if model.name == "nodereg" else f"NodeLifecycle_{model.name.replace('-', '_')}"
    cls = type(name, (StateMachine,), attrs)
    return cls


class _NodeData:
    """The model object each node machine is bound to (python-statemachine writes ``state``)."""

    def __init__(self) -> None:
        self.state: Any = None


class Cluster:
    """Several node machines over one shared data state (a tuple laid out by the semantics)."""

    def __init__(self, model: Model, cfg: Config, initial: Sequence[Any]) -> None:
        self.model, self.cfg = model, cfg
        self.cm: CompiledModel = compiled(model, cfg)
        self.state: tuple[Any, ...] = tuple(initial)
        cls = node_machine_class(model)
        self.machines = []
        for n in range(cfg.nodes):
            m = cls(model=_NodeData())
            m.cluster = self  # type: ignore[attr-defined]
            m.node_index = n  # type: ignore[attr-defined]
            self.machines.append(m)
        self._pending: tuple[Any, ...] | None = None

    # what the machines' callbacks call ---------------------------------------------------------
    def _instance(self, event_id: str, node: int | None, pod: int | None) -> int:
        e = self.model.event(event_id)
        idx = []
        if "node" in e.indices:
            idx.append(str(node))
        if "pod" in e.indices:
            idx.append(str(pod))
        label = f"{event_id}({', '.join(idx)})" if idx else event_id
        return self.cm.index_of[label]

    def enabled(self, event_id: str, node: int | None, pod: int | None, args: Sequence[Any]) -> bool:
        k = self._instance(event_id, node, pod)
        return self.cm.enabled(self.state, k, tuple(args))

    def class_after(self, event_id: str, node: int, pod: int | None, args: Sequence[Any]) -> int:
        k = self._instance(event_id, node, pod)
        after = self.cm.step(self.state, k, tuple(args))
        return self.cm.classify_fn(after, node)

    def apply(self, event_id: str, node: int, pod: int | None, args: Sequence[Any]) -> None:
        if event_id == "time_passes":
            return  # applied once by fire(), after every node machine took its self-loop
        k = self._instance(event_id, node, pod)
        self.state = self.cm.step(self.state, k, tuple(args))

    # the driver ---------------------------------------------------------------------------------
    def fire(self, event_id: str, node: int | None = None, pod: int | None = None, args: Sequence[Any] = ()) -> None:
        """Send one event through the machines; raises TransitionNotAllowed when forbidden."""
        if event_id == "time_passes":
            # every node machine takes its time self-loop (guard and target judged on the state
            # before); then the clocks advance once for the whole cluster
            k = self._instance(event_id, None, None)
            for m in self.machines:
                m.send(event_id, args=tuple(args))
            self.state = self.cm.step(self.state, k, tuple(args))
            return
        assert node is not None
        self.machines[node].send(event_id, args=tuple(args), pod=pod)

    def control_states(self) -> list[int]:
        """Each machine's current state, as the declaration's state index."""
        return [d.STATE_IDS.index(m.current_state_value) for m in self.machines]
