"""``tf.test``: ``TestCase`` with TF's assertions, ``main``, ``compute_gradient`` (TF's
gradient checker), benchmarks, and the device queries TF tests use.

A namespace: re-exports only (see the README's Architecture)."""

from ._api.config import gpu_device_name, is_built_with_cuda, is_gpu_available
from ._api.testing import experimental
from ._api.testing.benchmark import Benchmark, benchmark_config
from ._api.testing.gradient_checker import compute_gradient
from ._api.testing.platform import (
    assert_equal_graph_def,
    create_local_cluster,
    disable_with_predicate,
    is_built_with_gpu_support,
    is_built_with_rocm,
    is_built_with_xla,
    is_cpu_target_available,
    with_eager_op_as_function,
)
from ._api.testing.test_case import TestCase, main

__all__ = [
    "Benchmark",
    "TestCase",
    "assert_equal_graph_def",
    "benchmark_config",
    "compute_gradient",
    "create_local_cluster",
    "disable_with_predicate",
    "experimental",
    "gpu_device_name",
    "is_built_with_cuda",
    "is_built_with_gpu_support",
    "is_built_with_rocm",
    "is_built_with_xla",
    "is_cpu_target_available",
    "is_gpu_available",
    "main",
    "with_eager_op_as_function",
]
