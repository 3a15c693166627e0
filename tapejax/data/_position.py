"""An iterator's position, saved and restored by ``tf.train.Checkpoint``.

A checkpoint walks the objects it is given for Variables (``train/_graph.py``); an iterator
is such an object through ``_checkpoint_children``, whose one child is a ``Position``: an
int64 Variable of two numbers, the elements the iterator has given and a fingerprint of its
pipeline (the stages' names and the element spec). Reading the Variable reads the iterator;
assigning it (a restore) checks the fingerprint (TF's NotFoundError for another pipeline) and
moves the iterator: the pipeline runs again from its start and that many elements are
skipped. The Variable is made the first time a checkpoint asks, never on a plain ``iter()``.
"""

from __future__ import annotations

import itertools
import zlib

import numpy as np

from .._core.recording.variable import Variable
from .._core.values.dtype import int64
from .._core.values.errors import NotFoundError
from ._shuffle import PassGenerators
from ._structure import leaves


def _stages(stage) -> list:
    """The names of the stages from ``stage`` back to the source (through ``.stage`` links)."""
    names = []
    while stage is not None:
        names.append(stage.name.strip("_").removesuffix("Dataset"))
        stage = getattr(stage, "stage", None)
    return names


def _generators(stage) -> list:
    """The random generators (``PassGenerators``) of a pipeline's stages: a stage keeps them as
    ``_rng`` (shuffle) or ``generators`` (random, sample_from_datasets), its inputs as
    ``stage``, ``stages``, ``first`` and ``second``."""
    found = [
        g
        for g in (getattr(stage, "_rng", None), getattr(stage, "generators", None))
        if isinstance(g, PassGenerators)
    ]
    for name in ("stage", "stages", "first", "second"):
        inputs = getattr(stage, name, None)
        for s in inputs if isinstance(inputs, list) else leaves(inputs):  # zip's: a tuple or dict
            if hasattr(s, "iterate"):
                found += _generators(s)
    return found


def fingerprint(stage, functions: bool = False) -> int:
    """A number that tells pipelines apart: the stages' names and the element spec (crc32);
    with ``functions``, also the code of their functions (``map``'s, ``filter``'s ...)."""
    text = "|".join(_stages(stage)) + repr(stage.spec)
    while functions and stage is not None:
        for value in vars(stage).values():
            code = getattr(getattr(value, "fn", value), "__code__", None)
            if code is not None:
                text += f"|{code.co_code.hex()}{code.co_consts!r}"
        stage = getattr(stage, "stage", None)
    return zlib.crc32(text.encode())


class Position(Variable):
    """``[elements taken, pipeline fingerprint]`` of ``iterator`` as an int64 Variable."""

    def __init__(self, iterator):
        self._iterator = iterator
        super().__init__(np.zeros(2, np.int64), trainable=False, name="iterator_state", dtype=int64)

    @property
    def _value(self):
        it = self._iterator
        return np.asarray([it._taken, it._fingerprint()], np.int64)

    def _set(self, new) -> None:
        taken, fingerprint = (int(v) for v in np.asarray(new))
        it = self._iterator
        if fingerprint != it._fingerprint():
            raise NotFoundError(
                None,
                None,
                (
                    "Failed to restore dataset iterator from checkpoint: Iterator::Root::"
                    f"{'::'.join(_stages(it._stage))}. Make sure the dataset definition has not changed "
                    "between the process that saved the checkpoint and the process that is restoring it. "
                    "[Op:DeserializeIterator]"
                ),
            )
        it._seek(taken)


class Positioned:
    """An iterator over ``make_elements()`` that counts what it gives and can be saved."""

    def __init__(self, stage, make_elements):
        self._stage, self._make = stage, make_elements
        # Where the pipeline's random generators stood when this iterator began: a restore
        # replays its passes with the same numbers (a seeded shuffle's order in each epoch).
        self._passes = [(g, g.passes) for g in _generators(stage)]
        self._elements, self._taken, self._position = make_elements(), 0, None

    def _take(self):
        element = next(self._elements)
        self._taken += 1
        return element

    def _fingerprint(self) -> int:
        return fingerprint(self._stage)

    def _seek(self, taken: int) -> None:
        """Starts the pipeline again and skips ``taken`` elements (fewer if it ends first)."""
        for generators, passes in self._passes:
            generators.passes = passes
        elements = self._make()
        skipped = sum(1 for _ in itertools.islice(elements, taken))
        self._elements, self._taken = elements, skipped

    def _checkpoint_children(self) -> list:
        if self._position is None:
            self._position = Position(self)
        return [("_iterator_state", self._position)]
