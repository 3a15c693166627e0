"""``tapejax/_ops/sampling``: random draws without an XLA program per shape give exactly
``jax.random``'s bits, for many seeds, shapes and dtypes; and the initializers and random ops
built on them give what ``jax.random`` gives for the same keys.

The references are ``jax.random``'s own functions, called here (one program per shape).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest

import tapejax as tf
from tapejax._core.values import x64
from tapejax._ops.sampling import samplers, threefry

SEEDS = [0, 1, 7, 42, 123456, 2**31 - 1]
SHAPES = [(), (1,), (7, 3), (64, 65), (2, 3, 5)]
DTYPES = [np.float32, np.float16, ml_dtypes.bfloat16, np.float64]


def _bits_equal(a, b) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


def _key(seed):
    return jax.random.key(seed)


def _data(key) -> np.ndarray:
    return np.asarray(jax.random.key_data(key))


def test_threefry_keys_split_and_fold_in_are_jax_s():
    for seed in SEEDS:
        key = _key(seed)
        assert _bits_equal(threefry.seed_key(seed), _data(key))
        new, sub = jax.random.split(key)
        host_new, host_sub = threefry.split(_data(key))
        assert _bits_equal(host_new, _data(new)) and _bits_equal(host_sub, _data(sub))
        for data in [0, 1, 5, 2**31 + 3, 2**32 - 1]:
            assert _bits_equal(threefry.fold_in(_data(key), data), _data(jax.random.fold_in(key, data)))


@pytest.mark.parametrize("width", [8, 16, 32, 64])
def test_threefry_bits_are_jax_s(width):
    dtype = {8: jnp.uint8, 16: jnp.uint16, 32: jnp.uint32, 64: jnp.uint64}[width]
    with x64.scope():
        for seed in SEEDS:
            for shape in [(5,), (33, 3)]:
                expected = np.asarray(jax.random.bits(_key(seed), shape, dtype)).ravel()
                assert _bits_equal(threefry.random_bits(_data(_key(seed)), width, expected.size), expected)
                tail = threefry.random_bits(_data(_key(seed)), width, 4, start=expected.size - 4)
                assert _bits_equal(tail, expected[-4:])


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_host_uniform_is_jax_s(dtype):
    with x64.scope():
        for seed in SEEDS:
            for shape in SHAPES + [(0,), (3, 0)]:
                expected = np.asarray(jax.random.uniform(_key(seed), shape, dtype)).ravel()
                got = samplers.uniform01(_data(_key(seed)), expected.size, dtype)
                assert _bits_equal(got, expected), (seed, shape)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("kind", ["uniform", "normal", "truncated_normal"])
def test_chunked_samplers_are_jax_s(kind, dtype):
    a, b = {"uniform": (-0.3, 0.7), "normal": (0.0, 1.0), "truncated_normal": (-2.0, 2.0)}[kind]
    with x64.scope():
        for shape in [(), (7, 3), (64, 65)]:  # (64, 65): past the small chunk
            for seed in SEEDS:
                key = _key(seed)
                if kind == "uniform":  # JAX's multiply-add, rounded as XLA rounds it
                    expected = jax.random.uniform(key, shape, dtype, a, b)
                elif kind == "normal":
                    expected = jax.random.normal(key, shape, dtype)
                else:
                    expected = jax.random.truncated_normal(key, a, b, shape, dtype)
                expected = np.asarray(expected).ravel()
                got = samplers.draw(kind, _data(key), expected.size, dtype, a, b)
                assert _bits_equal(got, expected), (seed, shape)


def test_draws_longer_than_a_chunk_continue_the_counter():
    count = samplers._CHUNKS[-1] + 3  # two chunks of the largest size
    for kind in ["normal", "uniform"]:
        key = _key(11)
        expected = jax.random.normal(key, (count,)) if kind == "normal" else jax.random.uniform(key, (count,))
        assert _bits_equal(samplers.draw(kind, _data(key), count, np.float32), expected)
    big = samplers.HOST_MAX + 5  # past the host's limit, uniform01 runs the chunks
    assert _bits_equal(
        samplers.uniform01(_data(_key(3)), big, np.float32), jax.random.uniform(_key(3), (big,))
    )


def test_a_chunk_s_64_bit_counter_carries_past_2_to_the_32():
    size = samplers._CHUNKS[0]
    start = 2**32 - 100  # the low word wraps inside the chunk
    key = _data(_key(5))
    key4 = np.array([key[0], key[1], start >> 32, start & 0xFFFFFFFF], np.uint32)
    with x64.scope():
        got = samplers._chunk(
            key4, np.float64(0.0), np.float64(1.0), kind="uniform", size=size, dtype=np.dtype(np.float32)
        )
    assert _bits_equal(got, samplers.floats01(key, size, np.dtype(np.float32), start=start))


# -- what tapejax builds on them ------------------------------------------------------------------
def _unseeded_key(seed: int):
    """The key tapejax's first unseeded draw after ``set_seed(seed)`` uses: the generator's
    state (``jax.random.key(seed)``'s data) split once, the second half."""
    return jax.random.split(_key(seed))[1]


@pytest.mark.parametrize("seed", [0, 3, 99])
def test_unseeded_initializers_and_random_ops_are_jax_draws_scaled_by_two_eager_ops(seed):
    shape = (13, 21)
    key = _unseeded_key(seed)
    limit = np.float32(np.sqrt(6.0 / (13 + 21)))
    uniform = jax.random.uniform(key, shape, jnp.float32)
    expected = uniform * (jnp.float32(limit) - jnp.float32(-limit)) + jnp.float32(-limit)
    tf.random.set_seed(seed)
    assert _bits_equal(tf.keras.initializers.GlorotUniform()(shape), expected)
    tf.random.set_seed(seed)
    expected = jax.random.normal(key, shape, jnp.float32) * jnp.float32(2.5) + jnp.float32(0.5)
    assert _bits_equal(tf.random.normal(shape, 0.5, 2.5), expected)
    tf.random.set_seed(seed)
    expected = jax.random.truncated_normal(key, -2.0, 2.0, shape, jnp.float32) * jnp.float32(0.1)
    assert _bits_equal(tf.random.truncated_normal(shape, stddev=0.1), expected + jnp.float32(0.0))


@pytest.mark.parametrize("seed", [0, 5, 2**31 - 1])
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
def test_seeded_initializers_are_jax_random_with_that_seed(seed, dtype):
    shape, np_dtype, key = (9, 30), np.dtype(dtype), _key(seed)
    limit = float(np.sqrt(6.0 / (9 + 30)))
    with x64.scope():  # as Variables are initialized (float64 needs JAX's 64-bit mode)
        got = tf.keras.initializers.GlorotUniform(seed=seed)(shape, dtype=dtype)
        assert _bits_equal(got, jax.random.uniform(key, shape, np_dtype, -limit, limit))
        got = tf.keras.initializers.RandomNormal(0.25, 1.5, seed=seed)(shape, dtype=dtype)
        assert _bits_equal(got, jax.random.normal(key, shape, np_dtype) * 1.5 + 0.25)
        got = tf.keras.initializers.TruncatedNormal(0.0, 0.5, seed=seed)(shape, dtype=dtype)
        expected = jax.random.truncated_normal(key, -2.0, 2.0, shape, np_dtype) * 0.5 + 0.0
        assert _bits_equal(got, expected)


def test_a_float64_initializer_outside_64_bit_mode_is_float64():
    w = tf.keras.initializers.GlorotUniform(seed=1)((3, 4), dtype="float64")
    assert w.dtype == tf.float64
    with x64.scope():
        assert _bits_equal(w, tf.keras.initializers.GlorotUniform(seed=1)((3, 4), dtype="float64"))


def test_random_ops_parameters_still_get_gradients():
    mean, stddev = tf.constant(1.0), tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([mean, stddev])
        x = tf.random.normal([5], mean, stddev, seed=3)
        u = tf.random.uniform([5], mean, stddev + 1.0, seed=3)
    assert float(tape.gradient(x, mean)) == 5.0
    z = (x - mean) / stddev
    np.testing.assert_allclose(tape.gradient(x, stddev).numpy(), np.sum(z.numpy()), rtol=1e-5)
    np.testing.assert_allclose(
        tape.gradient(u, mean).numpy(), 5.0 - np.sum(((u - mean) / 2.0).numpy()), rtol=1e-5
    )
