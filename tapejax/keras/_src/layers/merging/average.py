"""The ``Average`` layer and ``average``."""

from __future__ import annotations

import functools

from ...backend.ops import math_ops as _math
from .base_merge import Merge, _functional


class Average(Merge):
    """The mean of the inputs."""

    def _merge(self, inputs):
        return functools.reduce(_math.add, inputs) / len(inputs)


average = _functional(Average, "``Average()(inputs)``: the mean of the tensors in ``inputs``.")
