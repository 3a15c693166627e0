"""The layers of issue 11's keras5 brief beyond test_keras_layers.py's cases: configs as Keras
3.15's, Keras' errors, masks, and each layer in Sequential / functional models trained with
``fit`` and saved to ``.keras`` files (values from TF 2.21 / Keras 3.15, stored here).

Outputs and gradients of each layer for fixed weights are in tests/keras_layer_cases.py (checked
by test_keras_layers.py against TF's stored numbers and finite differences).
"""

# ruff: noqa: E501 - TF's messages, one per line
from __future__ import annotations

import re

import numpy as np
import pytest
from keras_layer_cases import ramp

import tapejax as tf

layers = tf.keras.layers


@pytest.fixture(autouse=True)
def fresh_names():
    tf.keras.backend.clear_session()


# Keras 3.15's get_config keys besides name/trainable/dtype, and default values (TF 2.21).
CONFIGS = [
    (layers.ReLU(), {"max_value": None, "negative_slope": 0.0, "threshold": 0.0}),
    (layers.LeakyReLU(), {"negative_slope": 0.3}),
    (layers.ELU(), {"alpha": 1.0}),
    (layers.Softmax(), {"axis": -1}),
    (
        layers.PReLU(),
        {"alpha_initializer": None, "alpha_regularizer": None, "alpha_constraint": None, "shared_axes": None},
    ),
    (layers.ZeroPadding1D(), {"padding": (1, 1), "data_format": "channels_last"}),
    (layers.ZeroPadding2D(), {"padding": ((1, 1), (1, 1)), "data_format": "channels_last"}),
    (layers.Cropping1D(), {"cropping": (1, 1)}),
    (layers.Cropping2D(), {"cropping": ((0, 0), (0, 0)), "data_format": "channels_last"}),
    (layers.UpSampling1D(), {"size": 2}),
    (layers.UpSampling2D(), {"size": (2, 2), "data_format": "channels_last", "interpolation": "nearest"}),
    (layers.Permute((1,)), {"dims": (1,)}),
    (layers.RepeatVector(2), {"n": 2}),
    (layers.Identity(), {}),
    (layers.UnitNormalization(), {"axis": -1}),
    (layers.GaussianNoise(0.1), {"stddev": 0.1, "seed": None}),
    (layers.GaussianDropout(0.1), {"rate": 0.1, "seed": None}),
    (layers.AlphaDropout(0.1), {"rate": 0.1, "seed": None, "noise_shape": None}),
    (layers.ActivityRegularization(l1=0.1), {"l1": 0.1, "l2": 0.0}),
    (
        layers.GroupNormalization(),
        {
            "groups": 32,
            "axis": -1,
            "epsilon": 1e-3,
            "center": True,
            "scale": True,
            "beta_initializer": None,
            "gamma_initializer": None,
            "beta_regularizer": None,
            "gamma_regularizer": None,
            "beta_constraint": None,
            "gamma_constraint": None,
        },
    ),
]
CONV = {
    "activation",
    "activity_regularizer",
    "bias_constraint",
    "bias_initializer",
    "bias_regularizer",
    "data_format",
    "dilation_rate",
    "kernel_size",
    "padding",
    "strides",
    "use_bias",
}
DEPTHWISE = CONV | {
    "depth_multiplier",
    "depthwise_constraint",
    "depthwise_initializer",
    "depthwise_regularizer",
}
# Keras 3.15's keys (TF 2.21), as test_keras_layers.py's test_get_config_keys_as_keras.
CONV_CONFIGS = [
    (
        layers.Conv2DTranspose(2, 3, output_padding=1, strides=2),
        CONV | {"filters", "kernel_constraint", "kernel_initializer", "kernel_regularizer", "output_padding"},
    ),
    (
        layers.Conv1DTranspose(2, 3),
        CONV | {"filters", "kernel_constraint", "kernel_initializer", "kernel_regularizer", "output_padding"},
    ),
    (layers.DepthwiseConv2D(3, depth_multiplier=2), DEPTHWISE),
    (layers.DepthwiseConv1D(3), DEPTHWISE),
    (
        layers.SeparableConv2D(2, 3, depthwise_regularizer="l2"),
        DEPTHWISE | {"filters", "pointwise_constraint", "pointwise_initializer", "pointwise_regularizer"},
    ),
]


@pytest.mark.parametrize(
    "layer, keys", CONV_CONFIGS, ids=lambda v: "" if isinstance(v, set) else type(v).__name__
)
def test_convolution_configs_as_keras_and_round_trip(layer, keys):
    config = layer.get_config()
    assert set(config) == {"name", "trainable", "dtype"} | keys
    clone = type(layer).from_config(config)
    assert clone.get_config() == config


def test_transposed_convolution_is_the_adjoint_of_the_convolution():
    # <conv_transpose(x), y> == <x, conv(y)> with the same kernel (as HWIO with I=filters).
    layer = layers.Conv2DTranspose(3, (3, 2), strides=(2, 3), padding="same", use_bias=False)
    x = tf.constant(ramp((2, 4, 3, 2)))
    out = layer(x)
    y = tf.constant(ramp(tuple(out.shape), k=0.29))
    conv = tf.nn.conv2d(y, layer.kernel, strides=(1, 2, 3, 1), padding="SAME")
    # The two sums in float64 from float32 terms; the random kernel's terms can cancel, so the
    # tolerance is relative to the terms' magnitude, not to the (possibly small) sum.
    left = np.asarray(out, np.float64) * np.asarray(y, np.float64)
    right = np.asarray(x, np.float64) * np.asarray(conv, np.float64)
    np.testing.assert_allclose(left.sum(), right.sum(), rtol=0, atol=1e-5 * np.abs(left).sum())


@pytest.mark.parametrize(
    "layer, expected", CONFIGS, ids=lambda v: "" if isinstance(v, dict) else type(v).__name__
)
def test_get_config_as_keras_and_round_trip(layer, expected):
    config = layer.get_config()
    assert set(config) == {"name", "trainable", "dtype"} | set(expected)
    for key, value in expected.items():
        if value is not None or not key.endswith("initializer"):
            assert config[key] == value
    clone = type(layer).from_config(config)
    assert clone.get_config() == config


def test_spatial_dropout_config_as_keras():
    # Keras 3.15 lists only these (no `trainable`, the dtype as a string).
    assert layers.SpatialDropout1D(0.5, name="s").get_config() == {
        "rate": 0.5,
        "seed": None,
        "name": "s",
        "dtype": "float32",
    }
    config = layers.SpatialDropout2D(0.5, name="t").get_config()
    assert config == {
        "rate": 0.5,
        "seed": None,
        "name": "t",
        "dtype": "float32",
        "data_format": "channels_last",
    }
    assert layers.SpatialDropout2D.from_config(config).get_config() == config


N = 200_000


@pytest.mark.parametrize(
    "layer",
    [
        layers.GaussianNoise(0.3),
        layers.GaussianDropout(0.3),
        layers.AlphaDropout(0.3),
        layers.SpatialDropout1D(0.3),
        layers.SpatialDropout2D(0.3),
    ],
    ids=lambda v: type(v).__name__,
)
def test_noise_layers_are_the_identity_outside_training(layer):
    x = tf.constant(
        ramp((2, 3, 4, 5))[..., 0] if isinstance(layer, layers.SpatialDropout1D) else ramp((2, 3, 4, 5))
    )
    np.testing.assert_array_equal(layer(x).numpy(), x.numpy())
    np.testing.assert_array_equal(layer(x, training=False).numpy(), x.numpy())
    assert not np.array_equal(layer(x, training=True).numpy(), x.numpy())


def test_gaussian_noise_and_dropout_statistics():
    x = tf.fill([N], 2.0)
    noise = layers.GaussianNoise(0.3)(x, training=True).numpy() - 2.0
    assert abs(noise.mean()) < 0.003 and abs(noise.std() - 0.3) < 0.003
    factor = layers.GaussianDropout(0.2)(x, training=True).numpy() / 2.0
    assert abs(factor.mean() - 1.0) < 0.005 and abs(factor.std() - np.sqrt(0.2 / 0.8)) < 0.005


def test_alpha_dropout_keeps_selu_statistics():
    # Keras' formula: a standard normal input keeps mean 0 and variance 1; dropped values are
    # a * alpha_p + b.
    rate = 0.2
    x = tf.random.normal([N], seed=1)
    y = layers.AlphaDropout(rate)(x, training=True).numpy()
    assert abs(y.mean()) < 0.01 and abs(y.var() - 1.0) < 0.02
    alpha_p = -1.6732632423543772 * 1.0507009873554805
    a = ((1 - rate) * (1 + rate * alpha_p**2)) ** -0.5
    dropped = np.isclose(y, a * alpha_p - a * alpha_p * rate)
    assert abs(dropped.mean() - rate) < 0.005


def test_spatial_dropout_drops_whole_channels():
    y = layers.SpatialDropout2D(0.5)(tf.ones([64, 3, 3, 8]), training=True).numpy()
    assert (y.min(axis=(1, 2)) == y.max(axis=(1, 2))).all()
    assert set(np.unique(y)) == {0.0, 2.0} and abs((y == 0).mean() - 0.5) < 0.1
    y = layers.SpatialDropout2D(0.5, data_format="channels_first")(
        tf.ones([64, 8, 3, 3]), training=True
    ).numpy()
    assert (y.min(axis=(2, 3)) == y.max(axis=(2, 3))).all()


def test_activity_regularization_adds_keras_penalty():
    layer = layers.ActivityRegularization(l1=0.1, l2=0.2)
    x = ramp((2, 3))
    layer(tf.constant(x))
    expected = (0.1 * np.abs(x).sum() + 0.2 * np.square(x).sum()) / 2  # Keras divides by the batch size
    np.testing.assert_allclose(float(tf.add_n(layer.losses)), expected, rtol=1e-6)


def test_prelu_initializer_is_serialized_as_keras():
    assert layers.PReLU().get_config()["alpha_initializer"] == {
        "module": "keras.initializers",
        "class_name": "Zeros",
        "config": {},
        "registered_name": None,
    }


X = np.sin(np.arange(10) * 0.7).reshape(2, 5).astype(np.float32)


@pytest.mark.parametrize(
    "mask, expected",
    [
        # TF 2.21: a boolean mask; a row wholly masked is all zeros.
        (
            np.array([[1, 0, 1, 1, 0], [0, 0, 0, 0, 0]], bool),
            [[0.16529540717601776, 0.0, 0.4428291916847229, 0.39187538623809814, 0.0], [0.0] * 5],
        ),
        # a float mask (> 0.5 keeps), broadcast over the batch.
        (
            np.array([[0.2, 0.9, 0.7, 0.1, 1.0]], np.float32),
            [
                [0.0, 0.31840118765830994, 0.44788840413093567, 0.0, 0.2337103933095932],
                [0.0, 0.23114649951457977, 0.2068873941898346, 0.0, 0.5619660019874573],
            ],
        ),
    ],
)
def test_softmax_mask_as_keras(mask, expected):
    out = layers.Softmax()(tf.constant(X), mask=tf.constant(mask))
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6, atol=1e-7)


def test_leaky_relu_alpha_is_the_deprecated_name():
    with pytest.warns(UserWarning, match="Argument `alpha` is deprecated. Use `negative_slope` instead."):
        layer = layers.LeakyReLU(alpha=0.1)
    assert layer.negative_slope == 0.1


def test_prelu_shared_axes_accept_other_sizes_there():
    layer = layers.PReLU(shared_axes=[1])
    layer(tf.ones([2, 3, 4]))
    assert tuple(layer.alpha.shape) == (1, 4)
    assert tuple(layer(tf.ones([2, 7, 4])).shape) == (2, 7, 4)  # as Keras: axis 1 is free
    with pytest.raises(ValueError, match="expected axis 2 of input shape to have value 4"):
        layer(tf.ones([2, 3, 5]))


@pytest.mark.parametrize(
    "make, error, message",
    [  # TF 2.21's messages
        (
            lambda: layers.ReLU(max_value=-1),
            ValueError,
            "max_value of a ReLU layer cannot be a negative value. Received: max_value=-1",
        ),
        (
            lambda: layers.ReLU(negative_slope=-1),
            ValueError,
            "negative_slope of a ReLU layer cannot be None or a negative value. Received: negative_slope=-1",
        ),
        (
            lambda: layers.ReLU(threshold=-1),
            ValueError,
            "threshold of a ReLU layer cannot be None or a negative value. Received: threshold=-1",
        ),
        (
            lambda: layers.LeakyReLU(-1),
            ValueError,
            "The negative_slope value of a Leaky ReLU layer cannot be None "
            "or negative value. Expected a float. Received: negative_slope=-1",
        ),
        (
            lambda: layers.Cropping1D((2, 3))(tf.ones([1, 5, 1])),
            ValueError,
            "`cropping` parameter of `Cropping1D` "
            "layer must be smaller than the input length. Received: inputs.shape=(1, 5, 1), cropping=(2, 3)",
        ),
        (
            lambda: layers.Cropping2D(3)(tf.ones([1, 5, 6, 1])),
            ValueError,
            "Values in `cropping` argument should "
            "be smaller than the corresponding spatial dimension of the input. Received: inputs.shape=(1, 5, 6, 1), "
            "cropping=((3, 3), (3, 3))",
        ),
        (lambda: layers.Cropping2D(-1), ValueError, "`cropping` cannot be negative. Received: cropping=-1."),
        (
            lambda: layers.Cropping2D((1, 2, 3)),
            ValueError,
            "`cropping` should have two elements. Received: cropping=(1, 2, 3).",
        ),
        (
            lambda: layers.ZeroPadding2D("a"),
            ValueError,
            "`padding` should have two elements. Received: padding=a.",
        ),
        (
            lambda: layers.ZeroPadding2D(1.5),
            ValueError,
            "`padding` should be either an int, a tuple of 2 ints",
        ),
        (
            lambda: layers.UpSampling1D(1.5),
            TypeError,
            "Expected an integer value for `size`, got <class 'float'>.",
        ),
        (
            lambda: layers.UpSampling1D(0),
            ValueError,
            "Argument `size` should be a positive integer. Received: size=0",
        ),
        (
            lambda: layers.UpSampling2D(interpolation="foo")(tf.ones([1, 2, 2, 1])),
            ValueError,
            "Invalid value for argument `interpolation`. Expected of one ('bilinear', 'nearest', 'lanczos3', "
            "'lanczos5', 'bicubic', 'area'). Received: interpolation=foo",
        ),
        (
            lambda: layers.RepeatVector(0),
            ValueError,
            "Argument `n` should be a positive integer. Received: n=0",
        ),
        (
            lambda: layers.RepeatVector(2.0),
            TypeError,
            "Expected an integer value for `n`, got <class 'float'>.",
        ),
        (
            lambda: layers.Permute((1, 3)),
            ValueError,
            "Invalid permutation argument `dims` for Permute Layer. The "
            "set of indices in `dims` must be consecutive and start from 1. Received dims=(1, 3)",
        ),
        (
            lambda: layers.Softmax()(tf.ones([2, 3]), mask=tf.ones([2, 2], tf.bool)),
            ValueError,
            "The `mask` must be broadcastable to `inputs`. Each mask dimension must be 1 or match the corresponding "
            "input dimension. Received: inputs.shape=(2, 3), mask.shape=(2, 2)",
        ),
        (
            lambda: layers.Softmax()(tf.ones([2, 3]), mask=tf.ones([1, 2, 3], tf.bool)),
            ValueError,
            "The `mask` must be broadcastable to `inputs` and must not have more dimensions. Received: "
            "inputs.shape=(2, 3), mask.shape=(1, 2, 3)",
        ),
        (lambda: layers.RepeatVector(2)(tf.ones([2, 3, 4])), ValueError, "expected ndim=2, found ndim=3"),
        (
            lambda: layers.Conv2DTranspose(2, 3, strides=2, output_padding=(1, 2)),
            ValueError,
            "`output_padding` must be strictly less than `strides` for all dimensions. At dimension 1, `output_padding` is 2 but `strides` is 2. Received: output_padding=(1, 2), strides=(2, 2)",
        ),
        (
            lambda: layers.Conv1DTranspose(2, 3, padding="causal"),
            ValueError,
            "The `padding` argument must be",
        ),
        (
            lambda: layers.DepthwiseConv2D(3, depth_multiplier=0),
            ValueError,
            "Invalid value for argument `depth_multiplier`. Expected a strictly positive value. Received depth_multiplier=0.",
        ),
        (
            lambda: layers.GaussianNoise(2.0),
            ValueError,
            "Invalid value received for argument `stddev`. Expected a float value between 0 and 1. Received: stddev=2.0",
        ),
        (
            lambda: layers.AlphaDropout(-0.1),
            ValueError,
            "Invalid value received for argument `rate`. Expected a float value between 0 and 1. Received: rate=-0.1",
        ),
        (
            lambda: layers.GroupNormalization(0),
            ValueError,
            "Received an invalid value for argument `groups`, expected a positive integer (or `-1` for instance normalization). Received: groups=0",
        ),
        (
            lambda: layers.GroupNormalization(4)(tf.ones([2, 3])),
            ValueError,
            "Number of groups (4) cannot be more than the number of channels (3).",
        ),
        (
            lambda: layers.GroupNormalization(2)(tf.ones([2, 3])),
            ValueError,
            "Number of groups (2) must be a multiple of the number of channels (3).",
        ),
        (
            lambda: layers.UnitNormalization(axis="a"),
            TypeError,
            "Invalid value for `axis` argument: expected an int or a list/tuple of ints. Received: axis=a",
        ),
        (
            lambda: layers.UnitNormalization(axis=3)(tf.ones([2, 3])),
            ValueError,
            "Axis 3 is out of bounds for input shape (2, 3).",
        ),
        (
            lambda: layers.SeparableConv2D(0, 3),
            ValueError,
            "Invalid value for argument `filters`. Expected a strictly positive value. Received filters=0.",
        ),
    ],
)
def test_errors_as_keras(make, error, message):
    with pytest.raises(error, match=re.escape(message)):
        make()


# name: (layers after Input(shape), input shape without the batch)
MODELS = {
    "activations": (
        lambda: [
            layers.Dense(6),
            layers.ReLU(max_value=2.0, negative_slope=0.1),
            layers.Dense(6),
            layers.LeakyReLU(0.2),
            layers.ELU(0.7),
            layers.PReLU(),
            layers.Dense(5),
            layers.Softmax(),
        ],
        (4,),
    ),
    "shapes_1d": (
        lambda: [
            layers.ZeroPadding1D(2),
            layers.Cropping1D((1, 0)),
            layers.UpSampling1D(2),
            layers.Permute((2, 1)),
            layers.Identity(),
            layers.Flatten(),
            layers.Dense(4),
            layers.RepeatVector(2),
            layers.Flatten(),
            layers.Dense(5),
        ],
        (3, 2),
    ),
    "shapes_2d": (
        lambda: [
            layers.ZeroPadding2D(1),
            layers.UpSampling2D(2, interpolation="bilinear"),
            layers.Cropping2D(((1, 2), (0, 1))),
            layers.UpSampling2D((1, 2)),
            layers.Flatten(),
            layers.Dense(5),
        ],
        (3, 2, 2),
    ),
    "convolutions": (
        lambda: [
            layers.Conv2DTranspose(3, 3, strides=2, padding="same", activation="relu"),
            layers.DepthwiseConv2D(2, depth_multiplier=2),
            layers.SeparableConv2D(4, 3),
            layers.GlobalMaxPooling2D(),
            layers.Dense(5),
        ],
        (3, 3, 2),
    ),
    "convolutions_1d": (
        lambda: [
            layers.Conv1DTranspose(3, 2, strides=2, output_padding=1),
            layers.DepthwiseConv1D(2),
            layers.SeparableConv1D(2, 3),
            layers.GlobalMaxPooling1D(),
            layers.Dense(5),
        ],
        (4, 2),
    ),
    "noise_and_normalization": (
        lambda: [
            layers.GaussianNoise(0.1),
            layers.Dense(8),
            layers.GroupNormalization(4),
            layers.GaussianDropout(0.1),
            layers.AlphaDropout(0.1),
            layers.ActivityRegularization(l2=0.01),
            layers.UnitNormalization(),
            layers.Dense(5),
        ],
        (4,),
    ),
    "spatial_dropout": (
        lambda: [
            layers.SpatialDropout2D(0.2),
            layers.Reshape((6, 2)),
            layers.SpatialDropout1D(0.2),
            layers.Flatten(),
            layers.Dense(5),
        ],
        (3, 2, 2),
    ),
}


NOISY = {"noise_and_normalization", "spatial_dropout"}


def _data(input_shape):
    return ramp((8, *input_shape)), ramp((8, 5), k=0.11)


@pytest.mark.parametrize("name", list(MODELS))
def test_sequential_fit_save_and_load(name, tmp_path):
    make, input_shape = MODELS[name]
    model = tf.keras.Sequential([tf.keras.Input(input_shape), *make()])
    model.compile(tf.keras.optimizers.SGD(0.05), "mse")
    x, y = _data(input_shape)
    history = model.fit(x, y, epochs=3, batch_size=4, verbose=0)
    losses = history.history["loss"]
    assert np.isfinite(losses).all()
    if name not in NOISY:  # training noise may raise a 3-epoch loss
        assert losses[-1] < losses[0]
    path = str(tmp_path / "m.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    assert [type(a) for a in loaded.layers] == [type(a) for a in model.layers]
    assert [a.get_config() for a in loaded.layers] == [a.get_config() for a in model.layers]
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))


@pytest.mark.parametrize("name", list(MODELS))
def test_functional_model_as_the_layers_called_eagerly(name):
    make, input_shape = MODELS[name]
    stack = make()
    inputs = tf.keras.Input(input_shape)
    out = inputs
    for layer in stack:
        out = layer(out)
    assert tuple(out.shape) == (None, 5)
    model = tf.keras.Model(inputs, out)
    x, _ = _data(input_shape)
    eager = tf.constant(x)
    for layer in stack:
        eager = layer(eager)
    np.testing.assert_allclose(model(x).numpy(), eager.numpy(), rtol=1e-6)
