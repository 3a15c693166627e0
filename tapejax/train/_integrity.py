"""The checksums of a checkpoint, and their checks before anything is restored.

A checkpoint's index (version 2) carries:

- ``"crc32"``: the checksum of its own ``nodes`` and ``files`` (a damaged index is found
  before a wrong object graph or file list is believed);
- ``"files"``: ``{path under PREFIX.data/: [size, crc32]}`` for every file orbax wrote, values
  and metadata alike (a flipped byte anywhere is found before orbax parses anything);
- per saved Variable, ``"crc32"`` of its value's bytes, checked on the values orbax returns
  (TensorFlow's per-tensor check: it also catches a value orbax reads back wrong).

Version 1 indexes (tapejax before checksums) have none of these and are read unchecked.
"""

from __future__ import annotations

import os

import numpy as np

from .._core import checksum
from .._core.errors import DataLossError, NotFoundError

_RESTORE_ANOTHER = "restore another one (an older one is in CheckpointManager.checkpoints) or write it again."
_ADVICE = f"The checkpoint is corrupt; {_RESTORE_ANOTHER}"


def seal(document: dict, nodes: list[dict], files: dict) -> dict:
    """``document`` with the file checksums and its own checksum added."""
    return {
        **document,
        "crc32": checksum.of_bytes(checksum.canonical([nodes, files])),
        "files": files,
        "nodes": nodes,
    }


def index_damage(document: dict, version: int) -> str | None:
    """What is wrong with a parsed index whose format and version are right, or None."""
    nodes, files = document["nodes"], document.get("files")
    records = [n["variable"] for n in nodes if isinstance(n, dict) and "variable" in n]
    if version == 1:
        # A version 1 index has no checksums; one that has some is a version 2 index whose
        # version number was damaged, and must not be read unchecked.
        if set(document) != {"format", "version", "nodes"} or any("crc32" in r for r in records):
            return "a version 1 index with checksum fields"
        return None
    if not isinstance(files, dict) or not isinstance(document.get("crc32"), int):
        return "its checksum fields are missing"
    if not all(isinstance(r, dict) and isinstance(r.get("crc32"), int) for r in records):
        return "a value's checksum is missing"
    stored, actual = document["crc32"], checksum.of_bytes(checksum.canonical([nodes, files]))
    if stored != actual:
        return f"Checksum does not match: stored {checksum.show(stored)} vs. calculated on the restored bytes {actual}"
    return None


def check_files(prefix: str, files: dict | None) -> None:
    """Raises NotFoundError for a missing file of ``PREFIX.data/``, DataLossError for one whose
    size or checksum differs from what was written. ``files`` None: a version 1 checkpoint."""
    root = os.path.abspath(prefix + ".data")
    for relpath, (size, crc) in (files or {}).items():
        path = os.path.join(root, relpath)
        try:
            actual_size, actual = checksum.of_file(path)
        except FileNotFoundError:
            raise NotFoundError(
                None,
                None,
                f"Error when restoring from checkpoint {prefix}: {path}; No such file or directory. "
                f"The checkpoint is incomplete (a file of its values was removed); {_RESTORE_ANOTHER}",
            ) from None
        if actual_size != size:
            raise DataLossError(
                None,
                None,
                f"Checkpoint {prefix}: file {path} has {actual_size} bytes where {size} were written "
                f"(truncated or overwritten). {_ADVICE}",
            )
        if actual != crc:
            raise DataLossError(
                None,
                None,
                f"Checkpoint {prefix}: file {path} ({size} bytes): Checksum does not match: stored "
                f"{checksum.show(crc)} vs. calculated on the restored bytes {actual}. {_ADVICE}",
            )


def check_value(prefix: str, record: dict, value) -> None:
    """Raises DataLossError if ``value`` is not the value whose checksum ``record`` stored."""
    if "crc32" not in record:  # a version 1 checkpoint
        return
    value = np.asarray(value)  # a jax.Array's bytes come to the host once
    actual = checksum.of_array(value)
    if actual != record["crc32"]:
        raise DataLossError(
            None,
            None,
            f"Checkpoint {prefix}, value {record['key']} ({value.nbytes} bytes): Checksum "
            f"does not match: stored {checksum.show(record['crc32'])} vs. calculated on the restored "
            f"bytes {actual}. {_ADVICE}",
        )
