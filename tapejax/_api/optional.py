"""``tf.experimental.Optional``: a value that may be missing (what ``get_next_as_optional`` gives).

>>> import tapejax as tf
>>> o = tf.experimental.Optional.from_value((1, 2.0))
>>> o.has_value()
<tf.Tensor: shape=(), dtype=bool, numpy=True>
>>> o.element_spec
(TensorSpec(shape=(), dtype=tf.int32, name=None), TensorSpec(shape=(), dtype=tf.float32, name=None))
>>> tf.experimental.Optional.empty(tf.TensorSpec([], tf.int32)).has_value().numpy()
np.False_
"""

from __future__ import annotations

import numpy as np

from .._core.recording.convert import constant_array, convert_to_tensor
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor
from .nest import map_structure
from .tensor_spec import TensorSpec


class Optional:
    """A structure of tensors, or nothing, with the ``element_spec`` it has or would have."""

    def __init__(self, value, element_spec, has_value: bool):
        self._item, self._element_spec, self._has_value = value, element_spec, has_value

    @staticmethod
    def from_value(value) -> Optional:
        """An Optional holding ``value`` (a tensor, or a tuple/dict of them; Python values are
        converted with TF's rules)."""
        value = map_structure(convert_to_tensor, value)
        return Optional(value, map_structure(lambda t: TensorSpec(t.shape, t.dtype), value), True)

    @staticmethod
    def empty(element_spec) -> Optional:
        """An Optional with no value, of ``element_spec``."""
        return Optional(None, element_spec, False)

    @property
    def element_spec(self):
        return self._element_spec

    def has_value(self, name=None) -> Tensor:
        return Tensor(constant_array(np.bool_(self._has_value)))

    def get_value(self, name=None):
        """The value; InvalidArgumentError when there is none (TF's message)."""
        if not self._has_value:
            raise InvalidArgumentError(
                None, None, "The given optional does not have a value. [Op:OptionalGetValue]"
            )
        return self._item
