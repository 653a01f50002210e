"""Where a fixed-size ``nodereg verify`` spends its time, phase by phase (not a test: no assertions).

On large clusters a whole run takes long and says little about why; this times the phases the
verifier runs in order on one n x n cluster: the symmetry check, the type-domain check, then rounds
of instance-by-instance induction over every property and lemma (what verify does before any whole
query), printing each property that takes over a second or is not proved in a round::

    .venv/bin/python benchmarks/verify_phases.py 10
"""

from __future__ import annotations

import argparse
import time

from nodereg.model.semantics import Config, real_model
from nodereg.properties.catalogue import ALL_PROPERTIES
from nodereg.verifier.encoding import Encoding
from nodereg.verifier.progress import TIME_ID, time_properties
from nodereg.verifier.runner import Prover
from nodereg.verifier.symmetry import check_symmetry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", type=int, help="nodes and pods")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per property and engine")
    ns = ap.parse_args()
    clock = time.monotonic
    t = clock()
    enc = Encoding(real_model(), Config(ns.n, ns.n))
    print(f"instances {len(enc.instances)}", flush=True)
    sym = check_symmetry(enc, ns.timeout)
    print(f"symmetry {sym.status} {clock() - t:.1f} s ({sym.queries} queries)", flush=True)
    t = clock()
    prover = Prover(enc)
    print(f"type domain inductive: {prover.domain_inductive} {clock() - t:.1f} s", flush=True)
    # as verify asks them: lemmas first, then the catalogue and the time-can-pass row's properties
    model = enc.model
    props = [p.for_model(model) for p in ALL_PROPERTIES if p.lemma]
    props += [p.for_model(model) for p in [*ALL_PROPERTIES, *time_properties(model)] if not p.lemma]
    t0 = clock()
    proved: set[str] = set()
    progress = True
    while progress:
        progress = False
        for p in props:
            if p.id in proved:
                continue
            t = clock()
            r = prover.induction_sliced(p, ns.timeout)
            if clock() - t > 1 or r.status != "proved":
                print(f"  {p.id} ({p.kind}): {r.status} {clock() - t:.2f} s, {r.reason}", flush=True)
            if r.status == "proved":
                proved.add(p.id)
                progress = True
                if p.kind == "state" and p.id != TIME_ID:  # (as verify: time-can-pass supports nothing)
                    prover.add_lemma(p)
    print(f"proofs: {len(proved)} of {len(props)} in {clock() - t0:.1f} s", flush=True)


if __name__ == "__main__":
    main()
