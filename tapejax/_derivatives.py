"""gradient / jacobian / batch_jacobian / jvp of a recording, dispatched to JAX.

Each derivative is built the same way: slice the recording (``_replay.Slice``), write the
derivative of the replayed function with ``jax.vjp`` / ``jax.jacrev`` / ``jax.jacfwd`` /
``jax.vmap`` / ``jax.jvp``, and run it through ``record`` as ONE node whose inputs are the
slice's leaves and constants. Tapes recording at that moment record that node, so a
derivative taken under another tape is differentiable again: higher orders need no special
code, JAX differentiates the derivative function.

Results come per *source*; a source is a list of leaves (a Variable's reads, or one tensor)
and its derivative is the sum over its leaves. Unconnected sources get None here; the
callers apply TF's ``unconnected_gradients`` rule.
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from ._links import node_links
from ._record import Op, record
from ._replay import Slice


def _sources_plan(leaf_groups, slice_leaves):
    """Per source, the indices into ``slice_leaves`` of its connected leaves."""
    index = {id(t): i for i, t in enumerate(slice_leaves)}
    return [[index[id(t)] for t in group if id(t) in index] for group in leaf_groups]


def _sum_groups(per_leaf, plan):
    out = []
    for idx in plan:
        if idx:
            total = per_leaf[idx[0]]
            for i in idx[1:]:
                total = total + per_leaf[i]
            out.append(total)
    return tuple(out)


def _run(name, fn, sl, extra_inputs, plan, reverse_only=False):
    """Records ``fn(*leaves, *consts, *extra)`` as one node; maps outputs back to sources."""
    op = Op(name, fn, multiple_results=True, links=node_links, reverse_only=reverse_only,
            input_errors=False)
    outs = record(op, [*sl.leaves, *sl.consts, *extra_inputs])
    it = iter(outs)
    return [next(it) if idx else None for idx in plan]


def gradient(nodes, targets, leaf_groups, output_gradients=None):
    """Gradients of ``sum(targets * output_gradients)`` per source (None if unconnected)."""
    sl = Slice(nodes, targets, [t for g in leaf_groups for t in g])
    if not sl.connected:
        return [None] * len(leaf_groups)
    plan = _sources_plan(leaf_groups, sl.leaves)
    replay = sl.function()
    n_leaves, n_consts = len(sl.leaves), len(sl.consts)
    # Cotangents the user gave are inputs (TF differentiates through them); the rest are ones.
    given = []
    slots = []
    for k in sl.target_positions:
        ct = None if output_gradients is None else output_gradients[k]
        slots.append(None if ct is None else len(given))
        if ct is not None:
            given.append(ct)

    def grad_fn(*values):
        leaves = values[:n_leaves]
        consts = values[n_leaves:n_leaves + n_consts]
        cts_given = values[n_leaves + n_consts:]
        outs, pullback = jax.vjp(lambda *lv: replay(lv, consts), *leaves)
        cts = tuple(jnp.ones_like(o) if s is None else jnp.broadcast_to(cts_given[s], o.shape).astype(o.dtype)
                    for o, s in zip(outs, slots))
        return _sum_groups(pullback(cts), plan)

    return _run("Gradient", grad_fn, sl, given, plan)


def jacobian(nodes, target, leaf_groups):
    """Per source, the Jacobian of ``target`` (shape target.shape + source.shape), or None."""
    sl = Slice(nodes, [target], [t for g in leaf_groups for t in g])
    if not sl.connected:
        return [None] * len(leaf_groups)
    plan = _sources_plan(leaf_groups, sl.leaves)
    replay = sl.function()
    n_leaves = len(sl.leaves)
    n_in = sum(t._value.size for t in sl.leaves)
    # Reverse mode costs one pass per target element, forward one per source element.
    forward = not sl.reverse_only and n_in < target._value.size
    transform = jax.jacfwd if forward else jax.jacrev

    def jac_fn(*values):
        leaves, consts = values[:n_leaves], values[n_leaves:]
        jac = transform(lambda *lv: replay(lv, consts)[0], argnums=tuple(range(n_leaves)))(*leaves)
        return _sum_groups(jac, plan)

    return _run("Jacobian", jac_fn, sl, (), plan, reverse_only=sl.reverse_only)


def batch_jacobian(nodes, target, leaf_group, source_shape):
    """TF's batch_jacobian: ``out[b, i, x] = sum_b' d target[b', i] / d source[b, x]``."""
    sl = Slice(nodes, [target], list(leaf_group))
    if not sl.connected:
        return None
    plan = _sources_plan([leaf_group], sl.leaves)
    replay = sl.function()
    n_leaves = len(sl.leaves)
    batch, rest = target._value.shape[0], tuple(target._value.shape[1:])
    n_rows = math.prod(rest)
    out_shape = (batch, *rest, *source_shape[1:])
    row_size = math.prod(source_shape[1:])

    def batch_jac_fn(*values):
        leaves, consts = values[:n_leaves], values[n_leaves:]
        y, pullback = jax.vjp(lambda *lv: replay(lv, consts)[0], *leaves)
        # Row i of the target, summed over the batch: cotangent e_i for every example.
        basis = jnp.eye(n_rows, dtype=y.dtype).reshape((n_rows, 1, *rest))
        cts = jnp.broadcast_to(basis, (n_rows, batch, *rest))
        (grads,) = _sum_groups(jax.vmap(pullback)(cts), plan)
        grads = grads.reshape((n_rows, batch, row_size)).transpose(1, 0, 2)
        return (grads.reshape(out_shape),)

    return _run("BatchJacobian", batch_jac_fn, sl, (), plan)[0]


def jvp(nodes, target, leaf_groups, tangents):
    """The forward-mode derivative of ``target`` along ``tangents`` (one per source group)."""
    sl = Slice(nodes, [target], [t for g in leaf_groups for t in g])
    if not sl.connected:
        return None
    index = {id(t): i for i, t in enumerate(sl.leaves)}
    tangent_of_leaf = [None] * len(sl.leaves)
    for group, tangent in zip(leaf_groups, tangents):
        for t in group:
            if id(t) in index:
                tangent_of_leaf[index[id(t)]] = tangent
    slots, extra = [], []
    for tangent in tangent_of_leaf:
        slots.append(_index_identity(extra, tangent))
    replay = sl.function()
    n_leaves, n_consts = len(sl.leaves), len(sl.consts)

    def jvp_fn(*values):
        leaves = values[:n_leaves]
        consts = values[n_leaves:n_leaves + n_consts]
        tans = values[n_leaves + n_consts:]
        _, out = jax.jvp(lambda *lv: replay(lv, consts), leaves, tuple(tans[s] for s in slots))
        return out

    op = Op("Jvp", jvp_fn, multiple_results=True, links=node_links, input_errors=False)
    return record(op, [*sl.leaves, *sl.consts, *extra])[0]


def _index_identity(items: list, item) -> int:
    for i, x in enumerate(items):
        if x is item:
            return i
    items.append(item)
    return len(items) - 1
