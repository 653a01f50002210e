"""One sentence per violation, in Kubernetes terms (objects, fields, taint keys, times).

The property id says *what* broke; the sentence says where and with which values, e.g. "pod web-1
was bound to node n3 at 10:02:11 while n3 was Ready=False and the pod does not tolerate
node.kubernetes.io/not-ready".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nodereg.model import declaration as d

from .compile import NI, PI

if TYPE_CHECKING:
    from .core import NodeRec, Oracle, PodRec

_SLOT_TEXT = {t.var: (t.key, d.EFFECT_NAMES[t.effect] if t.effect >= 0 else None) for t in d.TAINT_SLOTS}


def taints(s: list[Any], real: list[str] | None = None) -> list[str]:
    """The node's taints as ``key:Effect`` (``real``: its actual user taints, for the user-taint slot)."""
    out = []
    for t in d.TAINT_SLOTS:
        if s[NI[t.var]]:
            if t.effect < 0 and real:
                out += real
                continue
            eff = d.EFFECT_NAMES[t.effect] if t.effect >= 0 else d.EFFECT_NAMES[s[NI["custom_effect"]]]
            out.append(f"{t.key}:{eff}")
    return out


def untolerated(s: list[Any], p: list[Any], real: list[str] | None = None) -> list[str]:
    """NoSchedule/NoExecute taints of the node that the pod does not tolerate (``real``: the node's
    actual user taints, named instead of the model's one user-taint slot)."""
    out = []
    for t in d.TAINT_SLOTS:
        if not s[NI[t.var]]:
            continue
        if t.effect >= 0:
            if not p[PI[t.tolerated_by]]:
                out.append(f"{t.key}:{d.EFFECT_NAMES[t.effect]}")
        else:
            eff = s[NI["custom_effect"]]
            for e, bit in ((d.NO_SCHEDULE, "tolerates_custom_ns"), (d.NO_EXECUTE, "tolerates_custom_ne")):
                if eff == e and not p[PI[bit]]:
                    name = d.EFFECT_NAMES[e]
                    mine = [x for x in real or [] if x.endswith(":" + name)]
                    out += mine or [f"{t.key}:{name}"]
    return out


def _ready(s: list[Any]) -> str:
    return d.READY_NAMES[s[NI["ready"]]] if s[NI["exists"]] else "absent (no Node object)"


def explain(
    o: Oracle,
    pid: str,
    rec: NodeRec,
    prec: PodRec | None,
    eid: str,
    pre: list[Any],
    post: list[Any],
    now: float,
    **kw: Any,
) -> str:
    from .record import fmt_time

    n, at = rec.name, fmt_time(now)
    pod = prec.name if prec is not None else None
    prm = o.c.params
    ppre = kw.get("ppre")
    if pid == "no-schedule-without-ready" and pod is not None and ppre is not None:
        r = pre[NI["ready"]]
        key = "node.kubernetes.io/unreachable" if r == d.READY_UNKNOWN else "node.kubernetes.io/not-ready"
        return (
            f"pod {pod} was bound to node {n} at {at} while {n} was Ready={_ready(pre)} and the pod does not "
            f"tolerate {key}"
        )
    if pid == "no-schedule-with-untolerated-taint" and pod is not None and ppre is not None:
        real = getattr(o, "untolerated", None)  # the Node's actual taints, when the input holds them
        bad = ", ".join(real if real else untolerated(pre, ppre, o.custom_taints.get(n))) or "a taint"
        return f"pod {pod} was bound to node {n} at {at} although {n} has taint {bad}, which the pod does not tolerate"
    if pid == "no-schedule-when-cordoned" and pod is not None:
        return (
            f"pod {pod} was bound to node {n} at {at} although {n} is cordoned (spec.unschedulable=true) and "
            "the pod does not tolerate node.kubernetes.io/unschedulable"
        )
    if pid == "bound-requests-fit-allocatable":
        return (
            f"the pods bound to node {n} request {rec.used + (ppre[PI['request']] if ppre and pod else 0)} "
            f"cpu at {at}, more than its allocatable {post[NI['allocatable']]}"
        )
    if pid == "pods-only-on-existing-nodes":
        return f"pod {pod or '?'} is bound to node {n} at {at}, but no Node object {n} exists"
    if pid == "silent-node-becomes-unknown":
        age = now - post[NI["since_heartbeat"]]
        return (
            f"node {n} was still Ready={_ready(post)} at {at}, {age:.0f} s after its kubelet's last heartbeat "
            f"(Lease renewal or status post); the node lifecycle controller must mark it Unknown within "
            f"node-monitor-grace-period {prm['node_monitor_grace_period']} s + 2 x node-monitor-period "
            f"{prm['node_monitor_period']} s (+{o.slack:g} s slack)"
        )
    if pid == "heartbeating-node-stays-known":
        hb = now - pre[NI["since_heartbeat"]]
        lease = now - pre[NI["since_lease_renew"]]
        return (
            f"node {n} was marked Ready=Unknown at {at} although its kubelet heartbeated {hb:.0f} s before "
            f"(Lease renewed {lease:.0f} s before), within node-monitor-grace-period "
            f"{prm['node_monitor_grace_period']} s"
        )
    if pid == "no-execute-eviction":
        ne = kw.get("ne") or now
        bad = []
        for q in rec.pods.values():
            p = q.p
            unt = [t for t in untolerated(post, p, o.custom_taints.get(n)) if t.endswith("NoExecute")]
            if unt:
                bad.append(f"pod {q.name} does not tolerate {', '.join(unt)}")
            elif not p[PI["tolerates_forever"]] and ne - p[PI["since_noexecute"]] > p[PI["toleration_seconds"]]:
                bad.append(
                    f"pod {q.name} has been under "
                    f"{', '.join(t for t in taints(post, o.custom_taints.get(n)) if 'NoExecute' in t)} "
                    f"for {now - p[PI['since_noexecute']]:.0f} s, beyond its tolerationSeconds "
                    f"{p[PI['toleration_seconds']]}"
                )
        what = "; ".join(bad) or "a pod stays under a NoExecute taint"
        return f"at {at} on node {n}: {what} (+{o.slack:g} s slack); the taint-eviction controller must evict it"
    if pid == "eviction-not-early" and prec is not None:
        start = prec.p[PI["since_noexecute"]]
        under = ", ".join(t for t in taints(pre, o.custom_taints.get(n)) if "NoExecute" in t) or "a NoExecute taint"
        return (
            f"the taint-eviction controller evicted pod {pod} from node {n} at {at}, {now - start:.0f} s after "
            f"its timer could start at the earliest ({fmt_time(start)}, the first moment the input shows the pod "
            f"under the Node's NoExecute taints; now {under}), before its tolerationSeconds "
            f"{prec.p[PI['toleration_seconds']]} ran out" + (f" ({o.slack:g} s slack)" if o.attribute else "")
        )
    if pid in ("not-ready-taint-follows-not-ready", "unreachable-taint-follows-unknown"):
        key = "not-ready" if pid.startswith("not-ready") else "unreachable"
        have = taints(post, o.custom_taints.get(n))
        missing = [
            f"node.kubernetes.io/{key}:{e}"
            for e in ("NoSchedule", "NoExecute")
            if f"node.kubernetes.io/{key}:{e}" not in have
        ]
        allowed = kw.get("allowed") or o.slack
        why = (
            ""
            if allowed <= o.slack
            else (
                f" ({o.slack:g} s slack + the controller's next monitor pass and its zone's --node-eviction-rate queue)"
            )
        )
        return (
            f"node {n} was Ready={_ready(post)} for more than {allowed:g} s{why} up to {at} without taint "
            f"{', '.join(missing)}; the node lifecycle controller adds it on the Node update"
        )
    if pid == "no-registration-without-credentials":
        return (
            f"Node {n} exists at {at} but its kubelet has no approved client certificate "
            f"(CSR {d.CSR_NAMES[post[NI['csr']]]}) for system:node:{n} in group system:nodes"
        )
    if pid == "certificate-needs-approval":
        return f"the kubelet of {n} holds a client certificate at {at} although its CSR was never approved"
    if pid == "re-registration-is-idempotent":
        changed = [k for k, i in NI.items() if k in d.node_object_vars() and pre[i] != post[i]]
        return (
            f"node {n} registered again at {at} (AlreadyExists) and that changed {', '.join(changed) or 'pods'} of "
            "the existing Node; a restarted kubelet must leave taints, cordon and conditions as they are"
        )
    if pid == "registration-is-not-eligibility":
        tainted = bool(post[NI["taint_not_ready_ns"]])
        absent = post[NI["ready"]] == d.READY_ABSENT
        if absent and tainted:
            return (
                f"Node {n} was created at {at} without a Ready condition (a kubelet creates its Node with its "
                "conditions: initialNode ends with setNodeStatus); it carries the "
                "node.kubernetes.io/not-ready:NoSchedule taint admission adds on create, but the node lifecycle "
                "controller's taint pass removes it while Ready is missing, so the Node can be scheduled to "
                "before its kubelet ever reported Ready"
            )
        if absent:
            return (
                f"Node {n} was created at {at} without a Ready condition and without the "
                "node.kubernetes.io/not-ready:NoSchedule taint that admission (TaintNodesByCondition) adds on "
                "create"
            )
        return (
            f"Node {n} was created at {at} with Ready={_ready(post)} but without the "
            "node.kubernetes.io/not-ready:NoSchedule taint that admission (TaintNodesByCondition) adds on create"
        )
    if pid == "only-kubelet-reports-readiness":
        return (
            f"{eid} set node {n} Ready={_ready(post)} at {at} (was {_ready(pre)}); only the kubelet reports "
            "True or False, the controller only Unknown"
        )
    if pid == "one-ready-noexecute-taint":
        return f"node {n} carries both not-ready:NoExecute and unreachable:NoExecute at {at}"
    if pid == "allocatable-within-capacity":
        return (
            f"node {n} reports allocatable {post[NI['allocatable']]} at {at}, outside 0..capacity "
            f"{post[NI['capacity']]}"
        )
    if pid == "synced-taints-match-conditions":
        have = taints(post, o.custom_taints.get(n)) or "[]"
        return (
            f"node {n}'s taints {have} do not match its conditions (Ready={_ready(post)}, "
            f"unschedulable={post[NI['unschedulable']]}) at {at}, although the node lifecycle controller's "
            f"taint pass has had at least {o.slack:g} s to sync them"
        )
    if pid == "node-restriction":
        return f"the kubelet of {n} changed taints of its existing Node at {at}"
    if pid == "live-kubelet-renews-in-time":
        return f"the kubelet of {n} did not renew its Lease within heartbeat-gap-max {prm['heartbeat_gap_max']} s"
    if pid == "control-state-matches-definition" and kw.get("master_add"):
        added = _noexecute_names(kw["master_add"])
        return (
            f"node {n} was tainted {added} at {at} although no Node of any zone had been Ready since "
            f"{fmt_time(kw['master_since'])}: in master disruption mode upstream's node lifecycle controller "
            "stops NoExecute tainting (and removed those taints on entering it: handleDisruption)"
        )
    if pid == "control-state-matches-definition" and kw.get("partial_add"):
        gets, zone, bad, size, since = kw["partial_add"]
        return (
            f"node {n} was tainted {_noexecute_names(gets)} at {at} although its zone {zone or '(no zone label)'} "
            f"had had {bad} of its {size} Nodes not Ready since {fmt_time(since)} (partial disruption, at most "
            f"{prm.get('large_cluster_size_threshold', 50)} Nodes): upstream's node lifecycle controller stops "
            "NoExecute tainting there (handleDisruption: setLimiterInZone, ReducedQPSFunc = 0)"
        )
    if pid == "control-state-matches-definition" and kw.get("master_kept"):
        kept = _noexecute_names(kw["master_kept"])
        return (
            f"node {n} still carries {kept} at {at} although no Node of any zone has been Ready since "
            f"{fmt_time(kw['master_since'])}: entering master disruption mode, upstream's node lifecycle "
            "controller removes those taints from every Node (handleDisruption: markNodeAsReachable)"
        )
    if pid == "control-state-matches-definition":
        dev = kw.get("deviation") or []
        state = d.STATE_NAMES[pre[NI["ctl"]]] if 0 <= pre[NI["ctl"]] < 7 else "?"
        who = f"pod {pod} on node {n}" if pod else f"node {n}"
        if kw.get("guard_ok") is False:
            ev = o.c.events[eid].event
            return (
                f"the model forbids {eid} for {who} at {at}: the {ev.actor} does this only when its guard "
                f"holds, and {n} is {state} ({_why(eid, pre, ppre)})"
            )
        if dev:
            diffs = ", ".join(f"{k}={_val(k, b)} (the model gives {_val(k, a)})" for k, a, b in dev)
            return f"{eid} on {who} at {at} led to {diffs}, an outcome the model does not allow from {state}"
        return (
            f"{eid} on {who} at {at} took node {n} from {state} to "
            f"{d.STATE_NAMES[o.c.classify(post)]}, an edge the lifecycle does not declare"
        )
    from nodereg.properties.catalogue import PROPERTY_BY_ID

    return f"{PROPERTY_BY_ID[pid].statement} (node {n}{', pod ' + pod if pod else ''}, at {at}, after {eid})"


def _val(var: str, v: Any) -> Any:
    x = next((x for x in d.NODE_VARS if x.name == var), None)
    return x.names[v] if x is not None and x.names and isinstance(v, int) and 0 <= v < len(x.names) else v


def _why(eid: str, s: list[Any], p: list[Any] | None) -> str:
    """The facts a guard reads, in words (enough to see which one failed)."""
    facts = [
        f"kubelet {'running' if s[NI['alive']] else 'stopped'}",
        f"certificate {'issued' if s[NI['cert']] else 'none'}",
        f"CSR {d.CSR_NAMES[s[NI['csr']]]}",
        f"Node object {'exists' if s[NI['exists']] else 'absent'}",
        f"Ready={_ready(s)}",
        f"registered={s[NI['registered']]}",
        f"taints {taints(s) or '[]'}",
        f"unschedulable={s[NI['unschedulable']]}",
    ]
    if p is not None and eid in ("scheduler_bind_pod", "taint_eviction_evict_pod"):
        facts.append(
            "pod "
            + ("bound here" if p[PI["bound_to"]] == 0 else "pending" if p[PI["bound_to"]] < 0 else "bound elsewhere")
        )
    return ", ".join(facts)


def _noexecute_names(keys: Any) -> str:
    """The Kubernetes names of the node lifecycle controller's NoExecute taints among model variable names."""
    return ", ".join(f"node.kubernetes.io/{'not-ready' if 'not_ready' in k else 'unreachable'}:NoExecute" for k in keys)
