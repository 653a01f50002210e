"""Kubernetes' taint, toleration and scheduling rules as small pure functions over real Kubernetes JSON.

Why this module exists: the model decides "can this pod land on this node?" and "when is this pod
evicted?" many times per state. Those answers must be *exactly* the ones kube-scheduler, the node
lifecycle controller, the taint-eviction controller and the admission plugins give, or a proof
about the model says nothing about a cluster. So every rule below is a line-by-line transcription
of the upstream Go function named in its comment, over the same JSON a cluster prints with
``kubectl get -o json`` (camelCase keys; a missing field means its zero value: ``""``, ``False``,
``[]``, or "unset" for ``tolerationSeconds``). Nothing here reads a clock, an API server or a
global: the same input always gives the same output, so the oracle, the explorer and the tests
can call these functions freely.

Upstream sources (kubernetes/kubernetes; the model targets :data:`K8S_VERSION` = 1.35):

* ``staging/src/k8s.io/api/core/v1/toleration.go`` - ``ToleratesTaint``, ``compareNumericValues``.
* ``staging/src/k8s.io/apimachinery/pkg/api/validate/content`` - ``IsDecimalInteger``.
* ``staging/src/k8s.io/component-helpers/scheduling/corev1/helpers.go`` - ``TolerationsTolerateTaint``,
  ``FindMatchingUntoleratedTaint``.
* ``pkg/scheduler/framework/plugins/helper/taint.go`` - ``DoNotScheduleTaintsFilterFunc``.
* ``pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go`` - TaintToleration ``Filter``.
* ``pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go`` - NodeUnschedulable ``Filter``.
* ``pkg/scheduler/apis/config/v1/default_plugins.go`` - default plugin order.
* ``pkg/scheduler/framework/runtime/framework.go`` - ``RunFilterPlugins`` (stops at the first failure).
* ``pkg/controller/nodelifecycle/node_lifecycle_controller.go`` - taint templates,
  ``nodeConditionToTaintKeyStatusMap``, ``doNoScheduleTaintingPass``, ``processTaintBaseEviction``.
* ``pkg/controller/tainteviction/taint_eviction.go`` - ``getMinTolerationTime``, ``processPodOnNode``.
* ``pkg/apis/core/v1/helper/helpers.go`` - ``GetMatchingTolerations``.
* ``plugin/pkg/admission/defaulttolerationseconds/admission.go`` - DefaultTolerationSeconds.
* ``plugin/pkg/admission/nodetaint/admission.go`` - TaintNodesByCondition.
* ``pkg/features/kube_features.go`` - ``TaintTolerationComparisonOperators`` (alpha, off, since 1.35).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = [
    "CONDITION_TAINTS",
    "DEFAULT_NOT_READY_TOLERATION_SECONDS",
    "DEFAULT_TOLERATIONS",
    "DEFAULT_UNREACHABLE_TOLERATION_SECONDS",
    "EFFECT_NO_EXECUTE",
    "EFFECT_NO_SCHEDULE",
    "EFFECT_PREFER_NO_SCHEDULE",
    "FEATURE_GATES_BY_VERSION",
    "GATE_TAINT_TOLERATION_COMPARISON_OPERATORS",
    "K8S_VERSION",
    "KEY_CLOUD_UNINITIALIZED",
    "KEY_DISK_PRESSURE",
    "KEY_MEMORY_PRESSURE",
    "KEY_NETWORK_UNAVAILABLE",
    "KEY_NOT_READY",
    "KEY_PID_PRESSURE",
    "KEY_UNREACHABLE",
    "KEY_UNSCHEDULABLE",
    "OP_EQUAL",
    "OP_EXISTS",
    "OP_GT",
    "OP_LT",
    "REASON_NODE_UNKNOWN_CONDITION",
    "REASON_NODE_UNSCHEDULABLE",
    "REASON_UNTOLERATED_TAINT",
    "REASON_UNTOLERATED_TAINT_LEGACY_FORMAT",
    "TAINT_CLOUD_UNINITIALIZED",
    "TAINT_DISK_PRESSURE",
    "TAINT_MEMORY_PRESSURE",
    "TAINT_NETWORK_UNAVAILABLE",
    "TAINT_NOT_READY_NO_EXECUTE",
    "TAINT_NOT_READY_NO_SCHEDULE",
    "TAINT_PID_PRESSURE",
    "TAINT_UNREACHABLE_NO_EXECUTE",
    "TAINT_UNREACHABLE_NO_SCHEDULE",
    "TAINT_UNSCHEDULABLE",
    "Decision",
    "Taint",
    "add_default_tolerations",
    "add_not_ready_taint_on_create",
    "compare_numeric_values",
    "default_feature_gates",
    "desired_no_execute_taint_key",
    "desired_no_schedule_taint_keys",
    "do_not_schedule_taints_filter",
    "eviction_delay_seconds",
    "find_matching_untolerated_taint",
    "get_matching_tolerations",
    "is_decimal_integer",
    "scheduler_filter",
    "tolerates",
    "tolerations_tolerate_taint",
]

# ------------------------------------------------------------------------------------------------
# Versions and feature gates
# ------------------------------------------------------------------------------------------------

#: The Kubernetes minor version whose behaviour the model reproduces. Rules that changed across
#: versions (the TaintToleration reason string, the Lt/Gt operators) follow this version.
K8S_VERSION = "1.35"

#: Gate for the numeric toleration operators ``Lt``/``Gt``. pkg/features/kube_features.go:
#: ``TaintTolerationComparisonOperators: {{Version: "1.35", Default: false, PreRelease: Alpha}}``.
#: It does not exist before 1.35 (the API server rejects Lt/Gt there), and in 1.35 it is alpha,
#: off by default. Still alpha-only in the newest kube_features.go read (which already lists 1.37 gates).
GATE_TAINT_TOLERATION_COMPARISON_OPERATORS = "TaintTolerationComparisonOperators"

#: Default value of every feature gate the rules consult, per Kubernetes minor version. A gate that
#: does not exist in a version is recorded as ``False``: its code path is absent there.
FEATURE_GATES_BY_VERSION: dict[str, dict[str, bool]] = {
    "1.31": {GATE_TAINT_TOLERATION_COMPARISON_OPERATORS: False},  # gate does not exist yet
    "1.32": {GATE_TAINT_TOLERATION_COMPARISON_OPERATORS: False},  # gate does not exist yet
    "1.33": {GATE_TAINT_TOLERATION_COMPARISON_OPERATORS: False},  # gate does not exist yet
    "1.34": {GATE_TAINT_TOLERATION_COMPARISON_OPERATORS: False},  # gate does not exist yet
    "1.35": {GATE_TAINT_TOLERATION_COMPARISON_OPERATORS: False},  # alpha, default off
}


def default_feature_gates(version: str = K8S_VERSION) -> dict[str, bool]:
    """Return a fresh copy of the default feature gates of ``version``.

    A copy, so that a caller may flip a gate for one experiment without changing the defaults
    every other caller sees. An unknown version is an error rather than a silent guess, because
    a rule evaluated under the wrong gates gives a wrong verdict that nothing downstream detects.
    """
    try:
        return dict(FEATURE_GATES_BY_VERSION[version])
    except KeyError:
        known = ", ".join(sorted(FEATURE_GATES_BY_VERSION))
        raise ValueError(f"no feature-gate defaults recorded for Kubernetes {version!r} (known: {known})") from None


def _gate(feature_gates: Mapping[str, bool] | None, name: str) -> bool:
    """The value of gate ``name``: from ``feature_gates`` if it sets it, else the default.

    This is "a passed dict overrides the defaults key by key" without building a merged dict on
    every call (``tolerates`` runs in the oracle's inner loop).
    """
    if feature_gates is not None and name in feature_gates:
        return bool(feature_gates[name])
    return FEATURE_GATES_BY_VERSION[K8S_VERSION].get(name, False)


# ------------------------------------------------------------------------------------------------
# Vocabulary: effects, operators, well-known keys and taints
# ------------------------------------------------------------------------------------------------

# staging/src/k8s.io/api/core/v1/types.go (TaintEffect, TolerationOperator).
EFFECT_NO_SCHEDULE = "NoSchedule"
EFFECT_PREFER_NO_SCHEDULE = "PreferNoSchedule"
EFFECT_NO_EXECUTE = "NoExecute"
OP_EQUAL = "Equal"
OP_EXISTS = "Exists"
OP_LT = "Lt"  # since 1.35, behind GATE_TAINT_TOLERATION_COMPARISON_OPERATORS
OP_GT = "Gt"  # since 1.35, behind GATE_TAINT_TOLERATION_COMPARISON_OPERATORS

# staging/src/k8s.io/api/core/v1/well_known_taints.go.
KEY_NOT_READY = "node.kubernetes.io/not-ready"
KEY_UNREACHABLE = "node.kubernetes.io/unreachable"
KEY_UNSCHEDULABLE = "node.kubernetes.io/unschedulable"
KEY_MEMORY_PRESSURE = "node.kubernetes.io/memory-pressure"
KEY_DISK_PRESSURE = "node.kubernetes.io/disk-pressure"
KEY_NETWORK_UNAVAILABLE = "node.kubernetes.io/network-unavailable"
KEY_PID_PRESSURE = "node.kubernetes.io/pid-pressure"
# staging/src/k8s.io/cloud-provider/api/well_known_taints.go (TaintExternalCloudProvider).
KEY_CLOUD_UNINITIALIZED = "node.cloudprovider.kubernetes.io/uninitialized"


@dataclass(frozen=True)
class Taint:
    """A taint as an immutable value, for the well-known taints the controllers write.

    Immutable so that a constant such as :data:`TAINT_UNSCHEDULABLE` can be shared by every caller
    without anyone mutating it; :meth:`as_json` gives the Kubernetes JSON form for everything that
    works on JSON. Every function in this module also accepts a ``Taint`` where it takes a taint.
    """

    key: str
    value: str = ""
    effect: str = ""

    def as_json(self) -> dict[str, str]:
        """The taint as ``kubectl get -o json`` prints it: ``value`` is omitted when empty."""
        out = {"key": self.key}
        if self.value:
            out["value"] = self.value
        out["effect"] = self.effect
        return out

    @classmethod
    def from_json(cls, taint: Mapping[str, Any]) -> Taint:
        """Read a JSON taint (``timeAdded`` is dropped: it plays no part in any rule here)."""
        return cls(_str(taint, "key"), _str(taint, "value"), _str(taint, "effect"))


# NoExecute templates: node_lifecycle_controller.go NotReadyTaintTemplate / UnreachableTaintTemplate.
TAINT_NOT_READY_NO_EXECUTE = Taint(KEY_NOT_READY, "", EFFECT_NO_EXECUTE)
TAINT_UNREACHABLE_NO_EXECUTE = Taint(KEY_UNREACHABLE, "", EFFECT_NO_EXECUTE)
# NoSchedule taints of doNoScheduleTaintingPass (node_lifecycle_controller.go): value always empty.
# not-ready:NoSchedule is also what the TaintNodesByCondition admission plugin adds on Node create.
TAINT_NOT_READY_NO_SCHEDULE = Taint(KEY_NOT_READY, "", EFFECT_NO_SCHEDULE)
TAINT_UNREACHABLE_NO_SCHEDULE = Taint(KEY_UNREACHABLE, "", EFFECT_NO_SCHEDULE)
TAINT_MEMORY_PRESSURE = Taint(KEY_MEMORY_PRESSURE, "", EFFECT_NO_SCHEDULE)
TAINT_DISK_PRESSURE = Taint(KEY_DISK_PRESSURE, "", EFFECT_NO_SCHEDULE)
TAINT_PID_PRESSURE = Taint(KEY_PID_PRESSURE, "", EFFECT_NO_SCHEDULE)
TAINT_NETWORK_UNAVAILABLE = Taint(KEY_NETWORK_UNAVAILABLE, "", EFFECT_NO_SCHEDULE)
# The taint mirroring spec.unschedulable (doNoScheduleTaintingPass; also added by the kubelet's
# initialNode when registering unschedulable) and the synthetic taint NodeUnschedulable checks.
TAINT_UNSCHEDULABLE = Taint(KEY_UNSCHEDULABLE, "", EFFECT_NO_SCHEDULE)
# pkg/kubelet/kubelet_node_status.go initialNode: added with --cloud-provider=external, value "true";
# removed by the cloud-controller-manager's node controller once it has initialised the node.
TAINT_CLOUD_UNINITIALIZED = Taint(KEY_CLOUD_UNINITIALIZED, "true", EFFECT_NO_SCHEDULE)


# ------------------------------------------------------------------------------------------------
# JSON access
# ------------------------------------------------------------------------------------------------


# A wrong-typed argument is a caller's mistake: it raises TypeError naming the argument (and the
# field inside it), never an AttributeError from deep inside a rule. The API server would reject
# the same object, so there is no upstream verdict to imitate. The checks are isinstance tests,
# cheap enough for the oracle's inner loop.


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _mapping(obj: object, name: str) -> Mapping[str, Any]:
    """``obj`` as a JSON object, or TypeError naming ``name``."""
    if not isinstance(obj, Mapping):
        raise TypeError(f"{name}: expected a Kubernetes JSON object (a mapping), got {_type_name(obj)}")
    return obj


def _json(obj: Mapping[str, Any] | Taint, name: str = "taint") -> Mapping[str, Any]:
    if isinstance(obj, Taint):
        return obj.as_json()
    if not isinstance(obj, Mapping):
        raise TypeError(f"{name}: expected a Kubernetes JSON object (a mapping) or a Taint, got {_type_name(obj)}")
    return obj


def _str(obj: Mapping[str, Any], key: str, name: str = "object") -> str:
    """A string field, ``""`` when missing or null (Go's zero value for a string)."""
    value = obj.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TypeError(f"{name}.{key}: expected a string, got {_type_name(value)}")
    return value


def _spec(obj: Mapping[str, Any] | None, name: str = "object") -> Mapping[str, Any]:
    if obj is None:
        return {}
    spec = _mapping(obj, name).get("spec")
    return {} if spec is None else _mapping(spec, f"{name}.spec")


def _items(value: object, name: str) -> list[Any]:
    """A JSON array (any iterable but a string or a mapping), ``[]`` for None; else TypeError."""
    if value is None:
        return []
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise TypeError(f"{name}: expected a list, got {_type_name(value)}")
    return list(value)


def _list(obj: Mapping[str, Any], key: str, name: str = "object") -> list[Any]:
    return _items(obj.get(key), f"{name}.{key}")


def _gates(feature_gates: object) -> None:
    if feature_gates is not None and not isinstance(feature_gates, Mapping):
        raise TypeError(
            f"feature_gates: expected a mapping of gate name to bool or None, got {_type_name(feature_gates)}"
        )


# ------------------------------------------------------------------------------------------------
# One toleration against one taint
# ------------------------------------------------------------------------------------------------

_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1


def is_decimal_integer(value: str) -> bool:
    """Upstream ``content.IsDecimalInteger``: is ``value`` an integer in strict canonical form?

    staging/src/k8s.io/apimachinery/pkg/api/validate/content (used by ToleratesTaint since 1.35):
    ``"0"``, or an optional ``-`` then a digit 1-9 then ASCII digits. So ``"-0"``, ``"0100"``,
    ``"+1"``, ``" 1"``, ``"1.0"``, ``"-"`` and ``""`` are all rejected. It exists because
    ``strconv.ParseInt`` accepts ``"0700"`` as 700, which a reader might take for octal; Python's
    ``int`` is laxer still (spaces, ``_``, non-ASCII digits), so it must not be used alone.
    """
    n = len(value)
    if n == 0:
        return False
    i = 0
    if value[0] == "-":
        if n == 1:
            return False
        i = 1
    if value[i] == "0":
        return n == 1 and i == 0
    if not "1" <= value[i] <= "9":
        return False
    return all("0" <= c <= "9" for c in value[i + 1 :])


def _parse_int64(value: str) -> int | None:
    """IsDecimalInteger then ``strconv.ParseInt(value, 10, 64)``: ``None`` on any failure."""
    if not is_decimal_integer(value):
        return None
    number = int(value)
    if not _INT64_MIN <= number <= _INT64_MAX:
        return None  # ParseInt: "value out of range"
    return number


def compare_numeric_values(toleration_value: str, taint_value: str, operator: str) -> bool:
    """Upstream ``compareNumericValues`` (toleration.go, 1.35): the ``Lt``/``Gt`` comparison.

    The comparison is *taint value versus toleration value*: ``Gt`` tolerates iff
    ``taint.value > toleration.value`` and ``Lt`` iff ``taint.value < toleration.value``; equal
    values are not tolerated. A value that is not a canonical int64 (see :func:`is_decimal_integer`)
    makes the toleration not match (upstream logs the parse error; the newest master also returns
    it, without changing the verdict). Any operator other than Lt/Gt gives ``False`` here.
    """
    toleration_number = _parse_int64(toleration_value)
    if toleration_number is None:
        return False
    taint_number = _parse_int64(taint_value)
    if taint_number is None:
        return False
    if operator == OP_LT:
        return taint_number < toleration_number
    if operator == OP_GT:
        return taint_number > toleration_number
    return False


def tolerates(
    toleration: Mapping[str, Any],
    taint: Mapping[str, Any] | Taint,
    *,
    feature_gates: Mapping[str, bool] | None = None,
) -> bool:
    """Upstream ``(*Toleration).ToleratesTaint`` (staging/src/k8s.io/api/core/v1/toleration.go).

    Why each step, in upstream's order:

    1. effect: an empty toleration effect matches every taint effect, else they must be equal;
    2. key: an empty toleration key matches every taint key, else they must be equal - so
       ``{"operator": "Exists"}`` alone tolerates every taint, the "tolerate everything" idiom;
    3. operator: omitted/``""`` is ``Equal`` (there is no API defaulting; 1.35 still carries the
       ``TODO: Use proper defaulting``), which compares values as plain strings, ``""`` included;
       ``Exists`` ignores the value; ``Lt``/``Gt`` compare numerically (:func:`compare_numeric_values`)
       only when gate ``TaintTolerationComparisonOperators`` is on, and never match when it is off;
       any other operator never matches.

    ``tolerationSeconds`` plays no part: it only times NoExecute evictions
    (:func:`eviction_delay_seconds`). ``feature_gates=None`` means the defaults of
    :data:`K8S_VERSION`; a passed dict overrides them gate by gate.
    """
    toleration = _mapping(toleration, "toleration")
    taint = _json(taint)
    _gates(feature_gates)
    toleration_effect = _str(toleration, "effect", "toleration")
    if toleration_effect and toleration_effect != _str(taint, "effect", "taint"):
        return False
    toleration_key = _str(toleration, "key", "toleration")
    if toleration_key and toleration_key != _str(taint, "key", "taint"):
        return False
    operator = _str(toleration, "operator", "toleration")
    if operator in ("", OP_EQUAL):
        return _str(toleration, "value", "toleration") == _str(taint, "value", "taint")
    if operator == OP_EXISTS:
        return True
    if operator in (OP_LT, OP_GT):
        if not _gate(feature_gates, GATE_TAINT_TOLERATION_COMPARISON_OPERATORS):
            return False
        return compare_numeric_values(_str(toleration, "value", "toleration"), _str(taint, "value", "taint"), operator)
    return False


# ------------------------------------------------------------------------------------------------
# Lists of tolerations against lists of taints
# ------------------------------------------------------------------------------------------------


def tolerations_tolerate_taint(
    tolerations: Iterable[Mapping[str, Any]] | None,
    taint: Mapping[str, Any] | Taint,
    *,
    feature_gates: Mapping[str, bool] | None = None,
) -> bool:
    """Upstream ``TolerationsTolerateTaint`` (component-helpers/scheduling/corev1/helpers.go).

    A taint is tolerated when *any* toleration of the pod tolerates it; the order of the
    tolerations does not matter here. (The newest master also returns the first Lt/Gt parse
    error, but only when no toleration matched, so the verdict is the same.)
    """
    taint = _json(taint)
    return any(tolerates(t, taint, feature_gates=feature_gates) for t in _items(tolerations, "tolerations"))


def do_not_schedule_taints_filter(taint: Mapping[str, Any] | Taint) -> bool:
    """Upstream ``helper.DoNotScheduleTaintsFilterFunc`` (pkg/scheduler/framework/plugins/helper/taint.go).

    The taints a scheduling *filter* cares about: ``NoSchedule`` and ``NoExecute``.
    ``PreferNoSchedule`` taints are left to the TaintToleration *score*, so they never make a node
    infeasible.
    """
    return _str(_json(taint), "effect") in (EFFECT_NO_SCHEDULE, EFFECT_NO_EXECUTE)


def find_matching_untolerated_taint(
    taints: Iterable[Mapping[str, Any] | Taint] | None,
    tolerations: Iterable[Mapping[str, Any]] | None,
    inclusion_filter: Callable[[Mapping[str, Any]], bool] | None = None,
    *,
    feature_gates: Mapping[str, bool] | None = None,
) -> dict[str, Any] | None:
    """Upstream ``FindMatchingUntoleratedTaint`` (component-helpers/scheduling/corev1/helpers.go, 1.35).

    Keep the taints ``inclusion_filter`` accepts (``None`` keeps all), then return the first of
    them, in ``node.spec.taints`` order, that no toleration tolerates; ``None`` when all are
    tolerated. The taint is returned as given (a ``Taint`` comes back as its JSON form), so the
    caller can report which taint blocked the pod.

    Version note: the newest master (where ToleratesTaint also returns an error) prefers a taint
    that is cleanly untolerated over one whose Lt/Gt value failed to parse when choosing *which*
    taint to return. Whether *some* taint is untolerated is the same in every version.
    """
    items = _items(tolerations, "tolerations")
    for i, raw in enumerate(_items(taints, "taints")):
        taint = _json(raw, f"taints[{i}]")
        if inclusion_filter is not None and not inclusion_filter(taint):
            continue
        if not tolerations_tolerate_taint(items, taint, feature_gates=feature_gates):
            return dict(taint)
    return None


def get_matching_tolerations(
    taints: Iterable[Mapping[str, Any] | Taint] | None,
    tolerations: Iterable[Mapping[str, Any]] | None,
    *,
    feature_gates: Mapping[str, bool] | None = None,
) -> tuple[bool, list[dict[str, Any]]]:
    """Upstream ``GetMatchingTolerations`` (pkg/apis/core/v1/helper/helpers.go).

    Returns ``(all_tolerated, used)``. For each taint, in order, the *first* toleration in pod
    order that tolerates it is "used"; if some taint has none, the answer is ``(False, [])``. No
    taints gives ``(True, [])``. Only the used tolerations' ``tolerationSeconds`` count for
    eviction, which is why toleration order matters there and nowhere else.
    """
    taint_list = [_json(t, f"taints[{i}]") for i, t in enumerate(_items(taints, "taints"))]
    toleration_list = _items(tolerations, "tolerations")
    if not taint_list:
        return True, []
    used: list[dict[str, Any]] = []
    for taint in taint_list:
        match = next((t for t in toleration_list if tolerates(t, taint, feature_gates=feature_gates)), None)
        if match is None:
            return False, []
        used.append(dict(match))
    return True, used


# ------------------------------------------------------------------------------------------------
# kube-scheduler: NodeUnschedulable + TaintToleration filters
# ------------------------------------------------------------------------------------------------

# node_unschedulable.go ErrReasonUnschedulable (the same in every version read).
REASON_NODE_UNSCHEDULABLE = "node(s) were unschedulable"
# node_unschedulable.go ErrReasonUnknownCondition: returned for a nil node by the versions whose
# Filter checked `nodeInfo == nil || nodeInfo.Node() == nil` (e.g. kubernetes/kubernetes@09b2e8f6);
# still defined in 1.35, whose Filter no longer checks: the framework never runs a filter without a node.
REASON_NODE_UNKNOWN_CONDITION = "node(s) had unknown conditions"
# taint_toleration.go Filter since PR #134740 (merged 2025-10, in v1.35.0; cherry-picked to
# release-1.34 by #135023): a generic message, because taint keys and values may be sensitive.
# The untolerated taint is only logged (V(4)); :class:`Decision` keeps it in `untolerated_taint`.
REASON_UNTOLERATED_TAINT = "node(s) had untolerated taint(s)"
# The message just before that change (e.g. kubernetes/kubernetes@0f7becbc; older releases said
# "node(s) had taint {K: V}, that the pod didn't tolerate"): use str.format(key=..., value=...).
REASON_UNTOLERATED_TAINT_LEGACY_FORMAT = "node(s) had untolerated taint {{{key}: {value}}}"


@dataclass(frozen=True)
class Decision:
    """A scheduling filter verdict: may the pod go to the node, and if not, why.

    ``reasons`` holds upstream's exact status reason strings, so a trace can be compared with a
    real scheduler's ``FailedScheduling`` event. ``untolerated_taint`` records which taint
    TaintToleration found (upstream puts it only in the log since 1.35); it is excluded from
    equality so that ``Decision(False, [REASON_UNTOLERATED_TAINT])`` compares equal to a result.
    """

    ok: bool
    reasons: list[str] = field(default_factory=list)
    untolerated_taint: dict[str, Any] | None = field(default=None, compare=False)


def scheduler_filter(
    node: Mapping[str, Any] | None,
    pod: Mapping[str, Any] | None,
    *,
    feature_gates: Mapping[str, bool] | None = None,
    run_all_filters: bool = False,
) -> Decision:
    """kube-scheduler's NodeUnschedulable then TaintToleration filters, as the default profile runs them.

    Why only these two: in the default profile (default_plugins.go: PrioritySort, NodeUnschedulable,
    NodeName, TaintToleration, NodeAffinity, ...) they are the only filters that depend on node
    registration and health; no filter reads ``status.conditions`` (Ready reaches the scheduler
    only as taints). The other filters (resources, affinity, ports, volumes) are out of scope.

    * NodeUnschedulable (node_unschedulable.go): if ``spec.unschedulable`` and the pod does not
      tolerate ``node.kubernetes.io/unschedulable:NoSchedule`` (value ``""``) ->
      :data:`REASON_NODE_UNSCHEDULABLE`.
    * TaintToleration (taint_toleration.go): if some NoSchedule/NoExecute taint in
      ``spec.taints`` is untolerated -> :data:`REASON_UNTOLERATED_TAINT`. PreferNoSchedule never
      blocks.
    * A missing node (``None``) -> :data:`REASON_NODE_UNKNOWN_CONDITION`, as NodeUnschedulable
      answered while it checked for one.

    ``RunFilterPlugins`` (pkg/scheduler/framework/runtime/framework.go) stops at the first
    filter that rejects the node, so upstream reports one reason per node: NodeUnschedulable's
    when both fail. ``run_all_filters=True`` evaluates both and reports both, NodeUnschedulable
    first, as the framework's ``runAllFilters`` option did (removed by PR #108829 in 1.24, which
    by regression ran all filters until PR #114518 restored stop-at-first-failure). The ``ok``
    verdict is the same either way.
    """
    _gates(feature_gates)
    if node is None:
        _spec(pod, "pod")
        return Decision(False, [REASON_NODE_UNKNOWN_CONDITION])
    node_spec = _spec(node, "node")
    tolerations = _list(_spec(pod, "pod"), "tolerations", "pod.spec")
    for i, t in enumerate(tolerations):
        _mapping(t, f"pod.spec.tolerations[{i}]")
    reasons: list[str] = []

    if bool(node_spec.get("unschedulable")) and not tolerations_tolerate_taint(
        tolerations, TAINT_UNSCHEDULABLE, feature_gates=feature_gates
    ):
        reasons.append(REASON_NODE_UNSCHEDULABLE)
        if not run_all_filters:
            return Decision(False, reasons)

    taints = _list(node_spec, "taints", "node.spec")
    for i, t in enumerate(taints):
        _json(t, f"node.spec.taints[{i}]")
    untolerated = find_matching_untolerated_taint(
        taints, tolerations, do_not_schedule_taints_filter, feature_gates=feature_gates
    )
    if untolerated is not None:
        reasons.append(REASON_UNTOLERATED_TAINT)
    return Decision(not reasons, reasons, untolerated)


# ------------------------------------------------------------------------------------------------
# Node lifecycle controller: which taints a node's conditions call for
# ------------------------------------------------------------------------------------------------

#: ``nodeConditionToTaintKeyStatusMap`` (node_lifecycle_controller.go; unchanged since its OutOfDisk
#: entry was dropped): ``{(condition type, condition status): taint key}``. Each taint is written
#: with effect NoSchedule and an empty value by ``doNoScheduleTaintingPass``. Read-only.
CONDITION_TAINTS: Mapping[tuple[str, str], str] = MappingProxyType(
    {
        ("Ready", "False"): KEY_NOT_READY,
        ("Ready", "Unknown"): KEY_UNREACHABLE,
        ("MemoryPressure", "True"): KEY_MEMORY_PRESSURE,
        ("DiskPressure", "True"): KEY_DISK_PRESSURE,
        ("NetworkUnavailable", "True"): KEY_NETWORK_UNAVAILABLE,
        ("PIDPressure", "True"): KEY_PID_PRESSURE,
    }
)


def desired_no_schedule_taint_keys(conditions: Mapping[str, str], unschedulable: bool) -> set[str]:
    """The NoSchedule taint keys ``doNoScheduleTaintingPass`` wants on a node.

    ``conditions`` maps condition type to status (``{"Ready": "False", "DiskPressure": "True"}``).
    The controller then adds the missing keys and removes the stale ones, touching only NoSchedule
    taints whose key is in :data:`CONDITION_TAINTS` or is the unschedulable key. A missing
    condition adds nothing - in particular a node with no Ready condition gets neither not-ready
    nor unreachable from this pass (the admission plugin's not-ready taint stays until Ready
    appears). ``unschedulable`` (``spec.unschedulable``) adds ``node.kubernetes.io/unschedulable``.
    """
    keys = {key for (ctype, status), key in CONDITION_TAINTS.items() if conditions.get(ctype) == status}
    if unschedulable:
        keys.add(KEY_UNSCHEDULABLE)
    return keys


def desired_no_execute_taint_key(ready_status: str | None) -> str | None:
    """The NoExecute taint key ``processTaintBaseEviction`` drives a node to (node_lifecycle_controller.go).

    Ready ``False`` -> not-ready, ``Unknown`` -> unreachable (the two are swapped at once when the
    other is present), ``True`` -> neither (``markNodeAsReachable`` removes both). A node with no
    Ready condition (``None``) gets neither: the tainting pass re-reads the node and skips it.
    The controller's delay (rate-limited per-zone queue) is not part of this rule.
    """
    if ready_status == "False":
        return KEY_NOT_READY
    if ready_status == "Unknown":
        return KEY_UNREACHABLE
    return None


# ------------------------------------------------------------------------------------------------
# Admission plugins
# ------------------------------------------------------------------------------------------------

# defaulttolerationseconds/admission.go: --default-not-ready-toleration-seconds and
# --default-unreachable-toleration-seconds, both 300 by default.
DEFAULT_NOT_READY_TOLERATION_SECONDS = 300
DEFAULT_UNREACHABLE_TOLERATION_SECONDS = 300

#: What DefaultTolerationSeconds appends, in this order, to a pod lacking them. Treat as read-only:
#: :func:`add_default_tolerations` copies them.
DEFAULT_TOLERATIONS: tuple[dict[str, Any], ...] = (
    {
        "key": KEY_NOT_READY,
        "operator": OP_EXISTS,
        "effect": EFFECT_NO_EXECUTE,
        "tolerationSeconds": DEFAULT_NOT_READY_TOLERATION_SECONDS,
    },
    {
        "key": KEY_UNREACHABLE,
        "operator": OP_EXISTS,
        "effect": EFFECT_NO_EXECUTE,
        "tolerationSeconds": DEFAULT_UNREACHABLE_TOLERATION_SECONDS,
    },
)


def _covers_for_default(toleration: Mapping[str, Any], key: str) -> bool:
    """DefaultTolerationSeconds' test "the pod already has a toleration for key:NoExecute".

    Only key (equal or empty) and effect (NoExecute or empty) are looked at - not the operator,
    value or tolerationSeconds. So ``{key: not-ready, operator: Equal, value: "x"}`` counts as
    present although it tolerates nothing the controller writes; the plugin then adds nothing.
    """
    tkey = _str(toleration, "key")
    teffect = _str(toleration, "effect")
    return tkey in (key, "") and teffect in (EFFECT_NO_EXECUTE, "")


def add_default_tolerations(
    pod: Mapping[str, Any],
    *,
    not_ready_seconds: int = DEFAULT_NOT_READY_TOLERATION_SECONDS,
    unreachable_seconds: int = DEFAULT_UNREACHABLE_TOLERATION_SECONDS,
) -> dict[str, Any]:
    """The DefaultTolerationSeconds admission plugin (plugin/pkg/admission/defaulttolerationseconds).

    Why it matters: it is what gives ordinary pods 300 s of grace on a NotReady/unreachable node
    instead of immediate eviction. On pod create and update it appends
    ``{key: not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 300}`` unless the
    pod already has a toleration "for" that taint (see :func:`_covers_for_default`), then the same
    for unreachable. Returns a new pod; the input is not modified.
    """
    new_pod: dict[str, Any] = copy.deepcopy(dict(_mapping(pod, "pod")))
    spec = new_pod.get("spec")
    spec = {} if spec is None else spec
    new_pod["spec"] = spec
    tolerations = _list(spec, "tolerations")
    has_not_ready = any(_covers_for_default(t, KEY_NOT_READY) for t in tolerations)
    has_unreachable = any(_covers_for_default(t, KEY_UNREACHABLE) for t in tolerations)
    if not has_not_ready:
        tolerations.append({**DEFAULT_TOLERATIONS[0], "tolerationSeconds": not_ready_seconds})
    if not has_unreachable:
        tolerations.append({**DEFAULT_TOLERATIONS[1], "tolerationSeconds": unreachable_seconds})
    spec["tolerations"] = tolerations  # never empty here: an empty list covers neither key
    return new_pod


def add_not_ready_taint_on_create(node: Mapping[str, Any]) -> dict[str, Any]:
    """The TaintNodesByCondition admission plugin (plugin/pkg/admission/nodetaint/admission.go).

    On Node *create* only, append ``node.kubernetes.io/not-ready:NoSchedule`` unless a taint with
    the same key and effect (``MatchTaint``; the value is ignored) is already there. It closes the
    window in which a brand-new node has no taints and receives pods (issue #72129) until the node
    lifecycle controller catches up. Returns a new node; the input is not modified.
    """
    new_node: dict[str, Any] = copy.deepcopy(dict(_mapping(node, "node")))
    spec = new_node.get("spec")
    spec = {} if spec is None else spec
    new_node["spec"] = spec
    taints = _list(spec, "taints")
    wanted = TAINT_NOT_READY_NO_SCHEDULE
    if not any(_str(t, "key") == wanted.key and _str(t, "effect") == wanted.effect for t in taints):
        taints.append(wanted.as_json())
    spec["taints"] = taints
    return new_node


# ------------------------------------------------------------------------------------------------
# Taint-eviction controller: when a pod on a NoExecute-tainted node is deleted
# ------------------------------------------------------------------------------------------------


def _min_toleration_seconds(used: Iterable[Mapping[str, Any]]) -> float | None:
    """Upstream ``getMinTolerationTime``: 0 if none used or any seconds <= 0, else the min; None = forever."""
    used = list(used)
    if not used:
        return 0.0
    minimum: float | None = None
    for toleration in used:
        seconds = toleration.get("tolerationSeconds")
        if seconds is None:
            continue  # unset: this toleration tolerates forever
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise TypeError(f"tolerations: tolerationSeconds: expected a number of seconds, got {_type_name(seconds)}")
        if seconds <= 0:
            return 0.0
        if minimum is None or seconds < minimum:
            minimum = seconds
    return None if minimum is None else float(minimum)


def eviction_delay_seconds(
    tolerations: Iterable[Mapping[str, Any]] | None,
    taints: Iterable[Mapping[str, Any] | Taint] | None,
    *,
    feature_gates: Mapping[str, bool] | None = None,
) -> float | None:
    """How long after it sees the node's NoExecute taints the taint-eviction controller deletes the pod.

    pkg/controller/tainteviction/taint_eviction.go (``processPodOnNode`` /
    ``getPodEvictionDecision``, ``getMinTolerationTime``; the same logic lived in
    nodelifecycle/scheduler/taint_manager.go before 1.29):

    * only ``NoExecute`` taints of ``taints`` count (``getNoExecuteTaints``); none -> ``None``
      (nothing to do, any pending eviction is cancelled);
    * ``GetMatchingTolerations``: if some NoExecute taint is tolerated by no toleration -> ``0``
      (delete now); otherwise, per taint, the *first* tolerating toleration in pod order is used;
    * over the used tolerations: any ``tolerationSeconds <= 0`` -> ``0``; else the smallest set
      ``tolerationSeconds``; none set -> ``None`` (tolerated forever, never evicted).

    The delay counts from when the controller observes the taints (it uses ``now``, not the
    taint's ``timeAdded``); a taint removed before it expires cancels the eviction.
    """
    taint_list = [_json(x, f"taints[{i}]") for i, x in enumerate(_items(taints, "taints"))]
    no_execute = [t for t in taint_list if _str(t, "effect", "taint") == EFFECT_NO_EXECUTE]
    if not no_execute:
        return None
    all_tolerated, used = get_matching_tolerations(no_execute, tolerations, feature_gates=feature_gates)
    if not all_tolerated:
        return 0.0
    return _min_toleration_seconds(used)
