"""Render Mermaid text with Mermaid's own renderer, the one GitHub runs: ``@mermaid-js/mermaid-cli``.

Our Mermaid files are text; whether Mermaid can lay them out (and how they look) is only known by
running Mermaid. ``diagrams/install_mermaid.sh`` installs mermaid-cli (pinned by
``diagrams/mermaid/package-lock.json``) and uses Debian's chromium through
``PUPPETEER_EXECUTABLE_PATH``. ``make mermaid`` then runs this module on ``diagrams/generated``:
it draws ``node-lifecycle.mmd`` as ``node-lifecycle.mermaid.png`` (committed, so the README shows
the picture GitHub draws) and renders every Mermaid block of ``index.md``, failing on the first
one Mermaid rejects. Without chromium or mermaid-cli, :func:`unavailable` says why, in one line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MMDC = HERE / "mermaid" / "node_modules" / ".bin" / "mmdc"
PUPPETEER_CONFIG = HERE / "mermaid" / "puppeteer.json"
#: A render of one diagram that has not finished by then has hung (a normal one takes a few seconds).
TIMEOUT_S = 180
#: What each further diagram of one file adds to its box: ``index.md`` holds some 90 diagrams, drawn
#: by one mmdc process, and on a shared machine it needed more than the 180 s of one diagram (3 min 24 s
#: for its 86 diagrams at load 10 to 14 on 2 cores, 2026-12-07), so a fresh clone's ``make mermaid``
#: failed as if Mermaid had rejected one. 180 + 5 × 85 s is three times that.
PER_DIAGRAM_S = 5


class MermaidError(RuntimeError):
    """Mermaid rejected a diagram, or could not run; the message says which and why (one line)."""


class MermaidTimeout(MermaidError):
    """mermaid-cli did not finish within its box: nothing was judged (inconclusive, never a rejection)."""


def time_box(diagrams: int) -> float:
    """Seconds one mmdc run drawing ``diagrams`` Mermaid diagrams gets before it counts as hung."""
    return TIMEOUT_S + PER_DIAGRAM_S * max(diagrams - 1, 0)


def chromium() -> str | None:
    """The browser mermaid-cli drives: ``$PUPPETEER_EXECUTABLE_PATH``, else chromium on PATH."""
    env = os.environ.get("PUPPETEER_EXECUTABLE_PATH")
    if env and os.access(env, os.X_OK):
        return env
    return shutil.which("chromium") or shutil.which("chromium-browser")


def unavailable() -> str | None:
    """Why Mermaid cannot render here (None when it can)."""
    if chromium() is None:
        return "chromium not found (apt-get install chromium, or set PUPPETEER_EXECUTABLE_PATH)"
    if not MMDC.is_file():
        return f"mermaid-cli not installed ({MMDC} missing: run 'make mermaid' or diagrams/install_mermaid.sh)"
    return None


def render(source: Path, target: Path, *, background: str = "white", diagrams: int = 1) -> None:
    """``mmdc -i source -o target``; the format follows ``target``'s suffix (.png, .svg, .md).

    ``diagrams`` is how many Mermaid diagrams ``source`` holds (a Markdown file may hold many): the
    time box grows with it (:func:`time_box`). Running out of it raises :class:`MermaidTimeout`."""
    why = unavailable()
    if why is not None:
        raise MermaidError(why)
    env = {**os.environ, "PUPPETEER_EXECUTABLE_PATH": chromium() or ""}
    cmd = [str(MMDC), "-q", "-p", str(PUPPETEER_CONFIG), "-b", background, "-i", str(source), "-o", str(target)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=time_box(diagrams), check=False)
    except subprocess.TimeoutExpired:
        raise MermaidTimeout(
            f"{source}: mermaid-cli did not finish within {time_box(diagrams):.0f} s ({diagrams} diagram(s)): "
            "inconclusive, nothing was judged (a busy machine? run it again)"
        ) from None
    if proc.returncode != 0:
        lines = [x for x in (proc.stderr or proc.stdout).splitlines() if x.strip()]
        first = next((x for x in lines if "Error" in x), lines[0] if lines else f"exit {proc.returncode}")
        raise MermaidError(f"{source}: Mermaid rejected it: {first.strip()}")


#: Next to the PNG: the hash of the Mermaid text it was drawn from, so ``--check`` can tell it is stale.
SOURCE_RECORD = "node-lifecycle.mermaid.txt"


def source_record(mmd: bytes) -> str:
    """What :data:`SOURCE_RECORD` holds for a PNG drawn from ``mmd``."""
    import hashlib

    digest = hashlib.sha256(mmd).hexdigest()
    return f"node-lifecycle.mermaid.png was drawn by mermaid-cli from node-lifecycle.mmd sha256 {digest}\n"


def render_folder(folder: Path) -> list[str]:
    """Draw ``node-lifecycle.mermaid.png`` and render every Mermaid block of ``index.md``; say what was done."""
    done = []
    source = folder / "node-lifecycle.mmd"
    render(source, folder / "node-lifecycle.mermaid.png")
    (folder / SOURCE_RECORD).write_text(source_record(source.read_bytes()))
    done.append(f"wrote {folder / 'node-lifecycle.mermaid.png'}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "index.md"
        blocks = (folder / "index.md").read_text().count("```mermaid")
        render(folder / "index.md", out, diagrams=blocks)
        drawn = len(list(Path(tmp).glob("*.svg")))
        if drawn != blocks:
            raise MermaidError(f"{folder / 'index.md'}: Mermaid drew {drawn} of {blocks} diagrams")
        done.append(f"Mermaid rendered all {blocks} diagrams of {folder / 'index.md'}")
    return done


def main(argv: list[str]) -> int:
    """``python -m nodereg.diagrams.mermaid_render [FOLDER]``: exit 0 done, 1 Mermaid rejected one, 3 cannot
    run or did not finish in time (inconclusive: a timeout judges nothing, so it is no rejection)."""
    folder = Path(argv[0]) if argv else HERE / "generated"
    why = unavailable()
    if why is not None:
        print(f"nodereg mermaid: cannot render: {why}", file=sys.stderr)
        return 3
    try:
        for line in render_folder(folder):
            print(line)
    except MermaidTimeout as exc:
        print(f"nodereg mermaid: inconclusive: {exc}", file=sys.stderr)
        return 3
    except MermaidError as exc:
        print(f"nodereg mermaid: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
