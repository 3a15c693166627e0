"""Writes tests/data/keras_applications_tf221.json and the small weight files next to it: Keras
3.15's (TF 2.21) parameter counts of every ``keras.applications`` architecture, and the outputs of
small models of each family on a fixed input, after setting their weights to random values saved
with ``save_weights`` (``.weights.h5``) and ``model.save`` (legacy ``.h5``). Run with a TensorFlow
install (never tapejax's):

    /work/tfenv/bin/python scripts/keras_applications_reference_tf.py [--counts]

``--counts`` also builds all 40 architectures (minutes) for their parameter counts.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import sys

import keras
import numpy as np
import tensorflow as tf
from keras import applications as A  # noqa: N812 (Keras' examples' name)
from keras.src.applications import convnext, densenet, efficientnet, resnet

DATA = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data"
OUT = DATA / "keras_applications_tf221.json"


def _resnet(v2, depths, filters, **kwargs):
    stack, block = (resnet.stack_residual_blocks_v2, 2) if v2 else (resnet.stack_residual_blocks_v1, 1)

    def stack_fn(x):
        for i, depth in enumerate(depths):
            x = stack(x, filters * 2**i, depth, name=f"conv{i + 2}")
        return x

    return resnet.ResNet(stack_fn, v2, True, **kwargs)


# (case, builder, keyword arguments): the tests build the same with tapejax's builders
CASES = [
    ("mobilenet_top", "MobileNet", dict(input_shape=[32, 32, 3], alpha=0.125, classes=10)),
    (
        "mobilenet_v3_small_avg",
        "MobileNetV3Small",
        dict(input_shape=[32, 32, 3], alpha=0.25, include_top=False, pooling="avg"),
    ),
    (
        "resnet_v1_tiny",
        "ResNet",
        dict(v2=False, depths=[2, 1], filters=4, input_shape=[32, 32, 3], classes=10),
    ),
    (
        "resnet_v2_tiny",
        "ResNet",
        dict(v2=True, depths=[2, 2], filters=4, input_shape=[32, 32, 3], include_top=False, pooling="avg"),
    ),
    (
        "efficientnet_tiny",
        "EfficientNet",
        dict(
            width_coefficient=0.1, depth_coefficient=0.1, default_size=32, input_shape=[32, 32, 3], classes=10
        ),
    ),
    (
        "convnext_tiny_custom",
        "ConvNeXt",
        dict(depths=[1, 1, 1, 1], projection_dims=[8, 8, 8, 8], input_shape=[32, 32, 3], classes=10),
    ),
]


def build(builder, kwargs):
    kwargs = {k: tuple(v) if k == "input_shape" else v for k, v in kwargs.items()}
    kwargs["weights"] = None
    if builder == "ResNet":
        return _resnet(**kwargs)
    if builder == "EfficientNet":
        return efficientnet.EfficientNet(**kwargs)
    if builder == "ConvNeXt":
        return convnext.ConvNeXt(**kwargs)
    if builder == "DenseNet":
        return densenet.DenseNet(**kwargs)
    return getattr(keras.applications, builder)(**kwargs)


def image():
    """The fixed input: two 32x32 RGB images, pixels in [0, 255]."""
    return np.random.RandomState(0).uniform(0, 255, (2, 32, 32, 3)).astype("float32")


def randomize(model, seed):
    rng = np.random.RandomState(seed)
    for w in model.weights:
        shape = tuple(w.shape)
        if w.path.endswith(("variance", "count")):
            w.assign(rng.uniform(0.5, 1.5, shape).astype(w.dtype))
        else:
            w.assign((rng.normal(0, 0.3, shape)).astype(w.dtype))


def shapes_sha(model):
    text = "\n".join(str(tuple(w.shape)) for w in model.weights)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def main():
    reference = json.loads(OUT.read_text()) if OUT.exists() else {}
    cases = {}
    for i, (case, builder, kwargs) in enumerate(CASES):
        keras.utils.clear_session()
        model = build(builder, kwargs)
        randomize(model, i)
        model.save_weights(DATA / f"keras_app_{case}_tf221.weights.h5")
        if case == "resnet_v1_tiny":
            model.save(DATA / f"keras_app_{case}_tf221.h5")
        out = np.asarray(model(image(), training=False))
        cases[case] = {
            "builder": builder,
            "kwargs": kwargs,
            "params": int(model.count_params()),
            "weights": len(model.weights),
            "shapes_sha": shapes_sha(model),
            "output": out.tolist(),
        }
        print(case, model.count_params(), out.shape, flush=True)
    reference["cases"] = cases
    reference["preprocess"] = preprocess_reference()
    if "--counts" in sys.argv:
        counts = {}
        for name in (
            keras.applications.__all__ if hasattr(keras.applications, "__all__") else dir(keras.applications)
        ):
            if not name[0].isupper():
                continue
            keras.utils.clear_session()
            model = getattr(keras.applications, name)(weights=None)
            counts[name] = {
                "params": int(model.count_params()),
                "trainable": int(sum(np.prod(w.shape) for w in model.trainable_weights)),
                "layers": len(model.layers),
                "weights": len(model.weights),
                "shapes_sha": shapes_sha(model),
                "name": model.name,
                "output": list(model.output_shape),
            }
            print(name, counts[name], flush=True)
        reference["counts"] = counts
    OUT.write_text(json.dumps(reference, indent=1) + "\n")


def preprocess_reference():
    """``preprocess_input`` of every family on a 2x2 image batch (NumPy and tensor inputs)."""
    x = np.arange(24, dtype="float32").reshape(2, 2, 2, 3) * 10.0
    out = {}
    for module in [
        "resnet50",
        "resnet_v2",
        "vgg16",
        "densenet",
        "mobilenet",
        "inception_v3",
        "xception",
        "nasnet",
        "efficientnet",
        "convnext",
        "mobilenet_v3",
        "efficientnet_v2",
        "inception_resnet_v2",
        "mobilenet_v2",
        "resnet",
        "vgg19",
    ]:
        out[module] = np.asarray(getattr(A, module).preprocess_input(x.copy())).tolist()
    for mode in ("caffe", "tf", "torch"):
        out[f"channels_first_{mode}"] = np.asarray(
            A.imagenet_utils.preprocess_input(
                x.copy().transpose(0, 3, 1, 2), data_format="channels_first", mode=mode
            )
        ).tolist()
        out[f"tensor_{mode}"] = np.asarray(
            A.imagenet_utils.preprocess_input(tf.constant(x), mode=mode)
        ).tolist()
        out[f"tensor3d_channels_first_{mode}"] = np.asarray(
            A.imagenet_utils.preprocess_input(
                tf.constant(x[0].transpose(2, 0, 1)), data_format="channels_first", mode=mode
            )
        ).tolist()
    out["uint8_caffe"] = np.asarray(
        A.imagenet_utils.preprocess_input(x.astype("uint8"), mode="caffe")
    ).tolist()
    return out


if __name__ == "__main__":
    main()
