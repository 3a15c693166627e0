"""Keras 3's dtype names and promotion (``keras.backend.standardize_dtype``, ``result_type``).

Promotion is Keras' lattice (JAX's, with Python ``int``/``float`` weak), as under TensorFlow:
a Python ``int`` is int64 and 64-bit results stay 64-bit, a weak result takes the precision of
``floatx``.
"""

from __future__ import annotations

import functools

from .. import config

_INT = ("uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64")
_FLOAT = ("bfloat16", "float16", "float32", "float64")
_FLOAT8 = ("float8_e4m3fn", "float8_e5m2")
ALLOWED = (*_FLOAT, *_INT, "bool", "string", *_FLOAT8, "complex64", "complex128")
_PYTHON = {bool: "bool", int: "int64", float: "float32", str: "string", "int": "int64", complex: "complex128"}

# Each type's next types up (Keras' lattice); "int" and "float" are the weak Python types.
_LATTICE = {
    "bool": ["int"],
    "uint8": ["int16", "uint16"],
    "uint16": ["int32", "uint32"],
    "uint32": ["int64", "uint64"],
    "uint64": ["float"],
    "int": ["uint8", "int8", "complex64"],
    "int8": ["int16"],
    "int16": ["int32"],
    "int32": ["int64"],
    "int64": ["float"],
    "float": ["bfloat16", "float16"],
    "bfloat16": ["float32"],
    "float16": ["float32"],
    "float32": ["float64", "complex64"],
    "float64": ["complex128"],
    "complex64": ["complex128"],
    "complex128": [],
}


def _upper_bounds() -> dict:
    bounds = {node: {node} for node in _LATTICE}
    for node in _LATTICE:
        while True:
            grown = bounds[node].union(*(_LATTICE[b] for b in bounds[node]))
            if grown == bounds[node]:
                break
            bounds[node] = grown
    return bounds


_BOUNDS = _upper_bounds()
# Keras on TensorFlow narrows these two results (TF's kernels for them are few).
_NARROWED = {"uint64": "uint32", "complex128": "complex64"}


def standardize_dtype(dtype) -> str:
    """A dtype's Keras name (``'float32'``), from a name, a numpy/tapejax dtype or a Python type.

    >>> import tapejax as tf
    >>> tf.keras.backend.standardize_dtype(tf.float16), tf.keras.backend.standardize_dtype(int)
    ('float16', 'int64')
    """
    if dtype is None:
        return config.floatx()
    dtype = _PYTHON.get(dtype, dtype)
    if hasattr(dtype, "name"):
        dtype = dtype.name
    elif hasattr(dtype, "__name__") and not isinstance(dtype, str):
        dtype = dtype.__name__
    elif not isinstance(dtype, str):
        dtype = str(dtype)
    dtype = "string" if dtype in ("str", "object") else dtype
    if dtype not in ALLOWED:
        raise ValueError(f"Invalid dtype: {dtype}")
    return dtype


def is_float_dtype(dtype) -> bool:
    """Whether ``dtype`` is a float type (``bfloat16``, ``float8_*``, ``float16/32/64``)."""
    return standardize_dtype(dtype).startswith(("float", "bfloat"))


def is_int_dtype(dtype) -> bool:
    """Whether ``dtype`` is a signed or unsigned integer type."""
    return standardize_dtype(dtype).startswith(("int", "uint"))


@functools.lru_cache(512)
def _least_upper_bound(*nodes) -> str:
    unknown = [n for n in nodes if n not in _BOUNDS]
    if unknown:
        raise ValueError(f"dtype={unknown[0]!r} is not a valid dtype for Keras type promotion.")
    common = set.intersection(*(_BOUNDS[n] for n in set(nodes)))
    # Every type reaches complex128, so the least of the common bounds exists and is unique.
    (least,) = (common & set(nodes)) or {c for c in common if common.issubset(_BOUNDS[c])}
    return least


def _weak_kind(dtype: str) -> str:
    return dtype if dtype == "bool" else "float" if "float" in dtype else "int"


def _resolve_weak(dtype: str, precision: str) -> str:
    if dtype == "bool":
        return dtype
    kind = "float" if dtype == "bfloat16" or dtype.startswith("f") else dtype.rstrip("0123456789")
    return f"{kind}{precision}"


def result_type(*dtypes) -> str:
    """The dtype Keras promotes ``dtypes`` to (``int32`` and ``float16`` give ``float16``;
    Python ``int``/``float`` are weak: they take the other dtype's kind).

    >>> import tapejax as tf
    >>> tf.keras.backend.result_type('int32', 'float16'), tf.keras.backend.result_type(float, 'int32')
    ('float16', 'float32')
    """
    if not dtypes:
        return config.floatx()
    if any(isinstance(d, str) and d in _FLOAT8 for d in dtypes):
        raise ValueError(
            "There is no implicit conversions from float8 dtypes to others. You must cast it "
            f"internally. Received: {dtypes}"
        )
    args = [config.floatx() if d is None else d for d in dtypes]
    weak = [a is int or a is float for a in args]
    names = [standardize_dtype(a) for a in args]
    if len(names) == 1:
        out, out_weak = names[0], weak[0]
    elif len(set(names)) == 1 and not all(weak):
        out, out_weak = names[0], False
    elif all(weak):
        out, out_weak = _least_upper_bound(*set(names)), True
    else:
        out = _least_upper_bound(*{_weak_kind(n) if w else n for n, w in zip(names, weak, strict=True)})
        out_weak = out in ("int", "float")
    if out_weak and out != "bool":
        out = _resolve_weak(out, config.floatx()[-2:])
    return _NARROWED.get(out, out)
