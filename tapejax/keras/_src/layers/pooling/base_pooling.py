"""The base of windowed pooling layers (Max/AveragePooling1D/2D/3D).

Windowed pooling runs ``tapejax.nn.max_pool`` / ``avg_pool`` (TF's ``SAME`` padding; an
average does not count padded cells); ``strides`` default to ``pool_size``, as in Keras.
"""

from __future__ import annotations

from ...backend.ops import max_pool as _max_pool
from ...utils.conv_utils import (
    spatial_of,
    spatial_output_shape,
    standardize_data_format,
    standardize_padding,
    standardize_tuple,
    tf_data_format,
    with_spatial,
)
from ..input_spec import check_input_spec
from ..layer import Layer


class BasePooling(Layer):
    """Pooling over ``rank`` spatial dimensions with a window of ``pool_size``."""

    rank = 2
    _pool = staticmethod(_max_pool)

    def __init__(self, pool_size, strides=None, padding="valid", data_format=None, name=None, **kwargs):
        super().__init__(name=name, **kwargs)
        self.pool_size = standardize_tuple(pool_size, self.rank, "pool_size")
        self.strides = self.pool_size if strides is None else standardize_tuple(strides, self.rank, "strides")
        self.padding = standardize_padding(padding)
        self.data_format = standardize_data_format(data_format)
        self.built = True

    def _check_input(self, inputs) -> None:
        check_input_spec(self, inputs, ndim=self.rank + 2)

    def call(self, inputs):
        return self._pool(
            inputs,
            self.pool_size,
            self.strides,
            self.padding.upper(),
            data_format=tf_data_format(self.data_format, self.rank),
        )

    def compute_output_shape(self, input_shape):
        spatial = spatial_of(input_shape, self.data_format)
        out = spatial_output_shape(spatial, self.pool_size, self.strides, self.padding, (1,) * self.rank)
        channels = tuple(input_shape)[1 if self.data_format == "channels_first" else -1]
        return with_spatial(input_shape, out, channels, self.data_format)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "pool_size": self.pool_size,
            "padding": self.padding,
            "strides": self.strides,
            "data_format": self.data_format,
        }
