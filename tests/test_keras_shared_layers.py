"""Shared layers (one layer called twice in a functional model) and models used as layers
(issue 11). Expected numbers and summaries were printed by TF 2.21 (Keras 3.15) for the same
code and starting weights; float32 results may differ in the last digit (XLA vs Eigen)."""

from __future__ import annotations

import contextlib
import io

import numpy as np
import pytest

import tapejax as tf

X = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)

SHARED_SUMMARY = """\
Model: "functional"
┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┓
┃ Layer (type)        ┃ Output Shape      ┃    Param # ┃ Connected to      ┃
┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━┩
│ a (InputLayer)      │ (None, 3)         │          0 │ -                 │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ b (InputLayer)      │ (None, 3)         │          0 │ -                 │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ shared (Dense)      │ (None, 2)         │          8 │ a[0][0], b[0][0]  │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ concatenate         │ (None, 4)         │          0 │ shared[0][0],     │
│ (Concatenate)       │                   │            │ shared[1][0]      │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ out (Dense)         │ (None, 1)         │          5 │ concatenate[0][0] │
└─────────────────────┴───────────────────┴────────────┴───────────────────┘
 Total params: 15 (64.00 B)
 Trainable params: 13 (52.00 B)
 Non-trainable params: 0 (0.00 B)
 Optimizer params: 2 (12.00 B)
"""

# TF printed "functional_2" after the shared-layer model above in the same process; fresh names
# here: the inner Sequential's own Functional takes "functional", the outer model "functional_1".
NESTED_SUMMARY = """\
Model: "functional_1"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ input_layer_1 (InputLayer)      │ (None, 3)              │             0 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ inner (Sequential)              │ (None, 2)              │            26 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ head (Dense)                    │ (None, 1)              │             3 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 31 (128.00 B)
 Trainable params: 29 (116.00 B)
 Non-trainable params: 0 (0.00 B)
 Optimizer params: 2 (12.00 B)
"""


@pytest.fixture(autouse=True)
def _fresh_names(monkeypatch):
    tf.keras.backend.clear_session()
    monkeypatch.setenv("COLUMNS", "80")


def _weights(shapes):
    values = [
        np.sin(np.arange(int(np.prod(s)), dtype=np.float32) * 0.7 + i) * 0.5 for i, s in enumerate(shapes)
    ]
    return [v.reshape(s).astype(np.float32) for v, s in zip(values, shapes, strict=True)]


def _summary(model) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        model.summary()
    return out.getvalue()


def test_a_layer_called_twice_shares_its_weights():
    a, b = tf.keras.Input((3,), name="a"), tf.keras.Input((3,), name="b")
    shared = tf.keras.layers.Dense(2, activation="tanh", name="shared")
    merged = tf.keras.layers.Concatenate()([shared(a), shared(b)])
    model = tf.keras.Model([a, b], tf.keras.layers.Dense(1, name="out")(merged))
    assert [layer.name for layer in model.layers] == ["a", "b", "shared", "concatenate", "out"]
    assert [v.path for v in model.weights] == ["shared/kernel", "shared/bias", "out/kernel", "out/bias"]
    model.set_weights(_weights([w.shape for w in model.get_weights()]))
    np.testing.assert_allclose(
        model.predict([X, X[::-1]], verbose=0).ravel(),
        [-0.428499, -0.278908, -0.12069, 0.041, 0.201371, 0.356335, 0.502469, 0.636885],
        atol=2e-6,
    )
    model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    history = model.fit([X, X[::-1]], X[:, :1], batch_size=4, epochs=2, shuffle=False, verbose=0)
    # atol: TF printed 6 decimals; rtol: two epochs of XLA's float32 sums vs Eigen's.
    np.testing.assert_allclose(history.history["loss"], [0.099263, 0.031041], rtol=1e-5, atol=5e-7)
    assert _summary(model) == SHARED_SUMMARY
    # One gradient per shared weight: the sum over both calls (finite differences agree).
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model([X, X[::-1]]))
    grad = tape.gradient(loss, shared.kernel)
    eps, kernel = 1e-2, shared.kernel.numpy()
    bumped = kernel.copy()
    bumped[0, 0] += eps
    shared.kernel.assign(bumped)
    up = float(tf.reduce_sum(model([X, X[::-1]])))
    bumped[0, 0] -= 2 * eps
    shared.kernel.assign(bumped)
    down = float(tf.reduce_sum(model([X, X[::-1]])))
    np.testing.assert_allclose(grad.numpy()[0, 0], (up - down) / (2 * eps), rtol=1e-3)


def test_models_are_layers_of_other_models():
    inner = tf.keras.Sequential(
        [tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(2)],
        name="inner",
    )
    inner.set_weights(_weights([w.shape for w in inner.get_weights()]))
    x = tf.keras.Input((3,))
    outer = tf.keras.Model(x, tf.keras.layers.Dense(1, name="head")(inner(x)))
    outer.layers[-1].set_weights(_weights([(2, 1), (1,)]))
    assert [layer.name for layer in outer.layers] == ["input_layer_1", "inner", "head"]
    assert len(outer.trainable_weights) == 6
    outer.compile(tf.keras.optimizers.SGD(0.1), "mse")
    history = outer.fit(X, X[:, :1], batch_size=4, epochs=2, shuffle=False, verbose=0)
    np.testing.assert_allclose(history.history["loss"], [0.600063, 0.517925], rtol=1e-5, atol=5e-7)
    assert _summary(outer) == NESTED_SUMMARY
    # A functional model called twice inside another: its weights once.
    x2, x3 = tf.keras.Input((3,)), tf.keras.Input((3,))
    twice = tf.keras.Model([x2, x3], tf.keras.layers.Add()([outer(x2), outer(x3)]))
    assert len(twice.weights) == 6
    np.testing.assert_allclose(
        twice.predict([X, X[::-1] * 2], verbose=0).ravel(),
        [0.25802, 0.236109, 0.214197, 0.192285, 0.190343, 0.209633, 0.224343, 0.234034],
        atol=2e-6,
    )
