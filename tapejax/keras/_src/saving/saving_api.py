"""``tf.keras.models.load_model``: a model from a ``.keras`` file (Keras 3's zip of config and
weights, written here or by TensorFlow's Keras), rebuilt from its config: built-in layers by
class name, Sequential and functional models (shared layers and nested models included), and
classes registered with ``register_keras_serializable`` or given in ``custom_objects``.
"""

from __future__ import annotations

import io
import json
import os
import zipfile

from ..backend.core import DataLossError
from ..layers.core.lambda_layer import loading_scope
from .h5_weights import read_weights
from .legacy_h5 import assign_layer_weights, read_h5
from .model_configs import _compile, deserialize
from .object_registration import custom_object_scope, known_objects


def load_model(filepath, custom_objects=None, compile: bool = True, safe_mode: bool = True):  # noqa: A002
    """The model saved in ``filepath`` (a ``.keras`` file), with its weights and, when it was
    compiled and ``compile``, its optimizer (state included), loss and metrics."""
    filepath = os.fspath(filepath)
    if filepath.endswith((".h5", ".hdf5")):  # h5py raises FileNotFoundError for a missing file, as in TF
        return _load_h5(filepath, known_objects(custom_objects), compile, safe_mode)
    if not filepath.endswith(".keras"):
        raise ValueError(
            f"File format not supported: filepath={filepath}. Keras 3 only supports V3 `.keras` "
            "files and legacy H5 format files (`.h5` extension)."
        )
    if not os.path.exists(filepath):
        raise ValueError(
            f"File not found: filepath={filepath}. Please ensure the file is an accessible `.keras` zip file."
        )
    try:  # reading a whole member checks its CRC-32 (zip's own)
        with zipfile.ZipFile(filepath, "r") as archive:
            config = json.loads(archive.read("config.json"))
            weights = archive.read("model.weights.h5")
    except (zipfile.BadZipFile, EOFError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise DataLossError(
            None,
            None,
            f"Unable to read {filepath}: the .keras file is corrupt or truncated ({type(e).__name__}: {e}). "
            "Save the model again (or load an older copy).",
        ) from e
    custom_objects = known_objects(custom_objects)  # with the global ones and those of open scopes
    with custom_object_scope(custom_objects), loading_scope(safe_mode, custom_objects):
        model = deserialize(config, custom_objects)
    compiled = config.get("compile_config") or {}
    if compile and compiled:
        _compile(model, compiled, compiled["optimizer"], custom_objects)
    read_weights(model, io.BytesIO(weights))
    return model


def _load_h5(filepath: str, custom_objects: dict, compile: bool, safe_mode: bool):  # noqa: A002
    """A model from Keras' legacy ``.h5`` file: config, weights by order, compile arguments and
    the optimizer's state (skipped, as Keras does, when it does not fit the built optimizer)."""
    config, training, layers, optimizer_values = read_h5(filepath)
    with custom_object_scope(custom_objects), loading_scope(safe_mode, custom_objects):
        model = deserialize(config, custom_objects)
    assign_layer_weights(model, layers)
    if compile and training is not None:
        _compile(model, training, training["optimizer_config"], custom_objects)
        variables = model.optimizer.variables
        if (
            optimizer_values is not None
            and len(optimizer_values) == len(variables)
            and all(
                tuple(v.shape) == value.shape for v, value in zip(variables, optimizer_values, strict=True)
            )
        ):
            for variable, value in zip(variables, optimizer_values, strict=True):
                variable.assign(value.astype(variable.dtype.as_numpy_dtype))
    return model


def save_weights(model, filepath, overwrite=True, **kwargs) -> None:
    """``model.save_weights(filepath)`` (a ``.weights.h5`` file)."""
    model.save_weights(filepath, overwrite=overwrite)


def load_weights(model, filepath, skip_mismatch=False, **kwargs) -> None:
    """``model.load_weights(filepath)``."""
    model.load_weights(filepath, skip_mismatch=skip_mismatch, **kwargs)
