"""A layer's losses (``add_loss``, ``losses``), as Keras 3 keeps them.

``layer.losses`` lists the losses added by ``add_loss`` during the last outermost call (the
layer's and its sub-layers'; an activity regularizer adds one per output, divided by the
batch size), then one penalty per trainable weight that has a regularizer, computed from the
weight's current value each time ``losses`` is read.
"""

from __future__ import annotations

import weakref

from ..backend.core import TensorLike
from ..backend.ops import cast as _cast
from ..backend.ops import math_ops as _math

# The layers whose ``add_loss`` list may be non-empty (added to since they were last cleared),
# held weakly: when it is empty, clearing every loss is a no-op.
_HOLDING: weakref.WeakSet = weakref.WeakSet()


class LayerLosses:
    """The ``losses`` part of :class:`Layer` (a mixin: it uses ``_layers`` and ``trainable_weights``)."""

    def add_loss(self, loss) -> None:
        """Adds a scalar loss (or a list of them), usually from inside ``call``."""
        losses = list(loss) if isinstance(loss, (list, tuple)) else [loss]
        for x in losses:
            if not isinstance(x, TensorLike):
                raise ValueError(
                    "`add_loss()` can only be called from inside `build()` or `call()`, "
                    f"on a tensor input. Received invalid value: {x}"
                )
        self._own_losses().extend(losses)
        _HOLDING.add(self)

    def _own_losses(self) -> list:
        if "_losses" not in vars(self):
            self._losses = []  # a subclass that skipped Layer.__init__
        return self._losses

    @property
    def losses(self) -> list:
        """The losses of the last call, the sub-layers', then the weight regularization penalties."""
        found = list(self._own_losses())
        for layer in _sublayers(self):
            found += layer._own_losses()
        for variable in self.trainable_weights:
            regularizer = getattr(variable, "regularizer", None)
            if regularizer is not None:
                found.append(regularizer(variable))
        return found

    def _clear_losses(self) -> None:
        """Forgets the added losses (at the start of each outermost call, as Keras)."""
        if not _HOLDING:  # no layer holds an added loss: nothing to walk (every call's case
            return  # without add_loss; the walk over sub-layers cost ~20-60 us a call)
        self._own_losses().clear()
        _HOLDING.discard(self)
        for layer in _sublayers(self):
            layer._own_losses().clear()
            _HOLDING.discard(layer)

    def _add_activity_losses(self, outputs) -> None:
        """The activity regularizer's penalty of each output, divided by the batch size."""
        flat = outputs if isinstance(outputs, (list, tuple)) else [outputs]
        for output in flat:
            if isinstance(output, TensorLike):
                loss = self.activity_regularizer(output)
                if output.ndim > 0:
                    loss = _math.divide_no_nan(loss, _cast(output.shape[0], loss.dtype))
                self.add_loss(loss)


def _sublayers(layer) -> list:
    """Every layer nested in ``layer`` (each once), depth first."""
    found, stack = {}, list(reversed(layer._layers))
    while stack:
        sub = stack.pop()
        if id(sub) not in found:
            found[id(sub)] = sub
            stack.extend(reversed(sub._layers))
    return list(found.values())
