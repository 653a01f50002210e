"""Upstream unit-test tables, round 11: the taint-eviction controller's timed workers and the kubelet's
admission, each over-time row in two input kinds (a kubectl watch capture and an audit log).

Rounds 7-10 ported the taint-eviction controller's tables (TestCreatePod ... TestEventualConsistency), the
node lifecycle controller's, PodGC's, the kubelet's registration and status tables, NodeRestriction,
NodeTaint admission and the scheduler's plugins. Upstream files and commits ported here:

* ``pkg/controller/tainteviction/timed_workers_test.go`` @ 132c00c1: TestExecute, TestExecuteDelayed,
  TestCancel, TestCancelAndRead (TestRunningWorkerCompletionDoesNotRemoveReplacement's two rows are
  documented skips: the queue's bookkeeping while a worker runs). The work queue behind every NoExecute
  eviction: ``AddWork(args, createdAt, fireAt)`` runs the eviction at fireAt, a second AddWork of a key
  already queued is ignored, ``CancelWork`` drops it. A row becomes a cluster in which the work items are
  pods ``1``..``5`` on node ``w-4`` (registered during the capture, so that an audit log holds its
  creation), and the work is what ``taint_eviction.go`` processPodOnNode queues when ``kubectl taint`` puts
  ``testTaint1=test1:NoExecute`` on it: ``now, now`` is a pod that does not tolerate the taint (deleted at
  once), ``now, then`` (then = now + 10 s) one tolerating it with ``tolerationSeconds: 10``. A second
  AddWork of the same key is a second NoExecute taint the pods tolerate as long (processPodOnNode keeps the
  running worker: ``startTime.Add(minTolerationTime).Before(triggerTime)``). ``CancelWork`` of one key is
  what processPodOnNode does when that pod's update leaves it tolerating every NoExecute taint for ever (its
  toleration's ``tolerationSeconds`` removed: validateOnlyAddedTolerations allows changing only that); the
  re-add of TestCancelAndRead is the same pod patched back to ``tolerationSeconds: 10``, whose new worker
  starts then (processPodOnNode: no scheduled eviction, ``startTime = now``).

  Each row is judged as a watch capture and as the audit log of the same story (:func:`audit_log`):
  the controller doing what the row asserts conforms; its deviating twin (a work item that never runs,
  a cancelled one that runs; one run before its fireAt is not judged on captures: eviction-not-early) is
  flagged by the matching property,
  naming the pod.

* ``pkg/kubelet/lifecycle/predicate_test.go`` @ 00991fb9: TestGeneralPredicates, the rows about taints
  and cpu, through the rule helpers: the kubelet's admission (``predicateAdmitHandler.generalFilter``)
  refuses a non-static pod with an untolerated *NoExecute* taint only (``TolerationsTolerateTaints
  WithFilter`` with ``t.Effect == v1.TaintEffectNoExecute``), which is ``find_matching_untolerated_taint``
  with that filter; the cpu rows are ``noderesources.Fits`` on the pods' cpu requests against
  allocatable (``pod_request``, ``cpu_millis``). The other rows (host name, host ports, node affinity,
  memory) and the file's other tests (OS selector and field, supplemental groups policy, extended
  resources) are documented skips: no model state.

* ``staging/src/k8s.io/component-helpers/apimachinery/lease/controller_test.go`` @ 047a6b9f: TestNewNodeLease
  (its four rows; TestRetryUpdateNodeLease and TestUpdateUsingLatestLease are round 8's documented skips):
  the kubelet's Lease as ``newLease`` writes it (renewTime now, the Node owner reference once the Node
  exists) keeps w-4 Ready; the twin, the controller marking it Unknown all the same, is flagged; writes that
  keep the old renewTime are no heartbeat, and the controller marking it Unknown then conforms.

* ``pkg/controller/nodelifecycle/scheduler/rate_limited_queue_test.go`` @ 3521a3e2: TestAddNode, TestDelNode
  (its three Removes), TestTry, TestAddAfterTry, as a zone of six Nodes whose lives the capture holds: the
  zone's NoExecute queue (zoneNoExecuteTainter) taints the three that go Unknown one every 10 s, never one
  whose kubelet came back before its turn (markNodeAsReachable's Remove); TestTryOrdering,
  TestTryRemovingWhileTry, TestClear, TestSwapLimiter are documented skips (retries, lock interleaving and
  rates no capture shows).

* Round 7's taint_eviction_test.go rows (``tests/test_upstream_tables7.py``, watch captures only) in the
  second input kind: its stories, unchanged and imported, judged as audit logs.

Findings (fixed in ``oracle/audit.py``; the rows here are their tests, each fails without its fix):

1. ``kubectl taint`` of a Node was not read from an audit log (only the node lifecycle controller's taints
   were), so every taint-eviction deletion under a user's NoExecute taint was a false
   ``eviction-only-when-due`` (TestExecute, every round-7 row that evicts), and a pod left running under one
   was missed. The taint-eviction controller acts on every NoExecute taint (taint_eviction.go
   handleNodeUpdate -> processPodOnNode over getNoExecuteTaints). Now read as the watch reader reads it
   (the user-taint slot, ``node_vars``).
2. A pod created with ``spec.nodeName``, a scheduler binding, and a pod's toleration patch were judged
   against the controller's taints only, not the Node's (TestGeneralPredicates "NoExecute taint/toleration
   not match" missed; TestCancel's cancelled pods flagged; "scheduling onto tainted Node with toleration"
   falsely flagged twice). Now against the Node's taints as the log last showed them.
3. A Node deleted and registered again while its pods are still bound (PodGC's quarantine,
   TestCreateNode): its pods were taken as gone, so their eviction was a false ``eviction-only-when-due``.
   Now re-adopted, as the watch reader does.
4. A kubelet's status post for a Node created before the log was read as a post on a Node the model knows
   no object of: a false ``absent-node-has-no-object-data`` on every audit log of a running cluster whose
   kubelets post status (the API server answers 404 to a status patch of a Node that does not exist).
5. The node lifecycle controller's NoExecute taint patches were read as "it synced" without what it wrote,
   so one tainting a Node already Ready again (rate_limited_queue_test.go's twins) was missed; the written
   taints are now the event's expectation, as in the watch reader.
6. Every write of a kubelet's Lease was read as a renewal, although the controller counts one only when
   renewTime moves past the one it saved (tryUpdateNodeHealth): a controller rightly marking Unknown a
   kubelet whose renewTime stood still was a false ``heartbeating-node-stays-known`` (TestNewNodeLease).
   Now the logged body's renewTime must move, as in the watch reader.

Every documented skip is in :data:`SKIPS` (test, row) -> why.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nodereg.model import rules as r
from nodereg.oracle import check
from nodereg.oracle.k8s import cpu_millis, pod_request

sys.path.insert(0, str(Path(__file__).parent))
import capturegen as cg
import simaudit as sa

#: every documented skip of this file: (test, row) -> why
SKIPS: dict[tuple[str, str], str] = {}

Found = set[tuple[str, str | None, str | None]]

# -------------------------------------------------------------------------------------------------
# An audit log of a capturegen story: the requests that made the watch's events
# -------------------------------------------------------------------------------------------------

#: the identities that make the requests (the shared audit-event builder's, tests/simaudit.py)
NC, ADMIN, SCHEDULER, RS, _kubelet = sa.NC, sa.ADMIN, sa.SCHEDULER, sa.RS, sa._kubelet


def audit_log(c: cg.Cluster, when: dict[int, float]) -> list[dict[str, Any]]:
    """The audit events (``audit.k8s.io/v1``, RequestResponse) of the requests behind ``c``'s watch events.

    ``when`` maps an event's index to its time (the story records it as it runs; see :class:`Timed`). The
    list before the watch is not in the log (its objects were created before it): as on a running
    cluster, the log begins with the watch. Who made each request is what makes it in a cluster:
    the kubelet creates its Node and Lease and posts its status (nodes/status), the node lifecycle
    controller marks Unknown and writes its taints, ``kubectl`` (kubernetes-admin) taints and patches,
    the scheduler binds (pods/binding), the taint-eviction controller (node-controller's service account:
    cmd/kube-controller-manager/app/core.go startTaintEvictionController) patches DisruptionTarget and
    deletes, the kubelet's final delete removes the pod.
    """
    out: list[dict[str, Any]] = []
    prev: dict[tuple[str, str], dict[str, Any]] = {}
    for i, (kind, typ, obj) in enumerate(c.events):
        meta = obj["metadata"]
        key = (kind, f"{meta.get('namespace', '')}/{meta['name']}")
        old = prev.get(key)
        prev[key] = obj
        if i < c._snap_len:
            continue
        t = when[i]
        for who, verb, ref, req, resp in _requests(kind, typ, obj, old):
            out.append(sa.audit_event(t, who, verb, ref, req, resp, len(out), cg.ts_micro))
    return out


def _requests(
    kind: str, typ: str, obj: dict[str, Any], old: dict[str, Any] | None
) -> list[tuple[tuple[str, list[str]], str, dict[str, Any], Any, Any]]:
    meta = obj["metadata"]
    name, ns = meta["name"], meta.get("namespace")
    if kind == "Lease":
        ref = {"resource": "leases", "namespace": "kube-node-lease", "name": name, "apiGroup": "coordination.k8s.io"}
        return [(_kubelet(name), "create" if typ == "ADDED" else "update", ref, obj, obj)]
    if kind == "Node":
        ref = {"resource": "nodes", "name": name, "apiVersion": "v1"}
        if typ == "ADDED":
            # the kubelet's body; the response is the Node as stored (NodeTaint admission's taint in it)
            return [(_kubelet(name), "create", ref, sa.node_request(obj), obj)]
        if typ == "DELETED":
            return [(ADMIN, "delete", ref, None, None)]
        assert old is not None
        reqs = []
        if old.get("spec") != obj.get("spec"):
            # the latest writer; managedFields times are whole seconds, so of two in one second the later entry
            # (was: the first, so the controller's removal of the not-ready taint 0.3 s after registration was
            # logged as kubernetes-admin's, and no audit log held a Node write of the node lifecycle controller)
            last = max(reversed(meta.get("managedFields", [])), key=lambda m: m["time"])["manager"]
            who = NC if last == "kube-controller-manager" else ADMIN
            body = {"spec": obj["spec"]}
            if old["spec"].get("unschedulable") and not obj["spec"].get("unschedulable"):
                # kubectl uncordon's strategic merge patch names the field it clears (CreateTwoWayMergePatch:
                # ``"unschedulable": null``); a patch that leaves a field out leaves it as it was
                body = {"spec": {**obj["spec"], "unschedulable": None}}
            reqs.append((who, "patch", ref, body, obj))
        if old.get("status") != obj.get("status"):
            ready = [x.get("reason") for x in obj["status"].get("conditions", []) if x.get("type") == "Ready"]
            who = NC if set(ready) & {"NodeStatusUnknown", "NodeStatusNeverUpdated"} else _kubelet(name)
            if who is NC:  # tryUpdateNodeHealth's UpdateStatus: a PUT of the Node
                reqs.append((NC, "update", dict(ref, subresource="status"), obj, obj))
            else:  # the kubelet's PatchNodeStatus: a strategic merge patch of what changed
                reqs.append((who, "patch", dict(ref, subresource="status"), sa.status_patch(old, obj), obj))
        return reqs
    assert kind == "Pod"
    ref = {"resource": "pods", "namespace": ns, "name": name, "apiVersion": "v1"}
    node = obj["spec"].get("nodeName")
    if typ == "ADDED":
        body = {k: v for k, v in obj.items() if k != "status"}
        return [(RS, "create", {k: v for k, v in ref.items() if k != "name"}, body, obj)]
    if typ == "DELETED":
        # the kubelet's final delete (grace 0) once the containers stopped; an unbound pod's is its deleter's
        who = _kubelet(node) if node else ADMIN
        return [(who, "delete", ref, {"kind": "DeleteOptions", "gracePeriodSeconds": 0}, None)]
    assert old is not None
    if node and not old["spec"].get("nodeName"):
        binding = {"kind": "Binding", "apiVersion": "v1", "metadata": {"name": name, "namespace": ns}}
        binding["target"] = {"kind": "Node", "name": node}
        return [(SCHEDULER, "create", dict(ref, subresource="binding"), binding, None)]
    if "deletionTimestamp" in meta and "deletionTimestamp" not in old["metadata"]:
        by_te = any(x.get("reason") == "DeletionByTaintManager" for x in obj["status"].get("conditions", []))
        return [(NC if by_te else ADMIN, "delete", ref, {"kind": "DeleteOptions"}, obj)]
    if obj["spec"].get("tolerations") != old["spec"].get("tolerations"):
        return [(ADMIN, "patch", ref, {"spec": {"tolerations": obj["spec"]["tolerations"]}}, obj)]
    if obj.get("status") != old.get("status"):
        by_te = any(x.get("reason") == "DeletionByTaintManager" for x in obj["status"].get("conditions", []))
        return [(NC if by_te else _kubelet(node), "patch", dict(ref, subresource="status"), None, obj)]
    return []


class Timed(cg.Cluster):
    """capturegen's cluster that records when each watch event happened (for :func:`audit_log`)."""

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.now = cg.T0
        self.when: dict[int, float] = {}

    def _emit(self, kind: str, typ: str, obj: dict[str, Any]) -> None:
        self.when[len(self.events)] = self.now
        super()._emit(kind, typ, obj)

    def at(self, t: float, fn: Any, /, *args: Any, **kw: Any) -> None:
        def timed() -> None:
            self.now = t
            fn(*args, **kw)

        self.actions.append((t, len(self.actions), timed))

    def renew(self, name: str, t: float) -> None:
        self.now = t
        super().renew(name, t)

    def post_status(self, name: str, t: float, ready: str = "True", reason: str = "KubeletReady") -> None:
        self.now = t
        super().post_status(name, t, ready, reason)

    def finish_deletions(self, upto: float) -> None:
        for done, _key in sorted(self.later):
            if done <= upto:
                self.now = done
                break
        super().finish_deletions(upto)


KINDS = ("watch", "audit")


def judge(c: Timed, end: float, kind: str, tmp: Path) -> tuple[Found, list[str]]:
    """Run the story to ``end`` and judge it as ``kind`` (a kubectl watch capture, or its audit log)."""
    found, msgs, _ = judge_with_coverage(c, end, kind, tmp)
    return found, msgs


def judge_with_coverage(c: Timed, end: float, kind: str, tmp: Path) -> tuple[Found, list[str], dict[str, str]]:
    """:func:`judge`, with the report's coverage."""
    c.run(end)
    if kind == "watch":
        files = [str(p) for p in c.write(tmp)]
    else:
        tmp.mkdir(parents=True, exist_ok=True)
        path = tmp / "audit.log"
        events = audit_log(c, c.when)
        path.write_text("".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events))
        files = [str(path)]
    rep = check(files)
    assert rep.input_errors == [], rep.input_errors
    msgs = [f"{v.property} {v.node} {v.pod} t={v.t - cg.T0:.1f}: {v.message}" for v in rep.violations]
    return {(v.property, v.node, v.pod) for v in rep.violations}, msgs, dict(rep.coverage)


def join(c: Timed, name: str, t: float, end: float) -> None:
    """A kubelet registers ``name`` at t (capturegen.register_node: the Node created with its conditions,
    NodeTaint admission's not-ready:NoSchedule, the controller's pass removing it), creates its Lease
    (nodelease controller: ``leaseDurationSeconds`` 40, owned by the Node) and renews it every 10 s to ``end``:
    a Node whose whole life the capture (and its audit log) holds."""
    c.at(t, cg.register_node, c, name, t)

    def lease() -> None:
        obj = cg.node_lease(name, c._next_rv(), cg.ts(t + 0.5), cg.ts_micro(t + 0.5))
        c.leases[name] = obj
        c._emit("Lease", "ADDED", obj)

    c.at(t + 0.5, lease)
    k = t + 10.5
    while k <= end:
        c.at(k, _renew_unless_quiet, c, name, k)
        k += 10


def _renew_unless_quiet(c: Timed, name: str, t: float) -> None:
    if not c._quiet(name, t):
        c.renew(name, t)


# -------------------------------------------------------------------------------------------------
# timed_workers_test.go: the taint-eviction controller's work queue
# -------------------------------------------------------------------------------------------------

NODE = "w-4"
T_REG = cg.T0 + 2.0  # the kubelet of w-4 registers
T_POD = cg.T0 + 10.0  # pods 1..5 are created bound to it (upstream's fake clientset holds them so)
TT = cg.T0 + 30.0  # kubectl taint w-4 testTaint1=test1:NoExecute: "now" of the row
THEN = 10.0  # then = now.Add(10 * time.Second)
END = TT + 90.0
KEYS = ("1", "2", "3", "4", "5")
TAINT1 = {"key": "testTaint1", "value": "test1", "effect": "NoExecute"}
TAINT2 = {"key": "testTaint2", "value": "test2", "effect": "NoExecute"}


def _tol(taint: dict[str, Any], seconds: int | None) -> dict[str, Any]:
    """addToleration: Key/Value/Effect of the taint (Operator left empty: Equal)."""
    tol = {"key": taint["key"], "value": taint["value"], "effect": "NoExecute"}
    if seconds is not None:
        tol["tolerationSeconds"] = seconds
    return tol


def _pod(key: str) -> str:
    return f"default/pod-{key}"


def _cluster(delayed: bool, second_add: bool) -> Timed:
    """A kubeadm cluster; w-4 registers; pods 1..5 on it, tolerating testTaint1 (and testTaint2) for
    THEN seconds when the row's fireAt is ``then``; at TT kubectl taints w-4 (a second taint, TT+1, for
    the rows that AddWork every key twice)."""
    c = Timed()
    c.kubeadm(3)
    c.start_watch()
    join(c, NODE, T_REG, END)
    tols = [_tol(TAINT1, int(THEN)), _tol(TAINT2, int(THEN))] if delayed else []
    for i, k in enumerate(KEYS):
        t = T_POD + 0.5 * i
        c.at(t, c.pod, "default", f"pod-{k}", NODE, tolerations=copy.deepcopy(tols), t=t)
    c.at(TT, c.set_taints, NODE, TT, add=[TAINT1], manager="kubectl-taint")
    if second_add:
        c.at(TT + 1, c.set_taints, NODE, TT + 1, add=[TAINT2], manager="kubectl-taint")
    return c


def _evict(c: Timed, key: str, t: float) -> None:
    c.at(t, c.evict, _pod(key), t)


def _set_seconds(c: Timed, key: str, t: float, seconds: int | None) -> None:
    """kubectl patch of the pod's tolerations: only tolerationSeconds changes (validateOnlyAddedTolerations)."""

    def patch() -> None:
        pod = c.pods[_pod(key)]
        for tol in pod["spec"]["tolerations"]:
            if tol.get("key") in (TAINT1["key"], TAINT2["key"]):
                tol.pop("tolerationSeconds", None)
                if seconds is not None:
                    tol["tolerationSeconds"] = seconds
        c._touch(pod)
        c._emit("Pod", "MODIFIED", pod)

    c.at(t, patch)


def _execute(c: Timed, conform: bool) -> dict[str, str]:
    """TestExecute: AddWork(k, now, now) for 1..5; all five run (wg.Wait, testVal == 5)."""
    for k in KEYS:
        if conform or k != "3":
            _evict(c, k, TT + 0.3)
    return {"3": "untolerated-noexecute-pod-is-gone"}


def _execute_delayed(c: Timed, conform: bool) -> dict[str, str]:
    """TestExecuteDelayed: AddWork(k, now, then) twice per key; the clock steps 11 s; each runs once, at then."""
    for k in KEYS:
        if conform or k != "2":
            _evict(c, k, TT + THEN + 0.3)
    # (the twin is a work item that never runs: one run before its fireAt is not judged on captures,
    # oracle/judged.py NOT_JUDGED_ON_CAPTURES, eviction-not-early)
    return {"2": "no-execute-eviction"}


def _cancel(c: Timed, conform: bool) -> dict[str, str]:
    """TestCancel: as Delayed, then CancelWork(2), CancelWork(4): three run."""
    for k in ("2", "4"):
        _set_seconds(c, k, TT + 5, None)
    for k in KEYS:
        if k not in ("2", "4") or (not conform and k == "4"):
            _evict(c, k, TT + THEN + 0.3)
    return {"4": "eviction-only-when-due"}


def _cancel_and_read(c: Timed, conform: bool) -> dict[str, str]:
    """TestCancelAndRead: as TestCancel, then AddWork(2) again: four run (2's new worker from its re-add)."""
    for k in ("2", "4"):
        _set_seconds(c, k, TT + 5, None)
    _set_seconds(c, "2", TT + 6, int(THEN))
    for k in ("1", "3", "5"):
        _evict(c, k, TT + THEN + 0.3)
    if conform:
        _evict(c, "2", TT + 6 + THEN + 0.3)
    return {"2": "no-execute-eviction"}


#: test -> (story, pods tolerate for THEN seconds, every key added twice)
TIMED: dict[str, tuple[Callable[[Timed, bool], dict[str, str]], bool, bool]] = {
    "TestExecute": (_execute, False, True),
    "TestExecuteDelayed": (_execute_delayed, True, True),
    "TestCancel": (_cancel, True, True),
    "TestCancelAndRead": (_cancel_and_read, True, True),
}


TW = "TestRunningWorkerCompletionDoesNotRemoveReplacement"
for _row in ("immediate worker", "scheduled worker already firing"):
    SKIPS[(TW, _row)] = (
        "the queue's bookkeeping while a worker's function runs (CancelWork's answer, the replacement kept "
        "when the stale worker completes): a capture shows only deletions, and a replacement for the same key "
        "is TestCancelAndRead's re-added work, judged above"
    )


@pytest.mark.parametrize("row", ["immediate worker", "scheduled worker already firing"])
def test_timed_workers_replacement_not_ported(row: str) -> None:
    pytest.skip(SKIPS[(TW, row)])


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("test", list(TIMED))
def test_timed_workers_conform(test: str, kind: str, tmp_path: Path) -> None:
    """The controller running exactly the row's work at its fireAt conforms, in both input kinds."""
    story, delayed, twice = TIMED[test]
    c = _cluster(delayed, twice)
    story(c, True)
    found, msgs = judge(c, END, kind, tmp_path)
    assert found == set(), msgs


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("test", list(TIMED))
def test_timed_workers_deviate(test: str, kind: str, tmp_path: Path) -> None:
    """Work that never runs, runs before its fireAt or runs though cancelled is flagged, naming the pod."""
    story, delayed, twice = TIMED[test]
    c = _cluster(delayed, twice)
    expect = story(c, False)
    found, msgs = judge(c, END, kind, tmp_path)
    for key, prop in expect.items():
        assert any(p == prop and (pod == _pod(key) or f"pod {_pod(key)}" in " ".join(msgs)) for p, _, pod in found), (
            key,
            prop,
            msgs,
        )


# -------------------------------------------------------------------------------------------------
# predicate_test.go TestGeneralPredicates: the kubelet's admission of a pod bound to its node
# -------------------------------------------------------------------------------------------------

GP = "TestGeneralPredicates"
STATIC = {"kubernetes.io/config.source": "file"}  # types.ConfigSourceAnnotationKey: types.FileSource
ALLOC_MILLI = 10  # makeAllocatableResources(10, 20, 32, ...): 10 millicores

#: the rows about taints and cpu: name -> (node taints, pod tolerations, static, used cpu, requested cpu,
#: upstream's reasons: "taint" = tainttoleration ErrReasonNotMatch, "cpu" = InsufficientResourceError cpu)
GP_ROWS: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]], bool, int, int, set[str]]] = {
    "no resources/port/host requested always fits": ([], [], False, 9, 0, set()),
    # (its memory reason too: memory is no model state, the cpu one is judged)
    "not enough cpu and memory resource": ([], [], False, 5, 8, {"cpu"}),
    "taint/toleration match": (
        [{"key": "foo", "effect": "NoSchedule"}, {"key": "bar", "effect": "NoExecute"}],
        [{"key": "foo"}, {"key": "bar"}],
        False,
        0,
        0,
        set(),
    ),
    "NoSchedule taint/toleration not match": ([{"key": "foo", "effect": "NoSchedule"}], [], False, 0, 0, set()),
    "NoExecute taint/toleration not match": ([{"key": "bar", "effect": "NoExecute"}], [], False, 0, 0, {"taint"}),
    "PreferNoSchedule taint/toleration not match": (
        [{"key": "baz", "effect": "PreferNoSchedule"}],
        [],
        False,
        0,
        0,
        set(),
    ),
    "static pods ignore taints": (
        [{"key": "foo", "effect": "NoSchedule"}, {"key": "bar", "effect": "NoExecute"}],
        [],
        True,
        0,
        0,
        set(),
    ),
}

#: TestGeneralPredicates rows that test what the model holds nothing of
GP_NOT_MODELLED = {
    "host not match": "spec.nodeName naming another node than the kubelet's (the NodeName filter): a pod the "
    "kubelet sees is bound to it, and which node a pod names is the binding itself, not an admission check",
    "hostport conflict": "host ports (the NodePorts filter) are no model state",
    "node affinity failure": "node affinity and node labels other than the zone are no model state",
    "node affinity failure on cached node and node name doesn't match": "node affinity and the NodeName "
    "filter: no model state",
    "node affinity failure on cached node, but not the fresh one": "node affinity (and the kubelet's "
    "informer cache against a fresh GET of its Node) are no model state",
    "node affinity failure on fresh node, but not the cached one": "node affinity (and the kubelet's "
    "informer cache against a fresh GET of its Node) are no model state",
    "node affinity failure but skip ignorable checks": "node affinity and skipIgnorableChecks: no model state",
    "node affinity failure on cached node and node name doesn't match but skip ignorable checks": "node "
    "affinity and the NodeName filter: no model state",
}
for _row, _why in GP_NOT_MODELLED.items():
    SKIPS[(GP, _row)] = _why

#: predicate_test.go's other tests: every row tests what the model holds nothing of
PREDICATE_OTHER = {
    "TestRemoveMissingExtendedResources": (
        [
            "requests in Limits should be ignored",
            "requests for resources available in node should not be removed",
            "requests for resources unavailable in node should be removed",
            "requests for extended resources with Allocatable 0 should not be removed",
            "requests for extended resources that are not available in node should be removed",
            "request for extended resource backed by DRA should be removed if Allocatable is 0",
            "request for extended resource backed by DRA should be removed if Allocatable is absent",
            "request for implicit extended resource backed by DRA should be removed",
        ],
        "extended resources (and DRA-backed ones) are no model state: the model's pod request is cpu only",
    ),
    "TestRejectPodAdmissionBasedOnOSSelector": (
        [
            "OS label match",
            "dummyOS label, but the underlying OS matches",
            "dummyOS label, but the underlying OS doesn't match",
            "OS field mismatch, OS label on node object would be reset to correct value",
            "No label selector on the pod, should be admitted",
        ],
        "the kubernetes.io/os label and the kubelet's runtime.GOOS are no model state",
    ),
    "TestRejectPodAdmissionBasedOnOSField": (
        ["OS field match", "OS field mismatch", "no OS field"],
        "spec.os and the kubelet's runtime.GOOS are no model state",
    ),
    "TestPodAdmissionBasedOnSupplementalGroupsPolicy": (
        [
            "feature=Beta, node=feature not supported, pod=in use: it should REJECT",
            "feature=Beta, node=feature supported, pod=in use: it should ADMIT",
            "feature=Beta, node=feature not supported, pod=not in use: it should ADMIT",
            "feature=Beta, node=feature supported, pod=not in use: it should ADMIT",
            "feature=Alpha, node=feature not supported, pod=feature used: it should ADMIT",
            "feature=Alpha, node=feature not supported, pod=feature not used: it should ADMIT",
            "feature=Alpha, node=feature supported, pod=feature used: it should ADMIT",
            "feature=Alpha, node=feature supported, pod=feature not used: it should ADMIT",
            "feature=NotReleased, node=feature not supported, pod=feature used: it should ADMIT",
            "feature=NotReleased, node=feature not supported, pod=feature not used: it should ADMIT",
        ],
        "the pod's supplementalGroupsPolicy and the Node's status.features are no model state",
    ),
}
for _test, (_rows, _why) in PREDICATE_OTHER.items():
    for _row in _rows:
        SKIPS[(_test, _row)] = _why


def _gp_pod(tolerations: list[dict[str, Any]], static: bool, cpu_m: int) -> dict[str, Any]:
    meta: dict[str, Any] = {"name": "p", "namespace": "default"}
    if static:
        meta["annotations"] = dict(STATIC)
    resources = {"requests": {"cpu": f"{cpu_m}m"}} if cpu_m else {}
    return {
        "metadata": meta,
        "spec": {"containers": [{"name": "c", "resources": resources}], "tolerations": tolerations},
    }


def kubelet_reasons(node_taints: list[dict[str, Any]], pod: dict[str, Any], used_m: int, alloc_m: int) -> set[str]:
    """The kubelet's generalFilter (pkg/kubelet/lifecycle/predicate.go) on what the model holds: cpu
    (scheduler.AdmissionCheck -> noderesources.Fits: the request with what the node's pods already use, a
    pod requesting nothing always fits) and, for a pod not static (types.IsStaticPod: the
    kubernetes.io/config.source annotation not "api"), FindMatchingUntoleratedTaint over its NoExecute
    taints only ("Kubelet is only interested in the NoExecute taint")."""
    out: set[str] = set()
    req = pod_request(pod)
    if req and used_m + req > alloc_m:
        out.add("cpu")
    static = pod["metadata"].get("annotations", {}).get("kubernetes.io/config.source", "api") != "api"
    if not static and r.find_matching_untolerated_taint(node_taints, pod["spec"]["tolerations"], _effect_noexecute):
        out.add("taint")
    return out


def _effect_noexecute(taint: Any) -> bool:
    return bool(taint.get("effect") == "NoExecute")


@pytest.mark.parametrize("row", list(GP_ROWS))
def test_general_predicates_rule(row: str) -> None:
    """Each row's reasons from the rule helpers equal upstream's (the cpu and taint ones)."""
    taints, tols, static, used, req, reasons = GP_ROWS[row]
    pod = _gp_pod(tols, static, req)
    assert kubelet_reasons(taints, pod, used, cpu_millis(f"{ALLOC_MILLI}m") or 0) == reasons


@pytest.mark.parametrize("row", list(GP_NOT_MODELLED))
def test_general_predicates_not_modelled(row: str) -> None:
    pytest.skip(SKIPS[(GP, row)])


@pytest.mark.parametrize(
    ("test", "row"), [(t, row) for t, (rows, _) in PREDICATE_OTHER.items() for row in rows], ids=lambda x: x
)
def test_predicate_other_not_modelled(test: str, row: str) -> None:
    pytest.skip(SKIPS[(test, row)])


#: the taint rows as captures: a pod created bound to w-4 (the kubelet admits or rejects it)
GP_TAINT_ROWS = [name for name, v in GP_ROWS.items() if v[0] and not v[2]]
SKIPS[(GP, "static pods ignore taints (capture)")] = (
    "judged through the rule helper only: the kubelet runs a static pod whatever its Node's taints "
    "(generalFilter skips the taint check for types.IsStaticPod), but a capture shows only its mirror pod, "
    "which the taint-eviction controller deletes like any pod under an untolerated NoExecute taint "
    "(taint_eviction.go processPodOnNode has no mirror-pod case) and the kubelet then creates again"
)


def test_general_predicates_static_capture_not_ported() -> None:
    pytest.skip(SKIPS[(GP, "static pods ignore taints (capture)")])


T_TAINTED = cg.T0 + 20.0  # kubectl taint w-4 with the row's taints
T_BOUND = cg.T0 + 30.0  # the row's pod is created with spec.nodeName w-4
GP_END = cg.T0 + 90.0


def _gp_story(row: str, conform: bool) -> tuple[Timed, str]:
    """The row as a cluster: w-4 joins and is tainted with the row's taints, the row's pod is created bound
    to it. What upstream's kubelet admits keeps running: the taint-eviction controller too leaves it (it
    tolerates every NoExecute taint of the Node). What it rejects for an untolerated NoExecute taint the
    taint-eviction controller deletes at once (processPodOnNode: no matching toleration -> delete now).
    The twin: the rejected pod stays; an admitted one is deleted."""
    taints, tols, static, _, _, reasons = GP_ROWS[row]
    c = Timed()
    c.kubeadm(3)
    c.start_watch()
    join(c, NODE, T_REG, GP_END)
    c.at(T_TAINTED, c.set_taints, NODE, T_TAINTED, add=copy.deepcopy(taints), manager="kubectl-taint")
    assert not static
    name = "p"
    c.at(T_BOUND, c.pod, "default", name, NODE, tolerations=copy.deepcopy(tols), t=T_BOUND)
    if ("taint" in reasons) == conform:
        c.at(T_BOUND + 0.3, c.evict, f"default/{name}", T_BOUND + 0.3)
    # an operator's `kubectl delete pod` elsewhere: the audit log shows that its policy logs pods' deletions
    # (one that shows none may leave them out, and then no eviction is judged: audit.py _no_pod_deletes)
    c.at(T_BOUND + 10, c.evict, "default/web-7d9c-1q", T_BOUND + 10, condition=False)
    return c, name


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", GP_TAINT_ROWS)
def test_general_predicates_capture(row: str, kind: str, tmp_path: Path) -> None:
    """The pod the kubelet admits keeps running, the one it rejects is deleted at once: conforms."""
    c, _ = _gp_story(row, True)
    found, msgs = judge(c, GP_END, kind, tmp_path)
    assert found == set(), msgs


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", GP_TAINT_ROWS)
def test_general_predicates_capture_deviates(row: str, kind: str, tmp_path: Path) -> None:
    """The rejected pod left running, or an admitted one deleted, is flagged naming the pod."""
    c, name = _gp_story(row, False)
    found, msgs = judge(c, GP_END, kind, tmp_path)
    prop = "untolerated-noexecute-pod-is-gone" if "taint" in GP_ROWS[row][5] else "eviction-only-when-due"
    assert any(p == prop and pod == f"default/{name}" for p, _, pod in found), msgs


# -------------------------------------------------------------------------------------------------
# taint_eviction_test.go, round 7's rows, in the second input kind: the audit log
# -------------------------------------------------------------------------------------------------
#
# Round 7 (tests/test_upstream_tables7.py) judged TestCreatePod ... TestEventualConsistency as watch
# captures only. The same stories (its ``story`` functions, unchanged, by import) are judged here as audit
# logs: w-4 joins during the log (an audit log holds no state of a Node created before it), and an
# operator's deletion of another pod shows that the log's policy records pods' deletions. Only the kind of
# input is new; what each row expects is round 7's.

import test_upstream_tables7 as t7  # noqa: E402

T7_END = t7.END


def _t7_cluster() -> Timed:
    c = Timed()
    c.kubeadm(3)
    c.start_watch()
    join(c, NODE, T_REG, T7_END)
    c.at(T7_END - 30, c.evict, "default/web-7d9c-1q", T7_END - 30, condition=False)
    return c


def _t7_verdict(c: Timed, tmp: Path, end: float = T7_END) -> set[tuple[str, str, str | None]]:
    found, msgs = judge(c, end, "audit", tmp)
    t7.MESSAGES[:] = msgs
    return {(p, n or "", pod) for p, n, pod in found}


#: round 7's oracle tests, by upstream test name, with their rows
T7_TESTS: dict[str, tuple[Callable[..., None], list[Any]]] = {
    "TestCreatePod": (t7.test_create_pod_oracle, t7.T["TestCreatePod"]),
    "TestUpdatePod": (t7.test_update_pod_oracle, t7.T["TestUpdatePod"]),
    "TestCreateNode": (t7.test_create_node_oracle, t7.T["TestCreateNode"]),
    "TestUpdateNode": (t7.test_update_node_oracle, t7.T["TestUpdateNode"]),
    "TestUpdateNodeWithMultiplePods": (t7.test_update_node_with_multiple_pods_oracle, t7.MP),
    "TestEventualConsistency": (t7.test_eventual_consistency_oracle, t7.EC),
}
T7_ROWS = [(test, row) for test, (_, rows) in T7_TESTS.items() for row in rows]


@pytest.mark.parametrize(("test", "row"), T7_ROWS, ids=[f"{t}/{r['description']}" for t, r in T7_ROWS])
def test_taint_eviction_rows_as_audit_logs(
    test: str, row: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 7's capture of the row, as an audit log: conforms; its deviating twin is flagged naming the pod."""
    monkeypatch.setattr(t7, "_cluster", _t7_cluster)
    monkeypatch.setattr(t7, "_verdict", _t7_verdict)
    T7_TESTS[test][0](row, tmp_path)


def test_taint_eviction_multiple_taints_as_audit_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """TestUpdateNodeWithMultipleTaints (its four node updates in one story), as an audit log."""
    monkeypatch.setattr(t7, "_cluster", _t7_cluster)
    monkeypatch.setattr(t7, "_verdict", _t7_verdict)
    t7.test_update_node_with_multiple_taints_oracle(tmp_path)


# -------------------------------------------------------------------------------------------------
# rate_limited_queue_test.go: the node lifecycle controller's per-zone NoExecute tainting queue
# -------------------------------------------------------------------------------------------------
#
# RateLimitedTimedQueue is zoneNoExecuteTainter[zone] (node_lifecycle_controller.go): processTaintBaseEviction
# Adds a Node that is Unknown (or NotReady) without its NoExecute taint, markNodeAsReachable Removes a Node
# that is Ready again, doNoExecuteTaintingPass Trys the queue every nodeEvictionPeriod (100 ms) at the zone's
# rate (--node-eviction-rate 0.1 nodes/s in a zone in Normal state), its function swapping in
# unreachable:NoExecute. A row becomes a zone of six Nodes, all of whose lives the capture holds (so an
# audit log too knows the zone's state); the row's values "first", "second", "third" are three of them
# whose kubelets stop together (3 of 6 unhealthy: Normal, under the 0.55 unhealthy threshold), marked
# Unknown by the monitor pass after grace, then tainted NoExecute one every 10 s in the order Added.
# Remove(x) before the Try is x's kubelet coming back before its turn: x is never tainted NoExecute.

RQ = "rate_limited_queue_test.go"
RQ_NODES = ("first", "second", "third")
RQ_HEALTHY = ("w-a", "w-b", "w-c")
T_JOIN = cg.T0 + 2.0
T_STOP = cg.T0 + 33.0  # the three kubelets stop (their last renewal 30.5 + join offset)
RQ_END = cg.T0 + 180.0
GRACE = 50.0
UNREACH_NS = {"key": cg.UNREACHABLE, "effect": "NoSchedule"}
UNREACH_NE = {"key": cg.UNREACHABLE, "effect": "NoExecute"}


def _rq_cluster() -> tuple[Timed, dict[str, float]]:
    """Six Nodes join (0.3 s apart); the three row Nodes' kubelets stop at T_STOP. Returns when each row Node
    is marked Unknown (the first monitor pass, every 5 s, past GRACE after its last Lease renewal)."""
    c = Timed()
    c.start_watch()
    marks: dict[str, float] = {}
    for i, name in enumerate(RQ_HEALTHY + RQ_NODES):
        t = T_JOIN + 0.3 * i
        join(c, name, t, RQ_END)
        if name in RQ_NODES:
            c.at(T_STOP, c.stop_kubelet, name, T_STOP)  # (register_node clears silences set before it)
            last = t + 0.5 + 10 * ((T_STOP - (t + 0.5)) // 10)
            mon = cg.T0 + 5 * (int((last + GRACE - cg.T0) // 5) + 1)
            marks[name] = mon
    return c, marks


def _mark(c: Timed, name: str, t: float) -> None:
    c.at(t, c.mark_unknown, name, t)
    c.at(t + 0.05, c.set_taints, name, t + 0.05, add=[UNREACH_NS])


def _queue_taints(c: Timed, name: str, t: float) -> None:
    c.at(t, c.set_taints, name, t, add=[UNREACH_NE])


def _back(c: Timed, name: str, t: float, tainted: bool) -> None:
    """x's kubelet comes back at t (a Lease renewal, a Ready status); the next monitor pass (markNodeAsReachable,
    doNoScheduleTaintingPass) removes the unreachable taints."""

    def up() -> None:
        c.silent[name] = [(a, min(b, t)) for a, b in c.silent.get(name, [])]
        c.renew(name, t)
        c.post_status(name, t + 0.1)

    c.at(t, up)
    gone = [f"{cg.UNREACHABLE}:NoSchedule"] + ([f"{cg.UNREACHABLE}:NoExecute"] if tainted else [])
    c.at(t + 2.0, c.set_taints, name, t + 2.0, remove=gone)
    k = t + 10.0
    while k <= RQ_END:
        c.at(k, c.renew, name, k)
        k += 10


def _queue(order: list[str], marks: dict[str, float]) -> dict[str, float]:
    """When each Node of ``order`` gets its NoExecute taint: Added as it is marked, Tried at 0.1 nodes/s."""
    out, last = {}, -1e9
    for name in order:
        t = max(marks[name] + 0.3, last + 10.0)
        out[name] = t
        last = t
    return out


def _rq_story(removed: tuple[str, ...], conform: bool) -> tuple[Timed, dict[str, str]]:
    """The three Nodes die; those in ``removed`` come back before their turn. Conforming: the others are
    tainted NoExecute in turn, the removed ones never. Twin: a removed one tainted anyway at its turn (or,
    with none removed, the last one never tainted)."""
    c, marks = _rq_cluster()
    for name in RQ_NODES:
        _mark(c, name, marks[name])
    stay = [n for n in RQ_NODES if n not in removed]
    when = _queue(stay, marks)
    full = _queue(list(RQ_NODES), marks)
    for name in removed:
        _back(c, name, marks[name] + 4.0, tainted=not conform)
    expect: dict[str, str] = {}
    for name, t in when.items():
        if conform or removed or name != "third":
            _queue_taints(c, name, t)
    if not conform and removed:
        victim = removed[0]
        _queue_taints(c, victim, full[victim] + 10.0)
        expect[victim] = "ready-noexecute-taint-added-only-when-ready-asks"
    elif not conform:
        expect["third"] = "unreachable-taint-follows-unknown"
    return c, expect


#: test (row) -> the values Removed before the Try
RQ_ROWS: dict[str, tuple[str, ...]] = {
    "TestAddNode": (),
    "TestDelNode/remove first": ("first",),
    "TestDelNode/remove second": ("second",),
    "TestDelNode/remove third": ("third",),
    "TestTry": ("second",),
    "TestAddAfterTry": ("second",),
}
RQ_NOT_PORTED = {
    "TestTryOrdering": "a value whose function asks to be retried later (false, 2 ms) is tried again at processAt: "
    "doNoExecuteTaintingPass returns (false, 50 ms) when the Node cannot be read or the swap fails, a retry "
    "no capture shows (only the taint written, or not)",
    "TestTryRemovingWhileTry": "a Remove while the Try function runs for that value: the controller's lock "
    "interleaving, which no capture shows (TestDelNode's rows show the Removed Node never tainted)",
    "TestClear": "Clear empties the queue (handleDisruption entering full disruption: "
    "zoneNoExecuteTainter[zone].SwapLimiter(0) and markAllNodesAsReachable); round 8's TestMonitorNodeHealth "
    "zone rows show a fully disrupted zone whose Nodes are not tainted",
    "TestSwapLimiter": "the limiter's QPS (0 in FullDisruption, --secondary-node-eviction-rate in a large "
    "PartialDisruption zone): the model holds no rate, and round 8's zone rows judge the states' effects",
}
for _t, _why in RQ_NOT_PORTED.items():
    SKIPS[(RQ, _t)] = _why


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", list(RQ_ROWS))
def test_rate_limited_queue_conform(row: str, kind: str, tmp_path: Path) -> None:
    """The queued Nodes tainted NoExecute in turn, the Removed ones never: conforms."""
    c, _ = _rq_story(RQ_ROWS[row], True)
    found, msgs = judge(c, RQ_END, kind, tmp_path)
    assert found == set(), msgs


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", list(RQ_ROWS))
def test_rate_limited_queue_deviates(row: str, kind: str, tmp_path: Path) -> None:
    """A Removed Node tainted though Ready again, or a queued one never tainted: flagged naming the Node
    (ready-noexecute-taint-added-only-when-ready-asks: doNoExecuteTaintingPass taints only a Node whose Ready
    condition is False or Unknown; unreachable-taint-follows-unknown)."""
    c, expect = _rq_story(RQ_ROWS[row], False)
    found, msgs = judge(c, RQ_END, kind, tmp_path)
    for node, prop in expect.items():
        assert any(p == prop and n == node for p, n, _ in found), (node, prop, msgs)


@pytest.mark.parametrize("test", list(RQ_NOT_PORTED))
def test_rate_limited_queue_not_ported(test: str) -> None:
    pytest.skip(SKIPS[(RQ, test)])


# -------------------------------------------------------------------------------------------------
# component-helpers/apimachinery/lease/controller_test.go TestNewNodeLease: the Lease the kubelet writes
# -------------------------------------------------------------------------------------------------
#
# controller.newLease: a Lease named after the node in kube-node-lease, holderIdentity the node,
# leaseDurationSeconds, renewTime = now on every write; setNodeOwnerFunc adds the Node owner reference once
# the Node can be read (not before the kubelet registered it). A row becomes w-4's kubelet writing its Lease
# as upstream's newLease makes it: created before its Node ("nil base without node": no owner reference, then
# the first renewal after registration adds it) or after ("nil base with node"), renewed from a base without
# or with the owner reference. Every write moves renewTime to now: the node lifecycle controller's probe
# (tryUpdateNodeHealth: the Lease's renewTime changed) keeps w-4 Ready: conforms; the twin, the controller
# marking it Unknown all the same, is flagged. Writes that keep the base's renewTime (not what newLease does)
# are no heartbeat: the controller marking w-4 Unknown then conforms.

NL = "TestNewNodeLease"
NL_ROWS: dict[str, tuple[bool, bool]] = {  # row -> (the Lease created before the Node, base with owner ref)
    "nil base without node": (True, False),
    "nil base with node": (False, True),
    "non-nil base without owner ref, renew time is updated": (False, False),
    "non-nil base with owner ref, renew time is updated": (False, True),
}
NL_END = cg.T0 + 150.0


def _nl_story(row: str, conform: bool) -> Timed:
    before_node, owned = NL_ROWS[row]
    c = Timed()
    c.kubeadm(3)
    c.start_watch()
    t_lease = T_REG - 1.0 if before_node else T_REG + 0.5
    c.at(T_REG, cg.register_node, c, NODE, T_REG)
    owner = [{"apiVersion": "v1", "kind": "Node", "name": NODE, "uid": f"uid-{NODE}"}]

    def create() -> None:
        obj: dict[str, Any] = {
            "apiVersion": "coordination.k8s.io/v1",
            "kind": "Lease",
            "metadata": {
                "name": NODE,
                "namespace": "kube-node-lease",
                "uid": f"uid-lease-{NODE}",
                "resourceVersion": c._next_rv(),
                "creationTimestamp": cg.ts(t_lease),
            },
            "spec": {"holderIdentity": NODE, "leaseDurationSeconds": 40, "renewTime": cg.ts_micro(t_lease)},
        }
        if owned and not before_node:
            obj["metadata"]["ownerReferences"] = owner
        c.leases[NODE] = obj
        c._emit("Lease", "ADDED", obj)

    def renew(t: float) -> None:
        lease = c.leases[NODE]
        lease["metadata"].setdefault("ownerReferences", owner)  # setNodeOwnerFunc, once the Node exists
        if conform:
            lease["spec"]["renewTime"] = cg.ts_micro(t)
        c._touch(lease)
        c._emit("Lease", "MODIFIED", lease)

    c.at(t_lease, create)
    k = t_lease + 10.0
    while k <= NL_END:
        c.at(k, renew, k)
        k += 10
    return c


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", list(NL_ROWS))
def test_new_node_lease_conform(row: str, kind: str, tmp_path: Path) -> None:
    """The kubelet's Lease as newLease writes it, renewTime now at every write: w-4 stays Ready, conforms."""
    found, msgs = judge(_nl_story(row, True), NL_END, kind, tmp_path)
    assert found == set(), msgs


def _nl_marked(c: Timed, at: float) -> None:
    """The node lifecycle controller marks w-4 Unknown at ``at`` and taints it (NoSchedule, then NoExecute)."""
    c.at(at, c.mark_unknown, NODE, at)
    c.at(at + 0.05, c.set_taints, NODE, at + 0.05, add=[UNREACH_NS])
    c.at(at + 0.3, c.set_taints, NODE, at + 0.3, add=[UNREACH_NE])


NL_MARK = cg.T0 + 60.0  # the first monitor pass past grace (50 s) after the last heartbeat (T_REG, T_REG + 0.5)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", list(NL_ROWS))
def test_new_node_lease_renew_time_kept(row: str, kind: str, tmp_path: Path) -> None:
    """Writes that keep the Lease's renewTime are no heartbeat (tryUpdateNodeHealth counts one only when
    renewTime is after the saved one): the controller marking w-4 Unknown past its grace conforms (was, in an
    audit log: a false heartbeating-node-stays-known, every Lease write read as a renewal)."""
    c = _nl_story(row, False)
    _nl_marked(c, NL_MARK)
    found, msgs = judge(c, NL_END, kind, tmp_path)
    assert found == set(), msgs


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", list(NL_ROWS))
def test_new_node_lease_marked_though_renewed(row: str, kind: str, tmp_path: Path) -> None:
    """The twin: the kubelet renews as newLease does, yet the controller marks w-4 Unknown: flagged."""
    c = _nl_story(row, True)
    _nl_marked(c, NL_MARK)
    found, msgs = judge(c, NL_END, kind, tmp_path)
    assert any(p == "heartbeating-node-stays-known" and n == NODE for p, n, _ in found), msgs
