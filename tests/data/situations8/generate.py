"""Write the captures of tests/data/situations8 (run: python tests/data/situations8/generate.py [NAME...]).

Round 8 of operators' situations: a small zone's partial disruption and its recovery, registration taints
removed by other components (cloud-controller-manager's uninitialized, Karpenter's unregistered, Cilium's
agent-not-ready), WatchList streams re-listed after a 410 and `kubectl get -w --watch-only`, pod tolerations
changed while a NoExecute timer runs, terminal pods under a NoExecute taint, a NoExecute taint removed
before its toleration ran out, a kubelet posting Ready=False itself (container runtime down) while its Lease
renews, PIDPressure evictions, PodGC's orphan deletions in an audit log, stale status heartbeats next to fresh
Leases, and a Lease watch started long after the Node watch. Everything is played on situations7's ``Sim``
(``../realworld2/sim.py``'s upstream timing, situations6's zone key, SwapNodeControllerTaint in two writes) and
written with situations6/7's writers, imported, not copied. Expected verdicts and the upstream reasons:
tests/test_oracle_situations8.py.
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
_spec = importlib.util.spec_from_file_location("s7gen", os.path.join(HERE, "..", "situations7", "generate.py"))
assert _spec is not None and _spec.loader is not None
s7 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s7)
s6 = s7.s6
ga = s7.ga
from generate import base  # noqa: E402  (realworld2, put on sys.path by situations6's generator)
from sim import NOTREADY, UNREACH, Cluster, ts  # noqa: E402

Sim = s7.Sim
Files = dict[str, str | bytes]
SCENARIOS: dict[str, Callable[[], Files]] = {}
UNINIT = "node.cloudprovider.kubernetes.io/uninitialized"
_all, _kill, _pods_on, _fail_pod, _set_cond = s7._all, s7._kill, s7._pods_on, s7._fail_pod, s7._set_cond


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def _revive(c: Cluster, n: str) -> None:
    """The kubelet is back (network restored): it renews its Lease and posts Ready=True at once."""
    c.kubelet[n]["alive"] = True
    c.kubelet[n]["next_lease"] = c.t
    c.renew(n)
    c.kubelet[n]["next_lease"] = c.t + 10
    c.post_status(n, "True")


# -- 1. a small zone in partial disruption (ReducedQPSFunc = 0), and its recovery ---------------------------
def _small_zone(seed: int, after: str) -> Files:
    """eu-west-1a has 5 workers, eu-west-1b 2, cp-1 sits in eu-west-1c. worker-1..3 of eu-west-1a lose
    their network together: 3 of 5 not Ready (> 2 and >= --unhealthy-zone-threshold 0.55) is
    PartialDisruption; a zone of <= --large-cluster-size-threshold (50) Nodes gets ReducedQPSFunc = 0
    (node_lifecycle_controller.go handleDisruption -> setLimiterInZone): no NoExecute taint at all, only
    the unreachable NoSchedule taints of doNoScheduleTaintingPass. 200 s later worker-1 and worker-2 come
    back: 1 of 5 is Normal again, the zone's rate is --node-eviction-rate once more, and worker-3, still in
    the zone's queue (markNodeForTainting at every pass), is tainted unreachable:NoExecute at once; its web
    pod goes 300 s later. ``after``: "recovers" (upstream), "never" (a controller that never taints the
    zone again), "ignores" (a controller that ignores the disruption and taints at 0.1/s throughout)."""
    c = Sim(seed=seed, zone_rate=0.1)
    c.add_node("cp-1", zone="eu-west-1c", cp=True)
    for i in range(5):
        c.add_node(f"worker-{i + 1}", zone="eu-west-1a")
    for i in range(2):
        c.add_node(f"wb-{i + 1}", zone="eu-west-1b")
    for n in sorted(c.nodes):
        if n != "cp-1":
            c.pod("default", f"web-{n}-5d8f7c9b6-q1", n, labels={"app": "web"})
    c.start()
    c.advance(20)
    if after == "ignores":
        c._handle_disruption = lambda: setattr(c, "zone_qps", {})  # type: ignore[method-assign]
    _kill(c, ["worker-1", "worker-2", "worker-3"])
    c.advance(c.t + 260)
    _revive(c, "worker-1")
    c.advance(c.t + 1)
    _revive(c, "worker-2")
    if after == "never":
        c.noexecute = False
    c.advance(c.t + 360)
    return _all(c)


@scenario
def small_zone_partial_recovers() -> Files:
    return _small_zone(801, "recovers")


@scenario
def small_zone_partial_recovers_never_tainted() -> Files:
    return _small_zone(801, "never")


@scenario
def small_zone_partial_tainted_anyway() -> Files:
    return _small_zone(801, "ignores")


# -- 2. registration taints removed by other components -------------------------------------------------------
def _join(c: Cluster, n: str, taints: list[dict[str, Any]], message: str) -> None:
    """A kubelet registers ``n`` with --register-with-taints (plus the NodeTaint admission plugin's
    not-ready:NoSchedule), Ready=False with ``message`` (initialNode then setNodeStatus), renews its Lease,
    and posts Ready=True 3 s later."""
    node = c.add_node(
        n, zone="eu-west-1a", created=c.t, hb_age=0, taints=[*taints, {"key": NOTREADY, "effect": "NoSchedule"}]
    )
    for cond in node["status"]["conditions"]:
        if cond["type"] == "Ready":
            cond.update(status="False", reason="KubeletNotReady", lastTransitionTime=ts(c.t), message=message)
    node["status"]["conditions"] = [x for x in node["status"]["conditions"] if x["type"] != "NetworkUnavailable"]
    c.out[-1] = (c.t, "Node", "ADDED", copy.deepcopy(node))
    c.renew(n)
    c.kubelet[n]["next_lease"] = c.t + 10
    c.advance(c.t + 3)
    c.post_status(n, "True")


def _web_pod(c: Cluster, name: str, tolerations: list[dict[str, Any]] | None = None) -> str:
    c.pod("default", name, None, created=c.t, labels={"app": "web"}, tolerations=tolerations)
    return f"default/{name}"


def _registration_taint(seed: int, taint: dict[str, Any], remover: str, bind_before: bool, message: str) -> Files:
    """worker-4 joins with ``taint`` (kubelet --register-with-taints) which another component removes 20 s
    later (``remover``: cloud-controller-manager's node controller for the uninitialized taint, Karpenter for
    karpenter.sh/unregistered, the Cilium agent for node.cilium.io/agent-not-ready); a DaemonSet pod that
    tolerates everything is bound at once; the scheduler binds a web pod (no toleration for it) 10 s after
    the removal, or (``bind_before``) 8 s after registration while the taint is still there: upstream's
    TaintToleration filter (pkg/scheduler/framework/plugins/tainttoleration, Filter: NoSchedule and
    NoExecute taints) rejects that Node, so such a binding is the scheduler's error."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(15)
    n = "worker-4"
    _join(c, n, [taint], message)
    ds = c.pod("kube-system", "kube-proxy-w4x9z", None, kind="ds", created=c.t, tolerations=[{"operator": "Exists"}])
    c.t += 0.3
    s6._bind(c, f"kube-system/{ds['metadata']['name']}", n)
    key = _web_pod(c, "web-5d8f7c9b6-n7p2r")
    if bind_before:
        c.advance(c.t + 5)
        s6._bind(c, key, n)
    c.advance(c.t + 17)
    if remover == "ccm":
        c.nodes[n]["spec"]["providerID"] = "aws:///eu-west-1a/i-0f1e2d3c4b5a69788"
        c.nodes[n]["metadata"]["labels"]["node.kubernetes.io/instance-type"] = "m6i.xlarge"
    c.set_taints(n, remove=[(taint["key"], taint["effect"])])
    if not bind_before:
        c.advance(c.t + 10)
        s6._bind(c, key, n)
    c.advance(c.t + 60)
    return _all(c)


_CCM_TAINT = {"key": UNINIT, "value": "true", "effect": "NoSchedule"}
_KARP_TAINT = {"key": "karpenter.sh/unregistered", "effect": "NoExecute"}
_CILIUM_TAINT = {"key": "node.cilium.io/agent-not-ready", "value": "true", "effect": "NoSchedule"}
_CNI_MSG = (
    "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network "
    "plugin returns error: cni plugin not initialized"
)


@scenario
def ccm_uninitialized_removed() -> Files:
    return _registration_taint(811, _CCM_TAINT, "ccm", False, _CNI_MSG)


@scenario
def ccm_uninitialized_pod_bound_before() -> Files:
    return _registration_taint(811, _CCM_TAINT, "ccm", True, _CNI_MSG)


@scenario
def karpenter_unregistered_removed() -> Files:
    return _registration_taint(812, _KARP_TAINT, "karpenter", False, _CNI_MSG)


@scenario
def karpenter_unregistered_pod_bound_before() -> Files:
    return _registration_taint(812, _KARP_TAINT, "karpenter", True, _CNI_MSG)


@scenario
def cilium_agent_not_ready_removed() -> Files:
    return _registration_taint(813, _CILIUM_TAINT, "cilium", False, _CNI_MSG)


@scenario
def cilium_agent_not_ready_pod_bound_before() -> Files:
    return _registration_taint(813, _CILIUM_TAINT, "cilium", True, _CNI_MSG)


# -- 3. WatchList streams re-listed after 410, and --watch-only -------------------------------------------------
def _watchlist_relist(c: Cluster, kind: str, relist_at: float) -> str:
    """client-go's WatchListClient (`kubectl get --raw '/api/v1/nodes?watch=1&sendInitialEvents=true&
    allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan'`, run again by a loop): the initial ADDED
    events, a BOOKMARK annotated k8s.io/initial-events-end; at ``relist_at`` the server ends the watch with an
    ERROR event (410 Gone, Expired: the resourceVersion was compacted) and the loop starts a new WatchList:
    every object that exists then ADDED again, another initial-events-end BOOKMARK, then the changes."""
    api = "coordination.k8s.io/v1" if kind == "Lease" else "v1"
    out: list[str] = []
    state: dict[str, dict[str, Any]] = {}
    rv = 0

    def line(typ: str, obj: dict[str, Any]) -> str:
        return json.dumps({"type": typ, "object": obj}, separators=(",", ":")) + "\n"

    def end_bookmark() -> str:
        meta = {
            "resourceVersion": str(rv),
            "creationTimestamp": None,
            "annotations": {"k8s.io/initial-events-end": "true"},
        }
        return line("BOOKMARK", {"kind": kind, "apiVersion": api, "metadata": meta})

    def relist() -> None:
        status = {
            "kind": "Status",
            "apiVersion": "v1",
            "metadata": {},
            "status": "Failure",
            "message": f"too old resource version: {rv - 2100} ({rv})",
            "reason": "Expired",
            "code": 410,
        }
        out.append(line("ERROR", status))
        for o in state.values():
            out.append(line("ADDED", o))
        out.append(end_bookmark())

    started = relisted = False
    for t, k, typ, obj in c.out:
        if k != kind:
            continue
        if not started and t > c.out[0][0]:
            out.append(end_bookmark())
            started = True
        if started and not relisted and t >= relist_at:
            relisted = True
            relist()
        key = obj["metadata"].get("namespace", "") + "/" + obj["metadata"]["name"]
        rv = max(rv, int(obj["metadata"]["resourceVersion"]))
        if typ == "DELETED":
            state.pop(key, None)
        else:
            state[key] = obj
        out.append(line(typ, obj))
    if not started:
        out.append(end_bookmark())
    if not relisted and c.t >= relist_at:
        relist()  # (a stream with no change after the 410: listed again all the same)
    return "".join(out)


def _watchlist_files(nlc: bool) -> Files:
    c = s6._node_dies(821, nlc)
    at = c.out[0][0] + 150
    return {f"{k.lower()}s.jsonl": _watchlist_relist(c, k, at) for k in ("Node", "Pod", "Lease")}


@scenario
def watchlist_relist_after_410() -> Files:
    """worker-3 dies at 20 s, marked, tainted, its web pod evicted at 300 s; every stream got a 410 at 150 s
    and was listed again."""
    return _watchlist_files(True)


@scenario
def watchlist_relist_after_410_never_marked() -> Files:
    return _watchlist_files(False)


def _watch_only(nlc: bool) -> Files:
    """`kubectl get nodes,pods -A -w --watch-only --output-watch-events -o json` and the same for the Leases:
    no initial list; each object appears at its first change (a MODIFIED event). worker-3 dies at 20 s."""
    c = s6._node_dies(822, nlc)
    t0 = c.out[0][0]
    c.out = [x for x in c.out if not (x[0] == t0 and x[2] == "ADDED")]
    return _all(c)


@scenario
def watch_only_node_dies() -> Files:
    return _watch_only(True)


@scenario
def watch_only_never_marked() -> Files:
    return _watch_only(False)


# -- 4. tolerations changed while the NoExecute timer runs --------------------------------------------------------
def _patch_tolerations(c: Cluster, key: str, seconds: int | None) -> None:
    """`kubectl patch pod` of the unreachable toleration's tolerationSeconds (ValidatePodUpdate:
    validateOnlyAddedTolerations lets an existing toleration change only its tolerationSeconds)."""
    pod = c.pods[key]
    pod["spec"]["tolerations"] = copy.deepcopy(pod["spec"]["tolerations"])  # (sim shares DEFAULT_TOL's dicts)
    for tol in pod["spec"]["tolerations"]:
        if tol.get("key") == UNREACH:
            if seconds is None:
                tol.pop("tolerationSeconds", None)
            else:
                tol["tolerationSeconds"] = seconds
    c.emit("MODIFIED", pod)


def _tolerations_changed(seed: int, seconds: int | None, honoured: bool) -> Files:
    """worker-2's kubelet dies; unreachable:NoExecute at ~60 s; 100 s into the taint the web pod's
    unreachable tolerationSeconds (300, DefaultTolerationSeconds) is patched to ``seconds``. Upstream
    (taint_eviction.go PodUpdated -> handlePodUpdate -> processPodOnNode) keeps a scheduled eviction whose
    CreatedAt + the new minimum is before now + the new minimum, which holds for every earlier CreatedAt:
    the timer set when the taint came stays, and the pod goes 300 s after the taint whatever the new finite
    value; only a toleration for ever (getMinTolerationTime < 0) cancels it. ``honoured``: a controller that
    restarts the timer with the new value."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-2"
    c.pod("default", "web-5d8f7c9b6-t4v8m", n, labels={"app": "web"})
    c.start()
    c.advance(20)
    _kill(c, [n])
    while not c.has_taint(n, UNREACH, "NoExecute"):
        c.advance(c.t + 0.25)
    tainted = c.t
    c.advance(tainted + 100)
    key = "default/web-5d8f7c9b6-t4v8m"
    _patch_tolerations(c, key, seconds)
    if honoured:
        c.evict_at[key] = c.t + (seconds or 10**9)
    c.advance(tainted + 460)
    return _all(c)


@scenario
def toleration_seconds_raised_timer_kept() -> Files:
    return _tolerations_changed(831, 3600, False)


@scenario
def toleration_seconds_raised_timer_restarted() -> Files:
    return _tolerations_changed(831, 3600, True)


@scenario
def toleration_seconds_lowered_timer_kept() -> Files:
    return _tolerations_changed(832, 60, False)


@scenario
def toleration_made_forever_cancelled() -> Files:
    """The toleration's tolerationSeconds removed (tolerate for ever): processPodOnNode cancels the eviction."""
    return _tolerations_changed(833, None, False)


# -- 5. terminal pods under a NoExecute taint ---------------------------------------------------------------------
def _terminal(seed: int, evicts_terminal: bool) -> Files:
    """A finished Job pod (Succeeded) and a Failed one stay on worker-2 (no ttlSecondsAfterFinished); worker-2's
    kubelet dies. The taint-eviction controller lists the Node's pods by spec.nodeName with no phase filter
    (New: getPodsAssignedToNode, podIndexer.ByIndex) and processPodOnNode deletes each one its tolerations
    (DefaultTolerationSeconds, 300 s) no longer cover: the terminal pods go with the running one.
    ``evicts_terminal=False``: a controller that skips terminal pods."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-2"
    c.pod("default", "web-5d8f7c9b6-h2j4k", n, labels={"app": "web"})
    for name, phase in (("report-29071200-x8k2m", "Succeeded"), ("report-29071140-q7w3z", "Failed")):
        p = c.pod(
            "batch", name, n, kind="bare", labels={"job-name": name.rsplit("-", 1)[0]}, tolerations=list(s7.DEFAULT_TOL)
        )
        p["metadata"]["ownerReferences"] = [
            {
                "apiVersion": "batch/v1",
                "kind": "Job",
                "name": name.rsplit("-", 1)[0],
                "uid": c.uid(),
                "controller": True,
            }
        ]
        p["spec"]["restartPolicy"] = "Never"
        p["status"]["phase"] = phase
        p["status"]["containerStatuses"] = [
            {
                "name": "report",
                "image": "nginx:1.27",
                "ready": False,
                "restartCount": 0,
                "started": False,
                "state": {
                    "terminated": {
                        "exitCode": 0 if phase == "Succeeded" else 1,
                        "reason": "Completed" if phase == "Succeeded" else "Error",
                    }
                },
            }
        ]
    c.start()
    c.advance(20)
    _kill(c, [n])
    if not evicts_terminal:
        orig = c._taint_eviction

        def skip_terminal() -> None:
            for k, p in c.pods.items():
                if p["status"].get("phase") in ("Succeeded", "Failed"):
                    c.evict_at[k] = 10**9
            orig()

        c._taint_eviction = skip_terminal  # type: ignore[method-assign]
    c.advance(c.t + 440)
    return _all(c)


@scenario
def terminal_pods_noexecute_evicted() -> Files:
    return _terminal(841, True)


@scenario
def terminal_pods_noexecute_skipped() -> Files:
    return _terminal(841, False)


# -- 6. a NoExecute taint removed before the toleration ran out ----------------------------------------------------
def _taint_removed(seed: int, evicts_anyway: bool) -> Files:
    """`kubectl taint nodes worker-2 maintenance=true:NoExecute`, a pod tolerating it 120 s, the taint removed
    (`kubectl taint ... maintenance=true:NoExecute-`) 60 s later: handleNodeUpdate finds no NoExecute taint
    and cancels every scheduled eviction of the Node's pods ("All taints were removed from the node.
    Cancelling all evictions..."). ``evicts_anyway``: a controller that deletes the pod at 120 s all the same."""
    c = Sim(seed=seed)
    base(c, web=0)
    n = "worker-2"
    tol = {"key": "maintenance", "operator": "Equal", "value": "true", "effect": "NoExecute", "tolerationSeconds": 120}
    c.pod("default", "batch-6b8d7c5f4-r0x", n, tolerations=[tol], labels={"app": "batch"})
    c.start()
    c.advance(30)
    t0 = c.t
    c.set_taints(n, add=[{"key": "maintenance", "value": "true", "effect": "NoExecute", "timeAdded": ts(c.t)}])
    c.advance(t0 + 60)
    c.set_taints(n, remove=[("maintenance", "NoExecute")])
    c.advance(t0 + 120.4)
    if evicts_anyway:
        c.delete_pod(
            "default/batch-6b8d7c5f4-r0x",
            reason="DeletionByTaintManager",
            message="Taint manager: deleting due to NoExecute taint",
        )
    c.advance(t0 + 200)
    return _all(c)


@scenario
def noexecute_removed_before_toleration() -> Files:
    return _taint_removed(851, False)


@scenario
def noexecute_removed_evicted_anyway() -> Files:
    return _taint_removed(851, True)


# -- 7. the kubelet posts Ready=False itself (container runtime down) while its Lease renews ---------------------
RUNTIME_DOWN = "container runtime is down, PLEG is not healthy: pleg was last seen active 3m5.1s ago; threshold is 3m0s"


def _runtime_down(seed: int, down_for: float, fault: str | None) -> Files:
    """containerd stops on worker-1: the kubelet's runtime check fails and it posts Ready=False
    (KubeletNotReady, "container runtime is down") at once, its Lease renewed as before (the Lease is the
    kubelet's own loop). The controller taints not-ready:NoSchedule on the update and not-ready:NoExecute at
    its next pass (processTaintBaseEviction); the web pods' 300 s run from that taint. The runtime is back
    ``down_for`` s after the NoExecute taint: Ready=True, markNodeAsReachable removes the NoExecute taint at
    the next pass. ``fault``: "evicts" (the pods deleted at 300 s although the taint went earlier), "keeps"
    (the pods never deleted although the taint stood 300 s), "no-noexecute" (no NoExecute taint at all)."""
    c = Sim(seed=seed, noexecute=fault != "no-noexecute", eviction=fault != "keeps")
    base(c, web=0)
    n = "worker-1"
    for i in range(2):
        c.pod("default", f"web-5d8f7c9b6-r{i}m{i}", n, labels={"app": "web"})
    c.start()
    c.advance(25)
    _set_cond(c, n, "Ready", "False", "KubeletNotReady", RUNTIME_DOWN)
    t0 = c.t
    if fault == "no-noexecute":
        c.advance(t0 + 10)
    else:
        while not c.has_taint(n, NOTREADY, "NoExecute"):
            c.advance(c.t + 0.25)
    tainted = c.t
    c.advance(tainted + down_for)
    _set_cond(c, n, "Ready", "True", "KubeletReady", "kubelet is posting ready status")
    if fault == "evicts":
        c.advance(tainted + 300.5)
        for k in _pods_on(c, n):
            if k.startswith("default/"):
                c.delete_pod(
                    k, reason="DeletionByTaintManager", message="Taint manager: deleting due to NoExecute taint"
                )
    c.advance(max(c.t, tainted + down_for) + 90)
    return _all(c)


@scenario
def runtime_down_recovers_before_eviction() -> Files:
    return _runtime_down(861, 285, None)


@scenario
def runtime_down_recovered_evicted_anyway() -> Files:
    return _runtime_down(861, 285, "evicts")


@scenario
def runtime_down_evicted_at_300s() -> Files:
    return _runtime_down(862, 330, None)


@scenario
def runtime_down_never_noexecute() -> Files:
    return _runtime_down(862, 330, "no-noexecute")


# -- 8. PIDPressure ------------------------------------------------------------------------------------------------
def _pid_pressure(seed: int, taint: bool) -> Files:
    """A fork bomb on worker-1: the eviction manager sees pid.available below its threshold, sets PIDPressure
    True (KubeletHasInsufficientPID, "kubelet has insufficient PID available") and evicts a pod per pass
    (Failed, Evicted, "The node was low on resource: pids."); doNoScheduleTaintingPass adds
    node.kubernetes.io/pid-pressure:NoSchedule (nodeConditionToTaintKeyStatusMap: PIDPressure True).
    ``taint=False``: a controller that never writes it."""
    c = Sim(seed=seed, nlc=taint)
    base(c)
    n = "worker-1"
    c.pod("default", "forker-7f9b8c6d5-m4x2q", n, created=-5400, labels={"app": "forker"})
    c.start()
    c.advance(40)
    _set_cond(c, n, "PIDPressure", "True", "KubeletHasInsufficientPID", "kubelet has insufficient PID available")
    for k in [k for k in _pods_on(c, n) if k.startswith("default/")]:
        c.advance(c.t + 10)
        _fail_pod(c, k, "Evicted", "The node was low on resource: pids. Threshold quantity: 1500, available: 812. ")
    c.advance(c.t + 120)
    return _all(c)


@scenario
def pid_pressure_eviction() -> Files:
    return _pid_pressure(871, True)


@scenario
def pid_pressure_taint_missing() -> Files:
    return _pid_pressure(871, False)


# -- 9. PodGC's orphan deletions in an audit log ------------------------------------------------------------------
PODGC = ("system:serviceaccount:kube-system:pod-garbage-collector", ga.NC[1])
PODGC_UA = "kube-controller-manager/v1.31.4 (linux/amd64) kubernetes/a78aa47/" + PODGC[0]


def _audit_podgc(bind_after_delete: bool) -> Files:
    """An audit log: worker-b dies, is marked and tainted (situations3's log); at 200 s the cloud node
    lifecycle controller deletes its Node (instance gone); PodGC (gc_controller.go gcOrphaned) sees the pod
    bound to a Node that no longer exists, waits quarantineTime (40 s) and then patches DisruptionTarget
    DeletionByPodGC and force-deletes it (grace 0). ``bind_after_delete``: the scheduler binds a new pod to
    the deleted worker-b at 210 s (its cache still held the Node): upstream's scheduler removes a deleted Node
    from its cache on the informer's delete (eventhandlers.go deleteNodeFromCache) and never binds to it."""
    log = s7._audit_base(300)
    s7._pod_create(log, 5, "web-5d8f7c9b6-x7k2p")
    s7._pod_bind(log, 6, "web-5d8f7c9b6-x7k2p", "worker-b")
    log.ev(
        200,
        "system:serviceaccount:kube-system:cloud-node-lifecycle-controller",
        ga.NC[1],
        "delete",
        {"resource": "nodes", "name": "worker-b", "apiVersion": "v1"},
        {"kind": "DeleteOptions", "apiVersion": "v1"},
        level="Request",
        ua="cloud-controller-manager/v1.31.4 (linux/amd64) kubernetes/a78aa47/cloud-node-lifecycle-controller",
    )
    victims = ["web-5d8f7c9b6-x7k2p"]
    if bind_after_delete:
        s7._pod_create(log, 205, "web-5d8f7c9b6-z9y8x")
        s7._pod_bind(log, 210, "web-5d8f7c9b6-z9y8x", "worker-b")
        victims.append("web-5d8f7c9b6-z9y8x")
    for i, name in enumerate(victims):
        t = 240.2 + i * 0.05 if i == 0 else 250.3
        ref = {"resource": "pods", "namespace": "default", "name": name, "apiVersion": "v1", "subresource": "status"}
        cond = {
            "type": "DisruptionTarget",
            "status": "True",
            "reason": "DeletionByPodGC",
            "message": "PodGC: node no longer exists",
            "lastTransitionTime": ga.sec(t),
        }
        log.ev(t, *PODGC, "patch", ref, {"status": {"conditions": [cond]}}, level="Request", ua=PODGC_UA)
        s7._pod_delete(log, t + 0.02, name, PODGC, PODGC_UA, grace=0)
    return s7._audit_files(log)


@scenario
def audit_podgc_orphans() -> Files:
    return _audit_podgc(False)


@scenario
def audit_podgc_bound_to_deleted_node() -> Files:
    return _audit_podgc(True)


def _audit_toleration_patch(seconds: int | None) -> Files:
    """An audit log (pods at RequestResponse): worker-b dies, is marked Unknown at 73 s and tainted
    unreachable:NoExecute at 78 s (situations3's log); its web pod has the 300 s DefaultTolerationSeconds. At
    150 s `kubectl patch pod --type=merge` sets the unreachable toleration's tolerationSeconds to ``seconds``
    (None: removed, tolerate for ever); a user's `kubectl delete` of another pod shows the policy logs deletes.
    No eviction follows: upstream's processPodOnNode cancels it for a toleration for ever, and keeps the running
    timer (due at 378 s) for any finite value, so a pod still there at 470 s after a finite patch is overdue."""
    log = s7._audit_base(470)
    name = "web-5d8f7c9b6-x7k2p"
    s7._pod_create(log, 5, name)
    s7._pod_bind(log, 6, name, "worker-b")
    s7._pod_create(log, 7, "api-6c4d9f8b7-q9w8e")
    s7._pod_bind(log, 8, "api-6c4d9f8b7-q9w8e", "worker-a")
    tols = [
        {"key": k, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300} for k in (NOTREADY, UNREACH)
    ]
    if seconds is None:
        del tols[1]["tolerationSeconds"]
    else:
        tols[1]["tolerationSeconds"] = seconds
    patch = {"spec": {"tolerations": tols}}
    ref = {"resource": "pods", "namespace": "default", "name": name, "apiVersion": "v1"}
    log.ev(150, *s7.ADMIN, "patch", ref, patch, level="RequestResponse", ua=s7.KUBECTL)
    pod = {
        "kind": "Pod",
        "apiVersion": "v1",
        "metadata": {"name": name, "namespace": "default"},
        "spec": {
            "nodeName": "worker-b",
            "containers": [{"name": "web", "image": "nginx:1.27", "resources": {"requests": {"cpu": "100m"}}}],
            "tolerations": tols,
        },
    }
    log.lines[-1][1]["responseObject"] = pod
    s7._pod_delete(log, 200, "api-6c4d9f8b7-q9w8e", s7.ADMIN, s7.KUBECTL)
    return s7._audit_files(log)


@scenario
def audit_toleration_patched_forever() -> Files:
    return _audit_toleration_patch(None)


@scenario
def audit_toleration_patched_longer_not_evicted() -> Files:
    return _audit_toleration_patch(3600)


# -- 9b. pods with schedulingGates ---------------------------------------------------------------------------------
def _gated(seed: int, cordoned: bool) -> Files:
    """A pod created with `spec.schedulingGates` (a queue controller's gate: Kueue's
    kueue.x-k8s.io/admission): Pending, PodScheduled False "SchedulingGated"; the scheduler's SchedulingGates
    PreEnqueue plugin keeps it out of the queue until the gates are removed at 60 s; it is bound 1 s later.
    ``cordoned``: worker-2, where it is bound, was cordoned at 30 s (and has the unschedulable taint since):
    upstream's NodeUnschedulable and TaintToleration filters reject it, so that binding is the scheduler's
    error (the pod was not schedulable before 60 s: the decision came after the cordon)."""
    c = Sim(seed=seed)
    base(c, web=0)
    p = c.pod("default", "train-7c9d8b6f5-g4t2k", None, created=-5, labels={"app": "train"})
    p["spec"]["schedulingGates"] = [{"name": "kueue.x-k8s.io/admission"}]
    p["status"]["conditions"] = [
        {
            "type": "PodScheduled",
            "status": "False",
            "lastProbeTime": None,
            "lastTransitionTime": ts(-5),
            "reason": "SchedulingGated",
            "message": "Scheduling is blocked due to non-empty scheduling gates",
        }
    ]
    c.start()
    c.advance(30)
    if cordoned:
        s6._cordon(c, "worker-2")
    c.advance(60)
    del p["spec"]["schedulingGates"]
    c.emit("MODIFIED", p)
    c.advance(61)
    s6._bind(c, "default/train-7c9d8b6f5-g4t2k", "worker-2")
    c.advance(120)
    return _all(c)


@scenario
def scheduling_gates_removed_then_bound() -> Files:
    return _gated(895, False)


@scenario
def scheduling_gates_bound_to_cordoned() -> Files:
    return _gated(895, True)


# -- 10. status heartbeats older than 5 minutes next to fresh Leases ------------------------------------------------
def _stale_status(seed: int, nlc: bool) -> Files:
    """Every kubelet last posted its status 300-310 s before the capture (nodeStatusReportFrequency 5 min,
    checked every nodeStatusUpdateFrequency 10 s) and renews its Lease (renewTime in microseconds) every 10 s:
    tryUpdateNodeHealth takes the Lease as the heartbeat. worker-2 dies at 30 s; marked (or, ``nlc=False``,
    never)."""
    c = Sim(seed=seed, nlc=nlc)
    c.add_node("cp-1", zone="eu-west-1a", cp=True, hb_age=306)
    for i in range(3):
        c.add_node(f"worker-{i + 1}", zone="eu-west-1a", hb_age=300 + 3 * i)
    for n in sorted(c.nodes):
        c.pod("default", f"web-{n}-5d8f7c9b6-q1", n, labels={"app": "web"})
    c.start()
    c.advance(30)
    _kill(c, ["worker-2"])
    c.advance(c.t + 200)
    return _all(c)


@scenario
def status_stale_leases_fresh() -> Files:
    return _stale_status(881, True)


@scenario
def status_stale_leases_fresh_never_marked() -> Files:
    return _stale_status(881, False)


# -- 11. the Lease watch started long after the Node watch -----------------------------------------------------------
def _leases_late(seed: int, nlc_off_at: float | None) -> Files:
    """`kubectl get nodes,pods -A -w --output-watch-events -o json` from 0 s; the Lease watch only from 1500 s
    (someone remembered it). worker-2 dies at 300 s (marked, tainted, its pod evicted; its Lease in the late
    list is the last one it renewed, at ~300 s: a write at that resourceVersion, so its heartbeat is judged);
    worker-3 dies at 1600 s, inside the Lease watch: marked 50 s later. ``nlc_off_at``: the node lifecycle
    controller stops then (1600: worker-3 never marked; 0: neither, and nothing else about worker-2 shows
    that it died before the Lease list but its Lease)."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    if nlc_off_at == 0:
        c.nlc = False
    c.advance(300)
    _kill(c, ["worker-2"])
    c.advance(1500)
    lease_start = c.t
    c.advance(1600)
    if nlc_off_at is not None:
        c.nlc = False
    _kill(c, ["worker-3"])
    c.advance(c.t + 150)
    files = _all(c)
    # the Lease watch: its list at 1500 s (the Leases as they were then), then its events
    out = []
    state: dict[str, dict[str, Any]] = {}
    for t, kind, typ, obj in c.out:
        if kind != "Lease":
            continue
        if t < lease_start:
            state[obj["metadata"]["name"]] = obj
            continue
        if state:
            out.extend(s7._ev("ADDED", o) for _, o in sorted(state.items()))
            state = {}
        out.append(s7._ev(typ, obj))
    files["leases.json"] = "".join(out)
    return files


@scenario
def leases_watch_started_late() -> Files:
    return _leases_late(891, None)


@scenario
def leases_watch_started_late_never_marked() -> Files:
    return _leases_late(891, 1600)


@scenario
def leases_watch_started_late_early_death_never_marked() -> Files:
    return _leases_late(891, 0)


# -- writing --------------------------------------------------------------------------------------------------------
#: situations6's writer: every file of a capture, those over 20 kB gzipped with mtime 0 (byte-identical)
def main() -> None:
    s6.write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()
