"""``tf.train``: object-based checkpoints (``Checkpoint``, ``CheckpointManager``).

A namespace: re-exports only (see the README's Architecture)."""

from ._checkpoint import Checkpoint
from ._inspect import list_variables, load_variable
from ._manager import CheckpointManager
from ._restore import CheckpointLoadStatus
from ._state import CheckpointState, get_checkpoint_state, latest_checkpoint

__all__ = [
    "Checkpoint",
    "CheckpointLoadStatus",
    "CheckpointManager",
    "CheckpointState",
    "get_checkpoint_state",
    "latest_checkpoint",
    "list_variables",
    "load_variable",
]
