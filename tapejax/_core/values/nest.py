"""TF-style nests (``tf.nest``): lists, tuples, namedtuples and dicts of leaves.

A leaf is anything else: a Tensor, a Variable, None, a Python number. As in ``tf.nest``, a
dict is flattened in sorted key order, and packing rebuilds it with the keys in the order the
original had (``{'b': x, 'a': y}`` comes back as ``{'b': ..., 'a': ...}``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..caches import nest_kinds


def _sorted_keys(mapping) -> list:
    try:
        return sorted(mapping)
    except TypeError:  # keys that do not sort: keep their order
        return list(mapping)


def _is_namedtuple(x) -> bool:
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


_MAPPING, _SEQUENCE, _LEAF = 0, 1, 2


_KINDS = nest_kinds.table  # read without a method call: a hot path


def _kind(structure) -> int:
    cls = type(structure)
    kind = _KINDS.get(cls)  # a type's kind never changes
    if kind is None:
        kind = nest_kinds.put(
            cls,
            _MAPPING if issubclass(cls, Mapping) else _SEQUENCE if issubclass(cls, (list, tuple)) else _LEAF,
        )
    return kind


def _leaves(structure, out: list) -> None:
    kind = _kind(structure)
    if kind == _LEAF:
        out.append(structure)
    elif kind == _SEQUENCE:
        for item in structure:
            _leaves(item, out)
    else:
        for key in _sorted_keys(structure):
            _leaves(structure[key], out)


def flatten(structure):
    """Returns ``(leaves, structure)``; pass both back to :func:`pack`."""
    if _KINDS.get(type(structure)) == _LEAF:  # one leaf (a tensor): a hot path
        return [structure], structure
    out: list = []
    _leaves(structure, out)
    return out, structure


def skeleton(structure):
    """``structure`` with every leaf replaced by None: what :func:`pack` needs, holding none
    of the leaves (for structures kept beyond a call)."""
    kind = _kind(structure)
    if kind == _LEAF:
        return None
    if kind == _MAPPING:
        return type(structure)((key, skeleton(structure[key])) for key in structure)
    if _is_namedtuple(structure):
        return type(structure)(*[skeleton(item) for item in structure])
    return type(structure)([skeleton(item) for item in structure])


def same_structure(a, b) -> bool:
    """Whether two nests have the same containers (types, lengths, keys) around their leaves."""
    if isinstance(a, Mapping) or isinstance(b, Mapping):
        return (
            isinstance(a, Mapping)
            and isinstance(b, Mapping)
            and set(a) == set(b)
            and all(same_structure(a[k], b[k]) for k in a)
        )
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return (
            isinstance(a, (list, tuple))
            and isinstance(b, (list, tuple))
            and len(a) == len(b)
            and _is_namedtuple(a) == _is_namedtuple(b)
            and all(same_structure(x, y) for x, y in zip(a, b, strict=True))
        )
    return True


def _build(structure, it):
    kind = _kind(structure)
    if kind == _LEAF:
        return next(it)
    if kind == _MAPPING:
        values = {key: _build(structure[key], it) for key in _sorted_keys(structure)}
        return type(structure)((key, values[key]) for key in structure)
    if _is_namedtuple(structure):
        return type(structure)(*[_build(item, it) for item in structure])
    return type(structure)([_build(item, it) for item in structure])


def pack(structure, leaves):
    """``structure`` with its leaves replaced, in order, by ``leaves``."""
    if (
        type(structure) is list
        and type(leaves) is list
        and len(leaves) == len(structure)
        and all(_KINDS.get(type(x)) == _LEAF for x in structure)
    ):
        return list(leaves)  # a flat list (gradient's sources): a hot path
    it = iter(leaves)
    return _build(structure, it)
