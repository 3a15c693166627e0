"""The per-process state Keras keeps: the counters behind automatic layer names, and the global
attributes (the dtype policy, the switches of ``keras.config``), all reset by
``keras.backend.clear_session`` as Keras 3 resets them.
"""

from __future__ import annotations

from collections import defaultdict

from .keras_tensor import reset_tensor_names

_name_uids: defaultdict[str, int] = defaultdict(int)
_attributes: dict = {}


def get_uid(prefix: str = "") -> int:
    """How many names with this prefix were drawn, counting this one (1 for the first), as
    ``keras.backend.get_uid``: automatic layer names share these counters."""
    _name_uids[prefix] += 1
    return _name_uids[prefix]


def set_global_attribute(name: str, value) -> None:
    """Sets a global attribute (``'dtype_policy'``, ``'interactive_logging'``...)."""
    _attributes[name] = value


def get_global_attribute(name: str, default=None, set_to_default: bool = False):
    """A global attribute, or ``default`` (stored when ``set_to_default``) if never set."""
    if name not in _attributes and set_to_default:
        _attributes[name] = default
    return _attributes.get(name, default)


def clear_session(free_memory: bool = True) -> None:
    """Resets Keras' global state: automatic layer names (the next Dense is named ``'dense'``
    again), the global dtype policy and the ``keras.config`` switches, as Keras 3 does."""
    _name_uids.clear()
    _attributes.clear()
    reset_tensor_names()
