"""Runs the TensorFlow programs of ``tests/tf_programs/`` with tapejax standing in for TF.

Each program is plain TF code whose first line is ``import tensorflow as tf``. Here it runs with
``tensorflow`` (and every ``tensorflow.<sub>`` module) bound to tapejax, in this process
(``run_program``, for the test) or as a script (``python tests/tf_program_runner.py PROGRAM``,
for ``scripts/compare_tf.py``). What it prints is compared with what TensorFlow printed
(``PROGRAM.expected``).
"""

from __future__ import annotations

import contextlib
import io
import math
import re
import runpy
import sys
from pathlib import Path

PROGRAMS_DIR = Path(__file__).parent / "tf_programs"

# Programs whose output depends on random values: TF's generator and JAX's give different numbers
# for the same seed (README, "What differs from TensorFlow"). They are compared with every number
# masked, so the text around the numbers (shapes, dtypes, layout) still has to match.
RANDOM_VALUES = {
    "random_shapes": "prints tf.random.normal values; TF's generator differs from JAX's",
}

# Programs that print float32 results of transcendental functions (exp, log, tanh, sigmoid,
# softplus, pow) or of long chains of them: TF computes these with Eigen's approximations, tapejax
# with XLA's, and the two differ in the last bit for a fraction of inputs (README, "What differs
# from TensorFlow"). Their numbers are compared to 1e-6 relative; all other text exactly.
LAST_DIGIT = {
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
    close = (math.isclose(float(e), float(a), rel_tol=1e-6, abs_tol=1e-12)
             for e, a in zip(num_e, num_a, strict=True))
    return name in RANDOM_VALUES or all(close)


@contextlib.contextmanager
def tapejax_as_tensorflow():
    """Binds ``tensorflow`` and its submodules to tapejax for the duration of the block."""
    import tapejax  # noqa: PLC0415 - imported by the runner, not at collection

    aliases = {"tensorflow": tapejax}
    aliases.update({"tensorflow" + name[len("tapejax"):]: module for name, module in sys.modules.items()
                    if name.startswith("tapejax.")})
    saved = {name: sys.modules.get(name) for name in aliases}
    sys.modules.update(aliases)
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def run_program(path: Path) -> str:
    """Runs one program with tapejax as ``tensorflow`` in this process; returns its stdout."""
    import tapejax  # noqa: PLC0415

    tapejax.keras.backend.clear_session()  # layer names (dense_1, ...) count from 0, as in a new process
    out = io.StringIO()
    with tapejax_as_tensorflow(), contextlib.redirect_stdout(out):
        runpy.run_path(str(path), run_name="__main__")
    return out.getvalue()


if __name__ == "__main__":
    with tapejax_as_tensorflow():
        runpy.run_path(sys.argv[1], run_name="__main__")
