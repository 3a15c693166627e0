"""``tapejax.random``: TF's seed rules, dtypes, parameters' gradients, distributions.

The values differ from TensorFlow's for the same seed (the generators differ); what is pinned
is what TF 2.21 guarantees: reproducibility rules, shapes, dtypes, errors and gradients. Shapes
are shared between tests because JAX compiles its PRNG per shape.
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf
from tapejax.errors import InvalidArgumentError

N = 4000


def test_set_seed_makes_the_sequence_reproducible():
    tf.random.set_seed(5)
    a, b = tf.random.normal([N]), tf.random.normal([N])
    tf.random.set_seed(5)
    c, d = tf.random.normal([N]), tf.random.normal([N])
    assert np.array_equal(a.numpy(), c.numpy()) and np.array_equal(b.numpy(), d.numpy())
    assert not np.array_equal(a.numpy(), b.numpy())


def test_op_seeds_have_their_own_sequence():
    tf.random.set_seed(5)
    a = tf.random.uniform([N], seed=1)
    again = tf.random.uniform([N], seed=1)
    tf.random.set_seed(5)
    tf.random.uniform([N])  # other random ops do not shift an op seed's sequence (TF)
    b = tf.random.uniform([N], seed=1)
    c = tf.random.uniform([N], seed=2)
    assert np.array_equal(a.numpy(), b.numpy())
    assert not np.array_equal(a.numpy(), again.numpy()) and not np.array_equal(a.numpy(), c.numpy())


def test_distributions_shapes_and_dtypes():
    tf.random.set_seed(1)
    x = tf.random.normal([N], 3.0, 2.0)
    assert x.dtype == tf.float32 and x.shape == (N,)
    assert abs(float(np.mean(x.numpy())) - 3.0) < 0.15 and abs(float(np.std(x.numpy())) - 2.0) < 0.15
    assert tf.random.normal([2], dtype=tf.float64).dtype == tf.float64
    assert tf.random.normal(tf.constant([2, 2])).shape == (2, 2)
    u = tf.random.uniform([N], 2.0, 5.0).numpy()
    assert u.min() >= 2.0 and u.max() < 5.0 and abs(u.mean() - 3.5) < 0.1
    assert 0.0 <= tf.random.uniform([N], maxval=3.0).numpy().min()
    i = tf.random.uniform([N], 0, 10, dtype=tf.int32).numpy()
    assert i.dtype == np.int32 and i.min() == 0 and i.max() == 9
    assert tf.random.uniform([2], 0, 10, dtype=tf.int64).dtype == tf.int64
    t = tf.random.truncated_normal([N]).numpy()
    assert np.abs(t).max() <= 2.0 and abs(t.mean()) < 0.1
    assert tf.random.normal([2], mean=tf.constant([0.0, 100.0]), stddev=0.0).numpy().tolist() == [0.0, 100.0]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: tf.random.normal([2], dtype=tf.int32),
            TypeError,
            "Cannot convert 0.0 to EagerTensor of dtype int32",
        ),
        (
            lambda: tf.random.uniform([2], dtype=tf.int32),
            ValueError,
            "Must specify maxval for integer dtype tf.int32",
        ),
        (
            lambda: tf.random.uniform([2], dtype=tf.bool),
            ValueError,
            "Argument `dtype` got invalid value <dtype: 'bool'>",
        ),
        (
            lambda: tf.random.uniform([2], 0, 0, dtype=tf.int32),
            InvalidArgumentError,
            "Need minval < maxval, got 0 >= 0",
        ),
    ],
)
def test_random_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_parameters_get_gradients():
    # TF records the affine map from the raw sample onto mean/stddev and minval/maxval.
    mean, std = tf.constant(2.0), tf.constant(3.0)
    lo, hi = tf.constant(1.0), tf.constant(4.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([mean, std, lo, hi])
        x = tf.random.normal([N], mean, std)
        u = tf.random.uniform([N], lo, hi)
    assert tape.gradient(x, mean).numpy() == N
    np.testing.assert_allclose(tape.gradient(x, std).numpy(), np.sum((x.numpy() - 2.0) / 3.0), rtol=1e-3)
    raw = (u.numpy() - 1.0) / 3.0
    np.testing.assert_allclose(tape.gradient(u, hi).numpy(), raw.sum(), rtol=1e-3)
    np.testing.assert_allclose(tape.gradient(u, lo).numpy(), (1 - raw).sum(), rtol=1e-3)


def test_shuffle_and_categorical():
    tf.random.set_seed(1)
    assert sorted(tf.random.shuffle(tf.range(10)).numpy().tolist()) == list(range(10))
    rows = tf.random.shuffle(tf.reshape(tf.range(6), (3, 2))).numpy()
    assert sorted(rows[:, 0].tolist()) == [0, 2, 4] and (rows[:, 1] == rows[:, 0] + 1).all()
    draws = tf.random.categorical(tf.math.log([[0.5, 0.5, 0.0]]), 5)
    assert draws.dtype == tf.int64 and draws.shape == (1, 5) and (draws.numpy() < 2).all()
    assert tf.random.categorical(tf.math.log([[0.5, 0.5, 0.0]]), 5, dtype=tf.int32).dtype == tf.int32


def test_gamma_and_poisson():
    # JAX compiles these samplers per shape (seconds each): one call of each.
    samples = tf.random.gamma([N // 2], tf.constant([2.0, 5.0]), beta=2.0)
    assert samples.shape == (N // 2, 2)
    # TF 2.21 draws in alpha's dtype: float32 by default, also for a Python or numpy float64
    # alpha (converted to ``dtype``); float64 only when asked.
    assert samples.dtype == tf.float32
    assert tf.random.gamma([2], 1.0).dtype == tf.float32
    assert tf.random.gamma([2], np.float64(1.0)).dtype == tf.float32
    assert tf.random.gamma([2], 1.0, dtype=tf.float64).dtype == tf.float64
    alpha = tf.Variable([2.0, 5.0])
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.random.gamma([4], alpha))
    assert tape.gradient(total, alpha).dtype == tf.float32
    np.testing.assert_allclose(np.mean(samples.numpy(), axis=0), [1.0, 2.5], rtol=0.1)
    p = tf.random.poisson([N // 2], lam=[3.0, 5.0])
    assert p.dtype == tf.float32 and p.shape == (N // 2, 2)
    np.testing.assert_allclose(np.mean(p.numpy(), axis=0), [3.0, 5.0], rtol=0.1)


def test_stateless_ops_depend_on_the_seed_only():
    a = tf.random.stateless_normal([N], seed=[1, 2])
    b = tf.random.stateless_normal([N], seed=[1, 2])
    c = tf.random.stateless_normal([N], seed=[1, 3])
    assert np.array_equal(a.numpy(), b.numpy()) and not np.array_equal(a.numpy(), c.numpy())
    ints = tf.random.stateless_uniform([N], seed=[1, 2], minval=0, maxval=10, dtype=tf.int32).numpy()
    assert ints.dtype == np.int32 and ints.min() >= 0 and ints.max() < 10
    assert tf.random.stateless_uniform([N], seed=tf.constant([3, 4])).dtype == tf.float32
