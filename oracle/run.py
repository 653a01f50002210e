"""Streaming inputs and the checking loop: files (or stdin) in, a :class:`Report` out.

Everything is streamed: files are read in 4 MiB blocks and split into lines, one line is parsed
at a time, and the oracle keeps one small list per node and per pod, so memory grows with the
number of nodes and pods, never with the number of events. A line longer than
:data:`MAX_LINE` is an input error (a 1 GB file of one line is not a trace).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .core import InputError, Oracle, Position, Violation

MAX_LINE = 1 << 20  # bytes
FORMATS = ("events", "k8s-watch", "k8s-audit", "itf")
BLOCK = 1 << 22


@dataclass
class Report:
    """The outcome of checking a trace."""

    events: int = 0
    nodes: int = 0
    violations: list[Violation] = field(default_factory=list)
    input_errors: list[InputError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: property -> "checked" | "not checked: REASON" (``Oracle.coverage``)
    coverage: dict[str, str] = field(default_factory=dict)
    oracle: Oracle | None = None

    @property
    def conforms(self) -> bool:
        return not self.violations and not self.input_errors

    def as_json(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "nodes": self.nodes,
            "conforms": self.conforms,
            "violations": [{k: v.as_json()[k] for k in ("index", "line", "node", "pod", "property", "message")}
                           | {"file": v.file, "t": v.t, "event": v.event} for v in self.violations],
            "input_errors": [e.as_json() for e in self.input_errors],
            "notes": self.notes,
            "coverage": self.coverage,
        }


def open_source(path: str) -> tuple[str, IO[bytes]]:
    if path == "-":
        return "<stdin>", sys.stdin.buffer
    try:
        return path, open(path, "rb")
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path) from None


def lines(f: IO[bytes], name: str) -> Iterator[tuple[int, bytes]]:
    """``(line number, bytes)`` for every non-blank line, in bounded memory (numbered :func:`_blocks`)."""
    n = 0
    for parts in _blocks(f):
        for part in parts:
            n += 1
            if part is _TOO_LONG or part.strip():
                yield n, part


_TOO_LONG = b"\x00too-long"


def json_line_error(raw: bytes, exc: Exception, name: str, n: int) -> InputError | None:
    """The input error for a line that did not parse (None: a blank line, which is skipped)."""
    if raw is _TOO_LONG:
        return InputError(f"line longer than {MAX_LINE} bytes", name, n)
    if not raw.strip():
        return None
    return InputError(f"not JSON: {exc}", name, n)


def sniff(path: str) -> str:
    """Guess the format from the first object of a file (``--input auto``).

    On stdin the head is *peeked* from the buffered reader, so nothing is consumed; a pipe gives at
    least its first buffer (8 KiB), enough for the first object of every format.
    """
    if path == "-":
        import sys

        try:
            head = sys.stdin.buffer.peek(1 << 16)
        except (AttributeError, OSError, ValueError):
            raise InputError("--input auto cannot look ahead on this stdin; say --input FORMAT", "<stdin>") from None
        path = "<stdin>"
    else:
        try:
            with open(path, "rb") as f:
                head = f.read(1 << 16)
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror}", path) from None
    text = head.decode("utf-8", "replace")
    if path.endswith(".itf.json") or ('"#meta"' in text[:4096] and '"states"' in text):
        return "itf"
    if '"audit.k8s.io/' in text[:4096] or '"auditID"' in text[:4096]:
        return "k8s-audit"
    stripped = text.lstrip()
    if '"type"' in text[:4096] and '"object"' in text[:4096] and (
            '"ADDED"' in text or '"MODIFIED"' in text or '"DELETED"' in text or '"BOOKMARK"' in text):
        return "k8s-watch"
    if stripped.startswith("{") and '"event"' in text[:2048] and '"t"' in text[:2048]:
        return "events"
    if '"states"' in text and '"vars"' in text:
        return "itf"
    raise InputError("cannot tell the format (expected events, k8s-watch, k8s-audit or itf); say --input", path, 1)


def check(sources: Iterable[str] | str | Path | Iterable[dict[str, Any]], *, fmt: str = "auto",
          params: dict[str, int] | None = None, k8s_version: str | None = None, slack: float = 5.0,
          keep_going: bool = False, strict: bool = False, oracle: Oracle | None = None, jobs: int = 1) -> Report:
    """Check one trace given as paths (``-`` = stdin) or as an iterable of event dicts.

    ``jobs > 1`` checks one ``events`` file in that many processes, partitioned by node
    (:mod:`nodereg.oracle.shard`; the same report, with ``oracle=None``); other inputs use one.
    """
    from nodereg.model.params import K8S_VERSION

    o = oracle or Oracle(params, k8s_version or K8S_VERSION, slack)
    rep = Report(oracle=o)
    if isinstance(sources, str | Path):
        sources = [str(sources)]
    items = list(sources) if not isinstance(sources, Iterator) else sources
    if isinstance(items, list) and items and all(isinstance(x, str | Path) for x in items):
        paths = [str(x) for x in items]
        try:
            fmts = [sniff(p) if fmt == "auto" else fmt for p in paths]
        except InputError as exc:
            rep.input_errors.append(exc)
            return _done(rep, o)
        kinds = set(fmts)
        if len(kinds) > 1:
            rep.input_errors.append(InputError(f"files of different formats: {', '.join(sorted(kinds))}"))
            return _done(rep, o)
        kind = fmts[0]
        if kind == "events" and len(paths) == 1 and jobs > 1 and oracle is None and paths[0] != "-":
            from .shard import check_sharded

            sharded = check_sharded(paths[0], jobs, params, o.k8s_version, slack, keep_going, strict)
            if sharded is not None:
                return sharded  # type: ignore[no-any-return]
        if kind == "events" and len(paths) == 1:
            _check_events_file(o, rep, paths[0], keep_going, strict)
        else:
            stream = _stream(kind, paths, rep, keep_going, strict)
            _feed(o, rep, stream, keep_going)
    else:
        from .events import normalise

        def dicts() -> Iterator[tuple[Any, ...]]:
            for i, ev in enumerate(items):
                yield (*normalise(ev, "<events>", i + 1), i + 1, "<events>")

        _feed(o, rep, dicts(), keep_going)
    return _done(rep, o)


def _done(rep: Report, o: Oracle) -> Report:
    try:
        o.finish()
    except InputError as exc:  # pragma: no cover - finish reads no input
        rep.input_errors.append(exc)
    rep.violations = list(o.violations)
    rep.nodes = len(o.nodes)
    rep.notes = list(dict.fromkeys(o.notes))[:50]
    rep.coverage = o.coverage()
    if o.skipped:
        rep.notes.append("not checked with these parameters (their timing assumption fails): "
                         + ", ".join(o.skipped))
    return rep


def _feed(o: Oracle, rep: Report, stream: Iterator[tuple[Any, ...]], keep_going: bool) -> None:
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
        if item[0] == "!error":
            rep.input_errors.append(item[1])
            if not keep_going:
                return
            continue
        if item[0] == "!violation":
            _, v = item
            o.index += 1
            v.index = o.index
            o.violations.append(v)
            rep.events += 1
            continue
        eid, t, node, pod, args, expect, extra, line, file = item
        try:
            o.apply(eid, t, node, pod, args, expect, extra, line=line, file=file)
            rep.events += 1
        except InputError as exc:
            rep.input_errors.append(exc)
            if not keep_going:
                return


def _stream(kind: str, paths: list[str], rep: Report, keep_going: bool, strict: bool) -> Iterator[tuple[Any, ...]]:
    if kind == "events":
        import heapq

        its = [_events_file(p, keep_going, strict, rep) for p in paths]
        yield from heapq.merge(*its, key=lambda x: x[1])
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


def _events_file(path: str, keep_going: bool, strict: bool, rep: Report) -> Iterator[tuple[Any, ...]]:
    import orjson

    from .events import normalise, validator

    name, f = open_source(path)
    val = validator() if strict else None
    try:
        for n, raw in lines(f, name):
            try:
                if raw is _TOO_LONG:
                    raise InputError(f"line longer than {MAX_LINE} bytes", name, n)
                try:
                    ev = orjson.loads(raw)
                except orjson.JSONDecodeError as exc:
                    raise InputError(f"not JSON: {exc}", name, n) from None
                if val is not None:
                    _strict(val, ev, name, n)
                yield (*normalise(ev, name, n), n, name)
            except InputError as exc:
                if not keep_going:
                    raise
                rep.input_errors.append(exc)
    finally:
        if f is not sys.stdin.buffer:
            f.close()


def _strict(val: Any, ev: Any, name: str, n: int) -> None:
    err = next(iter(val.iter_errors(ev)), None)
    if err is not None:
        where = "/".join(str(x) for x in err.absolute_path) or "event"
        raise InputError(f"schema: {where}: {err.message[:200]}", name, n)


def _blocks(f: IO[bytes]) -> Iterator[list[bytes]]:
    """Lists of raw lines (blank ones included, so that line numbers count), in bounded memory."""
    rest = b""
    while True:
        block = f.read(BLOCK)
        if not block:
            if rest:
                yield [rest if len(rest) <= MAX_LINE else _TOO_LONG]
            return
        parts = (rest + block).split(b"\n") if rest else block.split(b"\n")
        rest = parts.pop()
        if len(rest) > MAX_LINE:
            # a line without end: report it once, then drop bytes up to its newline
            parts.append(_TOO_LONG)
            rest = b""
            while True:
                block = f.read(BLOCK)
                if not block:
                    break
                i = block.find(b"\n")
                if i >= 0:
                    rest = block[i + 1:]
                    break
            yield [x if len(x) <= MAX_LINE else _TOO_LONG for x in parts]
            continue
        if parts and max(map(len, parts)) > MAX_LINE:
            parts = [x if len(x) <= MAX_LINE else _TOO_LONG for x in parts]
        yield parts


def _fast_table(o: Oracle) -> dict[str, Any]:
    """event -> its compiled inline step ``(parsed line, NodeRec, t) -> bool`` (see ``compile.py``)."""
    from .core import NODE_EVENTS

    if not o.use_fast:
        return {}
    return {eid: ec.inline for eid, ec in o.c.events.items() if ec.inline is not None and eid in NODE_EVENTS}


def _check_events_file(o: Oracle, rep: Report, path: str, keep_going: bool, strict: bool) -> None:
    """The hot loop: one file in the ``events`` format; plain node events run the compiled fast step inline.

    The inline path accepts exactly the lines :func:`~nodereg.oracle.events.normalise` accepts for
    those events (same keys, same types); anything else, and every step the fast step declines,
    goes through ``normalise`` and ``Oracle.apply``.
    """
    import orjson

    from .events import normalise, validator

    loads, JSONDecodeError = orjson.loads, orjson.JSONDecodeError
    val = validator() if strict else None
    try:
        name, f = open_source(path)
    except InputError as exc:
        rep.input_errors.append(exc)
        return
    fast = {} if val is not None else _fast_table(o)
    nodes = o.nodes
    count = 0  # events checked by the slow path
    n = 0
    index0 = index = o.index
    last = o.now if o.now is not None else -1.0
    at = 0  # the line of the last event checked: where what the end of the trace reveals is reported
    stop = False
    try:
        for parts in _blocks(f):
            for raw in parts:
                n += 1
                try:
                    ev = loads(raw)
                except JSONDecodeError as exc:
                    err = json_line_error(raw, exc, name, n)
                    if err is None:
                        continue
                    rep.input_errors.append(err)
                    if not keep_going:
                        stop = True
                        break
                    continue
                # the common line: a node event of a known node, in order, before the node's alarm,
                # that its inline step accepts as it is (no finding, no slow-path bookkeeping)
                try:
                    h = fast[ev["event"]]
                    rec = nodes[ev["node"]]
                    t = ev["t"]
                except (KeyError, TypeError):
                    pass
                else:
                    if (t.__class__ is float or t.__class__ is int) and last <= t <= rec.alarm and h(ev, rec, t):
                        last = t
                        index += 1
                        at = n
                        continue
                o.index, o.now = index, (last if last >= 0 else None)
                try:
                    if val is not None:
                        _strict(val, ev, name, n)
                    eid, t, node, pod, args, expect, extra = normalise(ev, name, n)
                    o.apply(eid, t, node, pod, args, expect, extra, line=n, file=name)
                    last = t
                    at = n
                    count += 1
                    index0 += o.index - index  # the slow path's own index steps are not fast events
                except InputError as exc:
                    index0 += o.index - index
                    rep.input_errors.append(exc)
                    if not keep_going:
                        stop = True
                        break
                index = o.index
            if stop:
                break
    finally:
        o.index = index
        if last >= 0:
            o.now = last
        if at:
            o._pos = Position(index, at, name)
        if f is not sys.stdin.buffer:
            f.close()
    count += index - index0
    rep.events += count
