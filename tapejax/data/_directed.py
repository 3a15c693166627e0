"""Datasets that pick each element from one of several others: ``choose_from_datasets``
(the picks are a dataset of indices) and ``sample_from_datasets`` (random picks), TF's
``_DirectedInterleaveDataset``; and ``Dataset.random``.

A pick of a dataset that has ended ends the whole dataset with ``stop_on_empty_dataset``;
without it the pick is skipped (so random picks go on among the datasets left, in
proportion to their weights) and the dataset ends when every input has. Random picks and
numbers come from numpy's generator, seeded by TF's rules (``_shuffle.PassGenerators``):
reproducible, but not TF's numbers.
"""

from __future__ import annotations

import numpy as np

from .._core.values.dtype import int64
from .._core.values.errors import InvalidArgumentError
from ._cardinality import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._shuffle import PassGenerators
from ._structure import leaves, relaxed, same_structure, spec_of

_END = object()


def _checked_specs(stages):
    if not stages:
        raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
    first = stages[0].spec
    for i, stage in enumerate(stages[1:], 1):
        if not same_structure(first, stage.spec) or [s.dtype for s in leaves(first)] != [
            s.dtype for s in leaves(stage.spec)
        ]:
            raise TypeError(
                "Invalid `datasets`. `datasets` must have compatible element specs.\n"
                f" Dataset 0 element_spec={first}.\nDataset {i} element_spec={stage.spec}."
            )
    spec = first
    for stage in stages[1:]:
        spec = relaxed(spec, stage.spec)
    return spec


class DirectedInterleave:
    """Elements of ``stages``, each from the one ``picks()`` (a fresh iterator of indices per
    pass) names."""

    name = "_DirectedInterleaveDataset"

    def __init__(self, stages, picks, stop_on_empty_dataset):
        self.spec = _checked_specs(stages)
        self.stages, self.picks, self.stop = stages, picks, bool(stop_on_empty_dataset)

    def cardinality(self) -> int:
        if any(s.cardinality() == INFINITE_CARDINALITY for s in self.stages):
            return INFINITE_CARDINALITY
        return UNKNOWN_CARDINALITY

    def iterate(self):
        inputs = [s.iterate() for s in self.stages]
        left = len(inputs)
        for i in self.picks():
            if not 0 <= i < len(inputs):
                raise InvalidArgumentError(
                    None, None, (f"Selector index out of range: {i} >= {len(inputs)} [Op:IteratorGetNext]")
                )
            if inputs[i] is None:
                continue
            element = next(inputs[i], _END)
            if element is not _END:
                yield element
                continue
            if self.stop:
                return
            inputs[i], left = None, left - 1
            if not left:
                return


def choose(stages, choice_stage, stop_on_empty_dataset=True) -> DirectedInterleave:
    spec = choice_stage.spec
    if isinstance(spec, (tuple, dict)) or spec.dtype != int64 or spec.shape != ():
        raise TypeError(
            "Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` "
            f"tensors but are {spec}."
        )
    return DirectedInterleave(stages, lambda: (int(i) for i in choice_stage.iterate()), stop_on_empty_dataset)


def sample(stages, weights=None, seed=None, stop_on_empty_dataset=False, rerandomize_each_iteration=None):
    """The stage of ``sample_from_datasets`` (one dataset with a nonzero weight: that one)."""
    if not stages:
        raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
    p = np.ones(len(stages)) if weights is None else np.asarray(weights, np.float64).reshape(-1)
    if len(p) != len(stages):
        raise ValueError(
            "Invalid `weights`. `weights` should have the same length as `datasets` but got "
            f"`len(weights)={len(p)}` vs. `len(datasets)={len(stages)}`."
        )
    kept = [i for i in range(len(stages)) if p[i] != 0]  # TF leaves out datasets of weight 0
    if len(kept) == 1:
        return stages[kept[0]]
    stages, p = [stages[i] for i in kept], p[kept]
    p = p / p.sum()
    generators = PassGenerators(seed, rerandomize_each_iteration)

    def picks():
        rng = generators()
        while True:
            yield from rng.choice(len(p), size=1024, p=p).tolist()

    stage = DirectedInterleave(stages, picks, stop_on_empty_dataset)
    stage.generators = generators  # found by a restored iterator (_position.py)
    return stage


class RandomIntegers:
    """``Dataset.random``: int64 scalars uniform in [0, 2**32) (TF's range), without end."""

    def __init__(self, seed=None, rerandomize_each_iteration=None, name="_RandomDataset"):
        self.generators, self.name = PassGenerators(seed, rerandomize_each_iteration), name
        self.spec = spec_of(np.zeros((), np.int64))

    def cardinality(self) -> int:
        return INFINITE_CARDINALITY

    def iterate(self):
        rng = self.generators()
        while True:
            for value in rng.integers(0, 2**32, 1024, dtype=np.int64):
                yield np.asarray(value)
