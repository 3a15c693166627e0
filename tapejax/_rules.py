"""Derivatives where TensorFlow's convention differs from JAX's.

Every function here is a ``jax.custom_jvp`` (so both forward and reverse mode work) whose
rule is TF's registered gradient. Each says what differs. Masks that TF differentiates as zero
(relu's, abs's) go through :func:`_mask`, a custom_jvp with a zero derivative, so that a
second derivative through them is zeros, not None (see ``_links.py``).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp


@jax.custom_jvp
def _mask(cond, like):
    """``cond`` as ``like``'s dtype; differentiable with derivative zero (TF's ReluGrad etc.)."""
    return cond.astype(like.dtype)


@_mask.defjvp
def _mask_jvp(primals, tangents):
    cond, like = primals
    out = _mask(cond, like)
    return out, jnp.zeros_like(out)


@jax.custom_jvp
def abs(x):  # noqa: A001 - TF's name
    """TF: d|x|/dx = sign(x), so 0 at 0 (JAX gives 1)."""
    return jnp.abs(x)


@abs.defjvp
def _abs_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.abs(x), t * jnp.sign(x)


@jax.custom_jvp
def relu(x):
    """TF: ReluGrad = g * (x > 0), whose own derivative is zeros (JAX's is None-like)."""
    return jnp.maximum(x, 0)


@relu.defjvp
def _relu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.maximum(x, 0), t * _mask(x > 0, x)


@jax.custom_jvp
def relu6(x):
    """TF: Relu6Grad = g * (0 < x < 6)."""
    return jnp.clip(x, 0, 6)


@relu6.defjvp
def _relu6_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return jnp.clip(x, 0, 6), t * _mask((x > 0) & (x < 6), x)


@jax.custom_jvp
def leaky_relu(x, alpha):
    """TF: LeakyReluGrad = g if x > 0 else alpha * g (alpha at 0; JAX gives 1)."""
    return jnp.where(x > 0, x, alpha * x)


@leaky_relu.defjvp
def _leaky_relu_jvp(primals, tangents):
    x, alpha = primals
    t, _ = tangents
    slope = _mask(x > 0, x) * (1 - alpha) + alpha
    return leaky_relu(x, alpha), t * slope


def _elu_value(x):
    return jnp.where(x > 0, x, jnp.expm1(jnp.where(x > 0, 0, x)))


@jax.custom_jvp
def elu(x):
    """TF: EluGrad = g * (y + 1) if y < 0 else g, with y = elu(x): at 0 the slope is 1 and its
    derivative is 0 (JAX differentiates the exp branch there)."""
    return _elu_value(x)


@elu.defjvp
def _elu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = elu(x)
    return y, t * jnp.where(y < 0, y + 1, jnp.ones_like(y))


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


@jax.custom_jvp
def selu(x):
    """TF: SeluGrad = g * (y + scale * alpha) if y < 0 else g * scale."""
    return _SELU_SCALE * jnp.where(x > 0, x, _SELU_ALPHA * jnp.expm1(jnp.where(x > 0, 0, x)))


@selu.defjvp
def _selu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = selu(x)
    slope = jnp.where(y < 0, y + _SELU_SCALE * _SELU_ALPHA, jnp.full_like(y, _SELU_SCALE))
    return y, t * slope


@jax.custom_jvp
def maximum(x, y):
    """TF: ties send the whole gradient to ``x`` (JAX splits it 0.5 / 0.5)."""
    return jnp.maximum(x, y)


@maximum.defjvp
def _maximum_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    out = jnp.maximum(x, y)
    return out, jnp.broadcast_to(jnp.where(x >= y, tx, ty), out.shape)


@jax.custom_jvp
def minimum(x, y):
    """TF: ties send the whole gradient to ``x`` (JAX splits it 0.5 / 0.5)."""
    return jnp.minimum(x, y)


@minimum.defjvp
def _minimum_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    out = jnp.minimum(x, y)
    return out, jnp.broadcast_to(jnp.where(x <= y, tx, ty), out.shape)


def clip_by_value(t, lo, hi):
    """TF computes ``maximum(minimum(t, hi), lo)``: at a bound the gradient to ``t`` is 1."""
    return maximum(minimum(t, hi), lo)
