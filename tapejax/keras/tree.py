"""``tf.keras.tree``: Keras 3's functions over nested structures (lists, tuples, dicts...)."""

from __future__ import annotations

from ._src.tree.tree_api import (
    MAP_TO_NONE,
    assert_same_paths,
    assert_same_structure,
    flatten,
    flatten_with_path,
    is_nested,
    lists_to_tuples,
    map_shape_structure,
    map_structure,
    map_structure_up_to,
    pack_sequence_as,
    traverse,
)

__all__ = [
    "MAP_TO_NONE",
    "assert_same_paths",
    "assert_same_structure",
    "flatten",
    "flatten_with_path",
    "is_nested",
    "lists_to_tuples",
    "map_shape_structure",
    "map_structure",
    "map_structure_up_to",
    "pack_sequence_as",
    "traverse",
]
