"""The ``Initializer`` base class: ``initializer(shape, dtype)`` gives a Tensor."""

from __future__ import annotations

from ..backend.core import Tensor
from ..backend.core import dtype as _dtypes
from ..utils import serialization_utils as _serialization


class Initializer:
    """Base class: subclasses implement ``__call__(shape, dtype=None)``.

    >>> import tapejax as tf
    >>> class Twos(tf.keras.initializers.Initializer):
    ...   def __call__(self, shape, dtype=None):
    ...     return tf.fill(shape, 2.0)
    >>> print(Twos()((2,)))
    tf.Tensor([2. 2.], shape=(2,), dtype=float32)
    """

    _keras_module = "keras.initializers"  # the module a serialized initializer names

    def __call__(self, shape, dtype=None) -> Tensor:
        raise NotImplementedError(f"{type(self).__name__} must implement __call__(shape, dtype=None).")

    def get_config(self) -> dict:
        """The constructor's arguments (``{'seed': None}``), as Keras' ``get_config``."""
        return _serialization.init_config(self)

    @classmethod
    def from_config(cls, config: dict):
        return cls(**config)

    def __repr__(self) -> str:
        return f"<tapejax.keras.initializers.{type(self).__name__} object at {hex(id(self))}>"


def as_dtype(dtype) -> _dtypes.DType:
    """A dtype argument as a DType: float32 when None, Keras' default."""
    return _dtypes.float32 if dtype is None else _dtypes.as_dtype(dtype)
