"""The audit log of a story told on ``tests/data/realworld2/sim.py`` (the shared simulator of the upstream tables
and of the situations rounds): the requests behind its watch events, as the API server logs them.

Why a second writer next to ``test_upstream_tables11.audit_log`` (which tells capturegen's stories): the
simulator's objects carry no managedFields, so who made each write is told from what it changed, as a cluster
makes it: the kubelet creates its Node and Lease, renews the Lease and posts status (``nodes/status``); the node
lifecycle controller (node-controller's service account) marks Unknown and writes the ``node.kubernetes.io/``
condition taints; ``kubectl`` (kubernetes-admin) writes every other taint, cordons and labels; the scheduler
binds (``pods/binding``); the taint-eviction controller (node-controller's service account too:
cmd/kube-controller-manager/app/core.go startTaintEvictionController) patches DisruptionTarget and deletes;
PodGC (pod-garbage-collector) force-deletes; the kubelet's final delete (grace 0) removes a pod it stopped.

The watch's initial list is not in the log: its objects were created before it, as on a running cluster
(the log begins with the watch). Only what the watch shows changing is logged.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

NC = (
    "system:serviceaccount:kube-system:node-controller",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
PODGC = (
    "system:serviceaccount:kube-system:pod-garbage-collector",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
GC = (
    "system:serviceaccount:kube-system:generic-garbage-collector",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
ADMIN = ("kubernetes-admin", ["kubeadm:cluster-admins", "system:authenticated"])
SCHEDULER = ("system:kube-scheduler", ["system:authenticated"])
RS = (
    "system:serviceaccount:kube-system:replicaset-controller",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
DS = (
    "system:serviceaccount:kube-system:daemon-set-controller",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
#: the taints the node lifecycle controller writes (doNoScheduleTaintingPass, doNoExecuteTaintingPass)
NLC_KEYS = frozenset(
    f"node.kubernetes.io/{k}"
    for k in ("not-ready", "unreachable", "unschedulable", "memory-pressure", "disk-pressure", "pid-pressure")
) | {"node.kubernetes.io/network-unavailable"}

Who = tuple[str, list[str]]


def _kubelet(node: str) -> Who:
    return f"system:node:{node}", ["system:nodes", "system:authenticated"]


def snapshot_length(c: Any) -> int:
    """How many of ``c.out``'s events are the watch's initial list (``Cluster.start`` appends them all at once)."""
    n = getattr(c, "_snap_len", None)
    assert n is not None, "the story was not recorded with record_start()"
    return int(n)


def record_start(cls: Any) -> Any:
    """Wrap ``cls.start`` so that each cluster remembers how long its initial list is (returns the original)."""
    orig = cls.start

    def start(self: Any) -> None:
        orig(self)
        self._snap_len = len(self.out)

    cls.start = start
    return orig


def _taint_keys(spec: dict[str, Any]) -> set[tuple[str, str]]:
    return {(x.get("key", ""), x.get("effect", "")) for x in spec.get("taints") or []}


def _who_wrote_spec(old: dict[str, Any], new: dict[str, Any]) -> Who:
    """The node lifecycle controller writes only its condition taints; anything else in spec is kubectl's."""
    changed = _taint_keys(old["spec"]) ^ _taint_keys(new["spec"])
    rest_old = {k: v for k, v in old["spec"].items() if k != "taints"}
    rest_new = {k: v for k, v in new["spec"].items() if k != "taints"}
    if changed and rest_old == rest_new and all(k in NLC_KEYS for k, _ in changed):
        return NC
    return ADMIN


def requests(
    kind: str, typ: str, obj: dict[str, Any], old: dict[str, Any] | None
) -> list[tuple[Who, str, dict, Any, Any]]:
    """The requests (who, verb, objectRef, requestObject, responseObject) behind one watch event."""
    meta = obj["metadata"]
    name, ns = meta["name"], meta.get("namespace")
    if kind == "Lease":
        ref = {"resource": "leases", "namespace": ns, "name": name, "apiGroup": "coordination.k8s.io"}
        if typ == "DELETED":  # the garbage collector, its owner Node gone
            return [(GC, "delete", ref, None, None)]
        return [(_kubelet(name), "create" if typ == "ADDED" or old is None else "update", ref, obj, obj)]
    if kind == "Node":
        ref = {"resource": "nodes", "name": name, "apiVersion": "v1"}
        if typ == "ADDED":
            return [(_kubelet(name), "create", ref, obj, obj)]
        if typ == "DELETED":
            return [(ADMIN, "delete", ref, None, None)]
        if old is None:  # a Node the log holds no earlier state of: a status post, as most writes are
            return [(_kubelet(name), "patch", dict(ref, subresource="status"), {"status": obj["status"]}, obj)]
        reqs: list[tuple[Who, str, dict, Any, Any]] = []
        if old.get("spec") != obj.get("spec"):
            # a strategic merge patch naming only what changed, a removed field as null (what
            # CreateTwoWayMergePatch makes: the controller's PatchNodeTaints, kubectl taint / cordon)
            keys = set(old["spec"]) | set(obj["spec"])
            diff = {k: obj["spec"].get(k) for k in keys if old["spec"].get(k) != obj["spec"].get(k)}
            if diff.get("taints") == []:
                diff["taints"] = None
            if diff:
                reqs.append((_who_wrote_spec(old, obj), "patch", ref, {"spec": diff}, obj))
        if old["metadata"].get("labels") != meta.get("labels"):
            # the node lifecycle controller's reconcileNodeLabels adds the beta OS/arch labels; kubectl the rest
            added = set(meta.get("labels") or {}) - set(old["metadata"].get("labels") or {})
            who = NC if added and all(k.startswith("beta.kubernetes.io/") for k in added) else ADMIN
            reqs.append((who, "patch", ref, {"metadata": {"labels": meta.get("labels")}}, obj))
        if old.get("status") != obj.get("status"):
            reasons = {
                x.get("reason")
                for x in obj["status"].get("conditions", [])
                if x.get("type") == "Ready" and x.get("status") == "Unknown"
            }
            was = [x for x in old["status"].get("conditions", []) if x.get("type") == "Ready"]
            by_nlc = bool(reasons & {"NodeStatusUnknown", "NodeStatusNeverUpdated"}) and (
                not was or was[0].get("status") != "Unknown"
            )
            who = NC if by_nlc else _kubelet(name)
            reqs.append((who, "patch", dict(ref, subresource="status"), {"status": obj["status"]}, obj))
        return reqs
    assert kind == "Pod", kind
    ref = {"resource": "pods", "namespace": ns, "name": name, "apiVersion": "v1"}
    node = obj["spec"].get("nodeName")
    conds = obj.get("status", {}).get("conditions", [])
    dt_reason = next((x.get("reason") for x in conds if x.get("type") == "DisruptionTarget"), None)
    if typ == "ADDED":
        owners = meta.get("ownerReferences") or [{}]
        okind = owners[0].get("kind")
        who = {"ReplicaSet": RS, "DaemonSet": DS}.get(okind, _kubelet(node) if okind == "Node" and node else ADMIN)
        body = {k: v for k, v in obj.items() if k != "status"}
        return [(who, "create", {k: v for k, v in ref.items() if k != "name"}, body, obj)]
    if typ == "DELETED":
        if old is not None and "deletionTimestamp" in old["metadata"] and node:
            # the kubelet's final delete (grace 0) once the containers stopped
            return [(_kubelet(node), "delete", ref, {"kind": "DeleteOptions", "gracePeriodSeconds": 0}, None)]
        who = {"DeletionByPodGC": PODGC, "DeletionByTaintManager": NC}.get(dt_reason or "", ADMIN)
        return [(who, "delete", ref, {"kind": "DeleteOptions", "gracePeriodSeconds": 0}, None)]
    if old is None:
        return []
    if node and not old["spec"].get("nodeName"):
        binding = {"kind": "Binding", "apiVersion": "v1", "metadata": {"name": name, "namespace": ns}}
        binding["target"] = {"kind": "Node", "name": node}
        return [(SCHEDULER, "create", dict(ref, subresource="binding"), binding, None)]
    if "deletionTimestamp" in meta and "deletionTimestamp" not in old["metadata"]:
        if dt_reason == "EvictionByEvictionAPI":
            ev = {"kind": "Eviction", "apiVersion": "policy/v1", "metadata": {"name": name, "namespace": ns}}
            return [(ADMIN, "create", dict(ref, subresource="eviction"), ev, None)]
        who = {"DeletionByTaintManager": NC, "DeletionByPodGC": PODGC}.get(dt_reason or "", ADMIN)
        return [(who, "delete", ref, {"kind": "DeleteOptions"}, obj)]
    if obj["spec"].get("tolerations") != old["spec"].get("tolerations"):
        return [(ADMIN, "patch", ref, {"spec": {"tolerations": obj["spec"].get("tolerations")}}, obj)]
    if meta.get("labels") != old["metadata"].get("labels"):
        return [(ADMIN, "patch", ref, {"metadata": {"labels": meta.get("labels")}}, obj)]
    if obj.get("status") != old.get("status"):
        old_dt = any(x.get("type") == "DisruptionTarget" for x in old.get("status", {}).get("conditions", []))
        if dt_reason is not None and not old_dt:
            who = {"DeletionByTaintManager": NC, "DeletionByPodGC": PODGC}.get(dt_reason, ADMIN)
        else:
            who = _kubelet(node) if node else SCHEDULER
        return [(who, "patch", dict(ref, subresource="status"), {"status": obj["status"]}, obj)]
    return []


def audit_event(t: float, who: Who, verb: str, ref: dict[str, Any], req: Any, resp: Any, n: int, ts: Any) -> dict:
    """One ``audit.k8s.io/v1`` Event at RequestResponse level, ResponseComplete."""
    e: dict[str, Any] = {
        "kind": "Event",
        "apiVersion": "audit.k8s.io/v1",
        "level": "RequestResponse",
        "auditID": f"00000000-0000-0000-0000-{n:012d}",
        "stage": "ResponseComplete",
        "requestURI": "/",
        "verb": verb,
        "user": {"username": who[0], "groups": who[1]},
        "sourceIPs": ["10.0.0.1"],
        "userAgent": "kubelet/v1.32.3" if who[0].startswith("system:node:") else "kube-controller-manager/v1.32.3",
        "objectRef": ref,
        "responseStatus": {"metadata": {}, "code": 201 if verb == "create" else 200},
        "requestReceivedTimestamp": ts(t - 0.002),
        "stageTimestamp": ts(t),
    }
    if req is not None:
        e["requestObject"] = req
    if resp is not None:
        e["responseObject"] = resp
    return e


def audit_log(c: Any, mts: Any) -> list[dict[str, Any]]:
    """The audit events of the requests behind ``c.out`` after its initial list (``mts``: the simulator's
    micro-second timestamp of a story time)."""
    out: list[dict[str, Any]] = []
    prev: dict[tuple[str, str], dict[str, Any]] = {}
    snap = snapshot_length(c)
    for i, (t, kind, typ, obj) in enumerate(c.out):
        meta = obj["metadata"]
        key = (kind, f"{meta.get('namespace', '')}/{meta['name']}")
        old = prev.get(key)
        prev[key] = obj
        if typ == "DELETED":
            prev.pop(key, None)
        if i < snap:
            continue
        for who, verb, ref, req, resp in requests(kind, typ, obj, old):
            out.append(audit_event(t, who, verb, ref, copy.deepcopy(req), resp, len(out), mts))
    return out


def write_audit(c: Any, mts: Any, path: Path) -> Path:
    """Write the story's audit log, one JSON event a line (what ``--audit-log-path`` writes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(e, separators=(",", ":")) + "\n" for e in audit_log(c, mts)))
    return path
