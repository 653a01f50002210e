"""Counterexamples: readable step lists, and their replay on the executable machine.

A trace found by Z3 is only trusted once the python-statemachine machine (and the compiled step)
accept every event of it, reach the same data, and the property fails on the replayed run too.
"""

from __future__ import annotations

from typing import Any

from nodereg.model import declaration as d
from nodereg.model.machine import Cluster, TransitionNotAllowed
from nodereg.model.semantics import CompiledModel, Config, Model, compiled

from .engines import Trace


def event_args(cm: CompiledModel, k: int, args: tuple[Any, ...]) -> dict[str, Any]:
    """Arguments by name, enumerations by their Kubernetes spelling."""
    e = cm.instances[k].event
    out: dict[str, Any] = {}
    for a, v in zip(e.args, args, strict=True):
        out[a.name] = a.names[v] if a.names else bool(v) if a.sort == "bool" else v
    return out


def describe(cm: CompiledModel, trace: Trace) -> list[dict[str, Any]]:
    """The JSON form: ``[{"event", "node", "pod", "args", "state", "changed"}, ...]``."""
    out: list[dict[str, Any]] = []
    prev: dict[str, Any] | None = None
    for k, args, st in trace:
        named = cm.named(st)
        pretty = {name: _pretty(name, v) for name, v in named.items()}
        if k is None:
            out.append(
                {"event": "init", "node": None, "pod": None, "args": {}, "state": pretty, "changed": sorted(pretty)}
            )
        else:
            inst = cm.instances[k]
            changed = sorted(n for n in named if prev is not None and prev[n] != named[n])
            out.append(
                {
                    "event": inst.event.id,
                    "node": inst.node,
                    "pod": inst.pod,
                    "args": event_args(cm, k, args),
                    "state": pretty,
                    "changed": changed,
                }
            )
        prev = named
    return out


def _pretty(name: str, v: Any) -> Any:
    base = name.split("[")[0]
    if base == "ctl":
        return d.STATE_NAMES[v] if 0 <= v < len(d.STATE_NAMES) else "NoEdge"
    for var in (*d.NODE_VARS, *d.POD_VARS):
        if var.name == base and var.names:
            return var.names[v] if 0 <= v < len(var.names) else v
    return v


def replay(model: Model, cfg: Config, trace: Trace, prop: Any = None) -> bool:
    """Replay on the machine and the compiled step; True when both reproduce the trace exactly and,
    when ``prop`` is given, the property fails at the end of the trace (a state property on the last
    state, a step property on the last step).

    The property check matters where a run is moved between configurations: a run found on one node
    and lifted to two embeds there, yet a bound that grows with the cluster (the NoExecute latency's
    ``(nodes - 1)·10 s``) may no longer be missed by it. A run that does not break the property it is
    reported for is no counterexample of it.
    """
    cm = compiled(model, cfg)
    init = trace[0][2]
    cluster: Cluster | None = Cluster(model, cfg, init)
    state = tuple(init)
    for k, args, expect in trace[1:]:
        assert k is not None
        inst = cm.instances[k]
        if not cm.enabled(state, k, args):
            return False
        state = cm.step(state, k, args)
        if state != tuple(expect):
            return False
        if cluster is None:
            continue  # past a step the machine has no edge for: the compiled step alone replays the rest
        try:
            cluster.fire(inst.event.id, inst.node, inst.pod, args)
        except TransitionNotAllowed:
            # the machine refuses a step the data allows: only legitimate when the step has no
            # declared lifecycle edge, which the compiled step records as NO_EDGE
            if not any(c == d.NO_EDGE for c in _ctls(cm, state)):
                return False
            cluster = None
            continue
        if cluster.state != state:
            return False
    return prop is None or breaks(cm, trace, prop)


def breaks(cm: CompiledModel, trace: Trace, prop: Any) -> bool:
    """Whether ``prop`` fails at the end of ``trace`` on the compiled model (evaluated in Python, apart
    from the Z3 encoding that found the run)."""
    from .explorer import CompiledProperties

    cp = CompiledProperties(cm, [prop])
    last = trace[-1]
    if prop.kind == "state":
        return not cp.state_ok(prop.id, last[2])
    if last[0] is None or len(trace) < 2:
        return False
    return not cp.step_ok(prop.id, trace[-2][2], last[2], last[0], last[1])


def _ctls(cm: CompiledModel, state: tuple[Any, ...]) -> list[int]:
    return [state[cm.layout.index[("ctl", "ctl", n)]] for n in range(cm.cfg.nodes)]
