"""A damaged Dataset.save directory or Dataset.snapshot never yields wrong elements (issue 24):
a flipped byte or a truncation in either file is DataLossError, a removed elements file
NotFoundError; an intact round trip is exact; directories saved before checksums still load."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import tapejax as tf
from tapejax._core import checksum

D = tf.data.Dataset
CHECKSUM = r"Checksum does not match: stored \d{8,10} vs\. calculated on the restored bytes \d+"
SPEC = r"Unable to read .*element_spec\.json: Data loss: "
VALUES = r"elements\.npz (\(\d+ bytes\): " + CHECKSUM + r"|has \d+ bytes where \d+ were written)"
ADVICE = "is corrupt; save it again"


def _dataset():
    values = np.arange(24, dtype=np.float32).reshape(6, 4) / 7
    return D.from_tensor_slices(({"a": np.arange(6, dtype=np.int64)}, values))


def _elements(ds):
    return [(x["a"].numpy().tolist(), y.numpy().tolist()) for x, y in ds]


@pytest.fixture(params=["save", "snapshot"])
def saved(request, tmp_path):
    """The directory written, its files' bytes, and how to read it back."""
    if request.param == "save":
        _dataset().save(str(tmp_path))
        return tmp_path, lambda: _elements(D.load(str(tmp_path)))
    snapshot = _dataset().snapshot(str(tmp_path))
    _elements(snapshot)  # the first full pass writes it
    (directory,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    return directory, lambda: _elements(snapshot)


def test_an_intact_directory_reads_back_exact_elements(saved):
    directory, read = saved
    assert read() == _elements(_dataset())
    spec = json.loads((directory / "element_spec.json").read_text())
    assert set(spec["arrays"]) == {"values_0", "shapes_0", "values_1", "shapes_1"}
    assert list(spec["files"]) == ["elements.npz"]


def test_every_flipped_byte_of_the_spec_is_data_loss(saved):
    directory, read = saved
    file = directory / "element_spec.json"
    original = file.read_bytes()
    for i in range(len(original)):
        damaged = bytearray(original)
        damaged[i] ^= 0xFF
        file.write_bytes(bytes(damaged))
        try:
            read()
        except tf.errors.DataLossError as e:  # not pytest.raises: hundreds of them are slow
            assert re.search(SPEC, str(e)) and ADVICE in str(e), (i, str(e))
        else:
            pytest.fail(f"byte {i} of element_spec.json flipped: read without an error")


@pytest.mark.parametrize("where", [0, 0.5, -1])
def test_a_flipped_byte_in_the_elements_is_data_loss(saved, where):
    directory, read = saved
    file = directory / "elements.npz"
    damaged = bytearray(file.read_bytes())
    damaged[int(len(damaged) * where)] ^= 0x01
    file.write_bytes(bytes(damaged))
    with pytest.raises(tf.errors.DataLossError, match=VALUES + ".*" + ADVICE):
        read()


@pytest.mark.parametrize("name", ["element_spec.json", "elements.npz"])
@pytest.mark.parametrize("keep", [0, 0.5])
def test_a_truncated_file_is_data_loss(saved, name, keep):
    directory, read = saved
    file = directory / name
    file.write_bytes(file.read_bytes()[: int(file.stat().st_size * keep)])
    message = SPEC if name == "element_spec.json" else r"has \d+ bytes where \d+ were written \(truncated"
    with pytest.raises(tf.errors.DataLossError, match=message):
        read()


def test_a_removed_elements_file_is_not_found(saved):
    directory, read = saved
    (directory / "elements.npz").unlink()
    with pytest.raises(tf.errors.NotFoundError, match=r"elements\.npz; No such file or directory"):
        read()


def test_an_array_read_back_wrong_is_data_loss(tmp_path):
    _dataset().save(str(tmp_path))
    spec = json.loads((tmp_path / "element_spec.json").read_text())
    spec["arrays"]["values_1"] ^= 1
    del spec["crc32"]
    (tmp_path / "element_spec.json").write_text(json.dumps(checksum.seal(spec)))
    with pytest.raises(
        tf.errors.DataLossError, match=r"elements\.npz\['values_1'\] \(96 bytes\): " + CHECKSUM
    ):
        _elements(D.load(str(tmp_path)))


def test_a_directory_saved_before_checksums_still_loads(tmp_path):
    _dataset().save(str(tmp_path))
    spec = json.loads((tmp_path / "element_spec.json").read_text())
    (tmp_path / "element_spec.json").write_text(
        json.dumps({"element_spec": spec["element_spec"], "count": 6})
    )
    assert _elements(D.load(str(tmp_path))) == _elements(_dataset())
