"""Counting: ``tf.math.bincount``, ``tf.math.confusion_matrix``, ``tf.histogram_fixed_width``
and ``tf.histogram_fixed_width_bins``.

A result's length may depend on the values counted (``bincount``'s is the largest value + 1):
those values must then be known (eagerly, or constants inside a function); fixing the length
(``minlength == maxlength``, ``num_classes``) lifts that. Counts have no gradient (TF defines
none); a weighted confusion matrix is differentiable in its weights, as TF's scatter is.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.recording.runtime_check import check as runtime_check
from ..._core.values import dtype as _dtypes
from ..._core.values.access import is_symbolic_tensor, value_of
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.shape import dims_text
from ..._core.values.tensor import Tensor
from ..array_ops import cast, reshape
from ..builders import check_dtype, check_dtype_attr, known_values

_INDEX = ("int32", "int64")
_COUNTS = ("int32", "int64", "float32", "float64")


def _check_non_negative(arr: Tensor, message: str) -> None:
    if is_symbolic_tensor(arr):  # checked when the function runs (see runtime_check)
        runtime_check(~jnp.any(value_of(arr) < 0), message)
    elif np.any(np.asarray(value_of(arr)) < 0):
        raise InvalidArgumentError(message)


# -- bincount ----------------------------------------------------------------------------------
def _bincount(arr, weights=None, *, size, binary, dtype):
    if arr.ndim == 1:
        weights = None if weights is None else weights[None]
        return _bincount(arr[None], weights, size=size, binary=binary, dtype=dtype)[0]
    rows = jnp.broadcast_to(jnp.arange(arr.shape[0])[:, None], arr.shape)
    out = jnp.zeros((arr.shape[0], size), dtype)
    if binary:
        return out.at[rows, arr].set(jnp.ones((), dtype), mode="drop")
    w = jnp.ones(arr.shape, dtype) if weights is None else weights
    return out.at[rows, arr].add(w, mode="drop")


_BINCOUNT = Op("DenseBincount", _bincount, differentiable=False)


def bincount(
    arr,
    weights=None,
    minlength=None,
    maxlength=None,
    dtype=_dtypes.int32,
    name=None,
    axis=None,
    binary_output=False,
) -> Tensor:
    """Counts each value of the non-negative integers ``arr`` (``tf.math.bincount``): entry
    ``i`` is how often ``i`` occurs (or the sum of its ``weights``; 0/1 with
    ``binary_output``). Its length is ``max(arr) + 1``, at least ``minlength``, at most
    ``maxlength``; ``axis=-1`` counts each row of a 2-D ``arr`` on its own.

    >>> import tapejax as tf
    >>> tf.math.bincount(tf.constant([1, 1, 2, 3, 2, 4, 4, 5]))
    <tf.Tensor: shape=(6,), dtype=int32, numpy=array([0, 2, 2, 1, 2, 1], dtype=int32)>
    """
    arr = convert_to_tensor(arr)
    if arr.dtype.is_floating:  # TF counts floats by their integer part
        arr = cast(arr, _dtypes.int32)
    check_dtype("DenseBincount", _INDEX, arr, attr="Tidx")
    if weights is not None and binary_output:
        raise ValueError(
            "Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one."
        )
    if axis is not None and axis not in (0, -1):
        raise ValueError(
            f"Unsupported value for argument axis={axis}. Only 0 and -1 are currently supported."
        )
    w = None if weights is None else convert_to_tensor(weights)
    if w is not None and tuple(w.shape) != tuple(arr.shape):
        raise InvalidArgumentError(
            "`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case it acts as all "
            f"weights equal to 1. Received {dims_text(w.shape)} [Op:DenseBincount]"
        )
    if axis == -1 and arr.ndim > 2:
        raise InvalidArgumentError(f"Shape must be at most rank 2 but is rank {arr.ndim} [Op:DenseBincount]")
    if axis != -1 or arr.ndim == 0:
        arr, w = reshape(arr, [-1]), None if w is None else reshape(w, [-1])
    out_dtype = _dtypes.as_dtype(dtype) if w is None else w.dtype
    check_dtype_attr("DenseBincount", _COUNTS, out_dtype)
    _check_non_negative(
        arr,
        "Input arr must be non-negative! [Op:DenseBincount]"
        if arr.ndim == 1
        else "Input 'in' must be non-negative! [Op:DenseBincount]",
    )
    size = _bincount_size(arr, minlength, maxlength)
    inputs = (arr,) if w is None else (arr, w)
    static = {"size": size, "binary": bool(binary_output), "dtype": out_dtype._np}
    return record(_BINCOUNT, inputs, static)


def _length(value, what: str) -> int | None:
    if value is None:
        return None
    t = convert_to_tensor(value)
    return int(known_values(t, f"tapejax.math.bincount's {what}", f"pass {what} as a Python int"))


def _bincount_size(arr: Tensor, minlength, maxlength) -> int:
    lo, hi = _length(minlength, "minlength"), _length(maxlength, "maxlength")
    if lo is not None and lo == hi:
        return lo
    values = known_values(
        arr, "tapejax.math.bincount", "pass minlength and maxlength, equal, to fix its length"
    )
    size = int(values.max()) + 1 if values.size else 0
    if lo is not None:
        size = max(size, lo)
    if hi is not None:
        size = min(size, max(hi, 0))
    return size


# -- confusion_matrix --------------------------------------------------------------------------
def _confusion(labels, predictions, weights=None, *, n, dtype):
    values = jnp.ones(labels.shape, dtype) if weights is None else weights
    return jnp.zeros((n, n), dtype).at[labels, predictions].add(values, mode="drop")


_CONFUSION = Op("ScatterNd", _confusion)


def confusion_matrix(
    labels, predictions, num_classes=None, weights=None, dtype=_dtypes.int32, name=None
) -> Tensor:
    """The ``num_classes x num_classes`` matrix counting (or summing ``weights`` of) each
    (label, prediction) pair (``tf.math.confusion_matrix``); rows are labels. Without
    ``num_classes``, it is the largest label or prediction + 1.

    >>> import tapejax as tf
    >>> tf.math.confusion_matrix([1, 2, 4], [2, 2, 4])
    <tf.Tensor: shape=(5, 5), dtype=int32, numpy=
    array([[0, 0, 0, 0, 0],
           [0, 0, 1, 0, 0],
           [0, 0, 1, 0, 0],
           [0, 0, 0, 0, 0],
           [0, 0, 0, 0, 1]], dtype=int32)>
    """
    dtype = _dtypes.as_dtype(dtype)
    labels = _class_ids(labels, "labels")
    predictions = _class_ids(predictions, "predictions")
    if tuple(labels.shape) != tuple(predictions.shape):
        raise InvalidArgumentError(
            f"Shapes of all inputs must match: values[0].shape = {dims_text(labels.shape)} != "
            f"values[1].shape = {dims_text(predictions.shape)} [Op:Pack]. Give labels and "
            "predictions the same shape."
        )
    if num_classes is None:
        known = [
            known_values(t, "tapejax.math.confusion_matrix", "pass num_classes")
            for t in (labels, predictions)
        ]
        n = int(max([v.max() for v in known if v.size], default=-1)) + 1
    else:
        n = int(
            known_values(
                convert_to_tensor(num_classes),
                "tapejax.math.confusion_matrix's num_classes",
                "pass a Python int",
            )
        )
        for t, what in ((labels, "labels"), (predictions, "predictions")):
            _check_below(t, n, f"`{what}` out of bound")
    inputs = [labels, predictions]
    if weights is not None:
        inputs.append(cast(reshape(weights, [-1]), dtype))
    return record(_CONFUSION, tuple(inputs), {"n": n, "dtype": dtype._np})


def _class_ids(values, what: str) -> Tensor:
    t = cast(values, _dtypes.int64)
    if t.ndim == 2 and t.shape[-1] == 1:  # TF squeezes a trailing dimension of 1
        t = reshape(t, [-1])
    _check_non_negative(t, f"`{what}` contains negative values.")
    return reshape(t, [-1])


def _check_below(t: Tensor, n: int, message: str) -> None:
    if is_symbolic_tensor(t):
        runtime_check(~jnp.any(value_of(t) >= n), message)
    elif np.any(np.asarray(value_of(t)) >= n):
        raise InvalidArgumentError(f"{message}: a value is >= num_classes = {n}.")


# -- histograms --------------------------------------------------------------------------------
_HISTOGRAM_VALUES = ("int32", "int64", "float32", "float64")


def _histogram_args(values, value_range, nbins, dtype, op_name, py_name):
    values = convert_to_tensor(values)
    check_dtype(op_name, _HISTOGRAM_VALUES, values)
    value_range = convert_to_tensor(value_range, dtype=values.dtype)
    dtype = _dtypes.as_dtype(dtype)
    check_dtype_attr(op_name, _INDEX, dtype, attr="dtype")
    if tuple(value_range.shape) != (2,):
        raise InvalidArgumentError(f"value_range should be a vector of 2 elements. [Op:{op_name}]")
    nbins = int(
        known_values(convert_to_tensor(nbins), f"tapejax.{py_name}'s nbins", "pass nbins as a Python int")
    )
    return values, value_range, nbins, dtype


def _bins(values, value_range, nbins):
    """Each value's bin, in [0, nbins): TF's kernel, in float64."""
    lo, hi = value_range[0], value_range[1]
    step = (hi - lo).astype(jnp.float64) / nbins
    index = (jnp.maximum(values, lo) - lo).astype(jnp.float64) / step
    return jnp.minimum(index, nbins - 1).astype(jnp.int64)


def _histogram(values, value_range, *, nbins, dtype):
    return jnp.zeros(nbins, dtype).at[_bins(values.reshape(-1), value_range, nbins)].add(1)


_HISTOGRAM = Op("HistogramFixedWidth", _histogram, differentiable=False)


def histogram_fixed_width(values, value_range, nbins=100, dtype=_dtypes.int32, name=None) -> Tensor:
    """Counts ``values`` in ``nbins`` equal bins spanning ``value_range``; values below or
    above it count in the first or last bin (``tf.histogram_fixed_width``).

    >>> import tapejax as tf
    >>> tf.histogram_fixed_width([-1.0, 0.0, 1.5, 2.0, 5.0, 15], [0.0, 5.0], nbins=5)
    <tf.Tensor: shape=(5,), dtype=int32, numpy=array([2, 1, 1, 0, 2], dtype=int32)>
    """
    values, value_range, nbins, dtype = _histogram_args(
        values, value_range, nbins, dtype, "HistogramFixedWidth", "histogram_fixed_width"
    )
    if nbins <= 0:
        raise InvalidArgumentError(
            f"nbins should be a positive number, but got '{nbins}' [Op:HistogramFixedWidth]"
        )
    _check_range(value_range)
    if values.dtype.is_floating:
        _check_no_nan(values)
    return record(_HISTOGRAM, (values, value_range), {"nbins": nbins, "dtype": dtype._np})


def _check_range(value_range: Tensor) -> None:
    if is_symbolic_tensor(value_range):
        v = value_of(value_range)
        runtime_check(
            v[0] < v[1], "value_range should satisfy value_range[0] < value_range[1] [Op:HistogramFixedWidth]"
        )
        return
    lo, hi = np.asarray(value_of(value_range)).tolist()
    if not lo < hi:
        raise InvalidArgumentError(
            f"value_range should satisfy value_range[0] < value_range[1], but got '[{lo:g}, {hi:g}]' "
            "[Op:HistogramFixedWidth]"
        )


def _check_no_nan(values: Tensor) -> None:
    message = "Histogram values must not contain NaN [Op:HistogramFixedWidth]"
    if is_symbolic_tensor(values):
        runtime_check(~jnp.any(jnp.isnan(value_of(values))), message)
    elif np.any(np.isnan(np.asarray(value_of(values)))):
        raise InvalidArgumentError(message)


def _bins_of(values, value_range, *, nbins, dtype):
    # TF's Python function: floor(nbins * (v - lo) / (hi - lo)) in the values' dtype, clipped.
    scaled = (values - value_range[0]) / (value_range[1] - value_range[0])
    index = jnp.clip(jnp.floor(jnp.asarray(nbins, scaled.dtype) * scaled), 0, nbins - 1)
    return jnp.where(jnp.isnan(index), jnp.iinfo(dtype).min, index).astype(dtype)  # as x86's cast


_BINS = Op("HistogramFixedWidthBins", _bins_of, differentiable=False)


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=_dtypes.int32, name=None) -> Tensor:
    """The bin of each of ``values`` among ``nbins`` equal bins spanning ``value_range``
    (clipped to the first and last bin), in ``values``' shape (``tf.histogram_fixed_width_bins``).

    >>> import tapejax as tf
    >>> tf.histogram_fixed_width_bins([-1.0, 0.0, 1.5, 2.0, 5.0, 15], [0.0, 5.0], nbins=5)
    <tf.Tensor: shape=(6,), dtype=int32, numpy=array([0, 0, 1, 2, 4, 4], dtype=int32)>
    """
    values, value_range, nbins, dtype = _histogram_args(
        values, value_range, nbins, dtype, "HistogramFixedWidthBins", "histogram_fixed_width_bins"
    )
    if nbins <= 0:
        raise InvalidArgumentError(f"nbins {nbins} must > 0. Pass a positive number of bins.")
    return record(_BINS, (values, value_range), {"nbins": nbins, "dtype": dtype._np})
