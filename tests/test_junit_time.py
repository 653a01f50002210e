"""A JUnit suite's ``time`` is how long the run took, as GitLab and Jenkins show it.

junitparser writes a suite's time as the sum of its testcases' times. With ``--jobs 2`` the
properties are proved two at a time, so that sum is about twice the run; with a few properties
it misses the lemma proofs they rest on. ``verify --junit`` writes the run's wall time instead
(the same number as ``--format json``'s ``config.seconds``), and each testcase keeps its own time.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from junitparser import JUnitXml
from test_outputs import assert_junit_xsd_shape  # the JUnit XSD (Jenkins junit-10) shape check

from nodereg.cli import main
from nodereg.report import junit_mutants, junit_verdicts


def _verdict(pid: str, seconds: float) -> SimpleNamespace:
    return SimpleNamespace(id=pid, seconds=seconds, status="proved", counterexample=None)


@pytest.mark.parametrize(
    ("name", "case_seconds", "wall", "suite_time"),
    [
        ("two workers: the cases overlap, the run is shorter than their sum", (3.0, 2.5), 3.2, 3.2),
        ("one slow setup: the run is longer than its cases", (0.05, 0.02), 4.4, 4.4),
        ("no wall time given: junitparser's sum, as before", (3.0, 2.5), None, 5.5),
    ],
)
def test_suite_time_is_the_wall_time_and_cases_keep_theirs(
    tmp_path: Path, name: str, case_seconds: tuple[float, ...], wall: float | None, suite_time: float
) -> None:
    verdicts = [_verdict(f"p{i}", s) for i, s in enumerate(case_seconds)]
    path = tmp_path / "v.xml"
    junit_verdicts(verdicts, wall).write(str(path))
    [suite] = list(JUnitXml.fromfile(str(path)))
    assert suite.time == suite_time, name
    assert [c.time for c in suite] == list(case_seconds), name
    assert_junit_xsd_shape(path)


def test_mutants_suite_time_is_the_wall_time(tmp_path: Path) -> None:
    rows = [{"id": "m1", "status": "killed"}, {"id": "m2", "status": "survived"}]
    path = tmp_path / "m.xml"
    junit_mutants(rows, 7.25).write(str(path))
    [suite] = list(JUnitXml.fromfile(str(path)))
    assert suite.time == 7.25 and suite.tests == 2 and suite.failures == 1
    assert_junit_xsd_shape(path)


def test_verify_jobs_2_writes_the_wall_time_it_reports(tmp_path: Path) -> None:
    """The CLI path: the suite's time is the run's own wall time (``config.seconds`` in its JSON)."""
    junit = tmp_path / "verify.xml"
    props = ["--property", "node-restriction", "--property", "heartbeat-needs-client-certificate"]
    res = CliRunner().invoke(main, ["verify", *props, "--jobs", "2", "--format", "json", "--junit", str(junit)])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    [suite] = list(JUnitXml.fromfile(str(junit)))
    assert suite.time == doc["config"]["seconds"]
    assert sorted(c.time for c in suite) == sorted(p["seconds"] for p in doc["properties"])
    assert_junit_xsd_shape(junit)
