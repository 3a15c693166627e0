"""tf.function binds its arguments as TF 2.21 does: TF's TypeError and message for missing,
extra, unknown and repeated arguments, input_signature checks, conversion failures, and
parameters past the input_signature that keep their defaults (TF's Literal parameters)."""

from __future__ import annotations

import pytest

import tapejax as tf

SIG = r"for signature: \(a, b=<captured_default_value>, \*, c=<captured_default_value>\)\.$"


@tf.function
def f(a, b=2.0, *, c=3.0):
    return a + b + c


@pytest.mark.parametrize(
    "call, reason, received",
    [
        (lambda: f(), "missing a required argument: 'a'", r"Received args: \(\) and kwargs: \{\} "),  # noqa: PLW0108
        (
            lambda: f(1.0, 2.0, 3.0),
            "too many positional arguments",
            r"Received args: \(1.0, 2.0, 3.0\) and kwargs: \{\} ",
        ),
        (
            lambda: f(1.0, d=1.0),
            "got an unexpected keyword argument 'd'",
            r"Received args: \(1.0,\) and kwargs: \{'d': 1.0\} ",
        ),
        (
            lambda: f(1.0, a=2.0),
            "multiple values for argument 'a'",
            r"Received args: \(1.0,\) and kwargs: \{'a': 2.0\} ",
        ),
    ],
)
def test_binding_errors(call, reason, received):
    with pytest.raises(
        TypeError, match=rf"^Binding inputs to tf.function failed due to `{reason}`. {received}{SIG}"
    ):
        call()


def test_keyword_only_and_defaults_bind():
    assert float(f(1.0)) == 6.0 and float(f(a=1.0, c=5.0)) == 8.0


def test_input_signature_is_checked_when_the_function_is_made():
    with pytest.raises(TypeError, match=r"^input_signature must be either a tuple or a list, got <class '"):
        tf.function(lambda x: x, input_signature=tf.TensorSpec([]))
    with pytest.raises(
        TypeError,
        match=r"^input_signature must be a possibly nested sequence of TensorSpec objects, got invalid args "
        r"\[3\] with types \[<class 'int'>\]\.$",
    ):
        tf.function(lambda x: x, input_signature=[3])


def test_a_value_that_does_not_convert_to_the_spec():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([], tf.int32)])
    def h(x, n):
        return x * tf.cast(n, tf.float32)

    assert h(tf.constant([1.0]), 2).numpy().tolist() == [2.0]
    with pytest.raises(
        TypeError,
        match=r"^Binding inputs to tf.function failed due to `Cannot convert 2.5 to EagerTensor of dtype int32`",
    ):
        h(tf.constant([1.0]), 2.5)


def test_parameters_past_the_input_signature_keep_their_defaults():
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def w(x, y=1.0):
        return x + y

    assert float(w(tf.constant(1.0))) == 2.0 and float(w(tf.constant(1.0), 1.0)) == 2.0
    with pytest.raises(
        TypeError,
        match=r"^Binding inputs to tf.function failed due to `Can not cast 2.0 to Literal\[1.0\]`. .* for signature: "
        r"\(x: TensorSpec\(shape=\(\), dtype=tf.float32, name=None\), "
        r"y: Literal\[1.0\] = <captured_default_value>\)\.$",
    ):
        w(tf.constant(1.0), 2.0)


def test_an_unknown_rank_signature_takes_any_rank_but_has_no_one_concrete_function():
    @tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
    def total(x):
        return tf.reduce_sum(x)

    assert float(total(tf.ones([2, 3]))) == 6.0 and float(total(tf.ones([4]))) == 4.0
    assert total.get_concrete_function(tf.TensorSpec([None, 3])) is not None
    with pytest.raises(ValueError, match="^get_concrete_function needs the rank of every TensorSpec"):
        total.get_concrete_function()
