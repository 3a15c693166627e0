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


def row_gathers(nodes, leaves) -> list | None:
    """The recorded gathers reading ``leaves`` (a source's leaf tensors) when every recorded
    node that reads one of them gathers its rows (GatherV2 on axis 0, the leaf as params);
    else None."""
    ids = {id(t) for t in leaves}
    gathers = []
    for node in nodes:
        hits = [i for i, t in enumerate(node.inputs) if id(t) in ids]
        if not hits:
            continue
        static = node.static
        if (
            node.op.name != "GatherV2"
            or hits != [0]
            or static.get("axis") != 0
            or static.get("batch_dims") != 0
        ):
            return None
        gathers.append(node)
    return gathers or None


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
