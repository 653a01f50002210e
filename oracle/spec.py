"""Which fields each event of the ``events`` format has: derived from the declaration, below everything.

The event sets (node events, pod events, kubelet acts) and the per-event field specification are
read both by the validator (:mod:`~nodereg.oracle.events`) and by the code generator
(:mod:`~nodereg.oracle.compile`, whose inline steps accept exactly the lines the validator
accepts); keeping them here, above only the declaration, is what lets both import them without a
cycle.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from nodereg.model import declaration as d

KUBELET_ACTS = frozenset(e.id for e in d.EVENTS if e.actor == "kubelet") - {"kubelet_stops", "kubelet_restarts"}
NODE_EVENTS = frozenset(e.id for e in d.EVENTS if e.indices == ("node",))
POD_EVENTS = frozenset(e.id for e in d.EVENTS if e.indices == ("node", "pod"))
EXTRA_EVENTS = ("declare_node", "declare_pod", "delete_pod", "observe_node")
MODEL_EVENTS = tuple(e.id for e in d.EVENTS if e.id != "time_passes")
ALL_EVENTS = (*MODEL_EVENTS, *EXTRA_EVENTS)
OPTIONAL = ("id", "comment", "inferred", "expect")

#: kind, required, default of one field beyond t/event/node/pod
Field = tuple[str, bool, Any]


def arg_fields(eid: str) -> dict[str, Field]:
    """name -> (kind, required, default) of an event's fields beyond t/event/node/pod."""
    e = d.EVENT_BY_ID.get(eid)
    out: dict[str, Field] = {}
    if e is not None:
        for a in e.args:
            kind = "effect" if a.names == d.EFFECT_NAMES else a.sort
            required = eid in ("kubelet_post_status", "admin_taint_node") and a.name in ("ready", "taint_effect")
            out[a.name] = (kind, required, 0 if kind != "bool" else False)
        if eid == "kubelet_register_node":
            out["capacity"] = ("count", False, None)
            out["reserved"] = ("count", False, None)
        if eid == "nlc_monitor_node_health":
            out["marks_unknown"] = ("bool", False, False)
    elif eid == "declare_pod":
        out = {
            "tolerations": ("tolerations", False, None),
            "tolerates": ("bits", False, None),
            "toleration_seconds": ("seconds", False, None),
            "request": ("count", False, 0),
            "default_tolerations": ("bool", False, True),
        }
    elif eid == "declare_node":
        out = {"capacity": ("count", False, None), "reserved": ("count", False, None)}
    elif eid == "observe_node":
        out = {
            "ready": ("ready", False, "Absent"),
            "taints": ("taints", False, None),
            "unschedulable": ("bool", False, False),
            "memory_pressure": ("bool", False, False),
            "network_unavailable": ("bool", False, False),
            "allocatable": ("count", False, None),
            "capacity": ("count", False, None),
        }
    return out


def needs(eid: str) -> tuple[bool, bool]:
    """Whether an event names a node, a pod."""
    if eid in POD_EVENTS:
        return True, True
    if eid in NODE_EVENTS or eid in ("declare_node", "observe_node"):
        return True, False
    return False, True


@cache
def event_spec(eid: str) -> tuple[bool, bool, dict[str, Field], frozenset[str]]:
    """``(needs node, needs pod, fields, allowed keys)`` of one event of the ``events`` format."""
    need_node, need_pod = needs(eid)
    fields = arg_fields(eid)
    allowed = frozenset(
        {"t", "event", *(["node"] if need_node else []), *(["pod"] if need_pod else []), *fields, *OPTIONAL}
    )
    return need_node, need_pod, fields, allowed
