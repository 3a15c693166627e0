"""Keras callbacks, one per file."""
