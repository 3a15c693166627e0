"""``tf.keras.layers.Lambda``: a function as a layer, saved as Keras 3 saves it (a Python lambda
as its marshalled bytecode, which only ``safe_mode=False`` loads back; a named function by name).
"""

from __future__ import annotations

import base64
import contextlib
import inspect
import marshal
import threading
import types

from ...backend.keras_tensor import KerasTensor
from ..layer import Layer

_loading = threading.local()  # the ``safe_mode`` and ``custom_objects`` of the load in progress


@contextlib.contextmanager
def loading_scope(safe_mode: bool, custom_objects: dict):
    """Within it, ``Lambda.from_config`` loads Python lambdas only when ``safe_mode`` is False,
    and finds named functions in ``custom_objects``."""
    outer = getattr(_loading, "state", (None, {}))
    _loading.state = (safe_mode, custom_objects)
    try:
        yield
    finally:
        _loading.state = outer


class Lambda(Layer):
    """Wraps a function as a layer: ``Lambda(lambda x: x ** 2)``.

    Args:
      function: called with the inputs (and ``mask``/``training`` where it takes them).
      output_shape: the output shape without the batch dimension (a tuple), or a function of
        the input shape; inferred by tracing ``function`` when None.
      mask: None, a function ``(inputs, mask) -> mask``, or a fixed mask.
      arguments: keyword arguments passed to ``function``.

    >>> import tapejax as tf
    >>> x = tf.keras.Input((3,))
    >>> tf.keras.layers.Lambda(lambda t, k: t[:, :2] * k, arguments={'k': 2.0})(x).shape
    (None, 2)
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.arguments = arguments or {}
        self.function = function
        self.supports_masking = mask is not None
        self.mask = mask
        self._output_shape = output_shape
        params = inspect.getfullargspec(function).args
        self._fn_expects_training_arg = "training" in params
        self._fn_expects_mask_arg = "mask" in params

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        if self._fn_expects_mask_arg:
            kwargs["mask"] = mask
        if self._fn_expects_training_arg:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def compute_mask(self, inputs, mask=None):
        return self.mask(inputs, mask) if callable(self.mask) else self.mask

    def compute_output_shape(self, input_shape):
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        first = input_shape
        while isinstance(first, (list, tuple)) and first and isinstance(first[0], (list, tuple)):
            first = first[0]  # the first input's shape, for several inputs
        return (first[0] if first else None, *self._output_shape)

    def refine_outputs(self, outputs: list, args: tuple, kwargs: dict) -> list:
        """Keras' KerasTensors for the call: the layer's dtype, and ``output_shape`` if given."""
        if self._output_shape is None or len(outputs) != 1:
            return [KerasTensor(x.shape, self.compute_dtype, x.name) for x in outputs]
        inputs = args[0]
        shape = inputs.shape if isinstance(inputs, KerasTensor) else [x.shape for x in inputs]
        return [KerasTensor(self.compute_output_shape(shape), self.compute_dtype, outputs[0].name)]

    def get_config(self) -> dict:
        config = {"function": _function_config(self.function)}
        if self._output_shape is not None:
            config["output_shape"] = (
                _function_config(self._output_shape) if callable(self._output_shape) else self._output_shape
            )
        if self.mask is not None:
            config["mask"] = _function_config(self.mask)
        config["arguments"] = self.arguments
        return {**super().get_config(), **config}

    @classmethod
    def from_config(cls, config: dict, custom_objects=None, safe_mode=None):
        scope_safe, scope_objects = getattr(_loading, "state", (None, {}))
        safe = (safe_mode if safe_mode is not None else scope_safe) is not False
        objects = {**scope_objects, **(custom_objects or {})}
        config = dict(config)
        for key in ("function", "output_shape", "mask"):
            if key in config:
                config[key] = _load_function(config[key], objects, safe)
        if isinstance(config.get("output_shape"), list):
            config["output_shape"] = tuple(config["output_shape"])
        return cls(**config)


def _function_config(fn):
    """Keras' serialized function: a lambda's marshalled code, a named function's name."""
    if isinstance(fn, types.LambdaType) and fn.__name__ == "<lambda>":
        code = base64.encodebytes(marshal.dumps(fn.__code__)).decode("ascii")
        closure = tuple(c.cell_contents for c in fn.__closure__) if fn.__closure__ else None
        return {
            "class_name": "__lambda__",
            "config": {"code": code, "defaults": fn.__defaults__, "closure": closure},
        }
    if callable(fn):
        return {
            "module": "builtins",
            "class_name": "function",
            "config": fn.__name__,
            "registered_name": "function",
        }
    if fn is None or isinstance(fn, (list, tuple, int, float, bool)):
        return fn
    raise ValueError(f"Invalid input type for serialization. Received: {fn} of type {type(fn)}.")


def _load_function(config, custom_objects: dict, safe: bool):
    if not isinstance(config, dict):
        return config
    if config.get("class_name") == "__lambda__":
        if safe:
            raise ValueError(
                "Requested the deserialization of a `Lambda` layer whose `function` is a Python lambda. "
                "This carries a potential risk of arbitrary code execution and thus it is disallowed by "
                "default. If you trust the source of the artifact, you can override this error by "
                "passing `safe_mode=False` to the loading function, or calling "
                "`keras.config.enable_unsafe_deserialization()."
            )
        inner = config["config"]
        code = marshal.loads(base64.decodebytes(inner["code"].encode("ascii")))
        defaults = tuple(inner["defaults"]) if inner.get("defaults") is not None else None
        closure = tuple(types.CellType(v) for v in inner["closure"]) if inner.get("closure") else None
        return types.FunctionType(code, {"__builtins__": __builtins__}, code.co_name, defaults, closure)
    if config.get("class_name") == "function":
        name = config["config"]
        if name in custom_objects:
            return custom_objects[name]
        raise TypeError(
            f"Could not locate function '{name}'. Make sure custom classes are decorated with "
            f"`@keras.saving.register_keras_serializable()`. Full object config: {config}"
        )
    return config
