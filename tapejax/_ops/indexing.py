"""Indexing: ``Tensor.__getitem__`` (TF's strided slice), ``tf.slice``, ``tf.strided_slice``.

An index is turned into a hashable spec (ints, slices, newaxis, ellipsis) and checked with
TF's messages; the jax function applies it. As TF, a list index is a tuple of indices
(``t[[0, 1]]`` is ``t[0, 1]``) and a bool tensor index is ``boolean_mask``.

Values are not structure: an integer index and the start of a unit-stride slice do not change
the result's shape, so they are inputs of the op (int32 scalars, as TF makes them tensor
constants), not part of its static spec; only what fixes the shape (which dimensions are
indexed, a slice's length and stride) is static. ``probs[0, action]`` with a sampled
``action`` is then one recorded structure, one compiled program, whatever ``action`` is.
"""

from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values.access import as_tensor, is_symbolic_tensor, np_shape
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor, TensorLike
from .selection_ops import boolean_mask

_INDEX_HELP = (
    "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
    "tf.int32/tf.int64 tensors are valid indices, got {!r}. Use tapejax.gather for lists "
    "of indices."
)


def _fail(message: str, op_name: str = "StridedSlice"):
    raise InvalidArgumentError(f"{message} [Op:{op_name}]")


def _static_int(k, key):
    if isinstance(k, (bool, np.bool_)):
        raise TypeError(_INDEX_HELP.format(key))
    if isinstance(k, (int, np.integer)):
        return int(k)
    if isinstance(k, TensorLike) and k.ndim == 0 and k.dtype.is_integer:
        return int(k)
    raise TypeError(_INDEX_HELP.format(k))


def _bound(v):
    return None if v is None else _static_int(v, v)


def _index_spec(key) -> tuple:
    """A hashable description of a Python index (slices are unhashable before Python 3.12)."""
    if not isinstance(key, (tuple, list)):
        key = (key,)
    spec = []
    for k in key:
        if k is None:
            spec.append(("newaxis",))
        elif k is Ellipsis:
            spec.append(("ellipsis",))
        elif isinstance(k, builtins.slice):
            if k.step is not None and _bound(k.step) == 0:
                _fail(f"strides[{len(spec)}] must be non-zero")
            spec.append(("slice", _bound(k.start), _bound(k.stop), _bound(k.step)))
        else:
            spec.append(("int", _static_int(k, k)))
    if sum(s[0] == "ellipsis" for s in spec) > 1:
        _fail("Multiple ellipses in slice spec not allowed")
    return tuple(spec)


def _index_from_spec(spec) -> tuple:
    out = []
    for s in spec:
        kind = s[0]
        out.append(
            None
            if kind == "newaxis"
            else Ellipsis
            if kind == "ellipsis"
            else builtins.slice(*s[1:])
            if kind == "slice"
            else s[1]
        )
    return tuple(out)


_STRIDED_SLICE = Op("StridedSlice", lambda x, spec: x[_index_from_spec(spec)])


def _check_spec(shape: tuple, spec) -> None:
    """TF's checks of ``spec`` against a tensor of ``shape`` (its dims, ``np_shape``)."""
    ndim = len(shape)
    dims = [s for s in spec if s[0] in ("int", "slice")]
    if ndim == 0 and dims:
        _fail("Attempting to slice scalar input.")
    if len(dims) > ndim:
        _fail(f"Index out of range using input dim {ndim}; input has only {ndim} dims")
    axis = 0
    for i, s in enumerate(spec):
        if s[0] == "ellipsis":
            axis = ndim - sum(1 for t in spec[i + 1 :] if t[0] in ("int", "slice"))
        elif s[0] == "int":
            if not -shape[axis] <= s[1] < shape[axis]:
                _fail(f"slice index {s[1]} of dimension {axis} out of bounds.")
            axis += 1
        elif s[0] == "slice":
            axis += 1


_CONSUMING = frozenset({"int", "slice", "at", "window"})  # entries that index one dimension


def _dynamic_form(shape, spec):
    """``spec`` (checked) with its integer indices and unit-stride slices' starts taken out:
    ``(spec, starts)``, where an int becomes ``("at",)`` and a slice of a part of its dimension
    ``("window", length)``, each reading its (normalized, in range) start from ``starts``;
    ``starts`` is empty when nothing is taken out (then ``spec`` is returned as it is)."""
    n_dims = sum(1 for s in spec if s[0] in _CONSUMING)
    out, starts, axis = [], [], 0
    for s in spec:
        kind = s[0]
        if kind not in _CONSUMING:
            if kind == "ellipsis":
                axis += len(shape) - n_dims
            out.append(s)
            continue
        dim = shape[axis]
        axis += 1
        if not isinstance(dim, int):  # a dimension of unknown size: the spec as it is
            return spec, []
        if kind == "int":
            out.append(("at",))
            starts.append(s[1] + dim if s[1] < 0 else s[1])
            continue
        start, stop, step = builtins.slice(*s[1:]).indices(dim)
        if step != 1 or (start, stop) == (0, dim):
            out.append(s)
        else:
            out.append(("window", max(0, stop - start)))
            starts.append(min(start, dim))
    return (tuple(out), starts) if starts else (spec, [])


def _take(x, *starts, spec):
    """``x[spec]`` with the starts of its ``("at",)`` and ``("window", n)`` entries given as
    scalars: the static part first (those entries kept whole), then one ``dynamic_slice``."""
    n_dims = sum(1 for s in spec if s[0] in _CONSUMING)
    static, begin_at, sizes, dropped, axis = [], [], [], [], 0  # axis: of the static part's result
    for s in spec:
        kind = s[0]
        if kind in ("at", "window"):
            static.append(builtins.slice(None))
            begin_at.append(axis)
            sizes.append(1 if kind == "at" else s[1])
            if kind == "at":
                dropped.append(axis)
        elif kind == "ellipsis":
            static.append(Ellipsis)
            axis += x.ndim - n_dims - 1
        else:
            static.append(_index_from_spec((s,))[0])
            axis -= kind == "int"
        axis += 1
    y = x[tuple(static)]
    index_type = starts[0].dtype  # int32, or int64 for a dimension past 2**31
    begin, size = [jnp.zeros((), index_type)] * y.ndim, list(y.shape)
    for a, i, n in zip(begin_at, starts, sizes, strict=True):
        begin[a], size[a] = i.astype(index_type), n
    y = jax.lax.dynamic_slice(y, begin, size)
    return jax.lax.squeeze(y, dropped) if dropped else y


_TAKE = Op("StridedSlice", jax.jit(_take, static_argnames="spec"))


def _record_index(x: Tensor, shape: tuple, spec) -> Tensor:
    """``x[spec]`` (``spec`` checked against ``x``'s ``shape``) recorded with its starts as
    inputs where they can be."""
    dynamic, starts = _dynamic_form(shape, spec)
    if not starts:
        return record(_STRIDED_SLICE, (x,), {"spec": spec})
    inputs = (x, *[convert_to_tensor(i) for i in starts])
    return record(_TAKE, inputs, {"spec": dynamic})


def _dynamic_index(x, i):
    return jax.lax.dynamic_index_in_dim(x, jnp.where(i < 0, i + x.shape[0], i), 0, keepdims=False)


# ``x[i]`` with a symbolic scalar ``i`` (a loop counter inside tapejax.function). An index out of
# range is clamped (JAX's dynamic indexing); TF raises at run time.
_DYNAMIC_INDEX = Op("StridedSlice", _dynamic_index)


def getitem(tensor, key) -> Tensor:
    """``tensor[key]`` with TF's rules (``Tensor.__getitem__``)."""
    x = convert_to_tensor(tensor)
    if isinstance(key, TensorLike) and key.dtype.is_bool:
        return boolean_mask(x, key)
    if (
        isinstance(key, TensorLike)
        and is_symbolic_tensor(as_tensor(key))
        and key.dtype.is_integer
        and key.ndim == 0
        and x.ndim
    ):
        return record(_DYNAMIC_INDEX, (x, as_tensor(key)))  # e.g. an AutoGraph loop's counter
    if isinstance(key, (tuple, list)) and any(isinstance(k, (tuple, list)) for k in key):
        raise TypeError(_INDEX_HELP.format(next(k for k in key if isinstance(k, (tuple, list)))))
    spec = _index_spec(key)
    shape = np_shape(x)
    _check_spec(shape, spec)
    return _record_index(x, shape, spec)


def slice(input_, begin, size, name=None) -> Tensor:  # noqa: A001 - TF's name
    """The block of ``size`` elements starting at ``begin`` (-1 in ``size``: to the end) (``tf.slice``).

    >>> import tapejax as tf
    >>> tf.slice([[1, 2, 3], [4, 5, 6]], [0, 1], [2, -1])
    <tf.Tensor: shape=(2, 2), dtype=int32, numpy=
    array([[2, 3],
           [5, 6]], dtype=int32)>
    """
    x = convert_to_tensor(input_)
    begin, size = _ints(begin), _ints(size)
    if len(begin) != x.ndim or len(size) != x.ndim:
        _fail(
            f"Expected begin and size arguments to be 1-D tensors of size {x.ndim}, but got shapes "
            f"[{len(begin)}] and [{len(size)}] instead.",
            "Slice",
        )
    spec = []
    for d, (b, requested) in enumerate(zip(begin, size, strict=True)):
        n = x.shape[d] - b if requested == -1 else requested
        if not 0 <= b <= x.shape[d] or not 0 <= n <= x.shape[d] - b:
            _fail(f"Expected size[{d}] in [0, {x.shape[d] - b}], but got {n}", "Slice")
        spec.append(("slice", b, b + n, None))
    return _record_index(x, np_shape(x), tuple(spec))


def _ints(values) -> list:
    if isinstance(values, TensorLike):
        return [int(v) for v in np.asarray(values).reshape(-1)]
    return [int(v) for v in (values if isinstance(values, (list, tuple)) else [values])]


def _bit(mask: int, i: int) -> bool:
    return bool(mask >> i & 1)


def strided_slice(
    input_,
    begin,
    end,
    strides=None,
    begin_mask=0,
    end_mask=0,
    ellipsis_mask=0,
    new_axis_mask=0,
    shrink_axis_mask=0,
    var=None,
    name=None,
) -> Tensor:
    """``input_[begin:end:strides]`` per dimension, with TF's bit masks (``tf.strided_slice``)."""
    begin, end = _ints(begin), _ints(end)
    strides = _ints(strides) if strides is not None else [1] * len(begin)
    key = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides, strict=True)):
        if _bit(ellipsis_mask, i):
            key.append(Ellipsis)
        elif _bit(new_axis_mask, i):
            key.append(None)
        elif _bit(shrink_axis_mask, i):
            key.append(b)
        else:
            start = None if _bit(begin_mask, i) else b
            key.append(builtins.slice(start, None if _bit(end_mask, i) else e, s))
    return getitem(input_, tuple(key))
