"""The entries of a cache directory of compiled programs (``disk_cache.py``): each read
checked, written atomically, the directory bounded.

An entry is a header (format, the key it was written for, the payload's length and CRC-32)
and the payload. A corrupt, truncated or foreign file fails those checks and reads as absent
(its payload is never deserialized); the caller compiles the program and writes the entry
again. Entries are written under a temporary name and renamed into place (atomic on POSIX and
Windows), so processes writing the same entry at once leave one whole file, and a reader sees
the old file or the new one. Past ``MAX_BYTES`` the least recently used entries (by
modification time, which a read refreshes) are deleted, down to 3/4 of it; temporary files a
dead writer left are deleted after an hour.
"""

from __future__ import annotations

import os
import struct
import threading
import time

from . import checksum

MAX_BYTES = 1 << 30  # the directory's bound; eviction brings it down to 3/4 of it
_MAGIC = b"TJXLA\x00\x00\x01"
_HEADER = struct.Struct("<8s32sQI")  # magic, key (SHA-256), payload length, payload CRC-32
_SUFFIX = ".xla"
_STALE_TMP_S = 3600.0  # a temporary file this old was left by a writer that died

# What happened, for tests and benchmarks: programs loaded, compiled, written; entries rejected
# (corrupt, foreign); programs that cannot be kept; I/O errors passed over; seconds loading
# (the key, reading, deserializing), compiling (the key and the look-up included) and writing.
stats = {
    "loaded": 0,
    "compiled": 0,
    "written": 0,
    "rejected": 0,
    "uncacheable": 0,
    "io_errors": 0,
    "load_s": 0.0,
    "compile_s": 0.0,
    "write_s": 0.0,
}

_STORES: dict = {}
_STORES_LOCK = threading.Lock()


def store(root: str) -> Store:
    """The one ``Store`` of the directory ``root`` in this process."""
    with _STORES_LOCK:
        found = _STORES.get(root)
        if found is None:
            found = _STORES[root] = Store(root)
        return found


class Store:
    """The entries of one cache directory: read checked, written atomically, LRU-bounded."""

    def __init__(self, root: str):
        self.root = root
        self.total = None  # bytes in the directory, as last counted plus what this process wrote
        self._lock = threading.Lock()

    def path(self, key: str) -> str:
        return os.path.join(self.root, key + _SUFFIX)

    def read(self, key: str) -> bytes | None:
        """The payload of ``key``'s entry; None when there is none or it fails its checks."""
        path = self.path(key)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            return None
        except OSError:
            stats["io_errors"] += 1
            return None
        payload = unpack(data, key)
        if payload is None:
            stats["rejected"] += 1
            return None
        try:
            os.utime(path)  # recently used: evicted last
        except OSError:
            pass
        return payload

    def write(self, key: str, payload: bytes) -> None:
        """Writes the entry under a temporary name, then renames it into place (atomic)."""
        data = pack(key, payload)
        tmp = f"{self.path(key)}.{os.getpid()}.{threading.get_ident()}.{time.monotonic_ns()}.tmp"
        try:
            os.makedirs(self.root, mode=0o700, exist_ok=True)
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, self.path(key))
        except OSError:  # a read-only or full disk: the program stays in memory only
            stats["io_errors"] += 1
            _remove(tmp)
            return
        stats["written"] += 1
        with self._lock:
            if self.total is not None:
                self.total += len(data)
            if self.total is None or self.total > MAX_BYTES:
                self.total = self.evict()

    def evict(self) -> int:
        """Deletes the least recently used entries past ``MAX_BYTES`` (down to 3/4 of it) and
        temporary files a dead writer left; returns the bytes left."""
        entries, now = [], time.time()
        try:
            found = list(os.scandir(self.root))
        except OSError:
            return 0
        for entry in found:
            try:
                info = entry.stat()
            except OSError:
                continue
            if entry.name.endswith(".tmp"):
                if now - info.st_mtime > _STALE_TMP_S:
                    _remove(entry.path)
            elif entry.name.endswith(_SUFFIX):
                entries.append((info.st_mtime, info.st_size, entry.path))
        total = sum(size for _, size, _ in entries)
        if total <= MAX_BYTES:
            return total
        for _, size, path in sorted(entries):
            if total <= MAX_BYTES * 3 // 4:
                break
            if _remove(path):
                total -= size
        return total


def _remove(path: str) -> bool:
    try:
        os.remove(path)
        return True
    except OSError:
        return False


def pack(key: str, payload: bytes) -> bytes:
    """An entry's bytes: the header, then the payload."""
    return _HEADER.pack(_MAGIC, bytes.fromhex(key), len(payload), checksum.of_bytes(payload)) + payload


def unpack(data: bytes, key: str) -> bytes | None:
    """The payload of an entry written for ``key``; None if ``data`` is not one (another
    format, another key, truncated or changed bytes)."""
    if len(data) < _HEADER.size:
        return None
    magic, written_for, length, crc = _HEADER.unpack_from(data)
    payload = data[_HEADER.size :]
    if magic != _MAGIC or written_for != bytes.fromhex(key) or length != len(payload):
        return None
    return payload if checksum.of_bytes(payload) == crc else None
