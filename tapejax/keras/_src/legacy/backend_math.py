"""The legacy backend's array functions (``keras.backend.abs``, ``sum``, ``batch_dot``...): TF
calls, as Keras 3's ``legacy/backend.py`` writes them."""

from __future__ import annotations

import builtins

import numpy as np

from ..backend import tf
from ..backend.config import floatx


def abs(x):  # noqa: A001
    return tf.math.abs(x)


def all(x, axis=None, keepdims=False):  # noqa: A001
    return tf.math.reduce_all(tf.cast(x, "bool"), axis, keepdims)


def any(x, axis=None, keepdims=False):  # noqa: A001
    return tf.math.reduce_any(tf.cast(x, "bool"), axis, keepdims)


def argmax(x, axis=-1):
    return tf.math.argmax(x, axis)


def argmin(x, axis=-1):
    return tf.math.argmin(x, axis)


def arange(start, stop=None, step=1, dtype="int32"):
    """``range`` as an int32 tensor (``dtype`` casts it); a negative lone ``start`` is 0."""
    if stop is None and start < 0:
        start = 0
    result = tf.range_(start, limit=stop, delta=step)
    return result if dtype == "int32" else tf.cast(result, dtype)


def cast(x, dtype):
    return tf.cast(x, dtype)


def cast_to_floatx(x):
    """A tensor cast to ``floatx``; anything else a numpy array of it."""
    if tf.is_tensor(x):
        return tf.cast(x, floatx())
    return np.asarray(x, dtype=floatx())


def clip(x, min_value, max_value):
    """``clip_by_value``; a ``max_value`` below ``min_value`` is raised to it, None is unbounded."""
    if isinstance(min_value, (int, float)) and isinstance(max_value, (int, float)) and max_value < min_value:
        max_value = min_value
    min_value = -np.inf if min_value is None else min_value
    max_value = np.inf if max_value is None else max_value
    return tf.clip_by_value(x, min_value, max_value)


def concatenate(tensors, axis=-1):
    if axis < 0:
        rank = ndim(tensors[0])
        axis = axis % rank if rank else 0
    return tf.concat(list(tensors), axis)


def constant(value, dtype=None, shape=None, name=None):
    return tf.constant(value, dtype=dtype or floatx(), shape=shape, name=name)


def cos(x):
    return tf.math.cos(x)


def cumsum(x, axis=0):
    return tf.math.cumsum(x, axis=axis)


def cumprod(x, axis=0):
    return tf.math.cumprod(x, axis=axis)


def dot(x, y):
    """Matrix product; for ranks above 2, ``x``'s last axis with ``y``'s second to last (Theano's
    ``dot``, as Keras 2)."""
    if ndim(x) > 2 or ndim(y) > 2:
        x_shape, y_shape = _dims(x), _dims(y)
        y_perm = list(range(ndim(y)))
        y_perm = [y_perm.pop(-2), *y_perm]
        xt = tf.reshape(x, [-1, x_shape[-1]])
        yt = tf.reshape(tf.transpose(y, perm=y_perm), [y_shape[-2], -1])
        return tf.reshape(tf.linalg.matmul(xt, yt), x_shape[:-1] + y_shape[:-2] + y_shape[-1:])
    return tf.linalg.matmul(x, y)


def _dims(x) -> tuple:
    shape = tf.shape(x)
    return tuple(d if d is not None else shape[i] for i, d in enumerate(x.shape))


def batch_dot(x, y, axes=None):
    """The dot product of each batch entry of ``x`` and ``y`` over ``axes`` (``x``'s last and
    ``y``'s second to last by default; ``y``'s last when ``y`` has rank 2)."""
    x_ndim, y_ndim = len(x.shape), len(y.shape)
    if x_ndim < 2 or y_ndim < 2:
        raise ValueError(
            f"Cannot do batch_dot on inputs with rank < 2. Received inputs with tf.shapes {x.shape} and {y.shape}."
        )
    if x.shape[0] is not None and y.shape[0] is not None and x.shape[0] != y.shape[0]:
        raise ValueError(
            "Cannot do batch_dot on inputs with different batch sizes. Received inputs with "
            f"tf.shapes {x.shape} and {y.shape}."
        )
    axes = [axes, axes] if isinstance(axes, int) else axes
    if axes is None:
        axes = [x_ndim - 1, y_ndim - 1] if y_ndim == 2 else [x_ndim - 1, y_ndim - 2]
    if builtins.any(isinstance(a, (list, tuple)) for a in axes):
        raise ValueError(
            f"Multiple target dimensions are not supported. Expected: None, int, (int, int), Provided: {axes}"
        )
    a0, a1 = (axes[0] % x_ndim if axes[0] < 0 else axes[0]), (axes[1] % y_ndim if axes[1] < 0 else axes[1])
    if 0 in (a0, a1):
        raise ValueError(
            "Cannot perform batch_dot over axis 0. If your inputs are not batched, add a dummy "
            "batch dimension to your inputs using K.expand_dims(x, 0)"
        )
    d1, d2 = x.shape[a0], y.shape[a1]
    if d1 is not None and d2 is not None and d1 != d2:
        raise ValueError(
            f"Cannot do batch_dot on inputs with tf.shapes {x.shape} and {y.shape} with axes="
            f"{[a0, a1]}. x.shape[{a0}] != y.shape[{a1}] ({d1} != {d2})."
        )
    # One einsum: batch axis shared, x's axis a0 contracted with y's axis a1, the rest kept in
    # order (x's, then y's), as Keras' transposes and reshapes arrange them.
    letters = iter("bcdefghijklmnopqrstuvwxyz")
    xs = [next(letters) for _ in range(x_ndim)]
    ys = [xs[0]] + [next(letters) for _ in range(y_ndim - 1)]
    ys[a1] = xs[a0]
    out = (
        [xs[0]]
        + [c for i, c in enumerate(xs) if i not in (0, a0)]
        + [c for i, c in enumerate(ys) if i not in (0, a1)]
    )
    result = tf.linalg.einsum(f"{''.join(xs)},{''.join(ys)}->{''.join(out)}", x, y)
    return tf.expand_dims(result, -1) if x_ndim == 2 and y_ndim == 2 else result


def batch_flatten(x):
    return tf.reshape(x, [-1, int(np.prod(x.shape[1:]))])


def flatten(x):
    return tf.reshape(x, [-1])


def equal(x, y):
    return tf.math.equal(x, y)


def not_equal(x, y):
    return tf.math.not_equal(x, y)


def greater(x, y):
    return tf.math.greater(x, y)


def greater_equal(x, y):
    return tf.math.greater_equal(x, y)


def less(x, y):
    return tf.math.less(x, y)


def less_equal(x, y):
    return tf.math.less_equal(x, y)


def exp(x):
    return tf.math.exp(x)


def log(x):
    return tf.math.log(x)


def expand_dims(x, axis=-1):
    return tf.expand_dims(x, axis)


def gather(reference, indices):
    return tf.gather(reference, indices)


def max(x, axis=None, keepdims=False):  # noqa: A001
    return tf.math.reduce_max(x, axis, keepdims)


def min(x, axis=None, keepdims=False):  # noqa: A001
    return tf.math.reduce_min(x, axis, keepdims)


def maximum(x, y):
    return tf.math.maximum(x, y)


def minimum(x, y):
    return tf.math.minimum(x, y)


def _floats(x):
    x = tf.convert_to_tensor(x)
    return tf.cast(x, floatx()) if x.dtype.name == "bool" else x


def mean(x, axis=None, keepdims=False):
    return tf.math.reduce_mean(_floats(x), axis, keepdims)


def std(x, axis=None, keepdims=False):
    return tf.math.reduce_std(_floats(x), axis=axis, keepdims=keepdims)


def var(x, axis=None, keepdims=False):
    return tf.math.reduce_variance(_floats(x), axis=axis, keepdims=keepdims)


def sum(x, axis=None, keepdims=False):  # noqa: A001
    return tf.math.reduce_sum(x, axis, keepdims)


def prod(x, axis=None, keepdims=False):
    return tf.math.reduce_prod(x, axis, keepdims)


def ndim(x):
    return len(x.shape)


def one_hot(indices, num_classes):
    return tf.one_hot(indices, depth=num_classes, axis=-1)


def permute_dimensions(x, pattern):
    return tf.transpose(x, perm=pattern)


def pow(x, a):  # noqa: A001
    return tf.math.pow(x, a)


def repeat(x, n):
    """``(batch, dim)`` -> ``(batch, n, dim)``."""
    if ndim(x) != 2:
        raise ValueError(f"Expected input `x` to have rank 2. Received: rank(x)={ndim(x)}")
    return tf.tile(tf.expand_dims(x, 1), [1, n, 1])


def repeat_elements(x, rep, axis):
    """Each slice along ``axis`` repeated ``rep`` times (``np.repeat``)."""
    pieces = tf.split(x, x.shape[axis], axis=axis)
    return concatenate([p for p in pieces for _ in range(rep)], axis)


def reshape(x, shape):
    return tf.reshape(x, shape)


def reverse(x, axes):
    return tf.reverse(x, [axes] if isinstance(axes, int) else axes)


def round(x):  # noqa: A001
    return tf.math.round(x)


def shape(x):
    return tf.shape(x)


def sign(x):
    return tf.math.sign(x)


def sin(x):
    return tf.math.sin(x)


def sqrt(x):
    """``sqrt`` of ``max(x, 0)``: negative values give 0, not nan."""
    x = tf.convert_to_tensor(x)
    return tf.math.sqrt(tf.math.maximum(x, tf.constant(0.0, x.dtype)))


def square(x):
    return tf.math.square(x)


def squeeze(x, axis):
    return tf.squeeze(x, [axis])


def stack(x, axis=0):
    return tf.stack(x, axis=axis)


def tanh(x):
    return tf.math.tanh(x)


def tile(x, n):
    return tf.tile(x, [n] if isinstance(n, int) else n)


def transpose(x):
    return tf.transpose(x)


def l2_normalize(x, axis=None):
    return tf.math.l2_normalize(x, axis=axis)


def in_top_k(predictions, targets, k):
    return tf.math.in_top_k(targets, predictions, k)


def switch(condition, then_expression, else_expression):
    """``then_expression`` where ``condition`` holds, else ``else_expression``: a ``cond`` for a
    scalar condition (callables are branches), an elementwise choice otherwise."""
    condition = tf.convert_to_tensor(condition)
    condition = condition if condition.dtype.name == "bool" else tf.cast(condition, "bool")
    if not ndim(condition):
        then_fn = then_expression if callable(then_expression) else (lambda: then_expression)
        else_fn = else_expression if callable(else_expression) else (lambda: else_expression)
        return tf.cond(condition, then_fn, else_fn)
    then_expression = then_expression() if callable(then_expression) else then_expression
    else_expression = else_expression() if callable(else_expression) else else_expression
    cond_ndim, expr_ndim = ndim(condition), ndim(then_expression)
    if cond_ndim > expr_ndim:
        raise ValueError(
            "Rank of `condition` should be less than or equal to rank of `then_expression` and "
            f"`else_expression`. ndim(condition)={cond_ndim}, ndim(then_expression)={expr_ndim}"
        )
    if cond_ndim > 1:  # Keras tiles a condition of rank > 1 over the trailing axes
        condition = tf.reshape(condition, list(condition.shape) + [1] * (expr_ndim - cond_ndim))
        condition = tf.math.logical_and(condition, tf.ones_like(then_expression, dtype="bool"))
    return tf.where(condition, then_expression, else_expression)


def foldl(fn, elems, initializer=None, name=None):
    return tf.foldl(fn, elems, initializer=initializer, name=name)


def foldr(fn, elems, initializer=None, name=None):
    return tf.foldr(fn, elems, initializer=initializer, name=name)


def map_fn(fn, elems, name=None, dtype=None):
    return tf.map_fn(fn, elems, name=name, dtype=dtype)


def stop_gradient(variables):
    if isinstance(variables, (list, tuple)):
        return map(tf.stop_gradient, variables)
    return tf.stop_gradient(variables)


def gradients(loss, variables):
    return tf.gradients(loss, variables)


def is_sparse(tensor) -> bool:
    """False: tapejax has no ``tf.SparseTensor``."""
    return False


def to_dense(tensor):
    return tensor


def name_scope(name):
    return tf.name_scope(name)
