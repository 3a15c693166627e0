"""TF's text of a tensor's values in an error message (``Tensor::SummarizeValue``).

A failed ``tf.debugging.Assert`` inside a ``tf.function`` prints each data tensor this way,
between brackets: ``assertion failed: [x (x:0) = ] [1 -2 3]``; ``summarize`` elements at most,
nested brackets per dimension, then ``...`` when some were left out.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np


def summarize(value, limit: int, shape=None) -> str:
    """``value`` (array-like) as TF's SummarizeValue prints it, ``limit`` elements at most
    (``-1``: all). With ``shape``, ``value`` holds only the first elements (at least ``limit``)
    of a tensor of that shape, flattened."""
    arr = np.asarray(value)
    shape = arr.shape if shape is None else tuple(shape)
    flat = arr.reshape(-1)
    size = int(np.prod(shape))
    limit = size if limit < 0 else min(limit, size)
    if not shape:
        text = " ".join(number_text(v) for v in flat[:limit])
    else:
        parts: list = []
        _dimension(shape, 0, limit, flat, [0], parts)
        text = "".join(parts)
    return text + ("..." if size > limit else "")


def _dimension(shape, dim: int, limit: int, flat, index: list, out: list) -> None:
    """TF's PrintOneDim: the elements of dimension ``dim`` from ``index[0]`` on."""
    if index[0] >= limit:
        return
    if dim == len(shape) - 1:
        for i in range(shape[dim]):
            if index[0] >= limit:
                if dim != 0:
                    out.append("...")
                return
            out.append((" " if i else "") + number_text(flat[index[0]]))
            index[0] += 1
        return
    for _ in range(shape[dim]):
        opened = index[0] < limit
        if opened:
            out.append("[")
        _dimension(shape, dim + 1, limit, flat, index, out)
        if opened or index[0] < limit:
            out.append("]")


_BFLOAT16 = np.dtype(ml_dtypes.bfloat16)  # not a numpy floating type


def number_text(v) -> str:
    """One element as TF prints it: a float with 6 (float) / 15 (double) significant digits, or
    9 / 17 when fewer would not read back as the same number (bfloat16 and float16 as float32);
    a bool as 1 or 0."""
    if isinstance(v, np.bool_):
        return "1" if v else "0"
    if isinstance(v, np.complexfloating):
        return f"({number_text(v.real)},{number_text(v.imag)})"
    if isinstance(v, np.floating) or getattr(v, "dtype", None) == _BFLOAT16:
        if v.dtype == np.float64:
            short, exact, kind = f"{v:.15g}", f"{v:.17g}", np.float64
        else:
            v = np.float32(v)
            short, exact, kind = f"{v:.6g}", f"{v:.9g}", np.float32
        text = short if np.isnan(v) or kind(short) == v else exact
        return text
    return str(v)


def field(limit: int, shape) -> str:
    """The ``str.format`` field printing a check's value as TF's SummarizeValue of a tensor of
    ``shape`` with ``limit`` elements; the value passed is only the tensor's first elements,
    flattened (a check copies out no more than it prints)."""
    return "{:tf" + str(limit) + "@" + ",".join(str(d) for d in shape) + "}"


class Summarized:
    """A check's value as ``str.format`` sees it: a ``field(limit, shape)`` prints it as TF's
    SummarizeValue; ``{}`` as numpy prints it."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = np.asarray(value)

    def __format__(self, spec: str) -> str:
        if spec.startswith("tf"):
            limit, dims = spec[2:].split("@")
            return summarize(self.value, int(limit), [int(d) for d in dims.split(",") if d])
        return format(self.value, spec)
