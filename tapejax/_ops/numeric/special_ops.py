"""Special functions of ``tf.math``: Bessel, incomplete gamma and beta, polygamma, zeta,
``lbeta``, ``erfcinv``, ``xlog1py``, ``nextafter``.

Each is a table entry over ``jax.scipy.special``. Where TF's gradient differs from JAX's a
``jax.custom_jvp`` here carries TF's rule (``bessel_i0``/``i1`` at 0, ``xlog1py`` where x is 0,
``nextafter``, which JAX does not differentiate); inputs TF does not differentiate (betainc's
``a`` and ``b``, polygamma's ``a``, zeta's ``x``) get None, through ``links``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.access import np_shape
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.shape import dims_text
from ..._core.values.tensor import Tensor
from ..builders import FLOAT, INEXACT, binary, binary_args, check_dtype, unary
from ..math_ops import lgamma, multiply, ndtri, negative
from ..reduction_ops import reduce_sum

_F32_F64 = frozenset({"float32", "float64"})


# -- TF's derivative rules ------------------------------------------------------------------
@jax.custom_jvp
def _i0(x):
    return jss.i0(x)


@_i0.defjvp
def _i0_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _i0(x), _i1(x) * t  # JAX's own rule gives 1 at x = 0 (|x|'s kink); TF's, i1(0) = 0


@jax.custom_jvp
def _i1(x):
    return jss.i1(x)


@_i1.defjvp
def _i1_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _i1(x)
    # TF: i0(x) - i1(x) / x, the second term taken as 0 at x = 0 (so 1 there, where JAX says 0.5).
    zero = x == 0
    return y, (_i0(x) - jnp.where(zero, 0, y / jnp.where(zero, 1, x))) * t


def _nonzero(x):
    return (x != 0).astype(x.dtype)


@jax.custom_jvp
def _xlog1py(x, y):
    return jss.xlog1py(x, y)


@_xlog1py.defjvp
def _xlog1py_jvp(primals, tangents):
    # TF: 0 where x == 0 for both derivatives (JAX: log1p(-1) * 0 = nan at y = -1).
    (x, y), (tx, ty) = primals, tangents
    safe = jnp.where(x == 0, jnp.zeros_like(y), y)
    return _xlog1py(x, y), tx * _xlog1py(_nonzero(x), safe) + ty * _nonzero(x) * x / (1 + safe)


@jax.custom_jvp
def _nextafter(x1, x2):
    return jnp.nextafter(x1, x2)


@_nextafter.defjvp
def _nextafter_jvp(primals, tangents):
    # TF: 1 with respect to x1, 0 (zeros, not None) with respect to x2.
    (x1, x2), (t1, t2) = primals, tangents
    return _nextafter(x1, x2), t1 + jnp.zeros_like(t2)


def _polygamma(a, x):
    a = jax.lax.stop_gradient(a)  # TF differentiates in x only (links below)
    n = jnp.where((a >= 0) & (a == jnp.floor(a)), a, 0).astype(jnp.int32)
    # n = 0 is the digamma function (JAX's polygamma loses float32 digits there).
    value = jnp.where(n == 0, jss.digamma(x), jss.polygamma(n, x))
    return jnp.where((a >= 0) & (a == jnp.floor(a)), value, jnp.nan)


def _zeta(x, q):
    return jss.zeta(jax.lax.stop_gradient(x), q)  # TF differentiates in q only (links below)


def _in(*inputs):
    """``links`` for an op TF differentiates in ``inputs`` only."""
    linked = (frozenset(inputs),)
    return lambda node: linked


# -- the table --------------------------------------------------------------------------------
bessel_i0 = unary("BesselI0", _i0, dtypes=FLOAT, py_name="bessel_i0")
bessel_i1 = unary("BesselI1", _i1, dtypes=FLOAT, py_name="bessel_i1")
igamma = binary("Igamma", jss.gammainc, dtypes=FLOAT, py_name="igamma")
igammac = binary("Igammac", jss.gammaincc, dtypes=FLOAT, py_name="igammac")
polygamma = binary("Polygamma", _polygamma, dtypes=_F32_F64, py_name="polygamma", links=_in(1))
zeta = binary("Zeta", _zeta, dtypes=_F32_F64, py_name="zeta", links=_in(1))
xlog1py = binary("Xlog1py", _xlog1py, dtypes=INEXACT, py_name="xlog1py")
nextafter = binary("NextAfter", _nextafter, dtypes=_F32_F64, py_name="nextafter")


def _betainc(a, b, x):
    a, b = jax.lax.stop_gradient(a), jax.lax.stop_gradient(b)  # TF differentiates in x only
    return jss.betainc(*jnp.broadcast_arrays(a, b, x))


_BETAINC = Op("Betainc", _betainc, links=_in(2))


def betainc(a, b, x, name=None) -> Tensor:
    """The regularized incomplete beta function ``I_x(a, b)`` (``tf.math.betainc``); ``a``,
    ``b`` and ``x`` have one shape, or are scalars. Differentiable in ``x`` only, as TF.

    >>> import tapejax as tf
    >>> tf.math.betainc(1.0, 2.0, [0.5, 0.2]).numpy().round(6)
    array([0.75, 0.36], dtype=float32)
    """
    a = convert_to_tensor(a)
    b, x = convert_to_tensor(b, dtype_hint=a.dtype), convert_to_tensor(x, dtype_hint=a.dtype)
    a, b = binary_args(a, b, "Betainc")
    a, x = binary_args(a, x, "Betainc")
    check_dtype("Betainc", _F32_F64, a)
    shapes = {"a": np_shape(a), "b": np_shape(b), "x": np_shape(x)}
    full = [(k, s) for k, s in shapes.items() if s]
    for k, s in full[1:]:
        if s != full[0][1]:
            raise InvalidArgumentError(
                f"Shapes of {full[0][0]} and {k} are inconsistent: {dims_text(full[0][1])} vs. "
                f"{dims_text(s)} [Op:Betainc]. Give a, b and x one shape (or pass scalars)."
            )
    return record(_BETAINC, (a, b, x))


def lbeta(x, name=None) -> Tensor:
    """``log(|Beta(x)|)`` over the last axis: ``sum(lgamma(x)) - lgamma(sum(x))``
    (``tf.math.lbeta``); an empty last axis gives ``-inf``.

    >>> import tapejax as tf
    >>> tf.math.lbeta([[1.0, 2.0], [3.0, 4.0]]).numpy().round(5)
    array([-0.69315, -4.09434], dtype=float32)
    """
    x = convert_to_tensor(x)
    if x.ndim == 0:
        raise InvalidArgumentError(
            "Invalid reduction dimension (-1 for input with 0 dimension(s) [Op:Sum]: lbeta reduces "
            "the last axis; pass a vector (or batch of vectors)."
        )
    return reduce_sum(lgamma(x), axis=-1) - lgamma(reduce_sum(x, axis=-1))


def erfcinv(x, name=None) -> Tensor:
    """The inverse of ``erfc``: ``-ndtri(x / 2) / sqrt(2)`` (``tf.math.erfcinv``), on (0, 2).

    >>> import tapejax as tf
    >>> tf.math.erfcinv([0.5, 1.0, 1.5])
    <tf.Tensor: shape=(3,), dtype=float32, numpy=array([ 0.4769363, -0.       , -0.4769363], dtype=float32)>
    """
    x = convert_to_tensor(x)
    return multiply(negative(ndtri(multiply(x, 0.5))), float(np.sqrt(0.5)))
