"""``keras.losses.get``: a loss from its name (class names give instances, function names
and Keras' short names give functions).
"""

from __future__ import annotations

import inspect

from ..utils.serialization_utils import _resolve, serialize_known
from . import circle as _circle
from . import ctc as _ctc
from . import focal as _focal
from . import generalized_cross_entropy as _gce
from . import loss_functions as _loss_functions
from . import losses as _loss_classes
from . import overlap as _overlap
from .loss import Loss

_LOSS_CLASSES = [
    getattr(module, n)
    for module in (_loss_classes, _focal, _overlap, _gce, _ctc, _circle)
    for n in dir(module)
    if inspect.isclass(getattr(module, n)) and issubclass(getattr(module, n), Loss)
]
_LOSS_FUNCTIONS = [
    getattr(_loss_functions, n)
    for n in (
        "kl_divergence",
        "poisson",
        "binary_crossentropy",
        "categorical_crossentropy",
        "sparse_categorical_crossentropy",
        "mean_squared_error",
        "mean_absolute_error",
        "mean_absolute_percentage_error",
        "mean_squared_logarithmic_error",
        "cosine_similarity",
        "log_cosh",
        "huber",
        "hinge",
        "squared_hinge",
        "categorical_hinge",
    )
] + [
    _focal.binary_focal_crossentropy,
    _focal.categorical_focal_crossentropy,
    _overlap.dice,
    _overlap.tversky,
    _gce.categorical_generalized_cross_entropy,
    _ctc.ctc,
    _circle.circle,
]
_LOSSES = {o.__name__: o for o in _LOSS_CLASSES + _LOSS_FUNCTIONS}
for _short, _full in (
    ("bce", "binary_crossentropy"),
    ("kld", "kl_divergence"),
    ("mae", "mean_absolute_error"),
    ("mse", "mean_squared_error"),
    ("mape", "mean_absolute_percentage_error"),
    ("msle", "mean_squared_logarithmic_error"),
):
    _LOSSES[_short] = _LOSSES[_short.upper()] = _LOSSES[_full]


def get_loss(identifier):
    """A loss from its name: a class name gives an instance (``'Huber'``), a function name the
    function (``'huber'``, ``'mse'``); a config dict gives its loss; a loss object or callable is
    returned as given.

    >>> import tapejax as tf
    >>> tf.keras.losses.get('mse').__name__, tf.keras.losses.get('Huber').name
    ('mean_squared_error', 'huber_loss')
    """
    if isinstance(identifier, dict):
        return deserialize(identifier)
    return _resolve(identifier, _LOSSES, "loss")


def serialize(loss) -> dict:
    """A loss object as Keras 3's dict; a built-in loss function as Keras names it.

    >>> import tapejax as tf
    >>> tf.keras.losses.serialize(tf.keras.losses.Dice())['config']
    {'name': 'dice', 'reduction': 'sum_over_batch_size', 'axis': None}
    >>> tf.keras.losses.serialize(tf.keras.losses.dice)['config']
    'dice'
    """
    if isinstance(loss, Loss):
        builtin = _LOSSES.get(type(loss).__name__) is type(loss)
        return serialize_known(loss, Loss._keras_module, builtin)
    if callable(loss) and _LOSSES.get(getattr(loss, "__name__", None)) is loss:
        return {
            "module": "builtins",
            "class_name": "function",
            "config": loss.__name__,
            "registered_name": "function",
        }
    raise ValueError(
        f"Cannot serialize {loss!r}: keras.losses.serialize takes a Loss object or a built-in loss "
        "function; give your own loss a `get_config` by subclassing keras.losses.Loss."
    )


def deserialize(name, custom_objects=None):
    """The loss a :func:`serialize` dict (or a name) describes: a class gives an instance, a
    function name the function."""
    known = {**_LOSSES, **(custom_objects or {})}
    if isinstance(name, str):
        return _resolve(name, known, "loss")
    if isinstance(name, dict) and name.get("class_name") == "function":
        return _resolve(name.get("config"), known, "loss")
    cls = known.get(name.get("class_name")) if isinstance(name, dict) else None
    if not inspect.isclass(cls):
        raise ValueError(f"Could not interpret loss identifier: {name}")
    return cls.from_config(name.get("config", {}))
