"""nodereg.diagrams: state and sequence diagrams derived from the model."""
