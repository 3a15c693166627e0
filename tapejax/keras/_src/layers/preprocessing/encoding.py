"""Keras' ``encode_categorical_inputs``: integer indices as themselves (``'int'``), one-hot
vectors, multi-hot vectors or counts over the last axis, as one recorded op."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from ...backend.ops import cast as _cast

OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count")


def _encode(indices, *weights, mode, depth, dtype):
    if indices.ndim == 0:
        indices = indices[None]
    if mode == "one_hot":
        if indices.ndim > 1 and indices.shape[-1] == 1:
            indices = indices[..., 0]
        return jax.nn.one_hot(indices, depth, dtype=dtype)
    hot = jax.nn.one_hot(indices, depth, dtype=weights[0].dtype if weights else dtype)
    if mode == "multi_hot":
        return jnp.max(hot, axis=-2).astype(dtype)
    if weights:
        hot = hot * weights[0][..., None]
    return jnp.sum(hot, axis=-2)


_ENCODE = Op("EncodeCategorical", _encode)


def encode_categorical_inputs(inputs, output_mode: str, depth: int, dtype: str, count_weights=None):
    """``inputs`` (integer indices in ``[0, depth)``) encoded as ``output_mode`` says."""
    if output_mode == "int":
        return _cast(inputs, dtype)
    extra = () if count_weights is None else (count_weights,)
    return run_op(_ENCODE, inputs, *extra, mode=output_mode, depth=int(depth), dtype=str(dtype))


def encoded_shape(input_shape, output_mode: str, depth: int) -> tuple:
    """The shape ``encode_categorical_inputs`` returns for ``input_shape``."""
    input_shape = tuple(input_shape)
    if output_mode == "int":
        return input_shape
    if not input_shape:
        return (depth,)
    if output_mode == "one_hot":
        if input_shape[-1] == 1 and len(input_shape) > 1:
            return input_shape[:-1] + (depth,)
        return input_shape + (depth,)
    return input_shape[:-1] + (depth,)
