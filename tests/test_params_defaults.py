"""Upstream's timing defaults, per Kubernetes version, as ``params.defaults`` must give them.

``--k8s-version`` pins every parameter to ``defaults(version)``, and the verifier then judges that
version's clusters: a wrong default there makes every verdict at that version about a cluster nobody
runs, and no property can notice (the model is right; only the numbers fed to it are wrong). Round 12
of bugs written apart: a node-startup-grace-period of 50 s instead of 60 s left every run at every
version unchanged in verdict, and nothing pinned it; the 50 s grace moved one minor up or down was
caught only by the 1.31 and 1.32 runs of test_fixed_versions. This table pins each default at every
version the CLI accepts, with where upstream sets it.

* lease renew interval 10 s: kubelet ``nodeLeaseDurationSeconds`` 40 (pkg/kubelet/apis/config/v1beta1/
  defaults.go, SetDefaults_KubeletConfiguration) × ``nodeLeaseRenewIntervalFraction`` 0.25
  (pkg/kubelet/kubelet.go), since the Lease heartbeat went GA in 1.17;
* node-status-update-frequency 10 s: SetDefaults_KubeletConfiguration;
* node-monitor-grace-period 40 s up to 1.31, 50 s from 1.32 (PR #126287, fixing #121793); node-startup-grace-period
  60 s: pkg/controller/nodelifecycle/config/v1alpha1/defaults.go
  (RecommendedDefaultNodeLifecycleControllerConfiguration);
* node-monitor-period 5 s: kube-controller-manager (SetDefaults_KubeControllerManagerConfiguration);
* heartbeat-gap-max 45 s: client-go's HTTP/2 ReadIdleTimeout 30 s + PingTimeout 15 s (PR #126287).
"""

from __future__ import annotations

import pytest

from nodereg.cli import known_k8s_versions
from nodereg.model import params as P

BEFORE_1_32 = {
    "lease_renew_interval": 10,
    "heartbeat_gap_max": 45,
    "node_status_update_frequency": 10,
    "node_monitor_grace_period": 40,
    "node_startup_grace_period": 60,
    "node_monitor_period": 5,
}
FROM_1_32 = {**BEFORE_1_32, "node_monitor_grace_period": 50}

#: (version, expected defaults): both ends of each range and the versions around the 1.32 change
ROWS = [
    pytest.param("1.17", BEFORE_1_32, id="1.17-lease-ga"),
    pytest.param("1.28", BEFORE_1_32, id="1.28"),
    pytest.param("1.30", BEFORE_1_32, id="1.30"),
    pytest.param("1.31", BEFORE_1_32, id="1.31-last-40s-grace"),
    pytest.param("1.32", FROM_1_32, id="1.32-first-50s-grace"),
    pytest.param("1.33", FROM_1_32, id="1.33"),
    pytest.param(P.K8S_VERSION, FROM_1_32, id="target"),
]


@pytest.mark.parametrize("version,expected", ROWS)
def test_defaults_are_upstreams(version: str, expected: dict[str, int]) -> None:
    assert P.defaults(version) == expected


def test_every_known_version_has_a_row_range() -> None:
    """Every version the CLI accepts is on one side of the 1.32 change, and gets that side's defaults."""
    for version in known_k8s_versions():
        minor = int(version.split(".")[1])
        assert P.defaults(version) == (FROM_1_32 if minor >= 32 else BEFORE_1_32), version


def test_patch_versions_take_their_minors_defaults() -> None:
    assert P.defaults("1.31.9") == BEFORE_1_32
    assert P.defaults("1.32.0") == FROM_1_32
