"""`nodereg check -` with `--input auto` detects the format on stdin without consuming it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

DATA = Path(__file__).parent / "data" / "oracle"


@pytest.mark.parametrize(
    "fixture,conforms",
    [
        ("healthy.events.jsonl", True),
        ("violation-bind-not-ready.events.jsonl", False),
        ("audit-healthy.log", True),
        ("audit-wrong-identity.log", False),
    ],
)
def test_auto_detection_on_stdin_agrees_with_the_file(fixture: str, conforms: bool) -> None:
    data = (DATA / fixture).read_bytes()
    piped = subprocess.run(
        [sys.executable, "-m", "nodereg", "check", "-", "--format", "json"],
        input=data,
        capture_output=True,
        timeout=120,
    )
    direct = subprocess.run(
        [sys.executable, "-m", "nodereg", "check", str(DATA / fixture), "--format", "json"],
        capture_output=True,
        timeout=120,
    )
    assert piped.returncode == (0 if conforms else 1), piped.stderr.decode()
    a, b = json.loads(piped.stdout), json.loads(direct.stdout)
    assert a["conforms"] is b["conforms"] is conforms
    assert a["events"] == b["events"] and len(a["violations"]) == len(b["violations"])


def test_unknown_format_on_stdin_is_a_clear_error() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "nodereg", "check", "-"], input=b'{"hello": 1}\n', capture_output=True, timeout=120
    )
    assert out.returncode == 2
    assert b"cannot tell the format" in out.stderr and b"Traceback" not in out.stderr


@given(st.lists(st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")), max_size=30))
def test_lines_numbers_every_line_and_skips_blank_ones(rows: list[bytes]) -> None:
    """The streaming reader equals a plain split: same numbers, blank lines skipped."""
    import io

    from nodereg.oracle.run import lines

    data = b"\n".join(rows)
    expected = [(i + 1, r) for i, r in enumerate(data.split(b"\n")) if r.strip()]
    assert list(lines(io.BytesIO(data), "t")) == expected
