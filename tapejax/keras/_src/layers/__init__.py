"""Every Keras layer, by class name (``load_model`` finds a layer's class here), one family
per folder."""

from __future__ import annotations

from .activations.activation import Activation
from .activations.elu import ELU
from .activations.leaky_relu import LeakyReLU
from .activations.prelu import PReLU
from .activations.relu import ReLU
from .activations.softmax import Softmax
from .activations.thresholded_relu import ThresholdedReLU
from .attention.additive_attention import AdditiveAttention
from .attention.attention import Attention
from .attention.multi_head_attention import MultiHeadAttention
from .convolutional.conv import Conv1D, Conv2D, Conv3D
from .convolutional.conv_transpose import Conv1DTranspose, Conv2DTranspose, Conv3DTranspose
from .convolutional.depthwise_conv import DepthwiseConv1D, DepthwiseConv2D
from .convolutional.separable_conv import SeparableConv1D, SeparableConv2D
from .core.dense import Dense
from .core.einsum_dense import EinsumDense
from .core.embedding import Embedding
from .core.identity import Identity
from .core.input_layer import Input, InputLayer
from .core.lambda_layer import Lambda
from .core.masking import Masking
from .layer import Layer
from .merging.add import Add, add
from .merging.average import Average, average
from .merging.concatenate import Concatenate, concatenate
from .merging.dot import Dot, dot
from .merging.maximum import Maximum, maximum
from .merging.minimum import Minimum, minimum
from .merging.multiply import Multiply, multiply
from .merging.subtract import Subtract, subtract
from .normalization.batch_normalization import BatchNormalization
from .normalization.group_normalization import GroupNormalization
from .normalization.layer_normalization import LayerNormalization
from .normalization.rms_normalization import RMSNormalization
from .normalization.unit_normalization import UnitNormalization
from .pooling.average_pooling import AveragePooling1D, AveragePooling2D, AveragePooling3D
from .pooling.global_average_pooling import (
    GlobalAveragePooling1D,
    GlobalAveragePooling2D,
    GlobalAveragePooling3D,
)
from .pooling.global_max_pooling import GlobalMaxPooling1D, GlobalMaxPooling2D, GlobalMaxPooling3D
from .pooling.max_pooling import MaxPooling1D, MaxPooling2D, MaxPooling3D
from .preprocessing.category_encoding import CategoryEncoding
from .preprocessing.discretization import Discretization
from .preprocessing.image_preprocessing.center_crop import CenterCrop
from .preprocessing.image_preprocessing.random_brightness import RandomBrightness
from .preprocessing.image_preprocessing.random_contrast import RandomContrast
from .preprocessing.image_preprocessing.random_crop import RandomCrop
from .preprocessing.image_preprocessing.random_flip import RandomFlip
from .preprocessing.image_preprocessing.random_rotation import RandomRotation
from .preprocessing.image_preprocessing.random_shear import RandomShear
from .preprocessing.image_preprocessing.random_translation import RandomTranslation
from .preprocessing.image_preprocessing.random_zoom import RandomZoom
from .preprocessing.image_preprocessing.resizing import Resizing
from .preprocessing.integer_lookup import IntegerLookup
from .preprocessing.normalization import Normalization
from .preprocessing.rescaling import Rescaling
from .regularization.activity_regularization import ActivityRegularization
from .regularization.alpha_dropout import AlphaDropout
from .regularization.dropout import Dropout
from .regularization.gaussian_dropout import GaussianDropout
from .regularization.gaussian_noise import GaussianNoise
from .regularization.spatial_dropout import SpatialDropout1D, SpatialDropout2D, SpatialDropout3D
from .reshaping.cropping import Cropping1D, Cropping2D, Cropping3D
from .reshaping.flatten import Flatten
from .reshaping.permute import Permute
from .reshaping.repeat_vector import RepeatVector
from .reshaping.reshape import Reshape
from .reshaping.up_sampling import UpSampling1D, UpSampling2D, UpSampling3D
from .reshaping.zero_padding import ZeroPadding1D, ZeroPadding2D, ZeroPadding3D
from .rnn.gru import GRU, GRUCell
from .rnn.lstm import LSTM, LSTMCell
from .rnn.rnn import RNN
from .rnn.simple_rnn import SimpleRNN, SimpleRNNCell

__all__ = [
    "Activation",
    "ActivityRegularization",
    "Add",
    "AdditiveAttention",
    "AlphaDropout",
    "Attention",
    "Average",
    "AveragePooling1D",
    "AveragePooling2D",
    "AveragePooling3D",
    "BatchNormalization",
    "Concatenate",
    "Conv1D",
    "Conv1DTranspose",
    "Conv2D",
    "Conv2DTranspose",
    "Conv3D",
    "Conv3DTranspose",
    "Cropping1D",
    "Cropping2D",
    "Cropping3D",
    "Dense",
    "DepthwiseConv1D",
    "DepthwiseConv2D",
    "Dot",
    "Dropout",
    "ELU",
    "EinsumDense",
    "Embedding",
    "Flatten",
    "GRU",
    "GRUCell",
    "GaussianDropout",
    "GaussianNoise",
    "GlobalAveragePooling1D",
    "GlobalAveragePooling2D",
    "GlobalAveragePooling3D",
    "GlobalMaxPooling1D",
    "GlobalMaxPooling2D",
    "GlobalMaxPooling3D",
    "GroupNormalization",
    "Identity",
    "Input",
    "InputLayer",
    "LSTM",
    "LSTMCell",
    "Lambda",
    "Layer",
    "LayerNormalization",
    "LeakyReLU",
    "MaxPooling1D",
    "MaxPooling2D",
    "MaxPooling3D",
    "Maximum",
    "Minimum",
    "MultiHeadAttention",
    "Multiply",
    "PReLU",
    "Permute",
    "RNN",
    "ReLU",
    "ThresholdedReLU",
    "RepeatVector",
    "Reshape",
    "SeparableConv1D",
    "SeparableConv2D",
    "SimpleRNN",
    "SimpleRNNCell",
    "Softmax",
    "SpatialDropout1D",
    "SpatialDropout2D",
    "SpatialDropout3D",
    "Subtract",
    "UnitNormalization",
    "RMSNormalization",
    "UpSampling1D",
    "UpSampling2D",
    "UpSampling3D",
    "ZeroPadding1D",
    "ZeroPadding2D",
    "ZeroPadding3D",
    "add",
    "average",
    "concatenate",
    "dot",
    "maximum",
    "minimum",
    "multiply",
    "subtract",
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
