"""tapejax.keras: Dense and BatchNormalization against jax.numpy formulas, Keras 3's API and errors.

Names, orders and error messages were taken from TensorFlow 2.21 / Keras 3 on the same code; the
guide's Dense -> BatchNormalization -> Dense jacobians also matched TF's to 5e-7.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import check_gradient, finite_difference_grad

import tapejax as tf

# JAX references in float64 (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("x64_references")

layers = tf.keras.layers
EPS = 1e-3


@pytest.fixture(autouse=True)
def fresh_names():
    tf.keras.backend.clear_session()


def rand(*shape, seed=0, dtype=np.float64):
    return np.random.default_rng(seed).normal(size=shape).astype(dtype)


def built_dense(units, kernel, bias=None, **kwargs):
    layer = layers.Dense(units, **kwargs)
    layer.build((None, kernel.shape[0]))
    layer.set_weights([kernel] if bias is None else [kernel, bias])
    return layer


def bn_train_ref(x, gamma, beta, axis=-1):
    """Keras' training-mode batch norm in jax.numpy: batch mean and biased variance."""
    axis = axis % x.ndim
    axes = tuple(a for a in range(x.ndim) if a != axis)
    shape = [1] * x.ndim
    shape[axis] = x.shape[axis]
    mean = jnp.mean(x, axes, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axes, keepdims=True)
    return (x - mean) / jnp.sqrt(var + EPS) * gamma.reshape(shape) + beta.reshape(shape)


# -- Dense --------------------------------------------------------------------------------
def test_dense_builds_on_first_call_from_last_dim():
    layer = layers.Dense(10, activation=tf.nn.relu)
    assert not layer.built
    y = layer(tf.constant(rand(7, 5, dtype=np.float32)))
    assert layer.built and y.shape == (7, 10)
    assert layer.kernel.shape == (5, 10) and isinstance(layer.kernel.shape, tf.TensorShape)
    assert str(layer.kernel.shape) == "(5, 10)" and repr(layer.kernel.shape) == "TensorShape([5, 10])"
    assert layer.bias.shape == (10,)
    assert layer.trainable_variables == [layer.kernel, layer.bias] == layer.weights == layer.variables
    assert layer.non_trainable_variables == []


def test_dense_names_and_paths_as_keras():
    a, b, c = layers.Dense(2), layers.Dense(2, name="head"), layers.Dense(2)
    assert (a.name, b.name, c.name) == ("dense", "head", "dense_1")
    assert layers.BatchNormalization().name == "batch_normalization"
    b.build((None, 3))
    assert [w.name for w in b.weights] == ["kernel", "bias"]
    assert [w.path for w in b.weights] == ["head/kernel", "head/bias"]
    assert repr(b.bias) == "<Variable path=head/bias, shape=(2,), dtype=float32, value=[0. 0.]>"
    assert repr(b) == "<Dense name=head, built=True>"


@pytest.mark.parametrize(
    "activation, ref",
    [
        (None, lambda z: z),
        ("relu", jax.nn.relu),
        ("elu", jax.nn.elu),
        ("tanh", jnp.tanh),
        ("sigmoid", jax.nn.sigmoid),
        ("softmax", jax.nn.softmax),
        ("hard_sigmoid", lambda z: jax.nn.relu6(z + 3) / 6),
        (tf.nn.elu, jax.nn.elu),
        (lambda t: t * 2.0, lambda z: z * 2.0),
    ],
)
def test_dense_forward_matches_formula(activation, ref):
    x, k, b = rand(4, 3), rand(3, 5, seed=1), rand(5, seed=2)
    layer = built_dense(5, k, b, activation=activation, dtype="float64")
    np.testing.assert_allclose(layer(tf.constant(x)).numpy(), ref(x @ k + b), rtol=1e-12)


def test_dense_rank3_input_multiplies_last_axis():
    x, k, b = rand(2, 3, 4), rand(4, 5, seed=1), rand(5, seed=2)
    layer = built_dense(5, k, b, dtype="float64")
    y = layer(tf.constant(x))
    assert y.shape == (2, 3, 5) and layer.kernel.shape == (4, 5)
    np.testing.assert_allclose(y.numpy(), np.einsum("abi,io->abo", x, k) + b, rtol=1e-12)


def test_dense_without_bias():
    layer = layers.Dense(3, use_bias=False)
    layer(tf.ones([2, 4]))
    assert layer.bias is None and layer.weights == [layer.kernel]


def test_dense_dtypes_follow_keras():
    layer = layers.Dense(3)
    assert layer(tf.ones([2, 4], tf.float64)).dtype == tf.float32  # autocast to the layer's dtype
    assert layer(np.ones([2, 4])).dtype == tf.float32
    assert layer(tf.ones([2, 4], tf.int32)).dtype == tf.float32
    wide = layers.Dense(3, dtype="float64")
    assert wide(tf.ones([2, 4])).dtype == tf.float64
    assert wide.kernel.dtype == tf.float64 and wide.dtype == "float64"


@pytest.mark.parametrize(
    "initializer, expected",
    [
        ("ones", np.ones((3, 2))),
        (tf.keras.initializers.Constant(2.0), np.full((3, 2), 2.0)),
        (tf.keras.initializers.Zeros, np.zeros((3, 2))),
        (lambda shape, dtype=None: tf.fill(shape, 3.0), np.full((3, 2), 3.0)),
        (np.arange(6.0).reshape(3, 2), np.arange(6.0).reshape(3, 2)),
    ],
)
def test_dense_kernel_initializers(initializer, expected):
    layer = layers.Dense(2, kernel_initializer=initializer, bias_initializer="ones")
    layer(tf.ones([1, 3]))
    np.testing.assert_array_equal(layer.kernel.numpy(), expected)
    np.testing.assert_array_equal(layer.bias.numpy(), np.ones(2))


def test_glorot_uniform_default_limits_and_spread():
    layer = layers.Dense(300)
    layer(tf.ones([1, 200]))
    k = layer.kernel.numpy()
    limit = np.sqrt(6.0 / (200 + 300))
    assert np.abs(k).max() <= limit
    np.testing.assert_allclose(k.var(), limit**2 / 3, rtol=0.05)  # variance of U(-l, l)
    np.testing.assert_array_equal(layer.bias.numpy(), np.zeros(300))


def test_seeded_initializer_is_repeatable():
    init = tf.keras.initializers.GlorotUniform(seed=3)
    np.testing.assert_array_equal(init((4, 4)).numpy(), init((4, 4)).numpy())


def test_dense_gradients_match_jax():
    k, b = rand(3, 5, seed=1), rand(5, seed=2)
    layer = built_dense(5, k, b, activation="tanh", dtype="float64")
    check_gradient(layer, lambda x: jnp.tanh(x @ k + b), rand(4, 3))
    x = tf.constant(rand(4, 3))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x) ** 2)
    gk, gb = tape.gradient(loss, layer.trainable_variables)
    rk, rb = jax.grad(lambda k, b: jnp.sum(jnp.tanh(x.numpy() @ k + b) ** 2), (0, 1))(k, b)
    np.testing.assert_allclose(gk.numpy(), rk, rtol=1e-10)
    np.testing.assert_allclose(gb.numpy(), rb, rtol=1e-10)


def test_dense_accepts_and_ignores_training():
    layer = layers.Dense(2)
    assert layer(tf.ones([1, 3]), training=True).shape == (1, 2)


def test_dense_errors():
    with pytest.raises(ValueError, match="Could not interpret activation function identifier: nope"):
        layers.Dense(3, activation="nope")
    with pytest.raises(ValueError, match="Could not interpret initializer identifier: nope"):
        layers.Dense(3, kernel_initializer="nope")
    with pytest.raises(ValueError, match=r"`units`, expected a positive integer. Received: units=0"):
        layers.Dense(0)
    with pytest.raises(ValueError, match=r"Received: units=2.5"):
        layers.Dense(2.5)
    with pytest.raises(ValueError, match=r"Unrecognized keyword arguments passed to Dense: \{'foo': 1\}"):
        layers.Dense(2, foo=1)
    with pytest.raises(ValueError, match="cannot contain character `/`"):
        layers.Dense(2, name="a/b")
    with pytest.raises(ValueError, match="Could not interpret regularizer identifier: 3"):
        layers.Dense(2, kernel_regularizer=3)
    with pytest.raises(AttributeError, match="You must build the layer before accessing `kernel`."):
        layers.Dense(2).kernel  # noqa: B018


@pytest.mark.parametrize("shape, ndim", [((), 0), ((5,), 1)])
def test_dense_needs_rank_2(shape, ndim):
    layer = layers.Dense(4)
    with pytest.raises(
        ValueError,
        match=rf"Input 0 of layer 'dense' is incompatible with the layer: "
        rf"expected min_ndim=2, found ndim={ndim}. Full shape received: ",
    ):
        layer(tf.ones(shape))
    assert not layer.built


def test_built_dense_rejects_another_input_size():
    layer = layers.Dense(3)
    layer(tf.ones([2, 5]))
    with pytest.raises(
        ValueError,
        match=r"expected axis -1 of input shape to have value 5, but received "
        r"input with shape \(2, 4\)",
    ):
        layer(tf.ones([2, 4]))


# -- BatchNormalization ---------------------------------------------------------------------
def test_batch_norm_weights_as_keras():
    bn = layers.BatchNormalization()
    bn(tf.ones([4, 3]))
    assert [w.name for w in bn.weights] == ["gamma", "beta", "moving_mean", "moving_variance"]
    assert [w.path for w in bn.weights] == [f"batch_normalization/{w.name}" for w in bn.weights]
    assert bn.trainable_variables == [bn.gamma, bn.beta]
    assert bn.non_trainable_variables == [bn.moving_mean, bn.moving_variance]
    assert bn.variables == bn.weights
    assert (bn.axis, bn.momentum, bn.epsilon, bn.center, bn.scale) == (-1, 0.99, 1e-3, True, True)
    np.testing.assert_array_equal(bn.get_weights(), [np.ones(3), np.zeros(3), np.zeros(3), np.ones(3)])


def stats_bn(features, dtype="float64", input_shape=None, **kwargs):
    bn = layers.BatchNormalization(dtype=dtype, **kwargs)
    bn.build(input_shape or (None, features))
    gamma, beta, mm, mv = (
        rand(features, seed=3),
        rand(features, seed=4),
        rand(features, seed=5),
        np.exp(rand(features, seed=6)),
    )
    bn.set_weights([gamma, beta, mm, mv])
    return bn, (gamma, beta, mm, mv)


def test_batch_norm_inference_uses_moving_statistics_by_default():
    bn, (gamma, beta, mm, mv) = stats_bn(3)
    x = rand(6, 3)
    expected = (x - mm) / np.sqrt(mv + EPS) * gamma + beta
    np.testing.assert_allclose(bn(tf.constant(x)).numpy(), expected, rtol=1e-12)
    np.testing.assert_allclose(bn(tf.constant(x), training=False).numpy(), expected, rtol=1e-12)
    np.testing.assert_array_equal(bn.moving_mean.numpy(), mm)  # unchanged


@pytest.mark.parametrize("positional", [False, True])
def test_batch_norm_training_uses_batch_statistics_and_updates_moving_ones(positional):
    bn, (gamma, beta, mm, mv) = stats_bn(3)
    x = rand(6, 3, seed=9)
    y = bn(tf.constant(x), True) if positional else bn(tf.constant(x), training=True)
    np.testing.assert_allclose(y.numpy(), bn_train_ref(x, gamma, beta), rtol=1e-12)
    np.testing.assert_allclose(bn.moving_mean.numpy(), mm * 0.99 + x.mean(0) * 0.01, rtol=1e-12)
    # Keras keeps the biased variance (ddof=0) in the moving variance too.
    np.testing.assert_allclose(bn.moving_variance.numpy(), mv * 0.99 + x.var(0) * 0.01, rtol=1e-12)


def test_batch_norm_float32_update_matches_keras_numbers():
    # The same weights and input in TF 2.21 / Keras 3 give these moving statistics.
    bn = layers.BatchNormalization(momentum=0.9)
    x = tf.constant([[1.0, -2.0], [3.0, 0.0], [8.0, 1.0]])
    bn(x, training=True)
    np.testing.assert_allclose(bn.moving_mean.numpy(), [0.4, -0.033333335], rtol=1e-6)
    np.testing.assert_allclose(bn.moving_variance.numpy(), [1.7666667, 1.0555556], rtol=1e-6)


def test_frozen_batch_norm_runs_in_inference_mode():
    bn, (gamma, beta, mm, mv) = stats_bn(3, trainable=False)
    x = rand(6, 3)
    np.testing.assert_allclose(
        bn(tf.constant(x), training=True).numpy(), (x - mm) / np.sqrt(mv + EPS) * gamma + beta, rtol=1e-12
    )
    np.testing.assert_array_equal(bn.moving_mean.numpy(), mm)
    assert bn.trainable_variables == [] and len(bn.non_trainable_variables) == 4


def test_batch_norm_without_center_and_scale():
    bn = layers.BatchNormalization(center=False, scale=False, dtype="float64")
    x = rand(6, 3)
    y = bn(tf.constant(x), training=True)
    assert bn.gamma is None and bn.beta is None
    assert [w.name for w in bn.weights] == ["moving_mean", "moving_variance"]
    np.testing.assert_allclose(y.numpy(), (x - x.mean(0)) / np.sqrt(x.var(0) + EPS), rtol=1e-12)


def test_batch_norm_on_another_axis():
    bn, (gamma, beta, _, _) = stats_bn(3, axis=1, input_shape=(None, 3, 4))
    x = rand(2, 3, 4)
    y = bn(tf.constant(x), training=True)
    assert bn.gamma.shape == (3,)
    np.testing.assert_allclose(y.numpy(), bn_train_ref(x, gamma, beta, axis=1), rtol=1e-12)


def test_batch_norm_errors():
    with pytest.raises(ValueError, match=r"Axis 5 is out of bounds for input shape \(2, 3\)"):
        layers.BatchNormalization(axis=5)(tf.ones([2, 3]))
    bn = layers.BatchNormalization()
    bn(tf.ones([2, 3]))
    with pytest.raises(ValueError, match="expected axis -1 of input shape to have value 3, but received"):
        bn(tf.ones([2, 4]))
    with pytest.raises(ValueError, match=r"expected ndim=2, found ndim=3. Full shape received: \(2, 3, 3\)"):
        bn(tf.ones([2, 3, 3]))
    with pytest.raises(NotImplementedError, match="BatchNormalization: `renorm` is not supported"):
        layers.BatchNormalization(renorm=True)


def test_batch_norm_training_gradients_match_jax():
    bn, (gamma, beta, _, _) = stats_bn(3)
    x0 = rand(6, 3, seed=7)
    x = tf.constant(x0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = bn(x, training=True)
    got = tape.jacobian(y, [x, bn.gamma, bn.beta])
    ref = jax.jit(jax.jacrev(bn_train_ref, argnums=(0, 1, 2)))(x0, gamma, beta)
    for g, expected in zip(got, ref, strict=True):
        np.testing.assert_allclose(g.numpy(), expected, rtol=1e-9, atol=1e-12)
    # And against finite differences, along a non-uniform cotangent (sum(y) is flat in x).
    w = rand(6, 3, seed=8)
    fd = finite_difference_grad(lambda v: float(np.sum(np.asarray(bn_train_ref(v, gamma, beta)) * w)), x0)
    np.testing.assert_allclose(np.einsum("bf,bfcx->cx", w, got[0].numpy()), fd, rtol=1e-5, atol=1e-7)


def test_guide_dense_batch_norm_dense_jacobians_match_jax():
    x0 = rand(7, 5, dtype=np.float32)
    layer1 = layers.Dense(8, activation=tf.nn.elu)
    bn = layers.BatchNormalization()
    layer2 = layers.Dense(6, activation=tf.nn.elu)
    x = tf.constant(x0)
    with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
        tape.watch(x)
        y = layer2(bn(layer1(x), training=True))
    j, jb = tape.jacobian(y, x), tape.batch_jacobian(y, x)
    assert j.shape == (7, 6, 7, 5) and jb.shape == (7, 6, 5)

    k1, b1, gamma, beta, _, _, k2, b2 = layer1.get_weights() + bn.get_weights() + layer2.get_weights()

    def net(x):
        return jax.nn.elu(bn_train_ref(jax.nn.elu(x @ k1 + b1), gamma, beta) @ k2 + b2)

    ref = jax.jit(jax.jacrev(net))(x0)
    np.testing.assert_allclose(j.numpy(), ref, rtol=1e-4, atol=1e-5)
    # TF's batch_jacobian: out[b, i, x] = sum over b' of dy[b', i] / dx[b, x] (BN mixes the batch).
    np.testing.assert_allclose(jb.numpy(), jnp.einsum("cibx->bix", ref), rtol=1e-4, atol=1e-5)


# -- the Layer base -----------------------------------------------------------------------
class Block(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = layers.Dense(4)
        self.norms = [layers.BatchNormalization()]

    def build(self, input_shape):
        self.s = self.add_weight(shape=(), initializer="ones", name="s")
        self.c = self.add_weight(shape=(), initializer="zeros", name="c", trainable=False)

    def call(self, x, training=None):
        return self.norms[0](self.dense(x)) * self.s


def test_custom_layer_tracks_sublayers_in_keras_order():
    block = Block()
    block(tf.ones([3, 2]))
    paths = [
        "block/s",
        "block/c",
        "block/dense/kernel",
        "block/dense/bias",
        "block/batch_normalization/gamma",
        "block/batch_normalization/beta",
        "block/batch_normalization/moving_mean",
        "block/batch_normalization/moving_variance",
    ]
    assert [w.path for w in block.weights] == paths
    assert [w.path for w in block.trainable_weights] == [paths[i] for i in (0, 2, 3, 4, 5)]
    assert [w.path for w in block.non_trainable_weights] == [paths[i] for i in (1, 6, 7)]
    assert block.submodules == (block.dense, block.norms[0])
    assert block.count_params() == 2 + 12 + 16


def test_training_flag_reaches_inner_layers():
    block = Block()
    x = tf.constant(rand(3, 2, dtype=np.float32))
    block(x)
    assert not block.norms[0].moving_mean.numpy().any()
    block(x, training=True)
    assert block.norms[0].moving_mean.numpy().any()


def test_freezing_a_layer_freezes_its_sublayers():
    block = Block()
    block(tf.ones([3, 2]))
    block.trainable = False
    assert block.trainable_weights == [] and len(block.non_trainable_weights) == 8
    assert not block.dense.trainable and not block.dense.kernel.trainable
    with tf.GradientTape() as tape:
        block(tf.ones([3, 2]))
    assert tape.watched_variables() == ()
    block.trainable = True
    assert block.dense.kernel.trainable and not block.c.trainable


def test_add_weight_and_set_weights_errors():
    layer = layers.Layer()
    with pytest.raises(ValueError, match=r"`name` must be passed as a keyword argument. .*add_weight\('w'"):
        layer.add_weight("w", (2,))
    assert layer.add_weight((2,), "ones").shape == (2,)  # Keras 2's positional shape, initializer
    dense = layers.Dense(2)
    dense.build((None, 3))
    with pytest.raises(ValueError, match="weight list of length 1, but the layer was expecting 2 weights"):
        dense.set_weights([np.zeros((3, 2))])
    with pytest.raises(ValueError, match=r"weight shape \(3, 2\) is not compatible with provided"):
        dense.set_weights([np.zeros((3, 3)), np.zeros(2)])
    with pytest.raises(ValueError, match="call `count_params` on layer 'dense_1', but the layer"):
        layers.Dense(2).count_params()
    with pytest.raises(ValueError, match=r"Expected `trainable` to be a boolean. Received: trainable=1"):
        layers.Dense(2, trainable=1)


def test_layers_built_and_trained_inside_function_match_eager():
    x = tf.constant(rand(4, 2, dtype=np.float32))
    results = []
    for wrap in (lambda f: f, tf.function):
        dense = layers.Dense(3, kernel_initializer=tf.keras.initializers.GlorotUniform(seed=1))
        bn = layers.BatchNormalization()
        step = wrap(lambda x, dense=dense, bn=bn: bn(dense(x), training=True))
        ys = [step(x) for _ in range(2)]  # the first call builds the weights
        results.append([y.numpy() for y in ys] + [w.numpy() for w in dense.weights + bn.weights])
    for eager, traced in zip(*results, strict=True):
        np.testing.assert_allclose(traced, eager, rtol=1e-5, atol=1e-6)


def test_layers_are_modules():
    assert isinstance(layers.Dense(2), tf.Module)
    assert isinstance(layers.BatchNormalization(), tf.Module)


def test_build_called_directly_marks_the_layer_built():
    class Scale(layers.Layer):
        def build(self, input_shape):
            self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones", name="w")

    layer = Scale()
    layer.build((None, 3))
    assert layer.built
    layer(tf.ones([2, 3]))
    assert [w.path for w in layer.weights] == ["scale/w"]  # not built a second time
