"""The public API is typed (py.typed, mypy --strict) and a wrong-typed call says which argument is wrong.

Table-driven: each row is a call a user could plausibly get wrong, the exception it must raise
and the argument (or field) its message must name. A hypothesis test then throws arbitrary JSON
at the rules: the answer is a verdict, a TypeError or a ValueError, never an AttributeError or a
KeyError from inside.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nodereg
from nodereg import Oracle, check, scheduler_filter, tolerates
from nodereg.model.rules import (
    Taint,
    add_default_tolerations,
    eviction_delay_seconds,
    find_matching_untolerated_taint,
    get_matching_tolerations,
    tolerations_tolerate_taint,
)

ROOT = Path(__file__).resolve().parents[1]
TAINT = {"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}

WRONG_CALLS: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("tolerates-taint-None", lambda: tolerates({}, None), TypeError, "taint"),
    ("tolerates-toleration-None", lambda: tolerates(None, TAINT), TypeError, "toleration"),
    ("tolerates-toleration-list", lambda: tolerates([TAINT], TAINT), TypeError, "toleration"),
    ("tolerates-taint-str", lambda: tolerates({}, "node.kubernetes.io/not-ready"), TypeError, "taint"),
    ("tolerates-key-int", lambda: tolerates({"key": 5}, TAINT), TypeError, "toleration.key"),
    (
        "tolerates-taint-effect-int",
        lambda: tolerates({"effect": "NoSchedule"}, {"effect": 1}),
        TypeError,
        "taint.effect",
    ),
    ("tolerates-gates-list", lambda: tolerates({}, TAINT, feature_gates=["x"]), TypeError, "feature_gates"),
    ("filter-node-int", lambda: scheduler_filter(5, {}), TypeError, "node"),
    ("filter-pod-list", lambda: scheduler_filter({}, []), TypeError, "pod"),
    ("filter-pod-list-no-node", lambda: scheduler_filter(None, []), TypeError, "pod"),
    ("filter-node-spec-str", lambda: scheduler_filter({"spec": "x"}, {}), TypeError, "node.spec"),
    ("filter-taints-dict", lambda: scheduler_filter({"spec": {"taints": TAINT}}, {}), TypeError, "node.spec.taints"),
    (
        "filter-taint-item-str",
        lambda: scheduler_filter({"spec": {"taints": ["x"]}}, {}),
        TypeError,
        "node.spec.taints[0]",
    ),
    (
        "filter-tolerations-int",
        lambda: scheduler_filter({}, {"spec": {"tolerations": 5}}),
        TypeError,
        "pod.spec.tolerations",
    ),
    (
        "filter-toleration-item-str",
        lambda: scheduler_filter({"spec": {"taints": [TAINT]}}, {"spec": {"tolerations": ["x"]}}),
        TypeError,
        "pod.spec.tolerations[0]",
    ),
    ("tolerations-int", lambda: tolerations_tolerate_taint(5, TAINT), TypeError, "tolerations"),
    ("untolerated-taints-str", lambda: find_matching_untolerated_taint("abc", []), TypeError, "taints"),
    ("matching-taint-item", lambda: get_matching_tolerations([3], []), TypeError, "taints[0]"),
    (
        "eviction-seconds-str",
        lambda: eviction_delay_seconds(
            [{"operator": "Exists", "tolerationSeconds": "300"}], [{"key": "k", "effect": "NoExecute"}]
        ),
        TypeError,
        "tolerationSeconds",
    ),
    ("default-tolerations-pod", lambda: add_default_tolerations(None), TypeError, "pod"),
    ("oracle-params-int", lambda: Oracle(params=5), TypeError, "params"),
    ("oracle-params-unknown", lambda: Oracle(params={"grace": 50}), ValueError, "params"),
    (
        "oracle-params-duration-str",
        lambda: Oracle(params={"node_monitor_grace_period": "50s"}),
        TypeError,
        "params['node_monitor_grace_period']",
    ),
    ("oracle-version-float", lambda: Oracle(k8s_version=1.35), TypeError, "k8s_version"),
    ("oracle-version-word", lambda: Oracle(k8s_version="latest"), ValueError, "k8s_version"),
    ("oracle-slack-str", lambda: Oracle(slack="5s"), TypeError, "slack"),
    ("oracle-slack-negative", lambda: Oracle(slack=-1), ValueError, "slack"),
    ("check-None", lambda: check(None), TypeError, "sources"),
    ("check-int", lambda: check(5), TypeError, "sources"),
    ("check-params-list", lambda: check([], params=[("a", 1)]), TypeError, "params"),
    ("check-jobs-str", lambda: check([], jobs="2"), TypeError, "jobs"),
    ("check-jobs-zero", lambda: check([], jobs=0), ValueError, "jobs"),
    ("check-oracle-int", lambda: check([], oracle=3), TypeError, "oracle"),
    ("sweep-int", lambda: nodereg.sweep(5), TypeError, "configurations"),
    ("sweep-item-dict", lambda: nodereg.sweep([{"nodes": 2}]), TypeError, "configurations[0]"),
    ("sweep-executor-int", lambda: nodereg.sweep([], executor=3), TypeError, "executor"),
    ("verify-nodes-str", lambda: nodereg.verify(nodes="2"), TypeError, "nodes"),
    ("verify-pods-negative", lambda: nodereg.verify(pods=-1), ValueError, "pods"),
]


@pytest.mark.parametrize("call,exc,names", [row[1:] for row in WRONG_CALLS], ids=[row[0] for row in WRONG_CALLS])
def test_a_wrong_typed_call_names_the_argument(call: Callable[[], Any], exc: type[Exception], names: str) -> None:
    with pytest.raises(exc) as info:
        call()
    assert type(info.value) in (TypeError, ValueError)  # not a subclass from deep inside (KeyError...)
    assert str(info.value).startswith(names + ":") or f"{names}:" in str(info.value), str(info.value)


@pytest.mark.parametrize(
    "call,expected",
    [
        (lambda: tolerates({}, {}), True),  # empty toleration, empty taint: Equal on "" == ""
        (lambda: tolerates({"operator": "Exists"}, Taint("k", "v", "NoExecute")), True),
        (lambda: tolerates({"key": None, "operator": "Exists"}, TAINT), True),  # null is Go's zero value
        (lambda: scheduler_filter(None, None).ok, False),
        (lambda: scheduler_filter({"spec": None}, {"spec": {"tolerations": None}}).ok, True),
        (lambda: scheduler_filter({"spec": {"taints": (TAINT,)}}, {}).ok, False),  # any sequence is a list
    ],
)
def test_well_typed_edge_cases_still_answer(call: Callable[[], Any], expected: Any) -> None:
    assert call() == expected


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)
field_keys = st.sampled_from(
    ["key", "value", "effect", "operator", "tolerationSeconds", "spec", "taints", "tolerations", "unschedulable"]
)
objects = st.dictionaries(field_keys, json_values, max_size=4)


@settings(max_examples=300, deadline=None)
@given(toleration=json_values | objects, taint=json_values | objects)
def test_tolerates_on_any_json_answers_or_names_the_argument(toleration: Any, taint: Any) -> None:
    try:
        assert isinstance(tolerates(toleration, taint), bool)
    except (TypeError, ValueError) as exc:
        assert str(exc).split(":")[0].split(".")[0].split("[")[0] in ("toleration", "taint")


@settings(max_examples=300, deadline=None)
@given(
    node=st.none() | json_values | st.fixed_dictionaries({"spec": objects}),
    pod=st.none() | json_values | st.fixed_dictionaries({"spec": objects}),
)
def test_scheduler_filter_on_any_json_answers_or_names_the_argument(node: Any, pod: Any) -> None:
    try:
        assert isinstance(scheduler_filter(node, pod).ok, bool)
    except (TypeError, ValueError) as exc:
        assert str(exc).split(":")[0].split(".")[0] in ("node", "pod")


def test_the_package_is_marked_typed() -> None:
    import tomllib

    assert (Path(nodereg.__file__).parent / "py.typed").is_file()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in pyproject["tool"]["setuptools"]["package-data"]["nodereg"]


def test_mypy_strict_accepts_the_public_api_and_rejects_a_wrong_use(tmp_path: Path) -> None:
    """ci/typecheck.py passes; the same check on a file that misuses the API fails (so it can fail)."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "ci" / "typecheck.py")], capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stdout + out.stderr
    wrong = tmp_path / "wrong.py"
    wrong.write_text("from nodereg import tolerates\nx: str = tolerates({}, {})\n")
    tree = ROOT / "build" / "typecheck"
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "cache"),
            str(wrong),
        ],
        capture_output=True,
        text=True,
        cwd=tree,
        env={"MYPYPATH": str(tree), "PATH": ""},
        timeout=600,
    )
    assert bad.returncode == 1 and 'incompatible types in assignment (expression has type "bool"' in bad.stdout.lower()
