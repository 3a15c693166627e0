"""Writes tests/keras_layer_reference.py: TF 2.21 / Keras 3.15 outputs and gradients of the
cases in tests/keras_layer_cases.py. Run with a TensorFlow install (never tapejax's):

    /tmp/tfenv/bin/python scripts/keras_layers_reference_tf.py
"""

from __future__ import annotations

import pathlib
import sys

import numpy as np
import tensorflow as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from keras_layer_cases import CASES, case_input, output_weights, weight_values  # noqa: E402


def as_list(a):
    return np.round(np.asarray(a, np.float64), 7).tolist()


def run(name):
    cls, kwargs, _ = CASES[name]
    layer = getattr(tf.keras.layers, cls)(**kwargs)
    x = tf.constant(case_input(name))
    layer(x)
    layer.set_weights(weight_values([w.shape for w in layer.weights]))
    with tf.GradientTape() as tape:
        if x.dtype.is_floating:
            tape.watch(x)
        out = layer(x)
        outs = list(out) if isinstance(out, (list, tuple)) else [out]
        weights = output_weights([o.shape for o in outs])
        loss = tf.add_n([tf.reduce_sum(o * w) for o, w in zip(outs, weights, strict=True)])
    sources = ([x] if x.dtype.is_floating else []) + layer.trainable_weights
    grads = [tf.convert_to_tensor(g) for g in tape.gradient(loss, sources)]
    return {
        "weights": [(w.path, tuple(w.shape)) for w in layer.weights],
        "outputs": [as_list(o) for o in outs],
        "grads": [as_list(g) for g in grads],
    }


def write_reference(run, cases, module: str, script: str, cases_module: str) -> None:
    """Writes tests/<module>.py: ``REFERENCE = {case: run(case)}``."""
    lines = [
        f'"""Written by scripts/{script} with TensorFlow 2.21 / Keras 3.15 (CPU):',
        f"outputs and gradients of the cases in {cases_module}.py. Do not edit by hand.",
        '"""',
        "",
        "# ruff: noqa: E501",
        "REFERENCE = {",
    ]
    for name in cases:
        tf.keras.backend.clear_session()
        lines.append(f"    {name!r}: {run(name)!r},")
    lines.append("}")
    (ROOT / "tests" / f"{module}.py").write_text("\n".join(lines) + "\n")


def main():
    write_reference(run, CASES, "keras_layer_reference", "keras_layers_reference_tf.py", "keras_layer_cases")


if __name__ == "__main__":
    main()
