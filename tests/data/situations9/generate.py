"""Write the captures of tests/data/situations9 (run: python tests/data/situations9/generate.py [NAME...]).

Round 9 of operators' situations, on audit logs and late-started captures: a pod whose not-ready and unreachable
tolerations differ on a Node tainted only not-ready (the kubelet's own Ready=False), and the condition-taint swap
while its timer runs; managed-cluster audit policies (Nodes and Leases at Metadata, node Lease updates at None,
``omitStages: RequestReceived``) and refused writes (409 Conflict, 422 Invalid); a pods or Nodes watch started long
after the others; two API servers' logs interleaved out of order; a log rotated mid-capture; audit events about
core/v1 Events; a kubelet's certificate renewed (rotateCerts) while its Node is Unknown. Watch captures are played
on situations7's ``Sim``; audit logs are written with situations3's ``gen_audit.Log`` and situations7's pod
writers, imported through situations8's generator, not copied. Expected verdicts and the upstream reasons:
tests/test_oracle_situations9.py.
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
_spec = importlib.util.spec_from_file_location("s8gen", os.path.join(HERE, "..", "situations8", "generate.py"))
assert _spec is not None and _spec.loader is not None
s8 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s8)
s7, s6, ga = s8.s7, s8.s6, s8.ga
from generate import base  # noqa: E402  (realworld2, put on sys.path by situations6's generator)
from sim import NOTREADY, UNREACH  # noqa: E402

Sim = s7.Sim
Files = dict[str, str | bytes]
SCENARIOS: dict[str, Callable[[], Files]] = {}
NODE_UA = "kubelet/v1.31.4 (linux/amd64) kubernetes/a78aa47"
LEASE = {"namespace": "kube-node-lease", "apiGroup": "coordination.k8s.io", "apiVersion": "v1", "resource": "leases"}
CONDS = ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready")


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


# -- audit-log building blocks (situations3's Log, situations7's pod writers) -------------------------------------
def _log(b_until: float, a_until: float, b_from: float = 0.0) -> ga.Log:
    """situations3's two kubelets created at 0 s, worker-a renewing its Lease every 10 s until ``a_until``,
    worker-b from ``b_from`` until ``b_until`` (its kubelet stops then)."""
    log = ga.Log()
    log.rv = 5000
    for e in ga.creations():
        log.lines.append((0.0, e))
    for i, (n, until) in enumerate((("worker-a", a_until), ("worker-b", b_until))):
        k = 0
        while 1 + i * 0.3 + 10 * k <= until:
            t = 1 + i * 0.3 + 10 * k
            if t >= b_from or n == "worker-a":
                _lease(log, t, n)
            k += 1
    return log


def _lease(log: ga.Log, t: float, node: str, by: str | None = None, code: int = 200) -> None:
    log.ev(t, f"system:node:{by or node}", ga.NODE_GROUPS, "update", {**LEASE, "name": node})
    log.lines[-1][1]["responseStatus"]["code"] = code


def _status(log: ga.Log, t: float, node: str, ready: str, reason: str, message: str, by: str | None = None) -> None:
    """The kubelet's status patch (Request level): every kubelet condition heartbeated, Ready as given."""
    conds = [
        {
            "type": c,
            "status": ready if c == "Ready" else "False",
            "reason": reason if c == "Ready" else "KubeletHas" + c.replace("Pressure", "Ok"),
            "message": message if c == "Ready" else "",
            "lastHeartbeatTime": ga.sec(t),
            "lastTransitionTime": ga.sec(t),
        }
        for c in CONDS
    ]
    log.ev(
        t,
        f"system:node:{by or node}",
        ga.NODE_GROUPS,
        "patch",
        {"resource": "nodes", "name": node, "apiVersion": "v1", "subresource": "status"},
        {"status": {"conditions": conds}},
        level="Request",
        ua=NODE_UA,
    )


def _unknown(log: ga.Log, t: float, node: str, last_hb: float) -> None:
    """tryUpdateNodeHealth past the grace period: every kubelet condition Unknown in one status update."""
    conds = [
        {
            "type": c,
            "status": "Unknown",
            "reason": "NodeStatusUnknown",
            "message": "Kubelet stopped posting node status.",
            "lastHeartbeatTime": ga.sec(last_hb),
            "lastTransitionTime": ga.ts(t),
        }
        for c in CONDS
    ]
    ref = {"resource": "nodes", "name": node, "apiVersion": "v1", "subresource": "status"}
    log.ev(t, *ga.NC, "patch", ref, {"status": {"conditions": conds}}, level="Request", ua=ga.NC_UA)


def _taints(log: ga.Log, t: float, node: str, taints: list[tuple[str, str]], code: int = 200) -> None:
    """The node lifecycle controller's PatchNodeTaints: the whole new list (a merge patch replaces it)."""
    body = {
        "metadata": {"resourceVersion": str(log.rv)},
        "spec": {"taints": [{"key": k, "effect": e, "timeAdded": ga.sec(t)} for k, e in taints]},
    }
    log.ev(
        t, *ga.NC, "patch", {"resource": "nodes", "name": node, "apiVersion": "v1"}, body, level="Request", ua=ga.NC_UA
    )
    log.lines[-1][1]["responseStatus"]["code"] = code
    if code >= 400:
        log.lines[-1][1]["responseStatus"].update(status="Failure", reason="Conflict" if code == 409 else "Invalid")


def _pod(log: ga.Log, t: float, name: str, node: str, tols: list[dict[str, Any]] | None = None) -> None:
    """situations7's ReplicaSet pod creation (RequestResponse) with ``tols`` in place of the default ones,
    bound a second later by the scheduler."""
    s7._pod_create(log, t, name)
    if tols is not None:
        e = log.lines[-1][1]
        e["requestObject"]["spec"]["tolerations"] = copy.deepcopy(tols)
        e["responseObject"]["spec"]["tolerations"] = copy.deepcopy(tols)
    s7._pod_bind(log, t + 1, name, node)


def _evict(log: ga.Log, t: float, name: str) -> None:
    """The taint-eviction controller: DisruptionTarget DeletionByTaintManager, then its DELETE."""
    cond = {
        "type": "DisruptionTarget",
        "status": "True",
        "reason": "DeletionByTaintManager",
        "message": "Taint manager: deleting due to NoExecute taint",
        "lastTransitionTime": ga.sec(t),
    }
    ref = {"resource": "pods", "namespace": "default", "name": name, "apiVersion": "v1", "subresource": "status"}
    log.ev(t, *ga.NC, "patch", ref, {"status": {"conditions": [cond]}}, level="Request", ua=ga.NC_UA)
    s7._pod_delete(log, t + 0.02, name, ga.NC, ga.NC_UA)


def _tol(key: str, seconds: int | None) -> dict[str, Any]:
    t: dict[str, Any] = {"key": key, "operator": "Exists", "effect": "NoExecute"}
    if seconds is not None:
        t["tolerationSeconds"] = seconds
    return t


def _lines(log: ga.Log) -> list[dict[str, Any]]:
    return [e for _, e in sorted(log.lines, key=lambda x: x[1]["stageTimestamp"])]


def _jsonl(events: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events)


WEB = "web-5d8f7c9b6-x7k2p"
API = "api-6c4d9f8b7-q9w8e"
RUNTIME_DOWN = "container runtime is down"


# -- 1. tolerations that differ between not-ready and unreachable -------------------------------------------------
def _runtime_down(evict_at: float | None, swap_at: float | None = None) -> Files:
    """An audit log: worker-b's containerd goes down at 30 s; its kubelet posts Ready=False itself (its Lease goes
    on renewing), the node-controller adds not-ready:NoSchedule at once and not-ready:NoExecute at the next pass
    (35 s). The web pod tolerates not-ready for 300 s and unreachable for 30 s. Upstream's processPodOnNode takes
    getMinTolerationTime over the tolerations *matching the Node's current NoExecute taints* (GetMatchingTolerations):
    300 s, due at 335 s. ``swap_at``: the kubelet stops at ``swap_at - 55`` and the controller marks the Node Unknown
    and swaps not-ready for unreachable (SwapNodeControllerTaint: add, then remove): processPodOnNode finds the
    scheduled eviction and, as CreatedAt + 30 s is before now + 30 s, returns: the running work (created at 35 s,
    firing at 335 s) is kept. ``evict_at``: when the taint-eviction controller deletes the pod (None: never)."""
    b_until = swap_at - 55 if swap_at is not None else 470
    log = _log(b_until, 470)
    _pod(log, 5, WEB, "worker-b", [_tol(NOTREADY, 300), _tol(UNREACH, 30)])
    _pod(log, 7, API, "worker-a")
    _status(log, 30, "worker-b", "False", "KubeletNotReady", RUNTIME_DOWN)
    _taints(log, 30.1, "worker-b", [(NOTREADY, "NoSchedule")])
    _taints(log, 35.1, "worker-b", [(NOTREADY, "NoSchedule"), (NOTREADY, "NoExecute")])
    if swap_at is not None:
        _unknown(log, swap_at - 5, "worker-b", 30)
        _taints(log, swap_at - 4.9, "worker-b", [(UNREACH, "NoSchedule"), (NOTREADY, "NoExecute")])
        _taints(log, swap_at, "worker-b", [(UNREACH, "NoSchedule"), (NOTREADY, "NoExecute"), (UNREACH, "NoExecute")])
        _taints(log, swap_at + 0.01, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    if evict_at is not None:
        _evict(log, evict_at, WEB)
    s7._pod_delete(log, 200, API, s7.ADMIN, s7.KUBECTL)  # (shows the policy logs pod deletions)
    return {"audit.log": _jsonl(_lines(log))}


@scenario
def audit_not_ready_toleration_evicted_at_300s() -> Files:
    return _runtime_down(335.3)


@scenario
def audit_not_ready_toleration_never_evicted() -> Files:
    return _runtime_down(None)


@scenario
def audit_taint_swap_timer_kept() -> Files:
    return _runtime_down(335.3, swap_at=160)


@scenario
def audit_taint_swap_timer_restarted() -> Files:
    # a controller that starts a new 300 s timer at the swap: the pod is still there at 470 s, past 335 s
    return _runtime_down(None, swap_at=160)


# -- 2. managed-cluster audit policies and refused writes ----------------------------------------------------------
def _managed(by: str) -> Files:
    """A managed control plane's policy (GCE's configure-helper.sh create-master-audit-policy and its kin:
    ``omitStages: [RequestReceived]``, Nodes written by anyone but the kubelets' status at ``Metadata``, node Lease
    updates at ``None``, pods at ``Request``). worker-b's kubelet stops at 20 s; the node-controller marks it
    Unknown and taints it (bodies not logged). What the metadata shows is still judged: who wrote which Node
    (objectRef, user, verb, code). ``by``: the kubelet that posts worker-b's status at 10 s (worker-a's: a write
    NodeRestriction refuses, admitNode "node %q is not allowed to modify node %q", logged as allowed with 200)."""
    log = _log(20, 300)
    log.lines = [(t, e) for t, e in log.lines if e["objectRef"].get("resource") != "leases"]
    for _, e in log.lines:
        if e["verb"] == "create":
            e.pop("requestObject", None)
            e["level"] = "Metadata"
    for n, t in (("worker-a", 10.0), ("worker-b", 10.3), ("worker-a", 250.0)):
        _status(
            log, t, n, "True", "KubeletReady", "kubelet is posting ready status", by=by if n == "worker-b" else None
        )
    _unknown(log, 73, "worker-b", 10.3)
    _taints(log, 73.1, "worker-b", [(UNREACH, "NoSchedule")])
    _taints(log, 78.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    for _, e in log.lines:
        if e["user"]["username"] == ga.NC[0]:
            e.pop("requestObject", None)
            e["level"] = "Metadata"
    return {"audit.log": _jsonl(_lines(log))}


@scenario
def audit_managed_policy_metadata() -> Files:
    return _managed("worker-b")


@scenario
def audit_managed_policy_other_kubelet_writes() -> Files:
    return _managed("worker-a")


def _lease_conflicts(marked: bool) -> Files:
    """worker-b's kubelet keeps sending Lease updates from 20 s on, every one refused with 409 Conflict (a stale
    resourceVersion: the API server's optimistic concurrency, GuaranteedUpdate's conflict; the kubelet's
    controller.go ensureLease/retryUpdateLease gets the Lease again and the next update conflicts again, a
    Lease another writer keeps changing). A refused update writes nothing: renewTime stays at 11.3 s and the
    node lifecycle controller, which reads the Lease (tryUpdateNodeHealth), marks worker-b Unknown and taints it
    (73 s, 78 s). ``marked=False``: it never does."""
    log = _log(11.3, 300)
    k = 0
    while 21.3 + 10 * k <= 300:
        _lease(log, 21.3 + 10 * k, "worker-b", code=409)
        e = log.lines[-1][1]
        e["responseStatus"].update(
            status="Failure",
            reason="Conflict",
            message='Operation cannot be fulfilled on leases.coordination.k8s.io "worker-b": the object has been '
            "modified; please apply your changes to the latest version and try again",
        )
        k += 1
    if marked:
        _unknown(log, 63, "worker-b", 1.3)
        _taints(log, 63.1, "worker-b", [(UNREACH, "NoSchedule")])
        _taints(log, 68.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    return {"audit.log": _jsonl(_lines(log))}


@scenario
def audit_lease_conflicts_marked() -> Files:
    return _lease_conflicts(True)


@scenario
def audit_lease_conflicts_never_marked() -> Files:
    return _lease_conflicts(False)


def _binding_conflict(code: int) -> Files:
    """situations7's log (worker-b dies, unreachable:NoSchedule at 73 s). The web pod is bound to worker-a at 6 s;
    at 120 s a second scheduler profile (or a stale cache) binds it to the tainted worker-b: the binding REST's
    assignPod refuses it, "pod %v is already assigned to node %q" (409 Conflict); a pod created then bound to
    worker-b with ``code`` 201 is the scheduler's own error (TaintToleration Filter)."""
    log = s7._audit_base(300)
    _pod(log, 5, WEB, "worker-a")
    name = WEB if code == 409 else API
    if code != 409:
        s7._pod_create(log, 110, API)
    s7._pod_bind(log, 120, name, "worker-b")
    e = log.lines[-1][1]
    e["responseStatus"]["code"] = code
    if code == 409:
        e["responseStatus"].update(
            status="Failure",
            reason="Conflict",
            message=f'Operation cannot be fulfilled on pods/binding "{WEB}": '
            f'pod {WEB} is already assigned to node "worker-a"',
        )
    return {"audit.log": _jsonl(_lines(log))}


def _status_invalid(marked: bool) -> Files:
    """worker-b's Lease writes stop at 11.3 s (its kubelet cannot reach the coordination API through a broken
    webhook, say) while it goes on patching its Node's status every 10 s, each answered 422 Invalid (a condition
    the API server's validation refuses: ValidateNodeUpdate). A refused status write stores nothing:
    lastHeartbeatTime stays at 10.3 s and the node lifecycle controller marks worker-b Unknown (63 s).
    ``marked=False``: it never does."""
    log = _log(11.3, 300)
    _status(log, 10.3, "worker-b", "True", "KubeletReady", "kubelet is posting ready status")
    for k in range(28):
        _status(log, 20.5 + 10 * k, "worker-b", "True", "KubeletReady", "kubelet is posting ready status")
        log.lines[-1][1]["responseStatus"].update(
            code=422,
            status="Failure",
            reason="Invalid",
            message='Node "worker-b" is invalid: status.conditions[3].lastTransitionTime: Required value',
        )
    if marked:
        _unknown(log, 63, "worker-b", 10.3)
        _taints(log, 63.1, "worker-b", [(UNREACH, "NoSchedule")])
        _taints(log, 68.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    return {"audit.log": _jsonl(_lines(log))}


@scenario
def audit_status_invalid_marked() -> Files:
    return _status_invalid(True)


@scenario
def audit_status_invalid_never_marked() -> Files:
    return _status_invalid(False)


@scenario
def audit_binding_conflict_refused() -> Files:
    return _binding_conflict(409)


@scenario
def audit_binding_to_tainted_admitted() -> Files:
    return _binding_conflict(201)


# -- 3. a pods or Nodes watch started long after the others ---------------------------------------------------------
def _late(kind: str, seed: int, fault: str | None) -> Files:
    """The other watches from 0 s; `kubectl get pods -A -w` (``kind`` Pod) or `kubectl get nodes -w` (Node) only
    from 1500 s. worker-2's kubelet dies at 300 s (marked, tainted, its pods evicted), comes back at 700 s
    (Ready, taints removed: markNodeAsReachable), and a new web pod is bound to it at 800 s; worker-3 dies at
    1600 s, inside every watch, and is marked 50 s later. The late list shows the new pod on worker-2 (created at
    800 s) and worker-2 Ready: as of 1500 s, not of the capture's start; worker-3's web pods (DefaultTolerationSeconds
    300) are evicted 300 s after its unreachable:NoExecute taint. ``fault``: "never-marked" (the node lifecycle
    controller stops at 1600 s), "never-evicted" (the taint-eviction controller does)."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(300)
    s7._kill(c, ["worker-2"])
    c.advance(700)
    s8._revive(c, "worker-2")
    c.advance(800)
    c.pod("default", "web-5d8f7c9b6-n3w2k", "worker-2", created=c.t, labels={"app": "web"})
    c.advance(1500)
    late_from = c.t
    c.advance(1600)
    if fault == "never-marked":
        c.nlc = False
    if fault == "never-evicted":
        c.eviction = False
    s7._kill(c, ["worker-3"])
    c.advance(c.t + 420)
    files = s7._all(c)
    out = []
    state: dict[str, dict[str, Any]] = {}
    for t, k, typ, obj in c.out:
        if k != kind:
            continue
        key = (obj["metadata"].get("namespace") or "") + "/" + obj["metadata"]["name"]
        if t < late_from:
            if typ == "DELETED":
                state.pop(key, None)
            else:
                state[key] = obj
            continue
        if state:
            out.extend(s7._ev("ADDED", o) for _, o in sorted(state.items()))
            state = {}
        out.append(s7._ev(typ, obj))
    out.extend(s7._ev("ADDED", o) for _, o in sorted(state.items()))  # (a list no event followed)
    files["pods.json" if kind == "Pod" else "nodes.json"] = "".join(out)
    return files


@scenario
def pods_watch_started_late() -> Files:
    return _late("Pod", 901, None)


@scenario
def pods_watch_started_late_never_evicted() -> Files:
    return _late("Pod", 901, "never-evicted")


@scenario
def nodes_watch_started_late() -> Files:
    return _late("Node", 902, None)


@scenario
def nodes_watch_started_late_never_marked() -> Files:
    return _late("Node", 902, "never-marked")


# -- 1b. the same swap in a watch -------------------------------------------------------------------------------------
def _watch_swap(seed: int, evicts: bool) -> Files:
    """worker-1's containerd goes down at 20 s: its kubelet posts Ready=False (its Lease goes on), not-ready
    NoExecute at the next pass; at 120 s the kubelet stops, the Node is marked Unknown and the taint swapped to
    unreachable (SwapNodeControllerTaint). Its web pod tolerates not-ready 300 s and unreachable 30 s: the
    scheduled eviction (300 s from the not-ready taint) is kept through the swap (processPodOnNode).
    ``evicts=False``: the taint-eviction controller never deletes it."""
    c = Sim(seed=seed)
    base(c)
    tols = [_tol(NOTREADY, 300), _tol(UNREACH, 30)]
    c.pod("default", "web-5d8f7c9b6-t0l3r", "worker-1", tolerations=tols, labels={"app": "web"})
    c.start()
    c.advance(20)
    s7._set_cond(c, "worker-1", "Ready", "False", "KubeletNotReady", RUNTIME_DOWN)
    c.advance(120)
    s7._kill(c, ["worker-1"])
    if not evicts:
        c.eviction = False
    c.advance(480)
    return s7._all(c)


@scenario
def watch_taint_swap_timer_kept() -> Files:
    return _watch_swap(911, True)


@scenario
def watch_taint_swap_never_evicted() -> Files:
    return _watch_swap(911, False)


# -- 4. two API servers, a rotated log, core/v1 Events, a certificate renewed while Unknown ---------------------------
def _dies_log(marked: bool, evicted: bool) -> ga.Log:
    """situations7's log: worker-b's kubelet stops at 20 s, marked Unknown at 73 s, unreachable:NoExecute at 78 s;
    its web pod (DefaultTolerationSeconds 300) evicted at 378.3 s. ``marked=False``: the node-controller writes
    nothing about worker-b; ``evicted=False``: the taint-eviction controller never deletes the pod."""
    log = s7._audit_base(470)
    if not marked:
        log.lines = [(t, e) for t, e in log.lines if e["user"]["username"] != ga.NC[0]]
    _pod(log, 5, WEB, "worker-b")
    _pod(log, 7, API, "worker-a")
    if evicted and marked:
        _evict(log, 378.3, WEB)
    s7._pod_delete(log, 200, API, s7.ADMIN, s7.KUBECTL)
    return log


def _two_apiservers(marked: bool, one_file: bool) -> Files:
    """An HA control plane: two kube-apiservers behind a load balancer, each writing its own audit log of the
    requests it served (every client's connection lands on either). ``one_file``: a log shipper (fluent-bit tailing
    both) wrote them into one file in arrival order: each server's lines in order, the two interleaved up to 400 ms
    out of stageTimestamp order (the reader orders audit events by stageTimestamp, as the API servers' clocks,
    NTP-synchronised, stamp them)."""
    import random

    r = random.Random(93)
    lines = _lines(_dies_log(marked, True))
    a, b = [], []
    for e in lines:
        # (the node-controller's status update went to cp-2, its taint patches to cp-1: shipped, the taint
        # arrives before the Unknown it follows)
        status = e["objectRef"].get("subresource") == "status" and e["user"]["username"] == ga.NC[0]
        taint = e["objectRef"].get("resource") == "nodes" and e["user"]["username"] == ga.NC[0] and not status
        (b if status else a if taint else a if r.random() < 0.5 else b).append(e)
    for e in b:
        e["auditID"] = e["auditID"].replace("00000000-", "11111111-", 1)
    if not one_file:
        return {"kube-apiserver-cp-1-audit.log": _jsonl(a), "kube-apiserver-cp-2-audit.log": _jsonl(b)}

    # arrival order: cp-2's shipper lags up to 400 ms behind cp-1's
    def arrival(e: dict[str, Any], lag: float) -> float:
        import datetime as dt

        return dt.datetime.fromisoformat(e["stageTimestamp"].replace("Z", "+00:00")).timestamp() + lag

    merged = sorted(
        [(arrival(e, 0.0), 0, i, e) for i, e in enumerate(a)]
        + [(arrival(e, r.uniform(0.3, 0.4)), 1, i, e) for i, e in enumerate(b)]
    )
    return {"audit.log": _jsonl([e for *_, e in merged])}


@scenario
def audit_two_apiservers() -> Files:
    return _two_apiservers(True, False)


@scenario
def audit_two_apiservers_never_marked() -> Files:
    return _two_apiservers(False, False)


@scenario
def audit_shipped_out_of_order() -> Files:
    return _two_apiservers(True, True)


@scenario
def audit_shipped_out_of_order_never_marked() -> Files:
    return _two_apiservers(False, True)


def _rotated(evicted: bool) -> Files:
    """kube-apiserver --audit-log-maxsize: the log rotated at 200 s (audit.log.1 up to it, audit.log after it;
    lumberjack renames the full file and opens a new one). The eviction (378.3 s) is in the second file only."""
    lines = _lines(_dies_log(True, evicted))
    cut = next(i for i, e in enumerate(lines) if e["stageTimestamp"] >= ga.ts(200))
    return {"audit.log.1": _jsonl(lines[:cut]), "audit.log": _jsonl(lines[cut:])}


@scenario
def audit_rotated_mid_capture() -> Files:
    return _rotated(True)


@scenario
def audit_rotated_never_evicted() -> Files:
    return _rotated(False)


def _core_events(marked: bool) -> Files:
    """The same log with the Events the components record (a policy logging ``events`` at Request): the kubelet's
    "Starting kubelet." and "NodeReady" and the node-controller's "NodeNotReady" (its
    recordNodeStatusChange) and the taint-eviction controller's "TaintManagerEviction". They are core/v1 Event
    objects inside audit events (objectRef.resource "events"): not a node's state. ``marked=False``: the
    node-controller records NodeNotReady but never writes the Node (an Event says nothing happened to it)."""
    log = _dies_log(marked, marked)

    def event(t: float, user: tuple[str, list[str]], ua: str, obj: str, reason: str, msg: str, ns: str) -> None:
        body = {
            "kind": "Event",
            "apiVersion": "v1",
            "metadata": {"name": f"{obj}.18a{int(t * 1000):x}", "namespace": ns},
            "involvedObject": {"kind": "Node" if ns == "default" and obj.startswith("worker") else "Pod", "name": obj},
            "reason": reason,
            "message": msg,
            "type": "Normal",
            "count": 1,
            "firstTimestamp": ga.sec(t),
            "lastTimestamp": ga.sec(t),
        }
        ref = {"resource": "events", "namespace": ns, "apiVersion": "v1"}
        log.ev(t, *user, "create", ref, body, level="Request", ua=ua)
        log.lines[-1][1]["responseStatus"]["code"] = 201

    kubelet = ("system:node:worker-b", ga.NODE_GROUPS)
    event(0.3, kubelet, NODE_UA, "worker-b", "Starting", "Starting kubelet.", "default")
    event(0.4, kubelet, NODE_UA, "worker-b", "NodeReady", "Node worker-b status is now: NodeReady", "default")
    event(73.0, ga.NC, ga.NC_UA, "worker-b", "NodeNotReady", "Node worker-b status is now: NodeNotReady", "default")
    if marked:
        event(378.2, ga.NC, ga.NC_UA, WEB, "TaintManagerEviction", f"Marking for deletion Pod default/{WEB}", "default")
    lines = _lines(log)
    # an operator's `kubectl get events -o json | jq -c .items[]` appended into the same file: a bare core/v1 Event
    # (no audit wrapper), counted as ignored, never read as what it reports
    bare = next(
        e["requestObject"] for e in lines if e["objectRef"].get("resource") == "events" and "NotReady" in json.dumps(e)
    )
    return {"audit.log": _jsonl([*lines, bare])}


@scenario
def audit_with_core_events() -> Files:
    return _core_events(True)


@scenario
def audit_with_core_events_never_marked() -> Files:
    return _core_events(False)


def _csr_renewal_while_unknown(sheds: bool) -> Files:
    """worker-b's kubelet stops at 20 s (marked Unknown at 73 s, unreachable taints at 73/78 s). It comes back at
    300 s with its client certificate about to expire: client-go's certificate manager (rotateCerts) creates a CSR
    for CN system:node:worker-b authenticated *as* system:node:worker-b (the certificate it holds), which the
    csrapprover approves (sarapprove.go isSelfNodeClientCert, the selfnodeclient subresource check); the kubelet
    renews its Lease and posts Ready=True, and the node lifecycle controller removes the unreachable taints
    at its next pass (markNodeAsReachable and doNoScheduleTaintingPass). No new TLS bootstrap: the kubelet held a
    certificate throughout. ``sheds=False``: the controller never removes them."""
    import importlib

    sys.path.insert(0, os.path.join(HERE, "..", ".."))
    tables = importlib.import_module("test_upstream_tables9")
    log = s7._audit_base(470)
    log.lines = [(t, e) for t, e in log.lines if e["objectRef"].get("resource") != "pods"]
    csr = "csr-r7x2b"
    spec = {
        "request": tables._csr_request("system:node:worker-b"),
        "signerName": "kubernetes.io/kube-apiserver-client-kubelet",
        "usages": ["digital signature", "client auth"],
    }
    body = {
        "kind": "CertificateSigningRequest",
        "apiVersion": "certificates.k8s.io/v1",
        "metadata": {"generateName": "csr-"},
        "spec": spec,
    }
    ref = {"resource": "certificatesigningrequests", "apiGroup": "certificates.k8s.io", "apiVersion": "v1"}
    log.ev(300, "system:node:worker-b", ga.NODE_GROUPS, "create", ref, body, level="RequestResponse", ua=NODE_UA)
    e = log.lines[-1][1]
    e["responseStatus"]["code"] = 201
    e["responseObject"] = {**body, "metadata": {"name": csr}}
    approval = {
        "kind": "CertificateSigningRequest",
        "apiVersion": "certificates.k8s.io/v1",
        "metadata": {"name": csr},
        "spec": spec,
        "status": {
            "conditions": [
                {
                    "type": "Approved",
                    "status": "True",
                    "reason": "AutoApproved",
                    "message": "Auto approving self kubelet client certificate after SubjectAccessReview.",
                }
            ]
        },
    }
    approver = ("system:serviceaccount:kube-system:certificate-controller", ga.NC[1])
    log.ev(
        300.2,
        *approver,
        "update",
        {**ref, "name": csr, "subresource": "approval"},
        approval,
        level="Request",
        ua=ga.NC_UA.replace("node-controller", "certificate-controller"),
    )
    for k in range(17):
        _lease(log, 301.3 + 10 * k, "worker-b")
    _status(log, 301.5, "worker-b", "True", "KubeletReady", "kubelet is posting ready status")
    if sheds:
        _taints(log, 305.0, "worker-b", [])
    return {"audit.log": _jsonl(_lines(log))}


@scenario
def audit_csr_renewed_while_unknown() -> Files:
    return _csr_renewal_while_unknown(True)


@scenario
def audit_csr_renewed_taints_kept() -> Files:
    return _csr_renewal_while_unknown(False)


# -- writing --------------------------------------------------------------------------------------------------------
def main() -> None:
    s6.write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()
