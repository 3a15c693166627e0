"""``ActivityRegularization``: adds L1/L2 penalties of its input to the layer's losses."""

from __future__ import annotations

from ...regularizers import regularizers
from ..layer import Layer


class ActivityRegularization(Layer):
    """The identity, adding ``l1 * sum(|x|) + l2 * sum(x**2)`` to the layer's losses.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.ActivityRegularization(l1=0.5)
    >>> _ = layer(tf.constant([[1.0, -2.0]]))
    >>> [float(loss) for loss in layer.losses]
    [1.5]
    """

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        super().__init__(activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs)
        self.supports_masking = True
        self.l1, self.l2 = l1, l2
        self.built = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        config = super().get_config()
        config.pop("activity_regularizer", None)
        return {**config, "l1": self.l1, "l2": self.l2}
