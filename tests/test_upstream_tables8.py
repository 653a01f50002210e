"""Upstream unit-test tables, round 8: each row (pytest id = upstream test name / row name) as a capture.

A row becomes a capture in which the component does what upstream's test asserts; it must conform.
Where the row asserts a write (a taint, an Unknown, a refusal to bind), a deviating capture leaves it
out (or makes the forbidden one) and must be flagged by the matching property. Rows the oracle
cannot express are documented skips (``pytest.skip`` with the reason); their reasons are also in
:data:`SKIPS`, so the report lists them. Upstream files and commits:

* ``pkg/scheduler/framework/plugins/noderesources/fit_test.go`` @ 007f7ae7: TestEnoughRequests,
  TestNotEnoughRequests, TestStorageRequests (capturegen: a pod bound next to NodeInfo's pod on a
  Node with upstream's allocatable, 10m cpu);
* ``pkg/scheduler/framework/plugins/tainttoleration/taint_toleration_test.go`` @ cb6ff2d8
  TestTaintTolerationFilter and ``.../nodeunschedulable/node_unschedulable_test.go`` @ b574b11f
  TestNodeUnschedulable, the rows already transcribed in ``tests/test_rules.py`` (the helper
  ``scheduler_filter`` is judged there; here the binding in a capture);
* ``pkg/controller/nodelifecycle/node_lifecycle_controller_test.go`` @ 042f1843: TestMonitorNodeHealth
  (zone states), TestApplyNoExecuteTaints, TestApplyNoExecuteTaintsToUnreachableNode,
  TestApplyNoExecuteTaintsToNodesEnqueueTwice, TestSwapUnreachableNotReadyTaints,
  TestTaintsNodeByCondition, plus documented skips for the tests about pods' Ready condition,
  Events, labels and the controller's cache. Their captures come from the time-stepped controller of
  ``tests/data/upstream_tables/generate.py`` (``Upstream``), which follows monitorNodeHealth and
  handleDisruption with upstream's real timing; a deviating controller is the same with one
  behaviour switched off.

TestMonitorNodeHealthUpdateStatus and ...UpdateNodeAndPodStatusWithLease are round 7's
(``tests/test_upstream_tables7.py``); toleration matching (helpers_test.go, v1 toleration_test.go)
is ``tests/test_rules.py``'s.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest

from nodereg.oracle import check

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "data" / "upstream_tables"))
import capturegen as cg  # noqa: E402
import generate as gen  # noqa: E402
import test_rules as tr  # noqa: E402

NODE = "w-4"  # upstream's node: a worker that runs nothing else
TT = cg.T0 + 20.0
END = TT + 60.0

Found = set[tuple[str, str | None, str | None]]

#: every documented skip of this file: (test, row) -> why the oracle cannot judge it
SKIPS: dict[tuple[str, str], str] = {}


def _skip(test: str, row: str, why: str) -> None:
    SKIPS[(test, row)] = why
    pytest.skip(why)


def _judge(paths: list[Path]) -> tuple[Found, list[str], dict[str, str], list[str]]:
    """The oracle on a capture: {(property, node, pod)}, the messages, the coverage, the notes."""
    rep = check([str(p) for p in paths])
    assert rep.input_errors == [] and rep.ignored == {}, (rep.input_errors, rep.ignored)
    msgs = [f"{v.property} {v.node} {v.pod}: {v.message}" for v in rep.violations]
    return {(v.property, v.node, v.pod) for v in rep.violations}, msgs, rep.coverage, rep.notes


def _capture(c: cg.Cluster, tmp: Path, end: float = END) -> tuple[Found, list[str]]:
    c.run(end)
    found, msgs, _, _ = _judge(c.write(tmp))
    return found, msgs


# =================================================================================================
# noderesources fit_test.go: TestEnoughRequests, TestNotEnoughRequests, TestStorageRequests
# =================================================================================================
#
# Node allocatable: makeAllocatableResources(10, 20, 32, ...) = 10m cpu, 20 bytes memory, 32 pods.
# NodeInfo holds one pod (``existing``, its cpu in millicores); the row's pod: its containers' and
# init containers' cpu, spec.overhead cpu; ``insufficient``: the resources upstream's Filter names
# (wantStatus "Insufficient X" / "Too many pods"), empty = it fits.

FIT_ROWS: list[dict[str, Any]] = [
    {"t": "TestEnoughRequests", "name": "no resources requested always fits", "c": [], "existing": 10, "ins": []},
    {"t": "TestEnoughRequests", "name": "too many resources fails", "c": [1], "existing": 10, "ins": ["cpu", "memory"]},
    {
        "t": "TestEnoughRequests",
        "name": "too many resources fails due to init container cpu",
        "c": [1],
        "init": [3],
        "existing": 8,
        "ins": ["cpu"],
    },
    {
        "t": "TestEnoughRequests",
        "name": "too many resources fails due to highest init container cpu",
        "c": [1],
        "init": [3, 2],
        "existing": 8,
        "ins": ["cpu"],
    },
    {
        "t": "TestEnoughRequests",
        "name": "too many resources fails due to init container memory",
        "c": [1],
        "init": [1],
        "existing": 9,
        "ins": ["memory"],
    },
    {
        "t": "TestEnoughRequests",
        "name": "too many resources fails due to highest init container memory",
        "c": [1],
        "init": [1, 1],
        "existing": 9,
        "ins": ["memory"],
    },
    {
        "t": "TestEnoughRequests",
        "name": "init container fits because it's the max, not sum, of containers and init containers",
        "c": [1],
        "init": [1],
        "existing": 9,
        "ins": [],
    },
    {
        "t": "TestEnoughRequests",
        "name": "multiple init containers fit because it's the max, not sum, of containers and init containers",
        "c": [1],
        "init": [1, 1],
        "existing": 9,
        "ins": [],
    },
    {"t": "TestEnoughRequests", "name": "both resources fit", "c": [1], "existing": 5, "ins": []},
    {"t": "TestEnoughRequests", "name": "one resource memory fits", "c": [2], "existing": 9, "ins": ["cpu"]},
    {"t": "TestEnoughRequests", "name": "one resource cpu fits", "c": [1], "existing": 5, "ins": ["memory"]},
    {"t": "TestEnoughRequests", "name": "equal edge case", "c": [5], "existing": 5, "ins": []},
    {
        "t": "TestEnoughRequests",
        "name": "equal edge case for init container",
        "c": [4],
        "init": [5],
        "existing": 5,
        "ins": [],
    },
    {"t": "TestEnoughRequests", "name": "extended resource fits", "c": [0], "existing": 0, "ins": []},
    {
        "t": "TestEnoughRequests",
        "name": "extended resource fits for init container",
        "c": [0],
        "init": [0],
        "existing": 0,
        "ins": [],
    },
    *[
        {"t": "TestEnoughRequests", "name": n, "c": [1], "existing": 0, "ins": [res]}
        for n, res in (
            ("extended resource capacity enforced", "example.com/aaa"),
            ("extended resource capacity enforced for init container", "example.com/aaa"),
            ("extended resource allocatable enforced", "example.com/aaa"),
            ("extended resource allocatable enforced for init container", "example.com/aaa"),
            ("extended resource allocatable enforced for multiple containers", "example.com/aaa"),
            ("extended resource allocatable enforced for multiple init containers", "example.com/aaa"),
            ("extended resource allocatable enforced for unknown resource", "example.com/bbb"),
            ("extended resource allocatable enforced for unknown resource for init container", "example.com/bbb"),
            ("kubernetes.io resource capacity enforced", "kubernetes.io/something"),
            ("kubernetes.io resource capacity enforced for init container", "subdomain.kubernetes.io/something"),
            ("hugepages resource capacity enforced", "hugepages-2Mi"),
            ("hugepages resource capacity enforced for init container", "hugepages-2Mi"),
            ("hugepages resource allocatable enforced for multiple containers", "hugepages-2Mi"),
        )
    ],
    {
        "t": "TestEnoughRequests",
        "name": "extended resource allocatable admits multiple init containers",
        "c": [0],
        "init": [1, 1],
        "existing": 0,
        "ins": [],
    },
    {"t": "TestEnoughRequests", "name": "skip checking ignored extended resource", "c": [1], "existing": 0, "ins": []},
    {
        "t": "TestEnoughRequests",
        "name": "resources + pod overhead fits",
        "c": [1],
        "overhead": 3,
        "existing": 5,
        "ins": [],
    },
    {
        "t": "TestEnoughRequests",
        "name": "requests + overhead does not fit for memory",
        "c": [1],
        "overhead": 1,
        "existing": 5,
        "ins": ["memory"],
    },
    # allocatable pods = 1 (makeAllocatableResources(10, 20, 1, ...)), NodeInfo already holds one pod
    *[
        {"t": "TestNotEnoughRequests", "name": n, "c": c, "init": i, "existing": e, "ins": ["pods"]}
        for n, c, i, e in (
            ("even without specified resources predicate fails when there's no space for additional pod", [], [], 10),
            ("even if both resources fit predicate fails when there's no space for additional pod", [1], [], 5),
            ("even for equal edge case predicate fails when there's no space for additional pod", [5], [], 5),
            (
                "even for equal edge case predicate fails when there's no space for additional pod due to init "
                "container",
                [5],
                [5],
                5,
            ),
        )
    ],
    {"t": "TestStorageRequests", "name": "due to container scratch disk", "c": [1], "existing": 10, "ins": ["cpu"]},
    {"t": "TestStorageRequests", "name": "pod fit", "c": [1], "existing": 2, "ins": []},
    {
        "t": "TestStorageRequests",
        "name": "storage ephemeral local storage request exceeds allocatable",
        "c": [0],
        "existing": 2,
        "ins": ["ephemeral-storage"],
    },
    {"t": "TestStorageRequests", "name": "pod fits", "c": [0], "existing": 2, "ins": []},
]

NOT_COUNTED = (
    "upstream's Filter refuses the pod for {res} alone, which the model does not count: a pod's request is "
    "its cpu (bound-requests-fit-allocatable, oracle/k8s.py pod_request); the cpu part of the row fits"
)


def _cpu_pod(c: cg.Cluster, name: str, node: str | None, row: dict[str, Any], t: float | None) -> None:
    """A pod as newResourcePod / newResourceInitPod / newResourceOverheadPod build it (cpu only)."""
    c.pod("default", name, node, owner=None, t=t, default_tolerations=True)
    obj = c.pods[f"default/{name}"]
    spec = obj["spec"]
    spec["containers"] = [
        {"name": f"c{i}", "image": "registry.k8s.io/pause:3.10", "resources": {"requests": {"cpu": f"{m}m"}}}
        for i, m in enumerate(row["c"])
    ] or [{"name": "c0", "image": "registry.k8s.io/pause:3.10"}]
    if row.get("init"):
        spec["initContainers"] = [
            {"name": f"i{i}", "image": "busybox:1.36", "resources": {"requests": {"cpu": f"{m}m"}}}
            for i, m in enumerate(row["init"])
        ]
    if row.get("overhead"):
        spec["overhead"] = {"cpu": f"{row['overhead']}m"}
    c.events[-1] = (c.events[-1][0], c.events[-1][1], copy.deepcopy(obj))


@pytest.mark.parametrize("row", FIT_ROWS, ids=[f"{r['t']}/{r['name']}" for r in FIT_ROWS])
def test_noderesources_fit(row: dict[str, Any], tmp_path: Path) -> None:
    """The scheduler binds the row's pod next to NodeInfo's: a violation of bound-requests-fit-allocatable
    exactly when upstream's Filter says Insufficient cpu."""
    other = [r for r in row["ins"] if r != "cpu"]
    if other and "cpu" not in row["ins"]:
        _skip(row["t"], row["name"], NOT_COUNTED.format(res=", ".join(other)))
    c = cg.Cluster()
    c.kubeadm(3)
    c.node(NODE, heartbeat_age=33, cpu="10m")
    _cpu_pod(c, "existing", NODE, {"c": [row["existing"]]}, None)
    c.start_watch()
    c.at(TT, _cpu_pod, c, "pod", None, row, TT)
    c.at(TT + 1, c.bind, "default/pod", NODE, TT + 1)
    found, msgs = _capture(c, tmp_path)
    want = {("bound-requests-fit-allocatable", NODE, "default/pod")} if "cpu" in row["ins"] else set()
    assert found == want, msgs


# =================================================================================================
# TaintToleration and NodeUnschedulable Filter: the binding in a capture
# =================================================================================================


def _sched_cluster(taints: list[dict[str, Any]], cordon: bool) -> cg.Cluster:
    c = cg.Cluster()
    c.kubeadm(3)
    c.node(NODE, heartbeat_age=33)
    c.start_watch()
    if taints:
        c.at(TT, c.set_taints, NODE, TT, add=taints, manager="kubectl-taint")
    if cordon:
        c.at(TT, c.cordon, NODE, TT)
    return c


def _bind_row_pod(c: cg.Cluster, tolerations: list[dict[str, Any]]) -> None:
    c.at(TT + 5, c.create_pod, "default", "pod1", TT + 5, tolerations=tolerations, default_tolerations=False)
    c.at(TT + 6, c.bind, "default/pod1", NODE, TT + 6)


@pytest.mark.parametrize(("tolerations", "taints", "legacy_reason"), tr.TAINT_TOLERATION_FILTER_ROWS)
def test_taint_toleration_filter_binding(
    tolerations: list[dict[str, Any]], taints: list[dict[str, Any]], legacy_reason: str | None, tmp_path: Path
) -> None:
    """TestTaintTolerationFilter: a binding the Filter admits conforms; one it refuses ("node(s) had
    untolerated taint") is flagged by no-schedule-with-untolerated-taint."""
    c = _sched_cluster(taints, cordon=False)
    _bind_row_pod(c, tolerations)
    found, msgs = _capture(c, tmp_path)
    want = set() if legacy_reason is None else {("no-schedule-with-untolerated-taint", NODE, "default/pod1")}
    assert found == want, msgs


@pytest.mark.parametrize(("the_pod", "the_node", "reasons"), tr.NODE_UNSCHEDULABLE_ROWS)
def test_node_unschedulable_binding(
    the_pod: dict[str, Any], the_node: dict[str, Any] | None, reasons: list[str], tmp_path: Path
) -> None:
    """TestNodeUnschedulable: kubectl cordon (the controller then adds node.kubernetes.io/unschedulable:
    NoSchedule); a binding to the cordoned Node is flagged unless the pod tolerates that taint."""
    if the_node is None:
        _skip(
            "TestNodeUnschedulable",
            "nil node",
            "not an upstream row (test_rules.py adds it from Filter's nil check): the scheduler never "
            "filters a Node that is not in its cache, so no capture shows it",
        )
    cordon = bool(the_node["spec"].get("unschedulable"))
    c = _sched_cluster([], cordon=cordon)
    _bind_row_pod(c, (the_pod.get("spec") or {}).get("tolerations") or [])
    found, msgs = _capture(c, tmp_path)
    want: Found = set()
    if reasons:
        # the controller's taint follows the cordon within 0.2 s: the pod tolerates neither
        want = {(p, NODE, "default/pod1") for p in ("no-schedule-when-cordoned", "no-schedule-with-untolerated-taint")}
    assert found == want, msgs


# =================================================================================================
# node lifecycle controller: captures from the time-stepped controller of generate.py
# =================================================================================================

EXCLUDE = "node.kubernetes.io/exclude-disruption"


class _NLC(gen.Upstream):
    """generate.py's controller, with handleDisruption leaving out Nodes labelled
    node.kubernetes.io/exclude-disruption (isNodeExcludedFromDisruptionChecks), and one more deviation:
    ``halt``, a controller that adds no NoExecute taint at all (as if every zone were disrupted)."""

    halt: bool = False
    count_excluded: bool = False  # deviating: the excluded Node is counted in its zone

    def _handle_disruption(self) -> None:
        hidden = {}
        if not self.count_excluded:
            hidden = {n: o for n, o in self.nodes.items() if EXCLUDE in o["metadata"]["labels"]}
            for n in hidden:
                del self.nodes[n]
        try:
            super()._handle_disruption()
        finally:
            self.nodes.update(hidden)
        if self.halt:
            self.zone_qps = {z: 0.0 for z in [*self.zone_qps, ""]}


def _sim_judge(c: gen.Upstream, tmp: Path) -> tuple[Found, list[str], list[str]]:
    """The oracle on what kubectl -w would have printed of the simulated cluster."""
    tmp.mkdir(parents=True, exist_ok=True)
    c.write_watch(str(tmp / "nodes-pods.json"), ("Node", "Pod"))
    c.write_watch(str(tmp / "leases.json"), ("Lease",), pretty=False)
    found, msgs, _, notes = _judge([tmp / "nodes-pods.json", tmp / "leases.json"])
    return found, msgs, notes


# -------------------------------------------------------------------------------------------------
# TestMonitorNodeHealth: zone states (ComputeZoneState, handleDisruption)
# -------------------------------------------------------------------------------------------------
#
# Each row: its Nodes (name, zone, Ready in the initial then in the following pass, excluded), and the
# zone states upstream expects. A Node going Unknown here is a kubelet that stops (the controller marks
# it Unknown after the grace period); one coming back posts Ready=True. What the states change in a
# cluster is NoExecute tainting: Normal, or Full in some zones only, taints the Unknown Nodes at the
# zone's rate; Partial (<= 50 Nodes) stops it; Full everywhere (master disruption mode) stops it and
# removes the taints already added. ``deviate``: "halt" (no NoExecute taint at all), "no-master-mode"
# (handleDisruption ignored: the normal rate everywhere), "count-excluded" (the excluded Node counted);
# ``flagged``: the properties the deviating capture must break, or None when the oracle cannot tell
# (see ZONE_GAPS).

U, T = "Unknown", "True"
ZONE_ROWS: list[dict[str, Any]] = [
    {
        "name": "No Disruption: Node created recently without failure domain labels (happens only at cluster startup)",
        "nodes": [("node0", None, T, T)],
        "states": ({"": "Normal"}, {"": "Normal"}),
        "deviate": None,
    },
    {
        "name": "No Disruption: Initially both zones down, one comes back",
        "nodes": [("node0", "zone1", U, U), ("node1", "zone2", U, T)],
        "states": ({"zone1": "Full", "zone2": "Full"}, {"zone1": "Full", "zone2": "Normal"}),
        "deviate": "halt",
        "flagged": {("unreachable-taint-follows-unknown", "node0")},
    },
    {
        "name": "Partial Disruption: Nodes created recently without status conditions (happens only at cluster "
        "startup)",
        # the initial "no status" is a cluster's start, which a capture of kubelets never shows
        # (test_upstream_tables7.py NLC_SKIPS "created-recently"): here the Nodes start Ready
        "nodes": [(f"node{i}", "zone1", T, U if i < 3 else T) for i in range(4)],
        "states": ({"zone1": "Full"}, {"zone1": "Partial"}),
        "deviate": "no-master-mode",
        "flagged": None,
    },
    {
        "name": "Partial Disruption: one Node failed leading to the number of healthy Nodes to exceed the configured "
        "threshold",
        "nodes": [
            ("node0", "zone1", U, U),
            ("node1", "zone1", U, U),
            ("node2", "zone1", T, U),
            ("node3", "zone1", T, T),
            ("node4", "zone1", T, T),
        ],
        "states": ({"zone1": "Normal"}, {"zone1": "Partial"}),
        "deviate": "halt",
        "flagged": {("unreachable-taint-follows-unknown", "node0"), ("unreachable-taint-follows-unknown", "node1")},
    },
    {
        "name": "Full Disruption: the zone has less than 2 Nodes down, the last healthy Node has failed",
        "nodes": [("node0", "zone1", U, U), ("node1", "zone1", U, U), ("node2", "zone1", T, U)],
        "states": ({"zone1": "Normal"}, {"zone1": "Full"}),
        "deviate": "no-master-mode",
        "flagged": {("control-state-matches-definition", n) for n in ("node0", "node1", "node2")},
    },
    {
        "name": "Full Disruption: all the Nodes in one zone are down",
        "nodes": [("node0", "zone1", U, U), ("node1", "zone2", T, T)],
        "states": ({"zone1": "Full", "zone2": "Normal"}, {"zone1": "Full", "zone2": "Normal"}),
        "deviate": "halt",
        "flagged": {("unreachable-taint-follows-unknown", "node0")},
    },
    {
        "name": "Full Disruption: all the Nodes in both the zones are down",
        "nodes": [("node0", "zone1", U, U), ("node1", "zone2", U, U)],
        "states": ({"zone1": "Full", "zone2": "Full"}, {"zone1": "Full", "zone2": "Full"}),
        "deviate": "no-master-mode",
        "flagged": {("control-state-matches-definition", n) for n in ("node0", "node1")},
    },
    {
        "name": "Full Disruption: Ready condition removed from the Node",
        "nodes": [("node0", "zone1", T, "removed")],
        "states": ({"zone1": "Normal"}, {"zone1": "Full"}),
        "deviate": None,
    },
    {
        "name": "Full Disruption: the only available Node has the node.kubernetes.io/exclude-disruption label",
        "nodes": [("node0", "zone1", U, U), ("node-master", "zone1", T, T)],
        "excluded": {"node-master"},
        "states": ({"zone1": "Full"}, {"zone1": "Full"}),
        "deviate": "count-excluded",
        "flagged": {("control-state-matches-definition", "node0")},
    },
]

#: why a deviating zone capture is not flagged: the model and its properties say less than upstream here
ZONE_GAPS = {
    "no-master-mode": "deviating half not flagged: a controller that adds NoExecute taints while a zone of at "
    "most 50 Nodes is partially disrupted (ReducedQPSFunc = 0) conforms, because no property forbids it: the "
    "model has no zones (the oracle only relaxes the taint-follow deadlines there, 'stops NoExecute tainting "
    "there' in its notes), and only master disruption mode's removal is judged (control-state-matches-"
    "definition); the conforming half passed",
}

REMOVED_READY = (
    "the row's second status has no conditions at all (Ready removed), which no component writes: the kubelet "
    "always posts Ready and the controller only sets it Unknown (only-kubelet-reports-readiness, "
    "node-has-ready-condition); upstream's zone state for it (Full) is reached in a capture by a silent kubelet, "
    "the rows 'all the Nodes in one zone are down' and 'the zone has less than 2 Nodes down'"
)


def _zone_story(row: dict[str, Any], deviate: str | None) -> _NLC:
    c = _NLC(seed=800 + ZONE_ROWS.index(row))
    c.halt = deviate == "halt"
    c.no_master_mode = deviate == "no-master-mode"
    c.count_excluded = deviate == "count-excluded"
    for name, zone, _, _ in row["nodes"]:
        labels = {EXCLUDE: ""} if name in row.get("excluded", ()) else None
        c.add_node(name, zone=zone, labels=labels, cp=name == "node-master")
    for i, (name, _, _, _) in enumerate(row["nodes"]):
        c.pod("default", f"web-{i}", name, kind="bare")
    c.start()
    c.advance(15)
    gen.stop(c, *[n for n, _, first, _ in row["nodes"] if first == U])
    c.advance(150)
    for name, _, first, then in row["nodes"]:
        if first == U and then == T:
            gen.back(c, name)
        elif first == T and then == U:
            gen.stop(c, name)
    # long enough for the pods' 300 s unreachable toleration to run out: a capture shows time passing
    # only through its events, and a cluster whose every kubelet is silent writes none but evictions
    c.advance(480)
    return c


@pytest.mark.parametrize("row", ZONE_ROWS, ids=[f"TestMonitorNodeHealth/{r['name']}" for r in ZONE_ROWS])
def test_monitor_node_health_zone_states(row: dict[str, Any], tmp_path: Path) -> None:
    """The controller following the row's zone states conforms; one that does not is flagged."""
    if any(then == "removed" for *_, then in row["nodes"]):
        _skip("TestMonitorNodeHealth", row["name"], REMOVED_READY)
    found, msgs, _ = _sim_judge(_zone_story(row, None), tmp_path / "conform")
    assert found == set(), msgs
    if row["deviate"] is None:
        return  # no write is expected of the controller: nothing to leave out
    found, msgs, _ = _sim_judge(_zone_story(row, row["deviate"]), tmp_path / "deviate")
    if row["flagged"] is None:
        assert found == set(), msgs
        _skip("TestMonitorNodeHealth", row["name"], ZONE_GAPS[row["deviate"]])
    assert {(p, n) for p, n, _ in found} == row["flagged"], msgs
