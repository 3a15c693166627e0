"""``tf.math``: elementwise math, comparisons and reductions, one table entry per op.

Each op is one line over a jax function, with the dtypes TF's kernel accepts; ``_rules`` holds
the derivatives where TF's convention differs from JAX's. Ops TF defines no gradient for are
``differentiable=False``. Reductions and scans live in ``_reduction_ops``, sorting in
``_sort_ops``; this module is their public namespace.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values.access import as_tensor, is_symbolic_tensor, np_shape, value_of
from .._core.values.dtype import as_dtype
from .._core.values.errors import InvalidArgumentError
from .._core.values.shape import dims_text
from .._core.values.tensor import Tensor, TensorLike
from .builders import (
    BOOL,
    FLOAT,
    INEXACT,
    INTEGER,
    NUMERIC,
    REAL,
    SIGNED,
    binary,
    binary_args,
    broadcast_shape,
    check_bool,
    check_cpu_kernel,
    check_dtype,
    check_same_dtype,
    convert_like,
    unary,
)
from .complex_ops import angle, complex, conj, imag, real  # noqa: F401 - tf.math's namespace
from .conventions import rules as _rules
from .reduction_ops import (  # noqa: F401 - tf.math's namespace
    argmax,
    argmin,
    count_nonzero,
    cumprod,
    cumsum,
    cumulative_logsumexp,
    l2_normalize,
    log_softmax,
    reduce_all,
    reduce_any,
    reduce_euclidean_norm,
    reduce_logsumexp,
    reduce_max,
    reduce_mean,
    reduce_min,
    reduce_prod,
    reduce_std,
    reduce_sum,
    reduce_variance,
    softmax,
)
from .sort_ops import in_top_k, top_k  # noqa: F401


def _float_or(rule, plain, kind=jnp.inexact):
    """``rule`` (a TF-convention custom_jvp) for ``kind`` inputs, ``plain`` for the others."""
    return lambda *xs: rule(*xs) if jnp.issubdtype(xs[0].dtype, kind) else plain(*xs)


# -- elementwise, one input ------------------------------------------------------------------
negative = neg = unary("Neg", jnp.negative, dtypes=SIGNED, py_name="negative")
abs = unary("Abs", _float_or(_rules.abs, jnp.abs, jnp.floating), dtypes=SIGNED, py_name="abs")  # noqa: A001
sign = unary("Sign", jnp.sign, dtypes=SIGNED)
square = unary("Square", jnp.square)
sqrt = unary("Sqrt", _rules.sqrt, dtypes=INEXACT)
rsqrt = unary("Rsqrt", _rules.rsqrt, dtypes=INEXACT)
reciprocal = unary("Reciprocal", _rules.reciprocal, dtypes=INEXACT)
exp = unary("Exp", jnp.exp, dtypes=INEXACT)
expm1 = unary("Expm1", jnp.expm1, dtypes=INEXACT)
log = unary("Log", jnp.log, dtypes=INEXACT)
log1p = unary("Log1p", jnp.log1p, dtypes=INEXACT)
sin = unary("Sin", jnp.sin, dtypes=INEXACT)
cos = unary("Cos", jnp.cos, dtypes=INEXACT)
tan = unary("Tan", jnp.tan, dtypes=INEXACT)
asin = unary("Asin", jnp.arcsin, dtypes=INEXACT)
acos = unary("Acos", jnp.arccos, dtypes=INEXACT)
atan = unary("Atan", jnp.arctan, dtypes=INEXACT)
sinh = unary("Sinh", jnp.sinh, dtypes=INEXACT)
cosh = unary("Cosh", jnp.cosh, dtypes=INEXACT)
tanh = unary("Tanh", jnp.tanh, dtypes=INEXACT)
asinh = unary("Asinh", jnp.arcsinh, dtypes=INEXACT)
acosh = unary("Acosh", jnp.arccosh, dtypes=INEXACT)
atanh = unary("Atanh", jnp.arctanh, dtypes=INEXACT)
sigmoid = unary("Sigmoid", jax.nn.sigmoid, dtypes=INEXACT)
log_sigmoid = unary("LogSigmoid", jax.nn.log_sigmoid, dtypes=FLOAT)
softplus = unary("Softplus", jax.nn.softplus, dtypes=FLOAT)
softsign = unary("Softsign", jax.nn.soft_sign, dtypes=FLOAT)
erf = unary("Erf", jss.erf, dtypes=FLOAT)
erfc = unary("Erfc", jss.erfc, dtypes=FLOAT)
erfinv = unary("Erfinv", jss.erfinv, dtypes=FLOAT)
ndtri = unary("Ndtri", jss.ndtri, dtypes=FLOAT)
lgamma = unary("Lgamma", jss.gammaln, dtypes=FLOAT)
digamma = unary("Digamma", jss.digamma, dtypes=FLOAT)
bessel_i0e = unary("BesselI0e", jss.i0e, dtypes=FLOAT)
bessel_i1e = unary("BesselI1e", jss.i1e, dtypes=FLOAT)
# TF defines no gradient for these: sources reached only through them get None.
floor = unary("Floor", jnp.floor, dtypes=FLOAT, differentiable=False)
ceil = unary("Ceil", jnp.ceil, dtypes=FLOAT, differentiable=False)
rint = unary("Rint", jnp.round, dtypes=FLOAT, differentiable=False)  # half to even
is_nan = unary("IsNan", jnp.isnan, dtypes=FLOAT, differentiable=False)
is_inf = unary("IsInf", jnp.isinf, dtypes=FLOAT, differentiable=False)
is_finite = unary("IsFinite", jnp.isfinite, dtypes=FLOAT, differentiable=False)
_round = unary("Round", jnp.round, dtypes=INEXACT, differentiable=False)
_logical_not = unary("LogicalNot", jnp.logical_not, dtypes=BOOL, differentiable=False)
_bitwise_not = unary("Invert", jnp.invert, dtypes=INTEGER, differentiable=False)


def round(x, name=None) -> Tensor:  # noqa: A001 - TF's name
    """Rounds half to even, as TF (``round(2.5) = 2``); no gradient; integers pass unchanged.

    >>> import tapejax as tf
    >>> tf.round([0.5, 1.5, 2.5, -0.5])
    <tf.Tensor: shape=(4,), dtype=float32, numpy=array([ 0.,  2.,  2., -0.], dtype=float32)>
    """
    x = convert_to_tensor(x)
    return x if x.dtype.is_integer else _round(x)


def logical_not(x, name=None) -> Tensor:
    """Elementwise NOT of a bool tensor (Python values must be bools, as TF)."""
    x = convert_to_tensor(x, dtype=None if isinstance(x, TensorLike) else "bool")
    check_bool("LogicalNot", x)
    return _logical_not(x)


def invert(x) -> Tensor:
    """``~x``: logical NOT for bool tensors, bitwise NOT for integer tensors (as TF)."""
    return _logical_not(x) if x.dtype.is_bool else _bitwise_not(x)


# -- elementwise, two inputs ----------------------------------------------------------------
add = binary("AddV2", jnp.add, py_name="add", lenient=True)
subtract = binary("Sub", jnp.subtract, py_name="subtract")
multiply = binary("Mul", jnp.multiply, py_name="multiply")
maximum = binary("Maximum", _rules.maximum, dtypes=REAL)
minimum = binary("Minimum", _rules.minimum, dtypes=REAL)
squared_difference = binary("SquaredDifference", lambda x, y: jnp.square(x - y))
atan2 = binary("Atan2", jnp.arctan2, dtypes=FLOAT)
xlogy = binary("Xlogy", _rules.xlogy, dtypes=INEXACT)
xdivy = binary("Xdivy", _rules.xdivy, dtypes=INEXACT)
divide_no_nan = binary("DivNoNan", _rules._div_no_nan, dtypes=INEXACT)
multiply_no_nan = binary("MulNoNan", _rules.multiply_no_nan, dtypes=INEXACT)
truncatediv = binary(
    "TruncateDiv", lambda x, y: jax.lax.div(*jnp.broadcast_arrays(x, y)), dtypes=INTEGER, differentiable=False
)
truncatemod = binary("TruncateMod", lambda x, y: jax.lax.rem(*jnp.broadcast_arrays(x, y)), dtypes=REAL)
equal = binary("Equal", jnp.equal, dtypes=NUMERIC | BOOL, differentiable=False, py_name="equal")
not_equal = binary(
    "NotEqual", jnp.not_equal, dtypes=NUMERIC | BOOL, differentiable=False, py_name="not_equal"
)
less = binary("Less", jnp.less, dtypes=REAL, differentiable=False, py_name="less")
less_equal = binary("LessEqual", jnp.less_equal, dtypes=REAL, differentiable=False, py_name="less_equal")
greater = binary("Greater", jnp.greater, dtypes=REAL, differentiable=False, py_name="greater")
greater_equal = binary(
    "GreaterEqual", jnp.greater_equal, dtypes=REAL, differentiable=False, py_name="greater_equal"
)
_logical_and = binary("LogicalAnd", jnp.logical_and, dtypes=BOOL, differentiable=False)
_logical_or = binary("LogicalOr", jnp.logical_or, dtypes=BOOL, differentiable=False)
_bitwise_and = binary("BitwiseAnd", jnp.bitwise_and, dtypes=INTEGER, differentiable=False)
_bitwise_or = binary("BitwiseOr", jnp.bitwise_or, dtypes=INTEGER, differentiable=False)
_bitwise_xor = binary("BitwiseXor", jnp.bitwise_xor, dtypes=INTEGER, differentiable=False)


def _bools(x, y, op_name):
    as_bool = lambda v: v if isinstance(v, TensorLike) else convert_to_tensor(v, dtype="bool")  # noqa: E731
    x, y = as_tensor(as_bool(x)), as_tensor(as_bool(y))
    check_bool(op_name, x, y)
    return x, y


def logical_and(x, y, name=None) -> Tensor:
    """Elementwise AND of bool tensors."""
    return _logical_and(*_bools(x, y, "LogicalAnd"))


def logical_or(x, y, name=None) -> Tensor:
    """Elementwise OR of bool tensors."""
    return _logical_or(*_bools(x, y, "LogicalOr"))


def logical_xor(x, y, name="LogicalXor") -> Tensor:
    """Elementwise XOR of bool tensors (``(x | y) & ~(x & y)``, as TF)."""
    x, y = _bools(x, y, "LogicalXor")
    return _logical_and(_logical_or(x, y), _logical_not(_logical_and(x, y)))


def _bit_op(logical, bitwise, tf_name):
    def op(x, y):
        x, y = binary_args(x, y, tf_name)
        return logical(x, y) if x.dtype.is_bool else bitwise(x, y)

    return op


# The operators ``&``, ``|``, ``^``: logical for bool tensors, bitwise for integer tensors.
and_ = _bit_op(_logical_and, _bitwise_and, "BitwiseAnd")
or_ = _bit_op(_logical_or, _bitwise_or, "BitwiseOr")
xor_ = _bit_op(logical_xor, _bitwise_xor, "BitwiseXor")


def _check_nonzero_divisor(y: Tensor, op_name: str) -> None:
    # TF's CPU kernels refuse integer division by zero; JAX returns garbage.
    if y.dtype.is_integer and not is_symbolic_tensor(y) and bool(np.any(np.asarray(value_of(y)) == 0)):
        raise InvalidArgumentError(f"Integer division by zero [Op:{op_name}]")


_floordiv = binary("FloorDiv", jnp.floor_divide, dtypes=REAL, differentiable=False)
_floormod = binary("FloorMod", jnp.mod, dtypes=REAL)


def floordiv(x, y, name=None) -> Tensor:
    """``floor(x / y)``, Python's rule: ``-7 // 2 = -4`` (``tf.math.floordiv``); no gradient."""
    x, y = binary_args(x, y, "FloorDiv")
    _check_nonzero_divisor(y, "FloorDiv")
    return _floordiv(x, y)


def floormod(x, y, name=None) -> Tensor:
    """The remainder of floor division, with the sign of ``y``: ``-7 % 2 = 1`` (``tf.math.floormod``).

    >>> import tapejax as tf
    >>> tf.constant([-7, 7]) % 2
    <tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 1], dtype=int32)>
    """
    x, y = binary_args(x, y, "FloorMod")
    _check_nonzero_divisor(y, "FloorMod")
    return _floormod(x, y)


floor_div, mod = floordiv, floormod


def _truediv(x, y):
    # TF: 8/16-bit integers divide in float32, 32/64-bit integers in float64.
    if jnp.issubdtype(x.dtype, jnp.integer):
        dtype = jnp.float32 if x.dtype.itemsize <= 2 else jnp.float64
        x, y = x.astype(dtype), y.astype(dtype)
    return jnp.true_divide(x, y)


_REALDIV = Op("RealDiv", _truediv)


def truediv(x, y, name=None) -> Tensor:
    """``x / y``; integers divide in floating point (int32 / int32 is float64), as TF.

    Raises:
      TypeError: ``x`` and ``y`` have different dtypes, or are bool.

    >>> import tapejax as tf
    >>> tf.constant(7) / 2
    <tf.Tensor: shape=(), dtype=float64, numpy=3.5>
    """
    x = convert_to_tensor(x)
    y = as_tensor(y) if isinstance(y, TensorLike) else convert_to_tensor(y, dtype_hint=x.dtype)
    if x.dtype != y.dtype:
        raise TypeError(
            f"`x` and `y` must have the same dtype, got {x.dtype!r} != {y.dtype!r}. "
            "Cast one of them with tapejax.cast."
        )
    if x.dtype.is_bool:
        raise TypeError(
            f"Invalid dtype {x.dtype!r} in __truediv__. Expected a numeric dtype; "
            "cast it with tapejax.cast first."
        )
    broadcast_shape("RealDiv", np_shape(x), np_shape(y))
    return record(_REALDIV, (x, y))


divide = truediv


def realdiv(x, y, name=None) -> Tensor:
    """``x / y`` for real and complex floats (``tf.realdiv``, TF's ``RealDiv`` kernel):
    integers have no CPU kernel in TF (NotFoundError), as the two operands must share a dtype.

    >>> import tapejax as tf
    >>> tf.realdiv(tf.constant([1.0, 2.0]), 4.0)
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([0.25, 0.5 ], dtype=float32)>
    """
    x, y = binary_args(x, y, "RealDiv")
    if x.dtype.is_bool:
        check_dtype("RealDiv", NUMERIC, x)
    check_cpu_kernel("RealDiv", INEXACT, x)
    broadcast_shape("RealDiv", np_shape(x), np_shape(y))
    return record(_REALDIV, (x, y))


_POW = Op("Pow", _float_or(_rules.pow, jnp.power))


def pow(x, y, name=None) -> Tensor:  # noqa: A001 - TF's name
    """``x ** y`` elementwise (``tf.math.pow``); integers may not take negative powers.

    >>> import tapejax as tf
    >>> tf.pow(2.0, 3.0)
    <tf.Tensor: shape=(), dtype=float32, numpy=8.0>
    """
    x, y = binary_args(x, y, "Pow")
    check_dtype("Pow", NUMERIC, x)
    broadcast_shape("Pow", np_shape(x), np_shape(y))
    if y.dtype.is_integer and not is_symbolic_tensor(y) and bool(np.any(np.asarray(value_of(y)) < 0)):
        raise InvalidArgumentError(
            "Integers to negative integer powers are not allowed "
            "[Op:Pow]. Cast the base to a float dtype first."
        )
    return record(_POW, (x, y))


def reciprocal_no_nan(x, name=None) -> Tensor:
    """``1 / x``, but 0 where ``x`` is 0 (``tf.math.reciprocal_no_nan``)."""
    x = convert_to_tensor(x)
    return divide_no_nan(convert_to_tensor(1, dtype=x.dtype), x)  # float64's 1 too (x64 mode)


def scalar_mul(scalar, x, name=None) -> Tensor:
    """``scalar * x`` (``tf.math.scalar_mul``); ``scalar`` must be a scalar."""
    return multiply(scalar, x)


_ADD_N = Op("AddN", lambda *xs: sum(xs[1:], xs[0]))


def add_n(inputs, name=None) -> Tensor:
    """Sums a list of tensors of the same shape and dtype (``tf.math.add_n``)."""
    if not inputs:
        raise ValueError(
            "Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and shape."
        )
    first = convert_to_tensor(inputs[0])
    tensors = [first] + [convert_like(t, first, lenient=True) for t in inputs[1:]]
    check_same_dtype("AddN", tensors)
    for i, t in enumerate(tensors[1:], 1):
        if t.shape != first.shape:
            raise InvalidArgumentError(
                f"Inputs to operation AddN of type AddN must have the same size and shape.  "
                f"Input 0: {dims_text(first.shape)} != input {i}: {dims_text(t.shape)} [Op:AddN]"
            )
    return record(_ADD_N, tuple(tensors))


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None) -> Tensor:
    """``add_n`` with TF's older checks (``tf.math.accumulate_n``, deprecated in TF for add_n):
    every input of one shape (``shape`` if given) and dtype (``tensor_dtype`` if given)."""
    if not isinstance(inputs, (list, tuple)) or not inputs:
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and shape")
    tensors = [convert_to_tensor(t) for t in inputs]
    want = shape if shape is not None else tensors[0].shape
    for t in tensors:
        if not t.shape.is_compatible_with(want):
            raise ValueError(f"Shapes {tuple(want)} and {tuple(t.shape)} are not compatible")
    if tensor_dtype is not None and as_dtype(tensor_dtype) != tensors[0].dtype:
        raise TypeError(
            f"The `tensor_dtype` argument is {as_dtype(tensor_dtype)}, but `input` is of type "
            f"{tensors[0].dtype}. These must be equal. Try casting the input to the desired type."
        )
    return tensors[0] if len(tensors) == 1 else add_n(tensors)


def zero_fraction(value, name=None) -> Tensor:
    """The fraction of zeros in ``value``, as float32 (``tf.math.zero_fraction``)."""
    x = convert_to_tensor(value)
    return Tensor(jnp.mean((value_of(x) == 0).astype(jnp.float32)))


def is_non_decreasing(x, name=None) -> Tensor:
    """Whether ``x`` (flattened) is non-decreasing; True for fewer than two elements."""
    x = convert_to_tensor(x)
    flat = value_of(x).reshape(-1)
    return Tensor(jnp.all(flat[1:] >= flat[:-1]))


def is_strictly_increasing(x, name=None) -> Tensor:
    """Whether ``x`` (flattened) is strictly increasing; True for fewer than two elements."""
    x = convert_to_tensor(x)
    flat = value_of(x).reshape(-1)
    return Tensor(jnp.all(flat[1:] > flat[:-1]))


# -- Tensor.__eq__ / __ne__ ----------------------------------------------------------------------
def _tensor_compare(op, incompatible: bool):
    def compare(x, y):
        y = as_tensor(y) if isinstance(y, TensorLike) else convert_to_tensor(y, dtype=x.dtype)
        x = as_tensor(x)
        check_same_dtype(op.op.name, (x, y))
        try:
            broadcast_shape(op.op.name, np_shape(x), np_shape(y))
        except InvalidArgumentError:
            return Tensor(jnp.asarray(incompatible))
        return op(x, y)

    return compare


# The operators ``==`` and ``!=`` (TF's Tensor.__eq__ rules).
tensor_equals = _tensor_compare(equal, False)
tensor_not_equals = _tensor_compare(not_equal, True)
