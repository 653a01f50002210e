"""Write the capture fixtures of ``tests/test_oracle_captures.py``: ``python tests/data/captures/make_captures.py``.

Each directory holds what ``kubectl get nodes,pods -A -w --output-watch-events -o json`` and
``kubectl get leases -n kube-node-lease -w --output-watch-events -o json`` print when started while a
kubeadm-style cluster runs (see ``tests/capturegen.py``). What each one must give is in the test's
table, not here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from capturegen import (  # noqa: E402
    T0,
    UNREACHABLE_NE,
    UNREACHABLE_NS,
    Cluster,
    drain,
    healthy,
    kubelet_dies,
    kubelet_restart,
    register_node,
    taint_evictions,
)

GPU = {"key": "dedicated", "value": "gpu", "effect": "NoSchedule"}
GPU_TOL = [{"key": "dedicated", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]


def _healthy() -> Cluster:
    c = healthy()
    c.run(T0 + 660)
    return c


def _gpu(bind_untolerated: bool) -> Cluster:
    c = Cluster()
    c.kubeadm(2)
    c.node("gpu-1", taints=[GPU], heartbeat_age=211)
    c.pod(
        "kube-system",
        "kube-proxy-gx7k2",
        "gpu-1",
        owner=("DaemonSet", "kube-proxy"),
        tolerations=[{"operator": "Exists"}],
        cpu="0",
    )
    c.pod("ml", "trainer-0", "gpu-1", tolerations=GPU_TOL, owner=("StatefulSet", "trainer"))
    c.start_watch()
    c.at(T0 + 30, c.create_pod, "ml", "trainer-1", T0 + 30, tolerations=GPU_TOL, owner=("StatefulSet", "trainer"))
    c.at(T0 + 31, c.bind, "ml/trainer-1", "gpu-1", T0 + 31)
    if bind_untolerated:
        c.at(T0 + 40, c.create_pod, "default", "batch-7f2", T0 + 40, owner=("Job", "batch"))
        c.at(T0 + 41, c.bind, "default/batch-7f2", "gpu-1", T0 + 41)
    c.run(T0 + 200)
    return c


def _failure(late: float = 0.0) -> Cluster:
    c = healthy()
    tn = kubelet_dies(c, "w-2", T0 + 60)
    taint_evictions(c, "w-2", tn, late=late)
    c.run(T0 + 60 + 420)
    return c


def _zone(second_delay: float) -> Cluster:
    """Two workers of one zone fail together: the zone's queue taints one, then the other ~10 s later."""
    c = healthy(workers=6)
    # w-2's last Lease renewal came 0.7 s before w-1's: it is Unknown first, and tainted first
    t1 = kubelet_dies(c, "w-1", T0 + 60, taint_delay=second_delay)
    t2 = kubelet_dies(c, "w-2", T0 + 60)
    taint_evictions(c, "w-1", t1)
    taint_evictions(c, "w-2", t2)
    c.run(T0 + 60 + 420)
    return c


def _silent() -> Cluster:
    c = healthy()
    c.stop_kubelet("w-2", T0 + 60)
    c.run(T0 + 300)
    return c


def _no_taint() -> Cluster:
    """The controller marks the node Unknown but never taints it."""
    c = healthy()
    c.stop_kubelet("w-2", T0 + 60)
    c.at(T0 + 112, c.mark_unknown, "w-2", T0 + 112)
    c.run(T0 + 200)
    return c


def _cordon_drain() -> Cluster:
    c = healthy()
    drain(c, "w-1", T0 + 30)
    c.at(T0 + 400, c.cordon, "w-1", T0 + 400, on=False)
    c.run(T0 + 500)
    return c


def _bind_cordoned() -> Cluster:
    c = healthy()
    c.at(T0 + 20, c.cordon, "w-1", T0 + 20)
    c.at(T0 + 40, c.create_pod, "default", "web-7d9c-9z", T0 + 40)
    c.at(T0 + 41, c.bind, "default/web-7d9c-9z", "w-1", T0 + 41)
    c.run(T0 + 120)
    return c


def _recreated() -> Cluster:
    """``kubectl delete node w-3``; its kubelet (still holding its client certificate) registers again."""
    c = healthy()

    def gone() -> None:
        for key, pod in list(c.pods.items()):
            if pod["spec"].get("nodeName") == "w-3":
                c.evict(key, T0 + 101, reason="DeletionByPodGC", grace=0)
        c.delete_node("w-3", T0 + 100)

    c.at(T0 + 100, gone)
    c.at(T0 + 107, register_node, c, "w-3", T0 + 107)
    c.run(T0 + 400)
    return c


def _restart() -> Cluster:
    c = healthy()
    kubelet_restart(c, "w-1", T0 + 100)
    c.run(T0 + 400)
    return c


def _new_node() -> Cluster:
    c = healthy()
    c.at(T0 + 50, register_node, c, "w-9", T0 + 50)

    def lease() -> None:
        c.leases["w-9"] = {
            "apiVersion": "coordination.k8s.io/v1",
            "kind": "Lease",
            "metadata": {
                "name": "w-9",
                "namespace": "kube-node-lease",
                "uid": "uid-lease-w-9",
                "resourceVersion": c._next_rv(),
                "creationTimestamp": "2026-03-02T09:00:51Z",
            },
            "spec": {"holderIdentity": "w-9", "leaseDurationSeconds": 40, "renewTime": "2026-03-02T09:00:51.000000Z"},
        }
        c._emit("Lease", "ADDED", c.leases["w-9"])

    c.at(T0 + 51, lease)
    for k in range(1, 30):
        c.at(T0 + 51 + 10 * k, c.renew, "w-9", T0 + 51 + 10 * k)
    c.run(T0 + 360)
    return c


def _stale_status_fresh_lease() -> Cluster:
    """Upstream: 'Node created long time ago. NodeStatus is not updated for a long time, node lease is
    renewed recently' -> the controller leaves it Ready (either signal keeps it alive)."""
    c = Cluster()
    c.kubeadm(1)
    c.node("w-old", heartbeat_age=3600)
    c.start_watch()
    c.run(T0 + 600, status_every=10**6)
    return c


def _tainted_at_start() -> Cluster:
    """The capture starts while w-2 is already Unknown and tainted (the taint's age is unknown): its
    pod is evicted 100 s into the capture, which is no lateness the capture can show."""
    c = Cluster()
    c.kubeadm(3)
    n = c.nodes["w-2"]
    for cond in n["status"]["conditions"]:
        if cond["type"] != "NetworkUnavailable":
            cond["status"], cond["reason"] = "Unknown", "NodeStatusUnknown"
    n["spec"]["taints"] = [UNREACHABLE_NS, {**UNREACHABLE_NE, "timeAdded": "2026-03-02T08:58:20Z"}]
    c.events = [
        (k, t, o) if not (k == "Node" and o["metadata"]["name"] == "w-2") else (k, t, n) for k, t, o in c.events
    ]
    c.stop_kubelet("w-2", T0 - 200)
    c.start_watch()
    c.at(T0 + 100, c.evict, "default/web-7d9c-2q", T0 + 100)
    c.run(T0 + 300)
    return c


def _swap() -> Cluster:
    """Ready=False (not-ready taints), then the kubelet dies: Unknown, and SwapNodeControllerTaint adds
    unreachable:NoExecute and removes not-ready:NoExecute in two patches (both present in between)."""
    from capturegen import NOT_READY, NOT_READY_NE, NOT_READY_NS

    c = healthy()
    c.at(T0 + 30, c.post_status, "w-2", T0 + 30, ready="False", reason="KubeletNotReady")
    c.at(T0 + 30.1, c.set_taints, "w-2", T0 + 30.1, add=[NOT_READY_NS])
    c.at(T0 + 33, c.set_taints, "w-2", T0 + 33, add=[NOT_READY_NE])
    kubelet_dies(c, "w-2", T0 + 35, unknown_after=55)
    # kubelet_dies added unreachable NoSchedule/NoExecute; the controller's swap removes the not-ready ones
    c.stop_kubelet("w-2", T0 + 30.5)
    last = T0 - 3.2 - 1.4 + 10 * ((30 + 3.2 + 1.4) // 10)
    mon = last + 55
    c.at(mon + 0.06, c.set_taints, "w-2", mon + 0.06, remove=[f"{NOT_READY}:NoSchedule"])
    c.at(mon + 0.2, c.set_taints, "w-2", mon + 0.2, remove=[f"{NOT_READY}:NoExecute"])
    c.run(T0 + 300)
    return c


def _network_unavailable() -> Cluster:
    """A node joins before its CNI is up: NetworkUnavailable=True, the controller adds
    network-unavailable:NoSchedule; the CNI clears the condition and the taint goes."""
    c = healthy()

    c.at(T0 + 50, register_node, c, "w-4", T0 + 50, network_unavailable=True)
    key = "node.kubernetes.io/network-unavailable"

    def routes() -> None:
        n = c.nodes["w-4"]
        cond = n["status"]["conditions"][0]
        cond.update(
            status="False",
            reason="RouteCreated",
            lastTransitionTime="2026-03-02T09:01:20Z",
            lastHeartbeatTime="2026-03-02T09:01:20Z",
        )
        c._touch(n)
        c._emit("Node", "MODIFIED", n)

    c.at(T0 + 80, routes)
    c.at(T0 + 80.2, c.set_taints, "w-4", T0 + 80.2, remove=[f"{key}:NoSchedule"])
    c.run(T0 + 200)
    return c


SCENARIOS: dict[str, Callable[[], Cluster]] = {
    "tainted-at-capture-start": _tainted_at_start,
    "noexecute-taint-swap": _swap,
    "network-unavailable": _network_unavailable,
    "healthy": _healthy,
    "gpu-tolerated": lambda: _gpu(False),
    "gpu-untolerated": lambda: _gpu(True),
    "failure-evicted-on-time": _failure,
    "failure-evicted-late": lambda: _failure(late=60),
    "zone-failure-rate-limited": lambda: _zone(10.1),
    "zone-failure-taint-late": lambda: _zone(40),
    "silent-still-ready": _silent,
    "unknown-never-tainted": _no_taint,
    "cordon-drain": _cordon_drain,
    "bind-cordoned": _bind_cordoned,
    "node-recreated": _recreated,
    "kubelet-restart": _restart,
    "new-node-joins": _new_node,
    "stale-status-fresh-lease": _stale_status_fresh_lease,
}

_ = (UNREACHABLE_NE, UNREACHABLE_NS)


def main() -> None:
    for name, build in SCENARIOS.items():
        c = build()
        c.write(HERE / name)
    # the healthy cluster in every layout a user has: JSON Lines, one file per kind, nodes only, pods only
    c = _healthy()
    c.write(HERE / "healthy-jsonl", pretty=False)
    c.write(
        HERE / "healthy-split", kinds=(("nodes.json", ("Node",)), ("pods.json", ("Pod",)), ("leases.json", ("Lease",)))
    )


if __name__ == "__main__":
    main()
