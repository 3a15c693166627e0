"""DTypePolicyMap: dtype policies by layer path (regular expressions), with a default."""

from __future__ import annotations

import re
from collections.abc import MutableMapping

from .dtype_policy import DTypePolicy
from .lookup import get, serialize


class DTypePolicyMap(DTypePolicy, MutableMapping):
    """Policies keyed by layer path (``'encoder/dense'`` or a pattern such as ``'.*dense'``);
    a path no key matches gets ``default_policy``.

    >>> import tapejax as tf
    >>> policies = tf.keras.dtype_policies.DTypePolicyMap('float32')
    >>> policies['decoder/.*'] = 'mixed_float16'
    >>> policies['decoder/dense'], policies['encoder/dense']
    (<DTypePolicy "mixed_float16">, <DTypePolicy "float32">)
    """

    _keras_module = "keras.dtype_policies"

    def __init__(self, default_policy=None, policy_map: dict | None = None):
        if isinstance(default_policy, DTypePolicyMap):
            raise ValueError("`default_policy` cannot be a `DTypePolicyMap`.")
        if policy_map is not None and not isinstance(policy_map, dict):
            raise TypeError(
                f"If specified, `policy_map` must be a dict. Received: policy_map={policy_map} of "
                f"type {type(policy_map)}"
            )
        self._default_policy_arg = default_policy
        self._default_policy = get(default_policy)
        self._policy_map = {k: get(v) for k, v in (policy_map or {}).items()}

    @property
    def name(self) -> str:
        return f"map_{self.default_policy._name}"

    @property
    def default_policy(self) -> DTypePolicy:
        return get(self._default_policy)

    @property
    def variable_dtype(self) -> str:
        return self.default_policy.variable_dtype

    @property
    def compute_dtype(self) -> str:
        return self.default_policy.compute_dtype

    @property
    def quantization_mode(self):
        return self.default_policy.quantization_mode

    def __getitem__(self, key: str) -> DTypePolicy:
        if key in self._policy_map:
            return self._policy_map[key]
        matching = [pattern for pattern in self._policy_map if re.fullmatch(pattern, key)]
        if len(matching) > 1:
            raise ValueError(
                f"Path '{key}' matches multiple dtype policy specification keys: {matching}. "
                "Please make sure each path only matches at most one dtype policy specification "
                "key in the DTypePolicyMap."
            )
        return self._policy_map[matching[0]] if matching else self.default_policy

    def __setitem__(self, key: str, policy) -> None:
        if key in self._policy_map:
            raise ValueError(
                f"{key} already exist in the DTypePolicyMap with value {self._policy_map[key]}. "
                "Please make sure to not use duplicated keys."
            )
        try:
            policy = get(policy)
        except Exception:
            raise ValueError(
                "Cannot interpret the assigned value by `keras.dtype_policies.get`. "
                f"Received: {policy} of type {type(policy)}"
            ) from None
        self._policy_map[key] = policy

    def __delitem__(self, key: str):
        return self._policy_map.pop(key)

    def __contains__(self, key) -> bool:
        return key in self._policy_map

    def __len__(self) -> int:
        return len(self._policy_map)

    def __iter__(self):
        return iter(self._policy_map)

    def __eq__(self, other) -> bool:
        return self is other

    __hash__ = object.__hash__

    def get_config(self) -> dict:
        policy_map = {key: serialize(policy) for key, policy in self._policy_map.items()}
        return {"default_policy": self._default_policy_arg, "policy_map": policy_map}

    @classmethod
    def from_config(cls, config: dict, custom_objects=None):
        return cls(**config)

    def __repr__(self) -> str:
        mapping = [(k, v.name) for k, v in self._policy_map.items()]
        return (
            f"<DTypePolicyMap at {hex(id(self))} default_policy={self._default_policy.name}, "
            f"mapping={mapping}>"
        )
