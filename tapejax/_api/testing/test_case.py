"""``tf.test.TestCase`` and ``tf.test.main``: a ``unittest.TestCase`` with TF's helpers.

Everything runs eagerly, as TF 2's tests do: ``evaluate`` turns Tensors into numpy values,
and ``session()`` / ``cached_session()`` / ``test_session()`` are the contexts TF gives in
eager mode (a stand-in whose ``run(t)`` is ``t.numpy()``), so TF 1-style tests keep running.
pytest collects these classes like any ``unittest`` class; absl (TF's base) is not needed.
"""

from __future__ import annotations

import contextlib
import random
import re
import shutil
import tempfile
import unittest
from collections.abc import Sized

import numpy as np

from ..._core.errors import InvalidArgumentError, OpError
from ..._core.tensor import TensorLike
from ..._ops.random_ops import set_seed
from ..nest import map_structure
from .array_assertions import ArrayAssertions

_DEFAULT_SEED = 87654321  # TF's DEFAULT_GRAPH_SEED, set before each test


class TestCase(ArrayAssertions, unittest.TestCase):
    """Base class for tests of TF code (``tf.test.TestCase``).

    Before each test the Python, numpy and ``tf.random`` seeds are set to TF's default seed
    (87654321), so random tests are reproducible. A test method named ``test_session`` is
    skipped, as in TF (the name is ``TestCase.test_session``'s).

    >>> import io, unittest
    >>> import tapejax as tf
    >>> class SquareTest(tf.test.TestCase):
    ...     def test_square(self):
    ...         self.assertAllClose(tf.square([1.0, 2.0]), [1.0, 4.0])
    >>> unittest.TextTestRunner(stream=io.StringIO()).run(SquareTest("test_square")).wasSuccessful()
    True
    """

    def setUp(self):
        super().setUp()
        random.seed(_DEFAULT_SEED)
        np.random.seed(_DEFAULT_SEED)
        set_seed(_DEFAULT_SEED)
        if self.id().endswith(".test_session"):
            self.skipTest("Not a test.")

    def get_temp_dir(self) -> str:
        """A temporary directory for this test, the same on each call; removed after the test."""
        if getattr(self, "_tempdir", None) is None:
            self._tempdir = tempfile.mkdtemp()
            self.addCleanup(shutil.rmtree, self._tempdir, ignore_errors=True)
        return self._tempdir

    def evaluate(self, tensors):
        """The numpy values of a Tensor or a nested structure of them (Variables too; a callable
        is called and its result evaluated; ``None`` stays ``None``).

        >>> import tapejax as tf
        >>> tf.test.TestCase().evaluate({"a": tf.constant([1.0]), "b": None})
        {'a': array([1.], dtype=float32), 'b': None}
        """
        if tensors is None:
            return None
        return map_structure(self._evaluate_one, tensors)

    def _evaluate_one(self, tensor):
        if tensor is None:
            return None
        if callable(tensor) and not isinstance(tensor, TensorLike):
            return self.evaluate(tensor())
        if callable(getattr(tensor, "numpy", None)):
            return tensor.numpy()
        raise ValueError(f"Unsupported type {type(tensor).__name__!r}.")

    @contextlib.contextmanager
    def session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """TF's eager ``session()``: yields an object that refuses every use (there is no graph)."""
        yield _NoSession()

    @contextlib.contextmanager
    def cached_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """TF's eager ``cached_session()``: yields a stand-in whose ``run(t)`` is ``evaluate(t)``."""
        yield _EagerSession(self)

    @contextlib.contextmanager
    def test_session(self, graph=None, config=None, use_gpu=True, force_gpu=False):
        """Deprecated in TF; yields ``None`` in eager mode, as TF."""
        yield None

    @contextlib.contextmanager
    def assertRaisesWithPredicateMatch(self, exception_type, expected_err_re_or_predicate):  # noqa: N802
        """A context expecting ``exception_type`` whose message matches a regular expression
        (searched, not anchored), or for which a predicate returns True."""
        predicate = expected_err_re_or_predicate
        if not callable(predicate):
            pattern = expected_err_re_or_predicate

            def predicate(e):
                return re.search(pattern, e.message if isinstance(e, OpError) else str(e))

        try:
            yield
            self.fail(exception_type.__name__ + " not raised")
        except Exception as e:
            if not isinstance(e, exception_type) or not predicate(e):
                raise AssertionError(f"Exception of type {type(e)}: {e}") from e

    def assertRaisesOpError(self, expected_err_re_or_predicate):  # noqa: N802
        """A context expecting a ``tf.errors.OpError`` whose message matches.

        >>> import tapejax as tf
        >>> with tf.test.TestCase().assertRaisesOpError("Incompatible shapes"):
        ...     _ = tf.constant([1, 2]) + tf.constant([1, 2, 3])
        """
        return self.assertRaisesWithPredicateMatch(OpError, expected_err_re_or_predicate)

    def assertRaisesIncompatibleShapesError(self, exception_type=InvalidArgumentError):  # noqa: N802
        """A context expecting TF's error for operands whose shapes do not broadcast."""
        pattern = r"Incompatible shapes|Dimensions must be equal|required broadcastable shapes"
        return self.assertRaisesWithPredicateMatch(exception_type, pattern)

    def assertShapeEqual(self, input_a, input_b, msg=None):  # noqa: N802
        """Asserts two numpy arrays or Tensors have the same (static) shape."""
        for name, value in (("input_a", input_a), ("input_b", input_b)):
            if not isinstance(value, (np.ndarray, np.generic, TensorLike)):
                raise TypeError(
                    f"{name} must be a Numpy ndarray, Numpy scalar, or a Tensor.Instead received {type(value)}"
                )
        self.assertAllEqual(_shape(input_a), _shape(input_b), msg=msg)

    def assertStartsWith(self, actual, expected_start, msg=None):  # noqa: N802
        """Asserts the string ``actual`` starts with ``expected_start``."""
        if not actual.startswith(expected_start):
            self.fail(f"{actual!r} does not start with {expected_start!r}" + (f" : {msg!r}" if msg else ""))

    # absltest's helpers that TF tests use.
    def assertLen(self, container, expected_len, msg=None):  # noqa: N802
        """Asserts ``len(container) == expected_len``."""
        self._check_sized(container, msg)
        if len(container) != expected_len:
            shown = unittest.util.safe_repr(container)
            self.fail(
                self._formatMessage(msg, f"{shown} has length of {len(container)}, expected {expected_len}.")
            )

    def assertEmpty(self, container, msg=None):  # noqa: N802
        """Asserts ``container`` has length 0."""
        self._check_sized(container, msg)
        if len(container):
            self.fail(self._formatMessage(msg, f"{container!r} has length of {len(container)}."))

    def assertNotEmpty(self, container, msg=None):  # noqa: N802
        """Asserts ``container`` has a nonzero length."""
        self._check_sized(container, msg)
        if not len(container):
            self.fail(self._formatMessage(msg, f"{container!r} has length of 0."))

    def _check_sized(self, container, msg):
        if not isinstance(container, Sized):
            self.fail(self._formatMessage(msg, f"Expected a Sized object, got: {type(container).__name__!r}"))

    def assertBetween(self, value, minv, maxv, msg=None):  # noqa: N802
        """Asserts ``minv <= value <= maxv``."""
        msg = self._formatMessage(msg, f'"{value!r}" unexpectedly not between "{minv!r}" and "{maxv!r}"')
        self.assertLessEqual(minv, value, msg)
        self.assertGreaterEqual(maxv, value, msg)

    assertItemsEqual = unittest.TestCase.assertCountEqual  # noqa: N815 - TF's alias
    assertRaisesRegexp = unittest.TestCase.assertRaisesRegex  # noqa: N815 - TF's alias


def _shape(value) -> list:
    return value.shape.as_list() if isinstance(value, TensorLike) else list(value.shape)


class _EagerSession:
    """TF's ``FakeEagerSession``: ``run`` evaluates; feeds and options cannot work eagerly."""

    def __init__(self, test_case: TestCase):
        self._test_case = test_case

    def run(self, fetches, *args, **kwargs):
        if kwargs.pop("feed_dict", {}):
            raise RuntimeError(
                "feed_dict is not supported when eager execution is enabled "
                "(in this case, sess.run(t) is shorthand for t.numpy()"
            )
        if args or kwargs:
            raise RuntimeError(
                "Optional args are not supported when eager execution is enabled "
                "(in this case, sess.run(t) is shorthand for t.numpy()"
            )
        return self._test_case.evaluate(fetches)


class _NoSession:
    """TF's ``EagerSessionWarner``: any use says there is no session in eager mode."""

    def __getattr__(self, attr):
        raise AttributeError(
            "Trying to access properties or call methods on the result of self.session(), "
            "self.cached_session(), etc while eager execution is enabled. If you're porting this test "
            "case to TF 2.0, either adapt the test to work with eager execution or insert a call to "
            "tf.disable_eager_execution() in the main() function of this test file."
        )


def main(argv=None):
    """Runs the tests of the ``__main__`` module (``tf.test.main``; ``unittest.main``, which exits
    with the result's status)."""
    return unittest.main(argv=argv)
