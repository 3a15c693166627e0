"""DTypePolicy: a layer's variable and compute dtypes (``keras.dtype_policies.DTypePolicy``),
and the global policy of ``keras.config.set_dtype_policy`` (``mixed_precision.set_global_policy``).

``'mixed_float16'`` and ``'mixed_bfloat16'`` keep variables in float32 and compute in half
precision: a layer casts its floating inputs and reads its variables in the compute dtype.
"""

from __future__ import annotations

from ..backend import global_state
from ..backend.common.dtypes import is_float_dtype, standardize_dtype
from ..backend.config import floatx
from ..backend.core import TensorLike, convert_to_tensor
from ..backend.ops import cast

QUANTIZATION_MODES = ("int8", "float8", "int4", "gptq", "awq")
POLICY_CLASSES: dict = {}  # class name -> class: what ``deserialize`` builds
_MIXED = {"mixed_float16": "float16", "mixed_bfloat16": "bfloat16"}


class DTypePolicy:
    """A dtype policy for a Keras layer: the dtype of its variables and of its computation.

    Args:
      name: a dtype name (``'float32'``: both dtypes), or ``'mixed_float16'`` /
        ``'mixed_bfloat16'`` (variables float32, computation float16 / bfloat16); the global
        policy's name by default.

    >>> import tapejax as tf
    >>> policy = tf.keras.DTypePolicy('mixed_float16')
    >>> policy, policy.compute_dtype, policy.variable_dtype
    (<DTypePolicy "mixed_float16">, 'float16', 'float32')
    """

    _keras_module = "keras"

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.__module__.startswith(__package__):  # Keras' own kinds, found by class name
            POLICY_CLASSES[cls.__name__] = cls

    def __init__(self, name: str | None = None):
        if name is None:
            name = dtype_policy().name
        self._name = name
        self._compute_dtype, self._variable_dtype = self._parse_name(name)
        self._quantization_mode = None

    def _parse_name(self, name) -> tuple[str, str]:
        if not isinstance(name, str):
            raise TypeError(
                f"'name' must be a string, such as 'mixed_float16'. Received: name={name} "
                f"(of type {type(name)})"
            )
        if name in _MIXED:
            return _MIXED[name], "float32"
        try:
            dtype = standardize_dtype(name)
        except ValueError:
            raise ValueError(
                f"Cannot convert '{name}' to a mixed precision DTypePolicy. Valid policies "
                "include 'mixed_float16', 'mixed_bfloat16', and the name of any float dtype "
                "such as 'float32'."
            ) from None
        return dtype, dtype

    @property
    def variable_dtype(self) -> str:
        """The dtype layers create their variables in."""
        return self._variable_dtype

    @property
    def compute_dtype(self) -> str:
        """The dtype layers compute in (and usually output)."""
        return self._compute_dtype

    @property
    def name(self) -> str:
        return self._name

    @property
    def quantization_mode(self):
        """The quantization mode (``'int8'``...), None for a float policy."""
        return self._quantization_mode

    def convert_input(self, x, autocast: bool, dtype):
        """``x`` cast to ``dtype`` when ``autocast`` and ``x`` is floating (integers stay)."""
        dtype = standardize_dtype(dtype)
        if isinstance(x, TensorLike) or hasattr(x, "__array__"):
            x = convert_to_tensor(x)
            if autocast and is_float_dtype(x.dtype.name) and x.dtype.name != dtype:
                x = cast(x, dtype)
        return x

    def get_config(self) -> dict:
        return {"name": self.name}

    @classmethod
    def from_config(cls, config: dict):
        return cls(**config)

    def __repr__(self) -> str:
        shown = "DTypePolicy" if type(self).__name__ == "FloatDTypePolicy" else type(self).__name__
        return f'<{shown} "{self._name}">'

    def __eq__(self, other) -> bool:
        if type(self) in (DTypePolicy, FloatDTypePolicy):
            if type(other) not in (DTypePolicy, FloatDTypePolicy):
                return False
        elif type(other) is not type(self):
            return False
        return self._name == other._name

    __hash__ = object.__hash__


POLICY_CLASSES["DTypePolicy"] = DTypePolicy


class FloatDTypePolicy(DTypePolicy):
    """An alias of :class:`DTypePolicy` (Keras 3 keeps the name)."""


def dtype_policy() -> DTypePolicy:
    """The global dtype policy (``DTypePolicy(floatx())`` until one is set)."""
    policy = global_state.get_global_attribute("dtype_policy")
    if policy is None:
        policy = DTypePolicy(floatx())
        global_state.set_global_attribute("dtype_policy", policy)
    return policy
