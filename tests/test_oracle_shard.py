"""``nodereg check --jobs N``: the sharded report is the single process's, byte for byte."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from nodereg.cli import main
from nodereg.oracle import check
from nodereg.oracle.shard import check_sharded, shard_of

DATA = Path(__file__).parent / "data" / "oracle"
ROOT = Path(__file__).parents[1]


def _full(rep: Any) -> Any:
    doc = rep.as_json()
    doc["states"] = [(v.before, v.after) for v in rep.violations]
    return doc


def _same(path: Path, jobs: int, sharded: bool = True, **kw: Any) -> dict[str, Any]:
    one = check(str(path), fmt="events", **kw)
    many = check(str(path), fmt="events", jobs=jobs, **kw)
    assert (many.oracle is None) == sharded  # (a sharded report has no single oracle)
    assert _full(many) == _full(one)
    return one.as_json()


FILES = sorted(DATA.glob("*.events.jsonl")) + sorted((DATA / "vectors").glob("property-*.events.jsonl"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_sharded_equals_unsharded_on_fixtures(path: Path) -> None:
    _same(path, 2)
    _same(path, 3)


def _generate() -> Any:
    spec = importlib.util.spec_from_file_location("oracle_bench", ROOT / "benchmarks" / "oracle_bench.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.generate


@pytest.fixture(scope="module")
def trace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("shard") / "trace.jsonl"
    _generate()(path, 120, 0.75, seed=3)
    return path


def test_sharded_equals_unsharded_on_a_generated_trace(trace: Path) -> None:
    doc = _same(trace, 2)
    assert doc["events"] > 30000 and doc["nodes"] == 120
    _same(trace, 4)


def test_sharded_equals_unsharded_with_violations_and_bad_lines(trace: Path, tmp_path: Path) -> None:
    rnd = random.Random(5)
    lines = trace.read_text().splitlines()
    out = []
    for i, line in enumerate(lines):
        r = rnd.random()
        if r < 0.01:
            continue  # a dropped event: silences, missing taint passes, binds of undeclared pods
        if r < 0.012:
            ev = json.loads(line)
            if "node" in ev and ev["event"] == "kubelet_renew_lease":
                ev["t"] += 200  # a stretch of silence, then time goes backwards
                line = json.dumps(ev)
        out.append(line)
        if i == 5000:
            out.append("{not json")
        if i == 7000:
            out.append('{"t": 1, "event": "kubelet_post_status", "node": "node-0001", "ready": "yes"}')
    f = tmp_path / "mutated.jsonl"
    f.write_text("\n".join(out) + "\n")
    doc = _same(f, 2, keep_going=True)
    assert doc["violations"] and len(doc["input_errors"]) > 2
    doc = _same(f, 3, keep_going=False)  # stops at the same first error
    assert len(doc["input_errors"]) == 1


def test_a_pod_moved_across_shards_falls_back_to_one_process(tmp_path: Path) -> None:
    a, b = "n-a", next(f"n-{i}" for i in range(100) if shard_of(f"n-{i}", 2) != shard_of("n-a", 2))
    evs: list[dict[str, Any]] = [{"t": 0, "event": "declare_pod", "pod": "p", "tolerations": []}]
    for node in (a, b):
        evs += [
            {"t": 1, "event": e, "node": node}
            for e in (
                "kubelet_request_certificate",
                "csr_approver_approve",
                "kubelet_obtain_certificate",
                "kubelet_register_node",
            )
        ]
    evs += [
        {"t": 2, "event": "scheduler_bind_pod", "node": a, "pod": "p"},
        {"t": 3, "event": "scheduler_bind_pod", "node": b, "pod": "p"},
    ]
    f = tmp_path / "moved.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in evs))
    assert check_sharded(str(f), 2, None, "1.35", 5.0, False, False) is None
    doc = _same(f, 2, sharded=False)
    assert doc["violations"]


def test_cli_jobs_option(trace: Path) -> None:
    r1 = CliRunner().invoke(main, ["check", "--format", "json", str(DATA / "violation-bind-not-ready.events.jsonl")])
    r2 = CliRunner().invoke(
        main, ["check", "--format", "json", "--jobs", "2", str(DATA / "violation-bind-not-ready.events.jsonl")]
    )
    assert r1.exit_code == r2.exit_code == 1 and r1.stdout == r2.stdout
    r3 = CliRunner().invoke(main, ["check", "-j", "2", str(DATA / "violation-bind-not-ready.events.jsonl")])
    r4 = CliRunner().invoke(main, ["check", str(DATA / "violation-bind-not-ready.events.jsonl")])
    assert r3.stdout == r4.stdout


# --jobs auto: (file size, cores this process may use, load average, share of nodes in the first lines)
# -> processes
AUTO_ROWS = {
    "small file: one process whatever the cores": (1 << 20, 8, 0.0, 0.2, 1),
    "idle 2-core machine, many nodes: two": (64 << 20, 2, 0.1, 0.2, 2),
    "idle 2-core machine, few nodes (parse-bound): one": (64 << 20, 2, 0.1, 0.02, 1),
    "2 cores, one busy: one": (64 << 20, 2, 1.2, 0.2, 1),
    "2 cores, both busy: one": (64 << 20, 2, 3.5, 0.2, 1),
    "idle 8-core machine: at most AUTO_MAX_JOBS": (64 << 20, 8, 0.0, 0.2, 4),
    "8 cores, 5 busy: three": (64 << 20, 8, 5.0, 0.2, 3),
    "one core: one": (64 << 20, 1, 0.0, 0.2, 1),
}


@pytest.mark.parametrize("size,cores,load,share,want", AUTO_ROWS.values(), ids=AUTO_ROWS.keys())
def test_auto_jobs(
    monkeypatch: pytest.MonkeyPatch, size: int, cores: int, load: float, share: float, want: int
) -> None:
    import os

    from nodereg.oracle import shard

    monkeypatch.setattr(os.path, "getsize", lambda p: size)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)
    monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(shard, "node_share", lambda p: share)
    assert shard.auto_jobs("trace.jsonl") == want


def test_node_share_counts_distinct_nodes_of_the_first_lines(tmp_path: Path) -> None:
    from nodereg.oracle import shard

    f = tmp_path / "t.jsonl"
    lines = [json.dumps({"t": i, "event": "kubelet_renew_lease", "node": f"n{i % 4}"}) for i in range(40)]
    f.write_text("\n".join([*lines, "{not json", json.dumps({"t": 41, "event": "declare_pod", "pod": "p"})]) + "\n")
    assert shard.node_share(str(f)) == 4 / 41  # 4 nodes among the 41 lines read (the bad one is not)
    (tmp_path / "e.jsonl").write_text("")
    assert shard.node_share(str(tmp_path / "e.jsonl")) == 0.0


def test_jobs_auto_shards_a_large_file_on_an_idle_machine(trace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``check(jobs="auto")`` (the CLI's default) shards when auto_jobs says so, with the same report."""
    import os

    from nodereg.oracle import shard

    one = check(str(trace), fmt="events", jobs=1)
    monkeypatch.setattr(shard, "AUTO_MIN_BYTES", 0)
    monkeypatch.setattr(shard, "AUTO_MIN_NODE_SHARE", 0.0)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    auto = check(str(trace), fmt="events", jobs="auto")
    assert auto.oracle is None  # sharded
    assert _full(auto) == _full(one)
    monkeypatch.setattr(os, "getloadavg", lambda: (2.0, 2.0, 2.0))
    busy = check(str(trace), fmt="events", jobs="auto")
    assert busy.oracle is not None  # no idle core: one process
    assert _full(busy) == _full(one)


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5"])
def test_cli_jobs_rejects_what_is_not_a_count(value: str) -> None:
    r = CliRunner().invoke(main, ["check", "--jobs", value, str(DATA / "violation-bind-not-ready.events.jsonl")])
    assert r.exit_code == 2
    assert "not a number of processes (1 or more) or 'auto'" in r.output


def test_cli_jobs_auto_is_the_default() -> None:
    path = str(DATA / "violation-bind-not-ready.events.jsonl")
    runs = [CliRunner().invoke(main, ["check", "--format", "json", *args, path]) for args in ([], ["-j", "auto"])]
    one = CliRunner().invoke(main, ["check", "--format", "json", "-j", "1", path])
    assert [r.stdout for r in runs] == [one.stdout] * 2 and one.exit_code == 1


def _other_shard_node(node: str) -> str:
    return next(f"m-{i}" for i in range(100) if shard_of(f"m-{i}", 2) != shard_of(node, 2))


#: a line of an event without fields (``kubelet_renew_lease``) of a node of the other shard, once both shards
#: know the node: what a shard only validates (the inline step's reading of its fields) and counts, or
#: gives the slow path to report as one process does
OTHER_SHARD_LINES = {
    "plain": '{"t": 9, "event": "kubelet_renew_lease", "node": "%s"}',
    "an unknown key": '{"t": 9, "event": "kubelet_renew_lease", "node": "%s", "ready": true}',
    "a pod key": '{"t": 9, "event": "kubelet_renew_lease", "node": "%s", "pod": "p"}',
    "time backwards": '{"t": 0.5, "event": "kubelet_renew_lease", "node": "%s"}',
    "time a string": '{"t": "9", "event": "kubelet_renew_lease", "node": "%s"}',
    "two keys": '{"t": 9, "event": "kubelet_renew_lease"}',
}


@pytest.mark.parametrize("line", OTHER_SHARD_LINES.values(), ids=OTHER_SHARD_LINES.keys())
@pytest.mark.parametrize("keep_going", [False, True])
def test_another_shards_bare_line_reads_as_in_one_process(line: str, keep_going: bool, tmp_path: Path) -> None:
    a = "n-a"
    b = _other_shard_node(a)
    boot = ("kubelet_request_certificate", "csr_approver_approve", "kubelet_obtain_certificate")
    evs = [json.dumps({"t": 1, "event": e, "node": node}) for node in (a, b) for e in boot]
    evs += [line % b if "%s" in line else line, json.dumps({"t": 10, "event": "kubelet_renew_lease", "node": a})]
    f = tmp_path / "other.jsonl"
    f.write_text("\n".join(evs) + "\n")
    _same(f, 2, keep_going=keep_going)
