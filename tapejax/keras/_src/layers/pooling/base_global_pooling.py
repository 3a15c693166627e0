"""The base of global pooling layers: a reduction over the spatial axes."""

from __future__ import annotations

from ...backend.ops import reduction_ops as _reduce
from ...utils.conv_utils import (
    standardize_data_format,
)
from ..input_spec import check_input_spec
from ..layer import Layer


class BaseGlobalPooling(Layer):
    """A reduction over all spatial dimensions (``keepdims`` keeps them as size 1)."""

    rank = 2
    _reduction = staticmethod(_reduce.reduce_mean)

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.keepdims = keepdims
        self.built = True

    def _check_input(self, inputs) -> None:
        check_input_spec(self, inputs, ndim=self.rank + 2)

    def _axes(self) -> list:
        start = 2 if self.data_format == "channels_first" else 1
        return list(range(start, start + self.rank))

    def call(self, inputs):
        return self._reduction(inputs, axis=self._axes(), keepdims=self.keepdims)

    def compute_output_shape(self, input_shape):
        shape = tuple(input_shape)
        if self.keepdims:
            return tuple(1 if i in self._axes() else d for i, d in enumerate(shape))
        return tuple(d for i, d in enumerate(shape) if i not in self._axes())

    def get_config(self) -> dict:
        return {**super().get_config(), "data_format": self.data_format, "keepdims": self.keepdims}
