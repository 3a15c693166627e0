"""How a batch holds its parts: ``x``, ``(x,)``, ``(x, y)`` or ``(x, y, sample_weight)``.

Keras 3 hands ``train_step`` a batch of arrays without targets as ``x`` itself (no tuple
around it: a VAE's ``train_step(data)`` gets the images), and ``(x,)`` only when ``x`` is a
tuple or list of inputs.
"""

from __future__ import annotations


def unpack_x_y_sample_weight(data):
    """``data`` as ``(x, y, sample_weight)``, ``None`` for the parts it lacks.

    >>> import tapejax as tf
    >>> x, y, sample_weight = tf.keras.utils.unpack_x_y_sample_weight((tf.ones((2, 3)), tf.zeros((2,))))
    >>> sample_weight is None
    True
    """
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if 1 <= len(data) <= 3:
        return tuple(data) + (None,) * (3 - len(data))
    raise ValueError(
        f"Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, found: {data}"
    )


def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    """The batch ``fit`` hands ``train_step``: ``x`` alone (``(x,)`` for a tuple or list of
    inputs), ``(x, y)`` or ``(x, y, sample_weight)``.

    >>> import tapejax as tf
    >>> isinstance(tf.keras.utils.pack_x_y_sample_weight(tf.ones((2, 1))), tuple)
    False
    """
    if y is None:
        return (x,) if isinstance(x, (tuple, list)) else x
    return (x, y) if sample_weight is None else (x, y, sample_weight)
