"""Iterators over a dataset: ``iter(ds)`` (Tensors) and ``ds.as_numpy_iterator()`` (numpy)."""

from __future__ import annotations

from .._api.optional import Optional
from .._core.errors import OutOfRangeError
from ._structure import to_numpy, to_tensors


class OwnedIterator:
    """``iter(dataset)``: yields each element as tapejax Tensors (``next`` past the end raises
    StopIteration; ``get_next`` raises TF's OutOfRangeError)."""

    def __init__(self, dataset, elements):
        self._dataset, self._elements = dataset, elements

    @property
    def element_spec(self):
        return self._dataset.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return to_tensors(next(self._elements))

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


class NumpyIterator:
    """``as_numpy_iterator()``: numpy arrays, numpy scalars for scalar components (as TF's)."""

    def __init__(self, elements):
        self._elements = elements

    def __iter__(self):
        return self

    def __next__(self):
        return to_numpy(next(self._elements))

    def next(self):
        return self.__next__()
