"""nodereg: a formal, executable and verified model of how a Kubernetes node joins a cluster."""
