"""gradient / jacobian / batch_jacobian of a slice, written as JAX functions.

Each derivative is the derivative of the slice's replay (``replay.Program``), written with
``jax.vjp`` / ``jax.jacrev`` / ``jax.jacfwd`` / ``jax.vmap``: a pure function of the slice's
leaves and constants (and, for a gradient, the cotangents given). What runs it is not here:
the engine compiles it, fuses the pending forward values into the same call and records it
as ONE node (``engine/gradients.py``); the reference path records it plainly
(``_core/reference.py``). Recorded as a node, a derivative taken under another tape is
differentiable again: higher orders need no special code, JAX differentiates the derivative
function.

Results come per *source*; a source is a list of leaves (a Variable's reads, or one tensor)
and its derivative is the sum over its leaves. Unconnected sources get no output
(``Derivative.connected``); the callers apply TF's ``unconnected_gradients`` rule.

Complex numbers: TF's gradient is the conjugate of JAX's cotangent convention
(``tf: dy * conj(f'(x))``, ``jax.vjp: dy * f'(x)``), so complex cotangents and complex
results are conjugated: ``tf_vjp(ct) = conj(jax_vjp(conj(ct)))``.
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp


class Derivative:
    """One derivative of one slice, as a function builder.

    Attributes:
      name: the op name it is recorded under (``"Gradient"``, ``"Jacobian"``, ...).
      key: the derivative's arguments as a hashable structure (with the slice's
        ``program.key``, the key of its compiled function).
      make: ``make(aux_refs)`` builds the pure function of ``[*leaves, *consts, *given]``
        returning one output per connected source and then the forward values at
        ``aux_refs`` (slots of the replay; ``()`` for the derivative alone).
      connected: per source, whether it gets an output.
      assemble: a gradient's only (else None): ``assemble(values, vjp) -> (outputs, aux)``,
        the function ``make`` builds with the replay's ``jax.vjp`` given as ``vjp(leaves,
        consts) -> (targets, pullback, aux)``, so that another differentiation of the same
        replay (the engine's op by op one) gives the same outputs.
    """

    __slots__ = ("name", "key", "make", "connected", "assemble")

    def __init__(self, name: str, key: tuple, make, connected: list, assemble=None):
        self.name, self.key, self.make, self.connected = name, key, make, connected
        self.assemble = assemble


def _conj(x):
    return jnp.conj(x) if jnp.iscomplexobj(x) else x


def _typed_like(ct, y):
    """Cotangent ``ct`` with output ``y``'s sharding when a mesh context (``jax.set_mesh``,
    Explicit axes) typed them apart, and varying over the manual axes ``y`` varies over (one
    replica's code in a ``shard_map``, tapejax/distribute): JAX's pullback wants the output's type."""
    y_type, ct_type = jax.typeof(y), jax.typeof(ct)
    missing = _varying(y_type) - _varying(ct_type)
    if missing:
        ct = jax.lax.pcast(ct, tuple(sorted(missing)), to="varying")
    want, have = y_type.sharding, ct_type.sharding
    return ct if have == want or have.mesh.empty else jax.sharding.reshard(ct, want)


def _varying(aval) -> frozenset:
    mat = getattr(aval, "mat", None)
    return frozenset() if mat is None else mat.varying


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


def freeze(lists) -> tuple:
    """Nested lists as nested tuples (a hashable key)."""
    return tuple(tuple(x) for x in lists)


def gradient(sl, targets, leaf_groups, output_gradients, direct) -> Derivative | None:
    """Gradients of ``sum(targets * output_gradients)`` per source; None if none is connected.

    Args:
      sl: the slice between the leaves and the targets (``replay.Slice``).
      targets: flat list of target Tensors.
      leaf_groups: per source, its leaf tensors.
      output_gradients: per target, its cotangent Tensor (an input of the derivative), or
        None for ones.
      direct: per source, the positions of targets that ARE that source without being one of
        its leaves (an unwatched tensor, a Variable): their cotangent is added as it is.
    """
    plan = _sources_plan(leaf_groups, sl.leaves) if sl.connected else [[] for _ in leaf_groups]
    connected = [bool(p) or bool(d) for p, d in zip(plan, direct, strict=True)]
    if not any(connected):
        return None
    replay = sl.program
    n_leaves, n_consts = len(sl.leaves), len(sl.consts)
    slice_connected, positions = sl.connected, tuple(sl.target_positions)
    slots, n_given = [], 0
    for ct in output_gradients:
        slots.append(None if ct is None else n_given)
        n_given += ct is not None
    specs = tuple((tuple(t.shape), t._np_dtype) for t in targets)

    def assemble(values, vjp):
        """The outputs per connected source and the replay's values at the aux slots, with
        ``vjp(leaves, consts) -> (targets, pullback, aux)`` differentiating the replay."""
        leaves = values[:n_leaves]
        consts = values[n_leaves : n_leaves + n_consts]
        cts_given = values[n_leaves + n_consts :]
        cts = [
            jnp.ones(shape, dtype) if s is None else jnp.broadcast_to(cts_given[s], shape)
            for (shape, dtype), s in zip(specs, slots, strict=True)
        ]
        per_leaf, aux = (), ()
        if slice_connected:
            ys, pullback, aux = vjp(leaves, consts)
            given = (_typed_like(_conj(cts[k]), y) for k, y in zip(positions, ys, strict=True))
            per_leaf = [_conj(g) for g in pullback(tuple(given))]
        out = []
        for idx, ks, c in zip(plan, direct, connected, strict=True):
            if c:
                out.append(_sum([per_leaf[i] for i in idx] + [cts[k] for k in ks]))
        return out, aux

    def make(aux_refs):
        def vjp(leaves, consts):
            return jax.vjp(lambda *lv: replay.run(lv, consts, aux_refs), *leaves, has_aux=True)

        def grad_fn(*values):
            out, aux = assemble(values, vjp)
            return (*out, *aux)

        return grad_fn

    key = (freeze(plan), freeze(direct), tuple(slots), specs, positions, tuple(connected))
    return Derivative("Gradient", key, make, connected, assemble)


def jacobian(sl, target, leaf_groups) -> Derivative:
    """Per source, the Jacobian of ``target`` (shape target.shape + source.shape); ``sl`` must
    be connected."""
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

    key = (freeze(plan), transform.__name__)
    return Derivative("Jacobian", key, make, [bool(p) for p in plan])


def _jacrev_tf(f, argnums, has_aux):
    """``jax.jacrev`` with TF's complex convention (row i is TF's gradient of ``y[i]``)."""

    def jac(*args):
        y, pullback, aux = jax.vjp(f, *args, has_aux=True)
        basis = jnp.eye(y.size, dtype=y.dtype).reshape((y.size, *y.shape))
        rows = jax.vmap(lambda ct: pullback(_typed_like(ct, y)))(basis)
        return tuple(_conj(r).reshape(y.shape + a.shape) for r, a in zip(rows, args, strict=True)), aux

    del argnums, has_aux  # every argument, with aux, as the caller asks
    return jac


def batch_jacobian(sl, target, leaf_group, source_shape) -> Derivative:
    """TF's batch_jacobian: ``out[b, i, x] = sum_b' d target[b', i] / d source[b, x]``; ``sl``
    must be connected."""
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
            (grads,) = _sum_groups(jax.vmap(lambda ct: pullback(_typed_like(ct, y)))(cts), plan)
            grads = _conj(grads).reshape((n_rows, batch, row_size)).transpose(1, 0, 2)
            return (grads.reshape(out_shape), *aux)

        return batch_jac_fn

    key = (freeze(plan), tuple(source_shape), tuple(target._np_shape))
    return Derivative("BatchJacobian", key, make, [True])
