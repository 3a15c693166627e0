"""AutoGraph in tapejax.function: Python control flow on tensors, staged as TF stages it.

Each converted function is checked against the same Python code run eagerly (where Python's
own ``if``/``while`` decide), against JAX, and its gradients against jax.grad and finite
differences; TF 2.21's own runs of the guide's examples are tests/tf_programs/autograph_*.
"""

from __future__ import annotations

import traceback

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf


def _eager_and_function(fn, *args):
    """``fn`` run eagerly (plain Python on concrete tensors) and as a tapejax.function."""
    eager = fn(*args)
    staged = tf.function(fn)(*args)
    return eager, staged


def branchy(x):
    if x > 0:
        y = x * x
    elif x < -2.0:
        y = -x
    else:
        y = x + 10.0
    return y


@pytest.mark.parametrize("value", [3.0, -5.0, -1.0, 0.0])
def test_if_elif_else_on_a_tensor_matches_python(value):
    eager, staged = _eager_and_function(branchy, tf.constant(value))
    assert staged.numpy() == pytest.approx(eager.numpy())


def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@pytest.mark.parametrize("n", [1, 6, 27])
def test_while_with_a_tensor_condition_matches_python(n):
    eager, staged = _eager_and_function(collatz, tf.constant(n))
    assert int(staged) == int(eager)


def filtered_sum(xs):
    s = 0.0
    for x in xs:
        if x < 0:
            continue
        if x > 10:
            break
        s += x
    return s


@pytest.mark.parametrize("values", [[1.0, -2.0, 3.0, 20.0, 4.0], [5.0, 6.0], [-1.0, -2.0]])
def test_for_over_a_tensor_with_break_and_continue(values):
    eager, staged = _eager_and_function(filtered_sum, tf.constant(values))
    assert float(staged) == pytest.approx(float(eager))


def early_return(xs):
    for i in tf.range(tf.size(xs)):
        if xs[i] < 0:
            return i * 10
    return tf.constant(-1)


def test_return_inside_a_loop_and_a_branch():
    f = tf.function(early_return)
    assert int(f(tf.constant([3.0, 1.0, -2.0]))) == 20
    assert int(f(tf.constant([3.0, 1.0]))) == -1


def test_python_conditions_stay_python_and_print_runs_at_trace_time(capsys):
    @tf.function
    def f(x, flag):
        print("tracing")  # Python's print: once per trace, as in TF
        if flag:  # a Python bool: the branch is chosen while tracing
            x = x + 1.0
        for _ in range(3):  # a Python range: unrolled
            x = x * 2.0
        return x

    assert float(f(tf.constant(1.0), True)) == 16.0
    assert float(f(tf.constant(1.0), True)) == 16.0
    assert float(f(tf.constant(1.0), False)) == 8.0
    assert capsys.readouterr().out == "tracing\ntracing\n"


def test_and_or_not_on_tensors():
    def f(x, y):
        a = tf.constant(0)
        if x > 0 and y > 0:
            a = 1
        elif not x > 0 or y > 0:
            a = 2
        else:
            a = 3
        return a

    for x, y in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]:
        eager, staged = _eager_and_function(f, tf.constant(x), tf.constant(y))
        assert int(staged) == int(eager)


def test_conditional_expression():
    def g(x):
        return x * 2 if x > 0 else -x

    for v in (3.0, -4.0):
        eager, staged = _eager_and_function(g, tf.constant(v))
        assert float(staged) == float(eager)


def test_variables_assigned_in_staged_branches_and_loops():
    v = tf.Variable(0.0)
    total = tf.Variable(0.0)

    @tf.function
    def count_positive(xs):
        for x in xs:
            if x > 0:
                v.assign_add(1.0)
                total.assign_add(x)
        return v.read_value()

    assert float(count_positive(tf.constant([1.0, -1.0, 2.0, 3.0]))) == 3.0
    assert float(count_positive(tf.constant([-1.0, 5.0]))) == 4.0
    assert (v.numpy(), total.numpy()) == (4.0, 11.0)


def power(x, n):
    result = tf.ones_like(x)
    for _ in tf.range(n):  # a symbolic n: a staged while loop
        result *= x
    return result


def test_gradient_through_a_while_loop_matches_jax_and_finite_differences():
    f = tf.function(power)
    x = tf.Variable(1.7)
    with tf.GradientTape() as tape:
        y = f(x, tf.constant(5))
    grad = float(tape.gradient(y, x))
    assert grad == pytest.approx(float(jax.grad(lambda a: a**5)(1.7)), rel=1e-6)
    eps = 1e-3
    up, down = f(tf.constant(1.7 + eps), tf.constant(5)), f(tf.constant(1.7 - eps), tf.constant(5))
    fd = (float(up) - float(down)) / (2 * eps)
    assert grad == pytest.approx(fd, rel=1e-3)


def smooth_loop(w, xs):
    h = tf.zeros_like(w)
    for x in xs:  # a tensor of known length: a scan
        h = tf.tanh(w * h + x)
        if tf.reduce_sum(h) > 100.0:
            break
    return tf.reduce_sum(h)


def test_gradient_through_a_scan_with_break_matches_jax_grad():
    w0 = np.array([0.3, -0.2], np.float32)
    xs = np.array([[0.1, 0.2], [0.3, -0.4], [0.5, 0.6]], np.float32)
    w = tf.Variable(w0)
    with tf.GradientTape() as tape:
        loss = tf.function(smooth_loop)(w, tf.constant(xs))

    def reference(w):
        h = jnp.zeros_like(w)
        for x in xs:
            h = jnp.tanh(w * h + x)
        return jnp.sum(h)

    np.testing.assert_allclose(float(loss), float(reference(w0)), rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(loss, w).numpy(), jax.grad(reference)(w0), rtol=1e-5)


def test_maximum_iterations_bounds_a_while_loop():
    @tf.function
    def doubling(x):
        i = tf.constant(0)
        while x < 100.0:
            tf.autograph.experimental.set_loop_options(maximum_iterations=3)
            x = x * 2.0
            i += 1
        return x, i

    b = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        out, steps = doubling(b)
    assert (float(out), int(steps), float(tape.gradient(out, b))) == (24.0, 3, 8.0)


def test_a_variable_undefined_before_a_loop_starts_from_the_first_iteration():
    @tf.function
    def last_square(n):
        i = tf.constant(0)
        while i < n:
            sq = i * i
            i += 1
        return sq

    assert int(last_square(tf.constant(4))) == 9


def test_user_functions_called_from_the_function_are_converted():
    def helper(x):
        if x > 0:
            return x
        return -x

    class Model(tf.Module):
        def scale(self, x):
            while x < 10.0:
                x = x * 3.0
            return x

        @tf.function
        def __call__(self, x):
            return self.scale(helper(x))

    assert float(Model()(tf.constant(-2.0))) == 18.0


def test_to_code_shows_the_functional_forms():
    code = tf.autograph.to_code(branchy)
    assert "ag__.if_stmt(" in code and "def if_body" in code
    assert "ag__.for_stmt(" in tf.autograph.to_code(filtered_sum)
    assert "ag__.for_stmt(" in tf.autograph.to_code(tf.function(filtered_sum))


def test_autograph_false_and_do_not_convert_leave_python_control_flow():
    with pytest.raises(TypeError, match="Using a symbolic tapejax Tensor as a Python bool"):
        tf.function(branchy, autograph=False)(tf.constant(1.0))
    with pytest.raises(TypeError, match="Using a symbolic tapejax Tensor as a Python bool"):
        tf.function(tf.autograph.experimental.do_not_convert(branchy))(tf.constant(1.0))


def test_to_code_needs_a_python_function():
    with pytest.raises(TypeError, match="tf.autograph.to_code needs a Python function with source"):
        tf.autograph.to_code(len)


def test_errors_name_the_variable_and_point_at_the_users_line():
    def undefined_in_branch(x):
        if x > 0:
            y = x
        return y

    with pytest.raises(ValueError, match="'y' must also be initialized in the else branch") as info:
        tf.function(undefined_in_branch)(tf.constant(1.0))
    frames = traceback.extract_tb(info.tb)
    line = undefined_in_branch.__code__.co_firstlineno + 1
    assert any(f.filename == __file__ and f.lineno == line and "if x > 0" in f.line for f in frames)


def test_branch_and_loop_consistency_errors():
    def no_return_in_else(x):
        if x > 0:
            return x

    with pytest.raises(ValueError, match="the else branch must also have a return statement."):
        tf.function(no_return_in_else)(tf.constant(1.0))

    def dtype_changes(x):
        n = 0
        while n < x:
            n = tf.cast(n, tf.float32) + 0.5
        return n

    with pytest.raises(TypeError, match="'n' has dtype int32 before the loop, but dtype float32 after one"):
        tf.function(dtype_changes)(tf.constant(3))

    def shape_changes(x):
        while tf.reduce_sum(x) < 10.0:
            x = tf.concat([x, x], 0)
        return x

    with pytest.raises(ValueError, match=r"'x' has shape \(1,\) before the loop, but shape \(2,\) after one"):
        tf.function(shape_changes)(tf.constant([1.0]))

    def branch_dtypes(x):
        if x > 0:
            y = 1
        else:
            y = 2.0
        return y

    with pytest.raises(
        TypeError, match=("'y' has dtype int32 in the main branch, but dtype float32 in the else")
    ):
        tf.function(branch_dtypes)(tf.constant(1.0))

    def branch_shapes(x):
        if x > 0:
            y = tf.zeros([2])
        else:
            y = tf.zeros([3])
        return y

    with pytest.raises(ValueError, match=r"'y' has shape \(2,\) in the main branch, but shape \(3,\) in"):
        tf.function(branch_shapes)(tf.constant(1.0))

    def branch_structures(x):
        if x > 0:
            y = (x, x)
        else:
            y = x
        return y

    with pytest.raises(
        TypeError, match=("'y' must have the same nested structure in the main and else branches")
    ):
        tf.function(branch_structures)(tf.constant(1.0))


def test_condition_and_none_errors():
    def float_condition(x):
        if x:
            return x
        return -x

    with pytest.raises(ValueError, match="condition of if statement expected to be `tf.bool` scalar, got"):
        tf.function(float_condition)(tf.constant(2.0))

    def vector_condition(x):
        if x > 0:
            return x
        return -x

    with pytest.raises(
        ValueError, match=("condition of if statement expected to be `tf.bool` scalar, got .*; to")
    ):
        tf.function(vector_condition)(tf.constant([1.0, 2.0]))

    def none_before(x):
        y = None
        while x < 3.0:
            y = x
            x += 1.0
        return y

    with pytest.raises(ValueError, match="'y' is not allowed to be None before the loop"):
        tf.function(none_before)(tf.constant(0.0))

    def none_in_branch(x):
        y = x
        if x > 0:
            y = None
        return y

    with pytest.raises(ValueError, match="'y' is None at the end of the main branch."):
        tf.function(none_in_branch)(tf.constant(1.0))


def test_a_tape_inside_the_function_records_staged_branches():
    @tf.function
    def grad_of_branch(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            if x > 0:
                y = x * x
            else:
                y = -x
        return tape.gradient(y, x)

    assert float(grad_of_branch(tf.constant(3.0))) == 6.0
    assert float(grad_of_branch(tf.constant(-3.0))) == -1.0

    # Loops under a tape inside the function: tests/test_recorded_loops.py


def _fact(n):
    if n > 1:
        return n * _fact(n - 1)
    return 1


def test_a_recursive_python_function_converts_and_calls_itself():
    # The converted function must name itself as the global it is (it was a broken closure cell).
    assert int(tf.function(_fact)(5)) == 120


def test_a_tensor_array_is_carried_through_a_staged_loop():
    def cumulative(x):  # rows of x, accumulated: TF's guide's dynamic_rnn
        out = tf.TensorArray(tf.float32, size=x.shape[0])
        state = tf.zeros(x.shape[1:])
        for i in tf.range(x.shape[0]):
            state = state + x[i] * state + x[i]
            out = out.write(i, state)
        return out.stack()

    def squares(n):
        arr = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
        for i in tf.range(n):
            arr = arr.write(i, i * i)
        return arr.stack()

    x = np.arange(6, dtype=np.float32).reshape(3, 2) / 10

    def reference(x):
        state, rows = jnp.zeros(x.shape[1:]), []
        for r in x:
            state = state + r * state + r
            rows.append(state)
        return jnp.stack(rows)

    eager, staged = _eager_and_function(cumulative, tf.constant(x))
    np.testing.assert_allclose(staged.numpy(), reference(x), rtol=1e-6)
    np.testing.assert_allclose(eager.numpy(), reference(x), rtol=1e-6)
    np.testing.assert_array_equal(tf.function(squares)(5).numpy(), [0, 1, 4, 9, 16])
    v = tf.Variable(x)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.function(cumulative)(v) ** 2)
    expected = jax.grad(lambda a: jnp.sum(reference(a) ** 2))(jnp.asarray(x))
    np.testing.assert_allclose(tape.gradient(loss, v).numpy(), expected, rtol=1e-5)
