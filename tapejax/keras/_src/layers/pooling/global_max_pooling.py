"""GlobalMaxPooling1D/2D/3D."""

from __future__ import annotations

from ...backend.ops import reduction_ops as _reduce
from .base_global_pooling import BaseGlobalPooling


class GlobalMaxPooling1D(BaseGlobalPooling):
    """The maximum over the steps."""

    rank = 1
    _reduction = staticmethod(_reduce.reduce_max)


class GlobalMaxPooling2D(BaseGlobalPooling):
    """The maximum over height and width."""

    _reduction = staticmethod(_reduce.reduce_max)


class GlobalMaxPooling3D(BaseGlobalPooling):
    """The maximum over the three spatial dimensions."""

    rank = 3
    _reduction = staticmethod(_reduce.reduce_max)
