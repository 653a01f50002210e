"""Tests of nodereg.oracle: fixtures (what it flags, what it accepts), CLI contract, input errors,
the schema, equality with the python-statemachine machine, fast path = slow path, vectors, fuzzing.
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nodereg.cli import main
from nodereg.model import declaration as d
from nodereg.model.machine import Cluster, TransitionNotAllowed
from nodereg.model.params import defaults
from nodereg.model.semantics import Config, compiled, real_model
from nodereg.oracle import InputError, Oracle, check
from nodereg.oracle.compile import NI, NODE_CLOCKS
from nodereg.oracle.events import normalise, schema, validator
from nodereg.properties.catalogue import ALL_PROPERTIES

DATA = Path(__file__).parent / "data" / "oracle"
W = DATA / "watch-healthy"
WB = DATA / "watch-bind-not-ready"

# -------------------------------------------------------------------------------------------------
# fixtures: what real Kubernetes does is accepted; each violation kind is flagged with its property
# -------------------------------------------------------------------------------------------------

ACCEPTED = [
    [DATA / "healthy.events.jsonl"],
    [DATA / "lease-only-heartbeats.events.jsonl"],
    [DATA / "daemonset-on-notready.events.jsonl"],
    [DATA / "restart-reregistration.events.jsonl"],
    [W / "nodes.json", W / "pods.json", W / "leases.json"],
    [DATA / "audit-healthy.log"],
]

FLAGGED = [
    (
        [DATA / "violation-bind-not-ready.events.jsonl"],
        {"no-schedule-without-ready", "no-schedule-with-untolerated-taint"},
    ),
    ([DATA / "violation-bind-untolerated-taint.events.jsonl"], {"no-schedule-with-untolerated-taint"}),
    ([DATA / "violation-bind-cordoned.events.jsonl"], {"no-schedule-when-cordoned"}),
    ([DATA / "violation-silent-still-ready.events.jsonl"], {"silent-node-becomes-unknown"}),
    ([DATA / "violation-healthy-marked-unknown.events.jsonl"], {"heartbeating-node-stays-known"}),
    ([DATA / "violation-noexecute-overstay.events.jsonl"], {"no-execute-eviction"}),
    ([DATA / "violation-controller-sets-ready.events.jsonl"], {"only-kubelet-reports-readiness"}),
    ([DATA / "violation-register-without-credentials.events.jsonl"], {"no-registration-without-credentials"}),
    (
        [WB / "nodes.json", WB / "pods.json", WB / "leases.json"],
        {"no-schedule-without-ready", "no-schedule-with-untolerated-taint"},
    ),
    ([DATA / "audit-wrong-identity.log"], {"no-registration-without-credentials", "node-restriction"}),
]


@pytest.mark.parametrize("files", ACCEPTED, ids=lambda fs: fs[0].parent.name + "/" + fs[0].name)
def test_legitimate_behaviour_is_accepted(files: list[Path]) -> None:
    rep = check([str(f) for f in files])
    assert rep.input_errors == []
    assert rep.violations == [], [v.message for v in rep.violations]
    assert rep.conforms and rep.events > 0


@pytest.mark.parametrize("files,props", FLAGGED, ids=lambda x: x[0].name if isinstance(x, list) else "")
def test_each_violation_kind_is_flagged(files: list[Path], props: set[str]) -> None:
    rep = check([str(f) for f in files])
    assert rep.input_errors == []
    assert {v.property for v in rep.violations} == props
    from nodereg.properties.catalogue import PROPERTY_BY_ID

    assert all(v.property in PROPERTY_BY_ID for v in rep.violations)
    assert all(v.message and v.node for v in rep.violations)


def test_issue_example_sentence() -> None:
    rep = check(str(DATA / "violation-bind-not-ready.events.jsonl"))
    v = next(v for v in rep.violations if v.property == "no-schedule-without-ready")
    assert v.message == (
        "pod default/web-1 was bound to node n3 at 2024-05-01T10:02:11Z while n3 was Ready=False "
        "and the pod does not tolerate node.kubernetes.io/not-ready"
    )
    # line 22: the fixture's kubelet keeps renewing its Lease (a silent NotReady node must become Unknown)
    assert (v.line, v.index, v.node, v.pod) == (22, 21, "n3", "default/web-1")


def test_audit_refused_request_is_not_a_violation() -> None:
    lines = (DATA / "audit-healthy.log").read_text().splitlines()
    refused = [json.loads(x) for x in lines if '"code":403' in x]
    assert refused and refused[0]["user"]["username"] == "system:node:n2"
    assert check(str(DATA / "audit-healthy.log")).conforms


def test_k8s_version_changes_grace_and_skips_properties_whose_assumption_fails() -> None:
    o = Oracle(k8s_version="1.31")
    assert o.params["node_monitor_grace_period"] == 40
    assert "heartbeating-node-stays-known" in o.skipped
    assert Oracle().params["node_monitor_grace_period"] == 50
    rep = check(str(DATA / "violation-healthy-marked-unknown.events.jsonl"), k8s_version="1.31")
    # the property is not checked (its assumption fails), but the controller still marked the node two
    # seconds after a heartbeat, within any grace: no-unknown-before-grace (no assumption) says so
    assert [v.property for v in rep.violations] == ["no-unknown-before-grace"]
    assert any("heartbeating-node-stays-known" in n for n in rep.notes)


# -------------------------------------------------------------------------------------------------
# the command line
# -------------------------------------------------------------------------------------------------


def test_check_json_contract_and_exit_codes() -> None:
    r = CliRunner().invoke(main, ["check", "--format", "json", str(DATA / "violation-bind-cordoned.events.jsonl")])
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert {"events", "nodes", "conforms", "violations", "input_errors"} <= set(doc)
    assert doc["conforms"] is False and doc["events"] == 10 and doc["nodes"] == 1
    assert {"index", "line", "node", "pod", "property", "message"} <= set(doc["violations"][0])
    r = CliRunner().invoke(main, ["check", str(DATA / "healthy.events.jsonl")])
    assert r.exit_code == 0 and "conforms" in r.stdout
    r = CliRunner().invoke(
        main,
        [
            "check",
            "--param",
            "node-monitor-grace-period=50s",
            "--slack",
            "2",
            str(DATA / "violation-silent-still-ready.events.jsonl"),
        ],
    )
    assert r.exit_code == 1 and "silent-node-becomes-unknown" in r.stdout and "before:" in r.stdout


BAD = [
    (b'{"t": 0, "event": "kubelet_renew_lease", "node": "n1"}\n{"t": 1, "event": \n', 2, "not JSON"),
    (b'{"t": 0, "event": "kubelet_jump", "node": "n1"}\n', 1, '"event": expected one of'),
    (b'{"t": 0, "event": "kubelet_post_status", "node": "n1", "ready": "yes"}\n', 1, '"ready": expected true or false'),
    (b'{"t": "soon", "event": "kubelet_renew_lease", "node": "n1"}\n', 1, '"t" must be'),
    (
        b'{"t": 5, "event": "kubelet_renew_lease", "node": "n1"}\n'
        b'{"t": 1, "event": "kubelet_renew_lease", "node": "n1"}\n',
        2,
        "time goes backwards",
    ),
    (b'{"t": 0, "event": "kubelet_renew_lease", "node": "n1", "extra": 1}\n', 1, 'unexpected field "extra"'),
    (b'{"t": 0, "event": "kubelet_renew_lease", "node": "' + b"x" * (1 << 20) + b'"}\n', 1, "longer than"),
]


@pytest.mark.parametrize("data,line,what", BAD, ids=[b[2] for b in BAD])
def test_bad_input_one_clear_line_exit_2(tmp_path: Path, data: bytes, line: int, what: str) -> None:
    f = tmp_path / "bad.jsonl"
    f.write_bytes(data)
    r = CliRunner().invoke(main, ["check", "--input", "events", str(f)])
    assert r.exit_code == 2
    assert f"nodereg: error: {f}:{line}: " in r.stderr and what in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_keep_going_reports_every_error_and_checks_the_rest(tmp_path: Path) -> None:
    f = tmp_path / "mixed.jsonl"
    good = (DATA / "violation-bind-cordoned.events.jsonl").read_text().splitlines()
    f.write_text("\n".join([good[0], "{oops", *good[1:5], '{"t": 3, "event": 7}', *good[5:]]) + "\n")
    r = CliRunner().invoke(main, ["check", "--keep-going", "--format", "json", "--input", "events", str(f)])
    assert r.exit_code == 2
    doc = json.loads(r.stdout)
    assert [e["line"] for e in doc["input_errors"]] == [2, 7]
    assert [v["property"] for v in doc["violations"]] == ["no-schedule-when-cordoned"]


def test_strict_mode_validates_with_jsonschema(tmp_path: Path) -> None:
    f = tmp_path / "s.jsonl"
    f.write_text('{"t": 0, "event": "kubelet_post_status", "node": "n1", "ready": 1}\n')
    r = CliRunner().invoke(main, ["check", "--strict", "--input", "events", str(f)])
    assert r.exit_code == 2 and "schema:" in r.stderr
    assert CliRunner().invoke(main, ["check", "--strict", str(DATA / "healthy.events.jsonl")]).exit_code == 0


def test_oracle_stdio_answers_one_flushed_line_per_event() -> None:
    lines = (DATA / "violation-bind-cordoned.events.jsonl").read_text().splitlines()
    lines.insert(3, "not json")
    proc = subprocess.run(
        [sys.executable, "-m", "nodereg", "oracle", "--stdio"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == len(lines)
    assert out[3]["ok"] is False and "not JSON" in out[3]["error"]
    assert [v["property"] for v in out[-1]["violations"]] == ["no-schedule-when-cordoned"]
    assert all(o["ok"] for o in out[:3] + out[4:-1])


# -------------------------------------------------------------------------------------------------
# the events schema
# -------------------------------------------------------------------------------------------------


def test_committed_schema_is_the_generated_one() -> None:
    committed = json.loads((Path(__file__).parents[1] / "oracle" / "events.schema.json").read_text())
    assert committed == json.loads(json.dumps(schema()))


SAMPLES: list[Any] = [
    {"t": 0, "event": "kubelet_renew_lease", "node": "n1"},
    {"t": 0.5, "event": "kubelet_post_status", "node": "n1", "ready": True},
    {"t": 0.5, "event": "kubelet_post_status", "node": "n1"},
    {"t": 0.5, "event": "kubelet_post_status", "node": "n1", "ready": 1},
    {"t": -1, "event": "kubelet_renew_lease", "node": "n1"},
    {"t": 1, "event": "kubelet_renew_lease"},
    {"t": 1, "event": "scheduler_bind_pod", "node": "n1", "pod": "p"},
    {"t": 1, "event": "scheduler_bind_pod", "node": "n1"},
    {"t": 1, "event": "admin_taint_node", "node": "n1", "taint_effect": "NoExecute"},
    {"t": 1, "event": "admin_taint_node", "node": "n1", "taint_effect": "Sometimes"},
    {"t": 1, "event": "declare_pod", "pod": "p", "tolerations": [{"operator": "Exists"}], "request": 5},
    {"t": 1, "event": "declare_pod", "pod": "p", "request": -5},
    {"t": 1, "event": "nlc_monitor_node_health", "node": "n", "marks_unknown": True, "expect": {"ready": "Unknown"}},
    {"t": 1, "event": "nlc_monitor_node_health", "node": "n", "expect": {"ready": "Maybe"}},
    {"t": 1, "event": "time_passes"},
    ["not", "an", "object"],
]


@pytest.mark.parametrize("ev", SAMPLES, ids=[str(i) for i in range(len(SAMPLES))])
def test_hand_validator_agrees_with_the_schema(ev: Any) -> None:
    by_schema = validator().is_valid(ev)
    try:
        normalise(ev)
        by_hand = True
    except InputError:
        by_hand = False
    assert by_hand == by_schema


# -------------------------------------------------------------------------------------------------
# the hot path is the declaration: equal to the python-statemachine machine, fast = slow
# -------------------------------------------------------------------------------------------------


def _random_run(seed: int, steps: int) -> tuple[Any, list[tuple[int, tuple[Any, ...]]], tuple[Any, ...]]:
    """A random run of the model (1 node, 1 pod): every step enabled; time in steps of 1..5 s."""
    rnd = random.Random(seed)
    model, cfg = real_model(), Config(1, 1)
    cm = compiled(model, cfg)
    frozen = {k: 0 for k in cm.layout.keys if cm.layout.var[k] is not None and cm.layout.var[k].frozen}
    frozen[("node", "capacity", 0)] = rnd.choice([0, 2, 8])
    frozen[("node", "reserved", 0)] = rnd.choice([0, 1])
    for k in frozen:
        if k[1].startswith("tolerates_"):
            frozen[k] = rnd.random() < 0.5
    frozen[("pod", "toleration_seconds", 0)] = rnd.choice([0, 3, 300])
    frozen[("pod", "request", 0)] = rnd.choice([0, 1, 3])
    s0 = cm.initial_states(defaults(), frozen)
    s = s0
    run = []
    for _ in range(steps):
        succ = list(cm.successors(s, time_step=rnd.randint(1, 5)))
        if not succ:
            break
        k, args, s = rnd.choice(succ)
        run.append((k, args))
    return cm, run, s0


def _events(cm: Any, run: list[tuple[int, tuple[Any, ...]]], s0: tuple[Any, ...]) -> list[dict[str, Any]]:
    from nodereg.oracle.vectors import to_events

    states = [s0]
    for k, a in run:
        states.append(cm.step(states[-1], k, a))
    return to_events(cm, [(None, (), s0), *[(k, a, st) for (k, a), st in zip(run, states[1:], strict=True)]])


@pytest.mark.parametrize("seed", range(12))
def test_oracle_equals_the_statemachine_machine(seed: int) -> None:
    cm, run, s0 = _random_run(seed, 120)
    cluster = Cluster(cm.model, cm.cfg, s0)
    o = Oracle()
    evs = _events(cm, run, s0)
    for ev in evs[:2]:
        o.step(ev)
    t = 0
    j = 2
    lay = cm.layout
    for k, args in run:
        inst = cm.instances[k]
        cluster.fire(inst.event.id, inst.node, inst.pod, args)
        if inst.event.id == "time_passes":
            t += args[0]
            continue
        assert o.step(evs[j]) == [], evs[j]
        j += 1
        ns = o.nodes["n0"]
        for var, i in NI.items():
            if var in ("heartbeat_unseen", "since_probe", "since_monitor", "taints_synced", "ctl"):
                continue  # the controller's private bookkeeping: chosen, not replayed
            got = (t - ns.s[i]) if var in NODE_CLOCKS else ns.s[i]
            assert got == cluster.state[lay.index[("node", var, 0)]], (var, inst.label)
        assert d.STATE_IDS[ns.s[NI["ctl"]]] == cluster.machines[0].current_state_value
    assert o.finish() == []


@pytest.mark.parametrize("seed", range(6))
def test_a_forbidden_step_is_refused_by_both(seed: int) -> None:
    cm, run, s0 = _random_run(seed + 100, 60)
    rnd = random.Random(seed)
    cluster = Cluster(cm.model, cm.cfg, s0)
    o = Oracle()
    evs = _events(cm, run, s0)
    states = [s0]
    for k, a in run:
        states.append(cm.step(states[-1], k, a))
    for ev in evs:
        o.step(ev)
    for k, a in run:
        inst = cm.instances[k]
        cluster.fire(inst.event.id, inst.node, inst.pod, a)
    s = states[-1]
    cands = []
    for k, inst in enumerate(cm.instances):
        e = inst.event
        if e.id == "time_passes" or e.args or cm.enabled(s, k, ()):
            continue
        after = cm.step(s, k, ())
        idx = [
            i
            for i, key in enumerate(cm.layout.keys)
            if key[0] != "ctl"
            and key[1]
            not in (
                "heartbeat_unseen",
                "since_probe",
                "since_monitor",
                "taints_synced",
                "since_status_post",
                "since_lease_renew",
                "since_heartbeat",
            )
        ]
        alive = s[cm.layout.index[("node", "alive", 0)]]
        if any(after[i] != s[i] for i in idx) and (e.actor != "kubelet" or alive):
            cands.append(k)
    if not cands:
        pytest.skip("no disabled, state-changing step here")
    k = rnd.choice(cands)
    inst = cm.instances[k]
    ev = {"t": evs[-1]["t"] if evs else 0, "event": inst.event.id, "node": "n0"}
    if inst.pod is not None:
        ev["pod"] = "p0"
    with pytest.raises(TransitionNotAllowed):
        cluster.fire(inst.event.id, inst.node, inst.pod, ())
    assert o.step(ev) != []


@pytest.mark.parametrize("seed", range(8))
def test_fast_path_equals_slow_path(seed: int) -> None:
    rnd = random.Random(seed)
    cm, run, s0 = _random_run(seed + 200, 150)
    evs = _events(cm, run, s0)
    # perturb: drop some events and shift some times, so that violations happen too
    mixed = []
    shift = 0.0
    for ev in evs:
        if rnd.random() < 0.1 and ev["event"] not in ("declare_pod", "declare_node"):
            continue
        if rnd.random() < 0.05:
            shift += rnd.choice([7, 60, 400])
        mixed.append({**ev, "t": ev["t"] + shift})
    fast, slow = Oracle(fast=True), Oracle(fast=False)
    for ev in mixed:
        a, b = fast.step(ev), slow.step(ev)
        assert [(v.property, v.index) for v in a] == [(v.property, v.index) for v in b]
    assert [(v.property, v.index) for v in fast.finish()] == [(v.property, v.index) for v in slow.finish()]
    for n in slow.nodes:
        assert fast.nodes[n].s == slow.nodes[n].s


# -------------------------------------------------------------------------------------------------
# vectors: nodereg check agrees with every committed vector
# -------------------------------------------------------------------------------------------------

VEC = DATA / "vectors"


def _manifest() -> list[dict[str, Any]]:
    return json.loads((VEC / "manifest.json").read_text())["vectors"]


def test_vector_manifest_shape_and_coverage() -> None:
    vs = _manifest()
    assert {v["input"] for v in vs} == {"events", "itf"}
    for v in vs:
        assert set(v) == {"file", "input", "conforms", "violations", "covers"}
        assert (VEC / v["file"]).is_file()
        assert v["conforms"] == (v["violations"] == [])
    violated = {p["property"] for v in vs for p in v["violations"]}
    from nodereg.oracle.deviations import CHECKABLE

    assert set(CHECKABLE) <= violated
    covered = {c for v in vs for c in v["covers"]}
    doc = json.loads((VEC / "manifest.json").read_text())
    unreachable = {u["edge"] for u in doc["unreachable_edges"]}
    assert all(u["reason"] for u in doc["unreachable_edges"])
    from nodereg.oracle.vectors import _cover_props

    declared = {p.id for p in _cover_props(real_model())}
    # every declared transition is covered by a vector or proved unreachable, never both
    assert covered | unreachable == declared and not covered & unreachable
    assert doc["missing"] == ["property live-kubelet-renews-in-time: not checkable by a trace (see oracle docs)"]


_SUBSET = """
import json
import math
from nodereg.model.semantics import Config, compiled, real_model
from nodereg.oracle.vectors import RLIMIT, _bmc, _cover_props, to_events
model = real_model()
cm = compiled(model, Config(1, 1))
props = [p for p in _cover_props(model) if p.id.startswith(("csr_approver", "kubelet_obtain", "admin_cordon"))]
runs = _bmc(model, props, 8, RLIMIT, None)
for key in sorted(runs):
    print(key, json.dumps(to_events(cm, runs[key]), sort_keys=True))
"""


def test_vector_generation_is_deterministic() -> None:
    """Z3's resource limit, not a clock, bounds every query: a subset generated twice, in two
    processes with different hash seeds, is byte for byte the same."""
    import os

    outs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        outs.append(
            subprocess.run(
                [sys.executable, "-c", _SUBSET], capture_output=True, text=True, check=True, env=env, timeout=300
            ).stdout
        )
    assert outs[0] == outs[1]
    assert len(outs[0].splitlines()) >= 5


@pytest.mark.skipif(not __import__("os").environ.get("NODEREG_SLOW"), reason="30 s: set NODEREG_SLOW=1")
def test_committed_vectors_are_regenerated_byte_for_byte(tmp_path: Path) -> None:
    from nodereg.oracle.vectors import write_vectors

    write_vectors(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in VEC.iterdir())
    for p in tmp_path.iterdir():
        assert p.read_bytes() == (VEC / p.name).read_bytes(), p.name


def test_check_agrees_with_every_vector() -> None:
    for v in _manifest():
        rep = check(str(VEC / v["file"]), fmt=v["input"])
        assert rep.input_errors == [], v["file"]
        got = sorted({(x.property, x.index) for x in rep.violations}, key=lambda p: (p[1], p[0]))
        want = [(p["property"], p["index"]) for p in v["violations"]]
        # user-facing verdicts agree exactly; a supporting invariant (a lemma) may additionally break,
        # or not be judged, at the very step the vector's property breaks: the ITF form carries
        # every variable of each state, the events form only the events, and the oracle leaves
        # the progress ghosts (undisturbed) unobserved
        lemmas = {p.id for p in ALL_PROPERTIES if p.lemma}
        steps = {i for _, i in want} | {i for _, i in got}
        assert [g for g in got if g[0] not in lemmas] == [w for w in want if w[0] not in lemmas], v["file"]
        assert all(idx in steps for prop, idx in set(got) ^ set(want) if prop in lemmas), v["file"]
        assert rep.conforms == v["conforms"]


# -------------------------------------------------------------------------------------------------
# fuzzing: only the documented InputError ever escapes a parser
# -------------------------------------------------------------------------------------------------

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=5),
    max_leaves=12,
)
_keys = st.sampled_from(
    [
        "t",
        "event",
        "node",
        "pod",
        "ready",
        "memory_pressure",
        "taint_effect",
        "expect",
        "tolerations",
        "request",
        "marks_unknown",
        "capacity",
    ]
)
_event = st.dictionaries(_keys, _json | st.sampled_from([e.id for e in d.EVENTS] + ["declare_pod", "n1"]), max_size=6)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_event, max_size=6))
def test_fuzz_events_parser_and_oracle(events: list[dict[str, Any]]) -> None:
    o = Oracle()
    for ev in events:
        with contextlib.suppress(InputError):
            o.step(ev)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    st.binary(max_size=300) | st.lists(_json, max_size=4).map(lambda xs: "\n".join(json.dumps(x) for x in xs).encode()),
    st.sampled_from(["events", "k8s-watch", "k8s-audit", "itf"]),
)
def test_fuzz_file_parsers(tmp_path: Path, data: bytes, fmt: str) -> None:
    f = tmp_path / "fuzz.in"
    f.write_bytes(data)
    rep = check(str(f), fmt=fmt, keep_going=True)  # never raises: errors are collected
    assert all(isinstance(e, InputError) for e in rep.input_errors)


def test_python_api_step_by_step() -> None:
    o = Oracle()
    assert o.step({"t": 0, "event": "kubelet_request_certificate", "node": "n1"}) == []
    assert o.control_state("n1") == "Unregistered"
    o.step({"t": 1, "event": "csr_approver_approve", "node": "n1"})
    o.step({"t": 2, "event": "kubelet_obtain_certificate", "node": "n1"})
    o.step({"t": 3, "event": "kubelet_register_node", "node": "n1"})  # created with Ready=False (the default)
    assert o.control_state("n1") == "NotReady"
    assert o.node_state("n1")["taint_not_ready_ns"] is True
    rep = check(iter([{"t": 0, "event": "kubelet_register_node", "node": "x"}]))
    assert not rep.conforms


@pytest.mark.parametrize("seed", range(8))
def test_inline_hot_loop_equals_slow_path(tmp_path: Path, seed: int) -> None:
    """The events file loop (compiled inline steps, per-node deadlines) reports what the slow path does."""
    rnd = random.Random(seed)
    cm, run, s0 = _random_run(seed + 300, 200)
    evs = _events(cm, run, s0)
    mixed = []
    shift = 0.0
    for ev in evs:
        if rnd.random() < 0.08 and ev["event"] not in ("declare_pod", "declare_node"):
            continue
        if rnd.random() < 0.05:
            shift += rnd.choice([3, 7, 40, 60, 400])
        mixed.append({**ev, "t": ev["t"] + shift})
        if rnd.random() < 0.3 and ev["event"] == "kubelet_renew_lease":  # repeated renewals: the common line
            mixed.append({**ev, "t": ev["t"] + shift})
    f = tmp_path / "t.events.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in mixed))
    fast, slow = check(str(f)), check(str(f), oracle=Oracle(fast=False))
    assert fast.events == slow.events == len(mixed)
    assert [(v.property, v.index, v.line) for v in fast.violations] == [
        (v.property, v.index, v.line) for v in slow.violations
    ]
    assert fast.oracle is not None and slow.oracle is not None
    for n, rec in slow.oracle.nodes.items():
        assert fast.oracle.nodes[n].s == rec.s


def _bookkeeping(o: Oracle) -> tuple[Any, Any]:
    """Every node's and pod's whole state and bookkeeping (what the next events are judged from)."""
    from nodereg.oracle.core import NodeRec

    nodes = {
        n: {k: sorted(r.pods) if k == "pods" else getattr(r, k) for k in NodeRec.__slots__} for n, r in o.nodes.items()
    }
    return nodes, {n: (r.p, r.node) for n, r in o.pods.items()}


@pytest.mark.parametrize("seed", range(6))
def test_quiet_step_equals_apply(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The hot loop's ``Oracle.quiet`` (an event that reveals nothing, in one pass) leaves every node and
    pod exactly as ``Oracle.apply`` does, bookkeeping included, and the same report: random runs of
    several nodes, with dropped and delayed events (violations, slack windows) and repeated lines."""
    rnd = random.Random(seed)
    evs: list[dict[str, Any]] = []
    for k in range(3):
        cm, run, s0 = _random_run(seed * 7 + k + 1000, 200)
        shift = 0.0
        for ev in _events(cm, run, s0):
            if rnd.random() < 0.06 and ev["event"] not in ("declare_pod", "declare_node"):
                continue
            if rnd.random() < 0.04:
                shift += rnd.choice([1, 3, 7, 40, 60, 400])
            e = {**ev, "t": ev["t"] + shift}
            for key in ("node", "pod"):
                if key in e:
                    e[key] = f"{e[key]}-{k}"
            evs.append(e)
            if rnd.random() < 0.2 and ev["event"] in (
                "kubelet_renew_lease",
                "nlc_sync_noschedule_taints",
                "scheduler_bind_pod",
                "kubelet_post_status",
            ):
                evs.append(dict(e))
    # and nodes with several pods: bindings that fit and ones that do not, deletions, cordons, lost lines
    for k in range(3):
        n, t0 = f"m{k}", rnd.uniform(0, 5)
        for i, e in enumerate(
            [
                "kubelet_request_certificate",
                "csr_approver_approve",
                "kubelet_obtain_certificate",
                "kubelet_register_node",
                "kubelet_renew_lease",
                "kubelet_post_status",
                "nlc_sync_noschedule_taints",
            ]
        ):
            extra = {"capacity": 2000, "reserved": 200} if i == 3 else {"ready": True} if i == 5 else {}
            evs.append({"t": t0 + i * 0.5, "event": e, "node": n, **extra})
        t = t0 + 4
        for j in range(40):
            t += rnd.choice([0.5, 2, 10])
            r = rnd.random()
            if r < 0.3:
                evs.append({"t": t, "event": "kubelet_renew_lease", "node": n})
            elif r < 0.6:
                pod = f"{n}-p{j}"
                evs.append(
                    {
                        "t": t,
                        "event": "declare_pod",
                        "pod": pod,
                        "tolerations": [],
                        "request": rnd.choice([0, 300, 700]),
                    }
                )
                evs.append({"t": t + 0.1, "event": "scheduler_bind_pod", "node": n, "pod": pod})
            elif r < 0.7:
                evs.append({"t": t, "event": "delete_pod", "pod": f"{n}-p{rnd.randrange(j + 1)}"})
            elif r < 0.75:
                evs.append({"t": t, "event": rnd.choice(["admin_cordon", "admin_uncordon"]), "node": n})
                evs.append({"t": t + 0.2, "event": "nlc_sync_noschedule_taints", "node": n})
            elif r < 0.8:
                evs.append({"t": t, "event": "kubelet_post_status", "node": n, "ready": rnd.random() < 0.7})
                evs.append({"t": t + rnd.choice([0.1, 9]), "event": "nlc_sync_noschedule_taints", "node": n})
    evs = [e for e in evs if e["event"] == "declare_pod" or rnd.random() > 0.03]
    evs.sort(key=lambda e: e["t"])
    import nodereg.oracle.eventlog  # noqa: F401  (imported first, it tells a replaced quiet: run alone too)

    taken = 0
    real = Oracle.quiet

    def counted(self: Oracle, *a: Any) -> bool:
        nonlocal taken
        ok = real(self, *a)
        taken += ok
        return ok

    for cut in sorted({len(evs), *[rnd.randrange(1, len(evs)) for _ in range(3)]}):
        f = tmp_path / f"q{cut}.events.jsonl"
        f.write_text("".join(json.dumps(e) + "\n" for e in evs[:cut]))
        monkeypatch.setattr(Oracle, "quiet", counted)
        quick = check(str(f), keep_going=True)
        monkeypatch.setattr(Oracle, "quiet", lambda self, *a: False)
        full = check(str(f), keep_going=True)
        assert quick.as_json() == full.as_json()
        assert quick.oracle is not None and full.oracle is not None
        assert _bookkeeping(quick.oracle) == _bookkeeping(full.oracle)
        # and the hot loop as it runs: the generated quick steps, and the inline steps that also open a
        # pending taint pass's window (``iw_``, taken only where those quick steps are)
        monkeypatch.undo()
        loop = check(str(f), keep_going=True)
        assert loop.as_json() == full.as_json()
        assert loop.oracle is not None
        assert _bookkeeping(loop.oracle) == _bookkeeping(full.oracle)
    assert taken > 100  # the quiet step was taken


@pytest.mark.parametrize("seed", range(4))
def test_inline_declare_pod_equals_slow_path(tmp_path: Path, seed: int) -> None:
    """The hot loop's inline ``declare_pod`` (tolerations [] and a request) declares what ``normalise`` and
    ``apply`` do, and leaves every other line (bad fields, time order) to them: same report, same pods."""
    rnd = random.Random(seed)
    evs: list[dict[str, Any]] = []
    t = 0.0
    for i, e in enumerate(
        [
            "kubelet_request_certificate",
            "csr_approver_approve",
            "kubelet_obtain_certificate",
            "kubelet_register_node",
            "kubelet_renew_lease",
            "nlc_sync_noschedule_taints",
        ]
    ):
        evs.append(
            {
                "t": i,
                "event": e,
                "node": "n",
                **({"ready": True, "capacity": 2000} if e == "kubelet_register_node" else {}),
            }
        )
    t = 6.0
    odd: list[Any] = [
        {"request": -1},
        {"request": True},
        {"request": 1.5},
        {"pod": ""},
        {"pod": 7},
        {"tolerations": {}},
        {"tolerations": None},
        {"extra": 1},
        {"t": 1.0},
        {"t": -1},
    ]
    for k in range(60):
        t += rnd.choice([0, 0.5, 3])
        pod = f"p{rnd.randrange(6)}"
        ev: dict[str, Any] = {
            "t": t,
            "event": "declare_pod",
            "pod": pod,
            "tolerations": [],
            "request": rnd.choice([0, 300, 900, 2500]),
        }
        if rnd.random() < 0.2:
            ev.update(rnd.choice(odd))
        evs.append(ev)
        if rnd.random() < 0.5:
            evs.append({"t": t, "event": "scheduler_bind_pod", "node": "n", "pod": pod})
        if k % 5 == 0:
            evs.append({"t": t, "event": "kubelet_renew_lease", "node": "n"})
    f = tmp_path / "pods.events.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in evs))
    fast = check(str(f), keep_going=True)
    slow = check(str(f), keep_going=True, oracle=Oracle(fast=False))
    assert fast.events == slow.events
    assert [(v.property, v.index, v.line) for v in fast.violations] == [
        (v.property, v.index, v.line) for v in slow.violations
    ]
    assert [(e.line, str(e)) for e in fast.input_errors] == [(e.line, str(e)) for e in slow.input_errors]
    assert fast.oracle is not None and slow.oracle is not None
    assert {n: (r.p, r.node) for n, r in fast.oracle.pods.items()} == {
        n: (r.p, r.node) for n, r in slow.oracle.pods.items()
    }
    assert fast.oracle.nodes["n"].s == slow.oracle.nodes["n"].s


def test_node_deadline_comes_from_the_declaration() -> None:
    """After a Lease renewal the time checks are skipped until the earliest clock bound: the Lease
    Timer's heartbeat-gap-max, or a clock property's bound if earlier (here the NoExecute window of
    the Ready change at registration, node-monitor-period later, read with --slack), for any
    parameters."""
    for gap, period in ((45, 5), (30, 5), (45, 60), (12, 60)):
        o = Oracle(
            params={
                "heartbeat_gap_max": gap,
                "node_monitor_period": period,
                "node_monitor_grace_period": 100,
                "node_startup_grace_period": 100,
            }
        )
        # the kubelet creates its Node Ready (with its conditions); the taint pass then lifts not-ready
        for i, e in enumerate(
            [
                "kubelet_request_certificate",
                "csr_approver_approve",
                "kubelet_obtain_certificate",
                "kubelet_register_node",
                "nlc_sync_noschedule_taints",
                "kubelet_renew_lease",
            ]
        ):
            o.step({"t": i, "event": e, "node": "n", **({"ready": True} if e == "kubelet_register_node" else {})})
        assert o.nodes["n"].due == min(5 + gap, 3 + period + o.slack), (gap, period)
    assert "heartbeat_gap_max" in {p.var for p in __import__("nodereg.model.params", fromlist=["PARAMS"]).PARAMS}


def _ready_node_n() -> list[dict[str, Any]]:
    """Node ``n`` bootstrapped, registered, renewing and Ready with its taints synced by t = 5."""
    evs: list[dict[str, Any]] = [
        {"t": i, "event": e, "node": "n"}
        for i, e in enumerate(
            [
                "kubelet_request_certificate",
                "csr_approver_approve",
                "kubelet_obtain_certificate",
                "kubelet_register_node",
                "kubelet_renew_lease",
            ]
        )
    ]
    evs.append({"t": 5, "event": "kubelet_post_status", "node": "n", "ready": True})
    evs.append({"t": 5, "event": "nlc_sync_noschedule_taints", "node": "n"})
    return evs


@pytest.mark.parametrize("gap", [9, 44, 46, 64, 66, 100])
def test_inline_deadline_after_a_silence(tmp_path: Path, gap: float) -> None:
    """A Ready node renewing every 10 s falls silent for ``gap`` seconds and renews again: the inline
    step must give up its deadline exactly where the slow path sees something due."""
    evs = _ready_node_n()
    t = 5.0
    for _ in range(5):
        t += 10
        evs.append({"t": t, "event": "kubelet_renew_lease", "node": "n"})
    t += gap
    evs += [
        {"t": t, "event": "kubelet_renew_lease", "node": "n"},
        {"t": t + 1, "event": "kubelet_renew_lease", "node": "n"},
    ]
    f = tmp_path / "gap.events.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in evs))
    fast, slow = check(str(f)), check(str(f), oracle=Oracle(fast=False))
    got = [(v.property, v.index) for v in fast.violations]
    assert got == [(v.property, v.index) for v in slow.violations]
    assert ("silent-node-becomes-unknown", len(evs) - 2) in got if gap > 65 else got == []


def test_early_renewal_stays_on_the_inline_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Lease renewal a hair under the renew interval after the last (10 s apart in a trace, 9.999 s in
    its floats) breaks only a timer's lower bound, which is never judged: the inline step takes it (the
    quick step is not asked, as it was for one renewal in seven of the churn benchmark), and the report
    is the slow path's."""
    # the Lease controller's first renewal comes as the certificate arrives (lease-renewal-due-at-certificate):
    # one two seconds later is a late urgent action, which the quick step leaves to the quiet path
    evs = sorted(
        (dict(e, t=2) if e["event"] == "kubelet_renew_lease" else e for e in _ready_node_n()), key=lambda e: e["t"]
    )
    evs += [{"t": round(2 + 9.999 * k, 3), "event": "kubelet_renew_lease", "node": "n"} for k in range(1, 8)]
    f = tmp_path / "early.events.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in evs))
    import nodereg.oracle.eventlog  # noqa: F401  (it tells a replaced quiet by the one it imported)

    asked: list[str] = []
    real = Oracle.quiet

    def counted(self: Oracle, eid: str, *a: Any) -> bool:
        asked.append(eid)
        return real(self, eid, *a)

    monkeypatch.setattr(Oracle, "quiet", counted)
    fast = check(str(f))
    monkeypatch.undo()
    slow = check(str(f), oracle=Oracle(fast=False))
    assert "kubelet_renew_lease" not in asked, asked
    assert fast.as_json() == slow.as_json() and fast.conforms


def test_the_compiled_cache_key_is_the_sources_this_process_loaded(monkeypatch: Any) -> None:
    """The disk cache key of the generated code is taken from the sources as imported, never read
    again when a check starts: a process started before a checkout changed them must not file its
    code under the new sources' key (a property added since was then missing: KeyError)."""
    from pathlib import Path

    from nodereg.oracle import compile as oc

    before = oc._cache_key({"a": 1}, 5.0, frozenset(), oc.QuietSpec())

    def no_reading(self: Path) -> bytes:
        raise AssertionError(f"read {self} after import")

    monkeypatch.setattr(Path, "read_bytes", no_reading)
    assert oc._cache_key({"a": 1}, 5.0, frozenset(), oc.QuietSpec()) == before
    monkeypatch.setattr(oc, "_SOURCES_DIGEST", b"other sources")
    assert oc._cache_key({"a": 1}, 5.0, frozenset(), oc.QuietSpec()) != before


def _random_node_state(rnd: random.Random, now: float) -> list[Any]:
    """A node list over each variable's declared domain (any combination, reachable or not), clocks
    reset up to 120 s before ``now``, in any control state (``NO_EDGE`` included)."""
    from nodereg.oracle.compile import NODE_KEYS

    by_name = {v.name: v for v in d.NODE_VARS}
    out: list[Any] = []
    for k in NODE_KEYS:
        if k[0] == "ctl":
            out.append(rnd.randrange(d.NO_EDGE + 1))
            continue
        v = by_name[k[1]]
        if v.clock:
            out.append(now - rnd.choice([0, 0.5, 4.9, 5, 5.1, 10, 44, 46, 64, 66, 120]))
        elif v.sort == "bool":
            out.append(rnd.random() < 0.5)
        else:
            lo = v.lo if v.lo is not None else 0
            hi = v.hi if v.hi is not None else 3000
            out.append(rnd.randint(lo, min(hi, lo + 3000)))
    return out


@functools.cache
def _rewritten_and_plain() -> tuple[Any, Any]:
    """The generated oracle code with its rewrites and in the plain form (``PLAIN_FORM``), generated once
    for every seed of the test below (each generation takes seconds)."""
    from nodereg.oracle import compile as oc

    o = Oracle()
    params, slack = o.c.params, o.slack
    new = oc._generate(params, slack, frozenset(), oc.QuietSpec())[0]
    oc.PLAIN_FORM = True
    try:
        plain = oc._generate(params, slack, frozenset(), oc.QuietSpec())[0]
    finally:
        oc.PLAIN_FORM = False
    return new, plain


@pytest.mark.parametrize("seed", range(3))
def test_generated_rewrites_compute_what_the_plain_form_does(seed: int) -> None:
    """The two rewrites of the generated code that only save work (the control state's class computed
    once, ``not (x and not x)`` folded) leave every effect, post-state, fast step and inline step
    what the plain form computes, on random states of every event (reachable or not): same result,
    same node list, same deadline."""
    from nodereg.oracle import compile as oc
    from nodereg.oracle.core import NodeRec

    new, plain = _rewritten_and_plain()
    assert "_c :=" in new.source and "_c :=" not in plain.source
    assert "not s[9] and s[9]" in plain.source and "not s[9] and s[9]" not in new.source
    rnd = random.Random(seed)
    dummy = oc._dummy_pod()
    tried = 0
    for eid, ec in new.events.items():
        pc = plain.events[eid]
        for _ in range(300):
            now = 1000.0 + rnd.random()
            s = _random_node_state(rnd, now)
            args = tuple((rnd.random() < 0.5) if a.sort == "bool" else rnd.randint(a.lo, a.hi) for a in ec.event.args)
            o_ = rnd.choice([0, 500, 4000])
            assert ec.effect(s, dummy, now, args, o_) == pc.effect(s, dummy, now, args, o_), eid
            assert ec.post(s, dummy, now, args, o_) == pc.post(s, dummy, now, args, o_), eid
            assert ec.guard(s, dummy, now, args, o_) == pc.guard(s, dummy, now, args, o_), eid
            if ec.fast is not None:
                s1, s2 = list(s), list(s)
                assert ec.fast(s1, now, args) == pc.fast(s2, now, args), eid
                assert s1 == s2, eid
            if ec.inline is not None:
                line: dict[str, Any] = {"t": now, "event": eid, "node": "n"}
                line.update({a.name: v for a, v in zip(ec.event.args, args, strict=True)})
                due = rnd.choice([-math.inf, now - 1, now + 30, math.inf])
                r1, r2 = NodeRec("n", list(s), now - 1), NodeRec("n", list(s), now - 1)
                r1.due = r2.due = due
                ok = ec.inline(line, r1, now)
                assert ok == pc.inline(line, r2, now), eid
                assert (r1.s, r1.due, r1.t) == (r2.s, r2.due, r2.t), eid
                tried += ok
    assert tried > 50  # inline steps were taken, not only declined


@pytest.mark.parametrize("seed", range(6))
def test_blocks_find_every_too_long_line(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """``source.blocks`` skips measuring every line of a block when each aligned half-``MAX_LINE``
    stretch holds a newline: with a small ``MAX_LINE`` and ``BLOCK``, lines around the bound at every
    offset come out as when every line is measured (each longer than ``MAX_LINE`` as ``TOO_LONG``)."""
    import io

    from nodereg.oracle import source

    rnd = random.Random(seed)
    monkeypatch.setattr(source, "MAX_LINE", 64)
    monkeypatch.setattr(source, "_HALF", 32)
    monkeypatch.setattr(source, "BLOCK", rnd.choice([128, 200, 256]))
    sizes = [0, 1, 20, 31, 32, 33, 63, 64, 65, 66, 100, 129, 300]
    shortcut = source._newline_every
    long_seen = 0
    for _ in range(300):
        lines = [b"x" * rnd.choice(sizes) for _ in range(rnd.randrange(1, 12))]
        data = b"\n".join(lines) + rnd.choice([b"", b"\n"])
        monkeypatch.setattr(source, "_newline_every", shortcut)
        got = [x for part in source.blocks(io.BytesIO(data)) for x in part]
        monkeypatch.setattr(source, "_newline_every", lambda buf, h: False)  # every line measured
        assert got == [x for part in source.blocks(io.BytesIO(data)) for x in part], [len(x) for x in lines]
        long_seen += source.TOO_LONG in got
    assert long_seen > 50


@pytest.mark.parametrize("seed", range(6))
def test_blocks_are_the_files_lines(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """``source.blocks`` gives exactly the file's lines, each longer than ``MAX_LINE`` as ``TOO_LONG``:
    a huge line never swallows the lines after it, also when the input ends in the block after the one
    where the huge line ended (speed7's find: those lines came out as one line, reported as too long)."""
    import io

    from nodereg.oracle import source

    rnd = random.Random(seed)
    monkeypatch.setattr(source, "MAX_LINE", 64)
    monkeypatch.setattr(source, "_HALF", 32)
    monkeypatch.setattr(source, "BLOCK", rnd.choice([128, 200, 256]))
    sizes = [0, 1, 5, 20, 32, 33, 64, 65, 66, 100, 129, 300, 500]
    for _ in range(300):
        lines = [b"x" * rnd.choice(sizes) for _ in range(rnd.randrange(1, 12))]
        data = b"\n".join(lines) + rnd.choice([b"", b"\n"])
        # the file's lines: what ``split`` gives, less the empty string after a final newline
        want = data.split(b"\n")
        if not want[-1]:
            want.pop()
        want = [x if len(x) <= 64 else source.TOO_LONG for x in want]
        got = [x for part in source.blocks(io.BytesIO(data)) for x in part]
        assert got == want, ([len(x) for x in lines], [len(x) for x in got])
    # the case found: 65/32/0/300/65/0/5 with BLOCK 200
    monkeypatch.setattr(source, "BLOCK", 200)
    lines = [b"x" * n for n in (65, 32, 0, 300, 65, 0, 5)]
    got = [x for part in source.blocks(io.BytesIO(b"\n".join(lines))) for x in part]
    assert got == [source.TOO_LONG, lines[1], b"", source.TOO_LONG, source.TOO_LONG, b"", lines[6]], [
        len(x) for x in got
    ]
