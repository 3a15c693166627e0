"""``tapejax.math``: elementwise ops, operators, reductions, scans and sorting.

Expected values, dtypes and messages were observed with TensorFlow 2.21 (CPU). Gradients are
checked against ``jax.grad`` of the same jnp function and central finite differences; several
ops share one tape (each op has its own source), so one derivative compile covers them.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np
import pytest
from helpers import check_gradient
from op_checks import check_many

import tapejax as tf
from tapejax.errors import InvalidArgumentError

NOT_ALLOWED = "Value for attr 'T' of {} is not in the list of allowed values"


# -- elementwise, one input ---------------------------------------------------------------------
UNARY = [
    ("sin", np.sin),
    ("cos", np.cos),
    ("tan", np.tan),
    ("exp", np.exp),
    ("log", np.log),
    ("log1p", np.log1p),
    ("expm1", np.expm1),
    ("tanh", np.tanh),
    ("sqrt", np.sqrt),
    ("rsqrt", lambda v: 1 / np.sqrt(v)),
    ("square", np.square),
    ("abs", np.abs),
    ("sign", np.sign),
    ("reciprocal", np.reciprocal),
    ("sinh", np.sinh),
    ("cosh", np.cosh),
    ("asin", np.arcsin),
    ("acos", np.arccos),
    ("atan", np.arctan),
    ("asinh", np.arcsinh),
    ("atanh", np.arctanh),
    ("sigmoid", lambda v: 1 / (1 + np.exp(-v))),
    ("softplus", lambda v: np.log1p(np.exp(v))),
    ("erf", jss.erf),
    ("erfc", jss.erfc),
    ("lgamma", jss.gammaln),
    ("digamma", jss.digamma),
    ("erfinv", jss.erfinv),
    ("log_sigmoid", jax.nn.log_sigmoid),
    ("softsign", jax.nn.soft_sign),
    ("negative", np.negative),
    ("bessel_i0e", jss.i0e),
    ("bessel_i1e", jss.i1e),
]
X = np.array([0.25, 0.5, 0.75], np.float32)


@pytest.mark.parametrize(("name", "ref"), UNARY, ids=[u[0] for u in UNARY])
def test_unary_values_and_dtype(name, ref):
    y = getattr(tf.math, name)(X)
    assert y.dtype == tf.float32 and y.shape == (3,)
    np.testing.assert_allclose(y.numpy(), np.asarray(ref(X.astype(np.float64))), rtol=2e-6, atol=1e-7)


def test_unary_gradients_match_jax():
    smooth = [
        (getattr(tf.math, n), getattr(jnp, j))
        for n, j in [
            ("sin", "sin"),
            ("cos", "cos"),
            ("tan", "tan"),
            ("exp", "exp"),
            ("log", "log"),
            ("log1p", "log1p"),
            ("expm1", "expm1"),
            ("tanh", "tanh"),
            ("sqrt", "sqrt"),
            ("square", "square"),
            ("reciprocal", "reciprocal"),
            ("sinh", "sinh"),
            ("cosh", "cosh"),
            ("asin", "arcsin"),
            ("acos", "arccos"),
            ("atan", "arctan"),
            ("asinh", "arcsinh"),
            ("atanh", "arctanh"),
            ("abs", "abs"),
            ("negative", "negative"),
        ]
    ]
    smooth += [
        (tf.math.rsqrt, jax.lax.rsqrt),
        (tf.sigmoid, jax.nn.sigmoid),
        (tf.math.softplus, jax.nn.softplus),
        (tf.math.erf, jss.erf),
        (tf.math.lgamma, jss.gammaln),
        (tf.math.log_sigmoid, jax.nn.log_sigmoid),
        (tf.math.softsign, jax.nn.soft_sign),
        (tf.math.erfinv, jss.erfinv),
    ]
    check_many(smooth, [0.25, 0.5, 0.75])


@pytest.mark.parametrize("name", ["sqrt", "exp", "log", "sin", "tanh", "sigmoid", "reciprocal", "rsqrt"])
def test_transcendental_ops_refuse_integers(name):
    with pytest.raises(InvalidArgumentError, match=NOT_ALLOWED.format("int32")):
        getattr(tf.math, name)(tf.constant([1, 2]))


@pytest.mark.parametrize(
    ("name", "dtype"),
    [
        ("floor", "int32"),
        ("ceil", "int32"),
        ("is_nan", "int32"),
        ("abs", "bool"),
        ("square", "bool"),
        ("negative", "uint8"),
    ],
)
def test_dtype_sets_follow_tf_kernels(name, dtype):
    x = tf.constant([True]) if dtype == "bool" else tf.constant([1], dtype)
    with pytest.raises(InvalidArgumentError, match=NOT_ALLOWED.format(dtype)):
        getattr(tf.math, name)(x)


def test_integer_unary_ops_keep_integers():
    assert (
        repr(tf.abs(tf.constant([-1, 2])))
        == "<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>"
    )
    assert tf.sign(tf.constant([-3, 0, 2])).numpy().tolist() == [-1, 0, 1]
    assert tf.square(tf.constant([3], tf.uint8)).numpy().tolist() == [9]
    assert tf.math.round(tf.constant([1, 2])).dtype == tf.int32  # integers pass unchanged


def test_round_is_half_to_even_and_floor_ceil():
    assert tf.round([0.5, 1.5, 2.5, -0.5, -1.5]).numpy().tolist() == [0.0, 2.0, 2.0, -0.0, -2.0]
    assert tf.math.rint([0.5, 1.5, -2.5, 2.7]).numpy().tolist() == [0.0, 2.0, -2.0, 3.0]
    assert tf.floor([-1.5, 1.5]).numpy().tolist() == [-2.0, 1.0]
    assert tf.math.ceil([-1.5, 1.5]).numpy().tolist() == [-1.0, 2.0]


def test_python_scalars_become_float32_tensors():
    assert tf.sin(2.0).dtype == tf.float32
    assert tf.math.exp(tf.constant([1.0], tf.float64)).dtype == tf.float64
    with pytest.raises(InvalidArgumentError, match=NOT_ALLOWED.format("int32")):
        tf.sin(2)


def test_is_nan_family_and_masking_gradient():
    x = tf.constant([np.nan, np.inf, 1.0])
    assert tf.math.is_nan(x).numpy().tolist() == [True, False, False]
    assert tf.math.is_inf(x).numpy().tolist() == [False, True, False]
    assert tf.math.is_finite(x).numpy().tolist() == [False, False, True]
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.where(tf.math.is_nan(x), 0.0, x)
    assert tape.gradient(y, x).numpy().tolist() == [0.0, 1.0, 1.0]


# -- operators and two-input ops ---------------------------------------------------------------
def test_floor_division_and_modulo_follow_python_signs():
    i = tf.constant([7, -7])
    assert (i // 2).numpy().tolist() == [3, -4] and (i % 2).numpy().tolist() == [1, 1]
    assert (i // -2).numpy().tolist() == [-4, 3] and (i % -2).numpy().tolist() == [-1, -1]
    assert (7 // tf.constant([2, -2])).numpy().tolist() == [3, -4]
    assert (7 % tf.constant([2, -2])).numpy().tolist() == [1, -1]
    f = tf.constant([-7.5, 7.5])
    assert (f // 2).numpy().tolist() == [-4.0, 3.0] and (f % 2).numpy().tolist() == [0.5, 1.5]
    assert (f % -2).numpy().tolist() == [-1.5, -0.5]
    assert (tf.constant([-7.5, 7.5]) // 0).numpy().tolist() == [-np.inf, np.inf]


@pytest.mark.parametrize("op", ["//", "%"])
def test_integer_division_by_zero_raises(op):
    name = {"//": "FloorDiv", "%": "FloorMod"}[op]
    with pytest.raises(InvalidArgumentError, match=rf"Integer division by zero \[Op:{name}\]"):
        eval(f"tf.constant([1]) {op} 0")


def test_true_division_dtypes():
    assert (tf.constant(7) / 2).dtype == tf.float64
    assert (tf.constant([7], tf.int16) / 2).dtype == tf.float32
    assert (tf.constant([7], tf.uint8) / 2).numpy().tolist() == [3.5]
    assert (tf.constant(1) / 0).numpy() == np.inf
    assert tf.divide(1, 2).numpy() == 0.5
    assert (tf.constant([1.5, -2.0]) / 0).numpy().tolist() == [np.inf, -np.inf]


def test_true_division_errors():
    with pytest.raises(TypeError, match=r"`x` and `y` must have the same dtype, got tf.int32 != tf.float32"):
        tf.constant(1) / 1.5
    with pytest.raises(
        TypeError, match=r"`x` and `y` must have the same dtype, got tf.float32 != tf.float64"
    ):
        tf.constant(1.0) / tf.constant(np.float64(2.0))
    with pytest.raises(TypeError, match=r"Invalid dtype tf.bool in __truediv__"):
        tf.constant(True) / tf.constant(True)


def test_pow():
    assert (tf.constant([2, 3]) ** 2).numpy().tolist() == [4, 9]
    assert (2 ** tf.constant([3, 4])).numpy().tolist() == [8, 16]
    assert tf.pow(tf.constant(0), 0).numpy() == 1
    assert tf.pow(2.0, 3.0).dtype == tf.float32
    with pytest.raises(InvalidArgumentError, match="Integers to negative integer powers are not allowed"):
        tf.constant(2) ** -1


def test_operand_conversion_rules():
    f = tf.constant([1.5, -2.0])
    assert (f * 2).dtype == tf.float32 and (2 * f).dtype == tf.float32
    assert (f + np.float64(1.5)).dtype == tf.float32  # numpy takes the tensor's dtype
    assert (np.array([1.0, 2.0]) * f).dtype == tf.float32
    assert (f + [1, 2]).numpy().tolist() == [2.5, 0.0]
    assert tf.add(np.float64(1), 2).dtype == tf.float64  # two plain values: the first decides
    assert tf.multiply(2.0, 3).numpy() == 6.0
    assert (tf.constant([1], tf.uint8) + -1).numpy().tolist() == [0]  # wraps, as TF
    assert (tf.constant([1], tf.int8) + 200).numpy().tolist() == [-55]


def test_mixed_dtypes_raise_like_tf():
    with pytest.raises(
        InvalidArgumentError,
        match=r"cannot compute AddV2 as input #1\(zero-based\) was expected "
        r"to be a float tensor but is a double tensor \[Op:AddV2\]",
    ):
        tf.constant(1.0) + tf.constant(np.float64(1.0))
    with pytest.raises(InvalidArgumentError, match="expected to be a int32 tensor but is a float tensor"):
        tf.constant(1) + 1.5  # AddV2 converts leniently, then finds the dtypes differ
    with pytest.raises(InvalidArgumentError, match="cannot compute Mul as input #1"):
        tf.constant(1.0) * tf.constant(1)
    for expr in [
        "tf.constant(1) * 1.5",
        "1.5 + tf.constant(1)",
        "tf.constant(1) < 1.5",
        "tf.maximum(1, 2.5)",
    ]:
        with pytest.raises(
            TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32|Cannot convert 2.5"
        ):
            eval(expr)


def test_broadcasting_and_its_error():
    assert (tf.constant([[1.0], [2.0]]) + tf.constant([1.0, 2.0, 3.0])).shape == (2, 3)
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[3\] \[Op:AddV2\]"):
        tf.constant([1.0, 2.0]) + tf.constant([1.0, 2.0, 3.0])


def test_bool_tensors_have_no_arithmetic():
    with pytest.raises(InvalidArgumentError, match=NOT_ALLOWED.format("bool")):
        tf.constant(True) + tf.constant(False)
    with pytest.raises(InvalidArgumentError, match=NOT_ALLOWED.format("bool")):
        tf.less(tf.constant(True), tf.constant(False))


def test_logical_and_bitwise_operators():
    t, f = tf.constant([True, False]), tf.constant([True, True])
    assert (t & f).numpy().tolist() == [True, False] and (t ^ True).numpy().tolist() == [False, True]
    assert (True & t).numpy().tolist() == [True, False] and (~t).numpy().tolist() == [False, True]
    i = tf.constant([1, 2])
    assert (i & tf.constant([3, 3])).numpy().tolist() == [1, 2] and (i | 4).numpy().tolist() == [5, 6]
    assert (~i).numpy().tolist() == [-2, -3]
    assert tf.math.logical_xor(t, f).numpy().tolist() == [False, True]
    with pytest.raises(InvalidArgumentError, match=NOT_ALLOWED.format("float")):
        tf.constant([1.0]) & tf.constant([1.0])
    with pytest.raises(
        InvalidArgumentError, match="cannot compute LogicalNot as input #0.*bool tensor but is a int32"
    ):
        tf.logical_not(tf.constant(1))
    with pytest.raises(TypeError, match="Cannot convert 2 to EagerTensor of dtype bool"):
        tf.logical_not(2)


def test_comparisons():
    x = tf.constant([1.5, -2.0])
    assert (x < 0).numpy().tolist() == [False, True] and (x >= -2).numpy().tolist() == [True, True]
    assert tf.equal(x, 1.5).numpy().tolist() == [True, False]
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[3\]"):
        tf.equal(tf.constant([1, 2]), tf.constant([1, 2, 3]))


def test_binary_values():
    np.testing.assert_allclose(tf.math.squared_difference([1.0, 2.0], 3.0), [4.0, 1.0])
    np.testing.assert_allclose(tf.math.atan2([1.0, 0.0], [1.0, -1.0]), [np.pi / 4, np.pi], rtol=1e-6)
    assert tf.math.xlogy([0.0, 2.0], [0.0, 1.0]).numpy().tolist() == [0.0, 0.0]
    assert tf.math.xdivy([0.0, 2.0], [0.0, 4.0]).numpy().tolist() == [0.0, 0.5]
    assert tf.math.divide_no_nan([1.0, 2.0], [0.0, 4.0]).numpy().tolist() == [0.0, 0.5]
    assert tf.math.multiply_no_nan([np.inf, 2.0], [0.0, 4.0]).numpy().tolist() == [0.0, 8.0]
    assert tf.math.reciprocal_no_nan([0.0, 2.0]).numpy().tolist() == [0.0, 0.5]
    assert tf.truncatediv(tf.constant([-7, 7]), 2).numpy().tolist() == [-3, 3]
    assert tf.truncatemod(tf.constant([-7, 7]), 2).numpy().tolist() == [-1, 1]
    assert tf.scalar_mul(2.0, tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]
    assert tf.add_n([tf.constant(1.0), 2.0, tf.constant(3.0)]).numpy() == 6.0


def test_binary_gradients_match_jax():
    x, y = [0.5, 1.5, 2.0], [1.25, 0.7, 3.0]
    check_many(
        [
            (tf.add, jnp.add),
            (tf.subtract, jnp.subtract),
            (tf.multiply, jnp.multiply),
            (tf.divide, jnp.divide),
            (tf.pow, jnp.power),
            (tf.math.squared_difference, lambda a, b: (a - b) ** 2),
            (tf.math.atan2, jnp.arctan2),
            (tf.math.xlogy, jss.xlogy),
            (tf.math.floormod, jnp.mod),
            (tf.math.divide_no_nan, jnp.divide),
            (tf.maximum, jnp.maximum),
            (tf.minimum, jnp.minimum),
        ],
        x,
        y,
    )


def test_floordiv_has_no_gradient_and_add_n_sums():
    a, b = tf.constant([7.5]), tf.constant([2.0])
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = tf.math.floordiv(a, b) + tf.add_n([a, b, a])
    ga, gb = tape.gradient(y, [a, b])
    assert ga.numpy().tolist() == [2.0] and gb.numpy().tolist() == [1.0]


def test_add_n_errors():
    with pytest.raises(ValueError, match="Inputs must be an iterable of at least one Tensor"):
        tf.add_n([])
    with pytest.raises(InvalidArgumentError, match="cannot compute AddN as input #1"):
        tf.add_n([tf.constant(1.0), tf.constant(1)])
    with pytest.raises(InvalidArgumentError, match=r"Input 0: \[1\] != input 1: \[2\]"):
        tf.add_n([tf.constant([1.0]), tf.constant([1.0, 2.0])])


def test_complex_parts():
    z = tf.constant([1 + 2j])
    assert tf.math.real(z).numpy().tolist() == [1.0] and tf.math.imag(z).numpy().tolist() == [2.0]
    assert tf.math.conj(z).numpy().tolist() == [1 - 2j]
    np.testing.assert_allclose(tf.math.angle(tf.constant([1j, -1.0])), [np.pi / 2, np.pi])
    assert tf.complex(1.0, 2.0).dtype == tf.complex64
    assert tf.complex(tf.constant([1.0], tf.float64), tf.constant([2.0], tf.float64)).dtype == tf.complex128
    x = tf.constant([3.0])
    assert tf.math.real(x) is x
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.imag(x) + tf.abs(tf.complex(x, 4.0))
    np.testing.assert_allclose(tape.gradient(y, x), [0.6])
    with pytest.raises(TypeError, match="input must be a numeric tensor"):
        tf.math.real(tf.constant([True]))


# -- reductions --------------------------------------------------------------------------------
M = np.array([[1.0, -2.0, 3.0], [3.0, 0.5, -1.0]], np.float32)


@pytest.mark.parametrize(
    ("name", "ref"),
    [
        ("reduce_sum", np.sum),
        ("reduce_mean", np.mean),
        ("reduce_max", np.max),
        ("reduce_min", np.min),
        ("reduce_prod", np.prod),
        ("reduce_std", np.std),
        ("reduce_variance", np.var),
        (
            "reduce_logsumexp",
            lambda v, axis=None, keepdims=False: jss.logsumexp(v, axis=axis, keepdims=keepdims),
        ),
        (
            "reduce_euclidean_norm",
            lambda v, axis=None, keepdims=False: np.sqrt(np.sum(v * v, axis=axis, keepdims=keepdims)),
        ),
    ],
)
def test_reductions(name, ref):
    fn = getattr(tf.math, name)
    np.testing.assert_allclose(fn(M), ref(M), rtol=1e-6)
    out = fn(M, axis=-1, keepdims=True)
    assert out.shape == (2, 1) and out.dtype == tf.float32
    np.testing.assert_allclose(out, ref(M, axis=-1, keepdims=True), rtol=1e-6)
    with pytest.raises(
        InvalidArgumentError, match=r"Invalid reduction dimension \(2 for input with 2 dimension\(s\)"
    ):
        fn(M, axis=2)


def test_axis_forms():
    np.testing.assert_allclose(tf.reduce_sum(M, axis=0), M.sum(axis=0))
    np.testing.assert_allclose(tf.reduce_sum(M, axis=[0, 1]), M.sum())
    np.testing.assert_allclose(tf.reduce_max(M, axis=tf.constant(1)), M.max(axis=1))
    np.testing.assert_allclose(tf.reduce_mean(M, axis=(-2,)), M.mean(axis=0))
    assert tf.reduce_sum(M, axis=[]).shape == (2, 3)


def test_integer_reductions_keep_their_dtype():
    assert tf.reduce_mean(tf.constant([1, 2])).numpy() == 1  # TF: integer result
    assert tf.reduce_mean(tf.constant([-1, -2])).numpy() == -1  # truncated toward zero
    assert tf.reduce_mean(tf.constant([255, 255], tf.uint8)).numpy() == 255
    assert tf.reduce_sum(tf.constant([255, 255], tf.uint8)).numpy() == 254  # wraps, as TF
    assert tf.math.reduce_euclidean_norm(tf.constant([[1, -2, 3], [3, 5, -1]]), axis=1).numpy().tolist() == [
        3,
        5,
    ]
    assert tf.reduce_max(tf.constant([[1, -2], [3, 5]]), axis=1).dtype == tf.int32


def test_empty_reductions():
    assert tf.reduce_max(tf.zeros((0, 3)), axis=0).numpy().tolist() == [-np.inf] * 3
    assert tf.reduce_min(tf.zeros((0,))).numpy() == np.inf
    assert tf.reduce_sum(tf.zeros((0,))).numpy() == 0.0
    assert tf.reduce_logsumexp(tf.zeros((0,))).numpy() == -np.inf


def test_reduction_dtype_errors():
    with pytest.raises(InvalidArgumentError, match=NOT_ALLOWED.format("bool")):
        tf.reduce_sum(tf.constant([True]))
    with pytest.raises(InvalidArgumentError, match=NOT_ALLOWED.format("complex128")):
        tf.reduce_max(tf.constant([1 + 1j]))
    with pytest.raises(
        InvalidArgumentError,
        match=r"cannot compute Any as input #0\(zero-based\) was expected to be "
        "a bool tensor but is a float tensor",
    ):
        tf.reduce_any(tf.constant([1.0]))
    with pytest.raises(TypeError, match="Cannot convert 3.0 to EagerTensor of dtype bool"):
        tf.reduce_all(3.0)
    with pytest.raises(TypeError, match="Input must be either real or complex. Received integer type"):
        tf.math.reduce_std(tf.constant([1, 2]))
    assert tf.reduce_any([[True, False], [False, False]], axis=1).numpy().tolist() == [True, False]
    assert tf.reduce_all([True, False]).numpy().tolist() is False


def test_reduction_gradients_match_jax():
    x = [[1.0, 3.0, 2.5], [0.5, 2.0, -1.0]]
    check_many(
        [
            (lambda v: tf.reduce_sum(v, axis=1), lambda v: jnp.sum(v, axis=1)),
            (lambda v: tf.reduce_mean(v, axis=0), lambda v: jnp.mean(v, axis=0)),
            (tf.reduce_prod, jnp.prod),
            (lambda v: tf.reduce_max(v, axis=1), lambda v: jnp.max(v, axis=1)),
            (tf.reduce_min, jnp.min),
            (lambda v: tf.reduce_logsumexp(v, axis=1), lambda v: jss.logsumexp(v, axis=1)),
            (tf.math.reduce_std, jnp.std),
            (lambda v: tf.math.reduce_variance(v, axis=0), lambda v: jnp.var(v, axis=0)),
            (tf.math.reduce_euclidean_norm, jnp.linalg.norm),
        ],
        x,
    )


def test_reduction_gradients_at_special_points():
    x = tf.constant([0.0, 2.0, 3.0])
    y = tf.constant([-np.inf, 1.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, y])
        prod, lse = tf.reduce_prod(x), tf.reduce_logsumexp(y)
    assert tape.gradient(prod, x).numpy().tolist() == [6.0, 0.0, 0.0]
    assert tape.gradient(lse, y).numpy().tolist() == [0.0, 1.0]


# -- arg-reductions, scans, counting -----------------------------------------------------------
def test_argmax_argmin():
    assert tf.argmax(M).numpy().tolist() == [1, 1, 0] and tf.argmax(M).dtype == tf.int64
    assert tf.argmin(M, axis=1).numpy().tolist() == [1, 2]
    assert tf.argmax(tf.constant([1, 3, 3])).numpy() == 1  # first of ties
    assert tf.argmax(M, output_type=tf.int32).dtype == tf.int32
    with pytest.raises(InvalidArgumentError, match=r"Expected dimension in the range \[0, 0\), but got 0"):
        tf.argmax(tf.constant(1.0))
    with pytest.raises(InvalidArgumentError, match="Invalid reduction dimension"):
        tf.argmax(M, axis=3)


def test_cumulative_ops():
    m = tf.constant(M)
    np.testing.assert_allclose(tf.cumsum(m), np.cumsum(M, axis=0))
    assert tf.cumsum(m, axis=1, exclusive=True).numpy().tolist()[0] == [0.0, 1.0, -1.0]
    assert tf.cumsum(m, axis=1, reverse=True).numpy().tolist()[0] == [2.0, 1.0, 3.0]
    assert tf.cumsum(m, axis=1, exclusive=True, reverse=True).numpy().tolist()[0] == [1.0, 3.0, 0.0]
    assert tf.math.cumprod(m, axis=1, exclusive=True, reverse=True).numpy().tolist()[0] == [-6.0, 3.0, 1.0]
    np.testing.assert_allclose(
        tf.math.cumulative_logsumexp(m, axis=1)[0], np.logaddexp.accumulate(M[0]), rtol=1e-6
    )
    assert tf.cumsum(tf.constant([1, 2])).dtype == tf.int32
    with pytest.raises(InvalidArgumentError, match=NOT_ALLOWED.format("bool")):
        tf.cumsum(tf.constant([True]))


def test_scan_gradients_match_jax():
    x = [[1.5, -2.0, 3.0], [0.5, 1.0, 2.0]]
    check_many(
        [
            (
                lambda v: tf.cumsum(v, axis=1, exclusive=True) ** 2,
                lambda v: jnp.pad(jnp.cumsum(v, axis=1), ((0, 0), (1, 0)))[:, :-1] ** 2,
            ),
            (
                lambda v: tf.cumsum(v, axis=0, reverse=True) * v,
                lambda v: jnp.cumsum(v[::-1], axis=0)[::-1] * v,
            ),
            (lambda v: tf.math.cumprod(v, axis=1), lambda v: jnp.cumprod(v, axis=1)),
            (lambda v: tf.math.cumulative_logsumexp(v, axis=1), lambda v: jax.lax.cumlogsumexp(v, axis=1)),
        ],
        x,
    )


def test_count_nonzero():
    assert repr(tf.math.count_nonzero([[0, 1], [2, 0]])) == "<tf.Tensor: shape=(), dtype=int64, numpy=2>"
    assert tf.math.count_nonzero([[0.0, 1.0], [2.0, 0.0]], axis=1, keepdims=True).shape == (2, 1)
    assert tf.math.count_nonzero([True, False], dtype=tf.int32).numpy() == 1


# -- ordering -------------------------------------------------------------------------------------
S = tf.constant([[3.0, 1.0, 2.0], [1.0, 1.0, 0.0]])


def test_sort_and_argsort():
    assert tf.sort(S).numpy().tolist() == [[1.0, 2.0, 3.0], [0.0, 1.0, 1.0]]
    assert tf.sort(S, direction="DESCENDING").numpy().tolist()[0] == [3.0, 2.0, 1.0]
    assert tf.argsort(S).numpy().tolist() == [[1, 2, 0], [2, 0, 1]]  # ties keep their order
    assert tf.argsort(tf.constant([1, 3, 3, 0]), direction="DESCENDING").numpy().tolist() == [1, 2, 0, 3]
    assert tf.argsort(S).dtype == tf.int32
    with pytest.raises(ValueError, match="Unknown direction 'UP'"):
        tf.sort(S, direction="UP")


def test_sort_gradient_follows_values():
    check_gradient(
        lambda v: tf.sort(v, direction="DESCENDING") * tf.constant([1.0, 2.0, 3.0], tf.float64),
        lambda v: -jnp.sort(-v) * jnp.asarray([1.0, 2.0, 3.0]),
        [3.0, 1.0, 2.0],
    )


def test_top_k_and_in_top_k():
    values, indices = tf.math.top_k(S, k=2)
    assert values.numpy().tolist() == [[3.0, 2.0], [1.0, 1.0]] and indices.numpy().tolist() == [
        [0, 2],
        [0, 1],
    ]
    assert type(tf.math.top_k(S, k=1)).__name__ == "TopKV2" and tf.nn.top_k(S, 1).indices.dtype == tf.int32
    with pytest.raises(InvalidArgumentError, match="input must have at least k columns. Had 3, needed 4"):
        tf.math.top_k(S, k=4)
    check_gradient(
        lambda v: tf.math.top_k(v, k=2).values * tf.constant([1.0, 2.0], tf.float64),
        lambda v: jax.lax.top_k(v, 2)[0] * jnp.asarray([1.0, 2.0]),
        [1.0, 3.0, 2.0],
    )
    hits = tf.math.in_top_k(tf.constant([0, 1]), tf.constant([[0.1, 0.9, 0.0], [0.5, 0.5, 0.2]]), 1)
    assert hits.numpy().tolist() == [False, True]  # a tie at the boundary counts as in


def test_unique_and_searchsorted():
    y, idx = tf.unique(tf.constant([3, 1, 3, 2, 1]))
    assert y.numpy().tolist() == [3, 1, 2] and idx.numpy().tolist() == [0, 1, 0, 2, 1]
    found = tf.searchsorted(
        tf.constant([[1.0, 2.0, 3.0], [0.0, 5.0, 6.0]]), tf.constant([[2.0, 2.5], [5.0, 7.0]])
    )
    assert found.numpy().tolist() == [[1, 2], [1, 3]]
    right = tf.searchsorted(tf.constant([1.0, 2.0, 3.0]), tf.constant([2.0]), side="right")
    assert right.numpy().tolist() == [2]


def test_misc_math():
    assert (
        tf.math.is_non_decreasing([1, 2, 2]).numpy() and not tf.math.is_strictly_increasing([1, 2, 2]).numpy()
    )
    assert tf.math.zero_fraction(tf.constant([0.0, 1.0, 0.0, 2.0])).numpy() == 0.5
    np.testing.assert_allclose(tf.math.ndtri(tf.constant([0.5, 0.9])), [0.0, 1.2815516], rtol=1e-6)
