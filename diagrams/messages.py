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
    ("apiserver", "API server", "api-server"),
    ("csr", "CSR approver", "csr-approver"),
    ("nlc", "node lifecycle controller", "node-lifecycle-controller"),
    ("tec", "taint-eviction controller", "taint-eviction-controller"),
    ("scheduler", "scheduler", "kube-scheduler"),
    ("ccm", "cloud controller manager", "cloud-controller-manager"),
    ("admin", "administrator", "cluster-admin"),
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


#: event id → the messages of one step, and an optional note on what the receiver does by itself.
#: Templates see ``node`` ("node-0"), ``pod`` ("pod-0") and the step's arguments by name.
EVENT_WIRES: dict[str, tuple[tuple[Wire, ...], str]] = {
    "kubelet_request_certificate": (
        (Wire("kubelet", "apiserver", "POST certificatesigningrequests CN=system:node:{node} (bootstrap token)"),),
        ""),
    "csr_approver_approve": (
        (Wire("csr", "apiserver", "PUT csr/approval: Approved (SubjectAccessReview nodeclient)"),), ""),
    "kubelet_obtain_certificate": (
        (Wire("kubelet", "apiserver", "GET csr (watch)"),
         Wire("apiserver", "kubelet", "issued client certificate system:node:{node}", reply=True)), ""),
    "kubelet_register_node": (
        (Wire("kubelet", "apiserver", "POST /api/v1/nodes {node} (capacity, allocatable)"),),
        "admission (TaintNodesByCondition) adds not-ready:NoSchedule to a new Node"),
    "kubelet_post_status": (
        (Wire("kubelet", "apiserver", "PATCH nodes/{node}/status Ready={ready} MemoryPressure={memory_pressure}"),),
        ""),
    "kubelet_renew_lease": (
        (Wire("kubelet", "apiserver", "PUT leases/kube-node-lease/{node} renewTime"),), ""),
    "kubelet_stops": ((), "kubelet on {node} stops (crash, hang or partition): no more Lease or status"),
    "kubelet_restarts": ((), "a new kubelet process starts on {node}: it registers again"),
    "nlc_monitor_node_health": (
        (Wire("nlc", "apiserver", "monitorNodeHealth {node}: read Lease and status"),), ""),
    "nlc_sync_noschedule_taints": (
        (Wire("nlc", "apiserver", "PATCH nodes/{node} taints (doNoScheduleTaintingPass)"),), ""),
    "nlc_sync_noexecute_taints": (
        (Wire("nlc", "apiserver", "PATCH nodes/{node} taints (doNoExecuteTaintingPass)"),), ""),
    "cloud_node_initialize": (
        (Wire("ccm", "apiserver", "PATCH nodes/{node}: remove uninitialized taint"),), ""),
    "cloud_route_created": (
        (Wire("ccm", "apiserver", "PATCH nodes/{node}/status NetworkUnavailable=False"),), ""),
    "taint_eviction_evict_pod": (
        (Wire("tec", "apiserver", "DELETE pods/{pod} (NoExecute taint, tolerationSeconds over)"),),
        "the pod's owner recreates {pod}, pending"),
    "scheduler_bind_pod": (
        (Wire("scheduler", "apiserver", "POST pods/{pod}/binding → {node}"),), ""),
    "admin_cordon": ((Wire("admin", "apiserver", "kubectl cordon {node}: spec.unschedulable=true"),), ""),
    "admin_uncordon": ((Wire("admin", "apiserver", "kubectl uncordon {node}: spec.unschedulable=false"),), ""),
    "admin_taint_node": (
        (Wire("admin", "apiserver", "kubectl taint {node} " + d.CUSTOM_TAINT_KEY + ":{taint_effect}"),), ""),
    "admin_untaint_node": ((Wire("admin", "apiserver", "kubectl taint {node} " + d.CUSTOM_TAINT_KEY + "-"),), ""),
    "admin_delete_node": (
        (Wire("admin", "apiserver", "kubectl delete node {node}"),),
        "pod garbage collector deletes the pods bound to {node}"),
    "time_passes": ((), ""),
}


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


def describe_change(name: str, before: Any, after: Any, state: dict[str, Any], multi_node: bool,
                    multi_pod: bool) -> str | None:
    """One readable line for a changed variable, or None for a clock that merely advanced.

    Clocks advance on every time step: only a reset to 0 by an event is shown. Ghost variables
    exist for properties only and are not shown.
    """
    base, idx = _split(name)
    var = _VARS.get(base)
    who = ""
    if base == "ctl":
        return f"{'node-' + str(idx) + ' ' if multi_node else ''}state {before} → {after}"
    if var is None:  # a timing parameter
        return f"{name}: {before} → {after}"
    if var.ghost:
        return None
    scope = "pod" if var in d.POD_VARS else "node"
    if (scope == "node" and multi_node) or (scope == "pod" and multi_pod):
        who = f"{scope}-{idx} "
    if var.clock:
        if after == 0 and before != 0:
            return f"{who}{base} reset to 0"
        return None
    if base in _TAINTS and isinstance(after, bool):
        sign = "+" if after else "−"
        return f"{who}{sign} taint {_taint_text(base, state, idx)}"
    if base == "bound_to":
        pod = f"pod-{idx}"
        return f"{pod} bound to node-{after}" if after != d.UNBOUND else f"{pod} unbound (pending again)"
    if base == "ready":
        return f"{who}Ready: {before} → {after}"
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
