"""``keras.ops``' core functions: control flow, conversion, slicing and scattering, written as
Keras 3's TensorFlow backend writes them, on tapejax's TF functions (``tf.cond``,
``tf.while_loop``, ``tf.switch_case``, ``tf.scatter_nd``...), so tapes record them, gradients
follow TF's conventions, and inside ``tf.function`` the loops and branches are traced once.
"""

from __future__ import annotations

import builtins

import jax
import numpy as np

from ..backend import tf
from ..backend.core import TensorLike, Variable
from ..backend.core import convert_to_tensor as _convert
from ..backend.core import dtype as _dtypes
from ..backend.keras_tensor import KerasTensor
from ..backend.ops import cast as _cast
from ..backend.ops import concat, reshape, stack
from ..backend.ops import unstack as _unstack
from .function_op import jax_op, operation


def standardize_dtype(dtype) -> str:
    """Keras' dtype name: ``"float32"`` for None (floatx), ``"float"``, ``np.float32``, ``tf.float32``."""
    if dtype is None:
        return "float32"
    if isinstance(dtype, str) and dtype in ("float", "int"):
        return {"float": "float32", "int": "int64"}[dtype]
    return _dtypes.as_dtype(getattr(dtype, "name", dtype)).name


@operation("ConvertToTensor", "dtype sparse ragged", module="keras.src.ops.core")
def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """``x`` as a tensor, cast to ``dtype`` when given (Python floats become float32)."""
    dtype = None if dtype is None else standardize_dtype(dtype)
    if isinstance(x, Variable):
        x = _convert(x)
    if not isinstance(x, TensorLike):
        if dtype == "bool" or (dtype is not None and "int" in dtype):
            return _cast(_convert(x), dtype)
        return _convert(x, dtype=dtype)
    return x if dtype is None or x.dtype.name == dtype else _cast(x, dtype)


def convert_to_numpy(x) -> np.ndarray:
    """``x``'s value as a numpy array."""
    return np.array(x.numpy() if hasattr(x, "numpy") else x)


def is_tensor(x) -> bool:
    """Whether ``x`` is a tensor of the backend (a tapejax Tensor or Variable)."""
    return tf.is_tensor(x)


def shape(x) -> tuple:
    """``x``'s shape as a tuple (a KerasTensor's unknown dimensions are None)."""
    if isinstance(x, KerasTensor):
        return x.shape
    return tuple(convert_to_tensor(x).shape.as_list())


def dtype(x) -> str:
    """``x``'s dtype as Keras names it (``"float32"``)."""
    if isinstance(x, KerasTensor):
        return x.dtype
    return standardize_dtype(convert_to_tensor(x).dtype)


@operation("Cast", "dtype", module="keras.src.ops.core")
def cast(x, dtype):
    """``x`` cast to ``dtype``."""
    return _cast(convert_to_tensor(x), standardize_dtype(dtype))


def _limits(dtype: str) -> tuple:
    if dtype == "bool":
        return 0, 1
    info = _dtypes.as_dtype(dtype)
    return info.min, info.max


@operation("SaturateCast", "dtype", module="keras.src.ops.core")
def saturate_cast(x, dtype):
    """``x`` clipped to ``dtype``'s range (inside the input's own), then cast."""
    x, dtype = convert_to_tensor(x), standardize_dtype(dtype)
    work = x.dtype.as_numpy_dtype
    (in_min, in_max), (out_min, out_max) = _limits(x.dtype.name), _limits(dtype)
    low = np.asarray(max(in_min, out_min)).astype(work)
    if low < out_min:  # not representable in the input's type: one step inside the range
        low = np.nextafter(low, 0, dtype=work)
    high = np.asarray(min(in_max, out_max)).astype(work)
    if high > out_max:
        high = np.nextafter(high, 0, dtype=work)
    return _cast(tf.math.minimum(tf.math.maximum(x, low), high), dtype)


@operation("StopGradient", module="keras.src.ops.core")
def stop_gradient(variable):
    """``variable``'s value, through which no gradient flows."""
    return tf.stop_gradient(convert_to_tensor(variable))


def custom_gradient(f):
    """A function with the gradient ``f`` returns beside its output (``tf.custom_gradient``)."""
    return tf.custom_gradient(f)


@operation("Unstack", "num axis", module="keras.src.ops.core")
def unstack(x, num=None, axis=0):
    """The slices of ``x`` along ``axis``, as a list."""
    return _unstack(convert_to_tensor(x), num=num, axis=axis)


@operation("Slice", "shape", module="keras.src.ops.core")
def slice(inputs, start_indices, shape):  # noqa: A001 - Keras' name
    """The block of ``inputs`` of size ``shape`` starting at ``start_indices``."""
    return tf.slice_(convert_to_tensor(inputs), start_indices, shape)


_UPDATE_SLICE = jax_op(
    "XlaDynamicUpdateSlice",
    lambda x, u, start: jax.lax.dynamic_update_slice(x, u.astype(x.dtype), tuple(start)),
)


@operation("SliceUpdate", module="keras.src.ops.core")
def slice_update(inputs, start_indices, updates):
    """``inputs`` with the block starting at ``start_indices`` replaced by ``updates``."""
    inputs = convert_to_tensor(inputs)
    return _UPDATE_SLICE(
        inputs, convert_to_tensor(updates, inputs.dtype), convert_to_tensor(start_indices, "int32")
    )


@operation("Scatter", "shape", module="keras.src.ops.core")
def scatter(indices, values, shape):
    """A tensor of ``shape``, zeros but for ``values`` added at ``indices``."""
    return tf.scatter_ops.scatter_nd(convert_to_tensor(indices), convert_to_tensor(values), shape)


_REDUCTIONS = {
    None: "tensor_scatter_nd_update",
    "add": "tensor_scatter_nd_add",
    "max": "tensor_scatter_nd_max",
    "min": "tensor_scatter_nd_min",
}


@operation("ScatterUpdate", "reduction", module="keras.src.ops.core")
def scatter_update(inputs, indices, updates, reduction=None):
    """``inputs`` with ``updates`` written at ``indices`` (or combined: ``reduction`` "add",
    "max", "min", "mul")."""
    inputs, indices, updates = (convert_to_tensor(v) for v in (inputs, indices, updates))
    if reduction == "mul":
        result = inputs
        for i in range(int(indices.shape[0])):
            index = indices[i : i + 1]
            result = tf.scatter_ops.tensor_scatter_nd_update(
                result, index, tf.math.multiply(tf.gather_nd(result, index), updates[i])
            )
        return result
    if reduction not in _REDUCTIONS:
        raise ValueError(f"Unsupported reduction: {reduction}")
    return getattr(tf.scatter_ops, _REDUCTIONS[reduction])(inputs, indices, updates)


@operation("Cond", module="keras.src.ops.core")
def cond(pred, true_fn, false_fn):
    """``true_fn()`` if ``pred``, else ``false_fn()`` (``tf.cond``: traced once in a function)."""
    return tf.cond(pred, true_fn, false_fn)


@operation("Switch", module="keras.src.ops.core")
def switch(index, branches, *operands):
    """``branches[index](*operands)``, ``index`` clipped to the branches."""
    index = tf.math.minimum(tf.math.maximum(convert_to_tensor(index, "int32"), 0), len(branches) - 1)
    return tf.switch_case(index, [lambda b=b: b(*operands) for b in branches])


@operation("WhileLoop", "cond body maximum_iterations", module="keras.src.ops.core")
def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """``loop_vars = body(*loop_vars)`` while ``cond(*loop_vars)`` (a single value: ``body(v)``)."""
    several = isinstance(loop_vars, (tuple, list))
    state = tuple(loop_vars) if several else (loop_vars,)

    def step(*values):
        out = body(*values)
        return tuple(out) if several else (out,)

    out = tf.while_loop(cond, step, state, maximum_iterations=maximum_iterations)
    return out if several else out[0]


@operation("ForiLoop", "lower upper body_fun", module="keras.src.ops.core")
def fori_loop(lower, upper, body_fun, init_val):
    """``val = body_fun(i, val)`` for ``i`` from ``lower`` to ``upper - 1``."""
    return tf.while_loop(lambda i, _: i < upper, lambda i, v: (i + 1, body_fun(i, v)), (lower, init_val))[1]


@operation("VectorizedMap", "function", module="keras.src.ops.core")
def vectorized_map(function, elements):
    """``function`` over the first dimension of ``elements``, the results stacked."""
    return tf.vectorized_map(function, elements)


@operation("Map", module="keras.src.ops.core")
def map(f, xs):  # noqa: A001 - Keras' name
    """``f`` over the first dimension of ``xs`` (a nest of tensors), the results stacked."""
    return tf.map_fn(f, tf.pack(xs, [convert_to_tensor(x) for x in tf.flatten(xs)[0]]))


@operation("Scan", "length reverse unroll", module="keras.src.ops.core")
def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """``carry, y = f(carry, x)`` over ``xs`` (or ``length`` steps of ``x=None``): the last
    carry and the stacked ``y``s (in ``xs``' order when ``reverse``)."""
    if not callable(f):
        raise TypeError(f"`f` should be a callable. Received: f={f}")
    if not isinstance(unroll, bool) and (not isinstance(unroll, int) or unroll < 1):
        raise ValueError(f"`unroll` must be an positive integer or boolean. Received: unroll={unroll}")
    if xs is None and length is None:
        raise ValueError("Got no `xs` to scan over and `length` not provided.")
    leaves = [convert_to_tensor(x) for x in tf.flatten(xs)[0]] if xs is not None else []
    n = int(length) if length is not None else int(leaves[0].shape[0])
    carry = tf.pack(init, [convert_to_tensor(c) for c in tf.flatten(init)[0]])
    ys = [None] * n
    for i in reversed(range(n)) if reverse else range(n):
        x = tf.pack(xs, [leaf[i] for leaf in leaves]) if xs is not None else None
        carry, ys[i] = f(carry, x)
    if n == 0 or ys[0] is None:
        return carry, None
    flat = [tf.flatten(y)[0] for y in ys]
    return carry, tf.pack(
        ys[0], [stack([convert_to_tensor(v) for v in column]) for column in zip(*flat, strict=True)]
    )


@operation("AssociativeScan", "reverse axis", module="keras.src.ops.core")
def associative_scan(f, elems, reverse=False, axis=0):
    """The inclusive prefix combination of ``elems`` along ``axis`` by the associative ``f``
    (Keras' recursive odd/even scan, so results round as Keras' do)."""
    if not callable(f):
        raise TypeError(f"`f` should be a callable. Received: f={f}")
    leaves = [convert_to_tensor(x) for x in tf.flatten(elems)[0]]
    if reverse:
        leaves = [tf.reverse(x, [axis]) for x in leaves]
    lengths = {int(x.shape[axis]) for x in leaves}
    if len(lengths) > 1:
        raise ValueError(
            f"Array inputs to associative_scan must have the same first dimension. (saw: {sorted(lengths)})"
        )

    def combine(a, b):
        return tf.flatten(f(tf.pack(elems, a), tf.pack(elems, b)))[0]

    def take(x, start, stop=None, step=1):
        key = [builtins.slice(None)] * len(x.shape)
        key[axis] = builtins.slice(start, stop, step)
        return x[tuple(key)]

    def interleave(a, b):
        rank = len(a.shape)
        ax = axis % rank
        shape = a.shape.as_list()
        pairs = stack([take(a, 0, int(b.shape[ax])), b], axis=ax + 1)
        shape[ax] = 2 * int(b.shape[ax])
        woven = reshape(pairs, shape)
        return concat([woven, take(a, int(b.shape[ax]))], axis=ax) if a.shape[ax] > b.shape[ax] else woven

    def run(items):
        n = int(items[0].shape[axis])
        if n < 2:
            return items
        reduced = combine([take(x, 0, -1, 2) for x in items], [take(x, 1, None, 2) for x in items])
        if n == 2:
            return [concat([take(x, 0, 1), r], axis=axis) for x, r in zip(items, reduced, strict=True)]
        if n == 3:
            last = combine(reduced, [take(x, 2, 3) for x in items])
            return [
                concat([take(x, 0, 1), r, t], axis=axis) for x, r, t in zip(items, reduced, last, strict=True)
            ]
        odd = run(reduced)
        head = [take(o, 0, -1) for o in odd] if n % 2 == 0 else odd
        even = combine(head, [take(x, 2, None, 2) for x in items])
        even = [concat([take(x, 0, 1), e], axis=axis) for x, e in zip(items, even, strict=True)]
        return [interleave(e, o) for e, o in zip(even, odd, strict=True)]

    out = run(leaves)
    if reverse:
        out = [tf.reverse(x, [axis]) for x in out]
    return tf.pack(elems, out)


__all__ = [
    "associative_scan",
    "cast",
    "cond",
    "convert_to_numpy",
    "convert_to_tensor",
    "custom_gradient",
    "dtype",
    "fori_loop",
    "is_tensor",
    "map",
    "saturate_cast",
    "scan",
    "scatter",
    "scatter_update",
    "shape",
    "slice",
    "slice_update",
    "standardize_dtype",
    "stop_gradient",
    "switch",
    "unstack",
    "vectorized_map",
    "while_loop",
]
