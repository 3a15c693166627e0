"""``keras.ops.rearrange`` (Keras 3's ``keras.src.ops.einops``): einops' ``rearrange`` patterns
(``"b h w c -> b (h w) c"``, ``"b (h p) w -> b h p w"`` with ``p=2``) as one reshape that
splits the input's groups, one transpose and one reshape that joins the output's, on tapejax's
ops. A Keras operation (``Rearrange``, no config) through ``function_op.operation``.
"""

from __future__ import annotations

import math
import re

from ..backend import tf
from .core import convert_to_tensor
from .function_op import operation


def _groups(side: str) -> list[list[str]]:
    """``"b (h w) c"`` -> ``[["b"], ["h", "w"], ["c"]]``."""
    return [g[1:-1].split() if g.startswith("(") else [g] for g in re.findall(r"\w+|\(.*?\)", side)]


@operation("Rearrange", module="keras.src.ops.einops")
def rearrange(tensor, pattern, **axes_lengths):
    """``tensor``'s axes regrouped and reordered as ``pattern`` says (einops' ``rearrange``);
    ``axes_lengths`` give the sizes a split group cannot infer."""
    tensor = convert_to_tensor(tensor)
    left, right = re.split(r"\s*->\s*", pattern)
    inputs, outputs = _groups(left), _groups(right)
    if len(inputs) != len(tensor.shape):
        raise ValueError(
            f"Number of dimensions in the pattern ({len(inputs)}) does not match the rank of the "
            f"input tensor ({len(tensor.shape)}). Received: pattern={pattern}, tensor.shape={tensor.shape}"
        )
    sizes = dict(axes_lengths)
    for group, size in zip(inputs, tensor.shape.as_list(), strict=True):
        unknown = [a for a in group if a not in sizes]
        known = math.prod(sizes[a] for a in group if a in sizes)
        if len(unknown) > 1:
            raise ValueError(f"Could not infer the sizes of axes {unknown}: give them as keyword arguments.")
        if unknown:
            sizes[unknown[0]] = size // known
    order = [a for g in inputs for a in g]
    wanted = [a for g in outputs for a in g]
    if sorted(order) != sorted(wanted):
        raise ValueError(
            f"The pattern's two sides name different axes: {sorted(order)} and {sorted(wanted)}."
        )
    split = tf.reshape(tensor, [sizes[a] for a in order])
    moved = tf.transpose(split, [order.index(a) for a in wanted])
    return tf.reshape(moved, [math.prod(sizes[a] for a in g) for g in outputs])
