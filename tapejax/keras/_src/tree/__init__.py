"""Keras 3's nested-structure utilities (``keras.tree``)."""
