"""Symmetry is checked, not assumed: asymmetric declarations are caught, and then every instance is checked.

Each row of the tables can fail: a declaration the check calls symmetric but that treats some
node or pod differently (or the other way round) breaks it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
import z3
from lemma_rounds import add_proved_lemmas

from nodereg.model.logic import And
from nodereg.model.mutants import MUTANT_BY_ID
from nodereg.model.semantics import Config, Model, real_model
from nodereg.properties.catalogue import ALL_PROPERTIES, PROPERTY_BY_ID
from nodereg.verifier.encoding import Encoding
from nodereg.verifier.runner import Prover, verify
from nodereg.verifier.symmetry import (
    _core,
    _differs,
    _renamed_instances,
    _renamed_state,
    check_symmetry,
    generators,
)

MODEL = real_model()


def _replace(m: Model, name: str, event_id: str, **changes: Any) -> Model:
    events = tuple(dataclasses.replace(e, **changes) if e.id == event_id else e for e in m.events)
    return dataclasses.replace(m, name=name, events=events)


def _bind_reads_pod_zero(m: Model) -> Model:
    """The scheduler checks pod 0's request for whichever pod it binds (a pod index bug)."""
    e = m.event("scheduler_bind_pod")

    def guard(s: Any, i: Any) -> Any:
        return And(e.guard(s, i), s.pod(0).request <= s.node(i.node).allocatable)

    return _replace(m, "bind-reads-pod-zero", e.id, guard=guard)


def _cordon_only_node_zero(m: Model) -> Model:
    """kubectl cordon works on node 0 only (an index-dependent guard)."""
    e = m.event("admin_cordon")

    def guard(s: Any, i: Any) -> Any:
        return And(e.guard(s, i), i.node == 0)

    return _replace(m, "cordon-only-node-zero", e.id, guard=guard)


def _cordon_writes_node_zero(m: Model) -> Model:
    """kubectl cordon on any node sets node 0's spec.unschedulable (an index-dependent write): the
    guards agree, only what is written and what is left unchanged differ."""
    e = m.event("admin_cordon")

    def eff(s: Any, i: Any) -> Any:
        return s.update().node(0, unschedulable=True, taints_synced=False)

    return _replace(m, "cordon-writes-node-zero", e.id, effect=eff)


def _cordon_also_writes_node_zero(m: Model) -> Model:
    """kubectl cordon on any node also sets node 0's spec.unschedulable: node 0's own cordon writes
    one variable, another node's writes two."""
    e = m.event("admin_cordon")

    def eff(s: Any, i: Any) -> Any:
        return e.effect(s, i).node(0, unschedulable=True)

    return _replace(m, "cordon-also-writes-node-zero", e.id, effect=eff)


def _cordon_rewrites_node_zero_unchanged(m: Model) -> Model:
    """kubectl cordon on any node also writes node 0's custom taint back unchanged: a no-op write,
    so the relation is still symmetric, although the instances write different variables."""
    e = m.event("admin_cordon")

    def eff(s: Any, i: Any) -> Any:
        return e.effect(s, i).node(0, taint_custom=s.node(0).taint_custom)

    return _replace(m, "cordon-rewrites-node-zero-unchanged", e.id, effect=eff)


# (model, configuration, expected status, offending event or None)
CASES = [
    ("real 2x2", MODEL, Config(2, 2), "proved", None),
    ("real 3x2", MODEL, Config(3, 2), "proved", None),
    ("real 2x3", MODEL, Config(2, 3), "proved", None),
    ("real 3x3 (two swaps each)", MODEL, Config(3, 3), "proved", None),
    ("real 1x1 (nothing to rename)", MODEL, Config(1, 1), "proved", None),
    (
        "register reads node 0",
        MUTANT_BY_ID["register-reads-first-node-capacity"].model(),
        Config(2, 2),
        "violated",
        "kubelet_register_node",
    ),
    ("bind reads pod 0", _bind_reads_pod_zero(MODEL), Config(2, 2), "violated", "scheduler_bind_pod"),
    ("bind reads pod 0, one pod", _bind_reads_pod_zero(MODEL), Config(2, 1), "proved", None),
    ("cordon only node 0", _cordon_only_node_zero(MODEL), Config(2, 1), "violated", "admin_cordon"),
    # the query leaves out the frame both sides share: what one side writes and the other frames stays
    ("cordon writes node 0", _cordon_writes_node_zero(MODEL), Config(2, 1), "violated", "admin_cordon"),
    ("cordon also writes node 0", _cordon_also_writes_node_zero(MODEL), Config(2, 1), "violated", "admin_cordon"),
    ("cordon rewrites node 0 unchanged", _cordon_rewrites_node_zero_unchanged(MODEL), Config(3, 1), "proved", None),
    # (n + 1) mod 2 is a transposition of two nodes, so the relation stays symmetric; with three nodes
    # (n + 1) mod 3 is a rotation, and swapping nodes 0 and 1 does not commute with it
    (
        "status to the next node, 2 nodes",
        MUTANT_BY_ID["kubelet-patches-other-node"].model(),
        Config(2, 1),
        "proved",
        None,
    ),
    (
        "status to the next node, 3 nodes",
        MUTANT_BY_ID["kubelet-patches-other-node"].model(),
        Config(3, 1),
        "violated",
        "kubelet_post_status",
    ),
]


@pytest.mark.parametrize("name,model,cfg,status,event", CASES, ids=[c[0] for c in CASES])
def test_symmetry_check(name: str, model: Model, cfg: Config, status: str, event: str | None) -> None:
    r = check_symmetry(Encoding(model, cfg))
    assert r.status == status, r.reason
    if event is not None:
        assert r.offending is not None and r.offending.startswith(event + "("), r.offending
        assert event in r.reason


@pytest.mark.parametrize("nodes,odd_one", [(3, 2), (4, 3), (5, 2)])
def test_a_node_past_the_first_two_is_covered_by_the_rotation(nodes: int, odd_one: int) -> None:
    """Nodes 0 ↔ 1 alone do not generate the renamings of three or more nodes: a bug on a later node
    is caught by the rotation i → i + 1 mod n, the other generator."""

    def cordon_not_odd_one(m: Model) -> Model:
        e = m.event("admin_cordon")
        return _replace(m, "cordon-not-odd-one", e.id, guard=lambda s, i: And(e.guard(s, i), i.node != odd_one))

    r = check_symmetry(Encoding(cordon_not_odd_one(MODEL), Config(nodes, 1)))
    assert r.status == "violated" and r.offending is not None and r.offending.startswith("admin_cordon(")
    assert "rotating the nodes" in r.reason


#: the rows whose instances write different variables than their images, and a rotation
WRITE_CASES = [
    c[:3]
    for c in CASES
    if c[0]
    in (
        "cordon writes node 0",
        "cordon also writes node 0",
        "cordon rewrites node 0 unchanged",
        "status to the next node, 3 nodes",
    )
]


@pytest.mark.parametrize("name,model,cfg", WRITE_CASES, ids=[c[0] for c in WRITE_CASES])
def test_the_query_without_shared_frames_answers_as_the_whole_relations(name: str, model: Model, cfg: Config) -> None:
    """Each instance's query leaves out the frame equalities it shares with its image; for every
    instance and renaming it is satisfiable exactly when the Xor of the two whole relations is."""
    enc = Encoding(model, cfg)
    enc.template()
    ts, tt = enc.state("T0"), enc.state("T1")
    for pi in generators(enc):
        ps, pt = _renamed_state(enc, ts, pi), _renamed_state(enc, tt, pi)
        pairs = [(ts[x], ps[x]) for x in enc.keys] + [(tt[x], pt[x]) for x in enc.keys]
        for k, j in enumerate(_renamed_instances(enc, pi)):
            whole = z3.Xor(enc.instance_relations[k], z3.substitute(enc.instance_relations[j], *pairs))
            small = _differs(enc, pi, k, j, _core(enc, k), z3.substitute(_core(enc, j), *pairs), ts, tt)
            answers = []
            for q in (whole, small):
                solver = z3.Solver()
                solver.add(q)
                answers.append(solver.check())
            assert answers[0] == answers[1] != z3.unknown, (pi.text(), enc.instances[k].label, answers)


def test_two_renamings_per_scope_whatever_the_size() -> None:
    """A swap and a rotation per scope on 4 × 4 (the adjacent swaps would be six renamings), each
    asked of every event instance."""
    enc = Encoding(MODEL, Config(4, 4))
    r = check_symmetry(enc)
    assert r.status == "proved" and r.queries == 4 * len(enc.instances), r
    for scope in ("node", "pod"):
        assert f"swapping {scope} 0 and {scope} 1" in r.reason
        assert f"rotating the {scope}s (0 → 1 → 2 → 3 → 0)" in r.reason


def test_the_reduction_alone_would_prove_the_asymmetric_bug() -> None:
    """Why the check matters: on node 0 alone the asymmetric mutant's property is inductive (proved)."""
    mu = MUTANT_BY_ID["register-reads-first-node-capacity"].model()
    prop = PROPERTY_BY_ID["allocatable-within-capacity"]
    reduced = Prover(Encoding(mu, Config(2, 2), symmetry=True))
    assert reduced.induction(prop, 30).status == "proved"
    every = Prover(Encoding(mu, Config(2, 2), symmetry=False))
    assert every.induction(prop, 30).status != "proved"


def test_a_failed_symmetry_check_makes_verify_check_every_instance() -> None:
    mu = MUTANT_BY_ID["register-reads-first-node-capacity"].model()
    verdicts = {v.id: v for v in verify(mu, Config(2, 2), check_witnesses=False, unbounded=False)}
    assert verdicts["symmetry"].status == "violated"
    assert verdicts["symmetry"].counterexample is None  # a row about the relation, never a kill by itself
    v = verdicts["allocatable-within-capacity"]
    assert v.status == "violated" and v.replayed and not v.lemma
    assert v.detail["symmetry_reduction"] is False
    last = v.counterexample[-1]
    assert last["event"] == "kubelet_register_node" and last["node"] == 1  # the node that is not node 0
    st = last["state"]
    # the strengthened property (allocatable = max(capacity - reserved, 0)) fails on node 1; which
    # side of it the counterexample lands on is Z3's choice of capacities, so either is accepted
    assert st["allocatable[1]"] != max(st["capacity[1]"] - st["reserved[1]"], 0)


def test_real_model_keeps_the_reduction() -> None:
    prop = PROPERTY_BY_ID["allocatable-within-capacity"]
    [v] = verify(MODEL, Config(2, 2), [prop], check_witnesses=False)
    assert v.status == "proved" and v.detail["symmetry_reduction"] is True


def _bind_forgets_requested_on_node_two(m: Model) -> Model:
    """The scheduler adds the pod's request to NodeInfo.Requested except on node 2: a bug no
    instance of node 0 or node 1 shows, which only the symmetry check keeps from being proved."""
    e = m.event("scheduler_bind_pod")

    def eff(s: Any, i: Any) -> Any:
        from nodereg.model.logic import If

        n = s.node(i.node)
        return e.effect(s, i).node(i.node, requested=If(i.node == 2, n.requested, n.requested + s.pod(i.pod).request))

    return _replace(m, "bind-forgets-requested-on-node-two", e.id, effect=eff)


def test_one_instance_stands_for_each_orbit_of_the_renamings_fixing_node_and_pod_zero() -> None:
    """Every instance is mapped by a renaming that fixes node 0 and pod 0 (every other node to
    node 1, every other pod to pod 1) onto an instance that represents its orbit; those are the
    instances of node 0 or 1 and pod 0 or 1, whatever the size, and without symmetry every instance."""
    enc = Encoding(MODEL, Config(4, 3))
    labels = {i.label for i in enc.instances}
    kept = {i.label for i in enc.instances if enc.represents_its_orbit(i)}
    for inst in enc.instances:
        image = dataclasses.replace(
            inst,
            node=None if inst.node is None else min(inst.node, 1),
            pod=None if inst.pod is None else min(inst.pod, 1),
        )
        assert image.label in kept, inst.label
        assert (inst.label in kept) == (image == inst), inst.label
    assert len(kept) < len(labels) / 2
    every = Encoding(MODEL, Config(4, 3), symmetry=False)
    assert all(every.represents_its_orbit(i) for i in every.instances)


# (model, property, after the lemmas?, proved?) at three nodes and three pods: per-orbit queries
# answer as every instance (the fit rests on lemmas, which the accounting does not need)
ORBIT_ROWS = [
    ("real, requested", MODEL, "requested-is-sum-of-bound-requests", False, True),
    ("real, fit", MODEL, "bound-requests-fit-allocatable", True, True),
    (
        "eviction-keeps-requested",
        MUTANT_BY_ID["eviction-keeps-requested"].model(),
        "requested-is-sum-of-bound-requests",
        False,
        False,
    ),
    (
        "fit-ignores-requested",
        MUTANT_BY_ID["fit-ignores-requested"].model(),
        "bound-requests-fit-allocatable",
        True,
        False,
    ),
]


@pytest.mark.parametrize("name,model,prop_id,after_lemmas,proved", ORBIT_ROWS, ids=[r[0] for r in ORBIT_ROWS])
def test_per_orbit_induction_answers_as_every_instance(
    name: str, model: Model, prop_id: str, after_lemmas: bool, proved: bool, monkeypatch: Any
) -> None:
    """Instance-by-instance induction on one instance per orbit proves what asking every instance
    proves, and refuses what it refuses, with fewer queries."""
    cfg = Config(3, 3)
    enc = Encoding(model, cfg)
    assert check_symmetry(enc, 60).status == "proved"
    prop = PROPERTY_BY_ID[prop_id]

    def ask(enc: Encoding) -> Any:
        """The property after every lemma these queries prove (as verify's rounds add them)."""
        prover = Prover(enc)
        if after_lemmas:
            add_proved_lemmas(prover, [p for p in ALL_PROPERTIES if p.lemma and p.kind == "state" and p is not prop])
        return prover.induction_sliced(prop, 60)

    reduced = ask(enc)
    monkeypatch.setattr(Encoding, "represents_its_orbit", lambda self, inst: True)
    every = ask(Encoding(model, cfg))
    assert (reduced.status == "proved") == (every.status == "proved") == proved, (reduced, every)
    if proved:
        assert 0 < reduced.detail["sliced"] < every.detail["sliced"], (reduced.detail, every.detail)


def test_an_asymmetry_past_node_one_is_caught_before_per_orbit_induction() -> None:
    """Node 2 is never asked under the reduction, so a bug on node 2 alone would be proved there;
    the symmetry check finds the bug first, and verify then asks every instance and replays it."""
    mu = _bind_forgets_requested_on_node_two(MODEL)
    prop = PROPERTY_BY_ID["requested-is-sum-of-bound-requests"]
    cfg = Config(3, 1)
    assert Prover(Encoding(mu, cfg, symmetry=True)).induction_sliced(prop, 60).status == "proved"
    assert check_symmetry(Encoding(mu, cfg), 60).status == "violated"
    assert Prover(Encoding(mu, cfg, symmetry=False)).induction_sliced(prop, 60).status != "proved"
