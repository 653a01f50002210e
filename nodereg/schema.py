"""The JSON Schemas of nodereg's machine-readable outputs, shipped in the package (``nodereg schema``).

Why: a pipeline that parses ``nodereg verify --format json`` needs a contract, not a sample. Each
schema pins the documented fields and their meaning and allows fields added later, so a report
that gains a field stays valid and a consumer written against today's schema keeps working. The
tests validate real output against these files, so the files cannot drift from the program.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

import click


@dataclass(frozen=True, slots=True)
class OutputSchema:
    """One shipped schema: its name on the command line, its file and the output it describes."""

    name: str
    file: str
    describes: str


SCHEMAS: tuple[OutputSchema, ...] = (
    OutputSchema("verify", "verify.schema.json", "nodereg verify --format json"),
    OutputSchema("mutants", "mutants.schema.json", "nodereg verify --mutants --format json"),
    OutputSchema("check", "check.schema.json", "nodereg check --format json"),
    OutputSchema("oracle-verdict", "oracle-verdict.schema.json", "each line of nodereg oracle --stdio"),
)
SCHEMA_BY_NAME = {s.name: s for s in SCHEMAS}


def schema_text(name: str) -> str:
    """The schema file's text, as shipped (``nodereg/schemas/NAME.schema.json``)."""
    if not isinstance(name, str):
        raise TypeError(f"name: expected a str, got {type(name).__name__}")
    entry = SCHEMA_BY_NAME.get(name)
    if entry is None:
        raise ValueError(f"name: unknown schema {name!r}; expected one of {', '.join(SCHEMA_BY_NAME)}")
    return resources.files("nodereg").joinpath("schemas", entry.file).read_text(encoding="utf-8")


def load_schema(name: str) -> dict[str, Any]:
    """The schema as a dict, ready for ``jsonschema.Draft202012Validator``."""
    doc: dict[str, Any] = json.loads(schema_text(name))
    return doc


def validate(name: str, instance: Any) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``instance`` follows the schema ``name``."""
    import jsonschema

    jsonschema.Draft202012Validator(load_schema(name), format_checker=jsonschema.FormatChecker()).validate(instance)


@click.command("schema")
@click.argument("name", required=False, type=click.Choice([s.name for s in SCHEMAS]))
def schema_command(name: str | None) -> None:
    """Print the JSON Schema (draft 2020-12) of a JSON output; without NAME, list them.

    \b
    verify          nodereg verify --format json
    mutants         nodereg verify --mutants --format json
    check           nodereg check --format json
    oracle-verdict  each line of nodereg oracle --stdio

    Exit codes: 0 printed, 2 unknown NAME.
    """
    if name is None:
        width = max(len(s.name) for s in SCHEMAS)
        for s in SCHEMAS:
            click.echo(f"{s.name:<{width}}  {s.describes}")
        return
    click.echo(schema_text(name), nl=False)
