"""The ``nodereg`` command line.

Exit codes (``verify``): 0 every property proved; 1 some property violated or vacuous; 3 some
inconclusive and none violated; 2 bad usage or input; 4 an internal error (a bug in nodereg, never a
verdict). Errors are one line on stderr, never a traceback (``nodereg --debug ...`` shows it).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import click

from nodereg.model import params as P
from nodereg.report import failure_line

EXIT_OK, EXIT_VIOLATED, EXIT_USAGE, EXIT_INCONCLUSIVE, EXIT_INTERNAL = 0, 1, 2, 3, 4
#: the reader of stdout closed it (``| head``): what a shell reports for a process SIGPIPE killed
EXIT_BROKEN_PIPE = 128 + 13

#: What verify's exit code means (``nodereg verify --help`` prints it).
EXIT_CODES_HELP = (
    "Exit codes: 0 every property proved (with a witness); 1 a property violated or vacuous; "
    "2 bad usage or input; 3 inconclusive (a solver gave up; with --nodes any also a row proved for one "
    "size only; never a pass); 4 internal error "
    "(a bug in nodereg, never a verdict; 'nodereg --debug ...' prints the traceback); 141 the reader "
    "of the output closed it (| head), as for any Unix tool."
)

#: The group's own help: the codes every command shares; each command's --help says what its 0, 1, 3 mean
#: (was verify's text alone, which read as if 'nodereg check' exited 0 when "every property proved").
GROUP_EXIT_CODES_HELP = (
    "Exit codes, the same for every command (its --help says what its own mean): 0 pass (proved, "
    "conforms, up to date); 1 a failure (violated, vacuous, stale); 2 bad usage or input; 3 inconclusive "
    "(never a pass); 4 internal error (a bug in nodereg, never a verdict; 'nodereg --debug ...' prints the "
    "traceback); 141 the reader of the output closed it (| head), as for any Unix tool."
)


def known_k8s_versions() -> tuple[str, ...]:
    """The Kubernetes minor versions whose timing defaults nodereg knows: 1.17 (Lease GA) to its target."""
    major, minor = (int(x) for x in P.K8S_VERSION.split(".")[:2])
    return tuple(f"{major}.{m}" for m in range(17, minor + 1))


def parse_k8s_version(text: str) -> str:
    """``1.32``, ``v1.32`` or ``1.32.4`` → ``"1.32"``; anything else is a usage error naming the known ones."""
    import re

    m = re.fullmatch(r"v?(\d+)\.(\d+)(?:\.\d+)?", text.strip())
    version = f"{int(m.group(1))}.{int(m.group(2))}" if m else None
    known = known_k8s_versions()
    if version is not None and version not in known and m and int(m.group(1)) == 1 and int(m.group(2)) < 17:
        fail(
            f"--k8s-version {text!r}: Kubernetes {version} is older than the Lease heartbeat (GA 1.17); not "
            f"modelled; expected one of {known[0]} to {known[-1]}"
        )
    if version not in known:
        fail(
            f"--k8s-version {text!r}: unknown Kubernetes version; expected one of {known[0]} to {known[-1]} "
            f"({', '.join(known)})"
        )
    return version


def fail(message: str) -> NoReturn:
    """One clear line, exit code 2, no traceback."""
    click.echo(f"nodereg: error: {message}", err=True)
    sys.exit(EXIT_USAGE)


#: ``--nodes any --pods any``: every cluster size at once.
ANY = "any"


class SizeOrAny(click.ParamType):
    """A cluster size in a range, or ``any``."""

    name = "N|any"

    def __init__(self, lo: int, hi: int) -> None:
        self.range = click.IntRange(lo, hi)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | str:
        if isinstance(value, str) and value.strip().lower() == ANY:
            return ANY
        try:
            return self.range.convert(value, param, ctx)  # type: ignore[no-any-return]
        except click.BadParameter:
            lo, hi = self.range.min, self.range.max
            self.fail(f"{value!r}: expected a number from {lo} to {hi}, or 'any'", param, ctx)


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
        fail(
            f"parameters break the timing constraint {c.id!r} ({c.why}); unset parameters take their "
            f"Kubernetes {P.K8S_VERSION} defaults"
        )
    if dropped:
        model = dataclasses.replace(
            model,
            constraints=tuple(c for c in model.constraints if c.id not in dropped),
            name=f"{model.name}+without-{'+'.join(dropped)}",
        )
    return model, dropped


def usage_error(exc: click.UsageError, where: str = "nodereg") -> NoReturn:
    """A usage error click found (a bad option value, a missing argument) as one line, exit 2.

    Click's own form is four lines (usage, hint, blank, error); nodereg's own checks print one
    (``fail``), and a CI log should read the same whichever found the mistake.
    """
    where = exc.ctx.command_path if exc.ctx is not None else where
    hint = ""
    if isinstance(exc, click.MissingParameter) and exc.param is not None and exc.param.name == "files":
        # `kubectl get ... | nodereg check` reads no stdin unless told: say how, not only what is missing
        hint = "; '-' reads standard input (kubectl get ... | nodereg check -)"
    msg = exc.format_message()
    if hint and msg.endswith("."):
        msg = msg[:-1]
    fail(f"{msg}{hint} (see '{where} --help')")


class GuardedGroup(click.Group):
    """Every command runs under one guard: an unexpected exception is one line and exit 4.

    Exit 1 means "a property is violated"; a crash must never read as a verdict in CI. The
    traceback is printed only with ``nodereg --debug`` (or ``NODEREG_DEBUG=1``). A usage error is
    one line and exit 2, as ``fail`` prints it.
    """

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise  # plain `nodereg`: the help, as click prints it
        except click.UsageError as exc:
            usage_error(exc)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:
            usage_error(exc, " ".join(x for x in (ctx.command_path, ctx.invoked_subcommand) if x))
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("nodereg: interrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:
            # the reader went away (`nodereg check ... | head`): stop without a word, as cat does when
            # SIGPIPE kills it (128 + 13), and never as an internal error
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (the flush at exit)
            sys.exit(EXIT_BROKEN_PIPE)
        except Exception as exc:  # the guard itself: nothing unexpected escapes as a traceback
            import os

            if ctx.params.get("debug") or os.environ.get("NODEREG_DEBUG"):
                import traceback

                traceback.print_exc()
            where = ctx.invoked_subcommand or "nodereg"
            text = " ".join(str(exc).split())[:300]
            click.echo(
                f"nodereg: internal error in '{where}': {type(exc).__name__}: {text} "
                "(a bug in nodereg, not a verdict; rerun with 'nodereg --debug' for the traceback)",
                err=True,
            )
            sys.exit(EXIT_INTERNAL)


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=GROUP_EXIT_CODES_HELP)
@click.option("--debug", is_flag=True, help="print the traceback of an internal error (exit 4)")
@click.version_option(package_name="nodereg")
def main(debug: bool) -> None:
    """nodereg: Kubernetes node registration and lifecycle, declared once, verified by Z3."""


@main.command(epilog=EXIT_CODES_HELP)
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--junit", "junit", type=click.Path(dir_okay=False, path_type=Path), help="write JUnit XML here")
@click.option(
    "--property",
    "props",
    multiple=True,
    metavar="ID",
    help="check only this row (repeatable): a catalogue property, or 'symmetry' or 'time-can-pass'",
)
@click.option(
    "--engine",
    type=click.Choice(["auto", "k-induction", "spacer", "bmc"]),
    default="auto",
    show_default=True,
    help="auto: induction, then Spacer, then BMC",
)
@click.option(
    "--timeout",
    "timeout",
    type=click.FloatRange(min=0.1),
    default=60.0,
    show_default=True,
    help="seconds per property and engine",
)
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE", help="fix a timing parameter")
@click.option(
    "--k8s-version",
    default=None,
    help="fix every timing parameter to this Kubernetes version's defaults (1.17 to "
    f"{P.K8S_VERSION}; 1.31 and earlier have the 40 s grace of #121793)",
)
@click.option(
    "--nodes",
    type=SizeOrAny(1, 16),
    default="2",
    show_default=True,
    help="nodes in the cluster checked, or 'any': proofs for every number of nodes and pods",
)
@click.option(
    "--pods",
    type=SizeOrAny(0, 16),
    default="2",
    show_default=True,
    help="pods in the cluster checked, or 'any' (with --nodes any)",
)
@click.option("--parameterized", is_flag=True, help="the same as --nodes any --pods any")
@click.option("--depth", type=click.IntRange(1, 200), default=14, show_default=True, help="BMC depth")
@click.option("--mutants", is_flag=True, help="check the seeded mutants instead: each must be killed")
@click.option(
    "--jobs", type=click.IntRange(1, 64), default=None, help="parallel worker processes (default: the machine's cores)"
)
@click.option(
    "--diagrams",
    "diagrams_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="draw every counterexample as a sequence diagram here",
)
def verify(
    fmt: str,
    junit: Path | None,
    props: tuple[str, ...],
    engine: str,
    timeout: float,
    params: tuple[str, ...],
    k8s_version: str | None,
    nodes: int | str,
    pods: int | str,
    parameterized: bool,
    depth: int,
    mutants: bool,
    jobs: int | None,
    diagrams_dir: Path | None,
) -> None:
    """Prove every node-lifecycle property (or kill every seeded mutant).

    With --nodes any --pods any, each property is proved for every cluster size at once, clusters
    with no pods included (bound ∀N,M: the run checks that a cluster with no pods behaves as one
    whose pod stays pending; if not, the bound says ∀N, M≥1), or its row says the size it was
    proved for (a sum over pods), or it is inconclusive with the reason.
    """
    every_size = parameterized or nodes == ANY or pods == ANY
    if every_size and not (
        (nodes == ANY and pods == ANY) or (parameterized and ANY not in (nodes, pods) and (nodes, pods) == (2, 2))
    ):
        fail(
            "--nodes any and --pods any go together (or use --parameterized alone): a proof for every "
            "number of nodes is one for every number of pods"
        )
    if every_size and engine != "auto":
        fail("--engine: proofs for every size use their own engine; leave --engine at auto")
    if every_size:
        nodes, pods = 2, 2
    from nodereg.model.semantics import Config, real_model
    from nodereg.properties.catalogue import ALL_PROPERTIES, PROPERTY_BY_ID

    fixed = parse_params(params)
    if k8s_version:
        base = P.defaults(parse_k8s_version(k8s_version))
        fixed = {**base, **fixed}
    from nodereg.verifier.runner import VERIFIER_ROWS

    # every row verify prints can be asked for: the catalogue's and the verifier's own two
    unknown = [p for p in props if p not in PROPERTY_BY_ID and p not in VERIFIER_ROWS]
    if unknown:
        fail(
            f"--property {unknown[0]!r}: unknown property; see 'nodereg properties' "
            f"(or the verifier's own rows: {', '.join(VERIFIER_ROWS)})"
        )
    if mutants and props:
        fail("--property: --mutants checks every property against each seeded mutant; leave --property out")
    model, dropped = check_admissible(fixed, real_model())
    if dropped and fmt == "table":
        click.echo(
            f"note: these parameters break the assumption(s) {', '.join(dropped)}; the properties "
            "that assume them are checked without it",
            err=True,
        )
    assert isinstance(nodes, int) and isinstance(pods, int)
    cfg = Config(nodes, pods)
    selected = [PROPERTY_BY_ID[p] for p in props if p in PROPERTY_BY_ID] if props else None
    rows = [p for p in props if p in VERIFIER_ROWS]
    import os

    jobs = jobs or os.cpu_count() or 1
    if mutants:
        _verify_mutants(fmt, cfg, timeout, depth, fixed, jobs, junit, every_size)
        return
    from nodereg.verifier.runner import verify as run
    from nodereg.verifier.runner import verify_every_size

    t0 = time.monotonic()
    if every_size:
        verdicts = verify_every_size(
            model, selected, timeout_s=timeout, fixed=fixed, bmc_depth=depth, jobs=jobs, small=cfg, rows=rows
        )
    else:
        verdicts = run(
            model, cfg, selected, engine=engine, timeout_s=timeout, fixed=fixed, bmc_depth=depth, jobs=jobs, rows=rows
        )
    wall = time.monotonic() - t0
    summary = {s: sum(1 for v in verdicts if v.status == s) for s in ("proved", "violated", "inconclusive", "vacuous")}
    if diagrams_dir is not None:
        _draw_counterexamples(diagrams_dir, verdicts)
    if junit is not None:
        _write_junit(junit, verdicts, wall)
    if fmt == "json":
        doc = {
            "properties": [v.as_json() | {"message": failure_line(v)} for v in verdicts],
            "summary": summary,
            "config": {
                "nodes": ANY if every_size else nodes,
                "pods": ANY if every_size else pods,
                "engine": "parameterized" if every_size else engine,
                "timeout": timeout,
                "parameters": {P.PARAM_BY_VAR[k].name: v for k, v in fixed.items()} or "symbolic",
                "symmetry": all(v.detail.get("symmetry_reduction", True) for v in verdicts),
                "seconds": round(wall, 3),
            },
        }
        if every_size:
            doc["not_every_size"] = short_of_every_size(verdicts)
        click.echo(json.dumps(doc, ensure_ascii=False))
    else:
        _print_table(verdicts, cfg, fixed, wall, len(ALL_PROPERTIES), every_size)
    if not every_size:
        sys.exit(_exit_code(summary))
    code = every_size_exit(summary, verdicts)
    if code == EXIT_INCONCLUSIVE and _exit_code(summary) == EXIT_OK:
        short = short_of_every_size(verdicts)
        click.echo(
            f"nodereg verify: {len(short)} row(s) proved, but not for every size ({', '.join(short[:3])}"
            f"{' ...' if len(short) > 3 else ''}): inconclusive for --nodes any (exit 3)",
            err=True,
        )
    sys.exit(code)


#: A run's outcome and its exit code; vacuous fails as a violation does (the property says nothing).
EXIT_BY_OUTCOME = {
    "proved": EXIT_OK,
    "violated": EXIT_VIOLATED,
    "vacuous": EXIT_VIOLATED,
    "inconclusive": EXIT_INCONCLUSIVE,
}


def run_outcome(summary: dict[str, int]) -> str:
    """The run's outcome from its verdict counts: a violation first, then vacuity, then inconclusive."""
    for status in ("violated", "vacuous", "inconclusive"):
        if summary.get(status):
            return status
    return "proved"


def _exit_code(summary: dict[str, int]) -> int:
    return EXIT_BY_OUTCOME[run_outcome(summary)]


def short_of_every_size(verdicts: Sequence[Any]) -> list[str]:
    """The rows of a ``--nodes any`` run that are proved, but not for every size (their bound is one
    size, "2×2", or "∀N, M≥1"): the run was asked for proofs for every size, so such a row is no pass.

    Round 15 of bugs written apart: a scheduler cache that forgets requests once the cluster has 4
    nodes left ``requested-is-sum-of-bound-requests`` "proved, 2×2 only" and the run exited 0.
    """
    from nodereg.verifier.runner import EVERY_SIZE

    return [v.id for v in verdicts if v.status == "proved" and v.bound != EVERY_SIZE]


def every_size_exit(summary: dict[str, int], verdicts: Sequence[Any]) -> int:
    """The exit code of a ``--nodes any`` run: as any run's, but 3 (inconclusive) where every row is
    proved and some only for one size (:func:`short_of_every_size`)."""
    code = _exit_code(summary)
    return EXIT_INCONCLUSIVE if code == EXIT_OK and short_of_every_size(verdicts) else code


def _print_table(
    verdicts: list[Any], cfg: Any, fixed: dict[str, int], wall: float, total: int, every_size: bool = False
) -> None:
    from rich.markup import escape
    from rich.table import Table

    from nodereg.report import console as make_console

    console = make_console()
    timing = "symbolic timing" if not fixed else ", ".join(f"{P.PARAM_BY_VAR[k].name}={v}s" for k, v in fixed.items())
    size = "every number of nodes and pods" if every_size else f"{cfg.nodes} nodes × {cfg.pods} pods"
    table = Table(title=f"nodereg verify: {size}, {timing}")
    for col in ("property", "verdict", "engine", "bound", "seconds"):
        table.add_column(col, justify="right" if col in ("bound", "seconds") else "left", overflow="fold")
    colour = {"proved": "green", "violated": "red", "vacuous": "red", "inconclusive": "yellow"}
    for v in verdicts:
        name = f"{v.id} (lemma)" if v.lemma else v.id
        bound = "∞" if v.bound is None and v.status == "proved" else str(v.bound if v.bound is not None else "-")
        table.add_row(name, f"[{colour[v.status]}]{v.status}[/]", v.engine, bound, f"{v.seconds:.2f}")
    console.print(table)
    for v in verdicts:
        if v.status != "proved":
            console.print(f"[bold]{escape(v.id)}[/]: {escape(failure_line(v))}", highlight=False)
            if v.counterexample:
                for i, step in enumerate(v.counterexample):
                    where = ", ".join(f"{k}={step[k]}" for k in ("node", "pod") if step[k] is not None)
                    args = ", ".join(f"{k}={a}" for k, a in step["args"].items())
                    console.print(f"  {i:2d}. {step['event']}({', '.join(x for x in (where, args) if x)})")
    proved = sum(v.status == "proved" for v in verdicts)
    tail = (
        "∞ = unbounded proof; a witness of every premise found"
        if proved == len(verdicts)
        else "∞ = unbounded proof; only 'proved' rows are passes"
    )
    if every_size:
        every = sum(v.status == "proved" and v.bound == "∀N,M" for v in verdicts)
        # ∀N, M≥1: proved for every size with at least one pod (the no-pods embedding did not hold)
        some = sum(v.status == "proved" and v.bound == "∀N, M≥1" for v in verdicts)
        podded = f", {some} for every number of nodes and at least one pod (bound ∀N, M≥1)" if some else ""
        small = (
            f", {proved - every - some} for {cfg.nodes} nodes × {cfg.pods} pods only (bound {cfg.nodes}×{cfg.pods}: "
            "the row's reason in --format json says why)"
            if proved > every + some
            else ""
        )
        tail = f"{every} for every number of nodes and pods, 0 pods included (bound ∀N,M){podded}{small}; " + tail
    console.print(f"{proved}/{len(verdicts)} proved in {wall:.2f} s ({tail})")


def _write_junit(path: Path, verdicts: list[Any], wall: float) -> None:
    from nodereg.report import junit_verdicts

    _write_xml(path, junit_verdicts(verdicts, wall))


def _write_xml(path: Path, xml: Any) -> None:
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


def _mutant_row(args: tuple[str, Any, float, int, dict[str, int], bool]) -> dict[str, Any]:
    """Check one seeded mutant: every property is run; those violated with a replayed trace kill it.

    A mutant no property refutes is searched once more with the witnesses of every premise: a property
    made vacuous by the bug kills it too (``vacuous`` lists those), as plain ``verify`` exits 1 on it.

    In every-size mode the parameterized engine runs too: a property it proves for every size must
    not be one the small size's counterexample breaks (that would be an unsound proof: exit 4).
    """
    from nodereg.model.mutants import MUTANT_BY_ID
    from nodereg.verifier.runner import verify as run
    from nodereg.verifier.runner import verify_every_size

    mutant_id, cfg, timeout, depth, fixed, every_size = args
    mu = MUTANT_BY_ID[mutant_id]
    # the bounds a mutant is checked with: no unbounded engines, no witness search (see below)
    bounds: dict[str, Any] = {"timeout_s": timeout, "fixed": fixed, "bmc_depth": depth, "unbounded": False}
    if every_size:
        verdicts = verify_every_size(mu.model(), None, check_witnesses=False, small=cfg, **bounds)
    else:
        verdicts = run(mu.model(), cfg, None, check_witnesses=False, **bounds)
    # a kill is a replayed counterexample of a property a user reads; a lemma alone does not count
    broken = [v for v in verdicts if v.status == "violated" and v.counterexample and v.replayed]
    killed_by = [v.id for v in broken if not v.lemma]
    # not killed with a solver that gave up (a timeout on a loaded machine, say) is no survival
    unsettled = [v.id for v in verdicts if v.status == "inconclusive"]
    if every_size:
        # a row the bug leaves proved for one size only is not proved for every size, as asked: the
        # mutant is not "survived" (round 15: a cache bug from 4 nodes on left one row "2×2 only")
        unsettled += [i for i in short_of_every_size(verdicts) if i not in unsettled]
    vacuous: list[str] = []
    if not killed_by and not unsettled:
        # A bug that breaks no property may make a premise unreachable (kubelets that never stop: nothing is
        # ever silent). Plain `verify` calls that vacuous and exits 1, so it is caught, not a survival. The
        # witness search is only run here, for would-be survivors: it is the costly part of a run.
        witnessed = run(mu.model(), cfg, None, check_witnesses=True, **bounds)
        vacuous = [v.id for v in witnessed if v.status == "vacuous" and not v.lemma]
        unsettled = [] if vacuous else [v.id for v in witnessed if v.status == "inconclusive"]
    status = "killed" if killed_by or vacuous else "inconclusive" if unsettled else "survived"
    return {
        "id": mu.id,
        "description": mu.description,
        "reference": mu.reference,
        "status": status,
        "killed_by": killed_by + vacuous,
        "vacuous": vacuous,
        "inconclusive": unsettled,
        "lemmas_broken": [v.id for v in broken if v.lemma],
        "counterexample": next((v.counterexample for v in verdicts if v.id in killed_by[:1]), None),
    }


def _verify_mutants(
    fmt: str,
    cfg: Any,
    timeout: float,
    depth: int,
    fixed: dict[str, int],
    jobs: int,
    junit: Path | None = None,
    every_size: bool = False,
) -> None:
    from nodereg.model.mutants import MUTANTS

    work = [(mu.id, cfg, timeout, depth, fixed, every_size) for mu in MUTANTS]
    t0 = time.monotonic()
    if jobs > 1:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("fork")) as pool:
            rows = list(pool.map(_mutant_row, work))
    else:
        rows = [_mutant_row(w) for w in work]
    from nodereg.report import junit_mutants, mutant_line

    for r in rows:
        r["message"] = mutant_line(r)
    killed = sum(r["status"] == "killed" for r in rows)
    if junit is not None:
        _write_xml(junit, junit_mutants(rows, time.monotonic() - t0))
    if fmt == "json":
        click.echo(json.dumps({"mutants": rows, "score": killed / len(rows) if rows else 1.0}, ensure_ascii=False))
    else:
        from rich.markup import escape
        from rich.table import Table

        from nodereg.report import console

        table = Table(title="nodereg verify --mutants")
        for col in ("mutant", "status", "killed by"):
            table.add_column(col, overflow="fold")
        for r in rows:
            mark = {"killed": "[green]killed[/]", "inconclusive": "[yellow]inconclusive[/]"}.get(
                r["status"], "[red]survived[/]"
            )
            table.add_row(r["id"], mark, ", ".join(r["killed_by"]))
        out = console()
        out.print(table)
        for r in rows:
            if r["status"] != "killed":
                out.print(f"[bold]{escape(r['id'])}[/]: {escape(r['message'])}", highlight=False)
        click.echo(f"score: {killed}/{len(rows)}")
    survived = sum(r["status"] == "survived" for r in rows)
    sys.exit(EXIT_OK if killed == len(rows) else EXIT_VIOLATED if survived else EXIT_INCONCLUSIVE)


def catalogue_markdown() -> str:
    """The property catalogue as the Markdown table the README embeds (regenerated, never hand-edited)."""
    from nodereg.properties.catalogue import ALL_PROPERTIES

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    lines = ["| id | statement | formula | why it holds (upstream) |", "|---|---|---|---|"]
    for p in ALL_PROPERTIES:
        name = f"`{p.id}`" + (" (lemma)" if p.lemma else "")
        assumes = f" Assumes `{'`, `'.join(p.assumes)}`." if p.assumes else ""
        lines.append(
            f"| {name} | {cell(p.statement)}{assumes} | {cell(p.formula_text)} | {cell(p.why)} `{cell(p.source)}` |"
        )
    return "\n".join(lines) + "\n"


@main.command("properties", epilog="Exit codes: 0 listed; 2 bad usage; 141 the reader closed the output (| head).")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default="table", show_default=True)
def properties_cmd(fmt: str) -> None:
    """List the property catalogue."""
    from nodereg.properties.catalogue import ALL_PROPERTIES

    rows = [
        {
            "id": p.id,
            "statement": p.statement,
            "formula": p.formula_text,
            "why": p.why,
            "source": p.source,
            "kind": p.kind,
            "lemma": p.lemma,
            "assumes": list(p.assumes),
        }
        for p in ALL_PROPERTIES
    ]
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
        ("nodereg.schema", ("schema",)),
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
