"""``tf.make_tensor_proto`` and ``tf.make_ndarray`` without TensorFlow's protobuf schema.

tapejax has no ``TensorProto`` message class (it would need TF's generated protobuf code), so
``make_tensor_proto`` gives a small object with TensorProto's fields as TF fills them:
``dtype`` (the DataType enum), ``tensor_shape.dim[i].size``, and either ``tensor_content``
(the raw bytes, for numeric arrays of more than one element) or the repeated ``*_val`` field
of the dtype (scalars, bools, complex numbers, and values shorter than ``shape``, repeated to
fill it by ``make_ndarray``). It prints in protobuf's text format, as TF's.
"""

from __future__ import annotations

import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.values import dtype as _dtypes

# The repeated field each dtype's values go to when not in tensor_content (TF's).
_VAL_FIELDS = {
    "float32": "float_val",
    "float64": "double_val",
    "float16": "half_val",
    "bfloat16": "half_val",
    "int8": "int_val",
    "int16": "int_val",
    "int32": "int_val",
    "uint8": "int_val",
    "uint16": "int_val",
    "int64": "int64_val",
    "uint32": "uint32_val",
    "uint64": "uint64_val",
    "bool": "bool_val",
    "complex64": "scomplex_val",
    "complex128": "dcomplex_val",
}
_NO_CONTENT = ("bool", "complex64", "complex128")


class TensorShapeProto:
    """``tensor_shape``: ``dim`` (objects with ``size``) and ``unknown_rank``."""

    class Dim:
        def __init__(self, size: int):
            self.size, self.name = size, ""

    def __init__(self, dims):
        self.dim = [self.Dim(int(d)) for d in dims]
        self.unknown_rank = False


class TensorProto:
    """A TensorProto's fields (see the module docstring)."""

    def __init__(self, dtype, shape, content: bytes = b"", values=()):
        self._dtype = dtype
        self.dtype = dtype.as_datatype_enum
        self.tensor_shape = TensorShapeProto(shape)
        self.tensor_content = content
        self.field = _VAL_FIELDS[dtype.name]
        self.values = list(values)
        setattr(self, self.field, self.values)

    def __str__(self) -> str:
        lines = [f"dtype: DT_{self._dtype.kernel_name.upper()}", "tensor_shape {"]
        for d in self.tensor_shape.dim:
            lines += ["  dim {", f"    size: {d.size}", "  }"]
        lines.append("}")
        if self.tensor_content:
            lines.append(f'tensor_content: "{_c_escape(self.tensor_content)}"')
        lines += [f"{self.field}: {_text(v)}" for v in self.values]
        return "\n".join(lines) + "\n"

    __repr__ = __str__


def _c_escape(data: bytes) -> str:
    special = {10: "\\n", 13: "\\r", 9: "\\t", 34: '\\"', 39: "\\'", 92: "\\\\"}
    return "".join(special.get(b) or (chr(b) if 32 <= b < 127 else f"\\{b:03o}") for b in data)


def _text(v) -> str:
    if isinstance(v, bool | np.bool_):
        return "true" if v else "false"
    if isinstance(v, float | np.floating):
        return np.format_float_positional(v, trim="-")
    return str(v)


def make_tensor_proto(values, dtype=None, shape=None, verify_shape=False, allow_broadcast=False):
    """``values`` as a TensorProto (``tf.make_tensor_proto``; see the module docstring).

    Raises:
      ValueError: ``values`` is None.
      TypeError: a value that does not fit ``dtype``, or ``values`` not of ``shape`` with
        ``verify_shape`` (or too many values for it).

    >>> import tapejax as tf
    >>> print(tf.make_tensor_proto([1.0, 2.0]))
    dtype: DT_FLOAT
    tensor_shape {
      dim {
        size: 2
      }
    }
    tensor_content: "\\000\\000\\200?\\000\\000\\000@"
    <BLANKLINE>
    """
    if values is None:
        raise ValueError("None values not supported.")
    try:
        tensor = convert_to_tensor(values, dtype=dtype)
    except TypeError:
        bad = _first_misfit(values, dtype)
        raise TypeError(
            f"Expected {_dtypes.as_dtype(dtype).name}, but got {bad} of type '{type(bad).__name__}'."
        ) from None
    array = np.asarray(tensor)
    d = tensor.dtype
    shape = array.shape if shape is None else tuple(int(s) for s in shape)
    if shape != array.shape:
        if verify_shape:
            raise TypeError(f"Expected Tensor's shape: {shape}, but got {array.shape}.")
        if allow_broadcast:
            try:
                array = np.broadcast_to(array, shape)
            except ValueError:
                raise TypeError(f"Expected Tensor's shape: {shape}, but got {array.shape}.") from None
        elif array.size > int(np.prod(shape)):
            raise ValueError(
                f"Too many elements provided. Takes at most {int(np.prod(shape))}, but got {array.size}"
            )
    if array.shape == shape and array.size > 1 and d.name not in _NO_CONTENT:
        return TensorProto(d, shape, content=np.ascontiguousarray(array).tobytes())
    flat = array.reshape(-1)
    if d.name in ("float16", "bfloat16"):  # TF stores their bits as ints
        flat = flat.view(np.uint16)
    if d.is_complex:
        flat = np.stack([flat.real, flat.imag], -1).reshape(-1)
    return TensorProto(d, shape, values=flat.tolist())


def _first_misfit(values, dtype):
    """The first of ``values`` that does not convert to ``dtype`` (TF names it)."""
    for v in np.asarray(values, dtype=object).reshape(-1):
        try:
            convert_to_tensor(v, dtype=dtype)
        except TypeError:
            return v
    return values


def make_ndarray(tensor) -> np.ndarray:
    """The numpy array a TensorProto holds (``tf.make_ndarray``).

    >>> import tapejax as tf
    >>> tf.make_ndarray(tf.make_tensor_proto(1.5, shape=[2]))
    array([1.5, 1.5], dtype=float32)
    """
    shape = tuple(d.size for d in tensor.tensor_shape.dim)
    d = tensor._dtype if isinstance(tensor, TensorProto) else _dtypes.as_dtype(tensor.dtype)
    np_dtype = d._np
    if tensor.tensor_content:
        return np.frombuffer(tensor.tensor_content, np_dtype).copy().reshape(shape)
    values = np.asarray(getattr(tensor, _VAL_FIELDS[d.name]))
    if d.name in ("float16", "bfloat16"):
        values = values.astype(np.uint16).view(np_dtype)
    elif d.is_complex:
        values = values.reshape(-1, 2) @ np.array([1, 1j])
    values = values.astype(np_dtype)
    size = int(np.prod(shape))
    if values.size == 0:
        return np.zeros(shape, np_dtype)
    if values.size < size:  # TF repeats the last value
        values = np.concatenate([values, np.repeat(values[-1:], size - values.size)])
    return values.reshape(shape)
