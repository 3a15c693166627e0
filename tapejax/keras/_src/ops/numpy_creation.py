"""``keras.ops.numpy``'s array constructors: ranges, identity matrices, constants, windows.

Keras' defaults: float32 (floatx) unless ``dtype`` is given; ``arange`` takes the weak type
of its bounds (int32 for Python ints, float32 when one is a float)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..backend.keras_tensor import has_keras_tensor
from ..backend.ops import array_ops as _array
from ..backend.ops import creation_ops as _creation
from .function_op import as_dtype, convert, jax_op, operation, result_type


def _shape(shape) -> list:
    return [int(shape)] if isinstance(shape, (int, np.integer)) else [int(d) for d in shape]


def zeros(shape, dtype=None):
    """Zeros of ``shape`` (float32 unless ``dtype`` is given)."""
    return _creation.zeros(_shape(shape), dtype=as_dtype(dtype) or "float32")


def ones(shape, dtype=None):
    """Ones of ``shape`` (float32 unless ``dtype`` is given)."""
    return _creation.ones(_shape(shape), dtype=as_dtype(dtype) or "float32")


def empty(shape, dtype=None):
    """An array of ``shape`` (zeros, as Keras' TF backend gives)."""
    return zeros(shape, dtype)


@operation("Full", "shape dtype")
def full(shape, fill_value, dtype=None):
    """``fill_value`` broadcast to ``shape`` (float32 unless ``dtype`` is given)."""
    return _array.broadcast_to(convert(fill_value, as_dtype(dtype) or "float32"), _shape(shape))


def eye(N, M=None, k=0, dtype=None):  # noqa: N803 - Keras' names
    """An ``N x M`` matrix with ones on its ``k``-th diagonal."""
    for name, v in (("N", N), ("M", M)):
        if isinstance(v, float) or getattr(getattr(v, "dtype", None), "is_floating", False):
            raise TypeError(f"Argument `{name}` must be an integer, an integer tensor, or `None`.")
    return convert(np.eye(int(N), None if M is None else int(M), int(k)), as_dtype(dtype) or "float32")


def identity(n, dtype=None):
    """The ``n x n`` identity matrix."""
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):  # noqa: N803 - Keras' names
    """An ``N x M`` matrix with ones at and below its ``k``-th diagonal."""
    return convert(np.tri(int(N), None if M is None else int(M), int(k)), as_dtype(dtype) or "float32")


@operation("Arange", "dtype", keywords="step")
def arange(start, stop=None, step=None, dtype=None):
    """``start, start + step, ...`` below ``stop`` (``arange(n)``: ``0 .. n-1``)."""
    if stop is None:
        start, stop = 0, start
    step = 1 if step is None else step
    dtype = as_dtype(dtype) or result_type(start, stop, step)
    return _creation.range(convert(start, dtype), convert(stop, dtype), convert(step, dtype), dtype=dtype)


_linspace = jax_op(
    "Linspace",
    lambda start, stop, num, endpoint, retstep, dtype, axis: jnp.linspace(
        start, stop, num, endpoint=endpoint, retstep=retstep, dtype=dtype, axis=axis
    ),
)
_linspace_step = jax_op(
    "LinspaceStep",
    lambda start, stop, num, endpoint, retstep, dtype, axis: jnp.linspace(
        start, stop, num, endpoint=endpoint, retstep=True, dtype=dtype, axis=axis
    ),
    multiple_results=True,
)
_logspace = jax_op(
    "Logspace",
    lambda start, stop, num, endpoint, base, dtype, axis: jnp.logspace(
        start, stop, num, endpoint=endpoint, base=base, dtype=dtype, axis=axis
    ),
)
_geomspace = jax_op(
    "Geomspace",
    lambda start, stop, num, endpoint, dtype, axis: jnp.geomspace(
        start, stop, num, endpoint=endpoint, dtype=dtype, axis=axis
    ),
)


def _bounds(start, stop, dtype):
    dtype = as_dtype(dtype) or result_type(start, stop, 1.0)
    compute = dtype if dtype in ("float16", "bfloat16", "float32", "float64") else "float32"
    return convert(start, compute), convert(stop, compute), dtype


@operation("Linspace", "num endpoint retstep dtype axis")
def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """``num`` evenly spaced values from ``start`` to ``stop``; with ``retstep`` also the step."""
    start, stop, dtype = _bounds(start, stop, dtype)
    static = {"num": int(num), "endpoint": bool(endpoint), "dtype": dtype, "axis": int(axis)}
    if retstep:
        return _linspace_step(start, stop, retstep=True, **static)
    return _linspace(start, stop, retstep=False, **static)


@operation("Logspace", "num endpoint base dtype axis")
def logspace(start, stop, num=50, endpoint=True, base=10, dtype=None, axis=0):
    """``base ** linspace(start, stop, num)``."""
    start, stop, dtype = _bounds(start, stop, dtype)
    return _logspace(
        start, stop, num=int(num), endpoint=bool(endpoint), base=float(base), dtype=dtype, axis=int(axis)
    )


@operation("Geomspace", "num endpoint dtype axis")
def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """``num`` values from ``start`` to ``stop`` spaced evenly on a log scale."""
    start, stop, dtype = _bounds(start, stop, dtype)
    return _geomspace(start, stop, num=int(num), endpoint=bool(endpoint), dtype=dtype, axis=int(axis))


def _window(name: str, fn):
    def window(x, *args):
        if has_keras_tensor((x,)):
            raise ValueError(
                f"{name.capitalize()} operation does not support symbolic tensors. "
                f"Received input x = {x} of type {type(x)}"
            )
        n = int(np.asarray(convert(x)))
        return convert(np.asarray(fn(n, *args), np.float64), "float32")

    window.__name__ = window.__qualname__ = name
    window.__doc__ = f"The ``{name}`` window of ``x`` points (float32)."
    return window


bartlett = _window("bartlett", np.bartlett)
blackman = _window("blackman", np.blackman)
hamming = _window("hamming", np.hamming)
hanning = _window("hanning", np.hanning)
kaiser = _window("kaiser", np.kaiser)

_meshgrid = jax_op(
    "Meshgrid", lambda *xs, indexing: tuple(jnp.meshgrid(*xs, indexing=indexing)), multiple_results=True
)


@operation("Meshgrid", "indexing")
def meshgrid(*x, indexing="xy"):
    """Coordinate arrays from the vectors ``x`` (``"xy"``: Cartesian, ``"ij"``: matrix)."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Valid values for `indexing` are 'xy' and 'ij'. Received: indexing={indexing}")
    return list(_meshgrid(*[convert(t) for t in x], indexing=indexing))
