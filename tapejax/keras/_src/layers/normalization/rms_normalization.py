"""``RMSNormalization``: ``x / sqrt(mean(x**2 over axis) + epsilon) * scale`` (Keras 3)."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from ..layer import Layer
from .unit_normalization import _check_axes


def _rms_normalize(x, scale, *, axis, epsilon):
    dtype = x.dtype
    x = x.astype(jnp.promote_types(dtype, jnp.float32))
    rrms = jax.lax.rsqrt(jnp.mean(jnp.square(x), axis=axis, keepdims=True) + jnp.asarray(epsilon, x.dtype))
    return (x * rrms * scale.astype(x.dtype)).astype(dtype)


_RMS_NORMALIZE = Op("RMSNormalization", _rms_normalize)


class RMSNormalization(Layer):
    """Root-mean-square normalization over ``axis`` (an int or a list of ints), times a learned
    ``scale`` of the normalized axes' shape (ones at first); the statistics in at least float32.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.RMSNormalization(epsilon=0.0)(tf.constant([[3.0, 4.0]])).numpy().round(4))
    [[0.8485 1.1314]]
    """

    def __init__(self, axis=-1, epsilon=1e-6, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.epsilon = epsilon

    def build(self, input_shape):
        if isinstance(self.axis, (list, tuple)):
            self.axis = sorted(self.axis)
            shape = tuple(input_shape[dim] for dim in self.axis)
        else:
            shape = (input_shape[self.axis],)
            self.axis = [self.axis]
        self.scale = self.add_weight(name="scale", shape=shape, initializer="ones")
        self.built = True

    def call(self, x):
        return run_op(_RMS_NORMALIZE, x, self.scale, axis=tuple(self.axis), epsilon=float(self.epsilon))

    def compute_output_shape(self, input_shape):
        axes = [self.axis] if isinstance(self.axis, int) else self.axis
        _check_axes(axes, input_shape, f" Received: axis={self.axis}")
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis, "epsilon": self.epsilon}
