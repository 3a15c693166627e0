"""``keras.ops.numpy``'s selection, sorting, searching and counting functions (indices are
int32, as Keras' TF backend gives them)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..backend.keras_tensor import KerasTensor
from ..backend.ops import array_ops as _array
from ..backend.ops import clip_by_value, reduce_all
from ..backend.ops import math_ops as _math
from ..backend.ops import selection_ops as _selection
from ..backend.ops import sort_ops as _sort
from .function_op import convert, jax_op, operation, result_type


@operation("Sort", "axis")
def sort(x, axis=-1):
    """``x`` sorted along ``axis`` (flattened when None)."""
    x = convert(x)
    if axis is None:
        x, axis = _array.reshape(x, [-1]), 0
    return _sort.sort(x, axis=axis)


@operation("Argsort", "axis")
def argsort(x, axis=-1):
    """The indices that sort ``x`` along ``axis`` (stable; flattened when None), int32."""
    x = convert(x)
    if axis is None:
        x, axis = _array.reshape(x, [-1]), 0
    return _sort.argsort(x, axis=axis, stable=True)


_argpartition = jax_op(
    "Argpartition",
    lambda x, kth, axis: jnp.argsort(x, axis=axis, stable=True).astype("int32"),
    differentiable=False,
)


@operation("Argpartition", "kth axis")
def argpartition(x, kth, axis=-1):
    """Indices putting ``x``'s ``kth`` smallest element in place along ``axis``, the smaller
    before it (here: a full stable sort, one of the valid partitions)."""
    return _argpartition(convert(x, "int32"), kth=int(kth), axis=axis)


_take = jax_op("Take", lambda x, indices, axis: jnp.take(x, indices, axis=axis, mode="clip"))
_take_along = jax_op(
    "TakeAlongAxis", lambda x, indices, axis: jnp.take_along_axis(x, indices, axis=axis, mode="clip")
)


def _wrapped(indices, length: int):
    """Negative indices counted from the end (as Keras does before gathering)."""
    indices = convert(indices)
    if not indices.dtype.is_integer:
        indices = convert(indices, "int32")
    return _selection.where(_math.less(indices, 0), _math.add(indices, length), indices)


@operation("Take", "axis")
def take(x, indices, axis=None):
    """The elements of ``x`` at ``indices`` along ``axis`` (of the flattened array when None)."""
    x = convert(x)
    if axis is None:
        x, axis = _array.reshape(x, [-1]), 0
    return _take(x, _wrapped(indices, x.shape[axis]), axis=int(axis))


@operation("TakeAlongAxis", "axis")
def take_along_axis(x, indices, axis=None):
    """``x``'s elements at ``indices`` along ``axis`` (``indices`` broadcast against ``x``)."""
    x = convert(x)
    if axis is None:
        x, axis = _array.reshape(x, [-1]), 0
    return _take_along(x, _wrapped(indices, x.shape[axis]), axis=int(axis))


def _where_spec(condition, x1=None, x2=None):
    return _nonzero_spec(condition) if x1 is None and x2 is None else None


@operation("Where", spec=_where_spec)
def where(condition, x1=None, x2=None):
    """``x1`` where ``condition``, else ``x2``; with neither, ``nonzero(condition)``."""
    condition = convert(condition, "bool")
    if x1 is None and x2 is None:
        return nonzero(condition)
    if x1 is None or x2 is None:
        raise ValueError("`x1` and `x2` either both should be `None` or both should have non-None value.")
    dtype = result_type(x1, x2)
    return _selection.where(condition, convert(x1, dtype), convert(x2, dtype))


_nonzero = jax_op(
    "Where",
    lambda x: tuple(i.astype("int32") for i in jnp.nonzero(x)),
    differentiable=False,
    multiple_results=True,
)


def _nonzero_spec(x):
    return tuple(KerasTensor((None,), "int32") for _ in x.shape)


@operation("Nonzero", spec=_nonzero_spec)
def nonzero(x):
    """The indices of ``x``'s nonzero elements, one int32 vector per axis."""
    return tuple(_nonzero(convert(x)))


@operation("Select")
def select(condlist, choicelist, default=0):
    """Per element, the choice of the first true condition, else ``default``."""
    if len(condlist) != len(choicelist):
        raise ValueError(
            "condlist and choicelist must have the same length. "
            f"Received: len(condlist)={len(condlist)}, len(choicelist)={len(choicelist)}"
        )
    dtype = result_type(*choicelist, default)
    out = convert(default, dtype)
    for condition, value in reversed(list(zip(condlist, choicelist, strict=True))):
        choice = convert(value, dtype)
        out = _selection.where(convert(condition, "bool"), choice, _array.broadcast_to(out, choice.shape))
    return out


@operation("SearchSorted", "side")
def searchsorted(sorted_sequence, values, side="left"):
    """Where ``values`` would be inserted in the 1-d ``sorted_sequence`` to keep it sorted."""
    sorted_sequence = convert(sorted_sequence)
    if len(sorted_sequence.shape) != 1:
        raise ValueError(
            "`searchsorted` only supports 1-D sorted sequences. You can use `keras.ops.vectorized_map` "
            f"to extend it to N-D sequences. Received: sorted_sequence.shape={tuple(sorted_sequence.shape)}"
        )
    values = convert(values)
    dtype = result_type(sorted_sequence, values)
    sorted_sequence, values = convert(sorted_sequence, dtype), convert(values, dtype)
    flat = _array.reshape(values, [1, -1])
    found = _sort.searchsorted(_array.reshape(sorted_sequence, [1, -1]), flat, side=side, out_type="int32")
    return _array.reshape(found, list(values.shape))


@operation("Digitize")
def digitize(x, bins):
    """The index of the bin of ``bins`` (increasing edges) each element of ``x`` falls in."""
    x, bins = convert(x), convert(bins)
    if x.dtype.is_bool:
        x = convert(x, "int32")
    return searchsorted(bins, x, side="right")


_isin = jax_op(
    "IsIn", lambda x1, x2, assume_unique, invert: jnp.isin(x1, x2, invert=invert), differentiable=False
)


@operation("IsIn", "assume_unique invert")
def isin(x1, x2, assume_unique=False, invert=False):
    """Whether each element of ``x1`` is in ``x2`` (not in it, with ``invert``)."""
    dtype = result_type(x1, x2)
    return _isin(
        convert(x1, dtype), convert(x2, dtype), assume_unique=bool(assume_unique), invert=bool(invert)
    )


@operation("Isclose", "equal_nan")
def isclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """``|x1 - x2| <= atol + rtol * |x2|`` elementwise (equality for integers)."""
    dtype = result_type(x1, x2)
    x1, x2 = convert(x1, dtype), convert(x2, dtype)
    if not x1.dtype.is_floating:
        return _math.equal(x1, x2)
    bound = _math.add(_math.multiply(_math.abs(x2), float(rtol)), float(atol))
    result = _math.less_equal(_math.abs(_math.subtract(x1, x2)), bound)
    if equal_nan:
        result = _math.logical_or(result, _math.logical_and(_math.is_nan(x1), _math.is_nan(x2)))
    return result


@operation("AllClose", "rtol atol equal_nan")
def allclose(x1, x2, rtol=1e-5, atol=1e-8, equal_nan=False):
    """Whether ``isclose`` holds everywhere."""
    return reduce_all(isclose(x1, x2, rtol, atol, equal_nan))


_unique = jax_op(
    "Unique",
    lambda x, return_index, return_inverse, return_counts: tuple(
        a.astype("int32") if i else a
        for i, a in enumerate(
            _as_tuple(
                jnp.unique(
                    x,
                    return_index=return_index,
                    return_inverse=return_inverse,
                    return_counts=return_counts,
                )
            )
        )
    ),
    differentiable=False,
    multiple_results=True,
)


def _as_tuple(result):
    return tuple(result) if isinstance(result, tuple) else (result,)


def _unique_spec(x, sorted=True, return_index=False, return_inverse=False, return_counts=False, **_):  # noqa: A002
    outs = [KerasTensor((None,), x.dtype)]
    if return_index:
        outs.append(KerasTensor((None,), "int32"))
    if return_inverse:
        outs.append(KerasTensor(x.shape, "int32"))
    if return_counts:
        outs.append(KerasTensor((None,), "int32"))
    return outs[0] if len(outs) == 1 else tuple(outs)


@operation(
    "Unique", "sorted return_index return_inverse return_counts axis size fill_value", spec=_unique_spec
)
def unique(
    x,
    sorted=True,  # noqa: A002 - Keras' name
    return_index=False,
    return_inverse=False,
    return_counts=False,
    axis=None,
    size=None,
    fill_value=None,
):
    """The sorted distinct elements of ``x`` (flattened); with the flags, also the first index
    of each, the inverse (``x``'s shape) and the counts."""
    if axis is not None or size is not None:
        raise NotImplementedError(
            "tapejax.keras: ops.unique takes no `axis` or `size` yet; call it on the flattened array."
        )
    x = convert(x)
    outs = _unique(
        _array.reshape(x, [-1]),
        return_index=bool(return_index),
        return_inverse=bool(return_inverse),
        return_counts=bool(return_counts),
    )
    outs = list(outs)
    if return_inverse:
        at = 1 + bool(return_index)
        outs[at] = _array.reshape(outs[at], list(x.shape))
    return outs[0] if len(outs) == 1 else tuple(outs)


_unravel = jax_op(
    "UnravelIndex",
    lambda indices, shape: tuple(i.astype(indices.dtype) for i in jnp.unravel_index(indices, shape)),
    differentiable=False,
    multiple_results=True,
)


@operation("UnravelIndex", "shape")
def unravel_index(indices, shape):
    """The coordinates in an array of ``shape`` of the flat ``indices``, one array per axis."""
    return tuple(_unravel(convert(indices), shape=tuple(int(d) for d in shape)))


_bincount = jax_op(
    "Bincount",
    lambda x, weights, length: jnp.bincount(x, weights, length=length),
    differentiable=False,
)
_bincount_unweighted = jax_op(
    "Bincount", lambda x, length: jnp.bincount(x, length=length).astype("int32"), differentiable=False
)


def _bincount_spec(x, weights=None, minlength=0, sparse=False):
    dtype = "int32" if weights is None else result_type(x, weights)
    return KerasTensor((None,), dtype)


@operation("Bincount", "weights minlength sparse", spec=_bincount_spec)
def bincount(x, weights=None, minlength=0, sparse=False):
    """How often each value ``0 .. max(x)`` occurs in ``x`` (weighted by ``weights``)."""
    if sparse:
        raise NotImplementedError(
            "tapejax.keras: ops.bincount has no sparse output (tapejax has no SparseTensor)."
        )
    x = convert(x)
    if x.dtype.name not in ("int32", "int64"):
        x = convert(x, "int32")
    length = max(int(minlength), int(np.max(np.asarray(x))) + 1 if int(np.prod(x.shape)) else 0)
    if weights is None:
        return _bincount_unweighted(x, length=length)
    weights = convert(weights)
    dtype = result_type(x, weights)
    return convert(_bincount(x, convert(weights, dtype), length=length), dtype)


def _histogram_jax(x, bins, low, high):
    lo = jnp.min(x) if low is None else jnp.asarray(low, x.dtype)
    hi = jnp.max(x) if high is None else jnp.asarray(high, x.dtype)
    edges = jnp.linspace(lo, hi, bins + 1).astype(x.dtype)
    inside = (x >= lo) & (x <= hi)
    index = jnp.searchsorted(edges[1:-1], x, side="right")
    counts = jnp.zeros(bins, x.dtype).at[index].add(inside.astype(x.dtype))
    return counts, edges


_histogram = jax_op(
    "Histogram",
    _histogram_jax,
    differentiable=False,
    multiple_results=True,
)


@operation("Histogram", "bins range")
def histogram(x, bins=10, range=None):  # noqa: A002 - Keras' name
    """Counts of ``x``'s elements in ``bins`` equal bins over ``range`` (its min and max when
    None), and the bins' edges."""
    x = convert(x)
    if len(x.shape) != 1:
        raise ValueError(f"Input tensor must be 1-dimensional. Received: input.shape={tuple(x.shape)}")
    low, high = (None, None) if range is None else (float(range[0]), float(range[1]))
    return tuple(_histogram(x, bins=int(bins), low=low, high=high))


@operation("Clip", "x_min x_max")
def clip(x, x_min, x_max):
    """``x`` limited to ``[x_min, x_max]`` (booleans as int32)."""
    x = convert(x)
    if x.dtype.is_bool:
        x = convert(x, "int32")
    return clip_by_value(x, x_min, x_max)


@operation("NanToNum", "nan posinf neginf")
def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    """``x`` with NaN, +inf and -inf replaced (by ``nan``, ``posinf``, ``neginf``, or the
    dtype's largest and smallest values)."""
    x = convert(x)
    if not x.dtype.is_floating:
        return x
    info = np.finfo(x.dtype.name) if x.dtype.name != "bfloat16" else jnp.finfo("bfloat16")
    dtype = x.dtype.name
    x = _selection.where(_math.is_nan(x), convert(nan, dtype), x)
    x = _selection.where(
        _math.equal(x, np.inf), convert(float(info.max) if posinf is None else posinf, dtype), x
    )
    return _selection.where(
        _math.equal(x, -np.inf), convert(float(info.min) if neginf is None else neginf, dtype), x
    )
