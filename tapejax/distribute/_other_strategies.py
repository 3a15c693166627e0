"""TF's other strategies: ``TPUStrategy`` (data parallelism over JAX's TPU devices), and
``ParameterServerStrategy`` and ``CentralStorageStrategy``, which tapejax does not run (a
clear error saying what to use instead)."""

from __future__ import annotations

import jax

from ._multi_worker import MultiWorkerMirroredStrategy
from ._strategy import Strategy

PARAMETER_SERVER_MESSAGE = (
    "tf.distribute.ParameterServerStrategy is not supported by tapejax: its asynchronous "
    "training (Variables on parameter-server tasks, steps scheduled by a ClusterCoordinator) "
    "has no counterpart in JAX's runtime, which runs one synchronous program over every "
    "process's devices. Use tf.distribute.MultiWorkerMirroredStrategy (one process per worker, "
    "a TF_CONFIG without a 'ps' job), or tf.distribute.MirroredStrategy on one host."
)
CENTRAL_STORAGE_MESSAGE = (
    "tf.distribute.experimental.CentralStorageStrategy is not supported by tapejax: it keeps "
    "each Variable on one device, where JAX's programs replicate Variables over the devices "
    "they run on. Use tf.distribute.MirroredStrategy: the same synchronous data parallelism "
    "over the same devices, with the same numbers."
)
TPU_MESSAGE = (
    "tf.distribute.TPUStrategy needs TPU devices, and JAX's default backend here is "
    "{backend!r}. Run on a TPU host (JAX's TPU backend), or use tf.distribute.MirroredStrategy "
    "for this machine's devices."
)


class ParameterServerStrategy:
    """Not supported (``tf.distribute.ParameterServerStrategy``): creating one raises
    ``NotImplementedError``; use ``MultiWorkerMirroredStrategy``."""

    def __init__(self, cluster_resolver=None, variable_partitioner=None):
        raise NotImplementedError(PARAMETER_SERVER_MESSAGE)


class CentralStorageStrategy:
    """Not supported (``tf.distribute.experimental.CentralStorageStrategy``): creating one
    raises ``NotImplementedError``; use ``MirroredStrategy``."""

    def __init__(self, compute_devices=None, parameter_device=None):
        raise NotImplementedError(CENTRAL_STORAGE_MESSAGE)


class TPUStrategy(MultiWorkerMirroredStrategy):
    """Synchronous data parallelism over every TPU device JAX has (``tf.distribute.TPUStrategy``),
    each process feeding its own devices' rows, as ``MultiWorkerMirroredStrategy``.

    Untested: tapejax's tests run on CPUs only. On a multi-host TPU pod, call
    ``jax.distributed.initialize()`` first (JAX finds the pod's hosts itself); TF's
    ``tpu_cluster_resolver``, ``connect_to_cluster`` and ``initialize_tpu_system`` have nothing
    to do. Without TPU devices it is a ``ValueError`` (TF's class when it finds no TPU).
    """

    def __init__(self, tpu_cluster_resolver=None, experimental_device_assignment=None, **unused_tf_kwargs):
        backend = jax.default_backend()
        if backend != "tpu":
            raise ValueError(TPU_MESSAGE.format(backend=backend))
        self.cluster_resolver = tpu_cluster_resolver
        Strategy.__init__(self, jax.devices())
