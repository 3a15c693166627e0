"""``tf.nest``: functions over nested structures (lists, tuples, namedtuples, dicts) of leaves.

The same nests as ``GradientTape.gradient`` takes for its sources (``tapejax._nest``): a dict is
flattened in sorted key order, and everything that is not a container is a leaf.
"""

from __future__ import annotations

from collections.abc import Mapping

from .._core.values import nest as _nest


def flatten(structure, expand_composites=False) -> list:
    """The leaves of ``structure``, in order (a leaf alone gives a one-element list).

    >>> import tapejax as tf
    >>> tf.nest.flatten({'b': [1, 2], 'a': 3})
    [3, 1, 2]
    """
    return _nest.flatten(structure)[0]


def is_nested(seq) -> bool:
    """Whether ``seq`` is a container (list, tuple, namedtuple or dict) rather than a leaf."""
    return _nest._kind(seq) != _nest._LEAF


def _type_mismatch(a, b):
    """The first pair of containers at the same place whose types differ (a tuple and a
    list, two namedtuple types, a dict and a list), or None."""
    if not (is_nested(a) and is_nested(b)):
        return None
    if isinstance(a, Mapping) != isinstance(b, Mapping) or (
        not isinstance(a, Mapping) and type(a) is not type(b)
    ):
        return a, b
    if isinstance(a, Mapping):
        pairs = [(a[k], b[k]) for k in a if k in b]
    else:
        pairs = list(zip(a, b, strict=False))
    return next((m for m in (_type_mismatch(x, y) for x, y in pairs) if m), None)


def _text(x) -> str:
    return f"type={type(x).__name__} str={x}"


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False) -> None:
    """Raises ``ValueError`` (TF's class) if the two nests differ in their containers, and
    ``TypeError`` (as TF) if ``check_types`` and two containers at one place differ in type.

    >>> import tapejax as tf
    >>> tf.nest.assert_same_structure((1, 2), [3, 4], check_types=False)
    """
    mismatch = _type_mismatch(nest1, nest2) if check_types else None
    if mismatch:
        a, b = mismatch
        raise TypeError(
            f"The two structures don't have the same nested structure.\n\nFirst structure: {_text(nest1)}"
            f"\n\nSecond structure: {_text(nest2)}\n\nMore specifically: The two namedtuples don't "
            f"have the same sequence type. First structure {_text(a)} has type {type(a).__name__}, "
            f"while second structure {_text(b)} has type {type(b).__name__}"
        )
    if not _nest.same_structure(nest1, nest2):
        raise ValueError(
            "The two structures don't have the same nested structure. "
            f"First structure: {nest1}, second structure: {nest2}. "
            "tf.nest.assert_same_structure compares the containers (types, lengths, dict keys) "
            "around the leaves; make both structures the same shape."
        )


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    """``structure`` with its leaves replaced, in order, by the items of ``flat_sequence``.

    >>> import tapejax as tf
    >>> tf.nest.pack_sequence_as({'a': 0, 'b': [0, 0]}, [1, 2, 3])
    {'a': 1, 'b': [2, 3]}
    """
    flat_sequence = list(flat_sequence)
    count = len(flatten(structure))
    if count != len(flat_sequence):
        raise ValueError(
            f"Could not pack sequence. Structure had {count} atoms, but flat_sequence had "
            f"{len(flat_sequence)} items. tf.nest.pack_sequence_as needs one item per leaf of "
            f"the structure. Structure: {structure}, flat_sequence: {flat_sequence}."
        )
    return _nest.pack(structure, flat_sequence)


def map_structure(func, *structure, **kwargs):
    """Applies ``func`` to the corresponding leaves of the structures; returns the first's shape.

    >>> import tapejax as tf
    >>> tf.nest.map_structure(lambda x, y: x + y, [1, (2, 3)], [10, (20, 30)])
    [11, (22, 33)]
    """
    if not structure:
        raise ValueError("tf.nest.map_structure needs at least one structure to map over.")
    for other in structure[1:]:
        assert_same_structure(structure[0], other)
    leaves = [flatten(s) for s in structure]
    return pack_sequence_as(structure[0], [func(*args) for args in zip(*leaves, strict=True)])
