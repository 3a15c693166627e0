"""``keras.dtype_policies.get``, ``serialize`` and ``deserialize``; ``keras.config.set_dtype_policy``."""

from __future__ import annotations

from ..backend import global_state
from ..backend.common.dtypes import standardize_dtype
from . import quantized_dtype_policy as quantized
from .dtype_policy import POLICY_CLASSES, QUANTIZATION_MODES, DTypePolicy, dtype_policy


def serialize(policy) -> dict:
    """A policy as Keras 3 writes it in a config (``{'module', 'class_name', 'config', ...}``).

    >>> import tapejax as tf
    >>> tf.keras.dtype_policies.serialize(tf.keras.DTypePolicy('mixed_float16'))['config']
    {'name': 'mixed_float16'}
    """
    return {
        "module": policy._keras_module,
        "class_name": type(policy).__name__,
        "config": policy.get_config(),
        "registered_name": None,
    }


def deserialize(config: dict, custom_objects: dict | None = None) -> DTypePolicy:
    """The policy a :func:`serialize` dict describes."""
    classes = {**POLICY_CLASSES, **(custom_objects or {})}
    cls = classes.get(config.get("class_name")) if isinstance(config, dict) else None
    if cls is None:
        raise ValueError(f"Could not interpret dtype policy identifier: {config}")
    arguments = dict(config.get("config", {}))
    if isinstance(arguments.get("policy_map"), dict):
        arguments["policy_map"] = {
            k: deserialize(v, custom_objects) if isinstance(v, dict) else v
            for k, v in arguments["policy_map"].items()
        }
    return cls.from_config(arguments)


def get(identifier) -> DTypePolicy:
    """A policy from None (the global one), a name (``'mixed_float16'``,
    ``'int8_from_float32'``), a config dict, a dtype or a policy.

    >>> import tapejax as tf
    >>> tf.keras.dtype_policies.get('mixed_bfloat16')
    <DTypePolicy "mixed_bfloat16">
    """
    if identifier is None:
        return dtype_policy()
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        if identifier.startswith(QUANTIZATION_MODES):
            return quantized.quantized_policy_by_name(identifier)
        return DTypePolicy(identifier)
    try:
        return DTypePolicy(standardize_dtype(identifier))
    except (TypeError, ValueError):
        raise ValueError(
            "Cannot interpret `dtype` argument. Expected a string or an instance of DTypePolicy. "
            f"Received: dtype={identifier}"
        ) from None


def set_dtype_policy(policy) -> None:
    """Sets the global dtype policy: what layers built without a ``dtype`` use.

    >>> import tapejax as tf
    >>> tf.keras.mixed_precision.set_global_policy('mixed_float16')
    >>> tf.keras.layers.Dense(2).dtype_policy
    <DTypePolicy "mixed_float16">
    >>> tf.keras.mixed_precision.set_global_policy('float32')
    """
    if not isinstance(policy, DTypePolicy):
        if not isinstance(policy, str):
            raise ValueError(
                "Invalid `policy` argument. Expected the string name of a policy (such as "
                f"'mixed_float16') or a `DTypePolicy` instance. Received: policy={policy} "
                f"(of type {type(policy)})"
            )
        if policy.startswith(QUANTIZATION_MODES):
            policy = quantized.quantized_policy_by_name(policy)
        else:
            policy = DTypePolicy(policy)
    global_state.set_global_attribute("dtype_policy", policy)
