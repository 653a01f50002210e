"""Write the captures of tests/data/realworld2 (run: python tests/data/realworld2/generate.py).

Each scenario builds a cluster with ``sim.Cluster``, starts the watches in the middle of its life and
plays what operators and upstream's components do. The expected verdicts are in
tests/test_oracle_realworld2.py, each with the upstream reason.
"""

from __future__ import annotations

import copy
import gzip
import json
import os
import sys
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(__file__))
from sim import DEFAULT_TOL, UNREACH, Cluster, mts, ts

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS: dict[str, Callable[[], Cluster]] = {}


def scenario(fn: Callable[[], Cluster]) -> Callable[[], Cluster]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


def base(
    c: Cluster, workers: int = 3, zones: tuple[str, ...] = ("eu-west-1a",), cp: bool = True, web: int = 4
) -> list[str]:
    """A control plane (if any) and workers spread over the zones, with the usual pods."""
    if cp:
        c.add_node("cp-1", zone=zones[0], cp=True)
        for comp in ("etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler"):
            p = c.pod(
                "kube-system",
                f"{comp}-cp-1",
                "cp-1",
                kind="static",
                created=-86400 * 29,
                labels={"component": comp, "tier": "control-plane"},
                image=f"registry.k8s.io/{comp}:{c.version}",
            )
            if comp == "kube-controller-manager":
                p["spec"]["containers"][0]["command"] = [
                    "kube-controller-manager",
                    "--allocate-node-cidrs=true",
                    "--leader-elect=true",
                    "--kubeconfig=/etc/kubernetes/controller-manager.conf",
                    "--use-service-account-credentials=true",
                ]
    names = []
    for i in range(workers):
        name = f"worker-{i + 1}"
        c.add_node(name, zone=zones[i % len(zones)])
        names.append(name)
    for n in sorted(c.nodes):
        c.pod(
            "kube-system",
            f"kube-proxy-{n[-1]}x{len(n)}q",
            n,
            kind="ds",
            created=-86400 * 28,
            tolerations=[{"operator": "Exists"}],
            labels={"k8s-app": "kube-proxy"},
            image=f"registry.k8s.io/kube-proxy:{c.version}",
        )
    for i in range(web):
        c.pod(
            "default",
            f"web-5d8f7c9b6-{'abcdefgh'[i]}{i}k",
            names[i % len(names)],
            created=-7200 + i * 3,
            labels={"app": "web", "pod-template-hash": "5d8f7c9b6"},
        )
    return names


def write(name: str, c: Cluster, split: bool = True, pretty_leases: bool = False) -> None:
    d = os.path.join(HERE, name)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    if split:
        c.write_watch(os.path.join(d, "nodes.json"), ("Node",))
        c.write_watch(os.path.join(d, "pods.json"), ("Pod",))
    else:
        c.write_watch(os.path.join(d, "nodes-pods.json"), ("Node", "Pod"))
    c.write_watch(os.path.join(d, "leases.json"), ("Lease",), pretty=pretty_leases)


# ------------------------------------------------------------------------------------------------
@scenario
def healthy_three_zones() -> Cluster:
    """12 minutes of a healthy cluster over three zones: DaemonSet, mirror and ReplicaSet pods."""
    c = Cluster(seed=11)
    base(c, workers=5, zones=("eu-west-1a", "eu-west-1b", "eu-west-1c"))
    c.start()
    c.advance(720)
    return c


@scenario
def kubelet_restart() -> Cluster:
    """systemctl restart kubelet: a 20 s gap in the Lease, Ready=False until PLEG is healthy."""
    c = Cluster(seed=12)
    base(c)
    c.start()
    c.advance(60)
    c.kubelet["worker-2"]["alive"] = False
    c.advance(80)
    c.kubelet["worker-2"]["alive"] = True
    c.renew("worker-2")
    c.post_status(
        "worker-2",
        "False",
        "KubeletNotReady",
        "container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful",
    )
    c.kubelet["worker-2"]["next_lease"] = c.t + 10
    c.advance(92)
    c.post_status("worker-2", "True")
    c.advance(200)
    return c


@scenario
def node_reboot_graceful_shutdown() -> Cluster:
    """A reboot with graceful node shutdown: pods Failed (Terminated), NotReady, 100 s off, back."""
    c = Cluster(seed=13)
    base(c)
    c.start()
    c.advance(40)
    n = "worker-1"
    c.post_status(n, "False", "KubeletNotReady", "node is shutting down")
    for key, p in list(c.pods.items()):
        if p["spec"].get("nodeName") == n and key.startswith("default/"):
            p["status"]["phase"] = "Failed"
            p["status"]["reason"] = "Terminated"
            p["status"]["message"] = "Pod was terminated in response to imminent node shutdown."
            p["status"]["conditions"].append(
                {
                    "type": "DisruptionTarget",
                    "status": "True",
                    "lastProbeTime": None,
                    "lastTransitionTime": ts(c.t + 1),
                    "reason": "TerminationByKubelet",
                    "message": "Pod was terminated in response to imminent node shutdown.",
                }
            )
            for cond in p["status"]["conditions"]:
                if cond["type"] in ("Ready", "ContainersReady"):
                    cond["status"], cond["lastTransitionTime"] = "False", ts(c.t + 1)
            c.t += 0.2
            c.emit("MODIFIED", p)
    c.advance(c.t + 20)
    c.kubelet[n]["alive"] = False
    c.advance(c.t + 100)
    c.nodes[n]["status"]["nodeInfo"]["bootID"] = c.uid()
    c.kubelet[n]["alive"] = True
    c.renew(n)
    c.kubelet[n]["next_lease"] = c.t + 10
    c.post_status(n, "False", "KubeletNotReady", "[container runtime status check may not have completed yet]")
    c.advance(c.t + 6)
    c.post_status(n, "True")
    c.advance(c.t + 120)
    return c


@scenario
def network_partition_recovery() -> Cluster:
    """worker-3 is cut off for 4 min: Unknown, unreachable taints; a pod tolerating 60 s is evicted
    (stuck Terminating until the node is back); the others tolerate 300 s and stay."""
    c = Cluster(seed=14)
    base(c)
    c.pod(
        "default",
        "cache-7b9d5c6f4-zz9q1",
        "worker-3",
        tolerations=[
            {"key": UNREACH, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 60},
            {
                "key": "node.kubernetes.io/not-ready",
                "operator": "Exists",
                "effect": "NoExecute",
                "tolerationSeconds": 60,
            },
        ],
        created=-600,
    )
    c.start()
    c.advance(30)
    c.kubelet["worker-3"]["partitioned"] = True
    c.advance(270)
    c.kubelet["worker-3"]["partitioned"] = False
    c.renew("worker-3")
    c.kubelet["worker-3"]["next_lease"] = c.t + 10
    c.post_status("worker-3", "True")
    c.advance(c.t + 10)
    # the kubelet sees the deletion of its Terminating pod and finishes it
    for key in [k for k, p in c.pods.items() if p["metadata"].get("deletionTimestamp")]:
        c.emit("DELETED", c.pods.pop(key))
    c.advance(c.t + 90)
    return c


@scenario
def drain_and_uncordon() -> Cluster:
    """kubectl drain worker-1 --ignore-daemonsets: cordon, evictions (Eviction API), replacements
    scheduled elsewhere; then kubectl uncordon."""
    c = Cluster(seed=15)
    base(c)
    c.start()
    c.advance(20)
    n = "worker-1"
    c.nodes[n]["spec"]["unschedulable"] = True
    c.emit("MODIFIED", c.nodes[n])
    c.t += 0.1
    c._noschedule_pass(n)
    c.advance(c.t + 1)
    for key, p in list(c.pods.items()):
        if p["spec"].get("nodeName") == n and key.startswith("default/"):
            c.delete_pod(key, reason="EvictionByEvictionAPI", message="Eviction API: evicting")
            rep = c.pod(
                "default",
                p["metadata"]["name"][:-3] + "r" + p["metadata"]["name"][-2:],
                None,
                created=c.t + 0.05,
                labels={"app": "web", "pod-template-hash": "5d8f7c9b6"},
            )
            c.t += 1.2
            rep["spec"]["nodeName"] = "worker-2"
            rep["status"]["conditions"] = [
                {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
            ]
            c.emit("MODIFIED", rep)
    c.advance(c.t + 120)
    c.nodes[n]["spec"]["unschedulable"] = False
    del c.nodes[n]["spec"]["unschedulable"]
    c.emit("MODIFIED", c.nodes[n])
    c._noschedule_pass(n)
    c.advance(c.t + 60)
    return c


@scenario
def autoscaler_scale_down() -> Cluster:
    """cluster-autoscaler: DeletionCandidate (PreferNoSchedule; a pod is still scheduled there), then
    ToBeDeleted (NoSchedule), drain, the instance is terminated, the Node goes Unknown, the cloud
    node lifecycle controller deletes it and pod GC force-deletes its DaemonSet pod."""
    c = Cluster(seed=16)
    names = base(c, workers=4, web=3)
    c.start()
    c.advance(30)
    n = names[3]
    c.set_taints(
        n,
        add=[
            {"key": "DeletionCandidateOfClusterAutoscaler", "value": str(1_777_888_830), "effect": "PreferNoSchedule"}
        ],
    )
    c.advance(c.t + 20)
    p = c.pod("default", "batch-6c7d8e9f0-pq2rs", None, created=c.t)
    c.t += 0.8
    p["spec"]["nodeName"] = n
    p["status"]["conditions"] = [
        {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
    ]
    c.emit("MODIFIED", p)
    c.advance(c.t + 600)
    c.set_taints(
        n,
        add=[{"key": "ToBeDeletedByClusterAutoscaler", "value": str(1_777_889_480), "effect": "NoSchedule"}],
        remove=[("DeletionCandidateOfClusterAutoscaler", "PreferNoSchedule")],
    )
    c.t += 1
    c.delete_pod("default/batch-6c7d8e9f0-pq2rs", reason="EvictionByEvictionAPI", message="Eviction API: evicting")
    c.advance(c.t + 15)
    c.kubelet[n]["alive"] = False  # instance terminated
    c.advance(c.t + 75)
    # cloud-node-lifecycle-controller: the instance is gone and the Node not Ready: delete it
    c.emit("DELETED", c.nodes.pop(n))
    c.t += 0.5
    lease = c.leases.pop(n)
    c.emit("DELETED", lease)  # garbage collector: owned by the Node
    c.advance(c.t + 40)
    for key, pd in list(c.pods.items()):
        if pd["spec"].get("nodeName") == n:  # pod GC: bound to a Node that no longer exists
            pd["status"]["conditions"].append(
                {
                    "type": "DisruptionTarget",
                    "status": "True",
                    "lastProbeTime": None,
                    "lastTransitionTime": ts(c.t),
                    "reason": "DeletionByPodGC",
                    "message": "PodGC: node no longer exists",
                }
            )
            c.emit("MODIFIED", pd)
            pd["metadata"]["deletionTimestamp"] = ts(c.t)
            pd["metadata"]["deletionGracePeriodSeconds"] = 0
            c.emit("DELETED", c.pods.pop(key))
    c.advance(c.t + 60)
    return c


@scenario
def karpenter_disruption() -> Cluster:
    """karpenter: a new NodeClaim's Node registers with karpenter.sh/unregistered:NoExecute (kubelet
    --register-with-taints), karpenter removes it; later karpenter.sh/disrupted:NoSchedule on an old
    node, its pods evicted, the Node deleted."""
    c = Cluster(seed=17)
    names = base(c, workers=3, web=3)
    c.start()
    c.advance(20)
    new = c.add_node(
        "ip-10-0-7-19.eu-west-1.compute.internal",
        zone="eu-west-1a",
        created=c.t,
        taints=[{"key": "karpenter.sh/unregistered", "effect": "NoExecute"}],
        labels={"karpenter.sh/nodepool": "default", "karpenter.sh/registered": "true"},
        hb_age=0,
    )
    nn = new["metadata"]["name"]
    for cond in new["status"]["conditions"]:
        if cond["type"] == "Ready":
            cond.update(
                status="False",
                reason="KubeletNotReady",
                lastTransitionTime=ts(c.t),
                message="container runtime status check may not have completed yet",
            )
    c.out[-1] = (c.t, "Node", "ADDED", copy.deepcopy(new))
    c.renew(nn)
    c.advance(c.t + 2)
    c.post_status(nn, "True")
    c.advance(c.t + 3)
    c.set_taints(nn, remove=[("karpenter.sh/unregistered", "NoExecute")])
    c.advance(c.t + 60)
    old = names[2]
    c.set_taints(old, add=[{"key": "karpenter.sh/disrupted", "effect": "NoSchedule"}])
    c.t += 0.5
    for key, p in list(c.pods.items()):
        if p["spec"].get("nodeName") == old and key.startswith("default/"):
            c.delete_pod(key, reason="EvictionByEvictionAPI", message="Eviction API: evicting")
    c.advance(c.t + 40)
    c.kubelet[old]["alive"] = False
    c.t += 0.5
    c.emit("DELETED", c.nodes.pop(old))
    c.emit("DELETED", c.leases.pop(old))
    for key, pd in list(c.pods.items()):
        if pd["spec"].get("nodeName") == old:
            pd["metadata"]["deletionTimestamp"] = ts(c.t)
            pd["metadata"]["deletionGracePeriodSeconds"] = 0
            c.emit("DELETED", c.pods.pop(key))
    c.advance(c.t + 60)
    return c


@scenario
def out_of_service_taint() -> Cluster:
    """A node powered off without graceful shutdown: Unknown, unreachable taints; the admin adds
    node.kubernetes.io/out-of-service=nodeshutdown:NoExecute; its pods are evicted at once and pod GC
    force-deletes the terminating ones."""
    c = Cluster(seed=18)
    base(c)
    c.start()
    c.advance(20)
    n = "worker-2"
    c.kubelet[n]["alive"] = False
    c.advance(c.t + 120)
    c.set_taints(
        n,
        add=[
            {
                "key": "node.kubernetes.io/out-of-service",
                "value": "nodeshutdown",
                "effect": "NoExecute",
                "timeAdded": ts(c.t),
            }
        ],
    )
    c.advance(c.t + 3)
    c.t += 1
    for key, pd in list(c.pods.items()):
        if pd["spec"].get("nodeName") == n and pd["metadata"].get("deletionTimestamp"):
            pd["status"]["conditions"].append(
                {
                    "type": "DisruptionTarget",
                    "status": "True",
                    "lastProbeTime": None,
                    "lastTransitionTime": ts(c.t),
                    "reason": "DeletionByPodGC",
                    "message": "PodGC: node is out of service",
                }
            )
            c.emit("MODIFIED", pd)
            c.emit("DELETED", c.pods.pop(key))
    c.advance(c.t + 60)
    return c


@scenario
def cloud_node_joins() -> Cluster:
    """A node joins an external-cloud cluster: uninitialized taint and not-ready taint at
    registration, Ready=False until the CNI is up; cloud-controller-manager initialises it."""
    c = Cluster(seed=19)
    base(c, workers=2)
    c.start()
    c.advance(15)
    n = "worker-3"
    node = c.add_node(
        n,
        created=c.t,
        hb_age=0,
        taints=[
            {"key": "node.cloudprovider.kubernetes.io/uninitialized", "value": "true", "effect": "NoSchedule"},
            {"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"},
        ],
        conditions=True,
    )
    for cond in node["status"]["conditions"]:
        if cond["type"] == "Ready":
            cond.update(
                status="False",
                reason="KubeletNotReady",
                lastTransitionTime=ts(c.t),
                message="container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady "
                "message:Network plugin returns error: cni plugin not initialized",
            )
    c.nodes[n]["status"]["conditions"] = [x for x in node["status"]["conditions"] if x["type"] != "NetworkUnavailable"]
    # (the Node above was emitted with Ready=False; re-emit nothing: what the watch shows is that object)
    c.out[-1] = (c.t, "Node", "ADDED", copy.deepcopy(c.nodes[n]))
    c.renew(n)
    c.kubelet[n]["next_lease"] = c.t + 10
    c.advance(c.t + 2)
    # cloud-controller-manager: addresses, providerID, zone labels, then the taint removed
    c.nodes[n]["spec"]["providerID"] = "aws:///eu-west-1a/i-0a1b2c3d4e5f67890"
    c.nodes[n]["metadata"]["labels"]["topology.kubernetes.io/zone"] = "eu-west-1a"
    c.nodes[n]["metadata"]["labels"]["node.kubernetes.io/instance-type"] = "m6i.xlarge"
    c.set_taints(n, remove=[("node.cloudprovider.kubernetes.io/uninitialized", "NoSchedule")])
    c.pod("kube-system", "kube-proxy-j7w2n", None, kind="ds", created=c.t, tolerations=[{"operator": "Exists"}])
    ds = c.pods["kube-system/kube-proxy-j7w2n"]
    c.t += 0.3
    ds["spec"]["nodeName"] = n
    ds["status"]["conditions"] = [
        {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
    ]
    c.emit("MODIFIED", ds)
    c.advance(c.t + 25)
    c.nodes[n]["status"]["conditions"].insert(
        0,
        {
            "type": "NetworkUnavailable",
            "status": "False",
            "lastHeartbeatTime": ts(c.t),
            "lastTransitionTime": ts(c.t),
            "reason": "CalicoIsUp",
            "message": "Calico is running on this node",
        },
    )
    c.post_status(n, "True")
    c.advance(c.t + 200)
    return c


@scenario
def tolerations_everything_and_ds() -> Cluster:
    """worker-1 tainted dedicated=infra:NoSchedule and cordoned, worker-2 cordoned: a pod tolerating
    everything and one with matching Equal tolerations go to worker-1, a DaemonSet pod (the
    DaemonSet controller's tolerations, unschedulable among them) to worker-2: all allowed."""
    c = Cluster(seed=20)
    base(c)
    c.start()
    c.advance(10)
    c.set_taints("worker-1", add=[{"key": "dedicated", "value": "infra", "effect": "NoSchedule"}])
    for n in ("worker-1", "worker-2"):
        c.nodes[n]["spec"]["unschedulable"] = True
        c.emit("MODIFIED", c.nodes[n])
        c._noschedule_pass(n)
    c.advance(c.t + 10)
    for name, kind, tols, n in (
        ("node-exporter-x8k2p", "ds", [], "worker-2"),
        ("debug-agent-0", "sts", [{"operator": "Exists"}], "worker-1"),
        (
            "infra-7f6b5c4d3-m2n3b",
            "rs",
            [
                {"key": "dedicated", "operator": "Equal", "value": "infra", "effect": "NoSchedule"},
                {"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"},
            ],
            "worker-1",
        ),
    ):
        p = c.pod("monitoring", name, None, kind=kind, tolerations=tols, created=c.t)
        c.t += 0.7
        p["spec"]["nodeName"] = n
        if kind == "ds":
            p["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"][
                "nodeSelectorTerms"
            ][0]["matchFields"][0]["values"] = [n]
        p["status"]["conditions"] = [
            {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
        ]
        c.emit("MODIFIED", p)
    c.advance(c.t + 60)
    return c


@scenario
def zone_partial_disruption() -> Cluster:
    """4 of 6 nodes of one zone (no control plane there) lose power together: the zone is in
    partial disruption, and with <= 50 nodes upstream stops NoExecute tainting (ReducedQPSFunc = 0)."""
    c = Cluster(seed=21)
    base(c, workers=6, zones=("us-east-1a",), cp=False)
    c.add_node("cp-1", zone="us-east-1b", cp=True)
    c.start()
    c.advance(20)
    for n in ("worker-1", "worker-2", "worker-3", "worker-4"):
        c.kubelet[n]["alive"] = False
    c.advance(c.t + 400)
    return c


@scenario
def zone_failure_queued() -> Cluster:
    """Two of six nodes of a zone fail together (normal state): each NoExecute taint waits its turn
    (10 s apart); a node of another zone fails at the same time and is tainted at once."""
    c = Cluster(seed=22)
    base(c, workers=8, zones=("eu-central-1a", "eu-central-1a", "eu-central-1a", "eu-central-1b"))
    c.start()
    c.advance(20)
    for n in ("worker-1", "worker-2", "worker-4"):
        c.kubelet[n]["alive"] = False
    c.advance(c.t + 200)
    return c


@scenario
def managed_cluster_all_unreachable() -> Cluster:
    """A managed cluster (no control-plane Nodes), one zone: every node loses the API server. All
    zones fully disrupted: upstream adds no NoExecute taint (master disruption mode)."""
    c = Cluster(seed=23)
    base(c, workers=3, cp=False)
    c.start()
    c.advance(20)
    for n in list(c.kubelet):
        c.kubelet[n]["partitioned"] = True
    c.advance(c.t + 240)
    for n in list(c.kubelet):
        c.kubelet[n]["partitioned"] = False
        c.renew(n)
        c.kubelet[n]["next_lease"] = c.t + 10
        c.post_status(n, "True")
    c.advance(c.t + 60)
    return c


@scenario
def node_problem_detector_conditions() -> Cluster:
    """node-problem-detector's own conditions (KernelDeadlock, ReadonlyFilesystem, FrequentKubeletRestart)
    with their own heartbeats; one turns True. No taint follows (not a kubelet condition)."""
    c = Cluster(seed=24)
    extra = [
        {
            "type": t,
            "status": "False",
            "lastHeartbeatTime": ts(-20),
            "lastTransitionTime": ts(-86400),
            "reason": r,
            "message": m,
        }
        for t, r, m in (
            ("KernelDeadlock", "KernelHasNoDeadlock", "kernel has no deadlock"),
            ("ReadonlyFilesystem", "FilesystemIsNotReadOnly", "Filesystem is not read-only"),
            ("FrequentKubeletRestart", "NoFrequentKubeletRestart", "kubelet is functioning properly"),
        )
    ]
    c.add_node("cp-1", cp=True, zone="eu-west-1a")
    c.add_node("worker-1", zone="eu-west-1a", extra_conditions=copy.deepcopy(extra))
    c.add_node("worker-2", zone="eu-west-1a", extra_conditions=copy.deepcopy(extra))
    c.pod("default", "web-5d8f7c9b6-a0k", "worker-1")
    c.start()
    for k in range(1, 9):
        c.advance(k * 30)
        for n in ("worker-1", "worker-2"):
            for cond in c.nodes[n]["status"]["conditions"]:
                if cond["type"] in ("KernelDeadlock", "ReadonlyFilesystem", "FrequentKubeletRestart"):
                    cond["lastHeartbeatTime"] = ts(c.t)
                    if k == 4 and n == "worker-2" and cond["type"] == "KernelDeadlock":
                        cond.update(
                            status="True",
                            reason="DockerHung",
                            lastTransitionTime=ts(c.t),
                            message="task docker:7 blocked for more than 120 seconds.",
                        )
            c.emit("MODIFIED", c.nodes[n])
    return c


@scenario
def kwok_node_without_conditions() -> Cluster:
    """A KWOK fake Node applied from its YAML (no conditions, kwok's fake taint), then kwok's
    controller gives it its conditions and Lease (the way kwok manages a node)."""
    c = Cluster(seed=25)
    base(c, workers=1, web=1)
    c.start()
    c.advance(10)
    n = "kwok-node-0"
    node = c.add_node(
        n,
        created=c.t,
        conditions=False,
        kubelet=False,
        hb_age=0,
        taints=[{"key": "kwok.x-k8s.io/node", "value": "fake", "effect": "NoSchedule"}],
        labels={"type": "kwok", "kubernetes.io/role": "agent"},
    )
    node["metadata"]["annotations"]["kwok.x-k8s.io/node"] = "fake"
    node["status"]["nodeInfo"]["kubeletVersion"] = "fake"
    c.out[-1] = (c.t, "Node", "ADDED", copy.deepcopy(node))
    c._noschedule_pass(n)  # doNoScheduleTaintingPass: no Ready condition, so no not-ready taint wanted
    c.advance(c.t + 1.5)
    node["status"]["conditions"] = [
        {"type": t, "status": s, "lastHeartbeatTime": ts(c.t), "lastTransitionTime": ts(c.t), "reason": r, "message": m}
        for t, s, r, m in (
            ("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
            ("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
            ("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
            ("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
            ("NetworkUnavailable", "False", "RouteCreated", "RouteController created a route"),
        )
    ]
    c.emit("MODIFIED", node)
    c._noschedule_pass(n)
    c.leases[n] = {
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": n,
            "namespace": "kube-node-lease",
            "uid": c.uid(),
            "resourceVersion": "0",
            "creationTimestamp": ts(c.t),
            "ownerReferences": [{"apiVersion": "v1", "kind": "Node", "name": n, "uid": node["metadata"]["uid"]}],
        },
        "spec": {"holderIdentity": n, "leaseDurationSeconds": 40, "renewTime": mts(c.t)},
    }
    c.emit("ADDED", c.leases[n])
    c.kubelet[n] = {"alive": True, "partitioned": False, "next_lease": c.t + 10, "next_status": c.t + 300}
    c.advance(c.t + 120)
    return c


@scenario
def node_deleted_reregistered() -> Cluster:
    """kubectl delete node worker-2: the Lease is garbage-collected, the kubelet recreates its Lease
    at once (ensureLease), pod GC force-deletes the pods; systemctl restart kubelet registers again."""
    c = Cluster(seed=26)
    base(c)
    c.start()
    c.advance(30)
    n = "worker-2"
    old = c.nodes.pop(n)
    c.emit("DELETED", old)
    c.t += 0.3
    c.emit("DELETED", c.leases.pop(n))
    c.advance(c.t + 4)
    lease = {
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": n,
            "namespace": "kube-node-lease",
            "uid": c.uid(),
            "resourceVersion": "0",
            "creationTimestamp": ts(c.t),
        },
        "spec": {"holderIdentity": n, "leaseDurationSeconds": 40, "renewTime": mts(c.t)},
    }
    c.leases[n] = lease
    c.emit("ADDED", lease)
    c.kubelet[n]["next_lease"] = c.t + 10
    c.advance(c.t + 40)
    for key, pd in list(c.pods.items()):
        if pd["spec"].get("nodeName") == n:
            pd["status"]["conditions"].append(
                {
                    "type": "DisruptionTarget",
                    "status": "True",
                    "lastProbeTime": None,
                    "lastTransitionTime": ts(c.t),
                    "reason": "DeletionByPodGC",
                    "message": "PodGC: node no longer exists",
                }
            )
            c.emit("MODIFIED", pd)
            pd["metadata"]["deletionTimestamp"] = ts(c.t)
            pd["metadata"]["deletionGracePeriodSeconds"] = 0
            c.emit("DELETED", c.pods.pop(key))
    c.advance(c.t + 30)
    # systemctl restart kubelet: registers again, created with its conditions
    c.kubelet.pop(n)
    c.leases.pop(n)
    saved = c.leases
    node = c.add_node(
        n,
        zone="eu-west-1a",
        created=c.t,
        hb_age=0,
        taints=[{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}],
    )
    c.leases = saved
    c.leases[n] = lease
    for cond in node["status"]["conditions"]:
        if cond["type"] == "Ready":
            cond.update(
                status="False",
                reason="KubeletNotReady",
                lastTransitionTime=ts(c.t),
                message="container runtime status check may not have completed yet",
            )
    c.out[-1] = (c.t, "Node", "ADDED", copy.deepcopy(node))
    c.kubelet[n]["next_lease"] = c.t + 1
    c.advance(c.t + 8)
    c.post_status(n, "True")
    c.pod("kube-system", "kube-proxy-w2new", None, kind="ds", created=c.t, tolerations=[{"operator": "Exists"}])
    ds = c.pods["kube-system/kube-proxy-w2new"]
    c.t += 0.3
    ds["spec"]["nodeName"] = n
    ds["status"]["conditions"] = [
        {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(c.t)}
    ]
    c.emit("MODIFIED", ds)
    c.advance(c.t + 60)
    return c


@scenario
def eviction_late_short_toleration() -> Cluster:
    """A real bug: the taint-eviction controller ignores tolerationSeconds 30 (evicts at 300 s)."""
    c = Cluster(seed=27)
    base(c)
    c.pod(
        "default",
        "fast-6b5c4d3e2-q1w2e",
        "worker-1",
        tolerations=[{"key": UNREACH, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 30}],
        created=-900,
    )
    c.start()
    c.advance(20)
    c.kubelet["worker-1"]["alive"] = False
    c.pods["default/fast-6b5c4d3e2-q1w2e"]["spec"]["tolerations"] = list(DEFAULT_TOL)  # what the controller read
    c.advance(c.t + 420)
    c.pods["default/fast-6b5c4d3e2-q1w2e"]["spec"]["tolerations"] = [
        {"key": UNREACH, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 30}
    ]
    return c


@scenario
def silent_node_kept_ready() -> Cluster:
    """A real bug: the controller never marks a node whose Lease stopped (monitor stuck)."""
    c = Cluster(seed=28)
    base(c)
    c.start()
    c.advance(20)
    c.kubelet["worker-3"]["alive"] = False
    c.nlc = False
    c.advance(c.t + 180)
    return c


@scenario
def out_of_service_never_evicted() -> Cluster:
    """A real bug: the taint-eviction controller ignores the out-of-service taint the pods do not
    tolerate (they stay until their 300 s unreachable toleration runs out)."""
    c = Cluster(seed=18, evict_untolerated=False)
    base(c)
    c.start()
    c.advance(20)
    n = "worker-2"
    c.kubelet[n]["alive"] = False
    c.advance(c.t + 120)
    c.set_taints(
        n,
        add=[
            {
                "key": "node.kubernetes.io/out-of-service",
                "value": "nodeshutdown",
                "effect": "NoExecute",
                "timeAdded": ts(c.t),
            }
        ],
    )
    c.advance(c.t + 60)
    return c


@scenario
def zone_two_fail_never_tainted() -> Cluster:
    """A real bug: 2 of 6 nodes of a zone fail (normal state, tainting not stopped) and the
    controller never adds the unreachable NoExecute taint."""
    c = Cluster(seed=29, noexecute=False)
    base(c, workers=6, zones=("us-east-1a",), cp=False)
    c.add_node("cp-1", zone="us-east-1b", cp=True)
    c.start()
    c.advance(20)
    for n in ("worker-1", "worker-2"):
        c.kubelet[n]["alive"] = False
    c.advance(c.t + 150)
    return c


def _bug_fixups(name: str, c: Cluster) -> None:
    if name == "eviction-late-short-toleration":
        # the pod objects as the API shows them always carried the 30 s toleration
        for _, kind, _typ, obj in c.out:
            if kind == "Pod" and obj["metadata"]["name"] == "fast-6b5c4d3e2-q1w2e":
                obj["spec"]["tolerations"] = [
                    {"key": UNREACH, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 30}
                ]


def main() -> None:
    which = sys.argv[1:] or list(SCENARIOS)
    for name in which:
        c = SCENARIOS[name]()
        _bug_fixups(name, c)
        write(
            name,
            c,
            split=name not in ("kubelet-restart", "drain-and-uncordon"),
            pretty_leases=name in ("kubelet-restart",),
        )
        d = os.path.join(HERE, name)
        for f in sorted(os.listdir(d)):
            with open(os.path.join(d, f), "rb") as src, gzip.GzipFile(os.path.join(d, f + ".gz"), "wb", mtime=0) as dst:
                dst.write(src.read())
            os.remove(os.path.join(d, f))
        print(name, len(c.out), "events")


def _unused(_: Any) -> None:
    json.dumps(_)


if __name__ == "__main__":
    main()
