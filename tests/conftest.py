"""Which tests are slow: ``make test`` runs ``-m "not slow"``, ``make test-long`` (and CI) ``-m slow``.

Why one list here rather than a marker in each module: the split is a property of the suite's
budget (make test <= 5 min wall on a 2-core machine), measured with ``pytest --durations`` and
kept in one place; a module may also mark itself with ``pytestmark = pytest.mark.slow``.
Measured (``pytest --durations=60``, loaded 2-core machine, 2026-12-04): the whole suite took
427 s, of which these ~330 s. Each later addition says when it was measured and how long it took.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

# Speed is measured by benchmarks, never asserted in tests: Hypothesis's per-example deadline (200 ms)
# and its too-slow health check are timed asserts, which a shared 2-core CI machine fails at random
# (tests/test_oracle_stdin.py's first example took 624 ms at load 13). Tests keep their own
# max_examples; only the clock is taken out of the verdict.
settings.register_profile("nodereg", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("nodereg")

#: Whole modules: they install and run SPIN and Quint (root and network), or enumerate state spaces.
SLOW_MODULES = frozenset({"test_exports.py", "test_statespace.py"})

#: Single tests (every parametrisation): (module, test function).
SLOW_TESTS = frozenset(
    {
        ("test_verify.py", "test_mutant_is_killed_by_the_expected_property"),  # 111 s: every mutant
        ("test_verify.py", "test_mutation_score_is_one"),  # the same fixture
        ("test_verify.py", "test_no_mutant_is_killed_by_a_lemma_or_a_verifier_row_alone"),  # the same fixture
        ("test_semantics_agree.py", "test_exhaustive_agreement_on_bounded_state_space"),  # 31 s
        ("test_sweep.py", "test_any_executor_runs_it_dask_included"),  # 19 s: starts a Dask cluster
        ("test_sweep.py", "test_a_sweep_keeps_order_and_gives_each_configuration_its_own_verdict"),  # 10 s
        # measured 2026-12-06 (idle 2-core machine, the suite at 59 properties and 50 mutants: 335 s)
        ("test_catalogue.py", "test_strengthened_property_kills_what_its_old_form_let_survive"),  # 21 s: mutants
        ("test_semantics_agree.py", "test_random_traces_agree_two_nodes_two_pods"),  # 14 s
        ("test_verify.py", "test_bounded_engine_alone_never_proves"),  # 9 s
        ("test_outputs.py", "test_an_inconclusive_row_is_a_junit_error_with_its_reason"),  # 9 s
        # measured 2026-12-06 (idle 2-core machine, 75 properties, 67 mutants, six rounds of captures:
        # the quick suite took 285 s, make test 296 s in all): each has a quicker sibling in make test
        ("test_cli.py", "test_params_accept_go_durations"),  # 10 s: test_params_* rows stay
        ("test_outputs.py", "test_off_a_terminal_the_table_is_never_cut_at_80_columns"),  # 10 s
        ("test_oracle.py", "test_node_deadline_comes_from_the_declaration"),  # 10 s
        ("test_verify.py", "test_explorer_agrees_with_proofs_on_a_small_instance"),  # 8 s
        ("test_diagrams.py", "test_after_a_model_change_only_runs_that_fail_the_replay_are_searched"),  # 8 s
        # measured 2026-12-06 night (76 properties, 69 mutants, nine rounds of captures: make test 296 s idle):
        # the plugin's other tests and test_verify's vacuity rows stay in make test
        ("test_plugin.py", "test_events_given_as_dicts_and_the_k8s_version_option"),  # 5.5 s: a pytest subprocess
        ("test_sweep.py", "test_a_run_with_only_vacuous_properties_is_not_called_violated"),  # 5.7 s
        # measured 2026-12-07 (77 properties, 70 mutants, eleven rounds of captures, the formats round:
        # make test 413 s idle, over its 5 min): each stays in CI's make test-long; a quicker sibling or the
        # same check by other means (ci/typecheck.py runs mypy --strict in make test) stays here
        ("test_api_types.py", "test_mypy_strict_accepts_the_public_api_and_rejects_a_wrong_use"),  # ~20 s
        ("test_api_types.py", "test_tolerates_on_any_json_answers_or_names_the_argument"),  # ~15 s: hypothesis
        ("test_api_types.py", "test_scheduler_filter_on_any_json_answers_or_names_the_argument"),  # ~11 s
        ("test_ci_recipes.py", "test_the_action_verify_step_runs_as_written"),  # ~15 s: a verify subprocess
        ("test_ci_recipes.py", "test_the_gitlab_script_runs_as_written_and_fails_as_verify_does"),  # ~11 s
        ("test_cli.py", "test_inconclusive_exits_3"),  # 15 s: the other exit-code rows stay
        ("test_oracle_shard.py", "test_sharded_equals_unsharded_on_fixtures"),  # ~9 s: the other shard rows stay
        ("test_plugin.py", "test_the_oracle_fixture_steps_events"),  # ~7 s: a pytest subprocess
        ("test_plugin.py", "test_an_empty_or_unreadable_trace_is_never_a_pass"),  # ~7 s
        # and, after a second measurement the same day (make test 348 s idle):
        ("test_symmetry.py", "test_the_query_without_shared_frames_answers_as_the_whole_relations"),  # 10 s
        ("test_symmetry.py", "test_a_node_past_the_first_two_is_covered_by_the_rotation"),  # 5 s
        ("test_cli.py", "test_a_cluster_without_pods_is_checked_and_pod_premises_are_vacuous"),  # 9 s
        ("test_cli.py", "test_verify_json_is_one_object_with_the_documented_fields"),  # 6 s
        ("test_sweep.py", "test_fixed_parameters_reach_the_command_line"),  # 4 s
        # and a margin under the 300 s (make test 299 s idle with the lines above)
        ("test_outputs.py", "test_a_violated_row_says_what_failed_in_one_line_in_json"),  # 4 s: the table twin stays
        ("test_progress.py", "test_blocked_time_is_violated_with_a_replayed_run"),  # 5 s
        ("test_oracle.py", "test_vector_generation_is_deterministic"),  # 3 s
        ("test_symmetry.py", "test_two_renamings_per_scope_whatever_the_size"),  # 3 s
        # measured 2026-12-07 (formats13, load 6.5: 11.7 s of the file's 55 s): round 8's stories run again with
        # their audit twin; their watch verdicts stay in make test (test_upstream_tables8.py, 9)
        ("test_oracle_formats13.py", "test_round8_stories_as_audit_logs"),
        # measured 2026-12-07, idle (80 properties, 74 mutants, round 12's captures and tables: make test 324 s,
        # then 308 s with the formats matrices' plain-watch rows moved): the per-node every-size proof from the
        # CLI (the sum over pods stays), the fallback after a failed symmetry check (the asymmetry past node one
        # stays), the score tables' bindings (their Filter rows stay)
        # 5.8 s; 20.9 s with the premise checked in the run (load 5)
        ("test_parameterized.py", "test_a_per_node_property_is_proved_for_every_size_from_the_cli"),
        # 9.7 s, 21.5 s with the premise checked up to each event's cutoff in the run (load 4.5)
        ("test_parameterized.py", "test_a_sum_over_pods_is_proved_for_every_size_and_says_how"),
        ("test_symmetry.py", "test_a_failed_symmetry_check_makes_verify_check_every_instance"),  # 7.7 s
        ("test_upstream_tables12.py", "test_score_rows_filter"),  # 5.3 s
        # round 15 (kubectl's taint, cordon and drain tables), measured 2026-12-07 at load 13: these two take 7.6 s
        # of CPU (65 s wall), the 182 cases left in make test 9.7 s (85 s wall): the kubectl taint rows' audit logs
        # and drain's other forms and twins; their watch verdicts stay in make test (test_upstream_tables15.py)
        ("test_upstream_tables15.py", "test_kubectl_taint_row_as_audit_log"),
        ("test_upstream_tables15.py", "test_kubectl_drain_row_other_forms"),
    }
)

#: Single parametrisations (pytest's item name): the same verdict with ``--jobs 1`` as with the default,
#: which make test keeps.
SLOW_CASES = frozenset(
    {
        # 2026-12-07 round 14 (make test 290 s pytest beside test-long): the seven longest cases whose ground
        # other make-test cases cover (the hot loop's inline steps, the default version's proofs, the mutants'
        # JSON shape on the schema test, per-orbit induction on the real model, --property alone)
        "test_quick_steps_give_the_slow_paths_report",  # 8.6 s
        "test_mutants_json_and_junit_one_testcase_per_mutant",  # 5.2 s
        "test_fixed_versions_prove_everything_with_witnesses[jobs-default-1.33]",  # 4.4 s
        "test_per_orbit_induction_answers_as_every_instance[eviction-keeps-requested]",  # 3.2 s
        "test_per_orbit_induction_answers_as_every_instance[real, requested]",  # 3.0 s
        "test_every_row_verify_prints_can_be_asked_for[time-can-pass-alone]",  # 2.3 s
        "test_an_asymmetry_past_node_one_is_caught_before_per_orbit_induction",  # 2.0 s
        # 2026-12-07 round 14: the every-size rows' broken models beyond one per argument (2-3 s each at load 4);
        # make test keeps the real model's three rows and one broken model per argument
        # 2026-12-07 round 15 (tests/test_oracle_situations15.py, --durations at load 9: 21 s wall, 5.1 s CPU for the
        # module): the 20-Node zone rows and the piped/gzipped twins (a subprocess each); the 6-Node zone rows and the
        # other 25 rows stay in make test
        "test_situations15_verdicts[zone-threshold-exact-partial]",  # 2.6 s wall at load 9
        "test_situations15_verdicts[zone-threshold-exact-tainted-anyway]",  # 1.3 s
        "test_same_through_a_pipe_and_gzipped[second-scheduler-binds-cordoned-and-tainted]",  # 1.9 s
        "test_same_through_a_pipe_and_gzipped[stale-registration-taint-evicts-new-pod]",  # 1.9 s
        "test_symmetry_for_every_size[cordon only node 0]",
        "test_symmetry_for_every_size[bind reads pod 0]",
        "test_symmetry_for_every_size[cordon writes the first node met]",
        "test_symmetry_for_every_size[cordon writes the next node met]",
        "test_symmetry_for_every_size[cordon only while some other node is cordoned]",
        "test_symmetry_for_every_size[cordon writes a position of the node list]",
        "test_symmetry_for_every_size[cordon spares a named element]",
        "test_the_sum_over_pods_for_every_size[bind unbinds the node's other pods]",
        "test_the_sum_over_pods_for_every_size[node deletion keeps requested]",
        "test_the_sum_over_pods_for_every_size[cordon adds to requested without a bind]",
        "test_time_can_pass_for_every_size[taint pass re-arms the monitor]",
        "test_time_can_pass_for_every_size[monitor keeps its clock]",
        "test_time_can_pass_for_every_size[noschedule pass never synced]",
        "test_k8s_1_31_shows_the_121793_counterexample[jobs-1]",  # 15 s
        "test_fixed_versions_prove_everything_with_witnesses[jobs-1-1.32]",  # 6 s
        "test_fixed_versions_prove_everything_with_witnesses[jobs-1-1.33]",  # 6 s
        # measured 2026-12-07 (make test 413 s idle): 1.31's counterexample and 1.32 move with their --jobs 1
        # twins; 1.33 with the default jobs stays, and so does the plain form's comparison on two seeds
        "test_k8s_1_31_shows_the_121793_counterexample[jobs-default]",  # 16.5 s
        "test_fixed_versions_prove_everything_with_witnesses[jobs-default-1.32]",  # 6 s
        "test_generated_rewrites_compute_what_the_plain_form_does[0]",  # 7 s
        "test_generated_rewrites_compute_what_the_plain_form_does[1]",  # 12 s
        "test_generated_rewrites_compute_what_the_plain_form_does[2]",  # 9 s (2026-12-07: all three in test-long)
        # 10 s: the explorer's last mutant in make test
        "test_explorer_finds_what_the_engines_find[no-admission-not-ready-taint-registration-is-not-eligibility]",
        "test_situations6_verdicts[large-zone-partial-disruption]",  # 4.6 s: 60 Nodes
        "test_situations6_verdicts[large-zone-partial-disruption-stopped]",  # 3.6 s
        # measured 2026-12-06 evening (76 properties, 68 mutants, eight rounds of captures: make test
        # 313 s, then 294 s): three of the explorer's four mutants (one stays in make test)
        "test_explorer_finds_what_the_engines_find[register-without-certificate-no-registration-without-credentials]",
        "test_explorer_finds_what_the_engines_find[scheduler-ignores-noexecute-no-schedule-with-untolerated-taint]",
        "test_explorer_finds_what_the_engines_find[controller-clears-not-ready-early-synced-taints-match-conditions]",
        # the per-orbit induction rows that first prove every lemma (about 8 s each; the rows on the
        # scheduler's accounting, which needs none, stay in make test)
        "test_per_orbit_induction_answers_as_every_instance[real, fit]",
        "test_per_orbit_induction_answers_as_every_instance[fit-ignores-requested]",
        # round 13: two BMC searches (one node, then two) on a mutant; 8 s of CPU, 39 s on a loaded machine
        "test_a_one_node_run_that_is_no_violation_on_two_nodes_leaves_the_verdict_to_the_two_node_search",
    }
)


def is_slow(module: str, function: str) -> bool:
    """Whether a test belongs to ``make test-long``."""
    return module in SLOW_MODULES or (module, function) in SLOW_TESTS


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        function = getattr(item, "originalname", None) or item.name
        if is_slow(item.path.name, function) or item.name in SLOW_CASES:
            item.add_marker(pytest.mark.slow)
