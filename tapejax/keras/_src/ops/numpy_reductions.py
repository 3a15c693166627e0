"""``keras.ops.numpy``'s reductions, statistics and running sums, with Keras 3's dtypes:
``sum``/``prod`` widen small integers and booleans to int32 (uint32), ``mean``/``std``/``var``
and the quantiles give float32 for integers, ``argmax``-style results are int32."""

from __future__ import annotations

import jax.numpy as jnp

from ..backend.ops import linalg_ops as _linalg
from ..backend.ops import math_ops as _math
from ..backend.ops import reduction_ops as _reduce
from ..backend.ops import reshape, where
from .function_op import convert, float_type, jax_op, operation, result_type


def _axis(axis):
    """An axis argument as the ops take it: None, an int or a tuple."""
    if axis is None or isinstance(axis, int):
        return axis
    return tuple(int(a) for a in axis)


def _widened(x):
    """``x`` in the dtype Keras sums and multiplies it in (JAX's rule: small ints to 32 bits)."""
    name = x.dtype.name
    if name in ("bool", "int8", "int16"):
        return convert(x, "int32")
    if name in ("uint8", "uint16"):
        return convert(x, "uint32")
    return x


@operation("Sum", "axis keepdims")
def sum(x, axis=None, keepdims=False):  # noqa: A001 - Keras' name
    """The sum over ``axis`` (all axes when None)."""
    return _reduce.reduce_sum(_widened(convert(x)), axis=_axis(axis), keepdims=keepdims)


@operation("Prod", "axis keepdims dtype")
def prod(x, axis=None, keepdims=False, dtype=None):
    """The product over ``axis``."""
    x = convert(x) if dtype is None else convert(x, dtype)
    return _reduce.reduce_prod(_widened(x), axis=_axis(axis), keepdims=keepdims)


@operation("Mean", "axis keepdims")
def mean(x, axis=None, keepdims=False):
    """The mean over ``axis`` (float32 for integers and booleans)."""
    x = convert(x)
    out = result_type(x.dtype.name, "float32") if not x.dtype.is_floating else x.dtype.name
    compute = result_type(x.dtype.name, "float32")
    return convert(_reduce.reduce_mean(convert(x, compute), axis=_axis(axis), keepdims=keepdims), out)


@operation("Var", "axis keepdims")
def var(x, axis=None, keepdims=False):
    """The variance over ``axis`` (float32 for integers and booleans)."""
    x = convert(x)
    compute = result_type(x.dtype.name, "float32")
    out = float_type(x)
    return convert(_reduce.reduce_variance(convert(x, compute), axis=_axis(axis), keepdims=keepdims), out)


@operation("Std", "axis keepdims")
def std(x, axis=None, keepdims=False):
    """The standard deviation over ``axis`` (float32 for integers and booleans)."""
    x = convert(x)
    return _reduce.reduce_std(convert(x, float_type(x)), axis=_axis(axis), keepdims=keepdims)


def _extreme(reduce, any_or_all):
    def fn(x, axis=None, keepdims=False, initial=None):
        x = convert(x)
        if x.dtype.is_bool:
            out = any_or_all(x, axis=_axis(axis), keepdims=keepdims)
            if initial is not None:
                out = convert(
                    (_math.maximum if reduce is _reduce.reduce_max else _math.minimum)(
                        convert(out, "int32"), convert(initial, "int32")
                    ),
                    "bool",
                )
            return out
        out = reduce(x, axis=_axis(axis), keepdims=keepdims)
        if initial is not None:
            both = _math.maximum if reduce is _reduce.reduce_max else _math.minimum
            out = both(out, convert(initial, out.dtype.name))
        return out

    return fn


_max = _extreme(_reduce.reduce_max, _reduce.reduce_any)
_min = _extreme(_reduce.reduce_min, _reduce.reduce_all)


@operation("Max", "axis keepdims initial")
def max(x, axis=None, keepdims=False, initial=None):  # noqa: A001 - Keras' name
    """The maximum over ``axis``, at least ``initial`` if given (booleans: any)."""
    return _max(x, axis, keepdims, initial)


@operation("Min", "axis keepdims initial")
def min(x, axis=None, keepdims=False, initial=None):  # noqa: A001 - Keras' name
    """The minimum over ``axis``, at most ``initial`` if given (booleans: all)."""
    return _min(x, axis, keepdims, initial)


@operation("Amax", "axis keepdims")
def amax(x, axis=None, keepdims=False):
    """The maximum over ``axis``."""
    return _max(x, axis, keepdims)


@operation("Amin", "axis keepdims")
def amin(x, axis=None, keepdims=False):
    """The minimum over ``axis``."""
    return _min(x, axis, keepdims)


@operation("All", "axis keepdims")
def all(x, axis=None, keepdims=False):  # noqa: A001 - Keras' name
    """Whether every element over ``axis`` is nonzero."""
    return _reduce.reduce_all(convert(x, "bool"), axis=_axis(axis), keepdims=keepdims)


@operation("Any", "axis keepdims")
def any(x, axis=None, keepdims=False):  # noqa: A001 - Keras' name
    """Whether some element over ``axis`` is nonzero."""
    return _reduce.reduce_any(convert(x, "bool"), axis=_axis(axis), keepdims=keepdims)


@operation("Ptp", "axis keepdims")
def ptp(x, axis=None, keepdims=False):
    """``max - min`` over ``axis``."""
    x = convert(x)
    axis = _axis(axis)
    return _math.subtract(
        _reduce.reduce_max(x, axis=axis, keepdims=keepdims),
        _reduce.reduce_min(x, axis=axis, keepdims=keepdims),
    )


@operation("CountNonzero", "axis")
def count_nonzero(x, axis=None):
    """How many elements over ``axis`` are nonzero (int32)."""
    return _reduce.count_nonzero(convert(x), axis=_axis(axis), dtype="int32")


_arg = {
    name: jax_op(tf_name, fn, differentiable=False)
    for name, tf_name, fn in [
        (
            "argmax",
            "ArgMax",
            lambda x, axis, keepdims: jnp.argmax(x, axis, keepdims=keepdims).astype("int32"),
        ),
        (
            "argmin",
            "ArgMin",
            lambda x, axis, keepdims: jnp.argmin(x, axis, keepdims=keepdims).astype("int32"),
        ),
        ("nanargmax", "NanArgMax", lambda x, axis, keepdims: _nanarg(jnp.nanargmax, x, axis, keepdims)),
        ("nanargmin", "NanArgMin", lambda x, axis, keepdims: _nanarg(jnp.nanargmin, x, axis, keepdims)),
    ]
}


def _nanarg(fn, x, axis, keepdims):
    """numpy's ``nanargmax`` with Keras' -1 where a slice is all NaN."""
    every = jnp.all(jnp.isnan(x), axis=axis, keepdims=keepdims)
    safe = jnp.where(jnp.isnan(x), jnp.where(fn is jnp.nanargmax, -jnp.inf, jnp.inf), x)
    found = (jnp.argmax if fn is jnp.nanargmax else jnp.argmin)(safe, axis, keepdims=keepdims)
    return jnp.where(every, -1, found).astype("int32")


@operation("Argmax", "axis keepdims")
def argmax(x, axis=None, keepdims=False):
    """The index of the maximum over ``axis`` (of the flattened array when None), int32."""
    return _arg["argmax"](convert(x), axis=axis, keepdims=keepdims)


@operation("Argmin", "axis keepdims")
def argmin(x, axis=None, keepdims=False):
    """The index of the minimum over ``axis``, int32."""
    return _arg["argmin"](convert(x), axis=axis, keepdims=keepdims)


@operation("Nanargmax", "axis keepdims")
def nanargmax(x, axis=None, keepdims=False):
    """``argmax`` ignoring NaNs (-1 where a slice is all NaN)."""
    return _arg["nanargmax"](convert(x), axis=axis, keepdims=keepdims)


@operation("Nanargmin", "axis keepdims")
def nanargmin(x, axis=None, keepdims=False):
    """``argmin`` ignoring NaNs (-1 where a slice is all NaN)."""
    return _arg["nanargmin"](convert(x), axis=axis, keepdims=keepdims)


def _without_nan(x, fill):
    """``x`` with its NaNs replaced by ``fill`` (floats only)."""
    if not x.dtype.is_floating:
        return x
    return where(_math.is_nan(x), convert(fill, x.dtype.name), x)


@operation("Nansum", "axis keepdims")
def nansum(x, axis=None, keepdims=False):
    """The sum over ``axis``, NaNs counted as 0."""
    return sum(_without_nan(convert(x), 0), axis, keepdims)


@operation("Nanprod", "axis keepdims")
def nanprod(x, axis=None, keepdims=False):
    """The product over ``axis``, NaNs counted as 1."""
    return prod(_without_nan(convert(x), 1), axis, keepdims)


_nan_stat = {
    name: jax_op(tf_name, fn)
    for name, tf_name, fn in [
        ("nanmax", "NanMax", jnp.nanmax),
        ("nanmin", "NanMin", jnp.nanmin),
        ("nanmean", "NanMean", jnp.nanmean),
        ("nanvar", "NanVar", jnp.nanvar),
        ("nanstd", "NanStd", jnp.nanstd),
    ]
}


def _nan_reduction(class_name: str, name: str, floats: bool):
    def fn(x, axis=None, keepdims=False):
        x = convert(x)
        if floats:
            x = convert(x, float_type(x))
        elif x.dtype.is_bool:
            return (_reduce.reduce_any if name == "nanmax" else _reduce.reduce_all)(
                x, axis=_axis(axis), keepdims=keepdims
            )
        return _nan_stat[name](x, axis=_axis(axis), keepdims=keepdims)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"numpy's ``{name}``: the statistic over ``axis``, NaNs left out."
    return operation(class_name, "axis keepdims")(fn)


nanmax = _nan_reduction("Nanmax", "nanmax", floats=False)
nanmin = _nan_reduction("Nanmin", "nanmin", floats=False)
nanmean = _nan_reduction("Nanmean", "nanmean", floats=True)
nanvar = _nan_reduction("Nanvar", "nanvar", floats=True)
nanstd = _nan_reduction("Nanstd", "nanstd", floats=True)


# -- quantiles --------------------------------------------------------------------------------

_quantile = jax_op(
    "Quantile",
    lambda x, q, axis, method, keepdims, nan: (jnp.nanquantile if nan else jnp.quantile)(
        x, q, axis=axis, method=method, keepdims=keepdims
    ),
)


def _quantiles(x, q, axis, method, keepdims, nan=False, scale=1.0):
    x = convert(x)
    x = convert(x, float_type(x))
    q = convert(q, x.dtype.name)
    if scale != 1.0:
        q = _math.truediv(q, convert(scale, x.dtype.name))
    return _quantile(x, q, axis=_axis(axis), method=method, keepdims=keepdims, nan=nan)


@operation("Quantile", "axis method keepdims")
def quantile(x, q, axis=None, method="linear", keepdims=False):
    """The ``q``-th quantiles (``q`` in [0, 1]) over ``axis``."""
    return _quantiles(x, q, axis, method, keepdims)


@operation("Percentile", "axis method keepdims")
def percentile(x, q, axis=None, method="linear", keepdims=False):
    """The ``q``-th percentiles (``q`` in [0, 100]) over ``axis``."""
    return _quantiles(x, q, axis, method, keepdims, scale=100.0)


@operation("Nanquantile", "axis method keepdims")
def nanquantile(x, q, axis=None, method="linear", keepdims=False):
    """``quantile`` with NaNs left out."""
    return _quantiles(x, q, axis, method, keepdims, nan=True)


@operation("Nanpercentile", "axis method keepdims")
def nanpercentile(x, q, axis=None, method="linear", keepdims=False):
    """``percentile`` with NaNs left out."""
    return _quantiles(x, q, axis, method, keepdims, nan=True, scale=100.0)


@operation("Median", "axis keepdims")
def median(x, axis=None, keepdims=False):
    """The median over ``axis``."""
    return _quantiles(x, 0.5, axis, "linear", keepdims)


@operation("Nanmedian", "axis keepdims")
def nanmedian(x, axis=None, keepdims=False):
    """The median over ``axis``, NaNs left out."""
    return _quantiles(x, 0.5, axis, "linear", keepdims, nan=True)


@operation("Average", "axis", keywords="weights")
def average(x, axis=None, weights=None):
    """The mean over ``axis``, weighted by ``weights`` (along ``axis`` or of ``x``'s shape)."""
    x = convert(x)
    if weights is None:
        return _reduce.reduce_mean(convert(x, result_type(x, 1.0)), axis=_axis(axis))
    weights = convert(weights)
    dtype = result_type(x, weights, 1.0)
    x, weights = convert(x, dtype), convert(weights, dtype)
    if axis is not None and len(x.shape) != len(weights.shape):
        return _math.truediv(_linalg.tensordot(x, weights, [[axis], [0]]), _reduce.reduce_sum(weights))
    axis = _axis(axis)
    return _math.truediv(
        _reduce.reduce_sum(_math.multiply(x, weights), axis=axis), _reduce.reduce_sum(weights, axis=axis)
    )


# -- running sums and products ---------------------------------------------------------------


def _running(scan, x, axis, dtype):
    x = convert(x) if dtype is None else convert(x, dtype)
    if x.dtype.is_bool:
        x = convert(x, "int32")
    if axis is None:
        x, axis = reshape(x, [-1]), 0
    return scan(x, axis=axis)


@operation("Cumsum", "axis dtype")
def cumsum(x, axis=None, dtype=None):
    """The running sum along ``axis`` (of the flattened array when None)."""
    return _running(_reduce.cumsum, x, axis, dtype)


@operation("Cumprod", "axis dtype")
def cumprod(x, axis=None, dtype=None):
    """The running product along ``axis`` (of the flattened array when None)."""
    return _running(_reduce.cumprod, x, axis, dtype)


@operation("Nancumsum", "axis dtype")
def nancumsum(x, axis=None, dtype=None):
    """``cumsum`` with NaNs counted as 0."""
    return _running(_reduce.cumsum, _without_nan(convert(x), 0), axis, dtype)


@operation("Nancumprod", "axis dtype")
def nancumprod(x, axis=None, dtype=None):
    """``cumprod`` with NaNs counted as 1."""
    return _running(_reduce.cumprod, _without_nan(convert(x), 1), axis, dtype)
