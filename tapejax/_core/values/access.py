"""Tensor's internal API: what code outside ``_core`` reads of a Tensor or Variable.

A Tensor's attributes (``_v``, ``_pending``, ``_aval``) and private methods are ``_core``'s
own: ``tests/test_imports.py`` fails when code outside ``_core`` reads them. Code above reads
a tensor through these functions instead, which work on a Tensor and a Variable alike. They
cost one Python call (~0.05 µs); ``_core``'s hot paths read the attributes directly.

- :func:`value_of` computes a pending tensor (see Tensor); the others never do.
- :func:`as_tensor` is the one that records: a Variable read is a fresh leaf for the tapes.
"""

from __future__ import annotations


def value_of(x):
    """The JAX value (a ``jax.Array`` or a tracer) of a Tensor, or a Variable's current value,
    read without recording; a pending tensor is computed first."""
    return x._value


def np_shape(x) -> tuple:
    """The shape as a tuple (``t.shape`` is a TensorShape), never computing a pending value."""
    return x._np_shape


def np_dtype(x):
    """The numpy dtype (``t.dtype`` is TF's DType), never computing a pending value."""
    return x._np_dtype


def shape_dtype(x) -> tuple:
    """``(np_shape(x), np_dtype(x))`` in one read (a key of the op caches)."""
    return x._aval or x._shape_dtype


def as_tensor(x):
    """``x`` as the Tensor ops see: a Tensor itself; a Variable's read (a fresh Tensor, which
    the recording tapes are told of, as any op reading the Variable)."""
    return x._as_tensor()


def is_symbolic_tensor(x) -> bool:
    """Whether the value is a JAX tracer (the tensor is being traced by a tf.function or a
    JAX transformation: it has no concrete value)."""
    return x._is_symbolic()
