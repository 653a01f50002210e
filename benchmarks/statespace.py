"""Count the reachable states and transitions of the finite model the peers check, with nodereg's own step.

Breadth-first search over :func:`nodereg.model.semantics.compiled` (the generated Python step the
oracle runs), with exactly the finite abstraction of the exports: fixed timing, the same frozen
domains and toleration profiles, one-second time steps, and each clock saturated at the cap
:func:`nodereg.exports.core.build` derives. So the count is the size of the very state space SPIN
searches on ``nodereg export promela`` with the same options, computed without SPIN: the two
numbers agreeing is a check of the export (SPIN adds the few states of its initial ``atomic``).

(``nodereg.verifier.explorer.explore`` is the test-side explorer: it checks every property on every
state and saturates every clock at one coarse cap, so its counts are larger; this one only counts.)
"""

from __future__ import annotations

import itertools
import time
from collections import deque
from typing import Any

from nodereg.exports.core import ExportOptions, build
from nodereg.model.params import PARAM_BY_NAME
from nodereg.model.semantics import Config, Model, compiled, real_model


def count(model: Model, nodes: int, pods: int, params: dict[str, int], frozen: dict[str, tuple[int, ...]],
          profiles: tuple[str, ...], time_box_s: float = 120.0) -> dict[str, Any]:
    """Reachable states and transitions (every enabled instance and argument value from every state).

    ``params`` are keyed by CLI name (``node-monitor-grace-period``). Stops after ``time_box_s``
    with ``complete: false`` and the counts so far (a lower bound).
    """
    t0 = time.monotonic()
    fixed = {PARAM_BY_NAME[k].var: v for k, v in params.items()}
    em = build(model, ExportOptions(nodes, pods, fixed, None, frozen, profiles))
    cfg = Config(nodes, pods)
    cm = compiled(model, cfg)
    lay = cm.layout
    caps = [(lay.index[k], em.caps[k[1]]) for k in lay.clocks()]

    node_ints = [(k, em.frozen_domains[k[1]]) for k in lay.keys
                 if k[0] == "node" and (v := lay.var[k]) is not None and v.frozen]
    pod_ints = [(k, em.frozen_domains[k[1]]) for k in lay.keys
                if k[0] == "pod" and (v := lay.var[k]) is not None and v.frozen and v.sort == "int"
                and k[1] != "toleration_seconds"]
    choices: list[list[dict[Any, Any]]] = [[{k: x} for x in dom] for k, dom in node_ints + pod_ints]
    choices += [[alt for _, alt in em.profile_assignments(p)] for p in range(pods)]
    inits = set()
    for combo in itertools.product(*choices):
        frozen_vals: dict[Any, Any] = {}
        for part in combo:
            frozen_vals.update(part)
        s0 = list(cm.initial_states(em.params, frozen_vals))
        for i, cap in caps:
            s0[i] = min(s0[i], cap)
        inits.add(tuple(s0))

    seen = set(inits)
    queue = deque(inits)
    transitions = 0
    complete = True
    while queue:
        if time.monotonic() - t0 > time_box_s:
            complete = False
            break
        s = queue.popleft()
        for _k, _a, t in cm.successors(s, time_step=1):
            transitions += 1
            for i, cap in caps:
                if t[i] > cap:
                    t = (*t[:i], cap, *t[i + 1:])
            if t not in seen:
                seen.add(t)
                queue.append(t)
    return {"nodes": nodes, "pods": pods, "states": len(seen), "transitions": transitions, "complete": complete,
            "initial_states": len(inits), "seconds": round(time.monotonic() - t0, 3), "clock_caps": em.caps,
            "timing": params, "frozen": {k: list(v) for k, v in em.frozen_domains.items()},
            "profiles": list(profiles)}


if __name__ == "__main__":  # pragma: no cover - a manual probe
    import json
    import sys

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from peers import PEER_FROZEN, PEER_PARAMS, PEER_PROFILES

    frozen = {k: tuple(int(x) for x in v.split(",")) for k, v in PEER_FROZEN.items()}
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    print(json.dumps(count(real_model(), n, n, PEER_PARAMS, frozen, (PEER_PROFILES,))))
