"""``nodereg diagrams``: write every diagram, or check that the committed ones are up to date.

Registered on the ``nodereg`` command group by :mod:`nodereg.cli` (it looks for
``diagrams_command`` here). Exit codes: 0 written or up to date; 1 stale diagrams (``--check``) or a
scenario the model can no longer reach; 2 bad usage; 4 internal error. Errors are one line, never a
traceback.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click


def _fail(message: str, code: int = 2) -> None:
    click.echo(f"nodereg: error: {message}", err=True)
    sys.exit(code)


EPILOG = """\b
Exit codes:
  0  diagrams written, or (--check) up to date
  1  --check: a file is stale, missing or no longer generated; or a scenario
     the model can no longer reach
  2  bad usage (e.g. --out is a file, or --check on a missing folder)
  4  internal error
\b
The mutants' counterexamples (a BMC search each, minutes) are reused from
<out>/mutants/runs.json (else the package's own) while the hash it records of
the model, properties, verifier and Z3 is unchanged; after a change, each
stored run is replayed on its mutant and kept while it still breaks its
property, and only the others are searched; --fresh searches every one again.
node-lifecycle.mermaid.png is drawn by Mermaid itself: make mermaid.
"""


@click.command("diagrams", epilog=EPILOG)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path),
    default=None,
    help="folder to write (or, with --check, to compare); default: diagrams/generated of the package",
)
@click.option("--check", is_flag=True, help="regenerate in memory and exit 1 naming every stale file")
@click.option("--fresh", is_flag=True, help="search the mutants' counterexamples again instead of reusing runs.json")
def diagrams_command(out_dir: Path | None, check: bool, fresh: bool) -> None:
    """Draw the node lifecycle, the scenarios and the mutants' counterexamples from the model."""
    try:
        _run(out_dir, check, fresh)
    except (SystemExit, KeyboardInterrupt):
        raise
    except Exception as exc:  # one line, exit 4, never a traceback
        _fail(f"internal error in nodereg diagrams: {type(exc).__name__}: {exc}", 4)


def _run(out_dir: Path | None, check: bool, fresh: bool) -> None:
    from . import generate
    from .scenarios import ScenarioError

    folder = out_dir if out_dir is not None else generate.default_dir()
    if folder.exists() and not folder.is_dir():
        _fail(f"--out {folder}: not a directory")
    if check and not folder.is_dir():
        _fail(f"--out {folder}: no such directory to check (run 'nodereg diagrams' first)")
    t0 = time.monotonic()
    try:
        out = generate.produce(cache_dir=None if fresh else folder)
    except ScenarioError as exc:
        _fail(f"scenario cannot be derived from the model: {exc}", 1)
    for rel in out.cached:
        click.echo(f"nodereg diagrams: reused {rel} (--fresh to search again)", err=True)
    for line in out.skipped:
        click.echo(f"nodereg diagrams: {line}", err=True)
    if check:
        res = generate.check(out, folder)
        if res.not_compared:
            why = (
                "graphviz is not installed"
                if out.graphviz is None
                else f"they were rendered by another graphviz (here: {out.graphviz})"
            )
            click.echo(f"nodereg diagrams: not compared: {len(res.not_compared)} renders, because {why}", err=True)
        if res.stale:
            for s in res.stale:
                click.echo(f"stale: {folder / s.split(' ')[0]} {s.split(' ', 1)[1]}")
            # the Mermaid PNG comes from a browser (make mermaid), not from make diagrams: say which redraws what
            mermaid = any("make mermaid" in s for s in res.stale)
            others = any("make mermaid" not in s for s in res.stale)
            how = " then ".join(
                step
                for step, needed in (
                    ("'make diagrams' (nodereg diagrams --out diagrams/generated)", others),
                    ("'make mermaid'", mermaid),
                )
                if needed
            )
            click.echo(f"{len(res.stale)} diagram file(s) out of date: run {how} and commit them")
            sys.exit(1)
        click.echo(f"diagrams up to date ({res.compared} files, {time.monotonic() - t0:.1f} s)")
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        removed = generate.write(out, folder)
    except OSError as exc:
        _fail(f"--out {folder}: {exc.strerror or exc}")
    for rel in removed:
        click.echo(f"removed {folder / rel} (no longer generated)")
    click.echo(
        f"wrote {len(out.files)} files to {folder} in {time.monotonic() - t0:.1f} s"
        + (f" ({len(out.skipped)} renders skipped)" if out.skipped else "")
    )
