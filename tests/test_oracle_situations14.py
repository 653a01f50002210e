"""``nodereg check`` on round 14 of operators' situations: Event objects in watch captures, allocatable changed under
bound pods, the network-unavailable taint, `kubectl drain --disable-eviction`, a Node created for a kubelet run with
--register-node=false, an audit policy logging pods at level Request, files given in the wrong order, a Lease held
under another name, and `kubectl get -w --watch-only -o json` (bare objects, no list).

``tests/data/situations14``: captures written by ``generate.py`` there (the upstream reason of each verdict is in its
scenario's docstring and in the row's comment).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import capturegen as cg
import pytest

SIT = Path(__file__).parent / "data" / "situations14"
SILENT = "silent-node-becomes-unknown"
FIT = "bound-requests-fit-allocatable"
CORDON, UNTOL = "no-schedule-when-cordoned", "no-schedule-with-untolerated-taint"
EVICT = "no-execute-eviction"
RESIZED = "cpu capacity or allocatable changed during the capture"
CAP = "allocatable-within-capacity"
EVENTS = "Event objects (not part of the node lifecycle)"

IGNORED = {
    f"{stem}-{end}": {EVENTS: n}
    for stem in ("core-events-watch", "events-k8s-io-watch", "nodes-pods-events-one-file")
    for end, n in (("node-dies", 10), ("never-marked", 9))
}

Row = tuple[str, int, set[str], dict[str, str], set[str]]
CASES: list[Row] = [
    # (capture, exit code, violated, not checked: {property: a phrase of its reason}, checked)
    # -- 1. Events (core/v1 and events.k8s.io/v1) in a watch capture: counted as ignored, never read as the Node's
    # state (an Event reports; tryUpdateNodeHealth writes the Node)
    ("core-events-watch-node-dies", 0, set(), {}, {SILENT, EVICT}),
    ("core-events-watch-never-marked", 1, {SILENT}, {}, set()),
    ("events-k8s-io-watch-node-dies", 0, set(), {}, {SILENT, EVICT}),
    ("events-k8s-io-watch-never-marked", 1, {SILENT}, {}, set()),
    ("nodes-pods-events-one-file-node-dies", 0, set(), {}, {SILENT, EVICT}),
    ("nodes-pods-events-one-file-never-marked", 1, {SILENT}, {}, set()),
    # -- 2. allocatable changed under bound pods: a binding after the change is judged as NodeResourcesFit's
    # fitsRequest counts (the new allocatable, the pods not Succeeded/Failed, a request of 0 always fits).
    # bug: the Node's resources were not judged from the change on (a miss owned up to), and the model's guard on
    # its registration-time allocatable gave a false control-state-matches-definition on an audit log
    ("reserved-restart-full-besteffort-bound", 0, set(), {CAP: RESIZED}, {FIT}),
    ("reserved-restart-full-request-bound", 1, {FIT}, {CAP: RESIZED}, set()),
    ("audit-reserved-restart-full-besteffort-bound", 0, set(), {CAP: RESIZED}, {FIT}),
    ("audit-reserved-restart-full-request-bound", 1, {FIT}, {CAP: RESIZED}, set()),
    ("vm-resized-up-pod-bound", 0, set(), {CAP: RESIZED}, {FIT}),
    ("vm-resized-up-overbound", 1, {FIT}, {CAP: RESIZED}, set()),
    # -- 3. NetworkUnavailable True -> the controller's network-unavailable:NoSchedule (doNoScheduleTaintingPass);
    # the TaintToleration Filter. bug: an audit log's status write of the condition was never read (the model kept
    # it False; the web pod bound under the taint conformed)
    ("network-unavailable-cni-pod-bound", 0, set(), {}, {UNTOL, "condition-taints-follow-conditions"}),
    ("network-unavailable-web-pod-bound", 1, {UNTOL}, {}, set()),
    ("audit-network-unavailable-cni-pod-bound", 0, set(), {}, {UNTOL, "condition-taints-follow-conditions"}),
    ("audit-network-unavailable-web-pod-bound", 1, {UNTOL}, {}, set()),
    # -- 4. kubectl drain --disable-eviction: cordon, plain DELETEs (drain.Helper.DeletePod); NodeUnschedulable
    ("drain-disable-eviction", 0, set(), {}, {CORDON, UNTOL}),
    ("drain-disable-eviction-bound-to-drained", 1, {CORDON, UNTOL}, {}, set()),
    ("audit-drain-disable-eviction", 0, set(), {}, {CORDON, UNTOL}),
    ("audit-drain-disable-eviction-bound-to-drained", 1, {CORDON, UNTOL}, {}, set()),
    # -- 5. --register-node=false: the administrator's Node (nodetaint admission's not-ready taint), then the
    # kubelet's status and Lease; tryUpdateNodeHealth as for any Node
    ("audit-register-node-false-admin-creates", 0, set(), {}, {SILENT}),
    ("audit-register-node-false-never-marked", 1, {SILENT}, {}, set()),
    # -- 6. pods logged at level Request: the admitted tolerations (DefaultTolerationSeconds, 300 s) are not in the
    # log but are the admission plugin's default, as the oracle takes them
    ("audit-request-level-pod-evicted-on-time", 0, set(), {}, {EVICT, "eviction-not-early"}),
    ("audit-request-level-pod-never-evicted", 1, {EVICT}, {}, set()),
    ("audit-request-level-pod-evicted-at-once", 1, {"eviction-not-early"}, {}, set()),
    # -- 7. two sessions' files, the later named first: merged by resourceVersion, whatever the order
    ("watch-files-later-session-first", 0, set(), {}, {SILENT, EVICT}),
    ("watch-files-later-session-first-never-marked", 1, {SILENT}, {}, set()),
    # -- 8. a Lease whose holderIdentity is not the Node's name: tryUpdateNodeHealth reads renewTime only
    ("lease-holder-other-name", 0, set(), {}, {SILENT, "heartbeating-node-stays-known"}),
    ("lease-holder-other-name-never-marked", 1, {SILENT}, {}, set()),
    # -- 9. `kubectl get -w --watch-only -o json`: bare objects, no list. bug: the leading objects of each file were
    # taken as a list, merged into one first moment as late as the pods file's first change (an eviction at 450 s):
    # every Node "Ready" there since its last heartbeat, silent-node-becomes-unknown x4 and
    # heartbeating-node-stays-known (watch._watch_only_bare); then each Node first seen read as registering
    ("bare-watch-only-node-dies", 0, set(), {"eviction-not-early": "sooner than"}, {SILENT}),
    ("bare-watch-only-never-marked", 1, {SILENT}, {}, set()),
]


def _files(name: str) -> list[str]:
    return sorted(str(p) for p in (SIT / name).iterdir() if p.is_file())


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), CASES, ids=[c[0] for c in CASES])
def test_situations14_verdicts(
    name: str, code: int, violated: set[str], unchecked: dict[str, str], checked: set[str]
) -> None:
    # (the Events are counted as ignored, with their reason: 2 per Node, NodeNotReady, a TaintManagerEviction per
    # web pod evicted)
    cg.judge_situation(_files(name), code, violated, unchecked, checked, IGNORED.get(name))


def test_situations14_readme_lists_every_capture() -> None:
    cg.assert_readme_lists(SIT, [c[0] for c in CASES])


@pytest.mark.parametrize(
    ("name", "pod"),
    [
        ("reserved-restart-full-request-bound", "default/debug-7b9c5d6f8-x2m4q"),
        ("audit-reserved-restart-full-request-bound", "default/debug-7b9c5d6f8-x2m4q"),
        ("vm-resized-up-overbound", "default/batch-6f7d8c9b5-q8w3e"),
    ],
)
def test_resized_finding_names_the_new_allocatable(name: str, pod: str) -> None:
    """One finding, at the binding that adds a request beyond the new allocatable, saying so (no second finding of
    the model's guard on its registration-time allocatable)."""
    _, rep = cg.check_files(_files(name))
    (v,) = rep["violations"]
    assert v["pod"] == pod and "fitsRequest" in v["message"] and "since its kubelet changed it" in v["message"], v


@pytest.mark.parametrize(
    ("pods", "req", "allocatable", "finding"),
    [
        pytest.param([(1500, False), (700, False), (600, False)], 100, 2800, True, id="full-request-refused"),
        pytest.param([(1500, False), (700, False), (600, False)], 0, 2800, False, id="besteffort-always-fits"),
        pytest.param([(1500, False), (700, False)], 600, 2800, False, id="fits-exactly"),
        pytest.param([(1500, False), (1500, True), (700, False)], 600, 2800, False, id="ended-pod-not-counted"),
        pytest.param([(1500, False), (1500, False), (700, False)], 600, 2800, True, id="standing-over-request"),
        pytest.param([(2600, False)], 3000, 8000, False, id="grown-allocatable"),
        pytest.param([(2600, False)], 100, None, False, id="allocatable-unknown"),
    ],
)
def test_resized_misfit(pods: list[tuple[int, bool]], req: int, allocatable: int | None, finding: bool) -> None:
    """fitsRequest (noderesources/fit.go): ``podRequest.MilliCPU > 0 && podRequest.MilliCPU > Allocatable -
    Requested``, Requested the pods not Succeeded or Failed (scheduler.go newPodInformer)."""
    from nodereg.oracle.k8s import resized_misfit

    assert (resized_misfit("worker-a", "default/p", pods, req, allocatable) is not None) is finding


@pytest.mark.parametrize(
    "name",
    ["watch-files-later-session-first", "watch-files-later-session-first-never-marked", "bare-watch-only-node-dies"],
)
def test_file_order_does_not_matter(name: str) -> None:
    """The files named in either order give the same report (merged by resourceVersion, lists placed by theirs)."""
    files = _files(name)
    a = cg.check_files(files)
    b = cg.check_files(list(reversed(files)))
    assert a[0] == b[0] and a[1]["violations"] == b[1]["violations"] and a[1]["coverage"] == b[1]["coverage"]


def test_bare_list_still_a_list(tmp_path: Path) -> None:
    """Bare objects that are a list (`kubectl get nodes -w -o json` without --watch-only) stay one: its objects'
    resourceVersions are older than the other files' first changes. Each Node of a capture whose Nodes file starts
    with the list (the bare watch-only capture's Nodes with their old resourceVersions, listed first) is observed,
    never registered."""
    src = SIT / "bare-watch-only-node-dies"
    raw = (src / "nodes.json.gz").read_bytes()
    nodes = gzip.decompress(raw).decode()
    dec, objs, i = json.JSONDecoder(), [], 0
    while i < len(nodes):
        while i < len(nodes) and nodes[i].isspace():
            i += 1
        if i >= len(nodes):
            break
        o, i = dec.raw_decode(nodes, i)
        objs.append(o)
    listed = {}
    for o in objs:
        listed.setdefault(o["metadata"]["name"], json.loads(json.dumps(o)))
    for o in listed.values():
        o["metadata"]["resourceVersion"] = str(int(o["metadata"]["resourceVersion"]) - 5000)
    (tmp_path / "nodes.json").write_text("".join(json.dumps(o) + "\n" for o in [*listed.values(), *objs]))
    for f in src.iterdir():
        if not f.name.startswith("nodes"):
            (tmp_path / f.name).write_bytes(f.read_bytes())
    _, rep = cg.check_files(sorted(str(p) for p in tmp_path.iterdir()))
    props = {v["property"] for v in rep["violations"]}
    assert "registration-is-not-eligibility" not in props and SILENT not in props, rep["violations"]


@pytest.mark.parametrize(
    "name",
    ["bare-watch-only-never-marked", "audit-network-unavailable-web-pod-bound", "reserved-restart-full-request-bound"],
)
def test_same_through_a_pipe_and_gzipped(name: str, tmp_path: Path) -> None:
    """`cat f | nodereg check - others...` and every file gzipped give the same verdict."""
    cg.assert_same_piped_and_gzipped(_files(name), tmp_path, unzip_piped=True)
