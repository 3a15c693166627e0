"""``tf.test``'s questions about the build and its devices, and its decorators.

tapejax runs on JAX, so "built with" means "JAX has that backend": CUDA and ROCm are JAX's
GPU platforms, and XLA is always there. Graph-era helpers that need protos or servers
(``create_local_cluster``, ``assert_equal_graph_def``) raise, saying what to use instead.
"""

from __future__ import annotations

import functools
import platform

import jax
import numpy as np

from ..config import is_built_with_cuda


def is_built_with_rocm() -> bool:
    """Whether JAX has a ROCm (AMD GPU) backend (``tf.test.is_built_with_rocm``)."""
    return bool(_devices("rocm"))


def is_built_with_gpu_support() -> bool:
    """Whether JAX has a GPU backend, CUDA or ROCm (``tf.test.is_built_with_gpu_support``)."""
    return is_built_with_cuda() or is_built_with_rocm()


def is_built_with_xla() -> bool:
    """Always True: every tapejax op runs through XLA (``tf.test.is_built_with_xla``).

    >>> import tapejax as tf
    >>> tf.test.is_built_with_xla()
    True
    """
    return True


def is_cpu_target_available(target: str) -> bool:
    """Whether this machine's CPU is ``target`` (e.g. ``"x86"``, ``"aarch64"``): XLA compiles
    for the host only."""
    machine = platform.machine().lower()
    aliases = {"x86": ("x86_64", "amd64", "i386", "i686"), "arm": ("aarch64", "arm64", "armv7l")}
    return target.lower() == machine or machine in aliases.get(target.lower(), ())


def _devices(backend: str) -> list:
    try:
        return jax.devices(backend)
    except RuntimeError:  # JAX has no such backend here
        return []


def sync_devices() -> None:
    """Blocks until the work already sent to every device has finished
    (``tf.test.experimental.sync_devices``), e.g. before reading a clock in a benchmark.

    >>> import tapejax as tf
    >>> tf.test.experimental.sync_devices()
    """
    # A device runs its computations in order: a small one sent last finishes last.
    for device in jax.local_devices():
        (jax.device_put(np.zeros((), np.float32), device) + 1).block_until_ready()


def disable_with_predicate(pred, skip_message: str):
    """Decorates a test method to skip it with ``skip_message`` when ``pred()`` is true."""

    def decorator(func):
        @functools.wraps(func)
        def wrapper(self, *args, **kwargs):
            if pred():
                self.skipTest(skip_message)
            return func(self, *args, **kwargs)

        return wrapper

    return decorator


def with_eager_op_as_function(cls=None, only_as_function: bool = False):
    """Returns the class unchanged, as TF 2.21 does (kept for old tests)."""
    return cls if cls is not None else (lambda c: c)


def create_local_cluster(num_workers, num_ps, protocol="grpc", worker_config=None, ps_config=None):
    """Not available: tapejax has no gRPC servers (``tf.train.Server``) or parameter servers."""
    raise NotImplementedError(
        "tf.test.create_local_cluster starts in-process gRPC TensorFlow servers, which tapejax does not "
        "have. Start one process per worker instead, each with TF_CONFIG naming the cluster on "
        "localhost, and run tf.distribute.MultiWorkerMirroredStrategy (see the README, Scaling out)."
    )


def assert_equal_graph_def(expected, actual):
    """Not available: tapejax builds no GraphDefs (a ``tf.function`` becomes a JAX program)."""
    raise NotImplementedError(
        "tf.test.assert_equal_graph_def compares GraphDef protos, and tapejax has none: a tf.function is "
        "traced to a JAX program, not a TensorFlow graph. Compare the functions' outputs instead "
        "(TestCase.assertAllClose)."
    )
