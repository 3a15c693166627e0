"""``safe_mul(t, c)``: ``t * c``, but exactly 0 where ``t`` is 0 (even where ``c`` is inf/nan).

TensorFlow's gradient kernels for Sqrt, Rsqrt and Reciprocal return 0 wherever the incoming
gradient is 0, whatever the local derivative is (``SqrtGrad(y, dy) = dy == 0 ? 0 :
0.5 * dy / y``). That is what makes ``where(x > 0, sqrt(x), 0.)`` differentiable at x <= 0 in
TF; JAX computes ``0 * inf = nan`` there. The rule is not linear in ``t`` in the ordinary
sense, so no ``custom_jvp`` written in jnp can express it for reverse mode: it is a primitive
whose transpose is itself (``ct -> safe_mul(ct, c)``, or ``safe_mul(t, ct)`` in ``c``), which
JAX's ``vjp``, ``jvp``, ``vmap`` and ``jit`` all accept.
"""

from __future__ import annotations

import jax.numpy as jnp
from jax.extend.core import Primitive
from jax.interpreters import ad, batching, mlir

safe_mul_p = Primitive("tf_safe_mul")


def safe_mul(t, c):
    """``t * c`` with ``0 * anything = 0`` (``t`` and ``c`` of the same shape and dtype)."""
    return safe_mul_p.bind(t, c)


def _impl(t, c):
    return jnp.where(t == 0, jnp.zeros_like(t), t * c)


def _transpose(ct, t, c):
    # Bilinear: transpose in whichever argument is the linear one, keeping 0 * anything = 0.
    if type(ct) is ad.Zero:
        return [None, None]
    if ad.is_undefined_primal(t):
        return [safe_mul(ct, c), None]
    return [None, safe_mul(t, ct)]


safe_mul_p.def_impl(_impl)
safe_mul_p.def_abstract_eval(lambda t, c: t)
mlir.register_lowering(safe_mul_p, mlir.lower_fun(_impl, multiple_results=False))
ad.defjvp(safe_mul_p, lambda dt, t, c: safe_mul(dt, c), lambda dc, t, c: safe_mul(t, dc))
ad.primitive_transposes[safe_mul_p] = _transpose


def _batch(args, dims):
    # Not defbroadcasting: an unbatched operand (e.g. a scalar's derivative factor, under
    # jacfwd of a gradient) must get the batch axis too, or the output's aval is wrong.
    size = next(x.shape[d] for x, d in zip(args, dims, strict=True) if d is not None)
    t, c = (batching.bdim_at_front(x, d, size) for x, d in zip(args, dims, strict=True))
    return safe_mul(t, c), 0


batching.primitive_batchers[safe_mul_p] = _batch
