"""What the public-file tests (rounds 7 to 10) share: a row of a public file's expected verdict, the
``nodereg check`` run that judges it, and the variants (a pipe, a ``.gz`` file, ``--k8s-version 1.31``)
that must give the same verdict. Each round keeps its own rows and the comments that say why."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from nodereg.cli import main

#: (files, exit code, violated, must be "not checked" (any reason), must be "checked")
Row = tuple[list[str], int, set[str], set[str], set[str]]

# the properties the public rows name most (one spelling for every round)
HEARTBEAT = "silent-node-becomes-unknown"
TAINTS = "synced-taints-match-conditions"
FITS = "allocatable-within-capacity"
READY = "node-has-ready-condition"


def check_cli(files: list[str], *args: str, stdin: bytes | None = None) -> tuple[int, dict[str, Any], str]:
    """``nodereg check --format json``: exit code, report, stderr (never a traceback)."""
    res = CliRunner().invoke(main, ["check", "--format", "json", *args, *files], input=stdin)
    assert "Traceback" not in res.output and "internal error" not in (res.stderr or ""), res.output
    return res.exit_code, json.loads(res.stdout), res.stderr


def judge_row(folder: Path, row: Row) -> None:
    """The row's files, checked together, give its exit code, violations and coverage."""
    files, code, violated, unchecked, checked = row
    got, rep, err = check_cli([str(folder / f) for f in files])
    assert got == code, (rep, err)
    assert {v["property"] for v in rep["violations"]} == violated, rep["violations"]
    cov = rep["coverage"]
    for p in unchecked:
        assert cov.get(p, "").startswith("not checked"), (p, cov.get(p))
    for p in checked:
        assert cov.get(p) == "checked", (p, cov.get(p))
    if code == 2:
        # one line per error, naming the file (and the line where there is one); nothing claimed checked
        lines = [x for x in err.splitlines() if x.startswith("nodereg: error: ")]
        assert lines and all(files[0].split("/")[-1] in x for x in lines), err
    if code in (2, 3):
        assert all(v != "checked" for v in cov.values())


def judge_variants(folder: Path, row: Row, tmp_path: Path) -> None:
    """A pipe, a .gz file and --k8s-version 1.31 give the verdict the file gives."""
    path = folder / row[0][0]
    data = path.read_bytes()
    gz = tmp_path / (path.name + ".gz")
    gz.write_bytes(gzip.compress(data))
    want = {v["property"] for v in check_cli([str(path)])[1]["violations"]}
    for args, stdin in (((str(gz),), None), (("-",), data), (("--k8s-version", "1.31", str(path)), None)):
        got, rep, err = check_cli(list(args), stdin=stdin)
        assert got == row[1], (args, rep, err)
        assert {v["property"] for v in rep["violations"]} == want, (args, rep["violations"])


def error_line(folder: Path, files: list[str]) -> str:
    """The first ``nodereg: error:`` line of checking ``files`` together (an exit-2 row's one line)."""
    err = check_cli([str(folder / f) for f in files])[2]
    return next(x for x in err.splitlines() if x.startswith("nodereg: error: "))


def row_tests(folder: Path, rows: list[Row]) -> tuple[Callable[..., None], Callable[..., None]]:
    """The two tests every round runs on its rows: each row judged (:func:`judge_row`), and each
    one-file row through a pipe, gzipped and with ``--k8s-version 1.31`` (:func:`judge_variants`).
    A round binds them to module names, ``test_public_file, test_public_file_same_through_stdin_gzip_and_1_31
    = row_tests(PUB, ROWS)``, so that pytest collects them there with the round's ids."""

    @pytest.mark.parametrize(
        ("files", "code", "violated", "unchecked", "checked"), rows, ids=["+".join(r[0]) for r in rows]
    )
    def test_public_file(
        files: list[str], code: int, violated: set[str], unchecked: set[str], checked: set[str]
    ) -> None:
        judge_row(folder, (files, code, violated, unchecked, checked))

    @pytest.mark.parametrize("name", sorted({r[0][0] for r in rows if len(r[0]) == 1}))
    def test_public_file_same_through_stdin_gzip_and_1_31(name: str, tmp_path: Path) -> None:
        """A pipe, a .gz file and --k8s-version 1.31 give the verdict the file gives."""
        judge_variants(folder, next(r for r in rows if r[0] == [name]), tmp_path)

    return test_public_file, test_public_file_same_through_stdin_gzip_and_1_31


def json_as_yaml_test(folder: Path, rows: list[Row]) -> Callable[..., None]:
    """Each one-file JSON row re-written as YAML (what ``kubectl -o yaml`` gives) gets the JSON file's exit
    code and violations: the reader's format is no part of the verdict. Bound as ``test_json_file_same_as_yaml
    = json_as_yaml_test(PUB, ROWS)``."""

    @pytest.mark.parametrize("name", sorted({r[0][0] for r in rows if len(r[0]) == 1 and r[0][0].endswith(".json")}))
    def test_json_file_same_as_yaml(name: str, tmp_path: Path) -> None:
        row = next(r for r in rows if r[0] == [name])
        as_yaml = tmp_path / (Path(name).stem + ".yaml")
        as_yaml.write_text(yaml.safe_dump(json.loads((folder / name).read_text())))
        code, rep, err = check_cli([str(as_yaml)])
        assert code == row[1], (rep, err)
        assert {v["property"] for v in rep["violations"]} == row[2], rep["violations"]

    return test_json_file_same_as_yaml
