"""Operators on KerasTensors as Keras 3 operations, and the Lambda layer (issue 11).

``tf.keras.Input(...) * 2.0`` records a ``Multiply`` operation (not a layer) in the functional
graph, as Keras 3 does; expected values were printed by TensorFlow 2.21 (Keras 3.15) running
the same code (``keras_operations_lambda_tf221.keras`` in ``tests/data`` was saved by it).
"""

from __future__ import annotations

import json
import pathlib
import re
import zipfile

import numpy as np
import pytest

import tapejax as tf

DATA = pathlib.Path(__file__).parent / "data"
X = np.linspace(-1, 1, 12).reshape(3, 4).astype("float32")


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


# TF 2.21's summary of the model in ``_brief_model`` (operations are rows, as layers are).
SUMMARY = """\
Model: "functional"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ x (InputLayer)                  │ (None, 4)              │             0 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ multiply (Multiply)             │ (None, 4)              │             0 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ dense (Dense)                   │ (None, 3)              │            15 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ add (Add)                       │ (None, 3)              │             0 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ get_item (GetItem)              │ (None, 2)              │             0 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ lambda (Lambda)                 │ (None, 2)              │             0 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 15 (60.00 B)
 Trainable params: 15 (60.00 B)
 Non-trainable params: 0 (0.00 B)
"""


def _brief_model():
    inp = tf.keras.Input((4,), name="x")
    h = inp * 2.0
    h2 = tf.keras.layers.Dense(3)(h) + 1.0
    h3 = h2[:, :2]
    out = tf.keras.layers.Lambda(lambda t: t * 3.0)(h3)
    return tf.keras.Model(inp, out)


def test_operators_are_operations_in_summary_layers_and_config(capsys):
    model = _brief_model()
    model.summary()
    assert capsys.readouterr().out == SUMMARY
    assert [layer.name for layer in model.layers] == ["x", "dense", "lambda"]
    assert [(op.name, type(op).__name__) for op in model.operations] == [
        ("x", "InputLayer"),
        ("multiply", "Multiply"),
        ("dense", "Dense"),
        ("add", "Add"),
        ("get_item", "GetItem"),
        ("lambda", "Lambda"),
    ]
    layers = model.get_config()["layers"]
    assert [entry["class_name"] for entry in layers] == [
        "InputLayer",
        "Multiply",
        "Dense",
        "Add",
        "GetItem",
        "Lambda",
    ]
    # As TF writes them: an operation's module, registered name, arguments (a slice key too).
    assert layers[1] == {
        "module": "keras.src.ops.numpy",
        "class_name": "Multiply",
        "config": {"name": "multiply"},
        "registered_name": "Multiply",
        "name": "multiply",
        "inbound_nodes": [
            {
                "args": [
                    {
                        "class_name": "__keras_tensor__",
                        "config": {"shape": [None, 4], "dtype": "float32", "keras_history": ["x", 0, 0]},
                    },
                    2.0,
                ],
                "kwargs": {},
            }
        ],
    }
    assert layers[4]["inbound_nodes"][0]["args"][1] == [
        {"class_name": "__slice__", "config": {"start": None, "stop": None, "step": None}},
        {"class_name": "__slice__", "config": {"start": None, "stop": 2, "step": None}},
    ]
    assert layers[5]["inbound_nodes"][0]["kwargs"] == {"mask": None}
    assert layers[5]["build_config"] == {"input_shape": [None, 2]}
    # The ends mirror the structure the model was given, as Keras writes them.
    assert model.get_config()["input_layers"] == ["x", 0, 0]
    as_lists = tf.keras.Model([model.inputs[0]], [model.outputs[0]]).get_config()
    assert (as_lists["input_layers"], as_lists["output_layers"]) == ([["x", 0, 0]], [["lambda", 0, 0]])


def test_operations_share_the_layers_name_counter():
    x = tf.keras.Input((2,))
    assert (x * 2.0)._keras_history[0].layer.name == "multiply"
    assert tf.keras.layers.Multiply().name == "multiply_1"
    assert (x * x)._keras_history[0].layer.name == "multiply_2"
    assert round(x, 2)._keras_history[0].layer.get_config() == {"name": "round", "decimals": 2}


# Keras 3's ``result_type`` (TF backend) of a tensor of the row's dtype with a tensor of each
# dtype below, then with a Python int and a Python float (weakly typed).
PROMOTION = {
    "bool": ("bool uint8 int8 int16 int32 int64 uint32 bfloat16 float16 float32 float64 int32 float32"),
    "uint8": ("uint8 uint8 int16 int16 int32 int64 uint32 bfloat16 float16 float32 float64 uint8 float32"),
    "int8": ("int8 int16 int8 int16 int32 int64 int64 bfloat16 float16 float32 float64 int8 float32"),
    "int16": ("int16 int16 int16 int16 int32 int64 int64 bfloat16 float16 float32 float64 int16 float32"),
    "int32": ("int32 int32 int32 int32 int32 int64 int64 bfloat16 float16 float32 float64 int32 float32"),
    "int64": ("int64 int64 int64 int64 int64 int64 int64 bfloat16 float16 float32 float64 int64 float32"),
    "uint32": (
        "uint32 uint32 int64 int64 int64 int64 uint32 bfloat16 float16 float32 float64 uint32 float32"
    ),
    "bfloat16": (
        "bfloat16 bfloat16 bfloat16 bfloat16 bfloat16 bfloat16 bfloat16"
        " bfloat16 float32 float32 float64 bfloat16 bfloat16"
    ),
    "float16": (
        "float16 float16 float16 float16 float16 float16 float16"
        " float32 float16 float32 float64 float16 float16"
    ),
    "float32": (
        "float32 float32 float32 float32 float32 float32 float32"
        " float32 float32 float32 float64 float32 float32"
    ),
    "float64": (
        "float64 float64 float64 float64 float64 float64 float64"
        " float64 float64 float64 float64 float64 float64"
    ),
}
OTHERS = [
    "bool",
    "uint8",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint32",
    "bfloat16",
    "float16",
    "float32",
    "float64",
]


def test_symbolic_dtypes_follow_keras_promotion():
    for left, row in PROMOTION.items():
        x = tf.keras.Input((1,), dtype=left)
        found = [(x + tf.keras.Input((1,), dtype=right)).dtype for right in OTHERS]
        found += [(x + 1).dtype, (x + 1.0).dtype]
        assert " ".join(found) == row, left


# TF's predictions of ``_int_model`` for [[-3, 0, 1], [2, 5, -1]]: dtype and values per output.
INT_OUTPUTS = [
    ("float32", [[-6.0, 0.0, 2.0], [4.0, 10.0, -2.0]]),
    ("float32", [[1.0, np.nan, 1.0], [1.0, 1.0, 1.0]]),
    ("int32", [[-2, 0, 0], [1, 2, -1]]),
    ("int32", [[1, 0, 1], [0, 1, 1]]),
    ("int32", [[9, 0, 1], [4, 25, 1]]),
    ("int32", [[4, 32, 64], [128, 1024, 16]]),
    ("bool", [[True, True, False], [False, False, True]]),
    ("int32", [[3, 0, -1], [-2, -5, 1]]),
    ("int32", [[3, 0, 1], [2, 5, 1]]),
    ("bool", [[True, True, True], [False, False, True]]),
    ("bool", [[False, False, False], [False, False, False]]),
    ("bool", [[True, False, True], [True, True, False]]),
    ("bool", [[True, True, False], [True, True, True]]),
    ("float32", [[-2.0, 0.0, 0.0], [1.0, 2.0, -0.0]]),
    (
        "float32",
        [
            [-1.100000023841858, 0.0, 0.4000000059604645],
            [0.699999988079071, 1.8000000715255737, -0.4000000059604645],
        ],
    ),
    ("bool", [[True, True, False], [True, True, True]]),
    ("bool", [[False, False, True], [True, True, False]]),
    ("bool", [[True, True, False], [False, False, True]]),
    ("int32", [[10, 7, 6], [5, 2, 8]]),
    ("int32", [[3, 1, 1], [1, 0, 1]]),
    ("int32", [[1, 2, 1], [0, 7, 3]]),
    (
        "float32",
        [[0.5, 0.20000000298023224, 0.1666666716337204], [0.1428571492433548, 0.10000000149011612, 0.25]],
    ),
]


def _int_model():
    xi = tf.keras.Input((3,), dtype="int32", name="xi")
    outs = [
        xi * 2.0,
        xi / xi,
        xi // 2,
        xi % 2,
        xi**2,
        2 ** (xi + 5),
        xi < 1,
        -xi,
        abs(xi),
        ~(xi > 1),
        (xi > 1) & (xi < 2),
        (xi > 0) | (xi < -1),
        (xi > 0) ^ (xi < 2),
        round(xi * 0.5),
        round(xi * 0.37, 1),
        xi != 1,
        xi >= 1,
        xi <= 0,
        7 - xi,
        7 // (xi + 5),
        7 % (xi + 5),
        1 / (xi + 5),
    ]
    return tf.keras.Model(xi, outs)


def test_every_operator_replays_with_keras_dtypes():
    model = _int_model()
    got = model.predict(np.array([[-3, 0, 1], [2, 5, -1]], "int32"), verbose=0)
    assert [x.dtype for x in model.outputs] == [dtype for dtype, _ in INT_OUTPUTS]
    for value, (dtype, expected) in zip(got, INT_OUTPUTS, strict=True):
        assert value.dtype == np.dtype(dtype)
        np.testing.assert_array_equal(value, np.array(expected, dtype))


def test_float_graph_with_shared_tensors_matches_tf(capsys):
    inp = tf.keras.Input((4,), name="x")
    h2 = tf.keras.layers.Dense(3, name="d")(inp * 2.0) + 1.0
    h3 = h2[:, :2]
    a = -h3 / 4.0 - 1.0
    b = (2.0**a) % 1.5 + abs(h3) // 2.0
    c = 1.0 - b * 0.5 + h3 @ np.ones((2, 2), "float32")
    model = tf.keras.Model(inp, [c, c[..., None, 1:]])
    model.get_layer("d").set_weights([np.arange(12).reshape(4, 3) / 10.0, np.array([0.1, -0.2, 0.3])])
    got = model.predict(X, verbose=0)
    expected = [
        [-2.1231729984283447, -2.1720261573791504],
        [3.802931070327759, 3.792900323867798],
        [8.68967342376709, 8.695365905761719],
    ]
    np.testing.assert_allclose(got[0], expected, rtol=1e-6)
    np.testing.assert_allclose(got[1], np.array(expected)[:, None, 1:], rtol=1e-6)
    # Keras' order (by depth, then first visit) and its "Connected to" cells, cut with an ellipsis.
    assert [op.name for op in model.operations] == [
        "x",
        "multiply",
        "d",
        "add",
        "get_item",
        "negative",
        "true_divide",
        "subtract",
        "power",
        "absolute",
        "mod",
        "floor_divide",
        "add_1",
        "multiply_1",
        "subtract_1",
        "matmul",
        "add_2",
        "get_item_1",
    ]
    model.summary()
    cells = (
        "│ add_1 (Add)         │ (None, 2)         │          0 │ mod[0][0],        │\n"
        "│                     │                   │            │ floor_divide[0][… │"
    )
    assert cells in capsys.readouterr().out


def test_keras_tensor_misuse_raises_tf_errors():
    x = tf.keras.Input((2,))
    message = (
        "A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbolic "
        "placeholder for a shape and dtype, used when constructing Keras Functional models or Keras "
        "Functions. You can only use it as input to a Keras layer or a Keras operation (from the "
        "namespaces `keras.layers` and `keras.ops`). You are likely doing something like:\n\n```\nx = "
        "Input(...)\n...\ntf_fn(x)  # Invalid.\n```\n\nWhat you should do instead is wrap `tf_fn` in a "
        "layer:\n\n```\nclass MyLayer(Layer):\n    def call(self, x):\n        return tf_fn(x)\n\nx = "
        "MyLayer()(x)\n```\n"
    )
    for call in (
        lambda: tf.concat([x, x], 0),
        lambda: tf.nn.relu(x),
        lambda: tf.reduce_sum(x),
        lambda: tf.add(x, 1.0),
        lambda: tf.convert_to_tensor(x),
        lambda: tf.matmul(x, x),
    ):
        with pytest.raises(ValueError) as info:
            call()
        assert str(info.value) == message
    with pytest.raises(
        ValueError, match=re.escape("Unsupported key type for array slice. Received: `slice(None, 1, None)`")
    ):
        x[:1]
    with pytest.raises(
        ValueError, match=re.escape("Slice should only have one ellipsis. Received: `(Ellipsis, Ellipsis)`")
    ):
        x[..., ...]
    with pytest.raises(
        ValueError,
        match=re.escape("Array has shape (None, 2) but slice has to many indices. Received: `(0, 0, 0)`"),
    ):
        x[0, 0, 0]
    with pytest.raises(TypeError, match="A symbolic KerasTensor cannot be used as a boolean."):
        bool(x)
    with pytest.raises(NotImplementedError, match="Iterating over a symbolic KerasTensor is not supported."):
        iter(x)
    with pytest.raises(ValueError, match="You cannot convert it to an int."):
        int(x)
    with pytest.raises(ValueError, match="You cannot convert it to a float."):
        float(x)
    with pytest.raises(
        ValueError,
        match=re.escape(
            "placeholder for a shape an a dtype. It doesn't have "
            "any actual numerical value. You cannot convert it to a"
        ),
    ):
        np.asarray(x)


def test_lambda_layer_shapes_dtype_arguments_and_config():
    x = tf.keras.Input((4,), name="x")
    assert tf.keras.layers.Lambda(lambda t: t > 0)(x).dtype == "float32"  # the layer's dtype, as Keras
    assert tf.keras.layers.Lambda(lambda t: t[:, :2], output_shape=(7,))(x).shape == (None, 7)
    assert tf.keras.layers.Lambda(lambda t, k: t[:, :2] * k, arguments={"k": 2.0})(x).shape == (None, 2)

    def double(t, k=2.0):
        return t * k

    layer = tf.keras.layers.Lambda(double, arguments={"k": 3.0})
    np.testing.assert_array_equal(layer(tf.constant([1.0, 2.0])).numpy(), [3.0, 6.0])
    config = layer.get_config()
    assert config["function"] == {
        "module": "builtins",
        "class_name": "function",
        "config": "double",
        "registered_name": "function",
    }
    assert config["arguments"] == {"k": 3.0}
    assert tf.keras.layers.Lambda.from_config(config, custom_objects={"double": double}).function is double
    with pytest.raises(
        TypeError,
        match=re.escape("Could not locate function 'double'. Make sure custom classes are decorated with"),
    ):
        tf.keras.layers.Lambda.from_config(config)
    with pytest.raises(ValueError, match="Invalid input type for serialization. Received: zeros of type"):
        tf.keras.layers.Lambda(double, mask="zeros").get_config()


def test_getitem_out_of_bounds():
    x = tf.keras.Input((2,))
    assert x[0, 1].shape == ()
    assert x[:, -2].shape == (None,)
    with pytest.raises(
        ValueError, match=re.escape("Array has shape (None, 2) but out-of-bounds index (0, 2) was requested.")
    ):
        x[0, 2]


def test_lambda_model_saving_needs_safe_mode_false(tmp_path):
    model = _brief_model()
    model.save(tmp_path / "m.keras")
    with pytest.raises(
        ValueError,
        match=re.escape(
            "Requested the deserialization of a `Lambda` layer whose `function` is a Python lambda. This "
            "carries a potential risk of arbitrary code execution and thus it is disallowed by default."
        ),
    ):
        tf.keras.models.load_model(tmp_path / "m.keras")
    loaded = tf.keras.models.load_model(tmp_path / "m.keras", safe_mode=False)
    np.testing.assert_array_equal(loaded.predict(X, verbose=0), model.predict(X, verbose=0))
    assert [op.name for op in loaded.operations] == [op.name for op in model.operations]
    with zipfile.ZipFile(tmp_path / "m.keras") as archive:
        config = json.loads(archive.read("config.json"))
    assert config["config"]["layers"][1]["module"] == "keras.src.ops.numpy"


def test_file_written_by_tensorflow_with_operations_and_lambda_loads():
    # TF: Dense 'd' on x * 2.0, + 1.0; outputs Lambda(t[:, :2] * k, k=3) and -h[..., None, 1:] ** 2.
    model = tf.keras.models.load_model(DATA / "keras_operations_lambda_tf221.keras", safe_mode=False)
    assert [op.name for op in model.operations] == [
        "x",
        "multiply",
        "d",
        "add",
        "get_item",
        "power",
        "lambda",
        "negative",
    ]
    first, second = model.predict(X, verbose=0)
    np.testing.assert_allclose(
        first,
        [
            [-2.918182373046875, -5.56363582611084],
            [4.93636417388916, 4.03636360168457],
            [12.790909767150879, 13.636363983154297],
        ],
        rtol=1e-6,
    )
    np.testing.assert_allclose(
        second,
        [
            [[-3.439338445663452, -3.749504327774048]],
            [[-1.8102480173110962, -3.405703067779541]],
            [[-20.661155700683594, -31.666202545166016]],
        ],
        rtol=1e-6,
    )


def test_tf_tensor_protocol_converts_objects_as_tf_does():
    # How a KerasTensor reaches every tapejax op: TF's ``__tf_tensor__`` conversion protocol.
    class Pair:
        def __tf_tensor__(self, dtype=None, name=None):
            return tf.constant([1.0, 2.0], dtype=dtype)

    np.testing.assert_array_equal(tf.convert_to_tensor(Pair()).numpy(), [1.0, 2.0])
    np.testing.assert_array_equal(tf.add(Pair(), 1.0).numpy(), [2.0, 3.0])
