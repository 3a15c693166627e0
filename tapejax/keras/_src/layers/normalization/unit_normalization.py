"""``UnitNormalization``: each sample scaled to unit L2 norm along ``axis``."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from ..layer import Layer


def _unit_normalize(x, *, axis):
    return x * jax.lax.rsqrt(
        jnp.maximum(jnp.sum(jnp.square(x), axis=axis, keepdims=True), jnp.asarray(1e-12, x.dtype))
    )


_UNIT_NORMALIZE = Op("UnitNormalization", _unit_normalize)


def _check_axes(axes, input_shape, suffix=""):
    for axis in axes:
        if axis >= len(input_shape) or axis < -len(input_shape):
            raise ValueError(f"Axis {axis} is out of bounds for input shape {tuple(input_shape)}.{suffix}")


class UnitNormalization(Layer):
    """Scales each input to unit L2 norm along ``axis`` (an int or a list of ints):
    ``x / sqrt(max(sum(x**2), 1e-12))``.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.UnitNormalization()(tf.constant([[3.0, 4.0]])))
    tf.Tensor([[0.6 0.8]], shape=(1, 2), dtype=float32)
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(
                "Invalid value for `axis` argument: expected an int or a list/tuple of ints. "
                f"Received: axis={axis}"
            )
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        self.compute_output_shape(tuple(inputs.shape))
        axis = tuple(self.axis) if isinstance(self.axis, list) else self.axis
        return run_op(_UNIT_NORMALIZE, inputs, axis=axis)

    def compute_output_shape(self, input_shape):
        _check_axes([self.axis] if isinstance(self.axis, int) else self.axis, input_shape)
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}
