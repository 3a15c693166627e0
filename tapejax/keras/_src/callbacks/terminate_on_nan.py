"""``TerminateOnNaN``: stops training when a batch's loss is NaN or infinite."""

from __future__ import annotations

import numpy as np

from .callback import Callback


class TerminateOnNaN(Callback):
    """Stops training when a batch's loss is NaN or infinite (``raise_error=True``: raises)."""

    def __init__(self, raise_error: bool = False):
        super().__init__()
        self.raise_error = raise_error

    def on_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is not None and (np.isnan(loss) or np.isinf(loss)):
            if self.raise_error:
                raise RuntimeError(
                    f"NaN or Inf loss encountered at batch {batch}. Loss value: {loss}. "
                    "Terminating training immediately."
                )
            print(f"Batch {batch}: Invalid loss, terminating training")
            self.model.stop_training = True
