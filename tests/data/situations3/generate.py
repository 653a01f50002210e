"""Write the watch captures of tests/data/situations3 (run: python tests/data/situations3/generate.py).

Operators' situations earlier rounds did not cover, played on ``tests/data/realworld2/sim.py`` (the
time-stepped cluster with upstream's timing) and written as ``kubectl get -w --output-watch-events
-o json`` prints them. Expected verdicts and the upstream reasons: tests/test_oracle_situations3.py.
"""

from __future__ import annotations

import gzip
import os
import sys
from collections.abc import Callable

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "realworld2"))
from generate import base, write  # noqa: E402
from sim import UNREACH, Cluster, ts  # noqa: E402

SCENARIOS: dict[str, Callable[[], Cluster]] = {}


def scenario(fn: Callable[[], Cluster]) -> Callable[[], Cluster]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def partition(c: Cluster, node: str, secs: float) -> None:
    c.kubelet[node]["partitioned"] = True
    c.advance(c.t + secs)
    c.kubelet[node]["partitioned"] = False
    c.renew(node)
    c.kubelet[node]["next_lease"] = c.t + 10
    c.post_status(node, "True")


@scenario
def tolerations_zero_and_negative() -> Cluster:
    """worker-3 cut off for 150 s. Its pods: tolerationSeconds 0 and -1 for unreachable (upstream
    getMinTolerationTime: <= 0 means evict at once), an Exists toleration with key only and no
    effect (tolerates every effect of that key, for ever), one with effect NoExecute and no key
    (every NoExecute taint, for ever), and the default 300 s."""
    c = Cluster(seed=31)
    base(c)
    for name, tols in (
        ("zero-6b7c9d5f4-a0q", [{"key": UNREACH, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 0}]),
        ("neg-6b7c9d5f4-b1q", [{"key": UNREACH, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": -1}]),
        ("keyonly-6b7c9d5f4-c2q", [{"key": UNREACH, "operator": "Exists"}]),
        ("alltaints-6b7c9d5f4-d3q", [{"operator": "Exists", "effect": "NoExecute"}]),
    ):
        c.pod("default", name, "worker-3", tolerations=tols, created=-900)
    c.start()
    c.advance(30)
    partition(c, "worker-3", 150)
    for key in [k for k, p in c.pods.items() if p["metadata"].get("deletionTimestamp")]:
        c.emit("DELETED", c.pods.pop(key))
    c.advance(c.t + 60)
    return c


@scenario
def nodename_preset_on_cordoned_and_tainted() -> Cluster:
    """Pods created with spec.nodeName set (kubectl apply of a manifest with nodeName, an operator
    bypassing the scheduler): one on a cordoned node, one on a node with a NoSchedule taint it does
    not tolerate. The kubelet admits both (its admission checks NoExecute taints only,
    pkg/kubelet/lifecycle/predicate.go); no scheduler was involved."""
    c = Cluster(seed=32)
    base(c)
    c.nodes["worker-1"]["spec"]["unschedulable"] = True
    c.nodes["worker-1"]["spec"]["taints"] = [
        {"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule", "timeAdded": ts(-3000)}
    ]
    c.nodes["worker-2"]["spec"]["taints"] = [{"key": "dedicated", "value": "db", "effect": "NoSchedule"}]
    c.start()
    c.advance(20)
    for i, n in enumerate(("worker-1", "worker-2")):
        p = c.pod("default", f"debug-{i}", n, kind="bare", created=c.t)
        p["status"]["conditions"] = [x for x in p["status"]["conditions"] if x["type"] != "PodScheduled"] + [
            {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
        ]
        c.advance(c.t + 5)
    c.advance(c.t + 60)
    return c


@scenario
def preemption_nominated_node() -> Cluster:
    """A system-cluster-critical pod does not fit: the scheduler nominates worker-2
    (status.nominatedNodeName), preempts a low-priority pod there (DisruptionTarget
    PreemptionByScheduler, graceful delete), then binds the preemptor once the victim is gone."""
    c = Cluster(seed=33)
    base(c)
    c.pod("default", "batch-7f8d9c6b5-lowq", "worker-2", created=-600, cpu="3500m")
    c.start()
    c.advance(20)
    hi = c.pod("kube-system", "metrics-server-5f9c8d7b6-hi9q", None, created=c.t, cpu="1")
    hi["spec"]["priorityClassName"], hi["spec"]["priority"] = "system-cluster-critical", 2000000000
    c.t += 0.3
    hi["status"]["nominatedNodeName"] = "worker-2"
    hi["status"]["conditions"][0]["message"] = "0/4 nodes are available: 1 Insufficient cpu."
    c.emit("MODIFIED", hi)
    c.delete_pod(
        "default/batch-7f8d9c6b5-lowq",
        reason="PreemptionByScheduler",
        message="default-scheduler: preempting to accommodate a higher priority pod",
    )
    c.advance(c.t + 10)
    rest = [w for w, k in c.pending_deletes]
    c.advance(max([*rest, c.t]) + 1)
    hi["spec"]["nodeName"] = "worker-2"
    hi["status"]["conditions"] = [
        {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
    ]
    c.emit("MODIFIED", hi)
    c.advance(c.t + 60)
    return c


@scenario
def daemonset_pod_on_cordoned_node() -> Cluster:
    """kubectl cordon worker-1, then a DaemonSet rollout: the old kube-proxy pod is deleted and the
    new one is bound by the default scheduler to the cordoned node (the DaemonSet controller adds
    node.kubernetes.io/unschedulable:NoSchedule to its tolerations)."""
    c = Cluster(seed=34)
    base(c)
    c.start()
    c.advance(15)
    n = "worker-1"
    c.nodes[n]["spec"]["unschedulable"] = True
    c.emit("MODIFIED", c.nodes[n])
    c.t += 0.1
    c._noschedule_pass(n)
    c.advance(c.t + 10)
    old = next(k for k, p in c.pods.items() if k.startswith("kube-system/kube-proxy") and p["spec"]["nodeName"] == n)
    c.delete_pod(old)
    c.advance(c.t + 10)
    new = c.pod(
        "kube-system",
        "kube-proxy-r7x2m",
        None,
        kind="ds",
        created=c.t,
        tolerations=[{"operator": "Exists"}],
        labels={"k8s-app": "kube-proxy"},
    )
    new["spec"]["tolerations"] += [
        {"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"}
    ]
    c.t += 0.8
    new["spec"]["nodeName"] = n
    new["status"]["conditions"] = [
        {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
    ]
    c.emit("MODIFIED", new)
    c.advance(c.t + 60)
    return c


@scenario
def spot_instance_terminated() -> Cluster:
    """A spot instance reclaimed: the kubelet vanishes, the cloud node lifecycle controller deletes
    the Node within seconds (instance gone), its pods stay bound to the missing Node until pod GC
    (gcOrphaned, 40 s quarantine) marks them Failed (DisruptionTarget DeletionByPodGC) and force
    deletes them; the Lease is garbage-collected with its owner."""
    c = Cluster(seed=35)
    base(c)
    c.start()
    c.advance(20)
    n = "worker-3"
    c.kubelet[n]["alive"] = False
    c.advance(c.t + 12)
    c.emit("DELETED", c.nodes.pop(n))
    c.advance(c.t + 0.4)
    lease = c.leases.pop(n)
    del c.kubelet[n]
    c.emit("DELETED", lease)
    c.advance(c.t + 41)
    for key, p in list(c.pods.items()):
        if p["spec"].get("nodeName") == n:
            p["status"]["phase"] = "Failed"
            c.delete_pod(key, reason="DeletionByPodGC", message="PodGC: node no longer exists", grace=0)
            c.t += 0.05
    c.advance(c.t + 60)
    return c


@scenario
def lease_duration_per_node() -> Cluster:
    """worker-3's kubelet runs with nodeLeaseDurationSeconds: 100 (renews every 25 s), the others
    with the default 40; node-monitor-grace-period (50 s) is the controller's and does not change."""
    c = Cluster(seed=36, grace=50)
    base(c)
    c.leases["worker-3"]["spec"]["leaseDurationSeconds"] = 100
    c.start()
    for _ in range(30):
        c.advance(c.t + 10)
        k = c.kubelet["worker-3"]
        if k["next_lease"] - c.t < 10:
            k["next_lease"] = max(k["next_lease"], c.t) + 15  # 25 s between renewals
    return c


def _skewed(c: Cluster, node: str, secs: float) -> None:
    """The kubelet of ``node`` stamps its Lease renewTime and its conditions' heartbeats ``secs`` ahead."""
    import datetime as dt

    skew = dt.timedelta(seconds=secs)
    for _, kind, _typ, obj in c.out:
        if obj["metadata"]["name"] != node:
            continue
        if kind == "Lease":
            rt = dt.datetime.strptime(obj["spec"]["renewTime"], "%Y-%m-%dT%H:%M:%S.%fZ") + skew
            obj["spec"]["renewTime"] = rt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        elif kind == "Node":
            for cond in obj["status"]["conditions"]:
                if cond["type"] != "NetworkUnavailable" and cond.get("reason", "").startswith("Kubelet"):
                    h = dt.datetime.strptime(cond["lastHeartbeatTime"], "%Y-%m-%dT%H:%M:%SZ") + skew
                    cond["lastHeartbeatTime"] = h.strftime("%Y-%m-%dT%H:%M:%SZ")


@scenario
def clock_skew_ahead_node_dies() -> Cluster:
    """worker-2's clock runs 20 s ahead (no NTP) and its kubelet dies at 60 s. The node lifecycle
    controller times the grace from when *it* saw the Lease change (probeTimestamp = its own now),
    not from renewTime: it marks worker-2 Unknown 50-55 s after the last renewal it observed."""
    c = Cluster(seed=41)
    base(c)
    c.start()
    c.advance(60)
    c.kubelet["worker-2"]["alive"] = False
    c.advance(300)
    _skewed(c, "worker-2", 20)
    return c


@scenario
def clock_skew_heartbeats_ahead() -> Cluster:
    """worker-2's clock runs 3 s ahead: its Lease renewTime and status heartbeats carry times up to
    3 s in the future of the other objects (the kubelet stamps them; the API server stores them as
    sent). resourceVersion gives the true order."""
    c = Cluster(seed=37)
    base(c)
    c.start()
    c.advance(400)
    import datetime as dt

    skew = dt.timedelta(seconds=3)
    for _, kind, _typ, obj in c.out:
        if obj["metadata"]["name"] != "worker-2":
            continue
        if kind == "Lease":
            rt = dt.datetime.strptime(obj["spec"]["renewTime"], "%Y-%m-%dT%H:%M:%S.%fZ") + skew
            obj["spec"]["renewTime"] = rt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        elif kind == "Node":
            for cond in obj["status"]["conditions"]:
                if cond["type"] != "NetworkUnavailable":
                    h = dt.datetime.strptime(cond["lastHeartbeatTime"], "%Y-%m-%dT%H:%M:%SZ") + skew
                    cond["lastHeartbeatTime"] = h.strftime("%Y-%m-%dT%H:%M:%SZ")
    return c


@scenario
def windows_node_with_os_taint() -> Cluster:
    """A Windows worker (nodeInfo.operatingSystem windows, kubernetes.io/os=windows, the usual
    os=windows:NoSchedule taint), a Windows pod tolerating it, and a kubelet restart there."""
    c = Cluster(seed=38)
    base(c)
    w = c.add_node(
        "win-1",
        taints=[{"key": "os", "value": "windows", "effect": "NoSchedule"}],
        labels={
            "kubernetes.io/os": "windows",
            "beta.kubernetes.io/os": "windows",
            "node.kubernetes.io/windows-build": "10.0.20348",
        },
    )
    w["status"]["nodeInfo"].update(
        {
            "operatingSystem": "windows",
            "osImage": "Windows Server 2022 Datacenter",
            "kernelVersion": "10.0.20348.2527",
            "containerRuntimeVersion": "containerd://1.7.20",
        }
    )
    c.pod(
        "default",
        "iis-6d5c8b7f9-w1q",
        "win-1",
        created=-1800,
        tolerations=[{"key": "os", "operator": "Equal", "value": "windows", "effect": "NoSchedule"}],
        image="mcr.microsoft.com/windows/servercore/iis:windowsservercore-ltsc2022",
    )
    c.start()
    c.advance(40)
    c.kubelet["win-1"]["alive"] = False
    c.advance(c.t + 25)
    c.kubelet["win-1"]["alive"] = True
    c.renew("win-1")
    c.kubelet["win-1"]["next_lease"] = c.t + 10
    c.post_status("win-1", "False", "KubeletNotReady", "container runtime network not ready")
    c.advance(c.t + 30)
    c.post_status("win-1", "True")
    c.advance(c.t + 120)
    return c


def _managed_skew(seed: int, cp_version: str, worker_version: str, grace: float, nlc: bool = True) -> Cluster:
    c = Cluster(seed=seed, version=worker_version, grace=grace, nlc=nlc)
    base(c, workers=4, cp=False)
    c.start()
    c.advance(30)
    c.kubelet["worker-4"]["alive"] = False
    c.advance(c.t + 120)
    return c


@scenario
def managed_workers_lag_control_plane() -> Cluster:
    """A managed cluster (no control-plane Nodes) whose control plane is 1.33 (node-monitor-grace-
    period 50 s) and whose workers still run kubelet 1.31 (the version skew policy allows kubelets
    three minors behind); worker-4 dies and is marked Unknown ~50-55 s after its last heartbeat."""
    return _managed_skew(39, "v1.33.1", "v1.31.4", 50)


def negative_not_evicted() -> None:
    """The bug variant: tolerations-zero-and-negative with the tolerationSeconds -1 pod never evicted
    (an implementation reading a negative value as "not set")."""
    import json
    import shutil

    src = os.path.join(HERE, "tolerations-zero-and-negative")
    dst = os.path.join(HERE, "tolerations-negative-not-evicted")
    os.makedirs(dst, exist_ok=True)
    dec = json.JSONDecoder()
    with gzip.open(os.path.join(src, "pods.json.gz"), "rt", encoding="utf-8") as f:
        text = f.read()
    i, out = 0, []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        ev, i = dec.raw_decode(text, i)
        if not (ev["type"] != "ADDED" and ev["object"]["metadata"]["name"].startswith("neg-")):
            out.append(json.dumps(ev, indent=4) + "\n")
    with open(os.path.join(dst, "pods.json.gz"), "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write("".join(out).encode())
    for name in ("nodes.json.gz", "leases.json.gz"):
        shutil.copy(os.path.join(src, name), dst)


def _gzip(d: str) -> None:
    for f in sorted(os.listdir(d)):
        with open(os.path.join(d, f), "rb") as src, gzip.GzipFile(os.path.join(d, f + ".gz"), "wb", mtime=0) as dst:
            dst.write(src.read())
        os.remove(os.path.join(d, f))


@scenario
def managed_controller_never_marks() -> Cluster:
    """Bug: the same managed cluster, worker-4 dies and the controller never marks it Unknown."""
    return _managed_skew(136, "v1.33.1", "v1.31.4", 50, nlc=False)


@scenario
def managed_workers_lag_marked_at_55s() -> Cluster:
    """The managed cluster of managed-workers-lag-control-plane whose 1.33 controller marks the dead
    worker Unknown 55 s after its last Lease renewal (a pass just after the 50 s grace): upstream."""
    return _managed_skew(136, "v1.33.1", "v1.31.4", 50)


def main() -> None:
    names = sys.argv[1:] or sorted(SCENARIOS)
    for name in names:
        c = SCENARIOS[name]()
        d = os.path.join(HERE, name)
        write(d, c)
        _gzip(d)
    negative_not_evicted()


if __name__ == "__main__":
    main()
