"""``nodereg check`` on round 9 of operators' situations: audit logs and late-started captures.

``tests/data/situations9``: captures written by ``generate.py`` there (the upstream reason of each verdict is in its
scenario's docstring and in the row's comment): a pod whose not-ready and unreachable tolerations differ, on a Node
tainted not-ready only and through the condition-taint swap; managed-cluster audit policies (Nodes at Metadata, node
Lease updates at None) and refused writes (409 Conflict, 422 Invalid); a pods or Nodes watch started 25 min after the
others; two API servers' logs, side by side and shipped into one file out of order; a rotated log; core/v1 Events in
a log; a kubelet's client certificate renewed while its Node is Unknown.
"""

from __future__ import annotations

from pathlib import Path

import capturegen as cg
import pytest

SIT = Path(__file__).parent / "data" / "situations9"
HB = {"silent-node-becomes-unknown", "heartbeating-node-stays-known"}
EVICT = {"no-execute-eviction", "untolerated-noexecute-pod-is-gone"}
BIND = {"no-schedule-with-untolerated-taint", "no-schedule-when-cordoned"}
IDENTITY = {"no-registration-without-credentials", "node-restriction", "certificate-needs-approval"}
#: a managed policy's log: Nodes created at Metadata (no body), node Lease updates not logged
METADATA_ONLY = {
    "silent-node-becomes-unknown": "logged at level Metadata",
    "no-execute-eviction": "logged at level Metadata",
    "unreachable-taint-follows-unknown": "does not show the readiness of Nodes created before it began",
}

Row = tuple[str, int, set[str], dict[str, str], set[str]]
CASES: list[Row] = [
    # (capture, exit code, violated, not checked: {property: a phrase of its reason}, checked)
    # -- 1. tolerations that differ between not-ready and unreachable: processPodOnNode takes getMinTolerationTime
    # over the tolerations matching the Node's *current* NoExecute taints (300 s under not-ready alone).
    # bug: the audit reader took the smallest over both (30 s) whatever the taint: a false no-execute-eviction 36 s
    # into the not-ready taint
    ("audit-not-ready-toleration-evicted-at-300s", 0, set(), {}, EVICT | {"not-ready-taint-follows-not-ready"}),
    ("audit-not-ready-toleration-never-evicted", 1, {"no-execute-eviction"}, {}, set()),
    # the swap to unreachable (30 s) 125 s in: processPodOnNode finds the scheduled eviction and keeps it (CreatedAt
    # + 30 s is before now + 30 s: return), so the pod goes 300 s after the not-ready taint. bug: the 30 s from the
    # old start, a false no-execute-eviction at the swap (in audit logs and, through Oracle._pod_bits, in watches)
    ("audit-taint-swap-timer-kept", 0, set(), {}, EVICT | HB),
    ("audit-taint-swap-timer-restarted", 1, {"eviction-counted-from-first-noexecute-taint"}, {}, set()),
    ("watch-taint-swap-timer-kept", 0, set(), {}, EVICT | HB | {"unreachable-taint-follows-unknown"}),
    ("watch-taint-swap-never-evicted", 1, {"eviction-counted-from-first-noexecute-taint"}, {}, set()),
    # -- 2. a managed cluster's policy (GCE's create-master-audit-policy and kin): Nodes at Metadata, node Leases at
    # None. Nothing whose body was not logged is "checked"; who wrote which Node (objectRef, user) is still judged
    # (admitNode: "node %q is not allowed to modify node %q")
    ("audit-managed-policy-metadata", 0, set(), METADATA_ONLY, IDENTITY),
    ("audit-managed-policy-other-kubelet-writes", 1, {"node-restriction"}, METADATA_ONLY, set()),
    # a refused write is no write: a kubelet's Lease updates answered 409 Conflict renew nothing (the controller,
    # which reads the stored Lease, marks the Node Unknown); a second binding answered 409 (assignPod: "already
    # assigned") binds nothing, one admitted (201) to the tainted Node is the scheduler's error
    ("audit-lease-conflicts-marked", 0, set(), {}, HB | {"unreachable-taint-follows-unknown"}),
    ("audit-lease-conflicts-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # a kubelet's status patches answered 422 Invalid (ValidateNodeUpdate) store no heartbeat either
    ("audit-status-invalid-marked", 0, set(), {}, HB | {"unreachable-taint-follows-unknown"}),
    ("audit-status-invalid-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    ("audit-binding-conflict-refused", 0, set(), {}, BIND | {"no-schedule-without-ready"}),
    (
        "audit-binding-to-tainted-admitted",
        1,
        {"no-schedule-with-untolerated-taint", "no-schedule-without-ready"},
        {},
        set(),
    ),
    # -- 3. `kubectl get pods -A -w` / `kubectl get nodes -w` started 25 min after the other watches. bug: its list
    # was the capture's first moment: every Node of a late Nodes list "silent for 10 min" there, pods evicted before
    # a late pods list judged against the Nodes' later taints (false silent-node-becomes-unknown,
    # heartbeating-node-stays-known, eviction-only-when-due), and a late Nodes list judged nothing at all once it
    # was not (every property "no Node stream")
    ("pods-watch-started-late", 0, set(), {}, HB | EVICT | {"eviction-only-when-due"}),
    ("pods-watch-started-late-never-evicted", 1, {"no-execute-eviction"}, {}, HB),
    ("nodes-watch-started-late", 0, set(), {}, HB | EVICT | BIND | {"pods-only-on-existing-nodes"}),
    ("nodes-watch-started-late-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # -- 4. an HA control plane's two logs side by side, and shipped into one file up to 400 ms out of order (the
    # node-controller's Unknown arriving after its taint patch)
    ("audit-two-apiservers", 0, set(), {}, HB | EVICT | {"unreachable-taint-follows-unknown"}),
    ("audit-two-apiservers-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    ("audit-shipped-out-of-order", 0, set(), {}, HB | EVICT | {"unreachable-taint-follows-unknown"}),
    ("audit-shipped-out-of-order-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # a log rotated at 200 s (audit.log.1, audit.log): one history; the late eviction is in the second file
    ("audit-rotated-mid-capture", 0, set(), {}, HB | EVICT),
    ("audit-rotated-never-evicted", 1, {"no-execute-eviction"}, {}, set()),
    # core/v1 Events: logged `events` creates are not node state (a NodeNotReady Event is no Unknown), a bare Event
    # appended by an operator is counted as ignored
    ("audit-with-core-events", 0, set(), {}, HB | EVICT),
    ("audit-with-core-events-never-marked", 1, {"silent-node-becomes-unknown"}, {}, set()),
    # a kubelet back from Unknown renews its client certificate (rotateCerts: a CSR authenticated as the node
    # itself, isSelfNodeClientCert): no new TLS bootstrap; the controller then removes the unreachable taints
    # (ready-node-sheds-ready-taints: the log holds no write of the controller's taint pass after registration, which
    # the oracle infers: not checked, though worker-b's recovery, whose removal the log holds, is judged; the twin
    # below, where it is broken, says "checked")
    (
        "audit-csr-renewed-while-unknown",
        0,
        set(),
        {"ready-node-sheds-ready-taints": "no Node write of the node lifecycle controller"},
        HB | IDENTITY,
    ),
    ("audit-csr-renewed-taints-kept", 1, {"ready-node-sheds-ready-taints"}, {}, set()),
]

#: what a row's input holds that is not read as an object: the bare core/v1 Event appended to the log
IGNORED = {
    name: {"core/v1 Events (not audit events)": 1}
    for name in ("audit-with-core-events", "audit-with-core-events-never-marked")
}


def _files(name: str) -> list[str]:
    return sorted(str(p) for p in (SIT / name).iterdir() if p.is_file())


@pytest.mark.parametrize(("name", "code", "violated", "unchecked", "checked"), CASES, ids=[c[0] for c in CASES])
def test_situations9_verdicts(
    name: str, code: int, violated: set[str], unchecked: dict[str, str], checked: set[str]
) -> None:
    cg.judge_situation(_files(name), code, violated, unchecked, checked, IGNORED.get(name))


def test_situations9_readme_lists_every_capture() -> None:
    cg.assert_readme_lists(SIT, [c[0] for c in CASES])


def test_not_ready_timer_is_the_not_ready_toleration() -> None:
    """The twin is reported at 300 s (+slack) of the not-ready taint, with the not-ready toleration's 300 s."""
    _, rep = cg.check_files(_files("audit-not-ready-toleration-never-evicted"))
    (v,) = rep["violations"]
    assert "under node.kubernetes.io/not-ready:NoExecute" in v["message"], v["message"]
    assert "beyond its tolerationSeconds 300 " in v["message"], v["message"]


def test_refused_writes_are_not_writes() -> None:
    """The 409 binding is not a binding: the pod stays on worker-a (nothing is judged about worker-b for it)."""
    _, rep = cg.check_files(_files("audit-binding-conflict-refused"))
    assert rep["violations"] == []
    _, twin = cg.check_files(_files("audit-binding-to-tainted-admitted"))
    assert {v["pod"] for v in twin["violations"]} == {"default/api-6c4d9f8b7-q9w8e"}


@pytest.mark.parametrize("name", ["nodes-watch-started-late-never-marked", "audit-rotated-never-evicted"])
def test_same_through_a_pipe_and_gzipped(name: str, tmp_path: Path) -> None:
    """`zcat f | nodereg check - others...` and every file gzipped give the same verdict."""
    cg.assert_same_piped_and_gzipped(_files(name), tmp_path, unzip_piped=True)
