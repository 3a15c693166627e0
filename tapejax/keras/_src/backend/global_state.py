"""The per-process state names are drawn from: the counters behind automatic layer names,
reset with the KerasTensor names by ``keras.backend.clear_session``.
"""

from __future__ import annotations

from collections import defaultdict

from .keras_tensor import reset_tensor_names

_name_uids: defaultdict[str, int] = defaultdict(int)


def get_uid(prefix: str) -> int:
    """How many names with this prefix were drawn before (0 for the first), counting this one."""
    uid = _name_uids[prefix]
    _name_uids[prefix] += 1
    return uid


def clear_session() -> None:
    """Resets Keras' automatic layer names, so the next Dense is named ``'dense'`` again."""
    _name_uids.clear()
    reset_tensor_names()
