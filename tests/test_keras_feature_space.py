"""keras.utils.FeatureSpace on numeric and integer-categorical features: Keras 3.15's outputs
(tests/keras_utils_reference.py); string features, hashing and crosses raise."""

from __future__ import annotations

import numpy as np
import pytest
from keras_utils_cases import FEATURE_SPACE_KINDS, FEATURES
from keras_utils_reference import REFERENCE

import tapejax as tf

FS = tf.keras.utils.FeatureSpace


def test_feature_space_is_keras():
    space = FS(FEATURE_SPACE_KINDS(FS))
    space.adapt(tf.data.Dataset.from_tensor_slices(FEATURES))
    got = space({k: v[:3] for k, v in FEATURES.items()})
    np.testing.assert_allclose(got.numpy(), REFERENCE["feature_space"]["concat"], rtol=1e-5, atol=1e-5)
    one = space({"a": 2.0, "n": 1.0, "d": 0.5, "k": 9, "r": 4.0})
    assert one.shape == (10,)
    np.testing.assert_allclose(one.numpy(), REFERENCE["feature_space"]["one"], rtol=1e-5, atol=1e-5)
    by_dict = FS({"k": FS.integer_categorical(output_mode="int"), "a": "float"}, output_mode="dict")
    by_dict.adapt(FEATURES)
    out = by_dict({"k": np.array([7, 1, 5]), "a": np.array([1.0, 2.0, 3.0])})
    assert {k: v.numpy().tolist() for k, v in out.items()} == REFERENCE["feature_space"]["dict"]


def test_feature_space_in_a_functional_model():
    space = FS(FEATURE_SPACE_KINDS(FS))
    space.adapt(FEATURES)
    encoded = space.get_encoded_features()
    assert encoded.shape == (None, 10)
    model = tf.keras.Model(space.get_inputs(), tf.keras.layers.Dense(1, kernel_initializer="ones")(encoded))
    row = {k: tf.constant(v[:2, None], "int32" if k == "k" else "float32") for k, v in FEATURES.items()}
    expected = space({k: v[:2] for k, v in FEATURES.items()}).numpy().sum(axis=1, keepdims=True)
    np.testing.assert_allclose(model(row).numpy(), expected, rtol=1e-5)
    trainer = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    trainer.compile("sgd", "mse")
    history = trainer.fit(space(FEATURES), np.ones(6), epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2


def test_feature_space_without_adapt_and_errors():
    rescaled = FS({"x": FS.float_rescaled(scale=2.0)})
    np.testing.assert_allclose(rescaled({"x": np.array([1.0, 2.0])}).numpy(), [[2.0], [4.0]])
    with pytest.raises(ValueError, match="You need to call `.adapt\\(dataset\\)` on the FeatureSpace before"):
        FS({"x": "float_normalized"})({"x": np.array([1.0])})
    with pytest.raises(ValueError, match="The `features` argument cannot be None or empty."):
        FS({})
    with pytest.raises(
        ValueError, match="Invalid value for argument `output_mode`. Expected one of \\{'dict', 'concat'\\}"
    ):
        FS({"x": "float"}, output_mode="list")
    with pytest.raises(
        ValueError,
        match="Invalid value for argument `output_mode`. Expected one of \\{'int', 'one_hot', 'float'\\}",
    ):
        FS.integer_categorical(output_mode="multi_hot")
    with pytest.raises(ValueError, match="Invalid feature type: text"):
        FS({"x": "text"})
    with pytest.raises(ValueError, match="`adapt\\(\\)` can only be called on a tf.data.Dataset or a dict"):
        FS({"x": "float_normalized"}).adapt([1.0])
    with pytest.raises(ValueError, match="A FeatureSpace can only be called with a dict."):
        rescaled([1.0])
    with pytest.raises(
        ValueError, match="Thus its preprocessor should return an integer dtype. Instead it returns a float32"
    ):
        FS({"x": FS.feature("float32", tf.keras.layers.Rescaling(1.0), "one_hot")})({"x": np.array([1.0])})
    with pytest.raises(
        ValueError, match="the dimensionality of its output space is not known, thus it cannot be one-hot"
    ):
        FS({"x": FS.feature("int32", tf.keras.layers.Identity(), "one_hot")})({"x": np.array([1])})
    with pytest.raises(
        ValueError, match="Cannot concatenate features because feature 'k' has not been encoded"
    ):
        FS({"k": FS.integer_categorical(output_mode="int")}).adapt(FEATURES)


@pytest.mark.parametrize(
    "call, what",
    [
        (lambda: FS({"s": "string_categorical"}), "string_categorical"),
        (lambda: FS({"s": "string_hashed"}), "string_hashed"),
        (lambda: FS({"s": "integer_hashed"}), "integer_hashed"),
        (lambda: FS.cross(["a", "b"], 8), "cross"),
        (lambda: FS({"a": "float", "b": "float"}, crosses=[("a", "b")]), "crosses"),
    ],
)
def test_feature_space_string_features_raise(call, what):
    with pytest.raises(NotImplementedError, match=f"FeatureSpace.{what}: tapejax has no string tensors"):
        call()
