"""Reading real Kubernetes JSON: timestamps, quantities, streams of concatenated objects, taints.

Shared by the watch and audit adapters. Everything here is total: a malformed value becomes an
:class:`~nodereg.oracle.core.InputError` naming file and line, never an exception of its own.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import IO, Any, NamedTuple

from nodereg.model import declaration as d

from .record import InputError, fmt_time, json_type

MAX_OBJECT = 16 << 20  # bytes of one JSON object in a stream
#: How long after a Lease watch's (or audit log's) last event the input must go on before its
#: kubelets' heartbeats count as unseen (two renew intervals: a live kubelet renews every 10 s)
LEASE_WATCH_QUIET = 20.0


def parse_time(v: Any, what: str, file: str | None, line: int | None) -> float:
    """RFC 3339 (``2024-05-01T10:00:10.123456Z``) to epoch seconds."""
    if not isinstance(v, str):
        raise InputError(f"{what}: expected an RFC 3339 timestamp, got {v!r:.60}", file, line)
    try:
        x = dt.datetime.fromisoformat(v.replace("Z", "+00:00"))
        if x.tzinfo is None:
            x = x.replace(tzinfo=dt.UTC)
        return x.timestamp()
    except (ValueError, OverflowError):
        raise InputError(f"{what}: expected an RFC 3339 timestamp, got {v!r:.60}", file, line) from None


#: resource.Quantity's suffixes (apimachinery/pkg/api/resource/suffix.go newSuffixer): decimal SI
#: (base 10, exponent) and binary SI (base 2, exponent); any other suffix is ``e``/``E`` and an exponent
_DECIMAL_SUFFIXES = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
_BINARY_SUFFIXES = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
_SUFFIX_CHARS = frozenset("eEinumkKMGTP")
_INT32_MAX = (1 << 31) - 1
_INT64_MAX = (1 << 63) - 1  # resource.mostPositive, and maxAllowed (a BinarySI amount's cap)
_INT64_MIN = -(1 << 63)  # resource.mostNegative
_NANO = Fraction(1, 10**9)


def _quantity_parts(text: str) -> tuple[bool, str, str, str] | None:
    """apimachinery resource.parseQuantityString: (positive, numerator, denominator, suffix), None
    where upstream returns ErrFormatWrong. A port of the scanner, quirks included: ``"."``, ``"+"``
    and ``"1."`` are numbers (0, 0, 1), a suffix is letters of ``eEinumkKMGTP``, a sign, then digits."""
    pos, end, positive = 0, len(text), True
    if text[:1] in ("-", "+"):
        positive = text[0] == "+"
        pos = 1
    while pos < end and text[pos] == "0":
        pos += 1
    if pos >= end:
        return positive, "0", "", ""
    start = pos
    while pos < end and text[pos].isascii() and text[pos].isdigit():
        pos += 1
    num = text[start:pos] or "0"
    denom = ""
    if pos < end and text[pos] == ".":
        pos += 1
        start = pos
        while pos < end and text[pos].isascii() and text[pos].isdigit():
            pos += 1
        denom = text[start:pos]
    suffix_start = pos
    while pos < end and text[pos] in _SUFFIX_CHARS:
        pos += 1
    if pos < end and text[pos] in "+-":
        pos += 1
    while pos < end and text[pos].isascii() and text[pos].isdigit():
        pos += 1
    if pos < end:
        return None
    return positive, num, denom, text[suffix_start:]


def parse_quantity(text: str) -> tuple[Fraction, str] | None:
    """apimachinery resource.ParseQuantity: the exact value and format (``DecimalSI``, ``BinarySI``,
    ``DecimalExponent``), None where upstream returns an error.

    As upstream: a non-zero value is rounded away from zero to a whole number of nano units ("if
    you want some resources, you should get some resources": ``3.001n`` is 4n, ``0.5e-9`` is 1n), a
    BinarySI magnitude is capped at maxAllowed (2^63-1), a BinarySI value below 1 is DecimalSI, and
    an exponent outside int32 is an error (suffix.go interpret). The readers used to take ``float()``
    of the text, which read ``1Ki``, ``2G`` and ``1500u`` (what an API server prints for 1.5m) as
    no request at all, and ``" 1"`` or ``"1_000"`` as numbers.
    """
    if not text:
        return None
    if text == "0":
        return Fraction(0), "DecimalSI"
    parts = _quantity_parts(text)
    if parts is None:
        return None
    positive, num, denom, suffix = parts
    if suffix in _DECIMAL_SUFFIXES:
        base, exponent, fmt = 10, _DECIMAL_SUFFIXES[suffix], "DecimalSI"
    elif suffix in _BINARY_SUFFIXES:
        base, exponent, fmt = 2, _BINARY_SUFFIXES[suffix], "BinarySI"
    elif len(suffix) > 1 and suffix[0] in "eE" and re.fullmatch(r"[+-]?[0-9]+", suffix[1:]):
        base, exponent, fmt = 10, int(suffix[1:]), "DecimalExponent"
        if not -_INT32_MAX <= exponent <= _INT32_MAX:
            return None
    else:
        return None
    if not (num + denom).strip("0"):
        return Fraction(0), fmt
    if fmt != "BinarySI" and len(num + denom) <= 19 and exponent - len(denom) >= -9 and int(num + denom) > _INT64_MAX:
        return None  # the int64 fast path: strconv.ParseInt of the digits fails (ErrNumeric), no fallback
    # far outside what a quantity can mean: saturate (or round up to 1n) without building 10^2147483647
    # (num carries no leading zero, so a numerator of n digits is at least 10^(n-1))
    if num != "0" and (exponent if base == 10 else exponent // 3) + len(num) - 1 > 40:
        amount = Fraction(_INT64_MAX) * 10**22
    elif base == 10 and exponent + len(num) < -40:
        amount = _NANO
    else:  # (Decimal, not int(): a numeral past Python's 4300-digit int limit stays total)
        amount = Fraction(Decimal(f"{num}.{denom or '0'}")) * Fraction(base) ** exponent
    nanos = -((-amount) // _NANO)  # ceil: round up to a whole nano
    amount = nanos * _NANO
    if fmt == "BinarySI" and amount > _INT64_MAX:
        amount = Fraction(_INT64_MAX)
    if fmt == "BinarySI" and amount < 1:
        fmt = "DecimalSI"
    return (amount if positive else -amount), fmt


def milli_value(amount: Fraction) -> int:
    """resource.Quantity.MilliValue: ceil(q * 1000) rounded away from zero, saturating at the int64
    rails (math.go positiveScaleInt64 and scaledValue: "on overflow it ... saturates")."""
    m = abs(amount) * 1000
    magnitude = -(-m.numerator // m.denominator)
    return max(_INT64_MIN, min(_INT64_MAX, magnitude if amount >= 0 else -magnitude))


def cpu_millis(q: Any) -> int | None:
    """A cpu quantity (``"4"``, ``"3800m"``, ``"0.5"``, ``"1500u"``, ``2``) in millicores as the scheduler
    counts it (NodeInfo: ``Quantity.MilliValue``), None if absent or not a quantity.

    Read as ``Quantity.UnmarshalJSON`` reads it: a JSON number or string, surrounding white space
    trimmed (strings.TrimSpace), then :func:`parse_quantity`.
    """
    if q is None or isinstance(q, bool):
        return None
    if isinstance(q, int):
        text = str(q)
    elif isinstance(q, float):
        if q != q or q in (float("inf"), float("-inf")):
            return None
        text = repr(q)
    elif isinstance(q, str):
        text = q.strip()
    else:
        return None
    parsed = parse_quantity(text)
    return None if parsed is None else milli_value(parsed[0])


def _quantity_fields(obj: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(path, value) of every resource quantity of a Pod or Node that the API server decodes as a Quantity: a
    container's (init, sidecar) ``resources.requests``/``limits``, the pod-level ``spec.resources`` and
    ``spec.overhead`` (core/v1 ResourceList), a Node's ``status.capacity`` and ``allocatable``."""
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    lists: list[tuple[str, Any]] = []
    for group in ("containers", "initContainers"):
        for i, c in enumerate(spec.get(group) or [] if isinstance(spec.get(group), list) else []):
            res = c.get("resources") if isinstance(c, dict) else None
            if isinstance(res, dict):
                lists += [(f"spec.{group}[{i}].resources.{k}", res.get(k)) for k in ("requests", "limits")]
    if isinstance(spec.get("resources"), dict):
        lists += [(f"spec.resources.{k}", spec["resources"].get(k)) for k in ("requests", "limits")]
    lists.append(("spec.overhead", spec.get("overhead")))
    status = obj.get("status") if isinstance(obj.get("status"), dict) else {}
    lists += [(f"status.{k}", status.get(k)) for k in ("capacity", "allocatable")]
    for path, rl in lists:
        if isinstance(rl, dict):
            for name, v in rl.items():
                yield f"{path}.{name}", v


def unparsable_quantity(obj: dict[str, Any]) -> str | None:
    """Why ``obj`` (a Pod or a Node, as stored or as a write's body) cannot be a cluster's, or None.

    A quantity the API server cannot parse (``cpu: "abc"``, ``memory: 1.5.5Gi``) makes it refuse the object:
    apimachinery's ``Quantity.UnmarshalJSON`` (``null`` is zero; a JSON string or number, trimmed, goes to
    ``ParseQuantity``, whose error fails the request's decoding), so no stored object, watch event or successful
    write carries one. Reading it as no request (0) would judge a capture that is not a cluster's; it is bad input.
    """
    for path, v in _quantity_fields(obj):
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, (str, int, float)):
            return f"{path} is {json_type(v)}, not a quantity"
        text = v.strip() if isinstance(v, str) else (str(v) if isinstance(v, int) else repr(v))
        if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
            return f"{path} {text} is not a quantity"
        if parse_quantity(text) is None:
            return (
                f"{path} {json.dumps(v)[:60]} is not a quantity (resource.ParseQuantity refuses it, so the API server "
                "stores no object that holds it)"
            )
    return None


class TopValue(NamedTuple):
    """One top-level value of a stream, where it starts, and where each of its list's items starts.

    ``item_lines`` (None when unknown, or when the value is on one line) gives a List's, an array's
    or an EventList's items their own lines, so that a violation or an input error about the 40th
    Node of ``kubectl get nodes -o json`` names that Node's line, not the file's first.
    """

    line: int
    value: Any
    item_lines: Sequence[int] | None = None


def objects(f: IO[bytes], name: str) -> Iterator[tuple[int, Any]]:
    """Every top-level value of a JSON or YAML stream: ``(line where it starts, value)``."""
    for top in top_values(f, name):
        yield top.line, top.value


def top_values(f: IO[bytes], name: str) -> Iterator[TopValue]:
    """Every top-level value of a JSON or YAML stream: ``(line where it starts, value, item lines)``.

    JSON: concatenated (pretty-printed or compact) values or JSON Lines; YAML (the stream does not
    start with ``{`` or ``[``): one value per document (``---``). A value that does not parse is
    yielded as ``(line, InputError)`` and reading resumes after it.
    """
    head = f.read(1 << 16)
    first = head.lstrip()[:1]
    rest = _Prefixed(head, f)
    if first and first not in b"{[":
        yield from yaml_documents(rest, name)
    else:
        yield from json_values(rest, name)


class _Prefixed:
    """``head`` then the rest of ``f`` (what :func:`objects` peeked to choose JSON or YAML)."""

    __slots__ = ("_f", "_head")

    def __init__(self, head: bytes, f: IO[bytes]) -> None:
        self._head, self._f = head, f

    def read(self, n: int = -1) -> bytes:
        if self._head:
            out, self._head = self._head, b""
            return out
        return self._f.read(n)


def yaml_documents(f: Any, name: str) -> Iterator[TopValue]:
    """The documents of a YAML stream (``kubectl get -o yaml``, KWOK files), one at a time.

    Split on ``---`` lines so that each document is parsed alone (bounded memory, a bad document
    does not hide the next) with PyYAML's C loader, and numbered by the line it starts on.
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    start, n, doc, size = 1, 0, [], 0
    rest = b""

    def parse(text: list[bytes], at: int) -> TopValue | None:
        body = b"".join(text)
        if not body.strip() or all(not x.strip() or x.lstrip().startswith(b"#") for x in text):
            return None
        if len(body) > MAX_OBJECT:
            return TopValue(at, InputError("YAML document larger than 16 MiB", name, at))
        try:
            value = yaml.load(body, Loader=loader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = at + mark.line if mark is not None else at
            what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            return TopValue(line, InputError(f"not YAML: {what}", name, line))
        except RecursionError:
            return TopValue(at, InputError("YAML nested too deeply", name, at))
        return TopValue(at, value, _yaml_item_lines(text, at, value))

    long: _YamlList | None = None  # a long List's document, read item by item
    tried = False

    def done() -> TopValue | None:
        return long.finish() if long is not None else parse(doc, start)

    while True:
        chunk = f.read(1 << 20)
        if not chunk:
            parts = [rest] if rest else []
        else:
            parts = (rest + chunk).split(b"\n")
            rest = parts.pop()
        for raw in parts:
            n += 1
            if raw.startswith(b"---") and raw[3:4] in (b"", b" ", b"\r", b"\t"):
                got = done()
                if got is not None:
                    yield got
                doc, size, start, long, tried = [], 0, n + 1, None, False
                tail = raw[3:].strip()
                if tail:  # "--- {a: 1}" or "--- !tag": content on the marker line
                    doc.append(tail + b"\n")
                    start = n
                continue
            if raw.startswith(b"...") and raw[3:4] in (b"", b" ", b"\r"):
                continue
            if long is not None:
                long.feed(raw + b"\n", n)
                continue
            if size + len(raw) + 1 > MAX_OBJECT and not tried:
                # longer than one document may be: a block List goes on one item at a time (up to here, as
                # one parse: anchors across items then still resolve)
                tried = True
                long = _YamlList.of(doc, start, loader, name)
                if long is not None:
                    long.feed(raw + b"\n", n)
                    doc, size = [], 0
                    continue
            size += len(raw) + 1
            if size <= MAX_OBJECT + 1:
                doc.append(raw + b"\n")
            elif size - len(raw) - 1 <= MAX_OBJECT + 1:
                doc.append(b"x" * (MAX_OBJECT + 2))  # too big: reported once, at its start
        if not chunk:
            got = done()
            if got is not None:
                yield got
            return


class _YamlList:
    """A long YAML List document (``kubectl get pods -A -o yaml`` of a large cluster), one item at a time.

    Block style as kubectl writes it: top-level keys at column 0, ``items:``, then each item a ``- `` line at
    one indentation with its lines below it. Each item is parsed alone (each at most MAX_OBJECT of text) and
    kept; the keys before and after the items are parsed together at the end. For YAML without anchors
    across items (kubectl writes none) this is the value one parse of the whole document gives.
    """

    def __init__(self, header: list[bytes], start: int, indent: int, loader: Any, name: str) -> None:
        self.header, self.start, self.indent, self.loader, self.name = header, start, indent, loader, name
        self.items: list[Any] = []
        self.lines: list[int] = []
        self.cur: list[bytes] = []
        self.cur_at, self.cur_size = 0, 0
        self.trailer: list[bytes] = []
        self.error: InputError | None = None

    @classmethod
    def of(cls, doc: list[bytes], start: int, loader: Any, name: str) -> _YamlList | None:
        """The document read so far as a block List, its lines fed again; None when it is not one."""
        at = next((k for k, raw in enumerate(doc) if raw.rstrip() == b"items:"), None)
        if at is None:
            return None
        first = next((raw for raw in doc[at + 1 :] if raw.strip() and not raw.lstrip().startswith(b"#")), b"")
        body = first.lstrip(b" ")
        if not (body.rstrip() == b"-" or body.startswith(b"- ")):
            return None
        out = cls(doc[:at], start, len(first) - len(body), loader, name)
        for k, raw in enumerate(doc[at + 1 :]):
            out.feed(raw, start + at + 1 + k)
        return out

    def feed(self, raw: bytes, n: int) -> None:
        if self.error is not None:
            return
        if self.trailer:
            self.trailer.append(raw)
            return
        body = raw.rstrip(b"\r\n")
        stripped = body.lstrip(b" ")
        if stripped and not stripped.startswith(b"#"):
            col = len(body) - len(stripped)
            if col == self.indent and (stripped == b"-" or stripped.startswith(b"- ")):
                self._item()
                self.cur_at = n
            elif col == 0 and not stripped.startswith(b"-"):
                self._item()
                self.trailer.append(raw)  # the keys after the items (kind, metadata)
                return
        self.cur.append(raw)
        self.cur_size += len(raw)
        if self.cur_size > MAX_OBJECT:
            self.error = InputError("YAML list item larger than 16 MiB", self.name, self.cur_at)

    def _item(self) -> None:
        """Parse the item read so far (a sequence of one element, at its own indentation)."""
        import yaml

        if self.error is not None or not any(x.strip() and not x.lstrip().startswith(b"#") for x in self.cur):
            self.cur, self.cur_size = [], 0
            return
        try:
            got = yaml.load(b"".join(self.cur), Loader=self.loader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = self.cur_at + mark.line if mark is not None else self.cur_at
            what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            self.error = InputError(f"not YAML: {what}", self.name, line)
            return
        except RecursionError:
            self.error = InputError("YAML nested too deeply", self.name, self.cur_at)
            return
        if not isinstance(got, list) or len(got) != 1:
            self.error = InputError("not YAML: a list item that is not one item", self.name, self.cur_at)
            return
        self.items.append(got[0])
        self.lines.append(self.cur_at)
        self.cur, self.cur_size = [], 0

    def finish(self) -> TopValue:
        import yaml

        self._item()
        if self.error is not None:
            return TopValue(self.error.line or self.start, self.error)
        try:
            keys = yaml.load(b"".join(self.header + self.trailer), Loader=self.loader) or {}
        except (yaml.YAMLError, RecursionError):
            keys = None
        if not isinstance(keys, dict) or "items" in keys:
            return TopValue(self.start, InputError("not YAML: a List's keys around its items", self.name, self.start))
        return TopValue(self.start, {**keys, "items": self.items}, tuple(self.lines) if self.items else None)


def json_values(f: Any, name: str) -> Iterator[TopValue]:
    """Every JSON value of a stream of concatenated (pretty-printed or compact) values or JSON Lines.

    Yields ``(line where the value starts, value, item lines)``, in bounded memory: one value at a
    time, at most :data:`MAX_OBJECT` of text, except a list (a JSON array, or an object with an
    ``items`` array: ``kubectl get pods -A -o json`` of a large cluster is hundreds of MiB), which is
    read item by item, each item at most :data:`MAX_OBJECT` (see :class:`_JsonStream`). A malformed
    value is yielded as ``(line, InputError)``; the stream then resumes at the next line that starts
    with ``{``.
    """
    yield from _JsonStream(f, name).values()


#: A value whose text is longer than this and still incomplete is read one member or item at a time.
STREAM_FROM = 4 << 20
#: Text of one list read item by item (the items are kept: the list is one snapshot).
MAX_LIST = 4 << 30


class _Incomplete(Exception):
    """The text ended inside a value."""


class _TooBig(Exception):
    """One member or item of a long list is itself longer than MAX_OBJECT."""


class _JsonStream:
    """The text of a JSON stream, read 1 MiB at a time; ``pos`` is where the unread text starts and
    ``line`` the line it is on. Text before ``pos`` is dropped when more is read."""

    CHUNK = 1 << 20  # bytes read at a time

    def __init__(self, f: Any, name: str) -> None:
        import codecs

        self.f, self.name = f, name
        self.utf8 = codecs.getincrementaldecoder("utf-8")("replace")  # a character split between reads stays whole
        self.buf, self.pos, self.line, self.eof = "", 0, 1, False
        self.dec = json.JSONDecoder()

    def more(self) -> bool:
        if self.eof:
            return False
        chunk = self.f.read(self.CHUNK)
        if not chunk:
            self.eof = True
            tail = self.utf8.decode(b"", final=True)
            if tail:
                self.buf = self.buf[self.pos :] + tail
                self.pos = 0
                return True
            return False
        self.buf = self.buf[self.pos :] + self.utf8.decode(chunk)
        self.pos = 0
        return True

    def values(self) -> Iterator[TopValue]:
        ws = " \t\r\n"
        while True:
            while True:
                while self.pos < len(self.buf) and self.buf[self.pos] in ws:
                    if self.buf[self.pos] == "\n":
                        self.line += 1
                    self.pos += 1
                if self.pos < len(self.buf) or not self.more():
                    break
            buf, pos, line = self.buf, self.pos, self.line
            if pos >= len(buf):
                return
            try:
                val, end = self.dec.raw_decode(buf, pos)
            except (json.JSONDecodeError, RecursionError) as exc:
                deep = isinstance(exc, RecursionError)
                epos = pos if deep else exc.pos  # type: ignore[union-attr]
                near_end = not deep and epos >= len(buf) - 65536
                size, container = len(buf) - pos, buf[pos] in "[{"
                if near_end and size <= MAX_OBJECT and (size <= STREAM_FROM or not container) and self.more():
                    continue
                if near_end and container and not self.eof:
                    got = self._members()
                    if got is not None:
                        yield got
                        continue
                    at, msg = self._why_at or self.line, self._why  # where reading it stopped
                else:
                    msg = (
                        "JSON value larger than 16 MiB"
                        if len(buf) - pos > MAX_OBJECT
                        else "JSON nested too deeply"
                        if deep
                        else f"not JSON: {exc.msg}"  # type: ignore[union-attr]
                    )
                    at = line + buf.count("\n", pos, min(epos, len(buf)))
                yield TopValue(at, InputError(msg, self.name, at))
                if not self._resync():
                    return
                continue
            if end == len(buf) and not self.eof and self.more():
                continue  # a number may go on in the next read ("1" of "10")
            yield TopValue(line, val, _json_item_lines(buf, pos, end, line, val))
            self.line += buf.count("\n", pos, end)
            self.pos = end

    def _resync(self) -> bool:
        """Skip to the next line that starts with ``{`` (False: the text ended first)."""
        while True:
            k = self.buf.find("\n{", self.pos + 1)
            if k >= 0:
                self.line += self.buf.count("\n", self.pos, k + 1)
                self.pos = k + 1
                return True
            self.line += self.buf.count("\n", self.pos)
            self.pos = len(self.buf)
            if not self.more():
                return False

    # -- a long list, item by item ---------------------------------------------------------------------

    _why = ""
    _why_at: int | None = None

    def _consume(self, i: int) -> None:
        """Everything before index ``i`` is read: count its lines, let ``more`` drop it."""
        self.line += self.buf.count("\n", self.pos, i)
        self.pos = i

    def _ws(self, i: int) -> int:
        while True:
            j = _WS.match(self.buf, i).end()  # type: ignore[union-attr]
            if j < len(self.buf):
                return j
            self._consume(j)
            if not self.more():
                raise _Incomplete
            i = 0

    def _value(self, i: int) -> tuple[Any, int]:
        """One JSON value at ``i`` (its text read in as needed, at most MAX_OBJECT), and its end."""
        self._consume(i)
        while True:
            try:
                val, end = self.dec.raw_decode(self.buf, self.pos)
                if end < len(self.buf) or not self.more():  # a number may go on in the next read
                    return val, end
                continue
            except json.JSONDecodeError as exc:
                incomplete = exc.pos >= len(self.buf) - 65536
                if incomplete and len(self.buf) - self.pos > MAX_OBJECT:
                    raise _TooBig from None
                if not incomplete or not self.more():
                    raise
            # (RecursionError propagates: nested too deeply)

    def _expect(self, i: int, chars: str) -> int:
        i = self._ws(i)
        if self.buf[i] not in chars:
            raise ValueError(f"expected {' or '.join(repr(c) for c in chars)}")
        return i

    def _items(self, i: int, lines: list[int], read: list[int]) -> tuple[list[Any], int]:
        """The array at ``i`` (``[``), item by item; each item's line is appended to ``lines``."""
        out: list[Any] = []
        i = self._ws(i + 1)
        if self.buf[i] == "]":
            return out, i + 1
        while True:
            self._consume(i)
            lines.append(self.line)
            val, i = self._value(self.pos)
            read[0] += i - self.pos
            if read[0] > MAX_LIST:
                raise ValueError("JSON list larger than 4 GiB")
            out.append(val)
            i = self._expect(i, ",]")
            if self.buf[i] == "]":
                return out, i + 1
            i = self._ws(i + 1)

    def _members(self) -> TopValue | None:
        """The long array or object at ``pos``, one item or member at a time (each at most MAX_OBJECT of
        text), an ``items`` array item by item with their lines; None, with ``_why``, when malformed."""
        start, lines, read = self.line, [], [0]
        self._why_at = None
        value: Any
        try:
            i = self.pos
            if self.buf[i] == "[":
                value, i = self._items(i, lines, read)
            else:
                value = {}
                i = self._ws(i + 1)
                while self.buf[i] != "}":
                    key, i = self._value(i)
                    if not isinstance(key, str):
                        raise ValueError("expected a key")
                    i = self._ws(self._expect(i, ":") + 1)
                    if key == "items" and self.buf[i] == "[" and "items" not in value:
                        value[key], i = self._items(i, lines, read)
                    else:
                        value[key], i = self._value(i)
                    i = self._expect(i, ",}")
                    if self.buf[i] == ",":
                        i = self._ws(i + 1)
                i += 1
        except _Incomplete:
            self._why = "not JSON: the text ends inside a value"
            return None
        except _TooBig:
            self._why = "JSON value larger than 16 MiB"
            return None
        except RecursionError:
            self._why = "JSON nested too deeply"
            return None
        except (ValueError, IndexError) as exc:
            self._why = f"not JSON: {getattr(exc, 'msg', None) or exc}"
            if isinstance(exc, json.JSONDecodeError):  # the line of the very character, as one parse names it
                self._why_at = self.line + self.buf.count("\n", self.pos, exc.pos)
            return None
        self._consume(i)
        items = _listed(value)
        known = bool(items) and len(lines) == len(items) and self.line > start  # (one line: no item lines)
        return TopValue(start, value, tuple(lines) if known else None)


_WS = re.compile(r"[ \t\r\n]*")
_DECODE = json.JSONDecoder().raw_decode


def _listed(value: Any) -> list[Any] | None:
    """The items of a list-shaped value (an array, or an object with an ``items`` array), else None."""
    if isinstance(value, list):
        return value
    if isinstance(value, dict) and isinstance(value.get("items"), list):
        return value["items"]
    return None


def _json_item_lines(buf: str, pos: int, end: int, line: int, value: Any) -> tuple[int, ...] | None:
    """The line each item of the list-shaped JSON value ``buf[pos:end]`` starts on (None: on one line).

    Walks the value's top level with the C decoder, one key or item at a time (a second parse of a
    snapshot, never of a watch stream's one-line events). Any surprise (a duplicate ``items`` key, an
    odd layout) gives None: the list's own line stands for its items, as before.
    """
    items = _listed(value)
    if not items or buf.find("\n", pos, end) < 0:
        return None
    try:
        i = pos
        if isinstance(value, dict):  # find the top-level "items" key, skipping the values before it
            i = _WS.match(buf, i + 1).end()  # type: ignore[union-attr]
            while True:
                key, i = _DECODE(buf, i)
                i = _WS.match(buf, i).end()  # type: ignore[union-attr]
                if buf[i] != ":":
                    return None
                i = _WS.match(buf, i + 1).end()  # type: ignore[union-attr]
                if key == "items":
                    break
                _, i = _DECODE(buf, i)
                i = _WS.match(buf, i).end()  # type: ignore[union-attr]
                if buf[i] != ",":
                    return None
                i = _WS.match(buf, i + 1).end()  # type: ignore[union-attr]
        if buf[i] != "[":
            return None
        i = _WS.match(buf, i + 1).end()  # type: ignore[union-attr]
        out: list[int] = []
        at, counted = line, pos
        while buf[i] != "]":
            at += buf.count("\n", counted, i)
            counted = i
            out.append(at)
            _, i = _DECODE(buf, i)
            i = _WS.match(buf, i).end()  # type: ignore[union-attr]
            if buf[i] == ",":
                i = _WS.match(buf, i + 1).end()  # type: ignore[union-attr]
    except (ValueError, IndexError, RecursionError):
        return None
    return tuple(out) if len(out) == len(items) else None


def _yaml_item_lines(text: list[bytes], at: int, value: Any) -> tuple[int, ...] | None:
    """The line each item of a list-shaped YAML document starts on (block style, as kubectl writes it).

    A top-level sequence's items are its ``- `` lines at column 0; a List's are the ``- `` lines at
    the indentation of the first one under the top-level ``items:`` key. Flow style or any other
    layout whose count of such lines is not the items' gives None (the document's line stands).
    """
    items = _listed(value)
    if not items:
        return None
    out: list[int] = []
    inside, indent = isinstance(value, list), 0 if isinstance(value, list) else -1
    for k, raw in enumerate(text):
        body = raw.rstrip(b"\r\n")
        stripped = body.lstrip(b" ")
        if not stripped or stripped.startswith(b"#"):
            continue
        col = len(body) - len(stripped)
        if not inside:
            if col == 0 and body.rstrip() == b"items:":
                inside = True
            continue
        if indent < 0 and stripped[:1] == b"-":
            indent = col
        if col == indent and (stripped == b"-" or stripped.startswith(b"- ")):
            out.append(at + k)
        elif col == 0 and not stripped.startswith(b"-"):
            if isinstance(value, list):
                return None
            inside = False  # the next top-level key
    return tuple(out) if len(out) == len(items) else None


def node_vars(obj: dict[str, Any]) -> dict[str, Any]:
    """The model's view of a Node object: Ready, conditions, cordon, taints (as expect names)."""
    from .compile import NI
    from .events import taint_bits

    spec = obj.get("spec") or {}
    status = obj.get("status") or {}
    conds = {c.get("type"): c for c in (status.get("conditions") or []) if isinstance(c, dict)}
    ready = conds.get("Ready", {}).get("status")
    out: dict[str, Any] = {
        "ready": {"True": "True", "False": "False", "Unknown": "Unknown"}.get(ready, "Absent"),
        "memory_pressure": conds.get("MemoryPressure", {}).get("status") == "True",
        "network_unavailable": conds.get("NetworkUnavailable", {}).get("status") == "True",
        "unschedulable": bool(spec.get("unschedulable")),
    }
    taints = [t for t in (spec.get("taints") or []) if isinstance(t, dict)]
    bits = taint_bits(taints)
    names = {i: k for k, i in NI.items()}
    for i, v in bits.items():
        out[names[i]] = d.EFFECT_NAMES[v] if names[i] == "custom_effect" else v
    if not bits.get(NI["taint_custom"]):
        out.pop("custom_effect", None)
    return out


def conditions(obj: dict[str, Any]) -> dict[str, dict[str, Any]]:
    status = obj.get("status") or {}
    return {c.get("type"): c for c in (status.get("conditions") or []) if isinstance(c, dict)}


def created_by_hand(obj: dict[str, Any]) -> bool:
    """Whether a Node was created by an administrator's kubectl (`kubectl create -f node.yaml` / `kubectl apply`, for a
    kubelet run with --register-node=false), as its managedFields tell: the API server names each writer's field
    manager (``--field-manager``, kubectl's defaults ``kubectl-create``, ``kubectl-client-side-apply``, ``kubectl``
    for server-side apply, ``kubectl-edit``...; a kubelet's is ``kubelet``), so a Node no kubelet wrote yet and a
    kubectl manager wrote was made by hand. Such a Node legitimately has no conditions until its kubelet first
    posts status (the node lifecycle controller waits node-startup-grace-period for it: tryUpdateNodeHealth,
    NodeStatusNeverUpdated); it is not a kubelet's registration."""
    fields = (obj.get("metadata") or {}).get("managedFields")
    if not isinstance(fields, list):
        return False
    managers = [str(f.get("manager", "")) for f in fields if isinstance(f, dict)]
    return any(m.startswith("kubectl") for m in managers) and not any(m.startswith("kubelet") for m in managers)


def _cpu_request(container: Any) -> int:
    if not isinstance(container, dict):
        return 0
    return cpu_millis(((container.get("resources") or {}).get("requests") or {}).get("cpu")) or 0


def pod_request(pod: dict[str, Any]) -> int:
    """The pod's cpu request in millicores, as NodeResourcesFit counts it (component-helpers
    resource.PodRequests): the containers' sum plus the restartable (sidecar) init containers, or
    more if an init container needs more while it runs (its own request plus the sidecars started
    before it: init containers run one at a time), or the pod-level ``spec.resources.requests`` cpu
    when set, plus ``spec.overhead``. Upstream's
    TestEnoughRequests "too many resources fails due to init container cpu" and "resources + pod
    overhead fits" rows: a sum of the containers alone let an overcommitting binding pass."""
    spec = pod.get("spec") or {}
    total = sum(_cpu_request(c) for c in spec.get("containers") or [])
    sidecars = init_peak = 0
    for c in spec.get("initContainers") or []:
        if isinstance(c, dict) and c.get("restartPolicy") == "Always":
            total += _cpu_request(c)
            sidecars += _cpu_request(c)
            init_peak = max(init_peak, sidecars)
        else:
            init_peak = max(init_peak, _cpu_request(c) + sidecars)
    containers = max(total, init_peak)
    # pod-level resources (PodRequests: ``!SkipPodLevelResources && IsPodLevelRequestsSet`` then
    # applyPodLevelResources): a cpu in spec.resources.requests replaces the containers' aggregate
    # (PodLevelResources, beta and on since 1.34; an API server with the gate off drops the field, so
    # a capture that carries it comes from a cluster that has it). Validation makes it at least the
    # containers' sum, so reading only the containers missed an overcommit.
    pod_level = spec.get("resources")
    requests = pod_level.get("requests") if isinstance(pod_level, dict) else None
    if isinstance(requests, dict) and "cpu" in requests:
        containers = cpu_millis(requests.get("cpu")) or 0
    overhead = spec.get("overhead")
    extra = (cpu_millis(overhead.get("cpu")) or 0) if isinstance(overhead, dict) else 0
    return containers + extra


# -------------------------------------------------------------------------------------------------
# Kubernetes objects in every serialisation, as the readers want them
# -------------------------------------------------------------------------------------------------

LISTS = {"List": None, "NodeList": "Node", "PodList": "Pod", "LeaseList": "Lease"}
LIFECYCLE_KINDS = ("Node", "Pod", "Lease")

#: Kinds of the node lifecycle that watches and lists are not read for, and why (the count in ``ignored``
#: must not call them "not part of the node lifecycle": a CSR is the TLS bootstrap's first step).
UNREAD_LIFECYCLE_KINDS = {
    "CertificateSigningRequest": (
        "CertificateSigningRequest objects (part of the TLS bootstrap, but not read from watches or lists: "
        "an object does not say who approved it; a watch's bootstrap is inferred from the Node's creation, "
        "and audit logs judge the CSR requests)"
    ),
}


#: The credential variables: what the TLS bootstrap (bootstrap token, CSR, approval, certificate) sets.
CREDENTIAL_VARS = frozenset({"csr", "cert"})
#: What else a property about the bootstrap alone reads: that the Node exists, that a heartbeat came.
_BOOTSTRAP_CONTEXT = frozenset({"exists", "heartbeat_unseen", "since_approved"})
#: Why a watch or list capture judges none of them: it holds no CSR, its bootstrap is inferred.
NO_BOOTSTRAP_IN_WATCH = (
    "watches and lists show no TLS bootstrap (CertificateSigningRequests are not read from them: an object does "
    "not say who approved it), so each node's kubelet is taken to hold its credentials; an audit log judges them"
)


def bootstrap_properties(reads: dict[str, frozenset[str]]) -> frozenset[str]:
    """The properties about the TLS bootstrap alone (``reads``: property id -> the variables it reads).

    They read a credential variable and nothing besides whether the Node exists or a heartbeat came. On a
    watch capture the reader infers each node's bootstrap (``CREDENTIALS``, ``"inferred": true``) when
    the node first shows, so such a property could never fail there: "checked" would be a silent pass.
    Derived from the catalogue's formulas (a new credential property is covered without an edit).
    """
    return frozenset(
        pid for pid, vs in reads.items() if vs & CREDENTIAL_VARS and vs <= CREDENTIAL_VARS | _BOOTSTRAP_CONTEXT
    )


def ignored_kind(kind: str | None) -> str:
    """The ``ignored`` reason for an object of ``kind`` the watch reader does not read."""
    if not kind:
        return "objects whose kind cannot be told (no kind; not shaped like a Node, Pod or Lease)"
    return UNREAD_LIFECYCLE_KINDS.get(kind, f"{kind} objects (not part of the node lifecycle)")


#: NodeStatus fields no other kind's status has (``infer_kind``)
_NODE_STATUS_ONLY = (
    "nodeInfo",
    "daemonEndpoints",
    "addresses",
    "volumesAttached",
    "allocatable",
    "images",
    "volumesInUse",
)


def infer_kind(obj: dict[str, Any]) -> str | None:
    """Node, Pod or Lease from an object's shape, for objects without ``kind`` (client-go, cluster-info dump).

    Pod: ``spec.containers``. Lease: ``spec.holderIdentity``/``renewTime``/``leaseDurationSeconds``.
    Node: ``status.nodeInfo``/``daemonEndpoints``/``addresses``/``allocatable``/``images``/``volumesInUse``,
    or ``spec.podCIDR``/``providerID``/``taints``/``unschedulable``. None when the shape says nothing.

    Of core/v1 ``NodeStatus``'s fields, ``allocatable``, ``images`` and ``volumesInUse`` belong to no other
    kind's status (a PersistentVolumeClaim's status has ``capacity`` and ``allocatedResources``, a Pod's
    ``conditions`` of type Ready too): a Node written with only capacity, allocatable and a Ready condition
    (kube-scheduler-simulator's Node template) is a Node, not an object whose kind cannot be told.
    """
    spec = obj.get("spec")
    status = obj.get("status")
    spec = spec if isinstance(spec, dict) else {}
    status = status if isinstance(status, dict) else {}
    if "containers" in spec:
        return "Pod"
    if any(k in spec for k in ("holderIdentity", "renewTime", "leaseDurationSeconds", "acquireTime")):
        return "Lease"
    if any(k in status for k in _NODE_STATUS_ONLY) or any(
        k in spec for k in ("podCIDR", "podCIDRs", "providerID", "taints", "unschedulable", "configSource")
    ):
        return "Node"
    return None


def _type_error(kind: str, name: Any, where: str, expected: str, got: Any) -> str:
    return f"{kind} {str(name)[:80]}: {where}: expected {expected}, got {json_type(got)}"


def shape_error(kind: str, obj: dict[str, Any]) -> str | None:
    """What is wrongly shaped in a Node/Pod/Lease for the fields the adapters read (None: fine).

    The adapters can then read these fields without a type check of their own, and a malformed
    object is one input error naming the field, never a traceback.
    """
    meta = obj.get("metadata")
    if not isinstance(meta, dict):
        return f"{kind}: metadata: expected an object, got {json_type(meta)}"
    name = meta.get("name")
    if not isinstance(name, str) or not name:
        return f"{kind}: missing metadata.name"
    for k in ("namespace", "resourceVersion", "creationTimestamp", "deletionTimestamp"):
        if k in meta and meta[k] is not None and not isinstance(meta[k], str):
            return _type_error(kind, name, f"metadata.{k}", "a string", meta[k])
    mf = meta.get("managedFields")
    if mf is not None and not isinstance(mf, list):
        return _type_error(kind, name, "metadata.managedFields", "a list", mf)
    for part in ("spec", "status"):
        if obj.get(part) is not None and not isinstance(obj[part], dict):
            return _type_error(kind, name, part, "an object", obj[part])
    spec = obj.get("spec") or {}
    status = obj.get("status") or {}
    lists = [("status.conditions", status.get("conditions"))]
    if kind == "Node":
        lists.append(("spec.taints", spec.get("taints")))
        for k in ("capacity", "allocatable"):
            if status.get(k) is not None and not isinstance(status[k], dict):
                return _type_error(kind, name, f"status.{k}", "an object", status[k])
    elif kind == "Pod":
        lists += [("spec.tolerations", spec.get("tolerations")), ("spec.containers", spec.get("containers"))]
        if spec.get("nodeName") is not None and not isinstance(spec["nodeName"], str):
            return _type_error(kind, name, "spec.nodeName", "a string", spec["nodeName"])
    for where, v in lists:
        if v is None:
            continue
        if not isinstance(v, list):
            return _type_error(kind, name, where, "a list", v)
        for x in v:
            if not isinstance(x, dict):
                return _type_error(kind, name, f"{where}[]", "objects", x)
            for k in (
                "type",
                "status",
                "key",
                "value",
                "effect",
                "operator",
                "lastHeartbeatTime",
                "lastTransitionTime",
                "timeAdded",
                "reason",
            ):
                if k in x and x[k] is not None and not isinstance(x[k], str):
                    return _type_error(kind, name, f"{where}[].{k}", "a string", x[k])
            if where == "spec.containers":
                res = x.get("resources")
                if res is not None and not (isinstance(res, dict) and isinstance(res.get("requests") or {}, dict)):
                    return _type_error(kind, name, f"{where}[].resources", "an object of requests", res)
            if (
                where == "spec.tolerations"
                and x.get("tolerationSeconds") is not None
                and (type(x["tolerationSeconds"]) is not int)
            ):
                return _type_error(kind, name, f"{where}[].tolerationSeconds", "an integer", x["tolerationSeconds"])
    if kind == "Lease" and spec.get("renewTime") is not None and not isinstance(spec["renewTime"], str):
        return _type_error(kind, name, "spec.renewTime", "a timestamp string", spec["renewTime"])
    return None


def watch_items(value: Any, name: str, line: int, sink: Any, item_lines: Sequence[int] | None = None) -> Iterator[Any]:
    """One top-level value of a capture as watch events the adapter reads, or InputErrors.

    A watch event passes as it is; a bare object, a ``List``/``NodeList``/``PodList``/``LeaseList`` and
    a JSON array are a snapshot: each object becomes ``{"type": "ADDED", "object": ...}`` (its kind
    from the list's kind or from its shape when it has none). Kinds other than Node, Pod and Lease,
    and objects whose kind cannot be told, are counted in ``sink.ignored`` (never silently dropped).
    A list's objects carry their own line (``item_lines``, see :class:`TopValue`) in ``.line``.
    """
    if isinstance(value, list):
        for k, x in enumerate(value):
            yield from _snapshot_item(x, None, name, item_lines[k] if item_lines else line, sink, listed=True)
        return
    if not isinstance(value, dict):
        yield InputError(f"expected a Kubernetes object or watch event, got {json_type(value)}", name, line)
        return
    kind = value.get("kind") if isinstance(value.get("kind"), str) else None
    if (kind in LISTS or (kind is not None and kind.endswith("List") and value.get("items", 0) is None)) and (
        not isinstance(value.get("items"), list)
    ):
        # a list whose items are null or missing: Go's encoding of a nil slice, an empty list (the kubelet's
        # /pods before its first pod: {"kind": "PodList", "items": null}; kubectl cluster-info dump's
        # events.json of a namespace without events: {"kind": "EventList", "items": null}, as its "items": []
        # is, not "1 EventList objects" ignored); anything else is no list
        if value.get("items") is not None:
            yield InputError(f"{kind}: items: expected an array, got {json_type(value['items'])}", name, line)
        return
    # (a list without kind: a List's metadata, or nothing but ``items``, as API clients' serialisations and
    # `jq '{items}'` write it: no object of any kind is only ``items``)
    if isinstance(value.get("items"), list) and (
        kind in LISTS
        or (kind is None and ("metadata" in value or set(value) <= {"items", "apiVersion"}))
        or (isinstance(kind, str) and kind.endswith("List"))
    ):
        of = LISTS.get(kind) if isinstance(kind, str) else None
        if of is None and isinstance(kind, str) and kind.endswith("List") and kind != "List":
            of = kind[:-4]
        for k, x in enumerate(value["items"]):
            yield from _snapshot_item(x, of, name, item_lines[k] if item_lines else line, sink, listed=True)
        return
    if "object" in value and "type" in value:
        typ, obj = value.get("type"), value.get("object")
        if typ in ("BOOKMARK", "ERROR"):
            from .record import ignore

            ignore(sink, f"watch {typ} events")
            return
        if not isinstance(obj, dict):
            yield InputError(f'watch event: "object": expected an object, got {json_type(obj)}', name, line)
            return
        okind = obj.get("kind") if isinstance(obj.get("kind"), str) else None
        okind = okind or infer_kind(obj)
        if okind not in LIFECYCLE_KINDS:
            from .record import ignore

            ignore(sink, ignored_kind(okind))
            return
        err = shape_error(okind, obj)
        if err is not None:
            yield InputError(err, name, line)
            return
        if obj.get("kind") != okind:
            value = {**value, "object": {**obj, "kind": okind}}
        yield value
        return
    yield from _snapshot_item(value, None, name, line, sink)


class Bare(dict):  # type: ignore[type-arg]
    """``{"type": "ADDED", "object": ...}`` of a bare object (``kubectl get -w -o json`` without
    ``--output-watch-events``): a list item or a change, which only its place in the file tells."""

    __slots__ = ("line",)

    def __init__(self, event: dict[str, Any], line: int) -> None:
        super().__init__(event)
        self.line = line  # where the object starts (a List's item: its own line)


class Listed(dict):  # type: ignore[type-arg]
    """``{"type": "ADDED", "object": ...}`` of an object read from a List or a JSON array.

    A list is one moment by construction (``kubectl get -o json`` of nodes, pods, leases): each of
    its objects belongs to the snapshot, however recent its ``creationTimestamp`` (a Node that
    joined a minute ago, listed after nodes whose status was last posted minutes before).
    """

    __slots__ = ("line",)

    def __init__(self, event: dict[str, Any], line: int) -> None:
        super().__init__(event)
        self.line = line


def _snapshot_item(x: Any, of: str | None, name: str, line: int, sink: Any, listed: bool = False) -> Iterator[Any]:
    from .record import ignore

    if not isinstance(x, dict):
        yield InputError(f"list item: expected a Kubernetes object, got {json_type(x)}", name, line)
        return
    if "object" in x and "type" in x:  # a watch event inside an array
        yield from watch_items(x, name, line, sink)
        return
    kind = (x.get("kind") if isinstance(x.get("kind"), str) else None) or of or infer_kind(x)
    if kind in LISTS or (isinstance(kind, str) and kind.endswith("List") and isinstance(x.get("items"), list)):
        yield from watch_items(x, name, line, sink)
        return
    if kind not in LIFECYCLE_KINDS:
        ignore(sink, ignored_kind(kind))
        return
    err = shape_error(kind, x)
    if err is not None:
        yield InputError(err, name, line)
        return
    ev = {"type": "ADDED", "object": x if x.get("kind") == kind else {**x, "kind": kind}}
    yield Listed(ev, line) if listed else Bare(ev, line)


def watch_objects(f: IO[bytes], name: str, sink: Any) -> Iterator[tuple[int, Any]]:
    """:func:`objects` of a capture, expanded by :func:`watch_items`: ``(line, watch event | InputError)``."""
    for line, value, item_lines in top_values(f, name):
        if isinstance(value, InputError):
            yield line, value
            continue
        for item in watch_items(value, name, line, sink, item_lines):
            at = item.line if isinstance(item, Bare | Listed | InputError) else None
            yield at if at is not None else line, item


def audit_items(value: Any, name: str, line: int, sink: Any) -> Iterator[Any]:
    """One top-level value of an audit log as audit events: an ``Event``, an ``EventList``'s items, an array.

    Items of an ``EventList`` get its ``apiVersion`` and ``kind: Event`` when they carry none; core/v1
    Events (not audit events) are counted in ``sink.ignored``.
    """
    for _, x in _audit_items_at(value, line, sink, None):
        yield x


def _audit_items_at(value: Any, line: int, sink: Any, item_lines: Sequence[int] | None) -> Iterator[tuple[int, Any]]:
    """:func:`audit_items` with the line each event starts on (an EventList's items: their own)."""
    from .record import ignore

    items: list[Any]
    api = None
    if isinstance(value, list):
        items = value
    elif (
        isinstance(value, dict)
        and isinstance(value.get("items"), list)
        and value.get("kind") in ("EventList", "List", None)
    ):
        items, api = value["items"], value.get("apiVersion")
    else:
        items = [value]
        item_lines = None  # one event: its lines, if any, are not events'
    for k, x in enumerate(items):
        at = item_lines[k] if item_lines else line
        if isinstance(x, dict) and "kind" not in x and (api or "auditID" in x):
            x = {**x, "kind": "Event", "apiVersion": x.get("apiVersion") or api or "audit.k8s.io/v1"}
        elif (
            isinstance(x, dict)
            and x.get("kind") == "Event"
            and "apiVersion" not in x
            and "auditID" in x
            and ("verb" in x or "stage" in x)
        ):
            # an audit event a shipper wrote without its apiVersion (falco's k8s_audit test traces): a
            # core/v1 Event has no auditID, verb or stage
            x = {**x, "apiVersion": api if str(api or "").startswith("audit.k8s.io/") else "audit.k8s.io/v1"}
        if (
            isinstance(x, dict)
            and x.get("kind") == "Event"
            and not str(x.get("apiVersion", "")).startswith("audit.k8s.io/")
        ):
            ignore(sink, "core/v1 Events (not audit events)")
            continue
        yield at, x


def audit_objects(f: IO[bytes], name: str, sink: Any) -> Iterator[tuple[int, Any]]:
    """Audit events of a log (JSON Lines, EventList batches, arrays; JSON or YAML), see :func:`audit_items`."""
    for line, value, item_lines in top_values(f, name):
        if isinstance(value, InputError):
            yield line, value
            continue
        yield from _audit_items_at(value, line, sink, item_lines)


# -------------------------------------------------------------------------------------------------
# The timing a capture's cluster runs with: its Kubernetes version and kube-controller-manager flags
# -------------------------------------------------------------------------------------------------

#: kube-controller-manager flags that set a timing parameter of the model (flag -> parameter variable).
KCM_DURATION_FLAGS = {
    "node-monitor-grace-period": "node_monitor_grace_period",
    "node-monitor-period": "node_monitor_period",
    "node-startup-grace-period": "node_startup_grace_period",
}
KCM_RATE_FLAG = "node-eviction-rate"
#: kubelet: renewInterval = leaseDuration * nodeLeaseRenewIntervalFraction (pkg/kubelet/kubelet.go)
LEASE_RENEW_FRACTION = 0.25
#: nanoseconds per unit of a Go duration (time.ParseDuration's unitMap)
_GO_UNITS_NS = {
    "ns": 1,
    "us": 10**3,
    "\u00b5s": 10**3,
    "\u03bcs": 10**3,
    "ms": 10**6,
    "s": 10**9,
    "m": 60 * 10**9,
    "h": 3600 * 10**9,
}
_GO_PART = r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:ns|us|\u00b5s|\u03bcs|ms|s|m|h)"


def go_duration(text: str) -> float:
    """A Go ``time.Duration`` string (``1m0s``, ``40s``, ``500ms``, ``1h2m3.5s``, ``0``) in seconds.

    kube-controller-manager reads its duration flags with pflag's ``DurationVar`` (cmd/kube-controller-manager/app/
    options/nodelifecyclecontroller.go AddFlags), which is ``time.ParseDuration``: ASCII digits, each number with a
    unit, ``0``/``+0``/``-0`` alone without one, and at most ``math.MaxInt64`` nanoseconds (a flag past it is a parse
    error: that kube-controller-manager exits, so its value is no cluster's timing). Raises ``ValueError`` for
    anything else, and for a negative duration, which Go accepts but no controller period can mean (the flag is then
    ignored with a note).
    """
    t = text.strip()
    m = re.fullmatch(rf"([+-]?)((?:{_GO_PART})+|0)", t)
    if not m:
        raise ValueError(f"not a Go duration: {text!r} (expected e.g. 40s, 1m0s, 500ms)")
    sign, body = m.groups()
    if body == "0":
        return 0.0
    over = ValueError(f"not a Go duration: {text!r} (beyond {2**63 - 1} ns: time.ParseDuration overflows)")
    d = 0
    # time.ParseDuration, step by step: the integer part exactly (leadingInt), the fraction as leadingFraction
    # reads it (digits past uint64 ignored) and added as float64(f) * (float64(unit) / scale), truncated
    for whole, frac, unit in re.findall(r"([0-9]*)(?:\.([0-9]*))?(ns|us|\u00b5s|\u03bcs|ms|s|m|h)", body):
        v = int(whole) if whole else 0
        if v > 2**63:
            raise over
        f, scale = 0, 1.0
        for c in frac:
            if f > (2**63 - 1) // 10 or f * 10 + int(c) > 2**63:
                break  # (Go: overflow, the remaining digits ignored)
            f, scale = f * 10 + int(c), scale * 10
        u = _GO_UNITS_NS[unit]
        if v > 2**63 // u:
            raise over
        v *= u
        if f > 0:
            v += int(float(f) * (float(u) / scale))
            if v > 2**63:
                raise over
        d += v
        if d > 2**63:
            raise over
    if sign == "-":
        if d:
            raise ValueError(f"a negative duration: {text!r}")
        return 0.0
    if d > 2**63 - 1:
        raise over
    return d / 1e9


def minor_version(text: str) -> tuple[int, int] | None:
    """``(1, 31)`` from ``v1.31.4``, ``1.31``, ``v1.31.4-eks-a1b2``, ``v1.31.4+k3s1`` (None: no version)."""
    import re

    m = re.match(r"v?(\d+)\.(\d+)(?:[.\-+]|$)", text.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def _image_tag(image: str) -> str | None:
    """The tag of an image reference (``registry.k8s.io/kube-controller-manager:v1.31.4@sha256:...``)."""
    ref = image.split("@", 1)[0]
    last = ref.rsplit("/", 1)[-1]
    return last.split(":", 1)[1] if ":" in last else None


def _flag_values(tokens: list[str]) -> dict[str, str]:
    """``--name=value`` and ``--name value`` flags of a command line (the last occurrence wins)."""
    words: list[str] = []
    for tok in tokens:
        words += tok.split() if isinstance(tok, str) else []
    out: dict[str, str] = {}
    for i, w in enumerate(words):
        if not w.startswith("-"):
            continue
        name = w.lstrip("-")
        if "=" in name:
            k, v = name.split("=", 1)
            out[k] = v
        elif i + 1 < len(words) and not words[i + 1].startswith("-"):
            out[name] = words[i + 1]
    return out


def _obj(v: Any) -> dict[str, Any]:
    return v if isinstance(v, dict) else {}


def _list(v: Any) -> list[Any]:
    return v if isinstance(v, list) else []


#: Namespaces of kube-controller-manager's static pod: kubeadm's (kube-system, label ``component``) and
#: OpenShift's, whose cluster-kube-controller-manager-operator runs upstream's kube-controller-manager
#: (``exec hyperkube kube-controller-manager ...`` in a bash script, label ``app``) as the static pod
#: ``kube-controller-manager-<node>`` of openshift-kube-controller-manager
#: (bindata/assets/kube-controller-manager/pod.yaml)
KCM_NAMESPACES = ("kube-system", "openshift-kube-controller-manager")


def _is_kcm_pod(obj: dict[str, Any]) -> bool:
    meta = obj.get("metadata")
    if not isinstance(meta, dict) or meta.get("namespace") not in KCM_NAMESPACES:
        return False
    labels = _obj(meta.get("labels"))
    name = meta.get("name")
    return (
        labels.get("component") == "kube-controller-manager"
        or labels.get("app") == "kube-controller-manager"
        or (isinstance(name, str) and name.startswith("kube-controller-manager"))
    )


def _kcm_image(image: Any) -> bool:
    """An image of kube-controller-manager itself (its tag is the Kubernetes version it runs)."""
    if not isinstance(image, str):
        return False
    repo = image.split("@", 1)[0].rsplit("/", 1)[-1].split(":", 1)[0]
    return repo.startswith(("kube-controller-manager", "hyperkube"))


def _kcm_container(obj: dict[str, Any]) -> dict[str, Any] | None:
    """The kube-controller-manager container of its static pod (by name, image or command)."""
    for c in _list(_obj(obj.get("spec")).get("containers")):
        if not isinstance(c, dict):
            continue
        cmd = c.get("command")
        if (
            c.get("name") == "kube-controller-manager"
            or _kcm_image(c.get("image"))
            or (isinstance(cmd, list) and any(isinstance(x, str) and "kube-controller-manager" in x for x in cmd))
        ):
            return c
    return None


def capture_timing(objs: list[Any]) -> dict[str, Any]:
    """What the objects of a capture's list say about the timing its cluster runs with.

    ``{"image": (version, text, where) | None, "kubelet": (version, text, node, among) | None,
    "flags": {variable: (seconds, flag text, where)}, "eviction_rate": (rate, flag text, where) |
    None, "lease_duration": (seconds, where) | None, "notes": [...]}``: the kube-controller-manager
    static pod's image tag (the lowest, if several disagree) and explicit flags; the lowest kubelet
    version among the control-plane nodes, else among all nodes (kubelets may lag the control
    plane, never lead it); the longest ``leaseDurationSeconds`` of the node Leases. Total: a value
    it cannot read is left out, with a note.
    """
    notes: list[str] = []
    images: list[tuple[tuple[int, int], str, str]] = []
    flags: dict[str, list[tuple[str, str]]] = {}
    cp: list[tuple[tuple[int, int], str, str]] = []
    kubelets: list[tuple[tuple[int, int], str, str]] = []
    leases: dict[int, str] = {}
    unversioned: list[str] = []
    odd_kubelet: list[str] = []
    for o in objs:
        if not isinstance(o, dict) or not isinstance(o.get("metadata"), dict):
            continue
        meta = o["metadata"]
        kind = o.get("kind") or infer_kind(o)
        where = f"{meta.get('namespace')}/{meta.get('name')}" if meta.get("namespace") else str(meta.get("name"))
        if kind == "Pod" and _is_kcm_pod(o):
            c = _kcm_container(o)
            if c is None:
                continue
            image = c.get("image")
            tag = _image_tag(image) if isinstance(image, str) and _kcm_image(image) else None
            v = minor_version(tag) if tag else None
            if v is not None:
                images.append((v, str(image), where))
            elif isinstance(image, str) and _kcm_image(image):
                unversioned.append(where)
                notes.append(f"the kube-controller-manager image {image} of {where} names no version")
            else:
                # a distribution's own image (OpenShift's release digest, RKE2's hardened-kubernetes): its
                # tag, if any, is the distribution's, not taken for a Kubernetes version
                unversioned.append(where)
                notes.append(
                    f"the image {image} of {where} is not kube-controller-manager's own: no Kubernetes version read"
                    " from it"
                )
            cmd = [x for x in [*_list(c.get("command")), *_list(c.get("args"))] if isinstance(x, str)]
            for k, val in _flag_values(cmd).items():
                if k in KCM_DURATION_FLAGS or k == KCM_RATE_FLAG:
                    flags.setdefault(k, []).append((val, where))
        elif kind == "Node":
            text = _obj(_obj(o.get("status")).get("nodeInfo")).get("kubeletVersion")
            v = minor_version(text) if isinstance(text, str) else None
            if v is None:
                if isinstance(text, str) and text.strip() and not odd_kubelet:
                    # KWOK's "kwok-v0.7.0" or "fake": a version, but not Kubernetes's (the timing note names it)
                    odd_kubelet.append(f"kubeletVersion {text[:40]} of {str(meta.get('name'))[:80]}")
                continue
            labels = _obj(meta.get("labels"))
            entry = (v, str(text), str(meta.get("name")))
            kubelets.append(entry)
            if "node-role.kubernetes.io/control-plane" in labels or "node-role.kubernetes.io/master" in labels:
                cp.append(entry)
        elif kind == "Lease" and (meta.get("namespace") or "kube-node-lease") == "kube-node-lease":
            dur = _obj(o.get("spec")).get("leaseDurationSeconds")
            if type(dur) is int and dur > 0:
                leases.setdefault(dur, str(meta.get("name")))
    out: dict[str, Any] = {
        "image": None,
        "kubelet": None,
        "flags": {},
        "eviction_rate": None,
        "lease_duration": None,
        "notes": notes,
        #: kube-controller-manager pods whose image names no version (the timing falls back to the kubelets')
        "kcm_unversioned": unversioned,
        #: the first kubeletVersion that names no Kubernetes version (KWOK's), for the timing note
        "kubelet_unversioned": odd_kubelet[0] if odd_kubelet else None,
    }
    if images:
        out["image"] = min(images)
        if len({v for v, _, _ in images}) > 1:
            notes.append(
                "the kube-controller-manager pods run different versions ("
                + ", ".join(f"{img} in {w}" for _, img, w in sorted(images))
                + "): the lowest is taken"
            )
    pool = cp or kubelets
    if pool:
        v, text, node = min(pool)
        out["kubelet"] = (v, text, node, "control-plane nodes" if cp else "nodes")
        #: the lowest and highest kubelet minor of all nodes (what bounds an unseen control plane)
        out["kubelet_range"] = (min(kubelets)[0], max(kubelets)[0])
    for k, vals in sorted(flags.items()):
        if len({v for v, _ in vals}) > 1:
            notes.append(
                f"the kube-controller-manager pods disagree on --{k} ("
                + ", ".join(f"{v} in {w}" for v, w in vals)
                + "): not taken from the capture"
            )
            continue
        val, where = vals[0]
        try:
            if k == KCM_RATE_FLAG:
                rate = float(val)
                if not 0 < rate < float("inf"):
                    raise ValueError(val)
                out["eviction_rate"] = (rate, f"--{k}={val}", where)
            else:
                secs = go_duration(val)
                out["flags"][KCM_DURATION_FLAGS[k]] = (secs, f"--{k}={val}", where)
        except ValueError:
            notes.append(f"kube-controller-manager --{k}={val} in {where} is not a value nodereg reads: ignored")
    if leases:
        dur = max(leases)
        out["lease_duration"] = (dur, leases[dur])
        if len(leases) > 1:
            notes.append(
                "the node Leases have different leaseDurationSeconds ("
                + ", ".join(f"{d_} on {n}" for d_, n in sorted(leases.items()))
                + f"): the longest, {dur} s, is taken"
            )
    return out


def _no_kcm_image(found: dict[str, Any]) -> str:
    """Why the version is not the kube-controller-manager image's: none in the capture, or its tag says none."""
    if found.get("kcm_unversioned"):
        return "the kube-controller-manager image tells no version"
    return "no kube-controller-manager image in the capture"


def resolve_timing(
    found: dict[str, Any],
    given_params: dict[str, int],
    given_version: str | None,
    default_version: str,
    known: tuple[tuple[int, int], tuple[int, int]],
) -> tuple[str, dict[str, int], float | None, list[str]]:
    """The version, parameters and eviction rate to check a capture with, and notes saying whence.

    The command line (``given_version``, ``given_params``) wins over the capture; the capture's
    kube-controller-manager flags win over the version's defaults. A version outside ``known``
    (lowest, highest) is taken as the nearest known one.
    """
    import math

    from nodereg.model.params import PARAM_BY_VAR, defaults

    notes: list[str] = []
    image, kubelet = found.get("image"), found.get("kubelet")
    said: tuple[tuple[int, int], str] | None = None
    if image is not None:
        said = (image[0], f"the kube-controller-manager image {image[1]} ({image[2]})")
    elif kubelet is not None:
        v, text, node, among = kubelet
        said = (
            v,
            f"the lowest kubelet version among the {among}, {text} on {node} ({_no_kcm_image(found)}; "
            "kubelets may lag the control plane, never lead it)",
        )
    if given_version is not None:
        version = given_version
        tail = ""
        if said is not None:
            tail = (
                f"; the capture agrees: {said[1]}"
                if said[0] == minor_version(given_version)
                else f"; not the capture's: {said[1]} says {said[0][0]}.{said[0][1]}"
            )
        notes.append(f"timing: the defaults of Kubernetes {version} (--k8s-version){tail}")
    elif said is None:
        version = default_version
        # a Node's kubeletVersion that is no Kubernetes version (KWOK's "kwok-v0.7.0") is named, not called absent
        odd = (
            f" ({found['kubelet_unversioned']} names no Kubernetes version)" if found.get("kubelet_unversioned") else ""
        )
        notes.append(
            f"timing: the defaults of Kubernetes {version}, nodereg's default: {_no_kcm_image(found)} and "
            f"the capture shows no kubelet version{odd} (say --k8s-version)"
            if found.get("kcm_unversioned")
            else f"timing: the defaults of Kubernetes {version}, nodereg's default: the capture shows no "
            f"kube-controller-manager image and no kubelet version{odd} (say --k8s-version)"
        )
    else:
        lo, hi = known
        v = min(max(said[0], lo), hi)
        version = f"{v[0]}.{v[1]}"
        if v != said[0]:
            side = "older" if said[0] < lo else "newer"
            notes.append(
                f"timing: the capture says Kubernetes {said[0][0]}.{said[0][1]} ({said[1]}), {side} than "
                f"nodereg knows: the defaults of {version}, the nearest known"
            )
        else:
            notes.append(f"timing: the defaults of Kubernetes {version}, from {said[1]}")
    base = defaults(version)
    params: dict[str, int] = {}
    captured: dict[str, tuple[int, str]] = {}
    for var, (secs, text, where) in (found.get("flags") or {}).items():
        whole = max(1, math.ceil(secs - 1e-9))
        how = f"kube-controller-manager {text} ({where})" + (f", rounded up to {whole} s" if whole != secs else "")
        captured[var] = (whole, how)
    lease = found.get("lease_duration")
    if lease is not None:
        whole = max(1, math.ceil(lease[0] * LEASE_RENEW_FRACTION - 1e-9))
        if whole != base["lease_renew_interval"]:
            captured["lease_renew_interval"] = (
                whole,
                f"the Lease {lease[1]}'s leaseDurationSeconds {lease[0]} times {LEASE_RENEW_FRACTION}",
            )
    for var, (value, how) in captured.items():
        name = PARAM_BY_VAR[var].name
        if var in given_params:
            notes.append(f"timing: {name} = {given_params[var]} s from --param (the capture's {how} says {value} s)")
        else:
            params[var] = value
            notes.append(f"timing: {name} = {value} s from {how}")
    for var, value in given_params.items():
        if var not in captured:
            notes.append(f"timing: {PARAM_BY_VAR[var].name} = {value} s from --param")
    params.update(given_params)
    rate = None
    if found.get("eviction_rate") is not None:
        rate, text, where = found["eviction_rate"]
        notes.append(
            f"timing: node-eviction-rate = {rate:g} nodes/s per zone from kube-controller-manager {text} ({where})"
        )
    notes += [f"timing: {n}" for n in found.get("notes") or ()]
    return version, params, rate, notes


# -------------------------------------------------------------------------------------------------
# kube-controller-manager restarts a capture does not show
# -------------------------------------------------------------------------------------------------
#: A new kube-controller-manager leader starts its controllers once its informers have synced (s)
KCM_SYNC = 5.0
#: A restarted kube-controller-manager process waits for its old leader Lease to expire (15 s, the
#: default --leader-elect-lease-duration; retried every 2 s) before it starts its controllers (s)
KCM_TAKEOVER = 15.0 + 2.0 + KCM_SYNC
#: the longest a kube-controller-manager restart or leader change leaves the node lifecycle controller down:
#: the kubelet's first container restart back-off (10 s), an old process's termination grace (30 s), then the
#: new one waits out the old leader Lease and syncs (``KCM_TAKEOVER``)
KCM_RESTART_GAP = 10.0 + 30.0 + KCM_TAKEOVER


def review_upgrade(o: Any, controllers: list[tuple[float, dict[str, Any]]], marks: dict[str, list[float]]) -> None:
    """A kube-controller-manager replaced during the capture by one with a longer grace (an upgrade:
    ``kubeadm upgrade apply`` rewrites its static pod; 1.32 raised node-monitor-grace-period from 40 s
    to 50 s) marks silent Nodes by its own grace from then on.

    The timing is fixed from the capture's list (the controller then). ``controllers`` holds what each
    kube-controller-manager pod the capture showed says (``capture_timing`` of it: its image's version
    and its flags), from when it was seen. A ``silent-node-becomes-unknown`` finding whose deadline
    passed while a controller with a longer grace ran is withdrawn when the node was marked (or the
    capture ended) by the deadline that grace gives; the notes say so. Not when the caller fixed the
    version or the grace (``--k8s-version``, ``--param``). Without a controller pod in the capture, a
    control-plane kubelet upgraded during it stands for one (kubeadm upgrades the control plane's
    components before any kubelet), from any time (``-inf``: when is not shown).
    """
    import math

    from nodereg.model import params as P

    given = getattr(o, "timing_given", None)
    if (
        not isinstance(given, dict)
        or given.get("k8s_version") is not None
        or ("node_monitor_grace_period" in (given.get("params") or {}))
    ):
        return
    g0 = o.c.params["node_monitor_grace_period"]
    newest = minor_version(P.K8S_VERSION) or (1, 35)
    runs: list[tuple[float, int, str]] = []
    for t, found in controllers:
        flag = (found.get("flags") or {}).get("node_monitor_grace_period")
        image = found.get("image")
        if flag is not None:
            g, what = max(1, math.ceil(flag[0] - 1e-9)), f"{flag[1]} ({flag[2]})"
        elif image is not None:
            v = min(max(image[0], (1, 17)), newest)
            g, what = P.defaults(f"{v[0]}.{v[1]}")["node_monitor_grace_period"], f"{image[1]} ({image[2]})"
        else:
            continue
        runs.append((t, g, what))
    if not any(g > g0 for _, g, _ in runs):
        return
    pid = "silent-node-becomes-unknown"
    end = o.now if o.now is not None else float("-inf")
    kept, dropped = [], []
    for v in o.violations:
        if v.property != pid or v.node is None or v.deadline is None:
            kept.append(v)
            continue
        active = [r for r in runs if r[0] <= v.deadline]
        if not active or active[-1][1] <= g0:
            kept.append(v)
            continue
        t, g, what = active[-1]
        after = [m for m in marks.get(v.node, ()) if m >= v.deadline - o.slack]
        until = min(after) if after else end
        if until <= v.deadline + (g - g0):
            dropped.append((v.node, g, what, t))
        else:
            kept.append(v)
    o.violations[:] = kept
    for node, g, what, t in dropped:
        since = f"running since {fmt_time(t)}, {what}" if t > float("-inf") else f"as new as {what}"
        o.notes.append(
            f"{pid}: node {node} was marked Unknown within the node-monitor-grace-period {g} s of the "
            f"kube-controller-manager {since}; the capture's list showed one with {g0} s, by which the "
            "timing is judged otherwise"
        )


#: kube-controller-manager's leader election defaults (--leader-elect-lease-duration 15 s): a leader that wrote its
#: Lease last more than this before does not lead (client-go leaderelection ``renew`` gives up after RenewDeadline
#: 10 s), and nothing else does until a new holder writes it
KCM_LEASE_DURATION = 15.0


#: the kubelet conditions the model has no variable of, and the NoSchedule taint doNoScheduleTaintingPass keeps
#: with each (nodeConditionToTaintKeyStatusMap: DiskPressure True -> disk-pressure, PIDPressure True -> pid-pressure)
UNMODELLED_PRESSURE_TAINTS = {
    "DiskPressure": "node.kubernetes.io/disk-pressure",
    "PIDPressure": "node.kubernetes.io/pid-pressure",
}


class PressureTaints:
    """The node lifecycle controller's DiskPressure and PIDPressure taints, judged beside the model.

    The model has one pressure condition (MemoryPressure), so ``condition-taints-follow-conditions`` and
    ``synced-taints-match-conditions`` cannot see these two; upstream's doNoScheduleTaintingPass treats them alike
    (node_lifecycle_controller.go: nodeConditionToTaintKeyStatusMap maps DiskPressure and PIDPressure True to
    their NoSchedule taints; the pass runs on every Node update, from nodeUpdateQueue, and SwapNodeControllerTaint
    adds the taints wanted and removes the others). So a Node whose condition and taint disagree for longer than
    ``--slack`` after the write that made them disagree is reported here, as the model reports the memory-pressure
    taint: the taint missing while the condition is True, or kept while it is not (False, Unknown: the controller's
    Unknown removes it too). A Node first listed disagreeing is owed the pass from the listing on, unless its
    conditions' lastTransitionTime shows it stood longer than ``--slack`` before (``listed_since``).
    """

    def __init__(self, slack: float) -> None:
        self.slack = slack
        #: (node, condition) -> (since when they disagree, the condition True, reported already, listed)
        self.owed: dict[tuple[str, str], tuple[float, bool, bool, bool]] = {}

    def observe(
        self, node: str, t: float, status: dict[str, str | None], taints: Sequence[Any], listed_since: float | None
    ) -> None:
        """The Node as written at ``t``: each unmodelled condition's status (None: not shown) and its taints."""
        keys = {(x.get("key"), x.get("effect")) for x in taints if isinstance(x, dict)}
        for ctype, key in UNMODELLED_PRESSURE_TAINTS.items():
            if ctype not in status:
                continue
            want = status[ctype] == "True"
            k = (node, ctype)
            if want == ((key, "NoSchedule") in keys):
                self.owed.pop(k, None)
            elif k not in self.owed or self.owed[k][1] != want:
                self.owed[k] = (t if listed_since is None else listed_since, want, False, listed_since is not None)

    def forget(self, node: str) -> None:
        for k in [k for k in self.owed if k[0] == node]:
            del self.owed[k]

    def due(self, t: float, skip: Any = ()) -> list[tuple[str, str, str, float, bool, bool]]:
        """(node, property, sentence, deadline, ...) of each disagreement past ``--slack`` at ``t``, once."""
        out = []
        for (node, ctype), (since, want, said, listed) in sorted(self.owed.items()):
            if said or node in skip or t - since <= self.slack:
                continue
            self.owed[(node, ctype)] = (since, want, True, listed)
            key = UNMODELLED_PRESSURE_TAINTS[ctype]
            what = (
                f"has had {ctype}=True since {fmt_time(since)} without the taint {key}:NoSchedule"
                if want
                else f"has kept the taint {key}:NoSchedule since {fmt_time(since)} although {ctype} is not True"
            )
            sentence = (
                f"node {node} {what}, {t - since:.0f} s at {fmt_time(t)} (+{self.slack:g} s slack): the node "
                "lifecycle controller's doNoScheduleTaintingPass must "
                + ("add" if want else "remove")
                + " it on the Node update (nodeConditionToTaintKeyStatusMap)"
            )
            prop = "synced-taints-match-conditions" if listed else "condition-taints-follow-conditions"
            out.append((node, prop, sentence, since + self.slack, want, listed))
        return out


def review_controller_down(o: Any, downs: list[tuple[float, float, str]], marks: dict[str, list[float]]) -> None:
    """A node that fell silent while no kube-controller-manager led (the capture shows its leader Lease unrenewed,
    ``downs``: (last renewal, taken again, how it shows), e.g. its static pod's manifest moved away for ten minutes)
    was marked by no node lifecycle controller, because none ran; the one that then takes the Lease starts with an
    empty ``nodeHealthMap`` and gives every Node a fresh grace from its first pass (``tryUpdateNodeHealth``: "Missing
    timestamp for Node ... Assuming now as a timestamp"). So silent-node-becomes-unknown, overdue during such a
    downtime, is judged from the takeover on: a mark within a fresh grace of it withdraws the finding (coverage names
    the downtime); a node still not marked then keeps it, its message naming the downtime and the takeover."""
    import dataclasses

    pid = "silent-node-becomes-unknown"
    if not downs:
        return
    p = o.c.params
    span = p["node_monitor_grace_period"] + 2 * p["node_monitor_period"] + o.slack + KCM_SYNC
    end = o.now if o.now is not None else float("-inf")
    kept, dropped = [], []
    for v in o.violations:
        if v.property != pid or v.node is None:
            kept.append(v)
            continue
        due = v.deadline if v.deadline is not None else v.t
        down = next(((a, b, how) for a, b, how in downs if a <= due <= b), None)
        if down is None:
            kept.append(v)
            continue
        a, b, how = down
        after = [m for m in marks.get(v.node, ()) if m >= due - o.slack]
        until = min(after) if after else end
        if until <= b + span:
            dropped.append((v.node, a, b, how))
            continue
        if any(
            w.property == pid and w.node == v.node and (w.deadline if w.deadline is not None else w.t) > b
            for w in o.violations
        ):
            continue  # the new controller's fresh grace ran out too: that later finding is the one to report
        kept.append(
            dataclasses.replace(
                v,
                message=f"{v.message}; no kube-controller-manager led from {fmt_time(a)} to {fmt_time(b)} ({how}), "
                "but the one that took over then did not mark it within a fresh grace either "
                f"(by {fmt_time(b + span)})",
            )
        )
    o.violations[:] = kept
    if not dropped:
        return
    names = sorted({n for n, *_ in dropped})
    _n, a, b, how = dropped[0]
    why = (
        f"node {', '.join(names[:5])}{' ...' if len(names) > 5 else ''} fell due while no kube-controller-manager led "
        f"({how}: from {fmt_time(a)} to {fmt_time(b)}), so no node lifecycle controller ran to mark it; the one that "
        'took over marked it within the fresh grace upstream gives every Node (tryUpdateNodeHealth: "Missing '
        'timestamp for Node")'
    )
    if any(v.property == pid for v in o.violations):
        o.notes.append(f"{pid} not judged on {why}")
    else:
        o.unchecked.setdefault(pid, f"{why} (checked for the other {max(len(o.nodes) - len(names), 0)})")


def review_late_unknown(
    o: Any,
    acts: list[tuple[float, str]],
    marks: dict[str, list[float]],
    kcm_seen: bool,
    restarts: str = "no kube-system/kube-controller-manager Lease, no kube-controller-manager pod",
) -> None:
    """A late Unknown is upstream's if kube-controller-manager restarted (or another leader took over)
    unseen: judged only where the capture shows the controller running while the node was overdue.

    ``monitorNodeHealth`` of a new node lifecycle controller has no ``nodeHealthMap`` entry for any
    Node and ``tryUpdateNodeHealth`` takes its own now as the probe time ("Missing timestamp for
    Node ... Assuming now as a timestamp"): a silent Node is marked up to (restart gap + grace) late.
    So a node overdue since ``D`` and marked at ``M`` (or still not by the end) is late only if no
    restart explains it: the capture shows kube-controller-manager acting at some ``A`` with
    ``D <= A <= M - (grace + 2 x node-monitor-period + slack + its sync)`` (a controller running then
    would have marked it by ``M``, even one that had just started), or the controller would have had to
    be down from ``D`` for longer than a restart takes (``KCM_RESTART_GAP``). Otherwise the finding is
    withdrawn and coverage says why. With the leader Lease or the controller's pods in the capture its
    restarts are seen (``WatchAdapter._new_controller``) and nothing is withdrawn.
    """
    if kcm_seen:
        return
    import dataclasses

    pid = "silent-node-becomes-unknown"
    p = o.c.params
    span = p["node_monitor_grace_period"] + 2 * p["node_monitor_period"] + o.slack + KCM_SYNC
    end = o.now if o.now is not None else float("-inf")
    kept, dropped = [], []
    times = sorted(acts)
    for v in o.violations:
        if v.property != pid or v.node is None:
            kept.append(v)
            continue
        due = v.deadline if v.deadline is not None else v.t
        age = (v.after or {}).get("since_heartbeat")
        if type(age) in (int, float) and age > 0:
            # overdue since its last heartbeat + the grace (a list snapshot's finding has no deadline)
            due = min(due, v.t - float(age) + span - KCM_SYNC)
        after = [m for m in marks.get(v.node, ()) if m >= due - o.slack]
        until = min(after) if after else end
        seen = [(a, what) for a, what in times if due <= a <= until - span]
        if not seen and until - due > span - KCM_SYNC + KCM_RESTART_GAP:
            # overdue for longer than a restart can explain: the controller was down (or wrong) that long
            kept.append(
                dataclasses.replace(
                    v,
                    message=f"{v.message}; overdue {until - due:.0f} s, longer than a "
                    "kube-controller-manager restart or leader change explains "
                    f"({KCM_RESTART_GAP:.0f} s down + a fresh grace)",
                )
            )
            continue
        if seen:
            a, what = seen[0]
            kept.append(
                dataclasses.replace(
                    v,
                    message=f"{v.message}; kube-controller-manager was running while "
                    f"it was overdue ({what} at {fmt_time(a)}), so no restart the capture "
                    "does not show excuses it",
                )
            )
            continue
        dropped.append((v.node, due, until if after else None))
    o.violations[:] = kept
    if not dropped:
        return
    names = sorted({n for n, _, _ in dropped})
    _n0, due0, m0 = dropped[0]
    late = f"marked Unknown at {fmt_time(m0)}" if m0 is not None else "not marked Unknown by the end of the capture"
    why = (
        f"node {', '.join(names[:5])}{' ...' if len(names) > 5 else ''} overdue from {fmt_time(due0)} and {late}, "
        "with no kube-controller-manager act in the capture from then until a grace period before: a restart "
        f"or leader change it does not show ({restarts}) gives every Node a fresh grace "
        '(tryUpdateNodeHealth: "Missing timestamp for Node")'
    )
    if any(v.property == pid for v in o.violations):
        o.notes.append(f"{pid} not judged on {why}")
    else:
        o.unchecked.setdefault(pid, f"{why} (checked for the other {max(len(o.nodes) - len(names), 0)})")


def node_zone(obj: dict[str, Any]) -> str | None:
    """The Node's zone as the node lifecycle controller keys it (it rate-limits NoExecute tainting and
    judges disruption per zone): k8s.io/component-helpers/node/topology ``GetZoneKey``, the deprecated
    failure-domain.beta labels first, then the topology.kubernetes.io ones, region and zone together
    (a zone name used in two regions is two zones); None when neither is set (upstream's "")."""
    labels = (obj.get("metadata") or {}).get("labels")
    if not isinstance(labels, dict):
        return None
    zone = labels.get("failure-domain.beta.kubernetes.io/zone", labels.get("topology.kubernetes.io/zone"))
    region = labels.get("failure-domain.beta.kubernetes.io/region", labels.get("topology.kubernetes.io/region"))
    zone = zone if isinstance(zone, str) else ""
    region = region if isinstance(region, str) else ""
    if not zone and not region:
        return None
    return f"{zone} (region {region})" if region else zone


#: node_lifecycle_controller.go labelNodeDisruptionExclusion: a Node with this label is left out of
#: the zones' disruption states (isNodeExcludedFromDisruptionChecks in monitorNodeHealth)
DISRUPTION_EXCLUDED = "node.kubernetes.io/exclude-disruption"


#: Properties of a binding: judged only when the input shows the Node the pod is bound to (its creation,
#: in an audit log; the Node itself, in a watch)
BIND_PROPERTIES = (
    "no-schedule-without-ready",
    "no-schedule-with-untolerated-taint",
    "no-schedule-when-cordoned",
    "bound-requests-fit-allocatable",
    "pods-only-on-existing-nodes",
)

#: The default kube-scheduler's profile (pkg/scheduler/apis/config/v1 SetDefaults_KubeSchedulerConfiguration:
#: ``v1.DefaultSchedulerName``), and the name the API server gives a pod created without one (SetDefaults_PodSpec)
DEFAULT_SCHEDULER = "default-scheduler"


def scheduler_name(pod: dict[str, Any]) -> str:
    """The pod's ``spec.schedulerName``, ``default-scheduler`` when unset (the API server's default: a pod logged
    at level Request, before defaulting, has none)."""
    spec = pod.get("spec") if isinstance(pod.get("spec"), dict) else {}
    name = spec.get("schedulerName")
    return name if isinstance(name, str) and name else DEFAULT_SCHEDULER


def other_scheduler(name: str, key: str, node: str, t: float) -> str | None:
    """Why the binding of pod ``key``, whose schedulerName is ``name``, to ``node`` at ``t`` is not judged as the
    default scheduler's, or None.

    kube-scheduler schedules only the pods whose ``schedulerName`` is one of its profiles (eventhandlers.go
    ``responsibleForPod`` -> ``profile.Map.HandlesSchedulerName``; the one default profile is
    ``default-scheduler``). A pod naming another scheduler is bound by that scheduler (a second kube-scheduler
    with its own profile and plugins, or a custom one), whose filters no capture shows, and the pods/binding
    subresource checks no taint, cordon or fit: the binding properties are the default scheduler's filters
    (TaintToleration, NodeUnschedulable, NodeResourcesFit), so they are not judged for it. What happens to the pod
    once bound (the taint-eviction controller, the kubelet) is judged as for any pod."""
    if name == DEFAULT_SCHEDULER:
        return None
    return (
        f"pod {key}, bound to node {node} at {fmt_time(t)}, names schedulerName {name}: kube-scheduler's default "
        "profile never schedules it (responsibleForPod), and the filters of the scheduler that bound it are not in "
        "the input"
    )


#: the properties that read a Node's cpu capacity and allocatable, which the model fixes at registration
RESOURCE_PROPERTIES = ("bound-requests-fit-allocatable", "allocatable-within-capacity")


def node_cpu(obj: dict[str, Any]) -> tuple[int | None, int | None]:
    """A Node object's (or a status patch's) cpu capacity and allocatable in millicores, None if absent."""
    status = obj.get("status")
    status = status if isinstance(status, dict) else {}
    cap, alloc = status.get("capacity"), status.get("allocatable")
    return (
        cpu_millis(cap.get("cpu")) if isinstance(cap, dict) else None,
        cpu_millis(alloc.get("cpu")) if isinstance(alloc, dict) else None,
    )


def cpu_changed(before: tuple[int | None, int | None], after: tuple[int | None, int | None]) -> bool:
    """Whether a Node's cpu capacity or allocatable changed (a value absent from either side is unknown)."""
    return any(a is not None and b is not None and a != b for a, b in zip(before, after, strict=True))


def resized_misfit(
    node: str, pod: str, pods: list[tuple[int, bool]], request: int, allocatable: int | None
) -> str | None:
    """The finding of a binding of ``request`` to a Node whose allocatable changed during the capture, as the
    scheduler judges it, or None if it fits (or cannot be judged): ``pods`` are the (request, ended) of the pods
    bound there and not deleted.

    NodeResourcesFit's fitsRequest (pkg/scheduler/framework/plugins/noderesources/fit.go) compares the pod's
    request with ``Allocatable - Requested`` of its NodeInfo: the allocatable the Node's status says now (the
    scheduler's Node informer), and the requests of the pods it holds, which are never Succeeded or Failed
    (scheduler.go newPodInformer's field selector). A pod requesting no cpu passes that check whatever is
    requested there (``podRequest.MilliCPU > 0 &&``): after allocatable shrinks under the pods already bound
    (a kubelet restarted with a larger --system-reserved), the standing over-request is no one's binding, and
    only a binding that adds a request it has no room for is the scheduler's error.
    """
    if allocatable is None or request <= 0:
        return None
    used = sum(req for req, ended in pods if not ended)
    if request <= allocatable - used:
        return None
    return (
        f"pod {pod} requesting {request}m cpu was bound to node {node}, whose allocatable is {allocatable}m since "
        f"its kubelet changed it, with {used}m already requested by the pods bound there that have not ended: the "
        "scheduler's NodeResourcesFit (fitsRequest) refuses a request beyond Allocatable - Requested"
    )


def not_judged_after_resize(
    o: Any, since: dict[str, float], judged: list[Any] | None = None, bindings: list[tuple[str, float]] = ()
) -> None:
    """Nodes whose cpu capacity or allocatable changed during the capture: their resource properties are
    not judged by the model from then on.

    The kubelet's MachineInfo setter (pkg/kubelet/nodestatus/setters.go) rewrites capacity and allocatable
    at every status update: a kubelet restarted with other --kube-reserved/--system-reserved, a VM resized
    in place, a CPU hotplugged. The model's Node takes them once, at registration (``kubelet_register_node``),
    so a binding judged against the registered value after such a change would be a false alarm (or a
    miss). A finding of the model on such a Node from its change on is withdrawn. ``judged``: the reader
    judged every binding there itself, as the scheduler counts against the new allocatable
    (``resized_misfit``): those findings stay, and bound-requests-fit-allocatable is checked; without it
    (a reader that does not), both resource properties are said not checked. ``bindings``: the (node, time) of
    those bindings; a control-state-matches-definition finding there is the model's NodeResourcesFit guard
    failing on its registration-time allocatable (a Node the model already counts over it, where no resource
    property is newly broken): withdrawn too, as the binding's resources are judged by ``judged`` and its taints,
    cordon and Node by their own properties.
    """
    if o is None or not since:
        return
    names = sorted(since)
    one = len(names) == 1
    why = (
        f"{'node' if one else 'nodes'} {', '.join(names[:3])}{' ...' if len(names) > 3 else ''}: cpu capacity or "
        f"allocatable changed during the capture (a kubelet restarted with other reservations, a resize), which "
        "the model fixes at registration, so not judged there from the change on (checked before it, and on "
        "the other Nodes)"
    )
    for pid in RESOURCE_PROPERTIES:
        if judged is None or pid != "bound-requests-fit-allocatable":
            o.unchecked.setdefault(pid, why)
    kept = {id(v) for v in judged or ()}
    o.violations[:] = [
        v
        for v in o.violations
        if id(v) in kept or not (v.property in RESOURCE_PROPERTIES and v.node in since and v.t >= since[v.node])
    ]
    if bindings:
        at = set(bindings)
        o.violations[:] = [
            v
            for v in o.violations
            if not (
                v.property == "control-state-matches-definition"
                and v.event == "scheduler_bind_pod"
                and any(v.node == n and abs(v.t - t) < 1e-3 for n, t in at)
            )
        ]


def not_judged_after_pod_resize(o: Any, since: dict[str, float]) -> None:
    """Nodes a bound pod's cpu request changed on in place during the capture: bound-requests-fit-allocatable
    is not judged there from then on.

    An in-place resize (the pods/resize subresource, InPlacePodVerticalScaling: GA, on) rewrites a bound pod's
    container requests; the scheduler then counts that pod as ``max(spec, allocated, actuated)`` from its
    status (pkg/scheduler/framework/types.go PodInfo.calculateResource: resourcehelper.PodRequests with
    UseStatusResources), which follows the kubelet's progress. The model takes a pod's request once, when it
    is created, so after a resize down the oracle counted the old, larger request and flagged a later binding
    the scheduler rightly made (upstream's helpers_test.go TestPodResourceRequests "resized" rows: which of
    the three counts depends on the status). Said in coverage; a finding there from the change on is withdrawn.
    """
    if o is None or not since:
        return
    pid = "bound-requests-fit-allocatable"
    names = sorted(since)
    why = (
        f"{'node' if len(names) == 1 else 'nodes'} {', '.join(names[:3])}{' ...' if len(names) > 3 else ''}: a bound "
        "pod's cpu request changed in place during the capture (a pods/resize), which the scheduler counts from the "
        "pod's status and the model fixes at creation, so not judged there from the change on (checked before it, "
        "and on the other Nodes)"
    )
    o.unchecked.setdefault(pid, why)
    o.violations[:] = [v for v in o.violations if not (v.property == pid and v.node in since and v.t >= since[v.node])]


def pod_ended(obj: dict[str, Any]) -> bool:
    """The pod's phase is Succeeded or Failed (its containers ended: a Job's pod done, a pod the kubelet rejected
    ``OutOfcpu`` at admission or killed past its ``activeDeadlineSeconds``)."""
    status = obj.get("status") if isinstance(obj.get("status"), dict) else {}
    return status.get("phase") in ("Succeeded", "Failed")


def ended_room_fits(pods: list[tuple[int, bool]], request: int, allocatable: int | None) -> bool:
    """Whether a binding of ``request`` fits ``allocatable`` as the scheduler counts, and only so: ``pods`` are the
    (request, ended) of the pods bound to the Node and not deleted.

    The scheduler lists and watches only pods not Succeeded or Failed (pkg/scheduler/scheduler.go newPodInformer:
    field selector ``status.phase!=Succeeded,status.phase!=Failed``): an ended pod leaves its NodeInfo though the
    object stays, bound (a Job keeps its pods; the ReplicaSet controller replaces a Failed pod without deleting it),
    and NodeResourcesFit's fitsRequest counts the others. The model keeps an ended pod bound until it is deleted
    (the taint-eviction controller still deletes it: processPodOnNode reads no phase), so it still counts it:
    True when the ended pods' requests alone make the difference (``withdraw_ended_room``).
    """
    if allocatable is None or not any(ended and req > 0 for req, ended in pods):
        return False
    return sum(req for req, ended in pods if not ended) + request <= allocatable


def withdraw_ended_room(o: Any, room: list[tuple[str, float]]) -> None:
    """Withdraw the bound-requests-fit-allocatable findings of bindings that fit once ended pods are not counted
    (``ended_room_fits``: was a false alarm whenever a pod was bound in the room a completed Job's pod left)."""
    if o is None or not room:
        return
    pid = "bound-requests-fit-allocatable"
    o.violations[:] = [
        v for v in o.violations if not (v.property == pid and any(v.node == n and abs(v.t - t) < 1e-3 for n, t in room))
    ]


def zone_extra(obj: dict[str, Any]) -> dict[str, Any]:
    """The ``zone`` (and ``disruption_excluded``) extras of a Node's event for the oracle."""
    out: dict[str, Any] = {}
    zone = node_zone(obj)
    if zone is not None:
        out["zone"] = zone
    labels = (obj.get("metadata") or {}).get("labels")
    if isinstance(labels, dict) and DISRUPTION_EXCLUDED in labels:
        out["disruption_excluded"] = True
    return out


# -------------------------------------------------------------------------------------------------
# A pod's model toleration bits against a Node's actual taints (both readers)
# -------------------------------------------------------------------------------------------------

#: The taint keys the model has a slot of its own for (every other taint is the user-taint slot's)
SLOT_KEYS = frozenset(t.key for t in d.TAINT_SLOTS if t.effect >= 0)


def pod_gates(tolerations: list[dict[str, Any]], gates: dict[str, bool] | None) -> dict[str, bool] | None:
    """The feature gates to match this pod's tolerations under: ``gates``, with
    TaintTolerationComparisonOperators on when the pod carries an ``Lt``/``Gt`` toleration.

    The API server accepts those operators only with the gate on (pkg/api/pod/util.go
    allowTaintTolerationComparisonOperators, feeding ValidateTolerations' NotSupported check), so a
    pod that has one comes from a cluster running the gate; judged with the version's default (off,
    alpha in 1.35) an ``Lt``/``Gt`` toleration tolerates nothing, and a binding or a stay the
    cluster's scheduler and taint-eviction controller rightly allowed was flagged (upstream's
    TestTaintTolerationFilter Gt/Lt rows). The gate only changes how ``Lt``/``Gt`` match, so every
    other pod is judged as before. (A cluster that turned the gate off after such a pod was created
    keeps the pod, which its scheduler then judges with the gate off: not told apart here.)
    """
    from nodereg.model import rules as r

    if not any(isinstance(t, dict) and t.get("operator") in (r.OP_LT, r.OP_GT) for t in tolerations):
        return gates
    out = dict(gates) if gates is not None else r.default_feature_gates()
    out[r.GATE_TAINT_TOLERATION_COMPARISON_OPERATORS] = True
    return out


def taint_string(taint: dict[str, Any]) -> str:
    """A taint as messages name it: k8s.io/api core/v1 ``Taint.ToString`` (``key=value:Effect``; without an effect
    ``key=value:``, or the bare key when it has no value either), so a taint is named as kubectl names it.

    (was: ``key:None`` for a taint without an effect, which the API server refuses but a hand-written capture holds)
    """
    key, value, effect = (str(taint.get(k) or "") for k in ("key", "value", "effect"))
    if not effect:
        return f"{key}={value}:" if value else key
    return f"{key}={value}:{effect}" if value else f"{key}:{effect}"


def untolerated(
    tolerations: list[dict[str, Any]], taints: list[dict[str, Any]], gates: dict[str, bool] | None
) -> list[str]:
    """The node's NoSchedule/NoExecute taints the pod does not tolerate, as ``key=value:Effect`` (what a
    violation names; the watch and audit readers both give it with a binding)."""
    from nodereg.model import rules as r

    gates = pod_gates(tolerations, gates)
    out = []
    for t in taints:
        if r.do_not_schedule_taints_filter(t) and not r.tolerations_tolerate_taint(tolerations, t, feature_gates=gates):
            out.append(taint_string(t))
    return out


def pod_bits(
    tolerations: list[dict[str, Any]],
    taints: list[dict[str, Any]],
    gates: dict[str, bool] | None,
    scheduling: bool = False,
) -> dict[str, Any]:
    """A pod's model toleration bits against a Node's *actual* taints, through ``nodereg.tolerates``.

    The model has one user-taint slot per node (``taint_custom`` with ``custom_effect``, the
    strongest effect among the node's other taints): ``tolerates_custom_ns``/``_ne`` say whether the
    pod tolerates every such taint of that effect (keys, values, operators, the comparison-operator
    gate: ``rules.tolerations_tolerate_taint``). For the scheduler's filter (``scheduling``) a
    NoSchedule taint blocks as a NoExecute one does, so the NoExecute bit then covers both. Bound,
    ``toleration_seconds`` is upstream's delay for the node's NoExecute taints
    (``rules.eviction_delay_seconds``: the smallest tolerationSeconds of the tolerations used).
    """
    from nodereg.model import rules as r

    gates = pod_gates(tolerations, gates)
    custom = [t for t in taints if t.get("key", "") not in SLOT_KEYS]
    ns = [t for t in custom if t.get("effect") == r.EFFECT_NO_SCHEDULE]
    ne = [t for t in custom if t.get("effect") == r.EFFECT_NO_EXECUTE]

    def tol(t: dict[str, Any]) -> bool:
        return bool(r.tolerations_tolerate_taint(tolerations, t, feature_gates=gates))

    out: dict[str, Any] = {
        "tolerates_custom_ns": all(tol(t) for t in ns),
        "tolerates_custom_ne": all(tol(t) for t in (ne + ns if scheduling else ne)),
    }
    noexec = [t for t in taints if t.get("effect") == r.EFFECT_NO_EXECUTE]
    if noexec and not scheduling:
        # a NoExecute taint the pod does not tolerate at all is its own bit (evicted at once from
        # when that taint came, e.g. out-of-service on a node already unreachable): the timer is
        # upstream's over the taints it does tolerate, or 0 when it tolerates none
        tolerated = [t for t in noexec if tol(t)]
        delay = r.eviction_delay_seconds(tolerations, tolerated or noexec, feature_gates=gates)
        out["tolerates_forever"] = delay is None
        out["toleration_seconds"] = 0 if delay is None else int(delay)
    return out
