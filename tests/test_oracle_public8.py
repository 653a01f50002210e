"""``nodereg check`` on public files round 8: Kubernetes objects, kubelet pod lists and audit logs of others.

``tests/data/public8/<repo>/``: each file copied verbatim from a public repository (``SOURCES.md`` there
names repository, path and commit). One row per file (or set of files checked together): exit code,
violated properties, properties that must be "not checked", properties that must be "checked". The
reason of each verdict, from upstream Kubernetes, is in the row's comment. Every file is also checked
through stdin, gzipped and with ``--k8s-version 1.31``: the verdict must not change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from public_rows import Row, check_cli, row_tests

from nodereg.cli import main

PUB = Path(__file__).parent / "data" / "public8"
PUB7 = Path(__file__).parent / "data" / "public"
NOTHING_READ = "not checked: nothing was read (see the input errors)"
OPENSHIFT = [
    "insights-operator/master-0.json",
    "insights-operator/worker-0.json",
    "insights-operator/kube-controller-manager-master-0.json",
]


ROWS: list[Row] = [
    # (files, exit code, violated, must be "not checked" (reason starts with anything), must be "checked")
    # -- kstone-sa/aesirguard-audit: a Linux auditd log named audit.log: no Kubernetes format at all -------
    (["aesirguard-audit/audit.log"], 2, set(), set(), set()),
    # -- elastic/integrations ---------------------------------------------------------------------------
    # three audit.k8s.io Events, then a GKE Cloud Logging entry (line 4: another schema) and an AKS
    # diagnostic record (line 5): the error names the wrapper (was only 'expected an audit.k8s.io/v1 Event')
    (["elastic-integrations/test-audit.log"], 2, set(), set(), set()),
    # one AKS record whose Event is a JSON string in properties.log: the error says to unwrap it (jq)
    (["elastic-integrations/test-kube-audit.log"], 2, set(), set(), set()),
    # a Metricbeat document about a Node (kube-state-metrics' numbers), no Kubernetes object
    (["elastic-integrations/state_node-sample_event.json"], 2, set(), set(), set()),
    # -- pvdvreede/k8s-admin-dashboard: three Nodes of labels only ---------------------------------------
    # no status: created by hand, not by a registering kubelet; nothing about a Node without status is
    # judged (situations7's node-without-status), so no property is checked: inconclusive, never a pass
    # (was exit 0 with node-has-ready-condition "checked")
    (
        ["k8s-admin-dashboard/nodes.yaml"],
        3,
        set(),
        {"node-has-ready-condition", "silent-node-becomes-unknown", "synced-taints-match-conditions"},
        set(),
    ),
    # -- kubernetes/kubernetes test data -------------------------------------------------------------------
    # a core/v1 Event about a Namespace (counted as ignored); a Pod with a custom condition, no node
    (["kubernetes/events.yaml"], 2, set(), set(), set()),
    (["kubernetes/pod-apply-status.yaml"], 3, set(), set(), set()),
    # -- fluent/fluent-bit ---------------------------------------------------------------------------------
    # a Running pod bound to a Node the input lacks: inconclusive
    (["fluent-bit/core_base.meta"], 3, set(), set(), set()),
    # {"kind": "Pod", "metadata": {}, "items": [...]}: a Pod without a name (as the API's decoder reads it,
    # items an unknown field), one input error
    (["fluent-bit/options_use-kubelet-enabled.meta"], 2, set(), set(), set()),
    # -- chookapp/kubview: `kubectl get nodes -o json` of two healthy EKS 1.14 Nodes (kind List at the end) --
    (
        ["kubview/node.json"],
        0,
        set(),
        {"silent-node-becomes-unknown"},
        {"synced-taints-match-conditions", "allocatable-within-capacity"},
    ),
    # -- openshift/insights-operator: an Insights archive's Nodes (no kind) and kube-controller-manager pod --
    (["insights-operator/master-0.json"], 0, set(), {"silent-node-becomes-unknown"}, {"allocatable-within-capacity"}),
    (["insights-operator/worker-0.json"], 0, set(), set(), {"allocatable-within-capacity"}),
    # NetworkUnavailable False with a null lastHeartbeatTime (openshift-sdn writes only its transition)
    (["insights-operator/worker-d-rmh8w.json"], 0, set(), set(), {"synced-taints-match-conditions"}),
    # kubelet v1.17.1: the defaults of 1.17
    (["insights-operator/ci-ln-3z9y7mt-master-0.json"], 0, set(), set(), {"synced-taints-match-conditions"}),
    # the static pod alone: bound to a Node the input lacks
    (["insights-operator/kube-controller-manager-master-0.json"], 3, set(), set(), set()),
    # the cluster's Nodes and its kube-controller-manager mirror pod, which tolerates every taint: conforms
    (OPENSHIFT, 0, set(), {"silent-node-becomes-unknown"}, {"pods-only-on-existing-nodes"}),
    # -- DataDog/datadog-agent: the kubelet's /pods --------------------------------------------------------
    (["datadog-agent/podlist_empty.json"], 2, set(), set(), set()),
    # "items": null, the kubelet's answer at startup: an empty list (was a RecursionError, exit 4)
    (["datadog-agent/podlist_startup.json"], 2, set(), set(), set()),
    # items null, a pod, {}: "list item: expected a Kubernetes object, got null" (was "got NoneType")
    (["datadog-agent/podlist_null_pod.json"], 2, set(), set(), set()),
    # pods with spec {} (no nodeName) or bound to my-node-name, no Node: inconclusive
    (["datadog-agent/podlist_expired.json"], 3, set(), set(), set()),
    (["datadog-agent/podlist_container_creating.json"], 3, set(), set(), set()),
    # -- honeycombio/honeycomb-kubernetes-agent: two healthy EKS Nodes with a user NoSchedule taint ---------
    (
        ["honeycomb-kubernetes-agent/nodes.json"],
        0,
        set(),
        {"silent-node-becomes-unknown"},
        {"synced-taints-match-conditions", "allocatable-within-capacity"},
    ),
    # -- sysdiglabs/aks-audit-log: one pretty-printed audit Event, a ControllerRevision's update -----------
    # read, and counted as ignored: it names no node (was "no events (expected audit.k8s.io Event objects)")
    (["aks-audit-log/sample_KubeAuditLog_event.json"], 2, set(), set(), set()),
]


def _paths(files: list[str]) -> list[str]:
    return [str(PUB / f) for f in files]


test_public_file, test_public_file_same_through_stdin_gzip_and_1_31 = row_tests(PUB, ROWS)


def _error(name: str) -> str:
    err = check_cli(_paths([name]))[2]
    return next(x for x in err.splitlines() if x.startswith("nodereg: error: "))


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("aesirguard-audit/audit.log", "audit.log:1: cannot tell the format"),
        ("elastic-integrations/test-audit.log", "test-audit.log:4: expected an audit.k8s.io/v1 Event object"),
        ("elastic-integrations/test-audit.log", "got a Google Cloud Logging entry (protoPayload"),
        ("elastic-integrations/test-kube-audit.log", "category kube-audit) holding one in properties.log"),
        ("elastic-integrations/test-kube-audit.log", "jq -c '.properties.log"),
        ("fluent-bit/options_use-kubelet-enabled.meta", "kubelet-enabled.meta:1: Pod: missing metadata.name"),
        ("datadog-agent/podlist_null_pod.json", "list item: expected a Kubernetes object, got null"),
        ("datadog-agent/podlist_startup.json", "podlist_startup.json:1: no events"),
        (
            "aks-audit-log/sample_KubeAuditLog_event.json",
            "ignored: 1 audit events on controllerrevisions (not part of the node lifecycle)",
        ),
        ("kubernetes/events.yaml", "ignored: 1 Event objects (not part of the node lifecycle)"),
    ],
)
def test_unusable_input_says_what_it_is(name: str, says: str) -> None:
    """Each exit 2 is one line naming the file (and its line) and what the input was instead."""
    assert says in _error(name)


def test_openshift_kube_controller_manager_pod_is_read_for_the_timing(tmp_path: Path) -> None:
    """OpenShift's kube-controller-manager is upstream's, run by its operator as the static pod
    ``openshift-kube-controller-manager/kube-controller-manager-<node>`` (cluster-kube-controller-manager-
    operator bindata/assets/kube-controller-manager/pod.yaml): its image, a release digest, names no
    version (so the kubelets' says it, and why), and a timing flag in its bash script is read."""
    rep = check_cli(_paths(OPENSHIFT))[1]
    assert any(
        "v1.20.0+2817867" in n and "the kube-controller-manager image tells no version" in n for n in rep["notes"]
    ), rep["notes"]
    assert not any("no kube-controller-manager image in the capture" in n for n in rep["notes"]), rep["notes"]
    pod = json.loads((PUB / OPENSHIFT[2]).read_text())
    kcm = pod["spec"]["containers"][0]
    assert kcm["name"] == "kube-controller-manager"
    kcm["args"][0] += " --node-monitor-grace-period=50s"
    p = tmp_path / "kcm.json"
    p.write_text(json.dumps(pod))
    got, rep, err = check_cli([str(PUB / OPENSHIFT[0]), str(p)])
    assert got == 0, (rep, err)
    assert any("node-monitor-grace-period = 50 s from kube-controller-manager" in n for n in rep["notes"]), rep["notes"]


def test_nodes_without_status_do_not_claim_node_has_ready_condition_checked() -> None:
    """Listed without a Ready condition and never given one: the property is judged on no node."""
    cov = check_cli(_paths(["k8s-admin-dashboard/nodes.yaml"]))[1]["coverage"]
    assert cov["node-has-ready-condition"].startswith(
        "not checked: nodes test-node-1, test-node-2, test-node-3 have no status in the input"
    ), cov["node-has-ready-condition"]


def test_list_with_items_of_another_type_is_one_input_error(tmp_path: Path) -> None:
    """A NodeList whose items are an object: one error naming it (never a RecursionError)."""
    p = tmp_path / "nodes.json"
    p.write_text(json.dumps({"kind": "NodeList", "apiVersion": "v1", "items": {"metadata": {"name": "n"}}}))
    got, _, err = check_cli([str(p)])
    assert got == 2 and "nodes.json:1: NodeList: items: expected an array, got an object" in err, err


def test_audit_log_of_other_resources_counts_them_as_ignored() -> None:
    """falco's ConfigMap creation (round 7) is read, and counted: exit 2 as before, with the count."""
    got, rep, _ = check_cli([str(PUB7 / "falco-k8s-audit/create_configmap.json")])
    assert got == 2
    assert rep["ignored"] == {"audit events on configmaps (not part of the node lifecycle)": 1}, rep["ignored"]
    assert all(v == NOTHING_READ for v in rep["coverage"].values())


def test_text_report_of_an_unusable_file_is_its_one_error_line() -> None:
    """A file none of whose lines is read: the text report is the one error line on stderr, exit 2 (it was
    that line, then a 3,000-character line naming every property id, then a summary of nothing; later a
    short coverage line and the summary, still three lines for one error)."""
    res = CliRunner().invoke(main, ["check", *_paths(["aesirguard-audit/audit.log"])])
    assert res.exit_code == 2 and res.stdout == "", res.stdout
    (line,) = res.stderr.splitlines()
    assert line.startswith("nodereg: error: ") and "audit.log:1: " in line, line


def test_text_coverage_names_at_most_a_dozen_ids_per_reason() -> None:
    """Nodes without status leave nearly every property unchecked for one reason: the line names twelve
    and counts the rest (``--format json`` names each)."""
    from nodereg.oracle.cli import LISTED, coverage_line

    reasons = {f"p{i}": "not checked: one reason" for i in range(30)} | {"q": "checked"}
    line = coverage_line(reasons)
    assert (
        line == f"coverage: {', '.join(f'p{i}' for i in range(LISTED))} and {30 - LISTED} more not checked: one reason"
    )
    assert coverage_line({"a": "not checked: why", "b": "not checked: why"}) == "coverage: no property checked: why"
