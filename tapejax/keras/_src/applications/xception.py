"""Xception, as Keras 3 builds it: depthwise-separable convolutions in residual blocks (entry,
eight middle blocks, exit)."""

from __future__ import annotations

from ..backend.config import image_data_format
from ..layers import (
    Activation,
    BatchNormalization,
    Conv2D,
    MaxPooling2D,
    SeparableConv2D,
    add,
)
from . import application as app
from .imagenet_utils import obtain_input_shape
from .imagenet_utils import preprocess_input as _preprocess


def _bn(name=None):
    return BatchNormalization(axis=app.channel_axis(), name=name)


def _sep(x, filters, name, act=True):
    """(ReLU,) separable 3x3 convolution, batch normalization."""
    if act:
        x = Activation("relu", name=f"{name}_act")(x)
    x = SeparableConv2D(filters, (3, 3), padding="same", use_bias=False, name=name)(x)
    return _bn(f"{name}_bn")(x)


def _downsampling_block(x, filters, block, first_act=True):
    """Two separable convolutions and a strided max pool, added to a strided 1x1 shortcut."""
    residual = _bn()(Conv2D(filters[1], (1, 1), strides=(2, 2), padding="same", use_bias=False)(x))
    x = _sep(x, filters[0], f"block{block}_sepconv1", act=first_act)
    x = _sep(x, filters[1], f"block{block}_sepconv2")
    x = MaxPooling2D((3, 3), strides=(2, 2), padding="same", name=f"block{block}_pool")(x)
    return add([x, residual])


def Xception(  # noqa: N802 (Keras' name)
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="xception",
):
    """Keras' ``Xception`` (299x299 by default, at least 71x71)."""
    app.check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, 299, 71, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    x = Conv2D(32, (3, 3), strides=(2, 2), use_bias=False, name="block1_conv1")(img_input)
    x = Activation("relu", name="block1_conv1_act")(_bn("block1_conv1_bn")(x))
    x = Conv2D(64, (3, 3), use_bias=False, name="block1_conv2")(x)
    x = Activation("relu", name="block1_conv2_act")(_bn("block1_conv2_bn")(x))
    # block 2: Keras names its first separable convolution's ReLU after the second
    residual = _bn()(Conv2D(128, (1, 1), strides=(2, 2), padding="same", use_bias=False)(x))
    x = SeparableConv2D(128, (3, 3), padding="same", use_bias=False, name="block2_sepconv1")(x)
    x = Activation("relu", name="block2_sepconv2_act")(_bn("block2_sepconv1_bn")(x))
    x = _sep(x, 128, "block2_sepconv2", act=False)
    x = MaxPooling2D((3, 3), strides=(2, 2), padding="same", name="block2_pool")(x)
    x = add([x, residual])
    x = _downsampling_block(x, (256, 256), 3)
    x = _downsampling_block(x, (728, 728), 4)
    for i in range(8):
        residual = x
        for k in (1, 2, 3):
            x = _sep(x, 728, f"block{i + 5}_sepconv{k}")
        x = add([x, residual])
    x = _downsampling_block(x, (728, 1024), 13)
    x = _sep(x, 1536, "block14_sepconv1", act=False)
    x = Activation("relu", name="block14_sepconv1_act")(x)
    x = _sep(x, 2048, "block14_sepconv2", act=False)
    x = Activation("relu", name="block14_sepconv2_act")(x)
    x = app.head(x, include_top, pooling, classes, classifier_activation, weights, "avg_pool")

    def imagenet_file():
        file_name = f"xception_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
        return file_name, f"{app.WEIGHTS_URL}xception/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def preprocess_input(x, data_format=None):
    """Xception's preprocessing: ``tf`` mode (pixels to [-1, 1])."""
    return _preprocess(x, data_format=data_format, mode="tf")
