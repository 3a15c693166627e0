"""IndexedSlices: a sparse set of rows of a dense tensor (``tf.IndexedSlices``).

``values[i]`` is row ``indices[i]`` of a tensor of shape ``dense_shape``; repeated indices add
up. TF returns it as the gradient of a gather and takes it in ``Variable.scatter_*``; anywhere
a dense tensor is needed (an op's input, ``tf.convert_to_tensor``) it is converted by summing
its rows into zeros, as TF does, through TF's tensor protocol (``__tf_tensor__``).
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.values.access import is_symbolic_tensor, value_of
from ..._core.values.shape import TensorShape
from ..._core.values.tensor import Tensor
from ..array_ops import reshape
from ..creation_ops import zeros
from ..scatter_ops import tensor_scatter_nd_add


class IndexedSlices:
    """Rows ``values`` of a tensor of shape ``dense_shape`` at ``indices`` (``tf.IndexedSlices``).

    >>> import tapejax as tf
    >>> s = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]), tf.constant([3, 2]))
    >>> tf.convert_to_tensor(s)
    <tf.Tensor: shape=(3, 2), dtype=float32, numpy=
    array([[0., 0.],
           [1., 2.],
           [0., 0.]], dtype=float32)>
    """

    __slots__ = ("_values", "_indices", "_dense_shape")

    def __init__(self, values, indices, dense_shape=None):
        self._values = convert_to_tensor(values)
        self._indices = convert_to_tensor(indices)
        self._dense_shape = None if dense_shape is None else convert_to_tensor(dense_shape)

    @property
    def values(self) -> Tensor:
        return self._values

    @property
    def indices(self) -> Tensor:
        return self._indices

    @property
    def dense_shape(self) -> Tensor | None:
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def shape(self) -> TensorShape:
        """The dense tensor's static shape (rows unknown without ``dense_shape``)."""
        if self._dense_shape is None or is_symbolic_tensor(self._dense_shape):
            return TensorShape([None, *self._values.shape[1:]])
        return TensorShape([int(d) for d in self._dense_shape.numpy()])

    @property
    def device(self) -> str:
        return self._values.device

    def __neg__(self) -> IndexedSlices:
        return IndexedSlices(-self._values, self._indices, self._dense_shape)

    def __tf_tensor__(self, dtype=None, name=None) -> Tensor:
        if self._dense_shape is None:
            raise ValueError(
                "Tensor conversion requested for IndexedSlices for argument `value` without "
                f"dense_shape: {self}. Give the IndexedSlices a dense_shape to densify it."
            )
        dense = zeros(self._dense_shape, dtype=self._values.dtype)
        indices = reshape(self._indices, [-1, 1])
        rows = reshape(self._values, [-1, *self._values.shape[self._indices.ndim :]])
        return tensor_scatter_nd_add(dense, indices, rows)

    def __str__(self) -> str:
        shape = "" if self._dense_shape is None else f", dense_shape={self._dense_shape!s}"
        return f"IndexedSlices(indices={self._indices!s}, values={self._values!s}{shape})"

    def __repr__(self) -> str:
        return str(self)


def rows_of(slices: IndexedSlices):
    """``(values, row numbers, dense shape)`` of ``slices`` (JAX arrays, a tuple) for
    :func:`sum_rows` inside a compiled program, or None where its conversion to a dense tensor
    must run as ops: no or a symbolic ``dense_shape``, rows that do not fit it, or row numbers
    out of range (that conversion raises TF's error). Concrete row numbers are checked here,
    as the conversion checks them."""
    shape = slices.shape
    indices, values = slices.indices, slices.values
    if not shape.is_fully_defined() or not shape.rank or str(indices.dtype.name) not in ("int32", "int64"):
        return None
    shape = tuple(shape.as_list())
    if tuple(values.shape[indices.ndim :]) != shape[1:] or math.prod(
        values.shape[: indices.ndim]
    ) != math.prod(indices.shape):
        return None
    if not is_symbolic_tensor(indices):
        rows = np.asarray(value_of(indices))
        if ((rows < 0) | (rows >= shape[0])).any():
            return None
    return value_of(values), value_of(indices), shape


def sum_rows(values, indices, shape):
    """The dense tensor of ``shape`` whose row ``indices[i]`` adds ``values[i]`` (repeated rows
    add up), as converting an IndexedSlices computes it; a pure JAX function."""
    rows = values.reshape(-1, *shape[1:])
    return jnp.zeros(shape, values.dtype).at[(indices.reshape(-1),)].add(rows)


# A pytree of its three tensors, as TF's composite tensor: it crosses tf.function's boundary (a
# compiled function may return one) and JAX transformations as its parts.
def _unflatten(_, parts) -> IndexedSlices:
    # The parts as they are: tensors, or what a transformation puts in their place (specs).
    s = IndexedSlices.__new__(IndexedSlices)
    s._values, s._indices, s._dense_shape = parts
    return s


jax.tree_util.register_pytree_node(
    IndexedSlices, lambda s: ((s._values, s._indices, s._dense_shape), None), _unflatten
)
