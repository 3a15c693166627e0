"""EfficientNetB0-B7, as Keras 3 builds them: MBConv blocks (expansion, depthwise convolution,
squeeze-and-excitation, projection) scaled in width and depth by each variant's coefficients,
with the rescaling and normalization of the input inside the model."""

from __future__ import annotations

import copy
import math

from ..backend.config import image_data_format
from ..layers import (
    Activation,
    BatchNormalization,
    Conv2D,
    Dense,
    DepthwiseConv2D,
    Dropout,
    GlobalAveragePooling2D,
    Normalization,
    Rescaling,
    Reshape,
    ZeroPadding2D,
    add,
    multiply,
)
from . import application as app
from .imagenet_utils import correct_pad, obtain_input_shape


def _args(kernel_size, repeats, filters_in, filters_out, expand_ratio, strides):
    return {
        "kernel_size": kernel_size,
        "repeats": repeats,
        "filters_in": filters_in,
        "filters_out": filters_out,
        "expand_ratio": expand_ratio,
        "id_skip": True,
        "strides": strides,
        "se_ratio": 0.25,
    }


DEFAULT_BLOCKS_ARGS = [
    _args(3, 1, 32, 16, 1, 1),
    _args(3, 2, 16, 24, 6, 2),
    _args(5, 2, 24, 40, 6, 2),
    _args(3, 3, 40, 80, 6, 2),
    _args(5, 3, 80, 112, 6, 1),
    _args(5, 4, 112, 192, 6, 2),
    _args(3, 1, 192, 320, 6, 1),
]

CONV_KERNEL_INITIALIZER = {
    "class_name": "VarianceScaling",
    "config": {"scale": 2.0, "mode": "fan_out", "distribution": "truncated_normal"},
}
DENSE_KERNEL_INITIALIZER = {
    "class_name": "VarianceScaling",
    "config": {"scale": 1.0 / 3.0, "mode": "fan_out", "distribution": "uniform"},
}
IMAGENET_STDDEV_RGB = [0.229, 0.224, 0.225]


def squeeze_excite(x, filters, filters_in, se_ratio, activation, name):
    """Squeeze-and-excitation: the channels rescaled by a gate computed from their means."""
    se = GlobalAveragePooling2D(name=f"{name}se_squeeze")(x)
    se_shape = (filters, 1, 1) if app.channel_axis() == 1 else (1, 1, filters)
    se = Reshape(se_shape, name=f"{name}se_reshape")(se)
    se = Conv2D(
        max(1, int(filters_in * se_ratio)),
        1,
        padding="same",
        activation=activation,
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name=f"{name}se_reduce",
    )(se)
    se = Conv2D(
        filters,
        1,
        padding="same",
        activation="sigmoid",
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name=f"{name}se_expand",
    )(se)
    return multiply([x, se], name=f"{name}se_excite")


def block(
    inputs,
    activation="swish",
    drop_rate=0.0,
    name="",
    filters_in=32,
    filters_out=16,
    kernel_size=3,
    strides=1,
    expand_ratio=1,
    se_ratio=0.0,
    id_skip=True,
):
    """One MBConv block of EfficientNet."""
    axis = app.channel_axis()
    filters = filters_in * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = Conv2D(
            filters,
            1,
            padding="same",
            use_bias=False,
            kernel_initializer=CONV_KERNEL_INITIALIZER,
            name=f"{name}expand_conv",
        )(x)
        x = BatchNormalization(axis=axis, name=f"{name}expand_bn")(x)
        x = Activation(activation, name=f"{name}expand_activation")(x)
    if strides == 2:
        x = ZeroPadding2D(padding=correct_pad(x, kernel_size), name=f"{name}dwconv_pad")(x)
    x = DepthwiseConv2D(
        kernel_size,
        strides=strides,
        padding="valid" if strides == 2 else "same",
        use_bias=False,
        depthwise_initializer=CONV_KERNEL_INITIALIZER,
        name=f"{name}dwconv",
    )(x)
    x = Activation(activation, name=f"{name}activation")(BatchNormalization(axis=axis, name=f"{name}bn")(x))
    if 0 < se_ratio <= 1:
        x = squeeze_excite(x, filters, filters_in, se_ratio, activation, name)
    x = Conv2D(
        filters_out,
        1,
        padding="same",
        use_bias=False,
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name=f"{name}project_conv",
    )(x)
    x = BatchNormalization(axis=axis, name=f"{name}project_bn")(x)
    if id_skip and strides == 1 and filters_in == filters_out:
        if drop_rate > 0:
            x = Dropout(drop_rate, noise_shape=(None, 1, 1, 1), name=f"{name}drop")(x)
        x = add([x, inputs], name=f"{name}add")
    return x


def EfficientNet(  # noqa: N802 (Keras' name)
    width_coefficient,
    depth_coefficient,
    default_size,
    dropout_rate=0.2,
    drop_connect_rate=0.2,
    depth_divisor=8,
    activation="swish",
    blocks_args="default",
    name="efficientnet",
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    weights_name=None,
):
    """The EfficientNet skeleton, scaled by ``width_coefficient`` and ``depth_coefficient``."""
    blocks_args = DEFAULT_BLOCKS_ARGS if blocks_args == "default" else blocks_args
    app.check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, default_size, 32, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    axis = app.channel_axis()

    def round_filters(filters, divisor=depth_divisor):
        filters *= width_coefficient
        new_filters = max(divisor, int(filters + divisor / 2) // divisor * divisor)
        return int(new_filters + divisor if new_filters < 0.9 * filters else new_filters)

    def round_repeats(repeats):
        return int(math.ceil(depth_coefficient * repeats))

    x = Rescaling(1.0 / 255.0)(img_input)
    x = Normalization(axis=axis)(x)
    if weights == "imagenet":
        x = Rescaling([1.0 / math.sqrt(stddev) for stddev in IMAGENET_STDDEV_RGB])(x)
    x = ZeroPadding2D(padding=correct_pad(x, 3), name="stem_conv_pad")(x)
    x = Conv2D(
        round_filters(32),
        3,
        strides=2,
        padding="valid",
        use_bias=False,
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name="stem_conv",
    )(x)
    x = Activation(activation, name="stem_activation")(BatchNormalization(axis=axis, name="stem_bn")(x))
    blocks_args = copy.deepcopy(blocks_args)
    b = 0
    blocks = float(sum(round_repeats(args["repeats"]) for args in blocks_args))
    for i, args in enumerate(blocks_args):
        if args["repeats"] <= 0:
            raise ValueError(
                f"The number of repeats in `EfficientNet` must be > 0. Received: repeats={args['repeats']}"
            )
        args["filters_in"] = round_filters(args["filters_in"])
        args["filters_out"] = round_filters(args["filters_out"])
        for j in range(round_repeats(args.pop("repeats"))):
            if j > 0:
                args["strides"] = 1
                args["filters_in"] = args["filters_out"]
            x = block(
                x, activation, drop_connect_rate * b / blocks, name=f"block{i + 1}{chr(j + 97)}_", **args
            )
            b += 1
    x = Conv2D(
        round_filters(1280),
        1,
        padding="same",
        use_bias=False,
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        name="top_conv",
    )(x)
    x = Activation(activation, name="top_activation")(BatchNormalization(axis=axis, name="top_bn")(x))
    if include_top:
        x = GlobalAveragePooling2D(name="avg_pool")(x)
        if dropout_rate > 0:
            x = Dropout(dropout_rate, name="top_dropout")(x)
        app.validate_activation(classifier_activation, weights)
        x = Dense(
            classes,
            activation=classifier_activation,
            kernel_initializer=DENSE_KERNEL_INITIALIZER,
            name="predictions",
        )(x)
    else:
        x = app.pool(x, pooling, "avg_pool", "max_pool")

    def imagenet_file():
        file_name = name + (".h5" if include_top else "_notop.h5")
        return file_name, f"https://storage.googleapis.com/keras-applications/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


# (width, depth, default size, dropout) of B0-B7
_VARIANTS = {
    "b0": (1.0, 1.0, 224, 0.2),
    "b1": (1.0, 1.1, 240, 0.2),
    "b2": (1.1, 1.2, 260, 0.3),
    "b3": (1.2, 1.4, 300, 0.3),
    "b4": (1.4, 1.8, 380, 0.4),
    "b5": (1.6, 2.2, 456, 0.4),
    "b6": (1.8, 2.6, 528, 0.5),
    "b7": (2.0, 3.1, 600, 0.5),
}


def _variant(key):
    width, depth, size, dropout = _VARIANTS[key]

    def builder(
        include_top=True,
        weights="imagenet",
        input_tensor=None,
        input_shape=None,
        pooling=None,
        classes=1000,
        classifier_activation="softmax",
        name=f"efficientnet{key}",
    ):
        return EfficientNet(
            width,
            depth,
            size,
            dropout,
            name=name,
            include_top=include_top,
            weights=weights,
            input_tensor=input_tensor,
            input_shape=input_shape,
            pooling=pooling,
            classes=classes,
            classifier_activation=classifier_activation,
            weights_name=key,
        )

    builder.__name__ = builder.__qualname__ = f"EfficientNet{key.upper()}"
    builder.__doc__ = (
        f"Keras' ``{builder.__name__}``: width x{width}, depth x{depth}, {size}x{size} by default."
    )
    return builder


EfficientNetB0 = _variant("b0")
EfficientNetB1 = _variant("b1")
EfficientNetB2 = _variant("b2")
EfficientNetB3 = _variant("b3")
EfficientNetB4 = _variant("b4")
EfficientNetB5 = _variant("b5")
EfficientNetB6 = _variant("b6")
EfficientNetB7 = _variant("b7")


def preprocess_input(x, data_format=None):
    """A no-op: EfficientNet rescales and normalizes its input inside the model."""
    return x
