"""The property catalogue is complete and well formed: every entry can be read, cited and checked."""

from __future__ import annotations

import re

import pytest

from nodereg.model import declaration as d
from nodereg.model.params import CONSTRAINTS
from nodereg.properties.catalogue import ALL_PROPERTIES, PROPERTIES

REQUIRED = {
    "no-registration-without-credentials",
    "node-restriction",
    "no-schedule-without-ready",
    "no-schedule-with-untolerated-taint",
    "no-schedule-when-cordoned",
    "silent-node-becomes-unknown",
    "heartbeating-node-stays-known",
    "registration-is-not-eligibility",
    "re-registration-is-idempotent",
    "no-execute-eviction",
    "allocatable-within-capacity",
    "bound-requests-fit-allocatable",
    "control-state-matches-definition",
    "node-becomes-schedulable",
    "untolerated-noexecute-pod-is-gone",
    "new-node-carries-only-registration-taints",
    "pods-only-on-existing-nodes",
    "certificate-needs-approval",
}


def test_the_issue_s_properties_are_all_there() -> None:
    assert {p.id for p in PROPERTIES} >= REQUIRED


@pytest.mark.parametrize("prop", ALL_PROPERTIES, ids=lambda p: p.id)
def test_entry_is_well_formed(prop) -> None:
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", prop.id)
    assert prop.statement.endswith(".") and prop.formula_text and prop.why and prop.witness_text
    assert prop.kind in ("state", "step") and prop.witness_kind in ("state", "step")
    event_ids = {e.id for e in d.EVENTS}
    assert set(prop.events) <= event_ids and set(prop.witness_events) <= event_ids
    assert (prop.kind == "step") == bool(prop.events)
    assert set(prop.assumes) <= {c.id for c in CONSTRAINTS}
    assert prop.source and ("/" in prop.source or "nodereg" in prop.source)


def test_ids_are_unique() -> None:
    ids = [p.id for p in ALL_PROPERTIES]
    assert len(ids) == len(set(ids))


def test_readme_catalogue_is_generated_from_the_catalogue() -> None:
    """The README's property table is `nodereg properties --format markdown`, byte for byte."""
    from pathlib import Path

    from nodereg.cli import catalogue_markdown

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme.split("<!-- catalogue:start -->\n", 1)[1].split("<!-- catalogue:end -->", 1)[0]
    assert section == catalogue_markdown(), "README catalogue is stale: regenerate it from nodereg properties"


# -------------------------------------------------------------------------------------------------
# Strengthened properties: each kills a mutant its old form let survive (issue 12, point 3)
# -------------------------------------------------------------------------------------------------


def _old_silent(s):
    """The old statement: a silent node is merely no longer Ready=True."""
    from nodereg.model.logic import And, Implies

    nd = s.node(0)
    return Implies(
        And(nd.exists, nd.since_heartbeat > s.params.node_monitor_grace_period + 2 * s.params.node_monitor_period),
        nd.ready != d.READY_TRUE,
    )


def _old_allocatable(s):
    from nodereg.model.logic import And, Implies

    nd = s.node(0)
    return Implies(nd.exists, And(nd.allocatable >= 0, nd.allocatable <= nd.capacity))


def _old_no_schedule(pre, post, b):
    """The old window: any time until the controller's next taint pass."""
    from nodereg.model.logic import And, Implies, Not, Or

    nd, pd = pre.node(b.node), pre.pod(b.pod)
    return Implies(
        And(Not(pd.tolerates_not_ready_ns), Not(pd.tolerates_unreachable_ns)),
        Or(
            nd.ready == d.READY_TRUE,
            And(Or(nd.ready == d.READY_FALSE, nd.ready == d.READY_UNKNOWN), Not(nd.taints_synced)),
        ),
    )


def _old_no_execute(pre, post, b):
    """The old deadline: measured with the controller's own eviction timer."""
    from nodereg.model.logic import And, Implies, Not, Or

    out = []
    for p in post.pods:
        for n in post.nodes:
            nd, pd = post.node(n), post.pod(p)
            ne = Or(
                nd.taint_not_ready_ne, nd.taint_unreachable_ne, And(nd.taint_custom, nd.custom_effect == d.NO_EXECUTE)
            )
            out.append(
                Implies(
                    And(pd.bound_to == n, ne, Not(pd.tolerates_forever)), pd.since_noexecute <= pd.toleration_seconds
                )
            )
    return And(*out)


STRENGTHENED = [
    # (mutant, the strengthened property that kills it, its old form, kind, events the old form read)
    ("unknown-only-from-ready-true", "silent-node-becomes-unknown", _old_silent, "state", ()),
    ("allocatable-ignores-reserved", "allocatable-within-capacity", _old_allocatable, "state", ()),
    ("noschedule-swap-removes-first", "no-schedule-without-ready", _old_no_schedule, "step", ("scheduler_bind_pod",)),
    ("eviction-timer-restarts-on-node-update", "no-execute-eviction", _old_no_execute, "step", ("time_passes",)),
]


@pytest.mark.parametrize("mutant_id,prop_id,old,kind,events", STRENGTHENED, ids=[r[0] for r in STRENGTHENED])
def test_strengthened_property_kills_what_its_old_form_let_survive(mutant_id, prop_id, old, kind, events) -> None:
    """The new form has a replayed counterexample on the mutant; the old form holds on every step of it."""
    from nodereg.model.mutants import MUTANT_BY_ID
    from nodereg.model.semantics import Bound, Config, View, compiled
    from nodereg.properties.catalogue import PROPERTY_BY_ID
    from nodereg.verifier.runner import verify

    mu = MUTANT_BY_ID[mutant_id].model()
    cfg = Config(2, 2)
    [v] = [
        x for x in verify(mu, cfg, [PROPERTY_BY_ID[prop_id]], check_witnesses=False, unbounded=False) if x.id == prop_id
    ]
    assert v.status == "violated" and v.replayed and v.trace, v.reason
    cm = compiled(mu, cfg)

    def view(st):
        return View(cfg, lambda k: st[cm.layout.index[k]])

    for i, (k, args, st) in enumerate(v.trace):
        if kind == "state":
            assert old(view(st)), f"old form of {prop_id} broken at step {i}"
        elif k is not None and cm.instances[k].event.id in events:
            inst = cm.instances[k]
            b = Bound(inst, {a.name: x for a, x in zip(inst.event.args, args, strict=True)})
            assert old(view(v.trace[i - 1][2]), view(st), b), f"old form of {prop_id} broken at step {i}"
