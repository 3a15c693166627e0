"""Ops along axes: reductions (``reduce_sum`` ...), arg-reductions, scans (``cumsum``), and
softmax / log_softmax / l2_normalize, which ``tf.math`` and ``tf.nn`` both expose.

Each is one ``Op`` over a jax function; ``axis`` is checked here with TF's message and passed
to JAX as a static tuple.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values import dtype as _dtypes
from .._core.values.access import value_of
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor, TensorLike
from .builders import BOOL, FLOAT, INEXACT, NUMERIC, REAL, check_bool, check_dtype
from .conventions import rules as _rules


def axes(axis, ndim: int, op_name: str | None = None):
    """TF's ``axis`` argument (None, int, list or tensor) as a tuple for jnp, range-checked."""
    if axis is None:
        return None
    values = np.asarray(axis.numpy() if isinstance(axis, TensorLike) else axis).reshape(-1).tolist()
    for a in values:
        if not -max(ndim, 1) <= a < max(ndim, 1):
            suffix = f" [Op:{op_name}]" if op_name else ""
            raise InvalidArgumentError(
                f"Invalid reduction dimension ({a} for input with {ndim} dimension(s){suffix}"
            )
    return tuple(int(a) % max(ndim, 1) for a in values)


def _mean(x, axis, keepdims):
    if jnp.issubdtype(x.dtype, jnp.integer):
        # TF keeps the integer dtype, truncating toward zero (accumulating wider).
        wide = jnp.uint64 if jnp.issubdtype(x.dtype, jnp.unsignedinteger) else jnp.int64
        total = jnp.sum(x, axis=axis, keepdims=keepdims, dtype=wide)
        count = x.size // max(total.size, 1) if x.size else 1
        return jax.lax.div(total, jnp.asarray(max(count, 1), wide)).astype(x.dtype)
    return jnp.mean(x, axis=axis, keepdims=keepdims)


def _extreme(fn, identity_of):
    def reduce(x, axis, keepdims):
        # An empty reduction gives the identity (-inf for max, as TF), not an error.
        if x.size == 0:
            return fn(x, axis=axis, keepdims=keepdims, initial=identity_of(x.dtype))
        if jnp.issubdtype(x.dtype, jnp.inexact):
            return _rules.reduce_extreme(fn, x, axis, keepdims)  # TF's NaN gradient
        return fn(x, axis=axis, keepdims=keepdims)

    return reduce


def _lowest(dtype):
    return -jnp.inf if jnp.issubdtype(dtype, jnp.floating) else jnp.iinfo(dtype).min


def _highest(dtype):
    return jnp.inf if jnp.issubdtype(dtype, jnp.floating) else jnp.iinfo(dtype).max


def _variance(x, axis, keepdims):
    # TF's formula (square(abs(x - mean))), so its derivatives at x == mean are TF's.
    mean = jnp.mean(x, axis=axis, keepdims=True)
    return jnp.mean(jnp.square(_rules.abs(x - mean)), axis=axis, keepdims=keepdims)


def _logsumexp(x, axis, keepdims):
    # TF's formula: the max is shifted out without gradient, and -inf maxima are replaced by 0.
    raw = jnp.max(x, axis=axis, keepdims=True, initial=-jnp.inf if x.size == 0 else None)
    shift = jax.lax.stop_gradient(jnp.where(jnp.isfinite(raw), raw, jnp.zeros_like(raw)))
    out = jnp.log(jnp.sum(jnp.exp(x - shift), axis=axis, keepdims=True)) + shift
    return out if keepdims else jnp.squeeze(out, axis=tuple(range(x.ndim)) if axis is None else axis)


def _reduction(tf_name: str, fn, dtypes: frozenset, *, differentiable=True, py_name=None):
    op = Op(tf_name, fn, differentiable=differentiable)

    def public(input_tensor, axis=None, keepdims=False, name=None):
        if dtypes is BOOL:
            plain = not isinstance(input_tensor, TensorLike)
            x = convert_to_tensor(input_tensor, dtype="bool" if plain else None)
            check_bool(tf_name, x)
        else:
            x = convert_to_tensor(input_tensor)
            if dtypes is INEXACT and x.dtype.is_integer:
                raise TypeError(f"Input must be either real or complex. Received integer type {x.dtype}.")
            check_dtype(tf_name, dtypes, x)
        return record(op, (x,), {"axis": axes(axis, x.ndim, tf_name), "keepdims": bool(keepdims)})

    public.__name__ = public.__qualname__ = py_name or tf_name.lower()
    public.__doc__ = (
        f"Reduces ``input_tensor`` along ``axis`` (all axes if None) with TF's "
        f"``{tf_name}``; ``keepdims`` keeps reduced axes with length 1."
    )
    return public


def _sum(x, axis, keepdims):
    return jnp.sum(x, axis=axis, keepdims=keepdims, dtype=x.dtype)


def _prod(x, axis, keepdims):
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return _rules.reduce_prod(x, axis, keepdims)  # TF's ProdGrad
    return jnp.prod(x, axis=axis, keepdims=keepdims, dtype=x.dtype)


reduce_sum = _reduction("Sum", _sum, NUMERIC, py_name="reduce_sum")
reduce_mean = _reduction("Mean", _mean, NUMERIC, py_name="reduce_mean")
reduce_prod = _reduction("Prod", _prod, NUMERIC, py_name="reduce_prod")
reduce_max = _reduction("Max", _extreme(jnp.max, _lowest), REAL, py_name="reduce_max")
reduce_min = _reduction("Min", _extreme(jnp.min, _highest), REAL, py_name="reduce_min")
reduce_any = _reduction("Any", jnp.any, BOOL, differentiable=False, py_name="reduce_any")
reduce_all = _reduction("All", jnp.all, BOOL, differentiable=False, py_name="reduce_all")
reduce_logsumexp = _reduction("ReduceLogSumExp", _logsumexp, FLOAT, py_name="reduce_logsumexp")
reduce_variance = _reduction("ReduceVariance", _variance, INEXACT, py_name="reduce_variance")
reduce_std = _reduction(
    "ReduceStd",
    lambda x, axis, keepdims: _rules.sqrt(_variance(x, axis, keepdims)),
    INEXACT,
    py_name="reduce_std",
)


def _euclidean_norm(x, axis, keepdims):
    out = jnp.sqrt(jnp.sum(x * jnp.conj(x), axis=axis, keepdims=keepdims))
    return out.astype(x.dtype) if jnp.issubdtype(x.dtype, jnp.integer) else out  # TF truncates


reduce_euclidean_norm = _reduction("EuclideanNorm", _euclidean_norm, NUMERIC, py_name="reduce_euclidean_norm")


def count_nonzero(input, axis=None, keepdims=None, dtype=_dtypes.int64, name=None) -> Tensor:  # noqa: A002
    """The number of non-zero (or True) elements along ``axis`` (``tf.math.count_nonzero``).

    >>> import tapejax as tf
    >>> tf.math.count_nonzero([[0, 1], [2, 0]])
    <tf.Tensor: shape=(), dtype=int64, numpy=2>
    """
    x = convert_to_tensor(input)
    nonzero = Tensor(value_of(x) != 0)
    return record(
        _COUNT,
        (nonzero,),
        {"axis": axes(axis, x.ndim, "Sum"), "keepdims": bool(keepdims), "dtype": _dtypes.as_dtype(dtype)._np},
    )


_COUNT = Op("CountNonzero", jnp.sum, differentiable=False)


# -- arg-reductions and scans ------------------------------------------------------------------
def _arg_reduction(tf_name: str, fn):
    op = Op(tf_name, lambda x, axis, dtype: fn(x, axis=axis).astype(dtype), differentiable=False)

    def public(input, axis=None, output_type=_dtypes.int64, name=None):  # noqa: A002 - TF's name
        x = convert_to_tensor(input)
        if x.ndim == 0:
            raise InvalidArgumentError(f"Expected dimension in the range [0, 0), but got 0 [Op:{tf_name}]")
        (ax,) = axes(0 if axis is None else axis, x.ndim, tf_name)
        return record(op, (x,), {"axis": ax, "dtype": _dtypes.as_dtype(output_type)._np})

    public.__name__ = public.__qualname__ = tf_name.lower()
    public.__doc__ = (
        f"The index of the {'largest' if 'Max' in tf_name else 'smallest'} value along "
        "``axis`` (0 by default), the first one on ties; int64 unless ``output_type``."
    )
    return public


def _skipping_nan(fn, fill):
    """TF's arg-reductions never pick a NaN (it compares with ``>``/``<``), unless all are NaN
    (index 0); JAX's pick the first NaN."""

    def arg(x, axis):
        if jnp.issubdtype(x.dtype, jnp.floating):
            x = jnp.where(jnp.isnan(x), jnp.asarray(fill, x.dtype), x)
        return fn(x, axis=axis)

    return arg


argmax = _arg_reduction("ArgMax", _skipping_nan(jnp.argmax, -jnp.inf))
argmin = _arg_reduction("ArgMin", _skipping_nan(jnp.argmin, jnp.inf))


def _scan(tf_name: str, fn, dtypes: frozenset):
    op = Op(tf_name, fn)

    def public(x, axis=0, exclusive=False, reverse=False, name=None):
        x = convert_to_tensor(x)
        check_dtype(tf_name, dtypes, x)
        if x.ndim == 0:
            raise InvalidArgumentError(
                f"ScanOp: Expected scan axis in the range [0, 0), but got {axis} [Op:{tf_name}]"
            )
        (ax,) = axes(axis, x.ndim, tf_name)
        return record(op, (x,), {"axis": ax, "exclusive": bool(exclusive), "reverse": bool(reverse)})

    public.__name__ = public.__qualname__ = tf_name.lower()
    public.__doc__ = (
        f"``{tf_name}`` along ``axis``; ``exclusive`` leaves each element out of its "
        "own result, ``reverse`` scans from the end."
    )
    return public


def _cumsum(x, axis, exclusive, reverse):
    return _rules.cumulative(jnp.cumsum, 0, x, axis, exclusive, reverse)


def _cumprod(x, axis, exclusive, reverse):
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return _rules.cumprod(x, axis, exclusive, reverse)
    return _rules.cumulative(jnp.cumprod, 1, x, axis, exclusive, reverse)


cumsum = _scan("Cumsum", _cumsum, NUMERIC)
cumprod = _scan("Cumprod", _cumprod, NUMERIC)
cumulative_logsumexp = _scan("CumulativeLogsumexp", _rules.cumulative_logsumexp, FLOAT)


# -- normalizations along an axis -----------------------------------------------------------
_SOFTMAX = Op("Softmax", lambda x, axis: jax.nn.softmax(x, axis=axis))
_LOG_SOFTMAX = Op("LogSoftmax", lambda x, axis: jax.nn.log_softmax(x, axis=axis))


def _along_axis(op: Op, logits, axis) -> Tensor:
    x = convert_to_tensor(logits)
    check_dtype(op.name, FLOAT, x)
    if x.ndim == 0:
        raise InvalidArgumentError(f"logits must have >= 1 dimension, got [] [Op:{op.name}]")
    (ax,) = axes(-1 if axis is None else axis, x.ndim, op.name)
    return record(op, (x,), {"axis": ax})


def softmax(logits, axis=None, name=None) -> Tensor:
    """``exp(logits) / reduce_sum(exp(logits), axis)`` along ``axis`` (the last by default).

    >>> import tapejax as tf
    >>> tf.nn.softmax([0.0, 1.0])
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([0.26894143, 0.7310586 ], dtype=float32)>
    """
    return _along_axis(_SOFTMAX, logits, axis)


def log_softmax(logits, axis=None, name=None) -> Tensor:
    """``logits - reduce_logsumexp(logits, axis)`` along ``axis`` (the last by default)."""
    return _along_axis(_LOG_SOFTMAX, logits, axis)


def _l2_normalize(x, axis, eps):
    square_sum = jnp.sum(jnp.real(x * jnp.conj(x)), axis=axis, keepdims=True)
    return x * _rules.rsqrt(jnp.maximum(square_sum, eps)).astype(x.dtype)


_L2_NORMALIZE = Op("L2Normalize", _l2_normalize)


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None) -> Tensor:
    """``x / sqrt(max(sum(x**2, axis), epsilon))`` (``tf.math.l2_normalize``); all axes if None.

    >>> import tapejax as tf
    >>> tf.math.l2_normalize([3.0, 4.0])
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([0.6, 0.8], dtype=float32)>
    """
    x = convert_to_tensor(x)
    convert_to_tensor(epsilon, dtype=x.dtype.real_dtype)  # TF: TypeError for integer x
    axis = dim if axis is None else axis
    return record(_L2_NORMALIZE, (x,), {"axis": axes(axis, x.ndim, "Sum"), "eps": float(epsilon)})
