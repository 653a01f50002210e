"""``nodereg check`` on public files round 15: what ``kubectl cluster-info dump`` writes (an RKE2 v1.33 NodeList,
``"items": null`` lists, an OKE cluster's empty kube-node-lease lists, kubectl 1.8's internal-form NodeList and a
kube-controller-manager logs.txt), a Lease simulator's EKS leases, Lease manifests, node-problem-detector's
configuration and a MongoDB export that is only named ``nodes.json``.

``tests/data/public15/<repo>/``: twelve files copied verbatim from eight public repositories, none of rounds 7 to 14
(``SOURCES.md`` there names repository, path and commit). One row per file (or files of one capture checked
together): exit code, violated properties, properties that must be "not checked", properties that must be
"checked". Each verdict was written from upstream Kubernetes before the oracle ran (the row's comment says why).
The verdicts all held; four error lines did not say what their file was and one report did not say what it had
left out, and were fixed (``test_bad_inputs_say_why``, ``test_empty_list_same_whether_items_null_or_empty`` and
``test_dump_directory_names_the_namespaces_it_left_out`` are their rows, each failing before its fix):

- a Lease manifest of another namespace (``kind: Lease``, namespace ``app``) got "no events (expected Node, Pod or
  Lease objects ...)", as if no Lease had been given: a listed Lease outside kube-node-lease and kube-system was not
  counted (oracle/watch.py ``WatchAdapter.snapshot``); it now adds "ignored: 1 Lease objects outside
  kube-node-lease (leader election and other locks, not a kubelet's heartbeat ...)", as a watched one did;
- ``{"kind": "EventList", "items": null}`` (Go's nil slice, as the dump writes a namespace without events) was read as
  one EventList object ignored, where ``"items": []`` is an empty list: with ``--allow-empty`` the first was exit 2
  and the second exit 3. Any ``*List`` with ``items: null`` is now the empty list it encodes (oracle/k8s.py
  ``watch_items``);
- a kube-controller-manager ``logs.txt`` got "cannot tell the format ...; say --input", though no --input reads a
  log: its first line (cluster-info dump's ``==== START logs for container ... ====``) or klog lines now name it
  as a component's log, which is no input (oracle/source.py ``_what_log``);
- kubectl 1.8's internal-form NodeList was "a JSON object with keys selfLink, resourceVersion, Items": it is now
  named as kubectl's internal form, not the API's JSON (oracle/source.py ``_what_json``);
- ``nodereg check dump/`` on the RKE2 dump judged its nodes.json and said nothing of the namespace subdirectory
  (default/pods.json, events.json) it leaves out by design: a note now names it (oracle/run.py
  ``subdirectories_left_out``).

Every single-file row is also checked through stdin, gzipped and with ``--k8s-version 1.31``
(``public_rows.judge_variants``), and each JSON file again as YAML.

Looked for and not found in the time: a Lease list, watch stream or audit log with node writes as a cluster wrote
them, in a repository not used before (the index's hits were documentation, test code building objects inline, or
files of rounds 7 to 14); NodeLists with NotReady nodes too large to copy (splunk/fluent-plugin-kubernetes-objects'
test/nodes.json, 66 kB; rilleralle/k8s-graph's, 51 kB; eugsim1/wls-oke-amsterdam20v's, 80 kB).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from public_rows import FITS, HEARTBEAT, READY, TAINTS, Row, check_cli, error_line, json_as_yaml_test, row_tests

PUB = Path(__file__).parent / "data" / "public15"

RKE2 = "cloudwork-kubernetes/nodes.json"
NULL_PODS = "cloudwork-kubernetes/default/pods.json"
NULL_EVENTS = "cloudwork-kubernetes/default/events.json"
OKE_PODS = "wls-oke/kube-node-lease/pods.json"
OKE_EVENTS = "wls-oke/kube-node-lease/events.json"
INTERNAL = "k8s-ha/nodes.json"
KCM_LOG = "k8s-ha/kube-controller-manager-k8s-master2.logs.txt"
SIM_LEASES = "go-lease-updater/leases.yaml"
APP_LEASE = "k8sLease/lease.yaml"
DEFAULT_LEASE = "k8s-elect/lease.yaml"

ROWS: list[Row] = [
    # (files, exit code, violated, must be "not checked" (reason starts with anything), must be "checked")
    # -- global-cloudwork/kubernetes: kubectl cluster-info dump of a one-node RKE2 cluster (kubelet v1.33.5) --------
    # one Node, one moment: Ready True (KubeletReady), NetworkUnavailable False (Cilium's CiliumIsUp), no taint and
    # not cordoned. The node lifecycle controller's taints follow the conditions (nodelifecycle
    # doNoExecuteTaintingPass: none for Ready True; taintNodeByCondition's map: none for NetworkUnavailable False
    # or pressures False), so the taints match; RKE2's own EtcdIsVoter condition is no condition the controller or
    # scheduler reads. Allocatable within capacity: ephemeral-storage 426362332441 < 438283648Ki, cpu and memory
    # equal (kubelet's allocatable = capacity - reserved). No Lease, no second moment: the heartbeat properties are
    # not judged (tryUpdateNodeHealth compares renewals over time)
    ([RKE2], 0, set(), {HEARTBEAT, "live-kubelet-renews-in-time"}, {TAINTS, READY, FITS}),
    # the same dump's default namespace: {"kind": "PodList", "items": null}, Go's encoding of a nil slice (an
    # empty list, as `"items": []`): no object at all (bad input)
    ([NULL_PODS], 2, set(), set(), set()),
    # {"kind": "EventList", "items": null}: core Events are no lifecycle object, and there are none (bad input)
    ([NULL_EVENTS], 2, set(), set(), set()),
    # the three files of the one dump together: the empty lists add nothing: as the NodeList alone
    ([RKE2, NULL_PODS, NULL_EVENTS], 0, set(), {HEARTBEAT}, {TAINTS, READY, FITS}),
    # -- eugsim1/wls-oke-amsterdam20v: an OKE cluster's dump, the kube-node-lease namespace ------------------------
    # cluster-info dump lists pods and events of each namespace, not Leases: kube-node-lease holds no pod and no
    # event, so both lists are empty ("items": []): nothing read, alone or together (bad input)
    ([OKE_PODS], 2, set(), set(), set()),
    ([OKE_EVENTS], 2, set(), set(), set()),
    ([OKE_PODS, OKE_EVENTS], 2, set(), set(), set()),
    # -- TonyChengTW/k8s-ha: kubectl 1.8's cluster-info dump of a kubeadm HA cluster (v1.8.1) ---------------------
    # five Nodes (master1 Ready Unknown, three masters cordoned), but in kubectl's internal form: 1.8's
    # dumpClusterInfo printed the internal clientset's NodeList through printers.JSONPrinter, so the fields are Go's
    # (Items, Spec.Unschedulable, Status.Conditions[].Type) and there is no kind or apiVersion. No API server
    # serves that schema; reading it would be guessing: bad input, named as what it is
    ([INTERNAL], 2, set(), set(), set()),
    # the same dump's kube-controller-manager logs.txt: a component's log is not an input (what the node lifecycle
    # controller did is read from the Node and Pod objects it wrote): bad input, named as a log
    ([KCM_LOG], 2, set(), set(), set()),
    # -- bramberry/rangeproblem: a MongoDB export of a city graph that is only named nodes.json -------------------
    (["rangeproblem/nodes.json"], 2, set(), set(), set()),
    # -- kubernetes/node-problem-detector: its kernel monitor's configuration. Its "conditions" are the condition
    # types NPD sets on the Node (KernelDeadlock, ...) with their default reasons, not a NodeStatus: bad input
    (["node-problem-detector/kernel-monitor.json"], 2, set(), set(), set()),
    # -- mercadoalex/go-lease-updater: a simulator's YAML of an EKS cluster's 45 Leases (no kind; renewTimes
    # rewritten by the simulator). 23 are in kube-node-lease, named after nodes: a kubelet's Lease (pkg/kubelet
    # NewMainKubelet gives its lease controller v1.NamespaceNodeLease); the other 22 are leader-election locks. A
    # Lease says a kubelet renewed, not what its Node is: with no Node, no condition, taint or capacity is known,
    # and one moment shows no silence: nothing can be judged (inconclusive), and "conforms" is not claimed
    ([SIM_LEASES], 3, set(), {HEARTBEAT, TAINTS, READY, FITS}, set()),
    # -- MinrouX/k8sLease and oldwang-yyds/k8s-elect: Lease manifests of namespaces app and default (no renewTime):
    # locks, not heartbeats: nothing of the node lifecycle (bad input, named as Leases outside kube-node-lease)
    ([APP_LEASE], 2, set(), set(), set()),
    ([DEFAULT_LEASE], 2, set(), set(), set()),
    # a lock next to the simulated node Leases changes nothing: as the node Leases alone
    ([SIM_LEASES, APP_LEASE], 3, set(), {HEARTBEAT, TAINTS}, set()),
]

test_public_file, test_public_file_same_through_stdin_gzip_and_1_31 = row_tests(PUB, ROWS)


test_json_file_same_as_yaml = json_as_yaml_test(PUB, ROWS)


LOCKS = "ignored: 1 Lease objects outside kube-node-lease"


@pytest.mark.parametrize(
    ("files", "says"),
    [
        pytest.param([INTERNAL], "a list of 5 objects in kubectl's internal form", id="kubectl-1.8-internal-form"),
        pytest.param(
            [KCM_LOG],
            "the log of container kube-controller-manager of pod kube-system/kube-controller-manager-k8s-master2",
            id="kube-controller-manager-log",
        ),
        pytest.param(["rangeproblem/nodes.json"], "JSON array of 4 objects with keys _id, city", id="mongodb-export"),
        pytest.param(
            ["node-problem-detector/kernel-monitor.json"], "JSON object with keys plugin, logPath", id="npd-config"
        ),
        pytest.param([APP_LEASE], LOCKS, id="lease-of-namespace-app"),
        pytest.param([DEFAULT_LEASE], LOCKS, id="lease-of-namespace-default"),
        pytest.param([APP_LEASE, DEFAULT_LEASE], "ignored: 2 Lease objects outside", id="both-leases"),
        pytest.param([NULL_EVENTS], "no events (expected Node, Pod or Lease objects", id="event-list-items-null"),
    ],
)
def test_bad_inputs_say_why(files: list[str], says: str) -> None:
    """Each exit-2 file's one error line names what it holds (a log as a log, a lock as a Lease, kubectl's
    internal form as such), not "say --input" or "expected ... Lease objects" of a Lease."""
    line = error_line(PUB, files)
    assert says in line, line


def test_klog_lines_without_the_dump_header_are_named_as_a_log(tmp_path: Path) -> None:
    """The log without cluster-info dump's START line (as ``kubectl logs`` prints it) is still named: its klog
    header ``Lmmdd hh:mm:ss.uuuuuu threadid file:line]`` is a component's log line."""
    path = tmp_path / "kcm.log"
    path.write_bytes(b"".join((PUB / KCM_LOG).read_bytes().splitlines(keepends=True)[1:3]))
    code, _rep, err = check_cli([str(path)])
    assert code == 2, err
    assert "klog lines (a Kubernetes component's log)" in err, err


@pytest.mark.parametrize("allow_empty", [False, True], ids=["default", "allow-empty"])
def test_empty_list_same_whether_items_null_or_empty(allow_empty: bool) -> None:
    """``"items": null`` (the RKE2 dump's EventList) is the empty list ``"items": []`` (the OKE dump's) encodes as Go
    writes a nil slice: both get one verdict, with or without ``--allow-empty`` (was: the null one counted as an
    EventList object ignored, exit 2 under --allow-empty where the empty one is 3)."""
    args = ["--allow-empty"] if allow_empty else []
    got = [check_cli([*args, str(PUB / f)]) for f in (NULL_EVENTS, OKE_EVENTS)]
    assert [g[0] for g in got] == [3, 3] if allow_empty else [2, 2], [g[2] for g in got]
    assert [g[1]["ignored"] for g in got] == [{}, {}]


def test_dump_directory_names_the_namespaces_it_left_out() -> None:
    """``nodereg check dump/`` on the RKE2 cluster-info dump reads its nodes.json and leaves the namespace
    subdirectories out (as ``capture_files`` documents): the verdict is the NodeList's, and a note names the
    subdirectory it did not read (was: "conforms" with no word of default/pods.json). Named file by file, the
    namespace's lists are read and the note is gone."""
    code, rep, err = check_cli([str(PUB / "cloudwork-kubernetes")])
    assert code == 0, (rep, err)
    left = [n for n in rep["notes"] if "was read without its subdirectories" in n]
    assert len(left) == 1 and "subdirectories default," in left[0], rep["notes"]
    code, rep, err = check_cli([str(PUB / f) for f in (RKE2, NULL_PODS, NULL_EVENTS)])
    assert code == 0, (rep, err)
    assert not any("was read without its subdirectories" in n for n in rep["notes"]), rep["notes"]


def test_a_watch_capture_leaves_the_tls_bootstrap_not_checked() -> None:
    """A NodeList (here RKE2's dump) or a watch holds no CertificateSigningRequest: the reader infers each
    node's bootstrap, so the properties about the bootstrap alone could never fail there. Round 15: they said
    "checked" on this single NodeList; they are "not checked" with the reason. An audit log, which holds the
    CSR requests, still judges them (situations9's audit-csr-renewed-taints-kept)."""
    from nodereg.oracle.core import Oracle
    from nodereg.oracle.k8s import NO_BOOTSTRAP_IN_WATCH, bootstrap_properties

    # (of the properties a trace can judge at all: heartbeat-needs-client-certificate reads private clocks)
    bootstrap = bootstrap_properties({pi.id: frozenset(k[1] for k in pi.reads) for pi in Oracle().c.props})
    assert {"no-registration-without-credentials", "certificate-needs-approval"} <= bootstrap
    code, watch, _ = check_cli([str(PUB / RKE2)])
    assert code == 0
    assert {pid: watch["coverage"][pid] for pid in bootstrap} == dict.fromkeys(
        bootstrap, f"not checked: {NO_BOOTSTRAP_IN_WATCH}"
    )
    _, audit, _ = check_cli([str(PUB.parent / "situations9" / "audit-csr-renewed-taints-kept")])
    assert all(audit["coverage"][pid] == "checked" for pid in bootstrap)
