"""``to_categorical`` and ``normalize`` (Keras 3's utils)."""

from __future__ import annotations

import numpy as np

from ..backend.core import Tensor, convert_to_tensor
from ..backend.ops import math_ops as _math
from ..backend.ops import norm as _norm
from ..backend.ops import one_hot as _one_hot
from ..backend.ops import reduction_ops as _reduce
from ..backend.ops import reshape as _reshape

_EPSILON = 1e-7  # keras.config.epsilon()


def to_categorical(x, num_classes=None):
    """Class indices as one-hot rows: a float64 numpy array (a float32 tensor for a tensor).

    >>> import tapejax as tf
    >>> tf.keras.utils.to_categorical([0, 2, 1], num_classes=3)
    array([[1., 0., 0.],
           [0., 0., 1.],
           [0., 1., 0.]])
    """
    if isinstance(x, Tensor):
        if x.shape.rank is not None and x.shape.rank > 1 and x.shape[-1] == 1:
            x = _reshape(x, x.shape[:-1])
        return _one_hot(x, num_classes)
    x = np.array(x, dtype="int64")
    input_shape = x.shape
    if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
        input_shape = tuple(input_shape[:-1])
    x = x.reshape(-1)
    if not num_classes:
        num_classes = np.max(x) + 1
    categorical = np.zeros((x.shape[0], num_classes))
    categorical[np.arange(x.shape[0]), x] = 1
    return np.reshape(categorical, (*input_shape, num_classes))


def normalize(x, axis=-1, order=2):
    """``x`` divided by its ``order``-norm along ``axis`` (numpy in, numpy out; zero norms stay)."""
    if isinstance(x, np.ndarray):
        norm = np.atleast_1d(np.linalg.norm(x, order, axis))
        norm[norm == 0] = 1
        return x / np.expand_dims(norm, axis or -1)
    x = convert_to_tensor(x)
    if order == 2:  # Keras' ops.normalize: x * min(rsqrt(sum(x**2)), 1/epsilon)
        inv_norm = _math.rsqrt(_reduce.reduce_sum(_math.square(x), axis=axis, keepdims=True))
        return x * _math.minimum(inv_norm, 1.0 / _EPSILON)
    return x / _math.maximum(_norm(x, ord=order, axis=axis, keepdims=True), _EPSILON)
