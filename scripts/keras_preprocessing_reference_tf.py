"""Writes tests/keras_preprocessing_reference.py: Keras 3.15's outputs (TensorFlow 2.21, CPU) of
the cases in tests/keras_preprocessing_cases.py, and each layer's config.

Run with a scratch TensorFlow: ``/work/tfenv/bin/python scripts/keras_preprocessing_reference_tf.py``
(TensorFlow is never a tapejax dependency; the numbers are stored as literals).
"""

from __future__ import annotations

import os
import pprint
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from keras_preprocessing_cases import CASES  # noqa: E402


def _config(layer) -> dict:
    config = layer.get_config()
    config.pop("name", None)
    config.pop("dtype", None)
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in config.items()}


def main() -> None:
    reference = {}
    for name, make in CASES.items():
        layer, x = make(tf.keras.layers, tf)
        y = np.asarray(layer(x))
        reference[name] = {"dtype": y.dtype.name, "output": np.round(y, 5).tolist(), "config": _config(layer)}
    path = os.path.join(os.path.dirname(__file__), "..", "tests", "keras_preprocessing_reference.py")
    with open(path, "w") as f:
        f.write(
            '"""Written by scripts/keras_preprocessing_reference_tf.py with TensorFlow 2.21 / Keras 3.15\n'
            '(CPU): outputs and configs of the cases in keras_preprocessing_cases.py. Do not edit by hand.\n"""\n\n'
            "# ruff: noqa: E501\nREFERENCE = "
        )
        f.write(pprint.pformat(reference, width=120, sort_dicts=False))
        f.write("\n")


if __name__ == "__main__":
    main()
