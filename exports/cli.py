"""``nodereg export promela|quint``: the model for a peer checker, generated from the declaration.

Kept light at import time (``nodereg`` registers this command on start-up): Z3 and the model are
imported only when the command runs.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import click

TARGETS = ("promela", "quint")


def _fail(message: str) -> NoReturn:
    click.echo(f"nodereg: error: {message}", err=True)
    sys.exit(2)


def _parse_frozen(items: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    out: dict[str, tuple[int, ...]] = {}
    for item in items:
        name, sep, values = item.partition("=")
        try:
            dom = tuple(int(x) for x in values.split(",") if x.strip())
        except ValueError:
            dom = ()
        if not sep or not dom:
            _fail(f"--frozen {item!r}: expected NAME=V1,V2,... with integers, e.g. toleration_seconds=0,300")
        out[name.strip()] = dom
    return out


def model_options(command: Any) -> Any:
    """The options that fix the finite model (shared by ``export`` and ``statespace``)."""
    for option in reversed(
        (
            click.option("--nodes", type=click.IntRange(1, 8), default=2, show_default=True),
            click.option("--pods", type=click.IntRange(0, 8), default=2, show_default=True),
            click.option(
                "--param",
                "params",
                multiple=True,
                metavar="NAME=VALUE",
                help="fix a timing parameter (others: the version's defaults)",
            ),
            click.option("--k8s-version", default=None, help="take the timing defaults of this Kubernetes version"),
            click.option("--mutant", default=None, metavar="ID", help="a seeded mutant instead of the real model"),
            click.option(
                "--frozen",
                "frozen",
                multiple=True,
                metavar="NAME=V1,V2",
                help="domain of a frozen value: capacity, reserved, request, toleration_seconds",
            ),
            click.option(
                "--profiles",
                default=None,
                metavar="P1,P2",
                help="pod toleration profiles: ordinary, daemonset, tolerate-all, dedicated, none",
            ),
        )
    ):
        command = option(command)
    return command


def build_model(
    nodes: int,
    pods: int,
    params: tuple[str, ...],
    k8s_version: str | None,
    mutant: str | None,
    frozen: tuple[str, ...],
    profiles: str | None,
    symbolic_args: bool = False,
) -> Any:
    """The :class:`~nodereg.exports.core.ExportModel` the options describe, or a one-line error and exit 2."""
    from nodereg.cli import parse_k8s_version, parse_params
    from nodereg.model.mutants import MUTANT_BY_ID
    from nodereg.model.semantics import real_model

    from .core import DEFAULT_PROFILES, ExportError, ExportOptions, build

    fixed = parse_params(params)
    if k8s_version is not None:  # the versions verify knows, named on a mistake (was: int() errors, 2.0 taken)
        k8s_version = parse_k8s_version(k8s_version)
    if mutant is not None:
        if mutant not in MUTANT_BY_ID:
            _fail(f"--mutant {mutant!r}: unknown mutant; expected one of: {', '.join(MUTANT_BY_ID)}")
        model = MUTANT_BY_ID[mutant].model()
    else:
        model = real_model()
    chosen = tuple(p.strip() for p in profiles.split(",") if p.strip()) if profiles is not None else DEFAULT_PROFILES
    opts = ExportOptions(nodes, pods, fixed, k8s_version, _parse_frozen(frozen), chosen, symbolic_args=symbolic_args)
    try:
        return build(model, opts)
    except ExportError as exc:
        _fail(str(exc))


@click.command(
    "export", epilog="Exit codes: 0 written; 2 bad usage (an option the export cannot take); 4 internal error."
)
@click.argument("target", type=click.Choice(TARGETS))
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), help="write here (default: stdout)")
@model_options
def export_command(
    target: str,
    out: Path | None,
    nodes: int,
    pods: int,
    params: tuple[str, ...],
    k8s_version: str | None,
    mutant: str | None,
    frozen: tuple[str, ...],
    profiles: str | None,
) -> None:
    """Write the model as Promela (SPIN) or Quint, for a cluster size and fixed timing."""
    em = build_model(nodes, pods, params, k8s_version, mutant, frozen, profiles, symbolic_args=(target == "quint"))
    text = render(target, em)
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"--out {out}: {exc.strerror}")


@click.command(
    "statespace",
    epilog="Exit codes: 0 the count is complete; 2 bad usage; 3 the time ran out (the counts are lower bounds); "
    "4 internal error.",
)
@model_options
@click.option(
    "--engine",
    type=click.Choice(("bdd", "explicit")),
    default="bdd",
    show_default=True,
    help="bdd: symbolic, exact at any size it finishes; explicit: breadth-first, the cross-check",
)
@click.option(
    "--timeout",
    "timeout_s",
    type=click.FloatRange(min=0),
    default=600.0,
    show_default=True,
    help="stop after this many seconds (0: never); the counts are then lower bounds (exit 3). "
    "With upstream timing and a pod, even 1x1 takes longer than 300 s, hence a default box",
)
@click.option("--format", "fmt", type=click.Choice(("table", "json")), default="table", show_default=True)
def statespace_command(
    nodes: int,
    pods: int,
    params: tuple[str, ...],
    k8s_version: str | None,
    mutant: str | None,
    frozen: tuple[str, ...],
    profiles: str | None,
    engine: str,
    timeout_s: float | None,
    fmt: str,
) -> None:
    """Count the reachable states and transitions of the finite model 'nodereg export' writes.

    The same options give the same model SPIN searches. Exit 0 when the count is complete, 3 when
    the time ran out (the numbers printed are then lower bounds).
    """
    import json

    from nodereg.verifier.statespace import StateSpaceError, count_bdd, count_explicit

    em = build_model(nodes, pods, params, k8s_version, mutant, frozen, profiles)
    try:
        box = timeout_s or None  # 0 means no time box
        result = count_bdd(em, box) if engine == "bdd" else count_explicit(em, box)
    except StateSpaceError as exc:
        _fail(str(exc))
        return
    doc = result.as_dict()
    if fmt == "json":
        click.echo(json.dumps(doc, indent=2))
    else:
        from rich.table import Table

        from nodereg.report import console

        table = Table(title=f"state space of the exported {nodes}x{pods} model ({engine})")
        table.add_column("figure")
        table.add_column("value")
        bound = "" if result.complete else " (lower bound: stopped by --timeout)"
        for name, value in (
            ("reachable states", f"{result.states:,}{bound}"),
            ("transitions", f"{result.transitions:,}{bound}"),
            ("initial states", f"{result.initial_states:,}"),
            (
                ("breadth-first depth", str(result.depth))
                if result.depth is not None
                else ("fixpoint rounds", str(result.rounds))
            ),
            ("timing", ", ".join(f"{k}={v}" for k, v in result.timing.items())),
            ("frozen domains", ", ".join(f"{k}={v}" for k, v in result.frozen.items())),
            ("profiles", ", ".join(result.profiles)),
            ("clock caps", ", ".join(f"{k}<={v}" for k, v in result.clock_caps.items())),
            ("seconds", f"{result.seconds:.2f}"),
        ):
            table.add_row(name, value)
        console().print(table)  # never cut to 80 columns off a terminal
    if not result.complete:
        sys.exit(3)


def render(target: str, em: object) -> str:
    """The text of one target."""
    if target == "promela":
        from .promela import render as promela

        return promela(em)  # type: ignore[arg-type]
    from .quint import render as quint

    return quint(em)  # type: ignore[arg-type]
