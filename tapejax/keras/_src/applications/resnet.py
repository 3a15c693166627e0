"""ResNet (v1: ``ResNet50/101/152``) and ResNetV2 (``ResNet50V2/101V2/152V2``), as Keras 3 builds
them: a 7x7 stem, four stages of bottleneck blocks, then the classifier or pooling."""

from __future__ import annotations

from ..backend.config import image_data_format
from ..layers import (
    Activation,
    Add,
    BatchNormalization,
    Conv2D,
    MaxPooling2D,
    ZeroPadding2D,
)
from . import application as app
from .imagenet_utils import obtain_input_shape
from .imagenet_utils import preprocess_input as _preprocess

_EPS = 1.001e-5


def _bn(name):
    return BatchNormalization(axis=app.channel_axis(), epsilon=_EPS, name=name)


def block_v1(x, filters, stride=1, conv_shortcut=True, name=None):
    """A post-activation bottleneck: 1x1, 3x3, 1x1 (x4 filters), added to the shortcut."""
    if conv_shortcut:
        shortcut = Conv2D(4 * filters, 1, strides=stride, name=f"{name}_0_conv")(x)
        shortcut = _bn(f"{name}_0_bn")(shortcut)
    else:
        shortcut = x
    x = Conv2D(filters, 1, strides=stride, name=f"{name}_1_conv")(x)
    x = Activation("relu", name=f"{name}_1_relu")(_bn(f"{name}_1_bn")(x))
    x = Conv2D(filters, 3, padding="SAME", name=f"{name}_2_conv")(x)
    x = Activation("relu", name=f"{name}_2_relu")(_bn(f"{name}_2_bn")(x))
    x = _bn(f"{name}_3_bn")(Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x))
    return Activation("relu", name=f"{name}_out")(Add(name=f"{name}_add")([shortcut, x]))


def stack_v1(x, filters, blocks, stride1=2, name=None):
    x = block_v1(x, filters, stride=stride1, name=f"{name}_block1")
    for i in range(2, blocks + 1):
        x = block_v1(x, filters, conv_shortcut=False, name=f"{name}_block{i}")
    return x


def block_v2(x, filters, stride=1, conv_shortcut=False, name=None):
    """A pre-activation bottleneck (ResNetV2): BN-ReLU first, the stride on the 3x3."""
    preact = Activation("relu", name=f"{name}_preact_relu")(_bn(f"{name}_preact_bn")(x))
    if conv_shortcut:
        shortcut = Conv2D(4 * filters, 1, strides=stride, name=f"{name}_0_conv")(preact)
    else:
        shortcut = MaxPooling2D(1, strides=stride)(x) if stride > 1 else x
    x = Conv2D(filters, 1, strides=1, use_bias=False, name=f"{name}_1_conv")(preact)
    x = Activation("relu", name=f"{name}_1_relu")(_bn(f"{name}_1_bn")(x))
    x = ZeroPadding2D(padding=((1, 1), (1, 1)), name=f"{name}_2_pad")(x)
    x = Conv2D(filters, 3, strides=stride, use_bias=False, name=f"{name}_2_conv")(x)
    x = Activation("relu", name=f"{name}_2_relu")(_bn(f"{name}_2_bn")(x))
    x = Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x)
    return Add(name=f"{name}_out")([shortcut, x])


def stack_v2(x, filters, blocks, stride1=2, name=None):
    x = block_v2(x, filters, conv_shortcut=True, name=f"{name}_block1")
    for i in range(2, blocks):
        x = block_v2(x, filters, name=f"{name}_block{i}")
    return block_v2(x, filters, stride=stride1, name=f"{name}_block{blocks}")


def ResNet(  # noqa: N802 (Keras' name)
    stack_fn,
    preact,
    use_bias,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="resnet",
    weights_name=None,
):
    """The ResNet skeleton around ``stack_fn``'s four stages."""
    app.check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, 224, 32, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    x = ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(img_input)
    x = Conv2D(64, 7, strides=2, use_bias=use_bias, name="conv1_conv")(x)
    if not preact:
        x = Activation("relu", name="conv1_relu")(_bn("conv1_bn")(x))
    x = ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
    x = stack_fn(MaxPooling2D(3, strides=2, name="pool1_pool")(x))
    if preact:
        x = Activation("relu", name="post_relu")(_bn("post_bn")(x))
    x = app.head(
        x,
        include_top,
        pooling,
        classes,
        classifier_activation,
        weights,
        "avg_pool",
        pool_names=("avg_pool", "max_pool"),
    )

    def imagenet_file():
        if weights_name is None:
            raise ValueError(f"No ImageNet weights are published for {name}.")
        file_name = f"{weights_name}_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
        return file_name, f"{app.WEIGHTS_URL}resnet/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def _v1(depths):
    def stack_fn(x):
        x = stack_v1(x, 64, depths[0], stride1=1, name="conv2")
        x = stack_v1(x, 128, depths[1], name="conv3")
        x = stack_v1(x, 256, depths[2], name="conv4")
        return stack_v1(x, 512, depths[3], name="conv5")

    return stack_fn


def _v2(depths):
    def stack_fn(x):
        x = stack_v2(x, 64, depths[0], name="conv2")
        x = stack_v2(x, 128, depths[1], name="conv3")
        x = stack_v2(x, 256, depths[2], name="conv4")
        return stack_v2(x, 512, depths[3], stride1=1, name="conv5")

    return stack_fn


def _variant(depths, v2: bool, default_name: str):
    def builder(
        include_top=True,
        weights="imagenet",
        input_tensor=None,
        input_shape=None,
        pooling=None,
        classes=1000,
        classifier_activation="softmax",
        name=default_name,
    ):
        return ResNet(
            (_v2 if v2 else _v1)(depths),
            v2,
            True,
            include_top,
            weights,
            input_tensor,
            input_shape,
            pooling,
            classes,
            classifier_activation,
            name=name,
            weights_name=default_name,
        )

    builder.__name__ = builder.__qualname__ = default_name.replace("resnet", "ResNet").replace("v2", "V2")
    builder.__doc__ = (
        f"Keras' ``{builder.__name__}``: a ``Functional`` model (``weights`` None, 'imagenet' or a path)."
    )
    return builder


ResNet50 = _variant((3, 4, 6, 3), False, "resnet50")
ResNet101 = _variant((3, 4, 23, 3), False, "resnet101")
ResNet152 = _variant((3, 8, 36, 3), False, "resnet152")
ResNet50V2 = _variant((3, 4, 6, 3), True, "resnet50v2")
ResNet101V2 = _variant((3, 4, 23, 3), True, "resnet101v2")
ResNet152V2 = _variant((3, 8, 36, 3), True, "resnet152v2")


def preprocess_input(x, data_format=None):
    """ResNet's preprocessing: ``caffe`` mode (BGR, ImageNet's mean subtracted)."""
    return _preprocess(x, data_format=data_format, mode="caffe")


def preprocess_input_v2(x, data_format=None):
    """ResNetV2's preprocessing: ``tf`` mode (pixels to [-1, 1])."""
    return _preprocess(x, data_format=data_format, mode="tf")
