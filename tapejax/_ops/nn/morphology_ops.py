"""``tf.nn.dilation2d`` and ``tf.nn.erosion2d``: grayscale morphology, a max (min) over a
window of the input plus (minus) a structuring function, through ``conv_lowering.dilation2d``.
NHWC only, as TF."""

from __future__ import annotations

import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.tensor import Tensor
from .. import conv_lowering
from ..builders import REAL, check_dtype, check_same_dtype, convert_like
from ..nn_conv import _padding, _per_dim


def _dilation(x, w, *, steps, padding, rates):
    return conv_lowering.dilation2d(x, w, steps, padding, rates)


def _erosion(x, w, *, steps, padding, rates):
    return -conv_lowering.dilation2d(-x, jnp.flip(w, (0, 1)), steps, padding, rates)


_DILATION = Op("Dilation2D", _dilation)
_EROSION = Op("Erosion2D", _erosion)


def _morphology(op: Op, value, filters, strides, padding, data_format, dilations) -> Tensor:
    if data_format != "NHWC":
        raise ValueError(
            f"`data_format` values other  than 'NHWC' are not supported. Received: data_format={data_format}"
        )
    x = convert_to_tensor(value)
    w = convert_like(filters, x)
    check_same_dtype("Dilation2D", (x, w))
    check_dtype("Dilation2D", REAL, x)
    if x.ndim != 4 or w.ndim != 3:
        raise InvalidArgumentError(
            f"input must be 4-dimensional and filter 3-dimensional: got {list(x.shape)} and "
            f"{list(w.shape)} [Op:Dilation2D]. Pass [batch, height, width, depth] and "
            "[filter_height, filter_width, depth]."
        )
    if x.shape[-1] != w.shape[-1]:
        raise InvalidArgumentError(
            f"input and filter must have the same depth: {x.shape[-1]} vs {w.shape[-1]} [Op:Dilation2D]"
        )
    static = {
        "steps": _per_dim(strides, 2, "strides"),
        "padding": _padding(padding, 2, False, "Dilation2D"),
        "rates": _per_dim(dilations, 2, "dilations"),
    }
    return record(op, (x, w), static)


def dilation2d(input, filters, strides, padding, data_format, dilations, name=None) -> Tensor:  # noqa: A002
    """Grayscale dilation: ``max`` over each window of ``input + filters`` (``tf.nn.dilation2d``;
    ``filters`` is ``[fh, fw, depth]``, ``strides``/``dilations`` ``[1, sh, sw, 1]``)."""
    return _morphology(_DILATION, input, filters, strides, padding, data_format, dilations)


def erosion2d(value, filters, strides, padding, data_format, dilations, name=None) -> Tensor:
    """Grayscale erosion: ``min`` over each window of ``value - filters`` (the filter
    reflected), ``-dilation2d(-value, reverse(filters))`` (``tf.nn.erosion2d``)."""
    return _morphology(_EROSION, value, filters, strides, padding, data_format, dilations)
