"""The ``checkpoint`` file of a directory: which checkpoints it holds, newest last (TF's text).

``Checkpoint.save`` and ``CheckpointManager`` write it, in TensorFlow's text format::

    model_checkpoint_path: "ckpt-3"
    all_model_checkpoint_paths: "ckpt-2"
    all_model_checkpoint_paths: "ckpt-3"

``latest_checkpoint(directory)`` reads it.
"""

from __future__ import annotations

import json
import os

from .._core.values.errors import DataLossError
from . import _files

STATE_FILE = "checkpoint"


class CheckpointState:
    """What a directory's ``checkpoint`` file says (``tf.train.get_checkpoint_state``).

    Paths are joined to the directory as given, as TensorFlow's are.
    """

    def __init__(
        self,
        model_checkpoint_path: str,
        all_model_checkpoint_paths=(),
        all_model_checkpoint_timestamps=(),
        last_preserved_timestamp: float = 0.0,
    ):
        self.model_checkpoint_path = model_checkpoint_path
        self.all_model_checkpoint_paths = list(all_model_checkpoint_paths)
        self.all_model_checkpoint_timestamps = list(all_model_checkpoint_timestamps)
        self.last_preserved_timestamp = last_preserved_timestamp

    def __str__(self) -> str:
        lines = [f"model_checkpoint_path: {json.dumps(self.model_checkpoint_path)}"]
        lines += [f"all_model_checkpoint_paths: {json.dumps(p)}" for p in self.all_model_checkpoint_paths]
        lines += [f"all_model_checkpoint_timestamps: {t!r}" for t in self.all_model_checkpoint_timestamps]
        if self.last_preserved_timestamp:
            lines.append(f"last_preserved_timestamp: {self.last_preserved_timestamp!r}")
        return "".join(line + "\n" for line in lines)


def get_checkpoint_state(checkpoint_dir, latest_filename=None) -> CheckpointState | None:
    """The state of ``checkpoint_dir``'s ``checkpoint`` file, or None if it has none."""
    checkpoint_dir = os.fspath(checkpoint_dir)
    path = os.path.join(checkpoint_dir, latest_filename or STATE_FILE)
    if not os.path.isfile(path):
        return None
    fields: dict[str, list] = {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            key, sep, value = line.partition(":")
            try:
                parsed = json.loads(value.strip()) if sep else None
            except ValueError:
                parsed = None
            if parsed is None:
                raise DataLossError(
                    None,
                    None,
                    f"Unable to parse the checkpoint state file {path}, line {number}: {line.strip()!r}. "
                    "Delete the file (the checkpoints beside it are intact) and restore one by its path.",
                )
            fields.setdefault(key.strip(), []).append(parsed)

    def joined(p: str) -> str:
        return p if os.path.isabs(p) else os.path.join(checkpoint_dir, p)

    if "model_checkpoint_path" not in fields:
        return None
    return CheckpointState(
        joined(fields["model_checkpoint_path"][-1]),
        [joined(p) for p in fields.get("all_model_checkpoint_paths", [])],
        [float(t) for t in fields.get("all_model_checkpoint_timestamps", [])],
        float(fields.get("last_preserved_timestamp", [0.0])[-1]),
    )


def update_checkpoint_state(directory: str, state: CheckpointState) -> None:
    """Writes ``state`` as ``directory``'s ``checkpoint`` file, paths relative to it."""

    def relative(p: str) -> str:
        return (
            os.path.relpath(p, directory)
            if os.path.dirname(os.path.abspath(p)) == os.path.abspath(directory)
            else p
        )

    text = str(
        CheckpointState(
            relative(state.model_checkpoint_path),
            [relative(p) for p in state.all_model_checkpoint_paths],
            state.all_model_checkpoint_timestamps,
            state.last_preserved_timestamp,
        )
    )
    path = os.path.join(directory, STATE_FILE)
    temporary = path + ".tmp"
    with open(temporary, "w") as f:
        f.write(text)
    os.replace(temporary, path)


def latest_checkpoint(checkpoint_dir, latest_filename=None) -> str | None:
    """The newest checkpoint saved in ``checkpoint_dir`` (``tf.train.latest_checkpoint``).

    Its prefix, to pass to ``Checkpoint.restore``; None when the directory has no
    ``checkpoint`` file or the checkpoint it names is gone.
    """
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state is None or not _files.exists(state.model_checkpoint_path):
        return None
    return state.model_checkpoint_path
