"""The ``PReLU`` layer: a learned slope below zero."""

from __future__ import annotations

import jax

from ...backend.layer_op import Op, run_op
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ..input_spec import check_input_spec
from ..layer import Layer


def _prelu(x, alpha):
    return jax.nn.relu(x) + (-alpha) * jax.nn.relu(-x)


_PRELU = Op("PRelu", _prelu)


class PReLU(Layer):
    """``relu(x) - alpha * relu(-x)`` with a learned ``alpha`` of the input's shape (less the
    batch), of size 1 along ``shared_axes``.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.PReLU(alpha_initializer=tf.keras.initializers.Constant(0.5))
    >>> print(layer(tf.constant([[-2.0, 3.0]])))
    tf.Tensor([[-1.  3.]], shape=(1, 2), dtype=float32)
    """

    def __init__(
        self,
        alpha_initializer="Zeros",
        alpha_regularizer=None,
        alpha_constraint=None,
        shared_axes=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
        if shared_axes is None:
            self.shared_axes = None
        elif not isinstance(shared_axes, (list, tuple)):
            self.shared_axes = [shared_axes]
        else:
            self.shared_axes = list(shared_axes)
        self._axes = None

    def build(self, input_shape) -> None:
        param_shape = list(input_shape[1:])
        for i in self.shared_axes or ():
            param_shape[i - 1] = 1
        self.alpha = self.add_weight(
            shape=param_shape,
            name="alpha",
            initializer=self.alpha_initializer,
            regularizer=self.alpha_regularizer,
            constraint=self.alpha_constraint,
        )
        self._ndim = len(input_shape)
        shared = self.shared_axes or ()
        self._axes = {i: input_shape[i] for i in range(1, len(input_shape)) if i not in shared}

    def _check_input(self, inputs) -> None:
        if self._axes is not None:
            check_input_spec(self, inputs, ndim=self._ndim, axes=self._axes)

    def call(self, inputs):
        return run_op(_PRELU, inputs, self.alpha)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "alpha_initializer": initializers.serialize(self.alpha_initializer),
            "alpha_regularizer": regularizers.serialize(self.alpha_regularizer),
            "alpha_constraint": constraints.serialize(self.alpha_constraint),
            "shared_axes": self.shared_axes,
        }
