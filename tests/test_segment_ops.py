"""``tf.math.segment_*`` and ``unsorted_segment_*``: TF 2.21's values (empty segments, dtypes),
gradients (ties, zeros in products, second order), errors, and the compiled paths.

Expected values and messages were observed with TensorFlow 2.21 (CPU) and are stored here as
literals. Gradients are also checked against ``jax.grad`` of a dense reference and against
finite differences.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import check_many, tape_grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError

SORTED = ["sum", "mean", "max", "min", "prod"]
UNSORTED = SORTED + ["sqrt_n"]
DATA = [[1.0, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]]
LOW, HIGH = -3.4028234663852886e38, 3.4028234663852886e38

# TF 2.21: tf.math.segment_<op>(DATA, [0, 0, 2])
SORTED_VALUES = {
    "sum": [[5, 5, 5, 5], [0, 0, 0, 0], [5, 6, 7, 8]],
    "mean": [[2.5, 2.5, 2.5, 2.5], [0, 0, 0, 0], [5, 6, 7, 8]],
    "max": [[4, 3, 3, 4], [0, 0, 0, 0], [5, 6, 7, 8]],
    "min": [[1, 2, 2, 1], [0, 0, 0, 0], [5, 6, 7, 8]],
    "prod": [[4, 6, 6, 4], [1, 1, 1, 1], [5, 6, 7, 8]],
}
# TF 2.21: tf.math.unsorted_segment_<op>(DATA, [2, 0, 2], 4)
UNSORTED_VALUES = {
    "sum": [[4, 3, 2, 1], [0, 0, 0, 0], [6, 8, 10, 12], [0, 0, 0, 0]],
    "mean": [[4, 3, 2, 1], [0, 0, 0, 0], [3, 4, 5, 6], [0, 0, 0, 0]],
    "max": [[4, 3, 2, 1], [LOW] * 4, [5, 6, 7, 8], [LOW] * 4],
    "min": [[4, 3, 2, 1], [HIGH] * 4, [1, 2, 3, 4], [HIGH] * 4],
    "prod": [[4, 3, 2, 1], [1, 1, 1, 1], [5, 12, 21, 32], [1, 1, 1, 1]],
    "sqrt_n": [
        [4, 3, 2, 1],
        [0, 0, 0, 0],
        [4.242640972137451, 5.656854152679443, 7.071067810058594, 8.485281944274902],
        [0, 0, 0, 0],
    ],
}


@pytest.mark.parametrize("op", SORTED)
def test_sorted_values_as_tf(op):
    out = getattr(tf.math, f"segment_{op}")(tf.constant(DATA), tf.constant([0, 0, 2]))
    assert out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy(), SORTED_VALUES[op], rtol=1e-6)


@pytest.mark.parametrize("op", UNSORTED)
def test_unsorted_values_as_tf(op):
    out = getattr(tf.math, f"unsorted_segment_{op}")(tf.constant(DATA), tf.constant([2, 0, 2]), 4)
    assert out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy(), UNSORTED_VALUES[op], rtol=1e-6)


def test_integer_and_other_dtypes_as_tf():
    # TF: empty segments of unsorted max are the dtype's lowest; sorted mean of ints truncates,
    # unsorted mean of ints divides as `/` (float64); negative ids are dropped.
    got = tf.math.unsorted_segment_max([1, 2, 3], [0, 0, 3], 5)
    assert got.numpy().tolist() == [2, -2147483648, -2147483648, 3, -2147483648]
    assert tf.math.segment_max([1, 2, 3], [0, 0, 3]).numpy().tolist() == [2, 0, 0, 3]
    assert tf.math.segment_mean([1, 2, 3], [0, 1, 1]).numpy().tolist() == [1, 2]
    mean = tf.math.unsorted_segment_mean([1, 2, 3], [0, 1, 1], 2)
    assert mean.dtype == tf.float64 and mean.numpy().tolist() == [1.0, 2.5]
    assert tf.math.unsorted_segment_sum([1.0, 2, 3], [0, -1, 1], 3).numpy().tolist() == [1, 3, 0]
    assert tf.math.segment_sum(tf.constant([1, 2], tf.uint8), [0, 0]).numpy().tolist() == [3]
    assert tf.math.segment_sum(tf.constant([1.0, 2, 3], tf.float16), [0, 0, 1]).dtype == tf.float16
    assert tf.math.segment_sum([1 + 1j, 2], [0, 0]).numpy().tolist() == [3 + 1j]
    prod = tf.math.unsorted_segment_prod(tf.constant([1 + 2j, 2], tf.complex64), [0, 0], 1)
    assert prod.numpy().tolist() == [2 + 4j]
    with_int64 = tf.math.unsorted_segment_sum(
        [1.0, 2, 3], tf.constant([0, 0, 1], tf.int64), tf.constant(3, tf.int64)
    )
    assert with_int64.numpy().tolist() == [3, 3, 0]
    # ids of rank 2 (a prefix of data's shape) for the unsorted ops
    assert tf.math.unsorted_segment_sum([[1.0, 2, 3]], [[0, 1, 1]], 2).numpy().tolist() == [1, 5]
    assert tf.math.segment_sum(tf.zeros([0]), tf.zeros([0], tf.int32)).shape == (0,)


X = [1.0, 3.0, 3.0, 2.0, 0.0, 5.0, 0.0, 4.0]
IDS = [0, 0, 0, 1, 2, 2, 2, 4]
W = [1.0, 2, 3, 4, 5]
# TF 2.21: gradient of reduce_sum(segment_<op>(X, IDS) * W): ties share evenly, a product with
# two zeros gives nothing to its segment; the unsorted forms give the same.
TF_GRADS = {
    "sum": [1, 1, 1, 2, 3, 3, 3, 5],
    "mean": [1 / 3, 1 / 3, 1 / 3, 2, 1, 1, 1, 5],
    "max": [0, 0.5, 0.5, 2, 0, 3, 0, 5],
    "min": [1, 0, 0, 2, 1.5, 0, 1.5, 5],
    "prod": [9, 3, 3, 2, 0, 0, 0, 5],
    "sqrt_n": [0.5773502588272095] * 3 + [2] + [1.732050895690918] * 3 + [5],
}


@pytest.mark.parametrize("op", UNSORTED)
def test_gradients_as_tf_at_ties_and_zeros(op):
    weights = tf.constant(W)
    unsorted = tape_grad(
        lambda x: tf.reduce_sum(getattr(tf.math, f"unsorted_segment_{op}")(x, IDS, 5) * weights), X, jit=False
    )
    np.testing.assert_allclose(unsorted[0], TF_GRADS[op], rtol=1e-6)
    if op != "sqrt_n":
        sorted_ = tape_grad(lambda x: tf.reduce_sum(getattr(tf.math, f"segment_{op}")(x, IDS) * weights), X)
        np.testing.assert_allclose(sorted_[0], TF_GRADS[op], rtol=1e-6)


def _dense(reduce, ids, n):
    """A reference built without scatters: one masked reduction per segment."""

    def fn(x):
        rows = []
        for s in range(n):
            mask = jnp.asarray(np.asarray(ids) == s)
            rows.append(reduce(x, mask))
        return jnp.stack(rows)

    return fn


def test_gradients_match_jax_and_finite_differences():
    ids, n = [0, 2, 0, 1, 2, 2], 3
    x = np.array([0.5, 1.5, -2.0, 0.7, 1.2, -0.4])
    count = lambda m: jnp.maximum(jnp.sum(m), 1)  # noqa: E731
    cases = [
        (lambda v: tf.math.unsorted_segment_sum(v, ids, n), _dense(lambda v, m: jnp.sum(v * m), ids, n)),
        (
            lambda v: tf.math.unsorted_segment_mean(v, ids, n),
            _dense(lambda v, m: jnp.sum(v * m) / count(m), ids, n),
        ),
        (
            lambda v: tf.math.unsorted_segment_prod(v, ids, n),
            _dense(lambda v, m: jnp.prod(jnp.where(m, v, 1)), ids, n),
        ),
        (
            lambda v: tf.math.unsorted_segment_sqrt_n(v, ids, n),
            _dense(lambda v, m: jnp.sum(v * m) / jnp.sqrt(count(m)), ids, n),
        ),
        (
            lambda v: tf.math.unsorted_segment_max(v, ids, n),
            _dense(lambda v, m: jnp.max(jnp.where(m, v, -jnp.inf)), ids, n),
        ),
        (
            lambda v: tf.math.segment_prod(v, sorted(ids)),
            _dense(lambda v, m: jnp.prod(jnp.where(m, v, 1)), sorted(ids), n),
        ),
    ]
    check_many(cases, x)


def test_product_second_order_as_tf():
    # TF 2.21: y = reduce_sum(segment_prod(x, [0, 0, 0, 1])) at x = [1, 2, 0, 3]
    x = tf.Variable([1.0, 2.0, 0.0, 3.0])
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = tf.reduce_sum(tf.math.segment_prod(x, [0, 0, 0, 1]))
        g1 = t1.gradient(y, x)
    assert g1.numpy().tolist() == [0, 0, 2, 1]
    assert t2.gradient(g1, x).numpy().tolist() == [2, 1, 3, 0]


def test_product_gradient_of_rows_counts_zeros_per_column():
    # TF 2.21: column 0 of segment 0 has one zero (its gradient: the others' product), column 1
    # two (no gradient); segment 1 has none.
    x = tf.constant([[1.0, 0.0], [2.0, 3.0], [0.0, 0.0], [4.0, 5.0]])
    w = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    for f in (
        lambda v: tf.math.segment_prod(v, [0, 0, 0, 1]),
        lambda v: tf.math.unsorted_segment_prod(v, [0, 0, 0, 1], 2),
    ):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(f(x) * w)
        assert tape.gradient(y, x).numpy().tolist() == [[0, 0], [0, 0], [2, 0], [3, 4]]


def test_compiled_paths():
    @tf.function
    def f(x, ids):
        return tf.math.unsorted_segment_sum(x, ids, 3), tf.math.segment_max(x, tf.constant([0, 0, 1]))

    a, b = f(tf.constant([1.0, 2, 3]), tf.constant([0, 2, 2]))
    assert a.numpy().tolist() == [1, 0, 5] and b.numpy().tolist() == [2, 3]
    with pytest.raises(InvalidArgumentError, match=r"segment_ids\[1\] = 5 is out of range \[0, 3\)"):
        f(tf.constant([1.0, 2, 3]), tf.constant([0, 5, 2]))
    jitted = jax.jit(lambda x, i: tf.math.unsorted_segment_prod(x, i, 2))
    assert jitted(tf.constant([1.0, 2, 3]), tf.constant([0, 1, 1])).numpy().tolist() == [1, 6]
    g = jax.grad(lambda x: jnp.sum(jnp.asarray(tf.math.unsorted_segment_prod(x, tf.constant([0, 1, 1]), 2))))
    assert g(jnp.array([1.0, 2, 3])).tolist() == [1, 3, 2]


def test_errors_as_tf():
    with pytest.raises(InvalidArgumentError, match=r"^segment ids are not increasing \[Op:SegmentSum\]"):
        tf.math.segment_sum([1.0, 2, 3], [1, 0, 2])
    with pytest.raises(InvalidArgumentError, match=r"^segment ids must be >= 0 \[Op:SegmentSum\]"):
        tf.math.segment_sum([1.0, 2, 3], [0, 0, -1])
    with pytest.raises(
        InvalidArgumentError, match=r"segment_ids should be the same size as dimension 0 of input"
    ):
        tf.math.segment_sum([1.0, 2, 3], [0, 1])
    with pytest.raises(InvalidArgumentError, match=r"^segment_ids should be a vector\. \[Op:SegmentSum\]"):
        tf.math.segment_sum([[1.0, 2], [3, 4]], [[0, 0], [1, 1]])
    with pytest.raises(InvalidArgumentError, match=r"^input must be at least rank 1 \[Op:SegmentSum\]"):
        tf.math.segment_sum(1.0, 0)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'Tindices' of float is not in the list"):
        tf.math.segment_sum([1.0, 2, 3], [0.0, 1, 1])
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of bool is not in the list"):
        tf.math.segment_sum([True, False], [0, 1])
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of complex128 is not in the list"):
        tf.math.segment_max([1 + 1j, 2], [0, 0])
    with pytest.raises(InvalidArgumentError, match=r"^segment_ids\[1\] = 5 is out of range \[0, 3\)"):
        tf.math.unsorted_segment_sum([1.0, 2, 3], [0, 5, 1], 3)
    with pytest.raises(
        InvalidArgumentError, match=r"data.shape = \[3\] does not start with segment_ids.shape = \[2\]"
    ):
        tf.math.unsorted_segment_sum([1.0, 2, 3], [0, 1], 3)
    with pytest.raises(InvalidArgumentError, match=r"Input num_segments == -1 must not be negative\."):
        tf.math.unsorted_segment_sum([1.0, 2, 3], [0, 1, 1], -1)
    with pytest.raises(InvalidArgumentError, match=r"num_segments should be a scalar, not shape \[1\]"):
        tf.math.unsorted_segment_sum([1.0, 2, 3], [0, 1, 1], [2])
    with pytest.raises(
        InvalidArgumentError, match="Value for attr 'Tnumsegments' of float is not in the list"
    ):
        tf.math.unsorted_segment_sum([1.0, 2, 3], [0, 1, 1], 2.0)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of int32 is not in the list"):
        tf.math.unsorted_segment_sqrt_n([1, 2, 3], [0, 1, 1], 2)


def test_symbolic_ids_of_the_sorted_ops_say_what_to_do():
    f = tf.function(tf.math.segment_sum)
    with pytest.raises(
        TypeError, match=r"tapejax.math.segment_sum needs known segment_ids .*unsorted_segment_sum"
    ):
        f(tf.constant([1.0, 2, 3]), tf.constant([0, 2, 2]))
    g = tf.function(lambda x, n: tf.math.unsorted_segment_sum(x, [0, 1, 1], n))
    with pytest.raises(TypeError, match=r"tapejax.math.unsorted_segment_sum needs a known num_segments"):
        g(tf.constant([1.0, 2, 3]), tf.constant(2))
