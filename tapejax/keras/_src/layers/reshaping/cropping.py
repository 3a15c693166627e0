"""Cropping1D/2D/3D, one op per call."""

from __future__ import annotations

from ...backend.layer_op import Op, run_op
from ...utils.conv_utils import standardize_data_format, standardize_tuple
from .ndim_layer import _NdimLayer
from .zero_padding import _pairs, _triples


def _crop(x, *, starts, stops):
    return x[tuple(slice(a, b) for a, b in zip(starts, stops, strict=True))]


_CROP = Op("StridedSlice", _crop)


class Cropping1D(_NdimLayer):
    """Crops ``(start, end)`` steps off the steps axis (an int crops both ends).

    >>> import tapejax as tf
    >>> tf.keras.layers.Cropping1D((1, 2))(tf.ones([2, 5, 3])).shape
    TensorShape([2, 2, 3])
    """

    ndim = 3

    def __init__(self, cropping=(1, 1), **kwargs):
        super().__init__(**kwargs)
        self.cropping = standardize_tuple(cropping, 2, "cropping", allow_zero=True)

    def compute_output_shape(self, input_shape, label="input_shape"):
        if input_shape[1] is None:
            return (input_shape[0], None, input_shape[2])
        length = input_shape[1] - self.cropping[0] - self.cropping[1]
        if length <= 0:
            raise ValueError(
                "`cropping` parameter of `Cropping1D` layer must be smaller than the input "
                f"length. Received: {label}={tuple(input_shape)}, cropping={self.cropping}"
            )
        return (input_shape[0], length, input_shape[2])

    def call(self, inputs):
        shape = self.compute_output_shape(tuple(inputs.shape), "inputs.shape")
        starts = (0, self.cropping[0], 0)
        stops = tuple(a + n for a, n in zip(starts, shape, strict=True))
        return run_op(_CROP, inputs, starts=starts, stops=stops)

    def get_config(self) -> dict:
        return {**super().get_config(), "cropping": self.cropping}


class _CroppingND(_NdimLayer):
    """Crops ``len(self.cropping)`` spatial axes (channels first or last)."""

    def compute_output_shape(self, input_shape, label="input_shape"):
        shape = list(input_shape)
        axes = self._spatial_axes(len(self.cropping))
        if any(shape[a] is not None and sum(c) >= shape[a] for a, c in zip(axes, self.cropping, strict=True)):
            raise ValueError(
                "Values in `cropping` argument should be smaller than the corresponding spatial "
                f"dimension of the input. Received: {label}={tuple(input_shape)}, "
                f"cropping={self.cropping}"
            )
        for a, c in zip(axes, self.cropping, strict=True):
            shape[a] = None if shape[a] is None else shape[a] - c[0] - c[1]
        return tuple(shape)

    def call(self, inputs):
        shape = self.compute_output_shape(tuple(inputs.shape), "inputs.shape")
        starts = [0] * self.ndim
        for a, c in zip(self._spatial_axes(len(self.cropping)), self.cropping, strict=True):
            starts[a] = c[0]
        return run_op(
            _CROP,
            inputs,
            starts=tuple(starts),
            stops=tuple(a + n for a, n in zip(starts, shape, strict=True)),
        )

    def get_config(self) -> dict:
        return {**super().get_config(), "cropping": self.cropping, "data_format": self.data_format}


class Cropping2D(_CroppingND):
    """Crops the height and width axes: ``cropping`` an int, ``(h, w)`` or
    ``((top, bottom), (left, right))``.

    >>> import tapejax as tf
    >>> tf.keras.layers.Cropping2D(((1, 0), (0, 2)))(tf.ones([1, 4, 4, 3])).shape
    TensorShape([1, 3, 2, 3])
    """

    ndim = 4

    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.cropping = _pairs(cropping, "cropping", True)


class Cropping3D(_CroppingND):
    """Crops the three spatial axes: ``cropping`` an int, 3 ints or 3 ``(start, end)`` pairs.

    >>> import tapejax as tf
    >>> tf.keras.layers.Cropping3D(((1, 0), (0, 2), 1))(tf.ones([1, 4, 4, 4, 3])).shape
    TensorShape([1, 3, 2, 2, 3])
    """

    ndim = 5

    def __init__(self, cropping=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs):
        _NdimLayer.__init__(self, **kwargs)
        self.data_format = standardize_data_format(data_format)
        self.cropping = _triples(cropping, "cropping", True)
