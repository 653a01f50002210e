"""Decisive verdicts at fixed timing: 1.31 shows #121793, 1.32 and 1.33 prove everything with witnesses.

These run the command as a user does (a fresh process), with ``--jobs`` default and 1, because the
1.31 crash was a worker-process bug that only the default showed. Their speed is measured by the
benchmarks, not asserted here.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from nodereg.model import params as P
from nodereg.model.semantics import Config, real_model
from nodereg.properties.catalogue import ALL_PROPERTIES, PROPERTY_BY_ID
from nodereg.verifier import concrete as C
from nodereg.verifier.counterexample import replay


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nodereg", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("jobs", [[], ["--jobs", "1"]], ids=["jobs-default", "jobs-1"])
def test_k8s_1_31_shows_the_121793_counterexample(jobs: list[str]) -> None:
    out = run("verify", "--k8s-version", "1.31", "--format", "json", *jobs)
    assert "Traceback" not in out.stderr, out.stderr[-800:]
    assert out.returncode == 1, out.stderr[-800:]
    doc = json.loads(out.stdout)
    rows = {p["id"]: p for p in doc["properties"]}
    v = rows["heartbeating-node-stays-known"]
    assert v["status"] == "violated" and v["replayed"], v
    steps = v["counterexample"]
    last, before = steps[-1], steps[-2]
    # the controller marks the node Unknown while its kubelet is alive...
    assert last["event"] == "nlc_monitor_node_health" and last["state"]["ready[0]"] == "Unknown"
    assert last["state"]["alive[0]"] is True and before["state"]["ready[0]"] != "Unknown"
    # ...having been silent more than the 40 s grace, within the 45 s a live kubelet may need
    silent = last["state"]["since_lease_renew[0]"]
    assert 40 < silent <= 45, silent
    assert doc["config"]["parameters"]["node-monitor-grace-period"] == 40
    # the other properties that assume heartbeat-gap-within-grace break on the same run: an
    # undisturbed live kubelet's Node goes Unknown, so it is neither plain nor Schedulable
    for pid in ("undisturbed-node-is-plain", "node-becomes-schedulable"):
        w = rows[pid]
        assert w["status"] == "violated" and w["replayed"], (pid, w["status"], w.get("reason"))
        end = w["counterexample"][-1]["state"]
        assert end["ready[0]"] == "Unknown" and end["alive[0]"] is True, (pid, end)
    broken = {"heartbeating-node-stays-known", "undisturbed-node-is-plain", "node-becomes-schedulable"}
    others = [p for p in doc["properties"] if p["id"] not in broken]
    assert all(p["status"] == "proved" for p in others), [(p["id"], p["status"]) for p in others]


@pytest.mark.parametrize("version", ["1.32", "1.33"])
@pytest.mark.parametrize("jobs", [[], ["--jobs", "1"]], ids=["jobs-default", "jobs-1"])
def test_fixed_versions_prove_everything_with_witnesses(version: str, jobs: list[str]) -> None:
    out = run("verify", "--k8s-version", version, "--format", "json", *jobs)
    assert out.returncode == 0, out.stdout[-1500:] + out.stderr[-800:]
    doc = json.loads(out.stdout)
    assert doc["summary"]["proved"] == len(ALL_PROPERTIES) + 2
    assert doc["config"]["parameters"]["node-monitor-grace-period"] == 50


def test_deep_premises_are_reached_at_upstream_timing() -> None:
    """A node silent past 50 s of grace with 5 s monitor passes: far beyond a 16-step unrolling."""
    model = real_model()
    params = C.concrete_params(model, P.defaults("1.32"))
    assert params is not None and params["node_monitor_grace_period"] == 50
    props = [
        PROPERTY_BY_ID[i]
        for i in ("silent-node-becomes-unknown", "unreachable-taint-follows-unknown", "only-kubelet-reports-readiness")
    ]
    st = C.search(model, Config(1, 1), params, [(p, "witness") for p in props])
    assert {pid for pid, _ in st.found} == {p.id for p in props}
    f = st.found[("silent-node-becomes-unknown", "witness")]
    assert f.depth > 16
    last = f.trace[-1][2]
    from nodereg.model.semantics import compiled

    named = compiled(model, Config(1, 1)).named(last)
    # the premise: the silent kubelet's Node marked Unknown, which takes more than the 50 s grace
    assert named["since_heartbeat[0]"] > params["node_monitor_grace_period"] and named["exists[0]"]
    assert not named["alive[0]"]


def test_concrete_violations_replay_on_the_machine() -> None:
    """What the concrete search reports is a real run: the machine and the compiled step replay it."""
    model = real_model()
    relaxed = dataclasses.replace(
        model,
        name="without-gap",
        constraints=tuple(c for c in model.constraints if c.id != "heartbeat-gap-within-grace"),
    )
    prop = PROPERTY_BY_ID["heartbeating-node-stays-known"]
    st = C.search(relaxed, Config(1, 1), P.defaults("1.31"), [(prop, "violation")], walks=12000, time_budget_s=60)
    f = st.found[(prop.id, "violation")]
    assert replay(relaxed, Config(1, 1), f.trace, prop)


def test_no_concrete_run_breaks_a_proved_property_at_1_32() -> None:
    """The concrete search is not a source of false alarms: on the real model it finds no violation."""
    model = real_model()
    st = C.search(model, Config(1, 1), P.defaults("1.32"), [(p, "violation") for p in ALL_PROPERTIES], walks=300)
    assert st.found == {}


def test_inadmissible_fixed_timing_gives_no_concrete_values() -> None:
    # a monitor period above the grace breaks monitor-period-below-grace: no run may be taken as a witness
    assert C.concrete_params(real_model(), {"node_monitor_period": 60}) is None


@pytest.mark.parametrize(
    ("first_search_finds", "late_search_runs", "status", "engine"),
    [
        # the first, 5 s search found it: nothing more to do
        pytest.param(True, True, "proved", "simulation", id="found-at-once"),
        # the first search ran out of time (a loaded machine), BMC's 16 steps and Spacer did not settle it:
        # the late search with the violation budget finds the 50 s silence (exit 3 before)
        pytest.param(False, True, "proved", "simulation", id="found-by-the-late-search"),
        # nothing reaches it: inconclusive, never proved without a witness
        pytest.param(False, False, "inconclusive", "bmc", id="never-found"),
    ],
)
def test_a_deep_premise_missed_by_the_first_search_is_searched_again(
    monkeypatch: pytest.MonkeyPatch, first_search_finds: bool, late_search_runs: bool, status: str, engine: str
) -> None:
    """`verify --k8s-version 1.35` exited 3 under load: a premise 50 s deep was left to BMC (16 steps)."""
    from nodereg.verifier import runner as R
    from nodereg.verifier.engines import EngineResult

    pid = "network-unavailable-changes-only-by-route-controller"
    real = R._concrete_witnesses
    calls: list[int] = []

    def concrete(*args: object, **kw: object) -> dict[str, int]:
        calls.append(1)
        if (len(calls) == 1 and not first_search_finds) or (len(calls) > 1 and not late_search_runs):
            return {}  # the 5 s budget ran out (or, for the late search: nothing reaches it)
        # bounded by runs, not by the wall clock, so that the machine's load changes nothing here
        return real(*args, **{**kw, "budget_s": 600.0})  # type: ignore[arg-type]

    monkeypatch.setattr(R, "_concrete_witnesses", concrete)
    monkeypatch.setattr(
        R,
        "_witness_search",
        lambda m, c, f, props, d, t: {p.id: EngineResult("inconclusive", "bmc", d, 0.0) for p in props},
    )
    monkeypatch.setattr(R, "spacer", lambda *a, **k: EngineResult("inconclusive", "spacer", None, 0.0))
    v = R.Verdict(pid, "proved", "k-induction", "∞", 0.0, witness=PROPERTY_BY_ID[pid].witness)
    model = real_model()
    R._check_witnesses(model, Config(2, 2), P.defaults("1.35"), [v], None, 16, 60.0, props=[PROPERTY_BY_ID[pid]])  # type: ignore[arg-type]
    assert (v.status, v.detail["witness_engine"]) == (status, engine), v.reason
    assert len(calls) == (1 if first_search_finds else 2)
