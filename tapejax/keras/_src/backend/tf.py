"""The TensorFlow functions Keras is written with, as Keras 3's TensorFlow backend and its
legacy backend (``keras.backend.*``, ``_src/legacy``) write them: tapejax's namespaces
(``math``, ``nn``, ``linalg``, ``signal``, ``image``, ``random``, ``nest``), its control flow
(``cond``, ``switch_case``, ``while_loop``, ``map_fn``, ``foldl``), ``custom_gradient``,
``gradients`` and the array functions. Each is tapejax's one definition, so what Keras builds
on them records on tapes, differentiates with TF's conventions and traces in ``tf.function``."""

from __future__ import annotations

from .... import image, linalg, math, nest, nn, random, signal
from ...._api.control_flow import cond, switch_case, while_loop
from ...._api.custom_gradient import custom_gradient
from ...._api.forward_accumulator import ForwardAccumulator
from ...._api.functional_ops import foldl, foldr, map_fn, vectorized_map
from ...._api.graph.gradients import gradients
from ...._core.recording.convert import constant, convert_to_tensor, is_tensor
from ...._core.recording.state import init_scope
from ...._core.recording.variable import Variable
from ...._core.values.dtype import as_dtype
from ...._core.values.name_scope import name_scope
from ...._core.values.nest import flatten, pack
from ...._ops import scatter_ops
from ...._ops.array_ops import (
    broadcast_to,
    cast,
    expand_dims,
    pad,
    repeat,
    reshape,
    reverse,
    saturate_cast,
    squeeze,
    stop_gradient,
    tile,
    transpose,
)
from ...._ops.clip_ops import clip_by_value
from ...._ops.creation_ops import eye, one_hot, ones, ones_like, zeros, zeros_like
from ...._ops.creation_ops import range as range_
from ...._ops.indexing import slice as slice_
from ...._ops.join_ops import concat, split, stack, unstack
from ...._ops.linalg_ops import einsum
from ...._ops.selection_ops import gather, gather_nd, where
from ...._ops.shape_ops import shape
from ...._ops.sort_ops import sort

__all__ = [
    "ForwardAccumulator",
    "Variable",
    "as_dtype",
    "broadcast_to",
    "cast",
    "clip_by_value",
    "concat",
    "cond",
    "constant",
    "convert_to_tensor",
    "custom_gradient",
    "expand_dims",
    "einsum",
    "eye",
    "flatten",
    "foldl",
    "foldr",
    "gather",
    "gather_nd",
    "gradients",
    "image",
    "init_scope",
    "is_tensor",
    "linalg",
    "map_fn",
    "math",
    "name_scope",
    "nest",
    "nn",
    "one_hot",
    "ones",
    "ones_like",
    "pack",
    "pad",
    "random",
    "range_",
    "repeat",
    "reshape",
    "reverse",
    "saturate_cast",
    "scatter_ops",
    "shape",
    "signal",
    "slice_",
    "sort",
    "split",
    "squeeze",
    "stack",
    "stop_gradient",
    "switch_case",
    "tile",
    "transpose",
    "unstack",
    "vectorized_map",
    "where",
    "while_loop",
    "zeros",
    "zeros_like",
]
