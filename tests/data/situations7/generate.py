"""Write the captures of tests/data/situations7 (run: python tests/data/situations7/generate.py [NAME...]).

Round 7 of operators' situations: the kubelet's own pod terminations (graceful node shutdown,
node-pressure eviction), non-graceful shutdown with the out-of-service taint, autoscalers and the
cloud node lifecycle controller, node-problem-detector conditions, `kubectl taint ... :NoExecute`,
`kubectl get -w` without `--output-watch-events`, audit logs of pod deletions and evictions, a
kube-controller-manager leader change, partial and odd inputs, Windows nodes, clock skew and paused
captures. Watch captures are played on ``tests/data/realworld2/sim.py`` (upstream's timing) with
situations6's ``Sim`` (upstream's zone key) and written as ``kubectl get -w --output-watch-events -o
json`` prints them. Expected verdicts and the upstream reasons: tests/test_oracle_situations7.py.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import sys
import zlib
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("s6gen", os.path.join(HERE, "..", "situations6", "generate.py"))
assert _spec is not None and _spec.loader is not None
s6 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s6)
from generate import base  # noqa: E402  (realworld2, put on sys.path by situations6's generator)
from sim import DEFAULT_TOL, NOTREADY, UNREACH, Cluster, mts, ts  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", "situations3"))
import gen_audit as ga  # noqa: E402  (situations3)


class Sim(s6.Sim):  # type: ignore[name-defined,misc]
    """situations6's Sim (upstream's zone key, UniqueQueue) whose NoExecute pass swaps a condition taint
    as upstream's SwapNodeControllerTaint does (add the new one, then remove the other: two writes)."""

    def _drain_queue(self) -> None:
        rest = []
        for node, key in self.taint_queue:
            if node not in self.nodes:
                continue
            zone = s6.zone_key(self.nodes[node])
            qps = self.zone_qps.get(zone, self.zone_rate)
            if qps <= 0 or self.t < self.zone_next.get(zone, -1e9):
                rest.append((node, key))
                continue
            self.zone_next[zone] = self.t + 1 / qps
            other = UNREACH if key == NOTREADY else NOTREADY
            self.set_taints(node, add=[{"key": key, "effect": "NoExecute", "timeAdded": ts(self.t)}])
            if self.has_taint(node, other, "NoExecute"):
                self.t += 0.01
                self.set_taints(node, remove=[(other, "NoExecute")])
        self.taint_queue = rest


Files = dict[str, str | bytes]
SCENARIOS: dict[str, Callable[[], Files]] = {}
OOS = "node.kubernetes.io/out-of-service"


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def _ev(typ: str, obj: dict[str, Any]) -> str:
    return json.dumps({"type": typ, "object": obj}, indent=4) + "\n"


def _watch(c: Cluster, kinds: tuple[str, ...]) -> str:
    return "".join(_ev(typ, obj) for _, kind, typ, obj in c.out if kind in kinds)


def _all(c: Cluster) -> Files:
    return {"nodes.json": _watch(c, ("Node",)), "pods.json": _watch(c, ("Pod",)), "leases.json": _watch(c, ("Lease",))}


def _kill(c: Cluster, names: list[str]) -> None:
    for n in names:
        c.kubelet[n]["alive"] = False


def _pods_on(c: Cluster, node: str) -> list[str]:
    return sorted(k for k, p in c.pods.items() if p["spec"].get("nodeName") == node)


def _fail_pod(c: Cluster, key: str, reason: str, message: str) -> None:
    """The kubelet's terminal status of a pod it killed (status_manager): phase Failed with the
    reason and message, DisruptionTarget TerminationByKubelet (PodDisruptionConditions, GA 1.31),
    containers terminated. The pod object stays (the kubelet deletes nothing)."""
    pod = c.pods[key]
    st = pod["status"]
    st["conditions"] = [x for x in st.get("conditions", []) if x["type"] not in ("Ready", "ContainersReady")]
    st["conditions"].insert(
        0,
        {
            "type": "DisruptionTarget",
            "status": "True",
            "lastProbeTime": None,
            "lastTransitionTime": ts(c.t),
            "reason": "TerminationByKubelet",
            "message": message,
        },
    )
    for typ in ("Ready", "ContainersReady"):
        st["conditions"].append(
            {
                "type": typ,
                "status": "False",
                "lastProbeTime": None,
                "lastTransitionTime": ts(c.t),
                "reason": "PodFailed",
            }
        )
    st["phase"], st["reason"], st["message"] = "Failed", reason, message
    name = pod["spec"]["containers"][0]["name"]
    st["containerStatuses"] = [
        {
            "name": name,
            "image": pod["spec"]["containers"][0]["image"],
            "ready": False,
            "restartCount": 0,
            "started": False,
            "state": {
                "terminated": {
                    "exitCode": 137,
                    "reason": "Error",
                    "startedAt": st.get("startTime", ts(c.t - 3600)),
                    "finishedAt": ts(c.t),
                }
            },
        }
    ]
    c.emit("MODIFIED", pod)


def _set_cond(c: Cluster, node: str, typ: str, status: str, reason: str, message: str) -> None:
    """The kubelet's status update changing one of its conditions (every kubelet condition's
    lastHeartbeatTime is stamped with it)."""
    for x in c.nodes[node]["status"]["conditions"]:
        if x["type"] in ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready"):
            x["lastHeartbeatTime"] = ts(c.t)
        if x["type"] == typ:
            if x["status"] != status:
                x["lastTransitionTime"] = ts(c.t)
            x["status"], x["reason"], x["message"] = status, reason, message
    c.kubelet[node]["next_status"] = c.t + 300 + c.r.uniform(0, 5)
    c.emit("MODIFIED", c.nodes[node])
    c._noschedule_pass(node)


def _web(c: Cluster, names: list[str], n: int = 4, **kw: Any) -> None:
    for i in range(n):
        c.pod(
            "default",
            f"web-5d8f7c9b6-{'abcdefgh'[i]}{i}k",
            names[i % len(names)],
            created=-7200 + i * 3,
            labels={"app": "web", "pod-template-hash": "5d8f7c9b6"},
            **kw,
        )


# -- 1. the kubelet's own terminations ---------------------------------------------------------------
SHUTDOWN_MSG = "Pod was terminated in response to imminent node shutdown."


def _graceful_shutdown(seed: int, nlc: bool) -> Files:
    return _all(_graceful_shutdown_cluster(seed, nlc))


def _graceful_shutdown_sim(seed: int, nlc: bool) -> Files:
    c = _graceful_shutdown_cluster(seed, nlc)
    return {"nodes-pods.yaml": s6._yaml_watch(c, ("Node", "Pod")), "leases.yaml": s6._yaml_watch(c, ("Lease",))}


def _graceful_shutdown_cluster(seed: int, nlc: bool) -> Cluster:
    """`systemctl poweroff` on worker-2 with GracefulNodeShutdown (shutdownGracePeriod 30 s,
    shutdownGracePeriodCriticalPods 10 s): the kubelet's nodeshutdown manager (pkg/kubelet/
    nodeshutdown/nodeshutdown_manager_linux.go) sets Ready=False with the message "node is shutting
    down" (ReadyCondition's aggregated errors: ShutdownStatus), kills the ordinary pods first and the
    critical ones in the last 10 s, each Failed with reason Terminated and DisruptionTarget
    TerminationByKubelet; then the machine goes down and the Lease stops. The node lifecycle controller
    taints not-ready:NoExecute at its next pass, marks the node Unknown 50 s after the last renewal,
    swaps to unreachable:NoExecute. The capture ends 200 s later (before 300 s tolerations run out)."""
    c = Sim(seed=seed, nlc=nlc)
    base(c)
    c.start()
    c.advance(30)
    n = "worker-2"
    _set_cond(c, n, "Ready", "False", "KubeletNotReady", "node is shutting down")
    c.advance(c.t + 1)
    crit = [k for k in _pods_on(c, n) if c.pods[k]["spec"].get("priorityClassName") == "system-node-critical"]
    for k in _pods_on(c, n):
        if k not in crit:
            _fail_pod(c, k, "Terminated", SHUTDOWN_MSG)
    c.advance(c.t + 20)
    for k in crit:
        _fail_pod(c, k, "Terminated", SHUTDOWN_MSG)
    c.advance(c.t + 9)
    _kill(c, [n])
    c.advance(c.t + 200)
    return c


@scenario
def graceful_shutdown() -> Files:
    return _graceful_shutdown(701, True)


@scenario
def graceful_shutdown_never_marked() -> Files:
    """The same with no node lifecycle controller: worker-2 stays Ready=False for ever."""
    return _graceful_shutdown(701, False)


def _eviction_msg(resource: str, threshold: str, available: str, container: str, usage: str, request: str) -> str:
    """pkg/kubelet/eviction/helpers.go evictionMessage: the node, the threshold, then each container
    using more than its request."""
    return (
        f"The node was low on resource: {resource}. Threshold quantity: {threshold}, available: {available}. "
        f"Container {container} was using {usage}, request is {request}, has larger consumption of {resource}. "
    )


def _pressure(seed: int, kind: str, taint: bool, evict_first: bool = False) -> Files:
    """worker-1 runs out of memory (or ephemeral storage): the eviction manager's synchronize
    (every 10 s, pkg/kubelet/eviction/eviction_manager.go) sees the hard threshold (memory.available
    <100Mi, nodefs.available<10%), sets the condition MemoryPressure (DiskPressure) True --
    KubeletHasInsufficientMemory "kubelet has insufficient memory available" (KubeletHasDiskPressure
    "kubelet has disk pressure") -- posted with the next node status update, and evicts one pod per
    pass: Failed, reason Evicted, DisruptionTarget TerminationByKubelet. The node lifecycle
    controller's doNoScheduleTaintingPass adds node.kubernetes.io/memory-pressure:NoSchedule
    (disk-pressure) on the Node update. ``evict_first``: the first eviction's status reaches the API
    4 s before the condition (it is posted at the kubelet's next status sync, up to 10 s later)."""
    c = Sim(seed=seed, nlc=taint)
    base(c)
    n = "worker-1"
    c.pod("default", "cache-7f9b8c6d5-m4x2q", n, created=-5400, labels={"app": "cache"})
    c.start()
    c.advance(40)
    if kind == "memory":
        cond, reason, msg = (
            "MemoryPressure",
            "KubeletHasInsufficientMemory",
            "kubelet has insufficient memory available",
        )
        res, thr, avail = "memory", "100Mi", "87Mi"
    else:
        cond, reason, msg = "DiskPressure", "KubeletHasDiskPressure", "kubelet has disk pressure"
        res, thr, avail = "ephemeral-storage", "10178668Ki", "9870232Ki"
    victims = [k for k in _pods_on(c, n) if k.startswith("default/")]
    usage = "1214Mi" if kind == "memory" else "11Gi"
    if evict_first:
        k = victims.pop(0)
        _fail_pod(c, k, "Evicted", _eviction_msg(res, thr, avail, k.split("/")[1].split("-")[0], usage, "64Mi"))
        c.advance(c.t + 4)
    _set_cond(c, n, cond, "True", reason, msg)
    for k in victims:
        c.advance(c.t + 10)
        _fail_pod(c, k, "Evicted", _eviction_msg(res, thr, avail, k.split("/")[1].split("-")[0], usage, "64Mi"))
    c.advance(c.t + 120)
    return _all(c)


@scenario
def memory_pressure_eviction() -> Files:
    return _pressure(702, "memory", True)


@scenario
def memory_pressure_taint_missing() -> Files:
    """The same with a controller that never writes the memory-pressure taint."""
    return _pressure(702, "memory", False)


@scenario
def disk_pressure_eviction() -> Files:
    return _pressure(703, "disk", True)


@scenario
def pressure_eviction_before_condition() -> Files:
    return _pressure(704, "memory", True, evict_first=True)


@scenario
def graceful_shutdown_yaml() -> Files:
    """The graceful shutdown watched with `kubectl get nodes,pods -A -w --output-watch-events -o yaml` and
    `kubectl get leases -n kube-node-lease -w --output-watch-events -o yaml` (documents separated by ---)."""
    files = _graceful_shutdown_sim(731, True)
    return files


def _pressure_list(seed: int, taint: bool) -> Files:
    """`kubectl get nodes,pods,leases -A -o json` taken 90 s into worker-1's memory pressure: one List
    (kind List, items of every kind). ``taint``: the controller's memory-pressure taint is on the Node
    (as doNoScheduleTaintingPass writes it on the Node update), else missing though MemoryPressure has
    been True for 90 s."""
    c = Sim(seed=seed, nlc=taint)
    base(c)
    n = "worker-1"
    c.start()
    c.advance(40)
    _set_cond(
        c, n, "MemoryPressure", "True", "KubeletHasInsufficientMemory", "kubelet has insufficient memory available"
    )
    for k in [k for k in _pods_on(c, n) if k.startswith("default/")]:
        c.advance(c.t + 10)
        _fail_pod(c, k, "Evicted", _eviction_msg("memory", "100Mi", "87Mi", "web", "1214Mi", "64Mi"))
    c.advance(c.t + 90)
    items = (
        [c.nodes[x] for x in sorted(c.nodes)]
        + [c.pods[x] for x in sorted(c.pods)]
        + [c.leases[x] for x in sorted(c.leases)]
    )
    lst = {"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}
    return {"now.json": json.dumps(lst, indent=4) + "\n"}


@scenario
def memory_pressure_list() -> Files:
    return _pressure_list(732, True)


@scenario
def memory_pressure_list_taint_missing() -> Files:
    return _pressure_list(732, False)


# -- 2. non-graceful shutdown: out-of-service -----------------------------------------------------------
def _out_of_service(seed: int, evicts: bool) -> Files:
    """worker-3 loses power (no graceful shutdown). Marked Unknown, tainted unreachable; 90 s later
    the admin, having checked the machine is off, runs `kubectl taint nodes worker-3
    node.kubernetes.io/out-of-service=nodeshutdown:NoExecute` (KEP-2268). The taint-eviction
    controller deletes at once every pod that does not tolerate it (processPodOnNode: an untolerated
    NoExecute taint; DisruptionTarget DeletionByTaintManager, deletionTimestamp + 30 s); the dead
    kubelet never confirms, and PodGC's gcTerminating (every 20 s: terminating pods on a not-Ready Node
    with the out-of-service taint, pkg/controller/podgc/gc_controller.go) force-deletes them
    (markFailedAndDeletePod: phase Failed, delete with grace 0). ``evicts=False``: a taint-eviction
    controller that ignores the new taint."""
    c = Sim(seed=seed, evict_untolerated=evicts)
    base(c)
    c.start()
    c.advance(20)
    n = "worker-3"
    _kill(c, [n])
    c.advance(c.t + 150)
    if not evicts:
        c.eviction = False
    c.set_taints(n, add=[{"key": OOS, "value": "nodeshutdown", "effect": "NoExecute", "timeAdded": ts(c.t)}])
    c.advance(c.t + 1)
    if evicts:
        c.advance(c.t + 19)
        for k in _pods_on(c, n):
            pod = c.pods[k]
            if pod["metadata"].get("deletionTimestamp"):
                pod["status"]["phase"] = "Failed"
                c.emit("MODIFIED", pod)
                c.emit("DELETED", c.pods.pop(k))
    c.advance(c.t + 40)
    return _all(c)


@scenario
def out_of_service_taint() -> Files:
    return _out_of_service(705, True)


@scenario
def out_of_service_never_evicted() -> Files:
    return _out_of_service(705, False)


# -- 3. autoscalers and the cloud node lifecycle controller ------------------------------------------------
def _evict_api(c: Cluster, key: str) -> None:
    """The Eviction API (kubectl drain, cluster-autoscaler, karpenter): DisruptionTarget
    EvictionByEvictionAPI, then the deletion with the pod's grace."""
    c.delete_pod(key, reason="EvictionByEvictionAPI", message="Eviction API: evicting")


@scenario
def cluster_autoscaler_scale_down() -> Files:
    """cluster-autoscaler removes an underused worker-3 (cluster-autoscaler/core/scaledown): first
    DeletionCandidateOfClusterAutoscaler=<unix time>:PreferNoSchedule, 10 min later (scale-down-unneeded-
    time, compressed here) ToBeDeletedByClusterAutoscaler=<unix time>:NoSchedule, its pods evicted
    through the Eviction API (DaemonSet pods left), the instance deleted from the node group; the
    kubelet stops, the Node deleted by the cloud node lifecycle controller 25 s later (its instance
    gone: ensureNodeExistsByProviderID), before the node lifecycle controller's 50 s grace."""
    c = Sim(seed=706)
    base(c)
    c.start()
    c.advance(20)
    n = "worker-3"
    c.set_taints(
        n, add=[{"key": "DeletionCandidateOfClusterAutoscaler", "value": "1777888820", "effect": "PreferNoSchedule"}]
    )
    c.advance(c.t + 60)
    c.set_taints(n, add=[{"key": "ToBeDeletedByClusterAutoscaler", "value": "1777888880", "effect": "NoSchedule"}])
    c.advance(c.t + 1)
    for k in _pods_on(c, n):
        if k.startswith("default/"):
            _evict_api(c, k)
    c.advance(c.t + 30)
    _kill(c, [n])
    c.advance(c.t + 25)
    c.emit("DELETED", c.nodes.pop(n))
    c.kubelet.pop(n)
    c.advance(c.t + 45)  # PodGC's gcOrphaned after its 40 s quarantine
    for k in _pods_on(c, n):
        c.delete_pod(k, reason="DeletionByPodGC", message="PodGC: node no longer exists", grace=0)
    c.advance(c.t + 20)
    return _all(c)


@scenario
def karpenter_consolidation() -> Files:
    """Karpenter v1 consolidates an empty-enough NodeClaim: karpenter.sh/disrupted:NoSchedule on the
    Node, its pods evicted (Eviction API), the Node's deletion with its karpenter.sh/termination
    finalizer (deletionTimestamp set while drained), the instance terminated 15 s after the drain and
    the finalizer removed: Node DELETED well within the node lifecycle controller's grace."""
    c = Sim(seed=707)
    base(c)
    c.nodes["worker-2"]["metadata"]["labels"].update(
        {"karpenter.sh/nodepool": "default", "karpenter.sh/registered": "true", "karpenter.sh/initialized": "true"}
    )
    c.nodes["worker-2"]["metadata"]["finalizers"] = ["karpenter.sh/termination"]
    c.start()
    c.advance(30)
    n = "worker-2"
    c.set_taints(n, add=[{"key": "karpenter.sh/disrupted", "effect": "NoSchedule"}])
    c.advance(c.t + 2)
    c.nodes[n]["metadata"]["deletionTimestamp"] = ts(c.t)
    c.nodes[n]["metadata"]["deletionGracePeriodSeconds"] = 0
    c.emit("MODIFIED", c.nodes[n])
    for k in _pods_on(c, n):
        if k.startswith("default/"):
            _evict_api(c, k)
    c.advance(c.t + 15)
    _kill(c, [n])
    c.advance(c.t + 3)
    c.nodes[n]["metadata"]["finalizers"] = []
    c.emit("MODIFIED", c.nodes[n])
    c.emit("DELETED", c.nodes.pop(n))
    c.kubelet.pop(n)
    c.advance(c.t + 100)
    return _all(c)


def _cloud_shutdown(seed: int, bind: bool) -> Files:
    """A spot instance reclaimed (no graceful shutdown): worker-1 marked Unknown and tainted
    unreachable; the cloud node lifecycle controller (k8s.io/cloud-provider/controllers/nodelifecycle,
    every 5 s) finds the instance shut down (InstanceShutdownByProviderID) and adds
    node.cloudprovider.kubernetes.io/shutdown:NoSchedule; the Node is kept. ``bind``: 40 s later the
    scheduler binds a new pod there (it must not: an untolerated NoSchedule taint)."""
    c = Sim(seed=seed)
    base(c)
    c.nodes["worker-1"]["spec"]["providerID"] = "aws:///eu-west-1a/i-0b7c1d2e3f4a5b6c7"
    c.start()
    c.advance(20)
    n = "worker-1"
    _kill(c, [n])
    c.advance(c.t + 70)
    c.set_taints(n, add=[{"key": "node.cloudprovider.kubernetes.io/shutdown", "effect": "NoSchedule"}])
    c.advance(c.t + 40)
    if bind:
        c.pod("default", "api-6c4d9f8b7-zz9qk", None, created=c.t - 1, labels={"app": "api"})
        c.advance(c.t + 1)
        s6._bind(c, "default/api-6c4d9f8b7-zz9qk", n)
    c.advance(c.t + 60)
    return _all(c)


@scenario
def cloud_shutdown_taint() -> Files:
    return _cloud_shutdown(708, False)


@scenario
def cloud_shutdown_binding() -> Files:
    return _cloud_shutdown(708, True)


# -- 4. node-problem-detector --------------------------------------------------------------------------
NPD = [
    ("KernelDeadlock", "KernelHasNoDeadlock", "kernel has no deadlock"),
    ("ReadonlyFilesystem", "FilesystemIsNotReadOnly", "Filesystem is not read-only"),
    ("FrequentKubeletRestart", "NoFrequentKubeletRestart", "kubelet is functioning properly"),
]


def _npd(seed: int, kubelet_dies: bool, nlc: bool) -> Files:
    """node-problem-detector (a DaemonSet) adds its own conditions next to the kubelet's and refreshes
    their lastHeartbeatTime every heartbeatPeriod (its k8sexporter, 5 min; on change at once). On
    worker-2 the kernel's hung-task detector fires: KernelDeadlock=True (reason DockerHung). Ready
    stays the kubelet's. ``kubelet_dies``: then the kubelet stops while node-problem-detector goes on
    patching its conditions; the node lifecycle controller reads only the Ready condition's
    lastHeartbeatTime and the Lease (tryUpdateNodeHealth), so it marks the node Unknown 50 s after the
    last renewal and leaves the NPD conditions alone (its nodeConditionTypes: Ready, MemoryPressure,
    DiskPressure, PIDPressure)."""
    c = Sim(seed=seed, nlc=nlc)
    base(c)
    for n in sorted(c.nodes):
        hb = c.nodes[n]["status"]["conditions"][-1]["lastHeartbeatTime"]
        c.nodes[n]["status"]["conditions"] += [
            {
                "type": typ,
                "status": "False",
                "lastHeartbeatTime": hb,
                "lastTransitionTime": ts(-86400 * 20),
                "reason": reason,
                "message": msg,
            }
            for typ, reason, msg in NPD
        ]
    c.start()
    c.advance(25)
    n = "worker-2"

    def npd_patch(kernel: bool) -> None:
        for x in c.nodes[n]["status"]["conditions"]:
            if x["type"] in [t for t, _, _ in NPD]:
                x["lastHeartbeatTime"] = ts(c.t)
            if kernel and x["type"] == "KernelDeadlock" and x["status"] == "False":
                x.update(
                    status="True",
                    lastTransitionTime=ts(c.t),
                    reason="DockerHung",
                    message="kernel: INFO: task docker:20744 blocked for more than 120 seconds.",
                )
        c.emit("MODIFIED", c.nodes[n])

    npd_patch(True)
    if kubelet_dies:
        c.advance(c.t + 5)
        _kill(c, [n])
        for _ in range(8):
            c.advance(c.t + 20)
            npd_patch(False)
    else:
        c.advance(c.t + 300)
        npd_patch(False)
        c.advance(c.t + 30)
    return _all(c)


@scenario
def npd_kernel_deadlock() -> Files:
    return _npd(709, False, True)


@scenario
def npd_heartbeats_kubelet_dead() -> Files:
    return _npd(710, True, True)


@scenario
def npd_heartbeats_never_marked() -> Files:
    return _npd(710, True, False)


# -- 5. kubectl taint ... :NoExecute ------------------------------------------------------------------
def _user_noexecute(seed: int, late: float | None, secs: tuple[int, ...] = (120,)) -> Files:
    """`kubectl taint nodes worker-2 maintenance=true:NoExecute`: the taint-eviction controller
    deletes at once the pods that do not tolerate it, and each that tolerates it for tolerationSeconds
    N at N s (getMinTolerationTime; <= 0 means at once); a pod tolerating it without
    tolerationSeconds stays. ``late``: a controller that evicts the timed pods that many s late."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-2"
    tol = {"key": "maintenance", "operator": "Equal", "value": "true", "effect": "NoExecute"}
    for i, s in enumerate(secs):
        c.pod(
            "default",
            f"batch-{i}-6b8d7c5f4-r{i}x",
            n,
            tolerations=[dict(tol, tolerationSeconds=s)],
            labels={"app": f"batch-{i}"},
        )
    c.pod("default", "logs-8c7d6b5a4-p1q", n, tolerations=[dict(tol)], labels={"app": "logs"})
    c.pod("default", "web-5d8f7c9b6-a0k", n, labels={"app": "web"})
    c.start()
    c.advance(30)
    c.set_taints(n, add=[{"key": "maintenance", "value": "true", "effect": "NoExecute", "timeAdded": ts(c.t)}])
    if late is not None:
        for k in list(c.pods):
            if k.startswith("default/batch"):
                c.evict_at[k] = c.t + secs[0] + late
    c.advance(c.t + max(max(secs), 0) + (late or 0) + 60)
    return _all(c)


@scenario
def kubectl_taint_noexecute() -> Files:
    return _user_noexecute(711, None)


@scenario
def kubectl_taint_noexecute_late() -> Files:
    return _user_noexecute(711, 90.0)


@scenario
def kubectl_taint_toleration_zero_negative() -> Files:
    return _user_noexecute(712, None, secs=(0, -5))


# -- 6. kubectl get -w without --output-watch-events ----------------------------------------------------
def _bare(c: Cluster, kinds: tuple[str, ...], relist_at: float) -> str:
    """`while true; do kubectl get nodes -w -o json; done >> nodes.json`: without
    --output-watch-events kubectl prints bare objects (the list first, then each changed object; a
    deletion is the object's last state); the server ends a watch after --min-request-timeout
    (1800 s, randomised), kubectl exits, the loop lists again: every object printed again, after
    the changes. ``relist_at``: when that happened."""
    out: list[str] = []
    relisted = False
    state: dict[str, dict[str, Any]] = {}
    for t, kind, typ, obj in c.out:
        if kind not in kinds:
            continue
        if not relisted and t >= relist_at:
            relisted = True
            for o in state.values():
                out.append(json.dumps(o, indent=4) + "\n")
        key = obj["metadata"].get("namespace", "") + "/" + obj["metadata"]["name"]
        if typ == "DELETED":
            state.pop(key, None)
        else:
            state[key] = obj
        out.append(json.dumps(obj, indent=4) + "\n")
    return "".join(out)


def _bare_files(c: Cluster, relist_at: float) -> Files:
    return {
        "nodes.json": _bare(c, ("Node",), relist_at),
        "pods.json": _bare(c, ("Pod",), relist_at),
        "leases.json": _bare(c, ("Lease",), relist_at),
    }


@scenario
def bare_watch_relist() -> Files:
    """worker-3 dies at 20 s and is marked, tainted and its pod evicted on time; the watches were
    restarted at 200 s (a relist)."""
    return _bare_files(s6._node_dies(713, True), s6._node_dies(713, True).out[0][0] + 200)


@scenario
def bare_watch_relist_never_marked() -> Files:
    c = s6._node_dies(713, False)
    return _bare_files(c, c.out[0][0] + 200)


# -- 7. audit logs: pod deletions and evictions ---------------------------------------------------------
RS = ("system:serviceaccount:kube-system:replicaset-controller", ga.NC[1])
RS_UA = "kube-controller-manager/v1.31.4 (linux/amd64) kubernetes/a78aa47/" + RS[0]
ADMIN = ("kubernetes-admin", ["kubeadm:cluster-admins", "system:authenticated"])
KUBECTL = "kubectl/v1.31.4 (linux/amd64) kubernetes/a78aa47"


def _audit_base(until: float) -> ga.Log:
    """situations3's two kubelets (worker-b's stops at 20 s; the node-controller marks it Unknown at
    73 s and taints it unreachable, NoExecute at 78 s), with worker-a's Lease renewed until ``until``."""
    log = ga.Log()
    log.rv = 3000
    for e in ga.creations():
        log.lines.append((0.0, e))
    for e in ga.dies():
        if e["objectRef"]["resource"] != "leases" or e["objectRef"]["name"] == "worker-b":
            log.lines.append((0.0, e))
    k = 0
    while 1 + 10 * k <= until:
        ref = {
            "resource": "leases",
            "namespace": "kube-node-lease",
            "name": "worker-a",
            "apiGroup": "coordination.k8s.io",
            "apiVersion": "v1",
        }
        log.ev(1 + 10 * k, "system:node:worker-a", ga.NODE_GROUPS, "update", ref)
        k += 1
    return log


def _pod_create(log: ga.Log, t: float, name: str, cpu: str = "100m", ns: str = "default") -> None:
    """The ReplicaSet controller's pod creation at RequestResponse level: the response is the pod after
    admission (DefaultTolerationSeconds added)."""
    spec = {"containers": [{"name": "web", "image": "nginx:1.27", "resources": {"requests": {"cpu": cpu}}}]}
    req = {"kind": "Pod", "apiVersion": "v1", "metadata": {"generateName": name[:-5], "namespace": ns}, "spec": spec}
    resp = copy.deepcopy(req)
    resp["metadata"].update(name=name, uid=f"5e1c{zlib.crc32(name.encode()) % 10**4:04d}-aaaa-4bbb-8ccc-000000000000")
    resp["spec"]["tolerations"] = [
        {"key": k, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300} for k in (NOTREADY, UNREACH)
    ]
    log.ev(
        t,
        *RS,
        "create",
        {"resource": "pods", "namespace": ns, "apiVersion": "v1"},
        req,
        level="RequestResponse",
        ua=RS_UA,
    )
    log.lines[-1][1]["responseObject"] = resp
    log.lines[-1][1]["responseStatus"]["code"] = 201


def _pod_bind(log: ga.Log, t: float, name: str, node: str, ns: str = "default") -> None:
    log.ev(
        t,
        "system:kube-scheduler",
        ["system:authenticated"],
        "create",
        {"resource": "pods", "namespace": ns, "name": name, "apiVersion": "v1", "subresource": "binding"},
        {
            "kind": "Binding",
            "apiVersion": "v1",
            "metadata": {"name": name, "namespace": ns},
            "target": {"kind": "Node", "name": node},
        },
        level="Request",
        ua="kube-scheduler/v1.31.4 (linux/amd64) kubernetes/a78aa47/scheduler",
    )
    log.lines[-1][1]["responseStatus"]["code"] = 201


def _pod_delete(
    log: ga.Log,
    t: float,
    name: str,
    user: tuple[str, list[str]],
    ua: str,
    grace: int | None = None,
    ns: str = "default",
) -> None:
    """A pod's DELETE: the request body is a DeleteOptions (kubectl sends propagationPolicy; --grace-period
    sets gracePeriodSeconds; the taint-eviction controller sends none)."""
    body: dict[str, Any] = {"kind": "DeleteOptions", "apiVersion": "v1"}
    if ua.startswith("kubectl"):
        body["propagationPolicy"] = "Background"
    if grace is not None:
        body["gracePeriodSeconds"] = grace
    log.ev(
        t,
        *user,
        "delete",
        {"resource": "pods", "namespace": ns, "name": name, "apiVersion": "v1"},
        body,
        level="Request",
        ua=ua,
    )


def _audit_files(log: ga.Log) -> Files:
    events = [e for _, e in sorted(log.lines, key=lambda x: x[1]["stageTimestamp"])]
    return {"audit.log": "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events)}


def _audit_taint_eviction(evicts: bool, deletes_logged: bool = True) -> Files:
    """An audit log (policy: pods, pods/binding, pods/status, nodes, leases at Request; pod creations at
    RequestResponse) of worker-b dying with a ReplicaSet pod bound to it: the taint-eviction
    controller (kube-controller-manager's taint-eviction-controller, which writes with the
    node-controller service account: "taint-manager uses existing cluster role from node-controller")
    patches the pod's status with DisruptionTarget DeletionByTaintManager and DELETEs it 300 s after
    the NoExecute taint (78 s); the dead kubelet never confirms. ``evicts=False``: it never does (the log
    shows pod deletions are logged: a user's `kubectl delete pod` of another pod at 200 s).
    ``deletes_logged=False``: a policy that leaves pod deletes out (the eviction happened, unlogged)."""
    log = _audit_base(470)
    _pod_create(log, 5, "web-5d8f7c9b6-x7k2p")
    _pod_bind(log, 6, "web-5d8f7c9b6-x7k2p", "worker-b")
    if not evicts:
        _pod_create(log, 7, "api-6c4d9f8b7-q9w8e")
        _pod_bind(log, 8, "api-6c4d9f8b7-q9w8e", "worker-a")
        _pod_delete(log, 200, "api-6c4d9f8b7-q9w8e", ADMIN, KUBECTL)
    if evicts:
        log.ev(
            378.3,
            *ga.NC,
            "patch",
            {
                "resource": "pods",
                "namespace": "default",
                "name": "web-5d8f7c9b6-x7k2p",
                "apiVersion": "v1",
                "subresource": "status",
            },
            {
                "status": {
                    "conditions": [
                        {
                            "type": "DisruptionTarget",
                            "status": "True",
                            "reason": "DeletionByTaintManager",
                            "message": "Taint manager: deleting due to NoExecute taint",
                            "lastTransitionTime": ga.sec(378.3),
                        }
                    ]
                }
            },
            level="Request",
            ua=ga.NC_UA,
        )
        if deletes_logged:
            _pod_delete(log, 378.32, "web-5d8f7c9b6-x7k2p", ga.NC, ga.NC_UA)
    return _audit_files(log)


@scenario
def audit_taint_eviction_delete() -> Files:
    return _audit_taint_eviction(True)


@scenario
def audit_pod_deletes_not_logged() -> Files:
    return _audit_taint_eviction(True, deletes_logged=False)


@scenario
def audit_taint_eviction_never() -> Files:
    return _audit_taint_eviction(False)


@scenario
def audit_drain_eviction_and_deletes() -> Files:
    """worker-a (3800m allocatable) runs two 1500m pods; `kubectl drain worker-a` at 100 s (cordon, then a
    pods/eviction create of policy/v1 Eviction for the first; the kubelet's final DELETE with grace 0
    when its containers stopped), `kubectl delete pod --grace-period=0 --force` of the second, `kubectl
    uncordon` at 160 s, and two new 1500m pods bound there at 170 s: 3000m of 3800m, they fit. Read as
    if nothing was deleted, the Node would hold 6000m."""
    log = _audit_base(200)
    for i, n in enumerate(("api-6c4d9f8b7-aa1bb", "api-6c4d9f8b7-cc2dd")):
        _pod_create(log, 2 + i, n, cpu="1500m")
        _pod_bind(log, 10 + i, n, "worker-a")
    ref = {"resource": "nodes", "name": "worker-a", "apiVersion": "v1"}
    log.ev(100, *ADMIN, "patch", ref, {"spec": {"unschedulable": True}}, level="Request", ua=KUBECTL)
    log.ev(
        101,
        *ADMIN,
        "create",
        {
            "resource": "pods",
            "namespace": "default",
            "name": "api-6c4d9f8b7-aa1bb",
            "apiVersion": "v1",
            "subresource": "eviction",
        },
        {
            "kind": "Eviction",
            "apiVersion": "policy/v1",
            "metadata": {"name": "api-6c4d9f8b7-aa1bb", "namespace": "default"},
            "deleteOptions": {},
        },
        level="Request",
        ua=KUBECTL,
    )
    log.lines[-1][1]["responseStatus"]["code"] = 201
    _pod_delete(
        log,
        104,
        "api-6c4d9f8b7-aa1bb",
        ("system:node:worker-a", ga.NODE_GROUPS),
        "kubelet/v1.31.4 (linux/amd64) kubernetes/a78aa47",
        grace=0,
    )
    _pod_delete(log, 110, "api-6c4d9f8b7-cc2dd", ADMIN, KUBECTL, grace=0)
    # doNoScheduleTaintingPass on the Node update: the unschedulable taint (worker-a is Ready: no other)
    unsched = {"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule", "timeAdded": ga.sec(100.05)}
    log.ev(
        100.05,
        *ga.NC,
        "patch",
        ref,
        {"metadata": {"resourceVersion": "7"}, "spec": {"taints": [unsched]}},
        level="Request",
        ua=ga.NC_UA,
    )
    log.ev(160, *ADMIN, "patch", ref, {"spec": {"unschedulable": None}}, level="Request", ua=KUBECTL)
    log.ev(
        160.05,
        *ga.NC,
        "patch",
        ref,
        {"metadata": {"resourceVersion": "9"}, "spec": {"taints": None}},
        level="Request",
        ua=ga.NC_UA,
    )
    for i, n in enumerate(("api-6c4d9f8b7-ee3ff", "api-6c4d9f8b7-gg4hh")):
        _pod_create(log, 165 + i, n, cpu="1500m")
        _pod_bind(log, 170 + i, n, "worker-a")
    return _audit_files(log)


def _audit_zones(seed_dead: tuple[str, ...], relabel: bool, taints_ne: bool) -> Files:
    """An audit log from cluster creation: six kubelets register (v1.31); eu-west-1b's wb-1, wb-2 and
    eu-west-1a's wa-1, wa-2 with their zone labels, wa-3 and wa-4 without (``relabel``: a node labeller,
    kops-controller here, patches topology.kubernetes.io/zone and region onto them 5 s later). The
    ``seed_dead`` kubelets stop at 20 s; the node-controller marks each Unknown 53 s later and taints it
    unreachable:NoSchedule; ``taints_ne``: the NoExecute taints follow one per 10 s (--node-eviction-rate
    0.1), else none (a zone partially disrupted, <= 50 Nodes: ReducedQPSFunc = 0)."""
    log = ga.Log()
    log.rv = 7000
    names = ("wa-1", "wa-2", "wa-3", "wa-4", "wb-1", "wb-2")
    for i, n in enumerate(names):
        labels = {"kubernetes.io/hostname": n, "kubernetes.io/os": "linux"}
        if n.startswith("wb") or n in ("wa-1", "wa-2"):
            zone = "eu-west-1a" if n.startswith("wa") else "eu-west-1b"
            labels.update({"topology.kubernetes.io/zone": zone, "topology.kubernetes.io/region": "eu-west-1"})
        node = {
            "kind": "Node",
            "apiVersion": "v1",
            "metadata": {"name": n, "labels": labels},
            "spec": {"taints": [{"key": NOTREADY, "effect": "NoSchedule"}]},
            "status": {
                "capacity": {"cpu": "4"},
                "allocatable": {"cpu": "3800m"},
                "conditions": [
                    {
                        "type": "Ready",
                        "status": "True",
                        "reason": "KubeletReady",
                        "lastHeartbeatTime": ga.sec(0.1 * i),
                        "lastTransitionTime": ga.sec(0.1 * i),
                    }
                ],
            },
        }
        log.ev(
            0.1 * i,
            f"system:node:{n}",
            ga.NODE_GROUPS,
            "create",
            {"resource": "nodes", "name": n, "apiVersion": "v1"},
            node,
            level="RequestResponse",
        )
        log.lines[-1][1]["responseStatus"]["code"] = 201
    if relabel:
        for i, n in enumerate(("wa-3", "wa-4")):
            log.ev(
                5 + i * 0.2,
                "system:serviceaccount:kube-system:kops-controller",
                ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
                "patch",
                {"resource": "nodes", "name": n, "apiVersion": "v1"},
                {
                    "metadata": {
                        "labels": {
                            "topology.kubernetes.io/zone": "eu-west-1a",
                            "topology.kubernetes.io/region": "eu-west-1",
                        }
                    }
                },
                level="Request",
                ua="kops-controller/v1.31.0 (linux/amd64)",
            )
    until = 260
    for i, n in enumerate(names):
        k = 0
        while 1 + i * 0.3 + 10 * k <= (20 if n in seed_dead else until):
            ref = {
                "resource": "leases",
                "namespace": "kube-node-lease",
                "name": n,
                "apiGroup": "coordination.k8s.io",
                "apiVersion": "v1",
            }
            log.ev(1 + i * 0.3 + 10 * k, f"system:node:{n}", ga.NODE_GROUPS, "update", ref)
            k += 1
    nc_ua = ga.NC_UA
    for j, n in enumerate(seed_dead):
        tu = 73 + j * 0.01
        ref = {"resource": "nodes", "name": n, "apiVersion": "v1"}
        log.ev(
            tu,
            *ga.NC,
            "patch",
            {**ref, "subresource": "status"},
            {
                "status": {
                    "conditions": [
                        {
                            "type": "Ready",
                            "status": "Unknown",
                            "reason": "NodeStatusUnknown",
                            "message": "Kubelet stopped posting node status.",
                            "lastHeartbeatTime": ga.sec(0.1),
                            "lastTransitionTime": ga.ts(tu),
                        }
                    ]
                }
            },
            level="Request",
            ua=nc_ua,
        )
        ns = {"key": UNREACH, "effect": "NoSchedule", "timeAdded": ga.sec(tu + 0.1)}
        log.ev(
            tu + 0.1,
            *ga.NC,
            "patch",
            ref,
            {"metadata": {"resourceVersion": "1"}, "spec": {"taints": [ns]}},
            level="Request",
            ua=nc_ua,
        )
        if taints_ne:
            ne = {"key": UNREACH, "effect": "NoExecute", "timeAdded": ga.sec(78.2 + 10 * j)}
            log.ev(
                78.2 + 10 * j,
                *ga.NC,
                "patch",
                ref,
                {"metadata": {"resourceVersion": "2"}, "spec": {"taints": [ns, ne]}},
                level="Request",
                ua=nc_ua,
            )
    return _audit_files(log)


@scenario
def audit_zone_labels_after_registration() -> Files:
    return _audit_zones(("wa-2", "wa-3", "wa-4"), relabel=True, taints_ne=False)


@scenario
def audit_zone_full_outage_never_tainted() -> Files:
    """Every eu-west-1a Node down (wa-1..4, two labelled by kops-controller), eu-west-1b healthy: the zone is
    fully disrupted and the other normal, so the normal rate applies; the controller never taints."""
    return _audit_zones(("wa-1", "wa-2", "wa-3", "wa-4"), relabel=True, taints_ne=False)


@scenario
def audit_zone_full_outage_tainted() -> Files:
    return _audit_zones(("wa-1", "wa-2", "wa-3", "wa-4"), relabel=True, taints_ne=True)


@scenario
def audit_pods_only() -> Files:
    """An audit policy that logs only pods (creations, bindings, deletions): no Node, no Lease."""
    log = ga.Log()
    _pod_create(log, 5, "web-5d8f7c9b6-x7k2p")
    _pod_bind(log, 6, "web-5d8f7c9b6-x7k2p", "worker-b")
    _pod_delete(log, 60, "web-5d8f7c9b6-x7k2p", ADMIN, KUBECTL)
    return _audit_files(log)


@scenario
def audit_configmaps_only() -> Files:
    """An audit policy that logs only configmaps (a policy copied from a tutorial)."""
    log = ga.Log()
    for i in range(4):
        log.ev(
            5 + 30 * i,
            *ADMIN,
            "update",
            {"resource": "configmaps", "namespace": "default", "name": "app-config", "apiVersion": "v1"},
            {"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": "app-config"}, "data": {"n": str(i)}},
            level="Request",
            ua=KUBECTL,
        )
    return _audit_files(log)


# -- 8. kube-controller-manager leader change ---------------------------------------------------------
def _kcm_lease(c: Cluster, holder: str, acquired: float, transitions: int) -> dict[str, Any]:
    return {
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": "kube-controller-manager",
            "namespace": "kube-system",
            "uid": "0f6c2b1e-7d3a-4c5e-9b8f-1a2b3c4d5e6f",
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


def _leader_change(seed: int, late: float) -> Files:
    """An HA control plane (cp-1..3); `kubectl get leases -A -w` shows kube-controller-manager's leader
    Lease renewed every 2 s (retryPeriod) by cp-1's process. worker-3 dies at 20 s, is marked and tainted
    unreachable:NoExecute at ~80 s; at 200 s cp-1's kube-controller-manager is OOM-killed, its Lease
    expires (leaseDurationSeconds 15) and cp-2's takes it. The new taint-eviction controller starts
    with an empty queue and gives every pod under a NoExecute taint a fresh timer (processPodOnNode,
    startTime = now): the pod goes at takeover + 300 s, ~125 s after the old timer would have said.
    ``late``: extra seconds beyond that."""
    c = Sim(seed=seed)
    base(c, web=3)
    for i in (2, 3):
        c.add_node(f"cp-{i}", zone="eu-west-1a", cp=True)
    lease = _kcm_lease(c, "cp-1_4b0e9a52-3f6d-4c1e-8a7b-2d9c0e1f3a45", -86400 * 3, 4)
    c.start()
    c.out.append((c.t, "Lease", "ADDED", copy.deepcopy(lease)))
    holder = [lease]

    def tick(until: float) -> None:
        while c.t + 2 <= until:
            c.advance(c.t + 2)
            lz = holder[0]
            if lz is not None:
                lz["spec"]["renewTime"] = mts(c.t)
                c.emit("MODIFIED", lz)

    tick(20)
    _kill(c, ["worker-3"])
    tick(200)
    holder[0] = None  # OOM-killed
    c.advance(c.t + 16)
    new = _kcm_lease(c, "cp-2_9d1f7e3c-6a2b-4e8d-b5c4-7f0a1e2d3c4b", c.t, 5)
    new["metadata"]["resourceVersion"] = lease["metadata"]["resourceVersion"]
    holder[0] = new
    c.emit("MODIFIED", new)
    c.evict_at = {k: c.t + 5 + 300 + late for k in c.evict_at}  # fresh timers, once its informers synced
    tick(c.t + 360 + late)
    return {
        "nodes.json": _watch(c, ("Node",)),
        "pods.json": _watch(c, ("Pod",)),
        "leases.json": _watch(c, ("Lease",)),
    }


@scenario
def kcm_leader_change_eviction_later() -> Files:
    return _leader_change(714, 0)


@scenario
def kcm_leader_change_eviction_late() -> Files:
    """The same, evicted 60 s after the new leader's fresh timer ran out."""
    return _leader_change(714, 60)


# -- 9. partial and odd inputs ----------------------------------------------------------------------------
@scenario
def pods_on_unwatched_nodes() -> Files:
    """`kubectl get nodes -l topology.kubernetes.io/zone=eu-west-1a -w` next to `kubectl get pods -A -w`:
    the pods of the other zone's Nodes are listed bound to Nodes the capture never shows. eu-west-1b's
    worker-2 dies (its pods tainted and evicted there, all unseen): nothing about those pods can be
    judged; worker-1 (eu-west-1a) dies too and is marked, tainted and its pod evicted on time."""
    c = Sim(seed=715)
    base(c, workers=4, zones=("eu-west-1a", "eu-west-1b"))
    c.start()
    c.advance(20)
    _kill(c, ["worker-1", "worker-2"])
    c.advance(c.t + 400)
    zone_a = {
        n for n, o in c.nodes.items() if o["metadata"]["labels"].get("topology.kubernetes.io/zone") == "eu-west-1a"
    }
    nodes = "".join(_ev(typ, o) for _, k, typ, o in c.out if k == "Node" and o["metadata"]["name"] in zone_a)
    leases = "".join(_ev(typ, o) for _, k, typ, o in c.out if k == "Lease" and o["metadata"]["name"] in zone_a)
    return {"nodes.json": nodes, "pods.json": _watch(c, ("Pod",)), "leases.json": leases}


@scenario
def node_without_status() -> Files:
    """`kubectl get nodes -o json | jq 'del(.items[].status)'` (a list redacted for a bug report) next to
    the pods list: Nodes with metadata and spec only. Nothing about their readiness, heartbeats or
    capacity is in the input."""
    c = Sim(seed=716)
    base(c)
    c.start()
    nodes = []
    for n in sorted(c.nodes):
        o = copy.deepcopy(c.nodes[n])
        del o["status"]
        nodes.append(o)
    lst = {"apiVersion": "v1", "kind": "List", "items": nodes, "metadata": {"resourceVersion": ""}}
    pods = {
        "apiVersion": "v1",
        "kind": "List",
        "items": [c.pods[k] for k in sorted(c.pods)],
        "metadata": {"resourceVersion": ""},
    }
    return {"nodes.json": json.dumps(lst, indent=4) + "\n", "pods.json": json.dumps(pods, indent=4) + "\n"}


@scenario
def windows_node_dies() -> Files:
    """A mixed cluster: two Windows Server 2022 workers (kubernetes.io/os=windows, node.kubernetes.io/
    windows-build=10.0.20348, os=windows:NoSchedule as AKS and EKS guides advise), an IIS Deployment
    tolerating it. win-1's kubelet (a Windows service) stops: marked Unknown, tainted, its pods evicted
    300 s later."""
    c = Sim(seed=717)
    base(c, workers=2, web=2)
    for i in (1, 2):
        n = f"win-{i}"
        o = c.add_node(n, zone="eu-west-1a", taints=[{"key": "os", "value": "windows", "effect": "NoSchedule"}])
        lab = o["metadata"]["labels"]
        lab.update(
            {
                "beta.kubernetes.io/os": "windows",
                "kubernetes.io/os": "windows",
                "node.kubernetes.io/windows-build": "10.0.20348",
            }
        )
        o["status"]["nodeInfo"].update(
            kernelVersion="10.0.20348.2849",
            osImage="Windows Server 2022 Datacenter",
            operatingSystem="windows",
            containerRuntimeVersion="containerd://1.7.20",
            kubeProxyVersion="",
        )
        o["status"]["conditions"] = [x for x in o["status"]["conditions"] if x["type"] != "NetworkUnavailable"]
        p = c.pod(
            "iis",
            f"iis-7b9c5d8f6-w{i}q",
            n,
            tolerations=[{"key": "os", "operator": "Equal", "value": "windows", "effect": "NoSchedule"}],
            labels={"app": "iis"},
            image="mcr.microsoft.com/windows/servercore/iis:windowsservercore-ltsc2022",
        )
        p["spec"]["nodeSelector"] = {"kubernetes.io/os": "windows"}
    c.start()
    c.advance(20)
    _kill(c, ["win-1"])
    c.advance(c.t + 420)
    return _all(c)


def _register_with_taints(seed: int, extra: bool) -> Files:
    """A GPU node joins mid-capture with kubelet --register-with-taints=nvidia.com/gpu=present:NoSchedule
    (kubelet_node_status.go initialNode: the registration taints), plus the NodeTaint admission's
    not-ready:NoSchedule; Ready after 20 s, the controller drops not-ready. ``extra``: a node that
    registers with a taint its kubelet was not given (written by a webhook between the kubelet and the
    API server is indistinguishable; here the Node is created by a user)."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(30)
    o = c.add_node(
        "gpu-1",
        zone="eu-west-1a",
        taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}],
        created=c.t,
        hb_age=0,
    )
    o["status"]["nodeInfo"]["bootID"] = c.uid()
    for k in o["status"]["conditions"]:
        k["lastTransitionTime"] = ts(c.t)
    c.t += 0.3
    c._noschedule_pass("gpu-1")  # doNoScheduleTaintingPass on the Node's creation: admission's not-ready goes
    c.advance(c.t + 120)
    return _all(c)


@scenario
def register_with_taints() -> Files:
    return _register_with_taints(718, False)


@scenario
def kubelet_restart_new_lease_holder() -> Files:
    """`systemctl restart kubelet` after a kubelet reconfiguration that changed --hostname-override's
    case handling: the kubelet comes back 25 s later, its Lease updated with a new acquireTime and
    leaseTransitions + 1 (nodelease controller's newLease), Ready=False "container runtime status check
    may not have completed yet" until PLEG is healthy, then Ready."""
    c = Sim(seed=719)
    base(c)
    c.start()
    c.advance(20)
    n = "worker-2"
    c.kubelet[n]["alive"] = False
    c.advance(c.t + 25)
    c.kubelet[n]["alive"] = True
    lz = c.leases[n]
    lz["spec"]["acquireTime"] = mts(c.t)
    lz["spec"]["leaseTransitions"] = lz["spec"].get("leaseTransitions", 0) + 1
    c.renew(n)
    c.kubelet[n]["next_lease"] = c.t + 10
    _set_cond(c, n, "Ready", "False", "KubeletNotReady", "container runtime status check may not have completed yet")
    c.advance(c.t + 6)
    _set_cond(c, n, "Ready", "True", "KubeletReady", "kubelet is posting ready status")
    c.advance(c.t + 200)
    return _all(c)


def _clock_ahead(seed: int, dies: bool, nlc: bool = True) -> Files:
    """worker-1's clock is 95 s ahead (chronyd stopped on a VM restored from a snapshot): its Lease
    renewTime is in the future of every other writer. The controller dates heartbeats by its own clock
    when it sees renewTime change (tryUpdateNodeHealth's probeTimestamp). ``dies``: then its kubelet
    stops and the node is marked 50 s (grace) after the last renewal *seen*."""
    c = Sim(seed=seed, nlc=nlc)
    base(c)
    c.start()
    skew = 95.0
    real = c.renew

    def renew(node: str) -> None:
        if node == "worker-1":
            lz = c.leases[node]
            lz["spec"]["renewTime"] = mts(c.t + skew)
            c.emit("MODIFIED", lz)
        else:
            real(node)

    c.renew = renew  # type: ignore[method-assign]
    # the controller compares its own clock: keep the sim's probe on the real time
    c.advance(30)
    if dies:
        # the sim's monitor reads renewTime; mark by the seen time instead
        c.leases["worker-1"]["spec"]["renewTime"] = mts(c.t)
        _kill(c, ["worker-1"])
        c.advance(c.t + 400)
    else:
        c.advance(c.t + 300)
    return _all(c)


@scenario
def lease_renewtime_future() -> Files:
    return _clock_ahead(720, False)


@scenario
def capture_paused() -> Files:
    """A laptop running the watches suspended for 25 min: `kubectl get -w` resumes on the same
    connection only if it survived -- here it did not, the watches were started again after the laptop
    woke (a second run of each watch appended with >>: a relist). Meanwhile worker-3 died and was
    marked, tainted and its pod evicted, all unseen; after the pause the capture shows it Unknown with
    the pod gone."""
    c = Sim(seed=721)
    base(c)
    c.start()
    c.advance(60)
    cut = len(c.out)
    c.advance(c.t + 200)
    _kill(c, ["worker-3"])
    c.advance(c.t + 1300)
    c.out = c.out[:cut]
    c.started = False
    c.start()  # the relist after the pause
    c.advance(c.t + 120)
    return _all(c)


@scenario
def capture_paused_never_marked() -> Files:
    """The same with no node lifecycle controller: after the pause the list shows worker-3 still Ready,
    its Lease 1300 s old."""
    c = Sim(seed=721, nlc=False)
    base(c)
    c.start()
    c.advance(60)
    cut = len(c.out)
    c.advance(c.t + 200)
    _kill(c, ["worker-3"])
    c.advance(c.t + 1300)
    c.out = c.out[:cut]
    c.started = False
    c.start()
    c.advance(c.t + 120)
    return _all(c)


def _zone_relabel(seed: int) -> Files:
    """An external cloud provider: a Node registers without zone labels (kubelet --cloud-provider=
    external) under node.cloudprovider.kubernetes.io/uninitialized:NoSchedule; cloud-controller-manager's
    node controller then sets topology.kubernetes.io/zone/region and removes the taint. zone eu-west-1a
    thus has 4 Nodes; 3 of the older ones die together: partial disruption (3 of 4, > 2 and >= 55 %),
    a zone of <= 50 Nodes: rate 0, no NoExecute taint (handleDisruption reads the labels each pass,
    GetZoneKey)."""
    c = Sim(seed=seed)
    for i in range(3):
        c.add_node(f"worker-{i + 1}", zone="eu-west-1a")
    c.add_node("other-1", zone="eu-west-1b")
    for n in sorted(c.nodes):
        c.pod("default", f"web-{n}-5d8f7c9b6-q1", n, labels={"app": "web"})
    c.start()
    c.advance(10)
    o = c.add_node(
        "worker-4",
        taints=[{"key": "node.cloudprovider.kubernetes.io/uninitialized", "value": "true", "effect": "NoSchedule"}],
        created=c.t,
        hb_age=0,
    )
    del o["metadata"]["labels"]["kubernetes.io/hostname"]
    o["metadata"]["labels"]["kubernetes.io/hostname"] = "worker-4"
    c.advance(c.t + 8)
    o["metadata"]["labels"]["topology.kubernetes.io/zone"] = "eu-west-1a"
    o["metadata"]["labels"]["topology.kubernetes.io/region"] = "eu-west-1"
    o["spec"]["providerID"] = "aws:///eu-west-1a/i-0a1b2c3d4e5f60718"
    c.set_taints("worker-4", remove=[("node.cloudprovider.kubernetes.io/uninitialized", "NoSchedule")])
    c.advance(c.t + 40)
    _kill(c, ["worker-1", "worker-2", "worker-3"])
    c.advance(c.t + 400)
    return _all(c)


@scenario
def zone_labels_set_after_registration() -> Files:
    return _zone_relabel(722)


# -- writing --------------------------------------------------------------------------------------------
#: situations6's writer: every file of a capture, those over 20 kB gzipped with mtime 0 (byte-identical)
def main() -> None:
    s6.write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()


__all__ = ["DEFAULT_TOL"]
