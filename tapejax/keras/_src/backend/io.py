"""tapejax's own packages keras hands data and files to: ``tf.data.Dataset`` (fit's input,
``split_dataset``; ``numpy_function`` reads files inside its ``map``, as Keras' folder datasets
do) and ``tf.saved_model.save`` (``Model.export``)."""

from __future__ import annotations

from ...._api.py_function import numpy_function
from ....data import Dataset
from ....saved_model import save

__all__ = ["Dataset", "numpy_function", "save"]
