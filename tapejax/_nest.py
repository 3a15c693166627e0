"""TF-style nests (lists, tuples, dicts, namedtuples) whose leaves are tensors, variables or None."""

from __future__ import annotations

import jax

from ._tensor import TensorLike


def _is_leaf(x) -> bool:
    return x is None or isinstance(x, TensorLike)


def flatten(structure):
    """Returns ``(leaves, treedef)``; dicts are ordered by key, as ``tf.nest`` orders them."""
    return jax.tree_util.tree_flatten(structure, is_leaf=_is_leaf)


def pack(treedef, leaves):
    return jax.tree_util.tree_unflatten(treedef, list(leaves))
