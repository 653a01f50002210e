"""Many ``nodereg verify`` runs (timing configurations, cluster sizes) fanned out on an existing executor.

One configuration is proved in one process: its properties share one solver and each proved state
property becomes a lemma for the next, so splitting them costs more than it saves (an experiment,
not kept, at 10x10: 71 s with the induction queries in a pool of 2, 65 s in one process). Different
configurations share nothing, so a sweep over them is embarrassingly parallel, and any
:class:`concurrent.futures.Executor` runs it: a pool on one machine (the default), or Dask
across machines (``pip install 'nodereg[distributed]'``, then ``Client(address).get_executor()``).
There is no scheduler here, only one function per configuration.

Each configuration runs the ``nodereg verify`` command itself (``--format json``) in a fresh
process, so a sweep gives exactly the verdicts, parameter checks and exit codes of the command line;
workers on other machines need nodereg installed, nothing else.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from nodereg.cli import EXIT_USAGE, run_outcome


def _outcome(exit_code: int, summary: dict[str, int] | None) -> str:
    """The run's outcome, by the command line's own rule; ``bad-usage`` when it printed no report."""
    if summary is not None:
        return run_outcome(summary)
    return "bad-usage" if exit_code == EXIT_USAGE else f"exit {exit_code}"


@dataclass(frozen=True)
class Configuration:
    """One ``nodereg verify`` run: a cluster size and fixed timing (``--param`` names and values).

    What is left ``None`` is not passed, so the command line's own defaults apply (its report's
    ``config`` says which were used).
    """

    nodes: int | None = None
    pods: int | None = None
    params: Mapping[str, str | int] = field(default_factory=dict)  # e.g. {"node-monitor-grace-period": "40s"}
    k8s_version: str | None = None
    timeout_s: float | None = None

    def argv(self) -> list[str]:
        """The command line, as a user would type it (one worker process per configuration)."""
        out = ["verify", "--format", "json", "--jobs", "1"]
        for flag, value in (("--nodes", self.nodes), ("--pods", self.pods), ("--timeout", self.timeout_s)):
            if value is not None:
                out += [flag, str(value)]
        for name, setting in self.params.items():
            out += ["--param", f"{name}={setting}"]
        if self.k8s_version:
            out += ["--k8s-version", self.k8s_version]
        return out


def verify_configuration(cfg: Configuration) -> dict[str, Any]:
    """Run ``nodereg verify`` for one configuration; its JSON report with the outcome and exit code.

    A module-level function of picklable arguments, so that every executor (process pools, Dask)
    can ship it to a worker.
    """
    r = subprocess.run([sys.executable, "-m", "nodereg", *cfg.argv()], capture_output=True, text=True)
    doc: dict[str, Any] = {
        "configuration": {
            "nodes": cfg.nodes,
            "pods": cfg.pods,
            "params": dict(cfg.params),
            "k8s_version": cfg.k8s_version,
        },
        "exit_code": r.returncode,
    }
    try:
        doc.update(json.loads(r.stdout))
    except json.JSONDecodeError:
        doc["error"] = (r.stderr.strip().splitlines() or ["no output"])[-1]
    doc["outcome"] = _outcome(r.returncode, doc.get("summary"))
    return doc


def sweep(
    configurations: Iterable[Configuration], executor: Executor | None = None, max_workers: int | None = None
) -> list[dict[str, Any]]:
    """Verify every configuration, in the order given, on ``executor``.

    Without an executor, a thread pool of ``max_workers`` (default: the machine's cores) is used
    and shut down afterwards: each configuration already runs in its own process, so a thread only
    waits for it. A given executor is left open.
    """
    if isinstance(configurations, str | bytes | Mapping) or not isinstance(configurations, Iterable):
        raise TypeError(f"configurations: expected an iterable of Configuration, got {type(configurations).__name__}")
    todo = list(configurations)
    for i, cfg in enumerate(todo):
        if not isinstance(cfg, Configuration):
            raise TypeError(f"configurations[{i}]: expected a Configuration, got {type(cfg).__name__}")
    if executor is not None and not callable(getattr(executor, "map", None)):
        raise TypeError(f"executor: expected a concurrent.futures.Executor, got {type(executor).__name__}")
    if executor is not None:
        return list(executor.map(verify_configuration, todo))
    with ThreadPoolExecutor(max_workers=max_workers or os.cpu_count() or 1) as pool:
        return list(pool.map(verify_configuration, todo))


__all__ = ["Configuration", "sweep", "verify_configuration"]
