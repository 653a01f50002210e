"""Write the captures of tests/data/situations13 (run: python tests/data/situations13/generate.py [NAME...]).

Round 13 of operators' situations: kubelet clocks 10 min off in captures whose resourceVersions were redacted,
writes made through impersonation (`kubectl --as=system:node:...`, a proxy acting for its users), pods that end
(a Job's pod Succeeded, a pod the kubelet rejects OutOfcpu) and the room they leave, a kubelet restarted with a
larger --system-reserved, and pods of priority system-node-critical on a Node that dies. Watch captures are
played on situations7's ``Sim`` (realworld2's upstream timing); audit logs are written with situations9's building
blocks; both imported through situations12's generator (itself importing the earlier rounds), not copied.
Expected verdicts and the upstream reasons: tests/test_oracle_situations13.py.
"""

from __future__ import annotations

import copy
import importlib.util
import os
import sys
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("s12gen", os.path.join(HERE, "..", "situations12", "generate.py"))
assert _spec is not None and _spec.loader is not None
s12 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s12)
s11, s10, s9, s8, s7, s6, ga = s12.s11, s12.s10, s12.s9, s12.s8, s12.s7, s12.s6, s12.ga
from generate import base  # noqa: E402  (realworld2, put on sys.path by situations6's generator)
from sim import UNREACH, ts  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", ".."))
import capturegen as cg  # noqa: E402  (tests/)

Sim = s7.Sim
Files = dict[str, str | bytes]
SCENARIOS: dict[str, Callable[[], Files]] = {}
ADMIN = s7.ADMIN
KUBECTL = s7.KUBECTL


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def _audit(log: ga.Log) -> Files:
    return {"audit.log": s9._jsonl(s9._lines(log))}


# -- 1. a kubelet's clock 10 min off, every resourceVersion redacted ---------------------------------------------
@scenario
def clock_ahead_no_rv_node_dies_evicted_early() -> Files:
    """situations12's clock-ahead-node-dies-evicted-early with every resourceVersion redacted: worker-2's kubelet
    10 min ahead dies, is marked Unknown and tainted; its web pod (300 s) evicted 200 s after the taint. The
    taint-eviction controller's timer runs on its own clock (processPodOnNode, timed_workers.go): early."""
    return cg.without_resource_versions(s12._skewed_dies(1210, 600.0, True))


@scenario
def clock_behind_no_rv_node_dies_evicted_on_time() -> Files:
    """The same with the kubelet 10 min behind, evicted 300 s after the taint: conforms."""
    return cg.without_resource_versions(s12._skewed_dies(1210, -600.0, False))


@scenario
def clock_behind_no_rv_node_dies_evicted_early() -> Files:
    """The same, evicted 200 s after the taint: eviction-not-early."""
    return cg.without_resource_versions(s12._skewed_dies(1210, -600.0, True))


@scenario
def clock_ahead_no_rv_alive_other_dies() -> Files:
    """situations10's clock-ahead-10min-alive with every resourceVersion redacted: worker-2's kubelet 10 min ahead
    keeps renewing (tryUpdateNodeHealth dates a renewal by its own clock: never marked); worker-3's kubelet dies at
    200 s and is marked 50-55 s later: conforms."""
    return cg.without_resource_versions(s10._clock(1001, 600.0, None))


@scenario
def clock_ahead_no_rv_dies_marked() -> Files:
    """The same, worker-2 (10 min ahead) dying with worker-3 at 200 s; both marked within the grace: conforms
    (the controller's Unknown of worker-2 keeps its kubelet's last heartbeat, 10 min ahead)."""
    return cg.without_resource_versions(s10._clock(1001, 600.0, "dies"))


@scenario
def clock_ahead_no_rv_never_marked() -> Files:
    """The same, both dying and no controller marking them: silent-node-becomes-unknown (on both)."""
    return cg.without_resource_versions(s10._clock(1001, 600.0, "never-marked"))


# -- 2. writes made through impersonation -----------------------------------------------------------------------
PROXY = (
    "system:serviceaccount:cattle-system:rancher",
    ["system:serviceaccounts", "system:serviceaccounts:cattle-system", "system:authenticated"],
)
ALICE = ("alice@example.com", ["platform-admins", "system:authenticated"])


def _impersonated(log: ga.Log, requester: tuple[str, list[str]], ua: str = KUBECTL) -> None:
    """The last event as the API server logs a request made with Impersonate-User / Impersonate-Group headers:
    WithImpersonation (staging/src/k8s.io/apiserver/pkg/endpoints/filters/impersonation.go) runs it as the
    impersonated user (request.WithUser) and audit.LogImpersonatedUser records that user in
    ``impersonatedUser``; ``user`` stays the requester who authenticated."""
    e = log.lines[-1][1]
    e["impersonatedUser"] = e["user"]
    e["user"] = {"username": requester[0], "groups": list(requester[1])}
    e["userAgent"] = ua


def _refused(log: ga.Log, message: str) -> None:
    """The last request refused by the NodeRestriction admission plugin (403 Forbidden, nothing written)."""
    e = log.lines[-1][1]
    e["responseStatus"] = {"metadata": {}, "status": "Failure", "message": message, "reason": "Forbidden", "code": 403}


def _impersonated_post(early: bool) -> Files:
    """worker-b's kubelet stops at 100 s. At 120 s an operator debugging it runs `kubectl --as=system:node:worker-b
    --as-group=system:nodes patch node worker-b --subresource=status` with a fresh Ready=True heartbeat (the
    kubelet's own identity: NodeRestriction admits a node's write of its own status). The node lifecycle
    controller cannot tell who wrote it: tryUpdateNodeHealth sees the Ready condition's lastHeartbeatTime change
    and sets probeTimestamp = now, so it marks the Node Unknown only a grace period after 120 s (at 173 s here);
    ``early``: at 153 s, 33 s after that heartbeat (heartbeating-node-stays-known)."""
    log = s9._log(100, 400)
    s9._status(log, 120, "worker-b", "True", "KubeletReady", "kubelet is posting ready status")
    _impersonated(log, ADMIN)
    at = 153.0 if early else 173.0
    s9._unknown(log, at, "worker-b", 120)
    s9._taints(log, at + 0.1, "worker-b", [(UNREACH, "NoSchedule")])
    s9._taints(log, at + 5.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    return _audit(log)


@scenario
def audit_impersonated_kubelet_status_post() -> Files:
    return _impersonated_post(False)


@scenario
def audit_impersonated_kubelet_status_post_marked_early() -> Files:
    return _impersonated_post(True)


def _impersonated_other_node(refused: bool) -> Files:
    """At 60 s `kubectl --as=system:node:worker-a --as-group=system:nodes patch node worker-b --subresource=status`
    (a Ready=True status of worker-b written with worker-a's identity). NodeRestriction's admitNode refuses a node
    writing another Node ("node worker-a is not allowed to modify node worker-b"): 403, nothing written
    (``refused``); answered 200 it is a node-restriction violation of the API server."""
    log = s9._log(400, 400)
    s9._status(log, 60, "worker-b", "True", "KubeletReady", "kubelet is posting ready status", by="worker-a")
    _impersonated(log, ADMIN)
    if refused:
        _refused(log, 'nodes "worker-b" is forbidden: node "worker-a" is not allowed to modify node "worker-b"')
    return _audit(log)


@scenario
def audit_impersonated_node_patches_other_node_refused() -> Files:
    return _impersonated_other_node(True)


@scenario
def audit_impersonated_node_patches_other_node() -> Files:
    return _impersonated_other_node(False)


def _impersonated_lease(refused: bool) -> Files:
    """At 60 s a script run with `--as=system:node:worker-a --as-group=system:nodes` renews worker-b's Lease.
    NodeRestriction's admitLease: a node may write only the Lease named after it (403, ``refused``); answered 200
    it is a node-restriction violation."""
    log = s9._log(400, 400)
    s9._lease(log, 60, "worker-b", by="worker-a")
    _impersonated(log, ADMIN, ua="python-requests/2.32.3")
    if refused:
        _refused(
            log,
            'leases.coordination.k8s.io "worker-b" is forbidden: can only access node lease with the '
            "same name as the requesting node",
        )
    return _audit(log)


@scenario
def audit_impersonated_node_lease_of_other_node_refused() -> Files:
    return _impersonated_lease(True)


@scenario
def audit_impersonated_node_lease_of_other_node() -> Files:
    return _impersonated_lease(False)


def _impersonated_untaint(refused: bool) -> Files:
    """worker-b's kubelet stops at 100 s; marked Unknown at 153 s and tainted unreachable. At 200 s an operator
    removes the taints with `kubectl --as=system:node:worker-b --as-group=system:nodes taint nodes worker-b
    node.kubernetes.io/unreachable-` (hoping to get pods scheduled there again). NodeRestriction's admitNode
    refuses a node modifying its own taints ("node worker-b is not allowed to modify taints"): 403 (``refused``);
    answered 200, the node's taints were dropped by the node itself (node-restriction)."""
    log = s9._log(100, 400)
    s9._unknown(log, 153, "worker-b", 91.3)
    s9._taints(log, 153.1, "worker-b", [(UNREACH, "NoSchedule")])
    s9._taints(log, 158.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    ref = {"resource": "nodes", "name": "worker-b", "apiVersion": "v1"}
    log.ev(200, "system:node:worker-b", ga.NODE_GROUPS, "patch", ref, {"spec": {"taints": []}}, level="Request")
    _impersonated(log, ADMIN)
    if refused:
        _refused(log, 'nodes "worker-b" is forbidden: node "worker-b" is not allowed to modify taints')
    return _audit(log)


@scenario
def audit_impersonated_node_untaints_itself_refused() -> Files:
    return _impersonated_untaint(True)


@scenario
def audit_impersonated_node_untaints_itself() -> Files:
    return _impersonated_untaint(False)


def _proxy_cordon(bound: bool) -> Files:
    """A platform team's proxy (Rancher's service account, impersonating the user alice@example.com: Impersonate-User
    and Impersonate-Group) runs her `kubectl cordon worker-a` at 50 s: spec.unschedulable true, written with her
    authority. At 80 s a web pod is created; the scheduler binds it to worker-b (NodeUnschedulable Filter refuses
    worker-a); ``bound``: to the cordoned worker-a (no-schedule-when-cordoned). Uncordoned at 200 s."""
    log = s9._log(400, 400)
    ref = {"resource": "nodes", "name": "worker-a", "apiVersion": "v1"}
    log.ev(50, *ALICE, "patch", ref, {"spec": {"unschedulable": True}}, level="Request", ua=KUBECTL)
    _impersonated(log, PROXY, ua="rancher/v2.9.3 (linux/amd64) kubernetes/$Format")
    s7._pod_create(log, 80, s9.WEB)
    s7._pod_bind(log, 81, s9.WEB, "worker-a" if bound else "worker-b")
    log.ev(200, *ALICE, "patch", ref, {"spec": {"unschedulable": None}}, level="Request", ua=KUBECTL)
    _impersonated(log, PROXY, ua="rancher/v2.9.3 (linux/amd64) kubernetes/$Format")
    return _audit(log)


@scenario
def audit_proxy_impersonates_admin_cordon() -> Files:
    return _proxy_cordon(False)


@scenario
def audit_proxy_impersonates_admin_cordon_then_bound() -> Files:
    return _proxy_cordon(True)


# -- 3. pods that end, and the room they leave ------------------------------------------------------------------
def _terminate(c: Any, key: str, phase: str, reason: str | None = None, message: str = "") -> None:
    """The kubelet's terminal status of a pod: ``phase`` Succeeded (its containers exited 0: a Job's pod) or
    Failed (``reason`` OutOfcpu: rejected at admission, canAdmitPod -> rejectPod, no container ever ran; no
    DisruptionTarget condition: nobody disrupted it). The object stays (a Job keeps its pods; the ReplicaSet
    controller replaces a Failed pod, FilterActivePods, without deleting it)."""
    pod = c.pods[key]
    st = pod["status"]
    why = "PodCompleted" if phase == "Succeeded" else "PodFailed"
    st["conditions"] = [x for x in st.get("conditions", []) if x["type"] not in ("Ready", "ContainersReady")]
    for typ in ("Ready", "ContainersReady"):
        st["conditions"].append(
            {"type": typ, "status": "False", "lastProbeTime": None, "lastTransitionTime": ts(c.t), "reason": why}
        )
    st["phase"] = phase
    if reason:
        st["reason"], st["message"] = reason, message
        st.pop("containerStatuses", None)
    else:
        for cs in st.get("containerStatuses") or []:
            cs.update(ready=False, started=False)
            cs["state"] = {
                "terminated": {
                    "exitCode": 0,
                    "reason": "Completed",
                    "startedAt": st.get("startTime", ts(c.t - 60)),
                    "finishedAt": ts(c.t),
                }
            }
    c.emit("MODIFIED", pod)


def _web_pod(c: Any, name: str, cpu: str) -> str:
    """A web pod created pending (its ReplicaSet's), requesting ``cpu``."""
    c.pod("default", name, None, created=c.t, labels={"app": "web"}, cpu=cpu)
    return f"default/{name}"


def _job_room(seed: int, cpu: str) -> Files:
    """worker-1 (allocatable cpu 4) runs kube-proxy (100m) and a nightly report Job's pod (2500m) and an API pod
    (1000m): 3600m. At 60 s the Job's pod completes (phase Succeeded). The scheduler's pod informer lists and
    watches only pods not Succeeded or Failed (pkg/scheduler/scheduler.go newPodInformer: field selector
    status.phase!=Succeeded,status.phase!=Failed), so the ended pod leaves its NodeInfo at once: 1100m requested.
    At 120 s it binds a web pod requesting ``cpu`` to worker-1: 2000m fits (NodeResourcesFit fitsRequest: 3100m
    of 4000m); 3000m does not (4100m: the scheduler's error, bound-requests-fit-allocatable)."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-1"
    job = c.pod("default", "report-29000460-q7x2m", n, kind="job", cpu="2500m", created=-600)
    c.pod("default", "api-6c4d9f8b7-h4k2w", n, cpu="1000m")
    c.start()
    c.advance(60)
    _terminate(c, f"default/{job['metadata']['name']}", "Succeeded")
    c.advance(119)
    key = _web_pod(c, "web-5d8f7c9b6-r8m3v", cpu)
    c.advance(120)
    s6._bind(c, key, n)
    c.advance(300)
    return s7._all(c)


@scenario
def job_pod_succeeded_room_reused() -> Files:
    return _job_room(1301, "2000m")


@scenario
def job_pod_succeeded_overbound() -> Files:
    return _job_room(1301, "3000m")


def _completed_listed(seed: int, cpu: str) -> Files:
    """`kubectl get -w` started while worker-1 holds three completed pods of a CronJob (Succeeded hours ago, kept
    by its successfulJobsHistoryLimit: 3 x 1000m) next to an API pod (1000m) and kube-proxy (100m). The scheduler
    never listed them (newPodInformer's field selector): 1100m of 4000m requested. At 60 s it binds a web pod
    requesting ``cpu``: 2500m fits (3600m); 3000m does not (4100m: bound-requests-fit-allocatable)."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-1"
    for i in range(3):
        c.t = -3 * 3600 + i * 3600
        p = c.pod("default", f"backup-2900{i}40-k{i}d8s", n, kind="job", cpu="1000m", created=c.t - 120)
        _terminate(c, f"default/{p['metadata']['name']}", "Succeeded")
    c.t = 0.0
    c.pod("default", "api-6c4d9f8b7-h4k2w", n, cpu="1000m")
    c.start()
    c.advance(59)
    key = _web_pod(c, "web-5d8f7c9b6-c6j9x", cpu)
    c.advance(60)
    s6._bind(c, key, n)
    c.advance(200)
    return s7._all(c)


@scenario
def completed_jobs_listed_room_reused() -> Files:
    return _completed_listed(1305, "2500m")


@scenario
def completed_jobs_listed_overbound() -> Files:
    return _completed_listed(1305, "3000m")


def _rejected_room(seed: int, cpu: str) -> Files:
    """A pod created with spec.nodeName worker-1 preset (a CI tool bypassing the scheduler) requesting 3000m
    while worker-1 (4000m) already has 1100m requested: the kubelet's admission (canAdmitPod: the scheduler's
    Fits on the kubelet's own pods) rejects it, phase Failed reason OutOfcpu. It never ran and the scheduler's
    informer never holds a Failed pod (newPodInformer's field selector). At 120 s the scheduler binds a web pod
    requesting ``cpu``: 2000m fits (3100m of 4000m); 3000m does not (4100m: bound-requests-fit-allocatable)."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-1"
    c.pod("default", "api-6c4d9f8b7-h4k2w", n, cpu="1000m")
    c.start()
    c.advance(40)
    name = "loadtest-runner-5w2xq"
    c.started = False  # (emitted below as the API server stores it: Pending, never started)
    p = c.pod("default", name, n, kind="bare", cpu="3000m", created=c.t, tolerations=copy.deepcopy(s7.DEFAULT_TOL))
    c.started = True
    p["status"] = {"phase": "Pending", "qosClass": "Burstable"}
    c.emit("ADDED", p)
    c.advance(41)
    _terminate(
        c,
        f"default/{name}",
        "Failed",
        "OutOfcpu",
        "Pod was rejected: Node didn't have enough resource: cpu, requested: 3000, used: 1100, capacity: 4000",
    )
    c.advance(119)
    key = _web_pod(c, "web-5d8f7c9b6-t5n7b", cpu)
    c.advance(120)
    s6._bind(c, key, n)
    c.advance(300)
    return s7._all(c)


@scenario
def pod_rejected_outofcpu_room_reused() -> Files:
    return _rejected_room(1302, "2000m")


@scenario
def pod_rejected_outofcpu_overbound() -> Files:
    return _rejected_room(1302, "3000m")


def _reserved_restart(seed: int, cpu: str) -> Files:
    """worker-1 (4000m) runs pods requesting 1500m (oldest), 1500m and 800m with kube-proxy's 100m: 3900m. At 60 s
    its kubelet restarts with --system-reserved=cpu=1: its first status post carries allocatable 3000m (the
    MachineInfo setter). On restart the kubelet admits its pods again, oldest first (HandlePodAdditions sorts by
    creation; canAdmitPod): the second 1500m pod no longer fits (3100m of 3000m) and is rejected OutOfcpu;
    2400m stay. At 120 s the scheduler binds a web pod requesting ``cpu``: 500m fits (2900m); 800m does not
    (3200m of 3000m: bound-requests-fit-allocatable upstream). The model takes allocatable once, at registration:
    the oracle does not judge the Node's resources from the change on (``not_judged_after_resize``), said."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-1"
    keys = []
    for i, req in enumerate(("1500m", "1500m", "800m")):
        p = c.pod("default", f"api-6c4d9f8b7-w{i}z", n, cpu=req, created=-3000 + 600 * i)
        keys.append(f"default/{p['metadata']['name']}")
    c.start()
    c.advance(60)
    c.post_status(
        n, ready="False", reason="KubeletNotReady", message="container runtime status check may not have completed yet"
    )
    c.nodes[n]["status"]["allocatable"]["cpu"] = "3"
    c.advance(62)
    c.post_status(n, ready="True")
    c.advance(63)
    _terminate(
        c,
        keys[1],
        "Failed",
        "OutOfcpu",
        "Pod was rejected: Node didn't have enough resource: cpu, requested: 1500, used: 1600, capacity: 3000",
    )
    c.advance(119)
    key = _web_pod(c, "web-5d8f7c9b6-p2d6s", cpu)
    c.advance(120)
    s6._bind(c, key, n)
    c.advance(300)
    return s7._all(c)


@scenario
def system_reserved_restart_pod_rejected_bound() -> Files:
    return _reserved_restart(1303, "500m")


@scenario
def system_reserved_restart_pod_rejected_overbound() -> Files:
    return _reserved_restart(1303, "800m")


def _job_room_log(cpu: str, phase: str = "Succeeded") -> Files:
    """The same in an audit log: worker-a (allocatable 3800m); a Job's pod requesting 2500m bound at 10 s, an API
    pod (1000m) at 12 s; at 60 s worker-a's kubelet patches the Job pod's status to ``phase`` (Succeeded, or Failed
    with reason DeadlineExceeded: activeDeadlineSeconds); at 120 s a web pod requesting ``cpu`` is bound there:
    2000m fits (3000m of 3800m), 3000m does not (4000m)."""
    log = s9._log(400, 400)
    s7._pod_create(log, 9, "report-29000460-q7x2m", cpu="2500m")
    s7._pod_bind(log, 10, "report-29000460-q7x2m", "worker-a")
    s7._pod_create(log, 11, s9.API, cpu="1000m")
    s7._pod_bind(log, 12, s9.API, "worker-a")
    status: dict[str, Any] = {"phase": phase}
    if phase == "Failed":
        status.update(
            reason="DeadlineExceeded", message="Pod was active on the node longer than the specified deadline"
        )
    ref = {
        "resource": "pods",
        "namespace": "default",
        "name": "report-29000460-q7x2m",
        "apiVersion": "v1",
        "subresource": "status",
    }
    log.ev(60, "system:node:worker-a", ga.NODE_GROUPS, "patch", ref, {"status": status}, level="Request")
    s7._pod_create(log, 119, s9.WEB, cpu=cpu)
    s7._pod_bind(log, 120, s9.WEB, "worker-a")
    return _audit(log)


@scenario
def audit_job_pod_succeeded_room_reused() -> Files:
    return _job_room_log("2000m")


@scenario
def audit_job_pod_succeeded_overbound() -> Files:
    return _job_room_log("3000m")


@scenario
def audit_pod_deadline_exceeded_room_reused() -> Files:
    return _job_room_log("2000m", "Failed")


@scenario
def audit_pod_deadline_exceeded_overbound() -> Files:
    return _job_room_log("3000m", "Failed")


# -- 4. system-node-critical pods on a Node that dies -------------------------------------------------------------
CRIT = "metrics-agent-6d9c7b5f4-k8s2q"


def _critical(seed: int, evicts: bool) -> Files:
    """worker-3's kubelet dies at 100 s; a kube-system pod of priorityClassName system-node-critical (priority
    2000001000) with the default not-ready/unreachable tolerations (300 s) runs there. The taint-eviction
    controller reads tolerations only (processPodOnNode, getMinTolerationTime): priority does not spare a pod,
    so it is deleted 300 s after the unreachable:NoExecute taint. ``evicts=False``: a controller that spares
    critical pods (no-execute-eviction)."""
    c = Sim(seed=seed, eviction=evicts)
    base(c, web=0)
    p = c.pod("kube-system", CRIT, "worker-3", labels={"app": "metrics-agent"})
    p["spec"]["priorityClassName"], p["spec"]["priority"] = "system-node-critical", 2000001000
    c.start()
    c.advance(100)
    s7._kill(c, ["worker-3"])
    c.advance(600)
    return s7._all(c)


@scenario
def system_node_critical_pod_evicted_on_time() -> Files:
    return _critical(1304, True)


@scenario
def system_node_critical_pod_never_evicted() -> Files:
    return _critical(1304, False)


def _critical_log(evicted: bool) -> Files:
    """The same in an audit log: the critical pod (created by its ReplicaSet controller, priority admission setting
    priority 2000001000) bound to worker-b at 6 s; worker-b's kubelet stops at 100 s, marked at 146 s,
    unreachable:NoExecute at 151.2 s; the taint-eviction controller's DisruptionTarget and DELETE at 451.3 s, or
    (``evicted=False``) never. (An operator's `kubectl delete pod` of another pod at 30 s shows the audit policy
    logs pod deletions.)"""
    log = s9._log(100, 600)
    s7._pod_create(log, 5, CRIT, ns="kube-system")
    for o in (log.lines[-1][1]["requestObject"], log.lines[-1][1]["responseObject"]):
        o["spec"]["priorityClassName"] = "system-node-critical"
    log.lines[-1][1]["responseObject"]["spec"]["priority"] = 2000001000
    s7._pod_bind(log, 6, CRIT, "worker-b", ns="kube-system")
    # (the policy logs pod deletions: an operator's `kubectl delete pod` of another pod at 30 s)
    s7._pod_create(log, 20, s9.API)
    s7._pod_bind(log, 21, s9.API, "worker-a")
    s7._pod_delete(log, 30, s9.API, ADMIN, KUBECTL)
    s9._unknown(log, 146, "worker-b", 91.3)
    s9._taints(log, 146.1, "worker-b", [(UNREACH, "NoSchedule")])
    s9._taints(log, 151.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    if evicted:
        cond = {
            "type": "DisruptionTarget",
            "status": "True",
            "reason": "DeletionByTaintManager",
            "message": "Taint manager: deleting due to NoExecute taint",
            "lastTransitionTime": ga.sec(451.3),
        }
        ref = {
            "resource": "pods",
            "namespace": "kube-system",
            "name": CRIT,
            "apiVersion": "v1",
            "subresource": "status",
        }
        log.ev(451.3, *ga.NC, "patch", ref, {"status": {"conditions": [cond]}}, level="Request", ua=ga.NC_UA)
        s7._pod_delete(log, 451.32, CRIT, ga.NC, ga.NC_UA, ns="kube-system")
    return _audit(log)


@scenario
def audit_system_node_critical_pod_evicted_on_time() -> Files:
    return _critical_log(True)


@scenario
def audit_system_node_critical_pod_never_evicted() -> Files:
    return _critical_log(False)


# -- writing --------------------------------------------------------------------------------------------------------
def main() -> None:
    s6.write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()
