"""``model.save('x.keras')``: Keras 3's ``.keras`` file, a zip of ``metadata.json``,
``config.json`` (the model's serialized config) and ``model.weights.h5`` (the weights in the
layout of ``save_weights``), readable by TensorFlow's Keras; and the registry of custom classes
(``register_keras_serializable``) that ``load_model`` reads back.
"""

from __future__ import annotations

import datetime
import io
import json
import os
import zipfile

import numpy as np

from ..backend.core import TensorLike
from ..backend.keras_tensor import KerasTensor
from ..ops.operation import Operation
from .h5_weights import write_weights

KERAS_VERSION = "3.15.1"  # the Keras whose format this writes (TF 2.21's)


def _module_of(obj) -> tuple:
    """Keras' ``module`` and ``registered_name`` of an object's class.

    tapejax's own classes declare the Keras module they are saved under (``_keras_module``, set
    once on each family's base class), so a ``.keras`` file never depends on which Python file
    holds a class; a user's class is saved under its own ``__module__``, as Keras does.
    """
    cls = type(obj)
    if isinstance(obj, Operation):
        return getattr(obj, "module", "keras.src.ops.numpy"), cls.__name__
    registered = cls.__dict__.get("_registered_name")
    if registered is not None:
        return None, registered
    if cls.__module__.split(".")[0] == "tapejax":
        module = getattr(cls, "_keras_module", "keras.layers")
        # Keras names a class of a non-public module (Functional) by its registered name.
        return module, (cls.__name__ if module.startswith("keras.src.") else None)
    return cls.__module__, None


def serialize(obj, module: str | None = None) -> dict:
    """Keras 3's ``serialize_keras_object`` for layers, models and optimizers."""
    found_module, registered = _module_of(obj)
    config = {
        "module": module or found_module,
        "class_name": type(obj).__name__,
        "config": obj.get_config(),
        "registered_name": registered,
    }
    shape = getattr(obj, "_build_input_shape", None)
    if shape is not None and getattr(obj, "built", False) and type(obj).__name__ != "InputLayer":
        config["build_config"] = {"input_shape": _listed(shape)}
    elif registered == "Functional":
        config["build_config"] = {"input_shape": None}  # Keras' of a model built by its graph
    return config


def _listed(shape):
    if isinstance(shape, (list, tuple)):
        return [_listed(s) for s in shape]
    return shape


def keras_tensor_config(x: KerasTensor) -> dict:
    return {
        "class_name": "__keras_tensor__",
        "config": {"shape": list(x.shape), "dtype": x.dtype, "keras_history": _history(x)},
    }


def _history(x: KerasTensor) -> list:
    """``[layer name, node index, tensor index]``: which call of which layer made ``x``."""
    node, index = x._keras_history
    return [node.layer.name, node.index, index]


def _args_config(tree):
    """A call's arguments as Keras 3 writes them: KerasTensors by history, slices, arrays."""
    if isinstance(tree, KerasTensor):
        return keras_tensor_config(tree)
    if isinstance(tree, slice):
        return {
            "class_name": "__slice__",
            "config": {"start": tree.start, "stop": tree.stop, "step": tree.step},
        }
    if tree is Ellipsis:
        return {"class_name": "__ellipsis__", "config": {}}
    if isinstance(tree, (TensorLike, np.ndarray, np.generic)):
        kind = "__numpy__" if isinstance(tree, (np.ndarray, np.generic)) else "__tensor__"
        value = np.asarray(tree)
        return {"class_name": kind, "config": {"value": value.tolist(), "dtype": value.dtype.name}}
    if isinstance(tree, (list, tuple)):
        return [_args_config(t) for t in tree]
    if isinstance(tree, dict):
        return {k: _args_config(v) for k, v in tree.items()}
    return tree


def functional_config(model) -> dict:
    """A functional model's config: each layer with the calls (``inbound_nodes``) it makes."""
    graph = model._graph
    layers = []
    for layer in graph.operations:
        entry = serialize(layer)
        entry["name"] = layer.name
        nodes = [n for n in graph.nodes if n.layer is layer]
        entry["inbound_nodes"] = [
            {"args": _args_config(list(n.args)), "kwargs": _args_config(n.kwargs)} for n in nodes
        ]
        layers.append(entry)

    def ends(tree):  # the structure the model was given: a tensor, a list, a dict (as Keras writes it)
        if isinstance(tree, KerasTensor):
            return _history(tree)
        if isinstance(tree, dict):
            return {k: ends(v) for k, v in tree.items()}
        return [ends(t) for t in tree]

    return {
        "name": model.name,
        "trainable": model.trainable,
        "layers": layers,
        "input_layers": ends(graph.inputs),
        "output_layers": ends(graph.outputs),
    }


def optimizer_config(optimizer) -> dict:
    """An optimizer's constructor arguments (Keras' ``get_config``)."""
    return optimizer.get_config()


def _spec(value):
    """A compile argument as Keras' config holds it: names as given, objects serialized."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple)):
        return [_spec(v) for v in value]
    if isinstance(value, dict):
        return {k: _spec(v) for k, v in value.items()}
    if hasattr(value, "get_config"):
        return serialize(value, "keras.metrics" if hasattr(value, "update_state") else "keras.losses")
    return getattr(value, "__name__", str(value))


def compile_config(model) -> dict:
    if not getattr(model, "compiled", False):
        return {}
    return {
        "optimizer": {**serialize_optimizer(model.optimizer)},
        "loss": _spec(model._loss_spec),
        "loss_weights": _spec(model._loss_weights),
        "metrics": _spec(model._metrics_spec),
        "weighted_metrics": _spec(model._weighted_metrics_spec),
        "run_eagerly": model.run_eagerly,
        "steps_per_execution": model.steps_per_execution,
        "jit_compile": False,
    }


def serialize_optimizer(optimizer) -> dict:
    return {
        "module": "keras.optimizers",
        "class_name": type(optimizer).__name__,
        "config": optimizer_config(optimizer),
        "registered_name": None,
    }


def save_model(model, filepath, overwrite: bool = True) -> None:
    """Writes ``model`` to a ``.keras`` zip (config, metadata and weights), as Keras 3 does."""
    filepath = os.fspath(filepath)
    if not filepath.endswith(".keras"):
        raise ValueError(
            "Invalid filepath extension for saving. Please add either a `.keras` extension for "
            "the native Keras format (recommended) or a `.h5` extension. Use "
            "`model.export(filepath)` if you want to export a SavedModel for use with "
            f"TFLite/TFServing/etc. Received: filepath={filepath}."
        )
    if not overwrite and os.path.exists(filepath):
        raise FileExistsError(f"tapejax.keras: {filepath} exists and overwrite=False.")
    config = serialize(model)
    config["compile_config"] = compile_config(model)
    metadata = {
        "keras_version": KERAS_VERSION,
        "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S"),
    }
    weights = io.BytesIO()
    write_weights(model, weights)
    partial = f"{filepath}.tmp"
    with zipfile.ZipFile(partial, "w") as archive:
        archive.writestr("metadata.json", json.dumps(metadata))
        archive.writestr("config.json", json.dumps(config))
        archive.writestr("model.weights.h5", weights.getvalue())
    os.replace(partial, filepath)  # a failed save leaves any earlier file as it was
