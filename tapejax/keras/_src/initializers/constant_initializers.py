"""Initializers that draw nothing: Constant, Zeros, Ones, Identity."""

from __future__ import annotations

import numpy as np

from ..backend.core import Tensor, convert_to_tensor
from ..backend.ops import fill as _fill
from .initializer import Initializer, as_dtype


class Constant(Initializer):
    """Fills with ``value``.

    >>> import tapejax as tf
    >>> print(tf.keras.initializers.Constant(3.0)((2,)))
    tf.Tensor([3. 3.], shape=(2,), dtype=float32)
    """

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None) -> Tensor:
        return _fill(tuple(shape), convert_to_tensor(self.value, dtype=as_dtype(dtype)))


class Zeros(Constant):
    """Fills with 0.

    >>> import tapejax as tf
    >>> print(tf.keras.initializers.Zeros()((2,), dtype='float64'))
    tf.Tensor([0. 0.], shape=(2,), dtype=float64)
    """

    def __init__(self):
        super().__init__(0.0)


class Ones(Constant):
    """Fills with 1.

    >>> import tapejax as tf
    >>> print(tf.keras.initializers.Ones()((2,)))
    tf.Tensor([1. 1.], shape=(2,), dtype=float32)
    """

    def __init__(self):
        super().__init__(1.0)


class Identity(Initializer):
    """``gain`` times the identity matrix (2-D shapes only).

    >>> import tapejax as tf
    >>> print(tf.keras.initializers.Identity()((2, 2)))
    tf.Tensor(
    [[1. 0.]
     [0. 1.]], shape=(2, 2), dtype=float32)
    """

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None) -> Tensor:
        if len(shape) != 2:
            raise ValueError(
                "Identity matrix initializer can only be used for 2D matrices. "
                f"Received: shape={tuple(shape)} of rank {len(shape)}."
            )
        return Tensor((self.gain * np.eye(*shape)).astype(as_dtype(dtype)._np))
