"""``nodereg check`` on round 4 of operators' situations (issue 15, "nodereg check on real captures").

``tests/data/situations4``: watch captures and audit logs written by ``generate.py`` there (the
upstream reason of each verdict is in its scenario's docstring and in the row's comment). Then
captures cut the ways real ones are: a watch down for minutes and started again, a restarted watch
stopped right after its list, a list snapshot of a cluster whose kubelets' clocks disagree.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

import capturegen as cg
import pytest

DATA = Path(__file__).parent / "data"
SIT = DATA / "situations4"
HB = {"silent-node-becomes-unknown", "heartbeating-node-stays-known"}
IDENTITY = {"no-registration-without-credentials", "node-restriction"}


def _all(d: Path) -> list[str]:
    return sorted(str(p) for p in d.iterdir() if p.is_file())


CASES: list[tuple[str, int, set[str], set[str], set[str]]] = [
    # (capture, exit code, violated, not checked, checked)
    # -- kubelet clocks: the node lifecycle controller dates a heartbeat by when it saw renewTime
    # change (probeTimestamp = its own clock, tryUpdateNodeHealth), never by the kubelet's stamp
    # bug: a kubelet 90 s behind looked 90 s silent at every renewal (silent-node-becomes-unknown)
    ("clock-behind-alive", 0, set(), set(), HB),
    ("clock-behind-node-dies", 0, set(), set(), HB),
    # a kubelet ahead that dies and is never marked is still caught, and so is an Unknown set while
    # it renews (no skew excuses either)
    # a clock stepped back (NTP): the controller counts a renewal only when renewTime is after the saved
    # one, so it marks the node Unknown while the kubelet renews with older times. bug:
    # heartbeating-node-stays-known (and, the clock 60 s ahead before, silent-node-becomes-unknown on
    # two other nodes)
    ("clock-stepped-back", 0, set(), set(), HB),
    ("clock-ahead-never-marked", 1, {"silent-node-becomes-unknown"}, set(), set()),
    ("clock-ahead-marked-early", 1, {"heartbeating-node-stays-known"}, set(), set()),
    # -- kube-controller-manager: a new process or leader has no nodeHealth entry and takes now as
    # probeTimestamp ("Missing timestamp for Node ... Assuming now"): a fresh grace from its first pass
    # bug (each): the dead node marked ~110 s after its last heartbeat, 50 s after the new controller
    # started, was reported late (silent-node-becomes-unknown)
    ("kcm-restart-fresh-grace", 0, set(), set(), HB),
    ("kcm-restart-pod-only", 0, set(), set(), HB),
    ("kcm-leader-change-ha", 0, set(), set(), HB),
    ("kcm-restart-never-marks", 1, {"silent-node-becomes-unknown"}, set(), set()),
    # -- Leases: only kube-node-lease holds node heartbeats (other namespaces' Leases, even one named
    # like a node, are no heartbeat); a deleted Lease is created again by the kubelet
    ("lease-deleted-recreated", 0, set(), set(), HB | {"live-kubelet-renews-in-time"}),
    ("leases-other-namespaces", 0, set(), set(), HB),
    ("leases-other-namespaces-never-marked", 1, {"silent-node-becomes-unknown"}, set(), set()),
    # -- taints and pods
    ("many-custom-taints-daemonsets", 0, set(), set(), {"no-execute-eviction", "no-schedule-with-untolerated-taint"}),
    # bug: a DaemonSet rollout's plain delete of a pod tolerating the node's NoExecute taint for ever was
    # read as the taint-eviction controller's (eviction-only-when-due)
    ("daemonset-rollout-on-noexecute-node", 0, set(), set(), {"eviction-only-when-due"}),
    ("drain-blocked-by-pdb", 0, set(), set(), {"no-schedule-when-cordoned", "condition-taints-follow-conditions"}),
    # a taint present when the capture starts: tolerationSeconds count no later than the capture's start
    ("toleration-seconds-end-mid-capture", 0, set(), set(), {"no-execute-eviction"}),
    ("toleration-seconds-never-evicted", 1, {"no-execute-eviction"}, set(), set()),
    (
        "cni-not-ready-new-node",
        0,
        set(),
        set(),
        {"not-ready-taint-follows-not-ready", "registration-is-not-eligibility"},
    ),
    # Ready=False (a CNI that crashed, a graceful shutdown): not-ready taints, evictions at 300 s; the
    # shutdown node then Unknown, the NoExecute swap, the timer kept from the first NoExecute taint
    ("cni-crash-existing-node", 0, set(), set(), {"not-ready-taint-follows-not-ready", "no-execute-eviction"}),
    (
        "graceful-shutdown-stays-down",
        0,
        set(),
        set(),
        HB | {"no-execute-eviction", "eviction-counted-from-first-noexecute-taint", "noexecute-swap-never-drops-all"},
    ),
    ("hostname-override-node-replaced", 0, set(), set(), HB | {"no-execute-eviction"}),
    # -- audit logs
    # bug: a policy with `level: None` for Leases: the renewals of live kubelets are not in the log,
    # and both nodes were called silent (silent-node-becomes-unknown); now not checked, and said so
    ("audit-leases-not-logged", 0, set(), {"silent-node-becomes-unknown", "live-kubelet-renews-in-time"}, IDENTITY),
    # bug: two API servers' logs, the one holding worker-a's Lease writes shorter: worker-a was called
    # silent after it ended (silent-node-becomes-unknown)
    ("audit-two-apiservers", 0, set(), {"silent-node-becomes-unknown"}, IDENTITY),
    # a rotated log goes on in the next file. Round 5: worker-b overdue ~100 s at the end of the log and no
    # kube-controller-manager write in it at all (the controller's writes were filtered out): a restart the
    # log does not show explains that (tryUpdateNodeHealth's fresh grace), so not checked; with the
    # controller's leader Lease writes logged it is caught (situations5/audit-kcm-renewing-never-marks)
    ("audit-rotated-controller-silent", 0, set(), {"silent-node-becomes-unknown"}, set()),
    # a 429 (PodDisruptionBudget) is the API server refusing: nothing happened
    ("audit-drain-pdb-429", 0, set(), set(), {"silent-node-becomes-unknown"} | IDENTITY),
]


#: public files (tests/data/public/README.md: repository, path, commit, what was kept)
PUBLIC: list[tuple[str, int, set[str], set[str], set[str]]] = [
    # a TKE 1.18 worker whose kubelet was stopped, and a Job pod tolerating its NoSchedule taints bound
    # there (the scheduler filters taints only since 1.17). bug: the Node printed without
    # status.allocatable was taken as allocatable 0 (allocatable-within-capacity)
    (
        "k8s-club-tke-kubelet-stopped",
        0,
        set(),
        set(),
        {
            "silent-node-becomes-unknown",
            "no-schedule-with-untolerated-taint",
            "no-schedule-without-ready",
            "allocatable-within-capacity",
        },
    ),
]


_check = cg.check_files


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), CASES, ids=[c[0] for c in CASES])
def test_situations4_verdicts(name: str, code: int, violated: set[str], unchecked: set[str], checked: set[str]) -> None:
    cg.check_situation(SIT / name, code, violated, unchecked, checked)


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), PUBLIC, ids=[c[0] for c in PUBLIC])
def test_public_verdicts(name: str, code: int, violated: set[str], unchecked: set[str], checked: set[str]) -> None:
    got, rep = _check(_all(DATA / "public" / name))
    assert got == code, rep
    assert rep["input_errors"] == [] and rep["ignored"] == {}
    assert {v["property"] for v in rep["violations"]} == violated, [v["message"] for v in rep["violations"]]
    for pid in unchecked:
        assert rep["coverage"][pid].startswith("not checked"), (pid, rep["coverage"][pid])
    for pid in violated | checked:
        assert rep["coverage"][pid] == "checked", (pid, rep["coverage"][pid])
    assert f"| {name} |" in (DATA / "public" / "README.md").read_text()


def test_situations4_readme_lists_every_capture() -> None:
    readme = (SIT / "README.md").read_text()
    dirs = sorted(p.name for p in SIT.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert dirs == sorted(c[0] for c in CASES)
    for d in dirs:
        assert f"| {d} |" in readme, d


def test_new_controller_is_said() -> None:
    """The report says why a late Unknown was upstream's: a new node lifecycle controller."""
    _, rep = _check(_all(SIT / "kcm-restart-pod-only"))
    assert any("new node lifecycle controller" in n and "restarted" in n for n in rep["notes"]), rep["notes"]
    _, rep = _check(_all(SIT / "kcm-leader-change-ha"))
    assert any("Lease taken by cp-2_" in n for n in rep["notes"]), rep["notes"]


def test_short_apiserver_log_is_said() -> None:
    _, rep = _check(_all(SIT / "audit-two-apiservers"))
    assert any("apiserver-1-audit.log ended" in n and "worker-a" in n for n in rep["notes"]), rep["notes"]
    assert rep["coverage"]["silent-node-becomes-unknown"] == (
        "not checked: the Lease of node worker-a is not in the input after 2026-03-02T09:00:11Z (checked for the "
        "other 1)"
    )


# -- watches cut the ways real ones are --------------------------------------------------------------
def _events(src: Path) -> dict[str, list[dict[str, Any]]]:
    out = {}
    for f in sorted(src.glob("*.json.gz")):
        with gzip.open(f, "rt") as g:
            out[f.name.removesuffix(".json.gz")] = cg.documents(g.read())
    return out


def _rv(e: dict[str, Any]) -> int:
    return int(e["object"]["metadata"]["resourceVersion"])


def _cut(src: Path, dst: Path, down: float, up: float | None, tail: bool) -> list[str]:
    """Every watch of ``src`` stops at the fraction ``down`` of its history (by resourceVersion) and,
    if ``up`` is given, starts again at ``up`` into a second file that begins with the list of that
    moment (then the rest of the history if ``tail``): what kubectl writes after a dropped connection."""
    files = _events(src)
    rvs = sorted(_rv(e) for evs in files.values() for k, e in enumerate(evs) if e["type"] != "ADDED" or k > 40)
    a = rvs[int(len(rvs) * down)]
    b = rvs[int(len(rvs) * up)] if up is not None else None
    out = []
    for stem, evs in files.items():
        listed = next((k for k, e in enumerate(evs) if e["type"] != "ADDED"), len(evs))
        first = [e for k, e in enumerate(evs) if k < listed or _rv(e) <= a]
        (dst / f"{stem}-1.json").write_text("".join(json.dumps(e) + "\n" for e in first))
        out.append(str(dst / f"{stem}-1.json"))
        if b is None:
            continue
        state: dict[tuple[str, str], Any] = {}
        for k, e in enumerate(evs):
            if k >= listed and _rv(e) > b:
                break
            m = e["object"]["metadata"]
            if e["type"] == "DELETED":
                state.pop((m.get("namespace", ""), m["name"]), None)
            else:
                state[(m.get("namespace", ""), m["name"])] = e["object"]
        rest = [e for k, e in enumerate(evs) if k >= listed and _rv(e) > b] if tail else []
        (dst / f"{stem}-2.json").write_text(
            "".join(json.dumps({"type": "ADDED", "object": state[k]}) + "\n" for k in sorted(state))
            + "".join(json.dumps(e) + "\n" for e in rest)
        )
        out.append(str(dst / f"{stem}-2.json"))
    return out


def _findings(files: list[str]) -> tuple[int, list[tuple[str, str, str | None]]]:
    code, rep = _check(files)
    return code, sorted({(v["property"], v["node"], v["pod"]) for v in rep["violations"]})


HEALTHY = [
    "realworld2/healthy-three-zones",
    "situations4/clock-behind-alive",
    "situations4/lease-deleted-recreated",
    "situations3/lease-duration-per-node",
]


@pytest.mark.parametrize("capture", HEALTHY)
@pytest.mark.parametrize("tail", [True, False], ids=["then-watching", "list-only"])
def test_watch_down_for_minutes_then_restarted(capture: str, tail: bool, tmp_path: Path) -> None:
    """Every watch drops (the API server restarted, a laptop slept) and is started again minutes later,
    each into a second file beginning with its own list; the Leases renewed meanwhile were not seen.

    bug: the gap read as minutes of silence: every node silent-node-becomes-unknown at the first event
    after it (with the second files list-only too, whose lists were taken for the capture's first moment
    when they held an object in a newer version)."""
    files = _cut(DATA / capture, tmp_path, 0.3, 0.6, tail)
    assert _findings(files) == (0, [])
    assert _findings(files[::-1]) == (0, [])


def test_watch_restart_keeps_a_dead_node_judged(tmp_path: Path) -> None:
    """A worker dies, nothing marks it, and the watches are started again meanwhile: its Lease, listed
    again unchanged, is still watched (a stopped kubelet is not excused by the restart)."""
    capture = DATA / "situations4" / "kcm-restart-never-marks"
    want = _findings(_all(capture))
    assert want[0] == 1
    files = _cut(capture, tmp_path, 0.2, 0.25, True)
    assert _findings(files) == want
    assert _findings(files[::-1]) == want


def test_lease_watch_stopped_early(tmp_path: Path) -> None:
    """`kubectl get leases -w` stopped (Ctrl-C) 2 minutes before the nodes and pods watches: the
    kubelets' later renewals are not in the input, which says so instead of calling them silent."""
    src = DATA / "realworld2" / "healthy-three-zones"
    files = _events(src)
    leases = files["leases"]
    stop = _rv(leases[len(leases) * 2 // 3])
    for stem, evs in files.items():
        kept = [e for e in evs if stem != "leases" or _rv(e) <= stop or e["type"] == "ADDED"]
        (tmp_path / f"{stem}.json").write_text("".join(json.dumps(e) + "\n" for e in kept))
    code, rep = _check(sorted(str(p) for p in tmp_path.iterdir()))
    assert (code, rep["violations"]) == (0, []), [v["message"] for v in rep["violations"]]
    assert any("leases.json ended before the capture did" in n for n in rep["notes"]), rep["notes"]


def test_lease_list_beside_node_watches(tmp_path: Path) -> None:
    """`kubectl get leases -n kube-node-lease -o json` (a list, once) beside watches of Nodes and Pods.

    bug: the kubelets' later renewals are in no input: every node was called silent a minute in
    (silent-node-becomes-unknown); now their heartbeats are not judged after the list, and said so."""
    files = _events(DATA / "realworld2" / "healthy-three-zones")
    for stem, evs in files.items():
        if stem == "leases":
            items = [e["object"] for e in evs if e["type"] == "ADDED"]
            (tmp_path / "leases-list.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
        else:
            (tmp_path / f"{stem}.json").write_text("".join(json.dumps(e) + "\n" for e in evs))
    code, rep = _check(sorted(str(p) for p in tmp_path.iterdir()))
    assert (code, rep["violations"]) == (0, []), [v["message"] for v in rep["violations"]]
    assert rep["coverage"]["silent-node-becomes-unknown"].startswith("not checked: the Lease of node cp-1")


# -- list snapshots of kubelets whose clocks disagree -------------------------------------------------
sys.path.insert(0, str(DATA / "realworld2"))


def _snapshot(tmp_path: Path, skew: dict[str, float], dead: str | None = None) -> tuple[int, set[tuple[str, str]]]:
    """`kubectl get nodes,leases -A -o json` of a running cluster (the objects' resourceVersions in the
    order of their writes) whose kubelets' clocks are off by ``skew`` seconds; ``dead``'s kubelet stopped
    200 s before and no controller marked it."""
    from generate import base  # tests/data/realworld2
    from sim import Cluster

    c = Cluster(seed=450, nlc=False)
    base(c, workers=5)
    if dead is not None:
        c.kubelet[dead]["alive"] = False
    c.advance(260)
    items = []
    for name, obj in [*c.nodes.items(), *c.leases.items()]:
        o = json.loads(json.dumps(obj))
        off = skew.get(name, 0.0)
        if o["kind"] == "Lease":
            o["spec"]["renewTime"] = _shift(o["spec"]["renewTime"], off, micro=True)
        else:
            for k in o["status"]["conditions"]:
                if k["type"] != "NetworkUnavailable":
                    k["lastHeartbeatTime"] = _shift(k["lastHeartbeatTime"], off)
        items.append(o)
    p = tmp_path / "now.json"
    p.write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items, "metadata": {}}))
    code, rep = _check([str(p)])
    return code, {(v["property"], v["node"]) for v in rep["violations"]}


def _shift(t: str, secs: float, micro: bool = False) -> str:
    import datetime as dt

    fmt = "%Y-%m-%dT%H:%M:%S.%fZ" if micro else "%Y-%m-%dT%H:%M:%SZ"
    return (dt.datetime.strptime(t, fmt) + dt.timedelta(seconds=secs)).strftime(fmt)


@pytest.mark.parametrize(
    ("skew", "dead", "want"),
    [
        # bug: a kubelet 120 s ahead set the list's moment: every other node looked 120 s silent
        pytest.param({"worker-2": 120}, None, set(), id="one-clock-ahead"),
        # bug: a kubelet 120 s behind (its Lease written last) was called silent
        pytest.param({"worker-2": -120}, None, set(), id="one-clock-behind"),
        pytest.param({"worker-4": 45, "worker-1": -30}, None, set(), id="two-clocks-off"),
        # a kubelet that stopped 200 s before is still caught, whatever another's clock says
        pytest.param({}, "worker-3", {("silent-node-becomes-unknown", "worker-3")}, id="dead-node"),
        pytest.param(
            {"worker-2": 120},
            "worker-3",
            {("silent-node-becomes-unknown", "worker-3")},
            id="dead-node-and-a-clock-ahead",
        ),
    ],
)
def test_snapshot_with_kubelet_clocks_off(
    tmp_path: Path, skew: dict[str, float], dead: str | None, want: set[tuple[str, str]]
) -> None:
    assert _snapshot(tmp_path, skew, dead) == (1 if want else 0, want)
