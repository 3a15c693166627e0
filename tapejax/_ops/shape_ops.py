"""Static facts as tensors: ``tf.shape``, ``tf.size``, ``tf.rank``, ``tf.ensure_shape`` and the
broadcast-shape helpers. Never recorded: shapes have no gradient."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax.export import is_symbolic_dim

from .._core import dtype as _dtypes
from .._core.convert import constant_array, convert_to_tensor
from .._core.errors import InvalidArgumentError
from .._core.shape import TensorShape, dims_text
from .._core.tensor import Tensor, TensorLike
from .builders import broadcast_shape


def _input_shape(x) -> tuple:
    return tuple(x.shape) if isinstance(x, TensorLike) else tuple(convert_to_tensor(x).shape)


def shape(input, out_type=None, name=None) -> Tensor:  # noqa: A002
    """The shape as an int32 tensor (``tf.shape``).

    >>> import tapejax as tf
    >>> tf.shape(tf.zeros((2, 3)))
    <tf.Tensor: shape=(2,), dtype=int32, numpy=array([2, 3], dtype=int32)>
    """
    dtype = _dtypes.as_dtype(out_type or _dtypes.int32)
    dims = _input_shape(input)
    if any(is_symbolic_dim(d) for d in dims):  # traced once for every size: the sizes are traced too
        return Tensor(jnp.asarray(dims, dtype._np))
    return Tensor(constant_array(dims, dtype._np))


def shape_n(input, out_type=_dtypes.int32, name=None) -> list:  # noqa: A002
    """``[shape(t) for t in input]`` (``tf.shape_n``)."""
    return [shape(t, out_type) for t in input]


def size(input, out_type=None, name=None) -> Tensor:  # noqa: A002
    """The number of elements as an int32 tensor (``tf.size``)."""
    dtype = _dtypes.as_dtype(out_type or _dtypes.int32)
    return Tensor(constant_array(int(np.prod(_input_shape(input))), dtype._np))


def rank(input, name=None) -> Tensor:  # noqa: A002
    """The number of dimensions as an int32 tensor (``tf.rank``)."""
    return Tensor(constant_array(len(_input_shape(input)), np.int32))


def ensure_shape(x, shape, name=None) -> Tensor:
    """``x`` itself, after checking its shape against ``shape`` (None entries match anything)."""
    x = convert_to_tensor(x)
    expected = None if shape is None else list(shape)
    if expected is not None and not (
        len(expected) == x.ndim
        and all(e is None or int(e) == d for e, d in zip(expected, x.shape, strict=True))
    ):
        text = ",".join("?" if e is None else str(int(e)) for e in expected)
        raise InvalidArgumentError(
            f"Shape of tensor input {dims_text(x.shape)} is not compatible with "
            f"expected shape [{text}]. [Op:EnsureShape]"
        )
    return x


def broadcast_static_shape(shape_x, shape_y) -> TensorShape:
    """The broadcast of two TensorShapes (ValueError if they do not broadcast)."""
    try:
        return TensorShape(broadcast_shape("BroadcastArgs", tuple(shape_x), tuple(shape_y)))
    except InvalidArgumentError:
        raise ValueError(
            f"Incompatible shapes for broadcasting: {TensorShape(shape_x)} and {TensorShape(shape_y)}"
        ) from None


def broadcast_dynamic_shape(shape_x, shape_y) -> Tensor:
    """The broadcast of two shape tensors, as an int32 tensor."""
    x, y = convert_to_tensor(shape_x), convert_to_tensor(shape_y)
    out = broadcast_shape("BroadcastArgs", tuple(np.asarray(x._value)), tuple(np.asarray(y._value)))
    return Tensor(constant_array(out, x._value.dtype))


def get_static_value(tensor, partial=False):
    """The value of ``tensor`` as numpy if it is known without running a traced program, else
    ``None`` (``tf.get_static_value``). Eager tensors are known; in ``tf.function`` a tensor
    computed from static facts (``tf.shape`` of a known shape, constants made by tapejax) is
    known, one that depends on an argument is not. Non-tensors come back as they are.

    >>> import tapejax as tf
    >>> tf.get_static_value(tf.constant([1, 2]))
    array([1, 2], dtype=int32)
    """
    if not isinstance(tensor, TensorLike):
        return tensor
    if not isinstance(tensor, Tensor) or tensor._is_symbolic():
        return None  # a Variable's value can change (TF gives None too); a traced value is unknown
    return np.asarray(tensor._value)
