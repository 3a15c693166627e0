"""ZeroPadding1D/2D/3D (Keras 3's arguments, errors, shapes and configs; each call one tapejax op)."""

from __future__ import annotations

import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from ...utils.conv_utils import standardize_data_format, standardize_tuple
from .ndim_layer import _NdimLayer

_PAD = Op("Pad", lambda x, *, paddings: jnp.pad(x, paddings))


class ZeroPadding1D(_NdimLayer):
    """Pads the steps axis with zeros: ``padding`` an int or ``(left, right)``.

    >>> import tapejax as tf
    >>> tf.keras.layers.ZeroPadding1D(2)(tf.ones([1, 3, 1])).numpy()[0, :, 0]
    array([0., 0., 1., 1., 1., 0., 0.], dtype=float32)
    """

    ndim = 3

    def __init__(self, padding=1, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.padding = standardize_tuple(padding, 2, "padding", allow_zero=True)

    def _pads(self) -> tuple:
        return (self.padding,)

    def call(self, inputs):
        pads = [(0, 0)] * inputs.ndim
        for axis, pad in zip(self._spatial_axes(len(self._pads())), self._pads(), strict=True):
            pads[axis] = tuple(pad)
        return run_op(_PAD, inputs, paddings=tuple(pads))

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        for axis, pad in zip(self._spatial_axes(len(self._pads())), self._pads(), strict=True):
            if shape[axis] is not None:
                shape[axis] += pad[0] + pad[1]
        return tuple(shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "padding": self.padding, "data_format": self.data_format}


def _pairs(value, name: str, check_negative: bool) -> tuple:
    """Keras' ``((top, bottom), (left, right))`` from an int, 2 ints or 2 pairs."""
    if isinstance(value, int):
        if check_negative and value < 0:
            raise ValueError(f"`{name}` cannot be negative. Received: {name}={value}.")
        return ((value, value), (value, value))
    if hasattr(value, "__len__"):
        if len(value) != 2:
            raise ValueError(f"`{name}` should have two elements. Received: {name}={value}.")
        first, second = f"1st entry of {name}", f"2nd entry of {name}"
        return (
            standardize_tuple(value[0], 2, first, allow_zero=True),
            standardize_tuple(value[1], 2, second, allow_zero=True),
        )
    raise ValueError(
        f"`{name}` should be either an int, a tuple of 2 ints (symmetric_height_crop, "
        "symmetric_width_crop), or a tuple of 2 tuples of 2 ints ((top_crop, bottom_crop), "
        f"(left_crop, right_crop)). Received: {name}={value}."
    )


class ZeroPadding2D(ZeroPadding1D):
    """Pads the height and width axes with zeros: ``padding`` an int, ``(h, w)`` or
    ``((top, bottom), (left, right))``.

    >>> import tapejax as tf
    >>> tf.keras.layers.ZeroPadding2D(((1, 0), (0, 2)))(tf.ones([1, 2, 2, 3])).shape
    TensorShape([1, 3, 4, 3])
    """

    ndim = 4

    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        _NdimLayer.__init__(self, **kwargs)
        self.data_format = standardize_data_format(data_format)
        self.padding = _pairs(padding, "padding", False)

    def _pads(self) -> tuple:
        return self.padding


def _triples(value, name: str, check_negative: bool) -> tuple:
    """Keras' three ``(start, end)`` pairs from an int, 3 ints or 3 pairs (3-D layers)."""
    if isinstance(value, int):
        if check_negative and value < 0:
            raise ValueError(f"`{name}` cannot be negative. Received: {name}={value}.")
        return ((value, value),) * 3
    if hasattr(value, "__len__"):
        if len(value) != 3:
            raise ValueError(f"`{name}` should have 3 elements. Received: {value}.")
        return tuple(
            standardize_tuple(v, 2, f"{nth} entry of {name}", allow_zero=True)
            for v, nth in zip(value, ("1st", "2nd", "3rd"), strict=True)
        )
    raise ValueError(
        f"`{name}` should be either an int, a tuple of 3 ints or a tuple of 3 tuples of 2 ints. "
        f"Received: {value}."
    )


class ZeroPadding3D(ZeroPadding1D):
    """Pads the three spatial axes with zeros: ``padding`` an int, 3 ints or 3 ``(start, end)``
    pairs.

    >>> import tapejax as tf
    >>> tf.keras.layers.ZeroPadding3D(((1, 0), (0, 2), 1))(tf.ones([1, 2, 2, 2, 3])).shape
    TensorShape([1, 3, 4, 4, 3])
    """

    ndim = 5

    def __init__(self, padding=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs):
        _NdimLayer.__init__(self, **kwargs)
        self.data_format = standardize_data_format(data_format)
        self.padding = _triples(padding, "padding", False)

    def _pads(self) -> tuple:
        return self.padding
