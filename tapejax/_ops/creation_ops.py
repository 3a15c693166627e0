"""Ops that create tensors (zeros, ones, eye, fill, linspace, range, one_hot, meshgrid,
sequence_mask).

Constants (zeros, ones, eye, range, ``*_like``) are never recorded: TF gives them no gradient.
``fill`` and ``linspace`` are recorded, because TF differentiates them with respect to the
value / the endpoints.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import constant_array, convert_to_tensor
from .._core.recording.record import Op, is_watched, record
from .._core.values import dtype as _dtypes
from .._core.values.access import is_symbolic_tensor, np_shape, value_of
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor, TensorLike
from .array_ops import as_ints, cast
from .builders import binary_args, check_dtype


def _shape(dims) -> tuple:
    shape = as_ints(dims)
    for d in shape:
        if d < 0:
            raise InvalidArgumentError(f"Dimension {d} must be >= 0 [Op:Fill]")
    return shape


def _full(shape, value, dtype) -> Tensor:
    # Constants stay concrete under tracing (see constant_array).
    return Tensor(constant_array(np.full(shape, value, _dtypes.as_dtype(dtype)._np)))


def zeros(shape, dtype=_dtypes.float32, name=None, layout=None) -> Tensor:
    """A tensor of zeros (``tf.zeros``), float32 by default."""
    return _full(_shape(shape), 0, dtype)


def ones(shape, dtype=_dtypes.float32, name=None, layout=None) -> Tensor:
    """A tensor of ones (``tf.ones``), float32 by default."""
    return _full(_shape(shape), 1, dtype)


def zeros_like(input, dtype=None, name=None, layout=None) -> Tensor:  # noqa: A002 - TF's name
    """Zeros with ``input``'s shape and dtype (or ``dtype``); no gradient."""
    x = convert_to_tensor(input)
    return _full(np_shape(x), 0, dtype or x.dtype)


def ones_like(input, dtype=None, name=None, layout=None) -> Tensor:  # noqa: A002
    """Ones with ``input``'s shape and dtype (or ``dtype``); no gradient."""
    x = convert_to_tensor(input)
    return _full(np_shape(x), 1, dtype or x.dtype)


_FILL = Op("Fill", jnp.broadcast_to)


def fill(dims, value, name=None, layout=None) -> Tensor:
    """A tensor of shape ``dims`` filled with the scalar ``value`` (``tf.fill``); the gradient
    with respect to ``value`` is the sum of the incoming gradient.

    >>> import tapejax as tf
    >>> tf.fill([2, 2], 1.5)
    <tf.Tensor: shape=(2, 2), dtype=float32, numpy=
    array([[1.5, 1.5],
           [1.5, 1.5]], dtype=float32)>
    """
    v = convert_to_tensor(value)
    if v.ndim:
        raise InvalidArgumentError(
            f"value must represent a scalar, got shape [{','.join(map(str, v.shape))}] [Op:Fill]"
        )
    shape = _shape(dims)
    if not is_symbolic_tensor(v) and not is_watched((v,)):
        # Nothing differentiates it: made on the host, without an XLA program per shape.
        return Tensor(constant_array(np.full(shape, np.asarray(value_of(v)))))
    return record(_FILL, (v,), {"shape": shape})


def eye(num_rows, num_columns=None, batch_shape=None, dtype=_dtypes.float32, name=None) -> Tensor:
    """The identity matrix (``tf.eye``), optionally rectangular and batched."""
    rows = int(num_rows)
    cols = rows if num_columns is None else int(num_columns)
    _shape((rows, cols))
    m = np.eye(rows, cols, dtype=_dtypes.as_dtype(dtype)._np)
    if batch_shape is not None:
        m = np.broadcast_to(m, _shape(batch_shape) + m.shape)
    return Tensor(constant_array(m))


def _linspace(start, stop, num: int, axis: int):
    # TF's formula (math_ops.linspace_nd): start, start + i * delta for 0 < i < num - 1, then stop
    # exactly. jnp.linspace interpolates otherwise and can be an ulp off (1.0000001 for 1.0).
    start, stop = (jnp.expand_dims(v, axis) for v in jnp.broadcast_arrays(start, stop))
    delta = (stop - start) / jnp.asarray(max(num - 1, 1), start.dtype)
    shape = [1] * start.ndim
    shape[axis] = max(num - 2, 0)
    middle = start + delta * jnp.arange(1, max(num - 1, 1), dtype=start.dtype).reshape(shape)
    return jax.lax.slice_in_dim(jnp.concatenate([start, middle, stop], axis), 0, num, axis=axis)


_LINSPACE = Op("LinSpace", _linspace)


def linspace(start, stop, num, name=None, axis=0) -> Tensor:
    """``num`` evenly spaced values from ``start`` to ``stop`` inclusive (``tf.linspace``);
    float32 for Python floats, float64 for integer endpoints, as TF. ``start`` and ``stop`` may
    be tensors of one shape (the values go along ``axis``).

    >>> import tapejax as tf
    >>> tf.linspace(0.0, 1.0, 5)
    <tf.Tensor: shape=(5,), dtype=float32, numpy=array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float32)>
    """

    start, stop = binary_args(start, stop, "LinSpace")
    if not (start.dtype.is_floating or start.dtype.is_complex):
        start, stop = cast(start, _dtypes.float64), cast(stop, _dtypes.float64)
    axis = int(axis) % (max(start.ndim, stop.ndim) + 1)
    return record(_LINSPACE, (start, stop), {"num": int(num), "axis": axis})


_RANGE_ORDER = ("int32", "int64", "float16", "bfloat16", "float32", "float64")


def _range_rank(name: str) -> int:
    return _RANGE_ORDER.index(name) if name in _RANGE_ORDER else -1


def range(start, limit=None, delta=1, dtype=None, name="range") -> Tensor:  # noqa: A001
    """Like Python's ``range`` for tensors (``tf.range``): int32 for ints, float32 for floats;
    mixed arguments take the widest of int32 < int64 < float16 < bfloat16 < float32 < float64,
    as TF; the length and values are computed in that dtype, as TF's kernel.

    >>> import tapejax as tf
    >>> tf.range(5, 0, -2)
    <tf.Tensor: shape=(3,), dtype=int32, numpy=array([5, 3, 1], dtype=int32)>
    """
    if limit is None:
        start, limit = 0, start
    # As TF: a Python number converts straight to ``dtype`` (0.1 in float64 is float64's 0.1,
    # not float32's widened), a tensor is cast.
    args = [
        v if isinstance(v, TensorLike) else convert_to_tensor(v, dtype=dtype) for v in (start, limit, delta)
    ]
    args = [convert_to_tensor(v) for v in args]
    for what, a in zip(("start", "limit", "delta"), args, strict=True):
        if is_symbolic_tensor(a):
            raise TypeError(
                f"tf.range needs its {what} known while tapejax.function traces (an XLA program's "
                "shapes are fixed when it is compiled), but it is a symbolic tensor. Pass a Python "
                "number or an eager tensor, or write tf.range(length) * delta + start with a known "
                "length."
            )
    if dtype is None:
        dtype = max((a.dtype.name for a in args), key=_range_rank)
    dtype = _dtypes.as_dtype(dtype)
    lo, hi, step = (np.asarray(value_of(a)).astype(dtype._np).item() for a in args)
    if step == 0:
        raise InvalidArgumentError(f"Requires delta != 0: {step} [Op:Range]")
    if step > 0 and lo > hi:
        raise InvalidArgumentError(f"Requires start <= limit when delta > 0: {lo}/{hi} [Op:Range]")
    if step < 0 and lo < hi:
        raise InvalidArgumentError(f"Requires start >= limit when delta < 0: {lo}/{hi} [Op:Range]")
    return Tensor(constant_array(_range_values(lo, hi, step, dtype._np)))


def _range_values(lo, hi, step, np_dtype) -> np.ndarray:
    # TF's Range kernel works in the output dtype throughout: the length is
    # ceil(|(limit - start) / delta|) computed in that dtype (float32 for Python floats), and
    # element i is start + T(i) * delta, rounded in that dtype at each step. numpy's arange does
    # both in float64, which gives tf.range(-2., 1., 3. / 800.) 801 float32 elements, not TF's 800.
    lo, hi, step = (np_dtype.type(v) for v in (lo, hi, step))
    if np.issubdtype(np_dtype, np.integer):
        size = (abs(int(hi) - int(lo)) + abs(int(step)) - 1) // abs(int(step))
    else:
        size = int(np.ceil(np.abs((hi - lo) / step)))
    return lo + np.arange(max(size, 0)).astype(np_dtype) * step


_ONE_HOT = Op(
    "OneHot",
    lambda i, on, off, depth, axis: jnp.where(
        jnp.moveaxis(jax.nn.one_hot(i, depth, dtype=bool), -1, axis), on, off
    ),
    differentiable=False,
)


def _one_hot_values(on_value, off_value, dtype):
    if dtype is not None:
        dtype = _dtypes.as_dtype(dtype)
        on = convert_to_tensor(1 if on_value is None else on_value, dtype=dtype)
        off = convert_to_tensor(0 if off_value is None else off_value, dtype=dtype)
        return on, off
    on = None if on_value is None else convert_to_tensor(on_value)
    off = None if off_value is None else convert_to_tensor(off_value)
    inferred = on.dtype if on is not None else off.dtype if off is not None else _dtypes.float32
    on = convert_to_tensor(1, dtype=inferred) if on is None else on
    off = convert_to_tensor(0, dtype=inferred) if off is None else off
    if on.dtype != off.dtype:
        raise TypeError(f"dtype {on.dtype} of on_value does not match dtype {off.dtype} of off_value")
    return on, off


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None) -> Tensor:
    """One-hot encoding of integer ``indices`` along a new ``axis`` (last by default); indices
    outside ``[0, depth)`` give a row of ``off_value`` (``tf.one_hot``).

    >>> import tapejax as tf
    >>> tf.one_hot([0, 2], 3)
    <tf.Tensor: shape=(2, 3), dtype=float32, numpy=
    array([[1., 0., 0.],
           [0., 0., 1.]], dtype=float32)>
    """
    i = convert_to_tensor(indices)
    check_dtype("OneHot", ("uint8", "int8", "int32", "int64"), i, attr="TI")
    on, off = _one_hot_values(on_value, off_value, dtype)
    axis = -1 if axis is None else int(axis)
    return record(_ONE_HOT, (i, on, off), {"depth": int(depth), "axis": axis % (i.ndim + 1)})


def sequence_mask(lengths, maxlen=None, dtype=_dtypes.bool, name=None) -> Tensor:
    """``mask[..., j] = j < lengths[...]`` with ``maxlen`` columns (``max(lengths)`` by default).

    >>> import tapejax as tf
    >>> tf.sequence_mask([1, 3], 4)
    <tf.Tensor: shape=(2, 4), dtype=bool, numpy=
    array([[ True, False, False, False],
           [ True,  True,  True, False]])>
    """
    n = convert_to_tensor(lengths)
    maxlen = int(jnp.max(value_of(n))) if maxlen is None else int(maxlen)
    mask = jnp.arange(maxlen) < value_of(n)[..., None]
    return Tensor(mask.astype(_dtypes.as_dtype(dtype)._np))


def meshgrid(*args, **kwargs) -> list:
    """Coordinate grids from 1-D tensors (``tf.meshgrid``); ``indexing='xy'`` (default) or ``'ij'``."""
    indexing = kwargs.pop("indexing", "xy")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"indexing parameter must be either 'xy' or 'ij', got {indexing!r}")
    tensors = [convert_to_tensor(a) for a in args]
    return list(record(_MESHGRID, tuple(tensors), {"indexing": indexing})) if tensors else []


_MESHGRID = Op(
    "Meshgrid", lambda *xs, indexing: tuple(jnp.meshgrid(*xs, indexing=indexing)), multiple_results=True
)
