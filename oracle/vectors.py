"""Conformance vectors generated from the model with Z3, with the oracle's expected verdicts.

* **Transitions**: for every (event, src -> dst) edge of the declaration, Z3 BMC (the verifier's
  encoding, one node and one pod, upstream default timing) finds a shortest run that takes it. A
  run is searched from the initial state, or, for edges that need a node the controller marked
  Unknown (a run too long for BMC), from a reachable *anchor* state: the model's own compiled step
  drives a registered node whose kubelet stopped until the controller marks it Unknown, and BMC
  continues from there.
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

import json
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

            out.append(Property(f"{e.id}:{d.STATE_IDS[a]}->{d.STATE_IDS[b]}", "", "", "", "", "step",
                                lambda pre, post, bb: True, w, "", (e.id,), "step", (e.id,)))
    return out


def _bmc(model: Model, queries: list[Any], depth: int, timeout: float, start: tuple[Any, ...] | None,
         goal: str = "witness") -> dict[str, Trace]:
    """Shortest runs reaching each query (witness goals), from the initial states or from ``start``."""
    import z3

    from nodereg.model.params import defaults
    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.runner import Prover

    enc = Encoding(model, CFG, defaults())
    pr = Prover(enc)
    if start is not None:
        pr.bmc = z3.Solver()
        s0 = pr.bstates[0]
        pr.bmc.add(*[s0[k] == (z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v))
                     for k, v in zip(enc.keys, start, strict=True)])
    res = pr.bmc_many([(q, goal) for q in queries], depth, timeout)
    want = "reachable" if goal == "witness" else "violated"
    return {k: r.trace for k, r in res.items() if r.status == want and r.trace is not None}


def _drive_to_unknown(cm: CompiledModel, trace: Trace) -> Trace:
    """Extend a run whose node is Schedulable: the kubelet stops; the model runs until Ready=Unknown."""
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

    assert fire("kubelet_stops(0)")
    for _ in range(400):
        if state[ready] == d.READY_UNKNOWN and not any(
                cm.enabled(state, idx[x]) for x in ("nlc_sync_noschedule_taints(0)", "nlc_sync_noexecute_taints(0)")):
            return out
        for label in ("nlc_sync_noschedule_taints(0)", "nlc_sync_noexecute_taints(0)", "taint_eviction_evict_pod(0, 0)",
                      "nlc_monitor_node_health(0)"):
            if fire(label):
                break
        else:
            if not any(fire("time_passes", (dt,)) for dt in (5, 4, 3, 2, 1)):
                raise RuntimeError("the model's run got stuck while driving a node to Unknown")
    raise RuntimeError("no Unknown within 400 steps")


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
        bits = {t: bool(get(s0, "pod", t, p)) for t in sorted({x.tolerated_by for x in d.TAINT_SLOTS if x.tolerated_by}
                                                               | {"tolerates_custom_ns", "tolerates_custom_ne"})}
        forever = bool(get(s0, "pod", "tolerates_forever", p))
        evs.append({"t": 0, "event": "declare_pod", "pod": f"p{p}", "tolerates": bits,
                    "toleration_seconds": None if forever else int(get(s0, "pod", "toleration_seconds", p)),
                    "request": int(get(s0, "pod", "request", p))})
    for n in range(cm.cfg.nodes):
        evs.append({"t": 0, "event": "declare_node", "node": f"n{n}", "capacity": int(get(s0, "node", "capacity", n)),
                    "reserved": int(get(s0, "node", "reserved", n))})
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
                prev, "node", "ready", inst.node):
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
        states.append({
            "#meta": {"index": i},
            "params": {p.var: bigint(st[lay.index[("param", p.var, -1)]]) for p in PARAMS},
            "t": bigint(t),
            "nodes": {"#map": [[name, rec] for name, rec in nodes.items()]},
            "pods": {"#map": [[name, rec] for name, rec in pods.items()]},
            "mbt::actionTaken": action,
            "mbt::nondetPicks": picks,
        })
    return {
        "#meta": {"format": "ITF", "format-description": FORMAT_DESCRIPTION, "source": "nodereg vectors",
                  "description": description},
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


def generate(timeout: float = 60.0) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every vector: ``{"name", "events", "itf", "conforms", "violations", "covers"}``; and a summary."""
    model = real_model()
    cm = compiled(model, CFG)
    props = _cover_props(model)
    all_edges = sorted(p.id for p in props)
    found = _bmc(model, props, 12, timeout * 0.5, None)
    # an anchor: a Schedulable node (the shortest run there), driven to Unknown by the model itself
    sched = [found[k] for k in sorted(found) if k.endswith("->schedulable")]
    base = min(sched, key=len)
    anchor = _drive_to_unknown(cm, base)
    rest = [p for p in props if p.id not in found]
    more = _bmc(model, rest, 6, timeout * 0.25, anchor[-1][2]) if rest else {}
    for k, tr in more.items():
        found[k] = anchor + tr[1:]
    vectors: list[dict[str, Any]] = []
    covered: set[str] = set()
    # one vector per edge, shortest first; an edge already covered by an earlier vector adds none
    for key in sorted(found, key=lambda k: (len(found[k]), k)):
        if key in covered:
            continue
        tr = found[key]
        covers = _edge_ids(cm, tr)
        covered |= set(covers)
        vectors.append({"name": f"transition-{key.replace(':', '-').replace('>', '')}", "trace": tr, "covers": covers,
                        "kind": "transition", "model": cm})
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
                    guards_false[e.id] = {"name": f"guard-false-{e.id}", "events": evs, "trace": tr2,
                                          "covers": _edge_ids(cm, tr[: j + 1]), "kind": "guard", "model": cm}
                    done = True
                    break
    vectors += [guards_false[k] for k in sorted(guards_false)]
    # property violations
    from .deviations import property_vectors

    pv, prop_missing = property_vectors(model, cm, found, anchor, timeout)
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
        out.append({"name": v["name"], "events": evs, "itf": itf, "conforms": not verdict,
                    "violations": [{"property": p, "index": i} for p, i in verdict], "covers": v["covers"]})
    summary = {
        "edges": len(all_edges), "edges_covered": len(covered & set(all_edges)),
        "guards": len([e for e in model.events if e.id != "time_passes"]) * 2,
        "guards_covered": len({e.split(":")[0] for e in covered}) + len(guards_false),
        "missing": sorted(set(all_edges) - covered) + prop_missing,
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


def write_vectors(out: Path, timeout: float = 60.0) -> dict[str, Any]:
    """Write every vector and ``manifest.json`` into ``out``; returns the summary."""
    vectors, summary = generate(timeout)
    out.mkdir(parents=True, exist_ok=True)
    manifest = []
    for v in vectors:
        ev_file = f"{v['name']}.events.jsonl"
        (out / ev_file).write_text("".join(json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n"
                                          for e in v["events"]))
        common = {"conforms": v["conforms"], "violations": v["violations"], "covers": v["covers"]}
        manifest.append({"file": ev_file, "input": "events", **common})
        if v["itf"] is not None:
            itf_file = f"{v['name']}.itf.json"
            (out / itf_file).write_text(json.dumps(v["itf"], sort_keys=True, separators=(",", ":")) + "\n")
            manifest.append({"file": itf_file, "input": "itf", **common})
    (out / "manifest.json").write_text(json.dumps({"vectors": manifest}, sort_keys=True, indent=1) + "\n")
    summary["vectors"] = len(manifest)
    return summary
