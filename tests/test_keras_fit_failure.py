"""A fit that fails mid-epoch (a bad batch), as Keras 3 behaves: no roll-back of the batches
already trained (Keras 3.15 keeps their updates too: its weights changed, iterations counted),
while the failing step itself changes no Variable."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf


def _model():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(tf.keras.optimizers.Adam(0.1), "mse")
    return model


def _batches(bad_at=None):
    for i in range(3):
        yield np.full((2, 3 if i == bad_at else 2), 1.0, "float32"), np.ones((2, 1), "float32")


def test_failed_fit_keeps_the_completed_steps_and_nothing_of_the_failed_one():
    model = _model()
    with pytest.raises(ValueError, match="expected axis -1 of input shape to have value 2"):
        model.fit(_batches(bad_at=2), epochs=1, verbose=0, steps_per_epoch=3)
    reference = _model()  # the same two good steps, then stop
    reference.fit(_batches(), epochs=1, verbose=0, steps_per_epoch=2)
    assert int(model.optimizer.iterations.numpy()) == 2
    for got, want in zip(model.get_weights(), reference.get_weights(), strict=True):
        np.testing.assert_array_equal(got, want)
    for got, want in zip(model.optimizer.variables, reference.optimizer.variables, strict=True):
        np.testing.assert_array_equal(got.numpy(), want.numpy())
