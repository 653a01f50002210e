"""A capture whose Nodes come from one list only: ``kubectl get nodes -o json`` (a ``List``, one moment), beside
``kubectl get leases -A -w --output-watch-events -o json`` and ``kubectl get pods -A -w --output-watch-events -o
json`` of a three-node kubeadm v1.31 cluster (written by hand, with a throw-away script, by newuser15: kubeadm
labels, taints and static pods, kube-proxy and coredns, Leases renewed every 10 s, a web pod created and bound).

Nothing in such a capture shows a Node after the list, so nothing can say a Node was "still Ready" later: the
node lifecycle controller may well have marked a silent node Unknown, unseen. In ``w2-silent`` w-2's kubelet stops
renewing its Lease 30 s in; the capture goes on for three minutes and shows the kube-controller-manager leader
Lease renewed every 2 s (``leases -A``). The oracle reports ``silent-node-becomes-unknown`` on w-2: a false alarm.
Without the leader Lease it is withdrawn only because an unseen controller restart could explain it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nodereg.oracle import check

DATA = Path(__file__).parent / "data" / "nodelist-snapshot"


def _files(name: str) -> list[str]:
    return sorted(str(p) for p in (DATA / name).glob("*.json"))


def test_a_healthy_capture_with_a_node_list_conforms() -> None:
    rep = check(_files("healthy"))
    assert rep.input_errors == [] and rep.events > 70
    assert rep.violations == [] and not rep.judged_nothing


@pytest.mark.xfail(
    strict=True,
    reason="open (newuser15): Nodes seen only in a List are judged as if watched after it; for the oracle's owners",
)
def test_no_node_state_is_judged_after_a_node_list_no_watch_follows() -> None:
    rep = check(_files("w2-silent"))
    assert rep.input_errors == []
    assert [v.property for v in rep.violations] == [], [v.message for v in rep.violations]
    assert rep.coverage["silent-node-becomes-unknown"] != "checked"
