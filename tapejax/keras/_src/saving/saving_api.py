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

import numpy as np

from .. import layers as _layers
from .. import optimizers as _optimizers
from ..backend.core import DataLossError, constant
from ..backend.keras_tensor import OPERATIONS
from ..layers.core.input_layer import InputLayer
from ..layers.core.lambda_layer import loading_scope
from ..losses.lookup import get_loss
from ..metrics.lookup import get_metric
from ..models.model import Functional, Model
from ..models.sequential import Sequential
from ..optimizers.schedules import learning_rate_schedule as _schedules
from .h5_weights import read_weights
from .legacy_h5 import assign_layer_weights, read_h5
from .object_registration import known_objects, registered_class

_UNSET_OPTIONS = ("quantization_config", "lora_rank", "lora_alpha")
_MODELS = {"Sequential": Sequential, "Functional": Functional, "Model": Model}
# The plain values a layer call's arguments may hold, as Keras 3 serializes them.
_VALUES = {
    "__slice__": lambda c: slice(c["start"], c["stop"], c["step"]),
    "__ellipsis__": lambda c: Ellipsis,
    "__numpy__": lambda c: np.array(c["value"], dtype=c["dtype"]),
    "__tensor__": lambda c: constant(c["value"], dtype=c["dtype"]),
}


def _class_of(config: dict, custom_objects: dict):
    name, registered = config.get("class_name"), config.get("registered_name")
    operation = str(config.get("module")).startswith(("keras.src.ops.", "keras.src.activations."))
    if operation and name in OPERATIONS:
        return OPERATIONS[name]  # ``x * 2.0`` in a functional model: an operation, not a layer
    found = (registered and (custom_objects.get(registered) or registered_class(registered))) or (
        custom_objects.get(name) or _MODELS.get(name) or getattr(_layers, name, None)
    )
    if found is None:
        raise TypeError(
            f"Could not locate class '{name}'. Make sure custom classes are decorated with "
            f"`@keras.saving.register_keras_serializable()`. Full object config: {config}"
        )
    return found


def deserialize(config: dict, custom_objects: dict):
    """The layer or model a serialized config describes, built as its ``build_config`` says."""
    cls = _class_of(config, custom_objects)
    inner = dict(config.get("config") or {})
    if cls is Sequential:
        layers = [deserialize(c, custom_objects) for c in inner.pop("layers")]
        layer = Sequential(layers, name=inner.get("name"), trainable=inner.get("trainable", True))
        shape = inner.get("build_input_shape")
    elif cls is Functional or (issubclass(cls, Functional) and "layers" in inner):
        layer = _functional(inner, custom_objects, cls)
        shape = None
    elif cls is InputLayer:
        for key in ("optional", "sparse", "ragged"):
            inner.pop(key, None)
        return InputLayer(**inner)
    else:
        for key in _UNSET_OPTIONS:  # newer Keras options, at their defaults
            if inner.get(key, 0) is None:
                del inner[key]
        layer = cls.from_config(inner)
        shape = (config.get("build_config") or {}).get("input_shape")
    if shape is not None and not layer.built:
        layer.build(_shape(shape))
    return layer


def _shape(shape):
    if isinstance(shape, list) and shape and all(isinstance(s, list) for s in shape):
        return [_shape(s) for s in shape]
    return tuple(shape)


def _functional(config: dict, custom_objects: dict, cls):
    """Rebuilds the graph: each layer, then its calls in order, deferred until their inputs exist."""
    made, outputs = {}, {}
    pending = []
    for entry in config["layers"]:
        layer = deserialize(entry, custom_objects)
        made[entry.get("name", layer.name)] = layer
        if isinstance(layer, InputLayer):
            outputs[(layer.name, 0)] = [layer.output]
        pending.append([layer, list(entry.get("inbound_nodes") or [])])

    def tensor(history):
        name, node, index = history
        return outputs[(name, node)][index]

    def resolve(tree):
        if isinstance(tree, dict) and tree.get("class_name") == "__keras_tensor__":
            return tensor(tree["config"]["keras_history"])
        if isinstance(tree, dict) and tree.get("class_name") in _VALUES:
            return _VALUES[tree["class_name"]](tree["config"])
        if isinstance(tree, list):
            return [resolve(t) for t in tree]
        if isinstance(tree, dict):
            return {k: resolve(v) for k, v in tree.items()}
        return tree

    while any(nodes for _, nodes in pending):
        progress = False
        for item in pending:
            layer, nodes = item
            while nodes:
                try:
                    args, kwargs = resolve(nodes[0]["args"]), resolve(nodes[0].get("kwargs") or {})
                    if kwargs.get("mask", 0) is None:  # Keras records the mask of each call
                        del kwargs["mask"]
                except KeyError:
                    break  # an input made by a later call
                result = layer(*args, **kwargs)
                flat = list(result) if isinstance(result, (list, tuple)) else [result]
                outputs[(layer.name, len([k for k in outputs if k[0] == layer.name]))] = flat
                nodes.pop(0)
                progress = True
        if not progress:
            raise ValueError(
                "Could not rebuild the functional model: a layer call reads a tensor that no "
                "layer call makes."
            )

    def ends(spec):
        if isinstance(spec, dict):
            return {k: ends(v) for k, v in spec.items()}
        if spec and isinstance(spec[0], str):
            return tensor(spec)
        return [ends(s) for s in spec]

    inputs, outs = ends(config["input_layers"]), ends(config["output_layers"])
    if isinstance(inputs, list) and len(inputs) == 1:
        inputs = inputs[0]
    model = Functional(inputs, outs, name=config.get("name"), trainable=config.get("trainable", True))
    if cls is not Functional:
        model.__class__ = cls
    return model


def _compile_arg(value, custom_objects: dict):
    if isinstance(value, list):
        return [_compile_arg(v, custom_objects) for v in value]
    if isinstance(value, dict) and "class_name" in value:
        cls = custom_objects.get(value["class_name"]) or registered_class(value.get("registered_name") or "")
        if cls is None:
            found = (
                get_metric(value["class_name"])
                if value.get("module") == "keras.metrics"
                else (get_loss(value["class_name"]))
            )
            cls = type(found)
        return cls.from_config(value["config"])
    if isinstance(value, dict):
        return {k: _compile_arg(v, custom_objects) for k, v in value.items()}
    return value


def _optimizer(config: dict):
    cls = getattr(_optimizers, config["class_name"])
    options = dict(config["config"])
    rate = options.get("learning_rate")
    if isinstance(rate, dict):
        options["learning_rate"] = getattr(_schedules, rate["class_name"]).from_config(rate["config"])
    for key in ("gradient_accumulation_steps", "name"):
        if options.get(key) is None:
            options.pop(key, None)
    return cls(**options)


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
    with loading_scope(safe_mode, custom_objects):
        model = deserialize(config, custom_objects)
    compiled = config.get("compile_config") or {}
    if compile and compiled:
        _compile(model, compiled, compiled["optimizer"], custom_objects)
    read_weights(model, io.BytesIO(weights))
    return model


def _compile(model, compiled: dict, optimizer: dict, custom_objects: dict) -> None:
    """Compiles a loaded model as its saved compile arguments say; builds the optimizer's state."""
    model.compile(
        optimizer=_optimizer(optimizer),
        loss=_compile_arg(compiled.get("loss"), custom_objects),
        loss_weights=compiled.get("loss_weights"),
        metrics=_compile_arg(compiled.get("metrics"), custom_objects),
        weighted_metrics=_compile_arg(compiled.get("weighted_metrics"), custom_objects),
        run_eagerly=compiled.get("run_eagerly", False),
        steps_per_execution=compiled.get("steps_per_execution", 1),
    )
    if model.built:
        model.optimizer.build(model.trainable_variables)


def _load_h5(filepath: str, custom_objects: dict, compile: bool, safe_mode: bool):  # noqa: A002
    """A model from Keras' legacy ``.h5`` file: config, weights by order, compile arguments and
    the optimizer's state (skipped, as Keras does, when it does not fit the built optimizer)."""
    config, training, layers, optimizer_values = read_h5(filepath)
    with loading_scope(safe_mode, custom_objects):
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
