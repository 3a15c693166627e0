"""``keras.losses.get``: a loss from its name (class names give instances, function names
and Keras' short names give functions).
"""

from __future__ import annotations

import inspect

from ..utils.serialization_utils import _resolve
from . import loss_functions as _loss_functions
from . import losses as _loss_classes
from .loss import Loss

_LOSS_CLASSES = [
    getattr(_loss_classes, n)
    for n in dir(_loss_classes)
    if inspect.isclass(getattr(_loss_classes, n)) and issubclass(getattr(_loss_classes, n), Loss)
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
    )
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
    function (``'huber'``, ``'mse'``); a loss object or callable is returned as given.

    >>> import tapejax as tf
    >>> tf.keras.losses.get('mse').__name__, tf.keras.losses.get('Huber').name
    ('mean_squared_error', 'huber_loss')
    """
    return _resolve(identifier, _LOSSES, "loss")
