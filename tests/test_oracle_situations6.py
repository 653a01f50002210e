"""``nodereg check`` on round 6 of operators' situations.

``tests/data/situations6``: captures written by ``generate.py`` there (the upstream reason of each
verdict is in its scenario's docstring and in the row's comment): zone outages as upstream's
``handleDisruption`` keys and counts zones, scheduler bindings that land after a cordon, a kubeadm
upgrade, Nodes deleted and created again, pods created bound, and more serialisations.
"""

from __future__ import annotations

from pathlib import Path

import capturegen as cg
import pytest

DATA = Path(__file__).parent / "data"
SIT = DATA / "situations6"
HB = {"silent-node-becomes-unknown", "heartbeating-node-stays-known"}
BIND = {"no-schedule-when-cordoned", "no-schedule-with-untolerated-taint"}
TAINT = {"unreachable-taint-follows-unknown", "no-execute-eviction"}

CASES: list[tuple[str, int, set[str], set[str], set[str]]] = [
    # (capture, exit code, violated, not checked, checked)
    # -- 1. zones as handleDisruption sees them (pkg/controller/nodelifecycle/node_lifecycle_controller.go)
    # the zone key is region + zone (k8s.io/component-helpers/node/topology GetZoneKey): dc-east/rack-a is
    # partially disrupted (3 of 4) and, <= 50 Nodes, gets rate 0. bug: merged with dc-west/rack-a into one
    # zone of 8 (3 not Ready: normal), unreachable-taint-follows-unknown x3
    ("stretched-cluster-same-zone-names", 0, set(), set(), TAINT | HB),
    # a Node labelled node.kubernetes.io/exclude-disruption is left out of zoneToNodeConditions: the workers'
    # zone fully disrupted is every zone: master disruption mode, markNodeAsReachable removes the NoExecute
    # taint of the first one marked. bug: cp-1 counted (partial disruption), the removal reported
    # (noexecute-swap-never-drops-all)
    ("exclude-disruption-workers-down", 0, set(), set(), TAINT | HB),
    # ... and a controller that taints them anyway, in master disruption mode: caught (was: conforms)
    ("exclude-disruption-ignored", 1, {"control-state-matches-definition"}, set(), set()),
    # one zone fully disrupted while another is normal is not master disruption mode: setLimiterInZone
    # gives it HealthyQPSFunc (0.1 nodes/s); tainted and evicted on time, or never tainted: caught
    ("zone-full-outage-other-zone-healthy", 0, set(), set(), TAINT | HB),
    ("zone-full-outage-never-tainted", 1, {"unreachable-taint-follows-unknown"}, set(), set()),
    # a 60-Node zone, 40 down: partial disruption of a large zone gets --secondary-node-eviction-rate
    # (0.01/s, ReducedQPSFunc), one taint per 100 s; Nodes marked in one pass join the queue in an order no
    # capture shows (each may wait for the pass's last). A controller that stops instead: caught. bug: the
    # queue was joined again (at its end) each time a taint-follow failure window restarted, so a 40-Node
    # outage let the first node wait ~375 s at the normal rate (3750 s at 0.01/s): the stopped controller
    # conformed
    ("large-zone-partial-disruption", 0, set(), set(), TAINT | HB),
    ("large-zone-partial-disruption-stopped", 1, {"unreachable-taint-follows-unknown"}, set(), set()),
    # every zone down (master disruption mode: the taint removed), two Nodes back (the mode left): the
    # still-dead worker-3 tainted again at the normal rate, its pod evicted 300 s after the new taint
    ("master-disruption-exit-retaint", 0, set(), set(), TAINT | HB),
    # -- 2. the scheduler's binding cycle runs after its decision (schedule_one.go bindingCycle, PreBind's
    # VolumeBinding up to bindTimeoutSeconds 600 s); pods/binding checks no cordon. bug: a StatefulSet pod
    # whose WaitForFirstConsumer volume was provisioned for worker-2, bound 25 s after worker-2 was cordoned,
    # reported (no-schedule-when-cordoned, no-schedule-with-untolerated-taint)
    ("binding-after-cordon-volume-prebind", 0, set(), BIND, set()),
    # a plain pod bound 0.4 s after the cordon (the scheduler's informer had not delivered it): within --slack
    ("binding-race-cordon-subsecond", 0, set(), BIND, set()),
    # a plain pod (no PreBind work) bound 25 s after the cordon: the scheduler chose a cordoned node
    ("binding-after-cordon-no-volume", 1, BIND, set(), set()),
    # -- 3. upgrades, Nodes created again, pods created bound
    # kubeadm upgrade apply 1.31 -> 1.32: the controller's mirror pod replaced mid-capture (grace 40 -> 50 s);
    # the 1.32 controller marks a dead worker 55.25 s after its renewal (grace 50 s + a 5.25 s pass). bug:
    # judged by the list's 1.31 controller (40 s + 2 periods + slack = 55 s): silent-node-becomes-unknown.
    # Never marked: caught
    ("kubeadm-upgrade-controller-first", 0, set(), set(), {"silent-node-becomes-unknown"}),
    ("kubeadm-upgrade-never-marks", 1, {"silent-node-becomes-unknown"}, set(), set()),
    # the same seen through nodes and `leases -A` only (the leader Lease shows the controller running): cp-1's
    # kubelet upgraded to v1.32.0 mid-capture says the controller was 1.32 before. bug: judged by the listed
    # kubelet's 1.31 (40 s), worker-3 marked 56 s after its renewal: silent-node-becomes-unknown
    ("kubeadm-upgrade-nodes-only", 0, set(), set(), {"silent-node-becomes-unknown"}),
    # kubectl delete node, the kubelet registers it again 15 s later: PodGC's 40 s quarantine finds the Node
    # again, its pods stay bound
    ("node-recreated-within-podgc-quarantine", 0, set(), set(), HB | {"no-execute-eviction"}),
    # a pod created with spec.nodeName on a NoExecute taint it does not tolerate: not a scheduler decision;
    # the taint-eviction controller deletes it at once (processPodOnNode), or never: caught
    ("nodename-preset-on-noexecute-taint", 0, set(), set(), BIND | {"no-execute-eviction"}),
    ("nodename-preset-never-evicted", 1, {"no-execute-eviction", "untolerated-noexecute-pod-is-gone"}, set(), set()),
    # Karpenter v1: the Node deleted, kept by its karpenter.sh/termination finalizer while drained; the
    # instance terminated, the controller marks it Unknown and taints it before the finalizer goes
    ("karpenter-node-finalizer-unknown", 0, set(), set(), HB | {"no-execute-eviction"}),
    # -- audit logs: a binding is judged by the tolerations of the pod's logged creation, as the Node was
    # when the scheduler may have decided. bug: the pod was taken as an ordinary pod with the default
    # tolerations: a DaemonSet pod bound to a cordoned node, and any pod whose creation the policy does not
    # log, reported (no-schedule-when-cordoned, no-schedule-with-untolerated-taint); a binding 0.3 s after
    # the cordon too
    ("audit-daemonset-binding-cordoned", 0, set(), set(), BIND),
    ("audit-binding-pod-not-logged", 0, set(), BIND, set()),
    ("audit-binding-race-cordon", 0, set(), BIND, set()),
    ("audit-binding-after-cordon", 1, BIND, set(), set()),
    # -- 4. serialisations: `-o yaml` watches, PowerShell 5.1's UTF-16LE redirect, UTF-8 with a BOM and CRLF
    ("yaml-watch", 0, set(), set(), HB | TAINT),
    ("yaml-watch-never-marked", 1, {"silent-node-becomes-unknown"}, set(), set()),
    ("powershell-utf16-redirect", 0, set(), set(), HB | TAINT),
    ("powershell-utf16-never-marked", 1, {"silent-node-becomes-unknown"}, set(), set()),
    ("utf8-bom-crlf", 0, set(), set(), HB | TAINT),
]


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), CASES, ids=[c[0] for c in CASES])
def test_situations6_verdicts(name: str, code: int, violated: set[str], unchecked: set[str], checked: set[str]) -> None:
    cg.check_situation(SIT / name, code, violated, unchecked, checked)


@pytest.mark.parametrize(
    ("name", "code", "violated"),
    [
        ("raw-watch-bookmarks", 0, set()),
        ("raw-watch-bookmarks-never-marked", 1, {"silent-node-becomes-unknown"}),
    ],
)
def test_raw_watch_bookmarks(name: str, code: int, violated: set[str]) -> None:
    """`kubectl get --raw '...?watch=1&allowWatchBookmarks=true'`: BOOKMARK events (an object of the kind
    with only a resourceVersion) and the closing ERROR 410 Gone are counted as ignored, never read as
    objects; everything else is judged."""
    files = sorted(str(p) for p in (SIT / name).iterdir())
    got, rep = cg.check_files(files)
    assert got == code, rep
    assert set(rep["ignored"]) == {"watch BOOKMARK events", "watch ERROR events"}, rep["ignored"]
    assert rep["input_errors"] == []
    assert {v["property"] for v in rep["violations"]} == violated
    assert rep["coverage"]["silent-node-becomes-unknown"] == "checked"


def test_situations6_readme_lists_every_capture() -> None:
    readme = (SIT / "README.md").read_text()
    dirs = sorted(p.name for p in SIT.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert dirs == sorted([c[0] for c in CASES] + ["raw-watch-bookmarks", "raw-watch-bookmarks-never-marked"])
    for d in dirs:
        assert f"| {d} |" in readme, d


def test_zone_notes_name_region_and_exclusion() -> None:
    """The notes say which zone (with its region) stopped tainting, and that an excluded Node was not
    counted."""
    _, rep = cg.check_files(sorted(str(p) for p in (SIT / "stretched-cluster-same-zone-names").iterdir()))
    assert any("zone rack-a (region dc-east) has 3 of its 4 Nodes" in n for n in rep["notes"]), rep["notes"]
    _, rep = cg.check_files(sorted(str(p) for p in (SIT / "exclude-disruption-workers-down").iterdir()))
    assert any("master disruption mode" in n and "exclude-disruption" in n for n in rep["notes"]), rep["notes"]


def test_upgrade_is_said() -> None:
    _, rep = cg.check_files(sorted(str(p) for p in (SIT / "kubeadm-upgrade-controller-first").iterdir()))
    assert any(
        "node worker-3 was marked Unknown within the node-monitor-grace-period 50 s" in n and "v1.32.0" in n
        for n in rep["notes"]
    ), rep["notes"]
    # --k8s-version fixes the timing: the 1.31 bound is the user's, the finding stays
    code, rep = cg.check_files(
        sorted(str(p) for p in (SIT / "kubeadm-upgrade-controller-first").iterdir()), "--k8s-version", "1.31"
    )
    assert code == 1 and {v["property"] for v in rep["violations"]} == {"silent-node-becomes-unknown"}


def test_prebind_binding_says_why() -> None:
    _, rep = cg.check_files(sorted(str(p) for p in (SIT / "binding-after-cordon-volume-prebind").iterdir()))
    why = rep["coverage"]["no-schedule-when-cordoned"]
    assert "db/postgres-0" in why and "PreBind" in why and "bindTimeoutSeconds" in why, why


def test_zone_key_is_upstreams() -> None:
    """GetZoneKey: the beta labels first, region and zone together; no label: one zone ("")."""
    from nodereg.oracle.k8s import node_zone as _zone

    def node(**labels: str) -> dict[str, object]:
        return {"metadata": {"labels": labels}}

    assert _zone(node()) is None
    assert _zone(node(**{"topology.kubernetes.io/zone": "a"})) == "a"
    assert _zone(node(**{"topology.kubernetes.io/zone": "a", "topology.kubernetes.io/region": "r1"})) != _zone(
        node(**{"topology.kubernetes.io/zone": "a", "topology.kubernetes.io/region": "r2"})
    )
    assert _zone(node(**{"topology.kubernetes.io/zone": "a", "failure-domain.beta.kubernetes.io/zone": "b"})) == "b"
    assert _zone(node(**{"topology.kubernetes.io/region": "r1"})) is not None
