"""The gradient clipping of Keras 3 optimizers (``clipnorm``, ``clipvalue``, ``global_clipnorm``).

All on JAX arrays (the clipping values may be traced float64 scalars, see hyperparameters),
in Keras' order of operations (TF's ``clip_by_norm`` for ``clipnorm``, Keras'
``clip_by_global_norm``, whose scale is NaN when the norm is not finite).
"""

from __future__ import annotations

import jax.numpy as jnp

from .hyperparameters import as_float


def clip_by_norm(g, clip_norm):
    """``g * clip_norm / max(norm(g), clip_norm)``, as ``tf.clip_by_norm`` (0 stays 0)."""
    l2sum = jnp.sum(jnp.square(g), keepdims=True)
    pred = l2sum > 0
    l2norm = jnp.where(pred, jnp.sqrt(jnp.where(pred, l2sum, jnp.ones_like(l2sum))), l2sum)
    clip = as_float(clip_norm, g)
    return g * clip / jnp.maximum(l2norm, clip)


def clip_by_global_norm(grads, clip_norm):
    """Scales every gradient by ``clip_norm / max(global norm, clip_norm)``, as Keras 3."""
    use_norm = jnp.sqrt(jnp.sum(jnp.stack([jnp.sum(jnp.square(g)) for g in grads])))
    inverse = as_float(1.0 / clip_norm, grads[0])  # Keras divides in Python: float64
    scale = as_float(clip_norm, grads[0]) * jnp.minimum(1.0 / use_norm, inverse)
    scale = scale + (use_norm - use_norm)  # NaN when the norm is inf or NaN
    return [g * scale.astype(g.dtype) for g in grads]


def clip_gradients(grads, kind: str, value) -> list:
    """The gradients clipped by one option: ``kind`` is ``'clipnorm'``, ``'global_clipnorm'``
    or ``'clipvalue'``, ``value`` its value (a number or a traced scalar)."""
    if kind == "clipnorm":
        return [clip_by_norm(g, value) for g in grads]
    if kind == "global_clipnorm":
        return clip_by_global_norm(grads, value)
    return [jnp.clip(g, -as_float(value, g), as_float(value, g)) for g in grads]
