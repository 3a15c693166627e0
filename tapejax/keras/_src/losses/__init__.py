"""Keras losses: the ``Loss`` base, the loss classes and functions, lookup by name."""
