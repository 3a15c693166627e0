"""``tf.config``: ``run_functions_eagerly`` and the device list (defined in ``_api/config.py``).

A namespace: re-exports only (see the README's Architecture)."""

from ._api.config import (
    LogicalDevice,
    PhysicalDevice,
    functions_run_eagerly,
    list_logical_devices,
    list_physical_devices,
    run_functions_eagerly,
)

__all__ = [
    "LogicalDevice",
    "PhysicalDevice",
    "functions_run_eagerly",
    "list_logical_devices",
    "list_physical_devices",
    "run_functions_eagerly",
]
