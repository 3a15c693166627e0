"""Creating values compiles no XLA program (issue 25): constants, Variables, zeros, random
initializers, Keras models and optimizer slots of shapes never seen before.

Counted with a ``jax.monitoring`` listener on JAX's backend-compile event (as
``benchmarks/compiles.py``). Every shape here is used nowhere else in the test suite, so the
counts do not depend on what ran before; they are exact, not timings.
"""

from __future__ import annotations

import contextlib

import jax
import numpy as np
import pytest

import tapejax as tf

_BACKEND_COMPILE = "/jax/core/compile/backend_compile_duration"
_compiled: list[str] = []
_counting = [False]


def _on_event(event, duration, **kwargs):
    if _counting[0] and event == _BACKEND_COMPILE:
        _compiled.append(str(kwargs.get("fun_name", "?")))


jax.monitoring.register_event_duration_secs_listener(_on_event)


@contextlib.contextmanager
def compiles():
    """Collects the names of the XLA programs compiled in the block."""
    _compiled.clear()
    _counting[0] = True
    try:
        yield _compiled
    finally:
        _counting[0] = False


def test_constants_and_conversions_of_new_shapes_compile_nothing():
    with compiles() as names:
        tf.constant(np.arange(37 * 3, dtype=np.float32).reshape(37, 3))
        tf.constant([[1, 2, 3]] * 41)
        tf.constant(2.5, shape=[43, 2])
        tf.constant([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], shape=[3, 2], dtype=tf.float64)
        tf.convert_to_tensor(np.ones((47, 5), np.int64))
        tf.convert_to_tensor(np.ones((53,), np.float16), dtype_hint=tf.float32)
        tf.cast(tf.constant(np.arange(59, dtype=np.int32)), tf.float32)
    assert names == []


def test_zeros_ones_fill_eye_of_new_shapes_compile_nothing():
    x = tf.constant(np.ones((61, 2), np.float32))
    with compiles() as names:
        tf.zeros([67, 3])
        tf.ones([71, 2], tf.int32)
        tf.zeros_like(x)
        tf.ones_like(x, dtype=tf.float64)
        tf.fill([73, 2], 1.5)
        tf.eye(79, 3)
        tf.keras.initializers.Zeros()((83, 2))
        tf.keras.initializers.Constant(0.5)((89, 2))
    assert names == []


def test_variables_from_python_and_numpy_compile_nothing():
    with compiles() as names:
        tf.Variable(np.zeros((97, 3), np.float32))
        tf.Variable([[1.0, 2.0]] * 101)
        tf.Variable(3, dtype=tf.int64)
        tf.Variable(tf.zeros([103, 2]))
    assert names == []


def test_building_a_keras_model_and_its_optimizer_compiles_nothing():
    tf.random.set_seed(4)
    with compiles() as names:
        model = tf.keras.Sequential(
            [
                tf.keras.Input((107,)),
                tf.keras.layers.Dense(109, activation="relu"),
                tf.keras.layers.Dense(113),
            ]
        )
        opt = tf.keras.optimizers.Adam(1e-3)
        opt.build(model.trainable_variables)  # the slots: zeros of every Variable's shape
    assert names == []
    assert len(opt.variables) > 1


def test_random_initializers_compile_one_program_per_sampler_not_per_shape():
    tf.keras.initializers.RandomNormal(seed=1)((3, 127))  # the normal sampler's program
    tf.keras.initializers.TruncatedNormal(seed=1)((3, 127))
    tf.keras.initializers.GlorotUniform(seed=1)((3, 127))
    with compiles() as names:
        for shape in [(131, 2), (137,), (139, 3, 2)]:
            tf.keras.initializers.GlorotUniform()(shape)  # Dense's default kernel
            tf.keras.initializers.HeNormal(seed=2)(shape)
            tf.keras.initializers.RandomNormal()(shape)
            tf.keras.initializers.GlorotUniform(seed=3)(shape)
            tf.random.uniform(shape)
            tf.random.normal(shape, seed=5)
    assert names == []


def test_a_keras_train_step_in_a_function_is_one_program():
    tf.random.set_seed(0)
    model = tf.keras.Sequential(
        [tf.keras.Input((149,)), tf.keras.layers.Dense(151, activation="relu"), tf.keras.layers.Dense(7)]
    )
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    opt = tf.keras.optimizers.Adam(1e-3)
    x = tf.constant(np.ones((157, 149), np.float32))
    y = tf.constant(np.arange(157, dtype=np.int32) % 7)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables, strict=True))
        return loss

    with compiles() as names:
        float(step(x, y))  # traced with the loss's constants folded on the host: one program
    assert len(names) == 1, names


@pytest.mark.parametrize("puts_before", [0, 12], ids=["first puts", "a shape put often"])
def test_a_converted_numpy_array_is_a_copy(puts_before):
    # jax.device_put may share a numpy array's memory on the CPU; a Tensor must not change
    # when the array it came from does (TF copies), also once its shape takes jnp.asarray's path.
    for _ in range(puts_before):  # past PUTS_BEFORE_PROGRAM puts of one shape
        tf.constant(np.zeros((163, 4), np.float32))
    a = np.ones((163, 4), np.float32)
    t, v = tf.constant(a), tf.Variable(a)
    a[0, 0] = 5.0
    assert float(t[0, 0]) == 1.0 and float(v[0, 0]) == 1.0


def test_fill_and_cast_of_watched_tensors_are_still_recorded():
    value, ints = tf.constant(2.0), tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([value, ints])
        filled = tf.fill([167, 2], value)
        wide = tf.cast(ints, tf.float64)
    assert float(tape.gradient(filled, value)) == 167 * 2
    np.testing.assert_array_equal(tape.gradient(wide, ints).numpy(), [1.0, 1.0])
