"""Tape: what one recorder has recorded. Recording only; derivatives live elsewhere.

A Tape holds the recorded nodes in execution order, the set of tensors connected to what it
watches (a cheap filter for ``record``), and every read of a watched Variable (each read is a
leaf). A Tape is a Recorder (recorders.py): GradientTape starts and stops it.
"""

from __future__ import annotations

from . import structure as _structure
from .caches import structures as _structures
from .dtype import DIFFERENTIABLE as _DIFFERENTIABLE
from .state import state
from .variable import Variable

_structure_table = _structures.table  # peeked inline in add (see BoundedCache.table)


class Tape:
    """The recording of one tape: nodes, connected tensors, watched variables and their reads."""

    __slots__ = (
        "nodes",
        "connected",
        "watched_vars",
        "var_reads",
        "watch_accessed_variables",
        "structure",
        "slots",
        "alone",
        "level",
    )
    # Ops this tape records may be deferred: their outputs are pending until needed, so the
    # forward ops can run fused with the gradient (see Tensor and record()).
    defers = True

    def __init__(self, watch_accessed_variables: bool = True):
        self.nodes: list = []
        self.connected: dict = {}  # id(tensor) -> tensor: watched or computed from watched
        self.watched_vars: dict = {}  # id(variable) -> variable
        self.var_reads: dict = {}  # id(variable) -> [read tensors]
        self.watch_accessed_variables = watch_accessed_variables
        self.level = None  # a Recorder's level (see recorders.py)
        # The recording's structure, one event per node, watch or read, with tensors named by
        # their position among the tensors this tape knows (``slots``): two tapes that recorded
        # the same program (a training loop) reach the same interned Prefix, so what is derived
        # from the structure is computed once (see ``structure_key``). None: equal to no other.
        self.structure: _structure.Prefix | None = _structure.EMPTY
        self.slots: dict = {}  # id(tensor) -> position
        # Whether no other recorder was recording when this one recorded a node (so that no
        # other recorder holds its nodes: see ``liveness.release``).
        self.alone = True

    # -- called by record() and Variable reads --------------------------------------------
    def watches_any(self, inputs) -> bool:
        connected = self.connected
        for t in inputs:
            if id(t) in connected:
                return True
        return False

    def _new_slot(self, tensor) -> int:
        slot = self.slots[id(tensor)] = len(self.slots)
        return slot

    def add(self, node) -> None:
        slots = self.slots
        structure = self.structure
        if structure is not None:
            skey = node._static_key
            if skey is False:
                skey = node.static_key()
            if skey is None:  # unhashable static arguments: this recording equals no other
                self.structure = None
            else:
                wiring = []
                for t in node.inputs:
                    slot = slots.get(id(t))
                    wiring.append(t._shape_dtype if slot is None else slot)
                outputs = node.outputs
                if outputs and outputs[0]._v is not None:
                    # Computed now (not deferred): an op whose output shapes may depend on the
                    # values (boolean_mask); with them, a structure still fixes every shape.
                    event = (node.op.key, skey, tuple(wiring), tuple(t._shape_dtype for t in outputs))
                else:
                    event = (node.op.key, skey, tuple(wiring))
                # The table's hit inline (this runs for every recorded op), else extend().
                found = _structure_table.get((structure, event))
                self.structure = found or _structure.extend(structure, event)
        n = len(slots)
        for t in node.outputs:
            slots[id(t)] = n
            n += 1
        self.nodes.append(node)
        if self.alone and len(state.recorders) > 1:
            self.alone = False
        if node.op.differentiable:
            connected = self.connected
            for t in node.outputs:
                if (t._aval or t._shape_dtype)[1] in _DIFFERENTIABLE:
                    connected[id(t)] = t

    def note_read(self, variable, tensor) -> None:
        vid = id(variable)
        if vid not in self.watched_vars:
            if not (self.watch_accessed_variables and variable.trainable):
                return
            self.watched_vars[vid] = variable
        reads = self.var_reads.get(vid)
        if reads is None:
            reads = self.var_reads[vid] = []
        reads.append(tensor)
        aval = tensor._shape_dtype
        structure = self.structure
        if structure is not None:  # extend() with the table's hit inline (every read)
            event = ("read", self._new_slot(tensor), aval)
            found = _structure_table.get((structure, event))
            self.structure = found or _structure.extend(structure, event)
        else:
            self._new_slot(tensor)
        if aval[1] in _DIFFERENTIABLE:
            self.connected[id(tensor)] = tensor

    # -- called by the public recorders ---------------------------------------------------
    def watch_tensor(self, tensor) -> None:
        self.connected[id(tensor)] = tensor
        slot = self.slots.get(id(tensor))
        if slot is None:
            event = ("watch", self._new_slot(tensor), tensor._shape_dtype)
        else:
            event = ("watch", slot)
        self.structure = _structure.extend(self.structure, event)

    def structure_key(self, targets, leaves):
        """A key for everything derived from this recording's structure with these targets and
        leaves, or None if one of them is not a tensor this tape knows (or the recording equals
        no other). O(targets + leaves): the structure is interned as it is recorded."""
        slots, structure = self.slots, self.structure
        if structure is None:
            return None
        try:
            return (structure, tuple([slots[id(t)] for t in targets]), tuple([slots[id(t)] for t in leaves]))
        except KeyError:
            return None

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
        return in_creation_order(self.watched_vars)


def in_creation_order(variables: dict) -> tuple:
    """The Variables of ``variables`` (id -> Variable), in order of construction."""
    return tuple(sorted(variables.values(), key=lambda v: v._order))
