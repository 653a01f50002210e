"""The pytest plugin, run for real: an implementer's test suite in a temporary directory (pytester).

Each test writes the suite an implementer would write, runs pytest on it in a subprocess (so the
plugin is loaded through its ``pytest11`` entry point, as in their project) and reads the outcome.
"""

from __future__ import annotations

import json
from importlib.metadata import entry_points
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "oracle"
HEALTHY = DATA / "healthy.events.jsonl"
NOT_READY = DATA / "violation-bind-not-ready.events.jsonl"

pytest_plugins = ["pytester"]


def test_the_plugin_is_registered_as_a_pytest11_entry_point() -> None:
    [ep] = [ep for ep in entry_points(group="pytest11") if ep.name == "nodereg"]
    assert ep.value == "nodereg.pytest_plugin"
    assert hasattr(ep.load(), "nodereg_oracle")


def test_a_conforming_trace_passes_and_a_violating_one_fails_readably(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_impl=f"""
        from nodereg.pytest_plugin import check_trace

        def test_healthy():
            report = check_trace({str(HEALTHY)!r})
            assert report.conforms and report.events > 0

        def test_not_ready():
            check_trace({str(NOT_READY)!r})
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    out = result.stdout.str()
    # the failure names the file:line, the event, the property, node and pod, in one line each
    bind_line = next(i for i, line in enumerate(NOT_READY.read_text().splitlines(), 1) if "scheduler_bind_pod" in line)
    events = sum(1 for line in NOT_READY.read_text().splitlines() if line.strip())
    assert "violation-bind-not-ready.events.jsonl does not conform to the Kubernetes node-lifecycle model: " in out
    assert f"violation(s) in {events} events" in out
    assert (
        f"violation-bind-not-ready.events.jsonl:{bind_line} (scheduler_bind_pod): [no-schedule-without-ready] "
        "node n3, pod default/web-1: pod default/web-1 was bound to node n3"
    ) in out
    assert "TraceDoesNotConform" in out
    assert "check_trace(" in out  # the user's own line is shown, the helper's internals are not
    assert "report = check(" not in out


def test_the_oracle_fixture_steps_events(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_steps="""
        def test_steps(nodereg_oracle):
            assert nodereg_oracle.step({"t": 0, "event": "kubelet_request_certificate", "node": "n1"}) == []
            assert nodereg_oracle.control_state("n1") == "Unregistered"

        def test_a_fresh_oracle_per_test(nodereg_oracle):
            assert nodereg_oracle.nodes == {}

        def test_register_without_credentials(nodereg_oracle):
            found = nodereg_oracle.step({"t": 0, "event": "kubelet_register_node", "node": "n1"})
            assert [v.property for v in found] == ["no-registration-without-credentials"]
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3)


def test_events_given_as_dicts_and_the_k8s_version_option(pytester: pytest.Pytester) -> None:
    """--nodereg-k8s-version sets the fixture's timing defaults (node-monitor-grace-period 40 s before 1.32)."""
    events = [json.loads(line) for line in HEALTHY.read_text().splitlines() if line.strip()]
    pytester.makepyfile(
        test_dicts=f"""
        from nodereg.pytest_plugin import check_trace

        def test_dicts():
            assert check_trace({events!r}).events == {len(events)}

        def test_version(nodereg_oracle):
            assert nodereg_oracle.params["node_monitor_grace_period"] == 40
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--nodereg-k8s-version", "1.31")
    result.assert_outcomes(passed=2)


def test_an_empty_or_unreadable_trace_is_never_a_pass(pytester: pytest.Pytester, tmp_path: Path) -> None:
    empty = tmp_path / "empty.events.jsonl"
    empty.write_text("")
    broken = tmp_path / "broken.events.jsonl"
    broken.write_text('{"t": 0, "event": "kubelet_request_certificate", "node": "n1"}\nnot json\n')
    pytester.makepyfile(
        test_bad=f"""
        import pytest
        from nodereg.pytest_plugin import check_trace

        def test_empty():
            check_trace({str(empty)!r})

        def test_broken():
            check_trace({str(broken)!r})

        def test_no_events():
            check_trace([])

        def test_wrong_type():
            with pytest.raises(TypeError, match="trace"):
                check_trace(42)
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=3)
    out = result.stdout.str()
    assert "broken.events.jsonl: 1 input error(s)" in out and "broken.events.jsonl:2" in out
    assert "E       nodereg.pytest_plugin.TraceDoesNotConform: " + str(empty) in out  # whatever the reader says
    assert "E       nodereg.pytest_plugin.TraceDoesNotConform: trace: " in out and "no events" in out


def test_a_bad_slack_option_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_x="def test_x():\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--nodereg-slack", "-1")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--nodereg-slack*"])


CAPTURE = Path(__file__).parent / "data" / "captures" / "healthy-split"


@pytest.mark.parametrize(
    ("files", "judged"),
    [
        # `nodereg check` exits 3 on these: no property reads pods or Leases without their Nodes
        pytest.param(["pods.json"], False, id="pods-only-watch"),
        pytest.param(["leases.json"], False, id="leases-only-watch"),
        pytest.param(["nodes.json"], True, id="nodes-watch"),
    ],
)
def test_a_trace_on_which_no_property_was_judged_is_never_a_pass(files: list[str], judged: bool) -> None:
    """newuser15: ``check_trace`` passed a pods-only capture, on which ``nodereg check`` says inconclusive."""
    from nodereg.pytest_plugin import TraceDoesNotConform, check_trace

    path = CAPTURE / files[0]
    if judged:
        assert check_trace(path).conforms
        return
    with pytest.raises(TraceDoesNotConform, match="inconclusive: no property could be checked") as err:
        check_trace(path)
    assert err.value.report.conforms and err.value.report.judged_nothing
