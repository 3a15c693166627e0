"""``keras.tree``: functions over nested structures, with Keras 3's rules (its optree ones).

Containers are lists, tuples, namedtuples, dicts (flattened in sorted key order, rebuilt in
their own), ``OrderedDict``s (insertion order), ``defaultdict``s and ``deque``s; everything else
is a leaf, None included (``tf.nest`` agrees except for ``OrderedDict`` and ``deque``, hence a
walk of our own). A path is the tuple of indices and keys from the root (a namedtuple's fields
by index).
"""

from __future__ import annotations

import warnings
from collections import OrderedDict, defaultdict, deque


class MAP_TO_NONE:  # noqa: N801 (Keras' name)
    """Returned by ``traverse``'s function to put None in place of a sub-structure."""


def _is_namedtuple(x) -> bool:
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def _node(x):
    """``(keys, children)`` of a container, None for a leaf."""
    kind = type(x)
    if kind in (list, tuple, deque) or _is_namedtuple(x):
        return list(range(len(x))), list(x)
    if kind in (dict, defaultdict):
        keys = sorted(x)
        return keys, [x[k] for k in keys]
    if kind is OrderedDict:
        return list(x), list(x.values())
    return None


def _rebuild(x, children: list):
    kind = type(x)
    if _is_namedtuple(x):
        return kind(*children)
    if kind in (list, tuple, deque):
        return kind(children)
    keys = _node(x)[0]
    values = dict(zip(keys, children, strict=True))
    if kind is defaultdict:
        return defaultdict(x.default_factory, {k: values[k] for k in x})
    return kind((k, values[k]) for k in x)


def is_nested(structure) -> bool:
    """Whether ``structure`` is a container (a list, tuple, dict...) rather than a leaf.

    >>> import tapejax as tf
    >>> tf.keras.tree.is_nested(42), tf.keras.tree.is_nested({'foo': 42})
    (False, True)
    """
    return _node(structure) is not None


def _walk(structure, path: tuple, out: list) -> None:
    node = _node(structure)
    if node is None:
        out.append((path, structure))
        return
    for key, child in zip(*node, strict=True):
        _walk(child, (*path, key), out)


def flatten_with_path(structure) -> list:
    """``(path, leaf)`` pairs, a path being the tuple of indices and keys to the leaf."""
    out: list = []
    _walk(structure, (), out)
    return out


def flatten(structure) -> list:
    """The leaves of ``structure`` in order (dict keys sorted).

    >>> import tapejax as tf
    >>> tf.keras.tree.flatten({'b': [1, None], 'a': (2, 3)})
    [2, 3, 1, None]
    """
    return [leaf for _, leaf in flatten_with_path(structure)]


def _type_name(x) -> str:
    return type(x).__name__


def _check_match(a, b) -> None:
    """Raises ValueError, with optree's messages, unless containers ``a`` and ``b`` match."""
    node_a, node_b = _node(a), _node(b)
    if node_b is None:
        raise ValueError("Structures don't have the same nested structure.")
    mappings = (dict, defaultdict, OrderedDict)
    if isinstance(a, dict) and type(a) in mappings:
        if not (isinstance(b, dict) and type(b) in mappings):
            raise ValueError(f"Expected an instance of dict, got {b!r}.")
        if set(a) != set(b):
            missing, extra = sorted(set(a) - set(b)), sorted(set(b) - set(a))
            raise ValueError(
                f"dictionary key mismatch; expected key(s): {sorted(a)}, got key(s): {sorted(b)}, "
                f"missing key(s): {missing}, extra key(s): {extra}; dict: {b!r}."
            )
        return
    if type(a) is not type(b):
        raise ValueError(f"Expected an instance of {_type_name(a)}, got {b!r}.")
    if len(node_a[1]) != len(node_b[1]):
        raise ValueError(
            f"{_type_name(a)} arity mismatch; expected: {len(node_a[1])}, got: {len(node_b[1])}; "
            f"{_type_name(a)}: {b!r}."
        )


def _map(func, structures, is_leaf, up_to: bool = False):
    first = structures[0]
    if is_leaf(first):
        return func(*structures)
    for other in structures[1:]:
        _check_match(first, other)
    keys = _node(first)[0]
    rows = [_children_by_key(s, keys) for s in structures]
    return _rebuild(first, [_map(func, list(column), is_leaf, up_to) for column in zip(*rows, strict=True)])


def _children_by_key(structure, keys: list) -> list:
    return [structure[k] for k in keys]


def map_structure(func, *structures, none_is_leaf: bool = True):
    """``func`` applied to the corresponding leaves of ``structures`` (all the same structure).

    >>> import tapejax as tf
    >>> tf.keras.tree.map_structure(lambda x, y: x + y, [1, (2, 3)], [10, (20, 30)])
    [11, (22, 33)]
    """
    if not structures:
        raise ValueError("Must provide at least one structure")
    return _map(func, list(structures), lambda x: _node(x) is None)


def map_structure_up_to(shallow_structure, func, *structures):
    """``func`` applied to the sub-structures of ``structures`` at the leaves of ``shallow_structure``."""
    if not structures:
        raise ValueError("Must provide at least one structure")

    def at_shallow_leaf(shallow, *args):
        return func(*args)

    return _map(at_shallow_leaf, [shallow_structure, *structures], lambda x: _node(x) is None)


def assert_same_structure(a, b, check_types=None) -> None:
    """Raises ValueError unless ``a`` and ``b`` have the same containers around their leaves
    (dict, OrderedDict and defaultdict with the same keys count as the same).

    >>> import tapejax as tf
    >>> tf.keras.tree.assert_same_structure([(0, 1)], [(2, 3)])
    """
    if check_types is not None:
        message = (
            "The `check_types` argument is deprecated and no longer has any effect, please remove."
            if check_types
            else "The `check_types` argument is deprecated and no longer has any effect. For a "
            "looser check, use `keras.tree.assert_same_paths()`, which considers `list`, "
            "`tuple`, `namedtuple` and `deque` as matching"
        )
        warnings.warn(message, DeprecationWarning, stacklevel=2)

    def check(x, y):
        if _node(y) is not None:
            raise ValueError("Structures don't have the same nested structure.")

    _map(check, [a, b], lambda x: _node(x) is None)


def assert_same_paths(a, b) -> None:
    """Raises ValueError unless ``a`` and ``b`` have the same leaf paths (container types may differ)."""
    a_paths = {p for p, _ in flatten_with_path(a)}
    b_paths = {p for p, _ in flatten_with_path(b)}
    if a_paths != b_paths:
        message = "`a` and `b` don't have the same paths."
        if a_paths - b_paths:
            message += f"\nPaths in `a` missing in `b`:\n{a_paths - b_paths}"
        if b_paths - a_paths:
            message += f"\nPaths in `b` missing in `a`:\n{b_paths - a_paths}"
        raise ValueError(message)


def pack_sequence_as(structure, flat_sequence):
    """``structure`` with its leaves replaced, in order, by ``flat_sequence``'s items.

    >>> import tapejax as tf
    >>> tf.keras.tree.pack_sequence_as({'b': 0, 'a': 0}, [1, 2])
    {'b': 2, 'a': 1}
    """
    flat = list(flat_sequence)
    count = len(flatten(structure))
    if len(flat) < count:
        raise ValueError(f"Too few leaves for PyTreeSpec; expected: {count}, got: {len(flat)}.")
    if len(flat) > count:
        raise ValueError(f"Too many leaves for PyTreeSpec; expected: {count}.")
    leaves = iter(flat)
    return _map(lambda _: next(leaves), [structure], lambda x: _node(x) is None)


def traverse(func, structure, top_down: bool = True):
    """Applies ``func`` to every sub-structure, depth first (parents first when ``top_down``).

    Top down, a non-None result replaces the sub-structure and is not entered; bottom up, a
    non-None result replaces the (already traversed) sub-structure. ``MAP_TO_NONE`` puts None.
    """
    if top_down:
        found = func(structure)
        if found is None:
            found = _traverse_children(func, structure, top_down)
        elif found is MAP_TO_NONE:
            return None
        return found
    traversed = _traverse_children(func, structure, top_down)
    found = func(traversed)
    if found is None:
        return traversed
    return None if found is MAP_TO_NONE else found


def _traverse_children(func, structure, top_down: bool):
    node = _node(structure)
    if node is None:
        return structure
    return _rebuild(structure, [traverse(func, child, top_down) for child in node[1]])


def lists_to_tuples(structure):
    """``structure`` with every list made a tuple."""
    return traverse(lambda x: tuple(x) if isinstance(x, list) else None, structure, top_down=False)


def _is_shape(x) -> bool:
    return isinstance(x, (list, tuple)) and all(isinstance(e, (int, type(None))) for e in x)


def map_shape_structure(func, structure):
    """``map_structure`` that treats tuples and lists of ints and Nones (shapes) as leaves."""
    return _map(func, [structure], lambda x: _is_shape(x) or _node(x) is None)
