"""``tf.nest``: functions over nested structures (defined in ``_api/nest.py``).

A namespace: re-exports only (see the README's Architecture)."""

from ._api.nest import (
    assert_same_structure,
    flatten,
    is_nested,
    map_structure,
    pack_sequence_as,
)

__all__ = [
    "assert_same_structure",
    "flatten",
    "is_nested",
    "map_structure",
    "pack_sequence_as",
]
