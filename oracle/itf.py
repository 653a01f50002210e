"""ITF (Informal Trace Format, Apalache ADR-015) for nodereg traces: write vectors, read traces.

A nodereg ITF trace has the variables ``params`` (the timing parameters; listed in ``params``),
``t`` (seconds since the start), ``nodes`` and ``pods`` (``#map`` from name to a record of the
model's variables: clocks as ages, enumerations by their Kubernetes names, ``bound_to`` a node
name or ``""``), and, as Quint's ``--mbt`` writes them, ``mbt::actionTaken`` (the event id, ``init``
for the first state) and ``mbt::nondetPicks`` (``node``, ``pod`` and the event's arguments as
``{"tag": "Some", "value": ...}`` or ``{"tag": "None", "value": {}}``). Integers are written as
``{"#bigint": "..."}`` (what Quint writes); bare JSON integers are accepted on reading.

Reading replays the actions through the oracle: the first state declares the pods (their
toleration bits, tolerationSeconds, request) and the nodes' capacity; each later state's acting
node's observable variables become the event's ``expect``, so a state the model does not produce
is reported.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from nodereg.model import declaration as d

from .events import EXPECTABLE, normalise
from .record import EventRecord, InputError, json_type
from .source import close_source, open_source

FORMAT_DESCRIPTION = "https://apalache-mc.org/docs/adr/015adr-trace.html"
_NAMES = {v.name: v.names for v in (*d.NODE_VARS, *d.POD_VARS) if v.names}


def bigint(v: int) -> dict[str, str]:
    return {"#bigint": str(int(v))}


def enc(name: str, v: Any) -> Any:
    """One variable's value as ITF JSON."""
    if isinstance(v, bool):
        return v
    if name == "ctl":
        return d.STATE_NAMES[v] if 0 <= v < len(d.STATE_NAMES) else "NoEdge"
    if name in _NAMES and isinstance(v, int):
        return _NAMES[name][v]
    if isinstance(v, int):
        return bigint(v)
    return v


def some(v: Any) -> dict[str, Any]:
    return {"tag": "Some", "value": v}


NONE = {"tag": "None", "value": {}}


def _plain(v: Any) -> Any:
    """Decode ITF values with itf-py (``#bigint``, ``#map``, variants) into plain Python."""
    import itf_py

    x = itf_py.value_from_json(_variants(v))
    return _unwrap(x)


def _variants(v: Any) -> Any:
    """Quint's ``{"tag": "Some"|"None", "value": ...}`` as the value or null (itf-py cannot name a type None)."""
    if isinstance(v, dict):
        if set(v) == {"tag", "value"} and v["tag"] in ("Some", "None"):
            return _variants(v["value"]) if v["tag"] == "Some" else None
        return {k: _variants(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_variants(x) for x in v]
    return v


def _unwrap(x: Any) -> Any:
    if hasattr(x, "_fields"):
        if type(x).__name__ in ("Some", "None") and set(x._fields) <= {"value"}:
            return _unwrap(x.value) if type(x).__name__ == "Some" else None
        return {k: _unwrap(getattr(x, k)) for k in x._fields}
    if isinstance(x, dict):
        return {_unwrap(k): _unwrap(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_unwrap(v) for v in x]
    return x


def read_itf(path: str) -> Iterator[EventRecord]:
    """Normalised events of a nodereg ITF trace."""
    import json

    name, f = open_source(path)
    try:
        raw = f.read(1 << 30)
    finally:
        close_source(f)
    try:
        doc = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"not JSON: {exc}", name, 1) from None
    except RecursionError:
        raise InputError("JSON nested too deeply", name, 1) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("states"), list):
        raise InputError('ITF: expected an object with "states"', name, 1)
    yield from itf_events(doc, name)


def itf_events(doc: dict[str, Any], name: str = "<itf>") -> Iterator[EventRecord]:
    """The events of an ITF document; a state of the wrong shape is one input error naming it."""
    at = [1]
    try:
        yield from _itf_events(doc, name, at)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError) as exc:
        raise InputError(
            f"ITF: unexpected shape near state {at[0] - 1} ({type(exc).__name__}: {str(exc)[:100]})", name, at[0]
        ) from None


def _itf_events(doc: dict[str, Any], name: str, at: list[int]) -> Iterator[EventRecord]:
    states = doc["states"]
    if not states:
        return
    if not isinstance(states[0], dict):
        raise InputError(f"ITF state 0: expected an object, got {json_type(states[0])}", name, 1)
    try:
        first = {k: _plain(v) for k, v in states[0].items() if k != "#meta"}
    except Exception as exc:  # itf-py raises plain exceptions on odd values
        raise InputError(f"ITF state 0: {exc}", name, 1) from None
    pods = first.get("pods") or {}
    nodes = first.get("nodes") or {}
    if not isinstance(pods, dict) or not isinstance(nodes, dict):
        raise InputError('ITF: "nodes" and "pods" must be maps from names to records', name, 1)
    t0 = _num(first.get("t", 0), name, 1)
    for pn, pv in sorted(pods.items()):
        bits = {k: bool(v) for k, v in pv.items() if k.startswith("tolerates_") and k != "tolerates_forever"}
        if pv.get("tolerates_forever"):
            bits["tolerates_forever"] = True
        ev = {
            "t": t0,
            "event": "declare_pod",
            "pod": str(pn),
            "tolerates": bits,
            "toleration_seconds": None if pv.get("tolerates_forever") else int(pv.get("toleration_seconds", 0)),
            "request": int(pv.get("request", 0)),
        }
        yield normalise(ev, name, 1)
    for nn, nv in sorted(nodes.items()):
        ev = {
            "t": t0,
            "event": "declare_node",
            "node": str(nn),
            "capacity": int(nv.get("capacity", 10**9)),
            "reserved": int(nv.get("reserved", 0)),
        }
        yield normalise(ev, name, 1)
    t = t0
    for i, st in enumerate(states[1:], start=1):
        line = i + 1
        at[0] = line
        if not isinstance(st, dict):
            raise InputError(f"ITF state {i}: expected an object, got {json_type(st)}", name, line)
        try:
            s = {k: _plain(v) for k, v in st.items() if k != "#meta"}
        except Exception as exc:
            raise InputError(f"ITF state {i}: {exc}", name, line) from None
        action = s.get("mbt::actionTaken") or (st.get("#meta") or {}).get("action")
        picks = s.get("mbt::nondetPicks") or {}
        if not isinstance(action, str) or not isinstance(picks, dict):
            raise InputError(f'ITF state {i}: no "mbt::actionTaken" (the event that led here)', name, line)
        if "t" in s:
            t = _num(s["t"], name, line)
        if action == "time_passes":
            if "t" not in s:
                t += _num(picks.get("seconds", 0), name, line)
            continue
        ev: dict[str, Any] = {"t": t, "event": action}
        e = d.EVENT_BY_ID.get(action)
        if e is None:
            raise InputError(f"ITF state {i}: unknown action {action!r:.60}", name, line)
        for ix in e.indices:
            if picks.get(ix) is None:
                raise InputError(f'ITF state {i}: {action} needs nondetPick "{ix}"', name, line)
            ev[ix] = str(picks[ix])
        for a in e.args:
            if a.name in picks and picks[a.name] is not None:
                v = picks[a.name]
                ev[a.name] = a.names[v] if a.names and isinstance(v, int) else v
        node_after = (s.get("nodes") or {}).get(ev.get("node"))
        if isinstance(node_after, dict):
            exp = {k: node_after[k] for k in EXPECTABLE if k in node_after}
            if exp.get("custom_effect") is not None and not exp.get("taint_custom"):
                exp.pop("custom_effect")
            ev["expect"] = exp
        yield normalise(ev, name, line)


def _num(v: Any, name: str, line: int) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise InputError(f'ITF: "t" must be a number, got {v!r:.40}', name, line)
    return float(v)
