"""What keras' ``TensorBoard`` callback writes with: ``tf.summary`` (``tapejax.summary``), the
SummaryMetadata of a summary for a plugin, and JAX's profiler (Keras 3's JAX backend profiles
with it too; its traces land where TensorBoard's Profile dashboard reads them)."""

from __future__ import annotations

import jax

from .... import summary
from ....summary._events import plugin_metadata
from ....summary._state import has_default_writer


def start_trace(logdir: str) -> None:
    if logdir:
        jax.profiler.start_trace(logdir)


def stop_trace(save: bool) -> None:
    if save:
        jax.profiler.stop_trace()


def start_batch_trace(batch):
    context = jax.profiler.TraceAnnotation(f"Profiled batch {batch}")
    context.__enter__()
    return context


def stop_batch_trace(context) -> None:
    context.__exit__(None, None, None)


__all__ = [
    "has_default_writer",
    "plugin_metadata",
    "start_batch_trace",
    "start_trace",
    "stop_batch_trace",
    "stop_trace",
    "summary",
]
