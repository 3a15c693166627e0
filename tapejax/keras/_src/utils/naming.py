"""Keras' automatic names: ``Dense`` -> ``dense``, then ``dense_1``, ``dense_2``... (``auto_name``),
and the snake_case of a class name (``to_snake_case``).
"""

from __future__ import annotations

import re

from ..backend.global_state import get_uid

__all__ = ["auto_name", "get_uid", "to_snake_case"]


def to_snake_case(name: str) -> str:
    """``'SparseCategoricalAccuracy'`` -> ``'sparse_categorical_accuracy'``."""
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()


def auto_name(class_name: str) -> str:
    """Keras' automatic layer name: ``Dense`` -> ``dense``, then ``dense_1``, ``dense_2``..."""
    name = to_snake_case(re.sub(r"\W+", "", class_name))
    uid = get_uid(name)
    return f"{name}_{uid - 1}" if uid > 1 else name
