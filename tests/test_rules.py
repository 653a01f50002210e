"""Tests of nodereg.model.rules against Kubernetes' own test tables, row by row, plus properties.

Each table below is copied from the upstream Go test named in the comment above it; the row ids
are upstream's descriptions (or names) verbatim, so a failing row can be looked up upstream.
Rows that are not upstream's are in tables marked "(not upstream)" and say which upstream code
they pin down. The property tests compare the module with small reference implementations
written here from upstream's documented rules, so that each property can fail.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nodereg.model import rules as r

GATE = r.GATE_TAINT_TOLERATION_COMPARISON_OPERATORS
GATE_ON = {GATE: True}
GATE_OFF = {GATE: False}
NS, PNS, NE = r.EFFECT_NO_SCHEDULE, r.EFFECT_PREFER_NO_SCHEDULE, r.EFFECT_NO_EXECUTE


def tol(key: str = "", operator: str = "", value: str = "", effect: str = "", seconds: int | None = None):
    """A toleration as kubectl prints it: empty fields omitted."""
    out: dict[str, Any] = {}
    for name, field_value in (("key", key), ("operator", operator), ("value", value), ("effect", effect)):
        if field_value:
            out[name] = field_value
    if seconds is not None:
        out["tolerationSeconds"] = seconds
    return out


def taint(key: str, value: str = "", effect: str = "") -> dict[str, str]:
    out = {"key": key}
    if value:
        out["value"] = value
    if effect:
        out["effect"] = effect
    return out


def node(taints: list[dict[str, Any]] | None = None, unschedulable: bool = False) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    if taints is not None:
        spec["taints"] = taints
    if unschedulable:
        spec["unschedulable"] = True
    return {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "nodeA"}, "spec": spec}


def pod(tolerations: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": [{"name": "c", "image": "i"}]}
    if tolerations is not None:
        spec["tolerations"] = tolerations
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "pod1"}, "spec": spec}


SLA = "node.kubernetes.io/sla"

# ------------------------------------------------------------------------------------------------
# ToleratesTaint
# ------------------------------------------------------------------------------------------------

# staging/src/k8s.io/api/core/v1/toleration_test.go TestTolerationToleratesTaint (the version with
# Lt/Gt rows, kubernetes/kubernetes@19c6083b). Last column: upstream's
# enableTaintTolerationComparisonOperatorsFG for the row.
TOLERATES_TAINT_ROWS = [
    pytest.param(
        tol("foo", "Exists", effect=NS),
        taint("foo", effect=NS),
        True,
        False,
        id="toleration and taint have the same key and effect, and operator is Exists, and taint has no "
        "value, "
        "expect tolerated",
    ),
    pytest.param(
        tol("foo", "Exists", effect=NS),
        taint("foo", "bar", NS),
        True,
        False,
        id="toleration and taint have the same key and effect, and operator is Exists, and taint has some "
        "value, "
        "expect tolerated",
    ),
    pytest.param(
        tol("", "Exists", effect=NS),
        taint("foo", "bar", NS),
        True,
        False,
        id="toleration and taint have the same effect, toleration has empty key and operator is Exists, "
        "means match all taints, expect tolerated",
    ),
    pytest.param(
        tol("foo", "Equal", "bar", NS),
        taint("foo", "bar", NS),
        True,
        False,
        id="toleration and taint have the same key, effect and value, and operator is Equal, expect tolerated",
    ),
    pytest.param(
        tol("foo", "Equal", "value1", NS),
        taint("foo", "value2", NS),
        False,
        False,
        id="toleration and taint have the same key and effect, but different values, and operator is Equal, "
        "expect not tolerated",
    ),
    pytest.param(
        tol("foo", "Equal", "bar", NS),
        taint("foo", "bar", NE),
        False,
        False,
        id="toleration and taint have the same key and value, but different effects, and operator is Equal, "
        "expect not tolerated",
    ),
    pytest.param(
        tol(SLA, "Gt", "950", NS),
        taint(SLA, "800", NS),
        False,
        True,
        id="toleration with Gt operator - taint value less than toleration value, expect not tolerated",
    ),
    pytest.param(
        tol(SLA, "Gt", "750", NS),
        taint(SLA, "950", NS),
        True,
        True,
        id="toleration with Gt operator - taint value greater than toleration value, expect tolerated",
    ),
    pytest.param(
        tol(SLA, "Lt", "800", NS),
        taint(SLA, "950", NS),
        False,
        True,
        id="toleration with Lt operator - taint value greater than toleration value, expect not tolerated",
    ),
    pytest.param(
        tol(SLA, "Lt", "950", NS),
        taint(SLA, "800", NS),
        True,
        True,
        id="toleration with Lt operator - taint value less than toleration value, expect tolerated",
    ),
    pytest.param(
        tol(SLA, "Gt", "950", NS),
        taint(SLA, "950", NS),
        False,
        True,
        id="toleration with Gt operator and taint with equal numeric value, expect not tolerated",
    ),
    pytest.param(
        tol(SLA, "Gt", "950", NS),
        taint(SLA, "high", NS),
        False,
        True,
        id="toleration with Gt operator and taint with non-numeric value, expect not tolerated",
    ),
    pytest.param(
        tol("test-key", "Gt", "-100", NS),
        taint("test-key", "-200", NS),
        False,
        True,
        id="toleration with Gt operator and negative numeric values - taint value less than threshold, "
        "expect not tolerated",
    ),
    pytest.param(
        tol("test-key", "Gt", "9223372036854775806", NS),
        taint("test-key", "100", NS),
        False,
        True,
        id="toleration with Gt operator and large int64 values - taint value less than threshold, expect not tolerated",
    ),
]


@pytest.mark.parametrize(("toleration", "the_taint", "expected", "gate_on"), TOLERATES_TAINT_ROWS)
def test_toleration_tolerates_taint(toleration, the_taint, expected, gate_on):
    assert r.tolerates(toleration, the_taint, feature_gates={GATE: gate_on}) is expected


# (not upstream) The Lt/Gt rows above that upstream expects tolerated, run with the gate off:
# toleration.go returns false for Lt/Gt when enableComparisonOperators is false, and the gate is
# alpha, off by default, in 1.35 (pkg/features/kube_features.go).
LT_GT_TOLERATED_ROWS = [p for p in TOLERATES_TAINT_ROWS if p.values[3] and p.values[2]]


@pytest.mark.parametrize(("toleration", "the_taint", "expected", "gate_on"), LT_GT_TOLERATED_ROWS)
def test_lt_gt_never_tolerate_with_gate_off_or_default(toleration, the_taint, expected, gate_on):
    assert r.tolerates(toleration, the_taint, feature_gates={GATE: True}) is True
    assert r.tolerates(toleration, the_taint, feature_gates=GATE_OFF) is False
    assert r.tolerates(toleration, the_taint) is False  # 1.35 default: gate off
    assert r.tolerates(toleration, the_taint, feature_gates={}) is False  # {} overrides nothing


# (not upstream) Edge rows of ToleratesTaint that upstream's table does not spell out.
TOLERATES_EDGE_ROWS = [
    pytest.param(tol(operator="Exists"), taint("any", "v", NE), True, id="empty key and effect, Exists: tolerates all"),
    pytest.param(
        tol(operator="Exists", effect=NS), taint("any", "v", NE), False, id="empty key Exists, effect differs"
    ),
    pytest.param(tol(key="foo", value="bar"), taint("foo", "bar", PNS), True, id="operator omitted means Equal"),
    pytest.param(tol(key="foo"), taint("foo", "", NS), True, id="Equal with both values empty"),
    pytest.param(tol(key="foo"), taint("foo", "bar", NS), False, id="Equal empty value vs non-empty value"),
    pytest.param(tol(value="bar"), taint("anything", "bar", NS), True, id="empty key with Equal matches any key"),
    pytest.param(tol("foo", "Exists", "ignored", NS), taint("foo", "x", NS), True, id="Exists ignores value"),
    pytest.param(tol("foo", "exists", effect=NS), taint("foo", "", NS), False, id="operators are case-sensitive"),
    pytest.param(tol("foo", "Bogus", effect=NS), taint("foo", "", NS), False, id="unknown operator never matches"),
    pytest.param(tol("Foo", "Exists"), taint("foo", "", NS), False, id="keys are case-sensitive"),
    pytest.param({"key": "foo", "operator": None, "value": None}, taint("foo"), True, id="null fields are zero"),
]


@pytest.mark.parametrize(("toleration", "the_taint", "expected"), TOLERATES_EDGE_ROWS)
def test_tolerates_edges(toleration, the_taint, expected):
    assert r.tolerates(toleration, the_taint, feature_gates=GATE_ON) is expected


# staging/src/k8s.io/api/core/v1/toleration_test.go TestCompareNumericValues (kubernetes/kubernetes@19c6083b).
COMPARE_NUMERIC_ROWS = [
    pytest.param("100", "200", "Gt", True, id="Gt operator - taint value greater than toleration value, expect true"),
    pytest.param("200", "100", "Gt", False, id="Gt operator - taint value less than toleration value, expect false"),
    pytest.param("100", "100", "Gt", False, id="Gt operator - taint value equal to toleration value, expect false"),
    pytest.param("-100", "-50", "Gt", True, id="Gt operator - negative numbers, taint greater, expect true"),
    pytest.param("-50", "-100", "Gt", False, id="Gt operator - negative numbers, taint less, expect false"),
    pytest.param("0", "1", "Gt", True, id="Gt operator - zero and positive, expect true"),
    pytest.param(
        "9223372036854775806",
        "9223372036854775807",
        "Gt",
        True,
        id="Gt operator - large int64 values, taint greater, expect true",
    ),
    pytest.param("200", "100", "Lt", True, id="Lt operator - taint value less than toleration value, expect true"),
    pytest.param("100", "200", "Lt", False, id="Lt operator - taint value greater than toleration value, expect false"),
    pytest.param("100", "100", "Lt", False, id="Lt operator - taint value equal to toleration value, expect false"),
    pytest.param("-50", "-100", "Lt", True, id="Lt operator - negative numbers, taint less, expect true"),
    pytest.param("-100", "-50", "Lt", False, id="Lt operator - negative numbers, taint greater, expect false"),
    pytest.param("0", "-1", "Lt", True, id="Lt operator - zero and negative, expect true"),
    pytest.param("abc", "100", "Gt", False, id="Gt operator - invalid toleration value (non-numeric), expect false"),
    pytest.param("", "100", "Gt", False, id="Gt operator - invalid toleration value (empty string), expect false"),
    pytest.param("0100", "200", "Gt", False, id="Gt operator - invalid toleration value (leading zero), expect false"),
    pytest.param("+100", "200", "Gt", False, id="Gt operator - invalid toleration value (plus sign), expect false"),
    pytest.param(
        "100.5",
        "200",
        "Gt",
        False,
        id="Gt operator - invalid toleration value (floating point), expect false",
    ),
    pytest.param("-", "100", "Gt", False, id="Gt operator - invalid toleration value (just minus sign), expect false"),
    pytest.param("100", "xyz", "Gt", False, id="Gt operator - invalid taint value (non-numeric), expect false"),
    pytest.param("100", "", "Gt", False, id="Gt operator - invalid taint value (empty string), expect false"),
    pytest.param("100", "0200", "Gt", False, id="Gt operator - invalid taint value (leading zero), expect false"),
    pytest.param("100", "+200", "Lt", False, id="Lt operator - invalid taint value (plus sign), expect false"),
    pytest.param("100", " 200 ", "Lt", False, id="Lt operator - invalid taint value (spaces), expect false"),
    pytest.param("100", "100", "Equal", False, id="Equal operator (unsupported for numeric comparison), expect false"),
    pytest.param(
        "100", "100", "Exists", False, id="Exists operator (unsupported for numeric comparison), expect false"
    ),
    pytest.param("0", "0", "Gt", False, id="Gt operator - both zero, expect false"),
    pytest.param("0", "0", "Lt", False, id="Lt operator - both zero, expect false"),
    pytest.param("0", "9223372036854775807", "Gt", True, id="Gt operator - max int64 as taint, expect true"),
    pytest.param("0", "-9223372036854775808", "Lt", True, id="Lt operator - min int64 as taint, expect true"),
]


@pytest.mark.parametrize(("toleration_value", "taint_value", "operator", "expected"), COMPARE_NUMERIC_ROWS)
def test_compare_numeric_values(toleration_value, taint_value, operator, expected):
    assert r.compare_numeric_values(toleration_value, taint_value, operator) is expected
    if operator in ("Lt", "Gt"):  # the same verdict through ToleratesTaint with the gate on
        toleration = tol("k", operator, toleration_value, NS)
        assert r.tolerates(toleration, taint("k", taint_value, NS), feature_gates=GATE_ON) is expected


# (not upstream) content.IsDecimalInteger and strconv.ParseInt's int64 range, which 1.35's
# compareNumericValues applies in that order (staging/src/k8s.io/apimachinery/pkg/api/validate/content).
INT64_EDGE_ROWS = [
    pytest.param("0", "9223372036854775808", "Gt", False, id="taint value above int64 max"),
    pytest.param("0", "-9223372036854775809", "Lt", False, id="taint value below int64 min"),
    pytest.param("-0", "1", "Gt", False, id="minus zero is not canonical"),
    pytest.param("1_000", "2000", "Gt", False, id="underscore rejected though Python int accepts it"),
    pytest.param("\u0661", "2", "Gt", False, id="non-ASCII digit rejected though Python int accepts it"),
    pytest.param("-1", "0", "Gt", True, id="negative toleration value"),
]


@pytest.mark.parametrize(("toleration_value", "taint_value", "operator", "expected"), INT64_EDGE_ROWS)
def test_compare_numeric_values_int64_edges(toleration_value, taint_value, operator, expected):
    assert r.compare_numeric_values(toleration_value, taint_value, operator) is expected


# ------------------------------------------------------------------------------------------------
# FindMatchingUntoleratedTaint / TolerationsTolerateTaint
# ------------------------------------------------------------------------------------------------


def _all(_t):
    return True


def _none(_t):
    return False


def _no_execute(t):
    return t.get("effect") == NE


# staging/src/k8s.io/component-helpers/scheduling/corev1/helpers_test.go TestFindMatchingUntoleratedTaint
# (kubernetes/kubernetes@04c0d74f). Columns: tolerations, taints, filter, expectTolerated,
# enableComparisonOperatorsFG, and the taint this module returns (upstream checks only the bool).
FIND_UNTOLERATED_ROWS = [
    pytest.param([], [], _all, True, False, None, id="empty tolerations tolerate empty taints"),
    pytest.param(
        [tol("foo", "Exists", effect=NS)],
        [],
        _all,
        True,
        False,
        None,
        id="non-empty tolerations tolerate empty taints",
    ),
    pytest.param(
        [tol("foo", "Exists", effect=NS)],
        [taint("foo", effect=NS)],
        _all,
        True,
        False,
        None,
        id="tolerations match all taints, expect tolerated",
    ),
    pytest.param(
        [tol("foo", "Exists", effect=NS)],
        [taint("bar", effect=NS)],
        _none,
        True,
        False,
        None,
        id="tolerations don't match taints, but no taints apply to the filter, expect tolerated",
    ),
    pytest.param(
        [tol("foo", "Exists", effect=NS)],
        [taint("bar", effect=NS)],
        None,
        False,
        False,
        taint("bar", effect=NS),
        id="no filterFunc indicated, means all taints apply to the filter, tolerations don't match taints, "
        "expect untolerated",
    ),
    pytest.param(
        [tol("foo", "Exists", effect=NE)],
        [taint("foo", effect=NE), taint("bar", effect=NS)],
        _no_execute,
        True,
        False,
        None,
        id="tolerations match taints, expect tolerated",
    ),
    pytest.param(
        [tol(SLA, "Gt", "950", NS)],
        [taint(SLA, "800", NS)],
        _all,
        False,
        True,
        taint(SLA, "800", NS),
        id="numeric Gt operator with taint value below threshold, expect not tolerated",
    ),
    pytest.param(
        [tol(SLA, "Gt", "750", NS)],
        [taint(SLA, "950", NS)],
        _all,
        True,
        True,
        None,
        id="numeric Gt operator with taint value above threshold, expect tolerated",
    ),
    pytest.param(
        [tol(SLA, "Lt", "800", NS)],
        [taint(SLA, "950", NS)],
        _all,
        False,
        True,
        taint(SLA, "950", NS),
        id="numeric Lt operator with taint value above threshold, expect not tolerated",
    ),
    pytest.param(
        [tol(SLA, "Gt", "950", NS)],
        [taint(SLA, "high", NS)],
        _all,
        False,
        True,
        taint(SLA, "high", NS),
        id="numeric Gt operator with non-numeric taint value, expect not tolerated",
    ),
    pytest.param(
        [tol(SLA, "Gt", "950", NS), tol(SLA, "Exists", effect=NS)],
        [taint(SLA, "high", NS)],
        _all,
        True,
        True,
        None,
        id="numeric Gt parse error is ignored when a later toleration matches the taint",
    ),
]


@pytest.mark.parametrize(
    ("tolerations", "taints", "the_filter", "expect_tolerated", "gate_on", "expected_taint"),
    FIND_UNTOLERATED_ROWS,
)
def test_find_matching_untolerated_taint(tolerations, taints, the_filter, expect_tolerated, gate_on, expected_taint):
    found = r.find_matching_untolerated_taint(taints, tolerations, the_filter, feature_gates={GATE: gate_on})
    assert (found is None) is expect_tolerated
    assert found == expected_taint


# (not upstream) FindMatchingUntoleratedTaint returns the FIRST untolerated taint in node order.
def test_find_matching_untolerated_taint_returns_first_in_node_order():
    taints = [taint("a", effect=PNS), taint("b", "1", NS), taint("c", effect=NE), taint("d", effect=NS)]
    tolerations = [tol("c", "Exists")]
    assert r.find_matching_untolerated_taint(taints, tolerations) == taint("a", effect=PNS)
    assert r.find_matching_untolerated_taint(taints, tolerations, r.do_not_schedule_taints_filter) == taint(
        "b", "1", NS
    )
    assert r.find_matching_untolerated_taint(list(reversed(taints)), tolerations, _all) == taint("d", effect=NS)


# (not upstream) TolerationsTolerateTaint: any toleration suffices, order irrelevant, Taint objects accepted.
TOLERATIONS_TOLERATE_ROWS = [
    pytest.param([], r.TAINT_UNSCHEDULABLE, False, id="no tolerations"),
    pytest.param(None, r.TAINT_UNSCHEDULABLE, False, id="null tolerations"),
    pytest.param([tol("x", "Exists"), tol(r.KEY_UNSCHEDULABLE, effect=NS)], r.TAINT_UNSCHEDULABLE, True, id="second"),
    pytest.param([tol(r.KEY_UNSCHEDULABLE, effect=NE)], r.TAINT_UNSCHEDULABLE, False, id="wrong effect"),
    pytest.param([tol(r.KEY_CLOUD_UNINITIALIZED, "Equal", "true")], r.TAINT_CLOUD_UNINITIALIZED, True, id="cloud"),
]


@pytest.mark.parametrize(("tolerations", "the_taint", "expected"), TOLERATIONS_TOLERATE_ROWS)
def test_tolerations_tolerate_taint(tolerations, the_taint, expected):
    assert r.tolerations_tolerate_taint(tolerations, the_taint) is expected


DO_NOT_SCHEDULE_ROWS = [
    pytest.param(taint("k", effect=NS), True, id="NoSchedule"),
    pytest.param(taint("k", effect=NE), True, id="NoExecute"),
    pytest.param(taint("k", effect=PNS), False, id="PreferNoSchedule"),
    pytest.param(taint("k"), False, id="no effect"),
]


# (not upstream) pkg/scheduler/framework/plugins/helper/taint.go DoNotScheduleTaintsFilterFunc.
@pytest.mark.parametrize(("the_taint", "expected"), DO_NOT_SCHEDULE_ROWS)
def test_do_not_schedule_taints_filter(the_taint, expected):
    assert r.do_not_schedule_taints_filter(the_taint) is expected


# ------------------------------------------------------------------------------------------------
# Scheduler filters
# ------------------------------------------------------------------------------------------------

# pkg/scheduler/framework/plugins/tainttoleration/taint_toleration_test.go TestTaintTolerationFilter
# (kubernetes/kubernetes@cb6ff2d8). Last column: upstream's expected reason at that commit, in the
# pre-1.35 format; 1.35 reports REASON_UNTOLERATED_TAINT instead (PR #134740), and the taint named
# by the old message is checked against Decision.untolerated_taint.
TAINT_TOLERATION_FILTER_ROWS = [
    pytest.param(
        [],
        [taint("dedicated", "user1", NS)],
        "node(s) had untolerated taint {dedicated: user1}",
        id="A pod having no tolerations can't be scheduled onto a node with nonempty taints",
    ),
    pytest.param(
        [tol("dedicated", value="user1", effect=NS)],
        [taint("dedicated", "user1", NS)],
        None,
        id="A pod which can be scheduled on a dedicated node assigned to user1 with effect NoSchedule",
    ),
    pytest.param(
        [tol("dedicated", "Equal", "user2", NS)],
        [taint("dedicated", "user1", NS)],
        "node(s) had untolerated taint {dedicated: user1}",
        id="A pod which can't be scheduled on a dedicated node assigned to user2 with effect NoSchedule",
    ),
    pytest.param(
        [tol("foo", "Exists", effect=NS)],
        [taint("foo", "bar", NS)],
        None,
        id="A pod can be scheduled onto the node, with a toleration uses operator Exists that tolerates the "
        "taints "
        "on the node",
    ),
    pytest.param(
        [tol("dedicated", "Equal", "user2", NS), tol("foo", "Exists", effect=NS)],
        [taint("dedicated", "user2", NS), taint("foo", "bar", NS)],
        None,
        id="A pod has multiple tolerations, node has multiple taints, all the taints are tolerated, pod can "
        "be "
        "scheduled onto the node",
    ),
    pytest.param(
        [tol("foo", "Equal", "bar", PNS)],
        [taint("foo", "bar", NS)],
        "node(s) had untolerated taint {foo: bar}",
        id="A pod has a toleration that keys and values match the taint on the node, but (non-empty) effect "
        "doesn't match, can't be scheduled onto the node",
    ),
    pytest.param(
        [tol("foo", "Equal", "bar")],
        [taint("foo", "bar", NS)],
        None,
        id="The pod has a toleration that keys and values match the taint on the node, the effect of "
        "toleration "
        "is empty, and the effect of taint is NoSchedule. Pod can be scheduled onto the node",
    ),
    pytest.param(
        [tol("dedicated", "Equal", "user2", NS)],
        [taint("dedicated", "user1", PNS)],
        None,
        id="The pod has a toleration that key and value don't match the taint on the node, but the effect of "
        "taint on node is PreferNoSchedule. Pod can be scheduled onto the node",
    ),
    pytest.param(
        [],
        [taint("dedicated", "user1", PNS)],
        None,
        id="The pod has no toleration, but the effect of taint on node is PreferNoSchedule. Pod can be "
        "scheduled "
        "onto the node",
    ),
]


@pytest.mark.parametrize(("tolerations", "taints", "legacy_reason"), TAINT_TOLERATION_FILTER_ROWS)
def test_taint_toleration_filter(tolerations, taints, legacy_reason):
    decision = r.scheduler_filter(node(taints), pod(tolerations))
    if legacy_reason is None:
        assert decision == r.Decision(True, [])
        assert decision.untolerated_taint is None
    else:
        assert decision == r.Decision(False, [r.REASON_UNTOLERATED_TAINT])
        blocked = decision.untolerated_taint
        assert blocked is not None
        formatted = r.REASON_UNTOLERATED_TAINT_LEGACY_FORMAT.format(key=blocked["key"], value=blocked.get("value", ""))
        assert formatted == legacy_reason


# pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable_test.go TestNodeUnschedulable
# (kubernetes/kubernetes@b574b11f), plus the nil-node case of node_unschedulable.go's Filter
# (kubernetes/kubernetes@09b2e8f6: `if nodeInfo == nil || nodeInfo.Node() == nil`).
NODE_UNSCHEDULABLE_ROWS = [
    pytest.param(
        {},
        node(unschedulable=True),
        [r.REASON_NODE_UNSCHEDULABLE],
        id="Does not schedule pod to unschedulable node (node.Spec.Unschedulable==true)",
    ),
    pytest.param({}, node(unschedulable=False), [], id="Schedule pod to normal node"),
    pytest.param(
        pod([tol(r.KEY_UNSCHEDULABLE, effect=NS)]),
        node(unschedulable=True),
        [],
        id="Schedule pod with toleration to unschedulable node (node.Spec.Unschedulable==true)",
    ),
    pytest.param({}, None, [r.REASON_NODE_UNKNOWN_CONDITION], id="nil node (node_unschedulable.go Filter)"),
]


@pytest.mark.parametrize(("the_pod", "the_node", "reasons"), NODE_UNSCHEDULABLE_ROWS)
def test_node_unschedulable(the_pod, the_node, reasons):
    assert r.scheduler_filter(the_node, the_pod) == r.Decision(not reasons, reasons)


def test_reason_strings_are_upstreams():
    # node_unschedulable.go ErrReasonUnschedulable / ErrReasonUnknownCondition; taint_toleration.go
    # Filter since PR #134740 (v1.35.0).
    assert r.REASON_NODE_UNSCHEDULABLE == "node(s) were unschedulable"
    assert r.REASON_NODE_UNKNOWN_CONDITION == "node(s) had unknown conditions"
    assert r.REASON_UNTOLERATED_TAINT == "node(s) had untolerated taint(s)"


# (not upstream) Both filters together, in default_plugins.go order, with RunFilterPlugins
# (pkg/scheduler/framework/runtime/framework.go) stopping at the first rejecting plugin.
SCHEDULER_FILTER_ROWS = [
    pytest.param(
        node([taint("a", effect=NS)], unschedulable=True),
        pod(),
        False,
        [r.REASON_NODE_UNSCHEDULABLE],
        id="both fail: upstream reports NodeUnschedulable only",
    ),
    pytest.param(
        node([taint("a", effect=NS)], unschedulable=True),
        pod(),
        True,
        [r.REASON_NODE_UNSCHEDULABLE, r.REASON_UNTOLERATED_TAINT],
        id="both fail, run_all_filters: both reasons, NodeUnschedulable first",
    ),
    pytest.param(
        node([taint("a", effect=NE)]), pod(), False, [r.REASON_UNTOLERATED_TAINT], id="NoExecute taint blocks"
    ),
    pytest.param(node([taint("a", "1", PNS)]), pod(), True, [], id="PreferNoSchedule never blocks"),
    pytest.param(node(None), pod(None), False, [], id="no taints, no tolerations, schedulable"),
    pytest.param(
        node([r.TAINT_NOT_READY_NO_SCHEDULE.as_json()]),
        pod(),
        False,
        [r.REASON_UNTOLERATED_TAINT],
        id="admission not-ready taint blocks ordinary pods",
    ),
    pytest.param(
        node([r.TAINT_NOT_READY_NO_EXECUTE.as_json()]),
        r.add_default_tolerations(pod()),
        False,
        [],
        id="default tolerations tolerate the not-ready NoExecute taint",
    ),
    pytest.param(
        node([r.TAINT_NOT_READY_NO_SCHEDULE.as_json(), r.TAINT_NOT_READY_NO_EXECUTE.as_json()]),
        r.add_default_tolerations(pod()),
        False,
        [r.REASON_UNTOLERATED_TAINT],
        id="default tolerations do not cover not-ready NoSchedule",
    ),
    pytest.param(
        node([taint("a", effect=NS)], unschedulable=True),
        pod([tol(operator="Exists")]),
        False,
        [],
        id="tolerate-everything passes both filters",
    ),
    pytest.param(
        node([], unschedulable=True),
        pod([tol(r.KEY_UNSCHEDULABLE, "Equal", "x", NS)]),
        False,
        [r.REASON_NODE_UNSCHEDULABLE],
        id="unschedulable toleration with a value does not match the synthetic empty-value taint",
    ),
    pytest.param(
        node([], unschedulable=True),
        pod([tol(r.KEY_UNSCHEDULABLE, "Exists", effect=NE)]),
        False,
        [r.REASON_NODE_UNSCHEDULABLE],
        id="unschedulable toleration for NoExecute does not match the NoSchedule taint",
    ),
    pytest.param(
        node([r.TAINT_UNSCHEDULABLE.as_json()], unschedulable=False),
        pod(),
        False,
        [r.REASON_UNTOLERATED_TAINT],
        id="unschedulable taint without the field is TaintToleration's business",
    ),
]


@pytest.mark.parametrize(("the_node", "the_pod", "run_all", "reasons"), SCHEDULER_FILTER_ROWS)
def test_scheduler_filter(the_node, the_pod, run_all, reasons):
    decision = r.scheduler_filter(the_node, the_pod, run_all_filters=run_all)
    assert decision == r.Decision(not reasons, reasons)
    assert decision.ok is (not reasons)


def test_scheduler_filter_reads_no_condition():
    ready = node([])
    ready["status"] = {"conditions": [{"type": "Ready", "status": "True"}]}
    not_ready = node([])
    not_ready["status"] = {"conditions": [{"type": "Ready", "status": "False"}]}
    assert r.scheduler_filter(ready, pod()) == r.scheduler_filter(not_ready, pod()) == r.Decision(True, [])


def test_scheduler_filter_gate_reaches_taint_toleration():
    the_node = node([taint(SLA, "950", NS)])
    the_pod = pod([tol(SLA, "Gt", "750", NS)])
    assert r.scheduler_filter(the_node, the_pod).ok is False
    assert r.scheduler_filter(the_node, the_pod, feature_gates=GATE_ON).ok is True


def test_decision_is_frozen_and_reasons_default_empty():
    decision = r.Decision(True)
    assert decision.reasons == []
    with pytest.raises(AttributeError):
        decision.ok = False  # type: ignore[misc]


# ------------------------------------------------------------------------------------------------
# Feature gates
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["1.31", "1.32", "1.33", "1.34", "1.35"])
def test_comparison_operators_gate_is_off_in_every_version(version):
    # pkg/features/kube_features.go: absent before 1.35, {1.35, Default: false, Alpha}.
    assert r.default_feature_gates(version) == {GATE: False}


def test_default_feature_gates_is_a_copy_and_targets_1_35():
    assert r.K8S_VERSION == "1.35"
    gates = r.default_feature_gates()
    gates[GATE] = True
    assert r.default_feature_gates()[GATE] is False
    assert r.FEATURE_GATES_BY_VERSION["1.35"][GATE] is False


def test_unknown_version_is_an_error():
    with pytest.raises(ValueError, match=r"1\.99"):
        r.default_feature_gates("1.99")


def test_feature_gates_override_key_by_key():
    lt = tol("k", "Lt", "10", NS)
    low = taint("k", "5", NS)
    assert r.tolerates(lt, low, feature_gates={"SomeOtherGate": True}) is False  # default kept
    assert r.tolerates(lt, low, feature_gates={"SomeOtherGate": True, GATE: True}) is True


# ------------------------------------------------------------------------------------------------
# Well-known taints and the node lifecycle controller
# ------------------------------------------------------------------------------------------------

WELL_KNOWN_TAINT_ROWS = [
    pytest.param(r.TAINT_NOT_READY_NO_SCHEDULE, {"key": "node.kubernetes.io/not-ready", "effect": NS}, id="nr-ns"),
    pytest.param(r.TAINT_NOT_READY_NO_EXECUTE, {"key": "node.kubernetes.io/not-ready", "effect": NE}, id="nr-ne"),
    pytest.param(r.TAINT_UNREACHABLE_NO_SCHEDULE, {"key": "node.kubernetes.io/unreachable", "effect": NS}, id="u-ns"),
    pytest.param(r.TAINT_UNREACHABLE_NO_EXECUTE, {"key": "node.kubernetes.io/unreachable", "effect": NE}, id="u-ne"),
    pytest.param(r.TAINT_UNSCHEDULABLE, {"key": "node.kubernetes.io/unschedulable", "effect": NS}, id="unsched"),
    pytest.param(r.TAINT_MEMORY_PRESSURE, {"key": "node.kubernetes.io/memory-pressure", "effect": NS}, id="mem"),
    pytest.param(r.TAINT_DISK_PRESSURE, {"key": "node.kubernetes.io/disk-pressure", "effect": NS}, id="disk"),
    pytest.param(r.TAINT_PID_PRESSURE, {"key": "node.kubernetes.io/pid-pressure", "effect": NS}, id="pid"),
    pytest.param(
        r.TAINT_NETWORK_UNAVAILABLE, {"key": "node.kubernetes.io/network-unavailable", "effect": NS}, id="net"
    ),
    pytest.param(
        r.TAINT_CLOUD_UNINITIALIZED,
        {"key": "node.cloudprovider.kubernetes.io/uninitialized", "value": "true", "effect": NS},
        id="cloud",
    ),
]


# staging/src/k8s.io/api/core/v1/well_known_taints.go, cloud-provider/api/well_known_taints.go,
# node_lifecycle_controller.go taint templates, kubelet_node_status.go (cloud taint value "true").
@pytest.mark.parametrize(("well_known", "as_json"), WELL_KNOWN_TAINT_ROWS)
def test_well_known_taints(well_known, as_json):
    assert well_known.as_json() == as_json
    assert r.Taint.from_json(as_json) == well_known
    assert r.tolerates(tol(as_json["key"], "Exists", effect=as_json["effect"]), well_known) is True


def test_condition_taints_is_upstreams_map():
    # node_lifecycle_controller.go nodeConditionToTaintKeyStatusMap.
    assert dict(r.CONDITION_TAINTS) == {
        ("Ready", "False"): "node.kubernetes.io/not-ready",
        ("Ready", "Unknown"): "node.kubernetes.io/unreachable",
        ("MemoryPressure", "True"): "node.kubernetes.io/memory-pressure",
        ("DiskPressure", "True"): "node.kubernetes.io/disk-pressure",
        ("NetworkUnavailable", "True"): "node.kubernetes.io/network-unavailable",
        ("PIDPressure", "True"): "node.kubernetes.io/pid-pressure",
    }
    with pytest.raises(TypeError):
        r.CONDITION_TAINTS[("Ready", "True")] = "x"  # type: ignore[index]


# pkg/controller/nodelifecycle/node_lifecycle_controller_test.go TestTaintsNodeByCondition: the
# first and third rows are upstream's (their OutOfDisk condition no longer exists since 1.13 and
# is kept only as an unmapped condition); the rest (not upstream) cover every map entry.
NO_SCHEDULE_KEYS_ROWS = [
    pytest.param(
        {"Ready": "True", "NetworkUnavailable": "True"},
        False,
        {r.KEY_NETWORK_UNAVAILABLE},
        id="NetworkUnavailable is true",
    ),
    pytest.param(
        {"Ready": "True", "NetworkUnavailable": "True", "OutOfDisk": "Unknown"},
        False,
        {r.KEY_NETWORK_UNAVAILABLE},
        id="NetworkUnavailable is true, OutOfDisk is unknown",
    ),
    pytest.param({"Ready": "True"}, False, set(), id="Ready is true"),
    pytest.param({"Ready": "False"}, False, {r.KEY_NOT_READY}, id="Ready is false"),
    pytest.param({"Ready": "Unknown"}, False, {r.KEY_UNREACHABLE}, id="Ready is unknown"),
    pytest.param({}, False, set(), id="no Ready condition adds no Ready taint"),
    pytest.param({}, True, {r.KEY_UNSCHEDULABLE}, id="unschedulable"),
    pytest.param(
        {"Ready": "False", "MemoryPressure": "True", "DiskPressure": "True", "PIDPressure": "True"},
        True,
        {
            r.KEY_NOT_READY,
            r.KEY_MEMORY_PRESSURE,
            r.KEY_DISK_PRESSURE,
            r.KEY_PID_PRESSURE,
            r.KEY_UNSCHEDULABLE,
        },
        id="everything at once",
    ),
    pytest.param(
        {
            "MemoryPressure": "False",
            "DiskPressure": "Unknown",
            "PIDPressure": "Unknown",
            "NetworkUnavailable": "False",
        },
        False,
        set(),
        id="pressure conditions only taint when True",
    ),
]


@pytest.mark.parametrize(("conditions", "unschedulable", "expected"), NO_SCHEDULE_KEYS_ROWS)
def test_desired_no_schedule_taint_keys(conditions, unschedulable, expected):
    assert r.desired_no_schedule_taint_keys(conditions, unschedulable) == expected


# (not upstream) node_lifecycle_controller.go processTaintBaseEviction's switch on Ready.
NO_EXECUTE_KEY_ROWS = [
    pytest.param("False", r.KEY_NOT_READY, id="Ready False"),
    pytest.param("Unknown", r.KEY_UNREACHABLE, id="Ready Unknown"),
    pytest.param("True", None, id="Ready True"),
    pytest.param(None, None, id="no Ready condition"),
]


@pytest.mark.parametrize(("ready", "expected"), NO_EXECUTE_KEY_ROWS)
def test_desired_no_execute_taint_key(ready, expected):
    assert r.desired_no_execute_taint_key(ready) == expected


# ------------------------------------------------------------------------------------------------
# Admission
# ------------------------------------------------------------------------------------------------

NR = r.KEY_NOT_READY
UR = r.KEY_UNREACHABLE
ALPHA_NR = "node.alpha.kubernetes.io/notReady"  # DeprecatedTaintNodeNotReady in the upstream test
ALPHA_UR = "node.alpha.kubernetes.io/unreachable"  # DeprecatedTaintNodeUnreachable
DEF_NR = tol(NR, "Exists", effect=NE, seconds=300)
DEF_UR = tol(UR, "Exists", effect=NE, seconds=300)

# plugin/pkg/admission/defaulttolerationseconds/admission_test.go TestForgivenessAdmission
# ("the order of tolerations matters!"), plus (not upstream) the last two rows.
FORGIVENESS_ROWS = [
    pytest.param(
        None,
        [DEF_NR, DEF_UR],
        id="pod has no tolerations, expect add tolerations for `not-ready:NoExecute` and `unreachable:NoExecute`",
    ),
    pytest.param(
        [tol(ALPHA_NR, "Exists", effect=NE, seconds=300), tol(ALPHA_UR, "Exists", effect=NE, seconds=300)],
        [
            tol(ALPHA_NR, "Exists", effect=NE, seconds=300),
            tol(ALPHA_UR, "Exists", effect=NE, seconds=300),
            DEF_NR,
            DEF_UR,
        ],
        id="pod has alpha tolerations, expect add tolerations for `not-ready:NoExecute` and "
        "`unreachable:NoExecute`"
        ", the alpha tolerations will not be touched",
    ),
    pytest.param(
        [tol(ALPHA_NR, "Exists", effect=NE, seconds=300)],
        [tol(ALPHA_NR, "Exists", effect=NE, seconds=300), DEF_NR, DEF_UR],
        id="pod has alpha not-ready toleration, expect add tolerations for `not-ready:NoExecute` and "
        "`unreachable:NoExecute`, the alpha tolerations will not be touched",
    ),
    pytest.param(
        [tol(ALPHA_UR, "Exists", effect=NE, seconds=300)],
        [tol(ALPHA_UR, "Exists", effect=NE, seconds=300), DEF_NR, DEF_UR],
        id="pod has alpha unreachable toleration, expect add tolerations for `not-ready:NoExecute` and "
        "`unreachable:NoExecute`, the alpha tolerations will not be touched",
    ),
    pytest.param(
        [tol("foo", "Equal", "bar", NS, seconds=700)],
        [tol("foo", "Equal", "bar", NS, seconds=700), DEF_NR, DEF_UR],
        id="pod has tolerations, but none is for taint `not-ready:NoExecute` or `unreachable:NoExecute`, "
        "expect add "
        "tolerations for `not-ready:NoExecute` and `unreachable:NoExecute`",
    ),
    pytest.param(
        [tol(NR, "Exists", effect=NE, seconds=700)],
        [tol(NR, "Exists", effect=NE, seconds=700), DEF_UR],
        id="pod specified a toleration for taint `not-ready:NoExecute`, expect add toleration for "
        "`unreachable:NoExecute`",
    ),
    pytest.param(
        [tol(UR, "Exists", effect=NE, seconds=700)],
        [tol(UR, "Exists", effect=NE, seconds=700), DEF_NR],
        id="pod specified a toleration for taint `unreachable:NoExecute`, expect add toleration for "
        "`not-ready:NoExecute`",
    ),
    pytest.param(
        [tol(NR, "Exists", effect=NE, seconds=700), tol(UR, "Exists", effect=NE, seconds=700)],
        [tol(NR, "Exists", effect=NE, seconds=700), tol(UR, "Exists", effect=NE, seconds=700)],
        id="pod specified tolerations for both `not-ready:NoExecute` and `unreachable:NoExecute`, expect no change",
    ),
    pytest.param(
        [tol(UR, "Exists", seconds=700)],
        [tol(UR, "Exists", seconds=700), DEF_NR],
        id="pod specified toleration for taint `unreachable`, expect add toleration for `not-ready:NoExecute`",
    ),
    pytest.param(
        [tol(operator="Exists", seconds=700)],
        [tol(operator="Exists", seconds=700)],
        id="pod has wildcard toleration for all kind of taints, expect no change",
    ),
    pytest.param(
        [tol(NR, "Equal", "x", NE)],
        [tol(NR, "Equal", "x", NE), DEF_UR],
        id="(not upstream) a not-ready toleration with any operator and value counts as present",
    ),
    pytest.param(
        [tol(NR, "Exists", effect=NS)],
        [tol(NR, "Exists", effect=NS), DEF_NR, DEF_UR],
        id="(not upstream) a NoSchedule not-ready toleration does not count",
    ),
]


@pytest.mark.parametrize(("tolerations", "expected"), FORGIVENESS_ROWS)
def test_forgiveness_admission(tolerations, expected):
    original = pod(tolerations)
    snapshot = copy.deepcopy(original)
    admitted = r.add_default_tolerations(original)
    assert admitted["spec"]["tolerations"] == expected
    assert original == snapshot  # the input pod is not modified
    assert {k: v for k, v in admitted.items() if k != "spec"} == {k: v for k, v in original.items() if k != "spec"}


def test_default_tolerations_constant():
    assert r.DEFAULT_TOLERATIONS == (DEF_NR, DEF_UR)
    assert r.add_default_tolerations({})["spec"]["tolerations"] == [DEF_NR, DEF_UR]
    custom = r.add_default_tolerations(pod(), not_ready_seconds=60, unreachable_seconds=30)
    assert [t["tolerationSeconds"] for t in custom["spec"]["tolerations"]] == [60, 30]


# (not upstream) plugin/pkg/admission/nodetaint/admission.go addNotReadyTaint (MatchTaint: key and effect).
NODE_TAINT_ROWS = [
    pytest.param(None, [r.TAINT_NOT_READY_NO_SCHEDULE.as_json()], id="no taints"),
    pytest.param([taint("a", "b", NS)], [taint("a", "b", NS), r.TAINT_NOT_READY_NO_SCHEDULE.as_json()], id="append"),
    pytest.param([taint(NR, "v", NS)], [taint(NR, "v", NS)], id="same key and effect, other value: kept as is"),
    pytest.param(
        [taint(NR, effect=NE)],
        [taint(NR, effect=NE), r.TAINT_NOT_READY_NO_SCHEDULE.as_json()],
        id="other effect",
    ),
]


@pytest.mark.parametrize(("taints", "expected"), NODE_TAINT_ROWS)
def test_add_not_ready_taint_on_create(taints, expected):
    original = node(taints)
    snapshot = copy.deepcopy(original)
    assert r.add_not_ready_taint_on_create(original)["spec"]["taints"] == expected
    assert original == snapshot


# ------------------------------------------------------------------------------------------------
# Taint-based eviction
# ------------------------------------------------------------------------------------------------

# pkg/controller/tainteviction/taint_eviction_test.go TestGetMinTolerationTime: a list of "used"
# tolerations -> -1 (forever) / 0 / seconds. Each row is run through eviction_delay_seconds by giving
# toleration i its own key k<i> and the node one NoExecute taint per toleration, so that exactly these
# tolerations are used. (The first row, no tolerations, becomes "one untolerated taint" -> 0.)
MIN_TOLERATION_ROWS = [
    pytest.param([], 0.0, id="tolerations: [] -> 0"),
    pytest.param([None], None, id="tolerations: [nil] -> -1"),
    pytest.param([1, 2], 1.0, id="tolerations: [1, 2] -> 1s"),
    pytest.param([1, None], 1.0, id="tolerations: [1, nil] -> 1s"),
    pytest.param([None, 1], 1.0, id="tolerations: [nil, 1] -> 1s"),
]


@pytest.mark.parametrize(("seconds", "expected"), MIN_TOLERATION_ROWS)
def test_get_min_toleration_time(seconds, expected):
    tolerations = [tol(f"k{i}", "Exists", effect=NE, seconds=s) for i, s in enumerate(seconds)]
    taints = [taint(f"k{i}", effect=NE) for i in range(len(seconds))] or [taint("k0", effect=NE)]
    assert r.eviction_delay_seconds(tolerations, taints) == expected
    # and getMinTolerationTime itself, on upstream's list of used tolerations (-1 is None here)
    assert r._min_toleration_seconds(tolerations) == expected


# (not upstream) processPodOnNode / getPodEvictionDecision and GetMatchingTolerations.
EVICTION_ROWS = [
    pytest.param([], [], None, id="no taints: never evicted"),
    pytest.param([], [taint("a", effect=NS), taint("b", effect=PNS)], None, id="only non-NoExecute taints: never"),
    pytest.param([], [r.TAINT_NOT_READY_NO_EXECUTE], 0.0, id="untolerated NoExecute: now"),
    pytest.param(list(r.DEFAULT_TOLERATIONS), [r.TAINT_NOT_READY_NO_EXECUTE], 300.0, id="default tolerations: 300"),
    pytest.param(
        list(r.DEFAULT_TOLERATIONS),
        [r.TAINT_UNREACHABLE_NO_EXECUTE, taint("x", effect=NE)],
        0.0,
        id="one tolerated, one not: now",
    ),
    pytest.param([tol(NR, "Exists", effect=NE)], [r.TAINT_NOT_READY_NO_EXECUTE], None, id="no seconds: forever"),
    pytest.param([tol(NR, "Exists", effect=NE, seconds=0)], [r.TAINT_NOT_READY_NO_EXECUTE], 0.0, id="seconds 0"),
    pytest.param([tol(NR, "Exists", effect=NE, seconds=-5)], [r.TAINT_NOT_READY_NO_EXECUTE], 0.0, id="negative"),
    pytest.param(
        [tol(NR, "Exists", effect=NE), tol(NR, "Exists", effect=NE, seconds=10)],
        [r.TAINT_NOT_READY_NO_EXECUTE],
        None,
        id="first matching toleration is the one used: forever shadows 10s",
    ),
    pytest.param(
        [tol(NR, "Exists", effect=NE, seconds=10), tol(NR, "Exists", effect=NE)],
        [r.TAINT_NOT_READY_NO_EXECUTE],
        10.0,
        id="first matching toleration is the one used: 10s",
    ),
    pytest.param(
        [tol(NR, "Exists", effect=NE, seconds=100), tol(UR, "Exists", effect=NE, seconds=20)],
        [r.TAINT_NOT_READY_NO_EXECUTE, r.TAINT_UNREACHABLE_NO_EXECUTE, taint("a", effect=NS)],
        20.0,
        id="minimum over the NoExecute taints",
    ),
    pytest.param(
        [tol(operator="Exists", seconds=60)],
        [r.TAINT_NOT_READY_NO_EXECUTE, r.TAINT_UNREACHABLE_NO_EXECUTE],
        60.0,
        id="one wildcard toleration used for every taint",
    ),
    pytest.param(
        [tol(NR, "Exists", effect=NS, seconds=10)],
        [r.TAINT_NOT_READY_NO_EXECUTE],
        0.0,
        id="a NoSchedule toleration does not tolerate NoExecute",
    ),
]


@pytest.mark.parametrize(("tolerations", "taints", "expected"), EVICTION_ROWS)
def test_eviction_delay_seconds(tolerations, taints, expected):
    assert r.eviction_delay_seconds(tolerations, taints) == expected


def test_eviction_respects_the_comparison_gate():
    tolerations = [tol("k", "Gt", "5", NE, seconds=30)]
    taints = [taint("k", "9", NE)]
    assert r.eviction_delay_seconds(tolerations, taints) == 0.0
    assert r.eviction_delay_seconds(tolerations, taints, feature_gates=GATE_ON) == 30.0


def test_get_matching_tolerations_picks_first_per_taint():
    a, b = tol("k", "Exists", effect=NE, seconds=1), tol(operator="Exists")
    assert r.get_matching_tolerations([], [a]) == (True, [])
    assert r.get_matching_tolerations([taint("k", effect=NE)], []) == (False, [])
    assert r.get_matching_tolerations([taint("k", effect=NE), taint("z", effect=NE)], [a, b]) == (
        True,
        [a, b],
    )
    assert r.get_matching_tolerations([taint("z", effect=NE)], [a]) == (False, [])


# ------------------------------------------------------------------------------------------------
# Properties
# ------------------------------------------------------------------------------------------------

KEYS = st.sampled_from(["a", "b", r.KEY_UNSCHEDULABLE, r.KEY_NOT_READY])
VALUES = st.sampled_from(
    [
        "",
        "x",
        "y",
        "0",
        "1",
        "-1",
        "7",
        "10",
        "-0",
        "01",
        "+1",
        " 1",
        "1.5",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
    ]
)
TAINT_EFFECTS = st.sampled_from([NS, PNS, NE])
OPERATORS = st.sampled_from(["", "Equal", "Exists", "Lt", "Gt", "Bogus"])
GATES = st.sampled_from([None, GATE_ON, GATE_OFF, {}])


@st.composite
def taints_st(draw) -> dict[str, Any]:
    out = {"key": draw(KEYS), "effect": draw(TAINT_EFFECTS)}
    value = draw(VALUES)
    if value:
        out["value"] = value
    if draw(st.booleans()):
        out["timeAdded"] = "2025-01-01T00:00:00Z"
    return out


@st.composite
def tolerations_st(draw) -> dict[str, Any]:
    return tol(
        key=draw(st.sampled_from(["", "a", "b", r.KEY_UNSCHEDULABLE, r.KEY_NOT_READY])),
        operator=draw(OPERATORS),
        value=draw(VALUES),
        effect=draw(st.sampled_from(["", NS, PNS, NE])),
        seconds=draw(st.one_of(st.none(), st.integers(-5, 600))),
    )


_CANONICAL_INT = re.compile(r"0|-?[1-9][0-9]*")


def _spec_int64(value: str) -> int | None:
    """Reference for IsDecimalInteger + ParseInt, written from their documentation."""
    if _CANONICAL_INT.fullmatch(value) is None:
        return None
    number = int(value)
    return number if -(2**63) <= number < 2**63 else None


def _spec_tolerates(toleration: dict[str, Any], the_taint: dict[str, Any], gate_on: bool) -> bool:
    """Reference ToleratesTaint written from the Toleration API documentation (types.go field docs)."""
    effect, key = toleration.get("effect", ""), toleration.get("key", "")
    if effect not in ("", the_taint.get("effect", "")) or key not in ("", the_taint["key"]):
        return False
    operator = toleration.get("operator", "")
    tv, xv = toleration.get("value", ""), the_taint.get("value", "")
    if operator == "Exists":
        return True
    if operator in ("", "Equal"):
        return tv == xv
    if operator in ("Lt", "Gt") and gate_on:
        a, b = _spec_int64(tv), _spec_int64(xv)
        if a is None or b is None:
            return False
        return b < a if operator == "Lt" else b > a
    return False


def _gate_on(gates: dict[str, bool] | None) -> bool:
    return bool(gates.get(GATE, False)) if gates else False


@given(the_taint=taints_st(), gates=GATES)
def test_prop_empty_key_exists_tolerates_every_taint(the_taint, gates):
    assert r.tolerates({"operator": "Exists"}, the_taint, feature_gates=gates)
    assert r.tolerations_tolerate_taint([tol("zzz"), {"operator": "Exists"}], the_taint, feature_gates=gates)


@given(the_taint=taints_st(), gates=GATES)
def test_prop_equal_toleration_built_from_taint_tolerates_it(the_taint, gates):
    built = {
        "key": the_taint["key"],
        "value": the_taint.get("value", ""),
        "effect": the_taint["effect"],
        "operator": "Equal",
    }
    assert r.tolerates(built, the_taint, feature_gates=gates)
    assert r.tolerates({**built, "value": built["value"] + "-other"}, the_taint, feature_gates=gates) is False


@given(toleration=tolerations_st(), the_taint=taints_st())
def test_prop_gate_off_lt_gt_never_tolerate(toleration, the_taint):
    lt_gt = {**toleration, "operator": "Lt"} if toleration.get("operator") not in ("Lt", "Gt") else toleration
    assert r.tolerates(lt_gt, the_taint, feature_gates=GATE_OFF) is False
    assert r.tolerates(lt_gt, the_taint) is False


@given(toleration=tolerations_st(), the_taint=taints_st(), gates=GATES)
def test_prop_tolerates_matches_reference(toleration, the_taint, gates):
    assert r.tolerates(toleration, the_taint, feature_gates=gates) is _spec_tolerates(
        toleration, the_taint, _gate_on(gates)
    )


@given(
    toleration_value=st.one_of(VALUES, st.integers().map(str), st.text("0123456789-+ ._a\u0661", max_size=22)),
    taint_value=st.one_of(VALUES, st.integers().map(str), st.text("0123456789-+ ._a\u0661", max_size=22)),
    operator=st.sampled_from(["Lt", "Gt"]),
)
def test_prop_numeric_comparison_matches_reference(toleration_value, taint_value, operator):
    a, b = _spec_int64(toleration_value), _spec_int64(taint_value)
    expected = a is not None and b is not None and (b < a if operator == "Lt" else b > a)
    assert r.compare_numeric_values(toleration_value, taint_value, operator) is expected
    assert r.is_decimal_integer(toleration_value) is (_CANONICAL_INT.fullmatch(toleration_value) is not None)


@st.composite
def nodes_st(draw) -> dict[str, Any]:
    return node(draw(st.lists(taints_st(), max_size=5)), unschedulable=draw(st.booleans()))


@st.composite
def pods_st(draw) -> dict[str, Any]:
    return pod(draw(st.lists(tolerations_st(), max_size=4)))


@settings(max_examples=300)
@given(the_node=nodes_st(), the_pod=pods_st(), gates=GATES)
def test_prop_scheduler_filter_ok_iff_spec(the_node, the_pod, gates):
    gate_on = _gate_on(gates)
    tolerations = the_pod["spec"]["tolerations"]

    def tolerated(t):
        return any(_spec_tolerates(x, t, gate_on) for x in tolerations)

    unschedulable_taint = {"key": r.KEY_UNSCHEDULABLE, "effect": NS}
    unschedulable_ok = not the_node["spec"].get("unschedulable") or tolerated(unschedulable_taint)
    taints_ok = all(tolerated(t) for t in the_node["spec"]["taints"] if t["effect"] in (NS, NE))
    decision = r.scheduler_filter(the_node, the_pod, feature_gates=gates)
    assert decision.ok is (unschedulable_ok and taints_ok)
    expected = [] if unschedulable_ok else [r.REASON_NODE_UNSCHEDULABLE]
    if unschedulable_ok and not taints_ok:
        expected = [r.REASON_UNTOLERATED_TAINT]
    assert decision.reasons == expected
    everything = r.scheduler_filter(the_node, the_pod, feature_gates=gates, run_all_filters=True)
    assert everything.ok is decision.ok
    assert everything.reasons == [
        reason
        for reason, bad in (
            (r.REASON_NODE_UNSCHEDULABLE, not unschedulable_ok),
            (r.REASON_UNTOLERATED_TAINT, not taints_ok),
        )
        if bad
    ]


@given(the_node=nodes_st(), the_pod=pods_st(), extra=st.lists(taints_st(), max_size=4), gates=GATES)
def test_prop_prefer_no_schedule_taints_never_make_the_filter_fail(the_node, the_pod, extra, gates):
    prefer = [{**t, "effect": PNS} for t in extra]
    tainted = node(the_node["spec"]["taints"] + prefer, unschedulable=the_node["spec"].get("unschedulable", False))
    assert r.scheduler_filter(tainted, the_pod, feature_gates=gates) == r.scheduler_filter(
        the_node, the_pod, feature_gates=gates
    )
    assert r.scheduler_filter(node(prefer), the_pod, feature_gates=gates).ok


@given(taints=st.lists(taints_st(), max_size=5), tolerations=st.lists(tolerations_st(), max_size=4), gates=GATES)
def test_prop_find_matching_untolerated_taint_is_first_untolerated(taints, tolerations, gates):
    gate_on = _gate_on(gates)
    found = r.find_matching_untolerated_taint(taints, tolerations, r.do_not_schedule_taints_filter, feature_gates=gates)
    candidates = [t for t in taints if t["effect"] in (NS, NE)]
    untolerated = [t for t in candidates if not any(_spec_tolerates(x, t, gate_on) for x in tolerations)]
    assert found == (untolerated[0] if untolerated else None)


@given(taints=st.lists(taints_st(), max_size=5), tolerations=st.lists(tolerations_st(), max_size=4), gates=GATES)
def test_prop_eviction_delay_matches_reference(taints, tolerations, gates):
    gate_on = _gate_on(gates)
    no_execute = [t for t in taints if t["effect"] == NE]
    if not no_execute:
        expected = None
    else:
        used = []
        for t in no_execute:
            match = next((x for x in tolerations if _spec_tolerates(x, t, gate_on)), None)
            used.append(match)
        if any(u is None for u in used):
            expected = 0.0
        else:
            seconds = [u["tolerationSeconds"] for u in used if "tolerationSeconds" in u]
            expected = None if not seconds else (0.0 if min(seconds) <= 0 else float(min(seconds)))
    assert r.eviction_delay_seconds(tolerations, taints, feature_gates=gates) == expected


@given(the_pod=pods_st())
def test_prop_add_default_tolerations_is_idempotent_and_pure(the_pod):
    snapshot = copy.deepcopy(the_pod)
    once = r.add_default_tolerations(the_pod)
    assert the_pod == snapshot
    assert r.add_default_tolerations(once) == once
    added = once["spec"]["tolerations"][len(the_pod["spec"]["tolerations"]) :]
    assert all(t in r.DEFAULT_TOLERATIONS for t in added)
    assert once["spec"]["tolerations"][: len(the_pod["spec"]["tolerations"])] == the_pod["spec"]["tolerations"]
