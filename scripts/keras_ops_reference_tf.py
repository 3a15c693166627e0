"""Writes tests/keras_ops_reference.py: TF 2.21 / Keras 3.15 outputs (values, dtypes, shapes) and
gradients of the cases in tests/keras_ops_cases.py. Run with a TensorFlow install (never
tapejax's):

    /work/tfenv/bin/python scripts/keras_ops_reference_tf.py
"""

from __future__ import annotations

import pathlib
import pprint
import sys

import numpy as np
import tensorflow as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from keras_ops_cases import CASES  # noqa: E402


def function(path):
    fn = tf.keras.ops
    for part in path.split("."):
        fn = getattr(fn, part)
    return fn


def weights(shape):
    """The fixed weights of an output in the differentiated sum (the same in the test)."""
    size = int(np.prod(shape))
    return np.cos(np.arange(size, dtype=np.float64)).reshape(shape)


def leaves(out):
    return [leaf for o in out for leaf in leaves(o)] if isinstance(out, (list, tuple)) else [out]


def encode(a):
    a = np.asarray(a)
    if a.dtype.kind == "c":
        values = np.stack([a.real, a.imag], -1)
    else:
        values = a
    values = np.asarray(values, np.float64 if a.dtype.kind in "fc" else np.int64)
    return {
        "dtype": a.dtype.name,
        "shape": list(a.shape),
        "values": [float(f"{v:.9g}") for v in values.ravel()]
        if a.dtype.kind in "fc"
        else values.ravel().tolist(),
    }


def to_tf(arg):
    if isinstance(arg, np.ndarray):
        return tf.constant(arg)
    if isinstance(arg, tuple) and arg and isinstance(arg[0], np.ndarray):
        return tuple(tf.constant(a) for a in arg)
    return arg


def run(name):
    path, args, kwargs, differentiated = CASES[name]
    args = [to_tf(a) for a in args]
    kwargs = {k: to_tf(v) for k, v in kwargs.items()}
    with tf.GradientTape() as tape:
        for i in differentiated:
            tape.watch(args[i])
        out = leaves(function(path)(*args, **kwargs))
        total = tf.add_n(
            [tf.reduce_sum(tf.cast(o, tf.float64) * weights(o.shape)) for o in out if o.dtype.is_floating]
            or [tf.constant(0.0, tf.float64)]
        )
    result = {"outputs": [encode(o) for o in out]}
    if differentiated:
        grads = tape.gradient(total, [args[i] for i in differentiated])
        result["gradients"] = [None if g is None else encode(tf.convert_to_tensor(g)) for g in grads]
    return result


def main():
    reference = {}
    for name in CASES:
        try:
            reference[name] = run(name)
        except Exception as e:  # noqa: BLE001 - recorded: the test expects the same failure
            reference[name] = {"error": [type(e).__name__, str(e).splitlines()[0][:200]]}
            print(name, "->", type(e).__name__, str(e)[:200])
    text = (
        '"""TF 2.21 / Keras 3.15 outputs and gradients of tests/keras_ops_cases.py (written by\n'
        'scripts/keras_ops_reference_tf.py; do not edit)."""\n\n'
        f"REFERENCE = {pprint.pformat(reference, width=110, compact=True)}\n"
    )
    (ROOT / "tests" / "keras_ops_reference.py").write_text(text)


if __name__ == "__main__":
    main()
