"""The ``Activation`` layer: an activation function as a layer."""

from __future__ import annotations

from ...activations import activations
from ..layer import Layer


class Activation(Layer):
    """Applies an activation function: ``Activation('relu')(x)`` is ``relu(x)``.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.Activation('relu')(tf.constant([-1.0, 2.0])))
    tf.Tensor([0. 2.], shape=(2,), dtype=float32)
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = activations.get(activation)
        self.built = True

    def call(self, inputs):
        return self.activation(inputs)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "activation": activations.serialize(self.activation)}
