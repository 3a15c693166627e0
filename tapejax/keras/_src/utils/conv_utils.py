"""Keras' standardization of convolution and pooling arguments (tuples, padding, data_format)."""

from __future__ import annotations

import math


def standardize_tuple(value, n: int, name: str, allow_zero: bool = False) -> tuple:
    """An int or an iterable of ``n`` ints as a tuple of ``n`` ints (Keras' ``standardize_tuple``)."""
    if isinstance(value, int):
        values = (value,) * n
    else:
        try:
            values = tuple(value)
        except TypeError:
            values = ()
        if len(values) != n or not all(isinstance(v, int) for v in values):
            raise ValueError(
                f"The `{name}` argument must be a tuple of {n} integers. Received {name}={value}"
            )
    req = "{>= 0}" if allow_zero else "{> 0}"
    bad = [v for v in values if v < 0 or (v == 0 and not allow_zero)]
    if bad:
        raise ValueError(
            f"The `{name}` argument must be a tuple of integers. Received {name}={value} "
            f"including values {set(bad)} that do not satisfy `value {req}`"
        )
    return values


def standardize_padding(value, allow_causal: bool = False) -> str:
    padding = str(value).lower()
    allowed = {"valid", "same", "causal"} if allow_causal else {"valid", "same"}
    if padding not in allowed:
        raise ValueError(
            f"The `padding` argument must be a list/tuple or one of {allowed}. Received: {value}"
        )
    return padding


def standardize_data_format(value) -> str:
    data_format = "channels_last" if value is None else str(value).lower()
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(
            'The `data_format` argument must be one of {"channels_first", "channels_last"}. '
            f"Received: data_format={value}"
        )
    return data_format


def tf_data_format(data_format: str, n: int) -> str:
    """``'channels_first'`` -> ``'NCHW'`` (for ``n`` spatial dims), channels last -> ``'NHWC'``."""
    spatial = "DHW"[-n:]
    return f"NC{spatial}" if data_format == "channels_first" else f"N{spatial}C"


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


def spatial_output_shape(spatial, window, strides, padding, dilation) -> tuple:
    """The output's spatial sizes (None stays None), as Keras' conv and pooling shapes."""
    out = []
    for size, k, s, d in zip(spatial, window, strides, dilation, strict=True):
        if size is None:
            out.append(None)
        elif padding == "valid":
            out.append(math.floor((size - d * (k - 1) - 1) / s) + 1)
        else:
            out.append(math.floor((size - 1) / s) + 1)
    return tuple(out)


def with_spatial(input_shape, spatial, channels, data_format) -> tuple:
    """``input_shape`` with its spatial sizes and channel count replaced."""
    batch = tuple(input_shape)[0]
    if data_format == "channels_first":
        return (batch, channels, *spatial)
    return (batch, *spatial, channels)


def spatial_of(input_shape, data_format) -> tuple:
    shape = tuple(input_shape)
    return shape[2:] if data_format == "channels_first" else shape[1:-1]
