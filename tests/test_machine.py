"""The python-statemachine machine, derived from the declaration, behaves as the compiled step.

The machine is what a reader can run and draw; the compiled step is what the oracle and the
explorer run; Z3 sees a third reading. These tests pin the first two together on random traces,
and check the machine refuses what the model forbids (``TransitionNotAllowed``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from statemachine import StateMachine

from nodereg.model import declaration as d
from nodereg.model.machine import Cluster, TransitionNotAllowed, node_machine_class
from nodereg.model.mutants import MUTANTS
from nodereg.model.semantics import Config, arg_domains, compiled, real_model
from nodereg.verifier import explorer as ex

MODEL = real_model()


def _ctl(cm, state, n):
    return state[cm.layout.index[("ctl", "ctl", n)]]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_machine_follows_compiled_step_on_random_traces(seed: int) -> None:
    """Each step: the machine accepts exactly the enabled events, and reaches the same data and state."""
    cfg = Config(2, 1)
    cm = compiled(MODEL, cfg)
    rng = random.Random(seed)
    state = cm.initial_states(ex.SMALL_PARAMS, ex.frozen_values(cm, ex.random_frozen(cm, rng)))
    cluster = Cluster(MODEL, cfg, state)
    for _ in range(60):
        k = rng.randrange(len(cm.instances))
        inst = cm.instances[k]
        doms = [range(1, 3)] if inst.event.id == "time_passes" else arg_domains(inst.event)
        args = tuple(rng.choice(list(dom)) for dom in doms)
        if not cm.enabled(state, k, args):
            with pytest.raises(TransitionNotAllowed):
                cluster.fire(inst.event.id, inst.node, inst.pod, args)
            assert cluster.state == state, "a refused event changed the data"
            continue
        state = cm.step(state, k, args)
        cluster.fire(inst.event.id, inst.node, inst.pod, args)
        assert cluster.state == state
        assert cluster.control_states() == [_ctl(cm, state, n) for n in range(cfg.nodes)]


def test_registration_happy_path_runs_on_the_machine() -> None:
    """The lifecycle in the order a real node goes through it, state by state."""
    cfg = Config(1, 1)
    cm = compiled(MODEL, cfg)
    frozen = ex.frozen_values(cm, ex.default_small_frozen(cfg)[0])
    params = {**ex.SMALL_PARAMS}
    c = Cluster(MODEL, cfg, cm.initial_states(params, frozen))
    seen = [c.control_states()[0]]
    # the kubelet creates its Node with its conditions (initialNode ends with setNodeStatus): NotReady
    # at first, then Ready once the runtime is up, then Schedulable once the taint pass has seen it
    for event, args in (
        ("kubelet_request_certificate", ()),
        ("csr_approver_approve", ()),
        ("kubelet_obtain_certificate", ()),
        ("kubelet_register_node", (0, 0, 0, 0, 0, 0, 0)),
        # the Lease controller started with the certificate renews at once (round 14): time waits for it
        ("kubelet_renew_lease", ()),
        ("nlc_sync_noschedule_taints", ()),
        ("nlc_sync_noexecute_taints", ()),
        ("time_passes", (1,)),
        ("kubelet_post_status", (1, 0)),
        ("nlc_sync_noexecute_taints", ()),
        ("nlc_sync_noschedule_taints", ()),
    ):
        c.fire(event, None if event == "time_passes" else 0, None, args)
        seen.append(c.control_states()[0])
    c.fire("scheduler_bind_pod", 0, 0)
    assert [d.STATE_NAMES[s] for s in seen] == [
        "Unregistered",
        "Unregistered",
        "Unregistered",
        "Bootstrapped",
        "NotReady",
        "NotReady",
        "NotReady",
        "NotReady",
        "NotReady",
        "Ready",
        "Ready",
        "Schedulable",
    ]
    assert c.state[cm.layout.index[("pod", "bound_to", 0)]] == 0


def test_unknown_event_and_blocked_guard_raise() -> None:
    cfg = Config(1, 0)
    cm = compiled(MODEL, cfg)
    c = Cluster(MODEL, cfg, cm.initial_states(ex.SMALL_PARAMS, ex.frozen_values(cm, ex.default_small_frozen(cfg)[0])))
    with pytest.raises(TransitionNotAllowed):
        c.fire("kubelet_register_node", 0, None, (0, 0, 0, 0, 0, 0, 0))  # no certificate yet
    with pytest.raises(TransitionNotAllowed):
        c.machines[0].send("no_such_event")


def test_machine_class_is_a_statemachine_with_the_declared_graph() -> None:
    cls = node_machine_class(MODEL)
    assert issubclass(cls, StateMachine)
    assert [s.id for s in cls.states] == list(d.STATE_IDS)
    graph = {(t.source.id, t.target.id, ev) for s in cls.states for t in s.transitions for ev in t.events}
    declared = {(d.STATE_IDS[a], d.STATE_IDS[b], e.id) for e in d.EVENTS for a, b in e.edges}
    assert {(a, b, str(ev)) for a, b, ev in graph} == declared


def test_mutant_machines_do_not_leak_into_the_real_one() -> None:
    """Mutants are built by a factory; the real machine's transitions stay as declared."""
    before = len([t for s in node_machine_class(MODEL).states for t in s.transitions])
    for mu in MUTANTS:
        node_machine_class(mu.model())
    after = len([t for s in node_machine_class(MODEL).states for t in s.transitions])
    assert before == after == sum(len(e.edges) for e in d.EVENTS)
    assert MODEL.event("kubelet_register_node").edges == d.EVENT_BY_ID["kubelet_register_node"].edges
