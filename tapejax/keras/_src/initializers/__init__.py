"""Keras initializers: constant and random, looked up by name or config."""
