"""``SwapEMAWeights``: evaluates (and predicts) with the optimizer's moving averages of the
weights (``use_ema=True``), as Keras 3's callback swaps them in and out."""

from __future__ import annotations

import numpy as np

from ..backend.recording import no_recording
from .callback import Callback


class SwapEMAWeights(Callback):
    """Swaps the model's trained variables with the optimizer's moving averages around each
    evaluation and prediction (and, with ``swap_on_epoch=True``, at each epoch's end, so that
    callbacks such as ``ModelCheckpoint`` see the averages; after the last epoch the averages
    stay in the model).
    """

    def __init__(self, swap_on_epoch=False):
        super().__init__()
        self.swap_on_epoch = swap_on_epoch
        self._ema_weights_in_model = False

    def _optimizer(self):
        optimizer = self.model.optimizer
        optimizer = getattr(optimizer, "inner_optimizer", optimizer)
        if not optimizer.use_ema:
            raise ValueError(
                "SwapEMAWeights must be used when `use_ema=True` is set on the optimizer. "
                f"Received: use_ema={optimizer.use_ema}"
            )
        return optimizer

    def _pairs(self):
        optimizer = self._optimizer()
        return [(v, optimizer._averages[id(v)]) for v in optimizer._trained]

    def _swap_variables(self) -> None:
        with no_recording():
            for variable, average in self._pairs():
                held = np.asarray(variable.numpy())
                variable.assign(average)
                average.assign(held)

    def _finalize_ema_values(self) -> None:
        with no_recording():
            for variable, average in self._pairs():
                average.assign(variable)

    def on_epoch_begin(self, epoch, logs=None):
        if self.swap_on_epoch and self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False

    def on_epoch_end(self, epoch, logs=None):
        if self.swap_on_epoch and not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True
            if epoch == self.params["epochs"] - 1:
                self._finalize_ema_values()

    def on_test_begin(self, logs=None):
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True

    def on_test_end(self, logs=None):
        if self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False

    def on_predict_begin(self, logs=None):
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = True

    def on_predict_end(self, logs=None):
        # As Keras 3.15: this condition never holds after on_predict_begin, so the averages stay.
        if not self._ema_weights_in_model:
            self._swap_variables()
            self._ema_weights_in_model = False
