"""Stages that keep some of one dataset's elements, unchanged: ``shard``, ``take_while``,
``unique``, ``ignore_errors`` (see ``_sources.py`` for what a stage is)."""

from __future__ import annotations

import itertools
import logging

import numpy as np

from .._core.values.dtype import int32, int64
from .._core.values.errors import InvalidArgumentError, OpError, OutOfRangeError
from ._cardinality import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._function import ElementFunction, is_bool_scalar
from ._sources import RowsThrough


class Shard(RowsThrough):
    """Every ``num_shards``-th element, from the ``index``-th (TF's ``shard``)."""

    name = "_ShardDataset"

    def __init__(self, stage, num_shards, index):
        self.stage, self.spec = stage, stage.spec
        self.n, self.index = int(num_shards), int(index)
        if self.n <= 0:
            raise InvalidArgumentError(
                None,
                None,
                (
                    f"Number of shards must be greater than zero (currently num_shards = {self.n}). "
                    "[Op:ShardDataset]"
                ),
            )
        if not 0 <= self.index < self.n:
            raise InvalidArgumentError(
                None,
                None,
                (
                    f"Index must be between 0 and {self.n - 1} (currently index = {self.index}). "
                    "[Op:ShardDataset]"
                ),
            )

    def cardinality(self) -> int:
        n = self.stage.cardinality()
        if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
            return n
        return n // self.n + (1 if n % self.n > self.index else 0)

    def iterate(self):
        return itertools.islice(self.stage.iterate(), self.index, None, self.n)

    def pick_rows(self, numbers):
        """This shard's row numbers of a row source (see ``RowsThrough``)."""
        return itertools.islice(numbers, self.index, None, self.n)


class TakeWhile:
    name = "_TakeWhileDataset"

    def __init__(self, stage, predicate):
        self.stage, self.spec = stage, stage.spec
        self.predicate = ElementFunction(predicate, stage.spec)
        if not is_bool_scalar(self.predicate.spec):
            raise ValueError(
                f"Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor but "
                f"its return type is{self.predicate.spec}."
            )  # TF's message, no space

    def cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def iterate(self):
        return itertools.takewhile(self.predicate, self.stage.iterate())


class Unique:
    """The first occurrence of each value (scalar or tensor) of a one-component int dataset."""

    name = "_UniqueDataset"

    def __init__(self, stage):
        self.stage, self.spec = stage, stage.spec
        if isinstance(stage.spec, (tuple, dict)):
            raise InvalidArgumentError(
                None, None, "UniqueDataset only supports inputs with a single component. [Op:UniqueDataset]"
            )
        if stage.spec.dtype not in (int32, int64):
            raise TypeError(
                f"`tf.data.Dataset.unique` does not support type {stage.spec.dtype} -- only "
                "`tf.int32`, `tf.int64`, and `tf.string` are supported."
            )

    def cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def iterate(self):
        seen = set()
        for element in self.stage.iterate():
            key = (element.shape, np.ascontiguousarray(element).tobytes())
            if key not in seen:
                seen.add(key)
                yield element


class IgnoreErrors:
    """The elements whose making raised no TF error (``tf.errors.OpError``, the end of the
    input aside). The map right before is run element by element, so an element whose map
    fails is dropped and the next one follows (TF's behaviour); an error raised inside any
    other stage ends the pass there (tapejax's stages are generators, which end when they
    raise)."""

    name = "_IgnoreErrorsDataset"

    def __init__(self, stage, log_warning=False):
        self.stage, self.spec, self.log = stage, stage.spec, bool(log_warning)

    def cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def iterate(self):
        stage = self.stage
        fn = getattr(stage, "fn", None)
        elements = (
            map(fn, stage.stage.iterate()) if getattr(stage, "maps_elements", False) else stage.iterate()
        )
        while True:
            try:
                yield next(elements)
            except StopIteration:
                return
            except OutOfRangeError:
                raise
            except OpError as error:
                if self.log:
                    logging.getLogger("tapejax").warning("Error raised with error message %s", error)
