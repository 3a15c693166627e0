"""Iterators over a dataset: ``iter(ds)`` (Tensors) and ``ds.as_numpy_iterator()`` (numpy).

``next(iterator)`` inside a ``tapejax.function``, on an iterator made outside it, is TF's
IteratorGetNext op: every call of the function takes the next element. The compiled program
gets it from a host callback (``jax.experimental.io_callback``, ordered), so the element's
shape must be known (TF's ``element_spec`` without ``None`` dimensions); past the end the call
raises TF's OutOfRangeError (a runtime check), as TF's function does.

Both iterators can be saved in a ``tf.train.Checkpoint`` (``Checkpoint(iterator=it)``): the
checkpoint stores how many elements the iterator has given (and a fingerprint of the
pipeline), and restoring runs the pipeline again from its start and skips that many, so the
iterator goes on where it was saved. That is TF's result for deterministic pipelines (seeded
shuffles included, in a fresh program); the skipped elements are computed again, where TF
stores the pipeline's buffers. See ``_position.py``.
"""

from __future__ import annotations

import jax
import numpy as np
from jax.experimental import io_callback

from .._api.optional import Optional
from .._core.recording.runtime_check import check, trace_depth
from .._core.values.errors import OutOfRangeError
from .._core.values.tensor import Tensor
from ._position import Positioned
from ._structure import leaves, pack, to_numpy, to_tensors

_END = "End of sequence [Op:IteratorGetNext]"


class Iterator:
    """``tf.data.Iterator``: the base class of ``iter(dataset)``'s iterators (for isinstance)."""


class OwnedIterator(Positioned, Iterator):
    """``iter(dataset)``: yields each element as tapejax Tensors (``next`` past the end raises
    StopIteration; ``get_next`` raises TF's OutOfRangeError)."""

    def __init__(self, dataset, make_elements):
        super().__init__(dataset._stage, make_elements)
        self._dataset = dataset
        self._depth = trace_depth()  # made inside a function being traced: iterated while it traces

    @property
    def element_spec(self):
        return self._dataset.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        if trace_depth() > self._depth:
            return self._next_in_function()
        element = next(self._elements)  # as _take(), inlined: the per-element cost
        self._taken += 1
        return to_tensors(element)

    def _next_in_function(self):
        """The next element, taken when the compiled function runs (see the module docstring)."""
        specs = leaves(self.element_spec)
        if any(not hasattr(s, "shape") or None in s.shape for s in specs):
            raise ValueError(
                f"next() on a tf.data iterator inside a tf.function needs the element shapes; this "
                f"iterator's element_spec is {self.element_spec}, with unknown (None) dimensions, "
                f"which a compiled JAX program cannot take from the host. Batch with "
                f"drop_remainder=True, or call next() outside the function and pass the element."
            )
        shapes = [jax.ShapeDtypeStruct(s.shape, s.dtype._np) for s in specs]

        def pull():
            try:
                element = self._take()
            except StopIteration:
                return (np.bool_(False), *[np.zeros(s.shape, s.dtype) for s in shapes])
            return (
                np.bool_(True),
                *[np.asarray(a, s.dtype) for a, s in zip(leaves(element), shapes, strict=True)],
            )

        has_value, *values = io_callback(pull, (jax.ShapeDtypeStruct((), np.bool_), *shapes), ordered=True)
        check(has_value, _END, error=OutOfRangeError)
        return pack(self.element_spec, [Tensor(v) for v in values])

    def get_next(self):
        try:
            return self.__next__()
        except StopIteration:
            raise OutOfRangeError(None, None, "End of sequence [Op:IteratorGetNext]") from None

    def get_next_as_optional(self) -> Optional:
        """The next element as an Optional: empty (``has_value()`` False) past the end."""
        try:
            element = self.__next__()
        except StopIteration:
            return Optional.empty(self.element_spec)
        return Optional(element, self.element_spec, True)


class NumpyIterator(Positioned):
    """``as_numpy_iterator()``: numpy arrays, numpy scalars for scalar components (as TF's)."""

    def __iter__(self):
        return self

    def __next__(self):
        element = next(self._elements)  # as _take(), inlined: the per-element cost
        self._taken += 1
        return to_numpy(element)

    def next(self):
        return self.__next__()
