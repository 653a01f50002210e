"""``nodereg.sweep``: many ``nodereg verify`` runs on an existing executor, with the command line's verdicts."""

from __future__ import annotations

import pytest

from nodereg.sweep import Configuration, sweep, verify_configuration


def test_a_sweep_keeps_order_and_gives_each_configuration_its_own_verdict() -> None:
    # a grace period below the 45 s heartbeat gap: the command line finds the #121793 race there
    out = sweep([Configuration(1, 1), Configuration(1, 1, {"node-monitor-grace-period": "40s"})], max_workers=2)
    assert [d["outcome"] for d in out] == ["proved", "violated"]
    assert out[0]["summary"]["proved"] == len(out[0]["properties"]) and out[0]["exit_code"] == 0
    violated = {p["id"] for p in out[1]["properties"] if p["status"] == "violated"}
    assert "heartbeating-node-stays-known" in violated
    assert out[1]["configuration"]["params"] == {"node-monitor-grace-period": "40s"}


def test_fixed_parameters_reach_the_command_line() -> None:
    doc = verify_configuration(Configuration(1, 1, {"node-monitor-grace-period": "50s"}))
    assert doc["outcome"] == "proved"
    assert doc["config"]["parameters"] == {"node-monitor-grace-period": 50}


def test_a_bad_parameter_is_reported_not_raised() -> None:
    doc = verify_configuration(Configuration(1, 1, {"grace": 3}))
    assert (doc["outcome"], doc["exit_code"]) == ("bad-usage", 2)
    assert "grace" in doc["error"] and "unknown parameter" in doc["error"]


def test_a_run_with_only_vacuous_properties_is_not_called_violated() -> None:
    # no pods: the pod properties hold vacuously, and verify exits 1 as it does for a violation
    doc = verify_configuration(Configuration(1, 0))
    assert (doc["exit_code"], doc["outcome"]) == (1, "vacuous")
    assert doc["summary"]["violated"] == 0 < doc["summary"]["vacuous"]


def test_any_executor_runs_it_dask_included() -> None:
    distributed = pytest.importorskip("distributed", reason="the nodereg[distributed] extra is not installed")
    with (
        distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as lc,
        distributed.Client(lc) as client,
    ):
        out = sweep(
            [Configuration(1, 1), Configuration(1, 1, {"node-monitor-grace-period": "50s"})],
            executor=client.get_executor(),
        )
    assert [d["outcome"] for d in out] == ["proved", "proved"]
    assert [d["config"]["parameters"] for d in out] == ["symbolic", {"node-monitor-grace-period": 50}]
