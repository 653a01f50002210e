"""The events hot loop's inline binding (``ib_scheduler_bind_pod``) decides what the quick step decides.

``compile._quick_lines(inline=True)`` skips two computations of ``Oracle.quiet`` on a binding to a node
whose alarm is INF, before its deadline, without a NoExecute taint: the slack window (every pod's timed
checks at ``now - slack``) and every pod's timed checks after the step (the node's, with the dummy pod).
The first rests on what the inline steps rest on (tested in ``test_oracle.py``); the second on a fact
of the catalogue, tested here on random states: without a NoExecute taint on its node, a pod's timed
checks are the node's. Then whole traces, with violations and bad lines, checked with the inline binding
and without it: the same report, state for state, with the inline binding taken on most bindings.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_oracle import _random_node_state
from test_oracle_shard import _generate  # the benchmark's trace generator

from nodereg.model import declaration as d
from nodereg.oracle import Oracle, check
from nodereg.oracle.compile import NI, PI, _dummy_pod
from nodereg.oracle.pods import pod_from_bits

NOEXEC = (NI["taint_not_ready_ne"], NI["taint_unreachable_ne"])


def _random_pod(rnd: random.Random, now: float) -> list[Any]:
    bits = {name: rnd.random() < 0.5 for name in PI if name.startswith("tolerates_")}
    p = pod_from_bits(bits, rnd.choice([0, 100, 500, 4000]), rnd.choice([None, 0, 30, 300]))
    p[PI["bound_to"]] = rnd.choice([0, 0, 1, d.UNBOUND])
    for v in d.POD_VARS:
        if v.clock:
            p[PI[v.name]] = now - rnd.choice([0, 5, 30, 299, 301, 1000])
    return p


@pytest.mark.parametrize("seed", range(3))
def test_a_pods_timed_checks_are_the_nodes_without_a_noexecute_taint(seed: int) -> None:
    """What ``ib_`` reads instead of every pod's timed checks: on a node with no NoExecute taint (neither
    of the controller's nor a custom one) every pod's failing timed properties, in their order, are those
    of the node with the dummy pod, whatever the pod and the requests of the others; with one, not."""
    c = Oracle().c
    dummy = _dummy_pod()
    rnd = random.Random(seed)
    differ = 0
    for _ in range(3000):
        now = 1000.0 + rnd.random()
        s = _random_node_state(rnd, now)
        p = _random_pod(rnd, now)
        used, o = rnd.choice([0, 500, 4000]), rnd.choice([0, 500, 4000])
        noexec = any(s[i] for i in NOEXEC) or (s[NI["taint_custom"]] and s[NI["custom_effect"]] == d.NO_EXECUTE)
        same = c.timed_fails(s, p, now, o) == c.timed_fails(s, dummy, now, used)
        if not noexec:
            assert same, (s, p)
        else:
            differ += not same
    assert differ > 20  # with a NoExecute taint the pods' checks do differ: the test can tell


@pytest.fixture(scope="module")
def traces(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A generated trace (120 nodes, 45 min: registrations, bindings, failures and evictions) and the same
    with events dropped, silences, times going backwards and bad lines."""
    base = tmp_path_factory.mktemp("hotloop")
    path = base / "trace.jsonl"
    _generate()(path, 120, 0.75, seed=7)
    rnd = random.Random(11)
    out = []
    for line in path.read_text().splitlines():
        r = rnd.random()
        if r < 0.01:
            continue  # a dropped event: silences, missing taint passes, binds of undeclared pods
        ev = json.loads(line)
        if r < 0.013 and ev["event"] in ("kubelet_renew_lease", "scheduler_bind_pod"):
            ev["t"] += 2.5  # out of order: the next events go backwards in time
        if r > 0.995 and ev["event"] == "scheduler_bind_pod":
            out.append(json.dumps({**ev, "node": ev["node"][:-1] + "9"}))  # a binding to another node too
        out.append(json.dumps(ev))
    mutated = base / "mutated.jsonl"
    mutated.write_text("\n".join(out) + "\n")
    return [path, mutated]


def _report(path: Path, monkeypatch: pytest.MonkeyPatch, inline: bool) -> tuple[Any, int]:
    """The report with or without the inline binding, and how many bindings it took."""
    from nodereg.oracle import compile as oc

    taken = 0
    c = Oracle().c  # (compiled once per parameters: the check below runs these very functions)
    ec = c.events["scheduler_bind_pod"]
    ib = ec.quick_inline
    assert ib is not None

    def counted(*args: Any) -> bool:
        nonlocal taken
        ok = ib(*args)
        taken += ok
        return ok

    fields = {f: getattr(ec, f) for f in ec.__dataclass_fields__}
    monkeypatch.setitem(
        c.events, "scheduler_bind_pod", oc.EventCode(**{**fields, "quick_inline": counted if inline else None})
    )
    rep = check(str(path), fmt="events", keep_going=True, jobs=1)
    assert rep.oracle is not None and rep.oracle.c is c
    doc = rep.as_json()
    doc["states"] = [(v.before, v.after) for v in rep.violations]
    monkeypatch.undo()
    return doc, taken


@pytest.mark.parametrize("which", [0, 1], ids=["trace", "mutated"])
def test_inline_binding_gives_the_quick_steps_report(
    traces: list[Path], monkeypatch: pytest.MonkeyPatch, which: int
) -> None:
    path = traces[which]
    binds = sum('"scheduler_bind_pod"' in line for line in path.read_text().splitlines())
    with_ib, taken = _report(path, monkeypatch, True)
    without, none = _report(path, monkeypatch, False)
    assert with_ib == without
    assert none == 0 and taken > binds // 2  # the inline binding was taken on most bindings
    if which:
        assert with_ib["violations"] and with_ib["input_errors"]  # the mutated trace is judged, not only read
