"""``keras.optimizers.get``/``serialize``/``deserialize``: optimizers by name or config."""

from __future__ import annotations

from ..utils.serialization_utils import serialize_known
from .adadelta import Adadelta
from .adafactor import Adafactor
from .adagrad import Adagrad
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .ftrl import Ftrl
from .lamb import Lamb
from .lion import Lion
from .loss_scale_optimizer import LossScaleOptimizer
from .muon import Muon
from .nadam import Nadam
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

_BUILTIN = (SGD, Adam, AdamW, RMSprop, Adadelta, Adagrad, Adamax, Adafactor, Muon, Nadam, Ftrl, Lion, Lamb)
_OPTIMIZERS = {c.__name__.lower(): c for c in (*_BUILTIN, LossScaleOptimizer)}


def serialize(optimizer) -> dict:
    """An optimizer as Keras 3's dict (``module``, ``class_name``, ``config``,
    ``registered_name``).

    >>> import tapejax as tf
    >>> config = tf.keras.optimizers.serialize(tf.keras.optimizers.Lion(0.01))
    >>> config['class_name'], config['config']['beta_2']
    ('Lion', 0.99)
    """
    builtin = _OPTIMIZERS.get(type(optimizer).__name__.lower()) is type(optimizer)
    return serialize_known(optimizer, Optimizer._keras_module, builtin)


def deserialize(config: dict, custom_objects=None):
    """The optimizer a :func:`serialize` dict describes (built-in class names in any case)."""
    name = config.get("class_name", "") if isinstance(config, dict) else ""
    cls = (custom_objects or {}).get(name) or _OPTIMIZERS.get(name.lower())
    if cls is None:
        raise ValueError(
            f"Could not interpret optimizer identifier: {config!r}. Use a keras.optimizers class "
            "name, or pass your optimizer's class in `custom_objects`."
        )
    return cls.from_config(config.get("config", {}), custom_objects)


def get_optimizer(identifier):
    """An optimizer from its name (``'adam'``, ``'RMSprop'``...) or config dict, or the one given.

    >>> import tapejax as tf
    >>> type(tf.keras.optimizers.get('rmsprop')).__name__
    'RMSprop'
    """
    if identifier is None:
        return None
    obj = identifier
    if isinstance(identifier, dict) and "class_name" in identifier:
        obj = deserialize(identifier)
    elif isinstance(identifier, str):
        cls = _OPTIMIZERS.get(identifier.lower())
        obj = cls() if cls is not None and cls is not LossScaleOptimizer else None
    if isinstance(obj, Optimizer):
        return obj
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
