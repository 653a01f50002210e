"""The checking loop: inputs (files or stdin) in, a :class:`Report` out.

Data flows one way (``[tool.importlinter]`` in ``pyproject.toml`` holds it): a reader per input
kind (:mod:`~nodereg.oracle.eventlog`, :mod:`~nodereg.oracle.watch`, :mod:`~nodereg.oracle.audit`,
:mod:`~nodereg.oracle.itf`, opened by :mod:`~nodereg.oracle.source`) yields typed items
(:mod:`~nodereg.oracle.record`), the monitor (:class:`~nodereg.oracle.core.Oracle`) checks them,
and this module gathers the report.

Everything is streamed: files are read in 4 MiB blocks and split into lines, one line is parsed
at a time, and the oracle keeps one small list per node and per pod, so memory grows with the
number of nodes and pods, never with the number of events. A line longer than
:data:`~nodereg.oracle.source.MAX_LINE` is an input error (a 1 GB file of one line is not a trace).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core import Oracle
from .record import EventRecord, InputError, Item, ObservedBinding, Violation, fmt_time
from .source import FORMATS, MAX_LINE, TOO_LONG, Source, json_line_error, lines, open_source, sniff

__all__ = [
    "FORMATS",
    "MAX_LINE",
    "TOO_LONG",
    "Report",
    "check",
    "json_line_error",
    "judged_nothing",
    "lines",
    "open_source",
    "sniff",
]


#: A coverage reason that says the property was judged for some nodes and not for others (a Node listed
#: without status next to Nodes with one, a Lease seen for some nodes only): ``... (checked for the other K)``.
_PARTLY = re.compile(r"\(checked for the other ([1-9][0-9]*)\)")


def judged_nothing(coverage: dict[str, str]) -> bool:
    """Whether a report's ``coverage`` (property -> "checked" | "not checked: REASON") judged no property
    on any node; an empty coverage (nothing was run) is not this case, the caller says why."""
    return bool(coverage) and all(v != "checked" and not _PARTLY.search(v) for v in coverage.values())


@dataclass
class Report:
    """The outcome of checking a trace."""

    events: int = 0
    nodes: int = 0
    #: of those, nodes only named by pods bound to them (the input never shows the Node)
    nodes_not_shown: int = 0
    violations: list[Violation] = field(default_factory=list)
    input_errors: list[InputError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    oracle: Oracle | None = None
    #: input objects the oracle could not interpret, by reason (never a silent pass)
    ignored: dict[str, int] = field(default_factory=dict)
    #: property -> "checked" or "not checked: REASON" (filled by the judgement, see core.py)
    coverage: dict[str, str] = field(default_factory=dict)

    @property
    def conforms(self) -> bool:
        return not self.violations and not self.input_errors

    @property
    def judged_nothing(self) -> bool:
        """No property was judged on any node (a pods-only or leases-only capture): inconclusive, never a
        pass, for ``nodereg check`` (exit 3) and the pytest plugin's ``check_trace`` alike. A property
        "not checked" for some nodes and "checked for the other K" was judged (a Node without status next
        to one with it: the one with it was checked, so the verdict is its verdict)."""
        return judged_nothing(self.coverage)

    def as_json(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "nodes": self.nodes,
            "nodes_not_shown": self.nodes_not_shown,
            "conforms": self.conforms,
            "violations": [
                {k: v.as_json()[k] for k in ("index", "line", "node", "pod", "property", "message")}
                | {"file": v.file, "t": v.t, "event": v.event}
                | ({"deadline": fmt_time(v.deadline)} if v.deadline is not None else {})
                for v in self.violations
            ],
            "input_errors": [e.as_json() for e in self.input_errors],
            "ignored": dict(self.ignored),
            "coverage": dict(self.coverage),
            "notes": self.notes,
        }


#: What each format's reader expects, for the "no events" error.
EXPECTED = {
    "events": 'JSON Lines of {"t": seconds, "event": EVENT, ...}',
    "k8s-watch": "Node, Pod or Lease objects: watch events, bare objects, lists or arrays, in JSON or YAML",
    "k8s-audit": "audit.k8s.io Event objects (JSON Lines, an EventList or an array)",
    "itf": "an ITF trace with states",
}


def check(
    sources: Iterable[str] | str | Path | Iterable[dict[str, Any]],
    *,
    fmt: str = "auto",
    params: dict[str, int] | None = None,
    k8s_version: str | None = None,
    slack: float = 5.0,
    keep_going: bool = False,
    strict: bool = False,
    oracle: Oracle | None = None,
    jobs: int | str = 1,
    allow_empty: bool = False,
) -> Report:
    """Check one trace given as paths (``-`` = stdin) or as an iterable of event dicts.

    Each path is opened once (pipes and FIFOs can be read only once): its format is sniffed from a
    peek of its head, which the reader then reads again. ``jobs > 1`` checks one regular ``events``
    file in that many processes (``"auto"``: as many as :func:`~nodereg.oracle.shard.auto_jobs` says),
    partitioned by node (:mod:`nodereg.oracle.shard`; the same report, with ``oracle=None``); other
    inputs use one. A trace of no events is an input error ("no events
    (expected ...)": a check that read nothing must not pass) unless ``allow_empty``.
    """
    from nodereg.model.params import K8S_VERSION

    from .arguments import check_check_args

    check_check_args(sources, fmt, params, k8s_version, slack, oracle, jobs)  # errors name the argument
    o = oracle or Oracle(params, k8s_version or K8S_VERSION, slack)
    if oracle is None:
        # a capture of a real cluster may say which version it runs and with which timing flags
        # (read by its reader before any judgement); what the caller gave wins
        o.timing_given = {"params": dict(params or {}), "k8s_version": k8s_version}
    rep = Report(oracle=o)
    if isinstance(sources, str | Path):
        sources = [str(sources)]
    items = list(sources) if not isinstance(sources, Iterator) else sources
    if isinstance(items, list) and items and all(isinstance(x, str | Path) for x in items):
        try:
            paths = capture_files([str(x) for x in items])
        except InputError as exc:
            rep.input_errors.append(exc)
            return _done(rep, o)
        o.notes.extend(subdirectories_left_out([str(x) for x in items]))
        opened: list[Source] = []
        try:
            try:
                for p in paths:
                    opened.append(Source(p))
                # an empty input has no format of its own: the others' (it adds no events either way)
                sniffed: list[str | None] = []
                unread: list[Source] = []
                for src in opened:
                    try:
                        sniffed.append(
                            None if fmt == "auto" and not src.head.strip() else sniff(src) if fmt == "auto" else fmt
                        )
                    except InputError as exc:
                        err = InputError(exc.message + src.hint(), exc.file, exc.line)
                        if not keep_going or len(opened) == 1:
                            raise err from None
                        # --keep-going: a file of no format nodereg reads (a support bundle's metadata.yaml
                        # in `nodereg check bundle/`) is reported and left out; the others are checked
                        rep.input_errors.append(err)
                        unread.append(src)
                if unread:
                    opened = [s for s in opened if s not in unread]
                    for src in unread:
                        src.close()
                    if not opened:
                        return _done(rep, o)
            except InputError as exc:
                rep.input_errors.append(exc)
                return _done(rep, o)
            if len(opened) > 1:
                # an empty file next to others adds no events and is no error, but a capture that came out
                # empty (a kubectl watch of the wrong namespace) must not pass unremarked: the notes name it
                for src, k in zip(opened, sniffed, strict=True):
                    if k is None and not src.head.strip():
                        o.notes.append(f"{src.name} is empty: nothing was read from it")
            given = {k for k in sniffed if k is not None}
            fmts = [k if k is not None else (next(iter(given)) if len(given) == 1 else "events") for k in sniffed]
            kinds = set(fmts)
            if len(kinds) > 1:
                rep.input_errors.append(
                    InputError(
                        "files of different formats: "
                        + ", ".join(f"{s.name} is {k}" for s, k in zip(opened, fmts, strict=True))
                    )
                )
                return _done(rep, o)
            kind = fmts[0]
            _check_sources(o, rep, kind, opened, keep_going, strict, jobs, oracle is None, params, slack)
            if rep.oracle is None:
                return rep
            # nothing read, or nothing interpretable (even with allow_empty: the input was not empty)
            if not rep.events and not rep.input_errors and (not allow_empty or rep.ignored):
                names = ", ".join(s.name for s in opened)
                what = f"; ignored: {_ignored_text(rep.ignored)}" if rep.ignored else ""
                # every input empty: no format was told, so none is named as expected (was: the events format's)
                expected = EXPECTED[kind] if given else "events, k8s-watch, k8s-audit or itf; the input is empty"
                # FILE:1: where the reader began and found nothing it could read (several files: each is named)
                rep.input_errors.append(
                    InputError(f"no events (expected {expected}){what}", names, 1 if len(opened) == 1 else None)
                )
        finally:
            for src in opened:
                src.close()
    else:
        from .events import normalise

        def dicts() -> Iterator[Item]:
            for i, ev in enumerate(items):
                try:
                    yield normalise(ev, "<events>", i + 1)
                except InputError as exc:
                    yield exc

        _feed(o, rep, dicts(), keep_going)
        if not rep.events and not rep.input_errors and not allow_empty:
            rep.input_errors.append(InputError(f"no events (expected {EXPECTED['events']})", "<events>"))
    return _done(rep, o)


def subdirectories_left_out(paths: list[str]) -> list[str]:
    """The notes naming, for each directory input, its subdirectories that hold capture files, which
    :func:`capture_files` leaves out: ``kubectl cluster-info dump --output-directory`` writes nodes.json at the
    top and each namespace's pods.json and events.json in a subdirectory (staging/src/k8s.io/kubectl/pkg/cmd/
    clusterinfo/clusterinfo_dump.go, Run: ``path.Join(namespace, "pods")``), so ``nodereg check dump/`` judges the
    Nodes without the pods bound to them, and the report must say so (was: "conforms" with no word of them)."""
    import os

    notes: list[str] = []
    for p in paths:
        if p == "-" or not os.path.isdir(p):
            continue
        subs: list[str] = []
        for n in sorted(os.listdir(p)):
            d = os.path.join(p, n)
            if n.startswith(".") or not os.path.isdir(d):
                continue
            if any(
                os.path.isfile(os.path.join(d, f)) and (f[:-3] if f.endswith(".gz") else f).endswith(CAPTURE_SUFFIXES)
                for f in os.listdir(d)
            ):
                subs.append(n)
        if subs:
            shown = ", ".join(subs[:8]) + (f" and {len(subs) - 8} more" if len(subs) > 8 else "")
            notes.append(
                f"{p} was read without its subdirectories {shown}, which hold capture files (a cluster-info "
                f"dump's namespaces): to judge them too, name their files (e.g. {os.path.join(p, '*', 'pods.json')})"
            )
    return notes


#: what a directory given as an input contributes: the files a capture is written to
CAPTURE_SUFFIXES = (".json", ".jsonl", ".yaml", ".yml", ".log", ".ndjson")


def capture_files(paths: list[str]) -> list[str]:
    """The inputs with each directory replaced by the capture files in it, sorted by name.

    ``nodereg check capture/`` is what one types after ``kubectl get ... -w > capture/nodes.json`` and
    the like: every ``.json``, ``.jsonl``, ``.ndjson``, ``.yaml``, ``.yml`` or ``.log`` file of the
    directory (gzipped too, and rotated audit logs ``audit.log.1``), checked together as one capture,
    as when they are named one by one. Hidden files and subdirectories are left out (a
    ``cluster-info dump``'s namespaces are named as before: ``dump/nodes.json dump/*/pods.json``).
    A directory with no such file is an input error naming it.
    """
    import os
    import re

    out: list[str] = []
    for p in paths:
        if p == "-" or not os.path.isdir(p):
            out.append(p)
            continue
        names = []
        for n in sorted(os.listdir(p)):
            base = n[:-3] if n.endswith(".gz") else n
            base = re.sub(r"\.\d+$", "", base)  # logrotate's audit.log.1
            if not n.startswith(".") and base.endswith(CAPTURE_SUFFIXES) and os.path.isfile(os.path.join(p, n)):
                names.append(os.path.join(p, n))
        if not names:
            raise InputError(
                "a directory with no capture file in it (expected " + ", ".join(CAPTURE_SUFFIXES) + " files, or .gz)",
                p,
            )
        out += names
    return out


def _ignored_text(ignored: dict[str, int]) -> str:
    return ", ".join(f"{n} {reason}" for reason, n in sorted(ignored.items(), key=lambda x: -x[1]))


def _check_sources(
    o: Oracle,
    rep: Report,
    kind: str,
    opened: list[Source],
    keep_going: bool,
    strict: bool,
    jobs: int | str,
    own_oracle: bool,
    params: dict[str, int] | None,
    slack: float,
) -> None:
    if kind == "events" and len(opened) == 1 and jobs != 1 and own_oracle and _plain_file(opened[0]):
        from .shard import auto_jobs, check_sharded

        n = auto_jobs(opened[0].path) if jobs == "auto" else int(jobs)
        sharded = None if n == 1 else check_sharded(opened[0].path, n, params, o.k8s_version, slack, keep_going, strict)
        if sharded is not None:
            rep.oracle = None
            rep.events, rep.nodes, rep.violations = sharded.events, sharded.nodes, sharded.violations
            rep.input_errors, rep.notes = sharded.input_errors, sharded.notes
            rep.coverage = sharded.coverage
            if not rep.events and not rep.input_errors:
                rep.input_errors.append(InputError(f"no events (expected {EXPECTED[kind]})", opened[0].name, 1))
            return
    if kind == "events" and len(opened) == 1:
        from .eventlog import check_events_file

        rep.events += check_events_file(o, opened[0], rep.input_errors, keep_going, strict)
    else:
        # a capture of a real cluster: a missed deadline is reported at the first event after it
        o.attribute = kind in ("k8s-watch", "k8s-audit")
        o.node_writes_seen = kind == "k8s-watch"
        _feed(o, rep, _stream(kind, opened, rep, keep_going, strict), keep_going)


def _plain_file(src: Source) -> bool:
    """A regular, uncompressed UTF-8 file: what the sharded check's workers can each open again."""
    import os

    return (
        src.path != "-"
        and src.encoding == "utf-8"
        and not src.path.endswith(".gz")
        and src.head[:2] != b"\x1f\x8b"
        and os.path.isfile(src.path)
    )


def _done(rep: Report, o: Oracle) -> Report:
    try:
        o.finish()
    except InputError as exc:  # pragma: no cover - finish reads no input
        rep.input_errors.append(exc)
    rep.violations = list(o.violations)
    rep.nodes = len(o.nodes)
    rep.nodes_not_shown = len(o.nodes_not_shown.intersection(o.nodes))
    rep.notes = list(dict.fromkeys(o.notes))[:50]
    rep.coverage = o.coverage()
    if rep.input_errors and not rep.events:
        # nothing read (a file of another format, an error at its first object, no events): no property
        # was checked on it, whatever the readers would have let the oracle judge
        rep.coverage = dict.fromkeys(rep.coverage, "not checked: nothing was read (see the input errors)")
    if o.skipped:
        rep.notes.append("not checked with these parameters (their timing assumption fails): " + ", ".join(o.skipped))
    return rep


def _feed(o: Oracle, rep: Report, stream: Iterator[Item], keep_going: bool) -> None:
    """Check every item of a reader's stream; an input error stops it unless ``keep_going``."""
    while True:
        try:
            item = next(stream)
        except StopIteration:
            return
        except InputError as exc:
            rep.input_errors.append(exc)
            if not keep_going:
                return
            continue
        if type(item) is InputError:
            rep.input_errors.append(item)
            if not keep_going:
                return
            continue
        try:
            o.feed(item)
            rep.events += 1
        except InputError as exc:
            rep.input_errors.append(exc)
            if not keep_going:
                return


def _time_key(x: Item) -> float:
    """Merge order of several ``events`` files: by time; an error comes out as soon as it is read."""
    return x.t if type(x) is EventRecord or type(x) is ObservedBinding else float("-inf")


def _stream(kind: str, paths: list[Source], rep: Report, keep_going: bool, strict: bool) -> Iterator[Item]:
    if kind == "events":
        import heapq

        from .eventlog import events_file

        yield from heapq.merge(*(events_file(p, strict) for p in paths), key=_time_key)
    elif kind == "itf":
        from .itf import read_itf

        for p in paths:
            yield from read_itf(p)
    elif kind == "k8s-watch":
        from .watch import watch_events

        yield from watch_events(paths, rep, keep_going)
    elif kind == "k8s-audit":
        from .audit import audit_events

        yield from audit_events(paths, rep, keep_going)
    else:
        raise InputError(f"unknown input format {kind!r} (expected one of {', '.join(FORMATS)})")
