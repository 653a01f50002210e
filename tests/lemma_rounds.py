"""What the per-instance induction tests share: the lemma rounds ``verify`` runs before a property."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def add_proved_lemmas(prover: Any, candidates: Iterable[Any], timeout_s: float = 30) -> None:
    """Assume every candidate that per-instance induction proves relative to those proved before
    it, in rounds until none is added (as verify's induction rounds add lemmas)."""
    todo = list(candidates)
    progress = True
    while progress:
        progress = False
        for lem in todo:
            if lem not in prover.lemmas and prover.induction_sliced(lem, timeout_s).status == "proved":
                prover.add_lemma(lem)
                progress = True
