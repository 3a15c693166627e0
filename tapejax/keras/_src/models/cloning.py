"""``tf.keras.models.clone_model``: the same architecture with new layers (new weights)."""

from __future__ import annotations

import jax

from ..backend.keras_tensor import KerasTensor
from ..layers.core.input_layer import Input
from ..saving.serialization_lib import deserialize_keras_object, serialize_keras_object
from .model import Functional
from .sequential import Sequential


def clone_model(
    model, input_tensors=None, clone_function=None, call_function=None, recursive=False, **kwargs
):
    """A copy of ``model``'s architecture whose layers are new (freshly initialized weights).

    Args:
      model: a Sequential, functional or subclassed model.
      input_tensors: KerasTensors (``tf.keras.Input``) to build the clone on, in the structure
        of ``model.input`` (Sequential and functional models only).
      clone_function: ``f(layer) -> layer`` for each layer (``from_config(get_config())`` by
        default; return the layer itself to share it). Shared layers stay shared.
      call_function: ``f(layer, *args, **kwargs)`` calling each new layer (functional only).
      recursive: clone nested Sequential and functional models with ``clone_function`` too.

    >>> import tapejax as tf
    >>> model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, name='d')])
    >>> clone = tf.keras.models.clone_model(model)
    >>> clone.layers[0].name, clone.layers[0] is model.layers[0]
    ('d', False)
    """
    cache = kwargs.pop("cache", None)
    if kwargs:
        raise ValueError(f"Unexpected keyword argument(s): {tuple(kwargs.keys())}")
    if isinstance(model, (Sequential, Functional)):
        clone = _cloner(clone_function, call_function, recursive, {} if cache is None else cache)
        if isinstance(model, Sequential):
            if call_function is not None:
                raise ValueError(
                    "`call_function` argument is not supported with Sequential models.  In a "
                    "Sequential model, layers aren't called at model-construction time (they're "
                    "merely listed). Use `call_function` with Functional models only. Received "
                    f"model of type '{type(model).__name__}', with call_function={clone_function}"
                )
            return _compiled_like(model, _clone_sequential(model, clone, input_tensors))
        return _compiled_like(model, _clone_functional(model, clone, input_tensors, call_function))
    if clone_function is not None or input_tensors is not None:
        raise ValueError(
            "Arguments `clone_function` and `input_tensors` are only supported for Sequential "
            f"models or Functional models. Received model of type '{type(model).__name__}', with "
            f"clone_function={clone_function} and input_tensors={input_tensors}"
        )
    if call_function is not None:
        raise ValueError(
            "Argument `call_function` is only supported for Functional models. Received model "
            f"of type '{type(model).__name__}', with call_function={clone_function}"
        )
    return deserialize_keras_object(serialize_keras_object(model), {type(model).__name__: type(model)})


def _cloner(clone_function, call_function, recursive: bool, cache: dict):
    """``clone_function`` (default: a new layer from the config) run once per layer."""

    def clone(layer):
        if id(layer) not in cache:
            if recursive and isinstance(layer, (Sequential, Functional)):
                cache[id(layer)] = clone_model(
                    layer,
                    clone_function=clone_function,
                    call_function=None if isinstance(layer, Sequential) else call_function,
                    recursive=True,
                    cache=cache,
                )
            else:
                made = (
                    clone_function(layer) if clone_function else type(layer).from_config(layer.get_config())
                )
                cache[id(layer)] = made
        return cache[id(layer)]

    if clone_function is not None and not callable(clone_function):
        raise ValueError(
            f"Expected `clone_function` argument to be a callable. Received: clone_function={clone_function}"
        )
    return clone


def _clone_sequential(model, clone, input_tensors):
    layers = [clone(layer) for layer in model.layers]
    first = model._layers_list[0] if model._layers_list else None
    if input_tensors is not None:
        if isinstance(input_tensors, (list, tuple)):
            if len(input_tensors) != 1:
                raise ValueError("Argument `input_tensors` must contain a single tensor.")
            input_tensors = input_tensors[0]
        if not isinstance(input_tensors, KerasTensor):
            raise ValueError(
                f"Argument `input_tensors` must be a KerasTensor. Received invalid value: input_tensors={input_tensors}"
            )
        layers = [input_tensors, *layers]
    elif first is not None and first not in model.layers:  # an InputLayer
        layers = [Input(batch_shape=first.batch_shape, dtype=first.dtype, name=first.name), *layers]
    return Sequential(layers, name=model.name, trainable=model.trainable)


def _clone_functional(model, clone, input_tensors, call_function):
    flat = lambda tree: jax.tree_util.tree_leaves(tree, is_leaf=lambda x: isinstance(x, KerasTensor))  # noqa: E731
    if input_tensors is not None:
        if not all(isinstance(x, KerasTensor) for x in flat(input_tensors)):
            raise ValueError(
                "All entries in `input_tensors` must be KerasTensors. Received invalid values: "
                f"inputs_tensors={input_tensors}"
            )
        if jax.tree_util.tree_structure(input_tensors, is_leaf=lambda x: isinstance(x, KerasTensor)) != (
            jax.tree_util.tree_structure(model.input, is_leaf=lambda x: isinstance(x, KerasTensor))
        ):
            raise ValueError(
                "`input_tensors` must have the same structure as model.input\n"
                f"Reference structure: {model.input}\nReceived structure: {input_tensors}"
            )
    else:
        input_tensors = jax.tree_util.tree_map(
            lambda x: Input(batch_shape=x.shape, dtype=x.dtype, name=x.name),
            model.input,
            is_leaf=lambda x: isinstance(x, KerasTensor),
        )
    if call_function is None:
        operation_fn = clone
    else:

        def operation_fn(layer):
            new = clone(layer)
            return lambda *args, **kwargs: call_function(new, *args, **kwargs)

    outputs = model._graph.run(input_tensors, operation_fn=operation_fn)
    cls = type(model) if type(model).__init__ is Functional.__init__ else Functional
    return cls(input_tensors, outputs, name=model.name)


def _compiled_like(model, clone):
    """A compiled model's clone is compiled as it was (Keras 3's ``compile_from_config``)."""
    if model.compiled:
        clone.compile_from_config(model.get_compile_config())
    return clone
