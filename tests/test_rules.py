"""TF's gradient conventions where JAX's differ (``_ops/conventions/rules.py``, ``safe_mul.py``).

Expected values were observed with TensorFlow 2.21 (CPU); the first table is TF-CONVENTIONS.md's
"Gradients at kinks and ties", first and second order (second order: the gradient of
``sum(g**2)`` with nested tapes, ``g`` the first gradient).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax._ops.conventions import rules as _rules
from tapejax._ops.conventions.safe_mul import safe_mul

X = [-1.0, 0.0, 0.5, 2.0]
NONE = "None"


def grad(f, *xs):
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as tape:
        tape.watch(xs)
        y = f(*xs)
    return tape.gradient(y, xs)


def grad2(f, *xs):
    """Gradient of ``sum(g**2)`` where ``g`` is the first gradient (nested tapes)."""
    xs = [tf.constant(x) for x in xs]
    with tf.GradientTape() as outer:
        outer.watch(xs)
        with tf.GradientTape() as inner:
            inner.watch(xs)
            y = f(*xs)
        gs = inner.gradient(y, xs)
        z = tf.add_n([tf.reduce_sum(g**2) for g in gs if g is not None])
    return outer.gradient(z, xs)


def _values(t):
    return NONE if t is None else t.numpy()


def _assert(actual, expected):
    if isinstance(expected, str):
        assert actual is None if expected == NONE else False
    else:
        np.testing.assert_allclose(_values(actual), expected, rtol=1e-6, atol=1e-7)


E1 = np.exp(-1.0)
TABLE = [
    ("abs", tf.abs, [-1, 0, 1, 1], [0, 0, 0, 0]),
    ("relu", tf.nn.relu, [0, 0, 1, 1], [0, 0, 0, 0]),
    ("elu", tf.nn.elu, [E1, 1, 1, 1], [2 * E1 * E1, 0, 0, 0]),
    ("maximum_const", lambda x: tf.maximum(x, 0.5), [0, 0, 1, 1], NONE),
    ("clip_by_value", lambda x: tf.clip_by_value(x, -1.0, 2.0), [1, 1, 1, 1], NONE),
    ("reduce_max", tf.reduce_max, [0, 0, 0, 1], NONE),
    ("norm_of_zero", lambda x: tf.norm(0 * x), [np.nan] * 4, [np.nan] * 4),
    ("linear", lambda x: 3 * x + 1, [3, 3, 3, 3], NONE),
    ("where", lambda x: tf.where(x > 0.25, x, 0.0), [0, 0, 1, 1], NONE),
    ("stop_gradient", lambda x: tf.stop_gradient(x) * x, X, NONE),
    ("square", tf.square, [-2, 0, 1, 4], [-8, 0, 4, 16]),
]


@pytest.mark.parametrize(("name", "f", "first", "second"), TABLE, ids=[t[0] for t in TABLE])
def test_tf_conventions_table(name, f, first, second):
    (g,) = grad(f, X)
    _assert(g, first)
    (g2,) = grad2(f, X)
    _assert(g2, second)


@pytest.mark.parametrize("f", [tf.sigmoid, tf.math.softplus], ids=["sigmoid", "softplus"])
def test_smooth_activations_follow_jax_to_second_order(f):
    jf = {tf.sigmoid: jax.nn.sigmoid, tf.math.softplus: jax.nn.softplus}[f]
    x = jnp.asarray(X, jnp.float32)
    _assert(grad(f, X)[0], jax.grad(lambda v: jnp.sum(jf(v)))(x))
    g2 = jax.grad(lambda v: jnp.sum(jax.grad(lambda u: jnp.sum(jf(u)))(v) ** 2))(x)
    _assert(grad2(f, X)[0], g2)


@pytest.mark.parametrize("op", [tf.maximum, tf.minimum], ids=["maximum", "minimum"])
def test_ties_send_the_whole_gradient_to_the_first_argument(op):
    gx, gy = grad(op, X, X)
    _assert(gx, [1, 1, 1, 1])
    _assert(gy, [0, 0, 0, 0])
    assert grad2(op, X, X) == [None, None]


def test_reduce_max_ties_split_evenly():
    (g,) = grad(tf.reduce_max, [3.0, 3.0, 1.0, 3.0])
    _assert(g, [1 / 3, 1 / 3, 0, 1 / 3])


def test_round_floor_ceil_have_no_gradient():
    for op in (tf.round, tf.floor, tf.math.ceil):
        assert grad(op, X) == [None]


# -- TF's "0 where the incoming gradient is 0" kernels -----------------------------------------
@pytest.mark.parametrize(
    ("op", "jop"),
    [(tf.sqrt, jnp.sqrt), (tf.math.rsqrt, jax.lax.rsqrt), (tf.math.reciprocal, lambda v: 1 / v)],
    ids=["sqrt", "rsqrt", "reciprocal"],
)
def test_masked_out_singularities_get_zero_gradient(op, jop):
    # TF: where(x > 0, sqrt(x), 0) has gradient 0 at x <= 0; JAX's own rule gives nan there.
    x = [-1.0, 0.0, 4.0]
    (g,) = grad(lambda v: tf.where(v > 0, op(v), 0.0), x)
    expected = jax.grad(lambda v: jnp.sum(jop(v)))(jnp.asarray(4.0))
    _assert(g, [0, 0, expected])
    ours = jax.grad(lambda v: jnp.sum(jnp.where(v > 0, jop(v), 0.0)))(jnp.asarray(x))
    assert np.isnan(ours[1])  # JAX's convention at x = 0, for contrast


def test_unmasked_sqrt_at_zero_is_still_inf_and_norm_nan():
    _assert(grad(tf.sqrt, [0.0, 4.0])[0], [np.inf, 0.25])
    _assert(grad(lambda v: tf.sqrt(tf.reduce_sum(v * v)), [0.0, 0.0])[0], [np.nan, np.nan])


def test_safe_mul_under_jax_transforms():
    t, c = jnp.asarray([0.0, 1.0, 2.0]), jnp.asarray([jnp.inf, 2.0, 3.0])
    np.testing.assert_array_equal(safe_mul(t, c), [0.0, 2.0, 6.0])
    np.testing.assert_array_equal(jax.jit(safe_mul)(t, c), [0.0, 2.0, 6.0])
    np.testing.assert_array_equal(jax.vmap(safe_mul)(t[:, None], c[:, None])[:, 0], [0.0, 2.0, 6.0])
    # transposes: in t (masked by the cotangent) and in c (masked by t)
    _, pull_t = jax.vjp(lambda v: safe_mul(v, c), t)
    np.testing.assert_array_equal(pull_t(jnp.asarray([0.0, 1.0, 1.0]))[0], [0.0, 2.0, 3.0])
    _, pull_c = jax.vjp(lambda v: safe_mul(t, v), c)
    np.testing.assert_array_equal(pull_c(jnp.ones(3))[0], [0.0, 1.0, 2.0])
    # forward mode through the custom_jvp that uses it
    _, tangent = jax.jvp(_rules.sqrt, (jnp.asarray([-1.0, 4.0]),), (jnp.asarray([0.0, 1.0]),))
    np.testing.assert_array_equal(tangent, [0.0, 0.25])


def test_sqrt_second_derivative_is_jax_away_from_zero():
    # d/dx sum((1/(2 sqrt x))**2) = -1/(4 x**2)
    _assert(grad2(tf.sqrt, [0.5, 2.0])[0], [-1.0, -1 / 16])


# -- other TF rules ---------------------------------------------------------------------------
def test_xlogy_and_xdivy_at_zero_follow_tf():
    gx, gy = grad(tf.math.xlogy, [0.0, 0.0, 2.0], [0.0, 2.0, 3.0])
    _assert(gx, [0.0, 0.0, np.log(3.0)])
    _assert(gy, [0.0, 0.0, 2 / 3])
    gx, gy = grad(tf.math.xdivy, [0.0, 0.0, 2.0], [0.0, 2.0, 3.0])
    _assert(gx, [0.0, 0.0, 1 / 3])
    _assert(gy, [0.0, 0.0, -2 / 9])


def test_pow_gradient_to_exponent_is_zero_for_nonpositive_base():
    gx, gy = grad(tf.pow, [-2.0, 0.0, 0.0, 2.0], [2.0, 0.0, 2.0, 0.5])
    _assert(gx, [-4.0, np.nan, 0.0, 0.5 / np.sqrt(2.0)])
    _assert(gy, [0.0, 0.0, 0.0, np.sqrt(2.0) * np.log(2.0)])
    gx2, gy2 = grad2(tf.pow, [-2.0, -1.0], [2.0, 3.0])
    _assert(gx2, [-16.0, -36.0])  # TF 2.21
    _assert(gy2, [16.0, 6.0])


def test_cumprod_passes_no_gradient_through_a_zero():
    (g,) = grad(lambda x: tf.math.cumprod(x, axis=1), [[1.0, 0.0, 3.0, 2.0]])
    _assert(g, [[1.0, 0.0, 0.0, 0.0]])  # JAX's exact rule gives 10 at the zero
    (g,) = grad(lambda x: tf.math.cumprod(x, axis=1, exclusive=True, reverse=True), [[1.0, 0.0, 3.0, 2.0]])
    _assert(g, [[0.0, 0.0, 2.0, 4.0]])


def test_softmax_xent_gradient_is_softmax_minus_labels():
    # TF's fused kernel, even for labels that do not sum to 1 (JAX: sum(labels) * softmax - labels).
    gl, gz = grad(
        lambda lab, z: tf.nn.softmax_cross_entropy_with_logits(labels=lab, logits=z), [0.5, 0.8], [1.0, 2.0]
    )
    p = np.exp([1.0, 2.0]) / np.exp([1.0, 2.0]).sum()
    _assert(gz, p - [0.5, 0.8])
    _assert(gl, -np.log(p))
    gl2, gz2 = grad2(
        lambda lab, z: tf.nn.softmax_cross_entropy_with_logits(labels=lab, logits=z),
        [[0.2, 0.8], [1.0, 0.0]],
        [[1.0, 2.0], [3.0, -1.0]],
    )
    _assert(gl2, np.zeros((2, 2)))  # TF ignores the labels in the second derivative: zeros, not None
    np.testing.assert_allclose(gz2.numpy(), [[-1.6974255, 1.6974255], [7.8898335, -7.8898335]], rtol=1e-5)


def test_multiply_no_nan_gradients():
    gx, gy = grad(tf.math.multiply_no_nan, [np.inf, 1.0, 2.0], [0.0, 0.0, 4.0])
    _assert(gx, [0.0, 0.0, 4.0])
    _assert(gy, [np.inf, 1.0, 2.0])


def test_leaky_relu_slope_at_zero_is_alpha():
    (g,) = grad(lambda x: tf.nn.leaky_relu(x, alpha=0.1), [-1.0, 0.0, 2.0])
    _assert(g, [0.1, 0.1, 1.0])


def test_relu6_and_selu_at_kinks():
    _assert(grad(tf.nn.relu6, [0.0, 3.0, 6.0])[0], [0.0, 1.0, 0.0])
    (g,) = grad(tf.nn.selu, [-1.0, 0.0, 1.0])
    scale, alpha = 1.0507009873554805, 1.6732632423543772
    _assert(g, [scale * alpha * np.exp(-1.0), scale, scale])
