"""GradientTape.gradient: values (against jax.grad and finite differences), structures,
unconnected sources, output_gradients, intermediate sources, complex numbers.

Expected values not computed by JAX were observed with TensorFlow 2.21 (CPU).
"""

from __future__ import annotations

import collections

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import check_gradient

import tapejax as tf
from tapejax.errors import InvalidArgumentError


def _tape(*watched, persistent=True):
    tape = tf.GradientTape(persistent=persistent)
    tape.__enter__()
    tape.watch(list(watched))
    return tape


@pytest.mark.parametrize(
    ("tf_fn", "jax_fn"),
    [
        (lambda x, y: x * y + tf.sin(x), lambda x, y: x * y + jnp.sin(x)),
        (lambda x, y: tf.exp(x) / (1.0 + y * y), lambda x, y: jnp.exp(x) / (1.0 + y * y)),
        (lambda x, y: tf.reduce_sum(tf.tanh(x) * y), lambda x, y: jnp.sum(jnp.tanh(x) * y)),
        (
            lambda x, y: tf.matmul(tf.reshape(x, [2, 2]), tf.reshape(y, [2, 2])),
            lambda x, y: jnp.reshape(x, (2, 2)) @ jnp.reshape(y, (2, 2)),
        ),
    ],
)
def test_gradient_matches_jax_and_finite_differences(tf_fn, jax_fn):
    rng = np.random.default_rng(0)
    check_gradient(tf_fn, jax_fn, rng.normal(size=4), rng.normal(size=4))


def test_non_scalar_and_nested_targets_are_summed():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
        z = tf.reduce_sum(x)
    np.testing.assert_array_equal(g.gradient({"y": y, "z": [z, y]}, x).numpy(), [5.0, 9.0])


def test_result_has_the_structure_of_sources():
    x, y, z = tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)
    g = _tape(x, y, z)
    out = x * 1.0 + y * 2.0 + z * 3.0
    g.__exit__(None, None, None)
    d = g.gradient(out, {"b": x, "a": y, "c": [z]})
    assert list(d) == ["b", "a", "c"]  # TF keeps the dict's own key order
    assert (d["b"].numpy(), d["a"].numpy(), d["c"][0].numpy()) == (1.0, 2.0, 3.0)
    point = collections.namedtuple("Point", "b a")
    p = g.gradient(out, point(x, (y,)))
    assert isinstance(p, point) and p.a[0].numpy() == 2.0
    ordered = g.gradient(out, collections.OrderedDict([("z", z), ("x", x)]))
    assert isinstance(ordered, collections.OrderedDict) and list(ordered) == ["z", "x"]
    same = g.gradient(out, [x, x, {"k": x}])
    assert [same[0].numpy(), same[1].numpy(), same[2]["k"].numpy()] == [1.0, 1.0, 1.0]


@pytest.mark.filterwarnings("ignore:The dtype of the watched tensor")
@pytest.mark.parametrize("mode", ["zero", tf.UnconnectedGradients.ZERO])
def test_unconnected_zero(mode):
    x, u = tf.constant(1.0), tf.constant([1.0, 2.0])
    i = tf.constant(3)
    g = _tape(x, u, i)
    y = x * x
    g.__exit__(None, None, None)
    assert g.gradient(y, [u, i]) == [None, None]
    du, di = g.gradient(y, [u, i], unconnected_gradients=mode)
    np.testing.assert_array_equal(du.numpy(), [0.0, 0.0])
    assert du.dtype == tf.float32 and di.dtype == tf.int32 and di.numpy() == 0
    assert g.gradient(y, u, unconnected_gradients=tf.UnconnectedGradients.NONE) is None
    assert g.gradient(y, u, unconnected_gradients="none") is None


def test_non_differentiable_paths_give_none():
    x = tf.constant(2.5)
    g = _tape(x)
    r = tf.round(x)
    s = tf.stop_gradient(x)
    c = tf.cast(x, tf.int32)
    g.__exit__(None, None, None)
    assert g.gradient([r, s, c], x) is None


def test_integer_target_gives_none():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = tf.cast(x, tf.int32) * tf.constant(3)
    assert g.gradient(y, x) is None


def test_output_gradients():
    a = tf.constant([1.0, 2.0])
    g = _tape(a)
    y, z = a * a, tf.reduce_sum(a)
    g.__exit__(None, None, None)
    # Matched in order with the flattened targets.
    np.testing.assert_array_equal(
        g.gradient([y, z], a, output_gradients=[tf.constant([10.0, 100.0]), 2.0]).numpy(), [22.0, 402.0]
    )
    # Targets past the end get ones; extra entries are ignored (TF).
    np.testing.assert_array_equal(
        g.gradient([y, z], a, output_gradients=[tf.constant([10.0, 100.0])]).numpy(), [21.0, 401.0]
    )
    np.testing.assert_array_equal(
        g.gradient(y, a, output_gradients=[tf.constant([1.0, 1.0]), tf.constant(5.0)]).numpy(), [2.0, 4.0]
    )
    # Broadcast to the target; a Variable or float32 numpy works too.
    np.testing.assert_array_equal(g.gradient(y, a, output_gradients=tf.constant(10.0)).numpy(), [20.0, 40.0])
    np.testing.assert_array_equal(
        g.gradient(y, a, output_gradients=tf.Variable([2.0, 3.0])).numpy(), [4.0, 12.0]
    )
    np.testing.assert_array_equal(
        g.gradient(y, a, output_gradients=np.array([2.0, 3.0], np.float32)).numpy(), [4.0, 12.0]
    )
    # A dict is flattened in key order, like the target.
    d = g.gradient({"b": z, "a": a}, a, output_gradients={"b": 2.0, "a": tf.constant([10.0, 0.0])})
    np.testing.assert_array_equal(d.numpy(), [12.0, 2.0])


def test_output_gradients_are_differentiated():
    a, u = tf.constant(2.0), tf.constant(3.0)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch([a, u])
        with tf.GradientTape() as inner:
            inner.watch(a)
            y = a * a
        g = inner.gradient(y, a, output_gradients=u * u)
    assert g.numpy() == 36.0
    assert [t.numpy() for t in outer.gradient(g, [a, u])] == [18.0, 24.0]


def test_intermediate_sources_get_full_and_partial_gradients():
    # TF: d z / d x goes through y too; d z / d y is the gradient that reaches y.
    x = tf.constant(3.0)
    g = _tape(x)
    y = x * x
    z = y * y
    g.__exit__(None, None, None)
    assert [t.numpy() for t in g.gradient(z, [x, y])] == [108.0, 18.0]
    assert [t.numpy() for t in g.gradient(z, [y, x])] == [18.0, 108.0]
    assert [t.numpy() for t in g.gradient([z, y], [y, x])] == [19.0, 114.0]


def test_target_that_is_a_source():
    x, w = tf.constant(3.0), tf.constant(2.0)
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
        z = y + x
    assert [t.numpy() for t in g.gradient([z, y], [y, x])] == [2.0, 13.0]
    assert g.gradient(x, x).numpy() == 1.0
    # TF: d t / d t is 1 even for a tensor the tape never watched, in its own dtype.
    with tf.GradientTape() as g2:
        g2.watch(w)
    assert g2.gradient([x, w * w], x, output_gradients=[7.0, 1.0]).numpy() == 7.0
    i = tf.constant(2)
    with tf.GradientTape() as g3:
        pass
    di = g3.gradient(i, i)
    assert di.dtype == tf.int32 and di.numpy() == 1


def test_variable_as_target():
    v = tf.Variable(2.0)
    with tf.GradientTape() as g:
        y = v * v
    assert g.gradient([y, v], v).numpy() == 5.0
    with tf.GradientTape() as g:
        pass
    assert g.gradient(v, v).numpy() == 1.0
    w = tf.Variable(2.0)
    with tf.GradientTape(watch_accessed_variables=False) as g:
        y = w * w
    assert g.gradient([y, w], w, output_gradients=[1.0, 7.0]).numpy() == 7.0


def test_mixed_dtypes_and_float64():
    d = tf.constant(2.0, tf.float64)
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch([d, x])
        y, z = d * d, x * x
    gd, gx = g.gradient([y, z], [d, x])
    assert (gd.dtype, gd.numpy(), gx.dtype, gx.numpy()) == (tf.float64, 4.0, tf.float32, 6.0)


def test_complex_gradient_is_conjugated_as_tf():
    c = tf.constant([1.0 + 2.0j, -0.5 + 0.3j])
    with tf.GradientTape(persistent=True) as g:
        g.watch(c)
        sq = c * c
        ex = tf.exp(c)
        ab = tf.abs(c)
    np.testing.assert_allclose(g.gradient(sq, c).numpy(), [2 - 4j, -1 - 0.6j])
    np.testing.assert_allclose(
        g.gradient(ex, c).numpy(), [-1.13120438 - 2.47172667j, 0.57944087 - 0.17924207j], rtol=1e-6
    )
    np.testing.assert_allclose(
        g.gradient(ab, c).numpy(), [0.4472136 + 0.89442719j, -0.85749293 + 0.51449576j], rtol=1e-6
    )
    og = tf.constant([1j, 2.0 + 1j], tf.complex128)
    np.testing.assert_allclose(g.gradient(sq, c, output_gradients=og).numpy(), [4 + 2j, -1.4 - 2.2j])


def test_output_gradient_dtype_and_shape_are_checked():
    a = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as g:
        g.watch(a)
        y = a * a
    # TF's message is Mul's: "input #1" (the target's gradient) is not of the output gradient's dtype.
    with pytest.raises(InvalidArgumentError, match="expected to be a double tensor but is a float"):
        g.gradient(y, a, output_gradients=np.array([2.0, 3.0]))
    with pytest.raises(InvalidArgumentError, match="expected to be a int32 tensor but is a float"):
        g.gradient(y, a, output_gradients=tf.constant([1, 2]))
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[3\] vs. \[2\]"):
        g.gradient(y, a, output_gradients=tf.constant([1.0, 2.0, 3.0]))
    with pytest.raises(ValueError, match=r"Attempt to convert a value \(None\)"):
        g.gradient([y, y], a, output_gradients=[None, 2.0])
    d = tf.constant([1.0], tf.float64)
    with tf.GradientTape() as g:
        g.watch(d)
        z = d * d
    with pytest.raises(InvalidArgumentError, match="expected to be a float tensor but is a double"):
        g.gradient(z, d, output_gradients=2.0)  # a Python float is float32, as in TF


def test_gradient_of_many_reads_and_ops():
    w = tf.Variable(0.5)
    x = tf.constant(1.0)
    with tf.GradientTape() as g:
        for _ in range(50):
            x = tf.sin(x) * w + x
    expected = _unrolled_grad(50)
    np.testing.assert_allclose(g.gradient(x, w).numpy(), expected, rtol=1e-4)


def _unrolled_grad(n):
    def f(w):
        x = jnp.float32(1.0)
        for _ in range(n):
            x = jnp.sin(x) * w + x
        return x

    return float(jax.grad(f)(jnp.float32(0.5)))
