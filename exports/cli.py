"""``nodereg export promela|quint``: the model for a peer checker, generated from the declaration.

Kept light at import time (``nodereg`` registers this command on start-up): Z3 and the model are
imported only when the command runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

TARGETS = ("promela", "quint")


def _fail(message: str) -> None:
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


@click.command("export")
@click.argument("target", type=click.Choice(TARGETS))
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), help="write here (default: stdout)")
@click.option("--nodes", type=click.IntRange(1, 8), default=2, show_default=True)
@click.option("--pods", type=click.IntRange(0, 8), default=2, show_default=True)
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE",
              help="fix a timing parameter (others: the version's defaults)")
@click.option("--k8s-version", default=None, help="take the timing defaults of this Kubernetes version")
@click.option("--mutant", default=None, metavar="ID", help="export a seeded mutant instead of the real model")
@click.option("--frozen", "frozen", multiple=True, metavar="NAME=V1,V2",
              help="domain of a frozen value: capacity, reserved, request, toleration_seconds")
@click.option("--profiles", default=None, metavar="P1,P2",
              help="pod toleration profiles: ordinary, daemonset, tolerate-all, dedicated, none")
def export_command(target: str, out: Path | None, nodes: int, pods: int, params: tuple[str, ...],
                   k8s_version: str | None, mutant: str | None, frozen: tuple[str, ...], profiles: str | None) -> None:
    """Write the model as Promela (SPIN) or Quint, for a cluster size and fixed timing."""
    from nodereg.cli import parse_params
    from nodereg.model.mutants import MUTANT_BY_ID
    from nodereg.model.semantics import real_model

    from .core import DEFAULT_PROFILES, ExportError, ExportOptions, build

    fixed = parse_params(params)
    if mutant is not None:
        if mutant not in MUTANT_BY_ID:
            _fail(f"--mutant {mutant!r}: unknown mutant; expected one of: {', '.join(MUTANT_BY_ID)}")
        model = MUTANT_BY_ID[mutant].model()
    else:
        model = real_model()
    chosen = tuple(p.strip() for p in profiles.split(",") if p.strip()) if profiles is not None else DEFAULT_PROFILES
    opts = ExportOptions(nodes, pods, fixed, k8s_version, _parse_frozen(frozen), chosen,
                         symbolic_args=(target == "quint"))
    try:
        em = build(model, opts)
    except ExportError as exc:
        _fail(str(exc))
        return
    text = render(target, em)
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"--out {out}: {exc.strerror}")


def render(target: str, em: object) -> str:
    """The text of one target."""
    if target == "promela":
        from .promela import render as promela

        return promela(em)  # type: ignore[arg-type]
    from .quint import render as quint

    return quint(em)  # type: ignore[arg-type]
