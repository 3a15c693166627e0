"""Stages whose function makes a dataset of each element: ``flat_map`` and ``interleave``.

The function runs eagerly on each element (as Tensors) and must return a ``Dataset``; its
``element_spec`` is read from the dataset made for an element of zeros when the stage is
built (TF traces the function once for it). ``interleave`` follows TF's order exactly: the
first ``cycle_length`` input elements open one dataset each; ``block_length`` elements are
taken from each in turn; an exhausted one is replaced, in its slot, by the next input
element's dataset. ``num_parallel_calls`` does not change that order (TF's deterministic
parallel interleave gives the same), so tapejax reads them in turn.
"""

from __future__ import annotations

import os

from ._cardinality import AUTOTUNE, UNKNOWN_CARDINALITY
from ._function import _probe, call
from ._structure import to_tensors


def _stage_of(fn, element, what: str):
    dataset = call(fn, to_tensors(element))
    stage = getattr(dataset, "_stage", None)
    if stage is None:
        raise TypeError(
            f"The function passed to `{what}()` must return a `tf.data.Dataset` object. Got "
            f"{type(dataset).__name__}."
        )
    return stage


class FlatMap:
    name = "_FlatMapDataset"

    def __init__(self, stage, fn, what: str = "flat_map"):
        self.stage, self.fn, self.what = stage, fn, what
        self.spec = _stage_of(fn, _probe(stage.spec, 1, 0), what).spec

    def cardinality(self) -> int:
        return UNKNOWN_CARDINALITY

    def iterate(self):
        for element in self.stage.iterate():
            yield from _stage_of(self.fn, element, self.what).iterate()


class Interleave(FlatMap):
    name = "_InterleaveDataset"

    def __init__(self, stage, fn, cycle_length=None, block_length=None, num_parallel_calls=None):
        super().__init__(stage, fn, "interleave")
        if cycle_length is None or cycle_length == AUTOTUNE:
            cycle_length = os.cpu_count() or 1  # TF's default: the number of schedulable CPU cores
        self.cycle_length = int(cycle_length)
        self.block_length = 1 if block_length is None else int(block_length)
        if self.cycle_length <= 0 or self.block_length <= 0:
            raise ValueError(
                f"cycle_length must be > 0 and block_length must be > 0; got cycle_length="
                f"{self.cycle_length}, block_length={self.block_length}"
            )
        if num_parallel_calls is not None:
            self.name = "_ParallelInterleaveDatasetV4"

    def iterate(self):
        inputs = self.stage.iterate()
        slots = [None] * self.cycle_length
        cycle = block = opened = 0
        end_of_input = False
        while not end_of_input or opened:
            if slots[cycle] is not None:
                element = next(slots[cycle], _END)
                if element is not _END:
                    block += 1
                    if block == self.block_length:
                        cycle, block = (cycle + 1) % self.cycle_length, 0
                    yield element
                    continue
                slots[cycle], opened = None, opened - 1
                cycle, block = (cycle + 1) % self.cycle_length, 0
            elif not end_of_input:
                element = next(inputs, _END)
                if element is _END:
                    end_of_input = True
                else:
                    slots[cycle], opened = iter(_stage_of(self.fn, element, self.what).iterate()), opened + 1
            else:
                cycle, block = (cycle + 1) % self.cycle_length, 0


_END = object()
