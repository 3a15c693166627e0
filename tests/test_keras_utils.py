"""tf.keras.utils: to_categorical, normalize, pad_sequences, set_random_seed, timeseries datasets,
split_dataset, the custom-object registry and serialize/deserialize_keras_object (issue 11).

Expected values: the same calls run with TF 2.21 (Keras 3) in a scratch install.
"""

import random

import numpy as np
import pytest

import tapejax as tf

U = tf.keras.utils


def test_to_categorical_and_normalize():
    got = U.to_categorical([[1], [0], [3]])
    assert got.dtype == np.float64
    assert got.tolist() == [[0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]]
    assert U.to_categorical(np.array([[0, 2], [1, 1]]), 4).shape == (2, 2, 4)
    tensor = U.to_categorical(tf.constant([[1], [2]]), 3)
    assert tensor.dtype == tf.float32 and tensor.numpy().tolist() == [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    assert U.normalize(np.array([[3.0, 4.0], [0.0, 0.0]])).tolist() == [[0.6, 0.8], [0.0, 0.0]]
    assert U.normalize(np.array([[1.0, -2.0, 2.0]]), order=1).tolist() == [[0.2, -0.4, 0.4]]
    np.testing.assert_allclose(
        U.normalize(np.array([[3.0, 4.0], [1.0, 1.0]]), axis=0),
        [[0.9486832980505138, 1.2649110640673518], [0.24253562503633297, 0.24253562503633297]],
        rtol=1e-15,
    )
    tensor = U.normalize(tf.constant([[3.0, 4.0], [0.0, 0.0]]))
    assert tensor.dtype == tf.float32
    assert tensor.numpy().tolist() == [[0.6000000238418579, 0.800000011920929], [0.0, 0.0]]
    assert U.normalize(tf.constant([[1.0, -2.0, 2.0]]), order=1).numpy().tolist() == [
        [0.20000000298023224, -0.4000000059604645, 0.4000000059604645]
    ]


def test_pad_sequences():
    seqs = [[1, 2, 3, 4], [5, 6], [], [7]]
    assert U.pad_sequences(seqs).tolist() == [[1, 2, 3, 4], [0, 0, 5, 6], [0, 0, 0, 0], [0, 0, 0, 7]]
    assert U.pad_sequences(seqs, maxlen=3, padding="post", truncating="post", value=-1).tolist() == [
        [1, 2, 3],
        [5, 6, -1],
        [-1, -1, -1],
        [7, -1, -1],
    ]
    floats = U.pad_sequences([[0.5, 1.5], [2.5]], dtype="float32", maxlen=3)
    assert floats.dtype == np.float32 and floats.tolist() == [[0.0, 0.5, 1.5], [0.0, 0.0, 2.5]]
    assert U.pad_sequences([[[1, 2], [3, 4]], [[5, 6]]]).tolist() == [[[1, 2], [3, 4]], [[0, 0], [5, 6]]]


def test_pad_sequences_errors():
    seqs = [[1, 2, 3, 4], [5, 6], [], [7]]
    with pytest.raises(ValueError, match='^Padding type "mid" not understood$'):
        U.pad_sequences(seqs, maxlen=2, padding="mid")
    with pytest.raises(ValueError, match='^Truncating type "mid" not understood$'):
        U.pad_sequences(seqs, maxlen=2, truncating="mid")
    with pytest.raises(ValueError) as info:
        U.pad_sequences(seqs, value="x")
    assert str(info.value) == (
        "`dtype` int32 is not compatible with `value`'s type: <class 'str'>\nYou "
        "should set `dtype=object` for variable length strings."
    )
    with pytest.raises(ValueError, match="^`sequences` must be iterable.$"):
        U.pad_sequences(5)
    with pytest.raises(ValueError, match="^`sequences` must be a list of iterables. Found non-iterable: 3$"):
        U.pad_sequences([[1], 3])
    with pytest.raises(
        ValueError,
        match=r"^Shape of sample \(3,\) of sequence at position 1 is different "
        r"from expected shape \(2,\)$",
    ):
        U.pad_sequences([[[1, 2]], [[1, 2, 3]]])


def test_set_random_seed_seeds_python_numpy_and_tapejax():
    U.set_random_seed(5)
    assert (random.random(), np.random.rand()) == (0.6229016948897019, 0.22199317108973948)  # TF's
    first = tf.keras.layers.Dense(3)
    first.build((None, 4))
    noise = tf.random.uniform([3])
    U.set_random_seed(5)
    second = tf.keras.layers.Dense(3)
    second.build((None, 4))
    np.testing.assert_array_equal(first.kernel.numpy(), second.kernel.numpy())
    np.testing.assert_array_equal(noise.numpy(), tf.random.uniform([3]).numpy())
    with pytest.raises(
        ValueError,
        match=r"^Expected `seed` argument to be an integer. Received: seed=1.5 "
        r"\(of type <class 'float'>\)$",
    ):
        U.set_random_seed(1.5)


def test_timeseries_dataset_from_array():
    data, targets = np.arange(20, dtype="float32").reshape(10, 2), np.arange(100, 110)
    ds = U.timeseries_dataset_from_array(
        data,
        targets,
        sequence_length=3,
        sequence_stride=2,
        sampling_rate=2,
        batch_size=2,
        start_index=1,
        end_index=9,
    )
    assert [(x.numpy().tolist(), y.numpy().tolist()) for x, y in ds] == [
        ([[[2.0, 3.0], [6.0, 7.0], [10.0, 11.0]], [[6.0, 7.0], [10.0, 11.0], [14.0, 15.0]]], [101, 103])
    ]
    ds = U.timeseries_dataset_from_array(np.arange(10), None, sequence_length=4, batch_size=None)
    assert [x.numpy().tolist() for x in ds] == [
        [0, 1, 2, 3],
        [1, 2, 3, 4],
        [2, 3, 4, 5],
        [3, 4, 5, 6],
        [4, 5, 6, 7],
        [5, 6, 7, 8],
        [6, 7, 8, 9],
    ]
    assert ds.element_spec.dtype == tf.int64
    ds = U.timeseries_dataset_from_array(
        np.arange(10), np.arange(10), sequence_length=4, batch_size=3, shuffle=True, seed=7
    )
    pairs = [(int(w[0]), int(t)) for x, y in ds for w, t in zip(x.numpy(), y.numpy(), strict=True)]
    assert sorted(pairs) == [(i, i) for i in range(7)]  # every window once, with its target


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"start_index": -1}, "`start_index` must be 0 or greater. Received: start_index=-1"),
        (
            {"start_index": 20},
            "`start_index` must be lower than the length of the data. Received: "
            "start_index=20, for data of length 10",
        ),
        (
            {"start_index": 5, "end_index": 3},
            "`end_index` must be higher than `start_index`. Received: start_index=5, and end_index=3 ",
        ),
        (
            {"end_index": 10},
            "`end_index` must be lower than the length of the data. Received: end_index=10, for "
            "data of length 10",
        ),
        ({"sampling_rate": 0}, "`sampling_rate` must be higher than 0. Received: sampling_rate=0"),
        (
            {"sequence_stride": 10},
            "`sequence_stride` must be lower than the length of the data. Received: "
            "sequence_stride=10, for data of length 10",
        ),
    ],
)
def test_timeseries_dataset_errors(kwargs, message):
    with pytest.raises(ValueError) as info:
        U.timeseries_dataset_from_array(np.arange(10), None, 3, **kwargs)
    assert str(info.value) == message


def test_split_dataset():
    left, right = U.split_dataset(np.arange(10), left_size=0.7, shuffle=True, seed=3)
    assert ([int(x) for x in left], [int(x) for x in right]) == ([1, 5, 6, 0, 9, 4, 7], [2, 8, 3])  # TF's
    left, right = U.split_dataset((np.arange(6).reshape(6, 1), np.arange(6) * 10), right_size=2)
    assert [(a.numpy().tolist(), int(b)) for a, b in left] == [([0], 0), ([1], 10), ([2], 20), ([3], 30)]
    assert [(a.numpy().tolist(), int(b)) for a, b in right] == [([4], 40), ([5], 50)]
    left, right = U.split_dataset(tf.data.Dataset.range(5), left_size=2, right_size=2)
    assert ([int(x) for x in left], [int(x) for x in right]) == ([0, 1], [3, 4])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {},
            "At least one of the `left_size` or `right_size` must be specified. Received: left_size=None and "
            "right_size=None",
        ),
        (
            {"left_size": 10},
            "`left_size` should be either a positive integer smaller than 10, or a float within "
            "the range `[0, 1]`. Received: left_size=10",
        ),
        (
            {"right_size": 1.5},
            "`right_size` should be either a positive integer and smaller than 10 or a float "
            "within the range `[0, 1]`. Received: right_size=1.5",
        ),
        (
            {"left_size": 6, "right_size": 6},
            "The sum of `left_size` and `right_size` should be smaller than "
            "the 10. Received: left_size + right_size = 12.0and total_length = "
            "10",
        ),
    ],
)
def test_split_dataset_errors(kwargs, message):
    with pytest.raises(ValueError) as info:
        U.split_dataset(np.arange(10), **kwargs)
    assert str(info.value) == message


class Scale(tf.keras.layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        return x * self.factor

    def get_config(self):
        return {**super().get_config(), "factor": self.factor}


def _saved_model_with_scale(tmp_path):
    inputs = tf.keras.Input((2,))
    model = tf.keras.Model(inputs, Scale(3.0)(tf.keras.layers.Dense(2)(inputs)))
    path = str(tmp_path / "m.keras")
    model.save(path)
    return model, path


def test_custom_object_scope_and_global_registry_with_load_model(tmp_path):
    model, path = _saved_model_with_scale(tmp_path)
    x = np.array([[1.0, -1.0]], np.float32)
    with pytest.raises(TypeError, match="Could not locate class 'Scale'"):
        tf.keras.models.load_model(path)
    with U.custom_object_scope({"Scale": Scale}):
        loaded = tf.keras.models.load_model(path)
    np.testing.assert_array_equal(loaded(x).numpy(), model(x).numpy())
    assert loaded.layers[-1].factor == 3.0
    with pytest.raises(TypeError, match="Could not locate class 'Scale'"):  # the scope has closed
        tf.keras.models.load_model(path)
    U.get_custom_objects()["Scale"] = Scale
    try:
        np.testing.assert_array_equal(tf.keras.models.load_model(path)(x).numpy(), model(x).numpy())
    finally:
        del U.get_custom_objects()["Scale"]
    registered = tf.keras.saving.register_keras_serializable(package="Utils")(type("Shift", (Scale,), {}))
    assert U.get_custom_objects()["Utils>Shift"] is registered


def test_serialize_and_deserialize_keras_object():
    layer = tf.keras.layers.Dense(2, activation="relu", name="d")
    config = U.serialize_keras_object(layer)
    assert (config["module"], config["class_name"]) == ("keras.layers", "Dense")
    assert config["registered_name"] is None
    assert config["config"]["units"] == 2 and config["config"]["activation"] == "relu"
    again = U.deserialize_keras_object(config)
    assert type(again) is tf.keras.layers.Dense and again.get_config() == layer.get_config()
    optimizer = U.serialize_keras_object(tf.keras.optimizers.SGD(0.5))
    assert (optimizer["module"], optimizer["class_name"]) == ("keras.optimizers", "SGD")
    assert optimizer["config"]["learning_rate"] == 0.5 and optimizer["config"]["nesterov"] is False
    restored = U.deserialize_keras_object(optimizer)
    assert type(restored) is tf.keras.optimizers.SGD and float(restored.learning_rate) == 0.5
    scaled = U.deserialize_keras_object(U.serialize_keras_object(Scale(4.0)), custom_objects={"Scale": Scale})
    assert type(scaled) is Scale and scaled.factor == 4.0
    assert U.serialize_keras_object([1, "a", None]) == [1, "a", None]
    assert U.deserialize_keras_object("relu") == "relu"


def test_serialized_objects_name_the_keras_module_their_class_declares():
    # Keras 3.15's serialize_keras_object writes the public module of each family (Functional
    # its own); a user's unregistered class is saved under its own Python module.
    K = tf.keras
    inp = K.Input((2,))
    cases = [
        (K.layers.Conv2D(1, 1), "keras.layers"),
        (K.Sequential([K.layers.Dense(1)]), "keras"),
        (K.Model(inp, K.layers.Dense(1)(inp)), "keras.src.models.functional"),
        (K.losses.MeanSquaredError(), "keras.losses"),
        (K.metrics.AUC(), "keras.metrics"),
        (K.metrics.Precision(), "keras.metrics"),
        (K.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9), "keras.optimizers.schedules"),
        (K.initializers.GlorotUniform(), "keras.initializers"),
        (K.regularizers.L2(0.1), "keras.regularizers"),
        (K.constraints.NonNeg(), "keras.constraints"),
        (Scale(2.0), __name__),
    ]
    assert [U.serialize_keras_object(obj)["module"] for obj, _ in cases] == [module for _, module in cases]
