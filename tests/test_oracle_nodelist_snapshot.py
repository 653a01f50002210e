"""A capture whose Nodes come from one list only: ``kubectl get nodes -o json`` (a ``List``, one moment), beside
``kubectl get leases -A -w --output-watch-events -o json`` and ``kubectl get pods -A -w --output-watch-events -o
json`` of a three-node kubeadm v1.31 cluster (written by hand, with a throw-away script, by newuser15: kubeadm
labels, taints and static pods, kube-proxy and coredns, Leases renewed every 10 s, a web pod created and bound).

Nothing in such a capture shows a Node after the list, so nothing can say a Node was "still Ready" later: the
node lifecycle controller may well have marked a silent node Unknown, unseen. In ``w2-silent`` w-2's kubelet stops
renewing its Lease 30 s in; the capture goes on for three minutes and shows the kube-controller-manager leader
Lease renewed every 2 s (``leases -A``). The oracle reported ``silent-node-becomes-unknown`` on w-2 until
newuser15: a false alarm (without the leader Lease it was withdrawn only because an unseen controller restart
could explain it). Now the listed Nodes are unwatched from the list's moment (``watch._nodes_only_listed``).
"""

from __future__ import annotations

from pathlib import Path

from nodereg.oracle import check

DATA = Path(__file__).parent / "data" / "nodelist-snapshot"


def _files(name: str) -> list[str]:
    return sorted(str(p) for p in (DATA / name).glob("*.json"))


def test_a_healthy_capture_with_a_node_list_conforms() -> None:
    rep = check(_files("healthy"))
    assert rep.input_errors == [] and rep.events > 70
    assert rep.violations == [] and not rep.judged_nothing


def test_no_node_state_is_judged_after_a_node_list_no_watch_follows() -> None:
    rep = check(_files("w2-silent"))
    assert rep.input_errors == []
    assert [v.property for v in rep.violations] == [], [v.message for v in rep.violations]
    assert rep.coverage["silent-node-becomes-unknown"].startswith("not checked: node w-2 is not watched after")


def test_the_same_story_with_the_nodes_watched_is_still_a_violation(tmp_path: Path) -> None:
    """The control: the list's Nodes watched on (their watch events are the list again plus nothing new,
    so w-2 is shown still Ready=True at the end of the capture, its kubelet silent for minutes)."""
    import json

    objs = json.loads((DATA / "w2-silent" / "nodes.json").read_text())["items"]
    leases = (DATA / "w2-silent" / "leases.json").read_text()
    last = json.loads(leases[leases.rindex('{\n    "type"') :])["object"]
    # the Nodes re-shown (MODIFIED, unchanged status) after the last Lease event: a watch that saw them
    later = [
        {
            "type": "MODIFIED",
            "object": {
                **o,
                "metadata": {**o["metadata"], "resourceVersion": str(int(last["metadata"]["resourceVersion"]) + 1 + k)},
            },
        }
        for k, o in enumerate(objs)
    ]
    events = [{"type": "ADDED", "object": o} for o in objs] + later
    path = tmp_path / "nodes-watch.json"
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    rep = check([str(path), *(f for f in _files("w2-silent") if not f.endswith("nodes.json"))])
    assert {(v.property, v.node) for v in rep.violations} == {("silent-node-becomes-unknown", "w-2")}
