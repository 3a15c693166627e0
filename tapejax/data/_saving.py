"""``Dataset.save`` and ``Dataset.load``: a dataset's elements written to a directory and read
back as a dataset (TF's ``_LoadDataset``: the saved element spec, the saved number of elements).

The files are tapejax's, not TF's snapshot protos (a directory saved by TensorFlow cannot be
loaded, nor the other way): ``element_spec.json`` (the structure, shapes and dtypes, and the
number of elements) and ``elements.npz`` (per component, the elements' values one after
another and each element's shape; ``compression="GZIP"`` compresses it). Elements of one
shape are read back as rows of arrays, so a ``batch`` after ``load`` is gathered at once.
Both carry checksums (``_integrity``): a damaged directory raises DataLossError, not wrong
elements.
"""

from __future__ import annotations

import json
import os

import numpy as np

from .._api.tensor_spec import TensorSpec
from .._core import checksum
from .._core.dtype import as_dtype
from .._core.errors import NotFoundError
from . import _integrity
from ._cardinality import INFINITE_CARDINALITY
from ._position import fingerprint
from ._sources import TensorSlices
from ._structure import leaves, pack
from ._windows import Elements

SPEC_FILE, VALUES_FILE = "element_spec.json", "elements.npz"


def _structure(spec):
    """The element spec as JSON: dicts (key order kept) and tuples of ``[shape, dtype]``."""
    if isinstance(spec, dict):
        return {"dict": [[k, _structure(v)] for k, v in spec.items()]}
    if isinstance(spec, tuple):
        return {"tuple": [_structure(v) for v in spec]}
    shape = None if spec.shape is None else list(spec.shape)
    return {"spec": [shape, spec.dtype.name]}


def _spec(structure):
    if "dict" in structure:
        return {k: _spec(v) for k, v in structure["dict"]}
    if "tuple" in structure:
        return tuple(_spec(v) for v in structure["tuple"])
    shape, dtype = structure["spec"]
    return TensorSpec(shape, as_dtype(dtype))


def save(stage, path, compression=None) -> None:
    if stage.cardinality() == INFINITE_CARDINALITY:
        raise ValueError(
            "Dataset.save of an infinite dataset would never end (TF runs forever); take(n) first."
        )
    write(stage.iterate(), stage.spec, path, compression)


def write(elements, spec, path, compression=None) -> None:
    """Writes ``elements`` (numpy, of ``spec``) to the directory ``path``."""
    path = os.fspath(path)
    n_components = len(leaves(spec))
    values, shapes = [[] for _ in range(n_components)], [[] for _ in range(n_components)]
    count = 0
    for element in elements:
        for i, a in enumerate(leaves(element)):
            values[i].append(np.ravel(a))
            shapes[i].append(a.shape)
        count += 1
    arrays = {}
    for i, s in enumerate(leaves(spec)):
        arrays[f"values_{i}"] = np.concatenate(values[i]) if values[i] else np.zeros(0, s.dtype._np)
        rank = len(shapes[i][0]) if shapes[i] else 0
        arrays[f"shapes_{i}"] = np.asarray(shapes[i], np.int64).reshape(count, rank)
    os.makedirs(path, exist_ok=True)
    savez = np.savez_compressed if compression == "GZIP" else np.savez
    savez(os.path.join(path, VALUES_FILE), **arrays)
    saved = {
        "element_spec": _structure(spec),
        "count": count,
        "files": {VALUES_FILE: list(checksum.of_file(os.path.join(path, VALUES_FILE)))},
        "arrays": {name: checksum.of_array(a) for name, a in arrays.items()},
    }
    with open(os.path.join(path, SPEC_FILE), "w") as f:  # last: a directory with it is complete
        json.dump(checksum.seal(saved), f)


def load(path, element_spec=None):
    """The stage of ``Dataset.load``: rows of arrays where every element of a component has
    one shape, else a list of elements."""
    path = os.fspath(path)
    spec_path = os.path.join(path, SPEC_FILE)
    if not os.path.isfile(spec_path):
        raise NotFoundError(None, None, f"tf.data snapshot element_spec file not found: {spec_path}.")
    saved = _integrity.read_spec(path, spec_path)
    spec = _spec(saved["element_spec"]) if element_spec is None else element_spec
    count = int(saved["count"])
    _integrity.check_file(path, VALUES_FILE, saved)
    with np.load(os.path.join(path, VALUES_FILE)) as arrays:
        components = []
        for i, s in enumerate(leaves(spec)):
            flat, shapes = (
                _read(path, arrays, f"values_{i}", saved),
                _read(path, arrays, f"shapes_{i}", saved),
            )
            flat = flat.astype(s.dtype._np, copy=False)
            sizes = np.prod(shapes, axis=1, dtype=np.int64) if shapes.shape[1] else np.ones(count, np.int64)
            parts = np.split(flat, np.cumsum(sizes)[:-1]) if count else []
            components.append([p.reshape(shape) for p, shape in zip(parts, shapes.tolist(), strict=True)])
    if count and all(len({c.shape for c in component}) == 1 for component in components):
        return Loaded(pack(spec, [np.stack(c) for c in components]), spec)
    stage = Elements([pack(spec, [c[j] for c in components]) for j in range(count)], spec)
    stage.name = "_LoadDataset"
    return stage


def _read(path, arrays, name, saved):
    """The array ``name`` of the open ``elements.npz``, its checksum checked."""
    array = arrays[name]
    _integrity.check_array(path, name, array, saved)
    return array


class Loaded(TensorSlices):
    """Loaded elements of one shape per component: rows of arrays (``TensorSlices``)."""

    name = "_LoadDataset"

    def __init__(self, element, spec):
        super().__init__(element)
        self.spec = spec


class Snapshot:
    """``Dataset.snapshot(path)``: the first complete pass is written under ``path`` (in a
    directory named by the pipeline's fingerprint, as TF's), and later passes, in this program
    or another, read it instead of running the pipeline."""

    name = "_MapDataset"  # TF's snapshot dataset is wrapped in a map

    def __init__(self, stage, path, compression=None):
        self.stage, self.spec, self.compression = stage, stage.spec, compression
        self.directory = os.path.join(os.fspath(path), str(fingerprint(stage, functions=True)))

    def cardinality(self) -> int:
        return self.stage.cardinality()

    def iterate(self):
        if os.path.isfile(os.path.join(self.directory, SPEC_FILE)):
            return load(self.directory, self.spec).iterate()
        return self._write()

    def _write(self):
        seen = []
        for element in self.stage.iterate():
            seen.append(element)
            yield element
        write(seen, self.spec, self.directory, self.compression)  # only a pass that reached the end
