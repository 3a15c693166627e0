"""A damaged Keras weights file never loads wrong weights (issue 24): tapejax's HDF5 weights
carry a CRC-32 attribute per dataset (Keras ignores it; Keras' own files load unchecked), and a
``.keras`` zip member is read whole, so zip's own CRC-32 is checked."""

from __future__ import annotations

import h5py
import numpy as np
import pytest

import tapejax as tf

keras = tf.keras
CHECKSUM = r"Checksum does not match: stored \d{8,10} vs\. calculated on the restored bytes \d+"


def _model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(2)])
    for i, v in enumerate(model.weights):
        v.assign(np.arange(np.prod(v.shape), dtype=np.float32).reshape(v.shape) / (i + 3))
    return model


def _weights(model):
    return [v.numpy().copy() for v in model.weights]


def _flip_first_weight(path):
    """Flips one byte of the first dataset's values in place (its offset from h5py)."""
    with h5py.File(path, "r") as f:
        datasets = []
        f.visititems(lambda _, o: datasets.append(o) if isinstance(o, h5py.Dataset) and o.size > 1 else None)
        offset = datasets[0].id.get_offset()
    data = bytearray(path.read_bytes())
    data[offset + 1] ^= 0x01
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("kind", ["weights", "legacy_h5"])
def test_a_flipped_weight_byte_is_data_loss_and_changes_nothing(tmp_path, kind):
    model = _model()
    if kind == "weights":
        path = tmp_path / "m.weights.h5"
        model.save_weights(str(path))
    else:
        path = tmp_path / "m.h5"
        model.save(str(path))
    _flip_first_weight(path)
    other = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(2)])
    before = _weights(other)
    with pytest.raises(
        tf.errors.DataLossError, match=rf"m(\.weights)?\.h5: weight /\S+ \(\d+ bytes\): {CHECKSUM}"
    ):
        if kind == "weights":
            other.load_weights(str(path))
        else:
            keras.models.load_model(str(path))
    for a, b in zip(_weights(other), before, strict=True):
        np.testing.assert_array_equal(a, b)


def test_an_intact_weights_file_round_trips_exactly_and_stays_a_keras_file(tmp_path):
    model = _model()
    model.save_weights(str(tmp_path / "m.weights.h5"))
    other = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(2)])
    other.load_weights(str(tmp_path / "m.weights.h5"))
    for a, b in zip(_weights(other), _weights(model), strict=True):
        np.testing.assert_array_equal(a, b)
    with h5py.File(tmp_path / "m.weights.h5", "r+") as f:  # as Keras writes it: no checksums
        f.visititems(
            lambda _, o: o.attrs.__delitem__("tapejax_crc32") if isinstance(o, h5py.Dataset) else None
        )
    third = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(2)])
    third.load_weights(str(tmp_path / "m.weights.h5"))
    for a, b in zip(_weights(third), _weights(model), strict=True):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("damage", ["flip", "truncate"])
def test_a_damaged_keras_file_is_data_loss(tmp_path, damage):
    path = tmp_path / "m.keras"
    _model().save(str(path))
    data = bytearray(path.read_bytes())
    if damage == "flip":
        # A byte in the middle of the stored members' data (zip stores them uncompressed).
        data[len(data) // 3] ^= 0x01
    else:
        data = data[: len(data) // 2]
    path.write_bytes(bytes(data))
    with pytest.raises(tf.errors.DataLossError, match=r"m\.keras: the \.keras file is corrupt or truncated"):
        keras.models.load_model(str(path))
