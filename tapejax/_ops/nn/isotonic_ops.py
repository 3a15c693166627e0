"""``tf.nn.isotonic_regression``: the closest (least squares) non-increasing (or
non-decreasing) sequence along an axis, and its segments.

The segments come from the pool-adjacent-violators algorithm (PAV, TF's): elements are pushed
one by one as blocks and a block is merged into the previous one while the previous block's
mean is strictly below its own (decreasing fit); a ``lax.scan`` over the elements with a
``lax.while_loop`` of merges, per row. The output is then each segment's mean of the input,
computed with ``segment_sum``: its gradient is TF's (each output's cotangent shared evenly by
its segment), JAX's derivative of that mean.
"""

from __future__ import annotations

import collections

import jax
import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..array_ops import cast

IsotonicRegression = collections.namedtuple("IsotonicRegression", ["output", "segments"])

# TF's output dtypes; every other input dtype gives float64
_OUTPUT_DTYPE = {
    "float32": "float32",
    "float16": "float16",
    "bfloat16": "bfloat16",
    "int8": "float32",
    "int16": "float32",
}


def _segments_of_row(row):
    """PAV for a non-increasing fit: each element's block index (int32)."""
    n = row.shape[0]

    def push(state, i):
        sums, counts, starts, top = state
        sums, counts, starts = sums.at[top].set(row[i]), counts.at[top].set(1.0), starts.at[top].set(i)

        def violated(s):
            sums, counts, _, top = s
            return (top > 0) & (sums[top - 1] / counts[top - 1] < sums[top] / counts[top])

        def merge(s):
            sums, counts, starts, top = s
            sums = sums.at[top - 1].add(sums[top])
            counts = counts.at[top - 1].add(counts[top])
            return sums, counts, starts.at[top].set(n), top - 1  # n: no block starts there

        sums, counts, starts, top = jax.lax.while_loop(violated, merge, (sums, counts, starts, top))
        return (sums, counts, starts, top + 1), None

    zeros = jnp.zeros(n, row.dtype)
    init = (zeros, zeros, jnp.full(n, n, jnp.int32), jnp.int32(0))
    (_, _, starts, _), _ = jax.lax.scan(push, init, jnp.arange(n, dtype=jnp.int32))
    return (jnp.searchsorted(starts, jnp.arange(n, dtype=jnp.int32), side="right") - 1).astype(jnp.int32)


def _isotonic(x, *, decreasing, axis):
    moved = jnp.moveaxis(x, axis, -1)
    n = moved.shape[-1]
    rows = moved.reshape(-1, n)
    segments = jax.vmap(_segments_of_row)(jax.lax.stop_gradient(rows if decreasing else -rows))

    def means(row, seg):
        sums = jax.ops.segment_sum(row, seg, num_segments=n)
        counts = jax.ops.segment_sum(jnp.ones_like(row), seg, num_segments=n)
        return (sums / jnp.maximum(counts, 1))[seg]

    output = jax.vmap(means)(rows, segments)
    return tuple(jnp.moveaxis(t.reshape(moved.shape), -1, axis) for t in (output, segments))


_ISOTONIC = Op("IsotonicRegression", _isotonic, multiple_results=True)


def isotonic_regression(inputs, decreasing=True, axis=-1):
    """The non-increasing (``decreasing=True``) or non-decreasing sequence along ``axis``
    closest to ``inputs`` in squared error, and each element's segment (the run of elements
    sharing one value, numbered from 0 per row) (``tf.nn.isotonic_regression``).

    >>> import tapejax as tf
    >>> tf.nn.isotonic_regression([1.0, 3.0, 2.0, 4.0]).output
    <tf.Tensor: shape=(4,), dtype=float32, numpy=array([2.5, 2.5, 2.5, 2.5], dtype=float32)>
    """
    x = convert_to_tensor(inputs)
    x = cast(x, _OUTPUT_DTYPE.get(x.dtype.name, "float64"))
    output, segments = record(_ISOTONIC, (x,), {"decreasing": bool(decreasing), "axis": axis % x.ndim})
    return IsotonicRegression(output, segments)
