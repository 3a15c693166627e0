"""The directory a SavedModel is written to: its files, its manifest, and how it is checked.

Format version 1 (see ``docs/saved_model.md``)::

    export_dir/
      tapejax_saved_model.json   the manifest: format name and version, objects, functions,
                                 variables, and the size and sha256 of every other file
      variables.npz              one raw byte array per Variable (``v0``, ``v1``, ...)
      functions/<k>.jaxexport    one ``jax.export`` serialization per exported function variant

A save is written into a temporary directory next to ``export_dir`` and renamed into place,
so a save that fails leaves ``export_dir`` as it was. A load checks the manifest and each
file's size and checksum before anything is deserialized: a missing, truncated or foreign
directory raises ``OSError`` (as TensorFlow does) naming the path and what is wrong.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile

FORMAT = "tapejax.saved_model"
VERSION = 1
MANIFEST = "tapejax_saved_model.json"
_TF_FILES = ("saved_model.pb", "saved_model.pbtxt")


class Writer:
    """Writes the files of one SavedModel into a directory, remembering their checksums."""

    def __init__(self, root: str):
        self.root = root
        self.files: dict[str, dict] = {}

    def put(self, relpath: str, data: bytes) -> str:
        """Writes ``data`` to ``root/relpath``; returns ``relpath``."""
        path = os.path.join(self.root, relpath)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        self.files[relpath] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        return relpath

    def finish(self, manifest: dict) -> None:
        """Writes the manifest (last: a directory without one is not a SavedModel)."""
        manifest = {"format": FORMAT, "version": VERSION, **manifest, "files": self.files}
        with open(os.path.join(self.root, MANIFEST), "w") as f:
            json.dump(manifest, f, indent=1, sort_keys=True)


@contextlib.contextmanager
def atomic_directory(export_dir):
    """Yields a Writer on a temporary directory that replaces ``export_dir`` on success.

    An existing ``export_dir`` is replaced only if it is empty or a tapejax SavedModel (its
    files are never merged with the new ones); if the block raises, the temporary directory
    is removed and ``export_dir`` is untouched.
    """
    target = os.path.abspath(os.fspath(export_dir))
    parent, base = os.path.split(target)
    _check_replaceable(target)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=f".{base}.saving-", dir=parent)
    try:
        yield Writer(tmp)
        _swap_into_place(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _check_replaceable(target: str) -> None:
    if not os.path.exists(target):
        return
    if not os.path.isdir(target):
        raise FileExistsError(
            f"tapejax.saved_model.save cannot write to {target}: it exists and is not a directory. "
            "Pass a directory path that does not exist yet, or remove that file."
        )
    if os.listdir(target) and not os.path.isfile(os.path.join(target, MANIFEST)):
        raise FileExistsError(
            f"tapejax.saved_model.save will not replace {target}: it is a non-empty directory that "
            f"is not a tapejax SavedModel (it has no {MANIFEST}), and saving replaces the whole "
            "directory. Choose a new export_dir, or empty that directory first."
        )


def _swap_into_place(tmp: str, target: str) -> None:
    """Renames ``tmp`` to ``target``; an old ``target`` is moved aside first and then removed."""
    if not os.path.exists(target):
        os.rename(tmp, target)
        return
    old = tempfile.mkdtemp(prefix=f".{os.path.basename(target)}.old-", dir=os.path.dirname(target))
    os.rmdir(old)
    os.rename(target, old)
    try:
        os.rename(tmp, target)
    except BaseException:
        os.rename(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)


def read_manifest(export_dir) -> tuple[str, dict]:
    """The absolute path of ``export_dir`` and its checked manifest.

    Raises:
      OSError: no such directory, not a tapejax SavedModel, or an unreadable manifest.
      ValueError: a format version newer than this tapejax reads.
    """
    root = os.path.abspath(os.fspath(export_dir))
    where = os.path.join(root, MANIFEST)
    if not os.path.isdir(root):
        what = "is not a directory" if os.path.exists(root) else "does not exist"
        raise OSError(f"SavedModel file does not exist at: {where} ({root} {what}).")
    if not os.path.isfile(where):
        raise OSError(f"SavedModel file does not exist at: {where}. {_foreign(root)}")
    try:
        with open(where) as f:
            manifest = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise OSError(
            f"Cannot parse file {where}: {error}. The SavedModel at {root} is damaged (truncated or "
            "overwritten); save the model again."
        ) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise OSError(f"Cannot parse file {where}: it is not a {FORMAT} manifest.")
    version = manifest.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise ValueError(
            f"The SavedModel at {root} has format version {version!r}, and this tapejax reads "
            f"versions up to {VERSION}. Upgrade tapejax to load it."
        )
    return root, manifest


def _foreign(root: str) -> str:
    """Why ``root`` (a directory without a manifest) is not a tapejax SavedModel."""
    if any(os.path.isfile(os.path.join(root, name)) for name in _TF_FILES):
        return (
            "It is a TensorFlow SavedModel (it has saved_model.pb), which tapejax cannot load: "
            "tapejax.saved_model.load reads only directories written by tapejax.saved_model.save."
        )
    names = sorted(os.listdir(root))
    found = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "") if names else "nothing"
    return f"It is not a tapejax SavedModel (it contains {found})."


def read_file(root: str, manifest: dict, relpath: str) -> bytes:
    """The bytes of one file of the SavedModel, after checking its size and checksum."""
    path = os.path.join(root, relpath)
    expected = manifest["files"].get(relpath)
    if expected is None:
        raise OSError(f"Cannot read {path}: the manifest of the SavedModel at {root} does not list it.")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as error:
        raise OSError(f"Cannot read {path}, a file of the SavedModel at {root}: {error}.") from None
    if len(data) != expected["size"]:
        raise OSError(
            f"Cannot read {path}: it is truncated or damaged ({len(data)} bytes, the SavedModel at "
            f"{root} wrote {expected['size']}). Save the model again."
        )
    if hashlib.sha256(data).hexdigest() != expected["sha256"]:
        raise OSError(
            f"Cannot read {path}: its contents changed since it was saved (checksum mismatch). "
            "Save the model again."
        )
    return data
