"""The ``Concatenate`` layer and ``concatenate``."""

from __future__ import annotations

from ...backend.ops import cast as _cast
from ...backend.ops import concat as _concat
from ...backend.ops import expand_dims as _expand_dims
from ...backend.ops import math_ops as _math
from ...backend.ops import ones_like as _ones_like
from ...backend.ops import reduction_ops as _reduce
from ...backend.ops import zeros_like as _zeros_like
from .base_merge import Merge, check_mask_list


class Concatenate(Merge):
    """Concatenates the inputs along ``axis`` (the last by default); the other sizes must match.

    >>> import tapejax as tf
    >>> tf.keras.layers.Concatenate()([tf.ones([2, 3]), tf.ones([2, 1])]).shape
    TensorShape([2, 4])
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def _check_shapes(self, input_shape):
        if (
            not isinstance(input_shape, (list, tuple))
            or not input_shape
            or not isinstance(input_shape[0], (list, tuple))
        ):
            raise ValueError(
                "A `Concatenate` layer should be called on a list of at least 1 input. "
                f"Received: input_shape={input_shape}"
            )
        ranks = {len(s) for s in input_shape}
        reduced = set()
        for shape in input_shape:
            rest = list(shape)
            if len(rest) > self.axis % max(len(rest), 1):
                del rest[self.axis]
            reduced.add(tuple(rest))
        mismatch = len(ranks) != 1 or any(
            len({s[i] for s in reduced} - {None}) > 1 for i in range(len(next(iter(reduced))))
        )
        if mismatch:
            raise ValueError(
                "A `Concatenate` layer requires inputs with matching shapes except for the "
                f"concatenation axis. Received: input_shape={list(input_shape)}"
            )
        out = list(input_shape[0])
        for shape in input_shape[1:]:
            out[self.axis] = (
                None
                if out[self.axis] is None or shape[self.axis] is None
                else out[self.axis] + shape[self.axis]
            )
        return tuple(out)

    def call(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(
                "A merge layer should be called on a list of inputs. Received: "
                f"inputs={inputs} (not a list of tensors)"
            )
        return _concat(list(inputs), axis=self.axis)

    def compute_mask(self, inputs, mask=None):
        """Keras': each input's mask spread over its shape (all True where it has none),
        concatenated as the inputs are, then any over the last axis."""
        if mask is None:
            return None
        if not isinstance(mask, (tuple, list)):
            raise ValueError(f"`mask` should be a list. Received mask={mask}")
        check_mask_list(inputs, mask)
        if all(m is None for m in mask):
            return None
        masks = []
        for x, given in zip(inputs, mask, strict=True):
            if given is None:
                masks.append(_ones_like(x, dtype="bool"))
                continue
            m = _cast(given, "bool")
            if m.ndim < x.ndim:
                m = _math.logical_or(_expand_dims(m, -1), _zeros_like(x, dtype="bool"))
            masks.append(m)
        return _reduce.reduce_any(_concat(masks, axis=self.axis), axis=-1)

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}


def concatenate(inputs, axis=-1, **kwargs):
    """``Concatenate(axis)(inputs)``.

    >>> import tapejax as tf
    >>> tf.keras.layers.concatenate([tf.ones([2, 1]), tf.zeros([2, 2])]).shape
    TensorShape([2, 3])
    """
    return Concatenate(axis=axis, **kwargs)(inputs)
