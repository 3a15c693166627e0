"""``keras.ops.nn``'s convolutions and pooling (``conv``, ``depthwise_conv``,
``separable_conv``, ``conv_transpose``, ``max_pool``, ``average_pool``) and
``depth_to_space``/``space_to_depth``, as Keras' TensorFlow backend computes them: tapejax's
``tf.nn`` ops (TF's padding rules and gradients), ``channels_first`` inputs through TF's
``NC...`` formats or, for pooling, transposed to ``channels_last`` and back. Each is a Keras
operation (``Conv``, ``MaxPool``...) through ``function_op.operation``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ..backend import tf
from ..backend.config import standardize_data_format
from ..utils.conv_utils import tf_data_format, transpose_output_size
from .core import convert_to_tensor
from .function_op import jax_op, operation

_NN = "keras.src.ops.nn"


def _tf_format(data_format: str, ndim: int) -> str:
    return tf_data_format(data_format, ndim - 2)


def _tuple(value, n: int) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,) * n


def _to_last(x):
    n = len(x.shape)
    return tf.transpose(x, (0, *range(2, n), 1))


def _to_first(x):
    n = len(x.shape)
    return tf.transpose(x, (0, n - 1, *range(1, n - 1)))


def _check_output(result, inputs) -> None:
    if 0 in result.shape.as_list() and 0 not in inputs.shape.as_list():
        raise ValueError(
            "The convolution operation resulted in an empty output. Output shape:"
            f" {result.shape}. This can happen if the input is too small for the given kernel size, "
            "strides, dilation rate, and padding mode. Please check the input shape and convolution "
            "parameters."
        )


@operation("Conv", "strides padding data_format dilation_rate", module=_NN)
def conv(inputs, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """The N-D convolution of ``inputs`` (batch, spatial..., channels) with ``kernel``
    (spatial..., in_channels, out_channels)."""
    data_format = standardize_data_format(data_format)
    inputs, kernel = convert_to_tensor(inputs), convert_to_tensor(kernel)
    result = tf.nn.convolution(
        inputs,
        kernel,
        strides,
        padding.upper(),
        data_format=_tf_format(data_format, len(inputs.shape)),
        dilations=dilation_rate,
    )
    _check_output(result, inputs)
    return result


def _as_2d(inputs, data_format: str):
    """A 1-D input as a 2-D one of height 1 (as Keras' TF backend runs 1-D depthwise ops)."""
    return tf.expand_dims(inputs, 1 if data_format == "channels_last" else 2)


@operation("DepthwiseConv", "strides padding data_format dilation_rate", module=_NN)
def depthwise_conv(inputs, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """Each input channel convolved with its own ``kernel[..., c, :]`` filters."""
    data_format = standardize_data_format(data_format)
    inputs, kernel = convert_to_tensor(inputs), convert_to_tensor(kernel)
    one_d = len(inputs.shape) == 3
    if one_d:
        inputs, kernel = _as_2d(inputs, data_format), tf.expand_dims(kernel, 0)
    n = 2
    strides, dilation_rate = _tuple(strides, 1 if one_d else n), _tuple(dilation_rate, 1 if one_d else n)
    if one_d:
        strides, dilation_rate = (1, *strides), (1, *dilation_rate)
    stride4 = (1, *strides, 1) if data_format == "channels_last" else (1, 1, *strides)
    result = tf.nn.depthwise_conv2d(
        inputs,
        kernel,
        stride4,
        padding.upper(),
        data_format=_tf_format(data_format, 4),
        dilations=dilation_rate,
    )
    if one_d:
        result = tf.squeeze(result, 1 if data_format == "channels_last" else 2)
    return result


@operation("SeparableConv", "strides padding data_format dilation_rate", module=_NN)
def separable_conv(
    inputs, depthwise_kernel, pointwise_kernel, strides=1, padding="valid", data_format=None, dilation_rate=1
):
    """A depthwise convolution followed by a 1x1 ``pointwise_kernel`` convolution."""
    data_format = standardize_data_format(data_format)
    depthwise = depthwise_conv(inputs, depthwise_kernel, strides, padding, data_format, dilation_rate)
    return conv(depthwise, pointwise_kernel, strides=1, padding="valid", data_format=data_format)


@operation("ConvTranspose", "strides padding output_padding data_format dilation_rate", module=_NN)
def conv_transpose(
    inputs, kernel, strides=1, padding="valid", output_padding=None, data_format=None, dilation_rate=1
):
    """The transposed (fractionally strided) convolution of ``inputs`` with ``kernel``
    (spatial..., out_channels, in_channels)."""
    data_format = standardize_data_format(data_format)
    inputs, kernel = convert_to_tensor(inputs), convert_to_tensor(kernel)
    n = len(inputs.shape) - 2
    shape = inputs.shape.as_list()
    spatial = shape[1:-1] if data_format == "channels_last" else shape[2:]
    channels = shape[-1] if data_format == "channels_last" else shape[1]
    if channels is not None and channels != kernel.shape[-1]:
        raise ValueError(
            "Input channel and kernel channel must match in conv_transpose, but received input "
            f"channel {channels} and kernel channel {kernel.shape[-1]}."
        )
    strides_, dilations = _tuple(strides, n), _tuple(dilation_rate, n)
    paddings = _tuple(output_padding, n)
    sizes = [
        transpose_output_size(s, k, st, padding.lower(), op, d)
        for s, k, st, op, d in zip(
            spatial, kernel.shape.as_list()[:-2], strides_, paddings, dilations, strict=True
        )
    ]
    filters = kernel.shape[-2]
    out = [shape[0], *sizes, filters] if data_format == "channels_last" else [shape[0], filters, *sizes]
    return tf.nn.conv_transpose(
        inputs,
        kernel,
        out,
        strides,
        padding=padding.upper(),
        data_format=_tf_format(data_format, len(shape)),
        dilations=dilation_rate,
    )


def _pool(op, inputs, pool_size, strides, padding, data_format):
    data_format = standardize_data_format(data_format)
    inputs = convert_to_tensor(inputs)
    strides = pool_size if strides is None else strides
    first = data_format == "channels_first"
    x = _to_last(inputs) if first else inputs
    out = op(x, pool_size, strides, padding.upper(), _tf_format("channels_last", len(inputs.shape)))
    return _to_first(out) if first else out


@operation("MaxPool", "pool_size strides padding data_format", module=_NN)
def max_pool(inputs, pool_size, strides=None, padding="valid", data_format=None):
    """The maximum over each ``pool_size`` window (``strides`` apart: ``pool_size`` by default)."""
    return _pool(tf.nn.max_pool, inputs, pool_size, strides, padding, data_format)


@operation("AveragePool", "pool_size strides padding data_format", module=_NN)
def average_pool(inputs, pool_size, strides=None, padding="valid", data_format=None):
    """The mean over each ``pool_size`` window (``'same'`` padding: over the window's inputs)."""
    return _pool(tf.nn.avg_pool, inputs, pool_size, strides, padding, data_format)


def _check_block(block_size) -> None:
    if block_size < 2:
        raise ValueError(f"`block_size` must be at least 2. Received: block_size={block_size}")


@operation("DepthToSpace", "block_size data_format", module=_NN)
def depth_to_space(x, block_size, data_format="channels_last"):
    """Blocks of ``block_size**2`` channels moved into ``block_size`` x ``block_size`` pixels."""
    data_format = standardize_data_format(data_format)
    _check_block(block_size)
    return tf.nn.depth_to_space(convert_to_tensor(x), block_size, data_format=_tf_format(data_format, 4))


@operation("SpaceToDepth", "block_size data_format", module=_NN)
def space_to_depth(x, block_size, data_format="channels_last"):
    """``block_size`` x ``block_size`` pixel blocks moved into channels."""
    data_format = standardize_data_format(data_format)
    _check_block(block_size)
    return tf.nn.space_to_depth(convert_to_tensor(x), block_size, data_format=_tf_format(data_format, 4))


def _pair(value) -> tuple:
    return (value, value) if isinstance(value, int) else tuple(value)


def _unfold(x, kernel, dilation, padding, stride):
    # (N, C, H, W) -> (N, C*kH*kW, L): each block's values, channel-major as torch's unfold.
    n, c = x.shape[0], x.shape[1]
    patches = jax.lax.conv_general_dilated_patches(
        x, kernel, stride, [(p, p) for p in padding], rhs_dilation=dilation
    )
    return patches.reshape(n, c * kernel[0] * kernel[1], -1)


def _fold(x, output_size, kernel, dilation, padding, stride):
    # The adjoint of unfold: each block added back where it came from (col2im).
    n, ck = x.shape[0], x.shape[1]
    c = ck // (kernel[0] * kernel[1])
    blank = jax.ShapeDtypeStruct((n, c, *output_size), x.dtype)
    (out,) = jax.linear_transpose(lambda i: _unfold(i, kernel, dilation, padding, stride), blank)(x)
    return out


_UNFOLD = jax_op("Unfold", _unfold)
_FOLD = jax_op("Fold", _fold)


@operation("Unfold", "kernel_size dilation padding stride", module=_NN)
def unfold(x, kernel_size, dilation=1, padding=0, stride=1):
    """The sliding ``kernel_size`` blocks of an (N, C, H, W) ``x`` as (N, C*kH*kW, blocks)."""
    return _UNFOLD(
        convert_to_tensor(x),
        kernel=_pair(kernel_size),
        dilation=_pair(dilation),
        padding=_pair(padding),
        stride=_pair(stride),
    )


@operation("Fold", "output_size kernel_size dilation padding stride", module=_NN)
def fold(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Blocks (N, C*kH*kW, L) summed back into an (N, C, *output_size) tensor (``unfold``'s
    adjoint)."""
    return _FOLD(
        convert_to_tensor(x),
        output_size=_pair(output_size),
        kernel=_pair(kernel_size),
        dilation=_pair(dilation),
        padding=_pair(padding),
        stride=_pair(stride),
    )


def _adaptive(x, *, output_size, reduce, channels_first):
    # Output cell i of an axis of n inputs pools inputs floor(i n / out) .. ceil((i + 1) n / out)
    # (PyTorch's and Keras' windows); the windows are products of intervals, so pooling one
    # axis at a time gives the same maximum or mean.
    first_spatial = 2 if channels_first else 1
    fn = jnp.max if reduce == "max" else jnp.mean
    for k, out in enumerate(output_size):
        axis = first_spatial + k
        n = x.shape[axis]
        cells = [
            fn(
                jax.lax.slice_in_dim(x, (i * n) // out, -(-((i + 1) * n) // out), axis=axis),
                axis=axis,
                keepdims=True,
            )
            for i in range(out)
        ]
        x = jnp.concatenate(cells, axis=axis)
    return x


_ADAPTIVE = jax_op("AdaptivePool", _adaptive)


def _adaptive_pool(inputs, output_size, data_format, reduce: str):
    data_format = standardize_data_format(data_format)
    inputs = convert_to_tensor(inputs)
    n = len(inputs.shape) - 2
    sizes = (output_size,) * n if isinstance(output_size, int) else tuple(output_size)
    return _ADAPTIVE(inputs, output_size=sizes, reduce=reduce, channels_first=data_format == "channels_first")


@operation("AdaptiveMaxPool", "output_size data_format", module=_NN)
def adaptive_max_pool(inputs, output_size, data_format=None):
    """The maximum over ``output_size`` windows that tile the spatial axes (as PyTorch's)."""
    return _adaptive_pool(inputs, output_size, data_format, "max")


@operation("AdaptiveAveragePool", "output_size data_format", module=_NN)
def adaptive_average_pool(inputs, output_size, data_format=None):
    """The mean over ``output_size`` windows that tile the spatial axes (as PyTorch's)."""
    return _adaptive_pool(inputs, output_size, data_format, "mean")
