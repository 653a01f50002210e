"""Upstream unit-test tables, round 15: kubectl's taint, cordon and drain tables and the CSR cleaner's, row by row, each
row a cluster judged by the oracle (a kubectl watch capture and its audit log; conforming, and a deviating twin).

Rounds 7-14 ported the taint-eviction, node lifecycle, PodGC, NodeRestriction, NodeTaint, kubelet, lease, quantity,
scheduler Filter/Score/queueing-hint, node authorizer, CSR approver and toleration-helper tables, and the NoExecute,
NodeLease, scheduling and ``kubectl taint`` e2e scenarios. None had the tables of the commands an administrator runs on
a Node (``kubectl taint``, ``cordon``, ``uncordon``, ``drain``), whose writes every capture of a maintained cluster
holds, nor the CSR cleaner's, which deletes every kubelet's bootstrap CSR an hour after its approval. Ported here
(pytest ids = upstream test / row name; stored copies are the search index's, by file id and commit; rows
transcribed, Go helpers expanded):

* ``staging/src/k8s.io/kubectl/pkg/cmd/taint/taint_test.go`` (file id 1968202699, @04791b49): TestTaint, 12 rows (the
  Node's taints before, the args, the taints kubectl must patch, or ``expectFatal``: no patch).
* ``staging/src/k8s.io/kubectl/pkg/cmd/taint/utils_test.go`` (file id 31094619977, @1d4e5d53): TestDeleteTaint (4),
  TestDeleteTaintByKey (3), TestCheckIfTaintsAlreadyExists (4), TestReorganizeTaints (7), TestParseTaints (10): the
  helpers kubectl computes its patch with (taint.go @040f689d ``updateTaints``: without ``--overwrite`` a taint to add
  whose key and effect the Node has fails the command, checkIfTaintsAlreadyExists; reorganizeTaints' error, "taint not
  found" for a removal, fails it; ``Validate`` refuses a taint both added and removed; ``Complete`` fails on a
  parseTaints error). A row is the Node as the helper leaves it when the command goes on, untouched when it fails (an
  unchanged Node: no watch event). TestParseTaints' four "invalid spec format" rows share a name (its loop runs no
  ``t.Run``): their ids add the spec. The "delete taints" row gives only the parsed removals: the Node it runs on has
  one taint for each (``PARSE_DELETE_BEFORE``).
* ``staging/src/k8s.io/kubectl/pkg/cmd/drain/drain_test.go`` (file id 2246179090, @01aa0f3f): TestCordon (9 rows; ``node
  node1 node2`` patches w-4, w-1 and w-2; a missing Node is an error and no patch) and TestDrain (18 rows, each with the
  Eviction API and with plain deletes, as upstream runs them; drain cordons first, whatever the pods: RunDrain), and
  ``staging/src/k8s.io/kubectl/pkg/drain/cordon_test.go`` (file id 21963317007): TestUpdateIfRequired (3 rows).
* ``pkg/controller/certificates/cleaner/cleaner_test.go`` (file id 210152736, @01aa0f3f):
  TestCleanerWithApprovedExpiredCSR, 12 rows, as TLS bootstraps in an audit log (the only input that shows CSRs).

A taint row: w-4 registers during the capture (so that its audit log holds its creation), pod web-1 is bound to it, the
row's old taints are written by ``kubectl taint``, at TT the command's patch (or none), then web-2 is created without
tolerations. What Kubernetes does then follows from the written taints' effects (read by effect here, not through
nodereg): a NoExecute taint has the taint-eviction controller delete web-1 at once (taint_eviction.go processPodOnNode:
no toleration matches, minTolerationTime 0); NoSchedule or NoExecute keep web-2 pending (TaintToleration); otherwise the
scheduler binds it to w-4. That conforms. The twin does what the taints forbid: web-1 left under the NoExecute taint
(``untolerated-noexecute-pod-is-gone``), web-2 bound under the NoSchedule one past ``--slack``
(``no-schedule-with-untolerated-taint``), or, where nothing is forbidden, web-1 deleted by the taint-eviction controller
(``eviction-only-when-due``). A cordon row: the node lifecycle controller's
``node.kubernetes.io/unschedulable:NoSchedule`` follows each cordon 0.2 s later (doNoScheduleTaintingPass), web-2 is
bound only while w-4 is not cordoned; the twin binds a pod to the cordoned w-4 (``no-schedule-when-cordoned``) or, on a
Node never cordoned, has the controller add the taint (``synced-taints-match-conditions``); the rows that patch also run
with the write as a PUT of the whole Node (CordonHelper.PatchOrReplace's fallback). A drain row: drain's cordon and its
evictions or deletes of the row's pod (owner, terminated phase) conform; the twin binds web-2 to the drained Node. A
cleaner row: the kubelet's CSR, the approver's condition (a Failed one approved first), the signer's certificate, the
cleaner's DELETE where the row expects one (cleaner.go ``handle``: at once for an expired certificate, an hour after an
approval, denial or failure, 24 h after a pending CSR's creation), the kubelet registering once it holds a usable
certificate (after a pending CSR's deletion it asks again and is approved). It conforms: a deleted CSR takes no
credential. The twin, the kubelet registering with a CSR denied or never approved, is flagged
(``certificate-needs-approval``, ``no-registration-without-credentials``).

Findings (each fixed, each with rows here that fail without its fix):

1. ``oracle/events.py`` ``taint_bits``: a Node's user taints are one model slot, which took the *last* one's effect,
   though ``pod_bits`` and the audit reader say the strongest. kubectl's reorganizeTaints puts a new taint first, so
   TestReorganizeTaints "add new taint" (``foo_1:NoExecute`` before ``foo=bar:NoSchedule``) read as a NoSchedule slot
   and the taint-eviction controller's deletion under it was a false ``eviction-only-when-due`` (both kinds), and
   TestTaint "taints a node with two taints" (``dedicated:NoSchedule`` before ``foo=bar:PreferNoSchedule``) read as
   PreferNoSchedule: a pod bound under the NoSchedule taint was missed.
2. ``oracle/watch.py`` ``_half_swap``: a NoSchedule-pass write adding a taint the Node does not ask for was held as
   the first half of a SwapNodeControllerTaint (which adds only taintsToAdd) and never judged: the controller tainting
   a Node never cordoned ``unschedulable`` passed (TestCordon's twins of the rows that never cordon). Now judged when
   spec.unschedulable has stood longer than ``--slack`` (within it, the pass may come from the lister's copy before an
   uncordon: ``test_taint_from_a_stale_cordon_within_slack_conforms``; the first version of this fix flagged that).
3. ``oracle/audit.py``: (a) ``kubectl cordon`` of a Node created before the log was read as a cordon of a node the model
   holds no object of: a false ``absent-node-has-no-object-data`` and ``control-state-matches-definition`` (TestCordon
   "cordon for multiple nodes", "uncordon for multiple nodes"); (b) the NoSchedule pass was the event alone, whose model
   step computes the taints: the unschedulable taint added to a Node never cordoned went unseen (now the event's
   expectation, past ``--slack`` of the last cordon change, as in the watch); (c) a PUT of a Node without
   ``spec.unschedulable`` (which clears it) was read as no uncordon, and the next binding was a false
   ``no-schedule-when-cordoned`` (``test_kubectl_cordon_by_put_conforms``).

The audit generator of round 11 (``test_upstream_tables11._requests``) logged an uncordon patch without the field it
clears; kubectl's two-way merge patch sends ``"unschedulable": null`` (fixed there).

Measured: 82 upstream rows run (40 kubectl taint, 12 cordon, 18 drain, 12 cleaner), all conform, and every twin run is
flagged; 8 documented skips (the cleaner rows whose CSR was approved: no twin, or one the model cannot express); 240
cases, of which 58 (the taint rows' audit logs, drain's other forms and twins) are in make test-long. The 182 left take
9.7 s of CPU (85 s wall on the shared 2-core machine at load 13), the 58 7.6 s (65 s wall).

Noticed, not fixed (strict xfail): an unschedulable taint added within ``--slack`` of an uncordon and never removed is
held as a possible first half for ever, in both readers (``test_taint_from_a_stale_cordon_never_undone_is_flagged``).

Every documented skip is in :data:`SKIPS` (test, row) -> why.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import capturegen as cg
import simaudit as sa
import test_upstream_tables9 as t9
import test_upstream_tables11 as t11

#: every documented skip of this file: (test, row) -> why
SKIPS: dict[tuple[str, str], str] = {}

Found = set[tuple[str, str | None, str | None]]
KINDS = t11.KINDS
BOOTSTRAP = sa.BOOTSTRAP

NODE = "w-4"
NS = "default"
T_REG = cg.T0 + 2.0  # the kubelet of w-4 registers
T_POD = cg.T0 + 10.0  # web-1 is created and bound to w-4
T_OLD = cg.T0 + 20.0  # the row's Node as it was: kubectl writes its old taints (or cordons it)
TT = cg.T0 + 40.0  # the command of the row
END = TT + 60.0

NS_ = "NoSchedule"
PNS = "PreferNoSchedule"
NE = "NoExecute"

GONE = "untolerated-noexecute-pod-is-gone"
UNTOLERATED = "no-schedule-with-untolerated-taint"
CORDONED = "no-schedule-when-cordoned"
DUE = "eviction-only-when-due"


def _skip(test: str, row: str, why: str) -> None:
    SKIPS[(test, row)] = why
    pytest.skip(why)


def taint(key: str, value: str, effect: str) -> dict[str, str]:
    """A ``corev1.Taint`` as the API server stores it (an empty value is omitted: ``json:"value,omitempty"``)."""
    return {"key": key, "value": value, "effect": effect} if value else {"key": key, "effect": effect}


# =================================================================================================
# kubectl taint: TestTaint and the helpers' tables
# =================================================================================================


@dataclass(frozen=True, slots=True)
class TaintRow:
    """One row: the Node's taints before the command, and what the command leaves (``None``: it fails, no patch)."""

    test: str
    name: str
    before: tuple[dict[str, str], ...]
    after: tuple[dict[str, str], ...] | None

    @property
    def id(self) -> str:
        return f"{self.test}/{self.name}"

    @property
    def final(self) -> tuple[dict[str, str], ...]:
        """The Node's taints once the command ran (or failed)."""
        return self.before if self.after is None else self.after


FOO_BAR_NS = taint("foo", "bar", NS_)
DEDICATED_NS = taint("dedicated", "namespaceA", NS_)
DEDICATED_PNS = taint("dedicated", "namespaceA", PNS)
OLD3 = (taint("foo_1", "bar", NS_), taint("foo_2", "bar", NS_), taint("foo_3", "bar", NS_))
PARSED = (
    taint("foo", "abc", NS_),
    taint("bar", "abc", NS_),
    taint("baz", "", NS_),
    taint("qux", "", NS_),
    taint("foobar", "", NS_),
)
#: the Node TestParseTaints' "delete taints" spec is run on (the row gives only the parsed removals: foo:NoSchedule,
#: bar:NoSchedule, qux:NoSchedule and every effect of ``dedicated``), one taint for each, ``dedicated`` with two effects
PARSE_DELETE_BEFORE = (
    taint("foo", "abc", NS_),
    taint("bar", "abc", NS_),
    taint("qux", "", NS_),
    taint("dedicated", "x", NS_),
    taint("dedicated", "x", PNS),
)

TAINT_ROWS: tuple[TaintRow, ...] = (
    # taint_test.go TestTaint (success cases)
    TaintRow("TestTaint", "taints a node with effect NoSchedule", (), (FOO_BAR_NS,)),
    TaintRow("TestTaint", "taints a node with effect PreferNoSchedule", (), (taint("foo", "bar", PNS),)),
    TaintRow(
        "TestTaint",
        "update an existing taint on the node, change the value from bar to barz",
        (FOO_BAR_NS,),
        (taint("foo", "barz", NS_),),
    ),
    TaintRow("TestTaint", "taints a node with two taints", (), (DEDICATED_NS, taint("foo", "bar", PNS))),
    TaintRow(
        "TestTaint",
        "node has two taints with the same key but different effect, remove one of them by indicating exact key and "
        "effect",
        (DEDICATED_NS, DEDICATED_PNS),
        (DEDICATED_PNS,),
    ),
    TaintRow(
        "TestTaint",
        "node has two taints with the same key but different effect, remove all of them with wildcard",
        (DEDICATED_NS, DEDICATED_PNS),
        (),
    ),
    TaintRow(
        "TestTaint",
        "node has two taints, update one of them and remove the other",
        (DEDICATED_NS, taint("foo", "bar", PNS)),
        (taint("foo", "barz", PNS),),
    ),
    # TestTaint (error cases: expectFatal, expectTaint false)
    TaintRow("TestTaint", "invalid taint key", (), None),
    TaintRow("TestTaint", "invalid taint effect", (), None),
    TaintRow("TestTaint", "duplicated taints with the same key and effect should be rejected", (), None),
    TaintRow("TestTaint", "add and remove taint with same key and effect should be rejected", (), None),
    TaintRow(
        "TestTaint", "can't update existing taint on the node, since 'overwrite' flag is not set", (FOO_BAR_NS,), None
    ),
    # utils_test.go TestDeleteTaint: deleteTaint's false is reorganizeTaints' "taint not found", the command fails
    TaintRow("TestDeleteTaint", "delete taint with different name", (taint("foo", "", NS_),), None),
    TaintRow("TestDeleteTaint", "delete taint with different effect", (taint("foo", "", NS_),), None),
    TaintRow("TestDeleteTaint", "delete taint successfully", (taint("foo", "", NS_),), ()),
    TaintRow("TestDeleteTaint", "delete taint from empty taint array", (), None),
    # TestDeleteTaintByKey (``KEY-``)
    TaintRow("TestDeleteTaintByKey", "delete taint unsuccessfully", (FOO_BAR_NS,), None),
    TaintRow("TestDeleteTaintByKey", "delete taint successfully", (FOO_BAR_NS,), ()),
    TaintRow("TestDeleteTaintByKey", "delete taint from empty taint array", (), None),
    # TestCheckIfTaintsAlreadyExists: the Node has foo_1..foo_3=bar:NoSchedule; a match fails it (no --overwrite)
    TaintRow("TestCheckIfTaintsAlreadyExists", "empty array", OLD3, OLD3),
    TaintRow("TestCheckIfTaintsAlreadyExists", "no match", OLD3, (*OLD3, taint("foo_1", "", NE))),
    TaintRow("TestCheckIfTaintsAlreadyExists", "match one taint", OLD3, None),
    TaintRow("TestCheckIfTaintsAlreadyExists", "match two taints", OLD3, None),
    # TestReorganizeTaints: the Node has foo=bar:NoSchedule
    TaintRow("TestReorganizeTaints", "no changes with overwrite is true", (FOO_BAR_NS,), (FOO_BAR_NS,)),
    TaintRow("TestReorganizeTaints", "no changes with overwrite is false", (FOO_BAR_NS,), (FOO_BAR_NS,)),
    TaintRow("TestReorganizeTaints", "add new taint", (FOO_BAR_NS,), (taint("foo_1", "", NE), FOO_BAR_NS)),
    TaintRow("TestReorganizeTaints", "delete taint with effect", (FOO_BAR_NS,), ()),
    TaintRow("TestReorganizeTaints", "delete taint with no effect", (FOO_BAR_NS,), ()),
    TaintRow("TestReorganizeTaints", "delete non-exist taint", (FOO_BAR_NS,), None),
    TaintRow("TestReorganizeTaints", "add new taint and delete old one", (FOO_BAR_NS,), (taint("foo_1", "", NS_),)),
    # TestParseTaints: a parse error fails Complete, no patch; the taints parsed are added to an untainted Node
    *(
        TaintRow("TestParseTaints", f"invalid spec format ({spec!r})", (), None)
        for spec in ("", "foo=abc", "foo=abc=xyz:NoSchedule", "foo=abc:xyz:NoSchedule")
    ),
    TaintRow("TestParseTaints", "invalid spec format for adding taint", (), None),
    TaintRow("TestParseTaints", "invalid spec effect for adding taint", (), None),
    TaintRow("TestParseTaints", "invalid spec effect for deleting taint", (FOO_BAR_NS,), None),
    TaintRow("TestParseTaints", "add new taints", (), PARSED),
    TaintRow("TestParseTaints", "delete taints", PARSE_DELETE_BEFORE, ()),
    # foo, bar and baz both added and removed: Validate's "can not both modify and remove", no patch
    TaintRow("TestParseTaints", "add taints and delete taints", (), None),
)


def _effects(taints: tuple[dict[str, str], ...]) -> set[str]:
    return {t["effect"] for t in taints}


def _write_taints(c: t11.Timed, t: float, taints: tuple[dict[str, str], ...]) -> None:
    """kubectl's patch of w-4's ``spec.taints`` (field manager ``kubectl-taint``), leaving exactly ``taints``."""
    node = c._node_update(NODE, t, "kubectl-taint")
    if taints:
        node["spec"]["taints"] = [dict(x) for x in taints]
    else:
        node["spec"].pop("taints", None)
    c._touch(node)
    c._emit("Node", "MODIFIED", node)


def _taint_story(row: TaintRow, conform: bool) -> tuple[t11.Timed, str | None]:
    """The row as a cluster; returns it and the property its twin must be flagged by (``None`` when conforming)."""
    c = t11.Timed()
    c.kubeadm(3)
    c.start_watch()
    t11.join(c, NODE, T_REG, END)
    assert NE not in _effects(row.before), "web-1 is bound before the old taints: they must not evict it"
    c.at(T_POD, c.create_pod, NS, "web-1", T_POD, tolerations=[], owner=None)
    c.at(T_POD + 0.5, c.bind, f"{NS}/web-1", NODE, T_POD + 0.5)
    if row.before:
        c.at(T_OLD, _write_taints, c, T_OLD, row.before)
    if row.after is not None and row.after != row.before:  # an unchanged Node: the API server sends no watch event
        c.at(TT, _write_taints, c, TT, row.after)
    c.at(TT + 1, c.create_pod, NS, "web-2", TT + 1, tolerations=[], owner=None)
    effects = _effects(row.final)
    evicts, blocks = NE in effects, bool(effects & {NS_, NE})
    flagged: str | None = None
    if conform:
        if evicts:
            c.at(TT + 0.3, c.evict, f"{NS}/web-1", TT + 0.3)
        if not blocks:
            c.at(TT + 2, c.bind, f"{NS}/web-2", NODE, TT + 2)
    elif evicts:
        flagged = GONE  # web-1 left running under the NoExecute taint
    elif blocks:
        # past --slack (5 s: the scheduler's informer lag and its Bind call), so that no scheduler could have
        # bound it before seeing the taint
        c.at(TT + 10, c.bind, f"{NS}/web-2", NODE, TT + 10)
        flagged = UNTOLERATED
    else:
        c.at(TT + 0.3, c.evict, f"{NS}/web-1", TT + 0.3)  # the taint-eviction controller, no NoExecute taint there
        flagged = DUE
    _clean_up(c, evicted=(conform and evicts) or flagged == DUE)
    return c, flagged


def _clean_up(c: t11.Timed, evicted: bool) -> None:
    """The test's namespace deleted at the end (kubernetes-admin deletes every pod still there), so that an audit log
    shows its policy logs pods' deletions: a pod the taint-eviction controller kept is then judged there too (was
    otherwise "not checked": a log without any pod deletion may have a policy that leaves them out)."""
    for name in ("web-2",) if evicted else ("web-1", "web-2"):
        c.at(END - 5, c.evict, f"{NS}/{name}", END - 5, condition=False, grace=1)


def test_taint_rows_are_upstreams_count() -> None:
    """Every row of the six tables is here (12 + 4 + 3 + 4 + 7 + 10), none twice."""
    counts: dict[str, int] = {}
    for row in TAINT_ROWS:
        counts[row.test] = counts.get(row.test, 0) + 1
    assert counts == {
        "TestTaint": 12,
        "TestDeleteTaint": 4,
        "TestDeleteTaintByKey": 3,
        "TestCheckIfTaintsAlreadyExists": 4,
        "TestReorganizeTaints": 7,
        "TestParseTaints": 10,
    }
    assert len({r.id for r in TAINT_ROWS}) == len(TAINT_ROWS)


def _taint_conforms(row: TaintRow, kind: str, tmp_path: Path) -> None:
    c, _ = _taint_story(row, True)
    found, msgs = t11.judge(c, END, kind, tmp_path)
    assert found == set(), msgs
    assert tuple(c.nodes[NODE]["spec"].get("taints", ())) == row.final


def _taint_twin_flagged(row: TaintRow, kind: str, tmp_path: Path) -> None:
    c, prop = _taint_story(row, False)
    found, msgs = t11.judge(c, END, kind, tmp_path)
    pod = f"{NS}/web-1" if prop in (GONE, DUE) else f"{NS}/web-2"
    assert (prop, NODE, pod) in found, (prop, msgs)


TAINT_IDS = [r.id for r in TAINT_ROWS]


@pytest.mark.parametrize("row", TAINT_ROWS, ids=TAINT_IDS)
def test_kubectl_taint_row_conforms(row: TaintRow, tmp_path: Path) -> None:
    """The Node's taints as kubectl leaves them, the scheduler and taint-eviction controller obeying them: conforms."""
    _taint_conforms(row, "watch", tmp_path)


@pytest.mark.parametrize("row", TAINT_ROWS, ids=TAINT_IDS)
def test_kubectl_taint_row_twin_flagged(row: TaintRow, tmp_path: Path) -> None:
    """What the written taints forbid (a pod kept under NoExecute, bound under NoSchedule, or evicted under none) is
    flagged, naming the pod."""
    _taint_twin_flagged(row, "watch", tmp_path)


@pytest.mark.parametrize("row", TAINT_ROWS, ids=TAINT_IDS)
def test_kubectl_taint_row_as_audit_log(row: TaintRow, tmp_path: Path) -> None:
    """The same two stories as audit logs (make test-long: the watch verdicts stay in make test)."""
    _taint_conforms(row, "audit", tmp_path / "conform")
    _taint_twin_flagged(row, "audit", tmp_path / "twin")


# =================================================================================================
# kubectl cordon / uncordon: drain_test.go TestCordon
# =================================================================================================

UNSCHEDULABLE = "node.kubernetes.io/unschedulable"
#: upstream's fake client answers ``node``, ``node1`` and ``node2`` with the row's Node: here w-4, w-1 and w-2
MULTIPLE = (NODE, "w-1", "w-2")


@dataclass(frozen=True, slots=True)
class CordonRow:
    """One TestCordon row: whether the Nodes were cordoned, the command, the Nodes it patches (none: it fails, or
    the Node already is as asked: drain.CordonHelper.UpdateIfRequired patches nothing then)."""

    name: str
    cordoned_before: bool
    cordon: bool  # NewCmdCordon (True) or NewCmdUncordon; UpdateIfRequired's desired state
    patched: tuple[str, ...]
    nodes: tuple[str, ...] = (NODE,)
    test: str = "TestCordon"

    @property
    def id(self) -> str:
        return f"{self.test}/{self.name}"

    @property
    def cordoned_after(self) -> bool:
        return self.cordon if NODE in self.patched else self.cordoned_before


CORDON_ROWS: tuple[CordonRow, ...] = (
    CordonRow("node/node syntax", True, False, (NODE,)),
    CordonRow("uncordon for real", True, False, (NODE,)),
    CordonRow("uncordon does nothing", False, False, ()),
    CordonRow("cordon does nothing", True, True, ()),
    CordonRow("cordon for real", False, True, (NODE,)),
    CordonRow("cordon missing node", False, True, ()),  # ``bar``: 404, expectFatal
    CordonRow("uncordon missing node", False, False, ()),
    CordonRow("cordon for multiple nodes", False, True, MULTIPLE, MULTIPLE),
    CordonRow("uncordon for multiple nodes", True, False, MULTIPLE, MULTIPLE),
    # staging/src/k8s.io/kubectl/pkg/drain/cordon_test.go TestUpdateIfRequired: (currentState, desiredState) -> whether
    # the CordonHelper patches (PatchOrReplace runs only when UpdateIfRequired is true)
    CordonRow("no change required", True, True, (), test="TestUpdateIfRequired"),
    CordonRow("update required - cordon", False, True, (NODE,), test="TestUpdateIfRequired"),
    CordonRow("update required - uncordon", True, False, (NODE,), test="TestUpdateIfRequired"),
)


def _cordon_story(row: CordonRow, conform: bool) -> tuple[t11.Timed, str, str]:
    """The row as a cluster; returns it, and the property and pod its twin must be flagged with."""
    c = t11.Timed()
    c.kubeadm(3)
    c.start_watch()
    t11.join(c, NODE, T_REG, END)
    if row.cordoned_before:  # kubectl cordon, then the controller's unschedulable taint 0.2 s later (Cluster.cordon)
        for i, n in enumerate(row.nodes):
            c.at(T_OLD + 0.5 * i, c.cordon, n, T_OLD + 0.5 * i)
    for i, n in enumerate(row.patched):
        c.at(TT + 0.5 * i, c.cordon, n, TT + 0.5 * i, on=row.cordon)
    c.at(TT + 5, c.create_pod, NS, "web-2", TT + 5, tolerations=[], owner=None)
    if conform:
        if not row.cordoned_after:
            c.at(TT + 6, c.bind, f"{NS}/web-2", NODE, TT + 6)
        return c, "", ""
    if row.cordoned_after:  # bound to the cordoned w-4, past --slack
        c.at(TT + 15, c.bind, f"{NS}/web-2", NODE, TT + 15)
        return c, CORDONED, f"{NS}/web-2"
    if row.cordoned_before:  # bound to w-4 while it was still cordoned, past --slack
        c.at(T_OLD + 1, c.create_pod, NS, "web-0", T_OLD + 1, tolerations=[], owner=None)
        c.at(T_OLD + 12, c.bind, f"{NS}/web-0", NODE, T_OLD + 12)
        return c, CORDONED, f"{NS}/web-0"
    # never cordoned: the node lifecycle controller taints it unschedulable all the same
    taint = {"key": UNSCHEDULABLE, "effect": NS_, "timeAdded": cg.ts(TT)}
    c.at(TT + 0.2, c.set_taints, NODE, TT + 0.2, add=[taint])
    return c, "synced-taints-match-conditions", ""


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", CORDON_ROWS, ids=[r.id for r in CORDON_ROWS])
def test_kubectl_cordon_row_conforms(row: CordonRow, kind: str, tmp_path: Path) -> None:
    """The Nodes as the command leaves them, the controller's taint following each cordon, the scheduler binding to w-4
    only while it is not cordoned: conforms."""
    c, _, _ = _cordon_story(row, True)
    found, msgs = t11.judge(c, END, kind, tmp_path)
    assert found == set(), msgs
    assert bool(c.nodes[NODE]["spec"].get("unschedulable")) == row.cordoned_after
    for n in row.nodes:
        taints = {x["key"] for x in c.nodes[n]["spec"].get("taints", [])}
        assert (UNSCHEDULABLE in taints) == bool(c.nodes[n]["spec"].get("unschedulable")), (n, taints)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("row", CORDON_ROWS, ids=[r.id for r in CORDON_ROWS])
def test_kubectl_cordon_row_twin_flagged(row: CordonRow, kind: str, tmp_path: Path) -> None:
    """A pod bound to w-4 while cordoned, or the unschedulable taint on a Node never cordoned, is flagged."""
    c, prop, pod = _cordon_story(row, False)
    found, msgs = t11.judge(c, END, kind, tmp_path)
    if pod:
        assert (prop, NODE, pod) in found, (prop, msgs)
    else:
        assert any(p == prop and n == NODE for p, n, _ in found), (prop, msgs)


# =================================================================================================
# kubectl drain: drain_test.go TestDrain
# =================================================================================================

RC, DS, JOB, RS = ("ReplicationController", "rc"), ("DaemonSet", "ds"), ("Job", "job"), ("ReplicaSet", "rs")
METHODS = ("Eviction", "Delete")  # upstream runs every row twice: the Eviction API served, then not (plain DELETE)


@dataclass(frozen=True, slots=True)
class DrainRow:
    """One TestDrain row: its pod ``default/bar`` on the Node (owner, an emptyDir volume, a terminated phase; none on
    "empty node"), and whether kubectl drain evicts (or deletes) it: ``expectDelete``, unless the request fails.

    The emptyDir volume only decides what kubectl does (the row's expectDelete, with ``--delete-emptydir-data``); the
    capture's pod has none: the oracle reads no volume but a persistentVolumeClaim (the scheduler's PreBind)."""

    name: str
    owner: tuple[str, str] | None
    empty_dir: bool = False
    phase: str | None = None
    deleted: bool = False
    pod: bool = True


DRAIN_ROWS: tuple[DrainRow, ...] = (
    DrainRow("RC-managed pod", RC, deleted=True),
    DrainRow("DS-managed pod", DS),  # expectFatal: DaemonSet-managed Pods, without --ignore-daemonsets
    DrainRow("DS-managed terminated pod", DS, phase="Succeeded", deleted=True),
    DrainRow("orphaned DS-managed pod", None),  # expectFatal: no controller, without --force
    DrainRow("orphaned DS-managed pod with --force", None, deleted=True),
    DrainRow("DS-managed pod with --ignore-daemonsets", DS),
    DrainRow("DS-managed pod with emptyDir with --ignore-daemonsets", DS, empty_dir=True),
    DrainRow("Job-managed pod with local storage", JOB, empty_dir=True, deleted=True),
    DrainRow("Ensure compatibility for --delete-local-data until fully deprecated", JOB, empty_dir=True, deleted=True),
    DrainRow("Job-managed terminated pod", JOB, empty_dir=True, phase="Succeeded", deleted=True),
    DrainRow("RS-managed pod", RS, deleted=True),
    DrainRow("naked pod", None),  # expectFatal
    DrainRow("naked pod with --force", None, deleted=True),
    DrainRow("pod with EmptyDir", None, empty_dir=True),  # expectFatal: local storage, without --delete-emptydir-data
    DrainRow("terminated pod with emptyDir", None, empty_dir=True, phase="Failed", deleted=True),
    DrainRow("pod with EmptyDir and --delete-emptydir-data", None, empty_dir=True, deleted=True),
    DrainRow("empty node", None, pod=False),
    # expectDelete: the eviction (or delete) is asked for, and the fake API server answers "request failed": the pod
    # stays (expectFatal)
    DrainRow("fail to list pods", RS),
)


def _terminate(c: t11.Timed, key: str, t: float, phase: str) -> None:
    """The kubelet's status post of a pod whose containers ended (PodSucceeded / PodFailed)."""
    pod = c.pods[key]
    pod["status"]["phase"] = phase
    c._touch(pod)
    c._emit("Pod", "MODIFIED", pod)


def _drain_story(row: DrainRow, method: str, conform: bool) -> t11.Timed:
    """w-4 with the row's pod; at TT ``kubectl drain`` cordons it (RunDrain: RunCordonOrUncordon first, whatever the
    pods; the node lifecycle controller's unschedulable taint follows) and evicts or deletes the pod where the row
    expects it; web-2, created after, stays pending (conform) or is bound to the drained w-4 (twin)."""
    c = t11.Timed()
    c.kubeadm(3)
    c.start_watch()
    t11.join(c, NODE, T_REG, END)
    key = f"{NS}/bar"
    if row.pod:
        c.at(T_POD, c.create_pod, NS, "bar", T_POD, tolerations=[], owner=row.owner)
        c.at(T_POD + 0.5, c.bind, key, NODE, T_POD + 0.5)
        if row.phase:
            c.at(T_POD + 5, _terminate, c, key, T_POD + 5, row.phase)
    c.at(TT, c.cordon, NODE, TT)
    if row.deleted:
        if method == "Eviction":
            c.at(TT + 1, c.evict, key, TT + 1, reason="EvictionByEvictionAPI")
        else:
            c.at(TT + 1, c.evict, key, TT + 1, condition=False)
    c.at(TT + 5, c.create_pod, NS, "web-2", TT + 5, tolerations=[], owner=None)
    if not conform:
        c.at(TT + 15, c.bind, f"{NS}/web-2", NODE, TT + 15)
    return c


DRAIN_IDS = [f"TestDrain/{r.name}" for r in DRAIN_ROWS]


def _drain_conforms(row: DrainRow, method: str, kind: str, tmp_path: Path) -> None:
    c = _drain_story(row, method, True)
    found, msgs = t11.judge(c, END, kind, tmp_path)
    assert found == set(), msgs
    assert c.nodes[NODE]["spec"].get("unschedulable") is True
    assert (f"{NS}/bar" in c.pods) == (row.pod and not row.deleted)


def _drain_twin_flagged(row: DrainRow, kind: str, tmp_path: Path) -> None:
    c = _drain_story(row, "Eviction", False)
    found, msgs = t11.judge(c, END, kind, tmp_path)
    assert (CORDONED, NODE, f"{NS}/web-2") in found, msgs


@pytest.mark.parametrize("row", DRAIN_ROWS, ids=DRAIN_IDS)
def test_kubectl_drain_row_conforms(row: DrainRow, tmp_path: Path) -> None:
    """kubectl drain's cordon and its evictions as the row expects them: conforms."""
    _drain_conforms(row, "Eviction", "watch", tmp_path)


@pytest.mark.parametrize("row", DRAIN_ROWS, ids=DRAIN_IDS)
def test_kubectl_drain_row_other_forms(row: DrainRow, tmp_path: Path) -> None:
    """The same with plain deletions (upstream's second run of each row: no Eviction API), and both as audit logs; and
    the twin, a pod then bound to the drained (cordoned) Node, flagged whatever drain did with the Node's pods, in
    both kinds (make test-long: the watch verdict of the conforming story stays in make test)."""
    _drain_twin_flagged(row, "watch", tmp_path / "twin")
    _drain_conforms(row, "Delete", "watch", tmp_path / "delete")
    for method in METHODS:
        _drain_conforms(row, method, "audit", tmp_path / f"audit-{method}")
    _drain_twin_flagged(row, "audit", tmp_path / "audit-twin")


# =================================================================================================
# pkg/controller/certificates/cleaner/cleaner_test.go: TestCleanerWithApprovedExpiredCSR
# =================================================================================================

CLEANER = "TestCleanerWithApprovedExpiredCSR"
JOINER = "othernode"  # the kubelet bootstrapping: no Node of it before its certificate
T_CSR = 20.0  # the kubelet creates its CSR with its bootstrap token
T_JOIN = T_CSR + 10.0  # it registers once it holds its certificate
# cleaner.go approvedExpiration, deniedExpiration (an hour after the condition), pendingExpiration (24 h after creation)
APPROVED_EXPIRATION = 3600.0
PENDING_EXPIRATION = 24 * 3600.0
#: signed 0.1 s after the approval: what the kubelet's certificate is (``status.certificate``, base64 PEM)
CERTS = {
    "unexpired": "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==",
    "expired": "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==",
    "garbage": "Z2FyYmFnZQ==",
}


@dataclass(frozen=True, slots=True)
class CleanerRow:
    """One row: the CSR's last condition (``None``: pending), its certificate, and whether the cleaner deletes it."""

    name: str
    condition: str | None
    certificate: str | None
    delete: bool

    @property
    def usable(self) -> bool:
        """The kubelet holds a certificate it can authenticate with (approved, issued, parseable, unexpired)."""
        return self.condition == "Approved" and self.certificate == "unexpired"

    @property
    def delete_at(self) -> float:
        """When cleaner.go ``handle`` deletes it: at once when the issued certificate expired (isIssuedExpired), an
        hour after an approval, denial or failure (isIssuedPastDeadline, isDeniedPastDeadline, isFailedPastDeadline),
        24 h after a pending CSR's creation (isPendingPastDeadline); past the deadline, at the next resync."""
        if self.certificate == "expired":
            return T_CSR + 0.5
        if self.condition is None:
            return T_CSR + PENDING_EXPIRATION + 1
        return T_CSR + 0.1 + APPROVED_EXPIRATION + 1


CLEANER_ROWS: tuple[CleanerRow, ...] = (
    CleanerRow("no delete approved not passed deadline", "Approved", "unexpired", False),
    CleanerRow("no delete approved passed deadline not issued", "Approved", None, False),
    CleanerRow("delete approved passed deadline", "Approved", "unexpired", True),
    CleanerRow("no delete denied not passed deadline", "Denied", None, False),
    CleanerRow("delete denied passed deadline", "Denied", None, True),
    CleanerRow("no delete failed not passed deadline", "Failed", None, False),
    CleanerRow("delete failed passed deadline", "Failed", None, True),
    CleanerRow("no delete pending not passed deadline", None, None, False),
    CleanerRow("delete pending passed deadline", None, None, True),
    CleanerRow("no delete approved not passed deadline unexpired", "Approved", "unexpired", False),
    CleanerRow("delete approved not passed deadline expired", "Approved", "expired", True),
    CleanerRow("delete approved passed deadline unparseable", "Approved", "garbage", True),
)


def _csr_body(name: str) -> dict[str, Any]:
    """The kubelet's bootstrap CSR (bootstrap.go requestNodeCertificate: CN system:node:<name>, O system:nodes)."""
    return {
        "kind": "CertificateSigningRequest",
        "apiVersion": "certificates.k8s.io/v1",
        "metadata": {"name": name},
        "spec": {
            "request": sa.csr_request(f"system:node:{JOINER}"),
            "signerName": "kubernetes.io/kube-apiserver-client-kubelet",
            "usages": ["digital signature", "client auth"],
        },
    }


def _csr_life(log: Any, name: str, t: float, condition: str | None, certificate: str | None) -> None:
    """The CSR created at ``t`` by the bootstrap token, then the csrapproving controller's condition (a Failed CSR was
    approved first: the signer fails it) and the csrsigning controller's certificate, as the API server logs them."""
    ref = t9._ref("certificatesigningrequests", name)
    body = _csr_body(name)
    stored = {**body, "metadata": {"name": name, "uid": f"{name}-uid"}}
    stored["spec"] = {**body["spec"], "username": BOOTSTRAP[0], "groups": BOOTSTRAP[1]}

    def add(at: float, who: Any, verb: str, r_: dict[str, Any], obj: Any, code: int = 200) -> None:
        log.lines.append((at, sa.audit_event(at, who, verb, r_, obj, obj, len(log.lines), t9.ga.ts, code=code)))

    add(t, BOOTSTRAP, "create", {k: v for k, v in ref.items() if k != "name"}, stored, 201)
    if condition is None:
        return
    approval = "Denied" if condition == "Denied" else "Approved"
    cur = {**stored, "status": {"conditions": [{"type": approval, "status": "True", "reason": "AutoApproved"}]}}
    add(t + 0.1, sa.CSR_CONTROLLER, "update", dict(ref, subresource="approval"), cur)
    if condition == "Failed":
        failed = {"type": "Failed", "status": "True", "reason": "SignerValidationFailure"}
        conds = [*cur["status"]["conditions"], failed]
        cur = {**cur, "status": {"conditions": conds}}
        add(t + 0.2, sa.CSR_CONTROLLER, "update", dict(ref, subresource="status"), cur)
    elif certificate is not None:
        cur = {**cur, "status": {**cur["status"], "certificate": CERTS[certificate]}}
        add(t + 0.2, sa.CSR_CONTROLLER, "update", dict(ref, subresource="status"), cur)


def _cleaner_story(row: CleanerRow, joins_anyway: bool = False) -> list[dict[str, Any]]:
    """The row as an audit log: the CSR's life, the cleaner's deletion where the row expects one, and the kubelet
    registering (and renewing its Lease every 10 s to the end) once it holds a usable certificate. Where the deleted
    CSR was still pending, the kubelet asks again (a new CSR, approved and signed) and registers then.
    ``joins_anyway``: the twin, whose kubelet registers at T_JOIN whatever its CSR became."""
    log = t9.ga.Log()
    _csr_life(log, "node-csr-1", T_CSR, row.condition, row.certificate)
    end = (row.delete_at if row.delete else T_CSR + 300.0) + 60.0
    join: float | None = T_JOIN if row.usable or joins_anyway else None
    if row.delete:
        ref = t9._ref("certificatesigningrequests", "node-csr-1")
        ev = sa.audit_event(row.delete_at, sa.CSR_CONTROLLER, "delete", ref, None, None, len(log.lines), t9.ga.ts)
        log.lines.append((row.delete_at, ev))
        if row.condition is None and not joins_anyway:
            again = row.delete_at + 10.0
            _csr_life(log, "node-csr-2", again, "Approved", "unexpired")
            join = again + 10.0
    if join is not None:
        t9._register(log, join, JOINER, t9._node(JOINER))
        k = join + 1.0
        # (the twin's kubelet renews for a minute: its registration is what is flagged, and a day of renewals, the
        # pending row's, would only make the log long)
        while k < (join + 60.0 if joins_anyway else end):
            t9._log(log, k, JOINER, "update", t9._ref("leases", JOINER, "kube-node-lease"))
            k += 10.0
    return [e for _, e in sorted(log.lines, key=lambda x: x[0])]


#: the kubelet registering with no usable certificate: what the oracle must flag
NO_CERT = {("certificate-needs-approval", JOINER, None), ("no-registration-without-credentials", JOINER, None)}
#: why a row's twin (the kubelet registering all the same) is not judged
CLEANER_TWIN_NOT_JUDGED = {
    "Approved": "the CSR was approved: what the kubelet can do with its certificate (none issued, an expired one, an "
    "unparseable one) is the signer's and the certificate's business, and the model has no signer and no certificate "
    "expiry (model/declaration.py: certificate expiry and rotation are hidden); its approval is its credential",
    "Failed": "the CSR was approved, then failed by the signer: the model has no signer, and its approval is its "
    "credential",
}


@pytest.mark.parametrize("row", CLEANER_ROWS, ids=[f"{CLEANER}/{r.name}" for r in CLEANER_ROWS])
def test_csr_cleaner_row_conforms(row: CleanerRow, tmp_path: Path) -> None:
    """The cleaner deleting the CSR where the row expects it takes no credential from the kubelet: the log conforms
    (a kubelet whose pending CSR was deleted asks again and registers once that one is approved)."""
    found, msgs = t9._judge(_cleaner_story(row), tmp_path / "audit.log")
    assert found == set(), msgs


@pytest.mark.parametrize("row", CLEANER_ROWS, ids=[f"{CLEANER}/{r.name}" for r in CLEANER_ROWS])
def test_csr_cleaner_row_twin_flagged(row: CleanerRow, tmp_path: Path) -> None:
    """A kubelet registering with a CSR that was denied or never approved (deleted or not) is flagged."""
    if row.usable:
        _skip(CLEANER, row.name, "no twin: the kubelet registering is what the conforming story does")
    if row.condition in CLEANER_TWIN_NOT_JUDGED:
        _skip(CLEANER, row.name, CLEANER_TWIN_NOT_JUDGED[row.condition])
    found, msgs = t9._judge(_cleaner_story(row, joins_anyway=True), tmp_path / "audit.log")
    assert found == NO_CERT, msgs


def _as_puts(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """kubernetes-admin's Node patches as PUTs of the whole Node (requestObject = the Node as stored): what
    CordonHelper.PatchOrReplace sends when it cannot make a patch, and what an operator's client-go Update sends."""
    out = []
    for e in events:
        ref = e.get("objectRef") or {}
        if e["user"]["username"] == sa.ADMIN[0] and ref.get("resource") == "nodes" and e["verb"] == "patch":
            e = {**e, "verb": "update", "requestObject": e["responseObject"]}
        out.append(e)
    return out


PUT_ROWS = [r for r in CORDON_ROWS if r.patched]


@pytest.mark.parametrize("row", PUT_ROWS, ids=[r.id for r in PUT_ROWS])
def test_kubectl_cordon_by_put_conforms(row: CordonRow, tmp_path: Path) -> None:
    """The row's cordon or uncordon as a PUT in the audit log: conforms (an uncordon by PUT leaves spec.unschedulable
    out of the body, which clears it: was read as no uncordon, and the binding after it flagged)."""
    c, _, _ = _cordon_story(row, True)
    c.run(END)
    events = _as_puts(t11.audit_log(c, c.when))
    assert any(e["verb"] == "update" and e["objectRef"]["resource"] == "nodes" for e in events)
    found, msgs = t9._judge(events, tmp_path / "audit.log")
    assert found == set(), msgs


def _quick_uncordon(removed: bool) -> t11.Timed:
    """``kubectl cordon`` then ``kubectl uncordon`` a second later; the node lifecycle controller's pass of the cordon,
    computed from its lister's copy (doNoScheduleTaintingPass: nodeLister.Get), lands after the uncordon and adds the
    unschedulable taint; its pass of the uncordon removes it 0.2 s later (``removed``) or never."""
    c = t11.Timed()
    c.kubeadm(3)
    c.start_watch()
    t11.join(c, NODE, T_REG, END)

    c.at(TT, c.set_unschedulable, NODE, TT, True)
    c.at(TT + 1, c.set_unschedulable, NODE, TT + 1, False)
    c.at(TT + 1.2, c.set_taints, NODE, TT + 1.2, add=[{"key": UNSCHEDULABLE, "effect": NS_, "timeAdded": cg.ts(TT)}])
    if removed:
        c.at(TT + 1.4, c.set_taints, NODE, TT + 1.4, remove=[f"{UNSCHEDULABLE}:{NS_}"])
    return c


@pytest.mark.parametrize("kind", KINDS)
def test_taint_from_a_stale_cordon_within_slack_conforms(kind: str, tmp_path: Path) -> None:
    """The controller's pass of a cordon landing just after the uncordon, undone by its next pass, is no violation:
    what the TestCordon twins are flagged for is judged only once the uncordon has stood longer than --slack."""
    found, msgs = t11.judge(_quick_uncordon(True), END, kind, tmp_path)
    assert found == set(), msgs


@pytest.mark.xfail(
    strict=True,
    reason="noticed, not fixed: a taint write held as a possible first half (within --slack of the uncordon) that no "
    "later write completes is never judged (oracle/watch.py _half_swap; audit: the NoSchedule pass judged only past "
    "--slack); judging it needs a deadline on held writes",
)
@pytest.mark.parametrize("kind", KINDS)
def test_taint_from_a_stale_cordon_never_undone_is_flagged(kind: str, tmp_path: Path) -> None:
    """The same taint left on the uncordoned Node should be flagged once the controller had --slack to remove it."""
    found, msgs = t11.judge(_quick_uncordon(False), END, kind, tmp_path)
    assert any(n == NODE for _, n, _ in found), msgs
