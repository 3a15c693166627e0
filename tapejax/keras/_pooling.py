"""Pooling layers: Max/AveragePooling1D/2D/3D and GlobalMax/GlobalAveragePooling1D/2D/3D.

Windowed pooling runs ``tapejax.nn.max_pool`` / ``avg_pool`` (TF's ``SAME`` padding; an
average does not count padded cells); ``strides`` default to ``pool_size``, as in Keras.
"""

from __future__ import annotations

from .._ops import reduction_ops as _reduce
from .._ops.nn_conv import avg_pool as _avg_pool
from .._ops.nn_conv import max_pool as _max_pool
from ._conv_args import (
    spatial_of,
    spatial_output_shape,
    standardize_data_format,
    standardize_padding,
    standardize_tuple,
    tf_data_format,
    with_spatial,
)
from ._layer import Layer, check_input_spec


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


class GlobalMaxPooling1D(BaseGlobalPooling):
    """The maximum over the steps."""

    rank = 1
    _reduction = staticmethod(_reduce.reduce_max)


class GlobalMaxPooling2D(BaseGlobalPooling):
    """The maximum over height and width."""

    _reduction = staticmethod(_reduce.reduce_max)


class GlobalMaxPooling3D(BaseGlobalPooling):
    """The maximum over the three spatial dimensions."""

    rank = 3
    _reduction = staticmethod(_reduce.reduce_max)
