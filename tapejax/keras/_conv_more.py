"""Transposed, depthwise and separable convolutions: Conv1D/2D/3DTranspose, DepthwiseConv1D/2D,
SeparableConv1D/2D (Keras 3's arguments, weights, shapes and configs).

Each convolution is one tapejax op over ``_ops.conv_lowering`` (``jax.lax.conv_general_dilated``,
lowered to fast forms on the CPU). A transposed convolution is the transpose of the forward
convolution whose input has Keras' output shape, as ``tf.nn.conv_transpose``; the kernel is
``kernel_size + (filters, in_channels)``. A depthwise kernel is ``kernel_size + (in_channels,
depth_multiplier)`` (a convolution with one group per input channel); a separable convolution
is the depthwise one (with the strides and dilation) then a ``1x1`` pointwise one.
"""

from __future__ import annotations

import jax.numpy as jnp

from .._ops import conv_lowering
from . import constraints, initializers, regularizers
from ._conv import BaseConv
from ._conv_args import spatial_of, spatial_output_shape, standardize_padding, standardize_tuple, with_spatial
from ._layer_op import Op, run_op


def _numbers(rank: int, data_format: str) -> tuple:
    spatial = "DHW"[-rank:] if rank > 1 else "W"
    lhs = f"NC{spatial}" if data_format == "channels_first" else f"N{spatial}C"
    return (lhs, f"{spatial}IO", lhs)


def _conv(x, kernel, *, strides, padding, dilation, data_format, groups=1):
    numbers = _numbers(kernel.ndim - 2, data_format)
    return conv_lowering.conv(
        x,
        kernel,
        strides,
        padding.upper(),
        rhs_dilation=dilation,
        dimension_numbers=numbers,
        feature_group_count=groups,
    )


def _conv_transpose(x, kernel, *, out_shape, strides, padding, dilation, data_format):
    numbers = _numbers(kernel.ndim - 2, data_format)
    return conv_lowering.conv_transpose(
        x, kernel, out_shape, strides, padding.upper(), rhs_dilation=dilation, dimension_numbers=numbers
    )


def _depthwise(x, kernel, *, data_format, **conv):
    channels = kernel.shape[-2]
    kernel = jnp.reshape(kernel, (*kernel.shape[:-2], 1, channels * kernel.shape[-1]))
    return _conv(x, kernel, data_format=data_format, groups=channels, **conv)


def _separable(x, depthwise_kernel, pointwise_kernel, *, data_format, **conv):
    y = _depthwise(x, depthwise_kernel, data_format=data_format, **conv)
    ones = (1,) * (pointwise_kernel.ndim - 2)
    return _conv(y, pointwise_kernel, strides=ones, padding="valid", dilation=ones, data_format=data_format)


_CONV_TRANSPOSE = Op("Conv2DBackpropInput", _conv_transpose)
_DEPTHWISE = Op("DepthwiseConv2dNative", _depthwise)
_SEPARABLE = Op("SeparableConv", _separable)


def transpose_output_size(size, kernel, stride, padding, output_padding, dilation):
    """Keras' transposed-convolution output length (``None`` stays None)."""
    if size is None:
        return None
    kernel = (kernel - 1) * dilation + 1
    if padding == "valid":
        extra = max(kernel, stride) - kernel if output_padding is None else output_padding
        return (size - 1) * stride + kernel + extra
    if output_padding is None:
        return size * stride
    return (size - 1) * stride + kernel % 2 + output_padding


class BaseConvTranspose(BaseConv):
    """The N-d transposed convolution; see :class:`Conv2DTranspose`."""

    def __init__(
        self,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        output_padding=None,
        data_format=None,
        dilation_rate=1,
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        standardize_padding(padding)  # no 'causal'
        super().__init__(
            filters,
            kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            kernel_constraint=kernel_constraint,
            bias_constraint=bias_constraint,
            **kwargs,
        )
        self.output_padding = None
        if output_padding is not None:
            pads = standardize_tuple(output_padding, self.rank, "output_padding", allow_zero=True)
            for i, (op, s) in enumerate(zip(pads, self.strides, strict=True)):
                if op >= s:
                    raise ValueError(
                        "`output_padding` must be strictly less than `strides` for all "
                        f"dimensions. At dimension {i}, `output_padding` is {op} but `strides` "
                        f"is {s}. Received: output_padding={pads}, strides={self.strides}"
                    )
            self.output_padding = pads

    def _kernel_shape(self, channels: int) -> tuple:
        return (*self.kernel_size, self.filters, channels)

    def _convolve(self, x, kernel, padding):
        out_shape = self.compute_output_shape(tuple(x.shape))
        return run_op(
            _CONV_TRANSPOSE,
            x,
            kernel,
            out_shape=tuple(out_shape),
            strides=self.strides,
            padding=padding,
            dilation=self.dilation_rate,
            data_format=self.data_format,
        )

    def compute_output_shape(self, input_shape):
        spatial = spatial_of(input_shape, self.data_format)
        pads = self.output_padding or (None,) * self.rank
        out = tuple(
            transpose_output_size(*args, self.padding, p, d)
            for args, p, d in zip(
                zip(spatial, self.kernel_size, self.strides, strict=True),
                pads,
                self.dilation_rate,
                strict=True,
            )
        )
        return with_spatial(input_shape, out, self.filters, self.data_format)

    def get_config(self) -> dict:
        config = super().get_config()
        del config["groups"]
        return {**config, "output_padding": self.output_padding}


class Conv1DTranspose(BaseConvTranspose):
    """1-D transposed convolution over ``(batch, steps, channels)``.

    >>> import tapejax as tf
    >>> tf.keras.layers.Conv1DTranspose(2, 3, strides=2)(tf.ones([1, 4, 1])).shape
    TensorShape([1, 9, 2])
    """

    rank = 1


class Conv2DTranspose(BaseConvTranspose):
    """2-D transposed convolution (``tf.nn.conv_transpose`` with Keras' output shape).

    Args:
      filters, kernel_size, strides, padding, data_format, dilation_rate, activation, use_bias,
        *_initializer, *_regularizer, *_constraint: as :class:`Conv2D`.
      output_padding: an int or a pair: extra rows/columns at the end (each below its stride);
        by default ``size * stride`` (``'same'``) or ``(size - 1) * stride + max(kernel, stride)``.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.Conv2DTranspose(3, 3, strides=2, padding='same')
    >>> layer(tf.ones([1, 4, 4, 2])).shape
    TensorShape([1, 8, 8, 3])
    >>> tuple(layer.kernel.shape)
    (3, 3, 3, 2)
    """

    rank = 2


class Conv3DTranspose(BaseConvTranspose):
    """3-D transposed convolution over ``(batch, depth, height, width, channels)``."""

    rank = 3


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


class BaseSeparableConv(BaseDepthwiseConv):
    """The N-d separable convolution; see :class:`SeparableConv2D`."""

    def __init__(
        self,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
        depth_multiplier=1,
        activation=None,
        use_bias=True,
        depthwise_initializer="glorot_uniform",
        pointwise_initializer="glorot_uniform",
        bias_initializer="zeros",
        depthwise_regularizer=None,
        pointwise_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        depthwise_constraint=None,
        pointwise_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(
            kernel_size,
            strides=strides,
            padding=padding,
            depth_multiplier=depth_multiplier,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            use_bias=use_bias,
            depthwise_initializer=depthwise_initializer,
            bias_initializer=bias_initializer,
            depthwise_regularizer=depthwise_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            depthwise_constraint=depthwise_constraint,
            bias_constraint=bias_constraint,
            **kwargs,
        )
        if filters is not None and filters <= 0:
            raise ValueError(
                "Invalid value for argument `filters`. Expected a strictly positive value. "
                f"Received filters={filters}."
            )
        self.separable_filters = filters
        self.pointwise_initializer = initializers.get(pointwise_initializer)
        self.pointwise_regularizer = regularizers.get(pointwise_regularizer)
        self.pointwise_constraint = constraints.get(pointwise_constraint)

    @property
    def depthwise_kernel(self):
        return self.kernel

    kernel_name = "depthwise_kernel"

    def _add_more_weights(self, channels: int) -> None:
        self.pointwise_kernel = self.add_weight(
            name="pointwise_kernel",
            shape=(1,) * self.rank + (channels * self.depth_multiplier, self.filters),
            initializer=self.pointwise_initializer,
            regularizer=self.pointwise_regularizer,
            constraint=self.pointwise_constraint,
        )

    def _convolve(self, x, kernel, padding):
        return run_op(_SEPARABLE, x, kernel, self.pointwise_kernel, **self._conv_options(padding))

    def _out_channels(self, channels):
        return self.separable_filters

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "filters": self.separable_filters,
            "pointwise_initializer": initializers.serialize(self.pointwise_initializer),
            "pointwise_regularizer": regularizers.serialize(self.pointwise_regularizer),
            "pointwise_constraint": constraints.serialize(self.pointwise_constraint),
        }


class SeparableConv1D(BaseSeparableConv):
    """1-D separable convolution: a depthwise convolution, then a pointwise (1-wide) one."""

    rank = 1


class SeparableConv2D(BaseSeparableConv):
    """2-D separable convolution: a depthwise convolution (strides, dilation, padding), then a
    ``1x1`` convolution to ``filters`` channels.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.SeparableConv2D(4, 3, depth_multiplier=2)
    >>> layer(tf.ones([1, 5, 5, 3])).shape
    TensorShape([1, 3, 3, 4])
    >>> [tuple(w.shape) for w in layer.weights]
    [(3, 3, 3, 2), (1, 1, 6, 4), (4,)]
    """

    rank = 2
