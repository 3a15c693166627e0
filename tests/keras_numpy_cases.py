"""``keras.ops.numpy`` cases shared by tests/test_keras_ops_numpy.py and
scripts/keras_ops_numpy_reference_tf.py.

Plain numpy only: each case is ``id: (function name, args, kwargs)``, run by the tests with
tapejax and by the script with TensorFlow 2.21 (Keras 3.15), which wrote
tests/keras_numpy_reference.py (each output's dtype, shape and values, or the error raised, and
the shape and dtype Keras gives on KerasTensors of the array arguments' shapes and dtypes).
"""

from __future__ import annotations

import numpy as np

F = np.array([[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]], np.float32)  # mixed signs, a zero
G = np.array([[1.5, 0.25, -2.0], [1.0, 2.5, 0.75]], np.float32)
P = np.array([[0.5, 1.25, 2.0], [3.5, 0.25, 0.75]], np.float32)  # positive
U = np.array([[0.5, -0.25, 0.9], [-0.6, 0.0, 0.3]], np.float32)  # in (-1, 1)
I = np.array([[1, -2, 3], [4, 0, -5]], np.int32)  # noqa: E741
J = np.array([[2, 3, 1], [1, 2, 4]], np.int32)  # positive
B = np.array([[True, False, True], [False, False, True]])
N = np.array([[1.0, np.nan, 3.0], [np.nan, 0.5, -2.0]], np.float32)  # with NaNs
V = np.array([3.0, -1.0, 2.5, 0.5], np.float32)
W = np.array([1.0, 2.0, 0.5, 4.0], np.float32)
Q = np.array([[2.0, 1.0], [0.5, 3.0]], np.float32)
X3 = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 4.0 - 2.0
S = np.array([0.5, 1.0, 2.5, 4.0], np.float32)  # sorted

CASES: dict = {}


def _add(name, *args, tag="", **kwargs):
    CASES[f"{name}/{tag}" if tag else f"{name}/{len([k for k in CASES if k.split('/')[0] == name])}"] = (
        name,
        args,
        kwargs,
    )


# Elementwise functions of one array: float32 and int32 inputs (Keras' dtype rules differ).
for _name, _x, _xi in [
    ("arccos", U, np.array([0, 1, -1], np.int32)),
    ("arccosh", P + 1, J),
    ("arcsin", U, np.array([0, 1, -1], np.int32)),
    ("arcsinh", F, I),
    ("arctan", F, I),
    ("arctanh", U, np.array([0, 0], np.int32)),
    ("cbrt", F, I),
    ("ceil", F * 1.3, I),
    ("cos", F, I),
    ("cosh", F, I),
    ("deg2rad", F, I),
    ("exp", F, I),
    ("exp2", F, I),
    ("expm1", F, I),
    ("floor", F * 1.3, I),
    ("i0", F, I),
    ("log", P, J),
    ("log10", P, J),
    ("log1p", P, J),
    ("log2", P, J),
    ("rad2deg", F, I),
    ("sin", F, I),
    ("sinc", F, I),
    ("sinh", F, I),
    ("sqrt", P, J),
    ("tan", U, I),
    ("tanh", F, I),
    ("trunc", F * 1.3, I),
    ("reciprocal", P, J),
    ("sign", F, I),
    ("square", F, I),
    ("negative", F, I),
    ("abs", F, I),
    ("absolute", F, I),
    ("fabs", F, I),
    ("signbit", F, I),
    ("isfinite", N, I),
    ("isinf", np.array([1.0, np.inf, -np.inf, np.nan], np.float32), I),
    ("isnan", N, I),
    ("isneginf", np.array([1.0, np.inf, -np.inf, np.nan], np.float32), I),
    ("isposinf", np.array([1.0, np.inf, -np.inf, np.nan], np.float32), I),
    ("isreal", F, I),
    ("round", F * 1.3, I),
    ("copy", F, I),
    ("array", F, I),
    ("real", F, I),
    ("imag", F, I),
    ("conj", F, I),
    ("conjugate", F, I),
    ("angle", F, I),
    ("logical_not", F, I),
    ("ndim", F, I),
    ("size", F, I),
    ("ravel", F, I),
    ("nonzero", F, I),
    ("ones_like", F, I),
    ("zeros_like", F, I),
    ("sort", F, I),
    ("argsort", F, I),
    ("transpose", F, I),
    ("flip", F, I),
    ("fliplr", F, I),
    ("flipud", F, I),
    ("squeeze", F[:1], I[:, :1]),
    ("corrcoef", F, I),
    ("cumsum", F, I),
    ("cumprod", F, I),
    ("diag", F, I),
    ("diagflat", F, I),
    ("diagonal", F, I),
    ("trace", F, I),
    ("tril", F, I),
    ("triu", F, I),
    ("vander", V, np.array([1, 2, 3], np.int32)),
    ("diff", F, I),
    ("count_nonzero", F, I),
    ("unique", np.array([3.0, 1.0, 3.0, 2.0], np.float32), np.array([3, 1, 3, 2], np.int32)),
]:
    _add(_name, _x, tag="f32")
    _add(_name, _xi, tag="i32")
for _name in ["abs", "sign", "square", "negative", "logical_not", "sqrt", "exp", "sin", "cumsum", "trunc"]:
    _add(_name, B, tag="bool")
for _name in ["sqrt", "exp", "sin", "floor", "log1p", "cumprod"]:
    _add(_name, np.array([1, 2, 3], np.int64), tag="i64")
    _add(_name, np.array([1, 2, 3], np.float64), tag="f64")
for _name in ["bitwise_invert", "bitwise_not"]:
    _add(_name, I, tag="i32")
    _add(_name, B, tag="bool")
    _add(_name, np.array([1, 2, 200], np.uint8), tag="u8")

# Elementwise functions of two arrays.
for _name, _a, _b in [
    ("add", F, G),
    ("subtract", F, G),
    ("multiply", F, G),
    ("divide", F, G),
    ("true_divide", F, G),
    ("floor_divide", F, G),
    ("mod", F, G),
    ("fmod", F, G),
    ("power", P, G),
    ("maximum", F, G),
    ("minimum", F, G),
    ("fmax", N, G),
    ("fmin", N, G),
    ("arctan2", F, G),
    ("hypot", F, G),
    ("logaddexp", F, G),
    ("logaddexp2", F, G),
    ("heaviside", F, G),
    ("nextafter", F, G),
    ("equal", F, G * 0 + F * (B > 0)),
    ("not_equal", F, G * 0 + F * (B > 0)),
    ("less", F, G),
    ("less_equal", F, G),
    ("greater", F, G),
    ("greater_equal", F, G),
    ("logical_and", F, G),
    ("logical_or", F, G * 0),
    ("logical_xor", F, G),
    ("divide_no_nan", F, G * (B > 0)),
]:
    _add(_name, _a, _b, tag="f32")
    _add(_name, I, J, tag="i32")
    _add(_name, I, 2.0, tag="i32_pyfloat")
    _add(_name, _a, 2, tag="f32_pyint")
    _add(_name, B, np.array([True, True, False], bool), tag="bool")
    _add(_name, np.array([1, 2, 3], np.int8), np.array([2, 1, 3], np.int16), tag="i8_i16")
    _add(_name, _a, np.float64(1.5) + _b.astype(np.float64), tag="f32_f64")
for _name in ["gcd", "lcm", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]:
    _add(_name, J * 6, J + 2, tag="i32")
    _add(_name, np.array([12, 7, 9], np.uint8), np.array([3, 2, 1], np.int8), tag="u8_i8")
for _name in ["bitwise_left_shift", "bitwise_right_shift"]:
    _add(_name, J * 6, J, tag="i32")
_add("ldexp", F, J, tag="f32")
_add("ldexp", I, J, tag="i32")
_add("add", F, np.array([1.0, 2.0, 3.0], np.float32), tag="broadcast")
_add("multiply", F, np.array([[2.0], [3.0]], np.float32), tag="broadcast")
_add("add", F, np.array([1.0, 2.0], np.float32), tag="bad_broadcast")

# Reductions.
for _name in [
    "sum",
    "mean",
    "max",
    "min",
    "amax",
    "amin",
    "prod",
    "std",
    "var",
    "all",
    "any",
    "argmax",
    "argmin",
    "median",
    "ptp",
    "nansum",
    "nanmean",
    "nanmax",
    "nanmin",
    "nanprod",
    "nanstd",
    "nanvar",
    "nanmedian",
    "nanargmax",
    "nanargmin",
]:
    _add(_name, F, tag="f32")
    _add(_name, I, tag="i32")
    _add(_name, F, axis=1, keepdims=True, tag="axis1_keepdims")
    _add(_name, X3, axis=-1, tag="axis_last")
    if _name.startswith("nan"):
        _add(_name, N, tag="nan")
        _add(_name, N, axis=0, tag="nan_axis0")
for _name in ["sum", "mean", "prod", "max", "std", "var", "all", "any"]:
    _add(_name, X3, axis=(0, 2), tag="axis_tuple")
    _add(_name, B, tag="bool")
    _add(_name, np.array([1, 2, 3], np.int8), tag="i8")
    _add(_name, np.array([1, 2, 3], np.uint8), tag="u8")
_add("sum", F, axis=2, tag="bad_axis")
_add("mean", F, axis=2, tag="bad_axis")
_add("max", F, initial=1.0, tag="initial")
_add("min", F, axis=0, initial=0.0, tag="initial")
_add("count_nonzero", F, axis=1, tag="axis1")
for _name in ["cumsum", "cumprod", "nancumsum", "nancumprod"]:
    _add(_name, F, axis=1, tag="axis1")
    _add(_name, N, tag="nan")
    _add(_name, I, axis=0, dtype="float32", tag="dtype")
for _name in ["percentile", "quantile", "nanpercentile", "nanquantile"]:
    _q = 40.0 if "percentile" in _name else 0.4
    _add(_name, F, _q, tag="f32")
    _add(_name, I, _q, axis=1, tag="i32_axis1")
    _add(_name, F, np.array([_q, _q / 2], np.float32), axis=0, keepdims=True, tag="qs_keepdims")
    for _method in ["lower", "higher", "nearest", "midpoint"]:
        _add(_name, X3, _q, axis=-1, method=_method, tag=_method)
    _add(_name, N, _q, tag="nan")
_add("average", F, tag="f32")
_add("average", F, axis=1, weights=np.array([1.0, 2.0, 3.0], np.float32), tag="weights")
_add("average", I, axis=0, tag="i32")

# Creation.
_add("arange", 5, tag="int")
_add("arange", 1.0, 4.0, 0.5, tag="float")
_add("arange", 2, 9, 3, dtype="float32", tag="dtype")
_add("arange", 0, 1, 0.25, tag="mixed")
_add("linspace", 0.0, 1.0, 5, tag="f")
_add("linspace", 0, 10, 4, endpoint=False, tag="noendpoint")
_add("linspace", 0.0, 1.0, 5, retstep=True, tag="retstep")
_add("linspace", np.array([0.0, 1.0], np.float32), 2.0, 3, axis=1, tag="array")
_add("logspace", 0.0, 2.0, 3, tag="f")
_add("logspace", 0.0, 3.0, 4, base=2, endpoint=False, tag="base")
_add("geomspace", 1.0, 8.0, 4, tag="f")
_add("geomspace", 1.0, 100.0, 3, endpoint=False, tag="noendpoint")
_add("eye", 3, tag="n")
_add("eye", 2, 4, k=1, dtype="int32", tag="mk")
_add("identity", 3, tag="n")
_add("identity", 2, dtype="int32", tag="int")
_add("tri", 3, tag="n")
_add("tri", 2, 4, k=1, dtype="int32", tag="mk")
_add("zeros", (2, 3), tag="shape")
_add("zeros", 2, dtype="int32", tag="int")
_add("ones", (2, 3), tag="shape")
_add("ones", (2,), dtype="bool", tag="bool")
_add("full", (2, 2), 7.0, tag="float")
_add("full", (2,), 3, tag="int")
_add("full", (2, 2), np.array([1.0, 2.0], np.float32), tag="array")
_add("full_like", F, 2, tag="f32")
_add("full_like", I, 2.5, tag="i32")
_add("full_like", I, 2.5, dtype="float32", tag="dtype")
_add("ones_like", I, dtype="float32", tag="dtype")
_add("zeros_like", F, dtype="int32", tag="dtype")
_add("empty_like", F, tag="f32")
_add("empty", (2, 3), tag="shape")
_add("bartlett", 5, tag="5")
_add("blackman", 5, tag="5")
_add("hamming", 5, tag="5")
_add("hanning", 5, tag="5")
_add("kaiser", 5, 2.5, tag="5")
_add("meshgrid", V[:3], W, tag="xy")
_add("meshgrid", V[:3], W, indexing="ij", tag="ij")
_add("array", [1.0, 2.0], tag="list")
_add("array", [1, 2], dtype="float32", tag="dtype")
_add("view", F, dtype="int32", tag="f32_i32")
_add("view", I, dtype="uint8", tag="i32_u8")

# Shapes and arrays.
_add("reshape", F, (3, 2), tag="f32")
_add("reshape", F, (-1,), tag="minus1")
_add("reshape", F, (4, 2), tag="bad")
_add("transpose", X3, axes=(1, 0, 2), tag="axes")
_add("transpose", F, axes=(0,), tag="bad_axes")
_add("expand_dims", F, 1, tag="f32")
_add("expand_dims", F, (0, 3), tag="tuple")
_add("squeeze", X3[:1, :, :1], axis=0, tag="axis")
_add("squeeze", F, axis=0, tag="bad_axis")
_add("broadcast_to", V, (2, 4), tag="f32")
_add("broadcast_to", V, (2, 3), tag="bad")
_add("moveaxis", X3, 0, -1, tag="f32")
_add("moveaxis", X3, (0, 1), (2, 0), tag="tuple")
_add("swapaxes", X3, 0, 2, tag="f32")
_add("flip", X3, axis=(0, 2), tag="axes")
_add("roll", F, 1, tag="flat")
_add("roll", X3, (1, -1), axis=(0, 2), tag="axes")
_add("rot90", F, tag="f32")
_add("rot90", X3, k=3, axes=(1, 2), tag="k3")
_add("rot90", V, tag="bad_rank")
_add("tile", F, (2, 1), tag="f32")
_add("tile", V, 2, tag="int")
_add("repeat", F, 2, tag="flat")
_add("repeat", F, (1, 2), axis=0, tag="counts")
_add("concatenate", [F, G], tag="f32")
_add("concatenate", [F, I], axis=1, tag="mixed")
_add("concatenate", [F, V], tag="bad")
_add("stack", [F, G], tag="f32")
_add("stack", [F, I], axis=-1, tag="mixed")
_add("hstack", [F, G], tag="f32")
_add("vstack", [F, I], tag="mixed")
_add("dstack", [F, G], tag="f32")
_add("append", F, G, tag="flat")
_add("append", F, I, axis=0, tag="axis0")
_add("split", X3, 2, axis=2, tag="sections")
_add("split", X3, [1, 3], axis=-1, tag="indices")
_add("split", F, 2, axis=1, tag="bad")
_add("array_split", X3, 3, axis=2, tag="uneven")
_add("hsplit", X3, 3, tag="f32")
_add("vsplit", X3, 2, tag="f32")
_add("dsplit", X3, [1], tag="f32")
_add("pad", F, 1, tag="int")
_add("pad", F, ((1, 0), (0, 2)), constant_values=3.0, tag="pairs")
_add("pad", F, ((1, 1), (2, 1)), mode="reflect", tag="reflect")
_add("pad", F, ((1, 1), (2, 1)), mode="symmetric", tag="symmetric")
_add("pad", F, 1, mode="wrap", tag="bad_mode")
_add("diag", V, k=1, tag="vector_k")
_add("diag", X3, tag="bad_rank")
_add("diagflat", Q, k=-1, tag="k")
_add("diagonal", X3, offset=1, axis1=1, axis2=2, tag="offset")
_add("trace", X3, offset=-1, axis1=0, axis2=2, tag="offset")
_add("tril", X3, k=-1, tag="k")
_add("triu", X3, k=1, tag="k")
_add("diff", F, n=2, axis=0, tag="n2")
_add("vander", V, N=2, increasing=True, tag="n")
_add("get_item", F, 1, tag="int")
_add("get_item", X3, (slice(None), 1), tag="tuple")

# Selection, sorting, indexing.
_add("argsort", X3, axis=0, tag="axis0")
_add("sort", X3, axis=1, tag="axis1")
_add("argpartition", V, 2, tag="f32")
_add("take", F, np.array([2, 0], np.int32), axis=1, tag="axis1")
_add("take", F, np.array([[5, 1]], np.int32), tag="flat")
_add("take", F, np.array([-1, 0], np.int32), axis=0, tag="negative")
_add("take_along_axis", F, np.array([[2, 0], [1, 1]], np.int32), axis=1, tag="axis1")
_add("take_along_axis", F, np.array([5, 0], np.int32), tag="flat")
_add("where", B, F, G, tag="f32")
_add("where", B, I, 1.5, tag="mixed")
_add("where", B, tag="single")
_add("where", F > 0, 1, 0, tag="ints")
_add("select", [F > 1, F < 0], [F, G], tag="f32")
_add("select", [B], [I], default=7, tag="default")
_add("searchsorted", S, np.array([0.2, 1.0, 3.0, 9.0], np.float32), tag="left")
_add("searchsorted", S, np.array([1.0, 2.5], np.float32), side="right", tag="right")
_add("digitize", V, S, tag="f32")
_add("digitize", np.array([1, 3, 5], np.int32), S, tag="i32")
_add("isin", I, np.array([1, 4, 7], np.int32), tag="i32")
_add("isin", F, np.array([0.5, 0.0], np.float32), invert=True, tag="invert")
_add("isclose", F, F + 1e-6, tag="f32")
_add("isclose", N, N, equal_nan=True, tag="nan")
_add("isclose", F, G, 0.5, 1.0, tag="tol")
_add("allclose", F, F + 1e-6, tag="f32")
_add("allclose", F, G, tag="far")
_add("unique", I, return_counts=True, return_inverse=True, tag="counts")
_add("unique", np.array([3, 1, 3, 2], np.int32), return_index=True, tag="index")
_add("unravel_index", np.array([1, 5, 7], np.int32), (2, 4), tag="i32")
_add("bincount", np.array([1, 3, 1, 0], np.int32), tag="i32")
_add("bincount", np.array([1, 3, 1, 0], np.int32), weights=W, minlength=6, tag="weights")
_add("histogram", V, tag="default")
_add("histogram", V, bins=3, range=(0.0, 3.0), tag="range")
_add("clip", F, -1.0, 1.0, tag="f32")
_add("clip", I, 0, 2, tag="i32")
_add("clip", I, 0.5, 2.5, tag="i32_float_bounds")
_add("clip", B, 0, 1, tag="bool")
_add("nan_to_num", np.array([1.0, np.nan, np.inf, -np.inf], np.float32), tag="default")
_add(
    "nan_to_num",
    np.array([1.0, np.nan, np.inf, -np.inf], np.float32),
    nan=2.0,
    posinf=9.0,
    neginf=-9.0,
    tag="vals",
)
_add("nan_to_num", I, tag="i32")

# Products and linear algebra.
_add("matmul", F, G.T, tag="f32")
_add("matmul", I, J.T, tag="i32")
_add("matmul", F, G, tag="bad")
_add("dot", F, G.T, tag="f32")
_add("dot", V, W, tag="vectors")
_add("dot", I, 2.0, tag="scalar")
_add("vdot", F, G, tag="f32")
_add("inner", F, G, tag="f32")
_add("inner", V, W, tag="vectors")
_add("outer", V, W[:3], tag="f32")
_add("outer", I, J, tag="i32")
_add("kron", Q, F, tag="f32")
_add("kron", J, I[:1], tag="i32")
_add("tensordot", X3, F.T, axes=([0, 1], [1, 0]), tag="pairs")
_add("tensordot", F, G.T, axes=1, tag="int")
_add("einsum", "ij,kj->ik", F, G, tag="f32")
_add("einsum", "ijk->k", X3, tag="sum")
_add("einsum", "ij,jk", I, J.T, tag="i32")
_add("cross", np.array([1.0, 2.0, 3.0], np.float32), np.array([0.5, -1.0, 2.0], np.float32), tag="f32")
_add("cross", F, G, tag="rows")
_add("cross", np.array([[1.0, 2.0]], np.float32), F, tag="2d_3d")
_add("correlate", V, W[:2], tag="valid")
_add("correlate", V, W[:3], mode="same", tag="same")
_add("correlate", V, W[:2], mode="full", tag="full")
_add("slogdet", Q, tag="f32")
_add("slogdet", np.stack([Q, -Q * 2]), tag="batch")
_add("trapezoid", V, tag="f32")
_add("trapezoid", F, dx=0.5, axis=0, tag="dx")
_add("trapezoid", V, x=W, tag="x")
