"""``tf.keras.applications`` (issue 26): Keras 3.15's architectures built from tapejax's layers.

Stored Keras numbers (``scripts/keras_applications_reference_tf.py``, TF 2.21):
``tests/data/keras_applications_tf221.json`` holds the parameter counts, layer and weight counts
and a digest of the weight shapes (in order) of all 40 architectures, and the outputs of small
models of six families on a fixed input after Keras set their weights to random values and
saved them (``tests/data/keras_app_<case>_tf221.weights.h5``; one also as a legacy ``.h5``).

Building a model here costs about 25 ms per layer (more under load), so the fast suite builds
the small models and a few full architectures; ``TAPEJAX_ALL_APPLICATIONS=1`` checks all 40
(17 minutes on this shared machine).
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib

import numpy as np
import pytest

import tapejax as tf
from tapejax.keras._src.applications import (
    convnext,
    densenet,
    efficientnet,
    mobilenet,
    mobilenet_v3,
    nasnet,
    resnet,
)
from tapejax.keras._src.applications.efficientnet_v2 import EfficientNetV2
from tapejax.keras._src.applications.imagenet_utils import obtain_input_shape
from tapejax.keras._src.applications.inception_resnet_v2 import inception_resnet_block

A = tf.keras.applications
DATA = pathlib.Path(__file__).parent / "data"
REFERENCE = json.loads((DATA / "keras_applications_tf221.json").read_text())
FAST = ["MobileNet", "Xception"]
ALL = os.environ.get("TAPEJAX_ALL_APPLICATIONS") == "1"


def _image():
    return np.random.RandomState(0).uniform(0, 255, (2, 32, 32, 3)).astype("float32")


def _build(builder, kwargs):
    """The case's model, built as the reference script builds it in Keras."""
    kwargs = {k: tuple(v) if k == "input_shape" else v for k, v in kwargs.items()}
    kwargs["weights"] = None
    if builder == "ResNet":
        v2, depths, filters = kwargs.pop("v2"), kwargs.pop("depths"), kwargs.pop("filters")
        stack = resnet.stack_v2 if v2 else resnet.stack_v1

        def stack_fn(x):
            for i, depth in enumerate(depths):
                x = stack(x, filters * 2**i, depth, name=f"conv{i + 2}")
            return x

        return resnet.ResNet(stack_fn, v2, True, **kwargs)
    if builder == "EfficientNet":
        return efficientnet.EfficientNet(**kwargs)
    if builder == "ConvNeXt":
        return convnext.ConvNeXt(**kwargs)
    return getattr(A, builder)(**kwargs)


def _shapes_digest(model) -> str:

    text = "\n".join(str(tuple(w.shape)) for w in model.weights)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("case", sorted(REFERENCE["cases"]))
def test_a_keras_weights_file_loads_and_gives_keras_outputs(case):
    ref = REFERENCE["cases"][case]
    model = _build(ref["builder"], ref["kwargs"])
    assert model.count_params() == ref["params"]
    assert len(model.weights) == ref["weights"]
    assert _shapes_digest(model) == ref["shapes_sha"]
    model.load_weights(DATA / f"keras_app_{case}_tf221.weights.h5")
    out = model.predict(_image(), verbose=0)
    expected = np.array(ref["output"], dtype="float32")
    np.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-4 * np.abs(expected).max())


def test_a_legacy_h5_file_loads_by_layer_order():
    """``load_weights('x.h5')``: Keras' legacy format (as its pretrained files are), here a whole
    model saved by Keras' ``model.save``, read layer by layer as Keras reads it."""
    ref = REFERENCE["cases"]["resnet_v1_tiny"]
    model = _build(ref["builder"], ref["kwargs"])
    model.load_weights(DATA / "keras_app_resnet_v1_tiny_tf221.h5")
    legacy = [w.numpy() for w in model.weights]
    model.load_weights(DATA / "keras_app_resnet_v1_tiny_tf221.weights.h5")
    for a, w in zip(legacy, model.weights, strict=True):
        np.testing.assert_array_equal(a, w.numpy())
    # a file for another architecture fails as Keras' does, and changes nothing
    other = _build("ResNet", {**ref["kwargs"], "depths": [1, 1]})
    before = [w.numpy() for w in other.weights]
    with pytest.raises(ValueError, match="Layer count mismatch when loading weights from file"):
        other.load_weights(DATA / "keras_app_resnet_v1_tiny_tf221.h5")
    for a, w in zip(before, other.weights, strict=True):
        np.testing.assert_array_equal(a, w.numpy())


@pytest.mark.parametrize("name", sorted(REFERENCE["counts"]) if ALL else FAST)
def test_architecture_matches_keras(name):
    """Parameter, layer and weight counts, the weights' shapes in order, the model's name and
    output shape of ``<name>(weights=None)``, as Keras builds it."""
    ref = REFERENCE["counts"][name]
    model = getattr(A, name)(weights=None)
    assert model.count_params() == ref["params"]
    assert sum(int(np.prod(w.shape)) for w in model.trainable_weights) == ref["trainable"]
    assert (len(model.layers), len(model.weights)) == (ref["layers"], ref["weights"])
    assert _shapes_digest(model) == ref["shapes_sha"]
    assert model.name == ref["name"]
    assert list(model.output.shape) == ref["output"]


def test_all_40_names_and_their_submodules():
    names = json.loads((DATA / "keras315_api_names.json").read_text())["keras.applications"]
    assert [n for n in names if not hasattr(A, n)] == []
    assert A.resnet50.ResNet50 is A.ResNet50 and A.resnet.ResNet101 is A.ResNet101
    assert A.resnet_v2.ResNet50V2 is A.ResNet50V2 and A.mobilenet_v2.MobileNetV2 is A.MobileNetV2
    assert (
        A.efficientnet_v2.EfficientNetV2S is A.EfficientNetV2S and A.convnext.ConvNeXtTiny is A.ConvNeXtTiny
    )
    assert tf.keras.applications.imagenet_utils.decode_predictions is A.vgg16.decode_predictions


def test_include_top_pooling_classes_and_input_tensor():
    kwargs = {**REFERENCE["cases"]["resnet_v2_tiny"]["kwargs"], "pooling": None}
    assert _build("ResNet", kwargs).output.shape == (None, 2, 2, 32)
    model = _build("ResNet", {**kwargs, "pooling": "max"})
    assert model.output.shape == (None, 32) and model.layers[-1].name == "max_pool"
    x = tf.keras.Input((32, 32, 3))
    model = A.MobileNet(input_tensor=x, alpha=0.25, classes=7, classifier_activation=None, weights=None)
    assert model.inputs[0] is x and model.output.shape == (None, 7)
    assert model.name == "mobilenet_0.25_224"
    assert model.get_layer("predictions").activation is tf.keras.activations.linear


def _preprocess_input():
    return np.arange(24, dtype="float32").reshape(2, 2, 2, 3) * 10.0


@pytest.mark.parametrize(
    "module",
    sorted(
        k
        for k in REFERENCE["preprocess"]
        if "_" not in k
        or k
        in {
            "resnet_v2",
            "mobilenet_v3",
            "mobilenet_v2",
            "efficientnet_v2",
            "inception_v3",
            "inception_resnet_v2",
        }
    ),
)
def test_preprocess_input_per_family(module):
    out = getattr(A, module).preprocess_input(_preprocess_input())
    np.testing.assert_allclose(out, REFERENCE["preprocess"][module], rtol=1e-6, atol=1e-5)


@pytest.mark.parametrize("mode", ["caffe", "tf", "torch"])
def test_preprocess_input_modes_on_tensors_and_channels_first(mode):
    pre = A.imagenet_utils.preprocess_input
    x = _preprocess_input()
    expected = REFERENCE["preprocess"]
    np.testing.assert_allclose(
        pre(tf.constant(x), mode=mode).numpy(), expected[f"tensor_{mode}"], rtol=1e-6, atol=1e-5
    )
    first = pre(x.copy().transpose(0, 3, 1, 2), data_format="channels_first", mode=mode)
    np.testing.assert_allclose(first, expected[f"channels_first_{mode}"], rtol=1e-6, atol=1e-5)
    first3d = pre(tf.constant(x[0].transpose(2, 0, 1)), data_format="channels_first", mode=mode)
    np.testing.assert_allclose(
        first3d.numpy(), expected[f"tensor3d_channels_first_{mode}"], rtol=1e-6, atol=1e-5
    )
    # on a KerasTensor: a layer of a functional model
    inp = tf.keras.Input((2, 2, 3))
    model = tf.keras.Model(inp, pre(inp, mode=mode))
    np.testing.assert_allclose(model.predict(x, verbose=0), expected[f"tensor_{mode}"], rtol=1e-6, atol=1e-5)


def test_preprocess_input_of_integers_and_in_place():
    x = _preprocess_input()
    np.testing.assert_allclose(
        A.imagenet_utils.preprocess_input(x.astype("uint8"), mode="caffe"),
        REFERENCE["preprocess"]["uint8_caffe"],
    )
    y = A.mobilenet.preprocess_input(x)
    assert y is x  # Keras scales a float array in place


def test_preprocess_input_errors():
    with pytest.raises(
        ValueError, match="Expected mode to be one of `caffe`, `tf` or `torch`. Received: mode=bgr"
    ):
        A.imagenet_utils.preprocess_input(_preprocess_input(), mode="bgr")
    with pytest.raises(
        ValueError, match="Expected data_format to be one of `channels_first` or `channels_last`"
    ):
        A.resnet50.preprocess_input(_preprocess_input(), data_format="nhwc")


def test_decode_predictions_from_a_local_class_index(tmp_path, monkeypatch):
    index = {str(i): [f"n{i:08d}", f"class_{i}"] for i in range(1000)}
    path = tmp_path / "imagenet_class_index.json"
    path.write_text(json.dumps(index))
    preds = np.zeros((2, 1000), "float32")
    preds[0, [3, 7, 5]] = [0.5, 0.3, 0.2]
    preds[1, 999] = 1.0
    monkeypatch.setenv("TAPEJAX_IMAGENET_CLASS_INDEX", str(path))
    out = A.resnet50.decode_predictions(preds, top=3)
    assert [row[:2] for row in out[0]] == [
        ("n00000003", "class_3"),
        ("n00000007", "class_7"),
        ("n00000005", "class_5"),
    ]
    assert out[0][0][2] == pytest.approx(0.5) and out[1][0][:2] == ("n00000999", "class_999")
    assert len(A.vgg16.decode_predictions(tf.constant(preds))[1]) == 5
    # Keras' cache location works as well (KERAS_HOME/models)
    monkeypatch.delenv("TAPEJAX_IMAGENET_CLASS_INDEX")
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "imagenet_class_index.json").write_text(json.dumps(index))
    monkeypatch.setenv("KERAS_HOME", str(tmp_path))
    assert A.imagenet_utils.decode_predictions(preds, top=1)[1][0][1] == "class_999"


def test_decode_predictions_errors(tmp_path, monkeypatch):
    monkeypatch.delenv("TAPEJAX_IMAGENET_CLASS_INDEX", raising=False)
    monkeypatch.setenv("KERAS_HOME", str(tmp_path))
    with pytest.raises(
        Exception,
        match="URL fetch failure on https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json",
    ) as info:
        A.resnet50.decode_predictions(np.zeros((1, 1000), "float32"))
    assert "tapejax downloads nothing" in str(info.value) and str(tmp_path / "models") in str(info.value)
    with pytest.raises(
        ValueError, match=r"expects a batch of predictions \(i.e. a 2D array of shape \(samples, 1000\)\)"
    ):
        A.resnet50.decode_predictions(np.zeros((1, 10), "float32"))


def test_imagenet_weights_are_read_from_keras_cache_or_fail_saying_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setenv("KERAS_HOME", str(tmp_path))
    with pytest.raises(
        Exception,
        match="URL fetch failure on https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_128_tf_no_top.h5",
    ) as info:
        A.MobileNet(input_shape=(128, 128, 3), alpha=0.25, include_top=False)
    assert "pass its local path as `weights=`" in str(info.value)
    # a file in Keras' cache loads (here one written by tapejax in Keras' legacy format)
    model = A.MobileNet(input_shape=(128, 128, 3), alpha=0.25, include_top=False, weights=None)
    for w in model.weights:
        w.assign(np.random.RandomState(0).uniform(0.5, 1.0, w.shape).astype("float32"))
    (tmp_path / "models").mkdir()
    model.save(tmp_path / "models" / "mobilenet_2_5_128_tf_no_top.h5")
    loaded = A.MobileNet(input_shape=(128, 128, 3), alpha=0.25, include_top=False)
    for a, b in zip(model.weights, loaded.weights, strict=True):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_argument_errors():
    with pytest.raises(
        ValueError, match="The `weights` argument should be either `None` .* Received: weights=nowhere.h5"
    ):
        A.ResNet50(weights="nowhere.h5")
    with pytest.raises(
        ValueError, match="If using `weights='imagenet'` with `include_top=True`, `classes` should be 1000"
    ):
        A.VGG16(classes=10)
    with pytest.raises(
        ValueError, match="If `include_top` is True, you should specify a static `input_shape`"
    ):
        A.Xception(input_shape=(None, None, 3), weights=None)
    with pytest.raises(
        ValueError, match="Input size must be at least 71x71; Received: input_shape=\\(64, 64, 3\\)"
    ):
        A.Xception(input_shape=(64, 64, 3), weights=None, include_top=False)
    with pytest.raises(ValueError, match="`input_shape` must be a tuple of three integers."):
        A.VGG16(input_shape=(64, 64), weights=None, include_top=False)
    with pytest.raises(
        ValueError, match="The input must have 3 channels; Received `input_shape=\\(64, 64, 1\\)`"
    ):
        A.VGG16(input_shape=(64, 64, 1), include_top=False)
    with pytest.raises(
        ValueError,
        match="and loading `imagenet` weights, `input_shape` should be \\(224, 224, 3\\)",
    ):
        A.ResNet50(input_shape=(64, 64, 3))
    with pytest.raises(ValueError, match="If imagenet weights are being loaded, depth multiplier must be 1"):
        A.MobileNet(depth_multiplier=2)
    with pytest.raises(ValueError, match="If imagenet weights are being loaded, alpha can be one of`0.25`"):
        A.MobileNet(alpha=0.3)
    with pytest.raises(ValueError, match="If imagenet weights are being loaded, alpha must be one of `0.35`"):
        A.MobileNetV2(alpha=0.3)
    with pytest.raises(
        ValueError,
        match="If imagenet weights are being loaded, alpha can be one of `0.75`, `1.0` for non minimalistic",
    ):
        A.MobileNetV3Small(alpha=0.5)
    with pytest.raises(
        ValueError, match="Input size must be at least 32x32; Received `input_shape=\\(16, 16, 3\\)`"
    ):
        A.MobileNetV3Large(input_shape=(16, 16, 3), weights=None)
    with pytest.raises(ValueError, match="the `penultimate_filters` must be a multiple of 24"):
        nasnet.NASNet(input_shape=(32, 32, 3), penultimate_filters=100, weights=None, include_top=False)
    with pytest.raises(
        ValueError, match="ImageNet weights can only be loaded with NASNetLarge or NASNetMobile"
    ):
        nasnet.NASNet(input_shape=(64, 64, 3), default_size=64, include_top=False)
    with pytest.raises(ValueError, match="the input_shape argument must be static \\(no None entries\\)"):
        A.NASNetMobile(input_shape=(None, None, 3))
    with pytest.raises(ValueError, match="The number of repeats in `EfficientNet` must be > 0"):
        efficientnet.EfficientNet(
            1.0, 1.0, 32, blocks_args=[{"repeats": 0}], weights=None, input_shape=(32, 32, 3)
        )
    with pytest.raises(ValueError, match="The number of repeats in `EfficientNetV2` must be > 0"):
        EfficientNetV2(
            1.0,
            1.0,
            32,
            blocks_args=[{"num_repeat": 0, "input_filters": 8}],
            weights=None,
            input_shape=(32, 32, 3),
        )

    with pytest.raises(ValueError, match="Unknown Inception-ResNet block type"):
        inception_resnet_block(tf.keras.Input((8, 8, 4)), 0.1, "block99", 1)
    with pytest.raises(ValueError, match="Architecture configuration does not match convnext_tiny variant"):
        convnext._check_imagenet_variant("convnext_tiny", [1, 1, 1, 1], [8, 8, 8, 8], "convnext_tiny")
    with pytest.raises(ValueError, match='Model name "mine" does not match weights variant "convnext_tiny"'):
        convnext._check_imagenet_variant("convnext_tiny", [3, 3, 9, 3], [96, 192, 384, 768], "mine")
    with pytest.raises(ValueError, match="No ImageNet weights are published for resnet"):
        resnet.ResNet(lambda x: x, False, True, input_shape=(32, 32, 3), include_top=False)
    with pytest.raises(ValueError, match="Only `None` and `softmax` activations are allowed"):
        resnet.ResNet(
            lambda x: x,
            False,
            True,
            weights=str(DATA / "keras_app_resnet_v1_tiny_tf221.h5"),
            input_shape=(32, 32, 3),
            classes=10,
            classifier_activation="relu",
        )
    with pytest.raises(NotImplementedError, match="`tensor` and `optional` are not supported"):
        A.VGG16(input_tensor=tf.zeros((1, 32, 32, 3)), include_top=False, weights=None)


def test_warnings_and_channels_first_only_families():
    with pytest.warns(UserWarning, match="This model usually expects 1 or 3 input channels"):
        obtain_input_shape((64, 64, 5), 224, 32, "channels_last", False)
    config = tf.keras.config
    config.set_image_data_format("channels_first")
    try:
        for builder, family in (
            (A.DenseNet121, "DenseNet"),
            (A.ConvNeXtTiny, "ConvNeXt"),
            (A.NASNetMobile, "NASNet"),
        ):
            with pytest.raises(
                ValueError, match=f"{family} does not support the `channels_first` image data format"
            ):
                builder(weights=None)
    finally:
        config.set_image_data_format("channels_last")
    with pytest.raises(ValueError, match="weights_path undefined"):
        densenet.DenseNet([1, 1, 1, 1], weights="imagenet", include_top=False, input_shape=(32, 32, 3))

    with pytest.warns(
        UserWarning, match="`rows` is not in \\[128, 160\\]. Weights for input shape \\(224, 224\\)"
    ):
        assert mobilenet._imagenet_rows(100, 100, [128, 160]) == 224
    with pytest.warns(
        UserWarning, match="`rows` is not 224. Weights for input shape \\(224, 224\\) will be loaded"
    ):
        mobilenet_v3.check_imagenet(1.0, False, 96, 96)
