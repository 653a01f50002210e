"""The exports are derived from the declaration, deterministic, and checked by the peers where they are installed.

The tests that need SPIN or Quint install them first, with the script ``make bench`` uses
(``benchmarks/install_peers.sh``: Debian's ``spin`` as root, npm's Quint in ``benchmarks/quint/``);
they skip, with the installer's own words as the reason, only where that fails.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import z3
from click.testing import CliRunner

from nodereg.cli import main
from nodereg.exports import export_text
from nodereg.exports.core import ExportError, ExportOptions, build, clock_caps, ident
from nodereg.model import declaration as d
from nodereg.model.mutants import MUTANT_BY_ID
from nodereg.model.semantics import real_model

ROOT = Path(__file__).resolve().parents[1]
QUINT = ROOT / "benchmarks" / "quint" / "node_modules" / ".bin" / "quint"

#: The explicit peers' workload (benchmarks/peers.py): small timing, one value per frozen variable.
SMALL = [
    "--param",
    "lease-renew-interval=1",
    "--param",
    "heartbeat-gap-max=2",
    "--param",
    "node-status-update-frequency=1",
    "--param",
    "node-monitor-grace-period=2",
    "--param",
    "node-startup-grace-period=3",
    "--param",
    "node-monitor-period=1",
    "--frozen",
    "capacity=2",
    "--frozen",
    "reserved=0",
    "--frozen",
    "request=1",
    "--frozen",
    "toleration_seconds=1",
    "--profiles",
    "ordinary",
]


def run_cli(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture(scope="module")
def promela_1x1() -> str:
    return export_text("promela", nodes=1, pods=1)


@pytest.fixture(scope="module")
def quint_1x1() -> str:
    return export_text("quint", nodes=1, pods=1)


@pytest.mark.parametrize("target", ["promela", "quint"])
def test_every_event_and_state_variable_is_mentioned(target: str, promela_1x1: str, quint_1x1: str) -> None:
    text = promela_1x1 if target == "promela" else quint_1x1
    for e in d.EVENTS:
        assert e.id in text, e.id
    for v in d.NODE_VARS:
        assert ident(("node", v.name, 0)) in text, v.name
    for v in d.POD_VARS:
        assert ident(("pod", v.name, 0)) in text, v.name
    assert "n0_ctl" in text
    assert "GENERATED from nodereg.model.declaration" in text


def test_header_says_which_properties_are_exported(promela_1x1: str) -> None:
    from nodereg.properties.catalogue import ALL_PROPERTIES

    em = build(real_model(), ExportOptions(1, 1))
    exported = {p.id for p in em.exported}
    skipped = {p.id: p.reason for p in em.skipped}
    assert exported | set(skipped) == {p.id for p in ALL_PROPERTIES}
    # every property of the catalogue that is not a lemma is exported, but one about the node
    # lifecycle controller's private clocks (probe-not-older-than-last-heartbeat compares two
    # clocks, which saturation cannot answer exactly): SPIN and Quint do not check that one
    clock_pair = {"probe-not-older-than-last-heartbeat"}
    assert {p.id for p in ALL_PROPERTIES if not p.lemma} - clock_pair <= exported
    for pid, reason in skipped.items():
        assert "two clocks" in reason
        assert pid in promela_1x1
    for pid in exported:
        assert f"prop_{pid.replace('-', '_')}" in promela_1x1


def test_clock_caps_are_one_above_the_largest_bound() -> None:
    em = build(real_model(), ExportOptions(1, 1))
    # defaults 1.35: startup grace 60 s (probe compared with it), tolerationSeconds up to 300,
    # lease gap 45 s, status frequency 10 s, monitor period 5 s; the ghost heartbeat clock is
    # compared with startup grace + 2 x period = 70 s (silent-node-becomes-unknown); the properties'
    # ghosts: since_left_ready with the controller's latency 0 s, since_approved with the status
    # frequency 10 s (node-becomes-schedulable), since_registration_owed with it too
    # (kubelet-creates-its-missing-node), one clock per NoExecute taint with tolerationSeconds; Ready's
    # lastTransitionTime with the NoExecute pass's window, the monitor period 5 s (1 node: no queue)
    assert em.caps == {
        "since_lease_renew": 46,
        "since_status_post": 11,
        "since_probe": 61,
        "since_monitor": 6,
        "since_ready_changed": 6,
        "since_heartbeat": 71,
        "since_left_ready": 1,
        "since_approved": 11,
        "since_registration_owed": 11,
        "since_noexecute": 301,
        "since_under_not_ready_ne": 301,
        "since_under_unreachable_ne": 301,
        "since_under_custom_ne": 301,
    }


def test_saturation_rejects_clock_against_clock() -> None:
    x, y = z3.Int("n0_since_probe"), z3.Int("n0_since_monitor")
    keys = {("node", "since_probe", 0), ("node", "since_monitor", 0)}
    with pytest.raises(ExportError, match="two clocks"):
        clock_caps([x <= y], keys, set(), {})


def test_cli_writes_file_and_reports_bad_input(tmp_path: Path) -> None:
    out = tmp_path / "m.pml"
    code, stdout, _ = run_cli("export", "promela", "--nodes", "1", "--pods", "1", "--out", str(out))
    assert code == 0 and stdout == ""
    assert out.read_text().startswith("/*")
    for bad in (
        ["--mutant", "nope"],
        ["--param", "node-monitor-grace-period=30"],
        ["--frozen", "capacity=x"],
        ["--profiles", "weird"],
        ["--param", "nonsense=1"],
        ["--k8s-version", "1.10"],
    ):
        code, _, err = run_cli("export", "quint", "--nodes", "1", "--pods", "1", *bad)
        assert code == 2, bad
        assert err.startswith("nodereg: error:") and len(err.strip().splitlines()) == 1, err
        assert "Traceback" not in err


def test_mutant_export_differs_where_the_mutant_does(promela_1x1: str) -> None:
    real = promela_1x1
    mutant = export_text("promela", MUTANT_BY_ID["register-without-certificate"].model(), nodes=1, pods=1)
    assert real != mutant
    assert "seeded mutant 'register-without-certificate'" in mutant


# --- SPIN -----------------------------------------------------------------------------------------

INSTALL_PEERS = ROOT / "benchmarks" / "install_peers.sh"


def _spin_present() -> bool:
    return bool(shutil.which("spin") and shutil.which("gcc"))


@pytest.fixture(scope="session")
def peer_install_log() -> str:
    """Run the peer installer once per session when a peer is missing; its output is the skip reason."""
    if _spin_present() and QUINT.exists():
        return "peers present"
    r = subprocess.run(["bash", str(INSTALL_PEERS)], capture_output=True, text=True, timeout=600)
    return " ".join(ln.strip() for ln in (r.stdout + r.stderr).splitlines() if "warning" in ln) or "installed"


@pytest.fixture
def needs_spin(peer_install_log: str) -> None:
    if not _spin_present():
        pytest.skip(f"spin could not be installed by benchmarks/install_peers.sh: {peer_install_log}")


def _spin(tmp: Path, *export_args: str) -> str:
    pml = tmp / "model.pml"
    code, _, err = run_cli("export", "promela", "--out", str(pml), *export_args)
    assert code == 0, err
    subprocess.run(["spin", "-a", "model.pml"], cwd=tmp, check=True, capture_output=True)
    subprocess.run(
        ["gcc", "-O0", "-DNOBOUNDCHECK", "-DSAFETY", "-o", "pan", "pan.c"], cwd=tmp, check=True, capture_output=True
    )
    r = subprocess.run(["./pan", "-m10000000", "-w24"], cwd=tmp, capture_output=True, text=True, timeout=300)
    return r.stdout


@pytest.mark.usefixtures("needs_spin")
def test_spin_finds_a_mutant_bug_and_names_the_property(tmp_path: Path) -> None:
    out = _spin(tmp_path, "--nodes", "1", "--pods", "1", *SMALL, "--mutant", "toleration-effect-ignored")
    m = re.search(r"assertion violated (prop_\w+)", out)
    assert m, out[-800:]
    # the first assertion SPIN's depth-first search hits depends on the order of the model's transitions: a pod
    # bound under the not-ready taint its toleration of another effect does not cover breaks both of these
    assert m.group(1) in {"prop_no_schedule_with_untolerated_taint", "prop_no_schedule_without_ready"}, m.group(1)


@pytest.mark.usefixtures("needs_spin")
def test_spin_search_of_the_real_model_passes_without_pods(tmp_path: Path) -> None:
    # 1 node and no pod keeps the exhaustive search to a few seconds in a test; make bench runs 1x1
    out = _spin(tmp_path, "--nodes", "1", "--pods", "0", *SMALL)
    assert "errors: 0" in out, out[-800:]
    states = int(re.search(r"(\d+) states, stored", out).group(1))  # type: ignore[union-attr]
    assert states > 1000


# --- Quint ----------------------------------------------------------------------------------------


@pytest.fixture
def needs_quint(peer_install_log: str) -> None:
    if not QUINT.exists():
        pytest.skip(f"quint could not be installed by benchmarks/install_peers.sh: {peer_install_log}")


@pytest.mark.usefixtures("needs_quint")
def test_quint_runs_the_real_model_and_finds_a_mutant(tmp_path: Path) -> None:
    real, mutant = tmp_path / "real.qnt", tmp_path / "mutant.qnt"
    assert run_cli("export", "quint", "--nodes", "1", "--pods", "1", *SMALL, "--out", str(real))[0] == 0
    assert (
        run_cli(
            "export",
            "quint",
            "--nodes",
            "1",
            "--pods",
            "1",
            *SMALL,
            "--mutant",
            "register-without-certificate",
            "--out",
            str(mutant),
        )[0]
        == 0
    )
    args = ["--backend=typescript", "--max-samples=5", "--max-steps=20", "--seed=1", "--invariant=inv"]
    r = subprocess.run([str(QUINT), "run", real.name, *args], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "No violation found" in r.stdout, r.stdout[-500:] + r.stderr[-500:]
    r = subprocess.run(
        [
            str(QUINT),
            "run",
            mutant.name,
            "--backend=typescript",
            "--max-samples=50",
            "--max-steps=20",
            "--seed=1",
            "--invariants",
            "inv_certificate_needs_approval",
            "inv_no_registration_without_credentials",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    # with more than one invariant named, Quint reports which were violated
    assert r.returncode == 1 and "❌ inv_no_registration_without_credentials" in r.stdout + r.stderr


def test_exports_are_deterministic(promela_1x1: str) -> None:
    """Byte for byte, in another process with another hash seed (sets, Z3 term ids)."""
    import os
    import sys

    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    r = subprocess.run(
        [sys.executable, "-m", "nodereg", "export", "promela", "--nodes", "1", "--pods", "1"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert r.stdout == promela_1x1
