"""DenseNet121/169/201, as Keras 3 builds them: dense blocks (each layer's output concatenated to
its input) joined by transition blocks that halve the channels and the size."""

from __future__ import annotations

from ..backend.config import image_data_format
from ..layers import (
    Activation,
    AveragePooling2D,
    BatchNormalization,
    Concatenate,
    Conv2D,
    MaxPooling2D,
    ZeroPadding2D,
)
from . import application as app
from .imagenet_utils import obtain_input_shape
from .imagenet_utils import preprocess_input as _preprocess


def _bn(name):
    return BatchNormalization(axis=app.channel_axis(), epsilon=1.001e-5, name=name)


def conv_block(x, growth_rate, name):
    x1 = Activation("relu", name=f"{name}_0_relu")(_bn(f"{name}_0_bn")(x))
    x1 = Conv2D(4 * growth_rate, 1, use_bias=False, name=f"{name}_1_conv")(x1)
    x1 = Activation("relu", name=f"{name}_1_relu")(_bn(f"{name}_1_bn")(x1))
    x1 = Conv2D(growth_rate, 3, padding="same", use_bias=False, name=f"{name}_2_conv")(x1)
    return Concatenate(axis=app.channel_axis(), name=f"{name}_concat")([x, x1])


def dense_block(x, blocks, name):
    for i in range(blocks):
        x = conv_block(x, 32, name=f"{name}_block{i + 1}")
    return x


def transition_block(x, reduction, name):
    x = Activation("relu", name=f"{name}_relu")(_bn(f"{name}_bn")(x))
    x = Conv2D(int(x.shape[app.channel_axis()] * reduction), 1, use_bias=False, name=f"{name}_conv")(x)
    return AveragePooling2D(2, strides=2, name=f"{name}_pool")(x)


def DenseNet(  # noqa: N802 (Keras' name)
    blocks,
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="densenet",
):
    """The DenseNet skeleton: four dense blocks of ``blocks`` layers each."""
    app.channels_last_only("DenseNet")
    app.check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, 224, 32, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    x = ZeroPadding2D(padding=((3, 3), (3, 3)))(img_input)
    x = Conv2D(64, 7, strides=2, use_bias=False, name="conv1_conv")(x)
    x = Activation("relu", name="conv1_relu")(_bn("conv1_bn")(x))
    x = ZeroPadding2D(padding=((1, 1), (1, 1)))(x)
    x = MaxPooling2D(3, strides=2, name="pool1")(x)
    for stage, count in enumerate(blocks, 2):
        x = dense_block(x, count, name=f"conv{stage}")
        if stage < 5:
            x = transition_block(x, 0.5, name=f"pool{stage}")
    x = Activation("relu", name="relu")(_bn("bn")(x))
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
        depth = {(6, 12, 24, 16): 121, (6, 12, 32, 32): 169, (6, 12, 48, 32): 201}.get(tuple(blocks))
        if depth is None:
            raise ValueError("weights_path undefined")
        file_name = f"densenet{depth}_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
        return file_name, f"{app.WEIGHTS_URL}densenet/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def _variant(blocks, default_name):
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
        return DenseNet(
            blocks,
            include_top,
            weights,
            input_tensor,
            input_shape,
            pooling,
            classes,
            classifier_activation,
            name,
        )

    builder.__name__ = builder.__qualname__ = default_name.replace("densenet", "DenseNet")
    builder.__doc__ = f"Keras' ``{builder.__name__}``: dense blocks of {blocks} layers."
    return builder


DenseNet121 = _variant([6, 12, 24, 16], "densenet121")
DenseNet169 = _variant([6, 12, 32, 32], "densenet169")
DenseNet201 = _variant([6, 12, 48, 32], "densenet201")


def preprocess_input(x, data_format=None):
    """DenseNet's preprocessing: ``torch`` mode (to [0, 1], ImageNet's mean and deviation)."""
    return _preprocess(x, data_format=data_format, mode="torch")
