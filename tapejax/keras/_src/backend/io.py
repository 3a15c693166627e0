"""tapejax's own packages keras hands data and files to: ``tf.data.Dataset`` (fit's input,
``split_dataset``) and ``tf.saved_model.save`` (``Model.export``)."""

from __future__ import annotations

from ....data import Dataset
from ....saved_model import save

__all__ = ["Dataset", "save"]
