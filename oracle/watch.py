"""``k8s-watch``: Kubernetes watch streams of Nodes, Pods and Leases, mapped to model events.

Input: ``{"type": "ADDED"|"MODIFIED"|"DELETED", "object": {...}}`` objects, concatenated
(pretty-printed, as ``kubectl get nodes --watch --output-watch-events -o json`` prints them) or as
JSON Lines (``?watch=1``); bare objects and ``kind: List`` are accepted as ADDED. Several files
(one per resource type) are merged into one history by ``metadata.resourceVersion`` (an etcd
revision in practice); where it is missing or not a number, by the objects' own timestamps, and
the report says so.

How object changes become model events (each event's time is the object's own timestamp for that
change; ``expect`` carries the observed fields so that an outcome the model forbids is caught):

* Node first seen without a Ready condition: a registration (``kubelet_register_node`` with the
  register-time taints, cordon, external-cloud and route flags read from the object, capacity and
  reserved = capacity - allocatable), preceded by the kubelet's TLS bootstrap, which a watch cannot
  see (inferred). Seen already with Ready (a watch that starts mid-life): ``observe_node``.
* Ready turning Unknown: the node lifecycle controller (``nlc_monitor_node_health``, marks_unknown);
  Ready True/False posted or its ``lastHeartbeatTime`` changed: ``kubelet_post_status``.
* ``NetworkUnavailable`` True -> False: ``cloud_route_created``; ``spec.unschedulable``: cordon /
  uncordon; taints: the cloud uninitialized taint removed -> ``cloud_node_initialize``, the user
  taint -> ``admin_taint_node`` / ``admin_untaint_node``, condition NoSchedule taints ->
  ``nlc_sync_noschedule_taints``, not-ready/unreachable NoExecute -> ``nlc_sync_noexecute_taints``.
* Node DELETED: ``admin_delete_node``. Lease ``renewTime`` changed: ``kubelet_renew_lease``.
* Pod first seen: ``declare_pod`` (its tolerations as the cluster shows them, so
  DefaultTolerationSeconds is already in) and, if already bound, the binding (not checked: it
  happened before the watch). ``spec.nodeName`` appearing: ``scheduler_bind_pod`` (time: the
  PodScheduled condition). Deletion of a bound pod: ``taint_eviction_evict_pod`` when its node
  carries a NoExecute taint, else ``delete_pod`` (anyone may delete a pod).
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
from collections.abc import Iterator
from typing import Any, NamedTuple

from nodereg.model import declaration as d

from .events import normalise
from .k8s import (
    BIND_PROPERTIES,
    KCM_LEASE_DURATION,
    KCM_SYNC,
    KCM_TAKEOVER,
    LEASE_WATCH_QUIET,
    NO_BOOTSTRAP_IN_WATCH,
    SLOT_KEYS,
    UNMODELLED_PRESSURE_TAINTS,
    Bare,
    Listed,
    PressureTaints,
    bootstrap_properties,
    capture_timing,
    conditions,
    cpu_changed,
    cpu_millis,
    created_by_hand,
    ended_room_fits,
    minor_version,
    node_cpu,
    node_vars,
    not_judged_after_pod_resize,
    not_judged_after_resize,
    other_scheduler,
    parse_time,
    pod_bits,
    pod_ended,
    pod_gates,
    pod_request,
    resized_misfit,
    resolve_timing,
    review_controller_down,
    review_late_unknown,
    review_upgrade,
    scheduler_name,
    taint_string,
    unparsable_quantity,
    untolerated,
    watch_objects,
    withdraw_ended_room,
    zone_extra,
)
from .record import EventRecord, InputError, Item, ObservedBinding, Sink, Violation, ignore
from .record import fmt_time as _fmt
from .source import close_source, feed_all, open_source

#: How much later than a write after it a kubelet's stamp may be and still be taken as it is (s): a
#: request is stamped before it is committed, concurrent writes commit in any order, and Node
#: conditions are stamped to the second. Beyond it the kubelet's clock runs ahead.
SKEW_NOISE = 3.0
#: A live kubelet renews its Lease every quarter of its 40 s leaseDurationSeconds (s)
LEASE_RENEW = 10.0
CREDENTIALS = ("kubelet_request_certificate", "csr_approver_approve", "kubelet_obtain_certificate")
CONDITION_TAINTS = (
    "taint_not_ready_ns",
    "taint_unreachable_ns",
    "taint_unschedulable",
    "taint_memory_pressure",
    "taint_network_unavailable",
)
NOEXEC_TAINTS = ("taint_not_ready_ne", "taint_unreachable_ne")


def _rv(obj: dict[str, Any]) -> int | None:
    rv = (obj.get("metadata") or {}).get("resourceVersion")
    if isinstance(rv, str) and rv.isdigit():
        return int(rv)
    return None


def object_time(obj: dict[str, Any]) -> float:
    """The latest of an object's own timestamps: what orders watch events without resourceVersion.

    Node: creation/deletion, conditions' lastHeartbeatTime and lastTransitionTime, taints' timeAdded.
    Pod: creation/deletion request (``deletionTimestamp`` minus ``deletionGracePeriodSeconds``),
    conditions' lastTransitionTime, status.startTime. Lease: renewTime, acquireTime. Unparsable
    values are ignored here (the adapter reports them with their line).
    """
    meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    status = obj.get("status") if isinstance(obj.get("status"), dict) else {}
    # deletionTimestamp is when the object *will* go (the request + its grace period): the write that
    # set it happened at the request (a pod evicted at t carries t + 30 s from then on)
    deletion = meta.get("deletionTimestamp")
    grace = meta.get("deletionGracePeriodSeconds")
    if isinstance(deletion, str) and type(grace) is int and 0 < grace < 10**9:
        try:
            deletion = parse_time(deletion, "timestamp", None, None) - grace
        except InputError:
            deletion = None
    cands: list[Any] = [
        meta.get("creationTimestamp"),
        spec.get("renewTime"),
        spec.get("acquireTime"),
        status.get("startTime"),
    ]
    conds, taints = status.get("conditions"), spec.get("taints")
    for c in conds if isinstance(conds, list) else ():
        if isinstance(c, dict):
            cands += [c.get("lastHeartbeatTime"), c.get("lastTransitionTime")]
    for t in taints if isinstance(taints, list) else ():
        if isinstance(t, dict):
            cands.append(t.get("timeAdded"))
    best = deletion if isinstance(deletion, float) else float("-inf")
    if isinstance(deletion, str):
        cands.append(deletion)
    for c in cands:
        if isinstance(c, str):
            try:
                best = max(best, parse_time(c, "timestamp", None, None))
            except InputError:
                continue
    return best


#: the ``ignored`` reason of Leases outside kube-node-lease in an input with nothing else read
LEADER_LEASES = (
    "Lease objects outside kube-node-lease (leader election and other locks, not a kubelet's heartbeat; "
    "read next to Nodes only)"
)


class WatchAdapter:
    """Turns watch events (one at a time) into normalised model events for the oracle."""

    def __init__(self, oracle: Any = None) -> None:
        self.o = oracle
        self.nodes: dict[str, dict[str, Any]] = {}
        #: every Node the input showed (``partial_input``)
        self.ever: set[str] = set()
        self.pods: dict[str, dict[str, Any]] = {}
        self.leases: dict[str, float] = {}
        self.known: set[str] = set()  # nodes whose kubelet the oracle knows has credentials
        #: feature gates for toleration matching (TaintTolerationComparisonOperators): the defaults of
        #: the model's Kubernetes version unless given
        self.gates: dict[str, bool] | None = None
        #: still reading the list a watch starts with (events fed one at a time; ``watch_events``
        #: takes the list of every file together first and then clears it)
        self.listing = True
        self._top = (-1.0, float("-inf"))
        self.t = 0.0
        #: a Node object was read (else, a leases-only or pods-only capture, nothing about nodes is judged)
        self.saw_node = False
        #: Leases read outside kube-node-lease (leader election: kube-system's are the control plane's clock
        #: and kube-controller-manager's leader; no node's heartbeat): counted as ignored when nothing else is read
        self.other_leases = 0
        #: files holding a Nodes list taken long after the other watches went on (``watch_events``' late lists):
        #: until it, the Nodes are not in the input; the bindings of pods to Nodes it will show, held till then
        self.late_node_lists: set[str] = set()
        #: files holding a late list of Nodes or pods: what it shows stood before it (observed, never created there)
        self.late_lists: set[str] = set()
        self.held_bound: dict[str, dict[str, ObservedBinding]] = {}
        #: kubelet clock skew (see ``feed``): look one stamped event ahead (``watch_events``; never in
        #: ``oracle --stdio``, which answers each line at once)
        self.deskew = False
        self._held: list[Item] = []
        self._held_src: str | None = None
        self._held_top = float("-inf")
        #: per kubelet, how far ahead of the other writers' clocks its stamps were seen (a lower bound)
        self.ahead: dict[str, float] = {}
        self._src: str | None = None
        self._fresh: float | None = None
        self._raw: float | None = None
        #: per node, the file its Lease was last renewed in; per file whose watch ended, since when
        self.lease_file: dict[str, str | None] = {}
        self.ended: dict[str, float] = {}
        self.lease_rv: dict[str, int] = {}
        #: kube-controller-manager: its leader Lease's holder, its pods' container start times, and when a
        #: new one's node lifecycle controller may first run (a fresh grace is given then)
        self.kcm_holder: str | None = None
        #: the leader Lease's last renewal and leaseDurationSeconds, and the spans no leader held it (``_kcm_gap``)
        self.kcm_renew: float | None = None
        self.kcm_duration = KCM_LEASE_DURATION
        self.kcm_downs: list[tuple[float, float, str]] = []
        self.kcm_started: dict[str, str] = {}
        self.kcm_pod_seen = False
        self.fresh_at: float | None = None
        #: notes for the report (a Lease watch that ended before the capture did)
        self.notes: list[str] = []
        #: per Node whose cpu capacity or allocatable changed after it was first shown, since when
        #: (``partial_input``)
        self.resized: dict[str, float] = {}
        #: per Node a bound pod's cpu request changed on in place (a pods/resize), since when
        self.pod_resized: dict[str, float] = {}
        #: bindings (node, time) that fit once the Node's ended pods are not counted (``k8s.ended_room_fits``)
        self.ended_room: list[tuple[str, float]] = []
        #: bindings on a Node after its allocatable changed that the scheduler's fitsRequest refuses
        #: (``k8s.resized_misfit``), kept when the model's findings there are withdrawn
        self.resized_found: list[Violation] = []
        #: files of bare objects with no list before them (``_watch_only_bare``)
        self.bare_watch_only: set[str] = set()
        self.resized_binds: list[tuple[str, float]] = []
        #: Nodes shown without any ``status``, and pods bound to Nodes the input never shows (``partial_input``)
        self.statusless: set[str] = set()
        #: the first Node seen with DiskPressure or PIDPressure True, and when (``partial_input``)
        self.other_pressure: dict[str, tuple[str, float | None]] = {}
        #: the DiskPressure / PIDPressure taints the model has no slot of, judged beside it (``k8s.PressureTaints``)
        self.pressure = PressureTaints(float(getattr(oracle, "slack", 5.0)))
        self._pressure_pos: dict[str, tuple[str | None, int | None]] = {}
        self.unseen_bound: dict[str, list[str]] = {}
        #: per node, how much its kubelet's stamps in the list snapshot were moved (``_deskew_leases``)
        self.shift: dict[str, float] = {}
        #: per Node and Pod (("Node", name), ("Pod", ns/name)): the file of its latest event, and that
        #: event's resourceVersion (a later list that lacks it proves it deleted: ``_relisted``)
        self.last_file: dict[tuple[str, str], str | None] = {}
        self.last_rv: dict[tuple[str, str], float] = {}
        #: files whose watch ended; per node, the kinds ("Node", "Pod") whose watch that showed it is down
        #: (nothing of the node is judged until a later list or watch shows them again)
        self.ended_files: set[str] = set()
        self.down: dict[str, set[str]] = {}
        self._ending: dict[str, float] = {}
        #: when the capture shows kube-controller-manager acting (its node lifecycle controller's writes,
        #: its taint-eviction deletions, pods its workload controllers created), and per node when the
        #: controller marked it Unknown or it was deleted (``review_late_unknown``)
        self.acts: list[tuple[float, str]] = []
        self.marks: dict[str, list[float]] = {}
        #: files that begin with a later list of objects another file showed (not yet read)
        self.relists: dict[str, set[str]] = {}
        #: Lease watch files run again into the same file after a pause (``WatchDown``)
        self.paused: set[str] = set()
        #: a restarted watch's file -> the first file of the watch it continues (``_continued``)
        self.chain: dict[str, str] = {}
        #: the time ``_place_leases`` gave the event being read (captures without resourceVersions)
        self._at: float | None = None
        #: a list snapshot without resourceVersions: nodes whose Lease stamp is off the others' and why
        self.unplaced: dict[str, str] = {}
        #: captures without resourceVersions: per node, how far ahead its kubelet's clock was found (its Lease
        #: stamp in the list against the others', ``snapshot``; or a renewal ``_place_leases`` re-dated by its
        #: file neighbours), by which its Node events' kubelet stamps are read back (``_place_nodes``)
        self.skew: dict[str, float] = {}
        #: the list snapshot's moment as ``snapshot`` read it (a kubelet clock ahead does not set it)
        self.snap_start = float("-inf")
        self.pure_list = False
        #: how long after its scheduling decision a binding may land (``_decided_before``): the oracle's
        #: --slack (the scheduler's informer lag and its Bind call)
        #: what each kube-controller-manager pod says of its timing (``capture_timing``), from when it was
        #: seen (``review_upgrade``: a newer one with a longer grace replacing it during the capture)
        self.controllers: list[tuple[float, dict[str, Any]]] = []
        self._kcm_said: dict[str, Any] = {}
        #: control-plane kubelets seen upgraded (a kube-controller-manager at least as new ran before then)
        self.cp_kubelets: list[tuple[float, dict[str, Any]]] = []
        slack = getattr(oracle, "slack", None)
        self.slack = float(slack) if isinstance(slack, (int, float)) else 5.0
        #: when each Node's spec.unschedulable last changed (``_half_swap``: the controller's view of it may lag)
        self.cordon_changed: dict[str, float] = {}

    # -- time ------------------------------------------------------------------------------------
    def _time(self, *cands: Any, file: str | None, line: int | None) -> float:
        self._raw = None
        for c in cands:
            if c:
                t = parse_time(c, "timestamp", file, line)
                self._raw = t
                self.t = max(self.t, t)
                return self.t
        return self.t

    def _ev(self, items: list[Item], ev: dict[str, Any], file: str | None, line: int | None, **extra: Any) -> None:
        rec = normalise(ev, file, line)
        # every node of a capture is first seen mid-life: its heartbeat is judged once its Lease is seen
        items.append(rec._replace(extra={**(rec.extra or {}), "hb_gate": True, **extra}))

    # -- the list snapshot -----------------------------------------------------------------------
    def snapshot(self, entries: list[tuple[Any, str | None, int | None]]) -> list[Item]:
        """The list a watch starts with: every object taken together, at the capture's start.

        ``kubectl get -w`` first lists every object as ADDED (each with its own resourceVersion,
        in no order), so these are one moment, not a history: the capture starts at the latest
        timestamp they carry, each Node's heartbeat is the latest of its Lease ``renewTime`` and
        its conditions' ``lastHeartbeatTime`` (status is posted only every 5 min), and no
        time-based judgement is made until all of them are in.
        """
        objs: list[tuple[dict[str, Any], str | None, int | None]] = []
        for item, file, line in entries:
            for obj in _snapshot_objects(item):
                if not isinstance(obj, dict):
                    raise InputError("expected a Kubernetes object in the list", file, line)
                meta = obj.get("metadata")
                if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
                    raise InputError(f"{obj.get('kind') or 'object'}: missing metadata.name", file, line)
                objs.append((obj, file, line))
        leases: dict[str, float] = {}
        lease_rv: dict[str, int] = {}
        for o, file, line in objs:
            if o.get("kind") == "Lease" and (o["metadata"].get("namespace") or "kube-node-lease") == "kube-node-lease":
                renew = (o.get("spec") or {}).get("renewTime") if isinstance(o.get("spec"), dict) else None
                if renew:
                    leases[o["metadata"]["name"]] = parse_time(renew, "Lease spec.renewTime", file, line)
                    rv = _rv(o)
                    if rv is not None:
                        lease_rv[o["metadata"]["name"]] = rv
        renew_raw = dict(leases)
        self.shift, moment = _deskew_leases(leases, lease_rv)
        for name, dt_ in self.shift.items():
            leases[name] += dt_
            if moment is not None and leases[name] - dt_ > moment + LEASE_RENEW + SKEW_NOISE:
                # its kubelet's clock is ahead of the list's moment by this much at least: its later stamps are
                # read less it (``_release``), as after a watch event seen ahead
                self.ahead[name] = -dt_
        if not lease_rv and len(leases) >= 2:
            # no resourceVersion: no order to read the kubelets' clocks against. The list's moment is the
            # latest renewal another one corroborates (one clock ahead does not set it); a Lease further
            # off than a renew interval from it is a clock off or a kubelet stopped, which nothing here
            # tells apart: its heartbeats are not judged until it renews (``self.unplaced``)
            vals = sorted(leases.values())
            near = [v for i, v in enumerate(vals) if i and v - vals[i - 1] <= LEASE_RENEW + SKEW_NOISE]
            if near:
                moment = max(near)
                for name, v in leases.items():
                    off = v - moment
                    if off > SKEW_NOISE:
                        self.skew[name] = off
                    if off > SKEW_NOISE or off < -(LEASE_RENEW + SKEW_NOISE):
                        self.unplaced[name] = (
                            f"the list has no resourceVersions and the Lease of node {name} is {abs(off):.0f} s "
                            f"{'ahead of' if off > 0 else 'behind'} the others' (a kubelet clock that far off "
                            "cannot be told from a kubelet that stopped): its heartbeats are judged once it renews"
                        )
                lease_rv = {n: 0 for n in leases if n in self.unplaced and leases[n] > moment}

        def when(o: dict[str, Any]) -> float:
            # the moment of the list: its latest stamp, the node Leases' read in the order of their writes
            if o.get("kind") == "Lease" and moment is not None and o["metadata"]["name"] in lease_rv:
                return moment
            t = object_time(o)
            name = o["metadata"]["name"]
            if o.get("kind") == "Node" and moment is not None and name in lease_rv and t > moment + SKEW_NOISE:
                # its kubelet's status post, stamped by the same clock as its Lease
                t = max(moment, t - max(0.0, renew_raw[name] - moment))
            return t

        start = max((when(o) for o, _, _ in objs), default=float("-inf"))
        self.snap_start = start
        if start > float("-inf"):
            self.t = max(self.t, start)
        out: list[Item] = []
        order = {"Node": 0, "Lease": 1, "Pod": 2}
        for o, file, line in sorted(objs, key=lambda x: order.get(str(x[0].get("kind")), 3)):
            kind = o.get("kind")
            if kind in ("Node", "Pod"):
                m = o["metadata"]
                key = (kind, m["name"] if kind == "Node" else f"{m.get('namespace', 'default')}/{m['name']}")
                self.last_file[key] = file
                orv = _rv(o)
                if orv is not None:
                    self.last_rv[key] = orv
            try:
                if kind == "Node":
                    out += self._node("ADDED", o, file, line, lease=leases.get(o["metadata"]["name"]), listed=True)
                    self._pressure_seen(o, True, file, line)
                elif kind == "Lease":
                    name = o["metadata"]["name"]
                    if name in leases:
                        self.leases[name] = renew_raw[name]  # as stamped: the next renewal is compared with it
                        self.lease_file[name] = file
                        lrv = _rv(o)
                        self.lease_rv[name] = lrv if lrv is not None else -1
                        if name not in self.nodes:
                            # a Lease of a Node the list does not hold (a leases-only list): its renewal, as a
                            # watch's MODIFIED gives it; ``_lease`` compares with the saved renewTime, so it
                            # must not be saved first (it was: nothing came, and a Lease list was "no events")
                            del self.leases[name]
                            out += self._lease("ADDED", o, file, line)
                elif kind == "Pod":
                    out += self._hold(self._pod("ADDED", o, file, line, listed=True))
                if kind == "Lease" and o["metadata"].get("namespace") == "kube-system":
                    out += self._lease("ADDED", o, file, line)
                elif kind == "Lease" and (o["metadata"].get("namespace") or "kube-node-lease") != "kube-node-lease":
                    # a lock of some other namespace (a leader-election Lease's manifest, `kubectl get lease -n
                    # app`): no kubelet's heartbeat (pkg/kubelet/kubelet.go NewMainKubelet gives its lease
                    # controller v1.NamespaceNodeLease), but a Lease it was given: counted so that "no events"
                    # names it (was: "expected ... Lease objects" of a Lease)
                    self.other_leases += 1
            except (AttributeError, TypeError, KeyError) as exc:
                raise InputError(
                    f"{kind} {o['metadata'].get('name')}: unexpected field shape ({exc})", file, line
                ) from None
        for name, why in sorted(self.unplaced.items()):
            if name in self.nodes:
                self._ev(
                    out, {"t": self.t, "event": "declare_node", "node": name}, None, None, unwatched=None, hb_why=why
                )
        return out

    def _creds(self, items: list[Item], node: str, t: float, file: str | None, line: int | None) -> None:
        if node not in self.known:
            self.known.add(node)
            for e in CREDENTIALS:
                self._ev(items, {"t": t, "event": e, "node": node, "inferred": True}, file, line)

    # -- one watch event ---------------------------------------------------------------------------
    def feed(self, item: Any, file: str | None, line: int | None) -> list[Item]:
        """One watch event's model events; with ``deskew``, a kubelet's clock ahead is not believed.

        A Lease's ``renewTime`` and a status post's ``lastHeartbeatTime`` are stamped by the
        kubelet's own clock. The node lifecycle controller does not use them as times: it keeps its
        own ``probeTimestamp``, its clock when it *saw* them change (``tryUpdateNodeHealth``), so a
        kubelet whose clock runs ahead gets the full grace period. Here the order of the history
        (resourceVersion) stands for the controller's view: a kubelet-stamped event later than the
        capture's clock is held until the next event another writer stamped (another kubelet, the
        controller, the API server), and happened no later than that one; how far ahead the kubelet
        was seen is kept and taken off its later stamps. A clock behind needs nothing: an event is
        never dated before the one it follows.
        """
        if isinstance(item, StreamEnd):
            if any(f == item.file for f in self.lease_file.values()):
                self.ended[item.file] = self.t
            self.ended_files.add(item.file)
            if self.relists:
                # a watch whose file ends is down only if a later file lists its kind again (a watch
                # that shows nothing more may just have had nothing to show)
                self._ending[item.file] = self.t
            return []
        if isinstance(item, WatchDown):
            out: list[Item] = []
            if any(f == item.file for f in self.lease_file.values()):
                # a Lease watch run again into the same file (``>>`` after a pause): its renewals
                # meanwhile are not in the input, as when its file ends (``StreamEnd``); the renewals
                # still held (stamped ahead) came before it went down
                out = self.flush()
                self.ended[item.file] = self.t
                self.paused.add(item.file)
            self._ending[item.file] = self.t
            self.relists[f"{item.file}\0"] = set(item.kinds)
            return out
        if isinstance(item, RelistEnd):
            self.relists.pop(f"{item.file}\0", None)
            self.relists.pop(item.file, None)
            shown: list[Item] = []
            if item.file in self.paused:
                # the Lease watch is back: its list shows every Lease as it is now, one its kubelet did
                # not renew meanwhile unchanged (then the heartbeat is as old as it says: judged again)
                self.ended.pop(item.file, None)
                for n in sorted(n for n, f in self.lease_file.items() if f == item.file and n in self.nodes):
                    self._ev(shown, {"t": self.t, "event": "declare_node", "node": n}, file, line, lease_shown=True)
            return shown + self._relisted(item, file, line)
        t0 = self.t
        if self._ending:
            pre = self._watch_down(file, line)
            if pre:
                return pre + self.feed(item, file, line)
        watched = dict(self.lease_file) if self.ended else self.lease_file
        items = self._fresh_due(self.feed_skewed(item, file, line))
        if self.ended:
            # read first: its time says whether the ended watch's renewals are overdue (the gate
            # goes before its events, at the time before them, for the Leases watched before it)
            now = max(
                [self.t, self._held_top, *(it.t for it in items if isinstance(it, EventRecord | ObservedBinding))]
            )
            return self._unseen_renewals(t0, now, watched, file, line) + items
        return items

    def _fresh_due(self, items: list[Item]) -> list[Item]:
        """The new controller's first pass, before the first event after it."""
        if self.fresh_at is None:
            return items
        first = next((it.t for it in items if isinstance(it, EventRecord | ObservedBinding)), None)
        if first is None or first < self.fresh_at:
            return items
        at, self.fresh_at = self.fresh_at, None
        return self._fresh_grace(at, None, None) + items

    def _unseen_renewals(
        self, t0: float, now: float, watched: dict[str, str | None], file: str | None, line: int | None
    ) -> list[Item]:
        """Nodes renewed only in a Lease watch that ended while the capture goes on: their heartbeats
        are unseen from then on (not judged until a renewal is seen again, e.g. the watch restarted)."""
        items: list[Item] = []
        for f, since in list(self.ended.items()):
            if now <= since + LEASE_WATCH_QUIET:
                continue
            del self.ended[f]
            gone = sorted(n for n, lf in watched.items() if lf == f)
            for n in gone:
                if self.lease_file.get(n) == f:
                    self.lease_file[n] = None
                if n in self.nodes:
                    self._ev(items, {"t": t0, "event": "declare_node", "node": n}, file, line, unseen_heartbeats=since)
            if gone:
                self.notes.append(
                    f"the Lease watch {f} "
                    + (
                        "was down (listed again later in the file)"
                        if f in self.paused
                        else "ended before the capture did"
                    )
                    + " (its last event at "
                    f"{_fmt(since)}): the heartbeats of {', '.join(gone[:5])}"
                    f"{' ...' if len(gone) > 5 else ''} are not judged from then until a renewal "
                    "is seen again"
                )
        return items

    def feed_skewed(self, item: Any, file: str | None, line: int | None) -> list[Item]:
        if not self.deskew:
            return self._read(item, file, line)
        self._src = self._fresh = None
        t0 = self.t
        items = self._read(item, file, line)
        src, fresh = self._src, self._fresh
        t_after = self.t
        out: list[Item] = []
        if self._held and src != self._held_src:
            # another writer's event: the held ones came before it, no later than its stamp (one with
            # no stamp of its own, a cordon, bounds nothing: their own times, less how far ahead the
            # kubelet was seen)
            self.t = t0
            out = self._release(fresh if fresh is not None else float("inf"))
            t0 = self.t
            t_after = max(t_after, t0)
            items = [
                it._replace(t=t0) if isinstance(it, EventRecord | ObservedBinding) and it.t < t0 else it for it in items
            ]
        if src is not None and ((fresh is not None and fresh > t0) or src == self._held_src):
            # stamped by kubelet ``src`` ahead of the capture's clock (or after such an event of it): held
            self.t = t0
            self._held += items
            self._held_src = src
            if fresh is not None:
                self._held_top = max(self._held_top, fresh)
            return out
        self.t = t_after
        return out + items

    def _release(self, bound: float) -> list[Item]:
        """The held events of one kubelet, dated no later than ``bound`` (another writer's later stamp)."""
        src, held = self._held_src, self._held
        self._held, self._held_src = [], None
        assert src is not None
        off = self.ahead.get(src, 0.0)
        if self._held_top - off > bound + SKEW_NOISE:
            off = self.ahead[src] = self._held_top - bound
        self._held_top = float("-inf")
        out: list[Item] = []
        for it in held:
            if isinstance(it, EventRecord | ObservedBinding):
                t = it.t - off
                t = max(self.t, bound if t > bound + SKEW_NOISE else t)
                self.t = t
                it = it._replace(t=t)
            out.append(it)
        return out

    def _known(self, kind: str, meta: dict[str, Any]) -> bool:
        """Whether the reader holds the Node or pod ``meta`` names."""
        if kind == "Node":
            return meta["name"] in self.nodes
        return f"{meta.get('namespace', 'default')}/{meta['name']}" in self.pods

    def flush(self) -> list[Item]:
        """What is still held at the end of the input (no later stamp to bound it)."""
        if not self._held:
            return []
        return self._release(float("inf"))

    def _read(self, item: Any, file: str | None, line: int | None) -> list[Item]:
        if not isinstance(item, dict):
            raise InputError('expected a watch event object {"type", "object"}', file, line)
        if item.get("kind") == "List" and isinstance(item.get("items"), list):
            out: list[Item] = []
            for x in item["items"]:
                out += self.feed({"type": "ADDED", "object": x}, file, line)
            return out
        if "object" in item:
            typ, obj = item.get("type"), item.get("object")
        else:
            typ, obj = "MODIFIED", item
        self._at = item.get(PLACED) if isinstance(item.get(PLACED), float) else None
        if typ in ("BOOKMARK", "ERROR"):
            return []
        if typ not in ("ADDED", "MODIFIED", "DELETED") or not isinstance(obj, dict):
            raise InputError(
                f'watch event: expected "type" ADDED, MODIFIED or DELETED and an "object"; got {typ!r:.40}', file, line
            )
        kind = obj.get("kind")
        meta = obj.get("metadata")
        if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
            raise InputError(f"{kind or 'object'}: missing metadata.name", file, line)
        # one event at a time (oracle --stdio): the ADDED events a watch starts with are its list,
        # up to the first other event or an object created after them (as ``watch_events`` reads it)
        listed = False
        if self.listing:
            rv = float(_rv(obj) if _rv(obj) is not None else -1)
            key = (rv, object_time(obj), 0, line or 0, file or "", item)
            if typ != "ADDED" or _created_after(key, self._top[0], self._top[1]):
                self.listing = False
            else:
                listed = True
                self._top = (max(self._top[0], rv), max(self._top[1], key[1]))
        if (
            file in self.bare_watch_only
            and typ == "ADDED"
            and kind in ("Node", "Pod")
            and not self._known(kind, meta)
            and _created_before(obj, max(self.t, object_time(obj)))
        ):
            # `kubectl get -w --watch-only` without --output-watch-events (``_watch_only_bare``): an object first
            # printed at a change, created before the capture had reached it: seen, not created, as a typed
            # watch's MODIFIED of an object it had not shown (was: a month-old Node read as registering)
            typ = "MODIFIED"
        if file in self.late_lists and file in self.relists and typ == "ADDED" and kind in ("Node", "Pod"):
            # a late list's objects are as they stand at it, created before it: observed, not registered
            listed = True
        if kind in ("Node", "Pod"):
            key = (kind, meta["name"] if kind == "Node" else f"{meta.get('namespace', 'default')}/{meta['name']}")
            if typ == "DELETED":
                self.last_file.pop(key, None)
                self.last_rv.pop(key, None)
            else:
                self.last_file[key] = file
                orv = _rv(obj)
                if orv is not None:
                    self.last_rv[key] = orv
        try:
            if kind == "Node":
                first = meta["name"] not in self.nodes
                out = self._node(typ, obj, file, line, listed=listed)
                if typ != "DELETED":
                    self._pressure_seen(obj, first and listed, file, line)
                out += self._pressure_due(file, line)
                if meta["name"] in self.down and file not in self.ended_files:
                    out += self._up(meta["name"], "Node", file, line)
                if meta["name"] in self.held_bound and meta["name"] in self.nodes:
                    out += self._release_bound(meta["name"])
                return out
            if kind == "Pod":
                return self._hold(self._pod(typ, obj, file, line, listed=listed))
            if kind == "Lease":
                return self._lease(typ, obj, file, line)
        except (AttributeError, TypeError, KeyError) as exc:
            raise InputError(f"{kind} {meta.get('name')}: unexpected field shape ({exc})", file, line) from None
        return []  # other kinds: not part of the node lifecycle

    def _node(
        self,
        typ: str,
        obj: dict[str, Any],
        file: str | None,
        line: int | None,
        lease: float | None = None,
        listed: bool = False,
    ) -> list[Item]:
        name = obj["metadata"]["name"]
        if (bad := unparsable_quantity(obj)) is not None:
            raise InputError(f"Node {name}: {bad}", file, line)
        items: list[Item] = []
        prev = self.nodes.get(name)
        meta = obj["metadata"]
        self.saw_node = True
        self.ever.add(name)
        if typ == "DELETED":
            t = self._time(meta.get("deletionTimestamp"), file=file, line=line)
            if prev is not None:
                self._ev(items, {"t": t, "event": "admin_delete_node", "node": name}, file, line)
            self.nodes.pop(name, None)
            self.pressure.forget(name)
            # the kubelet keeps its client certificate: registering again needs no new TLS bootstrap
            return items
        cur = node_vars(obj)
        conds = conditions(obj)
        ready_c = conds.get("Ready") or {}
        status = obj.get("status") or {}
        if status:
            self.statusless.discard(name)
        else:
            self.statusless.add(name)  # judged on its spec alone would be a pass by silence (``partial_input``)
        for ctype in _UNMODELLED_PRESSURE:
            if (conds.get(ctype) or {}).get("status") == "True" and name not in self.other_pressure:
                self.other_pressure[name] = (ctype, self.t)
        if prev is None:
            t = self._time(meta.get("creationTimestamp"), file=file, line=line)
            if typ == "ADDED" and not listed:
                self._fresh = self._raw  # created now: the API server's clock
            cap = cpu_millis((status.get("capacity") or {}).get("cpu"))
            alloc = cpu_millis((status.get("allocatable") or {}).get("cpu"))
            # a Node created during the capture is a registration; the kubelet creates it with its
            # conditions (initialNode ends with setNodeStatus): register, then that first status
            fresh = typ == "ADDED" and not listed
            # a Node the list shows without a Ready condition was created before the capture (by hand
            # for a kubelet with --register-node=false, or by a node simulator): observed, not registered
            # (so is a Node an administrator created with kubectl during the capture, without conditions: its kubelet
            # posts them later; was: registered, and node-has-ready-condition reported)
            by_hand = cur["ready"] == "Absent" and created_by_hand(obj)
            if (cur["ready"] == "Absent" and not listed and not by_hand) or (
                fresh and cur["ready"] in ("True", "False")
            ):
                self._creds(items, name, t, file, line)
                args: dict[str, Any] = {
                    "register_unschedulable": cur["unschedulable"],
                    "register_with_taint": bool(cur.get("taint_custom")),
                    "taint_effect": cur.get("custom_effect", "NoSchedule"),
                    "external_cloud": bool(cur.get("taint_uninitialized")),
                    "needs_routes": cur["network_unavailable"],
                }
                if cap is not None:
                    args["capacity"] = cap
                    args["reserved"] = max(cap - (alloc if alloc is not None else cap), 0)
                exp = {k: v for k, v in cur.items() if k not in ("ready", "memory_pressure")}
                if _REGISTER_READY:
                    # created with its conditions; a Node created without them (a node simulator)
                    # shows as ready=Absent, an outcome the model's kubelet does not have
                    args["ready"] = cur["ready"] == "True"
                    args["memory_pressure"] = cur["memory_pressure"]
                    exp = {k: v for k, v in cur.items() if k != "custom_effect" or cur.get("taint_custom")}
                self._ev(
                    items,
                    {"t": t, "event": "kubelet_register_node", "node": name, **args, "expect": exp},
                    file,
                    line,
                    **zone_extra(obj),
                )
                if cur["ready"] != "Absent" and not _REGISTER_READY:
                    self._ev(
                        items,
                        {
                            "t": t,
                            "event": "kubelet_post_status",
                            "node": name,
                            "ready": cur["ready"] == "True",
                            "memory_pressure": cur["memory_pressure"],
                            "expect": {k: v for k, v in cur.items() if k != "custom_effect" or cur.get("taint_custom")},
                        },
                        file,
                        line,
                    )
            else:
                placed = not (name in self.unplaced and listed)
                # (a listed Node whose kubelet's clock the snapshot found ahead: its status stamp is not the capture's
                # clock, which the snapshot set from the other writers')
                ahead = listed and name in self.ahead
                t = self._time(
                    ready_c.get("lastHeartbeatTime") if placed and not ahead else None,
                    meta.get("creationTimestamp"),
                    file=file,
                    line=line,
                )
                if (
                    lease is None
                    and name in self.leases
                    and not (name in self.lease_file and self.lease_file[name] is None)
                ):
                    # (not a renewal from before its Lease watch went down: its heartbeats stay unseen until
                    # the Lease is shown again, ``_unseen_renewals``)
                    lease = self.leases[name]
                if not placed:
                    lease = None  # its kubelet's stamps cannot be placed (``snapshot``)
                posted = [
                    parse_time(c["lastHeartbeatTime"], f"condition {k} lastHeartbeatTime", file, line)
                    for k, c in conds.items()
                    if isinstance(c.get("lastHeartbeatTime"), str)
                ]
                status_post = max(posted) + self.shift.get(name, 0.0) if posted and placed else None
                seen = [x for x in (status_post, lease) if x is not None]
                hb_extra: dict[str, Any] = {}
                if seen:
                    hb_extra = {
                        "heartbeat": max(seen),
                        "status_post": status_post if status_post is not None else max(seen),
                    }
                if lease is not None:
                    hb_extra["lease"] = lease
                hb_extra.update(zone_extra(obj))
                hb_extra["taints_since"] = _taints_since(obj, conds)
                if by_hand:
                    hb_extra["by_hand"] = True
                self.known.add(name)
                taints = [x for x in ((obj.get("spec") or {}).get("taints") or []) if isinstance(x, dict)]
                ev = {
                    "t": t,
                    "event": "observe_node",
                    "node": name,
                    "ready": cur["ready"],
                    "taints": taints,
                    "unschedulable": cur["unschedulable"],
                    "memory_pressure": cur["memory_pressure"],
                    "network_unavailable": cur["network_unavailable"],
                }
                if cap is not None:
                    ev["capacity"] = cap
                if alloc is not None:
                    ev["allocatable"] = alloc
                self._ev(items, ev, file, line, **hb_extra)
            self.nodes[name] = {"vars": cur, "hb": ready_c.get("lastHeartbeatTime"), "obj": obj}
            _name_taints(items, obj)
            if not listed:
                items += self._readopt(name, obj, t, file, line)
            return items
        old = prev["vars"]
        if name not in self.resized and cpu_changed(node_cpu(prev["obj"]), node_cpu(obj)):
            # from the status post that wrote it (dated by its heartbeat; ``partial_input``: its resource
            # properties are not judged from then on)
            since = self.t
            with contextlib.suppress(InputError):  # (a bad timestamp is reported where it is read below)
                posted = ready_c.get("lastHeartbeatTime")
                since = max(since, parse_time(posted, "timestamp", file, line)) if posted else since
            self.resized[name] = since
        zx, zx_old = zone_extra(obj), zone_extra(prev["obj"])
        if zx != zx_old:
            # its zone labels changed (cloud-controller-manager labels a Node registered without them; a
            # relabel): handleDisruption reads them at every pass (GetZoneKey in monitorNodeHealth)
            self._ev(
                items,
                {"t": self.t, "event": "declare_node", "node": name},
                file,
                line,
                zone=zx.get("zone"),
                disruption_excluded=bool(zx.get("disruption_excluded")),
            )
        # the first of the controller's two writes is judged with the second; held once only, so a
        # write that is wrong (and not half of a swap) shows at the Node's next update
        settled = self.t - self.cordon_changed.get(name, float("-inf")) > self.slack
        half = () if prev.get("held") else _half_swap(cur, old, conds, settled)
        for k in half:
            cur[k] = old[k]
        steps: list[tuple[dict[str, Any], tuple[str, ...]]] = []
        hb = ready_c.get("lastHeartbeatTime")
        kubelet_stamp: float | None = None
        if cur["network_unavailable"] and not old["network_unavailable"]:
            # NetworkUnavailable turned True on a registered Node (the route controller failed to
            # create its route, a CNI plugin): no model event does that, so it is taken as observed;
            # the controller's network-unavailable taint then follows (judged)
            from .compile import NI

            nu = conds.get("NetworkUnavailable") or {}
            tn = self._time(nu.get("lastTransitionTime"), nu.get("lastHeartbeatTime"), file=file, line=line)
            self._ev(
                items,
                {"t": tn, "event": "declare_node", "node": name},
                file,
                line,
                adopt={NI["network_unavailable"]: True},
            )
        if (
            cur["ready"] != old["ready"]
            or (hb and hb != prev["hb"] and cur["ready"] in ("True", "False"))
            or (cur["memory_pressure"] != old["memory_pressure"] and cur["ready"] in ("True", "False"))
        ):
            if cur["ready"] == "Unknown":
                t = self._time(ready_c.get("lastTransitionTime"), file=file, line=line)
                self._fresh = self._raw  # the controller's clock
                steps.append(
                    ({"t": t, "event": "nlc_monitor_node_health", "node": name, "marks_unknown": True}, ("ready",))
                )
            elif cur["ready"] in ("True", "False"):
                t0 = self.t
                t = self._time(hb, ready_c.get("lastTransitionTime"), file=file, line=line)
                kubelet_stamp = self._raw
                if self._at is not None and kubelet_stamp is not None and kubelet_stamp > self._at:
                    # no resourceVersion, its kubelet's clock found ahead (``_place_nodes``): the post is dated by
                    # its place among the other writers, as a Lease renewal is, not by the stamp (which would set
                    # the capture's clock that far ahead: every other Node "silent")
                    self.t = t = max(t0, self._at)
                    kubelet_stamp = self._at
                self._creds_steps(steps, name, t)
                steps.append(
                    (
                        {
                            "t": t,
                            "event": "kubelet_post_status",
                            "node": name,
                            "ready": cur["ready"] == "True",
                            "memory_pressure": cur["memory_pressure"],
                        },
                        ("ready", "memory_pressure"),
                    )
                )
        t = self._time(*_managed_times(obj), file=file, line=line)
        if old["network_unavailable"] and not cur["network_unavailable"]:
            # the route controller stamps the condition it sets False (RouteCreated)
            nu = conds.get("NetworkUnavailable") or {}
            tr = self._time(nu.get("lastTransitionTime"), *_managed_times(obj), file=file, line=line)
            self._fresh = self._raw if self._fresh is None else self._fresh
            steps.append(({"t": tr, "event": "cloud_route_created", "node": name}, ("network_unavailable",)))
        if cur["unschedulable"] != old["unschedulable"]:
            self.cordon_changed[name] = t
            steps.append(
                (
                    {"t": t, "event": "admin_cordon" if cur["unschedulable"] else "admin_uncordon", "node": name},
                    ("unschedulable",),
                )
            )
        if old.get("taint_uninitialized") and not cur.get("taint_uninitialized"):
            steps.append(({"t": t, "event": "cloud_node_initialize", "node": name}, ("taint_uninitialized",)))
        if cur.get("taint_custom") != old.get("taint_custom") or (
            cur.get("taint_custom") and cur.get("custom_effect") != old.get("custom_effect")
        ):
            if old.get("taint_custom"):
                steps.append(({"t": t, "event": "admin_untaint_node", "node": name}, ("taint_custom",)))
            if cur.get("taint_custom"):
                # kubectl taint stamps a NoExecute taint's timeAdded: when its pods' eviction timers
                # start (kubectl hides managedFields by default, so often the only time there is)
                ta = self._time(*_new_taint_times(obj, prev["obj"]), *_managed_times(obj), file=file, line=line)
                self._fresh = self._raw if self._fresh is None else self._fresh
                steps.append(
                    (
                        {"t": ta, "event": "admin_taint_node", "node": name, "taint_effect": cur["custom_effect"]},
                        ("taint_custom", "custom_effect"),
                    )
                )
        if any(cur.get(k) != old.get(k) for k in CONDITION_TAINTS):
            tt = self._time(*_taint_times(obj, CONDITION_TAINTS), *_managed_times(obj), file=file, line=line)
            steps.append(({"t": tt, "event": "nlc_sync_noschedule_taints", "node": name}, CONDITION_TAINTS))
        if any(cur.get(k) != old.get(k) for k in NOEXEC_TAINTS):
            tt = self._time(*_taint_times(obj, NOEXEC_TAINTS), *_managed_times(obj), file=file, line=line)
            steps.append(({"t": tt, "event": "nlc_sync_noexecute_taints", "node": name}, NOEXEC_TAINTS))
        if not steps and _taint_list(obj) != _taint_list(prev["obj"]):
            # the Node's taints changed but not the model's view of them (another NoExecute taint next
            # to one the model's user-taint slot already stands for): its pods' tolerations still do
            retol = self._retolerate(name, obj, prev["obj"])
            if retol:
                tr = self._time(*_managed_times(obj), file=file, line=line)
                self._ev(items, {"t": tr, "event": "declare_node", "node": name}, file, line, **retol)
        new_taints = _new_taint_times(obj, prev["obj"])
        if self._fresh is None and new_taints:
            self._fresh = parse_time(new_taints[0], "taint timeAdded", file, line)  # the writer's clock
        if kubelet_stamp is not None and {ev["event"] for ev, _ in steps} <= {"kubelet_post_status", *CREDENTIALS}:
            self._src, self._fresh = name, kubelet_stamp  # the kubelet's status post, stamped by its clock
        last_t = self.t
        for j, (ev, fields) in enumerate(steps):
            ev["t"] = max(ev["t"], last_t) if j else ev["t"]
            last_t = ev["t"]
            if ev["event"] in CREDENTIALS:
                self._ev(items, ev, file, line)
                continue
            exp = cur if j == len(steps) - 1 else {k: cur[k] for k in fields if k in cur}
            exp = {k: v for k, v in exp.items() if k != "custom_effect" or cur.get("taint_custom")}
            if ev["event"] == "admin_untaint_node" and j < len(steps) - 1:
                # one write replaced the user taint (cluster-autoscaler: DeletionCandidate ->
                # ToBeDeleted): read as untaint, then taint; in between there is none
                exp = {k: v for k, v in exp.items() if k != "custom_effect"} | {"taint_custom": False}
            self._ev(items, {**ev, "expect": exp}, file, line, **self._retolerate(name, obj, prev["obj"]))
        kv = _cp_kubelet(obj)
        if kv is not None and kv != _cp_kubelet(prev["obj"]):
            # a control-plane kubelet upgraded: kubeadm upgrades the control plane's components first, so
            # kube-controller-manager ran that version since before then (``review_upgrade``)
            self.cp_kubelets.append(
                (
                    float("-inf"),
                    {
                        "image": (
                            kv[0],
                            f"the kubelet {kv[1]} of control-plane node {name}, upgraded during the capture",
                            name,
                        )
                    },
                )
            )
        hist = prev.get("hist") or []
        view = _sched_view(obj)
        if view != (prev.get("view") or _sched_view(prev["obj"])):
            # what the scheduler's filter reads changed: the version before ends now (``_decided_before``)
            hist = [*hist[-7:], (prev.get("since", float("-inf")), self.t, prev["obj"])]
            since = self.t
        else:
            since = prev.get("since", float("-inf"))
        self.nodes[name] = {
            "vars": cur,
            "hb": hb or prev["hb"],
            "obj": obj,
            "held": bool(half),
            "hist": hist,
            "since": since,
            "view": view,
        }
        _name_taints(items, obj)
        return items

    def _watch_down(self, file: str | None, line: int | None) -> list[Item]:
        """A watch of Nodes or Pods ended and the capture goes on: what it showed is not watched from then.

        The Nodes it last showed (and the nodes of the pods it last showed) are taken as unwatched until
        a later list or a live watch shows them again (``_relisted``, ``_up``): the node lifecycle
        controller's marks and taints, or the taint-eviction controller's deletions, made meanwhile are
        not in the input, so nothing due meanwhile is judged until then (then on what is shown).
        """
        items: list[Item] = []
        ending, self._ending = self._ending, {}
        pending = {k for kinds in self.relists.values() for k in kinds}
        for (kind, name), f in self.last_file.items():
            if f not in ending or kind not in pending:
                continue
            node = name if kind == "Node" else (self.pods.get(name) or {}).get("node")
            if node is None or node not in self.nodes:
                continue
            kinds = self.down.setdefault(node, set())
            if not kinds:
                self._ev(
                    items, {"t": ending[f], "event": "declare_node", "node": node}, file, line, unwatched=ending[f]
                )
            kinds.add(kind)
        return items

    def _up(self, node: str, kind: str, file: str | None, line: int | None) -> list[Item]:
        kinds = self.down.get(node)
        if kinds is None:
            return []
        kinds.discard(kind)
        if kinds:
            return []
        del self.down[node]
        items: list[Item] = []
        self._ev(items, {"t": self.t, "event": "declare_node", "node": node}, file, line, unwatched=None)
        return items

    def _relisted(self, end: RelistEnd, file: str | None, line: int | None) -> list[Item]:
        """A watch started again with a complete list (client-go's reflector ``Replace``): what it
        watched before and the list lacks was deleted while it was down (``DeletedFinalStateUnknown``).

        Only objects of a kind and namespace the list covers count (a list of one namespace's pods
        proves nothing of another's), and only those last seen before the list (a lower
        resourceVersion than its newest object). Their deletion time is unknown: a Node is deleted, a
        pod removed as anyone's deletion (no eviction lateness is judged on it), at the list.
        """
        items: list[Item] = []
        top = end.top
        gone: list[str] = []

        def covered(kind: str, name: str) -> bool:
            if kind not in end.scope:
                return False
            ns = end.scope[kind]
            return ns is None or name.split("/", 1)[0] in ns

        mine = self.chain.get(end.file, end.file)
        for (kind, name), f in list(self.last_file.items()):
            if (kind, name) in end.keys or not covered(kind, name):
                continue
            if f is not None and self.chain.get(f, f) != mine:
                continue  # last shown by another watch (which may select other objects): not this list's to prove
            rv = self.last_rv.get((kind, name))
            if rv is not None and top >= 0 and rv > top:
                continue  # changed after the list was taken (another watch shows it)
            if kind == "Node" and name in self.nodes:
                items += self._node("DELETED", {"kind": "Node", "metadata": {"name": name}}, file, line)
                gone.append(f"node {name}")
            elif kind == "Pod" and name in self.pods:
                ns, pname = name.split("/", 1)
                items += self._pod(
                    "DELETED",
                    {
                        "kind": "Pod",
                        "metadata": {"name": pname, "namespace": ns},
                        "spec": {"nodeName": self.pods[name]["node"]},
                    },
                    file,
                    line,
                )
                gone.append(f"pod {name}")
            self.last_file.pop((kind, name), None)
            self.last_rv.pop((kind, name), None)
        if gone:
            self.notes.append(
                f"{end.file}: a watch started again with a list that lacks {', '.join(gone[:6])}"
                f"{' ...' if len(gone) > 6 else ''}: deleted while the watch was down (client-go's "
                "DeletedFinalStateUnknown), at a time the capture does not show (not judged)"
            )
        for node in sorted(self.down):
            for kind in ("Node", "Pod"):
                if kind in end.scope and kind in self.down.get(node, ()):
                    items += self._up(node, kind, file, line)
        for node in [n for n in self.down if n not in self.nodes]:
            items += self._up(node, "Node", file, line) + self._up(node, "Pod", file, line)
        return items

    def acted(self, it: EventRecord) -> None:
        """A model event only kube-controller-manager writes (see ``CONTROLLER_ACTS``)."""
        what = CONTROLLER_ACTS[it.event]
        if it.event == "admin_delete_node" or (it.event == "nlc_monitor_node_health" and it.node is not None):
            self.marks.setdefault(str(it.node), []).append(it.t)
        if what:
            self.acts.append((it.t, f"{what} {'pod ' + str(it.pod) if it.pod else 'node ' + str(it.node)}"))

    def kcm_seen(self) -> bool:
        """The capture shows kube-controller-manager's restarts and leader changes (its leader Lease, or its
        mirror pods' container starts): the readers then give every Node a fresh grace themselves."""
        return self.kcm_holder is not None or self.kcm_pod_seen

    def partial_input(self) -> None:
        """At the end: Nodes the input shows without any status, and pods bound to Nodes it never shows.

        A Node with no ``status`` (``kubectl get nodes -o json | jq 'del(.items[].status)'``, a Node
        written by hand before its kubelet posts) has no conditions, capacity or heartbeats: nothing
        about it can be judged, and what its spec alone passes would pass by silence. A pod bound to a
        Node the input never shows (a Node watch with a label or field selector next to ``pods -A``) is
        on a Node whose taints and readiness are unknown: nothing about it there is judged. Both are
        said in coverage (for every property, or for the pod properties, "checked for the other" Nodes),
        and a finding on such a Node is withdrawn.
        """
        o = self.o
        if o is None:
            return
        from nodereg.properties.catalogue import ALL_PROPERTIES

        blind = sorted(self.statusless)
        unseen = sorted(n for n in self.unseen_bound if n not in self.ever)
        if blind:
            shown = ", ".join(blind[:5]) + (" ..." if len(blind) > 5 else "")
            one = len(blind) == 1
            why = (
                f"{'node' if one else 'nodes'} {shown} {'has' if one else 'have'} no status in the input (no "
                "conditions, capacity or heartbeats: a list with its status removed, a Node written by hand), "
                f"so nothing about {'it' if one else 'them'} is judged"
            )
            others = len(self.ever - self.statusless)
            if others:
                why += f" (checked for the other {others})"
            for p in ALL_PROPERTIES:
                o.unchecked.setdefault(p.id, why)
            o.violations[:] = [v for v in o.violations if v.node not in blind]
        if unseen:
            pods = [p for n in unseen for p in self.unseen_bound[n]]
            why = (
                f"pod {', '.join(pods[:3])}{' ...' if len(pods) > 3 else ''} is bound to node "
                f"{', '.join(unseen[:3])}{' ...' if len(unseen) > 3 else ''}, which the input never shows (a Node "
                "watch with a selector?): its taints and readiness are unknown, so nothing about those pods there "
                "is judged (checked for the pods of the Nodes shown)"
            )
            for pid in (*BIND_PROPERTIES, *UNSEEN_NODE_POD_PROPERTIES):
                o.unchecked.setdefault(pid, why)
            o.violations[:] = [v for v in o.violations if v.node not in unseen]
            o.nodes_not_shown.update(unseen)
        lease_only = sorted(n for n in self.leases if n not in self.ever) if self.ever else []
        if lease_only:
            # a node Lease renewed (or not) for a Node the input never shows (`kubectl get -w --watch-only`: a
            # Node appears only when it changes; a Node watch with a selector): whether it was marked is unknown
            shown = ", ".join(lease_only[:5]) + (" ..." if len(lease_only) > 5 else "")
            its = "its Node" if len(lease_only) == 1 else "their Nodes"
            why = (
                f"the input holds the Lease of {shown} but never {its}"
                " (a watch with --watch-only shows a Node only when it changes; a Node watch with a selector): "
                "its heartbeats are not judged (checked for the Nodes shown)"
            )
            from .judged import NEVER_JUDGED, NOT_JUDGED_ON_CAPTURES

            for pid in sorted(getattr(o, "_hb_props", ())):
                if pid not in NEVER_JUDGED and pid not in NOT_JUDGED_ON_CAPTURES:
                    o.unchecked.setdefault(pid, why)
        if self.other_pressure:
            name, (ctype, when) = min(self.other_pressure.items(), key=lambda x: (x[1][1] or 0.0, x[0]))
            more = len(self.other_pressure) - 1
            # (was: both properties "not checked" on such a capture, a controller that never wrote the disk-pressure
            # or pid-pressure taint conformed: the taints are judged beside the model now, ``k8s.PressureTaints``)
            o.notes.append(
                f"node {name}{f' (and {more} more)' if more else ''} has {ctype} True"
                f"{f' from {_fmt(when)}' if when is not None else ''}: the model has one pressure condition "
                "(MemoryPressure; DiskPressure and PIDPressure are not modelled, model/declaration.py), so their "
                "node.kubernetes.io/disk-pressure and pid-pressure taints (doNoScheduleTaintingPass) are judged "
                "beside it, with --slack, under condition-taints-follow-conditions and synced-taints-match-conditions"
            )
        not_judged_after_resize(o, self.resized, self.resized_found, self.resized_binds)
        not_judged_after_pod_resize(o, self.pod_resized)
        withdraw_ended_room(o, self.ended_room)

    def _pressure_seen(self, obj: dict[str, Any], listed: bool, file: str | None, line: int | None) -> None:
        """The Node as written, at the time ``_node`` gave its event (read after it: the event's own time, never the
        one before it), for ``k8s.PressureTaints``."""
        conds = conditions(obj)
        shown = {c: (conds.get(c) or {}).get("status") for c in UNMODELLED_PRESSURE_TAINTS if c in conds}
        if not shown:
            return
        since = None
        if listed:
            # first listed: owed from the listing on, unless its conditions say they stood longer than --slack
            stood = _taints_since(obj, conds)
            since = stood if stood is not None and stood < self.t - self.pressure.slack else self.t
        taints = (obj.get("spec") or {}).get("taints") or []
        self.pressure.observe(obj["metadata"]["name"], self.t, shown, taints if isinstance(taints, list) else [], since)
        self._pressure_pos[obj["metadata"]["name"]] = (file, line)

    def _pressure_due(self, file: str | None, line: int | None) -> list[Item]:
        """The DiskPressure / PIDPressure taints the node lifecycle controller owes past ``--slack``, at this event (a
        Node whose watch is down is judged again by the list that shows it)."""
        if not self.pressure.owed or self.listing:
            return []
        out: list[Item] = []
        for node, prop, msg, deadline, _want, _listed in self.pressure.due(self.t, self.down):
            # (at the end of the input: the line of the Node's last version)
            f, n = (file, line) if line is not None else self._pressure_pos.get(node, (file, line))
            out.append(
                Violation(-1, n, f, node, None, prop, msg, self.t, "nlc_sync_noschedule_taints", deadline=deadline)
            )
        return out

    def _hold(self, items: list[Item]) -> list[Item]:
        """Before a late Nodes list (``late_node_lists``): a pod bound to a Node not yet shown is held, not put on
        a Node the model would take as absent (was: pods-only-on-existing-nodes, absent-node-has-nothing-requested
        on every Node of a capture whose Nodes watch started late); its deletion before the list drops it."""
        if not self.held_bound and not (self.late_node_lists & set(self.relists)):
            return items
        out: list[Item] = []
        for it in items:
            if type(it) is ObservedBinding and it.node not in self.nodes and self.late_node_lists & set(self.relists):
                self.held_bound.setdefault(it.node, {})[it.pod] = it
                continue
            if (
                type(it) is EventRecord
                and it.event == "delete_pod"
                and any(held.pop(it.pod, None) is not None for held in self.held_bound.values())
            ):
                continue
            out.append(it)
        return out

    def _release_bound(self, node: str) -> list[Item]:
        """The late list shows ``node``: the pods held for it are bound from now, as they stood. One bound before the
        capture (the first moment's) is taken as bound, as it would have been; one whose binding the watch showed
        before the Nodes list leaves the binding properties not checked, as a pods-only watch does."""
        why = (
            f"pods bound to node {node} before the Nodes list that first shows it, taken long after the other "
            "watches began: their bindings are not in the input"
        )
        return [
            ObservedBinding(
                self.t, node, pod, b.line, b.file, dict.fromkeys(BIND_PROPERTIES, why) if b.unchecked else None
            )
            for pod, b in sorted(self.held_bound.pop(node).items())
        ]

    def _no_nodes(self) -> dict[str, str] | None:
        """With no Node at all in the input (a pods-only capture), no property about nodes is judged. A Node list
        still to come (a Nodes watch started long after the pods watch: ``watch_events``' late lists) is a Node
        stream: the pods bound before it are not judged on their Nodes, the rest is (was: every property "not
        checked: no Node stream" from the first pod on, a capture with a late Nodes watch judged nothing)."""
        if self.nodes or any("Node" in kinds for kinds in self.relists.values()):
            return None
        from nodereg.properties.catalogue import ALL_PROPERTIES

        return dict.fromkeys((p.id for p in ALL_PROPERTIES), "no Node stream")

    def _readopt(self, name: str, obj: dict[str, Any], t: float, file: str | None, line: int | None) -> list[Item]:
        """A Node created again while pods still name it in spec.nodeName: they are its pods again.

        The model's Node deletion unbinds its pods at once (the pod garbage collector), but upstream's
        gcOrphaned deletes a pod of a missing Node only after quarantineTime (40 s,
        pkg/controller/podgc/gc_controller.go), so a kubelet registering again within that time finds
        its pods still bound, and the taint-eviction controller acts on them (NodeUpdated(nil, node)
        lists the pods by nodeName: taint_eviction_test.go TestCreateNode). Taken as observed bindings,
        each with its toleration bits against the new Node's taints.
        """
        from .compile import PI

        items: list[Item] = []
        for key, p in self.pods.items():
            if p["node"] != name or p["deleting"]:
                continue
            ev = {
                "t": t,
                "event": "declare_pod",
                "pod": key,
                "tolerations": p["tolerations"],
                "request": p.get("request", 0),
                "default_tolerations": False,
            }
            self._ev(items, ev, file, line)
            bits = items[-1].extra["pod"]  # type: ignore[index, union-attr]
            for k, v in pod_bits(p["tolerations"], _taint_list(obj), self.gates).items():
                bits[PI[k]] = v
            items.append(_bound(key, name, t, file, line))
        return items

    def _tolerations_changed(
        self, key: str, obj: dict[str, Any], prev: dict[str, Any], file: str | None, line: int | None
    ) -> list[Item]:
        """A bound pod's tolerations changed (`kubectl patch`: ValidatePodUpdate lets a pod add tolerations and
        change an existing one's tolerationSeconds, validateOnlyAddedTolerations).

        Upstream's taint-eviction controller re-runs processPodOnNode on the update (PodUpdated ->
        handlePodUpdate) with the pod's new tolerations: a timer already running is kept whatever the new
        finite tolerationSeconds (CreatedAt + the new minimum is never after now + it), which is what the
        oracle does by keeping the pod's bits; a pod that now tolerates every NoExecute taint of its Node for
        ever has its eviction cancelled (getMinTolerationTime < 0), and one that no longer does gets a timer
        from now. Those two are taken as the pod declared again, bound, with its new bits. Later taint
        changes of the Node read the new tolerations (processPodOnNode reads pod.Spec.Tolerations).
        """
        spec = obj.get("spec") or {}
        tols = [x for x in (spec.get("tolerations") or []) if isinstance(x, dict)]
        old = prev["tolerations"]
        if tols == old:
            return []
        prev["tolerations"] = tols
        node = prev["node"]
        taints = _taint_list(self.nodes[node]["obj"])
        before = pod_bits(old, taints, self.gates).get("tolerates_forever")
        after = pod_bits(tols, taints, self.gates).get("tolerates_forever")
        if before is None or before == after:
            return []
        from .compile import PI

        items: list[Item] = []
        t = self.t
        self._ev(items, {"t": t, "event": "delete_pod", "pod": key}, file, line)
        ev = {
            "t": t,
            "event": "declare_pod",
            "pod": key,
            "tolerations": tols,
            "request": prev.get("request", 0),
            "default_tolerations": False,
        }
        self._ev(items, ev, file, line)
        bits = items[-1].extra["pod"]  # type: ignore[index, union-attr]
        for k, v in pod_bits(tols, taints, self.gates).items():
            bits[PI[k]] = v
        items.append(_bound(key, node, t, file, line))
        note = (
            f"pod {key}'s tolerations changed on {node}: it "
            + (
                "now tolerates every NoExecute taint there for ever: its eviction is cancelled"
                if after
                else "no longer tolerates the NoExecute taints there for ever: its timer starts now"
            )
            + " (taint_eviction.go processPodOnNode on the pod's update)"
        )
        if note not in self.notes:
            self.notes.append(note)
        return items

    def _retolerate(self, name: str, obj: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
        """When a Node's taints change: its bound pods' toleration bits against the new taints."""
        if _taint_list(obj) == _taint_list(old):
            return {}
        bits = {
            k: pod_bits(p["tolerations"], _taint_list(obj), self.gates)
            for k, p in self.pods.items()
            if p["node"] == name and not p["deleting"]
        }
        return {"pod_bits": bits} if bits else {}

    def _creds_steps(self, steps: list[tuple[dict[str, Any], tuple[str, ...]]], name: str, t: float) -> None:
        if name not in self.known:
            self.known.add(name)
            for e in CREDENTIALS:
                steps.append(({"t": t, "event": e, "node": name, "inferred": True}, ()))

    def _lease(self, typ: str, obj: dict[str, Any], file: str | None, line: int | None) -> list[Item]:
        meta = obj["metadata"]
        if meta.get("namespace", "kube-node-lease") != "kube-node-lease":
            self.other_leases += 1
        if meta.get("namespace") == "kube-system" and typ != "DELETED":
            # the control plane's leader Leases, renewed every 2 s: its clock, a bound for a kubelet's
            renew = (obj.get("spec") or {}).get("renewTime")
            if isinstance(renew, str):
                with contextlib.suppress(InputError):  # not a node's: a bad one is no input error
                    self._fresh = parse_time(renew, "Lease spec.renewTime", file, line)
            if meta["name"] == "kube-controller-manager":
                return self._kcm_lease(obj, file, line)
            return []
        if meta.get("namespace", "kube-node-lease") != "kube-node-lease" or typ == "DELETED":
            return []
        name = meta["name"]
        rv = _rv(obj)
        rv_ = rv if rv is not None else -1
        if rv_ > self.lease_rv.get(name, -1) or (rv_ == self.lease_rv.get(name, -1) and typ == "ADDED"):
            # the file that shows this Lease's newest version watches it (a restarted watch's list
            # names, again, the Lease of a kubelet that stopped before it)
            self.lease_rv[name] = rv if rv is not None else -1
            self.lease_file[name] = file
        renew = (obj.get("spec") or {}).get("renewTime")
        if not renew:
            return []
        t = parse_time(renew, "Lease spec.renewTime", file, line)
        prev = self.leases.get(name)
        if prev is not None and t <= prev:
            # the node lifecycle controller counts a renewal only when renewTime is after the one it
            # saved (savedLease.Spec.RenewTime.Before(observed)): a kubelet clock stepped back renews
            # unseen until it passes it
            return []
        self.leases[name] = t
        if self._at is not None:
            # no resourceVersion: its place among the other writers' stamps of its file, not its own clock
            t = self._at
        self._src, self._fresh = name, t  # stamped by the kubelet's clock
        self.t = max(self.t, t)
        items: list[Item] = []
        self._creds(items, name, self.t, file, line)
        self._ev(items, {"t": self.t, "event": "kubelet_renew_lease", "node": name}, file, line)
        return items

    # -- kube-controller-manager restarts ------------------------------------------------------------
    def _kcm_lease(self, obj: dict[str, Any], file: str | None, line: int | None) -> list[Item]:
        """kube-controller-manager's leader Lease (``kubectl get leases -A``): a new holder is a new
        node lifecycle controller (another leader, or the same one restarted: the identity ends with
        a per-process UUID), which starts once it holds the Lease."""
        spec = obj.get("spec") or {}
        holder = spec.get("holderIdentity")
        self._kcm_gap(spec, file, line)
        prev, self.kcm_holder = self.kcm_holder, holder
        if prev is None or holder == prev or not holder:
            return []
        when = spec.get("acquireTime") or spec.get("renewTime")
        t = self.t
        if isinstance(when, str):
            with contextlib.suppress(InputError):
                t = parse_time(when, "Lease spec.acquireTime", file, line)
        return self._new_controller(
            max(t, self.t) + KCM_SYNC, f"kube-system/kube-controller-manager Lease taken by {holder}", file, line
        )

    def _kcm_gap(self, spec: dict[str, Any], file: str | None, line: int | None) -> None:
        """A leader Lease written again longer after its last renewal than its leaseDurationSeconds: no
        kube-controller-manager led in between (client-go's leader election gives up renewing after RenewDeadline,
        and a new holder takes the Lease only once it expired), so no node lifecycle controller ran
        (``k8s.review_controller_down``)."""
        when = [spec.get("acquireTime"), spec.get("renewTime")]
        times = []
        for w in when:
            if isinstance(w, str):
                with contextlib.suppress(InputError):
                    times.append(parse_time(w, "Lease spec.renewTime", file, line))
        if not times:
            return
        dur = spec.get("leaseDurationSeconds")
        dur = float(dur) if type(dur) in (int, float) and dur > 0 else KCM_LEASE_DURATION
        last = self.kcm_renew
        new = min(times) if len(times) > 1 and times[0] > (last or float("-inf")) else max(times)
        if last is not None and new - last > self.kcm_duration:
            self.kcm_downs.append(
                (
                    last,
                    new,
                    f"the kube-system/kube-controller-manager Lease, renewed at {_fmt(last)}, taken again at "
                    f"{_fmt(new)}, beyond its leaseDurationSeconds {self.kcm_duration:g}",
                )
            )
        self.kcm_renew, self.kcm_duration = max(times), dur

    def _kcm_pod(self, obj: dict[str, Any], file: str | None, line: int | None) -> list[Item]:
        """The kube-controller-manager static pod's container started again (restartCount, startedAt):
        the new process takes the leader Lease when the old one's expires, then starts its controllers."""
        # its kubelet writes every restart of it to the mirror pod's status: a watch of it shows them
        self.kcm_pod_seen = True
        started = None
        statuses = (obj.get("status") or {}).get("containerStatuses")
        for cs in statuses if isinstance(statuses, list) else ():
            state = cs.get("state") if isinstance(cs, dict) else None
            run = state.get("running") if isinstance(state, dict) else None
            if isinstance(run, dict) and isinstance(run.get("startedAt"), str):
                started = run["startedAt"]
        meta = obj["metadata"]
        key = f"{meta.get('namespace')}/{meta['name']}"
        prev = self.kcm_started.get(key)
        if started is None:
            return []
        self.kcm_started[key] = started
        if prev is None or prev == started:
            return []
        t = self.t
        with contextlib.suppress(InputError):
            t = parse_time(started, "containerStatuses startedAt", file, line)
        return self._new_controller(max(t, self.t) + KCM_TAKEOVER, f"{key} restarted at {_fmt(t)}", file, line)

    def _new_controller(self, start: float, why: str, file: str | None, line: int | None) -> list[Item]:
        """A fresh grace for every Node now and again at ``start`` (when the new controller's first pass
        can be: ``feed`` gives it then)."""
        note = (
            f"a new node lifecycle controller ({why}): upstream's tryUpdateNodeHealth gives every Node "
            "a fresh node-monitor-grace-period from its first pass, and its taint-eviction controller every "
            "pod under a NoExecute taint a fresh tolerationSeconds (processPodOnNode: startTime = now)"
        )
        if note not in self.notes:
            self.notes.append(note)
        self.fresh_at = max(self.fresh_at or start, start)
        return self._fresh_grace(self.t, file, line)

    def _fresh_grace(self, t: float, file: str | None, line: int | None) -> list[Item]:
        items: list[Item] = []
        for n in sorted(self.nodes):
            self._ev(items, {"t": t, "event": "declare_node", "node": n}, file, line, fresh_grace=True)
        return items

    def _decided_before(self, pod: dict[str, Any], tols: list[dict[str, Any]], node: str, t: float) -> str | None:
        """Why a binding at ``t`` to a Node that does not admit the pod now is not the scheduler's fault,
        or None (it is judged).

        The scheduler filters a pod against its snapshot of the Nodes at the start of a scheduling
        cycle, assumes it on the chosen Node, and binds it in a separate binding cycle
        (pkg/scheduler/schedule_one.go: ``bindingCycle`` runs in its own goroutine after
        ``assume``); the pods/binding subresource checks no taint and no cordon. The binding cycle
        runs the PreBind plugins first: VolumeBinding waits there until the pod's PersistentVolumeClaims
        are bound and provisioned, up to ``bindTimeoutSeconds`` (600 s by default:
        pkg/scheduler/apis/config/v1 ``SetDefaults_VolumeBindingArgs``). So a Node that was cordoned or
        tainted after the decision still gets the pod: a binding is judged against the Node as it was
        up to ``--slack`` before it (the informer's lag and the Bind call), or up to 600 s for a pod
        with PersistentVolumeClaim or generic ephemeral volumes.
        """
        rec = self.nodes[node]
        if _admits(tols, rec["obj"], self.gates):
            return None
        spec = pod.get("spec") or {}
        vols = [v for v in (spec.get("volumes") or []) if isinstance(v, dict)]
        prebind = any("persistentVolumeClaim" in v or "ephemeral" in v for v in vols)
        window = max(VOLUME_BIND_TIMEOUT, self.slack) if prebind else self.slack
        for _start, end, old in reversed(rec.get("hist") or []):
            if end < t - window:
                break
            if _admits(tols, old, self.gates):
                why = (
                    f"for the binding of pod {_pod_key(pod)} to node {node} at {_fmt(t)} (the node admitted it "
                    f"until {_fmt(end)})"
                )
                if prebind:
                    return (
                        why + ": its PersistentVolumeClaims are bound in the scheduler's PreBind (VolumeBinding, "
                        f"up to bindTimeoutSeconds {VOLUME_BIND_TIMEOUT:.0f} s), after it chose the node"
                    )
                return why + f": the scheduler may have chosen the node then (within --slack {self.slack:g} s)"
        return None

    def _redeclared(self, key: str, prev: dict[str, Any], node: str, file: str | None, line: int | None) -> list[Item]:
        """A pending pod declared again with its toleration bits against ``node``'s taints as they are now, as a pod
        first seen bound there is (what the taint-eviction controller reads once it is bound)."""
        from .compile import PI

        items: list[Item] = []
        self._ev(items, {"t": self.t, "event": "delete_pod", "pod": key}, file, line)
        ev = {
            "t": self.t,
            "event": "declare_pod",
            "pod": key,
            "tolerations": prev["tolerations"],
            "request": prev["request"],
            "default_tolerations": False,
        }
        self._ev(items, ev, file, line)
        p = items[-1].extra["pod"]  # type: ignore[index, union-attr]
        for k, v in pod_bits(prev["tolerations"], _taint_list(self.nodes[node]["obj"]), self.gates).items():
            p[PI[k]] = v
        return items

    def _stale_view_eviction(self, key: str, tols: list[dict[str, Any]], node: str, t: float) -> str | None:
        """Why the taint-eviction controller's deletion of ``key`` at ``t`` is not judged, or None (it is).

        The controller reads a Node's taints from its own informer (taint_eviction.go handlePodUpdate ->
        processPodOnNode: ``tc.nodeLister.Get``, ``getNoExecuteTaints``) and deletes at once a pod that does not
        tolerate one of them (getMinTolerationTime 0). An informer delivers a Node's update some time after the
        API server stored it, so a pod bound just after an untolerated NoExecute taint was removed can be deleted
        for it: kubernetes/kubernetes#119862 (Cilium's node.cilium.io/agent-not-ready taint removed, the scheduler
        binds, "Not all taints are tolerated after update for pod on node" 1.7 ms later). Such a deletion, where
        the Node as the input shows it now gives the pod no eviction and did, at once, within ``--slack`` before,
        is that race; whether the controller's view was that old is not in the input."""
        from nodereg.model import rules as r

        rec, gates = self.nodes[node], pod_gates(tols, self.gates)
        if r.eviction_delay_seconds(tols, _taint_list(rec["obj"]), feature_gates=gates) is not None:
            return None
        for _start, end, old in reversed(rec.get("hist") or []):
            if end < t - self.slack:
                break
            if r.eviction_delay_seconds(tols, _taint_list(old), feature_gates=gates) == 0.0:
                return (
                    f"the taint-eviction controller deleted pod {key} at {_fmt(t)}, {t - end:.1f} s after node {node} "
                    "lost a NoExecute taint the pod does not tolerate (within --slack "
                    f"{self.slack:g} s): its Node informer may not have delivered the removal yet (processPodOnNode "
                    "reads its nodeLister; kubernetes/kubernetes#119862)"
                )
        return None

    def _pod(
        self, typ: str, obj: dict[str, Any], file: str | None, line: int | None, listed: bool = False
    ) -> list[Item]:
        """A Pod event: declared when first seen, bound when ``spec.nodeName`` appears, and removed at the
        *deletion request* -- the taint-eviction controller's act (DisruptionTarget with reason
        DeletionByTaintManager, or ``deletionTimestamp`` set while the node has a NoExecute taint the
        pod does not tolerate for ever), else anyone's delete (``kubectl drain``'s Eviction API,
        a rollout). The DELETED that follows the grace period is not part of the eviction.
        """
        if (bad := unparsable_quantity(obj)) is not None:
            meta0 = obj["metadata"]
            raise InputError(f"Pod {meta0.get('namespace', 'default')}/{meta0['name']}: {bad}", file, line)
        meta = obj["metadata"]
        key = f"{meta.get('namespace', 'default')}/{meta['name']}"
        spec = obj.get("spec") or {}
        node = spec.get("nodeName") or None
        prev = self.pods.get(key)
        items: list[Item] = []
        if (
            meta.get("namespace") == "kube-system"
            and typ != "DELETED"
            and ((meta.get("labels") or {}).get("component") == "kube-controller-manager")
        ):
            items += self._kcm_pod(obj, file, line)
            found = capture_timing([obj])
            said = (found.get("image"), found.get("flags"))
            if said != self._kcm_said.get(key) and (said[0] is not None or said[1]):
                self._kcm_said[key] = said
                self.controllers.append((self.t, found))
        if prev is None:
            if typ == "DELETED":
                return []
            t = self._time(meta.get("creationTimestamp"), file=file, line=line)
            if typ == "ADDED" and not listed:
                self._fresh = self._raw  # created now: the API server's clock
                owner = _kcm_owner(meta)
                if owner is not None and self._raw is not None:
                    self.acts.append((self._raw, f"its {owner} controller created pod {key}"))
            tols = [x for x in (spec.get("tolerations") or []) if isinstance(x, dict)]
            ev = {
                "t": t,
                "event": "declare_pod",
                "pod": key,
                "tolerations": tols,
                "request": pod_request(obj),
                "default_tolerations": False,
            }
            self._ev(items, ev, file, line)
            # first seen in a MODIFIED event (a watch without its initial list: `kubectl get -w --watch-only`):
            # bound at some time the input does not show, perhaps before it began, so taken as bound, unjudged
            unseen_binding = typ == "MODIFIED" and not listed
            if node is not None and node in self.nodes and (typ == "ADDED" or listed or unseen_binding):
                # already bound: its bits against the taints of the node it is on
                from .compile import PI

                p = items[-1].extra["pod"]  # type: ignore[index, union-attr]
                for k, v in pod_bits(tols, _taint_list(self.nodes[node]["obj"]), self.gates).items():
                    p[PI[k]] = v
            self.pods[key] = {"node": None, "deleting": False, "tolerations": tols, "request": pod_request(obj)}
            prev = self.pods[key]
            if node is not None and (typ == "ADDED" or listed or unseen_binding):
                # bound before the watch began, or a static pod's mirror (created with nodeName
                # by its kubelet, never scheduled): taken as it is
                if node not in self.nodes and self.nodes:
                    self.unseen_bound.setdefault(node, []).append(key)
                unchecked = self._no_nodes()
                if unseen_binding and unchecked is None:
                    unchecked = dict.fromkeys(
                        BIND_PROPERTIES,
                        f"pod {key} was first seen already bound to {node}, in a MODIFIED event (a watch without "
                        "its initial list, `kubectl get -w --watch-only`): its binding is not in the input",
                    )
                # created bound now (a mirror pod, spec.nodeName set at creation; not an object a relist shows
                # created during its watch's gap): the taint-eviction controller's timer for it starts here
                created = typ == "ADDED" and not listed and not unseen_binding and self.t - t <= 2.0
                items.append(
                    ObservedBinding(self.t, node, key, line, file, unchecked, created)
                    if created
                    else _bound(key, node, self.t, file, line, unchecked=unchecked)
                )
                prev["node"] = node
            if listed and _deletion(obj) is not None:
                prev["deleting"] = True  # its deletion was requested before the capture began
                self._ev(items, {"t": self.t, "event": "delete_pod", "pod": key}, file, line)
        if prev["node"] is None and typ != "DELETED":
            # a pending pod's tolerations as they are now: ValidatePodUpdate lets any pod add tolerations, and the
            # scheduler filters the pod it pops from its queue, with its current spec (TaintToleration and
            # NodeUnschedulable read pod.Spec.Tolerations; the queueing hints isSchedulableAfterPodTolerationChange
            # requeue it for that very update). Was: the tolerations first seen, so a pod bound after
            # `kubectl patch` gave it the toleration of the node's taint or cordon was a false
            # no-schedule-with-untolerated-taint / no-schedule-when-cordoned.
            # Declared again with them: the model's pod holds what it tolerates (tolerates_unschedulable ...) from
            # its declaration.
            now = [x for x in (spec.get("tolerations") or []) if isinstance(x, dict)]
            if now != prev["tolerations"]:
                prev["tolerations"] = now
                self._ev(items, {"t": self.t, "event": "delete_pod", "pod": key}, file, line)
                ev = {
                    "t": self.t,
                    "event": "declare_pod",
                    "pod": key,
                    "tolerations": now,
                    "request": prev["request"],
                    "default_tolerations": False,
                }
                self._ev(items, ev, file, line)
        if node is not None and prev["node"] is None:
            sched = conditions(obj).get("PodScheduled") or {}
            t = self._time(sched.get("lastTransitionTime"), file=file, line=line)
            self._fresh = self._raw  # the scheduler's clock
            if node not in self.nodes:
                # a pods-only capture, or a Node this capture never listed: the binding cannot be judged
                if self.nodes:
                    self.unseen_bound.setdefault(node, []).append(key)
                items.append(
                    _bound(
                        key,
                        node,
                        t,
                        file,
                        line,
                        unchecked=self._no_nodes()
                        or dict.fromkeys(BIND_PROPERTIES, "no Node stream for the node a pod was bound to"),
                    )
                )
            elif (other := other_scheduler(scheduler_name(obj), key, node, t)) is not None:
                # another scheduler's pod: bound as observed, its toleration bits against the Node's taints
                # (the taint-eviction controller acts on every pod, whoever bound it), its timer from now
                items += self._redeclared(key, prev, node, file, line)
                items.append(
                    ObservedBinding(
                        t, node, key, line, file, dict.fromkeys(BIND_PROPERTIES, other), created=True, step_only=True
                    )
                )
            elif (race := self._decided_before(obj, prev["tolerations"], node, t)) is not None:
                # the node turned unschedulable for the pod after the scheduler may have chosen it
                items.append(
                    _bound(
                        key,
                        node,
                        t,
                        file,
                        line,
                        unchecked=dict.fromkeys(
                            ("no-schedule-with-untolerated-taint", "no-schedule-when-cordoned"), race
                        ),
                        # (was: for the whole input from then on, so a later binding the scheduler's filters refuse
                        # was not judged)
                        step_only=True,
                    )
                )
            else:
                # the scheduler's filter against the node's actual taints; then, bound, what the
                # taint-eviction controller reads (NoExecute taints only, tolerationSeconds)
                taints = _taint_list(self.nodes[node]["obj"])
                here = [(p["request"], bool(p.get("ended"))) for p in self.pods.values() if p["node"] == node]
                if ended_room_fits(here, prev["request"], node_cpu(self.nodes[node]["obj"])[1]):
                    self.ended_room.append((node, t))  # (fits as the scheduler counts: ``withdraw_ended_room``)
                if node in self.resized and t >= self.resized[node]:
                    # the model's count is withdrawn there (``not_judged_after_resize``): judged here instead, as
                    # the scheduler's fitsRequest counts against the Node's allocatable of now
                    self.resized_binds.append((node, t))
                    found = resized_misfit(node, key, here, prev["request"], node_cpu(self.nodes[node]["obj"])[1])
                    if found is not None:
                        v = Violation(
                            -1, line, file, node, key, "bound-requests-fit-allocatable", found, t, "scheduler_bind_pod"
                        )
                        self.resized_found.append(v)
                        items.append(v)
                self._ev(
                    items,
                    {"t": t, "event": "scheduler_bind_pod", "node": node, "pod": key},
                    file,
                    line,
                    pod_bits={key: pod_bits(prev["tolerations"], taints, self.gates, scheduling=True)},
                    untolerated=untolerated(prev["tolerations"], taints, self.gates),
                    pod_bits_after={key: pod_bits(prev["tolerations"], taints, self.gates)},
                )
            prev["node"] = node
        elif prev["node"] is not None and not prev["deleting"] and typ != "DELETED" and prev["node"] in self.nodes:
            items += self._tolerations_changed(key, obj, prev, file, line)
        if prev["node"] is not None and typ == "MODIFIED" and (req := pod_request(obj)) != prev["request"]:
            # an in-place resize of a bound pod (``not_judged_after_pod_resize``), when its managedFields
            # entry for the resize subresource says (else the latest time the input showed)
            mf = (obj.get("metadata") or {}).get("managedFields") or []
            stamps = [m.get("time") for m in mf if isinstance(m, dict) and m.get("subresource") == "resize"]
            since = self._time(*sorted((x for x in stamps if isinstance(x, str)), reverse=True), file=file, line=line)
            self.pod_resized.setdefault(prev["node"], since)
            prev["request"] = req
        if typ != "DELETED" and not prev.get("ended") and pod_ended(obj):
            prev["ended"] = True  # out of the scheduler's view, still bound (``k8s.ended_room_fits``)
        request = _deletion(obj)
        if request is not None and not prev["deleting"]:
            prev["deleting"] = True
            when, by_taint = request
            t = self._time(when, file=file, line=line)
            self._fresh = self._raw  # the API server's clock (the deletion request)
            bound = prev["node"]
            nv = self.nodes.get(bound, {}).get("vars", {}) if bound else {}
            noexec = (
                nv.get("taint_not_ready_ne")
                or nv.get("taint_unreachable_ne")
                or (nv.get("taint_custom") and nv.get("custom_effect") == "NoExecute")
            )
            # a plain delete (no DisruptionTarget) on a NoExecute-tainted node is the taint-eviction
            # controller's only if it could act on the pod: not one that tolerates every NoExecute taint
            # there for ever (a DaemonSet rollout, kubectl delete)
            if (
                by_taint is None
                and noexec
                and pod_bits(prev["tolerations"], _taint_list(self.nodes[bound]["obj"]), self.gates).get(
                    "tolerates_forever"
                )
            ):
                noexec = False
            # a deletion first shown by a list after a watch was down (the node unwatched meanwhile:
            # ``_watch_down``) happened while the input shows nothing of the node: anyone's, not judged
            stale = (
                self._stale_view_eviction(key, prev["tolerations"], bound, t)
                if by_taint and bound and bound in self.nodes and bound not in self.down
                else None
            )
            if stale is not None:
                # the taint-eviction controller acted on its informer's view of a taint the input shows removed
                # just before: anyone's delete here, the eviction properties not judged for it
                self._ev(items, {"t": t, "event": "delete_pod", "pod": key}, file, line, gap_step=stale)
            elif (
                bound and bound in self.nodes and bound not in self.down and (by_taint or (by_taint is None and noexec))
            ):
                # (``taint_manager``: its own DisruptionTarget says so; a plain delete may be anyone's, whose timing
                # says nothing of the controller's timer: eviction-not-early is judged on the former only)
                ev = {"t": t, "event": "taint_eviction_evict_pod", "node": bound, "pod": key}
                self._ev(items, ev, file, line, **({"taint_manager": True} if by_taint else {}))
                self._ev(items, {"t": t, "event": "delete_pod", "pod": key}, file, line)
            elif bound and bound in self.down and by_taint:
                # the controller's own eviction while the watch of its Node was down: which taints it acted on,
                # and since when, is not in the input; not judged, and coverage says so (was: silently anyone's)
                kinds = self.down[bound]
                watched = [f"Node {bound}"] * ("Node" in kinds) + [f"the pods on {bound}"] * ("Pod" in kinds)
                gap = (
                    f"the taint-eviction controller evicted pod {key} at {_fmt(t)} while the watch of "
                    f"{' and '.join(watched) or f'node {bound}'} was down, so which taints it acted on, and since "
                    "when, is not in the input"
                )
                self._ev(items, {"t": t, "event": "delete_pod", "pod": key}, file, line, gap_step=gap)
            else:
                self._ev(items, {"t": t, "event": "delete_pod", "pod": key}, file, line)
        elif typ == "DELETED" and not prev["deleting"]:
            # DELETED without a deletion request seen (a force delete, or the watch missed it)
            prev["deleting"] = True
            t = self._time(meta.get("deletionTimestamp"), file=file, line=line)
            self._ev(items, {"t": t, "event": "delete_pod", "pod": key}, file, line)
        if typ == "DELETED":
            self.pods.pop(key, None)
        return items


#: The kubelet's pressure conditions the model leaves out, and the properties that would judge their taints.
_UNMODELLED_PRESSURE = ("DiskPressure", "PIDPressure")

#: How old a Node's newest status stamp can be when it is listed: the kubelet posts an unchanged status every
#: nodeStatusReportFrequency (5 min), checked every nodeStatusUpdateFrequency (10 s).
STATUS_REPORT_LAG = 310.0

#: What is judged about a pod on its Node beyond its binding (not judged on a Node the input never shows).
UNSEEN_NODE_POD_PROPERTIES = (
    "no-execute-eviction",
    "untolerated-noexecute-pod-is-gone",
    "eviction-only-when-due",
    "eviction-counted-from-first-noexecute-taint",
    "eviction-timer-no-later-than-taints",
    "pods-leave-only-by-eviction-or-gc",
    "requested-is-sum-of-bound-requests",
    "absent-node-has-nothing-requested",
)


def _deletion(pod: dict[str, Any]) -> tuple[str, bool | None] | None:
    """When the pod's deletion was *requested*, and whether by the taint-eviction controller.

    ``(RFC 3339 time, by_taint)``: ``by_taint`` True for a DisruptionTarget condition with reason
    ``DeletionByTaintManager``, False for another DisruptionTarget reason (Eviction API,
    preemption, pod GC), None when only ``deletionTimestamp`` shows it. ``deletionTimestamp`` is
    when the object *will* go (request + ``deletionGracePeriodSeconds``), so the request time is
    that minus the grace period. None: no deletion requested.
    """
    meta = pod.get("metadata") or {}
    for c in (pod.get("status") or {}).get("conditions") or []:
        if isinstance(c, dict) and c.get("type") == "DisruptionTarget" and c.get("status") == "True":
            when = c.get("lastTransitionTime") or meta.get("deletionTimestamp")
            return (when, c.get("reason") == "DeletionByTaintManager") if isinstance(when, str) else None
    dts = meta.get("deletionTimestamp")
    if not isinstance(dts, str):
        return None
    grace = meta.get("deletionGracePeriodSeconds")
    if type(grace) is int and 0 < grace < 10**9:
        import datetime as _dt

        try:
            x = _dt.datetime.fromisoformat(dts.replace("Z", "+00:00")) - _dt.timedelta(seconds=grace)
            dts = x.strftime("%Y-%m-%dT%H:%M:%S.%fZ") if x.tzinfo else x.isoformat()
        except ValueError:
            pass
    return dts, None


def _swap_in_model() -> bool:
    """Does the model take the NoExecute swap as its two writes (both taints on for a moment)?

    Yes when ``one-ready-noexecute-taint`` is not a state invariant (upstream keeps no such
    invariant: ``SwapNodeControllerTaint`` adds, then removes).
    """
    from nodereg.properties.catalogue import PROPERTY_BY_ID

    p = PROPERTY_BY_ID.get("one-ready-noexecute-taint")
    return p is None or p.kind != "state"


_SWAP_IN_MODEL = _swap_in_model()
#: the model's kubelet creates its Node with its conditions (register carries ready, memory_pressure)
_REGISTER_READY = any(a.name == "ready" for a in d.EVENT_BY_ID["kubelet_register_node"].args)
_NS_SLOT = {t.key: t.var for t in d.TAINT_SLOTS if t.effect == d.NO_SCHEDULE}


def _half_swap(
    cur: dict[str, Any], old: dict[str, Any], conds: dict[str, dict[str, Any]], cordon_settled: bool = False
) -> tuple[str, ...]:
    """The condition-taint slots of a Node update that is the first half of a controller swap.

    ``SwapNodeControllerTaint`` (pkg/controller/util/node) adds the new taints in one write and
    removes the old ones in a second. The model takes the NoExecute swap (not-ready <-> unreachable)
    as its two writes; the NoSchedule pass (``doNoScheduleTaintingPass``) as one, so a write that
    leaves the condition NoSchedule taints short of what the conditions ask for
    (``rules.desired_no_schedule_taint_keys``) is held back and read together with the write that
    completes it.

    ``cordon_settled``: spec.unschedulable has stood for longer than ``--slack``, so the controller's lister shows it.
    """
    from nodereg.model import rules as r

    held: tuple[str, ...] = ()
    if any(cur.get(k) != old.get(k) for k in CONDITION_TAINTS):
        want = r.desired_no_schedule_taint_keys(
            {k: str(c.get("status")) for k, c in conds.items() if isinstance(k, str)}, bool(cur["unschedulable"])
        )
        desired = {v: (k in want) for k, v in _NS_SLOT.items() if v in CONDITION_TAINTS}
        # only a write that adds and removes none can be a first half: SwapNodeControllerTaint adds
        # (AddOrUpdateTaintOnNode) before it removes (RemoveTaintOffNode), so a write that removes one is the pass's
        # last, and nothing completes it (was: held, the removal of NodeTaint's not-ready taint from a Node registered
        # cordoned without its unschedulable taint never read, and ready-node-sheds-ready-taints reported about a
        # taint the capture showed gone)
        removes = any(old.get(k) and not cur.get(k) for k in CONDITION_TAINTS)
        # and the first half adds only taints the Node asks for (taintsToAdd): an unschedulable taint added to a Node
        # whose spec.unschedulable has said false for longer than --slack is no half of anything (was: held, so the
        # controller tainting a Node never cordoned waited for a second half that never came and was never judged;
        # kubectl's TestCordon rows, tests/test_upstream_tables15.py). Within --slack of an uncordon it may be a pass
        # computed from the lister's copy before it (doNoScheduleTaintingPass reads nodeLister), which the next pass
        # undoes: held, as before. (The condition taints stay held: a condition flips back as quickly.)
        unsched = _NS_SLOT["node.kubernetes.io/unschedulable"]
        adds_unasked = cordon_settled and not old.get(unsched) and bool(cur.get(unsched)) and not desired.get(unsched)
        if not removes and not adds_unasked and any(bool(cur.get(v)) != w for v, w in desired.items()):
            held += CONDITION_TAINTS
    if (
        not _SWAP_IN_MODEL
        and cur.get("taint_not_ready_ne")
        and cur.get("taint_unreachable_ne")
        and not (old.get("taint_not_ready_ne") and old.get("taint_unreachable_ne"))
    ):
        held += NOEXEC_TAINTS  # a model whose NoExecute swap is one write: read the two as one
    return held


def _name_taints(items: list[Item], obj: dict[str, Any]) -> None:
    """Give the node's events its real user taints (``key=value:Effect``), for the messages."""
    names = [taint_string(t) for t in _taint_list(obj) if t.get("key", "") not in SLOT_KEYS]
    for it in items:
        if type(it) is EventRecord and it.extra is not None:
            it.extra["custom_taints"] = names


def _cp_kubelet(obj: dict[str, Any]) -> tuple[tuple[int, int], str] | None:
    """A control-plane Node's kubelet version (minor, text), or None."""
    meta = obj.get("metadata") or {}
    labels = meta.get("labels") if isinstance(meta.get("labels"), dict) else {}
    if "node-role.kubernetes.io/control-plane" not in labels and "node-role.kubernetes.io/master" not in labels:
        return None
    info = (obj.get("status") or {}).get("nodeInfo")
    text = info.get("kubeletVersion") if isinstance(info, dict) else None
    v = minor_version(text) if isinstance(text, str) else None
    return (v, text) if v is not None and isinstance(text, str) else None


#: the VolumeBinding plugin's default bindTimeoutSeconds (pkg/scheduler/apis/config/v1/defaults.go)
VOLUME_BIND_TIMEOUT = 600.0


def _sched_view(obj: dict[str, Any]) -> tuple[Any, ...]:
    """What the scheduler's filters of taints and cordon read of a Node."""
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    return (bool(spec.get("unschedulable")), repr(_taint_list(obj)))


def _admits(tols: list[dict[str, Any]], node: dict[str, Any], gates: dict[str, bool] | None) -> bool:
    """The scheduler's TaintToleration and NodeUnschedulable filters pass the pod on this Node."""
    from nodereg.model import rules as r

    gates = pod_gates(tols, gates)
    if untolerated(tols, _taint_list(node), gates):
        return False
    spec = node.get("spec") if isinstance(node.get("spec"), dict) else {}
    return not spec.get("unschedulable") or bool(
        r.tolerations_tolerate_taint(
            tols, {"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"}, feature_gates=gates
        )
    )


def _pod_key(pod: dict[str, Any]) -> str:
    meta = pod.get("metadata") or {}
    return f"{meta.get('namespace', 'default')}/{meta.get('name')}"


def _taint_list(obj: dict[str, Any]) -> list[dict[str, Any]]:
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    return [t for t in (spec.get("taints") or []) if isinstance(t, dict)]


def _managed_times(obj: dict[str, Any]) -> list[str]:
    """metadata.managedFields times, newest first: when spec fields (cordon, taints) were written."""
    mf = (obj.get("metadata") or {}).get("managedFields") or []
    times = [m.get("time") for m in mf if isinstance(m, dict) and isinstance(m.get("time"), str)]
    return sorted(times, reverse=True)


def _new_taint_times(obj: dict[str, Any], old: dict[str, Any]) -> list[str]:
    """``timeAdded`` of the taints ``obj`` has and ``old`` had not, newest first."""
    had = {(x.get("key"), x.get("value"), x.get("effect")) for x in _taint_list(old)}
    out: list[str] = [
        x["timeAdded"]
        for x in _taint_list(obj)
        if isinstance(x.get("timeAdded"), str) and (x.get("key"), x.get("value"), x.get("effect")) not in had
    ]
    return sorted(out, reverse=True)


def _taint_times(obj: dict[str, Any], slots: tuple[str, ...]) -> list[str]:
    out = []
    for x in (obj.get("spec") or {}).get("taints") or []:
        if isinstance(x, dict) and isinstance(x.get("timeAdded"), str):
            out.append(x["timeAdded"])
    return sorted(out, reverse=True)


def _deskew_leases(renew: dict[str, float], rv: dict[str, int]) -> tuple[dict[str, float], float | None]:
    """Node Leases' ``renewTime`` in a list, read in the order of their writes: (moved times, the list's moment).

    A Lease's resourceVersion is the revision of its last write, its last renewal, and the node
    lifecycle controller dates a renewal by when it saw it (``probeTimestamp``), not by the
    kubelet's stamp: a Lease written after another was renewed after it, whatever the kubelets'
    clocks say. The times that follow that order and stay nearest the stamps (L1 isotonic
    regression: one clock ahead or behind moves its own Lease, never the others) are taken where a
    stamp is more than ``SKEW_NOISE`` off. Where two clocks disagree and nothing says which is
    wrong, a heartbeat takes the later time (no node is called silent on a doubt) and the list's
    moment the earlier one (no node looks older for another's clock). Leases without a
    resourceVersion are left as they are.
    """
    order = [n for _, n in sorted((r, n) for n, r in rv.items() if n in renew)]
    if len(order) < 2:
        return {}, None
    vals = [renew[n] for n in order]
    hi, lo = _isotonic(vals, upper=True), _isotonic(vals, upper=False)
    moment = max(v if abs(v - vals[i]) > SKEW_NOISE else vals[i] for i, v in enumerate(lo))
    fit = [h if abs(h - vals[i]) > SKEW_NOISE else vals[i] for i, h in enumerate(hi)]
    # the first Lease written of those renewed in the last renew interval can have a clock behind with
    # no earlier write to show it: the revisions written since it, at the rate of that interval's
    # writes, say when it was written; a kubelet that stopped is further back than one interval
    recent = [i for i, t in enumerate(fit) if t >= moment - LEASE_RENEW]
    if len(recent) >= 2:
        first = recent[0]
        r0, t0 = rv[order[first]], fit[first]
        rate = (rv[order[recent[-1]]] - r0) / max(fit[recent[-1]] - t0, 1.0)
        for i in range(first):
            est = t0 - (r0 - rv[order[i]]) / rate if rate > 0 else t0
            if est >= moment - LEASE_RENEW - SKEW_NOISE and est - fit[i] > SKEW_NOISE:
                fit[i] = est
    # Nothing renewed before the list can be after its moment: a stamp beyond it is a clock ahead (its renewal is
    # the moment at the latest, and the kubelet is at least that far ahead: ``WatchAdapter.snapshot`` keeps how far
    # for its later stamps), and the upper fit must not raise a Lease written after it to its clock (was: one kubelet
    # 10 min ahead, listed before two others, moved their heartbeats 10 min into the future, and its own Node's
    # status stamp set the capture's clock there: every other Node "silent for 10 min", the dead one's marking
    # "within the grace")
    # (beyond a renew interval: nearer, which of two disagreeing clocks is off stays a doubt, read as above)
    fit = [moment if t > moment + LEASE_RENEW + SKEW_NOISE else t for t in fit]
    moved = {n: fit[i] - vals[i] for i, n in enumerate(order) if fit[i] != vals[i]}
    return moved, moment


def _isotonic(vals: list[float], upper: bool) -> list[float]:
    """The nondecreasing sequence nearest ``vals`` in L1 (pool adjacent violators, block medians)."""
    import bisect

    blocks: list[tuple[list[float], int]] = []  # (sorted values, count)

    def med(b: list[float]) -> float:
        return b[len(b) // 2] if upper or len(b) % 2 else b[len(b) // 2 - 1]

    for v in vals:
        cur = [v]
        while blocks and med(blocks[-1][0]) > med(cur):
            prev, _ = blocks.pop()
            for x in cur:
                bisect.insort(prev, x)
            cur = prev
        blocks.append((cur, len(cur)))
    out: list[float] = []
    for b, k in blocks:
        out += [med(b)] * k
    return out


#: key of a watch event's time as ``_place_leases`` read it (a float; never a field of Kubernetes objects)
PLACED = "nodereg.placed"


def _place_leases(
    it: Iterator[tuple[float, float, int, int, str, Any]],
    skew: dict[str, float] | None = None,
) -> Iterator[tuple[float, float, int, int, str, Any]]:
    """A file's node Lease renewals without resourceVersions, dated by the other writers around them.

    A watch prints the writes in the order they were made, whatever the clocks that stamped them: a
    kubelet's renewal happened after the write before it and before the one after it. Its
    ``renewTime`` is the kubelet's own clock; where it is more than ``SKEW_NOISE`` off the median of
    the other writers' stamps nearest it in the file (two before, two after), that median is taken
    (``PLACED``) and keys the merge: a clock behind does not make a live kubelet look silent, one
    ahead does not make it look alive longer. The node lifecycle controller does the same with its
    own clock (``tryUpdateNodeHealth``'s probeTimestamp). Other events pass as they are. ``skew``: how far
    ahead each re-dated kubelet's clock was found, for its Node events (``_place_nodes``).
    """
    import collections

    def writer(x: tuple[float, float, int, int, str, Any]) -> str | None:
        item = x[5]
        obj = item.get("object") if isinstance(item, dict) else None
        if not isinstance(obj, dict) or obj.get("kind") != "Lease" or x[1] == float("-inf"):
            return None
        meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
        if meta.get("namespace", "kube-node-lease") != "kube-node-lease":
            return None
        return str(meta.get("name"))

    buf: collections.deque[tuple[float, float, int, int, str, Any]] = collections.deque()
    before: collections.deque[tuple[str | None, float]] = collections.deque(maxlen=4)

    def release(x: tuple[float, float, int, int, str, Any]) -> tuple[float, float, int, int, str, Any]:
        w = writer(x)
        if w is not None:
            near = [t for ww, t in before if ww != w][-2:]
            # (a neighbour whose kubelet's clock is known ahead is read back by as much, its Lease or its Node: one
            # clock 10 min ahead among three kubelets made the median of the first renewals' two neighbours 5 min
            # ahead, and every later renewal of the file was held behind it by ``_no_earlier``)
            near += [stamp(y) for y in buf if writer(y) != w and y[1] > float("-inf")][:2]
            if len(near) >= 2:
                near.sort()
                mid = (near[(len(near) - 1) // 2] + near[len(near) // 2]) / 2
                if abs(x[1] - mid) > SKEW_NOISE and isinstance(x[5], dict):
                    ahead = x[1] - mid
                    if skew is not None and w is not None and ahead > LEASE_RENEW + SKEW_NOISE:
                        # (the first estimate, kept: one for all its Node's events, so that the controller's write
                        # answering its kubelet's post is read back as far as the post; a later, smaller one had
                        # the answer 5 s late: a false ready-node-sheds-ready-taints)
                        skew.setdefault(w, ahead)
                    x = (x[0], mid, *x[2:5], {**x[5], PLACED: mid})
        if x[1] > float("-inf"):
            before.append((w, stamp(x) if w is None else float(x[5].get(PLACED, x[1]))))
        return x

    def stamp(y: tuple[float, float, int, int, str, Any]) -> float:
        # a neighbour's time, its kubelet's stamps read back when its clock is known ahead (``_place_nodes``)
        w = writer(y)
        if w is not None:
            return y[1] - (skew or {}).get(w, 0.0)
        obj = y[5].get("object") if isinstance(y[5], dict) else None
        if skew and isinstance(obj, dict) and obj.get("kind") == "Node":
            ahead = skew.get(str((obj.get("metadata") or {}).get("name")))
            if ahead is not None and ahead > LEASE_RENEW + SKEW_NOISE:
                return min(y[1], _kubelet_stamps_back(obj, ahead))
        return y[1]

    for x in it:
        buf.append(x)
        # enough other writers' stamps after the first buffered one to place it
        while buf and sum(1 for y in list(buf)[1:] if writer(y) != writer(buf[0])) >= 2:
            yield release(buf.popleft())
        if len(buf) > 64:
            yield release(buf.popleft())
    while buf:
        yield release(buf.popleft())


def _kubelet_stamps_back(obj: dict[str, Any], ahead: float) -> float:
    """``object_time`` of a Node whose kubelet's clock is ``ahead`` s ahead, its kubelet's stamps read back.

    The kubelet stamps its conditions' ``lastHeartbeatTime`` and, for the transitions it makes,
    ``lastTransitionTime`` (``setNodeReadyCondition`` and the other condition setters, with its own ``time.Now``);
    the node lifecycle controller's Unknown keeps the kubelet's last heartbeat and stamps the transition with its
    own clock (``tryUpdateNodeHealth``: reason ``NodeStatusUnknown``, ``LastTransitionTime = nowTimestamp``), as it
    stamps its taints' ``timeAdded``. Only the kubelet's are moved.
    """
    status = obj.get("status") if isinstance(obj.get("status"), dict) else {}
    conds = status.get("conditions")
    rest = {**obj, "status": {k: v for k, v in status.items() if k != "conditions"}}
    best = object_time(rest)
    for c in conds if isinstance(conds, list) else ():
        if not isinstance(c, dict):
            continue
        for k in ("lastHeartbeatTime", "lastTransitionTime"):
            v = c.get(k)
            if not isinstance(v, str):
                continue
            try:
                t = parse_time(v, "timestamp", None, None)
            except InputError:
                continue
            own = k == "lastTransitionTime" and c.get("reason") == "NodeStatusUnknown"
            best = max(best, t if own else t - ahead)
    return best


def _place_nodes(
    it: Iterator[tuple[float, float, int, int, str, Any]], skew: dict[str, float]
) -> Iterator[tuple[float, float, int, int, str, Any]]:
    """A file's Node events without resourceVersions, a kubelet's clock found ahead read back.

    A kubelet whose clock is ahead stamps its Node's heartbeats ahead, and the controller's later writes to the
    Node keep its last heartbeat: keyed by those stamps, its Node's events (the controller's Unknown and taints
    among them) would be merged minutes late, and every other Node, whose events wait behind them in the file,
    would look silent. Where ``skew`` holds how far ahead that kubelet was found (its Lease against the other
    writers': ``WatchAdapter.snapshot``, ``_place_leases``; one estimate per kubelet, so its Node's events keep
    their order), its Node's events are keyed with its stamps read back by as much (the controller's writes so
    by the controller's own stamps), and ``PLACED`` tells the adapter when its status post was made.
    """
    for x in it:
        item = x[5]
        obj = item.get("object") if isinstance(item, dict) else None
        if isinstance(obj, dict) and obj.get("kind") == "Node" and x[1] > float("-inf"):
            name = (obj.get("metadata") or {}).get("name") if isinstance(obj.get("metadata"), dict) else None
            ahead = skew.get(name) if isinstance(name, str) else None
            # (further ahead than a renew interval's phase and the clocks' noise explain, as ``snapshot`` tells
            # a clock ahead: a renewal re-dated by a few seconds among its neighbours says nothing of its clock)
            if ahead is not None and ahead > LEASE_RENEW + SKEW_NOISE:
                t = _kubelet_stamps_back(obj, ahead)
                if t < x[1] - SKEW_NOISE:
                    x = (x[0], t, *x[2:5], {**item, PLACED: t})
        yield x


def _no_earlier(
    it: Iterator[tuple[float, float, int, int, str, Any]], start: float
) -> Iterator[tuple[float, float, int, int, str, Any]]:
    """One file's events keyed for a merge by time.

    A change (MODIFIED) whose latest timestamp is older than its file's last one carries no time of its own
    (``kubectl cordon`` sets ``spec.unschedulable`` and stamps nothing): it happened after the
    file's event before it and before the one after it. It is keyed with the next newer timestamp
    of its file, the latest it can be, so that what other files show in between is not taken as
    coming after it (a cordon placed 20 s before the controller's taint that answered it).
    ``start``: the time of the list snapshot, before which nothing after it happened.
    """
    top = start
    held: list[tuple[float, float, int, int, str, Any]] = []
    for x in it:
        # equal: its own timestamp, truncated to the second like the one before; a DELETED keeps its
        # place (a Node deleted is not taken as one still there, silent, until the file's next write)
        if x[1] >= top or not (isinstance(x[5], dict) and x[5].get("type") == "MODIFIED"):
            top = max(top, x[1])
            for h in held:
                yield (h[0], top, *h[2:])
            held.clear()
            yield x
        else:
            held.append(x)
    for h in held:
        yield (h[0], top, *h[2:])


def watch_events(paths: list[str], rep: Sink, keep_going: bool) -> Iterator[Item]:
    """All files merged into one history: by resourceVersion, or by the objects' own timestamps.

    resourceVersion (an etcd revision) orders events across resource types exactly. When a stream's
    objects lack it, every stream is merged by the latest timestamp each object carries instead
    (resourceVersion, then position in its file, break ties), and the report says so.
    """
    o = getattr(rep, "oracle", None)
    adapter = WatchAdapter(o)
    missing_rv = [False]
    need_ts = [True]

    def stream(path: str) -> Iterator[tuple[float, float, int, int, str, Any]]:
        name, f = open_source(path)
        try:
            seq = 0
            for line, obj in watch_objects(f, name, rep):
                seq += 1
                if isinstance(obj, InputError):
                    yield (-1.0, float("-inf"), seq, line, name, obj)
                    continue
                o = obj.get("object") if isinstance(obj, dict) else None
                target = o if isinstance(o, dict) else obj if isinstance(obj, dict) else {}
                rv = _rv(target)
                if rv is None:
                    missing_rv[0] = True
                    rv = -1
                # the objects' own times order the merge only without resourceVersions (and bound
                # the list snapshot): not computed for every event otherwise
                ts = object_time(target) if need_ts[0] or rv < 0 else 0.0
                yield (float(rv), ts, seq, line, name, obj)
        finally:
            close_source(f)

    # 1. the list snapshot of every file: its leading ADDED events (bare objects and Lists too),
    #    all taken together before anything else, whatever the files' order
    its = []
    snap: list[tuple[Any, str | None, int | None]] = []
    snap_keys: list[tuple[float, float, int, int, str, Any]] = []
    blocks = []
    for p in paths:
        it = stream(p)
        rest = None
        top_rv, top_t = -1.0, float("-inf")
        seen: set[tuple[Any, ...]] = set()
        block: list[tuple[float, float, int, int, str, Any]] = []
        for x in it:
            if isinstance(x[5], InputError):
                rest = x
                break
            # a list holds each object once: a second version of one (``kubectl get -w`` without
            # --output-watch-events prints bare objects) is a change after the list
            keys = _object_keys(x[5])
            if not _listed(x[5]) or _created_after(x, top_rv, top_t) or not seen.isdisjoint(keys):
                rest = x
                break
            seen.update(keys)
            block.append(x)
            top_rv, top_t = max(top_rv, x[0]), max(top_t, x[1])
        blocks.append((block, seen, rest, it, (top_rv, top_t)))
    for i in _watch_only_bare(blocks):
        adapter.bare_watch_only.add(blocks[i][2][4])
    # the earliest list of each object is the snapshot; a later list of the same objects (the watch
    # started again into another file after it stopped) is the state at that point of the history,
    # taken in resourceVersion order among the watch events
    taken: set[tuple[Any, ...]] = set()
    relist: set[int] = set()

    def age(i: int) -> tuple[float, float]:
        # when the file's watch went on from its list: its first event after it (a later list can
        # have older objects only, the newest having been deleted meanwhile), else the list's newest
        rest, (top_rv, top_t) = blocks[i][2], blocks[i][4]
        if rest is not None and not isinstance(rest[5], InputError):
            return max(top_rv, rest[0]), max(top_t, rest[1])
        return top_rv, top_t

    vers = [_versions(b[0]) for b in blocks]

    def earlier(i: int, j: int) -> int:
        # which of two lists was taken first: the one with an older version of an object both hold, or
        # the one holding an object the other (listing its kind and namespace) lacks although it was
        # created before the other's newest stamp (deleted between them); else by age
        vi, vj = vers[i], vers[j]
        newer_i = newer_j = False
        for k in vi.keys() & vj.keys():
            newer_i |= vi[k][0] > vj[k][0]
            newer_j |= vj[k][0] > vi[k][0]
        if newer_i != newer_j:
            return 1 if newer_i else -1
        gone_i, gone_j = _gone(vj, vi, blocks[i][4][1]), _gone(vi, vj, blocks[j][4][1])
        if gone_i != gone_j:
            return 1 if gone_i else -1
        ai, aj = age(i), age(j)
        return -1 if ai < aj else 1 if ai > aj else 0

    import functools

    order = sorted(range(len(blocks)), key=functools.cmp_to_key(earlier))
    # A list taken after another file's watch had gone on (`kubectl get leases -w` started an hour after `kubectl
    # get nodes,pods -w`): its newest object is newer than another file's first watch event, and its newest stamp
    # is later than every stamp of the other lists (and of their watch events from before it) by more than a
    # Node's newest status stamp can lag its list (nodeStatusReportFrequency, 5 min) plus a
    # node-monitor-grace-period. It is not the capture's first moment, whatever kinds it holds: it is placed by
    # its resourceVersions among the watch events (each Lease as the write it is). A second shell's watch started
    # seconds or minutes after the first stays part of the first moment, as before.
    grace = float(o.c.params.get("node_monitor_grace_period", 50)) if o is not None else 50.0

    def _later(j: int) -> bool:
        top_rv, top_t = blocks[j][4]
        if top_rv < 0:
            return False
        # A late list of Nodes or pods (`kubectl get pods -A -w` started long after `kubectl get nodes,leases -w`)
        # too, but only of kinds no other file shows: what it lacks was then never seen alive, so the relist's
        # DeletedFinalStateUnknown removes nothing (was: merged into the first moment, its Nodes "Ready" and
        # "renewing" there from their state 25 min later: false silent-node-becomes-unknown, eviction-only-when-due)
        kinds = {k[0] for k in blocks[j][1]} & {"Node", "Pod"}
        if kinds and any(
            kinds & ({k[0] for k in b[1]} | ({k[0] for k in _object_keys(b[2][5])} if b[2] is not None else set()))
            for m, b in enumerate(blocks)
            if m != j
        ):
            return False
        went_on, ref = float("inf"), float("-inf")
        for m, b in enumerate(blocks):
            if m == j or not b[0]:
                continue
            ref = max(ref, b[4][1])
            rest = b[2]
            if rest is not None and not isinstance(rest[5], InputError) and rest[0] >= 0:
                went_on = min(went_on, rest[0])
                if rest[0] < top_rv:
                    ref = max(ref, rest[1])
        return went_on < top_rv and top_t > ref + STATUS_REPORT_LAG + grace

    def late(i: int) -> None:
        block, seen = blocks[i][0], blocks[i][1]
        relist.add(i)
        if taken.isdisjoint(seen) and any(k[0] in ("Node", "Pod") for k in seen):
            adapter.late_lists.add(block[0][4])
            if any(k[0] == "Node" for k in seen):
                adapter.late_node_lists.add(block[0][4])

    firsts: list[int] = []
    for i in order:
        block, seen = blocks[i][0], blocks[i][1]
        if block and (not taken.isdisjoint(seen) or _later(i)):
            late(i)
            continue
        taken |= seen
        firsts.append(i)
    # A list taken with the later lists, not with the first (`kubectl get nodes,pods -A -o json > before.json`, the
    # watches of nodes, pods *and Leases* started ten minutes later): the Lease watch's list shares no object with
    # before.json, but it holds an object written after before.json was taken -- at or after the oldest write that a
    # relist of before.json's objects shows newer than before.json does (a version newer than the one listed was
    # written after the listing). It is not the capture's first moment (was: taken together with before.json, each
    # Node's Lease 10 minutes newer than its listed status, a Node dead and handled in between "still Ready" there).
    # As for ``_later``, only when its newest stamp is also later than that list's by more than a status report's lag
    # and a grace period: a second shell's watch started seconds or minutes after the first stays in the first moment.
    after: list[tuple[float, int]] = []  # (the oldest write proving a relist came after list i, i)
    for r in relist:
        for i in firsts:
            newer = [v[0] for k, v in vers[r].items() if k in vers[i] and v[0] > vers[i][k][0]]
            if newer:
                after.append((min(newer), i))
    for j in list(firsts):
        top, top_t = blocks[j][4]
        if top >= 0 and any(
            j != i and top >= proof and top_t > blocks[i][4][1] + STATUS_REPORT_LAG + grace for proof, i in after
        ):
            firsts.remove(j)
            taken -= blocks[j][1]
            late(j)
    for i in firsts:
        for x in blocks[i][0]:
            snap.append((x[5], x[4], x[3]))
            snap_keys.append(x)
    # A snapshot of Nodes and pods (`kubectl get nodes,pods -A -o json > now.json`: a List document, which `kubectl
    # get -w` never prints) taken while the watches ran, every object of it shown by them in that version or a later
    # one and nothing they showed alive then missing from it, says nothing they do not: it is no watch started again
    # (was: read as one, every Node unwatched from the end of a pods watch that had nothing to show until the list,
    # and the list read after the watch it shares most with, minutes after it was taken)
    dropped: set[int] = set()
    for i in sorted(relist):
        block = blocks[i][0]
        standalone = block and blocks[i][2] is None and all(isinstance(x[5], Listed) for x in block)
        leases_only = {j for j, b in enumerate(blocks) if b[1] and all(k[0] == "Lease" for k in b[1])}
        shown = _shown_by_watches(paths, i, vers[i], blocks[i][4][0], leases_only) if standalone else False
        if shown:
            relist.discard(i)
            dropped.add(i)
            adapter.notes.append(
                f"{block[0][4]}: a list taken while the watches ran: every object in it is shown by them in that "
                "version or later, so it adds nothing to them"
            )
        elif shown is None:
            adapter.notes.append(
                f"{block[0][4]}: a list of objects the watches show; whether they show every version it holds is not "
                "known (an input read from a pipe cannot be read again): it is read as their watch started again, and "
                "what fell due between their last event and it is judged only by what it shows (give the files by name)"
            )
    owner: dict[int, int] = {}  # block -> its entry in ``its``
    for i, (block, _seen, rest, it, _top) in enumerate(blocks):
        if i in dropped:
            continue
        tail = _inline_relists(_prepend(rest, it), set(_seen), _top) if rest is not None else iter(())
        owner[i] = len(its)
        if i in relist:
            adapter.relists[block[0][4]] = {k[0] for k in _seen if k[0] in ("Node", "Pod")}
            # the list is one moment, after its newest object and before the watch's first event after it:
            # taken as late as that allows (what it lacks was deleted before it; the watch was down till then)
            # (Leases keep their own: a kubelet's Lease listed again unchanged is still the one it last renewed);
            # never before the watch it continues ended (``_continued``)
            at = age(i)
            srt = sorted(block, key=lambda x: x[:3])
            lease = [x for x in srt if not _node_or_pod(x[5])]
            its.append(
                (
                    block[0][0] < 0 or (rest is not None and rest[0] < 0),
                    itertools.chain(
                        lease,
                        [(at[0], at[1], *x[2:]) for x in srt if _node_or_pod(x[5])],
                        [_relist_end(block, at)],
                        tail,
                    ),
                )
            )
        elif rest is not None:
            its.append((rest[0] < 0, tail))
        elif block and (block[-1][0] >= 0 or relist):
            # a list with no watch after it (``kubectl get -o json``): what it lists is seen no more
            its.append((False, iter([(_top[0], _top[1], 0, block[-1][3], block[-1][4], StreamEnd(block[-1][4]))])))
        else:
            del owner[i]
    if o is not None:
        # the timing is fixed from the list, before any time-based judgement: the cluster's version
        # and kube-controller-manager flags, unless the caller fixed them
        _fix_timing(o, snap)
        # toleration matching under the feature gates of the version checked against
        # (TaintTolerationComparisonOperators: Lt/Gt tolerate nothing while it is off)
        from nodereg.model import rules as r

        try:
            adapter.gates = r.default_feature_gates(o.k8s_version)
        except (KeyError, ValueError):
            adapter.gates = None
    read = False
    try:
        for it in adapter.snapshot(snap):
            read = read or type(it) is not InputError
            yield it
    except InputError as exc:
        yield exc
    adapter.listing = False
    yield from _nodes_only_listed(adapter, blocks, firsts, dropped)
    # 2. the watch events of every file, merged into one history
    by_time = any(flag for flag, _ in its)
    need_ts[0] = by_time
    start = max((x[1] for x in snap_keys), default=float("-inf"))
    if by_time and adapter.skew:
        # (a kubelet's clock found ahead in the list does not set the list's moment: ``snapshot``'s)
        start = min(start, adapter.snap_start)
    # without resourceVersions a kubelet's Lease stamps are placed by the other writers' around them in
    # their own file (a watch's order is the order of the writes), and its Node's stamps by how far ahead
    # its clock was found so
    streams: list[Iterator[tuple[float, float, int, int, str, Any]]] = [
        _ended(_no_earlier(_place_nodes(_place_leases(x, adapter.skew), adapter.skew), start) if by_time else x)
        for _, x in its
    ]
    streams = _continued(streams, blocks, order, relist, owner, adapter.chain)
    if len(streams) > 1:
        # a timestamp only orders what it describes: within each file, keep the file's own order
        key = (lambda x: (x[1], x[0], x[2])) if by_time else (lambda x: (x[0],))
        merged: Iterator[tuple[float, float, int, int, str, Any]] = heapq.merge(*streams, key=key)
    else:
        merged = streams[0] if streams else iter(())
    # kubelet clocks ahead are corrected only where resourceVersion gives the true order
    adapter.deskew = not by_time
    if o is not None and hasattr(o, "after_finish"):
        o.after_finish.append(lambda: review_controller_down(o, adapter.kcm_downs, adapter.marks))
        o.after_finish.append(lambda: review_late_unknown(o, adapter.acts, adapter.marks, adapter.kcm_seen()))
        o.after_finish.append(lambda: review_upgrade(o, adapter.controllers or adapter.cp_kubelets, adapter.marks))
        o.after_finish.append(adapter.partial_input)
    for it in feed_all(adapter.feed, ((name, line, obj) for _rvv, _ts, _seq, line, name, obj in merged)):
        if type(it) is EventRecord and it.event in CONTROLLER_ACTS:
            adapter.acted(it)
        read = read or type(it) is not InputError
        yield it
    for it in adapter.flush():
        if type(it) is EventRecord and it.event in CONTROLLER_ACTS:
            adapter.acted(it)
        read = read or type(it) is not InputError
        yield it
    adapter.listing = False
    yield from adapter._pressure_due(None, None)  # (owed by the end of the input: at the Node's last version)
    if not read and adapter.other_leases:
        # only leader-election Leases (a support bundle's kube-system/coordination.k8s.io leases.yaml): read,
        # but no node's heartbeat came of them; the "no events" error says so instead of asking for the Lease
        # objects it was given
        ignore(rep, LEADER_LEASES, adapter.other_leases)
    if not adapter.saw_node and o is not None:
        # a leases-only (or pods-only) capture: a Lease says a kubelet renews, not what its Node is
        for k, why in (adapter._no_nodes() or {}).items():
            o.unchecked.setdefault(k, why)
    if o is not None:
        # the bootstrap of every node was inferred, never read: its properties are not judged (round 15:
        # they said "checked" on a single NodeList)
        reads = {pi.id: frozenset(k[1] for k in pi.reads) for pi in o.c.props}
        for pid in sorted(bootstrap_properties(reads)):
            o.unchecked.setdefault(pid, NO_BOOTSTRAP_IN_WATCH)
    # (the report's notes are the oracle's once it is done)
    notes = o.notes if o is not None else rep.notes
    notes.extend(adapter.notes)
    if missing_rv[0] and len(streams) > 1:
        # (one file is read in its own order: a single list or a single file merges nothing, and the
        # note would claim a merge that did not happen)
        notes.append(
            "some watch objects have no numeric metadata.resourceVersion: the files were merged by the "
            "objects' own timestamps instead (latest of creation, conditions, taints, renewTime)"
        )


def _fix_timing(o: Any, snap: list[tuple[Any, str | None, int | None]]) -> None:
    """Check with the timing of the captured cluster: read from the list the capture starts with.

    Only for an oracle whose caller let the capture decide (``timing_given`` set by ``check``):
    the Kubernetes version (the kube-controller-manager image tag, else the lowest kubelet version
    of the control-plane nodes, else of all nodes) and the timing flags of kube-controller-manager;
    what the caller gave (``--k8s-version``, ``--param``) wins. The oracle's notes say what came
    from where. Never fails: what cannot be read keeps the defaults, with a note.
    """
    given = getattr(o, "timing_given", None)
    if not isinstance(given, dict):
        return
    from nodereg.model import params as P

    objs = [x for item, _, _ in snap if isinstance(item, dict) for x in _snapshot_objects(item)]
    newest = minor_version(P.K8S_VERSION) or (1, 35)
    try:
        found = capture_timing(objs)
        version, params, rate, notes = resolve_timing(
            found, dict(given.get("params") or {}), given.get("k8s_version"), P.K8S_VERSION, ((1, 17), newest)
        )
        o.retime(params, version, rate)
        unseen = _unseen_control_plane(o, found, given, version, params, rate, newest)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        o.notes.append(
            f"timing: not read from the capture ({type(exc).__name__}: {str(exc)[:120]}): the defaults "
            f"of Kubernetes {o.k8s_version}"
        )
        return
    o.notes.extend(notes + unseen)


def _unseen_control_plane(
    o: Any,
    found: dict[str, Any],
    given: dict[str, Any],
    version: str,
    params: dict[str, int],
    rate: float | None,
    newest: tuple[int, int],
) -> list[str]:
    """A capture whose control plane is not in it (a managed cluster): its kube-controller-manager
    may be newer than every kubelet, with a longer node-monitor-grace-period.

    The version skew policy lets a kubelet lag kube-apiserver by up to 3 minors, and
    kube-controller-manager lag kube-apiserver by 1: with kubelets from A to B, the controller runs
    one of B-1 .. A+3. When one of those has a longer grace (40 s up to 1.31, 50 s since), the
    deadlines take the longest (a controller of 1.32+ marking a silent Node Unknown at 55 s is
    upstream's), and what needs the shortest (the properties whose timing assumption fails with
    the version's own grace) is not checked. A grace given by flag or --param stays.
    """
    from nodereg.model import params as P

    kubelet, span = found.get("kubelet"), found.get("kubelet_range")
    if (
        found.get("image") is not None
        or kubelet is None
        or kubelet[3] != "nodes"
        or span is None
        or given.get("k8s_version") is not None
        or "node_monitor_grace_period" in params
    ):
        return []
    lo = max((span[1][0], span[1][1] - 1), (1, 17))
    hi = min((span[0][0], span[0][1] + 3), newest)
    minors = [(lo[0], m) for m in range(lo[1], hi[1] + 1)] if lo[0] == hi[0] else [hi]
    graces = {m: P.defaults(f"{m[0]}.{m[1]}")["node_monitor_grace_period"] for m in minors}
    own = {**P.defaults(version), **params}
    longest = max(graces.values(), default=own["node_monitor_grace_period"])
    if longest <= own["node_monitor_grace_period"]:
        return []
    before = set(o.skipped)  # (the oracle is timed with the version's own grace so far)
    o.retime({**params, "node_monitor_grace_period": longest}, version, rate)
    first = min(m for m, g in graces.items() if g == longest)
    why = (
        f"the control plane is not in the capture: its kube-controller-manager may run "
        f"{lo[0]}.{lo[1]} to {hi[0]}.{hi[1]} (kubelets lag it), with node-monitor-grace-period "
        f"{min(graces.values())} or {longest} s; this needs the shortest"
    )
    for pid in sorted(before - set(o.skipped)):
        o.unchecked.setdefault(pid, why)
    return [
        f"timing: node-monitor-grace-period = {longest} s: no control plane in the capture, and the "
        f"kube-controller-manager of a cluster with kubelets {span[0][0]}.{span[0][1]} to "
        f"{span[1][0]}.{span[1][1]} may run {first[0]}.{first[1]} or newer (version skew policy); "
        f"{', '.join(sorted(before - set(o.skipped)))} not checked"
    ]


def _created_before(obj: dict[str, Any], now: float) -> bool:
    """Whether ``obj``'s creationTimestamp is more than 10 s before ``now`` (the capture's time or the object's own
    newest stamp; False if it does not say): a kubelet creates its Node with conditions stamped as it sends it
    (initialNode, setNodeStatus), a controller its pod as the watch shows it."""
    created = (obj.get("metadata") or {}).get("creationTimestamp")
    if not isinstance(created, str):
        return False
    try:
        return parse_time(created, "creationTimestamp", None, None) < now - 10.0
    except InputError:
        return False


def _created_after(x: tuple[float, float, int, int, str, Any], top_rv: float, top_t: float) -> bool:
    """An ADDED event that cannot belong to the list before it: an object created after the list.

    A list comes in key order, each object with its own resourceVersion, all at most the list's;
    an object created during the watch has a newer resourceVersion than every listed one *and* a
    creationTimestamp after every timestamp they carry. (Without resourceVersions, never; nor for an
    object of a List or JSON array, which is one moment by construction.)
    """
    item = x[5]
    if x[0] < 0 or top_rv < 0 or x[0] <= top_rv or isinstance(item, Listed):
        return False
    obj = item.get("object") if isinstance(item, dict) else None
    meta = obj.get("metadata") if isinstance(obj, dict) else None
    created = meta.get("creationTimestamp") if isinstance(meta, dict) else None
    if not isinstance(created, str):
        return False
    try:
        return parse_time(created, "creationTimestamp", None, None) > top_t + 1.0
    except InputError:
        return False


class _Uncounted:
    """A sink for a second reading of a file: what it ignores was counted at the first."""

    def __init__(self) -> None:
        self.ignored: dict[str, int] = {}


def _shown_by_watches(
    paths: list[Any], i: int, listed: dict[tuple[Any, ...], tuple[float, float]], top: float, leases: set[int]
) -> bool | None:
    """Whether the other files (watches, read again) show every Node and pod of list ``i`` in its version or a later
    one, and no Node or pod of its kinds alive at its newest resourceVersion that it lacks: then the list, taken
    while they ran, says nothing they do not. Lists holding other kinds and files without resourceVersions are not
    judged so (False: read as before), nor are inputs that cannot be read twice (None: a pipe; but a watch whose list
    holds Leases only, ``leases``, shows nothing else: `kubectl get -w` prints the kinds it listed)."""
    import os

    kinds = {k[0] for k in listed}
    if top < 0 or not kinds or not kinds <= {"Node", "Pod"}:
        return False
    shown: dict[tuple[Any, ...], float] = {}
    alive: set[tuple[Any, ...]] = set()
    for j, p in enumerate(paths):
        if j == i:
            continue
        path = getattr(p, "path", p)  # (a path, or a Source opened once: its path)
        if not isinstance(path, str) or path == "-" or not os.path.isfile(path):
            if j in leases:
                continue
            return None
        name, f = open_source(path)
        try:
            for _line, obj in watch_objects(f, name, _Uncounted()):
                if isinstance(obj, InputError) or not isinstance(obj, dict):
                    return False
                typ = obj.get("type") if "object" in obj else "MODIFIED"
                if typ in ("BOOKMARK", "ERROR"):
                    continue
                for o in _snapshot_objects(obj):
                    meta = o.get("metadata") if isinstance(o, dict) else None
                    if not isinstance(meta, dict) or o.get("kind") not in kinds:
                        continue
                    rv = _rv(o)
                    if rv is None:
                        return False
                    k = (o.get("kind"), meta.get("namespace"), meta.get("name"))
                    shown[k] = max(shown.get(k, -1.0), float(rv))
                    if rv <= top:
                        (alive.discard if typ == "DELETED" else alive.add)(k)
        finally:
            close_source(f)
    return all(shown.get(k, -1.0) >= v[0] for k, v in listed.items()) and alive <= set(listed)


def _versions(block: list[tuple[float, float, int, int, str, Any]]) -> dict[tuple[Any, ...], tuple[float, float]]:
    """(kind, namespace, name) -> (resourceVersion, creation time) of the objects of one list."""
    out: dict[tuple[Any, ...], tuple[float, float]] = {}
    for x in block:
        for o in _snapshot_objects(x[5]) if isinstance(x[5], dict) else ():
            meta = o.get("metadata") if isinstance(o, dict) else None
            if not isinstance(meta, dict):
                continue
            created = float("inf")
            if isinstance(meta.get("creationTimestamp"), str):
                with contextlib.suppress(InputError):
                    created = parse_time(meta["creationTimestamp"], "creationTimestamp", None, None)
            rv = _rv(o)
            out[(o.get("kind"), meta.get("namespace"), meta.get("name"))] = (
                float(rv if rv is not None else x[0]),
                created,
            )
    return out


def _gone(
    had: dict[tuple[Any, ...], tuple[float, float]], lacks: dict[tuple[Any, ...], tuple[float, float]], newest: float
) -> bool:
    """``lacks`` (a list whose newest stamp is ``newest``) misses an object of ``had`` that existed before it.

    Only objects of a kind and namespace ``lacks`` lists count (another list may watch other kinds).
    """
    scope = {(k[0], k[1]) for k in lacks}
    return any(k not in lacks and (k[0], k[1]) in scope and v[1] < newest - 1.0 for k, v in had.items())


def _object_keys(item: Any) -> list[tuple[Any, ...]]:
    """(kind, namespace, name) of the objects a watch event, bare object or List carries."""
    out = []
    for o in _snapshot_objects(item) if isinstance(item, dict) else ():
        meta = o.get("metadata") if isinstance(o, dict) else None
        if isinstance(meta, dict):
            out.append((o.get("kind"), meta.get("namespace"), meta.get("name")))
    return out


def _listed(item: Any) -> bool:
    """Part of a list snapshot: an ADDED watch event, a bare object, or a List of them."""
    if not isinstance(item, dict):
        return False
    if "object" in item and "type" in item:
        return item.get("type") == "ADDED"
    return True


def _snapshot_objects(item: dict[str, Any]) -> list[Any]:
    if "object" in item and "type" in item:
        return [item["object"]]
    if isinstance(item.get("items"), list) and str(item.get("kind", "List")).endswith("List"):
        return list(item["items"])
    return [item]


#: model events only kube-controller-manager writes -> what the report says it did (empty: not an act;
#: a Node's deletion ends its silence like a mark)
CONTROLLER_ACTS = {
    "nlc_monitor_node_health": "its node lifecycle controller marked",
    "nlc_sync_noschedule_taints": "its node lifecycle controller tainted",
    "nlc_sync_noexecute_taints": "its node lifecycle controller tainted",
    "taint_eviction_evict_pod": "its taint-eviction controller evicted",
    "admin_delete_node": "",
}
#: owners whose controllers run in kube-controller-manager (the pods they create show it running)
_KCM_OWNERS = ("ReplicaSet", "DaemonSet", "StatefulSet", "Job")


def _kcm_owner(meta: dict[str, Any]) -> str | None:
    refs = meta.get("ownerReferences")
    for r in refs if isinstance(refs, list) else ():
        if isinstance(r, dict) and r.get("controller") and r.get("kind") in _KCM_OWNERS:
            return str(r["kind"])
    return None


class RelistEnd(NamedTuple):
    """Merged after the list a restarted watch begins with: what it covers and holds (``WatchAdapter._relisted``)."""

    file: str
    #: (kind, name or namespace/name) of every Node and Pod the list holds
    keys: frozenset[tuple[str, str]]
    #: kind -> the namespaces it lists (None: all; cluster-scoped Nodes are always all)
    scope: dict[str, frozenset[str] | None]
    #: the list's newest resourceVersion (-1: none)
    top: float


def _continued(
    streams: list[Iterator[tuple[float, float, int, int, str, Any]]],
    blocks: list[Any],
    order: list[int],
    relist: set[int],
    owner: dict[int, int],
    chain: dict[str, str],
) -> list[Iterator[tuple[float, float, int, int, str, Any]]]:
    """Each restarted watch's file read after the file it continues: the one listed before it that shares
    the most objects with its list (``nodes-1.json`` then ``nodes-2.json``), its keys raised to at
    least that file's last (a watch starts again after it stopped, whatever its list's objects say)."""
    root = {i: i for i in owner}
    chains: dict[int, Iterator[tuple[float, float, int, int, str, Any]]] = {owner[i]: streams[owner[i]] for i in owner}
    before: list[int] = []
    for i in order:
        if i in relist and i in owner:
            cands = [j for j in before if j in owner and not blocks[i][1].isdisjoint(blocks[j][1])]
            if cands:
                j = max(cands, key=lambda j: (len(blocks[i][1] & blocks[j][1]), before.index(j)))
                r = root[j]
                chains[owner[r]] = _monotone(itertools.chain(chains[owner[r]], chains.pop(owner[i])))
                root[i] = r
                if blocks[i][0] and blocks[r][0]:
                    chain[blocks[i][0][0][4]] = chain.get(blocks[r][0][0][4], blocks[r][0][0][4])
        before.append(i)
    return list(chains.values())


def _monotone(
    it: Iterator[tuple[float, float, int, int, str, Any]],
) -> Iterator[tuple[float, float, int, int, str, Any]]:
    top0, top1 = float("-inf"), float("-inf")
    for x in it:
        top0, top1 = max(top0, x[0]), max(top1, x[1])
        yield x if (x[0], x[1]) == (top0, top1) else (top0, top1, *x[2:])


def _node_or_pod(item: Any) -> bool:
    return any(k[0] in ("Node", "Pod") for k in _object_keys(item))


def _relist_end(
    xs: list[tuple[float, float, int, int, str, Any]], at: tuple[float, float] | None = None
) -> tuple[float, float, int, int, str, Any]:
    """The marker after a list ``xs`` (one file's): keyed ``at`` (else with its newest object)."""
    keys: set[tuple[str, str]] = set()
    spaces: dict[str, set[str]] = {}
    for x in xs:
        for o in _snapshot_objects(x[5]) if isinstance(x[5], dict) else ():
            meta = o.get("metadata") if isinstance(o, dict) else None
            kind = o.get("kind") if isinstance(o, dict) else None
            if not isinstance(meta, dict) or kind not in ("Node", "Pod") or not isinstance(meta.get("name"), str):
                continue
            ns = str(meta.get("namespace", "default"))
            keys.add((kind, meta["name"] if kind == "Node" else f"{ns}/{meta['name']}"))
            spaces.setdefault(kind, set()).add(ns)
    # a list of pods of one namespace may be ``-n NS``: it proves nothing of another's; of several, ``-A``
    scope = {k: (None if k == "Node" or len(v) > 1 else frozenset(v)) for k, v in spaces.items()}
    top = max(xs, key=lambda x: (x[0], x[1]))
    key = at if at is not None else (top[0], top[1])
    return (key[0], key[1], top[2], top[3], top[4], RelistEnd(top[4], frozenset(keys), scope, key[0]))


def _inline_relists(
    it: Iterator[tuple[float, float, int, int, str, Any]],
    alive: set[tuple[Any, ...]],
    listed: tuple[float, float] | None = None,
) -> Iterator[tuple[float, float, int, int, str, Any]]:
    """One file's events after its first list, with the lists of a watch started again into the same file.

    A watch sends ADDED only for an object it has not shown (or deleted): a run of ADDED events that
    holds an object the file shows alive is a list (``kubectl get -w ... >> file`` run again, an
    informer's relist). The watch was down from the file's event before it (a ``WatchDown`` keyed
    with that event) to the list; the list's events are keyed with its newest object (the list is
    one moment, at least as new as that) and followed by a ``RelistEnd``. Bare objects (no
    ``type``) cannot be told apart from changes and are left as they are. A list that follows the
    file's first list with no event between them (nothing it watched changed before it went down)
    has its ``WatchDown`` keyed with that first list (``listed``: its newest object).
    """
    run: list[tuple[float, float, int, int, str, Any]] = []
    seen: set[tuple[Any, ...]] = set()
    relist = False
    held: tuple[float, float, int, int, str, Any] | None = None
    last = (float("-inf"), float("-inf"))

    def flush(
        nxt: tuple[float, float, int, int, str, Any] | None = None,
    ) -> Iterator[tuple[float, float, int, int, str, Any]]:
        nonlocal relist, held, last
        if relist and run:
            if held is not None:
                last = (held[0], held[1])
                yield held
                kinds = frozenset(str(k[0]) for x in run for k in _object_keys(x[5]) if k[0] in ("Node", "Pod"))
                yield (*held[:5], WatchDown(held[4], kinds))
                held = None
            elif listed is not None and last[0] == float("-inf"):
                kinds = frozenset(str(k[0]) for x in run for k in _object_keys(x[5]) if k[0] in ("Node", "Pod"))
                yield (listed[0], listed[1], *run[0][2:5], WatchDown(run[0][4], kinds))
            # as late as the watch's next event allows (see watch_events), after the file's last one
            top_rv = max([x[0] for x in run] + ([nxt[0]] if nxt is not None else []) + [last[0]])
            top_t = max([x[1] for x in run] + ([nxt[1]] if nxt is not None else []) + [last[1]])
            for x in run:
                yield (top_rv, top_t, *x[2:])
            yield _relist_end(run, (top_rv, top_t))
        else:
            if held is not None:
                last = (max(last[0], held[0]), max(last[1], held[1]))
                yield held
                held = None
            for x in run:
                last = (max(last[0], x[0]), max(last[1], x[1]))
            yield from run
        run.clear()
        seen.clear()
        relist = False

    for x in it:
        item = x[5]
        typed = isinstance(item, dict) and "object" in item and "type" in item and not isinstance(item, Bare)
        if typed and item.get("type") == "ADDED":
            keys = _object_keys(item)
            if not seen.isdisjoint(keys):
                yield from flush()
            relist |= not alive.isdisjoint(keys)
            seen.update(keys)
            alive.update(keys)
            run.append(x)
            continue
        yield from flush(x if typed else None)
        if isinstance(item, InputError):
            if held is not None:
                yield held
                held = None
            yield x  # at once: the check stops there
            continue
        if typed:
            keys = _object_keys(item)
            if item.get("type") == "DELETED":
                alive.difference_update(keys)
            else:
                alive.update(keys)
        held = x
    yield from flush()
    if held is not None:
        yield held


def _watch_only_bare(blocks: list[Any]) -> list[int]:
    """Give back to their watches the leading bare objects of a file that cannot be a list: every one of them
    written after another file's watch had gone on from its list.

    `kubectl get nodes -w --watch-only -o json` prints no list, and without --output-watch-events no ``type``:
    each object as it changes. Its leading objects look like a list (one version of each), and were taken as one,
    merged into the capture's first moment with the other files' lists (was: a pods file whose first object is an
    eviction minutes in made that moment minutes late, every Node "Ready" there since its last heartbeat: a false
    silent-node-becomes-unknown on every Node). A list holds objects as they were when it was taken, each with the
    resourceVersion of its last write (the API server's GET of the collection, at most the list's revision): the
    oldest of them is older than anything a watch started with it shows after it. When even the oldest object of a
    file's leading bare objects is newer (a resourceVersion past it) than another file's first event after its own
    list, the file's objects are changes, each placed by its resourceVersion among the watch events. A block read
    from a List or a JSON array (one moment by construction), with ``type``s, or without resourceVersions is left
    as it was. ``blocks``: (block, seen, rest, iterator, (top rv, top time)) per file, changed in place; returns
    the files (their indices) given back (``WatchAdapter.bare_watch_only``).
    """
    went_on: list[float] = []
    for _block, _seen, rest, _it, _top in blocks:
        ok = rest is not None and not isinstance(rest[5], InputError) and rest[0] >= 0
        went_on.append(rest[0] if ok else float("inf"))
    demote = []
    for i, (block, _seen, _rest, _it, _top) in enumerate(blocks):
        if not block or not all(type(x[5]) is Bare and x[0] >= 0 for x in block):
            continue
        first_other = min((w for j, w in enumerate(went_on) if j != i), default=float("inf"))
        if min(x[0] for x in block) > first_other:
            demote.append(i)
    for i in demote:
        block, _seen, rest, it, _top = blocks[i]
        tail = itertools.chain(block[1:], [rest] if rest is not None else [], it)
        blocks[i] = ([], set(), block[0], tail, (-1.0, float("-inf")))
    return demote


class WatchDown(NamedTuple):
    """Merged after a file's last event before a later list in the same file: that watch was down."""

    file: str
    kinds: frozenset[str]


def _nodes_only_listed(adapter: WatchAdapter, blocks: list[Any], firsts: list[int], dropped: set[int]) -> list[Item]:
    """Nodes shown only by a ``List`` document (``kubectl get nodes -o json``: one moment, no watch after it)
    in a capture whose other files watch on (Leases, pods): nothing shows those Nodes after the list, so
    they are unwatched from its moment until a watch shows them (``_up``), as after a watch that ended
    (``_watch_down``). Without this a kubelet that stopped renewing its Lease was reported "still
    Ready=True" minutes later, a Node state the capture never showed (newuser15). A capture of lists only
    (a snapshot) is judged at its moment, as before."""
    watched_on = any(b[2] is not None for b in blocks)
    items: list[Item] = []
    if not watched_on:
        return items
    for i in firsts:
        block, _keys, rest, _it, _top = blocks[i]
        if i in dropped or rest is not None or not block or not all(isinstance(x[5], Listed) for x in block):
            continue
        file = block[0][4]
        for x in block:
            for obj in _snapshot_objects(x[5]):
                if not isinstance(obj, dict) or obj.get("kind", "Node") != "Node":
                    continue
                name = (obj.get("metadata") or {}).get("name")
                if name not in adapter.nodes or name in adapter.down:
                    continue
                adapter.down[name] = {"Node"}
                adapter.ended_files.add(file)
                adapter._ev(
                    items, {"t": adapter.t, "event": "declare_node", "node": name}, file, x[3], unwatched=adapter.t
                )
    return items


class StreamEnd(NamedTuple):
    """Merged after a file's last event: that watch shows nothing more (``WatchAdapter.feed``)."""

    file: str


def _ended(it: Iterator[tuple[float, float, int, int, str, Any]]) -> Iterator[tuple[float, float, int, int, str, Any]]:
    last = None
    for x in it:
        if isinstance(x[5], StreamEnd):
            yield x
            return
        last = x
        yield x
    if last is not None:
        yield (last[0], last[1], last[2], last[3], last[4], StreamEnd(last[4]))


def _prepend(first: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    yield from rest


def _bound(
    pod: str,
    node: str,
    t: float,
    file: str | None,
    line: int | None,
    unchecked: dict[str, str] | None = None,
    step_only: bool = False,
) -> ObservedBinding:
    """A binding the input cannot judge (before the watch began, or on a Node it does not show); ``step_only``: the
    reasons hold for this binding alone (``ObservedBinding.step_only``)."""
    return ObservedBinding(t, node, pod, line, file, unchecked, step_only=step_only)


__all__ = ["EventRecord", "WatchAdapter", "watch_events"]


#: the conditions the node lifecycle controller's taint pass maps to NoSchedule/NoExecute taints
_TAINT_CONDITIONS = ("Ready", "MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable")


def _taints_since(obj: dict[str, Any], conds: dict[str, Any]) -> float | None:
    """Since when a Node first listed has stood as its taint pass sees it; None if the object does not say.

    The latest ``lastTransitionTime`` of the conditions the taint pass maps to taints. None (not known:
    the Node may have changed an instant before it was listed) when one of them has none, or the Node is
    cordoned (``spec.unschedulable`` carries no time).
    """
    if (obj.get("spec") or {}).get("unschedulable") is True:
        return None
    times: list[float] = []
    for k in _TAINT_CONDITIONS:
        c = conds.get(k)
        if not isinstance(c, dict):
            continue
        ts = c.get("lastTransitionTime")
        if not isinstance(ts, str) or not ts:
            return None
        try:
            times.append(parse_time(ts, "lastTransitionTime", None, None))
        except InputError:
            return None
    return max(times) if times else None
