"""InceptionResNetV2, as Keras 3 builds it: Inception branches whose concatenation, projected by a
1x1 convolution and scaled, is added back to the block's input (``CustomScaleLayer``)."""

from __future__ import annotations

from ..backend.config import image_data_format
from ..layers import (
    Activation,
    AveragePooling2D,
    BatchNormalization,
    Concatenate,
    Conv2D,
    MaxPooling2D,
)
from ..layers.layer import Layer
from . import application as app
from .imagenet_utils import obtain_input_shape
from .imagenet_utils import preprocess_input as _preprocess


class CustomScaleLayer(Layer):
    """``inputs[0] + inputs[1] * scale``: the scaled residual of an Inception-ResNet block."""

    _keras_module = "keras.src.applications.inception_resnet_v2"

    def __init__(self, scale, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def get_config(self):
        return {**super().get_config(), "scale": self.scale}

    def call(self, inputs):
        return inputs[0] + inputs[1] * self.scale


def conv2d_bn(
    x, filters, kernel_size, strides=1, padding="same", activation="relu", use_bias=False, name=None
):
    """Convolution, batch normalization without scale (when there is no bias), activation."""
    x = Conv2D(filters, kernel_size, strides=strides, padding=padding, use_bias=use_bias, name=name)(x)
    if not use_bias:
        x = BatchNormalization(
            axis=app.channel_axis(), scale=False, name=None if name is None else f"{name}_bn"
        )(x)
    if activation is not None:
        x = Activation(activation, name=None if name is None else f"{name}_ac")(x)
    return x


def _chain(x, *convs):
    for filters, kernel_size in convs:
        x = conv2d_bn(x, filters, kernel_size)
    return x


def inception_resnet_block(x, scale, block_type, block_idx, activation="relu"):
    """One ``block35``, ``block17`` or ``block8`` residual Inception block."""
    if block_type == "block35":
        branches = [conv2d_bn(x, 32, 1), _chain(x, (32, 1), (32, 3)), _chain(x, (32, 1), (48, 3), (64, 3))]
    elif block_type == "block17":
        branches = [conv2d_bn(x, 192, 1), _chain(x, (128, 1), (160, [1, 7]), (192, [7, 1]))]
    elif block_type == "block8":
        branches = [conv2d_bn(x, 192, 1), _chain(x, (192, 1), (224, [1, 3]), (256, [3, 1]))]
    else:
        raise ValueError(
            'Unknown Inception-ResNet block type. Expects "block35", "block17" or "block8", but got: '
            f"{block_type}"
        )
    block_name = f"{block_type}_{block_idx}"
    axis = app.channel_axis()
    mixed = Concatenate(axis=axis, name=f"{block_name}_mixed")(branches)
    up = conv2d_bn(mixed, x.shape[axis], 1, activation=None, use_bias=True, name=f"{block_name}_conv")
    x = CustomScaleLayer(scale)([x, up])
    if activation is not None:
        x = Activation(activation, name=f"{block_name}_ac")(x)
    return x


def InceptionResNetV2(  # noqa: N802 (Keras' name)
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="inception_resnet_v2",
):
    """Keras' ``InceptionResNetV2`` (299x299 by default, at least 75x75)."""
    app.check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, 299, 75, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    axis = app.channel_axis()
    x = conv2d_bn(img_input, 32, 3, strides=2, padding="valid")
    x = conv2d_bn(x, 32, 3, padding="valid")
    x = conv2d_bn(x, 64, 3)
    x = MaxPooling2D(3, strides=2)(x)
    x = conv2d_bn(x, 80, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, padding="valid")
    x = MaxPooling2D(3, strides=2)(x)
    branches = [  # mixed 5b (Inception-A)
        conv2d_bn(x, 96, 1),
        _chain(x, (48, 1), (64, 5)),
        _chain(x, (64, 1), (96, 3), (96, 3)),
        conv2d_bn(AveragePooling2D(3, strides=1, padding="same")(x), 64, 1),
    ]
    x = Concatenate(axis=axis, name="mixed_5b")(branches)
    for block_idx in range(1, 11):
        x = inception_resnet_block(x, scale=0.17, block_type="block35", block_idx=block_idx)
    branches = [  # mixed 6a (Reduction-A)
        conv2d_bn(x, 384, 3, strides=2, padding="valid"),
        conv2d_bn(_chain(x, (256, 1), (256, 3)), 384, 3, strides=2, padding="valid"),
        MaxPooling2D(3, strides=2, padding="valid")(x),
    ]
    x = Concatenate(axis=axis, name="mixed_6a")(branches)
    for block_idx in range(1, 21):
        x = inception_resnet_block(x, scale=0.1, block_type="block17", block_idx=block_idx)
    branches = [  # mixed 7a (Reduction-B)
        conv2d_bn(conv2d_bn(x, 256, 1), 384, 3, strides=2, padding="valid"),
        conv2d_bn(conv2d_bn(x, 256, 1), 288, 3, strides=2, padding="valid"),
        conv2d_bn(_chain(x, (256, 1), (288, 3)), 320, 3, strides=2, padding="valid"),
        MaxPooling2D(3, strides=2, padding="valid")(x),
    ]
    x = Concatenate(axis=axis, name="mixed_7a")(branches)
    for block_idx in range(1, 10):
        x = inception_resnet_block(x, scale=0.2, block_type="block8", block_idx=block_idx)
    x = inception_resnet_block(x, scale=1.0, activation=None, block_type="block8", block_idx=10)
    x = conv2d_bn(x, 1536, 1, name="conv_7b")
    x = app.head(x, include_top, pooling, classes, classifier_activation, weights, "avg_pool")

    def imagenet_file():
        file_name = (
            f"inception_resnet_v2_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
        )
        return file_name, f"{app.WEIGHTS_URL}inception_resnet_v2/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def preprocess_input(x, data_format=None):
    """Inception-ResNet's preprocessing: ``tf`` mode (pixels to [-1, 1])."""
    return _preprocess(x, data_format=data_format, mode="tf")
