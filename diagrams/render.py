"""Run the graphviz binaries (``dot``, ``neato``) on DOT text; say clearly when they are missing.

Renders are bytes in memory, so ``--check`` can compare them without touching the disk. The
graphviz version is part of what a render depends on: it is recorded next to the renders and
``--check`` compares renders only when the local version is the recorded one (text outputs,
which fully determine the renders, are always compared).
"""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache


class RenderUnavailable(RuntimeError):
    """Graphviz cannot render here; the message says why (one line)."""


@lru_cache(maxsize=1)
def graphviz_version() -> str | None:
    """``dot -V`` as printed (e.g. ``dot - graphviz version 2.43.0 (0)``), or None without graphviz."""
    exe = shutil.which("dot")
    if exe is None:
        return None
    proc = subprocess.run([exe, "-V"], capture_output=True, text=True, check=False)
    return (proc.stderr or proc.stdout).strip() or None


def why_unavailable() -> str | None:
    """None when ``dot`` and ``neato`` both run, else the reason in one line."""
    missing = [b for b in ("dot", "neato") if shutil.which(b) is None]
    if missing:
        return (
            f"graphviz {' and '.join(missing)} not found on PATH (install graphviz, e.g. "
            "'apt-get install graphviz'; 'make setup' does it)"
        )
    return None


def render(source: str, fmt: str, engine: str = "dot", extra: tuple[str, ...] = ()) -> bytes:
    """DOT text → ``fmt`` bytes with ``engine`` (``dot``, or ``neato`` with ``-n2`` for pinned layouts)."""
    reason = why_unavailable()
    if reason:
        raise RenderUnavailable(reason)
    exe = shutil.which(engine)
    assert exe is not None
    proc = subprocess.run([exe, *extra, f"-T{fmt}"], input=source.encode(), capture_output=True, check=False)
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace").strip().splitlines()
        raise RenderUnavailable(f"{engine} -T{fmt} failed: {err[0] if err else 'exit ' + str(proc.returncode)}")
    return proc.stdout
