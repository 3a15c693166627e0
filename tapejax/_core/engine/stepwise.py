"""Running recorded ops one by one, each on a small program shared by every structure.

A structure seen once (an episode of a length not seen before, a notebook cell edited) would
pay a whole-program XLA compile for one run; ``policy.py`` decides when that is worth it.
Until then its ops run here: each op's forward, and each op's derivative (``jax.vjp`` of the
op alone, its forward recomputed inside), on a program compiled once per (op, static
arguments, input shapes and dtypes, which inputs and outputs carry cotangents) and kept in
``caches.op_programs``, where any later structure made of the same ops finds it. Values
already computed (a pending tensor read before the gradient) are used as they are.

Meaning: the same replay (``autodiff.replay.Program``) differentiated by the same chain rule,
so the results agree with the fused program's to float rounding (XLA rounds a whole program
and single ops differently in the last bits); which of the two runs is decided by counts
only (``policy.py``), so a program prints the same numbers on every run.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..caches import op_programs
from ..values.dtype import DIFFERENTIABLE


def run(op, static, skey, values) -> tuple:
    """``op``'s outputs on ``values`` (concrete arrays), as a tuple."""
    if skey is None:  # unhashable static arguments: JAX's own eager dispatch
        out = op.fn(*values, **static)
    else:
        key = ("forward", op.key, skey, *[(v.shape, v.dtype) for v in values])
        out = op_programs.function(key, lambda: functools.partial(op.fn, **static))(*values)
    return out if op.multiple_results else (out,)


def input_cotangents(op, static, skey, values, wrt: tuple, cts: list) -> tuple:
    """The cotangents of ``values[i]`` for ``i`` in ``wrt``, given ``cts`` per output (None: zero)."""
    has = tuple(c is not None for c in cts)
    given = [c for c in cts if c is not None]
    build = lambda: _vjp_fn(op, static, wrt, has, len(values))
    if skey is None:
        return build()(*values, *given)
    key = ("vjp", op.key, skey, wrt, has, *[(v.shape, v.dtype) for v in values])
    return op_programs.function(key, build)(*values, *given)


def _vjp_fn(op, static, wrt, has, n_inputs):
    def vjp(*args):
        inputs, given = list(args[:n_inputs]), iter(args[n_inputs:])

        def f(*diff):
            full = list(inputs)
            for i, v in zip(wrt, diff, strict=True):
                full[i] = v
            out = op.fn(*full, **static)
            return tuple(out) if op.multiple_results else (out,)

        outs, pullback = jax.vjp(f, *[inputs[i] for i in wrt])
        return pullback(tuple(next(given) if h else _zero(o) for o, h in zip(outs, has, strict=True)))

    return vjp


def _zero(out):
    if jnp.issubdtype(out.dtype, jnp.inexact):
        return jnp.zeros_like(out)
    return np.zeros(out.shape, jax.dtypes.float0)


def vjp(program, nodes, fill=()):
    """``vjp(leaves, consts) -> (targets, pullback, ())`` over ``program`` (the replay of
    ``nodes``), op by op: what ``jax.vjp`` of the replay gives, for ``Derivative.assemble``.
    The forward pass fills the pending outputs ``fill`` names (``(node, output, slot)``)."""

    def forward(leaves, consts):
        env = [*leaves, *consts]
        for node, (op, static, in_refs, out_refs) in zip(nodes, program.steps, strict=True):
            known = [t._v for t in node.outputs]
            if any(v is None for v in known):  # else: computed already, used as it is
                known = run(op, static, node.static_key(), [env[i] for i in in_refs])
            for ref, value in zip(out_refs, known, strict=True):
                if ref >= 0:  # (< 0: a leaf computed from other leaves keeps its given value)
                    env.append(value)
        for k, j, ref in fill:
            nodes[k].outputs[j]._fill(env[ref])
        return tuple(env[i] for i in program.out_refs), functools.partial(_backward, program, nodes, env), ()

    return forward


def _backward(program, nodes, env, target_cts) -> list:
    """The leaves' cotangents for the targets' ``target_cts``: each op's derivative, last op first."""
    n_leaves, first_output = program.n_leaves, program.n_leaves + program.n_consts
    cts: dict = {}
    for ref, ct in zip(program.out_refs, target_cts, strict=True):
        _accumulate(cts, ref, ct)
    for node, (op, static, in_refs, out_refs) in zip(reversed(nodes), reversed(program.steps), strict=True):
        out_cts = [cts.pop(ref, None) if ref >= 0 else cts.get(-1 - ref) for ref in out_refs]
        if all(c is None for c in out_cts):
            continue
        # The inputs JAX's vjp of the whole replay differentiates: leaves and ops' outputs (not
        # the constants), of a differentiable dtype.
        wrt = tuple(
            i
            for i, ref in enumerate(in_refs)
            if (ref < n_leaves or ref >= first_output) and env[ref].dtype in DIFFERENTIABLE
        )
        if not wrt:
            continue
        values = [env[ref] for ref in in_refs]
        for i, g in zip(
            wrt, input_cotangents(op, static, node.static_key(), values, wrt, out_cts), strict=True
        ):
            _accumulate(cts, in_refs[i], g)
    return [cts[i] if i in cts else jnp.zeros_like(env[i]) for i in range(n_leaves)]


def _accumulate(cts: dict, ref: int, ct) -> None:
    found = cts.get(ref)
    cts[ref] = ct if found is None else found + ct
