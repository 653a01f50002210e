"""Fuzzing every reader: no input makes the oracle raise anything but a reported input error.

Objects are drawn with hypothesis-jsonschema from the real Kubernetes schemas of Node, Pod and Lease
(``kubernetes-validate``'s copy of the 1.35 OpenAPI, strict) and from the audit ``Event`` schema
below (k8s.io/apiserver/pkg/apis/audit/v1/types.go), then some are corrupted at a random place
with a value of another JSON type, and written as a capture in one of the serialisations the
oracle reads. The property: ``check`` returns a report (never raises), every input error names
the file and a line, and the CLI's exit code is 0, 1 or 2 (never 4, never a traceback). Example
counts are bounded so that ``make test`` stays quick.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from jsonschema_compat import from_schema, k8s_schema

from nodereg.oracle import check
from nodereg.oracle.run import Report

FUZZ = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate, Phase.shrink],
    suppress_health_check=list(HealthCheck),
)

# the properties of a Pod the adapters read; the rest of PodSpec only makes drawing slow
POD_KEEP = {
    "io.k8s.api.core.v1.PodSpec": ("nodeName", "tolerations", "containers", "priority", "schedulerName"),
    "io.k8s.api.core.v1.Container": ("name", "resources"),
    "io.k8s.api.core.v1.PodStatus": ("conditions", "phase", "startTime"),
    "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": (
        "name",
        "namespace",
        "resourceVersion",
        "creationTimestamp",
        "deletionTimestamp",
        "uid",
        "labels",
        "ownerReferences",
        "managedFields",
    ),
}
META_KEEP = {
    "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": POD_KEEP["io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"]
}

TIME = {"type": "string", "format": "date-time"}
AUDIT_EVENT = {
    "type": "object",
    "properties": {
        "kind": {"enum": ["Event"]},
        "apiVersion": {"enum": ["audit.k8s.io/v1", "audit.k8s.io/v1beta1"]},
        "level": {"enum": ["Metadata", "Request", "RequestResponse"]},
        "auditID": {"type": "string"},
        "stage": {"enum": ["RequestReceived", "ResponseStarted", "ResponseComplete", "Panic"]},
        "requestURI": {"type": "string"},
        "verb": {"enum": ["create", "update", "patch", "delete", "get", "list", "watch"]},
        "user": {
            "type": "object",
            "properties": {
                "username": {
                    "enum": [
                        "system:node:n1",
                        "system:node:n2",
                        "kubernetes-admin",
                        "system:bootstrap:abcdef",
                        "system:kube-controller-manager",
                    ]
                },
                "groups": {
                    "type": "array",
                    "items": {
                        "enum": ["system:nodes", "system:masters", "system:bootstrappers", "system:authenticated"]
                    },
                },
            },
        },
        "objectRef": {
            "type": "object",
            "properties": {
                "resource": {"enum": ["nodes", "leases", "pods", "certificatesigningrequests"]},
                "subresource": {"enum": ["status", "binding", "approval"]},
                "namespace": {"enum": ["kube-node-lease", "default", "kube-system"]},
                "name": {"enum": ["n1", "n2", "web-1", "csr-1"]},
                "apiVersion": {"type": "string"},
            },
        },
        "responseStatus": {"type": "object", "properties": {"code": {"type": "integer"}, "status": {"type": "string"}}},
        "requestObject": {},
        "responseObject": {},
        "requestReceivedTimestamp": TIME,
        "stageTimestamp": TIME,
        "timestamp": TIME,
        "annotations": {"type": "object", "additionalProperties": {"type": "string"}},
    },
    "required": ["kind", "apiVersion", "auditID", "stage", "verb"],
}

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c, max_size=3),
    max_leaves=8,
)
JSON_PATCH = st.lists(
    st.fixed_dictionaries(
        {
            "op": st.sampled_from(["add", "replace", "remove", "test"]),
            "path": st.sampled_from(
                [
                    "/spec/unschedulable",
                    "/spec/taints",
                    "/spec/taints/0",
                    "/status/conditions",
                    "/metadata/labels/a",
                    "/",
                    "spec",
                ]
            ),
            "value": JSON,
        }
    ),
    max_size=3,
)


def _objects() -> st.SearchStrategy[dict[str, Any]]:
    node = from_schema(k8s_schema("node-v1.json", META_KEEP))
    pod = from_schema(k8s_schema("pod-v1.json", POD_KEEP))
    lease = from_schema(k8s_schema("lease-coordination-v1.json", META_KEEP))
    return st.one_of(node, pod, lease)


@st.composite
def corrupted(draw: st.DrawFn, base: st.SearchStrategy[Any]) -> Any:
    """A drawn object, maybe with one value somewhere replaced by a value of any JSON type."""
    x = draw(base)
    if not draw(st.booleans()):
        return x
    path: list[Any] = []
    cur = x
    while isinstance(cur, dict | list) and cur and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(cur) if isinstance(cur, dict) else list(range(len(cur)))))
        path.append(key)
        cur = cur[key]
    if not path:
        return draw(JSON)
    parent = x
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = draw(JSON)
    return x


def _write(tmp: Path, name: str, values: list[Any], how: str) -> Path:
    p = tmp / name
    if how == "jsonl":
        p.write_text("".join(json.dumps(v) + "\n" for v in values))
    elif how == "pretty":
        p.write_text("".join(json.dumps(v, indent=2) + "\n" for v in values))
    elif how == "array":
        p.write_text(json.dumps(values))
    elif how == "list":
        p.write_text(json.dumps({"kind": "List", "apiVersion": "v1", "items": values}))
    elif how == "yaml":
        p.write_text(yaml.safe_dump_all(values))
    elif how == "utf16":
        p.write_bytes("".join(json.dumps(v) + "\n" for v in values).encode("utf-16"))
    else:  # pragma: no cover
        raise AssertionError(how)
    return p


def _sound(rep: Report) -> None:
    assert isinstance(rep, Report)
    for e in rep.input_errors:
        assert e.file, e
        assert e.message and "\n" not in e.message, e
    assert not rep.conforms or rep.events > 0  # no events read is never a pass


OBJECTS = _objects()
WATCH = st.lists(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["ADDED", "MODIFIED", "DELETED", "BOOKMARK"]), "object": corrupted(OBJECTS)}
    )
    | corrupted(OBJECTS),
    min_size=1,
    max_size=4,
)


@FUZZ
@given(WATCH, st.sampled_from(["jsonl", "pretty", "array", "list", "yaml", "utf16"]))
def test_watch_reader_never_raises(tmp_path_factory: pytest.TempPathFactory, values: list[Any], how: str) -> None:
    p = _write(tmp_path_factory.mktemp("w"), "capture.json", values, how)
    _sound(check([str(p)], fmt="k8s-watch", keep_going=True))
    _sound(check([str(p)], keep_going=False))


BODIES = st.fixed_dictionaries(
    {"requestObject": st.one_of(JSON_PATCH, OBJECTS, JSON), "responseObject": st.one_of(OBJECTS, JSON)}
)
AUDIT = st.lists(
    corrupted(st.tuples(from_schema(AUDIT_EVENT), BODIES).map(lambda x: {**x[0], **x[1]})), min_size=1, max_size=4
)


@FUZZ
@given(AUDIT, st.sampled_from(["jsonl", "pretty", "array", "yaml"]))
def test_audit_reader_never_raises(tmp_path_factory: pytest.TempPathFactory, values: list[Any], how: str) -> None:
    tmp = tmp_path_factory.mktemp("a")
    p = _write(tmp, "audit.log", values, how)
    _sound(check([str(p)], fmt="k8s-audit", keep_going=True))
    q = tmp / "eventlist.json"
    q.write_text(json.dumps({"kind": "EventList", "apiVersion": "audit.k8s.io/v1", "items": values}))
    _sound(check([str(q)], fmt="k8s-audit", keep_going=True))


def _event_lines() -> st.SearchStrategy[Any]:
    """Lines of the committed events schema, one branch (event) at a time (its allOf of if/then is
    too much for hypothesis-jsonschema's canonicaliser as a whole)."""
    from nodereg.oracle.events import schema

    doc = schema()
    branches = [{**b["then"], "$defs": doc["$defs"]} for b in doc["allOf"]]
    return st.one_of([from_schema(b) for b in branches])


EVENT_LINES = st.lists(st.one_of(corrupted(_event_lines()), JSON), min_size=1, max_size=5)


@FUZZ
@given(EVENT_LINES)
def test_events_reader_never_raises(tmp_path_factory: pytest.TempPathFactory, values: list[Any]) -> None:
    p = _write(tmp_path_factory.mktemp("e"), "trace.events.jsonl", values, "jsonl")
    _sound(check([str(p)], fmt="events", keep_going=True))
    _sound(check(values, keep_going=True) if all(isinstance(v, dict) for v in values) else Report(events=1))


ITF = (
    st.fixed_dictionaries(
        {
            "#meta": JSON,
            "vars": JSON,
            "states": st.lists(
                st.one_of(
                    JSON,
                    st.fixed_dictionaries(
                        {"t": JSON, "nodes": JSON, "pods": JSON, "mbt::actionTaken": JSON, "mbt::nondetPicks": JSON}
                    ),
                ),
                max_size=4,
            ),
        }
    )
    | JSON
)


@FUZZ
@given(ITF)
def test_itf_reader_never_raises(tmp_path_factory: pytest.TempPathFactory, doc: Any) -> None:
    p = tmp_path_factory.mktemp("i") / "trace.itf.json"
    p.write_text(json.dumps(doc))
    _sound(check([str(p)], fmt="itf", keep_going=True))


@FUZZ
@given(st.binary(max_size=600) | st.text(max_size=300).map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_any_bytes_any_format_never_raise(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    tmp = tmp_path_factory.mktemp("b")
    for name in ("x.json", "x.json.gz", "x.itf.json"):
        p = tmp / name
        p.write_bytes(data)
        for fmt in ("auto", "events", "k8s-watch", "k8s-audit", "itf"):
            _sound(check([str(p)], fmt=fmt, keep_going=True))


STDIO_LINES = st.lists(
    st.one_of(
        corrupted(_event_lines()),
        JSON,
        corrupted(OBJECTS),
        st.fixed_dictionaries({"type": st.sampled_from(["ADDED", "MODIFIED"]), "object": corrupted(OBJECTS)}),
        st.text(max_size=20).filter(lambda s: "\n" not in s and "\r" not in s),
    ),
    min_size=1,
    max_size=5,
)


@FUZZ
@given(STDIO_LINES, st.sampled_from(["events", "k8s-watch", "k8s-audit"]))
def test_stdio_answers_every_line(lines: list[Any], fmt: str) -> None:
    from click.testing import CliRunner

    from nodereg.cli import main

    raw = [x if isinstance(x, str) else json.dumps(x) for x in lines]
    text = "".join(x + "\n" for x in raw)
    r = CliRunner().invoke(main, ["oracle", "--stdio", "--input", fmt], input=text.encode("utf-8", "surrogatepass"))
    assert r.exit_code == 0, (r.exit_code, r.output, r.exception)
    verdicts = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(verdicts) == sum(1 for x in raw if x.strip())
    assert all(set(v) == {"index", "line", "ok", "violations", "error"} for v in verdicts)
