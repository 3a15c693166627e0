"""The TF ops keras computes with: tapejax's op tables (each op one recorded node, TF's dtype
rules and gradients), whole modules where keras uses many of their ops."""

from __future__ import annotations

from ...._ops import (
    array_ops,
    complex_ops,
    conv_lowering,
    creation_ops,
    decompositions,
    join_ops,
    linalg_ops,
    math_ops,
    nn_ops,
    random_ops,
    reduction_ops,
    selection_ops,
    sort_ops,
)
from ...._ops.array_ops import cast, expand_dims, pad, reshape, squeeze, transpose
from ...._ops.clip_ops import clip_by_value
from ...._ops.creation_ops import fill, one_hot, ones, ones_like, zeros, zeros_like
from ...._ops.join_ops import concat, split, stack, unstack
from ...._ops.linalg_ops import einsum, matmul, norm
from ...._ops.math_ops import add, multiply, rsqrt
from ...._ops.nn.ctc_ops import ctc_loss
from ...._ops.nn_conv import avg_pool, convolution, max_pool
from ...._ops.nn_ops import dropout
from ...._ops.numeric import special_ops
from ...._ops.reduction_ops import reduce_all, reduce_mean, reduce_sum
from ...._ops.sampling import samplers, threefry
from ...._ops.selection_ops import gather, where
from ...._ops.signal import window_ops
from ...._ops.sparse.indexed_slices import IndexedSlices, rows_of, sum_rows

__all__ = [
    "IndexedSlices",
    "add",
    "array_ops",
    "avg_pool",
    "cast",
    "clip_by_value",
    "complex_ops",
    "concat",
    "conv_lowering",
    "convolution",
    "ctc_loss",
    "creation_ops",
    "decompositions",
    "dropout",
    "einsum",
    "expand_dims",
    "fill",
    "gather",
    "join_ops",
    "linalg_ops",
    "math_ops",
    "matmul",
    "max_pool",
    "multiply",
    "nn_ops",
    "norm",
    "one_hot",
    "ones",
    "ones_like",
    "pad",
    "random_ops",
    "reduce_all",
    "reduce_mean",
    "reduce_sum",
    "reduction_ops",
    "reshape",
    "rows_of",
    "rsqrt",
    "samplers",
    "selection_ops",
    "sort_ops",
    "special_ops",
    "split",
    "squeeze",
    "stack",
    "sum_rows",
    "threefry",
    "transpose",
    "unstack",
    "where",
    "window_ops",
    "zeros",
    "zeros_like",
]
