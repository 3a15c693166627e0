"""Tape: what one recorder has recorded. Recording only; derivatives live elsewhere.

A Tape holds the recorded nodes in execution order, the set of tensors connected to what it
watches (a cheap filter for ``record``), and every read of a watched Variable (each read is a
leaf). GradientTape and ForwardAccumulator each own one and push it on the per-thread stack
of recording tapes while their context is active.
"""

from __future__ import annotations

import numpy as np

from ._state import state
from ._variable import Variable

_DIFFERENTIABLE = {np.dtype(t) for t in ("float16", "float32", "float64", "complex64", "complex128")}
try:
    import ml_dtypes

    _DIFFERENTIABLE.add(np.dtype(ml_dtypes.bfloat16))
except ImportError:  # pragma: no cover
    pass


def is_differentiable(tensor) -> bool:
    return tensor._np_dtype in _DIFFERENTIABLE


class Tape:
    """The recording of one tape: nodes, connected tensors, watched variables and their reads."""

    __slots__ = ("nodes", "connected", "watched_vars", "var_reads", "watch_accessed_variables")
    # Ops this tape records may be deferred: their outputs are pending until needed, so the
    # forward ops can run fused with the gradient (see Tensor and record()).
    defers = True

    def __init__(self, watch_accessed_variables: bool = True):
        self.nodes: list = []
        self.connected: dict = {}  # id(tensor) -> tensor: watched or computed from watched
        self.watched_vars: dict = {}  # id(variable) -> variable
        self.var_reads: dict = {}  # id(variable) -> [read tensors]
        self.watch_accessed_variables = watch_accessed_variables

    # -- called by record() and Variable reads --------------------------------------------
    def watches_any(self, inputs) -> bool:
        connected = self.connected
        for t in inputs:
            if id(t) in connected:
                return True
        return False

    def add(self, node) -> None:
        self.nodes.append(node)
        if node.op.differentiable:
            for t in node.outputs:
                if t._np_dtype in _DIFFERENTIABLE:
                    self.connected[id(t)] = t

    def note_read(self, variable, tensor) -> None:
        vid = id(variable)
        if vid not in self.watched_vars:
            if not (self.watch_accessed_variables and variable.trainable):
                return
            self.watched_vars[vid] = variable
        self.var_reads.setdefault(vid, []).append(tensor)
        if is_differentiable(tensor):
            self.connected[id(tensor)] = tensor

    # -- called by the public recorders ---------------------------------------------------
    def watch_tensor(self, tensor) -> None:
        self.connected[id(tensor)] = tensor

    def watch_variable(self, variable) -> None:
        self.watched_vars.setdefault(id(variable), variable)

    def leaves_of(self, source) -> list:
        """The leaf tensors standing for ``source`` on this tape: a Variable's watched reads, or
        the tensor itself if it is watched or computed from watched tensors (else none: as in
        TF, an unwatched tensor that merely fed a recorded op gets no gradient)."""
        if isinstance(source, Variable):
            return self.var_reads.get(id(source), [])
        return [source] if id(source) in self.connected else []

    def watched_variables(self) -> tuple:
        return tuple(sorted(self.watched_vars.values(), key=lambda v: v._order))

    def push(self, position: int | None = None) -> None:
        """Starts recording, innermost, or back at ``position`` (where :meth:`pop` took it)."""
        recorders = state.recorders
        if position is None or position >= len(recorders):
            recorders.append(self)
        else:
            recorders.insert(position, self)

    def pop(self) -> int:
        """Stops recording; returns where this tape was in the stack of recorders."""
        # Tapes may be exited out of order (two tapes in one ``with``); remove this one.
        recorders = state.recorders
        for i in range(len(recorders) - 1, -1, -1):
            if recorders[i] is self:
                del recorders[i]
                return i
        return len(recorders)
