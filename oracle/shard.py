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

from dataclasses import dataclass, field
from typing import Any

from .core import Oracle
from .eventlog import Partition, check_events_file, shard_of
from .record import InputError, Violation

CROSSED = "crossed"

__all__ = ["CROSSED", "Sharded", "auto_jobs", "check_sharded", "node_share", "shard_of"]


#: below this size a file is checked in one process by ``--jobs auto``: a shard's own work must outweigh
#: its start and its reading of every line (half a million events is about 30 MiB)
AUTO_MIN_BYTES = 32 << 20
#: at most this many shards by ``--jobs auto``: each parses every line, so more gain less
AUTO_MAX_JOBS = 4
#: ``--jobs auto`` shards a file only where the nodes named in its first lines are at least this share
#: of those lines: a node's first events (bootstrap, registration, a new record) cost several times
#: a Lease renewal, so a trace of many short-lived or new nodes is bound by the checking, which the
#: shards divide; one of long-lived nodes renewing Leases is bound by the parsing, which every shard
#: repeats (measured, idle 2-core machine, --jobs 2 against 1: 100k nodes registering, 17 % of the
#: first 4 MiB's lines are distinct nodes: 1.31x faster; 1000 nodes for 3 h, 1.6 %: 0.93x)
AUTO_MIN_NODE_SHARE = 0.05
#: how much of the file ``--jobs auto`` reads to tell
AUTO_SAMPLE_BYTES = 4 << 20


def auto_jobs(path: str) -> int:
    """``--jobs auto``: how many processes check one regular ``events`` file.

    One per idle core (the cores this process may run on, less the load average), at most
    :data:`AUTO_MAX_JOBS`; one for a file under :data:`AUTO_MIN_BYTES`, and one for a trace whose
    first lines name few nodes (:func:`node_share` under :data:`AUTO_MIN_NODE_SHARE`). Each shard
    reads and parses the whole file and checks its part of the nodes, so where the parsing is most of
    the work, or on a busy machine where no core is free, the extra parsing would only slow the
    check. The report is the same either way.
    """
    import os

    try:
        if os.path.getsize(path) < AUTO_MIN_BYTES:
            return 1
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        jobs = max(1, min(AUTO_MAX_JOBS, cores, round(cores - os.getloadavg()[0])))
        if jobs > 1 and node_share(path) < AUTO_MIN_NODE_SHARE:
            return 1
    except OSError:
        return 1
    return jobs


def node_share(path: str) -> float:
    """Distinct ``node`` values among the lines of the first :data:`AUTO_SAMPLE_BYTES` of an ``events``
    file, as a share of those lines (0 when none can be read)."""
    import orjson

    with open(path, "rb") as f:
        lines = f.read(AUTO_SAMPLE_BYTES).split(b"\n")[:-1]
    nodes: set[str] = set()
    read = 0
    for line in lines:
        try:
            ev = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue
        read += 1
        node = ev.get("node") if isinstance(ev, dict) else None
        if isinstance(node, str):
            nodes.add(node)
    return len(nodes) / read if read else 0.0


def _worker(args: tuple[Any, ...]) -> Any:
    """Shard ``k`` of ``jobs``: its part of the report, or :data:`CROSSED`."""
    k, jobs, path, params, k8s_version, slack, keep_going, strict = args
    o = Oracle(params, k8s_version, slack)
    part = Partition(k, jobs)
    errors: list[InputError] = []
    total = check_events_file(o, path, errors, keep_going, strict, part)
    if part.crossed:
        return CROSSED
    during = len(o.violations)
    o.finish()
    out = []
    for j, v in enumerate(o.violations):
        # merge key: index; then the end of the trace after the last event's own findings, node by node
        end = j >= during
        key = (v.index, int(end), part.created.get(v.node or "", -1) if end else 0, j)
        out.append((key, v))
    return {
        "violations": out,
        "errors": [e.as_json() for e in errors] if k == 0 else [],
        "notes": part.notes,
        "nodes": len(o.nodes),
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
