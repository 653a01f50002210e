"""Every serialisation a user has gives the same verdict; nothing is a silent pass; bad input is one line.

The reference: the healthy watch capture in tests/data/oracle/watch-healthy read as it is. Each
row writes the same objects in another serialisation (YAML, lists, arrays, bare objects without
kind, BOM, UTF-16, gzip, pipes, FIFOs) and checks the events read and the verdict.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import yaml

from nodereg.oracle import check
from nodereg.oracle.k8s import infer_kind, objects

DATA = Path(__file__).parent / "data" / "oracle"
WATCH = DATA / "watch-healthy"
AUDIT = DATA / "audit-healthy.log"


def _watch_objects() -> list[dict[str, Any]]:
    out = []
    for f in ("nodes", "leases", "pods"):
        with (WATCH / f"{f}.json").open("rb") as fh:
            out += [o for _, o in objects(fh, f)]
    return out


def _snapshot() -> list[dict[str, Any]]:
    """The first version of every object: what `kubectl get -o json/yaml` would list."""
    first: dict[tuple[str, str], dict[str, Any]] = {}
    for ev in _watch_objects():
        ob = ev["object"]
        first.setdefault((ob["kind"], ob["metadata"]["name"]), ob)
    return list(first.values())


def _nokind(x: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in x.items() if k not in ("kind", "apiVersion")}


def _serialisations() -> dict[str, bytes]:
    items = _snapshot()
    return {
        "list": json.dumps({"kind": "List", "apiVersion": "v1", "items": [_nokind(x) for x in items]}).encode(),
        "array": json.dumps(items, indent=2).encode(),
        "bare-no-kind": "\n".join(json.dumps(_nokind(x), indent=1) for x in items).encode(),
        "yaml-multi": yaml.safe_dump_all(items).encode(),
        "yaml-list": yaml.safe_dump({"apiVersion": "v1", "kind": "List", "items": items}).encode(),
    }


SNAPSHOT = _serialisations()


@pytest.mark.parametrize("how", sorted(SNAPSHOT))
def test_snapshot_serialisations_agree(tmp_path: Path, how: str) -> None:
    ref = tmp_path / "ref.json"
    ref.write_text("".join(json.dumps({"type": "ADDED", "object": x}) + "\n" for x in _snapshot()))
    p = tmp_path / f"snapshot.{'yaml' if how.startswith('yaml') else 'json'}"
    p.write_bytes(SNAPSHOT[how])
    want, got = check([str(ref)]), check([str(p)])
    assert not got.input_errors, got.input_errors
    assert (got.events, got.nodes, got.conforms) == (want.events, want.nodes, want.conforms)
    assert got.events > 0


def test_typed_lists_give_their_kind(tmp_path: Path) -> None:
    nodes = [_nokind(x) for x in _snapshot() if x["kind"] == "Node"]
    p = tmp_path / "nodes.json"
    p.write_text(json.dumps({"kind": "NodeList", "apiVersion": "v1", "items": nodes}))
    rep = check([str(p)])
    assert rep.nodes == len(nodes) and rep.events > 0 and not rep.input_errors


ENCODINGS = {
    "utf-8-bom": lambda b: b"\xef\xbb\xbf" + b,
    "utf-16": lambda b: b.decode().encode("utf-16"),
    "utf-16-be-bom": lambda b: b"\xfe\xff" + b.decode().encode("utf-16-be"),
    "gzip": gzip.compress,
}


@pytest.mark.parametrize("enc", sorted(ENCODINGS))
def test_encodings_and_gzip_agree(tmp_path: Path, enc: str) -> None:
    files = [WATCH / f"{f}.json" for f in ("nodes", "leases", "pods")]
    want = check([str(f) for f in files])
    out = []
    for f in files:
        q = tmp_path / (f.name + (".gz" if enc == "gzip" else ""))
        q.write_bytes(ENCODINGS[enc](f.read_bytes()))
        out.append(str(q))
    got = check(out)
    assert not got.input_errors, got.input_errors
    assert (got.events, got.conforms) == (want.events, want.conforms)


def test_utf16_without_bom_is_named(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_bytes((WATCH / "nodes.json").read_text().encode("utf-16-le"))
    rep = check([str(p)])
    assert rep.input_errors and "UTF-16" in rep.input_errors[0].message


def _cli(*args: str, stdin: Any = None, input: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "nodereg", *args], stdin=stdin, input=input, capture_output=True, timeout=120
    )


def test_pipe_and_process_substitution_read_everything() -> None:
    files = [str(WATCH / f"{f}.json") for f in ("nodes", "leases", "pods")]
    want = check(files)
    r = _cli("check", "--format", "json", "-", input=(WATCH / "nodes.json").read_bytes())
    assert r.returncode in (0, 1), r.stderr
    assert json.loads(r.stdout)["events"] == check([files[0]]).events
    fds = []
    try:
        for f in files:
            rd, wr = os.pipe()
            threading.Thread(
                target=lambda w=wr, f=f: (os.write(w, Path(f).read_bytes()), os.close(w)), daemon=True
            ).start()
            fds.append(rd)
        r = subprocess.run(
            [sys.executable, "-m", "nodereg", "check", "--format", "json", *[f"/dev/fd/{fd}" for fd in fds]],
            capture_output=True,
            timeout=120,
            pass_fds=fds,
        )
    finally:
        for fd in fds:
            os.close(fd)
    assert json.loads(r.stdout)["events"] == want.events and r.returncode == (0 if want.conforms else 1)


def test_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "nodes.fifo"
    os.mkfifo(fifo)
    data = (WATCH / "nodes.json").read_bytes()

    def write() -> None:
        with fifo.open("wb") as f:
            f.write(data)

    threading.Thread(target=write, daemon=True).start()
    rep = check([str(fifo)])
    assert rep.events == check([str(WATCH / "nodes.json")]).events > 0


def _audit_events() -> list[dict[str, Any]]:
    return [json.loads(x) for x in AUDIT.read_text().splitlines() if x.strip()]


def test_audit_eventlist_and_v1beta1(tmp_path: Path) -> None:
    evs = _audit_events()
    want = check([str(AUDIT)])
    p = tmp_path / "batch.json"
    p.write_text(json.dumps({"kind": "EventList", "apiVersion": "audit.k8s.io/v1", "items": [_nokind(e) for e in evs]}))
    old = []
    for e in evs:
        e = {**e, "apiVersion": "audit.k8s.io/v1beta1", "timestamp": e["stageTimestamp"]}
        del e["stageTimestamp"]
        e.pop("requestReceivedTimestamp", None)
        old.append(e)
    q = tmp_path / "v1beta1.log"
    q.write_text("".join(json.dumps(e) + "\n" for e in old))
    for f in (p, q):
        got = check([str(f)])
        assert not got.input_errors, got.input_errors
        assert (got.events, got.conforms) == (want.events, want.conforms)


def test_audit_json_patch_cordon_is_read(tmp_path: Path) -> None:
    evs = _audit_events()
    patch = {
        **evs[-1],
        "verb": "patch",
        "objectRef": {"resource": "nodes", "name": "n1", "apiVersion": "v1"},
        "user": {"username": "kubernetes-admin", "groups": ["system:masters"]},
        "requestObject": [{"op": "replace", "path": "/spec/unschedulable", "value": True}],
    }
    patch.pop("responseObject", None)
    p = tmp_path / "audit.log"
    p.write_text("".join(json.dumps(e) + "\n" for e in [*evs, patch]))
    rep = check([str(p)])
    assert not rep.input_errors and rep.events == check([str(AUDIT)]).events + 1
    assert rep.oracle is not None and rep.oracle.node_state("n1")["unschedulable"] is True


@pytest.mark.parametrize(
    ("name", "content", "fmt"),
    [
        ("empty.jsonl", b"", "auto"),
        ("blank.jsonl", b"\n\n  \n", "auto"),
        ("empty.json", b"", "k8s-watch"),
        (
            "other-kinds.json",
            json.dumps({"kind": "Service", "apiVersion": "v1", "metadata": {"name": "s"}}).encode(),
            "auto",
        ),
        (
            "list-of-services.json",
            json.dumps({"kind": "List", "items": [{"kind": "ConfigMap", "metadata": {"name": "c"}}]}).encode(),
            "auto",
        ),
        (
            "bookmarks.json",
            json.dumps({"type": "BOOKMARK", "object": {"kind": "Node", "metadata": {}}}).encode(),
            "auto",
        ),
        (
            "core-events.log",
            json.dumps({"kind": "Event", "apiVersion": "v1", "metadata": {"name": "e"}, "auditID": "x"}).encode(),
            "k8s-audit",
        ),
    ],
)
def test_nothing_read_is_never_a_pass(tmp_path: Path, name: str, content: bytes, fmt: str) -> None:
    p = tmp_path / name
    p.write_bytes(content)
    rep = check([str(p)], fmt=fmt)
    assert not rep.conforms and rep.input_errors
    assert rep.input_errors[0].message.startswith("no events (expected"), rep.input_errors
    r = _cli("check", "--input", fmt, str(p))
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    assert b"no events (expected" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert check([str(p)], fmt=fmt, allow_empty=True).conforms is (not rep.ignored)


def test_an_empty_input_names_no_format_it_did_not_tell(tmp_path: Path) -> None:
    """An empty file or stdin says it is empty; it expected the events format before (no format was told)."""
    p = tmp_path / "empty.json"
    p.write_bytes(b"")
    (err,) = check([str(p)]).input_errors
    assert err.message == "no events (expected events, k8s-watch, k8s-audit or itf; the input is empty)"
    (given,) = check([str(p)], fmt="k8s-watch").input_errors
    assert "the input is empty" not in given.message and "Node, Pod or Lease objects" in given.message


@pytest.mark.parametrize(
    ("content", "noted"),
    [
        pytest.param(b"", True, id="empty"),
        pytest.param(b"\n  \n", True, id="blank-lines"),
        pytest.param(None, False, id="not-empty"),
    ],
)
def test_an_empty_file_beside_others_is_named_in_the_notes(tmp_path: Path, content: bytes | None, noted: bool) -> None:
    """An empty file next to a capture adds nothing and is no error, but the report names it.

    A Lease watch started in the wrong namespace comes out empty; before, `nodereg check nodes.json
    leases.json` then said "conforms" with no word about leases.json beyond the coverage.
    """
    nodes = sorted(WATCH.iterdir())[0]
    other = tmp_path / "leases.json"
    other.write_bytes(nodes.read_bytes() if content is None else content)
    rep = check([str(nodes), str(other)])
    assert not rep.input_errors
    assert (f"{other} is empty: nothing was read from it" in rep.notes) is noted, rep.notes


def test_ignored_kinds_are_counted(tmp_path: Path) -> None:
    items = [
        *_snapshot(),
        {"kind": "Service", "apiVersion": "v1", "metadata": {"name": "kubernetes"}},
        {"metadata": {"name": "mystery"}},
    ]
    p = tmp_path / "dump.json"
    p.write_text(json.dumps({"kind": "List", "items": items}))
    rep = check([str(p)])
    assert rep.ignored == {
        "Service objects (not part of the node lifecycle)": 1,
        "objects whose kind cannot be told (no kind; not shaped like a Node, Pod or Lease)": 1,
    }
    assert rep.as_json()["ignored"] == rep.ignored


@pytest.mark.parametrize(
    ("obj", "kind"),
    [
        ({"metadata": {"name": "a"}, "spec": {"containers": []}}, "Pod"),
        ({"metadata": {"name": "a"}, "spec": {"holderIdentity": "a", "renewTime": "2024-01-01T00:00:00Z"}}, "Lease"),
        ({"metadata": {"name": "a"}, "spec": {"podCIDR": "10.0.0.0/24"}}, "Node"),
        ({"metadata": {"name": "a"}, "status": {"nodeInfo": {}}}, "Node"),
        ({"metadata": {"name": "a"}, "spec": {}}, None),
        ({"metadata": {"name": "a"}, "spec": 5}, None),
    ],
)
def test_infer_kind(obj: dict[str, Any], kind: str | None) -> None:
    assert infer_kind(obj) == kind


BAD = [
    ("metadata-list.json", '{"type":"ADDED","object":{"kind":"Node","metadata":[1]}}', "metadata: expected an object"),
    (
        "conditions-5.json",
        '{"type":"ADDED","object":{"kind":"Node","metadata":{"name":"x"},"status":{"conditions":5}}}',
        "status.conditions: expected a list",
    ),
    (
        "taints-str.json",
        '{"type":"ADDED","object":{"kind":"Node","metadata":{"name":"x"},"spec":{"taints":"a"}}}',
        "spec.taints: expected a list",
    ),
    (
        "tolerations.json",
        '{"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[],'
        '"tolerations":[{"key":1}]}}}',
        "tolerations[].key: expected a string",
    ),
    ("deep.json", '{"type":"ADDED","object":' + "[" * 100000 + "]" * 100000 + "}", "nested too deeply"),
    ("deep.events.jsonl", '{"t":0,"event":' + "[" * 100000 + "]" * 100000 + "}", "not JSON"),
    ("t1e400.events.jsonl", '{"t": 1e400, "event": "kubelet_renew_lease", "node": "n1"}', "infinity"),
    (
        "user-list.log",
        '{"kind":"Event","apiVersion":"audit.k8s.io/v1","auditID":"1","stage":"ResponseComplete",'
        '"verb":"get","stageTimestamp":"2024-01-01T00:00:00Z","user":[1]}',
        "user: expected an object",
    ),
    (
        "status-str.log",
        '{"kind":"Event","apiVersion":"audit.k8s.io/v1","auditID":"1","stage":"ResponseComplete",'
        '"verb":"get","stageTimestamp":"2024-01-01T00:00:00Z","responseStatus":"x"}',
        "responseStatus: expected",
    ),
    (
        "req-5.log",
        '{"kind":"Event","apiVersion":"audit.k8s.io/v1","auditID":"1","stage":"ResponseComplete",'
        '"verb":"patch","stageTimestamp":"2024-01-01T00:00:00Z","objectRef":{"resource":"nodes","name":"n"},'
        '"requestObject":5}',
        "requestObject: expected an object",
    ),
    (
        "spec-list.log",
        '{"kind":"Event","apiVersion":"audit.k8s.io/v1","auditID":"1","stage":"ResponseComplete",'
        '"verb":"patch","stageTimestamp":"2024-01-01T00:00:00Z","objectRef":{"resource":"nodes","name":"n"},'
        '"requestObject":{"spec":[1]}}',
        "requestObject.spec: expected an object",
    ),
    ("wrong.itf.json", '{"states": [{"nodes": 5, "pods": []}]}', "ITF"),
    ("wrong2.itf.json", '{"states": [{"nodes": {}, "pods": {}}, 3]}', "ITF state 1"),
    ("bad.yaml", "kind: Node\nmetadata: {name: [\n", "not YAML"),
]


@pytest.mark.parametrize(("name", "text", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_line_exit_2(tmp_path: Path, name: str, text: str, expected: str) -> None:
    p = tmp_path / name
    p.write_text(text + "\n")
    r = _cli("check", str(p))
    err = r.stderr.decode()
    assert r.returncode == 2, (r.returncode, err)
    assert "Traceback" not in err and expected in err, err
    first = err.strip().splitlines()[0]
    assert first.startswith(f"nodereg: error: {p}:"), first


def test_keep_going_reads_past_a_huge_line(tmp_path: Path) -> None:
    lines = [
        '{"t":0,"event":"kubelet_request_certificate","node":"n1"}',
        "a" * (2 << 20),
        '{"t":1,"event":"csr_approver_approve","node":"n1"}',
    ]
    p = tmp_path / "huge.events.jsonl"
    p.write_text("\n".join(lines) + "\n")
    rep = check([str(p)], keep_going=True)
    assert rep.events == 2 and [e.line for e in rep.input_errors] == [2]


def test_stdio_closed_stdin_and_huge_line() -> None:
    r = _cli("oracle", "--stdio", stdin=subprocess.DEVNULL)
    assert r.returncode == 0 and r.stdout == b""
    r = subprocess.run(
        [sys.executable, "-m", "nodereg", "oracle", "--stdio"],
        stdin=-1 if False else None,
        input=b'{"t":0,"event":"kubelet_request_certificate","node":"n1"}\n'
        + b"a" * (2 << 20)
        + b'\n{"t":1,"event":"csr_approver_approve","node":"n1"}\n[1]\n',
        capture_output=True,
        timeout=120,
    )
    verdicts = [json.loads(x) for x in r.stdout.splitlines()]
    assert [v["ok"] for v in verdicts] == [True, False, True, False] and r.returncode == 0
    closed = subprocess.run(
        f"{sys.executable} -m nodereg oracle --stdio <&-", shell=True, capture_output=True, timeout=120
    )
    assert closed.returncode == 2 and b"standard input is closed" in closed.stderr and b"Traceback" not in closed.stderr
    closed = subprocess.run(f"{sys.executable} -m nodereg check - <&-", shell=True, capture_output=True, timeout=120)
    assert closed.returncode == 2 and b"standard input is closed" in closed.stderr


@pytest.mark.parametrize(
    ("fmt", "stream", "hinted"),
    [
        # kubectl get nodes -w --output-watch-events -o json: one object over many lines
        pytest.param(
            "k8s-watch", json.dumps({"type": "ADDED", "object": _watch_objects()[0]}, indent=4), True, id="pretty-watch"
        ),
        pytest.param(
            "events",
            json.dumps({"t": 0, "event": "kubelet_request_certificate", "node": "n"}, indent=2),
            True,
            id="pretty-events",
        ),
        pytest.param("events", "not json at all", False, id="garbage-line"),
    ],
)
def test_stdio_says_how_to_feed_pretty_printed_json(fmt: str, stream: str, hinted: bool) -> None:
    """A pretty-printed stream's first line, `{`, is answered with how to feed it (jq -c, or nodereg check -)."""
    from click.testing import CliRunner

    from nodereg.cli import main

    r = CliRunner().invoke(main, ["oracle", "--stdio", "--input", fmt], input=stream + "\n")
    assert r.exit_code == 0, r.output
    first = json.loads(r.stdout.splitlines()[0])
    assert first["ok"] is False and first["error"].startswith("<stdin>:1: not JSON")
    assert ("jq -c" in first["error"]) is hinted, first["error"]


def test_internal_error_is_exit_4(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from nodereg.cli import main
    from nodereg.oracle import run

    def boom(*a: Any, **k: Any) -> Any:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(run, "check", boom)
    p = tmp_path / "x.jsonl"
    p.write_text('{"t":0,"event":"kubelet_request_certificate","node":"n1"}\n')
    r = CliRunner().invoke(main, ["check", str(p)])
    assert r.exit_code == 4 and "internal error: ZeroDivisionError: boom" in r.output


def test_check_help_lists_exit_codes() -> None:
    from click.testing import CliRunner

    from nodereg.cli import main

    out = CliRunner().invoke(main, ["check", "--help"]).output
    for code in ("0  the trace conforms", "1  some property is violated", "2  bad usage", "4  internal error"):
        assert code in out


def test_huge_times_are_read_not_crashed_on(tmp_path: Path) -> None:
    p = tmp_path / "t.events.jsonl"
    p.write_text(
        '{"t": 1e20, "event": "kubelet_request_certificate", "node": "n1"}\n'
        '{"t": 1e20, "event": "kubelet_renew_lease", "node": "n1"}\n'
    )
    r = _cli("check", str(p))
    assert r.returncode in (0, 1) and b"Traceback" not in r.stderr, r.stderr
