"""Write the captures of tests/data/situations11 (run: python tests/data/situations11/generate.py [NAME...]).

Round 11 of operators' situations: Nodes an administrator creates (`kubelet --register-node=false`) or relabels,
bindings an operator makes by hand, pods evicted but stuck Terminating until force-deleted, kube-controller-manager
down for ten minutes, a kubelet crash-looping, the kubelet's real status patches (strategic merge patches with
`$setElementOrder/conditions`) and the node-controller's UpdateStatus, audit logs with both stages, and a VM resized
under its pods. Watch captures are played on situations7's ``Sim`` (realworld2's upstream timing); audit logs are
written with situations9's building blocks, imported through situations10's generator, not copied. Expected
verdicts and the upstream reasons: tests/test_oracle_situations11.py.
"""

from __future__ import annotations

import copy
import importlib.util
import os
import sys
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("s10gen", os.path.join(HERE, "..", "situations10", "generate.py"))
assert _spec is not None and _spec.loader is not None
s10 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s10)
s9, s8, s7, s6, ga = s10.s9, s10.s8, s10.s7, s10.s6, s10.ga
from generate import base  # noqa: E402  (realworld2, put on sys.path by situations6's generator)
from sim import mts, ts  # noqa: E402

Sim = s7.Sim
Files = dict[str, str | bytes]
SCENARIOS: dict[str, Callable[[], Files]] = {}
WEB, API = s9.WEB, s9.API
CONDS = ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready")
KCM = ("system:kube-controller-manager", ["system:authenticated"])
KCM_UA = "kube-controller-manager/v1.31.4 (linux/amd64) kubernetes/a78aa47/leader-election"
NODE_UA = "kubelet/v1.31.4 (linux/amd64) kubernetes/a78aa47"


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def _audit(log: ga.Log) -> Files:
    return {"audit.log": s9._jsonl(s9._lines(log))}


def _renewals(log: ga.Log, node: str, windows: list[tuple[float, float]], phase: float) -> None:
    """``node``'s kubelet renews its Lease every 10 s inside each (from, to) window (a kubelet that runs there)."""
    for a, b in windows:
        t = a + phase
        while t <= b:
            s9._lease(log, t, node)
            t += 10


# -- 1. a Node created by an administrator (kubelet --register-node=false) -----------------------------------------
def _admin_node_log(fault: str | None) -> Files:
    """The admin creates Node worker-c with `kubectl create -f node.yaml` at 5 s (its kubelet runs with
    --register-node=false; the yaml carries labels and no status). NodeRestriction (plugin/pkg/admission/
    noderestriction, ``Admit``: a user that is no node identity is not restricted) admits it, and the API server keeps
    what the body gives (nodeStrategy's PrepareForCreate). The kubelet, bootstrapped with its own client certificate
    (system:node:worker-c), patches the status at 8 s and renews its Lease from 9 s. ``fault``: "never-marked" (its
    kubelet stops at 60 s and the node lifecycle controller never marks it), None (marked Unknown at 112 s and
    tainted, tryUpdateNodeHealth past the grace period)."""
    until = 60
    log = s9._log(300, 300)
    body = {
        "kind": "Node",
        "apiVersion": "v1",
        "metadata": {
            "name": "worker-c",
            "labels": {"kubernetes.io/hostname": "worker-c", "node-role.kubernetes.io/edge": ""},
        },
    }
    log.ev(
        5, *s7.ADMIN, "create", {"resource": "nodes", "apiVersion": "v1"}, body, level="RequestResponse", ua=s7.KUBECTL
    )
    resp = copy.deepcopy(body)
    resp["metadata"].update(uid="7a1e0c2d-aaaa-4bbb-8ccc-000000000001", creationTimestamp=ga.sec(5))
    log.lines[-1][1]["responseObject"] = resp
    log.lines[-1][1]["responseStatus"]["code"] = 201
    log.lines[-1][1]["objectRef"]["name"] = "worker-c"
    s9._status(log, 8, "worker-c", "True", "KubeletReady", "kubelet is posting ready status")
    _renewals(log, "worker-c", [(0, until)], 9)
    if fault is None:
        s9._unknown(log, 112, "worker-c", 8)
        s9._taints(log, 112.1, "worker-c", [(s10.UNREACH, "NoSchedule")])
        s9._taints(log, 117.2, "worker-c", [(s10.UNREACH, "NoSchedule"), (s10.UNREACH, "NoExecute")])
    return _audit(log)


@scenario
def audit_admin_created_node() -> Files:
    return _admin_node_log(None)


@scenario
def audit_admin_created_node_never_marked() -> Files:
    return _admin_node_log("never-marked")


def _admin_node_watch(seed: int, marked: bool) -> Files:
    """The same seen by `kubectl get nodes,pods -A -w` and `kubectl get leases -n kube-node-lease -w`: Node worker-4
    ADDED at 100 s without status (the admin's yaml), its kubelet's first status post at 103 s (Ready=True), its
    Lease from 104 s. The kubelet stops at 300 s; ``marked``: the controller marks it Unknown a grace later."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(100)
    c.add_node("worker-4", zone="eu-west-1a", created=c.t, conditions=False, kubelet=False)
    node = c.nodes["worker-4"]
    node["status"].pop("capacity", None)
    node["status"].pop("allocatable", None)
    node["status"]["conditions"] = []
    # (kubectl create's field manager; admission's TaintNodesByCondition added not-ready:NoSchedule)
    node["metadata"]["managedFields"] = [
        {
            "manager": "kubectl-create",
            "operation": "Update",
            "apiVersion": "v1",
            "time": ts(c.t),
            "fieldsType": "FieldsV1",
        }
    ]
    added = c.out[-1][3]  # (the ADDED add_node emitted: the admin's object as created)
    assert added["metadata"]["name"] == "worker-4"
    added["metadata"]["managedFields"] = copy.deepcopy(node["metadata"]["managedFields"])
    added["status"] = copy.deepcopy(node["status"])
    c.advance(103)
    hb = ts(c.t)
    node["status"]["capacity"] = {"cpu": "4", "memory": "16374584Ki", "pods": "110"}
    node["status"]["allocatable"] = {"cpu": "3800m", "memory": "15225912Ki", "pods": "110"}
    node["status"]["conditions"] = [
        {
            "type": t,
            "status": "True" if t == "Ready" else "False",
            "lastHeartbeatTime": hb,
            "lastTransitionTime": hb,
            "reason": "KubeletReady" if t == "Ready" else "KubeletHasSufficient" + t,
            "message": "",
        }
        for t in CONDS
    ]
    node["metadata"]["managedFields"].append(
        {
            "manager": "kubelet",
            "operation": "Update",
            "apiVersion": "v1",
            "time": hb,
            "fieldsType": "FieldsV1",
            "subresource": "status",
        }
    )
    c.emit("MODIFIED", node)
    c._noschedule_pass("worker-4")
    c.kubelet["worker-4"] = {"alive": True, "next_lease": c.t + 1, "next_status": c.t + 300, "partitioned": False}
    c.leases["worker-4"] = copy.deepcopy(c.leases["worker-1"])
    lz = c.leases["worker-4"]
    lz["metadata"].update(name="worker-4", uid=c.uid(), creationTimestamp=ts(c.t + 1))
    lz["metadata"]["ownerReferences"][0].update(name="worker-4", uid=node["metadata"]["uid"])
    lz["spec"].update(holderIdentity="worker-4", renewTime=mts(c.t + 1))
    c.advance(104)
    c.emit("ADDED", lz)
    c.advance(300)
    s7._kill(c, ["worker-4"])
    if not marked:
        c.nlc = False
    c.advance(600)
    return s7._all(c)


@scenario
def admin_created_node() -> Files:
    return _admin_node_watch(1101, True)


@scenario
def admin_created_node_never_marked() -> Files:
    return _admin_node_watch(1101, False)


# -- 2. a Node relabelled / annotated by an administrator (kubectl label, annotate, apply) --------------------------
def _relabel_log(marked: bool) -> Files:
    """`kubectl label node worker-b disktype=ssd`, `kubectl annotate`, and `kubectl apply -f node.yaml` (a strategic
    merge patch of metadata with the last-applied annotation) on both Nodes: metadata only, no status, no taints.
    worker-b's kubelet stops at 20 s; ``marked``: marked Unknown at 73 s and tainted, else never."""
    log = s9._log(20, 300)
    ref = {"resource": "nodes", "name": "worker-b", "apiVersion": "v1"}
    for t, body in (
        (15, {"metadata": {"labels": {"disktype": "ssd"}}}),
        (40, {"metadata": {"annotations": {"ops.example.com/owner": "team-a"}}}),
        (
            90,
            {
                "metadata": {
                    "annotations": {"kubectl.kubernetes.io/last-applied-configuration": '{"apiVersion":"v1"}'},
                    "labels": {"tier": "edge"},
                }
            },
        ),
    ):
        log.ev(t, *s7.ADMIN, "patch", dict(ref), body, level="Request", ua=s7.KUBECTL)
        log.ev(t + 1, *s7.ADMIN, "patch", dict(ref, name="worker-a"), body, level="Request", ua=s7.KUBECTL)
    if marked:
        s9._unknown(log, 73, "worker-b", 10.3)
        s9._taints(log, 73.1, "worker-b", [(s10.UNREACH, "NoSchedule")])
        s9._taints(log, 78.2, "worker-b", [(s10.UNREACH, "NoSchedule"), (s10.UNREACH, "NoExecute")])
    return _audit(log)


@scenario
def audit_node_relabelled() -> Files:
    return _relabel_log(True)


@scenario
def audit_node_relabelled_never_marked() -> Files:
    return _relabel_log(False)


def _relabel_watch(seed: int, marked: bool) -> Files:
    """The same in a watch: MODIFIED Nodes whose only change is a label or an annotation (resourceVersion bumped);
    worker-3's kubelet stops at 200 s; ``marked``: handled by the controller, else never."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    for i, t in enumerate((60, 150, 260, 330)):
        c.advance(t)
        for n in ("worker-1", "worker-3"):
            c.nodes[n]["metadata"].setdefault("labels", {})["ops.example.com/rev"] = str(i)
            c.nodes[n]["metadata"].setdefault("annotations", {})["ops.example.com/owner"] = f"team-{i}"
            c.emit("MODIFIED", c.nodes[n])
        if t == 150:
            c.advance(200)
            s7._kill(c, ["worker-3"])
            if not marked:
                c.nlc = False
    c.advance(600)
    return s7._all(c)


@scenario
def node_relabelled() -> Files:
    return _relabel_watch(1102, True)


@scenario
def node_relabelled_never_marked() -> Files:
    return _relabel_watch(1102, False)


# -- 3. a binding made by hand (`kubectl create -f binding.json`) ---------------------------------------------------
def _hand_binding(by_scheduler: bool) -> Files:
    """worker-a is cordoned by `kubectl cordon` at 20 s. At 60 s a pod is created; at 90 s it is bound to worker-a:
    by the admin's `kubectl create -f binding.json` (the binding REST's ``assignPod`` / ``setPodNodeAndMetadata``
    checks no taint or cordon: only the scheduler's Filter does), or, ``by_scheduler``, by kube-scheduler, whose
    NodeUnschedulable filter refuses a cordoned Node."""
    log = s9._log(300, 300)
    body = {"spec": {"unschedulable": True}}
    log.ev(
        20,
        *s7.ADMIN,
        "patch",
        {"resource": "nodes", "name": "worker-a", "apiVersion": "v1"},
        body,
        level="Request",
        ua=s7.KUBECTL,
    )
    s7._pod_create(log, 60, WEB)
    s7._pod_bind(log, 90, WEB, "worker-a")
    if not by_scheduler:
        e = log.lines[-1][1]
        e["user"] = {"username": s7.ADMIN[0], "groups": list(s7.ADMIN[1])}
        e["userAgent"] = s7.KUBECTL
    return _audit(log)


@scenario
def audit_binding_by_hand_cordoned() -> Files:
    return _hand_binding(False)


@scenario
def audit_binding_by_scheduler_cordoned() -> Files:
    return _hand_binding(True)


# -- 4. evicted, stuck Terminating on an unreachable node, force-deleted --------------------------------------------
def _stuck_watch(seed: int, evicts: bool) -> Files:
    """worker-3 loses power at 100 s: marked Unknown, tainted unreachable:NoExecute; its web pods (300 s) are evicted
    by the taint-eviction controller (DisruptionTarget, deletionTimestamp), but no kubelet confirms: they stay
    Terminating (a StatefulSet's pod on an unreachable node is never deleted by anything else). At 900 s the operator
    runs `kubectl delete pod --grace-period=0 --force`: DELETED. ``evicts=False``: the taint-eviction controller never
    evicts them; only the operator's force delete removes them."""
    c = Sim(seed=seed, eviction=evicts)
    base(c)
    c.start()
    c.advance(100)
    s7._kill(c, ["worker-3"])
    c.advance(900)
    for key in s7._pods_on(c, "worker-3"):
        owners = c.pods[key]["metadata"].get("ownerReferences") or [{}]
        if owners[0].get("kind") in ("DaemonSet", "Node"):
            continue
        c.emit("DELETED", c.pods.pop(key))
    c.advance(960)
    return s7._all(c)


@scenario
def stuck_terminating_force_deleted() -> Files:
    return _stuck_watch(1103, True)


@scenario
def stuck_terminating_never_evicted() -> Files:
    return _stuck_watch(1103, False)


def _stuck_log(evicts: bool) -> Files:
    """The same in an audit log: worker-b marked at 73 s, unreachable:NoExecute at 78 s; the web pod (300 s) gets the
    taint-eviction controller's DisruptionTarget and graceful DELETE at 378 s (no kubelet to finish it), then the
    admin's DELETE with gracePeriodSeconds 0 at 900 s. ``evicts=False``: only the admin's force delete."""
    log = s9._log(20, 960)
    s9._pod(log, 5, WEB, "worker-b")
    s9._unknown(log, 73, "worker-b", 10.3)
    s9._taints(log, 73.1, "worker-b", [(s10.UNREACH, "NoSchedule")])
    s9._taints(log, 78.2, "worker-b", [(s10.UNREACH, "NoSchedule"), (s10.UNREACH, "NoExecute")])
    if evicts:
        s9._evict(log, 378.5, WEB)
    s7._pod_delete(log, 900, WEB, s7.ADMIN, s7.KUBECTL, grace=0)
    return _audit(log)


@scenario
def audit_stuck_terminating_force_deleted() -> Files:
    return _stuck_log(True)


@scenario
def audit_stuck_terminating_never_evicted() -> Files:
    return _stuck_log(False)


# -- 5. kube-controller-manager down for ten minutes ----------------------------------------------------------------
def _kcm_down_watch(seed: int, marks: bool) -> Files:
    """kube-controller-manager (leader Lease renewed every 2 s, seen in `kubectl get leases -A -w`) is down from 50 s
    to 650 s (its static pod's manifest moved away). worker-3's kubelet stops at 100 s: nothing marks it while no
    controller runs. At 650 s the controller is back and takes the Lease; its node lifecycle controller starts with
    an empty nodeHealthMap (tryUpdateNodeHealth: probeTimestamp = now on first sight), so worker-3 is marked Unknown
    a grace period later (~705 s). ``marks=False``: the new leader never marks it either."""
    c = Sim(seed=seed)
    base(c)
    lease = s7._kcm_lease(c, "cp-1_4b0e9a52-3f6d-4c1e-8a7b-2d9c0e1f3a45", -86400 * 3, 4)
    c.start()
    c.out.append((c.t, "Lease", "ADDED", copy.deepcopy(lease)))
    holder: list[dict[str, Any] | None] = [lease]

    def tick(until: float) -> None:
        while c.t + 2 <= until:
            c.advance(c.t + 2)
            lz = holder[0]
            if lz is not None:
                lz["spec"]["renewTime"] = mts(c.t)
                c.emit("MODIFIED", lz)

    tick(50)
    holder[0] = None
    c.nlc = False
    tick(100)
    s7._kill(c, ["worker-3"])
    tick(650)
    new = s7._kcm_lease(c, "cp-1_8c2f0d61-5e7a-4b3c-9d1e-0f2a3b4c5d6e", c.t, 5)
    new["metadata"]["resourceVersion"] = lease["metadata"]["resourceVersion"]
    holder[0] = new
    c.emit("MODIFIED", new)
    tick(c.t + 55)
    c.nlc = marks
    tick(900)
    return {
        "nodes-pods.json": s7._watch(c, ("Node", "Pod")),
        "leases.json": s7._watch(c, ("Lease",)),
    }


@scenario
def kcm_down_10min() -> Files:
    return _kcm_down_watch(1104, True)


@scenario
def kcm_down_10min_never_marked() -> Files:
    return _kcm_down_watch(1104, False)


def _kcm_lease_write(log: ga.Log, t: float) -> None:
    ref = {
        "resource": "leases",
        "namespace": "kube-system",
        "name": "kube-controller-manager",
        "apiGroup": "coordination.k8s.io",
        "apiVersion": "v1",
    }
    log.ev(t, *KCM, "update", ref, ua=KCM_UA)


def _kcm_down_log(marks: bool) -> Files:
    """The same in an audit log: kube-controller-manager's leader Lease updates every 2 s until 50 s and again from
    650 s (a new process: it takes the expired Lease). worker-b's kubelet stops at 100 s; the new leader marks it
    Unknown at 705 s (a grace after its first pass) and taints it; ``marks=False``: never."""
    log = s9._log(100, 900)
    t = 0.5
    while t <= 900:
        if t <= 50 or t >= 650:
            _kcm_lease_write(log, t)
        t += 2
    if marks:
        s9._unknown(log, 705.5, "worker-b", 90.3)
        s9._taints(log, 705.6, "worker-b", [(s10.UNREACH, "NoSchedule")])
        s9._taints(log, 710.7, "worker-b", [(s10.UNREACH, "NoSchedule"), (s10.UNREACH, "NoExecute")])
    return _audit(log)


@scenario
def audit_kcm_down_10min() -> Files:
    return _kcm_down_log(True)


@scenario
def audit_kcm_down_10min_never_marked() -> Files:
    return _kcm_down_log(False)


# -- 6. a kubelet crash-looping ------------------------------------------------------------------------------------
def _crashloop_watch(seed: int, marks: bool) -> Files:
    """worker-2's kubelet crash-loops from 100 s (a bad flag after an upgrade, systemd Restart=always with a back-off):
    it runs 20 s, is down 25 s, and on each start posts Ready=False (PLEG not yet healthy) then Ready=True 12 s later.
    Its Lease is renewed at each start and every 10 s while it runs: no gap reaches the 50 s grace, so upstream's
    tryUpdateNodeHealth never marks it Unknown (the not-ready taints come and go with Ready). ``marks=True`` is the
    broken twin: a controller marks it Unknown 24 s into a silence."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(100)
    t = 100.0
    k = c.kubelet["worker-2"]
    for i in range(6):
        k["alive"] = False
        c.advance(t + 25)
        if marks and i == 2:
            c.advance(t + 24)
            c._mark_unknown("worker-2")
            c.advance(t + 25)
        k["alive"] = True
        k["next_lease"] = c.t
        c.advance(c.t + 0.5)
        c.post_status(
            "worker-2",
            ready="False",
            reason="KubeletNotReady",
            message="PLEG is not healthy: pleg has yet to be successful",
        )
        c.advance(c.t + 12)
        c.post_status("worker-2", ready="True")
        t = c.t + 7.5
        c.advance(t)
    c.advance(t + 120)
    return s7._all(c)


@scenario
def kubelet_crashloop() -> Files:
    return _crashloop_watch(1105, False)


@scenario
def kubelet_crashloop_marked_unknown() -> Files:
    return _crashloop_watch(1105, True)


def _crashloop_log(marks: bool) -> Files:
    """The same in an audit log: worker-b's kubelet runs 20 s, down 25 s, six times from 100 s; at each start a
    status patch Ready=False (PLEG), then Ready=True 5 s later, the node-controller's not-ready taint added and
    removed; then it runs on. ``marks``: a controller marks it Unknown 24 s into the third silence."""
    log = s9._log(100, 500)
    t = 100.0
    for i in range(6):
        up = t + 25
        if marks and i == 2:
            s9._unknown(log, t + 24, "worker-b", t - 5)
        s9._status(
            log, up + 0.5, "worker-b", "False", "KubeletNotReady", "PLEG is not healthy: pleg has yet to be successful"
        )
        s9._taints(log, up + 0.6, "worker-b", [(s10.NOTREADY, "NoSchedule")])
        _renewals(log, "worker-b", [(up, up + 20)], 0.4)
        s9._status(log, up + 5.5, "worker-b", "True", "KubeletReady", "kubelet is posting ready status")
        s9._taints(log, up + 5.6, "worker-b", [])
        t = up + 20
    _renewals(log, "worker-b", [(t + 0.4, 500)], 10)  # (fixed: it runs on)
    return _audit(log)


@scenario
def audit_kubelet_crashloop() -> Files:
    return _crashloop_log(False)


@scenario
def audit_kubelet_crashloop_marked_unknown() -> Files:
    return _crashloop_log(True)


# -- 7. the kubelet's real status patches and the node-controller's UpdateStatus -----------------------------------
def _smp_status(log: ga.Log, t: float, node: str, ready: str | None = None) -> None:
    """The kubelet's PatchNodeStatus body (pkg/util/node ``PatchNodeStatus`` -> ``preparePatchBytesforNodeStatus``:
    strategicpatch.CreateTwoWayMergePatch of the old and new status): `$setElementOrder/conditions` and, per
    condition, only what changed: the type and lastHeartbeatTime (and status/reason/message/lastTransitionTime when
    the condition changed)."""
    conds: list[dict[str, Any]] = []
    for c in CONDS:
        x: dict[str, Any] = {"lastHeartbeatTime": ga.sec(t), "type": c}
        if c == "Ready" and ready is not None:
            x.update(
                status=ready,
                lastTransitionTime=ga.sec(t),
                reason="KubeletReady" if ready == "True" else "KubeletNotReady",
                message="kubelet is posting ready status" if ready == "True" else "container runtime is down",
            )
        conds.append(x)
    body = {"status": {"$setElementOrder/conditions": [{"type": c} for c in CONDS], "conditions": conds}}
    ref = {"resource": "nodes", "name": node, "apiVersion": "v1", "subresource": "status"}
    log.ev(t, f"system:node:{node}", ga.NODE_GROUPS, "patch", ref, body, level="Request", ua=NODE_UA)


def _update_status_unknown(log: ga.Log, t: float, node: str, last_hb: float) -> None:
    """tryUpdateNodeHealth's ``UpdateStatus``: a PUT of the whole Node (verb update) with every kubelet condition
    Unknown, at RequestResponse level."""
    obj = {
        "kind": "Node",
        "apiVersion": "v1",
        "metadata": {"name": node, "resourceVersion": str(log.rv)},
        "spec": {},
        "status": {
            "capacity": {"cpu": "4"},
            "allocatable": {"cpu": "3800m"},
            "conditions": [
                {
                    "type": c,
                    "status": "Unknown",
                    "reason": "NodeStatusUnknown",
                    "message": "Kubelet stopped posting node status.",
                    "lastHeartbeatTime": ga.sec(last_hb),
                    "lastTransitionTime": ga.sec(t),
                }
                for c in CONDS
            ],
        },
    }
    ref = {"resource": "nodes", "name": node, "apiVersion": "v1", "subresource": "status"}
    log.ev(t, *ga.NC, "update", ref, obj, level="RequestResponse", ua=ga.NC_UA)
    log.lines[-1][1]["responseObject"] = copy.deepcopy(obj)


def _smp_log(marked: bool) -> Files:
    """Both kubelets post status as real kubelets do: heartbeat-only strategic merge patches (every 60 s here, an
    older --node-status-update-frequency), worker-b's Ready=False at 30 s and True at 40 s (runtime restarted), with
    the not-ready taint added and removed. worker-b's kubelet stops at 100 s; ``marked``: the node-controller's
    UpdateStatus PUT marks it Unknown at 153 s, and it is tainted; else never."""
    log = s9._log(100, 400)
    for t in (10.2, 70.2, 130.2, 190.2, 250.2, 310.2, 370.2):
        _smp_status(log, t, "worker-a")
    for t in (10.5, 70.5):
        _smp_status(log, t, "worker-b")
    _smp_status(log, 30.5, "worker-b", "False")
    s9._taints(log, 30.6, "worker-b", [(s10.NOTREADY, "NoSchedule")])
    _smp_status(log, 40.5, "worker-b", "True")
    s9._taints(log, 40.6, "worker-b", [])
    if marked:
        _update_status_unknown(log, 153, "worker-b", 70.5)
        s9._taints(log, 153.1, "worker-b", [(s10.UNREACH, "NoSchedule")])
        s9._taints(log, 158.2, "worker-b", [(s10.UNREACH, "NoSchedule"), (s10.UNREACH, "NoExecute")])
    return _audit(log)


@scenario
def audit_status_strategic_merge_patch() -> Files:
    return _smp_log(True)


@scenario
def audit_status_strategic_merge_patch_never_marked() -> Files:
    return _smp_log(False)


# -- 8. an audit log with both stages (no omitStages) ---------------------------------------------------------------
def _both_stages(marked: bool) -> Files:
    """A policy without `omitStages`: every request is logged twice, at RequestReceived (no responseStatus, the
    stageTimestamp the arrival) and at ResponseComplete, under one auditID. situations3's worker-b stops at 20 s;
    ``marked``: marked Unknown at 73 s and tainted, else never."""
    log = s9._log(20, 300)
    if marked:
        s9._unknown(log, 73, "worker-b", 10.3)
        s9._taints(log, 73.1, "worker-b", [(s10.UNREACH, "NoSchedule")])
        s9._taints(log, 78.2, "worker-b", [(s10.UNREACH, "NoSchedule"), (s10.UNREACH, "NoExecute")])
    out: list[dict[str, Any]] = []
    for e in s9._lines(log):
        rr = copy.deepcopy(e)
        rr["stage"] = "RequestReceived"
        rr.pop("responseStatus", None)
        rr.pop("responseObject", None)
        rr["stageTimestamp"] = rr["requestReceivedTimestamp"]
        out += [rr, e]
    out.sort(key=lambda x: x["stageTimestamp"])
    return {"audit.log": s9._jsonl(out)}


@scenario
def audit_both_stages() -> Files:
    return _both_stages(True)


@scenario
def audit_both_stages_never_marked() -> Files:
    return _both_stages(False)


def _received_only(marked: bool) -> Files:
    """A policy with `omitStages: [ResponseStarted, ResponseComplete, Panic]`: only RequestReceived events (no
    responseStatus: whether a write succeeded is not in the log). Same story as ``_both_stages``."""
    files = _both_stages(marked)
    import json

    lines = [json.loads(x) for x in str(files["audit.log"]).splitlines()]
    return {"audit.log": s9._jsonl([e for e in lines if e["stage"] == "RequestReceived"])}


@scenario
def audit_request_received_only() -> Files:
    return _received_only(True)


@scenario
def audit_request_received_only_never_marked() -> Files:
    return _received_only(False)


# -- 9. a VM resized under its pods ---------------------------------------------------------------------------------
def _resize(seed: int, overcommit: bool) -> Files:
    """worker-2's VM is resized at 100 s (stop, resize 4 -> 2 cpu, start: the kubelet restarts and posts the new
    capacity and allocatable; its pods stay bound). At 200 s the scheduler binds a new 500m pod to worker-2, which
    NodeResourcesFit admits (allocatable 1900m minus what is bound). ``overcommit``: a 1500m pod instead, beyond what
    is left (fitsRequest: podRequest > allocatable - requested)."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(100)
    node = c.nodes["worker-2"]
    node["status"]["capacity"]["cpu"] = "2"
    node["status"]["allocatable"]["cpu"] = "1900m"
    c.post_status("worker-2")
    c.advance(200)
    p = c.pod("default", "batch-7f9c8d6b5-k2m4n", None, cpu="1500m" if overcommit else "500m", created=c.t - 2)
    c.advance(201)
    p["spec"]["nodeName"] = "worker-2"
    c.emit("MODIFIED", p)
    c.advance(400)
    return s7._all(c)


@scenario
def vm_resized() -> Files:
    return _resize(1106, False)


@scenario
def vm_resized_overcommitted() -> Files:
    return _resize(1106, True)


# -- 10. an operator deletes a pod on a tainted node before its tolerationSeconds ---------------------------------
def _operator_delete(seed: int, by_controller: bool, force: bool, prefix: str = "default/web") -> Files:
    """worker-3 loses power at 100 s: marked Unknown, unreachable:NoExecute (~155 s). At 200 s, 45 s into its web
    pods' 300 s, the operator deletes one (`kubectl delete pod`, graceful 30 s, or with ``force`` `--grace-period=0
    --force`): anyone's delete, not an eviction (the taint-eviction controller's own deletes carry the DisruptionTarget
    condition it adds first: addConditionAndDeletePod, PodDisruptionConditions on by default since 1.26, GA 1.31).
    ``by_controller``: the taint-eviction controller evicts it then (DisruptionTarget DeletionByTaintManager), 100 s
    before it is due. ``prefix``: which pod (``kube-system/kube-proxy``: a DaemonSet pod tolerating every NoExecute
    taint for ever, which the taint-eviction controller never deletes: getMinTolerationTime is -1)."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(100)
    s7._kill(c, ["worker-3"])
    c.advance(200)
    key = next(k for k in s7._pods_on(c, "worker-3") if k.startswith(prefix))
    if by_controller:
        c.delete_pod(key, reason="DeletionByTaintManager", message="Taint manager: deleting due to NoExecute taint")
    elif force:
        pod = c.pods.pop(key)
        pod["metadata"]["deletionTimestamp"] = ts(c.t)
        pod["metadata"]["deletionGracePeriodSeconds"] = 0
        c.emit("DELETED", pod)
    else:
        c.delete_pod(key, grace=30)
    c.advance(700)
    return s7._all(c)


@scenario
def operator_deletes_pod_on_tainted_node() -> Files:
    return _operator_delete(1107, False, False)


@scenario
def operator_force_deletes_pod_on_tainted_node() -> Files:
    return _operator_delete(1107, False, True)


@scenario
def operator_deletes_daemonset_pod_on_tainted_node() -> Files:
    return _operator_delete(1107, False, False, "kube-system/kube-proxy")


@scenario
def controller_evicts_daemonset_pod() -> Files:
    return _operator_delete(1107, True, False, "kube-system/kube-proxy")


@scenario
def controller_evicts_pod_early() -> Files:
    return _operator_delete(1107, True, False)


def _operator_delete_log(by_controller: bool) -> Files:
    """The same in an audit log: worker-b marked at 73 s, unreachable:NoExecute at 78 s; at 150 s the admin's `kubectl
    delete pod --grace-period=0 --force` of its web pod (300 s): anyone's delete. ``by_controller``: the
    taint-eviction controller's DisruptionTarget and DELETE then, 228 s before it is due."""
    log = s9._log(20, 400)
    s9._pod(log, 5, WEB, "worker-b")
    s9._unknown(log, 73, "worker-b", 10.3)
    s9._taints(log, 73.1, "worker-b", [(s10.UNREACH, "NoSchedule")])
    s9._taints(log, 78.2, "worker-b", [(s10.UNREACH, "NoSchedule"), (s10.UNREACH, "NoExecute")])
    if by_controller:
        s9._evict(log, 150, WEB)
    else:
        s7._pod_delete(log, 150, WEB, s7.ADMIN, s7.KUBECTL, grace=0)
    return _audit(log)


@scenario
def audit_operator_force_deletes_pod_on_tainted_node() -> Files:
    return _operator_delete_log(False)


@scenario
def audit_controller_evicts_pod_early() -> Files:
    return _operator_delete_log(True)


# -- writing --------------------------------------------------------------------------------------------------------
def main() -> None:
    s6.write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()
