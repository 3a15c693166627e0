"""``tf.config``: running functions eagerly, and the devices there are.

``run_functions_eagerly(True)`` makes every ``tapejax.function`` call its Python function
directly, without tracing or compiling (TF's switch for debugging a ``tf.function``).
"""

from __future__ import annotations

from typing import NamedTuple

import jax

_eager = [False]


def run_functions_eagerly(run_eagerly: bool) -> None:
    """Whether ``tf.function`` runs its Python function eagerly (``True``) or compiled."""
    _eager[0] = bool(run_eagerly)


def functions_run_eagerly() -> bool:
    """Whether ``run_functions_eagerly(True)`` is in effect."""
    return _eager[0]


class PhysicalDevice(NamedTuple):
    """A device as ``tf.config.list_physical_devices`` lists it."""

    name: str
    device_type: str


def list_physical_devices(device_type: str | None = None) -> list[PhysicalDevice]:
    """The host CPU and JAX's accelerators, named as TF names them.

    >>> import tapejax as tf
    >>> tf.config.list_physical_devices('CPU')
    [PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]
    """
    kind = {"cpu": "CPU", "gpu": "GPU", "cuda": "GPU", "rocm": "GPU", "tpu": "TPU"}
    accelerators = [d for d in jax.devices() if d.platform != "cpu"]
    devices = [PhysicalDevice("/physical_device:CPU:0", "CPU")]
    for i, d in enumerate(accelerators):
        device_kind = kind.get(d.platform, d.platform.upper())
        devices.append(PhysicalDevice(f"/physical_device:{device_kind}:{i}", device_kind))
    return [d for d in devices if device_type is None or d.device_type == device_type.upper()]


# A device as ``tf.config.list_logical_devices`` lists it.
LogicalDevice = NamedTuple("LogicalDevice", [("name", str), ("device_type", str)])  # noqa: UP014


def list_logical_devices(device_type: str | None = None) -> list[LogicalDevice]:
    """The devices ops can be placed on (``tf.device``), named as TF names them.

    >>> import tapejax as tf
    >>> tf.config.list_logical_devices('CPU')
    [LogicalDevice(name='/device:CPU:0', device_type='CPU')]
    """
    return [
        LogicalDevice(d.name.replace("/physical_device:", "/device:"), d.device_type)
        for d in list_physical_devices(device_type)
    ]


def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None) -> bool:
    """Whether JAX sees a GPU (``tf.test.is_gpu_available``, deprecated in TF)."""
    return bool(list_physical_devices("GPU"))


def gpu_device_name() -> str:
    """``'/device:GPU:0'`` when there is a GPU, else ``''`` (``tf.test.gpu_device_name``)."""
    gpus = list_logical_devices("GPU")
    return gpus[0].name if gpus else ""


def is_built_with_cuda() -> bool:
    """Whether JAX has a CUDA backend (``tf.test.is_built_with_cuda``)."""
    return bool(list_physical_devices("GPU"))
