"""A Node whose cpu allocatable changes during a capture (tables8's fourth finding).

The kubelet's MachineInfo setter rewrites capacity and allocatable at every status update (a kubelet
restarted with other reservations, a VM resized in place); the model's Node takes them once, at
registration. A binding that fits the new allocatable was reported against the registered one (a
false alarm). From the change on, allocatable-within-capacity is "not checked" on that Node, and a
binding there is judged by the reader as the scheduler's fitsRequest counts against the Node's
allocatable as last written (round 14: ``k8s.resized_misfit``; was "not checked" too, a binding beyond
a lowered allocatable a miss); before it, and with no change, they are judged as ever (the control rows).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nodereg.oracle import check

T0 = "2026-05-04T10:00:"


def _node(rv: int, alloc: str, hb: str) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": "w1", "resourceVersion": str(rv), "creationTimestamp": "2026-05-04T09:00:00Z"},
        "spec": {},
        "status": {
            "capacity": {"cpu": "8", "memory": "8Gi", "pods": "110"},
            "allocatable": {"cpu": alloc, "memory": "7Gi", "pods": "110"},
            "conditions": [
                {
                    "type": "Ready",
                    "status": "True",
                    "reason": "KubeletReady",
                    "lastHeartbeatTime": hb,
                    "lastTransitionTime": "2026-05-04T09:00:05Z",
                }
            ],
        },
    }


def _lease(rv: int, second: int) -> dict[str, Any]:
    return {
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {"name": "w1", "namespace": "kube-node-lease", "resourceVersion": str(rv)},
        "spec": {
            "holderIdentity": "w1",
            "leaseDurationSeconds": 40,
            "renewTime": f"2026-05-04T10:{second // 60:02d}:{second % 60:02d}.000000Z",
        },
    }


def _pod(rv: int, bound: bool) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": [{"name": "c", "image": "x", "resources": {"requests": {"cpu": "6"}}}]}
    if bound:
        spec["nodeName"] = "w1"
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": "big", "namespace": "default", "resourceVersion": str(rv)},
        "spec": spec,
        "status": {"phase": "Pending"},
    }


def _watch(path: Path, later_alloc: str | None, bind_at: int) -> Path:
    """A Node listed with 3800m allocatable, its Lease renewed every 10 s, its allocatable written
    ``later_alloc`` at 30 s (None: never), a 6-cpu pod bound at ``bind_at`` s."""
    events: list[dict[str, Any]] = [{"type": "ADDED", "object": _node(100, "3800m", "2026-05-04T09:58:00Z")}]
    rv = 101
    for second in range(0, 130, 10):
        events.append({"type": "ADDED" if second == 0 else "MODIFIED", "object": _lease(rv, second)})
        rv += 1
        if second == 30 and later_alloc is not None:
            events.append({"type": "MODIFIED", "object": _node(rv, later_alloc, T0 + "30Z")})
            rv += 1
        if second == bind_at - 1 - (bind_at - 1) % 10:
            events.append({"type": "ADDED", "object": _pod(rv, False)})
            events.append({"type": "MODIFIED", "object": _pod(rv + 1, True)})
            rv += 2
    path.write_text("\n".join(json.dumps(e) for e in events) + "\n")
    return path


@pytest.mark.parametrize(
    ("name", "later_alloc", "bind_at", "violated", "changed"),
    [
        # allocatable raised to 7800m before the binding: fits, never a violation (was a false alarm)
        ("raised-then-bound", "7800m", 51, set(), True),
        # lowered to 5000m before the binding: 6 cpu does not fit what the Node says now (fitsRequest)
        ("lowered-then-bound", "5000m", 51, {"bound-requests-fit-allocatable"}, True),
        # no change: 6 cpu on 3800m is the scheduler's bug, as ever
        ("unchanged-bound", None, 51, {"bound-requests-fit-allocatable"}, False),
        # bound before the change: judged against what the Node said then
        ("bound-then-raised", "7800m", 11, {"bound-requests-fit-allocatable"}, True),
    ],
)
def test_watch_allocatable_change(
    tmp_path: Path, name: str, later_alloc: str | None, bind_at: int, violated: set[str], changed: bool
) -> None:
    rep = check([str(_watch(tmp_path / f"{name}.json", later_alloc, bind_at))])
    assert {v.property for v in rep.violations} == violated, [v.message for v in rep.violations]
    assert rep.coverage["bound-requests-fit-allocatable"] == "checked"
    cov = rep.coverage["allocatable-within-capacity"]
    assert (cov != "checked") == changed, cov
    if changed:
        assert "cpu capacity or allocatable changed during the capture" in cov and "w1" in cov


def _audit(verb: str, uri: str, user: str, ref: dict[str, Any], second: float, **body: Any) -> dict[str, Any]:
    return {
        "kind": "Event",
        "apiVersion": "audit.k8s.io/v1",
        "level": "RequestResponse",
        "auditID": f"{ref['resource']}-{second}",
        "stage": "ResponseComplete",
        "requestURI": uri,
        "verb": verb,
        "user": {
            "username": user,
            "groups": ["system:nodes", "system:authenticated"]
            if user.startswith("system:node:")
            else ["system:authenticated"],
        },
        "objectRef": ref,
        "responseStatus": {"metadata": {}, "code": 200},
        **body,
        "requestReceivedTimestamp": f"2026-05-04T10:{int(second) // 60:02d}:{second % 60:06.3f}Z",
        "stageTimestamp": f"2026-05-04T10:{int(second) // 60:02d}:{second % 60:06.3f}Z",
    }


def _audit_log(path: Path, later_alloc: str | None) -> Path:
    """The kubelet creates w1 (8 cpu, 3800m allocatable), renews its Lease, patches its status with
    ``later_alloc`` at 30 s (None: only its conditions); a 6-cpu pod is created and bound at 51 s."""
    node_ref = {"resource": "nodes", "name": "w1", "apiVersion": "v1"}
    kubelet = "system:node:w1"
    created = _node(1, "3800m", T0 + "00Z")
    created["spec"] = {"taints": [{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}]}
    lines = [_audit("create", "/api/v1/nodes", kubelet, node_ref, 0.1, requestObject=created, responseObject=created)]
    for second in range(1, 130, 10):
        lease_ref = {
            "resource": "leases",
            "namespace": "kube-node-lease",
            "name": "w1",
            "apiGroup": "coordination.k8s.io",
            "apiVersion": "v1",
        }
        lines.append(
            _audit(
                "update",
                "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/w1",
                kubelet,
                lease_ref,
                second,
            )
        )
    status: dict[str, Any] = {
        "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady", "lastHeartbeatTime": T0 + "30Z"}]
    }
    if later_alloc is not None:
        status["allocatable"] = {"cpu": later_alloc}
    lines.append(
        _audit(
            "patch",
            "/api/v1/nodes/w1/status",
            kubelet,
            {**node_ref, "subresource": "status"},
            30.5,
            requestObject={"status": status},
        )
    )
    pod_ref = {"resource": "pods", "namespace": "default", "name": "big", "apiVersion": "v1"}
    pod = _pod(1, False)
    lines.append(
        _audit(
            "create",
            "/api/v1/namespaces/default/pods",
            "system:serviceaccount:kube-system:replicaset-controller",
            pod_ref,
            50.0,
            requestObject=pod,
            responseObject=pod,
        )
    )
    binding = {
        "kind": "Binding",
        "apiVersion": "v1",
        "metadata": {"name": "big"},
        "target": {"kind": "Node", "name": "w1"},
    }
    lines.append(
        _audit(
            "create",
            "/api/v1/namespaces/default/pods/big/binding",
            "system:kube-scheduler",
            {**pod_ref, "subresource": "binding"},
            51.0,
            requestObject=binding,
        )
    )
    lines.sort(key=lambda e: e["stageTimestamp"])
    path.write_text("\n".join(json.dumps(e) for e in lines) + "\n")
    return path


@pytest.mark.parametrize(
    ("later_alloc", "violated"),
    [("7800m", set()), ("5000m", {"bound-requests-fit-allocatable"}), (None, {"bound-requests-fit-allocatable"})],
)
def test_audit_allocatable_change(tmp_path: Path, later_alloc: str | None, violated: set[str]) -> None:
    rep = check([str(_audit_log(tmp_path / "audit.log", later_alloc))])
    assert {v.property for v in rep.violations} == violated, [v.message for v in rep.violations]
    assert rep.coverage["bound-requests-fit-allocatable"] == "checked"
    cov = rep.coverage["allocatable-within-capacity"]
    assert (cov == "checked") == (later_alloc is None), cov
