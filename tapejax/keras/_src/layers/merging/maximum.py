"""The ``Maximum`` layer and ``maximum``."""

from __future__ import annotations

from ...backend.ops import math_ops as _math
from .base_merge import Merge, _functional


class Maximum(Merge):
    """The element-wise maximum of the inputs."""

    _pair = staticmethod(_math.maximum)


maximum = _functional(Maximum, "``Maximum()(inputs)``: the element-wise maximum of ``inputs``.")
