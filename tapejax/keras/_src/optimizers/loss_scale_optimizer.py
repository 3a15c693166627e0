"""LossScaleOptimizer: dynamic loss scaling for float16 training (``keras.mixed_precision``).

The loss is multiplied by ``dynamic_scale`` before differentiating (``scale_loss``), so small
float16 gradients do not underflow; ``apply`` divides the gradients by it and lets the inner
optimizer update. A step whose gradients are not all finite is skipped (nothing changes but the
scale, halved); after ``dynamic_growth_steps`` finite steps in a row the scale doubles.

Eagerly the skip is a Python branch, as Keras'. Inside a compiled function, where finiteness
is not known while tracing, the inner update runs with zero gradients and every variable it
touched is then set back where the step was not finite: the same values, without control flow.
"""

from __future__ import annotations

import numpy as np

from ..backend import core as backend
from ..backend.core import convert_to_tensor, x64
from ..backend.core import dtype as _dtypes
from ..backend.ops import IndexedSlices, cast, math_ops, reduce_all, stack, where
from ..backend.recording import no_recording, undo_assignments_on_error
from .optimizer import Optimizer

# Base options Keras refuses here (set them on the inner optimizer), with their defaults.
_BASE_DEFAULTS = {
    "weight_decay": None,
    "clipnorm": None,
    "global_clipnorm": None,
    "clipvalue": None,
    "use_ema": False,
    "ema_momentum": 0.99,
    "ema_overwrite_frequency": None,
    "loss_scale_factor": None,
    "gradient_accumulation_steps": None,
}


class LossScaleOptimizer(Optimizer):
    """An optimizer that scales the loss, unscales the gradients and skips non-finite steps.

    Args:
      inner_optimizer: the optimizer that applies the unscaled gradients.
      initial_scale: the first loss scale (``2**15``).
      dynamic_growth_steps: finite steps in a row after which the scale doubles (2000).

    >>> import tapejax as tf
    >>> opt = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.SGD(0.1), initial_scale=8.0)
    >>> v = tf.Variable(1.0)
    >>> with tf.GradientTape() as tape:
    ...     scaled = opt.scale_loss(v * v)
    >>> _ = opt.apply([tape.gradient(scaled, v)], [v])
    >>> float(v.numpy()), float(opt.dynamic_scale.numpy())
    (0.800000011920929, 8.0)
    """

    def __init__(
        self, inner_optimizer, initial_scale=2.0**15, dynamic_growth_steps=2000, name=None, **kwargs
    ):
        if not kwargs.pop("dynamic", True):
            raise ValueError(
                "LossScaleOptimizer no longer supports `dynamic=False`. Instead, simply set "
                "`loss_scale_factor` directly on the `inner_optimizer`."
            )
        for arg, default in _BASE_DEFAULTS.items():
            if arg in kwargs and kwargs.pop(arg) != default:
                raise ValueError(
                    f"LossScaleOptimizer does not support `{arg}`. Instead, set `{arg}` on the `inner_optimizer`."
                )
        if kwargs:
            raise ValueError(f"LossScaleOptimizer does not support arguments: `{'`, `'.join(kwargs)}`.")
        super().__init__(learning_rate=0.0, name=name)
        self.inner_optimizer = inner_optimizer
        self.initial_scale = initial_scale
        self.dynamic_growth_steps = dynamic_growth_steps
        self.inner_optimizer.loss_scale_factor = None
        self.built = False

    def build(self, var_list) -> None:
        """Creates ``step_counter`` and ``dynamic_scale``, then builds the inner optimizer."""
        if self.built:
            return
        self.step_counter = self._own_variable(np.int64(0), "step_counter", _dtypes.int64)
        self.dynamic_scale = self._own_variable(
            np.float32(self.initial_scale), "dynamic_scale", _dtypes.float32
        )
        self.inner_optimizer.build(var_list)
        self.built = True

    @property
    def variables(self) -> list:
        own = [self._iterations, self._learning_rate]
        own += [self.step_counter, self.dynamic_scale] if self.built else []
        return own + self.inner_optimizer.variables

    @property
    def learning_rate(self):
        return self.inner_optimizer.learning_rate

    @learning_rate.setter
    def learning_rate(self, value) -> None:
        self.inner_optimizer.learning_rate = value

    @property
    def iterations(self):
        return self.inner_optimizer.iterations

    def scale_loss(self, loss):
        """``loss`` times the current scale (``initial_scale`` before the first ``apply``)."""
        scale = (
            backend.as_tensor(self.dynamic_scale)
            if self.built
            else convert_to_tensor(np.float32(self.initial_scale))
        )
        loss = convert_to_tensor(loss)
        return loss * cast(scale, loss.dtype)

    def check_finite(self, grads):
        """A boolean Tensor: whether every given gradient is finite."""
        flags = [reduce_all(math_ops.is_finite(_values(g))) for g in grads if g is not None]
        return reduce_all(stack(flags)) if flags else convert_to_tensor(True)

    @x64.enabled
    def apply(self, grads, trainable_variables=None):
        """Unscales ``grads`` and applies them with the inner optimizer, unless one is not
        finite; then updates the scale. Returns ``iterations``."""
        grads = list(grads)
        variables = list(trainable_variables) if trainable_variables is not None else None
        self.build(variables if variables is not None else self.inner_optimizer._trained)
        with no_recording(), undo_assignments_on_error():
            finite = self.check_finite(grads)
            if backend.is_symbolic(backend.value(finite)):
                self._apply_selected(finite, grads, variables)
            elif bool(backend.value(finite)):
                self.inner_optimizer.apply(self._unscaled(grads, finite), variables)
            self._update_scale(finite)
        return self.iterations

    def _unscaled(self, grads, finite) -> list:
        scale = backend.as_tensor(self.dynamic_scale)
        out = []
        for g in grads:
            if g is None:
                out.append(None)
                continue
            values = _values(g)
            unscaled = where(finite, values / cast(scale, values.dtype), values * 0)
            out.append(
                IndexedSlices(unscaled, g.indices, g.dense_shape)
                if isinstance(g, IndexedSlices)
                else unscaled
            )
        return out

    def _apply_selected(self, finite, grads, variables) -> None:
        # Snapshot what the inner step may change (JAX values are immutable: reading is copying).
        touched = list(self.inner_optimizer._trained if variables is None else variables)
        touched += self.inner_optimizer.variables
        before = [backend.as_tensor(v) for v in touched]
        self.inner_optimizer.apply(self._unscaled(grads, finite), variables)
        for variable, old in zip(touched, before, strict=True):
            variable.assign(where(finite, backend.as_tensor(variable), old))

    def _update_scale(self, finite) -> None:
        counter, scale = backend.as_tensor(self.step_counter), backend.as_tensor(self.dynamic_scale)
        grow = math_ops.logical_and(finite, counter == self.dynamic_growth_steps - 1)
        keep_counting = math_ops.logical_and(finite, math_ops.logical_not(grow))
        self.step_counter.assign(where(keep_counting, counter + 1, counter * 0))
        self.dynamic_scale.assign(where(grow, scale * 2.0, where(finite, scale, scale * 0.5)))

    def finalize_variable_values(self, var_list) -> None:
        self.inner_optimizer.finalize_variable_values(var_list)


def _values(grad):
    return convert_to_tensor(grad.values if isinstance(grad, IndexedSlices) else grad)
