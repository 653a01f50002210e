"""Outputs with a contract: real output validates against the shipped JSON Schemas, and every failing
row says in one line what failed, in text, JSON and JUnit alike.

The schemas are tested both ways: real output of each command must pass, and hand-broken output
(a missing documented field, an unknown status) must fail, so a schema that accepts anything would
be caught.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from junitparser import Error, Failure, JUnitXml

from nodereg.cli import main
from nodereg.model.mutants import MUTANT_BY_ID, Mutant
from nodereg.properties.catalogue import PROPERTY_BY_ID
from nodereg.report import step_text
from nodereg.schema import SCHEMAS, load_schema, schema_text, validate

DATA = Path(__file__).parent / "data" / "oracle"
BUG = "no-admission-not-ready-taint"  # kubernetes/kubernetes#72129
PROP = "registration-is-not-eligibility"


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nodereg", *args], capture_output=True, text=True, input=stdin, timeout=600, env=env
    )


# ------------------------------------------------------------------------------------------------
# the schemas themselves
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [s.name for s in SCHEMAS])
def test_each_schema_is_valid_draft_2020_12_and_printed_by_nodereg_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(load_schema(name))
    out = run("schema", name)
    assert out.returncode == 0
    assert out.stdout == schema_text(name) and json.loads(out.stdout)["$id"] == f"urn:nodereg:schema:{name}"


def test_nodereg_schema_lists_the_schemas_and_rejects_an_unknown_name() -> None:
    out = run("schema")
    assert out.returncode == 0 and [line.split()[0] for line in out.stdout.splitlines()] == [s.name for s in SCHEMAS]
    bad = run("schema", "no-such-schema")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_the_schemas_ship_in_the_package() -> None:
    import tomllib

    pyproject = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert "schemas/*.json" in pyproject["tool"]["setuptools"]["package-data"]["nodereg"]
    from importlib import resources

    shipped = {p.name for p in resources.files("nodereg").joinpath("schemas").iterdir()}
    assert shipped == {s.file for s in SCHEMAS}


def test_mutants_schema_steps_are_the_verify_schema_steps() -> None:
    """Each schema is self-contained (no cross-file $ref); the duplicated step definition stays one."""
    assert load_schema("mutants")["$defs"]["step"] == load_schema("verify")["$defs"]["step"]


# ------------------------------------------------------------------------------------------------
# verify --format json, the text table and JUnit
# ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def proved() -> dict:
    # a generous time box: on a loaded machine a witness search must not end inconclusive
    out = run("verify", "--format", "json", "--jobs", "1", "--nodes", "1", "--pods", "1", "--timeout", "300")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_verify_json_follows_the_schema(proved: dict) -> None:
    validate("verify", proved)
    assert all(p["message"] == "" for p in proved["properties"])


@pytest.mark.parametrize(
    "break_it",
    [
        lambda d: d["properties"][0].pop("message"),
        lambda d: d["properties"][0].update(status="passed"),
        lambda d: d["summary"].pop("vacuous"),
        lambda d: d["properties"][0].update(message="violated: x"),  # a proved row with a failure text
        lambda d: d.pop("config"),
    ],
    ids=["no-message", "unknown-status", "no-vacuous-count", "proved-with-message", "no-config"],
)
def test_the_verify_schema_rejects_broken_output(proved: dict, break_it) -> None:
    doc = json.loads(json.dumps(proved))
    break_it(doc)
    with pytest.raises(jsonschema.ValidationError):
        validate("verify", doc)


def test_the_verify_schema_allows_added_fields_and_rows(proved: dict) -> None:
    """Rows and report fields other engineers add (symmetry, time-can-pass, coverage) stay valid."""
    doc = json.loads(json.dumps(proved))
    doc["properties"].append({**doc["properties"][0], "id": "symmetry", "engine": "z3", "detail": {"x": 1}})
    doc["summary"]["skipped"] = 0
    doc["coverage"] = {"anything": "checked"}
    validate("verify", doc)


def _every_size_shape(doc: dict, row_bounds: dict[str, object]) -> dict:
    """``doc`` (a real 1 × 1 report) with what ``verify --nodes any --pods any`` writes instead: the
    CLI's ``ANY`` for the sizes and the runner's every-size bounds (``EVERY_SIZE``, ``N×M``) on rows.
    The values come from the modules that print them, so a renamed marker fails here too."""
    from nodereg.cli import ANY

    out = json.loads(json.dumps(doc))
    out["config"].update(nodes=ANY, pods=ANY, engine="parameterized")
    for row, bound in zip(out["properties"], row_bounds.values(), strict=False):
        row["bound"] = bound
    return out


def test_the_verify_schema_takes_every_size_reports(proved: dict) -> None:
    """``verify --nodes any --pods any --format json`` writes ``"nodes": "any"`` and bounds ``"∀N,M"``
    or ``"2×2"`` (a row proved for that size only). Until newuser15 the schema allowed only integers
    there, so every every-size report a CI validated with ``nodereg schema verify`` was rejected
    (87 errors on a full run; the real output is validated in ``tests/test_parameterized.py``)."""
    from nodereg.verifier.runner import EVERY_SIZE
    from nodereg.verifier.zeropods import EVERY_SIZE_SOME_PODS

    doc = _every_size_shape(proved, {"a": EVERY_SIZE, "b": "2×2", "c": None, "d": EVERY_SIZE_SOME_PODS})
    validate("verify", doc)
    doc["not_every_size"] = ["b", "d"]  # what such a run lists (and exits 3 on)
    validate("verify", doc)
    doc["not_every_size"] = "b"
    with pytest.raises(jsonschema.ValidationError):
        validate("verify", doc)


@pytest.mark.parametrize(
    "bound",
    [pytest.param("forever", id="word"), pytest.param("0×2", id="no-nodes"), pytest.param(-1, id="negative")],
)
def test_the_verify_schema_still_rejects_other_bounds(proved: dict, bound: object) -> None:
    with pytest.raises(jsonschema.ValidationError):
        validate("verify", _every_size_shape(proved, {"a": bound}))
    doc = json.loads(json.dumps(proved))
    doc["config"]["nodes"] = "all"
    with pytest.raises(jsonschema.ValidationError):
        validate("verify", doc)


@pytest.fixture(scope="module")
def violated(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, str, JUnitXml]:
    """The #72129 mutant verified as if it were the real model: JSON, then table, then JUnit."""
    import nodereg.model.semantics as sem

    mp = pytest.MonkeyPatch()
    mp.setattr(sem, "real_model", MUTANT_BY_ID[BUG].model)
    try:
        junit = tmp_path_factory.mktemp("junit") / "verify.xml"
        args = ["verify", "--property", PROP, "--property", "node-restriction", "--jobs", "1"]
        res_json = CliRunner().invoke(main, [*args, "--format", "json", "--junit", str(junit)])
        res_text = CliRunner().invoke(main, args)
    finally:
        mp.undo()
    assert res_json.exit_code == 1 and res_text.exit_code == 1, res_json.output + res_text.output
    return json.loads(res_json.output), res_text.output, JUnitXml.fromfile(str(junit))


def test_a_violated_row_says_what_failed_in_one_line_in_json(violated: tuple) -> None:
    doc, _, _ = violated
    validate("verify", doc)
    [row] = [p for p in doc["properties"] if p["id"] == PROP]
    message = row["message"]
    assert "\n" not in message
    assert message.startswith(f"violated: {PROPERTY_BY_ID[PROP].statement}")
    steps = row["counterexample"]
    assert f"counterexample, {len(steps) - 1} steps:" in message
    assert message.endswith(f"→ {step_text(steps[-1])}") and steps[-1]["event"] == "kubelet_register_node"
    assert step_text(steps[-1]).startswith("kubelet_register_node(node=0")


def test_a_violated_row_says_the_same_in_the_table_and_in_junit(violated: tuple) -> None:
    doc, text, xml = violated
    [row] = [p for p in doc["properties"] if p["id"] == PROP]
    # one line, the same words; the two runs may pick different (equally short) counterexamples
    # when other tests ran before in this process, so the steps themselves are compared in JUnit
    head = f"{PROP}: violated: {PROPERTY_BY_ID[PROP].statement}"
    [line] = [ln for ln in text.splitlines() if ln.startswith(f"{PROP}: ")]
    assert line.startswith(head) and "counterexample," in line and "→ kubelet_register_node(node=0" in line
    cases = {c.name: c for suite in xml for c in suite}
    assert set(cases) == {PROP, "node-restriction"} and cases["node-restriction"].is_passed
    [failure] = cases[PROP].result
    assert isinstance(failure, Failure) and failure.message == row["message"] and failure.type == "violated"
    assert "kubelet_register_node(node=0" in failure.text.splitlines()[-1]  # the steps, numbered, in the body
    assert json.loads(cases[PROP].system_out)[-1]["event"] == "kubelet_register_node"


JUNIT_CHILD_ORDER = ("skipped", "error", "failure", "system-out", "system-err")


def assert_junit_xsd_shape(path: Path) -> None:
    """What the common JUnit XSD (Jenkins junit-10.xsd) requires of each testcase: a name, and its
    children in the sequence skipped, error, failure, system-out, system-err."""
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()
    assert root.tag == "testsuites"
    for suite in root:
        assert suite.tag == "testsuite" and suite.get("name") and suite.get("tests") is not None
        for case in suite.iter("testcase"):
            assert case.get("name")
            ranks = [JUNIT_CHILD_ORDER.index(child.tag) for child in case]
            assert ranks == sorted(ranks), [child.tag for child in case]


def test_the_junit_files_have_the_shape_the_common_xsd_requires(tmp_path: Path) -> None:
    import nodereg.model.semantics as sem

    mp = pytest.MonkeyPatch()
    mp.setattr(sem, "real_model", MUTANT_BY_ID[BUG].model)
    try:
        junit = tmp_path / "v.xml"
        res = CliRunner().invoke(main, ["verify", "--property", PROP, "--jobs", "1", "--junit", str(junit)])
    finally:
        mp.undo()
    assert res.exit_code == 1
    assert_junit_xsd_shape(junit)
    bad = tmp_path / "bad.xml"
    bad.write_text(
        '<testsuites><testsuite name="s" tests="1"><testcase name="c"><system-out>x</system-out>'
        '<failure message="m"/></testcase></testsuite></testsuites>'
    )
    with pytest.raises(AssertionError):
        assert_junit_xsd_shape(bad)


def test_an_inconclusive_row_is_a_junit_error_with_its_reason(tmp_path: Path) -> None:
    junit = tmp_path / "v.xml"
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
            "--jobs",
            "1",
            "--junit",
            str(junit),
        ],
    )
    assert res.exit_code == 3
    [case] = [c for suite in JUnitXml.fromfile(str(junit)) for c in suite]
    [error] = case.result
    assert isinstance(error, Error) and error.message.startswith(
        "inconclusive: " + PROPERTY_BY_ID["node-restriction"].statement.split()[0]
    )
    assert "depth 2" in error.message


def test_off_a_terminal_the_table_is_never_cut_at_80_columns() -> None:
    """A pipe (CI log) with COLUMNS=40: full ids, and '(lemma)' on the same line as its id."""
    lemma = next(p.id for p in PROPERTY_BY_ID.values() if p.lemma)
    out = run(
        "verify",
        "--jobs",
        "1",
        "--nodes",
        "1",
        "--pods",
        "1",
        "--property",
        lemma,
        "--property",
        "no-registration-without-credentials",
        env={**os.environ, "COLUMNS": "40"},
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(f"{lemma} (lemma)" in line for line in lines)
    assert any("no-registration-without-credentials" in line for line in lines)
    assert "…" not in out.stdout


# ------------------------------------------------------------------------------------------------
# verify --mutants: JSON and one JUnit testcase per mutant
# ------------------------------------------------------------------------------------------------


def test_mutants_json_and_junit_one_testcase_per_mutant(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Two mutants: the #72129 one (killed) and the real model itself (which nothing can kill)."""
    import nodereg.model.mutants as mutants

    survivor = Mutant("no-bug-at-all", "the real model, unchanged", "none", lambda m: m)
    monkeypatch.setattr(mutants, "MUTANTS", (MUTANT_BY_ID[BUG], survivor))
    monkeypatch.setitem(mutants.MUTANT_BY_ID, survivor.id, survivor)
    junit = tmp_path / "mutants.xml"
    res = CliRunner().invoke(
        main,
        [
            "verify",
            "--mutants",
            "--format",
            "json",
            "--junit",
            str(junit),
            "--jobs",
            "1",
            "--nodes",
            "1",
            "--pods",
            "1",
        ],
    )
    assert res.exit_code == 1, res.output
    doc = json.loads(res.output)
    validate("mutants", doc)
    rows = {r["id"]: r for r in doc["mutants"]}
    assert rows[BUG]["status"] == "killed" and rows[BUG]["message"].startswith("killed by ")
    assert rows["no-bug-at-all"]["status"] == "survived" and "no-bug-at-all" in rows["no-bug-at-all"]["message"]
    assert doc["score"] == 0.5
    cases = {c.name: c for suite in JUnitXml.fromfile(str(junit)) for c in suite}
    assert set(cases) == {BUG, "no-bug-at-all"}
    assert cases[BUG].is_passed
    [failure] = cases["no-bug-at-all"].result
    assert isinstance(failure, Failure) and failure.message == rows["no-bug-at-all"]["message"]
    assert_junit_xsd_shape(junit)


def test_the_mutants_schema_rejects_a_killed_row_without_killer() -> None:
    row = {
        "id": "m",
        "description": "",
        "reference": "",
        "status": "killed",
        "killed_by": [],
        "counterexample": None,
        "message": "killed by ",
    }
    with pytest.raises(jsonschema.ValidationError):
        validate("mutants", {"mutants": [row], "score": 1.0})


# ------------------------------------------------------------------------------------------------
# check --format json and oracle --stdio
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "files,code",
    [
        (["healthy.events.jsonl"], 0),
        (["violation-bind-not-ready.events.jsonl"], 1),
        (["violation-noexecute-overstay.events.jsonl"], 1),
        (["audit-wrong-identity.log"], 1),
        (["watch-bind-not-ready"], None),
    ],
)
def test_check_json_follows_the_schema(files: list[str], code: int | None) -> None:
    paths = [str(p) for f in files for p in (sorted((DATA / f).iterdir()) if (DATA / f).is_dir() else [DATA / f])]
    out = run("check", "--format", "json", *paths)
    doc = json.loads(out.stdout)
    validate("check", doc)
    if code is not None:
        assert out.returncode == code
    assert doc["conforms"] == (out.returncode == 0)


def test_check_json_with_an_input_error_follows_the_schema(tmp_path: Path) -> None:
    bad = tmp_path / "bad.events.jsonl"
    bad.write_text('{"t": 0, "event": "kubelet_request_certificate", "node": "n1"}\n{"t": "soon"}\n')
    out = run("check", "--format", "json", "--input", "events", "--keep-going", str(bad))
    assert out.returncode == 2
    doc = json.loads(out.stdout)
    validate("check", doc)
    assert doc["input_errors"] and doc["input_errors"][0]["line"] == 2


def test_the_check_schema_rejects_conforms_with_violations() -> None:
    doc = json.loads(run("check", "--format", "json", str(DATA / "violation-bind-not-ready.events.jsonl")).stdout)
    doc["conforms"] = True
    with pytest.raises(jsonschema.ValidationError):
        validate("check", doc)


def test_every_oracle_stdio_verdict_line_follows_the_schema() -> None:
    lines = (DATA / "violation-bind-not-ready.events.jsonl").read_text().splitlines()
    stdin = "\n".join([*lines, "not json", '{"event": "no_such_event", "t": 1}', '{"event": "end"}']) + "\n"
    out = run("oracle", "--stdio", stdin=stdin)
    verdicts = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(verdicts) == len(lines) + 3
    for v in verdicts:
        validate("oracle-verdict", v)
    assert any(v["violations"] for v in verdicts) and verdicts[len(lines)]["error"]
    with pytest.raises(jsonschema.ValidationError):
        validate("oracle-verdict", {**verdicts[0], "ok": False})  # not ok, yet no violation and no error


def test_a_mutant_not_killed_because_a_solver_gave_up_is_inconclusive(monkeypatch: pytest.MonkeyPatch) -> None:
    """A timeout is never a survival: the row says inconclusive, names what the solver gave up on,
    and the run exits 3 (not 1, not 0)."""
    from nodereg.model import mutants
    from nodereg.verifier import runner

    slow = Mutant("no-bug-but-a-timeout", "the real model, and a solver that gives up", "none", lambda m: m)
    monkeypatch.setattr(mutants, "MUTANTS", (slow,))
    monkeypatch.setitem(mutants.MUTANT_BY_ID, slow.id, slow)
    real_verify = runner.verify

    def gives_up(*args: object, **kw: object) -> list:
        verdicts = real_verify(*args, **kw)  # type: ignore[arg-type]
        verdicts[0].status, verdicts[0].reason = "inconclusive", "timeout"
        return verdicts

    monkeypatch.setattr(runner, "verify", gives_up)
    res = CliRunner().invoke(
        main, ["verify", "--mutants", "--format", "json", "--jobs", "1", "--nodes", "1", "--pods", "1"]
    )
    assert res.exit_code == 3, res.output
    doc = json.loads(res.output)
    validate("mutants", doc)
    [row] = doc["mutants"]
    assert row["status"] == "inconclusive" and row["inconclusive"] and row["message"].startswith("inconclusive: ")
