"""``tf.distribute``: distribution strategies on JAX's device mesh (see the README, "Scaling out").

A namespace: re-exports only (see the README's Architecture)."""

from . import cluster_resolver as cluster_resolver
from . import experimental as experimental
from ._current import get_replica_context, get_strategy, has_strategy, in_cross_replica_context
from ._input import InputContext
from ._multi_worker import MultiWorkerMirroredStrategy
from ._other_strategies import ParameterServerStrategy, TPUStrategy
from ._reduce_op import ReduceOp
from ._replica_context import ReplicaContext
from ._strategy import MirroredStrategy, OneDeviceStrategy, Strategy, StrategyExtended
from ._values import DistributedValues

__all__ = [
    "DistributedValues",
    "InputContext",
    "MirroredStrategy",
    "MultiWorkerMirroredStrategy",
    "OneDeviceStrategy",
    "ParameterServerStrategy",
    "ReduceOp",
    "ReplicaContext",
    "Strategy",
    "StrategyExtended",
    "TPUStrategy",
    "cluster_resolver",
    "experimental",
    "get_replica_context",
    "get_strategy",
    "has_strategy",
    "in_cross_replica_context",
]
