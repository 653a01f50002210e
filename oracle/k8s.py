"""Reading real Kubernetes JSON: timestamps, quantities, streams of concatenated objects, taints.

Shared by the watch and audit adapters. Everything here is total: a malformed value becomes an
:class:`~nodereg.oracle.core.InputError` naming file and line, never an exception of its own.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from typing import IO, Any

from nodereg.model import declaration as d

from .record import InputError

MAX_OBJECT = 16 << 20  # bytes of one JSON object in a stream


def parse_time(v: Any, what: str, file: str | None, line: int | None) -> float:
    """RFC 3339 (``2024-05-01T10:00:10.123456Z``) to epoch seconds."""
    if not isinstance(v, str):
        raise InputError(f"{what}: expected an RFC 3339 timestamp, got {v!r:.60}", file, line)
    try:
        x = dt.datetime.fromisoformat(v.replace("Z", "+00:00"))
    except ValueError:
        raise InputError(f"{what}: expected an RFC 3339 timestamp, got {v!r:.60}", file, line) from None
    if x.tzinfo is None:
        x = x.replace(tzinfo=dt.UTC)
    return x.timestamp()


def cpu_millis(q: Any) -> int | None:
    """A cpu quantity (``"4"``, ``"3800m"``, ``"0.5"``, ``2``) in millicores; None if absent or odd."""
    if q is None:
        return None
    if isinstance(q, bool):
        return None
    if isinstance(q, int | float):
        return round(q * 1000)
    if not isinstance(q, str) or not q:
        return None
    try:
        if q.endswith("m"):
            return int(q[:-1])
        if q.endswith("k"):
            return int(float(q[:-1]) * 1_000_000)
        return round(float(q) * 1000)
    except ValueError:
        return None


def objects(f: IO[bytes], name: str) -> Iterator[tuple[int, Any]]:
    """Every JSON value of a stream of concatenated (pretty-printed or compact) values or JSON Lines.

    Yields ``(line where the value starts, value)``, in bounded memory (one value at a time, at
    most :data:`MAX_OBJECT`). A malformed value is yielded as ``(line, InputError)``; the stream
    then resumes at the next line that starts with ``{``.
    """
    dec = json.JSONDecoder()
    buf, pos, line, eof = "", 0, 1, False
    ws = " \t\r\n"

    def more() -> bool:
        nonlocal buf, pos, eof
        if eof:
            return False
        chunk = f.read(1 << 20)
        if not chunk:
            eof = True
            return False
        buf = buf[pos:] + chunk.decode("utf-8", "replace")
        pos = 0
        return True

    while True:
        while True:
            while pos < len(buf) and buf[pos] in ws:
                if buf[pos] == "\n":
                    line += 1
                pos += 1
            if pos < len(buf) or not more():
                break
        if pos >= len(buf):
            return
        try:
            val, end = dec.raw_decode(buf, pos)
        except json.JSONDecodeError as exc:
            near_end = exc.pos >= len(buf) - 65536
            if near_end and len(buf) - pos <= MAX_OBJECT and more():
                continue
            too_big = len(buf) - pos > MAX_OBJECT
            at = line + buf.count("\n", pos, min(exc.pos, len(buf)))
            yield at, InputError("JSON value larger than 16 MiB" if too_big else f"not JSON: {exc.msg}", name, at)
            while True:
                k = buf.find("\n{", pos + 1)
                if k >= 0:
                    line += buf.count("\n", pos, k + 1)
                    pos = k + 1
                    break
                line += buf.count("\n", pos)
                pos = len(buf)
                if not more():
                    return
            continue
        yield line, val
        line += buf.count("\n", pos, end)
        pos = end


def node_vars(obj: dict[str, Any]) -> dict[str, Any]:
    """The model's view of a Node object: Ready, conditions, cordon, taints (as expect names)."""
    from .compile import NI
    from .events import taint_bits

    spec = obj.get("spec") or {}
    status = obj.get("status") or {}
    conds = {c.get("type"): c for c in (status.get("conditions") or []) if isinstance(c, dict)}
    ready = conds.get("Ready", {}).get("status")
    out: dict[str, Any] = {
        "ready": {"True": "True", "False": "False", "Unknown": "Unknown"}.get(ready, "Absent"),
        "memory_pressure": conds.get("MemoryPressure", {}).get("status") == "True",
        "network_unavailable": conds.get("NetworkUnavailable", {}).get("status") == "True",
        "unschedulable": bool(spec.get("unschedulable")),
    }
    taints = [t for t in (spec.get("taints") or []) if isinstance(t, dict)]
    bits = taint_bits(taints)
    names = {i: k for k, i in NI.items()}
    for i, v in bits.items():
        out[names[i]] = (d.EFFECT_NAMES[v] if names[i] == "custom_effect" else v)
    if not bits.get(NI["taint_custom"]):
        out.pop("custom_effect", None)
    return out


def conditions(obj: dict[str, Any]) -> dict[str, dict[str, Any]]:
    status = obj.get("status") or {}
    return {c.get("type"): c for c in (status.get("conditions") or []) if isinstance(c, dict)}


def pod_request(pod: dict[str, Any]) -> int:
    """Sum of the containers' cpu requests, in millicores (what NodeResourcesFit counts)."""
    total = 0
    for c in ((pod.get("spec") or {}).get("containers") or []):
        if isinstance(c, dict):
            req = ((c.get("resources") or {}).get("requests") or {}).get("cpu")
            total += cpu_millis(req) or 0
    return total
