"""``tf.distribute.experimental``: re-exports only."""

from ._input import ValueContext

__all__ = ["ValueContext"]
