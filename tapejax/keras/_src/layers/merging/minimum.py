"""The ``Minimum`` layer and ``minimum``."""

from __future__ import annotations

from ...backend.ops import math_ops as _math
from .base_merge import Merge, _functional


class Minimum(Merge):
    """The element-wise minimum of the inputs."""

    _pair = staticmethod(_math.minimum)


minimum = _functional(Minimum, "``Minimum()(inputs)``: the element-wise minimum of ``inputs``.")
