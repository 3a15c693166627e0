"""Restoring a checkpoint into live objects, now and when their Variables are created later.

``restore`` matches the saved object graph with the live one by names, checks every matched
Variable's shape and dtype and reads every saved value before it assigns anything, so a
failed restore changes no Variable. Saved values whose objects do not exist yet (a Keras
layer or optimizer that builds its Variables on first use) are kept: the ``build`` of the
nearest live object above them is wrapped, and when it has run the graph is matched again
and the new Variables get their values (TensorFlow's deferred restoration).
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.purify import no_recording, undo_assignments_on_error
from .._core.recording.state import lookup_variable
from .._core.recording.variable import restore_lifted
from .._core.values import x64
from .._core.values.access import np_dtype, np_shape, value_of
from .._core.values.errors import InvalidArgumentError
from . import _files, _graph


class Restoration:
    """One ``restore`` call: the saved graph and values, and what has been assigned."""

    def __init__(self, root, prefix: str, nodes: list[dict], values: dict):
        self.root, self.prefix, self.nodes, self.values = root, prefix, nodes, values
        self.bound: dict[int, object] = {}  # node id -> the live Variable that got its value
        self._watched: list = []  # (owner, its build wrapper)
        self.cancelled = False

    def assign(self, matched: dict) -> None:
        """Assigns the values of the newly matched Variables, all or none."""
        todo = [
            (node_id, live)
            for node_id, live in sorted(matched.items())
            if "variable" in self.nodes[node_id] and node_id not in self.bound
        ]
        for node_id, live in todo:
            check(self.nodes[node_id]["variable"], live)
        with no_recording(), undo_assignments_on_error(), jax.ensure_compile_time_eval():
            for node_id, live in todo:
                _assign(live, self.values[self.nodes[node_id]["variable"]["index"]])
        self.bound.update(todo)
        self._watch(matched)

    def resume(self) -> None:
        """Matches the graph again and assigns what has appeared (after a ``build``)."""
        if not self.cancelled:
            self.assign(_graph.match(self.nodes, self.root))

    def pending(self) -> list[int]:
        """The saved Variables' node ids that have no live Variable yet."""
        return [i for i, n in enumerate(self.nodes) if "variable" in n and i not in self.bound]

    def cancel(self) -> None:
        """Stops waiting for Variables (a newer restore replaces this one)."""
        self.cancelled = True
        self._unwatch()

    def _watch(self, matched: dict) -> None:
        if not self.pending():
            self._unwatch()
            return
        watched = {id(owner) for owner, _ in self._watched}
        for owner in _graph.owners_of_unmatched(self.nodes, matched):
            if id(owner) not in watched and callable(getattr(owner, "build", None)):
                self._watched.append((owner, _wrap_build(owner, self)))

    def _unwatch(self) -> None:
        for owner, wrapper in self._watched:
            if vars(owner).get("build") is wrapper:
                del vars(owner)["build"]
        self._watched = []


def _assign(live, value) -> None:
    if lookup_variable(id(live)) is None:
        live.assign(value)
        return
    # A deferred restore run while a tapejax.function traces (a layer or optimizer built by its
    # call): assigning the trace's stand-in would make every call of the program write the
    # saved value again. As TF lifts restore ops out of the function (init_scope), the Variable
    # itself takes the value, and a trace that touched it runs again from it.
    restore_lifted(live, jnp.asarray(value, np_dtype(live)))


def _wrap_build(owner, restoration: Restoration):
    original = owner.build

    @functools.wraps(original)
    def build(*args, **kwargs):
        result = original(*args, **kwargs)
        restoration.resume()
        return result

    vars(owner)["build"] = build  # an instance attribute: found before the class's method
    return build


def check(record: dict, live) -> None:
    """Raises TensorFlow's error if ``live`` cannot take the saved value ``record`` describes."""
    dtype = np.dtype(np_dtype(live)).name
    if dtype != record["dtype"]:
        raise InvalidArgumentError(
            None,
            None,
            f"tensor_name = {record['key']}; expected dtype {dtype} does not equal original dtype "
            f"{record['dtype']}. Create {live.name!r} with the dtype it was saved with.",
        )
    if tuple(np_shape(live)) != tuple(record["shape"]):
        raise ValueError(
            f"Received incompatible tensor with shape {tuple(record['shape'])} when attempting to "
            f"restore variable with shape {tuple(np_shape(live))} and name {live.name}."
        )


@x64.enabled
def restore(root, save_path, restoring: bool = True) -> Restoration:
    """Restores the checkpoint ``save_path`` into the objects reachable from ``root``."""
    index = _files.read_checked_index(save_path, restoring)
    nodes = index["nodes"]
    matched = _graph.match(nodes, root)
    shardings = {}
    for node_id, live in matched.items():
        record = nodes[node_id].get("variable")
        if record is not None:
            check(record, live)
            if isinstance(value_of(live), jax.Array):
                shardings[record["index"]] = value_of(live).sharding
    values = _files.read_values(save_path, nodes, shardings, index.get("files"))
    restoration = Restoration(root, str(save_path), nodes, values)
    restoration.assign(matched)
    return restoration


_NO_PATH = "No checkpoint specified (save_path=None); nothing is being restored."


class CheckpointLoadStatus:
    """What ``Checkpoint.restore`` returns: checks of how the checkpoint matched the program."""

    def __init__(self, restoration: Restoration):
        self._restoration = restoration

    def assert_existing_objects_matched(self):
        """Raises AssertionError if a Variable of the program got no value from the checkpoint."""
        r = self._restoration
        bound = {id(v) for v in r.bound.values()}
        unmatched = [v for v in _graph.live_variables(r.root) if id(v) not in bound]
        if unmatched:
            shown = min(10, len(unmatched))
            raise AssertionError(
                f"Found {len(unmatched)} Python objects that were not bound to checkpointed values, "
                f"likely due to changes in the Python program. Showing {shown} of {len(unmatched)} "
                f"unmatched objects: {unmatched[:shown]}"
            )
        return self

    def assert_consumed(self):
        """Also raises if a saved value has not been restored into the program (yet)."""
        self.assert_existing_objects_matched()
        pending = self._restoration.pending()
        if pending:
            record = self._restoration.nodes[pending[0]]["variable"]
            raise AssertionError(
                f"Unresolved object in checkpoint {record['path']}: a Variable of shape "
                f"{tuple(record['shape'])} and dtype {record['dtype']} (checkpoint key {record['key']}) "
                f"that no object of the program has taken ({len(pending)} such values). If it is "
                "created later (a layer's build), check after that."
            )
        return self

    def assert_nontrivial_match(self):
        """Raises if nothing was restored (the checkpoint does not fit the program at all)."""
        r = self._restoration
        if not r.bound:
            raise AssertionError(
                "Nothing except the root object matched a checkpointed value. Typically this means "
                "that the checkpoint does not match the Python program. The following objects have no "
                f"matching checkpointed value: {_graph.live_variables(r.root)}"
            )
        return self

    def expect_partial(self):
        """Accepts values left unrestored (tapejax never warns about them); returns the status."""
        return self

    def run_restore_ops(self, session=None):
        """Nothing to run: eager restoration already happened."""

    def initialize_or_restore(self, session=None):
        """Nothing to run: eager restoration already happened."""


class InitializationOnlyStatus(CheckpointLoadStatus):
    """What ``restore(None)`` returns: nothing is restored, and the assertions say so."""

    def __init__(self):
        super().__init__(None)

    def assert_existing_objects_matched(self):
        raise AssertionError(_NO_PATH)

    assert_consumed = assert_nontrivial_match = assert_existing_objects_matched
