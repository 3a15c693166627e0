"""tapejax.function: jit compilation, retracing rules, Variables, tapes inside and outside."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax.errors import InvalidArgumentError


def test_values_and_no_retrace_for_same_signature():
    @tf.function
    def f(x):
        return x * x + 1.0

    assert f(tf.constant(3.0)).numpy() == 10.0
    assert f(tf.constant(4.0)).numpy() == 17.0
    assert f.experimental_get_tracing_count() == 1


def test_new_shape_dtype_or_python_value_retraces_and_never_reuses_a_wrong_trace():
    @tf.function
    def f(x, power):
        return tf.reduce_sum(x**power)

    assert f(tf.constant([1.0, 2.0]), 2).numpy() == 5.0
    assert f(tf.constant([1.0, 2.0, 3.0]), 2).numpy() == 14.0  # new shape
    assert f(tf.constant([1.0, 2.0]), 3).numpy() == 9.0  # new Python value
    assert f(tf.constant([1.0, 2.0], tf.float64), 3).dtype == tf.float64  # new dtype
    assert f.experimental_get_tracing_count() == 4
    assert f(tf.constant([5.0, 6.0]), 2).numpy() == 61.0
    assert f.experimental_get_tracing_count() == 4


def test_input_signature_binds_and_rejects_mismatches():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(x):
        return x * 2.0

    np.testing.assert_allclose(f([1.0, 2.0]).numpy(), [2.0, 4.0])
    with pytest.raises(TypeError, match=r"Can not cast TensorSpec\(shape=\(2,\), dtype=tf.int32"):
        f(tf.constant([1, 2]))
    with pytest.raises(TypeError, match="Binding inputs to tf.function failed"):
        f(tf.constant([1.0]), tf.constant([2.0]))


def test_variables_read_and_assigned_inside_are_visible_after_the_call():
    v = tf.Variable(2.0)
    counter = tf.Variable(0, trainable=False)

    @tf.function
    def step(x):
        counter.assign_add(1)
        v.assign(v * x)
        return v + 0.0

    assert step(tf.constant(3.0)).numpy() == 6.0
    assert step(tf.constant(3.0)).numpy() == 18.0
    assert v.numpy() == 18.0 and counter.numpy() == 2
    assert step.experimental_get_tracing_count() == 1


def test_a_function_called_inside_another_function():
    @tf.function
    def inner(x):
        return x * 2.0

    @tf.function
    def outer(x):
        return inner(x) ** 2

    assert float(outer(tf.constant(3.0))) == 36.0


def test_a_returned_variable_gives_its_value_after_the_assignments():
    counter = tf.Variable(0)

    @tf.function
    def bump():
        counter.assign_add(1)
        return counter

    assert [int(bump()), int(bump())] == [1, 2]  # TF: 1, 2 (it returned 0, 0 before)


def test_gradient_tape_inside_matches_jax_grad():
    w = tf.Variable([[1.0, -2.0], [0.5, 3.0]])

    @tf.function
    def grads(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.nn.relu(tf.matmul(x, w)) ** 2)
        return tape.gradient(loss, w)

    x = np.array([[1.0, 2.0], [-1.0, 0.5]], np.float32)
    ref = jax.grad(lambda w_: jnp.sum(jax.nn.relu(x @ w_) ** 2))(jnp.asarray(w.numpy()))
    np.testing.assert_allclose(grads(tf.constant(x)).numpy(), ref, rtol=1e-6)


def test_nested_tapes_and_jacobian_inside():
    @tf.function
    def derivs(x):
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = x * x * x
            dy = t1.gradient(y, x)
        d2y = t2.gradient(dy, x)
        with tf.GradientTape() as t3:
            t3.watch(x)
            z = tf.sin(x)
        return dy, d2y, t3.jacobian(z, x)

    x = tf.constant([1.0, 2.0])
    dy, d2y, j = derivs(x)
    np.testing.assert_allclose(dy.numpy(), [3.0, 12.0])
    np.testing.assert_allclose(d2y.numpy(), [6.0, 12.0])
    np.testing.assert_allclose(j.numpy(), np.diag(np.cos([1.0, 2.0])), rtol=1e-6)


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)

    return y, backward


def test_custom_gradient_inside_a_function_method_under_an_outer_tape():
    class MyModule(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(None)])
        def call_custom_grad(self, x):
            return clip_gradients(x)

    model = MyModule()
    v = tf.Variable(2.0)
    with tf.GradientTape() as t:
        output = model.call_custom_grad(v * v)
    assert t.gradient(output, v).numpy() == pytest.approx(2.0)


def test_outer_tape_differentiates_through_the_compiled_call():
    w = tf.Variable([1.0, 2.0, 3.0])

    @tf.function
    def loss(x):
        return tf.reduce_sum(tf.tanh(w * x) ** 2)

    x = tf.constant([0.1, -0.2, 0.3])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = loss(x)
    gw, gx = tape.gradient(y, [w, x])
    f = lambda w_, x_: jnp.sum(jnp.tanh(w_ * x_) ** 2)
    rw, rx = jax.grad(f, argnums=(0, 1))(jnp.asarray(w.numpy()), jnp.asarray(x.numpy()))
    np.testing.assert_allclose(gw.numpy(), rw, rtol=1e-6)
    np.testing.assert_allclose(gx.numpy(), rx, rtol=1e-6)


def test_python_side_effects_run_only_while_tracing():
    calls = []

    @tf.function
    def f(x):
        calls.append(1)
        return x + 1.0

    f(tf.constant(1.0))
    f(tf.constant(2.0))
    assert len(calls) == 1


def test_tensor_spec_repr_and_compatibility():
    spec = tf.TensorSpec([None, 3], tf.float32)
    assert repr(spec) == "TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)"
    assert spec.is_compatible_with(tf.zeros([5, 3]))
    assert not spec.is_compatible_with(tf.zeros([5, 4]))
    assert tf.TensorSpec(None).is_compatible_with(tf.zeros([2, 2, 2]))


def test_shapes_computed_from_constants_stay_static_while_tracing():
    @tf.function
    def f(x):
        n = tf.shape(x)[0]
        y = tf.reshape(x, [n, -1])
        return tf.reduce_sum(y, axis=tf.constant(1)) + tf.cast(tf.size(x), tf.float32)

    np.testing.assert_allclose(f(tf.ones((2, 3, 2))).numpy(), [18.0, 18.0])


def test_prints_while_tracing_once_with_argument_names(capsys):
    """The trace that discovers a Variable is repeated; what the function prints is shown once,
    and its tensor arguments print with their names, as TF's placeholders."""
    v = tf.Variable(2.0)

    @tf.function
    def f(x, y=None):
        print("tracing", x, repr(y), type(x).__name__)
        return x * v

    f(tf.constant(1.0), y=tf.constant([1, 2]))
    f(tf.constant(3.0), y=tf.constant([1, 2]))
    assert capsys.readouterr().out == (
        "tracing Tensor(\"x:0\", shape=(), dtype=float32) <tf.Tensor 'y:0' shape=(2,) dtype=int32> "
        "SymbolicTensor\n"
    )

    @tf.function
    def failing(x):
        print("before the error")
        return x * v + tf.constant(1)

    with pytest.raises(tf.errors.InvalidArgumentError):
        failing(tf.constant(1.0))
    assert capsys.readouterr().out == "before the error\n"


def test_python_numbers_returned_become_tensors():
    @tf.function
    def f(a, b):
        return a + b, None, "text"

    total, none, text = f(1, 2)
    assert repr(total) == "<tf.Tensor: shape=(), dtype=int32, numpy=3>" and (none, text) == (None, "text")


def test_none_dimensions_that_an_op_joins_are_traced_once():
    """``x - y`` over batches of two arguments: TF 2.21 traces once for every batch size (its
    graph keeps the batch unknown); tapejax's first symbolic trace gives each None its own
    size, the op needs them equal, so it traces again with the batch dimensions joined."""
    dense = tf.Variable(np.arange(4.0, dtype=np.float32).reshape(4, 1))

    @tf.function(input_signature=[tf.TensorSpec([None, 4]), tf.TensorSpec([None, 1])])
    def loss(x, y):
        return tf.reduce_mean((tf.matmul(x, dense) - y) ** 2)

    for n in range(1, 21):
        x = np.ones((n, 4), np.float32) * n
        y = np.full((n, 1), 2.0, np.float32)
        want = np.mean((x @ dense.numpy() - y) ** 2)
        np.testing.assert_allclose(float(loss(tf.constant(x), tf.constant(y))), want, rtol=1e-6)
    assert loss.experimental_get_tracing_count() == 1
    with pytest.raises(
        InvalidArgumentError, match="Incompatible shapes: .* called with sizes \\[2, 3\\] there"
    ):
        loss(tf.ones([2, 4]), tf.ones([3, 1]))
