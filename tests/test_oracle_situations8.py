"""``nodereg check`` on round 8 of operators' situations.

``tests/data/situations8``: captures written by ``generate.py`` there (the upstream reason of each verdict is
in its scenario's docstring and in the row's comment): a small zone's partial disruption and its recovery,
registration taints removed by other components, WatchList streams and `--watch-only` watches, pod
tolerations changed while a NoExecute timer runs, terminal pods under a NoExecute taint, a NoExecute taint
removed in time, a kubelet posting Ready=False itself, PIDPressure, PodGC's orphan deletions in an audit log,
stale status heartbeats next to fresh Leases, and a Lease watch started long after the Node watch.
"""

from __future__ import annotations

from pathlib import Path

import capturegen as cg
import pytest

SIT = Path(__file__).parent / "data" / "situations8"
HB = {"silent-node-becomes-unknown", "heartbeating-node-stays-known"}
EVICT = {"no-execute-eviction", "untolerated-noexecute-pod-is-gone"}
BIND = {"no-schedule-with-untolerated-taint", "no-schedule-when-cordoned"}
PRESSURE = {
    "condition-taints-follow-conditions": "PIDPressure True",
    "synced-taints-match-conditions": "not modelled",
}
WATCH_ONLY_BIND = {
    "no-schedule-with-untolerated-taint": "first seen already bound",
    "no-schedule-when-cordoned": "--watch-only",
}

Row = tuple[str, int, set[str], dict[str, str], set[str]]
CASES: list[Row] = [
    # (capture, exit code, violated, not checked: {property: a phrase of its reason}, checked)
    # -- 1. a zone of <= 50 Nodes in partial disruption: ReducedQPSFunc = 0 (handleDisruption, setLimiterInZone),
    # no NoExecute taint until it is Normal again, then its waiting Node is tainted at --node-eviction-rate.
    # bug: a controller tainting through the stopped limiter passed (the zone's taint-follow properties are
    # not judged meanwhile, and nothing judged the taints it did add)
    ("small-zone-partial-recovers", 0, set(), {}, HB | {"unreachable-taint-follows-unknown", "no-execute-eviction"}),
    ("small-zone-partial-recovers-never-tainted", 1, {"unreachable-taint-follows-unknown"}, {}, HB),
    ("small-zone-partial-tainted-anyway", 1, {"control-state-matches-definition"}, {}, HB),
    # -- 2. registration taints another component removes (cloud-controller-manager, Karpenter, Cilium): a pod
    # bound while one is on the Node is the scheduler's error (TaintToleration Filter)
    ("ccm-uninitialized-removed", 0, set(), {}, HB | BIND),
    ("ccm-uninitialized-pod-bound-before", 1, {"no-schedule-with-untolerated-taint"}, {}, HB),
    ("karpenter-unregistered-removed", 0, set(), {}, HB | BIND),
    ("karpenter-unregistered-pod-bound-before", 1, {"no-schedule-with-untolerated-taint"}, {}, HB | EVICT),
    ("cilium-agent-not-ready-removed", 0, set(), {}, HB | BIND),
    ("cilium-agent-not-ready-pod-bound-before", 1, {"no-schedule-with-untolerated-taint"}, {}, HB),
    # -- 3. WatchList streams (initial events, initial-events-end BOOKMARK) ended by ERROR 410 and listed again
    ("watchlist-relist-after-410", 0, set(), {}, HB | EVICT),
    ("watchlist-relist-after-410-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # `kubectl get -w --watch-only`: objects appear at their first change. bug: a pod first seen (bound) in a
    # MODIFIED event was judged as a binding to the Unknown, tainted Node it had been on for an hour (a false
    # no-schedule-without-ready, no-schedule-with-untolerated-taint); a Lease of a Node never shown was
    # silently unjudged, its heartbeat properties "checked"
    ("watch-only-node-dies", 0, set(), WATCH_ONLY_BIND, HB),
    ("watch-only-never-marked", 0, set(), {"silent-node-becomes-unknown": "never its Node"}, set()),
    # -- 4. tolerationSeconds patched while the timer runs: processPodOnNode keeps a running timer for any new
    # finite value, cancels it for a toleration for ever. bug: the update was ignored (a false no-execute-eviction
    # when the toleration became for ever)
    ("toleration-seconds-raised-timer-kept", 0, set(), {}, EVICT),
    ("toleration-seconds-raised-timer-restarted", 1, {"no-execute-eviction"}, {}, set()),
    ("toleration-seconds-lowered-timer-kept", 0, set(), {}, EVICT),
    ("toleration-made-forever-cancelled", 0, set(), {}, EVICT),
    # the same in an audit log (a `kubectl patch` at RequestResponse). bug: the patch was not read (a false
    # no-execute-eviction when the toleration became for ever)
    ("audit-toleration-patched-forever", 0, set(), {}, {"no-execute-eviction"}),
    ("audit-toleration-patched-longer-not-evicted", 1, {"no-execute-eviction"}, {}, set()),
    # -- 5. terminal pods are the taint-eviction controller's too (getPodsAssignedToNode: no phase filter)
    ("terminal-pods-noexecute-evicted", 0, set(), {}, EVICT),
    ("terminal-pods-noexecute-skipped", 1, {"no-execute-eviction"}, {}, set()),
    # -- 6. a NoExecute taint removed before the toleration ran out: handleNodeUpdate cancels the evictions
    ("noexecute-removed-before-toleration", 0, set(), {}, {"eviction-only-when-due"}),
    ("noexecute-removed-evicted-anyway", 1, {"eviction-only-when-due"}, {}, set()),
    # -- 7. the kubelet posts Ready=False itself (container runtime down), its Lease renewing
    ("runtime-down-recovers-before-eviction", 0, set(), {}, HB | {"not-ready-taint-follows-not-ready"}),
    ("runtime-down-recovered-evicted-anyway", 1, {"eviction-only-when-due"}, {}, HB),
    ("runtime-down-evicted-at-300s", 0, set(), {}, HB | EVICT | {"not-ready-taint-follows-not-ready"}),
    ("runtime-down-never-noexecute", 1, {"not-ready-taint-follows-not-ready"}, {}, HB),
    # -- 8. PIDPressure (not modelled, model/declaration.py). bug: its pid-pressure taint "checked" while never
    # judged: a controller that never wrote it passed as conforming with full coverage. Round 8 said so in coverage;
    # since round 12 the taint is judged beside the model (k8s.PressureTaints: doNoScheduleTaintingPass's
    # nodeConditionToTaintKeyStatusMap maps PIDPressure True to pid-pressure:NoSchedule on every Node update), so the
    # controller that never writes it is condition-taints-follow-conditions, as upstream has it
    ("pid-pressure-eviction", 0, set(), {}, HB | set(PRESSURE)),
    ("pid-pressure-taint-missing", 1, {"condition-taints-follow-conditions"}, {}, HB),
    # -- 9. audit log: PodGC's orphan deletions after quarantineTime; a binding to the deleted Node
    ("audit-podgc-orphans", 0, set(), {}, {"pods-only-on-existing-nodes", "no-execute-eviction"}),
    (
        "audit-podgc-bound-to-deleted-node",
        1,
        {"no-schedule-without-ready", "pods-only-on-existing-nodes", "absent-node-has-nothing-requested"},
        {},
        set(),
    ),
    # -- 9b. schedulingGates: the pod is not schedulable until its gates go (SchedulingGates PreEnqueue), so a
    # cordon 30 s before the gates were removed was in the scheduler's view when it decided
    ("scheduling-gates-removed-then-bound", 0, set(), {}, BIND),
    ("scheduling-gates-bound-to-cordoned", 1, BIND, {}, set()),
    # -- 10. status heartbeats 300-310 s old at the start, Leases in microseconds: the Lease is the heartbeat
    ("status-stale-leases-fresh", 0, set(), {}, HB | {"unreachable-taint-follows-unknown"}),
    ("status-stale-leases-fresh-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # -- 11. the Lease watch started 25 min after the Node watch. bug: its list was taken as part of the capture's
    # first moment: worker-2, dead and marked 20 min earlier, "renewed" at the list and "still Ready" then
    # (false silent-node-becomes-unknown, heartbeating-node-stays-known)
    ("leases-watch-started-late", 0, set(), {}, HB),
    ("leases-watch-started-late-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # no controller at all: worker-2's death before the Lease list is still judged, from the Lease write that list
    # shows (placed at its resourceVersion, ~300 s), not from the list's moment
    ("leases-watch-started-late-early-death-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
]


def test_late_lease_list_dates_a_dead_node_by_its_last_renewal() -> None:
    """worker-2 stopped at ~300 s: reported 171 s after that renewal (at its next event), not 1200 s later."""
    _, rep = cg.check_files(_files("leases-watch-started-late-early-death-never-marked"))
    by_node = {v["node"]: v["message"] for v in rep["violations"]}
    assert set(by_node) == {"worker-2", "worker-3"}
    assert "171 s after its kubelet's last heartbeat" in by_node["worker-2"], by_node["worker-2"]


#: What a row's input holds that is not read as an object: the WatchList streams' BOOKMARKs (two initial-events-end
#: per stream: the first list and the one after the 410) and their ERROR 410 events, counted, never judged
IGNORED = {
    name: {"watch BOOKMARK events": 6, "watch ERROR events": 3}
    for name in ("watchlist-relist-after-410", "watchlist-relist-after-410-never-marked")
}


def _files(name: str) -> list[str]:
    return sorted(str(p) for p in (SIT / name).iterdir() if p.is_file())


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), CASES, ids=[c[0] for c in CASES])
def test_situations8_verdicts(
    name: str, code: int, violated: set[str], unchecked: dict[str, str], checked: set[str]
) -> None:
    cg.judge_situation(_files(name), code, violated, unchecked, checked, IGNORED.get(name))


def test_situations8_readme_lists_every_capture() -> None:
    cg.assert_readme_lists(SIT, [c[0] for c in CASES])


def test_small_zone_taint_names_the_zone_and_its_state() -> None:
    """The taint added through a stopped limiter is reported once, on the Node tainted after the zone's state had
    held for node-monitor-period + --slack (the first two came within the race upstream allows)."""
    _, rep = cg.check_files(_files("small-zone-partial-tainted-anyway"))
    (v,) = rep["violations"]
    assert v["node"] == "worker-3"
    assert "zone eu-west-1a" in v["message"] and "3 of its 5 Nodes not Ready" in v["message"], v["message"]
    assert "ReducedQPSFunc = 0" in v["message"]


def test_toleration_change_is_noted() -> None:
    _, rep = cg.check_files(_files("toleration-made-forever-cancelled"))
    assert any("now tolerates every NoExecute taint there for ever" in n for n in rep["notes"]), rep["notes"]


@pytest.mark.parametrize(
    "name", ["leases-watch-started-late", "watch-only-node-dies", "toleration-made-forever-cancelled"]
)
def test_same_through_a_pipe_and_gzipped(name: str, tmp_path: Path) -> None:
    """`cat f | nodereg check - others...` and every file gzipped give the same verdict."""
    cg.assert_same_piped_and_gzipped(_files(name), tmp_path)
