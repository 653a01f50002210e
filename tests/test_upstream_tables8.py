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
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nodereg.oracle import check

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import capturegen as cg  # noqa: E402
import test_rules as tr  # noqa: E402


def _load_generate() -> Any:
    """tests/data/upstream_tables/generate.py under a name of its own: tests/data/realworld2 has a
    ``generate`` module too (test_oracle_situations4.py imports it by that name from sys.path)."""
    path = HERE / "data" / "upstream_tables" / "generate.py"
    spec = importlib.util.spec_from_file_location("upstream_tables_generate", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


gen = _load_generate()

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
        if row.get("sidecar"):
            spec["initContainers"][0]["restartPolicy"] = "Always"
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


@pytest.mark.parametrize(
    ("sidecar", "overhead", "violated"),
    [
        pytest.param(True, 0, True, id="sidecar init container runs beside the containers: 1m + 3m + 7m > 10m"),
        pytest.param(False, 0, False, id="plain init container runs alone: max(1m, 3m) + 7m = 10m fits"),
        pytest.param(False, 1, True, id="spec.overhead counts: 3m + 1m + 7m > 10m"),
    ],
)
def test_fit_counts_sidecars_and_overhead(sidecar: bool, overhead: int, violated: bool, tmp_path: Path) -> None:
    """(not upstream) What oracle/k8s.py pod_request adds besides the rows above: a restartable
    (restartPolicy: Always) init container is counted with the containers (resource.PodRequests)."""
    c = cg.Cluster()
    c.kubeadm(3)
    c.node(NODE, heartbeat_age=33, cpu="10m")
    _cpu_pod(c, "existing", NODE, {"c": [7]}, None)
    c.start_watch()
    row = {"c": [1], "init": [3], "overhead": overhead, "sidecar": sidecar}
    c.at(TT, _cpu_pod, c, "pod", None, row, TT)
    c.at(TT + 1, c.bind, "default/pod", NODE, TT + 1)
    found, msgs = _capture(c, tmp_path)
    assert found == ({("bound-requests-fit-allocatable", NODE, "default/pod")} if violated else set()), msgs


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
    halt_from: float = float("inf")  # deviating: no NoExecute taint from this time on
    count_excluded: bool = False  # deviating: the excluded Node is counted in its zone
    no_swap: bool = False  # deviating: processTaintBaseEviction does not swap unreachable for not-ready
    #: deviating: the NoSchedule pass reads these conditions as this status (type -> status)
    blind: dict[str, str] | None = None
    #: deviating: NoExecute taints the controller adds to a Ready Node (node -> time)
    stray: dict[str, float] | None = None

    def _monitor(self) -> None:
        for node, at in (self.stray or {}).items():
            if self.t >= at and not self.has_taint(node, gen.UNREACH, "NoExecute"):
                self.set_taints(node, add=[{"key": gen.UNREACH, "effect": "NoExecute", "timeAdded": gen.ts(self.t)}])
        super()._monitor()

    def _swap(self, node: str, key: str) -> None:
        if not self.no_swap:
            super()._swap(node, key)

    def _noschedule_pass(self, node: str) -> None:
        saved = []
        for cond in self.nodes.get(node, {}).get("status", {}).get("conditions", []):
            if self.blind and cond["type"] in self.blind:
                saved.append((cond, cond["status"]))
                cond["status"] = self.blind[cond["type"]]
        try:
            super()._noschedule_pass(node)
        finally:
            for cond, st in saved:
                cond["status"] = st

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
        if self.halt or self.t >= self.halt_from:
            self.zone_qps = {z: 0.0 for z in [*self.zone_qps, ""]}


def _sim_judge(c: Any, tmp: Path) -> tuple[Found, list[str], list[str]]:
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
        # a controller tainting through the zone's stopped limiter (ReducedQPSFunc = 0): node0 and node1 are
        # tainted within node-monitor-period + --slack of the zone's change (the race upstream allows: a Node
        # queued before the pass's handleDisruption), node2 after it (was not flagged: ZONE_GAPS, until round 8)
        "flagged": {("control-state-matches-definition", "node2")},
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

# TestMonitorNodeHealthEvictPodsWithDisruption (an older revision of the file, from the time the
# controller evicted pods itself: index id 140555676); "eviction" is today's NoExecute taint and the
# taint-eviction controller's deletion (each Node runs a pod with the default 300 s tolerations)
EVICT = "TestMonitorNodeHealthEvictPodsWithDisruption"
ZONE_ROWS += [
    {
        "t": EVICT,
        "name": "Network Disruption: Only zone is down - eviction shouldn't take place.",
        "nodes": [("node0", "zone1", U, U), ("node1", "zone1", U, U)],
        "states": ({"zone1": "Full"}, {"zone1": "Full"}),
        "deviate": "no-master-mode",
        "flagged": {("control-state-matches-definition", n) for n in ("node0", "node1")},
    },
    {
        "t": EVICT,
        "name": "Network Disruption: Both zones down - eviction shouldn't take place.",
        "nodes": [("node0", "zone1", U, U), ("node1", "zone2", U, U)],
        "states": ({"zone1": "Full", "zone2": "Full"}, {"zone1": "Full", "zone2": "Full"}),
        "deviate": "no-master-mode",
        "flagged": {("control-state-matches-definition", n) for n in ("node0", "node1")},
    },
    {
        "t": EVICT,
        "name": "Network Disruption: One zone is down - eviction should take place.",
        "nodes": [("node0", "zone1", U, U), ("node1", "zone2", T, T)],
        "states": ({"zone1": "Full", "zone2": "Normal"}, {"zone1": "Full", "zone2": "Normal"}),
        "deviate": "halt",
        "flagged": {("unreachable-taint-follows-unknown", "node0")},
    },
    {
        "t": EVICT,
        "name": "NetworkDisruption: eviction should stop, only -master Node is healthy",
        "skip": "the row's node-master is left out of its zone by its name (legacyIsMasterNode, behind the "
        "LegacyNodeRoleBehavior gate, removed in 1.21); today only the node.kubernetes.io/exclude-disruption "
        "label does that, which the oracle reads: TestMonitorNodeHealth's 'the only available Node has the "
        "node.kubernetes.io/exclude-disruption label' row is this row as of today",
    },
    {
        "t": EVICT,
        "name": "Initially both zones down, one comes back - eviction should take place",
        "nodes": [("node0", "zone1", U, U), ("node1", "zone2", U, T)],
        "states": ({"zone1": "Full", "zone2": "Full"}, {"zone1": "Full", "zone2": "Normal"}),
        "deviate": "halt",
        "flagged": {("unreachable-taint-follows-unknown", "node0")},
    },
    {
        "t": EVICT,
        "name": "Zone is partially disrupted - eviction should take place",
        "skip": "upstream's test sets enterPartialDisruptionFunc to the healthy rate, so a partially "
        "disrupted zone keeps evicting there; with the controller's own ReducedQPSFunc a zone of at most "
        "--large-cluster-size-threshold (50) Nodes stops (TestMonitorNodeHealth's 'Partial Disruption' rows, "
        "which the oracle follows), and a larger one goes on at --secondary-node-eviction-rate",
    },
]

#: why a deviating zone capture is not flagged: the model and its properties say less than upstream here
#: (empty since round 8: a NoExecute taint added while a zone of at most 50 Nodes has been partially disrupted
#: for node-monitor-period + --slack is judged, control-state-matches-definition: ``core._partial_settled``)
ZONE_GAPS: dict[str, str] = {}

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


@pytest.mark.parametrize(
    "row", ZONE_ROWS, ids=[f"{r.get('t', 'TestMonitorNodeHealth')}/{r['name']}" for r in ZONE_ROWS]
)
def test_monitor_node_health_zone_states(row: dict[str, Any], tmp_path: Path) -> None:
    """The controller following the row's zone states conforms; one that does not is flagged."""
    test = row.get("t", "TestMonitorNodeHealth")
    if "skip" in row:
        _skip(test, row["name"], row["skip"])
    if any(then == "removed" for *_, then in row["nodes"]):
        _skip(test, row["name"], REMOVED_READY)
    found, msgs, _ = _sim_judge(_zone_story(row, None), tmp_path / "conform")
    assert found == set(), msgs
    if row["deviate"] is None:
        return  # no write is expected of the controller: nothing to leave out
    found, msgs, _ = _sim_judge(_zone_story(row, row["deviate"]), tmp_path / "deviate")
    if row["flagged"] is None:
        assert found == set(), msgs
        _skip(test, row["name"], ZONE_GAPS[row["deviate"]])
    got = {(p, n) for p, n, _ in found}
    # the row's Nodes, and (when the kubelets stop one pass apart) a Node that was Unknown alone for a
    # while, when its zone alone was fully disrupted and had to be tainted too: the same property
    assert row["flagged"] <= got and {p for p, _ in got} == {p for p, _ in row["flagged"]}, msgs


# -------------------------------------------------------------------------------------------------
# TestTaintsNodeByCondition: doNoScheduleTaintingPass on each row's Node
# -------------------------------------------------------------------------------------------------
#
# Upstream writes each row's Node (Ready True with NetworkUnavailable True; Ready False; Ready
# Unknown) and expects exactly these NoSchedule taints. Here each row on a fresh cluster: the route
# controller reports NetworkUnavailable, the kubelet posts Ready=False, or the kubelet stops (the
# controller marks Unknown). The deviating controller's NoSchedule pass does not see the condition.

NET, NET_TAINT = "NetworkUnavailable", "node.kubernetes.io/network-unavailable"
CONDITION_ROWS: list[dict[str, Any]] = [
    {"name": "NetworkUnavailable is true", "cond": NET, "taint": NET_TAINT},
    {"name": "NetworkUnavailable is true (its second row)", "cond": NET, "taint": NET_TAINT},
    {"name": "Ready is false", "cond": "False", "taint": gen.NOTREADY},
    {"name": "Ready is unknown", "cond": U, "taint": gen.UNREACH},
]
CONDITION_FLAGGED = {
    NET: {"condition-taints-follow-conditions"},
    "False": {"not-ready-taint-follows-not-ready", "fallen-node-keeps-a-ready-taint"},
    U: {"unreachable-taint-follows-unknown", "fallen-node-keeps-a-ready-taint"},
}


def _condition_story(row: dict[str, Any], conform: bool) -> _NLC:
    c = _NLC(seed=830)
    gen.base(c, workers=4, zones=("zone1",), web=4)
    if not conform:
        c.blind = {NET: "False"} if row["cond"] == NET else {"Ready": "True"}
    c.start()
    c.advance(20)
    if row["cond"] == NET:
        gen.set_condition(c, "node0", NET, "True", "NoRouteCreated", "RouteController failed to create a route")
    elif row["cond"] == "False":
        c.post_status("node0", "False", "KubeletNotReady", "PLEG is not healthy: pleg was last seen active 3m0s ago")
    else:
        gen.stop(c, "node0")
    c.advance(140)
    return c


@pytest.mark.parametrize("row", CONDITION_ROWS, ids=[f"TestTaintsNodeByCondition/{r['name']}" for r in CONDITION_ROWS])
def test_taints_node_by_condition(row: dict[str, Any], tmp_path: Path) -> None:
    """The row's NoSchedule taint follows its condition; a controller that leaves it out is flagged."""
    c = _condition_story(row, True)
    found, msgs, _ = _sim_judge(c, tmp_path / "conform")
    assert found == set(), msgs
    assert c.has_taint("node0", row["taint"], "NoSchedule")
    found, msgs, _ = _sim_judge(_condition_story(row, False), tmp_path / "deviate")
    assert {(p, n) for p, n, _ in found} == {(p, "node0") for p in CONDITION_FLAGGED[row["cond"]]}, msgs


# -------------------------------------------------------------------------------------------------
# NoExecute tainting: TestApplyNoExecuteTaints, ...ToUnreachableNode, ...ToNodesEnqueueTwice,
# TestSwapUnreachableNotReadyTaints. Each assertion of the test is a row: the story is the test's
# (one cluster, one zone, a second healthy Node so no zone is fully disrupted), the deviation leaves
# out (or adds) the one write the assertion is about.
# -------------------------------------------------------------------------------------------------


def _apply_noexecute(c: _NLC) -> None:
    """TestApplyNoExecuteTaints: node0 Unknown (kubelet silent), node1 healthy, node2 Ready=False then
    healthy again (node3's row is REMOVED_READY's)."""
    gen.base(c, workers=4, zones=("zone1",), web=4)
    c.start()
    c.advance(20)
    gen.stop(c, "node0")
    c.post_status("node2", "False", "KubeletNotReady", "PLEG is not healthy: pleg was last seen active 3m0s ago")
    c.advance(120)
    c.post_status("node2", "True")
    c.advance(200)


def _to_unreachable(c: _NLC) -> None:
    """TestApplyNoExecuteTaintsToUnreachableNode: node0 stops heartbeating, node1 goes on; node0's
    kubelet comes back."""
    gen.base(c, workers=2, zones=("zone1",), cp=False, web=2)
    c.add_node("node2", zone="zone1")  # a third Node: one Unknown of three is no disruption
    c.start()
    c.advance(20)
    gen.stop(c, "node0")
    c.advance(120)
    gen.back(c, "node0")
    c.advance(200)


def _enqueue_twice(c: _NLC) -> None:
    """TestApplyNoExecuteTaintsToNodesEnqueueTwice: node0 Unknown, node2 Ready=False, node0 healthy
    again; then node3 Unknown and node5 Ready=False must be tainted too (3 of 6 not Ready: Normal)."""
    gen.base(c, workers=6, zones=("zone1",), cp=False, web=6)
    c.start()
    c.advance(20)
    gen.stop(c, "node0")
    c.post_status("node2", "False", "KubeletNotReady", "container runtime is down")
    c.advance(100)
    gen.back(c, "node0")
    c.advance(120)
    gen.stop(c, "node3")
    c.post_status("node5", "False", "KubeletNotReady", "container runtime is down")
    c.advance(260)


def _swap(c: _NLC) -> None:
    """TestSwapUnreachableNotReadyTaints: node0 Unknown (unreachable:NoExecute), then its kubelet is back
    posting Ready=False: the taint is swapped for not-ready:NoExecute; node1 healthy."""
    gen.base(c, workers=3, zones=("zone1",), web=3)
    c.start()
    c.advance(15)
    gen.stop(c, "node0")
    c.advance(100)
    gen.back(c, "node0", "False", "KubeletNotReady", "container runtime network not ready")
    c.advance(200)


NOEXECUTE_ROWS: list[dict[str, Any]] = [
    {
        "test": "TestApplyNoExecuteTaints",
        "name": "node0 Unknown gets unreachable:NoExecute",
        "story": _apply_noexecute,
        "deviate": {"halt_from": 0.0},
        "flagged": {("unreachable-taint-follows-unknown", "node0"), ("not-ready-taint-follows-not-ready", "node2")},
    },
    {
        "test": "TestApplyNoExecuteTaints",
        "name": "node2 Ready=False gets not-ready:NoExecute",
        "story": _apply_noexecute,
        "deviate": {"halt_from": 0.0},
        "flagged": {("unreachable-taint-follows-unknown", "node0"), ("not-ready-taint-follows-not-ready", "node2")},
    },
    {
        "test": "TestApplyNoExecuteTaints",
        "name": "node1 healthy gets no taint",
        "story": _apply_noexecute,
        "deviate": {"stray": {"node1": 60.0}},
        "flagged": {("ready-noexecute-taint-added-only-when-ready-asks", "node1")},
    },
    {
        "test": "TestApplyNoExecuteTaints",
        "name": "node2 healthy again has no taint",
        "story": _apply_noexecute,
        "deviate": {"never_untaint": True},
        "flagged": {("ready-node-sheds-ready-taints", "node2")},
    },
    {
        "test": "TestApplyNoExecuteTaints",
        "name": "node3 Ready removed before the taint pass gets no taint",
        "skip": REMOVED_READY,
    },
    {
        "test": "TestApplyNoExecuteTaintsToUnreachableNode",
        "name": "no taint while the heartbeats are within the grace period",
        "story": _to_unreachable,
        "deviate": {"mark_unknown_early": {"node0": 20.0}},
        "flagged": {("heartbeating-node-stays-known", "node0")},
    },
    {
        "test": "TestApplyNoExecuteTaintsToUnreachableNode",
        "name": "node0 silent past the grace period gets unreachable:NoExecute",
        "story": _to_unreachable,
        "deviate": {"halt_from": 0.0},
        "flagged": {("unreachable-taint-follows-unknown", "node0")},
    },
    {
        "test": "TestApplyNoExecuteTaintsToUnreachableNode",
        "name": "node1 heartbeating gets no taint",
        "story": _to_unreachable,
        "deviate": {"stray": {"node1": 60.0}},
        "flagged": {("ready-noexecute-taint-added-only-when-ready-asks", "node1")},
    },
    {
        "test": "TestApplyNoExecuteTaintsToUnreachableNode",
        "name": "node0 heartbeating again has no taint",
        "story": _to_unreachable,
        "deviate": {"never_untaint": True},
        "flagged": {("ready-node-sheds-ready-taints", "node0")},
    },
    {
        "test": "TestApplyNoExecuteTaintsToNodesEnqueueTwice",
        "name": "node3 and node5 tainted after node0 left the queue",
        "story": _enqueue_twice,
        "deviate": {"halt_from": 110.0},  # node0 and node2 were tainted; node3 and node5 fail at 120
        "flagged": {("unreachable-taint-follows-unknown", "node3"), ("not-ready-taint-follows-not-ready", "node5")},
    },
    {
        "test": "TestSwapUnreachableNotReadyTaints",
        "name": "node0 Unknown gets unreachable:NoExecute",
        "story": _swap,
        "deviate": {"halt_from": 0.0},
        "flagged": {("unreachable-taint-follows-unknown", "node0"), ("not-ready-taint-follows-not-ready", "node0")},
    },
    {
        "test": "TestSwapUnreachableNotReadyTaints",
        "name": "node0 Ready=False has unreachable swapped for not-ready:NoExecute",
        "story": _swap,
        "deviate": {"no_swap": True},
        "flagged": {("ready-taints-match-ready", "node0"), ("not-ready-taint-follows-not-ready", "node0")},
    },
]


def _noexecute_run(row: dict[str, Any], deviate: dict[str, Any] | None) -> _NLC:
    c = _NLC(seed=840 + NOEXECUTE_ROWS.index(row))
    for k, v in (deviate or {}).items():
        setattr(c, k, v)
    row["story"](c)
    return c


@pytest.mark.parametrize("row", NOEXECUTE_ROWS, ids=[f"{r['test']}/{r['name']}" for r in NOEXECUTE_ROWS])
def test_apply_noexecute_taints(row: dict[str, Any], tmp_path: Path) -> None:
    """The controller doing what the assertion expects conforms; without that one write it is flagged."""
    if "skip" in row:
        _skip(row["test"], row["name"], row["skip"])
    found, msgs, _ = _sim_judge(_noexecute_run(row, None), tmp_path / "conform")
    assert found == set(), msgs
    found, msgs, _ = _sim_judge(_noexecute_run(row, row["deviate"]), tmp_path / "deviate")
    assert {(p, n) for p, n, _ in found} == row["flagged"], msgs


# =================================================================================================
# pkg/controller/podgc/gc_controller_test.go (the version with quarantineTime, isPodBlockedOnFinalizers
# and the out-of-service taint): TestGCTerminated, TestGCOrphaned, TestGCUnscheduledTerminating,
# TestGCTerminating
# =================================================================================================
#
# Each row's Nodes and pods as a cluster shows them; what upstream's gc() deletes, PodGC deletes in the
# capture (a DisruptionTarget "DeletionByPodGC" patch for a pod not yet terminal, then a deletion with
# grace 0): after quarantineTime (40 s) for an orphaned pod, at once otherwise. A Node "gone" existed when
# the capture started and is deleted at TT (its kubelet stopped). The conforming capture must conform:
# that is what these rows can say, because the deviating halves are not judged (PODGC_NOT_JUDGED).

QUARANTINE = 40.0
FINALIZER = "example.com/some-finalizer"

#: why a PodGC that deletes what upstream keeps, or keeps what upstream deletes, is not flagged
PODGC_NOT_JUDGED = {
    "orphaned": "deviating half not judged: the model folds the pod garbage collector into the Node's "
    "deletion (admin_delete_node unbinds its pods at once; oracle/watch.py _readopt), so an orphaned pod "
    "kept past quarantineTime, or deleted before it, breaks no property (pods-only-on-existing-nodes holds "
    "by construction); the conforming half passed",
    "existing": "deviating half not judged: a deletion of a pod on an existing Node is no lifecycle "
    "component's act the capture can tell from a user's kubectl delete, which is always allowed "
    "(pods-leave-only-by-eviction-or-gc names the components that must not); the conforming half passed",
    "unbound": "deviating half not judged: an unscheduled pod is bound to no node, and no property is about "
    "a pending pod's deletion; the conforming half passed",
}


def _p(name: str, node: str, phase: str = "Running", **kw: Any) -> dict[str, Any]:
    return {"name": name, "node": node, "phase": phase, **kw}


GONE = "gone"  # upstream's "deleted" Node: here deleted from the API at TT
PODGC_ROWS: list[dict[str, Any]] = [
    # ---- TestGCTerminated: terminated pods beyond --terminated-pod-gc-threshold, oldest first
    *[
        {"t": "TestGCTerminated", "name": n, "nodes": {"node": {}}, "pods": ps, "deleted": d, "kind": "existing"}
        for n, ps, d in (
            (
                "delete pod a which is PodFailed and pod b which is PodSucceeded",
                [_p("a", "node", "Failed"), _p("b", "node", "Succeeded"), _p("c", "node", "Failed")],
                {"a", "b"},
            ),
            (
                "threshold = 0, disables terminated pod deletion",
                [_p("a", "node", "Failed"), _p("b", "node", "Succeeded")],
                set(),
            ),
            (
                "threshold = 1, delete pod b which is PodSucceeded",
                [_p("a", "node"), _p("b", "node", "Succeeded"), _p("c", "node", "Failed")],
                {"b"},
            ),
            (
                "threshold = 1, delete pod a which is PodFailed",
                [_p("a", "node", "Failed"), _p("b", "node", "Succeeded")],
                {"a"},
            ),
            ("threshold = 5, don't delete pod", [_p("a", "node", "Failed"), _p("b", "node", "Succeeded")], set()),
            (
                "pods that are only waiting for their finalizers are not deleted again",
                [
                    _p("a", "node", "Succeeded", terminating=True, blocked=True),
                    _p("b", "node", "Failed", terminating=True, blocked=True),
                ],
                set(),
            ),
            (
                "the number of deletion candidates limits the number of deleted pods",
                [
                    _p("a", "node", "Succeeded", terminating=True, blocked=True),
                    _p("b", "node", "Failed", terminating=True, blocked=True),
                    _p("c", "node", "Succeeded", terminating=True, blocked=True),
                    _p("d", "node", "Succeeded"),
                ],
                {"d"},
            ),
        )
    ],
    # ---- TestGCOrphaned: pods of a Node that is gone, after quarantineTime
    *[
        {"t": "TestGCOrphaned", "name": n, "nodes": nodes, "pods": ps, "deleted": d, "kind": k}
        for n, nodes, ps, d, k in (
            (
                "nodes present in lister",
                {"existing1": {}, "existing2": {}},
                [_p("a", "existing1"), _p("b", "existing2", "Failed"), _p("c", "existing2", "Succeeded")],
                set(),
                "existing",
            ),
            (
                "no nodes",
                {"deleted": {GONE: True}},
                [_p("a", "deleted", "Failed"), _p("b", "deleted", "Succeeded")],
                {"a", "b"},
                "orphaned",
            ),
            (
                "no nodes, one running pod",
                {"deleted": {GONE: True}},
                [_p("a", "deleted", "Failed"), _p("b", "deleted", "Succeeded"), _p("c", "deleted")],
                {"a", "b", "c"},
                "orphaned",
            ),
            (
                "no nodes, pods that are only waiting for their finalizers",
                {"deleted": {GONE: True}},
                [
                    _p("a", "deleted", "Failed", terminating=True, blocked=True),
                    _p("b", "deleted"),
                    _p("c", "deleted", "Succeeded"),
                ],
                {"b", "c"},
                "orphaned",
            ),
            (
                "wrong nodes",
                {"existing": {}, "deleted": {GONE: True}},
                [_p("a", "deleted")],
                {"a"},
                "orphaned",
            ),
            (
                "some nodes missing",
                {"existing": {}, "deleted": {GONE: True}},
                [
                    _p("a", "deleted", "Failed"),
                    _p("b", "existing", "Failed"),
                    _p("c", "deleted", "Succeeded"),
                    _p("d", "deleted"),
                ],
                {"a", "c", "d"},
                "orphaned",
            ),
            (
                "node added to client after quarantine",
                {"node": {GONE: True, "back": True}},
                [_p("a", "node")],
                set(),
                "orphaned",
            ),
            (
                "node deleted from client after quarantine",
                {"node": {GONE: True}},
                [_p("a", "node", "Failed")],
                {"a"},
                "orphaned",
            ),
        )
    ],
    # ---- TestGCUnscheduledTerminating: unscheduled pods whose deletion was requested
    *[
        {
            "t": "TestGCUnscheduledTerminating",
            "name": n,
            "nodes": {"node": {}},
            "pods": ps,
            "deleted": d,
            "kind": "unbound",
        }
        for n, ps, d in (
            (
                "Unscheduled pod in any phase must be deleted",
                [
                    _p("a", "", "Failed", terminating=True),
                    _p("b", "", "Succeeded", terminating=True),
                    _p("c", "", "Running", terminating=True),
                ],
                {"a", "b", "c"},
            ),
            (
                "Scheduled pod in any phase must not be deleted",
                [_p("a", "", "Failed"), _p("b", "node", "Succeeded"), _p("c", "node", "Running", terminating=True)],
                set(),
            ),
            (
                "Unscheduled pod that is only waiting for its finalizers must not be deleted again",
                [
                    _p("a", "", "Failed", terminating=True, blocked=True),
                    _p("b", "", "Pending", terminating=True, blocked=True, grace0=True),
                    _p("c", "", "Succeeded", terminating=True, grace0=True),
                ],
                {"b", "c"},
            ),
        )
    ],
    # ---- TestGCTerminating: terminating pods of a NotReady Node tainted node.kubernetes.io/out-of-service
    {
        "t": "TestGCTerminating",
        "name": "pods have deletion timestamp set and the corresponding nodes are not ready",
        "nodes": {"worker-0": {"ready": "False"}, "worker-1": {"ready": "False"}},
        "pods": [_p("a", "worker-0", terminating=True), _p("b", "worker-1", terminating=True)],
        "deleted": set(),
        "kind": "existing",
    },
    {
        "t": "TestGCTerminating",
        "name": "some pods have deletion timestamp and/or phase set and some of the corresponding nodes have "
        "anoutofservice taint that are not ready",
        "nodes": {
            "worker-0": {"ready": "False", "oos": {"effect": "NoExecute"}},
            "worker-1": {"ready": "False"},
            "worker-2": {},
            "worker-3": {"ready": "False", "oos": {"effect": "NoSchedule"}},
            "worker-4": {"ready": "False", "oos": {"effect": "PreferNoSchedule"}},
            "worker-5": {"ready": "False", "oos": {"value": "any-value", "effect": "NoExecute"}},
        },
        "pods": [
            p
            for i, w in (
                (1, "worker-0"),
                (2, "worker-1"),
                (3, "worker-2"),
                (4, "worker-3"),
                (5, "worker-4"),
                (6, "worker-5"),
            )
            for p in (
                # upstream places a5 on worker-3 (the row's comment says worker-4)
                _p(f"a{i}", "worker-3" if i == 5 else w, ""),
                _p(f"b{i}", w, "", terminating=True),
                _p(f"c{i}", w, "Pending"),
                _p(f"d{i}", w, "Running"),
                _p(f"e{i}", w, "Unknown"),
            )
        ],
        "deleted": {"b1", "b4", "b5", "b6"},
        "kind": "existing",
    },
    {
        "t": "TestGCTerminating",
        "name": "pods deleted from node tainted out-of-service",
        "nodes": {"worker": {"ready": "False", "oos": {"effect": "NoExecute"}}},
        "pods": [
            _p("a", "worker", "Running", terminating=True),
            _p("b", "worker", "Failed", terminating=True),
            _p("c", "worker", "Succeeded", terminating=True),
        ],
        "deleted": {"a", "b", "c"},
        "kind": "existing",
    },
    {
        "t": "TestGCTerminating",
        "name": "pods that are only waiting for their finalizers are not deleted again",
        "nodes": {"worker": {"ready": "False", "oos": {"effect": "NoExecute"}}},
        "pods": [
            _p("a", "worker", "Failed", terminating=True, blocked=True),
            _p("b", "worker", "Running", terminating=True, blocked=True),
        ],
        "deleted": {"b"},
        "kind": "existing",
    },
]

PODGC_SKIPS = {
    ("TestGCOrphaned", "nodes present in client"): "the row differs from 'nodes present in lister' only in the "
    "PodGC's informer lagging its client, which no capture shows (same capture, already a row)",
    ("TestGCOrphaned", "quarantine not finished"): "the row checks that nothing is deleted halfway through "
    "quarantineTime; its capture (a gone Node whose pods PodGC deletes 40 s later) is 'no nodes', and the early "
    "deletion it forbids is not judged (PODGC_NOT_JUDGED['orphaned'])",
    ("TestGCOrphaned", "node added to informer after quarantine"): "same capture as 'node added to client after "
    "quarantine' (which informer saw the Node first is not in a capture)",
    ("TestGCOrphaned", "node deleted from informer after quarantine"): "the Node is gone from the PodGC's informer "
    "only, still in the API: no capture shows it gone (for the API it is 'nodes present in lister')",
}


def _podgc_pod(c: cg.Cluster, pod: dict[str, Any]) -> None:
    """The row's pod as listed: bound or pending, its phase, a deletion already requested (by a user, say;
    grace 30 s, or 0 when it is only waiting for its finalizers), finalizers."""
    node = pod["node"] or None
    c.pod("default", pod["name"], node, owner=None)
    obj = c.pods[f"default/{pod['name']}"]
    if pod["phase"]:
        obj["status"]["phase"] = pod["phase"]
    else:
        obj["status"].pop("phase", None)
    if pod.get("terminating"):
        grace = 0 if pod.get("blocked") or pod.get("grace0") else 30
        obj["metadata"]["deletionTimestamp"] = cg.ts(cg.T0 - 5)
        obj["metadata"]["deletionGracePeriodSeconds"] = grace
    if pod.get("blocked"):
        obj["metadata"]["finalizers"] = [FINALIZER]
    c.events[-1] = (c.events[-1][0], c.events[-1][1], copy.deepcopy(obj))


def _podgc_delete(c: cg.Cluster, key: str, t: float) -> None:
    """gc_controller.go deletePod: a DisruptionTarget patch (a pod not yet terminal), then grace 0."""
    pod = c.pods[key]
    terminal = pod["status"].get("phase") in ("Failed", "Succeeded")
    c.evict(key, t, reason="DeletionByPodGC", condition=not terminal, grace=0, deleted_after=0.05)


def _podgc_story(row: dict[str, Any]) -> cg.Cluster:
    c = cg.Cluster()
    c.kubeadm(1)
    for name in row["nodes"]:
        c.node(name, heartbeat_age=33)
    for pod in row["pods"]:
        _podgc_pod(c, pod)
    c.start_watch()
    for name, spec in row["nodes"].items():
        if spec.get("ready") == "False":
            c.at(TT, c.post_status, name, TT, ready="False", reason="KubeletNotReady")
            c.at(TT + 0.1, c.set_taints, name, TT + 0.1, add=[cg.NOT_READY_NS])
            c.at(TT + 4, c.set_taints, name, TT + 4, add=[cg.NOT_READY_NE])  # pods tolerate it 300 s
            c.stop_kubelet(name, TT + 1)  # it posts nothing more in the capture's 100 s
        if spec.get("oos"):
            oos = {"key": "node.kubernetes.io/out-of-service", **spec["oos"]}
            c.at(TT + 10, c.set_taints, name, TT + 10, add=[oos], manager="kubectl-taint")
            if oos["effect"] == "NoExecute":
                # the taint-eviction controller: every pod there not yet terminating tolerates no out-of-service
                for pod in row["pods"]:
                    if pod["node"] == name and not pod.get("terminating"):
                        c.at(TT + 10.5, c.evict, f"default/{pod['name']}", TT + 10.5)
        if spec.get(GONE):
            c.stop_kubelet(name, TT - 5)
            c.at(TT, c.delete_node, name, TT)
            if spec.get("back"):  # the kubelet registers it again within quarantineTime
                c.at(TT + 20, cg.register_node, c, name, TT + 20)
    at = TT + QUARANTINE + 2 if row["kind"] == "orphaned" else TT + 11
    for name in sorted(row["deleted"]):
        c.at(at, _podgc_delete, c, f"default/{name}", at)
        at += 0.1
    return c


_PODGC_IDS = [f"{r['t']}/{r['name']}" for r in PODGC_ROWS] + [f"{t}/{n}" for t, n in PODGC_SKIPS]


@pytest.mark.parametrize("row", [*PODGC_ROWS, *[{"t": t, "name": n} for t, n in PODGC_SKIPS]], ids=_PODGC_IDS)
def test_podgc(row: dict[str, Any], tmp_path: Path) -> None:
    """What upstream's PodGC deletes (and keeps), in a capture: it conforms."""
    why = PODGC_SKIPS.get((row["t"], row["name"]))
    if why:
        _skip(row["t"], row["name"], why)
    c = _podgc_story(row)
    found, msgs = _capture(c, tmp_path, TT + 100)
    assert found == set(), msgs
    # the pods upstream keeps are still there (but those the taint-eviction controller evicts from an
    # out-of-service:NoExecute Node, and those whose deletion was requested before)
    evicted = {
        p["name"] for p in row["pods"] if row["nodes"].get(p["node"], {}).get("oos", {}).get("effect") == "NoExecute"
    }
    kept = {p["name"] for p in row["pods"] if not p.get("terminating")} - row["deleted"] - evicted
    assert kept <= {k.split("/")[1] for k in c.pods}, kept
    _skip(row["t"], row["name"], PODGC_NOT_JUDGED[row["kind"]])


# =================================================================================================
# pkg/kubelet/kubelet_node_status_test.go (the version in the index, kubernetes/kubernetes@01708265)
# =================================================================================================
#
# What the kubelet writes, in a capture: conforming. The deviating halves are not judged, each for
# the reason in KUBELET_NOT_JUDGED (the model's kubelet writes Ready, MemoryPressure, capacity and
# allocatable at registration, and its heartbeats; labels, annotations, images, extended resources
# are none of its state).

KUBELET_NOT_JUDGED = {
    "status": "deviating half not judged: the row compares the whole status patch (images, addresses, "
    "nodeInfo, condition order), which no property reads; and an allocatable above capacity, the one "
    "resource fault a kubelet could post, is read as reserved = 0 (oracle/watch.py: max(cap - alloc, 0)), "
    "so allocatable-within-capacity cannot fail on it; the conforming half passed",
    "resources": "deviating half not judged: the oracle reads capacity and allocatable when the Node is "
    "created (the model's kubelet reports them at registration only); a later status post that changes "
    "them is not read; the conforming half passed",
    "found": "deviating half not judged: node-reports-what-kubelet-found compares the kubelet's post with "
    "its own runtime checks, which no capture shows; the conforming half passed",
    "labels": "deviating half not judged: no property reads the kubelet's default labels (hostname, "
    "instance type, os, arch; the zone labels only place a Node in a zone); the conforming half passed",
    "extended": "deviating half not judged: extended resources are no part of the model (a pod's request "
    "is its cpu); the conforming half passed",
}


def _status_post(c: cg.Cluster, name: str, t: float, edit: Callable[[dict[str, Any]], None]) -> None:
    """A kubelet status patch that also changes what ``edit`` changes."""
    node = c.nodes[name]
    edit(node)
    for cond in node["status"]["conditions"]:
        if cond["type"] != "NetworkUnavailable":
            cond["lastHeartbeatTime"] = cg.ts(t)
    node["metadata"]["managedFields"][0]["time"] = cg.ts(t)
    c._touch(node)
    c._emit("Node", "MODIFIED", node)


def _register_with(c: cg.Cluster, t: float, cpu: str, allocatable: str) -> None:
    cg.register_node(c, NODE, t)
    node = c.nodes[NODE]
    node["status"]["capacity"]["cpu"], node["status"]["allocatable"]["cpu"] = cpu, allocatable
    i = max(
        i for i, e in enumerate(c.events) if e[0] == "Node" and e[2]["metadata"]["name"] == NODE and e[1] == "ADDED"
    )
    c.events[i] = ("Node", "ADDED", copy.deepcopy(node))


def _labels(final: dict[str, str]) -> Callable[[dict[str, Any]], None]:
    def edit(node: dict[str, Any]) -> None:
        node["metadata"]["labels"] = {
            **{k: v for k, v in node["metadata"]["labels"].items() if k.startswith("topology")},
            **final,
        }

    return edit


def _zero_extended(node: dict[str, Any]) -> None:
    for k in ("capacity", "allocatable"):
        for res in ("test.com/resource1", "test.com/resource2"):
            if res in node["status"][k]:
                node["status"][k][res] = "0"


_LABELS_NEW = {
    "kubernetes.io/hostname": "new-hostname",
    "failure-domain.beta.kubernetes.io/zone": "new-zone-failure-domain",
    "failure-domain.beta.kubernetes.io/region": "new-zone-region",
    "beta.kubernetes.io/instance-type": "new-instance-type",
    "kubernetes.io/os": "new-os",
    "kubernetes.io/arch": "new-arch",
}


def _kubelet_rows() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for desc in ("5 image limit", "no image limit"):
        rows.append(
            {
                "t": "TestUpdateNewNodeStatus",
                "name": desc,
                "story": lambda c: c.at(TT, _register_with, c, TT, "2000m", "1800m"),
                "why": "status",
            }
        )
    rows.append(
        {
            "t": "TestUpdateNewNodeStatusTooLargeReservation",
            "name": "reservation above capacity: allocatable 0",
            "story": lambda c: c.at(TT, _register_with, c, TT, "2000m", "0"),
            "why": "status",
        }
    )

    def existing(c: cg.Cluster) -> None:
        def edit(node: dict[str, Any]) -> None:
            node["status"]["capacity"]["cpu"], node["status"]["allocatable"]["cpu"] = "2000m", "1800m"

        c.at(TT, _status_post, c, NODE, TT, edit)

    rows.append(
        {
            "t": "TestUpdateExistingNodeStatus",
            "name": "capacity and allocatable updated",
            "story": existing,
            "why": "resources",
        }
    )
    rows.append(
        {
            "t": "TestUpdateNodeStatusWithRuntimeStateError",
            "name": "runtime down: Ready=False, then back: Ready=True",
            "story": lambda c: cg.kubelet_restart(c, NODE, TT, down=0.5, not_ready_for=20),
            "why": "found",
        }
    )
    for name, final, needs in (
        ("make sure default labels exist", _LABELS_NEW, True),
        ("make sure default labels are up to date", _LABELS_NEW, True),
        ("make sure existing labels do not get deleted", {**_LABELS_NEW, "please-persist": "foo"}, False),
        (
            "make sure existing labels do not get deleted when initial node has no opinion",
            {**_LABELS_NEW, "please-persist": "foo"},
            False,
        ),
        ("no update needed", _LABELS_NEW, False),
    ):

        def story(c: cg.Cluster, final: dict[str, str] = final, needs: bool = needs) -> None:
            # a restarted kubelet (tryRegisterWithAPIServer: AlreadyExists) reconciles its existing Node
            cg.kubelet_restart(c, NODE, TT, down=5)
            if needs:
                c.at(TT + 5.2, _status_post, c, NODE, TT + 5.2, _labels(final))

        rows.append({"t": "TestUpdateDefaultLabels", "name": name, "story": story, "why": "labels"})
    for name, zero in (
        ("no update needed without extended resource", False),
        ("extended resource capacity is zeroed", True),
    ):

        def story_ext(c: cg.Cluster, zero: bool = zero) -> None:
            cg.kubelet_restart(c, NODE, TT, down=5)
            if zero:
                c.at(TT + 5.2, _status_post, c, NODE, TT + 5.2, _zero_extended)

        rows.append(
            {
                "t": "TestReconcileExtendedResource",
                "name": name,
                "story": story_ext,
                "why": "extended",
                "extended": zero,
            }
        )
    return rows


KUBELET_ROWS = _kubelet_rows()
KUBELET_SKIPS = {
    ("TestUpdateExistingNodeStatusTimeout", "status update times out"): "every try of the status update times out "
    "before it reaches the API server: nothing is written, so no capture shows the row (a kubelet that cannot "
    "post is a silent kubelet for the oracle, which round 7's TestMonitorNodeHealthUpdateStatus rows cover)",
}


@pytest.mark.parametrize(
    "row",
    [*KUBELET_ROWS, *[{"t": t, "name": n} for t, n in KUBELET_SKIPS]],
    ids=[f"{r['t']}/{r['name']}" for r in KUBELET_ROWS] + [f"{t}/{n}" for t, n in KUBELET_SKIPS],
)
def test_kubelet_node_status(row: dict[str, Any], tmp_path: Path) -> None:
    """The kubelet's status writes as upstream's tests expect them conform."""
    why = KUBELET_SKIPS.get((row["t"], row["name"]))
    if why:
        _skip(row["t"], row["name"], why)
    c = cg.Cluster()
    c.kubeadm(3)
    if row["t"] != "TestUpdateNewNodeStatus" and "Reservation" not in row["t"]:
        c.node(NODE, heartbeat_age=33, cpu="3")
        if row["t"] == "TestUpdateExistingNodeStatus":
            c.nodes[NODE]["status"]["allocatable"]["cpu"] = "2800m"
        if row.get("extended"):
            for k in ("capacity", "allocatable"):
                c.nodes[NODE]["status"][k].update({"test.com/resource1": "2", "test.com/resource2": "10"})
        i = max(i for i, e in enumerate(c.events) if e[0] == "Node" and e[2]["metadata"]["name"] == NODE)
        c.events[i] = ("Node", "ADDED", copy.deepcopy(c.nodes[NODE]))
    c.start_watch()
    row["story"](c)
    found, msgs = _capture(c, tmp_path, TT + 90)
    assert found == set(), msgs
    _skip(row["t"], row["name"], KUBELET_NOT_JUDGED[row["why"]])


# =================================================================================================
# node_lifecycle_controller_test.go tests the oracle cannot judge, and TestReconcileNodeLabels
# =================================================================================================

POD_READY = (
    "the row asserts the controller's pod status updates (MarkPodsNotReady: the pods' Ready condition set "
    "False, or its retries), which the oracle does not read: a pod's Ready condition is no state of the "
    "model (its pods are bound, tolerating, requesting); the Node's half of the row is round 7's "
    "TestMonitorNodeHealthUpdateStatus rows"
)
NLC_SKIPS: dict[tuple[str, str], str] = {
    **{
        ("TestMonitorNodeHealthMarkPodsNotReady", n): POD_READY
        for n in (
            "Node created recently, without status (within startup grace period)",
            "Node created long time ago, with status updated recently (within monitor grace period)",
            "Node created long time ago, with status updated by kubelet exceeds grace period",
        )
    },
    **{
        ("TestMonitorNodeHealthMarkPodsNotReadyRetry", n): POD_READY
        for n in (
            "successful pod status update, no retry required",
            "unsuccessful pod status update, retry required",
            "unsuccessful pod list, retry required",
        )
    },
    **{("TestMonitorNodeHealthMarkPodsNotReadyWithWorkerSize", f"workers: {w}"): POD_READY for w in (0, 1)},
    (
        "TestPodStatusChange",
        "Node created long time ago, node controller posted Unknown for a long period of time, the pod status "
        "must include reason for termination.",
    ): POD_READY,
    **{
        ("TestProcessPodMarkPodNotReady", n): POD_READY
        for n in (
            "Do not mark pod as NotReady when the scheduled node's healthy is not gathered yet",
            "Do not mark pod as NotReady when the scheduled node is ready",
            "Pod marked as NotReady when the scheduled node is not ready",
        )
    },
    ("TestNodeEventGeneration", "RegisteredNode event"): "the row asserts an Event (reason RegisteredNode, the "
    "Node's UID), and Events are no input the oracle reads (Nodes, Pods, Leases, or an audit log of them)",
    **{
        ("TestTryUpdateNodeHealth", n): "the row asserts that tryUpdateNodeHealth returns the Ready condition "
        "its cache (nodeHealthMap) saved, a property of the controller's memory no capture shows; what it "
        "writes after the grace period is TestMonitorNodeHealthUpdateStatus's (round 7)"
        for n in (
            "Status true",
            "Status false",
            "Status unknown",
            "Status nil",
            "Status true - after grace period",
            "Status false - after grace period",
            "Status unknown - after grace period",
            "Status nil - after grace period",
        )
    },
    **{
        ("Test_isNodeExcludedFromDisruptionChecks", n): "a helper of the zone states: the label's effect is "
        "run through a capture by TestMonitorNodeHealth/'the only available Node has the "
        "node.kubernetes.io/exclude-disruption label' (the oracle reads the label, not the Node's name)"
        for n in ("no labels", "name master-abc", "exclude-disruption label")
    },
}


@pytest.mark.parametrize("key", list(NLC_SKIPS), ids=[f"{t}/{n}" for t, n in NLC_SKIPS])
def test_nlc_not_judged(key: tuple[str, str]) -> None:
    """Documented: what these rows assert is not in any input the oracle reads."""
    _skip(*key, NLC_SKIPS[key])


# TestReconcileNodeLabels: each row's labels on node0, and what reconcileNodeLabels leaves
BETA_LABELS_NOT_JUDGED = (
    "deviating half not judged: no property reads the beta OS/arch labels (a controller that does not "
    "reconcile them breaks nothing the model states); the conforming half passed"
)
BETA_OS, BETA_ARCH = "beta.kubernetes.io/os", "beta.kubernetes.io/arch"
STABLE_OS, STABLE_ARCH = "kubernetes.io/os", "kubernetes.io/arch"
LABEL_ROWS = [
    ("No-op if node has no labels", {}, {}),
    (
        "No-op if no target labels present",
        {"topology.kubernetes.io/region": "region1"},
        {"topology.kubernetes.io/region": "region1"},
    ),
    (
        "Create OS/arch beta labels when they don't exist",
        {STABLE_OS: "linux", STABLE_ARCH: "amd64"},
        {BETA_OS: "linux", BETA_ARCH: "amd64", STABLE_OS: "linux", STABLE_ARCH: "amd64"},
    ),
    (
        "Reconcile OS/arch beta labels to match stable labels",
        {BETA_OS: "windows", BETA_ARCH: "arm", STABLE_OS: "linux", STABLE_ARCH: "amd64"},
        {BETA_OS: "linux", BETA_ARCH: "amd64", STABLE_OS: "linux", STABLE_ARCH: "amd64"},
    ),
]


@pytest.mark.parametrize(
    ("name", "labels", "expected"), LABEL_ROWS, ids=[f"TestReconcileNodeLabels/{r[0]}" for r in LABEL_ROWS]
)
def test_reconcile_node_labels(name: str, labels: dict[str, str], expected: dict[str, str], tmp_path: Path) -> None:
    """The Node written with the row's labels (a user's update, as upstream's fakeNodeHandler.Update), then
    the controller's label write where upstream expects one: it conforms."""
    c = cg.Cluster()
    c.kubeadm(3)
    c.node(NODE, heartbeat_age=33)
    c.start_watch()

    def relabel(t: float, to: dict[str, str], manager: str) -> None:
        node = c._node_update(NODE, t, manager)
        node["metadata"]["labels"] = dict(to)
        c._touch(node)
        c._emit("Node", "MODIFIED", node)

    c.at(TT, relabel, TT, labels, "kubectl-label")
    if expected != labels:
        c.at(TT + 0.2, relabel, TT + 0.2, expected, "kube-controller-manager")
    found, msgs = _capture(c, tmp_path)
    assert found == set(), msgs
    _skip("TestReconcileNodeLabels", name, BETA_LABELS_NOT_JUDGED)


# =================================================================================================
# pkg/kubelet/nodelease controller_test.go (kubernetes/kubernetes@775a46cb; the same rows in
# component-helpers/apimachinery/lease): TestRetryUpdateNodeLease, TestUpdateUsingLatestLease
# =================================================================================================

LEASE_CLIENT = (
    "the row is about the Lease client's retries within one renewal (a timeout, a conflict, a missing Node, "
    "a stale cached Lease): a capture shows only the renewals that reach the API server, which "
    "live-kubelet-renews-in-time judges in every capture of these tests; how soon a kubelet renews again is "
    "never judged (lease-renewals-spaced-by-renew-interval: a timer's lower bound is no promise)"
)
LEASE_SKIPS = {
    **{
        ("TestRetryUpdateNodeLease", n): LEASE_CLIENT
        for n in ("no errors", "connection errors", "optimistic lock errors", "node not found errors")
    },
    **{
        ("TestUpdateUsingLatestLease", n): LEASE_CLIENT
        for n in (
            "latestLease is nil and need to create",
            "latestLease is nil and need to create, node doesn't exist",
            "latestLease is nil and need to update",
            "latestLease exist and need to update",
            "update with latest lease failed",
        )
    },
}


@pytest.mark.parametrize("key", list(LEASE_SKIPS), ids=[f"{t}/{n}" for t, n in LEASE_SKIPS])
def test_node_lease_controller(key: tuple[str, str]) -> None:
    """Documented: the Lease client's retries are not in a capture."""
    _skip(*key, LEASE_SKIPS[key])
