"""``nodereg check`` on captures of operators' everyday situations, with upstream's real timing.

The captures in ``tests/data/realworld2`` come from ``generate.py`` there (a time-stepped simulation
of a cluster written apart from ``capturegen``, see its README): monitor passes 5 s after the
previous one *ended*, the NoExecute taint at the pass after the one that saw the condition
(``processTaintBaseEviction`` reads ``observedReadyCondition``), per-zone disruption modes
(``handleDisruption``), taint eviction as ``processPodOnNode`` does it, timestamps truncated to the
second as the API server writes them. Each row: files, exit code, violated properties, and
properties that must be reported "not checked" (beyond the controller-clock ones every capture has).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from nodereg.cli import main

DATA = Path(__file__).parent / "data" / "realworld2"
HB = {"silent-node-becomes-unknown", "heartbeating-node-stays-known", "live-kubelet-renews-in-time"}


def _all(name: str) -> list[str]:
    return sorted(str(p) for p in (DATA / name).glob("*.json.gz"))


def _some(name: str, *files: str) -> list[str]:
    return [str(DATA / name / f"{f}.json.gz") for f in files]


CASES: list[tuple[str, list[str], int, set[str], set[str]]] = [
    # (id, files, exit code, violated, not checked)
    ("healthy-three-zones", _all("healthy-three-zones"), 0, set(), set()),
    ("healthy-three-zones-reversed", _all("healthy-three-zones")[::-1], 0, set(), set()),
    ("healthy-nodes-only", _some("healthy-three-zones", "nodes"), 0, set(), HB),
    ("kubelet-restart", _all("kubelet-restart"), 0, set(), set()),
    ("node-reboot-graceful-shutdown", _all("node-reboot-graceful-shutdown"), 0, set(), set()),
    # bug: the unreachable NoExecute taint of the first node of a zone was allowed --slack only, not the
    # monitor pass after the one that set Unknown (5 s + the pass's duration, then truncated to seconds)
    ("network-partition-recovery", _all("network-partition-recovery"), 0, set(), set()),
    ("partition-without-leases", _some("network-partition-recovery", "nodes", "pods"), 0, set(), HB),
    ("drain-and-uncordon", _all("drain-and-uncordon"), 0, set(), set()),
    # bug: one write replacing DeletionCandidateOfClusterAutoscaler:PreferNoSchedule by
    # ToBeDeletedByClusterAutoscaler:NoSchedule gave two control-state-matches-definition
    ("autoscaler-scale-down", _all("autoscaler-scale-down"), 0, set(), set()),
    ("karpenter-disruption", _all("karpenter-disruption"), 0, set(), set()),
    # bug: out-of-service:NoExecute on a node already unreachable for 68 s: the pods were "late" at the
    # moment of the taint (their 300 s timer taken as 0 from the unreachable taint's time)
    ("out-of-service-taint", _all("out-of-service-taint"), 0, set(), set()),
    ("cloud-node-joins", _all("cloud-node-joins"), 0, set(), set()),
    ("tolerations-everything-and-ds", _all("tolerations-everything-and-ds"), 0, set(), set()),
    ("zone-failure-queued", _all("zone-failure-queued"), 0, set(), set()),
    # bug: 4 of 6 nodes of a zone down = partial disruption, and a zone of <= 50 Nodes then gets no
    # NoExecute taint at all upstream (ReducedQPSFunc = 0): 4 false unreachable-taint-follows-unknown
    ("zone-partial-disruption", _all("zone-partial-disruption"), 0, set(), set()),
    # bug: every zone fully disrupted (managed control plane cut off): master disruption mode, no taint
    ("managed-cluster-all-unreachable", _all("managed-cluster-all-unreachable"), 0, set(), set()),
    ("node-problem-detector-conditions", _all("node-problem-detector-conditions"), 0, set(), set()),
    ("node-deleted-reregistered", _all("node-deleted-reregistered"), 0, set(), set()),
    # a node simulator creating Nodes without conditions: what the properties say a kubelet never does
    (
        "kwok-node-without-conditions",
        _all("kwok-node-without-conditions"),
        1,
        {"node-has-ready-condition", "registration-is-not-eligibility"},
        set(),
    ),
    # real bugs, still caught
    ("eviction-late-short-toleration", _all("eviction-late-short-toleration"), 1, {"no-execute-eviction"}, set()),
    # the same capture without its Node stream: nothing about the nodes can be judged (exit 3), and a
    # pod bound to a node never seen is no violation (it was: allocatable 0, no Node object)
    (
        "eviction-late-pods-and-leases-only",
        _some("eviction-late-short-toleration", "pods", "leases"),
        3,
        set(),
        {"bound-requests-fit-allocatable", "pods-only-on-existing-nodes", "no-execute-eviction"},
    ),
    (
        "out-of-service-never-evicted",
        _all("out-of-service-never-evicted"),
        1,
        {"no-execute-eviction", "untolerated-noexecute-pod-is-gone"},
        set(),
    ),
    (
        "zone-two-fail-never-tainted",
        _all("zone-two-fail-never-tainted"),
        1,
        {"unreachable-taint-follows-unknown"},
        set(),
    ),
    ("silent-node-kept-ready", _all("silent-node-kept-ready"), 1, {"silent-node-becomes-unknown"}, set()),
]


@pytest.mark.parametrize(("files", "code", "violated", "unchecked"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_realworld2_verdicts(files: list[str], code: int, violated: set[str], unchecked: set[str]) -> None:
    assert files and all(Path(f).exists() for f in files)
    res = CliRunner().invoke(main, ["check", "--format", "json", *files])
    assert res.exit_code == code, res.output
    rep = json.loads(res.stdout)
    assert rep["input_errors"] == [] and rep["ignored"] == {}
    assert {v["property"] for v in rep["violations"]} == violated, [v["message"] for v in rep["violations"]]
    for v in rep["violations"]:
        assert v["line"] is not None and v["event"] != "time_passes"
    for pid in unchecked:
        assert rep["coverage"][pid].startswith("not checked"), (pid, rep["coverage"][pid])
    for pid in violated:
        assert rep["coverage"][pid] == "checked"


def test_zone_disruption_is_said_in_the_notes() -> None:
    res = CliRunner().invoke(main, ["check", *_all("zone-partial-disruption")])
    assert res.exit_code == 0, res.output
    assert "partial disruption" in res.output and "us-east-1a" in res.output


def test_disruption_rule_does_not_hide_a_normal_zone() -> None:
    """2 of 6 nodes down is a normal zone: each untainted node is reported, the first at the pass
    after the one that marked it Unknown (+ --slack), the second a token (10 s) later."""
    rep = json.loads(
        CliRunner().invoke(main, ["check", "--format", "json", *_all("zone-two-fail-never-tainted")]).stdout
    )
    assert sorted(v["node"] for v in rep["violations"]) == ["worker-1", "worker-2"]
    assert not any("disruption" in n for n in rep["notes"])


@pytest.mark.parametrize("files", [["nodes.json.gz"], ["nodes.json.gz", "leases.json.gz", "pods.json.gz"]])
def test_the_report_does_not_depend_on_string_hashing(files: list[str]) -> None:
    """Two nodes of one zone marked Unknown in the same monitor pass: the report is the same
    whatever ``PYTHONHASHSEED`` is (a set of node names put worker-1 and worker-2 in a different
    order from one run to the next, and with it which one the NoExecute rate limiter served first)."""
    import os
    import subprocess
    import sys

    paths = [str(DATA / "zone-two-fail-never-tainted" / f) for f in files]
    reports = set()
    for seed in ("1", "2", "5"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-m", "nodereg", "check", "--format", "json", *paths],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert out.returncode == 1, out.stderr
        reports.add(out.stdout)
    assert len(reports) == 1
    [rep] = [json.loads(r) for r in reports]
    # marked in one pass, they queue in an order no capture shows: each may wait for the last token
    waits = {v["node"]: v["deadline"] for v in rep["violations"]}
    assert sorted(waits) == ["worker-1", "worker-2"] and waits["worker-1"] == waits["worker-2"], waits
