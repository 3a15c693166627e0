"""Objects rebuilt from their configs: layers by class name, Sequential and functional models
(the graph replayed, shared layers and nested models included), classes registered with
``register_keras_serializable`` or given in ``custom_objects``, and compiled models' compile
arguments. ``load_model`` (``saving_api.py``), ``Model.from_config``, ``Sequential.from_config``
and ``model_from_json`` all build through it.

It sits below ``models/`` (which call it), so it finds the model classes by name among the
subclasses of ``Layer`` defined in ``keras/_src/models`` instead of importing them.
"""

from __future__ import annotations

import numpy as np

from .. import layers as _layers
from .. import optimizers as _optimizers
from ..backend.core import constant
from ..backend.keras_tensor import OPERATIONS
from ..layers.core.input_layer import InputLayer
from ..layers.core.lambda_layer import loading_scope
from ..layers.layer import Layer
from ..losses.lookup import get_loss
from ..metrics.lookup import get_metric
from ..optimizers.schedules import learning_rate_schedule as _schedules
from .object_registration import custom_object_scope, known_objects, registered_class

_UNSET_OPTIONS = ("quantization_config", "lora_rank", "lora_alpha")
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
        custom_objects.get(name) or model_class(name) or getattr(_layers, name, None)
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
    Sequential, Functional = model_class("Sequential"), model_class("Functional")  # noqa: N806
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
        layer._build_input_shape = _shape(shape)  # saved again as it was (its build_config)
        layer.build(layer._build_input_shape)
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
    functional = model_class("Functional")
    model = functional(inputs, outs, name=config.get("name"), trainable=config.get("trainable", True))
    if cls is not functional:
        model.__class__ = cls
    return model


def functional_from_config(cls, config: dict, custom_objects=None):
    """``Model.from_config`` of a functional config: the graph rebuilt, a ``cls`` instance."""
    known = known_objects(custom_objects)
    with custom_object_scope(known), loading_scope(True, known):
        return _functional(config, known, cls)


def sequential_from_config(cls, config: dict, custom_objects=None):
    """``Sequential.from_config``: the layers deserialized, built for ``build_input_shape``."""
    known = known_objects(custom_objects)
    with custom_object_scope(known), loading_scope(True, known):
        layers = [deserialize(c, known) for c in config.get("layers", [])]
    model = cls(layers, name=config.get("name"), trainable=config.get("trainable", True))
    shape = config.get("build_input_shape")
    if shape is not None and not model.built:
        model.build(_shape(shape))
    return model


def compile_from_config(model, config: dict) -> None:
    """Compiles ``model`` as a saved compile config (``get_compile_config()``) says."""
    known = known_objects()
    _compile(model, config, config["optimizer"], known)


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


def model_class(name: str):
    """tapejax's ``Model``, ``Functional`` or ``Sequential`` class called ``name`` (None for
    another name): a subclass of ``Layer`` defined in ``keras/_src/models``."""
    stack = list(Layer.__subclasses__())
    while stack:
        cls = stack.pop()
        if cls.__name__ == name and cls.__module__.startswith(_MODELS_PACKAGE):
            return cls
        stack.extend(cls.__subclasses__())
    return None


_MODELS_PACKAGE = __name__.rsplit(".", 2)[0] + ".models."


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
