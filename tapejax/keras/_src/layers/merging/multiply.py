"""The ``Multiply`` layer and ``multiply``."""

from __future__ import annotations

from ...backend.ops import math_ops as _math
from .base_merge import Merge, _functional


class Multiply(Merge):
    """The product of the inputs."""

    _pair = staticmethod(_math.multiply)


multiply = _functional(Multiply, "``Multiply()(inputs)``: the product of the tensors in ``inputs``.")
