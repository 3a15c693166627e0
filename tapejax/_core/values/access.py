"""Tensor's internal API: what code outside ``_core`` reads of a Tensor or Variable.

A Tensor's attributes (``_v``, ``_pending``, ``_shape_dtype``) and private methods are ``_core``'s
own: ``tests/test_imports.py`` fails when code outside ``_core`` reads them. Code above reads
a tensor through these functions instead, which work on a Tensor and a Variable alike. They
are C-level getters (``operator.attrgetter``/``methodcaller``: no Python frame, the price of
the attribute read itself), so ops pay nothing for going through them.

- :func:`value_of` computes a pending tensor (see Tensor); the others never do.
- :func:`as_tensor` is the one that records: a Variable read is a fresh leaf for the tapes.
"""

from __future__ import annotations

from operator import attrgetter, methodcaller

# value_of(x): the JAX value (a jax.Array or a tracer) of a Tensor, or a Variable's current
# value, read without recording; a pending tensor is computed first.
value_of = attrgetter("_value")

# np_shape(x): the shape as a tuple (t.shape is a TensorShape), never computing a pending value.
np_shape = attrgetter("_np_shape")

# np_dtype(x): the numpy dtype (t.dtype is TF's DType), never computing a pending value.
np_dtype = attrgetter("_np_dtype")

# shape_dtype(x): (np_shape(x), np_dtype(x)) in one read (a key of the op caches): a slot read.
shape_dtype = attrgetter("_shape_dtype")

# as_tensor(x): x as the Tensor ops see: a Tensor itself; a Variable's read (a fresh Tensor,
# which the recording tapes are told of, as any op reading the Variable).
as_tensor = methodcaller("_as_tensor")

# is_symbolic_tensor(x): whether the value is a JAX tracer (the tensor is being traced by a
# tf.function or a JAX transformation: it has no concrete value).
is_symbolic_tensor = methodcaller("_is_symbolic")
