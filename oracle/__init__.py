"""nodereg.oracle: the reference oracle that other implementations run their traces against.

``Oracle`` checks events one at a time; ``check(path_or_iterable)`` checks a whole trace and returns
a ``Report``. Both are imported lazily so that ``nodereg --help`` stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the lazy names below, typed for mypy and editors
    from .api import InputError, Oracle, Report, Violation, check

__all__ = ["InputError", "Oracle", "Report", "Violation", "check"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import api

        return getattr(api, name)
    raise AttributeError(name)
