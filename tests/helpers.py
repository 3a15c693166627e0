"""One helper to check a tapejax gradient against JAX and against finite differences."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

import tapejax as tf


def finite_difference_grad(f, x: np.ndarray, eps: float = 1e-6) -> np.ndarray:
    """Central differences of scalar ``f`` (numpy float64 in, float out) at ``x``."""
    x = np.asarray(x, np.float64)
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        e = np.zeros_like(x)
        e[i] = eps
        g[i] = (f(x + e) - f(x - e)) / (2 * eps)
    return g


def check_gradient(tf_fn, jax_fn, *args, rtol=1e-5, atol=1e-6, fd=True):
    """Checks ``tape.gradient(sum(tf_fn(*xs)), xs)`` in float64 against ``jax.grad`` of
    ``sum(jax_fn(*xs))`` and against central finite differences. Returns the tapejax grads."""
    xs = [tf.constant(np.asarray(a, np.float64)) for a in args]
    with tf.GradientTape() as tape:
        tape.watch(xs)
        y = tf_fn(*xs)
    grads = tape.gradient(y, xs)
    with jax.enable_x64(True):  # the JAX reference, in float64
        ref = jax.grad(lambda *v: jnp.sum(jax_fn(*v)), argnums=tuple(range(len(xs))))(
            *[jnp.asarray(a, jnp.float64) for a in args]
        )
    for g, r in zip(grads, ref, strict=True):
        assert g is not None, "tapejax returned None for a connected source"
        np.testing.assert_allclose(g.numpy(), np.asarray(r), rtol=rtol, atol=atol)
    if fd:
        for k, a in enumerate(args):

            def scalar(v, k=k):
                vals = [jnp.asarray(b, jnp.float64) for b in args]
                vals[k] = jnp.asarray(v)
                return float(jnp.sum(jax_fn(*vals)))

            with jax.enable_x64(True):
                fd = finite_difference_grad(scalar, a)
            np.testing.assert_allclose(grads[k].numpy(), fd, rtol=1e-4, atol=1e-5)
    return grads
