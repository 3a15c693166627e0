"""Model: a Layer that trains (``tf.keras.Model``), subclassed or functional.

``Model(inputs, outputs)`` (or ``Model(inputs=..., outputs=...)``) makes a functional model:
an instance of ``Functional``, as in Keras 3, running the graph of layer calls between its
KerasTensor inputs and outputs. A subclass of Model defines ``__init__`` (its layers, held
in attributes, lists or dicts) and ``call(inputs, training=None)``.
"""

from __future__ import annotations

import inspect
import json
import os

import numpy as np

from ..export.saved_model import export
from ..layers.layer import Layer
from ..saving import h5_weights as _saving
from ..saving import legacy_h5 as _legacy_h5
from ..saving import saving_lib as _model_saving
from ..saving.model_configs import compile_from_config, functional_from_config
from ..saving.serialization_lib import serialize_keras_object
from ..trainers.trainer import Trainer
from ..utils.naming import auto_name
from ..utils.summary_utils import summary_text
from .functional import Graph


class Model(Trainer, Layer):
    """A model: layers plus ``compile``/``fit``/``evaluate``/``predict`` (``tf.keras.Model``).

    >>> import tapejax as tf
    >>> class TwoLayers(tf.keras.Model):
    ...   def __init__(self):
    ...     super().__init__()
    ...     self.hidden = tf.keras.layers.Dense(4, activation='relu', name='hidden')
    ...     self.out = tf.keras.layers.Dense(1, name='out')
    ...   def call(self, inputs, training=None):
    ...     return self.out(self.hidden(inputs))
    >>> model = TwoLayers()
    >>> model(tf.ones((2, 3))).shape
    TensorShape([2, 1])
    >>> [v.path for v in model.trainable_variables]
    ['two_layers/hidden/kernel', 'two_layers/hidden/bias', 'two_layers/out/kernel', 'two_layers/out/bias']
    """

    _keras_module = "keras"  # Keras 3 writes Model and Sequential under 'keras'

    def __new__(cls, *args, **kwargs):
        if cls is Model and (args or "inputs" in kwargs or "outputs" in kwargs):
            return super().__new__(Functional)
        return super().__new__(cls)

    def __init__(self, *args, trainable: bool = True, dtype=None, name: str | None = None, **kwargs):
        if args or "inputs" in kwargs or "outputs" in kwargs:
            if type(self) is Model or not isinstance(self, Functional):
                # A subclass calling super().__init__(inputs, outputs): functional too (Keras 3).
                Functional.__init__(self, *args, name=name, trainable=trainable, **kwargs)
                return
        Layer.__init__(self, trainable=trainable, dtype=dtype, name=name, **kwargs)
        self._graph, self._calling = None, False

    @property
    def layers(self) -> list:
        """The model's layers: a subclassed model's in attribute order; a functional one's in
        graph order, its InputLayers first."""
        if self._graph is not None:
            return self._graph.layers
        return self._layers

    @property
    def operations(self) -> list:
        """The layers and, in a functional model, the operations its graph records (``x * 2.0``)."""
        return self._graph.operations if self._graph is not None else self.layers

    def get_layer(self, name=None, index=None):
        """The layer called ``name``, or at position ``index`` of :attr:`layers`."""
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(
                    f"Was asked to retrieve layer at index {index} but model only has "
                    f"{len(self.layers)} layers."
                )
            return self.layers[index]
        for layer in self.layers:
            if layer.name == name:
                return layer
        names = [layer.name for layer in self.layers]
        raise ValueError(f"No such layer: {name}. Existing layers are: {names}.")

    def __call__(self, *args, **kwargs):
        outer, self._calling = getattr(self, "_calling", False), True
        try:
            return super().__call__(*args, **kwargs)
        finally:
            self._calling = outer

    def build(self, input_shape=None) -> None:
        """Builds a subclassed model by calling it once on zeros of ``input_shape`` (None -> 1);
        a model's first call builds it without that."""
        if self._graph is None and input_shape is not None and not self.built and not self._calling:
            shape = tuple(1 if d is None else d for d in input_shape)
            self(np.zeros(shape, self.dtype), training=False)
        self.built = True

    def call(self, inputs, training=None):
        if self._graph is None:
            raise NotImplementedError(
                f"Model {type(self).__name__} does not have a `call()` method implemented."
            )
        return self._graph.run(inputs)

    def summary(
        self,
        line_length=None,
        positions=None,
        print_fn=None,
        expand_nested=False,
        show_trainable=False,
        layer_range=None,
    ) -> None:
        """Prints the table of layers, output shapes and parameter counts (Keras 3's format)."""
        text = summary_text(self, line_length, positions, expand_nested)
        if print_fn is None:
            print(text, end="")
        else:
            print_fn(text)  # Keras 3 hands print_fn the whole table, its last newline included

    def get_config(self) -> dict:
        """A subclassed model's config, as Keras 3.15 makes it: its ``__init__``'s default
        arguments (Keras binds none of the given ones), ``trainable``, ``dtype``, and ``name``
        when ``__init__`` takes ``name`` or ``**kwargs``.

        Raises:
          NotImplementedError: an ``__init__`` argument has no default or a default that is not
            a plain value; override ``get_config`` (and ``from_config``).
        """
        base = Layer.get_config(self)
        if type(self).get_config is not Model.get_config or type(self) is Model:
            return base
        auto = _default_arguments(type(self))
        if auto is None:
            raise NotImplementedError(_NO_AUTO_CONFIG.format(name=type(self).__name__))
        params = inspect.signature(type(self).__init__).parameters
        kwargs = params.get("kwargs")
        if "name" not in params and (kwargs is None or kwargs.kind is not kwargs.VAR_KEYWORD):
            base.pop("name")  # Keras keeps it only where __init__ can take it back
        return {**auto, **base}

    @classmethod
    def from_config(cls, config: dict, custom_objects=None):
        """The model a ``get_config()`` dict describes: a functional config is rebuilt as a
        graph (layers found in ``custom_objects`` and the registry), anything else is passed
        to the class's constructor."""
        functional = all(k in config for k in ("name", "layers", "input_layers", "output_layers"))
        if functional and _revivable_as_functional(cls):
            return functional_from_config(cls, config, custom_objects)
        try:
            return cls(**config)
        except TypeError as e:
            raise TypeError(
                "Unable to revive model from config. When overriding the `get_config()` method, "
                "make sure that the returned config contains all items used as arguments in the  "
                f"constructor to {repr(cls)}, which is the default behavior. You can override this "
                "default behavior by defining a `from_config(cls, config)` class method to specify "
                f"how to create an instance of {cls.__name__} from its config.\n\nReceived "
                f"config={repr(config)}\n\nError encountered during deserialization: {e}"
            ) from e

    def to_json(self, **kwargs) -> str:
        """The model's config as a JSON string (``tf.keras.models.model_from_json`` reads it);
        ``kwargs`` go to ``json.dumps``."""
        config = serialize_keras_object(self)
        config["compile_config"] = _model_saving.compile_config(self)
        return json.dumps(config, **kwargs)

    def get_compile_config(self) -> dict | None:
        """What ``compile`` was given, serialized (None before ``compile``)."""
        return _model_saving.compile_config(self) if self.compiled else None

    def compile_from_config(self, config: dict) -> None:
        """Compiles the model as a ``get_compile_config()`` dict says."""
        compile_from_config(self, config)

    def save_weights(self, filepath, overwrite: bool = True) -> None:
        """Writes the weights (and the optimizer's state) to a Keras 3 ``.weights.h5`` file."""
        _saving.save_weights(self, filepath, overwrite)

    def load_weights(self, filepath, skip_mismatch: bool = False, **kwargs) -> None:
        """Reads weights written by ``save_weights`` (here or by TensorFlow's Keras), or a legacy
        ``.h5`` weights file (Keras 2's, as Keras' pretrained weights are)."""
        path = os.fspath(filepath)
        if path.endswith((".h5", ".hdf5")) and not path.endswith(".weights.h5"):
            _legacy_h5.load_weights(self, path)
        else:
            _saving.load_weights(self, filepath, skip_mismatch)

    def export(self, filepath, format="tf_saved_model", verbose=True, input_signature=None, **kwargs) -> None:  # noqa: A002
        """The inference function as a SavedModel with a ``serve`` endpoint (see ``_export.py``)."""
        export(self, filepath, format, verbose, input_signature, **kwargs)

    def save(self, filepath, overwrite: bool = True, zipped=None, **kwargs) -> None:
        """Writes the whole model (config, weights, optimizer state) to a Keras 3 ``.keras``
        file, or to Keras' legacy HDF5 file for a ``.h5``/``.hdf5`` path;
        ``tf.keras.models.load_model`` reads both back, here or in TensorFlow's Keras."""
        path = os.fspath(filepath)
        if path.endswith((".h5", ".hdf5")):
            _legacy_h5.save_h5(self, path, overwrite, kwargs.get("include_optimizer", True))
        else:
            _model_saving.save_model(self, filepath, overwrite)


_NO_AUTO_CONFIG = """
Object {name} was created by passing
non-serializable argument values in `__init__()`,
and therefore the object must override `get_config()` in
order to be serializable. Please implement `get_config()`.

Example:


class CustomLayer(keras.layers.Layer):
    def __init__(self, arg1, arg2, **kwargs):
        super().__init__(**kwargs)
        self.arg1 = arg1
        self.arg2 = arg2

    def get_config(self):
        config = super().get_config()
        config.update({{
            "arg1": self.arg1,
            "arg2": self.arg2,
        }})
        return config
"""


def _default_arguments(cls) -> dict | None:
    """``cls.__init__``'s arguments at their defaults, or None when one has no default or a
    default that is not a plain value (Keras' auto config of a subclassed model)."""
    found = {}
    for name, param in list(inspect.signature(cls.__init__).parameters.items())[1:]:
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD) or name == "name":
            continue
        if param.default is param.empty or not isinstance(param.default, (str, int, float, bool, type(None))):
            return None
        found[name] = param.default
    return found


def _revivable_as_functional(cls) -> bool:
    spec = inspect.getfullargspec(cls.__init__)
    return (
        cls in (Model, Functional)
        or spec.args[1:] == ["inputs", "outputs", "name", "trainable"]
        or (spec.varargs == "args" and spec.varkw == "kwargs")
    )


class Functional(Model):
    """A model defined by its graph: ``Model(inputs, outputs)``."""

    _keras_module = "keras.src.models.functional"  # as Keras 3 writes it

    def __init__(self, inputs, outputs, name: str | None = None, trainable: bool = True, **kwargs):
        Layer.__init__(self, trainable=trainable, name=name or auto_name("Functional"), **kwargs)
        self._graph = Graph(inputs, outputs)
        self._graph_layers = self._graph.layers  # tracked: the model's weights are theirs
        self.built = True

    @property
    def inputs(self) -> list:
        return list(self._graph.flat_inputs)

    @property
    def outputs(self) -> list:
        return list(self._graph.flat_outputs)

    @property
    def input(self):
        return self._graph.inputs

    @property
    def output(self):
        return self._graph.outputs

    @property
    def input_shape(self):
        shapes = [x.shape for x in self._graph.flat_inputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def output_shape(self):
        shapes = [x.shape for x in self._graph.flat_outputs]
        return shapes[0] if len(shapes) == 1 else shapes

    def get_config(self) -> dict:
        """Keras 3's functional config: the layers, the calls between them, the ends."""
        return _model_saving.functional_config(self)

    @property
    def output_names(self) -> list:
        return [x._keras_history[0].layer.name for x in self._graph.flat_outputs]
