"""Runs the TF programs of ``tests/tf_programs/``: TensorFlow code with only the import changed.

Each program is TF code written as a tapejax user writes it, ``import tapejax as tf`` and then
TF's API unchanged; ``scripts/compare_tf.py`` runs the same text with that one line back to
TF's own import (with a scratch TensorFlow, never a dependency) to produce ``PROGRAM.expected``.
Here a program runs in this process (``run_program``) and what it prints is compared with what
TensorFlow printed.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
import runpy
from pathlib import Path

PROGRAMS_DIR = Path(__file__).parent / "tf_programs"

# Programs whose output depends on random values: TF's generator and JAX's give different numbers
# for the same seed (README, "What differs from TensorFlow"). They are compared with every number
# masked, so the text around the numbers (shapes, dtypes, layout) still has to match.
RANDOM_VALUES = {
    "random_shapes": "prints tf.random.normal values; TF's generator differs from JAX's",
    "intro_graphs_random": "random inputs (TF's generator differs from JAX's) and timeit timings",
}

# Programs that print float32 results of transcendental functions (exp, log, tanh, sigmoid,
# softplus, pow) or of long chains of them: TF computes these with Eigen's approximations, tapejax
# with XLA's, and the two differ in the last bit for a fraction of inputs (README, "What differs
# from TensorFlow"). Their numbers are compared to 1e-6 relative; all other text exactly.
LAST_DIGIT = {
    "autograph_reference": "a gradient through six Newton steps (a / x: XLA's fused division)",
    "basics_sigmoid_linspace": "sigmoid and its gradient (Eigen's logistic vs XLA's)",
    "batch_jacobian": "tanh's derivative",
    "jacobian_basic": "sigmoid's derivative",
    "keras_module_models": "BatchNormalization's rsqrt",
    "math_elementwise": "exp, tanh, sigmoid, softplus",
    "softmax_losses": "log_softmax and cross-entropy (exp/log)",
    "train_keras_adam": "sparse softmax cross-entropy (exp/log) over four Adam steps",
    "train_linear_regression": "a loss after three SGD steps (pow's gradient)",
    "train_tf_function_step": "sigmoid inside a training step",
}

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?")


def programs() -> list[Path]:
    """The corpus: every program in ``tests/tf_programs/`` (by name)."""
    return sorted(p for p in PROGRAMS_DIR.glob("*.py") if p.name != "conftest.py")


def _parts(text: str) -> tuple[list[str], list[str]]:
    """The text between numbers, without spaces (numpy pads columns to the widest number), and
    the numbers."""
    return [part.replace(" ", "") for part in _NUMBER.split(text)], _NUMBER.findall(text)


def same_output(name: str, expected: str, actual: str) -> bool:
    """Whether a program's output matches TF's: exactly, or as ``RANDOM_VALUES`` / ``LAST_DIGIT`` say."""
    if name not in RANDOM_VALUES and name not in LAST_DIGIT:
        return actual == expected
    (text_e, num_e), (text_a, num_a) = _parts(expected), _parts(actual)
    if text_e != text_a or len(num_e) != len(num_a):
        return False
    close = (
        math.isclose(float(e), float(a), rel_tol=1e-6, abs_tol=1e-12)
        for e, a in zip(num_e, num_a, strict=True)
    )
    return name in RANDOM_VALUES or all(close)


IMPORT = "import tapejax as tf"  # the one line a program changes from TF's code


def run_program(path: Path) -> str:
    """Runs one program in this process; returns its stdout."""
    import tapejax  # noqa: PLC0415

    tapejax.keras.backend.clear_session()  # layer names (dense_1, ...) count from 0, as in a new process
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(path), run_name="__main__")
    return out.getvalue()
