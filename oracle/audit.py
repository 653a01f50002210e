"""``k8s-audit``: API server audit events (``audit.k8s.io/v1`` ``Event``, one per line) as model events.

The audit log is where credentials and NodeRestriction are observable. Only ``stage:
ResponseComplete`` events count (one per request); a request the API server refused
(``responseStatus.code`` >= 400, e.g. 403 from NodeRestriction) is the system working and yields
nothing. For the others:

* ``certificatesigningrequests`` create with signer ``kubernetes.io/kube-apiserver-client-kubelet``:
  ``kubelet_request_certificate`` for the node named by the CSR's subject (``CN=system:node:<name>``,
  read from the PEM request); its ``approval`` subresource updated with an Approved condition:
  ``csr_approver_approve``. The kubelet's first request as ``system:node:<name>`` shows it holds the
  issued certificate (``kubelet_obtain_certificate``, inferred).
* ``nodes`` create: by ``system:node:<name>`` in group ``system:nodes`` for its own name:
  ``kubelet_register_node``; by anyone else: a violation of ``no-registration-without-credentials``.
* ``nodes``/``nodes/status`` writes and ``leases`` (kube-node-lease) by ``system:node:<m>`` on
  another node's object: ``node-restriction``; a kubelet's write of its own Node's ``spec.taints``:
  ``node-restriction``; its own ``nodes/status`` with a Ready condition: ``kubelet_post_status``;
  its own Lease: ``kubelet_renew_lease``.
* ``pods/binding`` create: ``scheduler_bind_pod``; ``nodes`` delete: ``admin_delete_node``;
  ``spec.unschedulable`` patched by a non-node user: cordon / uncordon.

Time: ``stageTimestamp`` (``requestReceivedTimestamp`` if missing).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .core import InputError, Violation
from .events import normalise
from .k8s import conditions, cpu_millis, objects, parse_time
from .run import open_source

if TYPE_CHECKING:
    from .run import Report

NODE_USER = re.compile(r"^system:node:(.+)$")
KUBELET_SIGNER = "kubernetes.io/kube-apiserver-client-kubelet"


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
    return der[i + 7:i + 7 + n].decode("utf-8", "replace")


class AuditAdapter:
    """Turns audit events (one at a time) into normalised model events and direct violations."""

    def __init__(self) -> None:
        self.csr_node: dict[str, str] = {}
        self.has_cert: set[str] = set()
        self.requested: set[str] = set()
        self.t = 0.0

    def _ev(self, out: list[tuple[Any, ...]], ev: dict[str, Any], file: str | None, line: int | None) -> None:
        out.append((*normalise(ev, file, line), line, file))

    def _viol(self, out: list[tuple[Any, ...]], prop: str, node: str | None, msg: str, file: str | None,
              line: int | None, event: str) -> None:
        out.append(("!violation", Violation(-1, line, file, node, None, prop, msg, self.t, event)))

    def feed(self, ev: Any, file: str | None, line: int | None) -> list[tuple[Any, ...]]:
        if not isinstance(ev, dict) or ev.get("kind") != "Event" or not str(ev.get("apiVersion", "")).startswith(
                "audit.k8s.io/"):
            raise InputError('expected an audit.k8s.io/v1 Event object (kind "Event")', file, line)
        if ev.get("stage", "ResponseComplete") != "ResponseComplete":
            return []
        ts = ev.get("stageTimestamp") or ev.get("requestReceivedTimestamp")
        self.t = max(self.t, parse_time(ts, "stageTimestamp", file, line))
        code = ((ev.get("responseStatus") or {}).get("code")) or 200
        if not isinstance(code, int):
            raise InputError("responseStatus.code: expected an integer", file, line)
        if code >= 400:
            return []  # refused by the API server (e.g. NodeRestriction's 403): the system working
        user = ev.get("user") or {}
        username = user.get("username", "")
        groups = user.get("groups") or []
        ref = ev.get("objectRef") or {}
        if not isinstance(ref, dict) or not isinstance(username, str) or not isinstance(groups, list):
            raise InputError("user/objectRef: unexpected shape", file, line)
        res, sub, name, verb = ref.get("resource"), ref.get("subresource"), ref.get("name"), ev.get("verb")
        obj = ev.get("responseObject") or ev.get("requestObject") or {}
        req = ev.get("requestObject") or {}
        out: list[tuple[Any, ...]] = []
        m = NODE_USER.match(username)
        as_node = m.group(1) if m and "system:nodes" in groups else None
        t = self.t
        if as_node and as_node not in self.has_cert and as_node in self.requested and res != (
                "certificatesigningrequests"):
            self.has_cert.add(as_node)
            self._ev(out, {"t": t, "event": "kubelet_obtain_certificate", "node": as_node, "inferred": True}, file,
                     line)
        if res == "certificatesigningrequests":
            spec = obj.get("spec") or {}
            if verb == "create" and spec.get("signerName", KUBELET_SIGNER) == KUBELET_SIGNER:
                cn = csr_common_name(spec.get("request"))
                node = cn[len("system:node:"):] if cn and cn.startswith("system:node:") else None
                if node:
                    csr = (obj.get("metadata") or {}).get("name") or name
                    if csr:
                        self.csr_node[csr] = node
                    self.requested.add(node)
                    self._ev(out, {"t": t, "event": "kubelet_request_certificate", "node": node}, file, line)
            elif sub == "approval" and verb in ("update", "patch"):
                approved = any(c.get("type") == "Approved" and c.get("status", "True") == "True"
                               for c in ((obj.get("status") or {}).get("conditions") or []) if isinstance(c, dict))
                node = self.csr_node.get(name or "")
                if approved and node:
                    self._ev(out, {"t": t, "event": "csr_approver_approve", "node": node}, file, line)
            return out
        if res == "nodes":
            return self._nodes(out, as_node, username, groups, verb, sub, name, obj, req, t, file, line)
        if res == "leases" and ref.get("namespace") == "kube-node-lease" and verb in ("update", "patch", "create"):
            if as_node and name != as_node:
                self._viol(out, "node-restriction", name, f"the kubelet of {as_node} wrote the Lease of node {name} "
                           f"at {_t(t)}; NodeRestriction lets a node write only its own Lease", file, line,
                           "kubelet_renew_lease")
            elif as_node:
                self._ensure_cert(out, as_node, t, file, line)
                self._ev(out, {"t": t, "event": "kubelet_renew_lease", "node": as_node}, file, line)
            return out
        if res == "pods" and sub == "binding" and verb == "create":
            target = (req.get("target") or {}).get("name")
            if isinstance(target, str) and name:
                pod = f"{ref.get('namespace', 'default')}/{name}"
                self._ev(out, {"t": t, "event": "scheduler_bind_pod", "node": target, "pod": pod}, file, line)
            return out
        return out

    def _ensure_cert(self, out: list[tuple[Any, ...]], node: str, t: float, file: str | None,
                     line: int | None) -> None:
        if node not in self.has_cert:
            self.has_cert.add(node)
            for e in ("kubelet_request_certificate", "csr_approver_approve", "kubelet_obtain_certificate"):
                if e == "kubelet_request_certificate" and node in self.requested:
                    continue
                self._ev(out, {"t": t, "event": e, "node": node, "inferred": True}, file, line)

    def _nodes(self, out: list[tuple[Any, ...]], as_node: str | None, username: str, groups: list[Any], verb: Any,
               sub: Any, name: Any, obj: dict[str, Any], req: dict[str, Any], t: float, file: str | None,
               line: int | None) -> list[tuple[Any, ...]]:
        if not isinstance(name, str) and verb != "create":
            return out
        if verb == "create" and sub is None:
            node = name or (obj.get("metadata") or {}).get("name")
            if not isinstance(node, str):
                return out
            if as_node != node:
                self._viol(out, "no-registration-without-credentials", node,
                           f"Node {node} was created at {_t(t)} by {username} (groups {', '.join(map(str, groups))}), "
                           f"not by its kubelet's identity system:node:{node} in group system:nodes", file, line,
                           "kubelet_register_node")
            self._ensure_cert(out, node, t, file, line)
            status = obj.get("status") or {}
            cap = cpu_millis((status.get("capacity") or {}).get("cpu"))
            alloc = cpu_millis((status.get("allocatable") or {}).get("cpu"))
            spec = obj.get("spec") or {}
            # initialNode ends with setNodeStatus: the create carries the kubelet's conditions
            ev: dict[str, Any] = {"t": t, "event": "kubelet_register_node", "node": node,
                                  "register_unschedulable": bool(spec.get("unschedulable")),
                                  "ready": (conditions(obj).get("Ready") or {}).get("status") == "True",
                                  "memory_pressure": (conditions(obj).get("MemoryPressure") or {}).get("status")
                                  == "True"}
            if cap is not None:
                ev["capacity"], ev["reserved"] = cap, max(cap - (alloc if alloc is not None else cap), 0)
            self._ev(out, ev, file, line)
            return out
        if verb in ("update", "patch"):
            if as_node and as_node != name:
                self._viol(out, "node-restriction", name, f"the kubelet of {as_node} modified Node {name} "
                           f"({'status' if sub == 'status' else 'object'}) at {_t(t)}: node X is not allowed to "
                           "modify node Y", file, line, "kubelet_post_status")
                return out
            if as_node and sub is None and "taints" in (req.get("spec") or {}):
                self._viol(out, "node-restriction", name, f"the kubelet of {name} changed the taints of its "
                           f"existing Node at {_t(t)}; NodeRestriction forbids it", file, line, "kubelet_post_status")
                return out
            if as_node and sub == "status":
                ready = conditions(obj).get("Ready") or conditions(req).get("Ready")
                if ready and ready.get("status") in ("True", "False"):
                    mp = (conditions(obj).get("MemoryPressure") or {}).get("status") == "True"
                    self._ensure_cert(out, as_node, t, file, line)
                    self._ev(out, {"t": t, "event": "kubelet_post_status", "node": as_node,
                                   "ready": ready["status"] == "True", "memory_pressure": mp}, file, line)
                return out
            if not as_node and sub is None and "unschedulable" in (req.get("spec") or {}):
                cordon = bool((req.get("spec") or {}).get("unschedulable"))
                self._ev(out, {"t": t, "event": "admin_cordon" if cordon else "admin_uncordon", "node": name},
                         file, line)
            return out
        if verb == "delete" and sub is None:
            self._ev(out, {"t": t, "event": "admin_delete_node", "node": name}, file, line)
        return out


def _t(t: float) -> str:
    from .core import fmt_time

    return fmt_time(t)


def audit_events(paths: list[str], rep: Report, keep_going: bool) -> Iterator[tuple[Any, ...]]:
    adapter = AuditAdapter()
    for path in paths:
        name, f = open_source(path)
        try:
            for line, obj in objects(f, name):
                if isinstance(obj, InputError):
                    yield ("!error", obj)
                    continue
                try:
                    yield from adapter.feed(obj, name, line)
                except InputError as exc:
                    yield ("!error", exc)
        finally:
            import sys

            if f is not sys.stdin.buffer:
                f.close()
