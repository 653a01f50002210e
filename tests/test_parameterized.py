"""The parameterized encoding is the declaration's: at a fixed size it is the fixed-size relation.

Issue 14, point 3. The ``Node`` and ``Pod`` sorts are closed over named constants (``node0 …``,
``pod0 …`` and the "no node" element); the pre-states of the two encodings are identified; then,
for every event instance, "the fixed-size instance fires from s to t" and "the parameterized event
fires for that node and pod from s to t" must be equivalent (one Z3 query each, ``unsat`` of the
difference). The mutants' part checks the engine never proves for every size what a fixed-size
engine refutes.
"""

from __future__ import annotations

import json

import pytest
import z3

from nodereg.model import declaration as d
from nodereg.model.semantics import Config, real_model
from nodereg.properties.catalogue import ALL_PROPERTIES
from nodereg.verifier.encoding import Encoding
from nodereg.verifier.parameterized import (
    NO_NODE,
    NODE,
    POD,
    ParamEncoding,
    _state_get,
    no_node_is_blank,
    prove_all_sizes,
)


def _closed_sorts(cfg: Config) -> tuple[list[z3.ExprRef], list[z3.ExprRef], list[z3.BoolRef]]:
    nodes = [z3.Const(f"node{i}", NODE) for i in range(cfg.nodes)]
    pods = [z3.Const(f"pod{j}", POD) for j in range(cfg.pods)]
    x, y = z3.Const("x!closed", NODE), z3.Const("y!closed", POD)
    axioms = [z3.Distinct(NO_NODE, *nodes), z3.ForAll([x], z3.Or(x == NO_NODE, *[x == c for c in nodes]))]
    if len(pods) > 1:
        axioms.append(z3.Distinct(*pods))
    axioms.append(z3.ForAll([y], z3.Or(*[y == c for c in pods])))
    return nodes, pods, axioms


def _same_state(fixed: Encoding, s: dict, penc: ParamEncoding, get, nodes: list, pods: list) -> list[z3.BoolRef]:
    """The fixed-size state ``s`` is the parameterized state read by ``get`` at the named elements."""
    out = []
    for k in fixed.keys:
        scope, var, i = k
        if scope == "param":
            out.append(s[k] == penc.params[var])
            continue
        term = (pods if scope == "pod" else nodes)[i]
        val = get((scope, var, term))
        if var == "bound_to":
            val = z3.ExprRef(val.as_ast(), val.ctx)
            out.append(
                z3.And(
                    s[k] >= d.UNBOUND,
                    s[k] < fixed.cfg.nodes,
                    z3.Implies(s[k] == d.UNBOUND, val == NO_NODE),
                    *[z3.Implies(s[k] == n, val == nodes[n]) for n in range(fixed.cfg.nodes)],
                )
            )
        else:
            out.append(s[k] == val)
    return out


@pytest.mark.parametrize(
    "cfg", [Config(1, 1), Config(2, 1), pytest.param(Config(2, 2), marks=pytest.mark.slow)], ids=str
)
def test_parameterized_relation_is_the_fixed_size_relation(cfg: Config) -> None:
    model = real_model()
    fixed = Encoding(model, cfg, symmetry=False)
    penc = ParamEncoding(model)
    nodes, pods, axioms = _closed_sorts(cfg)
    s, t, st = fixed.state("A"), fixed.state("B"), fixed.step_vars("A")
    pre_get = _state_get(penc, penc.pre)
    # on states where "no node" is blank: the engine proves that invariant before anything else
    base = [
        *axioms,
        no_node_is_blank(penc.pre),
        penc.size.nodes == cfg.nodes,
        penc.size.pods == cfg.pods,
        *_same_state(fixed, s, penc, pre_get, nodes, pods),
    ]
    rels = {e.id: penc.step(e, penc.pre) for e in model.events}
    checked = 0
    for k, inst in enumerate(fixed.instances):
        rel = rels[inst.event.id]
        subst = [(rel.args[a.name], st.args[(inst.event.id, a.name)]) for a in inst.event.args]
        if rel.n0 is not None:
            subst.append((rel.n0, nodes[inst.node]))
        if rel.p0 is not None:
            subst.append((rel.p0, pods[inst.pod]))
        param = z3.And(rel.guard, *_same_state(fixed, t, penc, rel.post.get, nodes, pods))
        param = z3.substitute(param, *subst) if subst else param
        solver = z3.Solver()
        solver.set("timeout", 120_000)
        solver.add(*base, z3.Not(fixed.trans_instance(k, s, t, st) == param))
        r = solver.check()
        assert r == z3.unsat, f"{inst.label}: the encodings differ ({r}): {solver.model() if r == z3.sat else ''}"
        checked += 1
    assert checked == len(fixed.instances)


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


def test_a_sum_over_pods_is_proved_for_every_size_and_says_how() -> None:
    code, doc = _cli("--parameterized", "--property", "requested-is-sum-of-bound-requests")
    assert code == 0, doc
    [row] = [p for p in doc["properties"] if p["id"] == "requested-is-sum-of-bound-requests"]
    assert (row["status"], row["engine"], row["bound"]) == ("proved", "parameterized", "∀N,M")
    assert "summand" in row["reason"] and "∀-invariants" in row["reason"]


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


def test_the_relation_check_can_fail() -> None:
    """A post-state that forgets the acting node's write differs from the fixed-size relation."""
    model = real_model()
    cfg = Config(1, 1)
    fixed = Encoding(model, cfg, symmetry=False)
    penc = ParamEncoding(model)
    nodes, pods, axioms = _closed_sorts(cfg)
    s, t, st = fixed.state("A"), fixed.state("B"), fixed.step_vars("A")
    k = next(i for i, inst in enumerate(fixed.instances) if inst.event.id == "admin_cordon")
    rel = penc.step(fixed.instances[k].event, penc.pre)
    stale = _same_state(fixed, t, penc, _state_get(penc, penc.pre), nodes, pods)  # nothing written
    solver = z3.Solver()
    solver.add(
        *axioms,
        no_node_is_blank(penc.pre),
        penc.size.nodes == 1,
        *_same_state(fixed, s, penc, _state_get(penc, penc.pre), nodes, pods),
        z3.Not(fixed.trans_instance(k, s, t, st) == z3.substitute(z3.And(rel.guard, *stale), (rel.n0, nodes[0]))),
    )
    assert solver.check() == z3.sat
