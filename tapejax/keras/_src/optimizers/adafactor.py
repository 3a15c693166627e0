"""The Adafactor optimizer, as Keras 3 updates (factored second moments of matrices)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..backend import core as backend
from ..backend.variables import KerasVariable
from .hyperparameters import as_float
from .optimizer import Optimizer


class Adafactor(Optimizer):
    """Adafactor (Shazeer & Stern, 2018), as Keras 3's ``Adafactor``: a variable of rank >= 2
    keeps the row and column means of its squared gradients (``r``, ``c``) instead of their
    full average; each step is clipped to RMS ``clip_threshold`` and scaled by the variable's
    RMS (at least ``epsilon_2``) times ``min(lr, 1 / sqrt(step))``.

    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, 2.0])
    >>> opt = tf.keras.optimizers.Adafactor(learning_rate=0.1)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [0.8418861 2.158114 ]
    """

    def __init__(
        self,
        learning_rate=0.001,
        beta_2_decay=-0.8,
        epsilon_1=1e-30,
        epsilon_2=1e-3,
        clip_threshold=1.0,
        relative_step=True,
        name=None,
        **kwargs,
    ):
        self.beta_2_decay, self.epsilon_1, self.epsilon_2 = beta_2_decay, epsilon_1, epsilon_2
        self.clip_threshold, self.relative_step = clip_threshold, relative_step
        super().__init__(learning_rate, name=name, **kwargs)

    _hyperparameters = ("beta_2_decay", "epsilon_1", "epsilon_2", "clip_threshold")

    def _build_extra(self, variables) -> None:
        # Per variable, as Keras: r and c (rows, columns) for a matrix, then the velocity.
        for variable in variables:
            shape, dtype = backend.shape_of(variable), backend.dtype_of(variable)
            if len(shape) >= 2:
                parts = (shape[:-1], shape[:-2] + shape[-1:])
                slots = [self._own_slot(np.zeros(p, dtype), variable.name, f"{self.name}/") for p in parts]
            else:  # Keras still creates two int32 scalars (unused), outside the optimizer's scope
                slots = [self._own_slot(np.int32(0), variable.name, "") for _ in range(2)][:0]
            self._slots[id(variable)] = slots + [self._slot(variable, "velocity", 0.0)]

    def _own_slot(self, value, name: str, scope: str) -> KerasVariable:
        slot = KerasVariable(value, trainable=False, name=name, path=f"{scope}{name}")
        self._slot_variables.append(slot)
        return slot

    @staticmethod
    def update(h, grad, var, slots, square):
        t = h.step.astype(var.dtype)
        rho = jnp.minimum(h.lr.astype(var.dtype), 1 / jnp.sqrt(t))
        alpha = jnp.maximum(as_float(h.epsilon_2, var), _rms(var)) * rho
        regulated = square + as_float(h.epsilon_1, var)
        beta_2 = 1 - jnp.power(t, as_float(h.beta_2_decay, var))
        if var.ndim >= 2:
            r = beta_2 * slots[0] + (1 - beta_2) * jnp.mean(regulated, axis=-1)
            c = beta_2 * slots[1] + (1 - beta_2) * jnp.mean(regulated, axis=-2)
            v = jnp.expand_dims(r / jnp.mean(r, axis=-1, keepdims=True), -1) * jnp.expand_dims(c, -2)
            new_slots = [r, c, v]
        else:
            v = beta_2 * slots[0] + (1 - beta_2) * regulated
            new_slots = [v]
        u = grad / jnp.sqrt(v)
        u = u / jnp.maximum(jnp.ones((), var.dtype), _rms(u) / as_float(h.clip_threshold, var))
        return var - alpha * u, new_slots


def _rms(x):
    return jnp.sqrt(jnp.mean(jnp.square(x)))
