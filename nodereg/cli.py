"""The ``nodereg`` command line.

Exit codes (``verify``): 0 every property proved; 1 some property violated or vacuous; 3 some
inconclusive and none violated; 2 bad usage or input. Errors are one line on stderr, never a
traceback.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

import click

from nodereg.model import params as P

EXIT_OK, EXIT_VIOLATED, EXIT_USAGE, EXIT_INCONCLUSIVE = 0, 1, 2, 3


def fail(message: str) -> NoReturn:
    """One clear line, exit code 2, no traceback."""
    click.echo(f"nodereg: error: {message}", err=True)
    sys.exit(EXIT_USAGE)


def parse_params(items: tuple[str, ...]) -> dict[str, int]:
    """``--param node-monitor-grace-period=50s`` → ``{"node_monitor_grace_period": 50}``."""
    out: dict[str, int] = {}
    for item in items:
        if "=" not in item:
            fail(f"--param {item!r}: expected NAME=VALUE, e.g. node-monitor-grace-period=50s")
        name, value = item.split("=", 1)
        p = P.PARAM_BY_NAME.get(name.strip())
        if p is None:
            known = ", ".join(q.name for q in P.PARAMS)
            fail(f"--param {name!r}: unknown parameter; expected one of: {known}")
        try:
            out[p.var] = P.parse_duration(value)
        except ValueError as exc:
            fail(f"--param {name}: {exc}")
    return out


def check_admissible(fixed: dict[str, int], model: Any) -> tuple[Any, list[str]]:
    """Fixed parameters must satisfy the admissibility constraints.

    A constraint that some property *assumes* (``heartbeat-gap-within-grace``) is not required:
    when the parameters break it, it is dropped from the model, and the property that assumed it
    will show what goes wrong (that is how ``--k8s-version 1.31`` rediscovers #121793). Any other
    broken constraint is a usage error.
    """
    import dataclasses

    from nodereg.properties.catalogue import ALL_PROPERTIES

    if not fixed:
        return model, []
    assumed = {a for p in ALL_PROPERTIES for a in p.assumes}
    values = {**P.defaults(), **fixed}
    dropped = []
    for c in P.broken_constraints(values, model.constraints):
        if c.id in assumed:
            dropped.append(c.id)
            continue
        fail(f"parameters break the timing constraint {c.id!r} ({c.why}); unset parameters take their "
             f"Kubernetes {P.K8S_VERSION} defaults")
    if dropped:
        model = dataclasses.replace(model, constraints=tuple(c for c in model.constraints if c.id not in dropped),
                                    name=f"{model.name}+without-{'+'.join(dropped)}")
    return model, dropped


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="nodereg")
def main() -> None:
    """nodereg: Kubernetes node registration and lifecycle, declared once, verified by Z3."""


@main.command()
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--junit", "junit", type=click.Path(dir_okay=False, path_type=Path), help="write JUnit XML here")
@click.option("--property", "props", multiple=True, metavar="ID", help="check only this property (repeatable)")
@click.option("--engine", type=click.Choice(["auto", "k-induction", "spacer", "bmc"]), default="auto",
              show_default=True, help="auto: induction, then Spacer, then BMC")
@click.option("--timeout", "timeout", type=click.FloatRange(min=0.1), default=60.0, show_default=True,
              help="seconds per property and engine")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE", help="fix a timing parameter")
@click.option("--k8s-version", default=None, help="fix every timing parameter to this version's defaults")
@click.option("--nodes", type=click.IntRange(1, 16), default=2, show_default=True)
@click.option("--pods", type=click.IntRange(0, 16), default=2, show_default=True)
@click.option("--depth", type=click.IntRange(1, 200), default=14, show_default=True, help="BMC depth")
@click.option("--mutants", is_flag=True, help="check the seeded mutants instead: each must be killed")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="parallel worker processes (default: the machine's cores)")
@click.option("--diagrams", "diagrams_dir", type=click.Path(file_okay=False, path_type=Path),
              help="draw every counterexample as a sequence diagram here")
def verify(fmt: str, junit: Path | None, props: tuple[str, ...], engine: str, timeout: float,
           params: tuple[str, ...], k8s_version: str | None, nodes: int, pods: int, depth: int,
           mutants: bool, jobs: int | None, diagrams_dir: Path | None) -> None:
    """Prove every node-lifecycle property (or kill every seeded mutant)."""
    from nodereg.model.semantics import Config, real_model
    from nodereg.properties.catalogue import ALL_PROPERTIES, PROPERTY_BY_ID

    fixed = parse_params(params)
    if k8s_version:
        try:
            base = P.defaults(k8s_version)
        except ValueError as exc:
            fail(str(exc))
        fixed = {**base, **fixed}
    unknown = [p for p in props if p not in PROPERTY_BY_ID]
    if unknown:
        fail(f"--property {unknown[0]!r}: unknown property; see 'nodereg properties'")
    model, dropped = check_admissible(fixed, real_model())
    if dropped and fmt == "table":
        click.echo(f"note: these parameters break the assumption(s) {', '.join(dropped)}; the properties "
                   "that assume them are checked without it", err=True)
    cfg = Config(nodes, pods)
    selected = [PROPERTY_BY_ID[p] for p in props] if props else None
    import os

    jobs = jobs or os.cpu_count() or 1
    if mutants:
        _verify_mutants(fmt, cfg, timeout, depth, fixed, jobs)
        return
    from nodereg.verifier.runner import verify as run

    t0 = time.monotonic()
    verdicts = run(model, cfg, selected, engine=engine, timeout_s=timeout, fixed=fixed, bmc_depth=depth, jobs=jobs)
    wall = time.monotonic() - t0
    summary = {s: sum(1 for v in verdicts if v.status == s) for s in ("proved", "violated", "inconclusive", "vacuous")}
    if diagrams_dir is not None:
        _draw_counterexamples(diagrams_dir, verdicts)
    if junit is not None:
        _write_junit(junit, verdicts)
    if fmt == "json":
        doc = {
            "properties": [v.as_json() for v in verdicts],
            "summary": summary,
            "config": {"nodes": nodes, "pods": pods, "engine": engine, "timeout": timeout,
                       "parameters": {P.PARAM_BY_VAR[k].name: v for k, v in fixed.items()} or "symbolic",
                       "symmetry": True, "seconds": round(wall, 3)},
        }
        click.echo(json.dumps(doc, ensure_ascii=False))
    else:
        _print_table(verdicts, cfg, fixed, wall, len(ALL_PROPERTIES))
    sys.exit(_exit_code(summary))


#: A run's outcome and its exit code; vacuous fails as a violation does (the property says nothing).
EXIT_BY_OUTCOME = {"proved": EXIT_OK, "violated": EXIT_VIOLATED, "vacuous": EXIT_VIOLATED,
                   "inconclusive": EXIT_INCONCLUSIVE}


def run_outcome(summary: dict[str, int]) -> str:
    """The run's outcome from its verdict counts: a violation first, then vacuity, then inconclusive."""
    for status in ("violated", "vacuous", "inconclusive"):
        if summary.get(status):
            return status
    return "proved"


def _exit_code(summary: dict[str, int]) -> int:
    return EXIT_BY_OUTCOME[run_outcome(summary)]


def _print_table(verdicts: list[Any], cfg: Any, fixed: dict[str, int], wall: float, total: int) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    timing = "symbolic timing" if not fixed else ", ".join(f"{P.PARAM_BY_VAR[k].name}={v}s" for k, v in fixed.items())
    table = Table(title=f"nodereg verify: {cfg.nodes} nodes × {cfg.pods} pods, {timing}")
    for col in ("property", "verdict", "engine", "bound", "seconds"):
        table.add_column(col, justify="right" if col in ("bound", "seconds") else "left")
    colour = {"proved": "green", "violated": "red", "vacuous": "red", "inconclusive": "yellow"}
    for v in verdicts:
        name = f"{v.id} (lemma)" if v.lemma else v.id
        bound = "∞" if v.bound is None and v.status == "proved" else str(v.bound if v.bound is not None else "-")
        table.add_row(name, f"[{colour[v.status]}]{v.status}[/]", v.engine, bound, f"{v.seconds:.2f}")
    console.print(table)
    for v in verdicts:
        if v.status != "proved":
            console.print(f"[bold]{v.id}[/]: {v.status} — {v.reason}")
            if v.counterexample:
                for i, step in enumerate(v.counterexample):
                    where = ", ".join(f"{k}={step[k]}" for k in ("node", "pod") if step[k] is not None)
                    args = ", ".join(f"{k}={a}" for k, a in step["args"].items())
                    console.print(f"  {i:2d}. {step['event']}({', '.join(x for x in (where, args) if x)})")
    proved = sum(v.status == "proved" for v in verdicts)
    tail = "∞ = unbounded proof; a witness of every premise found" if proved == len(verdicts) else \
        "∞ = unbounded proof; only 'proved' rows are passes"
    console.print(f"{proved}/{len(verdicts)} proved in {wall:.2f} s ({tail})")


def _write_junit(path: Path, verdicts: list[Any]) -> None:
    from junitparser import Error, Failure, JUnitXml, TestCase, TestSuite

    suite = TestSuite("nodereg verify")
    for v in verdicts:
        case = TestCase(v.id, classname="nodereg.properties", time=round(v.seconds, 3))
        if v.status in ("violated", "vacuous"):
            case.result = [Failure(f"{v.status}: {v.reason}")]
            if v.counterexample:
                case.system_out = json.dumps(v.counterexample)
        elif v.status == "inconclusive":
            case.result = [Error(f"inconclusive: {v.reason}")]
        suite.add_testcase(case)
    xml = JUnitXml()
    xml.add_testsuite(suite)
    try:
        xml.write(str(path))
    except OSError as exc:
        fail(f"--junit {path}: {exc.strerror}")


def _draw_counterexamples(out: Path, verdicts: list[Any]) -> None:
    try:
        from nodereg.diagrams.counterexample import write_counterexample_diagrams
    except ImportError:  # pragma: no cover - the diagrams module ships with the package
        fail("diagrams are not available in this installation")
    write_counterexample_diagrams(out, [v for v in verdicts if v.status == "violated" and v.counterexample])


def _mutant_row(args: tuple[str, Any, float, int, dict[str, int]]) -> dict[str, Any]:
    """Check one seeded mutant: every property is run; those violated with a replayed trace kill it."""
    from nodereg.model.mutants import MUTANT_BY_ID
    from nodereg.verifier.runner import verify as run

    mutant_id, cfg, timeout, depth, fixed = args
    mu = MUTANT_BY_ID[mutant_id]
    verdicts = run(mu.model(), cfg, None, timeout_s=timeout, fixed=fixed, bmc_depth=depth,
                   check_witnesses=False, unbounded=False)
    # a kill is a replayed counterexample of a property a user reads; a lemma alone does not count
    broken = [v for v in verdicts if v.status == "violated" and v.counterexample and v.replayed]
    killed_by = [v.id for v in broken if not v.lemma]
    return {"id": mu.id, "description": mu.description, "reference": mu.reference,
            "status": "killed" if killed_by else "survived", "killed_by": killed_by,
            "lemmas_broken": [v.id for v in broken if v.lemma],
            "counterexample": next((v.counterexample for v in verdicts if v.id in killed_by[:1]), None)}


def _verify_mutants(fmt: str, cfg: Any, timeout: float, depth: int, fixed: dict[str, int], jobs: int) -> None:
    from nodereg.model.mutants import MUTANTS

    work = [(mu.id, cfg, timeout, depth, fixed) for mu in MUTANTS]
    if jobs > 1:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("fork")) as pool:
            rows = list(pool.map(_mutant_row, work))
    else:
        rows = [_mutant_row(w) for w in work]
    killed = sum(r["status"] == "killed" for r in rows)
    if fmt == "json":
        click.echo(json.dumps({"mutants": rows, "score": killed / len(rows) if rows else 1.0}))
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title="nodereg verify --mutants")
        for col in ("mutant", "status", "killed by"):
            table.add_column(col)
        for r in rows:
            table.add_row(r["id"], "[green]killed[/]" if r["status"] == "killed" else "[red]survived[/]",
                          ", ".join(r["killed_by"]))
        Console().print(table)
        click.echo(f"score: {killed}/{len(rows)}")
    sys.exit(EXIT_OK if killed == len(rows) else EXIT_VIOLATED)


def catalogue_markdown() -> str:
    """The property catalogue as the Markdown table the README embeds (regenerated, never hand-edited)."""
    from nodereg.properties.catalogue import ALL_PROPERTIES

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    lines = ["| id | statement | formula | why it holds (upstream) |", "|---|---|---|---|"]
    for p in ALL_PROPERTIES:
        name = f"`{p.id}`" + (" (lemma)" if p.lemma else "")
        assumes = f" Assumes `{'`, `'.join(p.assumes)}`." if p.assumes else ""
        lines.append(f"| {name} | {cell(p.statement)}{assumes} | {cell(p.formula_text)} | "
                     f"{cell(p.why)} `{cell(p.source)}` |")
    return "\n".join(lines) + "\n"


@main.command("properties")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table",
              show_default=True)
def properties_cmd(fmt: str) -> None:
    """List the property catalogue."""
    from nodereg.properties.catalogue import ALL_PROPERTIES

    rows = [{"id": p.id, "statement": p.statement, "formula": p.formula_text, "why": p.why, "source": p.source,
             "kind": p.kind, "lemma": p.lemma, "assumes": list(p.assumes)} for p in ALL_PROPERTIES]
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False))
        return
    if fmt == "markdown":
        click.echo(catalogue_markdown(), nl=False)
        return
    for r in rows:
        click.echo(f"{r['id']}{' (lemma)' if r['lemma'] else ''}: {r['statement']}\n    {r['formula']}")


def _register_subcommands() -> None:
    """Commands owned by other modules (diagrams, oracle, exports), added when present."""
    import importlib

    for module, names in (
        ("nodereg.diagrams.cli", ("diagrams",)),
        ("nodereg.oracle.cli", ("check", "oracle", "vectors")),
        ("nodereg.exports.cli", ("export", "statespace")),
    ):
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        for name in names:
            cmd = getattr(mod, f"{name}_command", None)
            if cmd is not None:
                main.add_command(cmd, name)


_register_subcommands()

if __name__ == "__main__":  # pragma: no cover
    main()
