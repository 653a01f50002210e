"""Write the captures of tests/data/situations14 (run: python tests/data/situations14/generate.py [NAME...]).

Round 14 of operators' situations: Event objects (core/v1 and events.k8s.io/v1) mixed into a watch capture,
the condition taints of NetworkUnavailable and PIDPressure with a pod tolerating them, `kubectl drain
--disable-eviction` (plain deletes), Nodes created by an administrator for a kubelet run with --register-node=false,
audit logs at level Request (request bodies only), and the files of one capture given in the wrong order.
Watch captures are played on situations7's ``Sim`` (realworld2's upstream timing); audit logs are written with
situations9's building blocks; both imported through situations13's generator (itself importing the earlier
rounds), not copied. Expected verdicts and the upstream reasons: tests/test_oracle_situations14.py.
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
_spec = importlib.util.spec_from_file_location("s13gen", os.path.join(HERE, "..", "situations13", "generate.py"))
assert _spec is not None and _spec.loader is not None
s13 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s13)
s12, s11, s10, s9, s8, s7, s6, ga = s13.s12, s13.s11, s13.s10, s13.s9, s13.s8, s13.s7, s13.s6, s13.ga
from generate import base  # noqa: E402  (realworld2, put on sys.path by situations6's generator)
from sim import DEFAULT_TOL, UNREACH, ts  # noqa: E402

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


# -- 1. Event objects in a watch capture ----------------------------------------------------------------------------
def _event(
    c: Any,
    reason: str,
    regarding: dict[str, str],
    message: str,
    component: str,
    host: str = "",
    typ: str = "Normal",
    new_api: bool = False,
) -> None:
    """An Event as `kubectl get events -A -w -o json --output-watch-events` prints it (core/v1, what
    client-go's record.EventRecorder writes: involvedObject, source, first/lastTimestamp; a cluster-scoped
    object's Event in namespace default) or, ``new_api``, as `kubectl get events.v1.events.k8s.io -A -w -o json`
    prints the same Event through the events.k8s.io/v1 API (regarding, note, reportingController,
    eventTime as MicroTime; the core fields under deprecated*)."""
    ns = regarding.get("namespace", "default")
    c.rv += 3
    name = f"{regarding['name']}.{int(c.t * 1e6) + 0x17E0000000000000:x}"
    meta = {"name": name, "namespace": ns, "resourceVersion": str(c.rv), "creationTimestamp": ts(c.t), "uid": c.uid()}
    if new_api:
        obj = {
            "kind": "Event",
            "apiVersion": "events.k8s.io/v1",
            "metadata": meta,
            "eventTime": None,
            "reportingController": component,
            "reportingInstance": host,
            "action": "",
            "reason": reason,
            "regarding": dict(regarding),
            "note": message,
            "type": typ,
            "deprecatedSource": {"component": component, **({"host": host} if host else {})},
            "deprecatedFirstTimestamp": ts(c.t),
            "deprecatedLastTimestamp": ts(c.t),
            "deprecatedCount": 1,
        }
    else:
        obj = {
            "kind": "Event",
            "apiVersion": "v1",
            "metadata": meta,
            "involvedObject": dict(regarding),
            "reason": reason,
            "message": message,
            "source": {"component": component, **({"host": host} if host else {})},
            "firstTimestamp": ts(c.t),
            "lastTimestamp": ts(c.t),
            "count": 1,
            "type": typ,
            "eventTime": None,
            "reportingComponent": component,
            "reportingInstance": host,
        }
    c.out.append((c.t, "Event", "ADDED", obj))


_events_sim_last: list[Any] = []  # (the cluster ``_events_dies`` played last, for ``_events_one_file``)


def _node_ref(name: str) -> dict[str, str]:
    return {"kind": "Node", "name": name, "uid": name, "apiVersion": "v1"}


def _events_dies(seed: int, marked: bool, new_api: bool, fmt: str = "events") -> Files:
    """worker-3's kubelet dies at 100 s. The Event stream of the story beside the Node, Pod and Lease watches:
    the kubelet's "Starting kubelet." (recorded before the capture, listed), the node lifecycle controller's
    RegisteredNode and NodeNotReady (nodeutil.RecordNodeStatusChange from tryUpdateNodeHealth's caller,
    monitorNodeHealth), the taint-eviction controller's TaintManagerEviction for worker-3's web pods.
    ``marked=False``: no controller; the Event stream still says NodeNotReady (an Event is a report, not the
    Node's state: silent-node-becomes-unknown is judged on the Node)."""
    c = Sim(seed=seed, nlc=marked, eviction=marked)
    base(c)
    c.start()
    for n in sorted(c.nodes):
        _event(c, "Starting", _node_ref(n), "Starting kubelet.", "kubelet", n, new_api=new_api)
        _event(
            c,
            "RegisteredNode",
            _node_ref(n),
            f"Node {n} event: Registered Node {n} in Controller",
            "node-controller",
            new_api=new_api,
        )
    c.advance(100)
    s7._kill(c, ["worker-3"])
    c.advance(160)
    _event(
        c,
        "NodeNotReady",
        _node_ref("worker-3"),
        "Node worker-3 status is now: NodeNotReady",
        "node-controller",
        new_api=new_api,
    )
    c.advance(500)
    if marked:
        for k in s7._pods_on(c, "worker-3"):
            if k.startswith("default/"):
                ns, name = k.split("/")
                _event(
                    c,
                    "TaintManagerEviction",
                    {"kind": "Pod", "namespace": ns, "name": name, "apiVersion": "v1"},
                    f"Marking for deletion Pod {k}",
                    "taint-eviction-controller",
                    new_api=new_api,
                )
    c.advance(560)
    _events_sim_last[:] = [c]
    files = s7._all(c)
    files[f"{fmt}.json"] = s7._watch(c, ("Event",))
    return files


def _events_one_file(marked: bool) -> Files:
    """`kubectl get nodes,pods,events -A -w --output-watch-events -o json > cluster.json`: the same story with the
    Events in one file beside the Nodes and pods (the Lease watch in its own)."""
    files = _events_dies(1410, marked, False)
    c = _events_sim_last[0]
    files = {"cluster.json": s7._watch(c, ("Node", "Pod", "Event")), "leases.json": files["leases.json"]}
    return files


@scenario
def nodes_pods_events_one_file_node_dies() -> Files:
    return _events_one_file(True)


@scenario
def nodes_pods_events_one_file_never_marked() -> Files:
    return _events_one_file(False)


@scenario
def core_events_watch_node_dies() -> Files:
    return _events_dies(1401, True, False)


@scenario
def core_events_watch_never_marked() -> Files:
    return _events_dies(1401, False, False)


@scenario
def events_k8s_io_watch_node_dies() -> Files:
    return _events_dies(1402, True, True)


@scenario
def events_k8s_io_watch_never_marked() -> Files:
    return _events_dies(1402, False, True)


# -- 2. allocatable shrunk under bound pods: bindings judged as fitsRequest counts -----------------------------------
def _shrunk(seed: int, last_cpu: str) -> Files:
    """worker-1 (4000m) runs pods requesting 1500m (oldest), 1500m and 800m with kube-proxy's 100m: 3900m. At 60 s its
    kubelet restarts with --system-reserved=cpu=1: allocatable 3000m (the MachineInfo setter); re-admitting its pods
    oldest first (HandlePodAdditions -> canAdmitPod) it rejects the second 1500m pod OutOfcpu: 2400m stay. At 120 s
    the scheduler binds a 600m pod there (3000m of 3000m: fits exactly, fitsRequest compares ``request >
    Allocatable - Requested``); at 180 s a pod requesting ``last_cpu``: a BestEffort pod (no request) fits whatever
    is requested (fitsRequest returns before comparing); 100m does not (3100m of 3000m: the scheduler's error)."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-1"
    keys = []
    for i, req in enumerate(("1500m", "1500m", "800m")):
        p = c.pod("default", f"api-6c4d9f8b7-v{i}z", n, cpu=req, created=-3000 + 600 * i)
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
    s13._terminate(
        c,
        keys[1],
        "Failed",
        "OutOfcpu",
        "Pod was rejected: Node didn't have enough resource: cpu, requested: 1500, used: 1600, capacity: 3000",
    )
    c.advance(119)
    key = s13._web_pod(c, "web-5d8f7c9b6-f4k8n", "600m")
    c.advance(120)
    s6._bind(c, key, n)
    c.advance(179)
    key = s13._web_pod(c, "debug-7b9c5d6f8-x2m4q", last_cpu)
    if last_cpu == "0":
        del c.pods[key]["spec"]["containers"][0]["resources"]
        c.pods[key]["status"]["qosClass"] = "BestEffort"
    c.advance(180)
    s6._bind(c, key, n)
    c.advance(300)
    return s7._all(c)


@scenario
def reserved_restart_full_besteffort_bound() -> Files:
    return _shrunk(1403, "0")


@scenario
def reserved_restart_full_request_bound() -> Files:
    return _shrunk(1403, "100m")


def _shrunk_log(last_cpu: str) -> Files:
    """The same in an audit log: worker-a (3800m) runs pods of 1500m, 1500m and 700m; at 60 s its kubelet restarts
    with a larger --system-reserved and its status patch carries allocatable 2800m; at 63 s it patches the second
    1500m pod Failed/OutOfcpu (2200m stay); at 120 s a 600m pod is bound (2800m of 2800m); at 180 s a pod requesting
    ``last_cpu`` ("0": none) is bound."""
    log = s9._log(400, 400)
    pods = [("api-6c4d9f8b7-v0z", "1500m"), ("api-6c4d9f8b7-v1z", "1500m"), ("api-6c4d9f8b7-v2z", "700m")]
    for i, (name, cpu) in enumerate(pods):
        s7._pod_create(log, 5 + 2 * i, name, cpu=cpu)
        s7._pod_bind(log, 6 + 2 * i, name, "worker-a")
    s9._status(log, 60, "worker-a", "True", "KubeletReady", "kubelet is posting ready status")
    log.lines[-1][1]["requestObject"]["status"].update(capacity={"cpu": "4"}, allocatable={"cpu": "2800m"})
    ref = {"resource": "pods", "namespace": "default", "name": pods[1][0], "apiVersion": "v1", "subresource": "status"}
    status = {
        "phase": "Failed",
        "reason": "OutOfcpu",
        "message": "Pod was rejected: Node didn't have enough resource: cpu, requested: 1500, used: 1700, "
        "capacity: 2800",
    }
    log.ev(63, "system:node:worker-a", ga.NODE_GROUPS, "patch", ref, {"status": status}, level="Request")
    s7._pod_create(log, 119, "web-5d8f7c9b6-f4k8n", cpu="600m")
    s7._pod_bind(log, 120, "web-5d8f7c9b6-f4k8n", "worker-a")
    s7._pod_create(log, 179, "debug-7b9c5d6f8-x2m4q", cpu=last_cpu)
    if last_cpu == "0":
        for o in (log.lines[-1][1]["requestObject"], log.lines[-1][1]["responseObject"]):
            del o["spec"]["containers"][0]["resources"]
    s7._pod_bind(log, 180, "debug-7b9c5d6f8-x2m4q", "worker-a")
    return _audit(log)


@scenario
def audit_reserved_restart_full_besteffort_bound() -> Files:
    return _shrunk_log("0")


@scenario
def audit_reserved_restart_full_request_bound() -> Files:
    return _shrunk_log("100m")


def _grown(seed: int, cpu: str) -> Files:
    """worker-1 (4000m) runs an API pod of 2500m and kube-proxy's 100m. At 60 s its VM is resized to 8 vCPUs and
    the kubelet restarted: capacity and allocatable 8000m (the MachineInfo setter reads cAdvisor's machine info
    at start). At 120 s the scheduler binds a pod requesting ``cpu`` there: 3000m fits the new allocatable
    (5600m of 8000m; fitsRequest reads the Node's allocatable as its informer last saw it), 6000m does not (8600m)."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-1"
    c.pod("default", "api-6c4d9f8b7-g5k2p", n, cpu="2500m")
    c.start()
    c.advance(60)
    c.post_status(
        n, ready="False", reason="KubeletNotReady", message="container runtime status check may not have completed yet"
    )
    c.nodes[n]["status"]["capacity"]["cpu"] = "8"
    c.nodes[n]["status"]["allocatable"]["cpu"] = "8"
    c.advance(62)
    c.post_status(n, ready="True")
    c.advance(119)
    key = s13._web_pod(c, "batch-6f7d8c9b5-q8w3e", cpu)
    c.advance(120)
    s6._bind(c, key, n)
    c.advance(300)
    return s7._all(c)


@scenario
def vm_resized_up_pod_bound() -> Files:
    return _grown(1406, "3000m")


@scenario
def vm_resized_up_overbound() -> Files:
    return _grown(1406, "6000m")


# -- 3. NetworkUnavailable: the node lifecycle controller's network-unavailable taint ----------------------------------
NETUNAV = "node.kubernetes.io/network-unavailable"
CNI_TOL = [{"operator": "Exists"}]


def _network(seed: int, cni: bool) -> Files:
    """worker-2's route is deleted from the cloud's route table (a VPC change): the route controller sets
    NetworkUnavailable True (RouteController.updateNetworkingCondition, reason NoRouteCreated) at 40 s and the node
    lifecycle controller's doNoScheduleTaintingPass adds node.kubernetes.io/network-unavailable:NoSchedule
    (nodeConditionToTaintKeyStatusMap). At 60 s a pod is bound to worker-2: the CNI agent's DaemonSet pod (tolerates
    everything, ``operator: Exists``) passes the scheduler's TaintToleration Filter (conforms); a web pod with the
    default tolerations does not (no-schedule-with-untolerated-taint). The route is created again at 120 s
    (NetworkUnavailable False, RouteCreated) and the taint removed."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(40)
    s7._set_cond(c, "worker-2", "NetworkUnavailable", "True", "NoRouteCreated", "Node created without a route")
    c.advance(59)
    if cni:
        p = c.pod(
            "kube-system",
            "cilium-7xq2k",
            None,
            kind="bare",
            tolerations=copy.deepcopy(CNI_TOL),
            created=c.t,
            labels={"k8s-app": "cilium"},
        )
    else:
        p = c.pod(
            "default",
            "web-5d8f7c9b6-n3t7w",
            None,
            kind="bare",
            tolerations=copy.deepcopy(DEFAULT_TOL),
            created=c.t,
            labels={"app": "web"},
        )
    key = f"{p['metadata']['namespace']}/{p['metadata']['name']}"
    c.advance(60)
    s6._bind(c, key, "worker-2")
    c.advance(120)
    s7._set_cond(c, "worker-2", "NetworkUnavailable", "False", "RouteCreated", "RouteController created a route")
    c.advance(300)
    return s7._all(c)


@scenario
def network_unavailable_cni_pod_bound() -> Files:
    return _network(1404, True)


@scenario
def network_unavailable_web_pod_bound() -> Files:
    return _network(1404, False)


def _network_log(cni: bool) -> Files:
    """The same in an audit log: the route controller's status patch NetworkUnavailable True on worker-b at 40 s,
    the node-controller's taint patch at 40.1 s, a pod created and bound to worker-b at 59-60 s (the CNI agent's,
    tolerating everything, or a web pod with the defaults), the route again at 120 s and the taint removed."""
    log = s9._log(400, 400)
    rc = ("system:serviceaccount:kube-system:route-controller", ga.NC[1])
    ref = {"resource": "nodes", "name": "worker-b", "apiVersion": "v1", "subresource": "status"}
    for t, st, reason in ((40, "True", "NoRouteCreated"), (120, "False", "RouteCreated")):
        cond = {
            "type": "NetworkUnavailable",
            "status": st,
            "reason": reason,
            "message": "",
            "lastHeartbeatTime": ga.sec(t),
            "lastTransitionTime": ga.sec(t),
        }
        log.ev(
            t,
            *rc,
            "patch",
            ref,
            {"status": {"conditions": [cond]}},
            level="Request",
            ua="cloud-controller-manager/v1.32.3 (linux/amd64) kubernetes/32cc146/route-controller",
        )
        s9._taints(log, t + 0.1, "worker-b", [(NETUNAV, "NoSchedule")] if st == "True" else [])
    name = "cilium-7xq2k" if cni else s9.WEB
    s7._pod_create(log, 59, name, ns="kube-system" if cni else "default")
    if cni:
        for o in (log.lines[-1][1]["requestObject"], log.lines[-1][1]["responseObject"]):
            o["spec"]["tolerations"] = copy.deepcopy(CNI_TOL)
    s7._pod_bind(log, 60, name, "worker-b", ns="kube-system" if cni else "default")
    return _audit(log)


@scenario
def audit_network_unavailable_cni_pod_bound() -> Files:
    return _network_log(True)


@scenario
def audit_network_unavailable_web_pod_bound() -> Files:
    return _network_log(False)


# -- 4. kubectl drain --disable-eviction: plain deletes ------------------------------------------------------------
def _drain_deletes(seed: int, onto_drained: bool) -> Files:
    """`kubectl drain worker-2 --disable-eviction --ignore-daemonsets` at 30 s: cordon (spec.unschedulable; the
    controller's unschedulable:NoSchedule follows, doNoScheduleTaintingPass), then each pod DELETEd directly
    (drain.Helper.DeletePod instead of EvictPod: no Eviction subresource, no PodDisruptionBudget, no
    DisruptionTarget condition). Their ReplicaSet creates replacements, bound to the other workers; ``onto_drained``:
    one bound to the cordoned worker-2 (no-schedule-when-cordoned: the NodeUnschedulable Filter)."""
    c = Sim(seed=seed)
    base(c, web=4)
    c.start()
    c.advance(30)
    s6._cordon(c, "worker-2")
    gone = [k for k in s7._pods_on(c, "worker-2") if k.startswith("default/")]
    for k in gone:
        c.delete_pod(k)
    c.advance(40)
    for i, _k in enumerate(gone):
        key = s13._web_pod(c, f"web-5d8f7c9b6-r{i}p9x", "100m")
        c.advance(c.t + 1)
        s6._bind(c, key, "worker-2" if onto_drained and i == 0 else ("worker-1", "worker-3")[i % 2])
    c.advance(300)
    return s7._all(c)


@scenario
def drain_disable_eviction() -> Files:
    return _drain_deletes(1405, False)


@scenario
def drain_disable_eviction_bound_to_drained() -> Files:
    return _drain_deletes(1405, True)


def _drain_deletes_log(onto_drained: bool) -> Files:
    """The same in an audit log: kubernetes-admin's cordon of worker-a at 100 s (kubectl's strategic merge patch),
    the DELETE of its two pods at 100.5 s (DeleteOptions, no pods/eviction), replacements created and bound at
    110 s, to worker-b or (``onto_drained``) one to worker-a."""
    log = s9._log(400, 400)
    ua = "kubectl/v1.32.3 (linux/amd64) kubernetes/32cc146"
    for i, name in enumerate((s9.API, s9.WEB)):
        s7._pod_create(log, 5 + 2 * i, name)
        s7._pod_bind(log, 6 + 2 * i, name, "worker-a")
    ref = {"resource": "nodes", "name": "worker-a", "apiVersion": "v1"}
    log.ev(100, *ADMIN, "patch", ref, {"spec": {"unschedulable": True}}, level="Request", ua=ua)
    s9._taints(log, 100.1, "worker-a", [("node.kubernetes.io/unschedulable", "NoSchedule")])
    for name in (s9.API, s9.WEB):
        s7._pod_delete(log, 100.5, name, ADMIN, ua)
    for i, name in enumerate(("web-5d8f7c9b6-r0p9x", "web-5d8f7c9b6-r1p9x")):
        s7._pod_create(log, 109 + i, name)
        s7._pod_bind(log, 110 + i, name, "worker-a" if onto_drained and i == 0 else "worker-b")
    return _audit(log)


@scenario
def audit_drain_disable_eviction() -> Files:
    return _drain_deletes_log(False)


@scenario
def audit_drain_disable_eviction_bound_to_drained() -> Files:
    return _drain_deletes_log(True)


# -- 5. --register-node=false: the Node created by an administrator --------------------------------------------------
def _admin_node(marked: bool) -> Files:
    """worker-b's kubelet runs with --register-node=false (registerWithAPIServer never called): an administrator
    creates its Node with `kubectl create -f worker-b.yaml` at 0.5 s (no status; the TaintNodesByCondition admission
    plugin, plugin/pkg/admission/nodetaint, adds node.kubernetes.io/not-ready:NoSchedule to every Node created). The
    kubelet then posts its status (Ready True at 2 s; the controller removes the not-ready taint, and worker-a's) and
    renews its Lease every 10 s until it stops at 100 s; the controller marks it Unknown at 146 s, or
    (``marked=False``) never."""
    log = s9._log(100, 400, b_from=3)
    log.lines[:] = [x for x in log.lines if x[1].get("auditID") != "c-worker-b"]
    req = {
        "kind": "Node",
        "apiVersion": "v1",
        "metadata": {
            "name": "worker-b",
            "labels": {"kubernetes.io/hostname": "worker-b", "node-role.kubernetes.io/worker": ""},
        },
        "spec": {},
    }
    resp = copy.deepcopy(req)
    resp["metadata"].update(
        uid="8d1e7a52-0b7c-4d7e-9c1a-2f5b3c4d5e6f", resourceVersion="4990", creationTimestamp=ga.sec(0.5)
    )
    resp["spec"]["taints"] = [{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}]
    resp["status"] = {"daemonEndpoints": {"kubeletEndpoint": {"Port": 0}}, "nodeInfo": {}}
    log.ev(
        0.5,
        *ADMIN,
        "create",
        {"resource": "nodes", "name": "worker-b", "apiVersion": "v1"},
        req,
        level="RequestResponse",
        ua=KUBECTL,
    )
    log.lines[-1][1]["responseObject"] = resp
    log.lines[-1][1]["responseStatus"]["code"] = 201
    s9._status(log, 2, "worker-b", "True", "KubeletReady", "kubelet is posting ready status")
    log.lines[-1][1]["requestObject"]["status"].update(capacity={"cpu": "4"}, allocatable={"cpu": "3800m"})
    s9._taints(log, 2.1, "worker-b", [])
    # the same pass removes worker-a's registration taint (its kubelet created it Ready): once the log shows the
    # controller's taint writes, a removal left out would be a pass not done (doNoScheduleTaintingPass)
    s9._taints(log, 2.1, "worker-a", [])
    if marked:
        s9._unknown(log, 146, "worker-b", 91.3)
        s9._taints(log, 146.1, "worker-b", [(UNREACH, "NoSchedule")])
        s9._taints(log, 151.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    return _audit(log)


@scenario
def audit_register_node_false_admin_creates() -> Files:
    return _admin_node(True)


@scenario
def audit_register_node_false_never_marked() -> Files:
    return _admin_node(False)


# -- 6. an audit policy at level Request: pods logged without the admitted object -----------------------------------
def _request_level(evict_at: float | None) -> Files:
    """An audit policy logging pods at level Request (request bodies, no responseObject): the ReplicaSet
    controller's pod create is logged as sent, before admission (createHandler -> audit.LogRequestObject), so the
    not-ready/unreachable tolerations of 300 s the DefaultTolerationSeconds admission plugin adds
    (plugin/pkg/admission/defaulttolerationseconds) are not in it. worker-b's kubelet stops at 100 s; marked at
    146 s, unreachable:NoExecute at 151.2 s; the taint-eviction controller deletes the web pod at ``evict_at``
    (451.3 s: 300 s after the taint, processPodOnNode with the admitted tolerations), or never (None). (An
    operator's `kubectl delete pod` of an API pod at 30 s shows the policy logs pod deletions.)"""
    log = s9._log(100, 600)
    s7._pod_create(log, 20, s9.API)
    s7._pod_bind(log, 21, s9.API, "worker-a")
    s7._pod_delete(log, 30, s9.API, ADMIN, KUBECTL)
    s7._pod_create(log, 5, s9.WEB)
    e = log.lines[-1][1]
    e["level"] = "Request"
    del e["responseObject"]
    s7._pod_bind(log, 6, s9.WEB, "worker-b")
    s9._unknown(log, 146, "worker-b", 91.3)
    s9._taints(log, 146.1, "worker-b", [(UNREACH, "NoSchedule")])
    s9._taints(log, 151.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    if evict_at is not None:
        s7._pod_delete(log, evict_at, s9.WEB, ga.NC, ga.NC_UA)
    return _audit(log)


@scenario
def audit_request_level_pod_evicted_on_time() -> Files:
    return _request_level(451.3)


@scenario
def audit_request_level_pod_never_evicted() -> Files:
    return _request_level(None)


@scenario
def audit_request_level_pod_evicted_at_once() -> Files:
    """The same, the pod deleted 0.3 s after the NoExecute taint: the admitted pod tolerates it for 300 s, so
    upstream this is an early eviction; the log cannot show the admitted tolerations, so it is not judged (said)."""
    return _request_level(151.5)


# -- 7. the files of one capture in the wrong order -----------------------------------------------------------------
def _restarted_watch(marked: bool) -> Files:
    """`kubectl get nodes,pods -w --output-watch-events -o json` run twice: the first session saved as
    ``nodes-pods.json`` up to 150 s, the second (started again at 160 s, listing first) as
    ``nodes-pods-0.json`` by a script that numbers from 0: sorted by name the later session comes first. worker-3's
    kubelet dies at 100 s; marked (or not) after the grace, within the gap or after it."""
    c = s6._node_dies(1407, marked)
    first = cg.watch_window(c, ("Node", "Pod"), hi=c.out[0][0] + 150)
    second = cg.watch_window(c, ("Node", "Pod"), lo=c.out[0][0] + 160)
    return {"nodes-pods.json": first, "nodes-pods-0.json": second, "leases.json": cg.watch_window(c, ("Lease",))}


@scenario
def watch_files_later_session_first() -> Files:
    return _restarted_watch(True)


@scenario
def watch_files_later_session_first_never_marked() -> Files:
    return _restarted_watch(False)


# -- 8. Leases as other writers leave them -------------------------------------------------------------------------
def _holder(seed: int, marked: bool) -> Files:
    """worker-2's Lease carries holderIdentity ``ip-10-0-1-23.eu-west-1.compute.internal`` (a kubelet started with
    --hostname-override, its Node named worker-2 by --node-name... its Lease's holder the host name a migration
    script left): the node lifecycle controller reads the Lease named after the Node and only its renewTime
    (tryUpdateNodeHealth: ``observedLease.Spec.RenewTime``), never the holder. worker-2's kubelet keeps renewing
    (conforms); worker-3 dies at 100 s and is marked (or not: silent-node-becomes-unknown)."""
    c = Sim(seed=seed, nlc=marked)
    base(c)
    c.leases["worker-2"]["spec"]["holderIdentity"] = "ip-10-0-1-23.eu-west-1.compute.internal"
    c.start()
    c.advance(100)
    s7._kill(c, ["worker-3"])
    c.advance(500)
    return s7._all(c)


@scenario
def lease_holder_other_name() -> Files:
    return _holder(1408, True)


@scenario
def lease_holder_other_name_never_marked() -> Files:
    return _holder(1408, False)


# -- 9. bare objects without a list: `kubectl get -w --watch-only -o json` -------------------------------------------
def _bare_watch_only(marked: bool) -> Files:
    """`kubectl get nodes -w --watch-only -o json` (and pods, leases): no list, no ``type``: each object printed as
    it changes (bare), its deletion as its last state. worker-3's kubelet dies at 100 s (after its status post at
    about 60 s: its Node shows up); marked and tainted, its pod evicted (or never marked)."""
    c = Sim(seed=1409, nlc=marked, eviction=marked)
    base(c)
    for n in c.kubelet:
        c.kubelet[n]["next_status"] = 40 + 10 * int(n[-1])
    c.start()
    first = len(c.out)
    c.advance(100)
    s7._kill(c, ["worker-3"])
    c.advance(600)
    c.out[:] = c.out[first:]
    return {
        f"{stem}.json": "".join(json.dumps(o, indent=4) + "\n" for _, k, _typ, o in c.out if k == kind)
        for stem, kind in (("nodes", "Node"), ("pods", "Pod"), ("leases", "Lease"))
    }


@scenario
def bare_watch_only_node_dies() -> Files:
    return _bare_watch_only(True)


@scenario
def bare_watch_only_never_marked() -> Files:
    return _bare_watch_only(False)


def main() -> None:
    s6.write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()
