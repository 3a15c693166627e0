"""The base of merge layers (Add, Subtract, Multiply, Average, Maximum, Minimum, Concatenate,
Dot) and of their functional forms (``tf.keras.layers.add([a, b])``...), Keras 3's checks and
messages.

Element-wise merges broadcast like Keras (an input of lower rank gets size-1 axes after the
batch axis).
"""

from __future__ import annotations

import functools

from ...backend.ops import cast as _cast
from ...backend.ops import expand_dims as _expand_dims
from ...backend.ops import math_ops as _math
from ..layer import Layer


class Merge(Layer):
    """Base of the merge layers: ``call`` takes a list of tensors."""

    _supports_masking = True  # passes its input's mask on, as Keras

    def build(self, input_shape) -> None:
        self._check_shapes(input_shape)

    def _check_shapes(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or not isinstance(input_shape[0], (list, tuple)):
            raise ValueError(
                "A merge layer should be called on a list of inputs. Received: "
                f"input_shape={input_shape} (not a list of shapes)"
            )
        if len(input_shape) < 1:
            raise ValueError(
                "A merge layer should be called on a list of at least 1 input. Received "
                f"{len(input_shape)} inputs. Full input_shape received: {input_shape}"
            )
        batch_sizes = {s[0] for s in input_shape if s} - {None}
        if len(batch_sizes) > 1:
            raise ValueError(
                "Cannot merge tensors with different batch sizes. Received tensors with "
                f"shapes {list(input_shape)}"
            )
        # As Keras: the shapes after the batch axis broadcast.
        shape = tuple(input_shape[0])[1:]
        for other in input_shape[1:]:
            shape = _broadcast_shape(shape, tuple(other)[1:])
        batch = batch_sizes.pop() if batch_sizes else None
        return (batch, *shape)

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(
                "A merge layer should be called on a list of inputs. Received: "
                f"inputs={inputs} (not a list of tensors)"
            )
        rank = max(x.ndim for x in inputs)
        expanded = []
        for x in inputs:
            y = x
            for _ in range(rank - x.ndim):
                y = _expand_dims(y, 1)
            expanded.append(y)
        return self._merge(expanded)

    def _merge(self, inputs):
        return functools.reduce(self._pair, inputs)

    def compute_mask(self, inputs, mask=None):
        """Keras': the inputs' masks or-ed together; None unless every input has one."""
        if mask is None:
            return None
        check_mask_list(inputs, mask)
        if any(m is None for m in mask):
            return None
        return functools.reduce(_math.logical_or, [_cast(m, "bool") for m in mask])

    def compute_output_shape(self, input_shape):
        return self._check_shapes(input_shape)


def check_mask_list(inputs, mask) -> None:
    """Keras' checks of a merge layer's masks: a list, one per input."""
    if not isinstance(mask, (tuple, list)):
        raise ValueError(f"`mask` should be a list. Received: mask={mask}")
    if not isinstance(inputs, (tuple, list)):
        raise ValueError(f"`inputs` should be a list. Received: inputs={inputs}")
    if len(mask) != len(inputs):
        raise ValueError(
            "The lists `inputs` and `mask` should have the same length. "
            f"Received: inputs={inputs} of length {len(inputs)}, and "
            f"mask={mask} of length {len(mask)}"
        )


def _broadcast_shape(shape1, shape2):
    """Keras' element-wise result shape (the longer shape's leading axes, then broadcast)."""
    if len(shape1) < len(shape2):
        return _broadcast_shape(shape2, shape1)
    if not shape2:
        return shape1
    out = list(shape1[: -len(shape2)])
    for i, j in zip(shape1[-len(shape2) :], shape2, strict=True):
        if i is None or j is None:
            out.append(None)
        elif i == 1 or j == 1:
            out.append(j if i == 1 else i)
        elif i != j:
            raise ValueError(f"Inputs have incompatible shapes. Received shapes {shape1} and {shape2}")
        else:
            out.append(i)
    return tuple(out)


def _functional(cls, doc):
    def merge(inputs, **kwargs):
        return cls(**kwargs)(inputs)

    merge.__name__ = merge.__qualname__ = cls.__name__.lower()
    merge.__doc__ = doc
    return merge
