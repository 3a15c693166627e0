"""A checkpoint on disk: ``PREFIX.index`` (the object graph, JSON) and ``PREFIX.data/`` (orbax).

The layout follows TensorFlow's (``ckpt-3.index`` beside the values), so code that looks for
``*.index`` files still finds checkpoints. The values are written by orbax-checkpoint's
``PyTreeCheckpointer`` (tensorstore underneath; a sharded ``jax.Array`` is written shard by
shard and read back onto the live Variable's sharding). A write removes the old index first
and writes the new one last, through a temporary file: a checkpoint whose ``.index`` exists is
complete, and one cut off halfway is not found rather than half read. The index holds the
checksums of every file and value (``_integrity``), checked before any value is assigned.
"""

from __future__ import annotations

import json
import os

import jax
import numpy as np

from .._core import checksum
from .._core.recording.variable import Variable
from .._core.values import x64
from .._core.values.access import value_of
from .._core.values.errors import DataLossError, NotFoundError
from . import _integrity

FORMAT = "tapejax.train.Checkpoint"
VERSION = 2  # 2: with checksums; 1 (no checksums) is still read


def _orbax():
    # Imported when a checkpoint is first written or read: orbax-checkpoint (with tensorstore)
    # takes ~0.45 s to import, which would add 40% to `import tapejax` for every program.
    import orbax.checkpoint as ocp  # noqa: PLC0415

    return ocp


def _checkpointer():
    ocp = _orbax()
    if jax.process_count() == 1:
        return ocp.PyTreeCheckpointer()
    # Several processes (MultiWorkerMirroredStrategy): each writes and reads its own checkpoint,
    # as TF's workers do (the chief into the real directory, the others into their own), with
    # host values; orbax's multi-host protocol (every process on one directory) is not TF's.
    here = jax.process_index()
    options = ocp.options.MultiprocessingOptions(
        primary_host=here, active_processes={here}, barrier_sync_key_prefix=f"tapejax_process_{here}"
    )
    handler = ocp.PyTreeCheckpointHandler(multiprocessing_options=options)
    return ocp.Checkpointer(handler, multiprocessing_options=options)


def _on_host(value):
    """A value of several processes (a replicated Variable's) as this process's numpy copy."""
    if jax.process_count() == 1 or not isinstance(value, jax.Array):
        return value
    return np.asarray(value.addressable_data(0) if not value.is_fully_addressable else value)


def exists(prefix: str) -> bool:
    return os.path.isfile(os.fspath(prefix) + ".index")


@x64.enabled
def write(prefix, nodes: list[dict], variables: list[Variable]) -> str:
    """Writes the checkpoint ``prefix``; returns it (a str)."""
    prefix = os.fspath(prefix)
    values, records = {}, saved_variables(nodes)
    for i, variable in enumerate(variables):
        value = value_of(variable)
        if isinstance(value, jax.core.Tracer):
            raise RuntimeError(
                f"tf.train.Checkpoint cannot write {variable.name!r} inside tapejax.function: its value "
                "is symbolic while the function traces. Save between steps, outside the function."
            )
        values[str(i)] = value = _on_host(value)
        records[i]["crc32"] = checksum.of_array(value)
    index = prefix + ".index"
    os.makedirs(os.path.dirname(os.path.abspath(prefix)), exist_ok=True)
    if os.path.lexists(index):
        os.remove(index)
    data = os.path.abspath(prefix + ".data")
    if values:
        _checkpointer().save(data, values, force=True)
    files = checksum.of_files(data) if values else {}
    temporary = index + ".tmp"
    with open(temporary, "w") as f:
        json.dump(_integrity.seal({"format": FORMAT, "version": VERSION}, nodes, files), f)
    os.replace(temporary, index)
    return prefix


def not_found(prefix: str, restoring: bool) -> NotFoundError:
    message = f"Unsuccessful TensorSliceReader constructor: Failed to find any matching files for {prefix}"
    if restoring:
        message = (
            f"Error when restoring from checkpoint or SavedModel at {prefix}: {message}\nPlease "
            "double-check that the path is correct. You may be missing the checkpoint suffix "
            "(e.g. the '-1' in 'path/to/ckpt-1')."
        )
    return NotFoundError(None, None, message)


def read_index(prefix, restoring: bool = True) -> list[dict]:
    """The saved object graph of ``prefix``, its checksum checked; NotFoundError or
    DataLossError if it has none."""
    return read_checked_index(prefix, restoring)["nodes"]


def read_checked_index(prefix, restoring: bool = True) -> dict:
    """The parsed index of ``prefix`` (``nodes``, and ``files`` from version 2 on), checked."""
    prefix = os.fspath(prefix)
    if not exists(prefix):
        raise not_found(prefix, restoring)
    try:
        with open(prefix + ".index", "rb") as f:
            index = json.loads(f.read().decode("utf-8"))
        nodes, version = index["nodes"], index.get("version")
        ok = (
            index.get("format") == FORMAT
            and version in (1, VERSION)
            and isinstance(nodes, list)
            and all(isinstance(n, dict) and isinstance(n.get("children"), list) for n in nodes)
        )
        damage = _integrity.index_damage(index, version) if ok else None
    except (ValueError, KeyError, TypeError, AttributeError):
        ok, damage = False, None
    if not ok:
        raise DataLossError(
            None,
            None,
            f"Unable to open table file {prefix}.index: Data loss: not a tapejax checkpoint index "
            f"(version {VERSION}). The file is corrupt, or was not written by tapejax's "
            "tf.train.Checkpoint (TensorFlow's own checkpoints cannot be read).",
        )
    if damage is not None:
        raise DataLossError(
            None,
            None,
            f"Unable to open table file {prefix}.index: Data loss: the checkpoint index is corrupt "
            f"({damage}). Restore another checkpoint (an older one is in "
            "CheckpointManager.checkpoints) or write it again.",
        )
    return index


def saved_variables(nodes: list[dict]) -> list[dict]:
    """The ``"variable"`` records of ``nodes``, by their index in the values."""
    return sorted((n["variable"] for n in nodes if "variable" in n), key=lambda v: v["index"])


@x64.enabled
def read_values(prefix, nodes: list[dict], shardings: dict, files: dict | None) -> dict[int, object]:
    """Every saved value of ``prefix`` (index -> array), each checked against the index.

    ``shardings`` maps a value's index to the sharding to read it onto (a live Variable's);
    the others are read as numpy arrays. ``files`` are the index's file checksums (None in a
    version 1 checkpoint): every file is checked before orbax reads any, every value after.
    """
    prefix = os.fspath(prefix)
    records = saved_variables(nodes)
    if not records:
        return {}
    _integrity.check_files(prefix, files)
    ocp = _orbax()
    several = jax.process_count() > 1  # read on the host, then placed on the live sharding
    args = {
        str(r["index"]): (
            ocp.ArrayRestoreArgs(sharding=shardings[r["index"]])
            if r["index"] in shardings and not several
            else ocp.RestoreArgs(restore_type=np.ndarray)
        )
        for r in records
    }
    try:
        restored = _checkpointer().restore(os.path.abspath(prefix + ".data"), restore_args=args)
        values = {r["index"]: restored[str(r["index"])] for r in records}
    except Exception as e:  # orbax and tensorstore raise many kinds for a damaged directory
        raise DataLossError(
            None,
            None,
            f"Unable to read the values of checkpoint {prefix} from {prefix}.data: {type(e).__name__}: "
            f"{e}. The checkpoint is corrupt or incomplete; restore another one (an older one is "
            "in CheckpointManager.checkpoints).",
        ) from e
    for r in records:
        value = values[r["index"]]
        if list(np.shape(value)) != r["shape"] or np.dtype(value.dtype).name != r["dtype"]:
            raise DataLossError(
                None,
                None,
                f"Checkpoint {prefix} is corrupt: {r['key']} holds a {np.dtype(value.dtype).name} value "
                f"of shape {tuple(np.shape(value))} where its index records {r['dtype']} "
                f"{tuple(r['shape'])}.",
            )
        _integrity.check_value(prefix, r, value)
    if several:
        values = {i: jax.device_put(v, shardings[i]) if i in shardings else v for i, v in values.items()}
    return values
