"""``tf.nest``: functions over nested structures (lists, tuples, namedtuples, dicts) of leaves.

The same nests as ``GradientTape.gradient`` takes for its sources (``tapejax._nest``): a dict is
flattened in sorted key order, and everything that is not a container is a leaf.
"""

from __future__ import annotations

from .._core import nest as _nest


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


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False) -> None:
    """Raises ``ValueError`` (TF's class) if the two nests differ in their containers."""
    if not _nest.same_structure(nest1, nest2):
        raise ValueError(
            "The two structures don't have the same nested structure. "
            f"First structure: {nest1}, second structure: {nest2}. "
            "tf.nest.assert_same_structure compares the containers (types, lengths, dict keys) "
            "around the leaves; make both structures the same shape.")


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
            f"the structure. Structure: {structure}, flat_sequence: {flat_sequence}.")
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
