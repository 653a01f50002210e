"""A small time-stepped simulation of a kubeadm-style cluster, written apart from capturegen.

It plays upstream's components with their real timing and writes what ``kubectl get -w
--output-watch-events -o json`` would print: kubelets renew their Lease every 10 s (renewTime in
microseconds) and post status every 5 min or on change; the node lifecycle controller runs every
5 s (grace 50 s at 1.32+), marks a silent node Unknown, adds the NoSchedule condition taints on the
Node update and the NoExecute taints at its next pass through a per-zone queue (0.1 nodes/s, burst
1); the taint-eviction controller deletes pods (DisruptionTarget/DeletionByTaintManager, then
deletionTimestamp with the pod's 30 s grace) when their tolerationSeconds run out. Scenarios are in
``generate.py``.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import random
import uuid
from typing import Any

T0 = dt.datetime(2026, 5, 4, 10, 0, 0, tzinfo=dt.UTC)
UNREACH, NOTREADY = "node.kubernetes.io/unreachable", "node.kubernetes.io/not-ready"
UNSCHED = "node.kubernetes.io/unschedulable"
KUBELET_CONDS = ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready")


def ts(t: float) -> str:
    return (T0 + dt.timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%SZ")


def mts(t: float) -> str:
    return (T0 + dt.timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


DEFAULT_TOL = [
    {"key": NOTREADY, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
    {"key": UNREACH, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
]
DS_TOL = [
    {"key": NOTREADY, "operator": "Exists", "effect": "NoExecute"},
    {"key": UNREACH, "operator": "Exists", "effect": "NoExecute"},
    {"key": "node.kubernetes.io/disk-pressure", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/memory-pressure", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/pid-pressure", "operator": "Exists", "effect": "NoSchedule"},
    {"key": UNSCHED, "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/network-unavailable", "operator": "Exists", "effect": "NoSchedule"},
]


def tolerates(tols: list[dict[str, Any]], taint: dict[str, Any]) -> tuple[bool, float | None]:
    """(tolerated, seconds or None for ever) -- upstream's ToleratesTaint, enough for these scenarios."""
    best: tuple[bool, float | None] = (False, None)
    for tol in tols:
        if tol.get("effect") and tol["effect"] != taint["effect"]:
            continue
        if tol.get("key") and tol["key"] != taint["key"]:
            continue
        if tol.get("operator", "Equal") == "Equal" and tol.get("value", "") != taint.get("value", ""):
            continue
        if not tol.get("key") and tol.get("operator") != "Exists":
            continue
        sec = tol.get("tolerationSeconds")
        if sec is None:
            return True, None
        if not best[0] or (best[1] is not None and sec < best[1]):
            best = (True, float(max(sec, 0)))
    return best


class Cluster:
    def __init__(
        self,
        seed: int = 1,
        version: str = "v1.32.3",
        grace: float = 50,
        start_rv: int = 5_120_000,
        nlc: bool = True,
        eviction: bool = True,
        zone_rate: float = 0.1,
        noexecute: bool = True,
        evict_untolerated: bool = True,
    ) -> None:
        self.noexecute, self.evict_untolerated = noexecute, evict_untolerated
        self.r = random.Random(seed)
        self.version, self.grace, self.nlc, self.eviction, self.zone_rate = version, grace, nlc, eviction, zone_rate
        self.t = 0.0
        self.rv = start_rv
        self.nodes: dict[str, dict[str, Any]] = {}
        self.leases: dict[str, dict[str, Any]] = {}
        self.pods: dict[str, dict[str, Any]] = {}
        self.kubelet: dict[str, dict[str, Any]] = {}  # alive, next_lease, next_status, partitioned
        self.out: list[tuple[float, str, str, dict[str, Any]]] = []  # (t, kind, type, obj)
        self.listed: list[dict[str, Any]] = []
        self.started = False
        self.next_monitor = self.r.uniform(0, 5)
        self.zone_next: dict[str, float] = {}
        self.taint_queue: list[tuple[str, str]] = []  # (node, key) waiting for the zone's token
        self.observed: dict[str, str] = {}  # Ready status the controller saw at its previous pass
        self.evict_at: dict[str, float] = {}
        self.pending_deletes: list[tuple[float, str]] = []
        self.zone_qps: dict[str, float] = {}
        self.all_full = False

    # ---------------------------------------------------------------- objects
    def uid(self) -> str:
        return str(uuid.UUID(int=self.r.getrandbits(128), version=4))

    def _bump(self, obj: dict[str, Any]) -> None:
        self.rv += self.r.randint(1, 25)
        obj["metadata"]["resourceVersion"] = str(self.rv)

    def emit(self, typ: str, obj: dict[str, Any]) -> None:
        self._bump(obj)
        if self.started:
            self.out.append((self.t, obj["kind"], typ, copy.deepcopy(obj)))

    def add_node(
        self,
        name: str,
        zone: str | None = None,
        cp: bool = False,
        taints: list[dict[str, Any]] | None = None,
        created: float = -86400 * 30,
        labels: dict[str, str] | None = None,
        conditions: bool = True,
        extra_conditions: list[dict[str, Any]] | None = None,
        cpu: str = "4",
        kubelet: bool = True,
        hb_age: float | None = None,
        version: str | None = None,
    ) -> dict[str, Any]:
        lab = {
            "beta.kubernetes.io/arch": "amd64",
            "beta.kubernetes.io/os": "linux",
            "kubernetes.io/arch": "amd64",
            "kubernetes.io/hostname": name,
            "kubernetes.io/os": "linux",
        }
        if cp:
            lab["node-role.kubernetes.io/control-plane"] = ""
            lab["node.kubernetes.io/exclude-from-external-load-balancers"] = ""
        if zone:
            lab["topology.kubernetes.io/zone"] = zone
            lab["topology.kubernetes.io/region"] = zone[:-1]
        lab.update(labels or {})
        hb = self.t - (hb_age if hb_age is not None else self.r.uniform(20, 280))
        conds = [
            {
                "type": "NetworkUnavailable",
                "status": "False",
                "lastHeartbeatTime": ts(created + 40),
                "lastTransitionTime": ts(created + 40),
                "reason": "CalicoIsUp",
                "message": "Calico is running on this node",
            }
        ]
        for typ, reason, msg in (
            ("MemoryPressure", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
            ("DiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
            ("PIDPressure", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
            ("Ready", "KubeletReady", "kubelet is posting ready status"),
        ):
            conds.append(
                {
                    "type": typ,
                    "status": "True" if typ == "Ready" else "False",
                    "lastHeartbeatTime": ts(hb),
                    "lastTransitionTime": ts(created + (25 if typ == "Ready" else 0)),
                    "reason": reason,
                    "message": msg,
                }
            )
        conds += extra_conditions or []
        ip = f"10.0.{len(self.nodes) // 200}.{10 + len(self.nodes) % 200}"
        obj: dict[str, Any] = {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {
                "name": name,
                "uid": self.uid(),
                "resourceVersion": "0",
                "creationTimestamp": ts(created),
                "labels": lab,
                "annotations": {
                    "kubeadm.alpha.kubernetes.io/cri-socket": "unix:///var/run/containerd/containerd.sock",
                    "node.alpha.kubernetes.io/ttl": "0",
                    "volumes.kubernetes.io/controller-managed-attach-detach": "true",
                },
            },
            "spec": {"podCIDR": f"10.244.{len(self.nodes)}.0/24", "podCIDRs": [f"10.244.{len(self.nodes)}.0/24"]},
            "status": {
                "capacity": {
                    "cpu": cpu,
                    "ephemeral-storage": "101430960Ki",
                    "hugepages-2Mi": "0",
                    "memory": "16318420Ki",
                    "pods": "110",
                },
                "allocatable": {
                    "cpu": cpu,
                    "ephemeral-storage": "93478772582",
                    "hugepages-2Mi": "0",
                    "memory": "16216020Ki",
                    "pods": "110",
                },
                "conditions": conds if conditions else [],
                "addresses": [{"type": "InternalIP", "address": ip}, {"type": "Hostname", "address": name}],
                "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
                "nodeInfo": {
                    "machineID": self.uid().replace("-", ""),
                    "systemUUID": self.uid(),
                    "bootID": self.uid(),
                    "kernelVersion": "6.8.0-57-generic",
                    "osImage": "Ubuntu 24.04.2 LTS",
                    "containerRuntimeVersion": "containerd://1.7.27",
                    "kubeletVersion": version or self.version,
                    "kubeProxyVersion": version or self.version,
                    "operatingSystem": "linux",
                    "architecture": "amd64",
                },
            },
        }
        tl = list(taints or [])
        if self.started and not any(t["key"] == NOTREADY for t in tl):
            tl.append({"key": NOTREADY, "effect": "NoSchedule"})  # the NodeTaint admission plugin, on create
        if cp:
            tl.insert(0, {"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"})
        if tl:
            obj["spec"]["taints"] = tl
        self.nodes[name] = obj
        if kubelet:
            self.kubelet[name] = {
                "alive": True,
                "partitioned": False,
                "next_lease": self.t + self.r.uniform(0.5, 9.5),
                "next_status": hb + 300 + self.r.uniform(0, 5),
            }
            lt = self.kubelet[name]["next_lease"] - 10
            self.leases[name] = {
                "apiVersion": "coordination.k8s.io/v1",
                "kind": "Lease",
                "metadata": {
                    "name": name,
                    "namespace": "kube-node-lease",
                    "uid": self.uid(),
                    "resourceVersion": "0",
                    "creationTimestamp": ts(created + 1),
                    "ownerReferences": [
                        {"apiVersion": "v1", "kind": "Node", "name": name, "uid": obj["metadata"]["uid"]}
                    ],
                },
                "spec": {"holderIdentity": name, "leaseDurationSeconds": 40, "renewTime": mts(lt)},
            }
        self.observed[name] = self.ready(name)
        self._bump(obj)
        if name in self.leases:
            self._bump(self.leases[name])
        if self.started:
            self.emit("ADDED", obj)
        return obj

    def pod(
        self,
        ns: str,
        name: str,
        node: str | None,
        kind: str = "rs",
        tolerations: list[dict[str, Any]] | None = None,
        created: float = -3600,
        cpu: str = "100m",
        labels: dict[str, str] | None = None,
        image: str = "nginx:1.27",
    ) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "name": name,
            "namespace": ns,
            "uid": self.uid(),
            "resourceVersion": "0",
            "creationTimestamp": ts(created),
            "labels": dict(labels or {"app": name.split("-")[0]}),
        }
        spec: dict[str, Any] = {
            "containers": [
                {"name": name.split("-")[0], "image": image, "resources": {"requests": {"cpu": cpu, "memory": "64Mi"}}}
            ],
            "restartPolicy": "Always",
            "terminationGracePeriodSeconds": 30,
            "dnsPolicy": "ClusterFirst",
            "schedulerName": "default-scheduler",
            "priority": 0,
        }
        tols = list(tolerations or [])
        if kind == "rs":
            owner = name.rsplit("-", 1)[0]
            meta["generateName"] = owner + "-"
            meta["ownerReferences"] = [
                {
                    "apiVersion": "apps/v1",
                    "kind": "ReplicaSet",
                    "name": owner,
                    "uid": self.uid(),
                    "controller": True,
                    "blockOwnerDeletion": True,
                }
            ]
            # DefaultTolerationSeconds admission adds these unless the pod has its own
            have = {t.get("key") for t in tols if t.get("effect") in (None, "NoExecute")}
            tols += [t for t in DEFAULT_TOL if t["key"] not in have and "" not in have and None not in have]
        elif kind == "ds":
            owner = name.rsplit("-", 1)[0]
            meta["generateName"] = owner + "-"
            meta["ownerReferences"] = [
                {
                    "apiVersion": "apps/v1",
                    "kind": "DaemonSet",
                    "name": owner,
                    "uid": self.uid(),
                    "controller": True,
                    "blockOwnerDeletion": True,
                }
            ]
            meta["labels"]["controller-revision-hash"] = "5c6d8f7b4"
            tols += DS_TOL
            spec["affinity"] = {
                "nodeAffinity": {
                    "requiredDuringSchedulingIgnoredDuringExecution": {
                        "nodeSelectorTerms": [
                            {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [node]}]}
                        ]
                    }
                }
            }
            spec["priorityClassName"] = "system-node-critical"
            spec["priority"] = 2000001000
            spec["hostNetwork"] = True
        elif kind == "static":
            h = self.uid().replace("-", "")
            meta["annotations"] = {
                "kubernetes.io/config.hash": h,
                "kubernetes.io/config.mirror": h,
                "kubernetes.io/config.seen": mts(created - 2),
                "kubernetes.io/config.source": "file",
            }
            meta["ownerReferences"] = [
                {
                    "apiVersion": "v1",
                    "kind": "Node",
                    "name": node,
                    "controller": True,
                    "uid": self.nodes[node]["metadata"]["uid"],
                }
            ]
            tols = [{"operator": "Exists", "effect": "NoExecute"}]
            spec["priorityClassName"] = "system-node-critical"
            spec["priority"] = 2000001000
            spec["hostNetwork"] = True
        if tols:
            spec["tolerations"] = tols
        st: dict[str, Any] = {"phase": "Pending", "qosClass": "Burstable"}
        if node is not None:
            spec["nodeName"] = node
            ip = self.nodes[node]["status"]["addresses"][0]["address"]
            st = {
                "phase": "Running",
                "conditions": [
                    {
                        "type": "PodReadyToStartContainers",
                        "status": "True",
                        "lastProbeTime": None,
                        "lastTransitionTime": ts(created + 3),
                    },
                    {
                        "type": "Initialized",
                        "status": "True",
                        "lastProbeTime": None,
                        "lastTransitionTime": ts(created + 1),
                    },
                    {"type": "Ready", "status": "True", "lastProbeTime": None, "lastTransitionTime": ts(created + 5)},
                    {
                        "type": "ContainersReady",
                        "status": "True",
                        "lastProbeTime": None,
                        "lastTransitionTime": ts(created + 5),
                    },
                    {
                        "type": "PodScheduled",
                        "status": "True",
                        "lastProbeTime": None,
                        "lastTransitionTime": ts(created + 0.5 if kind != "static" else created),
                    },
                ],
                "hostIP": ip,
                "hostIPs": [{"ip": ip}],
                "podIP": ip if kind in ("ds", "static") else f"10.244.{self.r.randint(0, 9)}.{self.r.randint(2, 250)}",
                "startTime": ts(created + 1),
                "qosClass": "Burstable",
            }
        else:
            st["conditions"] = [
                {
                    "type": "PodScheduled",
                    "status": "False",
                    "lastProbeTime": None,
                    "lastTransitionTime": ts(created),
                    "reason": "Unschedulable",
                    "message": "0/3 nodes are available",
                }
            ]
        obj = {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec, "status": st}
        self.pods[f"{ns}/{name}"] = obj
        self._bump(obj)
        if self.started:
            self.emit("ADDED", obj)
        return obj

    # ---------------------------------------------------------------- capture
    def start(self) -> None:
        """The watches start: each lists what exists (ADDED, list order, old resourceVersions)."""
        self.started = True
        for name in sorted(self.nodes):
            self.out.append((self.t, "Node", "ADDED", copy.deepcopy(self.nodes[name])))
        for key in sorted(self.pods):
            self.out.append((self.t, "Pod", "ADDED", copy.deepcopy(self.pods[key])))
        for name in sorted(self.leases):
            self.out.append((self.t, "Lease", "ADDED", copy.deepcopy(self.leases[name])))

    # ---------------------------------------------------------------- helpers
    def cond(self, node: str, typ: str) -> dict[str, Any] | None:
        for c in self.nodes[node]["status"]["conditions"]:
            if c["type"] == typ:
                return c
        return None

    def ready(self, node: str) -> str:
        c = self.cond(node, "Ready")
        return c["status"] if c else "Absent"

    def taints(self, node: str) -> list[dict[str, Any]]:
        return self.nodes[node]["spec"].setdefault("taints", [])

    def has_taint(self, node: str, key: str, effect: str) -> bool:
        return any(t["key"] == key and t["effect"] == effect for t in self.taints(node))

    def set_taints(self, node: str, add: list[dict[str, Any]] = (), remove: list[tuple[str, str]] = ()) -> None:  # type: ignore[assignment]
        tl = [t for t in self.taints(node) if (t["key"], t["effect"]) not in set(remove)]
        for a in add:
            if not any(t["key"] == a["key"] and t["effect"] == a["effect"] for t in tl):
                tl.append(dict(a))
        self.nodes[node]["spec"]["taints"] = tl
        if not tl:
            del self.nodes[node]["spec"]["taints"]
        self.emit("MODIFIED", self.nodes[node])
        self._noschedule_pass(node)

    # ---------------------------------------------------------------- kubelet
    def renew(self, node: str) -> None:
        lease = self.leases[node]
        lease["spec"]["renewTime"] = mts(self.t)
        self.emit("MODIFIED", lease)

    def post_status(
        self,
        node: str,
        ready: str | None = None,
        reason: str = "KubeletReady",
        message: str = "kubelet is posting ready status",
    ) -> None:
        for c in self.nodes[node]["status"]["conditions"]:
            if c["type"] == "NetworkUnavailable":
                continue
            if c["type"] in KUBELET_CONDS or c.get("reason", "").startswith("Kubelet") or c["status"] == "Unknown":
                c["lastHeartbeatTime"] = ts(self.t)
            if c["type"] == "Ready" and ready is not None and (c["status"] != ready or c["reason"] != reason):
                if c["status"] != ready:
                    c["lastTransitionTime"] = ts(self.t)
                c["status"], c["reason"], c["message"] = ready, reason, message
            elif c["type"] in ("MemoryPressure", "DiskPressure", "PIDPressure") and c["status"] == "Unknown":
                c["status"], c["lastTransitionTime"] = "False", ts(self.t)
                c["reason"] = {
                    "MemoryPressure": "KubeletHasSufficientMemory",
                    "DiskPressure": "KubeletHasNoDiskPressure",
                    "PIDPressure": "KubeletHasSufficientPID",
                }[c["type"]]
                c["message"] = "kubelet has sufficient memory available"
        self.kubelet[node]["next_status"] = self.t + 300 + self.r.uniform(0, 5)
        self.emit("MODIFIED", self.nodes[node])
        self._noschedule_pass(node)

    # ---------------------------------------------------------------- node lifecycle controller
    def _mark_unknown(self, name: str) -> None:
        """tryUpdateNodeHealth past the grace period: the kubelet's conditions become Unknown."""
        for c in self.nodes[name]["status"]["conditions"]:
            if c["type"] in KUBELET_CONDS:
                c["status"], c["lastTransitionTime"] = "Unknown", ts(self.t)
                c["reason"], c["message"] = "NodeStatusUnknown", "Kubelet stopped posting node status."
        self.emit("MODIFIED", self.nodes[name])
        self._noschedule_pass(name)

    def _noschedule_pass(self, node: str) -> None:
        """doNoScheduleTaintingPass, run on every Node update."""
        if not self.nlc or node not in self.nodes:
            return
        want = set()
        rd = self.ready(node)
        if rd == "False":
            want.add(NOTREADY)
        elif rd == "Unknown":
            want.add(UNREACH)
        for typ, key in (
            ("MemoryPressure", "node.kubernetes.io/memory-pressure"),
            ("DiskPressure", "node.kubernetes.io/disk-pressure"),
            ("PIDPressure", "node.kubernetes.io/pid-pressure"),
            ("NetworkUnavailable", "node.kubernetes.io/network-unavailable"),
        ):
            c = self.cond(node, typ)
            if c and c["status"] == "True":
                want.add(key)
        if self.nodes[node]["spec"].get("unschedulable"):
            want.add(UNSCHED)
        managed = {
            NOTREADY,
            UNREACH,
            UNSCHED,
            "node.kubernetes.io/memory-pressure",
            "node.kubernetes.io/disk-pressure",
            "node.kubernetes.io/pid-pressure",
            "node.kubernetes.io/network-unavailable",
        }
        have = {t["key"] for t in self.taints(node) if t["effect"] == "NoSchedule" and t["key"] in managed}
        if have == want:
            if not self.nodes[node]["spec"]["taints"]:
                del self.nodes[node]["spec"]["taints"]
            return
        tl = [t for t in self.taints(node) if not (t["effect"] == "NoSchedule" and t["key"] in have - want)]
        tl += [{"key": k, "effect": "NoSchedule", "timeAdded": ts(self.t)} for k in sorted(want - have)]
        self.t += 0.05
        self.nodes[node]["spec"]["taints"] = tl
        if not tl:
            del self.nodes[node]["spec"]["taints"]
        self.emit("MODIFIED", self.nodes[node])

    def _monitor(self) -> None:
        for name in sorted(self.nodes):
            rd = self.ready(name)
            observed = rd  # processTaintBaseEviction reads the condition from before this pass's update
            lease = self.leases.get(name)
            probe = max(
                [self.t - 10**9]
                + [
                    (
                        dt.datetime.strptime(c["lastHeartbeatTime"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.UTC) - T0
                    ).total_seconds()
                    for c in self.nodes[name]["status"]["conditions"]
                    if c["type"] == "Ready"
                ]
            )
            if lease is not None:
                rt = dt.datetime.strptime(lease["spec"]["renewTime"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=dt.UTC)
                probe = max(probe, (rt - T0).total_seconds())
            if rd in ("True", "False") and self.t - probe > self.grace:
                self._mark_unknown(name)
            # processTaintBaseEviction reads the condition as it was before this pass
            if observed == "False" and not self.has_taint(name, NOTREADY, "NoExecute"):
                self._enqueue(name, NOTREADY)
            elif observed == "Unknown" and not self.has_taint(name, UNREACH, "NoExecute"):
                self._enqueue(name, UNREACH)
            elif observed == "True":
                # markNodeAsReachable: every pass for a Ready node (and out of the zone's queue)
                self.taint_queue = [q for q in self.taint_queue if q[0] != name]
                if self.has_taint(name, UNREACH, "NoExecute") or self.has_taint(name, NOTREADY, "NoExecute"):
                    self.t += 0.02
                    self.set_taints(name, remove=[(UNREACH, "NoExecute"), (NOTREADY, "NoExecute")])
            self.observed[name] = self.ready(name)
        self._handle_disruption()

    def _handle_disruption(self) -> None:
        """handleDisruption: per-zone state at the end of the pass sets the zone's NoExecute rate."""
        zones: dict[str, list[str]] = {}
        for name, obj in self.nodes.items():
            zones.setdefault(obj["metadata"]["labels"].get("topology.kubernetes.io/zone", ""), []).append(name)
        states = {}
        for z, names in zones.items():
            bad = sum(1 for n in names if self.ready(n) != "True")
            if bad == len(names):
                states[z] = "full"
            elif bad > 2 and bad / len(names) >= 0.55:
                states[z] = "partial"
            else:
                states[z] = "normal"
        if states and all(v == "full" for v in states.values()):
            if not self.all_full:
                for n in sorted(self.nodes):
                    if self.has_taint(n, UNREACH, "NoExecute") or self.has_taint(n, NOTREADY, "NoExecute"):
                        self.set_taints(n, remove=[(UNREACH, "NoExecute"), (NOTREADY, "NoExecute")])
            self.all_full = True
            self.zone_qps = {z: 0.0 for z in states}
            return
        self.all_full = False
        self.zone_qps = {
            z: (0.0 if v == "partial" and len(zones[z]) <= 50 else self.zone_rate) for z, v in states.items()
        }

    def _enqueue(self, node: str, key: str) -> None:
        self.taint_queue = [q for q in self.taint_queue if q[0] != node]
        self.taint_queue.append((node, key))

    def _drain_queue(self) -> None:
        rest = []
        for node, key in self.taint_queue:
            if node not in self.nodes:
                continue
            zone = self.nodes[node]["metadata"]["labels"].get("topology.kubernetes.io/zone", "")
            qps = self.zone_qps.get(zone, self.zone_rate)
            if qps <= 0 or self.t < self.zone_next.get(zone, -1e9):
                rest.append((node, key))
                continue
            self.zone_next[zone] = self.t + 1 / qps
            other = UNREACH if key == NOTREADY else NOTREADY
            new = {"key": key, "effect": "NoExecute", "timeAdded": ts(self.t)}
            if self.has_taint(node, other, "NoExecute"):
                # SwapNodeControllerTaint: add, then remove, two writes
                self.set_taints(node, add=[new])
                self.t += 0.01
                self.set_taints(node, remove=[(other, "NoExecute")])
            else:
                self.set_taints(node, add=[new])
        self.taint_queue = rest

    # ---------------------------------------------------------------- taint eviction
    def _taint_eviction(self) -> None:
        for key, pod in list(self.pods.items()):
            node = pod["spec"].get("nodeName")
            if node not in self.nodes or pod["metadata"].get("deletionTimestamp"):
                self.evict_at.pop(key, None)
                continue
            noexec = [t for t in self.taints(node) if t["effect"] == "NoExecute"]
            if not noexec:
                self.evict_at.pop(key, None)
                continue
            secs: list[float] = []
            forever = True
            for taint in noexec:
                ok, s = tolerates(pod["spec"].get("tolerations") or [], taint)
                if not ok:
                    secs.append(0.0)
                    forever = False
                elif s is not None:
                    secs.append(s)
                    forever = False
            if forever:
                self.evict_at.pop(key, None)
                continue
            tols = pod["spec"].get("tolerations") or []
            if self.evict_untolerated and 0.0 in secs and any(not tolerates(tols, t)[0] for t in noexec):
                self.evict_at[key] = self.t  # a taint it does not tolerate: at once (processPodOnNode)
            elif key not in self.evict_at:
                self.evict_at[key] = self.t + min(secs)  # an existing timer is kept
            if self.t >= self.evict_at[key]:
                self.delete_pod(
                    key, reason="DeletionByTaintManager", message="Taint manager: deleting due to NoExecute taint"
                )

    def delete_pod(self, key: str, reason: str | None = None, message: str = "", grace: int = 30) -> None:
        pod = self.pods[key]
        if reason is not None:
            pod["status"].setdefault("conditions", []).append(
                {
                    "type": "DisruptionTarget",
                    "status": "True",
                    "lastProbeTime": None,
                    "lastTransitionTime": ts(self.t),
                    "reason": reason,
                    "message": message,
                }
            )
            self.emit("MODIFIED", pod)
        if grace == 0:
            self.emit("DELETED", pod)
            del self.pods[key]
            return
        pod["metadata"]["deletionTimestamp"] = ts(self.t + grace)
        pod["metadata"]["deletionGracePeriodSeconds"] = grace
        self.emit("MODIFIED", pod)
        node = pod["spec"].get("nodeName")
        if node is not None and self.kubelet.get(node, {}).get("alive") and not self.kubelet[node]["partitioned"]:
            self.pending_deletes.append((self.t + self.r.uniform(2, 8), key))

    # ---------------------------------------------------------------- time
    def advance(self, until: float, step: float = 0.25) -> None:
        while self.t + step <= until:
            self.t = round(self.t + step, 3)
            for name in sorted(self.kubelet):
                k = self.kubelet[name]
                if not k["alive"] or k["partitioned"] or name not in self.leases:
                    continue
                if self.t >= k["next_lease"]:
                    k["next_lease"] = self.t + 10 + self.r.uniform(-0.15, 0.15)
                    self.renew(name)
                if name in self.nodes and self.t >= k["next_status"]:
                    self.post_status(name)
            for when, key in list(self.pending_deletes):
                if self.t >= when:
                    self.pending_deletes.remove((when, key))
                    if key in self.pods:
                        self.emit("DELETED", self.pods.pop(key))
            if self.nlc and self.noexecute:
                self._drain_queue()  # doNoExecuteTaintingPass (every 100 ms): after the pass that queued
            if self.nlc and self.t >= self.next_monitor:
                # wait.Until: the next pass starts 5 s after this one ends
                self.next_monitor = self.t + 5 + self.r.uniform(0.05, 0.4)
                self._monitor()
            if self.eviction:
                self._taint_eviction()

    # ---------------------------------------------------------------- output
    def write_watch(self, path: str, kinds: tuple[str, ...], pretty: bool = True) -> None:
        with open(path, "w", encoding="utf-8") as f:
            for _, kind, typ, obj in self.out:
                if kind in kinds:
                    ev = {"type": typ, "object": obj}
                    f.write((json.dumps(ev, indent=4) if pretty else json.dumps(ev, separators=(",", ":"))) + "\n")
