"""``keras.ops.numpy`` (Keras 3's ``keras.ops.numpy``)."""

from __future__ import annotations

from .._src.ops.numpy import *  # noqa: F403
from .._src.ops.numpy import __all__  # noqa: F401
