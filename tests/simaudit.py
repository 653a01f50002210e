"""The audit log of a story told on ``tests/data/realworld2/sim.py`` (the shared simulator of the upstream tables
and of the situations rounds): the requests behind its watch events, as the API server logs them.

Why a second writer next to ``test_upstream_tables11.audit_log`` (which tells capturegen's stories): the
simulator's objects carry no managedFields, so who made each write is told from what it changed, as a cluster
makes it: the kubelet creates its Node and Lease, renews the Lease and posts status (``nodes/status``); the node
lifecycle controller (node-controller's service account) marks Unknown and writes the ``node.kubernetes.io/``
condition taints; ``kubectl`` (kubernetes-admin) writes every other taint, cordons and labels; the scheduler
binds (``pods/binding``); the taint-eviction controller (node-controller's service account too:
cmd/kube-controller-manager/app/core.go startTaintEvictionController) patches DisruptionTarget and deletes;
PodGC (pod-garbage-collector) force-deletes; the kubelet's final delete (grace 0) removes a pod it stopped.

The watch's initial list is not in the log: its objects were created before it, as on a running cluster
(the log begins with the watch). Only what the watch shows changing is logged.

Every test's hand-made audit log is written through :func:`audit_event` (this writer's, tables 9 to 11's and
formats13's), as a real kube-apiserver's log backend writes it (staging/src/k8s.io/apiserver/pkg/audit/request.go):
the request as the client sent it, logged before admission (LogRequestObject, from the create handler); the
response as stored (LogResponseObject), a Node create's with NodeTaint admission's taint (:func:`stored_node`);
each client's user agent (:func:`user_agent`); bodies only at their level; a refusal's Status without a body.
"""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path
from typing import Any

NC = (
    "system:serviceaccount:kube-system:node-controller",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
PODGC = (
    "system:serviceaccount:kube-system:pod-garbage-collector",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
GC = (
    "system:serviceaccount:kube-system:generic-garbage-collector",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
ADMIN = ("kubernetes-admin", ["kubeadm:cluster-admins", "system:authenticated"])
SCHEDULER = ("system:kube-scheduler", ["system:authenticated"])
RS = (
    "system:serviceaccount:kube-system:replicaset-controller",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
DS = (
    "system:serviceaccount:kube-system:daemon-set-controller",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)
#: the taints the node lifecycle controller writes (doNoScheduleTaintingPass, doNoExecuteTaintingPass)
NLC_KEYS = frozenset(
    f"node.kubernetes.io/{k}"
    for k in ("not-ready", "unreachable", "unschedulable", "memory-pressure", "disk-pressure", "pid-pressure")
) | {"node.kubernetes.io/network-unavailable"}

Who = tuple[str, list[str]]


def _kubelet(node: str) -> Who:
    return f"system:node:{node}", ["system:nodes", "system:authenticated"]


def snapshot_length(c: Any) -> int:
    """How many of ``c.out``'s events are the watch's initial list (``Cluster.start`` appends them all at once)."""
    n = getattr(c, "_snap_len", None)
    assert n is not None, "the story was not recorded with record_start()"
    return int(n)


def record_start(cls: Any) -> Any:
    """Wrap ``cls.start`` so that each cluster remembers how long its initial list is (returns the original)."""
    orig = cls.start

    def start(self: Any) -> None:
        orig(self)
        self._snap_len = len(self.out)

    cls.start = start
    return orig


def _taint_keys(spec: dict[str, Any]) -> set[tuple[str, str]]:
    return {(x.get("key", ""), x.get("effect", "")) for x in spec.get("taints") or []}


def _who_wrote_spec(old: dict[str, Any], new: dict[str, Any]) -> Who:
    """The node lifecycle controller writes only its condition taints; anything else in spec is kubectl's."""
    changed = _taint_keys(old["spec"]) ^ _taint_keys(new["spec"])
    rest_old = {k: v for k, v in old["spec"].items() if k != "taints"}
    rest_new = {k: v for k, v in new["spec"].items() if k != "taints"}
    if changed and rest_old == rest_new and all(k in NLC_KEYS for k, _ in changed):
        return NC
    return ADMIN


def requests(
    kind: str, typ: str, obj: dict[str, Any], old: dict[str, Any] | None
) -> list[tuple[Who, str, dict, Any, Any]]:
    """The requests (who, verb, objectRef, requestObject, responseObject) behind one watch event."""
    meta = obj["metadata"]
    name, ns = meta["name"], meta.get("namespace")
    if kind == "Lease":
        ref = {"resource": "leases", "namespace": ns, "name": name, "apiGroup": "coordination.k8s.io"}
        if typ == "DELETED":  # the garbage collector, its owner Node gone
            return [(GC, "delete", ref, None, None)]
        return [(_kubelet(name), "create" if typ == "ADDED" or old is None else "update", ref, obj, obj)]
    if kind == "Node":
        ref = {"resource": "nodes", "name": name, "apiVersion": "v1"}
        if typ == "ADDED":
            # the kubelet's body, then the Node as stored: NodeTaint admission's taint is in the response only. A Node
            # whose managedFields name only kubectl managers was created by an administrator (`kubectl create -f
            # node.yaml` for a kubelet run with --register-node=false), with kubectl's user agent
            managers = [str(f.get("manager", "")) for f in meta.get("managedFields") or [] if isinstance(f, dict)]
            by_hand = bool(managers) and all(m.startswith("kubectl") for m in managers)
            return [(ADMIN if by_hand else _kubelet(name), "create", ref, node_request(obj), obj)]
        if typ == "DELETED":
            return [(ADMIN, "delete", ref, None, None)]
        if old is None:  # a Node the log holds no earlier state of: a status post, as most writes are
            return [(_kubelet(name), "patch", dict(ref, subresource="status"), {"status": obj["status"]}, obj)]
        reqs: list[tuple[Who, str, dict, Any, Any]] = []
        if old.get("spec") != obj.get("spec"):
            # a strategic merge patch naming only what changed, a removed field as null (what
            # CreateTwoWayMergePatch makes: the controller's PatchNodeTaints, kubectl taint / cordon)
            keys = set(old["spec"]) | set(obj["spec"])
            diff = {k: obj["spec"].get(k) for k in keys if old["spec"].get(k) != obj["spec"].get(k)}
            if diff.get("taints") == []:
                diff["taints"] = None
            if diff:
                # (PatchNodeTaints keeps the old resourceVersion in its patch, for the conflict check)
                patch = {"metadata": {"resourceVersion": old["metadata"].get("resourceVersion")}, "spec": diff}
                reqs.append((_who_wrote_spec(old, obj), "patch", ref, patch, obj))
        if old["metadata"].get("labels") != meta.get("labels"):
            # the node lifecycle controller's reconcileNodeLabels adds the beta OS/arch labels; kubectl the rest
            added = set(meta.get("labels") or {}) - set(old["metadata"].get("labels") or {})
            who = NC if added and all(k.startswith("beta.kubernetes.io/") for k in added) else ADMIN
            reqs.append((who, "patch", ref, {"metadata": {"labels": meta.get("labels")}}, obj))
        if old.get("status") != obj.get("status"):
            reasons = {
                x.get("reason")
                for x in obj["status"].get("conditions", [])
                if x.get("type") == "Ready" and x.get("status") == "Unknown"
            }
            was = [x for x in old["status"].get("conditions", []) if x.get("type") == "Ready"]
            by_nlc = bool(reasons & {"NodeStatusUnknown", "NodeStatusNeverUpdated"}) and (
                not was or was[0].get("status") != "Unknown"
            )
            if by_nlc:
                # tryUpdateNodeHealth marks Unknown with UpdateStatus: a PUT of the whole Node
                body = copy.deepcopy(obj)
                body["metadata"]["resourceVersion"] = old["metadata"].get("resourceVersion")
                reqs.append((NC, "update", dict(ref, subresource="status"), body, obj))
            else:
                # the kubelet's PatchNodeStatus: a strategic merge patch of what changed
                reqs.append((_kubelet(name), "patch", dict(ref, subresource="status"), status_patch(old, obj), obj))
        return reqs
    assert kind == "Pod", kind
    ref = {"resource": "pods", "namespace": ns, "name": name, "apiVersion": "v1"}
    node = obj["spec"].get("nodeName")
    conds = obj.get("status", {}).get("conditions", [])
    dt_reason = next((x.get("reason") for x in conds if x.get("type") == "DisruptionTarget"), None)
    if typ == "ADDED":
        owners = meta.get("ownerReferences") or [{}]
        okind = owners[0].get("kind")
        who = {"ReplicaSet": RS, "DaemonSet": DS}.get(okind, _kubelet(node) if okind == "Node" and node else ADMIN)
        body = {k: v for k, v in obj.items() if k != "status"}
        return [(who, "create", {k: v for k, v in ref.items() if k != "name"}, body, obj)]
    if typ == "DELETED":
        if old is not None and "deletionTimestamp" in old["metadata"] and node:
            # the kubelet's final delete (grace 0) once the containers stopped
            return [(_kubelet(node), "delete", ref, {"kind": "DeleteOptions", "gracePeriodSeconds": 0}, None)]
        who = {"DeletionByPodGC": PODGC, "DeletionByTaintManager": NC}.get(dt_reason or "", ADMIN)
        return [(who, "delete", ref, {"kind": "DeleteOptions", "gracePeriodSeconds": 0}, None)]
    if old is None:
        return []
    if node and not old["spec"].get("nodeName"):
        binding = {"kind": "Binding", "apiVersion": "v1", "metadata": {"name": name, "namespace": ns}}
        binding["target"] = {"kind": "Node", "name": node}
        return [(SCHEDULER, "create", dict(ref, subresource="binding"), binding, success(201))]
    if "deletionTimestamp" in meta and "deletionTimestamp" not in old["metadata"]:
        if dt_reason == "EvictionByEvictionAPI":
            ev = {"kind": "Eviction", "apiVersion": "policy/v1", "metadata": {"name": name, "namespace": ns}}
            return [(ADMIN, "create", dict(ref, subresource="eviction"), ev, success(201))]
        who = {"DeletionByTaintManager": NC, "DeletionByPodGC": PODGC}.get(dt_reason or "", ADMIN)
        return [(who, "delete", ref, {"kind": "DeleteOptions"}, obj)]
    if obj["spec"].get("tolerations") != old["spec"].get("tolerations"):
        return [(ADMIN, "patch", ref, {"spec": {"tolerations": obj["spec"].get("tolerations")}}, obj)]
    if meta.get("labels") != old["metadata"].get("labels"):
        return [(ADMIN, "patch", ref, {"metadata": {"labels": meta.get("labels")}}, obj)]
    if obj.get("status") != old.get("status"):
        old_dt = any(x.get("type") == "DisruptionTarget" for x in old.get("status", {}).get("conditions", []))
        if dt_reason is not None and not old_dt:
            who = {"DeletionByTaintManager": NC, "DeletionByPodGC": PODGC}.get(dt_reason, ADMIN)
            if who is not ADMIN:
                # the taint-eviction controller and PodGC add DisruptionTarget by server-side apply (ApplyStatus
                # with Force: taint_eviction.go addConditionAndDeletePod, gc_controller.go
                # markFailedAndDeletePodWithCondition): a patch whose body is the apply configuration, the Pod's name
                # and the one condition (PodGC's with phase Failed too)
                cond = next(x for x in conds if x.get("type") == "DisruptionTarget")
                status: dict[str, Any] = {"conditions": [cond]}
                if who is PODGC:
                    status["phase"] = "Failed"
                apply = {
                    "kind": "Pod",
                    "apiVersion": "v1",
                    "metadata": {"name": name, "namespace": ns},
                    "status": status,
                }
                return [(who, "patch", dict(ref, subresource="status"), apply, obj)]
        else:
            who = _kubelet(node) if node else SCHEDULER
        return [(who, "patch", dict(ref, subresource="status"), {"status": obj["status"]}, obj)]
    return []


#: the version the logged clients report (their user agents: client-go's DefaultUserAgent "NAME/VERSION (OS/ARCH)
#: kubernetes/COMMIT", kube-controller-manager's controllers suffixed with their service account)
VERSION = "v1.32.3"
_UA_TAIL = f"{VERSION} (linux/amd64) kubernetes/32cc146"


def success(code: int) -> dict[str, Any]:
    """The Status a binding or an eviction answers with (BindingREST.Create, EvictionREST.Create: metav1.Status
    Success), the create's ``responseObject``."""
    return {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "code": code}


def status_patch(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The kubelet's status patch (pkg/util/node PatchNodeStatus -> preparePatchBytesforNodeStatus:
    strategicpatch.CreateTwoWayMergePatch of the old and new Node, spec reset): conditions merge by ``type``
    (patchStrategy merge), so the patch names each changed condition by its type with only its changed fields, and
    ``$setElementOrder/conditions`` keeps their order; any other status field changed is written whole. A
    heartbeat is then ``lastHeartbeatTime`` alone, with no ``status`` of the condition."""
    o, n = old.get("status") or {}, new.get("status") or {}
    patch: dict[str, Any] = {k: v for k, v in n.items() if k != "conditions" and o.get(k) != v}
    before = {c.get("type"): c for c in o.get("conditions") or []}
    conds = []
    for c in n.get("conditions") or []:
        was = before.get(c.get("type")) or {}
        changed = {k: v for k, v in c.items() if was.get(k) != v}
        if changed:
            conds.append({**changed, "type": c.get("type")})
    if conds or [c.get("type") for c in n.get("conditions") or []] != list(before):
        patch["$setElementOrder/conditions"] = [{"type": c.get("type")} for c in n.get("conditions") or []]
        patch["conditions"] = conds
    return {"status": patch}


def user_agent(who: Who) -> str:
    """The user agent a request of ``who`` carries in a real cluster: ``kubelet/...`` for a node's kubelet,
    ``kube-scheduler/.../scheduler``, ``kube-controller-manager/.../system:serviceaccount:kube-system:NAME`` for its
    controllers (--use-service-account-credentials: client-go's rest.AddUserAgent with the account's name),
    ``kubectl/...`` for an administrator. The audit reader reads it: a Node created by a non-node user with a client
    other than a kubelet is an administrator's (audit.py _admin_creation), a binding made with kubectl is no
    scheduler's."""
    user = who[0]
    if user.startswith("system:node:"):
        return f"kubelet/{_UA_TAIL}"
    if user == "system:kube-scheduler":
        return f"kube-scheduler/{_UA_TAIL}/scheduler"
    if user.startswith("system:serviceaccount:kube-system:") or user == "system:kube-controller-manager":
        return f"kube-controller-manager/{_UA_TAIL}/{user}"
    return f"kubectl/{_UA_TAIL}"


def _request_uri(ref: dict[str, Any], verb: str) -> str:
    """The request's path, as the API server logs it (``requestURI``)."""
    group = ref.get("apiGroup")
    base = f"/apis/{group}/{ref.get('apiVersion') or 'v1'}" if group else "/api/v1"
    if ref.get("namespace"):
        base += f"/namespaces/{ref['namespace']}"
    base += f"/{ref.get('resource')}"
    if (ref.get("name") and verb != "create") or ref.get("subresource"):
        base += f"/{ref.get('name', '')}"
    if ref.get("subresource"):
        base += f"/{ref['subresource']}"
    return base


def audit_event(
    t: float,
    who: Who,
    verb: str,
    ref: dict[str, Any],
    req: Any,
    resp: Any,
    n: int,
    ts: Any,
    *,
    ua: str | None = None,
    code: int | None = None,
    level: str = "RequestResponse",
) -> dict:
    """One ``audit.k8s.io/v1`` Event, ResponseComplete, as the API server's log backend writes it (the one builder of
    every test's hand-made audit logs). ``ua``: the request's user agent (default :func:`user_agent`); ``code``: the
    answer (default 201 for a create, 200 otherwise; 4xx is a refusal: ``responseStatus`` then carries the Status's
    status, reason and code and no response body, audit/request.go LogResponseObject); ``level``: at ``Metadata``
    no bodies are logged, at ``Request`` no response (LogRequestObject / LogResponseObject return early below their
    level). ``req`` is what the client sent (logged before admission: LogRequestObject encodes it when the handler
    decodes it), ``resp`` the object as stored (after admission and defaults)."""
    code = code if code is not None else (201 if verb == "create" else 200)
    status: dict[str, Any] = {"metadata": {}, "code": code}
    if code >= 400:
        reason = {403: "Forbidden", 404: "NotFound", 409: "Conflict", 422: "Invalid", 429: "TooManyRequests"}
        status.update(status="Failure", reason=reason.get(code, "BadRequest"))
    e: dict[str, Any] = {
        "kind": "Event",
        "apiVersion": "audit.k8s.io/v1",
        "level": level,
        "auditID": f"00000000-0000-0000-0000-{n:012d}",
        "stage": "ResponseComplete",
        "requestURI": _request_uri(ref, verb),
        "verb": verb,
        "user": {"username": who[0], "groups": who[1]},
        "sourceIPs": ["10.0.0.1"],
        "userAgent": ua if ua is not None else user_agent(who),
        "objectRef": ref,
        "responseStatus": status,
        "requestReceivedTimestamp": ts(t - 0.002),
        "stageTimestamp": ts(t),
        "annotations": {
            "authorization.k8s.io/decision": "forbid" if code == 403 else "allow",
            "authorization.k8s.io/reason": "",
        },
    }
    if req is not None and level in ("Request", "RequestResponse"):
        e["requestObject"] = req
    if resp is not None and level == "RequestResponse" and code < 400:
        e["responseObject"] = resp
    return e


#: NodeTaint admission's taint (plugin/pkg/admission/nodetaint/admission.go addNotReadyTaint: Key
#: node.kubernetes.io/not-ready, Effect NoSchedule, no value, no timeAdded)
NOT_READY_NS = {"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}
#: what the API server sets on a create; a client's body carries none of it
_SERVER_META = ("uid", "resourceVersion", "creationTimestamp", "managedFields", "generation")


def stored_node(node: dict[str, Any], *, rv: str, created: str, manager: str = "kubelet") -> dict[str, Any]:
    """The Node a create stores, as the API server answers it (the create's ``responseObject``): NodeTaint admission
    (plugin/pkg/admission/nodetaint/admission.go Admit, on by default, for Create of ``nodes`` without subresource)
    appends not-ready:NoSchedule unless a taint matching it is there (addNotReadyTaint, Taint.MatchTaint: key and
    effect); the registry fills uid, resourceVersion and creationTimestamp (rest.BeforeCreate,
    FillObjectMetaSystemFields), and the field manager records the writer (``manager``: a kubelet's is ``kubelet``,
    the client-go user agent's first part; an Update operation, as for every non-apply write). Fields already set
    are kept (a story's own uid or managedFields)."""
    out = copy.deepcopy(node)
    meta = out.setdefault("metadata", {})
    meta.setdefault("uid", f"{meta.get('name', 'node')}-uid")
    meta.setdefault("resourceVersion", rv)
    meta.setdefault("creationTimestamp", created)
    meta.setdefault(
        "managedFields",
        [
            {
                "manager": manager,
                "operation": "Update",
                "apiVersion": "v1",
                "time": created,
                "fieldsType": "FieldsV1",
                "fieldsV1": {"f:metadata": {"f:labels": {}}, "f:spec": {}, "f:status": {"f:conditions": {}}},
            }
        ],
    )
    spec = out.setdefault("spec", {})
    taints = spec.get("taints") or []
    if not any(x.get("key") == NOT_READY_NS["key"] and x.get("effect") == NOT_READY_NS["effect"] for x in taints):
        spec["taints"] = [*taints, dict(NOT_READY_NS)]
    return out


def node_request(stored: dict[str, Any]) -> dict[str, Any]:
    """What a kubelet sent to create the Node ``stored`` (registerWithAPIServer -> tryRegisterWithAPIServer creates
    initialNode): no server-set metadata, and no taint NodeTaint admission added (the request is logged before
    admission). A story's Node that lacks the admission taint is taken as sent without it."""
    out = copy.deepcopy(stored)
    meta = out.get("metadata") or {}
    for k in _SERVER_META:
        meta.pop(k, None)
    spec = out.get("spec") or {}
    taints = [
        x
        for x in spec.get("taints") or []
        if not (
            x.get("key") == NOT_READY_NS["key"] and x.get("effect") == NOT_READY_NS["effect"] and "timeAdded" not in x
        )
    ]
    if "taints" in spec:
        if taints:
            spec["taints"] = taints
        else:
            del spec["taints"]
    return out


def nlc_untaint(stored: dict[str, Any], rv: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The node lifecycle controller's first NoSchedule pass on a Node registered Ready (doNoScheduleTaintingPass:
    Ready=True calls for no not-ready taint, so SwapNodeControllerTaint -> RemoveTaintOffNode -> PatchNodeTaints
    removes admission's): the strategic merge patch PatchNodeTaints makes (CreateTwoWayMergePatch of the Node
    without and with the new taints, the old resourceVersion kept for the conflict check; an emptied list is
    ``null``) and the Node it stores. None when the Node is not Ready or carries no such taint."""
    ready = [c for c in (stored.get("status") or {}).get("conditions") or [] if c.get("type") == "Ready"]
    taints = (stored.get("spec") or {}).get("taints") or []
    left = [x for x in taints if not (x.get("key") == NOT_READY_NS["key"] and x.get("effect") == "NoSchedule")]
    if not ready or ready[0].get("status") != "True" or len(left) == len(taints):
        return None
    req = {"metadata": {"resourceVersion": stored["metadata"].get("resourceVersion")}, "spec": {"taints": left or None}}
    resp = copy.deepcopy(stored)
    resp["metadata"]["resourceVersion"] = rv
    if left:
        resp["spec"]["taints"] = left
    else:
        resp["spec"].pop("taints", None)
    return req, resp


def csr_request(cn: str, valid: bool = True) -> str:
    """A PEM certificate request whose subject is ``CN=cn`` (the reader reads only the CN), base64'd as in a
    CertificateSigningRequest's spec.request; ``valid=False``: a truncated one that names nobody."""
    cn_bytes = cn.encode()
    der = b"\x30\x00\x06\x03\x55\x04\x03\x0c" + bytes([len(cn_bytes)]) + cn_bytes
    if not valid:
        der = der[:6]
    body = base64.b64encode(der).decode()
    pem = f"-----BEGIN CERTIFICATE REQUEST-----\n{body}\n-----END CERTIFICATE REQUEST-----\n"
    return base64.b64encode(pem.encode()).decode()


#: a kubeadm join's bootstrap token user (the token's id) and the CSR controllers' service account
BOOTSTRAP = (
    "system:bootstrap:07401b",
    ["system:bootstrappers", "system:bootstrappers:kubeadm:default-node-token", "system:authenticated"],
)
CSR_CONTROLLER = (
    "system:serviceaccount:kube-system:certificate-controller",
    ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"],
)


def tls_bootstrap(node: str, t: float) -> list[tuple[float, Who, str, dict[str, Any], Any, Any]]:
    """A kubelet's TLS bootstrap before it registers ``node`` at ``t``, as the API server logs it: the CSR the
    kubelet creates with its bootstrap token (pkg/kubelet/certificate/bootstrap requestNodeCertificate: named
    ``node-csr-`` and a digest, signer kube-apiserver-client-kubelet, CN system:node:NODE, O system:nodes), the
    csrapproving controller's approval (its ``approval`` subresource: sarapprove.go, Approved/AutoApproved) and the
    csrsigning controller's certificate (its ``status``). Each (time, who, verb, objectRef, request, response)."""
    name = f"node-csr-{node}"
    ref = {
        "resource": "certificatesigningrequests",
        "name": name,
        "apiGroup": "certificates.k8s.io",
        "apiVersion": "v1",
    }
    csr = {
        "kind": "CertificateSigningRequest",
        "apiVersion": "certificates.k8s.io/v1",
        "metadata": {"name": name},
        "spec": {
            "request": csr_request(f"system:node:{node}"),
            "signerName": "kubernetes.io/kube-apiserver-client-kubelet",
            "usages": ["digital signature", "client auth"],
        },
    }
    stored = copy.deepcopy(csr)
    stored["metadata"].update(uid=f"{name}-uid", resourceVersion="1")
    stored["spec"].update(username=BOOTSTRAP[0], groups=BOOTSTRAP[1])
    approved = copy.deepcopy(stored)
    approved["status"] = {
        "conditions": [
            {
                "type": "Approved",
                "status": "True",
                "reason": "AutoApproved",
                "message": "Auto approving kubelet client certificate after SubjectAccessReview.",
            }
        ]
    }
    signed = copy.deepcopy(approved)
    signed["status"]["certificate"] = base64.b64encode(b"-----BEGIN CERTIFICATE-----\n").decode()
    return [
        (t - 3.0, BOOTSTRAP, "create", ref, csr, stored),
        (t - 2.9, CSR_CONTROLLER, "update", dict(ref, subresource="approval"), approved, approved),
        (t - 2.8, CSR_CONTROLLER, "update", dict(ref, subresource="status"), signed, signed),
    ]


def audit_log(c: Any, mts: Any) -> list[dict[str, Any]]:
    """The audit events of the requests behind ``c.out`` after its initial list (``mts``: the simulator's
    micro-second timestamp of a story time)."""
    out: list[dict[str, Any]] = []
    prev: dict[tuple[str, str], dict[str, Any]] = {}
    snap = snapshot_length(c)
    for i, (t, kind, typ, obj) in enumerate(c.out):
        meta = obj["metadata"]
        key = (kind, f"{meta.get('namespace', '')}/{meta['name']}")
        old = prev.get(key)
        prev[key] = obj
        if typ == "DELETED":
            prev.pop(key, None)
        if i < snap:
            continue
        for who, verb, ref, req, resp in requests(kind, typ, obj, old):
            out.append(audit_event(t, who, verb, ref, copy.deepcopy(req), resp, len(out), mts))
    return out


def write_audit(c: Any, mts: Any, path: Path) -> Path:
    """Write the story's audit log, one JSON event a line (what ``--audit-log-path`` writes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(e, separators=(",", ":")) + "\n" for e in audit_log(c, mts)))
    return path
