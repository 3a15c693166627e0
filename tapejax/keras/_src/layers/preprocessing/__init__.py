"""Preprocessing layers (Keras 3's keras/src/layers/preprocessing): numeric features, lookups."""
