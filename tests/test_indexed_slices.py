"""tf.IndexedSlices: its fields, TF's text, densifying where a tensor is needed (repeated rows
add up), negation, and TF's error without a dense shape. Numbers from TF 2.21."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf


def slices():
    return tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([0, 2]), tf.constant([3, 2]))


def test_fields_and_text():
    s = slices()
    assert s.indices.numpy().tolist() == [0, 2] and s.dense_shape.numpy().tolist() == [3, 2]
    assert s.dtype == tf.float32 and s.shape == [3, 2]
    assert str(s) == (
        "IndexedSlices(indices=tf.Tensor([0 2], shape=(2,), dtype=int32), values=tf.Tensor(\n"
        "[[1. 2.]\n [3. 4.]], shape=(2, 2), dtype=float32), dense_shape=tf.Tensor([3 2], shape=(2,), dtype=int32))"
    )
    assert (-s).values.numpy().tolist() == [[-1, -2], [-3, -4]]


def test_densified_where_a_tensor_is_needed():
    s = slices()
    assert tf.convert_to_tensor(s).numpy().tolist() == [[1, 2], [0, 0], [3, 4]]
    assert (s + tf.ones([3, 2])).numpy().tolist() == [[2, 3], [1, 1], [4, 5]]
    assert tf.add(s, tf.ones([3, 2])).numpy().tolist() == [[2, 3], [1, 1], [4, 5]]
    assert float(tf.reduce_sum(s)) == 10.0
    repeated = tf.IndexedSlices(
        tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([1, 1]), tf.constant([3, 2])
    )
    assert tf.convert_to_tensor(repeated).numpy().tolist() == [[0, 0], [4, 6], [0, 0]]
    with pytest.raises(TypeError):
        s * 2.0  # as TF: IndexedSlices has no arithmetic of its own


def test_densifying_is_differentiable():
    values = tf.Variable([[1.0, 2.0]])
    with tf.GradientTape() as tape:
        dense = tf.convert_to_tensor(tf.IndexedSlices(values * 1.0, tf.constant([1]), tf.constant([3, 2])))
        y = tf.reduce_sum(dense * tf.constant([[1.0, 1.0], [2.0, 3.0], [4.0, 4.0]]))
    np.testing.assert_array_equal(tape.gradient(y, values).numpy(), [[2.0, 3.0]])


def test_without_a_dense_shape():
    s = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]))
    assert s.dense_shape is None and s.shape.as_list() == [None, 2]
    with pytest.raises(
        ValueError,
        match=r"^Tensor conversion requested for IndexedSlices for argument `value` without dense_shape: ",
    ):
        tf.convert_to_tensor(s)


def _variable():
    return tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


def _slices(g):
    assert type(g).__name__ == "IndexedSlices"
    return g.indices.numpy().tolist(), g.values.numpy().tolist(), g.dense_shape.numpy().tolist()


def test_the_gradient_of_a_gather_is_indexed_slices_as_in_tf():
    # Numbers from TF 2.21: indices as gathered (repeats kept), each row's cotangent.
    v = _variable()
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [0, 2, 0]) * tf.constant([[1.0], [2.0], [3.0]]))
    assert _slices(tape.gradient(y, v)) == ([0, 2, 0], [[1, 1], [2, 2], [3, 3]], [3, 2])
    with tf.GradientTape(persistent=True) as tape:
        z = tf.gather(v, [0, 1])
        y = tf.reduce_sum(z * z)
    assert _slices(tape.gradient(y, v)) == ([0, 1], [[2, 4], [6, 8]], [3, 2])
    assert tape.jacobian(z, v).shape == [2, 2, 3, 2]  # a Jacobian stays dense, as TF's
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [[0, 1]]))  # 2-d indices: flattened rows
    assert _slices(tape.gradient(y, v)) == ([0, 1], [[1, 1], [1, 1]], [3, 2])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [0]))
    assert _slices(tape.gradient(y, v, output_gradients=tf.constant(3.0)))[1] == [[3, 3]]


def test_embedding_lookup_sparse_read_and_a_watched_tensor():
    v = _variable()
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.embedding_lookup(v, [1, 1]))
    assert _slices(tape.gradient(y, v)) == ([1, 1], [[1, 1], [1, 1]], [3, 2])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v.sparse_read([2]))
    assert _slices(tape.gradient(y, v)) == ([2], [[1, 1]], [3, 2])
    x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.gather(x, [1]))
    assert _slices(tape.gradient(y, x)) == ([1], [[1, 1]], [3, 2])


def test_other_reads_give_the_dense_gradient_as_in_tf():
    v = _variable()
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [0, 2])) + tf.reduce_sum(v * 2.0)
    assert tape.gradient(y, v).numpy().tolist() == [[3, 3], [2, 2], [3, 3]]
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [1], axis=1))
    assert tape.gradient(y, v).numpy().tolist() == [[0, 1], [0, 1], [0, 1]]


def test_clipping_an_indexed_slices_works_on_its_rows_as_in_tf():
    v = tf.Variable(np.ones((5, 2), np.float32))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [1, 1, 3]) * [[1.0], [2.0], [3.0]])
    g = tape.gradient(y, v)
    clipped, norm = tf.clip_by_global_norm([g, tf.constant([3.0, 4.0])], 1.0)
    np.testing.assert_allclose(float(norm), 7.28011, rtol=1e-6)  # rows counted as given, as TF
    np.testing.assert_allclose(clipped[0].values.numpy()[:, 0], [0.13736, 0.27472, 0.41208], rtol=1e-4)
    by_norm = tf.clip_by_norm(g, 1.0)
    np.testing.assert_allclose(by_norm.values.numpy()[:, 0], [0.18898, 0.37796, 0.56695], rtol=1e-4)
    assert tf.clip_by_value(g, 0.0, 2.5).values.numpy()[:, 0].tolist() == [1.0, 2.0, 2.5]


def test_an_indexed_slices_leaves_a_function_and_applies_with_an_optimizer():
    v = tf.Variable(np.ones((5, 2), np.float32))

    @tf.function
    def grad(ids):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.gather(v, ids))
        return tape.gradient(y, v)

    assert _slices(grad(tf.constant([1, 3]))) == ([1, 3], [[1, 1], [1, 1]], [5, 2])
    tf.keras.optimizers.SGD(0.1).apply_gradients([(grad(tf.constant([1, 1, 3])), v)])
    np.testing.assert_allclose(v.numpy()[:, 0], [1.0, 0.8, 1.0, 0.9, 1.0], rtol=1e-6)  # TF 2.21


@pytest.mark.parametrize(
    "name, want",  # TF 2.21 (Keras 3.15): rows 1 (gathered with 1 and -2) and 3 after two steps
    [
        ("Adam", [1.089442, 0.800002]),
        ("RMSprop", [1.244019, 0.454356]),
        ("Adagrad", [1.075746, 0.830036]),
        ("Nadam", [1.082125, 0.816362]),
    ],
)
def test_keras_optimizers_square_repeated_rows_apart_as_keras(name, want):
    # Keras squares an IndexedSlices row by row: row 1's second moment is 1 + 4, not (1 - 2)**2.
    opt = getattr(tf.keras.optimizers, name)(0.1)
    v = tf.Variable(np.ones((4, 2), np.float32))
    for _ in range(2):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.gather(v, [1, 1, 3]) * [[1.0], [-2.0], [3.0]])
        opt.apply_gradients([(tape.gradient(loss, v), v)])
    np.testing.assert_allclose(v.numpy()[[1, 3], 0], want, rtol=2e-6)
