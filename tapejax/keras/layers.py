"""Keras layers (``tf.keras.layers``): the base Layer and Keras 3's common layers."""

from __future__ import annotations

from ._activation_layers import ELU, LeakyReLU, PReLU, ReLU, Softmax
from ._attention import AdditiveAttention, Attention
from ._batch_normalization import BatchNormalization
from ._conv import Conv1D, Conv2D, Conv3D
from ._conv_more import (
    Conv1DTranspose,
    Conv2DTranspose,
    Conv3DTranspose,
    DepthwiseConv1D,
    DepthwiseConv2D,
    SeparableConv1D,
    SeparableConv2D,
)
from ._core_layers import Activation, Dropout, Flatten, Reshape
from ._dense import Dense
from ._dot import Dot, dot
from ._einsum_dense import EinsumDense
from ._embedding import Embedding
from ._input_layer import Input, InputLayer
from ._lambda import Lambda
from ._layer import Layer
from ._layer_normalization import LayerNormalization
from ._merging import (
    Add,
    Average,
    Concatenate,
    Maximum,
    Minimum,
    Multiply,
    Subtract,
    add,
    average,
    concatenate,
    maximum,
    minimum,
    multiply,
    subtract,
)
from ._multi_head_attention import MultiHeadAttention
from ._noise_layers import (
    ActivityRegularization,
    AlphaDropout,
    GaussianDropout,
    GaussianNoise,
    GroupNormalization,
    SpatialDropout1D,
    SpatialDropout2D,
    UnitNormalization,
)
from ._pooling import (
    AveragePooling1D,
    AveragePooling2D,
    AveragePooling3D,
    GlobalAveragePooling1D,
    GlobalAveragePooling2D,
    GlobalAveragePooling3D,
    GlobalMaxPooling1D,
    GlobalMaxPooling2D,
    GlobalMaxPooling3D,
    MaxPooling1D,
    MaxPooling2D,
    MaxPooling3D,
)
from ._reshaping_layers import (
    Cropping1D,
    Cropping2D,
    Identity,
    Permute,
    RepeatVector,
    UpSampling1D,
    UpSampling2D,
    ZeroPadding1D,
    ZeroPadding2D,
)
from ._rnn import GRU, LSTM, RNN, SimpleRNN
from ._rnn_cells import GRUCell, LSTMCell, SimpleRNNCell

# Keras' aliases.
AvgPool1D, AvgPool2D, AvgPool3D = AveragePooling1D, AveragePooling2D, AveragePooling3D
MaxPool1D, MaxPool2D, MaxPool3D = MaxPooling1D, MaxPooling2D, MaxPooling3D
GlobalAvgPool1D, GlobalAvgPool2D, GlobalAvgPool3D = (
    GlobalAveragePooling1D,
    GlobalAveragePooling2D,
    GlobalAveragePooling3D,
)
GlobalMaxPool1D, GlobalMaxPool2D, GlobalMaxPool3D = GlobalMaxPooling1D, GlobalMaxPooling2D, GlobalMaxPooling3D
Convolution1D, Convolution2D, Convolution3D = Conv1D, Conv2D, Conv3D
Convolution1DTranspose, Convolution2DTranspose, Convolution3DTranspose = (
    Conv1DTranspose,
    Conv2DTranspose,
    Conv3DTranspose,
)
SeparableConvolution1D, SeparableConvolution2D = SeparableConv1D, SeparableConv2D

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
    "Softmax",
    # shape layers
    "Cropping1D",
    "Cropping2D",
    "Identity",
    "Permute",
    "RepeatVector",
    "UpSampling1D",
    "UpSampling2D",
    "ZeroPadding1D",
    "ZeroPadding2D",
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
    "UnitNormalization",
]
