"""``Dataset.rejection_resample``: ``(class, element)`` pairs drawn so that the classes follow
``target_dist``, TF's construction with numpy's random numbers.

TF mixes two passes over the input: with probability ``m`` (the smallest ratio target /
initial) the next element of a pass that keeps every element, otherwise the next element of
a pass that keeps an element of class ``c`` with probability ``(ratio[c] - m) / (max ratio - m)``.
The initial distribution is ``initial_dist``, or estimated as TF does: class counts, from 10
each, updated every 32 elements (each element sees the estimate after its own group). With
``m`` known to be 1 (or 0) only the first (or second) pass is read. The mixture ends when the
pass it picks from ends.
"""

from __future__ import annotations

import itertools

import numpy as np

from ._cardinality import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._function import ElementFunction
from ._shuffle import PassGenerators

_TINY = np.finfo(np.float32).tiny


def _mixing(initial, target):
    """TF's ``_calculate_acceptance_probs_with_mixing``: acceptance per class, and ``m``."""
    ratio = target / (initial + _TINY)
    low, high = ratio.min(), ratio.max()
    with np.errstate(divide="ignore", invalid="ignore"):
        return (ratio - low) / (high - low), float(low)


class RejectionResample:
    def __init__(self, stage, class_func, target_dist, initial_dist=None, seed=None):
        self.stage = stage
        self.classes = ElementFunction(class_func, stage.spec)
        self.spec = (self.classes.spec, stage.spec)
        self.target = np.asarray(target_dist, np.float32)
        self.initial = None if initial_dist is None else np.asarray(initial_dist, np.float32)
        self.generators = PassGenerators(seed, False)
        self.original = None if self.initial is None else _mixing(self.initial, self.target)[1]
        self.name = "_MapDataset" if self.original in (0.0, 1.0) else "_DirectedInterleaveDataset"

    def cardinality(self) -> int:
        n = self.stage.cardinality()
        if self.original == 1.0:
            return n
        if n == INFINITE_CARDINALITY and self.original != 0.0:
            return INFINITE_CARDINALITY
        return UNKNOWN_CARDINALITY

    def _labelled(self):
        classes = self.classes
        return ((classes(e), e) for e in self.stage.iterate())

    def _dists(self):
        """The initial distribution each element (of a pass) sees."""
        if self.initial is not None:
            return itertools.repeat(self.initial)
        return self._estimates()

    def _estimates(self):
        counts = np.full(len(self.target), 10, np.int64)
        labels = (int(c) for c, _ in self._labelled())
        while True:
            group = list(itertools.islice(labels, 32))
            if not group:
                return
            counts = counts + np.bincount(group, minlength=len(counts))[: len(counts)]
            dist = (counts / counts.sum()).astype(np.float32)
            yield from itertools.repeat(dist, len(group))

    def _filtered(self, rng):
        for (c, e), dist in zip(self._labelled(), self._dists(), strict=False):
            if rng.random() < _mixing(dist, self.target)[0][int(c)]:
                yield c, e

    def iterate(self):
        rng = self.generators()
        if self.original == 1.0:
            yield from self._labelled()
            return
        filtered = self._filtered(rng)
        if self.original == 0.0:
            yield from filtered
            return
        originals = self._labelled()
        for dist in itertools.chain(self._dists(), itertools.repeat(None)):
            if dist is None:
                return  # the weights ran out (an estimate needs the input): TF ends too
            pick = originals if rng.random() < _mixing(dist, self.target)[1] else filtered
            element = next(pick, None)
            if element is None:
                return  # stop_on_empty_dataset, as TF's mixture
            yield element
