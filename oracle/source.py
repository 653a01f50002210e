"""Opening inputs: files, ``-`` (stdin), pipes and FIFOs; bounded-memory line splitting; format sniffing.

Below every reader and above only :mod:`~nodereg.oracle.record`. A stream is never seeked: the
format is sniffed from a buffered *peek* of its head, which the reader then reads again, so
``nodereg check <(kubectl ...)`` and a FIFO give the same result as a regular file.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from .record import InputError

MAX_LINE = 1 << 20  # bytes
BLOCK = 1 << 22
FORMATS = ("events", "k8s-watch", "k8s-audit", "itf")
#: A line longer than MAX_LINE, as :func:`blocks` yields it (compared by identity).
TOO_LONG = b"\x00too-long"


HEAD = 1 << 16  # bytes peeked to sniff a format (and replayed)


class Replay:
    """A read-only binary stream that first returns ``head`` (bytes already read), then the rest.

    What makes sniffing safe on pipes and FIFOs: the head is read once, looked at, and replayed;
    nothing is ever seeked. ``read(n)`` returns ``n`` bytes unless the stream ends (like a buffered
    reader), so callers that read once get the whole of what they asked for.
    """

    __slots__ = ("_head", "_raw")

    def __init__(self, head: bytes, raw: Any) -> None:
        self._head, self._raw = head, raw

    def read(self, n: int = -1) -> bytes:
        head = self._head
        if not head:
            return self._raw.read(n) if n is not None and n >= 0 else self._raw.read()
        if n is None or n < 0:
            self._head = b""
            return head + self._raw.read()
        if n <= len(head):
            self._head = head[n:]
            return head[:n]
        self._head = b""
        return head + self._raw.read(n - len(head))

    def close(self) -> None:
        self._raw.close()


class Transcode:
    """A UTF-16/UTF-32 stream (with a byte-order mark) read as UTF-8 bytes, incrementally."""

    __slots__ = ("_dec", "_eof", "_out", "_raw")

    def __init__(self, raw: Any, encoding: str) -> None:
        import codecs

        self._raw, self._dec, self._out, self._eof = raw, codecs.getincrementaldecoder(encoding)("strict"), b"", False

    def read(self, n: int = -1) -> bytes:
        want = n if n is not None and n >= 0 else 1 << 62
        while len(self._out) < want and not self._eof:
            chunk = self._raw.read(1 << 20)
            self._eof = not chunk
            try:
                text = self._dec.decode(chunk, final=self._eof)
            except UnicodeDecodeError as exc:
                raise InputError(f"not valid {exc.encoding} text ({exc.reason})") from None
            self._out += text.encode("utf-8", "surrogatepass")
        out, self._out = self._out[:want], self._out[want:]
        return out

    def close(self) -> None:
        self._raw.close()


class Source:
    """One opened input: display name, a binary stream of UTF-8 bytes, and its first bytes (``head``).

    Opened once (a FIFO or pipe can be read only once): gzip is undone (``.gz`` or the gzip magic),
    a UTF-8 byte-order mark is dropped, UTF-16/UTF-32 with a byte-order mark are read as UTF-8.
    ``head`` (up to :data:`HEAD` bytes of the decoded text) is what :func:`sniff` looks at; the
    stream still starts at the first byte.
    """

    __slots__ = ("encoding", "head", "name", "path", "stream")

    def __init__(self, path: str) -> None:
        self.path = path
        self.name = "<stdin>" if path == "-" else path
        raw: Any = _open_raw(path, self.name)
        head = _read_head(raw, self.name)
        if head[:2] == b"\x1f\x8b" or path.endswith(".gz"):
            import gzip

            file = raw
            raw = gzip.GzipFile(fileobj=Replay(head, raw), mode="rb")  # type: ignore[arg-type]
            raw.myfileobj = None if path == "-" else file  # GzipFile closes what it opened itself only
            head = _read_head(raw, self.name)
        self.encoding = "utf-8"
        for bom, enc in _BOMS:
            if head.startswith(bom):
                self.encoding = enc
                break
        if self.encoding == "utf-8-sig":
            head = head[3:]
        elif self.encoding != "utf-8":
            raw = Transcode(Replay(head, raw), self.encoding)
            head = _read_head(raw, self.name)
        self.head = head
        self.stream = Replay(head, raw)

    def close(self) -> None:
        if self.path != "-":
            with contextlib.suppress(OSError):  # closing a read-only file
                self.stream.close()

    def hint(self) -> str:
        """What to say about bytes that are not text the oracle reads (appended to a parse error)."""
        for magic, what in _BINARY:  # a PNG was told to convert itself from UTF-16 to UTF-8
            if self.head.startswith(magic):
                return f" (the file is {what})"
        if b"\x00" in self.head[:4096]:
            return " (the file has NUL bytes: UTF-16 or UTF-32 without a byte-order mark? convert it to UTF-8)"
        return ""


#: Files that are plainly not text, by their first bytes: named rather than guessed at as UTF-16.
_BINARY = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image, not a capture"),
    (b"\xff\xd8\xff", "a JPEG image, not a capture"),
    (b"GIF8", "a GIF image, not a capture"),
    (b"%PDF-", "a PDF document, not a capture"),
    (b"PK\x03\x04", "a zip archive: unpack it; only gzip is read compressed"),
    (b"\x7fELF", "an executable (ELF), not a capture"),
    (b"BZh", "bzip2-compressed: decompress it; only gzip is read compressed"),
    (b"\xfd7zXZ\x00", "xz-compressed: decompress it; only gzip is read compressed"),
    (b"\x28\xb5\x2f\xfd", "zstd-compressed: decompress it; only gzip is read compressed"),
)

_BOMS = (
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)


def _open_raw(path: str, name: str) -> Any:
    if path == "-":
        stdin = sys.stdin
        try:
            if stdin is None or stdin.closed:
                raise OSError("closed")
            buf = stdin.buffer  # Python sets sys.stdin to None when fd 0 is closed (`<&-`)
        except (OSError, ValueError, AttributeError):
            raise InputError("cannot read: standard input is closed", name) from None
        return buf
    try:
        return open(path, "rb")  # a FIFO blocks here until a writer opens it, as it should
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", name) from None


def _read_head(raw: Any, name: str) -> bytes:
    """Up to :data:`HEAD` bytes (several reads: a pipe returns what it has)."""
    parts: list[bytes] = []
    got = 0
    try:
        while got < HEAD:
            chunk = raw.read(HEAD - got)
            if not chunk:
                break
            parts.append(chunk)
            got += len(chunk)
    except InputError as exc:
        raise InputError(exc.message, name, 1) from None
    except (OSError, EOFError, ValueError) as exc:  # gzip.BadGzipFile is an OSError
        raise InputError(f"cannot read: {exc}", name) from None
    return b"".join(parts)


def open_source(path: str | Source) -> tuple[str, IO[bytes]]:
    """``(display name, binary stream)`` of a path (``-`` is stdin) or of an opened :class:`Source`."""
    src = path if isinstance(path, Source) else Source(path)
    return src.name, src.stream  # type: ignore[return-value]


def close_source(f: Any) -> None:
    """Close what :func:`open_source` opened (never stdin)."""
    if f is sys.stdin.buffer:
        return
    raw = f
    while isinstance(raw, Replay | Transcode):
        raw = raw._raw
    if raw is sys.stdin.buffer:
        return
    with contextlib.suppress(OSError):
        f.close()


def feed_all(feed: Callable[[Any, str, int], Iterable[Any]], objects: Iterable[tuple[str, int, Any]]) -> Iterator[Any]:
    """Each object read (file name, line, object) through a reader's ``feed``; an object a reader
    could not read (an ``InputError``), or one its ``feed`` refuses, is yielded as the error."""
    for name, line, obj in objects:
        if isinstance(obj, InputError):
            yield obj
            continue
        try:
            yield from feed(obj, name, line)
        except InputError as exc:
            yield exc


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
                # (after an over-long line was skipped, ``rest`` is the end of the block its newline was
                # in: whole lines, each its own, never one line of all of them)
                last = rest.split(b"\n")
                if not last[-1]:
                    last.pop()
                yield [x if len(x) <= MAX_LINE else TOO_LONG for x in last]
            return
        buf = rest + block if rest else block
        parts = buf.split(b"\n")
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
        if parts and not _newline_every(buf, _HALF) and max(map(len, parts)) > MAX_LINE:
            parts = [x if len(x) <= MAX_LINE else TOO_LONG for x in parts]
        yield parts


#: A line of more than MAX_LINE bytes holds a whole aligned stretch of this many bytes (see _newline_every).
_HALF = MAX_LINE // 2


def _newline_every(buf: bytes, h: int) -> bool:
    """True when every aligned stretch ``buf[k*h:(k+1)*h]`` holds a newline: then no line of ``buf``
    is longer than ``2*h`` bytes (a run of 2h bytes without a newline holds a whole aligned stretch).

    A few ``find`` calls per 4 MB block, where measuring every line (``max(map(len, parts))``) cost
    2-3 % of a check; False only sends the block to that exact measurement."""
    find = buf.find
    return all(find(b"\n", k, k + h) >= 0 for k in range(0, len(buf) - h + 1, h))


def sniff(src: str | Source) -> str:
    """Guess the format of an input from its first object (``--input auto``), without consuming it."""
    if not isinstance(src, Source):
        src = Source(src)
        try:
            return sniff_head(src.head, src.name)
        finally:
            src.close()
    return sniff_head(src.head, src.name)


def sniff_head(head: bytes, path: str) -> str:
    """The format of an input from its first bytes (see :func:`sniff`).

    ITF: a ``.itf.json`` name, or ``#meta``/``states``. Audit: ``audit.k8s.io`` or ``auditID``
    anywhere in the head. Events: the first line is an object with ``t`` and ``event``. Kubernetes
    objects (watch events, bare objects, lists, JSON arrays, YAML): ``metadata``, ``kind`` or a
    watch event's ``object``.
    """
    text = head.decode("utf-8", "replace")
    first = text[:4096]
    if path.endswith((".itf.json", ".itf.json.gz")) or ('"#meta"' in first and '"states"' in text):
        return "itf"
    if "audit.k8s.io/" in first or '"auditID"' in first or "auditID:" in first:
        return "k8s-audit"
    stripped = text.lstrip()
    if stripped.startswith("{"):
        import orjson

        line = stripped.split("\n", 1)[0]
        try:
            ev = orjson.loads(line)
        except orjson.JSONDecodeError:
            ev = None
        if type(ev) is dict and "event" in ev and "t" in ev and "metadata" not in ev and "object" not in ev:
            return "events"
        if ev is None and '"event"' in line and '"t"' in line and '"metadata"' not in line:
            return "events"  # a first line that does not parse: its reader says why, with its line
    if path.endswith((".events.jsonl", ".events.jsonl.gz")):
        return "events"
    if '"states"' in text and '"vars"' in text:
        return "itf"
    if any(k in first for k in ('"metadata"', '"kind"', '"object"', "metadata:", "kind:", "apiVersion:")):
        return "k8s-watch"
    if not stripped:
        raise InputError("no events (the input is empty; expected events, k8s-watch, k8s-audit or itf)", path, 1)
    top = stripped.split("\n", 1)[0]
    if top.startswith(("NAME ", "NAMESPACE ", "Name:", "No resources found")):
        # kubectl's printers for people: `get` (-o wide, -w without -o), `describe`
        raise InputError(
            "this is kubectl's table or describe output, which carries no timestamps or taints: "
            "capture with -o json or -o yaml (and -w --output-watch-events for a history)",
            path,
            1,
        )
    got = _what_json(stripped) or _what_text(stripped)
    if got:
        raise InputError(
            f"cannot tell the format: this is {got} (expected events, Kubernetes objects (k8s-watch), k8s-audit "
            "or itf)",
            path,
            1,
        )
    raise InputError("cannot tell the format (expected events, k8s-watch, k8s-audit or itf); say --input", path, 1)


def _what_text(text: str) -> str | None:
    """What a text input that is no JSON document either is, for its error (None: nothing to say): a PEM
    block (a CSR's request, a certificate or key: nothing of it is a capture) or JSON Lines of some other
    schema (an agent's event log), named by its first object's keys rather than told to "say --input",
    which no --input would help."""
    import re

    import orjson

    pem = re.search(r"^-----BEGIN ([A-Z0-9 ]+)-----$", text[:4096], re.M)
    if pem:
        what = pem.group(1)
        if "CERTIFICATE REQUEST" in what:
            return (
                f"a PEM {what} (a kubelet's TLS bootstrap request is judged from the audit log's "
                "CertificateSigningRequest requests), not a capture"
            )
        return f"a PEM {what}, not a capture"
    first = text.split("\n", 1)[0].strip()
    logs = _what_log(first)
    if logs:
        return logs
    if not first.startswith(("{", "[")) and ":" in first:
        return _what_yaml(text)
    if first.startswith("{"):
        try:
            val = orjson.loads(first)
        except orjson.JSONDecodeError:
            return None
        if isinstance(val, dict) and val:
            keys = ", ".join(list(val)[:5]) + (" ..." if len(val) > 5 else "")
            return f"JSON Lines whose first object has keys {keys}"
    return None


#: what a component's log is not: the objects and requests nodereg reads
_NOT_A_LOG = (
    "a log says what a component reported, not the Nodes, Leases and Pods it wrote: capture those (kubectl get "
    "-o json, -w --output-watch-events for a history) or the API server's audit log"
)


def _what_log(first: str) -> str | None:
    """A component's log, named (None: the first line is no log line): ``kubectl cluster-info dump`` writes each
    container's log to ``<namespace>/<pod>/logs.txt`` between ``==== START logs for container C of pod NS/P
    ====`` lines (staging/src/k8s.io/kubectl/pkg/cmd/clusterinfo/clusterinfo_dump.go, Run's printContainer), and
    Kubernetes components write klog lines, ``Lmmdd hh:mm:ss.uuuuuu threadid file:line] msg`` (k8s.io/klog/v2
    klog.go, the header format its package comment gives). A kube-controller-manager log is no input: what
    its node lifecycle controller did is read from the Node and Pod objects it wrote."""
    import re

    m = re.fullmatch(r"==== START logs for container (\S+) of pod (\S+) ====", first)
    if m:
        where = f"container {m.group(1)} of pod {m.group(2)}"
        return f"the log of {where} (kubectl cluster-info dump's logs.txt); {_NOT_A_LOG}"
    if re.match(r"[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ [^ :\]]+:\d+\] ", first):
        return f"klog lines (a Kubernetes component's log); {_NOT_A_LOG}"
    return None


def _what_yaml(text: str) -> str | None:
    """A YAML mapping that is no Kubernetes object (a support bundle's metadata.yaml), named by its keys; a
    Kubernetes version in it (``kubernetesversion: v1.21.7+rke2r1``) says which ``--k8s-version`` it gives,
    as a /version answer does. None when the head is not one whole YAML mapping."""
    import re

    import yaml

    try:
        val = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return None
    if not isinstance(val, dict) or not val or not all(re.fullmatch(r"[A-Za-z_][\w./-]*", str(k)) for k in val):
        # (an auditd log's "type=SYSCALL msg=audit(...): arch=..." lines load as keys too: no names, no mapping)
        return None
    keys = ", ".join(str(k) for k in list(val)[:5]) + (" ..." if len(val) > 5 else "")
    got = f"a YAML mapping with keys {keys}"
    for k, v in val.items():
        m = re.fullmatch(r"v?(1)\.(\d+)(\.\d+)?\S*", str(v)) if "version" in str(k).lower() else None
        if m:
            got += f" ({k} {v}: for a capture of that cluster it is --k8s-version 1.{m.group(2)})"
            break
    return got


def _what_json(text: str) -> str | None:
    """What a JSON input that is none of the formats is, for its error (None when it does not parse whole
    within the head): a version answer (``kubectl version -o json``, ``/version``, a support bundle's
    cluster_version.json) says which Kubernetes it is, which ``--k8s-version`` takes; anything else is named
    by its keys (a DHCP lease table, a cost calculator's node list), not left as "say --input"."""
    import orjson

    try:
        val = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if isinstance(val, dict):
        ver = val.get("info") if isinstance(val.get("info"), dict) else val.get("serverVersion", val)
        if isinstance(ver, dict) and isinstance(ver.get("gitVersion"), str):
            mm = f"{ver.get('major')}.{ver.get('minor')}".rstrip("+")
            return (
                f"a Kubernetes version answer (gitVersion {ver['gitVersion']}), not a capture; for a capture of "
                f"that cluster it is --k8s-version {mm}"
            )
        node = val.get("node")
        if isinstance(node, dict) and isinstance(node.get("nodeName"), str) and "pods" in val:
            # the kubelet's /stats/summary (what metrics-server and monitoring agents scrape): its "pods" are
            # usage records (podRef), not Pods
            return (
                f"the kubelet's /stats/summary answer (resource usage of node {node['nodeName'][:80]}), not a "
                "capture; its /pods answer is a PodList nodereg reads"
            )
        if isinstance(val.get("Items"), list) and "items" not in val and "kind" not in val:
            # kubectl 1.7/1.8's cluster-info dump (pkg/kubectl/cmd/clusterinfo_dump.go, dumpClusterInfo) listed
            # with the internal clientset and printed through printers.JSONPrinter: Go's field names of the
            # internal types (Items, Spec, Status, Conditions), no kind or apiVersion. Not the API's JSON:
            # reading it would be guessing at a schema that no API server serves
            return (
                f"a list of {len(val['Items'])} objects in kubectl's internal form (Go field names Items, Spec, "
                "Status; no kind or apiVersion), as kubectl 1.7/1.8's cluster-info dump printed them, not the API's "
                "v1 JSON: list them again with a current kubectl (kubectl get nodes -o json)"
            )
        keys = ", ".join(list(val)[:5]) + (" ..." if len(val) > 5 else "")
        return f"a JSON object with keys {keys}" if val else "an empty JSON object"
    if isinstance(val, list):
        items = [x for x in val if isinstance(x, dict)]
        if items and len(items) == len(val):
            keys = ", ".join(dict.fromkeys(k for x in items[:20] for k in x))
            return f"a JSON array of {len(val)} objects with keys {keys}"
    return None
