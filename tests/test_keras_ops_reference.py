"""``keras.ops`` functions (core, math, nn, linalg, image) against TF 2.21's Keras 3.15: each case
of ``keras_ops_cases.py`` gives the outputs (values, dtypes, shapes) and the gradients of
``sum(output * weights)`` that ``keras_ops_reference.py`` recorded from real Keras."""

from __future__ import annotations

import numpy as np
import pytest
from keras_ops_cases import CASES
from keras_ops_reference import REFERENCE

import tapejax as tf


def function(path):
    fn = tf.keras.ops
    for part in path.split("."):
        fn = getattr(fn, part)
    return fn


def weights(shape):
    size = int(np.prod(shape))
    return np.cos(np.arange(size, dtype=np.float64)).reshape(shape)


def leaves(out):
    return [leaf for o in out for leaf in leaves(o)] if isinstance(out, (list, tuple)) else [out]


def to_tensor(arg):
    if isinstance(arg, np.ndarray):
        return tf.constant(arg)
    if isinstance(arg, tuple) and arg and isinstance(arg[0], np.ndarray):
        return tuple(tf.constant(a) for a in arg)
    return arg


def check(actual, expected, what: str, rtol: float = 2e-5, atol: float = 2e-5) -> None:
    a = np.asarray(actual)
    assert a.dtype.name == expected["dtype"], f"{what}: dtype {a.dtype.name}, Keras {expected['dtype']}"
    assert list(a.shape) == expected["shape"], f"{what}: shape {a.shape}, Keras {expected['shape']}"
    values = np.stack([a.real, a.imag], -1) if a.dtype.kind == "c" else a
    np.testing.assert_allclose(
        np.asarray(values, np.float64).ravel(), expected["values"], rtol=rtol, atol=atol, err_msg=what
    )


def run(name):
    path, args, kwargs, differentiated = CASES[name]
    args = [to_tensor(a) for a in args]
    kwargs = {k: to_tensor(v) for k, v in kwargs.items()}
    with tf.GradientTape() as tape:
        for i in differentiated:
            tape.watch(args[i])
        out = leaves(function(path)(*args, **kwargs))
        floats = [
            tf.reduce_sum(tf.cast(o, tf.float64) * weights(o.shape)) for o in out if o.dtype.is_floating
        ]
        total = tf.add_n(floats) if floats else None
    grads = tape.gradient(total, [args[i] for i in differentiated]) if differentiated else []
    return out, grads


# Outputs defined up to the sign of each column (eigenvectors): compared with columns signed alike.
UP_TO_SIGN = {"linalg_eigh": 1}


def signed_columns(a: np.ndarray) -> np.ndarray:
    pivot = np.take_along_axis(a, np.abs(a).argmax(axis=-2)[..., None, :], axis=-2)
    return a * np.sign(pivot)


def _built(path: str) -> bool:
    try:
        function(path)
    except AttributeError:
        return False
    return True


# Cases of functions not built yet (issue 26) are expected to fail, strictly: once a function
# exists its cases run as every other.
# Cases of built functions whose form is not supported yet: they raise, strictly.
NOT_YET = {"image_resize_bicubic": "tapejax's tf.image.resize has no bicubic kernel yet"}


def _marks(name: str):
    if name in NOT_YET:
        return pytest.mark.xfail(raises=ValueError, strict=True, reason=NOT_YET[name])
    if _built(CASES[name][0]):
        return ()
    return pytest.mark.xfail(raises=AttributeError, strict=True, reason="not in tapejax yet (issue 26)")


PARAMS = [pytest.param(name, marks=_marks(name)) for name in sorted(CASES)]


@pytest.mark.parametrize("name", PARAMS)
def test_matches_keras(name):
    expected = REFERENCE[name]
    out, grads = run(name)
    assert len(out) == len(expected["outputs"])
    for i, (o, e) in enumerate(zip(out, expected["outputs"], strict=True)):
        actual, wanted = o.numpy(), e
        if UP_TO_SIGN.get(name) == i:
            actual = signed_columns(actual)
            wanted = {**e, "values": signed_columns(np.reshape(e["values"], e["shape"])).ravel()}
        check(actual, wanted, f"{name} output {i}")
    for i, (g, e) in enumerate(zip(grads, expected.get("gradients", []), strict=True)):
        if e is None:
            assert g is None, f"{name} gradient {i}: Keras gives None"
        else:
            check(tf.convert_to_tensor(g).numpy(), e, f"{name} gradient {i}")
