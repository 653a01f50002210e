"""nodereg's pytest plugin (entry point ``pytest11``): check an implementation's traces in its own tests.

Installed with nodereg, it gives every pytest run:

* the ``nodereg_oracle`` fixture: a fresh :class:`nodereg.Oracle` per test, to feed events one at a
  time (``nodereg_oracle.step({...})`` returns the violations that event revealed);
* :func:`check_trace` (``from nodereg.pytest_plugin import check_trace``): check a whole trace
  file, or an iterable of event dicts, and fail the test with every violation in readable lines,
  ``FILE:LINE: [property] node, pod: what happened``, when it does not conform;
* the options ``--nodereg-k8s-version`` and ``--nodereg-slack`` (or the ini keys of the same
  names with underscores) that set the defaults of both.

Why a plugin rather than a helper to copy: the readable failure and the options are the same in
every suite, and an implementer's test stays one line. Nothing heavy is imported until a test uses
it, so the plugin costs nothing to a pytest run that does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from os import PathLike
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # pragma: no cover - typing only
    from nodereg.oracle import Oracle, Report

#: How many violations a failure message lists before it says "and N more".
MAX_LISTED = 20

_DEFAULTS: dict[str, Any] = {"k8s_version": None, "slack": 5.0}


class TraceDoesNotConform(AssertionError):
    """A trace broke the model: the message lists every violation and input error, one per line."""

    def __init__(self, message: str, report: Report) -> None:
        super().__init__(message)
        self.report = report


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("nodereg", "nodereg: check traces against the Kubernetes node-lifecycle model")
    group.addoption(
        "--nodereg-k8s-version",
        default=None,
        metavar="VERSION",
        help="Kubernetes version whose timing defaults the oracle uses (default: the model's)",
    )
    group.addoption(
        "--nodereg-slack",
        default=None,
        type=float,
        metavar="SECONDS",
        help="controller latency allowed before a timing promise counts as broken (default 5)",
    )
    parser.addini("nodereg_k8s_version", "default of --nodereg-k8s-version", default=None)
    parser.addini("nodereg_slack", "default of --nodereg-slack", default=None)


def pytest_configure(config: pytest.Config) -> None:
    version = config.getoption("--nodereg-k8s-version") or config.getini("nodereg_k8s_version") or None
    slack = config.getoption("--nodereg-slack")
    if slack is None:
        raw = config.getini("nodereg_slack")
        try:
            slack = float(raw) if raw not in (None, "") else 5.0
        except ValueError:
            raise pytest.UsageError(f"ini nodereg_slack: expected a number of seconds, got {raw!r}") from None
    if slack < 0:
        raise pytest.UsageError(f"--nodereg-slack: expected seconds >= 0, got {slack}")
    _DEFAULTS.update(k8s_version=version, slack=float(slack))


@pytest.fixture
def nodereg_oracle() -> Oracle:
    """A fresh oracle for this test, with the session's --nodereg-k8s-version and --nodereg-slack."""
    from nodereg.model.params import K8S_VERSION
    from nodereg.oracle import Oracle

    return Oracle(None, _DEFAULTS["k8s_version"] or K8S_VERSION, _DEFAULTS["slack"])


def _where(file: str | None, line: int | None, index: int | None) -> str:
    if file is not None and line is not None:
        return f"{file}:{line}"
    if line is not None:
        return f"line {line}"
    return f"event {index}"


def failure_message(report: Report, label: str) -> str:
    """The readable failure: a headline, then one line per input error and per violation."""
    lines = []
    if report.input_errors:
        lines.append(f"{label}: {len(report.input_errors)} input error(s): the trace could not be read in full")
        lines += [f"  {e}" for e in report.input_errors[:MAX_LISTED]]
    if report.violations:
        lines.append(
            f"{label} does not conform to the Kubernetes node-lifecycle model: "
            f"{len(report.violations)} violation(s) in {report.events} events"
        )
        for v in report.violations[:MAX_LISTED]:
            who = ", ".join(x for x in (f"node {v.node}" if v.node else "", f"pod {v.pod}" if v.pod else "") if x)
            event = f" ({v.event})" if v.event else ""
            lines.append(
                f"  {_where(v.file, v.line, v.index)}{event}: [{v.property}] {who + ': ' if who else ''}{v.message}"
            )
        if len(report.violations) > MAX_LISTED:
            lines.append(f"  ... and {len(report.violations) - MAX_LISTED} more")
    lines += [f"  note: {n}" for n in report.notes]
    return "\n".join(lines)


def check_trace(
    trace: str | PathLike[str] | Iterable[Mapping[str, Any]],
    *,
    fmt: str = "auto",
    params: Mapping[str, int] | None = None,
    k8s_version: str | None = None,
    slack: float | None = None,
    strict: bool = False,
) -> Report:
    """Assert that a trace conforms; return the :class:`nodereg.Report` when it does.

    ``trace`` is a path (any format ``nodereg check`` reads: events JSON Lines, Kubernetes watch
    output, audit logs, ITF) or an iterable of event dicts. A violation or an unreadable input
    raises :class:`TraceDoesNotConform` (an ``AssertionError``) listing each one as
    ``FILE:LINE (event): [property] node, pod: message``. An empty trace fails too, and so does one
    on which no property could be judged (``nodereg check`` exits 3 on it: a pods-only capture): a
    check of nothing must not pass.
    """
    __tracebackhide__ = True
    import os

    from nodereg.model.params import K8S_VERSION
    from nodereg.oracle import check

    if isinstance(trace, bytes) or not isinstance(trace, str | os.PathLike | Iterable):
        raise TypeError(f"trace: expected a path or an iterable of event dicts, got {type(trace).__name__}")
    if params is not None and not isinstance(params, Mapping):
        raise TypeError(f"params: expected a mapping of parameter to seconds, got {type(params).__name__}")
    label = os.fspath(trace) if isinstance(trace, str | os.PathLike) else "trace"
    source: Any = os.fspath(trace) if isinstance(trace, str | os.PathLike) else trace
    report = check(
        source,
        fmt=fmt,
        params=dict(params) if params else None,
        k8s_version=k8s_version or _DEFAULTS["k8s_version"] or K8S_VERSION,
        slack=_DEFAULTS["slack"] if slack is None else slack,
        keep_going=True,
        strict=strict,
    )
    if not report.conforms:
        raise TraceDoesNotConform(failure_message(report, label), report)
    if report.events == 0:
        raise TraceDoesNotConform(f"{label}: no events were read, so nothing was checked", report)
    if report.judged_nothing:
        # `nodereg check` exits 3 on such an input (a pods-only or leases-only capture): a test must not
        # pass on it either (until newuser15 it did)
        raise TraceDoesNotConform(
            f"{label}: inconclusive: no property could be checked on this input ({report.events} events, "
            f"{report.nodes} nodes); a Node stream is what most properties read\n"
            + "\n".join(f"  note: {n}" for n in report.notes),
            report,
        )
    return report
