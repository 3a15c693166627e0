"""The ``History`` callback: ``fit``'s returned record of each epoch's logs."""

from __future__ import annotations

from .callback import Callback


class History(Callback):
    """Records each epoch's logs: ``history.history['loss']`` is the list of epoch losses."""

    def __init__(self):
        super().__init__()
        self.history: dict = {}
        self.epoch: list = []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for key, value in (logs or {}).items():
            self.history.setdefault(key, []).append(value)
        self.model.history = self
