"""Writes tests/keras_config_reference.py: what the programs of tests/keras_config_programs.py
give on TF 2.21 / Keras 3.15. Run with a TensorFlow install (never tapejax's):

    /work/tfenv/bin/python scripts/keras_config_reference_tf.py
"""

from __future__ import annotations

import pathlib
import sys

import keras

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
from keras_config_programs import PROGRAMS  # noqa: E402
from keras_train_steps_reference_tf import write_reference  # noqa: E402

if __name__ == "__main__":
    write_reference(
        ROOT / "tests" / "keras_config_reference.py", PROGRAMS, keras, "scripts/keras_config_reference_tf.py"
    )
