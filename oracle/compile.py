"""The oracle's hot path, compiled from the declaration for one node and one pod at a time.

Why a compiler of its own: :class:`nodereg.model.semantics.CompiledModel` works on the flat tuple of
a whole (small) configuration and advances time by rewriting every clock. A trace has 1000 nodes and
a million events, so the oracle keeps one small *mutable list per node* and one per pod, and stores
every clock as the absolute time it was last reset (an *epoch*): a clock's value is ``now - epoch``,
time passing costs nothing, and a node untouched for an hour costs nothing either.

The declaration's guard, effect and property functions are evaluated here on
:class:`~nodereg.model.logic.Code` symbols, exactly as ``semantics`` does, but through a view that

* reads a node variable ``v`` as ``s[i]`` and a clock as ``(now - s[i])``;
* reads the timing parameters as literals (they are fixed for a run, so Python folds them);
* reads a pod variable as ``p[j]``, and the node's ``allocatable`` and ``requested`` as ``(s[i] - o)``
  in pod context, where ``o`` is the requests of the *other* pods bound to the node: the 1-pod
  configuration then decides ``pod_fits_resources``, ``bound-requests-fit-allocatable`` and
  ``requested-is-sum-of-bound-requests`` for any number of pods. Effects write ``requested`` unprojected
  (the scheduler's NodeInfo.Requested); the monitor keeps it equal to the sum of the requests of the
  pods it binds from a capture's snapshot.

Nothing here restates a rule: every function below is produced from ``model/declaration.py`` and
``properties/catalogue.py``; the tests replay random traces through this and the python-statemachine
machine and compare states and verdicts.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nodereg.model import declaration as d
from nodereg.model.logic import And, Code, Implies, lit
from nodereg.model.semantics import Bound, Config, Instance, Key, View, instances, post_values, real_model
from nodereg.properties.catalogue import ALL_PROPERTIES, Property

CFG = Config(1, 1)
#: Node variables read, in pod context, as if the other pods of the node were not there.
PROJECTED = frozenset({"allocatable", "requested"})
NODE_KEYS: tuple[Key, ...] = (*[("node", v.name, 0) for v in d.NODE_VARS], ("ctl", "ctl", 0))
POD_KEYS: tuple[Key, ...] = tuple(("pod", v.name, 0) for v in d.POD_VARS)
NIDX: dict[Key, int] = {k: i for i, k in enumerate(NODE_KEYS)}
PIDX: dict[Key, int] = {k: i for i, k in enumerate(POD_KEYS)}
NI: dict[str, int] = {k[1]: i for k, i in NIDX.items()}  # node variable name -> index
PI: dict[str, int] = {k[1]: i for k, i in PIDX.items()}  # pod variable name -> index
CTL = NIDX[("ctl", "ctl", 0)]
NODE_CLOCKS = frozenset(v.name for v in d.NODE_VARS if v.clock)
POD_CLOCKS = frozenset(v.name for v in d.POD_VARS if v.clock)
#: Variables of the node lifecycle controller's private bookkeeping, invisible in any trace. The
#: oracle chooses them (see ``Oracle``), so properties that read them (lemmas about the
#: controller's clocks) are not checked.
HIDDEN = frozenset(
    {
        "heartbeat_unseen",
        "since_probe",
        "since_monitor",
        # the progress properties' ghost premises (not yet derived from captures)
        "undisturbed",
        "registration_owed",
        "since_registration_owed",
    }
)


class _Recorder:
    """A view backend that records which variables a formula reads (and yields Code so it runs)."""

    def __init__(self) -> None:
        self.keys: set[Key] = set()

    def get(self, k: Key) -> Code:
        self.keys.add(k)
        return Code(f"x{len(self.keys)}")


def reads_state(f: Callable[[View], Any]) -> set[Key]:
    r = _Recorder()
    f(View(CFG, r.get))
    return r.keys


@dataclass
class PropInfo:
    """A catalogue property as the oracle evaluates it."""

    prop: Property
    reads: set[Key]
    pods: bool  # reads a pod variable
    clocks: bool  # reads a clock (so time alone can break it)
    time_step: bool  # a step property of time_passes
    hidden: bool  # reads the controller's private bookkeeping: not checked
    id: str = field(init=False)  # the property's id (a field: the slow path reads it in every loop)

    def __post_init__(self) -> None:
        self.id = self.prop.id


def _prop_reads(p: Property) -> set[Key]:
    r = _Recorder()
    if p.kind == "state":
        p.formula(View(CFG, r.get))
    else:
        inst = next(i for i in instances(real_model(), CFG) if i.event.id == p.events[0])
        b = Bound(inst, {a.name: Code(f"a{j}") for j, a in enumerate(inst.event.args)})
        p.formula(View(CFG, r.get), View(CFG, r.get), b)
    return r.keys


def property_infos() -> list[PropInfo]:
    """Every catalogue property as the oracle evaluates it (traced once per process: read only)."""
    return list(_property_infos())


@functools.cache
def _property_infos() -> tuple[PropInfo, ...]:
    out = []
    for p in ALL_PROPERTIES:
        keys = _prop_reads(p)
        names = {k[1] for k in keys}
        out.append(
            PropInfo(
                p,
                keys,
                pods=any(k[0] == "pod" for k in keys),
                clocks=bool(names & (NODE_CLOCKS | POD_CLOCKS)),
                time_step=p.kind == "step" and "time_passes" in p.events,
                hidden=bool(names & HIDDEN),
            )
        )
    return tuple(out)


class Reader:
    """Maps a variable key to source text over ``s`` (node list), ``p`` (pod list) and ``now``."""

    def __init__(
        self,
        params: dict[str, int],
        s: str = "s",
        p: str = "p",
        now: str = "now",
        o: str | None = None,
        local: dict[Key, str] | None = None,
        clock_floor: bool = False,
        zero: set[Key] | None = None,
        zero_age: float = 0,
        atoms: list[tuple[int, float] | None] | None = None,
        shift: float = 0,
    ) -> None:
        self.params, self.s, self.p, self.now, self.o = params, s, p, now, o
        self.clock_floor = clock_floor
        self.zero = zero or set()
        self.zero_age = zero_age
        self.local = local or {}
        self.atoms, self.shift = atoms, shift

    def get(self, k: Key) -> Any:
        scope, var, _ = k
        if scope == "param":
            return self.params[var]
        if k in self.zero:
            return self.zero_age  # a clock this step resets: its age afterwards is 0 (-slack at now - slack)
        if k in self.local:
            src = self.local[k]
        elif scope == "pod":
            src = f"{self.p}[{PIDX[k]}]"
        else:
            src = f"{self.s}[{NIDX[k]}]"
        if var in NODE_CLOCKS or var in POD_CLOCKS:
            if self.clock_floor:
                # guards are judged with every clock past its lower bound: when a component *may*
                # act (status-update frequency, renew interval) is not a safety promise
                return CLOCK_PAST
            if self.atoms is not None and scope == "node" and k not in self.local:
                return _ClockTerm(f"({self.now} - {src})", NIDX[k], self.shift, self.atoms)
            return Code(f"({self.now} - {src})")
        if var in PROJECTED and self.o:
            return Code(f"({src} - {self.o})")
        return Code(src)

    def view(self) -> View:
        return View(CFG, self.get)


class _ClockTerm(Code):
    """A node clock in a time check that records where it is compared with a constant.

    ``now - s[i] OP K`` (or ``now - slack - s[i] OP K``) keeps its truth value for every ``now`` below
    ``s[i] + K + shift``: the *flip time* of that atom, recorded as ``(i, K + shift)``. Any other use of
    the clock (arithmetic, a comparison with another variable) records ``None``: no deadline then.
    """

    __slots__ = ("atoms", "idx", "shift")

    def __init__(self, src: str, idx: int, shift: float, atoms: list[tuple[int, float] | None]) -> None:
        super().__init__(src)
        self.idx, self.shift, self.atoms = idx, shift, atoms

    def _bin(self, op: str, other: Any, swap: bool = False) -> Code:
        if op in ("<", "<=", ">", ">=", "==", "!=") and type(other) in (int, float):
            self.atoms.append((self.idx, other + self.shift))
        else:
            self.atoms.append(None)
        return Code(self.src)._bin(op, other, swap)


CLOCK_PAST = 10**18
#: Generate the plain form of two rewrites that only save work (the control state's class bound once,
#: ``_ctl_src``; ``not (x and not x)`` folded, ``_complementary``): a test compares every generated
#: function of both forms on random states.
PLAIN_FORM = False
_SAME = re.compile(r"\((s\[\d+\]|p\[\d+\]) == \1\)")
_DIFF = re.compile(r"\((s\[\d+\]|p\[\d+\]) != \1\)")
#: generated source that reads a pod (its list, or the other pods' requests ``o``)
_READS_POD = re.compile(r"\b[pq]\[|\bo\b")


def _tidy(src: str) -> str:
    """Fold what the generated code decides at compile time (``x == x``, ``0 <= 45``, ``True and y``)."""
    import ast

    src = _SAME.sub("True", src)
    src = _DIFF.sub("False", src)
    tree = _Fold().visit(ast.parse(src))
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


class _Fold:
    """A small constant folder for generated guards and checks (Python folds arithmetic, not logic)."""

    def visit(self, node: Any) -> Any:
        import ast

        for fld, old in ast.iter_fields(node):
            if isinstance(old, list):
                new = [self.visit(x) if isinstance(x, ast.AST) else x for x in old]
                setattr(node, fld, new)
            elif isinstance(old, ast.AST):
                setattr(node, fld, self.visit(old))
        return self.fold(node)

    @staticmethod
    def fold(node: Any) -> Any:
        import ast

        def const(x: Any) -> bool:
            return isinstance(x, ast.Constant)

        if isinstance(node, ast.BinOp) and const(node.left) and const(node.right):
            try:
                return ast.Constant(eval(compile(ast.Expression(node), "<fold>", "eval")))
            except Exception:  # pragma: no cover - leave it to run time
                return node
        if isinstance(node, ast.Compare) and const(node.left) and all(const(c) for c in node.comparators):
            expr = ast.fix_missing_locations(ast.Expression(node))  # (a folded ``-1`` has no location)
            return ast.Constant(eval(compile(expr, "<fold>", "eval")))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and const(node.operand):
            return ast.Constant(not node.operand.value)
        if (
            isinstance(node, ast.UnaryOp)
            and isinstance(node.op, ast.Not)
            and not PLAIN_FORM
            and _complementary(node.operand)
        ):
            # ``not (x and not x)`` is True, ``not (not x or x)`` False, whatever x is (a state read:
            # ``not s[9] and s[9]`` is a step property's "the taint was not there and is now" on a
            # step that leaves the taint as it is; evaluated in every inline Lease renewal)
            return ast.Constant(isinstance(node.operand.op, ast.And))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and const(node.operand):
            return ast.Constant(-node.operand.value)
        if isinstance(node, ast.BoolOp):
            is_and = isinstance(node.op, ast.And)
            if not PLAIN_FORM and len(node.values) > 1 and _reads_only(node):
                # ``x and x`` is x, value for value (the same reads twice): a clause a property repeats
                # (``kubelet-posts-status-when-due``'s ``due and (due and due and due and due)`` once
                # its four status checks are folded away for the oracle), evaluated in every timed check
                runs = [v for i, v in enumerate(node.values) if i == 0 or ast.dump(v) != ast.dump(node.values[i - 1])]
                if len(runs) == 1:
                    return runs[0]
                node.values = runs
            # ``not c or c`` is True, ``c and not c`` False, for a comparison c (a bool; pure: state reads),
            # or a conjunction of reads that ends with one (its value, when it holds, is that comparison's)
            negated = {
                ast.dump(v.operand)
                for v in node.values
                if isinstance(v, ast.UnaryOp)
                and isinstance(v.op, ast.Not)
                and (isinstance(v.operand, ast.Compare) or (not PLAIN_FORM and _holds_as_true(v.operand)))
            }
            if negated and any(ast.dump(v) in negated for v in node.values):
                return ast.Constant(not is_and)
            vals = []
            for v in node.values:
                if const(v) and isinstance(v.value, bool):
                    if v.value is (not is_and):
                        return ast.Constant(not is_and)  # x or True, x and False
                    continue  # x and True, x or False
                vals.append(v)
            if not vals:
                return ast.Constant(is_and)
            if len(vals) == 1:
                return vals[0]
            node.values = vals
        if isinstance(node, ast.IfExp) and const(node.test):
            return node.body if node.test.value else node.orelse
        if isinstance(node, ast.If) and const(node.test) and node.test.value is False and not node.orelse:
            return ast.Pass()  # ``if False: return False``
        return node


def _pure(x: Any) -> bool:
    """A generated expression that only reads (a local, a constant, ``s[3]``, and comparisons,
    negations and conjunctions of those): evaluating it, or not, changes nothing and raises nothing."""
    import ast

    if isinstance(x, (ast.Name, ast.Constant)):
        return True
    if isinstance(x, ast.Subscript):
        return isinstance(x.value, ast.Name) and isinstance(x.slice, ast.Constant)
    if isinstance(x, ast.UnaryOp) and isinstance(x.op, ast.Not):
        return _pure(x.operand)
    if isinstance(x, ast.BoolOp):
        return all(_pure(v) for v in x.values)
    if isinstance(x, ast.Compare):
        return all(isinstance(op, (ast.Eq, ast.NotEq)) for op in x.ops) and all(
            _pure(v) for v in [x.left, *x.comparators]
        )
    return False


def _reads_only(x: Any) -> bool:
    """A generated expression of reads (locals, constants, ``s[3]``), arithmetic, comparisons and
    boolean operators: no call, no assignment (``_c :=``), so evaluating it twice gives the same value
    twice, and raises, if at all (a clock of the wrong type), the first time."""
    import ast

    if isinstance(x, (ast.Name, ast.Constant)):
        return True
    if isinstance(x, ast.Subscript):
        return isinstance(x.value, ast.Name) and isinstance(x.slice, ast.Constant)
    if isinstance(x, ast.UnaryOp):
        return _reads_only(x.operand)
    if isinstance(x, ast.BinOp):
        return _reads_only(x.left) and _reads_only(x.right)
    if isinstance(x, ast.BoolOp):
        return all(_reads_only(v) for v in x.values)
    if isinstance(x, ast.Compare):
        return all(_reads_only(v) for v in [x.left, *x.comparators])
    if isinstance(x, ast.IfExp):
        return _reads_only(x.test) and _reads_only(x.body) and _reads_only(x.orelse)
    return False


def _holds_as_true(x: Any) -> bool:
    """A conjunction of reads whose last operand is a comparison: where it holds, its value is ``True``
    (``s[2] and s[4] and (now - s[26] >= 10)``), so ``not x or x`` is ``True``, value for value."""
    import ast

    return (
        isinstance(x, ast.BoolOp)
        and isinstance(x.op, ast.And)
        and isinstance(x.values[-1], ast.Compare)
        and _reads_only(x)
    )


def _complementary(x: Any) -> bool:
    """``x and not x`` (always falsy) or ``not x or x`` (always truthy): a pure conjunction (disjunction)
    holding some read and its negation among its operands."""
    import ast

    if not isinstance(x, ast.BoolOp) or not _pure(x):
        return False
    negated = {ast.dump(v.operand) for v in x.values if isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.Not)}
    return any(ast.dump(v) in negated for v in x.values)


def _given(src: str, guard: str) -> str:
    """``src`` (a step's checks, judged after its guard held and before it writes the node list) with
    each boolean node variable the guard conjoins as a plain read (``s[2] and s[1]``: the kubelet
    runs and holds its certificate) read as ``True``, and folded: a Lease renewal's checks then no
    longer read them again (``if not s[2]: return False``)."""
    import ast

    if PLAIN_FORM:
        return src
    top = ast.parse(guard, mode="eval").body
    conj = top.values if isinstance(top, ast.BoolOp) and isinstance(top.op, ast.And) else [top]
    bools = {NI[v.name] for v in d.NODE_VARS if v.sort == "bool" and not v.clock}
    known = {
        x.slice.value
        for x in conj
        if isinstance(x, ast.Subscript)
        and isinstance(x.value, ast.Name)
        and x.value.id == "s"
        and isinstance(x.slice, ast.Constant)
        and x.slice.value in bools
    }
    if not known:
        return src
    out = re.sub(r"(?<![\w\].])s\[(\d+)\]", lambda m: "True" if int(m.group(1)) in known else m.group(0), src)
    return _tidy(out).strip()


def _known(src: str, var: str, expr: str) -> str:
    """``src`` (a step's checks) with ``var == (expr)`` read as ``True`` where ``var`` was just assigned
    ``expr`` itself (the control state the step computes, ``classify`` of the post-state, compared with
    ``classify`` of the post-state by ``control-state-matches-definition``): the same reads of the same
    locals, evaluated a second time (a pure expression: no effect, and it did not raise the first time)."""
    if PLAIN_FORM:
        return src
    return src.replace(f"{var} == {_paren(expr)}", "True")


def _paren(expr: str) -> str:
    """``expr`` as ``lit`` renders it as an operand: parenthesised (``lit`` gives a conditional so already)."""
    return expr if expr.startswith("(") and expr.endswith(")") else f"({expr})"


def _epoch(val: Any, now: str) -> str:
    """Source of the epoch to store for a clock whose new age is ``val``."""
    src = lit(val)
    return now if src == "0" else f"({now} - {src})"


@dataclass
class EventCode:
    """Compiled functions of one event for one node (and one pod for pod events)."""

    event: d.Event
    guard: Callable[..., bool]  # (s, p, now, a, o) -> untimed guard
    effect: Callable[..., tuple[dict[int, Any], dict[int, Any]]]  # -> (node updates, pod updates)
    fast: Callable[..., bool] | None  # (s, now, a) -> applied with no finding, or False (untouched)
    inline: Callable[..., bool] | None  # (parsed line, NodeRec, now) -> the same, for the events hot loop
    #: the inline step that also takes a step leaving a taint pass pending, as Oracle.quiet would (for the
    #: hot loop where quiet may be taken: no attribution); None where no such step can be (it is ``inline``)
    inline_open: Callable[..., bool] | None
    valid: Callable[..., bool] | None  # (parsed line) -> its fields are what ``normalise`` accepts
    read_args: Callable[..., tuple[Any, ...] | None] | None  # (parsed line) -> its arguments, as ``valid`` reads them
    post: Callable[..., list[Any]]  # (s, p, now, a, o) -> a copy of s with the effect's node updates
    marks: Callable[..., None]  # (s, post, changed, now): each timed property whose reads differ -> now
    quick: Callable[..., bool] | None  # (NodeRec, PodRec | None, now, a, Oracle) -> Oracle.quiet of this event
    #: ``quick`` in the hot loop's common case of a pod event (see ``_quick_lines``: ``inline``); None but
    #: for :data:`INLINE_POD_EVENTS`
    quick_inline: Callable[..., bool] | None
    writes: frozenset[str]
    pod_relevant: bool  # its effect can change what a bound pod's checks read
    loops: frozenset[int]
    edges: frozenset[tuple[int, int]]
    source: str = ""


@dataclass
class Compiled:
    """Everything the oracle runs for one set of timing parameters and slack."""

    params: dict[str, int]
    slack: float
    props: list[PropInfo]
    events: dict[str, EventCode]
    classify: Callable[[Any], int]
    state_fns: dict[str, Callable[..., bool]]  # (s, p, now, o)
    step_fns: dict[tuple[str, str], Callable[..., bool]]  # (s, t, p, q, now, a, o)
    step_all: dict[str, Callable[..., bool]]  # event -> the conjunction of its step_fns, same arguments
    time_fns: dict[str, Callable[..., bool]]  # (s, p, now0, now1, o)
    noop_sync: Callable[[Any], bool]
    lease_deadline: Callable[[Any], float | None]
    deadline: Callable[[Any, float], float]  # (s, now) -> before it, nothing time can break is due
    plain_ok: Callable[..., bool]  # (s, p, now, o): every state property no clock reads holds
    timed_ok: Callable[..., bool]  # (s, p, now, o): every promise time alone can break holds at now
    timed_fails: Callable[..., list[str]]  # (s, p, now, o): the ones that fail at now, in timed_ok's order
    source: str = field(default="", repr=False)


@dataclass(frozen=True)
class QuietSpec:
    """What :meth:`Oracle.quiet <nodereg.oracle.core.Oracle.quiet>` takes from the oracle's own rules, for
    the quick steps generated here: the properties never judged (its step check skips them), the
    taint-follow properties (judged by their failure window), and the events it leaves to ``apply``."""

    never: frozenset[str] = frozenset()
    follows: frozenset[str] = frozenset()
    not_quiet: frozenset[str] = frozenset()

    def key(self) -> tuple[list[str], list[str], list[str]]:
        return sorted(self.never), sorted(self.follows), sorted(self.not_quiet)


#: the pod events the events hot loop takes inline (``ib_EVENT``): the common line of a trace's pods
INLINE_POD_EVENTS = ("scheduler_bind_pod",)


def _dummy_pod() -> list[Any]:
    """The oracle's dummy pod (the pod of a node event on a node without pods), never written: what
    ``pods.pod_from_bits({}, 0, 0)`` makes (core checks they agree), built here as ``pods`` imports this."""
    p: list[Any] = [False] * len(POD_KEYS)
    p[PI["bound_to"]] = d.UNBOUND
    p[PI["toleration_seconds"]] = 0
    p[PI["request"]] = 0
    for v in d.POD_VARS:
        if v.clock:
            p[PI[v.name]] = 0.0
    return p


def _no_pod(src: str) -> str:
    """Generated source over a pod ``p`` read on the dummy pod: its values folded in."""
    dummy = _dummy_pod()
    return re.sub(r"\bp\[(\d+)\]", lambda m: repr(dummy[int(m.group(1))]), src)


def _quick_lines(
    e: d.Event,
    guard: Any,
    nparts: list[str],
    pparts: list[str],
    pod_relevant: bool,
    steps: list[tuple[str, str]],
    qi: dict[str, Any],
    qs: QuietSpec,
    inline: bool = False,
) -> list[str]:
    """``qk_EVENT(rec, prec, now, a, O)``: :meth:`Oracle.quiet` of one event, straight-line.

    The same computation as ``quiet`` (``apply`` -> ``_advance`` -> ``_step`` -> ``_after`` when the
    event reveals nothing), line for line, with what depends on the event decided here: its guard,
    effect and step properties inline, the window loop over the timed properties unrolled, a property
    that reads no pod evaluated once (not once per pod), the dummy pod's values folded in. False,
    having changed nothing, whenever ``quiet`` is.

    On a node without pods, of the state properties no clock reads, only those that read a node
    variable the step writes are judged (``quiet`` judges all of them): the others held before the step, as
    the inline steps rely on too, for the quick step is taken only on a node with nothing suppressed,
    and after every step the slow path has judged each of them and suppressed what it reported (but
    for an over-requested node, which it leaves unreported on purpose, and which only a step writing
    the requests or the allocatable can report). The taint pass after a NotReady node posts Ready (a
    quick step in every node's registration) then judges 4 of them, not 13
    (``tests/test_oracle_hotloop.py`` tests that fact on random traces, and the report against the
    slow path's).

    ``inline``: ``ib_EVENT``, the same step for the hot loop's common case, a pod event (a binding) on a
    node before its alarm and its deadline (``rec.alarm`` INF, ``now < rec.due``) that carries no
    NoExecute taint, and whose effect writes none. What ``quiet`` computes there is known without
    evaluating it, as the inline steps know it: no window is open (``fail_since`` empty, no pass
    pending); before the deadline every time check holds at ``now - slack`` (``_time_checks``), and every
    timed property that reads no clock held after the node's last step and reads nothing changed
    since; and a pod's timed properties (taint eviction) hold on every pod of a node without a
    NoExecute taint, so the node's checks with the dummy pod (``timed_fails_n``) are every pod's. So the
    window is not computed, and the timed properties after the step are judged once, not once per pod.
    False, having changed nothing, where that case does not hold: ``qk_EVENT`` then takes the line.
    """
    from .spec import KUBELET_ACTS

    eid = e.id
    a_, cert, exists, reg, synced = NI["alive"], NI["cert"], NI["exists"], NI["registered"], NI["taints_synced"]
    ready, rchg, reqd = NI["ready"], NI["since_ready_changed"], NI["requested"]
    bound, req = PI["bound_to"], PI["request"]
    noexec = (
        f"(s[{NI['taint_not_ready_ne']}] or s[{NI['taint_unreachable_ne']}] or "
        f"(s[{NI['taint_custom']}] and s[{NI['custom_effect']}] == {d.NO_EXECUTE}))"
    )
    out = [
        f"def {'ib' if inline else 'qk'}_{eid}(rec, prec, now, a, O):",
        "    if rec.suppressed or rec.alive_inferred or rec.hb_gated:",
        "        return False",
        "    s = rec.s",
        "    pods = rec.pods",
    ]
    if inline:
        out += [
            "    if now >= rec.due or rec.fail_since or rec.unsynced_since is not None or rec.alarm != INF:",
            "        return False",
            f"    if {noexec}:",
            "        return False",
        ]
    if pod_relevant:
        out += ["    if pods and prec is None:", "        return False"]
    if eid in KUBELET_ACTS:
        out += [f"    if s[{a_}] and s[{cert}] and s[{exists}] and not s[{reg}]:", "        return False"]
    lg, lx = qi["lease"]
    out += [f"    if ({lg}) and now > {lx}:", "        return False"]
    if not inline:  # (no pass is pending in the case ``inline`` takes)
        out += [
            "    us = rec.unsynced_since",
            f"    if us is not None and not s[{synced}] and now - us > SL:",
            "        return False",
            "    ne = now - SL",
        ]
    out += [
        "    rt = rec.t",
        "    chg_floor = rec.chg_floor",
        "    if rt > rec.tslow and rt > chg_floor:",
        "        chg_floor = rt",
        "    used = rec.used",
        "    fail_since = rec.fail_since",
        "    changed = rec.changed",
    ]
    # the window's part, which the case ``inline`` takes decides (none is open): left out there
    window_at = len(out)
    out += [
        "    if fail_since:",
        "        window = True",
        "    elif ne <= rt and ne <= chg_floor and (not changed or ne <= min(changed.values())):",
        "        window = False",
        "    elif pods:",
        "        window = False",
        "        for x in pods.values():",
        f"            if not timed_ok(s, x.p, ne, used - x.p[{req}]):",
        "                window = True",
        "                break",
        "    else:",
        "        window = not timed_ok_n(s, ne, used)",
        "    if window:",
    ]
    timed = qi["timed"]
    if any(t[5] for t in timed):
        out.append(f"        ppo = [(x.p, used - x.p[{req}]) for x in pods.values()] if pods else [(DUMMY, used)]")

    fn_pid = {fn: pid for pid, fn, *_ in timed}

    def chk(fn: str, two: bool, on_pods: bool, at: str) -> str:
        ts = f"{at}, {at}" if two else at
        if on_pods:
            return f"all({fn}(s, pp, {ts}, oo) for pp, oo in ppo)"
        # reads no pod: the same for every pod, its source inline
        return "(" + re.sub(r"\bnow\b", at, qi["timed_src"][fn_pid[fn]]) + ")"

    # quiet's loop over the timed properties only ever returns False (no property's check has an effect),
    # so it is taken in three parts, each skipped when the conjunction of its checks holds: (1) each
    # property (but a taint-follow one) at ne = now - slack, once the state it reads is older than ne
    # (ne > base >= chg_floor); (2) a taint-follow clock property with no window yet, at now; (3) a
    # window that ran out (more than slack ago), at now
    at_ne = [t for t in timed if not t[3]]
    if at_ne:
        conj = " and ".join(chk(fn, two, on_pods, "ne") for _, fn, two, _, _, on_pods in at_ne)
        out += [f"        if ne > chg_floor and not ({conj}):"]
        for pid, fn, two, _, _, on_pods in at_ne:
            out += [
                f"            base = changed.get({pid!r}, -INF)",
                f"            if ne > base and ne > chg_floor and not {chk(fn, two, on_pods, 'ne')}:",
                "                return False",
            ]
    follows = [t for t in timed if t[3] and t[4]]
    if follows:
        out += ["        if now > chg_floor:"]
        for pid, fn, two, _, _, on_pods in follows:
            out += [
                f"            if {pid!r} not in fail_since and not {chk(fn, two, on_pods, 'now')}:",
                f"                if now > changed.get({pid!r}, -INF):",
                "                    return False",
            ]
    out += ["        for pid, since in fail_since.items():", "            if now - since > SL:"]
    first = True
    for pid, fn, two, _, _, on_pods in timed:
        out += [
            f"                {'if' if first else 'elif'} pid == {pid!r}:",
            f"                    if not {chk(fn, two, on_pods, 'now')}:",
            "                        return False",
        ]
        first = False
    if inline:
        del out[window_at:]
    if qi["synced"] is not None:
        fn, on_pods = qi["synced"]
        if on_pods:
            out += [
                "    if pods:",
                "        for x in pods.values():",
                f"            if not {fn}(s, x.p, now, used - x.p[{req}]):",
                "                return False",
                f"    elif not {fn}(s, DUMMY, now, used):",
                "        return False",
            ]
        else:
            out += [f"    if not {fn}(s, DUMMY, now, used):", "        return False"]
    # -- _step
    out += [
        "    if prec is not None:",
        "        here = prec.node == rec.name",
        "        p = prec.p.copy()",
        f"        p[{bound}] = 0 if here else ({d.UNBOUND} if prec.node is None else 1)",
        f"        o = used - (p[{req}] if here else 0)",
        "    else:",
        "        p = DUMMY",
        "        o = used",
        f"    if not ({lit(guard)}):",
        "        return False",
    ]
    conj = [x for pid, x in steps if pid not in qs.never]  # (one never judged, _report drops: nothing follows)
    # on a node without pods (the common case), the post-state as locals: ``vI`` for the node indices the
    # effect writes, ``wJ`` for the acting pod's; the checks read through them (a node event: with the
    # dummy pod folded in), only what is written is stored
    written = sorted({int(part.split(":", 1)[0]) for part in nparts})
    pwritten = sorted({int(part.split(":", 1)[0]) for part in pparts})
    dummy = _dummy_pod()
    # quiet's ``classify(post)`` after the checks: the class the effect computed (``_c``, see _ctl_src), as
    # classify reads no clock (the only value set in between: since_ready_changed)
    reuse_class = (
        not PLAIN_FORM
        and CTL in written
        and not {k[1] for k in reads_state(lambda v: d.classify(v.node(0)))} & NODE_CLOCKS
    )

    def locals_path(with_pod: bool) -> list[str]:
        post = {i: f"v{i}" for i in written}
        ppost = {j: f"w{j}" for j in pwritten} if with_pod else {}

        def on_post(text: str, node: str, pre_pod: str, post_pod: str) -> str:
            text = re.sub(rf"\b{node}\[(\d+)\]", lambda m: post.get(int(m.group(1)), f"s[{m.group(1)}]"), text)
            if not with_pod:
                return re.sub(r"\b[pq]\[(\d+)\]", lambda m: repr(dummy[int(m.group(1))]), text)
            text = re.sub(rf"\b{post_pod}\[(\d+)\]", lambda m: ppost.get(int(m.group(1)), f"P[{m.group(1)}]"), text)
            return re.sub(rf"\b{pre_pod}\[(\d+)\]", lambda m: f"P[{m.group(1)}]", text).replace("P[", "p[")

        local = [f"    v{part.replace(': ', ' = ', 1)}" for part in nparts]
        if with_pod:
            local += [f"    w{part.replace(': ', ' = ', 1)}" for part in pparts]
        else:
            local = [re.sub(r"\bp\[(\d+)\]", lambda m: repr(dummy[int(m.group(1))]), x) for x in local]
        if steps and conj:
            local += [
                f"    if not ({on_post(' and '.join(f'({x})' for x in conj), 't', 'p', 'q')}):",
                "        return False",
            ]
        # of the state properties no clock reads, those that read what the step writes, and those that read
        # the acting pod (its state before the step is not the node's business): see the docstring
        wrote = set(written)
        if with_pod:  # plain_ok(t, q, now, o)
            reread = " and ".join(f"({x})" for reads, x, pod in qi["plain_each"] if pod or reads & wrote)
            plain_post = on_post(reread or "True", "s", "_", "p")
            cls = on_post(qi["classify"], "s", "_", "p")
        else:  # plain_ok_n(t, now, 0)
            reread = " and ".join(f"({x})" for reads, x in qi["plain_n_each"] if reads & wrote)
            plain_post = re.sub(r"\bo\b", "0", on_post(reread or "True", "s", "p", "q"))
            cls = on_post(qi["classify"], "s", "p", "q")
        if reuse_class and not PLAIN_FORM:
            # ``control-state-matches-definition`` compares the control state with the class of the
            # post-state, which the effect computed just before as ``_c`` (see _ctl_src): read, not
            # computed again (``v{CTL}`` is ``_c``, or the no-edge state if the step takes no edge)
            plain_post = plain_post.replace(f"v{CTL} == {_paren(cls)}", f"v{CTL} == _c")
        # (and each boolean node variable the guard, judged just before, reads as a plain conjunct: True)
        plain_post = _given(plain_post, lit(guard))
        local += [f"    if not ({plain_post}):", "        return False"]
        local += ["    if rt > rec.tslow:", "        rec.chg_floor = chg_floor"]
        marked = sorted(set(written) | {rchg})
        if ready in post:
            if rchg not in post:
                local.append(f"    v{rchg} = s[{rchg}]")
                post[rchg] = f"v{rchg}"
            local += [f"    if v{ready} != s[{ready}]:", f"        v{rchg} = now"]
        post[CTL] = f"v{CTL}"
        if reuse_class:
            local.append(f"    v{CTL} = _c")
        else:
            local.append(f"    v{CTL} = {on_post(qi['classify'], 's', 'p', 'q')}")
        for i in marked:
            readers = [pid for pid, reads in qi["timed_reads"] if i in reads]
            if readers and i in post:
                local += [f"    if v{i} != s[{i}]:", *[f"        changed[{pid!r}] = now" for pid in readers]]
        local += [f"    s[{i}] = v{i}" for i in sorted(post)]
        if with_pod:
            local += [f"    changed[{pid!r}] = now" for pid in qi["pod_marks"]]
            local += [f"    p[{j}] = w{j}" for j in pwritten]  # (p: the acting pod's own copy)
            local.append("    O._settle_pod(rec, prec, p)")
        return _constants(local)

    out += ["    if prec is None and not pods:", *["    " + x for x in locals_path(False)]]
    if "pod" in e.indices:
        out += ["    elif not pods:", *["    " + x for x in locals_path(True)]]
    out.append("    else:")
    lst = ["    t = s.copy()"]
    lst += [f"    t[{part.replace(': ', '] = ', 1)}" for part in nparts]
    lst += ["    if prec is not None:", "        q = p.copy()"]
    lst += [f"        q[{part.replace(': ', '] = ', 1)}" for part in pparts]
    lst += ["    else:", "        q = p"]
    if steps and conj:
        lst += [f"    if not ({' and '.join(f'({x})' for x in conj)}):", "        return False"]
    if inline:
        # the other pods on the node: before the step every state property held on each (no alarm, nothing
        # suppressed: as for the inline steps); the step changed none of them, so only those of a pod's
        # properties that read what it wrote of the node, or the others' requests ``o``, can fail now
        wrote = set(written) | {CTL}
        reread = [
            x
            for x in qi["plain_pods"]
            if re.search(r"\bo\b", x) or {int(i) for i in re.findall(r"\bs\[(\d+)\]", x)} & wrote
        ]
        others = [
            "    if pods:",
            f"        requested = t[{reqd}]",
            "        for x in pods.values():",
            f"            if x is not prec and not pw_{eid}(t, x.p, now, requested - x.p[{req}]):",
            "                return False",
        ]
        out[:0] = [f"def pw_{eid}(s, p, now, o):", f"    return {' and '.join(f'({x})' for x in reread) or 'True'}", ""]
    else:
        others = [
            "    if pods:",
            f"        requested = t[{reqd}]",
            "        for x in pods.values():",
            f"            if x is not prec and not plain_ok(t, x.p, now, requested - x.p[{req}]):",
            "                return False",
        ]
    lst += [
        "    if prec is not None and not plain_ok(t, q, now, o):",
        "        return False",
        *others,
        "    elif prec is None and not plain_ok_n(t, now, 0):",
        "        return False",
        # nothing found: the step is taken as _step takes it
        "    if rt > rec.tslow:",
        "        rec.chg_floor = chg_floor",
        f"    if t[{ready}] != s[{ready}]:",
        f"        t[{rchg}] = now",
        f"    t[{CTL}] = {'_c' if reuse_class else 'classify(t)'}",
        f"    m_{eid}(s, t, changed, now)",
        "    s[:] = t",
        "    if prec is not None:",
    ]
    lst += [f"        changed[{pid!r}] = now" for pid in qi["pod_marks"]]
    lst.append("        O._settle_pod(rec, prec, q)")
    out += ["    " + x for x in lst]

    if eid == "kubelet_renew_lease":
        out.append("    O.lease_seen = True")
    # -- _after
    timed_ids = tuple(t[0] for t in timed)
    out += [
        "    O.untolerated = None",
        "    rec.tslow = now",
        f"    if not s[{synced}]:",
        f"        if not s[{exists}] or noop_sync(s):",
        f"            s[{synced}] = True",
        "            rec.unsynced_since = None",
        "        elif rec.unsynced_since is None:",
        "            rec.unsynced_since = now",
        "    else:",
        "        rec.unsynced_since = None",
        "    pods = rec.pods",
        "    used = rec.used",
        *(
            [
                # (no NoExecute taint: every pod's timed checks are the node's, with the dummy pod)
                "    failing = timed_fails_n(s, now, used)",
                "    ok = not failing",
            ]
            if inline
            else [
                "    if pods:",
                "        ok = True",
                "        for x in pods.values():",
                f"            if not timed_ok(s, x.p, now, used - x.p[{req}]):",
                "                ok = False",
                "                break",
                "    else:",
                "        failing = timed_fails_n(s, now, used)  # (all hold: each evaluated, as timed_ok_n does)",
                "        ok = not failing",
            ]
        ),
        "    if ok:",
        "        fail_since.clear()",
        "    else:",
        "        if pods:",
        "            failing = set()",
        "            for x in pods.values():",
        f"                failing.update(timed_fails(s, x.p, now, used - x.p[{req}]))",
        # (what _after's loop over the timed properties does, over the few failing ones and the few in a
        # window: a window ends for each that holds, starts now for each that fails outside one)
        "        if fail_since:",
        f"            for pid in [x for x in fail_since if x not in failing and x in {_set_src(timed_ids)}]:",
        "                del fail_since[pid]",
        "        for pid in failing:",
        "            if pid not in fail_since:",
        "                fail_since[pid] = now",
        "    rec.t = now",
        f"    if rec.suppressed or (pods and {noexec}) or fail_since or rec.alive_inferred or (",
        "            rec.unsynced_since is not None):",
        "        rec.alarm = -INF",
        "        rec.due = -INF",
        "    else:",
        "        rec.alarm = INF",
        "        rec.due = deadline(s, now)",
        "    return True",
        "",
    ]
    return out


def _opening_lines(edge_check: list[str], checks: str, post: set[int], qi: dict[str, Any]) -> list[str]:
    """The end of an ``iw_`` inline step whose effect leaves a taint pass pending (``taints_synced``
    false, and the controller's pass would change a taint): what :meth:`Oracle.quiet` (its generated
    quick step, ``_quick_lines``) does with such a step, on the node list's post-state held in the
    locals ``vI`` (``post``: the indices written).

    The inline step runs only before the node's alarm, so what the quick step reads of the node's
    bookkeeping is known: no slack window is open (``fail_since`` empty), no pass pending
    (``unsynced_since`` None), nothing suppressed or inferred; and, as for every inline step, the time
    checks hold and every state property that reads nothing the step writes still holds. So the
    step's checks are those of the inline step but for the promises time alone can break, which quiet
    does not judge at the step (``checks``), then quiet's bookkeeping: the changes each timed property
    reads (``changed``), the pending pass (``unsynced_since``), the windows of the timed properties the
    post-state breaks (``fail_since``, in ``timed_fails_n``'s order) and the alarm that sends the node's
    next events to the quick step or the slow path.
    """
    ready, rchg = NI["ready"], NI["since_ready_changed"]
    out = ["    if rec.hb_gated: return False", *edge_check, f"    if not ({checks}): return False"]
    out += ["    rt = rec.t", "    if rt > rec.tslow and rt > rec.chg_floor:", "        rec.chg_floor = rt"]
    post = set(post)
    if ready in post:
        if rchg not in post:
            out.append(f"    v{rchg} = s[{rchg}]")
            post.add(rchg)
        out += [f"    if v{ready} != s[{ready}]:", f"        v{rchg} = now"]
    out.append("    changed = rec.changed")
    for i in sorted(post):
        readers = [pid for pid, reads in qi["timed_reads"] if i in reads]
        if readers:
            out += [f"    if v{i} != s[{i}]:", *[f"        changed[{pid!r}] = now" for pid in readers]]
    out += [f"    s[{i}] = v{i}" for i in sorted(post)]
    out += [
        "    rec.tslow = now",
        "    rec.unsynced_since = now",
        "    failing = timed_fails_n(s, now, rec.used)",
        "    if failing:",
        "        fail_since = rec.fail_since",
        "        for pid in failing:",
        "            fail_since[pid] = now",
        "    rec.t = now",
        "    rec.alarm = -INF",
        "    rec.due = -INF",
        "    return True",
    ]
    return out


def _untimed_guard(view: View, b: Bound) -> Any:
    return b.inst.event.guard(view, b)


def _time_checks(infos: list[PropInfo], insts: dict[str, Instance], tv: View, lv: View) -> list[Any]:
    """What time alone can break on a node: clock properties (read at ``ne = now - slack`` through
    ``tv``) and the urgency of the kubelet's Lease renewal, from the declaration's ``Timer`` (at ``now``
    through ``lv``)."""
    out: list[Any] = []
    for pi in infos:
        if pi.pods or not pi.clocks or pi.id == "live-kubelet-renews-in-time":
            # (that lemma is the Lease urgency below, at ne <= now: implied)
            continue
        if pi.prop.kind == "state":
            out.append(pi.prop.formula(tv))
        elif pi.time_step:
            tb = Bound(insts["time_passes"], {"seconds": 0})
            out.append(pi.prop.formula(tv, tv, tb))
    renew = insts["kubelet_renew_lease"]
    rb = Bound(renew, {})
    tm = renew.event.timer
    assert tm is not None and tm.clock is not None and tm.latest is not None
    out.append(Implies(renew.event.guard(lv, rb), tm.clock(lv, rb) <= tm.latest(lv, rb)))
    return out


def _deadline_src(atoms: list[tuple[int, float] | None], reset: set[int]) -> str | None:
    """Source of the earliest flip time of the recorded clock atoms (``None``: no deadline can be given).

    A clock in ``reset`` was just set to ``now`` by the step, so its atoms flip at ``now + K``.
    """
    if any(a is None for a in atoms):
        return None
    if not atoms:
        return "INF"
    # every threshold of every clock: one already passed cannot flip again (clocks only grow until a
    # step resets them, and each step recomputes the deadline), so the earliest future one counts
    pairs = sorted({(i, k) for i, k in atoms})  # type: ignore[misc]
    terms = [f"s[{i}] + {k!r}" for i, k in pairs if i not in reset]
    now_k = [k for i, k in pairs if i in reset]
    if now_k:
        terms.insert(0, f"now + {min(now_k)!r}")
    if len(terms) == 1:
        return terms[0]
    return f"min([x for x in ({', '.join(terms)}) if x > now] or [INF])"


_MIN_FUTURE = re.compile(r"min\(\[x for x in \((.*)\) if x > now\] or \[INF\]\)")


def _deadline_lines(src: str, indent: str = "    ") -> list[str]:
    """``d = SRC`` as statements: the earliest of several flip times after ``now`` without building a
    list (the inline steps run it on every event; the same value as the expression)."""
    m = _MIN_FUTURE.fullmatch(src)
    if m is None:
        return [f"{indent}d = {src}"]
    terms = m.group(1).split(", ")
    first = re.fullmatch(r"now \+ ([0-9.]+)", terms[0])
    # a clock the step reset comes first: its bound ``now + K`` (K > 0) is ahead and below INF
    reset = first is not None and float(first.group(1)) > 0
    out = [f"{indent}d = {terms.pop(0) if reset else 'INF'}"]
    for term in terms:
        out += [f"{indent}x = {term}", f"{indent}if now < x < d:", f"{indent}    d = x"]
    return out


def _with_value(step: list[str], var: str, value: str) -> list[str]:
    """Lines of a step with ``var`` (``s[i]``) read as ``value``, up to the first write to the state list."""
    out: list[str] = []
    for j, x in enumerate(step):
        if re.match(r"\s*s\[\d+\] = ", x):
            return out + step[j:]
        out.append(x.replace(var, value))
    return out


_CONST = re.compile(r"\s*([vw]\d+) = (True|False|-?\d+)")


def _constants(step: list[str]) -> list[str]:
    """A step's lines with each local set to a literal (``v4 = True``) read as that literal until it is
    set again (the folder then drops what it decides)."""
    known: dict[str, str] = {}
    out: list[str] = []
    base = min((len(x) - len(x.lstrip()) for x in step), default=0)
    for x in step:
        m = re.match(r"\s*([vw]\d+) = ", x)
        if known:
            pat = re.compile(r"\b(" + "|".join(known) + r")\b")
            head, rest = (x[: m.end()], x[m.end() :]) if m else ("", x)
            x = head + pat.sub(lambda g: known[g.group(1)], rest)
        if m:
            known.pop(m.group(1), None)
            x = x[: len(x) - len(x.lstrip())] + _tidy(x.strip()).strip()  # (``True if not False else ...``)
            c = _CONST.fullmatch(x)
            if c and len(x) - len(x.lstrip()) == base:  # (one under an ``if`` leaves the value unknown)
                known[c.group(1)] = c.group(2)
        out.append(x)
    return out


def _ctl_src(pre: View, post: dict[Key, Any], edges: Any) -> str:
    """Source of the control state an event's effect leaves (``post_values``: the post-state's class if a
    declared edge leads there from the current state, else ``NO_EDGE``), with the class computed once.

    ``post_values`` states it as ``If(Or(ctl == src and cls == dst, ...), cls, NO_EDGE)``; printed as it is,
    the class (a chain of a dozen comparisons) is evaluated once per edge tried and once more for the
    value, up to ten times in every quick step. Here it is bound once, ``_c`` (a walrus in the
    condition, which Python evaluates first), and the edge looked up in a set of pairs: the same value.
    """
    after = pre.with_get(lambda k: post[k] if k in post else pre.get(k))
    cls = _tidy(lit(d.classify(after.node(0)))).strip()
    return f"(_c if (s[{CTL}], (_c := {cls})) in {_set_src(edges)} else {d.NO_EDGE})"


def _set_src(items: Any) -> str:
    """A set display of constants (a membership test compiles it to one frozenset constant), or ``()``."""
    return "{" + ", ".join(repr(x) for x in sorted(items)) + "}" if items else "()"


def _arg_names_of(eid: str) -> list[str]:
    from .spec import event_spec

    return list(event_spec(eid)[2])


def _inline_spec(e: d.Event) -> list[str] | None:
    """Lines that read an event's arguments from its parsed ``events`` line exactly as
    :func:`~nodereg.oracle.events.normalise` accepts them (``return False`` otherwise: the slow path
    then reports the error); ``None`` for an event whose fields are not all booleans."""
    from .spec import event_spec

    _, need_pod, fields, _ = event_spec(e.id)
    names = [a.name for a in e.args]
    counts = sorted(set(fields) - set(names))  # kubelet_register_node's capacity and reserved
    if (
        need_pod
        or not set(names) <= set(fields)
        or any(fields[n][0] not in ("bool", "effect") for n in names)
        or any(fields[n][:2] != ("count", False) for n in counts)
        or any(fields[n][0] == "effect" and fields[n][1] for n in names)
    ):
        return None
    gets, rest, _ = _spec_parts(e, fields, names, counts)
    return gets + rest


def _spec_split(e: d.Event) -> tuple[list[str], list[str], list[str], dict[int, Any]]:
    """:func:`_inline_spec` of an event with an inline step, as its inline step reads the line: the
    field reads, their checks, the checks when no optional argument is given, and the optional
    arguments' defaults (by index)."""
    from .spec import event_spec

    _, _, fields, _ = event_spec(e.id)
    names = [a.name for a in e.args]
    counts = sorted(set(fields) - set(names))
    gets, rest, defaults = _spec_parts(e, fields, names, counts)
    _, rest_absent, _ = _spec_parts(e, fields, names, counts, frozenset(defaults))
    return gets, rest, rest_absent, defaults


def _inline_body(
    step: list[str], e: d.Event, pod_relevant: bool, nparts: list[str], due: str | None, cond: Any, cond_due: Any
) -> list[str]:
    """An inline step after its line is read: the node, the step (``step``: its time checks, guard,
    effect, checks and writes), and the node's new deadline."""
    lines: list[str] = []
    if pod_relevant:
        lines.append("    if rec.pods: return False")
    lines.append("    s = rec.s")
    counts = sorted(set(_arg_names_of(e.id)) - {a.name for a in e.args})
    if counts:  # what Oracle.apply does before its fast step: the machine's size, until it exists
        lines.append(f"    if not s[{NIDX[('node', 'exists', 0)]}]:")
        for i, n in enumerate(counts):
            lines.append(f"        if c{i} is not None: s[{NIDX[('node', n, 0)]}] = c{i}")
    ex = NI["exists"]
    if any(f"s[{ex}]" in part for part in nparts):
        # an effect that reads whether the Node exists (a registration: create or AlreadyExists):
        # one step per case, each with it folded in (up to the step's writes, which read the post-state)
        lines.append(f"    if s[{ex}]:")
        lines += ["    " + x for x in _constants(_with_value(step, f"s[{ex}]", "True"))]
        lines.append("    else:")
        lines += ["    " + x for x in _constants(_with_value(step, f"s[{ex}]", "False"))]
    else:
        lines += _constants(step)
    lines.append("    rec.t = now")
    if due is None:
        lines.append("    rec.due = -INF")
    else:
        c_src = _tidy(lit(cond)).strip()
        m = re.fullmatch(r"now \+ ([0-9.]+)", due)
        if c_src == "True" and m and float(m.group(1)) > 0:
            lines.append(f"    rec.due = {due}")  # the step reset every clock the time checks read
        else:
            # the time checks hold on the pre-state at ``now``: before the deadline (``early``), or
            # evaluated above (same ``ne``, same ``now``); a check that reads nothing this step writes
            # reads the same values after it, so only the others (``cond_due``) are judged here
            e_src = _tidy(lit(cond_due)).strip()
            # ``ne`` is set where the time checks ran (not before the deadline, ``early``)
            if re.search(r"\bne\b", e_src):
                lines.append("    ne = now - SL")
            lines += _deadline_lines(due)
            if e_src == "True":
                lines.append("    rec.due = d if early or d > now else -INF")
            else:
                lines.append(f"    rec.due = d if d > now and ({e_src}) else -INF")
    lines.append("    return True")
    return lines


def _spec_parts(
    e: d.Event, fields: dict[str, Any], names: list[str], counts: list[str], absent: frozenset[int] = frozenset()
) -> tuple[list[str], list[str], dict[int, Any]]:
    """:func:`_inline_spec`'s lines in two parts: the reads of the fields (``aI``: the event's arguments,
    ``cI``: the counts), and the checks of what they hold; with the arguments ``absent`` known to be
    missing from the line (their checks dropped, their count term 0). Also each optional argument's
    index -> the value ``normalise`` gives it when it is missing."""
    effects = {name: i for i, name in enumerate(d.EFFECT_NAMES)}
    out = [f"    a{i} = ev.get({n!r})" for i, n in enumerate(names)]
    out += [f"    c{i} = ev.get({n!r})" for i, n in enumerate(counts)]
    gets = out
    out = []
    count = "".join(f" + (a{i} is not None)" for i in range(len(names)) if i not in absent)
    count += "".join(f" + (c{i} is not None)" for i in range(len(counts)))
    out.append(f"    if len(ev) != 3{count}: return False")
    for i in range(len(counts)):
        out.append(f"    if c{i} is not None and not (c{i}.__class__ is int and 0 <= c{i} <= {10**15}): return False")
    defaults: dict[int, Any] = {}
    for i, n in enumerate(names):
        kind, required, default = fields[n]
        if kind == "effect" or not required:
            defaults[i] = default
        if i in absent:
            continue
        if kind == "effect":  # a name ("NoSchedule") or its index, as normalise's _value reads it
            out.append(f"    if a{i} is None: a{i} = {default!r}")
            out.append(f"    elif a{i}.__class__ is str:")
            out.append(f"        a{i} = {effects!r}.get(a{i}, -1)")
            out.append(f"        if a{i} < 0: return False")
            out.append(f"    elif not (a{i}.__class__ is int and 0 <= a{i} <= 2): return False")
        elif required:
            out.append(f"    if a{i}.__class__ is not bool: return False")
        else:
            out.append(f"    if a{i} is None: a{i} = {default!r}")
            out.append(f"    elif a{i}.__class__ is not bool: return False")
    return gets, out, defaults


def _sources_digest() -> bytes:
    """A hash of the sources the generated code is generated from, as this process loaded them.

    Taken once, when this module is imported (right after the modules it imports): hashed later, a
    process that started before a checkout changed the files would store code generated from the old
    sources under the new sources' key, and every later check would read it (a property added since
    was then missing from the cached functions: KeyError).
    """
    import hashlib
    import sys
    from pathlib import Path

    import nodereg.model.declaration as decl
    import nodereg.model.logic as logic
    import nodereg.model.params as prm
    import nodereg.model.semantics as sem
    import nodereg.properties.catalogue as cat

    h = hashlib.sha256()
    for mod in (decl, logic, prm, sem, cat, sys.modules[__name__]):
        h.update(Path(mod.__file__ or "").read_bytes())
    for name in ("events.py", "spec.py"):  # the inline steps read the field specs
        h.update((Path(__file__).parent / name).read_bytes())
    return h.digest()


def _cache_key(params: dict[str, int], slack: float, skip: frozenset[str], quiet: QuietSpec) -> str:
    """What the generated code depends on: the sources it is generated from, the parameters, Python."""
    import hashlib
    import sys

    h = hashlib.sha256(_SOURCES_DIGEST)
    h.update(repr((sorted(params.items()), slack, sorted(skip), sys.version, quiet.key())).encode())
    return h.hexdigest()[:32]


def _cache_dir() -> Any:
    import os
    from pathlib import Path

    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nodereg" / "oracle"


def compile_oracle(
    params: dict[str, int], slack: float, skip_props: frozenset[str] = frozenset(), quiet: QuietSpec | None = None
) -> Compiled:
    """The oracle's functions for fixed ``params`` and ``slack``, from a disk cache when unchanged.

    Generating and folding the code takes a third of a second; the cache (``$XDG_CACHE_HOME/nodereg``,
    keyed by a hash of the declaration, logic, semantics and catalogue sources) makes a check start at
    once. Any failure to read or write it just regenerates.
    """
    import marshal
    import pickle

    quiet = quiet or QuietSpec()
    key = _cache_key(params, slack, skip_props, quiet)
    path = _cache_dir() / f"{key}.bin"
    try:
        blob = pickle.loads(path.read_bytes())
        code = marshal.loads(blob["code"])
        return _assemble(params, slack, skip_props, code, blob["src"], blob["meta"], blob["names"])
    except Exception:
        pass
    c, code, meta, names = _generate(params, slack, skip_props, quiet)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps({"code": marshal.dumps(code), "src": c.source, "meta": meta, "names": names}))
        tmp.replace(path)
    except OSError:
        pass
    return c


def _generate(
    params: dict[str, int], slack: float, skip_props: frozenset[str], quiet_spec: QuietSpec
) -> tuple[Compiled, Any, Any, Any]:
    model = real_model()
    insts = {i.event.id: i for i in instances(model, CFG)}
    infos = [pi for pi in property_infos() if not pi.hidden and pi.id not in skip_props]
    # what time alone can break, without the properties never judged: a guard's promise (a status
    # post the kubelet could make) is not a deadline a trace can miss
    time_infos = [pi for pi in infos if pi.id not in quiet_spec.never]
    lines: list[str] = ["# generated by nodereg.oracle.compile from nodereg.model.declaration", ""]
    classify_vars = {k[1] for k in reads_state(lambda v: d.classify(v.node(0)))}

    # -- classify ------------------------------------------------------------------------------
    rd = Reader(params)
    lines.append("def classify(s):")
    lines.append(f"    return {lit(d.classify(rd.view().node(0)))}")
    lines.append("")

    # -- properties ----------------------------------------------------------------------------
    state_names: dict[str, str] = {}
    step_names: dict[tuple[str, str], str] = {}
    time_names: dict[str, str] = {}
    step_srcs: dict[str, list[str]] = {}
    step_pid_srcs: dict[str, list[tuple[str, str]]] = {}
    for j, pi in enumerate(infos):
        p = pi.prop
        oo = "o" if pi.pods else None
        if p.kind == "state":
            v = Reader(params, o=oo).view()
            name = f"sp{j}"
            lines += [f"def {name}(s, p, now, o):  # {p.id}", f"    return {lit(p.formula(v))}", ""]
            state_names[p.id] = name
        else:
            if pi.time_step:
                pre = Reader(params, now="now0", o=oo).view()
                post = Reader(params, now="now1", o=oo).view()
                b = Bound(insts["time_passes"], {"seconds": Code("(now1 - now0)")})
                name = f"tp{j}"
                lines += [
                    f"def {name}(s, p, now0, now1, o):  # {p.id}",
                    f"    return {lit(p.formula(pre, post, b))}",
                    "",
                ]
                time_names[p.id] = name
            for ev in p.events:
                if ev == "time_passes":
                    continue
                inst = insts[ev]
                pre = Reader(params, o=oo).view()
                post = Reader(params, s="t", p="q", o=oo).view()
                b = Bound(inst, {a.name: Code(f"a[{i}]") for i, a in enumerate(inst.event.args)})
                name = f"st{j}_{ev}"
                src = lit(p.formula(pre, post, b))
                lines += [f"def {name}(s, t, p, q, now, a, o):  # {p.id} on {ev}", f"    return {src}", ""]
                step_names[(p.id, ev)] = name
                step_srcs.setdefault(ev, []).append(src)
                step_pid_srcs.setdefault(ev, []).append((p.id, src))
    # per event, the conjunction of its step properties (the slow path judges them one by one only
    # when it fails)
    for ev, srcs in step_srcs.items():
        lines += [f"def sa_{ev}(s, t, p, q, now, a, o):", f"    return {' and '.join(f'({x})' for x in srcs)}", ""]
    # the conjunctions the slow path tries first (each property on its own only when one fails):
    # every state property that no clock reads, and every promise time alone can break, at ``now``
    # each read as its own function reads it: ``allocatable`` less the other pods' requests ``o`` only
    # in a pod property (read so in allocatable-within-capacity, the conjunction failed on every node
    # with pods, and the slow path then judged every property one by one)
    nvs = {True: Reader(params, o="o").view(), False: Reader(params).view()}
    plain = [lit(pi.prop.formula(nvs[pi.pods])) for pi in infos if pi.prop.kind == "state" and not pi.clocks]
    timed = [
        lit(pi.prop.formula(nvs[pi.pods], nvs[pi.pods], Bound(insts["time_passes"], {"seconds": 0})))
        for pi in infos
        if pi.time_step
    ]
    timed += [lit(pi.prop.formula(nvs[pi.pods])) for pi in infos if pi.prop.kind == "state" and pi.clocks]
    lines += ["def plain_ok(s, p, now, o):", f"    return {' and '.join(f'({x})' for x in plain) or 'True'}", ""]
    lines += ["def timed_ok(s, p, now, o):", f"    return {' and '.join(f'({x})' for x in timed) or 'True'}", ""]
    # which of those fail, in that order (what the slow path's loop over them finds one by one)
    timed_ids = [pi.id for pi in infos if pi.time_step] + [
        pi.id for pi in infos if pi.prop.kind == "state" and pi.clocks
    ]
    lines += ["def timed_fails(s, p, now, o):", "    out = []"]
    lines += [f"    if not ({x}): out.append({pid!r})" for pid, x in zip(timed_ids, timed, strict=True)]
    lines += ["    return out", ""]
    # the same three on a node without pods, as the oracle calls them there (its dummy pod, a
    # constant: ``DUMMY_POD``, folded in)
    plain_n = [_no_pod(x) for x in plain]
    timed_n = [_no_pod(x) for x in timed]
    lines += ["def plain_ok_n(s, now, o):", f"    return {' and '.join(f'({x})' for x in plain_n) or 'True'}", ""]
    lines += ["def timed_ok_n(s, now, o):", f"    return {' and '.join(f'({x})' for x in timed_n) or 'True'}", ""]
    lines += ["def timed_fails_n(s, now, o):", "    out = []"]
    lines += [f"    if not ({x}): out.append({pid!r})" for pid, x in zip(timed_ids, timed_n, strict=True)]
    lines += ["    return out", ""]
    # what the quick steps (``qk_*``, Oracle.quiet) read of the timed properties, as Oracle orders them
    timed_infos = [pi for pi in infos if pi.time_step] + [pi for pi in infos if pi.prop.kind == "state" and pi.clocks]
    assert [pi.id for pi in timed_infos] == timed_ids
    timed_reads_q = [(pi.id, {NI[k[1]] for k in pi.reads if k[0] == "node" and k[1] in NI}) for pi in timed_infos]
    sync_pi = next((pi for pi in infos if pi.prop.kind == "state" and pi.id == "synced-taints-match-conditions"), None)
    renew_q = insts["kubelet_renew_lease"]
    tm_q = renew_q.event.timer
    assert tm_q is not None and tm_q.clock is not None and tm_q.latest is not None
    pre_q = Reader(params).view()
    quick_info = {
        "timed": [
            (
                pi.id,
                time_names[pi.id] if pi.time_step else state_names[pi.id],
                pi.time_step,
                pi.id in quiet_spec.follows,
                pi.clocks,
                pi.pods,
            )
            for pi in timed_infos
        ],
        # each one's source at ``now`` (as timed_ok reads it: its function at now, now), for those that
        # read no pod: inline in the quick steps' window
        "timed_src": dict(zip(timed_ids, timed_n, strict=True)),
        "synced": (state_names[sync_pi.id], sync_pi.pods) if sync_pi is not None else None,
        "pod_marks": [pi.id for pi in timed_infos if pi.pods],
        "plain_n": " and ".join(f"({x})" for x in plain_n) or "True",
        # the same one by one, with the node-list indices each property reads (the control state: CTL),
        # and whether it reads a pod
        "plain_each": [
            ({NIDX[k] for k in pi.reads if k in NIDX}, x, pi.pods)
            for pi, x in zip([pi for pi in infos if pi.prop.kind == "state" and not pi.clocks], plain, strict=True)
        ],
        "plain_n_each": [
            ({NIDX[k] for k in pi.reads if k in NIDX}, x)
            for pi, x in zip([pi for pi in infos if pi.prop.kind == "state" and not pi.clocks], plain_n, strict=True)
        ],
        "plain": " and ".join(f"({x})" for x in plain) or "True",
        # the same one by one, those of a pod's properties (the others read no pod and no ``o``)
        "plain_pods": [
            lit(pi.prop.formula(nvs[True])) for pi in infos if pi.prop.kind == "state" and not pi.clocks and pi.pods
        ],
        "classify": lit(d.classify(rd.view().node(0))),
        "timed_reads": timed_reads_q,
        "lease": (
            lit(renew_q.event.guard(pre_q, Bound(renew_q, {}))),
            f"s[{NI['since_lease_renew']}] + {lit(tm_q.latest(pre_q, Bound(renew_q, {})))}",
        ),
    }

    # -- time: nothing due between the node's last step and now -----------------------------------
    # (clock properties at now - SL, the kubelet's Lease timer at now); ``deadline(s, now)``: the
    # time before which these checks keep the value they have now (every clock bound they compare
    # with, from the catalogue and the declaration's Timer), or -INF if they fail now
    atoms: list[tuple[int, float] | None] = []
    tchecks = _time_checks(
        time_infos, insts, Reader(params, now="ne", atoms=atoms, shift=slack).view(), Reader(params, atoms=atoms).view()
    )
    dl = _deadline_src(atoms, set())
    lines.append("def deadline(s, now):")
    if dl is None:
        lines.append("    return -INF")
    else:
        lines += [
            "    ne = now - SL",
            *_deadline_lines(dl),
            f"    return d if d > now and ({lit(And(*tchecks))}) else -INF",
        ]
    lines.append("")

    # -- events ----------------------------------------------------------------------------------
    ev_meta: dict[str, dict[str, Any]] = {}
    # the promises time alone can break (the oracle's timed properties), each with the node-list
    # indices it reads
    timed_reads = [
        (pi.id, {NI[k[1]] for k in pi.reads if k[0] == "node" and k[1] in NI})
        for pi in infos
        if pi.time_step or (pi.prop.kind == "state" and pi.clocks)
    ]
    for e in model.events:
        if e.id == "time_passes":
            continue
        inst = insts[e.id]
        b = Bound(inst, {a.name: Code(f"a[{i}]") for i, a in enumerate(e.args)})
        pre = Reader(params).view()
        gview = Reader(params, o="o" if "pod" in e.indices else None, clock_floor=True).view()
        guard = _untimed_guard(gview, b)
        post = post_values(model, CFG, pre, b)
        node_upd = {k: v for k, v in post.items() if k[0] in ("node", "ctl")}
        pod_upd = {k: v for k, v in post.items() if k[0] == "pod"}
        lines.append(f"def g_{e.id}(s, p, now, a, o):")
        lines.append(f"    return {lit(guard)}")
        lines.append(f"def f_{e.id}(s, p, now, a, o):")
        nparts = []
        for k, val in node_upd.items():
            if k[0] == "ctl" and not PLAIN_FORM:
                src = _ctl_src(pre, post, e.edges)
            else:
                src = _epoch(val, "now") if k[1] in NODE_CLOCKS else lit(val)
            nparts.append(f"{NIDX[k]}: {src}")
        pparts = []
        for k, val in pod_upd.items():
            src = _epoch(val, "now") if k[1] in POD_CLOCKS else lit(val)
            if src == f"p[{PIDX[k]}]" or (k[1] in POD_CLOCKS and src == f"(now - (now - p[{PIDX[k]}]))"):
                continue
            pparts.append(f"{PIDX[k]}: {src}")
        lines.append(f"    return {{{', '.join(nparts)}}}, {{{', '.join(pparts)}}}")
        lines.append("")
        # Oracle.quiet's step: the node effect on a copy of the state list, and which timed properties'
        # reads it changed (what _mark_changed finds comparing the whole lists: only these can differ)
        lines.append(f"def q_{e.id}(s, p, now, a, o):")
        lines.append("    t = s.copy()")
        lines += [f"    t[{part.replace(': ', '] = ', 1)}" for part in nparts]
        lines.append("    return t")
        lines.append(f"def m_{e.id}(s, t, ch, now):")
        for i in sorted({NIDX[k] for k in node_upd} | {NI["since_ready_changed"]}):
            readers = [pid for pid, reads in timed_reads if i in reads]
            if readers:
                lines.append(f"    if t[{i}] != s[{i}]:")
                lines += [f"        ch[{pid!r}] = now" for pid in readers]
        lines.append("    return None")
        lines.append("")
        written = frozenset(k[1] for k in e.effect(pre, b).values if k[0] == "node")
        pod_read_by_effect = set()
        for val in pod_upd.values():
            if isinstance(val, Code):
                pod_read_by_effect |= {n for n in NI if f"s[{NI[n]}]" in val.src}
        pod_props = [pi for pi in infos if pi.pods and (pi.prop.kind == "state" or pi.time_step)]
        pod_prop_vars = {k[1] for pi in pod_props for k in pi.reads if k[0] == "node"}
        local = {k: f"v{NIDX[k]}" for k in node_upd}
        zero = {k for k, v in node_upd.items() if k[1] in NODE_CLOCKS and lit(v) == "0"}
        # a pod step property of a node event, on a pod as the event's effect leaves it: one that folds
        # to True holds for every pod, one that no longer reads a pod has the same value for every pod
        # (and for the dummy pod of a node without pods): only the rest makes the event pod-relevant
        own_pod_step = "pod" in e.indices
        pod_steps_on_node: list[Any] = []
        if not own_pod_step:
            plocal = {k: _epoch(val, "now") if k[1] in POD_CLOCKS else lit(val) for k, val in pod_upd.items()}
            ppost = Reader(params, local={**local, **plocal}, zero=zero, o="o").view()
            ppre = Reader(params, o="o").view()
            for pi in infos:
                if pi.pods and pi.prop.kind == "step" and e.id in pi.prop.events:
                    folded = _tidy(lit(pi.prop.formula(ppre, ppost, b))).strip()
                    if folded == "True":
                        continue
                    if _READS_POD.search(folded):
                        own_pod_step = True
                    else:
                        pod_steps_on_node.append(Code(f"({folded})"))
        pod_relevant = (
            bool(written & (pod_prop_vars | pod_read_by_effect))
            or own_pod_step
            or any(k[1] == "bound_to" for k in e.effect(pre, b).values)
        )
        loops = frozenset(src for src, dst in e.edges if src == dst)
        ev_meta[e.id] = {
            "written": written,
            "pod_relevant": pod_relevant,
            "loops": loops,
            "edges": frozenset(e.edges),
            "classify": bool(written & classify_vars),
        }
        if e.id not in quiet_spec.not_quiet:
            lines += _quick_lines(
                e, guard, nparts, pparts, pod_relevant, step_pid_srcs.get(e.id, []), quick_info, quiet_spec
            )
            ev_meta[e.id]["quick"] = f"qk_{e.id}"
            noexec_vars = {
                NI["taint_not_ready_ne"],
                NI["taint_unreachable_ne"],
                NI["taint_custom"],
                NI["custom_effect"],
            }
            if e.id in INLINE_POD_EVENTS and not {int(x.split(":", 1)[0]) for x in nparts} & noexec_vars:
                lines += _quick_lines(
                    e, guard, nparts, pparts, pod_relevant, step_pid_srcs.get(e.id, []), quick_info, quiet_spec, True
                )
                ev_meta[e.id]["quick_inline"] = f"ib_{e.id}"
        # fast path: node-only events, when nothing needs the slow path's care
        if "pod" in e.indices:
            continue
        postv = Reader(params, local=local, zero=zero).view()
        checks: list[Any] = list(pod_steps_on_node)
        # what Oracle.quiet checks of a step that leaves a taint pass pending (``opening`` below): the
        # same but for the promises time alone can break (clock state properties, time_passes step
        # properties), which quiet does not judge at the step: its ``_after`` opens their slack windows
        checks_open: list[Any] = list(pod_steps_on_node)
        for pi in infos:
            if pi.pods:
                continue
            names = {k[1] for k in pi.reads}
            if pi.prop.kind == "state" and names & written:
                checks.append(pi.prop.formula(postv))
                if not pi.clocks:
                    checks_open.append(checks[-1])
            elif pi.prop.kind == "step" and e.id in pi.prop.events:
                # one never judged (a timer's lower bound: how soon a kubelet may renew its Lease or post
                # again) is dropped by the slow path's report and by Oracle.quiet: checked here, it only
                # sent an early renewal (10 s apart in a trace, 9.999 s in floats) or a starting kubelet's
                # fast status post to them
                if pi.id not in quiet_spec.never:
                    checks.append(pi.prop.formula(pre, postv, b))
                    checks_open.append(checks[-1])
            elif pi.time_step and names & written:
                # must hold after the step, else the slow path starts the slack window
                tb = Bound(insts["time_passes"], {"seconds": 1})
                checks.append(pi.prop.formula(postv, postv, tb))
        sync_inst = insts["nlc_sync_noschedule_taints"]
        noop_src = None
        if "taints_synced" in written:
            # the controller's taint pass follows every Node update; a pass that would change no
            # taint is inferred at once (the slow path handles one that must change taints)
            supd = sync_inst.event.effect(postv, Bound(sync_inst, {})).values
            noop = And(*[postv.get(k) == v for k, v in supd.items() if k[1] != "taints_synced"])
            noop_src = (
                f"v{NI['taints_synced']} or not v{NI['exists']} or ({lit(noop)})"
                if ("exists" in written)
                else f"v{NI['taints_synced']} or not s[{NI['exists']}] or ({lit(noop)})"
            )
        body: list[str] = []
        for k, val in node_upd.items():
            if k[0] == "ctl":
                continue
            src = _epoch(val, "now") if k[1] in NODE_CLOCKS else lit(val)
            body.append(f"    v{NIDX[k]} = {src}")
        edge_check: list[str] = []
        if ev_meta[e.id]["classify"]:
            edge_check.append(f"    v{CTL} = {lit(d.classify(postv.node(0)))}")
            edge_check.append(f"    if (s[{CTL}], v{CTL}) not in {_set_src(e.edges)}: return False")
        else:
            edge_check.append(f"    if s[{CTL}] not in {_set_src(loops)}: return False")
        # the same step, for the hot loop where Oracle.quiet may be taken (``iw_``): one that leaves a
        # taint pass pending (a NotReady node posting Ready keeps its not-ready taint until the
        # controller's pass) is taken there as quiet takes it, instead of declined to it
        opening: list[str] = []
        if noop_src is not None and (
            e.id in quiet_spec.not_quiet or lit(node_upd[("node", "taints_synced", 0)]) == "True"
        ):
            # (none for an event quiet leaves to apply, such as a re-registration: it takes no such step;
            # none for the taint pass itself: it leaves no pass pending)
            body.append(f"    if not ({noop_src}): return False")
        elif noop_src is not None:
            # first: the common decline (a Node update that needs a taint pass: the slow path's window)
            body.append(f"    if not ({noop_src}): return False")
            ck_open = lit(And(*checks_open))
            if ev_meta[e.id]["classify"]:
                ck_open = _known(ck_open, f"v{CTL}", lit(d.classify(postv.node(0))))
            opening = _opening_lines(
                edge_check,
                _given(ck_open, lit(guard)),
                {NIDX[k] for k in node_upd if k[0] != "ctl" or ev_meta[e.id]["classify"]},
                quick_info,
            )
        body_open = list(body[:-1]) if opening else []
        body += edge_check
        ck = lit(And(*checks))
        if ev_meta[e.id]["classify"]:
            ck = _known(ck, f"v{CTL}", lit(d.classify(postv.node(0))))
        body.append(f"    if not ({_given(ck, lit(guard))}): return False")
        tail: list[str] = []
        if noop_src is not None:
            tail.append(f"    v{NI['taints_synced']} = True")
        for k in node_upd:
            if k[0] == "ctl" and not ev_meta[e.id]["classify"]:
                continue
            tail.append(f"    s[{NIDX[k]}] = v{NIDX[k]}")
        body += tail
        if opening:
            # the step as ``in_`` takes it when no pass is pending, else the opening of the pass's window
            n_pre = len(body_open)
            body_open.append(f"    if {noop_src}:")
            body_open += ["    " + x for x in body[n_pre + 1 :]]
            body_open.append("    else:")
            body_open += ["    " + x for x in opening]
        # Oracle.apply's fast step: the time checks, the untimed guard, the effect, the checks
        lines.append(f"def fast_{e.id}(s, now, a):")
        lines.append("    p = None; o = 0; ne = now - SL")
        lines.append(f"    if not ({lit(And(*tchecks, guard))}): return False")
        lines += body
        lines.append("    return True")
        lines.append("")
        ev_meta[e.id]["fast"] = f"fast_{e.id}"
        # the inline step of the events hot loop: reads its arguments from the parsed line, skips the
        # time checks before the node's deadline, and sets the deadline of the state it leaves
        spec = _inline_spec(e)
        if spec is None:
            continue
        zero_ids = {NIDX[k] for k in zero}
        ipost = Reader(params, now="ne", zero=zero, zero_age=-slack).view()
        inow = Reader(params, zero=zero).view()
        post_checks = _time_checks(time_infos, insts, ipost, inow)
        cond = And(*post_checks)
        # before the node's deadline every time check holds on the pre-state at ``now`` (none of their
        # clock atoms has flipped since they last held): a check that reads nothing this step writes
        # holds on the post-state too, so the deadline after a step taken before it judges the others only
        pre_checks = _time_checks(time_infos, insts, Reader(params, now="ne").view(), Reader(params).view())
        wrote = {NIDX[k] for k in node_upd} | ({NI["taints_synced"]} if noop_src is not None else set())
        cond_due = And(
            *[
                c
                for c, c0 in zip(post_checks, pre_checks, strict=True)
                if {int(x) for x in re.findall(r"\bs\[(\d+)\]", lit(c0))} & wrote
            ]
        )
        due = _deadline_src(atoms, zero_ids)
        gsrc = re.sub(r"(?<![\w\]])a\[(\d+)\]", r"a\1", lit(guard))
        tsrc = re.sub(r"(?<![\w\]])a\[(\d+)\]", r"a\1", lit(And(*tchecks, guard)))
        gets, rest_full, rest_absent, defaults = _spec_split(e)
        for prefix, lines_of in (("in", body), ("iw", body_open)):
            if not lines_of:
                continue
            ib = [re.sub(r"(?<![\w\]])a\[(\d+)\]", r"a\1", x) for x in lines_of]
            step = [
                "    early = now < rec.due",
                "    if early:",
                f"        if not ({gsrc}): return False",
                "    else:",
                "        ne = now - SL",
                f"        if not ({tsrc}): return False",
                *ib,
            ]
            lines.append(f"def {prefix}_{e.id}(ev, rec, now):")
            lines += gets
            if defaults:
                # the common line gives none of the optional arguments (a registration with its counts
                # only): the step with their defaults folded in, as normalise gives them
                lines.append(f"    if {' and '.join(f'a{i} is None' for i in defaults)}:")
                dstep = [
                    re.sub(
                        r"\ba(\d+)\b",
                        lambda m, dv=defaults: repr(dv[int(m.group(1))]) if int(m.group(1)) in dv else m.group(0),
                        x,
                    )
                    for x in step
                ]
                lines += ["    " + x for x in rest_absent]
                lines += ["    " + x for x in _inline_body(dstep, e, pod_relevant, nparts, due, cond, cond_due)]
            lines += rest_full
            lines += _inline_body(step, e, pod_relevant, nparts, due, cond, cond_due)
            lines.append("")
            ev_meta[e.id]["inline" if prefix == "in" else "inline_open"] = f"{prefix}_{e.id}"
        # the same reading of the arguments alone: a shard's check that another shard's line is valid
        lines.append(f"def ok_{e.id}(ev):")
        lines += spec
        lines.append("    return True")
        lines.append("")
        ev_meta[e.id]["valid"] = f"ok_{e.id}"
        # and its arguments as normalise reads them (None: a line normalise reads otherwise or rejects)
        lines.append(f"def ar_{e.id}(ev):")
        lines += [x.replace("return False", "return None") for x in spec]
        lines.append(f"    return ({''.join(f'a{i}, ' for i in range(len(e.args)))})")
        lines.append("")
        ev_meta[e.id]["args"] = f"ar_{e.id}"

    # -- helpers ---------------------------------------------------------------------------------
    sync = insts["nlc_sync_noschedule_taints"]
    pre = Reader(params).view()
    upd = sync.event.effect(pre, Bound(sync, {})).values
    same = And(*[pre.get(k) == v for k, v in upd.items() if k[1] != "taints_synced"])
    lines += ["def noop_sync(s):", f"    return {lit(same)}", ""]
    renew = insts["kubelet_renew_lease"]
    tm = renew.event.timer
    assert tm is not None and tm.clock is not None and tm.latest is not None
    g = renew.event.guard(pre, Bound(renew, {}))
    lines += [
        "def lease_deadline(s):",
        f"    return (s[{NI['since_lease_renew']}] + {lit(tm.latest(pre, Bound(renew, {})))}) if {lit(g)} else None",
        "",
    ]

    src = _tidy("\n".join(lines) + "\n")
    code = compile(src, "<nodereg oracle compiled>", "exec")
    names = (state_names, step_names, time_names)
    return _assemble(params, slack, skip_props, code, src, ev_meta, names), code, ev_meta, names


def _assemble(
    params: dict[str, int],
    slack: float,
    skip_props: frozenset[str],
    code: Any,
    src: str,
    ev_meta: dict[str, dict[str, Any]],
    names: Any,
) -> Compiled:
    model = real_model()
    infos = [pi for pi in property_infos() if not pi.hidden and pi.id not in skip_props]
    state_names, step_names, time_names = names
    ns: dict[str, Any] = {"SL": slack, "INF": math.inf, "DUMMY": _dummy_pod()}
    exec(code, ns)
    events: dict[str, EventCode] = {}
    for eid, meta in ev_meta.items():
        events[eid] = EventCode(
            event=model.event(eid),
            guard=ns[f"g_{eid}"],
            effect=ns[f"f_{eid}"],
            fast=ns.get(meta.get("fast", "")),
            inline=ns.get(meta.get("inline", "")),
            inline_open=ns.get(meta.get("inline_open", "")),
            valid=ns.get(meta.get("valid", "")),
            read_args=ns.get(meta.get("args", "")),
            writes=meta["written"],
            post=ns[f"q_{eid}"],
            marks=ns[f"m_{eid}"],
            quick=ns.get(meta.get("quick", "")),
            quick_inline=ns.get(meta.get("quick_inline", "")),
            pod_relevant=meta["pod_relevant"],
            loops=meta["loops"],
            edges=meta["edges"],
        )
    return Compiled(
        params=dict(params),
        slack=slack,
        props=infos,
        events=events,
        classify=ns["classify"],
        state_fns={k: ns[v] for k, v in state_names.items()},
        step_fns={k: ns[v] for k, v in step_names.items()},
        step_all={ev: ns[f"sa_{ev}"] for ev in {ev for _, ev in step_names}},
        time_fns={k: ns[v] for k, v in time_names.items()},
        noop_sync=ns["noop_sync"],
        lease_deadline=ns["lease_deadline"],
        deadline=ns["deadline"],
        plain_ok=ns["plain_ok"],
        timed_ok=ns["timed_ok"],
        timed_fails=ns["timed_fails"],
        source=src,
    )


def initial_node(capacity: int, reserved: int) -> list[Any]:
    """A node's list before anything happened: the declaration's initial values, clocks at epoch 0."""
    out = list(_initial_template())
    out[NI["capacity"]], out[NI["reserved"]] = capacity, reserved
    return out


@functools.cache
def _initial_template() -> tuple[Any, ...]:
    out: list[Any] = []
    for k in NODE_KEYS:
        if k[0] == "ctl":
            out.append(d.UNREGISTERED)
            continue
        v = next(x for x in d.NODE_VARS if x.name == k[1])
        out.append(0.0 if v.clock else v.init)
    return tuple(out)


def instance_for(event_id: str) -> Instance:
    return next(i for i in instances(real_model(), CFG) if i.event.id == event_id)


#: the sources this process generates from, hashed as it imported them (see :func:`_sources_digest`)
_SOURCES_DIGEST = _sources_digest()
