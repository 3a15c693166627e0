"""Keras activations on KerasTensors record Keras 3's operations (issue 11).

``tf.keras.activations.relu(x)`` on a ``tf.keras.Input`` is a ``ReLU`` operation in Keras 3
(``Sigmoid``, ``Softmax``... for the others). Expected configs and values were printed by
TensorFlow 2.21 (Keras 3.15) for ``_model``; ``keras_activation_ops_tf221.keras`` was saved by it.
"""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

import tapejax as tf

DATA = pathlib.Path(__file__).parent / "data"
V = np.linspace(-3, 3, 8, dtype=np.float32).reshape(2, 4)


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


def _model():
    x = tf.keras.Input((4,), name="x")
    a = tf.keras.activations
    outs = [
        a.relu(x),
        a.sigmoid(x),
        a.tanh(x),
        a.softmax(x),
        a.elu(x),
        a.selu(x),
        a.softplus(x),
        a.softsign(x),
        a.swish(x),
        a.gelu(x),
        a.exponential(x),
        a.leaky_relu(x),
        a.relu6(x),
        a.hard_sigmoid(x),
        a.log_softmax(x, axis=1),
        a.silu(x),
        a.relu(x, max_value=6.0),
        a.elu(x, alpha=0.5),
        a.gelu(x, approximate=True),
    ]
    return tf.keras.Model(x, outs)


# (module, class, config) of each operation, as TF's get_config writes them.
CONFIGS = [
    (
        "keras.src.activations.activations",
        "ReLU",
        {"name": "re_lu", "negative_slope": 0.0, "max_value": None, "threshold": 0.0},
    ),
    ("keras.src.ops.nn", "Sigmoid", {"name": "sigmoid"}),
    ("keras.src.ops.numpy", "Tanh", {"name": "tanh"}),
    ("keras.src.ops.nn", "Softmax", {"name": "softmax", "axis": -1}),
    ("keras.src.ops.nn", "Elu", {"name": "elu", "alpha": 1.0}),
    ("keras.src.ops.nn", "Selu", {"name": "selu"}),
    ("keras.src.ops.nn", "Softplus", {"name": "softplus"}),
    ("keras.src.ops.nn", "Softsign", {"name": "softsign"}),
    ("keras.src.ops.nn", "Silu", {"name": "silu"}),
    ("keras.src.ops.nn", "Gelu", {"name": "gelu", "approximate": False}),
    ("keras.src.ops.numpy", "Exp", {"name": "exp"}),
    ("keras.src.ops.nn", "LeakyRelu", {"name": "leaky_relu", "negative_slope": 0.2}),
    ("keras.src.ops.nn", "Relu6", {"name": "relu6"}),
    ("keras.src.ops.nn", "HardSigmoid", {"name": "hard_sigmoid"}),
    ("keras.src.ops.nn", "LogSoftmax", {"name": "log_softmax", "axis": 1}),
    ("keras.src.ops.nn", "Silu", {"name": "silu_1"}),
    (
        "keras.src.activations.activations",
        "ReLU",
        {"name": "re_lu_1", "negative_slope": 0.0, "max_value": 6.0, "threshold": 0.0},
    ),
    ("keras.src.ops.nn", "Elu", {"name": "elu_1", "alpha": 0.5}),
    ("keras.src.ops.nn", "Gelu", {"name": "gelu_1", "approximate": True}),
]

# TF's outputs for V, rounded to 5 decimals.
VALUES = [
    [[0.0, 0.0, 0.0, 0.0], [0.4285700023174286, 1.2857099771499634, 2.142859935760498, 3.0]],
    [
        [0.04743000119924545, 0.10499999672174454, 0.21658000349998474, 0.3944700062274933],
        [0.6055300235748291, 0.7834200263023376, 0.8949999809265137, 0.9525700211524963],
    ],
    [
        [-0.9950500130653381, -0.9728500247001648, -0.8579999804496765, -0.4041300117969513],
        [0.4041300117969513, 0.8579999804496765, 0.9728500247001648, 0.9950500130653381],
    ],
    [
        [0.04546999931335449, 0.10713999718427658, 0.2524699866771698, 0.5949199795722961],
        [0.04546999931335449, 0.10713999718427658, 0.2524699866771698, 0.5949199795722961],
    ],
    [
        [-0.9502099752426147, -0.8826799988746643, -0.723550021648407, -0.34856000542640686],
        [0.4285700023174286, 1.2857099771499634, 2.142859935760498, 3.0],
    ],
    [
        [-1.6705700159072876, -1.5518399477005005, -1.272070050239563, -0.6128000020980835],
        [0.450300008058548, 1.3509000539779663, 2.251499891281128, 3.152100086212158],
    ],
    [
        [0.048590000718832016, 0.11093000322580338, 0.2440900057554245, 0.5016499757766724],
        [0.9302200078964233, 1.5298000574111938, 2.2537899017333984, 3.0485899448394775],
    ],
    [
        [-0.75, -0.6818199753761292, -0.5625, -0.30000001192092896],
        [0.30000001192092896, 0.5625, 0.6818199753761292, 0.75],
    ],
    [
        [-0.1422799974679947, -0.22499999403953552, -0.27845999598503113, -0.16906000673770905],
        [0.25951001048088074, 1.0072599649429321, 1.9178600311279297, 2.857719898223877],
    ],
    [
        [-0.004050000105053186, -0.03441999852657318, -0.12762999534606934, -0.14318999648094177],
        [0.2853800058364868, 1.158079981803894, 2.1084399223327637, 2.9959499835968018],
    ],
    [
        [0.049789998680353165, 0.1173200011253357, 0.2764500081539154, 0.6514400243759155],
        [1.5350600481033325, 3.6172499656677246, 8.523759841918945, 20.085540771484375],
    ],
    [
        [-0.6000000238418579, -0.4285700023174286, -0.25714001059532166, -0.08570999652147293],
        [0.4285700023174286, 1.2857099771499634, 2.142859935760498, 3.0],
    ],
    [[0.0, 0.0, 0.0, 0.0], [0.4285700023174286, 1.2857099771499634, 2.142859935760498, 3.0]],
    [
        [0.0, 0.14285999536514282, 0.28571000695228577, 0.4285700023174286],
        [0.5714300274848938, 0.7142900228500366, 0.8571400046348572, 1.0],
    ],
    [
        [-3.090749979019165, -2.233609914779663, -1.3764699697494507, -0.519320011138916],
        [-3.090749979019165, -2.233609914779663, -1.3764699697494507, -0.519320011138916],
    ],
    [
        [-0.1422799974679947, -0.22499999403953552, -0.27845999598503113, -0.16906000673770905],
        [0.25951001048088074, 1.0072599649429321, 1.9178600311279297, 2.857719898223877],
    ],
    [[0.0, 0.0, 0.0, 0.0], [0.4285700023174286, 1.2857099771499634, 2.142859935760498, 3.0]],
    [
        [-0.4751099944114685, -0.44133999943733215, -0.36177000403404236, -0.17428000271320343],
        [0.4285700023174286, 1.2857099771499634, 2.142859935760498, 3.0],
    ],
    [
        [-0.003640000009909272, -0.03420000150799751, -0.12785999476909637, -0.14319999516010284],
        [0.28536999225616455, 1.1578500270843506, 2.1086599826812744, 2.9963600635528564],
    ],
]


def test_activations_record_keras_operations():
    model = _model()
    found = [(e["module"], e["class_name"], e["config"]) for e in model.get_config()["layers"][1:]]
    assert found == CONFIGS
    assert [layer.name for layer in model.layers] == ["x"]
    for value, expected in zip(model.predict(V, verbose=0), VALUES, strict=True):
        np.testing.assert_allclose(np.round(value, 5), expected, atol=2e-5)
    # On tensors they are the activations themselves.
    np.testing.assert_allclose(tf.keras.activations.relu(tf.constant([-1.0, 2.0])).numpy(), [0.0, 2.0])


def test_activation_operations_save_and_load_both_ways(tmp_path):
    loaded = tf.keras.models.load_model(DATA / "keras_activation_ops_tf221.keras")
    for value, expected in zip(loaded.predict(V, verbose=0), VALUES, strict=True):
        np.testing.assert_allclose(np.round(value, 5), expected, atol=2e-5)
    model = _model()
    model.save(tmp_path / "a.keras")
    again = tf.keras.models.load_model(tmp_path / "a.keras")
    assert [type(op).__name__ for op in again.operations] == ["InputLayer"] + [c for _, c, _ in CONFIGS]
    for a, b in zip(again.predict(V, verbose=0), model.predict(V, verbose=0), strict=True):
        np.testing.assert_array_equal(a, b)


# TF 2.21 / Keras 3.15: keras.activations.relu(V, **form), rows rounded to 6 decimals.
RELU_FORMS = [
    (
        {"negative_slope": 0.1},
        [[-0.3, -0.214286, -0.128571, -0.042857], [0.428571, 1.285714, 2.142857, 3.0]],
    ),
    (
        {"negative_slope": 0.1, "max_value": 2.5, "threshold": 0.5},
        [[-0.35, -0.264286, -0.178571, -0.092857], [-0.007143, 1.285714, 2.142857, 2.5]],
    ),
    ({"threshold": 1.0}, [[0.0, 0.0, 0.0, 0.0], [0.0, 1.285714, 2.142857, 3.0]]),
    ({"max_value": 2.0}, [[0.0, 0.0, 0.0, 0.0], [0.428571, 1.285714, 2.0, 2.0]]),
]


@pytest.mark.parametrize(("form", "expected"), RELU_FORMS)
def test_relu_forms_on_tensors_and_as_recorded_operations(form, expected):
    got = tf.keras.activations.relu(tf.constant(V), **form).numpy()
    np.testing.assert_allclose(got, expected, atol=2e-6)
    x = tf.keras.Input((4,), name="x")
    model = tf.keras.Model(x, tf.keras.activations.relu(x, **form))
    (entry,) = model.get_config()["layers"][1:]
    assert (entry["class_name"], entry["module"]) == ("ReLU", "keras.src.activations.activations")
    assert entry["config"] == {
        "name": "re_lu",
        "negative_slope": 0.0,
        "max_value": None,
        "threshold": 0.0,
        **form,
    }
    np.testing.assert_allclose(model.predict(V, verbose=0), expected, atol=2e-6)


# The newer activations on a KerasTensor, as TF 2.21 / Keras 3.15 records them (after the
# ReLU above, names counted on; keras.ops.relu is Keras' Relu, keras.ops.gelu approximate).
NEWER = [
    ("celu", (), ("keras.src.ops.nn", "Celu", {"name": "celu", "alpha": 1.0})),
    ("glu", (), ("keras.src.ops.nn", "Glu", {"name": "glu", "axis": -1})),
    ("log_sigmoid", (), ("keras.src.ops.nn", "LogSigmoid", {"name": "log_sigmoid"})),
    (
        "threshold",
        (0.5, -1.0),
        ("keras.src.ops.nn", "Threshold", {"name": "threshold", "threshold": 0.5, "default_value": -1.0}),
    ),
    ("squareplus", (), ("keras.src.ops.nn", "Squareplus", {"name": "squareplus", "b": 4})),
    ("hard_tanh", (), ("keras.src.ops.nn", "HardTanh", {"name": "hard_tanh"})),
    ("soft_shrink", (), ("keras.src.ops.nn", "SoftShrink", {"name": "soft_shrink", "threshold": 0.5})),
    ("sparse_plus", (), ("keras.src.ops.nn", "SparsePlus", {"name": "sparse_plus"})),
    ("sparse_sigmoid", (), ("keras.src.ops.nn", "SparseSigmoid", {"name": "sparse_sigmoid"})),
    ("tanh_shrink", (), ("keras.src.ops.nn", "TanhShrink", {"name": "tanh_shrink"})),
    ("hard_shrink", (), ("keras.src.ops.nn", "HardShrink", {"name": "hard_shrink", "threshold": 0.5})),
]


def test_newer_activations_record_keras_operations_and_save():
    x = tf.keras.Input((4,), name="x")
    a = tf.keras.activations
    outs = [getattr(a, name)(x, *args) for name, args, _ in NEWER]
    outs += [tf.keras.ops.relu(x), tf.keras.ops.gelu(x)]
    model = tf.keras.Model(x, outs)
    found = [(e["module"], e["class_name"], e["config"]) for e in model.get_config()["layers"][1:]]
    assert found == [c for _, _, c in NEWER] + [
        ("keras.src.ops.nn", "Relu", {"name": "relu"}),
        ("keras.src.ops.nn", "Gelu", {"name": "gelu", "approximate": True}),
    ]
    for got, (name, args, _) in zip(model.predict(V, verbose=0), NEWER, strict=False):
        np.testing.assert_allclose(got, getattr(a, name)(tf.constant(V), *args).numpy(), rtol=1e-6)


@pytest.mark.parametrize("name", ["mish", "hard_silu", "hard_swish", "sparsemax"])
def test_activations_keras_does_not_record_raise_its_error(name):
    # Keras 3.15 converts x to a tensor first in these four: a KerasTensor raises.
    with pytest.raises(ValueError, match="A KerasTensor cannot be used as input to a TensorFlow function"):
        getattr(tf.keras.activations, name)(tf.keras.Input((4,)))
    # keras.ops' own functions record operations.
    x = tf.keras.Input((4,))
    assert tf.keras.ops.hard_silu(x).shape == (None, 4)
    assert tf.keras.ops.sparsemax(x).shape == (None, 4)
