"""``to_categorical``, ``normalize``, ``pad_sequences`` and ``set_random_seed`` (Keras 3's utils)."""

from __future__ import annotations

import random

import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.values.tensor import Tensor
from .._ops import math_ops as _math
from .._ops import random_ops as _random
from .._ops import reduction_ops as _reduce
from .._ops.array_ops import reshape as _reshape
from .._ops.creation_ops import one_hot as _one_hot
from .._ops.linalg_ops import norm as _norm

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


def pad_sequences(sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre", value=0.0):
    """Lists of different lengths as one ``(len(sequences), maxlen)`` numpy array.

    >>> import tapejax as tf
    >>> tf.keras.utils.pad_sequences([[1, 2, 3], [4]], maxlen=2, padding='post')
    array([[2, 3],
           [4, 0]], dtype=int32)
    """
    if not hasattr(sequences, "__len__"):
        raise ValueError("`sequences` must be iterable.")
    lengths, sample_shape = [], None
    for x in sequences:
        try:
            lengths.append(len(x))
        except TypeError as e:
            raise ValueError(f"`sequences` must be a list of iterables. Found non-iterable: {x!s}") from e
        if sample_shape is None and len(x):
            sample_shape = np.asarray(x).shape[1:]
    sample_shape = sample_shape or ()
    if maxlen is None:
        maxlen = np.max(lengths)
    is_dtype_str = np.issubdtype(dtype, np.str_) or np.issubdtype(dtype, np.bytes_)
    if isinstance(value, str) and dtype is not object and not is_dtype_str:
        raise ValueError(
            f"`dtype` {dtype} is not compatible with `value`'s type: {type(value)}\nYou should "
            "set `dtype=object` for variable length strings."
        )
    out = np.full((len(sequences), maxlen, *sample_shape), value, dtype=dtype)
    for idx, s in enumerate(sequences):
        if not len(s):
            continue
        if truncating not in ("pre", "post"):
            raise ValueError(f'Truncating type "{truncating}" not understood')
        trunc = np.asarray(s[-maxlen:] if truncating == "pre" else s[:maxlen], dtype=dtype)
        if trunc.shape[1:] != sample_shape:
            raise ValueError(
                f"Shape of sample {trunc.shape[1:]} of sequence at position {idx} is different "
                f"from expected shape {sample_shape}"
            )
        if padding == "post":
            out[idx, : len(trunc)] = trunc
        elif padding == "pre":
            out[idx, -len(trunc) :] = trunc
        else:
            raise ValueError(f'Padding type "{padding}" not understood')
    return out


def set_random_seed(seed):
    """Seeds Python's ``random``, numpy's global generator and tapejax's (``tf.random.set_seed``),
    as Keras does, so layer initializers, dropout and shuffles repeat."""
    if not isinstance(seed, int):
        raise ValueError(
            f"Expected `seed` argument to be an integer. Received: seed={seed} (of type {type(seed)})"
        )
    random.seed(seed)
    np.random.seed(seed)
    _random.set_seed(seed)
