"""``keras.ops`` (Keras 3's ``keras.ops``): the NumPy-style functions, ``nn``, ``linalg``,
``image`` and the core ops, on tapejax ops."""

from __future__ import annotations

from .._src.ops.numpy import *  # noqa: F403
from . import numpy as numpy
