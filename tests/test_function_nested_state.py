"""Variables created inside nested tf.functions, and tensors captured by nested functions
(issue 24): each enclosing function takes such a Variable as an input, so an assignment made
outside (or by the inner function) is read by the next call, as TF's captured handles are.

Expected numbers are TF 2.21's (simple arithmetic on its semantics: a Variable created on a
function's first call is captured by handle by every function that reads it).
"""

from types import SimpleNamespace

import pytest

import tapejax as tf
from tapejax._api.graph.captures import captured_values

C = tf.constant


def _creating_inner(holder, initial=5.0):
    @tf.function
    def inner(x):
        if not holder:
            holder.append(tf.Variable(initial))
        return holder[0] + x

    return inner


def test_a_variable_created_by_an_inner_function_is_read_fresh_by_the_outer_one():
    holder = []
    inner = _creating_inner(holder)

    @tf.function
    def wrapper(x):
        return inner(x)

    assert float(wrapper(C(2.0))) == 7.0
    holder[0].assign(10.0)
    assert float(wrapper(C(2.0))) == 12.0
    assert float(inner(C(2.0))) == 12.0
    # TF traces the creating function twice and its caller once.
    assert inner.experimental_get_tracing_count() == 2
    assert wrapper.experimental_get_tracing_count() == 1


def test_a_variable_created_three_functions_deep():
    holder = []
    f3 = _creating_inner(holder)

    @tf.function
    def f2(x):
        return f3(x) * 2.0

    @tf.function
    def f1(x):
        return f2(x) + 1.0

    assert float(f1(C(2.0))) == 15.0
    holder[0].assign(10.0)
    assert float(f1(C(2.0))) == 25.0
    assert float(f2(C(2.0))) == 24.0


def test_a_variable_created_in_one_function_is_captured_by_a_later_one():
    holder = []
    make = _creating_inner(holder)
    assert float(make(C(1.0))) == 6.0

    @tf.function
    def use(x):
        return holder[0] * x

    assert float(use(C(2.0))) == 10.0
    holder[0].assign(10.0)
    assert float(use(C(2.0))) == 20.0


def test_an_assignment_by_the_inner_function_is_read_by_the_outer_one_and_kept():
    holder = []

    @tf.function
    def inner(x):
        if not holder:
            holder.append(tf.Variable(1.0))
        holder[0].assign_add(x)
        return holder[0].read_value()

    @tf.function
    def outer(x):
        return inner(x) + holder[0] * 10.0

    assert float(outer(C(2.0))) == 33.0  # 1 + 2 = 3, then 3 + 30
    assert float(outer(C(2.0))) == 55.0  # 3 + 2 = 5, then 5 + 50
    assert float(holder[0]) == 5.0


def test_the_outer_functions_later_trace_may_call_the_inner_ones_first_trace():
    holder = []
    inner = _creating_inner(holder)

    @tf.function
    def outer(x, use):
        return inner(x) if use else x

    assert float(outer(C(2.0), False)) == 2.0
    assert float(outer(C(2.0), True)) == 7.0  # a new trace of outer; inner's first: allowed
    holder[0].assign(10.0)
    assert float(outer(C(2.0), True)) == 12.0


def test_get_concrete_function_of_the_outer_function():
    holder = []
    inner = _creating_inner(holder)

    @tf.function
    def outer(x):
        return inner(x)

    concrete = outer.get_concrete_function(tf.TensorSpec([], tf.float32))
    assert float(concrete(C(2.0))) == 7.0
    holder[0].assign(10.0)
    assert float(concrete(C(2.0))) == 12.0
    assert float(outer(C(2.0))) == 12.0


def test_a_python_helper_reusing_the_variable_the_inner_function_created():
    holder = []

    def helper():
        if not holder:
            holder.append(tf.Variable(4.0))
        return holder[0]

    @tf.function
    def inner(x):
        return helper() * x

    @tf.function
    def outer(x):
        return inner(x) + helper()

    assert float(outer(C(2.0))) == 12.0
    holder[0].assign(1.0)
    assert float(outer(C(2.0))) == 3.0


def test_a_modules_variable_created_lazily_inside_a_nested_function():
    class Scale(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = None

        @tf.function
        def __call__(self, x):
            if self.w is None:
                self.w = tf.Variable(2.0)
            return self.w * x

    m = Scale()

    @tf.function
    def outer(x):
        return m(x) + 1.0

    assert float(outer(C(3.0))) == 7.0
    m.w.assign(5.0)
    assert float(outer(C(3.0))) == 16.0
    assert len(m.trainable_variables) == 1


def test_a_keras_layer_built_inside_a_nested_function():
    layer = tf.keras.layers.Dense(1, kernel_initializer="ones", bias_initializer="zeros")

    @tf.function
    def inner(x):
        return layer(x)

    @tf.function
    def outer(x):
        return inner(x)

    x = C([[1.0, 2.0]])
    assert float(outer(x)[0, 0]) == 3.0
    layer.kernel.assign([[3.0], [4.0]])
    assert float(outer(x)[0, 0]) == 11.0


def test_a_gradient_of_a_variable_the_inner_function_created():
    holder = []

    @tf.function
    def inner(x):
        if not holder:
            holder.append(tf.Variable(3.0))
        return holder[0] * x

    @tf.function
    def outer(x):
        with tf.GradientTape() as t:
            y = inner(x) * holder[0]
        return t.gradient(y, holder[0])

    assert float(outer(C(2.0))) == 12.0  # d(v*v*x)/dv = 2*v*x
    holder[0].assign(10.0)
    assert float(outer(C(2.0))) == 40.0


def test_a_variable_created_once_in_init_scope_is_captured_not_baked_in():
    holder = []

    @tf.function
    def f(x):
        with tf.init_scope():
            if not holder:
                holder.append(tf.Variable(3.0))
        return holder[0] + x

    assert float(f(C(1.0))) == 4.0
    holder[0].assign(7.0)
    assert float(f(C(1.0))) == 8.0
    assert f.experimental_get_tracing_count() == 2  # TF 2.21: a creating trace runs twice


def test_a_variable_created_in_init_scope_on_a_later_trace_is_tfs_value_error():
    holder = []

    @tf.function
    def f(x):
        if x.shape.rank == 1:
            with tf.init_scope():
                if not holder:
                    holder.append(tf.Variable(3.0))
            return holder[0] + x
        return x

    assert float(f(C(1.0))) == 1.0
    with pytest.raises(
        ValueError,
        match=r"^Creating variables on a non-first call to a function decorated with tf\.function\.",
    ):
        f(C([1.0, 2.0]))


def test_a_variable_created_in_init_scope_on_every_trace_is_tfs_value_error():
    @tf.function
    def f(x):
        with tf.init_scope():
            v = tf.Variable(3.0)
        return v + x

    with pytest.raises(ValueError, match="only supports singleton tf.Variables created on the first call"):
        f(C(1.0))


def test_an_inner_function_creating_a_variable_on_every_trace_raises_tfs_value_error():
    @tf.function
    def inner(x):
        return tf.Variable(1.0) + x

    @tf.function
    def outer(x):
        return inner(x)

    with pytest.raises(ValueError, match="only supports singleton tf.Variables created on the first call"):
        outer(C(1.0))


def test_a_nested_function_captures_a_tensor_of_the_enclosing_function():
    @tf.function
    def outer(x):
        y = x * 2.0

        @tf.function
        def inner(z):
            return z + y

        return inner(x)

    assert float(outer(C(3.0))) == 9.0
    assert float(outer(C(4.0))) == 12.0


def test_a_nested_function_capturing_a_tensor_is_differentiated_by_a_tape_inside():
    # TF 2.21: 12.0 (d(2x*x)/dx at 3): the closed-over tensor is an input of the recorded call.
    @tf.function
    def outer(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = x * 2.0

            @tf.function
            def inner(z):
                return z * y

            r = inner(x)
        return t.gradient(r, x)

    assert float(outer(C(3.0))) == 12.0
    assert float(outer(C(1.5))) == 6.0  # a new trace: its own inner function

    v = tf.Variable(3.0)

    @tf.function
    def through_a_variable(x):
        with tf.GradientTape() as t:
            c = v * x
            cs = [c, c * 2.0]  # found inside a list in the closure too

            @tf.function
            def inner(z):
                return tf.sin(z) * cs[0] + cs[1]

            r = inner(x)
        return r, t.gradient(r, [v, x])

    r, (gv, gx) = through_a_variable(C(2.0))
    # TF 2.21: (17.455784, [5.818595, None]): d/dv (sin(x) v x + 2 v x) = 2 sin(2) + 4; x unwatched
    assert float(r) == pytest.approx(17.45578384399414, rel=1e-6)
    assert float(gv) == pytest.approx(5.818594932556152, rel=1e-6) and gx is None

    @tf.function
    def accumulated(x):
        with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
            c = x * x

            @tf.function
            def inner(y):
                return y * c

            z = inner(x)
        return z, acc.jvp(z), tf.gradients(z, x)[0]

    assert [float(t) for t in accumulated(C(2.0))] == [8.0, 12.0, 12.0]  # TF 2.21


def test_a_tensor_captured_other_than_through_the_closure_under_a_tape_is_a_clear_error():
    # The closed-over tensor is an object's attribute: not found, so the tape would miss its
    # path; refused rather than a wrong gradient (6.0; TF: 12.0).
    @tf.function
    def outer(x):
        with tf.GradientTape() as t:
            t.watch(x)
            holder = SimpleNamespace(y=x * 2.0)
            r = _scaled_by_holder(holder)(x)
        return t.gradient(r, x)

    with pytest.raises(NotImplementedError, match="cannot yet differentiate a tf.function that closes over"):
        outer(C(3.0))


def _scaled_by_holder(holder):
    return tf.function(lambda z: z * holder.y)


def test_closed_over_values_jax_does_not_expose_are_a_clear_error():
    # A JAX whose traced program hides its closed-over values: a clear error, never a program
    # that reads them wrong.
    traced = SimpleNamespace(jaxpr=SimpleNamespace(jaxpr=SimpleNamespace(invars=[1, 2, 3])))
    with pytest.raises(
        NotImplementedError, match="tapejax cannot yet compile a tf.function that closes over"
    ):
        captured_values(traced, 2)
