"""The op menu of the random programs (tests/programs.py): each op written twice, once with the
TF API (``tf`` is the module passed in: tapejax, or TensorFlow when comparing with it) and once
with ``jax.numpy``, plus ``margin``: how far the op's inputs are from a kink, tie or
singularity (the programs are only checked where every margin is comfortably positive, since
TF's and JAX's conventions may differ exactly at a kink, and finite differences fail there).

Ops whose domain is not the whole real line are applied to a value moved into it by other ops
(``sqrt(x**2 + 0.5)``, ``asin(0.9 * tanh(x))``), so every program is defined everywhere.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class Spec:
    """One op of the menu: ``tf(module, *args, **params)``, ``jnp(*args, **params)``,
    ``margin(*arrays, **params)`` (distance to the nearest kink; None for smooth ops), the
    positions of the arguments a gradient flows through (None: all), and whether finite
    differences see the derivative that autodiff gives (not for stop_gradient, nor for a
    made-up custom gradient)."""

    tf: Callable
    jnp: Callable
    kind: str
    margin: Callable | None = None
    connects: tuple[int, ...] | None = None
    true_gradient: bool = True


def _unary(tf_fn, jnp_fn, margin=None):
    return Spec(tf_fn, jnp_fn, "unary", margin)


def _dist(x, *points):
    return min(float(np.min(np.abs(np.asarray(x) - p))) for p in points)


_pos = lambda m, x: m.square(x) + 0.5  # noqa: E731 - a value in (0.5, inf), in TF ops
_jpos = lambda x: jnp.square(x) + 0.5  # noqa: E731

UNARY = {
    "sin": _unary(lambda m, x: m.sin(x), jnp.sin),
    "cos": _unary(lambda m, x: m.cos(x), jnp.cos),
    "tanh": _unary(lambda m, x: m.tanh(x), jnp.tanh),
    "sigmoid": _unary(lambda m, x: m.sigmoid(x), jax.nn.sigmoid),
    "atan": _unary(lambda m, x: m.atan(x), jnp.arctan),
    "asinh": _unary(lambda m, x: m.asinh(x), jnp.arcsinh),
    "erf": _unary(lambda m, x: m.math.erf(x), jax.scipy.special.erf),
    "exp": _unary(lambda m, x: m.exp(x), jnp.exp),
    "square": _unary(lambda m, x: m.square(x), jnp.square),
    "negative": _unary(lambda m, x: -x, jnp.negative),
    "softplus": _unary(lambda m, x: m.nn.softplus(x), jax.nn.softplus),
    "log_sigmoid": _unary(lambda m, x: m.math.log_sigmoid(x), jax.nn.log_sigmoid),
    "gelu": _unary(lambda m, x: m.nn.gelu(x), lambda x: jax.nn.gelu(x, approximate=False)),
    "swish": _unary(lambda m, x: m.nn.silu(x), jax.nn.silu),
    "scale_shift": _unary(lambda m, x: 3.0 * x - 1.0, lambda x: 3.0 * x - 1.0),
    "relu": _unary(lambda m, x: m.nn.relu(x), jax.nn.relu, lambda x: _dist(x, 0)),
    "relu6": _unary(lambda m, x: m.nn.relu6(x), jax.nn.relu6, lambda x: _dist(x, 0, 6)),
    "abs": _unary(lambda m, x: m.abs(x), jnp.abs, lambda x: _dist(x, 0)),
    "elu": _unary(lambda m, x: m.nn.elu(x), jax.nn.elu, lambda x: _dist(x, 0)),
    "selu": _unary(lambda m, x: m.nn.selu(x), jax.nn.selu, lambda x: _dist(x, 0)),
    "leaky_relu": _unary(
        lambda m, x: m.nn.leaky_relu(x, 0.2), lambda x: jax.nn.leaky_relu(x, 0.2), lambda x: _dist(x, 0)
    ),
    "softsign": _unary(lambda m, x: m.nn.softsign(x), jax.nn.soft_sign, lambda x: _dist(x, 0)),
    "clip": _unary(
        lambda m, x: m.clip_by_value(x, -0.5, 0.8),
        lambda x: jnp.clip(x, -0.5, 0.8),
        lambda x: _dist(x, -0.5, 0.8),
    ),
    "sqrt": _unary(lambda m, x: m.sqrt(_pos(m, x)), lambda x: jnp.sqrt(_jpos(x))),
    "rsqrt": _unary(lambda m, x: m.math.rsqrt(_pos(m, x)), lambda x: jax.lax.rsqrt(_jpos(x))),
    "log": _unary(lambda m, x: m.math.log(_pos(m, x)), lambda x: jnp.log(_jpos(x))),
    "log1p": _unary(lambda m, x: m.math.log1p(m.square(x)), lambda x: jnp.log1p(jnp.square(x))),
    "reciprocal": _unary(lambda m, x: m.math.reciprocal(_pos(m, x)), lambda x: 1.0 / _jpos(x)),
    "lgamma": _unary(lambda m, x: m.math.lgamma(_pos(m, x)), lambda x: jax.lax.lgamma(_jpos(x))),
    "asin": _unary(lambda m, x: m.asin(0.9 * m.tanh(x)), lambda x: jnp.arcsin(0.9 * jnp.tanh(x))),
    "acos": _unary(lambda m, x: m.acos(0.9 * m.tanh(x)), lambda x: jnp.arccos(0.9 * jnp.tanh(x))),
    "atanh": _unary(lambda m, x: m.atanh(0.9 * m.tanh(x)), lambda x: jnp.arctanh(0.9 * jnp.tanh(x))),
    "tan": _unary(lambda m, x: m.tan(0.5 * m.tanh(x)), lambda x: jnp.tan(0.5 * jnp.tanh(x))),
    # Finite differences see through stop_gradient, so they are not compared where it occurs.
    "stop_gradient": Spec(
        lambda m, x: m.stop_gradient(x), jax.lax.stop_gradient, "unary", connects=(), true_gradient=False
    ),
}


def _binary(tf_fn, jnp_fn, margin=None):
    return Spec(tf_fn, jnp_fn, "binary", margin)


BINARY = {
    "add": _binary(lambda m, x, y: x + y, jnp.add),
    "subtract": _binary(lambda m, x, y: m.subtract(x, y), jnp.subtract),
    "multiply": _binary(lambda m, x, y: x * y, jnp.multiply),
    "squared_difference": _binary(
        lambda m, x, y: m.math.squared_difference(x, y), lambda x, y: jnp.square(x - y)
    ),
    "maximum": _binary(lambda m, x, y: m.maximum(x, y), jnp.maximum, lambda x, y: _dist(x - y, 0)),
    "minimum": _binary(lambda m, x, y: m.minimum(x, y), jnp.minimum, lambda x, y: _dist(x - y, 0)),
    "divide": _binary(lambda m, x, y: x / _pos(m, y), lambda x, y: x / _jpos(y)),
    "pow": _binary(lambda m, x, y: m.pow(_pos(m, x), y), lambda x, y: jnp.power(_jpos(x), y)),
    "atan2": _binary(lambda m, x, y: m.atan2(x, y), jnp.arctan2, lambda x, y: float(np.min(np.hypot(x, y)))),
    "xlogy": _binary(
        lambda m, x, y: m.math.xlogy(x, _pos(m, y)),
        lambda x, y: x * jnp.log(_jpos(y)),
        lambda x, y: _dist(x, 0),
    ),
}


def _gap(x, axis):
    """The smallest gap between the two largest elements of each reduced group (ties: 0)."""
    x = np.asarray(x)
    axes = tuple(range(x.ndim)) if axis is None else tuple(np.atleast_1d(axis) % max(x.ndim, 1))
    if x.ndim == 0 or np.prod([x.shape[a] for a in axes]) < 2:
        return np.inf
    kept = [a for a in range(x.ndim) if a not in axes]
    groups = np.transpose(x, kept + list(axes)).reshape(*[x.shape[a] for a in kept], -1)
    top = np.sort(groups, axis=-1)
    return float(np.min(np.minimum(top[..., -1] - top[..., -2], top[..., 1] - top[..., 0])))


def _reduction(tf_name, jnp_fn, margin=None):
    return Spec(
        lambda m, x, axis, keepdims: getattr(m.math, tf_name)(x, axis=_axis(axis), keepdims=keepdims),
        lambda x, axis, keepdims: jnp_fn(x, axis=axis, keepdims=keepdims),
        "reduction",
        margin,
    )


def _axis(axis):
    return list(axis) if isinstance(axis, tuple) else axis


def _norm(x, axis, keepdims):
    return jnp.sqrt(jnp.sum(jnp.square(x), axis=axis, keepdims=keepdims))


REDUCTIONS = {
    "reduce_sum": _reduction("reduce_sum", jnp.sum),
    "reduce_mean": _reduction("reduce_mean", jnp.mean),
    "reduce_prod": _reduction("reduce_prod", jnp.prod),
    "reduce_logsumexp": _reduction("reduce_logsumexp", jax.scipy.special.logsumexp),
    "reduce_variance": _reduction("reduce_variance", jnp.var),
    "reduce_max": _reduction("reduce_max", jnp.max, lambda x, axis, keepdims: _gap(x, axis)),
    "reduce_min": _reduction("reduce_min", jnp.min, lambda x, axis, keepdims: _gap(x, axis)),
    "reduce_euclidean_norm": _reduction(
        "reduce_euclidean_norm", _norm, lambda x, axis, keepdims: float(np.min(_norm(x, axis, keepdims)))
    ),
}


def _cumsum(x, axis, exclusive, reverse):
    x = jnp.flip(x, axis) if reverse else x
    y = jnp.cumsum(x, axis=axis) - (x if exclusive else 0)
    return jnp.flip(y, axis) if reverse else y


def _jnp_index(index):
    return tuple(slice(*item[1:]) if item[0] == "slice" else item[1] for item in index)


_CONCAT = lambda m, x, y, axis: m.concat([x, y], axis)  # noqa: E731
_STACK = lambda m, x, y, axis: m.stack([x, y], axis)  # noqa: E731


@jax.custom_vjp
def _sinx(x):
    return x * jnp.sin(x)


_sinx.defvjp(lambda x: (x * jnp.sin(x), x), lambda x, g: (g * (jnp.sin(x) + x * jnp.cos(x)),))


# TF uses grad_fn each time the op is differentiated, also by an outer tape (a second
# derivative through it is scaled by 0.25; checked with TF 2.21). JAX differentiates a
# custom_vjp's forward (and a custom_jvp's rule) as ordinary code at higher orders (0.5), so
# the rule's primal output is the op itself: every order of derivative goes through the rule.
@jax.custom_jvp
def _halfgrad(x):
    return x


_halfgrad.defjvp(lambda primals, tangents: (_halfgrad(primals[0]), tangents[0] * 0.5))


@jax.custom_vjp
def _mul(x, y):
    return x * y


_mul.defvjp(lambda x, y: (x * y, (x, y)), lambda r, g: (g * r[1], g * r[0]))


# Ops whose arguments and parameters the generator builds case by case (see programs.py).
STRUCTURAL = {
    "softmax": Spec(
        lambda m, x, axis: m.nn.softmax(x, axis=axis), lambda x, axis: jax.nn.softmax(x, axis=axis), "softmax"
    ),
    "log_softmax": Spec(
        lambda m, x, axis: m.nn.log_softmax(x, axis=axis),
        lambda x, axis: jax.nn.log_softmax(x, axis=axis),
        "softmax",
    ),
    "cumsum": Spec(
        lambda m, x, axis, exclusive, reverse: m.math.cumsum(x, axis, exclusive, reverse), _cumsum, "cumsum"
    ),
    "where": Spec(
        lambda m, c, x, y, t: m.where(c > t, x, y),
        lambda c, x, y, t: jnp.where(c > t, x, y),
        "where",
        lambda c, x, y, t: _dist(c, t),
        connects=(1, 2),
    ),
    "matmul": Spec(
        lambda m, x, y, ta, tb: m.matmul(x, y, transpose_a=ta, transpose_b=tb),
        lambda x, y, ta, tb: jnp.matmul(
            jnp.swapaxes(x, -1, -2) if ta else x, jnp.swapaxes(y, -1, -2) if tb else y
        ),
        "matmul",
    ),
    "einsum": Spec(lambda m, *xs, eq: m.einsum(eq, *xs), lambda *xs, eq: jnp.einsum(eq, *xs), "einsum"),
    "reshape": Spec(lambda m, x, shape: m.reshape(x, shape), jnp.reshape, "reshape"),
    "transpose": Spec(lambda m, x, axes: m.transpose(x, axes), jnp.transpose, "transpose"),
    "expand_dims": Spec(lambda m, x, axis: m.expand_dims(x, axis), jnp.expand_dims, "expand_dims"),
    "concat": Spec(_CONCAT, lambda x, y, axis: jnp.concatenate([x, y], axis), "concat"),
    "stack": Spec(_STACK, lambda x, y, axis: jnp.stack([x, y], axis), "stack"),
    "getitem": Spec(
        lambda m, x, index: x[_jnp_index(index)], lambda x, index: x[_jnp_index(index)], "getitem"
    ),
    "gather": Spec(
        lambda m, x, indices, axis: m.gather(x, list(indices), axis=axis),
        lambda x, indices, axis: jnp.take(x, jnp.asarray(indices), axis=axis),
        "gather",
    ),
    "tile": Spec(lambda m, x, reps: m.tile(x, list(reps)), jnp.tile, "tile"),
    "reverse": Spec(lambda m, x, axis: m.reverse(x, list(axis)), jnp.flip, "reverse"),
    "pad": Spec(lambda m, x, pad_width: m.pad(x, [list(p) for p in pad_width]), jnp.pad, "pad"),
    "broadcast_to": Spec(
        lambda m, x, shape: m.broadcast_to(x, list(shape)), jnp.broadcast_to, "broadcast_to"
    ),
    "dense": Spec(
        None,
        lambda x, k, b, activation: _ACTIVATIONS[activation](x @ k + b),
        "dense",
        lambda x, k, b, activation: _dist(x @ k + b, 0) if activation == "relu" else np.inf,
    ),
    "custom_sinx": Spec(lambda m, x: custom_ops(m)[0](m.convert_to_tensor(x)), _sinx, "custom"),
    "custom_halfgrad": Spec(
        lambda m, x: custom_ops(m)[1](m.convert_to_tensor(x)), _halfgrad, "custom", true_gradient=False
    ),
    "custom_mul": Spec(
        lambda m, x, y: custom_ops(m)[2](m.convert_to_tensor(x), m.convert_to_tensor(y)), _mul, "custom_mul"
    ),
}

_ACTIVATIONS = {None: lambda x: x, "tanh": jnp.tanh, "sigmoid": jax.nn.sigmoid, "relu": jax.nn.relu}

SPECS = {**UNARY, **BINARY, **REDUCTIONS, **STRUCTURAL}


@functools.cache
def custom_ops(m):
    """``x * sin(x)`` with its true gradient written by hand, the identity with half the
    gradient (a made-up gradient), and ``x * y``, as ``m.custom_gradient`` functions."""

    @m.custom_gradient
    def sinx(x):
        def grad(upstream):
            return upstream * (m.sin(x) + x * m.cos(x))

        return x * m.sin(x), grad

    @m.custom_gradient
    def halfgrad(x):
        return m.identity(x), lambda upstream: upstream * 0.5

    @m.custom_gradient
    def mul(x, y):
        return x * y, lambda upstream: (upstream * y, upstream * x)

    return sinx, halfgrad, mul
