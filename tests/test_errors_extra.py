"""The errors no other test file pins: each raise in tapejax, its class and its message.

docs/errors.md names the test that pins each error; these are the ones that had none. The
class and the TF part of each message were compared with TensorFlow 2.21 where TF raises the
same error (ops); the rest are tapejax's own checks (its limits, Keras-subset arguments).
"""

from __future__ import annotations

import re

import jax
import numpy as np
import pytest

import tapejax as tf
from tapejax.errors import InvalidArgumentError

_x23 = lambda: tf.ones([2, 3])  # noqa: E731

# (id, call, exception class, message pattern)
_OP_ERRORS = [
    (
        "roll_sizes",
        lambda: tf.roll(_x23(), [1, 1], [0]),
        InvalidArgumentError,
        r"shift and axis must have the same size, got 2 and 1 \[Op:Roll\]",
    ),
    (
        "roll_axis",
        lambda: tf.roll(_x23(), 1, 2),
        InvalidArgumentError,
        r"axis 2 is out of range for a tensor of rank 2 \[Op:Roll\]",
    ),
    (
        "repeat",
        lambda: tf.repeat(_x23(), [1, 2], axis=1),
        ValueError,
        r"Dimensions 3 and 2 are not compatible: tapejax.repeat takes a scalar repeats or one count per "
        r"element along axis 1 \(3\), got 2 counts",
    ),
    (
        "repeat_flattened",
        lambda: tf.repeat(_x23(), [1, 2]),
        ValueError,
        r"Dimensions 6 and 2 are not compatible: .* along axis 0 \(6\)",
    ),
    (
        "repeat_rank",
        lambda: tf.repeat(_x23(), [[1, 2]], axis=0),
        ValueError,
        r"Shape \(1, 2\) must have rank at most 1: tapejax.repeat takes a scalar repeats",
    ),
    (
        "split_zero",
        lambda: tf.split(_x23(), 0, axis=1),
        InvalidArgumentError,
        r"Value for attr 'num_split' of 0 must be at least minimum 1 \[Op:Split\]",
    ),
    (
        "slice_rank",
        lambda: tf.slice(_x23(), [0], [1]),
        InvalidArgumentError,
        r"Expected begin and size arguments to be 1-D tensors of size 2, but got shapes \[1\] and "
        r"\[1\] instead. \[Op:Slice\]",
    ),
    (
        "concat_empty",
        lambda: tf.concat([], 0),
        InvalidArgumentError,
        r"OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef '\[N=0, Tidx=DT_INT32\]' "
        r"\[Op:ConcatV2\]: tapejax.concat got an empty list",
    ),
    (
        "meshgrid",
        lambda: tf.meshgrid([1, 2], [3], indexing="xx"),
        ValueError,
        "indexing parameter must be either 'xy' or 'ij', got 'xx'",
    ),
    (
        "cumsum_scalar",
        lambda: tf.cumsum(tf.constant(1.0)),
        InvalidArgumentError,
        r"ScanOp: Expected scan axis in the range \[0, 0\), but got 0 \[Op:Cumsum\]",
    ),
    (
        "clip_grows",
        lambda: tf.clip_by_value(tf.ones([2]), tf.zeros([2, 2]), 1.0),
        ValueError,
        r"Shapes \(2,\) and \(2, 2\) are incompatible: tapejax.clip_by_value's bounds would broadcast",
    ),
    (
        "clip_grows_max",
        lambda: tf.clip_by_value(tf.ones([2]), 0.0, tf.ones([3, 2])),
        ValueError,
        r"Shapes \(2,\) and \(3, 2\) are incompatible",
    ),
    (
        "sort_scalar",
        lambda: tf.sort(tf.constant(1.0)),
        InvalidArgumentError,
        r"Sort needs a tensor of rank >= 1, got a scalar \[Op:Sort\]",
    ),
    (
        "sort_axis",
        lambda: tf.sort(_x23(), axis=2),
        ValueError,
        "axis 2 is out of range for a tensor of rank 2",
    ),
    (
        "sort_direction",
        lambda: tf.sort(_x23(), direction="UP"),
        ValueError,
        "Unknown direction 'UP'; use 'ASCENDING' or 'DESCENDING'",
    ),
    (
        "top_k_scalar",
        lambda: tf.math.top_k(tf.constant(1.0)),
        InvalidArgumentError,
        r"input must be >= 1-D, got shape \[\] \[Op:TopKV2\]",
    ),
    (
        "top_k_negative",
        lambda: tf.math.top_k(_x23(), k=-1),
        InvalidArgumentError,
        r"Need k >= 0, got -1 \[Op:TopKV2\]",
    ),
    (
        "in_top_k",
        lambda: tf.math.in_top_k([0, 1, 2], _x23(), 1),
        InvalidArgumentError,
        r"predictions must be 2-dimensional and targets 1-dimensional of the same batch size, got "
        r"\(2, 3\) and \(3,\) \[Op:InTopKV2\]",
    ),
    ("unique", lambda: tf.unique(_x23()), InvalidArgumentError, r"unique expects a 1D vector. \[Op:Unique\]"),
    (
        "searchsorted_side",
        lambda: tf.searchsorted([1.0, 2.0], [1.5], side="middle"),
        ValueError,
        "side must be 'left' or 'right', got 'middle'",
    ),
    (
        "searchsorted_dims",
        lambda: tf.searchsorted(tf.ones([2, 3]), tf.ones([3, 1])),
        InvalidArgumentError,
        r"Leading dims of sorted_inputs .* and values .* must match \[Op:LowerBound\]",
    ),
    (
        "matvec_scalar",
        lambda: tf.linalg.matvec(tf.ones([2, 2]), tf.constant(1.0)),
        InvalidArgumentError,
        r"matvec needs a vector b of rank >= 1 \[Op:MatMul\]",
    ),
    (
        "global_norm_empty",
        lambda: tf.linalg.global_norm([None]),
        ValueError,
        "global_norm needs at least one tensor",
    ),
    (
        "set_diag_k",
        lambda: tf.linalg.set_diag(tf.ones([2, 2]), [1.0], k=1),
        NotImplementedError,
        "tapejax.linalg.set_diag supports k=0 only",
    ),
    (
        "cross",
        lambda: tf.linalg.cross(_x23(), tf.ones([2, 2])),
        InvalidArgumentError,
        r"inputs must be the same shape with last dimension 3, got .* \[Op:Cross\]",
    ),
    (
        "softmax_ce_scalar",
        lambda: tf.nn.softmax_cross_entropy_with_logits(1.0, 1.0),
        InvalidArgumentError,
        r"logits and labels must be at least one-dimensional, got scalars \[Op:SoftmaxCrossEntropyWithLogits\]",
    ),
    (
        "sparse_ce_scalar",
        lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(0, 1.0),
        ValueError,
        r"Logits cannot be scalars - received shape \(\)",
    ),
    (
        "embedding_shards",
        lambda: tf.nn.embedding_lookup([_x23(), _x23()], [0]),
        ValueError,
        r"tapejax.nn.embedding_lookup supports one params tensor \(no sharding\)",
    ),
    (
        "stateless_seed",
        lambda: tf.random.stateless_normal([2], seed=[1, 2, 3]),
        InvalidArgumentError,
        r"seed must have shape \[2\], not \[3\] \[Op:StatelessRandomGetKeyCounter\]. A stateless random "
        r"op takes a seed of two integers",
    ),
    (
        "stateless_seed_scalar",
        lambda: tf.random.stateless_uniform([2], seed=7),
        InvalidArgumentError,
        r"seed must have shape \[2\], not \[\] \[Op:StatelessRandomGetKeyCounter\]",
    ),
    (
        "conv_strides",
        lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), [1, 1, 1], "VALID"),
        ValueError,
        r"strides should be of length 1, 2 or 4, got \[1, 1, 1\]",
    ),
    (
        "conv_padding",
        lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 1, "FULL"),
        InvalidArgumentError,
        r"""Value for attr 'padding' of "FULL" is not in the list of allowed values: """
        r""""SAME", "VALID", "EXPLICIT" \[Op:Conv2D\]. Pass padding='SAME', 'VALID', or explicit""",
    ),
    (
        "pool_padding",
        lambda: tf.nn.max_pool2d(tf.ones([1, 4, 4, 1]), 2, 1, "FULL"),
        InvalidArgumentError,
        r"""Value for attr 'padding' of "FULL" .* \[Op:MaxPool\]""",
    ),
    (
        "conv_pairs",
        lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 1, [[0, 0]]),
        ValueError,
        "explicit padding needs 4 pairs, got 1",
    ),
    (
        "conv_input_rank",
        lambda: tf.nn.conv2d(tf.ones([4, 1]), tf.ones([2, 2, 1, 1]), 1, "VALID"),
        InvalidArgumentError,
        r"convolution input must be 4-dimensional: \[4,1\] \[Op:Conv2D\]. Pass "
        r"\[batch, spatial..., channels\]",
    ),
    (
        "conv1d_input_rank",
        lambda: tf.nn.conv1d(tf.ones([4, 1]), tf.ones([2, 1, 1]), 1, "VALID"),
        InvalidArgumentError,
        r"convolution input must be 3-dimensional: \[4,1\] \[Op:Conv2D\]",
    ),
    (
        "convolution_input_rank",
        lambda: tf.nn.convolution(tf.ones([4, 1]), tf.ones([2, 1, 1])),
        InvalidArgumentError,
        r"convolution input must be at least 3-dimensional: \[4,1\] \[Op:Conv\]",
    ),
    (
        "pool_input_rank",
        lambda: tf.nn.avg_pool2d(tf.ones([4, 4, 1]), 2, 1, "VALID"),
        InvalidArgumentError,
        r"pooling input must be 4-dimensional: \[4,4,1\] \[Op:AvgPool\]",
    ),
    (
        "conv_filter_rank",
        lambda: tf.nn.convolution(tf.ones([1, 4, 4, 1]), tf.ones([2, 1, 1])),
        ValueError,
        r"filters must have rank 4 \(\[H, W, in, out\]\), got \(2, 1, 1\)",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "message"), [c[1:] for c in _OP_ERRORS], ids=[c[0] for c in _OP_ERRORS]
)
def test_op_argument_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_conversion_errors():
    with pytest.raises(
        ValueError,
        match=r"Can't convert Python sequence with mixed types to Tensor. "
        r"Give every element a number \(float\('nan'\)",
    ):
        tf.constant([1.0, None])
    with pytest.raises(ValueError, match=r"Can't convert Python sequence with mixed types"):
        tf.convert_to_tensor([[1.0], [None]])
    with pytest.raises(
        ValueError,
        match=r"Attempt to convert a value \(None\) with an unsupported type "
        r"\(<class 'NoneType'>\) to a Tensor. Give every element a number",
    ):
        tf.constant([None, None], dtype=tf.float32)
    with pytest.raises(TypeError, match="tapejax has no string tensors; cannot convert 'abc' to a Tensor"):
        tf.constant("abc")


def test_jax_shape_errors_become_invalid_argument_errors_eagerly_and_under_a_tape():
    """A shape error that only JAX detects (einsum's operands) is TF's InvalidArgumentError,
    with the op's name, both when the op runs at once and when a tape defers it."""
    a, b = tf.ones([2, 3]), tf.ones([4, 5])
    with pytest.raises(InvalidArgumentError, match=r"\[Op:Einsum\]"):
        tf.einsum("ij,jk->ik", a, b)
    with tf.GradientTape() as g:
        g.watch(a)
        with pytest.raises(InvalidArgumentError, match=r"\[Op:Einsum\]"):
            tf.einsum("ij,jk->ik", a, b)


def test_gradient_with_a_list_target_names_the_method():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
    for method in ("jacobian", "batch_jacobian"):
        with pytest.raises(
            TypeError,
            match=f"GradientTape.{method} takes a single Tensor as target, got list; stack several targets",
        ):
            getattr(g, method)([y], x)


def test_custom_gradient_with_a_gradient_of_the_wrong_shape():
    @tf.custom_gradient
    def f(x):
        return tf.reduce_sum(x), lambda dy: tf.ones([3]) * dy

    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(x)
        y = f(x)
    with pytest.raises(
        ValueError,
        match=re.escape(
            "@tf.custom_gradient grad_fn returned a gradient of shape (3,) for an input of shape (2,)"
        ),
    ):
        g.gradient(y, x)


def test_symbolic_tensors_under_function():
    @tf.function(autograph=False)  # with AutoGraph (the default) the conditional expression is staged
    def branch(x):
        return x if x > 0 else -x

    with pytest.raises(
        TypeError, match="Using a symbolic tapejax Tensor as a Python bool/int/float is not allowed"
    ):
        branch(tf.constant(1.0))

    @tf.function
    def masked(x, m):
        return tf.boolean_mask(x, m)

    with pytest.raises(TypeError, match="tapejax.boolean_mask needs a concrete mask"):
        masked(tf.ones([2]), tf.constant([True, False]))


def test_variable_construction_and_traced_assignment():
    with pytest.raises(ValueError, match="initial_value must be specified"):
        tf.Variable()
    with pytest.raises(  # TF 2.21's message
        ValueError,
        match=re.escape(
            "In this `tf.Variable` creation, the initial value's shape ((2,)) is not compatible with the "
            "explicitly supplied `shape` argument ((3,))."
        ),
    ):
        tf.Variable([1.0, 2.0], shape=(3,))
    v = tf.Variable(1.0)

    def assign_in_jit(x):
        v.assign(tf.constant(x))
        return x

    with pytest.raises(
        RuntimeError,
        match="Variable 'Variable:0' was assigned a symbolic value while a JAX transformation traced it",
    ):
        jax.jit(assign_in_jit)(np.float32(2.0))
    assert v.numpy() == 1.0


def test_forward_accumulator_argument_errors():
    x = tf.constant([1.0, 2.0])
    with pytest.raises(ValueError, match="ForwardAccumulator primals must be Tensors or Variables, got 1.0"):
        tf.autodiff.ForwardAccumulator(1.0, 1.0)
    with pytest.raises(
        ValueError,
        match="Tensor conversion requested dtype float32 for Tensor with dtype "
        "float64: .*cast it with tf.cast",
    ):
        tf.autodiff.ForwardAccumulator(x, tf.ones([2], tf.float64))
    with pytest.warns(UserWarning, match="The dtype of the watched primal must be floating"):
        tf.autodiff.ForwardAccumulator(tf.constant(1), tf.constant(1))
    with tf.autodiff.ForwardAccumulator(x, tf.ones([2])) as acc:
        y = x * x
    with pytest.raises(TypeError, match="ForwardAccumulator.jvp takes Tensors or Variables, got 2.0"):
        acc.jvp([y, 2.0])


def test_forward_accumulator_tangent_of_another_shape_fails_when_used():
    """TF 2.21 accepts the tangent when the accumulator is created, returns it from jvp(primal),
    and raises ValueError when an op inside the block reads the primal."""
    x, v = tf.constant([1.0, 2.0, 3.0]), tf.Variable([1.0, 2.0, 3.0])
    for primal in (x, v):
        acc = tf.autodiff.ForwardAccumulator(primal, tf.constant([1.0, 2.0]))
        with acc:
            with pytest.raises(
                ValueError,
                match=re.escape(
                    "Shapes (2,) and (3,) are incompatible: the tangent given to ForwardAccumulator for a "
                    "primal of shape (3,) has shape (2,), and Mul read that primal. Give each tangent its "
                    "primal's shape."
                ),
            ):
                primal * primal
        np.testing.assert_array_equal(acc.jvp(primal).numpy(), [1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)):
        with pytest.raises(ValueError, match=r"Shapes \(\) and \(3,\) are incompatible: .* Sin read"):
            tf.sin(x)


def test_conv2d_takes_several_batch_dimensions_as_tf():
    x = tf.reshape(tf.range(2 * 3 * 4 * 4 * 2, dtype=tf.float32), [2, 3, 4, 4, 2])
    k = tf.reshape(tf.range(2 * 2 * 2 * 3, dtype=tf.float32), [2, 2, 2, 3])
    out = tf.nn.conv2d(x, k, 1, "VALID")
    flat = tf.nn.conv2d(tf.reshape(x, [6, 4, 4, 2]), k, 1, "VALID")
    assert out.shape == (2, 3, 3, 3, 3)
    np.testing.assert_array_equal(out.numpy().reshape(6, 3, 3, 3), flat.numpy())


def test_keras_layer_argument_errors():
    with pytest.warns(UserWarning, match="Do not pass an `input_shape`/`input_dim` argument to a layer"):
        tf.keras.layers.Dense(2, input_shape=(3,))
    layer = tf.keras.layers.Dense(2)
    with pytest.raises(
        TypeError, match="add_weight\\(\\) takes at most 3 positional arguments but 4 were given"
    ):
        layer.add_weight((2,), "zeros", "float32", True)
    with pytest.raises(ValueError, match="Layer.add_weight: the initializer of 'w' returned shape"):
        layer.add_weight(shape=(2,), initializer=lambda shape, dtype=None: tf.zeros([3]), name="w")


def test_keras_initializer_errors():
    init = tf.keras.initializers
    with pytest.raises(NotImplementedError, match="Initializer must implement __call__"):
        init.Initializer()((2,))
    with pytest.raises(ValueError, match="Argument `scale` must be positive float. Received: scale=0"):
        init.VarianceScaling(0.0)
    with pytest.raises(ValueError, match="Invalid `mode` argument: fan_out_in. Please use one of"):
        init.VarianceScaling(1.0, mode="fan_out_in")
    with pytest.raises(ValueError, match="Invalid `distribution` argument: cauchy. Please use one of"):
        init.VarianceScaling(1.0, distribution="cauchy")
    layer = tf.keras.layers.Dense(2, kernel_initializer=tf.ones([4, 2]))
    with pytest.raises(
        ValueError,
        match=re.escape(
            "Expected `shape` to be (4, 2) for direct tensor as initializer. Received shape=(3, 2)"
        ),
    ):
        layer(tf.ones([1, 3]))
