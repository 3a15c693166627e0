"""The gradient clipping of Keras 3 optimizers (``clipnorm``, ``clipvalue``, ``global_clipnorm``).

All on JAX arrays, in Keras' order of operations (TF's ``clip_by_norm`` for ``clipnorm``,
Keras' ``clip_by_global_norm``, whose scale is NaN when the norm is not finite).
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np


def clip_by_norm(g, clip_norm):
    """``g * clip_norm / max(norm(g), clip_norm)``, as ``tf.clip_by_norm`` (0 stays 0)."""
    l2sum = jnp.sum(jnp.square(g), keepdims=True)
    pred = l2sum > 0
    l2norm = jnp.where(pred, jnp.sqrt(jnp.where(pred, l2sum, jnp.ones_like(l2sum))), l2sum)
    clip = jnp.asarray(clip_norm, g.dtype)
    return g * clip / jnp.maximum(l2norm, clip)


def clip_by_global_norm(grads, clip_norm):
    """Scales every gradient by ``clip_norm / max(global norm, clip_norm)``, as Keras 3."""
    dtype = grads[0].dtype
    use_norm = jnp.sqrt(jnp.sum(jnp.stack([jnp.sum(jnp.square(g)) for g in grads])))
    scale = jnp.asarray(clip_norm, dtype) * jnp.minimum(1.0 / use_norm, np.asarray(1.0 / clip_norm, dtype))
    scale = scale + (use_norm - use_norm)  # NaN when the norm is inf or NaN
    return [g * scale.astype(g.dtype) for g in grads]


def clip_gradients(grads, clipnorm=None, clipvalue=None, global_clipnorm=None) -> list:
    """The gradients clipped as the optimizer's options say (at most one of them is set)."""
    if clipnorm and clipnorm > 0:
        return [clip_by_norm(g, clipnorm) for g in grads]
    if global_clipnorm and global_clipnorm > 0:
        return clip_by_global_norm(grads, global_clipnorm)
    if clipvalue and clipvalue > 0:
        return [jnp.clip(g, -clipvalue, clipvalue).astype(g.dtype) for g in grads]
    return grads
