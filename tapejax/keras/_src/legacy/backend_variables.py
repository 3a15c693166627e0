"""The legacy backend's variables, values and random draws (``keras.backend.variable``,
``get_value``, ``random_normal``...), as Keras 3's ``legacy/backend.py``: draws without a seed
take one from numpy's global generator, as Keras does."""

from __future__ import annotations

import math

import numpy as np

from ..backend import tf
from ..backend.config import floatx


def variable(value, dtype=None, name=None, constraint=None):
    """A ``tf.Variable`` of ``value`` in ``dtype`` (``floatx`` by default)."""
    return tf.Variable(value, dtype=tf.as_dtype(dtype or floatx()), name=name, constraint=constraint)


def _filled(make, shape, dtype, name):
    with tf.init_scope():
        dtype = dtype or floatx()
        value = make(shape=shape, dtype=tf.as_dtype(dtype), name=name)
        # Keras 2 returned a Variable where the shape is fully known.
        return variable(value, dtype=dtype, name=name) if all(value.shape.as_list()) else value


def zeros(shape, dtype=None, name=None):
    return _filled(tf.zeros, shape, dtype, name)


def ones(shape, dtype=None, name=None):
    return _filled(tf.ones, shape, dtype, name)


def eye(size, dtype=None, name=None):
    dtype = dtype or floatx()
    return variable(tf.eye(size, dtype=tf.as_dtype(dtype)), dtype, name)


def zeros_like(x, dtype=None, name=None):
    return tf.zeros_like(x, dtype=dtype, name=name)


def ones_like(x, dtype=None, name=None):
    return tf.ones_like(x, dtype=dtype, name=name)


def get_value(x):
    """``x``'s value as numpy (anything that is not a tensor as it is)."""
    return x.numpy() if tf.is_tensor(x) else x


def eval(x):  # noqa: A001
    return get_value(x)


def batch_get_value(tensors) -> list:
    return [x.numpy() for x in tensors]


def set_value(x, value) -> None:
    x.assign(np.asarray(value, dtype=x.dtype.name))


def batch_set_value(tuples) -> None:
    for x, value in tuples:
        set_value(x, value)


def update(x, new_x):
    return x.assign(new_x)


def update_add(x, increment):
    return x.assign_add(increment)


def update_sub(x, decrement):
    return x.assign_sub(decrement)


def moving_average_update(x, value, momentum):
    """``x -= (x - value) * (1 - momentum)``."""
    momentum, value = tf.cast(momentum, x.dtype), tf.cast(value, x.dtype)
    return x.assign_sub((x - value) * (1 - momentum))


def count_params(x) -> int:
    return math.prod(x.shape.as_list())


def dtype(x) -> str:
    return x.dtype.name


def int_shape(x):
    """The static shape as a tuple (None for unknown sizes), None where there is none."""
    try:
        shape = x.shape
    except (AttributeError, ValueError):
        return None
    return shape if isinstance(shape, tuple) else tuple(shape.as_list())


def _seed(seed, high=10e6):
    return np.random.randint(high) if seed is None else seed


def random_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return tf.random.normal(shape, mean=mean, stddev=stddev, dtype=dtype or floatx(), seed=_seed(seed))


def random_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    return tf.random.uniform(shape, minval=minval, maxval=maxval, dtype=dtype or floatx(), seed=_seed(seed))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return tf.random.truncated_normal(shape, mean, stddev, dtype=dtype or floatx(), seed=_seed(seed))


def random_bernoulli(shape, p=0.0, dtype=None, seed=None):
    """Ones with probability ``p``, else zeros."""
    dtype = dtype or floatx()
    draws = tf.random.uniform(shape, dtype=dtype, seed=_seed(seed))
    return tf.where(draws <= p, tf.ones(shape, dtype=dtype), tf.zeros(shape, dtype=dtype))


def random_normal_variable(shape, mean, scale, dtype=None, name=None, seed=None):
    dtype = dtype or floatx()
    value = tf.random.normal(shape, mean, scale, dtype=dtype, seed=_seed(seed, 10e8))
    return variable(value, dtype=dtype, name=name)


def random_uniform_variable(shape, low, high, dtype=None, name=None, seed=None):
    dtype = dtype or floatx()
    value = tf.random.uniform(shape, low, high, dtype=dtype, seed=_seed(seed, 10e8))
    return variable(value, dtype=dtype, name=name)
