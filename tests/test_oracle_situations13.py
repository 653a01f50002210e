"""``nodereg check`` on round 13 of operators' situations: redacted captures of a kubelet 10 min off, impersonated
writes, pods that end and the room they leave, a kubelet restarted with a larger --system-reserved, and critical
pods on a Node that dies.

``tests/data/situations13``: captures written by ``generate.py`` there (the upstream reason of each verdict is in
its scenario's docstring and in the row's comment): kubelet clocks 10 min ahead or behind in watches whose
resourceVersions were redacted (merged by the objects' own stamps); `kubectl --as=system:node:...` and a proxy
acting for its users, in audit logs (``impersonatedUser``); a Job's pod Succeeded, a pod the kubelet rejected
OutOfcpu or killed past its activeDeadlineSeconds, completed CronJob pods listed, each followed by a binding in
the room it left or beyond it, in watches and audit logs; a kubelet restarted with --system-reserved; a
system-node-critical pod on a Node that dies, in a watch and an audit log.
"""

from __future__ import annotations

from pathlib import Path

import capturegen as cg
import pytest

SIT = Path(__file__).parent / "data" / "situations13"
SILENT = "silent-node-becomes-unknown"
EARLY = "eviction-not-early"
EVICT = {"no-execute-eviction", "eviction-only-when-due", EARLY}
FIT = "bound-requests-fit-allocatable"
NR = "node-restriction"
CORDON, UNTOL = "no-schedule-when-cordoned", "no-schedule-with-untolerated-taint"
RESIZED = "cpu capacity or allocatable changed during the capture"

Row = tuple[str, int, set[str], dict[str, str], set[str]]
CASES: list[Row] = [
    # (capture, exit code, violated, not checked: {property: a phrase of its reason}, checked)
    # -- 1. a kubelet's clock 10 min off, resourceVersions redacted: the taint-eviction controller's timer and the
    # node lifecycle controller's probeTimestamp run on the controller's clock (processPodOnNode, timed_workers.go;
    # tryUpdateNodeHealth), never a kubelet's. bug: the skewed kubelet's Node events (the controller's Unknown and
    # taints keep its last heartbeat; its own posts) were keyed by its stamps, and so every other Node "silent",
    # an eviction "late" and a marking "early" (watch._place_nodes, _place_leases reading a neighbour back)
    ("clock-ahead-no-rv-node-dies-evicted-early", 1, {EARLY}, {}, set()),
    ("clock-behind-no-rv-node-dies-evicted-on-time", 0, set(), {}, EVICT | {SILENT}),
    ("clock-behind-no-rv-node-dies-evicted-early", 1, {EARLY}, {}, set()),
    ("clock-ahead-no-rv-alive-other-dies", 0, set(), {}, {SILENT, "heartbeating-node-stays-known"}),
    ("clock-ahead-no-rv-dies-marked", 0, set(), {}, {SILENT, "heartbeating-node-stays-known"}),
    ("clock-ahead-no-rv-never-marked", 1, {SILENT}, {}, set()),
    # -- 2. impersonation: WithImpersonation runs the request as ``impersonatedUser`` (request.WithUser: RBAC and
    # NodeRestriction see it); ``user`` is who asked. bug: read as ``user``'s, so a node's writes made through
    # `kubectl --as=system:node:...` were an administrator's (node-restriction never judged on them)
    ("audit-impersonated-kubelet-status-post", 0, set(), {}, {SILENT}),
    # marked 33 s after the impersonated heartbeat (upstream: before the grace, tryUpdateNodeHealth's probeTimestamp)
    # with the kubelet itself stopped: no-unknown-before-grace, which no capture can date (not checked, said);
    # heartbeating-node-stays-known is about a live kubelet
    (
        "audit-impersonated-kubelet-status-post-marked-early",
        0,
        set(),
        {"no-unknown-before-grace": "not when the controller saw it"},
        {SILENT},
    ),
    ("audit-impersonated-node-patches-other-node-refused", 0, set(), {}, {NR}),
    ("audit-impersonated-node-patches-other-node", 1, {NR}, {}, set()),
    ("audit-impersonated-node-lease-of-other-node-refused", 0, set(), {}, {NR}),
    ("audit-impersonated-node-lease-of-other-node", 1, {NR}, {}, set()),
    ("audit-impersonated-node-untaints-itself-refused", 0, set(), {}, {NR}),
    ("audit-impersonated-node-untaints-itself", 1, {NR}, {}, set()),
    ("audit-proxy-impersonates-admin-cordon", 0, set(), {}, {CORDON, UNTOL}),
    ("audit-proxy-impersonates-admin-cordon-then-bound", 1, {CORDON, UNTOL}, {}, set()),
    # -- 3. pods that end: the scheduler's informer holds no Succeeded or Failed pod (scheduler.go newPodInformer's
    # field selector), so the room they leave is free (fitsRequest). bug: their requests counted for ever, a
    # binding in that room a false bound-requests-fit-allocatable (watch._pod_ended, audit ``_pod_ended``)
    ("job-pod-succeeded-room-reused", 0, set(), {}, {FIT}),
    ("job-pod-succeeded-overbound", 1, {FIT}, {}, set()),
    # (the rejected pod was created already bound, over the Node's allocatable: an observed binding, no scheduler's;
    # from it the Node is judged on bindings that add a request, and the one that follows fits as the scheduler
    # counts)
    ("pod-rejected-outofcpu-room-reused", 0, set(), {FIT: "or created already bound"}, set()),
    ("pod-rejected-outofcpu-overbound", 1, {FIT}, {}, set()),
    ("completed-jobs-listed-room-reused", 0, set(), {}, {FIT}),
    ("completed-jobs-listed-overbound", 1, {FIT}, {}, set()),
    ("audit-job-pod-succeeded-room-reused", 0, set(), {}, {FIT}),
    ("audit-job-pod-succeeded-overbound", 1, {FIT}, {}, set()),
    ("audit-pod-deadline-exceeded-room-reused", 0, set(), {}, {FIT}),
    ("audit-pod-deadline-exceeded-overbound", 1, {FIT}, {}, set()),
    # a kubelet restarted with --system-reserved (allocatable 4000m -> 3000m, one pod rejected OutOfcpu on
    # re-admission): the model fixes allocatable at registration, so allocatable-within-capacity is not judged from
    # the change on, said; a binding there is judged by the reader as the scheduler's fitsRequest counts against the
    # new allocatable and the pods not ended (k8s.resized_misfit; round 14: was "not checked", the overbound twin
    # a miss owned up to)
    ("system-reserved-restart-pod-rejected-bound", 0, set(), {"allocatable-within-capacity": RESIZED}, {FIT}),
    ("system-reserved-restart-pod-rejected-overbound", 1, {FIT}, {"allocatable-within-capacity": RESIZED}, set()),
    # -- 4. priority spares no pod from the taint-eviction controller (processPodOnNode reads tolerations only)
    ("system-node-critical-pod-evicted-on-time", 0, set(), {}, EVICT),
    ("system-node-critical-pod-never-evicted", 1, {"no-execute-eviction"}, {}, set()),
    ("audit-system-node-critical-pod-evicted-on-time", 0, set(), {}, EVICT),
    ("audit-system-node-critical-pod-never-evicted", 1, {"no-execute-eviction"}, {}, set()),
]


def _files(name: str) -> list[str]:
    return sorted(str(p) for p in (SIT / name).iterdir() if p.is_file())


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), CASES, ids=[c[0] for c in CASES])
def test_situations13_verdicts(
    name: str, code: int, violated: set[str], unchecked: dict[str, str], checked: set[str]
) -> None:
    cg.judge_situation(_files(name), code, violated, unchecked, checked)


def test_situations13_readme_lists_every_capture() -> None:
    cg.assert_readme_lists(SIT, [c[0] for c in CASES])


@pytest.mark.parametrize(
    ("name", "node"),
    [
        ("audit-impersonated-node-patches-other-node", "worker-a"),
        ("audit-impersonated-node-lease-of-other-node", "worker-a"),
        ("audit-impersonated-node-untaints-itself", "worker-b"),
    ],
)
def test_impersonated_write_is_the_nodes(name: str, node: str) -> None:
    """The finding names the impersonated node as the writer, never the administrator who asked."""
    _, rep = cg.check_files(_files(name))
    (v,) = rep["violations"]
    assert f"kubelet of {node}" in v["message"] and "kubernetes-admin" not in v["message"], v


@pytest.mark.parametrize(
    ("name", "node"),
    [("clock-ahead-no-rv-never-marked", "worker-2"), ("clock-ahead-no-rv-never-marked", "worker-3")],
)
def test_skewed_capture_blames_only_the_dead(name: str, node: str) -> None:
    """With one kubelet 10 min ahead and no resourceVersions, the never-marked Nodes are the two that died, each
    found silent once (was: all four, the two live ones for the dead kubelet's stamps)."""
    _, rep = cg.check_files(_files(name))
    silent = sorted(v["node"] for v in rep["violations"] if v["property"] == SILENT)
    assert silent == ["worker-2", "worker-3"] and node in silent, silent


@pytest.mark.parametrize(
    "name",
    ["clock-ahead-no-rv-node-dies-evicted-early", "job-pod-succeeded-room-reused", "audit-job-pod-succeeded-overbound"],
)
def test_same_through_a_pipe_and_gzipped(name: str, tmp_path: Path) -> None:
    """`cat f | nodereg check - others...` and every file gzipped give the same verdict."""
    cg.assert_same_piped_and_gzipped(_files(name), tmp_path, unzip_piped=True)


@pytest.mark.parametrize(
    ("pods", "req", "allocatable", "fits"),
    [
        pytest.param([(2500, True), (1100, False)], 2000, 4000, True, id="ended-pod-leaves-room"),
        pytest.param([(2500, True), (1100, False)], 3000, 4000, False, id="beyond-the-room"),
        pytest.param([(2500, False), (1100, False)], 2000, 4000, False, id="nothing-ended"),
        pytest.param([(0, True), (3900, False)], 200, 4000, False, id="ended-pod-requested-nothing"),
        pytest.param([(2500, True)], 100, None, False, id="allocatable-unknown"),
    ],
)
def test_ended_room_fits(pods: list[tuple[int, bool]], req: int, allocatable: int | None, fits: bool) -> None:
    """A binding is taken as fitting only as the scheduler counts (no Succeeded or Failed pod: newPodInformer) and
    only where the ended pods make the difference to the model's count."""
    from nodereg.oracle.k8s import ended_room_fits

    assert ended_room_fits(pods, req, allocatable) is fits
