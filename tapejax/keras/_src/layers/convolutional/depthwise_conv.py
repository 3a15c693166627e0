"""Depthwise convolutions (DepthwiseConv1D/2D): one kernel per input channel."""

from __future__ import annotations

import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from ...utils.conv_utils import (
    spatial_of,
    spatial_output_shape,
    with_spatial,
)
from .base_conv import BaseConv
from .jax_conv import _conv


def _depthwise(x, kernel, *, data_format, **conv):
    channels = kernel.shape[-2]
    kernel = jnp.reshape(kernel, (*kernel.shape[:-2], 1, channels * kernel.shape[-1]))
    return _conv(x, kernel, data_format=data_format, groups=channels, **conv)


_DEPTHWISE = Op("DepthwiseConv2dNative", _depthwise)


class BaseDepthwiseConv(BaseConv):
    """The N-d depthwise convolution; see :class:`DepthwiseConv2D`."""

    def __init__(
        self,
        kernel_size,
        strides=1,
        padding="valid",
        depth_multiplier=1,
        data_format=None,
        dilation_rate=1,
        activation=None,
        use_bias=True,
        depthwise_initializer="glorot_uniform",
        bias_initializer="zeros",
        depthwise_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        depthwise_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(
            None,
            kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            use_bias=use_bias,
            kernel_initializer=depthwise_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=depthwise_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            kernel_constraint=depthwise_constraint,
            bias_constraint=bias_constraint,
            **kwargs,
        )
        if depth_multiplier is not None and depth_multiplier <= 0:
            raise ValueError(
                "Invalid value for argument `depth_multiplier`. Expected a strictly positive "
                f"value. Received depth_multiplier={depth_multiplier}."
            )
        self.depth_multiplier = depth_multiplier

    def build(self, input_shape) -> None:
        self.filters = self._out_channels(input_shape[self._channel_axis()])
        super().build(input_shape)

    def _kernel_shape(self, channels: int) -> tuple:
        return (*self.kernel_size, channels, self.depth_multiplier)

    def _conv_options(self, padding) -> dict:
        return {
            "strides": self.strides,
            "padding": padding,
            "dilation": self.dilation_rate,
            "data_format": self.data_format,
        }

    def _convolve(self, x, kernel, padding):
        return run_op(_DEPTHWISE, x, kernel, **self._conv_options(padding))

    def _out_channels(self, channels):
        return channels * self.depth_multiplier

    def compute_output_shape(self, input_shape):
        spatial = spatial_of(input_shape, self.data_format)
        out = spatial_output_shape(spatial, self.kernel_size, self.strides, self.padding, self.dilation_rate)
        channels = input_shape[self._channel_axis()]
        return with_spatial(input_shape, out, self._out_channels(channels), self.data_format)

    def get_config(self) -> dict:
        config = super().get_config()
        for key in ("filters", "groups"):
            del config[key]
        for key in ("initializer", "regularizer", "constraint"):
            config[f"depthwise_{key}"] = config.pop(f"kernel_{key}")
        return {**config, "depth_multiplier": self.depth_multiplier}


class DepthwiseConv1D(BaseDepthwiseConv):
    """1-D depthwise convolution: each input channel convolved with its own
    ``depth_multiplier`` filters.

    >>> import tapejax as tf
    >>> tf.keras.layers.DepthwiseConv1D(3, depth_multiplier=2)(tf.ones([1, 5, 3])).shape
    TensorShape([1, 3, 6])
    """

    rank = 1


class DepthwiseConv2D(BaseDepthwiseConv):
    """2-D depthwise convolution: output channels ``in_channels * depth_multiplier``.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.DepthwiseConv2D(3, padding='same')
    >>> layer(tf.ones([1, 5, 5, 4])).shape
    TensorShape([1, 5, 5, 4])
    >>> tuple(layer.kernel.shape)
    (3, 3, 4, 1)
    """

    rank = 2
