"""Sequential: a Model that is a stack of layers, each called on the previous one's output."""

from __future__ import annotations

from ..backend.keras_tensor import KerasTensor
from ..layers.core.input_layer import Input, InputLayer
from ..layers.layer import Layer
from ..saving.model_configs import sequential_from_config
from ..saving.saving_lib import serialize
from ..utils.naming import auto_name
from .functional import Graph
from .model import Model


class Sequential(Model):
    """A linear stack of layers (``tf.keras.Sequential``).

    With an ``Input`` first (or a first layer given ``input_shape=``) the model is built at
    once; otherwise on its first call, for that input's shape.

    >>> import tapejax as tf
    >>> model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2)])
    >>> model.output_shape
    (None, 2)
    >>> model.count_params()
    8
    """

    _is_sequential = True

    def __init__(self, layers=None, trainable: bool = True, name: str | None = None, **kwargs):
        Layer.__init__(self, trainable=trainable, name=name or auto_name("Sequential"), **kwargs)
        self._graph = None
        self._layers_list: list = []
        for layer in layers or []:
            self.add(layer, rebuild=False)
        self._maybe_build_from_input()

    def add(self, layer, rebuild: bool = True) -> None:
        """Appends a layer (or ``tf.keras.Input(...)``, which must come first)."""
        if isinstance(layer, KerasTensor):
            layer = layer._keras_history[0].layer
        if not isinstance(layer, Layer):
            raise ValueError(
                "Only instances of `keras.Layer` can be added to a Sequential model. "
                f"Received: {layer} (of type {type(layer)})"
            )
        first = self._layers_list[0] if self._layers_list else None
        if isinstance(layer, InputLayer) and isinstance(first, InputLayer):
            raise ValueError(
                f"Sequential model '{self.name}' has already been configured to use input "
                f"shape {first.batch_shape}. You cannot add a different Input "
                "layer to it."
            )
        names = {existing.name for existing in self._layers_list}
        if layer.name in names:
            raise ValueError(
                "All layers added to a Sequential model should have unique names. Name "
                f"'{layer.name}' is already the name of a layer in this model. Update the "
                "`name` argument to pass a unique name."
            )
        self._layers_list.append(layer)
        if rebuild:
            self._maybe_build_from_input()

    def pop(self, rebuild: bool = True):
        """Removes and returns the last layer."""
        layers = self.layers
        if not layers:
            raise TypeError("There are no layers in the model.")
        layer = layers[-1]
        self._layers_list.remove(layer)
        self._graph, self.built = None, False
        if rebuild:
            self._maybe_build_from_input()
        return layer

    @property
    def layers(self) -> list:
        """The layers, without the InputLayer (as Keras 3 lists them)."""
        return [layer for layer in self._layers_list if not isinstance(layer, InputLayer)]

    def _maybe_build_from_input(self) -> None:
        first = self._layers_list[0] if self._layers_list else None
        if isinstance(first, InputLayer):
            self.build(first.batch_shape)
        elif first is not None and getattr(first, "_input_shape_arg", None) is not None:
            self.build((None, *first._input_shape_arg))

    def build(self, input_shape=None) -> None:
        """Builds every layer by calling the stack on a KerasTensor of ``input_shape``."""
        if input_shape is None or not self.layers:
            self.built = bool(self.layers) and all(layer.built for layer in self.layers)
            return
        first = self._layers_list[0]
        if isinstance(first, InputLayer):
            inputs = first.output
        else:
            inputs = Input(batch_shape=input_shape)
            self._layers_list.insert(0, inputs._keras_history[0].layer)
        x = inputs
        for layer in self.layers:
            x = layer(x)
        self._graph = Graph(inputs, x)
        auto_name("Functional")  # Keras 3 builds a Functional here, which takes the next such name
        self.built = True

    def get_config(self) -> dict:
        """Keras 3's Sequential config: each layer serialized, the InputLayer first."""
        config = {**Layer.get_config(self), "layers": [serialize(layer) for layer in self._layers_list]}
        if self._graph is not None:
            config["build_input_shape"] = list(self._graph.flat_inputs[0].shape)
        return config

    @classmethod
    def from_config(cls, config: dict, custom_objects=None):
        """A Sequential from ``get_config()``'s dict: its layers, built for its input shape."""
        return sequential_from_config(cls, config, custom_objects)

    def call(self, inputs, training=None):
        if self._graph is not None:
            return self._graph.run(inputs)
        x = inputs
        for layer in self.layers:
            x = layer(x)
        return x

    @property
    def inputs(self) -> list:
        return self._graph.flat_inputs if self._graph is not None else None

    @property
    def outputs(self) -> list:
        return self._graph.flat_outputs if self._graph is not None else None

    @property
    def input_shape(self):
        if self._graph is None:
            raise AttributeError(f"Sequential model '{self.name}' has no defined input shape yet.")
        return self._graph.flat_inputs[0].shape

    @property
    def output_shape(self):
        if self._graph is None:
            raise AttributeError(f"Sequential model '{self.name}' has no defined outputs yet.")
        return self._graph.flat_outputs[0].shape
