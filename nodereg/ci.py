"""``python -m nodereg.ci``: what failed in a saved JSON report, for CI logs (action.yml, ci/gitlab-ci.yml).

Why a separate step: CI saves ``nodereg verify --format json`` to a file (the artifact, with the
JUnit XML) and then needs the failures in the log, as GitHub error annotations or plain lines, and
the step to fail as verify did. This module reads the saved report, so verify runs once. It is a
module of its own, not imported by the package, so ``python -m`` runs it cleanly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nodereg.report import mutant_line


def failing_rows(doc: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(id, one-line message)`` of every row that is not a pass, in a verify or a mutants report."""
    out: list[tuple[str, str]] = []
    for row in doc.get("properties") or []:
        if row.get("status") != "proved":
            out.append((str(row.get("id")), row.get("message") or f"{row.get('status')}: {row.get('reason', '')}"))
    for row in doc.get("mutants") or []:
        if row.get("status") != "killed":
            out.append((str(row.get("id")), row.get("message") or mutant_line(row)))
    return out


def _gh_escape(text: str, prop: bool = False) -> str:
    """GitHub workflow-command escaping (``%``, CR, LF; and ``:`` ``,`` in a property)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def summary_lines(doc: Mapping[str, Any], github: bool = False) -> list[str]:
    """What a CI log shows: one line per failing row, then the totals."""
    lines = []
    for rid, message in failing_rows(doc):
        if github:
            lines.append(f"::error title={_gh_escape(f'nodereg: {rid}', prop=True)}::{_gh_escape(message)}")
        else:
            lines.append(f"{rid}: {message}")
    if "summary" in doc:
        counts = doc["summary"]
        total = sum(v for v in counts.values() if isinstance(v, int))
        # "73/76 proved; 3 violated" (was "73/76 proved violated 3")
        others = ", ".join(f"{v} {k}" for k, v in counts.items() if k != "proved" and v)
        lines.append(f"nodereg verify: {counts.get('proved', 0)}/{total} proved" + (f"; {others}" if others else ""))
    elif "mutants" in doc:
        rows = doc["mutants"]
        lines.append(f"nodereg verify --mutants: {sum(r.get('status') == 'killed' for r in rows)}/{len(rows)} killed")
    return [line.rstrip() for line in lines]


def _markdown_summary(doc: Mapping[str, Any]) -> str:
    rows = failing_rows(doc)
    head = summary_lines(doc)[-1] if summary_lines(doc) else "nodereg"
    if not rows:
        return f"### {head}\n\nEvery row passed.\n"
    pipe = "\\|"
    body = "\n".join(f"| `{rid}` | {msg.replace('|', pipe)} |" for rid, msg in rows)
    return f"### {head}\n\n| row | what failed |\n|---|---|\n{body}\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m nodereg.ci [--github] REPORT.json [--exit-code N]``; returns the exit code.

    Prints the failing rows of a saved ``nodereg verify --format json`` (or ``--mutants``) report,
    as GitHub error annotations with ``--github`` (and a Markdown table in the job summary), then
    exits with ``--exit-code`` (the code nodereg verify returned), so a CI step fails as verify did.
    An unreadable report is one line on stderr and exit 2, or the given code when that is not 0.
    """
    import argparse
    import json
    import os
    import sys

    parser = argparse.ArgumentParser(
        prog="python -m nodereg.ci",
        description="Print the failing rows of a saved 'nodereg verify --format json' (or --mutants) report, as "
        "GitHub error annotations with --github (and a Markdown table in the job summary), then exit with "
        "--exit-code (the code nodereg verify returned), so a CI step fails as verify did. An unreadable report "
        "is one line on stderr and exit 2, or the given code when that is not 0.",
    )
    parser.add_argument("report", help="a saved nodereg verify --format json report")
    parser.add_argument("--github", action="store_true", help="GitHub annotations and job summary")
    parser.add_argument("--exit-code", type=int, default=0, help="exit with this code (nodereg verify's)")
    args = parser.parse_args(argv)
    try:
        with open(args.report, encoding="utf-8") as f:
            doc = json.load(f)
        if not isinstance(doc, dict):
            raise ValueError("expected one JSON object")
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else str(exc)
        print(
            f"nodereg: error: {args.report}: {reason} (expected a nodereg verify --format json report)", file=sys.stderr
        )
        return args.exit_code or 2
    for line in summary_lines(doc, github=args.github):
        print(line)
    step_summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if args.github and step_summary:
        try:
            with open(step_summary, "a", encoding="utf-8") as f:
                f.write(_markdown_summary(doc))
        except OSError:
            pass  # the summary is a nicety; the annotations are already printed
    return int(args.exit_code)


if __name__ == "__main__":  # pragma: no cover - exercised through subprocess in the tests
    raise SystemExit(main())
