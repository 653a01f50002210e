"""``nodereg check`` on round 5 of operators' situations (issue 15, "nodereg check on real captures").

``tests/data/situations5``: captures written by ``generate.py`` there (the upstream reason of each
verdict is in its scenario's docstring and in the row's comment): watches down for minutes and started
again (client-go's reflector ``Replace``: what the new list lacks was deleted meanwhile,
``DeletedFinalStateUnknown``), kube-controller-manager restarts the capture does not show
(``tryUpdateNodeHealth``'s "Missing timestamp for Node"), kubelet clocks in captures without
resourceVersions, and more shapes platform engineers capture.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import capturegen as cg
import pytest
from click.testing import CliRunner

from nodereg.cli import main

DATA = Path(__file__).parent / "data"
SIT = DATA / "situations5"
HB = {"silent-node-becomes-unknown", "heartbeating-node-stays-known"}


def _all(d: Path) -> list[str]:
    return sorted(str(p) for p in d.iterdir() if p.is_file())


_check = cg.check_files


CASES: list[tuple[str, int, set[str], set[str], set[str]]] = [
    # (capture, exit code, violated, not checked, checked)
    # -- 1. a watch down and started again: its new list is complete (reflector.Replace), so what it
    # lacks was deleted meanwhile (DeletedFinalStateUnknown) at a time the capture does not show
    # bug: the Node the cloud node lifecycle controller deleted (instance gone) was kept as if alive and
    # called silent during the gap (silent-node-becomes-unknown)
    ("node-deleted-during-watch-gap", 0, set(), set(), HB | {"no-execute-eviction"}),
    # without resourceVersions (by time; a list-only first file). bug: silent-node-becomes-unknown
    ("node-deleted-during-watch-gap-no-rv", 0, set(), set(), HB),
    # the same with `kubectl get -w >>` run again into one file: a second list in the middle of it.
    # bug: silent-node-becomes-unknown
    ("watch-restarted-same-file", 0, set(), set(), HB),
    # a pod evicted while the pods watch was down: gone from the new list, its deletion not judged
    ("pod-evicted-during-watch-gap", 0, set(), set(), {"no-execute-eviction"}),
    # what the gap hid and the new list shows is still judged: a pod still bound 170 s past its
    # tolerationSeconds, a dead node still Ready (monitorNodeHealth never marked it)
    ("pod-not-evicted-watch-gap", 1, {"no-execute-eviction"}, set(), set()),
    ("node-never-marked-watch-gap", 1, {"silent-node-becomes-unknown"}, set(), set()),
    # -- 2. a kube-controller-manager restart the capture does not show: monitorNodeHealth of the new
    # process has an empty nodeHealthMap and tryUpdateNodeHealth takes its first pass as every Node's
    # probe time ("Missing timestamp for Node"), so a silent Node is marked up to (restart gap + grace)
    # late. bug: a managed cluster (no leader Lease, no controller pod) whose controller restarted while
    # worker-3 was silent: marked ~110 s after its heartbeat, reported late (silent-node-becomes-unknown)
    ("kcm-restart-unseen-late-mark", 0, set(), {"silent-node-becomes-unknown"}, set()),
    # a restart the capture shows, under an eviction timer: the new taint-eviction controller's queue is
    # empty and processPodOnNode gives the pod startTime = now. bug: evicted ~300 s after the restart,
    # reported 220 s late (no-execute-eviction); never evicted: caught
    ("kcm-restart-eviction-timer-fresh", 0, set(), set(), {"no-execute-eviction"}),
    ("kcm-restart-eviction-never", 1, {"no-execute-eviction"}, set(), set()),
    # ... but the controller seen running (it marks and taints worker-1 on time) while worker-4 is overdue:
    # no restart excuses it, never marked or marked 300 s late
    ("managed-controller-acts-never-marks", 1, {"silent-node-becomes-unknown"}, set(), set()),
    ("managed-controller-acts-marks-late", 1, {"silent-node-becomes-unknown"}, set(), set()),
    # an audit log with kube-controller-manager renewing its leader Lease (running, leader): caught
    ("audit-kcm-renewing-never-marks", 1, {"silent-node-becomes-unknown"}, set(), set()),
    ("audit-kcm-renewing-marks", 0, set(), set(), HB),
    # -- 4. more of what platform engineers capture
    # the cloud node lifecycle controller deletes a Node (instance gone) with pods bound; the pod GC
    # deletes them (gcOrphaned): no one's lateness
    ("cloud-node-deleted-pods-bound", 0, set(), set(), HB | {"no-execute-eviction"}),
    # non-graceful shutdown: node.kubernetes.io/out-of-service:NoExecute; the taint-eviction controller
    # deletes what does not tolerate it at once (processPodOnNode: no toleration -> evict now), the pod GC
    # force-deletes the terminating pods (gcTerminating); not deleted: caught
    ("out-of-service-taint", 0, set(), set(), {"no-execute-eviction", "untolerated-noexecute-pod-is-gone"}),
    ("out-of-service-not-evicted", 1, {"no-execute-eviction", "untolerated-noexecute-pod-is-gone"}, set(), set()),
    # `kubectl get nodes,pods,leases -A -o json` every 30 s appended to one file: each List is a complete
    # relist (what it lacks is gone), the state at its moment; a dead node still Ready is caught
    ("poll-lists-healthy", 0, set(), set(), HB),
    ("poll-lists-node-dies-marked", 0, set(), set(), HB),
    ("poll-lists-node-never-marked", 1, {"silent-node-becomes-unknown"}, set(), set()),
    # a Lease is the node's by its name, whatever holderIdentity says (--hostname-override case)
    ("lease-holder-identity-case", 0, set(), set(), HB),
    # -- 3. kubelet clocks without resourceVersions: a watch prints writes in the order they were made, so
    # a renewal is dated among the other writers' stamps around it in its file (what the controller's
    # probeTimestamp does with its own clock). bug: a live kubelet 90 s behind called silent twice; a clock
    # stepped back: 2 nodes called silent and an early Unknown (from the clock 60 s ahead before)
    ("clock-behind-no-rv", 0, set(), set(), HB),
    ("clock-stepped-back-no-rv", 0, set(), set(), HB),
    # ... and a dead kubelet ahead never marked, or a live one marked 9 s after a renewal, still caught
    ("clock-ahead-dies-no-rv", 1, {"silent-node-becomes-unknown"}, set(), set()),
    ("clock-ahead-marked-early-no-rv", 1, {"heartbeating-node-stays-known"}, set(), set()),
    # a snapshot without resourceVersions has no order: a Lease 300 s off the corroborated moment is a
    # clock off or a stopped kubelet, which nothing tells apart: not checked for it, never a violation.
    # bug: behind: silent-node-becomes-unknown on worker-3; ahead: on the 5 other nodes
    ("kwok-snapshot-clock-behind", 0, set(), {"silent-node-becomes-unknown"}, set()),
    ("kwok-snapshot-clock-ahead", 0, set(), {"silent-node-becomes-unknown"}, set()),
]


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), CASES, ids=[c[0] for c in CASES])
def test_situations5_verdicts(name: str, code: int, violated: set[str], unchecked: set[str], checked: set[str]) -> None:
    cg.check_situation(SIT / name, code, violated, unchecked, checked)


def test_situations5_readme_lists_every_capture() -> None:
    readme = (SIT / "README.md").read_text()
    dirs = sorted(p.name for p in SIT.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert dirs == sorted([c[0] for c in CASES] + ["events-only", "cluster-info-dump"])
    for d in dirs:
        assert f"| {d} |" in readme, d


def test_deleted_during_gap_is_said() -> None:
    _, rep = _check(_all(SIT / "node-deleted-during-watch-gap"))
    assert any("nodes-2.json: a watch started again with a list that lacks node worker-3" in n for n in rep["notes"])
    assert any("lacks pod default/web-" in n and "DeletedFinalStateUnknown" in n for n in rep["notes"])


# -- a list proves absence only for what it covers ----------------------------------------------------
def _pod(ns: str, name: str, node: str, rv: int) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": name,
            "namespace": ns,
            "resourceVersion": str(rv),
            "creationTimestamp": "2026-05-04T09:00:00Z",
        },
        "spec": {"nodeName": node, "tolerations": []},
        "status": {
            "phase": "Running",
            "conditions": [{"type": "PodScheduled", "status": "True", "lastTransitionTime": "2026-05-04T09:00:01Z"}],
        },
    }


def _node(name: str, rv: int, hb: str = "2026-05-04T10:00:00Z") -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name, "resourceVersion": str(rv), "creationTimestamp": "2026-05-01T00:00:00Z"},
        "spec": {},
        "status": {
            "capacity": {"cpu": "4"},
            "allocatable": {"cpu": "4"},
            "conditions": [
                {
                    "type": "Ready",
                    "status": "True",
                    "reason": "KubeletReady",
                    "lastHeartbeatTime": hb,
                    "lastTransitionTime": "2026-05-01T00:01:00Z",
                }
            ],
        },
    }


def _lines(evs: list[tuple[str, dict[str, Any]]]) -> str:
    return "".join(json.dumps({"type": t, "object": o}) + "\n" for t, o in evs)


@pytest.mark.parametrize(
    ("second", "all_ns", "gone"),
    [
        # `kubectl get pods -A -w` again: a pod of any namespace it lacks was deleted
        pytest.param(["default/web-1"], True, {"pod default/web-2", "pod kube-system/dns-1"}, id="all-namespaces"),
        # `kubectl get pods -n default -w`: it proves nothing of kube-system's pods
        pytest.param(["default/web-1"], False, {"pod default/web-2"}, id="one-namespace-proves-nothing-elsewhere"),
        pytest.param(["default/web-1", "default/web-2", "kube-system/dns-1"], False, set(), id="nothing-gone"),
    ],
)
def test_relist_proves_absence_only_in_its_scope(
    tmp_path: Path, second: list[str], all_ns: bool, gone: set[str]
) -> None:
    """reflector.Replace deletes what a list lacks, of the list's own scope (a namespaced watch's list
    holds one namespace); a list of pods of several namespaces is taken as all of them (-A)."""
    pods = {"default/web-1": 11, "default/web-2": 12, "kube-system/dns-1": 13}
    first = [("ADDED", _node("n1", 10))] + [("ADDED", _pod(*k.split("/"), "n1", rv)) for k, rv in pods.items()]
    (tmp_path / "a-1.json").write_text(_lines([*first, ("MODIFIED", _node("n1", 20, "2026-05-04T10:00:10Z"))]))
    keep = [k for k in pods if k in second]
    if all_ns:  # the list holds a third namespace's pod: -A
        keep_objs = [_pod(*k.split("/"), "n1", pods[k]) for k in keep] + [_pod("monitoring", "agent-1", "n1", 30)]
    else:
        keep_objs = [_pod(*k.split("/"), "n1", pods[k]) for k in keep]
    later = [("ADDED", _node("n1", 20, "2026-05-04T10:00:10Z"))] + [("ADDED", o) for o in keep_objs]
    (tmp_path / "a-2.json").write_text(_lines([*later, ("MODIFIED", _node("n1", 40, "2026-05-04T10:00:20Z"))]))
    code, rep = _check(_all(tmp_path))
    said = {g.strip() for n in rep["notes"] if "lacks" in n for g in n.split("lacks ", 1)[1].split(":")[0].split(",")}
    assert said == gone, rep["notes"]
    assert code == 0, rep["violations"]


def test_unseen_restart_is_said() -> None:
    """Coverage says why a late Unknown was not judged; a kept finding says what showed the controller."""
    _, rep = _check(_all(SIT / "kcm-restart-unseen-late-mark"))
    why = rep["coverage"]["silent-node-becomes-unknown"]
    assert "node worker-3 overdue" in why and "Missing timestamp for Node" in why and "other 3" in why, why
    _, rep = _check(_all(SIT / "managed-controller-acts-never-marks"))
    assert "its node lifecycle controller marked node worker-1" in rep["violations"][0]["message"]


def test_late_unknown_window(tmp_path: Path) -> None:
    """The rule on its edges: a controller act inside [deadline, mark - (grace + 2 periods + slack + sync)]
    keeps the finding; one just after it does not."""
    from nodereg.oracle.k8s import review_late_unknown
    from nodereg.oracle.record import Violation

    class FakeOracle:
        def __init__(self) -> None:
            self.c = type("C", (), {"params": {"node_monitor_grace_period": 50, "node_monitor_period": 5}})()
            self.slack, self.now, self.notes, self.unchecked, self.nodes = 5.0, 1000.0, [], {}, {"a": 1, "b": 1}
            self.violations = [
                Violation(1, 1, "f", "a", None, "silent-node-becomes-unknown", "m", 500.0, "e", None, None, 495.0)
            ]

    for act, mark, kept in [
        (500.0, 600.0, True),
        (529.0, 600.0, True),
        (531.0, 600.0, False),
        (None, 560.0, False),
        (None, 700.0, True),
    ]:
        o = FakeOracle()
        review_late_unknown(o, [(act, "x")] if act is not None else [], {"a": [mark]}, False)
        assert (len(o.violations) == 1) == kept, (act, mark)
        assert ("silent-node-becomes-unknown" in o.unchecked) == (not kept)
        o = FakeOracle()
        review_late_unknown(o, [], {"a": [mark]}, True)  # restarts seen: nothing withdrawn
        assert len(o.violations) == 1


# -- a snapshot without resourceVersions: no kubelet clock is ever a violation -------------------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_SNAP: list[dict[str, Any]] = []


def _snapshot_objects() -> list[dict[str, Any]]:
    if not _SNAP:
        import sys

        sys.path.insert(0, str(DATA / "realworld2"))
        from generate import base  # tests/data/realworld2
        from sim import Cluster

        c = Cluster(seed=531)
        base(c, workers=4)
        c.advance(200)
        _SNAP.extend(json.loads(json.dumps([*c.nodes.values(), *c.leases.values()])))
    return json.loads(json.dumps(_SNAP))


def _shift(t: str, secs: float) -> str:
    import datetime as dt

    fmt = "%Y-%m-%dT%H:%M:%S.%fZ" if "." in t else "%Y-%m-%dT%H:%M:%SZ"
    return (dt.datetime.strptime(t, fmt) + dt.timedelta(seconds=secs)).strftime(fmt)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    node=st.sampled_from(["cp-1", "worker-1", "worker-2", "worker-3", "worker-4"]),
    off=st.floats(min_value=-1800, max_value=1800).filter(lambda x: abs(x) > 1),
)
def test_no_rv_snapshot_never_blames_a_clock(tmp_path: Path, node: str, off: float) -> None:
    """Every kubelet alive, one clock off by any amount, no resourceVersion in the list: no violation."""
    items = _snapshot_objects()
    for o in items:
        o["metadata"].pop("resourceVersion", None)
        if o["metadata"]["name"] != node:
            continue
        if o["kind"] == "Lease":
            o["spec"]["renewTime"] = _shift(o["spec"]["renewTime"], off)
        else:
            for k in o["status"]["conditions"]:
                if k["type"] != "NetworkUnavailable":
                    k["lastHeartbeatTime"] = _shift(k["lastHeartbeatTime"], off)
    p = tmp_path / "now.json"
    p.write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    code, rep = _check([str(p)])
    assert code == 0, [v["message"] for v in rep["violations"]]


def test_events_only_is_one_clear_line() -> None:
    """`kubectl get events -o json`: core/v1 Events only: exit 2 with one error line, never a pass."""
    res = CliRunner().invoke(main, ["check", *_all(SIT / "events-only")])
    assert res.exit_code == 2
    err = [ln for ln in res.stderr.splitlines() if ln.startswith("nodereg: error:")]
    assert len(err) == 1 and "no events" in err[0] and "2 Event objects" in err[0], res.stderr


def test_cluster_info_dump() -> None:
    """`kubectl cluster-info dump`: NodeList, PodLists, EventLists, ServiceLists (counted as ignored, never
    silently dropped); no Lease, so heartbeats are not checked; the rest is judged as one moment."""
    code, rep = _check(_all(SIT / "cluster-info-dump"))
    assert code == 0, rep["violations"]
    assert rep["input_errors"] == [] and rep["ignored"] == {"Service objects (not part of the node lifecycle)": 2}
    assert rep["coverage"]["silent-node-becomes-unknown"].startswith("not checked: no Lease stream")
    assert rep["coverage"]["no-execute-eviction"] == "checked"


#: public files (tests/data/public/README.md: where each comes from, what was kept)
PUBLIC: list[tuple[str, int, set[str], set[str], set[str]]] = [
    # EKS 1.29 audit events: `kubectl delete node` (RequestResponse: its answer a meta/v1 Status), the
    # garbage collector deleting the node's Lease (ownerReference), the kubelet's Lease get (404), update
    # and create. bug: "responseObject.status: expected an object, got str" (exit 2) on the delete's
    # {"kind": "Status", "status": "Success"}; now read, only identities judged (the Node was created
    # before the log)
    ("eks-node-deleted-lease-gc", 0, set(), {"silent-node-becomes-unknown"}, {"node-restriction"}),
]


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), PUBLIC, ids=[c[0] for c in PUBLIC])
def test_public_verdicts(name: str, code: int, violated: set[str], unchecked: set[str], checked: set[str]) -> None:
    got, rep = _check(_all(DATA / "public" / name))
    assert got == code, rep
    cg.assert_report(rep, violated, unchecked, checked)
    assert f"| {name} |" in (DATA / "public" / "README.md").read_text()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_relist_deletes_exactly_what_it_lacks(tmp_path_factory: Any, data: Any) -> None:
    """reflector.Replace on any cluster: what a restarted watch's list lacks, of what that watch showed,
    is deleted (and named), nothing else; no violation comes of it."""
    n = data.draw(st.integers(min_value=1, max_value=4))
    nodes = [f"n{i}" for i in range(n)]
    pods = [
        (ns, f"p{i}{j}", node)
        for i, node in enumerate(nodes)
        for j, ns in enumerate(data.draw(st.lists(st.sampled_from(["a", "b"]), max_size=2)))
    ]
    gone_nodes = set(data.draw(st.lists(st.sampled_from(nodes), max_size=n - 1, unique=True)))
    gone_pods = {p for p in pods if p[2] in gone_nodes} | set(
        data.draw(st.lists(st.sampled_from(pods), unique=True)) if pods else []
    )
    tmp = tmp_path_factory.mktemp("relist")
    rv = iter(range(100, 10**6))
    first = [("ADDED", _node(x, next(rv))) for x in nodes] + [("ADDED", _pod(ns, p, x, next(rv))) for ns, p, x in pods]
    keep_nodes = [x for x in nodes if x not in gone_nodes]
    first.append(("MODIFIED", _node(nodes[0], next(rv), "2026-05-04T10:00:05Z")))
    (tmp / "w-1.json").write_text(_lines(first))
    later = [("ADDED", _node(x, next(rv), "2026-05-04T10:00:05Z")) for x in keep_nodes]
    kept = [q for q in pods if q not in gone_pods]
    later += [("ADDED", _pod(ns, p, x, next(rv))) for ns, p, x in kept]
    # the restarted watch is -A: pods of two other namespaces show it (a list of one namespace's pods may be
    # `-n NS`, which proves nothing of another's: test_relist_proves_absence_only_in_its_scope)
    later += [("ADDED", _pod(ns, "agent", keep_nodes[0], next(rv))) for ns in ("c", "d")]
    later.append(("MODIFIED", _node(keep_nodes[0], next(rv), "2026-05-04T10:00:10Z")))
    (tmp / "w-2.json").write_text(_lines(later))
    code, rep = _check(_all(tmp))
    said = {
        g.strip().removesuffix(" ...")
        for x in rep["notes"]
        if "lacks" in x
        for g in x.split("lacks ", 1)[1].split(":")[0].split(",")
    }
    want = {f"node {x}" for x in gone_nodes} | {f"pod {ns}/{p}" for ns, p, _ in gone_pods}
    if len(want) > 6:  # the note names the first six
        assert len(said) == 6 and said <= want, (said, want)
    else:
        assert said == want, rep["notes"]
    assert code == 0, rep["violations"]
