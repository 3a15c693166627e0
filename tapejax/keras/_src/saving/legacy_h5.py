"""Keras' legacy HDF5 whole-model file (``model.save('m.h5')``, ``load_model('m.h5')``), as Keras 3
still writes and reads it: the model's config (Keras' legacy form: no ``module``, no
``build_config``) and its compile arguments as JSON attributes, each layer's weights in a group
named after it (read back by order), and the optimizer's variables.
"""

from __future__ import annotations

import json
import os

import h5py
import numpy as np

from . import h5_checksums as _h5_checksums
from .saving_lib import KERAS_VERSION, compile_config, serialize

_DROPPED = ("module", "registered_name", "build_config")  # not in Keras' legacy configs


def _legacy(config):
    """A serialized layer or model config in Keras' legacy form, nested layers included."""
    if (
        isinstance(config, dict)
        and "class_name" in config
        and "config" in config
        and "layers" in (config.get("config") or {})
    ):
        inner = dict(config["config"])
        inner["layers"] = [_legacy(entry) for entry in inner["layers"]]
        config = {**config, "config": inner}
    if isinstance(config, dict) and "class_name" in config and config.get("class_name") != "__keras_tensor__":
        return {k: v for k, v in config.items() if k not in _DROPPED}
    return config


def _training_config(model) -> dict:
    config = compile_config(model)
    optimizer = config.pop("optimizer")
    legacy = {"class_name": optimizer["class_name"], "config": optimizer["config"]}
    return {**config, "optimizer_config": legacy}


def layer_weights(layer) -> list:
    """A layer's weights in the legacy file's order: trainable, then non-trainable."""
    return list(layer.trainable_weights) + list(layer.non_trainable_weights)


def _write_group(group, weights) -> None:
    group.attrs["weight_names"] = (
        np.asarray([w.path.encode("utf8") for w in weights]) if weights else (np.asarray([]))
    )
    for w in weights:
        value = np.asarray(w.numpy())
        _h5_checksums.create(group, w.path, value, dtype=value.dtype)


def save_h5(model, filepath: str, overwrite: bool = True, include_optimizer: bool = True) -> None:
    """Writes ``model`` to a legacy ``.h5`` file, as Keras 3's ``save_model_to_hdf5``."""
    if not overwrite and os.path.exists(filepath):
        raise FileExistsError(f"tapejax.keras: {filepath} exists and overwrite=False.")
    partial = f"{filepath}.tmp"
    with h5py.File(partial, "w") as f:
        f.attrs["backend"] = "tensorflow"
        f.attrs["keras_version"] = KERAS_VERSION
        f.attrs["model_config"] = json.dumps(_legacy(serialize(model))).encode("utf8")
        if getattr(model, "compiled", False):
            f.attrs["training_config"] = json.dumps(_training_config(model)).encode("utf8")
        weights = f.create_group("model_weights")
        weights.attrs["layer_names"] = np.asarray([layer.name.encode("utf8") for layer in model.layers])
        weights.attrs["backend"] = b"tensorflow"
        weights.attrs["keras_version"] = KERAS_VERSION.encode("utf8")
        for layer in sorted(model.layers, key=lambda x: x.name):
            _write_group(weights.create_group(layer.name), layer_weights(layer))
        _write_group(weights.create_group("top_level_model_weights"), [])
        optimizer = getattr(model, "optimizer", None)
        if include_optimizer and getattr(model, "compiled", False) and optimizer is not None:
            _write_group(f.create_group("optimizer_weights"), optimizer.variables)
    os.replace(partial, filepath)  # a failed save leaves any earlier file as it was


def _names(group) -> list:
    return [n.decode("utf8") if isinstance(n, bytes) else str(n) for n in group.attrs.get("weight_names", [])]


def _layer_values(group, filepath) -> list:
    """``(layer name, weight values)`` of each layer with weights in a legacy weights group."""
    layers = []
    for raw in group.attrs["layer_names"]:
        name = raw.decode("utf8") if isinstance(raw, bytes) else str(raw)
        values = [_h5_checksums.read(group[name][w], filepath) for w in _names(group[name])]
        if values:
            layers.append((name, values))
    return layers


def load_weights(model, filepath: str) -> None:
    """``model.load_weights`` of a legacy ``.h5`` file (Keras 2's ``save_weights`` or a whole
    legacy model): layer by layer, in order, as Keras 3 reads them (Keras' pretrained files)."""
    with h5py.File(filepath, "r") as f:
        group = f["model_weights"] if "layer_names" not in f.attrs and "model_weights" in f else f
        stored = _layer_values(group, filepath)
    assign_layer_weights(model, stored)


def read_h5(filepath: str):
    """``(model config, training config or None, per-layer weight values, optimizer values or None)``."""
    with h5py.File(filepath, "r") as f:
        model_config = f.attrs.get("model_config")
        if model_config is None:
            raise ValueError(f"No model config found in the file at {filepath}.")
        training = f.attrs.get("training_config")
        layers = _layer_values(f["model_weights"], filepath)
        optimizer = None
        if "optimizer_weights" in f:
            optimizer = [
                _h5_checksums.read(f["optimizer_weights"][w], filepath)
                for w in _names(f["optimizer_weights"])
            ]
    decode = lambda v: json.loads(v.decode("utf8") if hasattr(v, "decode") else v)
    return decode(model_config), (None if training is None else decode(training)), layers, optimizer


def assign_layer_weights(model, stored: list) -> None:
    """Sets the weights of ``model``'s layers, by order, from :func:`read_h5`'s values; all are
    checked first, so a mismatch changes nothing."""
    layers = [layer for layer in model.layers if layer_weights(layer)]
    if len(stored) != len(layers):
        raise ValueError(
            f"Layer count mismatch when loading weights from file. Model expected {len(layers)} "
            f"layers, found {len(stored)} saved layers."
        )
    updates = []
    for k, (layer, (name, values)) in enumerate(zip(layers, stored, strict=True)):
        weights = layer_weights(layer)
        if len(values) != len(weights):
            raise ValueError(
                f"Weight count mismatch for layer #{k} (named {layer.name} in the current "
                f"model, {name} in the save file). Layer expects {len(weights)} weight(s). "
                f"Received {len(values)} saved weight(s)"
            )
        for w, value in zip(weights, values, strict=True):
            if tuple(w.shape) != value.shape:
                raise ValueError(
                    f"Shape mismatch in layer #{k} (named {layer.name})for weight {w.path}. "
                    f"Weight expects shape {tuple(w.shape)}. Received saved weight with shape "
                    f"{value.shape}"
                )
            updates.append((w, value))
    for w, value in updates:
        w.assign(value.astype(w.dtype.as_numpy_dtype))
