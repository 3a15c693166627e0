"""The ``Identity`` layer: returns its input."""

from __future__ import annotations

from ..activations.elementwise import ElementwiseLayer


class Identity(ElementwiseLayer):
    """Returns its input (any structure) unchanged.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.Identity()(tf.constant([1.0])))
    tf.Tensor([1.], shape=(1,), dtype=float32)
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def call(self, inputs):
        return inputs
