"""Same-run comparison of ``nodereg check`` against a baseline commit (not a test: no assertions).

On a shared machine absolute figures move with the load; what a change did to speed is only seen
against a baseline measured in the same run, interleaved. This checks out ``--base`` (a git
revision) into a temporary tree, lays it out as the installed ``nodereg`` package would be, and
times ``python -m nodereg check`` of each trace with the baseline and with the working tree,
alternately, plus bare orjson parsing of the trace. Prints one JSON object per trace::

    python benchmarks/oracle_bench.py --generate-only                          # 1000 nodes x 3 h
    python benchmarks/oracle_bench.py --generate-only --nodes 100000 --hours 0.02   # churn: registrations
    python benchmarks/oracle_compare.py --base f22a4ba benchmarks/work/oracle-*.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("model", "properties", "verifier", "diagrams", "oracle", "exports")
# the editable install's finder would load the working tree: drop it, and anything it loaded, first
SITECUSTOMIZE = """import sys
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
for k in [k for k in sys.modules if k == "nodereg" or k.startswith("nodereg.")]:
    del sys.modules[k]
"""
PARSE = """import sys, orjson
loads = orjson.loads
rest = b''
with open(sys.argv[1], 'rb') as f:
    while True:
        b = f.read(1 << 22)
        if not b:
            break
        parts = (rest + b).split(b'\\n'); rest = parts.pop()
        for line in parts:
            loads(line)
"""


def baseline_tree(rev: str, into: Path) -> Path:
    """``into/pkg`` holding the package ``nodereg`` of revision ``rev``, importable with PYTHONPATH."""
    src = into / "src"
    src.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    pkg = into / "pkg"
    shutil.copytree(src / "nodereg", pkg / "nodereg")
    for name in PACKAGES:
        if (src / name).is_dir():
            shutil.copytree(src / name, pkg / "nodereg" / name)
    (pkg / "sitecustomize.py").write_text(SITECUSTOMIZE)
    return pkg


def _timed(cmd: list[str], env: dict[str, str]) -> tuple[float, bytes]:
    t = time.perf_counter()
    r = subprocess.run(cmd, cwd=tempfile.gettempdir(), env=env, capture_output=True)
    return time.perf_counter() - t, r.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("traces", nargs="+", type=Path)
    ap.add_argument("--base", default="main", help="git revision of the baseline")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        pkg = baseline_tree(a.base, Path(tmp))
        env_new = dict(os.environ)
        env_new.pop("PYTHONPATH", None)
        env_base = {**env_new, "PYTHONPATH": str(pkg)}
        for trace in a.traces:
            cmd = [py, "-m", "nodereg", "check", "--format", "json", "--jobs", "1", str(trace.resolve())]
            base, new, parse = [], [], []
            reports = set()
            for _ in range(a.repeat):
                w, out = _timed(cmd, env_base)
                base.append(w)
                rb = json.loads(out)
                w, out = _timed(cmd, env_new)
                new.append(w)
                rn = json.loads(out)
                reports.add(
                    (
                        rb["events"],
                        rb["conforms"],
                        len(rb["violations"]),
                        rn["events"],
                        rn["conforms"],
                        len(rn["violations"]),
                    )
                )
                parse.append(_timed([py, "-c", PARSE, str(trace.resolve())], env_new)[0])
            mb, mn, mp = statistics.median(base), statistics.median(new), statistics.median(parse)
            events = rn["events"]
            print(
                json.dumps(
                    {
                        "trace": trace.name,
                        "events": events,
                        "base": a.base,
                        "reports (base events, conforms, violations; new ...)": sorted(reports),
                        "base_wall_s": round(mb, 3),
                        "new_wall_s": round(mn, 3),
                        "base_events_per_s": round(events / mb),
                        "new_events_per_s": round(events / mn),
                        "parse_s": round(mp, 3),
                        "base_ratio_to_parse": round(mb / mp, 2),
                        "new_ratio_to_parse": round(mn / mp, 2),
                        "speedup": round(mb / mn, 2),
                    }
                ),
                flush=True,
            )


if __name__ == "__main__":
    main()
