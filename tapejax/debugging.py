"""``tf.debugging``: assertions and numeric checks (defined in ``_ops/assert_ops.py``,
``_ops/shape_asserts.py`` and ``_ops/debugging_ops.py``).

A namespace: re-exports only (see the README's Architecture)."""

from ._ops.assert_ops import (
    Assert,
    assert_equal,
    assert_greater,
    assert_greater_equal,
    assert_less,
    assert_less_equal,
    assert_near,
    assert_negative,
    assert_non_negative,
    assert_non_positive,
    assert_none_equal,
    assert_positive,
    is_numeric_tensor,
)
from ._ops.debugging_ops import (
    assert_all_finite,
    check_numerics,
)
from ._ops.shape_asserts import (
    assert_integer,
    assert_rank,
    assert_rank_at_least,
    assert_rank_in,
    assert_scalar,
    assert_shapes,
    assert_type,
)

__all__ = [
    "Assert",
    "assert_all_finite",
    "assert_equal",
    "assert_greater",
    "assert_greater_equal",
    "assert_integer",
    "assert_less",
    "assert_less_equal",
    "assert_near",
    "assert_negative",
    "assert_non_negative",
    "assert_non_positive",
    "assert_none_equal",
    "assert_positive",
    "assert_rank",
    "assert_rank_at_least",
    "assert_rank_in",
    "assert_scalar",
    "assert_shapes",
    "assert_type",
    "check_numerics",
    "is_numeric_tensor",
]
