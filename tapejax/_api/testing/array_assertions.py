"""``tf.test.TestCase``'s assertions on arrays: TF's tolerances, recursion and messages.

Values are compared as numpy arrays: Tensors and Variables through ``.numpy()``, anything else
through ``np.array``. ``assertAllClose`` and ``assertAllEqual`` walk nested dicts, namedtuples,
lists and tuples as TF's do, add TF's "not close where / lhs / rhs / dif / tol" lines and then
let numpy's ``assert_allclose`` / ``assert_array_equal`` raise, so a failure reads as in TF.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from ..._core.tensor import TensorLike

# numpy cannot mix these extension types with its own in allclose: compared in float32, as TF.
_CUSTOM_FLOATS = frozenset(
    {"bfloat16", "float8_e5m2", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e4m3b11fnuz", "float8_e5m2fnuz"}
)


def _where(condition) -> tuple:
    return np.atleast_1d(condition).nonzero()


def as_ndarray(a):
    """``a`` as a numpy array (TF's ``_GetNdArray``); ragged nested lists become object arrays."""
    if isinstance(a, TensorLike):
        a = a.numpy()
    if isinstance(a, np.ndarray):
        return a
    try:
        return np.array(a)
    except ValueError as e:
        if "inhomogeneous shape" in str(e):
            return np.array(a, dtype=object)
        raise


def _is_floating(dtype) -> bool:
    return np.issubdtype(dtype, np.floating) or dtype.name in _CUSTOM_FLOATS


class ArrayAssertions:
    """The array assertions of ``tf.test.TestCase`` (a mixin over ``unittest.TestCase``)."""

    def _GetNdArray(self, a):  # noqa: N802 - TF's name, which TF tests call
        return as_ndarray(a)

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):  # noqa: N802
        """Asserts two (nested) structures of arrays or Tensors have near values: elementwise
        ``|a - b| <= atol + rtol * |b|``, as ``numpy.allclose``; NaNs match NaNs.

        >>> import tapejax as tf
        >>> tf.test.TestCase().assertAllClose({"w": [1.0, 2.0]}, {"w": tf.constant([1.0, 2.0])})
        """
        self._assert_all_close(a, b, rtol, atol, [], msg or "")

    def _assert_all_close(self, a, b, rtol, atol, path, msg):
        where = "".join(f"[{p}]" for p in path)
        if hasattr(a, "_asdict"):
            a = a._asdict()
        if hasattr(b, "_asdict"):
            b = b._asdict()
        if isinstance(a, Mapping) != isinstance(b, Mapping):
            raise ValueError(f"Can't compare dict to non-dict, a{where} vs b{where}. {msg}")
        mismatch = f"Mismatched value: a{where} is different from b{where}. {msg}"
        if isinstance(a, Mapping):
            self.assertCountEqual(
                a.keys(),
                b.keys(),
                msg=f"mismatched keys: a{where} has keys {a.keys()}, but b{where} has keys {b.keys()}. {msg}",
            )
            for k in a:
                self._assert_all_close(a[k], b[k], rtol, atol, [*path, k], msg)
        elif isinstance(a, (list, tuple)):
            try:  # as one array first; element by element when that fails (ragged, nested dicts)
                self._assert_array_close(as_ndarray(a), as_ndarray(b), rtol, atol, mismatch)
            except (ValueError, TypeError, NotImplementedError):
                if len(a) != len(b):
                    raise ValueError(
                        f"Mismatched length: a{where} has {len(a)} items, but b{where} has {len(b)} items. {msg}"
                    ) from None
                for i, (a_i, b_i) in enumerate(zip(a, b, strict=True)):
                    self._assert_all_close(a_i, b_i, rtol, atol, [*path, str(i)], msg)
        else:
            try:
                self._assert_array_close(a, b, rtol, atol, mismatch)
            except TypeError as e:
                e.args = (f"{e.args[0]} : Error: a{where} has {type(a)}, but b{where} has {type(b)}. {msg}",)
                raise

    def _assert_array_close(self, a, b, rtol, atol, msg):
        a, b = as_ndarray(a), as_ndarray(b)
        contents = f" with contents {b}" if b.ndim <= 3 or b.size < 500 else ""
        self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got {b.shape}{contents}.")
        a_dtype = a.dtype
        a = a.astype(np.float32) if a.dtype.name in _CUSTOM_FLOATS else a
        b = b.astype(np.float32) if b.dtype.name in _CUSTOM_FLOATS else b
        if np.allclose(a, b, rtol=rtol, atol=atol):
            return
        far = np.logical_or(np.abs(a - b) > atol + rtol * np.abs(b), np.isnan(a) != np.isnan(b))
        lines = [msg]
        x, y = (a[_where(far)], b[_where(far)]) if a.ndim else (a, b)
        if a.ndim:
            lines.append(f"not close where = {_where(far)}")
        lines += [
            f"not close lhs = {x}",
            f"not close rhs = {y}",
            f"not close dif = {np.abs(x - y)}",
            f"not close tol = {atol + rtol * np.abs(y)}",
            f"dtype = {a_dtype}, shape = {a.shape}",
        ]
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg="\n".join(lines), equal_nan=True)

    def assertAllCloseAccordingToType(  # noqa: N802
        self,
        a,
        b,
        rtol=1e-6,
        atol=1e-6,
        float_rtol=1e-6,
        float_atol=1e-6,
        half_rtol=1e-3,
        half_atol=1e-3,
        bfloat16_rtol=1e-2,
        bfloat16_atol=1e-2,
        msg=None,
    ):
        """``assertAllClose`` with tolerances widened by dtype, as TF: at least ``float_*``
        (1e-6) when either side is float32/complex64, ``half_*`` (1e-3) for float16,
        ``bfloat16_*`` (1e-2) for bfloat16.

        >>> import tapejax as tf
        >>> tf.test.TestCase().assertAllCloseAccordingToType(tf.constant([1.0], tf.float16), [1.0009])
        """
        a, b = as_ndarray(a), as_ndarray(b)
        names = {a.dtype.name, b.dtype.name}
        for kinds, r, t in (
            ({"float32", "complex64"}, float_rtol, float_atol),
            ({"float16"}, half_rtol, half_atol),
            ({"bfloat16"}, bfloat16_rtol, bfloat16_atol),
        ):
            if names & kinds:
                rtol, atol = max(rtol, r), max(atol, t)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertNotAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):  # noqa: N802
        """Asserts ``a`` and ``b`` are not close at some element (``assertAllClose`` fails)."""
        try:
            self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)
        except AssertionError:
            return
        raise AssertionError(f"The two values are close at all elements. {msg or ''}")

    def assertAllEqual(self, a, b, msg=None):  # noqa: N802
        """Asserts two arrays or Tensors have the same shape and values (NaNs match NaNs).

        >>> import tapejax as tf
        >>> tf.test.TestCase().assertAllEqual([[1, 2]], tf.constant([[1, 2]]))
        """
        msg = msg or ""
        a, b = as_ndarray(a), as_ndarray(b)
        contents = f" Contents: {b!r}. \n{msg}." if b.ndim <= 3 or b.size < 500 else f" {msg}"
        self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got {b.shape}.{contents}")
        same = a == b
        if _is_floating(a.dtype):
            same = np.logical_or(same, np.logical_and(np.isnan(a), np.isnan(b)))
        if np.all(same):
            return
        lines = [msg]
        x, y = (a[_where(~same)], b[_where(~same)]) if a.ndim else (a, b)
        if a.ndim:
            lines.append(f"not equal where = {_where(~same)}")
        lines += [f"not equal lhs = {x!r}", f"not equal rhs = {y!r}"]
        np.testing.assert_array_equal(a, b, err_msg="\n".join(lines))

    def assertNotAllEqual(self, a, b, msg=None):  # noqa: N802
        """Asserts ``a`` and ``b`` differ somewhere (``assertAllEqual`` fails)."""
        try:
            self.assertAllEqual(a, b)
        except AssertionError:
            return
        raise AssertionError(f"The two values are equal at all elements. {msg or ''}")

    def assertAllGreater(self, a, comparison_target):  # noqa: N802
        """Asserts every element of ``a`` is greater than ``comparison_target``."""
        self.assertGreater(np.min(as_ndarray(a)), comparison_target)

    def assertAllLess(self, a, comparison_target):  # noqa: N802
        """Asserts every element of ``a`` is less than ``comparison_target``."""
        self.assertLess(np.max(as_ndarray(a)), comparison_target)

    def assertAllGreaterEqual(self, a, comparison_target):  # noqa: N802
        """Asserts every element of ``a`` is at least ``comparison_target``."""
        self.assertGreaterEqual(np.min(as_ndarray(a)), comparison_target)

    def assertAllLessEqual(self, a, comparison_target):  # noqa: N802
        """Asserts every element of ``a`` is at most ``comparison_target``."""
        self.assertLessEqual(np.max(as_ndarray(a)), comparison_target)

    def assertAllInRange(
        self, target, lower_bound, upper_bound, open_lower_bound=False, open_upper_bound=False
    ):  # noqa: N802
        """Asserts every element lies in ``[lower_bound, upper_bound]`` (open ends optional);
        NaNs and non-numeric dtypes fail, with TF's listing of the offending elements.

        >>> import tapejax as tf
        >>> tf.test.TestCase().assertAllInRange(tf.constant([0.0, 1.0]), 0.0, 1.0)
        """
        target = as_ndarray(target)
        if not (np.issubdtype(target.dtype, np.floating) or np.issubdtype(target.dtype, np.integer)):
            raise AssertionError(
                f"The value of {target} does not have an ordered numeric type, instead it has type: {target.dtype}"
            )
        nans = _where(np.isnan(target))
        if np.size(nans):
            raise AssertionError(
                f"{len(nans[0])} of the {np.size(target)} element(s) are NaN. "
                "Subscripts(s) and value(s) of the NaN element(s):\n" + "\n".join(_subscripts(nans, target))
            )
        low = np.less_equal(target, lower_bound) if open_lower_bound else np.less(target, lower_bound)
        high = np.greater_equal(target, upper_bound) if open_upper_bound else np.greater(target, upper_bound)
        outside = _where(np.logical_or(low, high))
        if np.size(outside):
            bounds = f"{'(' if open_lower_bound else '['}{lower_bound}, {upper_bound}{')' if open_upper_bound else ']'}"
            raise AssertionError(
                f"{len(outside[0])} of the {np.size(target)} element(s) are outside the range {bounds}. "
                "Subscript(s) and value(s) of the offending elements:\n"
                + "\n".join(_subscripts(outside, target))
            )

    def assertAllInSet(self, target, expected_set):  # noqa: N802
        """Asserts every element of ``target`` is in ``expected_set``."""
        extra = np.setdiff1d(as_ndarray(target).flatten(), list(expected_set))
        if np.size(extra):
            raise AssertionError(
                f"{np.size(extra)} unique element(s) are not in the set {expected_set}: {extra}"
            )

    def assertDTypeEqual(self, target, expected_dtype):  # noqa: N802
        """Asserts ``target``'s numpy dtype is ``expected_dtype``."""
        self.assertEqual(as_ndarray(target).dtype, expected_dtype)

    def assertNear(self, f1, f2, err, msg=None):  # noqa: N802
        """Asserts ``|f1 - f2| <= err`` for two floats (equal infinities pass)."""
        f1, f2 = np.squeeze(f1), np.squeeze(f2)
        if f1 != f2:
            diff = math.fabs(f1 - f2)
            note = f" ({msg})" if msg is not None else ""
            self.assertTrue(diff <= err, f"{f1:f} != {f2:f} +/- {err:f} (difference: {diff:g}){note}")

    def assertArrayNear(self, farray1, farray2, err, msg=None):  # noqa: N802
        """``assertNear`` element by element over two equally long sequences of floats."""
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2, strict=True):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    def assertNDArrayNear(self, ndarray1, ndarray2, err, msg=None):  # noqa: N802
        """Asserts the norm of ``ndarray1 - ndarray2`` is below ``err``."""
        self.assertTrue(np.linalg.norm(ndarray1 - ndarray2) < err, msg=msg)


def _subscripts(subscripts, value, limit=10, indent=2) -> list[str]:
    """TF's listing of offending elements: up to ``limit`` ``[i j] : value`` lines, then ``...``."""
    prefix = " " * indent
    if np.ndim(value) == 0:
        return [f"{prefix}[0] : {value}"]
    rows = np.transpose(subscripts)
    lines = [f"{prefix}{row} : {value[tuple(row)]}" for row in rows[:limit]]
    return lines + [prefix + "..."] if len(rows) > limit else lines
