"""``nodereg check --jobs N``: one ``events`` file checked by N processes, partitioned by node.

Nodes are independent in the model except through pods, so shard ``k`` of ``N`` checks the nodes
whose name hashes to ``k`` (``crc32(name) % N``, the same in every process and every run); a pod
follows the node it is bound to. Every worker reads and parses the whole file, which is what
keeps the reports identical to a single process's without sending lines between processes:

* a line of its own nodes is checked as usual (the compiled inline step or ``Oracle.apply``);
* ``declare_pod`` and ``delete_pod`` (no node) go to every shard: each knows every pod, and the
  shard where the pod is bound also unbinds it (and lets time pass on its node);
* any other line is only validated (the inline steps' field check, else ``normalise``) and its time
  taken, so that every shard numbers events (``index``) and checks time order exactly as one
  process does, and stops at the same first input error;
* input errors are reported by shard 0 alone, which sees every line;
* at the end each shard lets time pass for its own nodes, up to the last event of the trace.

The parent merges the shards' violations by event index (those found at the end of the trace in
the order the nodes first appeared, as one process reports them), their notes by index, and adds
up nodes. A pod that, between its ``declare_pod`` and ``delete_pod``, has events on nodes of two
shards (a pod moved between nodes without being deleted) would need both shards: every worker
detects it at the same line and the file is checked again in one process. ``Report.oracle`` is
``None`` for a sharded check.
"""

from __future__ import annotations

import gc
import zlib
from dataclasses import dataclass, field
from typing import Any

from .core import POD_EVENTS, Oracle
from .eventlog import INF, fast_table, quick_steps, quiet_table, strict_check
from .events import normalise, validator
from .record import InputError, Position, Violation, backwards
from .source import blocks, close_source, json_line_error, open_source

CROSSED = "crossed"
BROADCAST = frozenset({"declare_pod", "delete_pod"})


def shard_of(node: str, jobs: int) -> int:
    """The shard that checks ``node`` (stable across processes and runs, unlike ``hash``)."""
    return zlib.crc32(node.encode("utf-8", "surrogatepass")) % jobs


def _worker(args: tuple[Any, ...]) -> Any:
    """Shard ``k`` of ``jobs``: its part of the report, or :data:`CROSSED`."""
    k, jobs, path, params, k8s_version, slack, keep_going, strict = args
    import orjson

    o = Oracle(params, k8s_version, slack)
    loads, JSONDecodeError = orjson.loads, orjson.JSONDecodeError
    val = validator() if strict else None
    fast = {} if val is not None else fast_table(o)
    valid = {eid: ec.valid for eid, ec in o.c.events.items() if ec.valid is not None and eid in fast}
    both = {eid: (h, valid[eid]) for eid, h in fast.items()}
    # what an inline step declines, the event's quick step takes when it reveals nothing (as in eventlog)
    use_quiet = bool(fast) and not o.attribute
    read_args = quiet_table(o) if use_quiet else {}
    quick = quick_steps(o) if use_quiet else {}
    bind = quick.get("scheduler_bind_pod")
    pods = o.pods
    foreign: set[str] = set()  # nodes of other shards seen so far
    nodes = o.nodes
    errors: list[dict[str, Any]] = []
    notes: list[tuple[int, str]] = []
    created: dict[str, int] = {}  # node -> index of the event that created it
    shards: dict[str, int] = {}
    pod_shard: dict[str, int] = {}
    name, f = open_source(path)
    n = 0
    index = o.index
    last = -1.0
    at = 0
    total = 0
    stop = False

    def error(exc: InputError) -> bool:
        """Record (shard 0) an input error; True if checking stops here."""
        if k == 0:
            errors.append(exc.as_json())
        return not keep_going

    collecting = gc.isenabled()
    gc.disable()  # (as in eventlog's hot loop: no cycles are made, and 100k nodes make the passes long)
    try:
        for parts in blocks(f):
            for raw in parts:
                n += 1
                try:
                    ev = loads(raw)
                except JSONDecodeError as exc:
                    err = json_line_error(raw, exc, name, n)
                    if err is None:
                        continue
                    if error(err):
                        stop = True
                        break
                    continue
                # the common lines: a node event of a node seen before, checked here or only counted
                try:
                    h, chk = both[ev["event"]]
                    node = ev["node"]
                    t = ev["t"]
                except (KeyError, TypeError):
                    pass
                else:
                    rec = nodes.get(node)
                    if rec is not None:
                        if (t.__class__ is float or t.__class__ is int) and last <= t <= rec.alarm and h(ev, rec, t):
                            last = t
                            index += 1
                            total += 1
                            at = n
                            continue
                    elif (
                        node in foreign and (t.__class__ is float or t.__class__ is int) and 0 <= last <= t and chk(ev)
                    ):
                        last = t
                        index += 1
                        total += 1
                        at = n
                        continue
                # route the line: its node's shard, every shard, or shard 0 (no usable node)
                own = k == 0
                eid = ev.get("event") if type(ev) is dict else None
                node = ev.get("node") if type(ev) is dict else None
                if type(node) is str and eid not in BROADCAST:
                    sh = shards.get(node)
                    if sh is None:
                        sh = shards[node] = shard_of(node, jobs)
                        if sh != k and node:
                            foreign.add(node)
                    own = sh == k
                    pod = ev.get("pod")
                    if type(pod) is str and eid in POD_EVENTS and pod_shard.setdefault(pod, sh) != sh:
                        return CROSSED  # every shard sees the same line: all fall back together
                elif eid in BROADCAST:
                    own = True
                if own:
                    if type(eid) is str and type(node) is str:
                        h = fast.get(eid)
                        rec = nodes.get(node)
                        t = ev.get("t")
                        if h is not None and rec is not None and (t.__class__ is float or t.__class__ is int):
                            if last <= t <= rec.alarm and h(ev, rec, t):
                                last = t
                                index += 1
                                total += 1
                                at = n
                                continue
                            if use_quiet and 0 <= t < INF and last <= t:
                                r_a = read_args.get(eid)
                                a = r_a(ev) if r_a is not None else None
                                q = quick.get(eid) if a is not None else None
                                if q is not None and q(rec, None, float(t), a, o):
                                    last = t
                                    index += 1
                                    total += 1
                                    at = n
                                    continue
                        elif eid == "scheduler_bind_pod" and bind is not None and len(ev) == 4 and rec is not None:
                            # the common binding: a declared pod, a known node, nothing found
                            pod = ev.get("pod")
                            prec = pods.get(pod) if pod.__class__ is str else None
                            if (
                                prec is not None
                                and (t.__class__ is float or t.__class__ is int)
                                and 0 <= t < INF
                                and last <= t
                                and bind(rec, prec, float(t), (), o)
                            ):
                                last = t
                                index += 1
                                total += 1
                                at = n
                                continue
                    o.index, o.now = index, (last if last >= 0 else None)
                    before, had = len(o.notes), len(nodes)
                    try:
                        if val is not None:
                            strict_check(val, ev, name, n)
                        r = normalise(ev, name, n)
                        eid, t, node, pod = r.event, r.t, r.node, r.pod
                        o.apply(eid, t, node, pod, r.args, r.expect, r.extra, line=n, file=name)
                    except InputError as exc:
                        if error(exc):
                            stop = True
                            break
                        continue
                    finally:
                        index = o.index
                    last = t
                    total += 1
                    at = n
                    if eid == "declare_pod" or eid == "delete_pod":
                        pod_shard.pop(pod, None)  # type: ignore[arg-type]
                    if len(nodes) != had and node is not None:
                        created[node] = index
                    for x in o.notes[before:]:
                        notes.append((index, x))
                    continue
                # another shard's line: valid, and in time order?
                t = ev.get("t")
                chk = valid.get(eid) if type(eid) is str else None  # type: ignore[arg-type]
                if not (
                    val is None
                    and chk is not None
                    and type(node) is str
                    and node
                    and (t.__class__ is float or t.__class__ is int)
                    and t >= 0
                    and chk(ev)
                ):
                    try:
                        if val is not None:
                            strict_check(val, ev, name, n)
                        t = normalise(ev, name, n)[1]
                    except InputError as exc:
                        if error(exc):
                            stop = True
                            break
                        continue
                if last >= 0 and t < last:
                    if error(backwards(t, last, name, n)):
                        stop = True
                        break
                    continue
                last = t
                index += 1
                total += 1
                at = n
            if stop:
                break
    finally:
        if collecting:
            gc.enable()
        close_source(f)
    o.index = index
    if last >= 0:
        o.now = last
    if at:
        o.position = Position(index, at, name)
    during = len(o.violations)
    o.finish()
    out = []
    for j, v in enumerate(o.violations):
        # merge key: index; then the end of the trace after the last event's own findings, node by node
        end = j >= during
        key = (v.index, int(end), created.get(v.node or "", -1) if end else 0, j)
        out.append((key, v))
    return {
        "violations": out,
        "errors": errors,
        "notes": notes,
        "nodes": len(nodes),
        "events": total,
        "skipped": o.skipped,
        "coverage": o.coverage(),
    }


@dataclass(slots=True)
class Sharded:
    """What the shards found together: the parts of the report :func:`nodereg.oracle.run.check` builds."""

    events: int = 0
    nodes: int = 0
    violations: list[Violation] = field(default_factory=list)
    input_errors: list[InputError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    coverage: dict[str, str] = field(default_factory=dict)


def check_sharded(
    path: str, jobs: int, params: dict[str, int] | None, k8s_version: str, slack: float, keep_going: bool, strict: bool
) -> Sharded | None:
    """The findings of :func:`nodereg.oracle.run.check` for one ``events`` file, from ``jobs`` processes;
    ``None`` if the trace moves a pod across shards (check it in one process then)."""
    import multiprocessing as mp

    Oracle(params, k8s_version, slack)  # compile (or load) once, before the workers fork
    ctx = mp.get_context("fork")
    with ctx.Pool(jobs) as pool:
        parts = pool.map(
            _worker, [(k, jobs, path, params, k8s_version, slack, keep_going, strict) for k in range(jobs)], chunksize=1
        )
    if any(p == CROSSED for p in parts):
        return None
    rep = Sharded()
    vs: list[tuple[Any, Violation]] = [x for p in parts for x in p["violations"]]
    vs.sort(key=lambda x: x[0])
    rep.violations = [v for _, v in vs]
    rep.input_errors = [InputError(e["message"], e["file"], e["line"]) for e in parts[0]["errors"]]
    rep.events = parts[0]["events"] if jobs == 1 else _events(parts)
    rep.nodes = sum(p["nodes"] for p in parts)
    notes = sorted((x for p in parts for x in p["notes"]), key=lambda x: x[0])
    rep.notes = list(dict.fromkeys(x for _, x in notes))[:50]
    # a property is checked only if every shard could check it
    for pid in parts[0]["coverage"]:
        rep.coverage[pid] = next((c for p in parts if (c := p["coverage"][pid]) != "checked"), "checked")
    if parts[0]["skipped"]:
        rep.notes.append(
            "not checked with these parameters (their timing assumption fails): " + ", ".join(parts[0]["skipped"])
        )
    return rep


def _events(parts: list[dict[str, Any]]) -> int:
    counts = {p["events"] for p in parts}
    assert len(counts) == 1, counts  # every shard counts every event
    return counts.pop()
