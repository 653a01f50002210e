"""Benchmark of ``nodereg check`` on a synthetic trace of a million events (not a test: no assertions).

The trace: ``--nodes`` nodes (1000) register, post Ready, renew their Lease every 10 s and post status
every 5 min (lease-only heartbeats with sparse status, as kubelets do since 1.17) for ``--hours``
hours; pods are declared, bound to Ready nodes and deleted; one node in a hundred fails (its
kubelet stops, the controller marks it Unknown and taints it, its pods are evicted after their
300 s) and comes back. It is written to ``benchmarks/work/`` in the ``events`` format.

Measured, whole process, median of ``--repeat`` runs: ``nodereg check --jobs 1`` wall time (one
process); ``nodereg check --jobs N`` (``--jobs``, default 2: sharded by node, as ``--jobs auto`` does
on an idle 2-core machine; its report must be the single process's); merely parsing the same file
with orjson (the fastest JSON parser installed: line by line, or in batches, the faster of the two);
the python-statemachine machine replaying a sample of the same node-local events (extrapolated to
the whole trace); peak RSS of the check; the load average before and after (on a shared machine
every wall-clock figure moves with it, the sharded one most). Prints one JSON object::

    python benchmarks/oracle_bench.py            # 1000 nodes x 3 h, about 1.1 M events
    python benchmarks/oracle_bench.py --nodes 100000 --hours 0.02   # the churn: 100k nodes registering
    python benchmarks/oracle_bench.py --hours 0.2 --repeat 1 --jobs 0   # quick look, one process only
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WORK = ROOT / "work"


def generate(path: Path, nodes: int, hours: float, seed: int = 1) -> int:
    """Write the synthetic trace; returns the number of events."""
    rnd = random.Random(seed)
    end = hours * 3600.0
    out: list[tuple[float, int, str]] = []
    seq = 0

    def add(t: float, ev: dict) -> None:
        nonlocal seq
        ev = {"t": round(t, 3), **ev}
        out.append((ev["t"], seq, json.dumps(ev, separators=(",", ":"))))
        seq += 1

    pods_per_node = 4
    for i in range(nodes):
        n = f"node-{i:04d}"
        t0 = rnd.uniform(0, 60)
        add(t0, {"event": "kubelet_request_certificate", "node": n})
        add(t0 + 0.5, {"event": "csr_approver_approve", "node": n})
        add(t0 + 1.0, {"event": "kubelet_obtain_certificate", "node": n})
        add(t0 + 1.2, {"event": "kubelet_register_node", "node": n, "capacity": 4000, "reserved": 300})
        add(t0 + 1.3, {"event": "kubelet_renew_lease", "node": n})
        add(t0 + 2.0, {"event": "kubelet_post_status", "node": n, "ready": True})
        add(t0 + 2.1, {"event": "nlc_sync_noschedule_taints", "node": n})
        fail_at = rnd.uniform(600, end - 900) if rnd.random() < 0.01 and end > 2000 else None
        back_at = fail_at + 600 if fail_at is not None else None
        failed_at = fail_at
        t = t0 + 1.3
        last_status = t0 + 2.0
        k = 0
        while True:
            t += 10.0
            if t > end:
                break
            if fail_at is not None and fail_at <= t < back_at:  # type: ignore[operator]
                continue
            if back_at is not None and t >= back_at and fail_at is not None:
                add(t - 0.5, {"event": "kubelet_restarts", "node": n})
                add(t, {"event": "kubelet_renew_lease", "node": n})
                add(t + 0.5, {"event": "kubelet_post_status", "node": n, "ready": True})
                add(t + 0.6, {"event": "nlc_sync_noschedule_taints", "node": n})
                add(t + 0.6, {"event": "nlc_sync_noexecute_taints", "node": n})
                fail_at = None
                last_status = t + 0.5
                continue
            add(t, {"event": "kubelet_renew_lease", "node": n})
            if t - last_status >= 300:
                add(t + 0.2, {"event": "kubelet_post_status", "node": n, "ready": True})
                last_status = t + 0.2
            if k < pods_per_node and t > t0 + 30 + 60 * k:
                p = f"pod-{i:04d}-{k}"
                add(t + 1, {"event": "declare_pod", "pod": p, "tolerations": [], "request": 500})
                add(t + 2, {"event": "scheduler_bind_pod", "node": n, "pod": p})
                k += 1
        if failed_at is not None:
            ft = failed_at
            add(ft + 0.1, {"event": "kubelet_stops", "node": n})
            add(ft + 52, {"event": "nlc_monitor_node_health", "node": n, "marks_unknown": True})
            add(ft + 52.1, {"event": "nlc_sync_noschedule_taints", "node": n})
            add(ft + 52.1, {"event": "nlc_sync_noexecute_taints", "node": n})
            for j in range(pods_per_node):
                p = f"pod-{i:04d}-{j}"
                add(ft + 352.5, {"event": "taint_eviction_evict_pod", "node": n, "pod": p})
                add(ft + 353, {"event": "delete_pod", "pod": p})
    out.sort()
    with open(path, "w") as f:
        for _, _, line in out:
            f.write(line)
            f.write("\n")
    return len(out)


def _child(cmd: list[str]) -> tuple[float, float, str]:
    """Wall seconds, peak RSS (MiB) of the child, and its stdout."""
    import tempfile

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own peak RSS
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if proc.returncode not in (0, 1):
        sys.exit(f"{cmd[0]} failed ({proc.returncode}): {stderr[-2000:]}")
    return wall, usage.ru_maxrss / 1024.0, stdout


PARSE_LINES = """
import sys, orjson
loads = orjson.loads
n = 0
with open(sys.argv[1], 'rb') as f:
    rest = b''
    while True:
        b = f.read(1 << 22)
        if not b:
            break
        parts = (rest + b).split(b'\\n'); rest = parts.pop()
        for line in parts:
            loads(line); n += 1
print(n)
"""

PARSE_BATCH = """
import sys, orjson
loads = orjson.loads
n = 0
with open(sys.argv[1], 'rb') as f:
    rest = b''
    while True:
        b = f.read(1 << 22)
        if not b:
            break
        parts = (rest + b).split(b'\\n'); rest = parts.pop()
        n += len(loads(b'[' + b','.join(parts) + b']'))
print(n)
"""

MACHINE = """
import sys, time, orjson
from nodereg.model.machine import Cluster
from nodereg.model.semantics import Config, compiled, real_model
from nodereg.model.params import defaults
limit = int(sys.argv[2])
model, cfg = real_model(), Config(1, 1)
cm = compiled(model, cfg)
prm = defaults()
frozen = {k: 0 for k in cm.layout.keys if cm.layout.var[k] is not None and cm.layout.var[k].frozen}
frozen[("node", "capacity", 0)] = 4000
frozen[("node", "reserved", 0)] = 300
cl = Cluster(model, cfg, cm.initial_states(prm, frozen))
# one node's life from the trace, replayed through the python-statemachine machine. The kubelet creates
# its Node Ready (register argument ready=True: the trace's node posts Ready 0.8 s later, sooner than
# the model's node-status-update-frequency lets a replay do; a NotReady Node would also owe its
# not-ready NoExecute taint within node-monitor-period), the NoSchedule pass removes not-ready.
seq = [("kubelet_request_certificate", ()), ("csr_approver_approve", ()), ("kubelet_obtain_certificate", ()),
       ("kubelet_register_node", (False, False, 0, False, False, True, False)), ("nlc_sync_noschedule_taints", ())]
t0 = time.perf_counter(); n = 0
for e, a in seq:
    cl.fire(e, 0, None, a); n += 1
while n < limit:
    cl.fire("time_passes", None, None, (5,)); cl.fire("nlc_monitor_node_health", 0)
    cl.fire("time_passes", None, None, (5,)); cl.fire("nlc_monitor_node_health", 0)
    cl.fire("kubelet_renew_lease", 0)
    n += 5
print(time.perf_counter() - t0, n)
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--hours", type=float, default=3.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sample", type=int, default=3000, help="events replayed through python-statemachine")
    ap.add_argument("--keep", action="store_true", help="reuse the generated trace if present")
    ap.add_argument(
        "--jobs", type=int, default=2, help="also time `nodereg check --jobs N` (sharded by node; 0 or 1: not)"
    )
    ap.add_argument("--generate-only", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    path = WORK / f"oracle-{a.nodes}x{a.hours:g}h.jsonl"
    if a.generate_only:
        generate(path, a.nodes, a.hours)
        return
    if not (a.keep and path.exists()):
        # in a process of its own: a child forked from a parent that built the whole trace in memory
        # would report the parent's pages as its own peak RSS
        subprocess.run(
            [sys.executable, __file__, "--generate-only", "--nodes", str(a.nodes), "--hours", str(a.hours)], check=True
        )
    with open(path, "rb") as f:
        events = sum(1 for _ in f)
    py = sys.executable
    # one process (the figure compared with parsing); the sharded check is timed apart below
    nodereg = [py, "-m", "nodereg", "check", "--format", "json", "--jobs", "1", str(path)]
    load_before = os.getloadavg()[0]
    runs, rss, out = [], 0.0, ""
    for _ in range(a.repeat):
        w, r, out = _child(nodereg)
        runs.append(w)
        rss = max(rss, r)
    report = json.loads(out)
    parse_l = statistics.median(_child([py, "-c", PARSE_LINES, str(path)])[0] for _ in range(a.repeat))
    parse_b = statistics.median(_child([py, "-c", PARSE_BATCH, str(path)])[0] for _ in range(a.repeat))
    parse = min(parse_l, parse_b)
    _, _, m = _child([py, "-c", MACHINE, str(path), str(a.sample)])
    msec, mn = (float(x) for x in m.split())
    machine_total = msec / mn * events
    wall = statistics.median(runs)
    sharded: dict[str, float] = {}
    if a.jobs > 1:
        ws, rs = [], 0.0
        for _ in range(a.repeat):
            w, r, out_j = _child([*nodereg[:6], "--jobs", str(a.jobs), *nodereg[8:]])
            ws.append(w)
            rs = max(rs, r)
            assert json.loads(out_j) == report, "the sharded report differs"
        sharded = {
            "jobs": a.jobs,
            "sharded_wall_s": round(statistics.median(ws), 3),
            "sharded_events_per_s": round(events / statistics.median(ws)),
            "sharded_ratio_to_parse": round(statistics.median(ws) / min(parse_l, parse_b), 2),
            "sharded_peak_rss_mb": round(rs, 1),
        }
    print(
        json.dumps(
            {
                "events": events,
                "nodes": a.nodes,
                "wall_s": round(wall, 3),
                "events_per_s": round(events / wall),
                "parse_s": round(parse, 3),
                "parse_lines_s": round(parse_l, 3),
                "parse_batch_s": round(parse_b, 3),
                "ratio_to_parse": round(wall / parse, 2),
                "statemachine_events_per_s": round(mn / msec),
                "statemachine_extrapolated_s": round(machine_total, 1),
                "ratio_to_statemachine_replay": round(wall / machine_total, 4),
                "peak_rss_mb": round(rss, 1),
                "violations": len(report["violations"]),
                "conforms": report["conforms"],
                "file_mb": round(os.path.getsize(path) / 2**20, 1),
                "load_before": round(load_before, 2),
                "load_after": round(os.getloadavg()[0], 2),
                **sharded,
            }
        )
    )


if __name__ == "__main__":
    main()
