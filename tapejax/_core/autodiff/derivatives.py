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

from .caches import cache, intern_key
from .links import jaxpr_links, node_links
from .liveness import release, split
from .materialize import materialize
from .record import Op, record
from .replay import slice_of
from .state import state


def _conj(x):
    return jnp.conj(x) if jnp.iscomplexobj(x) else x


def _typed_like(ct, y):
    """Cotangent ``ct`` with output ``y``'s sharding when a mesh context (``jax.set_mesh``,
    Explicit axes) typed them apart: JAX's pullback wants the output's type."""
    want, have = jax.typeof(y).sharding, jax.typeof(ct).sharding
    return ct if have == want or have.mesh.empty else jax.sharding.reshard(ct, want)


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


class _Derivative:
    """One derivative of one slice structure, built once and run at every call.

    ``make(aux_refs)`` builds the derivative function of ``[*leaves, *consts, *extra]``; with
    ``aux_refs`` it also returns the forward values at those slots of the replay. When the
    derivative runs now (no outer tape defers it), it is fused with the forward: every pending
    tensor of the slice that can still be read gets its value from the same compiled call (when
    the tape is dropped after this call, those that only the tape refers to cannot: see
    ``liveness``). Functions are cached by ``key`` (the slice's structure and the derivative's
    arguments) and, fused, by which values they return; ``connected[k]`` says whether source k
    gets an output.
    """

    __slots__ = ("entry", "op", "key", "make", "connected", "fused", "fillable", "expected", "direct")

    def __init__(self, name, key, make, sl, connected):
        program = sl.program
        # Interned: the key is hashed where the derivative is recorded (avals, a tape's
        # structure), at every call, and the full one holds the whole slice's structure.
        self.key = None if key is None or program.key is None else intern_key((name, program.key, *key))
        self.entry = None if self.key is None else cache.entry(self.key, lambda: make(()))
        self.direct = make(()) if self.entry is None else None  # uncached: run as it is
        # Built once: the op's function looks the compiled derivative up when it runs (so an
        # evicted one is compiled again), nothing is set on the op per call.
        self.op = Op(
            name,
            self._run,
            multiple_results=True,
            reverse_only=sl.reverse_only,
            input_errors=False,
            key=self.key,
            links=_links_of(self.entry),
        )
        self.make, self.connected, self.fused = make, connected, {}
        # Node outputs the replay computes (a spliced leaf is given, not computed).
        self.fillable = tuple(
            (k, j, ref) for k, step in enumerate(program.steps) for j, ref in enumerate(step[3]) if ref >= 0
        )
        self.expected = None  # per fillable entry, the references the recording holds

    def __call__(self, sl, extra_inputs, dropped=None) -> list:
        """The derivative's outputs per source (None where unconnected). ``dropped``: the tape,
        when it is dropped after this call (a non-persistent tape)."""
        if self.entry is not None:
            cache.reuse(self.entry)
        inputs = [*sl.leaves, *sl.consts, *extra_inputs]
        unread: list = []

        def compute():
            """Run now (record's decision): fused with the slice's pending forward values."""
            if any(t._v is None for t in inputs):
                materialize(inputs)
            nodes = sl.nodes
            if dropped is None:
                pending = [(k, j, ref) for k, j, ref in self.fillable if nodes[k].outputs[j]._v is None]
            else:
                expected = self.expected
                if expected is None:  # one derivative per structure: so are the counts
                    refs = sl.references
                    expected = self.expected = tuple(1 + refs[k][j] for k, j, _ in self.fillable)
                pending, skipped = split(nodes, self.fillable, expected, {id(t) for t in sl.targets})
                unread.extend(skipped)
            if pending:
                return self._fused(pending, inputs, nodes)
            return self._run(*[t._v for t in inputs])

        outs = iter(record(self.op, inputs, compute=compute))
        result = [next(outs) if c else None for c in self.connected]
        if unread and dropped.alone:
            release(unread, sl.recording, sl.others)
        return result

    def _run(self, *values):
        """The derivative alone (the op's function: also what a replay of it runs)."""
        fn = self.entry.current() if self.entry is not None else self.direct
        return fn(*values)

    def _fused(self, pending, inputs, nodes):
        """Runs the derivative and the pending forward values in one call; fills the latter."""
        aux_refs = tuple([ref for _, _, ref in pending])
        fused_entry = self.fused.get(aux_refs)
        if fused_entry is None and self.key is not None:
            build = lambda: self.make(aux_refs)
            fused_entry = self.fused[aux_refs] = cache.entry((self.key, aux_refs), build)
        elif fused_entry is not None:
            cache.reuse(fused_entry)
        fused = fused_entry.current() if fused_entry is not None else self.make(aux_refs)
        flat = fused(*[t._v for t in inputs])
        n_out = len(flat) - len(pending)
        for (k, j, _), v in zip(pending, flat[n_out:], strict=True):
            nodes[k].outputs[j]._fill(v)
        return flat[:n_out]


def _derivative(sl, call_key, build) -> _Derivative | None:
    """The derivative of ``sl`` for ``call_key``, built by ``build()`` the first time this slice
    structure is asked for it (the memo is shared by equal structures; None: unconnected)."""
    found = sl.memo.get(call_key, _MISSING)
    if found is _MISSING:
        found = sl.memo[call_key] = build()
    return found


_MISSING = object()


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


def record_derivative(fn, inputs, make_op):
    """Records ``fn`` (a derivative: an opaque jax function of the values of ``inputs``) as
    the op ``make_op(fn, links)``, with its links from its jaxpr.

    When a recorder will record it, it may be differentiated again, which needs its links: it
    is traced once, and its values (if ``record`` runs it now) come from that same jaxpr.
    Otherwise its links are traced only if ever asked for.
    """
    if any(r.watches_any(inputs) for r in state.recorders):
        values = [t._value for t in inputs]
        closed = jax.make_jaxpr(fn)(*values)
        links = jaxpr_links(closed)
        return record(
            make_op(fn, lambda node: links), inputs, compute=lambda: jax_core.jaxpr_as_fun(closed)(*values)
        )
    return record(make_op(fn, node_links), inputs)


def gradient(tape, targets, leaf_groups, output_gradients, direct=None, last_use=False):
    """Gradients of ``sum(targets * output_gradients)`` per source (None if unconnected).

    Args:
      tape: the recording (a Tape).
      targets: flat list of target Tensors.
      leaf_groups: per source, its leaf tensors on the tape.
      output_gradients: per target, its cotangent Tensor (already checked), or None for ones.
      direct: per source, the positions of targets that ARE that source without being one of
        its leaves (an unwatched tensor, a Variable): their cotangent is added as it is.
      last_use: whether the tape is dropped after this call (a non-persistent tape): pending
        values that nothing outside the tape refers to are then not computed.
    """
    direct = direct or [[] for _ in leaf_groups]
    sl = slice_of(tape, targets, [t for g in leaf_groups for t in g])
    # Cotangents the user gave are inputs (TF differentiates through them); the rest are ones.
    given = [ct for ct in output_gradients if ct is not None]
    call_key = (
        "Gradient",
        tuple(map(len, leaf_groups)),
        _freeze(direct),
        tuple(None if ct is None else (ct._np_shape, ct._np_dtype) for ct in output_gradients),
    )
    build = lambda: _gradient(sl, targets, leaf_groups, output_gradients, direct)
    derivative = _derivative(sl, call_key, build)
    if derivative is None:
        return [None] * len(leaf_groups)
    return derivative(sl, given, tape if last_use else None)


def _gradient(sl, targets, leaf_groups, output_gradients, direct) -> _Derivative | None:
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

    def make(aux_refs):
        def grad_fn(*values):
            leaves = values[:n_leaves]
            consts = values[n_leaves : n_leaves + n_consts]
            cts_given = values[n_leaves + n_consts :]
            cts = [
                jnp.ones(shape, dtype) if s is None else jnp.broadcast_to(cts_given[s], shape)
                for (shape, dtype), s in zip(specs, slots, strict=True)
            ]
            per_leaf, aux = (), ()
            if slice_connected:
                ys, pullback, aux = jax.vjp(
                    lambda *lv: replay.run(lv, consts, aux_refs), *leaves, has_aux=True
                )
                given = (_typed_like(_conj(cts[k]), y) for k, y in zip(positions, ys, strict=True))
                per_leaf = [_conj(g) for g in pullback(tuple(given))]
            out = []
            for idx, ks, c in zip(plan, direct, connected, strict=True):
                if c:
                    out.append(_sum([per_leaf[i] for i in idx] + [cts[k] for k in ks]))
            return (*out, *aux)

        return grad_fn

    key = (_freeze(plan), _freeze(direct), tuple(slots), specs, positions, tuple(connected))
    return _Derivative("Gradient", key, make, sl, connected)


def jacobian(tape, target, leaf_groups, last_use=False):
    """Per source, the Jacobian of ``target`` (shape target.shape + source.shape), or None."""
    sl = slice_of(tape, [target], [t for g in leaf_groups for t in g])
    if not sl.connected:
        return [None] * len(leaf_groups)
    call_key = ("Jacobian", tuple(map(len, leaf_groups)))
    derivative = _derivative(sl, call_key, lambda: _jacobian(sl, target, leaf_groups))
    return derivative(sl, (), tape if last_use else None)


def _jacobian(sl, target, leaf_groups) -> _Derivative:
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
    return _Derivative("Jacobian", key, make, sl, [bool(p) for p in plan])


def _jacrev_tf(f, argnums, has_aux):
    """``jax.jacrev`` with TF's complex convention (row i is TF's gradient of ``y[i]``)."""

    def jac(*args):
        y, pullback, aux = jax.vjp(f, *args, has_aux=True)
        basis = jnp.eye(y.size, dtype=y.dtype).reshape((y.size, *y.shape))
        rows = jax.vmap(lambda ct: pullback(_typed_like(ct, y)))(basis)
        return tuple(_conj(r).reshape(y.shape + a.shape) for r, a in zip(rows, args, strict=True)), aux

    del argnums, has_aux  # every argument, with aux, as the caller asks
    return jac


def batch_jacobian(tape, target, leaf_group, source_shape, last_use=False):
    """TF's batch_jacobian: ``out[b, i, x] = sum_b' d target[b', i] / d source[b, x]``."""
    sl = slice_of(tape, [target], list(leaf_group))
    if not sl.connected:
        return None
    call_key = ("BatchJacobian", tuple(source_shape))
    build = lambda: _batch_jacobian(sl, target, leaf_group, source_shape)
    return _derivative(sl, call_key, build)(sl, (), tape if last_use else None)[0]


def _batch_jacobian(sl, target, leaf_group, source_shape) -> _Derivative:
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

    key = (_freeze(plan), tuple(source_shape), tuple(target._np_shape))
    return _Derivative("BatchJacobian", key, make, sl, [True])
