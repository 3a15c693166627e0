"""The Muon optimizer, as Keras 3 updates: orthogonalized momentum for matrices, AdamW for
the other variables."""

from __future__ import annotations

import re

import jax.numpy as jnp

from ..backend import core as backend
from .hyperparameters import as_float
from .optimizer import Optimizer


class Muon(Optimizer):
    """Muon, as Keras 3's ``Muon``. A 2D variable (not an embedding, not matched by
    ``exclude_layers``) follows Muon: momentum ``m += g + (momentum - 1) * m``, its Nesterov
    step orthogonalized by ``ns_steps`` Newton-Schulz iterations and scaled by
    ``sqrt(max(n, m)) * rms_rate``; every other variable follows AdamW at
    ``learning_rate * adam_lr_ratio``. Each decays by its own rate (``weight_decay`` for Muon's,
    ``adam_weight_decay`` for AdamW's).

    >>> import tapejax as tf
    >>> w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    >>> opt = tf.keras.optimizers.Muon(learning_rate=0.1, weight_decay=None)
    >>> _ = opt.apply_gradients([(tf.constant([[0.5, -1.0], [0.0, 1.0]]), w)])
    >>> print(w.numpy().round(4))
    [[0.9826 2.0115]
     [2.9883 3.9827]]
    """

    def __init__(
        self,
        learning_rate=0.001,
        adam_beta_1=0.9,
        adam_beta_2=0.999,
        adam_weight_decay=0.004,
        epsilon=1e-7,
        weight_decay=0.004,
        exclude_layers=None,
        exclude_embeddings=True,
        muon_a=3.4445,
        muon_b=-4.7750,
        muon_c=2.0315,
        adam_lr_ratio=1,
        momentum=0.95,
        ns_steps=5,
        nesterov=True,
        rms_rate=0.2,
        name=None,
        **kwargs,
    ):
        super().__init__(learning_rate, weight_decay=weight_decay, name=name, **kwargs)
        self.adam_beta_1, self.adam_beta_2, self.epsilon = adam_beta_1, adam_beta_2, epsilon
        self.muon_a, self.muon_b, self.muon_c = muon_a, muon_b, muon_c
        self.adam_lr_ratio, self.momentum, self.ns_steps = adam_lr_ratio, momentum, ns_steps
        self.nesterov, self.rms_rate = nesterov, rms_rate
        self.exclude_embeddings, self.exclude_layers = exclude_embeddings, exclude_layers or []
        self.adam_weight_decay = adam_weight_decay

    _hyperparameters = (
        "adam_beta_1",
        "adam_beta_2",
        "epsilon",
        "muon_a",
        "muon_b",
        "muon_c",
        "adam_lr_ratio",
        "momentum",
    )

    _config_keys = (
        "adam_beta_1",
        "adam_beta_2",
        "epsilon",
        "exclude_layers",
        "muon_a",
        "muon_b",
        "muon_c",
        "adam_lr_ratio",
        "momentum",
        "ns_steps",
        "nesterov",
        "exclude_embeddings",
        "adam_weight_decay",
        "rms_rate",
    )

    def _options(self) -> tuple:
        rms_rate = None if self.rms_rate is None else float(self.rms_rate)
        return (("ns_steps", int(self.ns_steps)), ("nesterov", bool(self.nesterov)), ("rms_rate", rms_rate))

    def _uses_adamw(self, variable) -> bool:
        if len(backend.shape_of(variable)) != 2:
            return True
        path = getattr(variable, "path", None) or variable.name
        if self.exclude_embeddings and "embedding" in path.lower():
            return True
        return any(re.search(keyword, path) for keyword in self.exclude_layers)

    def _build_extra(self, variables) -> None:
        # Per variable, as Keras: its momentum, then (AdamW's variables only) its velocity.
        for variable in variables:
            names = ("momentum", "velocity") if self._uses_adamw(variable) else ("momentum",)
            self._slots[id(variable)] = [self._slot(variable, n, 0.0) for n in names]

    def _decay_rate(self, variable) -> str | None:
        name = "adam_weight_decay" if self._uses_adamw(variable) else "weight_decay"
        return name if getattr(self, name) is not None and self._decays(variable) else None

    @staticmethod
    def update(h, grad, var, slots, square):
        if len(slots) == 2:
            return _adamw(h, grad, var, slots, square)
        momentum = as_float(h.momentum, var)
        m = slots[0] + (grad + slots[0] * as_float(h.momentum - 1, var))
        g = grad + momentum * m if h.nesterov else m
        step = h.lr.astype(var.dtype) * _orthogonalized(h, g)
        if h.rms_rate is not None:
            step = step * jnp.sqrt(jnp.float32(max(var.shape))).astype(var.dtype) * as_float(h.rms_rate, var)
        return var - step, [m]


def _adamw(h, grad, var, slots, square):
    lr = (h.lr * as_float(h.adam_lr_ratio, h.lr)).astype(var.dtype)  # float32 lr * Python ratio
    t = h.step.astype(var.dtype)
    beta_1, beta_2 = as_float(h.adam_beta_1, var), as_float(h.adam_beta_2, var)
    alpha = lr * jnp.sqrt(1 - jnp.power(beta_2, t)) / (1 - jnp.power(beta_1, t))
    m = slots[0] + (grad - slots[0]) * as_float(1 - h.adam_beta_1, var)
    v = slots[1] + (square - slots[1]) * as_float(1 - h.adam_beta_2, var)
    return var - (m * alpha) / (jnp.sqrt(v) + as_float(h.epsilon, var)), [m, v]


def _orthogonalized(h, x):
    """Keras' quintic Newton-Schulz iteration towards ``U V^T`` of ``x``'s SVD."""
    a, b, c = (as_float(k, x) for k in (h.muon_a, h.muon_b, h.muon_c))
    tall = x.shape[-2] > x.shape[-1]
    x = jnp.swapaxes(x, -1, -2) if tall else x
    x = x / (jnp.linalg.norm(x, axis=(-2, -1), keepdims=True) + as_float(1e-7, x))
    for _ in range(h.ns_steps):
        gram = x @ jnp.swapaxes(x, -1, -2)
        x = a * x + (b * gram + c * gram @ gram) @ x
    return jnp.swapaxes(x, -1, -2) if tall else x
