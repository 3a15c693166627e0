"""Checksums of what tapejax writes and reads back: values, files and JSON documents.

TensorFlow stores a CRC32C per tensor in its checkpoints and raises ``DataLossError`` when the
restored bytes do not match. tapejax stores a CRC-32 (``zlib.crc32``: the standard library's,
C speed, no new dependency). Its error detection equals CRC32C's for what matters here (every
error burst of up to 32 bits, every 1-3 bit error in files of the sizes written); CRC32C's
advantages are a hardware instruction and TF's file format, and tapejax's files are not TF's.

Readers verify a checksum when the file carries one: files written before checksums existed
still load (unchecked), as a user upgrading tapejax expects.
"""

from __future__ import annotations

import json
import os
import zlib

import numpy as np

_CHUNK = 1 << 20  # files are checksummed a MiB at a time: memory stays flat for large ones


def of_bytes(data) -> int:
    """The CRC-32 of ``data`` (bytes or any contiguous buffer)."""
    return zlib.crc32(data) & 0xFFFFFFFF


def of_array(value) -> int:
    """The CRC-32 of an array's values: its bytes in C order, little-endian (any machine
    computes the same number for the same values)."""
    a = np.asarray(value)
    if a.dtype.byteorder == ">":
        a = a.astype(a.dtype.newbyteorder("<"))
    return of_bytes(np.ascontiguousarray(a).reshape(-1).view(np.uint8))


def of_file(path: str) -> tuple[int, int]:
    """``(size, crc32)`` of the file ``path``."""
    crc, size = 0, 0
    with open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            crc, size = zlib.crc32(chunk, crc), size + len(chunk)
    return size, crc & 0xFFFFFFFF


def of_files(root: str) -> dict[str, list[int]]:
    """``{relative path: [size, crc32]}`` of every file under the directory ``root``."""
    found = {}
    for directory, _, names in os.walk(root):
        for name in names:
            path = os.path.join(directory, name)
            found[os.path.relpath(path, root).replace(os.sep, "/")] = list(of_file(path))
    return dict(sorted(found.items()))


def canonical(document) -> bytes:
    """The bytes a JSON document's checksum is computed on: compact, keys in their order.
    Parsing and dumping again gives the same bytes, so a reader checks what it parsed."""
    return json.dumps(document, separators=(",", ":"), allow_nan=True).encode("utf-8")


def show(crc: int) -> str:
    """A stored checksum as TensorFlow prints one (``%08u``)."""
    return f"{crc:08d}"


def seal(document: dict) -> dict:
    """``document`` with ``"crc32"``, the checksum of everything else in it, added last."""
    return {**document, "crc32": of_bytes(canonical(document))}


def damage(document, legacy_keys: set[str]) -> str | None:
    """What is wrong with a parsed sealed ``document``, or None if its checksum matches.

    A document with exactly ``legacy_keys`` was written before checksums and is accepted
    unchecked; any other document must carry a matching ``"crc32"`` (so a damaged key name
    cannot pass a new file off as an old one).
    """
    if not isinstance(document, dict):
        return "not a JSON object"
    if "crc32" not in document:
        return None if set(document) == set(legacy_keys) else "its checksum is missing"
    stored = document["crc32"]
    if not isinstance(stored, int):
        return "its checksum is missing"
    actual = of_bytes(canonical({k: v for k, v in document.items() if k != "crc32"}))
    if stored != actual:
        return f"Checksum does not match: stored {show(stored)} vs. calculated on the restored bytes {actual}"
    return None
