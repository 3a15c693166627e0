"""``MultiWorkerMirroredStrategy``: one process per task of TF's cluster, joined by
``jax.distributed.initialize``; one mesh over every process's devices.

Joining needs JAX's backend to start after it (and, on CPU, JAX's gloo collectives chosen
before it starts). ``import tapejax`` starts no backend, so a strategy created at the program's
start, as TF asks, simply joins. A program that used JAX's devices before (a Variable, a
random op) has started the backend: the strategy then restarts it, as a fallback, through
JAX's private ``xla_bridge._clear_backends`` (every live Variable's value goes to the host
and back onto the new backend, and every compiled program is dropped).

Faults: JAX's *recoverability* is switched on, so a collective whose peer has died raises in
the survivors (gloo: "Connection closed by peer") instead of the coordination service
aborting them, and a silent peer is declared dead after ``timeout_seconds`` of missed
heartbeats (``CommunicationOptions``; JAX's 100 s by default).
"""

from __future__ import annotations

import atexit
import time

import jax
import jax.numpy as jnp
import numpy as np

from .._core.caches import clear_caches
from .._core.recording.variable import live_variables, restore_value, stored_value
from . import _cluster
from ._input import UNEVEN_MESSAGE
from ._strategy import Strategy

_HEARTBEAT_SECONDS = 100  # JAX's default


class CommunicationOptions:
    """How the workers' collectives run (``tf.distribute.experimental.CommunicationOptions``):
    ``timeout_seconds`` bounds how long a silent peer is waited for."""

    def __init__(self, bytes_per_pack=0, timeout_seconds=None, implementation=None):
        self.bytes_per_pack, self.timeout_seconds, self.implementation = (
            bytes_per_pack,
            timeout_seconds,
            implementation,
        )


def _join(addresses: list, process_id: int, timeout: int) -> None:
    """Joins JAX's distributed runtime (restarting JAX's backend if the program started it)."""
    from jax._src import distributed, xla_bridge  # noqa: PLC0415 - JAX's only restart handle

    if distributed.global_state.client is not None:
        return  # joined already (by an earlier strategy, or by the user's own initialize)
    held = []
    jax.config.update("jax_cpu_collectives_implementation", "gloo")
    jax.config.update("jax_enable_recoverability", True)
    if xla_bridge.backends_are_initialized():
        # Fallback: the program used JAX's devices before creating the strategy (import
        # tapejax does not), and JAX joins only before its backend starts.
        held = [(v, np.asarray(stored_value(v))) for v in live_variables()]
        clear_caches()
        jax.clear_caches()
        xla_bridge._clear_backends()
    jax.distributed.initialize(
        coordinator_address=addresses[0],
        num_processes=len(addresses),
        process_id=process_id,
        initialization_timeout=timeout,
        heartbeat_timeout_seconds=timeout,
        shutdown_timeout_seconds=timeout,
    )
    for variable, value in held:
        restore_value(variable, jnp.asarray(value))
    # With recoverable tasks JAX's shutdown waits for no one: a process leaving first would take
    # the coordinator (process 0) away from the others. Leave together (this runs before JAX's
    # own exit hook, registered earlier): the others disconnect, then process 0 ends.
    atexit.register(_leave_together, distributed.global_state.client, process_id, len(addresses), timeout)


def _leave_together(client, process_id: int, count: int, timeout: int) -> None:
    try:
        client.wait_at_barrier("tapejax_distribute_exit", timeout * 1000)
        if process_id != 0:
            jax.distributed.shutdown()
            return
        others, deadline = list(range(1, count)), time.monotonic() + timeout
        while client.get_live_nodes(others) and time.monotonic() < deadline:
            time.sleep(0.05)
    except Exception:  # noqa: BLE001, S110 - a peer that died cannot be waited for
        pass


class MultiWorkerMirroredStrategy(Strategy):
    """Synchronous data parallelism over several processes (``tf.distribute.MultiWorkerMirroredStrategy``).

    The cluster comes from ``TF_CONFIG`` (or ``cluster_resolver``): each chief or worker task
    is one process, and the strategy's replicas are every device of every process (one per
    process on CPU). Each process runs the same program; a distributed dataset gives each
    process the rows of its own replicas. Without a cluster it is one process's
    ``MirroredStrategy``.
    """

    def __init__(self, cluster_resolver=None, communication_options=None):
        self.cluster_resolver = cluster_resolver or _cluster.TFConfigClusterResolver()
        options = communication_options or CommunicationOptions()
        addresses, process_id = _cluster.processes(self.cluster_resolver)
        if addresses:
            _join(addresses, process_id, int(options.timeout_seconds or _HEARTBEAT_SECONDS))
        super().__init__(jax.devices())

    def _process_rows(self):
        if jax.process_count() == 1:
            return None
        here = [i for i, d in enumerate(self._devices) if d.process_index == jax.process_index()]
        n = self.num_replicas_in_sync

        def rows(leaf):
            array = np.asarray(leaf)
            if array.ndim == 0 or array.shape[0] % n:
                raise ValueError(
                    UNEVEN_MESSAGE.format(size=array.shape[0] if array.ndim else "a scalar", n=n)
                )
            share = array.shape[0] // n
            return np.concatenate([array[i * share : (i + 1) * share] for i in here])

        return rows
