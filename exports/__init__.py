"""nodereg.exports: the model exported for peer checkers (SPIN/Promela, Quint)."""
