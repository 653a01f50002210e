"""hypothesis-jsonschema 0.23 on current Hypothesis, and the real Kubernetes schemas it draws from.

Its object strategy calls ``many.more()``, which Hypothesis replaced by ``with many(...) as
elements: for _ in elements`` (same draws, same spans). The shim gives hypothesis-jsonschema's
module (only it) a ``many`` with the old ``more()`` built on the new protocol; without it every
object schema fails with ``AttributeError: 'many' object has no attribute 'more'``.

:func:`k8s_schema` loads a Kubernetes JSON Schema from the ``kubernetes-validate`` package (the
OpenAPI of one release, strict: no properties beyond the API's), with its ``$ref``s made local
and, optionally, some objects cut down to the properties the oracle reads (drawing a whole PodSpec
costs seconds per example and says nothing more about the readers).
"""

from __future__ import annotations

import json
import os
import re
import types
from functools import cache
from typing import Any

from hypothesis.internal.conjecture import utils as _cu
from hypothesis_jsonschema import _from_schema, from_schema

K8S_SCHEMA_VERSION = "v1.35.0-local-strict"


class _Many(_cu.many):  # type: ignore[misc]
    def more(self) -> bool:
        it = getattr(self, "_compat_it", None)
        if it is None:
            self.__enter__()
            it = self._compat_it = iter(self)
        try:
            next(it)
        except StopIteration:
            self.__exit__(None)
            return False
        return True


if not hasattr(_cu.many, "more"):
    _shim = types.SimpleNamespace(**{k: getattr(_cu, k) for k in dir(_cu) if not k.startswith("__")})
    _shim.many = _Many
    _from_schema.cu = _shim  # type: ignore[attr-defined]


def _base() -> str:
    import kubernetes_validate

    return os.path.join(os.path.dirname(kubernetes_validate.__file__), "kubernetes-json-schema", K8S_SCHEMA_VERSION)


@cache
def _definitions() -> dict[str, Any]:
    with open(os.path.join(_base(), "_definitions.json")) as f:
        return json.load(f)["$defs"]  # type: ignore[no-any-return]


def _local(x: Any) -> Any:
    if isinstance(x, dict):
        return {
            k: ("#/$defs/" + v.split("#/$defs/")[1] if k == "$ref" else _local(v))
            for k, v in x.items()
            if k != "description"
        }
    if isinstance(x, list):
        return [_local(v) for v in x]
    return x


def k8s_schema(filename: str, keep: dict[str, tuple[str, ...]] | None = None) -> dict[str, Any]:
    """A self-contained schema of one kind (e.g. ``node-v1.json``); ``keep``: definition -> properties kept."""
    with open(os.path.join(_base(), filename)) as f:
        top = _local(json.load(f))
    defs = _definitions()
    need: dict[str, Any] = {}
    todo = [top]
    while todo:
        x = todo.pop()
        for ref in set(re.findall(r'"#/\$defs/([^"]+)"', json.dumps(x))):
            if ref not in need:
                d = _local(defs[ref])
                if keep and ref in keep and isinstance(d.get("properties"), dict):
                    d["properties"] = {k: v for k, v in d["properties"].items() if k in keep[ref]}
                    d["required"] = [r for r in d.get("required", []) if r in keep[ref]]
                need[ref] = d
                todo.append(d)
    top["$defs"] = need
    return top  # type: ignore[no-any-return]


__all__ = ["K8S_SCHEMA_VERSION", "from_schema", "k8s_schema"]
