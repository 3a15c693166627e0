"""A ``while`` loop that reverse-mode differentiation can go through, as TF's can.

``jax.lax.while_loop`` has no reverse mode (its trip count is data). This one runs the loop
forward counting its steps ``n``, keeping only the initial state. Its VJP walks the steps
backwards by bisection (binomial checkpointing): to reverse steps ``[a, b)`` from the state at
``a``, it runs forward to the middle ``m``, reverses ``[m, b)``, then ``[a, m)``. The states it
still needs sit on a stack of at most log2(n) + 1 checkpoints (a fixed buffer of
``_DEPTH`` slots, enough for any int32 trip count): O(n log n) body evaluations and O(log n)
states of memory for n iterations, all in the one compiled program (TF keeps every step's values
instead: O(n) memory). The backward pass's own loops are of this kind too, so a second reverse
pass (a gradient of the gradient) reverses them by bisection in turn: O(n log^2 n) body
evaluations. Forward mode (jvp) does not go through it (JAX's custom_vjp): a forward
accumulator takes the same loop as ``lax.while_loop`` (see ``recorded_loop``).
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np


def _inexact(x) -> bool:
    return jnp.issubdtype(jnp.result_type(x), jnp.inexact)


def _zero_cotangent(x):
    return jnp.zeros_like(x) if _inexact(x) else np.zeros(jnp.shape(x), jax.dtypes.float0)


def _closure_converted(fn, example):
    """``fn`` as a function of ``(carry, *consts)`` and its consts: every value it closes over
    (``jax.closure_convert`` leaves integer tracers closed over, which the VJP cannot keep)."""
    closed, shape = jax.make_jaxpr(fn, return_shape=True)(example)
    tree = jax.tree.structure(shape)

    def converted(carry, *consts):
        return jax.tree.unflatten(tree, jax.core.eval_jaxpr(closed.jaxpr, consts, *jax.tree.leaves(carry)))

    return converted, list(closed.consts)


def while_loop(cond_fn, body_fn, init):
    """``jax.lax.while_loop(cond_fn, body_fn, init)``, reverse-differentiable."""
    body, body_consts = _closure_converted(body_fn, init)
    cond, cond_consts = _closure_converted(cond_fn, init)
    return _loop(cond, body, init, body_consts, cond_consts)


@functools.partial(jax.custom_vjp, nondiff_argnums=(0, 1))
def _loop(cond, body, init, body_consts, cond_consts):
    return jax.lax.while_loop(lambda c: cond(c, *cond_consts), lambda c: body(c, *body_consts), init)


def _forward(cond, body, init, body_consts, cond_consts):
    def counted(nc):
        n, c = nc
        return n + 1, body(c, *body_consts)

    n, out = jax.lax.while_loop(lambda nc: cond(nc[1], *cond_consts), counted, (0, init))
    return out, (init, body_consts, cond_consts, n)


# Checkpoint slots of the bisection: its stack holds at most log2(n) + 1 states, and a trip
# count is an int32.
_DEPTH = 33


def _backward(cond, body, residuals, cotangent):
    init, body_consts, cond_consts, n = residuals
    state_leaves, state_tree = jax.tree.flatten(init)
    const_leaves, const_tree = jax.tree.flatten(body_consts)
    float_state = [i for i, x in enumerate(state_leaves) if _inexact(x)]
    float_const = [i for i, x in enumerate(const_leaves) if _inexact(x)]

    def forward(state, k):
        # A loop of its own reversible kind, as the while loop below: a second reverse pass
        # (a gradient of this gradient) goes through them by bisection in turn.
        def ahead(ic):
            return ic[0] + 1, body(ic[1], *body_consts)

        return while_loop(lambda ic: ic[0] < k, ahead, (jnp.int32(0), state))[1]

    def pull(state, ct):
        """The cotangents of one step's input state (inexact leaves) and of the consts."""
        _, vjp = jax.vjp(lambda c, b: body(c, *b), state, body_consts)
        full = [_zero_cotangent(x) for x in state_leaves]
        for i, c in zip(float_state, ct, strict=True):
            full[i] = c
        d_state, d_consts = vjp(jax.tree.unflatten(state_tree, full))
        ds, dc = jax.tree.leaves(d_state), jax.tree.leaves(d_consts)
        return [ds[i] for i in float_state], [dc[i] for i in float_const]

    def step(carry):
        top, stack, bounds, ct, cc = carry
        k = top - 1  # the segment [a, b) on top of the stack, with the state at a
        state = jax.tree.unflatten(state_tree, [slots[k] for slots in stack])
        a, b = bounds[k, 0], bounds[k, 1]

        def reverse_one(_):
            new_ct, d_consts = pull(state, ct)
            return top - 1, stack, bounds, new_ct, [x + y for x, y in zip(cc, d_consts, strict=True)]

        def split(_):
            m = (a + b) // 2
            middle = jax.tree.leaves(forward(state, m - a))
            pushed = [slots.at[top].set(v) for slots, v in zip(stack, middle, strict=True)]
            return top + 1, pushed, bounds.at[k, 1].set(m).at[top].set(jnp.stack([m, b])), ct, cc

        return jax.lax.cond(b - a == 1, reverse_one, split, None)

    n = jnp.asarray(n, jnp.int32)
    stack = [jnp.zeros((_DEPTH, *jnp.shape(x)), jnp.result_type(x)).at[0].set(x) for x in state_leaves]
    bounds = jnp.zeros((_DEPTH, 2), jnp.int32).at[0].set(jnp.stack([jnp.int32(0), n]))
    ct_leaves = jax.tree.leaves(cotangent)
    start = (
        (n > 0).astype(jnp.int32),  # no step: nothing to reverse
        stack,
        bounds,
        [ct_leaves[i] for i in float_state],
        [jnp.zeros_like(const_leaves[i]) for i in float_const],
    )
    _, _, _, ct_state, ct_consts = while_loop(lambda c: c[0] > 0, step, start)
    d_init = [_zero_cotangent(x) for x in state_leaves]
    for i, ct in zip(float_state, ct_state, strict=True):
        d_init[i] = ct
    d_consts = [_zero_cotangent(x) for x in const_leaves]
    for i, ct in zip(float_const, ct_consts, strict=True):
        d_consts[i] = ct
    return (
        jax.tree.unflatten(state_tree, d_init),
        jax.tree.unflatten(const_tree, d_consts),
        jax.tree.map(_zero_cotangent, cond_consts),
    )


_loop.defvjp(_forward, _backward)
