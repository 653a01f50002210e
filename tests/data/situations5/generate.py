"""Write the captures of tests/data/situations5 (run: python tests/data/situations5/generate.py).

Round 5 of operators' situations (GitHub issue 15, "nodereg check on real captures"): watches down
for minutes and started again (objects deleted meanwhile), kube-controller-manager restarts the
capture does not show, kubelet clocks in captures without resourceVersions, and more shapes
platform engineers capture. Watch captures are played on ``tests/data/realworld2/sim.py``
(upstream's timing) and written as ``kubectl get -w --output-watch-events -o json`` prints them.
Expected verdicts and the upstream reasons: tests/test_oracle_situations5.py.
"""

from __future__ import annotations

import copy
import datetime as dt
import gzip
import json
import os
import sys
from collections.abc import Callable
from typing import Any, ClassVar

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "realworld2"))
sys.path.append(os.path.join(HERE, "..", "situations4"))
from generate import base  # noqa: E402  (realworld2)
from sim import NOTREADY, UNREACH, Cluster, mts, ts  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", ".."))
import capturegen as cg  # noqa: E402  (tests/)

Files = dict[str, str]
SCENARIOS: dict[str, Callable[[], Files]] = {}


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def _ev(typ: str, obj: dict[str, Any]) -> str:
    return json.dumps({"type": typ, "object": obj}, indent=4) + "\n"


# (moved to tests/capturegen.py, shared with round 12: a watch's text between two moments, and watches started
# again after a gap)
_watch = cg.watch_window
_gap = cg.watch_gap


def _all(c: Cluster) -> Files:
    return {"nodes.json": _watch(c, ("Node",)), "pods.json": _watch(c, ("Pod",)), "leases.json": _watch(c, ("Lease",))}


def _cloud_delete(c: Cluster, node: str) -> None:
    """The cloud node lifecycle controller deletes a Node whose instance is gone (ensureNodeExistsByProviderID
    false); the garbage collector deletes its Lease (ownerReference), the pod GC its pods (gcOrphaned)."""
    c.emit("DELETED", c.nodes.pop(node))
    c.kubelet.pop(node, None)
    c.t += 0.4
    c.emit("DELETED", c.leases.pop(node))


def _gc_orphans(c: Cluster, node: str) -> None:
    for key in sorted(k for k, p in c.pods.items() if p["spec"].get("nodeName") == node):
        pod = c.pods.pop(key)
        pod["metadata"]["deletionTimestamp"] = ts(c.t)
        pod["metadata"]["deletionGracePeriodSeconds"] = 0
        c.emit("DELETED", pod)


# -- 1. objects deleted while a watch was down ------------------------------------------------------
def _instance_gone(seed: int) -> Cluster:
    c = Cluster(seed=seed)
    base(c)
    c.start()
    c.advance(60)
    c.kubelet["worker-3"]["alive"] = False  # the instance is terminated (spot reclaim)
    c.advance(c.t + 25)
    _cloud_delete(c, "worker-3")
    c.advance(c.t + 45)
    _gc_orphans(c, "worker-3")  # PodGC: pods bound to a Node that no longer exists (40 s quarantine)
    c.advance(420)
    return c


@scenario
def node_deleted_during_watch_gap() -> Files:
    """The nodes and pods watches drop at 50 s (laptop asleep) and are started again at 300 s into second
    files. Meanwhile worker-3's instance was terminated, the cloud node lifecycle controller deleted its
    Node 25 s later (before the grace period: never Unknown) and the pod GC its pods. The new lists lack
    them: deleted during the gap (reflector Replace: DeletedFinalStateUnknown)."""
    return _gap(_instance_gone(501), 50, 300)


@scenario
def node_deleted_during_watch_gap_no_rv() -> Files:
    """The same with resourceVersions redacted (merged by the objects' own times); nodes-1.json holds only
    its list (no Node changed in the first 50 s)."""
    c = _instance_gone(501)
    for _, _, _, obj in c.out:
        obj["metadata"].pop("resourceVersion", None)
    return _gap(c, 50, 300)


@scenario
def watch_restarted_same_file() -> Files:
    """The same, but `kubectl get nodes,pods -A -w --output-watch-events -o json >> nodes-pods.json` was
    run again into the same file: its second list begins in the middle of the file."""
    c = _instance_gone(502)
    return {
        "nodes-pods.json": _watch(c, ("Node", "Pod"), hi=50) + _watch(c, ("Node", "Pod"), lo=300),
        "leases.json": _watch(c, ("Lease",)),
    }


def _evicted_in_gap(seed: int, evict: bool) -> Cluster:
    c = Cluster(seed=seed, eviction=evict)
    base(c)
    c.start()
    c.advance(30)
    c.kubelet["worker-2"]["alive"] = False
    c.advance(600)
    return c


@scenario
def pod_evicted_during_watch_gap() -> Files:
    """worker-2's kubelet dies; it is marked Unknown and tainted; the pods watch drops at 200 s and is
    started again at 560 s: its web pod was evicted at ~390 s (tolerationSeconds 300) and is gone."""
    return _gap(_evicted_in_gap(503, True), 200, 560, kinds=("Pod",))


@scenario
def pod_not_evicted_watch_gap() -> Files:
    """Bug: the same, with the taint-eviction controller not running: the new list still holds the pod,
    bound to the tainted node, 170 s past its tolerationSeconds."""
    return _gap(_evicted_in_gap(504, False), 200, 560, kinds=("Pod",))


@scenario
def node_never_marked_watch_gap() -> Files:
    """Bug: worker-3's kubelet dies, no controller marks it, and the nodes watch is down from 50 s to
    300 s: the new list shows it still Ready (the relist shows what the gap hid)."""
    c = Cluster(seed=505, nlc=False)
    base(c)
    c.start()
    c.advance(60)
    c.kubelet["worker-3"]["alive"] = False
    c.advance(420)
    return _gap(c, 50, 300, kinds=("Node",))


# -- 2. kube-controller-manager restarts the capture does not show ------------------------------------
class _Sim(Cluster):
    """``sim.Cluster`` whose node lifecycle controller restarts (``probe_floor``: a new controller has no
    nodeHealth entry and takes its first pass as every Node's probe time, tryUpdateNodeHealth's "Missing
    timestamp for Node") and which, as a bug, leaves some Nodes unmarked until a time (``skip``)."""

    probe_floor = -1e18
    skip: ClassVar[dict[str, float]] = {}

    def _mark_unknown(self, name: str) -> None:
        if self.t < self.skip.get(name, -1e18):
            return
        lease = self.leases.get(name)
        if lease is not None and self.t - self.probe_floor < self.grace:
            return  # the new controller's fresh grace has not run out
        super()._mark_unknown(name)


def _managed(seed: int, **kw: Any) -> _Sim:
    c = _Sim(seed=seed, **kw)
    c.skip = {}
    base(c, workers=4, cp=False)
    c.start()
    return c


@scenario
def kcm_restart_unseen_late_mark() -> Files:
    """A managed cluster (no control-plane Nodes, no kube-controller-manager pod, Leases watched in
    kube-node-lease only): worker-3's kubelet dies; 25 s later the provider's kube-controller-manager
    restarts (an upgrade), is back 35 s later and marks worker-3 Unknown a grace period after its first
    pass: ~110 s after the last heartbeat. Nothing else in the capture shows the controller meanwhile."""
    c = _managed(511)
    c.advance(30)
    c.kubelet["worker-3"]["alive"] = False
    c.advance(c.t + 25)
    c.nlc = False
    c.advance(c.t + 35)
    c.nlc, c.probe_floor, c.next_monitor = True, c.t + 1, c.t + 1
    c.advance(c.t + 200)
    return _all(c)


def _restart_under_eviction(seed: int, evicts: bool) -> Files:
    s4 = _s4()
    c = s4.Sim(seed=seed)
    base(c)
    lease = s4._kcm_lease(c, "cp-1_7c1f9b54-0f0e-4a4c-9d0a-2d2b5c3e8f11", -86400 * 3, 2)
    c.start()
    c.emit("ADDED", lease)
    c.advance(30)
    c.kubelet["worker-2"]["alive"] = False
    c.advance(290)  # marked Unknown ~85 s, NoExecute ~90 s: its web pod's 300 s run out at ~390 s
    c.nlc, c.eviction = False, False  # kube-controller-manager OOM-killed
    c.advance(c.t + 20)
    lease["spec"].update(
        {
            "holderIdentity": "cp-2_3e0d5a17-6b2c-4f5e-8a90-1c7d2e4b6a35",
            "acquireTime": mts(c.t),
            "renewTime": mts(c.t),
            "leaseTransitions": 3,
        }
    )
    c.emit("MODIFIED", lease)
    c.probe_floor = c.t + 1
    c.nlc, c.next_monitor = True, c.t + 1
    c.evict_at = {}  # the new taint-eviction controller: an empty queue, startTime = now for every pod
    c.eviction = evicts
    c.advance(c.t + 400)
    return {"nodes.json": _watch(c, ("Node",)), "pods.json": _watch(c, ("Pod",)), "leases.json": _watch(c, ("Lease",))}


@scenario
def kcm_restart_eviction_timer_fresh() -> Files:
    """worker-2 dies and is tainted NoExecute at ~90 s; at 290 s, with its web pod 200 s into its 300 s,
    kube-controller-manager is OOM-killed and another leader takes the Lease (a `leases -A` watch shows it).
    The new taint-eviction controller starts with an empty queue: processPodOnNode gives every pod under a
    NoExecute taint startTime = now, so the pod is evicted ~300 s after the restart, ~220 s after 390 s."""
    return _restart_under_eviction(550, True)


@scenario
def kcm_restart_eviction_never() -> Files:
    """Bug: the same, and the new controller never evicts the pod (its fresh 300 s run out too)."""
    return _restart_under_eviction(551, False)


@scenario
def managed_controller_acts_never_marks() -> Files:
    """Bug: the same managed cluster; worker-4 dies at 30 s and is never marked, while the controller is
    seen running: worker-1 dies at 100 s and is marked Unknown and tainted on time."""
    c = _managed(512)
    c.skip = {"worker-4": 1e18}
    c.advance(30)
    c.kubelet["worker-4"]["alive"] = False
    c.advance(100)
    c.kubelet["worker-1"]["alive"] = False
    c.advance(420)
    return _all(c)


@scenario
def managed_controller_acts_marks_late() -> Files:
    """Bug: the same, worker-4 marked only at 330 s (300 s after its last heartbeat) while the controller
    marked worker-1 on time at ~155 s: no restart explains it."""
    c = _managed(513)
    c.skip = {"worker-4": 330}
    c.advance(30)
    c.kubelet["worker-4"]["alive"] = False
    c.advance(100)
    c.kubelet["worker-1"]["alive"] = False
    c.advance(420)
    return _all(c)


def _audit_log(kcm_renews: bool, marks_b: bool, length: float = 400) -> Files:
    """An audit log (JSON Lines, audit.k8s.io/v1) of two workers created in it: worker-a renews its Lease
    every 10 s, worker-b's kubelet stops at 20 s; with ``kcm_renews``, kube-controller-manager renews its
    leader Lease (kube-system) every 2 s (a policy logging leases); ``marks_b``: the node controller marks
    worker-b Unknown on time."""
    import gen_audit as ga  # tests/data/situations3

    log = ga.Log()
    for k in range(int(length // 10)):
        log.ev(
            1 + 10 * k,
            "system:node:worker-a",
            ga.NODE_GROUPS,
            "update",
            {
                "resource": "leases",
                "namespace": "kube-node-lease",
                "name": "worker-a",
                "apiGroup": "coordination.k8s.io",
                "apiVersion": "v1",
            },
        )
        if 1.3 + 10 * k <= 20:
            log.ev(
                1.3 + 10 * k,
                "system:node:worker-b",
                ga.NODE_GROUPS,
                "update",
                {
                    "resource": "leases",
                    "namespace": "kube-node-lease",
                    "name": "worker-b",
                    "apiGroup": "coordination.k8s.io",
                    "apiVersion": "v1",
                },
            )
    if kcm_renews:
        for k in range(int(length // 2)):
            log.ev(
                0.5 + 2 * k,
                "system:kube-controller-manager",
                ["system:authenticated"],
                "update",
                {
                    "resource": "leases",
                    "namespace": "kube-system",
                    "name": "kube-controller-manager",
                    "apiGroup": "coordination.k8s.io",
                    "apiVersion": "v1",
                },
                ua="kube-controller-manager/v1.31.4 (linux/amd64) kubernetes/a78aa47/leader-election",
            )
    events = [e for _, e in log.lines]
    if marks_b:
        events += [e for e in ga.dies(stop_b=20) if e["user"]["username"] == ga.NC[0]]
    return {
        "audit.log": "".join(
            json.dumps(e, separators=(",", ":")) + "\n"
            for e in sorted(ga.creations() + events, key=lambda e: e["stageTimestamp"])
        )
    }


@scenario
def audit_kcm_renewing_never_marks() -> Files:
    """Bug: the audit log shows kube-controller-manager renewing its leader Lease every 2 s (alive and
    leader) for 400 s, and no node-controller write marks the dead worker-b Unknown."""
    sys.path.append(os.path.join(HERE, "..", "situations3"))
    return _audit_log(kcm_renews=True, marks_b=False)


@scenario
def audit_kcm_renewing_marks() -> Files:
    """The same log in which the node controller marks worker-b Unknown 53 s after its last renewal."""
    sys.path.append(os.path.join(HERE, "..", "situations3"))
    return _audit_log(kcm_renews=True, marks_b=True)


# -- 3. kubelet clocks in captures without resourceVersions ------------------------------------------------
def _situations4(name: str) -> Cluster:
    return _s4().SCENARIOS[name]()  # type: ignore[no-any-return]


def _s4() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "situations4_generate", os.path.join(HERE, "..", "situations4", "generate.py")
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _redacted(c: Cluster) -> Files:
    """The watches as a redaction script leaves them: metadata.resourceVersion (and uid) removed."""
    for _, _, _, obj in c.out:
        obj["metadata"].pop("resourceVersion", None)
        obj["metadata"].pop("uid", None)
    return _all(c)


@scenario
def clock_behind_no_rv() -> Files:
    """worker-2's kubelet clock 90 s behind, alive, in watches whose resourceVersions were redacted: the
    controller dates renewals by its own clock (probeTimestamp), so it never marks worker-2."""
    return _redacted(_situations4("clock-behind-alive"))


@scenario
def clock_stepped_back_no_rv() -> Files:
    """situations4/clock-stepped-back without resourceVersions: worker-2's clock 60 s ahead, then stepped
    back by NTP; marked Unknown while its renewTimes are older than the saved one, then Ready again."""
    return _redacted(_situations4("clock-stepped-back"))


@scenario
def clock_ahead_dies_no_rv() -> Files:
    """Bug: worker-2's clock 25 s ahead; it dies and no controller marks it (no resourceVersions)."""
    return _redacted(_situations4("clock-ahead-never-marked"))


@scenario
def clock_ahead_marked_early_no_rv() -> Files:
    """Bug: worker-2's clock 25 s ahead, alive, marked Unknown 9 s after a renewal (no resourceVersions)."""
    return _redacted(_situations4("clock-ahead-marked-early"))


def _kwok_snapshot(skew: dict[str, float], dead: str | None) -> Files:
    """``kubectl get nodes,leases -o yaml`` of a KWOK cluster, multi-document YAML, no resourceVersions
    (KWOK's stage files and hand-edited captures carry none); kubelets' clocks off by ``skew``."""
    import yaml

    c = Cluster(seed=530, nlc=False)
    base(c, workers=5)
    if dead is not None:
        c.kubelet[dead]["alive"] = False
    c.advance(260)
    docs = []
    for name, obj in [*sorted(c.nodes.items()), *sorted(c.leases.items())]:
        o = copy.deepcopy(obj)
        o["metadata"].pop("resourceVersion", None)
        o["metadata"]["annotations"] = {**o["metadata"].get("annotations", {}), "kwok.x-k8s.io/node": "fake"}
        off = dt.timedelta(seconds=skew.get(name, 0.0))
        if o["kind"] == "Lease":
            rt = dt.datetime.strptime(o["spec"]["renewTime"], "%Y-%m-%dT%H:%M:%S.%fZ") + off
            o["spec"]["renewTime"] = rt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        else:
            for k in o["status"]["conditions"]:
                if k["type"] != "NetworkUnavailable":
                    h = dt.datetime.strptime(k["lastHeartbeatTime"], "%Y-%m-%dT%H:%M:%SZ") + off
                    k["lastHeartbeatTime"] = h.strftime("%Y-%m-%dT%H:%M:%SZ")
        docs.append(o)
    return {"now.yaml": yaml.safe_dump_all(docs, sort_keys=False)}


@scenario
def kwok_snapshot_clock_behind() -> Files:
    """A YAML snapshot without resourceVersions; worker-3's kubelet clock 300 s behind (alive)."""
    return _kwok_snapshot({"worker-3": -300}, None)


@scenario
def kwok_snapshot_clock_ahead() -> Files:
    """The same, worker-3's clock 300 s ahead: it must not make the others look 300 s silent."""
    return _kwok_snapshot({"worker-3": 300}, None)


# -- 4. more of what platform engineers capture ----------------------------------------------------------
@scenario
def cloud_node_deleted_pods_bound() -> Files:
    """worker-3's instance is terminated (spot reclaim) and the cloud node lifecycle controller deletes its
    Node 25 s later, before its grace runs out (never Unknown), while its pods are still bound; the pod GC
    force-deletes them 40 s later (gcOrphaned), the garbage collector its Lease. All watched."""
    return _all(_instance_gone(540))


def _out_of_service(seed: int, evicts: bool) -> Cluster:
    c = Cluster(seed=seed)
    base(c)
    c.start()
    c.advance(30)
    c.kubelet["worker-2"]["alive"] = False
    c.advance(c.t + 150)
    c.eviction = evicts
    c.set_taints(
        "worker-2",
        add=[
            {
                "key": "node.kubernetes.io/out-of-service",
                "value": "nodeshutdown",
                "effect": "NoExecute",
                "timeAdded": ts(c.t),
            }
        ],
    )
    c.advance(c.t + 2)
    c.t += 5
    for key in sorted(
        k
        for k, p in c.pods.items()
        if p["spec"].get("nodeName") == "worker-2" and p["metadata"].get("deletionTimestamp")
    ):
        pod = c.pods.pop(key)
        pod["status"]["phase"] = "Failed"
        c.emit("DELETED", pod)
    c.advance(c.t + 120)
    return c


@scenario
def out_of_service_not_evicted() -> Files:
    """Bug: the same, and the pods that do not tolerate the out-of-service taint are never deleted (an
    eviction controller that handles only the not-ready/unreachable taints)."""
    return _all(_out_of_service(543, False))


@scenario
def out_of_service_taint() -> Files:
    """Non-graceful node shutdown: worker-2 is powered off; marked Unknown, unreachable taints; 90 s later
    the operator adds node.kubernetes.io/out-of-service=nodeshutdown:NoExecute. The taint-eviction
    controller deletes every pod that does not tolerate it at once (DaemonSet pods too: they tolerate
    only not-ready/unreachable), and the pod GC force-deletes the terminating pods on the out-of-service
    node (gcTerminating) without waiting for the dead kubelet."""
    return _all(_out_of_service(541, True))


@scenario
def cluster_info_dump() -> Files:
    """`kubectl cluster-info dump --all-namespaces --output-directory=dump`: nodes.json (a NodeList), per
    namespace pods.json (PodList), events.json (EventList), services.json, replicasets.json (ignored
    kinds) of a cluster where worker-2 died 4 minutes before, was marked Unknown and tainted, and its web
    pod is still within its 300 s. No Leases (the dump has none): heartbeats not checked."""
    c = Cluster(seed=544)
    base(c)
    c.advance(20)
    c.kubelet["worker-2"]["alive"] = False
    c.advance(260)
    files: Files = {}
    meta = {"resourceVersion": str(c.rv)}
    files["nodes.json"] = (
        json.dumps(
            {"kind": "NodeList", "apiVersion": "v1", "metadata": meta, "items": [c.nodes[n] for n in sorted(c.nodes)]},
            indent=4,
        )
        + "\n"
    )
    for ns in sorted({p["metadata"]["namespace"] for p in c.pods.values()}):
        pods = [p for k, p in sorted(c.pods.items()) if p["metadata"]["namespace"] == ns]
        files[f"{ns}--pods.json"] = (
            json.dumps({"kind": "PodList", "apiVersion": "v1", "metadata": meta, "items": pods}, indent=4) + "\n"
        )
        files[f"{ns}--events.json"] = (
            json.dumps({"kind": "EventList", "apiVersion": "v1", "metadata": meta, "items": []}, indent=4) + "\n"
        )
        files[f"{ns}--services.json"] = (
            json.dumps(
                {
                    "kind": "ServiceList",
                    "apiVersion": "v1",
                    "metadata": meta,
                    "items": [
                        {
                            "kind": "Service",
                            "apiVersion": "v1",
                            "metadata": {"name": "kubernetes" if ns == "default" else "kube-dns", "namespace": ns},
                            "spec": {"type": "ClusterIP"},
                        }
                    ],
                },
                indent=4,
            )
            + "\n"
        )
    return files


def _poll(seed: int, dies: bool, nlc: bool) -> Files:
    """`while sleep 30; do kubectl get nodes,pods,leases -A -o json; done >> poll.json`: a List every 30 s
    appended to one file (a complete list each time, no watch between)."""
    c = Cluster(seed=seed, nlc=nlc)
    base(c)
    c.start()
    docs = []
    for k in range(14):
        if k == 2 and dies:
            c.kubelet["worker-2"]["alive"] = False
        c.advance(c.t + 30)
        items = [copy.deepcopy(o) for o in [*c.nodes.values(), *c.pods.values(), *c.leases.values()]]
        docs.append(
            json.dumps(
                {"apiVersion": "v1", "kind": "List", "items": items, "metadata": {"resourceVersion": ""}}, indent=4
            )
        )
    return {"poll.json": "\n".join(docs) + "\n"}


@scenario
def poll_lists_healthy() -> Files:
    """A healthy cluster listed every 30 s into one file: each List is the state at that moment."""
    return _poll(601, False, True)


@scenario
def poll_lists_node_dies_marked() -> Files:
    """worker-2's kubelet dies after the second list; the controller marks and taints it on time."""
    return _poll(602, True, True)


@scenario
def poll_lists_node_never_marked() -> Files:
    """Bug: the same, and no controller marks worker-2 (the lists show it Ready, its Lease ageing)."""
    return _poll(603, True, False)


@scenario
def lease_holder_identity_case() -> Files:
    """A kubelet started with --hostname-override=Worker-1 renews Lease kube-node-lease/worker-1 with
    holderIdentity "Worker-1" (the Lease is named by the Node's name, which is lowercased); worker-1 dies
    and is marked on time. Only the Lease's name says whose heartbeat it is."""
    c = Cluster(seed=542)
    base(c)
    c.leases["worker-1"]["spec"]["holderIdentity"] = "Worker-1"
    c.start()
    c.advance(60)
    c.kubelet["worker-1"]["alive"] = False
    c.advance(300)
    return _all(c)


@scenario
def events_only() -> Files:
    """`kubectl get events -A -o json`: core/v1 Events about nodes (NodeNotReady) and pods
    (TaintManagerEviction), no Node, Pod or Lease: nothing to judge, said on one line."""

    def event(
        name: str, kind: str, obj: str, ns: str | None, reason: str, msg: str, t: float, comp: str
    ) -> dict[str, Any]:
        inv = {"apiVersion": "v1", "kind": kind, "name": obj}
        if ns:
            inv["namespace"] = ns
        return {
            "apiVersion": "v1",
            "kind": "Event",
            "count": 1,
            "eventTime": None,
            "firstTimestamp": ts(t),
            "lastTimestamp": ts(t),
            "involvedObject": inv,
            "message": msg,
            "reason": reason,
            "metadata": {
                "name": name,
                "namespace": ns or "default",
                "creationTimestamp": ts(t),
                "resourceVersion": str(5123400 + int(t)),
            },
            "reportingComponent": comp,
            "reportingInstance": "",
            "source": {"component": comp},
            "type": "Normal",
        }

    items = [
        event(
            "worker-2.18a1c2f3d4e5f6a7",
            "Node",
            "worker-2",
            None,
            "NodeNotReady",
            "Node worker-2 status is now: NodeNotReady",
            85,
            "node-controller",
        ),
        event(
            "web-5d8f7c9b6-b1k.18a1c3aa",
            "Pod",
            "web-5d8f7c9b6-b1k",
            "default",
            "TaintManagerEviction",
            "Marking for deletion Pod default/web-5d8f7c9b6-b1k",
            390,
            "taint-eviction-controller",
        ),
    ]
    return {
        "events.json": json.dumps(
            {"apiVersion": "v1", "kind": "List", "items": items, "metadata": {"resourceVersion": ""}}, indent=4
        )
        + "\n"
    }


# ------------------------------------------------------------------------------------------------------
def _write(d: str, files: Files) -> None:
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    for name, text in files.items():
        if len(text) > 20000:
            name += ".gz"  # as round 4: kept small in the repository (the reader opens .gz as it is)
        path = os.path.join(d, name)
        if name.endswith(".gz"):
            with gzip.GzipFile(path, "wb", mtime=0) as g:
                g.write(text.encode())
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)


def main() -> None:
    names = sys.argv[1:] or sorted(SCENARIOS)
    for name in names:
        _write(os.path.join(HERE, name), SCENARIOS[name]())
        print(name)


if __name__ == "__main__":
    main()


__all__ = ["NOTREADY", "UNREACH", "copy", "dt", "mts"]
