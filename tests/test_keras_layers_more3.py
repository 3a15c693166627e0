"""Keras 3.15's 3-D reshaping layers, SpatialDropout3D, ThresholdedReLU, RMSNormalization,
InputSpec and layers.serialize/deserialize; numbers from TF 2.21's Keras as literals."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

L = tf.keras.layers
X5 = np.arange(2 * 3 * 3 * 2 * 2, dtype="float32").reshape(2, 3, 3, 2, 2) / 10


def _round_trip(layer):
    config = layer.get_config()
    again = type(layer).from_config(config)
    assert again.get_config() == config
    back = L.deserialize(L.serialize(layer))
    assert type(back) is type(layer) and back.get_config() == config


def test_zero_padding3d():
    layer = L.ZeroPadding3D(((1, 0), (0, 1), 1))
    y = layer(X5).numpy()
    assert y.shape == (2, 4, 4, 4, 2)
    np.testing.assert_allclose(y.sum(axis=(1, 2, 3)), [[30.6, 32.4], [95.4, 97.2]], rtol=1e-5)
    assert L.ZeroPadding3D(1, data_format="channels_first")(X5).shape == (2, 3, 5, 4, 4)
    assert layer.get_config()["padding"] == ((1, 0), (0, 1), (1, 1))
    _round_trip(layer)
    with pytest.raises(ValueError, match=r"`padding` should have 3 elements. Received: \(1, 2\)."):
        L.ZeroPadding3D((1, 2))
    with pytest.raises(ValueError, match="`padding` should be either an int, a tuple of 3 ints"):
        L.ZeroPadding3D(1.5)


def test_cropping3d():
    layer = L.Cropping3D(((1, 0), (0, 1), (1, 0)))
    expected = [1.4, 1.5, 1.8, 1.9, 2.6, 2.7, 3.0, 3.1, 5.0, 5.1, 5.4, 5.5, 6.2, 6.3, 6.6, 6.7]
    np.testing.assert_allclose(layer(X5).numpy().ravel(), expected, rtol=1e-6)
    channels_first = L.Cropping3D(((1, 0), (0, 1), (1, 0)), data_format="channels_first")
    assert channels_first(X5).shape == (2, 3, 2, 1, 1)
    assert layer.compute_output_shape((None, None, 3, 2, 2)) == (None, None, 2, 1, 2)
    _round_trip(layer)
    with pytest.raises(ValueError, match="`cropping` cannot be negative. Received: cropping=-1."):
        L.Cropping3D(-1)
    with pytest.raises(ValueError, match="`cropping` should have 3 elements"):
        L.Cropping3D((1, 2))
    with pytest.raises(ValueError, match="Values in `cropping` argument should be smaller"):
        L.Cropping3D(2)(X5)


def test_up_sampling3d():
    layer = L.UpSampling3D((2, 1, 2))
    y = layer(X5).numpy()
    assert y.shape == (2, 6, 3, 4, 2)
    row = [[4.1, 4.1, 4.3, 4.3], [5.3, 5.3, 5.5, 5.5], [6.5, 6.5, 6.7, 6.7]]
    np.testing.assert_allclose(y[1, :, 1, :, 1], np.repeat(row, 2, axis=0), rtol=1e-6)
    assert layer.get_config()["size"] == (2, 1, 2)
    assert L.UpSampling3D(2, data_format="channels_first")(X5).shape == (2, 3, 6, 4, 4)
    _round_trip(layer)


def test_spatial_dropout3d_drops_whole_maps():
    layer = L.SpatialDropout3D(0.5, seed=1)
    y = layer(np.ones((2, 3, 3, 3, 4), "float32"), training=True).numpy()
    assert set(np.unique(y)) <= {0.0, 2.0}
    flat = y.reshape(2, -1, 4)
    assert (flat.min(axis=1) == flat.max(axis=1)).all()
    assert (layer(np.ones((1, 2, 2, 2, 1), "float32")).numpy() == 1).all()
    _round_trip(layer)


def test_thresholded_relu():
    layer = L.ThresholdedReLU(1.0)
    np.testing.assert_array_equal(layer(np.array([[-1.0, 0.5, 1.0, 2.0, 3.0]], "float32")), [[0, 0, 0, 2, 3]])
    assert L.serialize(layer)["module"] == "keras._legacy.layers"
    _round_trip(layer)
    with pytest.raises(ValueError, match="should be >=0. Received: -1"):
        L.ThresholdedReLU(-1)
    with pytest.raises(ValueError, match="cannot be None"):
        L.ThresholdedReLU(None)


def test_rms_normalization_as_keras_and_gradient():
    z = np.arange(12, dtype="float32").reshape(2, 3, 2) - 4
    layer = L.RMSNormalization(axis=[2, 1])
    layer.build(z.shape)
    layer.scale.assign(np.array([[0.5, 1.0], [1.5, 2.0], [2.5, -1.0]], "float32"))
    expected = [
        [[-0.8798826, -1.3198239], [-1.3198239, -0.8798826], [0.0, -0.4399413]],
        [[0.207763, 0.623289], [1.246578, 2.07763], [3.116445, -1.454341]],
    ]
    np.testing.assert_allclose(layer(z).numpy(), expected, rtol=1e-5, atol=1e-6)
    assert layer.get_config()["axis"] == [1, 2]
    plain = L.RMSNormalization()
    expected = [
        [[-1.1313708, -0.8485281], [-1.2649108, -0.6324554], [0.0, 1.4142121]],
        [[0.7844645, 1.1766968], [0.8834522, 1.1043153], [0.920358, 1.073751]],
    ]
    np.testing.assert_allclose(plain(z).numpy(), expected, rtol=1e-5, atol=1e-6)
    assert [w.shape for w in plain.weights] == [(2,)]
    _round_trip(plain)
    x = tf.constant(z)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(plain(x) * np.arange(12, dtype="float32").reshape(2, 3, 2))
    grad = tape.gradient(loss, x).numpy()
    eps, base = 1e-2, z.astype("float64")
    weights = np.arange(12).reshape(2, 3, 2)

    def f(v):
        return (v / np.sqrt((v**2).mean(-1, keepdims=True) + 1e-6) * weights).sum()

    numeric = np.zeros_like(base)
    for i in np.ndindex(base.shape):
        step = np.zeros_like(base)
        step[i] = eps
        numeric[i] = (f(base + step) - f(base - step)) / (2 * eps)
    np.testing.assert_allclose(grad, numeric, rtol=1e-3, atol=1e-3)


def test_input_spec_as_keras():
    spec = L.InputSpec(shape=(None, 3), axes={-1: 3})
    assert repr(spec) == "InputSpec(shape=(None, 3), ndim=2, axes={-1: 3})"
    assert L.InputSpec(ndim=3).get_config() == {
        "dtype": None,
        "shape": None,
        "ndim": 3,
        "max_ndim": None,
        "min_ndim": None,
        "axes": {},
        "optional": False,
    }
    assert L.InputSpec.from_config(spec.get_config()).get_config() == spec.get_config()
    with pytest.raises(ValueError, match="Axis 3 is greater than the maximum allowed value: 1"):
        L.InputSpec(ndim=2, axes={3: 1})
    with pytest.raises(TypeError, match="Argument `axes` must be a dict with integer keys"):
        L.InputSpec(axes={"a": 1})


def test_deserialize_refuses_what_is_not_a_layer():
    config = {"module": "keras.optimizers", "class_name": "SGD", "config": {}, "registered_name": None}
    with pytest.raises(ValueError, match="`keras.layers.deserialize` was passed a `config` object"):
        L.deserialize(config)
    dense = L.deserialize(L.serialize(L.Dense(3, name="d")))
    assert dense.units == 3 and dense.name == "d"
