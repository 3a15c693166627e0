"""``BaseConv``, the convolution layer Conv1D, Conv2D, Conv3D are (Keras 3's arguments, weights and shapes).

The kernel is ``kernel_size + (in_channels // groups, filters)``; the output is
``activation(conv(inputs, kernel) + bias)``, computed by ``tapejax.nn.convolution`` (TF's
``SAME`` padding: the extra row at the end). ``groups > 1`` convolves each group of input
channels with its group of filters; ``padding='causal'`` (Conv1D) pads ``dilation * (k - 1)``
steps on the left.
"""

from __future__ import annotations

from ...activations import activations
from ...backend.ops import concat as _concat
from ...backend.ops import convolution as _convolution
from ...backend.ops import pad as _pad
from ...backend.ops import reshape as _reshape
from ...backend.ops import split as _split
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ...utils.conv_utils import (
    spatial_of,
    spatial_output_shape,
    standardize_data_format,
    standardize_padding,
    standardize_tuple,
    tf_data_format,
    with_spatial,
)
from ..input_spec import check_input_spec
from ..layer import Layer


class BaseConv(Layer):
    """The N-d convolution layer (``rank`` spatial dimensions); see :class:`Conv2D`."""

    rank = 2

    def __init__(
        self,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
        groups=1,
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
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        n = self.rank
        self.filters, self.groups = filters, groups
        self.kernel_size = standardize_tuple(kernel_size, n, "kernel_size")
        self.strides = standardize_tuple(strides, n, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, n, "dilation_rate")
        self.padding = standardize_padding(padding, allow_causal=n == 1)
        self.data_format = standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        if filters is not None and filters <= 0:
            raise ValueError(
                "Invalid value for argument `filters`. Expected a strictly positive value. "
                f"Received filters={filters}."
            )
        if groups <= 0:
            raise ValueError(f"The number of groups must be a positive integer. Received: groups={groups}.")
        if filters is not None and filters % groups != 0:
            raise ValueError(
                "The number of filters must be evenly divisible by the number of groups. "
                f"Received: groups={groups}, filters={filters}."
            )
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError(
                "`strides > 1` not supported in conjunction with `dilation_rate > 1`. "
                f"Received: strides={self.strides} and dilation_rate={self.dilation_rate}"
            )
        self._kernel = None
        self._channels = None

    @property
    def kernel(self):
        if self._kernel is None:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def _channel_axis(self) -> int:
        return 1 if self.data_format == "channels_first" else -1

    def build(self, input_shape) -> None:
        channels = input_shape[self._channel_axis()]
        if channels % self.groups != 0:
            raise ValueError(
                "The number of input channels must be evenly divisible by the number of "
                f"groups. Received groups={self.groups}, but the input has {channels} "
                f"channels (full input shape is {tuple(input_shape)})."
            )
        self.compute_output_shape(input_shape)
        self._channels = channels
        self._kernel = self.add_weight(
            name=self.kernel_name,
            shape=self._kernel_shape(channels),
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self._add_more_weights(channels)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                name="bias",
                shape=(self.filters,),
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )

    kernel_name = "kernel"

    def _kernel_shape(self, channels: int) -> tuple:
        return (*self.kernel_size, channels // self.groups, self.filters)

    def _add_more_weights(self, channels: int) -> None:
        """Weights created between the kernel and the bias (SeparableConv's pointwise kernel)."""

    def _check_input(self, inputs) -> None:
        axes = None if self._channels is None else {self._channel_axis(): self._channels}
        check_input_spec(self, inputs, min_ndim=self.rank + 2, axes=axes)

    def _convolve(self, x, kernel, padding):
        data_format = tf_data_format(self.data_format, self.rank)
        return _convolution(
            x,
            kernel,
            strides=self.strides,
            padding=padding.upper(),
            data_format=data_format,
            dilations=self.dilation_rate,
        )

    def call(self, inputs):
        x, padding = inputs, self.padding
        if padding == "causal":
            left = self.dilation_rate[0] * (self.kernel_size[0] - 1)
            pads = (
                [[0, 0], [0, 0], [left, 0]]
                if self.data_format == "channels_first"
                else [[0, 0], [left, 0], [0, 0]]
            )
            x, padding = _pad(x, pads), "valid"
        if self.groups == 1:
            y = self._convolve(x, self.kernel, padding)
        else:
            axis = self._channel_axis() % x.ndim
            xs = _split(x, self.groups, axis=axis)
            ks = _split(self.kernel, self.groups, axis=-1)
            y = _concat([self._convolve(a, k, padding) for a, k in zip(xs, ks, strict=True)], axis=axis)
        if self.bias is not None:
            shape = (
                (1, self.filters) + (1,) * self.rank
                if self.data_format == "channels_first"
                else (1,) * (self.rank + 1) + (self.filters,)
            )
            y = y + _reshape(self.bias, shape)
        # Keras 3 calls the activation only when set: `layer.activation = None` on a built layer.
        return y if self.activation is None else self.activation(y)

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if len(input_shape) != self.rank + 2:
            raise ValueError(
                f"Kernel shape must have the same length as input, but received kernel of "
                f"shape {self.kernel_size + (None, self.filters)} and input of shape "
                f"{input_shape}."
            )
        spatial = spatial_of(input_shape, self.data_format)
        padding = "same" if self.padding == "causal" else self.padding
        out = spatial_output_shape(spatial, self.kernel_size, self.strides, padding, self.dilation_rate)
        if any(d is not None and d <= 0 for d in out):
            kernel = (*self.kernel_size, input_shape[self._channel_axis()], self.filters)
            dilation = " ".join(str(d) for d in self.dilation_rate)
            raise ValueError(
                f"Computed output size would be zero or negative. Received `inputs shape="
                f"{input_shape}`, `kernel shape={kernel}`, `dilation_rate=[{dilation}]`, "
                f"`strides={self.strides}`, `padding={self.padding}`."
            )
        return with_spatial(input_shape, out, self.filters, self.data_format)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "groups": self.groups,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "kernel_constraint": constraints.serialize(self.kernel_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
            "activity_regularizer": regularizers.serialize(self.activity_regularizer),
        }
