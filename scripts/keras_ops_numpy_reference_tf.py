"""Writes tests/keras_numpy_reference.py: what TF 2.21 / Keras 3.15 gives for the cases in
tests/keras_numpy_cases.py (eagerly: each output's dtype, shape and values, or the error's
class and message; on KerasTensors: each output's shape and dtype, or the error). Run with a
TensorFlow install (never tapejax's):

    /work/tfenv/bin/python scripts/keras_ops_numpy_reference_tf.py
"""

from __future__ import annotations

import os
import pathlib
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from keras_numpy_cases import CASES  # noqa: E402


def _number(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    v = float(v)
    return v if not np.isfinite(v) else float(f"{v:.8g}")


def _listed(a):
    a = np.asarray(a)
    if a.dtype.kind == "c":
        return [_listed(a.real), _listed(a.imag)]
    return np.vectorize(_number, otypes=[object])(a).tolist() if a.ndim else _number(a[()])


def _outputs(out):
    outs = list(out) if isinstance(out, (list, tuple)) else [out]
    result = []
    for o in outs:
        if isinstance(o, (int, float, bool)) and not isinstance(o, np.generic):
            result.append({"python": type(o).__name__, "value": _number(o)})
            continue
        a = tf.convert_to_tensor(o)
        result.append({"dtype": a.dtype.name, "shape": tuple(a.shape), "value": _listed(a.numpy())})
    return result


def _error(e: Exception) -> dict:
    text = str(e)
    if "\x1b[1m" in text:  # Keras' wrapper around an operation's error: the error itself
        text = text.split("\x1b[1m", 1)[1].split("\x1b[0m", 1)[0]
    return {"error": type(e).__name__, "message": text.splitlines()[0] if text else ""}


def _symbolic(x):
    if isinstance(x, np.ndarray):
        return keras.KerasTensor(x.shape, dtype=x.dtype.name)
    if isinstance(x, list) and any(isinstance(t, np.ndarray) for t in x):
        return [_symbolic(t) for t in x]
    return x


def run(case: str) -> dict:
    name, args, kwargs = CASES[case]
    fn = getattr(keras.ops.numpy, name)
    entry = {}
    try:
        entry["eager"] = _outputs(fn(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 (the error is the reference)
        entry["eager"] = _error(e)
    try:
        out = fn(*[_symbolic(a) for a in args], **{k: _symbolic(v) for k, v in kwargs.items()})
        outs = list(out) if isinstance(out, (list, tuple)) else [out]
        entry["symbolic"] = [
            {"dtype": o.dtype, "shape": tuple(o.shape)}
            if isinstance(o, keras.KerasTensor)
            else {"python": repr(o)}
            for o in outs
        ]
    except Exception as e:  # noqa: BLE001
        entry["symbolic"] = _error(e)
    return entry


MODEL_INPUT = np.linspace(-1.5, 2.0, 12).reshape(3, 4).astype(np.float32)


def model_of_ops():
    """A functional model built from keras.ops calls (rebuilt the same way by the tests)."""
    x = keras.Input((4,), name="x")
    h = keras.ops.clip(x, -1.0, 1.5)
    h = keras.ops.concatenate([h, keras.ops.square(h)], axis=-1)
    h = keras.layers.Dense(3, name="dense")(h)
    h = keras.ops.sum(h, axis=-1, keepdims=True) + keras.ops.mean(keras.ops.tanh(h), axis=1, keepdims=True)
    h = keras.ops.squeeze(keras.ops.expand_dims(h, 1), 1)
    out = keras.ops.where(h > 0, h, keras.ops.exp(h))
    model = keras.Model(x, out)
    model.get_layer("dense").set_weights(
        [np.linspace(-0.5, 0.5, 24).reshape(8, 3).astype(np.float32), np.array([0.1, -0.2, 0.3], np.float32)]
    )
    return model


def save_model() -> list:
    """Saves model_of_ops() as tests/data/keras_ops_numpy_tf221.keras; returns its prediction."""
    model = model_of_ops()
    model.save(ROOT / "tests" / "data" / "keras_ops_numpy_tf221.keras")
    return _listed(model.predict(MODEL_INPUT, verbose=0))


def main():
    prediction = save_model()
    lines = [
        '"""Written by scripts/keras_ops_numpy_reference_tf.py with TensorFlow 2.21 / Keras 3.15 (CPU):',
        "what keras.ops.numpy gives for the cases in keras_numpy_cases.py. Do not edit by hand.",
        '"""',
        "",
        "# ruff: noqa: E501",
        'nan, inf = float("nan"), float("inf")',
        "REFERENCE = {",
    ]
    for case in CASES:
        lines.append(f"    {case!r}: {run(case)!r},")
    lines.append("}")
    lines.append(f"MODEL_PREDICTION = {prediction!r}")
    (ROOT / "tests" / "keras_numpy_reference.py").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
