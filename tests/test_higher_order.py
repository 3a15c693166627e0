"""Higher-order derivatives: nested tapes to any order, one persistent tape, and TF's rule for
when a second derivative is None and when it is zeros.

Expected values not computed by JAX were observed with TensorFlow 2.21 (CPU).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax._core.autodiff.links import jaxpr_links
from tapejax._core.recording import record as _record

# JAX references in float64 (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("x64_references")


def _nested_derivatives(f, x, order):
    """[f'(x), f''(x), ...] with ``order`` nested tapes, the innermost differentiated first."""
    tapes = [tf.GradientTape() for _ in range(order)]
    for t in tapes:
        t.__enter__()
        t.watch(x)
    y = f(x)
    results = []
    for t in reversed(tapes):
        t.__exit__(None, None, None)
        y = t.gradient(y, x)
        results.append(y)
    return results


def test_third_order_matches_jax():
    x_np = np.array([0.3, -1.2, 2.0])
    results = _nested_derivatives(lambda v: tf.sin(v) * v * v, tf.constant(x_np), 3)
    f = lambda v: jnp.sum(jnp.sin(v) * v * v)  # noqa: E731
    d1 = jax.grad(f)
    d2 = jax.grad(lambda v: jnp.sum(d1(v)))
    d3 = jax.grad(lambda v: jnp.sum(d2(v)))
    for got, ref in zip(results, (d1, d2, d3), strict=True):
        np.testing.assert_allclose(got.numpy(), ref(jnp.asarray(x_np)), rtol=1e-10)


def test_fourth_order_of_a_polynomial():
    results = _nested_derivatives(lambda v: v**5, tf.constant(2.0), 4)
    assert [r.numpy() for r in results] == [80.0, 160.0, 240.0, 240.0]


def test_second_order_on_one_persistent_tape():
    x = tf.constant(3.0)
    with pytest.warns(UserWarning):
        with tf.GradientTape(persistent=True) as g:
            g.watch(x)
            y = x * x * x
            dy = g.gradient(y, x)
            d2y = g.gradient(dy, x)
    assert (dy.numpy(), d2y.numpy(), g.gradient(d2y, x).numpy()) == (27.0, 18.0, 6.0)


def test_second_order_with_variables():
    v = tf.Variable(3.0)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = v * v * v
        dy = inner.gradient(y, v)
    assert (dy.numpy(), outer.gradient(dy, v).numpy()) == (27.0, 18.0)


def test_second_order_through_intermediate_sources():
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = x * x
            z = y * y * x
        gx, gy = inner.gradient(z, [x, y])
    assert (gx.numpy(), gy.numpy()) == (405.0, 54.0)
    assert [t.numpy() for t in outer.gradient(gx, [x, y])] == [540.0, 54.0]
    assert [t.numpy() for t in outer.gradient(gy, [x, y])] == [54.0, 6.0]


def test_hessian_vector_product_by_nested_tapes():
    rng = np.random.default_rng(4)
    x_np, v_np = rng.normal(size=4), rng.normal(size=4)
    x, v = tf.constant(x_np), tf.constant(v_np)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.exp(x) * tf.reduce_sum(x * x))
        g = inner.gradient(y, x)
        gv = tf.reduce_sum(g * v)
    hvp = outer.gradient(gv, x)
    f = lambda a: jnp.sum(jnp.exp(a) * jnp.sum(a * a))  # noqa: E731
    expected = jax.hessian(f)(jnp.asarray(x_np)) @ v_np
    np.testing.assert_allclose(hvp.numpy(), expected, rtol=1e-10)


_X = [-1.0, 0.0, 0.5, 2.0]

# (first gradient, gradient of sum(first ** 2)) with nested tapes: TF-CONVENTIONS' table.
_SECOND_ORDER = {
    "abs": (tf.abs, [-1, 0, 1, 1], [0, 0, 0, 0]),
    "relu": (tf.nn.relu, [0, 0, 1, 1], [0, 0, 0, 0]),
    "maximum_tie": (lambda x: tf.maximum(x, tf.identity(x)), [1, 1, 1, 1], None),
    "maximum_const": (lambda x: tf.maximum(x, 0.5), [0, 0, 1, 1], None),
    "clip": (lambda x: tf.clip_by_value(x, -1.0, 2.0), [1, 1, 1, 1], None),
    "linear": (lambda x: 3.0 * x + 1.0, [3, 3, 3, 3], None),
    "where": (lambda x: tf.where(x > 0.25, x, 0.0), [0, 0, 1, 1], None),
    "stop_gradient": (lambda x: tf.stop_gradient(x) * x, _X, None),
    "square": (tf.square, [-2, 0, 1, 4], [-8, 0, 4, 16]),
}


@pytest.mark.parametrize("name", sorted(_SECOND_ORDER))
def test_second_order_none_or_zeros_as_tf(name):
    f, first, second = _SECOND_ORDER[name]
    x = tf.constant(_X)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        g = inner.gradient(y, x)
        s = tf.reduce_sum(g**2)
    np.testing.assert_allclose(g.numpy(), first)
    result = outer.gradient(s, x)
    if second is None:
        assert result is None
    else:
        np.testing.assert_allclose(result.numpy(), second)


def test_no_gradient_op_gives_none_at_first_order():
    x = tf.constant(_X)
    with tf.GradientTape() as g:
        g.watch(x)
        y = tf.round(x) + tf.floor(x)
    assert g.gradient(y, x) is None


def test_derivative_nodes_are_sliced_lazily():
    """A persistent tape that records many derivatives only analyses the ones it needs."""
    x = tf.constant(2.0)
    with pytest.warns(UserWarning):
        with tf.GradientTape(persistent=True) as g:
            g.watch(x)
            y = x * x
            grads = [g.gradient(y, x) for _ in range(3)]
            z = x * x * x
    assert g.gradient(z, x).numpy() == 12.0
    derivative_nodes = [n for n in g._tape.nodes if n.op.name == "Gradient"]
    assert len(derivative_nodes) == 3
    assert all(n._links is None for n in derivative_nodes)  # never traced for links
    assert g.gradient(grads[0], x).numpy() == 2.0
    assert isinstance(derivative_nodes[0], _record.Node)


def test_links_follow_float_data_flow_cut_at_non_differentiable_primitives():
    def f(x, y, z):
        a = jnp.floor(x) + jax.lax.stop_gradient(y)  # no gradient: depends on nothing
        b = jax.jit(lambda u: u * 2.0)(y)  # through a call
        c = jax.lax.cond(z > 0, lambda v: v * x, lambda v: v, z)  # branches are unioned
        d = (x > y).astype(jnp.float32) * 1.0  # a comparison mask: no gradient
        e = y.astype(jnp.int32).astype(jnp.float32)  # through an integer cast: none
        return a, b, c, d, e

    closed = jax.make_jaxpr(f)(1.0, 2.0, 3.0)
    assert [set(s) for s in jaxpr_links(closed)] == [set(), {1}, {0, 2}, set(), set()]


# Second derivatives through reductions and scans over a size-1 axis (x of shape [3, 1]).
# JAX's rule is a constant for some of these; TF's gradient functions (math_grad.py) are one
# graph for every shape. reduce_prod's zeros were observed with TF 2.21; the others follow from
# TF's gradient definitions: ProdGrad builds dy * cumprod(x, exclusive) * cumprod(x, exclusive,
# reverse), CumprodGrad and CumulativeLogsumexpGrad read x, MatrixDeterminantGrad inv(x);
# SumGrad, MeanGrad and CumsumGrad only broadcast or scan dy, MinOrMaxGrad's indicators come
# from equal(y, x), which has no gradient.
_SIZE_ONE = {
    "reduce_prod": (lambda x: tf.reduce_prod(x, axis=1), "zeros"),
    "reduce_prod_keepdims": (lambda x: tf.reduce_prod(x, axis=1, keepdims=True), "zeros"),
    "reduce_prod_no_axes": (lambda x: tf.reduce_prod(x, axis=[]), "zeros"),
    "reduce_prod_all_of_one": (lambda x: tf.reduce_prod(x[:1]), "zeros"),
    "reduce_prod_scalar": (lambda x: tf.reduce_prod(x[0, 0]), "zeros"),
    "cumprod": (lambda x: tf.math.cumprod(x, axis=1), "zeros"),
    "cumprod_exclusive": (lambda x: tf.math.cumprod(x, axis=1, exclusive=True), "zeros"),
    "cumulative_logsumexp": (lambda x: tf.math.cumulative_logsumexp(x, axis=1), "zeros"),
    "cumulative_logsumexp_exclusive": (
        lambda x: tf.math.cumulative_logsumexp(x, axis=1, exclusive=True),
        "zeros",
    ),
    "det_1x1": (lambda x: tf.linalg.det(tf.reshape(x, [3, 1, 1])), "zeros"),
    "reduce_sum": (lambda x: tf.reduce_sum(x, axis=1), None),
    "reduce_mean": (lambda x: tf.reduce_mean(x, axis=1), None),
    "reduce_max": (lambda x: tf.reduce_max(x, axis=1), None),
    "reduce_min": (lambda x: tf.reduce_min(x, axis=1), None),
    "cumsum": (lambda x: tf.math.cumsum(x, axis=1), None),
}


@pytest.mark.parametrize("name", sorted(_SIZE_ONE))
def test_second_order_over_a_size_one_axis_as_tf(name):
    f, second = _SIZE_ONE[name]
    x = tf.constant([[1.0], [2.0], [3.0]])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(f(x))
        g = inner.gradient(y, x)
    result = outer.gradient(g, x)
    if second is None:
        assert result is None
    else:
        assert result is not None and result.shape == x.shape
        np.testing.assert_array_equal(result.numpy(), np.zeros(x.shape))


@pytest.mark.parametrize(
    ("shape", "axis", "keepdims"),
    [
        ((3, 1), 1, False),
        ((3, 2), 1, False),
        ((2, 3, 4), [0, 2], True),
        ((2, 3), None, False),
        ((2, 1, 3), [1], False),
        ((2, 3), [], False),
    ],
)
def test_reduce_prod_hessian_matches_jax(shape, axis, keepdims):
    x_np = np.random.default_rng(7).uniform(0.5, 1.5, size=shape)
    x = tf.constant(x_np)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_prod(x, axis=axis, keepdims=keepdims) ** 2
        g = inner.gradient(y, x)
    hessian = outer.jacobian(g, x)
    jnp_axis = tuple(axis) if isinstance(axis, list) else axis
    f = lambda v: jnp.sum(jnp.prod(v, axis=jnp_axis, keepdims=keepdims) ** 2)  # noqa: E731
    np.testing.assert_allclose(g.numpy(), jax.grad(f)(x_np), rtol=1e-12)
    np.testing.assert_allclose(hessian.numpy(), jax.hessian(f)(x_np), rtol=1e-12, atol=1e-14)


def test_size_one_hessians_match_jax():
    x_np = np.array([[0.3], [-1.2], [2.0]])
    for tf_f, jnp_f in [
        (
            lambda v: tf.math.cumulative_logsumexp(v, axis=1) ** 3,
            lambda v: jax.lax.cumlogsumexp(v, axis=1) ** 3,
        ),
        (
            lambda v: tf.linalg.det(tf.reshape(v, [3, 1, 1])) ** 3,
            lambda v: jnp.linalg.det(v.reshape(3, 1, 1)) ** 3,
        ),
        (lambda v: tf.reduce_prod(v, axis=1) ** 3, lambda v: jnp.prod(v, axis=1) ** 3),
    ]:
        x = tf.constant(x_np)
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf_f(x)
            g = inner.gradient(y, x)
        f = lambda v, jnp_f=jnp_f: jnp.sum(jnp_f(v))  # noqa: E731
        np.testing.assert_allclose(outer.jacobian(g, x).numpy(), jax.hessian(f)(x_np), rtol=1e-12)
