"""``OrbaxCheckpoint``: Keras 3's checkpoints through the ``orbax-checkpoint`` package.

tapejax does not depend on orbax (a large package of its own); without it, creating the
callback raises Keras' ImportError. Use ``ModelCheckpoint`` (``.keras`` or ``.weights.h5``
files) or ``BackupAndRestore`` instead.
"""

from __future__ import annotations

import importlib.util

from .callback import Callback


def orbax_available() -> bool:
    """Whether ``orbax.checkpoint`` can be imported (found without importing it)."""
    try:
        return importlib.util.find_spec("orbax.checkpoint") is not None
    except ImportError:  # no 'orbax' package at all
        return False


class OrbaxCheckpoint(Callback):
    """Keras 3's Orbax checkpointing callback: unavailable in tapejax.

    Raises:
      ImportError: always without ``orbax-checkpoint``; with it, NotImplementedError (tapejax
        does not write Orbax checkpoints yet).
    """

    def __init__(self, directory, monitor="val_loss", verbose=0, save_best_only=False, mode="auto", **kwargs):
        if not orbax_available():
            raise ImportError(
                "OrbaxCheckpoint requires the 'orbax-checkpoint' package. You can install it via pip "
                "install orbax-checkpoint"
            )
        raise NotImplementedError(
            "OrbaxCheckpoint: tapejax.keras does not write Orbax checkpoints; use "
            "keras.callbacks.ModelCheckpoint (a .keras or .weights.h5 file) or BackupAndRestore."
        )
