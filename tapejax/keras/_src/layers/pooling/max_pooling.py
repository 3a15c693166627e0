"""MaxPooling1D/2D/3D."""

from __future__ import annotations

from .base_pooling import BasePooling


class MaxPooling1D(BasePooling):
    """The maximum of each window of ``pool_size`` steps (``(batch, steps, channels)``)."""

    rank = 1

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None, name=None, **kwargs):
        super().__init__(pool_size, strides, padding, data_format, name, **kwargs)


class MaxPooling2D(BasePooling):
    """The maximum of each ``pool_size`` window (``(batch, height, width, channels)``).

    >>> import tapejax as tf
    >>> x = tf.reshape(tf.range(16.0), (1, 4, 4, 1))
    >>> tf.keras.layers.MaxPooling2D()(x).numpy()[0, :, :, 0]
    array([[ 5.,  7.],
           [13., 15.]], dtype=float32)
    """

    def __init__(
        self, pool_size=(2, 2), strides=None, padding="valid", data_format=None, name=None, **kwargs
    ):
        super().__init__(pool_size, strides, padding, data_format, name, **kwargs)


class MaxPooling3D(BasePooling):
    """The maximum of each ``pool_size`` window over three spatial dimensions."""

    rank = 3

    def __init__(
        self, pool_size=(2, 2, 2), strides=None, padding="valid", data_format=None, name=None, **kwargs
    ):
        super().__init__(pool_size, strides, padding, data_format, name, **kwargs)
