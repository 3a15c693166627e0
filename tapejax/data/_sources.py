"""The datasets a pipeline starts from: tensor slices, one tensor, a range, a generator, and
the datasets that read several others (zip, concatenate).

Each stage is a small object with ``name`` (TF's class name, for the repr), ``spec`` (the
element spec), ``cardinality()`` and ``iterate()`` (a fresh Python iterator over elements,
one per epoch); ``Dataset`` (``_dataset.py``) wraps a stage and gives it TF's methods.
"""

from __future__ import annotations

import itertools

import numpy as np

from .._core.values.access import value_of
from .._core.values.dtype import as_dtype, int64
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import TensorLike
from ._cardinality import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY, smallest
from ._structure import leaves, map_leaves, pack, same_structure, spec_of, to_array


class TensorSlices:
    name = "_TensorSliceDataset"

    def __init__(self, tensors):
        self.element = map_leaves(to_array, tensors)
        flat = leaves(self.element)
        if any(a.ndim == 0 for a in flat):
            raise ValueError("Unbatching a tensor is only supported for rank >= 1")
        sizes = sorted({a.shape[0] for a in flat})
        if len(sizes) > 1:
            raise ValueError(f"Dimensions {sizes[0]} and {sizes[1]} are not compatible")
        self.n = sizes[0]
        self.spec = spec_of(
            map_leaves(lambda a: a[0] if len(a) else np.zeros(a.shape[1:], a.dtype), self.element)
        )

    def cardinality(self) -> int:
        return self.n

    def iterate(self):
        element = self.element
        return (map_leaves(lambda a, i=i: a[i], element) for i in range(self.n))

    def has_rows(self) -> bool:
        return True

    def rows(self):
        """``(row numbers, take)``: a batch of rows is ``take(numbers)``, gathered at once (what
        stacking the elements of those rows gives)."""
        element = self.element
        return iter(range(self.n)), lambda numbers: map_leaves(lambda a: a[numbers], element)


class RowsThrough:
    """A stage over a row source (``TensorSlices``, maybe shuffled) that reorders or selects
    its rows (``shuffle``, ``shard``): its ``rows()`` are the input's row numbers passed
    through ``pick_rows``, so a batch after it is still gathered at once."""

    def has_rows(self) -> bool:
        has_rows = getattr(self.stage, "has_rows", None)
        return has_rows is not None and has_rows()

    def rows(self):
        """``(row numbers, take)`` as ``TensorSlices.rows``, or None over another source."""
        if not self.has_rows():
            return None
        numbers, take = self.stage.rows()
        return self.pick_rows(numbers), take


class Tensors:
    name = "_TensorDataset"

    def __init__(self, tensors):
        self.element = map_leaves(to_array, tensors)
        self.spec = spec_of(self.element)

    def cardinality(self) -> int:
        return 1

    def iterate(self):
        return iter([self.element])


class Range:
    name = "_RangeDataset"

    def __init__(self, args, output_type=int64):
        self.range = range(*[int(a) for a in args])
        self.dtype = as_dtype(output_type)._np
        self.spec = spec_of(np.zeros((), self.dtype))

    def cardinality(self) -> int:
        return len(self.range)

    def iterate(self):
        dtype = self.dtype
        return (np.asarray(i, dtype) for i in self.range)


class Counter:
    """``Dataset.counter`` (and ``enumerate``'s counter): start, start + step, ... without end."""

    name = "_ScanDataset"  # TF builds its counter as a scan

    def __init__(self, start: int, step: int = 1, dtype=int64):
        self.start, self.step, self.dtype = int(start), int(step), as_dtype(dtype)._np
        self.spec = spec_of(np.zeros((), self.dtype))

    def cardinality(self) -> int:
        return INFINITE_CARDINALITY

    def iterate(self):
        dtype = self.dtype
        return (np.asarray(i, dtype) for i in itertools.count(self.start, self.step))


class Generator:
    name = "_FlatMapDataset"  # TF builds from_generator as a flat_map over a generator op

    def __init__(self, generator, spec, args=()):
        self.generator, self.spec, self.args = generator, spec, tuple(args)

    def cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def iterate(self):
        spec = self.spec
        for yielded in self.generator(*self.args):
            value = tuple(yielded) if isinstance(yielded, list) and isinstance(spec, tuple) else yielded
            if not same_structure(value, spec):
                raise InvalidArgumentError(
                    None,
                    None,
                    (
                        f"TypeError: `generator` yielded an element that did not match the expected "
                        f"structure. The expected structure was {_types(spec)}, but the yielded "
                        f"element was {value}. [Op:IteratorGetNext]"
                    ),
                )
            yield _checked(value, spec)


def _types(spec) -> str:
    return str(map_leaves(lambda s: s.dtype, spec))


def _checked(value, spec):
    """A generator's element as numpy with its spec's dtypes (numpy's conversion, as TF's
    py_func: 1.5 yielded for an int32 spec is 1), its shapes checked against the spec."""
    flat_specs = iter(leaves(spec))

    def convert(leaf):
        s = next(flat_specs)
        try:
            arr = np.asarray(value_of(leaf) if isinstance(leaf, TensorLike) else leaf, s.dtype._np)
        except (TypeError, ValueError):
            raise InvalidArgumentError(
                None,
                None,
                (
                    f"TypeError: `generator` yielded an element that could not be converted to the "
                    f"expected type. The expected type was {s.dtype.name}, but the yielded element was "
                    f"{leaf}. [Op:IteratorGetNext]"
                ),
            ) from None
        if s.shape is not None and (
            arr.ndim != len(s.shape)
            or any(d is not None and d != a for d, a in zip(s.shape, arr.shape, strict=True))
        ):
            raise InvalidArgumentError(
                None,
                None,
                (
                    f"TypeError: `generator` yielded an element of shape {arr.shape} where an element "
                    f"of shape {s.shape} was expected. [Op:IteratorGetNext]"
                ),
            )
        return arr

    return map_leaves(convert, value)


class Zip:
    name = "_ZipDataset"

    def __init__(self, stages):
        self.stages = stages  # a tuple or dict of stages, as the datasets were given
        self.spec = map_leaves(lambda s: s.spec, stages)

    def cardinality(self) -> int:
        return smallest([s.cardinality() for s in leaves(self.stages)])

    def iterate(self):
        flat = leaves(self.stages)
        iterators = [s.iterate() for s in flat]
        for values in zip(*iterators, strict=False):
            yield pack(self.stages, values)


class Concatenate:
    name = "_ConcatenateDataset"

    def __init__(self, first, second, spec):
        self.first, self.second, self.spec = first, second, spec

    def cardinality(self) -> int:
        a, b = self.first.cardinality(), self.second.cardinality()
        if INFINITE_CARDINALITY in (a, b):
            return INFINITE_CARDINALITY
        if UNKNOWN_CARDINALITY in (a, b):
            return UNKNOWN_CARDINALITY
        return a + b

    def iterate(self):
        return itertools.chain(self.first.iterate(), self.second.iterate())
