"""Code written as a user of nodereg would write it; mypy --strict must accept it (ci/typecheck.py).

Not a pytest module (no ``test_`` prefix): it is type-checked, and each ``assert_type`` fails the
check when a public function's return type is lost (``Any``) or changes.
"""

from __future__ import annotations

from typing import Any, assert_type

import nodereg
from nodereg import Decision, Oracle, Report, check, scheduler_filter, tolerates
from nodereg.oracle import Violation
from nodereg.pytest_plugin import check_trace
from nodereg.schema import load_schema
from nodereg.verifier.runner import Verdict

node = {"spec": {"taints": [{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}]}}
pod = {"spec": {"tolerations": [{"key": "node.kubernetes.io/not-ready", "operator": "Exists"}]}}

assert_type(tolerates({"operator": "Exists"}, {"key": "k", "effect": "NoSchedule"}), bool)
assert_type(tolerates({}, {"key": "k"}, feature_gates={"TaintTolerationComparisonOperators": True}), bool)
decision = scheduler_filter(node, pod)
assert_type(decision, Decision)
assert_type(decision.ok, bool)
assert_type(decision.reasons, list[str])
assert_type(scheduler_filter(None, pod, run_all_filters=True), Decision)

oracle = Oracle({"node_monitor_grace_period": 50}, "1.35", 5.0)
found = oracle.step({"t": 0, "event": "kubelet_request_certificate", "node": "n1"})
assert_type(found, list[Violation])
assert_type(oracle.finish(), list[Violation])
assert_type(oracle.control_state("n1"), str)

report = check("trace.jsonl", k8s_version="1.35", slack=5.0)
assert_type(report, Report)
assert_type(report.conforms, bool)
assert_type(report.violations, list[Violation])
assert_type(check([{"t": 0, "event": "kubelet_request_certificate", "node": "n1"}]), Report)
assert_type(check_trace("trace.jsonl"), Report)

assert_type(load_schema("verify"), dict[str, Any])
assert_type(nodereg.Configuration(nodes=2, pods=1).nodes, int | None)
assert_type(nodereg.verify(1, 1), list[Verdict])
assert_type(nodereg.verify(1, 1)[0].status, str)
