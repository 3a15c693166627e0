"""Writes tests/keras_train_steps_reference.py: what the programs of
tests/keras_train_step_programs.py give on TF 2.21 / Keras 3.15. Run with a TensorFlow install
(never tapejax's):

    /work/tfenv/bin/python scripts/keras_train_steps_reference_tf.py
"""

from __future__ import annotations

import pathlib
import pprint
import sys

import tensorflow as tf

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from keras_train_step_programs import PROGRAMS  # noqa: E402


def write_reference(path: pathlib.Path, programs: dict, module, script: str, programs_file: str) -> None:
    """Runs each program on ``module`` (tensorflow or keras) and writes its results to ``path``."""
    reference = {name: program(module) for name, program in programs.items()}
    text = (
        f'"""Written by {script} with TensorFlow 2.21 / Keras 3.15 (CPU):\n'
        f'the results of the programs in {programs_file}. Do not edit by hand.\n"""\n\n'
        "# ruff: noqa: E501\n"
        f"REFERENCE = {pprint.pformat(reference, width=100, sort_dicts=True)}\n"
    )
    path.write_text(text)


if __name__ == "__main__":
    write_reference(
        ROOT / "tests" / "keras_train_steps_reference.py",
        PROGRAMS,
        tf,
        "scripts/keras_train_steps_reference_tf.py",
    )
