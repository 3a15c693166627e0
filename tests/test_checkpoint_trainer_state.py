"""A Keras model's tf.train.Checkpoint holds what TF 2.21's holds: the layers' and the
optimizer's Variables, none of the trainer's state (loss tracker, compiled and held metrics,
fit's batch position); a model restored from it trains on every batch as the uninterrupted
one does; and a restore that completes while a function traces is no assignment baked into
its program."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

keras = tf.keras
TOL = {"rtol": 1e-5, "atol": 1e-6}  # float32 multi-op


def _data():
    rng = np.random.default_rng(0)
    return rng.normal(size=(8, 3)).astype("float32"), rng.normal(size=(8, 2)).astype("float32")


def _sequential():
    model = keras.Sequential(
        [keras.Input((3,)), keras.layers.Dense(2, name="d"), keras.layers.BatchNormalization(name="bn")]
    )
    model.compile(
        optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae", keras.metrics.MeanSquaredError()]
    )
    return model


class _Subclassed(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(2)
        self.tracker = keras.metrics.Mean(name="t")
        self.counter = tf.Variable(0, trainable=False, name="counter")

    def call(self, x):
        return self.d(x)


def _keys(path) -> list:
    return [
        (key, shape) for key, shape in tf.train.list_variables(path) if key != "_CHECKPOINTABLE_OBJECT_GRAPH"
    ]


def test_a_compiled_models_checkpoint_holds_tfs_variables(tmp_path):
    x, y = _data()
    model = _sequential()
    model.fit(x, y, batch_size=4, verbose=0)
    keys = _keys(tf.train.Checkpoint(model=model, optimizer=model.optimizer).save(str(tmp_path / "ck")))
    # TF 2.21 saves 17 values for this program: BatchNormalization's moving statistics, the
    # optimizer's iterations, learning rate, 4 trained Variables and 8 Adam slots, save_counter
    # (tapejax names the layers' and slots' paths its own way; the values are the same).
    shapes = sorted(str(shape) for _, shape in keys)
    assert len(keys) == 17
    assert shapes == sorted(["[2]"] * 11 + ["[3, 2]"] * 3 + ["[]"] * 3)
    assert not [k for k, _ in keys if "metric" in k or "tracker" in k or "position" in k]

    model = _Subclassed()
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    model.fit(x, y, verbose=0)
    keys = _keys(tf.train.Checkpoint(model=model).save(str(tmp_path / "sub")))
    assert keys == [  # TF 2.21's keys, exactly
        ("model/counter/.ATTRIBUTES/VARIABLE_VALUE", []),
        ("model/d/_kernel/.ATTRIBUTES/VARIABLE_VALUE", [3, 2]),
        ("model/d/bias/.ATTRIBUTES/VARIABLE_VALUE", [2]),
        ("model/optimizer/_iterations/.ATTRIBUTES/VARIABLE_VALUE", []),
        ("model/optimizer/_learning_rate/.ATTRIBUTES/VARIABLE_VALUE", []),
        ("save_counter/.ATTRIBUTES/VARIABLE_VALUE", []),
    ]


def test_a_keras_metric_is_no_trackable_object():
    with pytest.raises(ValueError, match="`Checkpoint` was expecting metric to be a trackable object"):
        tf.train.Checkpoint(metric=keras.metrics.Mean())


def test_assert_consumed_on_a_fresh_model_passes_where_tfs_does(tmp_path):
    x, y = _data()
    model = _sequential()
    model.fit(x, y, batch_size=4, verbose=0)
    path = tf.train.Checkpoint(model=model, optimizer=model.optimizer).save(str(tmp_path / "ck"))
    fresh = _sequential()
    status = tf.train.Checkpoint(model=fresh, optimizer=fresh.optimizer).restore(path)
    with pytest.raises(AssertionError, match=r"Unresolved object in checkpoint \(root\)\.optimizer"):
        status.assert_consumed()  # the optimizer's slots are not built yet: TF fails too
    fresh.optimizer.build(fresh.trainable_variables)
    status.assert_consumed()  # as TF's
    for a, b in zip(model.variables, fresh.variables, strict=True):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


@pytest.mark.parametrize("build", [True, False], ids=["built_eagerly", "built_by_fit"])
def test_restore_then_fit_trains_on_every_batch_as_the_uninterrupted_run(tmp_path, build):
    x, y = _data()
    keras.utils.set_random_seed(1)
    model = _sequential()
    model.fit(x, y, batch_size=2, epochs=1, shuffle=False, verbose=0)
    path = tf.train.Checkpoint(model=model, optimizer=model.optimizer).save(str(tmp_path / "ck"))
    keras.utils.set_random_seed(2)
    fresh = _sequential()
    tf.train.Checkpoint(model=fresh, optimizer=fresh.optimizer).restore(path)
    if build:
        fresh.optimizer.build(fresh.trainable_variables)
    seen = []

    class Batches(keras.callbacks.Callback):
        def on_train_batch_begin(self, batch, logs=None):
            seen.append(fresh.layers[0].kernel.numpy().copy())

    uninterrupted = model.fit(x, y, batch_size=2, epochs=2, shuffle=False, verbose=0).history
    restored = fresh.fit(
        x, y, batch_size=2, epochs=2, shuffle=False, verbose=0, callbacks=[Batches()]
    ).history
    np.testing.assert_allclose(restored["loss"], uninterrupted["loss"], **TOL)
    np.testing.assert_allclose(restored["mae"], uninterrupted["mae"], **TOL)
    for a, b in zip(model.variables, fresh.variables, strict=True):
        np.testing.assert_allclose(a.numpy(), b.numpy(), **TOL)
    assert all(np.any(a != b) for a, b in zip(seen, seen[1:], strict=False))  # each of the 8 steps trains

    # the same four batches, by hand: one step each, in order (not the first batch four times)
    by_hand = _sequential()
    tf.train.Checkpoint(model=by_hand, optimizer=by_hand.optimizer).restore(path)
    for _ in range(2):
        for i in range(0, 8, 2):
            by_hand.train_on_batch(x[i : i + 2], y[i : i + 2])
    np.testing.assert_allclose(by_hand.layers[0].kernel.numpy(), fresh.layers[0].kernel.numpy(), **TOL)


def test_a_restore_completed_while_a_function_traces_is_not_baked_into_it(tmp_path):
    """The optimizer's build (a no-op: built eagerly) called by the step completes the restore
    of a Variable created before the trace: the Variable takes the saved value once (TF's
    init_scope), and each call goes on from there."""
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    optimizer = keras.optimizers.Adam(0.01)
    model.steps = tf.Variable(7)
    optimizer.build(model.trainable_variables)
    path = tf.train.Checkpoint(model=model, optimizer=optimizer).save(str(tmp_path / "ck"))

    fresh = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    fresh_optimizer = keras.optimizers.Adam(0.01)
    tf.train.Checkpoint(model=fresh, optimizer=fresh_optimizer).restore(path)
    fresh_optimizer.build(fresh.trainable_variables)  # its slots restored; `steps` still waited for
    fresh.steps = tf.Variable(0)  # matched when the optimizer's build runs again, in the trace

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(fresh(x))
        grads = tape.gradient(loss, fresh.trainable_variables)
        fresh_optimizer.apply_gradients(zip(grads, fresh.trainable_variables, strict=True))
        fresh.steps.assign_add(1)
        return fresh.steps.read_value()

    x = tf.ones((2, 3))
    assert [int(step(x)) for _ in range(3)] == [8, 9, 10]
    assert int(fresh.steps) == 10 and int(fresh_optimizer.iterations) == 3
