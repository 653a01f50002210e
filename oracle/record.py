"""The records that flow through the oracle, one way: readers -> :class:`EventRecord` -> monitor -> report.

This module is the bottom layer of ``nodereg.oracle`` (it imports nothing of the oracle), so that
every reader, the monitor and the report can name the same types without an import cycle
(``[tool.importlinter]`` in ``pyproject.toml`` holds the layering).

A reader yields :data:`Item` values: a normalised model event (:class:`EventRecord`), a pod binding
that happened before the capture began (:class:`ObservedBinding`), a violation the reader saw by
itself (an audit log shows a forbidden identity directly: :class:`Violation`), or an input error
(:class:`InputError`, yielded rather than raised so that ``--keep-going`` reads on). The checking loop
dispatches on the type; no positional tuples, no sentinel strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

#: Exit codes of ``nodereg check`` (the project's convention; ``check --help`` lists them).
EXIT_OK, EXIT_VIOLATED, EXIT_USAGE, EXIT_INCONCLUSIVE, EXIT_INTERNAL = 0, 1, 2, 3, 4


class InputError(Exception):
    """Unusable input: the one exception the parsers and the oracle let escape (exit code 2)."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message, self.file, self.line = message, file, line

    def __str__(self) -> str:
        where = f"{self.file or '<input>'}:{self.line}" if self.line is not None else (self.file or "<input>")
        return f"{where}: {self.message}"

    def __reduce__(self) -> tuple[Any, ...]:  # picklable across the sharded check's processes
        return (InputError, (self.message, self.file, self.line))

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "message": self.message}


#: JSON's (and YAML's) names of the values a reader finds, for input errors: a capture says ``null``,
#: never Python's ``NoneType``
_JSON_TYPES = {type(None): "null", bool: "a boolean", int: "a number", float: "a number", str: "a string"}


def json_type(value: Any) -> str:
    """What a JSON/YAML value is, in the input's own words (``null``, ``a string``, ``an array`` ...)."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    return _JSON_TYPES.get(type(value), type(value).__name__)


def backwards(t: float, now: float, file: str | None, line: int | None) -> InputError:
    """The error of an event older than the one before it (traces are in time order)."""
    return InputError(f"time goes backwards: t={t:g} after t={now:g} (events must be in time order)", file, line)


@dataclass(slots=True)
class Violation:
    """One step (or stretch of time) the model forbids, with the catalogue property it breaks."""

    index: int
    line: int | None
    file: str | None
    node: str | None
    pod: str | None
    property: str
    message: str
    t: float
    event: str
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    #: for a missed deadline: when it passed (epoch seconds); the violation is reported at the
    #: first event after it (``line``/``event``), not at an internal ``time_passes``
    deadline: float | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "line": self.line,
            "file": self.file,
            "node": self.node,
            "pod": self.pod,
            "property": self.property,
            "message": self.message,
            "t": self.t,
            "event": self.event,
            "deadline": self.deadline,
        }


@dataclass(slots=True)
class Position:
    """Where the monitor is in the input: the event index and the line that carried it."""

    index: int
    line: int | None = None
    file: str | None = None


class EventRecord(NamedTuple):
    """One model event, validated and normalised (what :func:`~nodereg.oracle.events.normalise` returns).

    A NamedTuple rather than a dataclass: readers make one per input event, and a tuple is the
    cheapest typed record to build and to unpack on the hot path.

    ``event``: the declaration's event id or a bookkeeping event (``declare_pod``...); ``args``: the
    event's data arguments in the declaration's order; ``expect``: node variable index -> the value
    the trace observed after the event; ``extra``: bookkeeping data (a declared pod's state list,
    capacity...); ``line``/``file``: where the event came from.
    """

    event: str
    t: float
    node: str | None
    pod: str | None
    args: tuple[Any, ...] = ()
    expect: dict[int, Any] | None = None
    extra: dict[str, Any] | None = None
    line: int | None = None
    file: str | None = None


class ObservedBinding(NamedTuple):
    """A pod already bound when the capture began: taken as it is (the binding itself is not checked)."""

    t: float
    node: str
    pod: str
    line: int | None = None
    file: str | None = None
    #: property -> why this input cannot judge it (a pods-only capture: the binding's Node is not in it)
    unchecked: dict[str, str] | None = None
    #: the pod was created bound as the input shows it (a mirror pod, ``spec.nodeName`` set at creation), not
    #: first seen long after its binding: a NoExecute taint's eviction timer starts for it here
    created: bool = False
    #: ``unchecked`` holds for this binding only (another scheduler's pod, a binding racing a taint write, one the
    #: log shows without the pod's body): the other bindings are judged, and coverage says "(checked for the other
    #: steps)". Otherwise it holds for the whole input (no Node stream at all).
    step_only: bool = False


#: What a reader yields.
Item = EventRecord | ObservedBinding | Violation | InputError


class Sink(Protocol):
    """What a reader may tell the report besides its items (``Report`` is one)."""

    notes: list[str]
    ignored: dict[str, int]


@dataclass(slots=True)
class ReadLog:
    """A :class:`Sink` of its own, for readers used outside :func:`~nodereg.oracle.run.check`."""

    notes: list[str] = field(default_factory=list)
    ignored: dict[str, int] = field(default_factory=dict)


def ignore(sink: Sink, reason: str, n: int = 1) -> None:
    """Count an input object the oracle could not interpret (reported as ``"ignored": {REASON: n}``)."""
    sink.ignored[reason] = sink.ignored.get(reason, 0) + n


def fmt_time(t: float) -> str:
    """Epoch seconds as an RFC 3339 time of day; small numbers (relative traces) as seconds."""
    if t >= 1e8:
        import datetime as dt

        try:
            x = dt.datetime.fromtimestamp(t, tz=dt.UTC)
        except (OverflowError, OSError, ValueError):
            return f"t={t:g}s"
        return x.strftime("%Y-%m-%dT%H:%M:%S") + (f".{round((t % 1) * 1000):03d}" if t % 1 else "") + "Z"
    return f"t={t:g}s"
