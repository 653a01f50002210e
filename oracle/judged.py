"""Which properties the oracle never judges, or does not judge on captures of a real cluster, and why.

Shared by the monitor (``core``), which says so in every report's coverage, and by the readers, which
must not call "not checked" for a reason of their own what is never judged anyway. Nothing here
imports anything: the readers may use it without knowing the monitor.
"""

from __future__ import annotations

#: Judged on traces in the events format only, never on captures of a real cluster, and why: the
#: capture does not show when the taint-eviction controller started a pod's timer (CreatedAt: when it
#: first processed the pod under the taint; for a pod already tainted when the capture starts, any
#: time before), so an eviction cannot be called early from it.
#: (eviction-not-early is judged on captures where they show the timer's start: ``Oracle._early_shown``.)
NOT_JUDGED_ON_CAPTURES = {
    "scheduler-binds-what-its-filters-admit": "it is about what the scheduler's filters admit, which a capture "
    "shows only as bindings that did happen",
    "no-unknown-before-grace": "a capture shows when a heartbeat was written (to within the kubelets' clock "
    "noise), not when the controller saw it (its probe time); heartbeating-node-stays-known judges an early "
    "Unknown of a live kubelet",
    "requested-is-sum-of-bound-requests": "the scheduler's NodeInfo.Requested is not in a capture: the oracle "
    "counts it from the pods bound there, and bound-requests-fit-allocatable judges that sum",
}
#: Never judged by the oracle, on any input: a timer's lower bound says when a component *may* act,
#: which the oracle reads as no promise (guards are judged with every clock past it), and a real
#: kubelet does post faster while it starts (fastStatusUpdateOnce, until its Node is Ready). Nor is a
#: promise about a guard (what a component could do), which no trace shows.
NEVER_JUDGED = {
    "status-posts-spaced-by-update-frequency": "how soon a kubelet may post again is a timer's lower bound, "
    "which is no promise (a starting kubelet posts faster: fastStatusUpdateOnce)",
    "lease-renewals-spaced-by-renew-interval": "how soon a kubelet may renew again is a timer's lower bound, "
    "which is no promise (a restarted kubelet renews its Lease at once)",
    "kubelet-posts-status-when-due": "it is about what a kubelet's status loop could post, which a trace shows "
    "only as posts that did happen; a heartbeat that comes too late is judged by the Lease and Ready properties",
    "monitor-passes-spaced-by-period": "how soon the node lifecycle controller may look at a Node again is a "
    "timer's lower bound, and its passes are in no input",
    "status-loop-due-at-kubelet-start": "it is about when a new kubelet process's status loop is due, which a "
    "trace shows only as the registration and posts that did happen (kubelet-creates-its-missing-node judges a "
    "registration that comes too late)",
    "lease-renewal-due-at-certificate": "it is about when a new kubelet's Lease controller is due once its client "
    "certificate arrives, which a trace shows only as the renewals that did happen (live-kubelet-renews-in-time "
    "judges a Lease that comes too late)",
    "re-registration-keeps-status-loop-due": "it is about when a restarted kubelet's status loop is due after its "
    "AlreadyExists re-registration, which a trace does not show (the create fails; only posts that happened are "
    "seen)",
}
