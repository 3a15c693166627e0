"""Any JAX function as one recorded op (``tapejax.experimental.jax_op``).

``jax_op(fn)`` wraps a function of pytrees of JAX arrays. Called on Tensors, Variables, JAX or
numpy arrays (anywhere in its arguments' pytrees), it runs ``fn`` on their arrays and records
ONE op: tapes differentiate through it by replaying ``fn`` under ``jax.vjp`` (so gradient,
jacobian, batch_jacobian, higher orders and ForwardAccumulator all work, as for tapejax's own
ops), and it traces into ``tapejax.function``. A flax or equinox model's apply function is such
a function: its parameters can be tapejax Variables, which tapes watch.

Leaves of the arguments that are not arrays (Python numbers, strings, flags, modules) are
static: passed to ``fn`` as they are, and part of the op's compiled-program key.

Its ``name`` is its op type in TF's gradient registry: a ``@tf.RegisterGradient(name)`` function
gives its gradient, ``tf.no_gradient(name)`` makes it non-differentiable (see
``framework/registered_ops.py``).
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .._core.autodiff.links import node_links
from .._core.caches import identity_key, out_trees
from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values import x64
from .._core.values.access import np_dtype, np_shape, shape_dtype
from .._core.values.tensor import TensorLike
from .framework.registered_ops import consult


def _is_array(x) -> bool:
    return isinstance(x, TensorLike | jax.Array | np.ndarray | np.generic)


class _Array:
    """Marks where an input array goes among the static leaves."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<array>"


_ARRAY = _Array()


def _apply(fn, tree, consts, arrays):
    """``fn`` called on its arguments rebuilt from the input arrays and the static leaves."""
    it = iter(arrays)
    args, kwargs = jax.tree_util.tree_unflatten(tree, [next(it) if c is _ARRAY else c for c in consts])
    with x64.for_user_code(arrays):
        return fn(*args, **kwargs)


def _run(fn, *arrays, tree, consts):
    """The op's function: ``fn``'s output leaves."""
    return tuple(jnp.asarray(o) for o in jax.tree_util.tree_leaves(_apply(fn, tree, consts, arrays)))


def jax_op(fn=None, *, name: str | None = None):
    """Wraps a JAX function so that calling it on Tensors records one differentiable op.

    Args:
      fn: a function of pytrees of JAX arrays returning a pytree of arrays; it must be
        traceable by JAX (no side effects).
      name: the op's name in error messages (``fn.__name__`` by default).

    Returns:
      A function with ``fn``'s signature that takes Tensors, Variables, JAX and numpy arrays
      anywhere in its arguments and returns ``fn``'s output pytree with Tensors for arrays.
      Can also be used as a decorator, with or without ``name``.

    >>> import jax.numpy as jnp
    >>> import tapejax as tf
    >>> softplus = tf.experimental.jax_op(lambda x: jnp.logaddexp(x, 0.0))
    >>> x = tf.Variable([0.0, 1.0])
    >>> with tf.GradientTape() as tape:
    ...     y = tf.reduce_sum(softplus(x))
    >>> print(tape.gradient(y, x).numpy())
    [0.5        0.73105854]
    """
    if fn is None:
        return functools.partial(jax_op, name=name)
    op = Op(
        name or getattr(fn, "__name__", "JaxOp"),
        functools.partial(_run, fn),
        multiple_results=True,
        links=node_links,
        input_errors=False,
    )

    @functools.wraps(fn)
    def call(*args, **kwargs):
        leaves, tree = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_array)
        inputs = [convert_to_tensor(x) for x in leaves if _is_array(x)]
        consts = tuple(_ARRAY if _is_array(x) else x for x in leaves)
        return jax.tree_util.tree_unflatten(
            _out_tree(op, fn, tree, consts, inputs),
            list(record(consult(op), inputs, {"tree": tree, "consts": consts})),
        )

    return call


def _out_tree(op, fn, tree, consts, inputs):
    """The structure of ``fn``'s output, found by ``jax.eval_shape`` once per signature."""
    key = (identity_key(op), tree, consts, tuple(shape_dtype(t) for t in inputs))
    try:
        found = out_trees.get(key)
    except TypeError:  # an unhashable static leaf
        key, found = None, None
    if found is None:
        specs = [jax.ShapeDtypeStruct(np_shape(t), np_dtype(t)) for t in inputs]
        found = jax.tree_util.tree_structure(jax.eval_shape(lambda *a: _apply(fn, tree, consts, a), *specs))
        if key is not None:
            out_trees.put(key, found)
    return found
