"""A damaged tf.train.Checkpoint never restores wrong values (issue 24).

Every file of a checkpoint (the index, and each file orbax writes under PREFIX.data/: values
and metadata) is damaged in turn: a flipped byte or a truncation is DataLossError, a removed
file NotFoundError (TensorFlow's classes), and no Variable changes.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import tapejax as tf
from tapejax._core import checksum

CHECKSUM = r"Checksum does not match: stored \d{8,10} vs\. calculated on the restored bytes \d+"
INDEX = r"Unable to open table file .*ck-1\.index: Data loss: "


def _variables():
    return {
        "v": tf.Variable(np.arange(1000, dtype=np.float32)),  # the issue's 1,000 elements
        "w": tf.Variable(np.array([[1, -2], [3, 4]], np.int64)),
        "b": tf.Variable([True, False, True]),
    }


def _zeros():
    return {k: tf.Variable(tf.zeros_like(v)) for k, v in _variables().items()}


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A checkpoint's path and the bytes of each of its files (restored after each damage)."""
    root = tmp_path_factory.mktemp("ckpt")
    path = tf.train.Checkpoint(**_variables()).write(str(root / "ck-1"))
    files = {f: f.read_bytes() for f in sorted(root.rglob("*")) if f.is_file()}
    return path, files


def _restore_fails(path, error, match):
    live = _zeros()
    before = {k: v.numpy().copy() for k, v in live.items()}
    with pytest.raises(error, match=match):
        tf.train.Checkpoint(**live).restore(path)
    for k, v in live.items():  # a failed restore changes nothing
        np.testing.assert_array_equal(v.numpy(), before[k])


def _check_of(file, data_dir):
    """What the error for a damaged ``file`` says."""
    if file.suffix == ".index":
        return INDEX
    return None if data_dir is None else rf"file .*{file.name} \(\d+ bytes\): {CHECKSUM}"


def test_an_intact_checkpoint_restores_exact_values(saved):
    path, _ = saved
    live = _zeros()
    tf.train.Checkpoint(**live).restore(path).assert_nontrivial_match()
    for k, v in _variables().items():
        assert live[k].dtype == v.dtype
        np.testing.assert_array_equal(live[k].numpy(), v.numpy())
    assert float(tf.reduce_sum(live["v"])) == 499500.0


def test_the_index_carries_checksums_of_every_file_and_value(saved):
    path, files = saved
    index = json.loads(files[next(f for f in files if f.suffix == ".index")])
    assert index["version"] == 2
    data = {str(f).split("ck-1.data/")[1] for f in files if "ck-1.data" in str(f)}
    assert set(index["files"]) == data
    records = [n["variable"] for n in index["nodes"] if "variable" in n]
    v = next(r for r in records if r["key"] == "v/.ATTRIBUTES/VARIABLE_VALUE")
    assert v["crc32"] == checksum.of_bytes(np.arange(1000, dtype="<f4").tobytes())


def test_every_flipped_byte_of_the_index_is_data_loss(saved):
    path, files = saved
    index = next(f for f in files if f.suffix == ".index")
    original, live = files[index], _zeros()
    ckpt = tf.train.Checkpoint(**live)
    try:
        for i in range(len(original)):
            damaged = bytearray(original)
            damaged[i] ^= 0xFF
            index.write_bytes(bytes(damaged))
            try:
                ckpt.restore(path)
            except tf.errors.DataLossError as e:  # not pytest.raises: a thousand of them are slow
                assert re.search(INDEX, str(e)), (i, str(e))
            else:
                pytest.fail(f"byte {i} of the index flipped: restored without an error")
    finally:
        index.write_bytes(original)
    for v in live.values():  # live is all zeros, the checkpoint is not: nothing was assigned
        assert not np.any(v.numpy())


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_a_flipped_byte_in_any_file_is_data_loss(saved, where):
    path, files = saved
    for file, original in files.items():
        if file.name == "checkpoint":
            continue  # the state file is not part of the checkpoint ck-1 (test_checkpoint.py)
        damaged = bytearray(original)
        damaged[{"first": 0, "middle": len(original) // 2, "last": -1}[where]] ^= 0x01
        file.write_bytes(bytes(damaged))
        try:
            _restore_fails(path, tf.errors.DataLossError, _check_of(file, True))
        finally:
            file.write_bytes(original)


@pytest.mark.parametrize("keep", [0, 0.5])
def test_a_truncated_file_is_data_loss(saved, keep):
    path, files = saved
    for file, original in files.items():
        if file.name == "checkpoint":
            continue
        file.write_bytes(original[: int(len(original) * keep)])
        message = (
            INDEX
            if file.suffix == ".index"
            else rf"file .*{file.name} has \d+ bytes where {len(original)} were written \(truncated or overwritten\)"
        )
        try:
            _restore_fails(path, tf.errors.DataLossError, message)
        finally:
            file.write_bytes(original)


def test_a_removed_data_file_is_not_found(saved):
    path, files = saved
    for file, original in files.items():
        if "ck-1.data" not in str(file):
            continue
        file.unlink()
        try:
            _restore_fails(path, tf.errors.NotFoundError, rf"{file.name}; No such file or directory")
        finally:
            file.write_bytes(original)


def test_a_value_read_back_wrong_is_data_loss(tmp_path):
    # Files intact, but the value orbax returns differs from the one written (here: the
    # recorded checksum changed and the index sealed again): TF's per-tensor check.
    path = tf.train.Checkpoint(**_variables()).write(str(tmp_path / "ck-1"))
    index = json.loads((tmp_path / "ck-1.index").read_text())
    for node in index["nodes"]:
        if node.get("variable", {}).get("key") == "w/.ATTRIBUTES/VARIABLE_VALUE":
            node["variable"]["crc32"] ^= 1
    index["crc32"] = checksum.of_bytes(checksum.canonical([index["nodes"], index["files"]]))
    (tmp_path / "ck-1.index").write_text(json.dumps(index))
    _restore_fails(
        path, tf.errors.DataLossError, rf"value w/\.ATTRIBUTES/VARIABLE_VALUE \(32 bytes\): {CHECKSUM}"
    )
    with pytest.raises(tf.errors.DataLossError, match=CHECKSUM):
        tf.train.load_variable(path, "w/.ATTRIBUTES/VARIABLE_VALUE")


def test_the_issue_example_flipped_byte_in_the_largest_data_file(tmp_path):
    v = tf.Variable(np.arange(1000, dtype=np.float32))
    ckpt = tf.train.Checkpoint(v=v)
    path = ckpt.save(str(tmp_path / "ckpt"))
    largest = max(
        (f for f in (tmp_path / "ckpt-1.data").rglob("*") if f.is_file()), key=lambda f: f.stat().st_size
    )
    data = bytearray(largest.read_bytes())
    data[len(data) // 2] ^= 0xFF
    largest.write_bytes(bytes(data))
    v.assign(tf.zeros_like(v))
    with pytest.raises(tf.errors.DataLossError, match=CHECKSUM):
        ckpt.restore(path)
    assert float(tf.reduce_sum(v)) == 0.0
    with pytest.raises(tf.errors.DataLossError, match=CHECKSUM):
        ckpt.restore(tf.train.latest_checkpoint(tmp_path))


def test_a_version_1_checkpoint_without_checksums_still_restores(tmp_path):
    path = tf.train.Checkpoint(**_variables()).write(str(tmp_path / "ck-1"))
    index = json.loads((tmp_path / "ck-1.index").read_text())
    old = {"format": index["format"], "version": 1, "nodes": index["nodes"]}
    for node in old["nodes"]:
        node.get("variable", {}).pop("crc32", None)
    (tmp_path / "ck-1.index").write_text(json.dumps(old))
    live = _zeros()
    tf.train.Checkpoint(**live).restore(path).assert_nontrivial_match()
    np.testing.assert_array_equal(live["v"].numpy(), np.arange(1000, dtype=np.float32))
    # A version 2 index whose version number was damaged is not read unchecked.
    old["nodes"][1]["variable"]["crc32"] = 1
    (tmp_path / "ck-1.index").write_text(json.dumps(old))
    _restore_fails(
        path, tf.errors.DataLossError, INDEX + r"the checkpoint index is corrupt \(a version 1 index with"
    )
