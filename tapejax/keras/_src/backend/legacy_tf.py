"""The TensorFlow functions Keras' legacy backend (``keras.backend.*``, ``_src/legacy``) is
written with: tapejax's namespaces and top-level ops, each its one definition, so the legacy
functions record on tapes, differentiate and trace as the TF calls they are."""

from __future__ import annotations

from .... import image, linalg, math, nest, nn, random
from ...._api.control_flow import cond
from ...._api.functional_ops import foldl, foldr, map_fn
from ...._api.graph.gradients import gradients
from ...._core.recording.convert import constant, convert_to_tensor, is_tensor
from ...._core.recording.state import init_scope
from ...._core.recording.variable import Variable
from ...._core.values.dtype import as_dtype
from ...._core.values.name_scope import name_scope
from ...._ops.array_ops import (
    cast,
    expand_dims,
    pad,
    reshape,
    reverse,
    squeeze,
    stop_gradient,
    tile,
    transpose,
)
from ...._ops.clip_ops import clip_by_value
from ...._ops.creation_ops import eye, one_hot, ones, ones_like, zeros, zeros_like
from ...._ops.creation_ops import range as range_
from ...._ops.join_ops import concat, split, stack, unstack
from ...._ops.selection_ops import gather, where
from ...._ops.shape_ops import shape

__all__ = [
    "Variable",
    "as_dtype",
    "cast",
    "clip_by_value",
    "concat",
    "cond",
    "constant",
    "convert_to_tensor",
    "expand_dims",
    "eye",
    "foldl",
    "foldr",
    "gather",
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
    "pad",
    "random",
    "range_",
    "reshape",
    "reverse",
    "shape",
    "split",
    "squeeze",
    "stack",
    "stop_gradient",
    "tile",
    "transpose",
    "unstack",
    "where",
    "zeros",
    "zeros_like",
]
