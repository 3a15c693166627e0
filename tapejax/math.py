"""``tf.math``: elementwise math, comparisons and reductions, one table entry per op.

Each op is one line over a jax function; ``_rules`` holds the few derivatives where TF's
convention differs from JAX's. Ops TF defines no gradient for are ``differentiable=False``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import _rules
from ._ops import binary, binary_args, check_float, unary
from ._record import Op, record
from ._registry import register
from ._tensor import convert_to_tensor
from .errors import InvalidArgumentError

# -- elementwise, one input ----------------------------------------------------------------
negative = neg = unary("Neg", jnp.negative, registry_name="negative")
abs = unary("Abs", lambda x: _rules.abs(x) if jnp.issubdtype(x.dtype, jnp.floating) else jnp.abs(x),  # noqa: A001
            registry_name="abs")
sign = unary("Sign", jnp.sign)
square = unary("Square", jnp.square)
sqrt = unary("Sqrt", jnp.sqrt, float_only=True)
rsqrt = unary("Rsqrt", jax.lax.rsqrt, float_only=True)
exp = unary("Exp", jnp.exp, float_only=True)
expm1 = unary("Expm1", jnp.expm1, float_only=True)
log = unary("Log", jnp.log, float_only=True)
log1p = unary("Log1p", jnp.log1p, float_only=True)
sin = unary("Sin", jnp.sin, float_only=True)
cos = unary("Cos", jnp.cos, float_only=True)
tan = unary("Tan", jnp.tan, float_only=True)
asin = unary("Asin", jnp.arcsin, float_only=True)
acos = unary("Acos", jnp.arccos, float_only=True)
atan = unary("Atan", jnp.arctan, float_only=True)
sinh = unary("Sinh", jnp.sinh, float_only=True)
cosh = unary("Cosh", jnp.cosh, float_only=True)
tanh = unary("Tanh", jnp.tanh, float_only=True)
asinh = unary("Asinh", jnp.arcsinh, float_only=True)
acosh = unary("Acosh", jnp.arccosh, float_only=True)
atanh = unary("Atanh", jnp.arctanh, float_only=True)
sigmoid = unary("Sigmoid", jax.nn.sigmoid, float_only=True)
log_sigmoid = unary("LogSigmoid", jax.nn.log_sigmoid, float_only=True)
softplus = unary("Softplus", jax.nn.softplus, float_only=True)
erf = unary("Erf", jax.scipy.special.erf, float_only=True)
erfc = unary("Erfc", jax.scipy.special.erfc, float_only=True)
lgamma = unary("Lgamma", jax.scipy.special.gammaln, float_only=True)
digamma = unary("Digamma", jax.scipy.special.digamma, float_only=True)
reciprocal = unary("Reciprocal", jnp.reciprocal, float_only=True)
# TF defines no gradient for these: sources reached only through them get None.
round = unary("Round", jnp.round, differentiable=False)  # noqa: A001 - half to even, as TF
floor = unary("Floor", jnp.floor, differentiable=False)
ceil = unary("Ceil", jnp.ceil, differentiable=False)
is_nan = unary("IsNan", jnp.isnan, differentiable=False)
is_inf = unary("IsInf", jnp.isinf, differentiable=False)
is_finite = unary("IsFinite", jnp.isfinite, differentiable=False)
logical_not = unary("LogicalNot", jnp.logical_not, differentiable=False, registry_name="logical_not")

# -- elementwise, two inputs ----------------------------------------------------------------
add = binary("AddV2", jnp.add, registry_name="add")
subtract = binary("Sub", jnp.subtract, registry_name="subtract")
multiply = binary("Mul", jnp.multiply, registry_name="multiply")
floordiv = floor_div = binary("FloorDiv", jnp.floor_divide, differentiable=False, registry_name="floordiv")
floormod = mod = binary("FloorMod", jnp.mod, registry_name="floormod")
maximum = binary("Maximum", _rules.maximum)
minimum = binary("Minimum", _rules.minimum)
squared_difference = binary("SquaredDifference", lambda x, y: jnp.square(x - y))
atan2 = binary("Atan2", jnp.arctan2, float_only=True)
xdivy = binary("Xdivy", lambda x, y: jnp.where(x == 0, 0, x / y), float_only=True)
xlogy = binary("Xlogy", jax.scipy.special.xlogy, float_only=True)
divide_no_nan = binary("DivNoNan", lambda x, y: jnp.where(y == 0, 0, x / jnp.where(y == 0, 1, y)),
                       float_only=True)
equal = binary("Equal", jnp.equal, differentiable=False, registry_name="equal")
not_equal = binary("NotEqual", jnp.not_equal, differentiable=False, registry_name="not_equal")
less = binary("Less", jnp.less, differentiable=False, registry_name="less")
less_equal = binary("LessEqual", jnp.less_equal, differentiable=False, registry_name="less_equal")
greater = binary("Greater", jnp.greater, differentiable=False, registry_name="greater")
greater_equal = binary("GreaterEqual", jnp.greater_equal, differentiable=False, registry_name="greater_equal")
logical_and = binary("LogicalAnd", jnp.logical_and, differentiable=False, registry_name="logical_and")
logical_or = binary("LogicalOr", jnp.logical_or, differentiable=False, registry_name="logical_or")
logical_xor = binary("LogicalXor", jnp.logical_xor, differentiable=False, registry_name="logical_xor")


def _truediv(x, y):
    # TF: int8/int16 divide in float32, int32/int64 in float64.
    if jnp.issubdtype(x.dtype, jnp.integer):
        dtype = jnp.float32 if x.dtype.itemsize <= 2 else jnp.float64
        x, y = x.astype(dtype), y.astype(dtype)
    return jnp.true_divide(x, y)


truediv = binary("RealDiv", _truediv, registry_name="truediv")
divide = truediv

_POW = Op("Pow", jnp.power)


@register("pow")
def pow(x, y, name=None):  # noqa: A001 - TF's name
    """``x ** y`` elementwise (``tf.math.pow``)."""
    x, y = binary_args(x, y, "Pow")
    return record(_POW, (x, y))


_ADD_N = Op("AddN", lambda *xs: sum(xs[1:], xs[0]))


def add_n(inputs, name=None):
    """Sums a list of tensors of the same shape and dtype (``tf.math.add_n``)."""
    tensors = [convert_to_tensor(t) for t in inputs]
    if not tensors:
        raise ValueError("tapejax.math.add_n needs at least one input tensor.")
    for t in tensors[1:]:
        binary_args(tensors[0], t, "AddN")
    return record(_ADD_N, tuple(tensors))


# -- reductions ------------------------------------------------------------------------------
def _axis(axis, ndim: int):
    """TF's ``axis`` argument (None, int, list or tensor) as a tuple for jnp, range-checked."""
    if axis is None:
        return None
    axes = np.asarray(axis.numpy() if hasattr(axis, "numpy") else axis).reshape(-1).tolist()
    for a in axes:
        if not -max(ndim, 1) <= a < max(ndim, 1):
            raise InvalidArgumentError(
                None, None, f"Invalid reduction dimension ({a} for input with {ndim} dimension(s))")
    return tuple(int(a) % max(ndim, 1) for a in axes)


def _mean(x, axis, keepdims):
    if jnp.issubdtype(x.dtype, jnp.integer):
        # TF keeps the integer dtype, truncating toward zero.
        total = jnp.sum(x, axis=axis, keepdims=keepdims)
        count = x.size // max(total.size, 1) if x.size else 1
        return (total / count).astype(x.dtype)
    return jnp.mean(x, axis=axis, keepdims=keepdims)


def _sum(x, axis, keepdims):
    return jnp.sum(x, axis=axis, keepdims=keepdims, dtype=x.dtype)


def _prod(x, axis, keepdims):
    return jnp.prod(x, axis=axis, keepdims=keepdims, dtype=x.dtype)


def _reduction(tf_name: str, fn, *, float_only=False, differentiable=True, registry_name=None):
    op = Op(tf_name, fn, differentiable=differentiable)

    def public(input_tensor, axis=None, keepdims=False, name=None):
        x = convert_to_tensor(input_tensor)
        if float_only:
            check_float(tf_name, x)
        return record(op, (x,), {"axis": _axis(axis, x.ndim), "keepdims": bool(keepdims)})

    public.__name__ = registry_name or tf_name.lower()
    if registry_name:
        register(registry_name)(public)
    return public


reduce_sum = _reduction("Sum", _sum, registry_name="reduce_sum")
reduce_mean = _reduction("Mean", _mean, registry_name="reduce_mean")
reduce_prod = _reduction("Prod", _prod, registry_name="reduce_prod")
reduce_max = _reduction("Max", jnp.max, registry_name="reduce_max")
reduce_min = _reduction("Min", jnp.min, registry_name="reduce_min")
reduce_any = _reduction("Any", jnp.any, differentiable=False)
reduce_all = _reduction("All", jnp.all, differentiable=False)
reduce_logsumexp = _reduction("ReduceLogSumExp", jax.scipy.special.logsumexp, float_only=True)
reduce_variance = _reduction("ReduceVariance", jnp.var, float_only=True)
reduce_std = _reduction("ReduceStd", jnp.std, float_only=True)


def _arg_reduction(tf_name: str, fn):
    op = Op(tf_name, fn, differentiable=False)

    def public(input, axis=None, output_type=None, name=None):  # noqa: A002 - TF's name
        from . import dtypes  # noqa: PLC0415

        x = convert_to_tensor(input)
        ax = 0 if axis is None else _axis(axis, x.ndim)[0]
        out_dtype = dtypes.as_dtype(output_type or dtypes.int64)
        return record(op, (x,), {"axis": ax, "dtype": out_dtype._np})

    return public


argmax = _arg_reduction("ArgMax", lambda x, axis, dtype: jnp.argmax(x, axis=axis).astype(dtype))
argmin = _arg_reduction("ArgMin", lambda x, axis, dtype: jnp.argmin(x, axis=axis).astype(dtype))


def _scan_op(tf_name: str, fn):
    op = Op(tf_name, fn)

    def public(x, axis=0, exclusive=False, reverse=False, name=None):
        x = convert_to_tensor(x)
        return record(op, (x,), {"axis": _axis(axis, x.ndim)[0], "exclusive": bool(exclusive),
                                 "reverse": bool(reverse)})

    return public


def _cumulative(jfn, identity):
    def fn(x, axis, exclusive, reverse):
        if reverse:
            x = jnp.flip(x, axis)
        out = jfn(x, axis=axis, dtype=x.dtype)
        if exclusive:
            pad = [(0, 0)] * x.ndim
            pad[axis] = (1, 0)
            out = jnp.pad(out, pad, constant_values=identity)
            out = jax.lax.slice_in_dim(out, 0, x.shape[axis], axis=axis)
        return jnp.flip(out, axis) if reverse else out

    return fn


cumsum = _scan_op("Cumsum", _cumulative(jnp.cumsum, 0))
cumprod = _scan_op("Cumprod", _cumulative(jnp.cumprod, 1))
