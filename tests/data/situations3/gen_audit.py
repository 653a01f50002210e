"""Write the audit logs of tests/data/situations3/audit-node-dies (run: python gen_audit.py).

Two kubelets (v1.31) renew their Leases every 10 s (Metadata level, as audit policies usually log
Leases); worker-b's kubelet stops after t=20 s. The node lifecycle controller
(system:serviceaccount:kube-system:node-controller, kubeadm's --use-service-account-credentials)
patches worker-b's status to Unknown 53 s after the stop (tryUpdateNodeHealth, one status update),
then its taints: unreachable:NoSchedule (doNoScheduleTaintingPass), then unreachable:NoExecute
(the next pass, PatchNodeTaints with the whole list). Variants drop the controller's writes or
the Node creations, or add a scheduler binding.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from typing import Any

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "audit-node-dies")
T0 = dt.datetime(2026, 3, 2, 9, 0, 0, tzinfo=dt.UTC)
NODES = ("worker-a", "worker-b")
NODE_GROUPS = ["system:nodes", "system:authenticated"]
NC = (
    "system:serviceaccount:kube-system:node-controller",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
NC_UA = (
    "kube-controller-manager/v1.31.4 (linux/amd64) kubernetes/a78aa47/system:serviceaccount:kube-system:node-controller"
)


def ts(s: float) -> str:
    return (T0 + dt.timedelta(seconds=s)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def sec(s: float) -> str:
    return ts(s)[:19] + "Z"


class Log:
    def __init__(self) -> None:
        self.lines: list[tuple[float, dict[str, Any]]] = []
        self.rv = 1000

    def ev(
        self,
        t: float,
        user: str,
        groups: list[str],
        verb: str,
        ref: dict[str, Any],
        req: dict[str, Any] | None = None,
        level: str = "Metadata",
        ua: str = "kubelet/v1.31.4 (linux/amd64) kubernetes/a78aa47",
    ) -> None:
        self.rv += 1
        e: dict[str, Any] = {
            "kind": "Event",
            "apiVersion": "audit.k8s.io/v1",
            "level": level,
            "auditID": f"00000000-0000-0000-0000-{self.rv:012d}",
            "stage": "ResponseComplete",
            "requestURI": "/",
            "verb": verb,
            "user": {"username": user, "groups": groups},
            "sourceIPs": ["10.0.0.1"],
            "userAgent": ua,
            "objectRef": ref,
            "responseStatus": {"metadata": {}, "code": 200},
            "requestReceivedTimestamp": ts(t - 0.002),
            "stageTimestamp": ts(t),
            "annotations": {"authorization.k8s.io/decision": "allow", "authorization.k8s.io/reason": ""},
        }
        if req is not None:
            e["requestObject"] = req
        self.lines.append((t, e))


def dies(stop_b: float = 20) -> list[dict[str, Any]]:
    log = Log()
    for i, n in enumerate(NODES):
        for k in range(13):
            t = 1 + i * 0.3 + 10 * k
            if n == "worker-b" and t > stop_b:
                break
            log.ev(
                t,
                f"system:node:{n}",
                NODE_GROUPS,
                "update",
                {
                    "resource": "leases",
                    "namespace": "kube-node-lease",
                    "name": n,
                    "apiGroup": "coordination.k8s.io",
                    "apiVersion": "v1",
                },
            )
    tu = stop_b + 53
    log.ev(
        tu,
        *NC,
        "patch",
        {"resource": "nodes", "name": "worker-b", "apiVersion": "v1", "subresource": "status"},
        {
            "status": {
                "conditions": [
                    {
                        "type": c,
                        "status": "Unknown",
                        "reason": "NodeStatusUnknown",
                        "message": "Kubelet stopped posting node status.",
                        "lastHeartbeatTime": ts(stop_b - 10),
                        "lastTransitionTime": ts(tu),
                    }
                    for c in ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready")
                ]
            }
        },
        level="Request",
        ua=NC_UA,
    )
    ns = {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": sec(tu)}
    ne = {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": sec(tu + 5)}
    ref = {"resource": "nodes", "name": "worker-b", "apiVersion": "v1"}
    log.ev(
        tu + 0.1,
        *NC,
        "patch",
        ref,
        {"metadata": {"resourceVersion": "1"}, "spec": {"taints": [ns]}},
        level="Request",
        ua=NC_UA,
    )
    log.ev(
        tu + 5.2,
        *NC,
        "patch",
        ref,
        {"metadata": {"resourceVersion": "2"}, "spec": {"taints": [ns, ne]}},
        level="Request",
        ua=NC_UA,
    )
    return [e for _, e in sorted(log.lines, key=lambda x: x[0])]


def creations() -> list[dict[str, Any]]:
    out = []
    for n, t in (("worker-a", "2026-03-02T09:00:00.100000Z"), ("worker-b", "2026-03-02T09:00:00.200000Z")):
        node = {
            "kind": "Node",
            "apiVersion": "v1",
            "metadata": {"name": n},
            "spec": {"taints": [{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}]},
            "status": {
                "capacity": {"cpu": "4"},
                "allocatable": {"cpu": "3800m"},
                "conditions": [
                    {
                        "type": "Ready",
                        "status": "True",
                        "reason": "KubeletReady",
                        "lastHeartbeatTime": t[:19] + "Z",
                        "lastTransitionTime": t[:19] + "Z",
                    }
                ],
            },
        }
        out.append(
            {
                "kind": "Event",
                "apiVersion": "audit.k8s.io/v1",
                "level": "RequestResponse",
                "auditID": "c-" + n,
                "stage": "ResponseComplete",
                "requestURI": "/api/v1/nodes",
                "verb": "create",
                "user": {"username": f"system:node:{n}", "groups": NODE_GROUPS},
                "objectRef": {"resource": "nodes", "name": n, "apiVersion": "v1"},
                "responseStatus": {"metadata": {}, "code": 201},
                "requestObject": node,
                "requestReceivedTimestamp": t,
                "stageTimestamp": t,
            }
        )
    return out


def binding(at: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": "Event",
        "apiVersion": "audit.k8s.io/v1",
        "level": "Request",
        "auditID": "bind-1",
        "stage": "ResponseComplete",
        "requestURI": "/api/v1/namespaces/default/pods/web-1/binding",
        "verb": "create",
        "user": {"username": "system:kube-scheduler", "groups": ["system:authenticated"]},
        "objectRef": {
            "resource": "pods",
            "namespace": "default",
            "name": "web-1",
            "apiVersion": "v1",
            "subresource": "binding",
        },
        "responseStatus": {"metadata": {}, "code": 201},
        "requestObject": {
            "kind": "Binding",
            "apiVersion": "v1",
            "metadata": {"name": "web-1", "namespace": "default"},
            "target": {"kind": "Node", "name": "worker-a"},
        },
        "requestReceivedTimestamp": at["stageTimestamp"],
        "stageTimestamp": at["stageTimestamp"],
    }


def write(name: str, events: list[dict[str, Any]]) -> None:
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        for e in events:
            f.write(json.dumps(e, separators=(",", ":")) + "\n")


def main() -> None:
    os.makedirs(HERE, exist_ok=True)
    mid = dies()
    full = creations() + mid
    nc = NC[0]
    write("audit.log", full)
    write("audit-controller-silent.log", [e for e in full if e["user"]["username"] != nc])
    write(
        "audit-no-noexecute-taint.log",
        [e for e in full if not (e["user"]["username"] == nc and "NoExecute" in json.dumps(e))],
    )
    write("audit-started-mid-life.log", mid)
    write("audit-binding-to-existing-node.log", [*mid[:4], binding(mid[3]), *mid[4:]])
    # an audit policy logging Nodes at level Metadata: no request bodies (of every Node write, or
    # of the controller's only)
    write(
        "audit-metadata-level.log",
        [_metadata(e) if e["verb"] == "create" or e["user"]["username"] == nc else e for e in full],
    )
    write("audit-controller-metadata-level.log", [_metadata(e) if e["user"]["username"] == nc else e for e in full])


def _metadata(e: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in e.items() if k != "requestObject"} | {"level": "Metadata"}


if __name__ == "__main__":
    main()
