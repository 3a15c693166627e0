"""Masking (``tf.keras.layers.Masking``): marks the time steps whose features all equal a value."""

from __future__ import annotations

from ...backend.core import set_keras_mask
from ...backend.ops import math_ops as _math
from ...backend.ops import reduction_ops as _reduce
from ...backend.ops import squeeze as _squeeze
from ...backend.ops import where as _where
from ...backend.ops import zeros_like as _zeros_like
from ..layer import Layer


class Masking(Layer):
    """Masks the steps of ``(batch, steps, features)`` inputs whose features all equal
    ``mask_value``: they are set to 0 and the layers after skip them (their Keras mask is False).

    >>> import tapejax as tf
    >>> x = tf.constant([[[1.0], [0.0], [2.0]]])
    >>> print(tf.keras.layers.Masking()(x)._keras_mask)
    tf.Tensor([[ True False  True]], shape=(1, 3), dtype=bool)
    """

    _supports_masking = True

    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        self.mask_value = mask_value
        self.built = True

    def compute_mask(self, inputs, mask=None):
        return _reduce.reduce_any(_math.not_equal(inputs, self.mask_value), axis=-1)

    def call(self, inputs):
        keep = _reduce.reduce_any(_math.not_equal(inputs, self.mask_value), axis=-1, keepdims=True)
        outputs = _where(keep, inputs, _zeros_like(inputs))
        set_keras_mask(outputs, _squeeze(keep, axis=-1))
        return outputs

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "mask_value": self.mask_value}
