"""The Python API: ``Oracle`` (step by step) and ``check(path_or_iterable) -> Report``.

>>> from nodereg.oracle import Oracle
>>> o = Oracle()
>>> o.step({"t": 0, "event": "kubelet_request_certificate", "node": "n1"})
[]
>>> o.control_state("n1")
'Unregistered'
"""

from __future__ import annotations

from .core import InputError, Oracle, Violation
from .run import Report, check

__all__ = ["InputError", "Oracle", "Report", "Violation", "check"]
