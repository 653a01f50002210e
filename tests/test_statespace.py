"""``nodereg statespace``: the symbolic (BDD) count agrees with the explicit breadth-first count.

The two engines share nothing but the export: the BDD engine reads the export's Z3 guards and
assignments, the explicit one runs the generated Python step (:func:`~nodereg.model.semantics.compiled`)
with the export's initial choices and clock caps. Equal counts on many models mean the
translation of every term and the fixpoint are right; a seeded difference shows the comparison
can fail.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from nodereg.exports.core import ExportModel, ExportOptions, build
from nodereg.model import declaration as d
from nodereg.model.params import CONSTRAINTS
from nodereg.model.semantics import Model, real_model
from nodereg.verifier.statespace import _BddModel, count_bdd, count_explicit

#: The smallest timing every constraint admits: the explicit search stays short.
MIN_PARAMS = {
    "lease_renew_interval": 1,
    "heartbeat_gap_max": 1,
    "node_status_update_frequency": 1,
    "node_monitor_grace_period": 2,
    "node_startup_grace_period": 2,
    "node_monitor_period": 1,
}
ONE_VALUE = {"capacity": (1,), "reserved": (0,), "request": (1,), "toleration_seconds": (0,)}
MIN_CLI = [
    x
    for k, v in {
        "lease-renew-interval": 1,
        "heartbeat-gap-max": 1,
        "node-status-update-frequency": 1,
        "node-monitor-grace-period": 2,
        "node-startup-grace-period": 2,
        "node-monitor-period": 1,
    }.items()
    for x in ("--param", f"{k}={v}")
]
MIN_CLI += [x for k, v in ONE_VALUE.items() for x in ("--frozen", f"{k}={v[0]}")] + ["--profiles", "ordinary"]


def small(model: Model, nodes: int = 1, pods: int = 1, profiles: tuple[str, ...] = ("ordinary",)) -> ExportModel:
    return build(model, ExportOptions(nodes, pods, MIN_PARAMS, None, ONE_VALUE, profiles))


def sub_model(event_ids: frozenset[str]) -> Model:
    """The declaration with only some of its events (a distinct name: compiled steps are cached by name)."""
    events = tuple(e for e in d.EVENTS if e.id in event_ids)
    return Model("subset:" + ",".join(sorted(event_ids)), events, CONSTRAINTS)


def same_counts(em: ExportModel) -> None:
    sym = count_bdd(em)
    exp = count_explicit(em, time_box_s=None)  # to the end: a verdict that no machine's load decides
    assert exp.complete and sym.complete
    assert (sym.states, sym.transitions, sym.initial_states) == (exp.states, exp.transitions, exp.initial_states)


def test_engines_agree_on_the_whole_model_one_node() -> None:
    """Every event, one node, no pod, minimal timing: 3,144,299 states (ghost clocks and the NoExecute
    window's clock included), by both engines."""
    same_counts(small(real_model(), 1, 0))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.frozensets(st.sampled_from([e.id for e in d.EVENTS]), min_size=1))
def test_engines_agree_on_any_subset_of_the_events(event_ids: frozenset[str]) -> None:
    """Any part of the declaration, one node and one pod: the same states and transitions."""
    em = small(sub_model(event_ids), 1, 1)
    exp = count_explicit(em, time_box_s=None, max_states=60_000)
    assume(exp.complete)  # the explicit engine is the slow one; keep the examples it finishes (by size, not time)
    sym = count_bdd(em)
    assert (sym.states, sym.transitions) == (exp.states, exp.transitions)


def test_engines_agree_with_two_nodes_and_several_profiles() -> None:
    """Two nodes and the frozen choices of two profiles, on the bootstrap and admin events."""
    ids = frozenset(
        {
            "kubelet_request_certificate",
            "csr_approver_approve",
            "kubelet_obtain_certificate",
            "kubelet_register_node",
            "admin_cordon",
            "admin_uncordon",
            "admin_delete_node",
            "scheduler_bind_pod",
        }
    )
    em = small(sub_model(ids), 2, 1, profiles=("ordinary", "daemonset"))
    same_counts(em)
    assert count_bdd(em).initial_states == 2


def test_a_dropped_transition_is_seen() -> None:
    """The comparison can fail: the BDD engine without one of the export's transitions counts fewer."""
    em = small(
        sub_model(
            frozenset(
                {
                    "kubelet_request_certificate",
                    "csr_approver_approve",
                    "kubelet_obtain_certificate",
                    "kubelet_register_node",
                }
            )
        ),
        1,
        0,
    )
    full = count_bdd(em)
    em.transitions = [t for t in em.transitions if t.inst.event.id != "kubelet_obtain_certificate"]
    assert count_bdd(em).states < full.states == count_explicit(em, time_box_s=None).states


def test_counts_above_two_to_the_53_are_exact() -> None:
    """CUDD counts in doubles; above 2**53 the count is recomputed with integers, to the last state."""
    m = _BddModel(small(real_model(), 1, 1))
    everything = m.bdd.true
    assert m.state_bits > 53
    assert m.count(everything) == 2**m.state_bits
    one_state = m.bdd.true
    for v in m.em.variables:
        one_state &= m.value_is(v.ident, v.lo)
    assert m.count(one_state) == 1
    assert m.count(everything & ~one_state) == 2**m.state_bits - 1  # a double would round it to 2**bits


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nodereg", "statespace", *args], capture_output=True, text=True)


def test_cli_json_has_the_counts_and_what_fixes_the_model() -> None:
    r = cli("--nodes", "1", "--pods", "0", *MIN_CLI, "--format", "json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert (doc["states"], doc["transitions"], doc["complete"], doc["engine"]) == (3144299, 86981414, True, "bdd")
    assert doc["timing"]["node-monitor-grace-period"] == 2 and doc["profiles"] == ["ordinary"]
    assert set(doc["clock_caps"]) >= {"since_lease_renew", "since_heartbeat"}


def test_cli_timeout_zero_means_no_time_box() -> None:
    r = cli("--nodes", "1", "--pods", "0", *MIN_CLI, "--timeout", "0", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert (json.loads(r.stdout)["states"], json.loads(r.stdout)["complete"]) == (3144299, True)


def test_cli_timeout_is_a_lower_bound_and_exit_3() -> None:
    r = cli("--nodes", "1", "--pods", "0", "--timeout", "0.5", "--format", "json")
    assert r.returncode == 3, r.stderr
    doc = json.loads(r.stdout)
    assert doc["complete"] is False and doc["states"] >= doc["initial_states"] >= 1


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--param", "grace=3"], "grace"),
        (["--frozen", "capacity"], "--frozen"),
        (["--profiles", "nope"], "nope"),
        (["--mutant", "nope"], "nope"),
        (["--engine", "spin"], "spin"),
        (["--timeout", "-1"], "-1"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(args: list[str], expected: str) -> None:
    r = cli("--nodes", "1", "--pods", "0", *args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert "Traceback" not in r.stderr and expected in r.stderr
    assert len([ln for ln in lines if ln.startswith(("nodereg: error", "Error"))]) == 1
