"""Opening inputs: files, ``-`` (stdin), pipes and FIFOs; bounded-memory line splitting; format sniffing.

Below every reader and above only :mod:`~nodereg.oracle.record`. A stream is never seeked: the
format is sniffed from a buffered *peek* of its head, which the reader then reads again, so
``nodereg check <(kubectl ...)`` and a FIFO give the same result as a regular file.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import IO

from .record import InputError

MAX_LINE = 1 << 20  # bytes
BLOCK = 1 << 22
FORMATS = ("events", "k8s-watch", "k8s-audit", "itf")
#: A line longer than MAX_LINE, as :func:`blocks` yields it (compared by identity).
TOO_LONG = b"\x00too-long"


def open_source(path: str) -> tuple[str, IO[bytes]]:
    """``(display name, binary stream)`` of a path, ``-`` being stdin."""
    if path == "-":
        return "<stdin>", sys.stdin.buffer
    try:
        return path, open(path, "rb")
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path) from None


def close_source(f: IO[bytes]) -> None:
    """Close what :func:`open_source` opened (never stdin)."""
    if f is not sys.stdin.buffer:
        f.close()


def lines(f: IO[bytes], name: str) -> Iterator[tuple[int, bytes]]:
    """``(line number, bytes)`` for every non-blank line, in bounded memory (numbered :func:`blocks`)."""
    n = 0
    for parts in blocks(f):
        for part in parts:
            n += 1
            if part is TOO_LONG or part.strip():
                yield n, part


def json_line_error(raw: bytes, exc: Exception, name: str, n: int) -> InputError | None:
    """The input error for a line that did not parse (None: a blank line, which is skipped)."""
    if raw is TOO_LONG:
        return InputError(f"line longer than {MAX_LINE} bytes", name, n)
    if not raw.strip():
        return None
    return InputError(f"not JSON: {exc}", name, n)


def blocks(f: IO[bytes]) -> Iterator[list[bytes]]:
    """Lists of raw lines (blank ones included, so that line numbers count), in bounded memory.

    A line longer than :data:`MAX_LINE` is yielded as :data:`TOO_LONG` and its bytes are skipped
    up to its newline, so the lines after it are read as usual.
    """
    rest = b""
    while True:
        block = f.read(BLOCK)
        if not block:
            if rest:
                yield [rest if len(rest) <= MAX_LINE else TOO_LONG]
            return
        parts = (rest + block).split(b"\n") if rest else block.split(b"\n")
        rest = parts.pop()
        if len(rest) > MAX_LINE:
            # a line without end: report it once, then drop bytes up to its newline
            parts.append(TOO_LONG)
            rest = b""
            while True:
                block = f.read(BLOCK)
                if not block:
                    break
                i = block.find(b"\n")
                if i >= 0:
                    rest = block[i + 1 :]
                    break
            yield [x if len(x) <= MAX_LINE else TOO_LONG for x in parts]
            continue
        if parts and max(map(len, parts)) > MAX_LINE:
            parts = [x if len(x) <= MAX_LINE else TOO_LONG for x in parts]
        yield parts


def sniff(path: str) -> str:
    """Guess the format from the first object of a file (``--input auto``).

    On stdin the head is *peeked* from the buffered reader, so nothing is consumed; a pipe gives at
    least its first buffer (8 KiB), enough for the first object of every format.
    """
    if path == "-":
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
    return sniff_head(head, path)


def sniff_head(head: bytes, path: str) -> str:
    """The format of an input from its first bytes (see :func:`sniff`)."""
    text = head.decode("utf-8", "replace")
    if path.endswith(".itf.json") or ('"#meta"' in text[:4096] and '"states"' in text):
        return "itf"
    if '"audit.k8s.io/' in text[:4096] or '"auditID"' in text[:4096]:
        return "k8s-audit"
    stripped = text.lstrip()
    if (
        '"type"' in text[:4096]
        and '"object"' in text[:4096]
        and ('"ADDED"' in text or '"MODIFIED"' in text or '"DELETED"' in text or '"BOOKMARK"' in text)
    ):
        return "k8s-watch"
    if stripped.startswith("{") and '"event"' in text[:2048] and '"t"' in text[:2048]:
        return "events"
    if '"states"' in text and '"vars"' in text:
        return "itf"
    raise InputError("cannot tell the format (expected events, k8s-watch, k8s-audit or itf); say --input", path, 1)
