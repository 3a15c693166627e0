"""``tf.distribute.experimental``: re-exports only."""

from ._input import ValueContext
from ._multi_worker import CommunicationOptions, MultiWorkerMirroredStrategy
from ._other_strategies import CentralStorageStrategy, ParameterServerStrategy, TPUStrategy

__all__ = [
    "CentralStorageStrategy",
    "CommunicationOptions",
    "MultiWorkerMirroredStrategy",
    "ParameterServerStrategy",
    "TPUStrategy",
    "ValueContext",
]
