"""Keras metrics: the stateful ``Metric`` base, reductions, accuracies, confusion metrics, AUC."""
