"""The ``RepeatVector`` layer: ``(batch, n)`` -> ``(batch, times, n)``."""

from __future__ import annotations

import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from .ndim_layer import _NdimLayer

_REPEAT = Op("RepeatVector", lambda x, *, n: jnp.repeat(x[:, None, :], n, axis=1))


class RepeatVector(_NdimLayer):
    """Repeats a ``(batch, features)`` input ``n`` times: ``(batch, n, features)``.

    >>> import tapejax as tf
    >>> tf.keras.layers.RepeatVector(3)(tf.ones([2, 4])).shape
    TensorShape([2, 3, 4])
    """

    ndim = 2

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"Expected an integer value for `n`, got {type(n)}.")
        if n <= 0:
            raise ValueError(f"Argument `n` should be a positive integer. Received: n={n}")
        self.n = n

    def call(self, inputs):
        return run_op(_REPEAT, inputs, n=self.n)

    def compute_output_shape(self, input_shape):
        return (input_shape[0], self.n, input_shape[1])

    def get_config(self) -> dict:
        return {**super().get_config(), "n": self.n}
