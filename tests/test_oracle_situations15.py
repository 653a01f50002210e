"""``nodereg check`` on round 15 of operators' situations: zones at the edges of handleDisruption's thresholds, pods of
a second scheduler, FQDN Node names one a prefix of another, kubelet serving-certificate CSRs, `kubectl get leases -A
-w` with the API servers' identity Leases, a container runtime down while the Lease renews, the taint-eviction
controller's stale view of a registration taint just removed, and one binding the input cannot judge followed by
one it can.

``tests/data/situations15``: captures written by ``generate.py`` there (the upstream reason of each verdict is in its
scenario's docstring and in the row's comment).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import capturegen as cg
import pytest

SIT = Path(__file__).parent / "data" / "situations15"
SILENT = "silent-node-becomes-unknown"
KNOWN = "heartbeating-node-stays-known"
UNREACH_FOLLOWS = "unreachable-taint-follows-unknown"
NOT_READY_FOLLOWS = "not-ready-taint-follows-not-ready"
EVICT = "no-execute-eviction"
DUE, EARLY = "eviction-only-when-due", "eviction-not-early"
CORDON, UNTOL = "no-schedule-when-cordoned", "no-schedule-with-untolerated-taint"
CSMD = "control-state-matches-definition"
NR = "node-restriction"
CREDS = "no-registration-without-credentials"
OTHER = "names schedulerName my-scheduler"
STEP = "(checked for the other steps)"


class Row(NamedTuple):
    """One capture: its exit code, the properties it violates, those not checked (a phrase of the reason), those
    checked, and the upstream function the expectation rests on."""

    capture: str
    code: int
    violated: frozenset[str]
    unchecked: dict[str, str]
    checked: frozenset[str]
    upstream: str


def row(name: str, code: int, violated: set[str], unchecked: dict[str, str], checked: set[str], why: str) -> Row:
    return Row(name, code, frozenset(violated), unchecked, frozenset(checked), why)


ZONE = "node_lifecycle_controller.go handleDisruption -> ComputeZoneState, setLimiterInZone -> ReducedQPSFunc"
SCHED = "pkg/scheduler/eventhandlers.go responsibleForPod -> profile.Map.HandlesSchedulerName"
LEASE = "node_lifecycle_controller.go tryUpdateNodeHealth (nodeLeaseLister.Leases(kube-node-lease).Get(node.Name))"
ADMIT = "plugin/pkg/admission/noderestriction admitLease (nodeName != lease.Name)"
RACE = "pkg/scheduler/schedule_one.go bindingCycle after the decision (within --slack)"

CASES: list[Row] = [
    # -- 1. ComputeZoneState: partial when notReady > 2 and notReady/(notReady+ready) >= 0.55 (float32)
    row("zone-half-down-tainted", 0, set(), {}, {UNREACH_FOLLOWS, EVICT, CSMD}, ZONE + ": 3 of 6 is Normal"),
    row("zone-half-down-never-tainted", 1, {UNREACH_FOLLOWS}, {}, set(), ZONE + ": Normal, taints owed"),
    row("zone-threshold-exact-partial", 0, set(), {}, {UNREACH_FOLLOWS, CSMD}, ZONE + ": 11 of 20 = 0.55 is Partial"),
    row("zone-threshold-exact-tainted-anyway", 1, {CSMD}, {}, set(), ZONE + ": SwapLimiter(0) never allows"),
    # -- 2. a second scheduler's pods: the default profile never schedules them; their binding is not judged (said),
    # the default scheduler's still are. bug: every binding was judged as the default scheduler's (false
    # no-schedule-when-cordoned and no-schedule-with-untolerated-taint)
    row("second-scheduler-binds-cordoned-and-tainted", 0, set(), {CORDON: OTHER, UNTOL: OTHER}, set(), SCHED),
    row("audit-second-scheduler-binds-cordoned", 0, set(), {CORDON: OTHER, UNTOL: OTHER}, set(), SCHED),
    row("audit-default-scheduler-binds-cordoned", 1, {CORDON, UNTOL}, {}, set(), SCHED + "; NodeUnschedulable"),
    # -- 3. FQDN Node names (nodeutil.GetHostname lower-cases; the cloud's private DNS name), one a prefix of another
    row("fqdn-node-names-node-dies", 0, set(), {}, {SILENT, EVICT, KNOWN}, LEASE),
    row("fqdn-node-names-never-marked", 1, {SILENT}, {}, set(), LEASE),
    row("audit-fqdn-names-node-dies", 0, set(), {}, {SILENT, NR}, LEASE),
    row("audit-fqdn-prefix-name-writes-other-lease", 1, {NR}, {}, set(), ADMIT),
    # -- 4. kubelet-serving CSRs (certificate manager, signer kubernetes.io/kubelet-serving): no bootstrap request
    row("audit-kubelet-serving-csr-node-dies", 0, set(), {}, {SILENT, CREDS, NR}, "csrapprover: client signers only"),
    row("audit-kubelet-serving-csr-never-marked", 1, {SILENT}, {}, set(), LEASE),
    # -- 5. `kubectl get leases -A -w`: only kube-node-lease holds heartbeats
    row("leases-all-namespaces-apiserver-identity", 0, set(), {}, {SILENT, KNOWN}, LEASE),
    row("leases-all-namespaces-apiserver-identity-never-marked", 1, {SILENT}, {}, set(), LEASE),
    # -- 6. the runtime down: Ready=False posted, the Lease fresh (never Unknown), not-ready taints, evictions at 300 s
    row(
        "runtime-down-lease-renewing", 0, set(), {}, {KNOWN, NOT_READY_FOLLOWS, EVICT}, "kubelet setNodeReadyCondition"
    ),
    row("runtime-down-marked-unknown", 1, {KNOWN}, {}, set(), LEASE + ": the Lease is the heartbeat"),
    row("runtime-down-never-evicted", 1, {EVICT}, {}, set(), "taint_eviction.go processPodOnNode"),
    # -- 7. the taint-eviction controller's informer lagging a registration taint's removal (kubernetes#119862).
    # bug: eviction-only-when-due on a pod deleted 1 s after the untolerated NoExecute taint went
    row(
        "stale-registration-taint-evicts-new-pod",
        0,
        set(),
        {DUE: "Node informer may not have delivered", EARLY: "#119862"},
        {EVICT},
        "taint_eviction.go handlePodUpdate -> processPodOnNode (nodeLister)",
    ),
    row("registration-taint-gone-pod-evicted-later", 1, {DUE}, {}, set(), "processPodOnNode: no NoExecute taint"),
    # -- 8. one binding not judged, then one judged. bug: the first silenced the binding properties for the rest of
    # the input, so the second, refused by NodeUnschedulable and TaintToleration, conformed (a miss)
    row("cordon-race-then-bound-elsewhere", 0, set(), {CORDON: STEP, UNTOL: STEP}, set(), RACE),
    row("audit-unlogged-pod-bound-then-bound-elsewhere", 0, set(), {CORDON: STEP, UNTOL: STEP}, set(), RACE),
]

#: Captures with a binding not judged *and* a violation of the same property at another binding: coverage says "not
#: checked: ... (checked for the other steps)" and the finding stands (``ObservedBinding.step_only``).
MIXED: list[Row] = [
    row("second-and-default-scheduler-bind-cordoned-and-tainted", 1, {UNTOL}, {CORDON: OTHER}, set(), SCHED),
    row("cordon-race-then-bound-to-cordoned", 1, {CORDON, UNTOL}, {}, set(), RACE + "; NodeUnschedulable"),
    row("audit-unlogged-pod-bound-then-bound-to-cordoned", 1, {CORDON, UNTOL}, {}, set(), "audit: pod body unlogged"),
]


def _files(name: str) -> list[str]:
    return sorted(str(p) for p in (SIT / name).iterdir() if p.is_file())


@pytest.mark.parametrize("case", CASES, ids=[c.capture for c in CASES])
def test_situations15_verdicts(case: Row) -> None:
    cg.judge_situation(_files(case.capture), case.code, set(case.violated), case.unchecked, set(case.checked))


@pytest.mark.parametrize("case", MIXED, ids=[c.capture for c in MIXED])
def test_unjudged_binding_leaves_the_others_judged(case: Row) -> None:
    """The finding at the binding the default scheduler's filters refuse, beside one the input cannot judge."""
    code, rep = cg.check_files(_files(case.capture))
    assert code == case.code, rep
    assert rep["input_errors"] == [] and rep["ignored"] == {}
    assert {v["property"] for v in rep["violations"]} == case.violated, rep["violations"]
    for v in rep["violations"]:
        assert v["pod"] is not None and "my-scheduler" not in v["message"] and "r0c1e" not in v["pod"], v
        cov = rep["coverage"][v["property"]]
        assert cov == "checked" or cov.endswith(STEP), cov
    for pid, phrase in case.unchecked.items():
        assert phrase in rep["coverage"][pid] and rep["coverage"][pid].endswith(STEP), rep["coverage"][pid]


def test_situations15_readme_lists_every_capture() -> None:
    cg.assert_readme_lists(SIT, [c.capture for c in CASES + MIXED])


@pytest.mark.parametrize(
    ("scheduler", "judged"),
    [
        pytest.param("default-scheduler", True, id="default-profile"),
        pytest.param(None, True, id="unset-defaulted"),
        pytest.param("", True, id="empty-defaulted"),
        pytest.param("my-scheduler", False, id="second-scheduler"),
        pytest.param("volcano", False, id="batch-scheduler"),
    ],
)
def test_other_scheduler(scheduler: str | None, judged: bool) -> None:
    """responsibleForPod: kube-scheduler's one default profile is default-scheduler, the API server's default for a
    pod created without a schedulerName (SetDefaults_PodSpec)."""
    from nodereg.oracle.k8s import other_scheduler, scheduler_name

    spec = {} if scheduler is None else {"schedulerName": scheduler}
    why = other_scheduler(scheduler_name({"spec": spec}), "default/p", "worker-1", 0.0)
    assert (why is None) is judged
    if why is not None:
        assert f"schedulerName {scheduler}" in why and "responsibleForPod" in why


@pytest.mark.parametrize(
    "name", ["stale-registration-taint-evicts-new-pod", "second-scheduler-binds-cordoned-and-tainted"]
)
def test_same_through_a_pipe_and_gzipped(name: str, tmp_path: Path) -> None:
    """`cat f | nodereg check - others...` and every file gzipped give the same verdict."""
    cg.assert_same_piped_and_gzipped(_files(name), tmp_path, unzip_piped=True)
