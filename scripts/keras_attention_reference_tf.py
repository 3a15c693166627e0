"""Writes tests/keras_attention_reference.py: TF 2.21 / Keras 3.15 outputs and gradients of the
cases in tests/keras_attention_cases.py. Run with a TensorFlow install (never tapejax's):

    /tmp/tfenv/bin/python scripts/keras_attention_reference_tf.py
"""

from __future__ import annotations

import pathlib
import sys

import tensorflow as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
from keras_attention_cases import CASES  # noqa: E402
from keras_layer_cases import output_weights, ramp, weight_values  # noqa: E402
from keras_layers_reference_tf import as_list, write_reference  # noqa: E402


def run(name):
    cls, kwargs, shapes, style, call_kwargs = CASES[name]
    layer = getattr(tf.keras.layers, cls)(**kwargs)
    xs = [tf.constant(ramp(s, k=0.37 + 0.11 * i)) for i, s in enumerate(shapes)]

    def call():
        return layer(xs, **call_kwargs) if style == "list" else layer(*xs, **call_kwargs)

    call()
    layer.set_weights(weight_values([w.shape for w in layer.weights]))
    with tf.GradientTape() as tape:
        tape.watch(xs)
        out = call()
        outs = list(out) if isinstance(out, (list, tuple)) else [out]
        weights = output_weights([o.shape for o in outs])
        loss = tf.add_n([tf.reduce_sum(o * w) for o, w in zip(outs, weights, strict=True)])
    grads = [tf.convert_to_tensor(g) for g in tape.gradient(loss, xs + layer.trainable_weights)]
    return {
        "weights": [(w.path, tuple(w.shape)) for w in layer.weights],
        "outputs": [as_list(o) for o in outs],
        "grads": [as_list(g) for g in grads],
    }


def main():
    write_reference(
        run, CASES, "keras_attention_reference", "keras_attention_reference_tf.py", "keras_attention_cases"
    )


if __name__ == "__main__":
    main()
