"""``make typecheck``: mypy --strict on nodereg's public API, as an installed user's code sees it.

Why a script: the sources are laid out by directory (``model/``, ``oracle/``...) and mapped to
``nodereg.model``, ``nodereg.oracle``... by setuptools' ``package-dir``, which mypy cannot read.
So a tree of symbolic links with the installed layout is built under ``build/typecheck`` and mypy
runs there, with ``[tool.mypy]`` of pyproject.toml. Checked strictly (every error reported):

* the modules that define the public API (``nodereg/__init__.py``: ``tolerates``,
  ``scheduler_filter``, ``check``, ``Oracle``, ``Report``, ``sweep``...), the plugin and the
  report modules;
* ``tests/typing/public_api.py``, code written as a user would, whose ``assert_type`` lines fail
  when a public function's type is lost (``Any``) or wrong.

The implementation modules they import are analysed for their types but their own errors are not
reported (``follow_imports = "silent"``): the contract is the API's signatures.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "build" / "typecheck"

#: installed package -> source directory (pyproject.toml [tool.setuptools.package-dir])
LAYOUT = {
    "nodereg": "nodereg",
    "nodereg/model": "model",
    "nodereg/properties": "properties",
    "nodereg/verifier": "verifier",
    "nodereg/diagrams": "diagrams",
    "nodereg/oracle": "oracle",
    "nodereg/exports": "exports",
}

#: Modules checked strictly: the public API and what defines its types.
STRICT_MODULES = (
    "nodereg",
    "nodereg.model.rules",
    "nodereg.oracle.api",
    "nodereg.sweep",
    "nodereg.schema",
    "nodereg.report",
    "nodereg.ci",
    "nodereg.pytest_plugin",
    "public_api",
)


def build_tree() -> None:
    """Symbolic links to every source file, arranged as the installed package."""
    if TREE.exists():
        shutil.rmtree(TREE)
    for package, source in LAYOUT.items():
        target = TREE / package
        target.mkdir(parents=True, exist_ok=True)
        for f in sorted((ROOT / source).iterdir()):
            if f.suffix in (".py", ".pyi") or f.name == "py.typed":
                (target / f.name).symlink_to(f)
    (TREE / "public_api.py").symlink_to(ROOT / "tests" / "typing" / "public_api.py")


def main() -> int:
    build_tree()
    cmd = [
        sys.executable,
        "-m",
        "mypy",
        "--config-file",
        str(ROOT / "pyproject.toml"),
        "--cache-dir",
        str(ROOT / ".mypy_cache"),
    ]
    for m in STRICT_MODULES:
        cmd += ["-m", m]
    env = {**os.environ, "MYPYPATH": str(TREE)}
    print("mypy --strict:", ", ".join(STRICT_MODULES), flush=True)
    return subprocess.run(cmd, cwd=TREE, env=env, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
