"""Extract the node lifecycle as plain data (the diagrams' IR), from the one model declaration.

Every diagram is drawn from what this module returns, never from a hand-written list, so a
picture cannot drift from what the verifier proves. The states and transitions are read from
python-statemachine's own diagram extractor (``statemachine.contrib.diagram.extract``) run on the
machine that :func:`nodereg.model.machine.node_machine_class` builds from the declaration: that
is the machine the verifier replays counterexamples on. The declaration then adds what the
machine does not know: each event's actor, documentation and a readable guard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from statemachine.contrib.diagram.extract import extract as sm_extract

from nodereg.model import declaration as d
from nodereg.model.logic import Code, lit
from nodereg.model.machine import node_machine_class
from nodereg.model.semantics import Bound, Config, Instance, Model, View, full_guard

#: Colour of each actor (declaration actor id → hex), used by every renderer.
ACTOR_COLOURS: dict[str, str] = {
    "kubelet": "#1f5fa8",
    "csr-approver": "#7a3fa0",
    "api-server": "#555555",
    "node-lifecycle-controller": "#c0392b",
    "taint-eviction-controller": "#d35400",
    "kube-scheduler": "#1e8449",
    "cloud-controller-manager": "#8d6e3f",
    "cluster-admin": "#b0306e",
    "time": "#444444",
}

#: How an actor is named in a caption or legend.
ACTOR_TITLES: dict[str, str] = {
    "kubelet": "kubelet",
    "csr-approver": "CSR approver",
    "api-server": "API server (admission)",
    "node-lifecycle-controller": "node lifecycle controller",
    "taint-eviction-controller": "taint-eviction controller",
    "kube-scheduler": "scheduler",
    "cloud-controller-manager": "cloud controller manager",
    "cluster-admin": "administrator",
    "time": "time",
}

#: A derived guard longer than this is summarised by its docstring instead (legibility).
MAX_GUARD_CHARS = 90


@dataclass(frozen=True)
class StateIR:
    """One control state: machine id, display name, and its definition as a predicate in words."""

    id: str
    name: str
    definition: str
    initial: bool


@dataclass(frozen=True)
class TransitionIR:
    """One machine transition ``src -> dst`` of one event, with what a reader needs to know of it."""

    src: str
    dst: str
    event: str
    actor: str
    guard_name: str  # the declaration's guard function, e.g. _kubelet_register_node
    guard: str  # a short readable guard
    guard_full: str  # the whole guard formula
    conds: tuple[str, ...]  # the machine's condition names (<event>_allowed, leads_to_<state>)


@dataclass(frozen=True)
class EdgeIR:
    """Every transition between one ordered pair of states, merged into one drawn edge."""

    src: str
    dst: str
    transitions: tuple[TransitionIR, ...]

    @property
    def is_loop(self) -> bool:
        return self.src == self.dst


@dataclass(frozen=True)
class StateGraph:
    """The lifecycle as the diagrams see it."""

    name: str
    states: tuple[StateIR, ...]
    transitions: tuple[TransitionIR, ...]
    events: tuple[d.Event, ...]

    def edges(self) -> tuple[EdgeIR, ...]:
        """Parallel transitions merged per (src, dst), in state order then event order (stable)."""
        order = {s.id: i for i, s in enumerate(self.states)}
        ev_order = {e.id: i for i, e in enumerate(self.events)}
        groups: dict[tuple[str, str], list[TransitionIR]] = {}
        for t in self.transitions:
            groups.setdefault((t.src, t.dst), []).append(t)
        keys = sorted(groups, key=lambda k: (order[k[0]], order[k[1]]))
        return tuple(EdgeIR(s, t, tuple(sorted(groups[(s, t)], key=lambda x: ev_order[x.event]))) for s, t in keys)


def _enum_names() -> dict[str, tuple[str, ...]]:
    return {v.name: v.names for v in (*d.NODE_VARS, *d.POD_VARS) if v.names}


def guard_text(event: d.Event, full: bool = False) -> str:
    """A readable guard: the declaration's guard (with its timer) printed over variable names.

    The text is computed by running the guard on symbolic names (the same trick that compiles the
    model), so it is the guard itself, not a paraphrase. With ``full`` it is always the whole
    formula (the detailed diagram and the events table); otherwise a long guard (the scheduler's
    filters) is summarised by the first sentence of its docstring, or of the event's documentation.
    """
    cfg = Config(1, 1)
    view = View(cfg, lambda k: Code(k[1]))
    inst = Instance(event, 0 if "node" in event.indices else None, 0 if "pod" in event.indices else None)
    b = Bound(inst, {a.name: Code(a.name) for a in event.args})
    text = lit(full_guard(view, b))
    names = _enum_names()

    def enum(m: re.Match[str]) -> str:
        var, op, num = m.group(1), m.group(2), int(m.group(3))
        vn = names.get(var)
        return f"{var} {op} {vn[num]}" if vn and 0 <= num < len(vn) else m.group(0)

    text = re.sub(r"\b(\w+) (==|!=) (-?\d+)\b", enum, text)
    text = text.replace("bound_to == -1", "bound_to == none").replace("bound_to == 0", "bound_to == this node")
    text = re.sub(r"\((not \w+)\)", r"\1", text)
    text = re.sub(r"\((\w+ (?:==|!=|>=|<=|<|>) [\w-]+)\)", r"\1", text)
    if text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
        text = text[1:-1]
    if full or len(text) <= MAX_GUARD_CHARS:
        return text
    doc = (event.guard.__doc__ or "").strip() or event.doc
    first = re.split(r"(?<=[.;])\s", " ".join(doc.split()), maxsplit=1)[0].rstrip(".;")
    if len(first) > MAX_GUARD_CHARS:
        first = first[:MAX_GUARD_CHARS].rsplit(" ", 1)[0].rstrip(",;:") + " …"
    return first


def _balanced(s: str) -> bool:
    depth = 0
    for ch in s:
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            return False
    return depth == 0


@lru_cache(maxsize=16)
def state_graph(model: Model) -> StateGraph:
    """The lifecycle of ``model`` as states and transitions, read from its python-statemachine class."""
    cls = node_machine_class(model)
    g = sm_extract(cls)
    by_id = {e.id: e for e in model.events}
    states = tuple(
        StateIR(s.id, s.name, d.DEFINITION_TEXT[d.STATE_IDS.index(s.id)], bool(s.is_initial)) for s in g.states
    )
    guards = {e.id: guard_text(e) for e in model.events}
    full = {e.id: guard_text(e, full=True) for e in model.events}
    out: list[TransitionIR] = []
    for t in g.transitions:
        if t.is_initial or not t.guards:
            continue
        allowed = [c for c in t.guards if c.endswith("_allowed")]
        if len(allowed) != 1:
            raise ValueError(f"transition {t.source}->{t.targets} has no single '<event>_allowed' condition")
        event = by_id[allowed[0].removesuffix("_allowed")]
        for dst in t.targets:
            out.append(
                TransitionIR(
                    t.source,
                    dst,
                    event.id,
                    event.actor,
                    event.guard.__name__,
                    guards[event.id],
                    full[event.id],
                    tuple(t.guards),
                )
            )
    _check_complete(model, out)
    return StateGraph(cls.__name__, states, tuple(out), tuple(model.events))


def _check_complete(model: Model, transitions: list[TransitionIR]) -> None:
    """The machine's transitions must be exactly the declaration's edges (else refuse to draw)."""
    got = {(t.src, t.dst, t.event) for t in transitions}
    want = {(d.STATE_IDS[s], d.STATE_IDS[t], e.id) for e in model.events for s, t in e.edges}
    if got != want:
        raise ValueError(f"machine and declaration disagree: {sorted(got ^ want)[:3]}")
