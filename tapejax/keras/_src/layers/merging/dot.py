"""Dot: the dot product of two batches of tensors along given axes (``tf.keras.layers.Dot``)."""

from __future__ import annotations

import string

from ...backend.ops import einsum as _einsum
from ...backend.ops import expand_dims as _expand_dims
from ...utils.numerical_utils import normalize
from .base_merge import Merge


class Dot(Merge):
    """``x1`` and ``x2`` contracted along ``axes`` sample by sample (Keras' ``batch_dot``): the
    output holds ``x1``'s other axes, then ``x2``'s (a ``(batch, 1)`` result for two vectors).

    Args:
      axes: an int (the same axis of both) or a pair ``(axis1, axis2)``; not the batch axis.
      normalize: L2-normalize both inputs along the axes first (cosine similarity).

    >>> import tapejax as tf
    >>> tf.keras.layers.Dot(axes=1)([tf.ones([2, 3]), tf.ones([2, 3])]).numpy().tolist()
    [[3.0], [3.0]]
    """

    def __init__(self, axes, normalize=False, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(axes, int):
            if not isinstance(axes, (list, tuple)):
                raise TypeError(
                    f"Invalid type for argument `axes`: it should be a list or an int. Received: axes={axes}"
                )
            if len(axes) != 2:
                raise ValueError(
                    f"Invalid format for argument `axes`: it should contain two elements. "
                    f"Received: axes={axes}"
                )
            if not isinstance(axes[0], int) or not isinstance(axes[1], int):
                raise ValueError(
                    f"Invalid format for argument `axes`: list elements should be integers. "
                    f"Received: axes={axes}"
                )
        self.axes, self.normalize = axes, normalize

    def _axes(self, rank1: int, rank2: int) -> list:
        if isinstance(self.axes, int):
            return [self.axes % rank1, self.axes % rank2] if self.axes < 0 else [self.axes] * 2
        return [a % r if a < 0 else a for a, r in zip(self.axes, (rank1, rank2), strict=True)]

    def build(self, input_shape) -> None:
        if not isinstance(input_shape[0], (tuple, list)) or len(input_shape) != 2:
            raise ValueError(
                f"A `Dot` layer should be called on a list of 2 inputs. Received: input_shape={input_shape}"
            )
        shape1, shape2 = input_shape
        axes = self._axes(len(shape1), len(shape2))
        if shape1[axes[0]] != shape2[axes[1]]:
            raise ValueError(
                f"Incompatible input shapes: axis values {shape1[axes[0]]} (at axis {axes[0]}) != "
                f"{shape2[axes[1]]} (at axis {axes[1]}). Full input shapes: {shape1}, {shape2}"
            )
        self.built = True

    def _merge(self, inputs):
        if len(inputs) != 2:
            raise ValueError(f"A `Dot` layer should be called on exactly 2 inputs. Received: inputs={inputs}")
        x1, x2 = inputs
        axes = self._axes(x1.ndim, x2.ndim)
        if self.normalize:
            x1, x2 = normalize(x1, axis=axes[0]), normalize(x2, axis=axes[1])
        letters = iter(string.ascii_letters[2:])
        spec1 = ["b"] + [next(letters) for _ in range(x1.ndim - 1)]
        spec2 = ["b"] + [next(letters) for _ in range(x2.ndim - 1)]
        spec2[axes[1]] = "a"
        spec1[axes[0]] = "a"
        out = [c for c in spec1 if c != "a"] + [c for c in spec2[1:] if c != "a"]
        result = _einsum(f"{''.join(spec1)},{''.join(spec2)}->{''.join(out)}", x1, x2)
        return _expand_dims(result, 1) if result.ndim == 1 else result

    def call(self, inputs):
        return self._merge(list(inputs))

    def compute_output_shape(self, input_shape):
        shape1, shape2 = list(input_shape[0]), list(input_shape[1])
        axes = self._axes(len(shape1), len(shape2))
        shape1.pop(axes[0])
        shape2.pop(axes[1])
        out = shape1 + shape2[1:]
        return tuple(out + [1] if len(out) == 1 else out)

    def compute_mask(self, inputs, mask=None):
        return None  # Keras: a dot product has no mask

    def get_config(self) -> dict:
        return {**super().get_config(), "axes": self.axes, "normalize": self.normalize}


def dot(inputs, axes=-1, **kwargs):
    """``Dot(axes)(inputs)``."""
    return Dot(axes=axes, **kwargs)(inputs)
