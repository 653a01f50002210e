"""``nodereg check`` on public files round 11: a kind cluster's Nodes (cordoned, user-tainted, marked Unknown),
the Kubernetes docs' Pod examples in YAML flow style, client libraries' and validators' test manifests.

``tests/data/public11/<repo>/``: each file copied verbatim from a public repository (``SOURCES.md`` there names
repository, path and commit). One row per file (or set of files checked together): exit code, violated
properties, properties that must be "not checked", properties that must be "checked". Each verdict was decided
from upstream Kubernetes before the oracle ran (the row's comment says why); every one agreed, so no oracle
change came of this round. Every single-file row is also checked through stdin, gzipped and with
``--k8s-version 1.31`` (``public_rows.judge_variants``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from public_rows import FITS, HEARTBEAT, TAINTS, Row, check_cli, error_line, row_tests

PUB = Path(__file__).parent / "data" / "public11"
UNREACHABLE = "unreachable-taint-follows-unknown"
CORDON = "no-schedule-when-cordoned"

ROWS: list[Row] = [
    # (files, exit code, violated, must be "not checked" (reason starts with anything), must be "checked")
    # -- murat-akpinar/k8rs: four kind Nodes (kubelet v1.36.1) in a List -------------------------------------------
    # doNoScheduleTaintingPass: the Ready Nodes carry no not-ready/unreachable taint, the cordoned one carries
    # node.kubernetes.io/unschedulable:NoSchedule with spec.unschedulable (taintNodeByCondition's map), the Unknown
    # one (tryUpdateNodeHealth: every condition Unknown, NodeStatusUnknown, 87 s after its last heartbeat, past the
    # 40 s grace) carries unreachable:NoSchedule, and processTaintBaseEviction gave it unreachable:NoExecute; the
    # user's dedicated=gpu:NoExecute is no controller's. allocatable = capacity. No Lease in the input, so no
    # heartbeat is judged; 1.36 is newer than nodereg knows: 1.35's timing, said in a note: conforms
    (["k8rs/nodes.json"], 0, set(), {HEARTBEAT}, {TAINTS, FITS, UNREACHABLE, CORDON}),
    # -- kubernetes/website: the docs' Pod examples (YAML flow mappings after ---) --------------------------------
    # Pods no scheduler bound and no Node: nothing of the lifecycle to judge (exit 3, as round 10's Pod manifests)
    (["website/pod-with-toleration.yaml"], 3, set(), set(), set()),
    # a Gt toleration: the API server takes it only with TaintTolerationComparisonOperators on; unbound all the same
    (["website/pod-with-numeric-toleration.yaml"], 3, set(), set(), set()),
    # spec.nodeName set by hand (the kubelet of foo-node runs it, no scheduler binds it), but no Node foo-node in
    # the input: nothing is known of that Node, so nothing judged (PodGC would delete it if foo-node did not exist,
    # which the input cannot say)
    (["website/pod-nginx-specific-node.yaml"], 3, set(), set(), set()),
    # pod-level resources (requests cpu 0.5: what the scheduler would count), unbound
    (["website/pod-level-cpu-request-limit.yaml"], 3, set(), set(), set()),
    # -- fabric8io/kubernetes-client: test resources --------------------------------------------------------------
    # a client-auth CSR (kube-apiserver-client signer, user "john"): part of the TLS bootstrap only as an audit log
    # shows its requests; as an object it says nothing of who approved it: no events (as round 10's v1alpha1 CSR)
    (["fabric8-kubernetes-client/test-v1-csr.yml"], 2, set(), set(), set()),
    # a CSINode: not part of the node lifecycle (the kubelet's CSI registration)
    (["fabric8-kubernetes-client/test-csinode.yml"], 2, set(), set(), set()),
    # a Pod bound to awesome-node, no Node: as pod-nginx-specific-node.yaml
    (["fabric8-kubernetes-client/test-pod.yml"], 3, set(), set(), set()),
    # -- kubernetes-client/python, kubernetes-client/java: e2e and unit-test manifests ------------------------------
    (["client-python/core-pod.yaml"], 3, set(), set(), set()),
    # a List of a Service and a Deployment: counted as ignored, no events
    (["client-python/list.yaml"], 2, set(), set(), set()),
    (["client-java/namespace-list-pager1.json"], 2, set(), set(), set()),
    # a Pod of metadata only: no spec, so no node; nothing to judge
    (["client-java/test-pod.json"], 3, set(), set(), set()),
    # -- kubernetes-sigs/kubectl-validate: manifests the API server refuses -----------------------------------------
    # cpu: true (the API server answers 422: Quantity.UnmarshalJSON refuses it, so no cluster holds this Pod):
    # bad input, exit 2 naming the file, the line and the field (situations12's unparsable quantities)
    (["kubectl-validate/error_quantity.yaml"], 2, set(), set(), set()),
    # spec empty, containers at the top level (the API server's 500): a Pod without spec, unbound
    (["kubectl-validate/error_indentation.yaml"], 3, set(), set(), set()),
    # a Pod, then two documents of comments only (empty documents, as kubectl reads them): the Pod, unbound
    (["kubectl-validate/multiple_resources_only_comments.yaml"], 3, set(), set(), set()),
    # -- yannh/kubeconform: fixtures ----------------------------------------------------------------------------
    # an empty List: no objects at all
    (["kubeconform/list_empty_valid.yaml"], 2, set(), set(), set()),
    # a Job (generateName only): not part of the node lifecycle
    (["kubeconform/generate_name.yaml"], 2, set(), set(), set()),
    # the docs' Pods together with the kind Nodes: none is bound to one of them (foo-node is not in the List), the
    # Nodes' verdict stands
    (
        ["k8rs/nodes.json", "website/pod-with-toleration.yaml", "website/pod-level-cpu-request-limit.yaml"],
        0,
        set(),
        {HEARTBEAT},
        {TAINTS},
    ),
]


test_public_file, test_public_file_same_through_stdin_gzip_and_1_31 = row_tests(PUB, ROWS)


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("client-python/list.yaml", "ignored: 1 Service objects (not part of the node lifecycle), 1 Deployment"),
        ("fabric8-kubernetes-client/test-v1-csr.yml", "1 CertificateSigningRequest objects (part of the TLS bootstrap"),
        ("fabric8-kubernetes-client/test-csinode.yml", "1 CSINode objects"),
        ("client-java/namespace-list-pager1.json", "1 Namespace objects"),
        ("kubeconform/generate_name.yaml", "1 Job objects (not part of the node lifecycle)"),
        ("kubeconform/list_empty_valid.yaml", "list_empty_valid.yaml:1: no events"),
    ],
)
def test_unusable_input_says_what_it_is(name: str, says: str) -> None:
    """Each exit 2 is one line naming the file (and its line) and what the input was instead."""
    line = error_line(PUB, [name])
    assert says in line, line
    assert "say --input" not in line, line


def test_kind_nodes_are_read_with_the_nearest_known_timing() -> None:
    """kubelet v1.36.1 is newer than nodereg knows: 1.35's defaults, and the note says so (never a silent guess)."""
    rep = check_cli([str(PUB / "k8rs/nodes.json")])[1]
    assert rep["events"] == 4, rep["events"]
    (note,) = [n for n in rep["notes"] if n.startswith("timing:")]
    assert "Kubernetes 1.36" in note and "newer than nodereg knows: the defaults of 1.35" in note, note
