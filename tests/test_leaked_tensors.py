"""Symbolic tensors kept past their tf.function's trace and used later: TF 2.21's "out of scope"
errors (TypeError; inside another function's trace an error caught as TypeError or TF's
InaccessibleTensorError's ValueError), never JAX's UnexpectedTracerError or a wrong value."""

from __future__ import annotations

import jax
import pytest

import tapejax as tf
from tapejax._core.values.errors import InaccessibleTensorError

OUT_OF_SCOPE = (
    r"^<tf\.Tensor shape=\(\) dtype=float32> is out of scope and cannot be used here\. Use return values, "
    r"explicit Python locals or TensorFlow collections to access it\.\nPlease see "
    r"https://www\.tensorflow\.org/guide/function#all_outputs_of_a_tffunction_must_be_return_values for more "
    r"information\.\n\nIt is a symbolic tensor of a tf\.function's trace, kept after the trace ended "
    r"\(in a list, a global or an object's attribute\)"
)


@pytest.fixture
def leaked():
    kept = []

    @tf.function
    def f(x):
        y = x * 2.0
        kept.append(y)
        return y

    assert float(f(tf.constant(1.0))) == 2.0
    return kept[0]


def test_an_escaped_tensor_used_eagerly_is_tfs_type_error(leaked):
    for use in (lambda: leaked + 1.0, lambda: leaked > 0.0, lambda: tf.reduce_sum(leaked)):
        with pytest.raises(TypeError, match=OUT_OF_SCOPE + r" and used eagerly") as info:
            use()
        assert type(info.value) is TypeError  # TF 2.21's class, not JAX's UnexpectedTracerError
        assert not isinstance(info.value, jax.errors.UnexpectedTracerError)
    with pytest.raises(TypeError, match=OUT_OF_SCOPE):  # under a tape as well
        with tf.GradientTape():
            leaked * 2.0
    with pytest.raises(AttributeError, match="'SymbolicTensor' object has no attribute 'numpy'"):  # TF 2.21
        leaked.numpy()


def test_assigning_an_escaped_tensor_changes_nothing(leaked):
    v = tf.Variable(5.0)
    with pytest.raises(TypeError, match=OUT_OF_SCOPE):
        v.assign(leaked)
    assert v.numpy() == 5.0


def test_an_escaped_tensor_read_by_another_function(leaked):
    # TF 2.21: TypeError for a tensor of an unrelated function's trace.
    for body in (
        lambda x: x + leaked,
        lambda x: tf.reduce_sum(leaked) * x,
        lambda x: leaked,
        lambda x: [x, leaked],
    ):
        with pytest.raises(TypeError, match=OUT_OF_SCOPE + r" and used in another function's trace"):
            tf.function(body)(tf.constant(1.0))


def test_a_nested_functions_tensor_used_by_its_caller_is_inaccessible():
    kept = []

    @tf.function
    def outer(x):
        @tf.function
        def inner(z):
            w = z * 3.0
            kept.append(w)
            return w

        inner(x)
        return x + kept[-1]

    # TF 2.21: InaccessibleTensorError, a ValueError; tapejax's is caught as either.
    with pytest.raises(ValueError, match=OUT_OF_SCOPE) as info:
        outer(tf.constant(1.0))
    assert isinstance(info.value, (InaccessibleTensorError, TypeError))


def test_tensors_of_enclosing_traces_are_not_out_of_scope():
    @tf.function
    def outer(x, n):
        c = x * 2.0

        @tf.function
        def inner(y):
            return y * c

        s = x
        for _ in tf.range(n):  # the inner function traced inside a staged loop too
            s = inner(s)
        return s

    assert float(outer(tf.constant(1.0), tf.constant(3))) == 8.0
