"""Slice plans: a slice of a recording found again by position in an equal recording.

A training loop records the same structure every step. The first gradient of a structure
slices the recording (``autodiff.replay.Slice``: a walk over every node) and keeps its *plan*:
the positions of the kept nodes, leaves and constants. Later recordings of that structure
(the tape's interned key, ``DeferringTape.structure_key``) find their slice by those positions,
and share its Program and memo (so its compiled derivatives) with the first.
"""

from __future__ import annotations

from ..autodiff.replay import Slice
from ..caches import plans


def slice_of(tape, targets, leaves) -> Slice:
    """``Slice(tape.nodes, targets, leaves)``, reusing the slicing of an equal structure."""
    key = tape.structure_key(targets, leaves)
    plan = plans.get(key) if key is not None else None
    if plan is not None:
        return _from_plan(plan, tape.nodes, targets, leaves)
    sl = Slice(tape.nodes, targets, leaves)
    if key is not None:
        plans.put(key, _plan(sl, tape.nodes, leaves))
    return sl


def _plan(sl: Slice, nodes, leaves) -> tuple:
    """``sl`` by positions: how to find it again in an equal recording."""
    node_pos = {id(n): i for i, n in enumerate(nodes)}
    leaf_pos = {}
    for i, t in enumerate(leaves):
        leaf_pos.setdefault(id(t), i)
    kept_pos = {id(n): k for k, n in enumerate(sl.nodes)}
    where = {}
    for n in sl.nodes:
        for j, t in enumerate(n.inputs):
            where.setdefault(id(t), (kept_pos[id(n)], j))
    return (
        tuple(node_pos[id(n)] for n in sl.nodes),
        tuple(leaf_pos[id(t)] for t in sl.leaves),
        tuple(where[id(t)] for t in sl.consts),
        tuple(sl.target_positions),
        sl.reverse_only,
        sl.program,
        sl.memo,
    )


def _from_plan(plan, nodes, targets, leaves) -> Slice:
    kept_idx, leaf_idx, const_refs, positions, reverse_only, program, memo = plan
    kept = [nodes[i] for i in kept_idx]
    return Slice.from_parts(
        nodes,
        kept,
        [leaves[i] for i in leaf_idx],
        [kept[k].inputs[j] for k, j in const_refs],
        [targets[k] for k in positions],
        list(positions),
        reverse_only,
        program,
        memo,
    )
