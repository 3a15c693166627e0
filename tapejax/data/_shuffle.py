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

from .._core import dtype as _dtypes
from .._core.errors import InvalidArgumentError
from .._ops.random_ops import uniform


class Shuffle:
    name = "_ShuffleDataset"

    def __init__(self, stage, buffer_size, seed=None, reshuffle_each_iteration=True):
        self.stage, self.spec = stage, stage.spec
        self.size = int(buffer_size)
        if self.size <= 0:
            raise InvalidArgumentError(None, None, "buffer_size must be greater than zero or "
                                       "UNKNOWN_CARDINALITY [Op:ShuffleDatasetV3]")
        if seed is None:
            seed = int(uniform((), 0, 2**62, dtype=_dtypes.int64))
        self.seed = int(seed)
        self.reshuffle = bool(reshuffle_each_iteration)
        self.passes = itertools.count()

    def cardinality(self) -> int:
        return self.stage.cardinality()

    def _rng(self) -> np.random.Generator:
        epoch = next(self.passes) if self.reshuffle else 0
        return np.random.default_rng([self.seed, epoch])

    def iterate(self):
        return _shuffled(self.stage.iterate(), self.size, self._rng())

    def has_rows(self) -> bool:
        has_rows = getattr(self.stage, "has_rows", None)
        return has_rows is not None and has_rows()

    def rows(self):
        """The shuffled row numbers of a row source (see ``TensorSlices.rows``), or None."""
        if not self.has_rows():
            return None
        numbers, take = self.stage.rows()
        return _shuffled(numbers, self.size, self._rng()), take


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
