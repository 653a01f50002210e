"""The parameterized encoding is the declaration's: at a fixed size it is the fixed-size relation.

Issue 14, point 3. The ``Node`` and ``Pod`` sorts are closed over named constants (``node0 …``,
``pod0 …`` and the "no node" element); the pre-states of the two encodings are identified; then,
for every event instance, "the fixed-size instance fires from s to t" and "the parameterized event
fires for that node and pod from s to t" must be equivalent (one Z3 query each, ``unsat`` of the
difference: :func:`nodereg.verifier.premise.agrees_at`). Why the sizes up to each event's cutoff
decide every size, and the broken encodings it catches: ``tests/test_premise.py``. The mutants'
part checks the engine never proves for every size what a fixed-size engine refutes.
"""

from __future__ import annotations

import json

import pytest
import z3

from nodereg.model.semantics import Config, instances, real_model
from nodereg.properties.catalogue import ALL_PROPERTIES
from nodereg.schema import validate
from nodereg.verifier.encoding import Encoding
from nodereg.verifier.parameterized import ParamEncoding, _state_get, no_node_is_blank, prove_all_sizes
from nodereg.verifier.premise import agrees_at, closed_sorts, same_state

#: The sizes compared instance by instance; each event's cutoff (:mod:`nodereg.verifier.premise`)
#: is at most 3 × 2 for the declaration, so up to 3 × 3 covers it with room. Measured 2026-12-07,
#: load 4 on 2 cores: 1 × 1 1.5 s, 2 × 1 3.3 s, 1 × 2 2.3 s, 2 × 2 6.1 s, 3 × 1 6.6 s, 3 × 2 6.7 s,
#: 2 × 3 5.4 s, 3 × 3 7.6 s.
SIZES = [
    pytest.param(Config(1, 1), id="1x1"),
    pytest.param(Config(2, 1), id="2x1"),
    pytest.param(Config(1, 2), id="1x2"),
    pytest.param(Config(2, 2), id="2x2", marks=pytest.mark.slow),
    pytest.param(Config(3, 1), id="3x1", marks=pytest.mark.slow),
    pytest.param(Config(2, 3), id="2x3", marks=pytest.mark.slow),
    pytest.param(Config(3, 2), id="3x2", marks=pytest.mark.slow),
    pytest.param(Config(3, 3), id="3x3", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("cfg", SIZES)
def test_parameterized_relation_is_the_fixed_size_relation(cfg: Config) -> None:
    """Every instance of every event, at this size: the two relations are equivalent (Z3 unsat)."""
    model = real_model()
    a = agrees_at(model, cfg)
    assert a.status == "agree", a.reason
    assert a.queries == len(instances(model, cfg))


@pytest.mark.slow
def test_every_size_proves_what_the_issue_names() -> None:
    """Every property is proved for every size, the sum over pods by induction on the steps."""
    res = prove_all_sizes(real_model(), list(ALL_PROPERTIES), timeout_s=30)
    not_proved = {k: (v.status, v.reason) for k, v in res.items() if v.status != "proved"}
    assert not_proved == {}
    assert "summand" in res["requested-is-sum-of-bound-requests"].reason
    assert res["bound-requests-fit-allocatable"].status == "proved"


def _cli(*args: str) -> tuple[int, dict]:
    from click.testing import CliRunner

    from nodereg.cli import main

    res = CliRunner().invoke(main, ["verify", "--format", "json", "--jobs", "1", *args])
    return res.exit_code, (json.loads(res.output) if res.output.startswith("{") else {"output": res.output})


def test_a_per_node_property_is_proved_for_every_size_from_the_cli() -> None:
    code, doc = _cli("--nodes", "any", "--pods", "any", "--property", "bound-requests-fit-allocatable")
    assert code == 0, doc
    [row] = [p for p in doc["properties"] if p["id"] == "bound-requests-fit-allocatable"]
    assert (row["status"], row["engine"], row["bound"]) == ("proved", "parameterized", "∀N,M")
    assert (doc["config"]["nodes"], doc["config"]["pods"]) == ("any", "any")
    validate("verify", doc)  # what `nodereg schema verify` promises CI (every-size reports failed it)


def test_a_sum_over_pods_is_proved_for_every_size_and_says_how() -> None:
    code, doc = _cli("--parameterized", "--property", "requested-is-sum-of-bound-requests")
    assert code == 0, doc
    [row] = [p for p in doc["properties"] if p["id"] == "requested-is-sum-of-bound-requests"]
    assert (row["status"], row["engine"], row["bound"]) == ("proved", "parameterized", "∀N,M")
    assert "summand" in row["reason"] and "∀-invariants" in row["reason"]
    validate("verify", doc)


@pytest.mark.parametrize(
    "args",
    [("--nodes", "any"), ("--pods", "any", "--nodes", "3"), ("--nodes", "any", "--pods", "any", "--engine", "bmc")],
)
def test_every_size_flags_are_used_together(args: tuple[str, ...]) -> None:
    code, doc = _cli(*args)
    assert code == 2, doc


@pytest.mark.slow
def test_a_mutant_is_refuted_with_a_concrete_trace_not_proved_for_every_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """#72129 in every-size mode: violated with a replayed counterexample of its size, never ∀N,M."""
    import nodereg.model.semantics as sem
    from nodereg.model.mutants import MUTANT_BY_ID

    monkeypatch.setattr(sem, "real_model", MUTANT_BY_ID["no-admission-not-ready-taint"].model)
    code, doc = _cli("--nodes", "any", "--pods", "any", "--property", "registration-is-not-eligibility")
    assert code == 1, doc
    [row] = [p for p in doc["properties"] if p["id"] == "registration-is-not-eligibility"]
    assert row["status"] == "violated" and row["replayed"] and row["counterexample"]
    assert row["bound"] != "∀N,M"
    validate("verify", doc)


def test_the_relation_check_can_fail() -> None:
    """A post-state that forgets the acting node's write differs from the fixed-size relation."""
    model = real_model()
    cfg = Config(1, 1)
    fixed = Encoding(model, cfg, symmetry=False)
    penc = ParamEncoding(model)
    nodes, pods, axioms = closed_sorts(cfg)
    s, t, st = fixed.state("A"), fixed.state("B"), fixed.step_vars("A")
    k = next(i for i, inst in enumerate(fixed.instances) if inst.event.id == "admin_cordon")
    rel = penc.step(fixed.instances[k].event, penc.pre)
    stale = same_state(fixed, t, penc, _state_get(penc, penc.pre), nodes, pods)  # nothing written
    solver = z3.Solver()
    solver.add(
        *axioms,
        no_node_is_blank(penc.pre),
        penc.size.nodes == 1,
        *same_state(fixed, s, penc, _state_get(penc, penc.pre), nodes, pods),
        z3.Not(fixed.trans_instance(k, s, t, st) == z3.substitute(z3.And(rel.guard, *stale), (rel.n0, nodes[0]))),
    )
    assert solver.check() == z3.sat
