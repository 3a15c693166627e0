"""``tf.device``: a context manager placing the ops run inside on a JAX device.

``'/CPU:0'``, ``'/GPU:1'``, ``'/job:localhost/replica:0/task:0/device:GPU:0'``, ``'cpu:0'`` or
None. The block runs under ``jax.default_device`` (JAX's thread-local setting; the process's
configuration is unchanged). As TF's soft placement, a GPU or TPU that is not there places the
ops on the CPU. Inside a ``tapejax.function`` being traced the placement is the compiled call's.
"""

from __future__ import annotations

import contextlib

import jax

_KINDS = {"CPU": ("cpu",), "GPU": ("gpu", "cuda", "rocm"), "TPU": ("tpu",)}


def _parse(spec: str) -> tuple[str | None, int]:
    """(device type, index) of a TF device string, with TF's ValueError for a bad one."""
    kind, index = None, 0
    for part in (p for p in spec.split("/") if p):
        fields = part.split(":")
        key = fields[0].lower()
        if key in ("job", "replica", "task") and len(fields) == 2:
            continue
        if key == "device":
            fields = fields[1:]
        if fields and fields[0].upper() in _KINDS:
            kind = fields[0].upper()
            index = int(fields[1]) if len(fields) > 1 and fields[1] != "*" else 0
            continue
        raise ValueError(
            f"Unknown attribute '{fields[0] if fields else part}' is encountered while "
            f"parsing the device spec: '{spec}'."
        )
    return kind, index


def jax_device(spec: str | None):
    """The JAX device for a TF device string (the CPU when the accelerator is missing)."""
    if spec is None:
        return None
    kind, index = _parse(spec)
    if kind is None:
        return None
    for platform in _KINDS[kind]:
        try:
            found = jax.devices(platform)
        except RuntimeError:  # no backend of that platform
            continue
        if found:
            return found[min(index, len(found) - 1)]
    return jax.devices("cpu")[0]


@contextlib.contextmanager
def device(device_name):
    """Places the ops run in the block on ``device_name``'s device (``tf.device``).

    >>> import tapejax as tf
    >>> with tf.device('/CPU:0'):
    ...     x = tf.constant([1.0]) + 1.0
    >>> x.device
    '/job:localhost/replica:0/task:0/device:CPU:0'
    """
    if callable(device_name):
        raise RuntimeError("tf.device does not support functions when eager execution is enabled.")
    target = jax_device(device_name)
    if target is None:
        yield
        return
    with jax.default_device(target):
        yield
