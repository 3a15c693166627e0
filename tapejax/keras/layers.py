"""Keras layers (``tf.keras.layers``): the base Layer, Dense and BatchNormalization."""

from __future__ import annotations

from ._batch_normalization import BatchNormalization
from ._dense import Dense
from ._input_layer import Input, InputLayer
from ._layer import Layer

__all__ = ["BatchNormalization", "Dense", "Input", "InputLayer", "Layer"]
