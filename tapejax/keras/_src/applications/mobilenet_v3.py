"""MobileNetV3Small and MobileNetV3Large, as Keras 3 builds them: inverted residual blocks with
squeeze-and-excitation and hard-swish (or, ``minimalistic``, 3x3 kernels and ReLU only), with
the rescaling to [-1, 1] inside the model."""

from __future__ import annotations

import warnings

from ..backend.config import image_data_format
from ..layers import (
    Activation,
    Add,
    BatchNormalization,
    Conv2D,
    DepthwiseConv2D,
    Dropout,
    Flatten,
    GlobalAveragePooling2D,
    Multiply,
    ReLU,
    Rescaling,
    ZeroPadding2D,
)
from . import application as app
from .imagenet_utils import correct_pad
from .mobilenet import make_divisible


def relu(x):
    return ReLU()(x)


def hard_sigmoid(x):
    return ReLU(6.0)(x + 3.0) * (1.0 / 6.0)


def hard_swish(x):
    return Activation("hard_swish")(x)


def _bn(name):
    return BatchNormalization(axis=app.channel_axis(), epsilon=1e-3, momentum=0.999, name=name)


def _se_block(inputs, filters, se_ratio, prefix):
    x = GlobalAveragePooling2D(keepdims=True, name=f"{prefix}squeeze_excite_avg_pool")(inputs)
    x = Conv2D(
        make_divisible(filters * se_ratio), kernel_size=1, padding="same", name=f"{prefix}squeeze_excite_conv"
    )(x)
    x = ReLU(name=f"{prefix}squeeze_excite_relu")(x)
    x = Conv2D(filters, kernel_size=1, padding="same", name=f"{prefix}squeeze_excite_conv_1")(x)
    return Multiply(name=f"{prefix}squeeze_excite_mul")([inputs, hard_sigmoid(x)])


def _inverted_res_block(x, expansion, filters, kernel_size, stride, se_ratio, activation, block_id):
    shortcut = x
    prefix = "expanded_conv_"
    infilters = x.shape[app.channel_axis()]
    if block_id:
        prefix = f"expanded_conv_{block_id}_"
        x = Conv2D(
            make_divisible(infilters * expansion),
            kernel_size=1,
            padding="same",
            use_bias=False,
            name=f"{prefix}expand",
        )(x)
        x = activation(_bn(f"{prefix}expand_bn")(x))
    if stride == 2:
        x = ZeroPadding2D(padding=correct_pad(x, kernel_size), name=f"{prefix}depthwise_pad")(x)
    x = DepthwiseConv2D(
        kernel_size,
        strides=stride,
        padding="same" if stride == 1 else "valid",
        use_bias=False,
        name=f"{prefix}depthwise",
    )(x)
    x = activation(_bn(f"{prefix}depthwise_bn")(x))
    if se_ratio:
        x = _se_block(x, make_divisible(infilters * expansion), se_ratio, prefix)
    x = Conv2D(filters, kernel_size=1, padding="same", use_bias=False, name=f"{prefix}project")(x)
    x = _bn(f"{prefix}project_bn")(x)
    if stride == 1 and infilters == filters:
        x = Add(name=f"{prefix}add")([shortcut, x])
    return x


# (expansion, filters, kernel ("k": the model's), stride, squeeze-excite?, activation ("a": the model's))
_SMALL = [
    (1, 16, 3, 2, True, "relu"),
    (72.0 / 16, 24, 3, 2, False, "relu"),
    (88.0 / 24, 24, 3, 1, False, "relu"),
    (4, 40, "k", 2, True, "a"),
    (6, 40, "k", 1, True, "a"),
    (6, 40, "k", 1, True, "a"),
    (3, 48, "k", 1, True, "a"),
    (3, 48, "k", 1, True, "a"),
    (6, 96, "k", 2, True, "a"),
    (6, 96, "k", 1, True, "a"),
    (6, 96, "k", 1, True, "a"),
]
_LARGE = [
    (1, 16, 3, 1, False, "relu"),
    (4, 24, 3, 2, False, "relu"),
    (3, 24, 3, 1, False, "relu"),
    (3, 40, "k", 2, True, "relu"),
    (3, 40, "k", 1, True, "relu"),
    (3, 40, "k", 1, True, "relu"),
    (6, 80, 3, 2, False, "a"),
    (2.5, 80, 3, 1, False, "a"),
    (2.3, 80, 3, 1, False, "a"),
    (2.3, 80, 3, 1, False, "a"),
    (6, 112, 3, 1, True, "a"),
    (6, 112, 3, 1, True, "a"),
    (6, 160, "k", 2, True, "a"),
    (6, 160, "k", 1, True, "a"),
    (6, 160, "k", 1, True, "a"),
]


def check_imagenet(alpha, minimalistic, rows, cols) -> None:
    """The published ImageNet weights: alpha 0.75 or 1.0 (1.0 if minimalistic), 224x224."""
    if (not minimalistic and alpha not in [0.75, 1.0]) or (minimalistic and alpha != 1.0):
        raise ValueError(
            "If imagenet weights are being loaded, alpha can be one of `0.75`, `1.0` for non "
            "minimalistic or `1.0` for minimalistic only."
        )
    if rows != cols or rows != 224:
        warnings.warn(
            "`input_shape` is undefined or non-square, or `rows` is not 224. Weights for input "
            "shape (224, 224) will be loaded as the default.",
            stacklevel=3,
        )


def MobileNetV3(  # noqa: N802 (Keras' name)
    blocks,
    last_point_ch,
    input_shape=None,
    alpha=1.0,
    model_type="large",
    minimalistic=False,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    classes=1000,
    pooling=None,
    dropout_rate=0.2,
    classifier_activation="softmax",
    include_preprocessing=True,
    name=None,
):
    """The MobileNetV3 skeleton around ``blocks`` (rows of ``_SMALL`` or ``_LARGE``)."""
    app.check_weights(weights, include_top, classes)
    first = image_data_format() == "channels_first"
    if input_shape is None and input_tensor is not None and app.is_keras_tensor(input_tensor):
        rows, cols = input_tensor.shape[2:4] if first else input_tensor.shape[1:3]
        input_shape = (3, cols, rows) if first else (cols, rows, 3)
    if input_shape is None:
        input_shape = (3, None, None) if first else (None, None, 3)
    rows, cols = (input_shape[1], input_shape[2]) if first else (input_shape[0], input_shape[1])
    if rows and cols and (rows < 32 or cols < 32):
        raise ValueError(f"Input size must be at least 32x32; Received `input_shape={input_shape}`")
    if weights == "imagenet":
        check_imagenet(alpha, minimalistic, rows, cols)
    img_input = app.image_input(input_shape, input_tensor)
    kernel, activation, se_ratio = (3, relu, None) if minimalistic else (5, hard_swish, 0.25)
    x = img_input
    if include_preprocessing:
        x = Rescaling(scale=1.0 / 127.5, offset=-1.0)(x)
    x = Conv2D(16, kernel_size=3, strides=(2, 2), padding="same", use_bias=False, name="conv")(x)
    x = activation(_bn("conv_bn")(x))
    for block_id, (expansion, filters, k, stride, se, act) in enumerate(blocks):
        x = _inverted_res_block(
            x,
            expansion,
            make_divisible(filters * alpha),
            kernel if k == "k" else k,
            stride,
            se_ratio if se else None,
            relu if act == "relu" else activation,
            block_id,
        )
    last_conv_ch = make_divisible(x.shape[app.channel_axis()] * 6)
    if alpha > 1.0:
        last_point_ch = make_divisible(last_point_ch * alpha)
    x = Conv2D(last_conv_ch, kernel_size=1, padding="same", use_bias=False, name="conv_1")(x)
    x = activation(_bn("conv_1_bn")(x))
    if include_top:
        x = GlobalAveragePooling2D(keepdims=True)(x)
        x = activation(Conv2D(last_point_ch, kernel_size=1, padding="same", use_bias=True, name="conv_2")(x))
        if dropout_rate > 0:
            x = Dropout(dropout_rate)(x)
        x = Conv2D(classes, kernel_size=1, padding="same", name="logits")(x)
        x = Flatten()(x)
        app.validate_activation(classifier_activation, weights)
        x = Activation(activation=classifier_activation, name="predictions")(x)
    else:
        x = app.pool(x, pooling, "avg_pool", "max_pool")

    def imagenet_file():
        model_name = f"{model_type}{'_minimalistic' if minimalistic else ''}_224_{alpha}_float"
        file_name = f"weights_mobilenet_v3_{model_name}{'' if include_top else '_no_top_v2'}.h5"
        return file_name, f"{app.WEIGHTS_URL}mobilenet_v3/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def _variant(blocks, last_point_ch, model_type, default_name):
    def builder(
        input_shape=None,
        alpha=1.0,
        minimalistic=False,
        include_top=True,
        weights="imagenet",
        input_tensor=None,
        classes=1000,
        pooling=None,
        dropout_rate=0.2,
        classifier_activation="softmax",
        include_preprocessing=True,
        name=default_name,
    ):
        return MobileNetV3(
            blocks,
            last_point_ch,
            input_shape,
            alpha,
            model_type,
            minimalistic,
            include_top,
            weights,
            input_tensor,
            classes,
            pooling,
            dropout_rate,
            classifier_activation,
            include_preprocessing,
            name=name,
        )

    builder.__name__ = builder.__qualname__ = default_name
    builder.__doc__ = f"Keras' ``{default_name}`` (``minimalistic``: 3x3 kernels, ReLU, no squeeze-excite)."
    return builder


MobileNetV3Small = _variant(_SMALL, 1024, "small", "MobileNetV3Small")
MobileNetV3Large = _variant(_LARGE, 1280, "large", "MobileNetV3Large")


def preprocess_input(x, data_format=None):
    """A no-op: MobileNetV3 rescales its input inside the model."""
    return x
