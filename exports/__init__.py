"""nodereg.exports: the model exported for peer checkers (SPIN/Promela, Quint), generated from the declaration.

:func:`export_text` is the programmatic entry point; ``nodereg export`` is the command line.
"""

from __future__ import annotations

from typing import Any


def export_text(target: str, model: Any = None, **options: Any) -> str:
    """The model (default: the real one) as ``promela`` or ``quint`` text; options as :class:`~.core.ExportOptions`."""
    from nodereg.model.semantics import real_model

    from .cli import TARGETS, render
    from .core import ExportOptions, build

    if target not in TARGETS:
        raise ValueError(f"unknown export target {target!r}; expected one of {TARGETS}")
    options.setdefault("symbolic_args", target == "quint")
    return render(target, build(model or real_model(), ExportOptions(**options)))
