"""TF's cardinality constants (``tf.data.INFINITE_CARDINALITY`` ...) and ``AUTOTUNE``."""

from __future__ import annotations

INFINITE_CARDINALITY = -1
UNKNOWN_CARDINALITY = -2
AUTOTUNE = -1  # TF's value: let the runtime choose (a buffer or a thread count)


def smallest(counts) -> int:
    """The fewest elements of several datasets read together (zip): unknown if any is unknown."""
    if UNKNOWN_CARDINALITY in counts:
        return UNKNOWN_CARDINALITY
    finite = [n for n in counts if n != INFINITE_CARDINALITY]
    return min(finite) if finite else INFINITE_CARDINALITY
