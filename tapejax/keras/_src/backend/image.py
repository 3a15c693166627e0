"""The ``tf.image`` ops keras' image layers compute with (TF's resize rules, grayscale)."""

from __future__ import annotations

from ...._ops.array_ops import reverse, saturate_cast
from ...._ops.image_ops import resize, resize_with_pad, rgb_to_grayscale

__all__ = ["resize", "resize_with_pad", "reverse", "rgb_to_grayscale", "saturate_cast"]
