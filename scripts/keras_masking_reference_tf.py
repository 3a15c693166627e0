"""Writes tests/keras_masking_reference.py: the masking cases of tests/keras_masking_cases.py
run by TensorFlow 2.21 / Keras 3.15 (CPU). Run with the scratch TF venv:

    /work/tfenv/bin/python scripts/keras_masking_reference_tf.py
"""

from __future__ import annotations

import pathlib
import pprint
import sys

import numpy as np
import tensorflow as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import keras_masking_cases as cases  # noqa: E402


def plain(value):
    if value is None:
        return None
    array = np.asarray(value)
    if array.dtype == bool:
        return array.tolist()
    return np.round(array.astype(np.float64), 7).tolist()


def main() -> None:
    reference = {}
    for name, case in cases.CASES.items():
        tf.keras.utils.clear_session()
        reference[name] = {k: plain(v) for k, v in case(tf.keras).items()}
    text = (
        '"""Written by scripts/keras_masking_reference_tf.py with TensorFlow 2.21 / Keras 3.15 (CPU):\n'
        'the cases of keras_masking_cases.py. Do not edit by hand.\n"""\n\n# ruff: noqa: E501\n'
        f"REFERENCE = {pprint.pformat(reference, width=110, sort_dicts=False)}\n"
    )
    (ROOT / "tests" / "keras_masking_reference.py").write_text(text)


if __name__ == "__main__":
    main()
