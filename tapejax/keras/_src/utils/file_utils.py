"""``keras.utils.get_file``: a file copied (or downloaded) into the Keras cache, checked against
a hash and, when asked, extracted from its tar or zip archive.

An ``origin`` is a URL ``urllib`` reads (``file://`` included) or a local path, copied as is.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import urllib.parse
import warnings


def keras_home() -> str:
    """``$KERAS_HOME``, else ``~/.keras`` (``/tmp/.keras`` when home is not writable), as Keras."""
    if "KERAS_HOME" in os.environ:
        return os.environ["KERAS_HOME"]
    base = os.path.expanduser("~")
    return os.path.join(base if os.access(base, os.W_OK) else "/tmp", ".keras")


def get_file(
    fname=None,
    origin=None,
    untar=False,
    md5_hash=None,
    file_hash=None,
    cache_subdir="datasets",
    hash_algorithm="auto",
    extract=False,
    archive_format="auto",
    cache_dir=None,
    force_download=False,
):
    """The path of ``origin``'s file in ``cache_dir/cache_subdir`` (fetched unless already there
    with the right hash), or of the folder it was extracted to when ``extract``.

    >>> import os, tempfile, tapejax as tf
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "data.txt"), "w") as f:
    ...     _ = f.write("hello")
    >>> path = tf.keras.utils.get_file(origin="file://" + os.path.join(folder, "data.txt"),
    ...                                cache_dir=folder, cache_subdir="cache")  # doctest: +ELLIPSIS
    Downloading data from file:///.../data.txt
    >>> os.path.relpath(path, folder)
    'cache/data.txt'
    """
    if origin is None:
        raise ValueError('Please specify the "origin" argument (URL of the file to download).')
    if md5_hash is not None and file_hash is None:
        file_hash, hash_algorithm = md5_hash, "md5"
    base = os.path.expanduser(cache_dir if cache_dir is not None else keras_home())
    if not os.access(base, os.W_OK):
        base = os.path.join("/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir(), ".keras")
    datadir = os.path.join(base, cache_subdir)
    os.makedirs(datadir, exist_ok=True)
    target, extraction_dir = _targets(datadir, fname, origin, extract or untar)
    download = force_download or not os.path.exists(target)
    if not download and file_hash is not None and not validate_file(target, file_hash, hash_algorithm):
        print(
            "A local file was found, but it seems to be incomplete or outdated because the "
            f"{hash_algorithm} file hash does not match the original value of {file_hash} so we "
            "will re-download the data."
        )
        download = True
    if download:
        print(f"Downloading data from {origin}")
        _fetch(origin, target)
        if file_hash is not None and not validate_file(target, file_hash, hash_algorithm):
            raise ValueError(
                f"Incomplete or corrupted file detected. The {hash_algorithm} file hash does not "
                f"match the provided value of {file_hash}."
            )
    if extract or untar:
        if not extract_archive(target, extraction_dir, "tar" if untar else archive_format):
            warnings.warn("Could not extract archive.", stacklevel=2)
        return extraction_dir
    return target


def _targets(datadir: str, fname, origin: str, extract: bool):
    """Where the file goes and, when extracting, the folder its archive is extracted to."""
    given = fname = os.fspath(fname) if isinstance(fname, os.PathLike) else fname
    if not fname:
        fname = os.path.basename(urllib.parse.urlsplit(origin).path)
        if not fname:
            raise ValueError(
                f"Can't parse the file name from the origin provided: '{origin}'."
                "Please specify the `fname` argument."
            )
    elif os.sep in fname:
        raise ValueError(
            "Paths are no longer accepted as the `fname` argument. To specify the file's parent "
            f"directory, use the `cache_dir` argument. Received: fname={fname}"
        )
    if not extract:
        return os.path.join(datadir, fname), None
    if given and "." in fname:
        stem = fname[: fname.find(".")]
        return os.path.join(datadir, fname), os.path.join(datadir, f"{stem}_extracted")
    return os.path.join(datadir, f"{fname}_archive"), os.path.join(datadir, fname)


def _fetch(origin: str, target: str):
    import urllib.error  # noqa: PLC0415 - with urllib.request, read only when a URL is fetched
    import urllib.request  # noqa: PLC0415

    try:
        if "://" in origin:
            try:
                urllib.request.urlretrieve(origin, target)
            except urllib.error.HTTPError as e:
                raise Exception(f"URL fetch failure on {origin}: {e.code} -- {e.msg}") from e
            except urllib.error.URLError as e:
                raise Exception(f"URL fetch failure on {origin}: {e.errno} -- {e.reason}") from e
        else:
            shutil.copyfile(os.path.expanduser(origin), target)
    except (Exception, KeyboardInterrupt):
        if os.path.exists(target):
            os.remove(target)
        raise


def _hasher(algorithm, file_hash=None):
    if algorithm == "sha256" or (algorithm == "auto" and file_hash is not None and len(file_hash) == 64):
        return hashlib.sha256()
    return hashlib.md5()  # Keras' fallback, for old md5 hashes


def hash_file(fpath, algorithm="sha256", chunk_size=65535) -> str:
    """The sha256 (or md5) hex digest of a file."""
    hasher = _hasher(algorithm) if isinstance(algorithm, str) else algorithm
    with open(fpath, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            hasher.update(chunk)
    return hasher.hexdigest()


def validate_file(fpath, file_hash, algorithm="auto", chunk_size=65535) -> bool:
    """Whether the file's hash is ``file_hash`` (sha256 when it has 64 digits, else md5)."""
    return str(hash_file(fpath, _hasher(algorithm, file_hash), chunk_size)) == str(file_hash)


def extract_archive(file_path, path=".", archive_format="auto") -> bool:
    """Extracts a tar (plain, gz, bz2) or zip archive into ``path``, skipping members that would
    land outside it; whether the file was such an archive."""
    import tarfile  # noqa: PLC0415 - ~10 ms of import, paid only when extracting
    import zipfile  # noqa: PLC0415

    if archive_format is None:
        return False
    formats = ["tar", "zip"] if archive_format == "auto" else archive_format
    for kind in [formats] if isinstance(formats, str) else formats:
        if kind not in ("tar", "zip"):
            raise NotImplementedError(kind)
        is_match, opener = (
            (tarfile.is_tarfile, tarfile.open) if kind == "tar" else (zipfile.is_zipfile, zipfile.ZipFile)
        )
        if is_match(file_path):
            with opener(file_path) as archive:
                try:
                    _extract_safely(archive, path)
                except (tarfile.TarError, RuntimeError, KeyboardInterrupt):
                    if os.path.isfile(path):
                        os.remove(path)
                    elif os.path.exists(path):
                        shutil.rmtree(path)
                    raise
            return True
    return False


def _inside(base: str, relative: str) -> bool:
    path = os.path.realpath(os.path.join(base, relative))
    try:
        return os.path.commonpath([path, base]) == base
    except ValueError:
        return False


def _extract_safely(archive, path: str):
    base = os.path.realpath(path)
    if hasattr(archive, "infolist"):  # a ZipFile
        members = [m for m in archive.infolist() if _kept(_inside(base, m.filename), m.filename)]
        archive.extractall(path, members=members)
        return
    members = []
    for m in archive.getmembers():
        inside = _inside(base, m.name)
        if m.issym() or m.islnk():
            target = m.linkname if m.islnk() else os.path.join(os.path.dirname(m.name), m.linkname)
            inside = inside and _inside(base, target)
        if _kept(inside, m.name):
            members.append(m)
    archive.extractall(path, members=members, filter="data")


def _kept(inside: bool, name: str) -> bool:
    if not inside:
        warnings.warn(f"Skipping invalid path during archive extraction: '{name}'.", stacklevel=4)
    return inside
