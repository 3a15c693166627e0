"""Layer cases shared by tests/test_keras_layers.py and scripts/keras_layers_reference_tf.py.

Plain numpy only: the same cases are built with tapejax in the tests and with TensorFlow 2.21
(Keras 3.15) by the script, which wrote tests/keras_layer_reference.py. Inputs and weights are
fixed ramps of sines; the loss is ``sum(output * ramp)``, so every output element matters.
"""

from __future__ import annotations

import math

import numpy as np


def ramp(shape, k=0.37, scale=1.0):
    """``scale * sin(k * (i + 1))`` over the flattened ``shape``, as float32."""
    n = math.prod(shape)
    return (scale * np.sin(k * (np.arange(n) + 1.0))).reshape(shape).astype(np.float32)


def weight_values(shapes):
    """The fixed weights set on a case's layer, in ``layer.weights`` order."""
    return [ramp(s, k=0.1 * (i + 1) + 0.05, scale=0.5) for i, s in enumerate(shapes)]


def output_weights(shapes):
    """The loss's weights ``w_i`` in ``sum_i sum(output_i * w_i)``."""
    return [ramp(s, k=0.23 + 0.1 * i) for i, s in enumerate(shapes)]


IDS = np.array([[0, 2, 4], [1, 2, 0]], np.int32)

# name: (layer class, keyword arguments, input shape, or None for IDS)
CASES = {
    "dense_relu": ("Dense", {"units": 3, "activation": "relu"}, (2, 4)),
    "conv2d_same": ("Conv2D", {"filters": 3, "kernel_size": 3, "padding": "same"}, (1, 4, 4, 2)),
    "conv2d_valid_strided": ("Conv2D", {"filters": 2, "kernel_size": (2, 3), "strides": 2}, (1, 5, 6, 2)),
    "conv2d_dilated": (
        "Conv2D",
        {"filters": 2, "kernel_size": 2, "dilation_rate": 2, "padding": "same"},
        (1, 5, 5, 1),
    ),
    "conv2d_groups": (
        "Conv2D",
        {"filters": 4, "kernel_size": 2, "groups": 2, "activation": "tanh"},
        (1, 3, 3, 4),
    ),
    "conv1d_causal": (
        "Conv1D",
        {"filters": 2, "kernel_size": 2, "padding": "causal", "dilation_rate": 2, "activation": "tanh"},
        (1, 5, 2),
    ),
    "conv1d_same_strided": (
        "Conv1D",
        {"filters": 2, "kernel_size": 3, "padding": "same", "strides": 2},
        (2, 5, 2),
    ),
    "max_pool2d": ("MaxPooling2D", {}, (1, 4, 4, 2)),
    "avg_pool2d_same": ("AveragePooling2D", {"pool_size": 3, "strides": 2, "padding": "same"}, (1, 5, 5, 1)),
    "max_pool1d_same": ("MaxPooling1D", {"pool_size": 3, "strides": 2, "padding": "same"}, (1, 5, 2)),
    "avg_pool1d": ("AveragePooling1D", {"pool_size": 2}, (2, 5, 1)),
    "global_avg_pool2d": ("GlobalAveragePooling2D", {}, (2, 3, 3, 2)),
    "global_max_pool1d": ("GlobalMaxPooling1D", {"keepdims": True}, (2, 4, 3)),
    "layer_norm": ("LayerNormalization", {}, (2, 5)),
    "layer_norm_axes": ("LayerNormalization", {"axis": [1, 2], "epsilon": 0.01}, (2, 3, 2)),
    "embedding": ("Embedding", {"input_dim": 5, "output_dim": 3}, None),
    "simple_rnn": ("SimpleRNN", {"units": 3, "return_sequences": True}, (2, 4, 2)),
    "lstm": ("LSTM", {"units": 3}, (2, 4, 2)),
    "lstm_backwards_state": (
        "LSTM",
        {"units": 2, "return_sequences": True, "return_state": True, "go_backwards": True},
        (2, 3, 2),
    ),
    "gru": ("GRU", {"units": 3, "return_sequences": True}, (2, 4, 2)),
    "gru_reset_before": ("GRU", {"units": 3, "reset_after": False, "return_state": True}, (2, 4, 2)),
    "simple_rnn_relu_backwards": (
        "SimpleRNN",
        {"units": 2, "activation": "relu", "go_backwards": True},
        (2, 3, 2),
    ),
    # activation layers (issue 11, keras5)
    "relu": ("ReLU", {}, (2, 5)),
    "relu_options": ("ReLU", {"max_value": 0.6, "negative_slope": 0.1, "threshold": 0.2}, (2, 5)),
    "relu6": ("ReLU", {"max_value": 6.0}, (2, 5)),
    "leaky_relu": ("LeakyReLU", {"negative_slope": 0.2}, (2, 5)),
    "elu": ("ELU", {"alpha": 0.5}, (2, 5)),
    "softmax": ("Softmax", {}, (2, 5)),
    "softmax_axes": ("Softmax", {"axis": [1, 2]}, (2, 3, 2)),
    "prelu": ("PReLU", {}, (2, 3, 2)),
    "prelu_shared": ("PReLU", {"shared_axes": [1]}, (2, 3, 2)),
    # shape layers
    "zero_padding1d": ("ZeroPadding1D", {"padding": (1, 2)}, (2, 3, 2)),
    "zero_padding2d": ("ZeroPadding2D", {"padding": ((1, 0), (2, 1))}, (1, 2, 3, 2)),
    "zero_padding2d_cf": ("ZeroPadding2D", {"padding": 1, "data_format": "channels_first"}, (1, 2, 2, 3)),
    "cropping1d": ("Cropping1D", {"cropping": (1, 2)}, (2, 5, 2)),
    "cropping2d": ("Cropping2D", {"cropping": ((1, 0), (1, 2))}, (1, 4, 5, 2)),
    "cropping2d_cf": ("Cropping2D", {"cropping": 1, "data_format": "channels_first"}, (1, 2, 4, 4)),
    "up_sampling1d": ("UpSampling1D", {"size": 3}, (2, 2, 2)),
    "up_sampling2d": ("UpSampling2D", {"size": (2, 3)}, (1, 2, 2, 2)),
    "up_sampling2d_bilinear": ("UpSampling2D", {"size": 2, "interpolation": "bilinear"}, (1, 3, 2, 2)),
    "up_sampling2d_bilinear_cf": (
        "UpSampling2D",
        {"size": (3, 2), "interpolation": "bilinear", "data_format": "channels_first"},
        (1, 2, 2, 3),
    ),
    "permute": ("Permute", {"dims": (2, 3, 1)}, (2, 3, 2, 4)),
    "repeat_vector": ("RepeatVector", {"n": 3}, (2, 4)),
    "identity": ("Identity", {}, (2, 3)),
    # transposed, depthwise and separable convolutions
    "conv2d_transpose_same": (
        "Conv2DTranspose",
        {"filters": 2, "kernel_size": 3, "strides": 2, "padding": "same"},
        (1, 3, 3, 2),
    ),
    "conv2d_transpose_valid": (
        "Conv2DTranspose",
        {"filters": 3, "kernel_size": (2, 3), "strides": (2, 1)},
        (1, 2, 3, 2),
    ),
    "conv2d_transpose_output_padding": (
        "Conv2DTranspose",
        {"filters": 2, "kernel_size": 3, "strides": 3, "output_padding": (1, 2), "activation": "tanh"},
        (1, 2, 2, 1),
    ),
    # (TF's CPU kernels have no dilated or channels-first transposed convolution to compare with)
    "conv2d_transpose_no_bias": (
        "Conv2DTranspose",
        {"filters": 2, "kernel_size": 2, "padding": "same", "use_bias": False},
        (1, 3, 3, 2),
    ),
    "conv1d_transpose": (
        "Conv1DTranspose",
        {"filters": 2, "kernel_size": 3, "strides": 2, "padding": "same", "output_padding": 1},
        (2, 3, 2),
    ),
    "depthwise_conv2d": ("DepthwiseConv2D", {"kernel_size": 2, "depth_multiplier": 2}, (1, 3, 3, 2)),
    "depthwise_conv2d_same_strided": (
        "DepthwiseConv2D",
        {"kernel_size": 3, "strides": 2, "padding": "same"},
        (1, 5, 5, 3),
    ),
    "depthwise_conv1d_dilated": (
        "DepthwiseConv1D",
        {"kernel_size": 2, "dilation_rate": 2, "padding": "same"},
        (2, 5, 2),
    ),
    "separable_conv2d": (
        "SeparableConv2D",
        {"filters": 3, "kernel_size": 2, "depth_multiplier": 2},
        (1, 3, 3, 2),
    ),
    "separable_conv2d_same_cf": (
        "SeparableConv2D",
        {"filters": 3, "kernel_size": 3, "strides": 2, "padding": "same", "data_format": "channels_first"},
        (1, 2, 5, 4),
    ),
    "separable_conv1d": (
        "SeparableConv1D",
        {"filters": 2, "kernel_size": 3, "activation": "relu"},
        (2, 5, 2),
    ),
    # normalization and regularization layers (the noise layers are the identity outside training)
    "unit_normalization": ("UnitNormalization", {}, (2, 5)),
    "unit_normalization_axes": ("UnitNormalization", {"axis": [1, 2]}, (2, 3, 2)),
    "group_normalization": ("GroupNormalization", {"groups": 2}, (2, 3, 4)),
    "group_normalization_axis1": (
        "GroupNormalization",
        {"groups": -1, "axis": 1, "epsilon": 0.01},
        (2, 3, 4),
    ),
    "group_normalization_no_scale": ("GroupNormalization", {"groups": 3, "scale": False}, (2, 2, 2, 6)),
    "activity_regularization": ("ActivityRegularization", {"l1": 0.1, "l2": 0.2}, (2, 3)),
    "gaussian_noise": ("GaussianNoise", {"stddev": 0.5}, (2, 3)),
    "alpha_dropout": ("AlphaDropout", {"rate": 0.5}, (2, 3)),
    "spatial_dropout2d": ("SpatialDropout2D", {"rate": 0.5}, (1, 2, 2, 3)),
}


def case_input(name):
    shape = CASES[name][2]
    return IDS if shape is None else ramp(shape)
