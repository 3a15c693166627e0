"""The object graph of a checkpoint: which objects are saved, and under which names.

As in TensorFlow's object-based checkpoints, the graph's nodes are the trackable objects
reachable from the root (a ``Checkpoint``) and its edges are named by attribute names, list
indices and dict keys; a Variable is saved once, under the first path that reaches it
(breadth first), and restored by following the same names from the root of the live objects.

Trackable here: a ``Variable``, a ``tf.Module`` (so every Keras layer and model), an object
that lists its own children with ``_checkpoint_children`` (a ``Checkpoint``, a ``tf.data``
iterator), and any object whose class has a ``variables`` property (Keras optimizers and
metrics). Their attributes are walked, public names first, then private ones (an optimizer's
state is private), each group sorted; lists, tuples and dicts with string keys are walked into
when they hold something trackable. Other values (numbers, strings, functions) are not saved.

Two opt-outs, as TF's ``Trackable`` objects choose their dependencies: a class whose
``_checkpoint_trackable`` is False is never a node (Keras metrics: TF's checkpoints of a Keras
model hold none of their states), and a class's ``_checkpoint_untracked`` names attributes
that are not edges (a Keras model's trainer state).
"""

from __future__ import annotations

import collections

from .._api.module import Module
from .._core.recording.variable import Variable
from .._core.values.access import np_shape


class Root:
    """Base class of objects that list their own children (``Checkpoint``); any class with a
    ``_checkpoint_children`` method is treated alike (a ``tf.data`` iterator)."""

    def _checkpoint_children(self) -> list[tuple[str, object]]:
        raise NotImplementedError


def _lists_children(value) -> bool:
    return callable(getattr(type(value), "_checkpoint_children", None))


def is_trackable(value) -> bool:
    """Whether ``value`` is a node of a checkpoint's object graph (not a container)."""
    if getattr(type(value), "_checkpoint_trackable", True) is False:
        return False
    if isinstance(value, (Variable, Module)) or _lists_children(value):
        return True
    return hasattr(value, "__dict__") and isinstance(getattr(type(value), "variables", None), property)


def _is_container(value) -> bool:
    return isinstance(value, (list, tuple)) or (
        isinstance(value, dict) and all(isinstance(k, str) for k in value)
    )


def _raw_children(value) -> list[tuple[str, object]]:
    if isinstance(value, Variable):
        return []
    if _lists_children(value):
        return value._checkpoint_children()
    if isinstance(value, (list, tuple)):
        return [(str(i), item) for i, item in enumerate(value)]
    if isinstance(value, dict):
        return [(key, value[key]) for key in sorted(value)]
    attributes = vars(value)
    skipped = getattr(type(value), "_checkpoint_untracked", ())
    names = sorted((n for n in attributes if n not in skipped), key=lambda n: (n.startswith("_"), n))
    return [(name, attributes[name]) for name in names]


def children(value, _seen=None) -> list[tuple[str, object]]:
    """The named edges out of ``value``: trackables, and containers that hold one."""
    found = []
    for name, child in _raw_children(value):
        if is_trackable(child) or (_is_container(child) and _holds_trackable(child, _seen or set())):
            found.append((name, child))
    return found


def _holds_trackable(container, seen: set) -> bool:
    if id(container) in seen:
        return False
    seen.add(id(container))
    return any(
        is_trackable(c) or (_is_container(c) and _holds_trackable(c, seen))
        for _, c in _raw_children(container)
    )


def escape(name: str) -> str:
    """TensorFlow's escaping of one name in a checkpoint key ('.' -> '..', '/' -> '.S')."""
    return name.replace(".", "..").replace("/", ".S")


def variable_key(path: list[str]) -> str:
    """TensorFlow's checkpoint key of the Variable at ``path`` from the root."""
    return "/".join([escape(n) for n in path] + [".ATTRIBUTES", "VARIABLE_VALUE"])


def pretty(path: list[str]) -> str:
    """TensorFlow's name of a node in messages: ``(root).model.dense.kernel``."""
    return ".".join(["(root)", *path])


def build(root) -> tuple[list[dict], list[Variable]]:
    """The graph of ``root`` as JSON-ready nodes, and its Variables (in node order).

    Each node is ``{"children": [[name, node id], ...]}``; a Variable's node also has
    ``"variable": {"key", "shape", "dtype"}`` and its value is the Variable at the same
    position in the returned list as the node's ``"index"``.
    """
    ids = {id(root): 0}
    objects, paths, nodes = [root], [[]], [{"children": []}]
    variables: list[Variable] = []
    queue = collections.deque([0])
    while queue:
        node_id = queue.popleft()
        for name, child in children(objects[node_id]):
            if id(child) not in ids:
                ids[id(child)] = len(objects)
                objects.append(child)
                paths.append(paths[node_id] + [name])
                nodes.append({"children": []})
                queue.append(ids[id(child)])
                if isinstance(child, Variable):
                    nodes[-1]["variable"] = {
                        "key": variable_key(paths[-1]),
                        "path": pretty(paths[-1]),
                        "shape": list(np_shape(child)),
                        "dtype": child.dtype.name,
                        "index": len(variables),
                    }
                    variables.append(child)
            nodes[node_id]["children"].append([name, ids[id(child)]])
    return nodes, variables


def match(nodes: list[dict], root) -> dict[int, object]:
    """The live object of each saved node reachable by the same names from ``root``."""
    matched = {0: root}
    queue = collections.deque([0])
    while queue:
        node_id = queue.popleft()
        live = dict(children(matched[node_id]))
        for name, child_id in nodes[node_id]["children"]:
            if child_id in matched or name not in live:
                continue
            child = live[name]
            if ("variable" in nodes[child_id]) != isinstance(child, Variable):
                continue  # a Variable saved where the program now has another kind of object
            matched[child_id] = child
            queue.append(child_id)
    return matched


def owners_of_unmatched(nodes: list[dict], matched: dict) -> list:
    """The live objects (not containers) under which an unmatched saved node would appear.

    When a Keras layer or optimizer creates its Variables later (in ``build``), the saved
    values under it are restored then: these are the objects to watch.
    """
    parents = {child: parent for parent in matched for _, child in nodes[parent]["children"]}
    owners, seen = [], set()
    for node_id in matched:
        missing = any(child_id not in matched for _, child_id in nodes[node_id]["children"])
        if not missing:
            continue
        owner = _owner(node_id, parents, matched)
        if owner is not None and id(owner) not in seen:
            seen.add(id(owner))
            owners.append(owner)
    return owners


def _owner(node_id: int, parents: dict, matched: dict):
    """The nearest matched non-container object at or above ``node_id``."""
    visited = set()
    while node_id is not None and node_id not in visited:
        visited.add(node_id)
        live = matched.get(node_id)
        if live is not None and not _is_container(live):
            return live
        node_id = parents.get(node_id)
    return None


def live_variables(root) -> list[Variable]:
    """Every Variable reachable from ``root`` (each once)."""
    _, variables = build(root)
    return variables
