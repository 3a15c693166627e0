"""Reading a checkpoint without a program: ``tf.train.list_variables`` and ``load_variable``."""

from __future__ import annotations

import os

from .._core.errors import NotFoundError
from . import _files, _state


def _prefix(ckpt_dir_or_file) -> str:
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path) and not _files.exists(path):
        latest = _state.latest_checkpoint(path)
        if latest is None:
            raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given directory {path}")
        return latest
    return path


def list_variables(ckpt_dir_or_file) -> list[tuple[str, list[int]]]:
    """The ``(key, shape)`` of every value in a checkpoint (or the newest one in a directory),
    sorted by key; keys are TensorFlow's (``'model/dense/kernel/.ATTRIBUTES/VARIABLE_VALUE'``)."""
    nodes = _files.read_index(_prefix(ckpt_dir_or_file), restoring=False)
    found = [(r["key"], list(r["shape"])) for r in _files.saved_variables(nodes)]
    return sorted([("_CHECKPOINTABLE_OBJECT_GRAPH", []), *found])


def load_variable(ckpt_dir_or_file, name: str):
    """The value saved under ``name`` (a key from ``list_variables``), as a numpy array."""
    prefix = _prefix(ckpt_dir_or_file)
    index = _files.read_checked_index(prefix, restoring=False)
    nodes = index["nodes"]
    key = name[:-2] if name.endswith(":0") else name
    for record in _files.saved_variables(nodes):
        if record["key"] == key:
            return _files.read_values(prefix, nodes, {}, index.get("files"))[record["index"]]
    raise NotFoundError(
        None,
        None,
        f"Key {key} not found in checkpoint {prefix}; tf.train.list_variables "
        "lists its keys (such as 'model/w/.ATTRIBUTES/VARIABLE_VALUE').",
    )
