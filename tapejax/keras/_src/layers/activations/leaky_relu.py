"""The ``LeakyReLU`` layer, one tapejax op per call."""

from __future__ import annotations

import warnings

import jax

from ...backend.layer_op import Op, run_op
from .elementwise import ElementwiseLayer


def _leaky_relu(x, *, negative_slope):
    return jax.nn.leaky_relu(x, negative_slope)


_LEAKY_RELU = Op("LeakyRelu", _leaky_relu)


class LeakyReLU(ElementwiseLayer):
    """``x`` for ``x >= 0``, ``negative_slope * x`` below (``alpha=`` is the deprecated name).

    >>> import tapejax as tf
    >>> print(tf.keras.layers.LeakyReLU()(tf.constant([-1.0, 2.0])))
    tf.Tensor([-0.3  2. ], shape=(2,), dtype=float32)
    """

    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
            warnings.warn("Argument `alpha` is deprecated. Use `negative_slope` instead.", stacklevel=2)
        super().__init__(**kwargs)
        if negative_slope is None or negative_slope < 0:
            raise ValueError(
                "The negative_slope value of a Leaky ReLU layer cannot be None or negative "
                f"value. Expected a float. Received: negative_slope={negative_slope}"
            )
        self.negative_slope = negative_slope

    def call(self, inputs):
        return run_op(_LEAKY_RELU, inputs, negative_slope=float(self.negative_slope))

    def get_config(self) -> dict:
        return {**super().get_config(), "negative_slope": self.negative_slope}
