"""The compile cache and deferred forward ops: reuse only for an equal structure, values and
errors exactly as eager execution gives them."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax._core import caches as _compile
from tapejax._core.engine.tape import DeferringTape
from tapejax._core.recording.record import Op, record
from tapejax._core.recording.tape import Tape


def _grad(fn, *values):
    xs = [tf.constant(v) for v in values]
    with tf.GradientTape() as tape:
        tape.watch(xs)
        y = fn(*xs)
    return [g.numpy() for g in tape.gradient(y, xs)], y


def test_repeated_structure_hits_the_cache_and_is_compiled_once():
    _compile.cache.clear()
    f = lambda x: tf.reduce_sum(tf.sin(x) * x)  # noqa: E731
    for k in range(4):
        (g,), _ = _grad(f, np.full(3, 0.5 + k, np.float32))
        ref = jax.grad(lambda v: jnp.sum(jnp.sin(v) * v))(np.full(3, 0.5 + k, np.float32))
        np.testing.assert_allclose(g, ref, rtol=1e-6)
    assert _compile.cache.hits >= 3
    assert _compile.cache.compiles >= 1


@pytest.mark.parametrize("change", ["shape", "dtype", "op", "static"])
def test_a_changed_structure_never_reuses_a_compiled_function(change):
    base = lambda x: tf.reduce_sum(x * x, axis=0)  # noqa: E731
    for _ in range(3):  # warm and compile the base structure
        (g,), _ = _grad(base, np.ones((2, 3), np.float32))
    np.testing.assert_allclose(g, 2 * np.ones((2, 3)))
    if change == "shape":
        (g,), y = _grad(base, np.ones((4, 3), np.float32))
        assert y.shape == (3,) and g.shape == (4, 3)
        np.testing.assert_allclose(g, 2 * np.ones((4, 3)))
    elif change == "dtype":
        (g,), y = _grad(base, np.ones((2, 3), np.float64))
        assert y.dtype == tf.float64 and g.dtype == np.float64
    elif change == "op":
        (g,), _ = _grad(lambda x: tf.reduce_sum(x * x * x, axis=0), np.ones((2, 3), np.float32))
        np.testing.assert_allclose(g, 3 * np.ones((2, 3)))
    else:
        (g,), y = _grad(lambda x: tf.reduce_sum(x * x, axis=1), np.ones((2, 3), np.float32))
        assert y.shape == (2,)
        (g,), y = _grad(lambda x: tf.reduce_sum(x * x, axis=0, keepdims=True), np.ones((2, 3), np.float32))
        assert y.shape == (1, 3)


def test_unhashable_static_arguments_are_never_reused_from_another_recording():
    scale = Op("Scale", lambda x, *, w: x * jnp.asarray(w, x.dtype))
    x = tf.Variable(1.0)
    for w in ([2.0], [3.0], [5.0]):  # a list: the static argument cannot be part of a key
        with tf.GradientTape() as tape:
            y = record(scale, (x._as_tensor(),), {"w": w})
        assert tape.gradient(y, x).numpy() == w[0]


def test_one_recording_structure_with_different_gradient_arguments():
    """The same recorded structure asked for different sources, groupings, output gradients
    and unconnected modes: each call gets its own derivative, never a neighbour's."""
    x, y = tf.Variable(2.0), tf.Variable(3.0)

    def grads(sources, **kwargs):
        with tf.GradientTape() as tape:
            z = x * x * y
        return tape.gradient(z, sources, **kwargs)

    for _ in range(2):  # the second round runs from the memo
        gx, gy = grads([x, y])
        assert (gx.numpy(), gy.numpy()) == (12.0, 4.0)
        assert grads(y).numpy() == 4.0
        assert grads({"b": x, "a": [y, x]}) == {
            "b": tf.constant(12.0),
            "a": [tf.constant(4.0), tf.constant(12.0)],
        }
        assert grads(x, output_gradients=tf.constant(2.0)).numpy() == 24.0
        w = tf.Variable(1.0)
        assert grads([w], unconnected_gradients="none") == [None]
        assert grads([w], unconnected_gradients="zero")[0].numpy() == 0.0


def test_the_cache_is_bounded():
    cache = _compile.CompileCache(max_entries=3)
    for k in range(10):
        cache.function(("key", k), lambda k=k: lambda: k)
    assert len(cache) == 3


def test_values_recorded_by_a_tape_print_and_compute_on_demand():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = x * x
        assert y.shape == (2,) and y.dtype == tf.float32  # known at once
        assert str(y) == "tf.Tensor([1. 4.], shape=(2,), dtype=float32)"  # computed on demand
        z = tf.reduce_sum(y)
    np.testing.assert_allclose(tape.gradient(z, x).numpy(), [2.0, 4.0])
    assert z.numpy() == 5.0


def test_shape_errors_are_raised_at_the_line_that_caused_them_under_a_tape():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = x * 2.0
        with pytest.raises(tf.errors.InvalidArgumentError):
            _ = y + tf.constant([1.0, 2.0, 3.0])
        with pytest.raises(tf.errors.InvalidArgumentError):
            tf.matmul(tf.reshape(y, [1, 2]), tf.ones([3, 1]))
        z = tf.reduce_sum(y)
    assert tape.gradient(z, x).numpy().tolist() == [2.0, 2.0]


def test_pending_values_used_after_the_tape_and_in_python_control_flow():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        if y > 5.0:  # Python control flow forces the value
            z = y * 2.0
        else:
            z = y
    w = z + 1.0  # outside the tape: runs eagerly on the computed value
    assert w.numpy() == 19.0
    assert tape.gradient(z, x).numpy() == 12.0


def test_eager_and_deferred_execution_agree(monkeypatch):
    def run():
        w = tf.Variable([[0.5, -1.0], [2.0, 0.25]])
        x = tf.constant([[1.0, 2.0], [3.0, -4.0]])
        with tf.GradientTape(persistent=True) as tape:
            h = tf.nn.elu(tf.matmul(x, w))
            loss = tf.reduce_mean(h**2)
        return [t.numpy() for t in (loss, tape.gradient(loss, w), tape.jacobian(h, w))]

    deferred = run()
    monkeypatch.setattr("tapejax._core.engine.tape.DeferringTape.defers", False)  # TAPEJAX_DEFER=0
    eager = run()
    for a, b in zip(deferred, eager, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def test_custom_gradient_calls_reuse_compiled_derivatives_only_when_truly_equal():
    @tf.custom_gradient
    def scaled(x, scale=1.0):
        def grad(dy):
            return dy * scale

        return tf.identity(x), grad

    x = tf.constant(2.0)
    got = []
    for scale in (1.0, 3.0, 1.0, 5.0):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = scaled(x, scale=scale) * 2.0
        got.append(tape.gradient(y, x).numpy())
    assert got == [2.0, 6.0, 2.0, 10.0]

    v1, v2 = tf.Variable(1.0), tf.Variable(10.0)

    @tf.custom_gradient
    def uses(x, var):
        def grad(dy, variables=None):
            return dy * var, [dy * x]

        return x * var, grad

    for v in (v1, v2, v1):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = uses(x, v)
        assert tape.gradient(y, x).numpy() == v.numpy()


@pytest.mark.parametrize(
    "op",
    [
        lambda v: tf.reshape(v, [-1]),
        tf.zeros_like,
        tf.ones_like,
        tf.math.reciprocal_no_nan,
        lambda v: tf.matmul(v, v),
        lambda v: v**2,
        lambda v: tf.where(v > 0, v, 0.0),
        tf.shape,
        tf.size,
        lambda v: tf.concat([v, v], 0),
        lambda v: v[0],
        lambda v: tf.einsum("ij,jk->ik", v, v),
        lambda v: tf.gather(v, [0]),
        lambda v: tf.pad(v, [[1, 1], [0, 0]]),
        tf.norm,
        tf.nn.softmax,
    ],
    ids=[
        "reshape",
        "zeros_like",
        "ones_like",
        "reciprocal_no_nan",
        "matmul",
        "pow",
        "where",
        "shape",
        "size",
        "concat",
        "getitem",
        "einsum",
        "gather",
        "pad",
        "norm",
        "softmax",
    ],
)
def test_ops_on_a_pending_tensor_keep_it_pending(op):
    """Ops that need only a tensor's shape and dtype do not compute it: the tape's ops stay
    deferred and run fused with the gradient (computing a value early splits that program)."""
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        op(y)
        assert y._v is None
    assert tape.gradient(y, x) is not None


def test_a_deferring_tape_sets_every_field_of_the_plain_tape():
    """DeferringTape sets the plain Tape's fields itself (no call to Tape.__init__ per tape):
    a field added to Tape must be added there too."""
    plain, deferring = Tape(False), DeferringTape(False)
    for name in Tape.__slots__:
        assert getattr(deferring, name) == getattr(plain, name), name
