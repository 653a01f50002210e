"""nodereg: a formal, executable and verified model of how a Kubernetes node joins a cluster.

The public Python API:

* :func:`tolerates` and :func:`scheduler_filter` (returning a :class:`Decision`): Kubernetes'
  toleration and scheduling-filter rules over real Kubernetes JSON, with upstream's semantics.
* :func:`verify`: prove the property catalogue on the model (see ``nodereg verify``).
* :func:`sweep` over :class:`Configuration` values: many ``nodereg verify`` runs (timing
  configurations, cluster sizes) on any ``concurrent.futures`` executor, Dask's included.
* :class:`Oracle` (step by step, each node's state readable) and :func:`check` (a whole trace, to a
  :class:`Report`): the reference oracle other implementations check their traces against.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from nodereg.model.rules import Decision, scheduler_filter, tolerates

# (eager, and after the submodule's own import: the function ``sweep`` must be what ``nodereg.sweep`` names)
from nodereg.sweep import Configuration, sweep

__all__ = ["Configuration", "Decision", "Oracle", "Report", "check", "scheduler_filter", "sweep", "tolerates", "verify"]


if TYPE_CHECKING:  # typing only: the oracle, the verifier and Z3 load on first use
    from nodereg.oracle import Oracle, Report, check
    from nodereg.verifier.runner import Verdict

#: names loaded on first use: the oracle's generated code costs a sixth of a second to import, which
#: every ``nodereg`` command paid (``nodereg --version`` took 0.34 s, now 0.22 s)
_LAZY = frozenset({"Oracle", "Report", "check"})


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'nodereg' has no attribute {name!r}")
    value = getattr(importlib.import_module("nodereg.oracle"), name)
    globals()[name] = value
    return value


def verify(nodes: int = 2, pods: int = 2, **kwargs: Any) -> list[Verdict]:
    """Check every property of the real model for a cluster size; see :func:`nodereg.verifier.runner.verify`."""
    from nodereg.model.semantics import Config, real_model
    from nodereg.verifier.runner import verify as run

    for name, value, least in (("nodes", nodes, 1), ("pods", pods, 0)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name}: expected an int, got {type(value).__name__}")
        if value < least:
            raise ValueError(f"{name}: expected {least} or more, got {value}")
    return run(real_model(), Config(nodes, pods), **kwargs)
