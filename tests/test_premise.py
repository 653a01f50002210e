"""The premise of every ∀N,M row, checked up to each event's cutoff: and the check can fail.

:mod:`nodereg.verifier.premise` computes, from each event's parameterized relation, the largest
sub-cluster a difference from the fixed-size relation needs, and compares the two at every size up
to it. Here: the cutoffs are what the relations count (no event list written down), a parameterized
encoding broken in a way only three nodes show is caught at the cutoff and not at 2 × 2, and one
outside the argument's fragment (a quantifier inside a quantifier) is inconclusive, never a pass.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import z3

from nodereg.model import declaration as d
from nodereg.model.semantics import Config, real_model
from nodereg.verifier.parameterized import NO_NODE, NODE, POD, ParamEncoding, PState, StepRel
from nodereg.verifier.premise import Cutoff, agrees_at, check_premise, cutoffs

MODEL = real_model()
TIME = "time_passes"  # the engine's own special case (its urgency is the one ∀ of a guard)
#: an event with a node and nothing else, whichever the declaration lists first
NODE_EVENT = next(e.id for e in MODEL.events if e.indices == ("node",) and not e.args)


def test_each_event_has_its_cutoff_from_its_relation() -> None:
    """One cutoff per event; an event with no quantifier counts its own node and pod only."""
    cuts = {c.event: c for c in cutoffs(MODEL)}
    assert set(cuts) == {e.id for e in MODEL.events}
    for e in MODEL.events:
        c = cuts[e.id]
        assert c.counts["acting_nodes"] == ("node" in e.indices), c
        assert c.counts["acting_pods"] == ("pod" in e.indices), c
        a, q = c.counts["acting_pods"], c.counts["quantified_nodes"] + c.counts["quantified_pods"]
        # acting elements, one witness per quantified variable, a node per pod, the element read
        assert (c.nodes, c.pods) == (c.counts["acting_nodes"] + a + q + 1, a + c.counts["quantified_pods"] + 1), c
    # time passes: its urgency is one ∀ over a node and a pod
    assert (cuts[TIME].counts["quantified_nodes"], cuts[TIME].counts["quantified_pods"]) == (1, 1)


def test_the_sizes_up_to_a_cutoff() -> None:
    assert Cutoff("e", 2, 2).sizes() == [Config(1, 1), Config(1, 2), Config(2, 1), Config(2, 2)]
    assert Cutoff("e", 1, 0).sizes() == [Config(1, 1)]


# -------------------------------------------------------------------------------------------------
# Broken parameterized encodings: the guard of one event rewritten after the declaration's
# -------------------------------------------------------------------------------------------------

Mutation = Callable[[ParamEncoding, StepRel, PState], z3.BoolRef]


def _urgency_split(rel: StepRel) -> tuple[list[z3.BoolRef], z3.QuantifierRef]:
    *rest, urg = rel.guard.children()
    assert z3.is_quantifier(urg) and urg.is_forall(), urg
    return rest, urg


def _open(q: z3.QuantifierRef, tag: str) -> tuple[list[z3.ExprRef], z3.BoolRef]:
    xs = [z3.Const(f"{q.var_name(i)}!{tag}", q.var_sort(i)) for i in range(q.num_vars())]
    return xs, z3.substitute_vars(q.body(), *reversed(xs))


def _real_distinct(*xs: z3.ExprRef) -> z3.BoolRef:
    return z3.And(z3.Distinct(NO_NODE, *xs), *[x != NO_NODE for x in xs])


def exists_for_forall(enc: ParamEncoding, rel: StepRel, st: PState) -> z3.BoolRef:
    """Time may pass if *some* node and pod are not overdue (the fixed one: all of them)."""
    rest, urg = _urgency_split(rel)
    (x, y), body = _open(urg, "m")
    return z3.And(*rest, z3.Exists([x, y], z3.And(x != NO_NODE, body.arg(1) if z3.is_implies(body) else body)))


def urgency_dropped_from_three_nodes(enc: ParamEncoding, rel: StepRel, st: PState) -> z3.BoolRef:
    """Once there are three nodes, time passes whatever is overdue (a quantifier skipping them all)."""
    rest, urg = _urgency_split(rel)
    a, b, c = (z3.Const(f"{n}!m", NODE) for n in "abc")
    return z3.And(*rest, z3.Or(urg, z3.Exists([a, b, c], _real_distinct(a, b, c))))


def guard_reads_two_other_nodes(enc: ParamEncoding, rel: StepRel, st: PState) -> z3.BoolRef:
    """Disabled when two *other* nodes differ on having a Node object: no other node at 2 × 2 has a
    second one to differ from."""
    a, b = z3.Const("a!m", NODE), z3.Const("b!m", NODE)
    ex = st.node["exists"]
    return z3.And(rel.guard, z3.Not(z3.Exists([a, b], z3.And(_real_distinct(a, b, rel.n0), ex(a) != ex(b)))))


def quantifier_inside_quantifier(enc: ParamEncoding, rel: StepRel, st: PState) -> z3.BoolRef:
    """Urgency checked on every node but one chosen (∃w ∀x ≠ w): outside the cutoff's fragment."""
    rest, urg = _urgency_split(rel)
    (x, y), body = _open(urg, "m")
    w = z3.Const("w!m", NODE)
    return z3.And(*rest, z3.Exists([w], z3.ForAll([x, y], z3.Or(x == w, body))))


def pod_quantifier_skips_the_acting_pod(enc: ParamEncoding, rel: StepRel, st: PState) -> z3.BoolRef:
    """A guard that asks every *other* pod to be pending: at one pod there is no other one."""
    y = z3.Const("y!m", POD)
    return z3.And(rel.guard, z3.ForAll([y], z3.Or(y == rel.p0, st.pod["bound_to"](y) == NO_NODE)))


class Broken(ParamEncoding):
    """The declaration's parameterized encoding with one event's guard rewritten."""

    def __init__(self, event: str, mutation: Mutation) -> None:
        super().__init__(MODEL)
        self._event, self._mutation = event, mutation

    def step(self, e: d.Event, st: PState) -> StepRel:
        rel = super().step(e, st)
        if e.id == self._event:
            rel.guard = self._mutation(self, rel, st)
        return rel


POD_EVENT = next(e.id for e in MODEL.events if e.indices == ("node", "pod"))

#: name, event, mutation, verdict, first size that shows it (None: no size is compared), shown at 2 × 2
CASES = [
    ("exists-for-forall", TIME, exists_for_forall, "violated", Config(1, 2), True),
    ("urgency-dropped-from-three-nodes", TIME, urgency_dropped_from_three_nodes, "violated", Config(3, 1), False),
    ("guard-reads-two-other-nodes", NODE_EVENT, guard_reads_two_other_nodes, "violated", Config(3, 1), False),
    (
        "pod-quantifier-skips-the-acting-pod",
        POD_EVENT,
        pod_quantifier_skips_the_acting_pod,
        "violated",
        Config(1, 2),
        True,
    ),
    ("quantifier-inside-quantifier", TIME, quantifier_inside_quantifier, "inconclusive", None, None),
]


@pytest.mark.parametrize("name,event,mutation,status,first,at_2x2", CASES, ids=[c[0] for c in CASES])
def test_a_broken_encoding_is_caught_up_to_its_cutoff(
    name: str, event: str, mutation: Mutation, status: str, first: Config | None, at_2x2: bool | None
) -> None:
    enc = Broken(event, mutation)
    r = check_premise(MODEL, enc, events=[event])
    assert r.status == status, r.reason
    if status == "violated":
        assert r.offending is not None and r.offending.startswith(event)
        if first is not None:
            assert r.sizes[-1].cfg == first, r.reason
    else:
        assert "quantifier inside a quantifier" in r.reason
    if at_2x2 is not None:
        # what the test compared before the cutoff: 2 × 2 alone sees it, or does not
        assert (agrees_at(MODEL, Config(2, 2), enc, [event]).status == "differ") == at_2x2


def test_a_broken_encoding_raises_its_own_cutoff() -> None:
    """The cutoff is counted on the relation compared, so a mutation's extra quantifiers count."""
    cut = next(c for c in cutoffs(MODEL, Broken(NODE_EVENT, guard_reads_two_other_nodes)) if c.event == NODE_EVENT)
    plain = next(c for c in cutoffs(MODEL) if c.event == NODE_EVENT)
    assert (cut.nodes, cut.counts["quantified_nodes"]) == (plain.nodes + 2, 2)


@pytest.mark.slow
def test_the_premise_holds_up_to_every_cutoff() -> None:
    """The real declaration: every event agrees at every size up to its cutoff (about 10 s at load 4)."""
    r = check_premise(MODEL)
    assert r.status == "proved", r.reason
    assert {c.event for c in r.cutoffs} == {e.id for e in MODEL.events}
    checked = {a.cfg for a in r.sizes}
    assert all(set(c.sizes()) <= checked for c in r.cutoffs)


#: what the premise check answers, and the bound the row gets then
RUN_CASES = [
    ("premise-proved", "proved", "∀N,M"),
    ("premise-violated", "violated", "2×2"),
    ("premise-inconclusive", "inconclusive", "2×2"),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,status,bound", RUN_CASES, ids=[c[0] for c in RUN_CASES])
def test_verify_proves_for_every_size_only_on_the_premise(
    monkeypatch: pytest.MonkeyPatch, name: str, status: str, bound: str
) -> None:
    """``verify --nodes any --pods any`` asks the premise; a row is ∀N,M only when it is proved."""
    from nodereg.properties.catalogue import PROPERTY_BY_ID
    from nodereg.verifier import runner
    from nodereg.verifier.premise import PremiseResult

    asked: list[str] = []

    def fake(model: object, timeout_s: float) -> PremiseResult:
        asked.append(status)
        return PremiseResult(status, 0.0, f"a {status} premise", offending="an_event(0)")

    monkeypatch.setattr(runner, "check_premise", fake)
    prop = PROPERTY_BY_ID["bound-requests-fit-allocatable"]
    [row] = [v for v in runner.verify_every_size(MODEL, [prop], timeout_s=60) if v.id == prop.id]
    assert asked == [status]  # once per run
    assert (row.status, row.bound) == ("proved", bound), row.reason
    assert (f"a {status} premise" in row.reason) == (status != "proved")
    assert row.detail["every_size_premise"] == status
