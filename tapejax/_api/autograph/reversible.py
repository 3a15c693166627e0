"""A ``while`` loop that reverse-mode differentiation can go through, as TF's can.

``jax.lax.while_loop`` has no reverse mode (its trip count is data). This one runs the loop
forward counting its steps, keeping only the initial state; its VJP walks the steps backwards,
recomputing step k's input from the initial state (k steps) before pulling the cotangent
through it: O(1) memory and O(n^2) body evaluations for n iterations (TF keeps every step's
values instead). Forward-mode (jvp) does not go through it (JAX's custom_vjp), nor a second
reverse pass.
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


def _backward(cond, body, residuals, cotangent):
    init, body_consts, cond_consts, n = residuals
    leaves, tree = jax.tree.flatten((init, body_consts))
    float_at = [i for i, x in enumerate(leaves) if _inexact(x)]

    def state_at(k):
        return jax.lax.fori_loop(0, k, lambda _, c: body(c, *body_consts), init)

    def step(j, acc):
        ct_state, ct_consts = acc  # cotangents of the inexact leaves only
        state = state_at(n - 1 - j)
        _, pull = jax.vjp(lambda c, b: body(c, *b), state, body_consts)
        full = [_zero_cotangent(x) for x in jax.tree.leaves(init)]
        for i, ct in zip([i for i in float_at if i < len(full)], ct_state, strict=True):
            full[i] = ct
        d_state, d_consts = pull(jax.tree.unflatten(jax.tree.structure(init), full))
        d = jax.tree.leaves((d_state, d_consts))
        n_state = len(full)
        new_state = [d[i] for i in float_at if i < n_state]
        new_consts = [c + d[i] for c, i in zip(ct_consts, [i for i in float_at if i >= n_state], strict=True)]
        return new_state, new_consts

    ct_leaves = jax.tree.leaves(cotangent)
    n_state = len(jax.tree.leaves(init))
    start = (
        [ct_leaves[i] for i in float_at if i < n_state],
        [jnp.zeros_like(leaves[i]) for i in float_at if i >= n_state],
    )
    ct_state, ct_consts = jax.lax.fori_loop(0, n, step, start)
    out = [_zero_cotangent(x) for x in leaves]
    for i, ct in zip(float_at, [*ct_state, *ct_consts], strict=True):
        out[i] = ct
    d_init, d_body = jax.tree.unflatten(tree, out)
    return d_init, d_body, jax.tree.map(_zero_cotangent, cond_consts)


_loop.defvjp(_forward, _backward)
