"""MobileNet (v1) and MobileNetV2, as Keras 3 builds them: depthwise-separable blocks (v1) and
inverted residual blocks (v2), scaled in width by ``alpha``."""

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
    GlobalAveragePooling2D,
    ReLU,
    Reshape,
    ZeroPadding2D,
)
from . import application as app
from .imagenet_utils import correct_pad, obtain_input_shape
from .imagenet_utils import preprocess_input as _preprocess


def make_divisible(v, divisor=8, min_value=None):
    """``v`` rounded to a multiple of ``divisor``, never more than 10% below it."""
    min_value = divisor if min_value is None else min_value
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    return new_v + divisor if new_v < 0.9 * v else new_v


def _rows_cols(shape):
    return (shape[1], shape[2]) if image_data_format() == "channels_first" else (shape[0], shape[1])


def _default_size(input_shape, sizes):
    """224, or the input's side when it is square and one of the published ``sizes``."""
    if input_shape is None:
        return 224
    rows, cols = _rows_cols(input_shape)
    return rows if rows == cols and rows in sizes else 224


def _imagenet_rows(rows, cols, sizes):
    if rows != cols or rows not in sizes:
        warnings.warn(
            f"`input_shape` is undefined or non-square, or `rows` is not in {sizes}. Weights for "
            "input shape (224, 224) will be loaded as the default.",
            stacklevel=3,
        )
        return 224
    return rows


def _conv_block(x, filters, alpha, strides=(2, 2)):
    x = Conv2D(int(filters * alpha), (3, 3), padding="same", use_bias=False, strides=strides, name="conv1")(x)
    x = BatchNormalization(axis=app.channel_axis(), name="conv1_bn")(x)
    return ReLU(6.0, name="conv1_relu")(x)


def _separable_block(x, filters, alpha, depth_multiplier, strides=(1, 1), block_id=1):
    axis = app.channel_axis()
    if strides != (1, 1):
        x = ZeroPadding2D(((0, 1), (0, 1)), name=f"conv_pad_{block_id}")(x)
    x = DepthwiseConv2D(
        (3, 3),
        padding="same" if strides == (1, 1) else "valid",
        depth_multiplier=depth_multiplier,
        strides=strides,
        use_bias=False,
        name=f"conv_dw_{block_id}",
    )(x)
    x = ReLU(6.0, name=f"conv_dw_{block_id}_relu")(
        BatchNormalization(axis=axis, name=f"conv_dw_{block_id}_bn")(x)
    )
    x = Conv2D(int(filters * alpha), (1, 1), padding="same", use_bias=False, name=f"conv_pw_{block_id}")(x)
    return ReLU(6.0, name=f"conv_pw_{block_id}_relu")(
        BatchNormalization(axis=axis, name=f"conv_pw_{block_id}_bn")(x)
    )


# (pointwise filters, strides) of MobileNet's 13 separable blocks
_V1_BLOCKS = (
    [(64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2)] + [(512, 1)] * 5 + [(1024, 2), (1024, 1)]
)


def MobileNet(  # noqa: N802 (Keras' name)
    input_shape=None,
    alpha=1.0,
    depth_multiplier=1,
    dropout=1e-3,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name=None,
):
    """Keras' ``MobileNet``: a strided stem and 13 depthwise-separable blocks."""
    app.check_weights(weights, include_top, classes)
    sizes = [128, 160, 192, 224]
    input_shape = obtain_input_shape(
        input_shape, _default_size(input_shape, sizes), 32, image_data_format(), include_top, weights
    )
    rows, cols = _rows_cols(input_shape)
    if weights == "imagenet":
        if depth_multiplier != 1:
            raise ValueError(
                "If imagenet weights are being loaded, depth multiplier must be 1.  "
                f"Received depth_multiplier={depth_multiplier}"
            )
        if alpha not in [0.25, 0.5, 0.75, 1.0]:
            raise ValueError(
                "If imagenet weights are being loaded, alpha can be one of`0.25`, `0.50`, `0.75` "
                f"or `1.0` only.  Received alpha={alpha}"
            )
        rows = _imagenet_rows(rows, cols, sizes)
    img_input = app.image_input(input_shape, input_tensor)
    x = _conv_block(img_input, 32, alpha)
    for block_id, (filters, stride) in enumerate(_V1_BLOCKS, 1):
        x = _separable_block(x, filters, alpha, depth_multiplier, (stride, stride), block_id)
    if include_top:
        x = GlobalAveragePooling2D(keepdims=True)(x)
        x = Dropout(dropout, name="dropout")(x)
        x = Conv2D(classes, (1, 1), padding="same", name="conv_preds")(x)
        x = Reshape((classes,), name="reshape_2")(x)
        app.validate_activation(classifier_activation, weights)
        x = Activation(activation=classifier_activation, name="predictions")(x)
    else:
        x = app.pool(x, pooling)
    if name is None:
        name = f"mobilenet_{alpha:0.2f}_{rows}"

    def imagenet_file():
        alpha_text = {1.0: "1_0", 0.75: "7_5", 0.5: "5_0"}.get(alpha, "2_5")
        file_name = f"mobilenet_{alpha_text}_{rows}_tf{'' if include_top else '_no_top'}.h5"
        return file_name, f"{app.WEIGHTS_URL}mobilenet/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def _inverted_res_block(inputs, expansion, stride, alpha, filters, block_id):
    axis = app.channel_axis()
    in_channels = inputs.shape[axis]
    pointwise_filters = make_divisible(int(filters * alpha), 8)
    x = inputs
    prefix = f"block_{block_id}_"

    def bn(name):
        return BatchNormalization(axis=axis, epsilon=1e-3, momentum=0.999, name=name)

    if block_id:
        x = Conv2D(
            expansion * in_channels, kernel_size=1, padding="same", use_bias=False, name=f"{prefix}expand"
        )(x)
        x = ReLU(6.0, name=f"{prefix}expand_relu")(bn(f"{prefix}expand_BN")(x))
    else:
        prefix = "expanded_conv_"
    if stride == 2:
        x = ZeroPadding2D(padding=correct_pad(x, 3), name=f"{prefix}pad")(x)
    x = DepthwiseConv2D(
        kernel_size=3,
        strides=stride,
        use_bias=False,
        padding="same" if stride == 1 else "valid",
        name=f"{prefix}depthwise",
    )(x)
    x = ReLU(6.0, name=f"{prefix}depthwise_relu")(bn(f"{prefix}depthwise_BN")(x))
    x = Conv2D(pointwise_filters, kernel_size=1, padding="same", use_bias=False, name=f"{prefix}project")(x)
    x = bn(f"{prefix}project_BN")(x)
    if in_channels == pointwise_filters and stride == 1:
        return Add(name=f"{prefix}add")([inputs, x])
    return x


# (filters, stride, expansion) of MobileNetV2's 17 inverted residual blocks
_V2_BLOCKS = (
    [(16, 1, 1), (24, 2, 6), (24, 1, 6), (32, 2, 6), (32, 1, 6), (32, 1, 6), (64, 2, 6)]
    + [(64, 1, 6)] * 3
    + [(96, 1, 6)] * 3
    + [(160, 2, 6), (160, 1, 6), (160, 1, 6), (320, 1, 6)]
)


def MobileNetV2(  # noqa: N802 (Keras' name)
    input_shape=None,
    alpha=1.0,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name=None,
):
    """Keras' ``MobileNetV2``: a strided stem and 17 inverted residual blocks."""
    app.check_weights(weights, include_top, classes)
    sizes = [96, 128, 160, 192, 224]
    shape_for_size = input_shape
    if input_shape is None and input_tensor is not None and app.is_keras_tensor(input_tensor):
        shape_for_size = tuple(input_tensor.shape[1:])
    input_shape = obtain_input_shape(
        input_shape, _default_size(shape_for_size, sizes), 32, image_data_format(), include_top, weights
    )
    rows, cols = _rows_cols(input_shape)
    if weights == "imagenet":
        if alpha not in [0.35, 0.5, 0.75, 1.0, 1.3, 1.4]:
            raise ValueError(
                "If imagenet weights are being loaded, alpha must be one of `0.35`, `0.50`, "
                f"`0.75`, `1.0`, `1.3` or `1.4` only; Received `alpha={alpha}`"
            )
        rows = _imagenet_rows(rows, cols, sizes)
    img_input = app.image_input(input_shape, input_tensor)
    axis = app.channel_axis()
    x = Conv2D(
        make_divisible(32 * alpha, 8),
        kernel_size=3,
        strides=(2, 2),
        padding="same",
        use_bias=False,
        name="Conv1",
    )(img_input)
    x = BatchNormalization(axis=axis, epsilon=1e-3, momentum=0.999, name="bn_Conv1")(x)
    x = ReLU(6.0, name="Conv1_relu")(x)
    for block_id, (filters, stride, expansion) in enumerate(_V2_BLOCKS):
        x = _inverted_res_block(x, expansion, stride, alpha, filters, block_id)
    last = make_divisible(1280 * alpha, 8) if alpha > 1.0 else 1280
    x = Conv2D(last, kernel_size=1, use_bias=False, name="Conv_1")(x)
    x = BatchNormalization(axis=axis, epsilon=1e-3, momentum=0.999, name="Conv_1_bn")(x)
    x = ReLU(6.0, name="out_relu")(x)
    x = app.head(x, include_top, pooling, classes, classifier_activation, weights)
    if name is None:
        name = f"mobilenetv2_{alpha:0.2f}_{rows}"

    def imagenet_file():
        top = "" if include_top else "_no_top"
        file_name = f"mobilenet_v2_weights_tf_dim_ordering_tf_kernels_{float(alpha)}_{rows}{top}.h5"
        return file_name, f"{app.WEIGHTS_URL}mobilenet_v2/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def preprocess_input(x, data_format=None):
    """MobileNet's preprocessing: ``tf`` mode (pixels to [-1, 1])."""
    return _preprocess(x, data_format=data_format, mode="tf")
