"""A runtime check failing inside ``fit``/``evaluate`` (an out-of-range sparse label): TF's
InvalidArgumentError, and every Variable as it was before the failed step (issue 11).

A step whose check fails keeps every Variable's old value (inside its program), and ``fit``
reads the checks every few steps (``runtime_check.deferred``): the steps between keep the values
too, so the model ends as TF's does: trained on the batches before the bad one.
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

N, BATCH = 32, 4
X = np.sin(np.arange(N * 3, dtype=np.float32) * 0.37).reshape(N, 3)
Y = (np.arange(N) % 3).astype(np.int32)
MESSAGE = r"^Received a label value of 7 which is outside the valid range of \[0, 3\)\."


def _model():
    tf.keras.backend.clear_session()
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3)])
    model.set_weights(
        [
            np.full((3, 3), 0.1, np.float32) * np.arange(9, dtype=np.float32).reshape(3, 3),
            np.zeros(3, np.float32),
        ]
    )
    model.compile(
        tf.keras.optimizers.Adam(0.1),
        tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )
    return model


@pytest.mark.parametrize("bad_batch", [0, 1, 5, 7])
def test_fit_stops_at_the_bad_batch_with_the_weights_before_it(bad_batch):
    y = Y.copy()
    y[bad_batch * BATCH + 1] = 7
    reference = _model()
    if bad_batch:
        head = bad_batch * BATCH
        reference.fit(X[:head], Y[:head], batch_size=BATCH, shuffle=False, verbose=0)
    model = _model()
    with pytest.raises(tf.errors.InvalidArgumentError, match=MESSAGE):
        model.fit(X, y, batch_size=BATCH, shuffle=False, verbose=0)
    for got, want in zip(model.get_weights(), reference.get_weights(), strict=True):
        np.testing.assert_array_equal(got, want)
    assert int(model.optimizer.iterations) == bad_batch
    # The model trains on from there: the next fit's steps see the restored weights.
    model.fit(X, Y, batch_size=BATCH, shuffle=False, verbose=0)
    reference.fit(X, Y, batch_size=BATCH, shuffle=False, verbose=0)
    for got, want in zip(model.get_weights(), reference.get_weights(), strict=True):
        np.testing.assert_array_equal(got, want)


def test_evaluate_raises_and_the_model_is_unchanged():
    model = _model()
    weights = model.get_weights()
    y = Y.copy()
    y[-1] = 7
    with pytest.raises(tf.errors.InvalidArgumentError, match=MESSAGE):
        model.evaluate(X, y, batch_size=BATCH, verbose=0)
    for got, want in zip(model.get_weights(), weights, strict=True):
        np.testing.assert_array_equal(got, want)
    loss, accuracy = model.evaluate(X, Y, batch_size=BATCH, verbose=0)
    assert np.isfinite(loss) and 0.0 <= accuracy <= 1.0


def test_a_custom_loop_raises_at_the_call():
    """Outside fit/evaluate a tf.function's check is read at its call, as in TF."""
    model = _model()
    loss_fn = model.loss

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        model.optimizer.apply_gradients(
            zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables, strict=True)
        )
        return loss

    step(X[:BATCH], Y[:BATCH])
    weights = model.get_weights()
    with pytest.raises(tf.errors.InvalidArgumentError, match=MESSAGE):
        step(X[:BATCH], np.array([0, 7, 1, 2], np.int32))
    for got, want in zip(model.get_weights(), weights, strict=True):
        np.testing.assert_array_equal(got, want)
    assert int(model.optimizer.iterations) == 1
