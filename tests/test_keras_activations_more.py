"""Keras 3.15's newer activations (issue 26): values and gradients against TF 2.21 / Keras
3.15's (literals below, from ``keras.activations.<name>`` on X, gradients of
``sum(y * [1, 2, ...])``), and against ``jax.grad`` and finite differences; names, ``get`` and
``serialize`` as Keras.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax.keras._src.ops import nn as piecewise

X = np.array([[-2.5, -1.0, -0.3, 0.0, 0.4, 1.0, 3.0, -0.7]], np.float32)

# name: (values, gradient of sum(y * ramp)) as TF 2.21 / Keras 3.15 give them.
# ruff: noqa: E501
KERAS = {
    "celu": [
        [
            [
                -0.9179149866104126,
                -0.6321206092834473,
                -0.25918179750442505,
                0.0,
                0.4000000059604645,
                1.0,
                3.0,
                -0.5034146904945374,
            ]
        ],
        [[0.08208499848842621, 0.735758900642395, 2.22245454788208, 8.0, 5.0, 6.0, 7.0, 3.972682476043701]],
    ],
    "glu": [
        [[-1.496719241142273, -0.7310585975646973, -0.28577229380607605, 0.0]],
        [
            [
                0.5986877083778381,
                1.4621171951293945,
                2.857722282409668,
                1.3272488117218018,
                -0.6006518006324768,
                -0.3932237923145294,
                -0.04065899923443794,
                0.0,
            ]
        ],
    ],
    "hard_shrink": [
        [[-2.5, -1.0, 0.0, 0.0, 0.0, 1.0, 3.0, -0.699999988079071]],
        [[1.0, 2.0, 0.0, 0.0, 0.0, 6.0, 7.0, 8.0]],
    ],
    "hard_swish": [
        [
            [
                -0.20833329856395721,
                -0.33333340287208557,
                -0.13500000536441803,
                0.0,
                0.22666670382022858,
                0.6666666865348816,
                3.0,
                -0.2683332860469818,
            ]
        ],
        [
            [
                -0.3333333134651184,
                0.33333340287208557,
                1.2000000476837158,
                2.0,
                3.1666665077209473,
                5.0,
                7.0,
                2.133333206176758,
            ]
        ],
    ],
    "hard_tanh": [
        [[-1.0, -1.0, -0.30000001192092896, 0.0, 0.4000000059604645, 1.0, 1.0, -0.699999988079071]],
        [[0.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 8.0]],
    ],
    "soft_shrink": [
        [[-2.0, -0.5, 0.0, 0.0, 0.0, 0.5, 2.5, -0.20000000298023224]],
        [[1.0, 2.0, 0.0, 0.0, 0.0, 6.0, 7.0, 8.0]],
    ],
    "sparse_plus": [
        [[0.0, 0.0, 0.12250000238418579, 0.25, 0.49000000953674316, 1.0, 3.0, 0.02250000089406967]],
        [[0.0, 0.0, 1.0499999523162842, 2.0, 3.5, 6.0, 7.0, 1.2000000476837158]],
    ],
    "sparse_sigmoid": [
        [[0.0, 0.0, 0.3499999940395355, 0.5, 0.699999988079071, 1.0, 1.0, 0.15000000596046448]],
        [[0.0, 0.0, 1.5, 2.0, 2.5, 0.0, 0.0, 4.0]],
    ],
    "sparsemax": [[[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]], [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]],
    "squareplus": [
        [
            [
                0.350781112909317,
                0.6180340051651001,
                0.8611875176429749,
                1.0,
                1.2198039293289185,
                1.6180340051651,
                3.3027756214141846,
                0.7094810009002686,
            ]
        ],
        [
            [
                0.1095656007528305,
                0.5527864098548889,
                1.2774893045425415,
                2.0,
                2.990290403366089,
                4.341640472412109,
                6.412176132202148,
                2.678598403930664,
            ]
        ],
    ],
    "tanh_shrink": [
        [
            [
                -1.5133856534957886,
                -0.23840579390525818,
                -0.008687400259077549,
                0.0,
                0.020051000639796257,
                0.23840579390525818,
                2.0049452781677246,
                -0.09563229978084564,
            ]
        ],
        [
            [
                0.9734079241752625,
                1.1600513458251953,
                0.25458911061286926,
                0.0,
                0.7218065857887268,
                3.480154037475586,
                6.930937767028809,
                2.9220829010009766,
            ]
        ],
    ],
    "threshold": [[[-1.0, -1.0, -1.0, -1.0, 0.4000000059604645, 1.0, 3.0, -1.0]], None],
    "celu_alpha": [
        [
            [
                -0.496630996465683,
                -0.4323323965072632,
                -0.2255941927433014,
                0.0,
                0.4000000059604645,
                1.0,
                3.0,
                -0.3767015039920807,
            ]
        ],
        None,
    ],
    "squareplus_b": [
        [
            [
                0.0962911993265152,
                0.2071067988872528,
                0.3720152974128723,
                0.5,
                0.7385163903236389,
                1.2071068286895752,
                3.081138849258423,
                0.2603277862071991,
            ]
        ],
        None,
    ],
}
OPTIONS = {
    "threshold": {"threshold": 0.2, "default_value": -1.0},
    "celu_alpha": {"alpha": 0.5},
    "squareplus_b": {"b": 1},
}


def _call(name, x):
    fn = getattr(
        tf.keras.activations,
        name.split("_alpha")[0].split("_b")[0] if name in OPTIONS and name != "threshold" else name,
    )
    return fn(x, **OPTIONS.get(name, {}))


@pytest.mark.parametrize("name", sorted(KERAS))
def test_values_and_gradients_match_keras(name):
    values, grads = KERAS[name]
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = _call(name, x)
        total = tf.reduce_sum(y * tf.constant(np.arange(y.shape[-1], dtype=np.float32) + 1))
    np.testing.assert_allclose(y.numpy(), values, rtol=1e-5, atol=1e-6)
    if grads is not None:
        np.testing.assert_allclose(tape.gradient(total, x).numpy(), grads, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", ["celu", "glu", "squareplus", "tanh_shrink", "sparsemax"])
def test_gradients_match_jax_and_finite_differences(name):
    x = np.array([[0.3, -0.8, 1.7, 0.9], [-1.2, 0.05, 0.6, 0.61]], np.float32)
    weights = np.arange(1, 5 if name != "glu" else 3, dtype=np.float32)
    fn = getattr(tf.keras.activations, name)
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        total = tf.reduce_sum(fn(xt) * weights)
    got = tape.gradient(total, xt).numpy()
    op = {
        "celu": "_celu",
        "glu": "_glu",
        "squareplus": "_squareplus",
        "tanh_shrink": "_tanh_shrink",
        "sparsemax": "_sparsemax",
    }[name]
    args = {"celu": (1.0,), "glu": (-1,), "squareplus": (4.0,), "tanh_shrink": (), "sparsemax": (-1,)}[name]
    want = jax.grad(lambda a: jnp.sum(getattr(piecewise, op)(a, *args) * weights))(jnp.asarray(x))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    eps, fd = 1e-2, np.zeros_like(x, np.float64)
    for i in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[i] += eps
        down[i] -= eps
        f = lambda a: float(jnp.sum(getattr(piecewise, op)(jnp.asarray(a), *args) * weights))  # noqa: E731
        fd[i] = (f(up) - f(down)) / (2 * eps)
    np.testing.assert_allclose(got, fd, rtol=1e-3, atol=1e-3)


def test_names_get_and_serialize_as_keras():
    for name in ["celu", "glu", "sparsemax", "threshold", "hard_tanh", "soft_shrink"]:
        fn = getattr(tf.keras.activations, name)
        assert tf.keras.activations.get(name) is fn
        assert tf.keras.activations.serialize(fn) == name
    assert tf.keras.activations.hard_swish is tf.keras.activations.hard_silu
    assert tf.keras.activations.serialize(tf.keras.activations.hard_swish) == "hard_silu"  # Keras' name

    def plain(x):
        return x

    assert tf.keras.activations.serialize(plain) == {
        "module": "builtins",
        "class_name": "function",
        "config": "plain",
        "registered_name": "function",
    }
    with tf.keras.saving.custom_object_scope({"plain": plain}):
        assert tf.keras.activations.get({"class_name": "function", "config": "plain"}) is plain


def test_glu_needs_an_even_axis():
    with pytest.raises(
        ValueError, match=r"axis size must be divisible by 2. Received: x.shape=\(2, 3\) with axis=-1"
    ):
        tf.keras.activations.glu(tf.ones((2, 3)))
