"""A small, faithful subset of ``tf.keras``: enough for the guide and first models."""

from __future__ import annotations

from . import activations as activations
from . import initializers as initializers
from . import layers as layers
