"""Timing parameters of the node lifecycle, their upstream defaults, and the constraints they obey.

A proof is made for *every* assignment of the parameters that satisfies :data:`CONSTRAINTS`
unless ``--param name=value`` fixes one. The model's time unit is one second; every default
below is a whole number of seconds, as upstream's are.

Where each default comes from (kubernetes/kubernetes):

* ``lease-renew-interval`` 10 s: ``nodeLeaseDurationSeconds`` 40 (pkg/kubelet/apis/config/v1beta1/
  defaults.go) times ``nodeLeaseRenewIntervalFraction`` 0.25 (pkg/kubelet/kubelet.go). Unchanged
  since the Lease heartbeat went GA in 1.17.
* ``heartbeat-gap-max`` 45 s: the longest gap between two successful heartbeats of a *live*
  kubelet. A kubelet stuck on a dead HTTP/2 connection notices only when the client's health
  check gives up: ReadIdleTimeout 30 s plus PingTimeout 15 s (k8s.io/client-go transport,
  cited in PR #126287 that fixed #121793). Then it reconnects and renews at once.
* ``node-status-update-frequency`` 10 s: kubelet ``nodeStatusUpdateFrequency`` (defaults.go); the
  kubelet computes status that often and posts it when it changed (or every 5 min).
* ``node-monitor-grace-period`` 50 s since 1.32 (PR #126287, fixing #121793), 40 s up to 1.31:
  kube-controller-manager, pkg/controller/nodelifecycle/config/v1alpha1/defaults.go.
* ``node-startup-grace-period`` 60 s: the grace for a Node that never posted Ready (same file).
* ``node-monitor-period`` 5 s: how often the node lifecycle controller's monitorNodeHealth runs.
* ``default-toleration-seconds`` 300 s: the DefaultTolerationSeconds admission plugin
  (plugin/pkg/admission/defaulttolerationseconds) gives every pod ``tolerationSeconds: 300`` for
  the not-ready and unreachable NoExecute taints. In the model each pod's own
  ``tolerationSeconds`` is symbolic; this default is used for ordinary pods in the oracle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .logic import And

#: The Kubernetes version whose defaults the model targets unless told otherwise.
K8S_VERSION = "1.35"


@dataclass(frozen=True)
class Param:
    """A timing parameter: its CLI name, its variable name, and what it stands for."""

    name: str
    var: str
    doc: str


PARAMS: tuple[Param, ...] = (
    Param("lease-renew-interval", "lease_renew_interval", "kubelet renews its Lease this often (s)"),
    Param(
        "heartbeat-gap-max",
        "heartbeat_gap_max",
        "longest gap between two heartbeats of a live kubelet (HTTP/2 recovery) (s)",
    ),
    Param(
        "node-status-update-frequency",
        "node_status_update_frequency",
        "kubelet computes and may post node status this often (s)",
    ),
    Param(
        "node-monitor-grace-period",
        "node_monitor_grace_period",
        "controller marks Ready=Unknown after this long without a heartbeat (s)",
    ),
    Param("node-startup-grace-period", "node_startup_grace_period", "grace for a Node that never posted Ready (s)"),
    Param("node-monitor-period", "node_monitor_period", "controller checks node health this often (s)"),
)

PARAM_BY_NAME = {p.name: p for p in PARAMS}
PARAM_BY_VAR = {p.var: p for p in PARAMS}


def defaults(version: str = K8S_VERSION) -> dict[str, int]:
    """Upstream defaults for one Kubernetes version, keyed by parameter variable name."""
    major, minor = (int(x) for x in version.split(".")[:2])
    if (major, minor) < (1, 17):
        raise ValueError(f"Kubernetes {version} is older than the Lease heartbeat (GA 1.17); not modelled")
    return {
        "lease_renew_interval": 10,
        "heartbeat_gap_max": 45,
        "node_status_update_frequency": 10,
        "node_monitor_grace_period": 50 if (major, minor) >= (1, 32) else 40,
        "node_startup_grace_period": 60,
        "node_monitor_period": 5,
    }


#: Default tolerationSeconds given by the DefaultTolerationSeconds admission plugin.
DEFAULT_TOLERATION_SECONDS = 300

#: 1 / --node-eviction-rate (0.1 nodes/s by default, kube-controller-manager): the zone's NoExecute
#: tainting queue (RateLimitedTimedQueue, token bucket of burst 1) taints one Node per this many
#: seconds. Fixed at the default, not a ``--param``: the model puts every Node in one healthy zone
#: (handleDisruption's partial and full disruption rates are the oracle's, not the model's).
NODE_EVICTION_INTERVAL = 10


@dataclass(frozen=True)
class Constraint:
    """A named assumption on the timing parameters, with the reason it is admissible."""

    id: str
    why: str
    formula: Callable[[Any], Any]


def _positive(p: Any) -> Any:
    return And(*[getattr(p, q.var) >= 1 for q in PARAMS])


CONSTRAINTS: tuple[Constraint, ...] = (
    Constraint("durations-positive", "every period and grace is at least one second", _positive),
    Constraint(
        "gap-at-least-renew-interval",
        "a kubelet cannot renew more often than its renew interval allows the gap to be",
        lambda p: p.heartbeat_gap_max >= p.lease_renew_interval,
    ),
    Constraint(
        "heartbeat-gap-within-grace",
        "the grace period must cover the longest heartbeat gap of a live kubelet; 40 s did not "
        "cover the 45 s HTTP/2 recovery (#121793), hence 50 s since 1.32 (PR #126287)",
        lambda p: p.heartbeat_gap_max <= p.node_monitor_grace_period,
    ),
    Constraint(
        "monitor-period-below-grace",
        "the controller checks node health more often than the grace period it enforces (5 s vs 50 s "
        "upstream); otherwise the grace period would mean nothing",
        lambda p: p.node_monitor_period < p.node_monitor_grace_period,
    ),
    Constraint(
        "startup-grace-at-least-grace",
        "a new node gets at least the ordinary grace period (60 s vs 50 s upstream)",
        lambda p: p.node_startup_grace_period >= p.node_monitor_grace_period,
    ),
)


def broken_constraints(values: dict[str, int], constraints: tuple[Constraint, ...] = CONSTRAINTS) -> list[Constraint]:
    """The constraints that fixed parameter values (keyed by variable name) break."""

    class _Values:
        def __getattr__(self, name: str) -> Any:
            return values[name]

    return [c for c in constraints if not c.formula(_Values())]


def constraints_excluding_defaults(constraints: tuple[Constraint, ...], version: str = K8S_VERSION) -> list[Constraint]:
    """The constraints that upstream's own defaults for ``version`` break.

    A constraint is an assumption a proof is allowed to make about the timing; one that a default
    cluster (kube-controller-manager and kubelet left at their defaults) does not meet makes every
    "proved" silent about the clusters people run. The constraints of 1.31 and earlier are the
    known exception: their 40 s grace breaks heartbeat-gap-within-grace (#121793), which is why the
    versions are judged by pinning their defaults, not by the model's constraints.
    """
    return broken_constraints(defaults(version), constraints)


def parse_duration(text: str) -> int:
    """Parse ``50``, ``50s``, ``2m`` or ``1m30s`` into whole seconds (Go-duration subset)."""
    import re

    t = text.strip()
    if re.fullmatch(r"\d+", t):
        return int(t)
    m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", t)
    if not t or not m or not any(m.groups()):
        raise ValueError(f"not a duration: {text!r} (expected seconds like 50, 50s, 2m or 1m30s)")
    h, mi, s = (int(g) if g else 0 for g in m.groups())
    return h * 3600 + mi * 60 + s
