"""The verifier: real model proved and witnessed, every seeded mutant killed, soundness of verdicts.

A ``proved`` must be earned: each property is also shown non-vacuous, an independent explicit-state
explorer (no Z3) agrees within its bound, and every counterexample replays on the machine.
``inconclusive`` is never a pass.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from typing import Any

import pytest
from lemma_rounds import add_proved_lemmas

from nodereg.model.mutants import MUTANT_BY_ID, MUTANTS
from nodereg.model.semantics import Config, compiled, real_model
from nodereg.properties.catalogue import ALL_PROPERTIES, PROPERTY_BY_ID, Property
from nodereg.verifier import explorer as ex
from nodereg.verifier import runner
from nodereg.verifier.counterexample import replay
from nodereg.verifier.runner import verify

MODEL = real_model()


@pytest.fixture(scope="module")
def real_verdicts() -> list:
    return verify(MODEL, Config(2, 2), jobs=1)


#: Rows the verifier adds to every full run: they are about the relation, not one catalogue property.
VERIFIER_ROWS = {"symmetry", "time-can-pass"}


def test_every_property_proved_unbounded_and_witnessed(real_verdicts: list) -> None:
    assert {v.id for v in real_verdicts} == {p.id for p in ALL_PROPERTIES} | VERIFIER_ROWS
    for v in real_verdicts:
        assert v.status == "proved", f"{v.id}: {v.status} {v.reason}"
        if v.id == "symmetry":
            assert v.engine == "z3" and v.bound is None
            continue
        assert v.engine in ("k-induction", "spacer"), f"{v.id} proved by a bounded engine"
        assert v.bound is None, "an unbounded proof reports no bound"
        assert v.detail.get("witness_depth") is not None, f"{v.id}: no witness of its premise"


@pytest.fixture(scope="module")
def mutant_report() -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "nodereg", "verify", "--mutants", "--format", "json", "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


# Each seeded bug, and a property that must be among its killers (the historical ones first).
EXPECTED_KILLERS = {
    "no-admission-not-ready-taint": "no-schedule-without-ready",  # kubernetes/kubernetes#72129
    "unschedulable-taint-only-from-controller": "no-schedule-when-cordoned",  # #63897
    "grace-40s-below-http2-recovery": "heartbeating-node-stays-known",  # #121793
    "scheduler-ignores-noexecute": "no-schedule-with-untolerated-taint",
    "toleration-effect-ignored": "no-schedule-with-untolerated-taint",
    "register-without-certificate": "no-registration-without-credentials",
    "kubelet-patches-other-node": "node-restriction",
    "controller-clears-not-ready-early": "no-schedule-without-ready",
    "eviction-ignores-toleration-seconds": "no-execute-eviction",
    "re-registration-resets-spec": "re-registration-is-idempotent",
    "controller-ignores-lease": "heartbeating-node-stays-known",
    # issue 12: symmetry checked (every instance then), time never blocked
    "register-reads-first-node-capacity": "allocatable-within-capacity",
    "noschedule-pass-never-marks-synced": "time-can-pass",
    # issue 12: each strengthened property kills a bug its old form let survive
    "unknown-only-from-ready-true": "silent-node-becomes-unknown",
    "allocatable-ignores-reserved": "allocatable-within-capacity",
    "deleted-node-keeps-pods": "pods-only-on-existing-nodes",
    "deleted-node-keeps-taints": "new-node-carries-only-registration-taints",
    "eviction-timer-restarts-on-node-update": "no-execute-eviction",
    "kubelet-evicts-other-nodes-pods": "node-restriction",
    "kubelet-takes-other-nodes-certificate": "certificate-needs-approval",
    "node-created-without-conditions": "no-schedule-without-ready",
    "noschedule-swap-removes-first": "no-schedule-without-ready",
    "noexecute-swap-keeps-old-taint": "one-ready-noexecute-taint",
    "kubelet-misses-approved-certificate": "node-becomes-schedulable",
    "untolerated-eviction-waits": "untolerated-noexecute-pod-is-gone",
    "kubelet-registers-another-name": "node-restriction",
    "scheduler-binds-to-deleted-node": "pods-only-on-existing-nodes",
    # issue 12, round 2: bug classes that survived every property before (each caught by a new one)
    "uncordon-clears-user-taint": "user-taint-changes-only-by-kubectl-taint",
    "cordon-does-not-trigger-taint-pass": "condition-taints-follow-conditions",
    "recovered-node-keeps-noexecute-taint": "ready-node-sheds-ready-taints",
    "eviction-not-cancelled-when-taint-goes": "eviction-only-when-due",
    "eviction-one-second-early": "eviction-not-early",
    "kubelet-evicts-without-pressure": "kubelet-evicts-only-under-pressure",
    "binding-allows-rebind": "binding-is-final",
    "approver-approves-another-nodes-csr": "only-requested-csr-approved",
    # issue 12, round 3: a second set written apart; one seeded mutant per class that survived it
    "route-controller-writes-another-node": "node-actions-touch-only-their-node",
    "status-allocatable-not-clamped": "allocatable-within-capacity",
    "unknown-keeps-memory-pressure": "unknown-node-reports-no-pressure",
    "route-controller-clears-memory-pressure": "only-kubelet-reports-pressure",
    "status-post-not-a-heartbeat": "probe-not-older-than-last-heartbeat",
    "cordon-patches-taint-not-spec": "cordon-sets-unschedulable",
    "eviction-deletes-every-pod-of-the-node": "actions-move-only-their-pods",
    "restart-keeps-registration": "kubelet-creates-its-missing-node",
    "noexecute-swap-removes-first": "noexecute-swap-never-drops-all",
    "status-post-uncordons": "cordon-changes-only-by-kubectl",
    "unknown-clears-network-unavailable": "network-unavailable-changes-only-by-route-controller",
    "not-ready-gets-unreachable-taint": "ready-taints-match-ready",
    "register-taint-effect-ignored": "new-node-carries-only-registration-taints",
    "eviction-timer-restarts-on-swap": "eviction-counted-from-first-noexecute-taint",
    "fit-counts-request-twice": "scheduler-binds-what-its-filters-admit",
    "fit-ignores-requested": "bound-requests-fit-allocatable",
    "eviction-keeps-requested": "requested-is-sum-of-bound-requests",
    "lease-renews-while-kubelet-down": "stopped-kubelet-is-silent",
    "register-reports-ready-optimistically": "node-reports-what-kubelet-found",
    "monitor-grace-from-lease-renew-time": "no-unknown-before-grace",
    # issue 12, round 6
    "mark-reachable-removes-only-not-ready": "ready-node-sheds-ready-taints",
    "csr-created-approved": "csr-approved-only-by-approver",
    "restart-fails-running-pods": "pods-leave-only-by-eviction-or-gc",
    "noschedule-pass-drops-cloud-taint": "uninitialized-taint-changes-only-by-cloud-controller",
    "noexecute-swap-in-one-write": "noexecute-swap-keeps-a-taint",
    "status-post-every-sync": "status-posts-spaced-by-update-frequency",
    # issue 12, round 7
    "lease-renewed-back-to-back": "lease-renewals-spaced-by-renew-interval",
    "monitor-pass-a-second-early": "monitor-passes-spaced-by-period",
    "taint-prefer-parsed-as-noexecute": "kubectl-taint-writes-its-effect",
    "untaint-removes-only-noschedule": "kubectl-untaint-removes-the-taint",
    "uncordon-skips-not-ready-node": "uncordon-clears-unschedulable",
    # issue 12, round 8
    "mark-reachable-swaps-through-not-ready": "ready-noexecute-taint-added-only-when-ready-asks",
    # round 9
    "restart-renews-lease-before-bootstrap": "heartbeat-needs-client-certificate",
    # round 10: a heartbeat clock an actor's effect could hold back (now the semantics' HEARTBEATS)
    "status-post-hides-its-heartbeat": "no-unknown-before-grace",
    # round 11: the progress premise's own table (DISTURBS) ended by a step that disturbs nothing
    "lease-renewal-counted-as-disturbance": "disturbance-keeps-node-off",
    # round 12: a kubelet that posts later than its status loop runs (a completeness property of its guard)
    "status-post-only-after-period": "kubelet-posts-status-when-due",
    "kubelet-recreates-deleted-node": "node-created-once-per-kubelet-start",
    "re-registration-refreshes-probe": "probe-moves-only-in-health-pass",
    # found only by the concrete search's recovery runs that come back not ready
    "unknown-to-false-keeps-unreachable": "ready-taints-match-ready",
    # round 13: a bound that grows with the cluster; its 1-node run, lifted to 2 nodes, is no violation there
    "noexecute-queue-counts-own-slot": "not-ready-taint-follows-not-ready",
    # round 12's open hole: a restarted kubelet's status loop not due at once
    "restart-status-clamp-renew": "status-loop-due-at-kubelet-start",
    # round 13: a status post that restarts the Lease timer (every Lease property read that timer)
    "status-post-renews-lease-clock": "lease-clock-moves-only-by-lease-controller",
    "re-registration-restarts-status-clock": "re-registration-keeps-status-loop-due",
    # round 13's open hole: the certificate's arrival starts the Lease controller, whose first sync renews at once
    "obtain-cert-restarts-lease-clock": "lease-renewal-due-at-certificate",
    # round 14: a stale read-modify-write whose lost taint the next pass restores before time moves on
    "cordon-writes-stale-condition-taints": "controller-taints-change-only-by-node-lifecycle-controller",
}


def test_mutant_table_lists_every_mutant() -> None:
    assert set(EXPECTED_KILLERS) == {m.id for m in MUTANTS}
    assert len(MUTANTS) >= 8


@pytest.mark.parametrize("mutant_id", sorted(EXPECTED_KILLERS))
def test_mutant_is_killed_by_the_expected_property(mutant_report: dict, mutant_id: str) -> None:
    row = next(r for r in mutant_report["mutants"] if r["id"] == mutant_id)
    assert row["status"] == "killed"
    assert EXPECTED_KILLERS[mutant_id] in row["killed_by"], row["killed_by"]
    assert row["counterexample"] and row["counterexample"][0]["event"] == "init"


def test_mutation_score_is_one(mutant_report: dict) -> None:
    assert mutant_report["score"] == 1.0


def test_no_mutant_is_killed_by_a_lemma_or_a_verifier_row_alone(mutant_report: dict) -> None:
    """A kill a user can read: some killer is a catalogue property (not a lemma) or the time-can-pass row."""
    readable = {p.id for p in ALL_PROPERTIES if not p.lemma} | {"time-can-pass"}
    for row in mutant_report["mutants"]:
        assert set(row["killed_by"]) & readable, (row["id"], row["killed_by"])
        assert "symmetry" not in row["killed_by"]  # it has no counterexample: it is never a kill


def test_counterexamples_replay_on_the_machine() -> None:
    """A BMC counterexample of a mutant replays on python-statemachine and the compiled step."""
    mu = MUTANT_BY_ID["no-admission-not-ready-taint"]
    prop = PROPERTY_BY_ID["no-schedule-without-ready"]
    [v] = verify(mu.model(), Config(2, 2), [prop], check_witnesses=False, unbounded=False)
    assert v.status == "violated" and v.trace is not None and v.replayed
    assert replay(mu.model(), Config(2, 2), v.trace, prop)
    # and the violation is real on the concrete semantics: the property fails on the last step
    cp = ex.compiled_properties(mu.model(), Config(2, 2))
    (_, _, pre), (k, args, post) = v.trace[-2], v.trace[-1]
    assert k is not None and not cp.step_ok(prop.id, pre, post, k, args)


def test_a_counterexample_replays_only_for_the_property_it_breaks() -> None:
    """``replay`` with a property also asks that the run break it at its end: the same run is no
    counterexample of a property that holds there, nor is the run cut one step short of its violation.
    (A run found on one node and lifted to two embeds there, yet may not miss a bound that grows with
    the cluster: round 13 found such a run reported as a violation at 2 x 2.)"""
    mu = MUTANT_BY_ID["no-admission-not-ready-taint"]
    prop = PROPERTY_BY_ID["no-schedule-without-ready"]
    [v] = verify(mu.model(), Config(2, 2), [prop], check_witnesses=False, unbounded=False)
    assert v.trace is not None and replay(mu.model(), Config(2, 2), v.trace, prop)
    assert replay(mu.model(), Config(2, 2), v.trace)  # the run itself replays
    holds = PROPERTY_BY_ID["control-state-matches-definition"]
    assert not replay(mu.model(), Config(2, 2), v.trace, holds)
    assert not replay(mu.model(), Config(2, 2), v.trace[:-1], prop)


def test_witness_runs_found_on_one_node_reach_the_premise_on_two() -> None:
    """``verify`` calls a proved property non-vacuous from a run that reaches its premise on one node and
    one pod, on the ground that such a run embeds in every larger cluster. The embedding must keep the
    premise reached: lifted to 2 x 2, each witness run replays and its premise holds at its end (a premise
    that read the cluster's size, as the NoExecute latency does, could be met on one node only)."""
    from nodereg.verifier import concrete as C
    from nodereg.verifier.runner import lift

    model = real_model()
    small, big = Config(1, 1), Config(2, 2)
    props = [p.for_model(model) for p in ALL_PROPERTIES]
    params = C.concrete_params(model, None)
    assert params is not None
    st = C.search(model, small, params, [(p, "witness") for p in props], walks=3000, time_budget_s=5.0)
    assert len(st.found) >= len(props) * 3 // 4  # most premises are met on one node
    cp = ex.CompiledProperties(compiled(model, big), props)
    by_id = {p.id: p for p in props}
    for (pid, _goal), f in st.found.items():
        tr = lift(f.trace, model, small, big)
        assert replay(model, big, tr), pid
        (_, _, pre), (k, args, post) = tr[-2], tr[-1]
        if by_id[pid].witness_kind == "state":
            assert cp.witness_state(pid, post), pid
        else:
            assert k is not None and cp.witness_step(pid, pre, post, k, args), pid


@pytest.mark.slow
def test_runs_lifted_from_one_node_are_reported_only_where_they_break_the_property() -> None:
    """The concrete search runs on one node and lifts its runs to the configuration asked: every run it
    reports at 2 x 2 breaks its property at 2 x 2 (the NoExecute latency grows by 10 s per node, so a
    1-node run of unknown-to-false-keeps-unreachable that misses it need not at 2 nodes)."""
    from nodereg.verifier.counterexample import breaks
    from nodereg.verifier.runner import _concrete_violations

    model = MUTANT_BY_ID["unknown-to-false-keeps-unreachable"].model()
    props = [p.for_model(model) for p in ALL_PROPERTIES if not p.lemma]
    found = _concrete_violations(model, Config(2, 2), None, props, 60.0)
    assert found  # the mutant is killed by some concrete run
    cm = compiled(model, Config(2, 2))
    for pid, r in found.items():
        assert r.trace is not None and breaks(cm, r.trace, PROPERTY_BY_ID[pid].for_model(model)), pid


def test_a_one_node_run_that_is_no_violation_on_two_nodes_leaves_the_verdict_to_the_two_node_search() -> None:
    """Round 13: a bug in a bound that grows with the cluster (the NoExecute queue's (nodes - 1)*10 s).

    BMC on one node finds the late taint (the property allows no queue wait there); lifted to two nodes the
    same run meets the property's 10 s more. verify used to report it anyway, and the replay check then
    stopped the whole run ("does not replay", exit 4); now the lifted run is dropped and the search on two
    nodes finds a run that does break the property there.
    """
    mu = MUTANT_BY_ID["noexecute-queue-counts-own-slot"]
    prop = PROPERTY_BY_ID["not-ready-taint-follows-not-ready"]
    small = verify(mu.model(), Config(1, 1), [prop], check_witnesses=False, unbounded=False)
    assert [v.status for v in small] == ["violated"]
    assert small[0].trace is not None and not replay(
        mu.model(), Config(2, 2), runner.lift(small[0].trace, mu.model(), Config(1, 1), Config(2, 2)), prop
    )
    [v] = verify(mu.model(), Config(2, 2), [prop], check_witnesses=False, unbounded=False)
    assert v.status == "violated" and v.trace is not None and v.replayed
    assert replay(mu.model(), Config(2, 2), v.trace, prop)


def test_explorer_agrees_with_proofs_on_a_small_instance() -> None:
    """No reachable state within the explorer's bound violates a property the engines proved."""
    cfg = Config(1, 1)
    result = ex.explore(MODEL, cfg, ex.SMALL_PARAMS, ex.default_small_frozen(cfg), max_states=30_000)
    assert result.states >= 30_000 or result.complete
    assert result.violations == {}


@pytest.mark.parametrize(
    "mutant_id,prop",
    [
        ("no-admission-not-ready-taint", "registration-is-not-eligibility"),
        ("register-without-certificate", "no-registration-without-credentials"),
        ("scheduler-ignores-noexecute", "no-schedule-with-untolerated-taint"),
        ("controller-clears-not-ready-early", "synced-taints-match-conditions"),
    ],
)
def test_explorer_finds_what_the_engines_find(mutant_id: str, prop: str) -> None:
    """The explicit-state explorer, with no Z3, finds the same violation on its own."""
    cfg = Config(1, 1)
    mu = MUTANT_BY_ID[mutant_id].model()
    frozen = ex.default_small_frozen(cfg)
    if mutant_id == "scheduler-ignores-noexecute":
        frozen = [{**frozen[0], "tolerates_custom_ns": True}]
    result = ex.explore(mu, cfg, ex.SMALL_PARAMS, frozen, [PROPERTY_BY_ID[prop]], max_states=60_000)
    assert prop in result.violations, f"explorer missed {prop} in {result.states} states"
    trace = result.violations[prop]
    assert replay(mu, cfg, trace)


def test_a_property_with_an_unreachable_premise_is_vacuous() -> None:
    """A property whose premise can never hold proves nothing: it must not read as a pass."""
    never = Property(
        "never-a-node-without-certificate",
        "a test property",
        "∀n: exists ⇒ true",
        "test",
        "test",
        "state",
        lambda s: True,
        _exists_without_cert,
        "node 0 exists without a certificate",
    )
    [v] = verify(MODEL, Config(1, 1), [never], timeout_s=20)
    assert v.status == "vacuous", v


def _exists_without_cert(s):
    from nodereg.model.logic import And, Not

    return And(s.node(0).exists, Not(s.node(0).cert))


def test_bounded_engine_alone_never_proves() -> None:
    """BMC that finds nothing is inconclusive, not proved."""
    props = [PROPERTY_BY_ID["node-restriction"], PROPERTY_BY_ID["no-schedule-when-cordoned"]]
    verdicts = verify(MODEL, Config(1, 1), props, engine="bmc", bmc_depth=4, check_witnesses=False)
    assert {v.id: v.status for v in verdicts if v.id in {p.id for p in props}} == {
        "node-restriction": "inconclusive",
        "no-schedule-when-cordoned": "inconclusive",
    }


def test_timing_assumption_is_needed() -> None:
    """heartbeating-node-stays-known holds only if the grace period covers the longest heartbeat gap."""
    relaxed = dataclasses.replace(
        MODEL,
        name="without-gap-assumption",
        constraints=tuple(c for c in MODEL.constraints if c.id != "heartbeat-gap-within-grace"),
    )
    prop = PROPERTY_BY_ID["heartbeating-node-stays-known"]
    assert "heartbeat-gap-within-grace" in prop.assumes
    [v] = verify(relaxed, Config(1, 1), [prop], check_witnesses=False, unbounded=False)
    assert v.status == "violated" and v.replayed
    last = v.counterexample[-1]
    assert last["event"] == "nlc_monitor_node_health" and last["state"]["alive[0]"] is True
    assert last["state"]["ready[0]"] == "Unknown"


#: Pinned timing values a model may carry (param_overrides), and whether its constraints still admit them.
PINNED_PARAMETERS = [
    pytest.param((), True, id="none-pinned"),
    pytest.param((("node_monitor_grace_period", 50), ("heartbeat_gap_max", 45)), True, id="1.35-defaults"),
    # round 10: 1.31's 40 s grace with the 45 s HTTP/2 gap, the constraint that forbids it kept: no run at all
    pytest.param(
        (("lease_renew_interval", 40), ("heartbeat_gap_max", 45), ("node_monitor_grace_period", 40)),
        False,
        id="gap-above-grace-constraint-kept",
    ),
    pytest.param((("node_monitor_period", 50), ("node_monitor_grace_period", 50)), False, id="period-not-below-grace"),
]


@pytest.mark.parametrize("pinned,admissible", PINNED_PARAMETERS)
def test_a_model_whose_pinned_parameters_break_its_constraints_is_refused(pinned: tuple, admissible: bool) -> None:
    """With no admissible timing there is no run, and every property would read "proved" (76/76 under
    ``--mutants``, where witnesses are not searched): verify must refuse such a model, not judge it."""
    from nodereg.verifier.runner import InadmissibleParameters, check_parameters_admissible

    model = dataclasses.replace(MODEL, name=f"pinned-{len(pinned)}-{admissible}", param_overrides=pinned)
    if admissible:
        check_parameters_admissible(model)
        return
    with pytest.raises(InadmissibleParameters, match="no timing parameters satisfy"):
        verify(model, Config(1, 1), [PROPERTY_BY_ID["node-restriction"]], check_witnesses=False, unbounded=False)


#: round 11: constraints a model may carry, and which refusal they get (None: accepted). Round 12: a
#: constraint narrower than the declared ones is refused too, even when upstream's defaults (1.35) meet it:
#: kube-controller-manager checks no relation between the periods (NodeLifecycleControllerOptions.Validate),
#: so a period of 6 s with the 50 s grace is a cluster upstream accepts that "a tenth of the grace" excludes
EXTRA_CONSTRAINTS = [
    pytest.param(lambda p: p.node_monitor_period >= 1, None, id="implied-by-the-declared-ones"),
    pytest.param(
        lambda p: p.node_monitor_period * 10 <= p.node_monitor_grace_period,
        "exclude timings the declared constraints admit",
        id="period-tenth-of-grace",
    ),
    # the same, strictly: 5 s x 10 = 50 s is not below 50 s; runs remain, but none of a default cluster
    pytest.param(
        lambda p: p.node_monitor_period * 10 < p.node_monitor_grace_period,
        "exclude upstream's defaults",
        id="strictly-tenth",
    ),
    pytest.param(
        lambda p: p.heartbeat_gap_max <= p.lease_renew_interval,
        "exclude upstream's defaults",
        id="gap-pinned-to-renew-interval",
    ),
    # round 12 of bugs written apart: the defaults stay in, a boundary goes
    pytest.param(
        lambda p: p.heartbeat_gap_max < p.node_monitor_grace_period,
        "exclude timings the declared constraints admit",
        id="gap-strictly-below-grace",
    ),
    pytest.param(
        lambda p: p.node_startup_grace_period >= p.node_monitor_grace_period + p.node_monitor_period,
        "exclude timings the declared constraints admit",
        id="startup-over-grace-plus-period",
    ),
]


@pytest.mark.parametrize("formula,refusal", EXTRA_CONSTRAINTS)
def test_a_model_whose_constraints_exclude_admitted_timing_is_refused(formula: Any, refusal: str | None) -> None:
    """A constraint is an assumption the proofs make; one that upstream's defaults break leaves the model runs,
    so nothing reads vacuous, yet every "proved" is about clusters nobody runs (round 11 of bugs written apart);
    one that keeps the defaults but drops timings the declared constraints admit proves nothing about them, the
    boundaries included (round 12)."""
    from nodereg.model.params import Constraint
    from nodereg.verifier.runner import InadmissibleParameters, check_parameters_admissible

    extra = Constraint("extra", "test", formula)
    model = dataclasses.replace(MODEL, name=f"extra-{refusal}", constraints=(*MODEL.constraints, extra))
    if refusal is None:
        check_parameters_admissible(model)
        return
    with pytest.raises(InadmissibleParameters, match=refusal):
        check_parameters_admissible(model)


def test_dropping_a_constraint_is_not_narrowing() -> None:
    """The CLI drops an assumed constraint when fixed timing breaks it (--k8s-version 1.31): that widens the
    proofs, and the model must still be judged."""
    from nodereg.verifier.runner import check_parameters_admissible

    model = dataclasses.replace(
        MODEL,
        name="without-gap-within-grace",
        constraints=tuple(c for c in MODEL.constraints if c.id != "heartbeat-gap-within-grace"),
    )
    check_parameters_admissible(model)


def test_compiled_model_is_cached_per_variant() -> None:
    assert compiled(MODEL, Config(1, 1)) is compiled(real_model(), Config(1, 1))
    assert compiled(MUTANTS[0].model(), Config(1, 1)) is not compiled(MODEL, Config(1, 1))


def _every_kubelet_has_a_certificate(s):
    from nodereg.properties.catalogue import _all_nodes

    return _all_nodes(s, lambda n: s.node(n).cert)


#: false in the initial state (no kubelet starts with a certificate), and no step takes one away
EVERY_KUBELET_CERTIFIED = Property(
    "every-kubelet-has-a-certificate",
    "a test property, false at the start",
    "∀n: cert[n]",
    "test",
    "test",
    "state",
    _every_kubelet_has_a_certificate,
    lambda s: s.node(0).cert,
    "node 0 has a certificate",
)


def _sliced_prover(model, cfg):
    """A prover with every lemma that per-instance induction proves, assumed (as verify adds them),
    on node 0 and pod 0 only if the symmetry check proves that sound (as verify does)."""
    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.runner import Prover
    from nodereg.verifier.symmetry import check_symmetry

    enc = Encoding(model, cfg)
    if check_symmetry(enc, 60).status != "proved":
        enc = Encoding(model, cfg, symmetry=False)
    prover = Prover(enc)
    add_proved_lemmas(prover, [p for p in ALL_PROPERTIES if p.lemma and p.kind == "state"])
    return prover


def test_sliced_induction_checks_the_initial_state() -> None:
    """A property that no step breaks but that is false at the start is violated, not proved."""
    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.runner import Prover

    r = Prover(Encoding(MODEL, Config(2, 2))).induction_sliced(EVERY_KUBELET_CERTIFIED, 30)
    assert (r.status, r.reason) == ("violated", "initial state")


@pytest.mark.parametrize(
    "model,proved",
    [(MODEL, True), (MUTANT_BY_ID["eviction-keeps-requested"].model(), False)],
    ids=["real", "eviction-keeps-requested"],
)
def test_a_per_instance_query_the_incremental_solver_gives_up_on_goes_to_a_fresh_solver(
    model: Any, proved: bool, monkeypatch: Any
) -> None:
    """With the incremental solver giving up on every per-instance query, a fresh solver answers
    each: the sum of requests is proved on the real model, and not on a mutant that breaks it."""
    import z3

    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.runner import Prover

    incremental, fresh = Prover._check, Prover._check_fresh
    asked: list[int] = []

    def gives_up(self: Prover, solver: z3.Solver, extra: Any, timeout_s: float) -> z3.CheckSatResult:
        return z3.unknown if solver is self._sliced else incremental(self, solver, extra, timeout_s)

    def counted(background: z3.Solver, extra: Any, timeout_s: float) -> z3.CheckSatResult:
        asked.append(1)
        return fresh(background, extra, timeout_s)

    monkeypatch.setattr(Prover, "_check", gives_up)
    monkeypatch.setattr(Prover, "_check_fresh", staticmethod(counted))
    r = Prover(Encoding(model, Config(3, 3))).induction_sliced(PROPERTY_BY_ID["requested-is-sum-of-bound-requests"], 60)
    assert asked
    if proved:
        assert r.status == "proved" and len(asked) == r.detail["sliced"], r
    else:
        assert r.status == "inconclusive" and r.reason.startswith("not 1-inductive at taint_eviction_evict_pod"), r


@pytest.mark.slow
def test_sliced_induction_is_what_verify_uses_on_large_clusters() -> None:
    """From 25 node-pod pairs on, verify tries state properties instance by instance first: the
    base case is checked there (a false start is a replayed one-state run), and the scheduler's
    accounting is proved instance by instance relative to the lemmas."""
    from nodereg.verifier.runner import SLICE_FROM

    cfg = Config(5, 5)
    assert cfg.nodes * cfg.pods >= SLICE_FROM
    props = [
        EVERY_KUBELET_CERTIFIED,
        PROPERTY_BY_ID["bound-requests-fit-allocatable"],
        PROPERTY_BY_ID["requested-is-sum-of-bound-requests"],
    ]
    verdicts = {v.id: v for v in verify(MODEL, cfg, props, timeout_s=60, check_witnesses=False)}
    v = verdicts[EVERY_KUBELET_CERTIFIED.id]
    assert v.status == "violated" and v.replayed and len(v.counterexample) == 1, v
    for p in props[1:]:
        v = verdicts[p.id]
        assert v.status == "proved" and "instance by instance" in v.reason, v


@pytest.mark.parametrize(
    "prop_id", ["bound-requests-fit-allocatable", "requested-is-sum-of-bound-requests", "binding-is-final"]
)
def test_sliced_induction_proves_what_monolithic_induction_proves(prop_id: str) -> None:
    """The per-instance queries, relative to the lemmas, prove the scheduler's accounting (state
    properties) and a step property; so does the monolithic 1-induction query."""
    prover = _sliced_prover(MODEL, Config(2, 2))
    prop = PROPERTY_BY_ID[prop_id]
    sliced = prover.induction_sliced(prop, 60)
    assert sliced.status == "proved" and sliced.detail["sliced"] > 0, sliced
    assert prover.induction(prop, 60).status == "proved"


@pytest.mark.parametrize(
    "mutant_id,prop_id",
    [
        ("fit-ignores-requested", "bound-requests-fit-allocatable"),  # a state property
        ("binding-allows-rebind", "binding-is-final"),  # a step property
    ],
)
def test_sliced_induction_names_the_instance_that_breaks_a_property(mutant_id: str, prop_id: str) -> None:
    """A scheduler that forgets NodeInfo.Requested, or binds a bound pod again: the instance that
    breaks the property is the binding, and the per-instance queries are never a proof."""
    prover = _sliced_prover(MUTANT_BY_ID[mutant_id].model(), Config(2, 2))
    r = prover.induction_sliced(PROPERTY_BY_ID[prop_id], 60)
    assert r.status == "inconclusive" and "scheduler_bind_pod" in r.reason, r


def test_type_domain_is_assumed_after_a_step_only_when_no_step_leaves_it() -> None:
    """The type domain (allocatable ≥ 0, clocks ≥ 0, ...) is checked instance by instance before
    induction assumes it of the post-state: a kubelet that registers a negative allocatable leaves it."""
    from nodereg.model.mutants import _replace_event, _without_effect_keys
    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.runner import Prover

    assert Prover(Encoding(MODEL, Config(2, 2))).domain_inductive
    e = MODEL.event("kubelet_register_node")
    negative = _replace_event(
        MODEL,
        "register-negative-allocatable",
        e.id,
        effect=_without_effect_keys(e.effect, {"allocatable": lambda s, i: -1}),
    )
    assert not Prover(Encoding(negative, Config(2, 2))).domain_inductive


def test_sliced_induction_that_runs_out_of_time_says_so() -> None:
    """A per-instance query that times out is not "not inductive": the result says the solver gave
    up (verify then does not spend the box on it again each round), and it is never a proof."""
    import z3

    prover = _sliced_prover(MODEL, Config(2, 2))
    prop = PROPERTY_BY_ID["requested-is-sum-of-bound-requests"]
    real_check = prover._check
    calls = []

    def base_then_unknown(solver, extra, timeout_s):  # the base case answers, the first step query gives up
        calls.append(solver)
        return real_check(solver, extra, timeout_s) if len(calls) == 1 else z3.unknown

    def fresh_gives_up_too(background, extra, timeout_s):  # and so does the fresh solver after it
        calls.append(background)
        return z3.unknown

    prover._check = base_then_unknown  # type: ignore[method-assign]
    prover._check_fresh = fresh_gives_up_too  # type: ignore[method-assign]
    r = prover.induction_sliced(prop, 60)
    assert r.status == "inconclusive" and r.detail.get("gave_up") and "timeout or unknown" in r.reason, r
    assert len(calls) == 3  # base, the incremental step query, the fresh one
    prover._check = real_check  # type: ignore[method-assign]
    del prover._check_fresh
    assert prover.induction_sliced(prop, 60).status == "proved"


@pytest.mark.slow
@pytest.mark.parametrize("size", [2, 3], ids=["2x2", "3x3"])
@pytest.mark.parametrize("mutant_id", sorted(EXPECTED_KILLERS))
def test_sliced_induction_never_proves_what_kills_a_mutant(mutant_id: str, size: int) -> None:
    """Soundness of the per-instance queries against every seeded mutant: the property that kills
    it (a replayed counterexample) is never proved that way, with the lemmas it proves first. At
    3 x 3 a state property is asked of one instance per orbit (nodes and pods 0 and 1 only, once
    the symmetry check proves that exact), so a mutant is also a test of that reduction."""
    from nodereg.verifier.progress import time_properties

    model = MUTANT_BY_ID[mutant_id].model()
    by_id = {p.id: p for p in [*ALL_PROPERTIES, *time_properties(model)]}
    prover = _sliced_prover(model, Config(size, size))
    prop = by_id[EXPECTED_KILLERS[mutant_id]].for_model(model)
    if prop.id == "time-can-pass":  # the row is two properties: one of them must stay unproved
        parts = [p for p in time_properties(model)]
        assert not all(prover.induction_sliced(p, 60).status == "proved" for p in parts)
        return
    assert prover.induction_sliced(prop, 60).status != "proved"
