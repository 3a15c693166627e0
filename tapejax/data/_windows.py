"""``Dataset.window``: each element a window of consecutive elements, as a nested Dataset.

TF's window dataset yields, per window, the element's structure with a ``Dataset`` in place of
each component (``_VariantDataset``s); ``element_spec`` holds a ``DatasetSpec`` there. Usually
the windows are flattened back with ``flat_map(lambda w: w.batch(size))``. A window starts every
``shift`` elements and takes every ``stride``-th element; the last windows are shorter unless
``drop_remainder``.
"""

from __future__ import annotations

import collections
import itertools

from .._core.values.errors import InvalidArgumentError
from .._core.values.shape import TensorShape
from ._cardinality import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._structure import map_leaves, spec_text


class DatasetSpec:
    """The type of a Dataset-valued component (``tf.data.DatasetSpec``): its element spec."""

    def __init__(self, element_spec, dataset_shape=(), make=None):
        self.element_spec, self._make = element_spec, make
        self.dataset_shape = TensorShape(dataset_shape)

    def __eq__(self, other) -> bool:
        return (
            isinstance(other, DatasetSpec)
            and repr(self.element_spec) == repr(other.element_spec)
            and self.dataset_shape == other.dataset_shape
        )

    def __hash__(self) -> int:
        return hash(repr(self))

    def __repr__(self) -> str:
        return f"DatasetSpec({spec_text(self.element_spec)}, {self.dataset_shape!r})"

    def dataset_of(self, elements: list):
        """A Dataset of this spec over ``elements`` (numpy)."""
        return self._make(Elements(elements, self.element_spec))


class Elements:
    """A stage over a list of elements: one window's component."""

    name = "_VariantDataset"

    def __init__(self, elements: list, spec):
        self.elements, self.spec = elements, spec

    def cardinality(self) -> int:
        return len(self.elements)

    def iterate(self):
        return iter(self.elements)


def _check(value: int, what: str) -> int:
    if int(value) <= 0:
        raise InvalidArgumentError(None, None, f"Window {what} must be greater than zero. [Op:WindowDataset]")
    return int(value)


class Window:
    name = "_WindowDataset"

    def __init__(self, stage, size, shift=None, stride=1, drop_remainder=False, make=None):
        self.stage = stage
        self.size = _check(size, "size")
        self.shift = _check(self.size if shift is None else shift, "shift")
        self.stride, self.drop = _check(stride, "stride"), bool(drop_remainder)
        self.spec = map_leaves(lambda s: DatasetSpec(s, make=make), stage.spec)

    def cardinality(self) -> int:
        n = self.stage.cardinality()
        if n in (INFINITE_CARDINALITY, UNKNOWN_CARDINALITY):
            return n
        if self.drop:
            span = (self.size - 1) * self.stride + 1
            return max(0, (n - span) // self.shift + 1)
        return -(-n // self.shift)

    def iterate(self):
        span = (self.size - 1) * self.stride + 1  # the elements one window reaches over
        elements = self.stage.iterate()
        buffer = collections.deque()
        while True:
            buffer.extend(itertools.islice(elements, span - len(buffer)))
            if not buffer or (self.drop and len(buffer) < span):
                return
            yield _split(list(itertools.islice(buffer, 0, None, self.stride))[: self.size], self.spec)
            popped = min(self.shift, len(buffer))
            for _ in range(popped):
                buffer.popleft()
            for _ in itertools.islice(elements, self.shift - popped):  # the elements between windows
                pass


def _split(window: list, spec):
    """One Dataset per component: ``window`` (a list of elements) transposed by ``spec``."""
    if isinstance(spec, dict):
        return {k: _split([e[k] for e in window], s) for k, s in spec.items()}
    if isinstance(spec, tuple):
        values = [_split([e[i] for e in window], s) for i, s in enumerate(spec)]
        return type(spec)(*values) if hasattr(spec, "_fields") else tuple(values)
    return spec.dataset_of(window)
