"""``tf.distribute.experimental``: re-exports only."""

from ._input import ValueContext
from ._multi_worker import CommunicationOptions

__all__ = ["CommunicationOptions", "ValueContext"]
