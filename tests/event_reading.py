"""Reads event files back with TensorBoard's own readers (the tf.summary and TensorBoard tests)."""

from __future__ import annotations

import glob
import io
import os

import numpy as np
from PIL import Image
from tensorboard.backend.event_processing import event_file_loader, plugin_event_accumulator
from tensorboard.util import tensor_util


def event_files(logdir: str) -> list[str]:
    return sorted(glob.glob(os.path.join(logdir, "events.out.tfevents.*")))


def summaries(logdir: str, plugin_names: bool = False) -> list[tuple]:
    """``(step, tag, value)`` of every summary in ``logdir``'s event files (or in one event
    file), file by file, as written (TensorBoard's raw loader, no migration): scalars as
    floats, images as ``[width, height, *pixel lists]``, strings as bytes, other tensors as
    numpy arrays. ``plugin_names``: ``(step, tag, plugin, value)``."""
    found = []
    for path in event_files(logdir) if os.path.isdir(logdir) else [logdir]:
        for event in event_file_loader.LegacyEventFileLoader(path).Load():
            if event.WhichOneof("what") != "summary":
                continue
            for value in event.summary.value:
                plugin = value.metadata.plugin_data.plugin_name
                array = tensor_util.make_ndarray(value.tensor)
                if plugin == "images":
                    array = [*array[:2], *(np.asarray(Image.open(io.BytesIO(b))).tolist() for b in array[2:])]
                elif plugin == "scalars":
                    array = float(array)
                elif array.dtype == object and array.ndim == 0:
                    array = array[()]
                found.append(
                    (event.step, value.tag, plugin, array) if plugin_names else (event.step, value.tag, array)
                )
    return found


def events(path: str) -> list:
    """Every Event proto of one file (TensorBoard's raw loader)."""
    return list(event_file_loader.LegacyEventFileLoader(path).Load())


def plugin_tags(logdir: str) -> dict:
    """What TensorBoard's dashboards see: ``{plugin: sorted tags}``, through its accumulator."""
    accumulator = plugin_event_accumulator.EventAccumulator(logdir, size_guidance={"tensors": 0})
    accumulator.Reload()
    return {plugin: sorted(accumulator.PluginTagToContent(plugin)) for plugin in accumulator.ActivePlugins()}


def histogram_rows(edges: list, counts: dict) -> np.ndarray:
    """A histogram tensor from its edges (k + 1) and its nonzero counts ``{bucket: count}``."""
    rows = np.zeros((len(edges) - 1, 3))
    rows[:, 0], rows[:, 1] = edges[:-1], edges[1:]
    for bucket, count in counts.items():
        rows[bucket, 2] = count
    return rows
