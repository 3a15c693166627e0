"""Keras 3's masks in a layer call: a mask travels on a tensor (``x._keras_mask``), a layer whose
``call`` takes ``mask`` (or ``<argument>_mask``) is given the masks of its inputs, and a layer
that supports masking attaches ``compute_mask``'s result to its outputs.
"""

from __future__ import annotations

import functools
import inspect
import warnings

import jax
import numpy as np

from ..backend.core import TensorLike, get_keras_mask, set_keras_mask


@functools.cache
def mask_parameters(cls) -> tuple:
    """``(names of call's parameters after self, whether one is 'mask', the names whose
    '<name>_mask' is also a parameter)``."""
    params = list(inspect.signature(cls.call).parameters.values())[1:]
    names = tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
    return names, "mask" in names, tuple(n for n in names if f"{n}_mask" in names)


def _holds_tensor(x) -> bool:
    if isinstance(x, (TensorLike, np.ndarray)):
        return True
    return isinstance(x, (list, tuple, dict)) and any(
        isinstance(leaf, (TensorLike, np.ndarray))
        for leaf in jax.tree_util.tree_leaves(x, is_leaf=lambda t: isinstance(t, TensorLike))
    )


def masks_of(x):
    """The Keras masks of a call argument: a mask (or None), or a structure of them."""
    if isinstance(x, (list, tuple)):
        return type(x)(masks_of(v) for v in x)
    if isinstance(x, dict):
        return {k: masks_of(v) for k, v in x.items()}
    return get_keras_mask(x)


def _given(names, args, kwargs, name):
    """The value bound to ``name`` (None when absent) and whether it was given by position."""
    index = names.index(name)
    if index < len(args):
        return args[index], True
    return kwargs.get(name), False


def populate_masks(cls, inputs, args, kwargs):
    """Keras' step 6 of ``Layer.__call__``: ``mask=`` from the only tensor argument's masks,
    or ``<name>_mask=`` from argument ``<name>``'s, where ``call`` takes them and none was given.
    Returns ``(kwargs, previous_mask)``: the mask ``compute_mask`` starts from."""
    names, has_mask, paired = mask_parameters(cls)
    if has_mask or paired:
        positional = (inputs, *args)
        bound = dict(zip(names, positional, strict=False))  # *args may run past the names
        bound.update(kwargs)
        tensors = {k: v for k, v in bound.items() if k != "mask" and _holds_tensor(v)}
        if len(tensors) == 1 and has_mask:
            mask, by_position = _given(names, positional, kwargs, "mask")
            if mask is None and not by_position:
                kwargs = {**kwargs, "mask": masks_of(next(iter(tensors.values())))}
        elif len(tensors) > 1:
            for name in paired:
                mask, by_position = _given(names, positional, kwargs, f"{name}_mask")
                if mask is None and not by_position and name in tensors:
                    kwargs = {**kwargs, f"{name}_mask": masks_of(tensors[name])}
    mask = kwargs.get("mask")
    return kwargs, (mask if mask is not None else masks_of(inputs))


def _flat(tree) -> list:
    return jax.tree_util.tree_leaves(tree, is_leaf=lambda x: x is None or isinstance(x, TensorLike))


def set_output_masks(layer, inputs, outputs, previous_mask) -> None:
    """Attaches ``layer.compute_mask(inputs, previous_mask)`` to outputs that have no mask yet;
    warns, as Keras, when a layer that does not support masking drops one."""
    if not layer.supports_masking:
        if any(m is not None for m in _flat(previous_mask)):
            warnings.warn(
                f"Layer '{layer.name}' (of type {type(layer).__name__}) was passed an input with "
                "a mask attached to it. However, this layer does not support masking and will "
                "therefore destroy the mask information. Downstream layers will not see the mask.",
                stacklevel=3,
            )
        return
    flat_outputs = [x for x in _flat(outputs) if x is not None]
    if all(get_keras_mask(x) is not None for x in flat_outputs):
        return
    output_masks = layer.compute_mask(inputs, previous_mask)
    if output_masks is None:
        return
    for tensor, mask in zip(flat_outputs, _flat(output_masks), strict=False):  # as Keras zips them
        if mask is not None and get_keras_mask(tensor) is None:
            set_keras_mask(tensor, mask)
