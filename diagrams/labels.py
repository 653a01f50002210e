"""How each declaration event is said in Kubernetes words: the one table the drawings label with.

The declaration names events after the code that fires them (``nlc_monitor_node_health``); a
reader of a design doc knows the behaviour ("no heartbeat for the grace period: Ready=Unknown").
This table is the only place that wording lives. It is keyed by event id, and a test fails naming
every declared event without an entry, so a new event cannot be drawn under its code name
unnoticed. Until its entry is added, the drawings fall back to the event id (never to nothing).

An arrow's label may depend on the target state, because the target is what the event's data
decided: ``kubelet_post_status`` reaches Ready or Schedulable when the kubelet posts Ready=True and
NotReady when it posts Ready=False. ``arrows`` holds those per-target words; ``text`` is the
general wording (tables, self-loops, and arrows to any target not listed).
"""

from __future__ import annotations

from dataclasses import dataclass

from .extract import ACTOR_TITLES


@dataclass(frozen=True, slots=True)
class EventLabel:
    """An event in Kubernetes words: ``text`` in general, ``arrows`` for an arrow into a given state."""

    text: str
    arrows: tuple[tuple[str, str], ...] = ()

    def arrow(self, dst: str) -> str:
        """The words on an arrow into state ``dst``."""
        return dict(self.arrows).get(dst, self.text)


_READY_TRUE = "kubelet posts Ready=True"
_READY_FALSE = "kubelet posts Ready=False"

#: event id → its Kubernetes wording. Every event of ``model/declaration.py`` needs an entry.
EVENT_LABELS: dict[str, EventLabel] = {
    "kubelet_request_certificate": EventLabel("kubelet requests a client certificate (POST CSR, bootstrap token)"),
    "csr_approver_approve": EventLabel("CSR approver approves the node-client CSR"),
    "kubelet_obtain_certificate": EventLabel("CSR signed: kubelet gets its client certificate"),
    "kubelet_register_node": EventLabel(
        "kubelet POSTs its Node (again after a restart: AlreadyExists, no change)",
        (
            # declared for node simulators and virtual kubelets; the lemma node-has-ready-condition proves that a
            # real kubelet never takes it (it creates its Node with its conditions), which the old words hid
            ("registered", "a node simulator POSTs a Node without conditions (never a real kubelet)"),
            ("ready", "kubelet POSTs its Node with Ready=True"),
            ("not_ready", "kubelet POSTs its Node with Ready=False"),
        ),
    ),
    "kubelet_post_status": EventLabel(
        "kubelet posts node status (Ready, MemoryPressure)",
        (("ready", _READY_TRUE), ("schedulable", _READY_TRUE), ("not_ready", _READY_FALSE)),
    ),
    "kubelet_renew_lease": EventLabel("kubelet renews its Lease"),
    "kubelet_evict_pod": EventLabel("kubelet's eviction manager evicts a pod of its own node (memory pressure)"),
    "kubelet_stops": EventLabel("kubelet stops (crash, hang or network partition)"),
    "kubelet_restarts": EventLabel("kubelet restarts (and registers again)"),
    "nlc_monitor_node_health": EventLabel(
        "node lifecycle controller checks the heartbeat",
        (("unknown", "controller: no heartbeat for the grace period → Ready=Unknown"),),
    ),
    "nlc_sync_noschedule_taints": EventLabel(
        "controller sets the NoSchedule taints from the conditions",
        (("schedulable", "controller removes the condition taints"), ("ready", "controller adds a condition taint")),
    ),
    "nlc_sync_noexecute_taints": EventLabel("controller sets the not-ready / unreachable NoExecute taints"),
    "cloud_node_initialize": EventLabel("cloud controller removes the uninitialized taint"),
    "cloud_route_created": EventLabel("route controller sets NetworkUnavailable=False"),
    "taint_eviction_evict_pod": EventLabel("taint-eviction controller deletes a pod under a NoExecute taint"),
    "scheduler_bind_pod": EventLabel("scheduler binds a pending pod (POST pods/binding)"),
    "admin_cordon": EventLabel("kubectl cordon"),
    "admin_uncordon": EventLabel("kubectl uncordon"),
    "admin_taint_node": EventLabel("kubectl taint (add a user taint)", (("ready", "kubectl taint"),)),
    "admin_untaint_node": EventLabel(
        "kubectl taint KEY- (remove the user taint)", (("schedulable", "kubectl taint KEY- (remove)"),)
    ),
    "admin_delete_node": EventLabel("kubectl delete node"),
    "time_passes": EventLabel("time passes"),
}


def label(event_id: str) -> EventLabel:
    """The event's wording, or its id while the table has no entry for it (a test names it)."""
    return EVENT_LABELS.get(event_id) or EventLabel(event_id)


def missing(event_ids: list[str]) -> list[str]:
    """Event ids without an entry, in declaration order."""
    return [e for e in event_ids if e not in EVENT_LABELS]


def actor_title(actor: str) -> str:
    """An actor as a legend names it (its id while :data:`ACTOR_TITLES` lacks it)."""
    return ACTOR_TITLES.get(actor, actor)
