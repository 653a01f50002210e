"""Write the captures of tests/data/situations12 (run: python tests/data/situations12/generate.py [NAME...]).

Round 12 of operators' situations: a Node under DiskPressure (the kubelet's eviction manager, the node lifecycle
controller's disk-pressure taint, the scheduler's TaintToleration filter, DaemonSet pods tolerating it), the
taint-eviction controller evicting before a pod's tolerationSeconds ran out (a pod created under the taint, a
not-ready timer kept through the swap to unreachable, a taint older than the capture), quantities the API server
refuses, a list taken shortly before the watches, kube-controller-manager's leader Lease logged in part or not at
all, and the IPAM controller's podCIDR patch. Watch captures are played on situations7's ``Sim`` (realworld2's
upstream timing); audit logs are written with situations9's building blocks, imported through situations11's
generator (itself importing the earlier rounds), not copied. Expected verdicts and the upstream reasons:
tests/test_oracle_situations12.py.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import sys
from collections.abc import Callable

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("s11gen", os.path.join(HERE, "..", "situations11", "generate.py"))
assert _spec is not None and _spec.loader is not None
s11 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s11)
s10, s9, s8, s7, s6, ga = s11.s10, s11.s9, s11.s8, s11.s7, s11.s6, s11.ga
from generate import base  # noqa: E402  (realworld2, put on sys.path by situations6's generator)
from sim import NOTREADY, UNREACH, ts  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", ".."))
import capturegen as cg  # noqa: E402  (tests/)

Sim = s7.Sim
Files = dict[str, str | bytes]
SCENARIOS: dict[str, Callable[[], Files]] = {}
WEB, API = s9.WEB, s9.API
DISK = "node.kubernetes.io/disk-pressure"
EXPORTER = "node-exporter-9f7k2"


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def _audit(log: ga.Log) -> Files:
    return {"audit.log": s9._jsonl(s9._lines(log))}


# -- 1. a Node under DiskPressure ------------------------------------------------------------------------------------
def _disk_pressure(seed: int, bind: str, taints: bool = True) -> Files:
    """worker-1's image filesystem fills up at 40 s: the kubelet's eviction manager (synchronize, every 10 s) sees
    nodefs.available below its hard threshold, reports DiskPressure True (KubeletHasDiskPressure) and evicts one pod
    per pass (Failed, reason Evicted: not a taint-eviction). On the Node update the node lifecycle controller's
    doNoScheduleTaintingPass adds node.kubernetes.io/disk-pressure:NoSchedule (nodeConditionToTaintKeyStatusMap).
    At 100 s the scheduler binds a new pod: ``bind`` "daemonset" (node-exporter for worker-1, created by the
    DaemonSet controller with AddOrUpdateDaemonPodTolerations' disk-pressure:NoSchedule toleration: TaintToleration
    admits it) or "web" (a web pod with the default tolerations only: TaintToleration's Filter refuses worker-1,
    so the binding is the scheduler's error). ``taints=False``: a node lifecycle controller that writes no
    condition taint (the web pod bound there is then no scheduler error: nothing filters on the condition itself
    since TaintNodesByCondition, but the missing taint is the controller's)."""
    c = Sim(seed=seed, nlc=taints)
    base(c)
    n = "worker-1"
    c.start()
    c.advance(40)
    s7._set_cond(c, n, "DiskPressure", "True", "KubeletHasDiskPressure", "kubelet has disk pressure")
    victims = [k for k in s7._pods_on(c, n) if k.startswith("default/")]
    for k in victims:
        c.advance(c.t + 10)
        msg = s7._eviction_msg("ephemeral-storage", "10178668Ki", "9870232Ki", "web", "11Gi", "64Mi")
        s7._fail_pod(c, k, "Evicted", msg)
    c.advance(99)
    key = s10._ds_pending(c, EXPORTER, n) if bind == "daemonset" else s8._web_pod(c, "web-5d8f7c9b6-d1s2k")
    c.advance(100)
    s6._bind(c, key, n)
    c.advance(260)
    return s7._all(c)


@scenario
def disk_pressure_daemonset_bound() -> Files:
    return _disk_pressure(1201, "daemonset")


@scenario
def disk_pressure_web_bound() -> Files:
    return _disk_pressure(1201, "web")


@scenario
def disk_pressure_taint_missing() -> Files:
    return _disk_pressure(1201, "daemonset", taints=False)


def _disk_pressure_list(seed: int, taints: bool) -> Files:
    """`kubectl get nodes,pods,leases -A -o json` taken 90 s into worker-1's DiskPressure (situations7's memory
    pressure list, for the condition the model does not hold): the controller's disk-pressure taint on the Node, or
    (``taints=False``) missing though DiskPressure has been True for 90 s by its lastTransitionTime."""
    c = Sim(seed=seed, nlc=taints)
    base(c)
    n = "worker-1"
    c.start()
    c.advance(40)
    s7._set_cond(c, n, "DiskPressure", "True", "KubeletHasDiskPressure", "kubelet has disk pressure")
    c.advance(c.t + 90)
    items = [c.nodes[x] for x in sorted(c.nodes)] + [c.pods[x] for x in sorted(c.pods)]
    items += [c.leases[x] for x in sorted(c.leases)]
    lst = {"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}
    return {"now.json": json.dumps(lst, indent=4) + "\n"}


@scenario
def disk_pressure_list() -> Files:
    return _disk_pressure_list(1209, True)


@scenario
def disk_pressure_list_taint_missing() -> Files:
    return _disk_pressure_list(1209, False)


def _disk_status(log: ga.Log, t: float, node: str, disk: str) -> None:
    """The kubelet's status patch with DiskPressure ``disk`` (its other conditions as situations9 writes them)."""
    s9._status(log, t, node, "True", "KubeletReady", "kubelet is posting ready status")
    conds = log.lines[-1][1]["requestObject"]["status"]["conditions"]
    d = next(x for x in conds if x["type"] == "DiskPressure")
    d.update(status=disk, reason="KubeletHasDiskPressure" if disk == "True" else "KubeletHasNoDiskPressure")


def _disk_pressure_log(bind: str, taints: bool = True) -> Files:
    """The same in an audit log: worker-a's kubelet reports DiskPressure True at 40 s, the node-controller's
    PatchNodeTaints adds disk-pressure:NoSchedule at 40.1 s; at 100 s kube-scheduler binds a pod to worker-a:
    ``bind`` "daemonset" (created by the DaemonSet controller with its tolerations) or "web" (default ones)."""
    log = s9._log(300, 300)
    _disk_status(log, 40, "worker-a", "True")
    if taints:
        s9._taints(log, 40.1, "worker-a", [(DISK, "NoSchedule")])
    if bind == "daemonset":
        s7._pod_create(log, 99, EXPORTER, ns="kube-system")
        e = log.lines[-1][1]
        e["user"] = {"username": sa_ds[0], "groups": sa_ds[1]}
        for o in (e["requestObject"], e["responseObject"]):
            o["spec"]["tolerations"] = copy.deepcopy(s7.DEFAULT_TOL) + [
                {"key": k, "operator": "Exists", "effect": "NoSchedule"}
                for k in (DISK, "node.kubernetes.io/memory-pressure", "node.kubernetes.io/pid-pressure")
            ]
            o["metadata"]["ownerReferences"] = [
                {
                    "apiVersion": "apps/v1",
                    "kind": "DaemonSet",
                    "name": "node-exporter",
                    "uid": "ds-1",
                    "controller": True,
                }
            ]
        s7._pod_bind(log, 100, EXPORTER, "worker-a", ns="kube-system")
    else:
        s7._pod_create(log, 99, WEB)
        s7._pod_bind(log, 100, WEB, "worker-a")
    _disk_status(log, 200, "worker-a", "False")
    if taints:
        s9._taints(log, 200.1, "worker-a", [])
    return _audit(log)


sa_ds = (
    "system:serviceaccount:kube-system:daemon-set-controller",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)


@scenario
def audit_disk_pressure_daemonset_bound() -> Files:
    return _disk_pressure_log("daemonset")


@scenario
def audit_disk_pressure_web_bound() -> Files:
    return _disk_pressure_log("web")


@scenario
def audit_disk_pressure_taint_missing() -> Files:
    """The same with a node-controller that writes no disk-pressure taint (the DaemonSet pod bound)."""
    return _disk_pressure_log("daemonset", taints=False)


# -- 2. the taint-eviction controller evicting early ------------------------------------------------------------
MAINT = {"key": "maintenance", "value": "true", "effect": "NoExecute"}
MAINT_TOL = {"key": "maintenance", "operator": "Equal", "value": "true", "effect": "NoExecute"}


def _created_under_taint(seed: int, after: float) -> Files:
    """`kubectl taint nodes worker-2 maintenance=true:NoExecute` at 30 s. At 200 s a Job's pod is created with
    spec.nodeName worker-2 (no scheduler), tolerating the taint 120 s. The taint-eviction controller's
    handlePodUpdate -> processPodOnNode starts its timer when it first sees the pod (startTime = now), so it is
    deleted at 320 s (``after`` 120), not 120 s after the taint. ``after`` 30: deleted 30 s after its creation
    (200 s after the taint): eviction-not-early."""
    c = Sim(seed=seed, eviction=False)
    base(c, web=0)
    n = "worker-2"
    c.start()
    c.advance(30)
    c.set_taints(n, add=[dict(MAINT, timeAdded=ts(c.t))])
    c.advance(200)
    name = "batch-6b8d7c5f4-r0x"
    c.pod("default", name, n, kind="job", created=c.t, tolerations=[dict(MAINT_TOL, tolerationSeconds=120)])
    c.advance(200 + after)
    c.delete_pod(
        f"default/{name}", reason="DeletionByTaintManager", message="Taint manager: deleting due to NoExecute taint"
    )
    c.advance(400)
    return s7._all(c)


@scenario
def pod_created_under_taint_evicted_on_time() -> Files:
    return _created_under_taint(1202, 120)


@scenario
def pod_created_under_taint_evicted_early() -> Files:
    return _created_under_taint(1202, 30)


def _swap(seed: int, evict: str) -> Files:
    """worker-1's containerd stops at 20 s: Ready=False (its Lease still renewed), not-ready:NoExecute at the next
    pass. Its web pod tolerates not-ready 300 s and unreachable 30 s. At 120 s the kubelet stops too: Unknown, and
    SwapNodeControllerTaint swaps not-ready for unreachable. processPodOnNode finds the scheduled eviction and, as
    CreatedAt + 30 s is before now + 30 s, keeps it (fireAt = not-ready taint + 300 s). ``evict`` "kept": deleted
    then; "early": deleted 30 s after the swap (a controller that restarts the timer with the shorter toleration:
    eviction-not-early, 100 s into 300)."""
    c = Sim(seed=seed, eviction=False)
    base(c, web=0)
    n = "worker-1"
    name = "web-5d8f7c9b6-s3w4p"
    tols = [
        {"key": NOTREADY, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
        {"key": UNREACH, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 30},
    ]
    c.pod("default", name, n, tolerations=tols)
    c.start()
    c.advance(20)
    c.post_status(n, ready="False", reason="KubeletNotReady", message="container runtime is down")
    while not c.has_taint(n, NOTREADY, "NoExecute"):
        c.advance(c.t + 0.25)
    tainted = c.t
    c.advance(120)
    s7._kill(c, [n])
    while not c.has_taint(n, UNREACH, "NoExecute"):
        c.advance(c.t + 0.25)
    swapped = c.t
    c.advance((tainted + 300.5) if evict == "kept" else (swapped + 30.5))
    c.delete_pod(
        f"default/{name}", reason="DeletionByTaintManager", message="Taint manager: deleting due to NoExecute taint"
    )
    c.advance(tainted + 400)
    return s7._all(c)


@scenario
def taint_swap_evicted_by_not_ready_timer() -> Files:
    return _swap(1203, "kept")


@scenario
def taint_swap_evicted_by_unreachable_toleration() -> Files:
    return _swap(1203, "early")


def _tainted_before(seed: int, pod: str) -> Files:
    """worker-3 lost power 290 s before the capture: Unknown, unreachable:NoExecute ~230 s before it. Its web pod
    (300 s) is evicted 75 s into the capture: on time (the taint's age is unknown to the capture: its timeAdded is
    not the timer's start either). ``pod`` "kube-proxy": the controller deletes the DaemonSet pod there, which
    tolerates every NoExecute taint for ever (getMinTolerationTime -1: no timer): eviction-only-when-due."""
    c = Sim(seed=seed, eviction=False)
    base(c)
    s7._kill(c, ["worker-3"])
    c.advance(290)
    key = next(
        k for k in s7._pods_on(c, "worker-3") if k.startswith("default/" if pod == "web" else "kube-system/kube-proxy")
    )
    c.start()
    c.advance(365)
    c.delete_pod(key, reason="DeletionByTaintManager", message="Taint manager: deleting due to NoExecute taint")
    c.advance(490)
    return s7._all(c)


@scenario
def tainted_before_capture_evicted() -> Files:
    return _tainted_before(1204, "web")


@scenario
def tainted_before_capture_daemonset_evicted() -> Files:
    return _tainted_before(1204, "kube-proxy")


def _swap_log(early: bool) -> Files:
    """The same swap in an audit log: worker-b's kubelet posts Ready=False at 20 s (runtime down, its Lease renewed),
    not-ready:NoExecute at 25 s; it stops at 105 s, Unknown at 158 s, the swap (two PatchNodeTaints) at 163 s. Its
    web pod tolerates not-ready 300 s and unreachable 30 s: evicted at 325 s (the timer kept); ``early``: at 193 s."""
    log = s9._log(105, 400)
    s9._pod(log, 5, WEB, "worker-b", [s9._tol(NOTREADY, 300), s9._tol(UNREACH, 30)])
    s9._status(log, 20, "worker-b", "False", "KubeletNotReady", s9.RUNTIME_DOWN)
    s9._taints(log, 20.1, "worker-b", [(NOTREADY, "NoSchedule")])
    s9._taints(log, 25.2, "worker-b", [(NOTREADY, "NoSchedule"), (NOTREADY, "NoExecute")])
    s9._unknown(log, 158, "worker-b", 20)
    s9._taints(log, 158.1, "worker-b", [(UNREACH, "NoSchedule"), (NOTREADY, "NoExecute")])
    s9._taints(log, 163.2, "worker-b", [(UNREACH, "NoSchedule"), (NOTREADY, "NoExecute"), (UNREACH, "NoExecute")])
    s9._taints(log, 163.21, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    s9._evict(log, 193.3 if early else 325.4, WEB)
    return _audit(log)


@scenario
def audit_taint_swap_evicted_by_not_ready_timer() -> Files:
    return _swap_log(False)


@scenario
def audit_taint_swap_evicted_by_unreachable_toleration() -> Files:
    return _swap_log(True)


def _kubectl_taint_log(after: float) -> Files:
    """`kubectl taint nodes worker-a maintenance=true:NoExecute` at 30 s (the admin's PATCH); the batch pod tolerating
    it 120 s is deleted by the taint-eviction controller ``after`` s later (150 s: on time; 60 s: early)."""
    log = s9._log(300, 300)
    s9._pod(log, 7, s10.BATCH, "worker-a", [dict(MAINT_TOL, tolerationSeconds=120), *s7.DEFAULT_TOL])
    s10._admin_taints(log, 30, "worker-a", [MAINT])
    s9._evict(log, 30 + after + 0.2, s10.BATCH)
    return _audit(log)


@scenario
def audit_kubectl_taint_evicted_on_time() -> Files:
    return _kubectl_taint_log(120)


@scenario
def audit_kubectl_taint_evicted_early() -> Files:
    return _kubectl_taint_log(60)


def _nodes_gap(seed: int, after: float) -> Files:
    """The Nodes watch drops at 100 s and is started again at 400 s (nodes-1.json, nodes-2.json); the pods and
    Lease watches run through. At 150 s, inside the gap, `kubectl taint nodes worker-2 maintenance=true:NoExecute`;
    the batch pod tolerating it 120 s is evicted (DisruptionTarget DeletionByTaintManager) ``after`` s later: 120.3
    (on time) or 60.3 (early: eviction-not-early upstream, but the list after the gap shows the taint, not when it
    came, and kubectl stamps no timeAdded: the capture cannot date the timer's start, and coverage says so)."""
    c = Sim(seed=seed, eviction=False)
    base(c, web=0)
    n = "worker-2"
    name = "batch-6b8d7c5f4-g4p"
    c.pod("default", name, n, tolerations=[dict(MAINT_TOL, tolerationSeconds=120)])
    c.start()
    c.advance(150)
    c.set_taints(n, add=[MAINT])
    c.advance(150 + after)
    c.delete_pod(
        f"default/{name}", reason="DeletionByTaintManager", message="Taint manager: deleting due to NoExecute taint"
    )
    c.advance(500)
    return cg.watch_gap(c, 100, 400, kinds=("Node",))


@scenario
def nodes_watch_gap_taint_evicted() -> Files:
    return _nodes_gap(1208, 120.3)


@scenario
def nodes_watch_gap_taint_evicted_early() -> Files:
    return _nodes_gap(1208, 60.3)


def _skewed_dies(seed: int, skew: float, early: bool) -> Files:
    """worker-2's kubelet runs ``skew`` s off the control plane (its Lease renewTime and conditions' heartbeat
    stamps shifted: situations10's ``_skewed``) and dies at 100 s: marked Unknown, unreachable:NoExecute; its web pod
    (300 s) evicted by the taint-eviction controller 300 s after the taint (its timer started then: the
    controller's clock, never the kubelet's), or, ``early``, 200 s after it: eviction-not-early."""
    c = Sim(seed=seed, eviction=False)
    base(c)
    c.start()
    c.advance(100)
    s7._kill(c, ["worker-2"])
    while not c.has_taint("worker-2", UNREACH, "NoExecute"):
        c.advance(c.t + 0.25)
    tainted = c.t
    key = next(k for k in s7._pods_on(c, "worker-2") if k.startswith("default/"))
    c.advance(tainted + (200.3 if early else 300.3))
    c.delete_pod(key, reason="DeletionByTaintManager", message="Taint manager: deleting due to NoExecute taint")
    c.advance(tainted + 400)
    s10._skewed(c, "worker-2", skew)
    return s7._all(c)


@scenario
def clock_ahead_node_dies_evicted_on_time() -> Files:
    return _skewed_dies(1210, 600.0, False)


@scenario
def clock_ahead_node_dies_evicted_early() -> Files:
    return _skewed_dies(1210, 600.0, True)


@scenario
def clock_behind_node_dies_evicted_on_time() -> Files:
    return _skewed_dies(1210, -600.0, False)


@scenario
def clock_ahead_no_rv_node_dies_evicted_on_time() -> Files:
    """clock-ahead-node-dies-evicted-on-time with every resourceVersion redacted (merged by the objects' own
    stamps): upstream conforms. worker-2's Node events carry heartbeat stamps 10 min ahead, which placed them 10
    min late in the merge and made the other Nodes look silent (a known gap in round 12); since round 13 the
    watch reader reads them back by the skew its Lease showed (``watch._place_nodes``)."""
    return cg.without_resource_versions(_skewed_dies(1210, 600.0, False))


def _mirror_on_not_ready_cp(seed: int, fault: str | None) -> Files:
    """`kubeadm upgrade apply` rewrites cp-1's static pod manifests: the kubelet restarts and posts Ready=False
    (PLEG not yet healthy) for 20 s; the node lifecycle controller adds not-ready:NoSchedule on the update and
    not-ready:NoExecute at its next pass. Meanwhile the kubelet's mirror-pod sync deletes the old kube-scheduler
    mirror pod and creates the new one (created bound, spec.nodeName cp-1, never scheduled; a static pod's mirror
    tolerates every NoExecute taint: `operator: Exists, effect: NoExecute`), 8 s into NotReady. Ready again, the
    taints go. ``fault``: "evicted" (the taint-eviction controller deletes the new mirror pod: getMinTolerationTime
    is -1 for it, no work is ever scheduled: eviction-only-when-due), "bound" (the scheduler binds a web pod to
    cp-1 while it is NotReady: its TaintToleration Filter refuses the not-ready taint)."""
    c = Sim(seed=seed, eviction=False)
    base(c)
    n = "cp-1"
    c.start()
    c.advance(60)
    c.post_status(
        n, ready="False", reason="KubeletNotReady", message="PLEG is not healthy: pleg has yet to be successful"
    )
    while not c.has_taint(n, NOTREADY, "NoExecute"):
        c.advance(c.t + 0.25)
    old = c.pods.pop("kube-system/kube-scheduler-cp-1")
    old["metadata"]["deletionTimestamp"] = ts(c.t)
    old["metadata"]["deletionGracePeriodSeconds"] = 0
    c.emit("DELETED", old)
    c.advance(c.t + 1)
    new = c.pod(
        "kube-system",
        "kube-scheduler-cp-1",
        n,
        kind="static",
        created=c.t,
        labels={"component": "kube-scheduler", "tier": "control-plane"},
        image="registry.k8s.io/kube-scheduler:v1.33.1",
    )
    c.advance(c.t + 3)
    if fault == "evicted":
        c.delete_pod(
            "kube-system/kube-scheduler-cp-1",
            reason="DeletionByTaintManager",
            message="Taint manager: deleting due to NoExecute taint",
        )
    elif fault == "bound":
        key = s8._web_pod(c, "web-5d8f7c9b6-m3c9p")
        c.advance(c.t + 1)
        s6._bind(c, key, n)
    c.advance(80)
    c.post_status(n, ready="True")
    c.advance(200)
    assert new["spec"]["nodeName"] == n
    return s7._all(c)


@scenario
def mirror_pod_recreated_on_not_ready_control_plane() -> Files:
    return _mirror_on_not_ready_cp(1211, None)


@scenario
def mirror_pod_evicted_on_not_ready_control_plane() -> Files:
    return _mirror_on_not_ready_cp(1211, "evicted")


@scenario
def web_pod_bound_to_not_ready_control_plane() -> Files:
    return _mirror_on_not_ready_cp(1211, "bound")


# -- 3. quantities the API server refuses ---------------------------------------------------------------------------
def _quantities(seed: int, where: str | None) -> Files:
    """Pods and Nodes with every quantity form the API server accepts (resource.ParseQuantity: "1.5", "250m",
    "1e-1", "0.5Gi"-style suffixes, "3800m" allocatable). ``where``: one the API server rejects
    (ValidateResourceRequirements / validateResourceQuantityValue parse every quantity): "pod-cpu" (cpu "abc"),
    "pod-memory" (memory "1.5.5Gi"), "node-cpu" (allocatable cpu "4 cores") -- no cluster stores such an object, so
    the capture is not one of a cluster: bad input, never a request of 0."""
    c = Sim(seed=seed)
    base(c, web=0)
    for i, cpu in enumerate(("1.5", "250m", "1e-1", "0.2")):
        p = c.pod("default", f"web-5d8f7c9b6-q{i}t", f"worker-{i % 3 + 1}", cpu=cpu)
        p["spec"]["containers"][0]["resources"]["requests"]["memory"] = ("128Mi", "0.5Gi", "1e9", "200M")[i]
    c.nodes["worker-2"]["status"]["allocatable"]["cpu"] = "3800m"
    if where == "pod-cpu":
        c.pods["default/web-5d8f7c9b6-q1t"]["spec"]["containers"][0]["resources"]["requests"]["cpu"] = "abc"
    elif where == "pod-memory":
        c.pods["default/web-5d8f7c9b6-q2t"]["spec"]["containers"][0]["resources"]["requests"]["memory"] = "1.5.5Gi"
    elif where == "node-cpu":
        c.nodes["worker-3"]["status"]["allocatable"]["cpu"] = "4 cores"
    c.start()
    c.advance(120)
    return s7._all(c)


@scenario
def quantities_valid_forms() -> Files:
    return _quantities(1205, None)


@scenario
def quantity_unparsable_pod_cpu() -> Files:
    return _quantities(1205, "pod-cpu")


@scenario
def quantity_unparsable_pod_memory() -> Files:
    return _quantities(1205, "pod-memory")


@scenario
def quantity_unparsable_node_allocatable() -> Files:
    return _quantities(1205, "node-cpu")


def _quantity_log(refused: bool) -> Files:
    """An audit log in which the ReplicaSet controller's pod create carries cpu "abc": the API server refuses it
    (422 Invalid, validation's ParseQuantity) -- a request that made nothing, read as nothing. ``refused=False``:
    the same create logged as 201 Created with the pod as stored: no API server stores it, so the log is not one of
    a cluster: bad input."""
    log = s9._log(300, 300)
    s7._pod_create(log, 50, API, cpu="abc")
    e = log.lines[-1][1]
    if refused:
        e["responseStatus"] = {"metadata": {}, "status": "Failure", "reason": "Invalid", "code": 422}
        e.pop("responseObject", None)
    s7._pod_create(log, 60, WEB)
    s7._pod_bind(log, 61, WEB, "worker-a")
    return _audit(log)


@scenario
def audit_pod_create_refused_bad_quantity() -> Files:
    return _quantity_log(True)


@scenario
def audit_pod_created_with_bad_quantity() -> Files:
    return _quantity_log(False)


# -- 4. a list taken shortly before the watches --------------------------------------------------------------------
def _list_before(seed: int, marks: bool) -> Files:
    """`kubectl get nodes,pods -A -o json > before.json` at 0 s; the watches only from 200 s (less than the 5 min of
    status-report lag + grace a late list is told by). worker-3's kubelet died at 20 s: marked Unknown ~55 s later
    and tainted, before the watches began (their lists show it Unknown). ``marks=False``: no node lifecycle
    controller: the watches' list shows worker-3 Ready with its Lease 180 s old."""
    c = Sim(seed=seed, nlc=marks, eviction=False)
    base(c)
    c.started = True
    before = s10._snapshot(c)
    c.started = False
    c.advance(20)
    s7._kill(c, ["worker-3"])
    c.advance(200)
    c.start()
    c.advance(400)
    return {**s7._all(c), "before.json": s10._as_list(before)}


@scenario
def list_200s_before_watch() -> Files:
    return _list_before(1206, True)


@scenario
def list_200s_before_watch_never_marked() -> Files:
    return _list_before(1206, False)


def _tee_mid_watch(seed: int, marks: bool) -> Files:
    """`kubectl get nodes,pods -A -w --output-watch-events -o json | tee watch.json` and the Lease watch; at 300 s
    `kubectl get nodes,pods -A -o json > now.json` in another shell (checked as `nodereg check - leases.json
    now.json < watch.json` in the test: a watch read from a pipe). worker-3's kubelet dies at 150 s: marked and
    tainted before the list; ``marks=False``: never."""
    c = Sim(seed=seed, nlc=marks)
    base(c)
    c.start()
    c.advance(150)
    s7._kill(c, ["worker-3"])
    c.advance(300)
    now = s10._snapshot(c)
    c.advance(500)
    return {
        "watch.json": s7._watch(c, ("Node", "Pod")),
        "leases.json": s7._watch(c, ("Lease",)),
        "now.json": s10._as_list(now),
    }


@scenario
def tee_watch_list_mid_watch() -> Files:
    return _tee_mid_watch(1207, True)


@scenario
def tee_watch_list_mid_watch_never_marked() -> Files:
    return _tee_mid_watch(1207, False)


# -- 5. kube-controller-manager's leader Lease in part, or not at all, in the audit log ---------------------------
def _kcm_log(policy: str, marks: bool) -> Files:
    """kube-controller-manager runs throughout. ``policy``: "other-apiserver" (its leader-election client's
    connection moves at 50 s to the second API server, whose log is not given: its Lease writes stop in this log
    while its controllers' writes -- the ReplicaSet controller's pod creations every 30 s, the node-controller's --
    go on here), "metadata" (a policy logging Leases at Metadata: every write, no body), "not-logged" (a policy
    without kube-system Leases). worker-b's kubelet stops at 100 s; ``marks``: marked Unknown at 153 s and tainted,
    else never (upstream's tryUpdateNodeHealth: silent-node-becomes-unknown)."""
    log = s9._log(100, 600)
    t = 0.5
    while t <= 600:
        if policy == "metadata" or (policy == "other-apiserver" and t <= 50):
            s11._kcm_lease_write(log, t)
            if policy == "metadata":
                log.lines[-1][1]["level"] = "Metadata"
        t += 2
    for i, t in enumerate(range(120, 600, 30)):
        s7._pod_create(log, t, f"api-6c4d9f8b7-{i:02d}x")
    if marks:
        s9._unknown(log, 153, "worker-b", 91.3)
        s9._taints(log, 153.1, "worker-b", [(UNREACH, "NoSchedule")])
        s9._taints(log, 158.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    return _audit(log)


@scenario
def audit_kcm_lease_other_apiserver() -> Files:
    return _kcm_log("other-apiserver", True)


@scenario
def audit_kcm_lease_other_apiserver_never_marked() -> Files:
    return _kcm_log("other-apiserver", False)


@scenario
def audit_kcm_lease_metadata() -> Files:
    return _kcm_log("metadata", True)


@scenario
def audit_kcm_lease_metadata_never_marked() -> Files:
    return _kcm_log("metadata", False)


@scenario
def audit_kcm_lease_not_logged() -> Files:
    return _kcm_log("not-logged", True)


@scenario
def audit_kcm_lease_not_logged_never_marked() -> Files:
    return _kcm_log("not-logged", False)


# -- 6. the IPAM controller's podCIDR patch ------------------------------------------------------------------------
def _podcidr_log(marks: bool) -> Files:
    """kube-controller-manager's node-ipam-controller (--allocate-node-cidrs) patches spec.podCIDR and podCIDRs of
    both Nodes a second after they register (range_allocator.go updateCIDRsAllocation: PatchNodeCIDRs, a strategic
    merge patch of spec only, as its own service account): not a kubelet's write, no taint. worker-b's kubelet stops
    at 20 s; ``marks``: marked Unknown at 73 s and tainted, else never."""
    log = s9._log(20, 300)
    ipam = (
        "system:serviceaccount:kube-system:node-controller",
        ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
    )
    for i, n in enumerate(("worker-a", "worker-b")):
        body = {"spec": {"podCIDR": f"10.244.{i}.0/24", "podCIDRs": [f"10.244.{i}.0/24"]}}
        log.ev(
            1.1 + i * 0.2,
            *ipam,
            "patch",
            {"resource": "nodes", "name": n, "apiVersion": "v1"},
            body,
            level="Request",
            ua=ga.NC_UA,
        )
    if marks:
        s9._unknown(log, 73, "worker-b", 10.3)
        s9._taints(log, 73.1, "worker-b", [(UNREACH, "NoSchedule")])
        s9._taints(log, 78.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    return _audit(log)


@scenario
def audit_podcidr_assigned() -> Files:
    return _podcidr_log(True)


@scenario
def audit_podcidr_assigned_never_marked() -> Files:
    return _podcidr_log(False)


# -- writing --------------------------------------------------------------------------------------------------------
def main() -> None:
    s6.write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()
