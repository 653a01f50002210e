"""``nodereg check`` on real public files and on operators' situations earlier rounds did not cover.

``tests/data/public``: Kubernetes objects and audit events committed in public repositories (each
directory's README gives repository, path and what was kept). ``tests/data/situations3``: watch
captures written by ``generate.py`` there on ``realworld2/sim.py`` (upstream's timing), audit logs
by ``gen/``, and kubectl's human-readable output. One row per capture: files, exit code, violated
properties, properties that must be "not checked", and properties that must be "checked".
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
PUB = DATA / "public"
SIT = DATA / "situations3"
IDENTITY = {"no-registration-without-credentials", "node-restriction"}


def _all(d: Path, pattern: str = "*.json.gz") -> list[str]:
    return sorted(str(p) for p in d.glob(pattern))


CASES: list[tuple[str, list[str], int, set[str], set[str], set[str]]] = [
    # (id, files, exit code, violated, not checked, checked)
    # -- real public files ---------------------------------------------------------------------
    # a minikube 1.15 Node (k9s test data; `node-role.kubernetes.io/master` label): one healthy moment
    (
        "k9s-minikube-node",
        [str(PUB / "k9s-minikube-node/no.json")],
        0,
        set(),
        {"silent-node-becomes-unknown"},
        {"node-has-ready-condition"},
    ),
    # a 2017 kops spot Node as one MODIFIED watch event (no list before it)
    ("kops-spot-node-watch", [str(PUB / "kops-spot-node-watch/node-modified.json")], 0, set(), set(), set()),
    # an EKS PodList alone: no Node, nothing can be judged (never a pass)
    (
        "otel-eks-podlist",
        [str(PUB / "otel-eks-podlist/podlist.json")],
        3,
        set(),
        {"pods-only-on-existing-nodes", "bound-requests-fit-allocatable"},
        set(),
    ),
    # bug: kubelets' Lease renewals of Nodes created before the log began (every real audit log of a
    # running cluster) reported everything "checked"; only who wrote what can be judged
    (
        "openshift-audit-kubelet-leases",
        [str(PUB / "openshift-audit-kubelet-leases/audit.log")],
        0,
        set(),
        {"silent-node-becomes-unknown", "live-kubelet-renews-in-time", "no-execute-eviction"},
        IDENTITY,
    ),
    # the same, with node-problem-detector's own nodes/status patch (not a kubelet: not NodeRestriction's)
    ("gce-scale-audit", [str(PUB / "gce-scale-audit/audit.log")], 0, set(), {"silent-node-becomes-unknown"}, IDENTITY),
    # -- audit logs of a node that dies (a join in the log, kubelet v1.31) ----------------------
    # bug: the node lifecycle controller's Ready=Unknown status patch and taint patches were not read:
    # a false silent-node-becomes-unknown on a controller that did its job
    (
        "audit-node-dies",
        [str(SIT / "audit-node-dies/audit.log")],
        0,
        set(),
        set(),
        {"silent-node-becomes-unknown", "unreachable-taint-follows-unknown"},
    ),
    # round 5: the log ends ~45 s after worker-b was due, with no kube-controller-manager write in it: a
    # restart it does not show explains that (tryUpdateNodeHealth's fresh grace); not checked
    # (situations5/audit-kcm-renewing-never-marks: the controller seen renewing its leader Lease, caught)
    (
        "audit-controller-silent",
        [str(SIT / "audit-node-dies/audit-controller-silent.log")],
        0,
        set(),
        {"silent-node-becomes-unknown"},
        set(),
    ),
    (
        "audit-no-noexecute-taint",
        [str(SIT / "audit-node-dies/audit-no-noexecute-taint.log")],
        1,
        {"unreachable-taint-follows-unknown"},
        set(),
        set(),
    ),
    (
        "audit-started-mid-life",
        [str(SIT / "audit-node-dies/audit-started-mid-life.log")],
        0,
        set(),
        {"silent-node-becomes-unknown"},
        IDENTITY,
    ),
    # bug: the scheduler's pods/binding to a Node created before the log began gave
    # pods-only-on-existing-nodes and no-schedule-without-ready (the Node "did not exist")
    (
        "audit-binding-to-existing-node",
        [str(SIT / "audit-node-dies/audit-binding-to-existing-node.log")],
        0,
        set(),
        {"pods-only-on-existing-nodes", "no-schedule-without-ready"},
        IDENTITY,
    ),
    # bug: an audit policy logging Nodes at level Metadata (no bodies): the Nodes' creations were read
    # as registrations with Ready=False and no capacity, the controller's writes not at all
    # (silent-node-becomes-unknown on a node the controller had marked Unknown in time)
    (
        "audit-metadata-level",
        [str(SIT / "audit-node-dies/audit-metadata-level.log")],
        0,
        set(),
        {"silent-node-becomes-unknown", "unreachable-taint-follows-unknown"},
        IDENTITY,
    ),
    (
        "audit-controller-metadata-level",
        [str(SIT / "audit-node-dies/audit-controller-metadata-level.log")],
        0,
        set(),
        {"silent-node-becomes-unknown", "unreachable-taint-follows-unknown"},
        {"live-kubelet-renews-in-time"},
    ),
    # -- watch captures -----------------------------------------------------------------------
    (
        "tolerations-zero-and-negative",
        _all(SIT / "tolerations-zero-and-negative"),
        0,
        set(),
        set(),
        {"no-execute-eviction"},
    ),
    (
        "tolerations-negative-not-evicted",
        _all(SIT / "tolerations-negative-not-evicted"),
        1,
        {"no-execute-eviction"},
        set(),
        set(),
    ),
    (
        "nodename-preset-on-cordoned-and-tainted",
        _all(SIT / "nodename-preset-on-cordoned-and-tainted"),
        0,
        set(),
        set(),
        set(),
    ),
    ("preemption-nominated-node", _all(SIT / "preemption-nominated-node"), 0, set(), set(), set()),
    (
        "daemonset-pod-on-cordoned-node",
        _all(SIT / "daemonset-pod-on-cordoned-node"),
        0,
        set(),
        set(),
        {"no-schedule-when-cordoned"},
    ),
    ("spot-instance-terminated", _all(SIT / "spot-instance-terminated"), 0, set(), set(), set()),
    (
        "lease-duration-per-node",
        _all(SIT / "lease-duration-per-node"),
        0,
        set(),
        set(),
        {"live-kubelet-renews-in-time"},
    ),
    (
        "clock-skew-heartbeats-ahead",
        _all(SIT / "clock-skew-heartbeats-ahead"),
        0,
        set(),
        set(),
        {"silent-node-becomes-unknown"},
    ),
    # bug: the node lifecycle controller times the grace from when it saw the Lease change (probeTimestamp =
    # its own clock), the oracle timed it by the kubelet-stamped renewTime: a kubelet 20 s ahead that dies was
    # "marked Unknown 35 s after its heartbeat" (heartbeating-node-stays-known), though upstream waited 50 s
    (
        "clock-skew-ahead-node-dies",
        _all(SIT / "clock-skew-ahead-node-dies"),
        0,
        set(),
        set(),
        {"silent-node-becomes-unknown", "heartbeating-node-stays-known"},
    ),
    ("windows-node-with-os-taint", _all(SIT / "windows-node-with-os-taint"), 0, set(), set(), set()),
    (
        "managed-workers-lag-control-plane",
        _all(SIT / "managed-workers-lag-control-plane"),
        0,
        set(),
        {"heartbeating-node-stays-known"},
        {"silent-node-becomes-unknown"},
    ),
    # bug: no control plane in the capture, kubelets 1.31: the 40 s grace of 1.31 was taken, but the
    # controller may be 1.32+ (skew policy) with 50 s: marked Unknown 55 s after the last renewal was
    # reported late (silent-node-becomes-unknown)
    (
        "managed-workers-lag-marked-at-55s",
        _all(SIT / "managed-workers-lag-marked-at-55s"),
        0,
        set(),
        {"heartbeating-node-stays-known"},
        {"silent-node-becomes-unknown"},
    ),
    # round 5: worker-4 overdue ~55 s at the end of the capture, and no control plane in it (no leader Lease,
    # no kube-controller-manager pod) nor any act of it: a restart it does not show explains that
    # (tryUpdateNodeHealth's fresh grace), so not checked (situations5/managed-controller-acts-never-marks
    # is the same bug where the controller is seen running)
    (
        "managed-controller-never-marks",
        _all(SIT / "managed-controller-never-marks"),
        0,
        set(),
        {"silent-node-becomes-unknown"},
        set(),
    ),
]


@pytest.mark.parametrize(
    ("files", "code", "violated", "unchecked", "checked"), [pytest.param(*c[1:], id=c[0]) for c in CASES]
)
def test_situations3_verdicts(
    files: list[str], code: int, violated: set[str], unchecked: set[str], checked: set[str]
) -> None:
    assert files and all(Path(f).exists() for f in files)
    res = CliRunner().invoke(main, ["check", "--format", "json", *files])
    assert res.exit_code == code, res.output
    rep = json.loads(res.stdout)
    cg.assert_report(rep, violated, unchecked, checked)


@pytest.mark.parametrize("name", ["nodes-wide.txt", "pods-wide-watch.txt", "nodes-describe.txt", "no-resources.txt"])
def test_kubectl_text_output_is_one_clear_line(name: str) -> None:
    """`kubectl get -o wide`, `-w` without `-o`, `describe`: refused at once, saying what to capture."""
    path = SIT / "text-output" / name
    res = CliRunner().invoke(main, ["check", str(path)])
    assert res.exit_code == 2
    err = [ln for ln in res.stderr.splitlines() if ln]
    assert len(err) == 1 and err[0].startswith(f"nodereg: error: {path}:1: "), res.stderr
    assert "-o json" in err[0] and "say --input" not in err[0]


def test_audit_controller_patches_become_model_events() -> None:
    """The controller's writes of the dying node are read: Unknown, then the two taint passes."""
    res = CliRunner().invoke(main, ["check", "--format", "json", str(SIT / "audit-node-dies/audit.log")])
    rep = json.loads(res.stdout)
    silent = json.loads(
        CliRunner()
        .invoke(main, ["check", "--format", "json", str(SIT / "audit-node-dies/audit-controller-silent.log")])
        .stdout
    )
    assert rep["events"] == silent["events"] + 3


def test_mixed_audit_log_names_the_nodes_created_before_it() -> None:
    """A log holding one Node's join and another Node's renewals judges the joined one, says so of the other."""
    lines = (SIT / "audit-node-dies/audit.log").read_text().splitlines()
    kept = [ln for ln in lines if not ('"verb":"create"' in ln and '"name":"worker-a"' in ln)]
    res = CliRunner().invoke(main, ["check", "--format", "json", "-"], input="\n".join(kept) + "\n")
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)
    assert any("created before the audit log began (worker-a)" in n for n in rep["notes"])
    assert rep["coverage"]["silent-node-becomes-unknown"] == "checked"


def _strip_rv(src: Path, dst: Path) -> list[str]:
    """The capture's files as JSON Lines without metadata.resourceVersion (a log shipper's copy)."""
    import gzip

    out = []
    for f in sorted(src.glob("*.json.gz")):
        with gzip.open(f, "rt") as g:
            evs = cg.documents(g.read())
        lines = []
        for ev in evs:
            ev["object"]["metadata"].pop("resourceVersion", None)
            lines.append(json.dumps(ev))
        p = dst / f.name.removesuffix(".gz")
        p.write_text("\n".join(lines) + "\n")
        out.append(str(p))
    return out


@pytest.mark.parametrize(
    "capture",
    [
        # bug: kubectl cordon stamps nothing: merged by time, the cordon was placed at the capture's
        # start, 20 s before the controller's unschedulable taint (condition-taints-follow-conditions)
        "realworld2/drain-and-uncordon",
        "situations3/daemonset-pod-on-cordoned-node",
        # bug: a pod's deletionTimestamp is request + grace: merged by it, an eviction at once (toleration
        # -1) came 30 s late (no-execute-eviction), and a 300 s one of eviction-late-short-toleration too
        "situations3/tolerations-zero-and-negative",
        "realworld2/eviction-late-short-toleration",
        # kept: equal timestamps (truncated to the second) and a Node's DELETED keep their place
        "realworld2/out-of-service-taint",
        "situations3/spot-instance-terminated",
        "realworld2/network-partition-recovery",
    ],
)
def test_merge_without_resource_version_gives_the_same_verdict(capture: str, tmp_path: Path) -> None:
    """Without resourceVersions the files are merged by the objects' own timestamps: same findings."""
    files = _all(DATA / capture)
    plain = _strip_rv(DATA / capture, tmp_path)

    def findings(fs: list[str]) -> tuple[int, list[tuple[str, str, str | None]]]:
        res = CliRunner().invoke(main, ["check", "--format", "json", *fs])
        rep = json.loads(res.stdout)
        return res.exit_code, sorted((v["property"], v["node"], v["pod"]) for v in rep["violations"])

    want = findings(files)
    assert findings(plain) == want
    assert findings(plain[::-1]) == want


def test_rotated_audit_logs_in_logrotate_order(tmp_path: Path) -> None:
    """`nodereg check audit.log*`: logrotate's names list the current log before the older audit.log.1.

    bug: the files were read one after the other, so the older half came after the newer one: the
    controller's Unknown (older file) read after the kubelet's last renewals gave
    heartbeating-node-stays-known. Merged by time, the verdict is the one of the single log.
    """
    lines = (SIT / "audit-node-dies/audit.log").read_text().splitlines(keepends=True)
    (tmp_path / "audit.log").write_text("".join(lines[14:]))
    (tmp_path / "audit.log.1").write_text("".join(lines[:14]))
    files = sorted(str(p) for p in tmp_path.glob("audit.log*"))
    assert files[0].endswith("audit.log")
    res = CliRunner().invoke(main, ["check", "--format", "json", *files])
    assert res.exit_code == 0, res.output
    one = json.loads(
        CliRunner().invoke(main, ["check", "--format", "json", str(SIT / "audit-node-dies/audit.log")]).stdout
    )
    assert json.loads(res.stdout)["events"] == one["events"]


def _restarted(src: Path, dst: Path) -> list[str]:
    """Each watch stopped half-way and started again into a second file, which begins with its own list."""
    import gzip

    out = []
    for f in sorted(src.glob("*.json.gz")):
        with gzip.open(f, "rt") as g:
            evs = cg.documents(g.read())
        listed = next((k for k, e in enumerate(evs) if e["type"] != "ADDED"), len(evs))
        mid = listed + (len(evs) - listed) // 2
        state: dict[tuple[str, str], Any] = {}
        for e in evs[:mid]:
            meta = e["object"]["metadata"]
            key = (meta.get("namespace", ""), meta["name"])
            if e["type"] == "DELETED":
                state.pop(key, None)
            else:
                state[key] = e["object"]
        stem = f.name.removesuffix(".json.gz")
        first, second = dst / f"{stem}-1.json", dst / f"{stem}-2.json"
        first.write_text("".join(json.dumps(e) + "\n" for e in evs[:mid]))
        second.write_text(
            "".join(json.dumps({"type": "ADDED", "object": state[k]}) + "\n" for k in sorted(state))
            + "".join(json.dumps(e) + "\n" for e in evs[mid:])
        )
        out += [str(first), str(second)]
    return out


@pytest.mark.parametrize(
    "capture",
    [
        # bug: the second file's list was taken into the capture's first snapshot: worker-3, Ready at the
        # start, got the later list's stale heartbeat (silent-node-becomes-unknown) and lost its taint
        # (noexecute-swap-never-drops-all)
        "realworld2/network-partition-recovery",
        "realworld2/eviction-late-short-toleration",
        "realworld2/drain-and-uncordon",
        "realworld2/zone-failure-queued",
        "situations3/spot-instance-terminated",
    ],
)
def test_watch_restarted_into_a_second_file(capture: str, tmp_path: Path) -> None:
    """A watch started again (after a 410 Gone, a dropped connection) begins with a list of its own:
    that list is the state at that point of the history, not part of the capture's first moment."""
    files = _restarted(DATA / capture, tmp_path)

    def findings(fs: list[str]) -> tuple[int, list[tuple[str, str, str | None]]]:
        res = CliRunner().invoke(main, ["check", "--format", "json", *fs])
        rep = json.loads(res.stdout)
        return res.exit_code, sorted({(v["property"], v["node"], v["pod"]) for v in rep["violations"]})

    want = findings(_all(DATA / capture))
    assert findings(files) == want
    assert findings(files[::-1]) == want


def test_stdio_audit_knows_nodes_created_before_the_log() -> None:
    """`oracle --stdio --input k8s-audit` on the log of a running cluster with one Node joining: the
    other Node's readiness is unknown, so its zone's state is: no taint-follow verdict (it gave
    unreachable-taint-follows-unknown, the adapter not telling the oracle of the unseen Node)."""
    lines = (SIT / "audit-node-dies/audit.log").read_text().splitlines()
    kept = [ln for ln in lines if not ('"verb":"create"' in ln and '"name":"worker-a"' in ln)]
    res = CliRunner().invoke(main, ["oracle", "--stdio", "--input", "k8s-audit"], input="\n".join(kept) + "\n")
    assert res.exit_code == 0, res.output
    verdicts = [json.loads(ln) for ln in res.stdout.splitlines()]
    assert len(verdicts) == len(kept)
    assert all(v["ok"] and not v["violations"] for v in verdicts), [v for v in verdicts if v["violations"]]
