"""TF's cluster description (``TF_CONFIG``, cluster resolvers) mapped onto JAX's distributed
runtime: one process per task, joined by ``jax.distributed.initialize``.

TF's cluster is a dict of jobs (``{"chief": ["host:port"], "worker": [...]}``) and the task
this process runs (``{"type": "worker", "index": 1}``). JAX numbers its processes: here the
chief is process 0 (else worker 0), then the workers in order; the coordinator (JAX's
coordination service) runs in process 0, at its address.
"""

from __future__ import annotations

import json
import os

# A job MultiWorkerMirroredStrategy cannot run (ps: ParameterServerStrategy's).
UNSUPPORTED_JOB_MESSAGE = (
    "The cluster has a {job!r} job: tapejax runs MultiWorkerMirroredStrategy's synchronous "
    "data parallelism only (jobs 'chief' and 'worker', one process each). Parameter servers "
    "(ParameterServerStrategy) are not supported; put every task in the 'worker' job."
)


class ClusterSpec:
    """The jobs of a cluster and their tasks' addresses (``tf.train.ClusterSpec``).

    >>> import tapejax as tf
    >>> spec = tf.distribute.cluster_resolver.SimpleClusterResolver(
    ...     {"worker": ["localhost:1234", "localhost:1235"]}
    ... ).cluster_spec()
    >>> spec.num_tasks("worker")
    2
    """

    def __init__(self, cluster):
        if hasattr(cluster, "as_dict"):  # a ClusterSpec (tf.train's too)
            cluster = cluster.as_dict()
        self._jobs = {job: list(tasks) for job, tasks in dict(cluster or {}).items()}

    def as_dict(self) -> dict:
        return {job: list(tasks) for job, tasks in self._jobs.items()}

    @property
    def jobs(self) -> list:
        return list(self._jobs)

    def num_tasks(self, job_name: str) -> int:
        return len(self._jobs[job_name])

    def task_address(self, job_name: str, task_index: int) -> str:
        return self._jobs[job_name][task_index]

    def __bool__(self) -> bool:
        return bool(self._jobs)

    def __eq__(self, other) -> bool:
        return isinstance(other, ClusterSpec) and self.as_dict() == other.as_dict()

    __hash__ = None

    def __repr__(self) -> str:
        return f"ClusterSpec({self.as_dict()})"


class SimpleClusterResolver:
    """A cluster given as it is (``tf.distribute.cluster_resolver.SimpleClusterResolver``)."""

    def __init__(self, cluster_spec, master="", task_type=None, task_id=None, environment="", rpc_layer=None):
        self._spec = ClusterSpec(cluster_spec)
        self.task_type, self.task_id, self.rpc_layer = task_type, task_id, rpc_layer
        self._master, self.environment = master, environment

    def cluster_spec(self) -> ClusterSpec:
        return self._spec

    def master(self, task_type=None, task_id=None, rpc_layer=None) -> str:
        return self._master


class TFConfigClusterResolver(SimpleClusterResolver):
    """The cluster and task of the ``TF_CONFIG`` environment variable (JSON), read when asked
    (``tf.distribute.cluster_resolver.TFConfigClusterResolver``)."""

    def __init__(self, task_type=None, task_id=None, rpc_layer=None, environment=None):
        config = json.loads(os.environ.get("TF_CONFIG") or "{}")
        task = config.get("task", {})
        super().__init__(
            config.get("cluster", {}),
            task_type=task.get("type") if task_type is None else task_type,
            task_id=int(task.get("index", 0)) if task_id is None else task_id,
            rpc_layer=rpc_layer or config.get("rpc_layer"),
            environment=environment or config.get("environment", ""),
        )


def processes(resolver) -> tuple[list[str], int]:
    """``(addresses in JAX's process order, this task's process id)``; ``([], 0)`` for no
    cluster (one process)."""
    spec = resolver.cluster_spec()
    jobs = spec.as_dict()
    for job in jobs:
        if job not in ("chief", "worker", "evaluator"):
            raise ValueError(UNSUPPORTED_JOB_MESSAGE.format(job=job))
    order = [("chief", i) for i in range(len(jobs.get("chief", [])))]
    order += [("worker", i) for i in range(len(jobs.get("worker", [])))]
    if len(order) <= 1:
        return [], 0
    task = (resolver.task_type, int(resolver.task_id or 0))
    if task not in order:
        raise ValueError(
            f"This task ({task[0]!r}, index {task[1]}) is not a chief or worker of the cluster "
            f"{jobs}: set TF_CONFIG's 'task' to one of them (an evaluator runs no "
            "MultiWorkerMirroredStrategy)."
        )
    return [spec.task_address(job, i) for job, i in order], order.index(task)
