"""``nodereg check`` on public files round 13: configuration that sits next to the node lifecycle but is not an
observation of it (descheduler policies, kind cluster configs, a karpenter NodePool, a scheduler configuration,
kube-apiserver audit policies, an e2e test suite, Deployments).

``tests/data/public13/<repo>/``: each file copied verbatim from a public repository (``SOURCES.md`` there names
repository, path and commit; seven repositories, none of rounds 7 to 12). One row per file: exit code, violated
properties, properties that must be "not checked", properties that must be "checked". Each verdict was decided
from upstream Kubernetes before the oracle ran (the row's comment says why); every one agreed, so no oracle change
came of this round's files. Every row is also checked through stdin, gzipped and with ``--k8s-version 1.31``
(``public_rows.judge_variants``). Measured: the file runs in about 2.5 s here (25 cases).

What was looked for and not found in the time: a public watch stream, audit *log* or Lease list not already used
(the index's ``audit.k8s.io`` hits outside rounds 7-12 were audit policies, documentation and code).
"""

from __future__ import annotations

from pathlib import Path

from public_rows import Row, error_line, row_tests

PUB = Path(__file__).parent / "data" / "public13"

#: exit 2 and nothing judged: what every row here gives (a file that holds no Node, Pod or Lease)
NOTHING: tuple[int, set[str], set[str], set[str]] = (2, set(), set(), set())

ROWS: list[Row] = [
    # -- kubernetes-sigs/descheduler ---------------------------------------------------------------------------------
    # DeschedulerPolicy: the descheduler's own configuration (evictions it will ask for), no object the node lifecycle
    # writes: counted as ignored, no events (bad input, exit 2, the error naming the kind)
    (["descheduler/failed-pods.yaml"], *NOTHING),
    (["descheduler/topology-spread-constraint.yaml"], *NOTHING),
    (["descheduler/policy_leaderelection_a.yaml"], *NOTHING),
    # a kind Cluster config: the nodes kind will create (its kubeadm patches label them with zones), not Nodes: the
    # cluster's Nodes exist only once kubeadm join runs the kubelet (TLS bootstrap, registerWithAPIServer)
    (["descheduler/kind-config.yaml"], *NOTHING),
    # -- petrishutin/k8s-audit-filter, ferozsalam/k8s-audit-log-inspector -------------------------------------------
    # an audit Policy (audit.k8s.io/v1 and v1beta1, kind Policy) says what kube-apiserver logs, it is not the log:
    # reading its rules as events would judge requests nobody made (bad input, naming --audit-log-path)
    (["k8s-audit-filter/audit-policy.yaml"], *NOTHING),
    (["k8s-audit-log-inspector/kube-api-audit-policy"], *NOTHING),
    # the same rules without apiVersion and kind: no format nodereg reads
    (["k8s-audit-filter/invalid-audit-policy.yaml"], *NOTHING),
    # -- kubernetes-sigs/karpenter: a NodePool (what karpenter may launch), no Node yet ------------------------------
    (["karpenter/default_nodepool.yaml"], *NOTHING),
    # -- FairwindsOps/goldilocks --------------------------------------------------------------------------------------
    (["goldilocks/kind.yaml"], *NOTHING),
    # a venom test suite (kubectl commands as strings): no Kubernetes object at all
    (["goldilocks/10_basic.yaml"], *NOTHING),
    # -- kubernetes-sigs/scheduler-plugins: the scheduler's configuration (a score plugin), not a binding ------------
    (["scheduler-plugins/scheduler-config.yaml"], *NOTHING),
    # -- kubernetes-sigs/cluster-proportional-autoscaler: two Deployments (no Pod, no Node): counted as ignored ------
    (["cluster-proportional-autoscaler/ladder-no-configmap.yaml"], *NOTHING),
]

test_public_file, test_public_file_same_through_stdin_gzip_and_1_31 = row_tests(PUB, ROWS)

#: file -> what its one error line must say (the reason, not only the exit code)
SAYS: dict[str, str] = {
    "descheduler/failed-pods.yaml": "ignored: 1 DeschedulerPolicy objects",
    "descheduler/kind-config.yaml": "ignored: 1 Cluster objects",
    "k8s-audit-filter/audit-policy.yaml": "got an audit Policy",
    "k8s-audit-log-inspector/kube-api-audit-policy": "got an audit Policy",
    "k8s-audit-filter/invalid-audit-policy.yaml": "YAML mapping with keys rules",
    "karpenter/default_nodepool.yaml": "ignored: 1 NodePool objects",
    "goldilocks/10_basic.yaml": "YAML mapping with keys version, name, vars, testcases",
    "scheduler-plugins/scheduler-config.yaml": "ignored: 1 KubeSchedulerConfiguration objects",
    "cluster-proportional-autoscaler/ladder-no-configmap.yaml": "ignored: 2 Deployment objects",
}


def test_bad_inputs_say_why() -> None:
    """Each file's one error line names what it is (an audit policy is not taken for a log)."""
    for name, says in SAYS.items():
        line = error_line(PUB, [name])
        assert says in line and name.split("/")[-1] in line, line
