"""A List's items are named by their own line: a violation or an input error about the 2nd Node of
``kubectl get nodes -o json`` points at that Node, not at the file's first line.

Before, every object of a pretty-printed List, JSON array, YAML List or audit EventList was reported
at the line the whole value started on (line 1), which leaves a user to search a 600-line file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from nodereg.oracle import check
from nodereg.oracle.k8s import _json_item_lines, _yaml_item_lines, top_values

# a real dump (vmware-tanzu/sonobuoy, kind 1.20): kind-worker is Ready=False without the not-ready taint
SONOBUOY = Path(__file__).parent / "data" / "public9" / "sonobuoy" / "core_v1_nodes.json"


class _Indented(yaml.SafeDumper):
    """YAML with sequences indented under their key (``items:\n  - ...``), as some writers do."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _line_of(text: str, needle: str, before: str) -> int:
    """The last line holding ``before`` above the first line holding ``needle`` (1-based)."""
    lines = text.splitlines()
    at = next(k for k, x in enumerate(lines) if needle in x)
    return 1 + max(k for k in range(at + 1) if lines[k].startswith(before))


def _violation_lines(path: Path) -> list[tuple[str | None, int | None]]:
    rep = check([str(path)])
    assert rep.violations, rep.as_json()
    return [(v.node, v.line) for v in rep.violations]


def test_a_lists_violation_names_its_items_line() -> None:
    text = SONOBUOY.read_text()
    want = _line_of(text, '"name": "kind-worker"', "    {")
    assert want > 1
    assert _violation_lines(SONOBUOY) == [("kind-worker", want)]


def test_yaml_lists_and_arrays_too(tmp_path: Path) -> None:
    doc = json.loads(SONOBUOY.read_text())
    rows = {
        "list.yaml": (yaml.safe_dump(doc), "- "),
        "array.json": (json.dumps(doc["items"], indent=2), "  {"),
        "array.yaml": (yaml.safe_dump(doc["items"]), "- "),
        "indented.yaml": (yaml.dump(doc, Dumper=_Indented), "  - "),
    }
    for name, (text, start) in rows.items():
        f = tmp_path / name
        f.write_text(text)
        assert yaml.safe_load(text) == (doc if "list" in name or "indented" in name else doc["items"]), name
        needle = "name: kind-worker" if name.endswith("yaml") else '"name": "kind-worker"'
        assert _violation_lines(f) == [("kind-worker", _line_of(text, needle, start))], name


def test_a_list_on_one_line_is_its_line(tmp_path: Path) -> None:
    f = tmp_path / "compact.json"
    f.write_text("\n\n" + json.dumps(json.loads(SONOBUOY.read_text())) + "\n")
    assert _violation_lines(f) == [("kind-worker", 3)]


def test_an_items_input_error_names_its_line(tmp_path: Path) -> None:
    items = [
        {"kind": "Node", "metadata": {"name": "a"}, "status": {}},
        {"kind": "Node", "metadata": [], "status": {}},
    ]
    f = tmp_path / "bad.json"
    text = json.dumps({"kind": "List", "items": items}, indent=1)
    f.write_text(text)
    second = [k + 1 for k, x in enumerate(text.splitlines()) if x == "  {"][1]
    rep = check([str(f)])
    assert [(e.line, e.file) for e in rep.input_errors] == [(second, str(f))], rep.as_json()


def test_an_eventlists_events_have_their_lines(tmp_path: Path) -> None:
    from nodereg.oracle.k8s import audit_objects
    from nodereg.oracle.record import ReadLog

    events = [
        {"auditID": str(k), "stage": "ResponseComplete", "verb": "get", "stageTimestamp": "2024-01-01T00:00:00Z"}
        for k in range(3)
    ]
    text = json.dumps({"kind": "EventList", "apiVersion": "audit.k8s.io/v1", "items": events}, indent=2)
    f = tmp_path / "audit.json"
    f.write_text(text)
    with f.open("rb") as fh:
        got = [(line, x["auditID"]) for line, x in audit_objects(fh, str(f), ReadLog())]
    starts = [k + 1 for k, x in enumerate(text.splitlines()) if x == "    {"]
    assert len(starts) == 3 and got == [(starts[k], str(k)) for k in range(3)]


# -- the two helpers, on any list: each line they give is where the item starts ---------------------------

leaf = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
values = st.recursive(
    leaf, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=4), kids, max_size=3), max_leaves=8
)
items_st = st.lists(values, min_size=1, max_size=6)


@settings(max_examples=150, deadline=None)
@given(items=items_st, indent=st.sampled_from([1, 2, 4]), listed=st.booleans(), lead=st.integers(0, 3))
def test_json_item_lines_are_where_each_item_starts(items: list[Any], indent: int, listed: bool, lead: int) -> None:
    value: Any = {"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"x": [1, "]"]}} if listed else items
    text = "\n" * lead + json.dumps(value, indent=indent)
    pos = lead
    got = _json_item_lines(text, pos, len(text), 1 + lead, value)
    assert got is not None and len(got) == len(items)
    dec = json.JSONDecoder()
    lines = text.split("\n")
    for k, at in enumerate(got):
        rest = "\n".join(lines[at - 1 :]).lstrip(" ")
        assert dec.raw_decode(rest)[0] == items[k], (k, at)


@settings(max_examples=100, deadline=None)
@given(items=st.lists(st.dictionaries(st.sampled_from("abc"), values, min_size=1, max_size=3), min_size=1, max_size=5))
def test_yaml_item_lines_are_where_each_item_starts(items: list[dict[str, Any]]) -> None:
    for value in ({"apiVersion": "v1", "items": items, "kind": "List"}, items):
        text = yaml.safe_dump(value)
        got = _yaml_item_lines([x + b"\n" for x in text.encode().split(b"\n")], 1, value)
        assert got is not None and len(got) == len(items)
        lines = text.split("\n")
        for k, at in enumerate(got):
            assert lines[at - 1].lstrip(" ").startswith("-"), (k, at, text)
        # each item's text runs from its line to the next item's: it loads as the item
        ends = [*got[1:], None]
        for k, (a, b) in enumerate(zip(got, ends, strict=True)):
            chunk = lines[a - 1 : (b - 1 if b else None)]
            if b is None and isinstance(value, dict):
                chunk = [x for x in chunk if x.startswith((" ", "-")) or not x]
            body = "\n".join(chunk)
            assert yaml.safe_load(body) == [items[k]], (k, body)


def test_odd_layouts_fall_back_to_the_values_line() -> None:
    dup = '{"items": [1,\n 2],\n "items": [3]}'
    assert _json_item_lines(dup, 0, len(dup), 1, json.loads(dup)) is None
    flow = [b"items: [1,\n", b"  2]\n"]
    assert _yaml_item_lines(flow, 1, {"items": [1, 2]}) is None
    one = '{"items": [1, 2]}'
    assert _json_item_lines(one, 0, len(one), 1, json.loads(one)) is None


def test_top_values_give_item_lines_of_each_document(tmp_path: Path) -> None:
    f = tmp_path / "two.yaml"
    f.write_text("kind: List\nitems:\n- a: 1\n- a: 2\n---\n- b: 1\n-   b: 2\n")
    with f.open("rb") as fh:
        got = [(t.line, t.item_lines) for t in top_values(fh, str(f))]
    assert got == [(1, (3, 4)), (6, (6, 7))]


# -- a list longer than one value may be (kubectl get pods -A -o json of a large cluster) ------------------


def _small_limits(monkeypatch: Any, chunk: int = 512) -> None:
    """The limits of a 1,000-node cluster's list, scaled down so that a test file crosses them."""
    import nodereg.oracle.k8s as k8s

    monkeypatch.setattr(k8s, "MAX_OBJECT", 16 << 10)
    monkeypatch.setattr(k8s, "STREAM_FROM", 4 << 10)
    monkeypatch.setattr(k8s._JsonStream, "CHUNK", chunk)


def _tops(path: Path) -> list[tuple[int, Any, Any]]:
    with path.open("rb") as fh:
        return [
            (t.line, t.value if not isinstance(t.value, Exception) else str(t.value), t.item_lines)
            for t in top_values(fh, str(path))
        ]


def test_a_list_longer_than_one_value_may_be_is_read_item_by_item(tmp_path: Path, monkeypatch: Any) -> None:
    """Was exit 2, "JSON value larger than 16 MiB", on `kubectl get nodes -o json` of ~2,000 Nodes."""
    doc = json.loads(SONOBUOY.read_text())
    for k in range(20):  # more Nodes: the list is longer than the 64 KiB peeked at to tell the format
        doc["items"].append({**doc["items"][0], "metadata": {**doc["items"][0]["metadata"], "name": f"cp-{k}"}})
    f = tmp_path / "nodes.json"
    f.write_text("\n" + json.dumps(doc, indent=4) + "\n" + json.dumps(doc) + "\n")
    want, whole = _tops(f), check([str(f)]).as_json()
    assert f.stat().st_size > 200 << 10 and whole["nodes"] == 23 and whole["violations"], whole
    _small_limits(monkeypatch)
    assert _tops(f) == want  # the same values, lines and item lines, read in 512-byte chunks
    assert check([str(f)]).as_json() == whole
    big = json.dumps(doc["items"][0], indent=4)
    f.write_text(json.dumps({"kind": "Node", "status": {"x": [big] * 12}}))
    (err,) = [t for t in _tops(f) if isinstance(t[1], str)]
    assert err[1].endswith("JSON value larger than 16 MiB"), err  # one member larger than a value may be


@settings(max_examples=120, deadline=None)
@given(
    values_=st.lists(values, min_size=1, max_size=4),
    listed=st.lists(st.booleans(), min_size=4, max_size=4),
    indent=st.sampled_from([None, 1, 3]),
    chunk=st.sampled_from([1, 7, 64]),
)
def test_reading_in_small_chunks_gives_the_same_values(
    values_: list[Any], listed: list[bool], indent: int | None, chunk: int
) -> None:
    """Any stream of values: the item-by-item path gives exactly what one parse of each value gives."""
    import io

    import nodereg.oracle.k8s as k8s

    docs = [
        {"kind": "List", "items": v if isinstance(v, list) else [v], "z": v} if lst else v
        for v, lst in zip(values_, listed, strict=False)
    ]
    text = "\n".join(json.dumps(x, indent=indent) for x in docs).encode()

    def read(stream_from: int, max_object: int, size: int) -> list[Any]:
        old = k8s.STREAM_FROM, k8s.MAX_OBJECT, k8s._JsonStream.CHUNK
        k8s.STREAM_FROM, k8s.MAX_OBJECT, k8s._JsonStream.CHUNK = stream_from, max_object, size
        try:
            return [tuple(t) for t in k8s.json_values(io.BytesIO(text), "x")]
        finally:
            k8s.STREAM_FROM, k8s.MAX_OBJECT, k8s._JsonStream.CHUNK = old

    assert read(1, 1 << 20, chunk) == read(1 << 30, 1 << 30, 1 << 20)


def test_a_malformed_long_list_is_one_error_then_the_next_value(tmp_path: Path, monkeypatch: Any) -> None:
    doc = json.loads(SONOBUOY.read_text())
    text = json.dumps(doc, indent=4)
    broken = text.replace('"kind-worker"', '"kind-worker",,', 1)
    f = tmp_path / "broken.json"
    f.write_text(broken + "\n" + json.dumps({"kind": "List", "items": []}) + "\n")
    _small_limits(monkeypatch)
    tops = _tops(f)
    bad = broken.splitlines().index(next(x for x in broken.splitlines() if '"kind-worker",,' in x)) + 1
    assert [t[0] for t in tops] == [bad, broken.count("\n") + 2], tops
    assert str(tops[0][1]).startswith(f"{f}:{bad}: not JSON: Expecting property name"), tops
    assert tops[1][1] == {"kind": "List", "items": []}


# -- a YAML List longer than one document may be ------------------------------------------------------------


def test_a_long_yaml_list_is_read_item_by_item(tmp_path: Path, monkeypatch: Any) -> None:
    """Was exit 2, "YAML document larger than 16 MiB", on `kubectl get pods -A -o yaml` of a large cluster."""
    import nodereg.oracle.k8s as k8s

    doc = json.loads(SONOBUOY.read_text())
    for k in range(20):
        item = json.loads(json.dumps(doc["items"][0]))
        item["metadata"]["name"] = f"cp-{k}"
        doc["items"].append(item)
    f = tmp_path / "nodes.yaml"
    f.write_text("# kubectl get nodes -o yaml\n" + yaml.safe_dump(doc) + "---\n" + yaml.dump(doc, Dumper=_Indented))
    want, whole = _tops(f), check([str(f)]).as_json()
    assert whole["violations"] and whole["nodes"] == 23, whole
    monkeypatch.setattr(k8s, "MAX_OBJECT", 30 << 10)
    assert f.stat().st_size > 4 * k8s.MAX_OBJECT
    assert _tops(f) == want
    assert check([str(f)]).as_json() == whole


@settings(max_examples=120, deadline=None)
@given(
    items=st.lists(st.dictionaries(st.sampled_from("abcd"), values, min_size=1, max_size=3), min_size=2, max_size=8),
    indented=st.booleans(),
    trailer=st.booleans(),
)
def test_a_long_yaml_list_gives_what_one_parse_gives(
    items: list[dict[str, Any]], indented: bool, trailer: bool
) -> None:
    import io

    import nodereg.oracle.k8s as k8s

    value: dict[str, Any] = {"apiVersion": "v1", "items": items}
    if trailer:
        value |= {"kind": "List", "metadata": {"resourceVersion": ""}}
    text = (yaml.dump(value, Dumper=_Indented, sort_keys=True) if indented else yaml.safe_dump(value)).encode()
    biggest = max(len(yaml.safe_dump([x])) for x in items) * 2 + 64

    def read(max_object: int) -> list[Any]:
        old = k8s.MAX_OBJECT
        k8s.MAX_OBJECT = max_object
        try:
            return [tuple(t) for t in k8s.yaml_documents(io.BytesIO(text), "x")]
        finally:
            k8s.MAX_OBJECT = old

    whole = read(1 << 30)
    assert whole[0][1] == yaml.safe_load(text)
    assert read(max(biggest, len(text) // 3)) == whole


def test_a_yaml_list_item_larger_than_a_document_may_be_is_one_error(monkeypatch: Any) -> None:
    import io

    import nodereg.oracle.k8s as k8s

    text = yaml.safe_dump({"kind": "List", "items": [{"a": "x" * 50}, {"b": ["y" * 10] * 40}, {"c": 1}]}).encode()
    monkeypatch.setattr(k8s, "MAX_OBJECT", 200)
    ((line, err, _),) = list(k8s.yaml_documents(io.BytesIO(text), "f.yaml"))
    assert str(err) == f"f.yaml:{line}: YAML list item larger than 16 MiB" and line == 3, (line, err)
