"""Tape: what one recorder has recorded. Recording only; derivatives live elsewhere.

A Tape holds the recorded nodes in execution order, the set of tensors connected to what it
watches (a cheap filter for ``record``), and every read of a watched Variable (each read is a
leaf). A Tape is a Recorder (recorders.py): GradientTape starts and stops it.

This is the plain tape: every op it records has run (``defers`` is False). The engine's tape
(``engine/tape.py``) is this one plus deferred ops and an interned structure; the reference
path (``_core/reference.py``) records with this one.
"""

from __future__ import annotations

from ..values.dtype import DIFFERENTIABLE as _DIFFERENTIABLE
from .variable import Variable


class Tape:
    """The recording of one tape: nodes, connected tensors, watched variables and their reads."""

    __slots__ = ("nodes", "connected", "watched_vars", "var_reads", "watch_accessed_variables", "level")
    defers = False  # the ops it records run now (see Recorder.defer)

    def __init__(self, watch_accessed_variables: bool = True):
        self.nodes: list = []
        self.connected: dict = {}  # id(tensor) -> tensor: watched or computed from watched
        self.watched_vars: dict = {}  # id(variable) -> variable
        self.var_reads: dict = {}  # id(variable) -> [read tensors]
        self.watch_accessed_variables = watch_accessed_variables
        self.level = None  # a Recorder's level (see recorders.py)

    # -- called by record() and Variable reads --------------------------------------------
    def watches_any(self, inputs) -> bool:
        connected = self.connected
        for t in inputs:
            if id(t) in connected:
                return True
        return False

    def defer(self, op, inputs, static: dict):
        return None  # never asked: ``defers`` is False

    def add(self, node) -> None:
        self.nodes.append(node)
        if node.op.differentiable:
            connected = self.connected
            for t in node.outputs:
                if t._shape_dtype[1] in _DIFFERENTIABLE:
                    connected[id(t)] = t

    def note_read(self, variable, tensor) -> None:
        if self._watch_read(variable, tensor) and tensor._shape_dtype[1] in _DIFFERENTIABLE:
            self.connected[id(tensor)] = tensor

    def _watch_read(self, variable, tensor) -> bool:
        """Keeps ``tensor`` as a read of ``variable`` if this tape watches it (or now does)."""
        vid = id(variable)
        if vid not in self.watched_vars:
            if not (self.watch_accessed_variables and variable.trainable):
                return False
            self.watched_vars[vid] = variable
        reads = self.var_reads.get(vid)
        if reads is None:
            reads = self.var_reads[vid] = []
        reads.append(tensor)
        return True

    # -- called by the public recorders ---------------------------------------------------
    def watch_tensor(self, tensor) -> None:
        self.connected[id(tensor)] = tensor

    def watch_variable(self, variable) -> None:
        self.watched_vars.setdefault(id(variable), variable)

    def may_gather(self) -> bool:
        """Whether a GatherV2 is among the recorded nodes (the sparse gradients' first test)."""
        return any(n.op.name == "GatherV2" for n in self.nodes)

    def leaves_of(self, source) -> list:
        """The leaf tensors standing for ``source`` on this tape: a Variable's watched reads, or
        the tensor itself if it is watched or computed from watched tensors (else none: as in
        TF, an unwatched tensor that merely fed a recorded op gets no gradient)."""
        if isinstance(source, Variable):
            return self.var_reads.get(id(source), [])
        return [source] if id(source) in self.connected else []

    def watched_variables(self) -> tuple:
        return in_creation_order(self.watched_vars)


def in_creation_order(variables: dict) -> tuple:
    """The Variables of ``variables`` (id -> Variable), in order of construction."""
    return tuple(sorted(variables.values(), key=lambda v: v._order))
