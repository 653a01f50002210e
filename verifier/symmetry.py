"""Symmetry is checked, not assumed: the transition relation is invariant under renaming nodes and pods.

The verifier proves ∀-properties on node 0 and pod 0 only (:class:`.encoding.Encoding` with
``symmetry=True``). That is sound only if renaming nodes (or pods) maps runs to runs: for every
permutation π, ``R(s, t) ⇔ R(π s, π t)``, with the initial states symmetric too. The initial
states are symmetric by construction (every node and every pod starts from the same declared
values, frozen values symbolic per index); the relation is the declaration's, so it is *checked*
here with Z3, one query per generating transposition: the adjacent swaps (i, i+1) of nodes and of
pods generate every renaming (on the default two nodes and two pods: nodes 0 ↔ 1 and pods 0 ↔ 1).

What π does to a state: node variables (and control states) of nodes 0 and 1 change places, and
every pod bound to node 0 is bound to node 1 instead (and back), because ``bound_to`` holds a node
index; under the pod transposition the variables of pods 0 and 1 change places. An instance is
renamed with its indices. The query asks Z3 for one instance ``k``, one pair of states and one
choice of its data arguments where ``k`` fires from ``s`` to ``t`` but its image does not fire from
``π s`` to ``π t`` (or the other way round). *unsat* is the proof; *sat* names the event; *unknown*
is inconclusive, and then (as when it is violated) properties are checked on every instance.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import z3

from nodereg.model.semantics import Key

from .encoding import Encoding


@dataclass(slots=True)
class SymmetryResult:
    """The verdict of the symmetry check and, when it fails, the instance whose image differs."""

    status: str  # proved | violated | inconclusive
    seconds: float
    reason: str
    offending: str | None = None  # the event instance (label) that breaks invariance
    queries: int = 0


@dataclass(frozen=True, slots=True)
class Transposition:
    """Swap two indices of one scope ("node" or "pod")."""

    scope: str
    a: int = 0
    b: int = 1

    def index(self, i: int | None) -> int | None:
        if i is None:
            return None
        return self.b if i == self.a else self.a if i == self.b else i

    def text(self) -> str:
        return f"swapping {self.scope} {self.a} and {self.scope} {self.b}"


def transpositions(enc: Encoding) -> list[Transposition]:
    """The generators to check: adjacent transpositions (i, i+1) of nodes and of pods.

    They generate every permutation (with two nodes and two pods, the default, that is one swap of
    nodes and one of pods); a single swap of 0 and 1 would not cover a third node.
    """
    out = [Transposition("node", i, i + 1) for i in range(enc.cfg.nodes - 1)]
    out += [Transposition("pod", i, i + 1) for i in range(enc.cfg.pods - 1)]
    return out


def _renamed_state(enc: Encoding, s: dict[Key, z3.ExprRef], pi: Transposition) -> dict[Key, z3.ExprRef]:
    """π s: the value of every variable of the renamed state, as a term over ``s``."""
    out: dict[Key, z3.ExprRef] = {}
    for key in enc.keys:
        scope, var, i = key
        src = key
        if scope == pi.scope or (pi.scope == "node" and scope == "ctl"):
            src = (scope, var, pi.index(i))  # type: ignore[assignment]
        val = s[src]
        if pi.scope == "node" and scope == "pod" and var == "bound_to":
            val = z3.If(val == pi.a, pi.b, z3.If(val == pi.b, pi.a, val))
        out[key] = val
    return out


def _renamed_instance(enc: Encoding, k: int, pi: Transposition) -> int:
    inst = enc.instances[k]
    node = pi.index(inst.node) if pi.scope == "node" else inst.node
    pod = pi.index(inst.pod) if pi.scope == "pod" else inst.pod
    for j, other in enumerate(enc.instances):
        if other.event.id == inst.event.id and other.node == node and other.pod == pod:
            return j
    raise ValueError(f"no image of {inst.label} under {pi.text()}")


def check_symmetry(enc: Encoding, timeout_s: float = 60.0) -> SymmetryResult:
    """Prove ``R_k(s, t) ⇔ R_πk(π s, π t)`` for every instance k and each generating transposition."""
    enc.template()  # the relation itself is shared with every engine: not counted here
    t0 = time.monotonic()
    ts, tt = enc.state("T0"), enc.state("T1")
    rels = enc.instance_relations
    queries = 0
    for pi in transpositions(enc):
        ps, pt = _renamed_state(enc, ts, pi), _renamed_state(enc, tt, pi)
        pairs = [(ts[k], ps[k]) for k in enc.keys] + [(tt[k], pt[k]) for k in enc.keys]
        # one substitution over all relations at once (their shared subterms are renamed once)
        renamed = z3.substitute(z3.And(*rels), *pairs).children() if len(rels) > 1 else [
            z3.substitute(rels[0], *pairs)]
        diffs = [(k, z3.Xor(rel, renamed[_renamed_instance(enc, k, pi)])) for k, rel in enumerate(rels)]
        solver = z3.SolverFor("QF_LIA")
        solver.set("timeout", max(1, int(timeout_s * 1000)))
        solver.add(z3.Or(*[x for _, x in diffs]))
        queries += 1
        r = solver.check()
        if r == z3.unknown:
            return SymmetryResult("inconclusive", time.monotonic() - t0,
                                  f"z3 answered unknown on {pi.text()}: {solver.reason_unknown()}", queries=queries)
        if r == z3.sat:
            m = solver.model()
            k = next(k for k, x in diffs if z3.is_true(m.eval(x, model_completion=True)))
            inst = enc.instances[k]
            fires = z3.is_true(m.eval(rels[k], model_completion=True))  # else its image fires alone
            image = enc.instances[_renamed_instance(enc, k, pi)]
            how = (f"{inst.label} fires but its image {image.label} does not" if fires
                   else f"{image.label} fires on the renamed states but {inst.label} does not")
            return SymmetryResult(
                "violated", time.monotonic() - t0,
                f"event {inst.event.id} is not invariant under {pi.text()}: {how} (it reads another "
                "index's data); properties are checked on every node and pod instead", offending=inst.label,
                queries=queries)
    if not transpositions(enc):
        return SymmetryResult("proved", time.monotonic() - t0, "one node and at most one pod: nothing to rename")
    swaps = ", ".join(f"{pi.scope}s {pi.a} ↔ {pi.b}" for pi in transpositions(enc))
    return SymmetryResult("proved", time.monotonic() - t0,
                          f"the transition relation is invariant under {swaps} (they generate every renaming); "
                          "checking node 0 and pod 0 is sound", queries=queries)


__all__ = ["SymmetryResult", "Transposition", "check_symmetry", "transpositions"]
