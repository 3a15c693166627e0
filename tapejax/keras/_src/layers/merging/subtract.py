"""The ``Subtract`` layer and ``subtract``."""

from __future__ import annotations

from ...backend.ops import math_ops as _math
from .base_merge import Merge, _functional


class Subtract(Merge):
    """``inputs[0] - inputs[1]`` (exactly two inputs)."""

    def _check_shapes(self, input_shape):
        shape = super()._check_shapes(input_shape)
        if len(input_shape) != 2:
            raise ValueError(
                f"A `Subtract` layer should be called on exactly 2 inputs. Received: "
                f"input_shape={input_shape}"
            )
        return shape

    def _merge(self, inputs):
        if len(inputs) != 2:
            raise ValueError(
                f"A `Subtract` layer should be called on exactly 2 inputs. Received: inputs={inputs}"
            )
        return _math.subtract(inputs[0], inputs[1])


subtract = _functional(Subtract, "``Subtract()(inputs)``: ``inputs[0] - inputs[1]``.")
