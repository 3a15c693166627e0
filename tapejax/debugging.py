"""``tf.debugging``: assertions and numeric checks (defined in ``_ops/debugging_ops.py``).

A namespace: re-exports only (see the README's Architecture)."""

from ._ops.debugging_ops import (
    assert_all_finite,
    assert_equal,
    assert_near,
    check_numerics,
)

__all__ = [
    "assert_all_finite",
    "assert_equal",
    "assert_near",
    "check_numerics",
]
