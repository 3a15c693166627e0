"""TensorSpec: the shape and dtype a ``tf.function`` argument stands for (``tf.TensorSpec``)."""

from __future__ import annotations

from .._core.values import dtype as _dtypes
from .._core.values.shape import TensorShape


class TensorSpec:
    """Describes a tensor argument of a function: shape (None dims allowed) and dtype.

    >>> import tapejax as tf
    >>> tf.TensorSpec([None, 3])
    TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)
    """

    def __init__(self, shape=None, dtype=_dtypes.float32, name=None):
        self.shape = None if shape is None else tuple(None if d is None else int(d) for d in shape)
        self.dtype = _dtypes.as_dtype(dtype)
        self.name = name

    @classmethod
    def from_tensor(cls, tensor, name=None) -> TensorSpec:
        """The spec of ``tensor``'s shape and dtype.

        >>> import tapejax as tf
        >>> tf.TensorSpec.from_tensor(tf.constant([1, 2]), name='q')
        TensorSpec(shape=(2,), dtype=tf.int32, name='q')
        """
        return cls(tensor.shape, tensor.dtype, name)

    def is_compatible_with(self, tensor) -> bool:
        if tensor.dtype != self.dtype:
            return False
        return self.shape is None or TensorShape(tensor.shape).is_compatible_with(self.shape)

    def __repr__(self) -> str:
        shape = "<unknown>" if self.shape is None else self.shape  # unknown rank, as TF prints it
        return f"TensorSpec(shape={shape}, dtype={self.dtype!r}, name={self.name!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, TensorSpec) and (self.shape, self.dtype, self.name) == (
            other.shape,
            other.dtype,
            other.name,
        )

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype, self.name))
