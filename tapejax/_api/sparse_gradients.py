"""TF's sparse gradients: a source read only by gathers of its rows gets an IndexedSlices.

TF's gradient of ``tf.gather(params, indices)`` (axis 0), of ``tf.nn.embedding_lookup`` and of
``Variable.sparse_read`` with respect to ``params`` is ``IndexedSlices(values, indices,
dense_shape)``: the cotangents of the gathered rows and the row numbers, never the dense
tensor of zeros with a few rows filled. ``GradientTape.gradient`` returns the same: for a
source every recorded read of which is such a gather, it takes the gradients with respect to
the gathers' outputs instead (JAX's cotangents there, one derivative as for any source) and
lays them out as TF does: the rows of each gather in order, concatenated over the gathers.
A source read any other way (also) gets the dense gradient, as in TF, where aggregating with a
dense gradient densifies.
"""

from __future__ import annotations

from .._core.recording.convert import constant
from .._ops.array_ops import reshape
from .._ops.join_ops import concat
from .._ops.sparse.indexed_slices import IndexedSlices


def row_gathers(tape, groups, direct) -> list | None:
    """Per source (its leaf tensors, ``groups``), the gathers ``tape`` recorded reading them
    when every recorded node that reads one of its leaves gathers its rows (GatherV2 on axis 0,
    the leaf as params), else None; None for all when no source is such (the common case: the
    tape knows it recorded no gather in O(1)). ``direct``: per source, whether it is a target
    itself (dense then)."""
    if not tape.may_gather():
        return None
    nodes = tape.nodes
    gathers = [n for n in nodes if n.op.name == "GatherV2"]
    if not gathers:
        return None
    by_params: dict = {}  # id(leaf) -> its row gathers
    for node in gathers:
        static = node.static
        if static.get("axis") == 0 and static.get("batch_dims") == 0:
            by_params.setdefault(id(node.inputs[0]), []).append(node)
    # Every leaf of a source that some row gather reads (a Variable's other reads too).
    candidates = {id(t) for g in groups if any(id(t) in by_params for t in g) for t in g}
    if not candidates:
        return None
    read_otherwise = set()
    for node in nodes:
        for k, t in enumerate(node.inputs):
            if id(t) in candidates and not (k == 0 and node in by_params.get(id(t), ())):
                read_otherwise.add(id(t))
    plans = []
    for group, is_target in zip(groups, direct, strict=True):
        ids = [id(t) for t in group]
        rows = [n for i in ids for n in by_params.get(i, ())]
        sparse = rows and not is_target and not any(i in read_otherwise for i in ids)
        plans.append(sorted(rows, key=nodes.index) if sparse else None)
    return plans if any(plans) else None


def indexed_slices(gathers, grads, source):
    """The IndexedSlices of ``source`` from the gradients of its gathers' outputs (None for
    those the target does not reach); None if it reaches none."""
    rows = [(node, g) for node, g in zip(gathers, grads, strict=True) if g is not None]
    if not rows:
        return None
    shape = tuple(source.shape)
    values = [reshape(g, [-1, *shape[1:]]) for _, g in rows]
    indices = [reshape(node.inputs[1], [-1]) for node, _ in rows]
    if len(rows) > 1:
        values, indices = [concat(values, 0)], [concat(indices, 0)]
    return IndexedSlices(values[0], indices[0], constant(list(shape), dtype=indices[0].dtype))


def with_indexed_slices(derive, groups, direct, gathers, sources) -> list:
    """The gradients of ``sources`` when some are read only by gathers of their rows
    (``gathers``: per source, its row gathers or None). ``derive(groups, direct)`` takes the one
    derivative; each such source's gather outputs are sources of it, and its IndexedSlices is
    built from their gradients."""
    flat_groups, flat_direct = [], []
    for g, d, rows in zip(groups, direct, gathers, strict=True):
        flat_groups += [[node.outputs[0]] for node in rows] if rows else [g]
        flat_direct += [[]] * len(rows) if rows else [d]
    flat = iter(derive(flat_groups, flat_direct))
    return [
        indexed_slices(rows, [next(flat) for _ in rows], s) if rows else next(flat)
        for s, rows in zip(sources, gathers, strict=True)
    ]
