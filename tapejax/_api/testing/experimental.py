"""``tf.test.experimental``: ``sync_devices``."""

from __future__ import annotations

from .platform import sync_devices

__all__ = ["sync_devices"]
