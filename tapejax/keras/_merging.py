"""Merge layers: Add, Subtract, Multiply, Average, Maximum, Minimum, Concatenate, and their
functional forms (``tf.keras.layers.add([a, b])``...), Keras 3's checks and messages.

Element-wise merges broadcast like Keras (an input of lower rank gets size-1 axes after the
batch axis).
"""

from __future__ import annotations

import functools

from .._ops import math_ops as _math
from .._ops.array_ops import expand_dims as _expand_dims
from .._ops.join_ops import concat as _concat
from ._layer import Layer


class Merge(Layer):
    """Base of the merge layers: ``call`` takes a list of tensors."""

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

    def compute_output_shape(self, input_shape):
        return self._check_shapes(input_shape)


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


class Add(Merge):
    """The sum of the inputs.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.Add()([tf.ones([2]), tf.ones([2])]))
    tf.Tensor([2. 2.], shape=(2,), dtype=float32)
    """

    _pair = staticmethod(_math.add)


class Multiply(Merge):
    """The product of the inputs."""

    _pair = staticmethod(_math.multiply)


class Maximum(Merge):
    """The element-wise maximum of the inputs."""

    _pair = staticmethod(_math.maximum)


class Minimum(Merge):
    """The element-wise minimum of the inputs."""

    _pair = staticmethod(_math.minimum)


class Average(Merge):
    """The mean of the inputs."""

    def _merge(self, inputs):
        return functools.reduce(_math.add, inputs) / len(inputs)


class Subtract(Merge):
    """``inputs[0] - inputs[1]`` (exactly two inputs)."""

    def _check_shapes(self, input_shape):
        shape = super()._check_shapes(input_shape)
        if len(input_shape) != 2:
            raise ValueError(
                f"A `Subtract` layer should be called on exactly 2 inputs. Received: "
                f"input_shape={input_shape}"
            )
        return shape

    def _merge(self, inputs):
        if len(inputs) != 2:
            raise ValueError(
                f"A `Subtract` layer should be called on exactly 2 inputs. Received: inputs={inputs}"
            )
        return _math.subtract(inputs[0], inputs[1])


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


def _functional(cls, doc):
    def merge(inputs, **kwargs):
        return cls(**kwargs)(inputs)

    merge.__name__ = merge.__qualname__ = cls.__name__.lower()
    merge.__doc__ = doc
    return merge


add = _functional(Add, "``Add()(inputs)``: the sum of the tensors in ``inputs``.")
subtract = _functional(Subtract, "``Subtract()(inputs)``: ``inputs[0] - inputs[1]``.")
multiply = _functional(Multiply, "``Multiply()(inputs)``: the product of the tensors in ``inputs``.")
average = _functional(Average, "``Average()(inputs)``: the mean of the tensors in ``inputs``.")
maximum = _functional(Maximum, "``Maximum()(inputs)``: the element-wise maximum of ``inputs``.")
minimum = _functional(Minimum, "``Minimum()(inputs)``: the element-wise minimum of ``inputs``.")


def concatenate(inputs, axis=-1, **kwargs):
    """``Concatenate(axis)(inputs)``.

    >>> import tapejax as tf
    >>> tf.keras.layers.concatenate([tf.ones([2, 1]), tf.zeros([2, 2])]).shape
    TensorShape([2, 3])
    """
    return Concatenate(axis=axis, **kwargs)(inputs)
