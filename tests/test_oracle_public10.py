"""``nodereg check`` on public files round 10: KWOK and simulator Nodes, a Harvester support bundle, control-plane
manifests, kubelet and agent answers, and files that only look like Kubernetes input.

``tests/data/public10/<repo>/``: each file copied verbatim from a public repository (``SOURCES.md`` there
names repository, path and commit). One row per file (or set of files checked together): exit code,
violated properties, properties that must be "not checked", properties that must be "checked". The
reason of each verdict, from upstream Kubernetes, is in the row's comment. Every single-file row is also
checked through stdin, gzipped and with ``--k8s-version 1.31`` (``public_rows.judge_variants``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from public_rows import FITS, HEARTBEAT, READY, TAINTS, Row, check_cli, error_line, row_tests

from nodereg.oracle.k8s import infer_kind
from nodereg.oracle.watch import LEADER_LEASES

PUB = Path(__file__).parent / "data" / "public10"
SBK = "support-bundle-kit/"
BUNDLE = [
    SBK + f
    for f in (
        "nodes.yaml",
        "metrics-nodes.yaml",
        "csinodes.yaml",
        "certificatesigningrequests.yaml",
        "longhorn-nodes.yaml",
        "kube-system-leases.yaml",
        "componentstatuses.yaml",
    )
]


ROWS: list[Row] = [
    # (files, exit code, violated, must be "not checked" (reason starts with anything), must be "checked")
    # -- ajwdev/pallograph: ten KWOK Nodes as one-line JSON objects, one after another -----------------------------
    # every Node Ready=True since its creation and untainted: doNoScheduleTaintingPass asks for no
    # not-ready/unreachable taint on a Ready Node (nodeConditionToTaintKeyStatusMap), and allocatable equals
    # capacity. Their lastHeartbeatTime lie up to 10 min apart, but the input holds no Lease: the node lifecycle
    # controller's tryUpdateNodeHealth takes the Lease's renewTime as the heartbeat where there is one, so without
    # the Leases nothing is judged about heartbeats (no Lease stream): conforms
    (["pallograph/nodes.json"], 0, set(), {HEARTBEAT}, {TAINTS, FITS, READY}),
    # -- kubernetes-sigs/kube-scheduler-simulator: the web UI's templates, POSTed as they are ----------------------
    # a Node without kind: status.capacity/allocatable and Ready=True, no taints. allocatable is a NodeStatus
    # field (core/v1 types.go) that no other kind's status has, so this is a Node; Ready with no taint is what the
    # taint pass leaves: conforms (was exit 2 "objects whose kind cannot be told")
    (["kube-scheduler-simulator/node.yaml"], 0, set(), {HEARTBEAT}, {TAINTS, FITS, READY}),
    # a Pod without kind and without spec.nodeName: no Node, nothing judged (exit 3, as a pods-only watch)
    (["kube-scheduler-simulator/pod.yaml"], 3, set(), set(), set()),
    # both together, as the simulator creates them: the pod is not bound (the simulator's scheduler binds it
    # later), the Node conforms
    (["kube-scheduler-simulator/node.yaml", "kube-scheduler-simulator/pod.yaml"], 0, set(), set(), {TAINTS}),
    # a Scenario custom resource and a KwokctlConfiguration: counted as ignored, nothing read
    (["kube-scheduler-simulator/valid-scenario.yaml"], 2, set(), set(), set()),
    (["kube-scheduler-simulator/kwok.yaml"], 2, set(), set(), set()),
    # -- kubernetes/kubernetes test data (kinds rounds 7-9 did not take from it) -----------------------------------
    # the HA guide's kube-controller-manager pod: a Pod bound to no Node; its image tag is a build hash, its
    # namespace and component label absent (not read as the cluster's controller): inconclusive
    (["kubernetes/kube-controller-manager.yaml"], 3, set(), set(), set()),
    # a CSR object (the TLS bootstrap's request, judged from audit logs), a PEM certificate request, a TokenReview
    # and a SubjectAccessReview: nothing a node lifecycle capture is made of
    (["kubernetes/csr.yml"], 2, set(), set(), set()),
    (["kubernetes/testuser.csr"], 2, set(), set(), set()),
    (["kubernetes/tokenreview-v1.json"], 2, set(), set(), set()),
    (["kubernetes/sar-v1.json"], 2, set(), set(), set()),
    # -- elastic/beats: the kubelet's /stats/summary (usage records whose "pods" are podRefs, not Pods) ------------
    (["elastic-beats/stats_summary.json"], 2, set(), set(), set()),
    # -- somaz94/kube-events: a tool's own events fixture (Event fragments under "events") -------------------------
    (["kube-events/events.json"], 2, set(), set(), set()),
    # -- akishitara/cronjob-monitor, PrasadG193/kyaml2go: Pod manifests bound to no Node -----------------------------
    (["cronjob-monitor/pods.yaml"], 3, set(), set(), set()),
    (["kyaml2go/pods.yaml"], 3, set(), set(), set()),
    # -- we-are-mono/verso-plugin-qos, EMC-Dojo/rackhd-cli, cilium/tetragon: not Kubernetes objects ---------------
    (["verso-plugin-qos/leases.json"], 2, set(), set(), set()),
    (["rackhd-cli/nodes.json"], 2, set(), set(), set()),
    (["tetragon/events.json"], 2, set(), set(), set()),
    # -- rancher/support-bundle-kit: a Harvester (RKE2 1.21) support bundle ----------------------------------------
    # one control-plane Node, Ready=True since 22:51:12 (16 days before the bundle), no taint (RKE2 taints no
    # control plane), allocatable = capacity for cpu and the KubeVirt extended resources: conforms. Timing from its
    # kubelet v1.21.7+rke2r1 (grace 40 s); no node Lease in the bundle (kube-node-lease is not dumped)
    ([SBK + "nodes.yaml"], 0, set(), {HEARTBEAT}, {TAINTS, FITS, READY}),
    # the bundle's kube-system Leases alone: leader election (kube-controller-manager, kube-scheduler, ...), no
    # kubelet's heartbeat and no Node: nothing read (was "no events (expected ... Lease objects ...)" with nothing
    # said of the five Leases it was given)
    ([SBK + "kube-system-leases.yaml"], 2, set(), set(), set()),
    # with the Node: kube-controller-manager's leader Lease was acquired 2022-03-06T22:51:38, long before the
    # bundle's moment (no new leader, nothing withdrawn); the node's heartbeats stay unjudged: conforms
    ([SBK + "nodes.yaml", SBK + "kube-system-leases.yaml"], 0, set(), {HEARTBEAT}, {TAINTS}),
    # NodeMetrics, CSINode, ComponentStatus, empty Lists of CSRs and of Longhorn "nodes", the bundle's metadata
    ([SBK + "metrics-nodes.yaml"], 2, set(), set(), set()),
    ([SBK + "csinodes.yaml"], 2, set(), set(), set()),
    ([SBK + "componentstatuses.yaml"], 2, set(), set(), set()),
    ([SBK + "certificatesigningrequests.yaml"], 2, set(), set(), set()),
    ([SBK + "longhorn-nodes.yaml"], 2, set(), set(), set()),
    ([SBK + "metadata.yaml"], 2, set(), set(), set()),
    # -- falcosecurity/plugins: the k8saudit plugin's audit Policy (kube-apiserver --audit-policy-file), which
    # says what to log; it is no audit log (no Event), whatever its apiVersion audit.k8s.io/v1 says
    (["falco-plugins/audit-policy.yaml"], 2, set(), set(), set()),
    # the bundle's files together: the Node's verdict, the other kinds counted as ignored
    (BUNDLE, 0, set(), {HEARTBEAT}, {TAINTS, FITS}),
]


test_public_file, test_public_file_same_through_stdin_gzip_and_1_31 = row_tests(PUB, ROWS)


@pytest.mark.parametrize(
    ("name", "says"),
    [
        # a PEM block: named, never "say --input" (no --input reads a certificate request)
        ("kubernetes/testuser.csr", "testuser.csr:1: cannot tell the format: this is a PEM CERTIFICATE REQUEST"),
        # JSON Lines of another schema: its first object's keys (was "cannot tell the format ...; say --input")
        ("tetragon/events.json", "JSON Lines whose first object has keys process_exec, node_name"),
        # the kubelet's /stats/summary: named as such (was "a JSON object with keys node, pods")
        ("elastic-beats/stats_summary.json", "the kubelet's /stats/summary answer (resource usage of node gke-beats"),
        # a YAML mapping of no Kubernetes kind, whose Kubernetes version gives --k8s-version (as /version does)
        (SBK + "metadata.yaml", "a YAML mapping with keys bundlename, bundleversion, kubernetesversion"),
        (SBK + "metadata.yaml", "it is --k8s-version 1.21"),
        # leader-election Leases: said to be what they are, not asked for as "Lease objects"
        (SBK + "kube-system-leases.yaml", "ignored: 5 " + LEADER_LEASES),
        ("kube-events/events.json", "events.json:1: no events"),
        # the audit Policy given for the log it makes (was only 'expected an audit.k8s.io/v1 Event object')
        ("falco-plugins/audit-policy.yaml", "got an audit Policy (kube-apiserver --audit-policy-file: what to log)"),
        ("rackhd-cli/nodes.json", "a JSON array of 2 objects with keys workflows, catalogs"),
        ("verso-plugin-qos/leases.json", "a JSON object with keys dhcpLeases"),
        ("kubernetes/tokenreview-v1.json", "ignored: 1 TokenReview objects (not part of the node lifecycle)"),
        ("kubernetes/csr.yml", "1 CertificateSigningRequest objects (part of the TLS bootstrap"),
        (SBK + "certificatesigningrequests.yaml", "certificatesigningrequests.yaml:1: no events"),
    ],
)
def test_unusable_input_says_what_it_is(name: str, says: str) -> None:
    """Each exit 2 is one line naming the file (and its line) and what the input was instead."""
    line = error_line(PUB, [name])
    assert says in line, line
    assert "say --input" not in line, line


@pytest.mark.parametrize(
    ("name", "obj", "kind"),
    [
        # the simulator's Node template: capacity, allocatable, a Ready condition
        ("allocatable", {"metadata": {"name": "n"}, "status": {"allocatable": {"cpu": "4"}}}, "Node"),
        ("images", {"metadata": {"name": "n"}, "status": {"images": []}}, "Node"),
        ("volumesInUse", {"metadata": {"name": "n"}, "status": {"volumesInUse": []}}, "Node"),
        # a PersistentVolumeClaim's status has capacity (and allocatedResources): not a Node
        (
            "pvc capacity",
            {"metadata": {"name": "c"}, "status": {"phase": "Bound", "capacity": {"storage": "1Gi"}}},
            None,
        ),
        (
            "pvc allocatedResources",
            {"metadata": {"name": "c"}, "status": {"allocatedResources": {"storage": "1Gi"}}},
            None,
        ),
        # a Pod's Ready condition alone says Pod as much as Node: nothing told
        ("ready condition only", {"metadata": {"name": "x"}, "status": {"conditions": [{"type": "Ready"}]}}, None),
        ("pod", {"metadata": {"name": "p"}, "spec": {"containers": []}, "status": {"conditions": []}}, "Pod"),
    ],
)
def test_kind_by_shape(name: str, obj: dict[str, object], kind: str | None) -> None:
    """``infer_kind`` tells a Node by a NodeStatus field no other kind has, and no more."""
    assert infer_kind(obj) == kind, name


def test_leader_leases_are_ignored_only_when_nothing_else_is_read() -> None:
    """Next to the Node they are read (the control plane's clock, kube-controller-manager's leader), so they are
    not counted as ignored there; alone they are, and the error names them."""
    rep = check_cli([str(PUB / SBK / "nodes.yaml"), str(PUB / SBK / "kube-system-leases.yaml")])[1]
    assert rep["ignored"] == {} and rep["events"] == 1, rep
    rep = check_cli([str(PUB / SBK / "kube-system-leases.yaml")])[1]
    assert rep["ignored"] == {LEADER_LEASES: 5}, rep["ignored"]


def test_kwok_kubelet_version_is_named_in_the_timing_note() -> None:
    """KWOK's kubeletVersion names no Kubernetes version: the default timing's note says which value it was
    (was "the capture shows ... no kubelet version" of ten Nodes that each show one)."""
    rep = check_cli([str(PUB / "pallograph/nodes.json")])[1]
    (note,) = [n for n in rep["notes"] if n.startswith("timing:")]
    assert "nodereg's default" in note and "kubeletVersion kwok-v0.7.0 of kwok-node-0 names no Kubernetes" in note


def test_support_bundle_timing_from_its_control_plane_kubelet() -> None:
    """RKE2's kubelet v1.21.7+rke2r1 on the control-plane Node gives 1.21's defaults (40 s grace)."""
    rep = check_cli([str(PUB / SBK / "nodes.yaml")])[1]
    assert any("the defaults of Kubernetes 1.21" in n and "v1.21.7+rke2r1 on node1" in n for n in rep["notes"])


@pytest.mark.parametrize(
    ("name", "args", "code", "events", "errors"),
    [
        # `nodereg check bundle/`: the bundle's metadata.yaml is of no format nodereg reads; without --keep-going
        # the first such file stops the check (as before)
        ("directory", [], 2, 0, ["metadata.yaml:1: cannot tell the format"]),
        # with --keep-going it is reported and left out, and the Node the bundle holds is checked (was: the same
        # one error and nothing checked, though --keep-going "checks the rest")
        ("directory, --keep-going", ["--keep-going"], 2, 1, ["metadata.yaml:1: cannot tell the format"]),
    ],
)
def test_support_bundle_directory(name: str, args: list[str], code: int, events: int, errors: list[str]) -> None:
    """A support bundle's directory as a new user checks it."""
    got, rep, _ = check_cli([*args, str(PUB / SBK)])
    assert got == code and rep["events"] == events, (name, rep)
    got_errors = [f"{e['file'].rsplit('/', 1)[1]}:{e['line']}: {e['message']}" for e in rep["input_errors"]]
    assert len(got_errors) == len(errors), (name, got_errors)
    assert all(g.startswith(x) for g, x in zip(got_errors, errors, strict=True)), (name, got_errors)
    if events:
        assert rep["coverage"][TAINTS] == "checked" and rep["violations"] == [], rep


def test_keep_going_reports_every_file_of_no_format() -> None:
    """Two files nodereg cannot read, checked with --keep-going: each is reported (was: the first only)."""
    got, rep, err = check_cli(["--keep-going", str(PUB / SBK / "metadata.yaml"), str(PUB / "tetragon/events.json")])
    assert got == 2 and rep["events"] == 0, rep
    assert [e["file"].rsplit("/", 1)[1] for e in rep["input_errors"]] == ["metadata.yaml", "events.json"], err
