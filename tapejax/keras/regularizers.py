"""Keras regularizers (``tf.keras.regularizers``): penalties added to a layer's ``losses``.

A layer's ``kernel_regularizer`` (and the like) is called on the weight each time
``layer.losses`` is read; its ``activity_regularizer`` is called on the outputs of each call,
divided by the batch size, as in Keras 3.
"""

from ._src.regularizers.regularizers import (
    L1,
    L1L2,
    L2,
    OrthogonalRegularizer,
    Regularizer,
    deserialize,
    get,
    l1,
    l1_l2,
    l2,
    orthogonal_regularizer,
    serialize,
    validate_float_arg,
)

__all__ = [
    "L1",
    "L1L2",
    "L2",
    "OrthogonalRegularizer",
    "Regularizer",
    "deserialize",
    "get",
    "l1",
    "l1_l2",
    "l2",
    "orthogonal_regularizer",
    "serialize",
    "validate_float_arg",
]
