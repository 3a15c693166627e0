"""keras.regularizers.OrthogonalRegularizer (and orthogonal_regularizer): values vs TF 2.21 /
Keras 3.15 (printed for a Tensor input), gradients vs jax.grad, configs, use in a layer, errors."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

R = tf.keras.regularizers
X = np.array([[1.0, 2.0, 0.5], [0.3, -1.0, 2.0], [2.0, 0.1, -0.4], [0.0, 1.0, 1.0]], np.float32)

# float(r(keras.ops.convert_to_tensor(X))) and r.get_config() in Keras 3.15.
KERAS = [
    (
        R.OrthogonalRegularizer,
        0.003027990460395813,
        {"factor": 0.009999999776482582, "mode": "rows"},
    ),
    (
        lambda: R.OrthogonalRegularizer(0.3, "columns"),
        0.040770869702100754,
        {"factor": 0.30000001192092896, "mode": "columns"},
    ),
    (
        lambda: R.orthogonal_regularizer(factor=1.5, mode="rows"),
        0.45419859886169434,
        {"factor": 1.5, "mode": "rows"},
    ),
]


@pytest.mark.parametrize("index", range(len(KERAS)))
def test_values_and_configs_match_keras(index):
    make, value, config = KERAS[index]
    regularizer = make()
    np.testing.assert_allclose(float(regularizer(tf.constant(X))), value, rtol=1e-5)
    assert regularizer.get_config() == config
    again = R.deserialize(R.serialize(regularizer))
    assert type(again) is R.OrthogonalRegularizer and again.get_config() == config
    assert type(R.get("orthogonal_regularizer")) is R.OrthogonalRegularizer


def test_gradient_matches_jax():
    def reference(x):  # rows mode, in jax.numpy
        unit = x / jnp.linalg.norm(x, axis=1, keepdims=True)
        product = unit @ unit.T * (1 - jnp.eye(4))
        return jnp.float32(0.01) * 0.5 * jnp.sum(jnp.abs(product)) / 6.0

    w = tf.Variable(X)
    with tf.GradientTape() as tape:
        penalty = R.OrthogonalRegularizer()(w)
    np.testing.assert_allclose(
        tape.gradient(penalty, w).numpy(), jax.grad(reference)(X), rtol=1e-4, atol=1e-8
    )


def test_in_a_layer_and_errors():
    layer = tf.keras.layers.Dense(4, kernel_regularizer="orthogonal_regularizer")
    layer.build((None, 3))
    expected = R.OrthogonalRegularizer()(layer.kernel)
    np.testing.assert_allclose(float(layer.losses[0]), float(expected), rtol=1e-6)
    with pytest.raises(
        ValueError, match='Invalid value for argument `mode`. Expected one of {"rows", "columns"}'
    ):
        R.OrthogonalRegularizer(mode="x")
    with pytest.raises(
        ValueError, match=r"Inputs to OrthogonalRegularizer must have rank 2. Received: inputs.shape=\(3,\)"
    ):
        R.OrthogonalRegularizer()(tf.ones([3]))
    with pytest.raises(ValueError, match="Invalid value for argument factor: expected a non-negative float"):
        R.OrthogonalRegularizer(-1.0)
