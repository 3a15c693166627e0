"""The TF program corpus (tests/tf_programs/): tapejax prints exactly what TensorFlow 2.21 printed.

Each ``PROGRAM.py`` is TF code with only the import changed (``import tapejax as tf``);
``PROGRAM.expected`` is its stdout under real TensorFlow (the same text with TF's import line),
written by ``scripts/compare_tf.py --update``. Here each program runs in this process and its
stdout must equal the expected text. Programs that print
random values (``RANDOM_VALUES``) are compared with their numbers masked, and programs whose
float32 values TF's Eigen kernels round otherwise than XLA (``LAST_DIGIT``) to 1e-6 relative.
"""

from __future__ import annotations

import difflib

import pytest
from tf_program_runner import IMPORT, LAST_DIGIT, RANDOM_VALUES, programs, run_program, same_output

PROGRAMS = programs()


def test_corpus_is_complete():
    assert len(PROGRAMS) >= 30
    missing = [p.name for p in PROGRAMS if not p.with_suffix(".expected").exists()]
    assert not missing, f"run scripts/compare_tf.py --update for {missing}"
    assert set(RANDOM_VALUES) | set(LAST_DIGIT) <= {p.stem for p in PROGRAMS}
    # Only the import differs from TF's code, and TensorFlow is never imported here.
    for p in PROGRAMS:
        lines = p.read_text().splitlines()
        assert lines.count(IMPORT) == 1 and "tensorflow" not in p.read_text(), p.name


# TF warns there too (through its logger): watching an integer tensor.
@pytest.mark.filterwarnings("ignore:The dtype of the watched tensor must be floating")
@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_prints_what_tensorflow_prints(program):
    expected = program.with_suffix(".expected").read_text()
    actual = run_program(program)
    diff = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), "tensorflow", "tapejax", lineterm=""
    )
    assert same_output(program.stem, expected, actual), "\n".join(diff)
