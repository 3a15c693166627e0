"""AveragePooling1D/2D/3D."""

from __future__ import annotations

from ...backend.ops import avg_pool as _avg_pool
from .base_pooling import BasePooling


class AveragePooling1D(BasePooling):
    """The mean of each window of ``pool_size`` steps."""

    rank = 1
    _pool = staticmethod(_avg_pool)


class AveragePooling2D(BasePooling):
    """The mean of each ``pool_size`` window (padded cells are not counted).

    >>> import tapejax as tf
    >>> x = tf.reshape(tf.range(16.0), (1, 4, 4, 1))
    >>> tf.keras.layers.AveragePooling2D(2)(x).numpy()[0, :, :, 0]
    array([[ 2.5,  4.5],
           [10.5, 12.5]], dtype=float32)
    """

    _pool = staticmethod(_avg_pool)


class AveragePooling3D(BasePooling):
    """The mean of each ``pool_size`` window over three spatial dimensions."""

    rank = 3
    _pool = staticmethod(_avg_pool)
