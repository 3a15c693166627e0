"""Segment reductions: ``tf.math.segment_*`` (sorted ids) and ``unsorted_segment_*``.

Row ``i`` of the result reduces the rows of ``data`` whose segment id is ``i``. Each reduction
is one jax function over (data, ids, num_segments) built on ``jax.ops.segment_*``; TF's values
for empty segments (0 for the sorted ops, the dtype's lowest/highest for ``unsorted_segment_max``
/``min``, 1 for products) are filled in here. Gradients are JAX's (ties of max/min share the
gradient evenly, as TF's), except the product's, which JAX does not define for repeated ids:
``_segment_prod`` carries TF's rule (the product of the other entries of the segment).

The sorted ops' result has one row per id up to the last, so their ids must be known values
(eagerly, or constants inside a function); the unsorted ops take ``num_segments`` and accept
symbolic ids (checked when the function runs).
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.recording.runtime_check import check as runtime_check
from ..._core.values.access import is_symbolic_tensor, value_of
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.shape import dims_text
from ..._core.values.tensor import Tensor
from ..builders import FLOAT, NUMERIC, REAL, check_dtype

_SORTED_IDS = ("int32", "int64")
_UNSORTED_IDS = ("int16", "int32", "int64")


# -- the reductions, on data [n, ...] and ids [n] -----------------------------------------------
def _counts(data, ids, num_segments):
    ones = jnp.ones(ids.shape, jnp.int32)
    count = jax.ops.segment_sum(ones, ids, num_segments)
    return count.reshape(count.shape + (1,) * (data.ndim - 1))  # broadcasts over data's rows


@functools.partial(jax.custom_jvp, nondiff_argnums=(2,))
def _segment_prod(data, ids, num_segments):
    return jax.ops.segment_prod(data, ids, num_segments)


@_segment_prod.defjvp
def _segment_prod_jvp(num_segments, primals, tangents):
    # TF's rule: d out / d x_j is the product of the other entries of x_j's segment: out / x_j
    # for a non-zero entry (0, but with out's derivative), the product of the non-zeros for a
    # lone zero; nothing for a segment with two zeros or more.
    data, ids = primals
    out = _segment_prod(data, ids, num_segments)
    zero = data == 0
    zeros = jax.ops.segment_sum(zero.astype(jnp.int32), ids, num_segments)
    safe = jnp.where(zero, jnp.ones_like(data), data)
    nonzero_prod = _segment_prod(safe, ids, num_segments)
    at = jnp.clip(ids, 0, max(num_segments - 1, 0))  # dropped ids (out of range) are masked below
    factor = jnp.where(zero, nonzero_prod[at], out[at] / safe)
    in_range = ((ids >= 0) & (ids < num_segments)).reshape(ids.shape + (1,) * (data.ndim - 1))
    factor = jnp.where(in_range & (zeros[at] <= 1), factor, 0)  # zeros are counted per column
    return out, jax.ops.segment_sum(factor * tangents[0], ids, num_segments)


def _sum(data, ids, num_segments, fill):
    return jax.ops.segment_sum(data, ids, num_segments)


def _prod(data, ids, num_segments, fill):
    return _segment_prod(data, ids, num_segments)


def _extreme(segment_op, lowest: bool):
    def reduce(data, ids, num_segments, fill):
        out = segment_op(data, ids, num_segments)
        if fill is None:  # the unsorted ops: the dtype's lowest (max) or highest (min) value
            info = jnp.finfo(data.dtype) if jnp.issubdtype(data.dtype, jnp.inexact) else jnp.iinfo(data.dtype)
            fill = info.min if lowest else info.max
        return jnp.where(_counts(data, ids, num_segments) > 0, out, jnp.asarray(fill, data.dtype))

    return reduce


def _mean(data, ids, num_segments, fill):
    total = jax.ops.segment_sum(data, ids, num_segments)
    count = jnp.maximum(_counts(data, ids, num_segments), 1)
    if jnp.issubdtype(data.dtype, jnp.integer):
        if fill is None:  # unsorted_segment_mean divides as `/` does: int32 / int32 is float64
            wide = jnp.float32 if data.dtype.itemsize <= 2 else jnp.float64
            return total.astype(wide) / count.astype(wide)
        return jax.lax.div(total, count.astype(data.dtype))  # SegmentMean's kernel truncates
    return total / count.astype(data.dtype)


def _sqrt_n(data, ids, num_segments, fill):
    total = jax.ops.segment_sum(data, ids, num_segments)
    return total / jnp.sqrt(jnp.maximum(_counts(data, ids, num_segments), 1).astype(data.dtype))


def _flat(reduce):
    """``reduce`` on ids of any rank (a prefix of data's shape), flattened to one axis."""

    def fn(data, ids, num_segments, fill):
        rows = int(np.prod(ids.shape, dtype=np.int64))
        return reduce(data.reshape((rows, *data.shape[ids.ndim :])), ids.reshape(-1), num_segments, fill)

    return fn


# -- the public functions ------------------------------------------------------------------------
def _sorted_op(tf_name: str, reduce, dtypes, py_name: str, empty):
    op = Op(tf_name, _flat(reduce))

    def public(data, segment_ids, name=None) -> Tensor:
        data, ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
        check_dtype(tf_name, dtypes, data)
        check_dtype(tf_name, _SORTED_IDS, ids, attr="Tindices")
        if data.ndim == 0:
            raise InvalidArgumentError(f"input must be at least rank 1 [Op:{tf_name}]")
        if ids.ndim != 1:
            raise InvalidArgumentError(f"segment_ids should be a vector. [Op:{tf_name}]")
        if ids.shape[0] != data.shape[0]:
            raise InvalidArgumentError(
                f"segment_ids should be the same size as dimension 0 of input. [Op:{tf_name}]"
            )
        num_segments = _sorted_num_segments(ids, tf_name, py_name)
        return record(op, (data, ids), {"num_segments": num_segments, "fill": empty})

    public.__name__ = public.__qualname__ = py_name
    public.__doc__ = (
        f"``tf.math.{py_name}``: reduces the rows of ``data`` by their sorted ``segment_ids``; "
        "the result has one row per id up to the last (an empty segment gives "
        f"{empty}).\n\n    >>> import tapejax as tf\n    >>> tf.math.{py_name}("
        "tf.constant([1.0, 2.0, 4.0]), tf.constant([0, 0, 2]))\n"
        f"    {_EXAMPLES[py_name]}\n    "
    )
    return public


def _sorted_num_segments(ids: Tensor, tf_name: str, py_name: str) -> int:
    if is_symbolic_tensor(ids):
        raise TypeError(
            f"tapejax.math.{py_name} needs known segment_ids (its result has one row per id up to "
            "the last, so its shape depends on their values); under tapejax.function or jax.jit, "
            f"use tapejax.math.unsorted_{py_name}(data, segment_ids, num_segments) instead."
        )
    values = np.asarray(value_of(ids))
    if values.size and values.min() < 0:
        raise InvalidArgumentError(f"segment ids must be >= 0 [Op:{tf_name}]")
    if values.size and np.any(values[1:] < values[:-1]):
        raise InvalidArgumentError(
            f"segment ids are not increasing [Op:{tf_name}]. Sort the ids (and data's rows with "
            f"them), or use tapejax.math.unsorted_{py_name}."
        )
    return int(values[-1]) + 1 if values.size else 0


def _unsorted_op(tf_name: str, reduce, dtypes, py_name: str):
    op = Op(tf_name, _flat(reduce))

    def public(data, segment_ids, num_segments, name=None) -> Tensor:
        data, ids = convert_to_tensor(data), convert_to_tensor(segment_ids)
        check_dtype(tf_name, dtypes, data)
        check_dtype(tf_name, _UNSORTED_IDS, ids, attr="Tindices")
        n = _num_segments(num_segments, tf_name, py_name)
        if tuple(data.shape[: ids.ndim]) != tuple(ids.shape):
            raise InvalidArgumentError(
                f"data.shape = {dims_text(data.shape)} does not start with segment_ids.shape = "
                f"{dims_text(ids.shape)} [Op:{tf_name}]"
            )
        _check_below(ids, n, tf_name)
        return record(op, (data, ids), {"num_segments": n, "fill": None})

    public.__name__ = public.__qualname__ = py_name
    public.__doc__ = (
        f"``tf.math.{py_name}``: reduces the entries of ``data`` by ``segment_ids`` (any order; "
        "ids of any rank, a prefix of data's shape; negative ids are dropped) into "
        "``num_segments`` rows.\n\n    >>> import tapejax as tf\n    >>> tf.math."
        f"{py_name}(tf.constant([1.0, 2.0, 4.0]), tf.constant([2, 0, 2]), 3)\n"
        f"    {_EXAMPLES[py_name]}\n    "
    )
    return public


def _num_segments(num_segments, tf_name: str, py_name: str) -> int:
    n = convert_to_tensor(num_segments)
    check_dtype(tf_name, _SORTED_IDS, n, attr="Tnumsegments")
    if n.ndim != 0:
        raise InvalidArgumentError(
            f"num_segments should be a scalar, not shape {dims_text(n.shape)} [Op:{tf_name}]"
        )
    if is_symbolic_tensor(n):
        raise TypeError(
            f"tapejax.math.{py_name} needs a known num_segments (it is the result's first "
            "dimension); pass a Python int or a constant, not a value computed inside the function."
        )
    n = int(value_of(n))
    if n < 0:
        raise InvalidArgumentError(f"Input num_segments == {n} must not be negative. [Op:{tf_name}]")
    return n


def _check_below(ids: Tensor, n: int, tf_name: str) -> None:
    """TF's CPU kernels refuse ids >= num_segments (negative ids are dropped)."""
    if is_symbolic_tensor(ids):  # checked when the function runs (see runtime_check)
        flat = value_of(ids).reshape(-1)
        bad = flat >= n
        first = jnp.argmax(bad)
        runtime_check(
            ~jnp.any(bad),
            f"segment_ids[{{}}] = {{}} is out of range [0, {n}) [Op:{tf_name}]",
            first,
            flat[first],
        )
        return
    flat = np.asarray(value_of(ids)).reshape(-1)
    bad = np.flatnonzero(flat >= n)
    if bad.size:
        raise InvalidArgumentError(
            f"segment_ids[{bad[0]}] = {flat[bad[0]]} is out of range [0, {n}) [Op:{tf_name}]"
        )


_EXAMPLES = {
    "segment_sum": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([3., 0., 4.], dtype=float32)>",
    "segment_mean": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([1.5, 0. , 4. ], dtype=float32)>",
    "segment_max": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([2., 0., 4.], dtype=float32)>",
    "segment_min": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([1., 0., 4.], dtype=float32)>",
    "segment_prod": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([2., 1., 4.], dtype=float32)>",
    "unsorted_segment_sum": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([2., 0., 5.], dtype=float32)>",
    "unsorted_segment_mean": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([2. , 0. , 2.5], dtype=float32)>",
    "unsorted_segment_max": (
        "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([ 2.0000000e+00, -3.4028235e+38,  "
        "4.0000000e+00], dtype=float32)>"
    ),
    "unsorted_segment_min": (
        "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([2.0000000e+00, 3.4028235e+38, "
        "1.0000000e+00], dtype=float32)>"
    ),
    "unsorted_segment_prod": "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([2., 1., 4.], dtype=float32)>",
    "unsorted_segment_sqrt_n": (
        "<tf.Tensor: shape=(3,), dtype=float32, numpy=array([2.      , 0.      , 3.535534], dtype=float32)>"
    ),
}

segment_sum = _sorted_op("SegmentSum", _sum, NUMERIC, "segment_sum", 0)
segment_prod = _sorted_op("SegmentProd", _prod, NUMERIC, "segment_prod", 1)
segment_mean = _sorted_op("SegmentMean", _mean, NUMERIC, "segment_mean", 0)
segment_max = _sorted_op("SegmentMax", _extreme(jax.ops.segment_max, True), REAL, "segment_max", 0)
segment_min = _sorted_op("SegmentMin", _extreme(jax.ops.segment_min, False), REAL, "segment_min", 0)
unsorted_segment_sum = _unsorted_op("UnsortedSegmentSum", _sum, NUMERIC, "unsorted_segment_sum")
unsorted_segment_prod = _unsorted_op("UnsortedSegmentProd", _prod, NUMERIC, "unsorted_segment_prod")
unsorted_segment_max = _unsorted_op(
    "UnsortedSegmentMax", _extreme(jax.ops.segment_max, True), REAL, "unsorted_segment_max"
)
unsorted_segment_min = _unsorted_op(
    "UnsortedSegmentMin", _extreme(jax.ops.segment_min, False), REAL, "unsorted_segment_min"
)
# TF builds these two from UnsortedSegmentSum, a count and `/` (sqrt_n: float dtypes only).
unsorted_segment_mean = _unsorted_op("UnsortedSegmentSum", _mean, NUMERIC, "unsorted_segment_mean")
unsorted_segment_sqrt_n = _unsorted_op("UnsortedSegmentSum", _sqrt_n, FLOAT, "unsorted_segment_sqrt_n")
