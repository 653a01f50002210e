"""Counterexamples as sequence diagrams: ``nodereg verify --diagrams DIR`` and the mutants' pictures.

A reviewer must understand the bug from the picture alone, so each diagram opens with the
property's statement and the values the solver chose (timing parameters, capacities,
tolerations), numbers every step, shows every changed variable as a note, never folds a step
away (only consecutive time steps are summed), and highlights the violating last step with a red
band and a "VIOLATION at step N" note.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from nodereg.model.params import PARAMS

from . import render, sequence


def _statement(prop_id: str) -> str:
    from nodereg.properties.catalogue import PROPERTY_BY_ID

    p = PROPERTY_BY_ID.get(prop_id)
    return p.statement if p is not None else prop_id


def _initial_lines(init: dict[str, Any]) -> list[str]:
    """What the solver chose in the initial state: parameters and the frozen values that matter."""
    from nodereg.model.declaration import POD_VARS

    state = init["state"]
    # the flags' names as a user writes them (--param node-monitor-grace-period=40s), not the variables'
    params = [f"{p.name}={state[p.var]}s" for p in PARAMS if p.var in state]
    lines = ["parameters: " + ", ".join(params)] if params else []
    # a toleration in Kubernetes words, from the declaration ("tolerates not-ready:NoExecute"), never
    # the variable's name (not_ready_ne), as the scenarios' preface says it
    words = {v.name: v.doc.removeprefix("tolerates ") for v in POD_VARS}
    nodes = sorted({int(k[4:-1]) for k in state if k.startswith("ctl[")})
    pods = sorted({int(k[9:-1]) for k in state if k.startswith("bound_to[")})
    for n in nodes:
        lines.append(f"node-{n}: capacity {state[f'capacity[{n}]']} CPU, reserved {state[f'reserved[{n}]']}")
    for p in pods:
        tol = [
            words.get(k.split("[")[0], k.split("[")[0].removeprefix("tolerates_"))
            for k in state
            if k.startswith("tolerates_")
            and k.endswith(f"[{p}]")
            and state[k] is True
            and not k.startswith("tolerates_forever")
        ]
        forever = state.get(f"tolerates_forever[{p}]")
        secs = "for ever" if forever else f"for {state.get(f'toleration_seconds[{p}]')} s"
        lines.append(
            f"pod-{p}: request {state[f'request[{p}]']} CPU, tolerates "
            f"{', '.join(tol) if tol else 'nothing'} (NoExecute {secs})"
        )
    return lines


def diagram(
    prop_id: str, counterexample: list[dict[str, Any]], title: str | None = None, extra: tuple[str, ...] = ()
) -> sequence.SequenceDiagram:
    """The sequence IR of one counterexample; the last step is the violating one."""
    statement = _statement(prop_id)
    pre = (f"property {prop_id}: {statement}", *extra, *_initial_lines(counterexample[0]))
    return sequence.build(
        counterexample, title or f"Counterexample: {prop_id} violated", violation=f"{prop_id}", preface=pre
    )


def outputs(name: str, diag: sequence.SequenceDiagram, skipped: list[str]) -> dict[str, bytes]:
    """``name.mmd`` and, when graphviz runs, ``name.svg``; a skipped render is noted once in ``skipped``."""
    out = {f"{name}.mmd": sequence.mermaid(diag).encode()}
    try:
        out[f"{name}.svg"] = render.render(sequence.dot(diag), "svg", "neato", ("-n2",))
    except render.RenderUnavailable as exc:
        skipped.append(f"skipped {name}.svg: {exc}")
    return out


def write_counterexample_diagrams(out_dir: Path, verdicts: list[Any]) -> list[Path]:
    """Write every violated verdict's counterexample as ``<property>.mmd`` and ``.svg`` under ``out_dir``."""
    if out_dir.exists() and not out_dir.is_dir():
        print(f"nodereg: error: --diagrams {out_dir}: not a directory", file=sys.stderr)
        raise SystemExit(2)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"nodereg: error: --diagrams {out_dir}: {exc.strerror}", file=sys.stderr)
        raise SystemExit(2) from None
    written: list[Path] = []
    skipped: list[str] = []
    index = ["# Counterexamples", ""]
    for v in verdicts:
        if not v.counterexample:
            continue
        files = outputs(v.id, diagram(v.id, v.counterexample), skipped)
        for rel, data in files.items():
            path = out_dir / rel
            path.write_bytes(data)
            written.append(path)
        mmd = files[f"{v.id}.mmd"].decode()
        index += [
            f"## {v.id}",
            "",
            f"{_statement(v.id)} — violated in {len(v.counterexample) - 1} steps; the last "
            "step (red) is the violation.",
            "",
            "```mermaid",
            mmd.rstrip("\n"),
            "```",
            "",
        ]
        if f"{v.id}.svg" in files:
            index += [f"[SVG]({v.id}.svg)", ""]
    (out_dir / "index.md").write_text("\n".join(index))
    for line in dict.fromkeys(skipped):
        print(f"nodereg diagrams: {line}", file=sys.stderr)
    return written
