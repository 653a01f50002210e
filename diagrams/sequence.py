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
from .messages import EVENT_WIRES, PARTICIPANT_ACTOR, PARTICIPANT_TITLE, PARTICIPANTS, change_lines, fill

#: Periodic steps a scenario may fold into a time note when they change nothing visible.
QUIET_EVENTS = ("nlc_monitor_node_health", "kubelet_renew_lease")
_QUIET_VARS = ("taints_synced", "heartbeat_unseen")
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
    """A note over one participant, or over the whole width (``span``)."""

    over: str
    lines: tuple[str, ...]
    kind: str = "change"  # change | event | time | violation | info
    span: bool = False


@dataclass(frozen=True)
class Item:
    """What one step (or a folded run of steps) draws."""

    steps: tuple[int, ...]
    events: tuple[str, ...]
    messages: tuple[Message, ...] = ()
    notes: tuple[Note, ...] = ()
    highlight: bool = False

    @property
    def label(self) -> str:
        return f"[{self.steps[0]}]" if len(self.steps) == 1 else f"[{self.steps[0]}–{self.steps[-1]}]"


@dataclass
class SequenceDiagram:
    """A titled run, ready to render."""

    title: str
    participants: tuple[str, ...]
    items: list[Item] = field(default_factory=list)
    preface: tuple[str, ...] = ()


def _visible(step: dict[str, Any], prev: dict[str, Any]) -> list[str]:
    return change_lines(prev["state"], step["state"], step["changed"])


def _is_quiet(step: dict[str, Any], prev: dict[str, Any]) -> bool:
    if step["event"] not in QUIET_EVENTS:
        return False
    return all(n.split("[")[0].startswith("since_") or n.split("[")[0] in _QUIET_VARS for n in step["changed"])


def build(run: list[dict[str, Any]], title: str, *, fold_quiet: bool = False, violation: str | None = None,
          preface: tuple[str, ...] = (), first_step: int = 1) -> SequenceDiagram:
    """The sequence IR of a run. ``violation``: the property the last step violates (highlighted)."""
    steps = run[1:]
    items: list[Item] = []
    i = 0
    last = len(steps) - 1
    while i < len(steps):
        st, prev = steps[i], run[i]
        n = first_step + i
        if st["event"] == "time_passes" or (fold_quiet and _is_quiet(st, prev) and _in_time_run(steps, i)):
            j, seconds, folded = i, 0, {}
            while j < len(steps) and j != last and (
                    steps[j]["event"] == "time_passes"
                    or (fold_quiet and _is_quiet(steps[j], run[j]) and _in_time_run(steps, j))):
                if steps[j]["event"] == "time_passes":
                    seconds += int(steps[j]["args"]["seconds"])
                else:
                    folded[steps[j]["event"]] = folded.get(steps[j]["event"], 0) + 1
                j += 1
            if j == i:  # the violating last step is a time step: draw it alone
                seconds, j = int(st["args"]["seconds"]), i + 1
            text = [f"time passes: {seconds} s"]
            text += [f"{ev} ran {c}× with no visible change" for ev, c in sorted(folded.items())]
            evs = tuple(s["event"] for s in steps[i:j])
            hl = violation is not None and j - 1 == last
            notes = [Note("", tuple(text), "time", span=True)]
            if hl:
                notes.append(Note("apiserver", tuple(_visible(steps[j - 1], run[j - 1])) or ("(no change)",)))
            items.append(Item(tuple(range(n, first_step + j)), evs, (), tuple(notes), hl))
            i = j
            continue
        items.append(_step_item(st, prev, n, highlight=violation is not None and i == last))
        i += 1
    if violation is not None and items:
        it = items[-1]
        items[-1] = Item(it.steps, it.events, it.messages,
                         (*it.notes, Note("", (f"VIOLATION at step {it.steps[-1]}: {violation}",), "violation",
                                         span=True)), True)
    used = {"apiserver"}
    for it in items:
        for m in it.messages:
            used |= {m.src, m.dst}
        used |= {nt.over for nt in it.notes if nt.over}
    parts = tuple(p for p, _, _ in PARTICIPANTS if p in used)
    wrapped = tuple(w for line in preface for w in textwrap.wrap(line, PREFACE_WIDTH, subsequent_indent="    "))
    return SequenceDiagram(title, parts, items, wrapped)


def _in_time_run(steps: list[dict[str, Any]], i: int) -> bool:
    """A quiet step is folded only between time steps (or next to one), never on its own."""
    before = i > 0 and steps[i - 1]["event"] in ("time_passes", *QUIET_EVENTS)
    after = i + 1 < len(steps) and steps[i + 1]["event"] in ("time_passes", *QUIET_EVENTS)
    return before and after


def _step_item(st: dict[str, Any], prev: dict[str, Any], n: int, highlight: bool) -> Item:
    wires, aside = EVENT_WIRES[st["event"]]
    args = {k: v for k, v in st["args"].items()}
    msgs: list[Message] = []
    for k, w in enumerate(wires):
        text = fill(w.text, st["node"], st["pod"], args)
        if k == 0:
            text = f"[{n}] {text}"
        msgs.append(Message(w.src, w.dst, text, ACTOR_COLOURS[PARTICIPANT_ACTOR[w.src]], w.reply))
    notes: list[Note] = []
    if aside:
        over = wires[0].dst if wires else "kubelet"
        text = fill(aside, st["node"], st["pod"], args)
        notes.append(Note(over, (f"[{n}] {text}" if not wires else text,), "event"))
    changes = _visible(st, prev)
    if changes or not wires:
        notes.append(Note("apiserver", tuple(changes) or ("(no change)",)))
    return Item((n,), (st["event"],), tuple(msgs), tuple(notes), highlight)


# ---------------------------------------------------------------------------------------------
# Mermaid
# ---------------------------------------------------------------------------------------------


def _mm(text: str) -> str:
    """Mermaid-safe text: ';' ends a statement and '#' starts an entity, so neither may appear."""
    return text.replace("#", "#35;").replace(";", "#59;").replace("%", "#37;")


def mermaid(diag: SequenceDiagram) -> str:
    """``sequenceDiagram`` text; ``%% step N: event`` comments tie every item to the run."""
    lines = ["sequenceDiagram", f"    %% {_mm(diag.title)}"]
    for p in diag.participants:
        lines.append(f"    participant {p} as {PARTICIPANT_TITLE[p]}")
    first, lastp = diag.participants[0], diag.participants[-1]
    if diag.preface:
        lines.append(f"    Note over {first},{lastp}: {'<br/>'.join(_mm(x) for x in diag.preface)}")
    for it in diag.items:
        for s, ev in zip(it.steps, it.events, strict=True):
            lines.append(f"    %% step {s}: {ev}")
        pad = "    "
        if it.highlight:
            lines.append("    rect rgb(255, 225, 225)")
            pad = "        "
        for m in it.messages:
            arrow = "-->>" if m.reply else "->>"
            lines.append(f"{pad}{m.src}{arrow}{m.dst}: {_mm(m.text)}")
        for nt in it.notes:
            body = "<br/>".join(_mm(x) for x in nt.lines)
            if nt.span:
                lines.append(f"{pad}Note over {first},{lastp}: {body}")
            else:
                where = "right of" if nt.kind == "change" else "over"
                lines.append(f"{pad}Note {where} {nt.over}: {body}")
        if it.highlight:
            lines.append("    end")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Graphviz (neato -n2 with pinned coordinates, in points)
# ---------------------------------------------------------------------------------------------

COL_W = 200.0
CHAR_W = 5.6  # Helvetica 9.5 pt, average advance, generous
LINE_H = 13.0
MARGIN = 20.0
NOTE_FILL = {"change": "#fff8d6", "event": "#eef3fb", "time": "#eeeeee", "violation": "#ffd6d6", "info": "#f4f4f4"}


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _q(text: str) -> str:
    return '"' + _esc(text) + '"'


def _lines_label(lines: tuple[str, ...] | list[str]) -> str:
    """Left-justified multi-line label (graphviz's ``\\l`` line ends)."""
    return '"' + "".join(_esc(x) + "\\l" for x in lines) + '"'


def dot(diag: SequenceDiagram) -> str:
    """DOT source of the sequence drawing; render with ``neato -n2``."""
    parts = diag.participants
    x = {p: MARGIN + COL_W / 2 + i * COL_W for i, p in enumerate(parts)}
    width = MARGIN * 2 + COL_W * len(parts)
    rows: list[tuple[str, float, Any]] = []  # (kind, height, payload) top-down
    if diag.preface:
        rows.append(("note", LINE_H * len(diag.preface) + 12, (Note("", diag.preface, "info", span=True), False)))
    for it in diag.items:
        for m in it.messages:
            rows.append(("msg", 30.0, (m, it.highlight)))
        for nt in it.notes:
            rows.append(("note", LINE_H * len(nt.lines) + 12, (nt, it.highlight)))
    head_h = 36.0
    total = MARGIN + head_h + 16 + sum(h + 8 for _, h, _ in rows) + 16 + head_h + MARGIN + 24
    out = [
        f"digraph {_q(diag.title)} {{",
        "  graph [outputorder=nodesfirst, splines=false, bgcolor=white, pad=0.2,",
        f"         label={_q(diag.title)}, labelloc=t, fontname=Helvetica, fontsize=14];",
        "  node [fontname=Helvetica, fontsize=9.5, margin=\"0.08,0.04\"];",
        "  edge [fontname=Helvetica, fontsize=9.5, arrowsize=0.7];",
    ]

    def y(top: float) -> float:
        return total - top

    cursor = MARGIN + head_h + 16
    layout: list[tuple[str, float, float, Any]] = []
    for kind, h, payload in rows:
        layout.append((kind, cursor, h, payload))
        cursor += h + 8
    bottom = cursor + 8
    # highlight bands first (drawn under everything else)
    for k, (_kind, top, h, (_obj, hl)) in enumerate(layout):
        if hl:
            out.append(f"  hl{k} [shape=box, style=filled, color=\"#d04040\", fillcolor=\"#ffe4e4\", label=\"\", "
                       f"fixedsize=true, width={(width - 8) / 72:.3f}, height={(h + 8) / 72:.3f}, "
                       f"pos=\"{width / 2:.1f},{y(top + h / 2):.1f}!\"];")
    # lifelines: thin dashed boxes, under notes and arrows
    life_h = bottom - (MARGIN + head_h)
    for p in parts:
        out.append(f"  life_{p} [shape=box, style=dashed, color=\"#9a9a9a\", label=\"\", fixedsize=true, "
                   f"width=0.01, height={life_h / 72:.3f}, pos=\"{x[p]:.1f},{y(MARGIN + head_h + life_h / 2):.1f}!\"];")
    for p in parts:
        colour = ACTOR_COLOURS[PARTICIPANT_ACTOR[p]]
        for tag, top in (("top", MARGIN), ("bot", bottom)):
            out.append(f"  {tag}_{p} [shape=box, style=\"rounded,filled\", fillcolor=white, color={_q(colour)}, "
                       f"penwidth=1.5, fontsize=11, label={_q(PARTICIPANT_TITLE[p])}, fixedsize=true, "
                       f"width={(COL_W - 24) / 72:.3f}, height={head_h / 72:.3f}, "
                       f"pos=\"{x[p]:.1f},{y(top + head_h / 2):.1f}!\"];")
    edges: list[str] = []
    for k, (kind, top, h, (obj, _hl)) in enumerate(layout):
        if kind == "msg":
            m: Message = obj
            ya = y(top + h - 6)
            style = ", style=dashed" if m.reply else ""
            out.append(f"  a{k} [shape=point, width=0.01, style=invis, pos=\"{x[m.src]:.1f},{ya:.1f}!\"];")
            out.append(f"  b{k} [shape=point, width=0.01, style=invis, pos=\"{x[m.dst]:.1f},{ya:.1f}!\"];")
            mid = (x[m.src] + x[m.dst]) / 2
            span = abs(x[m.src] - x[m.dst])
            w = max(span - 10, len(m.text) * CHAR_W)
            out.append(f"  t{k} [shape=plaintext, fontcolor={_q(m.colour)}, label={_q(m.text)}, fixedsize=true, "
                       f"width={w / 72:.3f}, height={LINE_H / 72:.3f}, pos=\"{mid:.1f},{y(top + 7):.1f}!\"];")
            edges.append(f"  a{k} -> b{k} [color={_q(m.colour)}, penwidth=1.3{style}];")
        else:
            nt: Note = obj
            longest = max(len(s) for s in nt.lines)
            w = longest * CHAR_W + 16
            if nt.span:
                cx, w = width / 2, max(w, width - 2 * MARGIN)
            elif nt.kind == "change":
                cx = x[nt.over] + 14 + w / 2  # right of the lifeline, like Mermaid's "right of"
            else:
                cx = x[nt.over]
            colour = "#d04040" if nt.kind == "violation" else "#8a8a6a"
            bold = ", fontname=\"Helvetica-Bold\"" if nt.kind == "violation" else ""
            out.append(f"  n{k} [shape=note, style=filled, fillcolor={_q(NOTE_FILL[nt.kind])}, color={_q(colour)}, "
                       f"label={_lines_label(nt.lines)}, fixedsize=true, width={w / 72:.3f}, "
                       f"height={h / 72:.3f}, pos=\"{cx:.1f},{y(top + h / 2):.1f}!\"{bold}];")
    out += edges
    out.append("}")
    return "\n".join(out) + "\n"
