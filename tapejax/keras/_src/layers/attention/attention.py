"""The ``Attention`` layer (dot-product, Luong), Keras 3's, and the base of AdditiveAttention.

Masks are ``mask=[query_mask, value_mask]``, by default the Keras masks of query and value.
"""

from __future__ import annotations

import numpy as np

from ...backend.core import convert_to_tensor
from ...backend.ops import cast as _cast
from ...backend.ops import expand_dims as _expand_dims
from ...backend.ops import math_ops as _math
from ...backend.ops import matmul as _matmul
from ...backend.ops import nn_ops as _nn
from ...backend.ops import reduction_ops as _reduce
from ...backend.ops import where as _where
from ..layer import Layer


def causal_mask(rows: int, cols: int) -> np.ndarray:
    """``(1, rows, cols)`` booleans, True where the column is not after the row."""
    return np.tril(np.ones((rows, cols), bool))[None]


class Attention(Layer):
    """Dot-product attention: ``softmax(query @ key^T) @ value`` (``score_mode='dot'``), or
    ``concat``: ``sum(tanh(query + key))`` scores.

    Call it on ``[query, value]`` or ``[query, value, key]`` (``key`` defaults to ``value``).

    Args:
      use_scale: learn a scalar that multiplies the scores.
      score_mode: ``'dot'`` or ``'concat'``.
      dropout: the fraction of attention weights dropped while training.
      seed: the dropout's seed.

    Call arguments: ``mask=[query_mask, value_mask]`` (booleans ``(batch, Tq)`` and
    ``(batch, Tv)``), ``training``, ``return_attention_scores``, ``use_causal_mask``.

    >>> import tapejax as tf
    >>> q, v = tf.ones([1, 2, 3]), tf.reshape(tf.range(12.0), [1, 4, 3])
    >>> tf.keras.layers.Attention()([q, v]).shape
    TensorShape([1, 2, 3])
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(self, use_scale=False, score_mode="dot", dropout=0.0, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.use_scale, self.score_mode, self.dropout, self.seed = use_scale, score_mode, dropout, seed
        if score_mode not in ("dot", "concat"):
            raise ValueError(
                "Invalid value for argument score_mode. Expected one of {'dot', 'concat'}. "
                f"Received: score_mode={score_mode}"
            )
        self.scale = self.concat_score_weight = None

    def build(self, input_shape) -> None:
        self._validate_inputs(input_shape)
        if self.use_scale:
            self.scale = self.add_weight(name="scale", shape=(), initializer="ones")
        if self.score_mode == "concat":
            self.concat_score_weight = self.add_weight(
                name="concat_score_weight", shape=(), initializer="ones"
            )
        self.built = True

    def _calculate_scores(self, query, key):
        if self.score_mode == "dot":
            scores = _matmul(query, key, transpose_b=True)
            return scores if self.scale is None else scores * self.scale
        summed = _expand_dims(query, -2) + _expand_dims(key, -3)
        if self.scale is not None:
            summed = self.scale * summed
        return self.concat_score_weight * _reduce.reduce_sum(_math.tanh(summed), axis=-1)

    def call(self, inputs, mask=None, training=False, return_attention_scores=False, use_causal_mask=False):
        self._validate_inputs(inputs, mask)
        query, value = inputs[0], inputs[1]
        key = inputs[2] if len(inputs) > 2 else value
        query_mask = mask[0] if mask else None
        value_mask = mask[1] if mask else None
        scores = self._calculate_scores(query, key)
        scores_mask = None if value_mask is None else _cast(convert_to_tensor(value_mask), "bool")
        if use_causal_mask:
            causal = convert_to_tensor(causal_mask(scores.shape[-2], scores.shape[-1]))
            scores_mask = (
                causal if scores_mask is None else _math.logical_and(_expand_dims(scores_mask, -2), causal)
            )
        if scores_mask is not None:
            padding = _math.logical_not(scores_mask)
            if padding.shape.rank == 2:
                padding = _expand_dims(padding, -2)
            scores = _where(padding, scores - (65504.0 if scores.dtype.name == "float16" else 1.0e9), scores)
        weights = _reduce.softmax(scores, axis=-1)
        applied = weights
        if training and self.dropout > 0:
            applied = _nn.dropout(weights, self.dropout, seed=self.seed)
        output = _matmul(applied, value)
        if query_mask is not None:
            keep = _expand_dims(_cast(convert_to_tensor(query_mask), "bool"), -1)
            output = _where(keep, output, 0.0)
        return (output, weights) if return_attention_scores else output

    def compute_mask(self, inputs, mask=None):
        """The query's mask, as Keras."""
        self._validate_inputs(inputs, mask)
        if mask is None or mask[0] is None:
            return None
        return convert_to_tensor(mask[0])

    def compute_output_shape(self, input_shape):
        return (*tuple(input_shape[0])[:-1], tuple(input_shape[1])[-1])

    def _validate_inputs(self, inputs, mask=None):
        name = type(self).__name__
        if not isinstance(inputs, list):
            raise ValueError(
                f"{name} layer must be called on a list of inputs, namely [query, value] or "
                f"[query, value, key]. Received: inputs={inputs}."
            )
        if len(inputs) < 2 or len(inputs) > 3:
            raise ValueError(
                f"{name} layer accepts inputs list of length 2 or 3, namely [query, value] or "
                f"[query, value, key]. Received length: {len(inputs)}."
            )
        if mask is not None:
            if not isinstance(mask, list):
                raise ValueError(
                    f"{name} layer mask must be a list, namely [query_mask, value_mask]. "
                    f"Received: mask={mask}."
                )
            if len(mask) < 2 or len(mask) > 3:
                raise ValueError(
                    f"{name} layer accepts mask list of length 2 or 3. Received: inputs={inputs}, "
                    f"mask={mask}."
                )

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "use_scale": self.use_scale,
            "score_mode": self.score_mode,
            "dropout": self.dropout,
            "seed": self.seed,
        }
