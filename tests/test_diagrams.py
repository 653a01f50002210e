"""Tests of nodereg.diagrams: every picture shows the whole model, follows real runs, and is reproducible.

The outputs are parsed, not grepped: the DOT with pydot, the SVG with xml.etree, the Mermaid line
by line. The mutant diagrams run the verifier (about 45 s), so they are tested on the committed
files and on one counterexample built here; ``make test`` also runs ``nodereg diagrams --check``.
"""

from __future__ import annotations

import json
import re
import shutil
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pydot
import pytest
from click.testing import CliRunner

from nodereg.diagrams import counterexample, generate, lifecycle, scenarios, sequence, state
from nodereg.diagrams.cli import diagrams_command
from nodereg.diagrams.extract import state_graph
from nodereg.diagrams.labels import EVENT_LABELS
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
    missing = [e.id for e in d.EVENTS if e.id not in EVENT_WIRES]
    assert not missing, "add to EVENT_WIRES in diagrams/messages.py, for each: " + "; ".join(
        f'"{m}": ((Wire("<participant>", "apiserver", "<VERB resource (what)>"),), "")' for m in missing
    )
    assert set(EVENT_WIRES) <= {e.id for e in d.EVENTS}, "EVENT_WIRES names an event the declaration lost"


def test_every_event_has_a_kubernetes_label():
    """The drawings say events in Kubernetes words; a new declaration event needs its words here."""
    missing = [e.id for e in d.EVENTS if e.id not in EVENT_LABELS]
    assert not missing, (
        f"{len(missing)} declaration event(s) without Kubernetes wording: add to EVENT_LABELS in "
        "diagrams/labels.py: " + " ".join(f'"{m}": EventLabel("<what it does, in Kubernetes words>"),' for m in missing)
    )
    stale = sorted(set(EVENT_LABELS) - {e.id for e in d.EVENTS})
    assert not stale, f"EVENT_LABELS names events the declaration no longer has: {stale}"


def test_per_target_labels_name_real_targets():
    """An arrow wording for a target state is only useful where the event really goes there."""
    targets = {e.id: {d.STATE_IDS[t] for s, t in e.edges if s != t} for e in d.EVENTS}
    for ev, lab in EVENT_LABELS.items():
        for dst, _words in lab.arrows:
            assert dst in targets.get(ev, set()), (ev, dst)


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


@pytest.fixture(scope="module")
def docs(graph) -> lifecycle.DocGraph:
    return lifecycle.doc_graph(graph)


def test_documentation_diagram_stands_for_every_transition(docs):
    """Arrows (expanded over composites) plus the self-loop table are exactly the machine's transitions."""
    assert docs.drawn_transitions() == declared_transitions()
    # no drawn arrow is a self-loop, and each arrow's product is exact (no member pair is invented)
    for a in docs.arrows:
        pairs = {(s, t) for s in docs.members(a.src) for t in docs.members(a.dst)}
        assert all(s != t for s, t in pairs)
        got = {(t.src, t.dst) for t in a.transitions}
        assert got == pairs, (a.src, a.dst)


def test_node_object_exists_is_one_composite_with_one_delete_edge(docs):
    existing = {d.STATE_IDS[i] for i in d.EXISTING}
    assert set(docs.composite) == existing
    deletes = [a for a in docs.arrows if any(t.event == "admin_delete_node" for t in a.transitions)]
    assert len(deletes) == 1 and deletes[0].src == lifecycle.COMPOSITE and deletes[0].dst == "bootstrapped"
    assert [p.words for p in deletes[0].phrases] == ["kubectl delete node"]


def test_documentation_arrows_are_in_kubernetes_words(docs):
    event_ids = {e.id for e in d.EVENTS}
    words = [p.words for a in docs.arrows for p in a.phrases]
    assert not [w for w in words if w in event_ids or re.search(r"\b[a-z]+_[a-z_]+\b", w)]
    by_target = {(a.src, a.dst): [p.words for p in a.phrases] for a in docs.arrows}
    # what picks the target is said: the Ready value the kubelet posts
    assert by_target[("registered", "ready")] == ["kubelet posts Ready=True"]
    assert by_target[("registered", "not_ready")] == ["kubelet posts Ready=False"]
    assert "Unknown" in by_target[("registered", "unknown")][0]
    # declared for node simulators; a real kubelet creates its Node with its conditions (node-has-ready-condition)
    assert any("never a real kubelet" in w for w in by_target[("bootstrapped", "registered")])


def test_documentation_dot_one_font_legend_and_no_loops(docs):
    src = lifecycle.dot(docs)
    (g,) = pydot.graph_from_dot_data(src)
    fonts = set(re.findall(r'face="([^"]+)"', src)) | set(re.findall(r'fontname="([^"]+)"', src))
    assert fonts == {lifecycle.FONT}
    for e in g.get_edges():
        assert e.get_source() != e.get_destination()
    for lp in docs.loops:  # every self-loop is listed under the picture
        assert html_unescape(lp.words) in html_unescape(src)
    assert "cluster_exists" in src and "ltail=cluster_exists" in src


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def test_documentation_mermaid_has_the_composite_and_every_arrow(docs):
    text = lifecycle.mermaid(docs)
    assert text.startswith("stateDiagram-v2")
    assert 'state "Node object exists" as exists {' in text
    states = set(re.findall(r'state "[^"]+" as (\w+)', text))
    assert set(d.STATE_IDS) <= states
    arrows = re.findall(r"^\s+(\w+) --> (\w+) : (.*)$", text, re.M)
    assert len(arrows) == len(docs.arrows)
    assert ("exists", "bootstrapped", "kubectl delete node") in arrows
    assert "[*] --> unregistered" in text
    assert not any(src == dst for src, dst, _ in arrows)


def test_events_table_has_every_event_with_its_whole_guard(graph):
    table = lifecycle.events_table(graph)
    for e in d.EVENTS:
        assert f"| `{e.id}` |" in table
    guards = re.findall(r"^\| `\w+` \| [^|]+ \| [^|]+ \| `([^`]*)` \|", table, re.M)
    assert len(guards) == len(d.EVENTS)
    assert not [g for g in guards if "…" in g or not g]  # no guard is cut off
    assert "tolerates_unschedulable" in table  # the scheduler's filters, in full


@needs_dot
def test_documentation_png_is_legible_at_900px(docs):
    """At README width (900 px) the picture is shown at 90 % or more of its size, not a thumbnail."""
    import struct

    from nodereg.diagrams import render

    png = render.render(lifecycle.dot(docs), "png")
    width, height = struct.unpack(">II", png[16:24])
    assert width <= 1000, width
    assert height <= 1700, height


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
    # drawn steps are numbered 1, 2, 3 ... without gaps
    numbers = [int(n) for n in re.findall(r"(?:->>\w+|Note over \w+): (\d+)\. ", text)]
    assert numbers == list(range(1, len(numbers) + 1))
    assert all(it.number == k for k, it in enumerate([i for i in diag.items if i.number], start=1))
    # every phase goal holds at the end of the run
    cm_named = run.described()[-1]["state"]
    assert cm_named["ctl[0]"] in d.STATE_NAMES


VAR_NAMES = sorted({v.name for v in (*d.NODE_VARS, *d.POD_VARS)}, key=len, reverse=True)
API_CALL = re.compile(r"^(\d+\. )?(POST|PUT|PATCH|GET|DELETE) [a-z]+(/[\w.-]+)*( \(.*\))?$")


@pytest.mark.parametrize("sid", [s.id for s in scenarios.SCENARIOS])
def test_scenario_messages_are_api_calls_and_notes_kubernetes_words(sid):
    sc = scenarios.SCENARIO_BY_ID[sid]
    diag = sequence.build(scenarios.run(sid).described(), sc.title, fold_quiet=True, preface=scenarios.preface(sc))
    for it in diag.items:
        for m in it.messages:
            assert m.reply or API_CALL.match(m.text), m.text
        for nt in it.notes:
            for line in nt.lines:
                assert not [v for v in VAR_NAMES if "_" in v and v in line], line
        if it.messages:  # no message that changes nothing
            assert any(nt.kind == "change" and nt.lines != ("(no change)",) for nt in it.notes), it.events
    assert "apiserver" in diag.participants  # every message goes to or comes from it


def _lifeline_xs(dot_src: str) -> list[float]:
    return [float(x) for x in re.findall(r'life_\w+ \[[^\]]*pos="([\d.]+),', dot_src)]


@pytest.mark.parametrize("sid", ["registration", "heartbeat-loss"])
def test_sequence_labels_sit_beside_lifelines_not_across(sid):
    """Every message label and side note lies between two lifelines, touching none."""
    sc = scenarios.SCENARIO_BY_ID[sid]
    diag = sequence.build(scenarios.run(sid).described(), sc.title, fold_quiet=True, preface=scenarios.preface(sc))
    src = sequence.dot(diag)
    xs = _lifeline_xs(src)
    assert len(xs) == len(diag.participants)
    boxes = re.findall(r'  ([tnc]\d+) \[[^\]]*width=([\d.]+),[^\]]*pos="([\d.]+),', src)
    assert boxes
    for name, w, cx in boxes:
        half = float(w) * 72 / 2
        left, right = float(cx) - half, float(cx) + half
        crossed = [x for x in xs if left < x < right]
        full_width = float(w) * 72 > 2 * sequence.COL_W  # opening, time and violation notes span on purpose
        assert full_width or not crossed, (name, left, right, crossed)


def test_registration_is_the_happy_path():
    ev = scenarios.run("registration").events
    order = [
        "kubelet_request_certificate",
        "csr_approver_approve",
        "kubelet_obtain_certificate",
        "kubelet_register_node",
        "kubelet_renew_lease",
        "kubelet_post_status",
        "scheduler_bind_pod",
    ]
    assert [e for e in ev if e in order] == order
    text = sequence.mermaid(sequence.build(scenarios.run("registration").described(), "r"))
    for who in ("kubelet", "apiserver", "csr", "nlc", "scheduler"):
        assert f"participant {who} " in text
    # the taint-eviction controller sends nothing during registration: no idle column for it
    assert "participant tec " not in text
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
    drawn = diag.items[-1].number
    assert f"VIOLATION at step {drawn}: no-schedule-without-ready" in text
    block = text.split("rect rgb(255, 225, 225)")[1]
    assert f"{drawn}. POST pods/pod-0/binding" in block.split("end")[0]
    assert _mermaid_steps(text)[-1] == (n, "scheduler_bind_pod")  # no step folded away
    # every step but time is drawn: the drawn numbers count the non-time steps
    assert drawn == sum(1 for st in cex[1:] if st["event"] != "time_passes")


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
    assert re.search(r"VIOLATION at step \d+: no-schedule-without-ready", texts)
    assert (tmp_path / "cx" / "index.md").read_text().count("```mermaid") == 1


@needs_dot
def test_sequence_svg_parses_and_is_deterministic():
    from nodereg.diagrams import render

    diag = sequence.build(scenarios.run("cordon").described(), "cordon")
    a = render.render(sequence.dot(diag), "svg", "neato", ("-n2",))
    b = render.render(sequence.dot(diag), "svg", "neato", ("-n2",))
    assert a == b
    texts = [t.text or "" for t in ET.fromstring(a).iter(f"{SVG}text")]
    assert "kubectl cordon" in " ".join(texts) and any(re.match(r"\d+\. PATCH nodes/node-0", t) for t in texts)


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
    # the picture Mermaid draws, committed, and drawn from the current Mermaid text
    assert (GENERATED / generate.MERMAID_PNG).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from nodereg.diagrams.mermaid_render import SOURCE_RECORD, source_record

    assert (GENERATED / SOURCE_RECORD).read_text() == source_record((GENERATED / "node-lifecycle.mmd").read_bytes())


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
    # a Mermaid PNG drawn from other Mermaid text is stale too
    (folder / generate.MERMAID_PNG).write_bytes(b"\x89PNG\r\n\x1a\n")
    (folder / "node-lifecycle.mermaid.txt").write_text("drawn from something else\n")
    assert generate.check(out, folder).stale[-1].startswith(f"{generate.MERMAID_PNG} (drawn from another")
    (folder / generate.MERMAID_PNG).unlink()

    monkeypatch.setattr(generate, "produce", lambda with_mutants=True, cache_dir=None: out)
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


def _fake_runs() -> list:
    return [("fake-mutant", "A fake mutant.", "nowhere", "no-schedule-without-ready", _fake_cex())]


def test_mutant_counterexamples_are_reused_while_their_inputs_hash_holds(tmp_path: Path, monkeypatch):
    """--check reruns no BMC search when runs.json carries the current inputs hash."""
    calls = []
    monkeypatch.setattr(generate, "mutant_runs", lambda only=None: calls.append(only) or _fake_runs())
    monkeypatch.setattr(
        generate, "_revalidated_or_searched", lambda cache_dir, out: calls.append("replay") or _fake_runs()
    )
    monkeypatch.setattr(generate, "default_dir", lambda: tmp_path / "no-package-cache")
    out = generate.produce(with_mutants=True, cache_dir=tmp_path)  # nothing cached yet
    assert calls == ["replay"] and out.cached == []
    generate.write(out, tmp_path)
    again = generate.produce(with_mutants=True, cache_dir=tmp_path)  # cached under the same key: nothing runs
    assert calls == ["replay"] and again.cached == [str(tmp_path / generate.MUTANT_CACHE)]
    assert again.files == out.files  # the same pictures from the cached runs
    assert generate.check(again, tmp_path).stale == []
    # another model (here: another key): the stored runs are replayed (and searched where they fail)
    monkeypatch.setattr(generate, "mutant_inputs_key", lambda: "another model")
    generate.produce(with_mutants=True, cache_dir=tmp_path)
    assert calls == ["replay", "replay"]


def _stored_runs() -> list[list]:
    return json.loads((generate.default_dir() / generate.MUTANT_CACHE).read_text())["runs"]


def _steps(cex: list[dict]) -> list[tuple]:
    return [(st["event"], st["node"], st["pod"], json.dumps(st["args"], sort_keys=True)) for st in cex]


def test_a_stored_run_is_kept_while_it_still_breaks_its_property():
    """Re-executed on the current mutant, a committed run comes back: the same steps, the same property,
    and (once the diagrams are regenerated for the current model) the same bytes."""
    for run in _stored_runs()[:6]:
        again = generate.still_breaks(tuple(run))
        assert again is not None, run[0]
        assert (again[3], _steps(again[4])) == (run[3], _steps(run[4]))
        # every variable the stored run names keeps its value (new variables may be added)
        assert {k: again[4][-1]["state"].get(k) for k in run[4][-1]["state"]} == run[4][-1]["state"]


def test_a_stored_run_that_no_longer_shows_the_bug_is_refused():
    run = _stored_runs()[0]
    cex = run[4]
    # the same steps claimed for another mutant (whose bug they do not show)
    other = next(r[0] for r in _stored_runs() if r[3] != run[3])
    assert generate.still_breaks((other, run[1], run[2], run[3], cex)) is None
    # a property the run does not break
    assert generate.still_breaks((run[0], run[1], run[2], "allocatable-within-capacity", cex)) is None
    # a step the model does not allow (the last event taken by a node that does not exist)
    broken = [*cex[:-1], {**cex[-1], "node": 7}]
    assert generate.still_breaks((run[0], run[1], run[2], run[3], broken)) is None
    # a run cut short before the violation
    assert generate.still_breaks((run[0], run[1], run[2], run[3], cex[:-1])) is None


def test_after_a_model_change_only_runs_that_fail_the_replay_are_searched(tmp_path: Path, monkeypatch):
    stored = _stored_runs()
    spoiled = stored[1][0]
    runs = [r if r[0] != spoiled else [*r[:4], r[4][:-1]] for r in stored]
    (tmp_path / "mutants").mkdir()
    (tmp_path / generate.MUTANT_CACHE).write_text(json.dumps({"key": "an older model", "runs": runs}))
    searched = []

    def fake_search(only=None):
        searched.append(only)
        return [(mid, "d", "r", "p", []) for mid in only]

    monkeypatch.setattr(generate, "mutant_runs", fake_search)
    out = generate.Output()
    got = generate._revalidated_or_searched(tmp_path, out)
    from nodereg.model.mutants import MUTANTS

    unstored = [mu.id for mu in MUTANTS if mu.id not in {r[0] for r in stored}]  # mutants new since
    assert searched == [tuple(mu.id for mu in MUTANTS if mu.id in (spoiled, *unstored))]
    assert [r[0] for r in got] == [mu.id for mu in MUTANTS]
    # the kept runs: the same property broken by the same steps (described again for the current model)
    assert {r[0]: (r[3], _steps(r[4])) for r in got if r[0] != spoiled and r[0] not in unstored} == {
        r[0]: (r[3], _steps(r[4])) for r in stored if r[0] != spoiled
    }
    assert out.cached and f"{len(stored) - 1} of {len(MUTANTS)} runs replayed" in out.cached[0]


def test_inputs_hash_covers_the_declaration(monkeypatch):
    key = generate.mutant_inputs_key()
    assert key == generate.mutant_inputs_key()  # stable
    import nodereg.model.declaration as decl

    path = Path(decl.__file__)
    real = Path.read_bytes

    def edited(self: Path) -> bytes:
        data = real(self)
        return data + b"\n# edited\n" if self == path else data

    monkeypatch.setattr(Path, "read_bytes", edited)
    assert generate.mutant_inputs_key() != key


def test_help_lists_exit_codes():
    res = CliRunner().invoke(diagrams_command, ["--help"])
    assert res.exit_code == 0
    for code, words in (("0", "up to date"), ("1", "stale"), ("2", "bad usage"), ("4", "internal error")):
        assert re.search(rf"^\s+{code}\s+.*{words}", res.output, re.M), code


def test_internal_error_is_one_line_exit_4(monkeypatch, tmp_path: Path):
    def boom(**_kw):
        raise KeyError("x")

    monkeypatch.setattr(generate, "produce", boom)
    res = CliRunner().invoke(diagrams_command, ["--out", str(tmp_path)])
    assert res.exit_code == 4
    assert "internal error" in res.output and "Traceback" not in res.output


def test_mermaid_renders_the_committed_diagram(tmp_path: Path):
    """Mermaid's own renderer (mermaid-cli + chromium) lays out node-lifecycle.mmd and writes its words."""
    from nodereg.diagrams import mermaid_render

    why = mermaid_render.unavailable()
    if why is not None:
        pytest.skip(f"Mermaid renderer unavailable: {why}")
    target = tmp_path / "lifecycle.svg"
    mermaid_render.render(GENERATED / "node-lifecycle.mmd", target)
    svg = target.read_text()
    for name in ("Node object exists", "Registered", "Schedulable", "kubectl delete node", "kubelet posts Ready=True"):
        assert name in svg, name
    assert (GENERATED / generate.MERMAID_PNG).is_file()  # the picture the README shows


def test_mermaid_rejects_bad_text_in_one_line(tmp_path: Path):
    from nodereg.diagrams import mermaid_render

    why = mermaid_render.unavailable()
    if why is not None:
        pytest.skip(f"Mermaid renderer unavailable: {why}")
    bad = tmp_path / "bad.mmd"
    bad.write_text("stateDiagram-v2\n    a --> : : -->\n")
    with pytest.raises(mermaid_render.MermaidError, match="Mermaid rejected it"):
        mermaid_render.render(bad, tmp_path / "bad.svg")


class _FakeMmdc:
    """Stands in for ``subprocess.run`` of mermaid-cli: records each call's time box, and either
    writes what mmdc would (one SVG per Mermaid block of a Markdown input) or runs out of time."""

    def __init__(self, times_out: bool) -> None:
        self.times_out = times_out
        self.boxes: dict[str, float] = {}

    def __call__(self, cmd: list[str], **kw: object):
        import subprocess

        source, target = Path(cmd[cmd.index("-i") + 1]), Path(cmd[cmd.index("-o") + 1])
        self.boxes[source.name] = float(kw["timeout"])  # type: ignore[arg-type]
        if self.times_out:
            raise subprocess.TimeoutExpired(cmd, kw["timeout"])  # type: ignore[arg-type]
        if target.suffix == ".md":
            for i in range(source.read_text().count("```mermaid")):
                (target.parent / f"{target.stem}-{i + 1}.svg").write_text("<svg/>")
        else:
            target.write_bytes(b"png")
        return subprocess.CompletedProcess(cmd, 0, "", "")


@pytest.mark.parametrize(
    ("times_out", "code", "says"),
    [
        pytest.param(False, 0, "Mermaid rendered all", id="drawn"),
        # a timeout judges nothing: inconclusive (3), never "Mermaid rejected it" (1)
        pytest.param(True, 3, "inconclusive", id="timeout-is-inconclusive"),
    ],
)
def test_make_mermaid_gives_a_many_diagram_file_a_box_that_grows_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], times_out, code, says
):
    """``index.md`` (some 90 diagrams, one mmdc run) had the 180 s box of one diagram: on a shared machine
    (load 13, newuser15) a fresh clone's ``make mermaid`` ran out of it and failed as if Mermaid had
    rejected a diagram (exit 1)."""
    from nodereg.diagrams import mermaid_render

    for name in ("node-lifecycle.mmd", "index.md"):
        shutil.copy(GENERATED / name, tmp_path / name)
    fake = _FakeMmdc(times_out)
    monkeypatch.setattr(mermaid_render, "unavailable", lambda: None)
    monkeypatch.setattr(mermaid_render.subprocess, "run", fake)
    assert mermaid_render.main([str(tmp_path)]) == code
    out = capsys.readouterr()
    assert says in out.out + out.err
    if not times_out:
        blocks = (GENERATED / "index.md").read_text().count("```mermaid")
        assert blocks > 50  # the file this is about
        assert fake.boxes["node-lifecycle.mmd"] == mermaid_render.TIMEOUT_S
        assert fake.boxes["index.md"] == mermaid_render.time_box(blocks) > 204 * 2  # 3 min 24 s measured at load 10-14


@pytest.mark.parametrize(
    ("name", "before", "after", "words"),
    [
        ("ready[0]", "Absent", "True", "condition Ready=True"),
        ("ready[0]", "True", "Unknown", "condition Ready=Unknown"),
        ("taint_not_ready_ns[0]", False, True, "+ taint not-ready:NoSchedule"),
        ("taint_unreachable_ne[0]", True, False, "− taint unreachable:NoExecute"),
        ("bound_to[0]", -1, 0, "pod-0 bound to node-0"),
        ("bound_to[0]", 0, -1, "pod-0 deleted; its owner recreates it, pending"),
        ("exists[0]", False, True, "Node node-0 created"),
        ("csr[0]", "None", "Pending", "CSR csr-node-0: Pending"),
        ("unschedulable[0]", False, True, "spec.unschedulable=true"),
        ("since_lease_renew[0]", 12, 0, "Lease renewTime = now"),
        ("since_lease_renew[0]", 0, 5, None),  # a clock that merely advanced
        ("taints_synced[0]", True, False, None),  # a controller cache, no API field
        ("heartbeat_unseen[0]", False, True, None),
        ("registered[0]", True, False, "kubelet: will register the node again"),
    ],
)
def test_changes_are_written_in_kubernetes_words(name, before, after, words):
    from nodereg.diagrams.messages import describe_change

    assert describe_change(name, before, after, {}, False, False) == words


def test_an_unknown_variable_is_shown_not_hidden():
    from nodereg.diagrams.messages import describe_change

    assert describe_change("new_thing[0]", 1, 2, {}, False, False) == "new_thing[0]: 1 → 2"


@pytest.mark.parametrize(
    ("state", "want", "never"),
    [
        pytest.param(
            {"node_monitor_grace_period": 40, "ctl[0]": 0, "capacity[0]": 3, "reserved[0]": 1},
            "parameters: node-monitor-grace-period=40s",
            "node_monitor_grace_period",
            id="a parameter as --param names it",
        ),
        pytest.param(
            {
                "bound_to[0]": -1,
                "request[0]": 1,
                "tolerates_not_ready_ne[0]": True,
                "tolerates_unreachable_ne[0]": True,
                "tolerates_unschedulable[0]": False,
                "tolerates_forever[0]": False,
                "toleration_seconds[0]": 300,
            },
            "pod-0: request 1 CPU, tolerates not-ready:NoExecute, unreachable:NoExecute (NoExecute for 300 s)",
            "_ne",
            id="tolerations in Kubernetes words",
        ),
        pytest.param(
            {"bound_to[0]": -1, "request[0]": 1, "tolerates_forever[0]": False, "toleration_seconds[0]": 1},
            "pod-0: request 1 CPU, tolerates nothing (NoExecute for 1 s)",
            "tolerates_",
            id="no toleration",
        ),
    ],
)
def test_counterexample_preface_speaks_kubernetes(state: dict, want: str, never: str) -> None:
    """What the solver chose, as a reader of the picture would write it (the scenarios already did)."""
    lines = counterexample._initial_lines({"state": state})
    assert want in lines, lines
    assert not any(never in line for line in lines), lines


@pytest.mark.parametrize(
    "word",
    [
        # what the counterexamples' prefaces say (1.31's parameters, a property id); graphviz's wrap at
        # PREFACE_WIDTH broke each after a hyphen, and the Mermaid text got it back with a space inside
        pytest.param("node-monitor-grace-period=40s", id="parameter"),
        pytest.param("kubelet-creates-its-missing-node", id="property-id"),
        pytest.param("not-ready:NoExecute,", id="taint"),
    ],
)
def test_the_mermaid_preface_keeps_hyphenated_words_whole(word: str) -> None:
    """A word of the preface is never split by a space in the Mermaid text (a break there is ``<br/>``)."""
    run = scenarios.run("registration").described()
    # the word placed where the graphviz wrap (as ``build`` does it) breaks it after a hyphen
    lines = [f"parameters: {'x' * k} {word} and more words after it" for k in range(1, sequence.PREFACE_WIDTH)]
    line = next(ln for ln in lines if textwrap.wrap(ln, sequence.PREFACE_WIDTH)[0].endswith("-"))
    text = sequence.mermaid(sequence.build(run, "r", preface=(line,)))
    note = next(ln for ln in text.splitlines() if ln.strip().startswith("Note over"))  # the preface: first
    joined = re.sub(r"<br/>\s*", "", note)
    assert word in joined, note


def test_the_mermaid_preface_rewraps_the_goals_as_one_paragraph() -> None:
    """The scenarios' goals come broken for graphviz's width (at ", ", the rest indented four spaces);
    Mermaid wraps narrower, so kept as given they left a short line at each graphviz break
    ("(2) the Node object exists,<br/>    (3) ..."). They are one paragraph again before Mermaid's wrap."""
    run = scenarios.run("registration").described()
    text = sequence.mermaid(
        sequence.build(run, "r", preface=scenarios.preface(scenarios.SCENARIO_BY_ID["registration"]))
    )
    note = next(ln for ln in text.splitlines() if ln.strip().startswith("Note over"))
    lines = note.split(": ", 1)[1].split("<br/>")
    assert not [ln for ln in lines if ln.startswith("    ")], lines
    goals = next(i for i, ln in enumerate(lines) if ln.startswith("goals, in order:"))
    # every line of the goals but the last is filled to near Mermaid's width
    assert all(len(ln) > sequence.MERMAID_PREFACE_WIDTH - 20 for ln in lines[goals:-1]), lines[goals:]
