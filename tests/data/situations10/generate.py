"""Write the captures of tests/data/situations10 (run: python tests/data/situations10/generate.py [NAME...]).

Round 10 of operators' situations: kubelet clocks minutes off the control plane's (in watches and in audit logs),
a user's own NoExecute taint and the out-of-service taint in audit logs, pods bound after an autoscaler's
scale-down taint, DaemonSet pods and the not-ready taint, Node lists taken before or in the middle of a watch,
and captures whose timing is only right with the controller's own flags. Watch captures are played on
situations7's ``Sim`` (realworld2's upstream timing); audit logs are written with situations9's building blocks
(situations3's ``gen_audit.Log``, situations7's pod writers), imported through situations9's generator, not
copied. Expected verdicts and the upstream reasons: tests/test_oracle_situations10.py.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import sys
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("s9gen", os.path.join(HERE, "..", "situations9", "generate.py"))
assert _spec is not None and _spec.loader is not None
s9 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s9)
s8, s7, s6, ga = s9.s8, s9.s7, s9.s6, s9.ga
from generate import base  # noqa: E402  (realworld2, put on sys.path by situations6's generator)
from sim import KUBELET_CONDS, NOTREADY, UNREACH, Cluster, ts  # noqa: E402

Sim = s7.Sim
Files = dict[str, str | bytes]
SCENARIOS: dict[str, Callable[[], Files]] = {}
OOS = s7.OOS
WEB, API = s9.WEB, s9.API


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


# -- 1. a kubelet's clock minutes off the control plane's (watch) ---------------------------------------------------
def _shift(stamp: str, skew: float, micro: bool) -> str:
    import datetime as dt

    fmt = "%Y-%m-%dT%H:%M:%S.%fZ" if micro else "%Y-%m-%dT%H:%M:%SZ"
    t = dt.datetime.strptime(stamp, fmt) + dt.timedelta(seconds=skew)
    return t.strftime(fmt)


def _skewed(c: Cluster, node: str, skew: float) -> None:
    """Rewrite what ``node``'s kubelet stamped with its own clock, ``skew`` s off the control plane's: its Lease's
    renewTime, and its conditions' lastHeartbeatTime (and lastTransitionTime of a status it set; an Unknown is the
    node lifecycle controller's, stamped with its clock). The sim's controller dates a heartbeat by its own clock
    when it sees it change, as upstream's tryUpdateNodeHealth does (probeTimestamp = now): so the stories are
    played unskewed and only the stamps are shifted."""
    for _, kind, _, obj in c.out:
        if obj["metadata"]["name"] != node:
            continue
        if kind == "Lease":
            obj["spec"]["renewTime"] = _shift(obj["spec"]["renewTime"], skew, True)
        elif kind == "Node":
            for x in obj["status"]["conditions"]:
                if x["type"] in KUBELET_CONDS:
                    x["lastHeartbeatTime"] = _shift(x["lastHeartbeatTime"], skew, False)
                    if x["status"] != "Unknown" and x["lastTransitionTime"] >= ts(0):
                        # (a transition the kubelet posted during the capture; older ones predate the skew)
                        x["lastTransitionTime"] = _shift(x["lastTransitionTime"], skew, False)


def _clock(seed: int, skew: float, fault: str | None) -> Files:
    """worker-2's kubelet runs ``skew`` s off (a VM restored from a snapshot with chronyd stopped: minutes, not
    seconds). Upstream's node lifecycle controller never compares a kubelet's stamps with its own clock: it keeps
    the ``renewTime`` / ``lastHeartbeatTime`` it saw last and, when they change, sets probeTimestamp = now
    (tryUpdateNodeHealth; a Lease counts when its renewTime is after the saved one, ``observedLease.Spec.RenewTime
    .Before(...)``), so a skewed kubelet that renews is never marked Unknown. worker-3's kubelet dies at 200 s and
    is marked 50-55 s later. ``fault``: "never-marked" (worker-2 dies at 200 s too, and no controller marks
    it), "marks-skewed" (a controller that compares renewTime with its own clock: worker-2, 10 min behind, marked
    Unknown at its first pass and again after every kubelet status post)."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(200)
    s7._kill(c, ["worker-3"])
    if fault in ("never-marked", "dies"):
        s7._kill(c, ["worker-2"])
    if fault == "never-marked":
        c.advance(230)
        c.nlc = False
    if fault == "marks-skewed":
        c.advance(210)
        c._mark_unknown("worker-2")
        c.advance(250)
        s7._set_cond(c, "worker-2", "Ready", "True", "KubeletReady", "kubelet is posting ready status")
        c.advance(255)
        c._mark_unknown("worker-2")
    c.advance(560)
    _skewed(c, "worker-2", skew)
    return s7._all(c)


@scenario
def clock_ahead_10min_alive() -> Files:
    return _clock(1001, 600.0, None)


@scenario
def clock_ahead_10min_never_marked() -> Files:
    return _clock(1001, 600.0, "never-marked")


@scenario
def clock_ahead_10min_dies_marked() -> Files:
    return _clock(1001, 600.0, "dies")


@scenario
def clock_behind_10min_alive() -> Files:
    return _clock(1002, -600.0, None)


@scenario
def clock_behind_10min_marked_unknown() -> Files:
    return _clock(1002, -600.0, "marks-skewed")


# -- 2. a kubelet's clock minutes off, in an audit log --------------------------------------------------------------
def _audit_clock(skew: float, fault: str | None) -> Files:
    """An audit log whose policy logs node Lease updates and the kubelets' status patches at Request level (their
    bodies: ``spec.renewTime``, the conditions' ``lastHeartbeatTime``, stamped by the kubelet's clock). worker-b's
    kubelet runs ``skew`` s off the API server's. The audit log dates every write by the API server's
    ``stageTimestamp``; the node lifecycle controller dates it by when it saw it change (tryUpdateNodeHealth), so
    neither depends on the kubelet's clock. ``fault``: None (alive till 300 s), "dies" (worker-b's kubelet stops at
    20 s; marked Unknown at 73 s and tainted), "never-marked" (stops, never marked), "marks-skewed" (alive; a
    controller comparing the kubelet's stamps with its own clock marks it Unknown at 40 s, the kubelet posts
    Ready=True at 50 s, marked again at 55 s)."""
    dies = fault in ("dies", "never-marked")
    log = s9._log(20 if dies else 300, 300)
    for t in (10.3, 130.3, 250.3) if not dies else (10.3,):
        s9._status(log, t, "worker-b", "True", "KubeletReady", "kubelet is posting ready status")
    s9._status(log, 10.0, "worker-a", "True", "KubeletReady", "kubelet is posting ready status")
    if fault == "dies":
        s9._unknown(log, 73, "worker-b", 10.3 + skew)
        s9._taints(log, 73.1, "worker-b", [(UNREACH, "NoSchedule")])
        s9._taints(log, 78.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    if fault == "marks-skewed":
        s9._unknown(log, 40, "worker-b", 10.3 + skew)
        s9._taints(log, 40.1, "worker-b", [(UNREACH, "NoSchedule")])
        s9._taints(log, 45.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
        s9._status(log, 50.3, "worker-b", "True", "KubeletReady", "kubelet is posting ready status")
        s9._taints(log, 50.4, "worker-b", [])
        s9._unknown(log, 55, "worker-b", 50.3 + skew)
        s9._taints(log, 55.1, "worker-b", [(UNREACH, "NoSchedule")])
        s9._taints(log, 60.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
        s9._taints(log, 130.5, "worker-b", [])  # (Ready again at its next status post: markNodeAsReachable)
    for t, e in log.lines:
        ref = e["objectRef"]
        if e["user"]["username"] != "system:node:worker-b" and ref.get("resource") == "leases":
            e["level"] = "Request"
            e["requestObject"] = _lease_body(ref["name"], t)
        if e["user"]["username"] != "system:node:worker-b":
            continue
        if ref.get("resource") == "leases":
            e["level"] = "Request"
            e["requestObject"] = _lease_body("worker-b", t + skew)
        elif ref.get("subresource") == "status":
            for x in e["requestObject"]["status"]["conditions"]:
                x["lastHeartbeatTime"] = x["lastTransitionTime"] = ga.sec(t + skew)
    return {"audit.log": s9._jsonl(s9._lines(log))}


def _lease_body(node: str, t: float) -> dict[str, Any]:
    """A kubelet's Lease update body (pkg/kubelet/nodelease: renewTime = its clock's now, microseconds)."""
    return {
        "kind": "Lease",
        "apiVersion": "coordination.k8s.io/v1",
        "metadata": {"name": node, "namespace": "kube-node-lease"},
        "spec": {"holderIdentity": node, "leaseDurationSeconds": 40, "renewTime": ga.ts(t)},
    }


@scenario
def audit_clock_ahead_10min_dies_marked() -> Files:
    return _audit_clock(600.0, "dies")


@scenario
def audit_clock_ahead_10min_never_marked() -> Files:
    return _audit_clock(600.0, "never-marked")


@scenario
def audit_clock_behind_10min_alive() -> Files:
    return _audit_clock(-600.0, None)


@scenario
def audit_clock_behind_10min_marked_unknown() -> Files:
    return _audit_clock(-600.0, "marks-skewed")


# -- 3. a user's NoExecute taint and the out-of-service taint, in an audit log -------------------------------------
BATCH = "batch-6b8d7c5f4-r0x"
LOGS = "logs-8c7d6b5a4-p1q"


def _admin_taints(log: ga.Log, t: float, node: str, taints: list[dict[str, Any]]) -> None:
    """`kubectl taint nodes NODE ...`: the admin's PATCH of the Node with the whole new spec.taints (Node.Spec.Taints
    has no patch merge key: the list is replaced), at Request level; kubectl stamps no timeAdded."""
    body = {"spec": {"taints": copy.deepcopy(taints)}}
    ref = {"resource": "nodes", "name": node, "apiVersion": "v1"}
    log.ev(t, *s7.ADMIN, "patch", ref, body, level="Request", ua=s7.KUBECTL)


def _audit_user_noexecute(fault: str | None, removed_at: float | None = None) -> Files:
    """The admin runs `kubectl taint nodes worker-a maintenance=true:NoExecute` at 30 s. Upstream's taint-eviction
    controller (pkg/controller/tainteviction, handleNodeUpdate -> processPodOnNode) acts on any NoExecute taint: the
    web pod, which does not tolerate it, is deleted at once; the batch pod tolerating it for 120 s is deleted at
    150 s (getMinTolerationTime, the timer started when the taint was seen); the logs pod tolerating it for ever
    stays. ``removed_at``: `kubectl taint nodes worker-a maintenance=true:NoExecute-` then: handleNodeUpdate finds no
    NoExecute taint and cancels every scheduled eviction (the batch pod stays). ``fault``: "never-evicted" (the batch
    pod still there at 300 s), "evicted-anyway" (deleted at 150 s although the taint went at 90 s)."""
    log = s9._log(300, 300)
    tol = {"key": "maintenance", "operator": "Equal", "value": "true", "effect": "NoExecute"}
    s9._pod(log, 5, WEB, "worker-a")
    s9._pod(log, 7, BATCH, "worker-a", [dict(tol, tolerationSeconds=120), *s7.DEFAULT_TOL])
    s9._pod(log, 9, LOGS, "worker-a", [dict(tol), *s7.DEFAULT_TOL])
    s9._pod(log, 11, API, "worker-b")
    taint = {"key": "maintenance", "value": "true", "effect": "NoExecute"}
    _admin_taints(log, 30, "worker-a", [taint])
    s9._evict(log, 30.2, WEB)
    if removed_at is not None:
        _admin_taints(log, removed_at, "worker-a", [])
    if (fault is None and removed_at is None) or fault == "evicted-anyway":
        s9._evict(log, 150.1, BATCH)
    s7._pod_delete(log, 200, API, s7.ADMIN, s7.KUBECTL)  # (shows the policy logs pod deletions)
    return {"audit.log": s9._jsonl(s9._lines(log))}


@scenario
def audit_kubectl_taint_noexecute() -> Files:
    return _audit_user_noexecute(None)


@scenario
def audit_kubectl_taint_noexecute_never_evicted() -> Files:
    return _audit_user_noexecute("never-evicted")


@scenario
def audit_kubectl_taint_removed_before_toleration() -> Files:
    return _audit_user_noexecute(None, removed_at=90)


@scenario
def audit_kubectl_taint_removed_evicted_anyway() -> Files:
    return _audit_user_noexecute("evicted-anyway", removed_at=90)


PODGC = s8.PODGC


def _audit_out_of_service(evicts: bool) -> Files:
    """Non-graceful node shutdown (KEP-2268) in an audit log: worker-b's machine loses power at 20 s, marked Unknown
    at 73 s and tainted unreachable (NoExecute at 78 s); its web pod tolerates unreachable for 300 s. At 150 s the
    admin, having checked the machine is off, adds node.kubernetes.io/out-of-service=nodeshutdown:NoExecute (the
    whole list: the controller's two unreachable taints and the new one). The web pod does not tolerate it:
    processPodOnNode deletes it at once (DisruptionTarget DeletionByTaintManager, DELETE as the node-controller);
    the dead kubelet never confirms and PodGC's gcTerminating (every 20 s: terminating pods of a not-Ready Node with
    the out-of-service taint) force-deletes it (DisruptionTarget DeletionByPodGC, DELETE with grace 0).
    ``evicts=False``: a taint-eviction controller that ignores the new taint, and the pod is there at 300 s."""
    log = s7._audit_base(300)
    s9._pod(log, 5, WEB, "worker-b")
    s9._pod(log, 7, API, "worker-a")
    ne = [
        {"key": UNREACH, "effect": "NoSchedule", "timeAdded": ga.sec(73)},
        {"key": UNREACH, "effect": "NoExecute", "timeAdded": ga.sec(78)},
        {"key": OOS, "value": "nodeshutdown", "effect": "NoExecute"},
    ]
    _admin_taints(log, 150, "worker-b", ne)
    if evicts:
        s9._evict(log, 150.2, WEB)
        ref = {"resource": "pods", "namespace": "default", "name": WEB, "apiVersion": "v1", "subresource": "status"}
        cond = {
            "type": "DisruptionTarget",
            "status": "True",
            "reason": "DeletionByPodGC",
            "message": "PodGC: node is out of service",
            "lastTransitionTime": ga.sec(165),
        }
        log.ev(165, *PODGC, "patch", ref, {"status": {"conditions": [cond]}}, level="Request", ua=s8.PODGC_UA)
        s7._pod_delete(log, 165.02, WEB, PODGC, s8.PODGC_UA, grace=0)
    s7._pod_delete(log, 200, API, s7.ADMIN, s7.KUBECTL)  # (shows the policy logs pod deletions)
    return {"audit.log": s9._jsonl(s9._lines(log))}


@scenario
def audit_out_of_service_taint() -> Files:
    return _audit_out_of_service(True)


@scenario
def audit_out_of_service_never_evicted() -> Files:
    return _audit_out_of_service(False)


# -- 4. pods bound after an autoscaler's scale-down taint; DaemonSet pods and the not-ready taint ---------------------
FLUENT = "fluent-bit-7xk2q"


def _ds_pending(c: Cluster, name: str, node: str, tolerations: list[dict[str, Any]] | None = None) -> str:
    """A DaemonSet pod the DaemonSet controller creates for ``node`` (its nodeAffinity on metadata.name, the
    tolerations AddOrUpdateDaemonPodTolerations adds, plus ``tolerations``), Pending until the scheduler binds it."""
    c.started = False  # (built bound, as the sim builds a DaemonSet pod; shown as created: unbound)
    p = c.pod("kube-system", name, node, kind="ds", created=c.t, tolerations=tolerations)
    c.started = True
    del p["spec"]["nodeName"]
    p["status"] = {"phase": "Pending", "qosClass": "Burstable"}
    c.emit("ADDED", p)
    return f"kube-system/{name}"


def _scale_down(seed: int, taint: dict[str, Any], tolerated: bool) -> Files:
    """cluster-autoscaler's scale-down of worker-3 (core/scaledown, utils/taints): DeletionCandidateOfClusterAutoscaler
    :PreferNoSchedule at 20 s (a web pod is still bound there at 50 s: PreferNoSchedule is a score, not a filter),
    ``taint`` (ToBeDeletedByClusterAutoscaler:NoSchedule, or Karpenter's karpenter.sh/disrupted:NoSchedule) at 80 s.
    30 s later the scheduler binds a pod there: upstream's TaintToleration Filter
    (pkg/scheduler/framework/plugins/tainttoleration, FindMatchingUntoleratedTaint over the NoSchedule and NoExecute
    taints) admits only a pod tolerating it. ``tolerated``: a fluent-bit DaemonSet pod (`operator: Exists`), else a
    web pod with the default tolerations only: the scheduler's error."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(20)
    n = "worker-3"
    c.set_taints(
        n, add=[{"key": "DeletionCandidateOfClusterAutoscaler", "value": "1777888820", "effect": "PreferNoSchedule"}]
    )
    key = s8._web_pod(c, "web-5d8f7c9b6-p4r8s")
    c.advance(50)
    s6._bind(c, key, n)
    c.advance(80)
    c.set_taints(n, add=[taint])
    c.advance(110)
    key = _ds_pending(c, FLUENT, n, [{"operator": "Exists"}]) if tolerated else s8._web_pod(c, "web-5d8f7c9b6-z2m4q")
    c.advance(111)
    s6._bind(c, key, n)
    c.advance(200)
    return s7._all(c)


_TBD = {"key": "ToBeDeletedByClusterAutoscaler", "value": "1777888880", "effect": "NoSchedule"}
_DISRUPTED = {"key": "karpenter.sh/disrupted", "effect": "NoSchedule"}


@scenario
def autoscaler_taint_binding_tolerated() -> Files:
    return _scale_down(1011, _TBD, True)


@scenario
def autoscaler_taint_binding_untolerated() -> Files:
    return _scale_down(1011, _TBD, False)


@scenario
def karpenter_disrupted_binding_tolerated() -> Files:
    return _scale_down(1012, _DISRUPTED, True)


@scenario
def karpenter_disrupted_binding_untolerated() -> Files:
    return _scale_down(1012, _DISRUPTED, False)


CNI_MSG = (
    "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin "
    "returns error: cni plugin not initialized"
)


def _ds_not_ready(seed: int, bind_after: float) -> Files:
    """worker-4 joins (the NodeTaint admission plugin's not-ready:NoSchedule, Ready=False until its CNI agent is up
    40 s later; the doNoScheduleTaintingPass keeps the taint while Ready=False). The DaemonSet controller creates a
    node-exporter pod for it at once, with only the tolerations AddOrUpdateDaemonPodTolerations adds
    (pkg/controller/daemon/util/daemonset_util.go: not-ready and unreachable *NoExecute*, the pressure, unschedulable
    and network-unavailable NoSchedule ones): it does not tolerate not-ready:NoSchedule, so the TaintToleration
    Filter keeps it Pending until the Node is Ready and the taint gone. ``bind_after``: when (s after the
    registration) the scheduler binds it: 60 s (after Ready), or 20 s (still not ready: the scheduler's error)."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(15)
    n = "worker-4"
    node = c.add_node(n, zone="eu-west-1a", created=c.t, hb_age=0, taints=[{"key": NOTREADY, "effect": "NoSchedule"}])
    for cond in node["status"]["conditions"]:
        if cond["type"] == "Ready":
            cond.update(status="False", reason="KubeletNotReady", lastTransitionTime=ts(c.t), message=CNI_MSG)
    c.out[-1] = (c.t, "Node", "ADDED", copy.deepcopy(node))
    c.renew(n)
    c.kubelet[n]["next_lease"] = c.t + 10
    joined = c.t
    key = _ds_pending(c, "node-exporter-q8w2e", n)
    for t, step in sorted([(bind_after, "bind"), (40.0, "ready")]):
        c.advance(joined + t)
        if step == "ready":
            c.post_status(n, "True")
        else:
            s6._bind(c, key, n)
    c.advance(joined + 150)
    return s7._all(c)


@scenario
def daemonset_pod_bound_after_ready() -> Files:
    return _ds_not_ready(1013, 60)


@scenario
def daemonset_pod_bound_while_not_ready() -> Files:
    return _ds_not_ready(1013, 20)


# -- 5. a Node list taken in the middle of the watch, or before it ----------------------------------------------------
def _as_list(objs: list[dict[str, Any]]) -> str:
    """`kubectl get nodes,pods -A -o json`: one List of every object as it stood."""
    return json.dumps(
        {"apiVersion": "v1", "kind": "List", "items": objs, "metadata": {"resourceVersion": ""}}, indent=4
    )


def _snapshot(c: Cluster) -> list[dict[str, Any]]:
    return [copy.deepcopy(c.nodes[n]) for n in sorted(c.nodes)] + [copy.deepcopy(c.pods[k]) for k in sorted(c.pods)]


def _list_mid_watch(seed: int, marks: bool, back_at: float | None = None, late_at: float | None = None) -> Files:
    """The usual three watches from 0 s; at 400 s, in another shell, `kubectl get nodes,pods -A -o json > now.json`,
    checked with them (`nodereg check *.json`). worker-3's kubelet dies at 200 s: marked Unknown and tainted 50-60 s
    later, its web pod evicted 300 s after the NoExecute taint. The list is a moment of the same history: its
    objects' resourceVersions are those the watch showed by then. ``marks=False``: no node lifecycle controller
    (worker-3 Ready in the watch and in the list). ``back_at``: worker-3's kubelet back then (after the list).
    ``late_at``: the node lifecycle controller runs only from then (worker-3 marked 100 s late, before the list)."""
    c = Sim(seed=seed, nlc=marks and late_at is None)
    base(c)
    c.start()
    c.advance(200)
    s7._kill(c, ["worker-3"])
    if late_at is not None:
        c.advance(late_at)
        c.nlc = True
    c.advance(400)
    now = _snapshot(c)
    if back_at is not None:
        c.advance(back_at)
        s8._revive(c, "worker-3")
    c.advance(700)
    return {**s7._all(c), "now.json": _as_list(now)}


@scenario
def nodes_list_mid_watch() -> Files:
    return _list_mid_watch(1021, True)


@scenario
def nodes_list_mid_watch_node_back() -> Files:
    # worker-3 back at 450 s (after the list): Ready again, its taints removed (markNodeAsReachable)
    return _list_mid_watch(1021, True, back_at=450)


@scenario
def nodes_list_mid_watch_marked_late() -> Files:
    return _list_mid_watch(1021, True, back_at=450, late_at=350)


@scenario
def nodes_list_mid_watch_never_marked() -> Files:
    return _list_mid_watch(1021, False)


def _list_before_watch(seed: int, marks: bool) -> Files:
    """`kubectl get nodes,pods -A -o json > before.json` at 0 s; the watches only from 600 s (the operator came
    back after lunch). worker-3's kubelet died at 100 s: marked, tainted, its web pod evicted, all before the
    watches: their lists show it Unknown with the pod gone. The list is the capture's first moment, the watches'
    lists a relist: what happened in between is not in the input. ``marks=False``: no node lifecycle controller:
    the watches' list shows worker-3 still Ready, its Lease 500 s old, and nothing marks it after."""
    c = Sim(seed=seed, nlc=marks)
    base(c)
    c.started = True
    before = _snapshot(c)
    c.started = False
    c.advance(100)
    s7._kill(c, ["worker-3"])
    c.advance(600)
    c.start()
    c.advance(800)
    return {**s7._all(c), "before.json": _as_list(before)}


@scenario
def nodes_list_before_watch() -> Files:
    return _list_before_watch(1022, True)


@scenario
def nodes_list_before_watch_never_marked() -> Files:
    return _list_before_watch(1022, False)


# -- 6. timing only right with the controller's own flags ----------------------------------------------------------
def _grace20(seed: int, marks: bool) -> Files:
    """A managed control plane whose kube-controller-manager runs --node-monitor-grace-period=20s (no control-plane
    Node, no controller pod, no flag in the capture: only the operator knows). worker-3's kubelet dies at 200 s and
    the controller marks it 20-25 s after its last renewal (tryUpdateNodeHealth: probeTimestamp + grace < now).
    ``marks=False``: never marked."""
    c = Sim(seed=seed, grace=20, nlc=marks)
    base(c, cp=False)
    c.start()
    c.advance(200)
    s7._kill(c, ["worker-3"])
    c.advance(500)
    return s7._all(c)


@scenario
def grace_20s_marked() -> Files:
    return _grace20(1031, True)


@scenario
def grace_20s_never_marked() -> Files:
    return _grace20(1031, False)


# -- 7. disruption: zones from the deprecated labels only; the whole cluster in an audit log ---------------------------
BETA_ZONE, BETA_REGION = "failure-domain.beta.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/region"


def _beta_zone(seed: int, ignores: bool) -> Files:
    """A cluster registered long ago whose Nodes carry only the deprecated failure-domain.beta.kubernetes.io
    zone and region labels (no topology.kubernetes.io ones). Upstream's GetZoneKey (k8s.io/component-helpers
    node/topology) reads the beta labels first, then the GA ones: eu-west-1a holds worker-1..5, eu-west-1b wb-1 and
    wb-2. worker-1..3 lose their network: 3 of 5 not Ready in eu-west-1a is PartialDisruption (handleDisruption,
    > 2 and >= --unhealthy-zone-threshold 0.55); a zone of at most 50 Nodes gets ReducedQPSFunc = 0: no NoExecute
    taint, only the unreachable NoSchedule ones. ``ignores``: a controller that reads zones from the GA labels
    only (every Node then in the "" zone, 3 of 8 not Ready: Normal) and taints the three 10 s apart."""
    c = Sim(seed=seed, zone_rate=0.1)
    c.add_node("cp-1", labels={BETA_ZONE: "eu-west-1c", BETA_REGION: "eu-west-1"}, cp=True)
    for i in range(5):
        c.add_node(f"worker-{i + 1}", labels={BETA_ZONE: "eu-west-1a", BETA_REGION: "eu-west-1"})
    for i in range(2):
        c.add_node(f"wb-{i + 1}", labels={BETA_ZONE: "eu-west-1b", BETA_REGION: "eu-west-1"})
    for n in sorted(c.nodes):
        if n != "cp-1":
            c.pod("default", f"web-{n}-5d8f7c9b6-q1", n, labels={"app": "web"})
    c.start()
    c.advance(20)
    if ignores:
        c._handle_disruption = lambda: setattr(c, "zone_qps", {})  # type: ignore[method-assign]
    s7._kill(c, ["worker-1", "worker-2", "worker-3"])
    c.advance(c.t + 260)
    return s7._all(c)


@scenario
def beta_zone_labels_partial_disruption() -> Files:
    return _beta_zone(1041, False)


@scenario
def beta_zone_labels_tainted_anyway() -> Files:
    return _beta_zone(1041, True)


def _audit_all_down(noexecute_at: float | None) -> Files:
    """An audit log of a two-node cluster without zone labels (one zone) whose kubelets both stop at 20 s (the
    workers' network to the control plane cut). The node lifecycle controller marks both Unknown (73 s) and adds
    unreachable:NoSchedule (doNoScheduleTaintingPass); handleDisruption at the end of that pass finds every zone
    fully disrupted: "Controller detected that all Nodes are not-Ready. Entering master disruption mode." -- it
    stops NoExecute tainting (the zones' limiters at 0, markNodeAsReachable on every Node), assuming the control
    plane's own network is at fault. ``noexecute_at``: a controller that adds unreachable:NoExecute to both then."""
    log = s9._log(20, 20)
    for n, t in (("worker-a", 73.0), ("worker-b", 73.05)):
        s9._unknown(log, t, n, 10.3)
        s9._taints(log, t + 0.1, n, [(UNREACH, "NoSchedule")])
        if noexecute_at is not None:
            s9._taints(log, noexecute_at + t - 73, n, [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    for n, t in (("worker-a", 10.0), ("worker-b", 10.3)):
        s9._status(log, t, n, "True", "KubeletReady", "kubelet is posting ready status")
    # (the control plane keeps writing: kube-controller-manager's leader Lease, every 2 s, shows time passing)
    for k in range(100):
        ref = {**s9.LEASE, "namespace": "kube-system", "name": "kube-controller-manager"}
        log.ev(2.0 * k + 0.5, *ga.NC, "update", ref, level="Metadata", ua=ga.NC_UA)
    return {"audit.log": s9._jsonl(s9._lines(log))}


@scenario
def audit_all_nodes_down_master_disruption() -> Files:
    return _audit_all_down(None)


@scenario
def audit_all_nodes_down_tainted_anyway() -> Files:
    return _audit_all_down(95.0)


# -- 8. graceful node shutdown in an audit log -------------------------------------------------------------------------
SHUTDOWN = "node is shutting down"


def _audit_graceful_shutdown(marked: bool) -> Files:
    """worker-b's machine is shut down (systemd inhibitor, kubelet GracefulNodeShutdown: the nodeshutdown manager
    sets the node not ready, "node is shutting down", and kills its pods: each pods/status patched by the kubelet to
    phase Failed, reason Terminated, "Pod was terminated in response to imminent node shutdown.", with DisruptionTarget
    TerminationByKubelet), at 22 s, then goes silent (its last Lease write at 21.3 s). The node lifecycle controller
    adds not-ready:NoSchedule on the update and not-ready:NoExecute at its next pass (27 s); 50 s after the last
    heartbeat it marks the Node Unknown and swaps the taints to unreachable (SwapNodeControllerTaint: add, then
    remove); the taint-eviction controller deletes the (Failed) pod 300 s after the first NoExecute taint
    (getPodsAssignedToNode has no phase filter; the timer is kept through the swap). ``marked=False``: the node
    lifecycle controller writes nothing after the not-ready taints (the taint-eviction controller still evicts)."""
    log = s9._log(25, 400)
    s9._pod(log, 5, WEB, "worker-b")
    s9._pod(log, 7, API, "worker-a")
    s9._status(log, 22.0, "worker-b", "False", "KubeletNotReady", SHUTDOWN)
    cond = {
        "type": "DisruptionTarget",
        "status": "True",
        "reason": "TerminationByKubelet",
        "message": s7.SHUTDOWN_MSG,
        "lastTransitionTime": ga.sec(22.5),
    }
    body = {"status": {"phase": "Failed", "reason": "Terminated", "message": s7.SHUTDOWN_MSG, "conditions": [cond]}}
    ref = {"resource": "pods", "namespace": "default", "name": WEB, "apiVersion": "v1", "subresource": "status"}
    log.ev(22.5, "system:node:worker-b", ga.NODE_GROUPS, "patch", ref, body, level="Request", ua=s9.NODE_UA)
    s9._taints(log, 22.1, "worker-b", [(NOTREADY, "NoSchedule")])
    s9._taints(log, 27.2, "worker-b", [(NOTREADY, "NoSchedule"), (NOTREADY, "NoExecute")])
    if marked:
        s9._unknown(log, 73.0, "worker-b", 22.0)
        s9._taints(log, 73.1, "worker-b", [(UNREACH, "NoSchedule"), (NOTREADY, "NoExecute")])
        s9._taints(log, 78.2, "worker-b", [(UNREACH, "NoSchedule"), (NOTREADY, "NoExecute"), (UNREACH, "NoExecute")])
        s9._taints(log, 78.21, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    s9._evict(log, 327.4, WEB)
    s7._pod_delete(log, 200, API, s7.ADMIN, s7.KUBECTL)  # (shows the policy logs pod deletions)
    return {"audit.log": s9._jsonl(s9._lines(log))}


@scenario
def audit_graceful_shutdown() -> Files:
    return _audit_graceful_shutdown(True)


@scenario
def audit_graceful_shutdown_never_marked() -> Files:
    return _audit_graceful_shutdown(False)


# -- 9. a registration taint another component removes, in an audit log ------------------------------------------------
KARPENTER = ("system:serviceaccount:kube-system:karpenter", ga.NC[1])


def _audit_karpenter_unregistered(bind_at: float) -> Files:
    """worker-b's kubelet registers with --register-with-taints=karpenter.sh/unregistered:NoExecute (Karpenter v1's
    NodeClaim launch); Karpenter's controller (its service account) removes it at 15 s once the NodeClaim is
    registered (a patch of the whole spec.taints). A web pod created at ``bind_at - 1`` is bound to worker-b at
    ``bind_at``: after the removal (30 s) the TaintToleration Filter admits it; before it (10 s) the NoExecute taint
    it does not tolerate rejects worker-b, so that binding is the scheduler's error. (Was: a taint removed by
    anyone but the node lifecycle controller was not read in audit logs, so the Node kept it for ever.)"""
    log = s9._log(300, 300)
    for _, e in log.lines:
        if e["verb"] == "create" and e["objectRef"].get("name") == "worker-b":
            e["requestObject"]["spec"]["taints"].append({"key": "karpenter.sh/unregistered", "effect": "NoExecute"})
    body = {"spec": {"taints": []}}
    ref = {"resource": "nodes", "name": "worker-b", "apiVersion": "v1"}
    log.ev(15, *KARPENTER, "patch", ref, body, level="Request", ua="karpenter/v1.0.6")
    s9._pod(log, bind_at - 1, WEB, "worker-b")
    return {"audit.log": s9._jsonl(s9._lines(log))}


@scenario
def audit_karpenter_unregistered_removed() -> Files:
    return _audit_karpenter_unregistered(30)


@scenario
def audit_karpenter_unregistered_pod_bound_before() -> Files:
    return _audit_karpenter_unregistered(10)


# -- 10. pods created with spec.nodeName on a Node with a user's NoExecute taint, in an audit log ----------------------
DEBUG, JOB = "node-debugger-worker-a-x7k2p", "fio-bench-q9w8e"


def _preset_pod(log: ga.Log, t: float, name: str, node: str, tols: list[dict[str, Any]]) -> None:
    """The admin's `kubectl create` of a pod with spec.nodeName set (`kubectl debug node/...` does so): no scheduler,
    no binding; the kubelet admits it unless a NoExecute taint is not tolerated (its TaintToleration admit check)."""
    spec = {
        "nodeName": node,
        "containers": [{"name": "c", "image": "busybox:1.36", "resources": {"requests": {"cpu": "100m"}}}],
        "tolerations": copy.deepcopy(tols),
    }
    body = {"kind": "Pod", "apiVersion": "v1", "metadata": {"name": name, "namespace": "default"}, "spec": spec}
    ref = {"resource": "pods", "namespace": "default", "apiVersion": "v1"}
    log.ev(t, *s7.ADMIN, "create", ref, body, level="RequestResponse", ua=s7.KUBECTL)
    log.lines[-1][1]["responseObject"] = copy.deepcopy(body)
    log.lines[-1][1]["responseStatus"]["code"] = 201


def _audit_preset_noexecute(evicts: bool) -> Files:
    """worker-a carries the admin's maintenance=true:NoExecute (20 s). At 40 s the admin creates two pods with
    spec.nodeName=worker-a: a debugger tolerating the taint for ever, and a benchmark Job pod tolerating nothing.
    The taint-eviction controller's handlePodUpdate -> processPodOnNode deletes the untolerating one at once; the
    other stays. No binding is judged (the scheduler made none). ``evicts=False``: the untolerating pod stays."""
    log = s9._log(300, 300)
    taint = {"key": "maintenance", "value": "true", "effect": "NoExecute"}
    _admin_taints(log, 20, "worker-a", [taint])
    _preset_pod(log, 40, DEBUG, "worker-a", [{"key": "maintenance", "operator": "Exists", "effect": "NoExecute"}])
    _preset_pod(log, 41, JOB, "worker-a", [])
    if evicts:
        s9._evict(log, 41.2, JOB)
    s9._pod(log, 50, API, "worker-b")
    s7._pod_delete(log, 200, API, s7.ADMIN, s7.KUBECTL)  # (shows the policy logs pod deletions)
    return {"audit.log": s9._jsonl(s9._lines(log))}


@scenario
def audit_nodename_preset_on_noexecute() -> Files:
    return _audit_preset_noexecute(True)


@scenario
def audit_nodename_preset_never_evicted() -> Files:
    return _audit_preset_noexecute(False)


# -- writing --------------------------------------------------------------------------------------------------------
def main() -> None:
    s6.write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()
