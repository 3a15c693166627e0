"""Dataset elements: nested tuples and dicts of host numpy arrays, as TF keeps them.

A pipeline passes elements between its stages as numpy arrays (tf.data runs on the host, as
TensorFlow's does); an element becomes tapejax Tensors only when the user's code receives it
(iteration, a map function). Tuples, namedtuples and dicts are structure, in their own order
(TF keeps a dict's insertion order in element specs); anything else, a list included, is one
tensor, converted with TF's rules (Python floats float32, ints int32, numpy keeps its dtype).
"""

from __future__ import annotations

import jax
import numpy as np

from .._api.tensor_spec import TensorSpec
from .._core.recording.convert import constant_array, convert_to_tensor
from .._core.values.access import as_tensor, value_of
from .._core.values.dtype import as_dtype
from .._core.values.tensor import Tensor, TensorLike


def is_structure(x) -> bool:
    return isinstance(x, (tuple, dict))


def map_leaves(fn, element):
    """``element`` with every leaf replaced by ``fn(leaf)``."""
    if isinstance(element, dict):
        return {k: map_leaves(fn, v) for k, v in element.items()}
    if isinstance(element, tuple):
        values = [map_leaves(fn, v) for v in element]
        return type(element)(*values) if hasattr(element, "_fields") else tuple(values)
    return fn(element)


def leaves(element) -> list:
    if isinstance(element, dict):
        return [leaf for v in element.values() for leaf in leaves(v)]
    if isinstance(element, tuple):
        return [leaf for v in element for leaf in leaves(v)]
    return [element]


def pack(template, flat):
    """An element of ``template``'s structure whose leaves are ``flat``, in order."""
    it = iter(flat)
    return map_leaves(lambda _: next(it), template)


def map_many(fn, elements: list):
    """One element from several of the same structure: ``fn`` of the leaves at each place."""
    first = elements[0]
    if isinstance(first, dict):
        return {k: map_many(fn, [e[k] for e in elements]) for k in first}
    if isinstance(first, tuple):
        values = [map_many(fn, [e[i] for e in elements]) for i in range(len(first))]
        return type(first)(*values) if hasattr(first, "_fields") else tuple(values)
    return fn(elements)


def to_array(value, dtype=None) -> np.ndarray:
    """One leaf as numpy with TF's dtype: a Tensor's value, a numpy array as it is, a Python
    value by TF's conversion rules."""
    if hasattr(value, "_stage"):  # a Dataset (a window's, or one a map over windows returns)
        return value
    if isinstance(value, TensorLike):
        arr = np.asarray(value_of(as_tensor(value)))
    elif isinstance(value, (np.ndarray, np.generic)):
        arr = np.asarray(value)
    elif isinstance(value, jax.Array):
        arr = np.asarray(value)
    else:
        arr = np.asarray(value_of(convert_to_tensor(value, dtype=dtype)))
    if dtype is not None and arr.dtype != as_dtype(dtype)._np:
        arr = np.asarray(value_of(convert_to_tensor(arr, dtype=dtype)))
    return arr


def normalize(value):
    """A user's value (``from_tensors``' argument, a map function's result) as an element:
    a top-level list becomes a tuple, as TF's map does; leaves become numpy."""
    if isinstance(value, list):
        value = tuple(value)
    return map_leaves(to_array, value)


def spec_of(element):
    """The element's ``element_spec``: a TensorSpec per leaf."""

    def spec(a):
        return a._dataset_spec() if hasattr(a, "_stage") else TensorSpec(a.shape, as_dtype(a.dtype))

    return map_leaves(spec, element)


def to_tensors(element):
    """The element as the user's code receives it: Tensors (64-bit data stays 64-bit); a window's
    Datasets (``_windows.py``) as they are."""

    def tensor(a):
        if hasattr(a, "_stage"):
            return a
        return Tensor(a if isinstance(a, jax.Array) else constant_array(a))  # a map's batch: on the device

    return map_leaves(tensor, element)


def to_numpy(element):
    """What ``as_numpy_iterator`` gives: numpy scalars for scalars, arrays otherwise (TF's)."""
    return map_leaves(lambda a: a[()] if a.ndim == 0 else a, element)


def spec_text(spec) -> str:
    if isinstance(spec, dict):
        return "{" + ", ".join(f"{k!r}: {spec_text(v)}" for k, v in spec.items()) + "}"
    if isinstance(spec, tuple) and not hasattr(spec, "_fields"):
        inner = ", ".join(spec_text(v) for v in spec)
        return f"({inner},)" if len(spec) == 1 else f"({inner})"
    return repr(spec)


def same_structure(a, b) -> bool:
    if isinstance(a, dict) or isinstance(b, dict):
        return (
            isinstance(a, dict)
            and isinstance(b, dict)
            and list(a) == list(b)
            and all(same_structure(a[k], b[k]) for k in a)
        )
    if isinstance(a, tuple) or isinstance(b, tuple):
        return (
            isinstance(a, tuple)
            and isinstance(b, tuple)
            and len(a) == len(b)
            and all(same_structure(x, y) for x, y in zip(a, b, strict=True))
        )
    return True


def relaxed(spec_a, spec_b):
    """The most specific spec compatible with both (TF's ``most_specific_compatible_type``)."""

    def join(a, b):
        if a.shape is None or b.shape is None or len(a.shape) != len(b.shape):
            return TensorSpec(None, a.dtype)
        return TensorSpec([x if x == y else None for x, y in zip(a.shape, b.shape, strict=True)], a.dtype)

    return map_many(lambda pair: join(*pair), [spec_a, spec_b])
