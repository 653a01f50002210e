"""The ``events`` format read from files: the reader, and the hot loop that checks one file inline.

:func:`events_file` is the plain reader (every line an :class:`~nodereg.oracle.record.EventRecord`,
used to merge several files). :func:`check_events_file` is the fast path of one file: a plain node
event of a known node goes straight to its compiled inline step (see ``compile.py``), which is
what keeps the oracle near bare JSON parsing speed; anything else goes through
:func:`~nodereg.oracle.events.normalise` and :meth:`Oracle.apply`. The sharded check
(:mod:`~nodereg.oracle.shard`) uses the same pieces.
"""

from __future__ import annotations

import gc
import math
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .core import NODE_EVENTS, POD_EVENTS, Oracle
from .events import normalise, validator
from .record import EventRecord, InputError, Position, backwards
from .source import MAX_LINE, TOO_LONG, Source, blocks, close_source, json_line_error, lines, open_source

INF = math.inf


def fast_table(o: Oracle, opening: bool = False) -> dict[str, Any]:
    """event -> its compiled inline step ``(parsed line, NodeRec, t) -> bool`` (see ``compile.py``).

    ``opening``: where the hot loop would give what the inline step declines to the event's generated
    quick step (:func:`quick_steps`), the variant that also takes a step leaving a taint pass pending
    as that quick step does (``EventCode.inline_open``), so the loop need not read the line twice."""
    if not o.use_fast:
        return {}
    return {
        eid: (ec.inline_open if opening and ec.inline_open is not None else ec.inline)
        for eid, ec in o.c.events.items()
        if ec.inline is not None and eid in NODE_EVENTS
    }


def quiet_table(o: Oracle) -> dict[str, Any]:
    """node event -> its compiled argument reader ``(parsed line) -> args | None`` (what ``normalise``
    reads from a line of exactly its fields), for :meth:`Oracle.quiet` in the hot loop."""
    return {eid: ec.read_args for eid, ec in o.c.events.items() if ec.read_args is not None and eid in NODE_EVENTS}


_QUIET = Oracle.quiet


def quiet_generated(o: Oracle) -> bool:
    """``o.quiet`` is :meth:`Oracle.quiet` itself, i.e. the events' generated quick steps (a test may replace it)."""
    return type(o).quiet is _QUIET and "quiet" not in vars(o)


def quick_steps(o: Oracle) -> dict[str, Any]:
    """event -> ``(NodeRec, PodRec | None, t, args, Oracle) -> bool``: :meth:`Oracle.quiet` of that event,
    called as the hot loop calls it (the event's generated quick step itself, unless ``quiet`` is
    replaced, as a test does to compare with the slow path)."""
    if quiet_generated(o):
        return dict(o._quick)

    def via(eid: str) -> Any:
        return lambda rec, prec, t, a, oracle: oracle.quiet(eid, rec, prec, t, a)

    return {eid: via(eid) for eid in o._quick}


def declare_pod_inline(o: Oracle) -> Any:
    """The common ``declare_pod`` line (``{"t", "event", "pod", "tolerations": [], "request"}``) as
    :meth:`Oracle.apply` takes it after ``normalise`` (no finding is possible: it only declares the pod),
    for the hot loop; ``(parsed line) -> bool``, False for any other line (the slow path then reads it).
    ``None`` when the oracle attributes deadlines (captures), where ``apply`` does more."""
    if not o.use_fast or o.attribute:
        return None
    from .pods import pod_from_tolerations

    declare = o._declare_pod
    cache: dict[int, list[Any]] = {}

    def step(ev: dict[str, Any]) -> bool:
        if len(ev) != 5:
            return False
        pod, tol, req = ev.get("pod"), ev.get("tolerations"), ev.get("request")
        if (
            pod.__class__ is not str
            or not pod
            or tol.__class__ is not list
            or tol
            or not (req.__class__ is int and 0 <= req <= 10**15)
        ):
            return False
        p = cache.get(req)
        if p is None:
            p = cache[req] = pod_from_tolerations([], req, True)
        o.untolerated = None
        declare(pod, list(p))
        return True

    return step


def strict_check(val: Any, ev: Any, name: str, n: int) -> None:
    """``--strict``: the first JSON Schema error of one line, as an input error."""
    err = next(iter(val.iter_errors(ev)), None)
    if err is not None:
        where = "/".join(str(x) for x in err.absolute_path) or "event"
        raise InputError(f"schema: {where}: {err.message[:200]}", name, n)


def events_file(path: str | Source, strict: bool) -> Iterator[EventRecord | InputError]:
    """Every line of one ``events`` file as a record, or the input error it is (the caller decides to go on)."""
    import orjson

    try:
        name, f = open_source(path)
    except InputError as exc:
        yield exc
        return
    val = validator() if strict else None
    try:
        for n, raw in lines(f, name):
            try:
                if raw is TOO_LONG:
                    raise InputError(f"line longer than {MAX_LINE} bytes", name, n)
                try:
                    ev = orjson.loads(raw)
                except orjson.JSONDecodeError as exc:
                    raise InputError(f"not JSON: {exc}", name, n) from None
                if val is not None:
                    strict_check(val, ev, name, n)
                yield normalise(ev, name, n)
            except InputError as exc:
                yield exc
    finally:
        close_source(f)


def shard_of(node: str, jobs: int) -> int:
    """The shard that checks ``node`` in ``nodereg check --jobs`` (stable across processes and runs,
    unlike ``hash``)."""
    return zlib.crc32(node.encode("utf-8", "surrogatepass")) % jobs


#: pod lines every shard takes (each shard knows every pod)
BROADCAST = frozenset({"declare_pod", "delete_pod"})


@dataclass(slots=True)
class Partition:
    """Shard ``k`` of ``jobs`` in :func:`check_events_file` (see :mod:`~nodereg.oracle.shard`): the lines
    of the other shards' nodes are only validated and counted; what the loop records for the merge."""

    k: int
    jobs: int
    shards: dict[str, int] = field(default_factory=dict)  # node -> its shard, as first seen
    pod_shard: dict[str, int] = field(default_factory=dict)  # pod -> the shard of the node it is on
    created: dict[str, int] = field(default_factory=dict)  # own node -> index of the event creating it
    notes: list[tuple[int, str]] = field(default_factory=list)  # the slow path's notes, by index
    crossed: bool = False  # a pod had events on nodes of two shards: check in one process

    def shard(self, node: str) -> int:
        sh = self.shards.get(node)
        if sh is None:
            sh = self.shards[node] = shard_of(node, self.jobs)
        return sh


def _never(*args: Any) -> bool:
    """A step the hot loop does not have: every line goes on to the next one."""
    return False


def _bind_line_valid(ev: dict[str, Any]) -> bool:
    """A ``scheduler_bind_pod`` line of a valid node and time that ``normalise`` accepts as it is (the
    common binding: another shard's, which a shard only validates)."""
    pod = ev.get("pod")
    return len(ev) == 4 and pod.__class__ is str and pod != "" and ev["t"] < INF


def check_events_file(
    o: Oracle,
    path: str | Source,
    errors: list[InputError],
    keep_going: bool,
    strict: bool,
    part: Partition | None = None,
) -> int:
    """The hot loop: check one file in the ``events`` format; returns the number of events checked.

    The inline path accepts exactly the lines :func:`~nodereg.oracle.events.normalise` accepts for
    those events (same keys, same types); anything else, and every step the fast step declines,
    goes through ``normalise`` and ``Oracle.apply``. Input errors are appended to ``errors``.

    ``part``: check only the nodes of one shard (``nodereg check --jobs``): every line is read, so that
    every shard numbers events and stops at input errors as one process does, but a line of another
    shard's node is only validated (its inline step's field check, else ``normalise``) and its time
    taken; ``declare_pod`` and ``delete_pod`` go to every shard. One loop for both, so that a shard
    takes every fast path a single process takes.
    """
    import orjson

    loads, JSONDecodeError = orjson.loads, orjson.JSONDecodeError
    val = validator() if strict else None
    try:
        name, f = open_source(path)
    except InputError as exc:
        errors.append(exc)
        return 0
    fast = {} if val is not None else fast_table(o)
    declare_pod = None if val is not None else declare_pod_inline(o)
    # what the inline step declines, Oracle.quiet takes when it reveals nothing (see quiet_table)
    use_quiet = bool(fast) and not o.attribute
    read_args = quiet_table(o) if use_quiet else {}
    quick = quick_steps(o) if use_quiet else {}
    if use_quiet and quiet_generated(o):
        fast = fast_table(o, opening=True)
    bind = quick.get("scheduler_bind_pod")
    # its common case, before the node's alarm and deadline (compile._quick_lines: ``inline``)
    bind_inline = o.c.events["scheduler_bind_pod"].quick_inline if use_quiet and quiet_generated(o) else None
    if bind_inline is None:
        bind_inline = _never
    # node event -> (its argument reader, its quick step): one lookup for a line its inline step declines
    quiet_steps = {eid: (r, quick[eid]) for eid, r in read_args.items() if eid in quick}
    # a shard's check that another shard's line is valid: the inline step's reading of its fields
    valid = {eid: ec.valid for eid, ec in o.c.events.items() if ec.valid is not None and eid in fast}
    if valid:
        valid["scheduler_bind_pod"] = _bind_line_valid
    k = part.k if part is not None else 0
    shards = part.shards if part is not None else {}
    pods = o.pods
    nodes, new_node = o.nodes, o.new_node
    count = 0  # events checked by the slow path
    n = 0
    index0 = index = o.index
    last = o.now if o.now is not None else -1.0
    at = 0  # the line of the last event checked: where what the end of the trace reveals is reported
    stop = False
    # the loop makes no reference cycles, but a million parsed lines and a node's lists trigger the
    # cyclic collector thousands of times, each pass over every node kept (a tenth of the run)
    collecting = gc.isenabled()
    gc.disable()
    try:
        for parts in blocks(f):
            for raw in parts:
                n += 1
                try:
                    ev = loads(raw)
                except JSONDecodeError as exc:
                    err = json_line_error(raw, exc, name, n)
                    if err is None:
                        continue
                    errors.append(err)
                    if not keep_going:
                        stop = True
                        break
                    continue
                # the common line: a node event of a known node, in order, before the node's alarm,
                # that its inline step accepts as it is (no finding, no slow-path bookkeeping); a pod's
                # line (no inline step: ``get``, as raising KeyError for every one costs more) or a line
                # without those fields goes on to the pod lines' inline steps, or to the slow path
                try:
                    h = fast.get(ev["event"])
                    if h is not None:
                        node = ev["node"]
                        t = ev["t"]
                        rec = nodes.get(node)
                except (KeyError, TypeError):
                    h = None
                if h is None:
                    if declare_pod is not None and ev.__class__ is dict:
                        eid = ev.get("event")
                        if eid == "declare_pod":
                            t = ev.get("t")
                            if (
                                (t.__class__ is float or t.__class__ is int)
                                and 0 <= t < INF
                                and last <= t
                                and (declare_pod(ev))
                            ):
                                if part is not None:
                                    part.pod_shard.pop(ev["pod"], None)
                                last = t
                                index += 1
                                at = n
                                continue
                        elif eid == "scheduler_bind_pod" and bind is not None and len(ev) == 4:
                            # the common binding: a declared pod, a known node, nothing found
                            t, node, pod = ev.get("t"), ev.get("node"), ev.get("pod")
                            rec = nodes.get(node) if node.__class__ is str else None
                            prec = pods.get(pod) if pod.__class__ is str else None
                            if (
                                (t.__class__ is float or t.__class__ is int)
                                and rec is not None
                                and prec is not None
                                and 0 <= t < INF
                                and last <= t
                                and (part is None or part.pod_shard.setdefault(pod, k) == k)
                                and (bind_inline(rec, prec, float(t), (), o) or bind(rec, prec, float(t), (), o))
                            ):
                                last = t
                                index += 1
                                at = n
                                continue
                else:
                    if t.__class__ is float or t.__class__ is int:
                        if rec is not None:
                            if last <= t <= rec.alarm and h(ev, rec, t):
                                last = t
                                index += 1
                                at = n
                                continue
                            if use_quiet and 0 <= t < INF and last <= t:
                                rq = quiet_steps.get(ev["event"])
                                a = rq[0](ev) if rq is not None else None
                                if a is not None and rq[1](rec, None, float(t), a, o):
                                    last = t
                                    index += 1
                                    at = n
                                    continue
                        elif node.__class__ is str and node and t >= 0 and last <= t:
                            if (
                                part is not None
                                and (sh := shards.get(node)) != k
                                and (sh is not None or part.shard(node) != k)
                            ):
                                # another shard's node: only valid, and in time order
                                if last >= 0 and valid[ev["event"]](ev):
                                    last = t
                                    index += 1
                                    at = n
                                    continue
                            else:
                                # a node's first event (its TLS bootstrap, usually): what apply does, inline
                                rec = new_node(node, t)
                                if h(ev, rec, t):
                                    last = t
                                    index += 1
                                    at = n
                                    if part is not None:
                                        part.created[node] = index
                                    continue
                                del nodes[node]  # declined: the slow path sees the node new, as it is
                if part is not None:
                    # the slow path of a shard: route the line to its node's shard, every shard (a pod's
                    # declaration or deletion), or shard 0 (no usable node)
                    own = k == 0
                    eid = ev.get("event") if ev.__class__ is dict else None
                    node = ev.get("node") if ev.__class__ is dict else None
                    if node.__class__ is str and eid not in BROADCAST:
                        sh = part.shard(node)  # type: ignore[arg-type]
                        own = sh == k
                        pod = ev.get("pod")
                        if pod.__class__ is str and eid in POD_EVENTS and part.pod_shard.setdefault(pod, sh) != sh:
                            part.crossed = True  # every shard sees the same line: all fall back together
                            stop = True
                            break
                    elif eid in BROADCAST:
                        own = True
                    if not own:
                        t = ev.get("t") if ev.__class__ is dict else None
                        chk = valid.get(eid) if eid.__class__ is str else None  # type: ignore[arg-type]
                        try:
                            if not (
                                val is None
                                and chk is not None
                                and node.__class__ is str
                                and node
                                and (t.__class__ is float or t.__class__ is int)
                                and t >= 0
                                and chk(ev)
                            ):
                                if val is not None:
                                    strict_check(val, ev, name, n)
                                t = normalise(ev, name, n).t
                            if last >= 0 and t < last:
                                raise backwards(t, last, name, n)
                        except InputError as exc:
                            errors.append(exc)
                            if not keep_going:
                                stop = True
                                break
                            continue
                        last = t
                        index += 1
                        at = n
                        continue
                o.index, o.now = index, (last if last >= 0 else None)
                before, had = len(o.notes), len(nodes)
                try:
                    if val is not None:
                        strict_check(val, ev, name, n)
                    r = normalise(ev, name, n)
                    o.apply(r.event, r.t, r.node, r.pod, r.args, r.expect, r.extra, line=n, file=name)
                    last = r.t
                    at = n
                    count += 1
                    index0 += o.index - index  # the slow path's own index steps are not fast events
                    if part is not None:
                        if r.event in BROADCAST:
                            part.pod_shard.pop(r.pod, None)  # type: ignore[arg-type]
                        if len(nodes) != had and r.node is not None:
                            part.created[r.node] = o.index
                        part.notes += [(o.index, x) for x in o.notes[before:]]
                except InputError as exc:
                    index0 += o.index - index
                    errors.append(exc)
                    if not keep_going:
                        stop = True
                        break
                index = o.index
            if stop:
                break
    finally:
        if collecting:
            if not gc.get_freeze_count():
                # what the loop kept (every node and pod) is long-lived, and was never collected: moved
                # to the oldest generation as it is (freeze, then unfreeze), so that the first young
                # collection after the loop does not walk all of it (a tenth of a second per 100k nodes)
                gc.freeze()
                gc.unfreeze()
            gc.enable()
        o.index = index
        if last >= 0:
            o.now = last
        if at:
            o.position = Position(index, at, name)
        close_source(f)
    return count + index - index0
