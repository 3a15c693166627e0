"""``tf.test``: the device queries TF programs use (defined in ``_api/config.py``).

A namespace: re-exports only (see the README's Architecture)."""

from ._api.config import gpu_device_name, is_built_with_cuda, is_gpu_available

__all__ = ["gpu_device_name", "is_built_with_cuda", "is_gpu_available"]
