"""The checksums of a saved dataset (``Dataset.save``, ``Dataset.snapshot``), checked on load.

``element_spec.json`` carries ``"crc32"`` (of the rest of itself), ``"files"``
(``{"elements.npz": [size, crc32]}``) and ``"arrays"`` (the CRC-32 of each array in it, checked
on the arrays read back). A directory saved before checksums (its JSON has only
``element_spec`` and ``count``) loads unchecked.
"""

from __future__ import annotations

import json
import os

from .._core import checksum
from .._core.errors import DataLossError, NotFoundError

LEGACY_KEYS = {"element_spec", "count"}


def _advice(path: str) -> str:
    return (
        f"The saved dataset at {path} is corrupt; save it again (a Dataset.snapshot: remove that "
        "directory and the next complete pass writes it again)."
    )


def read_spec(path: str, spec_path: str) -> dict:
    """The parsed, checked ``element_spec.json`` of the saved dataset at ``path``."""
    try:
        with open(spec_path, "rb") as f:
            saved = json.loads(f.read().decode("utf-8"))
        problem = checksum.damage(saved, LEGACY_KEYS)
        if problem is None and not LEGACY_KEYS <= set(saved):
            problem = "element_spec or count is missing"
    except (ValueError, UnicodeDecodeError) as e:
        problem = f"not JSON: {e}"
    if problem is not None:
        raise DataLossError(None, None, f"Unable to read {spec_path}: Data loss: {problem}. {_advice(path)}")
    return saved


def check_file(path: str, name: str, saved: dict) -> None:
    """Raises NotFoundError if the file ``name`` is missing, DataLossError if its size or
    checksum is not what was written (nothing to check in a legacy directory)."""
    file = os.path.join(path, name)
    if not os.path.isfile(file):
        raise NotFoundError(None, None, f"{file}; No such file or directory. {_advice(path)}")
    if "files" not in saved:
        return
    size, crc = saved["files"][name]
    actual_size, actual = checksum.of_file(file)
    if actual_size != size:
        raise DataLossError(
            None,
            None,
            f"{file} has {actual_size} bytes where {size} were written (truncated or overwritten). {_advice(path)}",
        )
    if actual != crc:
        raise DataLossError(
            None,
            None,
            f"{file} ({size} bytes): Checksum does not match: stored {checksum.show(crc)} vs. "
            f"calculated on the restored bytes {actual}. {_advice(path)}",
        )


def check_array(path: str, name: str, array, saved: dict) -> None:
    """Raises DataLossError if the array ``name`` read back is not the one written."""
    if "arrays" not in saved:
        return
    stored, actual = saved["arrays"][name], checksum.of_array(array)
    if stored != actual:
        raise DataLossError(
            None,
            None,
            f"{os.path.join(path, 'elements.npz')}[{name!r}] ({array.nbytes} bytes): Checksum does not match: stored "
            f"{checksum.show(stored)} vs. calculated on the restored bytes {actual}. {_advice(path)}",
        )
