"""Write the captures of tests/data/upstream_tables (run: python tests/data/upstream_tables/generate.py).

Each scenario replays one row of an upstream unit-test table (see README.md here) on the
time-stepped cluster of ``tests/data/realworld2/sim.py`` (upstream's real timing: monitor pass every
5 s, grace 50 s at 1.32, Lease renewed every 10 s, status every 5 min, per-zone NoExecute queue at
0.1 nodes/s, eviction grace 30 s), and writes what ``kubectl get -w --output-watch-events -o json``
would print. Rows named ``*-bug-*`` are the deviating variants: the controller does what the
upstream row says must not happen. Verdicts: tests/test_oracle_upstream_tables.py.
"""

from __future__ import annotations

import copy
import datetime as dt
import gzip
import os
import sys
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "realworld2"))
from sim import DEFAULT_TOL, KUBELET_CONDS, NOTREADY, T0, UNREACH, Cluster, mts, ts  # noqa: E402

SCENARIOS: dict[str, Callable[[], Cluster]] = {}
SPLIT: set[str] = set()


def scenario(fn: Callable[[], Cluster]) -> Callable[[], Cluster]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


class Upstream(Cluster):
    """``sim.Cluster`` plus what handleDisruption does on leaving master disruption mode: every
    node's probeTimestamp is reset to now (a silent node gets a fresh grace period), and zone
    rate limiters go back to their state's rate."""

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.probe_floor: dict[str, float] = {}
        self.startup_grace = 60.0
        self.mark_unknown_early: dict[str, float] = {}  # bug variants: node -> grace the controller uses
        self.never_untaint: bool = False
        self.no_master_mode: bool = False
        self.ignore_lease: bool = False  # bug variants: probe from the status heartbeat only
        self.ignore_conditions: set[str] = set()  # bug variants: condition taints never added

    def _probe(self, name: str) -> float:
        conds = [c for c in self.nodes[name]["status"]["conditions"] if c["type"] == "Ready"]
        probe = max(
            [self.probe_floor.get(name, -1e9)]
            + [
                (
                    dt.datetime.strptime(c["lastHeartbeatTime"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.UTC) - T0
                ).total_seconds()
                for c in conds
            ]
        )
        lease = None if self.ignore_lease else self.leases.get(name)
        if lease is not None:
            rt = dt.datetime.strptime(lease["spec"]["renewTime"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=dt.UTC)
            probe = max(probe, (rt - T0).total_seconds())
        return probe

    def _monitor(self) -> None:
        for name in sorted(self.nodes):
            rd = self.ready(name)
            observed = rd
            probe = self._probe(name)
            grace = self.mark_unknown_early.get(name, self.grace)
            if rd == "Absent":
                created = (
                    dt.datetime.strptime(
                        self.nodes[name]["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ"
                    ).replace(tzinfo=dt.UTC)
                    - T0
                ).total_seconds()
                if self.t - max(created, self.probe_floor.get(name, -1e9)) > self.startup_grace:
                    # tryUpdateNodeHealth: "Kubelet never posted node status."
                    conds = self.nodes[name]["status"]["conditions"]
                    for typ in KUBELET_CONDS:
                        conds.append(
                            {
                                "type": typ,
                                "status": "Unknown",
                                "lastHeartbeatTime": self.nodes[name]["metadata"]["creationTimestamp"],
                                "lastTransitionTime": ts(self.t),
                                "reason": "NodeStatusNeverUpdated",
                                "message": "Kubelet never posted node status.",
                            }
                        )
                    self.emit("MODIFIED", self.nodes[name])
                    self._noschedule_pass(name)
            elif rd in ("True", "False") and self.t - probe > grace:
                self._mark_unknown(name)
            if observed == "False" and not self.has_taint(name, NOTREADY, "NoExecute"):
                if self.has_taint(name, UNREACH, "NoExecute"):
                    self._swap(name, NOTREADY)  # processTaintBaseEviction swaps straight away
                else:
                    self._enqueue(name, NOTREADY)
            elif observed == "Unknown" and not self.has_taint(name, UNREACH, "NoExecute"):
                if self.has_taint(name, NOTREADY, "NoExecute"):
                    self._swap(name, UNREACH)
                else:
                    self._enqueue(name, UNREACH)
            elif observed == "True" and not self.never_untaint:
                self.taint_queue = [q for q in self.taint_queue if q[0] != name]
                if self.has_taint(name, UNREACH, "NoExecute") or self.has_taint(name, NOTREADY, "NoExecute"):
                    self.t += 0.02
                    self.set_taints(name, remove=[(UNREACH, "NoExecute"), (NOTREADY, "NoExecute")])
            self.observed[name] = self.ready(name)
        was = self.all_full
        self._handle_disruption()
        if was and not self.all_full:
            # "Controller detected that some Nodes are Ready. Exiting master disruption mode":
            # probeTimestamp = now for every node
            for name in self.nodes:
                self.probe_floor[name] = self.t

    def _handle_disruption(self) -> None:
        if self.no_master_mode:  # bug variants: every zone keeps its normal rate
            self.zone_qps = {}
            return
        was = self.all_full
        super()._handle_disruption()
        if self.all_full and not was:
            self.taint_queue = []  # markNodeAsReachable removes every node from its zone's queue

    def _noschedule_pass(self, node: str) -> None:
        if not self.ignore_conditions:
            super()._noschedule_pass(node)
            return
        saved = {}
        for c in self.nodes.get(node, {}).get("status", {}).get("conditions", []):
            if c["type"] in self.ignore_conditions:
                saved[id(c)] = (c, c["status"])
                c["status"] = "False"
        super()._noschedule_pass(node)
        for c, st in saved.values():
            c["status"] = st

    def pod(
        self,
        ns: str,
        name: str,
        node: str | None,
        kind: str = "rs",  # type: ignore[override]
        tolerations: list[dict[str, Any]] | None = None,
        **kw: Any,
    ) -> dict[str, Any]:
        tols = list(tolerations or [])
        if kind == "bare":  # DefaultTolerationSeconds admission, as for every pod
            have = {t.get("key") for t in tols if t.get("effect") in (None, "NoExecute")}
            tols += [dict(t) for t in DEFAULT_TOL if t["key"] not in have]
        return super().pod(ns, name, node, kind=kind, tolerations=tols, **kw)

    def _swap(self, node: str, key: str) -> None:
        other = UNREACH if key == NOTREADY else NOTREADY
        self.set_taints(node, add=[{"key": key, "effect": "NoExecute", "timeAdded": ts(self.t)}])
        self.t += 0.01
        self.set_taints(node, remove=[(other, "NoExecute")])


def base(
    c: Cluster,
    workers: int = 3,
    zones: tuple[str, ...] = ("eu-west-1a",),
    cp: bool = True,
    web: int = 3,
    tolerations: list[dict[str, Any]] | None = None,
) -> list[str]:
    if cp:
        c.add_node("cp-1", zone=zones[0], cp=True)
        c.pod(
            "kube-system",
            "kube-controller-manager-cp-1",
            "cp-1",
            kind="static",
            created=-86400 * 29,
            labels={"component": "kube-controller-manager", "tier": "control-plane"},
            image=f"registry.k8s.io/kube-controller-manager:{c.version}",
        )
    names = []
    for i in range(workers):
        name = f"node{i}"
        c.add_node(name, zone=zones[i % len(zones)])
        names.append(name)
    for i in range(web):
        c.pod(
            "default",
            f"web-5d8f7c9b6-{'abcdefgh'[i]}{i}k",
            names[i % len(names)],
            created=-7200 + i * 3,
            labels={"app": "web", "pod-template-hash": "5d8f7c9b6"},
            tolerations=tolerations,
        )
    return names


def stop(c: Cluster, *nodes: str) -> None:
    for n in nodes:
        c.kubelet[n]["alive"] = False


def back(
    c: Cluster,
    n: str,
    ready: str = "True",
    reason: str = "KubeletReady",
    message: str = "kubelet is posting ready status",
) -> None:
    k = c.kubelet[n]
    k["alive"], k["partitioned"] = True, False
    c.renew(n)
    k["next_lease"] = c.t + 10
    c.post_status(n, ready, reason, message)


# ================================================================================== zone disruption
@scenario
def disruption_all_zones_taints_removed() -> Cluster:
    """TestMonitorNodeHealthEvictPodsWithDisruption "Network Disruption: all zones down" plus the
    known gap: kubelets lose the API server a few seconds apart, the first ones are tainted
    unreachable:NoExecute, then every node is Unknown: master disruption mode removes those taints
    (markNodeAsReachable) and taints nothing; a node comes back Ready: mode left, the others (still
    Unknown) are tainted again through their zone queues."""
    c = Upstream(seed=101)
    names = base(c, workers=4, zones=("eu-west-1a", "eu-west-1b"), cp=False, web=4)
    c.start()
    c.advance(15)
    for i, n in enumerate(names):
        c.advance(c.t + (9 if i else 0))
        c.kubelet[n]["partitioned"] = True
    c.advance(c.t + 150)
    back(c, "node0")
    c.advance(c.t + 90)
    for n in names[1:]:
        back(c, n)
    c.advance(c.t + 40)
    return c


@scenario
def disruption_all_notready_fresh_grace() -> Cluster:
    """handleDisruption leaving master disruption mode resets every probeTimestamp: a CNI outage
    makes every kubelet post Ready=False (all zones fully disrupted, the first not-ready:NoExecute
    taints removed); node2's kubelet dies during the outage; node0 recovers; node2 is marked
    Unknown a full grace period after the recovery, not after its last heartbeat."""
    c = Upstream(seed=102)
    names = base(c, workers=3, cp=False, web=3)
    c.start()
    c.advance(12)
    for i, n in enumerate(names):
        c.advance(c.t + (8 if i else 0))
        c.post_status(
            n,
            "False",
            "KubeletNotReady",
            "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady "
            "message:Network plugin returns error: cni plugin not initialized",
        )
    c.advance(c.t + 60)
    stop(c, "node2")
    c.advance(c.t + 30)
    for n in ("node0", "node1"):
        c.post_status(n, "True")
    c.advance(c.t + 120)
    return c


@scenario
def disruption_one_zone_down_tainted() -> Cluster:
    """TestMonitorNodeHealthEvictPodsWithDisruption "Network Disruption: all nodes down in one zone
    out of two": that zone is fully disrupted but not every zone: normal rate, both nodes tainted
    unreachable:NoExecute 10 s apart."""
    c = Upstream(seed=103)
    base(c, workers=4, zones=("eu-west-1a", "eu-west-1b"), cp=False, web=4)
    c.start()
    c.advance(15)
    stop(c, "node0", "node2")
    c.advance(c.t + 120)
    return c


@scenario
def disruption_partial_zone_not_tainted() -> Cluster:
    """TestMonitorNodeHealthEvictPodsWithDisruption "Partial Disruption" (> 2 and >= 55 % of a zone
    of <= 50 Nodes not Ready): ReducedQPSFunc = 0, no NoExecute taint."""
    c = Upstream(seed=104)
    base(c, workers=5, zones=("eu-west-1a",), cp=False, web=3)
    c.add_node("node9", zone="eu-west-1b")
    c.start()
    c.advance(15)
    stop(c, "node0", "node1", "node2")
    c.advance(c.t + 120)
    return c


@scenario
def disruption_all_zones_bug_taints_kept() -> Cluster:
    """Deviating variant of disruption-all-zones-taints-removed: the controller keeps tainting in
    master disruption mode (the taint of the first node is not removed and the others are added)."""
    c = Upstream(seed=101)
    names = base(c, workers=4, zones=("eu-west-1a", "eu-west-1b"), cp=False, web=4)
    c.no_master_mode = True
    c.start()
    c.advance(15)
    for i, n in enumerate(names):
        c.advance(c.t + (9 if i else 0))
        c.kubelet[n]["partitioned"] = True
    c.advance(c.t + 150)
    back(c, "node0")
    c.advance(c.t + 30)
    return c


def bind(c: Cluster, key: str, node: str) -> None:
    """The scheduler's binding (pods/binding): nodeName set, PodScheduled=True."""
    p = c.pods[key]
    p["spec"]["nodeName"] = node
    ip = c.nodes[node]["status"]["addresses"][0]["address"]
    p["status"] = {
        "phase": "Pending",
        "conditions": [
            {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
        ],
        "hostIP": ip,
        "hostIPs": [{"ip": ip}],
        "qosClass": "Burstable",
    }
    c.emit("MODIFIED", p)


def taint(c: Cluster, node: str, key: str, value: str | None, effect: str) -> None:
    """kubectl taint nodes NODE key=value:effect (timeAdded stamped for NoExecute)."""
    t: dict[str, Any] = {"key": key, "effect": effect}
    if value is not None:
        t["value"] = value
    if effect == "NoExecute":
        t["timeAdded"] = ts(c.t)
    c.set_taints(node, add=[t])


def untaint(c: Cluster, node: str, key: str, effect: str) -> None:
    c.set_taints(node, remove=[(key, effect)])


def set_condition(c: Cluster, node: str, typ: str, status: str, reason: str, message: str) -> None:
    for cond in c.nodes[node]["status"]["conditions"]:
        if cond["type"] == typ:
            if cond["status"] != status:
                cond["lastTransitionTime"] = ts(c.t)
            cond.update(status=status, reason=reason, message=message, lastHeartbeatTime=ts(c.t))
    c.emit("MODIFIED", c.nodes[node])
    c._noschedule_pass(node)


# ======================================================= node lifecycle controller: monitorNodeHealth
@scenario
def monitor_status_stale_marked_unknown() -> Cluster:
    """TestMonitorNodeHealthUpdateStatus row 3 / ...WithLease "status and lease both stale": the
    kubelet stops; grace 50 s after its last Lease renewal the controller sets every kubelet
    condition Unknown (NodeStatusUnknown), the unreachable NoSchedule taint on that update and the
    NoExecute one at the next pass; the pods' Ready turns False (MarkPodsNotReady)."""
    c = Upstream(seed=111)
    base(c, workers=3, web=3)
    c.start()
    c.advance(20)
    stop(c, "node1")
    c.advance(c.t + 100)
    return c


@scenario
def monitor_bug_unknown_within_grace() -> Cluster:
    """Deviating variant of TestMonitorNodeHealthUpdateStatus row 4 ("status updated recently:
    no action"): the controller marks node1 Unknown 20 s after its kubelet stopped."""
    c = Upstream(seed=111)
    base(c, workers=3, web=3)
    c.mark_unknown_early["node1"] = 20
    c.start()
    c.advance(20)
    stop(c, "node1")
    c.advance(c.t + 100)
    return c


@scenario
def monitor_lease_keeps_node_known() -> Cluster:
    """TestMonitorNodeHealthUpdateNodeAndPodStatusWithLease "status stale but lease renewed
    recently: no action": 12 minutes, status posted every 5 min, Leases every 10 s."""
    c = Upstream(seed=112)
    base(c, workers=3, web=3)
    c.start()
    c.advance(720)
    return c


@scenario
def monitor_bug_ignores_lease() -> Cluster:
    """Deviating variant: the controller probes the status heartbeat only (pre-1.14 behaviour) and
    marks Unknown nodes whose Lease is renewed every 10 s."""
    c = Upstream(seed=112)
    base(c, workers=3, web=3)
    c.ignore_lease = True
    c.start()
    c.advance(420)
    return c


@scenario
def monitor_never_posted_status() -> Cluster:
    """TestMonitorNodeHealthUpdateStatus row 1 / ...WithLease "created long ago, without status,
    lease missing": a Node listed without conditions; the controller posts every kubelet condition
    Unknown (NodeStatusNeverUpdated, lastHeartbeatTime = creation) and taints it unreachable."""
    c = Upstream(seed=113)
    base(c, workers=2, web=2)
    c.add_node("node9", conditions=False, kubelet=False, created=-3600)
    c.start()
    c.advance(60)
    return c


@scenario
def monitor_created_recently_no_status() -> Cluster:
    """TestMonitorNodeHealthUpdateStatus row 2 / ...WithLease "created recently, without status":
    within node-startup-grace-period (60 s) no action; then kwok-style it gets its conditions."""
    c = Upstream(seed=114)
    base(c, workers=2, web=2)
    c.start()
    c.advance(10)
    node = c.add_node("node9", created=c.t, conditions=False, kubelet=False, hb_age=0)
    c._noschedule_pass("node9")  # no Ready condition: the not-ready taint is not wanted
    c.advance(c.t + 40)
    node["status"]["conditions"] = [
        {
            "type": t,
            "status": st,
            "lastHeartbeatTime": ts(c.t),
            "lastTransitionTime": ts(c.t),
            "reason": r,
            "message": m,
        }
        for t, st, r, m in (
            ("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
            ("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
            ("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
            ("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
        )
    ]
    c.emit("MODIFIED", node)
    c._noschedule_pass("node9")
    c.leases["node9"] = {
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": "node9",
            "namespace": "kube-node-lease",
            "uid": c.uid(),
            "resourceVersion": "0",
            "creationTimestamp": ts(c.t),
            "ownerReferences": [{"apiVersion": "v1", "kind": "Node", "name": "node9", "uid": node["metadata"]["uid"]}],
        },
        "spec": {"holderIdentity": "node9", "leaseDurationSeconds": 40, "renewTime": mts(c.t)},
    }
    c.emit("ADDED", c.leases["node9"])
    c.kubelet["node9"] = {"alive": True, "partitioned": False, "next_lease": c.t + 10, "next_status": c.t + 300}
    c.advance(c.t + 60)
    return c


# ======================================================= NoExecute tainting
@scenario
def apply_noexecute_taints() -> Cluster:
    """TestApplyNoExecuteTaints: node0 silent -> Unknown -> unreachable:NoExecute; node2 posts
    Ready=False -> not-ready:NoExecute; node1 healthy, untainted; node2 Ready again -> its
    NoExecute taint removed at the next pass (markNodeAsReachable)."""
    c = Upstream(seed=121)
    base(c, workers=4, zones=("eu-west-1a", "eu-west-1b"), web=4)
    c.start()
    c.advance(20)
    stop(c, "node0")
    c.post_status("node2", "False", "KubeletNotReady", "PLEG is not healthy: pleg was last seen active 3m0s ago")
    c.advance(c.t + 90)
    c.post_status("node2", "True")
    c.advance(c.t + 30)
    return c


@scenario
def apply_noexecute_bug_taint_kept() -> Cluster:
    """Deviating variant of TestApplyNoExecuteTaints: node2 Ready again keeps not-ready:NoExecute."""
    c = Upstream(seed=121)
    base(
        c,
        workers=4,
        zones=("eu-west-1a", "eu-west-1b"),
        web=4,
        tolerations=[{"operator": "Exists", "effect": "NoExecute"}],
    )
    c.never_untaint = True
    c.start()
    c.advance(20)
    c.post_status("node2", "False", "KubeletNotReady", "PLEG is not healthy: pleg was last seen active 3m0s ago")
    c.advance(c.t + 40)
    c.post_status("node2", "True")
    c.advance(c.t + 60)
    return c


@scenario
def apply_noexecute_enqueue_twice() -> Cluster:
    """TestApplyNoExecuteTaintsToNodesEnqueueTwice: node2 NotReady, tainted, Ready (untainted),
    NotReady again: enqueued a second time and tainted again."""
    c = Upstream(seed=122)
    base(c, workers=3, web=3)
    c.start()
    c.advance(15)
    for _ in range(2):
        c.post_status("node2", "False", "KubeletNotReady", "container runtime is down")
        c.advance(c.t + 30)
        c.post_status("node2", "True")
        c.advance(c.t + 20)
    return c


@scenario
def swap_unreachable_notready() -> Cluster:
    """TestSwapUnreachableNotReadyTaints: node0 Unknown, unreachable:NoExecute; its kubelet comes
    back posting Ready=False: processTaintBaseEviction swaps to not-ready:NoExecute straight away
    (SwapNodeControllerTaint: add, then remove, two writes); node1 stays untainted."""
    c = Upstream(seed=123)
    base(c, workers=3, web=3)
    c.start()
    c.advance(15)
    stop(c, "node0")
    c.advance(c.t + 80)
    back(c, "node0", "False", "KubeletNotReady", "container runtime network not ready")
    c.advance(c.t + 40)
    c.post_status("node0", "True")
    c.advance(c.t + 20)
    return c


# ======================================================= NoSchedule tainting
@scenario
def taints_node_by_condition() -> Cluster:
    """TestTaintsNodeByCondition: NetworkUnavailable=True -> network-unavailable:NoSchedule;
    MemoryPressure=True -> memory-pressure:NoSchedule; DiskPressure/PIDPressure likewise;
    Ready=False -> not-ready:NoSchedule; Ready=Unknown -> unreachable:NoSchedule; each removed when
    the condition clears."""
    c = Upstream(seed=131)
    base(c, workers=4, web=4)
    c.start()
    c.advance(10)
    set_condition(
        c, "node0", "NetworkUnavailable", "True", "NoRouteCreated", "RouteController failed to create a route"
    )
    c.advance(c.t + 10)
    set_condition(
        c,
        "node1",
        "MemoryPressure",
        "True",
        "KubeletHasInsufficientMemory",
        "kubelet has insufficient memory available",
    )
    c.advance(c.t + 10)
    set_condition(c, "node2", "DiskPressure", "True", "KubeletHasDiskPressure", "kubelet has disk pressure")
    set_condition(
        c, "node2", "PIDPressure", "True", "KubeletHasInsufficientPID", "kubelet has insufficient PID available"
    )
    c.advance(c.t + 10)
    c.post_status("node3", "False", "KubeletNotReady", "PLEG is not healthy")
    c.advance(c.t + 30)
    set_condition(c, "node0", "NetworkUnavailable", "False", "RouteCreated", "RouteController created a route")
    set_condition(
        c, "node1", "MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"
    )
    set_condition(c, "node2", "DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure")
    set_condition(c, "node2", "PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available")
    c.post_status("node3", "True")
    c.advance(c.t + 20)
    return c


@scenario
def taints_node_by_condition_bug_memory() -> Cluster:
    """Deviating variant of TestTaintsNodeByCondition: MemoryPressure=True and no taint follows."""
    c = Upstream(seed=131)
    base(c, workers=4, web=4)
    c.ignore_conditions = {"MemoryPressure"}
    c.start()
    c.advance(10)
    set_condition(
        c,
        "node1",
        "MemoryPressure",
        "True",
        "KubeletHasInsufficientMemory",
        "kubelet has insufficient memory available",
    )
    c.advance(c.t + 40)
    return c


@scenario
def reconcile_node_labels() -> Cluster:
    """TestReconcileNodeLabels: the controller adds the beta OS/arch labels matching the stable
    ones of a Node that lacks them (a Node update that changes no lifecycle state)."""
    c = Upstream(seed=132)
    base(c, workers=2, web=2)
    c.start()
    c.advance(10)
    lab = c.nodes["node1"]["metadata"]["labels"]
    del lab["beta.kubernetes.io/os"], lab["beta.kubernetes.io/arch"]
    c.emit("MODIFIED", c.nodes["node1"])
    c.t += 0.3
    lab["beta.kubernetes.io/os"], lab["beta.kubernetes.io/arch"] = "linux", "amd64"
    c.emit("MODIFIED", c.nodes["node1"])
    c.advance(c.t + 30)
    return c


@scenario
def node_event_generation_deleted() -> Cluster:
    """TestNodeEventGeneration ("RemovingNode"): a Node deleted from the API (cloud instance gone);
    the controller only records events; its pods are garbage-collected."""
    c = Upstream(seed=133)
    base(c, workers=3, web=3)
    c.start()
    c.advance(15)
    stop(c, "node2")
    c.advance(c.t + 20)
    c.emit("DELETED", c.nodes.pop("node2"))
    del c.kubelet["node2"]
    c.emit("DELETED", c.leases.pop("node2"))
    c.advance(c.t + 20)
    for key in [k for k, p in c.pods.items() if p["spec"].get("nodeName") == "node2"]:
        c.delete_pod(key, reason="DeletionByPodGC", message="PodGC: node no longer exists", grace=0)
    c.advance(c.t + 20)
    return c


# ======================================================= taint-eviction controller
def te_cluster(seed: int, evict_untolerated: bool = True, eviction: bool = True) -> Cluster:
    c = Upstream(seed=seed, evict_untolerated=evict_untolerated, eviction=eviction)
    base(c, workers=2, web=0)
    return c


TM_MSG = "Taint manager: deleting due to NoExecute taint"
TAINT1 = {"key": "testTaint1", "value": "test1", "effect": "NoExecute"}
TAINT2 = {"key": "testTaint2", "value": "test2", "effect": "NoExecute"}


def tol(taint: dict[str, Any], seconds: int | None = None) -> dict[str, Any]:
    t: dict[str, Any] = {"key": taint["key"], "operator": "Equal", "value": taint["value"], "effect": taint["effect"]}
    if seconds is not None:
        t["tolerationSeconds"] = seconds
    return t


@scenario
def te_create_pod() -> Cluster:
    """TestCreatePod: node1 tainted testTaint1=test1:NoExecute; pods created on it (nodeName set,
    as a DaemonSet-less static assignment does): no toleration -> deleted at once; toleration for
    ever -> kept; tolerationSeconds 20 -> deleted 20 s after it was created there; a pod not
    scheduled -> nothing."""
    c = te_cluster(141)
    c.start()
    c.advance(10)
    taint(c, "node1", TAINT1["key"], TAINT1["value"], "NoExecute")
    c.advance(c.t + 5)
    c.pod("default", "pod-untolerated", "node1", kind="bare", created=c.t)
    c.t += 0.5
    c.pod("default", "pod-forever", "node1", kind="bare", created=c.t, tolerations=[tol(TAINT1)])
    c.t += 0.5
    c.pod("default", "pod-20s", "node1", kind="bare", created=c.t, tolerations=[tol(TAINT1, 20)])
    c.t += 0.5
    c.pod("default", "pod-pending", None, kind="bare", created=c.t)
    c.advance(c.t + 60)
    return c


@scenario
def te_bug_untolerated_kept() -> Cluster:
    """Deviating variant of TestCreatePod "not tolerated": the pod that does not tolerate the
    NoExecute taint is kept (deleted only when its own 300 s default toleration... it has none)."""
    c = te_cluster(141, eviction=False)
    c.start()
    c.advance(10)
    taint(c, "node1", TAINT1["key"], TAINT1["value"], "NoExecute")
    c.advance(c.t + 5)
    c.pod("default", "pod-untolerated", "node1", kind="bare", created=c.t)
    c.advance(c.t + 60)
    return c


@scenario
def te_delete_pod() -> Cluster:
    """TestDeletePod: a pod under a NoExecute taint it tolerates for 60 s is deleted by its owner
    after 10 s: the controller's timer is cancelled, nothing more happens."""
    c = te_cluster(142)
    c.pod("default", "pod-60s", "node1", kind="bare", tolerations=[tol(TAINT1, 60)])
    c.start()
    c.advance(10)
    taint(c, "node1", TAINT1["key"], TAINT1["value"], "NoExecute")
    c.advance(c.t + 10)
    c.delete_pod("default/pod-60s")
    c.advance(c.t + 90)
    return c


@scenario
def te_update_node() -> Cluster:
    """TestCreateNode / TestUpdateNode: the Node gets a NoExecute taint: a pod without toleration
    is deleted at once; a pod tolerating it for 15 s after 15 s; a pod tolerating it 60 s is kept
    because the taint is removed after 30 s (its timer cancelled); a pod tolerating for ever stays."""
    c = te_cluster(143)
    c.pod("default", "pod-none", "node1", kind="bare")
    c.pod("default", "pod-15s", "node1", kind="bare", tolerations=[tol(TAINT1, 15)])
    c.pod("default", "pod-60s", "node1", kind="bare", tolerations=[tol(TAINT1, 60)])
    c.pod("default", "pod-forever", "node1", kind="bare", tolerations=[tol(TAINT1)])
    c.start()
    c.advance(10)
    taint(c, "node1", TAINT1["key"], TAINT1["value"], "NoExecute")
    c.advance(c.t + 30)
    untaint(c, "node1", TAINT1["key"], "NoExecute")
    c.advance(c.t + 60)
    return c


@scenario
def te_bug_timer_not_cancelled() -> Cluster:
    """Deviating variant of TestUpdateNode "taint removed before the timer": the 60 s pod is
    deleted 60 s after the taint although the taint was removed after 30 s."""
    c = te_cluster(143)
    c.pod("default", "pod-60s", "node1", kind="bare", tolerations=[tol(TAINT1, 60)])
    c.start()
    c.advance(10)
    taint(c, "node1", TAINT1["key"], TAINT1["value"], "NoExecute")
    t0 = c.t
    c.advance(c.t + 30)
    c.eviction = False
    untaint(c, "node1", TAINT1["key"], "NoExecute")
    c.advance(t0 + 60)
    c.delete_pod("default/pod-60s", reason="DeletionByTaintManager", message=TM_MSG)
    c.advance(c.t + 40)
    return c


@scenario
def te_update_node_multiple_taints() -> Cluster:
    """TestUpdateNodeWithMultipleTaints: the pod tolerates testTaint1 for ever; the Node gets
    testTaint1 (kept), then testTaint2, which it does not tolerate (deleted at once)."""
    c = te_cluster(144)
    c.pod("default", "pod-t1", "node1", kind="bare", tolerations=[tol(TAINT1)])
    c.start()
    c.advance(10)
    taint(c, "node1", TAINT1["key"], TAINT1["value"], "NoExecute")
    c.advance(c.t + 20)
    taint(c, "node1", TAINT2["key"], TAINT2["value"], "NoExecute")
    c.advance(c.t + 40)
    return c


@scenario
def te_update_node_multiple_pods() -> Cluster:
    """TestUpdateNodeWithMultiplePods: three pods tolerating the taint 10 s, 20 s and for ever:
    deleted 10 s and 20 s after the taint, the third kept."""
    c = te_cluster(145)
    c.pod("default", "pod-10s", "node1", kind="bare", tolerations=[tol(TAINT1, 10)])
    c.pod("default", "pod-20s", "node1", kind="bare", tolerations=[tol(TAINT1, 20)])
    c.pod("default", "pod-forever", "node1", kind="bare", tolerations=[tol(TAINT1)])
    c.start()
    c.advance(10)
    taint(c, "node1", TAINT1["key"], TAINT1["value"], "NoExecute")
    c.advance(c.t + 60)
    return c


@scenario
def te_min_toleration_time() -> Cluster:
    """TestGetMinTolerationTime: a pod tolerating testTaint1 60 s and testTaint2 20 s is deleted
    20 s after both are on; tolerationSeconds 0 and a negative one mean at once."""
    c = te_cluster(146)
    c.pod("default", "pod-min", "node1", kind="bare", tolerations=[tol(TAINT1, 60), tol(TAINT2, 20)])
    c.pod("default", "pod-zero", "node1", kind="bare", tolerations=[tol(TAINT1, 0), tol(TAINT2, 0)])
    c.pod("default", "pod-negative", "node1", kind="bare", tolerations=[tol(TAINT1, -5), tol(TAINT2, -5)])
    c.start()
    c.advance(10)
    c.set_taints("node1", add=[dict(TAINT1, timeAdded=ts(c.t)), dict(TAINT2, timeAdded=ts(c.t))])
    c.advance(c.t + 50)
    return c


@scenario
def te_bug_late_eviction() -> Cluster:
    """Deviating variant of TestGetMinTolerationTime: the controller takes the largest
    tolerationSeconds (60 s) instead of the smallest (20 s)."""
    c = te_cluster(146)
    c.pod("default", "pod-min", "node1", kind="bare", tolerations=[tol(TAINT1, 60), tol(TAINT2, 20)])
    c.start()
    c.advance(10)
    c.eviction = False
    c.set_taints("node1", add=[dict(TAINT1, timeAdded=ts(c.t)), dict(TAINT2, timeAdded=ts(c.t))])
    c.advance(c.t + 60)
    c.delete_pod("default/pod-min", reason="DeletionByTaintManager", message=TM_MSG)
    c.advance(c.t + 40)
    return c


@scenario
def te_eventual_consistency() -> Cluster:
    """TestEventualConsistency: a pod tolerating 30 s is created on a Node already tainted, then
    the pod is updated (a label): the timer keeps counting from the first time it was seen there."""
    c = te_cluster(147)
    c.start()
    c.advance(10)
    taint(c, "node1", TAINT1["key"], TAINT1["value"], "NoExecute")
    c.advance(c.t + 5)
    p = c.pod("default", "pod-30s", "node1", kind="bare", created=c.t, tolerations=[tol(TAINT1, 30)])
    c.advance(c.t + 10)
    p["metadata"]["labels"]["touched"] = "yes"
    c.emit("MODIFIED", p)
    c.advance(c.t + 50)
    return c


# ======================================================= scheduler, kubelet, admission
@scenario
def sched_taint_toleration() -> Cluster:
    """pkg/scheduler tainttoleration TestTaintTolerationFilter: node1 tainted dedicated=user1:NoSchedule;
    a pod with the Equal toleration is bound to it, a pod without goes to node0; PreferNoSchedule
    never filters (TestTaintTolerationScore)."""
    c = te_cluster(151)
    c.start()
    c.advance(5)
    taint(c, "node1", "dedicated", "user1", "NoSchedule")
    taint(c, "node0", "flavor", "cheap", "PreferNoSchedule")
    c.advance(c.t + 5)
    c.pod(
        "default",
        "pod-tolerates",
        None,
        kind="bare",
        created=c.t,
        tolerations=[{"key": "dedicated", "operator": "Equal", "value": "user1", "effect": "NoSchedule"}],
    )
    c.pod("default", "pod-plain", None, kind="bare", created=c.t)
    c.advance(c.t + 1)
    bind(c, "default/pod-tolerates", "node1")
    bind(c, "default/pod-plain", "node0")
    c.advance(c.t + 20)
    return c


@scenario
def sched_bug_untolerated_noschedule() -> Cluster:
    """Deviating variant of TestTaintTolerationFilter "a pod with no tolerations cannot be scheduled
    onto a node with a NoSchedule taint": it is bound there."""
    c = te_cluster(151)
    c.start()
    c.advance(5)
    taint(c, "node1", "dedicated", "user1", "NoSchedule")
    c.advance(c.t + 5)
    c.pod("default", "pod-plain", None, kind="bare", created=c.t)
    c.advance(c.t + 1)
    bind(c, "default/pod-plain", "node1")
    c.advance(c.t + 20)
    return c


@scenario
def sched_node_unschedulable() -> Cluster:
    """pkg/scheduler nodeunschedulable TestNodeUnschedulable: node1 cordoned (spec.unschedulable, the
    controller's unschedulable:NoSchedule taint); a pod tolerating that taint may be bound to it,
    an ordinary pod goes to node0."""
    c = te_cluster(152)
    c.start()
    c.advance(5)
    c.nodes["node1"]["spec"]["unschedulable"] = True
    c.emit("MODIFIED", c.nodes["node1"])
    c._noschedule_pass("node1")
    c.advance(c.t + 5)
    c.pod(
        "default",
        "pod-tolerates",
        None,
        kind="bare",
        created=c.t,
        tolerations=[{"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"}],
    )
    c.pod("default", "pod-plain", None, kind="bare", created=c.t)
    c.advance(c.t + 1)
    bind(c, "default/pod-tolerates", "node1")
    bind(c, "default/pod-plain", "node0")
    c.advance(c.t + 20)
    return c


@scenario
def sched_bug_bound_to_cordoned() -> Cluster:
    """Deviating variant of TestNodeUnschedulable: an ordinary pod is bound to the cordoned node."""
    c = te_cluster(152)
    c.start()
    c.advance(5)
    c.nodes["node1"]["spec"]["unschedulable"] = True
    c.emit("MODIFIED", c.nodes["node1"])
    c._noschedule_pass("node1")
    c.advance(c.t + 5)
    c.pod("default", "pod-plain", None, kind="bare", created=c.t)
    c.advance(c.t + 1)
    bind(c, "default/pod-plain", "node1")
    c.advance(c.t + 20)
    return c


def register(
    c: Cluster, name: str, taints: list[dict[str, Any]] | None = None, nlc_pass: bool = False
) -> dict[str, Any]:
    """kubelet registerWithAPIServer: the Node created with its conditions (initialNode ends with
    setNodeStatus, Ready=False until the runtime is up), its Lease, then Ready=True. ``nlc_pass``: the
    controller's NoSchedule pass on the Node's add event right after (it adds what admission did not)."""
    node = c.add_node(name, created=c.t, hb_age=0, taints=taints)
    if taints is not None and not any(t["key"] == NOTREADY for t in taints):
        node["spec"]["taints"] = [t for t in node["spec"].get("taints", []) if t["key"] != NOTREADY]
        c.out[-1] = (c.t, "Node", "ADDED", copy.deepcopy(node))
    for cond in node["status"]["conditions"]:
        if cond["type"] == "Ready":
            cond.update(
                status="False",
                reason="KubeletNotReady",
                lastTransitionTime=ts(c.t),
                message="container runtime status check may not have completed yet",
            )
        if cond["type"] == "NetworkUnavailable":
            node["status"]["conditions"].remove(cond)
    c.out[-1] = (c.t, "Node", "ADDED", copy.deepcopy(node))
    if nlc_pass:
        c._noschedule_pass(name)
    c.t += 0.3
    c.emit("ADDED", c.leases[name])
    c.kubelet[name]["next_lease"] = c.t + 10
    c.advance(c.t + 6)
    c.post_status(name, "True")
    return node


@scenario
def kubelet_register_with_apiserver() -> Cluster:
    """pkg/kubelet TestRegisterWithApiServer / TestUpdateNewNodeStatus and admission nodetaint
    TestNodeTaint: a new Node is created with its conditions and node.kubernetes.io/not-ready:NoSchedule
    (admission); Ready=True a few seconds later, the controller removes the taint; a pod is bound."""
    c = te_cluster(161)
    c.start()
    c.advance(5)
    register(c, "node2")
    c.advance(c.t + 10)
    c.pod("default", "pod-new", None, kind="bare", created=c.t)
    c.advance(c.t + 1)
    bind(c, "default/pod-new", "node2")
    c.advance(c.t + 30)
    return c


@scenario
def kubelet_register_already_exists() -> Cluster:
    """pkg/kubelet TestTryRegisterWithApiServer "node already exists" (AlreadyExists, same machine):
    the restarted kubelet keeps the existing Node (no new object); only its status and Lease move."""
    c = te_cluster(162)
    c.pod("default", "pod-a", "node1", kind="bare")
    c.start()
    c.advance(15)
    stop(c, "node1")
    c.advance(c.t + 15)
    back(c, "node1", "False", "KubeletNotReady", "PLEG is not healthy: pleg has yet to be successful")
    c.advance(c.t + 8)
    c.post_status("node1", "True")
    c.advance(c.t + 30)
    return c


@scenario
def admission_bug_no_notready_taint() -> Cluster:
    """Deviating variant of admission nodetaint TestNodeTaint: the NodeTaint admission plugin is
    off, the new Node (Ready=False) is created without node.kubernetes.io/not-ready:NoSchedule."""
    c = te_cluster(163)
    c.start()
    c.advance(5)
    # the controller is on: its pass on the add event adds the taint admission left out (a capture with
    # the controller off too would show its miss as well: fallen-node-keeps-a-ready-taint)
    register(c, "node2", taints=[], nlc_pass=True)
    c.advance(c.t + 20)
    return c


# ================================================================================== writing
def write(name: str, c: Cluster) -> None:
    d = os.path.join(HERE, name)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    c.write_watch(os.path.join(d, "nodes-pods.json"), ("Node", "Pod"))
    c.write_watch(os.path.join(d, "leases.json"), ("Lease",), pretty=False)
    for f in sorted(os.listdir(d)):
        with open(os.path.join(d, f), "rb") as src, gzip.GzipFile(os.path.join(d, f + ".gz"), "wb", mtime=0) as dst:
            dst.write(src.read())
        os.remove(os.path.join(d, f))


def main() -> None:
    which = sys.argv[1:] or list(SCENARIOS)
    for name in which:
        c = SCENARIOS[name]()
        write(name, c)
        print(name, len(c.out), "events")


_ = (copy, mts)

if __name__ == "__main__":
    main()
