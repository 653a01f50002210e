"""Pod state lists from tolerations: what a declared pod is to the monitor (below the monitor and the readers).

A pod is one list laid out by ``compile.POD_KEYS``: the declaration's toleration bits (one per taint
slot), its NoExecute ``tolerationSeconds`` and its cpu request. Built from real Kubernetes
tolerations with :mod:`nodereg.model.rules` (the upstream matching rules), or from model bits.
"""

from __future__ import annotations

import functools
from typing import Any

from nodereg.model import declaration as d

from .compile import PI

_BOUND, _REQ, _NOEX = PI["bound_to"], PI["request"], PI["since_noexecute"]


def pod_from_bits(bits: dict[str, Any], request: int = 0, toleration_seconds: int | None = None) -> list[Any]:
    """A pod list from model toleration bits (names without the ``tolerates_`` prefix accepted)."""
    p: list[Any] = [None] * len(PI)
    for name, i in PI.items():
        if name.startswith("tolerates_"):
            p[i] = bool(bits.get(name, bits.get(name[len("tolerates_") :], False)))
    p[_BOUND] = d.UNBOUND
    forever = toleration_seconds is None and bool(bits.get("tolerates_forever", bits.get("forever", False)))
    p[PI["tolerates_forever"]] = forever
    p[PI["toleration_seconds"]] = int(toleration_seconds or 0)
    p[_REQ] = int(request)
    for v in d.POD_VARS:  # every pod clock (the eviction timer and the properties' ghost clocks)
        if v.clock:
            p[PI[v.name]] = 0.0
    return p


def pod_from_tolerations(
    tolerations: list[dict[str, Any]] | None, request: int = 0, default_tolerations: bool = True
) -> list[Any]:
    """A pod list from real Kubernetes tolerations (see :func:`_pod_from_tolerations`), a fresh copy of
    a result cached by the tolerations' canonical JSON: a trace declares many pods alike."""
    import orjson

    try:
        key = orjson.dumps(tolerations or [], option=orjson.OPT_SORT_KEYS)
    except TypeError:  # not JSON data: no caching
        return _pod_from_tolerations(tolerations, request, default_tolerations)
    return list(_pod_from_tolerations_json(key, int(request), bool(default_tolerations)))


@functools.lru_cache(maxsize=1024)
def _pod_from_tolerations_json(key: bytes, request: int, default_tolerations: bool) -> tuple[Any, ...]:
    import orjson

    return tuple(_pod_from_tolerations(orjson.loads(key), request, default_tolerations))


def _pod_from_tolerations(
    tolerations: list[dict[str, Any]] | None, request: int = 0, default_tolerations: bool = True
) -> list[Any]:
    """A pod list from real Kubernetes tolerations, through :mod:`nodereg.model.rules`.

    Each taint slot of the declaration becomes the real taint (key, effect) it stands for and is
    matched with ``rules.tolerates``; ``toleration_seconds``/``tolerates_forever`` come from
    ``rules.eviction_delay_seconds`` over the NoExecute slots the pod tolerates (the model keeps
    one number per pod: the smallest). DefaultTolerationSeconds is applied first, as the API
    server does on create, unless ``default_tolerations`` is false (objects read from a cluster
    already carry it).
    """
    from nodereg.model import rules as r

    tols = list(tolerations or [])
    if default_tolerations:
        tols = r.add_default_tolerations({"spec": {"tolerations": tols}})["spec"]["tolerations"]
    bits: dict[str, bool] = {}
    effects = {d.NO_SCHEDULE: r.EFFECT_NO_SCHEDULE, d.NO_EXECUTE: r.EFFECT_NO_EXECUTE}
    ne_taints = []
    for slot in d.TAINT_SLOTS:
        if slot.effect < 0:
            for eff, name in ((d.NO_SCHEDULE, "tolerates_custom_ns"), (d.NO_EXECUTE, "tolerates_custom_ne")):
                taint = {"key": slot.key, "effect": effects[eff]}
                bits[name] = r.tolerations_tolerate_taint(tols, taint)
                if eff == d.NO_EXECUTE and bits[name]:
                    ne_taints.append(taint)
            continue
        value = "true" if slot.key == r.KEY_CLOUD_UNINITIALIZED else ""
        taint = {"key": slot.key, "value": value, "effect": effects[slot.effect]}
        bits[slot.tolerated_by] = r.tolerations_tolerate_taint(tols, taint)
        if slot.effect == d.NO_EXECUTE and bits[slot.tolerated_by]:
            ne_taints.append(taint)
    delay = r.eviction_delay_seconds(tols, ne_taints) if ne_taints else 0.0
    if delay is None:
        return pod_from_bits({**bits, "tolerates_forever": True}, request, None)
    return pod_from_bits(bits, request, int(delay))
