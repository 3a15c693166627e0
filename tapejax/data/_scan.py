"""``Dataset.scan``: a state carried from element to element.

``scan_func(state, element)`` returns ``(new_state, output)``; the outputs are the elements.
As TF does, the function is traced with the initial state's spec; where the new state's
shapes differ (a state that grows), the state's spec is relaxed to the shapes both fit and
the function traced again, until it holds. The state's structure and dtypes must not change.
"""

from __future__ import annotations

from ._function import ElementFunction
from ._structure import leaves, map_leaves, normalize, relaxed, same_structure, spec_of


class Scan:
    name = "_ScanDataset"

    def __init__(self, stage, initial_state, scan_func):
        self.stage, self.initial = stage, normalize(initial_state)
        state = spec_of(self.initial)
        while True:
            self.fn = ElementFunction(scan_func, (state, stage.spec))
            out = self.fn.spec
            if not (isinstance(out, tuple) and len(out) == 2 and not hasattr(out, "_fields")):
                raise TypeError(
                    "Invalid `scan_func`. `scan_func` should return a pair consisting of new "
                    f"state and the output value but its return type is {out}."
                )
            new_state, self.spec = out
            if not same_structure(state, new_state):
                raise TypeError(
                    f"Invalid `scan_func`. The new state must have the initial state's "
                    f"structure. Expected {state}, got {new_state}."
                )
            expected, got = (map_leaves(lambda s: s.dtype, x) for x in (state, new_state))
            if leaves(expected) != leaves(got):
                raise TypeError(
                    f"Invalid `scan_func`. The element types for the new state must match the "
                    f"initial state. Expected {expected}, got {got}."
                )
            wider = relaxed(state, new_state)
            if repr(wider) == repr(state):
                break
            state = wider

    def cardinality(self) -> int:
        return self.stage.cardinality()

    def iterate(self):
        state, fn = self.initial, self.fn
        for element in self.stage.iterate():
            state, output = fn((state, element))
            yield output
