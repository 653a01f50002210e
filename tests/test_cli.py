"""The command line as users and CI see it: exit codes, one JSON object, JUnit XML, clear errors."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from junitparser import JUnitXml

from nodereg.cli import main
from nodereg.model.mutants import MUTANT_BY_ID
from nodereg.properties.catalogue import ALL_PROPERTIES


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nodereg", *args], capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def json_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    junit = tmp_path_factory.mktemp("junit") / "verify.xml"
    return run("verify", "--format", "json", "--junit", str(junit), "--jobs", "1"), junit


def test_verify_json_is_one_object_with_the_documented_fields(json_run: tuple) -> None:
    out, _ = json_run
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)  # exactly one JSON object on stdout
    assert set(doc) >= {"properties", "summary"}
    rows = len(ALL_PROPERTIES) + 2  # and the verifier's rows: symmetry, time-can-pass
    assert doc["summary"] == {"proved": rows, "violated": 0, "inconclusive": 0, "vacuous": 0}
    assert doc["config"]["symmetry"] is True  # proved, so node 0 and pod 0 stand for all
    for p in doc["properties"]:
        assert set(p) >= {"id", "status", "engine", "bound", "seconds", "counterexample"}
        assert p["status"] == "proved" and p["counterexample"] is None


def test_verify_junit_has_one_testcase_per_property(json_run: tuple) -> None:
    _, junit = json_run
    xml = JUnitXml.fromfile(str(junit))
    cases = [c for suite in xml for c in suite]
    assert sorted(c.name for c in cases) == sorted([p.id for p in ALL_PROPERTIES] + ["symmetry", "time-can-pass"])
    assert all(c.is_passed for c in cases)


def test_python_dash_m_is_the_same_program() -> None:
    out = run("properties", "--format", "json")
    assert out.returncode == 0
    assert [p["id"] for p in json.loads(out.stdout)] == [p.id for p in ALL_PROPERTIES]


def test_violated_property_exits_1_with_a_counterexample(monkeypatch: pytest.MonkeyPatch) -> None:
    """Verify a model with the #72129 bug as if it were the real one: exit 1, trace in the JSON."""
    import nodereg.model.semantics as sem

    monkeypatch.setattr(sem, "real_model", MUTANT_BY_ID["no-admission-not-ready-taint"].model)
    res = CliRunner().invoke(
        main, ["verify", "--format", "json", "--property", "registration-is-not-eligibility", "--jobs", "1"]
    )
    assert res.exit_code == 1, res.output
    doc = json.loads(res.output)
    [prop] = [p for p in doc["properties"] if p["id"] == "registration-is-not-eligibility"]
    assert prop["status"] == "violated"
    steps = prop["counterexample"]
    assert steps[0]["event"] == "init" and steps[-1]["event"] == "kubelet_register_node"
    assert all({"event", "state"} <= set(s) for s in steps)


@pytest.mark.parametrize(
    "asked,rows",
    [
        # `symmetry` is the first row of every full run; asked alone it runs the symmetry check only
        pytest.param(["symmetry"], ["symmetry"], id="symmetry-alone"),
        # `time-can-pass` folds two properties of the verifier's own into one row
        pytest.param(["time-can-pass"], ["time-can-pass"], id="time-can-pass-alone"),
        pytest.param(
            ["symmetry", "node-restriction"], ["symmetry", "node-restriction"], id="symmetry-beside-a-property"
        ),
    ],
)
def test_every_row_verify_prints_can_be_asked_for(asked: list[str], rows: list[str]) -> None:
    """``--property`` takes any id a full run prints, the verifier's own rows included (round 13: exit 2)."""
    args = ["verify", "--format", "json", "--jobs", "1"] + [a for p in asked for a in ("--property", p)]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    # exactly the rows asked for: the lemmas are proved as helpers, their rows are not printed (the
    # README said until newuser15 that they came too)
    ids = [p["id"] for p in doc["properties"]]
    assert ids == rows
    assert all(p["status"] == "proved" for p in doc["properties"])


def test_inconclusive_exits_3() -> None:
    """Bounded model checking alone cannot prove: the verdict is inconclusive and the exit code 3."""
    res = CliRunner().invoke(
        main,
        [
            "verify",
            "--engine",
            "bmc",
            "--depth",
            "2",
            "--property",
            "node-restriction",
            "--nodes",
            "1",
            "--pods",
            "1",
            "--format",
            "json",
            "--jobs",
            "1",
        ],
    )
    assert res.exit_code == 3, res.output
    assert json.loads(res.output)["summary"]["inconclusive"] == 1


@pytest.mark.parametrize(
    "args,needle",
    [
        (["verify", "--param", "node-monitor-grace-period"], "expected NAME=VALUE"),
        (["verify", "--param", "no-such-param=5s"], "unknown parameter"),
        (["verify", "--param", "node-monitor-grace-period=fifty"], "not a duration"),
        (["verify", "--property", "no-such-property"], "unknown property"),
        (["verify", "--param", "node-monitor-period=60s"], "monitor-period-below-grace"),
        (["verify", "--k8s-version", "1.9"], "not modelled"),
        (["verify", "--k8s-version", "9.99"], "1.17 to 1.35"),
        (["verify", "--k8s-version", "abc"], "unknown Kubernetes version"),
        (["verify", "--k8s-version", "2"], "unknown Kubernetes version"),
        (["verify", "--nodes", "0"], "Invalid value"),
        (["verify", "--nodes", "x"], "expected a number from 1 to 16, or 'any'"),
        (["verify", "--engine", "magic"], "Invalid value"),
        (["verify", "--property"], "requires an argument"),
        # --mutants checks every property against each mutant: a --property beside it was ignored silently
        (["verify", "--mutants", "--property", "node-restriction"], "leave --property out"),
        (["verify", "--no-such-flag"], "No such option"),
        (["no-such-command"], "No such command"),
        # a pipe into `nodereg check` with no FILE: say that '-' reads stdin, not only what is missing
        (["check"], "Missing argument 'FILES...'; '-' reads standard input"),
        # check, oracle and export know the versions verify knows (check took 2.0 as "Kubernetes 2.0")
        (["check", "--k8s-version", "2.0", "x.json"], "1.17 to 1.35"),
        (["oracle", "--stdio", "--k8s-version", "1.36"], "1.17 to 1.35"),
        (["export", "promela", "--k8s-version", "v1"], "unknown Kubernetes version"),
    ],
)
def test_bad_usage_is_one_clear_line_and_exit_2(args: list[str], needle: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert needle in out.stderr
    assert "Traceback" not in out.stderr
    # click's own usage errors too: one line, as nodereg's own checks print them, never click's four
    assert out.stderr.strip().splitlines() == [out.stderr.strip()] and out.stderr.startswith("nodereg: error: ")


def test_params_accept_go_durations() -> None:
    res = CliRunner().invoke(
        main,
        [
            "verify",
            "--param",
            "node-monitor-grace-period=1m",
            "--property",
            "no-registration-without-credentials",
            "--nodes",
            "1",
            "--pods",
            "1",
            "--format",
            "json",
            "--jobs",
            "1",
        ],
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["config"]["parameters"] == {"node-monitor-grace-period": 60}


def test_verify_draws_counterexamples(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """--diagrams writes each violated property's counterexample as Mermaid and SVG."""
    import shutil

    import nodereg.model.semantics as sem

    monkeypatch.setattr(sem, "real_model", MUTANT_BY_ID["no-admission-not-ready-taint"].model)
    res = CliRunner().invoke(
        main, ["verify", "--property", "registration-is-not-eligibility", "--jobs", "1", "--diagrams", str(tmp_path)]
    )
    assert res.exit_code == 1, res.output
    mmd = sorted(tmp_path.rglob("*.mmd"))
    assert mmd, list(tmp_path.rglob("*"))
    text = mmd[0].read_text()
    assert "registration-is-not-eligibility" in text and "kubelet_register_node" in text
    if shutil.which("dot"):
        assert sorted(tmp_path.rglob("*.svg"))


def test_a_cluster_without_pods_is_checked_and_pod_premises_are_vacuous() -> None:
    """--pods 0 is accepted: node properties are proved, properties about bound pods cannot be witnessed."""
    r = run("verify", "--nodes", "1", "--pods", "0", "--jobs", "1", "--format", "json")
    assert "Traceback" not in r.stderr, r.stderr[-600:]
    doc = json.loads(r.stdout)
    status = {p["id"]: p["status"] for p in doc["properties"]}
    assert status["no-execute-eviction"] == "vacuous" and status["bound-requests-fit-allocatable"] == "vacuous"
    assert status["node-restriction"] == "proved" and status["heartbeating-node-stays-known"] == "proved"
    assert r.returncode == 1  # vacuous is a failure: the property says nothing about this cluster


def test_an_internal_error_is_one_line_and_exit_4(monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash is never read as a verdict: exit 4 (not 1), one line, the traceback only with --debug."""
    import nodereg.verifier.runner as runner

    def boom(*args: object, **kwargs: object) -> None:
        raise KeyError("nodereg+without-heartbeat-gap-within-grace")

    monkeypatch.setattr(runner, "verify", boom)
    res = CliRunner().invoke(main, ["verify", "--jobs", "1"])
    assert res.exit_code == 4, res.output
    assert "internal error" in res.output and "Traceback" not in res.output
    assert len(res.output.strip().splitlines()) == 1
    res = CliRunner().invoke(main, ["--debug", "verify", "--jobs", "1"])
    assert res.exit_code == 4 and "Traceback" in res.output


def test_verify_help_lists_the_exit_codes() -> None:
    out = run("verify", "--help")
    assert out.returncode == 0
    text = " ".join(out.stdout.split())
    for code in (
        "0 every property proved",
        "1 a property violated",
        "2 bad usage",
        "3 inconclusive",
        "4 internal error",
    ):
        assert code in text, code


@pytest.mark.parametrize(
    "args", [["properties"], ["check", "tests/data/realworld2/zone-two-fail-never-tainted/nodes.json.gz"]]
)
def test_a_reader_that_closes_the_pipe_stops_nodereg_silently(args: list[str]) -> None:
    """``nodereg check ... | head`` (or ``properties``): when the reader has gone, no "internal error" (exit 4) and
    nothing on stderr; the process ends as any Unix tool SIGPIPE stops (141). The reader here closes
    before nodereg writes its first byte, so the write always fails."""
    import subprocess
    import sys

    root = Path(__file__).parent.parent
    proc = subprocess.Popen(
        [sys.executable, "-m", "nodereg", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141, err
    assert err == b""


def _verdicts(**status: str) -> list[Any]:
    from nodereg.verifier.runner import Verdict

    return [Verdict(pid, st, "stand-in", 14, 0.0) for pid, st in status.items()]


@pytest.mark.parametrize(
    ("name", "plain", "witnessed", "status", "killed_by"),
    [
        # heldout14's probe-kubelets-never-stop: nothing violated, but silent-node premises unreachable
        ("made vacuous", {"a": "proved", "b": "proved"}, {"a": "proved", "b": "vacuous"}, "killed", ["b"]),
        ("proved with witnesses", {"a": "proved"}, {"a": "proved"}, "survived", []),
        ("witness search gave up", {"a": "proved"}, {"a": "inconclusive"}, "inconclusive", []),
        ("violated needs no witness run", {"a": "violated"}, None, "killed", []),
    ],
    ids=["made vacuous", "proved with witnesses", "witness search gave up", "violated needs no witness run"],
)
def test_a_mutant_that_makes_a_premise_unreachable_is_killed(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    plain: dict[str, str],
    witnessed: dict[str, str] | None,
    status: str,
    killed_by: list[str],
) -> None:
    """``--mutants`` runs without witnesses; a would-be survivor is searched once more with them, and a property
    its bug makes vacuous kills it (plain ``verify`` exits 1 on it), so a bug that silences a premise is no
    survivor. The verifier is a stand-in here: the real witness search of such a bug takes minutes."""
    import nodereg.verifier.runner as runner
    from nodereg.cli import _mutant_row
    from nodereg.model.semantics import Config
    from nodereg.report import mutant_line

    calls: list[bool] = []

    def fake_verify(model: Any, cfg: Any, props: Any, *, check_witnesses: bool, **kw: Any) -> list[Any]:
        calls.append(check_witnesses)
        out = _verdicts(**(witnessed if check_witnesses else plain))  # type: ignore[arg-type]
        for v in out:
            if v.status == "violated":  # a replayed counterexample, as the runner gives it
                v.counterexample, v.replayed = [{"event": "x"}], True
        return out

    monkeypatch.setattr(runner, "verify", fake_verify)
    mutant = next(iter(MUTANT_BY_ID))
    row = _mutant_row((mutant, Config(1, 1), 1.0, 4, {}, False))
    assert row["status"] == status, row
    want = killed_by or (["a"] if plain.get("a") == "violated" else [])
    assert row["killed_by"] == want and row["vacuous"] == killed_by
    assert calls == ([False] if witnessed is None else [False, True])
    if killed_by:
        assert "(made vacuous)" in mutant_line(row)


@dataclasses.dataclass
class _Row:
    """A stand-in verdict row: what the exit code of a ``--nodes any`` run reads."""

    id: str
    status: str
    bound: object


def _every_size_rows(*bounds: object, status: str = "proved") -> list[_Row]:
    return [_Row(f"p{i}", status, b) for i, b in enumerate(bounds)]


@pytest.mark.parametrize(
    ("rows", "code", "short"),
    [
        pytest.param(_every_size_rows("∀N,M", "∀N,M"), 0, [], id="every-row-for-every-size"),
        pytest.param(_every_size_rows("∀N,M", "2×2"), 3, ["p1"], id="a-row-for-2x2-only"),
        pytest.param(_every_size_rows("∀N,M", "∀N, M≥1"), 3, ["p1"], id="a-row-without-the-no-pods-case"),
        pytest.param(_every_size_rows("∀N,M", None), 3, ["p1"], id="a-row-proved-at-no-stated-size"),
        pytest.param(
            [*_every_size_rows("2×2"), *_every_size_rows(5, status="violated")], 1, ["p0"], id="a-violation-first"
        ),
        pytest.param(_every_size_rows(None, status="inconclusive"), 3, [], id="inconclusive-stays-inconclusive"),
    ],
)
def test_an_every_size_run_passes_only_when_every_row_is_proved_for_every_size(
    rows: list[_Row], code: int, short: list[str]
) -> None:
    """``verify --nodes any`` asks for proofs for every size: a row proved for one size only is no pass
    (round 15 of bugs written apart: a scheduler cache bug from 4 nodes on exited 0, one row "2×2 only")."""
    from nodereg.cli import every_size_exit, short_of_every_size

    summary = {s: sum(r.status == s for r in rows) for s in ("proved", "violated", "inconclusive", "vacuous")}
    assert short_of_every_size(rows) == short
    assert every_size_exit(summary, rows) == code


@pytest.mark.parametrize(
    ("bounds", "status", "inconclusive"),
    [
        pytest.param({"a": "∀N,M", "b": "∀N,M"}, "survived", [], id="every-row-for-every-size"),
        pytest.param({"a": "∀N,M", "b": "2×2"}, "inconclusive", ["b"], id="a-row-for-2x2-only"),
    ],
)
def test_an_every_size_mutant_with_a_row_for_one_size_only_is_no_survivor(
    monkeypatch: pytest.MonkeyPatch, bounds: dict[str, str], status: str, inconclusive: list[str]
) -> None:
    """``--mutants --nodes any``: a bug that leaves a row proved for one size only has not been shown harmless
    for every size (round 15's 4-node cache probe); the row is listed, never "survived". Stand-in verifier."""
    import nodereg.verifier.runner as runner
    from nodereg.cli import _mutant_row
    from nodereg.model.semantics import Config

    def fake_every_size(model: Any, props: Any, **kw: Any) -> list[Any]:
        out = _verdicts(**dict.fromkeys(bounds, "proved"))
        for v in out:
            v.bound = bounds[v.id]
        return out

    monkeypatch.setattr(runner, "verify_every_size", fake_every_size)
    monkeypatch.setattr(runner, "verify", lambda *a, **kw: fake_every_size(None, None))
    row = _mutant_row((next(iter(MUTANT_BY_ID)), Config(2, 2), 1.0, 4, {}, True))
    assert (row["status"], row["inconclusive"]) == (status, inconclusive), row
