"""What each model event looks like on the wire: the one table from events to sequence messages.

A sequence diagram is a run of the model (a list of steps). This module says, for each event id
of the declaration, which participant sends what to whom, and how a step's changed variables are
written as a note. It is the only place where the diagrams know Kubernetes API paths; the order
and the content of a run always come from the model. A test checks that every declared event has
an entry, so a new event cannot be drawn silently as nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nodereg.model import declaration as d

#: Sequence-diagram participants, left to right: (id, title, declaration actor for the colour).
PARTICIPANTS: tuple[tuple[str, str, str], ...] = (
    ("kubelet", "kubelet", "kubelet"),
    ("apiserver", "API server (admission)", "api-server"),
    ("csr", "CSR approver / signer", "csr-approver"),
    ("nlc", "node lifecycle controller", "node-lifecycle-controller"),
    ("scheduler", "scheduler", "kube-scheduler"),
    ("tec", "taint-eviction controller", "taint-eviction-controller"),
    ("ccm", "cloud controller manager", "cloud-controller-manager"),
    ("admin", "administrator (kubectl)", "cluster-admin"),
)
PARTICIPANT_TITLE = {p: t for p, t, _ in PARTICIPANTS}
PARTICIPANT_ACTOR = {p: a for p, _, a in PARTICIPANTS}


@dataclass(frozen=True)
class Wire:
    """One message template: ``src`` sends ``text`` to ``dst`` (``reply``: a response arrow)."""

    src: str
    dst: str
    text: str
    reply: bool = False


_CSR = "certificatesigningrequests/csr-{node}"

#: event id → the API calls of one step, and an optional note on what the receiver does by itself.
#: Templates see ``node`` ("node-0"), ``pod`` ("pod-0") and the step's arguments by name. Every
#: message is a real API request (verb and resource) as the component sends it.
EVENT_WIRES: dict[str, tuple[tuple[Wire, ...], str]] = {
    "kubelet_request_certificate": (
        (Wire("kubelet", "apiserver", "POST certificatesigningrequests (CN=system:node:{node}, bootstrap token)"),),
        "",
    ),
    "csr_approver_approve": ((Wire("csr", "apiserver", "PUT " + _CSR + "/approval (Approved)"),), ""),
    "kubelet_obtain_certificate": (
        (
            Wire("csr", "apiserver", "PUT " + _CSR + "/status (signed certificate)"),
            Wire("kubelet", "apiserver", "GET " + _CSR + " (watch)"),
            Wire("apiserver", "kubelet", "client certificate system:node:{node}", reply=True),
        ),
        "",
    ),
    "kubelet_register_node": (
        (Wire("kubelet", "apiserver", "POST nodes ({node}: capacity, allocatable, conditions)"),),
        "admission (TaintNodesByCondition) adds taint not-ready:NoSchedule to a new Node",
    ),
    "kubelet_post_status": (
        (Wire("kubelet", "apiserver", "PATCH nodes/{node}/status (Ready={ready}, MemoryPressure={memory_pressure})"),),
        "",
    ),
    "kubelet_renew_lease": ((Wire("kubelet", "apiserver", "PUT leases/{node} (kube-node-lease, renewTime)"),), ""),
    "kubelet_evict_pod": (
        (Wire("kubelet", "apiserver", "PATCH pods/{pod}/status (phase=Failed, reason=Evicted: memory pressure)"),),
        "",
    ),
    "kubelet_stops": ((), "kubelet on {node} stops (crash, hang or partition): no more Lease or status"),
    "kubelet_restarts": ((), "a new kubelet process starts on {node}: it registers again"),
    "nlc_monitor_node_health": (
        (Wire("nlc", "apiserver", "PUT nodes/{node}/status (Ready=Unknown: no heartbeat for the grace period)"),),
        "",
    ),
    "nlc_sync_noschedule_taints": (
        (Wire("nlc", "apiserver", "PATCH nodes/{node} (NoSchedule taints from the conditions)"),),
        "",
    ),
    "nlc_sync_noexecute_taints": ((Wire("nlc", "apiserver", "PATCH nodes/{node} (NoExecute taints from Ready)"),), ""),
    "cloud_node_initialize": ((Wire("ccm", "apiserver", "PATCH nodes/{node} (remove the uninitialized taint)"),), ""),
    "cloud_route_created": ((Wire("ccm", "apiserver", "PATCH nodes/{node}/status (NetworkUnavailable=False)"),), ""),
    "taint_eviction_evict_pod": (
        (Wire("tec", "apiserver", "DELETE pods/{pod} (NoExecute taint not tolerated any longer)"),),
        "the pod's owner recreates {pod}, pending",
    ),
    "scheduler_bind_pod": ((Wire("scheduler", "apiserver", "POST pods/{pod}/binding (to {node})"),), ""),
    "admin_cordon": ((Wire("admin", "apiserver", "PATCH nodes/{node} (kubectl cordon: spec.unschedulable=true)"),), ""),
    "admin_uncordon": (
        (Wire("admin", "apiserver", "PATCH nodes/{node} (kubectl uncordon: spec.unschedulable=false)"),),
        "",
    ),
    "admin_taint_node": (
        (Wire("admin", "apiserver", "PATCH nodes/{node} (kubectl taint " + d.CUSTOM_TAINT_KEY + ":{taint_effect})"),),
        "",
    ),
    "admin_untaint_node": (
        (Wire("admin", "apiserver", "PATCH nodes/{node} (kubectl taint " + d.CUSTOM_TAINT_KEY + "-)"),),
        "",
    ),
    "admin_delete_node": (
        (Wire("admin", "apiserver", "DELETE nodes/{node} (kubectl delete node)"),),
        "pod garbage collector deletes the pods bound to {node}",
    ),
    "time_passes": ((), ""),
}
#: Steps that are a read, not a write, when they change no object: drawn as no message at all.
READ_ONLY_WHEN_QUIET = ("nlc_monitor_node_health",)


def fill(template: str, node: int | None, pod: int | None, args: dict[str, Any]) -> str:
    """A template with the step's node, pod and arguments (booleans as True/False)."""
    values: dict[str, Any] = {k: v for k, v in args.items()}
    values["node"] = f"node-{node}" if node is not None else "node"
    values["pod"] = f"pod-{pod}" if pod is not None else "pod"
    return template.format(**values)


# ---------------------------------------------------------------------------------------------
# Changed variables, written for a reader
# ---------------------------------------------------------------------------------------------

_TAINTS = {t.var: t for t in d.TAINT_SLOTS}
_VARS = {v.name: v for v in (*d.NODE_VARS, *d.POD_VARS)}
#: The node lifecycle controller's and kubelet's bookkeeping: shown, but after the real changes.
BOOKKEEPING = ("taints_synced", "heartbeat_unseen", "registered", "alive", "csr", "cert")


def _split(name: str) -> tuple[str, int | None]:
    if "[" in name:
        base, idx = name[:-1].split("[")
        return base, int(idx)
    return name, None


def _taint_text(var: str, state: dict[str, Any], idx: int | None) -> str:
    slot = _TAINTS[var]
    key = slot.key.removeprefix("node.kubernetes.io/")
    effect = d.EFFECT_NAMES[slot.effect] if slot.effect >= 0 else str(state.get(f"custom_effect[{idx}]", "?"))
    return f"{key}:{effect}"


#: Variables that are no API object's field (controller caches, timers): never shown. The kubelet's
#: registrationCompleted flag is shown: it is why a restarted kubelet POSTs its Node again.
HIDDEN = ("taints_synced", "heartbeat_unseen", "since_monitor", "since_probe", "since_heartbeat")
#: A clock reset to 0, in Kubernetes words.
_RESETS = {
    "since_lease_renew": "Lease renewTime = now",
    "since_status_post": "status: lastHeartbeatTime = now",
    "since_noexecute": "taint-eviction timer of {pod} starts",
    "since_ready_changed": "Ready: lastTransitionTime = now",
}
#: A boolean variable that becomes True / False, in Kubernetes words.
_FLAGS = {
    "cert": ("kubelet holds its client certificate", "kubelet has no client certificate"),
    "alive": ("kubelet is running", "kubelet stopped"),
    "registered": ("kubelet: node registration completed", "kubelet: will register the node again"),
    "exists": ("Node {node} created", "Node {node} deleted"),
    "memory_pressure": ("condition MemoryPressure=True", "condition MemoryPressure=False"),
    "network_unavailable": ("condition NetworkUnavailable=True", "condition NetworkUnavailable=False"),
    "unschedulable": ("spec.unschedulable=true", "spec.unschedulable=false"),
}


def describe_change(
    name: str, before: Any, after: Any, state: dict[str, Any], multi_node: bool, multi_pod: bool
) -> str | None:
    """One line in Kubernetes words for a changed variable, or None for what a reader need not see.

    Clocks advance on every time step: only a reset to 0 by an event is shown, and only for clocks
    that are an object's timestamp. Ghost variables, controller caches and timers
    (:data:`HIDDEN`) are not API fields and are not shown. A variable this table does not know
    yet is shown as ``name: before → after`` rather than hidden.
    """
    base, idx = _split(name)
    var = _VARS.get(base)
    node = f"node-{idx}" if idx is not None else "node"
    if base == "ctl":
        return f"{node + ': ' if multi_node else ''}{before} → {after}"
    if var is None:  # a timing parameter
        return f"{name}: {before} → {after}"
    if var.ghost or base in HIDDEN:
        return None
    scope = "pod" if var in d.POD_VARS else "node"
    who = f"{scope}-{idx} " if (scope == "node" and multi_node) or (scope == "pod" and multi_pod) else ""
    if var.clock:
        if after == 0 and before != 0:
            return who + _RESETS.get(base, f"{base} reset").format(node=node, pod=f"pod-{idx}")
        return None
    if base in _TAINTS and isinstance(after, bool):
        sign = "+" if after else "−"
        return f"{who}{sign} taint {_taint_text(base, state, idx)}"
    if base == "bound_to":
        pod = f"pod-{idx}"
        if after == d.UNBOUND:
            return f"{pod} deleted; its owner recreates it, pending"
        return f"{pod} bound to node-{after}"
    if base == "ready":
        return f"{who}condition Ready={after}"
    if base == "csr":
        return f"CSR csr-{node}: {after}"
    if base == "allocatable":
        return f"{who}status.allocatable cpu={after}"
    if base == "custom_effect":
        # the effect a Node without a user taint would give one is no change a reader can see (a
        # registration with register_with_taint=False drew "user taint effect NoExecute")
        return f"{who}user taint effect {after}" if state.get(f"taint_custom[{idx}]") else None
    if base in _FLAGS and isinstance(after, bool):
        words = _FLAGS[base][0 if after else 1].format(node=node)
        return words if "{node}" in _FLAGS[base][0] else who + words
    if isinstance(after, bool):
        return f"{who}{base}: {str(before).lower()} → {str(after).lower()}"
    return f"{who}{base}: {before} → {after}"


def change_lines(before: dict[str, Any], after: dict[str, Any], changed: list[str]) -> list[str]:
    """Readable lines for every changed variable: control state first, then data, then bookkeeping."""
    multi_node = any(k.startswith("ctl[1]") for k in after)
    multi_pod = any(k.startswith("bound_to[1]") for k in after)

    def rank(name: str) -> tuple[int, str]:
        base, _ = _split(name)
        return (0 if base == "ctl" else 2 if base in BOOKKEEPING else 1, name)

    out: list[str] = []
    for name in sorted(changed, key=rank):
        line = describe_change(name, before.get(name), after.get(name), after, multi_node, multi_pod)
        if line is not None:
            out.append(line)
    return out
