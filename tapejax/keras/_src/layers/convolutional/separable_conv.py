"""Separable convolutions (SeparableConv1D/2D): depthwise, then a 1x1 pointwise kernel."""

from __future__ import annotations

from ...backend.layer_op import Op, run_op
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from .depthwise_conv import BaseDepthwiseConv, _depthwise
from .jax_conv import _conv


def _separable(x, depthwise_kernel, pointwise_kernel, *, data_format, **conv):
    y = _depthwise(x, depthwise_kernel, data_format=data_format, **conv)
    ones = (1,) * (pointwise_kernel.ndim - 2)
    return _conv(y, pointwise_kernel, strides=ones, padding="valid", dilation=ones, data_format=data_format)


_SEPARABLE = Op("SeparableConv", _separable)


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
