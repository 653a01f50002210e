"""The timing a capture is judged with comes from the captured cluster, unless the command line says.

Why: node-monitor-grace-period is 40 s before 1.32 and 50 s from 1.32. A capture of a 1.31 cluster
checked without ``--k8s-version`` was judged with 1.35's 50 s, so a correct Unknown 41 s after the
last heartbeat was reported as ``heartbeating-node-stays-known`` (a false alarm). A real capture
says which version runs: the kube-controller-manager static pod's image tag and its explicit flags
(``--node-monitor-grace-period=40s``), every Node's ``status.nodeInfo.kubeletVersion``.

The captures are built with ``tests/capturegen.py`` (a kubeadm cluster seen through ``kubectl get
-w --output-watch-events -o json``) and given the version and flags of each row: a worker's kubelet
stops and the node lifecycle controller marks it Unknown ``unknown_after`` s after its last Lease
renewal, then taints it unreachable. ``tests/data/inferred/`` holds one of them for the command line
(``python tests/test_oracle_inferred_timing.py`` writes it again).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from nodereg.cli import main
from nodereg.oracle import check
from nodereg.oracle.k8s import capture_timing, go_duration, minor_version

sys.path.insert(0, str(Path(__file__).parent))
import capturegen as cg

DATA = Path(__file__).parent / "data" / "inferred"
KCM = "kube-system/kube-controller-manager-cp-1"
#: what kubeadm puts on kube-controller-manager's command line (before the flags of a row)
KUBEADM_FLAGS = [
    "kube-controller-manager",
    "--allocate-node-cidrs=true",
    "--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf",
    "--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf",
    "--bind-address=127.0.0.1",
    "--client-ca-file=/etc/kubernetes/pki/ca.crt",
    "--cluster-cidr=10.244.0.0/16",
    "--cluster-name=kubernetes",
    "--controllers=*,bootstrapsigner,tokencleaner",
    "--kubeconfig=/etc/kubernetes/controller-manager.conf",
    "--leader-elect=true",
    "--root-ca-file=/etc/kubernetes/pki/ca.crt",
    "--service-account-private-key-file=/etc/kubernetes/pki/sa.key",
    "--use-service-account-credentials=true",
]


def image(v: str) -> str:
    return f"registry.k8s.io/kube-controller-manager:{v}"


def build(
    out: Path,
    *,
    kcm_image: str | None = None,
    flags: tuple[str, ...] = (),
    kubelets: dict[str, str | None] | None = None,
    control_plane_label: bool = True,
    unknown_after: float = 41.0,
    lease_seconds: int | None = None,
) -> list[str]:
    """A kubeadm cluster (cp-1, w-1..w-3) whose w-2 falls silent; its capture files in ``out``.

    ``kcm_image``: the kube-controller-manager container's image (None: a pod without a
    kube-controller-manager container, as capturegen writes it); ``flags``: its extra flags;
    ``kubelets``: node -> kubeletVersion (a node not named has none; None: every node v1.35.0).
    """
    c = cg.healthy(3)
    cg.kubelet_dies(c, "w-2", cg.T0 + 60, unknown_after=unknown_after)
    c.run(cg.T0 + 200)
    for _kind, _typ, obj in c.events:
        meta = obj["metadata"]
        if obj["kind"] == "Node":
            info = obj["status"]["nodeInfo"]
            version = "v1.35.0" if kubelets is None else kubelets.get(meta["name"])
            if version is None:
                info.pop("kubeletVersion", None)
            else:
                info["kubeletVersion"] = version
            if not control_plane_label:
                meta["labels"].pop("node-role.kubernetes.io/control-plane", None)
        elif obj["kind"] == "Pod" and meta["name"] == "kube-controller-manager-cp-1":
            meta["labels"] = {"component": "kube-controller-manager", "tier": "control-plane"}
            if kcm_image is not None:
                ctr = obj["spec"]["containers"][0]
                ctr["name"], ctr["image"] = "kube-controller-manager", kcm_image
                ctr["command"] = [*KUBEADM_FLAGS, *flags]
        elif obj["kind"] == "Lease" and lease_seconds is not None:
            obj["spec"]["leaseDurationSeconds"] = lease_seconds
    return [str(p) for p in c.write(out)]


STAYS_KNOWN = {("heartbeating-node-stays-known", "w-2")}

# (id, build arguments, check arguments, violations {(property, node)}, version judged, a note's words)
ROWS: list[tuple[str, dict[str, Any], dict[str, Any], set[tuple[str, str]], str, str]] = [
    (
        "1.31 image, Unknown at 41 s",
        {"kcm_image": image("v1.31.4")},
        {},
        set(),
        "1.31",
        f"the defaults of Kubernetes 1.31, from the kube-controller-manager image {image('v1.31.4')} ({KCM})",
    ),
    (
        "1.33 image, Unknown at 41 s",
        {"kcm_image": image("v1.33.1")},
        {},
        STAYS_KNOWN,
        "1.33",
        "the defaults of Kubernetes 1.33, from the kube-controller-manager image",
    ),
    (
        "grace flag 20s, Unknown at 22 s",
        {"kcm_image": image("v1.33.1"), "unknown_after": 22.0, "flags": ("--node-monitor-grace-period=20s",)},
        {},
        set(),
        "1.33",
        f"node-monitor-grace-period = 20 s from kube-controller-manager --node-monitor-grace-period=20s ({KCM})",
    ),
    (
        "grace flag as 'name value', Go duration",
        {"kcm_image": image("v1.33.1"), "unknown_after": 22.0, "flags": ("--node-monitor-grace-period", "0m20s")},
        {},
        set(),
        "1.33",
        "node-monitor-grace-period = 20 s from kube-controller-manager --node-monitor-grace-period=0m20s",
    ),
    (
        "no version info, Unknown at 41 s: as before",
        {"kubelets": {}},
        {},
        STAYS_KNOWN,
        "1.35",
        "the defaults of Kubernetes 1.35, nodereg's default: the capture shows no kube-controller-manager image "
        "and no kubelet version",
    ),
    (
        "no version info, Unknown at 52.3 s",
        {"kubelets": {}, "unknown_after": 52.3},
        {},
        set(),
        "1.35",
        "nodereg's default",
    ),
    (
        "kubelets only: the lowest of the control-plane nodes",
        {"kubelets": {"cp-1": "v1.31.4", "w-1": "v1.30.9", "w-2": "v1.31.4", "w-3": "v1.31.4"}},
        {},
        set(),
        "1.31",
        "from the lowest kubelet version among the control-plane nodes, v1.31.4 on cp-1",
    ),
    (
        "kubelets only, no control-plane role: the lowest of all nodes",
        {
            "control_plane_label": False,
            "kubelets": {"cp-1": "v1.33.0", "w-1": "v1.33.0", "w-2": "v1.31.4-eks-2f1e", "w-3": "v1.33.0"},
        },
        {},
        set(),
        "1.31",
        "from the lowest kubelet version among the nodes, v1.31.4-eks-2f1e on w-2",
    ),
    (
        "the image wins over the kubelets",
        {"kcm_image": image("v1.33.1"), "kubelets": {"cp-1": "v1.31.4"}},
        {},
        STAYS_KNOWN,
        "1.33",
        "from the kube-controller-manager image",
    ),
    (
        "older than nodereg knows: the nearest known",
        {"kcm_image": image("v1.14.10")},
        {},
        set(),
        "1.17",
        "the capture says Kubernetes 1.14 (the kube-controller-manager image",
    ),
    (
        "newer than nodereg knows: the nearest known",
        {"kcm_image": image("v1.99.0")},
        {},
        STAYS_KNOWN,
        "1.35",
        "newer than nodereg knows: the defaults of 1.35, the nearest known",
    ),
    (
        "--k8s-version wins over the capture",
        {"kcm_image": image("v1.31.4")},
        {"k8s_version": "1.33"},
        STAYS_KNOWN,
        "1.33",
        "the defaults of Kubernetes 1.33 (--k8s-version); not the capture's: the kube-controller-manager "
        f"image {image('v1.31.4')} ({KCM}) says 1.31",
    ),
    (
        "--k8s-version agreeing with the capture",
        {"kcm_image": image("v1.31.4")},
        {"k8s_version": "1.31"},
        set(),
        "1.31",
        "the defaults of Kubernetes 1.31 (--k8s-version); the capture agrees",
    ),
    (
        "--param wins over the flag",
        {"kcm_image": image("v1.33.1"), "unknown_after": 22.0, "flags": ("--node-monitor-grace-period=20s",)},
        {"params": {"node_monitor_grace_period": 50}},
        STAYS_KNOWN,
        "1.33",
        "node-monitor-grace-period = 50 s from --param (the capture's kube-controller-manager "
        "--node-monitor-grace-period=20s",
    ),
    (
        "a flag nodereg cannot read keeps the default",
        {"kcm_image": image("v1.31.4"), "flags": ("--node-monitor-grace-period=forty",)},
        {},
        set(),
        "1.31",
        "--node-monitor-grace-period=forty in kube-system/kube-controller-manager-cp-1 is not a value",
    ),
]


@pytest.mark.parametrize(
    ("build_kw", "check_kw", "want", "version", "note"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS]
)
def test_capture_timing(
    tmp_path: Path,
    build_kw: dict[str, Any],
    check_kw: dict[str, Any],
    want: set[tuple[str, str]],
    version: str,
    note: str,
) -> None:
    rep = check(build(tmp_path, **build_kw), **check_kw)
    assert not rep.input_errors
    assert {(v.property, v.node) for v in rep.violations} == want, [v.message for v in rep.violations]
    assert rep.oracle is not None and rep.oracle.k8s_version == version
    assert any(note in n for n in rep.notes), rep.notes


def test_flags_set_the_parameters_they_name(tmp_path: Path) -> None:
    flags = (
        "--node-monitor-period=500ms",
        "--node-startup-grace-period",
        "1m30s",
        "--node-eviction-rate=0.2",
        "--node-monitor-grace-period=45s",
    )
    rep = check(build(tmp_path, kcm_image=image("v1.31.4"), flags=flags, unknown_after=46.0, lease_seconds=20))
    o = rep.oracle
    assert o is not None and not rep.violations
    assert o.params["node_monitor_period"] == 1  # whole seconds, rounded up
    assert o.params["node_startup_grace_period"] == 90
    assert o.params["node_monitor_grace_period"] == 45
    assert o.params["lease_renew_interval"] == 5  # leaseDurationSeconds 20 * 0.25
    assert o.params["heartbeat_gap_max"] == 45  # no flag: 1.31's default
    assert o.eviction_rate == 0.2
    assert any("--node-monitor-period=500ms" in n and "rounded up to 1 s" in n for n in rep.notes)
    assert any("node-eviction-rate = 0.2 nodes/s" in n for n in rep.notes)
    assert any("leaseDurationSeconds 20" in n for n in rep.notes)


def test_timing_is_fixed_before_the_first_judgement(tmp_path: Path) -> None:
    """The list the capture starts with decides, whatever the order of files and objects in it."""
    files = build(tmp_path, kcm_image=image("v1.31.4"))
    for order in (files, files[::-1]):
        rep = check(order)
        assert rep.conforms and rep.oracle is not None and rep.oracle.k8s_version == "1.31"
    with pytest.raises(RuntimeError):
        rep.oracle.retime({}, "1.33")  # once checking has begun, the timing is fixed


def test_events_traces_and_given_oracles_are_not_retimed(tmp_path: Path) -> None:
    from nodereg.oracle import Oracle

    o = Oracle(k8s_version="1.33")
    rep = check(build(tmp_path, kcm_image=image("v1.31.4")), oracle=o)
    assert o.k8s_version == "1.33" and not any(n.startswith("timing:") for n in rep.notes)
    ev = Path(__file__).parent / "data" / "oracle" / "healthy.events.jsonl"
    rep = check(str(ev))
    assert rep.conforms and not any(n.startswith("timing:") for n in rep.notes)


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("40s", 40),
        ("1m0s", 60),
        ("500ms", 0.5),
        ("1h2m3.5s", 3723.5),
        ("0", 0),
        ("1.5m", 90),
        ("250us", 0.00025),
    ],
)
def test_go_durations(text: str, seconds: float) -> None:
    assert go_duration(text) == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["", "40", "-5s", "forty", "5 s", "1d", "s"])
def test_not_go_durations(text: str) -> None:
    with pytest.raises(ValueError):
        go_duration(text)


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("v1.31.4", (1, 31)),
        ("1.32", (1, 32)),
        ("v1.30.2-eks-1a2b3c", (1, 30)),
        ("v1.29.3+k3s1", (1, 29)),
        ("latest", None),
        ("v1", None),
        ("sha256:abc", None),
    ],
)
def test_minor_versions(text: str, version: tuple[int, int] | None) -> None:
    assert minor_version(text) == version


def test_odd_objects_never_crash_the_inference() -> None:
    objs: list[Any] = [
        None,
        {},
        {"metadata": "x"},
        {
            "kind": "Pod",
            "metadata": {"name": "kube-controller-manager-a", "namespace": "kube-system"},
            "spec": {"containers": [None, {"name": "kube-controller-manager", "image": 5, "command": "x"}]},
        },
        {
            "kind": "Pod",
            "metadata": {
                "name": "kube-controller-manager-b",
                "namespace": "kube-system",
                "labels": {"component": "kube-controller-manager"},
            },
            "spec": {
                "containers": [
                    {
                        "image": "registry.k8s.io/kube-controller-manager@sha256:0f",
                        "command": ["kube-controller-manager", 7, "--node-eviction-rate=-1"],
                    }
                ]
            },
        },
        {"kind": "Node", "metadata": {"name": "n", "labels": None}, "status": {"nodeInfo": {"kubeletVersion": 1}}},
        {
            "kind": "Lease",
            "metadata": {"name": "n", "namespace": "kube-node-lease"},
            "spec": {"leaseDurationSeconds": "40"},
        },
    ]
    found = capture_timing(objs)
    assert found["image"] is None and found["kubelet"] is None and found["eviction_rate"] is None
    assert any("names no version" in n for n in found["notes"])
    assert any("--node-eviction-rate=-1" in n for n in found["notes"])


def test_kube_controller_manager_pods_that_disagree(tmp_path: Path) -> None:
    def kcm(node: str, v: str, grace: str) -> dict[str, Any]:
        return {
            "kind": "Pod",
            "metadata": {
                "name": f"kube-controller-manager-{node}",
                "namespace": "kube-system",
                "labels": {"component": "kube-controller-manager"},
            },
            "spec": {
                "nodeName": node,
                "containers": [
                    {
                        "name": "kube-controller-manager",
                        "image": image(v),
                        "command": ["kube-controller-manager", f"--node-monitor-grace-period={grace}"],
                    }
                ],
            },
        }

    found = capture_timing([kcm("cp-1", "v1.32.0", "40s"), kcm("cp-2", "v1.31.2", "50s")])
    assert found["image"][0] == (1, 31)  # an upgrade in progress: the lowest
    assert found["flags"] == {}  # disagreeing flags are not taken
    assert any("run different versions" in n for n in found["notes"])
    assert any("disagree on --node-monitor-grace-period" in n for n in found["notes"])


# -- the command line, on the committed capture ------------------------------------------------------


def _cli(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["check", *args])
    return res.exit_code, res.output


def test_cli_on_a_1_31_capture() -> None:
    files = [str(DATA / "v1.31-unknown-at-41s" / f) for f in ("nodes-pods.json", "leases.json")]
    code, out = _cli(*files)
    assert code == 0, out
    assert "note: timing: the defaults of Kubernetes 1.31, from the kube-controller-manager image" in out
    code, out = _cli("--k8s-version", "1.33", *files)
    assert code == 1 and "[heartbeating-node-stays-known]" in out, out
    assert "note: timing: the defaults of Kubernetes 1.33 (--k8s-version); not the capture's" in out
    code, out = _cli("--format", "json", "--param", "node-monitor-grace-period=50s", *files)
    rep = json.loads(out)
    assert code == 1 and {v["property"] for v in rep["violations"]} == {"heartbeating-node-stays-known"}
    assert "timing: node-monitor-grace-period = 50 s from --param" in rep["notes"]


if __name__ == "__main__":  # write tests/data/inferred/ again
    build(
        DATA / "v1.31-unknown-at-41s",
        kcm_image=image("v1.31.4"),
        kubelets={"cp-1": "v1.31.4", "w-1": "v1.31.4", "w-2": "v1.31.4", "w-3": "v1.31.4"},
        flags=("--node-monitor-period=5s", "--node-eviction-rate=0.1"),
    )
