"""Watch streams without resourceVersion are merged by the objects' own timestamps, and the report says so."""

from __future__ import annotations

import json
from pathlib import Path

from nodereg.oracle import check
from nodereg.oracle.run import Report
from nodereg.oracle.watch import object_time, watch_events

FIXTURE = Path(__file__).parent / "data" / "oracle" / "watch-healthy"


def _strip_rv(src: Path, dst: Path) -> None:
    from nodereg.oracle.k8s import objects

    with src.open("rb") as f:
        items = [obj for _, obj in objects(f, str(src))]
    lines = []
    for item in items:
        obj = item.get("object", item)
        obj.get("metadata", {}).pop("resourceVersion", None)
        lines.append(json.dumps(item))
    dst.write_text("\n".join(lines) + "\n")


def test_merge_without_resource_version_follows_timestamps(tmp_path: Path) -> None:
    files = sorted(FIXTURE.glob("*.json"))
    assert len(files) >= 2
    stripped = []
    for f in files:
        _strip_rv(f, tmp_path / f.name)
        stripped.append(str(tmp_path / f.name))
    rep = Report()
    times = [
        ev[1]
        for ev in watch_events(stripped, rep, keep_going=False)
        if isinstance(ev[1], int | float) and not str(ev[0]).startswith("!error")
    ]
    assert times == sorted(times), "events are not in time order"
    assert any("timestamps" in n for n in rep.notes)
    # and the verdict is the one the resourceVersion merge gives
    assert check([str(f) for f in files]).conforms == check(stripped).conforms


def test_object_time_is_the_latest_timestamp() -> None:
    node = {
        "metadata": {"creationTimestamp": "2024-05-01T10:00:00Z"},
        "status": {
            "conditions": [
                {
                    "type": "Ready",
                    "lastHeartbeatTime": "2024-05-01T10:00:40Z",
                    "lastTransitionTime": "2024-05-01T10:00:10Z",
                }
            ]
        },
    }
    lease = {"metadata": {}, "spec": {"renewTime": "2024-05-01T10:01:00.5Z"}}
    assert object_time(lease) - object_time(node) == 20.5
    assert object_time({"metadata": {}}) == float("-inf")
