"""Shape layers: ZeroPadding1D/2D, Cropping1D/2D, UpSampling1D/2D, Permute, RepeatVector,
Identity (Keras 3's arguments, errors, shapes and configs; each call one tapejax op)."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ._activation_layers import ElementwiseLayer
from ._conv_args import standardize_data_format, standardize_tuple
from ._input_spec import check_input_spec
from ._layer import Layer
from ._layer_op import Op, run_op


def _crop(x, *, starts, stops):
    return x[tuple(slice(a, b) for a, b in zip(starts, stops, strict=True))]


def _upsample(x, *, sizes, interpolation):
    if interpolation == "nearest":
        for axis, size in enumerate(sizes):
            x = jnp.repeat(x, size, axis=axis) if size != 1 else x
        return x
    shape = tuple(d * s for d, s in zip(x.shape, sizes, strict=True))
    return jax.image.resize(x, shape, method=interpolation, antialias=False).astype(x.dtype)


_PAD = Op("Pad", lambda x, *, paddings: jnp.pad(x, paddings))
_CROP = Op("StridedSlice", _crop)
_UPSAMPLE = Op("UpSampling", _upsample)
_TRANSPOSE = Op("Transpose", lambda x, *, perm: jnp.transpose(x, perm))
_REPEAT = Op("RepeatVector", lambda x, *, n: jnp.repeat(x[:, None, :], n, axis=1))


class _NdimLayer(Layer):
    """A layer without weights taking inputs of rank ``ndim`` (Keras' ``InputSpec(ndim=...)``)."""

    ndim = None

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.built = True

    def _check_input(self, inputs) -> None:
        check_input_spec(self, inputs, ndim=self.ndim)

    def _spatial_axes(self, n: int) -> tuple:
        first = 2 if getattr(self, "data_format", "channels_last") == "channels_first" else 1
        return tuple(range(first, first + n))


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


class Cropping2D(_NdimLayer):
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

    def compute_output_shape(self, input_shape, label="input_shape"):
        shape = list(input_shape)
        axes = self._spatial_axes(2)
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
        starts = [0] * 4
        for a, c in zip(self._spatial_axes(2), self.cropping, strict=True):
            starts[a] = c[0]
        return run_op(
            _CROP,
            inputs,
            starts=tuple(starts),
            stops=tuple(a + n for a, n in zip(starts, shape, strict=True)),
        )

    def get_config(self) -> dict:
        return {**super().get_config(), "cropping": self.cropping, "data_format": self.data_format}


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
        for a, s in zip(self._spatial_axes(2), self.size, strict=True):
            shape[a] = None if shape[a] is None else s * shape[a]
        return tuple(shape)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "size": self.size,
            "data_format": self.data_format,
            "interpolation": self.interpolation,
        }


class Permute(_NdimLayer):
    """Permutes the axes after the batch axis: ``dims`` is a permutation of ``1..rank-1``.

    >>> import tapejax as tf
    >>> tf.keras.layers.Permute((2, 1))(tf.ones([4, 2, 3])).shape
    TensorShape([4, 3, 2])
    """

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(dims) != list(range(1, len(dims) + 1)):
            raise ValueError(
                "Invalid permutation argument `dims` for Permute Layer. The set of indices in "
                f"`dims` must be consecutive and start from 1. Received dims={dims}"
            )
        self.ndim = len(self.dims) + 1

    def call(self, inputs):
        return run_op(_TRANSPOSE, inputs, perm=(0, *self.dims))

    def compute_output_shape(self, input_shape):
        return (input_shape[0], *(input_shape[d] for d in self.dims))

    def get_config(self) -> dict:
        return {**super().get_config(), "dims": self.dims}


class RepeatVector(_NdimLayer):
    """Repeats a ``(batch, features)`` input ``n`` times: ``(batch, n, features)``.

    >>> import tapejax as tf
    >>> tf.keras.layers.RepeatVector(3)(tf.ones([2, 4])).shape
    TensorShape([2, 3, 4])
    """

    ndim = 2

    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"Expected an integer value for `n`, got {type(n)}.")
        if n <= 0:
            raise ValueError(f"Argument `n` should be a positive integer. Received: n={n}")
        self.n = n

    def call(self, inputs):
        return run_op(_REPEAT, inputs, n=self.n)

    def compute_output_shape(self, input_shape):
        return (input_shape[0], self.n, input_shape[1])

    def get_config(self) -> dict:
        return {**super().get_config(), "n": self.n}


class Identity(ElementwiseLayer):
    """Returns its input (any structure) unchanged.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.Identity()(tf.constant([1.0])))
    tf.Tensor([1.], shape=(1,), dtype=float32)
    """

    def call(self, inputs):
        return inputs
