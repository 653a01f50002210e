"""``nodereg check`` on round 10 of operators' situations: clocks minutes off, user taints in audit logs, late lists.

``tests/data/situations10``: captures written by ``generate.py`` there (the upstream reason of each verdict is in its
scenario's docstring and in the row's comment): a kubelet's clock 10 minutes ahead of or behind the control plane's,
in watches and in audit logs; `kubectl taint ... :NoExecute` and the out-of-service taint in audit logs; pods bound
after cluster-autoscaler's or Karpenter's scale-down taint; a DaemonSet pod and the not-ready taint; `kubectl get
nodes,pods -A -o json` taken before or while the watches ran; a controller run with --node-monitor-grace-period=20s;
zones from the deprecated failure-domain.beta labels; every Node down in an audit log (master disruption mode);
graceful node shutdown and a registration taint removed by Karpenter, in audit logs.
"""

from __future__ import annotations

from pathlib import Path

import capturegen as cg
import pytest

SIT = Path(__file__).parent / "data" / "situations10"
HB = {"silent-node-becomes-unknown", "heartbeating-node-stays-known"}
EVICT = {"no-execute-eviction", "untolerated-noexecute-pod-is-gone", "eviction-only-when-due"}
BIND = {"no-schedule-with-untolerated-taint", "no-schedule-when-cordoned", "no-schedule-without-ready"}
TAINT_FOLLOW = {"unreachable-taint-follows-unknown", "not-ready-taint-follows-not-ready"}
GENERIC = "control-state-matches-definition"

Row = tuple[str, int, set[str], dict[str, str], set[str]]
CASES: list[Row] = [
    # (capture, exit code, violated, not checked: {property: a phrase of its reason}, checked)
    # -- 1. a kubelet's clock 10 min off, in a watch. tryUpdateNodeHealth never compares a kubelet's stamps with the
    # controller's clock: it keeps the renewTime/lastHeartbeatTime it saw and sets probeTimestamp = now when they
    # change, so a skewed kubelet that renews is never marked. bug: one Lease 10 min ahead in the list lifted the
    # Leases written after it 10 min into the future, and its Node's status stamp set the capture's clock there:
    # every other Node "silent for 10 min", the dead worker-3's marking "within the grace" (false alarms), and the
    # twin's dead nodes not reported (misses)
    ("clock-ahead-10min-alive", 0, set(), {}, HB | TAINT_FOLLOW),
    ("clock-ahead-10min-dies-marked", 0, set(), {}, HB | TAINT_FOLLOW | EVICT),
    ("clock-ahead-10min-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    ("clock-behind-10min-alive", 0, set(), {}, HB),
    # a controller that compares renewTime with its own clock marks the node 10 min behind while it renews
    ("clock-behind-10min-marked-unknown", 1, {"heartbeating-node-stays-known"}, {}, set()),
    # -- 2. the same in an audit log, whose policy logs the Lease and status bodies (kubelet-stamped): every write is
    # dated by the API server's stageTimestamp
    ("audit-clock-ahead-10min-dies-marked", 0, set(), {}, HB | {"unreachable-taint-follows-unknown"}),
    ("audit-clock-ahead-10min-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    ("audit-clock-behind-10min-alive", 0, set(), {}, HB),
    ("audit-clock-behind-10min-marked-unknown", 1, {"heartbeating-node-stays-known"}, {}, set()),
    # -- 3. `kubectl taint nodes worker-a maintenance=true:NoExecute` in an audit log: the taint-eviction controller
    # acts on any NoExecute taint (handleNodeUpdate -> processPodOnNode): the untolerating pod at once, the 120 s
    # one at 120 s, the one tolerating it for ever never; removing the taint cancels the timers. bug: the audit
    # reader read only the node-controller's taints: its evictions reported as not due, the pod never evicted missed
    ("audit-kubectl-taint-noexecute", 0, set(), {}, EVICT),
    ("audit-kubectl-taint-noexecute-never-evicted", 1, {"no-execute-eviction"}, {}, set()),
    ("audit-kubectl-taint-removed-before-toleration", 0, set(), {}, EVICT),
    ("audit-kubectl-taint-removed-evicted-anyway", 1, {"eviction-only-when-due"}, {}, set()),
    # non-graceful shutdown: out-of-service=nodeshutdown:NoExecute on an unreachable node, the pod deleted at once
    # and force-deleted by PodGC's gcTerminating. bug: the admin's taint unread, the pod never evicted passed
    ("audit-out-of-service-taint", 0, set(), {}, EVICT),
    ("audit-out-of-service-never-evicted", 1, {"no-execute-eviction", "untolerated-noexecute-pod-is-gone"}, {}, set()),
    # -- 4. a pod bound after a scale-down taint: TaintToleration's Filter admits only a pod tolerating the NoSchedule
    # taint (a DaemonSet pod with `operator: Exists`); PreferNoSchedule (DeletionCandidate) is a score, not a filter
    ("autoscaler-taint-binding-tolerated", 0, set(), {}, BIND),
    ("autoscaler-taint-binding-untolerated", 1, {"no-schedule-with-untolerated-taint"}, {}, set()),
    ("karpenter-disrupted-binding-tolerated", 0, set(), {}, BIND),
    ("karpenter-disrupted-binding-untolerated", 1, {"no-schedule-with-untolerated-taint"}, {}, set()),
    # AddOrUpdateDaemonPodTolerations adds not-ready:NoExecute, not not-ready:NoSchedule: a node-exporter pod waits
    # for the new Node to be Ready
    ("daemonset-pod-bound-after-ready", 0, set(), {}, BIND),
    (
        "daemonset-pod-bound-while-not-ready",
        1,
        {"no-schedule-with-untolerated-taint", "no-schedule-without-ready"},
        {},
        set(),
    ),
    # -- 5. `kubectl get nodes,pods -A -o json` next to the watches. Taken while they ran, it shows nothing they do
    # not. bug: read as a watch started again, after the watch it shares most with: every Node unwatched from the end
    # of a pods watch with nothing to show until the list (a Node marked 100 s late before it: missed)
    ("nodes-list-mid-watch", 0, set(), {}, HB | TAINT_FOLLOW | EVICT),
    ("nodes-list-mid-watch-node-back", 0, set(), {}, HB | TAINT_FOLLOW | {"ready-node-sheds-ready-taints"}),
    ("nodes-list-mid-watch-marked-late", 1, {"silent-node-becomes-unknown"}, {}, set()),
    ("nodes-list-mid-watch-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # taken 10 min before the watches: the Lease watch's list shares no object with it but holds writes made after
    # it (a relist of its Nodes shows them newer). bug: taken with it as the first moment, the dead and handled
    # worker-3 "still Ready" there with a Lease 500 s older (a false silent-node-becomes-unknown)
    ("nodes-list-before-watch", 0, set(), {}, HB),
    ("nodes-list-before-watch-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # -- 6. a controller run with --node-monitor-grace-period=20s, nowhere in the capture: marked 20-25 s after the
    # last renewal, which 1.32's 50 s calls early (see WITH_PARAMS for the verdict with the operator's flag)
    ("grace-20s-marked", 1, {"heartbeating-node-stays-known"}, {}, set()),
    ("grace-20s-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # -- 7. zones from the deprecated failure-domain.beta labels only (GetZoneKey reads them first): 3 of 5 down in
    # eu-west-1a is a small zone's partial disruption, no NoExecute taint (ReducedQPSFunc = 0)
    ("beta-zone-labels-partial-disruption", 0, set(), {}, {"unreachable-taint-follows-unknown"}),
    ("beta-zone-labels-tainted-anyway", 1, {GENERIC}, {}, set()),
    # every Node down in an audit log: master disruption mode, no NoExecute taint. bug: a new NoExecute taint there
    # was never judged in audit logs (the node-controller's taint write carried no state to compare)
    ("audit-all-nodes-down-master-disruption", 0, set(), {}, HB | {"unreachable-taint-follows-unknown", GENERIC}),
    ("audit-all-nodes-down-tainted-anyway", 1, {GENERIC}, {}, set()),
    # -- 8. graceful node shutdown in an audit log: the kubelet's Ready=False "node is shutting down" and its pods
    # Failed/Terminated (TerminationByKubelet) are no eviction of its own; silent after, marked, the Failed pod
    # deleted 300 s after the first NoExecute taint (no phase filter in getPodsAssignedToNode)
    ("audit-graceful-shutdown", 0, set(), {}, HB | EVICT | {"kubelet-evicts-only-under-pressure"}),
    ("audit-graceful-shutdown-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # -- 9. --register-with-taints=karpenter.sh/unregistered:NoExecute, removed by Karpenter. bug: the audit reader
    # registered the Node without it (and read no removal by anyone but the node-controller): a pod bound under it
    # passed
    ("audit-karpenter-unregistered-removed", 0, set(), {}, BIND),
    ("audit-karpenter-unregistered-pod-bound-before", 1, {"no-schedule-with-untolerated-taint"}, {}, set()),
    # -- 10. pods created with spec.nodeName on a Node under a user's NoExecute taint (no scheduler, no binding):
    # processPodOnNode deletes the one not tolerating it at once, keeps the one tolerating it for ever. bug: a pod
    # created bound was judged with the bits it was declared with, not against its Node's taints (the tolerating
    # debugger "not tolerating" them; with the user's taint unread, the untolerating one's overstay missed)
    ("audit-nodename-preset-on-noexecute", 0, set(), {}, EVICT),
    (
        "audit-nodename-preset-never-evicted",
        1,
        {"no-execute-eviction", "untolerated-noexecute-pod-is-gone"},
        {},
        set(),
    ),
]

#: rows checked with the operator's flags: (capture, arguments, exit code, violated, checked)
WITH_PARAMS: list[tuple[str, tuple[str, ...], int, set[str], set[str]]] = [
    # with the controller's own 20 s the marking is on time; heartbeating-node-stays-known's timing assumption
    # (a renew interval well inside the grace) fails for 20 s, and the report says so
    ("grace-20s-marked", ("--param", "node-monitor-grace-period=20s"), 0, set(), {"silent-node-becomes-unknown"}),
    # never marked: due 20 s (not 50 s) after the last renewal
    ("grace-20s-never-marked", ("--param", "node-monitor-grace-period=20s"), 1, {"silent-node-becomes-unknown"}, set()),
]


def _files(name: str) -> list[str]:
    return sorted(str(p) for p in (SIT / name).iterdir() if p.is_file())


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), CASES, ids=[c[0] for c in CASES])
def test_situations10_verdicts(
    name: str, code: int, violated: set[str], unchecked: dict[str, str], checked: set[str]
) -> None:
    cg.judge_situation(_files(name), code, violated, unchecked, checked)


@pytest.mark.parametrize(
    ("name", "args", "code", "violated", "checked"), WITH_PARAMS, ids=[f"{c[0]}-param" for c in WITH_PARAMS]
)
def test_situations10_with_the_operators_flags(
    name: str, args: tuple[str, ...], code: int, violated: set[str], checked: set[str]
) -> None:
    got, rep = cg.check_files(_files(name), *args)
    assert got == code, rep
    cg.assert_report(rep, violated, set(), checked)
    assert "node-monitor-grace-period = 20 s from --param" in " ".join(rep["notes"])


def test_situations10_readme_lists_every_capture() -> None:
    cg.assert_readme_lists(SIT, [c[0] for c in CASES])


def test_clock_ahead_reported_on_the_dead_nodes_at_their_deadline() -> None:
    """The twin's violations are the two dead nodes', about a minute after their last renewal (was: cp-1 and
    worker-1, alive, "575 s after" their heartbeat at the list)."""
    _, rep = cg.check_files(_files("clock-ahead-10min-never-marked"))
    assert {v["node"] for v in rep["violations"]} == {"worker-2", "worker-3"}
    for v in rep["violations"]:
        assert " 66 s after its kubelet's last heartbeat" in v["message"], v["message"]


def test_list_mid_watch_is_said_to_add_nothing() -> None:
    """The list the watches make redundant is named in the notes (read, not silently dropped), and the late mark
    is reported at its deadline, in the Lease watch, not at the list."""
    _, rep = cg.check_files(_files("nodes-list-mid-watch-marked-late"))
    assert any("now.json.gz: a list taken while the watches ran" in n for n in rep["notes"]), rep["notes"]
    (v,) = rep["violations"]
    assert v["file"].endswith("leases.json.gz") and " 69 s after" in v["message"], v


def test_audit_messages_name_the_users_taint() -> None:
    """A violation about a taint written by a user or another component names it (was: a placeholder key)."""
    _, rep = cg.check_files(_files("audit-karpenter-unregistered-pod-bound-before"))
    (v,) = rep["violations"]
    assert "karpenter.sh/unregistered:NoExecute" in v["message"], v["message"]
    _, rep = cg.check_files(_files("audit-kubectl-taint-noexecute-never-evicted"))
    (v,) = rep["violations"]
    assert "under maintenance=true:NoExecute for " in v["message"], v["message"]


@pytest.mark.parametrize("name", ["nodes-list-mid-watch-marked-late", "audit-out-of-service-never-evicted"])
def test_same_through_a_pipe_and_gzipped(name: str, tmp_path: Path) -> None:
    """`zcat f | nodereg check - others...` and every file gzipped give the same verdict."""
    cg.assert_same_piped_and_gzipped(_files(name), tmp_path, unzip_piped=True)


def test_piped_watch_next_to_a_list_says_it_could_not_compare() -> None:
    """With the Nodes watch read from a pipe (it cannot be read again to compare with the list), the list is read as
    before, as a watch started again, and the notes say why what fell due before it may not be judged."""
    import gzip
    import subprocess
    import sys

    files = _files("nodes-list-mid-watch-marked-late")
    nodes = next(f for f in files if f.endswith("nodes.json.gz"))
    rest = [f for f in files if f != nodes]
    cmd = [sys.executable, "-m", "nodereg", "check", "--format", "json", "-", *rest]
    out = subprocess.run(cmd, input=gzip.decompress(Path(nodes).read_bytes()), capture_output=True, check=False)
    notes = " ".join(__import__("json").loads(out.stdout)["notes"])
    assert "cannot be read again" in notes and "give the files by name" in notes, notes
