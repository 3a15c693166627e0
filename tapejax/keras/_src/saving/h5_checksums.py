"""Checksums of the weights in tapejax's HDF5 files (``.weights.h5``, inside ``.keras``, legacy ``.h5``).

Keras' own files carry no checksums, and they must stay Keras files both ways. Each weight
dataset tapejax writes gets an attribute ``tapejax_crc32`` (the CRC-32 of its values, as
tapejax's checkpoints store one): Keras and h5py ignore an attribute they do not know, so
Keras reads these files unchanged, and a file without it (written by Keras, or by tapejax
before checksums) loads unchecked. Chosen over HDF5's ``fletcher32`` filter, which cannot
apply to scalar datasets (an optimizer's ``iterations``) and changes the dataset's layout.
"""

from __future__ import annotations

import numpy as np

from ..backend.core import DataLossError, checksum

ATTRIBUTE = "tapejax_crc32"


def create(group, name: str, value: np.ndarray, **kwargs):
    """``group.create_dataset(name, data=value)`` with the value's checksum attached."""
    dataset = group.create_dataset(name, data=value, **kwargs)
    dataset.attrs[ATTRIBUTE] = np.uint32(checksum.of_array(value))
    return dataset


def read(dataset, file) -> np.ndarray:
    """The values of ``dataset``; DataLossError if they are not the values written."""
    value = np.asarray(dataset)
    stored = dataset.attrs.get(ATTRIBUTE)
    if stored is not None:
        actual = checksum.of_array(value)
        if int(stored) != actual:
            raise DataLossError(
                None,
                None,
                f"{file}: weight {dataset.name} ({value.nbytes} bytes): Checksum does not match: stored "
                f"{checksum.show(int(stored))} vs. calculated on the restored bytes {actual}. The file is "
                "corrupt; save the model again (or load an older copy).",
            )
    return value
