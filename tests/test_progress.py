"""Time can always pass: the deadlock check of timed automata, proved on the real model, violated where
an urgent action stays overdue, and never a lemma-only or vacuous pass."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import pytest

from nodereg.model.mutants import MUTANT_BY_ID, _replace_event, _without_effect_keys
from nodereg.model.semantics import Config, Model, real_model
from nodereg.verifier.progress import TIME_ID, _find_cycle, _topological
from nodereg.verifier.runner import verify

MODEL = real_model()


def _monitor_keeps_its_clock(m: Model) -> Model:
    """monitorNodeHealth runs but its pass is never recorded: it stays overdue for ever."""
    e = m.event("nlc_monitor_node_health")
    eff = _without_effect_keys(e.effect, {"since_monitor": lambda s, i: s.node(i.node).since_monitor})
    return _replace_event(m, "monitor-keeps-its-clock", e.id, effect=eff)


def _overdue_monitor_disabled(m: Model) -> Model:
    """monitorNodeHealth may run only after its period but must run by then: overdue, yet never enabled."""
    e = m.event("nlc_monitor_node_health")
    timer = dataclasses.replace(e.timer, earliest=lambda s, i: s.params.node_monitor_period + 1)
    return _replace_event(m, "monitor-earliest-after-latest", e.id, timer=timer)


def _eviction_never_clears(m: Model) -> Model:
    """The taint-eviction controller 'evicts' without unbinding the pod."""
    e = m.event("taint_eviction_evict_pod")
    return _replace_event(m, "eviction-keeps-pod", e.id, effect=lambda s, i: s.update())


@pytest.fixture(scope="module")
def real_row() -> Any:
    [row] = [v for v in verify(MODEL, Config(2, 2), jobs=1) if v.id == TIME_ID]
    return row


def test_time_can_pass_on_the_real_model(real_row: Any) -> None:
    assert real_row.status == "proved", real_row.reason
    assert real_row.engine == "k-induction" and real_row.bound is None and not real_row.lemma
    assert real_row.detail["witness_depth"], "a state where an urgent action is overdue must be reached"
    rearm = real_row.detail["rearm"]
    assert "nlc_sync_noschedule_taints" in rearm["nlc_monitor_node_health"]  # expiry re-arms the taint pass
    assert "taint_eviction_evict_pod" in rearm["nlc_sync_noexecute_taints"]  # a NoExecute taint arms eviction
    assert isinstance(real_row.detail["cascade_bound"], int) and real_row.detail["cascade_bound"] > 0


# (variant, configuration): each blocks time in a reachable state; the row must say violated with a run
BLOCKING = [
    ("noschedule pass never synced", MUTANT_BY_ID["noschedule-pass-never-marks-synced"].model(), Config(1, 1)),
    ("monitor keeps its clock", _monitor_keeps_its_clock(MODEL), Config(1, 1)),
    ("overdue monitor disabled", _overdue_monitor_disabled(MODEL), Config(1, 1)),
    ("eviction keeps the pod", _eviction_never_clears(MODEL), Config(1, 1)),
]


@pytest.mark.parametrize("name,model,cfg", BLOCKING, ids=[b[0] for b in BLOCKING])
def test_blocked_time_is_violated_with_a_replayed_run(name: str, model: Model, cfg: Config) -> None:
    [row] = [v for v in verify(model, cfg, check_witnesses=False, unbounded=False) if v.id == TIME_ID]
    assert row.status == "violated", row.reason
    assert row.counterexample and row.replayed and not row.lemma


@pytest.mark.parametrize(
    "edges,cycle",
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, False),
        ({"a": {"b"}, "b": {"a"}}, True),
        ({"a": {"a"}}, True),
        ({"a": set(), "b": set()}, False),
        ({"a": {"b", "c"}, "b": {"c"}, "c": {"b"}}, True),
    ],
)
def test_rearm_cycles_are_found(edges: dict[str, set[str]], cycle: bool) -> None:
    found = _find_cycle(edges)
    assert (found is not None) == cycle
    if found:
        assert found[0] == found[-1] and all(b in edges[a] for a, b in itertools.pairwise(found))
    else:
        order = _topological(edges)
        assert sorted(order) == sorted(edges)
        assert all(order.index(a) < order.index(b) for a in edges for b in edges[a])


def test_per_instance_induction_never_proves_blocked_time() -> None:
    """The per-instance queries build the time-can-pass formula on each instance's post-state: a
    memo keyed by the timing parameters alone once handed them the pre-state's formula, so every
    query was trivially unsat, and an overdue monitor that may not run was "proved" able to let
    time pass (from 25 node-pod pairs on, where verify takes that path)."""
    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.progress import time_properties
    from nodereg.verifier.runner import Prover

    model = _overdue_monitor_disabled(MODEL)
    [time_prop] = [p for p in time_properties(model) if p.id == TIME_ID]
    prover = Prover(Encoding(model, Config(2, 2)))
    assert prover.induction_sliced(time_prop, 60).status != "proved"
    assert prover.induction(time_prop, 60).status != "proved"  # the whole query agrees


@pytest.mark.parametrize(
    "model", [MODEL, MUTANT_BY_ID["kubelet-patches-other-node"].model()], ids=["real", "kubelet-patches-other-node"]
)
def test_the_rearm_graph_per_instance_is_the_whole_querys(model: Model) -> None:
    """Large clusters ask the re-arming graph one urgent instance at a time; on 2 x 2 it has the
    edges the query over the whole relation finds (it may only add edges, never lose one)."""
    from nodereg.properties.catalogue import ALL_PROPERTIES
    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.progress import rearm_graph
    from nodereg.verifier.runner import Prover

    prover = Prover(Encoding(model, Config(2, 2)))
    for p in ALL_PROPERTIES:
        if p.lemma and p.kind == "state" and prover.induction_sliced(p, 60).status == "proved":
            prover.add_lemma(p)
    whole = rearm_graph(prover, model, 60)
    sliced = rearm_graph(prover, model, 60, per_instance=True)
    assert not whole.unknown and not sliced.unknown
    assert sliced.edges == whole.edges and sliced.bound == whole.bound and sliced.cycle == whole.cycle
    assert any(whole.edges.values())
