"""tf.function's traces as TF 2.21 shows them (issue 14): None dimensions and reduce_retracing
trace once, ConcreteFunction's signature and calls, pretty-printed signatures. Expected texts
were printed by TensorFlow 2.21 for the same code."""

from __future__ import annotations

import contextlib
import io

import numpy as np
import pytest

import tapejax as tf


def _traced(fn, calls):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        results = [fn(*c) for c in calls]
    return out.getvalue(), results


def test_none_dimensions_in_input_signature_trace_once():
    @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.int32)])
    def f(x):
        print("Tracing with", x)
        return x + tf.reduce_sum(x) + tf.shape(x)[0]

    printed, results = _traced(f, [(tf.range(n),) for n in range(1, 5)])
    assert printed == 'Tracing with Tensor("x:0", shape=(None,), dtype=int32)\n'  # TF's text
    assert f.experimental_get_tracing_count() == 1
    for n, r in zip(range(1, 5), results, strict=True):
        x = np.arange(n)
        np.testing.assert_array_equal(r.numpy(), x + x.sum() + n)


def test_reduce_retracing_relaxes_after_one_retrace():
    @tf.function(reduce_retracing=True)
    def r(x):
        print("Tracing", x)
        return x * 2.0

    printed, results = _traced(r, [(tf.zeros(s) + 1.0,) for s in [(1,), (2,), (3,), (5,)]])
    # TF 2.21 prints these two lines and counts 2 traces.
    assert printed == (
        'Tracing Tensor("x:0", shape=(1,), dtype=float32)\n'
        'Tracing Tensor("x:0", shape=(None,), dtype=float32)\n'
    )
    assert r.experimental_get_tracing_count() == 2
    assert [x.numpy().tolist() for x in results] == [[2.0] * n for n in (1, 2, 3, 5)]


def test_a_symbolic_trace_differentiates_like_the_concrete_one():
    w = tf.Variable([1.0, 2.0, 3.0])

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def loss(x):
        h = tf.nn.relu(tf.matmul(x, tf.reshape(w, [3, 1])))
        return tf.reduce_mean(h * h)

    for n in (2, 4):
        x = tf.constant(np.linspace(-1.0, 1.0, 3 * n).reshape(n, 3).astype(np.float32))
        with tf.GradientTape() as tape:
            y = loss(x)
        g = tape.gradient(y, w).numpy()
        h = np.maximum(x.numpy() @ w.numpy().reshape(3, 1), 0.0)
        np.testing.assert_allclose(y.numpy(), np.mean(h * h), rtol=1e-6)
        np.testing.assert_allclose(g, ((2.0 * h * (h > 0)).T @ x.numpy() / n)[0], rtol=1e-5)
    assert loss.experimental_get_tracing_count() == 1


def test_concrete_function_signature_and_outputs():
    @tf.function
    def double(a):
        return a + a

    cf = double.get_concrete_function(tf.constant(2))
    assert repr(cf.structured_input_signature) == "((TensorSpec(shape=(), dtype=tf.int32, name='a'),), {})"
    assert repr(cf.structured_outputs) == "<tf.Tensor 'Identity:0' shape=() dtype=int32>"
    assert repr(cf.inputs) == "[<tf.Tensor 'a:0' shape=() dtype=int32>]"
    assert repr(cf.outputs) == "[<tf.Tensor 'Identity:0' shape=() dtype=int32>]"
    assert str(cf) == (
        "ConcreteFunction Input Parameters:\n"
        "  a (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.int32, name=None)\n"
        "Output Type:\n  TensorSpec(shape=(), dtype=tf.int32, name=None)\nCaptures:\n  None"
    )
    assert int(cf(tf.constant(3))) == 6 and int(cf(3)) == 6 and int(cf(a=tf.constant(3))) == 6

    cf2 = double.get_concrete_function(tf.TensorSpec(shape=[None], dtype=tf.float32))
    assert repr(cf2.structured_input_signature) == (
        "((TensorSpec(shape=(None,), dtype=tf.float32, name='a'),), {})"
    )
    assert cf2([3.0, 4.0]).numpy().tolist() == [6.0, 8.0]
    assert double.experimental_get_tracing_count() == 2

    @tf.function
    def h(d):
        return {"a": d["x"] * 2, "b": (d["x"], 3)}

    cfh = h.get_concrete_function({"x": tf.TensorSpec([3], tf.float32)})
    assert repr(cfh.structured_input_signature) == (
        "(({'x': TensorSpec(shape=(3,), dtype=tf.float32, name='d_x')},), {})"
    )
    assert repr(cfh.structured_outputs) == (
        "{'a': <tf.Tensor 'Identity:0' shape=(3,) dtype=float32>, 'b': (<tf.Tensor 'Identity_1:0' "
        "shape=(3,) dtype=float32>, <tf.Tensor 'Identity_2:0' shape=() dtype=int32>)}"
    )
    assert cfh.pretty_printed_signature() == (
        "Input Parameters:\n"
        "  d (POSITIONAL_OR_KEYWORD): Dict[['x', TensorSpec(shape=(3,), dtype=tf.float32, name=None)]]\n"
        "Output Type:\n"
        "  Dict[['a', TensorSpec(shape=(3,), dtype=tf.float32, name=None)], ['b', Tuple[TensorSpec("
        "shape=(3,), dtype=tf.float32, name=None), TensorSpec(shape=(), dtype=tf.int32, name=None)]]]\n"
        "Captures:\n  None"
    )


def test_python_arguments_and_defaults_key_traces_as_tf():
    @tf.function
    def g(x, n, flag=True):
        return x * n

    g(tf.constant(1.0), 2)
    g(tf.constant(1.0), n=2)  # the same trace: bound as TF binds it
    g(tf.constant(1.0), 3, flag=False)
    assert g.experimental_get_tracing_count() == 2
    assert g.pretty_printed_concrete_signatures() == (
        "Input Parameters:\n"
        "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.float32, name=None)\n"
        "  n (POSITIONAL_OR_KEYWORD): Literal[2]\n"
        "  flag (POSITIONAL_OR_KEYWORD): Literal[True]\n"
        "Output Type:\n  TensorSpec(shape=(), dtype=tf.float32, name=None)\nCaptures:\n  None\n\n"
        "Input Parameters:\n"
        "  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.float32, name=None)\n"
        "  n (POSITIONAL_OR_KEYWORD): Literal[3]\n"
        "  flag (POSITIONAL_OR_KEYWORD): Literal[False]\n"
        "Output Type:\n  TensorSpec(shape=(), dtype=tf.float32, name=None)\nCaptures:\n  None"
    )
    cf = g.get_concrete_function(tf.TensorSpec([2, None], tf.float32), 2)
    assert repr(cf.structured_input_signature) == (
        "((TensorSpec(shape=(2, None), dtype=tf.float32, name='x'), 2, True), {})"
    )
    assert repr(cf.structured_outputs) == "<tf.Tensor 'Identity:0' shape=(2, None) dtype=float32>"


def test_get_concrete_function_of_an_input_signature():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def si(x):
        return x

    cf = si.get_concrete_function()
    assert repr(cf).startswith(
        "<ConcreteFunction (x: TensorSpec(shape=(None,), dtype=tf.int32, name=None)) "
        "-> TensorSpec(shape=(None,), dtype=tf.int32, name=None) at 0x"
    )
    assert si.get_concrete_function(tf.TensorSpec([3], tf.int32)) is cf
    assert si(x=tf.constant([1])).numpy().tolist() == [1]
    assert tf.TensorSpec.from_tensor(tf.constant([1, 2]), name="q") == tf.TensorSpec([2], tf.int32, "q")


def test_binding_errors_are_tfs():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def si(x):
        return x

    with pytest.raises(TypeError) as e:
        si(tf.constant([1.0]))
    assert str(e.value) == (  # TF 2.21's text
        "Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(1,), dtype=tf.float32, "
        "name=None) to TensorSpec(shape=(None,), dtype=tf.int32, name=None)`. Received args: (<tf.Tensor: "
        "shape=(1,), dtype=float32, numpy=array([1.], dtype=float32)>,) and kwargs: {} for signature: "
        "(x: TensorSpec(shape=(None,), dtype=tf.int32, name=None))."
    )
    with pytest.raises(TypeError, match="^Binding inputs to tf.function failed due to `too many positional"):
        si(tf.constant([1]), tf.constant([1]))

    @tf.function
    def double(a):
        return a + a

    cf = double.get_concrete_function(tf.constant(2))
    with pytest.raises(TypeError) as e:
        cf(tf.constant(3), tf.constant(3))
    assert str(e.value) == (
        "Binding inputs to tf.function failed due to `too many positional arguments`. Received args: "
        "(<tf.Tensor: shape=(), dtype=int32, numpy=3>, <tf.Tensor: shape=(), dtype=int32, numpy=3>) and "
        "kwargs: {} for signature: (a: TensorSpec(shape=(), dtype=tf.int32, name=None)) -> TensorSpec("
        "shape=(), dtype=tf.int32, name=None).\nFallback to flat signature also failed due to: double(a) "
        "takes 1 positional arguments, got 2."
    )
    with pytest.raises(TypeError) as e:
        cf()
    assert str(e.value).endswith("double(a) missing required arguments: a.")
    with pytest.raises(
        tf.errors.InvalidArgumentError,
        match=(
            r"^cannot compute __inference_double_\d+ as input #0\(zero-based\) was expected to be a int32 "
            r"tensor but is a float tensor \[Op:__inference_double_\d+\]$"
        ),
    ):
        cf(tf.constant(3.0))
    with pytest.raises(tf.errors.InvalidArgumentError, match="was traced for shape"):  # TF runs it
        cf(tf.constant([3]))


def test_code_that_needs_concrete_sizes_falls_back_to_one_trace_per_shape():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(x):
        return x + tf.zeros(tf.shape(x))  # tf.zeros needs sizes JAX knows when it traces

    assert f(tf.constant([1.0, 2.0])).numpy().tolist() == [1.0, 2.0]
    assert f(tf.constant([1.0, 2.0, 3.0])).numpy().tolist() == [1.0, 2.0, 3.0]


def test_symbolic_tensors_in_a_function_print_and_refuse_numpy_as_tf():
    seen = []

    @tf.function
    def f(a):
        seen.append(f"{a}")  # TF: the placeholder's text
        try:
            a.numpy()
        except AttributeError as e:
            seen.append(str(e))
        return a % 2, a**2  # integers: no divisor / exponent check on the symbolic value

    m, p = f(tf.constant(5))
    assert seen == [
        'Tensor("a:0", shape=(), dtype=int32)',
        "'SymbolicTensor' object has no attribute 'numpy'",
    ]
    assert (int(m), int(p)) == (1, 25)  # TF 2.21: 1, 25
    m, p = f(tf.constant(-5))
    assert (int(m), int(p)) == (1, 25)  # floor modulo, as TF's


def test_tf_print_inside_a_function_prints_on_every_call(capsys):
    @tf.function
    def f(x, n):
        tf.print("Executed with", x, n)
        return x

    f(tf.constant(1), 2)
    f(tf.constant(1), 2)
    assert capsys.readouterr().err == "Executed with 1 2\nExecuted with 1 2\n"  # TF's text, to stderr


def test_a_concrete_function_takes_its_tensor_inputs_alone():
    # TF's flat-signature fallback: the Python object fixed by the trace is left out of the call.
    class Model:
        scale, shift = 3.0, 1.0

    def apply(model, x, y):
        return model.scale * x + model.shift + y

    cf = tf.function(apply).get_concrete_function(Model(), tf.constant(1.0), tf.constant(0.5))
    assert float(cf(tf.constant(2.0), tf.constant(0.25))) == 3.0 * 2.0 + 1.0 + 0.25
    with pytest.raises(TypeError, match="missing required arguments: x, y"):  # not all tensors
        cf(tf.constant(2.0))
