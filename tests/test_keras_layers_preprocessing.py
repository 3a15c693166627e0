"""Keras 3's preprocessing layers: outputs and configs pinned to Keras 3.15 under TF 2.21
(tests/keras_preprocessing_reference.py, written by scripts/keras_preprocessing_reference_tf.py),
gradients against finite differences, training-only randomness, tf.function, fit, and
.keras round trips."""

from __future__ import annotations

import numpy as np
import pytest
from keras_preprocessing_cases import CASES, FEATURES, IMAGE, IMAGE2, QUERY, TOKENS
from keras_preprocessing_reference import REFERENCE

import tapejax as tf

L = tf.keras.layers


def _config(layer) -> dict:
    config = layer.get_config()
    config.pop("name", None)
    config.pop("dtype", None)
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in config.items()}


@pytest.mark.parametrize("name", sorted(CASES))
def test_outputs_and_configs_match_keras(name):
    layer, x = CASES[name](L, tf)
    y = layer(x)
    expected = REFERENCE[name]
    assert y.dtype.name == expected["dtype"]
    np.testing.assert_allclose(y.numpy(), np.asarray(expected["output"]), rtol=1e-5, atol=2e-5)
    config, keras_config = _config(layer), dict(expected["config"])
    if name.startswith("random_crop"):  # Keras draws a default seed
        del config["seed"], keras_config["seed"]
    if (
        name == "lookup_adapt"
    ):  # Keras keeps an adapted vocabulary in the file's assets; tapejax in the config
        assert config.pop("vocabulary") == [1, 9, 7] and keras_config.pop("vocabulary") is None
    assert config == keras_config
    again = type(layer).from_config(layer.get_config())
    assert _config(again) == _config(layer)


@pytest.mark.parametrize(
    "make",
    [
        lambda: L.RandomRotation(0.2),
        lambda: L.RandomZoom(0.3),
        lambda: L.RandomTranslation(0.2, 0.2),
        lambda: L.RandomShear(0.3, 0.3),
        L.RandomFlip,
        lambda: L.RandomContrast(0.5),
        lambda: L.RandomBrightness(0.3),
    ],
)
def test_random_layers_pass_through_outside_training(make):
    layer = make()
    np.testing.assert_array_equal(layer(IMAGE, training=False).numpy(), IMAGE)
    model = tf.keras.Sequential([tf.keras.Input((4, 5, 1)), layer])
    np.testing.assert_array_equal(model.predict(IMAGE, verbose=0), IMAGE)


def test_random_flip_flips_whole_images_and_seeds_repeat():
    x = np.random.default_rng(0).normal(size=(64, 3, 4, 1)).astype("float32")
    y = L.RandomFlip("horizontal", seed=7)(x).numpy()
    flipped = np.all(y == x[:, :, ::-1], axis=(1, 2, 3))
    kept = np.all(y == x, axis=(1, 2, 3))
    assert np.all(flipped | kept) and 10 < flipped.sum() < 54
    tf.random.set_seed(3)
    a = L.RandomFlip(seed=5)(x).numpy()
    tf.random.set_seed(3)
    b = L.RandomFlip(seed=5)(x).numpy()
    np.testing.assert_array_equal(a, b)


def test_random_contrast_scales_deviation_from_the_mean_per_image():
    x = np.random.default_rng(1).uniform(0, 1, size=(8, 4, 4, 3)).astype("float32")
    y = L.RandomContrast(0.5, value_range=(-10, 10))(x).numpy()
    mean = x.mean(axis=(1, 2), keepdims=True)
    ratio = (y - mean) / (x - mean)
    per_image = ratio.reshape(8, -1)
    np.testing.assert_allclose(per_image, per_image[:, :1] * np.ones_like(per_image), rtol=1e-4)
    assert np.all((per_image[:, 0] >= 1.0 - 1e-6) & (per_image[:, 0] <= 1.5 + 1e-6))


def test_rotation_gradient_matches_finite_differences():
    layer = L.RandomRotation((0.1, 0.1), fill_mode="reflect")
    x = tf.constant(IMAGE[:1] / 10.0)
    w = tf.constant(np.random.default_rng(2).normal(size=IMAGE[:1].shape).astype("float32"))
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(layer(x) * w)
    grad = tape.gradient(loss, x).numpy()
    # The map is linear in the image: central differences are exact up to rounding.
    base = IMAGE[:1] / 10.0
    eps = 1e-2
    for idx in [(0, 0, 0, 0), (0, 1, 2, 0), (0, 3, 4, 0), (0, 2, 1, 0)]:
        up, down = base.copy(), base.copy()
        up[idx] += eps
        down[idx] -= eps
        fd = (np.sum(layer(up).numpy() * w.numpy()) - np.sum(layer(down).numpy() * w.numpy())) / (2 * eps)
        np.testing.assert_allclose(grad[idx], fd, rtol=1e-3, atol=1e-3)


def test_normalization_gradient_and_function():
    layer = L.Normalization()
    layer.adapt(FEATURES)
    x = tf.constant(QUERY)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
    grad = tape.gradient(y, x).numpy()
    np.testing.assert_allclose(grad, np.broadcast_to(1 / np.sqrt(FEATURES.var(0)), QUERY.shape), rtol=1e-5)
    traced = tf.function(layer.__call__)
    np.testing.assert_allclose(traced(x).numpy(), y.numpy(), rtol=1e-6)


def test_image_layers_inside_function():
    rotate = L.RandomRotation((0.25, 0.25))
    resize = L.Resizing(3, 4)
    f = tf.function(lambda t: resize(rotate(t)))
    np.testing.assert_allclose(
        f(tf.constant(IMAGE)).numpy(), resize(rotate(IMAGE)).numpy(), rtol=1e-5, atol=1e-5
    )
    crop = L.RandomCrop(2, 3, seed=1)
    assert tuple(tf.function(crop.__call__)(tf.constant(IMAGE2)).shape) == (1, 2, 3, 2)


def test_fit_with_preprocessing_layers():
    norm = L.Normalization()
    norm.adapt(FEATURES)
    model = tf.keras.Sequential(
        [tf.keras.Input((3,)), L.Rescaling(2.0), norm, L.Dense(1, kernel_initializer="ones")]
    )
    model.compile(optimizer="sgd", loss="mse")
    history = model.fit(FEATURES, FEATURES[:, :1], epochs=3, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert [w.path for w in model.non_trainable_weights] == [
        "normalization/mean",
        "normalization/variance",
        "normalization/count",
    ] or len(model.non_trainable_weights) == 3


def test_keras_file_round_trip(tmp_path):
    norm = L.Normalization()
    norm.adapt(FEATURES)
    disc = L.Discretization(num_bins=3)
    disc.adapt(FEATURES.ravel())
    lookup = L.IntegerLookup(max_tokens=5)
    lookup.adapt(TOKENS)
    x_in = tf.keras.Input((3,))
    t_in = tf.keras.Input((4,), dtype="int64")
    out = L.Concatenate()(
        [norm(x_in), L.Rescaling(0.5)(disc(x_in)), L.CategoryEncoding(5, output_mode="count")(lookup(t_in))]
    )
    model = tf.keras.Model([x_in, t_in], out)
    path = str(tmp_path / "pre.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    np.testing.assert_allclose(
        loaded.predict([QUERY, TOKENS[:2]], verbose=0),
        model.predict([QUERY, TOKENS[:2]], verbose=0),
        rtol=1e-6,
    )


def test_image_model_round_trip(tmp_path):
    model = tf.keras.Sequential(
        [
            tf.keras.Input((4, 5, 1)),
            L.RandomRotation(0.1, fill_mode="constant"),
            L.RandomZoom(0.2),
            L.RandomFlip("vertical"),
            L.Resizing(3, 3),
            L.CenterCrop(2, 2),
            L.Flatten(),
            L.Dense(2),
        ]
    )
    path = str(tmp_path / "img.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path)
    np.testing.assert_allclose(loaded.predict(IMAGE, verbose=0), model.predict(IMAGE, verbose=0), rtol=1e-6)
    assert [type(layer).__name__ for layer in loaded.layers][:3] == [
        "RandomRotation",
        "RandomZoom",
        "RandomFlip",
    ]
