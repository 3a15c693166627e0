"""The ``Add`` layer and ``add``."""

from __future__ import annotations

from ...backend.ops import math_ops as _math
from .base_merge import Merge, _functional


class Add(Merge):
    """The sum of the inputs.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.Add()([tf.ones([2]), tf.ones([2])]))
    tf.Tensor([2. 2.], shape=(2,), dtype=float32)
    """

    _pair = staticmethod(_math.add)


add = _functional(Add, "``Add()(inputs)``: the sum of the tensors in ``inputs``.")
