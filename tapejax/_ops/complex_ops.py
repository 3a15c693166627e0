"""Complex numbers: ``tf.complex`` and the parts of complex tensors (``tf.math.real`` ...).

As in TF, a real tensor passes through ``real`` and ``conj`` unchanged (nothing new is
recorded), and ``imag``/``angle`` of a real tensor are constants.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values.access import np_dtype, np_shape, value_of
from .._core.values.tensor import Tensor
from .builders import COMPLEX, binary_args, check_dtype, unary

_real = unary("Real", jnp.real, dtypes=COMPLEX)
_imag = unary("Imag", jnp.imag, dtypes=COMPLEX)
_conj = unary("Conj", jnp.conj, dtypes=COMPLEX)
_angle = unary("Angle", jnp.angle, dtypes=COMPLEX)
_COMPLEX = Op("Complex", jax.lax.complex)


def _numeric(x, what: str) -> Tensor:
    x = convert_to_tensor(x)
    if x.dtype.is_bool:
        raise TypeError(f"input must be a numeric tensor, but got tensor with dtype {x.dtype}")
    return x


def real(input, name=None) -> Tensor:  # noqa: A002 - TF's name
    """The real part; a real tensor is returned as it is (``tf.math.real``)."""
    x = _numeric(input, "real")
    return _real(x) if x.dtype.is_complex else x


def imag(input, name=None) -> Tensor:  # noqa: A002
    """The imaginary part; zeros (with no gradient) for a real tensor (``tf.math.imag``)."""
    x = _numeric(input, "imag")
    return _imag(x) if x.dtype.is_complex else Tensor(jnp.zeros(np_shape(x), np_dtype(x)))


def conj(x, name=None) -> Tensor:
    """The complex conjugate; a real tensor is returned as it is (``tf.math.conj``)."""
    x = _numeric(x, "conj")
    return _conj(x) if x.dtype.is_complex else x


def angle(input, name=None) -> Tensor:  # noqa: A002
    """The argument of each complex number; pi for negative reals, 0 otherwise (no gradient)."""
    x = _numeric(input, "angle")
    if x.dtype.is_complex:
        return _angle(x)
    return Tensor(
        jnp.where(value_of(x) < 0, jnp.asarray(jnp.pi, value_of(x).dtype), jnp.zeros_like(value_of(x)))
    )


def complex(real, imag, name=None) -> Tensor:  # noqa: A001 - TF's name
    """``real + 1j * imag`` (``tf.complex``): float32 parts give complex64, float64 complex128."""
    re, im = binary_args(real, imag, "Complex")
    check_dtype("Complex", frozenset({"float32", "float64"}), re, attr="T")
    return record(_COMPLEX, (re, im))
