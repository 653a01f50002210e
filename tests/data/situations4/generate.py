"""Write the captures of tests/data/situations4 (run: python tests/data/situations4/generate.py).

Round 4 of operators' situations (GitHub issue 15, "nodereg check on real captures"): kubelet clocks
off in either direction, kube-controller-manager restarts and leader changes, Leases deleted or in
other namespaces, audit policies that leave Leases out, several API servers' logs, drains blocked by
PodDisruptionBudgets, a CNI that is not ready, many custom taints. Watch captures are played on
``tests/data/realworld2/sim.py`` (upstream's timing) and written as ``kubectl get -w
--output-watch-events -o json`` prints them; audit logs are built from
``tests/data/situations3/gen_audit.py``. Expected verdicts and the upstream reasons:
tests/test_oracle_situations4.py.
"""

from __future__ import annotations

import copy
import datetime as dt
import gzip
import json
import os
import sys
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "realworld2"))
sys.path.append(os.path.join(HERE, "..", "situations3"))  # gen_audit (its generate.py is not the one wanted)
import gen_audit as ga  # noqa: E402
from generate import base, write  # noqa: E402
from sim import NOTREADY, T0, UNREACH, Cluster, mts, ts  # noqa: E402

SCENARIOS: dict[str, Callable[[], Cluster]] = {}
AUDIT: dict[str, Callable[[], dict[str, list[dict[str, Any]]]]] = {}


def scenario(fn: Callable[[], Cluster]) -> Callable[[], Cluster]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def audit(fn: Callable[[], dict[str, list[dict[str, Any]]]]) -> Callable[[], dict[str, list[dict[str, Any]]]]:
    AUDIT[fn.__name__.replace("_", "-")] = fn
    return fn


class Sim(Cluster):
    """``sim.Cluster`` whose node lifecycle controller can restart: upstream's tryUpdateNodeHealth
    gives a Node it has no entry for ``probeTimestamp = readyTransitionTimestamp = now`` ("Missing
    timestamp for Node ... Assuming now as a timestamp"), so a new leader grants every Node a fresh
    node-monitor-grace-period from its first pass (``probe_floor``: that pass)."""

    probe_floor = -1e18

    def _monitor(self) -> None:
        # sim.Cluster._monitor with the probe no older than the controller's start
        for name in sorted(self.nodes):
            rd = self.ready(name)
            observed = rd
            lease = self.leases.get(name)
            probe = max(
                [self.t - 10**9, self.probe_floor]
                + [
                    (
                        dt.datetime.strptime(c["lastHeartbeatTime"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.UTC) - T0
                    ).total_seconds()
                    for c in self.nodes[name]["status"]["conditions"]
                    if c["type"] == "Ready"
                ]
            )
            if lease is not None:
                rt = dt.datetime.strptime(lease["spec"]["renewTime"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=dt.UTC)
                probe = max(probe, (rt - T0).total_seconds())
            if rd in ("True", "False") and self.t - probe > self.grace:
                self._mark_unknown(name)
            if observed == "False" and not self.has_taint(name, NOTREADY, "NoExecute"):
                self._enqueue(name, NOTREADY)
            elif observed == "Unknown" and not self.has_taint(name, UNREACH, "NoExecute"):
                self._enqueue(name, UNREACH)
            elif observed == "True":
                self.taint_queue = [q for q in self.taint_queue if q[0] != name]
                if self.has_taint(name, UNREACH, "NoExecute") or self.has_taint(name, NOTREADY, "NoExecute"):
                    self.t += 0.02
                    self.set_taints(name, remove=[(UNREACH, "NoExecute"), (NOTREADY, "NoExecute")])
            self.observed[name] = self.ready(name)
        self._handle_disruption()


def _skew(c: Cluster, node: str, secs: float) -> None:
    """The kubelet of ``node`` stamps its Lease renewTime and its status heartbeats ``secs`` off."""
    skew = dt.timedelta(seconds=secs)
    for _, kind, _typ, obj in c.out:
        if obj["metadata"]["name"] != node or obj["metadata"].get("namespace", "kube-node-lease") != "kube-node-lease":
            continue
        if kind == "Lease":
            rt = dt.datetime.strptime(obj["spec"]["renewTime"], "%Y-%m-%dT%H:%M:%S.%fZ") + skew
            obj["spec"]["renewTime"] = rt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        elif kind == "Node":
            for cond in obj["status"]["conditions"]:
                if cond["type"] != "NetworkUnavailable" and cond.get("reason", "").startswith("Kubelet"):
                    h = dt.datetime.strptime(cond["lastHeartbeatTime"], "%Y-%m-%dT%H:%M:%SZ") + skew
                    cond["lastHeartbeatTime"] = h.strftime("%Y-%m-%dT%H:%M:%SZ")


# -- kubelet clocks ---------------------------------------------------------------------------------
@scenario
def clock_behind_alive() -> Cluster:
    """worker-2's clock runs 90 s behind (its Lease renewTime is always 90 s old by the others'
    clocks); it keeps renewing every 10 s. The controller sees the renewTime change every time
    (probeTimestamp = its own now) and never marks it."""
    c = Cluster(seed=401)
    base(c)
    c.start()
    c.advance(360)
    _skew(c, "worker-2", -90)
    return c


@scenario
def clock_behind_node_dies() -> Cluster:
    """worker-2's clock 40 s behind; its kubelet dies at 60 s; marked Unknown 50-55 s after the
    controller last saw its Lease change."""
    c = Cluster(seed=402)
    base(c)
    c.start()
    c.advance(60)
    c.kubelet["worker-2"]["alive"] = False
    c.advance(240)
    _skew(c, "worker-2", -40)
    return c


@scenario
def clock_ahead_never_marked() -> Cluster:
    """Bug: worker-2's clock 25 s ahead, its kubelet dies, and no controller marks it Unknown."""
    c = Cluster(seed=403, nlc=False)
    base(c)
    c.start()
    c.advance(60)
    c.kubelet["worker-2"]["alive"] = False
    c.advance(240)
    _skew(c, "worker-2", 25)
    return c


@scenario
def clock_ahead_marked_early() -> Cluster:
    """Bug: worker-2's clock 25 s ahead and its kubelet alive; a controller marks it Unknown while it
    renews (30 s after a renewal), and the kubelet's next status post sets Ready=True again."""
    c = Cluster(seed=404)
    base(c)
    c.start()
    c.advance(100)
    c._mark_unknown("worker-2")
    c.advance(c.t + 12)
    c.post_status("worker-2", "True")
    c.advance(c.t + 60)
    _skew(c, "worker-2", 25)
    return c


@scenario
def clock_stepped_back() -> Cluster:
    """worker-2's clock ran 60 s ahead and NTP steps it back at 100 s: its next renewals carry a
    renewTime older than the last one. The controller counts a renewal only when renewTime is after
    the one it saved (``savedLease.Spec.RenewTime.Before(observedLease.Spec.RenewTime)``), so it sees
    none for 60 s, marks worker-2 Unknown when its grace runs out, and takes it back as the renewals
    pass the saved time and the kubelet posts Ready again."""
    c = Cluster(seed=405)
    base(c)
    c.start()
    c.advance(100)
    n = "worker-2"
    lease = c.leases[n]
    c.kubelet[n]["partitioned"] = True  # renewals by hand below
    saved = lease["spec"]["renewTime"]
    end = c.t + 60
    while c.t + 10 <= end:
        c.advance(c.t + 10)
        lease["spec"]["renewTime"] = mts(c.t - 60)  # stepped back: older than the saved one
        c.emit("MODIFIED", lease)
        lease["spec"]["renewTime"] = saved  # the controller's view for the sim's monitor
    c.advance(end)
    c.kubelet[n]["partitioned"] = False
    c.renew(n)
    c.kubelet[n]["next_lease"] = c.t + 10
    c.post_status(n, "True")
    c.advance(c.t + 120)
    _skew_before(c, n, 60, until=100)
    return c


def _skew_before(c: Cluster, node: str, secs: float, until: float) -> None:
    """The kubelet of ``node`` stamped its Lease ``secs`` ahead up to ``until`` (its clock then stepped)."""
    for t, kind, _typ, obj in c.out:
        if kind == "Lease" and obj["metadata"]["name"] == node and t < until:
            rt = dt.datetime.strptime(obj["spec"]["renewTime"], "%Y-%m-%dT%H:%M:%S.%fZ") + dt.timedelta(seconds=secs)
            obj["spec"]["renewTime"] = rt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


# -- kube-controller-manager restarts -----------------------------------------------------------------
def _kcm_lease(c: Cluster, holder: str, acquired: float, transitions: int) -> dict[str, Any]:
    return {
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
            "holderIdentity": holder,
            "leaseDurationSeconds": 15,
            "acquireTime": mts(acquired),
            "renewTime": mts(acquired),
            "leaseTransitions": transitions,
        },
    }


def _kcm_restart(seed: int, marks: bool, via_lease: bool, ha: bool = False) -> Sim:
    c = Sim(seed=seed)
    base(c)
    if ha:
        for n in ("cp-2", "cp-3"):
            c.add_node(n, zone="eu-west-1a", cp=True)
    kcm = c.pods["kube-system/kube-controller-manager-cp-1"]
    kcm["status"]["containerStatuses"] = [
        {
            "name": "kube-controller-manager",
            "ready": True,
            "restartCount": 2,
            "started": True,
            "image": f"registry.k8s.io/kube-controller-manager:{c.version}",
            "state": {"running": {"startedAt": ts(-86400 * 3)}},
        }
    ]
    lease = _kcm_lease(c, "cp-1_7c1f9b54-0f0e-4a4c-9d0a-2d2b5c3e8f11", -86400 * 3, 2)
    c.start()
    if via_lease:
        c.emit("ADDED", lease)
    c.advance(30)
    c.kubelet["worker-3"]["alive"] = False
    c.advance(c.t + 25)
    # the controller-manager of cp-1 stops (OOM-killed, a static pod manifest edited): nothing
    # marks worker-3 while no controller runs
    c.nlc = False
    down = c.t
    c.advance(c.t + 20)
    if not ha:
        # kubelet restarts the container; the new process waits for the old leader lease to expire
        kcm["status"]["containerStatuses"][0].update(
            {
                "restartCount": 3,
                "state": {"running": {"startedAt": ts(c.t)}},
                "lastState": {
                    "terminated": {
                        "exitCode": 137,
                        "reason": "OOMKilled",
                        "startedAt": ts(-86400 * 3),
                        "finishedAt": ts(down),
                    }
                },
            }
        )
        c.emit("MODIFIED", kcm)
    c.advance(c.t + 15)
    holder = ("cp-2" if ha else "cp-1") + "_3e0d5a17-6b2c-4f5e-8a90-1c7d2e4b6a35"
    if via_lease:
        lease["spec"].update(
            {"holderIdentity": holder, "acquireTime": mts(c.t), "renewTime": mts(c.t), "leaseTransitions": 3}
        )
        c.emit("MODIFIED", lease)
    c.probe_floor = c.t + 1
    c.nlc = marks
    c.next_monitor = c.t + 1
    c.advance(c.t + 150)
    return c


@scenario
def kcm_restart_fresh_grace() -> Cluster:
    """worker-3's kubelet dies; 25 s later kube-controller-manager is OOM-killed and restarted by
    the kubelet (restartCount 3, new startedAt), takes the leader Lease again 35 s after the crash
    and marks worker-3 Unknown 50 s after its own first pass: ~110 s after the last heartbeat. The
    leases watch is `-A` (kube-system's leader Lease in it)."""
    return _kcm_restart(410, marks=True, via_lease=True)


@scenario
def kcm_restart_pod_only() -> Cluster:
    """The same restart seen only through the pods watch (leases watched in kube-node-lease only):
    the kube-controller-manager mirror pod's container restartCount and startedAt."""
    return _kcm_restart(411, marks=True, via_lease=False)


@scenario
def kcm_leader_change_ha() -> Cluster:
    """Three control planes: cp-1's kube-controller-manager dies while worker-3 is silent; cp-2's
    takes the leader Lease (new holderIdentity, leaseTransitions 3) when it expires and marks
    worker-3 Unknown a grace period after its first pass."""
    return _kcm_restart(412, marks=True, via_lease=True, ha=True)


@scenario
def kcm_restart_never_marks() -> Cluster:
    """Bug: the restarted controller never marks the dead worker-3 (still caught: the fresh grace
    runs out too)."""
    return _kcm_restart(413, marks=False, via_lease=True)


# -- Leases ------------------------------------------------------------------------------------------
@scenario
def lease_deleted_recreated() -> Cluster:
    """kubectl delete lease -n kube-node-lease worker-1: the kubelet's lease controller gets NotFound
    at its next renewal and creates it again (new uid, creationTimestamp now); the controller compares
    renewTime only and never marks the node."""
    c = Cluster(seed=420)
    base(c)
    c.start()
    c.advance(40)
    old = c.leases["worker-1"]
    c.emit("DELETED", old)
    c.advance(c.t + 4)
    new = copy.deepcopy(old)
    new["metadata"].update({"uid": c.uid(), "creationTimestamp": ts(c.t)})
    c.leases["worker-1"] = new
    c.emit("ADDED", new)
    c.advance(c.t + 200)
    return c


def _other_leases(seed: int, nlc: bool) -> Cluster:
    c = Cluster(seed=seed, nlc=nlc)
    base(c)
    c.start()
    app = {
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": "worker-1",
            "namespace": "default",
            "uid": c.uid(),
            "resourceVersion": "0",
            "creationTimestamp": ts(-86400),
        },
        "spec": {"holderIdentity": "queue-consumer-7d9f8-x2", "leaseDurationSeconds": 15, "renewTime": mts(0)},
    }
    sched = {
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": "kube-scheduler",
            "namespace": "kube-system",
            "uid": c.uid(),
            "resourceVersion": "0",
            "creationTimestamp": ts(-86400 * 30),
        },
        "spec": {
            "holderIdentity": "cp-1_0a1b2c3d-1111-2222-3333-444455556666",
            "leaseDurationSeconds": 15,
            "acquireTime": mts(-86400 * 3),
            "renewTime": mts(0),
            "leaseTransitions": 2,
        },
    }
    c.emit("ADDED", app)
    c.emit("ADDED", sched)
    c.kubelet["worker-1"]["alive"] = False
    for _ in range(60):
        c.advance(c.t + 3)
        for lease in (app, sched):
            lease["spec"]["renewTime"] = mts(c.t)
            c.emit("MODIFIED", lease)
    return c


@scenario
def leases_other_namespaces() -> Cluster:
    """`kubectl get leases -A -w`: kube-system's leader Leases and an application's Lease in
    `default` that happens to be named `worker-1` renew every 3 s; worker-1's kubelet dies and is
    marked Unknown. Only kube-node-lease holds node heartbeats."""
    return _other_leases(421, nlc=True)


@scenario
def leases_other_namespaces_never_marked() -> Cluster:
    """Bug: the same, and no controller marks worker-1: the `default/worker-1` Lease renewing is no
    heartbeat of the node."""
    return _other_leases(422, nlc=False)


# -- taints, pods ------------------------------------------------------------------------------------
@scenario
def many_custom_taints_daemonsets() -> Cluster:
    """A GPU node with five custom taints (NoSchedule, PreferNoSchedule, a NoExecute one) and the
    DaemonSet pods that tolerate everything (`operator: Exists`); a new DaemonSet pod is bound there;
    then `kubectl taint` adds another NoExecute taint: the pods that do not tolerate it are evicted at
    once, the DaemonSet pods stay."""
    c = Cluster(seed=430)
    base(c)
    taints = [
        {"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"},
        {"key": "dedicated", "value": "ml", "effect": "NoSchedule"},
        {"key": "spot", "value": "true", "effect": "PreferNoSchedule"},
        {"key": "example.com/maintenance-window", "effect": "PreferNoSchedule"},
        {"key": "ml-only", "value": "true", "effect": "NoExecute", "timeAdded": ts(-86400)},
    ]
    c.add_node("gpu-1", zone="eu-west-1a", taints=taints, cpu="32")
    for ds in ("nvidia-device-plugin-daemonset", "dcgm-exporter", "node-exporter"):
        c.pod(
            "kube-system",
            f"{ds}-g{len(ds)}k",
            "gpu-1",
            kind="ds",
            tolerations=[{"operator": "Exists"}],
            labels={"app": ds},
        )
    ml = [
        {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"},
        {"key": "dedicated", "operator": "Equal", "value": "ml", "effect": "NoSchedule"},
        {"key": "ml-only", "operator": "Exists", "effect": "NoExecute"},
    ]
    c.pod("ml", "trainer-6c5d4b7f8-t1q", "gpu-1", tolerations=ml, cpu="8")
    c.start()
    c.advance(30)
    p = c.pod(
        "kube-system",
        "fluent-bit-gz7q2",
        None,
        kind="ds",
        created=c.t,
        tolerations=[{"operator": "Exists"}],
        labels={"app": "fluent-bit"},
    )
    c.t += 0.6
    p["spec"]["nodeName"] = "gpu-1"
    p["status"]["conditions"] = [
        {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
    ]
    c.emit("MODIFIED", p)
    c.advance(c.t + 30)
    c.set_taints(
        "gpu-1", add=[{"key": "nvidia.com/gpu-health", "value": "xid-79", "effect": "NoExecute", "timeAdded": ts(c.t)}]
    )
    c.advance(c.t + 60)
    for key in [k for k, q in c.pods.items() if q["metadata"].get("deletionTimestamp")]:
        c.emit("DELETED", c.pods.pop(key))
    c.advance(c.t + 30)
    return c


@scenario
def daemonset_rollout_on_noexecute_node() -> Cluster:
    """A DaemonSet rolling update on a node that carries a NoExecute taint its pods tolerate for ever
    (a dedicated `ml-only=true:NoExecute` node; a NotReady node's not-ready:NoExecute is the same):
    the DaemonSet controller deletes the old pod (a plain graceful delete: no DisruptionTarget) and
    creates the new one, bound to the node. Nobody evicted anything."""
    c = Cluster(seed=438)
    base(c)
    c.add_node(
        "gpu-1",
        zone="eu-west-1a",
        cpu="32",
        taints=[{"key": "ml-only", "value": "true", "effect": "NoExecute", "timeAdded": ts(-86400)}],
    )
    c.pod(
        "kube-system",
        "node-exporter-g5q1k",
        "gpu-1",
        kind="ds",
        tolerations=[{"operator": "Exists"}],
        labels={"app": "node-exporter"},
    )
    c.start()
    c.advance(30)
    c.delete_pod("kube-system/node-exporter-g5q1k")
    c.advance(c.t + 10)
    new = c.pod(
        "kube-system",
        "node-exporter-h7w2m",
        None,
        kind="ds",
        created=c.t,
        tolerations=[{"operator": "Exists"}],
        labels={"app": "node-exporter"},
    )
    new["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"][0][
        "matchFields"
    ][0]["values"] = ["gpu-1"]
    c.t += 0.5
    new["spec"]["nodeName"] = "gpu-1"
    new["status"]["conditions"] = [
        {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
    ]
    c.emit("MODIFIED", new)
    c.advance(c.t + 60)
    return c


@scenario
def drain_blocked_by_pdb() -> Cluster:
    """kubectl drain worker-1 with a PodDisruptionBudget (minAvailable 2 of 2) on its database pods:
    the cordon, one eviction that goes through, then the Eviction API answers 429 for the others
    (nothing changes in the watch) and kubectl keeps retrying for 4 minutes; the node stays cordoned
    with pods on it."""
    c = Cluster(seed=431)
    base(c)
    for i in range(2):
        c.pod("db", f"postgres-{i}", "worker-1", kind="bare", labels={"app": "postgres"}, cpu="500m")
    c.start()
    c.advance(20)
    n = "worker-1"
    c.nodes[n]["spec"]["unschedulable"] = True
    c.emit("MODIFIED", c.nodes[n])
    c.t += 0.1
    c._noschedule_pass(n)
    c.advance(c.t + 1)
    web = next(k for k, p in c.pods.items() if k.startswith("default/") and p["spec"].get("nodeName") == n)
    c.delete_pod(web, reason="EvictionByEvictionAPI", message="Eviction API: evicting")
    c.advance(c.t + 240)
    return c


def _tolerations_mid(until: float) -> Cluster:
    c = Cluster(seed=432)
    base(c)
    c.pod(
        "default",
        "cache-5c4b3a2d1-c9q",
        "worker-3",
        created=-3000,
        tolerations=[
            {"key": UNREACH, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 600},
            {"key": NOTREADY, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 600},
        ],
    )
    c.kubelet["worker-3"]["alive"] = False
    c.leases["worker-3"]["spec"]["renewTime"] = mts(-300)
    cond = c.cond("worker-3", "Ready")
    for k in c.nodes["worker-3"]["status"]["conditions"]:
        if k["type"] != "NetworkUnavailable":
            k.update(
                {
                    "status": "Unknown",
                    "reason": "NodeStatusUnknown",
                    "message": "Kubelet stopped posting node status.",
                    "lastTransitionTime": ts(-245),
                }
            )
    cond["lastHeartbeatTime"] = ts(-310)
    c.nodes["worker-3"]["spec"]["taints"] = [
        {"key": UNREACH, "effect": "NoSchedule", "timeAdded": ts(-245)},
        {"key": UNREACH, "effect": "NoExecute", "timeAdded": ts(-240)},
    ]
    c.observed["worker-3"] = "Unknown"
    for key, p in c.pods.items():
        if p["spec"].get("nodeName") == "worker-3":
            c.evict_at[key] = -240 + (600 if key.startswith("default/cache") else 300)
            if key.startswith("kube-system/"):
                c.evict_at.pop(key)
    c.start()
    c.advance(until)
    return c


@scenario
def toleration_seconds_end_mid_capture() -> Cluster:
    """The capture starts while worker-3 has been unreachable for 4 min (tainted NoExecute before the
    list): a pod tolerating 300 s is evicted 60 s into the capture, one tolerating 600 s 360 s in,
    as their timers (started at the taint, before the capture) run out."""
    return _tolerations_mid(420)


@scenario
def toleration_seconds_never_evicted() -> Cluster:
    """Bug: the same, and the taint-eviction controller never evicts the 600 s pod, still there 660 s
    into the capture (its timer cannot have started later than the capture)."""
    c = _tolerations_mid(660)
    listed = {id(o) for _, _, typ, o in c.out if typ == "ADDED"}
    c.out = [
        x
        for x in c.out
        if not (x[1] == "Pod" and x[3]["metadata"]["name"].startswith("cache-") and id(x[3]) not in listed)
    ]
    return c


@scenario
def cni_not_ready_new_node() -> Cluster:
    """A node joins before its CNI is up: the kubelet creates it with Ready=False ("container runtime
    network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns
    error: cni plugin not initialized"), admission adds not-ready:NoSchedule, the controller
    not-ready:NoExecute at its next pass; the CNI DaemonSet pod (tolerates everything) is bound and
    2 minutes later the node turns Ready and loses both taints."""
    c = Cluster(seed=433)
    base(c)
    c.start()
    c.advance(20)
    msg = (
        "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady "
        "message:Network plugin returns error: cni plugin not initialized"
    )
    n = "worker-4"
    _join(c, n, "False", "KubeletNotReady", msg)
    c.advance(c.t + 2)
    cni = c.pod(
        "kube-system",
        "calico-node-w4x9p",
        None,
        kind="ds",
        created=c.t,
        tolerations=[{"operator": "Exists"}],
        labels={"k8s-app": "calico-node"},
    )
    c.t += 0.5
    cni["spec"]["nodeName"] = n
    cni["status"]["conditions"] = [
        {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
    ]
    c.emit("MODIFIED", cni)
    for _ in range(12):
        c.advance(c.t + 10)
        c.post_status(n, "False", "KubeletNotReady", msg)
    c.post_status(n, "True")
    c.advance(c.t + 90)
    return c


@scenario
def cni_crash_existing_node() -> Cluster:
    """The CNI agent on worker-1 crashes: the kubelet posts Ready=False (NetworkPluginNotReady), the
    controller adds not-ready:NoSchedule on the update and not-ready:NoExecute at its next pass; the
    web pods (default 300 s) are evicted 300 s later, the DaemonSet pods stay; the agent recovers."""
    c = Cluster(seed=436)
    base(c)
    c.start()
    c.advance(20)
    msg = (
        "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady "
        "message:Network plugin returns error: cni plugin not initialized"
    )
    c.post_status("worker-1", "False", "KubeletNotReady", msg)
    for _ in range(33):
        c.advance(c.t + 10)
        c.post_status("worker-1", "False", "KubeletNotReady", msg)
    c.post_status("worker-1", "True")
    c.advance(c.t + 60)
    return c


@scenario
def graceful_shutdown_stays_down() -> Cluster:
    """Graceful node shutdown of worker-2 (systemd inhibitor): the kubelet posts Ready=False "node is
    shutting down", terminates its pods (Failed, DisruptionTarget TerminationByKubelet) and stops; the
    machine stays off. 50 s after the last heartbeat the controller marks it Unknown and swaps the
    not-ready taints for unreachable ones (NoExecute: add, then remove); the taint-eviction controller
    deletes the terminated pods 300 s after the first NoExecute taint (the timer is kept across the
    swap)."""
    c = Cluster(seed=437)
    base(c)
    c.start()
    c.advance(30)
    n = "worker-2"
    c.post_status(n, "False", "KubeletNotReady", "node is shutting down")
    for key, p in list(c.pods.items()):
        if p["spec"].get("nodeName") == n and key.startswith("default/"):
            p["status"]["phase"] = "Failed"
            p["status"]["reason"] = "Terminated"
            p["status"]["message"] = "Pod was terminated in response to imminent node shutdown."
            p["status"]["conditions"].append(
                {
                    "type": "DisruptionTarget",
                    "status": "True",
                    "lastProbeTime": None,
                    "lastTransitionTime": ts(c.t + 1),
                    "reason": "TerminationByKubelet",
                    "message": "Pod was terminated in response to imminent node shutdown.",
                }
            )
            c.t += 0.2
            c.emit("MODIFIED", p)
    c.advance(c.t + 25)
    c.kubelet[n]["alive"] = False
    c.advance(c.t + 420)
    return c


@scenario
def hostname_override_node_replaced() -> Cluster:
    """A kubelet run with --hostname-override (Node `ip-10-0-1-23.eu-west-1.compute.internal`,
    label kubernetes.io/hostname `worker-9`): the machine is rebuilt under a new Node name; the old
    Node goes silent, is marked Unknown and tainted, its pod is evicted at 300 s; the new Node
    registers with the not-ready taint and turns Ready."""
    c = Cluster(seed=434)
    base(c)
    old = "ip-10-0-1-23.eu-west-1.compute.internal"
    c.add_node(old, zone="eu-west-1a", labels={"kubernetes.io/hostname": "worker-9"})
    c.nodes[old]["status"]["addresses"][1]["address"] = "worker-9"
    c.pod("default", "api-7f6e5d4c3-h9q", old, created=-1800)
    c.start()
    c.advance(20)
    c.kubelet[old]["alive"] = False
    c.advance(c.t + 30)
    new = "ip-10-0-1-57.eu-west-1.compute.internal"
    _join(c, new, "False", "KubeletNotReady", "PLEG is not healthy", labels={"kubernetes.io/hostname": "worker-9"})
    c.advance(c.t + 8)
    c.post_status(new, "True")
    c.advance(c.t + 380)
    for key in [k for k, p in c.pods.items() if p["metadata"].get("deletionTimestamp")]:
        c.emit("DELETED", c.pods.pop(key))
    c.advance(c.t + 20)
    return c


def _join(c: Cluster, name: str, ready: str, reason: str, msg: str, labels: dict[str, str] | None = None) -> None:
    """A kubelet creates its Node with its first conditions (initialNode, then setNodeStatus); the
    NodeTaint admission plugin adds not-ready:NoSchedule on create."""
    c.started = False
    obj = c.add_node(name, zone="eu-west-1a", created=c.t, hb_age=0, labels=labels)
    c.started = True
    obj["status"]["conditions"] = [k for k in obj["status"]["conditions"] if k["type"] != "NetworkUnavailable"]
    for k in obj["status"]["conditions"]:
        k["lastTransitionTime"] = ts(c.t)
        if k["type"] == "Ready":
            k.update({"status": ready, "reason": reason, "message": msg})
    obj["spec"]["taints"] = [{"key": NOTREADY, "effect": "NoSchedule"}]
    c.emit("ADDED", obj)
    c.observed[name] = ready
    c.renew(name)
    c.kubelet[name]["next_lease"] = c.t + 10


# -- audit logs --------------------------------------------------------------------------------------
def _lease_writes(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["objectRef"].get("resource") == "leases"]


@audit
def audit_leases_not_logged() -> dict[str, list[dict[str, Any]]]:
    """The log of audit-node-dies written under a policy with `level: None` for
    coordination.k8s.io leases (common: Lease updates are most of a cluster's writes)."""
    full = ga.creations() + ga.dies()
    return {"audit.log": [e for e in full if e not in _lease_writes(full)]}


@audit
def audit_two_apiservers() -> dict[str, list[dict[str, Any]]]:
    """An HA control plane: each API server writes its own log. worker-a's kubelet talks to
    apiserver-1, worker-b's (which dies) and the controller to apiserver-2; apiserver-1's log was
    copied 15 s into the incident, apiserver-2's at the end."""
    full = ga.creations() + ga.dies()
    one = [e for e in full if "worker-a" in e["user"]["username"] and e["stageTimestamp"] < ga.ts(15)]
    two = [e for e in full if "worker-a" not in e["user"]["username"]]
    return {"apiserver-1-audit.log": one, "apiserver-2-audit.log": two}


@audit
def audit_rotated_controller_silent() -> dict[str, list[dict[str, Any]]]:
    """Bug: the controller never marks worker-b; the log rotated 30 s in (audit.log.1, then audit.log)."""
    full = [e for e in ga.creations() + ga.dies() if e["user"]["username"] != ga.NC[0]]
    cut = ga.ts(30)
    return {
        "audit.log.1": [e for e in full if e["stageTimestamp"] < cut],
        "audit.log": [e for e in full if e["stageTimestamp"] >= cut],
    }


@audit
def audit_drain_pdb_429() -> dict[str, list[dict[str, Any]]]:
    """kubectl drain worker-a: the cordon patch by kubernetes-admin, then evictions the API server
    refuses with 429 (a PodDisruptionBudget), retried every 5 s, one allowed at last."""
    full = ga.creations() + ga.dies()
    admin = ("kubernetes-admin", ["kubeadm:cluster-admins", "system:authenticated"])
    log = ga.Log()
    log.ev(
        22,
        *admin,
        "patch",
        {"resource": "nodes", "name": "worker-a", "apiVersion": "v1"},
        {"spec": {"unschedulable": True}},
        level="Request",
        ua="kubectl/v1.31.4 (linux/amd64) kubernetes/a78aa47",
    )
    for k in range(8):
        log.ev(
            23 + 5 * k,
            *admin,
            "create",
            {
                "resource": "pods",
                "namespace": "db",
                "name": "postgres-0",
                "apiVersion": "v1",
                "subresource": "eviction",
            },
            {"kind": "Eviction", "apiVersion": "policy/v1", "metadata": {"name": "postgres-0", "namespace": "db"}},
            level="Request",
            ua="kubectl/v1.31.4 (linux/amd64) kubernetes/a78aa47",
        )
        if k < 7:
            log.lines[-1][1]["responseStatus"] = {
                "metadata": {},
                "status": "Failure",
                "reason": "TooManyRequests",
                "code": 429,
                "message": "Cannot evict pod as it would violate the pod's disruption budget.",
            }
        else:
            log.lines[-1][1]["responseStatus"] = {"metadata": {}, "code": 201}
    merged = sorted([*full, *(e for _, e in log.lines)], key=lambda e: e["stageTimestamp"])
    return {"audit.log": merged}


# ------------------------------------------------------------------------------------------------------
def _gzip(d: str) -> None:
    for f in sorted(os.listdir(d)):
        with open(os.path.join(d, f), "rb") as src, gzip.GzipFile(os.path.join(d, f + ".gz"), "wb", mtime=0) as dst:
            dst.write(src.read())
        os.remove(os.path.join(d, f))


def main() -> None:
    names = sys.argv[1:] or sorted(SCENARIOS) + sorted(AUDIT)
    for name in names:
        d = os.path.join(HERE, name)
        if name in SCENARIOS:
            c = SCENARIOS[name]()
            write(d, c)
            _gzip(d)
        else:
            os.makedirs(d, exist_ok=True)
            for f in os.listdir(d):
                os.remove(os.path.join(d, f))
            for fname, events in AUDIT[name]().items():
                with open(os.path.join(d, fname), "w", encoding="utf-8") as f:
                    f.writelines(json.dumps(e, separators=(",", ":")) + "\n" for e in events)
        print(name)


if __name__ == "__main__":
    main()
