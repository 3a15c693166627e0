"""EfficientNetV2 (B0-B3, S, M, L), as Keras 3 builds them: Fused-MBConv blocks (one full
convolution) in the early stages, MBConv blocks with squeeze-and-excitation later, and the
input's rescaling (and, for B0-B3, ImageNet normalization) inside the model."""

from __future__ import annotations

import copy
import math

from ..backend.config import image_data_format
from ..initializers.constant_initializers import Constant
from ..layers import (
    Activation,
    BatchNormalization,
    Conv2D,
    Dense,
    DepthwiseConv2D,
    Dropout,
    Normalization,
    Rescaling,
    add,
)
from . import application as app
from .efficientnet import CONV_KERNEL_INITIALIZER, DENSE_KERNEL_INITIALIZER, squeeze_excite
from .imagenet_utils import obtain_input_shape


def _stages(*rows):
    """Stage rows ``(kernel, repeats, in, out, expand, se ratio, strides, conv type)`` as Keras'
    block arguments (conv type 1: Fused-MBConv, 0: MBConv)."""
    keys = (
        "kernel_size",
        "num_repeat",
        "input_filters",
        "output_filters",
        "expand_ratio",
        "se_ratio",
        "strides",
        "conv_type",
    )
    return [dict(zip(keys, row, strict=True)) for row in rows]


_B = _stages(
    (3, 1, 32, 16, 1, 0, 1, 1),
    (3, 2, 16, 32, 4, 0, 2, 1),
    (3, 2, 32, 48, 4, 0, 2, 1),
    (3, 3, 48, 96, 4, 0.25, 2, 0),
    (3, 5, 96, 112, 6, 0.25, 1, 0),
    (3, 8, 112, 192, 6, 0.25, 2, 0),
)
DEFAULT_BLOCKS_ARGS = {
    "efficientnetv2-s": _stages(
        (3, 2, 24, 24, 1, 0.0, 1, 1),
        (3, 4, 24, 48, 4, 0.0, 2, 1),
        (3, 4, 48, 64, 4, 0, 2, 1),
        (3, 6, 64, 128, 4, 0.25, 2, 0),
        (3, 9, 128, 160, 6, 0.25, 1, 0),
        (3, 15, 160, 256, 6, 0.25, 2, 0),
    ),
    "efficientnetv2-m": _stages(
        (3, 3, 24, 24, 1, 0, 1, 1),
        (3, 5, 24, 48, 4, 0, 2, 1),
        (3, 5, 48, 80, 4, 0, 2, 1),
        (3, 7, 80, 160, 4, 0.25, 2, 0),
        (3, 14, 160, 176, 6, 0.25, 1, 0),
        (3, 18, 176, 304, 6, 0.25, 2, 0),
        (3, 5, 304, 512, 6, 0.25, 1, 0),
    ),
    "efficientnetv2-l": _stages(
        (3, 4, 32, 32, 1, 0, 1, 1),
        (3, 7, 32, 64, 4, 0, 2, 1),
        (3, 7, 64, 96, 4, 0, 2, 1),
        (3, 10, 96, 192, 4, 0.25, 2, 0),
        (3, 19, 192, 224, 6, 0.25, 1, 0),
        (3, 25, 224, 384, 6, 0.25, 2, 0),
        (3, 7, 384, 640, 6, 0.25, 1, 0),
    ),
    "efficientnetv2-b0": _B,
    "efficientnetv2-b1": _B,
    "efficientnetv2-b2": _B,
    "efficientnetv2-b3": _B,
}


def round_filters(filters, width_coefficient, min_depth, depth_divisor):
    filters *= width_coefficient
    minimum_depth = min_depth or depth_divisor
    return int(max(minimum_depth, int(filters + depth_divisor / 2) // depth_divisor * depth_divisor))


def round_repeats(repeats, depth_coefficient):
    return int(math.ceil(depth_coefficient * repeats))


def _conv(filters, kernel_size, strides, name):
    return Conv2D(
        filters,
        kernel_size=kernel_size,
        strides=strides,
        kernel_initializer=CONV_KERNEL_INITIALIZER,
        padding="same",
        use_bias=False,
        name=name,
    )


def _residual(x, inputs, input_filters, output_filters, strides, survival_probability, name):
    if strides == 1 and input_filters == output_filters:
        if survival_probability:
            x = Dropout(survival_probability, noise_shape=(None, 1, 1, 1), name=f"{name}drop")(x)
        x = add([x, inputs], name=f"{name}add")
    return x


def MBConvBlock(  # noqa: N802 (Keras' name)
    input_filters,
    output_filters,
    expand_ratio=1,
    kernel_size=3,
    strides=1,
    se_ratio=0.0,
    bn_momentum=0.9,
    activation="swish",
    survival_probability=0.8,
    name=None,
):
    """An MBConv block: 1x1 expansion, depthwise convolution, squeeze-excite, 1x1 projection."""

    def apply(inputs):
        axis = app.channel_axis()
        filters = input_filters * expand_ratio
        x = inputs
        if expand_ratio != 1:
            x = _conv(filters, 1, 1, f"{name}expand_conv")(x)
            x = BatchNormalization(axis=axis, momentum=bn_momentum, name=f"{name}expand_bn")(x)
            x = Activation(activation, name=f"{name}expand_activation")(x)
        x = DepthwiseConv2D(
            kernel_size=kernel_size,
            strides=strides,
            depthwise_initializer=CONV_KERNEL_INITIALIZER,
            padding="same",
            use_bias=False,
            name=f"{name}dwconv2",
        )(x)
        x = BatchNormalization(axis=axis, momentum=bn_momentum, name=f"{name}bn")(x)
        x = Activation(activation, name=f"{name}activation")(x)
        if 0 < se_ratio <= 1:
            x = squeeze_excite(x, filters, input_filters, se_ratio, activation, name)
        x = _conv(output_filters, 1, 1, f"{name}project_conv")(x)
        x = BatchNormalization(axis=axis, momentum=bn_momentum, name=f"{name}project_bn")(x)
        return _residual(x, inputs, input_filters, output_filters, strides, survival_probability, name)

    return apply


def FusedMBConvBlock(  # noqa: N802 (Keras' name)
    input_filters,
    output_filters,
    expand_ratio=1,
    kernel_size=3,
    strides=1,
    se_ratio=0.0,
    bn_momentum=0.9,
    activation="swish",
    survival_probability=0.8,
    name=None,
):
    """A Fused-MBConv block: one full expansion convolution, squeeze-excite, 1x1 projection."""

    def apply(inputs):
        axis = app.channel_axis()
        filters = input_filters * expand_ratio
        x = inputs
        if expand_ratio != 1:
            x = _conv(filters, kernel_size, strides, f"{name}expand_conv")(x)
            x = BatchNormalization(axis=axis, momentum=bn_momentum, name=f"{name}expand_bn")(x)
            x = Activation(activation=activation, name=f"{name}expand_activation")(x)
        if 0 < se_ratio <= 1:
            x = squeeze_excite(x, filters, input_filters, se_ratio, activation, name)
        fused = expand_ratio == 1
        x = _conv(
            output_filters, kernel_size if fused else 1, strides if fused else 1, f"{name}project_conv"
        )(x)
        x = BatchNormalization(axis=axis, momentum=bn_momentum, name=f"{name}project_bn")(x)
        if fused:
            x = Activation(activation=activation, name=f"{name}project_activation")(x)
        return _residual(x, inputs, input_filters, output_filters, strides, survival_probability, name)

    return apply


def EfficientNetV2(  # noqa: N802 (Keras' name)
    width_coefficient,
    depth_coefficient,
    default_size,
    dropout_rate=0.2,
    drop_connect_rate=0.2,
    depth_divisor=8,
    min_depth=8,
    bn_momentum=0.9,
    activation="swish",
    blocks_args="default",
    name="efficientnetv2",
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    include_preprocessing=True,
    weights_name=None,
):
    """The EfficientNetV2 skeleton over ``blocks_args`` (by default, ``name``'s stages)."""
    blocks_args = DEFAULT_BLOCKS_ARGS[name] if blocks_args == "default" else blocks_args
    app.check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, default_size, 32, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    axis = app.channel_axis()
    x = img_input
    if include_preprocessing:
        if name.split("-")[-1].startswith("b") and input_shape[axis - 1] == 3:
            x = Rescaling(scale=1.0 / 255)(x)
            x = Normalization(mean=[0.485, 0.456, 0.406], variance=[0.229**2, 0.224**2, 0.225**2], axis=axis)(
                x
            )
        else:
            x = Rescaling(scale=1.0 / 128.0, offset=-1)(x)

    def rounded(filters):
        return round_filters(filters, width_coefficient, min_depth, depth_divisor)

    x = _conv(rounded(blocks_args[0]["input_filters"]), 3, 2, "stem_conv")(x)
    x = BatchNormalization(axis=axis, momentum=bn_momentum, name="stem_bn")(x)
    x = Activation(activation, name="stem_activation")(x)
    blocks_args = copy.deepcopy(blocks_args)
    b = 0
    blocks = float(sum(args["num_repeat"] for args in blocks_args))
    for i, args in enumerate(blocks_args):
        if args["num_repeat"] <= 0:
            raise ValueError(
                f"The number of repeats in `EfficientNetV2` must be > 0. Received: num_repeat={args['num_repeat']}"
            )
        args["input_filters"] = rounded(args["input_filters"])
        args["output_filters"] = rounded(args["output_filters"])
        make_block = (MBConvBlock, FusedMBConvBlock)[args.pop("conv_type")]
        for j in range(round_repeats(args.pop("num_repeat"), depth_coefficient)):
            if j > 0:
                args["strides"] = 1
                args["input_filters"] = args["output_filters"]
            x = make_block(
                activation=activation,
                bn_momentum=bn_momentum,
                survival_probability=drop_connect_rate * b / blocks,
                name=f"block{i + 1}{chr(j + 97)}_",
                **args,
            )(x)
            b += 1
    x = _conv(rounded(1280), 1, 1, "top_conv")(x)
    x = BatchNormalization(axis=axis, momentum=bn_momentum, name="top_bn")(x)
    x = Activation(activation=activation, name="top_activation")(x)
    if include_top:
        x = app.pool(x, "avg", "avg_pool")
        if dropout_rate > 0:
            x = Dropout(dropout_rate, name="top_dropout")(x)
        app.validate_activation(classifier_activation, weights)
        x = Dense(
            classes,
            activation=classifier_activation,
            kernel_initializer=DENSE_KERNEL_INITIALIZER,
            bias_initializer=Constant(0.0),
            name="predictions",
        )(x)
    else:
        x = app.pool(x, pooling, "avg_pool", "max_pool")

    def imagenet_file():
        file_name = name + (".h5" if include_top else "_notop.h5")
        return file_name, f"{app.WEIGHTS_URL}efficientnet_v2/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


# (width, depth, default size) per variant
_VARIANTS = {
    "b0": (1.0, 1.0, 224),
    "b1": (1.0, 1.1, 240),
    "b2": (1.1, 1.2, 260),
    "b3": (1.2, 1.4, 300),
    "s": (1.0, 1.0, 384),
    "m": (1.0, 1.0, 480),
    "l": (1.0, 1.0, 480),
}


def _variant(key):
    width, depth, size = _VARIANTS[key]

    def builder(
        include_top=True,
        weights="imagenet",
        input_tensor=None,
        input_shape=None,
        pooling=None,
        classes=1000,
        classifier_activation="softmax",
        include_preprocessing=True,
        name=f"efficientnetv2-{key}",
    ):
        return EfficientNetV2(
            width,
            depth,
            size,
            name=name,
            include_top=include_top,
            weights=weights,
            input_tensor=input_tensor,
            input_shape=input_shape,
            pooling=pooling,
            classes=classes,
            classifier_activation=classifier_activation,
            include_preprocessing=include_preprocessing,
            weights_name=key,
        )

    builder.__name__ = builder.__qualname__ = f"EfficientNetV2{key.upper()}"
    builder.__doc__ = f"Keras' ``{builder.__name__}`` ({size}x{size} by default)."
    return builder


EfficientNetV2B0 = _variant("b0")
EfficientNetV2B1 = _variant("b1")
EfficientNetV2B2 = _variant("b2")
EfficientNetV2B3 = _variant("b3")
EfficientNetV2S = _variant("s")
EfficientNetV2M = _variant("m")
EfficientNetV2L = _variant("l")


def preprocess_input(x, data_format=None):
    """A no-op: EfficientNetV2 rescales its input inside the model."""
    return x
