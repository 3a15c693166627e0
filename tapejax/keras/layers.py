"""Keras layers (``tf.keras.layers``): the base Layer and Keras 3's common layers."""

from __future__ import annotations

from ._src.layers.activations.activation import Activation
from ._src.layers.activations.elu import ELU
from ._src.layers.activations.leaky_relu import LeakyReLU
from ._src.layers.activations.prelu import PReLU
from ._src.layers.activations.relu import ReLU
from ._src.layers.activations.softmax import Softmax
from ._src.layers.activations.thresholded_relu import ThresholdedReLU
from ._src.layers.attention.additive_attention import AdditiveAttention
from ._src.layers.attention.attention import Attention
from ._src.layers.attention.multi_head_attention import MultiHeadAttention
from ._src.layers.convolutional.conv import Conv1D, Conv2D, Conv3D
from ._src.layers.convolutional.conv import Conv1D as Convolution1D
from ._src.layers.convolutional.conv import Conv2D as Convolution2D
from ._src.layers.convolutional.conv import Conv3D as Convolution3D
from ._src.layers.convolutional.conv_transpose import Conv1DTranspose, Conv2DTranspose, Conv3DTranspose
from ._src.layers.convolutional.conv_transpose import Conv1DTranspose as Convolution1DTranspose
from ._src.layers.convolutional.conv_transpose import Conv2DTranspose as Convolution2DTranspose
from ._src.layers.convolutional.conv_transpose import Conv3DTranspose as Convolution3DTranspose
from ._src.layers.convolutional.depthwise_conv import DepthwiseConv1D, DepthwiseConv2D
from ._src.layers.convolutional.separable_conv import SeparableConv1D, SeparableConv2D
from ._src.layers.convolutional.separable_conv import SeparableConv1D as SeparableConvolution1D
from ._src.layers.convolutional.separable_conv import SeparableConv2D as SeparableConvolution2D
from ._src.layers.core.dense import Dense
from ._src.layers.core.einsum_dense import EinsumDense
from ._src.layers.core.embedding import Embedding
from ._src.layers.core.identity import Identity
from ._src.layers.core.input_layer import Input, InputLayer
from ._src.layers.core.lambda_layer import Lambda
from ._src.layers.core.masking import Masking

# Keras' aliases.
from ._src.layers.input_spec import InputSpec
from ._src.layers.layer import Layer
from ._src.layers.merging.add import Add, add
from ._src.layers.merging.average import Average, average
from ._src.layers.merging.concatenate import Concatenate, concatenate
from ._src.layers.merging.dot import Dot, dot
from ._src.layers.merging.maximum import Maximum, maximum
from ._src.layers.merging.minimum import Minimum, minimum
from ._src.layers.merging.multiply import Multiply, multiply
from ._src.layers.merging.subtract import Subtract, subtract
from ._src.layers.normalization.batch_normalization import BatchNormalization
from ._src.layers.normalization.group_normalization import GroupNormalization
from ._src.layers.normalization.layer_normalization import LayerNormalization
from ._src.layers.normalization.rms_normalization import RMSNormalization
from ._src.layers.normalization.unit_normalization import UnitNormalization
from ._src.layers.pooling.average_pooling import AveragePooling1D, AveragePooling2D, AveragePooling3D
from ._src.layers.pooling.average_pooling import AveragePooling1D as AvgPool1D
from ._src.layers.pooling.average_pooling import AveragePooling2D as AvgPool2D
from ._src.layers.pooling.average_pooling import AveragePooling3D as AvgPool3D
from ._src.layers.pooling.global_average_pooling import (
    GlobalAveragePooling1D,
    GlobalAveragePooling2D,
    GlobalAveragePooling3D,
)
from ._src.layers.pooling.global_average_pooling import GlobalAveragePooling1D as GlobalAvgPool1D
from ._src.layers.pooling.global_average_pooling import GlobalAveragePooling2D as GlobalAvgPool2D
from ._src.layers.pooling.global_average_pooling import GlobalAveragePooling3D as GlobalAvgPool3D
from ._src.layers.pooling.global_max_pooling import GlobalMaxPooling1D, GlobalMaxPooling2D, GlobalMaxPooling3D
from ._src.layers.pooling.global_max_pooling import GlobalMaxPooling1D as GlobalMaxPool1D
from ._src.layers.pooling.global_max_pooling import GlobalMaxPooling2D as GlobalMaxPool2D
from ._src.layers.pooling.global_max_pooling import GlobalMaxPooling3D as GlobalMaxPool3D
from ._src.layers.pooling.max_pooling import MaxPooling1D, MaxPooling2D, MaxPooling3D
from ._src.layers.pooling.max_pooling import MaxPooling1D as MaxPool1D
from ._src.layers.pooling.max_pooling import MaxPooling2D as MaxPool2D
from ._src.layers.pooling.max_pooling import MaxPooling3D as MaxPool3D
from ._src.layers.preprocessing.category_encoding import CategoryEncoding
from ._src.layers.preprocessing.discretization import Discretization
from ._src.layers.preprocessing.image_preprocessing.center_crop import CenterCrop
from ._src.layers.preprocessing.image_preprocessing.random_brightness import RandomBrightness
from ._src.layers.preprocessing.image_preprocessing.random_contrast import RandomContrast
from ._src.layers.preprocessing.image_preprocessing.random_crop import RandomCrop
from ._src.layers.preprocessing.image_preprocessing.random_flip import RandomFlip
from ._src.layers.preprocessing.image_preprocessing.random_rotation import RandomRotation
from ._src.layers.preprocessing.image_preprocessing.random_shear import RandomShear
from ._src.layers.preprocessing.image_preprocessing.random_translation import RandomTranslation
from ._src.layers.preprocessing.image_preprocessing.random_zoom import RandomZoom
from ._src.layers.preprocessing.image_preprocessing.resizing import Resizing
from ._src.layers.preprocessing.integer_lookup import IntegerLookup
from ._src.layers.preprocessing.normalization import Normalization
from ._src.layers.preprocessing.rescaling import Rescaling
from ._src.layers.regularization.activity_regularization import ActivityRegularization
from ._src.layers.regularization.alpha_dropout import AlphaDropout
from ._src.layers.regularization.dropout import Dropout
from ._src.layers.regularization.gaussian_dropout import GaussianDropout
from ._src.layers.regularization.gaussian_noise import GaussianNoise
from ._src.layers.regularization.spatial_dropout import SpatialDropout1D, SpatialDropout2D, SpatialDropout3D
from ._src.layers.reshaping.cropping import Cropping1D, Cropping2D, Cropping3D
from ._src.layers.reshaping.flatten import Flatten
from ._src.layers.reshaping.permute import Permute
from ._src.layers.reshaping.repeat_vector import RepeatVector
from ._src.layers.reshaping.reshape import Reshape
from ._src.layers.reshaping.up_sampling import UpSampling1D, UpSampling2D, UpSampling3D
from ._src.layers.reshaping.zero_padding import ZeroPadding1D, ZeroPadding2D, ZeroPadding3D
from ._src.layers.rnn.gru import GRU, GRUCell
from ._src.layers.rnn.lstm import LSTM, LSTMCell
from ._src.layers.rnn.rnn import RNN
from ._src.layers.rnn.simple_rnn import SimpleRNN, SimpleRNNCell
from ._src.saving.serialization_lib import deserialize_layer as deserialize
from ._src.saving.serialization_lib import serialize_layer as serialize

__all__ = [
    "AdditiveAttention",
    "Attention",
    "Dot",
    "EinsumDense",
    "MultiHeadAttention",
    "dot",
    "GRU",
    "LSTM",
    "RNN",
    "Activation",
    "Add",
    "Average",
    "AveragePooling1D",
    "AveragePooling2D",
    "AveragePooling3D",
    "AvgPool1D",
    "AvgPool2D",
    "AvgPool3D",
    "BatchNormalization",
    "Concatenate",
    "Conv1D",
    "Conv2D",
    "Conv3D",
    "Convolution1D",
    "Convolution2D",
    "Convolution3D",
    "Dense",
    "Dropout",
    "Embedding",
    "Flatten",
    "Input",
    "InputLayer",
    "GRUCell",
    "GlobalAveragePooling1D",
    "GlobalAveragePooling2D",
    "GlobalAveragePooling3D",
    "GlobalAvgPool1D",
    "GlobalAvgPool2D",
    "GlobalAvgPool3D",
    "GlobalMaxPool1D",
    "GlobalMaxPool2D",
    "GlobalMaxPool3D",
    "GlobalMaxPooling1D",
    "GlobalMaxPooling2D",
    "GlobalMaxPooling3D",
    "LSTMCell",
    "Lambda",
    "Layer",
    "LayerNormalization",
    "MaxPool1D",
    "MaxPool2D",
    "MaxPool3D",
    "MaxPooling1D",
    "MaxPooling2D",
    "MaxPooling3D",
    "Maximum",
    "Minimum",
    "Multiply",
    "Reshape",
    "SimpleRNN",
    "SimpleRNNCell",
    "Subtract",
    "add",
    "average",
    "concatenate",
    "maximum",
    "minimum",
    "multiply",
    "subtract",
    # activation layers
    "ELU",
    "LeakyReLU",
    "PReLU",
    "ReLU",
    "InputSpec",
    "serialize",
    "deserialize",
    "ThresholdedReLU",
    "Softmax",
    # shape layers
    "Cropping1D",
    "Cropping2D",
    "Cropping3D",
    "Identity",
    "Permute",
    "RepeatVector",
    "UpSampling1D",
    "UpSampling2D",
    "UpSampling3D",
    "ZeroPadding1D",
    "ZeroPadding2D",
    "ZeroPadding3D",
    # more convolutions
    "Conv1DTranspose",
    "Conv2DTranspose",
    "Conv3DTranspose",
    "Convolution1DTranspose",
    "Convolution2DTranspose",
    "Convolution3DTranspose",
    "DepthwiseConv1D",
    "DepthwiseConv2D",
    "SeparableConv1D",
    "SeparableConv2D",
    "SeparableConvolution1D",
    "SeparableConvolution2D",
    # noise and regularization
    "ActivityRegularization",
    "AlphaDropout",
    "GaussianDropout",
    "GaussianNoise",
    "GroupNormalization",
    "SpatialDropout1D",
    "SpatialDropout2D",
    "SpatialDropout3D",
    "UnitNormalization",
    "RMSNormalization",
    "CategoryEncoding",
    "CenterCrop",
    "Discretization",
    "IntegerLookup",
    "Normalization",
    "RandomBrightness",
    "RandomContrast",
    "RandomCrop",
    "RandomFlip",
    "RandomRotation",
    "RandomShear",
    "RandomTranslation",
    "RandomZoom",
    "Rescaling",
    "Resizing",
    "Masking",
]
