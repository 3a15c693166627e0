"""tf.math's special functions, ``polyval``, ``accumulate_n`` and ``approx_max_k``/``min_k``.

Expected values, gradients (None where TF defines none, TF's values at kinks) and messages
were observed with TensorFlow 2.21 (CPU) and are stored as literals; gradients are also checked
against ``jax.grad`` and finite differences.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np
import pytest
from op_checks import check_many, tape_grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError

X = [-1.0, 0.0, 0.5, 2.0]
A = [0.5, 1.0, 2.0, 3.0]
B = [1.0, 2.0, 0.5, 3.0]

# TF 2.21 (float32): (call, expected values)
VALUES = [
    (lambda: tf.math.bessel_i0(X), [1.266066, 1.0, 1.0634835, 2.2795854]),
    (lambda: tf.math.bessel_i1(X), [-0.5651591, 0.0, 0.25789434, 1.5906372]),
    (lambda: tf.math.betainc(A, B, [0.2, 0.5, 0.9, 0.0]), [0.44721356, 0.75, 0.5414697, 0.0]),
    (lambda: tf.math.betainc(1.0, 2.0, [0.5, 0.2]), [0.75, 0.36]),
    (lambda: tf.math.igamma(A, B), [0.84270084, 0.86466473, 0.09020401, 0.5768099]),
    (lambda: tf.math.igammac(A, B), [0.15729916, 0.13533528, 0.909796, 0.4231901]),
    (lambda: tf.math.lbeta([[1.0, 2], [3, 4]]), [-0.6931472, -4.0943446]),
    (lambda: tf.math.lbeta([[]]), [-np.inf]),
    (
        lambda: tf.math.polygamma([0.0, 1, 2, 0.5], [1.5, 1.5, 1.5, 1.5]),
        [0.03648996, 0.93480223, -0.8287967, np.nan],
    ),
    (lambda: tf.math.zeta([2.0, 3, 0.5], [1.0, 2, 1]), [1.644934, 0.20205691, np.nan]),
    (
        lambda: tf.math.erfcinv([0.0, 0.5, 1, 1.5, 2, 3]),
        [np.inf, 0.4769363, -0.0, -0.4769363, -np.inf, np.nan],
    ),
    (lambda: tf.math.xlog1py([0.0, 1, 2], [-1.0, 1, 2]), [0.0, 0.6931472, 2.1972246]),
    (lambda: tf.math.nextafter([1.0, 0], [2.0, -1]), [1.0000001, -1.4012985e-45]),
]


@pytest.mark.parametrize("k", range(len(VALUES)))
def test_values_as_tf(k):
    call, expected = VALUES[k]
    out = call()
    assert out.dtype == tf.float32
    # float32 special functions: JAX's series differ from TF's in the last digits (digamma: 3e-6)
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-5, atol=1e-7)


def test_dtypes_as_tf():
    assert tf.math.lbeta([]).numpy() == -np.inf
    assert tf.math.bessel_i0(tf.constant([1.0], tf.float16)).dtype == tf.float16
    assert tf.math.xlog1py(tf.constant([1.0], tf.float16), tf.constant([1.0], tf.float16)).dtype == tf.float16
    c = tf.math.xlog1py(tf.constant([1 + 1j], tf.complex64), tf.constant([1 + 1j], tf.complex64))
    np.testing.assert_allclose(c.numpy(), [0.34107137 + 1.2683666j], rtol=1e-6)
    n64 = tf.math.nextafter(tf.constant([1.0, 0], tf.float64), tf.constant([2.0, -1], tf.float64))
    assert n64.numpy()[1] == -5e-324
    assert tf.math.erfcinv(tf.constant([1.0], tf.float64)).dtype == tf.float64


# TF 2.21: gradient of reduce_sum(f(*args)) per argument (None: TF defines none)
GRADS = [
    (tf.math.bessel_i0, [X], [[-0.5651590824127197, 0.0, 0.2578943371772766, 1.59063720703125]]),
    (tf.math.bessel_i1, [X], [[0.7009068727493286, 1.0, 0.5476948022842407, 1.484266757965088]]),
    (
        tf.math.erfcinv,
        [[0.1, 0.5, 1, 1.5]],
        [[-3.42804217338562, -1.1125848293304443, -0.8862268924713135, -1.1125848]],
    ),
    (
        tf.math.betainc,
        [A, B, [0.2, 0.5, 0.9, 0.1]],
        [None, None, [1.1180340051651, 1.0, 2.1345372200012207, 0.243]],
    ),
    (
        tf.math.igamma,
        [A, B],
        [
            [-0.38983726501464844, -0.2208254486322403, -0.15103422105312347, -0.23681825399398804],
            [0.20755375921726227, 0.1353352814912796, 0.3032653331756592, 0.22404181957244873],
        ],
    ),
    (
        tf.math.lbeta,
        [[[1.0, 2], [3, 4]]],
        [[[-1.5000001192092896, -0.5], [-0.9500001668930054, -0.6166666746139526]]],
    ),
    (
        tf.math.polygamma,
        [[0.0, 1, 2], [1.5, 1.5, 1.5]],
        [None, [0.934802234172821, -0.8287966847419739, 1.4090909957885742]],
    ),
    (tf.math.zeta, [[2.0, 3], [1.0, 2]], [None, [-2.404114007949829, -0.24696969985961914]]),
    (
        tf.math.xlog1py,
        [[0.0, 1, 2], [-1.0, 1, 2]],
        [[0.0, 0.6931471824645996, 1.0986123085021973], [0.0, 0.5, 0.6666666865348816]],
    ),
    (tf.math.xlog1py, [[0.0, 0], [-1.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]),
    (tf.math.nextafter, [[1.0, 0], [2.0, -1]], [[1.0, 1.0], [0.0, 0.0]]),
]


@pytest.mark.parametrize("k", range(len(GRADS)))
def test_gradients_as_tf(k):
    fn, args, expected = GRADS[k]
    got = tape_grad(fn, *args, jit=False)
    for g, e in zip(got, expected, strict=True):
        if e is None:
            assert g is None
        else:
            np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)


def test_gradients_match_jax_and_finite_differences():
    x = np.array([0.3, 0.8, 1.7])
    a = np.array([0.6, 1.4, 2.5])
    cases = [
        (tf.math.bessel_i0, jss.i0),
        (tf.math.bessel_i1, jss.i1),
        (lambda v: tf.math.igamma(tf.constant([0.6, 1.4, 2.5]), v), lambda v: jss.gammainc(a, v)),
        (lambda v: tf.math.igammac(tf.constant([0.6, 1.4, 2.5]), v), lambda v: jss.gammaincc(a, v)),
        (lambda v: tf.math.xlog1py(v, v), lambda v: jss.xlog1py(v, v)),
        (lambda v: tf.math.betainc(2.0, 3.0, v * 0.5), lambda v: jss.betainc(2.0, 3.0, v * 0.5)),
        (lambda v: tf.math.zeta(3.0, v + 1), lambda v: jss.zeta(3.0, v + 1)),
        (tf.math.erfcinv, lambda v: -jss.ndtri(v / 2) / jnp.sqrt(2.0)),
        (lambda v: tf.math.lbeta(tf.stack([v, v + 1], axis=1)), lambda v: jss.betaln(v, v + 1)),
    ]
    check_many(cases, x)
    # igamma in a: JAX's own rule, checked once (a series: finite differences in float64)
    check_many([(lambda s: tf.math.igamma(s, tf.constant([0.3, 0.8, 1.7])), lambda s: jss.gammainc(s, x))], a)


def test_compiled_paths():
    f = tf.function(lambda v: tf.math.polygamma(1.0, v) + tf.math.bessel_i1(v))
    np.testing.assert_allclose(f(tf.constant([1.5])).numpy(), [0.93480223 + 0.9816664], rtol=1e-5)
    g = jax.jit(lambda v: jnp.asarray(tf.math.nextafter(v, 2.0)))
    assert g(jnp.array([1.0], jnp.float32)).tolist() == [np.nextafter(np.float32(1), np.float32(2))]


def test_errors_as_tf():
    with pytest.raises(
        InvalidArgumentError,
        match="Value for attr 'T' of int32 is not in the list of allowed values: float, double",
    ):
        tf.math.nextafter([1, 0], [2, -1])
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of int32 is not in the list"):
        tf.math.bessel_i0([1, 2])
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of half is not in the list"):
        tf.math.zeta(tf.constant([1.0], tf.float16), tf.constant([1.0], tf.float16))
    with pytest.raises(
        InvalidArgumentError, match=r"^Shapes of a and x are inconsistent: \[2\] vs. \[3\] \[Op:Betainc\]"
    ):
        tf.math.betainc([1.0, 2], 2.0, [0.5, 0.2, 0.3])
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[3\] \[Op:Igamma\]"):
        tf.math.igamma([1.0, 2], [1.0, 2, 3])
    with pytest.raises(
        InvalidArgumentError, match=r"^Invalid reduction dimension \(-1 for input with 0 dimension"
    ):
        tf.math.lbeta(3.0)
    with pytest.raises(TypeError, match="Cannot convert 0.5 to EagerTensor of dtype int32"):
        tf.math.erfcinv([1])


# -- polyval and accumulate_n ------------------------------------------------------------------
def test_polyval_as_tf():
    assert tf.math.polyval([2.0, 1.0, 0.0], 3.0).numpy() == 21.0
    out = tf.math.polyval([tf.constant([1.0, 2]), tf.constant(3.0)], tf.constant([1.0, 2]))
    assert out.numpy().tolist() == [4.0, 7.0]
    empty = tf.math.polyval([], 3.0)
    assert empty.dtype == tf.float32 and empty.numpy() == 0.0
    assert tf.math.polyval([1, 2], 3).numpy() == 5
    # TF converts each coefficient alone: 2.0 is float32, 1 and 0 int32
    with pytest.raises(InvalidArgumentError, match="cannot compute AddV2 as input #1"):
        tf.math.polyval([2.0, 1, 0], 3.0)
    with pytest.raises(ValueError, match="^Argument coeffs must be list type. Received type"):
        tf.math.polyval(tf.constant([2.0, 1]), 3.0)
    check_many(
        [(lambda v: tf.math.polyval([v, 2 * v, tf.constant(1.0)], v), lambda v: v**3 + 2 * v**2 + 1)],
        np.array([0.5, -1.5]),
    )


def test_accumulate_n_as_tf():
    a, b = tf.constant([1.0, 2]), tf.constant([3.0, 4])
    assert tf.math.accumulate_n([a, b]).numpy().tolist() == [4, 6]
    assert tf.math.accumulate_n([a, b], shape=[2], tensor_dtype=tf.float32).numpy().tolist() == [4, 6]
    assert tf.math.accumulate_n([[1.0, 2], [3.0, 4]]).numpy().tolist() == [4, 6]
    with pytest.raises(ValueError, match=r"^Shapes \(2,\) and \(3,\) are not compatible"):
        tf.math.accumulate_n([a, tf.constant([3.0, 4, 5])])
    with pytest.raises(
        ValueError, match="^inputs must be a list of at least one Tensor with the same dtype and shape"
    ):
        tf.math.accumulate_n([])
    with pytest.raises(
        TypeError, match=r"^The `tensor_dtype` argument is <dtype: 'int32'>, but `input` is of type"
    ):
        tf.math.accumulate_n([a], tensor_dtype=tf.int32)
    assert tape_grad(lambda x, y: tf.math.accumulate_n([x, y, x]), [1.0], [2.0]) == [[2.0], [1.0]]


# -- approx_max_k / approx_min_k ---------------------------------------------------------------
M = [[1.0, 5.0, 3.0, 2.0], [4.0, 4.0, 0.0, 9.0]]


def test_approx_top_k_as_tf():
    values, indices = tf.math.approx_max_k(M, 2)
    assert values.numpy().tolist() == [[5, 3], [9, 4]] and indices.numpy().tolist() == [[1, 2], [3, 0]]
    assert indices.dtype == tf.int32
    assert tf.approx_top_k(M, 2).values.numpy().tolist() == [[5, 3], [9, 4]]
    assert tf.math.approx_max_k(M, 0).values.shape == (2, 0)
    # TF's CPU kernel has only max_k on the last axis; XLA's (and tapejax's) has both, any axis
    assert tf.math.approx_min_k(M, 2).indices.numpy().tolist() == [[0, 3], [2, 0]]
    assert tf.math.approx_max_k(M, 1, reduction_dimension=0).values.numpy().tolist() == [[4, 5, 3, 9]]
    # TF 2.21: the gradient goes to the selected entries
    g = tape_grad(lambda x: tf.reduce_sum(tf.math.approx_max_k(x, 2).values * [[1.0, 2.0]]), M)
    assert g[0].tolist() == [[0, 1, 2, 0], [2, 0, 0, 1]]
    with pytest.raises(
        InvalidArgumentError, match=r"input must have at least k columns. Had 4, needed 5 \[Op:ApproxTopK\]"
    ):
        tf.math.approx_max_k(M, 5)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of int32 is not in the list"):
        tf.math.approx_max_k([1, 2, 3], 2)
    with pytest.raises(InvalidArgumentError, match=r"input must be >= 1-D, got shape \[\] \[Op:ApproxTopK\]"):
        tf.math.approx_max_k(3.0, 1)
    with pytest.raises(
        InvalidArgumentError, match=r"reduction_dimension 2 is out of range for an input of rank 2"
    ):
        tf.math.approx_max_k(M, 1, reduction_dimension=2)
    with pytest.raises(InvalidArgumentError, match=r"Need k >= 0, got -1 \[Op:ApproxTopK\]"):
        tf.math.approx_max_k(M, -1)
