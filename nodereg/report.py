"""One-line failure text, and consoles that never cut a line, for every report the CLI writes.

Why this module: a CI log, a JUnit ``<failure message=...>`` and a JSON row are often all a user
sees of a failed run. Each must say *what* failed without opening a JSON dump: the property's
statement and how the counterexample ends. The text table, the JSON row and the JUnit testcase
all take their line from :func:`failure_line` (and :func:`mutant_line`), so the three never
disagree. The module imports no solver and no model, so it is cheap to import anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover - typing only
    from rich.console import Console

#: How many steps of a counterexample the one-line message shows (the end is where it fails).
LAST_STEPS = 3

#: The width used when output does not go to a terminal: wide enough that no row is ever wrapped
#: or cut (a log, a pipe, a file), narrow enough that rich does not allocate silly buffers.
UNBOUNDED_WIDTH = 10_000


class VerdictLike(Protocol):
    """What :func:`failure_line` reads from a verdict (``nodereg.verifier.runner.Verdict``)."""

    id: str
    status: str
    reason: str
    counterexample: list[dict[str, Any]] | None


def step_text(step: Mapping[str, Any]) -> str:
    """``event(node=0, pod=1, arg=value)``: one counterexample step as the table prints it."""
    if not isinstance(step, Mapping):  # a row whose evidence is not a step list: shown as it is
        return _one_line(str(step))
    where = [f"{k}={step[k]}" for k in ("node", "pod") if step.get(k) is not None]
    args = [f"{k}={a}" for k, a in (step.get("args") or {}).items()]
    return f"{step.get('event', '?')}({', '.join(where + args)})"


def steps_tail(steps: Sequence[Mapping[str, Any]], last: int = LAST_STEPS) -> str:
    """The last ``last`` steps joined by arrows, with how many came before (``init`` not counted)."""
    real = [s for s in steps if not isinstance(s, Mapping) or s.get("event") != "init"]
    if not real:
        return "the initial state"
    shown = real[-last:]
    head = f"{len(real)} step{'s' if len(real) != 1 else ''}: " + ("… → " if len(real) > len(shown) else "")
    return head + " → ".join(step_text(s) for s in shown)


def statement_of(property_id: str) -> str | None:
    """The catalogue statement of a property, or None for rows outside the catalogue."""
    from nodereg.properties.catalogue import PROPERTY_BY_ID

    p = PROPERTY_BY_ID.get(property_id)
    return p.statement if p is not None else None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def failure_line(v: VerdictLike, statement: str | None = None) -> str:
    """What failed, in one line: status, the property's statement, and why (the trace's last steps).

    ``violated: <statement> — counterexample, 4 steps: … → a(node=0) → b(node=0)``. An empty string
    for a proved row. ``statement`` defaults to the catalogue's; a row that is not in the catalogue
    (a check the verifier adds) falls back to its id.
    """
    if v.status == "proved":
        return ""
    text = statement if statement is not None else statement_of(v.id)
    parts = [f"{v.status}: {_one_line(text) if text else v.id}"]
    if v.counterexample:
        parts.append(f"counterexample, {steps_tail(v.counterexample)}")
    if v.reason:
        parts.append(_one_line(v.reason))
    if len(parts) == 1:
        parts.append("no counterexample and no reason given")
    return " — ".join(parts)


def mutant_line(row: Mapping[str, Any]) -> str:
    """One mutant's outcome in one line: which property killed it and how, or that it survived."""
    if row.get("status") == "killed":
        vacuous = set(row.get("vacuous") or [])
        killers = ", ".join(k + (" (made vacuous)" if k in vacuous else "") for k in row.get("killed_by") or [])
        line = f"killed by {killers}"
        if row.get("counterexample"):
            line += f" — counterexample, {steps_tail(row['counterexample'])}"
        return line
    lemmas = ", ".join(row.get("lemmas_broken") or [])
    only = f" (only the lemma(s) {lemmas}, which alone are no kill)" if lemmas else ""
    if row.get("status") == "inconclusive":
        return (
            f"inconclusive: not killed, and a solver gave up on {', '.join(row.get('inconclusive') or [])}{only} "
            f"(a timeout or Z3 unknown, never a survival; --timeout raises the box) on the mutant '{row.get('id')}'"
        )
    return (
        f"survived: no property was violated with a replayed counterexample{only} on the mutant "
        f"'{row.get('id')}' ({_one_line(str(row.get('description', '')))})"
    )


def console(stderr: bool = False) -> Console:
    """A rich console that wraps at the terminal's width, and never cuts when not on a terminal.

    Rich falls back to 80 columns on a pipe or a file, which cut property ids in CI logs
    (``no-registration-without-credentia…``); off a terminal the width is unbounded instead.
    """
    from rich.console import Console

    probe = Console(stderr=stderr)
    if probe.is_terminal:
        return probe
    return Console(stderr=stderr, width=UNBOUNDED_WIDTH)


def steps_block(steps: Sequence[Mapping[str, Any]]) -> str:
    """Every step of a counterexample, numbered, one per line (the body of a JUnit failure)."""
    return "\n".join(f"{i:2d}. {step_text(s)}" for i, s in enumerate(steps))


def _wall_time(xml: Any, suite: Any, wall_seconds: float | None) -> Any:
    """``xml`` with its suite's (and the root's) ``time`` set to the run's wall time.

    junitparser sets a suite's time to the sum of its testcases' times: with ``--jobs 2`` the
    properties run two at a time and that sum is about twice the run. GitLab and Jenkins show a
    suite's time as how long it took, so it is the wall time; each testcase keeps its own time.
    """
    if wall_seconds is not None:
        suite.time = round(wall_seconds, 3)
        xml.time = round(wall_seconds, 3)
    return xml


def junit_verdicts(verdicts: Sequence[Any], wall_seconds: float | None = None) -> Any:
    """``verify --junit``: one testcase per property; a failure's message is its :func:`failure_line`.

    violated and vacuous are failures, inconclusive an error (never a pass); the counterexample is
    the failure's text, numbered, and its JSON form goes to the testcase's system-out. Children
    come in the order the common JUnit XSD requires: error/failure, then system-out, system-err.
    ``wall_seconds``: the run's wall time, written as the suite's time (see :func:`_wall_time`).
    """
    import json

    from junitparser import Error, Failure, JUnitXml, TestCase, TestSuite

    suite = TestSuite("nodereg verify")
    for v in verdicts:
        case = TestCase(v.id, classname="nodereg.properties", time=round(v.seconds, 3))
        if v.status in ("violated", "vacuous", "inconclusive"):
            result = (Error if v.status == "inconclusive" else Failure)(failure_line(v), v.status)
            if v.counterexample:
                result.text = steps_block(v.counterexample)
            case.result = [result]  # before system-out: the JUnit XSD (Jenkins junit-10) orders them
            if v.counterexample:
                case.system_out = json.dumps(v.counterexample, ensure_ascii=False)
        suite.add_testcase(case)
    xml = JUnitXml()
    xml.add_testsuite(suite)
    return _wall_time(xml, suite, wall_seconds)


def junit_mutants(rows: Sequence[Mapping[str, Any]], wall_seconds: float | None = None) -> Any:
    """``verify --mutants --junit``: one testcase per seeded mutant; a survivor is a failure.

    ``wall_seconds``: the run's wall time, written as the suite's time (see :func:`_wall_time`).
    """
    import json

    from junitparser import Failure, JUnitXml, TestCase, TestSuite

    suite = TestSuite("nodereg verify --mutants")
    for r in rows:
        case = TestCase(str(r["id"]), classname="nodereg.mutants")
        if r["status"] != "killed":
            case.result = [Failure(mutant_line(r), r["status"])]
        else:
            case.system_out = mutant_line(r)
            if r.get("counterexample"):
                case.system_err = json.dumps(r["counterexample"], ensure_ascii=False)
        suite.add_testcase(case)
    xml = JUnitXml()
    xml.add_testsuite(suite)
    return _wall_time(xml, suite, wall_seconds)
