"""What ``--timeout`` bounds: Z3's answer, not Python's construction of the query around it.

Round 13: ``nodereg verify --timeout 1`` took over a minute under load, most of it in Spacer
calls that each rebuilt every instance's transition term (about 2 s of Python outside Z3's 1 s
box). The terms are the same for every property and goal, so they are built once per encoding.
"""

from __future__ import annotations

import pytest

from nodereg.model.semantics import Config, real_model
from nodereg.properties.catalogue import PROPERTY_BY_ID
from nodereg.verifier import engines
from nodereg.verifier.encoding import Encoding


@pytest.mark.parametrize(
    "calls",
    [
        pytest.param([("no-execute-eviction", "violation")] * 2, id="same-property-twice"),
        pytest.param(
            [("no-schedule-when-cordoned", "violation"), ("eviction-not-early", "witness")], id="two-properties"
        ),
    ],
)
def test_spacer_builds_the_transition_terms_once_per_encoding(
    calls: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    enc = Encoding(real_model(), Config(1, 1), {})
    built: list[int] = []
    original = Encoding.trans_instance

    def counting(self: Encoding, k: int, *args: object) -> object:
        built.append(k)
        return original(self, k, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Encoding, "trans_instance", counting)
    for pid, goal in calls:
        engines.spacer(enc, PROPERTY_BY_ID[pid], 0.2, goal=goal)
    assert sorted(built) == list(range(len(enc.instances)))
