"""Argument checks of the oracle's public API (``Oracle(...)``, ``check(...)``).

Why: a wrong-typed call (``Oracle(params=5)``, ``check(None)``, ``slack="5s"``) must raise a
``TypeError`` or ``ValueError`` that names the argument, not an ``AttributeError`` or a bare
"'int' object is not iterable" from deep inside. Unusable *trace content* is a different matter:
it is an :class:`~nodereg.oracle.core.InputError` (exit code 2), found by the readers.
Imports only the parameter table (no other oracle module), so the core can call it without a cycle.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from os import PathLike
from typing import Any

from nodereg.model import params as P

_FORMATS = ("auto", "events", "k8s-watch", "k8s-audit", "itf")


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__


def check_params(params: object) -> None:
    """``params``: None or ``{variable name: seconds}``, e.g. ``{"node_monitor_grace_period": 50}``."""
    if params is None:
        return
    if not isinstance(params, Mapping):
        raise TypeError(f"params: expected a mapping of timing parameter to seconds, got {_type_name(params)}")
    for name, value in params.items():
        if name not in P.PARAM_BY_VAR:
            known = ", ".join(P.PARAM_BY_VAR)
            raise ValueError(f"params: unknown timing parameter {name!r}; expected one of {known}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"params[{name!r}]: expected whole seconds (an int), got {_type_name(value)}")
        if value < 0:
            raise ValueError(f"params[{name!r}]: expected seconds >= 0, got {value}")


def check_version(k8s_version: object, optional: bool = False) -> None:
    """``k8s_version``: a version string such as ``"1.35"``."""
    if k8s_version is None and optional:
        return
    if not isinstance(k8s_version, str):
        raise TypeError(f"k8s_version: expected a version string like '1.35', got {_type_name(k8s_version)}")
    parts = k8s_version.split(".")
    if len(parts) < 2 or not all(p.isdigit() for p in parts[:2]):
        raise ValueError(f"k8s_version: expected a version like '1.35', got {k8s_version!r}")


def check_slack(slack: object) -> None:
    """``slack``: seconds of controller latency, a number >= 0."""
    if isinstance(slack, bool) or not isinstance(slack, int | float):
        raise TypeError(f"slack: expected seconds (a number), got {_type_name(slack)}")
    if not slack >= 0:  # also rejects NaN
        raise ValueError(f"slack: expected seconds >= 0, got {slack}")


def check_oracle_args(params: object, k8s_version: object, slack: object) -> None:
    """The arguments of ``Oracle(params, k8s_version, slack)``."""
    check_params(params)
    check_version(k8s_version)
    check_slack(slack)


def check_check_args(
    sources: object, fmt: object, params: object, k8s_version: object, slack: object, oracle: Any, jobs: object
) -> None:
    """The arguments of ``check(sources, fmt=..., params=..., k8s_version=..., slack=..., jobs=...)``."""
    if isinstance(sources, bytes) or not isinstance(sources, str | PathLike | Iterable):
        raise TypeError(
            f"sources: expected a path, a list of paths or an iterable of event dicts, got {_type_name(sources)}"
        )
    if not isinstance(fmt, str):
        raise TypeError(f"fmt: expected one of {', '.join(_FORMATS)}, got {_type_name(fmt)}")
    check_params(params)
    check_version(k8s_version, optional=True)
    check_slack(slack)
    if jobs == "auto":
        pass
    elif isinstance(jobs, bool) or not isinstance(jobs, int):
        raise TypeError(f'jobs: expected a number of processes (an int) or "auto", got {_type_name(jobs)}')
    elif jobs < 1:
        raise ValueError(f"jobs: expected 1 or more, got {jobs}")
    # duck-typed: importing the Oracle class here would make a cycle with core, which calls us
    if oracle is not None and not callable(getattr(oracle, "apply", None)):
        raise TypeError(f"oracle: expected a nodereg.Oracle or None, got {_type_name(oracle)}")
