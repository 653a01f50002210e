"""Captures shaped like real ones, for the oracle's tests: a kubeadm-style cluster seen through kubectl.

Why a generator: a real capture of a running cluster has a shape the oracle must read as it is --
a list snapshot (ADDED events whose resourceVersions are the objects' own, in no order, Node
heartbeats up to 5 minutes old because status is posted every ``nodeStatusReportFrequency``),
then watch events in etcd order: Lease renewals every 10 s, Node status patches every 5 min,
pods scheduled, evicted (DisruptionTarget, ``deletionTimestamp`` = request + grace, DELETED after
the grace period). Writing such files by hand is error-prone; this module builds them from a small
story (``Cluster`` methods), and ``tests/data/captures/make_captures.py`` writes the committed
fixtures from it. Objects carry what the real components write: DaemonSet pods the tolerations
the DaemonSet controller adds (``pkg/controller/daemon/util/daemonset_util.go``), mirror pods the
``kubernetes.io/config.mirror`` annotation and a Node owner, ordinary pods DefaultTolerationSeconds'
tolerations, control-plane nodes kubeadm's ``node-role.kubernetes.io/control-plane:NoSchedule``.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

T0 = dt.datetime(2026, 3, 2, 9, 0, 0, tzinfo=dt.UTC).timestamp()  # the capture starts here

NOT_READY = "node.kubernetes.io/not-ready"
UNREACHABLE = "node.kubernetes.io/unreachable"
DEFAULT_TOLERATIONS = [
    {"key": NOT_READY, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
    {"key": UNREACHABLE, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
]
# AddOrUpdateDaemonPodTolerations (pkg/controller/daemon/util/daemonset_util.go)
DAEMONSET_TOLERATIONS = [
    {"key": NOT_READY, "operator": "Exists", "effect": "NoExecute"},
    {"key": UNREACHABLE, "operator": "Exists", "effect": "NoExecute"},
    {"key": "node.kubernetes.io/disk-pressure", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/memory-pressure", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/pid-pressure", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"},
    {"key": "node.kubernetes.io/network-unavailable", "operator": "Exists", "effect": "NoSchedule"},
]


def documents(text: str) -> list[Any]:
    """The JSON documents of a capture in order (``kubectl -w -o json`` writes them pretty-printed,
    one after another, with no separator)."""
    dec, i, out = json.JSONDecoder(), 0, []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return out
        doc, i = dec.raw_decode(text, i)
        out.append(doc)


def lease_phase(i: int) -> float:
    """When the i-th node's kubelet last renewed its Lease before the capture (every 10 s, own phase)."""
    return T0 - 3.2 - (0.7 * i) % 6.5


def ts(t: float) -> str:
    """Epoch seconds as the API server writes them (RFC 3339, seconds; micro for Leases)."""
    return dt.datetime.fromtimestamp(t, tz=dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def ts_micro(t: float) -> str:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def node_lease(name: str, resource_version: str, created: str, renew: str) -> dict[str, Any]:
    """The kubelet's Lease in kube-node-lease as the nodelease controller creates it: named after its
    Node and owned by it, ``leaseDurationSeconds`` 40, renewed at ``renew`` (RFC 3339 with microseconds)."""
    return {
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": name,
            "namespace": "kube-node-lease",
            "uid": f"uid-lease-{name}",
            "resourceVersion": resource_version,
            "creationTimestamp": created,
            "ownerReferences": [{"apiVersion": "v1", "kind": "Node", "name": name, "uid": f"uid-{name}"}],
        },
        "spec": {"holderIdentity": name, "leaseDurationSeconds": 40, "renewTime": renew},
    }


@dataclass
class Cluster:
    """A running cluster and the watch events a capture of it shows, in etcd (resourceVersion) order."""

    rv: int = 48_000
    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    pods: dict[str, dict[str, Any]] = field(default_factory=dict)
    leases: dict[str, dict[str, Any]] = field(default_factory=dict)
    events: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)  # (kind, type, object)
    later: list[tuple[float, str]] = field(default_factory=list)  # (DELETED at, pod) after a grace period
    silent: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    actions: list[tuple[float, int, Any]] = field(default_factory=list)
    _snap_len: int = 0

    # -- objects ---------------------------------------------------------------------------------
    def _next_rv(self) -> str:
        self.rv += 7
        return str(self.rv)

    def node(
        self,
        name: str,
        *,
        control_plane: bool = False,
        taints: list[dict[str, Any]] | None = None,
        heartbeat_age: float = 120.0,
        zone: str = "zone-a",
        created: float = T0 - 86400 * 3,
        cpu: str = "4",
    ) -> None:
        """A registered, Ready node as the snapshot lists it (status posted ``heartbeat_age`` s ago)."""
        hb = T0 - heartbeat_age
        labels = {
            "kubernetes.io/hostname": name,
            "kubernetes.io/os": "linux",
            "kubernetes.io/arch": "amd64",
            "topology.kubernetes.io/zone": zone,
        }
        tl = list(taints or [])
        if control_plane:
            labels["node-role.kubernetes.io/control-plane"] = ""
            tl.insert(0, {"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"})
        conds = [
            self._cond(
                "NetworkUnavailable",
                "False",
                hb - 86400,
                created + 40,
                "CalicoIsUp",
                "Calico is running on this node",
                heartbeat=False,
            ),
            self._cond(
                "MemoryPressure",
                "False",
                hb,
                created + 5,
                "KubeletHasSufficientMemory",
                "kubelet has sufficient memory available",
            ),
            self._cond(
                "DiskPressure", "False", hb, created + 5, "KubeletHasNoDiskPressure", "kubelet has no disk pressure"
            ),
            self._cond(
                "PIDPressure",
                "False",
                hb,
                created + 5,
                "KubeletHasSufficientPID",
                "kubelet has sufficient PID available",
            ),
            self._cond("Ready", "True", hb, created + 45, "KubeletReady", "kubelet is posting ready status"),
        ]
        obj = {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {
                "name": name,
                "uid": f"uid-{name}",
                "resourceVersion": self._next_rv(),
                "creationTimestamp": ts(created),
                "labels": labels,
                "annotations": {
                    "kubeadm.alpha.kubernetes.io/cri-socket": "unix:///var/run/containerd/containerd.sock",
                    "node.alpha.kubernetes.io/ttl": "0",
                    "volumes.kubernetes.io/controller-managed-attach-detach": "true",
                },
                "managedFields": [
                    {
                        "manager": "kubelet",
                        "operation": "Update",
                        "apiVersion": "v1",
                        "time": ts(hb),
                        "fieldsType": "FieldsV1",
                        "subresource": "status",
                    }
                ],
            },
            "spec": {"podCIDR": f"10.244.{len(self.nodes)}.0/24", "podCIDRs": [f"10.244.{len(self.nodes)}.0/24"]},
            "status": {
                "capacity": {"cpu": cpu, "memory": "16374584Ki", "pods": "110"},
                "allocatable": {"cpu": cpu, "memory": "16272184Ki", "pods": "110"},
                "conditions": conds,
                "addresses": [
                    {"type": "InternalIP", "address": f"192.0.2.{10 + len(self.nodes)}"},
                    {"type": "Hostname", "address": name},
                ],
                "nodeInfo": {
                    "kubeletVersion": "v1.35.0",
                    "containerRuntimeVersion": "containerd://2.1.1",
                    "osImage": "Ubuntu 24.04.2 LTS",
                    "architecture": "amd64",
                },
            },
        }
        if tl:
            obj["spec"]["taints"] = tl
        self.nodes[name] = obj
        self._emit("Node", "ADDED", obj)
        lease = node_lease(name, self._next_rv(), ts(created), ts_micro(lease_phase(len(self.leases))))
        self.leases[name] = lease
        self._emit("Lease", "ADDED", lease)

    @staticmethod
    def _cond(
        typ: str, status: str, hb: float, tr: float, reason: str, msg: str, heartbeat: bool = True
    ) -> dict[str, Any]:
        return {
            "type": typ,
            "status": status,
            "lastHeartbeatTime": ts(hb),
            "lastTransitionTime": ts(tr),
            "reason": reason,
            "message": msg,
        }

    def pod(
        self,
        ns: str,
        name: str,
        node: str | None,
        *,
        tolerations: list[dict[str, Any]] | None = None,
        owner: tuple[str, str] | None = ("ReplicaSet", "web-7d9c"),
        mirror: bool = False,
        cpu: str = "100m",
        created: float = T0 - 3600,
        default_tolerations: bool = True,
        t: float | None = None,
    ) -> None:
        """A pod: listed (before ``snapshot_end``) or created during the watch (then t is its creation)."""
        created = t if t is not None else created
        tols = list(tolerations or [])
        if owner and owner[0] == "DaemonSet":
            tols += [x for x in DAEMONSET_TOLERATIONS if x not in tols]
        elif default_tolerations and not mirror:
            have = {x.get("key") for x in tols if x.get("effect") in ("NoExecute", None)}
            tols += [x for x in DEFAULT_TOLERATIONS if x["key"] not in have]
        meta: dict[str, Any] = {
            "name": name,
            "namespace": ns,
            "uid": f"uid-{ns}-{name}",
            "resourceVersion": self._next_rv(),
            "creationTimestamp": ts(created),
        }
        if mirror:
            meta["annotations"] = {"kubernetes.io/config.mirror": "5f1c", "kubernetes.io/config.source": "file"}
            meta["ownerReferences"] = [
                {"apiVersion": "v1", "kind": "Node", "name": node, "uid": f"uid-{node}", "controller": True}
            ]
        elif owner:
            meta["ownerReferences"] = [
                {
                    "apiVersion": "apps/v1",
                    "kind": owner[0],
                    "name": owner[1],
                    "uid": f"uid-{owner[1]}",
                    "controller": True,
                    "blockOwnerDeletion": True,
                }
            ]
        spec: dict[str, Any] = {
            "containers": [
                {
                    "name": "main",
                    "image": "registry.k8s.io/pause:3.10",
                    "resources": {"requests": {"cpu": cpu, "memory": "64Mi"}},
                }
            ],
            "restartPolicy": "Always",
            "terminationGracePeriodSeconds": 30,
            "schedulerName": "default-scheduler",
            "tolerations": tols,
            "enableServiceLinks": True,
            "preemptionPolicy": "PreemptLowerPriority",
        }
        status: dict[str, Any] = {"phase": "Pending", "qosClass": "Burstable"}
        if node is not None:
            spec["nodeName"] = node
            start = created + 1
            status = {
                "phase": "Running",
                "qosClass": "Burstable",
                "startTime": ts(start),
                "hostIP": "192.0.2.10",
                "conditions": [
                    {"type": "PodReadyToStartContainers", "status": "True", "lastTransitionTime": ts(start + 1)},
                    {"type": "Initialized", "status": "True", "lastTransitionTime": ts(start)},
                    {"type": "Ready", "status": "True", "lastTransitionTime": ts(start + 2)},
                    {"type": "ContainersReady", "status": "True", "lastTransitionTime": ts(start + 2)},
                    {"type": "PodScheduled", "status": "True", "lastTransitionTime": ts(created)},
                ],
            }
        else:
            status["conditions"] = (
                [
                    {
                        "type": "PodScheduled",
                        "status": "False",
                        "reason": "Unschedulable",
                        "lastTransitionTime": ts(created),
                    }
                ]
                if t is None
                else []
            )
        obj = {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec, "status": status}
        self.pods[f"{ns}/{name}"] = obj
        self._emit("Pod", "ADDED", obj)

    def kubeadm(self, workers: int = 3) -> None:
        """A kubeadm cluster: one control-plane node with its static pods, workers, kube-proxy, CoreDNS."""
        self.node("cp-1", control_plane=True, heartbeat_age=17)
        for i in range(1, workers + 1):
            self.node(f"w-{i}", heartbeat_age=(40 + 97 * i) % 300)
        for comp in ("etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler"):
            self.pod(
                "kube-system",
                f"{comp}-cp-1",
                "cp-1",
                mirror=True,
                owner=None,
                tolerations=[{"operator": "Exists", "effect": "NoExecute"}],
                cpu="250m",
            )
        for i, n in enumerate(["cp-1", *[f"w-{j}" for j in range(1, workers + 1)]]):
            self.pod(
                "kube-system",
                f"kube-proxy-{i:x}x7k2",
                n,
                owner=("DaemonSet", "kube-proxy"),
                tolerations=[{"operator": "Exists"}],
                cpu="0",
            )
        cdns = [
            {"key": "CriticalAddonsOnly", "operator": "Exists"},
            {"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},
        ]
        self.pod(
            "kube-system",
            "coredns-668d6bf9bc-4xw2q",
            "cp-1",
            owner=("ReplicaSet", "coredns-668d6bf9bc"),
            tolerations=cdns,
        )
        self.pod(
            "kube-system",
            "coredns-668d6bf9bc-9hm5t",
            "w-1",
            owner=("ReplicaSet", "coredns-668d6bf9bc"),
            tolerations=cdns,
        )
        for i in range(1, workers + 1):
            self.pod("default", f"web-7d9c-{i}q", f"w-{i}")

    # -- changes during the watch ----------------------------------------------------------------
    def _emit(self, kind: str, typ: str, obj: dict[str, Any]) -> None:
        self.events.append((kind, typ, copy.deepcopy(obj)))

    def _touch(self, obj: dict[str, Any]) -> None:
        obj["metadata"]["resourceVersion"] = self._next_rv()

    def renew(self, name: str, t: float) -> None:
        lease = self.leases[name]
        lease["spec"]["renewTime"] = ts_micro(t)
        self._touch(lease)
        self._emit("Lease", "MODIFIED", lease)

    def post_status(self, name: str, t: float, ready: str = "True", reason: str = "KubeletReady") -> None:
        """The kubelet's status patch: every condition's lastHeartbeatTime = t; transitions where changed."""
        node = self.nodes[name]
        for c in node["status"]["conditions"]:
            if c["type"] == "NetworkUnavailable":
                continue
            c["lastHeartbeatTime"] = ts(t)
            if c["type"] == "Ready" and c["status"] != ready:
                c["status"], c["reason"], c["lastTransitionTime"] = ready, reason, ts(t)
                c["message"] = "kubelet is posting ready status" if ready == "True" else "container runtime down"
            elif c["type"] != "Ready" and c["status"] == "Unknown":
                c["status"], c["lastTransitionTime"] = "False", ts(t)
        node["metadata"]["managedFields"][0]["time"] = ts(t)
        self._touch(node)
        self._emit("Node", "MODIFIED", node)

    def _node_update(self, name: str, t: float, manager: str) -> dict[str, Any]:
        node = self.nodes[name]
        mf = [m for m in node["metadata"]["managedFields"] if m["manager"] != manager]
        mf.append(
            {"manager": manager, "operation": "Update", "apiVersion": "v1", "time": ts(t), "fieldsType": "FieldsV1"}
        )
        node["metadata"]["managedFields"] = mf
        return node

    def mark_unknown(self, name: str, t: float) -> None:
        """The node lifecycle controller: Ready and the pressure conditions to Unknown (heartbeat kept)."""
        node = self._node_update(name, t, "kube-controller-manager")
        for c in node["status"]["conditions"]:
            if c["type"] == "NetworkUnavailable":
                continue
            c["status"], c["lastTransitionTime"] = "Unknown", ts(t)
            c["reason"], c["message"] = "NodeStatusUnknown", "Kubelet stopped posting node status."
        self._touch(node)
        self._emit("Node", "MODIFIED", node)

    def set_taints(
        self,
        name: str,
        t: float,
        add: list[dict[str, Any]] = (),  # type: ignore[assignment]
        remove: list[str] = (),
        manager: str = "kube-controller-manager",
    ) -> None:  # type: ignore[assignment]
        """One write of spec.taints (controllers stamp timeAdded on NoExecute taints)."""
        node = self._node_update(name, t, manager)
        taints = [x for x in node["spec"].get("taints", []) if f"{x['key']}:{x['effect']}" not in remove]
        for x in add:
            x = dict(x)
            if x["effect"] == "NoExecute" and manager == "kube-controller-manager":
                x["timeAdded"] = ts(t)
            taints.append(x)
        if taints:
            node["spec"]["taints"] = taints
        else:
            node["spec"].pop("taints", None)
        self._touch(node)
        self._emit("Node", "MODIFIED", node)

    def set_unschedulable(self, name: str, t: float, on: bool = True) -> None:
        """``kubectl cordon``'s (or uncordon's) own write: a patch of spec.unschedulable alone."""
        node = self._node_update(name, t, "kubectl-cordon")
        if on:
            node["spec"]["unschedulable"] = True
        else:
            node["spec"].pop("unschedulable", None)
        self._touch(node)
        self._emit("Node", "MODIFIED", node)

    def cordon(self, name: str, t: float, on: bool = True) -> None:
        """``kubectl cordon``: a patch of spec.unschedulable; the controller then adds the taint."""
        self.set_unschedulable(name, t, on)
        key = "node.kubernetes.io/unschedulable"
        if on:
            self.set_taints(name, t + 0.2, add=[{"key": key, "effect": "NoSchedule", "timeAdded": ts(t)}])
        else:
            self.set_taints(name, t + 0.2, remove=[f"{key}:NoSchedule"])

    def delete_node(self, name: str, t: float) -> None:
        node = self.nodes.pop(name)
        self._touch(node)
        self._emit("Node", "DELETED", node)

    def create_pod(self, ns: str, name: str, t: float, **kw: Any) -> None:
        self.pod(ns, name, None, t=t, **kw)

    def bind(self, key: str, node: str, t: float) -> None:
        """The scheduler's binding, then the kubelet's status (one MODIFIED each, as a watch shows)."""
        pod = self.pods[key]
        pod["spec"]["nodeName"] = node
        pod["status"]["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": ts(t)}]
        self._touch(pod)
        self._emit("Pod", "MODIFIED", pod)
        pod["status"].update({"phase": "Running", "startTime": ts(t + 1), "hostIP": "192.0.2.10"})
        self._touch(pod)
        self._emit("Pod", "MODIFIED", pod)

    def evict(
        self,
        key: str,
        t: float,
        *,
        reason: str = "DeletionByTaintManager",
        condition: bool = True,
        grace: int = 30,
        deleted_after: float | None = None,
    ) -> None:
        """A graceful deletion: DisruptionTarget (taint eviction / Eviction API), deletionTimestamp, DELETED."""
        pod = self.pods[key]
        if condition:
            msg = {
                "DeletionByTaintManager": "Taint manager: deleting due to NoExecute taint",
                "EvictionByEvictionAPI": "Eviction API: evicting",
            }.get(reason, reason)
            pod["status"].setdefault("conditions", []).append(
                {
                    "type": "DisruptionTarget",
                    "status": "True",
                    "reason": reason,
                    "message": msg,
                    "lastTransitionTime": ts(t),
                }
            )
            self._touch(pod)
            self._emit("Pod", "MODIFIED", pod)
        pod["metadata"]["deletionTimestamp"] = ts(t + grace)
        pod["metadata"]["deletionGracePeriodSeconds"] = grace
        self._touch(pod)
        self._emit("Pod", "MODIFIED", pod)
        done = t + grace if deleted_after is None else t + deleted_after
        self.later.append((done, key))

    def finish_deletions(self, upto: float) -> None:
        for done, key in sorted(self.later):
            if done <= upto:
                pod = self.pods.pop(key)
                self._touch(pod)
                self._emit("Pod", "DELETED", pod)
        self.later = [x for x in self.later if x[0] > upto]

    # -- output ----------------------------------------------------------------------------------
    def write(
        self,
        out: Path,
        *,
        kinds: tuple[tuple[str, tuple[str, ...]], ...] = (
            ("nodes-pods.json", ("Node", "Pod")),
            ("leases.json", ("Lease",)),
        ),
        pretty: bool = True,
    ) -> list[Path]:
        """One file per kubectl command; each file lists its kinds first (snapshot), then watch events.

        ``kubectl get nodes,pods -A -w --output-watch-events -o json`` prints the Node list, the Pod
        list, then the watch events of both in arrival order, each a pretty-printed JSON object.
        """
        out.mkdir(parents=True, exist_ok=True)
        paths = []
        for fname, ks in kinds:
            snap = [e for e in self._snapshot if e[0] in ks]
            snap.sort(key=lambda e: ks.index(e[0]))
            rest = [e for e in self.events[len(self._snapshot) :] if e[0] in ks]
            text = []
            for _kind, typ, obj in snap + rest:
                ev = {"type": typ, "object": obj}
                text.append(json.dumps(ev, indent=4) if pretty else json.dumps(ev, separators=(",", ":")))
            p = out / fname
            p.write_text("\n".join(text) + "\n")
            paths.append(p)
        return paths

    @property
    def _snapshot(self) -> list[tuple[str, str, dict[str, Any]]]:
        return self.events[: self._snap_len]

    def start_watch(self) -> None:
        """The list is done: what follows are watch events."""
        self._snap_len = len(self.events)

    def stop_kubelet(self, name: str, t: float, until: float = float("inf")) -> None:
        """The kubelet is silent in [t, until): no Lease renewal, no status post."""
        self.silent.setdefault(name, []).append((t, until))

    def at(self, t: float, fn: Any, *args: Any, **kw: Any) -> None:
        """Schedule one change of the story at time t (run() interleaves it with the heartbeats)."""
        self.actions.append((t, len(self.actions), lambda: fn(*args, **kw)))

    def _quiet(self, name: str, t: float) -> bool:
        return any(a <= t < b for a, b in self.silent.get(name, ()))

    def run(self, t_to: float, *, status_every: float = 300.0) -> None:
        """Leases every 10 s, status every 5 min (unless silent), and the scheduled changes, in time order
        (a change may schedule more: the controller's reaction to a Node update)."""
        import heapq

        ticks: list[tuple[float, int, int, Any]] = []
        seq = 0
        for i, n in enumerate(list(self.nodes)):
            lease_t = lease_phase(i) + 10
            while lease_t <= t_to:
                ticks.append((lease_t, 0, seq, ("lease", n)))
                seq += 1
                lease_t += 10
            hb = self._last_hb(n) + status_every
            while hb <= t_to:
                ticks.append((hb, 1, seq, ("status", n)))
                seq += 1
                hb += status_every
        heapq.heapify(ticks)
        taken = 0
        while True:
            for t, _, fn in self.actions[taken:]:
                seq += 1
                heapq.heappush(ticks, (t, 2, seq, fn))
            taken = len(self.actions)
            if not ticks:
                break
            t, _, _, what = heapq.heappop(ticks)
            if t > t_to:
                break
            self.finish_deletions(t)
            if callable(what):
                what()
                continue
            kind, n = what
            if n not in self.nodes or self._quiet(n, t):
                continue
            if kind == "lease":
                self.renew(n, t)
            else:
                self.post_status(n, t)
        self.finish_deletions(t_to)

    def _last_hb(self, name: str) -> float:
        from nodereg.oracle.k8s import parse_time

        ready = next(c for c in self.nodes[name]["status"]["conditions"] if c["type"] == "Ready")
        return parse_time(ready["lastHeartbeatTime"], "", None, None)


def healthy(workers: int = 3) -> Cluster:
    c = Cluster()
    c.kubeadm(workers)
    c.start_watch()
    return c


# -------------------------------------------------------------------------------------------------
# stories: what a running cluster does, told as upstream's controllers do it
# -------------------------------------------------------------------------------------------------

UNREACHABLE_NS = {"key": UNREACHABLE, "effect": "NoSchedule"}
UNREACHABLE_NE = {"key": UNREACHABLE, "effect": "NoExecute"}
NOT_READY_NS = {"key": NOT_READY, "effect": "NoSchedule"}
NOT_READY_NE = {"key": NOT_READY, "effect": "NoExecute"}
GRACE, PERIOD = 50.0, 5.0  # --node-monitor-grace-period (1.32+), --node-monitor-period


def kubelet_dies(
    c: Cluster, node: str, t: float, *, unknown_after: float | None = None, taint_delay: float = 0.1
) -> float:
    """The kubelet of ``node`` stops at t; the controller marks it Unknown at its first monitor pass
    after grace (or ``unknown_after`` s after the last Lease renewal), then taints it
    unreachable:NoSchedule (NoSchedule pass on the Node update) and unreachable:NoExecute (the
    rate-limited queue, ``taint_delay`` s later). Returns the time of the NoExecute taint."""
    c.stop_kubelet(node, t)
    i = list(c.nodes).index(node)
    phase = lease_phase(i)
    last = phase + 10 * ((t - phase) // 10)  # the last renewal before t
    if last >= t:
        last -= 10
    mon = last + (unknown_after if unknown_after is not None else GRACE + 2.3)
    c.at(mon, c.mark_unknown, node, mon)
    c.at(mon + 0.05, c.set_taints, node, mon + 0.05, add=[UNREACHABLE_NS])
    c.at(mon + taint_delay, c.set_taints, node, mon + taint_delay, add=[UNREACHABLE_NE])
    return mon + taint_delay


def taint_evictions(c: Cluster, node: str, tainted_at: float, *, late: float = 0.0) -> None:
    """The taint-eviction controller: each pod on ``node`` not tolerating unreachable:NoExecute for ever
    is evicted when its tolerationSeconds run out (DisruptionTarget, then the graceful delete)."""
    for key, pod in list(c.pods.items()):
        if pod["spec"].get("nodeName") != node:
            continue
        secs = [
            x.get("tolerationSeconds")
            for x in pod["spec"]["tolerations"]
            if x.get("effect") in ("NoExecute", None)
            and x.get("key") in (UNREACHABLE, None)
            and x.get("operator") == "Exists"
        ]
        if any(s is None for s in secs):
            continue  # tolerates for ever (DaemonSet, mirror pods)
        wait = min(secs) if secs else 0
        c.at(tainted_at + wait + 0.3 + late, c.evict, key, tainted_at + wait + 0.3 + late)


def register_node(
    c: Cluster, name: str, t: float, *, zone: str = "zone-a", conditions: bool = True, network_unavailable: bool = False
) -> None:
    """A kubelet registers (again) at t: the Node is created with its conditions (``initialNode`` ends
    with ``setNodeStatus``), admission adds not-ready:NoSchedule, the controller's taint pass removes
    it, the kubelet creates (or takes over) its Lease."""
    hb = t
    labels = {
        "kubernetes.io/hostname": name,
        "kubernetes.io/os": "linux",
        "kubernetes.io/arch": "amd64",
        "topology.kubernetes.io/zone": zone,
    }
    net = [Cluster._cond("NetworkUnavailable", "True", hb, hb, "NoRouteCreated", "Node created without a route")]
    conds = (
        []
        if not conditions
        else (net if network_unavailable else [])
        + [
            Cluster._cond("MemoryPressure", "False", hb, hb, "KubeletHasSufficientMemory", "ok"),
            Cluster._cond("DiskPressure", "False", hb, hb, "KubeletHasNoDiskPressure", "ok"),
            Cluster._cond("PIDPressure", "False", hb, hb, "KubeletHasSufficientPID", "ok"),
            Cluster._cond("Ready", "True", hb, hb, "KubeletReady", "kubelet is posting ready status"),
        ]
    )
    obj = {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
            "name": name,
            "uid": f"uid-{name}-{int(t)}",
            "resourceVersion": c._next_rv(),
            "creationTimestamp": ts(t),
            "labels": labels,
            "managedFields": [
                {
                    "manager": "kubelet",
                    "operation": "Update",
                    "apiVersion": "v1",
                    "time": ts(t),
                    "fieldsType": "FieldsV1",
                }
            ],
        },
        "spec": {"taints": [{"key": NOT_READY, "effect": "NoSchedule"}]},
        "status": {
            "capacity": {"cpu": "4", "memory": "16374584Ki", "pods": "110"},
            "allocatable": {"cpu": "4", "memory": "16272184Ki", "pods": "110"},
            "conditions": conds,
        },
    }
    c.nodes[name] = obj
    c._emit("Node", "ADDED", obj)
    if conditions and network_unavailable:
        # doNoScheduleTaintingPass: SwapNodeControllerTaint adds the wanted taint, then removes the stale one
        key = "node.kubernetes.io/network-unavailable"
        c.at(t + 0.3, c.set_taints, name, t + 0.3, add=[{"key": key, "effect": "NoSchedule"}])
        c.at(t + 0.4, c.set_taints, name, t + 0.4, remove=[f"{NOT_READY}:NoSchedule"])
    elif conditions:
        c.at(t + 0.3, c.set_taints, name, t + 0.3, remove=[f"{NOT_READY}:NoSchedule"])
    lease = c.leases.get(name)
    c.silent.pop(name, None)
    if lease is not None:
        c.at(t + 0.5, c.renew, name, t + 0.5)


def kubelet_restart(c: Cluster, node: str, t: float, *, down: float = 15.0, not_ready_for: float = 12.0) -> None:
    """systemctl restart kubelet: silent for ``down`` s, then Ready=False (PLEG not yet healthy) for
    ``not_ready_for`` s, then Ready=True. The controller taints not-ready:NoSchedule on the update
    and not-ready:NoExecute at its next monitor pass; Ready=True removes both."""
    c.stop_kubelet(node, t, t + down)
    up = t + down
    c.at(up, c.post_status, node, up, ready="False", reason="KubeletNotReady")
    c.at(up + 0.1, c.set_taints, node, up + 0.1, add=[NOT_READY_NS])
    c.at(up + 4.0, c.set_taints, node, up + 4.0, add=[NOT_READY_NE])
    back = up + not_ready_for
    c.at(back, c.post_status, node, back, ready="True")
    c.at(back + 0.1, c.set_taints, node, back + 0.1, remove=[f"{NOT_READY}:NoSchedule", f"{NOT_READY}:NoExecute"])


def drain(c: Cluster, node: str, t: float) -> None:
    """``kubectl drain``: cordon, then an Eviction (subresource) for every pod but DaemonSet and mirror pods."""
    c.cordon(node, t)
    k = 0
    for key, pod in list(c.pods.items()):
        if pod["spec"].get("nodeName") != node:
            continue
        owners = pod["metadata"].get("ownerReferences") or [{}]
        if owners[0].get("kind") in ("DaemonSet", "Node"):
            continue
        k += 1
        c.at(t + 1 + k, c.evict, key, t + 1 + k, reason="EvictionByEvictionAPI")


def assert_report(rep: dict[str, Any], violated: set[str], unchecked: set[str], checked: set[str]) -> None:
    """A ``nodereg check --format json`` report says what a situation's row expects.

    Every input read; exactly these properties violated, each at a line and a node; ``unchecked``
    reported "not checked" and the violated and ``checked`` ones "checked".
    """
    assert rep["input_errors"] == [] and rep["ignored"] == {}
    assert {v["property"] for v in rep["violations"]} == violated, [v["message"] for v in rep["violations"]]
    for v in rep["violations"]:
        assert v["line"] is not None and v["node"] is not None
    for pid in unchecked:
        assert rep["coverage"][pid].startswith("not checked"), (pid, rep["coverage"][pid])
    for pid in violated | checked:
        assert rep["coverage"][pid] == "checked", (pid, rep["coverage"][pid])


def check_files(files: list[str], *args: str) -> tuple[int, dict[str, Any]]:
    """``nodereg check --format json [args] FILES``: its exit code and its report."""
    from click.testing import CliRunner

    from nodereg.cli import main

    res = CliRunner().invoke(main, ["check", "--format", "json", *args, *files])
    return res.exit_code, json.loads(res.stdout)


def check_situation(directory: Path, code: int, violated: set[str], unchecked: set[str], checked: set[str]) -> None:
    """Every file of a situation's directory, checked together, gives the row's exit code and report."""
    files = sorted(str(p) for p in directory.iterdir() if p.is_file())
    assert files, directory
    got, rep = check_files(files)
    assert got == code, rep
    assert_report(rep, violated, unchecked, checked)


def assert_same_piped_and_gzipped(files: list[str], tmp_path: Path, unzip_piped: bool = False) -> None:
    """`cat f | nodereg check - others...` (`zcat f` with ``unzip_piped``) and every file gzipped give the
    verdict the files give."""
    import gzip
    import subprocess
    import sys

    want, rep = check_files(files)
    cmd = [sys.executable, "-m", "nodereg", "check", "--format", "json"]
    first = Path(files[0]).read_bytes()
    if unzip_piped and files[0].endswith(".gz"):
        first = gzip.decompress(first)
    piped = subprocess.run([*cmd, "-", *files[1:]], input=first, capture_output=True)
    assert piped.returncode == want, piped.stderr
    gz = []
    for f in files:
        raw = gzip.decompress(Path(f).read_bytes()) if f.endswith(".gz") else Path(f).read_bytes()
        out = tmp_path / (Path(f).name.removesuffix(".gz") + ".gz")
        out.write_bytes(gzip.compress(raw, mtime=0))
        gz.append(str(out))
    code, rep2 = check_files(gz)
    assert code == want
    assert {v["property"] for v in rep2["violations"]} == {v["property"] for v in rep["violations"]}


def judge_situation(
    files: list[str],
    code: int,
    violated: set[str],
    unchecked: dict[str, str],
    checked: set[str],
    ignored: dict[str, int] | None = None,
) -> None:
    """One situation's row: the exit code, what its input held that was counted as ignored, the violated
    properties, and each unchecked property's reason holding the row's phrase."""
    got, rep = check_files(files)
    assert got == code, rep
    assert rep["ignored"] == (ignored or {})
    rep["ignored"] = {}
    assert_report(rep, violated, set(unchecked), checked)
    for pid, phrase in unchecked.items():
        assert phrase in rep["coverage"][pid], (pid, rep["coverage"][pid])


def assert_readme_lists(directory: Path, names: list[str]) -> None:
    """A round's README has a row for each capture directory, and the directories are the rows' captures."""
    readme = (directory / "README.md").read_text()
    dirs = sorted(p.name for p in directory.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert dirs == sorted(names)
    for d in dirs:
        assert f"| {d} |" in readme, d


# -------------------------------------------------------------------------------------------------
# watches of a simulator's story (``tests/data/realworld2/sim.py``'s ``Cluster.out``) down for a while
# (moved from situations5's generator; used by rounds 5 and 12)
# -------------------------------------------------------------------------------------------------


def _watch_event(typ: str, obj: dict[str, Any]) -> str:
    return json.dumps({"type": typ, "object": obj}, indent=4) + "\n"


def without_resource_versions(files: dict[str, str | bytes]) -> dict[str, str | bytes]:
    """The watch files with every object's ``metadata.resourceVersion`` taken out (a capture redacted by a support
    tool, or a kwok/fake API server's): the oracle then merges them by the objects' own stamps. Moved here from
    situations12's generator (its clock-ahead-no-rv capture); situations13 writes more of them."""
    out: dict[str, str | bytes] = {}
    for name, text in files.items():
        docs = documents(str(text))
        for d in docs:
            d["object"]["metadata"].pop("resourceVersion", None)
        out[name] = "".join(json.dumps(d, indent=4) + "\n" for d in docs)
    return out


def watch_window(c: Any, kinds: tuple[str, ...], lo: float = -1e18, hi: float = 1e18) -> str:
    """What ``kubectl get -w --output-watch-events -o json`` printed from its list (at ``lo``; the
    capture's start if -inf) up to ``hi``."""
    out = []
    state: dict[tuple[str, str, str], dict[str, Any]] = {}
    listed = lo < -1e17
    for t, kind, typ, obj in c.out:
        if kind not in kinds:
            continue
        key = (kind, obj["metadata"].get("namespace", ""), obj["metadata"]["name"])
        if t > hi:
            break
        if not listed and t > lo:
            out += [_watch_event("ADDED", state[k]) for k in sorted(state)]
            listed = True
        if typ == "DELETED":
            state.pop(key, None)
        else:
            state[key] = obj
        if listed:
            out.append(_watch_event(typ, obj))
    if not listed:
        out += [_watch_event("ADDED", state[k]) for k in sorted(state)]
    return "".join(out)


def watch_gap(c: Any, down: float, up: float, kinds: tuple[str, ...] = ("Node", "Pod")) -> dict[str, str]:
    """The watches of ``kinds`` drop at ``down`` and are started again at ``up`` into second files (each
    beginning with its list); the Lease watch (and the kinds not named) runs through."""
    files: dict[str, str] = {}
    for stem, k in (("nodes", "Node"), ("pods", "Pod"), ("leases", "Lease")):
        if k in kinds:
            files[f"{stem}-1.json"] = watch_window(c, (k,), hi=down)
            files[f"{stem}-2.json"] = watch_window(c, (k,), lo=up)
        else:
            files[f"{stem}.json"] = watch_window(c, (k,))
    return files
