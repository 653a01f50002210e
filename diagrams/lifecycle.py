"""The node lifecycle drawn for documentation: legible at 900 px, in Kubernetes words.

Derived from the same :class:`~.extract.StateGraph` as the detailed diagram (:mod:`.state`), and
simplified in ways that lose nothing, because every simplification is stated in the picture or in
the table next to it:

* the states in which the Node object exists (``declaration.EXISTING``) form one composite state,
  "Node object exists"; a transition that leaves every one of them for the same state with the
  same events (``kubectl delete node``) is drawn once, from the composite;
* parallel transitions between two states are one arrow; each event on it is one line in
  Kubernetes words (:mod:`.labels`) in its actor's colour, and the arrow has the actor's colour
  (several colours side by side when several actors share it);
* arrows into one state that carry the same words from three or more states meet at a junction
  (UML's junction pseudostate, a small dot), so the words are written once;
* self-loops (events that leave the control state unchanged) are not drawn: they are listed in a
  table under the picture, event by event, with the states where they occur.

The full detail (event ids, guards as formulas, every self-loop) is in the detailed diagram and in
the generated Markdown table (:func:`events_table`).
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from nodereg.model import declaration as d

from .extract import ACTOR_COLOURS, StateGraph, TransitionIR
from .labels import actor_title, label

FONT = "Helvetica"
#: Arrow labels are wrapped to this many characters per line.
ARROW_WIDTH = 20
COMPOSITE = "exists"
COMPOSITE_TITLE = "Node object exists"
DEFAULT_COLOUR = "#555555"
#: Existing-Node states drawn side by side: Ready=True beside Ready=True, the unhealthy pair below.
SAME_RANK: tuple[tuple[str, ...], ...] = ()
#: The inner composite: the states where the kubelet last posted Ready=True.
READY_TRUE_GROUP = "ready_true"
READY_TRUE_TITLE = "Ready=True: the taints pick Ready or Schedulable"
READY_TRUE_MEMBERS = ("ready", "schedulable")


def colour(actor: str) -> str:
    """An actor's colour (grey for an actor the colour table does not know yet)."""
    return ACTOR_COLOURS.get(actor, DEFAULT_COLOUR)


@dataclass(frozen=True, slots=True)
class Phrase:
    """One line of an arrow's label: the words and the actor that says them."""

    words: str
    actor: str


@dataclass(frozen=True, slots=True)
class Group:
    """A composite state: an id, its title, and its member states."""

    id: str
    title: str
    members: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Arrow:
    """One drawn arrow between two blocks (a state or a composite); it stands for every pair of members."""

    src: str
    dst: str
    phrases: tuple[Phrase, ...]
    transitions: tuple[TransitionIR, ...]

    @property
    def actors(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(p.actor for p in self.phrases))


@dataclass(frozen=True, slots=True)
class Loop:
    """A self-loop event, in words, and the states it leaves unchanged."""

    event: str
    actor: str
    words: str
    states: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DocGraph:
    """What the documentation diagram draws: states, composites, arrows and the self-loop table."""

    states: tuple[str, ...]
    names: dict[str, str]
    definitions: dict[str, str]
    initial: str
    groups: tuple[Group, ...]
    arrows: tuple[Arrow, ...]
    loops: tuple[Loop, ...]

    @property
    def composite(self) -> tuple[str, ...]:
        """The states of the outer composite ("Node object exists")."""
        return self.groups[0].members

    def members(self, block: str) -> tuple[str, ...]:
        """The states a block stands for (itself, for a state)."""
        return next((g.members for g in self.groups if g.id == block), (block,))

    def drawn_transitions(self) -> set[tuple[str, str, str]]:
        """Every (src, dst, event) the picture stands for: arrows and the self-loop table."""
        out = {
            (s, t, tr.event)
            for a in self.arrows
            for s in self.members(a.src)
            for t in self.members(a.dst)
            for tr in a.transitions
        }
        out |= {(s, s, lp.event) for lp in self.loops for s in lp.states}
        return out


def _phrases(ts: tuple[TransitionIR, ...], dst: str) -> tuple[Phrase, ...]:
    seen: dict[str, Phrase] = {}
    for t in ts:
        words = label(t.event).arrow(dst)
        seen.setdefault(words, Phrase(words, t.actor))
    return tuple(seen.values())


def _groups(ids: tuple[str, ...]) -> tuple[Group, ...]:
    outer = tuple(d.STATE_IDS[i] for i in d.EXISTING if d.STATE_IDS[i] in ids)
    inner = tuple(s for s in READY_TRUE_MEMBERS if s in outer)
    return (Group(COMPOSITE, COMPOSITE_TITLE, outer), Group(READY_TRUE_GROUP, READY_TRUE_TITLE, inner))


def doc_graph(graph: StateGraph) -> DocGraph:
    """Merge ``graph`` as the module docstring says; a merge is made only when it is exact.

    An arrow between two blocks stands for a transition from every member of the source block to
    every member of the target block, with the same words: arrows into a composite are made only
    when the source reaches each member with the same words, arrows out of one only when every
    member does. Largest composite first.
    """
    ids = tuple(s.id for s in graph.states)
    groups = _groups(ids)
    order = {s: i for i, s in enumerate(ids)}
    # (src, dst) -> (phrases, transitions), self-loops aside
    pairs: dict[tuple[str, str], tuple[tuple[Phrase, ...], tuple[TransitionIR, ...]]] = {
        (e.src, e.dst): (_phrases(e.transitions, e.dst), e.transitions) for e in graph.edges() if not e.is_loop
    }
    # 1. targets: src -> every member of a composite alike  =>  src -> composite
    by_src: dict[tuple[str, str], tuple[tuple[Phrase, ...], tuple[TransitionIR, ...]]] = {}
    for src in ids:
        out = {dst: v for (s, dst), v in pairs.items() if s == src}
        for g in sorted(groups, key=lambda g: -len(g.members)):
            if src in g.members or len(g.members) < 2:
                continue
            got = [out.get(m) for m in g.members]
            if all(x is not None for x in got) and len({x[0] for x in got}) == 1:  # type: ignore[index]
                ts = tuple(t for x in got for t in x[1])  # type: ignore[union-attr]
                for m in g.members:
                    del out[m]
                out[g.id] = (got[0][0], ts)  # type: ignore[index]
        for dst, v in out.items():
            by_src[(src, dst)] = v
    # 2. sources: every member of a composite -> dst alike  =>  composite -> dst
    final: dict[tuple[str, str], tuple[tuple[Phrase, ...], tuple[TransitionIR, ...]]] = {}
    dsts = list(dict.fromkeys(dst for _, dst in by_src))
    for dst in dsts:
        inn = {src: v for (src, t), v in by_src.items() if t == dst}
        for g in sorted(groups, key=lambda g: -len(g.members)):
            if dst in g.members or dst == g.id or len(g.members) < 2:
                continue
            got = [inn.get(m) for m in g.members]
            if all(x is not None for x in got) and len({x[0] for x in got}) == 1:  # type: ignore[index]
                ts = tuple(t for x in got for t in x[1])  # type: ignore[union-attr]
                for m in g.members:
                    del inn[m]
                inn[g.id] = (got[0][0], ts)  # type: ignore[index]
        for src, v in inn.items():
            final[(src, dst)] = v

    def rank(block: str) -> tuple[int, ...]:
        return tuple(sorted(order[m] for m in next((g.members for g in groups if g.id == block), (block,))))

    arrows = tuple(
        Arrow(s, t, ph, ts)
        for (s, t), (ph, ts) in sorted(final.items(), key=lambda kv: (rank(kv[0][0]), rank(kv[0][1])))
    )
    # 3. the self-loop table
    loops: dict[str, list[str]] = {}
    for e in graph.edges():
        if e.is_loop:
            for t in e.transitions:
                loops.setdefault(t.event, []).append(e.src)
    actor_of = {ev.id: ev.actor for ev in graph.events}
    loop_rows = tuple(
        Loop(ev.id, actor_of[ev.id], label(ev.id).text, tuple(sorted(loops[ev.id], key=order.get)))
        for ev in graph.events
        if ev.id in loops
    )
    initial = next(s.id for s in graph.states if s.initial)
    return DocGraph(
        ids,
        {s.id: s.name for s in graph.states},
        {s.id: s.definition for s in graph.states},
        initial,
        groups,
        arrows,
        loop_rows,
    )


def states_phrase(states: tuple[str, ...], g: DocGraph) -> str:
    """The states a self-loop occurs in, as short as it can be said exactly."""
    s = set(states)
    if s == set(g.states):
        return "every state"
    if s == set(g.composite):
        return "while the Node exists"
    if set(g.composite) < s:
        others = [g.names[x] for x in g.states if x in s and x not in g.composite]
        return "while the Node exists, and " + ", ".join(others)
    return ", ".join(g.names[x] for x in g.states if x in s)


# ---------------------------------------------------------------------------------------------
# Graphviz
# ---------------------------------------------------------------------------------------------


def _h(text: str) -> str:
    return html.escape(text, quote=True)


def _font(text: str, size: float, col: str = "#222222", bold: bool = False) -> str:
    body = f"<b>{_h(text)}</b>" if bold else _h(text)
    return f'<font face="{FONT}" point-size="{size:g}" color="{col}">{body}</font>'


def _arrow_label(a: Arrow) -> str:
    lines: list[str] = []
    for p in a.phrases:
        for ln in textwrap.wrap(p.words, ARROW_WIDTH, break_on_hyphens=False):
            lines.append(_font(ln, 10, colour(p.actor)))
    return "<" + '<br align="left"/>'.join(lines) + '<br align="left"/>>'


def _state_label(name: str, definition: str) -> str:
    lines = textwrap.wrap(definition, 24, break_on_hyphens=False)
    defs = "<br/>".join(_font(x, 9, "#555555") for x in lines)
    return f"<{_font(name, 12.5, '#1b2631', bold=True)}<br/>{defs}>"


def _legend(g: DocGraph) -> str:
    """Under the picture: the actors' colours, then the self-loop table."""
    actors = list(dict.fromkeys([*[p.actor for a in g.arrows for p in a.phrases], *[lp.actor for lp in g.loops]]))
    order = {a: i for i, a in enumerate(d.ACTORS)}
    actors.sort(key=lambda a: order.get(a, len(order)))
    keys = [f'<font face="{FONT}" point-size="10" color="{colour(a)}">■ {_h(actor_title(a))}</font>' for a in actors]
    half = (len(keys) + 1) // 2
    rows = [
        f'<tr><td align="left">{_font("Arrow colour = actor:", 10, bold=True)} {"  ".join(keys[:half])}</td></tr>',
        f'<tr><td align="left">{"  ".join(keys[half:])}</td></tr>',
        f'<tr><td align="left">{_font("Events that leave the state unchanged (not drawn):", 10, bold=True)}</td></tr>',
    ]
    loops = [
        f'<tr><td align="left">{_font(lp.words, 9.5, colour(lp.actor))}</td>'
        f'<td align="left">{_font(states_phrase(lp.states, g), 9.5, "#444444")}</td></tr>'
        for lp in g.loops
    ]
    inner = '<table border="0" cellborder="0" cellspacing="0" cellpadding="1">' + "".join(loops) + "</table>"
    rows.append(f'<tr><td align="left">{inner}</td></tr>')
    return '<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">' + "".join(rows) + "</table>>"


def _edge_colour(a: Arrow) -> str:
    return ":".join(colour(x) for x in a.actors) if len(a.actors) > 1 else colour(a.actors[0])


def _anchor(g: DocGraph, block: str, incoming: bool) -> tuple[str, str]:
    """The node an arrow to or from ``block`` is attached to, and the cluster clipping it ('' for a state).

    Arrows into a composite are attached to its first member, arrows out of it to its last, so that
    the two directions between the same blocks do not share a path.
    """
    members = g.members(block)
    if members == (block,):
        return block, ""
    return members[0 if incoming else -1], f"cluster_{block}"


def dot(g: DocGraph) -> str:
    """DOT source of the documentation diagram (render with ``dot``)."""
    out = [
        "digraph NodeLifecycle {",
        f'  graph [fontname="{FONT}", rankdir=TB, compound=true, newrank=true, nodesep=0.35, ranksep=0.5,',
        "         pad=0.15, labelloc=b, labeljust=l, label=" + _legend(g) + "];",
        f'  node [fontname="{FONT}", shape=box, style="rounded,filled", fillcolor="#f7f9fc", color="#34495e",',
        '        penwidth=1.4, margin="0.10,0.05"];',
        f'  edge [fontname="{FONT}", fontsize=10, penwidth=1.5, arrowsize=0.8];',
        '  __initial [shape=circle, style=filled, fillcolor=black, color=black, label="", width=0.16, fixedsize=true];',
    ]
    outer, *inner = g.groups

    def state_line(s: str, pad: str) -> str:
        return f'{pad}"{s}" [label={_state_label(g.names[s], g.definitions[s])}];'

    for s in g.states:
        if s not in outer.members:
            out.append(state_line(s, "  "))
    out.append(f"  subgraph cluster_{outer.id} {{")
    out.append(
        f'    label=<{_font(outer.title, 12.5, "#1b2631", bold=True)}>; labeljust=l; style="rounded";'
        ' color="#34495e"; penwidth=1.4; bgcolor="#fbfcfe";'
    )
    nested = {m for grp in inner for m in grp.members}
    for s in outer.members:
        if s not in nested:
            out.append(state_line(s, "    "))
    for grp in inner:
        out.append(f"    subgraph cluster_{grp.id} {{")
        out.append(
            f'      label=<{_font(grp.title, 11, "#1b2631", bold=True)}>; labeljust=l; style="rounded,dashed";'
            ' color="#7f8c8d"; penwidth=1.1; bgcolor="#f2f6fb";'
        )
        for s in grp.members:
            out.append(state_line(s, "      "))
        out.append("    }")
    for row in SAME_RANK:
        out.append("    { rank=same; " + " ".join(f'"{x}";' for x in row if x in outer.members) + " }")
    out.append("  }")
    out.append(f'  __initial -> "{g.initial}";')
    for a in g.arrows:
        src, ltail = _anchor(g, a.src, False)
        dst, lhead = _anchor(g, a.dst, True)
        extra = (f", ltail={ltail}" if ltail else "") + (f", lhead={lhead}" if lhead else "")
        out.append(f'  "{src}" -> "{dst}" [label={_arrow_label(a)}, color="{_edge_colour(a)}"{extra}];')
    out.append("}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# Mermaid
# ---------------------------------------------------------------------------------------------


def _mm(text: str) -> str:
    """Mermaid-safe label text: ':' and ';' end a label, '#' starts an entity."""
    return text.replace("#", "#35;").replace(";", "#59;").replace(":", "#58;")


def _mm_label(a: Arrow) -> str:
    return "<br/>".join(_mm(p.words) for p in a.phrases)


def _lift_for_mermaid(g: DocGraph) -> Callable[[Arrow], Arrow]:
    """Mermaid's layout pulls a nested state out of its composite when an arrow from outside ends on it.

    Such an arrow is drawn to (or from) the nested composite instead, and its words name the state,
    so the picture still says exactly where it goes.
    """
    nested = {m: grp for grp in g.groups[1:] for m in grp.members}

    def lift(a: Arrow) -> Arrow:
        src, dst, phrases = a.src, a.dst, a.phrases
        if dst in nested and src not in nested[dst].members and src != nested[dst].id:
            phrases = tuple(Phrase(f"{p.words} (into {g.names[dst]})", p.actor) for p in phrases)
            dst = nested[dst].id
        if src in nested and dst not in nested[src].members and dst != nested[src].id:
            phrases = tuple(Phrase(f"{p.words} (from {g.names[src]})", p.actor) for p in phrases)
            src = nested[src].id
        return Arrow(src, dst, phrases, a.transitions)

    return lift


def mermaid(g: DocGraph) -> str:
    """``stateDiagram-v2`` text of the documentation diagram: the same blocks and arrows as the DOT.

    Mermaid draws a transition inside the composite that holds both ends, so each arrow is written
    in the innermost composite containing its two blocks. It cannot colour a transition by actor:
    the words name the actor instead; the self-loop table is next to the picture in Markdown.
    """
    outer, *inner = g.groups
    where: dict[str, str] = {}  # block -> the composite it is drawn in ('' top level)
    for s in g.states:
        where[s] = ""
    for m in outer.members:
        where[m] = outer.id
    where[outer.id] = ""
    for grp in inner:
        where[grp.id] = outer.id
        for m in grp.members:
            where[m] = grp.id

    def chain(block: str) -> list[str]:
        out = []
        while where.get(block, ""):
            block = where[block]
            out.append(block)
        return [*out[::-1]]

    def home(a: Arrow) -> str:
        ca, cb = chain(a.src), chain(a.dst)
        common = ""
        for x, y in zip(ca, cb, strict=False):
            if x != y:
                break
            common = x
        return common

    body: dict[str, list[str]] = {"": [], outer.id: [], **{grp.id: [] for grp in inner}}
    for a in map(_lift_for_mermaid(g), g.arrows):
        body[home(a)].append(f"{a.src} --> {a.dst} : {_mm_label(a)}")
    lines = [
        "stateDiagram-v2",
        "    %% derived from nodereg.model.declaration by nodereg diagrams, do not edit",
        "    direction TB",
    ]
    for s in g.states:
        if s not in outer.members:
            lines.append(f'    state "{g.names[s]}" as {s}')
    lines.append(f'    state "{outer.title}" as {outer.id} {{')
    nested = {m for grp in inner for m in grp.members}
    for s in outer.members:
        if s not in nested:
            lines.append(f'        state "{g.names[s]}" as {s}')
    for grp in inner:
        lines.append(f'        state "{grp.title}" as {grp.id} {{')
        for s in grp.members:
            lines.append(f'            state "{g.names[s]}" as {s}')
        lines += [f"            {x}" for x in body[grp.id]]
        lines.append("        }")
    lines += [f"        {x}" for x in body[outer.id]]
    lines.append("    }")
    lines.append(f"    [*] --> {g.initial}")
    lines += [f"    {x}" for x in body[""]]
    return "\n".join(lines) + "\n"


def loops_markdown(g: DocGraph) -> list[str]:
    """The self-loop table as Markdown rows (next to the picture in the index and the README)."""
    rows = ["| event (leaves the state unchanged) | actor | in |", "| --- | --- | --- |"]
    rows += [f"| {lp.words} | {actor_title(lp.actor)} | {states_phrase(lp.states, g)} |" for lp in g.loops]
    return rows


def events_table(graph: StateGraph) -> str:
    """Every event in full, as Markdown: words, actor, guard formula, transitions, self-loops, source.

    Nothing the documentation diagram leaves out is lost: this table and the detailed diagram
    (``node-lifecycle-detailed.svg``) carry every transition of the machine.
    """
    names = {s.id: s.name for s in graph.states}
    order = {s.id: i for i, s in enumerate(graph.states)}
    g = doc_graph(graph)

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    lines = [
        "# Node lifecycle: every event",
        "",
        "Generated by `nodereg diagrams` from `nodereg.model.declaration`; do not edit. The guard is the "
        "declaration's guard (with its timer), printed from the formula itself. An event goes to the state "
        "whose definition holds after its effect; *stays in* lists the states it leaves unchanged (the "
        "self-loops the documentation diagram does not draw).",
        "",
        "| event | actor | in Kubernetes words | guard | transitions | stays in | upstream |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for ev in graph.events:
        ts = [t for t in graph.transitions if t.event == ev.id]
        moves: dict[str, list[str]] = {}
        stays: list[str] = []
        for t in sorted(ts, key=lambda t: (order[t.src], order[t.dst])):
            if t.src == t.dst:
                stays.append(t.src)
            else:
                moves.setdefault(t.src, []).append(names[t.dst])
        move_text = "; ".join(f"{names[s]} → {', '.join(ds)}" for s, ds in moves.items()) or "—"
        stay_text = states_phrase(tuple(stays), g) if stays else "—"
        guard = ts[0].guard_full if ts else ""
        lines.append(
            f"| `{ev.id}` | {actor_title(ev.actor)} | {cell(label(ev.id).text)} | `{cell(guard)}` | "
            f"{move_text} | {stay_text} | {cell(ev.source)} |"
        )
    return "\n".join(lines) + "\n"
