"""Upstream unit-test tables, round 10: resource quantities, pod requests and zone keys, row by row.

The oracle turns every cpu quantity it reads (a pod's requests and overhead, a Node's capacity and
allocatable) into millicores with ``oracle/k8s.py`` ``cpu_millis``, and groups Nodes into zones with
``node_zone``; ``pod_request`` sums a pod's cpu as the scheduler's NodeResourcesFit does. Rounds 7-9
ported the scheduler's, controllers' and admission's tables; these rules had none. Upstream files and
commits:

* ``staging/src/k8s.io/apimachinery/pkg/api/resource/quantity_test.go`` @ 002cd1a0: TestQuantityParse
  (its valid table, each row also with ``-`` and ``+`` before it as upstream's loops do, and its
  ``invalid`` list), TestParseQuantityString, TestQuantityParseEmit, TestQuantityCmp and
  TestInterpretExponentInt32Bounds, through ``parse_quantity`` (resource.ParseQuantity, quantity.go
  @ 009f4971) and ``cpu_millis`` (``Quantity.MilliValue``, what NodeInfo and the fit plugin count:
  ceil(q*1000), saturating at the int64 rails, math.go @ 13ab804c positiveScaleInt64). Rows whose
  reading is a cpu request the oracle judges run through the oracle too: a pod requesting the row's
  quantity bound to a Node with exactly that much allocatable conforms, one millicore less is flagged
  by ``bound-requests-fit-allocatable``.
* ``staging/src/k8s.io/component-helpers/node/topology/helpers_test.go`` @ 78fc8e44: Test_GetZoneKey,
  through ``node_zone`` (the node lifecycle controller's zone key).
* ``staging/src/k8s.io/component-helpers/resource/helpers_test.go`` @ 0085214e:
  TestPodRequestsAndLimits and TestPodRequestsAndLimitsWithoutOverhead (cpu requests), and
  TestPodLevelResourceRequests (cpu; its rows as read from the stored copy of that file, id
  55133355307), through ``pod_request`` (PodRequests with the scheduler's options: fit.go
  computePodResourceRequest, ``SkipPodLevelResources: !EnablePodLevelResources``); the pod-level rows
  also through the oracle.
* ``pkg/scheduler/framework/plugins/tainttoleration/taint_toleration_test.go`` @ 04c0d74f: the rows
  round 8 (at cb6ff2d8) did not have: TestTaintTolerationFilter's comparison-operator rows,
  TestTaintTolerationFilterWithFeatureGate and TestTaintTolerationScore, through ``scheduler_filter``
  and ``tolerations_tolerate_taint`` (the scores recomputed from them: countIntolerableTaints-
  PreferNoSchedule, DefaultNormalizeScore reversed) and through the oracle (the binding the Filter
  admits conforms, one it refuses is flagged; Score only ranks, so the pod bound to the node scored
  lowest conforms).

Findings (fixed in ``oracle/k8s.py``, each with its rows here): the readers took ``float()`` of a
quantity, so ``1Ki``, ``2G``, ``1500u`` (what an API server prints for 1.5m), ``0.5e-9`` read as no cpu
at all (a pod requesting them counted 0: an overcommit missed), ``0.0005`` read as 0 (Python rounds
half to even; upstream rounds up), and `` 1``/``1_000`` were numbers; and ``pod_request`` ignored the
pod-level ``spec.resources.requests`` cpu, which replaces the containers' sum (at least as large); and
a pod with an ``Lt``/``Gt`` toleration was judged with TaintTolerationComparisonOperators off (1.35's
default), although the API server accepts such a toleration only with the gate on, so a binding the
gate-on scheduler rightly made was flagged (``pod_gates``); and after a bound pod's in-place resize
down, the oracle kept its creation request and flagged a later binding the scheduler (which counts a
bound pod from its status) rightly made (``not_judged_after_pod_resize``; TestPodResourceRequests'
"resized" rows).

Documented skips (:data:`SKIPS`): the capture of a TestTaintTolerationFilterWithFeatureGate row whose
gate is off and whose pod upstream refuses (the API server would not have accepted that pod), and
TestPodResourceRequests' "resized" rows (a bound pod's request from its status, which the model does
not hold: judged instead as the resize stories below).
"""

from __future__ import annotations

import copy
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from nodereg.model import rules as r
from nodereg.oracle.k8s import cpu_millis, node_zone, parse_quantity, pod_request

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import capturegen as cg  # noqa: E402
import test_upstream_tables8 as t8  # noqa: E402  (round 8's judge and timing)

NODE = t8.NODE
TT = t8.TT
INT64_MAX = (1 << 63) - 1
FIT = "bound-requests-fit-allocatable"
#: every documented skip of this file: (test, row) -> why
SKIPS: dict[tuple[str, str], str] = {}


def _skip(test: str, row: str, why: str) -> None:
    SKIPS[(test, row)] = why
    pytest.skip(why)


def _ids(names: list[str]) -> list[str]:
    """pytest ids from upstream's row names, a repeated name (upstream's table has some) numbered."""
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else f"{n} #{seen[n]}")
    return out


# =================================================================================================
# quantity_test.go TestQuantityParse
# =================================================================================================
#
# (input, unscaled, exponent, format): upstream's decQuantity(unscaled, exponent, format); MAX is its
# ``Quantity{d: maxAllowed}`` (2^63-1), the BinarySI cap.
MAX = "maxAllowed"
DSI, BSI, DEX = "DecimalSI", "BinarySI", "DecimalExponent"

PARSE_ROWS: list[tuple[str, int | str, int, str]] = [
    ("0", 0, 0, DSI),
    ("0n", 0, 0, DSI),
    ("0u", 0, 0, DSI),
    ("0m", 0, 0, DSI),
    ("0Ki", 0, 0, BSI),
    ("0k", 0, 0, DSI),
    ("0Mi", 0, 0, BSI),
    ("0M", 0, 0, DSI),
    ("0Gi", 0, 0, BSI),
    ("0G", 0, 0, DSI),
    ("0Ti", 0, 0, BSI),
    ("0T", 0, 0, DSI),
    # Quantity less numbers are allowed
    ("1", 1, 0, DSI),
    # Binary suffixes
    ("1Ki", 1024, 0, BSI),
    ("8Ki", 8 * 1024, 0, BSI),
    ("7Mi", 7 * 1024**2, 0, BSI),
    ("6Gi", 6 * 1024**3, 0, BSI),
    ("5Ti", 5 * 1024**4, 0, BSI),
    ("4Pi", 4 * 1024**5, 0, BSI),
    ("3Ei", 3 * 1024**6, 0, BSI),
    ("10Ti", 10 * 1024**4, 0, BSI),
    ("100Ti", 100 * 1024**4, 0, BSI),
    # Decimal suffixes
    ("5n", 5, -9, DSI),
    ("4u", 4, -6, DSI),
    ("3m", 3, -3, DSI),
    ("9", 9, 0, DSI),
    ("8k", 8, 3, DSI),
    ("50k", 5, 4, DSI),
    ("7M", 7, 6, DSI),
    ("6G", 6, 9, DSI),
    ("5T", 5, 12, DSI),
    ("40T", 4, 13, DSI),
    ("300T", 3, 14, DSI),
    ("2P", 2, 15, DSI),
    ("1E", 1, 18, DSI),
    # Decimal exponents
    ("1E-3", 1, -3, DEX),
    ("1e3", 1, 3, DEX),
    ("1E6", 1, 6, DEX),
    ("1e9", 1, 9, DEX),
    ("1E12", 1, 12, DEX),
    ("1e15", 1, 15, DEX),
    ("1E18", 1, 18, DEX),
    # Nonstandard but still parsable
    ("1e14", 1, 14, DEX),
    ("1e13", 1, 13, DEX),
    ("1e3", 1, 3, DEX),
    ("100.035k", 100035, 0, DSI),
    # Things that look like floating point
    ("0.001", 1, -3, DSI),
    ("0.0005k", 5, -1, DSI),
    ("0.005", 5, -3, DSI),
    ("0.05", 5, -2, DSI),
    ("0.5", 5, -1, DSI),
    ("0.00050k", 5, -1, DSI),
    ("0.00500", 5, -3, DSI),
    ("0.05000", 5, -2, DSI),
    ("0.50000", 5, -1, DSI),
    ("0.5e0", 5, -1, DEX),
    ("0.5e-1", 5, -2, DEX),
    ("0.5e-2", 5, -3, DEX),
    ("0.5e0", 5, -1, DEX),
    ("10.035M", 10035, 3, DSI),
    ("1.2e3", 12, 2, DEX),
    ("1.3E+6", 13, 5, DEX),
    ("1.40e9", 14, 8, DEX),
    ("1.53E12", 153, 10, DEX),
    ("1.6e15", 16, 14, DEX),
    ("1.7E18", 17, 17, DEX),
    ("9.01", 901, -2, DSI),
    ("8.1k", 81, 2, DSI),
    ("7.123456M", 7123456, 0, DSI),
    ("6.987654321G", 6987654321, 0, DSI),
    ("5.444T", 5444, 9, DSI),
    ("40.1T", 401, 11, DSI),
    ("300.2T", 3002, 11, DSI),
    ("2.5P", 25, 14, DSI),
    ("1.01E", 101, 16, DSI),
    # Things that saturate/round
    ("3.001n", 4, -9, DSI),
    ("1.1E-9", 2, -9, DEX),
    ("0.0000000001", 1, -9, DSI),
    ("0.0000000005", 1, -9, DSI),
    ("0.00000000050", 1, -9, DSI),
    ("0.5e-9", 1, -9, DEX),
    ("0.9n", 1, -9, DSI),
    ("0.00000012345", 124, -9, DSI),
    ("0.00000012354", 124, -9, DSI),
    ("9Ei", MAX, 0, BSI),
    ("9223372036854775807Ki", MAX, 0, BSI),
    ("12E", 12, 18, DSI),
    # We'll accept fractional binary stuff, too.
    ("100.035Ki", 10243584, -2, BSI),
    ("0.5Mi", 524288, 0, BSI),
    ("0.05Gi", 536870912, -1, BSI),
    ("0.025Ti", 274877906944, -1, BSI),
    # Things written by trolls
    ("0.000000000001Ki", 2, -9, DSI),  # rounds up, changes format
    (".001", 1, -3, DSI),
    (".0001k", 100, -3, DSI),
    ("1.", 1, 0, DSI),
    ("1.G", 1, 9, DSI),
]
PARSE_IDS = _ids([r[0] for r in PARSE_ROWS])

#: TestQuantityParse's ``invalid`` list
INVALID_ROWS = [
    "1.1.M",
    "1+1.0M",
    "0.1mi",
    "0.1am",
    "aoeu",
    ".5i",
    "1i",
    "-3.01i",
    "-3.01e-",
    "1e4294967297",
    " 1",
    "1 ",
]


def _value(unscaled: int | str, exponent: int) -> Fraction:
    return Fraction(INT64_MAX) if unscaled == MAX else Fraction(unscaled) * Fraction(10) ** exponent


def _milli(value: Fraction) -> int:
    """MilliValue computed apart from the oracle: ceil(|q| * 1000) with q's sign, saturated."""
    m = abs(value) * 1000
    mag = -(-m.numerator // m.denominator)
    return max(-(1 << 63), min(INT64_MAX, mag if value >= 0 else -mag))


@pytest.mark.parametrize(("text", "unscaled", "exponent", "fmt"), PARSE_ROWS, ids=PARSE_IDS)
def test_quantity_parse(text: str, unscaled: int | str, exponent: int, fmt: str) -> None:
    """ParseQuantity's value and format, for the row and for it signed (upstream's "-" and "+"
    loops: the negated value, the same format), and MilliValue of each."""
    want = _value(unscaled, exponent)
    assert parse_quantity(text) == (want, fmt)
    assert parse_quantity("-" + text.lstrip()) == (-want, fmt)
    assert parse_quantity("+" + text.lstrip()) == (want, fmt)
    assert cpu_millis(text) == _milli(want)
    assert cpu_millis("-" + text) == _milli(-want)


@pytest.mark.parametrize("text", INVALID_ROWS, ids=_ids(INVALID_ROWS))
def test_quantity_parse_invalid(text: str) -> None:
    """ParseQuantity refuses them; a reader gets no cpu from them, except white space around a
    number, which Quantity.UnmarshalJSON trims (strings.TrimSpace) before parsing."""
    assert parse_quantity(text) is None
    assert cpu_millis(text) == (1000 if text.strip() == "1" else None)


def test_quantity_parse_empty_is_an_error() -> None:
    """TestQuantityParse: ``ParseQuantity("")`` returns an error."""
    assert parse_quantity("") is None and cpu_millis("") is None


# (input, positive, num, denom, suffix) -- upstream's value column is the text before the suffix
PARSE_STRING_ROWS = [
    ("0.025Ti", True, "0", "025", "Ti"),
    ("1.025Ti", True, "1", "025", "Ti"),
    ("-1.025Ti", False, "1", "025", "Ti"),
    (".", True, "0", "", ""),
    ("-.", False, "0", "", ""),
    ("1E-3", True, "1", "", "E-3"),
]


@pytest.mark.parametrize(
    ("text", "positive", "num", "denom", "suffix"), PARSE_STRING_ROWS, ids=_ids([r[0] for r in PARSE_STRING_ROWS])
)
def test_parse_quantity_string(text: str, positive: bool, num: str, denom: str, suffix: str) -> None:
    """TestParseQuantityString: the scanner's parts (and ``.`` and ``-.`` are zero, not errors)."""
    from nodereg.oracle.k8s import _quantity_parts

    assert _quantity_parts(text) == (positive, num, denom, suffix)
    assert parse_quantity(text) is not None


# TestQuantityParseEmit: (input, canonical form): the same value
EMIT_ROWS = [
    ("1Ki", "1Ki"),
    ("1Mi", "1Mi"),
    ("1Gi", "1Gi"),
    ("1024Mi", "1Gi"),
    ("1000M", "1G"),
    (".001Ki", "1024m"),
    (".000001Ki", "1024u"),
    (".000000001Ki", "1024n"),
    (".000000000001Ki", "2n"),
]


@pytest.mark.parametrize(("text", "canonical"), EMIT_ROWS, ids=[r[0] for r in EMIT_ROWS])
def test_quantity_parse_emit(text: str, canonical: str) -> None:
    """What upstream prints for the input names the same value (the oracle reads values, never prints
    quantities): an API server's canonical ``2n`` and the ``.000000000001Ki`` it came from agree."""
    got, want = parse_quantity(text), parse_quantity(canonical)
    assert got is not None and want is not None and got[0] == want[0]
    neg = parse_quantity("-" + text)
    assert neg is not None and neg[0] == -want[0]
    assert cpu_millis(text) == cpu_millis(canonical)


CMP_ROWS = [("0", "0", 0), ("100m", "50m", 1), ("50m", "100m", -1), ("10000T", "100Gi", 1)]


@pytest.mark.parametrize(("x", "y", "expect"), CMP_ROWS, ids=[f"{x} vs {y}" for x, y, _ in CMP_ROWS])
def test_quantity_cmp(x: str, y: str, expect: int) -> None:
    """TestQuantityCmp: the values compare as upstream's Cmp, and so do their millicores."""
    a, b = parse_quantity(x), parse_quantity(y)
    assert a is not None and b is not None
    assert (a[0] > b[0]) - (a[0] < b[0]) == expect
    ma, mb = cpu_millis(x), cpu_millis(y)
    assert ma is not None and mb is not None and (ma > mb) - (ma < mb) == expect


# TestInterpretExponentInt32Bounds: (suffix, wantExp, wantOK), as the suffix of "1"
EXPONENT_ROWS = [
    ("e14", 14, True),
    ("E2147483647", 2147483647, True),
    ("E-2147483647", -2147483647, True),
    ("E2147483648", 0, False),
    ("E-2147483648", 0, False),
    ("E4294967297", 0, False),
    ("E8589934592", 0, False),
    ("E9223372036854775807", 0, False),
    ("E9223372036854775808", 0, False),
    ("E6024865272343", 0, False),
]


@pytest.mark.parametrize(("suffix", "exp", "ok"), EXPONENT_ROWS, ids=[r[0] for r in EXPONENT_ROWS])
def test_interpret_exponent_int32_bounds(suffix: str, exp: int, ok: bool) -> None:
    """An exponent within int32 is read (saturating in millicores, never wrapping to another value);
    one past it is an error rather than a truncated exponent (``1e4294967297`` is not ``1e1``)."""
    got = parse_quantity("1" + suffix)
    if not ok:
        assert got is None and cpu_millis("1" + suffix) is None
        return
    assert got is not None and got[1] == DEX
    millis = cpu_millis("1" + suffix)
    if exp > 0:
        assert millis == min(INT64_MAX, 10 ** (exp + 3)) if exp < 40 else millis == INT64_MAX
    else:
        assert millis == 1  # 10^-2147483647 rounds up to 1n, then to 1m


# -------------------------------------------------------------------------------------------------
# the parse rows through the oracle: a pod requesting the row's quantity, bound next to nothing
# -------------------------------------------------------------------------------------------------

#: the largest allocatable cpu a capture here gives a Node (ten billion cores)
ORACLE_MAX_MILLIS = 10**13


def _request_pod(c: cg.Cluster, name: str, t: float, cpu: Any = None, spec: dict[str, Any] | None = None) -> None:
    """A pod created unbound at t: one container requesting ``cpu`` as written, or the given spec's
    containers and pod-level resources."""
    c.pod("default", name, None, owner=None, t=t, default_tolerations=True)
    obj = c.pods[f"default/{name}"]
    if spec is not None:
        obj["spec"].update(copy.deepcopy(spec))
    else:
        obj["spec"]["containers"][0]["resources"] = {"requests": {"cpu": cpu}}
    c.events[-1] = (c.events[-1][0], c.events[-1][1], copy.deepcopy(obj))


def _bound(tmp: Path, allocatable_millis: int, cpu: Any = None, spec: dict[str, Any] | None = None) -> t8.Found:
    """The scheduler binds the pod to ``w-4`` (nothing else on it), whose allocatable cpu is given."""
    c = cg.Cluster()
    c.kubeadm(3)
    c.node(NODE, heartbeat_age=33, cpu=f"{allocatable_millis}m")
    c.start_watch()
    c.at(TT, _request_pod, c, "pod", TT, cpu, spec)
    c.at(TT + 1, c.bind, "default/pod", NODE, TT + 1)
    found, _ = t8._capture(c, tmp)
    return found


#: the parse rows whose reading the oracle used to get wrong (float() of the text), judged in a capture
ORACLE_PARSE_ROWS = [
    r
    for r in PARSE_ROWS
    if r[0]
    in {
        "1Ki",
        "8Ki",
        "7Mi",
        "5n",
        "4u",
        "8k",
        "7M",
        "1e3",
        "0.0005k",
        "0.5e-9",
        "3.001n",
        "0.9n",
        ".001",
        "1.",
        "1.G",
        "0.000000000001Ki",
        "1.1E-9",
        "0.00000012345",
    }
]


@pytest.mark.parametrize(
    ("text", "unscaled", "exponent", "fmt"), ORACLE_PARSE_ROWS, ids=_ids([r[0] for r in ORACLE_PARSE_ROWS])
)
def test_quantity_parse_request_through_the_oracle(
    text: str, unscaled: int | str, exponent: int, fmt: str, tmp_path: Path
) -> None:
    """A request of exactly the Node's allocatable conforms; one millicore over is flagged (was: a
    request the reader could not parse counted 0, so the overcommit passed)."""
    millis = _milli(_value(unscaled, exponent))
    assert 1 <= millis <= ORACLE_MAX_MILLIS
    assert _bound(tmp_path / "fits", millis, cpu=text) == set()
    assert _bound(tmp_path / "over", millis - 1, cpu=text) == {(FIT, NODE, "default/pod")}


# =================================================================================================
# component-helpers node/topology helpers_test.go Test_GetZoneKey
# =================================================================================================

BETA_ZONE, BETA_REGION = "failure-domain.beta.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/region"
GA_ZONE, GA_REGION = "topology.kubernetes.io/zone", "topology.kubernetes.io/region"

ZONE_ROWS = [
    ("has no zone or region keys", {}, ""),
    ("has beta zone and region keys", {BETA_ZONE: "zone1", BETA_REGION: "region1"}, "region1:\x00:zone1"),
    ("has GA zone and region keys", {GA_ZONE: "zone1", GA_REGION: "region1"}, "region1:\x00:zone1"),
    (
        "has both beta and GA zone and region keys",
        {GA_ZONE: "zone1", GA_REGION: "region1", BETA_ZONE: "zone1", BETA_REGION: "region1"},
        "region1:\x00:zone1",
    ),
    (
        "has both beta and GA zone and region keys, beta labels take precedent",
        {GA_ZONE: "zone1", GA_REGION: "region1", BETA_ZONE: "zone2", BETA_REGION: "region2"},
        "region2:\x00:zone2",
    ),
]


def _oracle_key(upstream: str) -> str | None:
    """Upstream's key (``region + ":\\x00:" + zone``, "" for none) in node_zone's spelling."""
    if not upstream:
        return None
    region, zone = upstream.split(":\x00:")
    return f"{zone} (region {region})" if region else zone


@pytest.mark.parametrize(("name", "labels", "key"), ZONE_ROWS, ids=[r[0] for r in ZONE_ROWS])
def test_get_zone_key(name: str, labels: dict[str, str], key: str) -> None:
    """node_zone names the zone upstream's GetZoneKey keys, and two rows share a zone exactly when
    their upstream keys are equal."""
    assert node_zone({"metadata": {"name": "n", "labels": labels}}) == _oracle_key(key)
    for _, other, other_key in ZONE_ROWS:
        same = node_zone({"metadata": {"labels": other}}) == node_zone({"metadata": {"labels": labels}})
        assert same == (other_key == key)


# =================================================================================================
# component-helpers resource helpers_test.go: PodRequests, cpu
# =================================================================================================


def _container(
    requests: dict[str, str] | None = None, limits: dict[str, str] | None = None, sidecar: bool = False
) -> dict[str, Any]:
    res: dict[str, Any] = {}
    if requests:
        res["requests"] = dict(requests)
    if limits:
        res["limits"] = dict(limits)
    out: dict[str, Any] = {"name": "c", "image": "registry.k8s.io/pause:3.10", "resources": res}
    if sidecar:
        out["restartPolicy"] = "Always"
    return out


def _get_pod(
    cpu_request: str = "",
    cpu_limit: str = "",
    memory_request: str = "",
    memory_limit: str = "",
    cpu_overhead: str = "",
    memory_overhead: str = "",
) -> dict[str, Any]:
    """helpers_test.go getPod(cname, podResources): one container, and the overhead."""
    req = {k: v for k, v in (("cpu", cpu_request), ("memory", memory_request)) if v}
    lim = {k: v for k, v in (("cpu", cpu_limit), ("memory", memory_limit)) if v}
    spec: dict[str, Any] = {"containers": [_container(req, lim)]}
    overhead = {k: v for k, v in (("cpu", cpu_overhead), ("memory", memory_overhead)) if v}
    if overhead:
        spec["overhead"] = overhead
    return {"spec": spec}


# TestPodRequestsAndLimits: (cName, pod, expected cpu request in millicores; none = 0)
REQUESTS_AND_LIMITS_ROWS = [
    ("just-limit-no-overhead", _get_pod(cpu_limit="9"), 0),
    ("just-overhead", _get_pod(cpu_overhead="5", memory_overhead="5"), 5000),
    ("req-and-overhead", _get_pod(cpu_request="1", memory_request="10", cpu_overhead="5", memory_overhead="5"), 6000),
    (
        "all-req-lim-and-overhead",
        _get_pod(
            cpu_request="1",
            cpu_limit="2",
            memory_request="10",
            memory_limit="12",
            cpu_overhead="5",
            memory_overhead="5",
        ),
        6000,
    ),
    (
        "req-some-lim-and-overhead",
        _get_pod(cpu_request="1", cpu_limit="2", memory_request="10", cpu_overhead="5", memory_overhead="5"),
        6000,
    ),
]


@pytest.mark.parametrize(
    ("name", "pod", "millis"), REQUESTS_AND_LIMITS_ROWS, ids=[r[0] for r in REQUESTS_AND_LIMITS_ROWS]
)
def test_pod_requests_and_limits(name: str, pod: dict[str, Any], millis: int) -> None:
    """PodRequests(pod, PodResourcesOptions{}): the overhead counts, limits never do."""
    assert pod_request(pod) == millis


def _two(overhead: bool, init: bool) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "containers": [
            _container({"cpu": "1", "memory": "5"}, {"cpu": "2", "memory": "10"}),
            _container({"cpu": "4", "memory": "12"}, {"cpu": "8", "memory": "24"}),
        ]
    }
    if overhead:
        spec["overhead"] = {"cpu": "3", "memory": "8"}
    if init:
        spec["initContainers"] = [
            _container({"cpu": "1", "memory": "5"}, {"cpu": "1", "memory": "5"}),
            _container({"cpu": "40", "memory": "120"}, {"cpu": "80", "memory": "240"}),
        ]
    return {"spec": spec}


# TestPodRequestsAndLimitsWithoutOverhead (ExcludeOverhead: true): (name, pod, cpu without overhead)
WITHOUT_OVERHEAD_ROWS = [
    ("two container no overhead - should just be sum of containers", _two(False, False), 5000),
    ("two container with overhead - shouldn't consider overhead", _two(True, False), 5000),
    ("two container with overhead, massive init - should just be the largest init", _two(True, True), 40000),
]


@pytest.mark.parametrize(("name", "pod", "millis"), WITHOUT_OVERHEAD_ROWS, ids=[r[0] for r in WITHOUT_OVERHEAD_ROWS])
def test_pod_requests_without_overhead(name: str, pod: dict[str, Any], millis: int) -> None:
    """The rows exclude the overhead; the scheduler does not (computePodResourceRequest passes no
    ExcludeOverhead), so pod_request is the row's value plus the pod's overhead."""
    overhead = cpu_millis((pod["spec"].get("overhead") or {}).get("cpu")) or 0
    assert pod_request(pod) == millis + overhead


def _pl_pod(
    pod_requests: dict[str, str] | None, containers: list[dict[str, Any]], init: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """helpers_test.go getPodLevelResourcesPod: pod-level requests, containers, init containers."""
    spec: dict[str, Any] = {"containers": containers or [_container()]}
    if pod_requests is not None:
        spec["resources"] = {"requests": dict(pod_requests)}
    if init:
        spec["initContainers"] = init
    return {"spec": spec}


HP2, HP1 = "hugepages-2Mi", "hugepages-1Gi"
_C = _container
# TestPodLevelResourceRequests: (name, pod, SkipPodLevelResources, expected cpu in millicores)
POD_LEVEL_ROWS: list[tuple[str, dict[str, Any], bool, int]] = [
    ("nil", _pl_pod(None, []), False, 0),
    ("pod level memory resource with SkipPodLevelResources true", _pl_pod({"memory": "2Mi"}, []), True, 0),
    ("pod level memory resource with SkipPodLevelResources false", _pl_pod({"memory": "2Mi"}, []), False, 0),
    (
        "pod level memory and container level cpu resources with SkipPodLevelResources false",
        _pl_pod({"memory": "2Mi"}, [_C({"cpu": "2m"})]),
        False,
        2,
    ),
    (
        "pod level unsupported resources set at both pod-level and container-level with SkipPodLevelResources false",
        _pl_pod({"storage": "2Mi"}, [_C({"storage": "3Mi"})]),
        False,
        0,
    ),
    (
        "pod level unsupported resources set at pod-level with SkipPodLevelResources false",
        _pl_pod({"storage": "2Mi"}, [_C({"memory": "3Mi"})]),
        False,
        0,
    ),
    (
        "only container level resources set with SkipPodLevelResources false",
        _pl_pod(None, [_C({"memory": "3Mi", "cpu": "2m"})]),
        False,
        2,
    ),
    (
        "both container-level and pod-level resources set with SkipPodLevelResources false",
        _pl_pod({"memory": "6Mi", "cpu": "8m"}, [_C({"memory": "3Mi", "cpu": "2m"})]),
        False,
        8,
    ),
    (
        "container-level resources and init container set with SkipPodLevelResources false",
        _pl_pod(None, [_C({"memory": "3Mi", "cpu": "2m"})], [_C({"memory": "5Mi", "cpu": "4m"})]),
        False,
        4,
    ),
    (
        "container-level resources and init container set with SkipPodLevelResources false",  # (its opts: true)
        _pl_pod(None, [_C({"memory": "3Mi", "cpu": "2m"})], [_C({"memory": "5Mi", "cpu": "4m"})]),
        True,
        4,
    ),
    (
        "container-level resources and sidecar container set with SkipPodLevelResources false",
        _pl_pod(None, [_C({"memory": "3Mi", "cpu": "2m"})], [_C({"memory": "5Mi", "cpu": "4m"}, sidecar=True)]),
        False,
        6,
    ),
    (
        "container-level resources, init and sidecar container set with SkipPodLevelResources false",
        _pl_pod(
            None,
            [_C({"memory": "3Mi", "cpu": "2m"})],
            [_C({"memory": "5Mi", "cpu": "4m"}, sidecar=True), _C({"memory": "6Mi", "cpu": "8m"})],
        ),
        False,
        12,
    ),
    (
        "pod-level resources, container-level resources, init and sidecar container set with "
        "SkipPodLevelResources false",
        _pl_pod(
            {"memory": "15Mi", "cpu": "18m"},
            [_C({"memory": "3Mi", "cpu": "2m"})],
            [_C({"memory": "5Mi", "cpu": "4m"}, sidecar=True), _C({"memory": "6Mi", "cpu": "8m"})],
        ),
        False,
        18,
    ),
    (
        "pod-level resources, hugepage request/limit single page size",
        _pl_pod({"memory": "10Mi", HP2: "2Mi"}, []),
        False,
        0,
    ),
    (
        "pod-level resources, hugepage request/limit multiple page sizes",
        _pl_pod({"cpu": "1", HP2: "2Mi", HP1: "1Gi"}, []),
        False,
        1000,
    ),
    (
        "pod-level resources, container-level resources, hugepage request/limit single page size",
        _pl_pod({"cpu": "1", HP2: "10Mi"}, [_C({HP2: "6Mi"})]),
        False,
        1000,
    ),
    (
        "pod-level resources, container-level resources, hugepage request/limit multiple page sizes",
        _pl_pod({"cpu": "1", HP2: "10Mi", HP1: "2Gi"}, [_C({"cpu": "1", HP1: "2Gi"})]),
        False,
        1000,
    ),
    (
        "pod-level resources, container-level resources, hugepage request/limit multiple page sizes between "
        "pod-level and container-level",
        _pl_pod({"cpu": "1", HP2: "10Mi"}, [_C({"memory": "4Mi", HP1: "1Gi"})]),
        False,
        1000,
    ),
]
POD_LEVEL_IDS = _ids([r[0] for r in POD_LEVEL_ROWS])


@pytest.mark.parametrize(("name", "pod", "skip_pod_level", "millis"), POD_LEVEL_ROWS, ids=POD_LEVEL_IDS)
def test_pod_level_resource_requests(name: str, pod: dict[str, Any], skip_pod_level: bool, millis: int) -> None:
    """PodRequests' cpu with the scheduler's options (pod-level resources on, as PodLevelResources is
    since 1.34). The rows with SkipPodLevelResources: true carry no pod-level cpu, so they agree."""
    if skip_pod_level:
        assert "resources" not in pod["spec"] or "cpu" not in pod["spec"]["resources"]["requests"]
    assert pod_request(pod) == millis


#: the pod-level rows that set a pod-level cpu, judged in a capture
ORACLE_POD_LEVEL_ROWS = [
    r for r in POD_LEVEL_ROWS if "cpu" in ((r[1]["spec"].get("resources") or {}).get("requests") or {})
]


@pytest.mark.parametrize(
    ("name", "pod", "skip_pod_level", "millis"), ORACLE_POD_LEVEL_ROWS, ids=_ids([r[0] for r in ORACLE_POD_LEVEL_ROWS])
)
def test_pod_level_request_through_the_oracle(
    name: str, pod: dict[str, Any], skip_pod_level: bool, millis: int, tmp_path: Path
) -> None:
    """The pod bound to a Node with its pod-level cpu allocatable conforms; one millicore less is flagged
    (was: only the containers counted, 2m of the 8m, none of the 1000m, and the overcommit passed)."""
    spec = copy.deepcopy(pod["spec"])
    for i, ctr in enumerate(spec["containers"] + spec.get("initContainers", [])):
        ctr["name"] = f"c{i}"
    assert _bound(tmp_path / "fits", millis, spec=spec) == set()
    assert _bound(tmp_path / "over", millis - 1, spec=spec) == {(FIT, NODE, "default/pod")}


# -------------------------------------------------------------------------------------------------
# TestPodResourceRequests' "resized" rows: a bound pod resized in place
# -------------------------------------------------------------------------------------------------
#
# Rows with UseStatusResources: the request of a bound pod is max(spec, allocated, actuated) from its status
# (the scheduler's NodeInfo counts bound pods so: pkg/scheduler/framework/types.go PodInfo.calculateResource).
# pod_request is what the scheduler counts for a pod it is scheduling (computePodResourceRequest: "pod hasn't
# scheduled yet so we don't need to worry about InPlacePodVerticalScalingEnabled"), so those rows are not
# pod_request's; what they mean for a capture is judged below: after a resize, the node's fit is not judged.

RESIZED_ROWS = [
    "resized, infeasible",
    "resized, infeasible & in-progress",
    "resized, no resize status",
    "resized: per-resource 3-way maximum",
]
RESIZED_WHY = (
    "UseStatusResources: the row's request comes from the pod's status (allocatedResources, resources), which "
    "the model does not hold (a pod's request is fixed at creation); a capture with a resize is not judged for "
    "bound-requests-fit-allocatable on that Node from the resize on (oracle/k8s.py not_judged_after_pod_resize)"
)


@pytest.mark.parametrize("name", RESIZED_ROWS)
def test_pod_resource_requests_resized(name: str) -> None:
    _skip("TestPodResourceRequests", name, RESIZED_WHY)


def _resize(c: cg.Cluster, key: str, cpu: str, t: float) -> None:
    """``kubectl patch pod --subresource resize``: the container's cpu request rewritten in place."""
    obj = c.pods[key]
    obj["spec"]["containers"][0]["resources"]["requests"]["cpu"] = cpu
    entry = {"manager": "kubectl", "operation": "Update", "subresource": "resize", "time": cg.ts(t)}
    obj["metadata"]["managedFields"] = [*obj["metadata"].get("managedFields", []), entry]
    c._touch(obj)
    c._emit("Pod", "MODIFIED", obj)


# (name, resized at, second pod bound at, flagged): pod a requests 3000m of w-4's 3800m; the resize takes it to
# 1000m; pod b requests 2000m
RESIZE_CASES = [
    ("resized down, then a binding the freed cpu fits", 10.0, 30.0, False),
    ("no resize: the same binding overcommits", None, 30.0, True),
    ("an overcommit before the resize is still judged", 10.0, 8.0, True),
]


@pytest.mark.parametrize(("name", "resize_at", "bind_at", "flagged"), RESIZE_CASES, ids=[x[0] for x in RESIZE_CASES])
def test_pod_resize_in_a_watch(
    name: str, resize_at: float | None, bind_at: float, flagged: bool, tmp_path: Path
) -> None:
    """A watch capture: was flagged after a resize down (the oracle kept the creation's 3000m)."""
    c = cg.Cluster()
    c.kubeadm(3)
    c.node(NODE, heartbeat_age=33, cpu="3800m")
    c.start_watch()
    c.at(TT, c.create_pod, "default", "a", TT, cpu="3000m", owner=None)
    c.at(TT + 1, c.bind, "default/a", NODE, TT + 1)
    if resize_at is not None:
        c.at(TT + resize_at, _resize, c, "default/a", "1000m", TT + resize_at)
    c.at(TT + bind_at - 1, c.create_pod, "default", "b", TT + bind_at - 1, cpu="2000m", owner=None)
    c.at(TT + bind_at, c.bind, "default/b", NODE, TT + bind_at)
    c.run(t8.END)
    rep = t8.check([str(p) for p in c.write(tmp_path)])
    assert rep.input_errors == []
    assert {(v.property, v.node, v.pod) for v in rep.violations} == ({(FIT, NODE, "default/b")} if flagged else set())
    assert rep.coverage[FIT].startswith("not checked") == (resize_at is not None)


@pytest.mark.parametrize(("name", "resize_at", "bind_at", "flagged"), RESIZE_CASES, ids=[x[0] for x in RESIZE_CASES])
def test_pod_resize_in_an_audit_log(
    name: str, resize_at: float | None, bind_at: float, flagged: bool, tmp_path: Path
) -> None:
    """The same story as an audit log: the resize is a patch of the pods/resize subresource."""
    import test_upstream_tables9 as t9

    log = t9.ga.Log()
    node = t9._node(t9.ME)
    t9._register(log, 0.1, t9.ME, node)
    for k in range(7):
        t9._log(log, 1 + 10 * k, t9.ME, "update", t9._ref("leases", t9.ME, "kube-node-lease"))

    def pod(name: str, cpu: str, t: float) -> None:
        body = t9._pod(name, "", False, containers=[_C({"cpu": cpu}) | {"name": "c"}])
        t9._log(log, t, "bob", "create", t9._ref("pods", None, t9.NS), body, 201, body)
        binding = {"kind": "Binding", "apiVersion": "v1", "metadata": {"name": name, "namespace": t9.NS}}
        binding["target"] = {"kind": "Node", "name": t9.ME}
        ref = t9._ref("pods", name, t9.NS, "binding")
        t9._log(log, t + 0.1, "system:kube-scheduler", "create", ref, binding, 201)

    pod("a", "3000m", 6.0)
    if resize_at is not None:
        patch = {"spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "1000m"}}}]}}
        t9._log(log, resize_at, "bob", "patch", t9._ref("pods", "a", t9.NS, "resize"), patch, 200)
    pod("b", "2000m", bind_at)
    events = [e for _, e in sorted(log.lines, key=lambda x: x[0])]
    found, msgs = t9._judge(events, tmp_path / "audit.log")
    assert found == ({(FIT, t9.ME, f"{t9.NS}/b")} if flagged else set()), msgs


# =================================================================================================
# tainttoleration taint_toleration_test.go @ 04c0d74f: the rows round 8 did not have
# =================================================================================================
#
# Round 8 (test_rules.py, test_upstream_tables8.py) ported TestTaintTolerationFilter's rows at cb6ff2d8;
# since then upstream added the comparison-operator rows (TaintTolerationComparisonOperators, alpha in
# 1.35), TestTaintTolerationFilterWithFeatureGate, and TestTaintTolerationScore's rows are new here.

GATE = r.GATE_TAINT_TOLERATION_COMPARISON_OPERATORS
SLA, PRIO = "node.kubernetes.io/sla", "node.example.com/priority-level"
NS, PNS = "NoSchedule", "PreferNoSchedule"


def _tol(key: str, op: str, value: str, effect: str) -> dict[str, str]:
    return {"key": key, "operator": op, "value": value, "effect": effect}


def _taint(key: str, value: str, effect: str) -> dict[str, str]:
    return {"key": key, "value": value, "effect": effect}


def _filter(tolerations: list[dict[str, Any]], taints: list[dict[str, Any]], gate: bool) -> bool:
    node = {"metadata": {"name": "nodeA"}, "spec": {"taints": taints}}
    pod = {"metadata": {"name": "pod1"}, "spec": {"tolerations": tolerations}}
    return r.scheduler_filter(node, pod, feature_gates={GATE: gate}).ok


# TestTaintTolerationFilter's comparison rows (enableTaintTolerationComparisonOps: true): (name,
# tolerations, taints, upstream admits)
FILTER_CMP_ROWS = [
    (
        "Pod with Gt toleration cannot be scheduled on node when taint value is lower than threshold",
        [_tol(PRIO, "Gt", "950", NS)],
        [_taint(PRIO, "800", NS)],
        False,
    ),
    (
        "Pod with Gt toleration can be scheduled on node when taint value is higher than threshold",
        [_tol(SLA, "Gt", "750", NS)],
        [_taint(SLA, "950", NS)],
        True,
    ),
    (
        "Pod with Lt toleration cannot be scheduled on node when taint value is higher than threshold",
        [_tol(PRIO, "Lt", "800", NS)],
        [_taint(PRIO, "950", NS)],
        False,
    ),
    (
        "Pod with Lt toleration can be scheduled on node when taint value is lower than threshold",
        [_tol(SLA, "Lt", "950", NS)],
        [_taint(SLA, "800", NS)],
        True,
    ),
    (
        "Pod with Gt toleration cannot be scheduled on node with non-numeric taint value",
        [_tol(SLA, "Gt", "950", NS)],
        [_taint(SLA, "high", NS)],
        False,
    ),
]

# TestTaintTolerationFilterWithFeatureGate: (name, tolerations, taints, gate, upstream admits)
MIXED = [_tol("dedicated", "Equal", "user1", NS), _tol(SLA, "Gt", "750", NS)]
FILTER_GATE_ROWS = [
    (
        "Pod with Gt toleration can be scheduled when feature gate is enabled and taint value is higher",
        [_tol(SLA, "Gt", "750", NS)],
        [_taint(SLA, "950", NS)],
        True,
        True,
    ),
    (
        "Pod with Gt toleration cannot be scheduled when feature gate is disabled",
        [_tol(SLA, "Gt", "750", NS)],
        [_taint(SLA, "950", NS)],
        False,
        False,
    ),
    (
        "Pod with Lt toleration can be scheduled when feature gate is enabled and taint value is lower",
        [_tol(SLA, "Lt", "950", NS)],
        [_taint(SLA, "800", NS)],
        True,
        True,
    ),
    (
        "Pod with Lt toleration cannot be scheduled when feature gate is disabled",
        [_tol(SLA, "Lt", "950", NS)],
        [_taint(SLA, "800", NS)],
        False,
        False,
    ),
    (
        "Pod with mixed tolerations (Equal and Gt) when feature gate is disabled - only Equal is honored",
        MIXED,
        [_taint("dedicated", "user1", NS)],
        False,
        True,
    ),
    (
        "Pod with mixed tolerations, Gt toleration needed but filtered out when feature gate is disabled",
        MIXED,
        [_taint("dedicated", "user1", NS), _taint(SLA, "950", NS)],
        False,
        False,
    ),
]

GATE_OFF_NOT_IN_A_CAPTURE = (
    "with the gate off the API server refuses a pod with an Lt/Gt toleration (pkg/api/pod/util.go "
    "allowTaintTolerationComparisonOperators, ValidateTolerations), so no capture holds the row's pod; "
    "one that does comes from a cluster running the gate and is judged with it on (oracle/k8s.py pod_gates)"
)


def _filter_binding(tmp: Path, tolerations: list[dict[str, Any]], taints: list[dict[str, Any]]) -> t8.Found:
    """The row's pod bound to w-4 carrying the row's taints (kubectl taint before the pod comes)."""
    c = t8._sched_cluster(taints, cordon=False)
    t8._bind_row_pod(c, tolerations)
    found, _ = t8._capture(c, tmp)
    return found


UNTOLERATED = {("no-schedule-with-untolerated-taint", NODE, "default/pod1")}


@pytest.mark.parametrize(
    ("name", "tolerations", "taints", "admits"), FILTER_CMP_ROWS, ids=[x[0] for x in FILTER_CMP_ROWS]
)
def test_taint_toleration_filter_comparison(
    name: str, tolerations: list[dict[str, Any]], taints: list[dict[str, Any]], admits: bool, tmp_path: Path
) -> None:
    """The Filter with the gate on, then the binding in a capture: one upstream admits conforms (was:
    flagged, the oracle judging every Lt/Gt toleration with the 1.35 default, gate off), one it
    refuses is flagged by no-schedule-with-untolerated-taint."""
    assert _filter(tolerations, taints, gate=True) is admits
    assert _filter_binding(tmp_path, tolerations, taints) == (set() if admits else UNTOLERATED)


@pytest.mark.parametrize(
    ("name", "tolerations", "taints", "gate", "admits"), FILTER_GATE_ROWS, ids=[x[0] for x in FILTER_GATE_ROWS]
)
def test_taint_toleration_filter_with_feature_gate(
    name: str, tolerations: list[dict[str, Any]], taints: list[dict[str, Any]], gate: bool, admits: bool, tmp_path: Path
) -> None:
    """scheduler_filter under the row's gate; in a capture, what the gate-on cluster that could hold
    the pod does."""
    assert _filter(tolerations, taints, gate=gate) is admits
    if not gate and not admits:
        _skip("TestTaintTolerationFilterWithFeatureGate", name, GATE_OFF_NOT_IN_A_CAPTURE)
    assert _filter_binding(tmp_path, tolerations, taints) == (set() if admits else UNTOLERATED)


# TestTaintTolerationScore: (name, tolerations, [(node, taints, upstream score)], gate)
SCORE_ROWS: list[tuple[str, list[dict[str, Any]], list[tuple[str, list[dict[str, Any]], int]], bool]] = [
    (
        "node with taints tolerated by the pod, gets a higher score than those node with intolerable taints",
        [_tol("foo", "Equal", "bar", PNS)],
        [("nodeA", [_taint("foo", "bar", PNS)], 100), ("nodeB", [_taint("foo", "blah", PNS)], 0)],
        False,
    ),
    (
        "the nodes that all of their taints are tolerated by the pod, get the same score, no matter how many "
        "tolerable taints a node has",
        [_tol("cpu-type", "Equal", "arm64", PNS), _tol("disk-type", "Equal", "ssd", PNS)],
        [
            ("nodeA", [], 100),
            ("nodeB", [_taint("cpu-type", "arm64", PNS)], 100),
            ("nodeC", [_taint("cpu-type", "arm64", PNS), _taint("disk-type", "ssd", PNS)], 100),
        ],
        False,
    ),
    (
        "the more intolerable taints a node has, the lower score it gets.",
        [_tol("foo", "Equal", "bar", PNS)],
        [
            ("nodeA", [], 100),
            ("nodeB", [_taint("cpu-type", "arm64", PNS)], 50),
            ("nodeC", [_taint("cpu-type", "arm64", PNS), _taint("disk-type", "ssd", PNS)], 0),
        ],
        False,
    ),
    (
        "only taints and tolerations that have effect PreferNoSchedule are checked by taints-tolerations "
        "priority function",
        [_tol("cpu-type", "Equal", "arm64", NS), _tol("disk-type", "Equal", "ssd", NS)],
        [
            ("nodeA", [], 100),
            ("nodeB", [_taint("cpu-type", "arm64", NS)], 100),
            ("nodeC", [_taint("cpu-type", "arm64", PNS), _taint("disk-type", "ssd", PNS)], 0),
        ],
        False,
    ),
    (
        "Default behaviour No taints and tolerations, lands on node with no taints",
        [],
        [("nodeA", [], 100), ("nodeB", [_taint("cpu-type", "arm64", PNS)], 0)],
        False,
    ),
    (
        "Numeric Gt operator: pod with Gt toleration prefers nodes with matching SLA taint",
        [_tol(SLA, "Gt", "950", PNS)],
        [("nodeA", [_taint(SLA, "800", PNS)], 0), ("nodeB", [_taint(SLA, "999", PNS)], 100)],
        True,
    ),
    (
        "Numeric Lt operator: pod with Lt toleration prefers nodes with matching SLA taint",
        [_tol(SLA, "Lt", "800", PNS)],
        [("nodeA", [_taint(SLA, "950", PNS)], 0), ("nodeB", [_taint(SLA, "700", PNS)], 100)],
        True,
    ),
    (
        "Score ignores parse errors from numeric PreferNoSchedule taint value",
        [_tol(SLA, "Gt", "950", PNS)],
        [("nodeA", [], 100), ("nodeB", [_taint(SLA, "high", PNS)], 0)],
        True,
    ),
]


def _scores(
    tolerations: list[dict[str, Any]], nodes: list[tuple[str, list[dict[str, Any]], int]], gate: bool
) -> list[int]:
    """TaintToleration Score + NormalizeScore through nodereg's toleration matching:
    countIntolerableTaintsPreferNoSchedule (the node's PreferNoSchedule taints no toleration with effect
    "" or PreferNoSchedule tolerates: getAllTolerationPreferNoSchedule), then
    helper.DefaultNormalizeScore(MaxNodeScore, reverse=true)."""
    tols = [t for t in tolerations if t.get("effect", "") in ("", PNS)]
    counts = [
        sum(
            1
            for t in taints
            if t["effect"] == PNS and not r.tolerations_tolerate_taint(tols, t, feature_gates={GATE: gate})
        )
        for _, taints, _ in nodes
    ]
    top = max(counts)
    return [100 if top == 0 else 100 - 100 * n // top for n in counts]


@pytest.mark.parametrize(("name", "tolerations", "nodes", "gate"), SCORE_ROWS, ids=[x[0] for x in SCORE_ROWS])
def test_taint_toleration_score(
    name: str,
    tolerations: list[dict[str, Any]],
    nodes: list[tuple[str, list[dict[str, Any]], int]],
    gate: bool,
    tmp_path: Path,
) -> None:
    """The scores from nodereg's toleration matching are upstream's; every node passes the Filter (a
    PreferNoSchedule taint never blocks); and the pod bound to the node scored lowest conforms: Score
    only ranks, so no property may flag it (the deviating twin, a binding there, is this capture)."""
    assert _scores(tolerations, nodes, gate) == [score for _, _, score in nodes]
    assert all(_filter(tolerations, taints, gate) for _, taints, _ in nodes)
    lowest = min(nodes, key=lambda n: n[2])
    assert _filter_binding(tmp_path, tolerations, lowest[1]) == set()


def test_skips_are_documented() -> None:
    """Every skip says why (none is silent); the file's rows are mostly run."""
    assert all(why for why in SKIPS.values())
