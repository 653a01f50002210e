"""``k8s-audit``: API server audit events (``audit.k8s.io/v1`` ``Event``, one per line) as model events.

The audit log is where credentials and NodeRestriction are observable. Only ``stage:
ResponseComplete`` events count (one per request); a request the API server refused
(``responseStatus.code`` >= 400, e.g. 403 from NodeRestriction) is the system working and yields
nothing. For the others:

* ``certificatesigningrequests`` create with signer ``kubernetes.io/kube-apiserver-client-kubelet``:
  ``kubelet_request_certificate`` for the node named by the CSR's subject (``CN=system:node:<name>``,
  read from the PEM request); its ``approval`` subresource updated with an Approved condition:
  ``csr_approver_approve``. The kubelet's first request as ``system:node:<name>`` shows it holds the
  issued certificate (``kubelet_obtain_certificate``, inferred). A client CSR for a node that already holds its
  certificate is a renewal (no step), and one a node's kubelet creates for another node's name is no request of that
  node (said in the notes: NodeRestriction refuses it from 1.31).
* ``nodes`` create: by ``system:node:<name>`` in group ``system:nodes`` for its own name:
  ``kubelet_register_node``; by anyone else: a violation of ``no-registration-without-credentials``.
* ``nodes``/``nodes/status`` writes and deletions and ``leases`` (kube-node-lease) writes and deletions
  by ``system:node:<m>`` on another node's object: ``node-restriction`` (admitNode, admitLease); a
  kubelet's write that changes its own Node's ``spec.taints`` (compared with the taints the log last
  showed, as admitNode's apiequality.Semantic.DeepEqual): ``node-restriction``; its own ``nodes/status``
  with a Ready condition: ``kubelet_post_status``; its own Lease: ``kubelet_renew_lease``. A kubelet's
  CSR for its own name, created with the certificate it holds, is a rotation, no bootstrap step.
* a pod created by ``system:node:<m>`` with ``spec.nodeName`` another node, or deleted or evicted by it
  while the log shows it bound to another node: ``node-restriction`` (admitPodCreate, admitPod,
  admitPodEviction).
* ``pods/binding`` create: ``scheduler_bind_pod``; ``nodes`` delete: ``admin_delete_node``;
  ``spec.unschedulable`` changed by a non-node user: cordon / uncordon (a write repeating it changes nothing).
* The node lifecycle controller's writes (``system:serviceaccount:kube-system:node-controller`` or
  ``system:kube-controller-manager``) of a Node created in the log: Ready set Unknown in
  ``nodes/status`` is ``nlc_monitor_node_health`` (marks_unknown); a change of the condition
  NoSchedule or the not-ready/unreachable NoExecute taints in ``spec.taints`` is
  ``nlc_sync_noschedule_taints`` / ``nlc_sync_noexecute_taints``.
* A Node whose creation the log does not hold (a log of a running cluster) has no state to judge:
  a binding to it is taken as observed, its zone's disruption state is unknown (the taint-follow
  properties are not checked), and when no Node at all is created in the log only the identity
  properties are checked.

Time: ``stageTimestamp`` (``requestReceivedTimestamp`` if missing).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from .compile import NI
from .events import normalise
from .k8s import (
    BIND_PROPERTIES,
    DEFAULT_SCHEDULER,
    KCM_LEASE_DURATION,
    LEASE_WATCH_QUIET,
    UNMODELLED_PRESSURE_TAINTS,
    PressureTaints,
    audit_objects,
    conditions,
    cpu_changed,
    cpu_millis,
    ended_room_fits,
    node_cpu,
    not_judged_after_pod_resize,
    not_judged_after_resize,
    other_scheduler,
    parse_time,
    resized_misfit,
    review_controller_down,
    review_late_unknown,
    scheduler_name,
    unparsable_quantity,
    withdraw_ended_room,
    zone_extra,
)
from .record import EventRecord, InputError, Item, ObservedBinding, Sink, Violation, fmt_time, ignore, json_type
from .source import close_source, feed_all, open_source

NODE_USER = re.compile(r"^system:node:(.+)$")
#: k8s.io/cloud-provider api TaintExternalCloudProvider: on a Node until its cloud node controller initialises it
UNINITIALIZED = "node.cloudprovider.kubernetes.io/uninitialized"
KUBELET_SIGNER = "kubernetes.io/kube-apiserver-client-kubelet"
#: who writes as the node lifecycle controller: its service account (kube-controller-manager's
#: --use-service-account-credentials, kubeadm's default) or kube-controller-manager's own identity
NLC_USERS = ("system:serviceaccount:kube-system:node-controller", "system:kube-controller-manager")
#: the taints doNoScheduleTaintingPass writes (nodeConditionToTaintKeyStatusMap, plus unschedulable)
NLC_NOSCHEDULE = frozenset(
    f"node.kubernetes.io/{k}"
    for k in ("not-ready", "unreachable", "unschedulable", "memory-pressure", "network-unavailable")
)
#: the taint doNoScheduleTaintingPass adds to a cordoned Node (``node.Spec.Unschedulable``)
UNSCHEDULABLE_KEY = "node.kubernetes.io/unschedulable"
#: the taints doNoExecuteTaintingPass / markNodeAsReachable write
NLC_NOEXECUTE = frozenset(("node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"))
#: properties about what the node lifecycle controller writes
NLC_PROPERTIES = (
    "silent-node-becomes-unknown",
    "unreachable-taint-follows-unknown",
    "not-ready-taint-follows-not-ready",
    "condition-taints-follow-conditions",
    "ready-node-sheds-ready-taints",
)
#: properties about the taint NodeTaint admission adds to a Node created (only the create's response shows it)
ADMISSION_PROPERTIES = ("new-node-carries-only-registration-taints", "registration-is-not-eligibility")
#: properties whose allowances need every Node's readiness (handleDisruption's zone states)
ZONE_PROPERTIES = ("unreachable-taint-follows-unknown", "not-ready-taint-follows-not-ready")
#: the VolumeBinding plugin's default bindTimeoutSeconds (pkg/scheduler/apis/config/v1/defaults.go)
VOLUME_BIND_TIMEOUT = 600.0


_WRITES = ("create", "update", "patch", "delete")
#: the resources whose requests the reader reads (any other request is counted as ignored)
READ_RESOURCES = frozenset(("nodes", "pods", "leases", "certificatesigningrequests"))


def _admin_creation(username: str, ua: str) -> bool:
    """Whether a Node create is an administrator's (`kubectl create -f node.yaml`, for a kubelet run with
    --register-node=false), not a kubelet's registration: made by no node identity (``system:node:NAME``) and not
    by a kubelet's client (its user agent ``kubelet/...``; a kubelet registering with an admin's kubeconfig is what
    no-registration-without-credentials is about)."""
    return NODE_USER.match(username) is None and not ua.startswith("kubelet/")


def _kcm_user(username: str) -> bool:
    """kube-controller-manager's own identity, or a service account its controllers write with
    (--use-service-account-credentials: node-controller, replicaset-controller, generic-garbage-collector ...)."""
    if username == "system:kube-controller-manager":
        return True
    sa = username.removeprefix("system:serviceaccount:kube-system:")
    return sa != username and (
        sa.endswith("-controller") or sa in ("generic-garbage-collector", "pod-garbage-collector")
    )


def csr_common_name(request: Any) -> str | None:
    """The subject CN of a PEM (base64 in the CSR object) certificate request: a tiny DER walk."""
    if not isinstance(request, str):
        return None
    try:
        pem = base64.b64decode(request, validate=False).decode("ascii", "replace")
        body = "".join(x for x in pem.splitlines() if x and not x.startswith("-----"))
        der = base64.b64decode(body)
    except (ValueError, UnicodeDecodeError):
        return None
    i = der.find(b"\x06\x03\x55\x04\x03")  # OID 2.5.4.3 commonName
    if i < 0 or i + 7 > len(der):
        return None
    n = der[i + 6]
    return der[i + 7 : i + 7 + n].decode("utf-8", "replace")


class AuditAdapter:
    """Turns audit events (one at a time) into normalised model events and direct violations."""

    def __init__(self, oracle: Any = None) -> None:
        #: the oracle fed (to say at once what Nodes created before the log keep from being judged)
        self.o = oracle
        #: the DiskPressure / PIDPressure taints of Nodes created in the log, judged beside the model
        #: (``k8s.PressureTaints``), from each Node's conditions as last written
        self.pressure = PressureTaints(float(getattr(oracle, "slack", 5.0)))
        self.pstatus: dict[str, dict[str, str | None]] = {}
        #: when kube-controller-manager is seen writing (``watch.review_late_unknown``)
        self.acts: list[tuple[float, str]] = []
        self.csr_node: dict[str, str] = {}
        #: CSRs a kubelet created for itself while holding its certificate (rotation): no bootstrap step
        self.rotations: set[str] = set()
        #: per Node created in the log, its spec.taints as last written (``_written_taints``), None once unknown
        self.taints: dict[str, tuple[tuple[Any, ...], ...] | None] = {}
        #: spec.unschedulable of each Node created in the log, as last written (a write repeating it cordons nothing)
        self.cordoned: dict[str, bool] = {}
        #: when each such Node's spec.unschedulable last changed (``_nlc``: the controller's view of it may lag)
        self.cordon_changed: dict[str, float] = {}
        #: whether the request being read had a JSON Patch body (its taint ops are partial: ``_body``)
        self.json_patch = False
        #: events of another stage than ResponseComplete, per stage (only it says whether a request succeeded)
        self.stages: dict[str, int] = {}
        #: ResponseComplete events of requests the API server refused (code >= 400): they changed nothing
        self.refused = 0
        #: when kube-controller-manager wrote its leader Lease (``kcm_downs``)
        self.kcm_lease_t: list[float] = []
        #: the user agent of the request being read ("" when the log has none)
        self.ua = ""
        #: Nodes a kubelet updated whose taints before are not in the log (said once in the notes)
        self.taints_unjudged: set[str] = set()
        self.has_cert: set[str] = set()
        self.requested: set[str] = set()
        #: nodes a request names whose creation the log does not hold (created before it began)
        self.preexisting: set[str] = set()
        #: per node created in the log, the controller-written (NoSchedule, NoExecute) taint keys last seen
        self.nlc_taints: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        #: whether any request of the log named a node (a Node, its status, its Lease, a node CSR, a binding)
        self.named = False
        #: audit events read that gave no model event, and whether any gave one: a log none of whose events
        #: the model can read counts them as ignored (never "no events" as if nothing had been read)
        self.unread = 0
        self.read_any = False
        #: per resource the reader never reads (a ConfigMap, a ControllerRevision), its events in the log
        self.other: dict[str, int] = {}
        #: whether the log holds any request on Nodes, their status, node Leases or CSRs (a policy that
        #: logs them): without one, not even who wrote what about nodes is in it
        self.node_api = False
        #: pods bound (pod -> node, from their bindings or creations with ``spec.nodeName``), and pods whose
        #: deletion was requested (``_pod_deleted``)
        self.bound: dict[str, str] = {}
        self.deleted: set[str] = set()
        #: per node, the newest Lease renewTime a logged body showed (``kubelet_renew_lease`` only when it moves)
        self.renewed: dict[str, float] = {}
        #: Nodes created in the log and then deleted (a kubelet may register one again: ``_readopt``)
        self.gone: set[str] = set()
        #: per pod whose creation the log holds with its body, its tolerations as last written and its cpu
        #: request (``_pod_updated``)
        self.tols: dict[str, list[dict[str, Any]]] = {}
        self.requests: dict[str, int] = {}
        #: how many pod deletions (``delete``, ``pods/eviction``) the log holds: none, and its policy may not log them
        self.pod_deletes = 0
        self.t = 0.0
        #: per node, the log its Lease was last written in; per log that ended (``LogEnd``), since when
        self.lease_file: dict[str, str | None] = {}
        self.ended: dict[str, float] = {}
        self.notes: list[str] = []
        #: per log, when its first event was; the logs that ended
        self.first: dict[str, float] = {}
        self.done: set[str] = set()
        #: pods whose creation the log holds with a body: whether the scheduler's PreBind may wait for their
        #: volumes (``_binding``); per Node, when it was last cordoned or had its taints written
        self.pods: dict[str, bool] = {}
        #: pods created with a schedulerName other than default-scheduler, and that name (``k8s.other_scheduler``)
        self.schedulers: dict[str, str] = {}
        self.blocked_at: dict[str, float] = {}
        #: per Node, each such write: (when, its taints until then, its spec.unschedulable until then); whether its
        #: taints as known were written by a write of the log after its creation
        self.taints_written: dict[str, bool] = {}
        self.blocked_hist: dict[str, list[tuple[float, Any, bool | None]]] = {}
        #: per Node created in the log, its cpu (capacity, allocatable) as created, and since when they
        #: differ (``not_judged_after_resize``)
        self.cpu: dict[str, tuple[int | None, int | None]] = {}
        self.resized: dict[str, float] = {}
        #: per Node created in the log, its NetworkUnavailable condition as last written (``_network``)
        self.netunav: dict[str, bool] = {}
        #: per resized Node its allocatable cpu as last written, and the bindings there the scheduler's fitsRequest
        #: refuses (``k8s.resized_misfit``: kept when the model's findings from the change on are withdrawn)
        self.alloc_now: dict[str, int] = {}
        self.resized_found: list[Violation] = []
        self.resized_binds: list[tuple[str, float]] = []
        #: per Node a bound pod was resized in place on (pods/resize), since when (``not_judged_after_pod_resize``)
        self.pod_resized: dict[str, float] = {}
        #: pods whose kubelet wrote them Succeeded or Failed (out of the scheduler's view, still bound), and the
        #: bindings (node, time) that fit once they are not counted (``k8s.ended_room_fits``)
        self.ended_pods: set[str] = set()
        self.ended_room: list[tuple[str, float]] = []
        #: per Node created in the log, its labels as last written (its zone: ``_relabel``)
        self.labels: dict[str, dict[str, Any]] = {}
        slack = getattr(oracle, "slack", None)
        self.slack = float(slack) if isinstance(slack, (int, float)) else 5.0

    def _ev(self, out: list[Item], ev: dict[str, Any], file: str | None, line: int | None, **extra: Any) -> None:
        node = ev.get("node")
        if node is not None:
            self.named = True
        if (
            node is not None
            and node not in self.nlc_taints
            and ev["event"]
            not in (
                "kubelet_register_node",
                "kubelet_request_certificate",
                "csr_approver_approve",
                "kubelet_obtain_certificate",
            )
        ):
            self._unseen(node)  # (a TLS bootstrap comes before the Node's creation)
        rec = normalise(ev, file, line)
        # a node's heartbeats are judged once one of its Lease writes is in the log (audit policies
        # often leave Leases out: their renewals are then not in it, and the node is not silent)
        out.append(rec._replace(extra={**(rec.extra or {}), "hb_gate": True, **extra}))

    def _blind(self, props: tuple[str, ...], why: str) -> None:
        """Properties the log cannot show from here on (said at once: nothing is reported for them)."""
        if self.o is not None:
            for pid in props:
                self.o.unchecked.setdefault(pid, why)

    def _unseen(self, node: str) -> None:
        """A Node named before (or without) its creation in the log: one whose state the log lacks.

        Its readiness is unknown, so is its zone's disruption state (handleDisruption counts every
        Node): the taint-follow properties, whose allowances need it, are not judged, and master
        disruption mode is never inferred from the Nodes the log does show.
        """
        if node in self.preexisting:
            return
        self.preexisting.add(node)
        if self.o is not None:
            self.o.unseen_nodes = True
            why = (
                "the audit log does not show the readiness of Nodes created before it began ("
                + node
                + "), which sets the zones' disruption state and so the controller's NoExecute tainting"
            )
            for pid in ZONE_PROPERTIES:
                self.o.unchecked.setdefault(pid, why)

    def _viol(
        self,
        out: list[Item],
        prop: str,
        node: str | None,
        msg: str,
        file: str | None,
        line: int | None,
        event: str,
        pod: str | None = None,
    ) -> None:
        self.named = True
        out.append(Violation(-1, line, file, node, pod, prop, msg, self.t, event))

    def feed(self, ev: Any, file: str | None, line: int | None) -> list[Item]:
        if isinstance(ev, LogEnd):
            # only a log that ran beside another one still going (the API servers of an HA control
            # plane, each logging the requests it served): a log that another one follows (logrotate's
            # audit.log after audit.log.1) goes on in it, and a node missing there has stopped renewing
            self.done.add(ev.file)
            beside = any(f not in self.done and t < self.t for f, t in self.first.items())
            if beside and any(f == ev.file for f in self.lease_file.values()):
                self.ended[ev.file] = self.t
            return []
        if file is not None and file not in self.first:
            first = _audit_time(ev)
            self.first[file] = first if first > float("-inf") else self.t
        t0 = self.t
        out = self._feed(ev, file, line)
        if out:
            self.read_any = True
        else:
            self.unread += 1
        if self.ended:
            return self._unseen_renewals(t0, file, line) + out
        return out

    def _unseen_renewals(self, t0: float, file: str | None, line: int | None) -> list[Item]:
        """Nodes whose Lease writes were in a log that ended while the others go on (an API server's log
        shorter than the others', a rotation into a policy without Leases): their heartbeats are not
        in the input from then until one of their Lease writes is again."""
        items: list[Item] = []
        for f, since in list(self.ended.items()):
            if self.t <= since + LEASE_WATCH_QUIET:
                continue
            del self.ended[f]
            gone = sorted(n for n, lf in self.lease_file.items() if lf == f)
            for n in gone:
                self.lease_file[n] = None
                if n in self.nlc_taints:
                    rec = normalise({"t": t0, "event": "declare_node", "node": n}, file, line)
                    items.append(rec._replace(extra={**(rec.extra or {}), "unseen_heartbeats": since}))
            if gone:
                self.notes.append(
                    f"{f} ended at {_t(since)} while the other audit logs go on: the Lease writes "
                    f"of {', '.join(gone[:5])}{' ...' if len(gone) > 5 else ''} were in it, so "
                    "their heartbeats are not judged from then until one is seen again"
                )
        return items

    def _feed(self, ev: Any, file: str | None, line: int | None) -> list[Item]:
        if (
            not isinstance(ev, dict)
            or ev.get("kind") != "Event"
            or not str(ev.get("apiVersion", "")).startswith("audit.k8s.io/")
        ):
            raise InputError('expected an audit.k8s.io/v1 Event object (kind "Event")' + _wrapper(ev), file, line)
        stage = ev.get("stage", "ResponseComplete")
        if stage != "ResponseComplete":
            if isinstance(stage, str):
                self.stages[stage[:40]] = self.stages.get(stage[:40], 0) + 1
            return []
        # v1 has stageTimestamp; v1beta1 (API servers before 1.12 and some log shippers) only timestamp
        ts = ev.get("stageTimestamp") or ev.get("requestReceivedTimestamp") or ev.get("timestamp")
        self.t = max(self.t, parse_time(ts, "stageTimestamp (or timestamp)", file, line))
        status = _obj(ev, "responseStatus", file, line)
        code = status.get("code") or 200
        if type(code) is not int:
            raise InputError("responseStatus.code: expected an integer", file, line)
        if code >= 400:
            self.refused += 1  # counted, so that a log of them says why nothing was read (``_preexisting``)
            return []  # refused by the API server (e.g. NodeRestriction's 403): the system working
        user = _obj(ev, "user", file, line)
        imp = ev.get("impersonatedUser")
        if isinstance(imp, dict) and isinstance(imp.get("username"), str) and imp["username"]:
            # `kubectl --as=system:node:worker-1 --as-group=system:nodes`, a proxy acting for its users: the API
            # server's WithImpersonation runs the request as the impersonated user (request.WithUser: authorization
            # and admission, NodeRestriction among them, see it) and audit.LogImpersonatedUser records it beside the
            # requester in ``user``: the write is made with the impersonated user's authority, and is read as its
            # (was: read as the requester's, a node's status post as an administrator's edit)
            user = imp
        username = user.get("username", "")
        if isinstance(username, str) and _kcm_user(username) and ev.get("verb") in _WRITES:
            # kube-controller-manager writing (its leader Lease, a controller's service account): it runs
            ref0 = ev.get("objectRef") if isinstance(ev.get("objectRef"), dict) else {}
            self.acts.append((self.t, f"{username} wrote {ref0.get('resource')} {ref0.get('name')}"))
            if (ref0.get("resource"), ref0.get("namespace"), ref0.get("name")) == (
                "leases",
                "kube-system",
                "kube-controller-manager",
            ):
                self.kcm_lease_t.append(self.t)
        groups = user.get("groups") or []
        ref = _obj(ev, "objectRef", file, line)
        if not isinstance(username, str) or not isinstance(groups, list):
            raise InputError("user: expected a username string and a list of groups", file, line)
        res, sub, name, verb = ref.get("resource"), ref.get("subresource"), ref.get("name"), ev.get("verb")
        if not all(x is None or isinstance(x, str) for x in (res, sub, name, verb, ref.get("namespace"))):
            raise InputError("objectRef/verb: expected strings", file, line)
        self.json_patch = isinstance(ev.get("requestObject"), list)
        ua = ev.get("userAgent")
        self.ua = ua if isinstance(ua, str) else ""
        req = _body(ev.get("requestObject"), "requestObject", file, line)
        resp = _body(ev.get("responseObject"), "responseObject", file, line)
        if res in ("pods", "nodes") and sub in (None, "status"):
            for body in (resp, req):
                if (bad := unparsable_quantity(body)) is not None:
                    # (a success: the API server decoded and stored it, which it cannot have done)
                    meta = body.get("metadata") or {}
                    what = name or meta.get("name") or meta.get("generateName") or "?"
                    raise InputError(f"{res} {what}: {bad}, yet answered {code}", file, line)
        obj = resp or req
        out: list[Item] = []
        m = NODE_USER.match(username)
        as_node = m.group(1) if m and "system:nodes" in groups else None
        t = self.t
        if (
            as_node
            and as_node not in self.has_cert
            and as_node in self.requested
            and res != ("certificatesigningrequests")
        ):
            self.has_cert.add(as_node)
            self._ev(
                out, {"t": t, "event": "kubelet_obtain_certificate", "node": as_node, "inferred": True}, file, line
            )
        if res in ("certificatesigningrequests", "nodes") or (
            res == "leases" and ref.get("namespace") == "kube-node-lease"
        ):
            self.node_api = True
        if res == "certificatesigningrequests":
            spec = obj.get("spec") or {}
            if verb == "create" and spec.get("signerName", KUBELET_SIGNER) == KUBELET_SIGNER:
                cn = csr_common_name(spec.get("request"))
                node = cn[len("system:node:") :] if cn and cn.startswith("system:node:") else None
                csr = (obj.get("metadata") or {}).get("name") or name
                if node and as_node == node:
                    # a kubelet renewing its client certificate (client-go certificate manager
                    # rotateCerts; the approver's selfnodeclient case, sarapprove.go isSelfNodeClientCert):
                    # it authenticates with the certificate it holds, which stays its credential until
                    # the new one is issued, so this is no bootstrap request (was: read as one, and the
                    # node was reported to hold a certificate its CSR was never approved for)
                    self._ensure_cert(out, node, t, file, line)
                    if csr:
                        self.rotations.add(csr)
                elif node and as_node is not None:
                    # one node's kubelet asking for another node's client certificate: no kubelet does that
                    # (bootstrap.go requestNodeCertificate and the certificate manager ask for their own
                    # nodeName), so it is not ``node``'s bootstrap request, and its approval gives ``node``'s
                    # kubelet nothing (was: read as ``node``'s request, which made the node's own, long approved
                    # credentials Pending: a false no-registration-without-credentials and
                    # certificate-needs-approval on a node whose kubelet did nothing).
                    # NodeRestriction refuses it from 1.31 (admission.go admitCSR: a node creates CSRs of the
                    # kubelet signers only for CN=system:node:<its name>; AllowInsecureKubeletCertificate-
                    # SigningRequests off by default); no property of the model covers CSRs a kubelet creates,
                    # so an admitted one is said in the notes, not judged.
                    if csr:
                        self.rotations.add(csr)
                    note = (
                        f"the kubelet of {as_node} created a client-certificate CSR for system:node:{node} "
                        f"(CSR {csr or '?'}); NodeRestriction refuses that from Kubernetes 1.31 (admitCSR), and no "
                        "property of the model judges it: it is not read as a request of that node"
                    )
                    if note not in self.notes:
                        self.notes.append(note)
                elif node and node in self.has_cert:
                    # a new client certificate for a kubelet that holds one: it renews its credential (a kubelet
                    # whose certificate expired falls back to its bootstrap kubeconfig, bootstrap.go LoadClientCert;
                    # an administrator's CSR for it), which stays its credential until the new one is issued (was:
                    # read as a first bootstrap request, so a registered node's CSR became Pending: a false
                    # no-registration-without-credentials and certificate-needs-approval, and its approval a false
                    # control-state-matches-definition)
                    if csr:
                        self.rotations.add(csr)
                elif node:
                    if csr:
                        self.csr_node[csr] = node
                    self.requested.add(node)
                    self._ev(out, {"t": t, "event": "kubelet_request_certificate", "node": node}, file, line)
            elif sub == "approval" and verb in ("update", "patch"):
                approved = any(
                    c.get("type") == "Approved" and c.get("status", "True") == "True"
                    for c in ((obj.get("status") or {}).get("conditions") or [])
                    if isinstance(c, dict)
                )
                node = self.csr_node.get(name or "")
                if approved and node and name not in self.rotations:
                    self._ev(out, {"t": t, "event": "csr_approver_approve", "node": node}, file, line)
            return out
        if res == "nodes":
            return self._nodes(out, as_node, username, groups, verb, sub, name, obj, req, t, file, line)
        if (
            res == "leases"
            and ref.get("namespace") == "kube-node-lease"
            and verb in ("update", "patch", "create", "delete")
        ):
            if verb == "create" and not name:
                # admitLease judges a creation by the Lease's own name (a create's request carries none)
                name = (obj.get("metadata") or {}).get("name") or None
            if as_node and name is None:
                return out  # a creation logged without the Lease's name: whose Lease it is is not known
            if as_node and name != as_node:
                self._viol(
                    out,
                    "node-restriction",
                    name,
                    f"the kubelet of {as_node} {'deleted' if verb == 'delete' else 'wrote'} the Lease of node "
                    f"{name} at {_t(t)}; NodeRestriction lets a node write only its own Lease",
                    file,
                    line,
                    "kubelet_renew_lease",
                )
            elif as_node and verb != "delete":
                self._ensure_cert(out, as_node, t, file, line)
                renew = (obj.get("spec") or {}).get("renewTime")
                if isinstance(renew, str):
                    try:
                        at: float | None = parse_time(renew, "Lease spec.renewTime", None, None)
                    except InputError:
                        at = None
                    if at is not None and at <= self.renewed.get(as_node, float("-inf")):
                        # the node lifecycle controller counts a renewal only when renewTime is after the one
                        # it saved (savedLease.Spec.RenewTime.Before(observedLease.Spec.RenewTime),
                        # tryUpdateNodeHealth), as the watch reader reads it (was: every write of the Lease, so
                        # a controller rightly marking Unknown a kubelet whose renewTime stood still was a false
                        # heartbeating-node-stays-known); a write logged without its body still counts
                        return out
                    if at is not None:
                        self.renewed[as_node] = at
                self._ev(out, {"t": t, "event": "kubelet_renew_lease", "node": as_node}, file, line)
                if file is not None:
                    self.lease_file[as_node] = file
            return out
        if res == "pods" and sub is None and verb == "create":
            return self._pod_created(out, ref, name, req, resp, t, file, line, as_node)
        if res == "pods" and sub == "eviction" and not name:
            # admitPodEviction: the pod from the request's name, else from the Eviction's
            name = (req.get("metadata") or {}).get("name") or None
        if (
            res == "pods"
            and isinstance(name, str)
            and ((sub is None and verb == "delete") or (sub == "eviction" and verb == "create"))
        ):
            pod = f"{ref.get('namespace') or 'default'}/{name}"
            return self._pod_deleted(out, pod, username, sub, t, file, line, as_node)
        if res == "pods" and sub == "resize" and verb in ("update", "patch") and isinstance(name, str):
            node = self.bound.get(f"{ref.get('namespace') or 'default'}/{name}")
            if node is not None:
                self.pod_resized.setdefault(node, t)
            return out
        if res == "pods" and sub is None and verb in ("update", "patch") and isinstance(name, str):
            return self._pod_updated(out, f"{ref.get('namespace') or 'default'}/{name}", req, resp, t, file, line)
        if res == "pods" and sub == "status" and verb in ("update", "patch") and isinstance(name, str):
            phase = (obj.get("status") or {}).get("phase") if isinstance(obj.get("status"), dict) else None
            if phase in ("Succeeded", "Failed"):
                self.ended_pods.add(f"{ref.get('namespace') or 'default'}/{name}")  # (``k8s.ended_room_fits``)
                return out
        if res == "pods" and sub == "binding" and verb == "create":
            target = (req.get("target") or {}).get("name")
            if isinstance(target, str) and name:
                pod = f"{ref.get('namespace', 'default')}/{name}"
                self.bound[pod] = target
                if target not in self.nlc_taints:
                    # bound to a Node created before the log began: its state is not in it
                    self._unseen(target)
                    out.append(
                        ObservedBinding(
                            t,
                            target,
                            pod,
                            line,
                            file,
                            dict.fromkeys(
                                BIND_PROPERTIES, "the audit log holds no creation of the Node a pod was bound to"
                            ),
                        )
                    )
                    return out
                why = self._unjudged_binding(pod, target, t)
                if self.ua.startswith("kubectl/"):
                    # `kubectl create -f binding.json`: an operator's binding, not a scheduler's. The binding REST
                    # (BindingREST.Create -> assignPod -> setPodHostAndAnnotations) checks only that the pod is not
                    # being deleted and not yet bound: no taint, cordon or readiness, which only the scheduler's
                    # filters judge (was: judged as the scheduler's, false alarms)
                    why = (
                        f"pod {pod} was bound to node {target} at {_t(t)} by {username} with kubectl (a Binding "
                        "created by hand, as with spec.nodeName): the binding REST checks no taint or cordon, only a "
                        "scheduler's filters do"
                    )
                elif why is None and pod in self.schedulers:
                    why = other_scheduler(self.schedulers[pod], pod, target, t)
                if why is not None:
                    if pod in self.tols and self.taints.get(target) is not None:
                        # the binding is not judged, but the pod is bound there from now: the taint-eviction
                        # controller reads its tolerations against the Node's taints (was: the declaration's
                        # bits, which know only the controller's taints: a false no-execute-eviction of a pod
                        # tolerating a user's NoExecute taint for a while)
                        self._redeclare(out, pod, target, t, file, line)
                    # (this binding alone: was for the whole log from then on, so one pod created before the log
                    # began left every later binding to a cordoned or tainted Node unjudged)
                    out.append(
                        ObservedBinding(t, target, pod, line, file, dict.fromkeys(BIND_PROPERTIES, why), step_only=True)
                    )
                    return out
                here = [
                    (self.requests.get(p, 0), p in self.ended_pods)
                    for p, n in self.bound.items()
                    if n == target and p != pod and p not in self.deleted
                ]
                # (the allocatable as last written: the scheduler's Node informer, ``k8s.resized_misfit``)
                alloc = self.alloc_now.get(target, (self.cpu.get(target) or (None, None))[1])
                if ended_room_fits(here, self.requests.get(pod, 0), alloc):
                    self.ended_room.append((target, t))  # (fits as the scheduler counts: ``withdraw_ended_room``)
                if target in self.resized and t >= self.resized[target]:
                    # the model's count is withdrawn there (``not_judged_after_resize``): judged here instead
                    req = self.requests.get(pod, 0)
                    self.resized_binds.append((target, t))
                    found = resized_misfit(target, pod, here, req, self.alloc_now.get(target))
                    if found is not None:
                        v = Violation(
                            -1,
                            line,
                            file,
                            target,
                            pod,
                            "bound-requests-fit-allocatable",
                            found,
                            t,
                            "scheduler_bind_pod",
                        )
                        self.resized_found.append(v)
                        out.append(v)
                self._ev(
                    out,
                    {"t": t, "event": "scheduler_bind_pod", "node": target, "pod": pod},
                    file,
                    line,
                    **self._bind_bits(pod, target),
                )
            return out
        return out

    def _resize_judged(self) -> list[Violation] | None:
        """The bindings judged on resized Nodes (``k8s.not_judged_after_resize``'s ``judged``), or None when a
        resized Node's new allocatable was never written in the log (its bindings could not be judged)."""
        return self.resized_found if set(self.resized) <= set(self.alloc_now) else None

    def _pod_created(
        self,
        out: list[Item],
        ref: dict[str, Any],
        name: Any,
        req: dict[str, Any],
        resp: dict[str, Any],
        t: float,
        file: str | None,
        line: int | None,
        as_node: str | None = None,
    ) -> list[Item]:
        """A pod's creation logged with its body: declared with its tolerations (a DaemonSet's pods carry
        the ones its controller added), so that its binding is judged by them. The response is the pod
        after admission; a request-level body is before it (DefaultTolerationSeconds still to add). A pod
        created with ``spec.nodeName`` (a static pod's mirror, a pod bound by its creator) is taken as
        bound, as in a watch."""
        body = resp if isinstance(resp.get("spec"), dict) else req
        spec = body.get("spec")
        if not isinstance(spec, dict):
            return out  # logged at Metadata level: the pod stays unknown
        meta = body.get("metadata") or {}
        pname = meta.get("name") or name
        ns = meta.get("namespace") or ref.get("namespace") or "default"
        if not isinstance(pname, str) or not pname or not isinstance(ns, str):
            return out  # a generateName request logged without its response: its name is not known
        from .k8s import pod_request

        key = f"{ns}/{pname}"
        self.deleted.discard(key)  # (a StatefulSet's pod created again under its name)
        self.bound.pop(key, None)
        tl, vl = spec.get("tolerations"), spec.get("volumes")
        tols = [x for x in tl if isinstance(x, dict)] if isinstance(tl, list) else []
        ev = {
            "t": t,
            "event": "declare_pod",
            "pod": key,
            "tolerations": tols,
            "request": pod_request(body),
            "default_tolerations": body is req,
        }
        rec = normalise(ev, file, line)
        out.append(rec)
        node = spec.get("nodeName")
        written = self.taints.get(node) if isinstance(node, str) else None
        if written:
            # created bound to a Node whose taints the log shows: its bits against them, as the watch reader
            # takes a pod first seen bound (was: against none, so a user's NoExecute taint there was not read:
            # the pod left running under it, or deleted though it tolerates it, was not judged)
            from .compile import PI
            from .k8s import pod_bits

            listed = [{"key": x[0], "value": x[1], "effect": x[2]} for x in written if len(x) == 4]
            bits = rec.extra["pod"]  # type: ignore[index]
            for k, v in pod_bits(tols, listed, None).items():
                bits[PI[k]] = v
        self.tols[key], self.requests[key] = tols, ev["request"]
        vols = [v for v in vl if isinstance(v, dict)] if isinstance(vl, list) else []
        self.pods[key] = any("persistentVolumeClaim" in v or "ephemeral" in v for v in vols)
        if (sched := scheduler_name(body)) != DEFAULT_SCHEDULER:
            self.schedulers[key] = sched  # (``other_scheduler``: its binding is another scheduler's)
        else:
            self.schedulers.pop(key, None)
        node = spec.get("nodeName")
        written = self.taints.get(node) if isinstance(node, str) else None
        if written is not None and out[-1].extra is not None:
            # created bound (spec.nodeName: `kubectl debug node/...`, a mirror pod): its bits against the taints of the
            # Node it is on, as the watch reader gives them (was: against the placeholder it was declared with, so a
            # pod tolerating a user's NoExecute taint there was "not tolerating" it, a false no-execute-eviction)
            from .compile import PI
            from .k8s import pod_bits

            taints = [{"key": x[0], "value": x[1], "effect": x[2]} for x in written if len(x) == 4]
            p = out[-1].extra["pod"]
            for k, v in pod_bits(tols, taints, None).items():
                p[PI[k]] = v
        if as_node and isinstance(node, str) and node and node != as_node:
            # admitPodCreate: "node %q can only create pods with spec.nodeName set to itself"
            self._viol(
                out,
                "node-restriction",
                as_node,
                f"the kubelet of {as_node} created pod {key} bound to node {node} at {_t(t)}; NodeRestriction "
                "lets a node create only (mirror) pods bound to itself",
                file,
                line,
                "scheduler_bind_pod",
                pod=key,
            )
        if isinstance(node, str) and node:
            self.bound[key] = node
            out.append(
                ObservedBinding(
                    t,
                    node,
                    key,
                    line,
                    file,
                    None
                    if node in self.nlc_taints
                    else dict.fromkeys(
                        BIND_PROPERTIES, "the audit log holds no creation of the Node a pod was bound to"
                    ),
                )
            )
        return out

    def _pod_updated(
        self,
        out: list[Item],
        pod: str,
        req: dict[str, Any],
        resp: dict[str, Any],
        t: float,
        file: str | None,
        line: int | None,
    ) -> list[Item]:
        """A bound pod's tolerations changed (`kubectl patch`, `kubectl edit`: validateOnlyAddedTolerations lets an
        existing toleration change only its tolerationSeconds).

        Upstream's taint-eviction controller re-runs processPodOnNode on the update: a running timer is kept for
        any new finite tolerationSeconds (the pod's declaration is kept), a pod that now tolerates every NoExecute
        taint of its Node for ever has its eviction cancelled, and one that no longer does gets a timer from now:
        for those two the pod is declared again with its new tolerations, bound. The new tolerations are the
        response's pod (RequestResponse level), else the request's list (an update, a merge patch: the list is
        replaced); a JSON Patch inside the list logged without its result leaves them unknown, and then no
        eviction is judged.
        """
        old = self.tols.get(pod)
        if old is None or pod in self.deleted:
            return out
        rspec, qspec = resp.get("spec"), req.get("spec")
        spec = rspec if isinstance(rspec, dict) and "tolerations" in rspec else qspec
        if not isinstance(spec, dict) or "tolerations" not in spec:
            return out
        tl = spec["tolerations"]
        tols = [x for x in tl if isinstance(x, dict)] if isinstance(tl, list) else []
        if not tols:
            # (tolerations cannot be removed: an empty list is a JSON Patch inside it, its result not logged)
            self._blind(
                ("no-execute-eviction", "untolerated-noexecute-pod-is-gone", "eviction-only-when-due"),
                f"pod {pod}'s tolerations were changed by a patch the log holds without its result (a JSON Patch "
                "logged at Request level): its tolerations from then are unknown, so evictions are not judged",
            )
            return out
        self.tols[pod] = tols
        node = self.bound.get(pod)
        if node is None and tols != old:
            # a pending pod: declared again with its new tolerations, which the scheduler's filters read when it
            # binds it (TaintToleration, NodeUnschedulable: pod.Spec.Tolerations; the queueing hint
            # isSchedulableAfterPodTolerationChange requeues it for this very update). Was: the pod's first
            # tolerations, so one bound after `kubectl patch` gave it the toleration of a cordon was a false
            # no-schedule-when-cordoned.
            out.append(normalise({"t": t, "event": "delete_pod", "pod": pod}, file, line))
            ev = {"t": t, "event": "declare_pod", "pod": pod, "tolerations": tols, "default_tolerations": False}
            if pod in self.requests:
                ev["request"] = self.requests[pod]
            out.append(normalise(ev, file, line))
            return out
        if node is None or node not in self.nlc_taints:
            return out
        from nodereg.model import rules as r

        # the Node's NoExecute taints as last written (a user's too: processPodOnNode reads every one; was: the
        # controller's keys only, so a pod's toleration change under a user's NoExecute taint was not read)
        written = self.taints.get(node)
        if written is not None:
            listed = [{"key": x[0], "value": x[1], "effect": x[2]} for x in written if len(x) == 4]
            taints = [x for x in listed if x["effect"] == "NoExecute"]
        else:
            taints = [{"key": k, "effect": "NoExecute"} for k in sorted(self.nlc_taints[node][1])]
        if not taints:
            return out
        before = r.eviction_delay_seconds(old, taints) is None
        after = r.eviction_delay_seconds(tols, taints) is None
        if before == after:
            return out
        from .compile import PI
        from .k8s import pod_bits

        out.append(normalise({"t": t, "event": "delete_pod", "pod": pod}, file, line))
        ev = {"t": t, "event": "declare_pod", "pod": pod, "tolerations": tols, "default_tolerations": False}
        if pod in self.requests:
            ev["request"] = self.requests[pod]
        rec = normalise(ev, file, line)
        # its bits against the Node's NoExecute taints, as a watch's reader computes them (the model keeps one
        # tolerationSeconds per pod: over every Ready slot it would be the not-ready toleration's too)
        bits = rec.extra["pod"]  # type: ignore[index]
        for k, v in pod_bits(tols, taints, None).items():
            bits[PI[k]] = v
        out.append(rec)
        out.append(ObservedBinding(t, node, pod, line, file, None))
        note = (
            f"pod {pod}'s tolerations changed on {node} at {_t(t)}: it "
            + (
                "now tolerates every NoExecute taint there for ever: its eviction is cancelled"
                if after
                else "no longer tolerates the NoExecute taints there for ever: its timer starts then"
            )
            + " (taint_eviction.go processPodOnNode on the pod's update)"
        )
        self.notes.append(note)
        return out

    def _pod_deleted(
        self,
        out: list[Item],
        pod: str,
        username: str,
        sub: Any,
        t: float,
        file: str | None,
        line: int | None,
        as_node: str | None = None,
    ) -> list[Item]:
        """A pod's deletion requested: a ``delete`` (``kubectl delete``, with or without
        gracePeriodSeconds; PodGC's force delete) or a ``pods/eviction`` create (``kubectl drain``, autoscalers:
        the Eviction API deletes it with its grace). The request is the act; the kubelet's final
        ``delete`` with grace 0 when the containers stopped, and the object's removal, are not.

        The taint-eviction controller (kube-controller-manager's taint-eviction-controller) deletes with
        the node-controller service account ("taint-manager uses existing cluster role from
        node-controller", cmd/kube-controller-manager/app/core.go startTaintEvictionController) after
        its DisruptionTarget status patch (tainteviction ``addConditionAndDeletePod``): its DELETE of a pod
        bound to a Node created in the log is ``taint_eviction_evict_pod``. Anyone's deletion removes the
        pod: it no longer counts on its Node. A pod the log never declared is left alone.
        """
        self.pod_deletes += 1
        if pod in self.deleted or (pod not in self.pods and pod not in self.bound):
            return out
        self.deleted.add(pod)
        node = self.bound.pop(pod, None)
        if as_node and node is not None and node != as_node:
            # admitPod (Delete) / admitPodEviction: a node deletes or evicts only pods with spec.nodeName
            # set to itself. Only a binding the log shows is judged: a pod without one in it may be bound
            # by a request the audit policy leaves out (so "unbound" is never concluded)
            self._viol(
                out,
                "node-restriction",
                as_node,
                f"the kubelet of {as_node} {'evicted' if sub == 'eviction' else 'deleted'} pod {pod}, bound to "
                f"node {node}, at {_t(t)}; NodeRestriction lets a node delete only pods bound to itself",
                file,
                line,
                "delete_pod",
                pod=pod,
            )
        if sub is None and username in NLC_USERS and node is not None and node in self.nlc_taints:
            ev = {"t": t, "event": "taint_eviction_evict_pod", "node": node, "pod": pod}
            self._ev(out, ev, file, line, taint_manager=True)  # (its own DELETE: eviction-not-early is judged)
        out.append(normalise({"t": t, "event": "delete_pod", "pod": pod}, file, line))
        return out

    def _readopt(self, out: list[Item], node: str, t: float, file: str | None, line: int | None) -> None:
        """A Node created again while pods the log showed bound to it are not deleted: they are its pods again.

        The model's Node deletion unbinds its pods at once (the pod garbage collector), but upstream's
        gcOrphaned deletes a pod of a missing Node only after quarantineTime (40 s,
        pkg/controller/podgc/gc_controller.go), so a kubelet registering again within it finds its pods still
        bound, and the taint-eviction controller acts on them (NodeUpdated(nil, node) lists the pods by
        nodeName: taint_eviction_test.go TestCreateNode). As the watch reader does (``_readopt``): each is
        declared again and taken as an observed binding, its bits against the new Node's taints (was: taken
        as gone, so the taint-eviction controller's deletion of one was a false eviction-only-when-due)."""
        for pod, bound in list(self.bound.items()):
            if bound != node or pod in self.deleted or pod not in self.tols:
                continue
            self._redeclare(out, pod, node, t, file, line)
            out.append(ObservedBinding(t, node, pod, line, file, None))

    def _redeclare(self, out: list[Item], pod: str, node: str, t: float, file: str | None, line: int | None) -> None:
        """Declare ``pod`` again with its toleration bits against ``node``'s taints as the log last showed them
        (what the taint-eviction controller reads once it is bound there)."""
        from .compile import PI
        from .k8s import pod_bits

        written = self.taints.get(node) or ()
        listed = [{"key": x[0], "value": x[1], "effect": x[2]} for x in written if len(x) == 4]
        ev = {"t": t, "event": "declare_pod", "pod": pod, "tolerations": self.tols[pod], "default_tolerations": False}
        if pod in self.requests:
            ev["request"] = self.requests[pod]
        rec = normalise(ev, file, line)
        bits = rec.extra["pod"]  # type: ignore[index]
        for k, v in pod_bits(self.tols[pod], listed, None).items():
            bits[PI[k]] = v
        out.append(rec)

    def _bind_bits(self, pod: str, node: str) -> dict[str, Any]:
        """A binding's toleration bits against the Node's taints as the log last showed them, as the watch
        reader computes them: the scheduler's filter (TaintToleration: NoSchedule and NoExecute taints), then,
        bound, what the taint-eviction controller reads (NoExecute taints, tolerationSeconds). Was: the bits of
        the pod's declaration, which know only the controller's taints, so a pod bound under a user's NoExecute
        taint it tolerates was taken as not tolerating it (a false no-execute-eviction, and a false
        no-schedule-with-untolerated-taint), and one it does not tolerate was not flagged."""
        written = self.taints.get(node)
        tols = self.tols.get(pod)
        if written is None or tols is None:
            return {}
        from nodereg.model import rules as r

        from .k8s import pod_bits, pod_gates

        listed = [{"key": x[0], "value": x[1], "effect": x[2]} for x in written if len(x) == 4]
        gates = pod_gates(tols, None)
        blocking = [
            f"{x['key']}{'=' + x['value'] if x['value'] else ''}:{x['effect']}"
            for x in listed
            if r.do_not_schedule_taints_filter(x) and not r.tolerations_tolerate_taint(tols, x, feature_gates=gates)
        ]
        return {
            "pod_bits": {pod: pod_bits(tols, listed, None, scheduling=True)},
            "untolerated": blocking,
            "pod_bits_after": {pod: pod_bits(tols, listed, None)},
        }

    def _unjudged_binding(self, pod: str, node: str, t: float) -> str | None:
        """Why a scheduler binding in the log cannot be judged, or None.

        The pod's creation is not in the log with its body: its tolerations (a DaemonSet's pods tolerate
        the cordon and the condition taints) are unknown. Or its Node was cordoned or had its taints
        written shortly before: the scheduler decides on its snapshot and binds in a later binding cycle
        (pkg/scheduler/schedule_one.go), after PreBind (VolumeBinding waits for the pod's volumes up to
        bindTimeoutSeconds, 600 s), and pods/binding checks neither.
        """
        if pod not in self.pods:
            return (
                f"for the binding of pod {pod} to node {node} at {_t(t)}: the audit log holds no creation of "
                "the pod with its body, so its tolerations are unknown"
            )
        since = self.blocked_at.get(node)
        if since is None:
            return None
        window = max(VOLUME_BIND_TIMEOUT, self.slack) if self.pods[pod] else self.slack
        if t - since > window:
            return None
        if self._never_admitted(pod, node, t - window):
            # every state the Node was in within the window refused the pod too (a Node already tainted
            # not-ready:NoSchedule that then gets not-ready:NoExecute): no decision of the scheduler's within it
            # chose the Node, as the watch reader judges it (``_decided_before``: the node admitted it until ...).
            # Was: any write of the Node's taints within the window, even one adding to a taint that already
            # refused the pod, left the binding unjudged
            return None
        why = f"for the binding of pod {pod} to node {node} at {_t(t)}: the node was cordoned or tainted at {_t(since)}"
        if self.pods[pod]:
            return why + (
                ", and its PersistentVolumeClaims are bound in the scheduler's PreBind (VolumeBinding, up "
                f"to bindTimeoutSeconds {VOLUME_BIND_TIMEOUT:.0f} s), after it chose the node"
            )
        return why + f", within --slack {self.slack:g} s: the scheduler may have chosen the node before"

    def _never_admitted(self, pod: str, node: str, since: float) -> bool:
        """Whether each state of ``node``'s taints and cordon from ``since`` on, as the log wrote them, refused ``pod``
        (TaintToleration: an untolerated NoSchedule or NoExecute taint; NodeUnschedulable: a cordon it does not
        tolerate); False where a state in that span is unknown (a JSON Patch, a Node created before the log)."""
        from nodereg.model import rules as r

        from .k8s import pod_gates

        tols = self.tols.get(pod)
        if tols is None:
            return False
        gates = pod_gates(tols, None)
        for end, taints, cordoned in reversed(self.blocked_hist.get(node, [])):
            if end < since:
                break
            if taints is None or cordoned is None:
                return False
            listed = [{"key": x[0], "value": x[1], "effect": x[2]} for x in taints if len(x) == 4]
            blocked = any(
                r.do_not_schedule_taints_filter(x) and not r.tolerations_tolerate_taint(tols, x, feature_gates=gates)
                for x in listed
            ) or (cordoned and not r.tolerations_tolerate_taint(tols, r.TAINT_UNSCHEDULABLE, feature_gates=gates))
            if not blocked:
                return False
        return True

    def kcm_downs(self) -> list[tuple[float, float, str]]:
        """Spans in which no kube-controller-manager led, as its leader Lease writes show: a gap between two of them
        longer than the lease duration (client-go's leader election renews every retryPeriod, 2 s, and gives up after
        RenewDeadline; a new holder takes the Lease only once it expired), where the log shows the renewals (the two
        writes before the gap within a lease duration of each other: a policy logging them all)."""
        ts = sorted(self.kcm_lease_t)
        downs = []
        for i in range(1, len(ts)):
            a, b = ts[i - 1], ts[i]
            if b - a > KCM_LEASE_DURATION and i >= 2 and a - ts[i - 2] <= KCM_LEASE_DURATION:
                downs.append(
                    (
                        a,
                        b,
                        f"its kube-system/kube-controller-manager leader Lease, renewed every {a - ts[i - 2]:.0f} s "
                        f"until {_t(a)}, not written again until {_t(b)}",
                    )
                )
        return downs

    def _ensure_cert(self, out: list[Item], node: str, t: float, file: str | None, line: int | None) -> None:
        if node not in self.has_cert:
            self.has_cert.add(node)
            for e in ("kubelet_request_certificate", "csr_approver_approve", "kubelet_obtain_certificate"):
                if e == "kubelet_request_certificate" and node in self.requested:
                    continue
                self._ev(out, {"t": t, "event": e, "node": node, "inferred": True}, file, line)

    def _nodes(
        self,
        out: list[Item],
        as_node: str | None,
        username: str,
        groups: list[Any],
        verb: Any,
        sub: Any,
        name: Any,
        obj: dict[str, Any],
        req: dict[str, Any],
        t: float,
        file: str | None,
        line: int | None,
    ) -> list[Item]:
        if not isinstance(name, str) and verb != "create":
            return out
        ua = self.ua
        if verb == "create" and sub is None:
            node = name or (obj.get("metadata") or {}).get("name")
            if not isinstance(node, str):
                return out
            if as_node != node and _admin_creation(username, ua):
                # an administrator's Node (`kubectl create -f node.yaml` for a kubelet run with --register-node=false):
                # neither the node authorizer (NodeAuthorizer.Authorize: no opinion on a non-node user) nor
                # NodeRestriction (Admit: requests from non-nodes are not its business) stops it, and the kubelet then
                # writes the Node's status and Lease with its own client certificate; not a kubelet's registration
                # under another identity (was: no-registration-without-credentials, a false alarm)
                note = (
                    f"Node {node} was created at {_t(t)} by {username} ({ua or 'no user agent'}), as for a kubelet run "
                    "with --register-node=false: an administrator's Node, not a kubelet registering under another "
                    "identity"
                )
                if note not in self.notes:
                    self.notes.append(note)
            elif as_node != node:
                self._viol(
                    out,
                    "no-registration-without-credentials",
                    node,
                    f"Node {node} was created at {_t(t)} by {username} (groups {', '.join(map(str, groups))}), "
                    f"not by its kubelet's identity system:node:{node} in group system:nodes",
                    file,
                    line,
                    "kubelet_register_node",
                )
            if not obj:
                # logged without its body (level Metadata): who created it is known, not what
                self._unseen(node)
                return out
            self._ensure_cert(out, node, t, file, line)
            status = obj.get("status") or {}
            cap = cpu_millis((status.get("capacity") or {}).get("cpu"))
            alloc = cpu_millis((status.get("allocatable") or {}).get("cpu"))
            self.cpu[node] = (cap, alloc)
            spec = obj.get("spec") or {}
            # initialNode ends with setNodeStatus: the create carries the kubelet's conditions
            from .k8s import node_vars

            # --register-with-taints: the model's user-taint slot, as the watch reader registers it (was: left out, so
            # a registration taint such as karpenter.sh/unregistered:NoExecute was never on the Node, and a pod bound
            # under it passed)
            slot = node_vars({"spec": {"taints": spec.get("taints") or []}})
            ev: dict[str, Any] = {
                "t": t,
                "event": "kubelet_register_node",
                "node": node,
                "register_unschedulable": bool(spec.get("unschedulable")),
                "register_with_taint": bool(slot.get("taint_custom")),
                "taint_effect": slot.get("custom_effect", "NoSchedule"),
                "ready": (conditions(obj).get("Ready") or {}).get("status") == "True",
                "memory_pressure": (conditions(obj).get("MemoryPressure") or {}).get("status") == "True",
            }
            if cap is not None:
                ev["capacity"], ev["reserved"] = cap, max(cap - (alloc if alloc is not None else cap), 0)
            if as_node == node:
                # with what the watch reader registers a Node with from its object: an external cloud provider's
                # uninitialized taint and a NetworkUnavailable=True condition are the model's too
                # (--cloud-provider=external: kubelet_node_status.go initialNode adds TaintExternalCloudProvider)
                stored = node_vars(obj)
                ev["external_cloud"] = bool(stored.get("taint_uninitialized"))
                ev["needs_routes"] = bool(stored["network_unavailable"])
                self.netunav[node] = ev["needs_routes"]
                # the Node as stored (the response) is what the registration must have made, as the watch reader
                # expects it of a Node created in a capture: a kubelet's Node without a Ready condition (initialNode
                # ends with setNodeStatus) is then told from the model's (was: not compared, so it conformed in an
                # audit log and was flagged in its watch capture). NodeTaint admission's not-ready:NoSchedule is
                # compared too, as the watch reader does: on by default, it adds it to every Node created
                # (plugin/pkg/admission/nodetaint/admission.go Admit -> addNotReadyTaint), so the response of a
                # create holds it (was: left out, and a Node stored without it conformed in an audit log while its
                # watch capture was flagged).
                if obj is req:
                    # Logged without its response (a policy at level Request): the request is the kubelet's body,
                    # logged before admission (endpoints/handlers/create.go createHandler -> audit.LogRequestObject),
                    # so its conditions and its own taints are the stored Node's but admission's taint is not in it:
                    # that taint is not compared, and the properties about it are not checked (was: "checked",
                    # and a Node stored without it conformed)
                    stored.pop("taint_not_ready_ns", None)
                    self._blind(
                        ADMISSION_PROPERTIES,
                        "the audit log records Node creations without their response (level Request): the Node as "
                        "stored, with NodeTaint admission's not-ready:NoSchedule, is not in it",
                    )
                ev["expect"] = stored
            # its zone as handleDisruption keys it (GetZoneKey), from the labels it was created with
            labels = (obj.get("metadata") or {}).get("labels")
            self.labels[node] = dict(labels) if isinstance(labels, dict) else {}
            self.taints[node] = _taint_list(spec.get("taints"))
            names = _custom_names(self.taints[node])
            self._ev(out, ev, file, line, **zone_extra({"metadata": {"labels": self.labels[node]}}), **names)
            self.nlc_taints[node] = _nlc_taints(spec.get("taints"))
            self.cordoned[node] = bool(spec.get("unschedulable"))
            self.taints_written[node] = False
            self.preexisting.discard(node)
            if node in self.gone:
                self.gone.discard(node)
                self._readopt(out, node, t, file, line)
            return out
        if verb in ("update", "patch"):
            if as_node and as_node != name:
                self._viol(
                    out,
                    "node-restriction",
                    name,
                    f"the kubelet of {as_node} modified Node {name} "
                    f"({'status' if sub == 'status' else 'object'}) at {_t(t)}: NodeRestriction refuses it "
                    f'(node "{as_node}" is not allowed to modify node "{name}")',
                    file,
                    line,
                    "kubelet_post_status",
                )
                return out
            before = self.taints.get(name)
            written = self._written_taints(verb, sub, req, obj)
            if (
                username in NLC_USERS
                and sub is None
                and written is not _UNTOUCHED
                and written != before
                and self.o is not None
                and not getattr(self.o, "node_writes_seen", True)
                and not getattr(self.o, "inferred_ns_pass", True)
            ):
                # The policy logs the node lifecycle controller's taint writes with their bodies (doNoScheduleTaint-
                # ingPass -> controller.SwapNodeControllerTaint -> AddOrUpdateTaintOnNode / RemoveTaintOffNode ->
                # PatchNodeTaints: a PATCH of nodes, no subresource, by node-controller), so from here on a taint
                # pass the log does not hold did not happen, as in a watch of the Nodes (was: inferred for every
                # audit log, and a cordon never tainted conformed while its watch was flagged). Only a write that
                # changes taints counts: another write by the same service account (nodeipam's podCIDR patch) says
                # less of what the log holds. And not once the core inferred a pass before this evidence came: its
                # state then holds taints the log never showed written or removed, which the writes that follow are
                # not read against (the passes stay inferred; the properties about them say "not checked",
                # ``_inferred_taint_passes``)
                self.o.node_writes_seen = True
            if name in self.taints and written is not _UNTOUCHED:
                self.taints[name] = written  # type: ignore[assignment]
                self.taints_written[name] = True
            if (
                name in self.nlc_taints
                and before is not None
                and written is not None
                and written is not _UNTOUCHED
                and _uninitialized(before)
                and not _uninitialized(written)
            ):
                # the cloud node controller initialised the Node (k8s.io/cloud-provider controllers/node
                # node_controller.go syncNode -> the taint node.cloudprovider.kubernetes.io/uninitialized removed), as
                # the watch reader reads it (was: never read in an audit log, so the model kept the taint and a pod
                # bound there after it went was a false no-schedule-with-untolerated-taint, hidden until round 15 by
                # any unjudged binding before it, which silenced the binding properties for the rest of the log)
                self._ev(out, {"t": t, "event": "cloud_node_initialize", "node": name}, file, line)
            if name in self.nlc_taints:
                self._pressure_seen(name, sub, req, obj, t)
            if as_node and self._kubelet_changed_taints(name, verb, before, written, req):
                self._viol(
                    out,
                    "node-restriction",
                    name,
                    f"the kubelet of {name} changed the taints of its "
                    f"existing Node at {_t(t)}; NodeRestriction forbids it",
                    file,
                    line,
                    "kubelet_post_status",
                )
                return out
            if as_node and sub == "status":
                if name not in self.nlc_taints:
                    # the status of a Node created before the log: the API server found it (a patch of a
                    # Node that does not exist is answered 404), in a state the log does not hold (was: read
                    # as a status post on a Node the model knows no object of: a false
                    # absent-node-has-no-object-data on every audit log of a running cluster)
                    # (who wrote it is still read: the kubelet holds its credentials)
                    self._unseen(name)
                    self._ensure_cert(out, as_node, t, file, line)
                    return out
                # (a status patch carries capacity and allocatable only when they changed)
                if name in self.cpu and name not in self.resized and cpu_changed(self.cpu[name], node_cpu(obj or req)):
                    self.resized[name] = t
                if name in self.resized:
                    # the allocatable the scheduler reads from now (``k8s.resized_misfit``), when the write shows it
                    alloc_now = node_cpu(obj or req)[1]
                    if alloc_now is not None:
                        self.alloc_now[name] = alloc_now
                ready = conditions(obj).get("Ready") or conditions(req).get("Ready")
                if ready and ready.get("status") in ("True", "False"):
                    mp = (conditions(obj).get("MemoryPressure") or {}).get("status") == "True"
                    self._ensure_cert(out, as_node, t, file, line)
                    self._ev(
                        out,
                        {
                            "t": t,
                            "event": "kubelet_post_status",
                            "node": as_node,
                            "ready": ready["status"] == "True",
                            "memory_pressure": mp,
                        },
                        file,
                        line,
                    )
                return out
            labels = (req.get("metadata") or {}).get("labels")
            if sub is None and name in self.labels and isinstance(labels, dict):
                self._relabel(out, name, labels, verb, t, file, line)
            if sub == "status" and name in self.nlc_taints:
                self._network(out, name, obj, req, t, file, line)
            if not as_node and username not in NLC_USERS and name in self.nlc_taints:
                self._user_taints(out, name, before, written, t, file, line)
            elif username in NLC_USERS and name in self.nlc_taints and _unmodelled(before) != _unmodelled(written):
                # its disk-pressure / pid-pressure NoSchedule taints (doNoScheduleTaintingPass,
                # nodeConditionToTaintKeyStatusMap) are no taints of the model: read as the watch reader reads
                # them, in the Node's other-taints slot, so that the scheduler's TaintToleration filter is
                # judged against them (was: skipped, a web pod bound under disk-pressure passed)
                self._user_taints(out, name, before, written, t, file, line)
            if (
                not as_node
                and sub is None
                and ("taints" in (req.get("spec") or {}) or (req.get("spec") or {}).get("unschedulable"))
            ):
                self.blocked_at[name] = t  # what the scheduler's filters read changed (``_unjudged_binding``)
                # and what they read until then (taints before this write, cordon before it; None: unknown, and so
                # are taints known only from the Node's creation: NodeTaint's not-ready taint, whose removal by the
                # controller a log may not hold)
                known = before if self.taints_written.get(name) else None
                self.blocked_hist.setdefault(name, []).append((t, known, self.cordoned.get(name)))
            # a PUT (update) carries the whole Node: one that leaves spec.unschedulable out clears it (an operator's
            # client-go Update after setting Unschedulable false; kubectl's CordonHelper.PatchOrReplace falls back to
            # it); a patch that leaves it out leaves it as it was (was: only a body naming it was read, so an uncordon
            # by PUT kept the Node cordoned, and a binding after it was a false no-schedule-when-cordoned)
            whole = verb == "update" and isinstance(req.get("spec"), dict)
            if not as_node and sub is None and ("unschedulable" in (req.get("spec") or {}) or whole):
                cordon = bool((req.get("spec") or {}).get("unschedulable"))
                if name in self.cordoned and self.cordoned[name] is not cordon:
                    # a write that leaves spec.unschedulable as the log last showed it (a PUT of the whole Node:
                    # kubectl replace / edit, cluster-autoscaler's taint Update of a cordoned Node) cordons
                    # nothing (was: read as a second cordon, which the model forbids on a cordoned Node: a false
                    # control-state-matches-definition). Only a Node created in the log: of one created before it
                    # the model holds no object, as for the node lifecycle controller's writes below (was: the
                    # cordon read all the same, a false absent-node-has-no-object-data and
                    # control-state-matches-definition for every ``kubectl cordon`` of such a Node; kubectl's TestCordon
                    # "cordon for multiple nodes")
                    self._ev(
                        out,
                        {"t": t, "event": "admin_cordon" if cordon else "admin_uncordon", "node": name},
                        file,
                        line,
                    )
                if name in self.cordoned:
                    if self.cordoned[name] is not cordon:
                        self.cordon_changed[name] = t
                    self.cordoned[name] = cordon
            if username in NLC_USERS and name in self.nlc_taints:
                # only for a Node whose registration the log holds: of one created before the log
                # the model knows no state to move (its events are not judged, as before)
                if not obj and not req:
                    self._blind(
                        NLC_PROPERTIES,
                        "the audit log records the node lifecycle controller's writes "
                        "without their bodies (level Metadata): what it wrote is not in it",
                    )
                else:
                    self._nlc(out, name, sub, obj, req, t, file, line)
            return out
        if verb == "delete" and sub is None:
            if as_node and as_node != name:
                # admitNode: "node %q is not allowed to modify node %q", for every operation (was: read
                # as an admin's deletion, never flagged)
                self._viol(
                    out,
                    "node-restriction",
                    name,
                    f"the kubelet of {as_node} deleted Node {name} at {_t(t)}: NodeRestriction refuses it "
                    f'(node "{as_node}" is not allowed to modify node "{name}")',
                    file,
                    line,
                    "admin_delete_node",
                )
            self.taints.pop(name, None)
            if name in self.nlc_taints:
                self.gone.add(name)
                self._ev(out, {"t": t, "event": "admin_delete_node", "node": name}, file, line)
            # a Node created before the log is no object of the model: its deletion moves nothing, as the watch
            # reader ignores the deletion of a Node it never saw (was: admin_delete_node on a node the model knew
            # only as a kubelet holding its certificate -- from its Lease renewals -- an undeclared edge, a false
            # control-state-matches-definition when `kubectl delete node` cleared a stuck Node whose kubelet then
            # registered it again)
        return out

    def _network(
        self, out: list[Item], name: str, obj: dict[str, Any], req: dict[str, Any], t: float, file: Any, line: Any
    ) -> None:
        """A status write that changes NetworkUnavailable on a Node created in the log, read as the watch reader
        reads the Node: True (the route controller's updateNetworkingCondition, reason NoRouteCreated, or a CNI
        agent) is taken as observed (no model event sets it on a registered Node), False is ``cloud_route_created``
        (RouteCreated). The node lifecycle controller's network-unavailable:NoSchedule (doNoScheduleTaintingPass,
        nodeConditionToTaintKeyStatusMap) then follows, and the scheduler's TaintToleration filter is judged
        against it. Was: never read in an audit log, so the model kept the condition False, and a web pod bound
        under network-unavailable:NoSchedule conformed (its watch capture was flagged)."""
        cond = conditions(obj).get("NetworkUnavailable") or conditions(req).get("NetworkUnavailable") or {}
        status = cond.get("status")
        if status not in ("True", "False"):
            return
        now = status == "True"
        if now == self.netunav.get(name, False):
            return
        self.netunav[name] = now
        if now:
            from .compile import NI

            self._ev(
                out,
                {"t": t, "event": "declare_node", "node": name},
                file,
                line,
                adopt={NI["network_unavailable"]: True},
            )
        else:
            self._ev(out, {"t": t, "event": "cloud_route_created", "node": name}, file, line)

    def _pressure_seen(self, name: str, sub: Any, req: dict[str, Any], obj: dict[str, Any], t: float) -> None:
        """A write of a Node created in the log: its DiskPressure / PIDPressure as the write states them (a status
        patch names only what changed: the others stand) and its taints as now known (unknown: not judged)."""
        st = self.pstatus.setdefault(name, {})
        if sub == "status" or obj is not req:
            for c in UNMODELLED_PRESSURE_TAINTS:
                cond = conditions(obj).get(c) or conditions(req).get(c) or {}
                if cond.get("status") in ("True", "False", "Unknown"):
                    st[c] = cond["status"]
        written = self.taints.get(name)
        if written is None:
            self.pressure.forget(name)  # (its taints unknown: a JSON Patch, a write without body)
            return
        taints = [{"key": x[0], "value": x[1], "effect": x[2]} for x in written if len(x) == 4]
        self.pressure.observe(name, t, dict(st), taints, None)

    def pressure_due(self, file: str | None, line: int | None) -> list[Item]:
        """The DiskPressure / PIDPressure taints the node lifecycle controller owes past ``--slack``, at this line."""
        if not self.pressure.owed:
            return []
        out: list[Item] = []
        for node, prop, msg, _deadline, _want, _listed in self.pressure.due(self.t, self.gone):
            self._viol(out, prop, node, msg, file, line, "nlc_sync_noschedule_taints")
        return out

    def _user_taints(
        self, out: list[Item], name: str, before: Any, written: Any, t: float, file: str | None, line: int | None
    ) -> None:
        """A user's or another component's write of a Node's taints (`kubectl taint`, cluster-autoscaler, Karpenter,
        the out-of-service taint of a non-graceful shutdown), read as the watch reader reads the Node's new taints:
        the model's user-taint slot (``node_vars``: the strongest effect among the taints no controller of the model
        owns) changed is ``admin_untaint_node`` / ``admin_taint_node``, and the bound pods' tolerations are taken
        against the new list. Upstream's taint-eviction controller acts on any NoExecute taint
        (``handleNodeUpdate`` -> ``processPodOnNode``): a pod that does not tolerate it is deleted at once, one
        tolerating it for tolerationSeconds then, and a taint removed cancels the timers. (Was: only the node
        lifecycle controller's taints were read, so its evictions under a user's NoExecute taint were reported
        as not due, and a pod never evicted from under one passed.)"""
        if written is _UNTOUCHED or written is None or before is None or written == before:
            return
        from .k8s import node_vars

        def slot(ts: Any) -> tuple[bool, Any]:
            taints = [{"key": x[0], "value": x[1], "effect": x[2]} for x in ts if len(x) == 4]
            v = node_vars({"spec": {"taints": taints}})
            return bool(v.get("taint_custom")), v.get("custom_effect")

        old, new = slot(before), slot(written)
        retol = {**self._retolerate(name), **_custom_names(written)}
        if old == new:
            if retol:
                # another taint next to the one the slot stands for: only the pods' tolerations change
                self._ev(out, {"t": t, "event": "declare_node", "node": name}, file, line, **retol)
            return
        if old[0]:
            self._ev(out, {"t": t, "event": "admin_untaint_node", "node": name}, file, line, **retol)
        if new[0]:
            ev = {"t": t, "event": "admin_taint_node", "node": name, "taint_effect": new[1]}
            self._ev(out, ev, file, line, **retol)

    def _written_taints(self, verb: Any, sub: Any, req: dict[str, Any], obj: dict[str, Any]) -> Any:
        """The Node's spec.taints after an admitted write: ``_UNTOUCHED`` when the write leaves them as they
        were (a status write: the status strategy keeps spec; a patch not naming them), None when the
        log does not say (no body; a JSON Patch, whose taint operations may be partial)."""
        if sub is not None:
            return _UNTOUCHED
        if obj is not req and isinstance(obj.get("spec"), dict):
            return _taint_list(obj["spec"].get("taints"))  # the response: the object as stored
        if verb == "update":
            # an update replaces the object: taints left out of its body are removed
            return _taint_list((req.get("spec") or {}).get("taints")) if req else None
        spec = req.get("spec")
        if isinstance(spec, dict) and "taints" in spec:
            # NodeSpec.taints has no patch strategy: a merge patch replaces the list whole
            return None if self.json_patch else _taint_list(spec["taints"])
        return None if not req else _UNTOUCHED

    def _kubelet_changed_taints(self, name: str, verb: Any, before: Any, written: Any, req: dict[str, Any]) -> bool:
        """Whether a kubelet's admitted write of its own Node changed its taints, which admitNode refuses
        ("node %q is not allowed to modify taints": apiequality.Semantic.DeepEqual of the old and new
        spec.taints, nil and empty alike). Writing the same taints (a kubelet's update of its whole Node)
        is admitted (was: any write naming spec.taints was flagged, upstream's "allow update of my
        node: no change to taints"); removing them by leaving them out of an update is not (was: missed)."""
        if written is _UNTOUCHED:
            return False
        if before is not None and written is not None:
            return bool(before != written)
        if verb == "patch" and not self.json_patch and "taints" not in (req.get("spec") or {}):
            # a merge patch not naming spec.taints leaves them as they were (a Node's labels patched with the
            # kubelet's credentials, as Talos's NodeApplyController does): admitNode compares the taints after
            # the patch with those before, equal (was: the response's taints, with none known before, taken as
            # a change: a false node-restriction on a Node created before the log)
            return False
        if verb == "patch":
            return True  # a kubelet's patch naming spec.taints, before or after unknown: kubelets send none
        if name not in self.taints_unjudged:
            self.taints_unjudged.add(name)
            self.notes.append(
                f"the kubelet of {name} updated its Node, whose taints before are not in the audit log "
                "(created before it began, or written without a body): whether it changed them "
                "(NodeRestriction refuses that) is not judged"
            )
        return False

    def _relabel(
        self,
        out: list[Item],
        name: str,
        labels: dict[str, Any],
        verb: Any,
        t: float,
        file: str | None,
        line: int | None,
    ) -> None:
        """A Node's labels written (cloud-controller-manager's node controller labelling a Node registered
        without a zone, ``kubectl label``): a patch merges (null removes), an update replaces. Its zone is
        read again if it changed: handleDisruption keys zones by the labels at every pass (GetZoneKey)."""
        old = self.labels[name]
        new = {k: v for k, v in {**old, **labels}.items() if v is not None} if verb == "patch" else dict(labels)
        self.labels[name] = new
        before, after = zone_extra({"metadata": {"labels": old}}), zone_extra({"metadata": {"labels": new}})
        if before != after:
            self._ev(
                out,
                {"t": t, "event": "declare_node", "node": name},
                file,
                line,
                zone=after.get("zone"),
                disruption_excluded=bool(after.get("disruption_excluded")),
            )

    def _nlc(
        self,
        out: list[Item],
        name: str,
        sub: Any,
        obj: dict[str, Any],
        req: dict[str, Any],
        t: float,
        file: str | None,
        line: int | None,
    ) -> None:
        """The node lifecycle controller's own writes, as the watch reader reads them from the Node.

        ``tryUpdateNodeHealth`` past the grace period sets Ready (and the other kubelet conditions)
        Unknown with one status update: ``nlc_monitor_node_health`` marking it Unknown. Its taint
        passes patch ``spec.taints`` with the whole new list (``PatchNodeTaints``): a change of the
        condition NoSchedule taints is ``nlc_sync_noschedule_taints``, of the not-ready/unreachable
        NoExecute ones ``nlc_sync_noexecute_taints``.
        """
        if sub == "status":
            ready = conditions(obj).get("Ready") or conditions(req).get("Ready")
            if ready and ready.get("status") == "Unknown":
                self._ev(
                    out, {"t": t, "event": "nlc_monitor_node_health", "node": name, "marks_unknown": True}, file, line
                )
            return
        if sub is not None:
            return
        taints = _nlc_written(obj, req)
        if taints is None:
            return
        new = _nlc_taints(taints)
        old = self.nlc_taints.get(name, (frozenset(), frozenset()))
        self.nlc_taints[name] = new
        if new[0] != old[0]:
            ev: dict[str, Any] = {"t": t, "event": "nlc_sync_noschedule_taints", "node": name}
            settled = t - self.cordon_changed.get(name, float("-inf")) > self.slack
            if UNSCHEDULABLE_KEY in new[0] and UNSCHEDULABLE_KEY not in old[0] and settled:
                # the unschedulable taint it added, as the watch reader expects it of the Node: doNoScheduleTaintingPass
                # adds it only to a cordoned Node (``node.Spec.Unschedulable``), so a write adding it to a Node whose
                # cordon has stood longer than --slack is judged (was: the event alone, whose model step computes the
                # taints, so the controller tainting a Node never cordoned went unseen; kubectl's TestCordon rows).
                # Within --slack of an uncordon the pass may come from the lister's copy before it: not judged
                ev["expect"] = {"taint_unschedulable": True}
            self._ev(out, ev, file, line)
        if new[1] != old[1]:
            # what it wrote, as the watch reader expects it of the Node after the write: a controller tainting
            # a Ready Node NoExecute (or leaving a stale one) is then told from one doing what the model says
            # (was: the event alone, whose model step computes the taints, so a wrong write went unseen)
            expect = {
                "taint_not_ready_ne": "node.kubernetes.io/not-ready" in new[1],
                "taint_unreachable_ne": "node.kubernetes.io/unreachable" in new[1],
            }
            self._ev(
                out,
                {"t": t, "event": "nlc_sync_noexecute_taints", "node": name, "expect": expect},
                file,
                line,
                **self._retolerate(name),
            )

    def _retolerate(self, name: str) -> dict[str, Any]:
        """The toleration bits of the pods bound to ``name`` against its NoExecute taints as now written, as the
        watch reader computes them when a Node's taints change.

        Upstream's processPodOnNode takes getMinTolerationTime over the tolerations that *match the Node's
        current* NoExecute taints (GetMatchingTolerations): a pod tolerating not-ready for 300 s and
        unreachable for 30 s is evicted 300 s after a not-ready:NoExecute taint (the kubelet's own
        Ready=False). The declaration's number is the smallest over both (was: taken as the timer whatever the
        Node's taint, a false no-execute-eviction 30 s in). A running timer is kept on a swap (``Oracle._pod_bits``).
        """
        from .k8s import pod_bits

        written = self.taints.get(name)
        if written is not None:
            listed = [{"key": x[0], "value": x[1], "effect": x[2]} for x in written if len(x) == 4]
        else:
            # (a JSON Patch or a body-less write: the controller's own keys are what the log shows)
            listed = [{"key": k, "effect": "NoExecute"} for k in sorted(self.nlc_taints[name][1])]
        bits = {
            pod: pod_bits(self.tols[pod], listed, None)
            for pod, node in self.bound.items()
            if node == name and pod in self.tols and pod not in self.deleted
        }
        return {"pod_bits": bits} if bits else {}


#: the condition taints the node lifecycle controller writes that the model has no slot of (its one pressure
#: condition is MemoryPressure): read into the Node's other-taints slot, as a watch of the Node reads them
_UNMODELLED_NLC = frozenset(("node.kubernetes.io/disk-pressure", "node.kubernetes.io/pid-pressure"))


def _unmodelled(taints: Any) -> frozenset[tuple[Any, ...]]:
    """The unmodelled condition taints among ``taints`` as ``_taint_list`` gives them (none when unknown)."""
    if not isinstance(taints, tuple):
        return frozenset()
    return frozenset(x[:3] for x in taints if len(x) == 4 and x[0] in _UNMODELLED_NLC)


def _custom_names(taints: tuple[tuple[Any, ...], ...]) -> dict[str, Any]:
    """The Node's real user taints (``key=value:Effect``) for the messages, as the watch reader gives them."""
    from .k8s import SLOT_KEYS

    names = [f"{x[0]}{'=' + x[1] if x[1] else ''}:{x[2]}" for x in taints if len(x) == 4 and x[0] not in SLOT_KEYS]
    return {"custom_taints": names}


def _nlc_written(obj: dict[str, Any], req: dict[str, Any]) -> list[Any] | None:
    """The Node's spec.taints after a write of the node lifecycle controller, or None when the log does not say.

    Its taint writes are ``PatchNodeTaints`` (pkg/controller/controller_utils.go): a strategic merge patch made by
    ``CreateTwoWayMergePatch`` of the Node and a copy with the new taints. Removing its last taint leaves
    ``Spec.Taints`` nil, which the patch states as ``"taints": null`` and the stored object (``omitempty``)
    leaves out: both mean "no taints" (was: neither a list, so the write was skipped and the model kept the
    NoExecute taint markNodeAsReachable had just removed -- a false ready-node-sheds-ready-taints on every
    kubelet that registers NotReady and turns Ready, as kubelets do)."""
    if obj is not req and isinstance(obj.get("spec"), dict):
        taints = obj["spec"].get("taints")  # the response: the Node as stored
        return taints if isinstance(taints, list) else []
    spec = req.get("spec")
    if isinstance(spec, dict) and "taints" in spec:
        taints = spec["taints"]
        return taints if isinstance(taints, list) else [] if taints is None else None
    return None


def _nlc_taints(taints: Any) -> tuple[frozenset[str], frozenset[str]]:
    """The controller-written NoSchedule and NoExecute taint keys of a taint list."""
    ts = [x for x in (taints or []) if isinstance(x, dict)] if isinstance(taints, list) else []
    return (
        frozenset(x.get("key") for x in ts if x.get("effect") == "NoSchedule" and x.get("key") in NLC_NOSCHEDULE),
        frozenset(x.get("key") for x in ts if x.get("effect") == "NoExecute" and x.get("key") in NLC_NOEXECUTE),
    )


#: a write that leaves a Node's taints as they were (``AuditAdapter._written_taints``)
_UNTOUCHED = object()


def _uninitialized(taints: Any) -> bool:
    """The cloud uninitialized taint (``UNINITIALIZED``) is among ``taints`` (``_taint_list``)."""
    return any(x[0] == UNINITIALIZED for x in taints)


def _taint_list(v: Any) -> tuple[tuple[Any, ...], ...]:
    """spec.taints as apiequality.Semantic.DeepEqual compares them: in order, absent and empty alike,
    timeAdded as a time (not as its spelling)."""
    out = []
    for x in v if isinstance(v, list) else []:
        if not isinstance(x, dict):
            out.append((repr(x),))
            continue
        added = x.get("timeAdded")
        try:
            when: Any = parse_time(added, "timeAdded", None, None) if added else None
        except InputError:
            when = added
        out.append((x.get("key") or "", x.get("value") or "", x.get("effect") or "", when))
    return tuple(out)


def _obj(ev: dict[str, Any], key: str, file: str | None, line: int | None) -> dict[str, Any]:
    v = ev.get(key)
    if v is None:
        return {}
    if not isinstance(v, dict):
        raise InputError(f"{key}: expected an object, got {json_type(v)}", file, line)
    return v


def _body(v: Any, key: str, file: str | None, line: int | None) -> dict[str, Any]:
    """A request or response body as an object of the fields the adapter reads.

    A ``kubectl patch --type=json`` request body is a JSON Patch (an array of operations): its
    ``add``/``replace`` of ``/spec/unschedulable``, ``/spec/taints`` and ``/status/conditions`` are read
    as the object they write; ``remove`` of ``/spec/unschedulable`` as ``false``. The sub-objects read
    (``metadata``, ``spec``, ``status``) must be objects; the adapter then needs no type checks.
    """
    if v is None:
        return {}
    if isinstance(v, list) and key == "requestObject":
        out: dict[str, Any] = {}
        for op in v:
            if not isinstance(op, dict) or not isinstance(op.get("path"), str):
                continue
            parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
            if len(parts) < 2 or parts[0] not in ("spec", "status", "metadata"):
                continue
            top = out.setdefault(parts[0], {})
            if op.get("op") in ("add", "replace") and len(parts) == 2:
                top[parts[1]] = op.get("value")
            elif op.get("op") == "remove" and parts[1:] == ["unschedulable"]:
                top["unschedulable"] = False
            elif op.get("op") in ("add", "replace", "remove") and len(parts) > 2:
                top.setdefault(parts[1], [])  # a change inside a list (one taint): the field was written
        v = out
    if not isinstance(v, dict):
        raise InputError(f"{key}: expected an object (or a JSON Patch array), got {json_type(v)}", file, line)
    if v.get("kind") in ("Status", "DeleteOptions") and str(v.get("apiVersion", "v1")).split("/")[-1] in (
        "v1",
        "__internal",
    ):
        # a delete's options and its answer (``{"kind": "Status", "status": "Success"}``): no object
        return {}
    for part in ("metadata", "spec", "status", "target"):
        if v.get(part) is not None and not isinstance(v[part], dict):
            raise InputError(f"{key}.{part}: expected an object, got {json_type(v[part])}", file, line)
    status = v.get("status") or {}
    for k in ("capacity", "allocatable"):
        if status.get(k) is not None and not isinstance(status[k], dict):
            raise InputError(f"{key}.status.{k}: expected an object, got {json_type(status[k])}", file, line)
    conds = status.get("conditions")
    if conds is not None and not (isinstance(conds, list) and all(isinstance(c, dict) for c in conds)):
        raise InputError(f"{key}.status.conditions: expected a list of objects", file, line)
    return v


def _t(t: float) -> str:
    from .record import fmt_time

    return fmt_time(t)


#: what an audit log shows of Nodes created before it began: who wrote what (the adapter's own
#: identity checks, and the CSRs the log holds), not the Nodes' state
IDENTITY_PROPERTIES = (
    "no-registration-without-credentials",
    "node-restriction",
    "certificate-needs-approval",
    "only-requested-csr-approved",
)


def _wrapper(ev: Any) -> str:
    """What a log shipper's record around an audit event is, for the error that it is none.

    A managed cluster's audit log exported from its cloud: Azure's diagnostic record (AKS: ``category``
    kube-audit or kube-audit-admin, the Event in ``properties.log``, a JSON string or an object); Google
    Cloud Logging's entry (GKE: a Cloud Audit Log in ``protoPayload``, another schema, no Event inside).
    And the audit Policy itself (``kind: Policy``, the README's policy.yaml), given for the log it makes.
    """
    if not isinstance(ev, dict):
        return ""
    props = ev.get("properties")
    if isinstance(props, dict) and "log" in props and str(ev.get("category", "")).startswith("kube-audit"):
        return (
            f"; got an Azure diagnostic record (category {ev['category']}) holding one in properties.log: "
            "unwrap it first (jq -c '.properties.log | if type == \"string\" then fromjson else . end')"
        )
    if isinstance(ev.get("protoPayload"), dict):
        return "; got a Google Cloud Logging entry (protoPayload: a Cloud Audit Log, not a Kubernetes audit event)"
    if ev.get("kind") == "Policy" and str(ev.get("apiVersion", "")).startswith("audit.k8s.io/"):
        # the file kube-apiserver --audit-policy-file reads (what to log), easily named for the log it writes
        return (
            "; got an audit Policy (kube-apiserver --audit-policy-file: what to log), not the log it makes: "
            "check the file of --audit-log-path"
        )
    return ""


#: what the taint-eviction controller's deletions show (``_no_pod_deletes``)
EVICTION_PROPERTIES = ("no-execute-eviction", "untolerated-noexecute-pod-is-gone")


def _no_pod_deletes(adapter: AuditAdapter, rep: Sink) -> None:
    """Pods bound in a log that holds no pod deletion at all: its policy may leave ``delete`` (and
    ``pods/eviction``) out, so a pod still bound under a NoExecute taint may have been evicted unseen. Its
    eviction properties are not judged (a log that shows some deletion logs them: judged)."""
    o = getattr(rep, "oracle", None)
    if o is None or adapter.pod_deletes or not (adapter.bound or adapter.deleted):
        return
    why = (
        "the audit log holds no pod deletion or eviction (its policy may not log pods' delete or "
        "pods/eviction): the taint-eviction controller's deletions are not in it"
    )
    for pid in EVICTION_PROPERTIES:
        o.unchecked.setdefault(pid, why)
    o.violations[:] = [v for v in o.violations if v.property not in EVICTION_PROPERTIES]


def _preexisting(adapter: AuditAdapter, rep: Sink) -> None:
    """An audit log of a running cluster: its Nodes were created before it, in a state it does not hold.

    Their requests (Lease renewals, status posts) move no Node the model knows of, so nothing
    about a Node's state or timing is judged from them. With no Node created in the log at all,
    coverage says so for every property but the identity ones; otherwise a note names them.
    """
    o = getattr(rep, "oracle", None)
    if o is not None and not adapter.named and not adapter.preexisting and not adapter.nlc_taints:
        # (a log of other resources: a pod's creation or exec, ConfigMaps, RBAC) judges nothing, as a
        # pods-only watch does: inconclusive, never a pass
        from nodereg.properties.catalogue import ALL_PROPERTIES

        why = (
            "the audit log names no node: no request on a Node, its status, its Lease, a node's CSR or a "
            "pod's binding to a node"
        )
        for p in ALL_PROPERTIES:
            o.unchecked.setdefault(p.id, why)
        # none of its events says anything the model reads: read, and counted, not "no events (expected
        # audit.k8s.io Event objects)"; those on a resource the reader never reads are counted by it
        # (``audit_events``), the rest here (an exec, a pod's creation at another stage)
        rest = adapter.unread - sum(adapter.other.values())
        if rest > 0 and not adapter.read_any:
            staged = min(sum(adapter.stages.values()), rest)
            if staged:
                # a policy whose omitStages leaves out ResponseComplete (was: counted as events naming no node,
                # which they may well name): only that stage says whether a request succeeded (a Lease update
                # refused with 409 renews nothing), so nothing is read of them
                stages = ", ".join(sorted(adapter.stages))
                ignore(
                    rep,
                    f"audit events at stage {stages} (only ResponseComplete says whether a request succeeded: a "
                    "policy whose omitStages leaves it out logs nothing nodereg reads)",
                    staged,
                )
            refused = min(adapter.refused, rest - staged)
            if refused:
                # a kubelet's write to another node's Lease that NodeRestriction's admitLease refused with 403, a
                # list audit2rbac's demo was forbidden: the API server changed nothing (was counted among "audit
                # events that name no node", though they name nodes: the reason is the refusal)
                ignore(
                    rep,
                    "audit events of requests the API server refused (responseStatus.code >= 400, as "
                    "NodeRestriction's 403: they changed nothing)",
                    refused,
                )
            if rest - staged - refused > 0:
                ignore(rep, "audit events that name no node (other stages, other requests)", rest - staged - refused)
        return
    if o is None or not adapter.preexisting:
        return
    names = sorted(adapter.preexisting)
    shown = ", ".join(names[:5]) + (" ..." if len(names) > 5 else "")
    if not adapter.node_api:
        # pods bound to Nodes, and no request on any Node, its status, a node Lease or CSR: a policy that
        # logs pods only; not even who wrote what about nodes is in it (the identity properties would
        # pass by silence)
        from nodereg.properties.catalogue import ALL_PROPERTIES

        why = (
            f"the audit log holds no request on a Node, its status, a node's Lease or CSR (its policy logs "
            f"pods only): the Nodes its pods are bound to ({shown}) are not in it"
        )
        for p in ALL_PROPERTIES:
            o.unchecked.setdefault(p.id, why)
        o.violations[:] = [v for v in o.violations if v.property not in o.unchecked]
        return
    if not adapter.nlc_taints:
        from nodereg.properties.catalogue import ALL_PROPERTIES

        why = (
            f"the audit log holds no Node's creation with its body: its Nodes ({shown}) were created "
            "before it began or logged at level Metadata, in a state it does not show"
        )
        for p in ALL_PROPERTIES:
            if p.id not in IDENTITY_PROPERTIES:
                o.unchecked.setdefault(p.id, why)
        # found before the log's end showed that no Node's creation is in it: not findings
        o.violations[:] = [v for v in o.violations if v.property not in o.unchecked]
    else:
        o.notes.append(
            f"Nodes created before the audit log began ({shown}): their state is not in it, "
            "only who wrote what is judged for them"
        )


def _audit_time(obj: Any) -> float:
    """When an audit event was written (its stageTimestamp, as the adapter reads it); -inf if unknown."""
    if isinstance(obj, dict):
        ts = obj.get("stageTimestamp") or obj.get("requestReceivedTimestamp") or obj.get("timestamp")
        if isinstance(ts, str):
            try:
                return parse_time(ts, "stageTimestamp", None, None)
            except InputError:
                pass
    return float("-inf")


def audit_events(paths: list[str], rep: Sink, keep_going: bool) -> Iterator[Item]:
    """The events of every log, as one history.

    Several logs (a rotated log's files) are merged by time, each kept in its own order: the
    order they are named in says nothing (``audit.log*`` lists logrotate's ``audit.log`` before the
    older ``audit.log.1``).
    """
    import heapq

    adapter = AuditAdapter(getattr(rep, "oracle", None))

    def read(path: str) -> Iterator[tuple[float, int, str, int, Any]]:
        name, f = open_source(path)
        try:
            for seq, (line, obj) in enumerate(audit_objects(f, name, rep)):
                yield (
                    float("-inf") if isinstance(obj, InputError) or len(paths) == 1 else _audit_time(obj),
                    seq,
                    name,
                    line,
                    obj,
                )
        finally:
            close_source(f)

    def ended(it: Iterator[tuple[float, int, str, int, Any]]) -> Iterator[tuple[float, int, str, int, Any]]:
        last = None
        for x in it:
            last = x
            yield x
        if last is not None:
            yield (last[0], last[1] + 1, last[2], last[3], LogEnd(last[2]))

    streams = [read(p) for p in paths]
    merged = streams[0] if len(streams) == 1 else heapq.merge(*(ended(s) for s in streams), key=lambda x: x[0])
    o = getattr(rep, "oracle", None)
    marks: dict[str, list[float]] = {}
    if o is not None and hasattr(o, "after_finish"):
        o.after_finish.append(lambda: review_controller_down(o, adapter.kcm_downs(), marks))
        o.after_finish.append(
            lambda: review_late_unknown(
                o, adapter.acts, marks, False, "no kube-controller-manager leader Lease write in the log"
            )
        )

    other = adapter.other

    def counted() -> Iterator[tuple[str, int, Any]]:
        # requests on resources the reader never reads, so that "no events" says what the log held
        for _t, _seq, name, line, obj in merged:
            ref = obj.get("objectRef") if isinstance(obj, dict) else None
            res = ref.get("resource") if isinstance(ref, dict) else None
            if isinstance(res, str) and res not in READ_RESOURCES:
                other[res[:40]] = other.get(res[:40], 0) + 1
            yield name, line, obj

    def feed(ev: Any, file: str | None, line: int | None) -> list[Item]:
        return adapter.feed(ev, file, line) + adapter.pressure_due(file, line)

    read = 0
    for it in feed_all(feed, counted()):
        read += 1
        if type(it) is EventRecord and it.event in ("nlc_monitor_node_health", "admin_delete_node") and it.node:
            marks.setdefault(it.node, []).append(it.t)
        yield it
    (o.notes if o is not None else rep.notes).extend(adapter.notes)
    if not read:
        for res, n in sorted(other.items()):
            ignore(rep, f"audit events on {res} (not part of the node lifecycle)", n)
    _preexisting(adapter, rep)
    if o is not None and hasattr(o, "after_finish"):
        o.after_finish.append(lambda: _no_pod_deletes(adapter, rep))
        o.after_finish.append(
            lambda: not_judged_after_resize(o, adapter.resized, adapter._resize_judged(), adapter.resized_binds)
        )
        o.after_finish.append(lambda: not_judged_after_pod_resize(o, adapter.pod_resized))
        o.after_finish.append(lambda: withdraw_ended_room(o, adapter.ended_room))
        o.after_finish.append(lambda: _inferred_taint_passes(o))


#: a NoSchedule taint the taint pass writes -> the property that judges it missing in a watch of the Nodes
_COND = ("condition-taints-follow-conditions",)
_READY = ("ready-taints-match-ready", "ready-node-sheds-ready-taints")
_NS_TAINT_PROPERTY: dict[int, tuple[str, ...]] = {
    NI["taint_unschedulable"]: _COND,
    NI["taint_memory_pressure"]: _COND,
    NI["taint_network_unavailable"]: _COND,
    NI["taint_not_ready_ns"]: _READY,
    NI["taint_unreachable_ns"]: _READY,
}


def _inferred_taint_passes(o: Any) -> None:
    """The properties about NoSchedule taints whose pass the core inferred are not checked (said per node).

    Before the log showed a Node write of the node lifecycle controller with its body, the core took a taint pass it
    did not hold as done (an audit policy may leave the controller's writes out, or log them at level Metadata): a
    missing taint was then not judged, so the property is "not checked: ...", never "checked" on an inferred write.
    A violation of it found on another node stands (a note says what was not judged).
    """
    passes = getattr(o, "inferred_ns_pass", None)
    if not passes:
        return
    by_prop: dict[str, list[tuple[str, float]]] = {}
    for node, (t, idx) in passes.items():
        for pid in sorted({p for i in idx for p in _NS_TAINT_PROPERTY.get(i, ())}):
            by_prop.setdefault(pid, []).append((node, t))
    for pid, hits in by_prop.items():
        names = sorted(n for n, _ in hits)
        why = (
            f"the audit log holds no Node write of the node lifecycle controller with its body before its taint pass "
            f"on node {', '.join(names[:5])}{' ...' if len(names) > 5 else ''} was due (at "
            f"{fmt_time(min(t for _, t in hits))}), so whether the controller wrote the taint is not in it (its "
            "policy may leave those writes out)"
        )
        if any(v.property == pid for v in o.violations):
            o.notes.append(f"{pid} not judged on {why}")
        else:
            o.unchecked.setdefault(
                pid,
                f"{why} (checked for the taint writes the log holds, and for the other "
                f"{max(len(o.nodes) - len(names), 0)} nodes)",
            )


class LogEnd(NamedTuple):
    """Merged after a log's last event: it shows nothing more."""

    file: str
