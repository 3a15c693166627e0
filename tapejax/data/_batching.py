"""Stages that change the batch dimension: batch, padded_batch, unbatch (see ``_sources.py``
for what a stage is)."""

from __future__ import annotations

import itertools

import numpy as np

from .._api.tensor_spec import TensorSpec
from .._core.values.errors import DataLossError, InvalidArgumentError
from ._cardinality import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._map_batch import vectorized, vectorized_rows
from ._structure import leaves, map_leaves, map_many, pack, to_array


def _dims(shape) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _stack(arrays: list) -> np.ndarray:
    first = arrays[0].shape
    for a in arrays[1:]:
        if a.shape != first:
            raise InvalidArgumentError(
                None,
                None,
                (
                    "Cannot add tensor to the batch: number of elements does not match. Shapes are: "
                    f"[tensor]: {_dims(a.shape)}, [batch]: {_dims(first)} [Op:IteratorGetNext]"
                ),
            )
    return np.stack(arrays)


def _batches(elements, size: int, drop_remainder: bool):
    """Lists of ``size`` consecutive elements (the last one shorter unless ``drop_remainder``)."""
    while True:
        chunk = list(itertools.islice(elements, size))
        if not chunk or (drop_remainder and len(chunk) < size):
            return
        yield chunk


def batch_cardinality(n: int, size: int, drop_remainder: bool) -> int:
    if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
        return n
    return n // size if drop_remainder else -(-n // size)


def _batched_spec(spec, size: int, drop_remainder: bool, shape_of=lambda s: s.shape):
    outer = size if drop_remainder else None
    return map_leaves(lambda s: TensorSpec((outer, *shape_of(s)), s.dtype), spec)


class Batch:
    name = "_BatchDataset"

    def __init__(self, stage, batch_size, drop_remainder=False):
        self.stage, self.size, self.drop = stage, int(batch_size), bool(drop_remainder)
        self.spec = _batched_spec(stage.spec, self.size, self.drop)

    def cardinality(self) -> int:
        return batch_cardinality(self.stage.cardinality(), self.size, self.drop)

    def _mapped_stage(self):
        return self.stage if getattr(self.stage, "maps_elements", False) else None

    def gathers_rows(self) -> bool:
        """Whether each batch is gathered from arrays at once (rows of ``from_tensor_slices``,
        maybe shuffled, maybe mapped): a few numpy and compiled calls, no per-element work."""
        mapped = self._mapped_stage()
        has_rows = getattr(mapped.stage if mapped else self.stage, "has_rows", None)
        return has_rows is not None and has_rows()

    def iterate(self, on_device: bool = False):
        mapped = self._mapped_stage()
        source = (mapped.stage if mapped else self.stage).rows() if self.gathers_rows() else None
        if source is not None:  # rows of arrays, maybe shuffled: each batch gathered at once
            numbers, take = source
            for chunk in _batches(numbers, self.size, self.drop):
                rows = take(np.asarray(chunk))
                yield rows if mapped is None else _mapped(mapped.fn, rows, on_device)
            return
        if mapped is not None:  # map then batch: fused where pure
            for chunk in _batches(mapped.stage.iterate(), self.size, self.drop):
                batch = vectorized(mapped.fn, chunk)
                yield batch if batch is not None else map_many(_stack, [mapped.fn(e) for e in chunk])
            return
        for chunk in _batches(self.stage.iterate(), self.size, self.drop):
            yield map_many(_stack, chunk)

    def iterate_on_device(self):
        """The batches for a consumer that takes JAX arrays (iteration, ``fit``): a mapped
        batch stays where its vectorized call left it, with no wait for the call to finish
        (``_map_batch.vectorized_rows``)."""
        return self.iterate(on_device=True)


def _mapped(fn, rows, on_device: bool = False):
    """``fn`` mapped over a gathered batch: one vectorized call where pure, else per element."""
    batch = vectorized_rows(fn, rows, on_device)
    if batch is not None:
        return batch
    chunk = [map_leaves(lambda a, i=i: a[i], rows) for i in range(len(leaves(rows)[0]))]
    return map_many(_stack, [fn(e) for e in chunk])


class PaddedBatch:
    name = "_PaddedBatchDataset"

    def __init__(self, stage, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False):
        self.stage, self.size, self.drop = stage, int(batch_size), bool(drop_remainder)
        specs = leaves(stage.spec)  # shapes and padding values are kept flat, one per component
        self.shapes = [s.shape for s in specs] if padded_shapes is None else shape_leaves(padded_shapes)
        if padding_values is None:
            self.values = [np.zeros((), s.dtype._np) for s in specs]
        else:
            self.values = [to_array(v, s.dtype) for v, s in zip(leaves(padding_values), specs, strict=True)]
        shapes = iter(self.shapes)
        self.spec = _batched_spec(stage.spec, self.size, self.drop, lambda s: next(shapes))

    def cardinality(self) -> int:
        return batch_cardinality(self.stage.cardinality(), self.size, self.drop)

    def iterate(self):
        for chunk in _batches(self.stage.iterate(), self.size, self.drop):
            flat = [leaves(e) for e in chunk]
            out = [
                _pad(list(column), shape, value)
                for column, shape, value in zip(
                    zip(*flat, strict=True), self.shapes, self.values, strict=True
                )
            ]
            yield pack(chunk[0], out)


def shape_leaves(padded_shapes) -> list:
    """The padded shapes given by the user, one per component: a list or TensorShape is one shape."""
    if isinstance(padded_shapes, dict):
        return [s for v in padded_shapes.values() for s in shape_leaves(v)]
    if isinstance(padded_shapes, tuple) and any(
        isinstance(v, (list, tuple, dict)) or v is None for v in padded_shapes
    ):
        return [s for v in padded_shapes for s in shape_leaves(v)]
    return [tuple(None if d is None or int(d) == -1 else int(d) for d in padded_shapes)]


def _pad(arrays: list, shape: tuple, value: np.ndarray) -> np.ndarray:
    """``arrays`` padded with ``value`` to ``shape`` (unknown dims: the batch's largest) and stacked."""
    target = tuple(max(a.shape[i] for a in arrays) if d is None else d for i, d in enumerate(shape))
    out = np.full((len(arrays), *target), value, dtype=arrays[0].dtype)
    for i, a in enumerate(arrays):
        if any(n > t for n, t in zip(a.shape, target, strict=True)):
            raise DataLossError(
                None,
                None,
                ("Attempted to pad to a smaller size than the input element. [Op:IteratorGetNext]"),
            )
        out[(i, *[slice(0, n) for n in a.shape])] = a
    return out


class Unbatch:
    name = "_UnbatchDataset"

    def __init__(self, stage):
        self.stage = stage
        specs = leaves(stage.spec)
        if any(not s.shape for s in specs):
            raise ValueError("Cannot unbatch an input with scalar components.")
        self.spec = map_leaves(lambda s: TensorSpec(s.shape[1:], s.dtype), stage.spec)
        known = {s.shape[0] for s in specs} - {None}
        self.batch = known.pop() if len(known) == 1 else None

    def cardinality(self) -> int:
        n = self.stage.cardinality()
        if self.batch is None and n != INFINITE_CARDINALITY:
            return UNKNOWN_CARDINALITY
        return n if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY) else n * self.batch

    def iterate(self):
        for element in self.stage.iterate():
            n = leaves(element)[0].shape[0]
            for i in range(n):
                yield map_leaves(lambda a, i=i: a[i], element)


class Rebatch:
    """The rows of the input's batches in new batches of ``batch_size`` (or of each size of a
    list in turn), batches split and joined as needed (TF's ``rebatch``)."""

    name = "_RebatchDataset"

    def __init__(self, stage, batch_size, drop_remainder=False):
        self.stage, self.drop = stage, bool(drop_remainder)
        self.sizes = [int(n) for n in np.asarray(batch_size, np.int64).reshape(-1)]
        specs = leaves(stage.spec)
        if any(s.shape is not None and len(s.shape) == 0 for s in specs):
            raise ValueError(
                "Invalid `batch_sizes`. Expected dataset with rank of >= 1 but found a dataset "
                "with scalar elements. Fix the issue by adding the `batch` transformation to "
                "the dataset."
            )
        outer = self.sizes[0] if len(set(self.sizes)) == 1 else None
        known = {s.shape[0] for s in specs} - {None}
        if outer is not None and not self.drop and not (known and all(d % outer == 0 for d in known)):
            outer = None  # TF's rule: short batches are possible
        self.spec = map_leaves(lambda s: TensorSpec((outer, *s.shape[1:]), s.dtype), stage.spec)

    def cardinality(self) -> int:
        return UNKNOWN_CARDINALITY  # TF's, even over an infinite input

    def iterate(self):
        rows = (
            map_leaves(lambda a, i=i: a[i], e)
            for e in self.stage.iterate()
            for i in range(leaves(e)[0].shape[0])
        )
        for size in itertools.cycle(self.sizes):
            chunk = list(itertools.islice(rows, size))
            if not chunk or (self.drop and len(chunk) < size):
                return
            yield map_many(np.stack, chunk)
