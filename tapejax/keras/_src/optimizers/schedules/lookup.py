"""``keras.optimizers.schedules.serialize``/``deserialize``: a schedule as Keras 3's dict."""

from __future__ import annotations

from ...utils.serialization_utils import serialize_known
from . import learning_rate_schedule as _builtin
from .cosine_decay_restarts import CosineDecayRestarts
from .learning_rate_schedule import LearningRateSchedule

_SCHEDULES = {
    cls.__name__: cls
    for cls in (
        _builtin.ExponentialDecay,
        _builtin.PiecewiseConstantDecay,
        _builtin.PolynomialDecay,
        _builtin.InverseTimeDecay,
        _builtin.CosineDecay,
        CosineDecayRestarts,
    )
}


def serialize(learning_rate_schedule) -> dict:
    """A schedule as Keras 3's dict (``module``, ``class_name``, ``config``, ``registered_name``).

    >>> import tapejax as tf
    >>> s = tf.keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5)
    >>> config = tf.keras.optimizers.schedules.serialize(s)
    >>> config['class_name'], config['config']['decay_rate']
    ('ExponentialDecay', 0.5)
    >>> tf.keras.optimizers.schedules.deserialize(config).decay_steps
    10
    """
    builtin = _SCHEDULES.get(type(learning_rate_schedule).__name__) is type(learning_rate_schedule)
    return serialize_known(learning_rate_schedule, LearningRateSchedule._keras_module, builtin)


def deserialize(config, custom_objects=None):
    """The schedule a :func:`serialize` dict (or ``{'class_name', 'config'}``) describes."""
    if isinstance(config, LearningRateSchedule):
        return config
    known = {**_SCHEDULES, **(custom_objects or {})}
    name = config.get("registered_name") or config.get("class_name") if isinstance(config, dict) else None
    cls = known.get(name) or known.get(config.get("class_name")) if name else None
    if cls is None:
        raise ValueError(
            f"Could not interpret decay identifier: {config!r}. Pass a dict with a known `class_name` "
            "(one of keras.optimizers.schedules), or the schedule's class in `custom_objects`."
        )
    return cls.from_config(config.get("config", {}))
