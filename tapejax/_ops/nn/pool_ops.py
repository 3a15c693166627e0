"""``tf.nn``'s pooling beyond ``max_pool``/``avg_pool`` 1-2 d: ``max_pool3d``, ``avg_pool3d``,
``pool`` (N-d, with TF's dilated windows) and ``max_pool_with_argmax``.

Max pooling goes through ``conv_lowering.max_pool`` (the gradient to each window's first
maximum, as TF; a fast form on the CPU), ``argmax`` through ``conv_lowering.max_pool_argmax``.
"""

from __future__ import annotations

import collections

import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values import dtype as _dtypes
from ..._core.values.tensor import Tensor
from .. import conv_lowering
from ..builders import REAL, check_dtype, check_dtype_attr
from ..nn_conv import _AVG_POOL, _MAX_POOL, _avg_pool, _layout, _max_pool, _per_dim, _pool

_MAX_POOL_3D = Op("MaxPool3D", _max_pool)
_AVG_POOL_3D = Op("AvgPool3D", _avg_pool)


def max_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None) -> Tensor:  # noqa: A002
    """3-D max pooling of ``[batch, depth, height, width, channels]`` (``tf.nn.max_pool3d``)."""
    dtypes = ("float16", "bfloat16", "float32")
    return _pool(_MAX_POOL_3D, input, ksize, strides, padding, data_format, rank=5, dtypes=dtypes)


def avg_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None) -> Tensor:  # noqa: A002
    """3-D average pooling of ``[batch, depth, height, width, channels]`` (``tf.nn.avg_pool3d``)."""
    dtypes = ("float16", "bfloat16", "float32", "float64")
    return _pool(_AVG_POOL_3D, input, ksize, strides, padding, data_format, rank=5, dtypes=dtypes)


def pool(
    input,  # noqa: A002
    window_shape,
    pooling_type,
    strides=None,
    padding="VALID",
    data_format=None,
    dilations=None,
    name=None,
) -> Tensor:
    """N-d ``"MAX"`` or ``"AVG"`` pooling (``tf.nn.pool``); ``dilations`` spread the window
    (with ``VALID`` padding and unit strides, as TF).

    >>> import tapejax as tf
    >>> tf.nn.pool(tf.reshape(tf.range(6.0), (1, 6, 1)), [2], "MAX", dilations=[2])[0, :, 0]
    <tf.Tensor: shape=(4,), dtype=float32, numpy=array([2., 3., 4., 5.], dtype=float32)>
    """
    x = convert_to_tensor(input)
    n = len(window_shape)
    if x.ndim != n + 2:
        raise ValueError(
            f"input must have rank {n + 2} for a window_shape of {n} dimensions, got shape {x.shape}. "
            "Pass [batch, spatial..., channels]."
        )
    if pooling_type not in ("MAX", "AVG"):
        raise ValueError(f"{n}-D {pooling_type} pooling is not supported.")
    channels_first = bool(data_format) and data_format.startswith("NC")
    rates = _per_dim(dilations, n, "dilations", channels_first=channels_first)
    steps = _per_dim(strides, n, "strides", channels_first=channels_first)
    if max(rates) > 1:
        if isinstance(padding, str) and padding.upper() == "SAME":
            raise ValueError(
                "pooling with 'SAME' padding is not implemented for `dilation_rate` > 1. Received: "
                f"padding={padding} and dilation_rate={list(rates)}"
            )
        if max(steps) > 1:
            raise ValueError(
                "`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: "
                f"strides={list(steps)} and dilation_rate={list(rates)}"
            )
    ops = (_MAX_POOL_3D, _AVG_POOL_3D) if n == 3 else (_MAX_POOL, _AVG_POOL)
    op = ops[pooling_type == "AVG"]
    return _pool(op, x, list(window_shape), list(steps), padding, data_format, dilations=rates)


MaxPoolWithArgmax = collections.namedtuple("MaxPoolWithArgmax", ["output", "argmax"])


def _argmax(x, *, dims, steps, padding, per_example, dtype):
    index = conv_lowering.max_pool_argmax(x, dims, steps, padding)
    if per_example:
        index = index % (x.size // x.shape[0])
    return index.astype(dtype)


_ARGMAX = Op("MaxPoolWithArgmax", _argmax, differentiable=False)


def max_pool_with_argmax(
    input,  # noqa: A002
    ksize,
    strides,
    padding,
    data_format="NHWC",
    output_dtype=_dtypes.int64,
    include_batch_in_index=False,
    name=None,
):
    """2-D max pooling and, per window, the flat index of its first maximum:
    ``((b * height + y) * width + x) * channels + c``, ``b`` counted only with
    ``include_batch_in_index`` (``tf.nn.max_pool_with_argmax``). The output's gradient goes to
    that element, as TF's; the indices have none.
    """
    if data_format != "NHWC":
        raise ValueError(
            f"`data_format` values other  than 'NHWC' are not supported. Received: data_format={data_format}"
        )
    dtype = _dtypes.as_dtype(output_dtype)
    check_dtype_attr("MaxPoolWithArgmax", ("int32", "int64"), dtype, attr="Targmax")
    x = convert_to_tensor(input)
    check_dtype("MaxPoolWithArgmax", REAL, x)
    _layout(x, "NHWC", "MaxPoolWithArgmax", rank=4)
    output = _pool(_MAX_POOL, x, ksize, strides, padding, "NHWC", rank=4)
    k, s = _per_dim(ksize, 2, "ksize"), _per_dim(strides, 2, "strides")
    static = {
        "dims": (1, *k, 1),
        "steps": (1, *s, 1),
        "padding": padding.upper(),
        "per_example": not include_batch_in_index,
        "dtype": jnp.dtype(dtype.name),
    }
    return MaxPoolWithArgmax(output, record(_ARGMAX, (x,), static))
