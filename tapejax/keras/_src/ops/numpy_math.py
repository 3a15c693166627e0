"""``keras.ops.numpy``'s elementwise functions: Keras 3's dtype rules (as its TF backend
applies them) on tapejax's math ops.

Transcendental functions compute integers and booleans in float32 (floatx) and keep a float's
own dtype; two operands are first cast to their Keras ``result_type`` (a Python scalar is weak:
``int32 tensor + 2.0`` is float32, ``float16 tensor * 2`` stays float16).
"""

from __future__ import annotations

import math

import jax.numpy as jnp

from ..backend.core import InvalidArgumentError
from ..backend.ops import complex_ops as _complex
from ..backend.ops import creation_ops as _creation
from ..backend.ops import math_ops as _math
from ..backend.ops import special_ops as _special
from ..backend.ops import where
from .function_op import apply, convert, float_type, jax_op, operation, result_type
from .operation import (
    Absolute,
    Add,
    FloorDivide,
    Greater,
    GreaterEqual,
    Less,
    LessEqual,
    LogicalAnd,
    LogicalNot,
    LogicalOr,
    LogicalXor,
    Mod,
    Multiply,
    Negative,
    NotEqual,
    Power,
    Round,
    Subtract,
    TrueDivide,
)

# -- one array, computed in its float type --------------------------------------------------

_cbrt = jax_op("Cbrt", jnp.cbrt)
_exp2 = jax_op("Exp2", jnp.exp2)
_log2 = jax_op("Log2", jnp.log2)
_log10 = jax_op("Log10", jnp.log10)
_sinc = jax_op("Sinc", jnp.sinc)
_deg2rad = jax_op("Deg2rad", jnp.deg2rad)
_rad2deg = jax_op("Rad2deg", jnp.rad2deg)


def _in_float(class_name: str, name: str, op):
    """``op`` of ``x`` in ``x``'s float type (float32 for integers and booleans)."""

    def fn(x):
        x = convert(x)
        return op(convert(x, float_type(x)))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Elementwise ``{name}``, in ``x``'s float type (float32 for integers)."
    return operation(class_name)(fn)


arccos = _in_float("Arccos", "arccos", _math.acos)
arccosh = _in_float("Arccosh", "arccosh", _math.acosh)
arcsin = _in_float("Arcsin", "arcsin", _math.asin)
arcsinh = _in_float("Arcsinh", "arcsinh", _math.asinh)
arctan = _in_float("Arctan", "arctan", _math.atan)
arctanh = _in_float("Arctanh", "arctanh", _math.atanh)
cbrt = _in_float("Cbrt", "cbrt", _cbrt)
ceil = _in_float("Ceil", "ceil", _math.ceil)
cos = _in_float("Cos", "cos", _math.cos)
cosh = _in_float("Cosh", "cosh", _math.cosh)
deg2rad = _in_float("Deg2rad", "deg2rad", _deg2rad)
exp = _in_float("Exp", "exp", _math.exp)
exp2 = _in_float("Exp2", "exp2", _exp2)
expm1 = _in_float("Expm1", "expm1", _math.expm1)
fabs = _in_float("Fabs", "fabs", _math.abs)
floor = _in_float("Floor", "floor", _math.floor)
i0 = _in_float("I0", "i0", _special.bessel_i0)
log = _in_float("Log", "log", _math.log)
log10 = _in_float("Log10", "log10", _log10)
log1p = _in_float("Log1p", "log1p", _math.log1p)
log2 = _in_float("Log2", "log2", _log2)
rad2deg = _in_float("Rad2deg", "rad2deg", _rad2deg)
sin = _in_float("Sin", "sin", _math.sin)
sinc = _in_float("Sinc", "sinc", _sinc)
sinh = _in_float("Sinh", "sinh", _math.sinh)
sqrt = _in_float("Sqrt", "sqrt", _math.sqrt)
tan = _in_float("Tan", "tan", _math.tan)
tanh = _in_float("Tanh", "tanh", _math.tanh)
angle = _in_float("Angle", "angle", _complex.angle)


def absolute(x):
    """``|x|`` (booleans and unsigned integers as they are)."""
    return apply(Absolute, (x,))


abs = absolute  # noqa: A001 - Keras' name


def negative(x):
    """``-x``."""
    return apply(Negative, (x,))


def logical_not(x):
    """``not x``, elementwise (nonzero is true)."""
    return apply(LogicalNot, (x,))


def round(x, decimals=0):  # noqa: A001 - Keras' name
    """``x`` rounded to ``decimals`` decimals, half to even (integers as they are)."""
    return apply(Round, (x,), {"decimals": decimals})


for _fn, _cls in ((absolute, Absolute), (negative, Negative), (logical_not, LogicalNot), (round, Round)):
    _fn.operation = _cls


@operation("Sign")
def sign(x):
    """-1, 0 or 1 by the sign of ``x`` (unsigned integers computed as int32)."""
    x = convert(x)
    if x.dtype.is_unsigned:
        return convert(_math.sign(convert(x, "int32")), x.dtype.name)
    return _math.sign(x)


@operation("Square")
def square(x):
    """``x * x`` (booleans as int32)."""
    x = convert(x)
    return _math.square(convert(x, "int32") if x.dtype.is_bool else x)


@operation("Reciprocal")
def reciprocal(x):
    """``1 / x`` in ``x``'s dtype (TF has no integer kernel: NotFoundError)."""
    return _math.reciprocal(convert(x))


@operation("Trunc")
def trunc(x):
    """``x`` rounded toward zero (integers and booleans as they are)."""
    x = convert(x)
    if not x.dtype.is_floating:
        return x
    return where(_math.less(x, 0), _math.ceil(x), _math.floor(x))


_signbit = jax_op("Signbit", jnp.signbit, differentiable=False)


@operation("Signbit")
def signbit(x):
    """Whether ``x``'s sign bit is set (``-0.0`` too)."""
    x = convert(x)
    if x.dtype.is_bool:
        return _creation.zeros_like(x, dtype="bool")
    return _signbit(x if not x.dtype.is_floating else convert(x, "float32"))


def _predicate(class_name: str, name: str, op, integers: bool):
    """``op`` on floats; ``integers`` everywhere on integers and booleans."""

    def fn(x):
        x = convert(x)
        if x.dtype.is_floating or x.dtype.is_complex:
            return op(x)
        return (_creation.ones_like if integers else _creation.zeros_like)(x, dtype="bool")

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Elementwise ``{name}``."
    return operation(class_name)(fn)


isfinite = _predicate("Isfinite", "isfinite", _math.is_finite, integers=True)
isinf = _predicate("Isinf", "isinf", _math.is_inf, integers=False)
isnan = _predicate("Isnan", "isnan", _math.is_nan, integers=False)
isneginf = _predicate("Isneginf", "isneginf", lambda x: _math.equal(x, -math.inf), integers=False)
isposinf = _predicate("Isposinf", "isposinf", lambda x: _math.equal(x, math.inf), integers=False)


@operation("Isreal")
def isreal(x):
    """Whether ``x``'s imaginary part is 0 (always, for real dtypes)."""
    x = convert(x)
    if x.dtype.is_complex:
        return _math.equal(_complex.imag(x), 0)
    return _creation.ones_like(x, dtype="bool")


@operation("Real")
def real(x):
    """The real part of ``x``."""
    return _complex.real(convert(x))


@operation("Imag")
def imag(x):
    """The imaginary part of ``x`` (zeros for real dtypes)."""
    return _complex.imag(convert(x))


@operation("Conjugate")
def conjugate(x):
    """The complex conjugate of ``x`` (real dtypes as they are)."""
    return _complex.conj(convert(x))


conj = conjugate


_invert = jax_op("Invert", jnp.invert, differentiable=False)


@operation("BitwiseInvert")
def bitwise_invert(x):
    """``~x`` on integers."""
    x = convert(x)
    _check_integers("Invert", x)
    return _invert(x)


@operation("BitwiseNot")
def bitwise_not(x):
    """``~x`` on integers."""
    return bitwise_invert(x)


def _check_integers(tf_name: str, *values) -> None:
    for v in values:
        if not v.dtype.is_integer:
            raise _invalid_dtype(tf_name, v.dtype.name)


def _invalid_dtype(tf_name: str, dtype: str):
    return InvalidArgumentError(
        f"Value for attr 'T' of {dtype} is not in the list of allowed values: "
        f"int8, int16, int32, int64, uint8, uint16, uint32, uint64 [Op:{tf_name}]"
    )


# -- two arrays, cast to their result type ----------------------------------------------------


def _pair(x1, x2, *extra):
    """``x1`` and ``x2`` as tensors of their Keras result type (with ``extra`` in it)."""
    dtype = result_type(x1, x2, *extra)
    return convert(x1, dtype), convert(x2, dtype)


def _from_class(cls, name: str, doc: str):
    """The function of one of operation.py's operator classes (``Add`` is also ``x + y``)."""

    def fn(x1, x2):
        return apply(cls, (x1, x2))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    fn.operation = cls
    return fn


add = _from_class(Add, "add", "``x1 + x2``.")
subtract = _from_class(Subtract, "subtract", "``x1 - x2``.")
multiply = _from_class(Multiply, "multiply", "``x1 * x2``.")
true_divide = _from_class(TrueDivide, "true_divide", "``x1 / x2`` (integers divide to floats).")
floor_divide = _from_class(FloorDivide, "floor_divide", "``x1 // x2``.")
mod = _from_class(Mod, "mod", "``x1 % x2`` (Python's sign rule).")
power = _from_class(Power, "power", "``x1 ** x2``.")
less = _from_class(Less, "less", "``x1 < x2``.")
less_equal = _from_class(LessEqual, "less_equal", "``x1 <= x2``.")
greater = _from_class(Greater, "greater", "``x1 > x2``.")
greater_equal = _from_class(GreaterEqual, "greater_equal", "``x1 >= x2``.")
not_equal = _from_class(NotEqual, "not_equal", "``x1 != x2``.")
logical_and = _from_class(LogicalAnd, "logical_and", "``x1 and x2``, elementwise.")
logical_or = _from_class(LogicalOr, "logical_or", "``x1 or x2``, elementwise.")
logical_xor = _from_class(LogicalXor, "logical_xor", "``x1 xor x2``, elementwise.")


@operation("Divide")
def divide(x1, x2):
    """``x1 / x2`` (integers divide to floats)."""
    return _math.truediv(*_pair(x1, x2, 1.0))


@operation("Equal")
def equal(x1, x2):
    """``x1 == x2``, elementwise."""
    return _math.equal(*_pair(x1, x2))


@operation("Maximum")
def maximum(x1, x2):
    """The elementwise maximum (ties give their gradient to ``x1``, as TF's)."""
    return _math.maximum(*_pair(x1, x2))


@operation("Minimum")
def minimum(x1, x2):
    """The elementwise minimum (ties give their gradient to ``x1``, as TF's)."""
    return _math.minimum(*_pair(x1, x2))


_fmax = jax_op("Fmax", jnp.fmax)
_fmin = jax_op("Fmin", jnp.fmin)
_hypot = jax_op("Hypot", jnp.hypot)
_logaddexp = jax_op("Logaddexp", jnp.logaddexp)
_logaddexp2 = jax_op("Logaddexp2", jnp.logaddexp2)
_ldexp = jax_op("Ldexp", lambda x, e: x * jnp.exp2(e.astype(x.dtype)))
_heaviside = jax_op("Heaviside", jnp.heaviside, differentiable=False)
_gcd = jax_op("Gcd", jnp.gcd, differentiable=False)
_lcm = jax_op("Lcm", jnp.lcm, differentiable=False)
_bitwise = {
    name: jax_op(tf_name, getattr(jnp, name), differentiable=False)
    for name, tf_name in [
        ("bitwise_and", "BitwiseAnd"),
        ("bitwise_or", "BitwiseOr"),
        ("bitwise_xor", "BitwiseXor"),
        ("left_shift", "LeftShift"),
        ("right_shift", "RightShift"),
    ]
}


_REAL_KERNEL = "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, int64, uint64"


def _no_bool(tf_name: str, kernel: str, *xs):
    """``xs``, unless booleans, which TF's kernel ``tf_name`` does not take (Keras passes them on)."""
    for x in xs:
        if x.dtype.is_bool:
            raise InvalidArgumentError(
                f"Value for attr 'T' of bool is not in the list of allowed values: {kernel} [Op:{tf_name}]"
            )
    return xs


@operation("Fmax")
def fmax(x1, x2):
    """The elementwise maximum, ignoring NaNs."""
    return _fmax(*_no_bool("Maximum", _REAL_KERNEL, *_pair(x1, x2)))


@operation("Fmin")
def fmin(x1, x2):
    """The elementwise minimum, ignoring NaNs."""
    return _fmin(*_no_bool("Minimum", _REAL_KERNEL, *_pair(x1, x2)))


@operation("Fmod")
def fmod(x1, x2):
    """The remainder of ``x1 / x2`` with ``x1``'s sign (C's ``fmod``): Keras' formula,
    ``sign(x1) * floormod(|x1|, |x2|)``."""
    x1, x2 = _pair(x1, x2)
    dtype = "int32" if x1.dtype.is_bool else x1.dtype.name
    compute = "int32" if dtype in ("bool", "uint8", "uint16", "uint32") else dtype
    x1, x2 = convert(x1, compute), convert(x2, compute)
    remainder = _math.floormod(_math.abs(x1), _math.abs(x2))
    return convert(_math.multiply(_math.sign(x1), remainder), dtype)


@operation("Arctan2")
def arctan2(x1, x2):
    """The angle of the point ``(x2, x1)``, in the pair's float type."""
    return _math.atan2(*_pair(x1, x2, 1.0))


@operation("Hypot")
def hypot(x1, x2):
    """``sqrt(x1**2 + x2**2)``, in the pair's float type."""
    dtype = result_type(x1, x2)
    dtype = "float32" if dtype in ("int8", "int16", "int32", "uint8", "uint16", "uint32") else dtype
    dtype = "float64" if dtype == "int64" else dtype
    x1, x2 = convert(x1, dtype), convert(x2, dtype)
    return _hypot(*_no_bool("Hypot", "bfloat16, half, float, double, int8, int16, int32, int64", x1, x2))


@operation("Logaddexp")
def logaddexp(x1, x2):
    """``log(exp(x1) + exp(x2))``, in the pair's float type."""
    return _logaddexp(*_pair(x1, x2, 1.0))


@operation("Logaddexp2")
def logaddexp2(x1, x2):
    """``log2(2**x1 + 2**x2)``, in the pair's float type."""
    return _logaddexp2(*_pair(x1, x2, 1.0))


@operation("Heaviside")
def heaviside(x1, x2):
    """0 where ``x1 < 0``, 1 where ``x1 > 0``, ``x2`` where ``x1 == 0``."""
    dtype = result_type(x1, x2)
    if dtype == "bool":
        raise TypeError("Cannot convert 0 to EagerTensor of dtype bool")
    dtype = {"int64": "float64"}.get(
        dtype, "float32" if dtype not in ("float16", "bfloat16", "float64") else dtype
    )
    return _heaviside(convert(x1, dtype), convert(x2, dtype))


@operation("Nextafter")
def nextafter(x1, x2):
    """The next float after ``x1`` toward ``x2`` (in float32 unless float64)."""
    dtype = "float64" if result_type(x1, x2, 1.0) == "float64" else "float32"
    return _special.nextafter(convert(x1, dtype), convert(x2, dtype))


@operation("DivideNoNan")
def divide_no_nan(x1, x2):
    """``x1 / x2``, 0 where ``x2`` is 0."""
    return _math.divide_no_nan(*_pair(x1, x2, 1.0))


@operation("Ldexp")
def ldexp(x1, x2):
    """``x1 * 2**x2`` (``x2`` integers), in the pair's float type."""
    x2 = convert(x2)
    if not x2.dtype.is_integer:
        raise TypeError(f"ldexp exponent must be an integer type. Received: x2 dtype={x2.dtype.name}")
    x1 = convert(x1, result_type(x1, x2, 1.0))
    return _ldexp(x1, x2)


def _integer_pair(x1, x2, tf_name: str):
    """``x1`` and ``x2`` in their result type, which must be an integer type (TF's kernels)."""
    x1, x2 = _pair(x1, x2)
    _check_integers(tf_name, x1, x2)
    return x1, x2


@operation("Gcd")
def gcd(x1, x2):
    """The greatest common divisor of integers."""
    return _gcd(*_integer_pair(x1, x2, "Gcd"))


@operation("Lcm")
def lcm(x1, x2):
    """The least common multiple of integers."""
    return _lcm(*_integer_pair(x1, x2, "Lcm"))


def _bitwise_op(class_name: str, name: str, jnp_name: str, tf_name: str):
    def fn(x, y):
        return _bitwise[jnp_name](*_integer_pair(x, y, tf_name))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"``{jnp_name}`` of two integer arrays."
    return operation(class_name)(fn)


bitwise_and = _bitwise_op("BitwiseAnd", "bitwise_and", "bitwise_and", "BitwiseAnd")
bitwise_or = _bitwise_op("BitwiseOr", "bitwise_or", "bitwise_or", "BitwiseOr")
bitwise_xor = _bitwise_op("BitwiseXor", "bitwise_xor", "bitwise_xor", "BitwiseXor")
bitwise_left_shift = _bitwise_op("BitwiseLeftShift", "bitwise_left_shift", "left_shift", "LeftShift")
bitwise_right_shift = _bitwise_op("BitwiseRightShift", "bitwise_right_shift", "right_shift", "RightShift")
left_shift = _bitwise_op("LeftShift", "left_shift", "left_shift", "LeftShift")
right_shift = _bitwise_op("RightShift", "right_shift", "right_shift", "RightShift")
