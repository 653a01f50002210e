"""The sequence diagrams are readable where writers put them: a README column about 880 px wide.

A picture wider than :data:`sequence.MAX_WIDTH` is shrunk until its 9.5 pt labels are under 10 px;
a lifeline nobody uses costs a column of width; a label wider than its box runs across a lifeline
(the README promises "Labels sit beside their sender's lifeline, never across one"). The text
widths are measured with Liberation Sans, the metric twin of Helvetica and Arial that a browser
draws the SVG's ``Helvetica,sans-Serif`` with, at the positions graphviz wrote into the SVG.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from nodereg.diagrams import counterexample, generate, scenarios, sequence

GENERATED = generate.default_dir()
SVG = "{http://www.w3.org/2000/svg}"
needs_neato = pytest.mark.skipif(shutil.which("neato") is None, reason="graphviz neato not installed")
FONT = Path("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")


def _scenario(sid: str) -> sequence.SequenceDiagram:
    sc = scenarios.SCENARIO_BY_ID[sid]
    return sequence.build(scenarios.run(sid).described(), sc.title, fold_quiet=True, preface=scenarios.preface(sc))


def _mutant_runs() -> list[list[Any]]:
    return [r for r in json.loads((GENERATED / "mutants" / "runs.json").read_text())["runs"] if r[4]]


def _mutant(row: list[Any]) -> sequence.SequenceDiagram:
    mid, desc, ref, prop, cex = row
    return counterexample.diagram(
        prop, cex, f"Mutant {mid}: {prop} violated", extra=(f"mutant {mid}: {desc}", f"reference: {ref}")
    )


def _diagrams() -> list[tuple[str, Any]]:
    """(name, builder) of every sequence diagram ``nodereg diagrams`` draws, built lazily."""
    rows: list[tuple[str, Any]] = [(f"scenario {s.id}", lambda s=s: _scenario(s.id)) for s in scenarios.SCENARIOS]
    rows += [(f"mutant {r[0]}", lambda r=r: _mutant(r)) for r in _mutant_runs()]
    return rows


DIAGRAMS = _diagrams()


def _svg_width_pt(svg: bytes | str) -> float:
    root = ET.fromstring(svg)
    return float(root.attrib["width"].removesuffix("pt"))


@pytest.mark.parametrize(
    ("name", "parts", "fits"),
    [
        ("two lifelines", 2, True),
        ("five lifelines, the most a run draws today", 5, True),
        ("six lifelines", 6, True),
        ("eight lifelines: every participant", 8, False),
    ],
)
def test_column_width_fits_the_page_until_a_label_no_longer_fits_its_column(name: str, parts: int, fits: bool) -> None:
    col_w = sequence.column_width(parts)
    width = 2 * sequence.PAD + 2 * sequence.MARGIN + parts * col_w + sequence.CHANGES_W
    assert (width <= sequence.MAX_WIDTH) == fits, (name, width)
    assert sequence.MIN_COL_W <= col_w <= sequence.COL_W
    assert sequence.label_chars(col_w) >= 13, "a label line shorter than 'PATCH nodes/' and a letter"


@pytest.mark.parametrize("name", [n for n, _ in DIAGRAMS])
def test_every_lifeline_drawn_sends_receives_or_notes_something(name: str) -> None:
    diag = dict(DIAGRAMS)[name]()
    used = {"apiserver"}
    for it in diag.items:
        for m in it.messages:
            used |= {m.src, m.dst}
        used |= {nt.over for nt in it.notes if nt.over}
    assert set(diag.participants) == used, f"{name}: idle lifelines {set(diag.participants) - used}"
    text = sequence.mermaid(diag)  # Mermaid draws the same participants, in the same order
    assert re.findall(r"^    participant (\w+) as ", text, re.M) == list(diag.participants)


@pytest.mark.parametrize(
    "folder", [pytest.param("scenarios", id="scenarios"), pytest.param("mutants", id="mutants' counterexamples")]
)
def test_committed_sequence_svgs_fit_a_readme_column(folder: str) -> None:
    """What a reader sees: the committed pictures (``nodereg diagrams --check`` keeps them current)."""
    files = sorted((GENERATED / folder).glob("*.svg"))
    assert files
    too_wide = {f.name: w for f in files if (w := _svg_width_pt(f.read_bytes())) > sequence.MAX_WIDTH}
    assert not too_wide, f"wider than {sequence.MAX_WIDTH} pt (labels under 10 px at 880 px): {too_wide}"


@pytest.mark.parametrize(
    ("name", "line", "width", "expected"),
    [
        (
            "words wrap at spaces",
            "PUT leases/node-0 (kube-node-lease)",
            20,
            ["PUT leases/node-0", "  (kube-node-lease)"],
        ),
        (
            "an API word too long for a line is cut between its parts",
            "POST certificatesigningrequests",
            18,
            ["POST certificate", "  signingrequests"],
        ),
        ("after a colon rather than inside a name", "CN=system:node:node-0,", 18, ["CN=system:node:", "  node-0,"]),
        ("before a capital inside a CamelCase word", "(TaintNodesByCondition)", 16, ["(TaintNodesBy", "  Condition)"]),
        ("a line exactly as wide as allowed stays one line", "a" * 10 + " bbbb", 15, ["aaaaaaaaaa bbbb"]),
    ],
)
def test_wrap_never_leaves_a_line_longer_than_its_width(name: str, line: str, width: int, expected: list[str]) -> None:
    got = sequence._wrap((line,), width)
    assert got == expected, name
    assert all(len(x) <= width for x in got), name


def _render(diag: sequence.SequenceDiagram) -> tuple[str, bytes]:
    src = sequence.dot(diag)
    svg = subprocess.run(["neato", "-n2", "-Tsvg"], input=src.encode(), capture_output=True, check=True).stdout
    return src, svg


def _boxes(src: str) -> dict[str, tuple[float, float]]:
    """Left and right edge, in points, of every box graphviz was told to draw (DOT coordinates)."""
    out: dict[str, tuple[float, float]] = {}
    for name, w, cx in re.findall(r"^  (\w+) \[[^\]]*?width=([\d.]+),[^\]]*?pos=\"([\d.]+),", src, re.M):
        half = float(w) * 72 / 2
        out[name] = (float(cx) - half, float(cx) + half)
    return out


def _dot_minus_svg_x(root: ET.Element, boxes: dict[str, tuple[float, float]]) -> float:
    """graphviz shifts the drawing so that its leftmost box starts at 0: the shift, from a lifeline."""
    for g in root.iter(f"{SVG}g"):
        title = g.find(f"{SVG}title")
        if title is not None and (title.text or "").startswith("life_"):
            shape = g.find(f"{SVG}polygon")
            assert shape is not None
            xs = [float(p.split(",")[0]) for p in shape.attrib["points"].split()]
            left, right = boxes[title.text or ""]
            return (left + right) / 2 - (min(xs) + max(xs)) / 2
    raise AssertionError("no lifeline in the SVG")


@needs_neato
@pytest.mark.skipif(not FONT.exists(), reason=f"{FONT} (fonts-liberation) not installed")
@pytest.mark.parametrize("name", [n for n, _ in DIAGRAMS])
def test_every_label_stays_in_its_box_and_crosses_no_lifeline(name: str) -> None:
    from PIL import ImageFont

    src, svg = _render(dict(DIAGRAMS)[name]())
    assert _svg_width_pt(svg) <= sequence.MAX_WIDTH
    boxes = _boxes(src)
    lifelines = [(a + b) / 2 for n, (a, b) in boxes.items() if n.startswith("life_")]
    root = ET.fromstring(svg)
    offset = _dot_minus_svg_x(root, boxes)
    fonts: dict[float, Any] = {}
    checked = 0
    for g in root.iter(f"{SVG}g"):
        title = g.find(f"{SVG}title")
        if title is None or title.text not in boxes or g.attrib.get("class") != "node":
            continue
        left, right = boxes[title.text]
        spans = right - left > 2 * sequence.COL_W or title.text.startswith(("top_", "bot_", "hl"))
        for t in g.iter(f"{SVG}text"):
            size = float(t.attrib["font-size"])
            font = fonts.setdefault(size, ImageFont.truetype(str(FONT), int(size * 10)))
            w = font.getlength(t.text or "") / 10
            x = float(t.attrib["x"]) + offset
            anchor = t.attrib.get("text-anchor", "start")
            lo = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
            assert left - 0.5 <= lo and lo + w <= right + 0.5, (name, title.text, t.text, lo, lo + w, left, right)
            crossed = [c for c in lifelines if lo < c < lo + w]
            assert spans or not crossed, (name, title.text, t.text, crossed)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("sid", [s.id for s in scenarios.SCENARIOS])
def test_mermaid_sequence_words_are_wrapped_for_a_readme_column(sid: str) -> None:
    """Round 13: five lifelines with 40-character labels drew about 1,700 px wide, 8 px text at 900 px.

    Mermaid sizes each gap to the widest label beside it, so the widths are bounded in the text:
    the narrow-box directive is there, and no label, title or spanning note line is wider than its limit.
    """
    sc = scenarios.SCENARIO_BY_ID[sid]
    diag = sequence.build(scenarios.run(sid).described(), sc.title, fold_quiet=True, preface=scenarios.preface(sc))
    text = sequence.mermaid(diag)
    assert sequence.MERMAID_INIT in text
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("participant "):
            limit, words = sequence.MERMAID_TITLE_WIDTH, line.split(" as ", 1)[1]
        elif line.startswith("Note over") and "," in line.split(":", 1)[0]:
            limit, words = sequence.MERMAID_PREFACE_WIDTH, line.split(": ", 1)[1]
        elif line.startswith("Note right of"):
            limit, words = sequence.MERMAID_CHANGE_WIDTH, line.split(": ", 1)[1]
        elif "->>" in line:
            limit, words = sequence.MERMAID_WIDTH, line.split(": ", 1)[1]
        else:
            continue
        widest = max(words.split("<br/>"), key=len)
        assert len(widest) <= limit, f"{sid}: {widest!r} is wider than {limit} characters"
