"""The oracle: a monitor that replays a trace against the declaration, node by node.

Semantics of checking (documented in ``oracle/README.md`` too), for each event at time ``t``:

1. **Time passes** from the node's previous event to ``t`` (lazily, per node: clocks are epochs).
   A catalogue promise that time alone can break is checked with ``slack`` seconds of controller
   latency: a clock property (``silent-node-becomes-unknown``, ``no-execute-eviction``) at
   ``t - slack``; a clock-free ``time_passes`` property (``not-ready-taint-follows-not-ready``,
   ``unreachable-taint-follows-unknown``) once it has been false for more than ``slack``. Each is
   reported once, until it holds again. A kubelet whose Lease is older than ``heartbeat-gap-max``
   has stopped (the model's live kubelet never is): the oracle infers ``kubelet_stops``; a kubelet
   that acts again after that has restarted (inferred ``kubelet_restarts`` and its AlreadyExists
   re-registration, both invisible in real traces).
2. **The step**: the declaration's *untimed* guard (lower time bounds, such as the status-update
   frequency, are when a component may act, not a safety promise: kubelets post fast at start-up
   and leases retry early) and its effect. If the guard is false, or the trace shows an outcome
   (``expect``) the effect does not produce, the catalogue's step properties of that event and
   its state properties on the observed post-state name what broke; if none does, the step is
   reported as ``control-state-matches-definition`` (the machine has no transition for it). The
   observed outcome is then adopted, since the real system did it, and checking goes on.
3. **State properties** on the post-state.

The controller's private bookkeeping (``heartbeat_unseen``, ``since_probe``, ``since_monitor``)
is invisible in every trace; before a ``nlc_monitor_node_health`` step the oracle chooses it so
that the step can have the outcome the trace shows whenever *some* phase of the monitor's passes
allows it (probe at the last heartbeat, ``slack`` earlier). Properties about that bookkeeping (the
controller-clock lemmas) are not checked. ``taints_synced`` follows the trace; a no-op taint pass
(the taints already match) is inferred at once, and one that has not come after ``slack`` seconds
is taken as done, so ``no-schedule-without-ready`` then applies in full.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from nodereg.model import declaration as d
from nodereg.model.params import CONSTRAINTS, K8S_VERSION, defaults

from .compile import CTL, NI, NODE_CLOCKS, NODE_KEYS, PI, Compiled, compile_oracle, initial_node

GENERIC = "control-state-matches-definition"
INF = math.inf

_A, _CERT, _EXISTS, _READY, _SYNCED = NI["alive"], NI["cert"], NI["exists"], NI["ready"], NI["taints_synced"]
_REG, _HBU, _PROBE, _MON, _HB = NI["registered"], NI["heartbeat_unseen"], NI["since_probe"], NI["since_monitor"], \
    NI["since_heartbeat"]
_LEASE = NI["since_lease_renew"]
_BOUND, _REQ, _NOEX = PI["bound_to"], PI["request"], PI["since_noexecute"]
KUBELET_ACTS = frozenset(e.id for e in d.EVENTS if e.actor == "kubelet") - {"kubelet_stops", "kubelet_restarts"}
NODE_EVENTS = frozenset(e.id for e in d.EVENTS if e.indices == ("node",))
POD_EVENTS = frozenset(e.id for e in d.EVENTS if e.indices == ("node", "pod"))
EXTRA_EVENTS = ("declare_node", "declare_pod", "delete_pod", "observe_node")


class InputError(Exception):
    """Unusable input: the one exception the parsers and the oracle let escape (exit code 2)."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message, self.file, self.line = message, file, line

    def __str__(self) -> str:
        where = f"{self.file or '<input>'}:{self.line}" if self.line is not None else (self.file or "<input>")
        return f"{where}: {self.message}"

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "message": self.message}


def backwards(t: float, now: float, file: str | None, line: int | None) -> InputError:
    return InputError(f"time goes backwards: t={t:g} after t={now:g} (events must be in time order)", file, line)


@dataclass
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

    def as_json(self) -> dict[str, Any]:
        return {"index": self.index, "line": self.line, "file": self.file, "node": self.node, "pod": self.pod,
                "property": self.property, "message": self.message, "t": self.t, "event": self.event}


@dataclass
class Position:
    index: int
    line: int | None = None
    file: str | None = None


class NodeRec:
    """One node: its state list (laid out by ``compile.NODE_KEYS``) and the monitor's bookkeeping."""

    __slots__ = ("alarm", "alive_inferred", "due", "fail_since", "name", "pods", "s", "suppressed", "t",
                 "unsynced_since", "used")

    def __init__(self, name: str, s: list[Any], t: float) -> None:
        self.name, self.s, self.t = name, s, t
        self.alarm = INF  # before this time nothing but the compiled fast path is needed
        # before this time nothing time alone can break is due (``Compiled.deadline``): the inline
        # fast step skips the time checks; -INF: unknown
        self.due = -INF
        self.pods: dict[str, PodRec] = {}
        self.used = 0
        # time property -> since when the current state breaks it if time passes (the slack window)
        self.fail_since: dict[str, float] = {}
        self.unsynced_since: float | None = None
        self.suppressed: set[str] = set()
        self.alive_inferred = False


class PodRec:
    """One pod: its state list (``compile.POD_KEYS``) and the node it is bound to."""

    __slots__ = ("name", "node", "p")

    def __init__(self, name: str, p: list[Any]) -> None:
        self.name, self.p, self.node = name, p, None


def fmt_time(t: float) -> str:
    """Epoch seconds as an RFC 3339 time of day; small numbers (relative traces) as seconds."""
    if t >= 1e8:
        import datetime as dt

        x = dt.datetime.fromtimestamp(t, tz=dt.UTC)
        return x.strftime("%Y-%m-%dT%H:%M:%S") + (f".{round((t % 1) * 1000):03d}" if t % 1 else "") + "Z"
    return f"t={t:g}s"


def pod_from_bits(bits: dict[str, Any], request: int = 0, toleration_seconds: int | None = None) -> list[Any]:
    """A pod list from model toleration bits (names without the ``tolerates_`` prefix accepted)."""
    p: list[Any] = [None] * len(PI)
    for name, i in PI.items():
        if name.startswith("tolerates_"):
            p[i] = bool(bits.get(name, bits.get(name[len("tolerates_"):], False)))
    p[_BOUND] = d.UNBOUND
    forever = toleration_seconds is None and bool(bits.get("tolerates_forever", bits.get("forever", False)))
    p[PI["tolerates_forever"]] = forever
    p[PI["toleration_seconds"]] = int(toleration_seconds or 0)
    p[_REQ] = int(request)
    for v in d.POD_VARS:  # every pod clock (the eviction timer and the properties' ghost clocks)
        if v.clock:
            p[PI[v.name]] = 0.0
    return p


def pod_from_tolerations(tolerations: list[dict[str, Any]] | None, request: int = 0,
                         default_tolerations: bool = True) -> list[Any]:
    """A pod list from real Kubernetes tolerations (see :func:`_pod_from_tolerations`), a fresh copy of
    a result cached by the tolerations' canonical JSON: a trace declares many pods alike."""
    import orjson

    try:
        key = orjson.dumps(tolerations or [], option=orjson.OPT_SORT_KEYS)
    except TypeError:  # not JSON data: no caching
        return _pod_from_tolerations(tolerations, request, default_tolerations)
    return list(_pod_from_tolerations_json(key, int(request), bool(default_tolerations)))


@functools.lru_cache(maxsize=1024)
def _pod_from_tolerations_json(key: bytes, request: int, default_tolerations: bool) -> tuple[Any, ...]:
    import orjson

    return tuple(_pod_from_tolerations(orjson.loads(key), request, default_tolerations))


def _pod_from_tolerations(tolerations: list[dict[str, Any]] | None, request: int = 0,
                          default_tolerations: bool = True) -> list[Any]:
    """A pod list from real Kubernetes tolerations, through :mod:`nodereg.model.rules`.

    Each taint slot of the declaration becomes the real taint (key, effect) it stands for and is
    matched with ``rules.tolerates``; ``toleration_seconds``/``tolerates_forever`` come from
    ``rules.eviction_delay_seconds`` over the NoExecute slots the pod tolerates (the model keeps
    one number per pod: the smallest). DefaultTolerationSeconds is applied first, as the API
    server does on create, unless ``default_tolerations`` is false (objects read from a cluster
    already carry it).
    """
    from nodereg.model import rules as r

    tols = list(tolerations or [])
    if default_tolerations:
        tols = r.add_default_tolerations({"spec": {"tolerations": tols}})["spec"]["tolerations"]
    bits: dict[str, bool] = {}
    effects = {d.NO_SCHEDULE: r.EFFECT_NO_SCHEDULE, d.NO_EXECUTE: r.EFFECT_NO_EXECUTE}
    ne_taints = []
    for slot in d.TAINT_SLOTS:
        if slot.effect < 0:
            for eff, name in ((d.NO_SCHEDULE, "tolerates_custom_ns"), (d.NO_EXECUTE, "tolerates_custom_ne")):
                taint = {"key": slot.key, "effect": effects[eff]}
                bits[name] = r.tolerations_tolerate_taint(tols, taint)
                if eff == d.NO_EXECUTE and bits[name]:
                    ne_taints.append(taint)
            continue
        value = "true" if slot.key == r.KEY_CLOUD_UNINITIALIZED else ""
        taint = {"key": slot.key, "value": value, "effect": effects[slot.effect]}
        bits[slot.tolerated_by] = r.tolerations_tolerate_taint(tols, taint)
        if slot.effect == d.NO_EXECUTE and bits[slot.tolerated_by]:
            ne_taints.append(taint)
    delay = r.eviction_delay_seconds(tols, ne_taints) if ne_taints else 0.0
    if delay is None:
        return pod_from_bits({**bits, "tolerates_forever": True}, request, None)
    return pod_from_bits(bits, request, int(delay))


ORDINARY_POD = None  # filled lazily: the pod of a bind whose pod was never declared


def _params_admissible(params: dict[str, int], ids: Iterable[str]) -> bool:
    class _P:
        def __getattr__(self, name: str) -> Any:
            return params[name]

    by_id = {c.id: c for c in CONSTRAINTS}
    return all(bool(by_id[i].formula(_P())) for i in ids if i in by_id)


_COMPILED: dict[Any, Compiled] = {}


class Oracle:
    """Step-by-step checking of node-lifecycle events; each node's state stays readable.

    ``Oracle(params={"node_monitor_grace_period": 50}, k8s_version="1.35", slack=5.0)``; then
    ``step(event_dict)`` per event in the ``events`` format (see ``oracle/events.schema.json``),
    returning the violations that event revealed, and ``finish()`` at the end of the trace.
    """

    def __init__(self, params: dict[str, int] | None = None, k8s_version: str = K8S_VERSION, slack: float = 5.0,
                 fast: bool = True) -> None:
        base = defaults(k8s_version)
        base.update(params or {})
        self.params, self.slack, self.k8s_version = base, float(slack), k8s_version
        from nodereg.properties.catalogue import ALL_PROPERTIES

        # a property is checked only where its timing assumptions hold for these parameters
        skip = frozenset(p.id for p in ALL_PROPERTIES if p.assumes and not _params_admissible(base, p.assumes))
        self.skipped = sorted(skip)
        key = (tuple(sorted(base.items())), self.slack, skip)
        if key not in _COMPILED:
            _COMPILED[key] = compile_oracle(base, self.slack, skip)
        self.c: Compiled = _COMPILED[key]
        self.use_fast = fast
        self.nodes: dict[str, NodeRec] = {}
        self.pods: dict[str, PodRec] = {}
        self.now: float | None = None
        self.index = -1
        self.violations: list[Violation] = []
        self.notes: list[str] = []
        self._pos = Position(-1)
        c = self.c
        self._state_props = [(pi, c.state_fns[pi.id]) for pi in c.props if pi.prop.kind == "state"]
        self._step_by_event: dict[str, list[tuple[str, Callable[..., bool]]]] = {}
        for (pid, ev), fn in c.step_fns.items():
            self._step_by_event.setdefault(ev, []).append((pid, fn))
        self._time_props = [(pi, c.time_fns[pi.id]) for pi in c.props if pi.time_step]
        # every promise time alone can break: time_passes step properties, state properties on clocks
        self._timed: list[tuple[Any, Callable[..., bool]]] = []
        for pi, fn in self._time_props:
            self._timed.append((pi, self._time_at(fn)))
        for pi, fn in self._state_props:
            if pi.clocks:
                self._timed.append((pi, self._state_at(fn)))
        self._dummy_pod = pod_from_bits({}, 0, 0)
        self._plain_ids = frozenset(pi.id for pi, _ in self._state_props if not pi.clocks) - {GENERIC}
        self._timed_ids = frozenset(pi.id for pi, _ in self._timed)
        self._has_noexec: Callable[[list[Any]], bool] = lambda s: bool(
            s[NI["taint_not_ready_ne"]] or s[NI["taint_unreachable_ne"]]
            or (s[NI["taint_custom"]] and s[NI["custom_effect"]] == d.NO_EXECUTE))

    def _time_at(self, fn: Callable[..., bool]) -> Callable[..., bool]:
        dummy = None

        def at(s: list[Any], prec: PodRec | None, t: float, rec: NodeRec) -> bool:
            p = prec.p if prec is not None else (dummy or self._dummy_pod)
            return bool(fn(s, p, t, t, rec.used - (p[_REQ] if prec is not None else 0)))

        return at

    def _state_at(self, fn: Callable[..., bool]) -> Callable[..., bool]:
        def at(s: list[Any], prec: PodRec | None, t: float, rec: NodeRec) -> bool:
            p = prec.p if prec is not None else self._dummy_pod
            return bool(fn(s, p, t, rec.used - (p[_REQ] if prec is not None else 0)))

        return at

    # ------------------------------------------------------------------------------------------
    # public API
    # ------------------------------------------------------------------------------------------
    def step(self, ev: dict[str, Any], line: int | None = None, file: str | None = None) -> list[Violation]:
        """Check one event given as a dict in the ``events`` format (validated here)."""
        from .events import normalise

        eid, t, node, pod, args, expect, extra = normalise(ev, file, line)
        return self.apply(eid, t, node, pod, args, expect, extra, line=line, file=file)

    def apply(self, eid: str, t: float, node: str | None, pod: str | None, args: tuple[Any, ...] = (),
              expect: dict[int, Any] | None = None, extra: dict[str, Any] | None = None, *,
              line: int | None = None, file: str | None = None) -> list[Violation]:
        """Check one already-normalised event; returns the violations it revealed."""
        if self.now is not None and t < self.now:
            raise backwards(t, self.now, file, line)
        self.now = t
        self.index += 1
        self._pos = Position(self.index, line, file)
        n0 = len(self.violations)
        if eid in EXTRA_EVENTS:
            self._extra(eid, t, node, pod, extra or {})
            return self.violations[n0:]
        if eid == "!observe_binding":  # a pod bound before the trace began: taken as it is
            assert node is not None and pod is not None
            rec = self.nodes.get(node) or self._new_node(node, t, {})
            prec = self.pods.get(pod) or self._declare_pod(pod, pod_from_tolerations([]))
            if prec.node is not None:
                self._unbind(prec)
            prec.node, prec.p[_BOUND] = node, 0
            rec.pods[pod] = prec
            rec.used += prec.p[_REQ]
            self._set_alarm(rec)
            return []
        assert node is not None
        rec = self.nodes.get(node)
        if rec is None:
            rec = self._new_node(node, t, extra or {})
        ec = self.c.events[eid]
        if extra and eid == "kubelet_register_node" and not rec.s[_EXISTS]:
            for k in ("capacity", "reserved"):
                if k in extra:
                    rec.s[NI[k]] = int(extra[k])
        if (self.use_fast and ec.fast is not None and not expect and t <= rec.alarm
                and not (rec.pods and ec.pod_relevant) and ec.fast(rec.s, t, args)):
            rec.t = t
            rec.due = self.c.deadline(rec.s, t)
            return []
        self._advance(rec, t)
        prec = None
        if pod is not None:
            prec = self.pods.get(pod)
            if prec is None:
                prec = self._declare_pod(pod, pod_from_tolerations([]))
                self.notes.append(f"pod {pod} was not declared: taken as an ordinary pod with the default "
                                  "tolerations and no request")
        self._step(rec, prec, eid, t, args, expect)
        return self.violations[n0:]

    def finish(self) -> list[Violation]:
        """End of trace: time has passed up to the last event for every node; check what it broke."""
        n0 = len(self.violations)
        if self.now is not None:
            self._pos = Position(self.index, self._pos.line, self._pos.file)
            for rec in self.nodes.values():
                self._advance(rec, self.now, end=True)
        return self.violations[n0:]

    def node_state(self, name: str) -> dict[str, Any]:
        """The model's variables of one node, readable (clocks as ages at the current time)."""
        rec = self.nodes[name]
        return self._named(rec.s, self.now if self.now is not None else rec.t)

    def pod_state(self, name: str) -> dict[str, Any]:
        prec = self.pods[name]
        out = {k: prec.p[i] for k, i in PI.items()}
        out["bound_to"] = prec.node
        out["since_noexecute"] = (self.now or 0) - prec.p[_NOEX]
        return out

    def control_state(self, name: str) -> str:
        return d.STATE_NAMES[self.nodes[name].s[CTL]]

    # ------------------------------------------------------------------------------------------
    # nodes and pods
    # ------------------------------------------------------------------------------------------
    def _new_node(self, name: str, t: float, extra: dict[str, Any]) -> NodeRec:
        s = initial_node(int(extra.get("capacity", 10**9)), int(extra.get("reserved", 0)))
        for v in d.NODE_VARS:  # a clock's epoch: its initial age before t (0, or 1 for since_left_ready)
            if v.clock:
                s[NI[v.name]] = t - (v.init or 0)
        rec = NodeRec(name, s, t)
        self.nodes[name] = rec
        return rec

    def _declare_pod(self, name: str, p: list[Any]) -> PodRec:
        old = self.pods.get(name)
        if old is not None and old.node is not None:
            self._unbind(old)
        prec = PodRec(name, p)
        self.pods[name] = prec
        return prec

    def _unbind(self, prec: PodRec) -> None:
        if prec.node is not None:
            rec = self.nodes[prec.node]
            if rec.pods.pop(prec.name, None) is not None:
                rec.used -= prec.p[_REQ]
            prec.node = None
        prec.p[_BOUND] = d.UNBOUND

    def _extra(self, eid: str, t: float, node: str | None, pod: str | None, extra: dict[str, Any]) -> None:
        if eid == "declare_pod":
            assert pod is not None
            p = extra["pod"]
            self._declare_pod(pod, p)
        elif eid == "delete_pod":
            assert pod is not None
            prec = self.pods.pop(pod, None)
            if prec is not None:
                if prec.node is not None:
                    self._advance(self.nodes[prec.node], t)
                self._unbind(prec)
        elif eid == "declare_node":
            assert node is not None
            rec = self.nodes.get(node) or self._new_node(node, t, extra)
            if not rec.s[_EXISTS]:
                rec.s[NI["capacity"]] = int(extra.get("capacity", rec.s[NI["capacity"]]))
                rec.s[NI["reserved"]] = int(extra.get("reserved", rec.s[NI["reserved"]]))
                rec.due = -INF
        elif eid == "observe_node":
            assert node is not None
            rec = self.nodes.get(node) or self._new_node(node, t, extra)
            self._advance(rec, t)
            s = rec.s
            pre = list(s)
            s[NI["csr"]] = d.CSR_APPROVED
            s[_CERT] = s[_A] = s[_REG] = s[_EXISTS] = s[_SYNCED] = True
            s[_HBU] = False
            for k in ("since_lease_renew", "since_status_post", "since_probe", "since_monitor", "since_heartbeat"):
                s[NI[k]] = t
            for i, v in (extra.get("set") or {}).items():
                s[i] = v
            s[CTL] = self.c.classify(s)
            self._check_state(rec, "observe_node", pre, t, None)
            self._after(rec, t)

    # ------------------------------------------------------------------------------------------
    # time
    # ------------------------------------------------------------------------------------------
    def _advance(self, rec: NodeRec, now: float, end: bool = False) -> None:
        s, c, slack = rec.s, self.c, self.slack
        dl = c.lease_deadline(s)
        if dl is not None and now > dl:
            s[_A] = False  # inferred kubelet_stops: a live kubelet renews within heartbeat-gap-max
            rec.alive_inferred = True
        if not s[_SYNCED] and rec.unsynced_since is not None and now - rec.unsynced_since > slack:
            # the taint pass must have run by now: apply it (its writes may be missing from the capture)
            ec = c.events["nlc_sync_noschedule_taints"]
            if ec.guard(s, self._dummy_pod, now, (), rec.used):
                nu, _ = ec.effect(s, self._dummy_pod, now, (), rec.used)
                for i, v in nu.items():
                    s[i] = v
                s[CTL] = c.classify(s)
            s[_SYNCED] = True
            rec.unsynced_since = None
        ne = now - slack
        pods = list(rec.pods.values()) or [None]
        # A promise time can break holds unless it fails at now - slack in a state that existed then
        # (the node's state is constant since rec.t), or it has failed for more than slack already.
        timed_ok = c.timed_ok
        dummy = self._dummy_pod
        if not rec.fail_since and (ne <= rec.t or all(
                timed_ok(s, q.p if q is not None else dummy, ne, rec.used - (q.p[_REQ] if q is not None else 0))
                for q in pods)):
            rec.suppressed.difference_update(self._timed_ids)  # every one holds: what _judge does
            timed: list[Any] = []
        else:
            timed = self._timed
        for pi, at in timed:
            ok = True
            if ne > rec.t:
                ok = all(at(s, prec, ne, rec) for prec in pods)
            since = rec.fail_since.get(pi.id)
            if ok and since is not None and now - since > slack:
                ok = all(at(s, prec, now, rec) for prec in pods)
            self._judge(rec, pi.id, ok, "time_passes", None, s, now, ne=ne)
        for pi, fn in self._state_props:
            if pi.prop.id in rec.suppressed or pi.prop.id == "synced-taints-match-conditions":
                ok = all(fn(s, prec.p if prec else self._dummy_pod, now,
                            rec.used - (prec.p[_REQ] if prec else 0)) for prec in pods)
                self._judge(rec, pi.id, ok, "time_passes", None, s, now, ne=ne)
        rec.t = max(rec.t, now)
        self._set_alarm(rec)

    def _set_alarm(self, rec: NodeRec) -> None:
        a = INF
        if rec.suppressed or (rec.pods and self._has_noexec(rec.s)) or rec.fail_since or rec.alive_inferred or (
                rec.unsynced_since is not None):
            a = -INF  # the slow path keeps these windows (each lasts at most --slack seconds)
        rec.alarm = a
        rec.due = self.c.deadline(rec.s, rec.t) if a == INF else -INF

    # ------------------------------------------------------------------------------------------
    # one step
    # ------------------------------------------------------------------------------------------
    def _step(self, rec: NodeRec, prec: PodRec | None, eid: str, now: float, args: tuple[Any, ...],
              expect: dict[int, Any] | None) -> None:
        c, s = self.c, rec.s
        ec = c.events[eid]
        if eid in KUBELET_ACTS and not s[_A] and rec.alive_inferred:
            self._infer_restart(rec, now, eid)
        elif (eid in KUBELET_ACTS and eid != "kubelet_register_node" and s[_A] and s[_CERT] and s[_EXISTS]
              and not s[_REG]):
            self._infer_restart(rec, now, eid)  # only its AlreadyExists re-registration is missing
        if eid == "nlc_monitor_node_health":
            # the controller's private bookkeeping, chosen so that the observed outcome is possible
            s[_HBU] = False
            unknown = bool(expect) and expect.get(_READY) == d.READY_UNKNOWN
            s[_PROBE] = (s[_HB] - self.slack) if unknown else now
            s[_MON] = now - c.params["node_monitor_period"]
        pre = list(s)
        if prec is not None:
            here = prec.node == rec.name
            prec.p[_BOUND] = 0 if here else (d.UNBOUND if prec.node is None else 1)
            p = prec.p
            o = rec.used - (p[_REQ] if here else 0)
        else:
            p, o = self._dummy_pod, rec.used
        ppre = list(p)
        guard_ok = bool(ec.guard(s, p, now, args, o))
        nu, pu = ec.effect(s, p, now, args, o)
        post = list(s)
        for i, v in nu.items():
            post[i] = v
        ppost = list(ppre)
        for i, v in pu.items():
            ppost[i] = v
        # the pods bound to this node follow a node event (NoExecute timer, garbage collection)
        others: list[tuple[PodRec, list[Any], list[Any]]] = []
        if prec is None and rec.pods and ec.pod_relevant:
            for q in rec.pods.values():
                q.p[_BOUND] = 0
                _, qu = ec.effect(s, q.p, now, args, rec.used - q.p[_REQ])
                qpost = list(q.p)
                for i, v in qu.items():
                    qpost[i] = v
                others.append((q, list(q.p), qpost))
        deviation: list[tuple[str, Any, Any]] = []
        if expect:
            for i, v in expect.items():
                if post[i] != v:
                    deviation.append((NODE_KEYS[i][1], post[i], v))
                    post[i] = v
            if deviation:
                cls = c.classify(post)
                post[CTL] = cls if (pre[CTL], cls) in ec.edges else d.NO_EDGE
                if eid not in ("nlc_sync_noschedule_taints",):
                    post[_SYNCED] = False  # the controller's taint pass follows every Node update
        found: set[str] = set()
        # step properties of this event
        for pid, fn in self._step_by_event.get(eid, ()):
            if pid in found:
                continue
            pods = [(ppre, ppost, o)] if prec is not None else (
                [(qa, qb, rec.used - q.p[_REQ]) for q, qa, qb in others] or [(self._dummy_pod, self._dummy_pod, o)])
            if not all(fn(pre, post, a, b, now, args, oo) for a, b, oo in pods):
                found.add(pid)
                self._report(pid, rec, prec, eid, pre, post, now, ppre=ppre, ppost=ppost, args=args)
        # state properties on the post-state
        pods_after: list[tuple[list[Any], int]] = []
        if prec is not None:
            pods_after.append((ppost, o))
        for q, _qa, qb in others:
            pods_after.append((qb, rec.used - q.p[_REQ]))
        for q in rec.pods.values():
            if (prec is None or q is not prec) and not any(q is x for x, _, _ in others):
                pods_after.append((q.p, rec.used - q.p[_REQ]))
        if not pods_after:
            pods_after.append((self._dummy_pod, 0))
        generic_ok = True
        plain_ok = c.plain_ok
        if all(plain_ok(post, pp, now, oo) for pp, oo in pods_after):
            rec.suppressed.difference_update(self._plain_ids)  # every one holds: what _judge does
            state_props: list[Any] = []
        else:
            state_props = self._state_props
        for pi, fn in state_props:
            if pi.clocks:
                continue  # time can break it: judged with the slack when time passes
            ok = all(fn(post, pp, now, oo) for pp, oo in pods_after)
            if pi.id == GENERIC:
                generic_ok = ok
                continue
            if not ok and pi.id in found:
                continue
            if self._judge(rec, pi.id, ok, eid, prec, post, now, pre=pre, ppre=ppre, ppost=ppost):
                found.add(pi.id)
        if not generic_ok and not found:
            # the step took a lifecycle edge the declaration does not have, and nothing more specific broke
            self._report(GENERIC, rec, prec, eid, pre, post, now, guard_ok=True, deviation=deviation, args=args)
            found.add(GENERIC)
        if not guard_ok and not deviation and not found and all(
                post[i] == pre[i] for i in range(len(pre)) if i != CTL) and ppost == ppre:
            guard_ok = True  # a re-run that changes nothing (a controller pass, kubectl cordon twice)
        if (not guard_ok or deviation) and not found:
            self._report(GENERIC, rec, prec, eid, pre, post, now, guard_ok=guard_ok, deviation=deviation, args=args)
        # adopt the observed post-state; the machine follows the data again
        post[CTL] = c.classify(post)
        s[:] = post
        if prec is not None:
            was = prec.node
            prec.p[:] = ppost
            if ppost[_BOUND] == 0 and was != rec.name:
                if was is not None:
                    self._unbind(prec)
                prec.node = rec.name
                rec.pods[prec.name] = prec
                rec.used += prec.p[_REQ]
            elif ppost[_BOUND] == d.UNBOUND and was is not None:
                self._unbind(prec)
            prec.p[_BOUND] = 0 if prec.node == rec.name else prec.p[_BOUND]
        for q, _qa, qb in others:
            q.p[:] = qb
            if qb[_BOUND] == d.UNBOUND:
                q.p[_BOUND] = 0
                self._unbind(q)
        if eid == "kubelet_restarts" or (eid in KUBELET_ACTS and s[_A]):
            rec.alive_inferred = False
        self._after(rec, now)

    def _infer_restart(self, rec: NodeRec, now: float, eid: str) -> None:
        """A kubelet acts after the oracle inferred it stopped: it restarted (invisible in traces)."""
        c, s = self.c, rec.s
        register = ("kubelet_register_node", (False, False, 0, False, False, False, False))
        for ev, args in (("kubelet_restarts", ()), register):
            if ev == "kubelet_register_node" and (eid == ev or not (s[_EXISTS] and s[_CERT])):
                continue
            ec = c.events[ev]
            if ev == "kubelet_restarts" and s[_A]:
                continue
            if ec.guard(s, self._dummy_pod, now, args, rec.used):
                nu, _ = ec.effect(s, self._dummy_pod, now, args, rec.used)
                for i, v in nu.items():
                    s[i] = v
                s[CTL] = c.classify(s)
        rec.alive_inferred = False

    def _after(self, rec: NodeRec, now: float) -> None:
        """Bookkeeping after a step: inferred no-op taint pass, slack windows, the fast-path alarm."""
        s, c = rec.s, self.c
        if not s[_SYNCED]:
            if not s[_EXISTS] or c.noop_sync(s):
                s[_SYNCED] = True
                rec.unsynced_since = None
            elif rec.unsynced_since is None:
                rec.unsynced_since = now
        else:
            rec.unsynced_since = None
        pods = list(rec.pods.values()) or [None]
        timed_ok = c.timed_ok
        if all(timed_ok(s, q.p if q is not None else self._dummy_pod, now,
                        rec.used - (q.p[_REQ] if q is not None else 0)) for q in pods):
            rec.fail_since.clear()  # every one holds
            rec.t = now
            self._set_alarm(rec)
            return
        for pi, at in self._timed:
            if all(at(s, prec, now, rec) for prec in pods):
                rec.fail_since.pop(pi.id, None)
            else:
                rec.fail_since.setdefault(pi.id, now)
        rec.t = now
        self._set_alarm(rec)

    def _check_state(self, rec: NodeRec, eid: str, pre: list[Any], now: float, prec: PodRec | None) -> None:
        pods = [(q.p, rec.used - q.p[_REQ]) for q in rec.pods.values()] or [(self._dummy_pod, 0)]
        for pi, fn in self._state_props:
            ok = all(fn(rec.s, pp, now, oo) for pp, oo in pods)
            self._judge(rec, pi.id, ok, eid, prec, rec.s, now, pre=pre)

    def _judge(self, rec: NodeRec, pid: str, ok: bool, eid: str, prec: PodRec | None, s: list[Any], now: float,
               pre: list[Any] | None = None, ne: float | None = None, **kw: Any) -> bool:
        """Report a state/time property once per stretch in which it is false; True if reported now."""
        if ok:
            rec.suppressed.discard(pid)
            return False
        if pid in rec.suppressed:
            return False
        rec.suppressed.add(pid)
        self._report(pid, rec, prec, eid, pre if pre is not None else s, s, now, ne=ne, **kw)
        return True

    # ------------------------------------------------------------------------------------------
    # reports
    # ------------------------------------------------------------------------------------------
    def _named(self, s: list[Any], now: float) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, i in NI.items():
            v = s[i]
            if k in NODE_CLOCKS:
                v = round(now - v, 3)
            elif k == "ctl":
                v = d.STATE_NAMES[v] if 0 <= v < len(d.STATE_NAMES) else "NoEdge"
            else:
                var = next((x for x in d.NODE_VARS if x.name == k), None)
                if var is not None and var.names:
                    v = var.names[v]
            out[k] = v
        return out

    def _report(self, pid: str, rec: NodeRec, prec: PodRec | None, eid: str, pre: list[Any], post: list[Any],
                now: float, **kw: Any) -> None:
        from .explain import explain

        pos = self._pos
        msg = explain(self, pid, rec, prec, eid, pre, post, now, **kw)
        self.violations.append(Violation(
            pos.index, pos.line, pos.file, rec.name, prec.name if prec is not None else None, pid, msg, now, eid,
            self._named(pre, now), self._named(post, now)))

