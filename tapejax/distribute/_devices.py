"""TF's device names (``"/gpu:0"``, ``"/job:localhost/replica:0/task:0/device:CPU:1"``) as
JAX devices."""

from __future__ import annotations

import re

import jax

_NAME = re.compile(r"(?:^|/)(?:device:)?(cpu|gpu|tpu):(\d+)$", re.IGNORECASE)


def jax_device(name):
    """The JAX device a TF device name (or a JAX device) denotes; ValueError if none does."""
    if isinstance(name, jax.Device):
        return name
    match = _NAME.search(str(name).strip())
    if match is None:
        raise ValueError(
            f"Unknown device {name!r}: expected a TensorFlow device name such as '/gpu:0', '/cpu:1' "
            "or '/job:localhost/replica:0/task:0/device:GPU:0'."
        )
    kind, index = match.group(1).lower(), int(match.group(2))
    try:
        devices = jax.local_devices(backend=kind)
    except RuntimeError:
        devices = []
    if index >= len(devices):
        raise ValueError(
            f"Device {name!r} does not exist: JAX sees {len(devices)} local {kind.upper()} device(s) "
            f"here. On CPU, simulate more with XLA_FLAGS=--xla_force_host_platform_device_count=N "
            "(set before JAX starts)."
        )
    return devices[index]


def tf_name(device) -> str:
    """TF's full name of a JAX device."""
    kind = {"cpu": "CPU", "gpu": "GPU", "cuda": "GPU", "rocm": "GPU", "tpu": "TPU"}.get(
        device.platform, "CPU"
    )
    return f"/job:localhost/replica:0/task:{device.process_index}/device:{kind}:{device.id}"
