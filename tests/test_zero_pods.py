"""Clusters with no pods: the embedding into a cluster with a pending pod is checked, and can fail.

:mod:`nodereg.verifier.zeropods` compares, at every node count up to each obligation's cutoff, a
cluster with no pods and the same cluster with one pod left pending: initial states, every step,
every deadline and every property. Here: broken models for which a cluster with no pods is *not*
one whose pod stays pending (a pending pod that stops time, a node event that needs some pod, a
node event that binds the pending pod, a property that holds as soon as a pod exists), each caught
and named; the real declaration passes the same narrowed checks, so each failure is the break's.
The whole check on the real declaration, and the run that withdraws M = 0 when it fails, are slow.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from nodereg.model.declaration import UNBOUND
from nodereg.model.logic import And, Or
from nodereg.model.mutants import _replace_event as _replace
from nodereg.model.semantics import Config, Model, real_model
from nodereg.properties.catalogue import ALL_PROPERTIES, PROPERTY_BY_ID, Property
from nodereg.verifier.explorer import SMALL_PARAMS, default_small_frozen, explore
from nodereg.verifier.zeropods import check_zero_pods, obligations, properties_of

MODEL = real_model()
TIME = "time_passes"
#: a node event with no data arguments, whichever the declaration lists first
NODE_EVENT = next(e.id for e in MODEL.events if e.indices == ("node",) and not e.args)
#: a state property of the catalogue the broken property is made from (its texts, not its formula)
SOME_STATE = next(p for p in ALL_PROPERTIES if p.kind == "state" and not p.lemma)


def _with_guard(m: Model, name: str, event_id: str, more: Callable[[Any, Any], Any]) -> Model:
    e = m.event(event_id)
    return _replace(m, name, event_id, guard=lambda s, i: And(e.guard(s, i), more(s, i)))


def pending_pod_stops_time(m: Model) -> Model:
    """Time passes only once every pod is bound: with a pending pod, never (with none, always)."""
    return _with_guard(
        m, "pending-pod-stops-time", TIME, lambda s, i: And(*[s.pod(p).bound_to != UNBOUND for p in s.pods])
    )


def node_event_needs_a_pod(m: Model) -> Model:
    """A node event enabled only if some pod exists (any request is ≥ 0): never with no pods."""
    return _with_guard(
        m, "node-event-needs-a-pod", NODE_EVENT, lambda s, i: Or(*[s.pod(p).request >= 0 for p in s.pods])
    )


def node_event_binds_pending_pods(m: Model) -> Model:
    """A node event that also binds every pending pod to its node: the pod does not stay pending."""
    e = m.event(NODE_EVENT)

    def effect(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        for p in s.pods:
            u.values[("pod", "bound_to", p)] = i.node
        return u

    return _replace(m, "node-event-binds-pending-pods", NODE_EVENT, effect=effect)


def some_pod_exists() -> Property:
    """A state property true as soon as a pod exists (its request is ≥ 0), false with no pods."""
    return dataclasses.replace(
        SOME_STATE,
        id="some-pod-exists",
        formula=lambda s: Or(*[s.pod(p).request >= 0 for p in s.pods]),
        lemma=False,
    )


#: name, model, the events compared, the properties compared, verdict, what the reason must name
CASES: list[tuple[str, Model, tuple[str, ...], list[Property], str, str]] = [
    ("real-declaration-time", MODEL, (TIME,), [], "proved", ""),
    ("real-declaration-node-event", MODEL, (NODE_EVENT,), [], "proved", ""),
    ("pending-pod-stops-time", pending_pod_stops_time(MODEL), (TIME,), [], "violated", TIME),
    (
        "node-event-needs-a-pod",
        node_event_needs_a_pod(MODEL),
        (NODE_EVENT,),
        [],
        "violated",
        f"{NODE_EVENT}(0) at 1 × 0",
    ),
    (
        "node-event-binds-pending-pods",
        node_event_binds_pending_pods(MODEL),
        (NODE_EVENT,),
        [],
        "violated",
        f"{NODE_EVENT}(0) at 1 × 1 takes its pod out of pending",
    ),
    ("property-true-once-a-pod-exists", MODEL, (), [some_pod_exists()], "violated", "some-pod-exists"),
    ("real-property", MODEL, (), [PROPERTY_BY_ID["pods-only-on-existing-nodes"]], "proved", ""),
]


@pytest.mark.parametrize("name,model,events,props,status,names", CASES, ids=[c[0] for c in CASES])
def test_a_cluster_with_no_pods_is_one_whose_pod_stays_pending(
    name: str, model: Model, events: tuple[str, ...], props: list[Property], status: str, names: str
) -> None:
    r = check_zero_pods(model, props, timeout_s=60, events=events)
    assert r.status == status, r.reason
    if status == "violated":
        assert r.offending is not None and names in r.offending, r.reason
        assert " at 1 × " in r.reason, r.reason  # one node shows each of these breaks
    else:
        assert r.queries > 0 and "hence for every N" in r.reason


def test_the_cutoffs_come_from_the_relations_and_the_properties() -> None:
    """Each step's cutoff is its event's (the premise's count, from its relation); a property's is
    its own quantified nodes, at least one; init needs one node."""
    from nodereg.verifier.parameterized import ParamEncoding, stated_for_every_size
    from nodereg.verifier.premise import event_cutoff

    penc = ParamEncoding(MODEL)
    with stated_for_every_size():
        cuts = {e: event_cutoff(penc, penc.step(MODEL.event(e), penc.pre)).nodes for e in (TIME, NODE_EVENT)}
    prop = PROPERTY_BY_ID["pods-only-on-existing-nodes"]  # ∀ pod: bound to a node that exists
    obs = obligations(MODEL, [prop, some_pod_exists()], None, (TIME, NODE_EVENT))
    by = {(o.kind, o.name): o.nodes for o in obs.items}
    assert by[("init", "")] == 1
    assert (by[("step", TIME)], by[("step", NODE_EVENT)]) == (cuts[TIME], cuts[NODE_EVENT])
    # a ∀ over pods and the node each is bound to, read over the sorts: that node's witness
    assert by[("state-property", prop.id)] == 2
    assert by[("state-property", "some-pod-exists")] == 1  # no node read
    assert obs.uncovered == []


@pytest.mark.slow
def test_the_real_declaration_embeds_every_cluster_without_pods() -> None:
    """Every obligation of the catalogue, each up to its cutoff (about 25 s at load 12, 6 s idle)."""
    r = check_zero_pods(MODEL)
    assert r.status == "proved", r.reason
    props = properties_of(MODEL)
    read = {o.name.partition(" on ")[0] for o in r.obligations if o.kind.endswith("property")}
    # every property is compared, or constrains only pod events (no step without pods is theirs),
    # or is one the embedding says it cannot read (none today)
    pod_events = {e.id for e in MODEL.events if "pod" in e.indices}
    only_pods = {p.id for p in props if p.kind == "step" and set(p.events) <= pod_events}
    assert {p.id for p in props} == read | only_pods | set(r.uncovered) and r.uncovered == []
    assert read & only_pods == set()
    assert {o.name for o in r.obligations if o.kind == "step"} == {e.id for e in MODEL.events if "pod" not in e.indices}


@pytest.mark.slow
@pytest.mark.parametrize("nodes", [1, 2])
def test_explicit_exploration_with_no_pods_finds_no_violation(nodes: int) -> None:
    """The cross-check without Z3: the first 30,000 states of n × 0 breadth-first (and every step
    from them) satisfy every property. Not exhaustive: with the small timing the state space of
    1 × 0 has more than 100,000 states (no violation in those either, 61 s of CPU)."""
    out = explore(MODEL, Config(nodes, 0), SMALL_PARAMS, default_small_frozen(Config(nodes, 0)), max_states=30_000)
    assert out.states >= 30_000 or out.complete
    assert out.violations == {}, sorted(out.violations)


#: what the no-pods check answers, and the bound a row proved for every size gets then
RUN_CASES = [
    ("zero-pods-proved", "proved", "∀N,M"),
    ("zero-pods-violated", "violated", "∀N, M≥1"),
    ("zero-pods-inconclusive", "inconclusive", "∀N, M≥1"),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,status,bound", RUN_CASES, ids=[c[0] for c in RUN_CASES])
def test_verify_claims_no_pods_only_on_the_embedding(
    monkeypatch: pytest.MonkeyPatch, name: str, status: str, bound: str
) -> None:
    """``verify --nodes any --pods any`` asks the embedding once; a failure or unknown says M≥1."""
    from nodereg.verifier import runner
    from nodereg.verifier.zeropods import ZeroPodsResult

    asked: list[str] = []

    def fake(model: object, **_: object) -> ZeroPodsResult:
        asked.append(status)
        return ZeroPodsResult(status, 0.0, f"a {status} embedding", offending="an_event(0)")

    monkeypatch.setattr(runner, "check_zero_pods", fake)
    prop = PROPERTY_BY_ID["bound-requests-fit-allocatable"]
    [row] = [v for v in runner.verify_every_size(MODEL, [prop], timeout_s=60) if v.id == prop.id]
    assert asked == [status]  # once per run
    assert (row.status, row.bound) == ("proved", bound), row.reason
    assert (f"a {status} embedding" in row.reason) == (status != "proved")
    assert row.detail["every_size_zero_pods"] == status
