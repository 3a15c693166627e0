"""Keras activation functions, looked up by name."""
