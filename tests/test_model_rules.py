"""The model's abstract scheduling rules agree with the Kubernetes rules over real JSON.

The model tracks each taint as a bit and each pod's tolerations as one bit per taint; the rules in
``nodereg.model.rules`` work on the JSON kubectl prints. These tests build the JSON that a model
state stands for and check both give the same answer, so the abstraction is exact.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from nodereg.model import declaration as d
from nodereg.model import rules
from nodereg.model.semantics import Config, View

SLOT_VALUE = {"node.cloudprovider.kubernetes.io/uninitialized": "true"}
EFFECT = {d.NO_SCHEDULE: "NoSchedule", d.PREFER_NO_SCHEDULE: "PreferNoSchedule", d.NO_EXECUTE: "NoExecute"}


def _node_json(nd: dict[str, Any]) -> dict[str, Any]:
    taints = []
    for t in d.TAINT_SLOTS:
        if nd[t.var]:
            effect = EFFECT[nd["custom_effect"]] if t.effect < 0 else EFFECT[t.effect]
            taints.append({"key": t.key, "value": SLOT_VALUE.get(t.key, ""), "effect": effect})
    return {"spec": {"taints": taints, "unschedulable": nd["unschedulable"]}}


def _pod_json(pd: dict[str, Any]) -> dict[str, Any]:
    tolerations = []
    for t in d.TAINT_SLOTS:
        if t.effect < 0:
            for bit, effect in (("tolerates_custom_ns", "NoSchedule"), ("tolerates_custom_ne", "NoExecute")):
                if pd[bit]:
                    tolerations.append({"key": t.key, "operator": "Exists", "effect": effect})
        elif pd[t.tolerated_by]:
            tolerations.append({"key": t.key, "operator": "Exists", "effect": EFFECT[t.effect]})
    return {"spec": {"tolerations": tolerations}}


def _view(nd: dict[str, Any], pd: dict[str, Any]) -> View:
    def get(k: tuple[str, str, int]) -> Any:
        return nd[k[1]] if k[0] == "node" else pd[k[1]]

    return View(Config(1, 1), get)


node_bits = st.fixed_dictionaries(
    {
        **{t.var: st.booleans() for t in d.TAINT_SLOTS},
        "custom_effect": st.sampled_from([d.NO_SCHEDULE, d.PREFER_NO_SCHEDULE, d.NO_EXECUTE]),
        "unschedulable": st.booleans(),
    }
)
pod_bits = st.fixed_dictionaries({v.name: st.booleans() for v in d.POD_VARS if v.frozen and v.sort == "bool"})


@settings(max_examples=300, deadline=None)
@given(nd=node_bits, pd=pod_bits)
def test_model_scheduler_guard_equals_scheduler_filter(nd: dict[str, Any], pd: dict[str, Any]) -> None:
    v = _view(nd, pd)
    model_ok = d.pod_passes_unschedulable(v.node(0), v.pod(0)) and d.pod_tolerates_taints(v.node(0), v.pod(0))
    assert model_ok == rules.scheduler_filter(_node_json(nd), _pod_json(pd)).ok


@settings(max_examples=300, deadline=None)
@given(nd=node_bits)
def test_ordinary_pod_means_default_tolerations(nd: dict[str, Any]) -> None:
    """ordinary_pod_fits is the scheduler's answer for a pod with only DefaultTolerationSeconds' tolerations."""
    v = _view(nd, {})
    pod = rules.add_default_tolerations({"spec": {}})
    assert d.ordinary_pod_fits(v.node(0)) == rules.scheduler_filter(_node_json(nd), pod).ok


def test_taint_slots_are_the_well_known_taints() -> None:
    well_known = {
        rules.TAINT_NOT_READY_NO_SCHEDULE,
        rules.TAINT_NOT_READY_NO_EXECUTE,
        rules.TAINT_UNREACHABLE_NO_SCHEDULE,
        rules.TAINT_UNREACHABLE_NO_EXECUTE,
        rules.TAINT_UNSCHEDULABLE,
        rules.TAINT_MEMORY_PRESSURE,
        rules.TAINT_NETWORK_UNAVAILABLE,
        rules.TAINT_CLOUD_UNINITIALIZED,
    }
    slots = {(t.key, EFFECT[t.effect]) for t in d.TAINT_SLOTS if t.effect >= 0}
    assert slots == {(t.key, t.effect) for t in well_known}


def test_controller_taint_map_matches_the_rules() -> None:
    """The node lifecycle controller's NoSchedule pass in the model uses upstream's condition map."""
    assert rules.desired_no_schedule_taint_keys({"Ready": "False"}, False) == {"node.kubernetes.io/not-ready"}
    assert rules.desired_no_schedule_taint_keys({"Ready": "Unknown"}, True) == {
        "node.kubernetes.io/unreachable",
        "node.kubernetes.io/unschedulable",
    }
    assert rules.desired_no_execute_taint_key("False") == "node.kubernetes.io/not-ready"
    assert rules.desired_no_execute_taint_key(None) is None
