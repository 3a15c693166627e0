"""Keras operations on KerasTensors: ``x * 2.0`` in a functional model is an operation, not a layer."""
