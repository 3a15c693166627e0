"""The engine's tape: the plain Tape (``recording/tape.py``), with its ops deferred and its
structure interned as it records.

Deferred: an op it records runs later, fused with the derivative that needs it or when its
value is read (``deferral.py``). Interned: the recording's structure, one event per node,
watch or read, with tensors named by their position among the tensors the tape knows
(``slots``), is an interned :class:`structure.Prefix` at every moment; two tapes that recorded
the same program (a training loop) reach the same Prefix, so what is derived from the structure
(slice plans, compiled derivatives) is found in O(1) (``structure_key``).
"""

from __future__ import annotations

from ..caches import structures as _structures
from ..recording.state import state
from ..recording.tape import Tape
from ..values.dtype import DIFFERENTIABLE as _DIFFERENTIABLE
from . import deferral
from . import structure as _structure

_structure_table = _structures.table  # peeked inline in add (see BoundedCache.table)


class DeferringTape(Tape):
    """A Tape whose ops are deferred and whose structure is interned as it is recorded."""

    __slots__ = ("structure", "slots", "alone")
    defers = deferral.DEFER

    def __init__(self, watch_accessed_variables: bool = True):
        # Tape's fields, set here without a call to Tape.__init__ (a tape per step: ~0.1 µs).
        self.nodes, self.connected, self.watched_vars, self.var_reads = [], {}, {}, {}
        self.watch_accessed_variables, self.level = watch_accessed_variables, None
        # None: a recording equal to no other (an unhashable static argument).
        self.structure: _structure.Prefix | None = _structure.EMPTY
        self.slots: dict = {}  # id(tensor) -> position
        # Whether no other recorder was recording when this one recorded a node (so that no
        # other recorder holds its nodes: see ``liveness.release``).
        self.alone = True

    defer = staticmethod(deferral.defer)  # Recorder.defer, without a method call in between

    def _new_slot(self, tensor) -> int:
        slot = self.slots[id(tensor)] = len(self.slots)
        return slot

    # Tape.add and Tape.note_read with the structure's next event: written out in full, as
    # they run for every recorded op and Variable read (a call to the plain one costs ~0.1 µs).
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
                self.structure = found or _structure.extend(structure, event, node.op.name == "GatherV2")
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
                if t._shape_dtype[1] in _DIFFERENTIABLE:
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

    def watch_tensor(self, tensor) -> None:
        self.connected[id(tensor)] = tensor
        slot = self.slots.get(id(tensor))
        if slot is None:
            event = ("watch", self._new_slot(tensor), tensor._shape_dtype)
        else:
            event = ("watch", slot)
        self.structure = _structure.extend(self.structure, event)

    def may_gather(self) -> bool:
        """Whether a GatherV2 may be among the nodes (``Tape.may_gather``): O(1), from the
        interned structure (a recording equal to no other is scanned)."""
        structure = self.structure
        return super().may_gather() if structure is None else structure.gathers

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
