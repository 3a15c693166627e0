"""The ``ReLU`` layer (Keras 3's formula and config).

Like every activation layer, each call is one tapejax op (``backend/layer_op.py``) running
Keras 3's formula in JAX: ``keras.activations.relu`` (threshold, ``max_value`` clip,
``negative_slope`` below the threshold).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from .elementwise import ElementwiseLayer


def _relu(x, *, negative_slope, max_value, threshold):
    if negative_slope != 0.0:
        if max_value is None and threshold == 0:
            return jax.nn.leaky_relu(x, negative_slope)
        negative_part = jax.nn.relu(-x + threshold) if threshold != 0 else jax.nn.relu(-x)
    if threshold != 0:
        y = jnp.where(x > jnp.asarray(threshold, x.dtype), x, jnp.zeros((), x.dtype))
    else:
        y = jax.nn.relu(x)
    if max_value is not None:
        y = jnp.clip(y, jnp.zeros((), x.dtype), jnp.asarray(max_value, x.dtype))
    if negative_slope != 0.0:
        y = y - jnp.asarray(negative_slope, x.dtype) * negative_part
    return y


_RELU = Op("Relu", _relu)


class ReLU(ElementwiseLayer):
    """``max(x, 0)``, with Keras' options: ``x`` for ``x > threshold`` (else 0), clipped at
    ``max_value``, minus ``negative_slope * relu(threshold - x)``.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.ReLU(max_value=1.0)(tf.constant([-1.0, 0.5, 2.0])))
    tf.Tensor([0.  0.5 1. ], shape=(3,), dtype=float32)
    """

    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            raise ValueError(
                f"max_value of a ReLU layer cannot be a negative value. Received: max_value={max_value}"
            )
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError(
                "negative_slope of a ReLU layer cannot be None or a negative value. "
                f"Received: negative_slope={negative_slope}"
            )
        if threshold is None or threshold < 0.0:
            raise ValueError(
                "threshold of a ReLU layer cannot be None or a negative value. "
                f"Received: threshold={threshold}"
            )
        self.max_value, self.negative_slope, self.threshold = max_value, negative_slope, threshold

    def call(self, inputs):
        max_value = None if self.max_value is None else float(self.max_value)
        return run_op(
            _RELU,
            inputs,
            negative_slope=float(self.negative_slope),
            threshold=float(self.threshold),
            max_value=max_value,
        )

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "max_value": self.max_value,
            "negative_slope": self.negative_slope,
            "threshold": self.threshold,
        }
