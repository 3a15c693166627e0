"""``tf.nn``'s convolutions beyond ``conv1d``/``conv2d``/``convolution``: ``conv3d``, the
transposed ones (``conv_transpose``, ``conv1d/2d/3d_transpose``, ``atrous_conv2d_transpose``),
``atrous_conv2d``, ``depthwise_conv2d`` with its two backprops, and ``separable_conv2d``.

Each is one op over ``conv_lowering`` (the one place convolutions are lowered, to fast forms on
the CPU): a transposed convolution is ``conv_lowering.conv_transpose``, a depthwise one a
convolution with one group per input channel, its backprops JAX's transposes of that
convolution (``jax.vjp``, linear in the argument asked for). Filters and layouts are TF's;
channels first (``NC...``) and dilated transposes run everywhere (TF's CPU kernels refuse
them, its GPU kernels run them). Gradients are JAX's, of the same functions.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.access import np_dtype
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.tensor import Tensor
from .. import conv_lowering
from ..builders import check_dtype, check_same_dtype, convert_like
from ..nn_conv import _layout, _padding, _per_dim, convolution
from ..shape_ops import get_static_value

_FLOATS = ("float16", "bfloat16", "float32", "float64")  # in TF's order, for its message


def _spatial(value, n: int, name: str, op_name: str, channels_first: bool = False) -> tuple:
    """``strides``/``dilations`` -> n ints; a full-rank list must have 1 at batch and channels."""
    if isinstance(value, (list, tuple)) and len(value) == n + 2:
        outer = (value[0], value[1]) if channels_first else (value[0], value[-1])
        if outer != (1, 1):
            raise InvalidArgumentError(
                f"Current implementation does not yet support {name} in the batch and depth "
                f"dimensions. [Op:{op_name}] Pass {name} with 1 for the batch and channel dimensions."
            )
    return _per_dim(value, n, name, channels_first=channels_first)


def _forward_size(size: int, k: int, s: int, d: int, pad) -> int:
    """The length a forward convolution gives an input of length ``size``."""
    window = (k - 1) * d + 1
    if pad == "SAME":
        return -(-size // s)
    lo, hi = (0, 0) if pad == "VALID" else pad
    return max(size + lo + hi - window, -1) // s + 1


def _conv_numbers(x: Tensor, data_format, op_name: str, rank: int | None = None):
    n, channels_first, lhs, spatial = _layout(x, data_format, op_name, rank)
    return n, channels_first, (lhs, spatial + "IO", lhs)


# -- conv3d --------------------------------------------------------------------------------------
def conv3d(input, filters, strides, padding, data_format="NDHWC", dilations=None, name=None) -> Tensor:  # noqa: A002
    """3-D convolution of ``[batch, depth, height, width, in]`` by ``[fd, fh, fw, in, out]``."""
    x = convert_to_tensor(input)
    check_dtype("Conv3D", _FLOATS, x)
    _layout(x, data_format, "Conv3D", rank=5)
    first = bool(data_format) and data_format.startswith("NC")
    strides = _spatial(strides, 3, "strides", "Conv3D", first)
    return convolution(
        x, filters, strides, padding, data_format, _spatial(dilations, 3, "dilations", "Conv3D", first)
    )


# -- transposed convolutions ---------------------------------------------------------------------
def _transpose(x, w, *, out_shape, strides, padding, dilations, numbers):
    return conv_lowering.conv_transpose(
        x, w, out_shape, strides, padding, rhs_dilation=dilations, dimension_numbers=numbers
    )


_TRANSPOSE = {
    n: Op("Conv3DBackpropInputV2" if n == 3 else "Conv2DBackpropInput", _transpose) for n in (1, 2, 3)
}


def _static_shape(output_shape, what: str = "output_shape") -> tuple:
    value = get_static_value(output_shape)
    if value is None:
        raise ValueError(
            f"{what} must be known when the op is traced (a list, or a constant tensor); it depends "
            "on a traced value here. Compute it from static shapes (x.shape) instead."
        )
    return tuple(int(v) for v in np.ravel(np.asarray(value)).tolist())


def conv_transpose(
    input,  # noqa: A002
    filters,
    output_shape,
    strides,
    padding="SAME",
    data_format=None,
    dilations=None,
    name=None,
) -> Tensor:
    """The transpose of ``convolution`` (its gradient with respect to the input): ``input`` of
    the convolution's output shape, ``filters`` ``[spatial..., out_channels, in_channels]``, the
    result of shape ``output_shape`` (``tf.nn.conv_transpose``; 1, 2 or 3 spatial dims).

    >>> import tapejax as tf
    >>> y = tf.nn.conv_transpose(tf.ones((1, 2, 1)), tf.ones((2, 1, 1)), [1, 4, 1], strides=2)
    >>> y[0, :, 0]
    <tf.Tensor: shape=(4,), dtype=float32, numpy=array([1., 1., 1., 1.], dtype=float32)>
    """
    shape = _static_shape(output_shape)
    if len(shape) not in (3, 4, 5):
        raise ValueError(
            f"`output_shape` must be of length 3, 4 or 5. Received: output_shape={list(shape)} "
            f"of length {len(shape)}."
        )
    n = len(shape) - 2
    op = _TRANSPOSE[n]
    x = convert_to_tensor(input)
    w = convert_like(filters, x)
    check_same_dtype(op.name, (x, w))
    check_dtype(op.name, _FLOATS if n == 3 else (*_FLOATS, "int32"), x)
    if x.ndim != n + 2 or w.ndim != n + 2:
        raise InvalidArgumentError(
            f"input and filters must be {n + 2}-dimensional, as output_shape {list(shape)}: got "
            f"{list(x.shape)} and {list(w.shape)} [Op:{op.name}]"
        )
    _, channels_first, numbers = _conv_numbers(x, data_format, op.name)
    static = {
        "out_shape": shape,
        "strides": _spatial(strides, n, "strides", op.name, channels_first),
        "padding": _padding(padding, n, channels_first, op.name),
        "dilations": _spatial(dilations, n, "dilations", op.name, channels_first),
        "numbers": numbers,
    }
    _check_transpose(x, w, static, channels_first, op.name)
    return record(op, (x, w), static)


def _check_transpose(x, w, static, channels_first: bool, op_name: str) -> None:
    shape, c = static["out_shape"], 1 if channels_first else -1
    if shape[0] != x.shape[0]:
        raise InvalidArgumentError(
            f"input and out_backprop must have the same batch size. Input batch: {shape[0]}, "
            f"outbackprop batch: {x.shape[0]}, batch_dim: 0 [Op:{op_name}]"
        )
    if x.shape[c] != w.shape[-1]:
        raise InvalidArgumentError(
            f"filter and out_backprop must have the same out_depth: the filter's last dimension is "
            f"{w.shape[-1]}, the input has {x.shape[c]} channels [Op:{op_name}]"
        )
    if shape[c] != w.shape[-2]:
        raise InvalidArgumentError(
            f"input depth must be evenly divisible by filter depth: output_shape has {shape[c]} "
            f"channels, the filter {w.shape[-2]} (filters.shape[-2]) [Op:{op_name}]"
        )
    first = 2 if channels_first else 1
    pads = static["padding"]
    for i, (k, s, d) in enumerate(zip(w.shape[:-2], static["strides"], static["dilations"], strict=True)):
        size, actual = shape[first + i], x.shape[first + i]
        computed = _forward_size(size, k, s, d, pads if isinstance(pads, str) else pads[i])
        if computed != actual:
            raise InvalidArgumentError(
                f"Size of out_backprop doesn't match computed: actual = {actual}, computed = "
                f"{computed} spatial_dim: {first + i} input: {size} filter: {k} output: {actual} "
                f"stride: {s} dilation: {d} [Op:{op_name}]"
            )


def _transpose_of_rank(rank: int, default_format: str):
    def transpose(
        input,
        filters,
        output_shape,
        strides,
        padding="SAME",
        data_format=default_format,
        dilations=None,
        name=None,
    ):  # noqa: A002
        x = convert_to_tensor(input)
        _layout(x, data_format, _TRANSPOSE[rank - 2].name, rank)
        return conv_transpose(x, filters, output_shape, strides, padding, data_format, dilations)

    return transpose


conv1d_transpose = _transpose_of_rank(3, "NWC")
conv1d_transpose.__doc__ = (
    "1-D transposed convolution of ``[batch, width, in]`` (``tf.nn.conv1d_transpose``)."
)
conv2d_transpose = _transpose_of_rank(4, "NHWC")
conv2d_transpose.__doc__ = (
    "2-D transposed convolution of ``[batch, height, width, in]`` (``tf.nn.conv2d_transpose``)."
)
conv3d_transpose = _transpose_of_rank(5, "NDHWC")
conv3d_transpose.__doc__ = "3-D transposed convolution of ``[batch, depth, height, width, in]``."


# -- atrous (dilated) ------------------------------------------------------------------------------
def _check_rate(rate) -> int:
    if int(rate) < 1:
        raise ValueError(f"`rate` cannot be less than one. Received: rate={rate}")
    return int(rate)


def _check_atrous_padding(padding) -> str:
    if not isinstance(padding, str) or padding.upper() not in ("SAME", "VALID"):
        raise ValueError(f"`padding` must be either 'VALID' or 'SAME'. Received: padding={padding}")
    return padding.upper()


def atrous_conv2d(value, filters, rate, padding, name=None) -> Tensor:
    """2-D convolution with the filter dilated by ``rate`` (``tf.nn.atrous_conv2d``), NHWC."""
    if int(rate) < 1:
        raise ValueError(
            f"all values of `dilation_rate` must be positive. Received: dilation_rate=[{rate} {rate}]"
        )
    x = convert_to_tensor(value)
    _layout(x, "NHWC", "Conv2D", 4)
    return convolution(x, filters, 1, _check_atrous_padding(padding), "NHWC", int(rate))


def atrous_conv2d_transpose(value, filters, output_shape, rate, padding, name=None) -> Tensor:
    """The transpose of ``atrous_conv2d`` (``tf.nn.atrous_conv2d_transpose``), NHWC."""
    rate, padding = _check_rate(rate), _check_atrous_padding(padding)
    x = convert_to_tensor(value)
    w = convert_like(filters, x)
    shape = _static_shape(output_shape)
    if x.ndim == 4 and w.ndim == 4 and x.shape[-1] != w.shape[-1]:
        raise ValueError(
            "`value` channel count must be compatible with `filters` input channel count. Received: "
            f"value.shape={x.shape} with channel count {x.shape[-1]} and filters.shape={w.shape} "
            f"with input channel count {w.shape[-1]}."
        )
    if len(shape) == 4 and w.ndim == 4 and shape[-1] != w.shape[-2]:
        raise ValueError(
            "`output_shape` channel count must be compatible with `filters` output channel count. "
            f"Received: output_shape={list(shape)} with channel count {shape[-1]} and "
            f"filters.shape={w.shape} with output channel count {w.shape[-2]}."
        )
    return conv2d_transpose(x, w, shape, 1, padding, "NHWC", rate)


# -- depthwise and separable ---------------------------------------------------------------------
def _depthwise(x, w, *, strides, padding, dilations, numbers):
    channels = x.shape[numbers[0].index("C")]
    w = w.reshape(*w.shape[:-2], 1, w.shape[-2] * w.shape[-1])
    return conv_lowering.conv(
        x,
        w,
        strides,
        padding,
        rhs_dilation=dilations,
        dimension_numbers=numbers,
        feature_group_count=channels,
    )


def _backprop_input(w, dy, *, sizes, **conv):
    x = jnp.zeros(sizes, dy.dtype)
    return jax.vjp(lambda x: _depthwise(x, w, **conv), x)[1](dy)[0]


def _backprop_filter(x, dy, *, sizes, **conv):
    w = jnp.zeros(sizes, dy.dtype)
    return jax.vjp(lambda w: _depthwise(x, w, **conv), w)[1](dy)[0]


def _separable(x, depthwise, pointwise, *, strides, padding, dilations, numbers):
    y = _depthwise(x, depthwise, strides=strides, padding=padding, dilations=dilations, numbers=numbers)
    return conv_lowering.conv(y, pointwise, (1, 1), "VALID", dimension_numbers=numbers)


_DEPTHWISE = Op("DepthwiseConv2dNative", _depthwise)
_BACKPROP_INPUT = Op("DepthwiseConv2dNativeBackpropInput", _backprop_input)
_BACKPROP_FILTER = Op("DepthwiseConv2dNativeBackpropFilter", _backprop_filter)
_SEPARABLE = Op("SeparableConv2D", _separable)


def _depthwise_static(x_shape, w_shape, strides, padding, data_format, dilations, op_name: str) -> dict:
    """Checks a depthwise convolution of ``x_shape`` by ``w_shape``; its static arguments."""
    if len(x_shape) != 4:
        raise InvalidArgumentError(f"input must be 4-dimensional{list(x_shape)} [Op:{op_name}]")
    if len(w_shape) != 4:
        raise InvalidArgumentError(f"filter must be 4-dimensional: {list(w_shape)} [Op:{op_name}]")
    channels_first = bool(data_format) and data_format.startswith("NC")
    depth = x_shape[1 if channels_first else -1]
    if depth != w_shape[-2]:
        raise InvalidArgumentError(
            f"input and filter must have the same depth: {depth} vs {w_shape[-2]} [Op:{op_name}]"
        )
    lhs = "NCHW" if channels_first else "NHWC"
    strides, dilations = (
        _spatial(strides, 2, "strides", op_name, channels_first),
        _spatial(dilations, 2, "dilations", op_name, channels_first),
    )
    if max(strides) > 1 and max(dilations) > 1:
        # TF warns and runs the strides on the space-to-batch phases: not a strided convolution
        raise ValueError(
            f"When dilation rate is greater than 1, then all values of strides must be 1. Received: "
            f"`dilation rate` {list(dilations)} and `strides` {list(strides)}. Use strides=1 and "
            "subsample the result, or dilations=1."
        )
    return {
        "strides": strides,
        "padding": _padding(padding, 2, channels_first, op_name),
        "dilations": dilations,
        "numbers": (lhs, "HWIO", lhs),
    }


def depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None, name=None) -> Tensor:  # noqa: A002
    """Each input channel convolved with its own ``channel_multiplier`` filters: ``filter`` is
    ``[fh, fw, in_channels, channel_multiplier]``, the output has ``in * multiplier`` channels
    (``tf.nn.depthwise_conv2d``)."""
    x = convert_to_tensor(input)
    w = convert_like(filter, x)
    check_same_dtype("DepthwiseConv2dNative", (x, w))
    check_dtype("DepthwiseConv2dNative", _FLOATS, x)
    static = _depthwise_static(
        x.shape, w.shape, strides, padding, data_format, dilations, "DepthwiseConv2dNative"
    )
    return record(_DEPTHWISE, (x, w), static)


def _backprop(op: Op, given, sizes, out_backprop, conv: tuple, kernel: str) -> Tensor:
    """A depthwise convolution's gradient with respect to the argument of shape ``sizes``
    (the input for ``_BACKPROP_INPUT``, the filter otherwise); ``given`` is the other one."""
    t = convert_to_tensor(given)
    dy = convert_like(out_backprop, t)
    check_same_dtype(op.name, (t, dy))
    check_dtype(op.name, _FLOATS, t)
    sizes = _static_shape(sizes, "input_sizes" if op is _BACKPROP_INPUT else "filter_sizes")
    shapes = (sizes, t.shape) if op is _BACKPROP_INPUT else (t.shape, sizes)
    static = _depthwise_static(*shapes, *conv, op.name)
    x, w = (jax.ShapeDtypeStruct(tuple(s), np_dtype(t)) for s in shapes)
    out = jax.eval_shape(lambda x, w: _depthwise(x, w, **static), x, w).shape
    if tuple(dy.shape) != tuple(out):
        raise InvalidArgumentError(
            f"{kernel}: out_backprop has shape {list(dy.shape)}, the convolution gives "
            f"{list(out)} [Op:{op.name}]. Pass the gradient of the convolution's output."
        )
    return record(op, (t, dy), {"sizes": sizes, **static})


def depthwise_conv2d_backprop_input(
    input_sizes,
    filter,  # noqa: A002
    out_backprop,
    strides,
    padding,
    data_format="NHWC",
    dilations=(1, 1, 1, 1),
    name=None,
) -> Tensor:
    """The gradient of ``depthwise_conv2d`` with respect to its input, of shape ``input_sizes``."""
    conv = (strides, padding, data_format, dilations)
    return _backprop(_BACKPROP_INPUT, filter, input_sizes, out_backprop, conv, "DepthwiseConv2DBackpropInput")


def depthwise_conv2d_backprop_filter(
    input,  # noqa: A002
    filter_sizes,
    out_backprop,
    strides,
    padding,
    data_format="NHWC",
    dilations=(1, 1, 1, 1),
    name=None,
) -> Tensor:
    """The gradient of ``depthwise_conv2d`` with respect to its filter, of shape ``filter_sizes``."""
    conv = (strides, padding, data_format, dilations)
    return _backprop(
        _BACKPROP_FILTER, input, filter_sizes, out_backprop, conv, "DepthwiseConv2DBackpropFilter"
    )


def separable_conv2d(
    input,  # noqa: A002
    depthwise_filter,
    pointwise_filter,
    strides,
    padding,
    data_format=None,
    dilations=None,
    name=None,
) -> Tensor:
    """``depthwise_conv2d`` then a ``1x1`` convolution by ``pointwise_filter``
    (``[1, 1, in * multiplier, out]``) (``tf.nn.separable_conv2d``)."""
    x = convert_to_tensor(input)
    dw, pw = convert_like(depthwise_filter, x), convert_like(pointwise_filter, x)
    check_same_dtype("DepthwiseConv2dNative", (x, dw, pw))
    check_dtype("DepthwiseConv2dNative", _FLOATS, x)
    static = _depthwise_static(
        x.shape, dw.shape, strides, padding, data_format, dilations, "DepthwiseConv2dNative"
    )
    if pw.ndim != 4 or tuple(pw.shape[:2]) != (1, 1):
        raise ValueError(f"pointwise_filter must be [1, 1, in * multiplier, out], got shape {pw.shape}.")
    if pw.shape[2] != dw.shape[2] * dw.shape[3]:
        raise InvalidArgumentError(
            f"input depth must be evenly divisible by filter depth: {dw.shape[2] * dw.shape[3]} vs "
            f"{pw.shape[2]} [Op:Conv2D]"
        )
    return record(_SEPARABLE, (x, dw, pw), static)
