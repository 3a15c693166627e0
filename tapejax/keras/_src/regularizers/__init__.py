"""Keras weight regularizers."""
