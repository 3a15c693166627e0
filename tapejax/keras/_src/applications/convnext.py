"""ConvNeXt (Tiny, Small, Base, Large, XLarge), as Keras 3 builds it: a patchify stem, four stages
of blocks (7x7 depthwise convolution, layer normalization, an inverted MLP, ``LayerScale``), and
the ImageNet normalization of the input inside the model."""

from __future__ import annotations

import numpy as np

from ..backend.config import image_data_format
from ..initializers.constant_initializers import Constant
from ..layers import (
    Activation,
    Conv2D,
    Dense,
    GlobalAveragePooling2D,
    LayerNormalization,
    Normalization,
)
from ..layers.layer import Layer
from ..models.sequential import Sequential
from ..ops.core import shape as _shape
from ..ops.numpy import floor
from ..random.random import uniform
from . import application as app
from .imagenet_utils import obtain_input_shape

MODEL_CONFIGS = {
    "tiny": {"depths": [3, 3, 9, 3], "projection_dims": [96, 192, 384, 768], "default_size": 224},
    "small": {"depths": [3, 3, 27, 3], "projection_dims": [96, 192, 384, 768], "default_size": 224},
    "base": {"depths": [3, 3, 27, 3], "projection_dims": [128, 256, 512, 1024], "default_size": 224},
    "large": {"depths": [3, 3, 27, 3], "projection_dims": [192, 384, 768, 1536], "default_size": 224},
    "xlarge": {"depths": [3, 3, 27, 3], "projection_dims": [256, 512, 1024, 2048], "default_size": 224},
}


class StochasticDepth(Layer):
    """Drops a whole residual branch per sample in training (kept with ``1 - drop_path_rate``)."""

    _keras_module = "keras.src.applications.convnext"

    def __init__(self, drop_path_rate, **kwargs):
        super().__init__(**kwargs)
        self.drop_path_rate = drop_path_rate

    def call(self, x, training=None):
        if not training:
            return x
        keep = 1 - self.drop_path_rate
        shape = (_shape(x)[0],) + (1,) * (len(_shape(x)) - 1)
        return x / keep * floor(keep + uniform(shape, 0, 1))

    def get_config(self):
        return {**super().get_config(), "drop_path_rate": self.drop_path_rate}


class LayerScale(Layer):
    """Multiplies each channel by a learned ``gamma`` (initially ``init_values``)."""

    _keras_module = "keras.src.applications.convnext"

    def __init__(self, init_values, projection_dim, **kwargs):
        super().__init__(**kwargs)
        self.init_values = init_values
        self.projection_dim = projection_dim

    def build(self, _):
        self.gamma = self.add_weight(
            shape=(self.projection_dim,), initializer=Constant(self.init_values), trainable=True
        )

    def call(self, x):
        return x * self.gamma

    def get_config(self):
        return {
            **super().get_config(),
            "init_values": self.init_values,
            "projection_dim": self.projection_dim,
        }


def ConvNeXtBlock(projection_dim, drop_path_rate=0.0, layer_scale_init_value=1e-6, name=None):  # noqa: N802
    """One ConvNeXt block (a function of its input)."""

    def apply(inputs):
        x = Conv2D(
            projection_dim,
            kernel_size=7,
            padding="same",
            groups=projection_dim,
            name=f"{name}_depthwise_conv",
        )(inputs)
        x = LayerNormalization(epsilon=1e-6, name=f"{name}_layernorm")(x)
        x = Dense(4 * projection_dim, name=f"{name}_pointwise_conv_1")(x)
        x = Activation("gelu", name=f"{name}_gelu")(x)
        x = Dense(projection_dim, name=f"{name}_pointwise_conv_2")(x)
        if layer_scale_init_value is not None:
            x = LayerScale(layer_scale_init_value, projection_dim, name=f"{name}_layer_scale")(x)
        if drop_path_rate:
            last = StochasticDepth(drop_path_rate, name=f"{name}_stochastic_depth")
        else:
            last = Activation("linear", name=f"{name}_identity")
        return inputs + last(x)

    return apply


def ConvNeXt(  # noqa: N802 (Keras' name)
    depths,
    projection_dims,
    drop_path_rate=0.0,
    layer_scale_init_value=1e-6,
    default_size=224,
    name="convnext",
    include_preprocessing=True,
    include_top=True,
    weights=None,
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    weights_name=None,
):
    """The ConvNeXt skeleton: stages of ``depths`` blocks of ``projection_dims`` channels."""
    app.channels_last_only("ConvNeXt")
    app.check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, default_size, 32, image_data_format(), include_top, weights)
    img_input = app.image_input(input_shape, input_tensor)
    if input_tensor is not None:
        inputs, x = app.source_inputs(input_tensor)[0], input_tensor
    else:
        inputs = x = img_input
    if include_preprocessing and input_shape[-1] == 3:
        x = Normalization(
            mean=[0.485 * 255, 0.456 * 255, 0.406 * 255],
            variance=[(0.229 * 255) ** 2, (0.224 * 255) ** 2, (0.225 * 255) ** 2],
            name=f"{name}_prestem_normalization",
        )(x)
    downsample = [
        Sequential(
            [
                Conv2D(projection_dims[0], kernel_size=4, strides=4, name=f"{name}_stem_conv"),
                LayerNormalization(epsilon=1e-6, name=f"{name}_stem_layernorm"),
            ],
            name=f"{name}_stem",
        )
    ]
    for i in range(3):
        downsample.append(
            Sequential(
                [
                    LayerNormalization(epsilon=1e-6, name=f"{name}_downsampling_layernorm_{i}"),
                    Conv2D(
                        projection_dims[i + 1], kernel_size=2, strides=2, name=f"{name}_downsampling_conv_{i}"
                    ),
                ],
                name=f"{name}_downsampling_block_{i}",
            )
        )
    rates = [float(r) for r in np.linspace(0.0, drop_path_rate, sum(depths))]
    cur = 0
    for i in range(4):
        x = downsample[i](x)
        for j in range(depths[i]):
            x = ConvNeXtBlock(
                projection_dim=projection_dims[i],
                drop_path_rate=rates[cur + j],
                layer_scale_init_value=layer_scale_init_value,
                name=f"{name}_stage_{i}_block_{j}",
            )(x)
        cur += depths[i]
    if include_top:
        app.validate_activation(classifier_activation, weights)
        x = GlobalAveragePooling2D(name=f"{name}_head_gap")(x)
        x = LayerNormalization(epsilon=1e-6, name=f"{name}_head_layernorm")(x)
        x = Dense(classes, activation=classifier_activation, name=f"{name}_head_dense")(x)
    else:
        x = LayerNormalization(epsilon=1e-6)(app.pool(x, pooling))
    if weights == "imagenet":
        _check_imagenet_variant(weights_name, depths, projection_dims, name)

    def imagenet_file():
        file_name = name + (".h5" if include_top else "_notop.h5")
        return file_name, f"{app.WEIGHTS_URL}convnext/{file_name}"

    return app.build(inputs, None, x, name, weights, imagenet_file)


def _check_imagenet_variant(weights_name, depths, projection_dims, name):
    variant = weights_name.split("convnext_")[-1]
    expected = MODEL_CONFIGS[variant]
    if depths != expected["depths"] or projection_dims != expected["projection_dims"]:
        raise ValueError(
            f"Architecture configuration does not match {weights_name} variant. When using pre-trained "
            "weights, the model architecture must match the pre-trained configuration exactly. Expected "
            f"depths: {expected['depths']}, got: {depths}. Expected projection_dims: "
            f"{expected['projection_dims']}, got: {projection_dims}."
        )
    if weights_name not in name:
        raise ValueError(
            f'Model name "{name}" does not match weights variant "{weights_name}". When using imagenet '
            f'weights, model name must contain the weights variant (e.g., "convnext_{variant}").'
        )


def _variant(key):
    config = MODEL_CONFIGS[key]

    def builder(
        include_top=True,
        include_preprocessing=True,
        weights="imagenet",
        input_tensor=None,
        input_shape=None,
        pooling=None,
        classes=1000,
        classifier_activation="softmax",
        name=f"convnext_{key}",
    ):
        return ConvNeXt(
            weights_name=f"convnext_{key}",
            depths=config["depths"],
            projection_dims=config["projection_dims"],
            drop_path_rate=0.0,
            layer_scale_init_value=1e-6,
            default_size=config["default_size"],
            name=name,
            include_top=include_top,
            include_preprocessing=include_preprocessing,
            weights=weights,
            input_tensor=input_tensor,
            input_shape=input_shape,
            pooling=pooling,
            classes=classes,
            classifier_activation=classifier_activation,
        )

    builder.__name__ = builder.__qualname__ = f"ConvNeXt{'XLarge' if key == 'xlarge' else key.title()}"
    builder.__doc__ = f"Keras' ``{builder.__name__}``: stages of {config['depths']} blocks."
    return builder


ConvNeXtTiny = _variant("tiny")
ConvNeXtSmall = _variant("small")
ConvNeXtBase = _variant("base")
ConvNeXtLarge = _variant("large")
ConvNeXtXLarge = _variant("xlarge")


def preprocess_input(x, data_format=None):
    """A no-op: ConvNeXt normalizes its input inside the model."""
    return x
