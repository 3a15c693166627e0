"""``keras.ops.numpy``'s shape and array functions: reshaping, joining, splitting, padding,
diagonals. Each keeps its input's dtype (joins take their inputs' Keras result type)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ..backend.keras_tensor import KerasTensor
from ..backend.ops import array_ops as _array
from ..backend.ops import creation_ops as _creation
from ..backend.ops import join_ops as _join
from .function_op import as_dtype, convert, jax_op, operation, result_type
from .operation import GetItem


def _ints(value):
    return tuple(int(v) for v in value) if isinstance(value, (list, tuple)) else int(value)


@operation("Reshape", "newshape")
def reshape(x, newshape):
    """``x`` with shape ``newshape`` (one entry may be -1)."""
    newshape = (newshape,) if isinstance(newshape, int) else tuple(newshape)
    return _array.reshape(convert(x), [int(d) for d in newshape])


@operation("Ravel")
def ravel(x):
    """``x`` flattened."""
    return _array.reshape(convert(x), [-1])


@operation("Transpose", "axes")
def transpose(x, axes=None):
    """``x`` with its axes permuted (reversed when ``axes`` is None)."""
    return _array.transpose(convert(x), None if axes is None else list(_ints(axes)))


@operation("ExpandDims", "axis")
def expand_dims(x, axis):
    """``x`` with new axes of length 1 at ``axis`` (an int or a tuple)."""
    x = convert(x)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    rank = len(x.shape) + len(axes)
    for a in sorted(a % rank for a in axes):
        x = _array.expand_dims(x, a)
    return x


@operation("Squeeze", "axis")
def squeeze(x, axis=None):
    """``x`` without its axes of length 1 (those in ``axis``, which must have length 1)."""
    x = convert(x)
    if axis is None:
        return _array.squeeze(x)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"Cannot squeeze axis={a}, because the dimension is not 1.")
    return _array.squeeze(x, axis=list(axes))


@operation("BroadcastTo", "shape")
def broadcast_to(x, shape):
    """``x`` broadcast to ``shape``."""
    return _array.broadcast_to(convert(x), list(_ints(shape)))


_moveaxis = jax_op("Moveaxis", jnp.moveaxis)
_swapaxes = jax_op("Swapaxes", jnp.swapaxes)
_flip = jax_op("Flip", jnp.flip)
_rot90 = jax_op("Rot90", jnp.rot90)


@operation("Moveaxis", "source destination")
def moveaxis(x, source, destination):
    """``x`` with axes ``source`` moved to ``destination``."""
    return _moveaxis(convert(x), source=_ints(source), destination=_ints(destination))


@operation("Swapaxes", "axis1 axis2")
def swapaxes(x, axis1, axis2):
    """``x`` with two axes swapped."""
    return _swapaxes(convert(x), axis1=int(axis1), axis2=int(axis2))


@operation("Flip", "axis")
def flip(x, axis=None):
    """``x`` reversed along ``axis`` (all axes when None)."""
    return _flip(convert(x), axis=None if axis is None else _ints(axis))


@operation("Fliplr")
def fliplr(x):
    """``x`` reversed along axis 1."""
    return flip(x, 1)


@operation("Flipud")
def flipud(x):
    """``x`` reversed along axis 0."""
    return flip(x, 0)


@operation("Rot90", "k axes")
def rot90(array, k=1, axes=(0, 1)):
    """``array`` rotated by 90 degrees ``k`` times in the plane of ``axes``."""
    array = convert(array)
    if len(array.shape) < 2:
        raise ValueError(
            f"Input array must have at least 2 dimensions. Received: array.ndim={len(array.shape)}"
        )
    axes = _ints(axes)
    if len(axes) != 2 or axes[0] == axes[1]:
        raise ValueError(f"Invalid axes: {axes}. Axes must be a tuple of two different dimensions.")
    return _rot90(array, k=int(k), axes=axes)


@operation("Roll", "shift axis")
def roll(x, shift, axis=None):
    """``x`` shifted by ``shift`` along ``axis`` (of the flattened array when None)."""
    x = convert(x)
    if axis is None:
        return _array.reshape(_array.roll(_array.reshape(x, [-1]), _ints(shift), 0), list(x.shape))
    return _array.roll(x, _ints(shift), _ints(axis))


@operation("Tile", "repeats")
def tile(x, repeats):
    """``x`` repeated ``repeats`` times along each axis (numpy's rule for unequal ranks)."""
    x = convert(x)
    repeats = (repeats,) if isinstance(repeats, int) else tuple(repeats)
    rank = max(len(x.shape), len(repeats))
    x = _array.reshape(x, [1] * (rank - len(x.shape)) + list(x.shape))
    return _array.tile(x, [1] * (rank - len(repeats)) + [int(r) for r in repeats])


@operation("Repeat", "repeats axis")
def repeat(x, repeats, axis=None):
    """Each element of ``x`` repeated ``repeats`` times along ``axis`` (flattened when None)."""
    x = convert(x)
    if axis is None:
        x, axis = _array.reshape(x, [-1]), 0
    return _array.repeat(x, _ints(repeats) if not hasattr(repeats, "dtype") else repeats, axis=axis)


def _joined(xs):
    """The tensors ``xs``, each in their Keras result type."""
    dtype = result_type(*xs)
    return [convert(x, dtype) for x in xs]


@operation("Concatenate", "axis")
def concatenate(xs, axis=0):
    """The arrays ``xs`` joined along ``axis`` (flattened first when None)."""
    xs = _joined(list(xs))
    if axis is None:
        xs, axis = [_array.reshape(x, [-1]) for x in xs], 0
    return _join.concat(xs, axis=axis)


@operation("Stack", "axis")
def stack(x, axis=0):
    """The arrays ``x`` stacked along a new axis ``axis``."""
    return _join.stack(_joined(list(x)), axis=axis)


def _at_least(x, rank: int):
    x = convert(x)
    shape = list(x.shape)
    if len(shape) >= rank:
        return x
    if rank == 3 and len(shape) == 2:
        return _array.reshape(x, shape + [1])
    if rank == 3 and len(shape) == 1:
        return _array.reshape(x, [1] + shape + [1])
    return _array.reshape(x, [1] * (rank - len(shape)) + shape)


@operation("Hstack")
def hstack(xs):
    """The arrays ``xs`` joined along axis 1 (axis 0 for vectors)."""
    xs = _joined([convert(x) for x in xs])
    return _join.concat(xs, axis=0 if len(xs[0].shape) == 1 else 1)


@operation("Vstack")
def vstack(xs):
    """The arrays ``xs`` (vectors as rows) joined along axis 0."""
    return _join.concat(_joined([_at_least(x, 2) for x in xs]), axis=0)


@operation("Dstack")
def dstack(xs):
    """The arrays ``xs`` (at least 3-d) joined along axis 2."""
    return _join.concat(_joined([_at_least(x, 3) for x in xs]), axis=2)


@operation("Append", "axis")
def append(x1, x2, axis=None):
    """``x2`` appended to ``x1`` along ``axis`` (both flattened when None)."""
    return concatenate([x1, x2], axis=axis)


def _split_points(length: int, indices_or_sections, even: bool = False):
    """The lengths of the pieces numpy's ``split`` (``even``) or ``array_split`` cuts."""
    if isinstance(indices_or_sections, (list, tuple, np.ndarray)):
        cuts = [0, *(int(i) for i in indices_or_sections), length]
        return [max(0, min(b, length) - min(a, length)) for a, b in zip(cuts, cuts[1:], strict=False)]
    n = int(indices_or_sections)
    base, extra = divmod(length, n)
    return [base + 1] * extra + [base] * (n - extra)


def _split(x, indices_or_sections, axis: int, even: bool):
    x = convert(x)
    if even and not isinstance(indices_or_sections, (list, tuple, np.ndarray)):
        return _join.split(x, int(indices_or_sections), axis=axis)  # TF's error for an uneven split
    return _join.split(x, _split_points(x.shape[axis], indices_or_sections, even), axis=axis)


@operation("Split", "indices_or_sections axis")
def split(x, indices_or_sections, axis=0):
    """``x`` cut into equal sections, or at the given indices, along ``axis``."""
    return _split(x, indices_or_sections, axis, even=True)


@operation("ArraySplit", "indices_or_sections axis")
def array_split(x, indices_or_sections, axis=0):
    """``x`` cut into ``indices_or_sections`` near-equal sections along ``axis``."""
    return _split(x, indices_or_sections, axis, even=False)


@operation("Hsplit", "indices_or_sections")
def hsplit(x, indices_or_sections):
    """``split`` along axis 1 (axis 0 for vectors)."""
    return _split(x, indices_or_sections, 0 if len(convert(x).shape) == 1 else 1, even=True)


@operation("Vsplit", "indices_or_sections")
def vsplit(x, indices_or_sections):
    """``split`` along axis 0."""
    return _split(x, indices_or_sections, 0, even=True)


@operation("Dsplit", "indices_or_sections")
def dsplit(x, indices_or_sections):
    """``split`` along axis 2."""
    return _split(x, indices_or_sections, 2, even=True)


_PAD_MODES = {"constant": "CONSTANT", "reflect": "REFLECT", "symmetric": "SYMMETRIC"}


@operation("Pad", "pad_width mode", keywords="constant_values")
def pad(x, pad_width, mode="constant", constant_values=None):
    """``x`` padded by ``pad_width`` (``((before, after), ...)`` per axis)."""
    x = convert(x)
    if mode not in _PAD_MODES:
        raise ValueError(
            'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". '
            f"Received `mode` = {str(mode).upper()}"
        )
    if constant_values is not None and mode != "constant":
        raise ValueError(
            "Argument `constant_values` can only be provided when `mode == 'constant'`. "
            f"Received: mode={mode}"
        )
    widths = np.asarray(pad_width, dtype=np.int64)
    if widths.ndim == 2 and widths.shape[0] == 1:
        widths = np.repeat(widths, len(x.shape), axis=0)
    value = 0 if constant_values is None else constant_values
    return _array.pad(x, widths.tolist(), mode=_PAD_MODES[mode], constant_values=value)


# -- diagonals and triangles ------------------------------------------------------------------

_diag = jax_op("Diag", jnp.diag)
_diagonal = jax_op("Diagonal", jnp.diagonal)
_trace = jax_op("Trace", jnp.trace)
_tril = jax_op("Tril", jnp.tril)
_triu = jax_op("Triu", jnp.triu)
_diff = jax_op("Diff", jnp.diff)
_vander = jax_op("Vander", jnp.vander)


@operation("Diag", "k")
def diag(x, k=0):
    """The ``k``-th diagonal of a matrix, or a matrix with the vector ``x`` on it."""
    x = convert(x)
    if len(x.shape) not in (1, 2):
        raise ValueError(f"`x` must be 1d or 2d. Received: x.shape={tuple(x.shape)}")
    return _diag(x, k=int(k))


@operation("Diagflat", "k")
def diagflat(x, k=0):
    """A matrix with the flattened ``x`` on its ``k``-th diagonal."""
    return _diag(_array.reshape(convert(x), [-1]), k=int(k))


@operation("Diagonal", "offset axis1 axis2")
def diagonal(x, offset=0, axis1=0, axis2=1):
    """The diagonal of the planes ``axis1``/``axis2``, as the last axis."""
    return _diagonal(convert(x), offset=int(offset), axis1=int(axis1), axis2=int(axis2))


@operation("Trace", "offset axis1 axis2")
def trace(x, offset=0, axis1=0, axis2=1):
    """The sum of the diagonal of the planes ``axis1``/``axis2`` (small ints widened)."""
    x = convert(x)
    if x.dtype.name in ("bool", "int8", "int16"):
        x = convert(x, "int32")
    elif x.dtype.name in ("uint8", "uint16"):
        x = convert(x, "uint32")
    return _trace(x, offset=int(offset), axis1=int(axis1), axis2=int(axis2), dtype=x.dtype.name)


@operation("Tril", "k")
def tril(x, k=0):
    """``x`` with the elements above the ``k``-th diagonal zeroed."""
    return _tril(convert(x), k=int(k))


@operation("Triu", "k")
def triu(x, k=0):
    """``x`` with the elements below the ``k``-th diagonal zeroed."""
    return _triu(convert(x), k=int(k))


@operation("Diff", "n axis")
def diff(a, n=1, axis=-1):
    """The ``n``-th differences along ``axis``."""
    return _diff(convert(a), n=int(n), axis=int(axis))


@operation("Vander", "N increasing")
def vander(x, N=None, increasing=False):  # noqa: N803 - Keras' name
    """The Vandermonde matrix of the vector ``x``: its powers as columns."""
    return _vander(convert(x), N=None if N is None else int(N), increasing=bool(increasing))


# -- copies, dtypes, sizes ------------------------------------------------------------------


@operation("Copy")
def copy(x):
    """A copy of ``x``."""
    return _array.identity(convert(x))


@operation("Array", "dtype")
def array(x, dtype=None):
    """``x`` as a tensor (of ``dtype`` if given)."""
    return convert(x, dtype)


def _view(x, dtype):
    """numpy's ``view``: ``x``'s bytes as ``dtype`` (the last axis grows or shrinks)."""
    out = jnp.dtype(dtype)
    if x.dtype.itemsize == out.itemsize:
        return jax.lax.bitcast_convert_type(x, out)
    if x.dtype.itemsize > out.itemsize:
        return jax.lax.bitcast_convert_type(x, out).reshape(*x.shape[:-1], -1)
    ratio = out.itemsize // x.dtype.itemsize
    return jax.lax.bitcast_convert_type(x.reshape(*x.shape[:-1], -1, ratio), out)


_bitcast_view = jax_op("View", _view, differentiable=False)


@operation("View", "dtype")
def view(x, dtype=None):
    """``x``'s bytes read as ``dtype``."""
    x = convert(x)
    if dtype is None:
        return x
    return _bitcast_view(x, dtype=as_dtype(dtype))


def _ndim_spec(x):
    return KerasTensor((len(x.shape),), "float32")  # Keras 3.15's spec, though the value is an int


@operation("Ndim", spec=_ndim_spec)
def ndim(x):
    """The rank of ``x`` (a Python int, as Keras' TF backend gives it)."""
    return len(convert(x).shape)


@operation("Size")
def size(x):
    """The number of elements of ``x`` (int32)."""
    return _array_size(convert(x))


def _array_size(x):
    return convert(int(np.prod(x.shape)), "int32")


def _like(creator):
    def fn(x, dtype=None):
        x = convert(x)
        return creator(x, dtype=as_dtype(dtype) or x.dtype.name)

    return fn


@operation("OnesLike", "dtype")
def ones_like(x, dtype=None):
    """Ones of ``x``'s shape (and dtype unless given)."""
    return _like(_creation.ones_like)(x, dtype)


@operation("ZerosLike", "dtype")
def zeros_like(x, dtype=None):
    """Zeros of ``x``'s shape (and dtype unless given)."""
    return _like(_creation.zeros_like)(x, dtype)


@operation("EmptyLike", "dtype")
def empty_like(x, dtype=None):
    """An array of ``x``'s shape (zeros, as Keras' TF backend gives)."""
    return _like(_creation.zeros_like)(x, dtype)


@operation("FullLike", "dtype")
def full_like(x, fill_value, dtype=None):
    """``fill_value`` broadcast to ``x``'s shape, in ``x``'s dtype unless ``dtype`` is given."""
    x = convert(x)
    dtype = as_dtype(dtype) or x.dtype.name
    return _array.broadcast_to(convert(fill_value, dtype), list(x.shape))


def get_item(x, key):
    """``x[key]``."""
    return GetItem()(x, key) if isinstance(x, KerasTensor) else GetItem(name="GetItem")(convert(x), key)
