"""Metric: the Keras 3 metric base class, and the ``Sum``, ``Mean`` and ``MeanMetricWrapper`` metrics.

A metric's state lives in non-trainable float32 Variables (``metric.variables``, paths
``'<metric name>/<variable>'``); ``update_state`` assigns them and ``result`` reads them, so a
metric updated inside a ``tapejax.function`` carries its state across calls, as a TF metric
does. Updates are never recorded by a tape, and a failed update changes no Variable.
"""

from __future__ import annotations

import functools

import jax.numpy as jnp
import numpy as np

from .._core import x64
from .._core.convert import convert_to_tensor
from .._core.purify import no_recording, undo_assignments_on_error
from ._gradient_clipping import read
from ._layer import _auto_name
from ._variable import KerasVariable


def stateful(update_state):
    """Runs an ``update_state`` unrecorded, undoing its assignments if it raises."""

    @functools.wraps(update_state)
    def wrapper(self, *args, **kwargs):
        with no_recording(), undo_assignments_on_error(), x64.scope():
            return update_state(self, *args, **kwargs)

    return wrapper


def array(x, dtype=None):
    """The JAX value of a Tensor, Variable (a recorded read), or Python/numpy value."""
    value = convert_to_tensor(x)._value
    return value if dtype is None else value.astype(dtype)


def same_rank(x1, x2, expand_rank_1=True):
    """Keras' ``squeeze_or_expand_to_same_rank`` on JAX arrays."""
    r1, r2 = x1.ndim, x2.ndim
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = jnp.expand_dims(x2, -1)
        else:
            x1 = jnp.squeeze(x1, -1)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = jnp.expand_dims(x1, -1)
        else:
            x2 = jnp.squeeze(x2, -1)
    return x1, x2


def divide_no_nan(x, y):
    return jnp.where(y == 0, jnp.zeros_like(x), x / jnp.where(y == 0, jnp.ones_like(y), y))


class Metric:
    """Base class of Keras metrics (``tf.keras.metrics.Metric``), as in Keras 3.

    Subclasses create their state with ``add_variable`` (or ``add_weight``) in ``__init__``
    and define ``update_state(...)`` (assigning it) and ``result()``; ``reset_state`` sets
    every variable to zeros, and ``metric(y_true, y_pred)`` updates and returns the result.

    >>> import tapejax as tf
    >>> class Count(tf.keras.metrics.Metric):
    ...   def __init__(self, name='count', **kwargs):
    ...     super().__init__(name=name, **kwargs)
    ...     self.n = self.add_variable(shape=(), initializer='zeros', name='n')
    ...   def update_state(self, values):
    ...     self.n.assign_add(tf.cast(tf.size(values), tf.float32))
    ...   def result(self):
    ...     return self.n
    >>> m = Count()
    >>> m.update_state([1, 2, 3])
    >>> float(m.result())
    3.0
    """

    _keras_module = "keras.metrics"  # the module a serialized metric names

    def __init__(self, dtype=None, name=None):
        self.name = name or _auto_name(type(self).__name__)
        self._dtype = dtype or "float32"
        self._variables: list = []

    @property
    def dtype(self):
        return self._dtype

    def add_variable(self, shape, initializer, dtype=None, aggregation="sum", name=None):
        """A non-trainable state Variable of this metric (``initializer``: 'zeros', a number,
        or a Keras initializer)."""
        dtype = dtype or self._dtype
        if isinstance(initializer, str | int | float):
            fill = (
                0.0
                if initializer in ("zeros", "Zeros")
                else 1.0
                if initializer in ("ones", "Ones")
                else initializer
            )
            value = np.full(tuple(shape), fill, dtype)
        else:
            value = np.asarray(convert_to_tensor(initializer(tuple(shape), dtype=dtype)).numpy())
        path = f"{self.name.replace('/', '>')}/{name}"
        variable = KerasVariable(value, trainable=False, name=name or "variable", path=path, dtype=dtype)
        self._variables.append(variable)
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        return self.add_variable(shape=shape, initializer=initializer or "zeros", dtype=dtype, name=name)

    @property
    def variables(self) -> list:
        """The metric's state Variables, in creation order."""
        return list(self._variables)

    def reset_state(self) -> None:
        """Sets every state Variable to zeros (between epochs)."""
        with no_recording():
            for v in self._variables:
                v.assign(convert_to_tensor(np.zeros(v._np_shape, v._np_dtype)))

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    @x64.enabled
    def result(self):
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def _assign(self, variable, value) -> None:
        variable.assign(convert_to_tensor(jnp.asarray(value, variable._np_dtype)))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name}>"

    __str__ = __repr__


def reduce_to_samplewise_values(values, sample_weight, reduce_fn, dtype):
    """Keras' reduction of ``values`` (and ``sample_weight``) to one value per sample."""
    values = values.astype(dtype)
    if sample_weight is not None:
        sample_weight = array(sample_weight, dtype)
        values, sample_weight = same_rank(values, sample_weight)
        weight_ndim, values_ndim = sample_weight.ndim, values.ndim
        if values_ndim > weight_ndim:
            values = reduce_fn(values, axis=tuple(range(weight_ndim, values_ndim)))
        sample_weight = jnp.broadcast_to(sample_weight, values.shape)
        values = values * sample_weight
        if weight_ndim > 1:
            sample_weight = reduce_fn(sample_weight, axis=tuple(range(1, weight_ndim)))
    if values.ndim > 1:
        values = reduce_fn(values, axis=tuple(range(1, values.ndim)))
    return values, sample_weight


class Sum(Metric):
    """The (weighted) sum of the values given (``tf.keras.metrics.Sum``).

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.Sum()
    >>> m.update_state([1, 3, 5, 7], sample_weight=[1, 1, 0, 0])
    >>> float(m.result())
    4.0
    """

    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", name="total")

    @stateful
    def update_state(self, values, sample_weight=None):
        values, _ = reduce_to_samplewise_values(array(values), sample_weight, jnp.sum, self._dtype)
        self._assign(self.total, read(self.total) + jnp.sum(values))

    @x64.enabled
    def result(self):
        return convert_to_tensor(read(self.total))


class Mean(Metric):
    """The (weighted) mean of the values given (``tf.keras.metrics.Mean``): ``total / count``.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.Mean()
    >>> m.update_state([1, 3, 5, 7])
    >>> m.update_state([1, 3, 5, 7], sample_weight=[1, 1, 0, 0])
    >>> float(m.result())
    3.3333332538604736
    """

    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", name="total")
        self.count = self.add_variable(shape=(), initializer="zeros", name="count")

    @stateful
    def update_state(self, values, sample_weight=None):
        self._add(array(values), sample_weight)

    def _add(self, values, sample_weight) -> None:
        values, sample_weight = reduce_to_samplewise_values(values, sample_weight, jnp.mean, self._dtype)
        if sample_weight is not None:
            num_samples = jnp.sum(sample_weight)
        else:
            num_samples = values.shape[0] if values.ndim >= 1 else 1
        self._assign(self.total, read(self.total) + jnp.sum(values))
        self._assign(self.count, read(self.count) + jnp.asarray(num_samples, self._dtype))

    @x64.enabled
    def result(self):
        return convert_to_tensor(divide_no_nan(read(self.total), read(self.count)))


class MeanMetricWrapper(Mean):
    """The mean of ``fn(y_true, y_pred, **kwargs)`` over every sample seen
    (``tf.keras.metrics.MeanMetricWrapper``); the accuracy and error metrics are built on it.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.MeanMetricWrapper(fn=tf.keras.losses.mae)
    >>> float(m([[0., 1.]], [[1., 1.]]))
    0.5
    """

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn, self._fn_kwargs = fn, kwargs

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        self._add(array(self._fn(y_true, y_pred, **self._fn_kwargs)), sample_weight)

    def get_config(self):
        return {**super().get_config(), **self._fn_kwargs}
