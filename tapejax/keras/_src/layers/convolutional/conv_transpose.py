"""Transposed convolutions: Conv1D/2D/3DTranspose (Keras 3's arguments, weights, shapes and configs).

Each transposed, depthwise and separable convolution is one tapejax op over
``_ops.conv_lowering`` (``jax_conv.py``; fast forms on the CPU). A transposed
convolution is the transpose of the forward convolution whose input has Keras' output shape,
as ``tf.nn.conv_transpose``; the kernel is
``kernel_size + (filters, in_channels)``. A depthwise kernel is ``kernel_size + (in_channels,
depth_multiplier)`` (a convolution with one group per input channel); a separable convolution
is the depthwise one (with the strides and dilation) then a ``1x1`` pointwise one.
"""

from __future__ import annotations

from ...backend.layer_op import Op, run_op
from ...backend.ops import conv_lowering
from ...utils.conv_utils import (
    spatial_of,
    standardize_padding,
    standardize_tuple,
    transpose_output_size,
    with_spatial,
)
from .base_conv import BaseConv
from .jax_conv import _numbers


def _conv_transpose(x, kernel, *, out_shape, strides, padding, dilation, data_format):
    return conv_lowering.conv_transpose(
        x,
        kernel,
        out_shape,
        strides,
        padding.upper(),
        rhs_dilation=dilation,
        dimension_numbers=_numbers(kernel.ndim - 2, data_format),
    )


_CONV_TRANSPOSE = Op("Conv2DBackpropInput", _conv_transpose)


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
