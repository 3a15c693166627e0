"""``tf.test.compute_gradient``: TF 2.21's Jacobians (layout, dtypes, deltas, complex numbers,
unconnected and empty cases, messages), and a sweep of every public op against TF's numbers.

The expected values were computed with TF 2.21's ``tf.test.compute_gradient`` on the same
functions and inputs; the sweep's are in ``tests/data/gradient_sweep_tf221.json`` (written by
running ``tests/gradient_sweep_cases.py`` under TF: ``scripts/gradient_sweep_tf.py`` adds the
new cases' entries).
"""

from __future__ import annotations

import json
import pathlib
import types

import numpy as np
import pytest
from gradient_sweep_cases import CASES, EXCLUDED, NO_GRADIENT, NOT_OPS

import tapejax as tf
from tapejax._api.testing.gradient_checker import _check_empty

cg = tf.test.compute_gradient


def _check(result, theoretical, numerical, dtype, rtol=0.0):
    assert isinstance(result, tuple) and len(result) == 2
    for got, want in zip(result, (theoretical, numerical), strict=True):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            assert g.dtype == np.dtype(dtype), (g.dtype, dtype)
            np.testing.assert_allclose(g, np.array(w, dtype).reshape(g.shape), rtol=rtol, atol=0)
            assert g.shape == np.array(w).shape


def test_square_at_one():
    _check(cg(lambda x: x * x, [1.0]), [[[2.0]]], [[[2.0]]], np.float32)


def test_a_tf_function():
    _check(cg(tf.function(lambda x: x * x), [1.0]), [[[2.0]]], [[[2.0]]], np.float32)


def test_two_arguments_float64():
    x, y = np.array([1.5, -2.0]), np.array([0.25, 3.0])
    want = [[[0.25, 0.0], [0.0, 3.0]], [[1.5, 0.0], [0.0, -2.0]]]
    _check(cg(lambda a, b: a * b, [x, y]), want, want, np.float64)


def test_layout_rows_are_outputs_columns_are_inputs():
    a = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    b = np.array([[0.5], [-1.0]], np.float32)
    want = [[[0.5, -1.0, 0.0, 0.0], [0.0, 0.0, 0.5, -1.0]], [[1.0, 2.0], [3.0, 4.0]]]
    _check(cg(tf.matmul, [a, b]), want, want, np.float32)


def test_float32_differences_are_taken_in_float32():
    theoretical = [[[1.3498588800430298, 0.0], [0.0, 0.3011941909790039]]]
    numerical = [[[1.349853515625, 0.0], [0.0, 0.3011932373046875]]]
    # XLA's float32 exp and TF's (Eigen's) differ in the last bit at 0.3
    _check(cg(tf.exp, [np.array([0.3, -1.2], np.float32)]), theoretical, numerical, np.float32, rtol=2e-7)


def test_complex_numbers_count_as_two_reals():
    want = [[[2.0, -4.0], [4.0, 2.0]]]
    _check(cg(lambda z: z * z, [tf.constant([1 + 2j], tf.complex64)]), want, want, np.float32)
    want = [[[2.0, -4.0]]]
    _check(cg(lambda z: tf.math.real(z * z), [tf.constant([1 + 2j], tf.complex128)]), want, want, np.float64)
    want = [[[1.0], [2.0]]]
    _check(cg(lambda x: tf.complex(x, 2.0 * x), [np.array([0.5])]), want, want, np.float64)


def test_half_precision_perturbs_in_its_own_dtype():
    theoretical = [[[0.87744140625, 0.0], [0.0, 0.54052734375]]]
    numerical = [[[0.875, 0.0], [0.0, 0.5]]]
    _check(cg(tf.sin, [np.array([0.5, 1.0], np.float16)]), theoretical, numerical, np.float16)
    # 1.5 + 1/1024 rounds to 1.5 in bfloat16: TF's numerical Jacobian is 0 there.
    result = cg(lambda x: x * x, [tf.constant([1.5], tf.bfloat16)])
    _check(result, [[[3.0]]], [[[0.0]]], tf.bfloat16.as_numpy_dtype)


def test_unconnected_argument_gives_zeros():
    want = [[[2.0, 0.0], [0.0, 2.0]], [[0.0], [0.0]]]
    _check(cg(lambda x, y: x * 2.0, [np.array([1.0, 2.0]), np.array([3.0])]), want, want, np.float64)


def test_empty_result():
    want = [np.zeros((0, 3))]
    _check(cg(lambda x: x[:0], [np.array([1.0, 2.0, 3.0])]), want, want, np.float64)
    # TF fails on the None gradient here (AttributeError); an empty Jacobian is the answer.
    _check(cg(lambda x: tf.zeros([0], tf.float64), [np.array([1.0, 2.0, 3.0])]), want, want, np.float64)


def test_custom_gradient_is_checked_against_differences():
    @tf.custom_gradient
    def wrong(x):
        return x * x, lambda dy: dy * 3.0 * x  # should be 2x

    _check(cg(wrong, [np.array([2.0])]), [[[6.0]]], [[[4.0]]], np.float64)


def test_delta_identity_and_scalar_result():
    _check(cg(lambda x: x**3, [np.array([2.0])], delta=0.1), [[[12.0]]], [[[12.010000000000009]]], np.float64)
    want = [[[1.0, 0.0], [0.0, 1.0]]]
    _check(cg(lambda x: x, [np.array([2.0, 3.0])]), want, want, np.float64)
    want = [[[1.0, 1.0]]]
    _check(cg(tf.reduce_sum, [np.array([[2.0, 3.0]])]), want, want, np.float64)


def test_result_dtype_other_than_argument():
    _check(
        cg(lambda x: tf.cast(x, tf.float64) * 2.0, [np.array([0.3], np.float32)]),
        [[[2.0]]],
        [[[2.0]]],
        np.float32,
    )


def test_no_arguments():
    assert cg(lambda: tf.constant(1.0), []) == ()


@pytest.mark.parametrize("x", [1.0, np.array([1.0]), tf.constant([1.0])])
def test_x_must_be_a_list_or_tuple(x):
    message = (
        f"`x` must be a list or tuple of values convertible to a Tensor (arguments to `f`), not a {type(x)}"
    )
    with pytest.raises(ValueError) as info:
        cg(lambda v: v, x)
    assert str(info.value) == message


def test_integer_arguments_and_results_are_refused():
    with pytest.raises(
        AssertionError, match="^Cannot compute gradient for unsupported type int32 of argument 0$"
    ):
        cg(lambda x: x * 2, [1])
    with pytest.raises(AssertionError, match="^Cannot compute gradient for unsupported type int32 of y$"):
        cg(lambda x: tf.cast(x, tf.int32), [1.0])


def test_an_empty_result_needs_zero_gradients_of_the_arguments_shape():
    @tf.custom_gradient
    def nonzero(x):
        return x[:0], lambda dy: tf.ones_like(x)

    with pytest.raises(ValueError, match="^Empty tensor with nonzero gradients$"):
        cg(nonzero, [np.array([1.0, 2.0, 3.0])])
    # The tape gives every gradient its source's shape (a custom gradient of another shape is
    # refused, or broadcast), so TF's shape check is reached by the helper alone.
    with pytest.raises(ValueError, match=r"^Empty gradient has wrong shape: expected \(3,\), got \(5,\)$"):
        _check_empty(tf.zeros([5], tf.float64), tf.zeros([3], tf.float64))


# -- the sweep -----------------------------------------------------------------------------
TF_JACOBIANS = json.loads((pathlib.Path(__file__).parent / "data" / "gradient_sweep_tf221.json").read_text())

# TF computes these in float32 for a float64 image (convert_image_dtype, then back), tapejax in
# float64: the values differ in float32's last digits, so finite differences do too. The last
# two are float32 cases (TF has no float64 kernel), where XLA's float32 arithmetic and TF's
# differ in the last bits; CTC loss's float32 finite differences are about 1e-4 from its
# gradient (TF's and tapejax's), so these are held to 1e-3 there too.
FLOAT32_INSIDE = {
    "image.per_image_standardization",
    "image.rgb_to_grayscale",
    "nn.ctc_loss",
    "nn.local_response_normalization",
}


def _op(path: str):
    value = tf
    for part in path.split("."):
        value = getattr(value, part)
    return value


@pytest.mark.parametrize("name", sorted(CASES))
def test_sweep(name):
    inputs, call = CASES[name]
    op = _op(name)
    theoretical, numerical = cg(op if call is None else (lambda *xs: call(op, *xs)), list(inputs))
    want = TF_JACOBIANS[name]
    for t, n, tf_t, tf_n, dtype in zip(
        theoretical, numerical, want["theoretical"], want["numerical"], want["dtypes"], strict=True
    ):
        assert t.dtype == n.dtype == np.dtype(dtype)
        np.testing.assert_allclose(t, np.array(tf_t, dtype).reshape(t.shape), rtol=1e-6, atol=1e-7)
        close, rough = (1e-3, 1e-3) if name in FLOAT32_INSIDE else (1e-6, 1e-4)
        np.testing.assert_allclose(n, np.array(tf_n, dtype).reshape(n.shape), rtol=close, atol=close)
        np.testing.assert_allclose(t, n, rtol=1e-4, atol=rough)


def test_the_sweep_covers_every_public_op():
    """Each public function of tf, tf.math, tf.nn, tf.linalg and tf.image is swept, or listed
    with the reason it is not; a new op must be added to ``gradient_sweep_cases.py``."""
    listed = {id(_op(p)) for group in (CASES, NO_GRADIENT, NOT_OPS, EXCLUDED) for p in group}
    missing = set()
    for namespace in ("", "math", "nn", "linalg", "image"):
        module = _op(namespace) if namespace else tf
        for name in dir(module):
            value = getattr(module, name)
            if name.startswith("_") or isinstance(value, (type, types.ModuleType)) or not callable(value):
                continue
            if id(value) not in listed:
                missing.add(f"{namespace}.{name}".lstrip("."))
    assert not missing, sorted(missing)
    assert len(CASES) >= 180
