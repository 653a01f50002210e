"""``nodereg check`` on hand-written captures of a real kubeadm 1.32 cluster (not capturegen's).

The captures in ``tests/data/realworld`` were written independently of the project's own capture
generator (``generator/*.txt`` rebuilds them), as kubectl prints them: pretty-printed watch events
(``--output-watch-events``), no managedFields (kubectl hides them by default), Lists from
``kubectl get -o json``. Each row asserts the exit code and which properties are violated, not the
wording.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from nodereg.cli import main

DATA = Path(__file__).parent / "data" / "realworld"


def _pair(name: str) -> list[str]:
    return [f"{name}-nodes-pods.json.gz", f"{name}-leases.json.gz"]


CASES = [
    # (id, files, exit code, violated properties; None = any, checked only when the exit code is 1)
    ("healthy", _pair("healthy"), 0, set()),
    ("kubelet-dies-evicted-in-time", _pair("dies"), 0, set()),
    ("kubelet-dies-evicted-late", _pair("dies-late"), 1, {"no-execute-eviction"}),
    ("gpu-taint-tolerated", _pair("gpu"), 0, set()),
    ("gpu-taint-not-tolerated", _pair("gpu-bad"), 1, {"no-schedule-with-untolerated-taint"}),
    # bug: kubectl get nodes -o json + kubectl get pods -A -o json, a Node that joined a minute
    # before: the List's last Node was taken as created after the list, its DaemonSet pods as
    # bound to a Node that did not exist yet (4 false violations)
    ("nodelist-podlist-recent-node", ["join-nodelist.json.gz", "join-podlist.json.gz"], 0, set()),
    # bug: a leases-only watch said "conforms" (exit 0) with every property "checked"
    ("leases-only-json", ["healthy-leases.json.gz"], 3, set()),
    ("leases-only-jsonl", ["healthy-leases.jsonl.gz"], 3, set()),
    ("pods-only", ["healthy-pods.json.gz"], 3, set()),
    # bug: without managedFields an admin NoExecute taint was dated at the previous event, so
    # pods evicted 3 s after `kubectl taint ... :NoExecute` were reported late (within --slack 5)
    ("admin-noexec-evicted-after-3s", _pair("admin-noexec-d30"), 0, set()),
    (
        "admin-noexec-evicted-after-7s",
        _pair("admin-noexec-d70"),
        1,
        {"no-execute-eviction", "untolerated-noexecute-pod-is-gone"},
    ),
]


@pytest.mark.parametrize(("files", "code", "props"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_realworld_verdicts(files: list[str], code: int, props: set[str]) -> None:
    res = CliRunner().invoke(main, ["check", "--format", "json", *(str(DATA / f) for f in files)])
    assert res.exit_code == code, res.output
    rep = json.loads(res.stdout)
    assert rep["input_errors"] == []
    assert {v["property"] for v in rep["violations"]} == props
    if code == 3:
        assert all(v != "checked" for v in rep["coverage"].values())


@pytest.mark.parametrize("name", ["empty.json", "garbage.txt", "truncated.json"])
def test_realworld_malformed_is_one_line(name: str) -> None:
    res = CliRunner().invoke(main, ["check", str(DATA / name)])
    assert res.exit_code == 2
    err = [ln for ln in res.stderr.splitlines() if ln]
    assert len(err) == 1 and err[0].startswith(f"nodereg: error: {DATA / name}"), res.stderr
    assert "Traceback" not in res.output


def test_realworld_split_lists_equal_one_list() -> None:
    """A List is one moment: its objects are never 'created after' it, whatever their order."""
    res = CliRunner().invoke(
        main, ["check", "--format", "json", str(DATA / "join-podlist.json.gz"), str(DATA / "join-nodelist.json.gz")]
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["violations"] == []
