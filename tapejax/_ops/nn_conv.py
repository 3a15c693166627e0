"""Convolution and pooling (``tf.nn.conv2d``, ``max_pool2d`` ...) over ``jax.lax``.

Layouts are TF's: channels last (``NWC``, ``NHWC``, ``NDHWC``) by default, channels first
(``NC...``) if asked; filters are ``[spatial..., in_channels, out_channels]``. ``SAME``
padding puts the extra row at the end, as TF (and XLA); average pooling divides by the number
of real (unpadded) elements, as TF. Gradients are JAX's; on the CPU, convolutions go through
``conv_lowering.py``, which lowers them to forms XLA:CPU runs fast.
"""

from __future__ import annotations

import jax
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values.errors import InvalidArgumentError
from .._core.values.shape import dims_text
from .._core.values.tensor import Tensor
from . import conv_lowering
from .array_ops import reshape
from .builders import FLOAT, REAL, check_dtype, check_same_dtype, convert_like


def _per_dim(value, n: int, name: str, default=1, channels_first: bool = False) -> tuple:
    """TF's int-or-list spatial arguments (``strides=2``, ``[1, 2, 2, 1]``, channels first
    ``[1, 1, 2, 2]``) -> n ints."""
    if value is None:
        return (default,) * n
    values = [int(v) for v in (value if isinstance(value, (list, tuple)) else [value])]
    if len(values) == 1:
        return tuple(values) * n
    if len(values) == n:
        return tuple(values)
    if len(values) == n + 2:
        return tuple(values[2:] if channels_first else values[1:-1])
    raise ValueError(f"{name} should be of length 1, {n} or {n + 2}, got {values}.")


def _padding(padding, n: int, channels_first: bool, op_name: str):
    if isinstance(padding, str):
        if padding.upper() not in ("SAME", "VALID"):
            raise InvalidArgumentError(
                f"Value for attr 'padding' of \"{padding}\" is not in the list of allowed values: "
                f'"SAME", "VALID", "EXPLICIT" [Op:{op_name}]. Pass padding=\'SAME\', \'VALID\', or '
                "explicit [before, after] pairs, one per dimension."
            )
        return padding.upper()
    pairs = [tuple(int(v) for v in p) for p in padding]
    if len(pairs) != n + 2:
        raise ValueError(f"explicit padding needs {n + 2} pairs, got {len(pairs)}.")
    return tuple(pairs[2:] if channels_first else pairs[1:-1])


def _conv_op_name(n: int) -> str:
    """TF's kernel for ``n`` spatial dimensions (conv1d runs Conv2D on an expanded input)."""
    return "Conv3D" if n == 3 else "Conv2D"


def _layout(x: Tensor, data_format, op_name: str, rank: int | None = None):
    n = x.ndim - 2
    if n < 1 or (rank is not None and x.ndim != rank):
        what = "convolution input" if op_name.startswith("Conv") else "pooling input"
        raise InvalidArgumentError(
            f"{what} must be {rank or 'at least 3'}-dimensional: {dims_text(x.shape)} [Op:{op_name}]. "
            "Pass [batch, spatial..., channels] (channels first with data_format='NC...')."
        )
    channels_first = bool(data_format) and data_format.startswith("NC")
    spatial = "DHW"[-n:] if n <= 3 else "".join(chr(ord("a") + i) for i in range(n))
    lhs = ("NC" + spatial) if channels_first else ("N" + spatial + "C")
    return n, channels_first, lhs, spatial


def _conv(x, w, strides, padding, dilations, numbers):
    return conv_lowering.conv(x, w, strides, padding, rhs_dilation=dilations, dimension_numbers=numbers)


_CONV = Op("Conv", _conv)


def convolution(
    input,
    filters,
    strides=None,
    padding="VALID",
    data_format=None,
    dilations=None,  # noqa: A002
    name=None,
) -> Tensor:
    """N-d convolution (``tf.nn.convolution``); 1, 2 or 3 spatial dims."""
    x = convert_to_tensor(input)
    w = convert_like(filters, x)
    check_same_dtype("Conv", (x, w))
    check_dtype("Conv", FLOAT | frozenset({"int32"}), x)
    n, channels_first, lhs, spatial = _layout(x, data_format, "Conv")
    if w.ndim != n + 2:
        raise ValueError(f"filters must have rank {n + 2} ([{', '.join(spatial)}, in, out]), got {w.shape}.")
    c_in = x.shape[1 if channels_first else -1]
    if w.shape[-2] == 0 or c_in % w.shape[-2]:
        raise InvalidArgumentError(
            f"input depth must be evenly divisible by filter depth: {c_in} vs {w.shape[-2]} [Op:Conv2D]"
        )
    static = {
        "strides": _per_dim(strides, n, "strides", channels_first=channels_first),
        "padding": _padding(padding, n, channels_first, _conv_op_name(n)),
        "dilations": _per_dim(dilations, n, "dilations", channels_first=channels_first),
        "numbers": (lhs, spatial + "IO", lhs),
    }
    return record(_CONV, (x, w), static)


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None) -> Tensor:  # noqa: A002
    """2-D convolution of ``[batch, height, width, in]`` by ``[fh, fw, in, out]`` (``tf.nn.conv2d``).

    As in TF, ``batch`` may be several dimensions (an input of rank 5 or more).

    >>> import tapejax as tf
    >>> x = tf.reshape(tf.range(9.0), (1, 3, 3, 1))
    >>> tf.nn.conv2d(x, tf.ones((2, 2, 1, 1)), strides=1, padding="VALID")[0, :, :, 0]
    <tf.Tensor: shape=(2, 2), dtype=float32, numpy=
    array([[ 8., 12.],
           [20., 24.]], dtype=float32)>
    """
    x = convert_to_tensor(input)
    if x.ndim > 4:  # TF's batch_shape + [height, width, channels]: one batch dimension for the kernel
        out = conv2d(reshape(x, (-1, *x.shape[-3:])), filters, strides, padding, data_format, dilations)
        return reshape(out, (*x.shape[:-3], *out.shape[1:]))
    _layout(x, data_format, "Conv2D", rank=4)
    return convolution(x, filters, strides, padding, data_format, dilations)


def conv1d(input, filters, stride, padding, data_format="NWC", dilations=None, name=None) -> Tensor:  # noqa: A002
    """1-D convolution of ``[batch, width, in]`` by ``[fw, in, out]`` (``tf.nn.conv1d``)."""
    x = convert_to_tensor(input)
    _layout(x, data_format, "Conv2D", rank=3)
    return convolution(x, filters, stride, padding, data_format, dilations)


def _window(x, ksize, strides, padding, n, channels_first):
    dims = (1, 1, *ksize) if channels_first else (1, *ksize, 1)
    steps = (1, 1, *strides) if channels_first else (1, *strides, 1)
    if not isinstance(padding, str):
        padding = ((0, 0), (0, 0), *padding) if channels_first else ((0, 0), *padding, (0, 0))
    return dims, steps, padding


def _max_pool(x, dims, steps, padding, dilation=None):
    return conv_lowering.max_pool(x, dims, steps, padding, dilation)


def _avg_pool(x, dims, steps, padding, dilation=None):
    zero = np.zeros((), x.dtype)
    window = {"window_dilation": dilation}
    total = jax.lax.reduce_window(x, zero, jax.lax.add, dims, steps, padding, **window)
    count = jax.lax.reduce_window(
        np.ones(x.shape, x.dtype), zero, jax.lax.add, dims, steps, padding, **window
    )
    return total / count


_MAX_POOL = Op("MaxPool", _max_pool)
_AVG_POOL = Op("AvgPool", _avg_pool)


def _pool(op, input, ksize, strides, padding, data_format, rank=None, dilations=None, dtypes=None) -> Tensor:  # noqa: A002
    """Records pooling ``op`` (a max or an average, 1-3 spatial dims; ``dilations`` spread the
    window as ``tf.nn.pool``'s)."""
    x = convert_to_tensor(input)
    check_dtype(op.name, dtypes or (FLOAT if op.fn is _avg_pool else REAL), x)
    n, channels_first, _, _ = _layout(x, data_format, op.name, rank)
    ksize = _per_dim(ksize, n, "ksize", channels_first=channels_first)
    strides = _per_dim(strides, n, "strides", channels_first=channels_first)
    dims, steps, pads = _window(
        x, ksize, strides, _padding(padding, n, channels_first, op.name), n, channels_first
    )
    static = {"dims": dims, "steps": steps, "padding": pads}
    if dilations is not None and max(dilations) > 1:
        static["dilation"] = (1, 1, *dilations) if channels_first else (1, *dilations, 1)
    return record(op, (x,), static)


def max_pool(input, ksize, strides, padding, data_format=None, name=None) -> Tensor:  # noqa: A002
    """N-d max pooling (``tf.nn.max_pool``); the gradient goes to the first maximum of a window."""
    return _pool(_MAX_POOL, input, ksize, strides, padding, data_format)


def avg_pool(input, ksize, strides, padding, data_format=None, name=None) -> Tensor:  # noqa: A002
    """N-d average pooling (``tf.nn.avg_pool``); padded cells are not counted."""
    return _pool(_AVG_POOL, input, ksize, strides, padding, data_format)


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None) -> Tensor:  # noqa: A002
    """2-D max pooling of ``[batch, height, width, channels]`` (``tf.nn.max_pool2d``)."""
    return _pool(_MAX_POOL, input, ksize, strides, padding, data_format, rank=4)


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None) -> Tensor:  # noqa: A002
    """2-D average pooling of ``[batch, height, width, channels]`` (``tf.nn.avg_pool2d``)."""
    return _pool(_AVG_POOL, input, ksize, strides, padding, data_format, rank=4)


def max_pool1d(input, ksize, strides, padding, data_format="NWC", name=None) -> Tensor:  # noqa: A002
    """1-D max pooling of ``[batch, width, channels]``."""
    return _pool(_MAX_POOL, input, ksize, strides, padding, data_format, rank=3)


def avg_pool1d(input, ksize, strides, padding, data_format="NWC", name=None) -> Tensor:  # noqa: A002
    """1-D average pooling of ``[batch, width, channels]``."""
    return _pool(_AVG_POOL, input, ksize, strides, padding, data_format, rank=3)
