"""``shuffle``: TF's buffer shuffle.

The first ``buffer_size`` elements fill a buffer; then each step yields an element picked
uniformly from the buffer and puts the next input element in its place; once the input ends,
the buffer drains in random order. So ``buffer_size=1`` keeps the order, a buffer as large as
the dataset gives a uniform permutation, and every element comes out exactly once per pass.
The numbers come from numpy's generator, not TF's: a seeded order is reproducible but is not
TF's order.

Seeds as TF: with ``seed`` the orders are reproducible; without one the seed is drawn from
tapejax's global generator, so ``tf.random.set_seed`` makes them reproducible. With
``reshuffle_each_iteration`` (the default) each pass (a new iterator, an epoch of ``repeat``)
has its own order; without it every pass repeats the first order.
"""

from __future__ import annotations

import itertools

import numpy as np

from .._core.values import dtype as _dtypes
from .._core.values.errors import InvalidArgumentError
from .._ops.random_ops import uniform
from ._sources import RowsThrough


class PassGenerators:
    """numpy generators for the passes over a random dataset (shuffle, ``Dataset.random``,
    ``sample_from_datasets``), seeded by TF's rules: ``seed`` if given, else a seed drawn from
    tapejax's global generator (``tf.random.set_seed`` makes it reproducible). Called once per
    pass: a new generator each pass with ``per_pass``, the first pass's numbers again without."""

    def __init__(self, seed, per_pass: bool):
        if seed is None:
            seed = int(uniform((), 0, 2**62, dtype=_dtypes.int64))
        self.seed, self.per_pass = int(seed), bool(per_pass)
        self.passes = 0  # how many passes have begun (an iterator restored from a checkpoint resets it)

    def __call__(self) -> np.random.Generator:
        epoch = self.passes if self.per_pass else 0
        self.passes += 1
        return np.random.default_rng([self.seed, epoch])


class Shuffle(RowsThrough):
    name = "_ShuffleDataset"

    def __init__(self, stage, buffer_size, seed=None, reshuffle_each_iteration=True):
        self.stage, self.spec = stage, stage.spec
        self.size = int(buffer_size)
        if self.size <= 0:
            raise InvalidArgumentError(
                None,
                None,
                "buffer_size must be greater than zero or UNKNOWN_CARDINALITY [Op:ShuffleDatasetV3]",
            )
        self._rng = PassGenerators(seed, reshuffle_each_iteration)

    def cardinality(self) -> int:
        return self.stage.cardinality()

    def iterate(self):
        return _shuffled(self.stage.iterate(), self.size, self._rng())

    def pick_rows(self, numbers):
        """The row numbers of a row source, shuffled (see ``RowsThrough``)."""
        return _shuffled(numbers, self.size, self._rng())


def _uniforms(rng: np.random.Generator):
    """Uniform floats in [0, 1), drawn 1024 at a time (a draw per element cost ~2 µs)."""
    while True:
        yield from rng.random(1024).tolist()


def _shuffled(elements, size: int, rng: np.random.Generator):
    draws = _uniforms(rng)
    buffer = list(itertools.islice(elements, size))
    for element in elements:
        i = min(int(next(draws) * len(buffer)), len(buffer) - 1)
        yield buffer[i]
        buffer[i] = element
    while buffer:
        i = min(int(next(draws) * len(buffer)), len(buffer) - 1)
        buffer[i], buffer[-1] = buffer[-1], buffer[i]
        yield buffer.pop()
