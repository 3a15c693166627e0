"""Rescaling: ``inputs * scale + offset`` in the layer's dtype."""

from __future__ import annotations

import numpy as np

from ...backend.ops import cast as _cast
from ...backend.ops import reshape as _reshape
from ..layer import Layer


class Rescaling(Layer):
    """``inputs * scale + offset`` (integer inputs are cast to the layer's dtype first);
    ``scale`` and ``offset`` may be lists, applied along the last axis.

    >>> import tapejax as tf
    >>> tf.keras.layers.Rescaling(1 / 255.0, offset=-1.0)(tf.constant([0, 255])).numpy()
    array([-1.,  0.], dtype=float32)
    """

    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale, self.offset = scale, offset
        self.supports_masking = True
        self.built = True

    def _param(self, value, rank: int):
        value = np.asarray(value, dtype=self.compute_dtype)
        if value.ndim == 0:
            return float(value)
        return (
            _reshape(value, (1,) * (rank - 1) + (value.shape[-1],)) if value.ndim == 1 and rank > 1 else value
        )

    def call(self, inputs):
        inputs = _cast(inputs, self.compute_dtype)
        rank = len(inputs.shape)
        return inputs * self._param(self.scale, rank) + self._param(self.offset, rank)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        def plain(v):
            return np.asarray(v).tolist() if isinstance(v, (list, tuple, np.ndarray)) else v

        return {**super().get_config(), "scale": plain(self.scale), "offset": plain(self.offset)}
