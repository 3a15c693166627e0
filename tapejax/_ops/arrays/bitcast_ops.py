"""``tf.bitcast``: a tensor's bytes read as another dtype.

Through bytes: the input as uint8 (a complex number is its two parts), regrouped into the
output's item size (a smaller output adds a last dimension, a larger one consumes it), and
read as the output dtype. Not differentiable (TF defines no gradient).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values import dtype as _dtypes
from ..._core.values.errors import InvalidArgumentError
from ..builders import check_dtype, check_dtype_attr

_TYPES = (
    "bfloat16",
    "float16",
    "float32",
    "float64",
    "int64",
    "int32",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "int8",
    "int16",
    "complex64",
    "complex128",
)


def _bitcast(x, *, dtype):
    shape = x.shape
    if jnp.iscomplexobj(x):
        x = jnp.stack([x.real, x.imag], axis=-1)
    b = jax.lax.bitcast_convert_type(x, jnp.uint8).reshape(*shape, -1)  # [..., input item size]
    out = jnp.dtype(dtype)
    size = out.itemsize
    if size < b.shape[-1]:
        b = b.reshape(*shape, b.shape[-1] // size, size)
    elif size > b.shape[-1]:  # the input's last dimension holds one output item
        b = b.reshape(*shape[:-1], size)
    if jnp.issubdtype(out, jnp.complexfloating):
        part = jnp.dtype(f"float{size * 4}")
        parts = jax.lax.bitcast_convert_type(b.reshape(*b.shape[:-1], 2, size // 2), part)
        return jax.lax.complex(parts[..., 0], parts[..., 1])
    return jax.lax.bitcast_convert_type(b, out) if size > 1 else jax.lax.bitcast_convert_type(b[..., 0], out)


_BITCAST = Op("Bitcast", _bitcast, differentiable=False)


def bitcast(input, type, name=None):  # noqa: A002 - TF's names
    """``input``'s bytes as ``type`` (``tf.bitcast``): a smaller item size adds a last
    dimension of the size ratio, a larger one needs the input's last dimension to be it.

    >>> import tapejax as tf
    >>> tf.bitcast(tf.constant(1.0), tf.int32)
    <tf.Tensor: shape=(), dtype=int32, numpy=1065353216>
    """
    x = convert_to_tensor(input)
    check_dtype("Bitcast", _TYPES, x)
    check_dtype_attr("Bitcast", _TYPES, type, attr="type")
    out = _dtypes.as_dtype(type)
    size_in, size_out = x.dtype.size, out.size
    if size_out > size_in and (x.ndim == 0 or x.shape[-1] * size_in != size_out):
        raise InvalidArgumentError(
            f"Cannot bitcast from {x.dtype.as_datatype_enum} to {out.as_datatype_enum} [Op:Bitcast]: the "
            f"input's last dimension must hold {size_out // size_in} of its items per {out.name}."
        )
    return record(_BITCAST, (x,), {"dtype": out._np})
