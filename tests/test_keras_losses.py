"""tf.keras.losses: values and gradients vs TF 2.21 / Keras 3.15, and gradients vs jax.grad."""

from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import check_gradient

import tapejax as tf

L = tf.keras.losses
Y_TRUE = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], np.float32)
Y_PRED = np.array([[0.2, 0.7, 0.1], [0.5, 0.0, 0.5]], np.float32)  # a 0.0: the 1e-7 clip matters
LOGITS = np.array([[1.0, 2.0, -1.0], [0.5, -0.3, 3.0]], np.float32)
B_TRUE = np.array([[1.0, 0.0], [0.0, 1.0]], np.float32)
B_PRED = np.array([[0.9, 1.0], [0.3, 0.6]], np.float32)  # a 1.0: clipped to 1 - 1e-7
SPARSE = np.array([1, 0])

# (loss, y_true, y_pred, value, d value / d y_pred): printed by TF 2.21 / Keras 3.15 on CPU
# (GradientTape over the loss with y_pred watched).
REFERENCE = {
    "mse": (
        L.MeanSquaredError(),
        Y_TRUE,
        Y_PRED,
        0.1066666692495346,
        [[0.06666667, -0.1, 0.03333333], [-0.16666667, 0.0, 0.16666667]],
    ),
    "mae": (
        L.MeanAbsoluteError(),
        Y_TRUE,
        Y_PRED,
        0.2666666805744171,
        [[0.16666667, -0.16666667, 0.16666667], [-0.16666667, 0.0, 0.16666667]],
    ),
    "bce": (
        L.BinaryCrossentropy(),
        B_TRUE,
        B_PRED,
        4.228811264038086,
        [[-0.27777779, 0.0], [0.35714287, -0.41666666]],
    ),
    "bce_logits": (
        L.BinaryCrossentropy(from_logits=True),
        B_TRUE,
        LOGITS[:, :2],
        1.0671555995941162,
        [[-0.06723536, 0.22019927], [0.15561482, -0.14361063]],
    ),
    "cce": (
        L.CategoricalCrossentropy(),
        Y_TRUE,
        Y_PRED,
        0.5249110460281372,
        [[0.5, -0.21428573, 0.5], [-0.5, 0.5, 0.5]],
    ),
    "cce_logits": (
        L.CategoricalCrossentropy(from_logits=True),
        Y_TRUE,
        LOGITS,
        1.4807095527648926,
        [[0.12974824, -0.14730772, 0.01755951], [-0.46332112, 0.01648088, 0.44684026]],
    ),
    "scce": (
        L.SparseCategoricalCrossentropy(),
        SPARSE,
        Y_PRED,
        0.5249111652374268,
        [[0.5, -0.21428573, 0.5], [-0.5, 0.0, 0.5]],
    ),
    "scce_column": (
        L.SparseCategoricalCrossentropy(),
        SPARSE[:, None],
        Y_PRED,
        0.5249111652374268,
        [[0.5, -0.21428573, 0.5], [-0.5, 0.0, 0.5]],
    ),
    "scce_logits": (
        L.SparseCategoricalCrossentropy(from_logits=True),
        SPARSE,
        LOGITS,
        1.4807095527648926,
        [[0.12974824, -0.14730772, 0.01755951], [-0.46332112, 0.01648088, 0.44684026]],
    ),
    "fn_mse": (
        L.mean_squared_error,
        Y_TRUE,
        Y_PRED,
        [0.04666667, 0.16666667],
        [[0.13333334, -0.2, 0.06666667], [-0.33333334, 0.0, 0.33333334]],
    ),
    "fn_cce": (
        L.categorical_crossentropy,
        Y_TRUE,
        Y_PRED,
        [0.35667497, 0.69314718],
        [[1.0, -0.42857146, 1.0], [-1.0, 1.0, 1.0]],
    ),
    "fn_bce": (
        L.binary_crossentropy,
        B_TRUE,
        B_PRED,
        [8.02387238, 0.43375027],
        [[-0.55555558, 0.0], [0.71428573, -0.83333331]],
    ),
    "mse_rank": (
        L.MeanSquaredError(),
        np.array([1.0, 2.0, 3.0], np.float32),
        np.array([[1.5], [2.0], [2.0]], np.float32),
        0.4166666567325592,
        [[0.33333334], [0.0], [-0.66666669]],
    ),
}


@pytest.mark.parametrize("case", sorted(REFERENCE))
def test_value_and_gradient_match_keras(case):
    loss, y_true, y_pred, value, grad = REFERENCE[case]
    x = tf.constant(y_pred)
    with tf.GradientTape() as tape:
        tape.watch(x)
        out = loss(y_true, x)
    assert out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy(), value, rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(out, x).numpy(), grad, rtol=1e-5, atol=1e-7)


def _jax_bce(t, p):
    p = jnp.clip(p, 1e-7, 1 - 1e-7)
    return -jnp.mean(t * jnp.log(p) + (1 - t) * jnp.log(1 - p), axis=-1)


def _jax_cce(t, p):
    p = jnp.clip(p / jnp.sum(p, -1, keepdims=True), 1e-7, 1 - 1e-7)
    return -jnp.sum(t * jnp.log(p), -1)


P = np.array([[0.2, 0.7, 0.1], [0.3, 0.4, 0.3]])
T = np.array([[0.0, 1.0, 0.0], [0.2, 0.3, 0.5]])


@pytest.mark.parametrize(
    ("tf_fn", "jax_fn"),
    [
        (L.mean_squared_error, lambda t, p: jnp.mean((t - p) ** 2, -1)),
        (L.binary_crossentropy, _jax_bce),
        (L.categorical_crossentropy, _jax_cce),
        (
            lambda t, p: L.categorical_crossentropy(t, p, from_logits=True),
            lambda t, p: -jnp.sum(t * jax.nn.log_softmax(p), -1),
        ),
        (
            lambda t, p: L.binary_crossentropy(t, p, from_logits=True),
            lambda t, p: jnp.mean(jnp.maximum(p, 0) - p * t + jnp.log1p(jnp.exp(-jnp.abs(p))), -1),
        ),
    ],
)
def test_function_gradients_match_jax(tf_fn, jax_fn):
    check_gradient(tf_fn, jax_fn, T, P)


def test_sparse_gradient_matches_jax():
    def jax_fn(p):
        q = jnp.clip(p, 1e-7, 1 - 1e-7)
        return -jnp.log(q / jnp.sum(q, -1, keepdims=True))[jnp.arange(2), jnp.array([1, 2])]

    check_gradient(lambda p: L.sparse_categorical_crossentropy([1, 2], p), jax_fn, P)


def test_reductions_and_names():
    per_sample = L.MeanSquaredError(reduction="none")(Y_TRUE, Y_PRED)
    np.testing.assert_allclose(per_sample.numpy(), L.mean_squared_error(Y_TRUE, Y_PRED).numpy())
    total = L.MeanSquaredError(reduction="sum")(Y_TRUE, Y_PRED)
    np.testing.assert_allclose(total.numpy(), per_sample.numpy().sum(), rtol=1e-6)
    mse = L.MeanSquaredError()
    assert (mse.reduction, mse.name, L.BinaryCrossentropy().name) == (
        "sum_over_batch_size",
        "mean_squared_error",
        "binary_crossentropy",
    )


def test_errors():
    with pytest.raises(ValueError, match="Invalid value for argument `reduction`"):
        L.MeanSquaredError(reduction="mean_of_means")
    with pytest.raises(ValueError, match="must have the same shape. Received"):
        L.categorical_crossentropy(Y_TRUE, Y_PRED[:, :2])
    with pytest.raises(ValueError, match="same shape up until the last dimension"):
        L.sparse_categorical_crossentropy([1, 0, 2], Y_PRED)
    with pytest.raises(ValueError, match="Only axis=-1"):
        L.sparse_categorical_crossentropy([1, 0], Y_PRED, axis=0)
    # TF 2.21's message: Keras prints its set of reductions.
    with pytest.raises(
        ValueError,
        match=re.escape(
            "Expected one of {'sum', 'sum_over_batch_size', 'mean', 'mean_with_sample_weight', 'none', "
            "None}. "
            "Received: reduction=avg"
        ),
    ):
        L.Huber(reduction="avg")


def test_loss_objects_cast_integer_label_tensors():
    # Keras converts both arguments to float32, casting an int32 tensor of labels (TF 2.21 value).
    loss = L.SparseCategoricalCrossentropy()(tf.constant([1, 0]), tf.constant(Y_PRED))
    np.testing.assert_allclose(loss.numpy(), 0.5249111652374268, rtol=1e-6)
