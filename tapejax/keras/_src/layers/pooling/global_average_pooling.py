"""GlobalAveragePooling1D/2D/3D."""

from __future__ import annotations

from ...backend.ops import cast as _cast
from ...backend.ops import expand_dims as _expand_dims
from ...backend.ops import reduction_ops as _reduce
from ...backend.ops import where as _where
from ...backend.ops import zeros_like as _zeros_like
from .base_global_pooling import BaseGlobalPooling


class GlobalAveragePooling1D(BaseGlobalPooling):
    """The mean over the steps: ``(batch, steps, channels) -> (batch, channels)``."""

    _supports_masking = True  # passes its input's mask on, as Keras

    rank = 1

    def call(self, inputs, mask=None):
        if mask is None:
            return super().call(inputs)
        # Keras: the mean over the unmasked steps only.
        steps = self._axes()[0]
        keep = _cast(_expand_dims(_cast(mask, "bool"), 2 if steps == 1 else 1), "bool")
        total = _reduce.reduce_sum(_where(keep, inputs, _zeros_like(inputs)), steps, keepdims=self.keepdims)
        count = _reduce.reduce_sum(_cast(keep, inputs.dtype), steps, keepdims=self.keepdims)
        return total / count

    def compute_mask(self, inputs, mask=None):
        return None  # the steps are pooled away


class GlobalAveragePooling2D(BaseGlobalPooling):
    """The mean over height and width: ``(batch, h, w, channels) -> (batch, channels)``.

    >>> import tapejax as tf
    >>> tf.keras.layers.GlobalAveragePooling2D()(tf.ones([2, 3, 3, 4])).shape
    TensorShape([2, 4])
    """


class GlobalAveragePooling3D(BaseGlobalPooling):
    """The mean over the three spatial dimensions."""

    rank = 3
