"""``Tensor``: conversion with TF's dtype rules, printing, Python/numpy/JAX protocols, operators.

Expected values, reprs and messages were observed with TensorFlow 2.21 (CPU).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax.errors import InvalidArgumentError


# -- conversion ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "dtype"),
    [
        (1.5, "float32"),
        (2, "int32"),
        (2**40, "int64"),
        ([1, 2**40], "int64"),
        (np.ones(2), "float64"),
        (np.arange(3), "int64"),
        (np.float32(2), "float32"),
        (True, "bool"),
        (1 + 2j, "complex128"),
        ([], "float32"),
        ([1, 2.5], "float32"),
        (np.float16(1.5), "float16"),
        (((1, 2), (3, 4)), "int32"),
    ],
)
def test_constant_infers_tf_dtypes(value, dtype):
    assert tf.constant(value).dtype.name == dtype


def test_constant_with_dtype_and_shape():
    assert tf.constant(2, dtype=tf.float64).numpy() == 2.0
    assert tf.constant(-1, dtype=tf.uint8).numpy() == 255  # wraps, as TF
    assert tf.constant(2**31, dtype=tf.int32).numpy() == -(2**31)
    assert tf.constant(True, dtype=tf.float32).numpy() == 1.0
    assert tf.constant(np.array([1.5]), dtype=tf.int32).numpy().tolist() == [1]  # numpy values are cast
    assert tf.constant(3, shape=(2, 3)).numpy().tolist() == [[3, 3, 3]] * 2
    assert tf.constant([1, 2, 3, 4], shape=(2, 2)).shape == (2, 2)
    assert tf.constant([1, 2], "float16").dtype == tf.float16 and tf.constant(1, float).dtype == tf.float32


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: tf.constant(1.5, dtype=tf.int32),
            TypeError,
            "Cannot convert 1.5 to EagerTensor of dtype int32",
        ),
        (
            lambda: tf.constant(2.0, dtype=tf.int32),
            TypeError,
            "Cannot convert 2.0 to EagerTensor of dtype int32",
        ),
        (
            lambda: tf.constant([1.0, 2.0], dtype=tf.int32),
            TypeError,
            r"Cannot convert \[1.0, 2.0\] to EagerTensor",
        ),
        (
            lambda: tf.constant([1, 0], dtype=tf.bool),
            TypeError,
            r"Cannot convert \[1, 0\] to EagerTensor of dtype bool",
        ),
        (
            lambda: tf.constant(1 + 0j, dtype=tf.float32),
            TypeError,
            r"Cannot convert \(1\+0j\) to EagerTensor of dtype float",
        ),
        (
            lambda: tf.constant([[1], [2, 3]]),
            ValueError,
            "Can't convert non-rectangular Python sequence to Tensor.",
        ),
        (
            lambda: tf.constant(2**63),
            ValueError,
            "Can't convert Python sequence with out-of-range integer to Tensor.",
        ),
        (lambda: tf.constant(1e300), ValueError, "out of range for a double-precision float"),
        (
            lambda: tf.constant(None),
            ValueError,
            r"Attempt to convert a value \(None\) with an unsupported type",
        ),
        (
            lambda: tf.constant([1, 2, 3], shape=(2, 2)),
            TypeError,
            r"Tensor \[1 2 3\] \(converted from \[1, 2, 3\]\) has 3 elements, but got `shape` "
            r"\(2, 2\) with 4 elements",
        ),
        (
            lambda: tf.constant(tf.constant(1.5), dtype=tf.float64),
            TypeError,
            "Expected tensor 1.5 with dtype tf.float64, but got dtype tf.float32.",
        ),
        (
            lambda: tf.convert_to_tensor(tf.constant(1.0), dtype=tf.float64),
            ValueError,
            "Tensor conversion requested dtype float64 for Tensor with dtype float32",
        ),
    ],
)
def test_conversion_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_convert_to_tensor_hints():
    assert tf.convert_to_tensor(1, dtype_hint=tf.float32).dtype == tf.float32
    assert tf.convert_to_tensor(1.5, dtype_hint=tf.int32).dtype == tf.float32  # the hint does not fit
    assert tf.convert_to_tensor(np.float64(1.5), dtype=tf.float32).dtype == tf.float32
    assert tf.convert_to_tensor([tf.constant(1.0), 2.0]).numpy().tolist() == [1.0, 2.0]
    assert tf.convert_to_tensor(1, dtype="float64").dtype == tf.float64


def test_jax_arrays_are_kept_without_a_copy():
    a = jnp.arange(3.0)
    assert tf.constant(a)._value is a and tf.convert_to_tensor(a)._value is a
    t = tf.constant([1.0, 2.0])
    assert jnp.asarray(t) is t._value
    assert jnp.asarray(t).unsafe_buffer_pointer() == t._value.unsafe_buffer_pointer()


# -- printing ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "text"),
    [
        (tf.constant(4.0), "<tf.Tensor: shape=(), dtype=float32, numpy=4.0>"),
        (tf.constant(4), "<tf.Tensor: shape=(), dtype=int32, numpy=4>"),
        (tf.constant(True), "<tf.Tensor: shape=(), dtype=bool, numpy=True>"),
        (tf.constant(np.int64(4)), "<tf.Tensor: shape=(), dtype=int64, numpy=4>"),
        (tf.constant(1 + 2j), "<tf.Tensor: shape=(), dtype=complex128, numpy=(1+2j)>"),
        (
            tf.constant([1.0, 2.0]),
            "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>",
        ),
        (tf.constant(np.array([1, 2])), "<tf.Tensor: shape=(2,), dtype=int64, numpy=array([1, 2])>"),
        (tf.constant([True, False]), "<tf.Tensor: shape=(2,), dtype=bool, numpy=array([ True, False])>"),
        (tf.constant([]), "<tf.Tensor: shape=(0,), dtype=float32, numpy=array([], dtype=float32)>"),
        (
            tf.constant([[1.0, 2.0], [3.0, 4.0]]),
            "<tf.Tensor: shape=(2, 2), dtype=float32, numpy=\n"
            "array([[1., 2.],\n       [3., 4.]], dtype=float32)>",
        ),
        (
            tf.range(2000),
            "<tf.Tensor: shape=(2000,), dtype=int32, numpy=\narray([   0,    1,    2, ..., 1997, 1998, "
            "1999],\n      shape=(2000,), dtype=int32)>",
        ),
    ],
)
def test_repr(value, text):
    assert repr(value) == text


def test_str_and_format():
    assert str(tf.constant(4.0)) == "tf.Tensor(4.0, shape=(), dtype=float32)"
    assert str(tf.constant([1.0, 2.0])) == "tf.Tensor([1. 2.], shape=(2,), dtype=float32)"
    assert (
        str(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
        == "tf.Tensor(\n[[1. 2.]\n [3. 4.]], shape=(2, 2), dtype=float32)"
    )
    assert str(tf.constant(1 / 3)) == "tf.Tensor(0.33333334, shape=(), dtype=float32)"
    assert str(tf.range(2000)) == "tf.Tensor([   0    1    2 ... 1997 1998 1999], shape=(2000,), dtype=int32)"
    assert f"{tf.constant(1.5)}" == "1.5" and f"{tf.constant(1.5):.3f}" == "1.500"
    assert format(tf.constant([1.5, 2.0])) == "[1.5 2. ]"


# -- Python and numpy protocols ----------------------------------------------------------------
def test_static_facts():
    t = tf.constant([[1, 2, 3]])
    assert repr(t.shape) == "TensorShape([1, 3])" and str(t.shape) == "(1, 3)"
    assert t.shape == (1, 3) and t.shape == [1, 3] and t.shape[1] == 3 and t.shape.rank == 2
    assert t.ndim == 2 and repr(t.get_shape()) == "TensorShape([1, 3])"
    assert repr(t.dtype) == "tf.int32" and str(t.dtype) == "<dtype: 'int32'>"


def test_numpy_and_array_protocol():
    assert type(tf.constant(1.0).numpy()).__name__ == "float32"
    assert isinstance(tf.constant([1.0]).numpy(), np.ndarray)
    t = tf.constant([1.0, 2.0])
    assert np.asarray(t).dtype == np.float32 and np.asarray(t, dtype=np.float64).dtype == np.float64
    assert (np.array([1.0, 2.0]) * t).dtype == tf.float32  # numpy defers to the tensor


def test_python_scalars_and_containers():
    assert len(tf.constant([1, 2, 3])) == 3
    assert [int(v) for v in tf.constant([1, 2])] == [1, 2]
    assert bool(tf.constant([1])) and not bool(tf.constant(0.0))
    assert float(tf.constant(2.5)) == 2.5 and int(tf.constant(2.5)) == 2
    assert [10, 20, 30][tf.constant(1)] == 20
    with pytest.raises(TypeError, match="Scalar tensor has no `len\\(\\)`"):
        len(tf.constant(1))
    with pytest.raises(TypeError, match="Cannot iterate over a scalar tensor."):
        list(tf.constant(1))
    with pytest.raises(
        ValueError, match="The truth value of an array with more than one element is ambiguous"
    ):
        bool(tf.constant([1, 2]))
    with pytest.raises(TypeError, match="only 0-dimensional arrays can be converted to Python scalars"):
        float(tf.constant([2.5, 1.0]))
    with pytest.raises(TypeError, match="Only scalar integer tensors can be used as an index"):
        [10, 20][tf.constant(1.0)]


def test_hash_and_ref():
    with pytest.raises(TypeError, match="Tensor is unhashable. Instead, use tensor.ref\\(\\) as the key."):
        hash(tf.constant(1))
    x = tf.constant(1.0)
    assert {x.ref(): 1}[x.ref()] == 1 and x.ref().deref() is x
    assert [tf.is_tensor(v) for v in (x, 1, np.ones(1))] == [True, False, False]


def test_equality():
    assert (tf.constant(1) == None) is False and (tf.constant(1) != None) is True  # noqa: E711
    assert (tf.constant([1, 2]) == [1, 3]).numpy().tolist() == [True, False]
    incompatible = tf.constant([1, 2]) == tf.constant([1, 2, 3])
    assert repr(incompatible) == "<tf.Tensor: shape=(), dtype=bool, numpy=False>"
    assert (tf.constant([1, 2]) != tf.constant([1, 2, 3])).numpy()
    assert (tf.constant(1.0) == 1).numpy() and (tf.constant(1.0) == True).numpy()  # noqa: E712
    assert tf.constant(1) in [tf.constant(1)]
    with pytest.raises(InvalidArgumentError, match=r"cannot compute Equal as input #1\(zero-based\)"):
        tf.constant(1) == tf.constant(1.0)  # noqa: B015
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        tf.constant(1) == 1.5  # noqa: B015
    with pytest.raises(TypeError, match="Cannot convert 'a' to EagerTensor of dtype float"):
        tf.constant(1.0) == "a"  # noqa: B015


def test_operators_dispatch_to_the_ops():
    a, b = tf.constant([6.0, -7.0]), tf.constant([4.0, 2.0])
    for expr, expected in [
        ("a + b", [10.0, -5.0]),
        ("a - b", [2.0, -9.0]),
        ("a * b", [24.0, -14.0]),
        ("a / b", [1.5, -3.5]),
        ("a // b", [1.0, -4.0]),
        ("a % b", [2.0, 1.0]),
        ("a ** 2", [36.0, 49.0]),
        ("-a", [-6.0, 7.0]),
        ("abs(a)", [6.0, 7.0]),
        ("+a", [6.0, -7.0]),
        ("1 - a", [-5.0, 8.0]),
        ("12 / a", [2.0, -12 / 7]),
    ]:
        np.testing.assert_allclose(eval(expr).numpy(), expected, err_msg=expr)
    m = tf.constant([[1.0, 2.0]])
    assert (m @ tf.constant([[3.0], [4.0]])).numpy().tolist() == [[11.0]]
    assert (np.ones((1, 2), np.float32) @ tf.constant([[3.0], [4.0]])).numpy().tolist() == [[7.0]]
    assert [(a < b).numpy().tolist(), (a >= -7).numpy().tolist()] == [[False, True], [True, True]]


def test_reflected_operators_convert_strictly():
    with pytest.raises(TypeError, match="Cannot convert 1.5 to EagerTensor of dtype int32"):
        1.5 + tf.constant(1)
    with pytest.raises(TypeError, match=r"Cannot convert \[1.5, 2.5\] to EagerTensor of dtype int32"):
        [1.5, 2.5] * tf.constant([1, 2])
    assert (np.float64(2.5) - tf.constant(1)).numpy() == 1  # numpy values are cast, as TF
    assert (2 + tf.constant(1.5)).dtype == tf.float32


def test_operators_on_variables():
    v = tf.Variable([1.0, 2.0])
    assert (v * 2).numpy().tolist() == [2.0, 4.0] and (2 * v).numpy().tolist() == [2.0, 4.0]
    assert (v[1] + v).numpy().tolist() == [3.0, 4.0]
    with pytest.raises(InvalidArgumentError, match="cannot compute AddV2"):
        v + tf.constant(np.float64(1.0))


# -- JAX interop --------------------------------------------------------------------------------
def test_tensor_is_a_pytree():
    t = tf.constant([1.0, 2.0])
    (leaf,) = jax.tree_util.tree_leaves(t)
    assert leaf is t._value
    doubled = jax.tree_util.tree_map(lambda v: v * 2, {"x": t})["x"]
    assert isinstance(doubled, tf.Tensor) and doubled.numpy().tolist() == [2.0, 4.0]
    out = jax.jit(lambda x: x * 2 + 1)(t)
    assert isinstance(out, tf.Tensor) and out.numpy().tolist() == [3.0, 5.0]
    g = jax.grad(lambda x: tf.reduce_sum(x * x)._value)(t)
    assert g.numpy().tolist() == [2.0, 4.0]


def test_symbolic_tensors_refuse_numpy():
    def f(x):
        with pytest.raises(NotImplementedError, match="^'SymbolicTensor' object has no attribute 'numpy'$"):
            x.numpy()
        assert "shape=(2,)" in repr(x)
        return x

    jax.jit(f)(tf.constant([1.0, 2.0]))


def test_constants_stay_concrete_while_jax_traces():
    # As TF constants inside a tf.function: shapes, axes and indices given as tensors still work.
    @jax.jit
    def f(v):
        x = tf.constant(v)
        y = tf.reshape(x, tf.shape(tf.zeros((3, 2))))
        z = tf.gather(y, [1, 0]) + tf.ones((2, 2))[0] + tf.range(2.0)
        return tf.reduce_sum(z, axis=tf.constant(1))._value

    np.testing.assert_allclose(f(np.arange(6.0, dtype=np.float32)), [8.0, 4.0])
