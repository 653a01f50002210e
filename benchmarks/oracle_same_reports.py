"""Are the reports of ``nodereg check`` byte for byte those of a baseline commit? (not a test: a tool).

A speed change to the oracle must change no verdict, no message, no exit status. This checks out
``--base`` (a git revision) as ``oracle_compare.py`` does, then runs ``nodereg check`` with the
baseline and with the working tree on the same inputs and compares stdout, stderr and the exit
status of every run. The inputs: every file under ``tests/data`` alone, every directory there with
its files together (a capture of several files), and any traces named on the command line; each in
both formats (``--format json`` and ``text``). Each tree checks all of them in one process (click's
``main`` called per input, its output captured), so that ~2,000 checks take minutes, not an hour::

    python benchmarks/oracle_same_reports.py --base bd8958f [--new REV] benchmarks/work/oracle-*.jsonl

Prints one line per difference and a summary; exit 0 when every report is identical, 1 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
FORMATS = ("json", "text")


def inputs(extra: list[Path]) -> list[list[str]]:
    """The argument lists to check: each file alone, each directory's files together, each trace."""
    runs: list[list[str]] = []
    for d in [*sorted(p for p in DATA.rglob("*") if p.is_dir()), DATA]:
        files = sorted(str(f) for f in d.iterdir() if f.is_file())
        runs += [[f] for f in files]
        if len(files) > 1:
            runs.append(files)
    runs += [[str(p.resolve())] for p in extra]
    return [[*paths, "--format", fmt] for paths in runs for fmt in FORMATS]


def child(out: Path, runs: list[list[str]]) -> None:
    """In this process: ``nodereg check ARGS`` for every run; one JSON line per run to ``out``."""
    import nodereg.cli as cli

    real_out, real_err = sys.stdout, sys.stderr
    with out.open("w") as dst:
        for args in runs:
            so, se = io.TextIOWrapper(io.BytesIO(), "utf-8"), io.TextIOWrapper(io.BytesIO(), "utf-8")
            sys.stdout, sys.stderr = so, se
            try:
                cli.main(["check", *args], standalone_mode=True)
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
            finally:
                sys.stdout, sys.stderr = real_out, real_err
            so.flush()
            se.flush()
            o, e = so.buffer.getvalue(), se.buffer.getvalue()  # type: ignore[attr-defined]
            row = {
                "args": args,
                "exit": code,
                "stdout": hashlib.sha256(o).hexdigest(),
                "stderr": hashlib.sha256(e).hexdigest(),
                "bytes": len(o),
            }
            dst.write(json.dumps(row) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("traces", nargs="*", type=Path)
    ap.add_argument("--base", default="main", help="git revision of the baseline")
    ap.add_argument("--new", help="git revision to compare (default: the working tree as it is)")
    ap.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--runs", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child is not None:
        child(a.child, json.loads(a.runs.read_text()))
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from oracle_compare import baseline_tree

    runs = inputs(a.traces)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "base").mkdir()
        pkg = baseline_tree(a.base, Path(tmp) / "base")
        runs_file = Path(tmp) / "runs.json"
        runs_file.write_text(json.dumps(runs))
        env_new = dict(os.environ)
        env_new.pop("PYTHONPATH", None)
        if a.new is not None:  # (a revision: the working tree can change while this runs)
            (Path(tmp) / "new").mkdir()
            env_new["PYTHONPATH"] = str(baseline_tree(a.new, Path(tmp) / "new"))
        results = {}
        for tag, env in (("base", {**env_new, "PYTHONPATH": str(pkg)}), ("new", env_new)):
            out = Path(tmp) / f"{tag}.jsonl"
            cmd = [sys.executable, str(Path(__file__).resolve()), "--child", str(out), "--runs", str(runs_file)]
            subprocess.run(cmd, cwd=tmp, env=env, check=True)
            results[tag] = [json.loads(x) for x in out.read_text().splitlines()]
    base, new = results["base"], results["new"]
    assert len(base) == len(new) == len(runs), (len(base), len(new), len(runs))
    diff = 0
    for b, n in zip(base, new, strict=True):
        if b != n:
            diff += 1
            print(f"DIFFERENT: {' '.join(b['args'])}: base {b}, new {n}")
    exits: dict[int, int] = {}
    for n in new:
        exits[n["exit"]] = exits.get(n["exit"], 0) + 1
    print(
        json.dumps(
            {
                "base": a.base,
                "new": a.new or "working tree",
                "runs": len(runs),
                "identical": len(runs) - diff,
                "different": diff,
                "exit statuses (new)": dict(sorted(exits.items())),
            }
        )
    )
    sys.exit(1 if diff else 0)


if __name__ == "__main__":
    main()
