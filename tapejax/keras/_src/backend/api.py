"""The TF API keras is built on: ``tf.function`` (a compiled train step, an exported
model's signatures), ``GradientTape``, ``tf.Module`` (a layer tracks its Variables as one)."""

from __future__ import annotations

from ...._api.concrete_function import type_text
from ...._api.function import function
from ...._api.gradient_tape import GradientTape
from ...._api.module import Module
from ...._api.tensor_spec import TensorSpec

__all__ = ["GradientTape", "Module", "TensorSpec", "function", "type_text"]
