"""``tapejax.nn``: activations, losses, normalization, dropout, convolution and pooling.

Expected values and messages were observed with TensorFlow 2.21 (CPU); gradients are checked
against ``jax.grad`` and finite differences (``check_many`` runs several ops on one tape).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import check_many
from op_checks import tape_grad as _grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError

X = np.array([[-1.0, 0.0, 0.5, 2.0, 7.0], [-3.0, 6.0, 1e-3, -1e-3, 3.0]], np.float32)
SELU_SCALE, SELU_ALPHA = 1.0507009873554805, 1.6732632423543772


@pytest.mark.parametrize(
    ("name", "ref"),
    [
        ("relu", lambda v: np.maximum(v, 0)),
        ("relu6", lambda v: np.clip(v, 0, 6)),
        ("elu", lambda v: np.where(v > 0, v, np.expm1(v))),
        ("selu", lambda v: SELU_SCALE * np.where(v > 0, v, SELU_ALPHA * np.expm1(v))),
        ("gelu", lambda v: jax.nn.gelu(v, approximate=False)),
        ("sigmoid", jax.nn.sigmoid),
        ("softplus", jax.nn.softplus),
        ("softsign", jax.nn.soft_sign),
        ("silu", jax.nn.silu),
        ("swish", jax.nn.silu),
        ("tanh", np.tanh),
        ("leaky_relu", lambda v: np.where(v > 0, v, 0.2 * v)),
        ("softmax", lambda v: jax.nn.softmax(v, axis=-1)),
        ("log_softmax", lambda v: jax.nn.log_softmax(v, axis=-1)),
        ("l2_loss", lambda v: np.sum(v * v) / 2),
    ],
)
def test_activation_values(name, ref):
    y = getattr(tf.nn, name)(X)
    assert y.dtype == tf.float32
    np.testing.assert_allclose(y.numpy(), np.asarray(ref(X.astype(np.float64))), rtol=2e-6, atol=1e-6)


def test_activation_gradients_match_jax_away_from_kinks():
    x = [[-1.5, 0.25, 2.0], [3.0, -0.5, 7.0]]
    check_many(
        [
            (tf.nn.relu, jax.nn.relu),
            (tf.nn.relu6, jax.nn.relu6),
            (tf.nn.elu, jax.nn.elu),
            (tf.nn.selu, jax.nn.selu),
            (tf.nn.gelu, lambda v: jax.nn.gelu(v, approximate=False)),
            (lambda v: tf.nn.gelu(v, approximate=True), lambda v: jax.nn.gelu(v, approximate=True)),
            (tf.nn.silu, jax.nn.silu),
            (lambda v: tf.nn.leaky_relu(v, 0.1), lambda v: jax.nn.leaky_relu(v, 0.1)),
            (
                lambda v: tf.nn.softmax(v) * [1.0, 2.0, 3.0],
                lambda v: jax.nn.softmax(v) * jnp.asarray([1.0, 2.0, 3.0]),
            ),
            (lambda v: tf.nn.log_softmax(v, axis=0) ** 2, lambda v: jax.nn.log_softmax(v, axis=0) ** 2),
            (tf.nn.l2_loss, lambda v: jnp.sum(v * v) / 2),
            (lambda v: tf.nn.swish(v, beta=2.0), lambda v: v * jax.nn.sigmoid(2 * v)),
        ],
        x,
    )


def test_activation_dtype_rules():
    assert tf.nn.relu(tf.constant([-1, 2, 7])).numpy().tolist() == [0, 2, 7]
    assert tf.nn.relu6(tf.constant([-1, 2, 7])).numpy().tolist() == [0, 2, 6]
    leaky = tf.nn.leaky_relu(tf.constant([-1, 2]))  # TF casts integer features to float32
    assert leaky.dtype == tf.float32 and leaky.numpy().tolist() == [np.float32(-0.2), 2.0]
    with pytest.raises(ValueError, match="`features.dtype` must be a floating point tensor"):
        tf.nn.gelu(tf.constant([1, 2]))
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of int32 is not in the list"):
        tf.nn.elu(tf.constant([1]))
    with pytest.raises(InvalidArgumentError, match=r"logits must have >= 1 dimension, got \[\]"):
        tf.nn.softmax(tf.constant(1.0))


def test_softmax_along_axis_and_infinities():
    np.testing.assert_allclose(tf.nn.softmax(X, axis=0), jax.nn.softmax(X, axis=0), rtol=1e-6)
    assert tf.nn.softmax(tf.constant([-np.inf, 0.0])).numpy().tolist() == [0.0, 1.0]
    assert tf.math.softmax is tf.nn.softmax and tf.math.log_softmax is tf.nn.log_softmax


# -- losses -------------------------------------------------------------------------------------
LABELS = np.array([[0.2, 0.8], [1.0, 0.0]])
LOGITS = np.array([[1.0, 2.0], [3.0, -1.0]])


def test_softmax_cross_entropy():
    expected = -np.sum(LABELS * jax.nn.log_softmax(LOGITS), axis=-1)
    loss = tf.nn.softmax_cross_entropy_with_logits(labels=LABELS.tolist(), logits=LOGITS.tolist())
    assert loss.dtype == tf.float32
    np.testing.assert_allclose(loss, expected, rtol=1e-5)
    # labels broadcast to the logits' shape and take their dtype
    np.testing.assert_allclose(
        tf.nn.softmax_cross_entropy_with_logits(labels=[0.2, 0.8], logits=LOGITS.tolist()),
        [0.51326168, 3.2181499],
        rtol=1e-6,
    )
    mixed = tf.nn.softmax_cross_entropy_with_logits(
        labels=tf.constant([[0.0, 1.0]], tf.float64), logits=tf.constant([[1.0, 2.0]])
    )
    assert mixed.dtype == tf.float32
    along0 = tf.nn.softmax_cross_entropy_with_logits(
        labels=[[0.2, 0.8], [0.8, 0.2]], logits=LOGITS.tolist(), axis=0
    )
    np.testing.assert_allclose(
        along0,
        -np.sum(np.array([[0.2, 0.8], [0.8, 0.2]]) * jax.nn.log_softmax(LOGITS, axis=0), axis=0),
        rtol=1e-6,
    )
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of int32 is not in the list"):
        tf.nn.softmax_cross_entropy_with_logits(labels=[[0, 1]], logits=[[1, 2]])
    huge = tf.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0]], logits=[[1000.0, -1000.0]])
    assert huge.numpy().tolist() == [2000.0]


def test_sparse_softmax_cross_entropy():
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 0], logits=LOGITS.tolist())
    np.testing.assert_allclose(loss, [0.31326166, 0.01814996], rtol=1e-6)
    assert tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=np.array([1, 0]), logits=LOGITS.tolist()
    ).shape == (2,)
    check_many(
        [
            (
                lambda z: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 0], logits=z),
                lambda z: -jnp.take_along_axis(jax.nn.log_softmax(z), jnp.asarray([[1], [0]]), axis=1)[:, 0],
            )
        ],
        LOGITS,
    )
    with pytest.raises(
        InvalidArgumentError,
        match=r"Received a label value of 2 which is outside the valid range "
        r"of \[0, 2\).  Label values: 2 0",
    ):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[2, 0], logits=LOGITS.tolist())
    with pytest.raises(
        InvalidArgumentError,
        match="Value for attr 'Tlabels' of float is not in the list of allowed values: int32, int64",
    ):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1.0, 0.0], logits=LOGITS.tolist())
    with pytest.raises(ValueError, match="must equal `logits.shape.rank - 1`"):
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1], logits=LOGITS.tolist())


def test_sigmoid_cross_entropy_follows_tf_formula():
    labels, logits = [0.0, 1.0, 0.3], [-2.0, 3.0, 0.0]
    loss = tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
    z, y = np.array(logits), np.array(labels)
    np.testing.assert_allclose(loss, np.maximum(z, 0) - z * y + np.log1p(np.exp(-np.abs(z))), rtol=1e-6)
    gl, gz = _grad(lambda a, b: tf.nn.sigmoid_cross_entropy_with_logits(labels=a, logits=b), labels, logits)
    np.testing.assert_allclose(gl, [2.0, -3.0, 0.0])
    np.testing.assert_allclose(gz, [0.11920291, -0.04742587, 0.2], rtol=1e-5)  # TF: 0.2 at logits == 0
    with pytest.raises(
        ValueError, match=r"`logits` and `labels` must have the same shape, received \(\(3,\) vs \(2,\)\)"
    ):
        tf.nn.sigmoid_cross_entropy_with_logits(labels=[0.0, 1.0], logits=logits)


def test_weighted_cross_entropy_and_log_poisson():
    loss = tf.nn.weighted_cross_entropy_with_logits(
        labels=[0.0, 1.0, 0.3], logits=[-2.0, 3.0, 0.0], pos_weight=2.0
    )
    np.testing.assert_allclose(loss, [0.12692809, 0.0971747, 0.90109128], rtol=1e-6)
    np.testing.assert_allclose(
        tf.nn.log_poisson_loss(tf.constant([1.0, 2.0]), tf.constant([0.5, 0.1])),
        [1.1487213, 0.9051709],
        rtol=1e-6,
    )
    full = tf.nn.log_poisson_loss(tf.constant([0.5, 2.0]), tf.constant([0.5, 0.1]), compute_full_loss=True)
    np.testing.assert_allclose(full, [1.3987212, 1.5569775], rtol=1e-6)


def test_loss_gradients_match_jax():
    check_many(
        [
            (
                lambda lab, z: tf.nn.sigmoid_cross_entropy_with_logits(labels=lab, logits=z),
                lambda lab, z: jnp.maximum(z, 0) - z * lab + jnp.log1p(jnp.exp(-jnp.abs(z))),
            ),
            (
                lambda lab, z: tf.nn.weighted_cross_entropy_with_logits(lab, z, 2.0),
                lambda lab, z: (
                    (1 - lab) * z + (1 + lab) * (jnp.log1p(jnp.exp(-jnp.abs(z))) + jax.nn.relu(-z))
                ),
            ),
            (
                lambda lab, z: tf.nn.softmax_cross_entropy_with_logits(lab, z, axis=0),
                lambda lab, z: -jnp.sum(lab * jax.nn.log_softmax(z)),
            ),
        ],
        [0.25, 0.25, 0.5],
        [-2.0, 3.0, 0.5],
    )  # labels sum to 1: TF's xent rule is then JAX's


# -- normalization ------------------------------------------------------------------------------
def test_moments():
    mean, var = tf.nn.moments(tf.constant([[1.0, 2.0], [3.0, 5.0]]), axes=[0])
    assert mean.numpy().tolist() == [2.0, 3.5] and var.numpy().tolist() == [1.0, 2.25]
    mean, var = tf.nn.moments(tf.constant([[1, 2], [3, 5]]), axes=[0])  # TF keeps the integer dtype
    assert mean.numpy().tolist() == [2, 3] and var.numpy().tolist() == [1, 2]
    mean, _ = tf.nn.moments(tf.constant([[1.0, 2.0]]), axes=[0, 1], keepdims=True)
    assert mean.shape == (1, 1)
    assert tf.nn.moments(tf.constant([1.0, 2.0], tf.float16), axes=[0])[1].dtype == tf.float16


def test_moments_variance_uses_stop_gradient_on_the_mean():
    # TF: variance = mean(squared_difference(x, stop_gradient(mean))), so its second derivative
    # is 2/n (JAX's exact variance would give 2/n * (1 - 1/n)).
    x = tf.constant([[1.0, 2.0], [3.0, 5.0]])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            var = tf.nn.moments(x, axes=[0])[1]
        g = inner.gradient(var, x)
        z = tf.reduce_sum(g**2)
    np.testing.assert_allclose(g, [[-1.0, -1.5], [1.0, 1.5]])
    np.testing.assert_allclose(outer.gradient(z, x), [[-2.0, -3.0], [2.0, 3.0]])


def test_batch_normalization_and_normalize_moments():
    out = tf.nn.batch_normalization(tf.constant([[1.0, 2.0]]), 1.0, 4.0, 0.5, 2.0, 1e-3)
    np.testing.assert_allclose(out, [[0.5, 1.4998751]], rtol=1e-6)
    check_many(
        [
            (
                lambda x, m, v: tf.nn.batch_normalization(x, m, v, 0.5, 2.0, 1e-3),
                lambda x, m, v: (x - m) * 2.0 / jnp.sqrt(v + 1e-3) + 0.5,
            )
        ],
        [1.0, 2.0],
        [1.0, 0.0],
        [4.0, 1.0],
    )
    mean, var = tf.nn.normalize_moments(tf.constant(4.0), tf.constant([2.0]), tf.constant([5.0]), None)
    assert mean.numpy().tolist() == [0.5] and var.numpy().tolist() == [1.0]
    mean, _ = tf.nn.normalize_moments(
        tf.constant(4.0), tf.constant([2.0]), tf.constant([5.0]), tf.constant([1.0])
    )
    assert mean.numpy().tolist() == [1.5]


def test_l2_normalize():
    out = tf.nn.l2_normalize(tf.constant([[3.0, 4.0], [0.0, 0.0]]), axis=1)
    assert out.numpy().tolist() == [[0.6000000238418579, 0.800000011920929], [0.0, 0.0]]
    with pytest.raises(TypeError, match="Cannot convert 1e-12 to EagerTensor of dtype int32"):
        tf.nn.l2_normalize(tf.constant([3, 4]))
    check_many(
        [
            (
                lambda v: tf.nn.l2_normalize(v) * [1.0, 2.0, 3.0],
                lambda v: v / jnp.linalg.norm(v) * jnp.asarray([1.0, 2.0, 3.0]),
            )
        ],
        [3.0, -4.0, 1.0],
    )


def test_bias_add():
    assert tf.nn.bias_add(tf.constant([[1.0, 2.0]]), [1.0, -1.0]).numpy().tolist() == [[2.0, 1.0]]
    nchw = tf.nn.bias_add(tf.ones((1, 2, 3)), [1.0, -1.0], data_format="NCHW")
    assert nchw.numpy().tolist() == [[[2.0, 2.0, 2.0], [0.0, 0.0, 0.0]]]
    with pytest.raises(InvalidArgumentError, match="Must provide as many biases as the channel dimension"):
        tf.nn.bias_add(tf.constant([[1.0, 2.0]]), [1.0, -1.0, 3.0])


def test_misc_losses():
    assert tf.nn.compute_average_loss(tf.constant([1.0, 2.0, 3.0])).numpy() == 2.0
    assert tf.nn.compute_average_loss(tf.constant([1.0, 2.0, 3.0]), global_batch_size=6).numpy() == 1.0
    weighted = tf.nn.compute_average_loss(
        tf.constant([1.0, 2.0, 3.0]), sample_weight=tf.constant([1.0, 0.0, 2.0])
    )
    np.testing.assert_allclose(weighted, 7 / 3)
    assert tf.nn.zero_fraction(tf.constant([0.0, 1.0, 0.0, 2.0])).numpy() == 0.5


# -- dropout, embeddings ----------------------------------------------------------------------------
def test_dropout_scales_kept_values_and_passes_their_gradient():
    tf.random.set_seed(0)
    x = tf.ones((1000,))
    with tf.GradientTape() as tape:
        tape.watch(x)
        d = tf.nn.dropout(x, rate=0.25)
    np.testing.assert_allclose(np.unique(d.numpy()), [0.0, 4 / 3], rtol=1e-7)
    assert 0.2 < float(np.mean(d.numpy() == 0)) < 0.3
    np.testing.assert_array_equal(tape.gradient(d, x).numpy(), d.numpy())
    tf.random.set_seed(0)
    shared = tf.nn.dropout(tf.ones((50, 3)), rate=0.5, noise_shape=[50, 1]).numpy()
    assert np.all(shared == shared[:, :1])
    assert tf.nn.dropout(tf.ones((3,)), rate=0.0).numpy().tolist() == [1.0, 1.0, 1.0]


def test_dropout_errors():
    with pytest.raises(
        ValueError, match=r"rate must be a scalar tensor or a float in the range \[0, 1\), got 1.0"
    ):
        tf.nn.dropout(tf.ones((3,)), rate=1.0)
    with pytest.raises(
        ValueError,
        match="x has to be a floating point tensor since it's going to be scaled. Got a "
        "int32 tensor instead.",
    ):
        tf.nn.dropout(tf.ones((3,), tf.int32), rate=0.5)


def test_embedding_lookup():
    params = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert tf.nn.embedding_lookup(params, [1, 0, 1]).numpy().tolist() == [[3.0, 4.0], [1.0, 2.0], [3.0, 4.0]]
    assert _grad(lambda p: tf.nn.embedding_lookup(p, [1, 0, 1]), params)[0].tolist() == [
        [1.0, 1.0],
        [2.0, 2.0],
    ]
    clipped = tf.nn.embedding_lookup(tf.constant([[3.0, 4.0], [0.3, 0.4]]), [0, 1], max_norm=1.0)
    np.testing.assert_allclose(clipped, [[0.6, 0.8], [0.3, 0.4]], rtol=1e-6)


# -- convolution and pooling --------------------------------------------------------------------
IMG = np.arange(32.0, dtype=np.float32).reshape(2, 4, 4, 1)


def _conv(x, w, strides, padding, dilation=1):
    return jax.lax.conv_general_dilated(
        x, w, strides, padding, rhs_dilation=(dilation, dilation), dimension_numbers=("NHWC", "HWIO", "NHWC")
    )


def test_conv2d_values_match_tf():
    out = tf.nn.conv2d(IMG, tf.ones((2, 2, 1, 2)), strides=1, padding="VALID")
    assert out.shape == (2, 3, 3, 2) and out.numpy()[0, :, :, 0].tolist()[0] == [10.0, 14.0, 18.0]
    same = tf.nn.conv2d(IMG, tf.ones((3, 3, 1, 1)), strides=2, padding="SAME")
    assert same.numpy()[0, :, :, 0].tolist() == [
        [45.0, 39.0],
        [66.0, 50.0],
    ]  # TF: the extra pad row at the end
    dil = tf.nn.conv2d(IMG, tf.ones((2, 2, 1, 1)), strides=1, padding="VALID", dilations=2)
    assert dil.numpy()[0, :, :, 0].tolist() == [[20.0, 24.0], [36.0, 40.0]]
    explicit = tf.nn.conv2d(IMG, tf.ones((2, 2, 1, 1)), strides=1, padding=[[0, 0], [1, 0], [0, 1], [0, 0]])
    assert explicit.shape == (2, 4, 4, 1)
    assert tf.nn.conv1d(
        tf.reshape(tf.range(8.0), (1, 4, 2)), tf.ones((2, 2, 3)), stride=1, padding="SAME"
    ).shape == (1, 4, 3)
    with pytest.raises(
        InvalidArgumentError, match="input depth must be evenly divisible by filter depth: 1 vs 2"
    ):
        tf.nn.conv2d(IMG, tf.ones((2, 2, 2, 1)), strides=1, padding="VALID")


def test_conv_gradients_match_jax():
    w = np.arange(9.0).reshape(3, 3, 1, 1) / 10
    check_many(
        [
            (
                lambda x, k: tf.nn.conv2d(x, k, strides=2, padding="SAME") ** 2,
                lambda x, k: _conv(x, k, (2, 2), "SAME") ** 2,
            )
        ],
        IMG[:1] / 10,
        w,
        fd=False,
    )


def test_pooling_values_and_gradients():
    assert tf.nn.max_pool2d(IMG, ksize=2, strides=2, padding="VALID").numpy()[0, :, :, 0].tolist() == [
        [5.0, 7.0],
        [13.0, 15.0],
    ]
    assert tf.nn.max_pool2d(IMG, ksize=3, strides=2, padding="SAME").numpy()[0, :, :, 0].tolist() == [
        [10.0, 11.0],
        [14.0, 15.0],
    ]
    assert tf.nn.avg_pool2d(IMG, ksize=2, strides=2, padding="VALID").numpy()[0, :, :, 0].tolist() == [
        [2.5, 4.5],
        [10.5, 12.5],
    ]
    # SAME average pooling divides by the number of real elements, as TF
    assert tf.nn.avg_pool2d(IMG, ksize=3, strides=2, padding="SAME").numpy()[0, :, :, 0].tolist() == [
        [5.0, 6.5],
        [11.0, 12.5],
    ]
    ties = tf.constant([[[[1.0], [1.0]], [[0.0], [1.0]]]])
    assert _grad(lambda v: tf.nn.max_pool2d(v, ksize=2, strides=2, padding="VALID"), ties)[0].reshape(
        -1
    ).tolist() == [1.0, 0.0, 0.0, 0.0]  # the first maximum takes the gradient, as TF
    g = _grad(lambda v: tf.nn.avg_pool2d(v, ksize=3, strides=2, padding="SAME"), IMG[:1])[0][0, :, :, 0]
    np.testing.assert_allclose(g[0], [1 / 9, 1 / 9, 1 / 9 + 1 / 6, 1 / 6], rtol=1e-6)
    np.testing.assert_allclose(g[2], [5 / 18, 5 / 18, 25 / 36, 5 / 12], rtol=1e-6)
    assert tf.nn.max_pool1d(
        tf.reshape(tf.range(8.0), (1, 8, 1)), ksize=3, strides=2, padding="SAME"
    ).numpy().reshape(-1).tolist() == [2.0, 4.0, 6.0, 7.0]
    assert tf.nn.max_pool(IMG, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID").shape == (
        2,
        2,
        2,
        1,
    )
