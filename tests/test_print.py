"""tf.print (tapejax/_print.py). Its text is pinned against TF 2.21 by the program corpus
(tests/tf_programs/tf_print_*.py); here: where it writes, when it runs, and its float rule."""

import io
import sys

import numpy as np

import tapejax as tf


def test_writes_to_stderr_by_default(capsys):
    tf.print("loss", tf.constant([0.5, 2.0]))
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == "loss [0.5 2]\n"


def test_prints_on_every_call_of_a_function_not_when_tracing():
    stream = io.StringIO()

    @tf.function
    def f(x):
        tf.print("x =", x, output_stream=stream)
        return x * 2

    for value in (1.0, 2.0, 3.0):
        f(tf.constant(value)).numpy()
    assert stream.getvalue() == "x = 1\nx = 2\nx = 3\n"


def test_floats_use_the_shortest_precision_that_round_trips():
    stream = io.StringIO()
    values = np.array([0.1, 1 / 3, 123456789.0, 2.5e-5], np.float32)
    tf.print(tf.constant(values), tf.constant(values.astype(np.float64)), output_stream=stream)
    f32, f64 = stream.getvalue().split("] [")
    assert np.array_equal(np.array(f32.strip("[]\n").split(), np.float32), values)
    assert f32 == "[0.1 0.333333343 123456792 2.5e-05"  # 6 digits, else 9 (TF's LegacyPrecision)
    assert np.array_equal(np.array(f64.strip("[]\n").split(), np.float64), values.astype(np.float64))


def test_print_of_python_values_inside_a_function_prints_on_every_call(capsys):
    # TF: tf.print is an op of the graph, so it prints on every call, not only while tracing.
    @tf.function
    def f(x):
        tf.print("Executed with", 1, output_stream=sys.stdout)
        return x

    f(tf.constant(1.0))
    f(tf.constant(2.0))
    assert capsys.readouterr().out == "Executed with 1\nExecuted with 1\n"
