"""``nodereg check`` on public files round 9: support bundles, cluster dumps, must-gathers, kubelet pod lists,
CSRs and files that only look like Kubernetes input.

``tests/data/public9/<repo>/``: each file copied verbatim from a public repository (``SOURCES.md`` there
names repository, path and commit). One row per file (or set of files checked together): exit code,
violated properties, properties that must be "not checked", properties that must be "checked". The
reason of each verdict, from upstream Kubernetes, is in the row's comment. Every single-file row is also
checked through stdin, gzipped and with ``--k8s-version 1.31`` (``public_rows.judge_variants``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from public_rows import HEARTBEAT, TAINTS, Row, check_cli, error_line, row_tests

PUB = Path(__file__).parent / "data" / "public9"
K3S = ["troubleshoot/k3s-nodes.json", "troubleshoot/k3s-kube-node-lease.json"]
SONOBUOY = ["sonobuoy/core_v1_nodes.json", "sonobuoy/local-path-storage_core_v1_pods.json"]
CAMGI_NODES = [
    "camgi/ip-10-0-0-1.control.plane.no-managed-fields.yaml",
    "camgi/ip-10-0-0-2.control.plane.yaml",
    "camgi/ip-10-0-1-1.compute.plane.yaml",
    "camgi/ip-10-0-0-3.worker.yaml",
]
CSRS = ["camgi/csr-approved.yaml", "camgi/csr-denied.yaml", "camgi/csr-failed.yaml", "camgi/csr-pending.yaml"]


ROWS: list[Row] = [
    # (files, exit code, violated, must be "not checked" (reason starts with anything), must be "checked")
    # -- replicatedhq/troubleshoot: a real k3s support bundle (v1.33.4+k3s1) and a microk8s analyzer fixture ------
    # the NodeList and the kube-node-lease LeaseList of one bundle: Ready, status posted 20:50:35, Lease renewed
    # 20:55:09 (the list's moment): a fresh heartbeat (tryUpdateNodeHealth), no condition asking for a taint
    # (doNoScheduleTaintingPass): conforms, with the heartbeat properties checked
    (K3S, 0, set(), set(), {HEARTBEAT, "live-kubelet-renews-in-time", TAINTS, "allocatable-within-capacity"}),
    (["troubleshoot/k3s-nodes.json"], 0, set(), {HEARTBEAT}, {TAINTS}),
    # the LeaseList alone: a Lease says a kubelet renews, not what its Node is: inconclusive, as a leases-only
    # watch is (was exit 2 "no events (expected Node, Pod or Lease objects ...)" on a list of Lease objects)
    (["troubleshoot/k3s-kube-node-lease.json"], 3, set(), {HEARTBEAT, TAINTS}, set()),
    # the bundle's cluster_version.json: the API server's /version, not a capture
    (["troubleshoot/k3s-cluster_version.json"], 2, set(), set(), set()),
    # a bare JSON array of one microk8s Node (kubelet v1.16.2, taken as 1.17): healthy, conforms
    (["troubleshoot/microk8s-nodes.json"], 0, set(), {HEARTBEAT}, {TAINTS, "allocatable-within-capacity"}),
    # -- vmware-tanzu/sonobuoy: a kind 1.20 cluster's resources as the aggregator dumps them ------------------------
    # kind-worker Ready=False since 2022-02-02T14:59:55Z, 28 h before the list's newest time, without
    # node.kubernetes.io/not-ready:NoSchedule: doNoScheduleTaintingPass maps NodeReady False to that taint
    # (nodeConditionToTaintKeyStatusMap) at the Node's next update: a violation. The other Nodes' heartbeats are
    # days old, but no Lease is in the dump: not judged
    (["sonobuoy/core_v1_nodes.json"], 1, {TAINTS}, {HEARTBEAT}, set()),
    # with the local-path-provisioner pod on kind-control-plane (tolerates its master NoSchedule taint, operator
    # Equal without value: the scheduler's TaintToleration filter, ToleratesTaint): the binding stands
    (SONOBUOY, 1, {TAINTS}, {HEARTBEAT}, {"no-schedule-with-untolerated-taint", "pods-only-on-existing-nodes"}),
    (["sonobuoy/local-path-storage_core_v1_pods.json"], 3, set(), set(), set()),
    # and the sonobuoy namespace's pods: an e2e Job pod on kind-worker and DaemonSet pods whose deletion was
    # requested a week before the list (deletionTimestamp minus the grace period): deleted before the capture
    # began, by no one the list shows, so no eviction is judged (no NoExecute taint either: the not-ready one is
    # missing, which is the violation already reported)
    (
        [*SONOBUOY, "sonobuoy/sonobuoy_core_v1_pods.json"],
        1,
        {TAINTS},
        {HEARTBEAT},
        {"pods-leave-only-by-eviction-or-gc", "no-execute-eviction", "untolerated-noexecute-pod-is-gone"},
    ),
    (["sonobuoy/sonobuoy_core_v1_pods.json"], 3, set(), set(), set()),
    (["sonobuoy/serverversion.json"], 2, set(), set(), set()),
    # -- gmeghnag/omc: a must-gather's PodList of three pods with no node, no status: nothing about nodes --------
    (["omc/pods.yaml"], 3, set(), set(), set()),
    # -- elmiko/camgi.rs: an OpenShift must-gather's Nodes and CSRs (hand-written: every time 2022-01-01T00:00Z) ---
    # control plane 1 Ready; control plane 2 and the compute Node Ready=False at the list's very moment (the
    # taint pass has had no time); the worker without status (nothing judged about it)
    (["camgi/ip-10-0-0-1.control.plane.no-managed-fields.yaml"], 0, set(), {HEARTBEAT}, {TAINTS}),
    (["camgi/ip-10-0-0-2.control.plane.yaml"], 0, set(), set(), {TAINTS}),
    (["camgi/ip-10-0-1-1.compute.plane.yaml"], 0, set(), set(), {TAINTS}),
    (["camgi/ip-10-0-0-3.worker.yaml"], 3, set(), {"node-has-ready-condition", TAINTS}, set()),
    # all four: 3 of 4 not Ready in zone-1 (ComputeZoneState counts a nil Ready as not Ready: partial disruption,
    # no NoExecute tainting under 50 Nodes, ReducedQPSFunc); the three with status are judged, the worker is not:
    # conforms (was exit 3 "no property could be checked": every property said "not checked: node
    # ip-10-0-0-3.worker has no status ... (checked for the other 3)")
    (CAMGI_NODES, 0, set(), {TAINTS, "node-has-ready-condition"}, set()),
    # CSR objects: the TLS bootstrap's requests, not read from lists (counted as ignored; exit 2, nothing read)
    *[([f], 2, set(), set(), set()) for f in CSRS],
    # -- afinka77/nodescalculator: "nodes" of a cost calculator (name, cpu, memory, zone, cost) ------------------
    (["nodescalculator/nodes.json"], 2, set(), set(), set()),
    # -- ingvagabund/pod-placement-analyzer: pods by owner, its own schema ----------------------------------------
    (["pod-placement-analyzer/pods.json"], 2, set(), set(), set()),
    # -- cloudability/metrics-agent: JSON Lines of bare objects (no kind) --------------------------------------
    # an EKS pod bound to a Node the input lacks: inconclusive; a Namespace: no kind, no Node/Pod/Lease shape
    (["metrics-agent/pods.jsonl"], 3, set(), set(), set()),
    (["metrics-agent/namespaces.jsonl"], 2, set(), set(), set()),
    (["metrics-agent/pods.jsonl", "metrics-agent/namespaces.jsonl"], 3, set(), set(), set()),
    # -- ghazariann/minik8s: a student kubernetes' Node (spec.ip, no status): nothing judged -----------------------
    (["minik8s/node.yaml"], 3, set(), {"node-has-ready-condition"}, set()),
    # -- Vincent056/celscanner, bin3377/gk8s: pods with no node ---------------------------------------------------
    (["celscanner/pods.json"], 3, set(), set(), set()),
    (["gk8s/pod.json"], 3, set(), set(), set()),
    # -- we-are-mono/verso-plugin-dnsdhcp: DHCP leases named leases.json, not Kubernetes ---------------------------
    (["verso-dnsdhcp/leases.json"], 2, set(), set(), set()),
    # -- kenjords/auditlogparser: a Cassandra audit log named audit.log, not a Kubernetes audit log -----------------
    (["auditlogparser/audit.log"], 2, set(), set(), set()),
]


test_public_file, test_public_file_same_through_stdin_gzip_and_1_31 = row_tests(PUB, ROWS)


@pytest.mark.parametrize(
    ("name", "says"),
    [
        # a JSON input of no known format names what it is (was "cannot tell the format ...; say --input",
        # which no --input helps)
        (
            "verso-dnsdhcp/leases.json",
            "leases.json:1: cannot tell the format: this is a JSON object with keys dhcpLeases",
        ),
        ("nodescalculator/nodes.json", "a JSON array of 2 objects with keys name, cpu, memory, zone, cost"),
        ("sonobuoy/serverversion.json", "a Kubernetes version answer (gitVersion v1.20.0), not a capture"),
        ("troubleshoot/k3s-cluster_version.json", "for a capture of that cluster it is --k8s-version 1.33"),
        ("pod-placement-analyzer/pods.json", "objects whose kind cannot be told"),
        ("metrics-agent/namespaces.jsonl", "namespaces.jsonl:1: no events"),
        ("auditlogparser/audit.log", "audit.log:1: cannot tell the format (expected events"),
        # a CSR is the TLS bootstrap's first step: never "not part of the node lifecycle"
        ("camgi/csr-approved.yaml", "1 CertificateSigningRequest objects (part of the TLS bootstrap, but not read"),
    ],
)
def test_unusable_input_says_what_it_is(name: str, says: str) -> None:
    """Each exit 2 is one line naming the file (and its line) and what the input was instead."""
    assert says in error_line(PUB, [name])


def test_csr_objects_are_not_called_outside_the_node_lifecycle() -> None:
    """The ignored count of a must-gather's CSRs says why they are not read (audit logs judge them; a watch
    infers the bootstrap from the Node's creation), and never that they are not part of the lifecycle."""
    rep = check_cli([str(PUB / f) for f in CSRS])[1]
    (why,) = rep["ignored"]
    assert rep["ignored"][why] == 4 and "not part of the node lifecycle" not in why, rep["ignored"]
    assert "audit logs judge" in why


def test_nodes_with_and_without_status_judge_the_ones_with_status() -> None:
    """A Node listed without status next to Nodes with status: the others are judged (their verdict and a
    coverage reason naming the blind one), not "inconclusive"; the same Nodes without it give the same
    verdict with the properties checked outright."""
    got, rep, _ = check_cli([str(PUB / f) for f in CAMGI_NODES])
    assert got == 0 and rep["conforms"], rep
    assert rep["coverage"][TAINTS].startswith("not checked: node ip-10-0-0-3.worker has no status")
    assert rep["coverage"][TAINTS].endswith("(checked for the other 3)")
    got, rep, _ = check_cli([str(PUB / f) for f in CAMGI_NODES[:3]])
    assert got == 0 and rep["coverage"][TAINTS] == "checked", rep["coverage"][TAINTS]


def test_lease_list_alone_reads_its_lease() -> None:
    """A kube-node-lease LeaseList without Nodes: its renewal is read (as a watch's renewal is), and
    every property is "no Node stream" or never observable: exit 3, never "no events"."""
    got, rep, err = check_cli([str(PUB / K3S[1])])
    assert got == 3 and not rep["input_errors"] and rep["events"] > 0, (rep, err)
    assert {v for v in rep["coverage"].values()} <= {
        "not checked: no Node stream",
        "not checked: it reads the node lifecycle controller's private clocks, which no input shows",
    }


def test_single_list_without_resource_versions_claims_no_merge() -> None:
    """One list without resourceVersions is read in its own order: no note that "the files were merged"
    (there is one file and nothing to merge); the note stays for several watch files (test_oracle_watch_merge)."""
    for name in ("minik8s/node.yaml", "omc/pods.yaml"):
        rep = check_cli([str(PUB / name)])[1]
        assert not any("merged by the objects' own timestamps" in n for n in rep["notes"]), rep["notes"]


def test_sonobuoy_violation_names_the_not_ready_node_and_its_time() -> None:
    """The one violation is kind-worker's, at the list's moment (its own heartbeat), with its conditions."""
    rep = check_cli([str(PUB / f) for f in SONOBUOY])[1]
    (v,) = rep["violations"]
    assert v["node"] == "kind-worker" and v["property"] == TAINTS, v
    assert "Ready=False" in v["message"] and "2022-02-03T19:02:54Z" in v["message"], v["message"]
