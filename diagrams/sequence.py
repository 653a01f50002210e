"""Sequence diagrams of model runs: one IR, a Mermaid ``sequenceDiagram`` and a graphviz drawing.

Input is a run in the verifier's counterexample form (``verifier.counterexample.describe``): a list
of ``{"event", "node", "pod", "args", "state", "changed"}`` whose first entry is ``init``. Scenario
runs and counterexamples use the same form, so they are drawn by the same code. Each step becomes
the messages that :mod:`.messages` lists for its event, plus a note with the variables it changed.

Folding, so that a run of several minutes stays readable, and stated here because tests rely on
it: consecutive ``time_passes`` steps become one "N s pass" note; with ``fold_quiet`` (scenarios,
not counterexamples), periodic steps of :data:`QUIET_EVENTS` that change nothing but clocks and
bookkeeping, between two time steps, are folded into that note too and counted there. Every drawn
item keeps the indices of the steps it stands for.

The SVG is drawn by graphviz (``neato -n2``) from coordinates computed here: lifelines as columns,
one row per item. It needs no browser and no network, and is deterministic for a graphviz version.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any

from .extract import ACTOR_COLOURS
from .labels import label
from .messages import (
    EVENT_WIRES,
    PARTICIPANT_ACTOR,
    PARTICIPANT_TITLE,
    PARTICIPANTS,
    READ_ONLY_WHEN_QUIET,
    Wire,
    change_lines,
    fill,
)

#: Opening notes are wrapped to this many characters (they span the whole diagram).
PREFACE_WIDTH = 110


@dataclass(frozen=True)
class Message:
    """An arrow between two participants."""

    src: str
    dst: str
    text: str
    colour: str
    reply: bool = False


@dataclass(frozen=True)
class Note:
    """A note beside one participant, in the changes column (``kind == "change"``), or spanning (``span``)."""

    over: str
    lines: tuple[str, ...]
    kind: str = "change"  # change | event | time | violation | info
    span: bool = False


@dataclass(frozen=True)
class Item:
    """What one step (or a folded run of steps) draws; ``number`` is the drawn step number (0: none)."""

    steps: tuple[int, ...]
    events: tuple[str, ...]
    messages: tuple[Message, ...] = ()
    notes: tuple[Note, ...] = ()
    highlight: bool = False
    number: int = 0


@dataclass
class SequenceDiagram:
    """A titled run, ready to render."""

    title: str
    participants: tuple[str, ...]
    items: list[Item] = field(default_factory=list)
    preface: tuple[str, ...] = ()
    #: the preface as given, before ``preface`` wrapped it for graphviz: Mermaid wraps it again at its
    #: own width. Undoing the graphviz wrap could not tell a break at a space from one after a hyphen,
    #: and wrote "node-monitor- grace-period" and "kubelet-creates-its-missing- node" (newuser15).
    preface_paragraphs: tuple[str, ...] = ()


def _visible(step: dict[str, Any], prev: dict[str, Any]) -> list[str]:
    return change_lines(prev["state"], step["state"], step["changed"])


def _is_quiet(step: dict[str, Any], prev: dict[str, Any]) -> bool:
    """A step that changes nothing a reader can see (no object field): a no-op, not worth a message."""
    return step["event"] != "time_passes" and not _visible(step, prev)


def build(
    run: list[dict[str, Any]],
    title: str,
    *,
    fold_quiet: bool = False,
    violation: str | None = None,
    preface: tuple[str, ...] = (),
) -> SequenceDiagram:
    """The sequence IR of a run. ``violation``: the property the last step violates (highlighted).

    Drawn steps are numbered 1, 2, 3 ... without gaps; the run's own step indices stay in
    ``Item.steps`` (and in the Mermaid comments). Consecutive time steps become one "time passes"
    note; with ``fold_quiet`` (scenarios), every step that changes no object field joins the
    neighbouring note ("... nothing to change"), so no message is drawn that does nothing.
    Counterexamples draw every step but time. Only the lifelines a message or a note uses are
    drawn (the API server always): an idle column would cost a sixth of the width at which a
    reader sees the picture, and make every label smaller.
    """
    steps = run[1:]
    items: list[Item] = []
    last = len(steps) - 1
    number = 0
    group: list[int] = []  # indices of steps folded into the pending note

    def flush() -> None:
        if not group:
            return
        seconds = sum(int(steps[j]["args"]["seconds"]) for j in group if steps[j]["event"] == "time_passes")
        quiet: dict[str, int] = {}
        for j in group:
            if steps[j]["event"] != "time_passes":
                quiet[steps[j]["event"]] = quiet.get(steps[j]["event"], 0) + 1
        text = [f"time passes: {seconds} s"] if seconds else []
        text += [f"{label(ev).text}{f' ({c}×)' if c > 1 else ''}: nothing to change" for ev, c in quiet.items()]
        items.append(
            Item(
                tuple(j + 1 for j in group),
                tuple(steps[j]["event"] for j in group),
                (),
                (Note("", tuple(text), "time", span=True),),
            )
        )
        group.clear()

    for i, st in enumerate(steps):
        prev = run[i]
        is_last_violation = violation is not None and i == last
        foldable = st["event"] == "time_passes" or (fold_quiet and _is_quiet(st, prev))
        if foldable and not is_last_violation:
            group.append(i)
            continue
        flush()
        number += 1
        if st["event"] == "time_passes":  # the violating last step is a time step: draw it alone, numbered
            notes = (
                Note("", (f"{number}. time passes: {st['args']['seconds']} s",), "time", span=True),
                Note("apiserver", tuple(_visible(st, prev)) or ("(no change)",)),
            )
            items.append(Item((i + 1,), (st["event"],), (), notes, True, number))
            continue
        items.append(_step_item(st, prev, i + 1, number, highlight=is_last_violation))
    flush()
    if violation is not None and items:
        it = items[-1]
        at = f"step {it.number}" if it.number else f"model step {it.steps[-1]}"
        items[-1] = Item(
            it.steps,
            it.events,
            it.messages,
            (*it.notes, Note("", (f"VIOLATION at {at}: {violation}",), "violation", span=True)),
            True,
            it.number,
        )
    used = {"apiserver"}
    for it in items:
        for m in it.messages:
            used |= {m.src, m.dst}
        used |= {nt.over for nt in it.notes if nt.over}
    parts = tuple(p for p, _, _ in PARTICIPANTS if p in used)
    wrapped = tuple(w for line in preface for w in textwrap.wrap(line, PREFACE_WIDTH, subsequent_indent="    "))
    return SequenceDiagram(title, parts, items, wrapped, tuple(preface))


def _step_item(st: dict[str, Any], prev: dict[str, Any], n: int, number: int, highlight: bool) -> Item:
    wires, aside = EVENT_WIRES.get(st["event"], ((), f"{st['event']} (no message table entry)"))
    changes = _visible(st, prev)
    args = dict(st["args"])
    if st["event"] in READ_ONLY_WHEN_QUIET and not changes:
        # a read that finds nothing to write (e.g. monitorNodeHealth seeing a fresh heartbeat)
        wires, aside = (), f"{label(st['event']).text}: nothing to change"
    if st["event"] == "kubelet_register_node" and prev["state"].get(f"exists[{st['node']}]") is True:
        wires = (*wires, Wire("apiserver", "kubelet", "409 AlreadyExists", reply=True))
        aside = "the Node exists: nothing of it changes"
    msgs: list[Message] = []
    for k, w in enumerate(wires):
        text = fill(w.text, st["node"], st["pod"], args)
        if k == 0:
            text = f"{number}. {text}"
        msgs.append(Message(w.src, w.dst, text, ACTOR_COLOURS.get(PARTICIPANT_ACTOR[w.src], "#555555"), w.reply))
    notes: list[Note] = []
    if aside:
        over = wires[0].dst if wires else _actor_participant(st["event"])
        text = fill(aside, st["node"], st["pod"], args)
        notes.append(Note(over, (f"{number}. {text}" if not wires else text,), "event"))
    if changes or not wires:
        notes.append(Note("apiserver", tuple(changes) or ("(no change)",)))
    return Item((n,), (st["event"],), tuple(msgs), tuple(notes), highlight, number)


def _actor_participant(event_id: str) -> str:
    """The lifeline of the component that fires an event without an API call (kubelet stops...)."""
    from nodereg.model import declaration as d

    actor = d.EVENT_BY_ID[event_id].actor if event_id in d.EVENT_BY_ID else "kubelet"
    return next((p for p, a in PARTICIPANT_ACTOR.items() if a == actor), "kubelet")


# ---------------------------------------------------------------------------------------------
# Mermaid
# ---------------------------------------------------------------------------------------------


def _mm(text: str) -> str:
    """Mermaid-safe text: ';' ends a statement and '#' starts an entity, so neither may appear."""
    return text.replace("#", "#35;").replace(";", "#59;").replace("%", "#37;")


#: Mermaid centres a message's words on its arrow and widens the gap between two lifelines to fit
#: them: wrapped at this width, the words stay near the arrow instead of stretching the diagram.
MERMAID_WIDTH = 28
#: The column of changes right of the last lifeline ("+ taint not-ready:NoSchedule" stays whole).
MERMAID_CHANGE_WIDTH = 28
#: Notes that span every lifeline (the opening note, "time passes") are wrapped at this width.
MERMAID_PREFACE_WIDTH = 60
#: Lifeline titles are wrapped at this width, so that a box needs no more than its column.
MERMAID_TITLE_WIDTH = 14
#: Mermaid's defaults (actor boxes 150 px, 50 px between them) drew a run with five lifelines about
#: 1,700 px wide, so a README column (about 900 px) showed its 16 px text at 8 px. Narrower boxes and
#: margins, with the words wrapped at the widths above, keep five lifelines near 1,250 px. Arial, a
#: font every browser has, is named so that Mermaid measures a note's box in the font it draws it in:
#: with its default list (Trebuchet MS first) headless chromium measured one font and drew another,
#: and the change notes' words ran out of their boxes across the last lifeline.
MERMAID_INIT = '%%{init: {"fontFamily": "arial, sans-serif", "sequence": {"actorMargin": 16, "width": 110}}}%%'


def _paragraphs(lines: tuple[str, ...]) -> list[str]:
    """Undo a wrap: a line that starts with spaces continues the line before it."""
    out: list[str] = []
    for line in lines:
        if out and line.startswith(" "):
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


def _mm_wrap(lines: tuple[str, ...] | list[str], width: int) -> str:
    """Lines wrapped at ``width`` and joined with Mermaid's ``<br/>``."""
    return "<br/>".join(_mm(w) for x in lines for w in textwrap.wrap(x, width, subsequent_indent="  ") or [""])


def mermaid(diag: SequenceDiagram) -> str:
    """``sequenceDiagram`` text; ``%% step N: event`` comments tie every item to the run."""
    lines = ["sequenceDiagram", f"    {MERMAID_INIT}", f"    %% {_mm(diag.title)}"]
    for p in diag.participants:
        lines.append(f"    participant {p} as {_mm_wrap([PARTICIPANT_TITLE[p]], MERMAID_TITLE_WIDTH)}")
    first, lastp = diag.participants[0], diag.participants[-1]
    if diag.preface:
        # the lines as given may still be broken for graphviz's width (scenarios' goals, at ", " and
        # indented): joined again, so that Mermaid's narrower wrap does not leave a short line at each
        pre = _mm_wrap(_paragraphs(diag.preface_paragraphs or diag.preface), MERMAID_PREFACE_WIDTH)
        lines.append(f"    Note over {first},{lastp}: {pre}")
    for it in diag.items:
        for s, ev in zip(it.steps, it.events, strict=True):
            lines.append(f"    %% step {s}: {ev}")
        pad = "    "
        if it.highlight:
            lines.append("    rect rgb(255, 225, 225)")
            pad = "        "
        for m in it.messages:
            arrow = "-->>" if m.reply else "->>"
            text = "<br/>".join(_mm(x.strip()) for x in _wrap((m.text,), MERMAID_WIDTH))
            lines.append(f"{pad}{m.src}{arrow}{m.dst}: {text}")
        for nt in it.notes:
            if nt.span:
                body = _mm_wrap(nt.lines, MERMAID_PREFACE_WIDTH)
            else:
                width = MERMAID_CHANGE_WIDTH if nt.kind == "change" else MERMAID_WIDTH
                body = "<br/>".join(_mm(x) for x in _wrap(nt.lines, width))
            if nt.span:
                lines.append(f"{pad}Note over {first},{lastp}: {body}")
            else:
                # what changed goes right of the last lifeline, so it never covers one
                where = f"right of {lastp}" if nt.kind == "change" else f"over {nt.over}"
                lines.append(f"{pad}Note {where}: {body}")
        if it.highlight:
            lines.append("    end")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Graphviz (neato -n2 with pinned coordinates, in points)
# ---------------------------------------------------------------------------------------------

#: The widest the drawing may be, in points, graphviz's 0.2 in padding included. A README column
#: is about 880 px wide: a picture this wide is shrunk to 880 px, and its 9.5 pt labels (12.7 px at
#: full size) keep 9.5 * 880 / MAX_WIDTH ≈ 10.2 px, the smallest a reader should be asked to read.
MAX_WIDTH = 820.0
#: graphviz's ``pad=0.2`` on each side, in points: part of the SVG's width.
PAD = 14.4
#: Width of one lifeline's column when there is room; narrower (see :func:`column_width`) when not.
COL_W = 150.0
#: Below this a column cannot hold a label of two words: the drawing gets wider instead (a test fails).
MIN_COL_W = 95.0
#: Helvetica 9.5 pt, average advance per character: generous (Liberation Sans, Helvetica's metric twin,
#: averages 4.5 on these labels), so that a wrapped line fits its box; a test measures every line.
CHAR_W = 5.0
TITLE_CHAR_W = 5.9  # Helvetica 10.5 pt (lifeline titles)
LINE_H = 13.0
MARGIN = 12.0
#: Width of the column right of the lifelines where the changes are written.
CHANGES_W = 170.0
#: A box's text room is its width less 12 pt and graphviz's 0.08 in margin on each side.
CHANGE_CHARS = int((CHANGES_W - 12 - 12) / CHAR_W)
NOTE_FILL = {"change": "#fff8d6", "event": "#eef3fb", "time": "#eeeeee", "violation": "#ffd6d6", "info": "#f4f4f4"}


def column_width(n_parts: int) -> float:
    """The width of each lifeline's column: :data:`COL_W`, or less so that the drawing fits :data:`MAX_WIDTH`."""
    room = (MAX_WIDTH - 2 * PAD - 2 * MARGIN - CHANGES_W) / max(n_parts, 1)
    return max(MIN_COL_W, min(COL_W, room))


def label_chars(col_w: float) -> int:
    """How many characters of a message label or side note fit the gap between two lifelines."""
    return int((col_w - 16 - 12) / CHAR_W)


def title(p: str, col_w: float) -> list[str]:
    """A lifeline's title in lines that fit its box (the same words as Mermaid's participant)."""
    return textwrap.wrap(PARTICIPANT_TITLE[p], max(int((col_w - 24) / TITLE_CHAR_W), 8))


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _q(text: str) -> str:
    return '"' + _esc(text) + '"'


def _lines_label(lines: tuple[str, ...] | list[str], just: str = "l") -> str:
    """A multi-line label; graphviz ends each line with ``\\l`` (left), ``\\r`` (right) or ``\\n`` (centred)."""
    return '"' + "".join(_esc(x) + "\\" + just for x in lines) + '"'


def _wrap(lines: tuple[str, ...], width: int) -> list[str]:
    """Wrap at spaces and after '/'; a word longer than a whole line is cut (it would cross a lifeline).

    API paths stay whole between slashes when they fit. A longer word is cut where a part of it
    ends (``certificate|signing|requests``, see :data:`_WORD_PARTS`), else at the line's width.
    """
    import re

    out: list[str] = []
    for line in lines:
        cur = ""
        for tok in re.findall(r"[^ /]*/|[^ /]+ ?| ", line):
            for piece in _cut(tok, width - 2):
                if cur and len((cur + piece).rstrip()) > width:
                    out.append(cur.rstrip())
                    cur = "  " + piece.lstrip()
                else:
                    cur += piece
        out.append(cur.rstrip())
    return out


#: Compound words of the API that are cut between their parts rather than at an arbitrary letter.
_WORD_PARTS = {"certificatesigningrequests": ("certificate", "signing", "requests")}


def _cut(tok: str, width: int) -> list[str]:
    """``tok`` in pieces of at most ``width`` characters (continuation lines are indented by two).

    A piece ends, by preference, where a part of an API word ends, after ``:``, ``=`` or ``-``,
    or before a capital that follows a small letter (``TaintNodesBy|Condition``); a letter cut
    is the last resort.
    """
    import re

    if len(tok.rstrip()) <= width or width < 4:
        return [tok]
    for word, parts in _WORD_PARTS.items():
        if tok.startswith(word) and all(len(p) <= width for p in parts):
            return [*parts[:-1], *_cut(parts[-1] + tok[len(word) :], width)]
    head = tok[: width + 1]
    strong = [m.end() for m in re.finditer(r"[:=]", head) if 3 <= m.end() <= width]
    weak = [m.end() for m in re.finditer(r"-(?=..)|[a-z](?=[A-Z])", head) if 3 <= m.end() <= width]
    at = (strong or weak or [width])[-1]
    return [tok[:at], *_cut(tok[at:], width)]


def dot(diag: SequenceDiagram) -> str:
    """DOT source of the sequence drawing; render with ``neato -n2``.

    Nothing is written across a lifeline: a message's words are wrapped to fit the gap beside its
    sender, on the side of the receiver; a component's own note sits in the gap right of its
    lifeline; what changed is written in a column right of all lifelines; only full-width notes
    (the opening note, time, the violation) span the diagram, drawn over the lifelines.
    """
    parts = diag.participants
    col_w = column_width(len(parts))
    label_w = label_chars(col_w)
    x = {p: MARGIN + col_w / 2 + i * col_w for i, p in enumerate(parts)}
    lanes_w = MARGIN + col_w * len(parts)
    width = lanes_w + CHANGES_W + MARGIN
    span_w = int((width - 2 * MARGIN - 24) / CHAR_W)  # characters of a note across the whole drawing
    rows: list[tuple[str, float, Any]] = []  # (kind, height, payload) top-down
    if diag.preface:
        pre = _wrap(diag.preface, span_w)
        rows.append(("note", LINE_H * len(pre) + 12, (Note("", tuple(pre), "info", span=True), False)))
    for it in diag.items:
        # the changes of a step sit beside its messages (one band), not below them
        changes = [nt for nt in it.notes if nt.kind == "change" and not nt.span]
        others = [nt for nt in it.notes if nt not in changes]
        band: list[tuple[str, float, Any]] = []
        for m in it.messages:
            lines = _wrap((m.text,), label_w)
            band.append(("msg", LINE_H * len(lines) + 14, (m, lines, it.highlight)))
        for nt in others:
            lines = _wrap(nt.lines, label_w if not nt.span else span_w)
            wrapped_note = Note(nt.over, tuple(lines), nt.kind, nt.span)
            band.append(("note", LINE_H * len(lines) + 12, (wrapped_note, it.highlight)))
        change_lines_ = _wrap(tuple(x for nt in changes for x in nt.lines), CHANGE_CHARS)
        change_h = LINE_H * len(change_lines_) + 12 if change_lines_ else 0.0
        band_h = sum(h + 8 for _, h, _ in band) - 8 if band else 0.0
        if change_h > band_h:  # stretch the band so that the changes fit beside it
            extra = change_h - band_h
            band.append(("pad", extra, (None, it.highlight)))
        rows.append(("band", 0.0, (band, change_lines_, it.highlight)))
    head_h = 36.0

    def band_height(payload: Any) -> float:
        band, _, _ = payload
        return sum(h + 8 for _, h, _ in band)

    total = (
        MARGIN
        + head_h
        + 16
        + sum((band_height(p) if k == "band" else h + 8) for k, h, p in rows)
        + 16
        + head_h
        + MARGIN
        + 24
    )
    out = [
        f"digraph {_q(diag.title)} {{",
        "  graph [outputorder=nodesfirst, splines=false, bgcolor=white, pad=0.2,",
        f"         label={_q(diag.title)}, labelloc=t, fontname=Helvetica, fontsize=14];",
        '  node [fontname=Helvetica, fontsize=9.5, margin="0.08,0.04"];',
        "  edge [fontname=Helvetica, fontsize=9.5, arrowsize=0.7];",
    ]

    def y(top: float) -> float:
        return total - top

    cursor = MARGIN + head_h + 16
    layout: list[tuple[str, float, float, Any]] = []
    bands: list[tuple[float, float, list[str], bool]] = []  # top, height, change lines, highlight
    for kind, h, payload in rows:
        if kind == "band":
            band, ch, hl = payload
            top0 = cursor
            for k2, h2, p2 in band:
                layout.append((k2, cursor, h2, p2))
                cursor += h2 + 8
            bands.append((top0, cursor - top0 - 8, ch, hl))
        else:
            layout.append((kind, cursor, h, payload))
            cursor += h + 8
    bottom = cursor + 8
    k = 0
    for top, h, _ch, hl in bands:
        if hl:
            out.append(
                f'  hl{k} [shape=box, style=filled, color="#d04040", fillcolor="#ffe4e4", label="", '
                f"fixedsize=true, width={(width - 8) / 72:.3f}, height={(h + 8) / 72:.3f}, "
                f'pos="{width / 2:.1f},{y(top + h / 2):.1f}!"];'
            )
            k += 1
    life_h = bottom - (MARGIN + head_h)
    for p in parts:
        out.append(
            f'  life_{p} [shape=box, style=dashed, color="#9a9a9a", label="", fixedsize=true, '
            f'width=0.01, height={life_h / 72:.3f}, pos="{x[p]:.1f},{y(MARGIN + head_h + life_h / 2):.1f}!"];'
        )
    for p in parts:
        colour = ACTOR_COLOURS.get(PARTICIPANT_ACTOR[p], "#555555")
        for tag, top in (("top", MARGIN), ("bot", bottom)):
            out.append(
                f'  {tag}_{p} [shape=box, style="rounded,filled", fillcolor=white, color={_q(colour)}, '
                f"penwidth=1.5, fontsize=10.5, label={_lines_label(title(p, col_w), 'n')}, fixedsize=true, "
                f"width={(col_w - 16) / 72:.3f}, height={head_h / 72:.3f}, "
                f'pos="{x[p]:.1f},{y(top + head_h / 2):.1f}!"];'
            )
    out.append(
        f'  top_changes [shape=plaintext, fontsize=10.5, label="what changes", '
        f'pos="{lanes_w + CHANGES_W / 2:.1f},{y(MARGIN + head_h / 2):.1f}!"];'
    )
    edges: list[str] = []
    for k, (kind, top, h, payload) in enumerate(layout):
        if kind == "msg":
            m, lines, _hl = payload
            ya = y(top + h - 5)
            style = ", style=dashed" if m.reply else ""
            out.append(f'  a{k} [shape=point, width=0.01, style=invis, pos="{x[m.src]:.1f},{ya:.1f}!"];')
            out.append(f'  b{k} [shape=point, width=0.01, style=invis, pos="{x[m.dst]:.1f},{ya:.1f}!"];')
            # the words sit in the gap beside the sender, towards the receiver
            w = col_w - 16
            rightwards = x[m.dst] > x[m.src]
            cx = x[m.src] + (8 + w / 2 if rightwards else -(8 + w / 2))
            just = "l" if rightwards else "r"
            th = LINE_H * len(lines)
            out.append(
                f"  t{k} [shape=plaintext, fontcolor={_q(m.colour)}, label={_lines_label(lines, just)}, "
                f"fixedsize=true, width={w / 72:.3f}, height={th / 72:.3f}, "
                f'pos="{cx:.1f},{y(top + th / 2 + 1):.1f}!"];'
            )
            edges.append(f"  a{k} -> b{k} [color={_q(m.colour)}, penwidth=1.3{style}];")
        elif kind == "note":
            nt, _hl = payload
            if nt.span:
                cx, w = width / 2, width - 2 * MARGIN
            else:  # in the gap right of its lifeline (left of it for the last one: the changes column is right)
                w = col_w - 16
                cx = x[nt.over] + (8 + w / 2 if nt.over != parts[-1] else -(8 + w / 2))
            colour = "#d04040" if nt.kind == "violation" else "#8a8a6a"
            bold = ', fontname="Helvetica-Bold"' if nt.kind == "violation" else ""
            out.append(
                f"  n{k} [shape=note, style=filled, fillcolor={_q(NOTE_FILL[nt.kind])}, color={_q(colour)}, "
                f"label={_lines_label(nt.lines)}, fixedsize=true, width={w / 72:.3f}, "
                f'height={h / 72:.3f}, pos="{cx:.1f},{y(top + h / 2):.1f}!"{bold}];'
            )
    for j, (top, _h, ch, _hl) in enumerate(bands):
        if not ch:
            continue
        hh = LINE_H * len(ch) + 12
        w = CHANGES_W - 12
        out.append(
            f'  c{j} [shape=note, style=filled, fillcolor={_q(NOTE_FILL["change"])}, color="#8a8a6a", '
            f"label={_lines_label(ch)}, fixedsize=true, width={w / 72:.3f}, height={hh / 72:.3f}, "
            f'pos="{lanes_w + 6 + w / 2:.1f},{y(top + hh / 2):.1f}!"];'
        )
    out += edges
    out.append("}")
    return "\n".join(out) + "\n"
