"""``tf.test.TestCase``'s helpers and the rest of ``tf.test``: TF 2.21's results and messages
(pinned from TF's own ``TensorFlowTestCase`` on the same calls)."""

from __future__ import annotations

import collections
import os
import pathlib
import random
import subprocess
import sys
import textwrap
import unittest

import numpy as np
import pytest

import tapejax as tf
from tapejax._api.testing.benchmark import _calling_method

T = tf.test.TestCase()


def _fails(fn, exc=AssertionError) -> str:
    with pytest.raises(exc) as info:
        fn()
    return str(info.value)


def test_test_case_is_a_unittest_test_case():
    assert issubclass(tf.test.TestCase, unittest.TestCase)


class SubclassedTest(tf.test.TestCase):
    """Collected by pytest as any unittest class."""

    def test_seeds_are_tf_default_seed(self):
        state = random.getstate()
        random.seed(87654321)
        assert random.getstate() == state
        np.random.seed(87654321)
        first = tf.random.uniform([2])
        tf.random.set_seed(87654321)
        self.assertAllEqual(first, tf.random.uniform([2]))

    def test_assertions_on_tensors(self):
        self.assertAllClose(tf.constant([1.0, 2.0]), [1.0, 2.0])
        self.assertAllEqual(tf.constant([[1, 2]]), [[1, 2]])
        self.assertShapeEqual(np.zeros([2, 3]), tf.zeros([2, 3]))
        self.assertDTypeEqual(tf.constant([1.0]), np.float32)
        self.assertLen([1, 2], 2)

    def test_temp_dir_is_one_per_test(self):
        self.assertEqual(self.get_temp_dir(), self.get_temp_dir())


def test_all_close_message_is_tfs():
    text = _fails(lambda: T.assertAllClose([1.0, 2.0], tf.constant([1.0, 2.1])))
    assert text.startswith(
        "\nNot equal to tolerance rtol=1e-06, atol=1e-06\n"
        "Mismatched value: a is different from b. \n"
        "not close where = (array([1]),)\n"
        "not close lhs = [2.]\n"
        "not close rhs = [2.1]\n"
        "not close dif = [0.0999999]\n"
        "not close tol = [3.1e-06]\n"
        "dtype = float64, shape = (2,)\n"
        "Mismatched elements: 1 / 2 (50%)\n"
    )


def test_all_close_of_scalars_with_a_message():
    text = _fails(lambda: T.assertAllClose(1.0, 2.0, msg="hello"))
    assert (
        "Mismatched value: a is different from b. hello\nnot close lhs = 1.0\nnot close rhs = 2.0\n" in text
    )


def test_all_close_recurses_with_paths():
    text = _fails(lambda: T.assertAllClose({"a": [1.0], "b": 2.0}, {"a": [1.0], "b": 2.5}))
    assert "Mismatched value: a[b] is different from b[b]. \nnot close lhs = 2.0\n" in text
    text = _fails(lambda: T.assertAllClose([1.0, [2.0, 3.0]], [1.0, [2.0, 3.5]]))
    assert "Mismatched value: a[1] is different from b[1]. \nnot close where = (array([1]),)\n" in text
    nt = collections.namedtuple("NT", "x y")
    T.assertAllClose(nt(1.0, 2.0), {"x": 1.0, "y": 2.0})
    T.assertAllClose([[1.0], [2.0, 3.0]], [[1.0], [2.0, 3.0]])  # ragged: element by element
    T.assertAllClose([np.nan], [np.nan])


def test_all_close_structure_errors():
    text = _fails(lambda: T.assertAllClose({"a": 1.0}, [1.0]), ValueError)
    assert text == "Can't compare dict to non-dict, a vs b. "
    text = _fails(lambda: T.assertAllClose({"a": 1.0}, {"b": 1.0}))
    assert text.endswith(" : mismatched keys: a has keys dict_keys(['a']), but b has keys dict_keys(['b']). ")
    text = _fails(lambda: T.assertAllClose([1.0, 2.0], [1.0, 2.0, 3.0]))
    assert text.endswith(" : Shape mismatch: expected (2,), got (3,) with contents [1. 2. 3.].")
    text = _fails(lambda: T.assertAllClose(None, None), TypeError)
    assert text.endswith(" : Error: a has <class 'NoneType'>, but b has <class 'NoneType'>. ")
    # Lists numpy cannot make one array of (elements of other shapes) are compared item by item.
    ragged = [np.zeros((2, 2)), np.zeros((2, 3))]
    text = _fails(lambda: T.assertAllClose(ragged, ragged[:1], msg="m"), ValueError)
    assert text == "Mismatched length: a has 2 items, but b has 1 items. m"
    text = _fails(lambda: T.assertAllClose({"w": ragged}, {"w": ragged[:1]}), ValueError)
    assert text == "Mismatched length: a[w] has 2 items, but b[w] has 1 items. "


def test_bfloat16_is_compared_in_float32():
    text = _fails(lambda: T.assertAllClose(tf.constant([1.0], tf.bfloat16), [1.001]))
    assert "dtype = bfloat16, shape = (1,)\n" in text


def test_tolerances_according_to_type():
    T.assertAllCloseAccordingToType(np.array([1.0], np.float16), np.array([1.0009], np.float16))
    T.assertAllCloseAccordingToType(np.array([1.0], np.float32), np.array([1.0000009], np.float32))
    T.assertAllCloseAccordingToType(tf.constant([1.0], tf.bfloat16), tf.constant([1.0078125], tf.bfloat16))
    text = _fails(
        lambda: T.assertAllCloseAccordingToType(np.array([1.0], np.float16), np.array([1.005], np.float16))
    )
    assert text.startswith("\nNot equal to tolerance rtol=0.001, atol=0.001\n")
    with pytest.raises(AssertionError):  # float64 keeps 1e-6
        T.assertAllCloseAccordingToType(np.array([1.0]), np.array([1.00001]))
    text = _fails(lambda: T.assertNotAllClose([1.0], [1.0]), AssertionError)
    assert text == "The two values are close at all elements. "


def test_all_equal():
    text = _fails(lambda: T.assertAllEqual([1, 2, 3], tf.constant([1, 5, 3])))
    assert text.startswith(
        "\nArrays are not equal\n\nnot equal where = (array([1]),)\n"
        "not equal lhs = array([2])\nnot equal rhs = array([5], dtype=int32)\n"
    )
    text = _fails(lambda: T.assertAllEqual([1, 2], [1, 2, 3]))
    assert text.endswith(" : Shape mismatch: expected (2,), got (3,). Contents: array([1, 2, 3]). \n.")
    T.assertAllEqual([np.nan, 1.0], tf.constant([np.nan, 1.0], tf.float64))
    text = _fails(lambda: T.assertNotAllEqual([1], [1]), AssertionError)
    assert text == "The two values are equal at all elements. "


def test_comparisons_and_ranges():
    assert _fails(lambda: T.assertAllGreater([1, 2], 1)) == "np.int64(1) not greater than 1"
    assert _fails(lambda: T.assertAllLess([1, 2], 2)) == "np.int64(2) not less than 2"
    assert _fails(lambda: T.assertAllGreaterEqual(tf.constant([1.0, 2.0]), 1.5)) == (
        "np.float32(1.0) not greater than or equal to 1.5"
    )
    assert _fails(lambda: T.assertAllInRange([0.0, 0.5, 1.0, 2.0], 0.0, 1.0), AssertionError) == (
        "1 of the 4 element(s) are outside the range [0.0, 1.0]. "
        "Subscript(s) and value(s) of the offending elements:\n  [3] : 2.0"
    )
    text = _fails(lambda: T.assertAllInRange(tf.constant([[0.0, 1.0]]), 0.0, 1.0, True, True), AssertionError)
    assert text.endswith(
        "outside the range (0.0, 1.0). Subscript(s) and value(s) of the offending elements:\n"
        "  [0 0] : 0.0\n  [0 1] : 1.0"
    )
    assert _fails(lambda: T.assertAllInRange([np.nan, 0.5], 0.0, 1.0), AssertionError) == (
        "1 of the 2 element(s) are NaN. Subscripts(s) and value(s) of the NaN element(s):\n  [0] : nan"
    )
    assert _fails(lambda: T.assertAllInRange([True], 0, 1), AssertionError) == (
        "The value of [ True] does not have an ordered numeric type, instead it has type: bool"
    )
    assert (
        _fails(lambda: T.assertAllInSet([1, 2, 3, 4], [1, 2]), AssertionError)
        == "2 unique element(s) are not in the set [1, 2]: [3 4]"
    )


def test_near_and_dtype():
    assert _fails(lambda: T.assertNear(1.0, 1.2, 0.1, msg="m")) == (
        "False is not true : 1.000000 != 1.200000 +/- 0.100000 (difference: 0.2) (m)"
    )
    assert _fails(lambda: T.assertArrayNear([1.0, 2.0], [1.0], 0.1)) == "2 != 1"
    T.assertArrayNear([1.0, 2.0], [1.0, 2.05], 0.1)
    assert _fails(lambda: T.assertDTypeEqual(tf.constant([1.0]), np.float64)) == (
        "dtype('float32') != <class 'numpy.float64'>"
    )
    assert _fails(lambda: T.assertShapeEqual([1], tf.zeros([1])), TypeError) == (
        "input_a must be a Numpy ndarray, Numpy scalar, or a Tensor.Instead received <class 'list'>"
    )
    assert _fails(lambda: T.assertStartsWith("abc", "b")) == "'abc' does not start with 'b'"


def test_raises_op_error():
    with T.assertRaisesOpError("Incompatible shapes"):
        tf.constant([1, 2]) + tf.constant([1, 2, 3])

    def nothing():
        with T.assertRaisesOpError("x"):
            pass

    assert _fails(nothing) == "Exception of type <class 'AssertionError'>: OpError not raised"

    def not_an_op_error():
        with T.assertRaisesOpError("x"):
            raise ValueError("x")

    assert _fails(not_an_op_error) == "Exception of type <class 'ValueError'>: x"
    with T.assertRaisesWithPredicateMatch(ValueError, lambda e: "boom" in str(e)):
        raise ValueError("boom")
    with T.assertRaisesIncompatibleShapesError():
        tf.constant([1, 2]) + tf.constant([1, 2, 3])


def test_evaluate_and_sessions():
    values = T.evaluate({"a": tf.constant([1.0]), "b": (tf.constant(2), None)})
    assert values["b"][1] is None and values["b"][0] == np.int32(2)
    np.testing.assert_array_equal(values["a"], np.array([1.0], np.float32))
    assert T.evaluate([tf.Variable(3.0)]) == [np.float32(3.0)]
    assert T.evaluate(lambda: tf.constant(1)) == np.int32(1)
    assert _fails(lambda: T.evaluate([1]), ValueError) == "Unsupported type 'int'."
    with T.cached_session() as sess:
        assert sess.run(tf.constant(1.0)) == np.float32(1.0)
        assert _fails(lambda: sess.run(tf.constant(1.0), feed_dict={1: 2}), RuntimeError).startswith(
            "feed_dict is not supported when eager execution is enabled"
        )
        assert _fails(lambda: sess.run(tf.constant(1.0), 3), RuntimeError).startswith(
            "Optional args are not supported"
        )
    with T.session() as sess:
        assert _fails(lambda: sess.run, AttributeError).startswith(
            "Trying to access properties or call methods"
        )
    with T.test_session() as sess:
        assert sess is None


def test_a_test_named_test_session_is_skipped():
    class Reserved(tf.test.TestCase):
        def test_session(self):
            raise AssertionError("must not run")

    result = unittest.TextTestRunner(stream=open("/dev/null", "w")).run(Reserved("test_session"))  # noqa: SIM115
    assert result.wasSuccessful() and len(result.skipped) == 1


def test_main_runs_the_module_tests(tmp_path):
    script = tmp_path / "my_test.py"
    script.write_text(
        textwrap.dedent(
            """
            import tapejax as tf

            class MyTest(tf.test.TestCase):
                def test_gradient(self):
                    theoretical, numerical = tf.test.compute_gradient(lambda x: x * x, [1.0])
                    self.assertAllClose(theoretical, numerical)

            if __name__ == "__main__":
                tf.test.main()
            """
        )
    )
    root = str(pathlib.Path(tf.__file__).parent.parent)  # this checkout's tapejax, not an installed one
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, str(script)]
    run = subprocess.run(command, check=False, capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == 0, run.stderr
    # TestCase.test_session is collected too and skipped in setUp ("Not a test."), as in TF.
    assert "Ran 2 tests" in run.stderr and "OK (skipped=1)" in run.stderr


def test_namespace():
    assert set(tf.test.__all__) >= {
        "TestCase", "main", "compute_gradient", "is_gpu_available", "gpu_device_name", "is_built_with_cuda",
        "is_built_with_gpu_support", "is_built_with_rocm", "is_built_with_xla", "create_local_cluster",
        "assert_equal_graph_def", "benchmark_config", "Benchmark", "experimental",
    }  # fmt: skip
    assert tf.test.is_built_with_xla() is True
    assert tf.test.is_built_with_gpu_support() == tf.test.is_gpu_available()
    tf.test.experimental.sync_devices()
    with pytest.raises(NotImplementedError, match="tf.distribute"):
        tf.test.create_local_cluster(1, 1)
    with pytest.raises(NotImplementedError, match="GraphDef"):
        tf.test.assert_equal_graph_def(None, None)
    assert tf.test.benchmark_config() is None


def test_benchmark_reports_tfs_entry_text(capsys):
    class MyBenchmark(tf.test.Benchmark):
        def benchmark_it(self):
            self.report_benchmark(
                iters=3, wall_time=0.5, extras={"a": 1}, metrics=[{"name": "m", "value": 2.0}]
            )

    MyBenchmark().benchmark_it()
    assert capsys.readouterr().out == (
        'entry {\n  name: "MyBenchmark.benchmark_it"\n  iters: 3\n  wall_time: 0.5\n  extras {\n    key: "a"\n'
        '    value {\n      double_value: 1\n    }\n  }\n  metrics {\n    name: "m"\n    value: 2\n  }\n}\n'
    )


def test_benchmark_argument_errors():
    class MyBenchmark(tf.test.Benchmark):
        pass

    report = MyBenchmark().report_benchmark
    with pytest.raises(TypeError, match="^extras must be a dict$"):
        report(iters=1, extras=[1])
    with pytest.raises(TypeError, match="^metric must has a 'name' field$"):
        report(iters=1, metrics=[{"value": 1.0}])
    with pytest.raises(TypeError, match="^metric must has a 'value' field$"):
        report(iters=1, metrics=[{"name": "m"}])
    with pytest.raises(TypeError, match="^metrics must be a list$"):
        report(iters=1, metrics=({"name": "m", "value": 1.0},))


def test_a_benchmark_not_on_the_stack_cannot_name_its_entry():
    """TF's check, which report_benchmark cannot fail (its own frame holds the benchmark): the
    helper that names an entry, asked about a benchmark no frame of the stack belongs to."""
    with pytest.raises(ValueError, match=r"^Unable to determine calling Benchmark class\.$"):
        _calling_method(tf.test.Benchmark())
