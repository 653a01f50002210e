"""Conformance vectors generated from the model with Z3, with the oracle's expected verdicts.

* **Transitions**: for every (event, src -> dst) edge of the declaration, Z3 BMC (the verifier's
  encoding, one node and one pod, upstream default timing) finds a shortest run that takes it. A
  run is searched from the initial state (depth 12), or, for edges whose runs are too long for BMC,
  from reachable *anchor* states (depth 5): runs found so far that end in the edge's source state,
  the same aged by the kubelet's status-update interval, runs ending in a state with an edge into
  the source state, and runs whose kubelet stops, driven by the model's own compiled step until the
  controller marks the node Unknown (see :func:`_anchors`). The pod's frozen values (tolerations,
  request) stay free from an anchor in which the pod was pending throughout, and every joined run is
  replayed with the compiled step. An edge no run takes is proved unreachable with Z3 (1-induction
  relative to the catalogue's proved invariants, then Spacer) and listed in the manifest's
  ``unreachable_edges`` with the reason; what is neither is listed in ``missing``.
* **Determinism**: every Z3 query is bounded by a resource limit (``rlimit``, :data:`RLIMIT`), never
  by wall-clock time, so the output is the same on any machine under any load (for the pinned Z3).
* **Guard outcomes**: every event's guard is covered true (by the runs above) and false: a vector
  ends with the event fired in a reachable state where its guard does not hold.
* **Properties**: one minimal violating trace per checkable property: seeded mutants' BMC
  counterexamples (real runs of a buggy system that the real model forbids), or a run of the real
  model followed by one step that a buggy component could take (an outcome shown with ``expect``).

Each vector is written in the ``events`` format and as ITF; its expected verdicts are what
``nodereg check`` says, and generation fails if a run of the real model is not accepted or a
property vector does not produce its property. Output is byte-for-byte deterministic.
"""

from __future__ import annotations

import contextlib
import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nodereg.model import declaration as d
from nodereg.model.logic import And, Not
from nodereg.model.semantics import Bound, CompiledModel, Config, Model, compiled, real_model

CFG = Config(1, 1)
Trace = list[tuple[int | None, tuple[Any, ...], tuple[Any, ...]]]


def _cover_props(model: Model) -> list[Any]:
    from nodereg.properties.catalogue import Property

    out = []
    for e in model.events:
        for a, b in sorted(set(e.edges)):

            def w(pre: Any, post: Any, bb: Any, a: int = a, b: int = b) -> Any:
                return And(pre.ctl(0) == a, post.ctl(0) == b)

            out.append(
                Property(
                    f"{e.id}:{d.STATE_IDS[a]}->{d.STATE_IDS[b]}",
                    "",
                    "",
                    "",
                    "",
                    "step",
                    lambda pre, post, bb: True,
                    w,
                    "",
                    (e.id,),
                    "step",
                    (e.id,),
                )
            )
    return out


#: Z3's resource limit per query (``rlimit``: a count of solver steps, the same on every machine for
#: a given Z3 version). Generation never depends on wall-clock time, so its output is byte for byte
#: the same wherever and however loaded it runs; the largest query here takes about 1.4e7.
RLIMIT = 200_000_000
NO_CLOCK = 4.0e6  # seconds handed to the verifier's engines: their wall-clock timeout never binds


def _prover(model: Model, rlimit: int) -> Any:
    from nodereg.model.params import defaults
    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.runner import Prover

    pr = Prover(Encoding(model, CFG, defaults()))
    for solver in (pr.bmc, pr.ind, pr.base):
        solver.set("rlimit", rlimit)
    return pr


def _bmc(
    model: Model,
    queries: list[Any],
    depth: int,
    rlimit: int,
    start: tuple[Any, ...] | None,
    free: frozenset[Any] = frozenset(),
    goal: str = "witness",
) -> dict[str, Trace]:
    """Shortest runs reaching each query (witness goals), from the initial states or from ``start``
    (every variable as in ``start`` but those in ``free``, which keep only their domain)."""
    import z3

    pr = _prover(model, rlimit)
    enc = pr.enc
    if start is not None:
        pr.bmc = z3.Solver()
        pr.bmc.set("rlimit", rlimit)
        s0 = pr.bstates[0]
        pr.bmc.add(enc.domain(s0))
        pr.bmc.add(
            *[
                s0[k] == (z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v))
                for k, v in zip(enc.keys, start, strict=True)
                if k not in free
            ]
        )
    res = pr.bmc_many([(q, goal) for q in queries], depth, NO_CLOCK)
    want = "reachable" if goal == "witness" else "violated"
    return {k: r.trace for k, r in res.items() if r.status == want and r.trace is not None}


def _drive_to_unknown(cm: CompiledModel, trace: Trace, at_mark: bool = False) -> Trace:
    """Extend a run whose node exists: the kubelet stops; the model runs until Ready=Unknown (and its
    taint passes ran), or, ``at_mark``, up to the monitor pass that marks it Unknown."""
    lay = cm.layout
    idx = {inst.label: k for k, inst in enumerate(cm.instances)}
    ready = lay.index[("node", "ready", 0)]
    out = list(trace)
    state = out[-1][2]

    def fire(label: str, args: tuple[Any, ...] = ()) -> bool:
        nonlocal state
        k = idx[label]
        if not cm.enabled(state, k, args):
            return False
        state = cm.step(state, k, args)
        out.append((k, args, state))
        return True

    if not fire("kubelet_stops(0)"):
        raise RuntimeError("the kubelet is not running at the end of this run")
    for _ in range(400):
        if at_mark and state[ready] == d.READY_UNKNOWN:
            return out
        if state[ready] == d.READY_UNKNOWN and not any(
            cm.enabled(state, idx[x]) for x in ("nlc_sync_noschedule_taints(0)", "nlc_sync_noexecute_taints(0)")
        ):
            return out
        for label in (
            "nlc_sync_noschedule_taints(0)",
            "nlc_sync_noexecute_taints(0)",
            "taint_eviction_evict_pod(0, 0)",
            "nlc_monitor_node_health(0)",
        ):
            if fire(label):
                break
        else:
            if not any(fire("time_passes", (dt,)) for dt in (5, 4, 3, 2, 1)):
                raise RuntimeError("the model's run got stuck while driving a node to Unknown")
    raise RuntimeError("no Unknown within 400 steps")


def _drive_time(cm: CompiledModel, trace: Trace, seconds: int) -> Trace:
    """Extend a run by ``seconds`` of time in which the controllers do what is due and the kubelet
    renews its Lease when it may (the model's compiled step; the kubelet posts no status)."""
    idx = {inst.label: k for k, inst in enumerate(cm.instances)}
    out = list(trace)
    state = out[-1][2]
    left = seconds
    for _ in range(400):
        for label in (
            "nlc_sync_noschedule_taints(0)",
            "nlc_sync_noexecute_taints(0)",
            "taint_eviction_evict_pod(0, 0)",
            "nlc_monitor_node_health(0)",
            "kubelet_renew_lease(0)",
        ):
            k = idx[label]
            if cm.enabled(state, k, ()):
                state = cm.step(state, k, ())
                out.append((k, (), state))
                break
        else:
            if left <= 0:
                return out
            k = idx["time_passes"]
            for dt in range(min(left, 5), 0, -1):
                if cm.enabled(state, k, (dt,)):
                    state = cm.step(state, k, (dt,))
                    out.append((k, (dt,), state))
                    left -= dt
                    break
            else:
                raise RuntimeError("time cannot pass here")
    raise RuntimeError("no end within 400 steps")


# -------------------------------------------------------------------------------------------------
# traces -> events
# -------------------------------------------------------------------------------------------------


def to_events(cm: CompiledModel, trace: Trace, real: CompiledModel | None = None) -> list[dict[str, Any]]:
    """A model run as ``events`` lines; where ``real`` (the real model) would end elsewhere, ``expect``."""
    lay = cm.layout
    s0 = trace[0][2]

    def get(s: tuple[Any, ...], scope: str, var: str, i: int) -> Any:
        return s[lay.index[(scope, var, i)]]

    evs: list[dict[str, Any]] = []
    for p in range(cm.cfg.pods):
        bits = {
            t: bool(get(s0, "pod", t, p))
            for t in sorted(
                {x.tolerated_by for x in d.TAINT_SLOTS if x.tolerated_by}
                | {"tolerates_custom_ns", "tolerates_custom_ne"}
            )
        }
        forever = bool(get(s0, "pod", "tolerates_forever", p))
        evs.append(
            {
                "t": 0,
                "event": "declare_pod",
                "pod": f"p{p}",
                "tolerates": bits,
                "toleration_seconds": None if forever else int(get(s0, "pod", "toleration_seconds", p)),
                "request": int(get(s0, "pod", "request", p)),
            }
        )
    for n in range(cm.cfg.nodes):
        evs.append(
            {
                "t": 0,
                "event": "declare_node",
                "node": f"n{n}",
                "capacity": int(get(s0, "node", "capacity", n)),
                "reserved": int(get(s0, "node", "reserved", n)),
            }
        )
    t = 0
    prev = s0
    from .events import EXPECTABLE

    for k, args, st in trace[1:]:
        assert k is not None
        inst = cm.instances[k]
        e = inst.event
        if e.id == "time_passes":
            t += int(args[0])
            prev = st
            continue
        ev: dict[str, Any] = {"t": t, "event": e.id}
        if inst.node is not None:
            ev["node"] = f"n{inst.node}"
        if inst.pod is not None:
            ev["pod"] = f"p{inst.pod}"
        for a, v in zip(e.args, args, strict=True):
            ev[a.name] = a.names[v] if a.names else bool(v) if a.sort == "bool" else int(v)
        if e.id == "nlc_monitor_node_health" and get(st, "node", "ready", inst.node) == d.READY_UNKNOWN != get(
            prev, "node", "ready", inst.node
        ):
            ev["marks_unknown"] = True
        if real is not None and inst.node is not None:
            kr = real.index_of[inst.label]
            should = real.step(prev, kr, args)
            exp = {}
            for var in EXPECTABLE:
                got = get(st, "node", var, inst.node)
                if got != should[lay.index[("node", var, inst.node)]]:
                    exp[var] = _name(var, got)
            if exp:
                ev["expect"] = exp
        evs.append(ev)
        prev = st
    return evs


def _name(var: str, v: Any) -> Any:
    x = next((x for x in d.NODE_VARS if x.name == var), None)
    if x is not None and x.names:
        return x.names[v]
    return bool(v) if isinstance(v, bool) else v


def to_itf(cm: CompiledModel, trace: Trace, description: str) -> dict[str, Any]:
    """A model run as an ITF trace (states with every model variable per node and pod)."""
    from nodereg.model.params import PARAMS

    from .itf import FORMAT_DESCRIPTION, NONE, bigint, enc, some

    lay = cm.layout
    states = []
    t = 0
    for i, (k, args, st) in enumerate(trace):
        nodes = {}
        for n in range(cm.cfg.nodes):
            rec = {v.name: enc(v.name, st[lay.index[("node", v.name, n)]]) for v in d.NODE_VARS}
            rec["ctl"] = enc("ctl", st[lay.index[("ctl", "ctl", n)]])
            nodes[f"n{n}"] = rec
        pods = {}
        for p in range(cm.cfg.pods):
            rec = {v.name: enc(v.name, st[lay.index[("pod", v.name, p)]]) for v in d.POD_VARS}
            b = st[lay.index[("pod", "bound_to", p)]]
            rec["bound_to"] = f"n{b}" if b >= 0 else ""
            pods[f"p{p}"] = rec
        action = "init"
        picks: dict[str, Any] = {"node": NONE, "pod": NONE}
        if k is not None:
            inst = cm.instances[k]
            action = inst.event.id
            if inst.event.id == "time_passes":
                t += int(args[0])
            picks["node"] = some(f"n{inst.node}") if inst.node is not None else NONE
            picks["pod"] = some(f"p{inst.pod}") if inst.pod is not None else NONE
            for a, v in zip(inst.event.args, args, strict=True):
                picks[a.name] = some(a.names[v] if a.names else bool(v) if a.sort == "bool" else bigint(v))
        states.append(
            {
                "#meta": {"index": i},
                "params": {p.var: bigint(st[lay.index[("param", p.var, -1)]]) for p in PARAMS},
                "t": bigint(t),
                "nodes": {"#map": [[name, rec] for name, rec in nodes.items()]},
                "pods": {"#map": [[name, rec] for name, rec in pods.items()]},
                "mbt::actionTaken": action,
                "mbt::nondetPicks": picks,
            }
        )
    return {
        "#meta": {
            "format": "ITF",
            "format-description": FORMAT_DESCRIPTION,
            "source": "nodereg vectors",
            "description": description,
        },
        "params": ["params"],
        "vars": ["params", "t", "nodes", "pods", "mbt::actionTaken", "mbt::nondetPicks"],
        "states": states,
    }


# -------------------------------------------------------------------------------------------------
# generation
# -------------------------------------------------------------------------------------------------


def _verdict(evs: list[dict[str, Any]]) -> list[tuple[str, int]]:
    from .run import check

    rep = check(iter(evs))
    if rep.input_errors:
        raise RuntimeError(f"vector rejected as input: {rep.input_errors[0]}")
    return sorted({(v.property, v.index) for v in rep.violations}, key=lambda x: (x[1], x[0]))


def _edge_ids(cm: CompiledModel, trace: Trace) -> list[str]:
    lay = cm.layout
    out = []
    prev = trace[0][2]
    for k, _args, st in trace[1:]:
        assert k is not None
        inst = cm.instances[k]
        n = inst.node if inst.node is not None else 0
        a, b = prev[lay.index[("ctl", "ctl", n)]], st[lay.index[("ctl", "ctl", n)]]
        if 0 <= b < 7:
            out.append(f"{inst.event.id}:{d.STATE_IDS[a]}->{d.STATE_IDS[b]}")
        prev = st
    return sorted(set(out))


def _covered(cm: CompiledModel, found: dict[str, Trace]) -> set[str]:
    out: set[str] = set()
    for tr in found.values():
        out |= set(_edge_ids(cm, tr))
    return out


def _anchors(cm: CompiledModel, found: dict[str, Trace], missing: list[str]) -> list[tuple[Trace, frozenset[Any]]]:
    """Reachable states to search the missing edges from (BMC from the initial states is too shallow).

    For an edge from state X: the shortest runs found that end in X; for an edge from Unknown: runs
    found for the same event (less their last step: its preconditions set up) and the shortest run to
    Schedulable, each driven by the model's compiled step until the controller marks the node
    Unknown. Each comes with the variables the search may still choose: the pod's frozen values
    (tolerations, request) when the pod stays pending throughout the run.
    """
    lay = cm.layout
    ctl, bound = lay.index[("ctl", "ctl", 0)], lay.index[("pod", "bound_to", 0)]
    pod_frozen = frozenset(k for k in lay.keys if k[0] == "pod" and lay.var[k] is not None and lay.var[k].frozen)
    runs = sorted(found.items(), key=lambda kv: (len(kv[1]), kv[0]))

    def pending(tr: Trace) -> bool:
        return all(st[bound] == d.UNBOUND for _k, _a, st in tr)

    out: list[tuple[Trace, frozenset[Any]]] = []
    seen: set[tuple[Any, ...]] = set()

    def add(tr: Trace) -> None:
        free = pod_frozen if pending(tr) else frozenset()
        key = tuple(v for k, v in zip(lay.keys, tr[-1][2], strict=True) if k not in free)
        if key not in seen:
            seen.add(key)
            out.append((tr, free))

    def attempt(make: Callable[[], Trace]) -> None:
        with contextlib.suppress(RuntimeError):  # the model could not drive this run there
            add(make())

    from nodereg.model.params import defaults

    wait = defaults()["node_status_update_frequency"]  # the kubelet's next status post is allowed then
    sched = next(tr for k, tr in runs if k.endswith("->schedulable"))
    # the states with a declared edge into each state
    preds: dict[str, set[str]] = {}
    for e in cm.model.events:
        for a, b in e.edges:
            if a != b:
                preds.setdefault(d.STATE_IDS[b], set()).add(d.STATE_IDS[a])

    def ending_in(state: str, been: str | None = None) -> list[Trace]:
        """Runs ending in ``state``: first those that were in ``been`` before, then with the pod pending."""
        cands = sorted(
            (kv for kv in runs if d.STATE_IDS[kv[1][-1][2][ctl]] == state),
            key=lambda kv: (
                been is not None and not any(d.STATE_IDS[st[ctl]] == been for _k, _a, st in kv[1]),
                not pending(kv[1]),
                len(kv[1]),
                kv[0],
            ),
        )
        return [tr for _k, tr in cands]

    for edge in missing:
        ev, (src, dst) = edge.split(":")[0], edge.split(":")[1].split("->")
        if src != "unknown":
            for tr in ending_in(src)[:2]:
                add(tr)
                attempt(lambda tr=tr: _drive_time(cm, tr, wait))  # type: ignore[misc]
                if dst == "unknown":
                    attempt(lambda tr=tr: _drive_to_unknown(cm, tr, at_mark=True))  # type: ignore[misc]
            for pre in sorted(preds.get(src, set()) - {"unknown"}):
                for tr in ending_in(pre, been=src)[:1]:
                    attempt(lambda tr=tr: _drive_time(cm, tr, wait))  # type: ignore[misc]
            continue
        bases = [*[tr[:-1] for k, tr in runs if k.startswith(ev + ":")][:2], sched]
        for tr in bases:
            attempt(lambda tr=tr: _drive_to_unknown(cm, tr, at_mark=True))  # type: ignore[misc]
    return out


def _join(cm: CompiledModel, anchor: Trace, tail: Trace, free: frozenset[Any]) -> Trace:
    """The anchor run (with the values BMC chose for ``free``) followed by the run found from its end;
    replayed with the model's compiled step."""
    lay = cm.layout
    idx = [lay.index[k] for k in free]
    first = tail[0][2]
    out: Trace = []
    for k, a, st in anchor:
        s2 = list(st)
        for i in idx:
            s2[i] = first[i]
        out.append((k, a, tuple(s2)))
    if out[-1][2] != first:
        raise RuntimeError("a run found from an anchor does not start at the anchor")
    out += tail[1:]
    for (_, _, prev), (k, a, st) in itertools.pairwise(out):
        assert k is not None
        if not cm.enabled(prev, k, a) or cm.step(prev, k, a) != st:
            raise RuntimeError(f"a joined run is not a run of the model at {cm.instances[k].label}")
    return out


def _unreachable(model: Model, props: list[Any], rlimit: int) -> dict[str, str]:
    """Edges no reachable state takes, proved with Z3: the state properties of the catalogue that are
    1-inductive are proved first (rounds, as ``nodereg verify`` does) and then assumed; an edge whose
    negation is then 1-inductive is unreachable."""
    from nodereg.model.logic import Not as LNot
    from nodereg.properties.catalogue import ALL_PROPERTIES, Property

    pr = _prover(model, rlimit)
    done: set[str] = set()
    progress = True
    while progress:
        progress = False
        for p in ALL_PROPERTIES:
            if p.kind != "state" or p.id in done:
                continue
            if pr.induction(p, NO_CLOCK).status == "proved":
                pr.add_lemma(p)
                done.add(p.id)
                progress = True
    import z3

    from nodereg.verifier.engines import spacer

    where = "one node and one pod, upstream default timing"
    out: dict[str, str] = {}
    for p in props:
        neg = Property(
            f"not {p.id}",
            "",
            "",
            "",
            "",
            "step",
            lambda pre, post, b, w=p.witness: LNot(w(pre, post, b)),
            lambda *a: True,
            "",
            p.events,
            "step",
            p.events,
        )
        if pr.induction(neg, NO_CLOCK).status == "proved":
            out[p.id] = (
                f"k-induction (Z3, {where}): no state that satisfies the catalogue's invariants proved "
                f"1-inductive ({len(done)} of them) takes this edge"
            )
            continue
        z3.set_param("rlimit", rlimit // 2)  # Spacer builds its own solver: a global, deterministic limit
        try:
            r = spacer(pr.enc, p, None, goal="witness", lemmas=pr.lemmas)
        finally:
            z3.set_param("rlimit", 0)
        if r.status == "unreachable":
            out[p.id] = f"Spacer (Z3, {where}): an inductive invariant excludes every state that takes this edge"
    return out


def generate(rlimit: int = RLIMIT) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every vector: ``{"name", "events", "itf", "conforms", "violations", "covers"}``; and a summary."""
    model = real_model()
    cm = compiled(model, CFG)
    props = _cover_props(model)
    all_edges = sorted(p.id for p in props)
    found = _bmc(model, props, 12, rlimit, None)
    # an anchor: a Schedulable node (the shortest run there), driven to Unknown by the model itself
    sched = [found[k] for k in sorted(found) if k.endswith("->schedulable")]
    base = min(sched, key=len)
    anchor = _drive_to_unknown(cm, base)
    rest = [p for p in props if p.id not in found]
    more = _bmc(model, rest, 6, rlimit, anchor[-1][2]) if rest else {}
    for k, tr in more.items():
        found[k] = anchor + tr[1:]
    # deeper edges: BMC from more reachable states
    for anc, free in _anchors(cm, found, sorted(set(all_edges) - _covered(cm, found))):
        for e in _edge_ids(cm, anc):  # a run the model drove may take a missing edge itself
            if e in set(all_edges) - _covered(cm, found):
                found[e] = anc
        rest = [p for p in props if p.id not in _covered(cm, found)]
        if not rest:
            break
        for k, tr in _bmc(model, rest, 5, rlimit, anc[-1][2], free).items():
            found[k] = _join(cm, anc, tr, free)
    left = sorted(set(all_edges) - _covered(cm, found))
    unreachable = _unreachable(model, [p for p in props if p.id in left], rlimit) if left else {}
    vectors: list[dict[str, Any]] = []
    covered: set[str] = set()
    # one vector per edge, shortest first; an edge already covered by an earlier vector adds none
    for key in sorted(found, key=lambda k: (len(found[k]), k)):
        if key in covered:
            continue
        tr = found[key]
        covers = _edge_ids(cm, tr)
        covered |= set(covers)
        vectors.append(
            {
                "name": f"transition-{key.replace(':', '-').replace('>', '')}",
                "trace": tr,
                "covers": covers,
                "kind": "transition",
                "model": cm,
            }
        )
    # guard false: for each event, the first state along the runs (deterministic order) where it is disabled
    guards_false: dict[str, dict[str, Any]] = {}
    runs = [v["trace"] for v in vectors]
    for e in model.events:
        if e.id == "time_passes":
            continue
        inst_k = next(k for k, inst in enumerate(cm.instances) if inst.event.id == e.id)
        args = tuple(False if a.sort == "bool" else a.lo for a in e.args)
        done = False
        for tr in runs:
            if done:
                break
            for j in range(len(tr)):
                st = tr[j][2]
                if _untimed(model, cm, inst_k, st, args):
                    continue
                tr2 = [*tr[: j + 1], (inst_k, args, cm.step(st, inst_k, args))]
                evs = to_events(cm, tr2)
                verdict = _verdict(evs)
                if any(i == len(evs) - 1 for _, i in verdict):
                    guards_false[e.id] = {
                        "name": f"guard-false-{e.id}",
                        "events": evs,
                        "trace": tr2,
                        "covers": _edge_ids(cm, tr[: j + 1]),
                        "kind": "guard",
                        "model": cm,
                    }
                    done = True
                    break
    vectors += [guards_false[k] for k in sorted(guards_false)]
    # property violations
    from .deviations import property_vectors

    pv, prop_missing = property_vectors(model, cm, found, anchor)
    vectors += pv
    out = []
    for v in vectors:
        evs = v.get("events") or to_events(v["model"], v["trace"], v.get("real"))
        verdict = _verdict(evs)
        if v["kind"] == "transition" and verdict:
            raise RuntimeError(f"the oracle rejects a run of the model ({v['name']}): {verdict}")
        if v["kind"] == "property" and v["property"] not in {p for p, _ in verdict}:
            raise RuntimeError(f"vector {v['name']} does not show {v['property']}: {verdict}")
        itf_trace = v["trace"]
        itf_model = v["model"]
        itf = to_itf(itf_model, itf_trace, v["name"]) if v.get("itf", True) else None
        out.append(
            {
                "name": v["name"],
                "events": evs,
                "itf": itf,
                "conforms": not verdict,
                "violations": [{"property": p, "index": i} for p, i in verdict],
                "covers": v["covers"],
            }
        )
    summary = {
        "edges": len(all_edges),
        "edges_covered": len(covered & set(all_edges)),
        "guards": len([e for e in model.events if e.id != "time_passes"]) * 2,
        "guards_covered": len({e.split(":")[0] for e in covered}) + len(guards_false),
        "missing": sorted(set(all_edges) - covered - set(unreachable)) + prop_missing,
        "unreachable_edges": [{"edge": k, "reason": unreachable[k]} for k in sorted(unreachable)],
    }
    from .deviations import CHECKABLE

    summary["properties"] = len(CHECKABLE)
    summary["properties_covered"] = len({v["property"] for v in vectors if v["kind"] == "property"})
    return out, summary


def _untimed(model: Model, cm: CompiledModel, k: int, st: tuple[Any, ...], args: tuple[Any, ...]) -> bool:
    from nodereg.model.semantics import View

    inst = cm.instances[k]
    view = View(CFG, lambda key: st[cm.layout.index[key]])
    g = inst.event.guard(view, Bound(inst, dict(zip([a.name for a in inst.event.args], args, strict=True))))
    if inst.event.actor == "kubelet" and inst.event.id not in ("kubelet_stops", "kubelet_restarts"):
        g = And(g, Not(Not(view.node(0).alive)))
    return bool(g)


def write_vectors(out: Path, rlimit: int = RLIMIT) -> dict[str, Any]:
    """Write every vector and ``manifest.json`` into ``out``; returns the summary."""
    vectors, summary = generate(rlimit)
    out.mkdir(parents=True, exist_ok=True)
    manifest = []
    for v in vectors:
        ev_file = f"{v['name']}.events.jsonl"
        (out / ev_file).write_text(
            "".join(json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n" for e in v["events"])
        )
        common = {"conforms": v["conforms"], "violations": v["violations"], "covers": v["covers"]}
        manifest.append({"file": ev_file, "input": "events", **common})
        if v["itf"] is not None:
            itf_file = f"{v['name']}.itf.json"
            (out / itf_file).write_text(json.dumps(v["itf"], sort_keys=True, separators=(",", ":")) + "\n")
            manifest.append({"file": itf_file, "input": "itf", **common})
    doc = {"vectors": manifest, "unreachable_edges": summary["unreachable_edges"], "missing": summary["missing"]}
    (out / "manifest.json").write_text(json.dumps(doc, sort_keys=True, indent=1) + "\n")
    summary["vectors"] = len(manifest)
    return summary
