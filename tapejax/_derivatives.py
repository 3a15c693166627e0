"""gradient / jacobian / batch_jacobian of a recording, dispatched to JAX.

Each derivative is built the same way: slice the recording (``_replay.Slice``), write the
derivative of the replayed function with ``jax.vjp`` / ``jax.jacrev`` / ``jax.jacfwd`` /
``jax.vmap``, and run it through ``record`` as ONE node whose inputs are the slice's leaves
and constants. Tapes recording at that moment record that node, so a derivative taken under
another tape is differentiable again: higher orders need no special code, JAX differentiates
the derivative function.

Results come per *source*; a source is a list of leaves (a Variable's reads, or one tensor)
and its derivative is the sum over its leaves. Unconnected sources get None here; the
callers apply TF's ``unconnected_gradients`` rule.

Complex numbers: TF's gradient is the conjugate of JAX's cotangent convention
(``tf: dy * conj(f'(x))``, ``jax.vjp: dy * f'(x)``), so complex cotangents and complex
results are conjugated: ``tf_vjp(ct) = conj(jax_vjp(conj(ct)))``.
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
from jax.extend import core as jax_core

from ._compile import cache
from ._links import jaxpr_links, node_links
from ._materialize import materialize
from ._record import Op, record, will_defer
from ._replay import slice_of
from ._state import state


def _conj(x):
    return jnp.conj(x) if jnp.iscomplexobj(x) else x


def _sources_plan(leaf_groups, slice_leaves):
    """Per source, the indices into ``slice_leaves`` of its connected leaves."""
    index = {id(t): i for i, t in enumerate(slice_leaves)}
    return [[index[id(t)] for t in group if id(t) in index] for group in leaf_groups]


def _sum(terms):
    total = terms[0]
    for term in terms[1:]:
        total = total + term
    return total


def _sum_groups(per_leaf, plan):
    return tuple(_sum([per_leaf[i] for i in idx]) for idx in plan if idx)


def _freeze(lists) -> tuple:
    return tuple(tuple(x) for x in lists)


def _run(name, key, make, sl, extra_inputs, connected):
    """Runs the derivative ``make(aux_refs)`` on ``[*leaves, *consts, *extra]`` and records it
    as one node; maps its outputs back to sources (``connected[k]``: source k has an output).

    ``make(aux_refs)`` builds the derivative function; with ``aux_refs`` it also returns the
    forward values at those slots of the replay. When the derivative runs now (no outer tape
    defers it), it is fused with the forward: every pending tensor of the slice gets its value
    from the same compiled call. Functions are cached by ``key`` (the slice's structure).
    """
    program = sl.program
    memo = sl.memo.get((name, key))
    if memo is None:  # first time for this structure: find (or build) its functions
        full_key = None if key is None or program.key is None else (name, program.key, *key)
        entry = None if full_key is None else cache.entry(full_key, lambda: make(()))
        op = Op(name, None, multiple_results=True, reverse_only=sl.reverse_only, input_errors=False,
                key=full_key)
        op.links = _links_of(entry)
        memo = sl.memo[(name, key)] = (entry, op, full_key, {})
    elif memo[0] is not None:
        cache.reuse(memo[0])
    entry, op, full_key, fused_fns = memo
    op.fn = entry.current() if entry is not None else make(())
    inputs = [*sl.leaves, *sl.consts, *extra_inputs]
    values = None
    if not will_defer(inputs):
        materialize(inputs)
        positions = [(k, j) for k, n in enumerate(sl.nodes) for j, t in enumerate(n.outputs)
                     if t._v is None and program.steps[k][3][j] >= 0]
        if positions:
            aux_refs = program.refs(positions)
            fused_entry = fused_fns.get(aux_refs)
            if fused_entry is None and full_key is not None:
                fused_entry = fused_fns[aux_refs] = cache.entry((full_key, aux_refs), lambda: make(aux_refs))
            elif fused_entry is not None:
                cache.reuse(fused_entry)
            fused = fused_entry.current() if fused_entry is not None else make(aux_refs)
            flat = fused(*[t._v for t in inputs])
            n_out = len(flat) - len(positions)
            for (k, j), v in zip(positions, flat[n_out:], strict=True):
                sl.nodes[k].outputs[j]._fill(v)
            values = flat[:n_out]
    outs = iter(record(op, inputs, values=values))
    return [next(outs) if c else None for c in connected]


def _links_of(entry):
    """Links of a derivative node: traced once per structure (they depend on nothing else)."""

    def links(node):
        if entry is None:
            return node_links(node)
        found = entry.data.get("links")
        if found is None:
            found = entry.data["links"] = node_links(node)
        return found

    return links


def record_derivative(op: Op, inputs):
    """Records ``op`` (a derivative: an opaque jax function) with its links from its jaxpr.

    When a recorder will record it, it may be differentiated again, which needs its links: it
    is traced once, and its values are computed from that same jaxpr. Otherwise it runs as it
    is and its links are traced only if ever asked for.
    """
    op.links = node_links
    values = None
    if any(r.watches_any(inputs) for r in state.recorders):
        closed = jax.make_jaxpr(op.fn)(*[t._value for t in inputs])
        links = jaxpr_links(closed)
        op.links = lambda node: links
        values = jax_core.jaxpr_as_fun(closed)(*[t._value for t in inputs])
    return record(op, inputs, values=values)


def gradient(tape, targets, leaf_groups, output_gradients, direct=None):
    """Gradients of ``sum(targets * output_gradients)`` per source (None if unconnected).

    Args:
      tape: the recording (a Tape).
      targets: flat list of target Tensors.
      leaf_groups: per source, its leaf tensors on the tape.
      output_gradients: per target, its cotangent Tensor (already checked), or None for ones.
      direct: per source, the positions of targets that ARE that source without being one of
        its leaves (an unwatched tensor, a Variable): their cotangent is added as it is.
    """
    direct = direct or [[] for _ in leaf_groups]
    sl = slice_of(tape, targets, [t for g in leaf_groups for t in g])
    plan = _sources_plan(leaf_groups, sl.leaves) if sl.connected else [[] for _ in leaf_groups]
    connected = [bool(p) or bool(d) for p, d in zip(plan, direct, strict=True)]
    if not any(connected):
        return [None] * len(leaf_groups)
    replay = sl.program
    n_leaves, n_consts = len(sl.leaves), len(sl.consts)
    slice_connected, positions = sl.connected, tuple(sl.target_positions)
    # Cotangents the user gave are inputs (TF differentiates through them); the rest are ones.
    given, slots = [], []
    for ct in output_gradients:
        slots.append(None if ct is None else len(given))
        if ct is not None:
            given.append(ct)
    specs = tuple((tuple(t.shape), t._np_dtype) for t in targets)

    def make(aux_refs):
        def grad_fn(*values):
            leaves = values[:n_leaves]
            consts = values[n_leaves:n_leaves + n_consts]
            cts_given = values[n_leaves + n_consts:]
            cts = [jnp.ones(shape, dtype) if s is None else jnp.broadcast_to(cts_given[s], shape)
                   for (shape, dtype), s in zip(specs, slots, strict=True)]
            per_leaf, aux = (), ()
            if slice_connected:
                _, pullback, aux = jax.vjp(lambda *lv: replay.run(lv, consts, aux_refs), *leaves,
                                           has_aux=True)
                per_leaf = [_conj(g) for g in pullback(tuple(_conj(cts[k]) for k in positions))]
            out = []
            for idx, ks, c in zip(plan, direct, connected, strict=True):
                if c:
                    out.append(_sum([per_leaf[i] for i in idx] + [cts[k] for k in ks]))
            return (*out, *aux)

        return grad_fn

    key = (_freeze(plan), _freeze(direct), tuple(slots), specs, positions, tuple(connected))
    return _run("Gradient", key, make, sl, given, connected)


def jacobian(tape, target, leaf_groups):
    """Per source, the Jacobian of ``target`` (shape target.shape + source.shape), or None."""
    sl = slice_of(tape, [target], [t for g in leaf_groups for t in g])
    if not sl.connected:
        return [None] * len(leaf_groups)
    plan = _sources_plan(leaf_groups, sl.leaves)
    replay = sl.program
    n_leaves = len(sl.leaves)
    n_in = sum(math.prod(t._np_shape) for t in sl.leaves)
    complex_ = any(jnp.issubdtype(t._np_dtype, jnp.complexfloating) for t in [*sl.leaves, target])
    # Reverse mode costs one pass per target element, forward one per source element.
    if complex_:
        transform = _jacrev_tf
    elif not sl.reverse_only and n_in < math.prod(target._np_shape):
        transform = jax.jacfwd
    else:
        transform = jax.jacrev

    def make(aux_refs):
        def jac_fn(*values):
            leaves, consts = values[:n_leaves], values[n_leaves:]
            def f(*lv):
                targets, aux = replay.run(lv, consts, aux_refs)
                return targets[0], aux

            jac, aux = transform(f, argnums=tuple(range(n_leaves)), has_aux=True)(*leaves)
            return (*_sum_groups(jac, plan), *aux)

        return jac_fn

    key = (_freeze(plan), transform.__name__)
    return _run("Jacobian", key, make, sl, (), [bool(p) for p in plan])


def _jacrev_tf(f, argnums, has_aux):
    """``jax.jacrev`` with TF's complex convention (row i is TF's gradient of ``y[i]``)."""

    def jac(*args):
        y, pullback, aux = jax.vjp(f, *args, has_aux=True)
        basis = jnp.eye(y.size, dtype=y.dtype).reshape((y.size, *y.shape))
        rows = jax.vmap(pullback)(basis)
        return tuple(_conj(r).reshape(y.shape + a.shape) for r, a in zip(rows, args, strict=True)), aux

    del argnums, has_aux  # every argument, with aux, as the caller asks
    return jac


def batch_jacobian(tape, target, leaf_group, source_shape):
    """TF's batch_jacobian: ``out[b, i, x] = sum_b' d target[b', i] / d source[b, x]``."""
    sl = slice_of(tape, [target], list(leaf_group))
    if not sl.connected:
        return None
    plan = _sources_plan([leaf_group], sl.leaves)
    replay = sl.program
    n_leaves = len(sl.leaves)
    batch, rest = target._np_shape[0], tuple(target._np_shape[1:])
    n_rows = math.prod(rest)
    out_shape = (batch, *rest, *source_shape[1:])
    row_size = math.prod(source_shape[1:])

    def make(aux_refs):
        def batch_jac_fn(*values):
            leaves, consts = values[:n_leaves], values[n_leaves:]
            def f(*lv):
                targets, aux = replay.run(lv, consts, aux_refs)
                return targets[0], aux

            y, pullback, aux = jax.vjp(f, *leaves, has_aux=True)
            # Row i of the target, summed over the batch: cotangent e_i for every example.
            basis = jnp.eye(n_rows, dtype=y.dtype).reshape((n_rows, 1, *rest))
            cts = jnp.broadcast_to(basis, (n_rows, batch, *rest))
            (grads,) = _sum_groups(jax.vmap(pullback)(cts), plan)
            grads = _conj(grads).reshape((n_rows, batch, row_size)).transpose(1, 0, 2)
            return (grads.reshape(out_shape), *aux)

        return batch_jac_fn

    key = (_freeze(plan), tuple(source_shape), tuple(target._np_shape))
    return _run("BatchJacobian", key, make, sl, (), [True])[0]
