"""Which pending values of a recording can still be read once its tape is dropped.

A non-persistent tape is dropped after its one derivative. A pending intermediate (see
Tensor) that only the tape's own structures refer to (the node that produces it, the inputs
of the tape's nodes, the tape's table of connected tensors) can then never be read, so the
fused derivative call does not compute it: computing and returning every intermediate of a
long recording costs more than the derivative itself (issue 10).

Whether anything else refers to a pending tensor is read from its reference count: CPython
counts every strong reference, so a count equal to the tape's own references (counted per
structure, see :func:`references`) proves that nothing else holds it. Any other count counts
as a reader, so the tensor is computed as before. (A weak reference is no reader: the tensor
dies with the tape.)

Tensors left pending that way refer to their node and the node to them. Once the tape is
dropped nothing can reach them, and :func:`release` breaks those cycles, so that reference
counting (not the cycle collector) frees the recording, as when every value was computed.
"""

from __future__ import annotations

import collections
import sys


def references(sl, connected: dict) -> tuple:
    """Per kept node of the slice ``sl``, per output: how many references to it the recording
    holds besides its node's (the inputs of the recording's nodes, the tape's table of
    ``connected`` tensors). Structural: equal recordings hold equally many, so it is kept in
    the slice's memo (shared by equal slices, see plans.py)."""
    found = sl.memo.get("references")
    if found is None:
        counts, seen = collections.Counter(), set()
        for node in sl.recording:
            inputs = node.inputs
            if id(inputs) not in seen:  # nodes may share one tuple of inputs
                seen.add(id(inputs))
                counts.update(map(id, inputs))
        found = sl.memo["references"] = tuple(
            tuple(counts[id(t)] + (connected.get(id(t)) is t) for t in n.outputs) for n in sl.nodes
        )
    return found


def others(sl) -> tuple:
    """The indices in the recording of the nodes outside the slice ``sl``. Structural (memo)."""
    found = sl.memo.get("others")
    if found is None:
        kept = {id(n) for n in sl.nodes}
        found = sl.memo["others"] = tuple(i for i, n in enumerate(sl.recording) if id(n) not in kept)
    return found


def split(nodes, fillable, expected, keep, base=None):
    """The pending outputs of ``nodes`` among ``fillable``: the entries something can still
    read, and the tensors nothing can.

    Args:
      nodes: the slice's nodes.
      fillable: (node index, output index, ...) entries.
      expected: per entry, the references the recording holds to its tensor, its node's
        included (``references`` plus one).
      keep: ids of tensors to compute whatever their count (the targets).
    """
    base = _BASE if base is None else base
    getrefcount = sys.getrefcount
    read, unread = [], []
    for entry, internal in zip(fillable, expected, strict=True):
        t = nodes[entry[0]].outputs[entry[1]]
        if t._v is None:
            if getrefcount(t) - internal == base and id(t) not in keep:
                unread.append(t)
            else:
                read.append(entry)
    return read, unread


def release(unread, sl) -> None:
    """Breaks the cycle between each tensor of ``unread`` and its node, once the recording is
    dropped, except for those a pending tensor outside the slice ``sl`` may still need.

    Args:
      unread: pending tensors nothing outside the recording refers to (see :func:`split`).
      sl: the slice; ``sl.recording`` is every node of the (dropped) recording, which no other
        recorder holds. The pending outputs of the nodes outside the slice may be held, and
        computing them later replays the pending tensors they need.
    """
    recording = sl.recording
    needed, seen, stack = set(), set(), []
    for i in others(sl):
        node = recording[i]
        if any(t._v is None for t in node.outputs):
            stack.append(node)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for t in node.inputs:
            if t._v is None:
                needed.add(id(t))
                stack.append(t._pending[0])
    for t in unread:
        if id(t) not in needed:
            t._pending = None  # unreachable: never read, freed with its node


class _Probe:
    __slots__ = ("outputs", "_v")

    def __init__(self):
        self._v = None


def _calibrate() -> int:
    """The references :func:`split` itself adds to the count it reads (its frame's), found on
    an object that one tuple alone holds; -1 (nothing is ever unread) if that is not stable."""
    probe = _Probe()
    probe.outputs = (_Probe(),)  # any object; held by that tuple only
    for base in range(8):
        if split([probe], [(0, 0)], (1,), (), base)[1]:
            held = probe.outputs[0]  # one more reference: must read as held
            read = split([probe], [(0, 0)], (1,), (), base)[0]
            del held
            return base if read else -1
    return -1


_BASE = _calibrate()
