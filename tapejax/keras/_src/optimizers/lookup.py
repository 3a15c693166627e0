"""``keras.optimizers.get``: an optimizer from its name (``'adam'``, ``'RMSprop'``...)."""

from __future__ import annotations

from .adagrad import Adagrad
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .nadam import Nadam
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

_OPTIMIZERS = {c.__name__.lower(): c for c in (SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, Nadam)}


def get_optimizer(identifier):
    """An optimizer from its name (``'adam'``, ``'RMSprop'``...), or the optimizer given.

    >>> import tapejax as tf
    >>> type(tf.keras.optimizers.get('rmsprop')).__name__
    'RMSprop'
    """
    if identifier is None:
        return None
    obj = identifier
    if isinstance(identifier, str):
        cls = _OPTIMIZERS.get(identifier.lower())
        obj = cls() if cls is not None else None
    if isinstance(obj, Optimizer):
        return obj
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
