"""``tf.print``: prints tensors the way TensorFlow's PrintV2 kernel formats them.

TF's format is not numpy's: elements are separated by one space without padding, floats are
written with the fewest of 6 (float32) or 15 (float64) significant digits that give the value
back, else 9 or 17, and each dimension longer than ``2 * summarize`` shows its first and last
``summarize`` entries around ``...``. Inside ``tapejax.function`` the values are printed when the
compiled function runs (``jax.debug.callback``), on every call, as TF prints in its graph.
"""

from __future__ import annotations

import sys

import jax
import numpy as np

from .._core.recording.state import jax_is_tracing
from .._core.values.access import as_tensor, value_of
from .._core.values.nest import flatten, pack
from .._core.values.summarize import number_text
from .._core.values.tensor import TensorLike


def _number_text(value, dtype: np.dtype) -> str:
    if dtype.kind == "c":
        return "?"  # TF 2.21's tf.print prints complex elements so
    return number_text(value)  # TF's LegacyPrecision, as in its error messages


def _summarized(items: list, summarize: int) -> list:
    if 0 <= summarize and len(items) > 2 * summarize:
        return [*items[:summarize], "...", *items[len(items) - summarize :]]
    return items


def _array_text(arr: np.ndarray, summarize: int, depth: int = 0) -> str:
    if arr.ndim == 0:
        return _number_text(arr[()], arr.dtype)
    if arr.ndim == 1:
        return "[" + " ".join(_summarized([_number_text(v, arr.dtype) for v in arr], summarize)) + "]"
    rows = _summarized(list(arr), summarize)
    texts = [r if isinstance(r, str) else _array_text(r, summarize, depth + 1) for r in rows]
    return "[" + ("\n" * (arr.ndim - 1) + " " * (depth + 1)).join(texts) + "]"


class _Text(str):
    """A tensor's text: printed without quotes also inside a list or dict (whose repr is used)."""

    __repr__ = str.__str__


def _write(inputs: list, leaves: list, arrays: list, sep: str, end: str, summarize: int, stream) -> None:
    it = iter(arrays)
    texts = [
        _Text(_array_text(next(it), summarize)) if isinstance(leaf, TensorLike) else leaf for leaf in leaves
    ]
    # A string prints as it is; anything else as its repr (tensors as TF's text, unquoted).
    items = pack(inputs, texts)
    stream.write(sep.join(item if isinstance(item, str) else repr(item) for item in items) + end)


def print(
    *inputs,
    output_stream=None,
    summarize: int = 3,
    sep: str = " ",
    end: str = "\n",  # noqa: A001
    name=None,
) -> None:
    """Prints ``inputs`` (tensors, Python values, nests of them) as ``tf.print`` does.

    Args:
      *inputs: what to print, separated by ``sep``.
      output_stream: where to write (an object with ``write``); ``sys.stderr`` by default, as TF.
      summarize: entries shown at each end of a long dimension (``-1``: all of them).
      sep, end: as for Python's ``print``.
      name: accepted for TF compatibility.

    >>> import sys
    >>> import tapejax as tf
    >>> tf.print(tf.range(10), "and", tf.constant([[0.5, 2.0]]), output_stream=sys.stdout)
    [0 1 2 ... 7 8 9] and [[0.5 2]]
    """
    leaves = flatten(list(inputs))[0]
    values = [value_of(as_tensor(leaf)) for leaf in leaves if isinstance(leaf, TensorLike)]

    def emit(*arrays):
        stream = sys.stderr if output_stream is None else output_stream
        _write(list(inputs), leaves, [np.asarray(a) for a in arrays], sep, end, summarize, stream)

    if jax_is_tracing() or any(isinstance(v, jax.core.Tracer) for v in values):
        # Inside a traced function, also with only Python values: TF prints on every call.
        jax.debug.callback(emit, *values, ordered=True)
    else:
        emit(*values)
