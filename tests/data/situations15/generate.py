"""Write the captures of tests/data/situations15 (run: python tests/data/situations15/generate.py [NAME...]).

Round 15 of operators' situations: zones at the edges of handleDisruption's thresholds, pods of a second
scheduler (``schedulerName: my-scheduler``) in a watch and an audit log, FQDN Node names (one a prefix of another),
the kubelet's serving-certificate CSRs, `kubectl get leases -A -w` with the API servers' identity Leases, a
container runtime down while the Lease renews, and the taint-eviction controller acting on a stale view of a
registration taint just removed (kubernetes/kubernetes#119862). Watch captures are played on situations7's ``Sim``
(realworld2's upstream timing, situations6's zone key); audit logs are written with situations9's building blocks;
both imported through situations14's generator (itself importing the earlier rounds), not copied. Expected verdicts
and the upstream reasons: tests/test_oracle_situations15.py.
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("s14gen", os.path.join(HERE, "..", "situations14", "generate.py"))
assert _spec is not None and _spec.loader is not None
s14 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s14)
s13, s9, s7, s6, ga = s14.s13, s14.s9, s14.s7, s14.s6, s14.ga
from generate import base  # noqa: E402  (realworld2, put on sys.path by situations6's generator)
from sim import NOTREADY, UNREACH, mts, ts  # noqa: E402

Sim = s7.Sim
Files = dict[str, str | bytes]
SCENARIOS: dict[str, Callable[[], Files]] = {}
ADMIN = s7.ADMIN
KUBECTL = s7.KUBECTL
ZONE = "topology.kubernetes.io/zone"


def scenario(fn: Callable[[], Files]) -> Callable[[], Files]:
    SCENARIOS[fn.__name__.replace("_", "-")] = fn
    return fn


# -- 1. zones at the edges of ComputeZoneState ---------------------------------------------------------------------
def _zone_edge(seed: int, size: int, down: int, bug: str | None) -> Files:
    """eu-west-1a holds ``size`` workers, eu-west-1b cp-1 and two workers (so never every zone down); ``down`` of
    eu-west-1a's workers lose their network together at 20 s. handleDisruption -> ComputeZoneState
    (node_lifecycle_controller.go): a zone is partially disrupted when ``notReadyNodes > 2 &&
    float32(notReadyNodes)/float32(notReadyNodes+readyNodes) >= unhealthyZoneThreshold`` (0.55): 3 of 6 (0.5) is
    Normal (NoExecute taints at --node-eviction-rate, 10 s apart, the pods evicted 300 s later), 11 of 20 (exactly
    0.55) is PartialDisruption, and a zone of at most --large-cluster-size-threshold (50) Nodes gets
    ReducedQPSFunc = 0: no NoExecute taint. ``bug``: "never" a controller that never adds the NoExecute taint,
    "ignores" one that computes no zone states and taints 10 s apart."""
    c = Sim(seed=seed, zone_rate=0.1, noexecute=bug != "never")
    c.add_node("cp-1", zone="eu-west-1b", cp=True)
    for i in range(2):
        c.add_node(f"wb-{i + 1}", zone="eu-west-1b")
    names = [f"worker-{i + 1}" for i in range(size)]
    for n in names:
        c.add_node(n, zone="eu-west-1a")
        c.pod("default", f"web-{n}-5d8f7c9b6-q1", n, labels={"app": "web"})
    c.start()
    c.advance(20)
    if bug == "ignores":
        c._handle_disruption = lambda: setattr(c, "zone_qps", {})  # type: ignore[method-assign]
    s7._kill(c, names[:down])
    c.advance(c.t + 420)
    return s7._all(c)


@scenario
def zone_half_down_tainted() -> Files:
    return _zone_edge(1501, 6, 3, None)


@scenario
def zone_half_down_never_tainted() -> Files:
    return _zone_edge(1501, 6, 3, "never")


@scenario
def zone_threshold_exact_partial() -> Files:
    return _zone_edge(1502, 20, 11, None)


@scenario
def zone_threshold_exact_tainted_anyway() -> Files:
    return _zone_edge(1502, 20, 11, "ignores")


# -- 2. a second scheduler -----------------------------------------------------------------------------------------
DEDICATED = {"key": "dedicated", "value": "batch", "effect": "NoSchedule"}


def _second_scheduler(seed: int, schedulers: tuple[str, str]) -> Files:
    """worker-2 is cordoned at 30 s (the controller's unschedulable:NoSchedule follows) and worker-3 tainted
    `kubectl taint nodes worker-3 dedicated=batch:NoSchedule` at 35 s. Two pods created at 60 s with the
    ``schedulers``' names are bound at 61 s, one to each. The default kube-scheduler only schedules the
    pods whose schedulerName is one of its profiles (eventhandlers.go responsibleForPod ->
    profile.Map.HandlesSchedulerName); a pod of another scheduler is bound by that scheduler's own filters, which
    no capture shows (a custom one need not run TaintToleration or NodeUnschedulable, and pods/binding checks
    neither). A pod of default-scheduler bound there is the default scheduler's (its filters refuse both Nodes)."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(30)
    s6._cordon(c, "worker-2")
    c.advance(35)
    c.set_taints("worker-3", add=[DEDICATED])
    c.advance(60)
    keys = []
    for i, n in enumerate(("worker-2", "worker-3")):
        name = f"batch-7f9c6d5b8-{'mn'[i]}{i}x"
        p = c.pod("default", name, None, created=c.t, labels={"app": "batch"})
        p["spec"]["schedulerName"] = schedulers[i]
        c.emit("MODIFIED", p)
        keys.append((f"default/{name}", n))
    c.advance(61)
    for key, n in keys:
        s6._bind(c, key, n)
    c.advance(200)
    return s7._all(c)


@scenario
def second_scheduler_binds_cordoned_and_tainted() -> Files:
    return _second_scheduler(1511, ("my-scheduler", "my-scheduler"))


@scenario
def second_and_default_scheduler_bind_cordoned_and_tainted() -> Files:
    return _second_scheduler(1511, ("my-scheduler", "default-scheduler"))


MY_SCHED = (
    "system:serviceaccount:kube-system:my-scheduler",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
MY_SCHED_UA = "kube-scheduler/v1.31.4 (linux/amd64) kubernetes/a78aa47/scheduler"


def _second_scheduler_log(scheduler: str) -> Files:
    """The same in an audit log: kubernetes-admin cordons worker-a at 30 s (the node-controller's taint follows),
    a pod created at 60 s with ``schedulerName`` ``scheduler`` is bound to worker-a at 61 s, by the second
    scheduler's service account (the "Configure Multiple Schedulers" task: a kube-scheduler Deployment in
    kube-system, service account my-scheduler, profile schedulerName my-scheduler) or by the default
    scheduler (system:kube-scheduler)."""
    log = s9._log(400, 400)
    ref = {"resource": "nodes", "name": "worker-a", "apiVersion": "v1"}
    log.ev(30, *ADMIN, "patch", ref, {"spec": {"unschedulable": True}}, level="Request", ua=KUBECTL)
    s9._taints(log, 30.1, "worker-a", [("node.kubernetes.io/unschedulable", "NoSchedule")])
    name = "batch-7f9c6d5b8-m0x2q"
    s7._pod_create(log, 60, name)
    for o in (log.lines[-1][1]["requestObject"], log.lines[-1][1]["responseObject"]):
        o["spec"]["schedulerName"] = scheduler
    s7._pod_bind(log, 61, name, "worker-a")
    if scheduler != "default-scheduler":
        e = log.lines[-1][1]
        e["user"] = {"username": MY_SCHED[0], "groups": MY_SCHED[1]}
        e["userAgent"] = MY_SCHED_UA
    return s14._audit(log)


@scenario
def audit_second_scheduler_binds_cordoned() -> Files:
    return _second_scheduler_log("my-scheduler")


@scenario
def audit_default_scheduler_binds_cordoned() -> Files:
    return _second_scheduler_log("default-scheduler")


# -- 3. FQDN Node names ----------------------------------------------------------------------------------------------
FQDN = {
    "worker-1": "ip-10-0-1-2.eu-west-1.compute.internal",
    "worker-2": "ip-10-0-1-23.eu-west-1.compute.internal",
    "worker-3": "ip-10-0-1-231.eu-west-1.compute.internal",
    "cp-1": "ip-10-0-0-10.eu-west-1.compute.internal",
}


def _renamed(files: Files, names: dict[str, str]) -> Files:
    """Every Node's name (and so its Lease's, its kubelet's identity system:node:NAME and its pods' spec.nodeName)
    replaced: the kubelet's nodeName is the hostname, lower-cased (nodeutil.GetHostname: strings.ToLower of
    os.Hostname or --hostname-override), on AWS the instance's private DNS name (the cloud provider's
    CurrentNodeName). Longest first, so that worker-1 never renames the start of worker-10."""
    out: Files = {}
    for f, text in files.items():
        assert isinstance(text, str)
        for old in sorted(names, key=len, reverse=True):
            text = text.replace(f'"{old}"', f'"{names[old]}"').replace(f":{old}", f":{names[old]}")
        out[f] = text
    return out


def _fqdn_watch(seed: int, marked: bool) -> Files:
    """An EKS-style cluster whose Nodes are named after their instances' private DNS names, one a prefix of the
    next (ip-10-0-1-2..., ip-10-0-1-23..., ip-10-0-1-231...). ip-10-0-1-23's kubelet dies at 100 s; marked Unknown
    50 s after its last renewal (tryUpdateNodeHealth reads the Lease named after the Node), tainted, its web pods
    evicted 300 s later. ``marked=False``: no controller."""
    c = Sim(seed=seed, nlc=marked, eviction=marked)
    base(c)
    c.start()
    c.advance(100)
    s7._kill(c, ["worker-2"])
    c.advance(520)
    return _renamed(s7._all(c), FQDN)


@scenario
def fqdn_node_names_node_dies() -> Files:
    return _fqdn_watch(1521, True)


@scenario
def fqdn_node_names_never_marked() -> Files:
    return _fqdn_watch(1521, False)


AUDIT_FQDN = {"worker-a": "ip-10-0-1-2.ec2.internal", "worker-b": "ip-10-0-1-23.ec2.internal"}


def _fqdn_log(crossed: bool) -> Files:
    """The same names in an audit log: ip-10-0-1-2.ec2.internal and ip-10-0-1-23.ec2.internal (one a prefix of the
    other) register and renew their own Leases; ip-10-0-1-23's kubelet stops at 100 s and the node-controller marks
    it Unknown at 153 s and taints it. ``crossed``: at 40 s the kubelet of ip-10-0-1-2 writes the Lease of
    ip-10-0-1-23 and the API server (NodeRestriction off) stores it: admitLease compares the whole name
    (``nodeName != lease.Name``), so a prefix is another node."""
    log = s9._log(100, 400)
    s9._unknown(log, 153.0, "worker-b", 91.3)
    s9._taints(log, 153.1, "worker-b", [(UNREACH, "NoSchedule")])
    s9._taints(log, 158.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    if crossed:
        s9._lease(log, 40.0, "worker-b", by="worker-a")
    return _renamed(s14._audit(log), AUDIT_FQDN)


@scenario
def audit_fqdn_names_node_dies() -> Files:
    return _fqdn_log(False)


@scenario
def audit_fqdn_prefix_name_writes_other_lease() -> Files:
    return _fqdn_log(True)


# -- 4. kubelet serving-certificate CSRs ------------------------------------------------------------------------------
SERVING = "kubernetes.io/kubelet-serving"
CSR_REF = {"resource": "certificatesigningrequests", "apiGroup": "certificates.k8s.io", "apiVersion": "v1"}


def _serving_csr(log: ga.Log, t: float, node: str, csr: str) -> None:
    """A kubelet with serverTLSBootstrap: true asks for its serving certificate (certificate manager,
    kubelet_server certificate.NewKubeletServerCertificateManager: signerName kubernetes.io/kubelet-serving, CN
    system:node:NAME, O system:nodes, usages server auth), authenticated with its client certificate; no
    controller approves that signer (csrapprover handles the client signers only): an administrator runs
    `kubectl certificate approve` 15 s later, and kube-controller-manager's csrsigning controller issues it."""
    tables = importlib.import_module("test_upstream_tables9")
    spec = {
        "request": tables._csr_request(f"system:node:{node}"),
        "signerName": SERVING,
        "usages": ["digital signature", "server auth"],
        "username": f"system:node:{node}",
        "groups": ga.NODE_GROUPS,
    }
    body = {
        "kind": "CertificateSigningRequest",
        "apiVersion": "certificates.k8s.io/v1",
        "metadata": {"generateName": "csr-"},
        "spec": spec,
    }
    log.ev(t, f"system:node:{node}", ga.NODE_GROUPS, "create", CSR_REF, body, level="RequestResponse", ua=s9.NODE_UA)
    e = log.lines[-1][1]
    e["responseStatus"]["code"] = 201
    e["responseObject"] = {**body, "metadata": {"name": csr}}
    approved = {
        **body,
        "metadata": {"name": csr},
        "status": {
            "conditions": [
                {
                    "type": "Approved",
                    "status": "True",
                    "reason": "KubectlApprove",
                    "message": "This CSR was approved by kubectl certificate approve.",
                }
            ]
        },
    }
    log.ev(t + 15, *ADMIN, "update", {**CSR_REF, "name": csr, "subresource": "approval"}, approved, "Request", KUBECTL)
    signer = ("system:serviceaccount:kube-system:certificate-controller", ga.NC[1])
    issued = {**approved, "status": {**approved["status"], "certificate": "LS0tLS1CRUdJTi..."}}
    log.ev(
        t + 15.1,
        *signer,
        "update",
        {**CSR_REF, "name": csr, "subresource": "status"},
        issued,
        level="Request",
        ua=ga.NC_UA.replace("node-controller", "certificate-controller"),
    )


def _serving_log(marked: bool) -> Files:
    """Both kubelets ask for serving certificates at 30 s (approved by hand at 45 s); worker-b's kubelet stops at
    100 s, marked Unknown at 153 s and tainted. ``marked=False``: never marked."""
    sys.path.insert(0, os.path.join(HERE, "..", ".."))
    log = s9._log(100, 400)
    _serving_csr(log, 30.0, "worker-a", "csr-9wq7m")
    _serving_csr(log, 30.4, "worker-b", "csr-k2v8d")
    if marked:
        s9._unknown(log, 153.0, "worker-b", 91.3)
        s9._taints(log, 153.1, "worker-b", [(UNREACH, "NoSchedule")])
        s9._taints(log, 158.2, "worker-b", [(UNREACH, "NoSchedule"), (UNREACH, "NoExecute")])
    return s14._audit(log)


@scenario
def audit_kubelet_serving_csr_node_dies() -> Files:
    return _serving_log(True)


@scenario
def audit_kubelet_serving_csr_never_marked() -> Files:
    return _serving_log(False)


# -- 5. `kubectl get leases -A -w` with the API servers' identity Leases ----------------------------------------------
def _identity_lease(c: Any, host: str, suffix: str) -> dict[str, Any]:
    """An API server's identity Lease (APIServerIdentity, GA 1.26; pkg/controlplane/controller/apiserverleasegc and
    the lease controller started in controlplane.Instance): kube-system/apiserver-<hash of the hostname>, holder
    apiserver-<hash>_<uuid>, leaseDurationSeconds 3600, renewed every 10 s, labelled
    apiserver.kubernetes.io/identity=kube-apiserver and kubernetes.io/hostname."""
    name = f"apiserver-{suffix}"
    return {
        "apiVersion": "coordination.k8s.io/v1",
        "kind": "Lease",
        "metadata": {
            "name": name,
            "namespace": "kube-system",
            "uid": c.uid(),
            "resourceVersion": "0",
            "creationTimestamp": ts(-86400 * 2),
            "labels": {"apiserver.kubernetes.io/identity": "kube-apiserver", "kubernetes.io/hostname": host},
        },
        "spec": {
            "holderIdentity": f"{name}_{c.uid()}",
            "leaseDurationSeconds": 3600,
            "renewTime": mts(-1),
        },
    }


def _identity_leases(seed: int, marked: bool) -> Files:
    """`kubectl get leases -A -w`: kube-node-lease's node Leases, kube-controller-manager's and kube-scheduler's
    leader Leases (renewed every 2 s) and two API servers' identity Leases (every 10 s). worker-3's kubelet dies at
    100 s; marked Unknown ~50 s after its last renewal, tainted, its web pod evicted 300 s later. tryUpdateNodeHealth
    reads only the Lease in kube-node-lease named after the Node (nodeLeaseLister.Leases(v1.NamespaceNodeLease)).
    ``marked=False``: no node lifecycle or taint-eviction controller (the leader Lease still renews: a process
    holding it whose controllers do nothing)."""
    c = Sim(seed=seed, nlc=marked, eviction=marked)
    base(c)
    c.add_node("cp-2", zone="eu-west-1a", cp=True)
    kcm = s7._kcm_lease(c, "cp-1_4b0e9a52-3f6d-4c1e-8a7b-2d9c0e1f3a45", -86400 * 3, 2)
    sched = copy.deepcopy(kcm)
    sched["metadata"].update(name="kube-scheduler", uid=c.uid())
    sched["spec"]["holderIdentity"] = "cp-1_8c7d6e5f-4a3b-4c2d-9e1f-0a1b2c3d4e5f"
    ids = [
        _identity_lease(c, "cp-1", "lk4x6qgdsfmgjyhl3hgmhbmdva"),
        _identity_lease(c, "cp-2", "q2w3e4r5t6y7u8i9o0pasdfghj"),
    ]
    c.start()
    for lz in (kcm, sched, *ids):
        c._bump(lz)
        c.out.append((c.t, "Lease", "ADDED", copy.deepcopy(lz)))
    k = 0
    while c.t + 2 <= 620:
        c.advance(c.t + 2)
        k += 1
        for lz in (kcm, sched) + ((*ids,) if k % 5 == 0 else ()):
            lz["spec"]["renewTime"] = mts(c.t)
            c.emit("MODIFIED", lz)
        if k == 50:
            s7._kill(c, ["worker-3"])
    return s7._all(c)


@scenario
def leases_all_namespaces_apiserver_identity() -> Files:
    return _identity_leases(1531, True)


@scenario
def leases_all_namespaces_apiserver_identity_never_marked() -> Files:
    return _identity_leases(1531, False)


# -- 6. the container runtime down while the Lease renews --------------------------------------------------------------
RUNTIME_DOWN = (
    "container runtime is down, PLEG is not healthy: pleg was last seen active 3m0.52s ago; threshold is 3m0s, "
    "container runtime not ready: RuntimeReady=false reason:NetworkPluginNotReady"
)


def _runtime_down(seed: int, bug: str | None) -> Files:
    """containerd on worker-2 hangs at 60 s; 3 min later the kubelet's PLEG is unhealthy and it posts Ready=False
    (setNodeReadyCondition: runtimeState errors, "container runtime is down"), while its node lease controller
    keeps renewing the Lease (it needs no runtime). The node lifecycle controller adds not-ready:NoSchedule on the
    update and not-ready:NoExecute at its next pass; never Unknown (tryUpdateNodeHealth: the Lease is fresh); the
    web pods go 300 s later (DefaultTolerationSeconds). containerd restarted at 640 s: Ready=True, the taints
    removed. ``bug``: "unknown" a controller that marks the Node Unknown 50 s after its Ready=False post (as if
    the status post were the heartbeat), "kept" one that never evicts."""
    c = Sim(seed=seed, eviction=bug != "kept")
    base(c)
    c.start()
    c.advance(240)
    c.post_status("worker-2", "False", "KubeletNotReady", RUNTIME_DOWN)
    if bug == "unknown":
        c.advance(c.t + 50.5)
        c._mark_unknown("worker-2")
    c.advance(640)
    c.post_status("worker-2", "True")
    c.advance(700)
    return s7._all(c)


@scenario
def runtime_down_lease_renewing() -> Files:
    return _runtime_down(1541, None)


@scenario
def runtime_down_marked_unknown() -> Files:
    return _runtime_down(1541, "unknown")


@scenario
def runtime_down_never_evicted() -> Files:
    return _runtime_down(1541, "kept")


# -- 7. the taint-eviction controller's stale view of a registration taint (kubernetes/kubernetes#119862) -----------
CILIUM = {"key": "node.cilium.io/agent-not-ready", "value": "true", "effect": "NoExecute"}


def _stale_taint(seed: int, after: float) -> Files:
    """worker-4 joins with --register-with-taints node.cilium.io/agent-not-ready=true:NoExecute (Cilium's
    recommended taint); Cilium's agent removes it at 40 s once the CNI is up; the scheduler, whose cache has the
    update, binds a web pod there 0.1 s later. The taint-eviction controller's Node informer has not yet delivered
    the removal: handlePodUpdate -> processPodOnNode reads the Node's taints from its nodeLister, finds the
    untolerated NoExecute taint and deletes the pod at once (kubernetes/kubernetes#119862, EKS 1.24 + Cilium:
    "Successfully bound pod" then "Not all taints are tolerated after update for pod on node" 1.7 ms later).
    ``after``: the seconds between the taint's removal and the deletion."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(10)
    s13.s8._join(c, "worker-4", [CILIUM], "container runtime network not ready: NetworkReady=false")
    c.advance(40)
    c.set_taints("worker-4", remove=[(CILIUM["key"], "NoExecute")])
    name = "web-5d8f7c9b6-z9q4t"
    c.pod("default", name, None, created=c.t - 5, labels={"app": "web"})
    c.t += 0.1
    s6._bind(c, f"default/{name}", "worker-4")
    c.t = round(c.t + after - 0.1, 3)
    c.delete_pod(
        f"default/{name}", reason="DeletionByTaintManager", message="Taint manager: deleting due to NoExecute taint"
    )
    c.advance(c.t + 60)
    return s7._all(c)


@scenario
def stale_registration_taint_evicts_new_pod() -> Files:
    return _stale_taint(1551, 0.2)


@scenario
def registration_taint_gone_pod_evicted_later() -> Files:
    return _stale_taint(1551, 30.0)


# -- 8. one binding the input cannot judge, then one it can -----------------------------------------------------------
def _race_then_bound(seed: int, onto_cordoned: bool) -> Files:
    """worker-2 is cordoned at 30 s; a web pod created at 29 s is bound there 0.3 s later (the scheduler chose it on its
    snapshot before the cordon: schedule_one.go's binding cycle runs after the decision, within --slack, so not
    judged). A second web pod created at 99 s is bound at 100 s, 70 s after the cordon, to worker-1, or
    (``onto_cordoned``) to worker-2, which NodeUnschedulable and TaintToleration (unschedulable:NoSchedule) refuse."""
    c = Sim(seed=seed)
    base(c)
    c.start()
    c.advance(29)
    first = s13.s8._web_pod(c, "web-5d8f7c9b6-r0c1e")
    c.advance(30)
    s6._cordon(c, "worker-2")
    c.t = round(c.t + 0.3, 3)
    s6._bind(c, first, "worker-2")
    c.advance(99)
    second = s13.s8._web_pod(c, "web-5d8f7c9b6-r1c2e")
    c.advance(100)
    s6._bind(c, second, "worker-2" if onto_cordoned else "worker-1")
    c.advance(160)
    return s7._all(c)


@scenario
def cordon_race_then_bound_elsewhere() -> Files:
    return _race_then_bound(1561, False)


@scenario
def cordon_race_then_bound_to_cordoned() -> Files:
    return _race_then_bound(1561, True)


def _unlogged_then_bound(onto_cordoned: bool) -> Files:
    """An audit log that began after a pod was created: its binding to worker-b at 50 s is logged, its creation (and
    so its tolerations) is not, so that binding is not judged. kubernetes-admin cordons worker-a at 30 s; a pod
    created at 60 s (logged with its body) is bound at 61 s to worker-b, or (``onto_cordoned``) to worker-a."""
    log = s9._log(400, 400)
    ref = {"resource": "nodes", "name": "worker-a", "apiVersion": "v1"}
    log.ev(30, *ADMIN, "patch", ref, {"spec": {"unschedulable": True}}, level="Request", ua=KUBECTL)
    s9._taints(log, 30.1, "worker-a", [("node.kubernetes.io/unschedulable", "NoSchedule")])
    s7._pod_bind(log, 50, "api-6c4d9f8b7-b4v7n", "worker-b")
    s7._pod_create(log, 60, "batch-7f9c6d5b8-m0x2q")
    s7._pod_bind(log, 61, "batch-7f9c6d5b8-m0x2q", "worker-a" if onto_cordoned else "worker-b")
    return s14._audit(log)


@scenario
def audit_unlogged_pod_bound_then_bound_elsewhere() -> Files:
    return _unlogged_then_bound(False)


@scenario
def audit_unlogged_pod_bound_then_bound_to_cordoned() -> Files:
    return _unlogged_then_bound(True)


def main() -> None:
    s6.write_scenarios(HERE, SCENARIOS, sys.argv[1:])


if __name__ == "__main__":
    main()


__all__ = ["NOTREADY", "json"]
