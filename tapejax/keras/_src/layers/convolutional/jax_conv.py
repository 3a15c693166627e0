"""The convolution the transposed, depthwise and separable layers run (one op each), through
``_ops.conv_lowering``: XLA's convolution, lowered to fast forms on the CPU."""

from __future__ import annotations

from ...backend.ops import conv_lowering


def _numbers(rank: int, data_format: str) -> tuple:
    spatial = "DHW"[-rank:] if rank > 1 else "W"
    lhs = f"NC{spatial}" if data_format == "channels_first" else f"N{spatial}C"
    return (lhs, f"{spatial}IO", lhs)


def _conv(x, kernel, *, strides, padding, dilation, data_format, groups=1):
    return conv_lowering.conv(
        x,
        kernel,
        strides,
        padding.upper(),
        rhs_dilation=dilation,
        dimension_numbers=_numbers(kernel.ndim - 2, data_format),
        feature_group_count=groups,
    )
