"""VGG16 and VGG19, as Keras 3 builds them: five blocks of 3x3 convolutions and max pooling, then
two 4096-unit dense layers and the classifier."""

from __future__ import annotations

from ..backend.config import image_data_format
from ..layers import Conv2D, Dense, Flatten, MaxPooling2D
from . import application as app
from .imagenet_utils import obtain_input_shape
from .imagenet_utils import preprocess_input as _preprocess


def _vgg(
    family,
    convs_per_block,
    include_top,
    weights,
    input_tensor,
    input_shape,
    pooling,
    classes,
    classifier_activation,
    name,
):
    app.check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, 224, 32, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    x = img_input
    for block, (filters, convs) in enumerate(zip((64, 128, 256, 512, 512), convs_per_block, strict=True), 1):
        for i in range(1, convs + 1):
            x = Conv2D(filters, (3, 3), activation="relu", padding="same", name=f"block{block}_conv{i}")(x)
        x = MaxPooling2D((2, 2), strides=(2, 2), name=f"block{block}_pool")(x)
    if include_top:
        x = Flatten(name="flatten")(x)
        x = Dense(4096, activation="relu", name="fc1")(x)
        x = Dense(4096, activation="relu", name="fc2")(x)
        app.validate_activation(classifier_activation, weights)
        x = Dense(classes, activation=classifier_activation, name="predictions")(x)
    else:
        x = app.pool(x, pooling)

    def imagenet_file():
        file_name = f"{family}_weights_tf_dim_ordering_tf_kernels{'' if include_top else '_notop'}.h5"
        return file_name, f"{app.WEIGHTS_URL}{family}/{file_name}"

    return app.build(img_input, input_tensor, x, name, weights, imagenet_file)


def VGG16(  # noqa: N802 (Keras' name)
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="vgg16",
):
    """Keras' ``VGG16``: 13 convolutions (2, 2, 3, 3, 3 per block)."""
    return _vgg(
        "vgg16",
        (2, 2, 3, 3, 3),
        include_top,
        weights,
        input_tensor,
        input_shape,
        pooling,
        classes,
        classifier_activation,
        name,
    )


def VGG19(  # noqa: N802 (Keras' name)
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="vgg19",
):
    """Keras' ``VGG19``: 16 convolutions (2, 2, 4, 4, 4 per block)."""
    return _vgg(
        "vgg19",
        (2, 2, 4, 4, 4),
        include_top,
        weights,
        input_tensor,
        input_shape,
        pooling,
        classes,
        classifier_activation,
        name,
    )


def preprocess_input(x, data_format=None):
    """VGG's preprocessing: ``caffe`` mode (BGR, ImageNet's mean subtracted)."""
    return _preprocess(x, data_format=data_format, mode="caffe")
