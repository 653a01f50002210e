"""The ``events`` format: nodereg's own JSON Lines trace of model events.

One JSON object per line, in time order::

    {"t": 0, "event": "declare_pod", "pod": "web-1", "tolerations": [], "request": 100}
    {"t": 12.0, "event": "kubelet_renew_lease", "node": "n1"}
    {"t": 13, "event": "kubelet_post_status", "node": "n1", "ready": true}
    {"t": 14, "event": "scheduler_bind_pod", "node": "n1", "pod": "web-1"}

* ``t``: seconds (any origin; epoch seconds from real traces), non-decreasing. Time passing is
  implicit: there is no ``time_passes`` event.
* ``event``: an event id of the declaration (``nodereg.model.declaration.EVENTS``) or one of the
  bookkeeping events ``declare_pod``, ``delete_pod``, ``declare_node``, ``observe_node``.
* ``node`` / ``pod``: names, as the event's indices require.
* the event's data arguments by name (``ready``, ``memory_pressure``, ``taint_effect`` as
  ``"NoSchedule"``/``"PreferNoSchedule"``/``"NoExecute"``...), and for ``nlc_monitor_node_health``
  the optional outcome ``marks_unknown`` (the pass set Ready=Unknown).
* ``expect`` (optional): node variables as the trace observed them after the event (what
  adapters from real clusters pass so that an outcome the model does not produce is caught).
* ``id``, ``comment``, ``inferred`` (optional): carried along, ignored by the checks.

Validation: the JSON Schema ``oracle/events.schema.json`` (generated from the declaration by
:func:`schema`, a test keeps the committed file equal) is applied in full with ``jsonschema`` by
``--strict``. Otherwise each line is checked by :func:`normalise`, a hand-written validator of the
same schema (same enum of events, required fields, types and bounds; tests check that it rejects
what the schema rejects), with a shortcut for the argument-free node events of the hot path.
"""

from __future__ import annotations

import math
from typing import Any

from nodereg.model import declaration as d

from .compile import NI
from .pods import pod_from_bits, pod_from_tolerations
from .record import EventRecord, InputError, json_type
from .spec import ALL_EVENTS, MODEL_EVENTS, OPTIONAL
from .spec import event_spec as _spec

__all__ = [
    "ALL_EVENTS",
    "EXPECTABLE",
    "MODEL_EVENTS",
    "OPTIONAL",
    "POD_BITS",
    "EventRecord",
    "dump",
    "normalise",
    "schema",
    "taint_bits",
    "validator",
]
EFFECTS = {name: i for i, name in enumerate(d.EFFECT_NAMES)}
READY = {name: i for i, name in enumerate(d.READY_NAMES)}
#: Node variables an ``expect`` may name: the fields of the Node object (what an observation of the
#: cluster can show), as the declaration lists them for NodeRestriction.
EXPECTABLE = d.node_object_vars()
POD_BITS = (*[t.tolerated_by for t in d.TAINT_SLOTS if t.tolerated_by], "tolerates_custom_ns", "tolerates_custom_ne")


def _err(msg: str, file: str | None, line: int | None) -> InputError:
    return InputError(msg, file, line)


def _time(v: Any, file: str | None, line: int | None) -> float:
    if type(v) not in (int, float) or not math.isfinite(v) or v < 0:
        raise _err(f'"t" must be a finite number of seconds >= 0, got {v!r:.60}', file, line)
    return float(v)


def _value(kind: str, name: str, v: Any, file: str | None, line: int | None) -> Any:
    bad = False
    if kind == "bool":
        bad = type(v) is not bool
    elif kind == "effect":
        if type(v) is str and v in EFFECTS:
            return EFFECTS[v]
        bad = not (type(v) is int and 0 <= v <= 2)
    elif kind == "int":
        bad = type(v) is not int
    elif kind == "count":
        bad = not (type(v) is int and 0 <= v <= 10**15)
    elif kind == "seconds":
        bad = v is not None and not (type(v) is int and 0 <= v <= 10**9)
    elif kind == "ready":
        if type(v) is str and v in READY:
            return READY[v]
        bad = True
    elif kind in ("tolerations", "taints"):
        bad = not (type(v) is list and all(type(x) is dict and all(type(k) is str for k in x) for x in v))
        if not bad:
            for x in v:
                for k in ("key", "operator", "value", "effect"):
                    if k in x and type(x[k]) is not str:
                        bad = True
                if (
                    "tolerationSeconds" in x
                    and x["tolerationSeconds"] is not None
                    and type(x["tolerationSeconds"]) is not int
                ):
                    bad = True
    elif kind == "bits":
        bad = not (
            type(v) is dict and all(k in (*POD_BITS, "tolerates_forever") and type(b) is bool for k, b in v.items())
        )
    if bad:
        raise _err(f'"{name}": expected {_KIND_TEXT[kind]}, got {v!r:.60}', file, line)
    return v


_KIND_TEXT = {
    "bool": "true or false",
    "effect": '"NoSchedule", "PreferNoSchedule" or "NoExecute"',
    "int": "an integer",
    "count": "a non-negative integer",
    "seconds": "null or a non-negative integer",
    "ready": '"True", "False", "Unknown" or "Absent"',
    "tolerations": "a list of Kubernetes tolerations",
    "taints": "a list of Kubernetes taints",
    "bits": f"an object of booleans named {', '.join(POD_BITS)}",
}


#: how much a user taint's effect forbids, least first: the one user-taint slot stands for the strongest of a Node's
#: user taints (a NoExecute one evicts and blocks scheduling, a NoSchedule one blocks it, a PreferNoSchedule neither)
_EFFECT_STRENGTH = {EFFECTS["PreferNoSchedule"]: 0, EFFECTS["NoSchedule"]: 1, EFFECTS["NoExecute"]: 2}


def taint_bits(taints: list[dict[str, Any]]) -> dict[int, Any]:
    """Real taints -> the node's taint variables (any key the declaration has no slot for is the user taint).

    Several user taints are one slot with the strongest effect among them, whatever their order (was: the last one's,
    so ``kubectl taint`` putting ``foo_1:NoExecute`` before an older ``foo=bar:NoSchedule``, as kubectl's
    reorganizeTaints does, read as a NoSchedule slot, and the taint-eviction controller's deletion of an untolerating
    pod under it was a false ``eviction-only-when-due``; kubectl's TestReorganizeTaints "add new taint").
    """
    out: dict[int, Any] = {NI[t.var]: False for t in d.TAINT_SLOTS}
    for x in taints:
        key, eff = x.get("key", ""), EFFECTS.get(x.get("effect", ""), -1)
        slot = next((t for t in d.TAINT_SLOTS if t.effect >= 0 and t.key == key and t.effect == eff), None)
        if slot is not None:
            out[NI[slot.var]] = True
        elif key not in (t.key for t in d.TAINT_SLOTS if t.effect >= 0) and eff >= 0:
            had = out[NI["taint_custom"]]
            if not had or _EFFECT_STRENGTH[eff] > _EFFECT_STRENGTH[out[NI["custom_effect"]]]:
                out[NI["custom_effect"]] = eff
            out[NI["taint_custom"]] = True
    return out


def normalise(ev: Any, file: str | None = None, line: int | None = None) -> EventRecord:
    """Validate one event object and return it as an :class:`EventRecord` (carrying ``line`` and ``file``).

    Raises :class:`InputError` naming the file, line and what was expected.
    """
    if type(ev) is not dict:
        raise _err(f"expected a JSON object per line, got {json_type(ev)}", file, line)
    eid = ev.get("event")
    if type(eid) is not str or eid not in ALL_EVENTS:
        if eid == "time_passes":
            raise _err('"time_passes" is implicit in the events format: give every event its time "t"', file, line)
        raise _err(f'"event": expected one of {", ".join(ALL_EVENTS)}; got {eid!r:.60}', file, line)
    if "t" not in ev:
        raise _err(f'{eid}: missing "t" (seconds)', file, line)
    t = _time(ev["t"], file, line)
    need_node, need_pod, fields, allowed = _spec(eid)
    extra_keys = [k for k in ev if k not in allowed]
    if extra_keys:
        raise _err(f'{eid}: unexpected field "{extra_keys[0]:.60}" (allowed: {", ".join(sorted(allowed))})', file, line)
    node = pod = None
    if need_node:
        node = ev.get("node")
        if type(node) is not str or not node:
            raise _err(f'{eid}: "node" must be a non-empty string', file, line)
    if need_pod:
        pod = ev.get("pod")
        if type(pod) is not str or not pod:
            raise _err(f'{eid}: "pod" must be a non-empty string', file, line)
    vals: dict[str, Any] = {}
    for name, (kind, required, default) in fields.items():
        if name in ev:
            vals[name] = _value(kind, name, ev[name], file, line)
        elif required:
            raise _err(f'{eid}: missing "{name}" ({_KIND_TEXT[kind]})', file, line)
        else:
            vals[name] = default
    for k in ("id", "comment", "inferred"):
        if k in ev and not (ev[k] is None or type(ev[k]) in (str, int, bool)):
            raise _err(f'"{k}": expected a string, number or boolean', file, line)
    expect: dict[int, Any] | None = None
    if "expect" in ev:
        expect = _expect(ev["expect"], file, line)
    extra: dict[str, Any] = {}
    e = d.EVENT_BY_ID.get(eid)
    args: tuple[Any, ...] = ()
    if e is not None:
        args = tuple(vals[a.name] for a in e.args)
        if eid == "kubelet_register_node":
            extra = {k: vals[k] for k in ("capacity", "reserved") if vals[k] is not None}
        if eid == "nlc_monitor_node_health" and vals.get("marks_unknown"):
            expect = dict(expect or {})
            expect.setdefault(NI["ready"], d.READY_UNKNOWN)
            expect.setdefault(NI["memory_pressure"], False)
    elif eid == "declare_pod":
        if vals["tolerations"] is not None and vals["tolerates"] is not None:
            raise _err('declare_pod: give "tolerations" (Kubernetes) or "tolerates" (model bits), not both', file, line)
        if vals["tolerates"] is not None:
            bits = dict(vals["tolerates"])
            if vals["toleration_seconds"] is None:
                bits["tolerates_forever"] = True
            extra["pod"] = pod_from_bits(bits, vals["request"], vals["toleration_seconds"])
        else:
            extra["pod"] = pod_from_tolerations(vals["tolerations"], vals["request"], vals["default_tolerations"])
    elif eid == "declare_node":
        extra = {k: v for k, v in vals.items() if v is not None}
    elif eid == "observe_node":
        st: dict[int, Any] = {
            NI["ready"]: vals["ready"],
            NI["unschedulable"]: vals["unschedulable"],
            NI["memory_pressure"]: vals["memory_pressure"],
            NI["network_unavailable"]: vals["network_unavailable"],
        }
        st.update(taint_bits(vals["taints"] or []))
        if vals["allocatable"] is not None:
            st[NI["allocatable"]] = vals["allocatable"]
        if vals["capacity"] is not None:
            st[NI["capacity"]] = vals["capacity"]
            extra["capacity"] = vals["capacity"]
            if vals["allocatable"] is not None:
                # the kubelet reports allocatable = capacity - reserved (setters.go MachineInfo): what
                # it reserves is read off the Node, as at registration, never taken as nothing
                st[NI["reserved"]] = max(vals["capacity"] - vals["allocatable"], 0)
        extra["set"] = st
    return EventRecord(eid, t, node, pod, args, expect, extra, line, file)


def _expect(v: Any, file: str | None, line: int | None) -> dict[int, Any]:
    if type(v) is not dict:
        raise _err('"expect": expected an object of node variables', file, line)
    out: dict[int, Any] = {}
    for k, x in v.items():
        if k not in EXPECTABLE:
            raise _err(
                f'"expect": unknown node variable {k!r:.60} (expected one of {", ".join(EXPECTABLE)})', file, line
            )
        if k == "ready":
            out[NI[k]] = _value("ready", "expect.ready", x, file, line)
        elif k == "custom_effect":
            out[NI[k]] = _value("effect", "expect.custom_effect", x, file, line)
        elif k == "allocatable":
            out[NI[k]] = _value("count", "expect.allocatable", x, file, line)
        else:
            out[NI[k]] = _value("bool", f"expect.{k}", x, file, line)
    return out


# -------------------------------------------------------------------------------------------------
# JSON Schema (generated from the declaration; committed as oracle/events.schema.json)
# -------------------------------------------------------------------------------------------------

_SCHEMA_KIND = {
    "bool": {"type": "boolean"},
    "effect": {"enum": list(d.EFFECT_NAMES)},
    "int": {"type": "integer"},
    "count": {"type": "integer", "minimum": 0, "maximum": 10**15},
    "seconds": {"type": ["integer", "null"], "minimum": 0, "maximum": 10**9},
    "ready": {"enum": list(d.READY_NAMES)},
    "tolerations": {"type": "array", "items": {"$ref": "#/$defs/toleration"}},
    "taints": {"type": "array", "items": {"$ref": "#/$defs/taint"}},
    "bits": {
        "type": "object",
        "additionalProperties": False,
        "properties": {k: {"type": "boolean"} for k in (*POD_BITS, "tolerates_forever")},
    },
}


def schema() -> dict[str, Any]:
    """The JSON Schema of one line of the ``events`` format."""
    branches = []
    for eid in ALL_EVENTS:
        need_node, need_pod, fields, _ = _spec(eid)
        props: dict[str, Any] = {
            "t": {"type": "number", "minimum": 0},
            "event": {"const": eid},
            "id": {"type": ["string", "integer", "boolean", "null"]},
            "comment": {"type": ["string", "integer", "boolean", "null"]},
            "inferred": {"type": ["string", "integer", "boolean", "null"]},
            "expect": {"$ref": "#/$defs/expect"},
        }
        required = ["t", "event"]
        if need_node:
            props["node"] = {"type": "string", "minLength": 1}
            required.append("node")
        if need_pod:
            props["pod"] = {"type": "string", "minLength": 1}
            required.append("pod")
        for name, (kind, req, _default) in fields.items():
            props[name] = dict(_SCHEMA_KIND[kind])
            if kind == "effect":
                props[name] = {
                    "oneOf": [{"enum": list(d.EFFECT_NAMES)}, {"type": "integer", "minimum": 0, "maximum": 2}]
                }
            if req:
                required.append(name)
        e = d.EVENT_BY_ID.get(eid)
        desc = e.doc if e is not None else _EXTRA_DOC[eid]
        branches.append(
            {
                "if": {"properties": {"event": {"const": eid}}, "required": ["event"]},
                "then": {
                    "type": "object",
                    "description": desc,
                    "properties": props,
                    "required": required,
                    "additionalProperties": False,
                },
            }
        )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://github.com/nodereg/nodereg/oracle/events.schema.json",
        "title": "nodereg events: one model event of the Kubernetes node lifecycle per line",
        "type": "object",
        "required": ["t", "event"],
        "properties": {"event": {"enum": list(ALL_EVENTS)}, "t": {"type": "number", "minimum": 0}},
        "allOf": branches,
        "$defs": {
            "toleration": {
                "type": "object",
                "properties": {
                    "key": {"type": "string"},
                    "operator": {"type": "string"},
                    "value": {"type": "string"},
                    "effect": {"type": "string"},
                    "tolerationSeconds": {"type": ["integer", "null"]},
                },
            },
            "taint": {
                "type": "object",
                "properties": {
                    "key": {"type": "string"},
                    "value": {"type": "string"},
                    "effect": {"type": "string"},
                    "timeAdded": {"type": ["string", "null"]},
                },
            },
            "expect": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    k: (
                        {"enum": list(d.READY_NAMES)}
                        if k == "ready"
                        else {
                            "oneOf": [{"enum": list(d.EFFECT_NAMES)}, {"type": "integer", "minimum": 0, "maximum": 2}]
                        }
                        if k == "custom_effect"
                        else {"type": "integer", "minimum": 0}
                        if k == "allocatable"
                        else {"type": "boolean"}
                    )
                    for k in EXPECTABLE
                },
            },
        },
    }


_EXTRA_DOC = {
    "declare_pod": "A pod exists (created, or recreated by its owner): its tolerations (Kubernetes JSON, "
    "DefaultTolerationSeconds applied unless default_tolerations is false, or model bits) and "
    "cpu request.",
    "delete_pod": "A pod is deleted by anyone (not a model event: no check).",
    "declare_node": "The machine behind a node: cpu capacity and reserved (kube-reserved + system-reserved + "
    "eviction threshold).",
    "observe_node": "A Node seen for the first time already registered (a watch that starts mid-life): its "
    "Ready status, taints, cordon and conditions; the kubelet is taken as running with credentials.",
}


def validator() -> Any:
    """A jsonschema validator of the committed schema (used by ``--strict`` and the tests)."""
    import json
    from importlib import resources

    import jsonschema

    doc = json.loads(resources.files("nodereg.oracle").joinpath("events.schema.json").read_text())
    cls = jsonschema.validators.validator_for(doc)
    return cls(doc)


def dump(ev: dict[str, Any]) -> str:
    """One event as a canonical line (sorted keys, compact): what ``vectors`` and the adapters write."""
    import json

    return json.dumps(ev, sort_keys=True, separators=(",", ":"))
