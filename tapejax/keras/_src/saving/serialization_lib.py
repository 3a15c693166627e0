"""``serialize_keras_object``/``deserialize_keras_object`` for what tapejax serializes: layers,
models and optimizers (Keras 3's dicts, as ``.keras`` files hold them)."""

from __future__ import annotations

import json

from ..layers.layer import Layer
from ..optimizers.optimizer import Optimizer
from .model_configs import _optimizer, deserialize
from .object_registration import known_objects
from .saving_lib import serialize, serialize_optimizer


def serialize_keras_object(obj):
    """``obj`` as Keras 3's dict (``module``, ``class_name``, ``config``, ``registered_name``);
    None, numbers, strings and lists/dicts of them as they are.

    >>> import tapejax as tf
    >>> config = tf.keras.utils.serialize_keras_object(tf.keras.layers.Dense(2, name='d'))
    >>> config['class_name'], config['config']['units']
    ('Dense', 2)
    >>> tf.keras.utils.deserialize_keras_object(config).units
    2
    """
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, (list, tuple)):
        return [serialize_keras_object(x) for x in obj]
    if isinstance(obj, dict):
        return {k: serialize_keras_object(v) for k, v in obj.items()}
    if isinstance(obj, Optimizer):
        return serialize_optimizer(obj)
    return serialize(obj)


def deserialize_keras_object(config, custom_objects=None, safe_mode=True, **kwargs):
    """The layer, model or optimizer a :func:`serialize_keras_object` dict describes, classes
    found in ``custom_objects``, the open ``custom_object_scope``s and the registered ones."""
    if isinstance(config, list):
        return [deserialize_keras_object(c, custom_objects) for c in config]
    if not isinstance(config, dict) or "class_name" not in config:
        return config
    if config.get("module") == "keras.optimizers":
        return _optimizer(config)
    return deserialize(config, known_objects(custom_objects))


def model_from_json(json_string, custom_objects=None):
    """The model (new weights) a ``model.to_json()`` string describes.

    >>> import tapejax as tf
    >>> model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    >>> tf.keras.models.model_from_json(model.to_json()).output_shape
    (None, 2)
    """
    config = json.loads(json_string)
    model = deserialize_keras_object(config, custom_objects=custom_objects)
    if config.get("compile_config"):  # Keras compiles what was compiled
        model.compile_from_config(config["compile_config"])
    return model


def serialize_layer(layer) -> dict:
    """``keras.layers.serialize``: the layer's Keras 3 dict (:func:`serialize_keras_object`)."""
    return serialize_keras_object(layer)


def deserialize_layer(config, custom_objects=None):
    """``keras.layers.deserialize``: the layer a :func:`serialize_layer` dict describes.

    >>> import tapejax as tf
    >>> config = tf.keras.layers.serialize(tf.keras.layers.Dense(2))
    >>> tf.keras.layers.deserialize(config).units
    2
    """
    obj = deserialize_keras_object(config, custom_objects=custom_objects)
    if not isinstance(obj, Layer):
        raise ValueError(
            "`keras.layers.deserialize` was passed a `config` object that is not a "
            f"`keras.layers.Layer`. Received: {config}"
        )
    return obj
