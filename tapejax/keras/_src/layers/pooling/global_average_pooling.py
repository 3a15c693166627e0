"""GlobalAveragePooling1D/2D/3D."""

from __future__ import annotations

from .base_global_pooling import BaseGlobalPooling


class GlobalAveragePooling1D(BaseGlobalPooling):
    """The mean over the steps: ``(batch, steps, channels) -> (batch, channels)``."""

    rank = 1

    def call(self, inputs, mask=None):
        if mask is not None:
            raise NotImplementedError("GlobalAveragePooling1D: `mask` is not supported by tapejax.keras.")
        return super().call(inputs)


class GlobalAveragePooling2D(BaseGlobalPooling):
    """The mean over height and width: ``(batch, h, w, channels) -> (batch, channels)``.

    >>> import tapejax as tf
    >>> tf.keras.layers.GlobalAveragePooling2D()(tf.ones([2, 3, 3, 4])).shape
    TensorShape([2, 4])
    """


class GlobalAveragePooling3D(BaseGlobalPooling):
    """The mean over the three spatial dimensions."""

    rank = 3
