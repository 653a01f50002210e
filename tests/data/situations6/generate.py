"""Write the captures of tests/data/situations6 (run: python tests/data/situations6/generate.py).

Round 6 of operators' situations: zone outages as upstream's ``handleDisruption`` sees zones (region
and zone, nodes excluded from disruption checks), scheduler bindings that land after a cordon,
upgrades, and more serialisations (raw watch streams with BOOKMARKs, YAML watches, PowerShell
redirects). Watch captures are played on ``tests/data/realworld2/sim.py`` (upstream's timing) and
written as ``kubectl get -w --output-watch-events -o json`` prints them. Expected verdicts and the
upstream reasons: tests/test_oracle_situations6.py.
"""

from __future__ import annotations

import copy
import gzip
import json
import os
import sys
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "realworld2"))
from generate import base  # noqa: E402  (realworld2)
from sim import NOTREADY, UNREACH, UNSCHED, Cluster, mts, ts  # noqa: E402

Files = dict[str, str | bytes]
SCENARIOS: dict[str, Callable[[], Files]] = {}


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def _ev(typ: str, obj: dict[str, Any]) -> str:
    return json.dumps({"type": typ, "object": obj}, indent=4) + "\n"


def _watch(c: Cluster, kinds: tuple[str, ...]) -> str:
    return "".join(_ev(typ, obj) for _, kind, typ, obj in c.out if kind in kinds)


def _all(c: Cluster) -> Files:
    return {"nodes.json": _watch(c, ("Node",)), "pods.json": _watch(c, ("Pod",)), "leases.json": _watch(c, ("Lease",))}


# -- upstream's zones --------------------------------------------------------------------------------
EXCLUDE = "node.kubernetes.io/exclude-disruption"


def zone_key(node: dict[str, Any]) -> str:
    """k8s.io/component-helpers/node/topology GetZoneKey: the beta labels first, then the GA ones;
    region + ":\\x00:" + zone; "" when neither is set."""
    lab = node["metadata"].get("labels") or {}
    zone = lab.get("failure-domain.beta.kubernetes.io/zone", lab.get("topology.kubernetes.io/zone", ""))
    region = lab.get("failure-domain.beta.kubernetes.io/region", lab.get("topology.kubernetes.io/region", ""))
    return "" if not zone and not region else region + ":\x00:" + zone


class Sim(Cluster):
    """sim.Cluster with upstream's zone key and exclusion label (node_lifecycle_controller.go:
    monitorNodeHealth appends a Node's Ready condition to zoneToNodeConditions[GetZoneKey(node)]
    unless isNodeExcludedFromDisruptionChecks; handleDisruption / ComputeZoneState on those)."""

    def _handle_disruption(self) -> None:
        zones: dict[str, list[str]] = {}
        for name, obj in self.nodes.items():
            if EXCLUDE in (obj["metadata"].get("labels") or {}):
                continue
            zones.setdefault(zone_key(obj), []).append(name)
        states = {}
        for z, names in zones.items():
            bad = sum(1 for n in names if self.ready(n) != "True")
            if bad == len(names):
                states[z] = "full"
            elif bad > 2 and bad / len(names) >= 0.55:
                states[z] = "partial"
            else:
                states[z] = "normal"
        if states and all(v == "full" for v in states.values()):
            if not self.all_full:
                for n in sorted(self.nodes):
                    if self.has_taint(n, UNREACH, "NoExecute") or self.has_taint(n, NOTREADY, "NoExecute"):
                        self.set_taints(n, remove=[(UNREACH, "NoExecute"), (NOTREADY, "NoExecute")])
            self.all_full = True
            self.zone_qps = {z: 0.0 for z in states}
            return
        self.all_full = False
        # setLimiterInZone: ReducedQPSFunc for a partially disrupted zone: 0 up to 50 Nodes,
        # --secondary-node-eviction-rate (0.01) above
        self.zone_qps = {
            z: ((0.0 if len(zones[z]) <= 50 else 0.01) if v == "partial" else self.zone_rate) for z, v in states.items()
        }

    def _enqueue(self, node: str, key: str) -> None:
        """markNodeForTainting: zoneNoExecuteTainter[zone].Add, a UniqueQueue: a node already queued
        keeps its place (sim.Cluster moves it to the end at every pass)."""
        if not any(q[0] == node for q in self.taint_queue):
            self.taint_queue.append((node, key))

    def _drain_queue(self) -> None:
        rest = []
        for node, key in self.taint_queue:
            if node not in self.nodes:
                continue
            zone = zone_key(self.nodes[node])
            qps = self.zone_qps.get(zone, self.zone_rate)
            if qps <= 0 or self.t < self.zone_next.get(zone, -1e9):
                rest.append((node, key))
                continue
            self.zone_next[zone] = self.t + 1 / qps
            self.set_taints(node, add=[{"key": key, "effect": "NoExecute", "timeAdded": ts(self.t)}])
        self.taint_queue = rest


def _kill(c: Cluster, names: list[str]) -> None:
    for n in names:
        c.kubelet[n]["alive"] = False


@scenario
def stretched_cluster_same_zone_names() -> Files:
    """An on-prem cluster stretched over two data centres: both label their racks
    topology.kubernetes.io/zone=rack-a, with topology.kubernetes.io/region dc-east / dc-west. 3 of
    dc-east's 4 workers lose power. Upstream's zone is region + zone (GetZoneKey), so dc-east/rack-a
    is partially disrupted (3 of 4 >= 0.55, more than 2) and, with <= 50 Nodes, gets ReducedQPSFunc's
    rate 0: no NoExecute taint, no eviction, while dc-west/rack-a is normal."""
    c = Sim(seed=601)
    c.add_node("cp-1", zone="rack-a", cp=True, labels={"topology.kubernetes.io/region": "dc-west"})
    for i in range(8):
        region = "dc-east" if i < 4 else "dc-west"
        c.add_node(f"worker-{i + 1}", zone="rack-a", labels={"topology.kubernetes.io/region": region})
    for n in sorted(c.nodes):
        c.pod(
            "kube-system",
            f"kube-proxy-{n[-1]}x{len(n)}q",
            n,
            kind="ds",
            created=-86400 * 28,
            tolerations=[{"operator": "Exists"}],
            labels={"k8s-app": "kube-proxy"},
            image=f"registry.k8s.io/kube-proxy:{c.version}",
        )
    for i in range(8):
        c.pod(
            "default",
            f"web-5d8f7c9b6-{'abcdefgh'[i]}{i}k",
            f"worker-{i + 1}",
            created=-7200 + i * 3,
            labels={"app": "web", "pod-template-hash": "5d8f7c9b6"},
        )
    c.start()
    c.advance(20)
    _kill(c, ["worker-1", "worker-2", "worker-3"])
    c.advance(c.t + 420)
    return _all(c)


def _excluded(seed: int, nlc_taints: bool) -> Files:
    c = Sim(seed=seed)
    c.add_node("cp-1", zone="eu-central-1a", cp=True, labels={EXCLUDE: ""})
    names = []
    for i in range(3):
        names.append(f"worker-{i + 1}")
        c.add_node(names[-1], zone="eu-central-1a")
    for n in sorted(c.nodes):
        c.pod(
            "kube-system",
            f"kube-proxy-{n[-1]}x{len(n)}q",
            n,
            kind="ds",
            created=-86400 * 28,
            tolerations=[{"operator": "Exists"}],
            labels={"k8s-app": "kube-proxy"},
            image=f"registry.k8s.io/kube-proxy:{c.version}",
        )
    for i in range(3):
        c.pod(
            "default",
            f"web-5d8f7c9b6-{'abc'[i]}{i}k",
            names[i],
            created=-7200 + i * 3,
            labels={"app": "web", "pod-template-hash": "5d8f7c9b6"},
        )
    if not nlc_taints:
        c._handle_disruption = lambda: Cluster._handle_disruption(c)  # type: ignore[method-assign]
    c.start()
    c.advance(20)
    for n in names:  # the top-of-rack switch of the workers' rack fails
        c.kubelet[n]["partitioned"] = True
    c.advance(c.t + 400)
    return _all(c)


@scenario
def exclude_disruption_workers_down() -> Files:
    """The control-plane node carries node.kubernetes.io/exclude-disruption (the well-known label that
    keeps a Node out of the disruption checks); all three workers are cut off together. Upstream
    leaves the excluded Node out of zoneToNodeConditions (isNodeExcludedFromDisruptionChecks), so the
    zone's Nodes are all not Ready: every zone fully disrupted, master disruption mode, no NoExecute
    taint and no eviction although cp-1 is Ready."""
    return _excluded(611, True)


@scenario
def exclude_disruption_ignored() -> Files:
    """The same outage with a controller that counts the excluded Node (as if the label were not
    there): the zone is normal, the workers are tainted NoExecute and their pods evicted. Upstream
    would not have tainted them: the taints and evictions are the controller's own doing, which no
    property forbids (a NoExecute taint on an Unknown Node is what the model expects)."""
    return _excluded(611, False)


@scenario
def zone_full_outage_other_zone_healthy() -> Files:
    """Two zones; all three Nodes of eu-west-1b lose power, eu-west-1a stays healthy. A fully disrupted
    zone is not master disruption mode unless every zone is (handleDisruption): setLimiterInZone
    gives it HealthyQPSFunc, the normal 0.1 nodes/s, so its Nodes are tainted 10 s apart and their
    pods evicted after 300 s."""
    c = Sim(seed=621)
    base(c, workers=6, zones=("eu-west-1a", "eu-west-1b"))
    c.start()
    c.advance(20)
    _kill(
        c, [n for n in c.nodes if c.nodes[n]["metadata"]["labels"].get("topology.kubernetes.io/zone") == "eu-west-1b"]
    )
    c.advance(c.t + 420)
    return _all(c)


@scenario
def zone_full_outage_never_tainted() -> Files:
    """The same, with a controller that takes a fully disrupted zone for master disruption mode (never
    taints it): the Unknown Nodes of eu-west-1b get no NoExecute taint."""
    c = Sim(seed=621)
    base(c, workers=6, zones=("eu-west-1a", "eu-west-1b"))
    orig = c._handle_disruption

    def wrong() -> None:
        orig()
        for z in list(c.zone_qps):
            if z.endswith("eu-west-1b"):
                names = [n for n in c.nodes if zone_key(c.nodes[n]) == z]
                if all(c.ready(n) != "True" for n in names):
                    c.zone_qps[z] = 0.0

    c._handle_disruption = wrong  # type: ignore[method-assign]
    c.start()
    c.advance(20)
    _kill(
        c, [n for n in c.nodes if c.nodes[n]["metadata"]["labels"].get("topology.kubernetes.io/zone") == "eu-west-1b"]
    )
    c.advance(c.t + 420)
    return _all(c)


def _large_zone(seed: int, stop: bool) -> Files:
    c = Sim(seed=seed)
    if stop:  # a controller that stops tainting a partially disrupted zone whatever its size
        orig = c._handle_disruption

        def stopped() -> None:
            orig()
            for z, q in list(c.zone_qps.items()):
                if 0 < q < c.zone_rate:
                    c.zone_qps[z] = 0.0

        c._handle_disruption = stopped  # type: ignore[method-assign]
    c.add_node("cp-1", zone="us-east-1b", cp=True)
    names = []
    for i in range(60):
        names.append(f"ip-10-1-{i // 16}-{10 + i}.ec2.internal")
        c.add_node(
            names[-1],
            zone="us-east-1a",
            labels={"eks.amazonaws.com/nodegroup": "general", "node.kubernetes.io/instance-type": "m6i.xlarge"},
        )
    for i, n in enumerate(names[:8]):
        c.pod(
            "default",
            f"web-5d8f7c9b6-{'abcdefgh'[i]}{i}k",
            n,
            created=-7200 + i * 3,
            labels={"app": "web", "pod-template-hash": "5d8f7c9b6"},
        )
    c.start()
    c.advance(20)
    _kill(c, names[:40])
    c.advance(c.t + 700)
    return _all(c)


@scenario
def large_zone_partial_disruption_stopped() -> Files:
    """The same with a controller that stops tainting the large zone (as it would a small one)."""
    return _large_zone(671, True)


@scenario
def large_zone_partial_disruption() -> Files:
    """A 60-Node zone (a large cluster's one zone, control plane elsewhere) where 40 Nodes lose their
    rack switches together: partial disruption (40 of 60 >= 0.55) of a zone larger than
    --large-cluster-size-threshold (50): ReducedQPSFunc gives --secondary-node-eviction-rate, 0.01
    nodes/s, so the NoExecute taints come one per 100 s (the first at once, the token bucket starting
    full) instead of stopping."""
    return _large_zone(671, False)


@scenario
def master_disruption_exit_retaint() -> Files:
    """A managed cluster (no control-plane Node), one zone: the three workers lose the API server
    together (master disruption mode: markNodeAsReachable removes the NoExecute taint the first one got);
    after 2 minutes two come back and the controller leaves the mode (every Node's probe timestamp set
    to now); worker-3 stays cut off, is tainted NoExecute again at the normal rate and its pod evicted
    300 s after that new taint (its timer started again: processPodOnNode cancels it when the taint goes)."""
    c = Sim(seed=672)
    base(c, workers=3, cp=False)
    c.start()
    c.advance(20)
    for n in list(c.kubelet):
        c.kubelet[n]["partitioned"] = True
    c.advance(c.t + 120)
    for n in ("worker-1", "worker-2"):
        c.kubelet[n]["partitioned"] = False
        c.renew(n)
        c.kubelet[n]["next_lease"] = c.t + 10
        c.post_status(n, "True")
    c.advance(c.t + 420)
    return _all(c)


# -- bindings ------------------------------------------------------------------------------------------
def _bind(c: Cluster, key: str, node: str) -> None:
    """The scheduler's pods/binding: nodeName and PodScheduled=True in one write."""
    p = c.pods[key]
    p["spec"]["nodeName"] = node
    p["status"] = {
        "phase": "Pending",
        "qosClass": "Burstable",
        "conditions": [
            {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
        ],
    }
    c.emit("MODIFIED", p)


def _cordon(c: Cluster, n: str) -> None:
    c.nodes[n]["spec"]["unschedulable"] = True
    c.emit("MODIFIED", c.nodes[n])
    c.t += 0.1
    c._noschedule_pass(n)


def _statefulset_pod(c: Cluster, name: str, created: float) -> str:
    p = c.pod("db", name, None, kind="bare", created=created, labels={"app": "postgres"}, cpu="500m")
    owner = name.rsplit("-", 1)[0]
    p["metadata"]["ownerReferences"] = [
        {
            "apiVersion": "apps/v1",
            "kind": "StatefulSet",
            "name": owner,
            "uid": c.uid(),
            "controller": True,
            "blockOwnerDeletion": True,
        }
    ]
    p["metadata"]["labels"]["statefulset.kubernetes.io/pod-name"] = name
    p["spec"]["volumes"] = [{"name": "data", "persistentVolumeClaim": {"claimName": f"data-{name}"}}]
    p["spec"]["containers"][0]["volumeMounts"] = [{"name": "data", "mountPath": "/var/lib/postgresql/data"}]
    p["spec"]["hostname"], p["spec"]["subdomain"] = name, owner
    p["status"] = {"phase": "Pending", "qosClass": "Burstable"}
    c.emit("MODIFIED", p)
    return f"db/{name}"


def _late_binding(seed: int, volume: bool, after: float) -> Files:
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(20)
    if volume:
        key = _statefulset_pod(c, "postgres-0", c.t)
    else:
        c.pod("default", "web-5d8f7c9b6-z9k", None, created=c.t, labels={"app": "web"})
        key = "default/web-5d8f7c9b6-z9k"
    c.advance(c.t + 1.5)  # the scheduling cycle picks worker-2 (assume); the binding cycle begins
    _cordon(c, "worker-2")  # kubectl drain worker-2 starts meanwhile
    c.advance(c.t + after)  # PreBind: the volume provisioned for worker-2's zone, attached ...
    _bind(c, key, "worker-2")
    c.advance(c.t + 60)
    return _all(c)


@scenario
def binding_after_cordon_volume_prebind() -> Files:
    """A StatefulSet pod with a WaitForFirstConsumer PVC: the scheduler chooses worker-2 and assumes
    the pod there; its binding cycle runs PreBind (VolumeBinding waits until the provisioner has
    created the volume, up to bindTimeoutSeconds 600 s) before Bind. `kubectl drain worker-2`
    cordons the node 1.5 s after the decision; the binding lands 25 s after the cordon. Upstream:
    schedule_one.go runs the binding cycle in a goroutine after the scheduling cycle, and the
    pods/binding subresource checks no taint or cordon: allowed."""
    return _late_binding(631, True, 25)


@scenario
def binding_after_cordon_no_volume() -> Files:
    """A plain ReplicaSet pod (no volume, no PreBind work) bound to worker-2 25 s after it was cordoned:
    the scheduler's cache has seen the cordon long before (its informer lags by milliseconds), so
    the decision was made on a cordoned node: a scheduler violation."""
    return _late_binding(632, False, 25)


@scenario
def binding_race_cordon_subsecond() -> Files:
    """The same drain with a plain pod whose binding lands 0.4 s after the cordon: the scheduler chose
    worker-2 from its snapshot before its informer delivered the cordon (schedule_one.go: the
    binding cycle after assume); within --slack, allowed."""
    return _late_binding(633, False, 0.4)


# -- upgrades ------------------------------------------------------------------------------------------
def _kubeadm_upgrade(seed: int, marks: bool, nodes_only: bool = False) -> Files:
    c = _kubeadm_upgrade_sim(seed, marks, nodes_only)
    if nodes_only:
        return {"nodes.json": _watch(c, ("Node",)), "leases.json": _watch(c, ("Lease",))}
    return _all(c)


def _kubeadm_upgrade_sim(seed: int, marks: bool, nodes_only: bool) -> Cluster:
    c = Sim(seed=seed, version="v1.31.4", grace=40)
    base(c, workers=8 if nodes_only else 3)
    leader: dict[str, Any] | None = None
    if nodes_only:  # `kubectl get leases -A -w`: kube-system's leader Lease renewed every 2 s
        leader = {
            "apiVersion": "coordination.k8s.io/v1",
            "kind": "Lease",
            "metadata": {
                "name": "kube-controller-manager",
                "namespace": "kube-system",
                "uid": c.uid(),
                "resourceVersion": "0",
                "creationTimestamp": ts(-86400 * 30),
            },
            "spec": {
                "holderIdentity": f"cp-1_{c.uid()}",
                "leaseDurationSeconds": 15,
                "acquireTime": mts(-86400 * 2),
                "renewTime": mts(-1.2),
                "leaseTransitions": 2,
            },
        }
        c._bump(leader)
    c.start()
    if leader is not None:
        c.out.append((c.t, "Lease", "ADDED", copy.deepcopy(leader)))

    def advance(until: float, renewing: bool = True) -> None:
        while c.t + 0.25 <= until + 1e-9:
            before = c.t
            c.advance(min(c.t + 2, until))
            if c.t <= before:
                break
            if leader is not None and renewing:
                leader["spec"]["renewTime"] = mts(c.t)
                c.emit("MODIFIED", leader)

    advance(30)
    # `kubeadm upgrade apply v1.32.0` rewrites /etc/kubernetes/manifests/kube-controller-manager.yaml: the
    # kubelet kills the old static pod and starts the new one; its mirror pod is deleted and created again
    # (same name, new uid and config.hash)
    key = "kube-system/kube-controller-manager-cp-1"
    old = c.pods.pop(key)
    c.emit("DELETED", old)
    advance(c.t + 2, renewing=False)
    new = c.pod(
        "kube-system",
        "kube-controller-manager-cp-1",
        "cp-1",
        kind="static",
        created=c.t,
        labels={"component": "kube-controller-manager", "tier": "control-plane"},
        image="registry.k8s.io/kube-controller-manager:v1.32.0",
    )
    new["spec"]["containers"][0]["command"] = old["spec"]["containers"][0]["command"]
    new["status"]["containerStatuses"] = [
        {
            "name": "kube-controller-manager",
            "ready": True,
            "restartCount": 0,
            "started": True,
            "image": "registry.k8s.io/kube-controller-manager:v1.32.0",
            "imageID": "registry.k8s.io/kube-controller-manager@sha256:" + "4e5f" * 16,
            "containerID": "containerd://" + "9a8b" * 16,
            "state": {"running": {"startedAt": ts(c.t)}},
        }
    ]
    c.emit("MODIFIED", new)
    advance(c.t + 14, renewing=False)  # the old leader Lease expires (15 s)
    if leader is not None:  # the new process takes it
        leader["spec"].update(
            holderIdentity=f"cp-1_{c.uid()}", acquireTime=mts(c.t), renewTime=mts(c.t), leaseTransitions=3
        )
        c.emit("MODIFIED", leader)
    advance(c.t + 11)
    c.grace = 50  # the 1.32 controller's grace from now on
    if not marks:
        c.grace = 10**9
    if nodes_only:
        # `kubeadm upgrade node` on cp-1, then the kubelet package: the kubelet restarts as v1.32.0
        advance(c.t + 20)
        info = c.nodes["cp-1"]["status"]["nodeInfo"]
        info["kubeletVersion"] = info["kubeProxyVersion"] = "v1.32.0"
        c.post_status("cp-1")
        advance(c.t + 40)
    else:
        advance(c.t + 60)
    _kill(c, ["worker-3"])
    advance(c.t + 400)
    return c


@scenario
def kubeadm_upgrade_controller_first() -> Files:
    """`kubeadm upgrade apply v1.32.0` on a 1.31 cluster: the control-plane components are upgraded
    before any kubelet (kubelets may lag, never lead), so the capture's list shows kube-controller-manager
    v1.31.4 (node-monitor-grace-period 40 s) and every kubelet v1.31.4; mid-capture the mirror pod is
    replaced by one running v1.32.0, whose default grace is 50 s (1.32 raised it:
    cmd/kube-controller-manager/app/options, NodeMonitorGracePeriod). worker-3 then dies and the 1.32
    controller marks it Unknown 50-55 s after its last renewal: upstream's timing."""
    return _kubeadm_upgrade(730, True)


@scenario
def kubeadm_upgrade_nodes_only() -> Files:
    """The same upgrade seen through `kubectl get nodes -w` and `kubectl get leases -A -w` (no pods: no
    controller image; the kube-system leader Lease shows the controller running and its new process
    taking over): the list shows cp-1's kubelet v1.31.4, the timing 1.31's (40 s); cp-1's kubelet is
    upgraded to v1.32.0 after the control plane (kubeadm upgrade node), so the controller was 1.32 before
    that; worker-3 then marked 56 s after its renewal (grace 50 s + a pass)."""
    return _kubeadm_upgrade(710, True, nodes_only=True)


@scenario
def kubeadm_upgrade_never_marks() -> Files:
    """The same upgrade; the new controller never marks the dead worker-3."""
    return _kubeadm_upgrade(730, False)


# -- nodes deleted and created again; pods created bound --------------------------------------------
@scenario
def node_recreated_within_podgc_quarantine() -> Files:
    """`kubectl delete node worker-2` (to clear a stuck Node object); the kubelet keeps running its pods,
    and `systemctl restart kubelet` registers the Node again 15 s later (same name, new uid). PodGC's
    gcOrphaned deletes pods of a missing Node only after its 40 s quarantine (pkg/controller/podgc:
    quarantineTime) and checks the Node again then: it exists, so worker-2's pods stay bound and
    running. The garbage collector deleted the old Node's Lease (ownerReference); the kubelet creates
    it again."""
    c = Sim(seed=661)
    base(c)
    c.start()
    c.advance(30)
    n = "worker-2"
    old = c.nodes.pop(n)
    c.emit("DELETED", old)
    c.kubelet[n]["alive"] = False
    c.advance(c.t + 1)
    c.emit("DELETED", c.leases.pop(n))
    c.advance(c.t + 14)
    obj = c.add_node(n, zone="eu-west-1a", created=c.t, hb_age=0)
    for k in obj["status"]["conditions"]:
        k["lastTransitionTime"] = ts(c.t)
    c.kubelet[n]["next_lease"] = c.t + 0.3
    c.emit("MODIFIED", obj)
    c.advance(c.t + 0.2)
    lease = c.leases[n]
    lease["metadata"]["creationTimestamp"] = ts(c.t)
    lease["spec"]["renewTime"] = mts(c.t)
    c.emit("ADDED", lease)
    c.t += 0.2
    c._noschedule_pass(n)  # the not-ready taint admission put on the new Node goes once it is Ready
    c.advance(c.t + 300)
    return _all(c)


def _preset_on_noexecute(seed: int, evicts: bool) -> Files:
    c = Sim(seed=seed, eviction=evicts)
    base(c)
    c.add_node(
        "gpu-1",
        zone="eu-west-1a",
        labels={"nvidia.com/gpu.present": "true"},
        taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoExecute"}],
    )
    c.pod(
        "kube-system",
        "kube-proxy-gx5q",
        "gpu-1",
        kind="ds",
        created=-86400 * 20,
        tolerations=[{"operator": "Exists"}],
        labels={"k8s-app": "kube-proxy"},
        image=f"registry.k8s.io/kube-proxy:{c.version}",
    )
    c.start()
    c.advance(20)
    p = c.pod("batch", "report-28973-x7k2p", "gpu-1", kind="bare", created=c.t, labels={"job-name": "report"})
    p["spec"]["tolerations"] = list(p["spec"].get("tolerations") or [])
    p["status"] = {"phase": "Pending", "qosClass": "Burstable"}
    c.t += 0.6
    # the kubelet's admission (pkg/kubelet/lifecycle/predicate.go: a NoExecute taint the pod does not
    # tolerate) rejects it
    p["status"] = {
        "phase": "Failed",
        "reason": "UnexpectedAdmissionError",
        "message": "Pod was rejected: Predicate TaintToleration failed: node(s) had taint {nvidia.com/gpu: "
        "present}, that the pod didn't tolerate",
        "startTime": ts(c.t),
    }
    c.emit("MODIFIED", p)
    c.advance(c.t + 120)
    return _all(c)


@scenario
def nodename_preset_on_noexecute_taint() -> Files:
    """A Job's pod created with spec.nodeName (no scheduler) on gpu-1, which carries
    nvidia.com/gpu=present:NoExecute the pod does not tolerate: the kubelet rejects it at admission and
    the taint-eviction controller deletes it at once (processPodOnNode: no matching toleration ->
    evicted now). Creating a pod bound is no scheduler decision: not judged as one."""
    return _preset_on_noexecute(662, True)


@scenario
def nodename_preset_never_evicted() -> Files:
    """The same with a taint-eviction controller that leaves the untolerated pod bound."""
    return _preset_on_noexecute(662, False)


def _karpenter_finalizer(seed: int, deleted_after: float) -> Files:
    c = Sim(seed=seed)
    names = base(c, workers=3, web=3)
    for n in names:
        c.nodes[n]["metadata"]["labels"].update(
            {
                "karpenter.sh/nodepool": "default",
                "karpenter.sh/registered": "true",
                "karpenter.sh/initialized": "true",
                "karpenter.sh/capacity-type": "spot",
            }
        )
        c.nodes[n]["metadata"]["finalizers"] = ["karpenter.sh/termination"]
        c.nodes[n]["spec"]["providerID"] = f"aws:///eu-west-1a/i-0{c.uid().replace('-', '')[:16]}"
    c.start()
    c.advance(20)
    old = names[2]
    # the NodeClaim is deleted (drift): karpenter deletes the Node, which its finalizer keeps: deletionTimestamp
    node = c.nodes[old]
    node["metadata"]["deletionTimestamp"] = ts(c.t)
    node["metadata"]["deletionGracePeriodSeconds"] = 0
    c.emit("MODIFIED", node)
    c.t += 0.3
    c.set_taints(old, add=[{"key": "karpenter.sh/disrupted", "effect": "NoSchedule"}])
    c.t += 0.5
    for key, p in list(c.pods.items()):
        if p["spec"].get("nodeName") == old and key.startswith("default/"):
            c.delete_pod(key, reason="EvictionByEvictionAPI", message="Eviction API: evicting")
    c.advance(c.t + 35)
    c.kubelet[old]["alive"] = False  # the instance is terminated (ec2:TerminateInstances)
    c.advance(c.t + deleted_after)
    # the instance is gone (cloudprovider Get: NotFound): the finalizer is removed, the Node deleted
    node = c.nodes.pop(old)
    node["metadata"]["finalizers"] = []
    c.emit("DELETED", node)
    c.kubelet.pop(old, None)
    c.t += 0.4
    c.emit("DELETED", c.leases.pop(old))
    for key, pd in list(c.pods.items()):
        if pd["spec"].get("nodeName") == old:
            pd["metadata"]["deletionTimestamp"] = ts(c.t)
            pd["metadata"]["deletionGracePeriodSeconds"] = 0
            c.emit("DELETED", c.pods.pop(key))
    c.advance(c.t + 60)
    return _all(c)


@scenario
def karpenter_node_finalizer_unknown() -> Files:
    """Karpenter v1 disruption (drift) of a spot Node: the Node is deleted but its karpenter.sh/termination
    finalizer keeps it (deletionTimestamp set), karpenter.sh/disrupted:NoSchedule, the pods evicted
    through the Eviction API, the instance terminated; karpenter removes the finalizer only once the
    cloud provider says the instance is gone, 90 s later: meanwhile the node lifecycle controller marks
    the Node Unknown and taints it unreachable, as for any silent Node. DaemonSet pods deleted with the
    Node (PodGC)."""
    return _karpenter_finalizer(681, 90)


# -- audit logs -----------------------------------------------------------------------------------------
DS_AUDIT_TOL = [
    {"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute"},
    {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute"},
    {"key": "node.kubernetes.io/disk-pressure", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/memory-pressure", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/pid-pressure", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/network-unavailable", "operator": "Exists", "effect": "NoSchedule"},
]


def _audit_cordon_binding(bind_after: float, kind: str = "rs", created: bool = True) -> Files:
    """situations3's audit log (two kubelets register, worker-b dies, the controller marks and taints it)
    with `kubectl cordon worker-a` at 30 s (a PATCH of spec.unschedulable by the admin, then the
    node-controller's unschedulable:NoSchedule taint), a pod created at 29 s (RequestResponse: the
    request, and the response after admission) by the ReplicaSet or DaemonSet controller, and the
    scheduler's pods/binding of it to worker-a ``bind_after`` s after the cordon."""
    sys.path.insert(0, os.path.join(HERE, "..", "situations3"))
    import gen_audit as ga  # tests/data/situations3

    events = ga.creations() + ga.dies()
    admin = ("kubernetes-admin", ["kubeadm:cluster-admins", "system:authenticated"])
    ref = {"resource": "nodes", "name": "worker-a", "apiVersion": "v1"}
    log = ga.Log()
    log.rv = 5000
    log.ev(
        30,
        *admin,
        "patch",
        ref,
        {"spec": {"unschedulable": True}},
        level="Request",
        ua="kubectl/v1.32.3 (linux/amd64) kubernetes/32cc146",
    )
    log.ev(
        30.05,
        *ga.NC,
        "patch",
        ref,
        {
            "metadata": {"resourceVersion": "3"},
            "spec": {
                "taints": [
                    {"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule", "timeAdded": ga.sec(30.05)}
                ]
            },
        },
        level="Request",
        ua=ga.NC_UA,
    )
    ns, name, sa = (
        ("default", "web-5d8f7c9b6-q2x7z", "replicaset-controller")
        if kind == "rs"
        else ("kube-system", "kube-proxy-7xk2p", "daemon-set-controller")
    )
    tols = [] if kind == "rs" else list(DS_AUDIT_TOL)
    spec: dict[str, Any] = {
        "containers": [{"name": "c", "image": "nginx:1.27", "resources": {"requests": {"cpu": "100m"}}}],
        "tolerations": tols,
    }
    request = {
        "kind": "Pod",
        "apiVersion": "v1",
        "metadata": {"generateName": name[:-5], "namespace": ns},
        "spec": spec,
    }
    response = copy.deepcopy(request)
    response["metadata"].update(name=name, uid="9f0e2b7c-4b1d-4e8a-9c3f-2a6d5e8b1c40", resourceVersion="5123")
    if kind == "rs":  # DefaultTolerationSeconds, at admission
        response["spec"]["tolerations"] = [
            {"key": k, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}
            for k in ("node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable")
        ]
    group = ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"]
    log.ev(
        29,
        f"system:serviceaccount:kube-system:{sa}",
        group,
        "create",
        {"resource": "pods", "namespace": ns, "apiVersion": "v1"},
        request,
        level="RequestResponse",
        ua=f"kube-controller-manager/v1.32.3 (linux/amd64) kubernetes/32cc146/system:serviceaccount:kube-system:{sa}",
    )
    log.lines[-1][1]["responseObject"] = response
    if not created:
        log.lines.pop()
    at = ga.ts(30 + bind_after)
    bind = {
        "kind": "Event",
        "apiVersion": "audit.k8s.io/v1",
        "level": "Request",
        "auditID": "bind-1",
        "stage": "ResponseComplete",
        "requestURI": f"/api/v1/namespaces/{ns}/pods/{name}/binding",
        "verb": "create",
        "user": {"username": "system:kube-scheduler", "groups": ["system:authenticated"]},
        "objectRef": {"resource": "pods", "namespace": ns, "name": name, "apiVersion": "v1", "subresource": "binding"},
        "responseStatus": {"metadata": {}, "code": 201},
        "requestObject": {
            "kind": "Binding",
            "apiVersion": "v1",
            "metadata": {"name": name, "namespace": ns},
            "target": {"kind": "Node", "name": "worker-a"},
        },
        "requestReceivedTimestamp": at,
        "stageTimestamp": at,
    }
    merged = sorted([*events, *(e for _, e in log.lines), bind], key=lambda e: e["stageTimestamp"])
    return {"audit.log": "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in merged)}


@scenario
def audit_binding_race_cordon() -> Files:
    """The binding lands 0.3 s after the cordon: the scheduler decided on its snapshot before the cordon
    reached its informer (schedule_one.go; the pods/binding subresource checks no cordon)."""
    return _audit_cordon_binding(0.3)


@scenario
def audit_binding_after_cordon() -> Files:
    """The binding lands 20 s after the cordon: a scheduler that ignored the cordon."""
    return _audit_cordon_binding(20)


@scenario
def audit_daemonset_binding_cordoned() -> Files:
    """A DaemonSet's pod (created by the daemon-set-controller with the tolerations
    AddOrUpdateDaemonPodTolerations adds, node.kubernetes.io/unschedulable among them) bound by the
    default scheduler to the cordoned worker-a 20 s after the cordon: allowed (DaemonSet pods are
    scheduled by kube-scheduler since 1.12 and tolerate the cordon)."""
    return _audit_cordon_binding(20, kind="ds")


@scenario
def audit_binding_pod_not_logged() -> Files:
    """The same DaemonSet binding in a log whose policy leaves pod creations out: the pod's tolerations
    are not in the log, so its binding cannot be judged."""
    return _audit_cordon_binding(20, kind="ds", created=False)


# -- serialisations ------------------------------------------------------------------------------------
def _node_dies(seed: int, nlc: bool) -> Cluster:
    """worker-3's kubelet dies at 20 s; the controller marks it, taints it, and its web pod is evicted
    after 300 s (or, ``nlc=False``, nothing marks it)."""
    c = Sim(seed=seed, nlc=nlc)
    base(c)
    c.start()
    c.advance(20)
    _kill(c, ["worker-3"])
    c.advance(c.t + 400)
    return c


def _raw(c: Cluster, kinds: tuple[str, ...], every: float = 60.0, gone: bool = True) -> str:
    """`kubectl get --raw '/api/v1/nodes?watch=1&allowWatchBookmarks=true&sendInitialEvents=true&
    resourceVersionMatch=NotOlderThan'`: one compact JSON event per line; the initial events end with a
    BOOKMARK annotated k8s.io/initial-events-end, more BOOKMARKs (an object of the watched kind with
    only a resourceVersion) come about every minute; the stream ends with an ERROR event carrying a
    410 Gone Status (watch.go: the API server's watch cache, etcd compaction)."""
    kind = kinds[0]
    api = "coordination.k8s.io/v1" if kind == "Lease" else "v1"
    out, last, rv = [], None, 0

    def bookmark(extra: dict[str, str] | None = None) -> str:
        meta: dict[str, Any] = {"resourceVersion": str(rv), "creationTimestamp": None}
        if extra:
            meta["annotations"] = extra
        return (
            json.dumps(
                {"type": "BOOKMARK", "object": {"kind": kind, "apiVersion": api, "metadata": meta}},
                separators=(",", ":"),
            )
            + "\n"
        )

    started = False
    for t, k, typ, obj in c.out:
        if k not in kinds:
            continue
        rv = max(rv, int(obj["metadata"]["resourceVersion"]))
        if not started and t > c.out[0][0]:
            out.append(bookmark({"k8s.io/initial-events-end": "true"}))
            started, last = True, t
        if last is not None and t - last >= every:
            out.append(bookmark())
            last = t
        out.append(json.dumps({"type": typ, "object": obj}, separators=(",", ":")) + "\n")
    if gone:
        out.append(
            json.dumps(
                {
                    "type": "ERROR",
                    "object": {
                        "kind": "Status",
                        "apiVersion": "v1",
                        "metadata": {},
                        "status": "Failure",
                        "message": f"too old resource version: {rv - 4000} ({rv})",
                        "reason": "Expired",
                        "code": 410,
                    },
                },
                separators=(",", ":"),
            )
            + "\n"
        )
    return "".join(out)


def _raw_files(c: Cluster) -> Files:
    return {"nodes.jsonl": _raw(c, ("Node",)), "pods.jsonl": _raw(c, ("Pod",)), "leases.jsonl": _raw(c, ("Lease",))}


@scenario
def raw_watch_bookmarks() -> Files:
    """Watches taken with `kubectl get --raw` (allowWatchBookmarks, sendInitialEvents): BOOKMARK events
    between the changes, the initial-events-end BOOKMARK, and an ERROR 410 Gone at the end; worker-3
    dies, marked and evicted on time."""
    return _raw_files(_node_dies(641, True))


@scenario
def raw_watch_bookmarks_never_marked() -> Files:
    """The same with a controller that never marks worker-3."""
    return _raw_files(_node_dies(641, False))


def _yaml_watch(c: Cluster, kinds: tuple[str, ...]) -> str:
    """`kubectl get ... -w --output-watch-events -o yaml`: each event a metav1.WatchEvent printed by
    the YAML printer (sigs.k8s.io/yaml: keys sorted), documents separated by `---`."""
    import yaml

    docs = [
        yaml.safe_dump({"object": obj, "type": typ}, sort_keys=True, default_flow_style=False)
        for _, k, typ, obj in c.out
        if k in kinds
    ]
    return "---\n".join(docs)


@scenario
def yaml_watch() -> Files:
    """The dying-node capture written with `-o yaml`: nodes and pods in one watch, Leases in another."""
    c = _node_dies(642, True)
    return {"nodes-pods.yaml": _yaml_watch(c, ("Node", "Pod")), "leases.yaml": _yaml_watch(c, ("Lease",))}


@scenario
def yaml_watch_never_marked() -> Files:
    c = _node_dies(642, False)
    return {"nodes-pods.yaml": _yaml_watch(c, ("Node", "Pod")), "leases.yaml": _yaml_watch(c, ("Lease",))}


def _powershell(text: str) -> bytes:
    """Windows PowerShell 5.1 `kubectl get ... > file.json`: Out-File's default encoding is UTF-16LE
    with a byte order mark, and every line ends in CRLF."""
    return b"\xff\xfe" + text.replace("\n", "\r\n").encode("utf-16-le")


@scenario
def powershell_utf16_redirect() -> Files:
    """The dying-node capture taken on a Windows workstation with PowerShell 5.1's `>`."""
    c = _node_dies(643, True)
    return {
        n: _powershell(_watch(c, (k,)))
        for n, k in (("nodes.json", "Node"), ("pods.json", "Pod"), ("leases.json", "Lease"))
    }


@scenario
def powershell_utf16_never_marked() -> Files:
    c = _node_dies(643, False)
    return {
        n: _powershell(_watch(c, (k,)))
        for n, k in (("nodes.json", "Node"), ("pods.json", "Pod"), ("leases.json", "Lease"))
    }


@scenario
def utf8_bom_crlf() -> Files:
    """PowerShell 7 `Out-File -Encoding utf8BOM` / Notepad: UTF-8 with a byte order mark, CRLF."""
    c = _node_dies(644, True)
    return {
        n: b"\xef\xbb\xbf" + _watch(c, (k,)).replace("\n", "\r\n").encode()
        for n, k in (("nodes.json", "Node"), ("pods.json", "Pod"), ("leases.json", "Lease"))
    }


def _write(d: str, files: Files) -> None:
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    for name, text in files.items():
        data = text if isinstance(text, bytes) else text.encode()
        if len(data) > 20000 and not name.endswith(".gz"):
            name += ".gz"  # kept small in the repository (the reader opens .gz as it is)
        path = os.path.join(d, name)
        if name.endswith(".gz"):
            with gzip.GzipFile(path, "wb", mtime=0) as g:
                g.write(data)
        else:
            with open(path, "wb") as f:
                f.write(data)


def write_scenarios(here: str, scenarios: dict[str, Callable[[], Files]], names: list[str]) -> None:
    """Write the named scenarios (every one when none is named) into their folders under ``here``: what
    the ``main`` of this round and of every later one that reuses these writers does."""
    for name in names or sorted(scenarios):
        _write(os.path.join(here, name), scenarios[name]())
        print(name)


def main() -> None:
    write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()


__all__ = ["UNSCHED", "copy", "mts"]
