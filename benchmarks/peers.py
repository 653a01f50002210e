"""Run the peer checkers on nodereg's exports: SPIN (exhaustive safety search) and Quint (random simulation).

Both are measured as a user would run them, whole process, from the exported file:
``spin -a``, ``gcc -O1 pan.c``, ``./pan`` for SPIN; ``quint run --backend=typescript`` for Quint
(the default Rust backend is downloaded at run time, which this machine cannot do). Each helper
returns a plain dict for ``results.json``: figures, or ``None`` with the reason beside them.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
QUINT = HERE / "quint" / "node_modules" / ".bin" / "quint"

#: The timing the explicit-state peers check: every period and grace shrunk to one to three
#: seconds, keeping the upstream order (renew <= gap <= grace <= startup grace). With upstream
#: defaults SPIN stores over 76 million states of a 1x1 cluster in 300 s without finishing.
PEER_PARAMS = {
    "lease-renew-interval": 1,
    "heartbeat-gap-max": 2,
    "node-status-update-frequency": 1,
    "node-monitor-grace-period": 2,
    "node-startup-grace-period": 3,
    "node-monitor-period": 1,
}
#: One value per frozen integer and the ordinary pod profile: the explicit peers enumerate every
#: combination, the symbolic proof covers all values at once.
PEER_FROZEN = {"capacity": "2", "reserved": "0", "request": "1", "toleration_seconds": "1"}
PEER_PROFILES = "ordinary"
#: grace-40s-below-http2-recovery, scaled down like PEER_PARAMS: the grace period below the gap.
MUTANT_PARAMS = {"grace-40s-below-http2-recovery": {"heartbeat-gap-max": 3}}


def export_args(nodes: int, pods: int, mutant: str | None = None) -> list[str]:
    """``nodereg export`` options of the peer workload."""
    params = dict(PEER_PARAMS)
    if mutant:
        params.update(MUTANT_PARAMS.get(mutant, {}))
    args = ["--nodes", str(nodes), "--pods", str(pods), "--profiles", PEER_PROFILES]
    args += [x for k, v in params.items() for x in ("--param", f"{k}={v}")]
    args += [x for k, v in PEER_FROZEN.items() for x in ("--frozen", f"{k}={v}")]
    if mutant:
        args += ["--mutant", mutant]
    return args


def spin_available() -> str:
    """'' when SPIN and gcc run, else the reason."""
    if not shutil.which("spin"):
        return "spin not installed (benchmarks/install_peers.sh installs it; needs root apt-get)"
    if not shutil.which("gcc"):
        return "gcc not installed (needed to compile SPIN's pan.c)"
    return ""


def quint_available() -> str:
    """'' when Quint runs, else the reason."""
    if not QUINT.exists():
        return "quint not installed (benchmarks/install_peers.sh installs it with npm)"
    return ""


def _parse_pan(text: str) -> dict[str, Any]:
    def num(pattern: str) -> float | None:
        m = re.search(pattern, text)
        return float(m.group(1)) if m else None

    m = re.search(r"assertion violated (\S+)", text)
    return {
        "states": num(r"(\d+) states, stored"),
        "transitions": num(r"(\d+) transitions \(= stored\+matched\)"),
        "depth": num(r"depth reached (\d+)"),
        "memory_mb": num(r"([\d.]+)\s+total actual memory usage"),
        "errors": num(r"errors: (\d+)"),
        "violated": m.group(1) if m else None,
        "invalid_end_state": "pan:1: invalid end state" in text,
    }


def _stopped_before_search(out: dict[str, Any], step: str, timeout_s: float, t0: float) -> dict[str, Any]:
    """A pipeline that ran out of its time before ``pan`` searched (a compile on a loaded machine):
    a timeout with no states, as a search that stored none would be, never a crashed benchmark."""
    return {
        **out,
        "total_s": round(time.monotonic() - t0, 3),
        "status": "timeout",
        "reason": f"{step} did not finish within {timeout_s:.0f} s",
        "states_when_stopped": None,
    }


def run_spin(pml: Path, timeout_s: float) -> dict[str, Any]:
    """``spin -a``, ``gcc -O1``, ``./pan`` (exhaustive, stops at the first error) in the model's folder.

    ``timeout_s`` bounds the whole pipeline; on a timeout the states stored so far are reported.
    """
    reason = spin_available()
    if reason:
        return {"status": "unavailable", "reason": reason}
    work = pml.parent
    out: dict[str, Any] = {}
    t0 = time.monotonic()
    try:
        r = subprocess.run(["spin", "-a", pml.name], cwd=work, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return _stopped_before_search(out, "spin -a", timeout_s, t0)
    out["spin_a_s"] = round(time.monotonic() - t0, 3)
    if r.returncode != 0:
        return {**out, "status": "error", "reason": f"spin -a failed: {(r.stdout + r.stderr).strip()[:300]}"}
    t1 = time.monotonic()
    # -O1: of -O0/-O1/-O2, the fastest compile plus search on this model (3.7 + 3.9 s against
    # 13.0 + 3.6 s for -O2 at 1x1); -DSAFETY: safety properties only, as checked here
    try:
        r = subprocess.run(
            ["gcc", "-O1", "-DNOBOUNDCHECK", "-DSAFETY", "-o", "pan", "pan.c"],
            cwd=work,
            capture_output=True,
            text=True,
            timeout=max(1.0, timeout_s - (time.monotonic() - t0)),
        )
    except subprocess.TimeoutExpired:
        return _stopped_before_search(out, "gcc", timeout_s, t0)
    out["gcc_s"] = round(time.monotonic() - t1, 3)
    if r.returncode != 0:
        return {**out, "status": "error", "reason": f"gcc failed: {r.stderr.strip()[:300]}"}
    left = max(1.0, timeout_s - (time.monotonic() - t0))
    t2 = time.monotonic()
    # -m: a deep DFS stack (the model's runs are long); -w26: 64M-slot hash table
    proc = subprocess.Popen(
        ["./pan", "-m10000000", "-w26"], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        text, _ = proc.communicate(timeout=left)
        timed_out = False
    except subprocess.TimeoutExpired:
        proc.kill()
        text, _ = proc.communicate()
        timed_out = True
    out["pan_s"] = round(time.monotonic() - t2, 3)
    out["total_s"] = round(time.monotonic() - t0, 3)
    facts = _parse_pan(text)
    if timed_out:
        m = re.findall(r"States=\s*([\d.e+]+)", text)
        return {
            **out,
            "status": "timeout",
            "reason": f"pan did not finish within {timeout_s:.0f} s",
            "states_when_stopped": float(m[-1]) if m else None,
        }
    out.update(facts)
    if facts["violated"]:
        out["status"] = "violated"
        out["property"] = facts["violated"].removeprefix("prop_").replace("_", "-")
    elif facts["invalid_end_state"]:
        out["status"] = "deadlock"
    elif facts["errors"] == 0:
        out["status"] = "ok"
    else:
        out["status"] = "error"
        out["reason"] = text[-300:]
    return out


def run_quint(qnt: Path, samples: int, steps: int, seed: int, timeout_s: float) -> dict[str, Any]:
    """``quint run`` with every exported invariant named, ``samples`` runs of ``steps`` steps."""
    reason = quint_available()
    if reason:
        return {"status": "unavailable", "reason": reason}
    invs = re.findall(r"^  val (inv_\w+) =", qnt.read_text(encoding="utf-8"), flags=re.M)
    cmd = [
        str(QUINT),
        "run",
        qnt.name,
        "--backend=typescript",
        f"--max-samples={samples}",
        f"--max-steps={steps}",
        f"--seed={seed}",
        "--verbosity=1",
        "--invariants",
        *invs,
    ]
    t0 = time.monotonic()
    try:
        r = subprocess.run(cmd, cwd=qnt.parent, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return {
            "status": "timeout",
            "reason": f"quint run did not finish within {timeout_s:.0f} s",
            "seconds": round(time.monotonic() - t0, 3),
        }
    dt = round(time.monotonic() - t0, 3)
    text = r.stdout + r.stderr
    violated = re.findall(r"❌ inv_(\w+)", text)
    out: dict[str, Any] = {"seconds": dt, "samples": samples, "steps": steps, "seed": seed}
    if violated:
        return {
            **out,
            "status": "violated",
            "property": violated[0].replace("_", "-"),
            "properties": [v.replace("_", "-") for v in violated],
        }
    if r.returncode == 0 and "No violation found" in text:
        return {**out, "status": "ok"}
    return {**out, "status": "error", "reason": text.strip()[-300:]}
