"""Dense: ``activation(inputs @ kernel + bias)`` (``tf.keras.layers.Dense``)."""

from __future__ import annotations

import operator

from ...activations import activations
from ...backend import core as backend
from ...backend.ops import cast as _cast
from ...backend.ops import matmul as _matmul
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ..input_spec import check_input_spec
from ..layer import Layer


class Dense(Layer):
    """A densely connected layer: ``activation(inputs @ kernel + bias)``.

    The kernel, of shape ``(input_dim, units)``, is created on the first call from the input's
    last dimension. Inputs of rank > 2 are multiplied along their last axis, as in Keras.

    Args:
      units: the size of the last output dimension, a positive int.
      activation: a name (``'relu'``), a callable, or None for none.
      use_bias: whether to add a bias vector.
      kernel_initializer: a name, initializer object or callable ``f(shape, dtype)``.
      bias_initializer: the same, for the bias.
      kernel_regularizer, bias_regularizer: penalties listed in ``layer.losses`` (``'l2'``...).
      kernel_constraint, bias_constraint: projections optimizers apply after each update.
      **kwargs: the base Layer's ``activity_regularizer``, ``trainable``, ``dtype``, ``name``.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.Dense(3, kernel_initializer='ones', name='dense')
    >>> print(layer(tf.constant([[1.0, 2.0]])))
    tf.Tensor([[3. 3. 3.]], shape=(1, 3), dtype=float32)
    >>> layer.kernel.shape
    TensorShape([2, 3])
    >>> [w.name for w in layer.trainable_variables]
    ['kernel', 'bias']
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(
        self,
        units,
        activation=None,
        use_bias: bool = True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.units = _positive_int(units)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self._kernel = None

    @property
    def kernel(self):
        """The ``(input_dim, units)`` weight; it exists once the layer is built."""
        if self._kernel is None:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def build(self, input_shape) -> None:
        self._kernel = self.add_weight(
            shape=(input_shape[-1], self.units),
            name="kernel",
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                shape=(self.units,),
                name="bias",
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )

    def _check_input(self, inputs) -> None:
        axes = {-1: backend.shape_of(self._kernel)[0]} if self._kernel is not None else None
        check_input_spec(self, inputs, min_ndim=2, axes=axes)

    def call(self, inputs, training=None):
        # Keras' matmul promotes integer inputs to the kernel's float dtype; TF's would not.
        x = inputs if inputs.dtype.is_floating else _cast(inputs, self.compute_dtype)
        y = _matmul(x, self.kernel)
        if self.bias is not None:
            y = y + self.bias
        # Keras 3 calls the activation only when set: `layer.activation = None` on a built layer.
        return y if self.activation is None else self.activation(y)

    def compute_output_shape(self, input_shape):
        return (*tuple(input_shape)[:-1], self.units)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "units": self.units,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "kernel_constraint": constraints.serialize(self.kernel_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
        }


def _positive_int(units) -> int:
    try:
        value = operator.index(units)
    except TypeError:
        value = 0
    if value <= 0:
        raise ValueError(
            f"Received an invalid value for `units`, expected a positive integer. Received: units={units}"
        )
    return value
