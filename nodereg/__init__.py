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

from typing import TYPE_CHECKING, Any

from nodereg.model.rules import Decision, scheduler_filter, tolerates
from nodereg.oracle import Oracle, Report, check
from nodereg.sweep import Configuration, sweep

__all__ = ["Configuration", "Decision", "Oracle", "Report", "check", "scheduler_filter", "sweep", "tolerates", "verify"]


if TYPE_CHECKING:  # typing only: the verifier (and Z3) load on the first call
    from nodereg.verifier.runner import Verdict


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
