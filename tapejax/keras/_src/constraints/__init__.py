"""Keras weight constraints."""
