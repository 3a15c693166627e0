"""Derivatives where TensorFlow's convention differs from JAX's.

Every function here is a ``jax.custom_jvp`` (so both forward and reverse mode work) whose
rule is TF's registered gradient. Each says what differs. Masks that TF differentiates as zero
(relu's, abs's) go through :func:`_mask`, a custom_jvp with a zero derivative, so that a
second derivative through them is zeros, not None (see ``_core/autodiff/links.py``). TF's "0 where the
incoming gradient is 0" kernels (SqrtGrad, RsqrtGrad, ReciprocalGrad) use ``safe_mul``.
"""

from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
from jax.scipy.special import xlogy as _jax_xlogy

from .safe_mul import safe_mul


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
def _no_grad(x):
    """``x``, with derivative zero (an input TF's gradient function ignores)."""
    return x


@_no_grad.defjvp
def _no_grad_jvp(primals, tangents):
    (x,), _ = primals, tangents
    return x, jnp.zeros_like(x)


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


@functools.partial(jax.custom_jvp, nondiff_argnums=(0, 2, 3))
def _reduce_extreme(reduce, x, axis, keepdims):
    """``reduce(x, axis=axis, keepdims=keepdims)`` for ``jnp.max``/``jnp.min`` with TF's gradient.

    TF's rule is JAX's (``dy * (x == y) / count(x == y)``: ties share the gradient), and where
    the extreme is NaN nothing equals it, so TF's 0/0 makes that slice's gradient NaN. JAX's
    rule computes the same 0/0, but under jit XLA rewrites its product with the indicators
    into a select and gives 0; the explicit NaN below survives that rewrite.
    """
    return reduce(x, axis=axis, keepdims=keepdims)


@_reduce_extreme.defjvp
def _reduce_extreme_jvp(reduce, axis, keepdims, primals, tangents):
    (x,), (t,) = primals, tangents
    y = reduce(x, axis=axis, keepdims=True)
    hits = (x == y).astype(x.dtype)
    count = jnp.sum(hits, axis=axis, keepdims=True)
    weights = jnp.where(count > 0, hits / count, jnp.nan)
    out = y if keepdims else jnp.squeeze(y, axis=tuple(range(x.ndim)) if axis is None else axis)
    return out, jnp.sum(t * weights, axis=axis, keepdims=keepdims)


# Called eagerly, a custom_jvp costs ~0.3 ms of Python per call; compiled (once per shape) it
# is cheaper than jnp.max's own eager dispatch. Inside a trace the jit is inlined.
reduce_extreme = jax.jit(_reduce_extreme, static_argnums=(0, 2, 3))


# -- TF's "0 where the incoming gradient is 0" kernels --------------------------------------
@jax.custom_jvp
def sqrt(x):
    """TF: SqrtGrad = 0 where dy == 0, else 0.5 * dy / y (JAX: 0 * inf = nan at x <= 0)."""
    return jnp.sqrt(x)


@sqrt.defjvp
def _sqrt_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.sqrt(x)
    return y, safe_mul(t, 0.5 / y)


@jax.custom_jvp
def rsqrt(x):
    """TF: RsqrtGrad = 0 where dy == 0, else -0.5 * dy * y**3."""
    return jax.lax.rsqrt(x)


@rsqrt.defjvp
def _rsqrt_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jax.lax.rsqrt(x)
    return y, safe_mul(t, -0.5 * y * y * y)


@jax.custom_jvp
def reciprocal(x):
    """TF: ReciprocalGrad = 0 where dy == 0, else -dy * y**2."""
    return 1 / x


@reciprocal.defjvp
def _reciprocal_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = 1 / x
    return y, safe_mul(t, -y * y)


# -- ops defined as 0 where an input is 0 ---------------------------------------------------
def _div_no_nan(x, y):
    safe_y = jnp.where(y == 0, jnp.ones_like(y), y)
    return jnp.where(y == 0, jnp.zeros_like(x * safe_y), x / safe_y)


def _nonzero(x):
    return (x != 0).astype(x.dtype)


@jax.custom_jvp
def xlogy(x, y):
    """TF: 0 where x == 0; d/dx = xlogy(x != 0, y), d/dy = xdivy(x, y) (JAX: log(0) * 0 = nan)."""
    return _jax_xlogy(x, y)


@xlogy.defjvp
def _xlogy_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    return xlogy(x, y), tx * _jax_xlogy(_nonzero(x), y) + ty * xdivy(x, y)


@jax.custom_jvp
def xdivy(x, y):
    """TF: 0 where x == 0; d/dx = xdivy(x != 0, y), d/dy = xdivy(-x, y**2)."""
    return jnp.where(x == 0, jnp.zeros_like(x / y), x / y)


@xdivy.defjvp
def _xdivy_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    return xdivy(x, y), tx * xdivy(_nonzero(x), y) + ty * xdivy(-x, y * y)


@jax.custom_jvp
def multiply_no_nan(x, y):
    """TF: 0 where y == 0 (even for x inf/nan); d/dy = mul_no_nan(x, dy), 0 where dy == 0."""
    return jnp.where(y == 0, jnp.zeros_like(x * y), x * y)


@multiply_no_nan.defjvp
def _multiply_no_nan_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    out = multiply_no_nan(x, y)
    ty = jnp.broadcast_to(ty, out.shape)
    return out, multiply_no_nan(tx, y) + safe_mul(ty, jnp.broadcast_to(x, out.shape))


# -- scans and losses ------------------------------------------------------------------------
def cumulative(fn, identity, x, axis, exclusive, reverse):
    """TF's cumsum/cumprod flags over a jnp cumulative ``fn``."""
    if reverse:
        x = jnp.flip(x, axis)
    out = fn(x, axis=axis, dtype=x.dtype)
    if exclusive:
        pad = [(0, 0)] * x.ndim
        pad[axis] = (1, 0)
        out = jnp.pad(out, pad, constant_values=identity)
        out = jax.lax.slice_in_dim(out, 0, x.shape[axis], axis=axis)
    return jnp.flip(out, axis) if reverse else out


@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2, 3))
def cumprod(x, axis, exclusive, reverse):
    """TF: d cumprod = prod * cumsum(div_no_nan(dx, x)), so a zero entry passes no gradient
    (JAX's exact rule passes the product of the others)."""
    return cumulative(jnp.cumprod, 1, x, axis, exclusive, reverse)


@cumprod.defjvp
def _cumprod_jvp(axis, exclusive, reverse, primals, tangents):
    (x,), (t,) = primals, tangents
    prod = cumprod(x, axis, exclusive, reverse)
    return prod, prod * cumulative(jnp.cumsum, 0, _div_no_nan(t, x), axis, exclusive, reverse)


# -- ops JAX differentiates as a constant on degenerate shapes ------------------------------
# JAX specialises a derivative rule to the static shape: a product over a size-1 axis (or over
# none), a cumulative logsumexp over a size-1 axis and a 1x1 determinant are identities, so
# their JAX derivative is a constant with no data dependence on x, and a second derivative
# through it would be None (``links.py`` sees only that jaxpr). TF's gradient functions are
# one graph for every shape and read x, so TF's second derivative there is zeros.
def _connected(t, x):
    """``t``, made to depend on ``x`` with derivative zero (through :func:`_mask`)."""
    return t * _mask(jnp.ones(t.shape, bool), x)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2))
def _reduce_prod(x, axis, keepdims):
    """``jnp.prod`` with TF's ProdGrad: dy * (exclusive cumprod from the left * exclusive cumprod
    from the right) over the reduced entries packed into one axis. Those cumprods read x at
    every shape, and their own derivative is TF's CumprodGrad (:func:`cumprod`)."""
    return jnp.prod(x, axis=axis, keepdims=keepdims, dtype=x.dtype)


@_reduce_prod.defjvp
def _reduce_prod_jvp(axis, keepdims, primals, tangents):
    (x,), (t,) = primals, tangents
    reduced = tuple(range(x.ndim)) if axis is None else tuple(sorted(set(axis)))
    perm = reduced + tuple(a for a in range(x.ndim) if a not in reduced)
    permuted = jnp.transpose(x, perm)
    n_reduced = math.prod(permuted.shape[: len(reduced)])
    packed = permuted.reshape((n_reduced, math.prod(permuted.shape[len(reduced) :])))
    others = cumprod(packed, 0, True, False) * cumprod(packed, 0, True, True)
    others = jnp.transpose(others.reshape(permuted.shape), tuple(perm.index(a) for a in range(x.ndim)))
    return _reduce_prod(x, axis, keepdims), jnp.sum(t * others, axis=axis, keepdims=keepdims)


# Compiled once per shape, as reduce_extreme (an eager custom_jvp costs ~0.3 ms of Python).
reduce_prod = jax.jit(_reduce_prod, static_argnums=(1, 2))


def _cumlogsumexp(x, axis, dtype):
    return jax.lax.cumlogsumexp(x, axis=axis)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2, 3))
def _cumulative_logsumexp(x, axis, exclusive, reverse):
    """JAX's values and derivative, connected to x: TF's gradient reads x and the result."""
    return cumulative(_cumlogsumexp, -jnp.inf, x, axis, exclusive, reverse)


@_cumulative_logsumexp.defjvp
def _cumulative_logsumexp_jvp(axis, exclusive, reverse, primals, tangents):
    (x,), (t,) = primals, tangents
    y, ty = jax.jvp(lambda v: cumulative(_cumlogsumexp, -jnp.inf, v, axis, exclusive, reverse), (x,), (t,))
    return y, _connected(ty, x)


cumulative_logsumexp = jax.jit(_cumulative_logsumexp, static_argnums=(1, 2, 3))


@jax.custom_jvp
def _det(x):
    """JAX's values and derivative, connected to x: TF's gradient is dy * det * inv(x)^H (used
    for 1x1 matrices, where JAX's derivative is a constant)."""
    return jnp.linalg.det(x)


@_det.defjvp
def _det_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y, ty = jax.jvp(jnp.linalg.det, (x,), (t,))
    return y, _connected(ty, x)


det = jax.jit(_det)


@jax.custom_jvp
def softmax_xent(labels, logits):
    """Cross entropy along the last axis. TF's fused kernel: d/dlogits = softmax - labels (even
    for labels not summing to 1), and TF's second derivative ignores labels in it."""
    return -jnp.sum(labels * jax.nn.log_softmax(logits, axis=-1), axis=-1)


@softmax_xent.defjvp
def _softmax_xent_jvp(primals, tangents):
    (labels, logits), (t_labels, t_logits) = primals, tangents
    logp = jax.nn.log_softmax(logits, axis=-1)
    backprop = jnp.exp(logp) - _no_grad(labels)
    loss = -jnp.sum(labels * logp, axis=-1)
    return loss, jnp.sum(backprop * t_logits - t_labels * logp, axis=-1)


@jax.custom_jvp
def pow(x, y):  # noqa: A001 - TF's name
    """TF: d/dy = z * log(x) only where x > 0 (x != 0 for complex), else 0 (JAX: nan for x < 0)."""
    return jnp.power(x, y)


@pow.defjvp
def _pow_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    z = pow(x, y)  # through this rule again, so higher derivatives keep TF's mask
    mask = x != 0 if jnp.iscomplexobj(x) else x > 0
    log_x = jnp.where(mask, jnp.log(jnp.where(mask, x, jnp.ones_like(x))), jnp.zeros_like(x))
    return z, tx * (y * pow(x, y - 1)) + ty * (z * log_x)
