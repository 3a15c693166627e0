"""The ``ELU`` layer, one tapejax op per call."""

from __future__ import annotations

import jax

from ...backend.layer_op import Op, run_op
from .elementwise import ElementwiseLayer


def _elu(x, *, alpha):
    return jax.nn.elu(x, alpha)


_ELU = Op("Elu", _elu)


class ELU(ElementwiseLayer):
    """``x`` for ``x > 0``, ``alpha * (exp(x) - 1)`` below.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.ELU()(tf.constant([0.0, 2.0])))
    tf.Tensor([0. 2.], shape=(2,), dtype=float32)
    """

    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = alpha

    def call(self, inputs):
        return run_op(_ELU, inputs, alpha=float(self.alpha))

    def get_config(self) -> dict:
        return {**super().get_config(), "alpha": self.alpha}
