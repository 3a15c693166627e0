"""InceptionV3, as Keras 3 builds it: a convolutional stem, then mixed blocks of parallel 1x1,
factorized 5x5/7x7/3x3 and pooling branches, concatenated."""

from __future__ import annotations

from ..backend.config import image_data_format
from ..layers import (
    Activation,
    AveragePooling2D,
    BatchNormalization,
    Conv2D,
    MaxPooling2D,
    concatenate,
)
from . import application as app
from .imagenet_utils import obtain_input_shape
from .imagenet_utils import preprocess_input as _preprocess


def conv2d_bn(x, filters, num_row, num_col, padding="same", strides=(1, 1), name=None):
    """Convolution (no bias), batch normalization without scale, ReLU."""
    x = Conv2D(
        filters,
        (num_row, num_col),
        strides=strides,
        padding=padding,
        use_bias=False,
        name=None if name is None else f"{name}_conv",
    )(x)
    x = BatchNormalization(axis=app.channel_axis(), scale=False, name=None if name is None else f"{name}_bn")(
        x
    )
    return Activation("relu", name=name)(x)


def _avg_branch(x, filters):
    return conv2d_bn(AveragePooling2D((3, 3), strides=(1, 1), padding="same")(x), filters, 1, 1)


def _chain(x, *convs):
    """``conv2d_bn`` applied in turn for each ``(filters, rows, cols)``."""
    for filters, rows, cols in convs:
        x = conv2d_bn(x, filters, rows, cols)
    return x


def InceptionV3(  # noqa: N802 (Keras' name)
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="inception_v3",
):
    """Keras' ``InceptionV3`` (299x299 by default, at least 75x75)."""
    app.check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, 299, 75, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    axis = app.channel_axis()
    x = conv2d_bn(img_input, 32, 3, 3, strides=(2, 2), padding="valid")
    x = conv2d_bn(x, 32, 3, 3, padding="valid")
    x = conv2d_bn(x, 64, 3, 3)
    x = MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = conv2d_bn(x, 80, 1, 1, padding="valid")
    x = conv2d_bn(x, 192, 3, 3, padding="valid")
    x = MaxPooling2D((3, 3), strides=(2, 2))(x)
    for i, pool_filters in enumerate((32, 64, 64)):  # mixed 0-2: 35x35x256/288
        branches = [
            conv2d_bn(x, 64, 1, 1),
            _chain(x, (48, 1, 1), (64, 5, 5)),
            _chain(x, (64, 1, 1), (96, 3, 3), (96, 3, 3)),
            _avg_branch(x, pool_filters),
        ]
        x = concatenate(branches, axis=axis, name=f"mixed{i}")
    branches = [  # mixed 3: 17x17x768
        conv2d_bn(x, 384, 3, 3, strides=(2, 2), padding="valid"),
        conv2d_bn(_chain(x, (64, 1, 1), (96, 3, 3)), 96, 3, 3, strides=(2, 2), padding="valid"),
        MaxPooling2D((3, 3), strides=(2, 2))(x),
    ]
    x = concatenate(branches, axis=axis, name="mixed3")
    for i, c in enumerate((128, 160, 160, 192)):  # mixed 4-7: 17x17x768
        branches = [
            conv2d_bn(x, 192, 1, 1),
            _chain(x, (c, 1, 1), (c, 1, 7), (192, 7, 1)),
            _chain(x, (c, 1, 1), (c, 7, 1), (c, 1, 7), (c, 7, 1), (192, 1, 7)),
            _avg_branch(x, 192),
        ]
        x = concatenate(branches, axis=axis, name=f"mixed{4 + i}")
    branches = [  # mixed 8: 8x8x1280
        conv2d_bn(conv2d_bn(x, 192, 1, 1), 320, 3, 3, strides=(2, 2), padding="valid"),
        conv2d_bn(
            _chain(x, (192, 1, 1), (192, 1, 7), (192, 7, 1)), 192, 3, 3, strides=(2, 2), padding="valid"
        ),
        MaxPooling2D((3, 3), strides=(2, 2))(x),
    ]
    x = concatenate(branches, axis=axis, name="mixed8")
    for i in range(2):  # mixed 9-10: 8x8x2048
        branch1x1 = conv2d_bn(x, 320, 1, 1)
        branch3x3 = conv2d_bn(x, 384, 1, 1)
        branch3x3 = concatenate(
            [conv2d_bn(branch3x3, 384, 1, 3), conv2d_bn(branch3x3, 384, 3, 1)], axis=axis, name=f"mixed9_{i}"
        )
        branch3x3dbl = _chain(x, (448, 1, 1), (384, 3, 3))
        branch3x3dbl = concatenate(
            [conv2d_bn(branch3x3dbl, 384, 1, 3), conv2d_bn(branch3x3dbl, 384, 3, 1)], axis=axis
        )
        x = concatenate(
            [branch1x1, branch3x3, branch3x3dbl, _avg_branch(x, 192)], axis=axis, name=f"mixed{9 + i}"
        )
    x = app.head(x, include_top, pooling, classes, classifier_activation, weights, "avg_pool")

    def imagenet_file():
        file_name = f"inception_v3_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
        return file_name, f"{app.WEIGHTS_URL}inception_v3/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def preprocess_input(x, data_format=None):
    """Inception's preprocessing: ``tf`` mode (pixels to [-1, 1])."""
    return _preprocess(x, data_format=data_format, mode="tf")
