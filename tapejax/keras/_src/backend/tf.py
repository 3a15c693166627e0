"""TF's public functions ``keras.ops`` is written with, as Keras 3's TensorFlow backend writes
it: tapejax's namespaces (``math``, ``nn``, ``linalg``, ``signal``, ``image``), its control
flow (``cond``, ``switch_case``, ``while_loop``, ``map_fn``), ``custom_gradient`` and the
array functions. Each is tapejax's one definition, so gradients follow TF's conventions."""

from __future__ import annotations

from .... import image, linalg, math, nn, signal
from ...._api.control_flow import cond, switch_case, while_loop
from ...._api.custom_gradient import custom_gradient
from ...._api.forward_accumulator import ForwardAccumulator
from ...._api.functional_ops import map_fn, vectorized_map
from ...._core.recording.convert import is_tensor
from ...._core.values.nest import flatten, pack
from ...._ops import scatter_ops
from ...._ops.array_ops import broadcast_to, reverse, saturate_cast, stop_gradient, tile
from ...._ops.creation_ops import range as range_
from ...._ops.creation_ops import zeros_like
from ...._ops.indexing import slice as slice_
from ...._ops.selection_ops import gather_nd, where
from ...._ops.sort_ops import sort

__all__ = [
    "ForwardAccumulator",
    "broadcast_to",
    "cond",
    "custom_gradient",
    "flatten",
    "gather_nd",
    "image",
    "is_tensor",
    "linalg",
    "map_fn",
    "math",
    "nn",
    "pack",
    "range_",
    "reverse",
    "saturate_cast",
    "scatter_ops",
    "signal",
    "slice_",
    "sort",
    "stop_gradient",
    "switch_case",
    "tile",
    "vectorized_map",
    "where",
    "while_loop",
    "zeros_like",
]
