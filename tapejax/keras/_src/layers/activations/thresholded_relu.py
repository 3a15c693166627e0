"""``ThresholdedReLU``: Keras 2's layer that ``tf.keras.layers`` still exports (Keras 3 keeps it
among its legacy layers, saved under ``keras._legacy.layers``)."""

from __future__ import annotations

import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from .elementwise import ElementwiseLayer


def _thresholded_relu(x, *, theta):
    return x * (x > jnp.asarray(theta, x.dtype)).astype(x.dtype)


_THRESHOLDED_RELU = Op("ThresholdedRelu", _thresholded_relu)


class ThresholdedReLU(ElementwiseLayer):
    """``x`` where ``x > theta``, else 0 (``x * (x > theta)``, as TF: -0.0 for a negative ``x``).

    >>> import tapejax as tf
    >>> print(tf.keras.layers.ThresholdedReLU(1.0)(tf.constant([-1.0, 1.0, 2.0])))
    tf.Tensor([-0.  0.  2.], shape=(3,), dtype=float32)
    """

    _keras_module = "keras._legacy.layers"

    def __init__(self, theta=1.0, **kwargs):
        super().__init__(**kwargs)
        if theta is None:
            raise ValueError(
                f"Theta of a Thresholded ReLU layer cannot be None, expecting a float. Received: {theta}"
            )
        if theta < 0:
            raise ValueError(f"The theta value of a Thresholded ReLU layer should be >=0. Received: {theta}")
        self.theta = float(theta)

    def call(self, inputs):
        return run_op(_THRESHOLDED_RELU, inputs, theta=self.theta)

    def get_config(self) -> dict:
        return {**super().get_config(), "theta": self.theta}
