"""UpSampling1D/2D/3D (nearest or bilinear), one op per call."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from ...utils.conv_utils import standardize_data_format, standardize_tuple
from .ndim_layer import _NdimLayer


def _upsample(x, *, sizes, interpolation):
    if interpolation == "nearest":
        for axis, size in enumerate(sizes):
            x = jnp.repeat(x, size, axis=axis) if size != 1 else x
        return x
    shape = tuple(d * s for d, s in zip(x.shape, sizes, strict=True))
    return jax.image.resize(x, shape, method=interpolation, antialias=False).astype(x.dtype)


_UPSAMPLE = Op("UpSampling", _upsample)


class UpSampling1D(_NdimLayer):
    """Repeats each step ``size`` times.

    >>> import tapejax as tf
    >>> tf.keras.layers.UpSampling1D(2)(tf.constant([[[1.0], [2.0]]])).numpy()[0, :, 0]
    array([1., 1., 2., 2.], dtype=float32)
    """

    ndim = 3

    def __init__(self, size=2, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(size, int) or isinstance(size, bool):
            raise TypeError(f"Expected an integer value for `size`, got {type(size)}.")
        if size <= 0:
            raise ValueError(f"Argument `size` should be a positive integer. Received: size={size}")
        self.size = size

    def call(self, inputs):
        return run_op(_UPSAMPLE, inputs, sizes=(1, self.size, 1), interpolation="nearest")

    def compute_output_shape(self, input_shape):
        steps = None if input_shape[1] is None else self.size * input_shape[1]
        return (input_shape[0], steps, input_shape[2])

    def get_config(self) -> dict:
        return {**super().get_config(), "size": self.size}


_METHODS = {
    "nearest": "nearest",
    "bilinear": "linear",
    "bicubic": "cubic",
    "lanczos3": "lanczos3",
    "lanczos5": "lanczos5",
}


class UpSampling2D(_NdimLayer):
    """Repeats rows and columns ``size`` times (``interpolation='nearest'``), or resizes by
    ``size`` (``'bilinear'``, ``'bicubic'``, ``'lanczos3'``, ``'lanczos5'``; half-pixel centers).

    >>> import tapejax as tf
    >>> tf.keras.layers.UpSampling2D((2, 3))(tf.ones([1, 2, 2, 1])).shape
    TensorShape([1, 4, 6, 1])
    """

    ndim = 4

    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.size = standardize_tuple(size, 2, "size")
        self.interpolation = interpolation.lower()

    def call(self, inputs):
        if self.interpolation not in _METHODS:  # as Keras, when called ('area' is not supported here)
            raise ValueError(
                "Invalid value for argument `interpolation`. Expected of one ('bilinear', "
                "'nearest', 'lanczos3', 'lanczos5', 'bicubic', 'area'). Received: "
                f"interpolation={self.interpolation}"
            )
        sizes = [1] * 4
        for a, s in zip(self._spatial_axes(2), self.size, strict=True):
            sizes[a] = s
        return run_op(_UPSAMPLE, inputs, sizes=tuple(sizes), interpolation=_METHODS[self.interpolation])

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        for a, s in zip(self._spatial_axes(len(self.size)), self.size, strict=True):
            shape[a] = None if shape[a] is None else s * shape[a]
        return tuple(shape)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "size": self.size,
            "data_format": self.data_format,
            "interpolation": self.interpolation,
        }


class UpSampling3D(_NdimLayer):
    """Repeats each of the three spatial axes ``size`` times (nearest neighbour).

    >>> import tapejax as tf
    >>> tf.keras.layers.UpSampling3D((1, 2, 3))(tf.ones([1, 2, 2, 2, 1])).shape
    TensorShape([1, 2, 4, 6, 1])
    """

    ndim = 5

    def __init__(self, size=(2, 2, 2), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.size = standardize_tuple(size, 3, "size")

    def call(self, inputs):
        sizes = [1] * 5
        for a, s in zip(self._spatial_axes(3), self.size, strict=True):
            sizes[a] = s
        return run_op(_UPSAMPLE, inputs, sizes=tuple(sizes), interpolation="nearest")

    compute_output_shape = UpSampling2D.compute_output_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "size": self.size, "data_format": self.data_format}
