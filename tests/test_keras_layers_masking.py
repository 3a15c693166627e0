"""Keras masks end to end (Embedding(mask_zero), Masking, RNNs, attention, merging, pooling,
BatchNormalization, masked losses in fit), pinned to Keras 3.15's numbers
(tests/keras_masking_reference.py, written by scripts/keras_masking_reference_tf.py)."""

from __future__ import annotations

import numpy as np
import pytest
from keras_masking_cases import CASES, IDS, fix_weights
from keras_masking_reference import REFERENCE

import tapejax as tf

keras = tf.keras


@pytest.fixture(autouse=True)
def _fresh_names():
    keras.utils.clear_session() if hasattr(keras.utils, "clear_session") else None


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_matches_keras(name):
    got = CASES[name](keras)
    expected = REFERENCE[name]
    assert set(got) == set(expected)
    for key, want in expected.items():
        if want is None:
            assert got[key] is None, key
        elif isinstance(np.asarray(want).flat[0], (bool, np.bool_)):
            np.testing.assert_array_equal(got[key], np.asarray(want), err_msg=key)
        else:
            np.testing.assert_allclose(got[key], np.asarray(want), rtol=2e-5, atol=2e-6, err_msg=key)


def _masked_lstm():
    emb = keras.layers.Embedding(6, 2, mask_zero=True)
    lstm = keras.layers.LSTM(3, return_sequences=True)
    lstm(emb(IDS))
    fix_weights(emb)
    fix_weights(lstm)
    return emb, lstm


def test_masked_lstm_gradient_matches_jax_and_finite_differences():
    emb, lstm = _masked_lstm()
    weights = np.sin(0.4 * np.arange(3 * 5 * 3)).reshape(3, 5, 3).astype(np.float32)
    x = tf.constant(emb(IDS).numpy())
    mask = tf.constant(IDS != 0)
    kernel = lstm.weights[0]

    def loss():
        return tf.reduce_sum(lstm(x, mask=mask) * weights)

    with tf.GradientTape() as tape:
        value = loss()
    grad = tape.gradient(value, kernel).numpy()
    # Central differences on a few kernel entries (float64 sums of float32 losses).
    base = kernel.numpy()
    for index in [(0, 0), (1, 5), (0, 11)]:
        step = np.zeros_like(base)
        step[index] = 1e-2
        kernel.assign(base + step)
        up = float(loss())
        kernel.assign(base - step)
        down = float(loss())
        kernel.assign(base)
        np.testing.assert_allclose(grad[index], (up - down) / 2e-2, rtol=2e-2, atol=1e-4)
    # A masked step does not depend on its input: its gradient is zero.
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(lstm(x, mask=mask) * weights)
    gx = tape.gradient(y, x).numpy()
    np.testing.assert_array_equal(gx[~(IDS != 0)], 0.0)
    assert np.abs(gx[IDS != 0]).min() > 0


def test_masks_inside_function_and_a_functional_model_round_trip(tmp_path):
    expected = REFERENCE["lstm_sequences_state"]["out0"]
    emb = keras.layers.Embedding(6, 2, mask_zero=True)
    lstm = keras.layers.LSTM(3, return_sequences=True)
    inputs = keras.Input((5,), dtype="int32")
    embedded = emb(inputs)
    assert embedded._keras_mask.shape == (None, 5) and embedded._keras_mask.dtype == "bool"
    outputs = lstm(embedded)
    assert outputs._keras_mask.shape == (None, 5)
    model = keras.Model(inputs, outputs)
    fix_weights(emb)
    fix_weights(lstm)

    @tf.function
    def run(ids):
        y = model(ids)
        return y, y._keras_mask

    y, m = run(tf.constant(IDS))
    np.testing.assert_allclose(y.numpy(), expected, rtol=2e-5, atol=2e-6)
    np.testing.assert_array_equal(m.numpy(), IDS != 0)
    path = str(tmp_path / "masked.keras")
    model.save(path)
    loaded = keras.models.load_model(path)
    np.testing.assert_allclose(loaded(IDS).numpy(), expected, rtol=2e-5, atol=2e-6)


def test_a_layer_without_mask_support_warns_and_drops_the_mask():
    class Plain(keras.layers.Layer):
        def call(self, x):
            return x * 2.0

    y = keras.layers.Embedding(6, 2, mask_zero=True)(IDS)
    with pytest.warns(UserWarning, match="does not support masking and will therefore destroy"):
        z = Plain()(y)
    assert getattr(z, "_keras_mask", None) is None


def test_merge_mask_errors_as_keras():
    a, b = tf.ones([2, 3]), tf.ones([2, 3])
    m = tf.constant([[True, False, True]] * 2)
    with pytest.raises(ValueError, match="`mask` should be a list. Received: mask="):
        keras.layers.Add().compute_mask([a, b], m)
    with pytest.raises(ValueError, match="`inputs` should be a list. Received: inputs="):
        keras.layers.Add().compute_mask(a, [m, m])
    with pytest.raises(ValueError, match="The lists `inputs` and `mask` should have the same length"):
        keras.layers.Add().compute_mask([a, b], [m])
    with pytest.raises(ValueError, match="`mask` should be a list. Received mask="):
        keras.layers.Concatenate().compute_mask([a, b], m)
