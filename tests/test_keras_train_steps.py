"""Keras 3's training steps as Keras calls them (issue 26): custom ``train_step``/``test_step``/
``predict_step`` overrides, ``compute_loss``/``compute_metrics``, the deprecated
``compiled_loss``/``compiled_metrics``, ``fit(x)`` without targets, nested logs and the logs
callbacks get. Each program of keras_train_step_programs.py runs here with ``tapejax`` as
``tf`` and must give what it gives on TF 2.21 / Keras 3.15 (keras_train_steps_reference.py,
written by scripts/keras_train_steps_reference_tf.py).
"""

from __future__ import annotations

import numpy as np
import pytest
from keras_train_step_programs import PROGRAMS, X, Y
from keras_train_steps_reference import REFERENCE

import tapejax as tf


def _close(got, want, path="") -> None:
    if isinstance(want, dict):
        assert sorted(got) == sorted(want), path
        for key in want:
            _close(got[key], want[key], f"{path}/{key}")
    elif isinstance(want, list) and any(isinstance(w, str | list | dict) for w in want):
        assert len(got) == len(want), path
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            _close(g, w, f"{path}[{i}]")
    elif isinstance(want, str) or want is None:
        assert got == want, path
    else:
        np.testing.assert_allclose(
            np.asarray(got, np.float64), np.asarray(want), rtol=2e-5, atol=1e-6, err_msg=path
        )


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_gives_keras_numbers(name):
    _close(PROGRAMS[name](tf), REFERENCE[name], name)


def test_fit_x_hands_train_step_the_batch_itself():
    seen = []

    class Model(tf.keras.Model):
        def train_step(self, data):
            seen.append(
                (type(data).__name__, tuple(data.shape)) if not isinstance(data, tuple) else len(data)
            )
            return {}

    model = Model(*_io())
    model.compile("sgd")
    model.fit(X, batch_size=5, epochs=1, verbose=0)
    model.fit([X], batch_size=12, epochs=1, verbose=0)  # a list of inputs: Keras packs (x,)
    assert [s[1] if isinstance(s, tuple) else s for s in seen] == [(5, 4), (2, 4), 1]  # traced per shape
    x, y, w = tf.keras.utils.unpack_x_y_sample_weight([X, Y])
    assert x is X and y is Y and w is None
    assert tf.keras.utils.pack_x_y_sample_weight(X) is X
    assert tf.keras.utils.pack_x_y_sample_weight([X]) == ([X],)
    with pytest.raises(ValueError, match=r"Data is expected to be in format `x`, `\(x,\)`, `\(x, y\)`"):
        tf.keras.utils.unpack_x_y_sample_weight((X, Y, Y, Y))


def _io():
    inputs = tf.keras.Input(shape=(4,))
    return inputs, tf.keras.layers.Dense(1)(inputs)


def test_metrics_order_and_held_metrics():
    class Model(tf.keras.Model):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.tracker = tf.keras.metrics.Mean(name="tt")

    model = Model(*_io())
    assert model.metrics_names == ["tt"]  # before compile: only what the model holds
    model.compile("sgd", "mse", metrics=["mae"])
    assert model.metrics_names == ["loss", "compile_metrics", "tt"]  # Keras 3.15's order
    with pytest.raises(ValueError, match="Cannot get result\\(\\) since the metric has not yet been built."):
        model.metrics[1].result()
    model.compile("sgd", "mse")
    assert model.metrics_names == ["loss", "tt"]


def test_no_loss_and_no_trainable_weights():
    model = tf.keras.Model(*_io())
    model.compile("sgd")
    kernel = model.get_weights()
    with pytest.raises(ValueError, match="No loss to compute. Provide a `loss` argument in `compile\\(\\)`."):
        model.fit(X, Y, verbose=0)
    np.testing.assert_array_equal(model.get_weights()[0], kernel[0])  # a failed fit changes nothing
    model.trainable = False
    model.compile("sgd", "mse")
    with pytest.warns(UserWarning, match="The model does not have any trainable weights."):
        model.fit(X, Y, verbose=0, batch_size=12)


def test_deprecated_compiled_loss_and_metrics_warn():
    model = tf.keras.Model(*_io())
    model.compile("sgd", "mse", metrics=["mae"])
    y_pred = model(X)
    with pytest.warns(UserWarning, match=r"`model.compiled_loss\(\)` is deprecated. Instead, use"):
        loss = model.compiled_loss(tf.constant(Y), y_pred)
    np.testing.assert_allclose(loss.numpy(), np.mean((y_pred.numpy() - Y) ** 2), rtol=1e-5)
    with pytest.warns(UserWarning, match=r"`model.compiled_metrics\(\)` is deprecated. Instead, use e.g."):
        model.compiled_metrics.update_state(tf.constant(Y), y_pred)
    logs = model.get_metrics_result()
    assert sorted(logs) == ["loss", "mae"]
    np.testing.assert_allclose(float(logs["loss"]), np.mean(y_pred.numpy()), rtol=1e-5)  # Keras 3's shim


def test_loss_scale_factor_scales_the_loss_it_divides_the_gradients_by():
    def run(factor):
        model = tf.keras.Model(*_io())
        model.set_weights([np.full((4, 1), 0.3, np.float32), np.zeros(1, np.float32)])
        model.compile(tf.keras.optimizers.SGD(0.1, loss_scale_factor=factor), "mse")
        model.fit(X, Y, batch_size=12, verbose=0)
        return model.get_weights()[0]

    np.testing.assert_allclose(run(128.0), run(None), rtol=1e-5)


@pytest.mark.parametrize("layer", ["Dense", "Conv1D", "EinsumDense"])
def test_activation_set_on_a_built_layer_is_used_at_the_next_call(layer):
    make = {
        "Dense": lambda: tf.keras.layers.Dense(3, activation="relu"),
        "Conv1D": lambda: tf.keras.layers.Conv1D(3, 1, activation="relu"),
        "EinsumDense": lambda: tf.keras.layers.EinsumDense("ab,bc->ac", output_shape=3, activation="relu"),
    }[layer]()
    x = X[:2] if layer != "Conv1D" else X[:2, None, :]
    relu = make(x).numpy()
    make.activation = None  # Keras 3: the layer skips it
    linear = make(x).numpy()
    np.testing.assert_allclose(relu, np.maximum(linear, 0.0), rtol=1e-6)
    assert (linear < 0).any()
    make.activation = tf.keras.activations.tanh
    np.testing.assert_allclose(make(x).numpy(), np.tanh(linear), rtol=1e-5)
