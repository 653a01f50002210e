"""The detailed state diagram (``node-lifecycle-detailed.svg``): every transition, by event id.

Drawn from :func:`.extract.state_graph`, for a reader who wants the machine itself rather than
the documentation picture of :mod:`.lifecycle`. Parallel transitions between the same two states
are merged into one edge listing the event ids, coloured by actor; self-loops (up to 17 events on
one state) are listed inside each state, grouped by actor; a legend gives every event's actor and
its whole guard formula, once (not repeated on each edge). Without the merge the picture has 116
arrows, 90 of them self-loops, and no label is readable.
"""

from __future__ import annotations

import html

from .extract import ACTOR_COLOURS, ACTOR_TITLES, EdgeIR, StateGraph, StateIR

#: At most this many events on one line of a self-loop label.
LOOP_EVENTS_PER_LINE = 2


def _h(text: str) -> str:
    return html.escape(text, quote=True)


def _actor_groups(edge: EdgeIR, actors: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    groups: dict[str, list[str]] = {}
    for t in edge.transitions:
        groups.setdefault(t.actor, []).append(t.event)
    return [(a, groups[a]) for a in actors if a in groups]


def _wrap(text: str, width: int = 40) -> list[str]:
    """Break a guard before its connectives so that label lines stay about ``width`` characters."""
    import re

    parts = re.split(r" (?=(?:and|or) )", text)
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 1 + len(part) <= width:
            lines[-1] += " " + part
        else:
            lines.append(part)
    return lines


def _edge_label(edge: EdgeIR) -> str:
    """An arrow's label: each event id in its actor's colour (its guard is in the legend, once)."""
    rows = [
        f'<tr><td align="left"><font point-size="9" color="{_colour(t.actor)}"><b>{_h(t.event)}</b></font></td></tr>'
        for t in edge.transitions
    ]
    return '<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">' + "".join(rows) + "</table>>"


def _colour(actor: str) -> str:
    return ACTOR_COLOURS.get(actor, "#555555")


def _state_label(s: StateIR, loop: EdgeIR | None, actors: tuple[str, ...]) -> str:
    """A state as a UML box: name, its definition, and its self-loop events grouped by actor.

    Self-loops are listed inside the state (python-statemachine's own DOT output does this for
    internal transitions) because seventeen labelled loops around one box cannot be read.
    """
    rows = [
        f"<tr><td><b>{_h(s.name)}</b></td></tr>",
        f'<tr><td><font point-size="9" color="#555555">{_h(s.definition)}</font></td></tr>',
    ]
    if loop is not None:
        rows.append(
            '<tr><td align="left" border="1" sides="t" color="#aab7c4">'
            '<font point-size="8" color="#555555">self-loops (stay in this state):</font></td></tr>'
        )
        for actor, evs in _actor_groups(loop, actors):
            colour = _colour(actor)
            for i in range(0, len(evs), LOOP_EVENTS_PER_LINE):
                chunk = ", ".join(_h(e) for e in evs[i : i + LOOP_EVENTS_PER_LINE])
                rows.append(f'<tr><td align="left"><font point-size="9" color="{colour}">{chunk}</font></td></tr>')
    return '<<table border="0" cellborder="0" cellspacing="0" cellpadding="2">' + "".join(rows) + "</table>>"


def _legend(graph: StateGraph, actors: tuple[str, ...], title: str) -> str:
    head = title + (
        '<tr><td align="left"><b>event</b></td><td align="left"><b>actor</b></td>'
        '<td align="left"><b>guard (from the declaration)</b></td></tr>'
    )
    rows = [head]
    order = {a: i for i, a in enumerate(actors)}
    for e in sorted(graph.events, key=lambda e: (order.get(e.actor, 99), graph.events.index(e))):
        t = next(t for t in graph.transitions if t.event == e.id)
        colour = _colour(e.actor)
        guard = '<br align="left"/>'.join(_h(x) for x in _wrap(t.guard_full, 100))
        rows.append(
            f'<tr><td align="left" valign="top"><font color="{colour}"><b>{_h(e.id)}</b></font></td>'
            f'<td align="left" valign="top"><font color="{colour}">{_h(ACTOR_TITLES.get(e.actor, e.actor))}'
            f'</font></td><td align="left"><font point-size="9">{guard}<br align="left"/></font></td></tr>'
        )
    return '<<table border="0" cellborder="0" cellspacing="0" cellpadding="3">' + "".join(rows) + "</table>>"


#: States drawn side by side (same rank), so the healthy and unhealthy states face each other.
SAME_RANK: tuple[tuple[str, ...], ...] = ()


def dot(graph: StateGraph, actors: tuple[str, ...]) -> str:
    """DOT source: seven states, one edge per (src, dst) pair, a legend of events, actors and guards."""
    title = (
        '<tr><td align="left" colspan="3"><font point-size="16"><b>Node lifecycle, in full</b></font>'
        '<font point-size="10">  derived from nodereg.model.declaration: arrow colour = actor; '
        "self-loops are listed inside each state; an event goes to the state whose definition holds "
        "after its effect (kubelet_post_status: the Ready value it posts)</font></td></tr>"
    )
    out = [
        f'digraph "{graph.name}" {{',
        "  graph [rankdir=TB, fontname=Helvetica, nodesep=0.6, ranksep=0.7, pad=0.3, newrank=true,",
        f"         labelloc=b, labeljust=l, label={_legend(graph, actors, title)}];",
        '  node [shape=box, style="rounded,filled", fillcolor="#f7f9fc", color="#34495e", penwidth=1.6,',
        '        fontname=Helvetica, fontsize=12, margin="0.15,0.08"];',
        "  edge [fontname=Helvetica, fontsize=9, arrowsize=0.8];",
        '  "__initial" [shape=circle, style=filled, fillcolor=black, color=black, label="", width=0.18, '
        "fixedsize=true];",
    ]
    edges = graph.edges()
    loops = {e.src: e for e in edges if e.is_loop}
    for s in graph.states:
        out.append(f'  "{s.id}" [label={_state_label(s, loops.get(s.id), actors)}];')
    for group in SAME_RANK:
        present = [g for g in group if any(s.id == g for s in graph.states)]
        out.append("  { rank=same; " + " ".join(f'"{g}";' for g in present) + " }")
    initial = next(s.id for s in graph.states if s.initial)
    out.append(f'  "__initial" -> "{initial}";')
    for edge in edges:
        events = ", ".join(t.event for t in edge.transitions)
        actors_here = {t.actor for t in edge.transitions}
        colour = _colour(next(iter(actors_here))) if len(actors_here) == 1 else "#5d6d7e"
        if edge.is_loop:
            out.append(
                f'  "{edge.src}" -> "{edge.dst}" [color="#8899aa", penwidth=1.0, arrowsize=0.6, tooltip="{events}"];'
            )
        else:
            out.append(
                f'  "{edge.src}" -> "{edge.dst}" [label={_edge_label(edge)}, color="{colour}", '
                f'penwidth=1.6, tooltip="{events}"];'
            )
    out.append("}")
    # one font everywhere: HTML labels do not inherit fontname, and would fall back to a serif face
    return "\n".join(out).replace("<font ", '<font face="Helvetica" ') + "\n"
