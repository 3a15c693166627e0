"""The ``Concatenate`` layer and ``concatenate``."""

from __future__ import annotations

from ...backend.ops import concat as _concat
from .base_merge import Merge


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

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}


def concatenate(inputs, axis=-1, **kwargs):
    """``Concatenate(axis)(inputs)``.

    >>> import tapejax as tf
    >>> tf.keras.layers.concatenate([tf.ones([2, 1]), tf.zeros([2, 2])]).shape
    TensorShape([2, 3])
    """
    return Concatenate(axis=axis, **kwargs)(inputs)
