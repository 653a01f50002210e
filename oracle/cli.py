"""``nodereg check``, ``nodereg oracle --stdio`` and ``nodereg vectors`` (registered by nodereg.cli).

Imports stay light here: the oracle, Z3 and the parsers are imported inside the commands.
Exit codes of ``check``: 0 the trace conforms, 1 some violation, 2 unusable input (one line
``nodereg: error: FILE:LINE: what was expected`` per error on stderr, never a traceback), 3 no
property could be checked on the input (inconclusive, never a pass), 4 an
internal error of nodereg (one line; ``--debug`` shows the traceback).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from nodereg.model.params import K8S_VERSION

FORMAT_CHOICES = ["auto", "events", "k8s-watch", "k8s-audit", "itf"]


class _Jobs(click.ParamType):
    """``--jobs``: a number of processes (1 or more), or ``auto``."""

    name = "N|auto"

    def convert(self, value: Any, param: Any, ctx: Any) -> int | str:
        if value == "auto" or (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
            return value
        try:
            n = int(str(value))
        except ValueError:
            n = 0
        if n < 1:
            self.fail(f"{value!r} is not a number of processes (1 or more) or 'auto'", param, ctx)
        return n


JOBS = _Jobs()


def _params(items: tuple[str, ...], k8s_version: str | None) -> tuple[dict[str, int], str | None]:
    """The ``--param`` values and the ``--k8s-version`` given (None: not given; a capture may say)."""
    from nodereg.cli import parse_k8s_version, parse_params

    if k8s_version is not None:
        # the versions whose defaults nodereg knows, as verify and export take them (was: any x.y from
        # 1.17 on, so --k8s-version 2.0 ran with "the defaults of Kubernetes 2.0"; v1.32 refused)
        k8s_version = parse_k8s_version(k8s_version)
    return parse_params(items), k8s_version


def _err(msg: str) -> None:
    click.echo(f"nodereg: error: {msg}", err=True)


_common = [
    click.option(
        "--param",
        "params",
        multiple=True,
        metavar="NAME=VALUE",
        help="a timing parameter, e.g. node-monitor-grace-period=50s (default: upstream's)",
    ),
    click.option(
        "--k8s-version",
        default=None,
        help=f"take the defaults of this Kubernetes version (1.17 to {K8S_VERSION}; "
        "node-monitor-grace-period is 40s before 1.32, 50s since; default: the version a capture "
        f"of a cluster shows, else {K8S_VERSION})",
    ),
    click.option(
        "--slack",
        type=click.FloatRange(min=0),
        default=5.0,
        show_default=True,
        help="seconds of controller latency allowed before a timing promise counts as broken",
    ),
]


def _with_common(f: Any) -> Any:
    for opt in reversed(_common):
        f = opt(f)
    return f


@click.command("check")
@click.argument("files", nargs=-1, required=True)
@click.option(
    "--input",
    "fmt",
    type=click.Choice(FORMAT_CHOICES),
    default="auto",
    show_default=True,
    help="input format; auto looks at the first object of each file",
)
@click.option("--format", "out", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_with_common
@click.option("--keep-going", is_flag=True, help="report every input error and check the rest")
@click.option("--strict", is_flag=True, help="validate every events line with the JSON Schema (jsonschema)")
@click.option(
    "--states/--no-states",
    default=True,
    show_default=True,
    help="print the model state before and after each violation (text format)",
)
@click.option(
    "--jobs",
    "-j",
    type=JOBS,
    default="auto",
    show_default=True,
    help="check one events file in this many processes, sharded by node (same report); auto: one per idle "
    "core for a file of 32 MiB or more whose first lines name many nodes, else 1",
)
@click.option(
    "--allow-empty", is_flag=True, help="an input of no events conforms (default: exit 2, nothing was checked)"
)
@click.option("--debug", is_flag=True, help="on an internal error, print the traceback")
def check_command(
    files: tuple[str, ...],
    fmt: str,
    out: str,
    params: tuple[str, ...],
    k8s_version: str | None,
    slack: float,
    keep_going: bool,
    strict: bool,
    states: bool,
    jobs: int | str,
    allow_empty: bool,
    debug: bool,
) -> None:
    """Check a trace against the model: every step it forbids, with the property it breaks.

    FILES are one or more traces ('-' reads stdin; pipes, FIFOs and .gz files work): Kubernetes
    watch streams, lists or bare objects of nodes, pods and leases in JSON or YAML (merged by
    resourceVersion), API server audit logs (audit.k8s.io v1/v1beta1 Events, JSON Lines or
    EventList), nodereg events (JSON Lines) or ITF. UTF-8 with or without BOM, UTF-16 with BOM. A
    directory stands for every capture file in it (.json .jsonl .ndjson .yaml .yml .log, and .gz).

    \b
    Exit codes:
      0  the trace conforms
      1  some property is violated
      2  bad usage or unusable input (one line FILE:LINE: what was expected); also an input of
         no events, unless --allow-empty
      3  inconclusive: the input let no property be checked (e.g. a pods-only capture)
      4  internal error of nodereg (--debug prints the traceback)
    """
    import gc
    import json

    from .record import EXIT_INTERNAL, EXIT_USAGE, InputError
    from .run import check

    fixed, version = _params(params, k8s_version)
    try:
        rep = check(
            list(files),
            fmt=fmt,
            params=fixed,
            k8s_version=version,
            slack=slack,
            keep_going=keep_going,
            strict=strict,
            jobs=jobs,
            allow_empty=allow_empty,
        )
    except InputError as exc:  # pragma: no cover - check() collects them
        _err(str(exc))
        sys.exit(EXIT_USAGE)
    except KeyboardInterrupt:
        _err("interrupted")
        sys.exit(130)
    except Exception as exc:  # an internal error of nodereg, never "violations"
        _internal(exc, debug)
        sys.exit(EXIT_INTERNAL)
    # the process ends after the report: the interpreter's final collection would walk every object the
    # oracle kept (a second of a 100k-node check); frozen, they are left to the exit as they are
    gc.freeze()
    for e in rep.input_errors:
        _err(str(e))
    if out == "json":
        click.echo(json.dumps(rep.as_json(), ensure_ascii=False))
    elif rep.events or not rep.input_errors:
        _print_text(rep, states)
    # (nothing read: the error line on stderr is the whole report, not a summary of nothing under it)
    if rep.input_errors:
        sys.exit(2)
    if rep.conforms and _nothing_checked(rep):
        sys.exit(3)  # inconclusive: the input let no property be judged (a pods-only capture), never a pass
    sys.exit(0 if rep.conforms else 1)


def _nothing_checked(rep: Any) -> bool:
    """No property was judged on any node: inconclusive (exit 3), never a pass (``Report.judged_nothing``,
    which the pytest plugin's ``check_trace`` reads too)."""
    from .run import judged_nothing

    return judged_nothing(getattr(rep, "coverage", None) or {})


def _internal(exc: BaseException, debug: bool) -> None:
    if debug:
        import traceback

        traceback.print_exception(exc)
    where = ""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is not None:
        where = f" at {Path(tb.tb_frame.f_code.co_filename).name}:{tb.tb_lineno}"
    click.echo(
        f"nodereg: internal error: {type(exc).__name__}: {str(exc)[:200]}{where} (a bug in nodereg; "
        "--debug prints the traceback)",
        err=True,
    )


def _print_text(rep: Any, states: bool) -> None:
    for v in rep.violations:
        where = f"{v.file}:{v.line}" if v.line is not None else f"event {v.index}"
        who = f"node {v.node}" + (f", pod {v.pod}" if v.pod else "")
        click.echo(f"{where}: event {v.index} ({v.event}), {who}: [{v.property}] {v.message}")
        if states and v.before is not None and v.after is not None:
            changed = [k for k in v.after if v.before.get(k) != v.after[k] and not k.startswith("since_")]
            keys = ("ctl", "exists", "ready", "unschedulable", *changed)
            shown = list(dict.fromkeys(keys))
            click.echo("    before: " + ", ".join(f"{k}={v.before[k]}" for k in shown))
            click.echo("    after:  " + ", ".join(f"{k}={v.after[k]}" for k in shown))
    for n in rep.notes:
        click.echo(f"note: {n}")
    if rep.ignored:
        click.echo("ignored: " + ", ".join(f"{n} {why}" for why, n in sorted(rep.ignored.items(), key=lambda x: -x[1])))
    line = coverage_line(getattr(rep, "coverage", {}) or {})
    if line:
        click.echo(line)
    verdict = "conforms" if rep.conforms else f"{len(rep.violations)} violation(s)"
    if rep.conforms and _nothing_checked(rep):
        verdict = "inconclusive: no property could be checked on this input"
    if rep.input_errors:
        verdict = f"{len(rep.input_errors)} input error(s), {len(rep.violations)} violation(s): not a full check"
    unseen = getattr(rep, "nodes_not_shown", 0)
    shown = f" ({unseen} of them never shown, only named by pods bound to them)" if unseen else ""
    click.echo(f"{_count(rep.events, 'event')}, {_count(rep.nodes, 'node')}{shown}: {verdict}")


def _count(n: int, what: str) -> str:
    """``1 node``, ``2 nodes``."""
    return f"{n} {what}{'' if n == 1 else 's'}"


def coverage_line(coverage: dict[str, str]) -> str:
    """The properties the input could not show, in one line grouped by reason ("" if all were checked)."""
    from .core import NO_LEASE_STREAM

    by: dict[str, list[str]] = {}
    for pid, what in coverage.items():
        if what != "checked":
            by.setdefault(what.removeprefix("not checked: "), []).append(pid)
    parts = []
    for why, pids in by.items():
        if len(pids) == len(coverage):
            # (nothing was read, or nothing of it can be judged: naming all 70-odd ids says nothing more)
            return f"coverage: no property checked: {why}"
        # a long group names its first ids and how many more (``--format json`` gives each)
        shown = ", ".join(pids) if len(pids) <= LISTED else f"{', '.join(pids[:LISTED])} and {len(pids) - LISTED} more"
        if why == NO_LEASE_STREAM.split(":")[0]:
            parts.insert(0, f"{NO_LEASE_STREAM} ({shown})")
        else:
            parts.append(f"{shown} not checked: {why}")
    return "coverage: " + "; ".join(parts) if parts else ""


#: how many property ids a text coverage line names per reason
LISTED = 12


@click.command(
    "oracle",
    epilog="Exit codes: 0 the input ended (the verdicts are on the lines, violations included); 2 bad usage "
    "or stdin closed or unreadable; 4 internal error (its verdict line says so).",
)
@click.option("--stdio", is_flag=True, required=True, help="one event per line on stdin, one verdict per line out")
@click.option(
    "--input", "fmt", type=click.Choice(["events", "k8s-watch", "k8s-audit"]), default="events", show_default=True
)
@_with_common
def oracle_command(stdio: bool, fmt: str, params: tuple[str, ...], k8s_version: str | None, slack: float) -> None:
    """Answer one JSON verdict line per input line, flushed at once (for harnesses in other languages).

    Verdict: {"index": i, "line": n, "ok": bool, "violations": [{"property", "node", "pod",
    "message"}], "error": null or "what was expected"}. A bad line gets ok=false and an error, and
    the oracle goes on; a blank line gets no verdict. A line {"event": "end"} (events format) checks
    what time alone broke up to the last event and is answered like any other.
    """
    import orjson

    from nodereg.model.params import K8S_VERSION

    from .core import InputError, Oracle
    from .events import normalise

    fixed, version = _params(params, k8s_version)
    o = Oracle(fixed, version or K8S_VERSION, slack)
    adapter: Any = None
    if fmt == "k8s-watch":
        from .watch import WatchAdapter

        adapter = WatchAdapter(o)
    elif fmt == "k8s-audit":
        from .audit import AuditAdapter

        adapter = AuditAdapter(o)
    from .k8s import audit_items, watch_items
    from .record import EXIT_INTERNAL, EXIT_USAGE, ReadLog
    from .source import MAX_LINE

    sink = ReadLog()
    expand = watch_items if fmt == "k8s-watch" else audit_items

    stdin = sys.stdin
    try:
        if stdin is None or stdin.closed:
            raise ValueError
        buf = stdin.buffer  # Python sets sys.stdin to None when fd 0 is closed (`<&-`)
    except (AttributeError, OSError, ValueError):
        _err("<stdin>: cannot read: standard input is closed (oracle --stdio reads one event per line)")
        sys.exit(EXIT_USAGE)
    out = sys.stdout
    n = 0
    while True:
        try:
            raw = buf.readline(MAX_LINE + 1)
        except OSError as exc:
            _err(f"<stdin>:{n + 1}: cannot read: {exc.strerror or exc}")
            sys.exit(EXIT_USAGE)
        if not raw:
            break
        n += 1
        too_long = len(raw) > MAX_LINE
        if too_long:  # drop the rest of that line: the lines after it are read as usual
            while raw and not raw.endswith(b"\n"):
                raw = buf.readline(MAX_LINE)
        elif not raw.strip():
            continue
        verdict: dict[str, Any] = {"index": n - 1, "line": n, "ok": True, "violations": [], "error": None}
        found: list[Any] = []
        try:
            if too_long:
                raise InputError(f"line longer than {MAX_LINE} bytes", "<stdin>", n)
            try:
                ev = orjson.loads(raw)
            except orjson.JSONDecodeError as exc:
                hint = ""
                if raw.strip() in (b"{", b"["):
                    # `kubectl get ... -w -o json` prints each object over many lines: say how to feed it
                    hint = (
                        " (oracle --stdio reads one JSON object per line; kubectl's -o json is pretty-printed: "
                        "pipe it through jq -c, or check the whole stream with nodereg check -)"
                    )
                raise InputError(f"not JSON: {exc}{hint}", "<stdin>", n) from None
            if adapter is None:
                if isinstance(ev, dict) and ev.get("event") == "end" and len(ev) <= 2:
                    found = o.finish()
                else:
                    found = o.feed(normalise(ev, "<stdin>", n))
            else:
                for x in expand(ev, "<stdin>", n, sink):
                    if isinstance(x, InputError):
                        raise x
                    for item in adapter.feed(x, "<stdin>", n):
                        found += o.feed(item)
        except InputError as exc:
            verdict["ok"], verdict["error"] = False, str(exc)
        except Exception as exc:  # an internal error: say so on the verdict line, then exit 4
            verdict["ok"], verdict["error"] = False, f"internal error: {type(exc).__name__}: {str(exc)[:200]}"
            out.write(orjson.dumps(verdict).decode() + "\n")
            out.flush()
            _internal(exc, False)
            sys.exit(EXIT_INTERNAL)
        verdict["violations"] = [
            {"property": v.property, "node": v.node, "pod": v.pod, "message": v.message} for v in found
        ]
        if found:
            verdict["ok"] = False
        out.write(orjson.dumps(verdict).decode() + "\n")
        out.flush()


@click.command("vectors", epilog="Exit codes: 0 written; 2 bad usage or OUT not writable; 4 internal error.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), required=True)
@click.option(
    "--rlimit",
    type=click.IntRange(min=1, max=2**32 - 1),
    default=None,
    help="Z3 resource limit per query (deterministic, unlike a time limit; default 200000000)",
)
def vectors_command(out_dir: Path, rlimit: int | None) -> None:
    """Conformance vectors from the model (Z3): every transition, both guard outcomes, one violation per property.

    Writes *.events.jsonl and *.itf.json files and manifest.json into OUT; byte-for-byte
    deterministic.
    """
    from .vectors import RLIMIT, write_vectors

    try:
        summary = write_vectors(out_dir, rlimit or RLIMIT)
    except OSError as exc:
        _err(f"{out_dir}: {exc.strerror}")
        sys.exit(2)
    click.echo(
        f"{summary['vectors']} vectors in {out_dir}: {summary['edges_covered']}/{summary['edges']} "
        f"transitions, {summary['guards_covered']}/{summary['guards']} guard outcomes, "
        f"{summary['properties_covered']}/{summary['properties']} properties with a violating trace"
    )
    click.echo(f"{len(summary['unreachable_edges'])} transitions proved unreachable (listed in manifest.json)")
    for miss in summary.get("missing", []):
        click.echo(f"not covered: {miss}")
