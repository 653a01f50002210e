"""``nodereg check`` on public files round 7: Kubernetes objects and audit events other people committed.

``tests/data/public/<repo>/``: each file copied verbatim from a public repository (``SOURCES.md`` there
names repository, path and commit). One row per file (or set of files checked together): exit code,
violated properties, properties that must be "not checked", properties that must be "checked". The
reason of each verdict, from upstream Kubernetes, is in the row's comment. Every file is also checked
through stdin, gzipped and with ``--k8s-version 1.31``: the verdict must not change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from public_rows import Row, check_cli, row_tests

PUB = Path(__file__).parent / "data" / "public"
NOT_A_NODE = "the audit log names no node"


ROWS: list[Row] = [
    # (files, exit code, violated, must be "not checked" (reason starts with anything), must be "checked")
    # -- kubernetes-sigs/kwok ---------------------------------------------------------------------------
    # a fake GPU Node (Ready=True, its kwok NoSchedule taint, kubeletVersion "fake"): one healthy moment
    (["kwok/virtual-node.yaml"], 0, set(), {"silent-node-becomes-unknown"}, {"synced-taints-match-conditions"}),
    # the same Node with a pod that tolerates its taint but is not bound: nothing bound, conforms
    (["kwok/virtual-node.yaml", "kwok/failed-pod.yaml"], 0, set(), set(), {"no-schedule-with-untolerated-taint"}),
    # Nodes kwok has not initialised yet (no status, no Ready condition): created by hand, not by a
    # registering kubelet; the node lifecycle controller marks them Unknown after the startup grace
    # (NodeStatusNeverUpdated), a time no single listing shows. node-pending has no status at all: nothing
    # about it can be judged (was exit 0, conforms by silence on 51 properties; situations7 node-without-status)
    (["kwok/node-pending.input.yaml"], 3, set(), {"silent-node-becomes-unknown", "node-has-ready-condition"}, set()),
    (["kwok/node-not-ready.input.yaml"], 0, set(), {"silent-node-becomes-unknown"}, set()),
    # kwok's expected Stage output (apiGroup/name/stages, "<Now>" placeholders): not a Kubernetes object
    (["kwok/node-not-ready.output.yaml"], 2, set(), set(), set()),
    (["kwok/node-pending.output.yaml"], 2, set(), set(), set()),
    # a kwok Stage (CRD object) and pods not bound / bound to a Node the input lacks
    (["kwok/node-heartbeat-with-lease.yaml"], 2, set(), set(), set()),
    (["kwok/pod-pending.input.yaml"], 3, set(), set(), set()),
    (["kwok/failed-pod.yaml"], 3, set(), set(), set()),
    # -- kwok-ci/kubevirt: a kwok Node whose quantities are YAML integers (cpu: 32, pods: 110) ------------
    (["kwok-ci-kubevirt/node.yaml"], 0, set(), set(), {"allocatable-within-capacity"}),
    # -- falcosecurity/falco k8s_audit test traces ---------------------------------------------------------
    # a ReplicaSet's pod creation: no Node, kubelet, Lease or binding in the log, so nothing about nodes is
    # judged (was exit 0 "conforms" with every property "checked")
    (["falco-k8s-audit/create_nginx_pod_privileged.json"], 3, set(), {"node-restriction"}, set()),
    # an exec (stage ResponseStarted) written without apiVersion: an audit event (auditID, verb, stage),
    # not a core/v1 Event (was counted as one); a ConfigMap's creation; nothing about nodes: no events
    (["falco-k8s-audit/exec_pod.json"], 2, set(), set(), set()),
    (["falco-k8s-audit/create_configmap.json"], 2, set(), set(), set()),
    # all three together: the pod's creation is read, nothing about nodes
    (
        [
            "falco-k8s-audit/create_nginx_pod_privileged.json",
            "falco-k8s-audit/exec_pod.json",
            "falco-k8s-audit/create_configmap.json",
        ],
        3,
        set(),
        {"node-restriction"},
        set(),
    ),
    # falco's fuzzer regression input {"kind": 0}: unusable, never a traceback
    (["falco-k8s-audit/fal_01_003.json"], 2, set(), set(), set()),
    # -- derailed/popeye lint fixtures -----------------------------------------------------------------------
    # five Nodes of one List (kubelet v1.21): n2 has had NetworkUnavailable=True since 2024-01-03T20:35:58Z
    # (24 days before the List's newest time) without node.kubernetes.io/network-unavailable:NoSchedule,
    # which the controller's taint pass (doNoScheduleTaintingPass) adds at once: a violation. n3 (pressure
    # and NetworkUnavailable, no times) and n4 (cordoned, NotReady, no times) may have changed an instant
    # before the listing: not judged (were reported: synced-taints-match-conditions at first sight)
    (["popeye/node-list.yaml"], 1, {"synced-taints-match-conditions"}, set(), set()),
    (
        ["popeye/node-list.yaml", "popeye/pod-1.yaml", "popeye/pod-2.yaml"],
        1,
        {"synced-taints-match-conditions"},
        set(),
        set(),
    ),
    # pods never scheduled (no nodeName), some with null status.conditions; metrics-server objects
    (["popeye/pod-1.yaml"], 3, set(), set(), set()),
    (["popeye/pod-2.yaml"], 3, set(), set(), set()),
    (["popeye/mx-node-metrics.yaml"], 2, set(), set(), set()),
    (["popeye/mx-pod-metrics.yaml"], 2, set(), set(), set()),
    # -- derailed/k9s: a Running pod bound to minikube, whose Node is not in the input ----------------------
    (["k9s/po_init.json"], 3, set(), set(), set()),
    (["kwok-ci-kubevirt/node.yaml", "k9s/po_init.json"], 0, set(), set(), set()),
    # -- kubernetes/kubernetes test data: a Service and a Deployment; two unscheduled pods -------------------
    (["kubernetes/list.yaml"], 2, set(), set(), set()),
    (["kubernetes/multi-pod.yaml"], 3, set(), set(), set()),
    # -- aquasecurity/trivy-kubernetes: trivy's own NodeInfo (file permissions), not a Node ------------------
    (["trivy-kubernetes/expected_node_info.json"], 2, set(), set(), set()),
    # -- open-telemetry/opentelemetry-collector-contrib: an events.k8s.io/v1 Event --------------------------
    (["otel-k8sobjects/event_core.yaml"], 2, set(), set(), set()),
    # -- ahmetb/kubectl-drill: a NodeList of four Nodes with labels only --------------------------------------
    # (no status: inconclusive, was exit 0)
    (["kubectl-drill/nodes.json"], 3, set(), {"silent-node-becomes-unknown", "node-has-ready-condition"}, set()),
    # -- ntmggr/k8s-status: {"items": [...]} without kind, Nodes with capacity/allocatable only: read as a
    # list of Nodes by shape (was exit 2: "1 objects whose kind cannot be told")
    (["k8s-status/nodes.json"], 0, set(), set(), {"allocatable-within-capacity"}),
]


def _paths(files: list[str]) -> list[str]:
    return [str(PUB / f) for f in files]


test_public_file, test_public_file_same_through_stdin_gzip_and_1_31 = row_tests(PUB, ROWS)


def _node(nu_since: str, heartbeat: str, rv: int) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": "w1", "resourceVersion": str(rv), "creationTimestamp": "2024-01-01T00:00:00Z"},
        "spec": {},
        "status": {
            "allocatable": {"cpu": "2"},
            "capacity": {"cpu": "2"},
            "nodeInfo": {"kubeletVersion": "v1.30.0"},
            "conditions": [
                {
                    "type": "Ready",
                    "status": "True",
                    "lastHeartbeatTime": heartbeat,
                    "lastTransitionTime": "2024-01-01T00:00:10Z",
                },
                {
                    "type": "NetworkUnavailable",
                    "status": "True",
                    "lastHeartbeatTime": nu_since,
                    "lastTransitionTime": nu_since,
                },
            ],
        },
    }


@pytest.mark.parametrize(
    ("events", "violated"),
    [
        # NetworkUnavailable turned True as the Node was listed: the taint pass is owed from then, not yet late
        ([("ADDED", "2024-01-01T01:00:00Z", "2024-01-01T01:00:00Z", 10)], set()),
        # ... True for an hour without the network-unavailable taint: the pass had all the time it needs
        ([("ADDED", "2024-01-01T00:00:20Z", "2024-01-01T01:00:00Z", 10)], {"synced-taints-match-conditions"}),
        # ... listed fresh, then the watch shows it a minute later still untainted: caught then
        (
            [
                ("ADDED", "2024-01-01T01:00:00Z", "2024-01-01T01:00:00Z", 10),
                ("MODIFIED", "2024-01-01T01:00:00Z", "2024-01-01T01:01:00Z", 11),
            ],
            {"condition-taints-follow-conditions"},
        ),
    ],
)
def test_first_listing_judges_taints_only_after_the_pass_had_time(
    events: list[tuple[str, str, str, int]], violated: set[str], tmp_path: Path
) -> None:
    p = tmp_path / "nodes.json"
    p.write_text("".join(json.dumps({"type": typ, "object": _node(nu, hb, rv)}) + "\n" for typ, nu, hb, rv in events))
    code, rep, _ = check_cli([str(p)])
    assert {v["property"] for v in rep["violations"]} == violated, rep["violations"]
    assert code == (1 if violated else 0)


def test_audit_event_without_api_version_is_an_audit_event() -> None:
    """falco's traces drop apiVersion: with auditID, verb and stage it is still an audit event, never
    counted as a core/v1 Event."""
    _, rep, err = check_cli(_paths(["falco-k8s-audit/exec_pod.json"]))
    assert "core/v1" not in err and not any("core/v1" in k for k in rep["ignored"]), (rep, err)


def test_audit_log_naming_no_node_says_why() -> None:
    code, rep, _ = check_cli(_paths(["falco-k8s-audit/create_nginx_pod_privileged.json"]))
    assert code == 3
    assert rep["coverage"]["node-restriction"] == "not checked: " + NOT_A_NODE + (
        ": no request on a Node, its status, its Lease, a node's CSR or a pod's binding to a node"
    )
