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


# -- the quick steps judge again only the state properties that read what a step writes ------------------
#
# ``compile._quick_lines``: on a node without pods, a quick step (``qk_EVENT``, what ``Oracle.quiet`` does)
# judges, of the state properties no clock reads, only those that read a node variable the step writes
# (the taint pass on a NotReady node that just posted Ready: 4 of the 13). It rests on what the inline
# steps rest on: a node the quick step may take has nothing suppressed, and after every step every such
# property holds on a node with nothing suppressed (the slow path judges them all after each step and
# suppresses what it reports), but the one the slow path leaves unreported on purpose (a node
# over-requested before the input began). Tested below: that fact on random traces through the slow
# path, then the report and bookkeeping of the loop as it runs against the slow path's, on random traces
# of a few nodes (some never bootstrapped) with taint passes, Ready and NotReady posts, silences past
# every timer, cordons, kubelet stops and restarts, pods bound and deleted, repeated lines.

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

BOOT = (
    ("kubelet_request_certificate", {}),
    ("csr_approver_approve", {}),
    ("kubelet_obtain_certificate", {}),
    ("kubelet_register_node", {"capacity": 2000, "reserved": 200}),
    ("kubelet_renew_lease", {}),
)
#: a node's later lines, by name: (event, its fields)
LATER: dict[str, tuple[str, dict[str, Any]]] = {
    "renew": ("kubelet_renew_lease", {}),
    "ready": ("kubelet_post_status", {"ready": True}),
    "not-ready": ("kubelet_post_status", {"ready": False}),
    "pressure": ("kubelet_post_status", {"ready": True, "memory_pressure": True}),
    "pass": ("nlc_sync_noschedule_taints", {}),
    # the churn's common pair: a Ready (NotReady) post and the controller's taint pass just after it
    "ready+pass": ("kubelet_post_status", {"ready": True}),
    "not-ready+pass": ("kubelet_post_status", {"ready": False}),
    "noexec-pass": ("nlc_sync_noexecute_taints", {}),
    "monitor": ("nlc_monitor_node_health", {}),
    "cordon": ("admin_cordon", {}),
    "uncordon": ("admin_uncordon", {}),
    "stop": ("kubelet_stops", {}),
    "restart": ("kubelet_restarts", {}),
    "register": ("kubelet_register_node", {}),
    "bind": ("scheduler_bind_pod", {}),
    "delete": ("delete_pod", {}),
}
GAPS = (0.0, 0.1, 0.5, 2.0, 4.9, 5.1, 9.0, 10.0, 10.0, 10.0, 41.0, 46.0, 61.0, 71.0, 301.0)
#: the kinds drawn, the common ones more often
KINDS = sorted(LATER) + ["renew"] * 4 + ["ready+pass", "not-ready+pass", "bind"] * 2


def _step_lines(kind: str, node: str, t: float, pods: int, request: int = 300, victim: int = 0) -> list[dict[str, Any]]:
    """The lines of one step of a generated trace: a binding declares its pod (the ``pods``-th) first, a delete
    names pod ``victim`` (none yet: no line), any other kind is its node's line of :data:`LATER`."""
    eid, extra = LATER[kind]
    if kind == "bind":
        return [
            {"t": t, "event": "declare_pod", "pod": f"p{pods}", "tolerations": [], "request": request},
            {"t": t, "event": eid, "node": node, "pod": f"p{pods}"},
        ]
    if kind == "delete":
        return [{"t": t, "event": eid, "pod": f"p{victim}"}] if victim else []
    return [{"t": t, "event": eid, "node": node, **extra}]


@st.composite
def node_traces(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A few nodes bootstrapping (or not: events of unknown nodes), then their lines in random order and
    at random gaps around the timers' bounds; a bound pod is declared first (with a request that fits or
    not); some lines repeated."""
    nodes = [f"n{k}" for k in range(draw(st.integers(1, 3)))]
    t = 0.0
    out: list[dict[str, Any]] = []
    for n in nodes:
        if draw(st.integers(0, 9)):
            for eid, extra in BOOT:
                t += 0.1
                out.append({"t": t, "event": eid, "node": n, **extra})
    pods = 0
    steps = draw(
        st.lists(
            st.tuples(st.sampled_from(nodes), st.sampled_from(KINDS), st.sampled_from(GAPS)), min_size=8, max_size=40
        )
    )
    for n, kind, gap in steps:
        t += gap
        if kind == "bind":
            pods += 1
            out += _step_lines(kind, n, t, pods, request=draw(st.sampled_from([0, 300, 1900])))
        elif kind == "delete":
            out += _step_lines(kind, n, t, pods, victim=draw(st.integers(1, pods)) if pods else 0)
        else:
            out += _step_lines(kind, n, t, pods)
            if draw(st.integers(0, 4)) == 0:
                out.append(dict(out[-1]))  # a repeated line
            if kind.endswith("+pass"):
                t += draw(st.sampled_from([0.0, 0.1, 0.1, 4.9, 6.0]))
                out.append({"t": t, "event": "nlc_sync_noschedule_taints", "node": n})
    return out


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(node_traces())
def test_an_unsuppressed_node_breaks_no_untimed_state_property(evs: list[dict[str, Any]]) -> None:
    """What the quick steps' shorter checks rest on: after every step of the slow path, on every node
    with nothing suppressed and no pods, every state property no clock reads holds, but for a node left
    over-requested on purpose (``bound-requests-fit-allocatable``, see ``Oracle._step``)."""
    o = Oracle(fast=False)
    c = o.c
    for i, ev in enumerate(evs):
        o.step(ev, line=i + 1)
        for name, rec in o.nodes.items():
            if rec.suppressed or rec.pods or name in o.over_requested:
                continue
            assert c.plain_ok(rec.s, _dummy_pod(), ev["t"], 0), (i, ev, name, rec.s)


def _loop_and_slow(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, int]:
    """The report and bookkeeping of the hot loop as it runs, of the loop with ``Oracle.quiet`` declining
    every line (the slow path takes what the inline steps decline), and how many quick steps were taken."""
    from test_oracle import _bookkeeping

    import nodereg.oracle.eventlog  # noqa: F401  (imported first: it tells a replaced quiet)

    taken = 0
    o = Oracle()
    real = dict(o._quick)

    def counting(eid: str) -> Any:
        def step(*a: Any) -> bool:
            nonlocal taken
            ok = real[eid](*a)
            taken += ok
            return ok

        return step

    o._quick = {eid: counting(eid) for eid in real}
    loop = check(str(path), keep_going=True, oracle=o)
    monkeypatch.setattr(Oracle, "quiet", lambda self, *a: False)
    slow = check(str(path), keep_going=True)
    monkeypatch.undo()
    assert loop.oracle is not None and slow.oracle is not None
    return (loop.as_json(), _bookkeeping(loop.oracle)), (slow.as_json(), _bookkeeping(slow.oracle)), taken


@settings(
    max_examples=40,  # (derandomized: the long fixed-seed traces below take the quick steps hundreds of times)
    deadline=None,
    derandomize=True,  # (the same examples in every run: the count below is of those)
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(node_traces())
def test_quick_steps_give_the_slow_paths_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, evs: list[dict[str, Any]]
) -> None:
    """The loop as it runs (inline steps, quick steps with their shorter checks) reports and leaves every
    node and pod as the slow path does, bookkeeping included."""
    f = tmp_path / "h.events.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in evs))
    loop, slow, _ = _loop_and_slow(f, monkeypatch)
    assert loop == slow


@pytest.mark.parametrize("seed", range(2))
def test_quick_steps_give_the_slow_paths_report_on_a_long_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """The same on one long trace of the same kinds of lines (a fixed seed), where the quick steps are
    taken hundreds of times: the comparison above compares what it means to."""
    rnd = random.Random(seed)
    nodes = [f"n{k}" for k in range(20)]
    usual = ["renew", "renew", "not-ready+pass", "ready+pass", "ready+pass", "bind", "cordon", "uncordon"]
    t, pods = 0.0, 0
    evs: list[dict[str, Any]] = []
    for n in nodes:
        for eid, extra in BOOT:
            t += 0.1
            evs.append({"t": t, "event": eid, "node": n, **extra})
    for _ in range(1500):
        n, kind = rnd.choice(nodes), rnd.choice(KINDS if rnd.random() < 0.05 else usual)
        t += rnd.choice([0.05, 0.1, 0.2])
        pods += kind == "bind"
        evs += _step_lines(kind, n, t, pods, victim=rnd.randint(1, pods) if kind == "delete" and pods else 0)
        if kind.endswith("+pass"):
            t += 0.1
            evs.append({"t": t, "event": "nlc_sync_noschedule_taints", "node": n})
    f = tmp_path / "long.events.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in evs))
    loop, slow, taken = _loop_and_slow(f, monkeypatch)
    assert loop == slow
    assert loop[0]["violations"]  # (silences and stops: judged, not only accepted)
    assert taken > 100, taken


# --- compile._Fold: a repeated operand, and ``not x or x`` for a conjunction ending in a comparison ---

#: name -> (generated expression, what the folder makes of it); each must keep the value, not only the truth
FOLD_ROWS = {
    "repeated read": ("s[9] and s[9]", "s[9]"),
    "repeated conjunction (the status promise's four checks folded away)": (
        "(s[2] and now - s[26] >= 10) and (s[2] and now - s[26] >= 10) and (s[2] and now - s[26] >= 10)",
        "s[2] and now - s[26] >= 10",
    ),
    "repeat only where adjacent (x and y and x: the value may be y's)": ("s[9] and s[11] and s[9]", None),
    "a call is not collapsed (it may not give the same twice)": ("f(s) and f(s)", None),
    "an assignment is not collapsed": ("(_c := s[5]) and (_c := s[5])", None),
    "not x or x, x ending in a comparison": (
        "not (s[2] and s[3] and now - s[26] >= 10) or (s[2] and s[3] and now - s[26] >= 10)",
        "True",
    ),
    "not x or x, x ending in a read (its value may be 2, not True)": ("not (s[2] and s[5]) or (s[2] and s[5])", None),
    "the whole kubelet-posts-status-when-due clause": (
        "not (s[2] and s[3] and (now - s[26] >= 10)) or ((s[2] and s[3] and (now - s[26] >= 10))"
        " and (s[2] and s[3] and (now - s[26] >= 10)))",
        "True",
    ),
}


@pytest.mark.parametrize("src,want", FOLD_ROWS.values(), ids=FOLD_ROWS.keys())
def test_fold_keeps_every_value(src: str, want: str | None) -> None:
    """The folded expression is the one expected (``None``: left as it is), and gives the value the
    original gives, ``is`` for ``is``, on random states (ints and bools as the node list holds them)."""
    import ast

    from nodereg.oracle.compile import _tidy

    got = _tidy(src).strip()
    assert got == (ast.unparse(ast.parse(want if want is not None else src)) if want != "True" else "True")
    if "f(" in src or ":=" in src:
        return
    rnd = random.Random(src)
    for _ in range(300):
        s = [rnd.choice([True, False, 0, 1, 2, 3]) for _ in range(40)]
        s[26] = rnd.choice([0.0, 5.0, 9.5, 10.0, 12.0])
        env = {"s": s, "now": 20.0}
        before, after = eval(src, {}, dict(env)), eval(got, {}, dict(env))
        assert before == after and type(before) is type(after), (s, before, after)
