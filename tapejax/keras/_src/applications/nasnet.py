"""NASNetMobile and NASNetLarge (NASNet-A), as Keras 3 builds them: a stem, then normal and
reduction cells found by architecture search, each combining the current and previous cell's
outputs through separable convolutions and pooling."""

from __future__ import annotations

from ..backend.config import image_data_format
from ..layers import (
    Activation,
    AveragePooling2D,
    BatchNormalization,
    Conv2D,
    Cropping2D,
    MaxPooling2D,
    SeparableConv2D,
    ZeroPadding2D,
    add,
    concatenate,
)
from . import application as app
from .imagenet_utils import correct_pad, obtain_input_shape
from .imagenet_utils import preprocess_input as _preprocess


def _bn(name):
    return BatchNormalization(axis=-1, momentum=0.9997, epsilon=1e-3, name=name)


def _conv1x1(filters, name, strides=(1, 1)):
    return Conv2D(
        filters,
        (1, 1),
        strides=strides,
        padding="same",
        use_bias=False,
        name=name,
        kernel_initializer="he_normal",
    )


def _separable_conv_block(ip, filters, kernel_size=(3, 3), strides=(1, 1), block_id=None):
    """Two (ReLU, separable convolution, batch normalization); the first may be strided."""
    x = Activation("relu")(ip)
    if strides == (2, 2):
        x = ZeroPadding2D(padding=correct_pad(x, kernel_size), name=f"separable_conv_1_pad_{block_id}")(x)
    x = SeparableConv2D(
        filters,
        kernel_size,
        strides=strides,
        name=f"separable_conv_1_{block_id}",
        padding="valid" if strides == (2, 2) else "same",
        use_bias=False,
    )(x)
    x = _bn(f"separable_conv_1_bn_{block_id}")(x)
    x = Activation("relu")(x)
    x = SeparableConv2D(
        filters, kernel_size, name=f"separable_conv_2_{block_id}", padding="same", use_bias=False
    )(x)
    return _bn(f"separable_conv_2_bn_{block_id}")(x)


def _adjust_block(p, ip, filters, block_id=None):
    """The previous cell's output ``p`` brought to ``ip``'s size and ``filters`` channels."""
    if p is None:
        return ip
    if p.shape[-2] != ip.shape[-2]:
        p = Activation("relu", name=f"adjust_relu_1_{block_id}")(p)
        p1 = AveragePooling2D((1, 1), strides=(2, 2), padding="valid", name=f"adjust_avg_pool_1_{block_id}")(
            p
        )
        p1 = _conv1x1(filters // 2, f"adjust_conv_1_{block_id}")(p1)
        p2 = ZeroPadding2D(padding=((0, 1), (0, 1)))(p)
        p2 = Cropping2D(cropping=((1, 0), (1, 0)))(p2)
        p2 = AveragePooling2D((1, 1), strides=(2, 2), padding="valid", name=f"adjust_avg_pool_2_{block_id}")(
            p2
        )
        p2 = _conv1x1(filters // 2, f"adjust_conv_2_{block_id}")(p2)
        p = concatenate([p1, p2], axis=-1)
        return _bn(f"adjust_bn_{block_id}")(p)
    if p.shape[-1] != filters:
        p = Activation("relu")(p)
        p = _conv1x1(filters, f"adjust_conv_projection_{block_id}")(p)
        return _bn(f"adjust_bn_{block_id}")(p)
    return p


def _avg3(x, name, strides=(1, 1), padding="same"):
    return AveragePooling2D((3, 3), strides=strides, padding=padding, name=name)(x)


def _normal_a_cell(ip, p, filters, block_id=None):
    p = _adjust_block(p, ip, filters, block_id)
    h = _conv1x1(filters, f"normal_conv_1_{block_id}")(Activation("relu")(ip))
    h = _bn(f"normal_bn_1_{block_id}")(h)
    x1 = add(
        [
            _separable_conv_block(h, filters, kernel_size=(5, 5), block_id=f"normal_left1_{block_id}"),
            _separable_conv_block(p, filters, block_id=f"normal_right1_{block_id}"),
        ],
        name=f"normal_add_1_{block_id}",
    )
    x2 = add(
        [
            _separable_conv_block(p, filters, (5, 5), block_id=f"normal_left2_{block_id}"),
            _separable_conv_block(p, filters, (3, 3), block_id=f"normal_right2_{block_id}"),
        ],
        name=f"normal_add_2_{block_id}",
    )
    x3 = add([_avg3(h, f"normal_left3_{block_id}"), p], name=f"normal_add_3_{block_id}")
    x4 = add(
        [_avg3(p, f"normal_left4_{block_id}"), _avg3(p, f"normal_right4_{block_id}")],
        name=f"normal_add_4_{block_id}",
    )
    x5 = add(
        [_separable_conv_block(h, filters, block_id=f"normal_left5_{block_id}"), h],
        name=f"normal_add_5_{block_id}",
    )
    x = concatenate([p, x1, x2, x3, x4, x5], axis=-1, name=f"normal_concat_{block_id}")
    return x, ip


def _reduction_a_cell(ip, p, filters, block_id=None):
    p = _adjust_block(p, ip, filters, block_id)
    h = _conv1x1(filters, f"reduction_conv_1_{block_id}")(Activation("relu")(ip))
    h = _bn(f"reduction_bn_1_{block_id}")(h)
    h3 = ZeroPadding2D(padding=correct_pad(h, 3), name=f"reduction_pad_1_{block_id}")(h)
    x1 = add(
        [
            _separable_conv_block(h, filters, (5, 5), strides=(2, 2), block_id=f"reduction_left1_{block_id}"),
            _separable_conv_block(
                p, filters, (7, 7), strides=(2, 2), block_id=f"reduction_right1_{block_id}"
            ),
        ],
        name=f"reduction_add_1_{block_id}",
    )
    x2 = add(
        [
            MaxPooling2D((3, 3), strides=(2, 2), padding="valid", name=f"reduction_left2_{block_id}")(h3),
            _separable_conv_block(
                p, filters, (7, 7), strides=(2, 2), block_id=f"reduction_right2_{block_id}"
            ),
        ],
        name=f"reduction_add_2_{block_id}",
    )
    x3 = add(
        [
            _avg3(h3, f"reduction_left3_{block_id}", strides=(2, 2), padding="valid"),
            _separable_conv_block(
                p, filters, (5, 5), strides=(2, 2), block_id=f"reduction_right3_{block_id}"
            ),
        ],
        name=f"reduction_add3_{block_id}",
    )
    x4 = add([x2, _avg3(x1, f"reduction_left4_{block_id}")])
    x5 = add(
        [
            _separable_conv_block(x1, filters, (3, 3), block_id=f"reduction_left4_{block_id}"),
            MaxPooling2D((3, 3), strides=(2, 2), padding="valid", name=f"reduction_right5_{block_id}")(h3),
        ],
        name=f"reduction_add4_{block_id}",
    )
    x = concatenate([x2, x3, x4, x5], axis=-1, name=f"reduction_concat_{block_id}")
    return x, ip


def NASNet(  # noqa: N802 (Keras' name)
    input_shape=None,
    penultimate_filters=4032,
    num_blocks=6,
    stem_block_filters=96,
    skip_reduction=True,
    filter_multiplier=2,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    default_size=None,
    classifier_activation="softmax",
    name="NASNet",
):
    """The NASNet-A skeleton: 3 stacks of ``num_blocks`` normal cells between reduction cells."""
    app.channels_last_only("NASNet")
    app.check_weights(weights, include_top, classes)
    if isinstance(input_shape, tuple) and None in input_shape and weights == "imagenet":
        raise ValueError(
            "When specifying the input shape of a NASNet and loading `ImageNet` weights, the "
            f"input_shape argument must be static (no None entries). Got: `input_shape={input_shape}`."
        )
    default_size = 331 if default_size is None else default_size
    if weights == "imagenet" and default_size not in (224, 331):  # Keras finds it after building
        raise ValueError("ImageNet weights can only be loaded with NASNetLarge or NASNetMobile")
    input_shape = obtain_input_shape(input_shape, default_size, 32, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    if penultimate_filters % (24 * (filter_multiplier**2)) != 0:
        raise ValueError(
            "For NASNet-A models, the `penultimate_filters` must be a multiple of 24 * "
            f"(`filter_multiplier` ** 2). Current value: {penultimate_filters}"
        )
    filters = penultimate_filters // 24
    x = Conv2D(
        stem_block_filters,
        (3, 3),
        strides=(2, 2),
        padding="valid",
        use_bias=False,
        name="stem_conv1",
        kernel_initializer="he_normal",
    )(img_input)
    x = _bn("stem_bn1")(x)
    p = None
    x, p = _reduction_a_cell(x, p, filters // (filter_multiplier**2), block_id="stem_1")
    x, p = _reduction_a_cell(x, p, filters // filter_multiplier, block_id="stem_2")
    for stack in range(3):
        width = filters * filter_multiplier**stack
        if stack:
            x, p0 = _reduction_a_cell(x, p, width, block_id=f"reduce_{stack * num_blocks}")
            p = p if skip_reduction else p0
        for i in range(num_blocks):
            block_id = f"{i}" if stack == 0 else f"{stack * num_blocks + i + 1}"
            x, p = _normal_a_cell(x, p, width, block_id=block_id)
    x = Activation("relu")(x)
    x = app.head(x, include_top, pooling, classes, classifier_activation, weights)

    def imagenet_file():
        kind = {224: "mobile", 331: "large"}[default_size]
        file_name = f"NASNet-{kind}{'' if include_top else '-no-top'}.h5"
        return file_name, f"{app.WEIGHTS_URL}nasnet/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def NASNetMobile(  # noqa: N802 (Keras' name)
    input_shape=None,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="nasnet_mobile",
):
    """Keras' ``NASNetMobile`` (224x224 by default)."""
    if not include_top and input_shape is None:
        input_shape = (224, 224, 3)
    return NASNet(
        input_shape,
        penultimate_filters=1056,
        num_blocks=4,
        stem_block_filters=32,
        skip_reduction=False,
        filter_multiplier=2,
        include_top=include_top,
        weights=weights,
        input_tensor=input_tensor,
        pooling=pooling,
        classes=classes,
        default_size=224,
        classifier_activation=classifier_activation,
        name=name,
    )


def NASNetLarge(  # noqa: N802 (Keras' name)
    input_shape=None,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="nasnet_large",
):
    """Keras' ``NASNetLarge`` (331x331 by default)."""
    return NASNet(
        input_shape,
        penultimate_filters=4032,
        num_blocks=6,
        stem_block_filters=96,
        skip_reduction=True,
        filter_multiplier=2,
        include_top=include_top,
        weights=weights,
        input_tensor=input_tensor,
        pooling=pooling,
        classes=classes,
        default_size=331,
        classifier_activation=classifier_activation,
        name=name,
    )


def preprocess_input(x, data_format=None):
    """NASNet's preprocessing: ``tf`` mode (pixels to [-1, 1])."""
    return _preprocess(x, data_format=data_format, mode="tf")
