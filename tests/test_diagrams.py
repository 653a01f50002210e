"""Tests of nodereg.diagrams: every picture shows the whole model, follows real runs, and is reproducible.

The outputs are parsed, not grepped: the DOT with pydot, the SVG with xml.etree, the Mermaid line
by line. The mutant diagrams run the verifier (about 45 s), so they are tested on the committed
files and on one counterexample built here; ``make test`` also runs ``nodereg diagrams --check``.
"""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pydot
import pytest
from click.testing import CliRunner

from nodereg.diagrams import counterexample, generate, scenarios, sequence, state
from nodereg.diagrams.cli import diagrams_command
from nodereg.diagrams.extract import state_graph
from nodereg.diagrams.messages import EVENT_WIRES
from nodereg.model import declaration as d
from nodereg.model.semantics import real_model

HAS_DOT = shutil.which("dot") is not None and shutil.which("neato") is not None
needs_dot = pytest.mark.skipif(not HAS_DOT, reason="graphviz binaries not installed")
GENERATED = generate.default_dir()
SVG = "{http://www.w3.org/2000/svg}"


def declared_transitions() -> set[tuple[str, str, str]]:
    return {(d.STATE_IDS[s], d.STATE_IDS[t], e.id) for e in d.EVENTS for s, t in e.edges}


@pytest.fixture(scope="module")
def graph():
    return state_graph(real_model())


@pytest.fixture(scope="module")
def state_dot(graph) -> str:
    return state.dot(graph, d.ACTORS)


def _html_text(label: str) -> str:
    return re.sub(r"<[^>]+>", " ", label)


def test_every_event_has_a_wire_entry():
    assert set(EVENT_WIRES) == {e.id for e in d.EVENTS}


def test_dot_has_every_state_and_transition(state_dot):
    (g,) = pydot.graph_from_dot_data(state_dot)
    nodes = {n.get_name().strip('"') for n in g.get_nodes()}
    assert set(d.STATE_IDS) <= nodes
    found: set[tuple[str, str, str]] = set()
    for e in g.get_edges():
        src, dst = e.get_source().strip('"'), e.get_destination().strip('"')
        if src.startswith("__"):
            continue
        events = e.get("tooltip").strip('"').split(", ")
        # self-loop events are listed inside the state's box
        owner = g.get_node(f'"{src}"')[0] if src == dst else e
        label = _html_text(owner.get("label"))
        for ev in events:
            assert re.search(rf"\b{ev}\b", label), (src, dst, ev)
            found.add((src, dst, ev))
    assert found == declared_transitions()


def test_dot_shows_each_events_guard(graph, state_dot):
    for t in graph.transitions:
        assert t.guard
    assert "alive and cert and not registered" in state_dot  # kubelet_register_node's guard, derived


def test_mermaid_state_has_every_state_and_transition(graph):
    text = state.mermaid(graph, d.ACTORS)
    assert text.startswith("stateDiagram-v2")
    states = set(re.findall(r'state "[^"]+" as (\w+)', text))
    assert states == set(d.STATE_IDS)
    found = set()
    for src, dst, label in re.findall(r"^\s+(\w+) --> (\w+) : (.*)$", text, re.M):
        for ev in {e.id for e in d.EVENTS}:
            if re.search(rf"\b{ev}\b", label):
                found.add((src, dst, ev))
    assert found == declared_transitions()
    assert "[*] --> unregistered" in text


@needs_dot
def test_state_svg_is_xml_with_every_state(state_dot):
    from nodereg.diagrams import render

    svg = render.render(state_dot, "svg")
    root = ET.fromstring(svg)
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    for name in d.STATE_NAMES:
        assert name in texts
    for e in d.EVENTS:
        assert e.id in texts


def _mermaid_steps(text: str) -> list[tuple[int, str]]:
    return [(int(n), ev) for n, ev in re.findall(r"^\s*%% step (\d+): (\w+)$", text, re.M)]


@pytest.mark.parametrize("sid", [s.id for s in scenarios.SCENARIOS])
def test_scenario_sequence_follows_the_model_run(sid):
    run = scenarios.run(sid)
    sc = scenarios.SCENARIO_BY_ID[sid]
    diag = sequence.build(run.described(), sc.title, fold_quiet=True, preface=scenarios.preface(sc))
    text = sequence.mermaid(diag)
    assert text.startswith("sequenceDiagram")
    steps = _mermaid_steps(text)
    assert [ev for _, ev in steps] == run.events  # every step, in the model's order
    assert [n for n, _ in steps] == list(range(1, len(run.events) + 1))
    # each drawn message is numbered by its step, in increasing order
    numbers = [int(n) for n in re.findall(r"->>\w+: \[(\d+)\]", text)]
    assert numbers == sorted(numbers)
    # every phase goal holds at the end of the run
    cm_named = run.described()[-1]["state"]
    assert cm_named["ctl[0]"] in d.STATE_NAMES


def test_registration_is_the_happy_path():
    ev = scenarios.run("registration").events
    order = ["kubelet_request_certificate", "csr_approver_approve", "kubelet_obtain_certificate",
             "kubelet_register_node", "kubelet_renew_lease", "kubelet_post_status", "scheduler_bind_pod"]
    assert [e for e in ev if e in order] == order
    text = sequence.mermaid(sequence.build(scenarios.run("registration").described(), "r"))
    for who in ("kubelet", "apiserver", "csr", "nlc", "scheduler"):
        assert f"participant {who} " in text
    assert "+ taint not-ready:NoSchedule" in text and "− taint not-ready:NoSchedule" in text


def test_heartbeat_loss_reaches_unknown_taints_and_eviction():
    run = scenarios.run("heartbeat-loss")
    last = run.described()[-1]["state"]
    assert last["ready[0]"] == "Unknown" and last["taint_unreachable_ne[0]"] is True
    assert last["bound_to[0]"] == d.UNBOUND
    assert run.events[0] == "kubelet_stops" and run.events[-1] == "taint_eviction_evict_pod"


def _fake_cex() -> list[dict]:
    """A real counterexample: the registration run, declared violating at its bind step."""
    return scenarios.run("registration").described()


def test_counterexample_names_the_violating_step():
    cex = _fake_cex()
    diag = counterexample.diagram("no-schedule-without-ready", cex)
    text = sequence.mermaid(diag)
    n = len(cex) - 1
    assert f"VIOLATION at step {n}: no-schedule-without-ready" in text
    block = text.split("rect rgb(255, 225, 225)")[1]
    assert f"[{n}] POST pods/pod-0/binding" in block.split("end")[0]
    assert _mermaid_steps(text)[-1] == (n, "scheduler_bind_pod")  # no step folded away


@needs_dot
def test_write_counterexample_diagrams(tmp_path: Path):
    class V:
        id = "no-schedule-without-ready"
        counterexample = _fake_cex()

    written = counterexample.write_counterexample_diagrams(tmp_path / "cx", [V()])
    names = sorted(p.name for p in written)
    assert names == ["no-schedule-without-ready.mmd", "no-schedule-without-ready.svg"]
    root = ET.fromstring((tmp_path / "cx" / "no-schedule-without-ready.svg").read_bytes())
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "VIOLATION at step 12: no-schedule-without-ready" in texts
    assert (tmp_path / "cx" / "index.md").read_text().count("```mermaid") == 1


@needs_dot
def test_sequence_svg_parses_and_is_deterministic():
    from nodereg.diagrams import render

    diag = sequence.build(scenarios.run("cordon").described(), "cordon")
    a = render.render(sequence.dot(diag), "svg", "neato", ("-n2",))
    b = render.render(sequence.dot(diag), "svg", "neato", ("-n2",))
    assert a == b
    texts = [t.text or "" for t in ET.fromstring(a).iter(f"{SVG}text")]
    assert any("kubectl cordon node-0" in t for t in texts)


@needs_dot
def test_state_png_is_deterministic(state_dot):
    from nodereg.diagrams import render

    assert render.render(state_dot, "png") == render.render(state_dot, "png")


def test_committed_diagrams_are_complete():
    """What the repository ships: every scenario and mutant, an index embedding every Mermaid file."""
    from nodereg.model.mutants import MUTANTS

    index = (GENERATED / "index.md").read_text()
    for sc in scenarios.SCENARIOS:
        assert (GENERATED / "scenarios" / f"{sc.id}.mmd").is_file()
        assert f"scenarios/{sc.id}.svg" in index
    for mu in MUTANTS:
        text = (GENERATED / "mutants" / f"{mu.id}.mmd").read_text()
        assert "VIOLATION at step" in text
    assert index.count("```mermaid") == 1 + len(scenarios.SCENARIOS) + len(MUTANTS)


def test_check_detects_a_stale_file(tmp_path: Path, monkeypatch):
    """--check on a copy of the committed folder: up to date, then one altered file is named."""
    out = generate.produce(with_mutants=False)
    folder = tmp_path / "gen"
    generate.write(out, folder)
    assert generate.check(out, folder).stale == []
    target = folder / "scenarios" / "cordon.mmd"
    target.write_text(target.read_text() + "%% edited by hand\n")
    (folder / "node-lifecycle.dot").unlink()
    stale = generate.check(out, folder).stale
    assert stale == ["node-lifecycle.dot (missing)", "scenarios/cordon.mmd (differs)"]

    monkeypatch.setattr(generate, "produce", lambda with_mutants=True: out)
    res = CliRunner().invoke(diagrams_command, ["--check", "--out", str(folder)])
    assert res.exit_code == 1
    assert "cordon.mmd (differs)" in res.output and "node-lifecycle.dot (missing)" in res.output
    generate.write(out, folder)
    res = CliRunner().invoke(diagrams_command, ["--check", "--out", str(folder)])
    assert res.exit_code == 0 and "diagrams up to date" in res.output


def test_out_is_a_file_is_a_usage_error(tmp_path: Path):
    f = tmp_path / "file"
    f.write_text("x")
    res = CliRunner().invoke(diagrams_command, ["--out", str(f)])
    assert res.exit_code == 2
    assert "not a directory" in res.output and "Traceback" not in res.output


def test_without_graphviz_text_is_written_and_renders_named(tmp_path: Path, monkeypatch):
    from nodereg.diagrams import render

    monkeypatch.setattr(render.shutil, "which", lambda name: None)
    render.graphviz_version.cache_clear()
    try:
        out = generate.produce(with_mutants=False)
    finally:
        render.graphviz_version.cache_clear()
    assert "node-lifecycle.dot" in out.files and "node-lifecycle.mmd" in out.files
    assert not any(k.endswith((".svg", ".png")) for k in out.files)
    assert any("skipped node-lifecycle.png: graphviz dot and neato not found" in s for s in out.skipped)


def test_text_outputs_are_deterministic():
    a = generate.produce(with_mutants=False).files
    b = generate.produce(with_mutants=False).files
    assert a == b
