"""``keras.random``: Keras 3's seeding (int seeds repeat, a SeedGenerator advances its int64
state ``[seed, n]``, also inside ``tf.function``), dtypes and shapes as Keras', and the moments of
each distribution. The numbers are JAX's threefry draws, not TF's Philox bits (see
``tapejax/keras/_src/random/random.py``), so only their distributions are compared."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

R = tf.keras.random


def test_int_seed_repeats_and_generator_advances():
    np.testing.assert_array_equal(R.normal((4,), seed=3).numpy(), R.normal((4,), seed=3).numpy())
    gen = R.SeedGenerator(7)
    a, b = R.uniform((4,), seed=gen), R.uniform((4,), seed=gen)
    assert not np.array_equal(a.numpy(), b.numpy())
    assert gen.state.dtype == tf.int64 and gen.state.numpy().tolist() == [7, 2]
    again = R.SeedGenerator(7)
    np.testing.assert_array_equal(R.uniform((4,), seed=again).numpy(), a.numpy())
    assert R.SeedGenerator(7, name="g").get_config() == {"seed": 7, "name": "g"}


def test_generator_state_advances_inside_function():
    gen = R.SeedGenerator(1)
    draw = tf.function(lambda: R.normal((3,), seed=gen))
    first, second = draw().numpy(), draw().numpy()
    assert not np.array_equal(first, second)
    assert gen.state.numpy().tolist() == [1, 2]
    np.testing.assert_array_equal(R.normal((3,), seed=R.SeedGenerator(1)).numpy(), first)


def test_unseeded_draws_differ():
    assert not np.array_equal(R.normal((4,)).numpy(), R.normal((4,)).numpy())


@pytest.mark.parametrize(
    ("draw", "dtype"),
    [
        (lambda: R.normal((2, 3), seed=1), "float32"),
        (lambda: R.normal((2, 3), dtype="float64", seed=1), "float64"),
        (lambda: R.uniform((2, 3), dtype="float16", seed=1), "float16"),
        (lambda: R.truncated_normal((2, 3), seed=1), "float32"),
        (lambda: R.randint((2, 3), 0, 5, seed=1), "int32"),
        (lambda: R.randint((2, 3), 0, 5, dtype="uint8", seed=1), "uint8"),
        (lambda: R.gamma((2, 3), 2.0, seed=1), "float32"),
        (lambda: R.binomial((2, 3), 5.0, 0.5, seed=1), "float32"),
        (lambda: R.beta((2, 3), 2.0, 2.0, seed=1), "float32"),
    ],
)
def test_dtypes_and_shapes(draw, dtype):
    out = draw()
    assert out.dtype.name == dtype and out.shape == (2, 3)


N = 20000


@pytest.mark.parametrize(
    ("draw", "mean", "var"),
    [
        (lambda: R.normal((N,), mean=1.0, stddev=2.0, seed=5), 1.0, 4.0),
        (lambda: R.uniform((N,), minval=-1.0, maxval=3.0, seed=5), 1.0, 16 / 12),
        (lambda: R.truncated_normal((N,), seed=5), 0.0, 0.7737413),  # N(0,1) cut at +-2
        (lambda: R.gamma((N,), 3.0, seed=5), 3.0, 3.0),
        (lambda: R.binomial((N,), 10.0, 0.3, seed=5), 3.0, 2.1),
        (lambda: R.beta((N,), 2.0, 3.0, seed=5), 0.4, 0.04),
        (lambda: tf.cast(R.randint((N,), 0, 10, seed=5), tf.float32), 4.5, 8.25),
    ],
)
def test_moments(draw, mean, var):
    x = draw().numpy().astype(np.float64)
    assert abs(x.mean() - mean) < 4 * np.sqrt(var / N)
    assert abs(x.var() - var) < 0.05 * var


def test_truncated_normal_bounds_and_categorical_frequencies():
    assert np.abs(R.truncated_normal((N,), stddev=0.5, seed=2).numpy()).max() <= 1.0
    logits = tf.math.log(tf.constant([[0.2, 0.8], [0.9, 0.1]]))
    draws = R.categorical(logits, N, seed=3)
    assert draws.dtype == tf.int32 and draws.shape == (2, N)
    np.testing.assert_allclose(draws.numpy().mean(axis=1), [0.8, 0.1], atol=0.02)


def test_dropout_and_shuffle():
    out = R.dropout(tf.ones((100, 100)), 0.3, seed=4).numpy()
    assert np.all(np.isclose(out, 0) | np.isclose(out, 1 / 0.7))
    assert abs((out == 0).mean() - 0.3) < 0.02
    shared = R.dropout(tf.ones((4, 50)), 0.5, noise_shape=(1, 50), seed=4).numpy()
    assert (shared == shared[0]).all()
    np.testing.assert_array_equal(R.dropout(tf.ones(3), 0.0).numpy(), [1, 1, 1])
    x = tf.reshape(tf.range(12), (6, 2))
    shuffled = R.shuffle(x, seed=9).numpy()
    assert sorted(shuffled[:, 0].tolist()) == list(range(0, 12, 2))
    np.testing.assert_array_equal(shuffled[:, 1], shuffled[:, 0] + 1)


def test_gradients_reach_the_parameters():
    mean, stddev = tf.Variable(1.0), tf.Variable(2.0)
    with tf.GradientTape() as tape:
        x = R.normal((5,), mean=mean, stddev=stddev, seed=1)
        loss = tf.reduce_sum(x)
    g_mean, g_std = tape.gradient(loss, [mean, stddev])
    base = R.normal((5,), seed=1)
    assert float(g_mean) == 5.0
    np.testing.assert_allclose(float(g_std), float(tf.reduce_sum(base)), rtol=1e-5)


def test_bad_seeds_and_dtypes():
    with pytest.raises(
        ValueError, match="Argument `seed` must be either an integer or an instance of `SeedGenerator`"
    ):
        R.normal((2,), seed=1.5)
    with pytest.raises(ValueError, match="Argument `seed` must be an integer. Received: seed=x"):
        R.SeedGenerator("x")
    with pytest.raises(ValueError, match="Unrecognized keyword arguments"):
        R.SeedGenerator(1, foo=2)
    with pytest.raises(ValueError, match="`keras.random.uniform` requires a floating point `dtype`"):
        R.uniform((2,), dtype="int32")
    with pytest.raises(ValueError, match="`keras.random.randint` requires an integer `dtype`"):
        R.randint((2,), 0, 3, dtype="float32")
