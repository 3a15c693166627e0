"""``Metric``: the Keras 3 metric base class.

A metric's state lives in non-trainable float32 Variables (``metric.variables``, paths
``'<metric name>/<variable>'``); ``update_state`` assigns them and ``result`` reads them, so a
metric updated inside a ``tapejax.function`` carries its state across calls, as a TF metric
does. Updates are never recorded by a tape, and a failed update changes no Variable.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..backend import core as backend
from ..backend.core import convert_to_tensor, x64
from ..backend.recording import no_recording
from ..backend.variables import KerasVariable
from ..utils.naming import auto_name


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

    _checkpoint_trackable = False  # TF's checkpoints of a Keras model hold no metric state

    _keras_module = "keras.metrics"  # the module a serialized metric names

    def __init__(self, dtype=None, name=None):
        self.name = name or auto_name(type(self).__name__)
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
                v.assign(convert_to_tensor(np.zeros(backend.shape_of(v), backend.dtype_of(v))))

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
        variable.assign(convert_to_tensor(jnp.asarray(value, backend.dtype_of(variable))))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name}>"

    __str__ = __repr__
