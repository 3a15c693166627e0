"""``Model.save_weights`` / ``load_weights``: Keras 3's ``.weights.h5`` files (HDF5, with h5py).

The file holds one group per layer, ``<path>/vars/<i>`` (the layer's own weights in
creation order), and ``optimizer/vars/<i>``, laid out as Keras 3 lays them out: a
Sequential's or functional model's layers under ``layers/<class name in snake case>``
(numbered ``dense``, ``dense_1``... in the model's order), a subclassed model's layers under
their attribute names (lists and dicts as ``<attribute>/<class name>``). So a file written
by TensorFlow's Keras for the same model loads here, and the other way round.
"""

from __future__ import annotations

import os

import h5py
import numpy as np

from ..layers.layer import Layer
from ..utils.naming import to_snake_case
from . import h5_checksums as _h5_checksums


def _unique(name: str, used: dict) -> str:
    count = used.get(name, 0)
    used[name] = count + 1
    return f"{name}_{count}" if count else name


def _own_variables(obj) -> list:
    if isinstance(obj, Layer):
        return obj._trainable_variables + obj._non_trainable_variables
    return list(obj.variables)  # an optimizer: iterations, learning rate, then its slots


def _children(obj):
    """(name, child) in Keras' walk: a model's ``layers`` first, then attributes by name
    (private ones last), ``layers`` and ``optimizer`` among them."""
    if getattr(obj, "_graph", None) is not None:
        yield "layers", obj.layers
    names = [n for n in vars(obj) if n not in _SKIP]
    names += [n for n in ("layers", "optimizer") if getattr(obj, n, None) is not None and n not in names]
    for name in sorted(names, key=lambda n: f"~{n}" if n.startswith("_") else n):
        yield name, getattr(obj, name)


_SKIP = {
    "_graph",
    "_graph_layers",
    "_layers_list",
    "_compile_loss",
    "_compile_metrics",
    "_loss_tracker",
    "history",
    "train_function",
    "test_function",
    "predict_function",
    "_functional_layers",
}


def _is_saveable(obj) -> bool:
    return isinstance(obj, Layer) or (hasattr(obj, "apply_gradients") and hasattr(obj, "variables"))


def walk(obj, path: str = "", seen=None):
    """Yields ``(group path, variables)`` for ``obj`` and everything it holds, in Keras' order."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield path, _own_variables(obj)
    for name, child in _children(obj):
        inner = f"{path}/{name}" if path else name
        if _is_saveable(child):
            yield from walk(child, inner, seen)
        elif isinstance(child, (list, tuple, dict)):
            yield from _walk_container(child, inner, seen)


def _walk_container(container, path: str, seen):
    used: dict = {}
    items = container.values() if isinstance(container, dict) else container
    for item in items:
        if _is_saveable(item):
            yield from walk(item, f"{path}/{_unique(to_snake_case(type(item).__name__), used)}", seen)
        elif isinstance(item, (list, tuple, dict)):
            yield from _walk_container(item, f"{path}/{_unique('container', used)}", seen)


def check_path(filepath, what: str) -> str:
    filepath = os.fspath(filepath)
    if not filepath.endswith(".weights.h5"):
        raise ValueError(f"The filename must end in `.weights.h5`. Received: filepath={filepath}")
    return filepath


def save_weights(model, filepath, overwrite: bool = True) -> None:
    filepath = check_path(filepath, "save_weights")
    if not overwrite and os.path.exists(filepath):
        raise FileExistsError(f"tapejax.keras: {filepath} exists and overwrite=False.")
    write_weights(model, filepath)


def write_weights(model, file) -> None:
    """Writes the weights file to ``file`` (a path or a binary file object)."""
    with h5py.File(file, "w") as f:
        for path, variables in walk(model):
            group = f.require_group(f"{path}/vars" if path else "vars")
            for i, variable in enumerate(variables):
                _h5_checksums.create(group, str(i), np.asarray(variable.numpy()))


def load_weights(model, filepath, skip_mismatch: bool = False) -> None:
    read_weights(model, check_path(filepath, "load_weights"), skip_mismatch)


def read_weights(model, file, skip_mismatch: bool = False) -> None:
    """Reads a weights file (a path or a binary file object) into ``model``; checks all first."""
    with h5py.File(file, "r") as f:
        updates = []
        for path, variables in walk(model):
            key = f"{path}/vars" if path else "vars"
            stored = f[key] if key in f else {}
            if _is_optimizer_path(path, model) and len(stored) != len(variables):
                continue  # Keras skips an optimizer state of another size (one not built yet)
            if len(stored) != len(variables):
                if skip_mismatch:
                    continue
                raise ValueError(
                    f"A total of {len(stored)} objects could not be loaded. Layer "
                    f"'{path or model.name}' expected {len(variables)} variables, but "
                    f"received {len(stored)} variables during loading."
                )
            for i, variable in enumerate(variables):
                value = _h5_checksums.read(stored[str(i)], file)
                if value.shape != tuple(variable.shape):
                    if skip_mismatch:
                        break
                    raise ValueError(
                        f"The shape of the target variable and the shape of the target "
                        f"value in `variable.assign(value)` must match. "
                        f"variable.shape={variable.shape}, Received: value.shape={value.shape}. "
                        f"Target variable: {variable}"
                    )
                updates.append((variable, value))
    for variable, value in updates:  # everything checked first: a failed load changes nothing
        variable.assign(value.astype(variable.dtype.as_numpy_dtype))


def _is_optimizer_path(path: str, model) -> bool:
    return path == "optimizer" and getattr(model, "optimizer", None) is not None
