"""The property catalogue is complete and well formed: every entry can be read, cited and checked."""

from __future__ import annotations

import re

import pytest

from nodereg.model import declaration as d
from nodereg.model.params import CONSTRAINTS
from nodereg.properties.catalogue import ALL_PROPERTIES, PROPERTIES

REQUIRED = {
    "no-registration-without-credentials", "node-restriction", "no-schedule-without-ready",
    "no-schedule-with-untolerated-taint", "no-schedule-when-cordoned", "silent-node-becomes-unknown",
    "heartbeating-node-stays-known", "registration-is-not-eligibility", "re-registration-is-idempotent",
    "no-execute-eviction", "allocatable-within-capacity", "bound-requests-fit-allocatable",
    "control-state-matches-definition",
}


def test_the_issue_s_properties_are_all_there() -> None:
    assert {p.id for p in PROPERTIES} >= REQUIRED


@pytest.mark.parametrize("prop", ALL_PROPERTIES, ids=lambda p: p.id)
def test_entry_is_well_formed(prop) -> None:
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", prop.id)
    assert prop.statement.endswith(".") and prop.formula_text and prop.why and prop.witness_text
    assert prop.kind in ("state", "step") and prop.witness_kind in ("state", "step")
    event_ids = {e.id for e in d.EVENTS}
    assert set(prop.events) <= event_ids and set(prop.witness_events) <= event_ids
    assert (prop.kind == "step") == bool(prop.events)
    assert set(prop.assumes) <= {c.id for c in CONSTRAINTS}
    assert prop.source and ("/" in prop.source or "nodereg" in prop.source)


def test_ids_are_unique() -> None:
    ids = [p.id for p in ALL_PROPERTIES]
    assert len(ids) == len(set(ids))


def test_readme_catalogue_is_generated_from_the_catalogue() -> None:
    """The README's property table is `nodereg properties --format markdown`, byte for byte."""
    from pathlib import Path

    from nodereg.cli import catalogue_markdown

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme.split("<!-- catalogue:start -->\n", 1)[1].split("<!-- catalogue:end -->", 1)[0]
    assert section == catalogue_markdown(), "README catalogue is stale: regenerate it from nodereg properties"
