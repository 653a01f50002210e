"""The rows that used to hold for 2 × 2 only, now argued for every size: each argument can fail.

* ``symmetry``: every event is one formula over the sorts ``Node`` and ``Pod`` naming no element
  but its own (:func:`check_symmetry_every_size`). A declaration that reaches another node by index
  arithmetic, names node 0, reads a position of the node list or names an element constant is not
  symmetric for every size, even where the 2 × 2 Z3 check proves it (``(n + 1) mod 2`` is a swap).
* ``requested-is-sum-of-bound-requests``: induction on the steps, each step changing the sum only
  by its own pod's summand or emptying it (:func:`nodereg.verifier.parameterized._prove_sum`).
  An action that changes ``requested`` without binding, that forgets to take a pod's request off,
  or that moves pods other than its own without adjusting the sum is not proved.
* ``time-can-pass``: the three facts on the parameterized encoding and an acyclic re-arming graph
  of events (:func:`nodereg.verifier.progress.time_can_pass_every_size`). An overdue action that
  stays overdue, one that is overdue but disabled, and two passes that re-arm each other are not
  proved; the bound, a polynomial in N and M, is the fixed-size bound at each size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import z3
from test_progress import _monitor_keeps_its_clock, _overdue_monitor_disabled  # the fixed-size rows' broken models

from nodereg.model.declaration import UNBOUND
from nodereg.model.logic import And, If
from nodereg.model.mutants import MUTANT_BY_ID, _without_effect_keys
from nodereg.model.mutants import _replace_event as _replace
from nodereg.model.semantics import Model, real_model
from nodereg.properties.catalogue import PROPERTY_BY_ID
from nodereg.verifier.parameterized import NODE, prove_all_sizes
from nodereg.verifier.progress import TIME_ID, _bound, _count, poly_at, poly_text, time_can_pass_every_size
from nodereg.verifier.symmetry import check_symmetry_every_size

MODEL = real_model()
SUM_ID = "requested-is-sum-of-bound-requests"


def _with_effect(m: Model, name: str, event_id: str, more: Callable[[Any, Any, Any], Any]) -> Model:
    """The event's effect, then ``more(s, i, updates)`` on top of it."""
    e = m.event(event_id)
    return _replace(m, name, event_id, effect=lambda s, i: more(s, i, e.effect(s, i)))


def _with_guard(m: Model, name: str, event_id: str, more: Callable[[Any, Any], Any]) -> Model:
    e = m.event(event_id)
    return _replace(m, name, event_id, guard=lambda s, i: And(e.guard(s, i), more(s, i)))


SPECIAL = z3.Const("special-node", NODE)


def _next(s: Any, i: Any) -> Any:
    """The node met after the acting one, cyclically: ``(i + 1) mod N`` written without arithmetic."""
    nodes = list(s.nodes)
    at = next(j for j, n in enumerate(nodes) if n is i.node or (not isinstance(n, z3.ExprRef) and n == i.node))
    return nodes[(at + 1) % len(nodes)]


def _some_other_cordoned(s: Any, i: Any) -> Any:
    from nodereg.model.logic import Or

    return Or(*[s.node(n).unschedulable for n in s.nodes if n is not i.node and (n == i.node) is not True])


# (name, model, expected status, offending event or None)
SYMMETRY_CASES = [
    ("real model", MODEL, "proved", None),
    # proved by the 2 × 2 Z3 check ((n + 1) mod 2 is a transposition), not symmetric from 3 nodes on
    (
        "status to the next node",
        MUTANT_BY_ID["kubelet-patches-other-node"].model(),
        "inconclusive",
        "kubelet_post_status",
    ),
    (
        "register reads node 0",
        MUTANT_BY_ID["register-reads-first-node-capacity"].model(),
        "inconclusive",
        "kubelet_register_node",
    ),
    (
        "cordon only node 0",
        _with_guard(MODEL, "c0", "admin_cordon", lambda s, i: i.node == 0),
        "inconclusive",
        "admin_cordon",
    ),
    (
        "bind reads pod 0",
        _with_guard(MODEL, "b0", "scheduler_bind_pod", lambda s, i: s.pod(0).request <= 1),
        "inconclusive",
        "scheduler_bind_pod",
    ),
    # a list made of the nodes met: the parameterized reading lists the acting node first, so only the
    # order check tells this "node 0" from the acting node
    (
        "cordon writes the first node met",
        _with_effect(MODEL, "cl", "admin_cordon", lambda s, i, u: u.node(next(iter(s.nodes)), unschedulable=True)),
        "inconclusive",
        "admin_cordon",
    ),
    # with one other node met, "the next one" is every other node; the second generic node tells
    (
        "cordon writes the next node met",
        _with_effect(MODEL, "cn", "admin_cordon", lambda s, i, u: u.node(_next(s, i), unschedulable=True)),
        "inconclusive",
        "admin_cordon",
    ),
    (
        "cordon only while some other node is cordoned",
        _with_guard(MODEL, "co", "admin_cordon", lambda s, i: _some_other_cordoned(s, i)),
        "inconclusive",
        "admin_cordon",
    ),
    (
        "cordon writes a position of the node list",
        _with_effect(MODEL, "cp", "admin_cordon", lambda s, i, u: u.node(s.nodes[0], unschedulable=True)),
        "inconclusive",
        "admin_cordon",
    ),
    (
        "cordon spares a named element",
        _with_guard(
            MODEL, "cs", "admin_cordon", lambda s, i: i.node != SPECIAL if isinstance(i.node, z3.ExprRef) else True
        ),
        "inconclusive",
        "admin_cordon",
    ),
]


@pytest.mark.parametrize("name,model,status,event", SYMMETRY_CASES, ids=[c[0] for c in SYMMETRY_CASES])
def test_symmetry_for_every_size(name: str, model: Model, status: str, event: str | None) -> None:
    r = check_symmetry_every_size(model)
    assert r.status == status, r.reason
    assert r.offending == event, r.reason
    if event is not None:
        assert event in r.reason


def _cordon_adds_request(m: Model) -> Model:
    e = m.event("admin_cordon")
    return _with_effect(
        m, "cordon-adds-request", e.id, lambda s, i, u: u.node(i.node, requested=s.node(i.node).requested + 1)
    )


def _delete_keeps_requested(m: Model) -> Model:
    e = m.event("admin_delete_node")

    def eff(s: Any, i: Any) -> Any:
        u = e.effect(s, i)
        u.values[("node", "requested", i.node)] = s.node(i.node).requested
        return u

    return _replace(m, "delete-keeps-requested", e.id, effect=eff)


def _bind_unbinds_the_others(m: Model) -> Model:
    """Binding a pod also sends every other pod on that node back to pending, requested unchanged for them."""

    def more(s: Any, i: Any, u: Any) -> Any:
        for p in s.pods:
            if p is not i.pod:
                pd = s.pod(p)
                u.pod(p, bound_to=If(pd.bound_to == i.node, UNBOUND, pd.bound_to))
        return u

    return _with_effect(m, "bind-unbinds-the-others", "scheduler_bind_pod", more)


# (name, model, expected every-size status of the sum row)
SUM_CASES = [
    ("real model", MODEL, "proved"),
    ("cordon adds to requested without a bind", _cordon_adds_request(MODEL), "not-inductive"),
    ("eviction keeps requested", MUTANT_BY_ID["eviction-keeps-requested"].model(), "not-inductive"),
    ("node deletion keeps requested", _delete_keeps_requested(MODEL), "not-inductive"),
    ("bind unbinds the node's other pods", _bind_unbinds_the_others(MODEL), "not-inductive"),
]


@pytest.mark.parametrize("name,model,status", SUM_CASES, ids=[c[0] for c in SUM_CASES])
def test_the_sum_over_pods_for_every_size(name: str, model: Model, status: str) -> None:
    props = [PROPERTY_BY_ID["pods-only-on-existing-nodes"], PROPERTY_BY_ID[SUM_ID]]
    r = prove_all_sizes(model, props, timeout_s=30)[SUM_ID]
    assert r.status == status, r.reason


def _noschedule_pass_rearms_monitor(m: Model) -> Model:
    """The NoSchedule taint pass makes the node's health monitor due at once: the monitor's expiry
    re-arms the taint pass, which re-arms the monitor (each clears its own deadline)."""
    e = m.event("nlc_sync_noschedule_taints")
    eff = _without_effect_keys(e.effect, {"since_monitor": lambda s, i: s.params.node_monitor_period})
    return _replace(m, "noschedule-pass-rearms-monitor", e.id, effect=eff)


# (name, model, expected every-size status, a word of the reason)
TIME_CASES = [
    ("real model", MODEL, "proved", "acyclic"),
    ("monitor keeps its clock", _monitor_keeps_its_clock(MODEL), "not-inductive", "clears its deadline"),
    ("overdue monitor disabled", _overdue_monitor_disabled(MODEL), "not-inductive", "is enabled"),
    (
        "noschedule pass never synced",
        MUTANT_BY_ID["noschedule-pass-never-marks-synced"].model(),
        "not-inductive",
        "clears",
    ),
    ("taint pass re-arms the monitor", _noschedule_pass_rearms_monitor(MODEL), "not-inductive", "re-arm"),
]


@pytest.mark.parametrize("name,model,status,word", TIME_CASES, ids=[c[0] for c in TIME_CASES])
def test_time_can_pass_for_every_size(name: str, model: Model, status: str, word: str) -> None:
    # on the type domain alone (no catalogue invariant): weaker, so a refutation here is one anyway,
    # and the real model needs no more
    res = prove_all_sizes(
        model, [], timeout_s=30, after=lambda enc, rels, inv: {TIME_ID: time_can_pass_every_size(enc, rels, inv, 30)}
    )
    r = res[TIME_ID]
    assert r.status == status, r.reason
    assert word in r.reason


# (name, re-arming graph): the polynomial bound at a size is the fixed-size bound for that size
GRAPHS = [
    ("no edges", {"kubelet_renew_lease": set(), "taint_eviction_evict_pod": set()}),
    (
        "a chain across scopes",
        {
            "kubelet_obtain_certificate": {"kubelet_register_node"},
            "kubelet_register_node": {"taint_eviction_evict_pod"},
            "taint_eviction_evict_pod": set(),
        },
    ),
    (
        "the real model's at 2 x 2",
        {
            "kubelet_obtain_certificate": {"kubelet_register_node", "kubelet_renew_lease"},
            "kubelet_register_node": {"nlc_monitor_node_health", "nlc_sync_noschedule_taints"},
            "kubelet_renew_lease": set(),
            "nlc_monitor_node_health": {"nlc_sync_noschedule_taints"},
            "nlc_sync_noschedule_taints": set(),
            "nlc_sync_noexecute_taints": {"taint_eviction_evict_pod"},
            "taint_eviction_evict_pod": set(),
        },
    ),
]


@pytest.mark.parametrize("name,edges", GRAPHS, ids=[g[0] for g in GRAPHS])
@pytest.mark.parametrize("nodes,pods", [(1, 1), (2, 2), (3, 1), (2, 5)])
def test_the_bound_formula_is_the_fixed_size_bound(
    name: str, edges: dict[str, set[str]], nodes: int, pods: int
) -> None:
    from nodereg.verifier.progress import RearmGraph, cascade_poly

    urgent = [MODEL.event(e) for e in edges]
    instances = [(0, type("I", (), {"event": e})()) for e in urgent for _ in range(poly_at(_count(e), nodes, pods))]
    fixed = RearmGraph({k: set(v) for k, v in edges.items()})
    _bound(fixed, instances, list(edges))
    poly = cascade_poly(edges, urgent)
    assert poly_at(poly, nodes, pods) == fixed.bound, poly_text(poly)


@pytest.mark.slow
def test_verify_every_size_proves_the_three_rows_for_every_size() -> None:
    """The whole run: no row left at 2 × 2, and the time bound at 2 × 2 is the fixed-size row's."""
    from nodereg.verifier.runner import verify_every_size

    rows = {v.id: v for v in verify_every_size(MODEL, timeout_s=60)}
    small = {k: v.bound for k, v in rows.items() if v.status != "proved" or v.bound != "∀N,M"}
    assert small == {}
    assert "592 at 2 × 2" in rows[TIME_ID].reason
    assert "for every size" in rows["symmetry"].reason
    # the premise of every ∀N,M row, checked up to each event's cutoff in this run
    assert "fixed-size one at every size up to each event's cutoff" in rows["symmetry"].reason
    # and clusters with no pods: embedded into clusters with a pending pod, in this run too
    assert "with no pods: a cluster with no pods is one whose pod stays pending" in rows["symmetry"].reason
    assert {v.detail.get("every_size_zero_pods") for v in rows.values()} == {"proved"}
    assert "summand" in rows[SUM_ID].reason
