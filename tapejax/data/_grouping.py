"""``group_by_window`` and ``bucket_by_sequence_length``: elements grouped by a key, each
group handed to a function as a Dataset once it holds a window's worth of elements.

TF's order: the input is read in order; an element joins its key's group; a group that
reaches its window size is reduced at once (``reduce_func(key, window_dataset)``, whose
elements come out then); at the end of the input the groups left over are reduced in
increasing key order. ``bucket_by_sequence_length`` is TF's group_by_window with a bucket
number as the key and a (padded) batch as the reduction.
"""

from __future__ import annotations

import numpy as np

from .._core.recording.convert import constant_array
from .._core.values.dtype import int32, int64
from .._core.values.errors import InternalError, InvalidArgumentError
from .._core.values.tensor import Tensor
from ._batching import shape_leaves
from ._cardinality import UNKNOWN_CARDINALITY
from ._function import ElementFunction
from ._structure import leaves, map_leaves, spec_of, to_array
from ._windows import DatasetSpec


class GroupByWindow:
    """``key_of(element) -> int``, ``size_of(key) -> int`` and ``reduce(key, window) -> stage``
    (``window`` a Dataset of the group's elements) as plain callables; ``spec`` the output's."""

    name = "_GroupByWindowDataset"

    def __init__(self, stage, key_of, size_of, reduce, spec, make):
        self.stage, self.key_of, self.size_of, self.reduce, self.spec = stage, key_of, size_of, reduce, spec
        self.window = DatasetSpec(stage.spec, make=make)

    def cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def iterate(self):
        groups, sizes = {}, {}
        for element in self.stage.iterate():
            key = self.key_of(element)
            if key not in sizes:
                sizes[key] = self.size_of(key)
                if sizes[key] <= 0:
                    raise InvalidArgumentError(
                        None,
                        None,
                        (
                            f"Window size must be greater than zero, but got {sizes[key]}. [Op:IteratorGetNext]"
                        ),
                    )
            group = groups.setdefault(key, [])
            group.append(element)
            if len(group) == sizes[key]:
                del groups[key]
                yield from self.reduce(key, self.window.dataset_of(group)).iterate()
        for key in sorted(groups):
            yield from self.reduce(key, self.window.dataset_of(groups[key])).iterate()


def _key(value) -> Tensor:
    return Tensor(constant_array(np.int64(value)))


def _stage_of_result(result):
    stage = getattr(result, "_stage", None)
    if stage is None:
        raise TypeError(
            "Invalid `reduce_func`. `reduce_func` must return a single `tf.data.Dataset` object "
            f"but its return type is {spec_of(map_leaves(to_array, result))}."
        )
    return stage


def group_by_window(stage, key_func, reduce_func, window_size, window_size_func, make) -> GroupByWindow:
    """The stage of ``Dataset.group_by_window`` over the user's functions."""
    if (window_size is None) == (window_size_func is None):
        raise ValueError(
            "Either the `window_size` argument or the `window_size_func` argument must be specified."
        )
    keys = ElementFunction(key_func, stage.spec)
    out = keys.spec
    if not isinstance(out, (tuple, dict)) and out.dtype != int64 and out.shape == ():
        raise ValueError(
            f"Tensor conversion requested dtype int64 for Tensor with dtype {out.dtype.name}: {out}"
        )
    if isinstance(out, (tuple, dict)) or out.dtype != int64 or out.shape != ():
        raise ValueError(
            "Invalid `key_func`. `key_func` must return a single `tf.int64` scalar tensor but "
            f"its return type is {out}."
        )

    def size_of(key: int) -> int:
        return int(window_size) if window_size_func is None else int(window_size_func(_key(key)))

    def reduce(key: int, window):
        return _stage_of_result(reduce_func(_key(key), window))

    spec = reduce(0, DatasetSpec(stage.spec, make=make).dataset_of([])).spec
    return GroupByWindow(stage, lambda e: int(keys(e)), size_of, reduce, spec, make)


def bucket_by_sequence_length(
    stage,
    element_length_func,
    bucket_boundaries,
    bucket_batch_sizes,
    padded_shapes,
    padding_values,
    pad_to_bucket_boundary,
    no_padding,
    drop_remainder,
    make,
) -> GroupByWindow:
    """The stage of ``Dataset.bucket_by_sequence_length``: TF's bucket ``i`` holds lengths in
    ``[boundaries[i-1], boundaries[i])``, batched ``bucket_batch_sizes[i]`` at a time."""
    boundaries, sizes = [int(b) for b in bucket_boundaries], [int(b) for b in bucket_batch_sizes]
    if len(sizes) != len(boundaries) + 1:
        raise ValueError(
            "`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
            f"`len(bucket_batch_sizes)={len(sizes)}` and "
            f"`len(bucket_boundaries)={len(boundaries)}`."
        )
    lengths = ElementFunction(element_length_func, stage.spec)
    length_type = leaves(lengths.spec)[0].dtype
    if length_type != int32:
        raise TypeError(
            f"Input 'y' of 'LessEqual' Op has type {length_type.name} that does not match type "
            "int32 of argument 'x'."
        )
    lows, highs = [np.iinfo(np.int32).min, *boundaries], [*boundaries, np.iinfo(np.int32).max]

    def bucket(element) -> int:
        n = int(lengths(element))
        return next(i for i, (lo, hi) in enumerate(zip(lows, highs, strict=True)) if lo <= n < hi)

    given = None if padded_shapes is None else iter(shape_leaves(padded_shapes))
    shapes = map_leaves(lambda s: list(s.shape) if given is None else list(next(given)), stage.spec)

    def reduce(key: int, window):
        if no_padding:
            return window.batch(sizes[key], drop_remainder=drop_remainder)._stage
        filled = shapes
        if pad_to_bucket_boundary:
            if key >= len(boundaries):
                raise InternalError(
                    None,
                    None,
                    (
                        "assertion failed: [When pad_to_bucket_boundary=True, elements must have length < "
                        "max(bucket_boundaries).] [Op:IteratorGetNext]"
                    ),
                )
            filled = map_leaves(lambda s: [boundaries[key] - 1 if d is None else d for d in s], shapes)
        return window.padded_batch(sizes[key], filled, padding_values, drop_remainder)._stage

    # TF's batch size and boundary are tensors here, so the batch dimension is unknown and so
    # is a dimension padded to the bucket's boundary.
    spec = (
        map_leaves(lambda s: type(s)((None, *s.shape), s.dtype), stage.spec)
        if no_padding
        else (_padded_spec(stage.spec, shapes))
    )
    return GroupByWindow(stage, bucket, lambda key: sizes[key], reduce, spec, make)


def _padded_spec(spec, shapes):
    flat = iter(leaves(shapes))  # a shape is a list: a leaf
    return map_leaves(lambda s: type(s)((None, *next(flat)), s.dtype), spec)
