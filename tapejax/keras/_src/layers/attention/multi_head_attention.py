"""MultiHeadAttention (Keras 3's): query/key/value projections (EinsumDense), scaled
dot-product attention over ``attention_axes``, and the output projection."""

from __future__ import annotations

import math
import string

import numpy as np

from ...backend.core import convert_to_tensor, get_keras_mask, set_keras_mask
from ...backend.ops import cast as _cast
from ...backend.ops import einsum as _einsum
from ...backend.ops import expand_dims as _expand_dims
from ...backend.ops import math_ops as _math
from ...backend.ops import nn_ops as _nn
from ...backend.ops import reduction_ops as _reduce
from ...backend.ops import where as _where
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ..core.einsum_dense import EinsumDense
from ..layer import Layer
from .attention import causal_mask


class MultiHeadAttention(Layer):
    """Multi-head attention, as in "Attention is all you need".

    Called as ``layer(query, value, key=None, attention_mask=None, return_attention_scores=False,
    training=None, use_causal_mask=False)`` (also ``value_mask``/``key_mask``, by default the Keras
    masks of value and key; ``query_mask`` is ignored, as Keras 3.15 ignores it, reading the
    query's Keras mask instead, which the output keeps);
    returns ``(batch, *query_axes, output_shape or query's last size)`` and, when asked, the
    scores ``(batch, num_heads, Tq, Tv)``.

    Args:
      num_heads: attention heads.
      key_dim: the size of each head for query and key.
      value_dim: the size of each head for value (``key_dim`` by default).
      dropout: the fraction of attention weights dropped while training.
      use_bias: whether the projections have biases.
      output_shape: the last axes of the output (the query's last size by default).
      attention_axes: the axes attention runs over (all but batch, heads and features).
      kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
      activity_regularizer, kernel_constraint, bias_constraint: of the projections.
      seed: the dropout's seed.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.MultiHeadAttention(num_heads=2, key_dim=4)
    >>> out, scores = layer(tf.ones([1, 3, 8]), tf.ones([1, 5, 8]), return_attention_scores=True)
    >>> out.shape, scores.shape
    (TensorShape([1, 3, 8]), TensorShape([1, 2, 3, 5]))
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(
        self,
        num_heads,
        key_dim,
        value_dim=None,
        dropout=0.0,
        use_bias=True,
        output_shape=None,
        attention_axes=None,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        seed=None,
        **kwargs,
    ):
        if not isinstance(num_heads, int) or num_heads <= 0:
            raise ValueError(
                "Received an invalid value for argument `num_heads`, expected a positive integer. "
                f"Received: num_heads={num_heads}"
            )
        if not isinstance(key_dim, int) or key_dim <= 0:
            raise ValueError(
                "Received an invalid value for argument `key_dim`, expected a positive integer. "
                f"Received: key_dim={key_dim}"
            )
        if value_dim is not None and (not isinstance(value_dim, int) or value_dim <= 0):
            raise ValueError(
                "Received an invalid value for argument `value_dim`, expected a positive integer or "
                f"`None`. Received: value_dim={value_dim}"
            )
        for key in ("sliding_window", "flash_attention", "use_gate"):
            if kwargs.pop(key, None):
                raise NotImplementedError(f"MultiHeadAttention: `{key}` is not supported by tapejax.keras.")
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self._num_heads, self._key_dim = num_heads, key_dim
        self._value_dim = value_dim or key_dim
        self._dropout, self._use_bias, self.seed = dropout, use_bias, seed
        if isinstance(output_shape, int):
            output_shape = (output_shape,)
        self._output_shape = tuple(output_shape) if output_shape else None
        self._kernel_initializer = initializers.get(kernel_initializer)
        self._bias_initializer = initializers.get(bias_initializer)
        self._kernel_regularizer = regularizers.get(kernel_regularizer)
        self._bias_regularizer = regularizers.get(bias_regularizer)
        self._kernel_constraint = constraints.get(kernel_constraint)
        self._bias_constraint = constraints.get(bias_constraint)
        if isinstance(attention_axes, int):
            attention_axes = (attention_axes,)
        elif attention_axes and not isinstance(attention_axes, (list, tuple)):
            raise ValueError(
                f"`attention_axes` must be an int, list, or tuple.Received: attention_axes={attention_axes}"
            )
        self._attention_axes = attention_axes
        self._inverse_sqrt_key_dim = 1.0 / math.sqrt(float(key_dim))
        # Public names: Keras files store the projections under query_dense/... (its properties).
        self.query_dense = self.key_dense = self.value_dense = self.output_dense = None

    num_heads = property(lambda self: self._num_heads)
    key_dim = property(lambda self: self._key_dim)
    value_dim = property(lambda self: self._value_dim)
    dropout = property(lambda self: self._dropout)
    use_bias = property(lambda self: self._use_bias)
    attention_axes = property(lambda self: self._attention_axes)

    def __call__(self, query, value, key=None, **kwargs):
        if not self.built:
            self.build(tuple(query.shape), tuple(value.shape), None if key is None else tuple(key.shape))
        return super().__call__(query, value, key, **kwargs)

    def _dense(self, rank, bound_dims, last_dims, name) -> EinsumDense:
        equation, bias_axes, output_rank = _build_proj_equation(rank - 1, bound_dims, len(last_dims))
        return EinsumDense(
            equation,
            output_shape=[None] * (output_rank - 1 - len(last_dims)) + list(last_dims),
            bias_axes=bias_axes if self._use_bias else None,
            name=name,
            kernel_initializer=type(self._kernel_initializer).from_config(
                self._kernel_initializer.get_config()
            ),
            bias_initializer=type(self._bias_initializer).from_config(self._bias_initializer.get_config()),
            kernel_regularizer=self._kernel_regularizer,
            bias_regularizer=self._bias_regularizer,
            kernel_constraint=self._kernel_constraint,
            bias_constraint=self._bias_constraint,
            dtype=self.dtype,
        )

    def build(self, query_shape, value_shape=None, key_shape=None) -> None:
        value_shape = query_shape if value_shape is None else value_shape
        key_shape = value_shape if key_shape is None else key_shape
        if tuple(value_shape[1:-1]) != tuple(key_shape[1:-1]):
            raise ValueError(
                "All dimensions of `value` and `key`, except the last one, must be equal. Received: "
                f"value_shape={value_shape} and key_shape={key_shape}"
            )
        heads = self._num_heads
        self.query_dense = self._dense(len(query_shape), 1, [heads, self._key_dim], "query")
        self.query_dense.build(query_shape)
        self.key_dense = self._dense(len(key_shape), 1, [heads, self._key_dim], "key")
        self.key_dense.build(key_shape)
        self.value_dense = self._dense(len(value_shape), 1, [heads, self._value_dim], "value")
        self.value_dense.build(value_shape)
        rank = len(value_shape) + 1  # the projected value's rank
        if self._attention_axes is None:
            self._attention_axes = tuple(range(1, rank - 2))
        else:
            self._attention_axes = tuple(a if a >= 0 else (rank - 1) + a for a in self._attention_axes)
        self._dot_product_equation, self._combine_equation, scores_rank = _build_attention_equation(
            rank, self._attention_axes
        )
        self._norm_axes = tuple(range(scores_rank - len(self._attention_axes), scores_rank))
        self.output_dense = self._dense(
            len(query_shape), 2, list(self._output_shape or [query_shape[-1]]), "attention_output"
        )
        projected = list(self.query_dense.compute_output_shape(query_shape))
        projected[-1] = self._value_dim
        self.output_dense.build(tuple(projected))
        self.built = True

    def call(
        self,
        query,
        value,
        key=None,
        query_mask=None,
        value_mask=None,
        key_mask=None,
        attention_mask=None,
        return_attention_scores=False,
        training=None,
        use_causal_mask=False,
    ):
        key = value if key is None else key
        # As Keras 3.15: the query's mask is read off the query (the argument is ignored), and
        # the inputs' masks are removed, this layer handling them.
        query_mask = get_keras_mask(query)
        for x in (query, value, key):
            set_keras_mask(x, None)
        mask = self._attention_mask(
            query, value, query_mask, value_mask, key_mask, attention_mask, use_causal_mask
        )
        query = self.query_dense(query)
        key = self.key_dense(key)
        value = self.value_dense(value)
        query = query * _cast(self._inverse_sqrt_key_dim, query.dtype)
        # Keras 3.15 computes with ops.dot_product_attention when it can (no dropout, no scores
        # returned, one attention axis): there a fully masked query row attends uniformly,
        # where the Softmax layer's path gives zeros.
        fused = not (self._dropout > 0.0 or return_attention_scores or query.ndim != 4)
        scores = self._masked_softmax(_einsum(self._dot_product_equation, key, query), mask, fused)
        weights = (
            _nn.dropout(scores, self._dropout, seed=self.seed) if training and self._dropout > 0 else scores
        )
        output = self.output_dense(_einsum(self._combine_equation, weights, value))
        set_keras_mask(output, query_mask)
        return (output, scores) if return_attention_scores else output

    def _attention_mask(
        self, query, value, query_mask, value_mask, key_mask, attention_mask, use_causal_mask
    ):
        """Keras' ``_compute_attention_mask``: the masks combined into one boolean ``(B, T, S)``."""
        auto = None
        if query_mask is not None:
            auto = _expand_dims(_cast(convert_to_tensor(query_mask), "bool"), -1)  # (B, T, 1)
        for extra in (value_mask, key_mask):
            if extra is not None:
                mask = _expand_dims(_cast(convert_to_tensor(extra), "bool"), -2)
                auto = mask if auto is None else _math.logical_and(auto, mask)
        if use_causal_mask:
            mask = convert_to_tensor(causal_mask(query.shape[1], value.shape[1]))
            auto = mask if auto is None else _math.logical_and(auto, mask)
        if attention_mask is not None:
            attention_mask = _cast(convert_to_tensor(attention_mask), "bool")
        if auto is not None:
            attention_mask = auto if attention_mask is None else _math.logical_and(attention_mask, auto)
        return attention_mask

    def _masked_softmax(self, scores, mask, fused=False):
        """Keras' Softmax layer over the attention axes: masked scores set to -1e9, then 0."""
        if mask is not None:
            for _ in range(scores.ndim - mask.ndim):
                mask = _expand_dims(mask, -len(self._attention_axes) * 2 - 1)
            scores = _where(mask, scores, -1e9)
        if len(self._norm_axes) > 1:
            out = _math.exp(
                scores - _reduce.reduce_logsumexp(scores, axis=list(self._norm_axes), keepdims=True)
            )
        else:
            out = _reduce.softmax(scores, axis=self._norm_axes[0])
        return out if mask is None or fused else _where(mask, out, 0.0)

    def compute_output_shape(self, query_shape, value_shape=None, key_shape=None):
        query_shape = tuple(query_shape)
        return query_shape[:-1] + self._output_shape if self._output_shape else query_shape

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "num_heads": self._num_heads,
            "key_dim": self._key_dim,
            "value_dim": self._value_dim,
            "dropout": self._dropout,
            "use_bias": self._use_bias,
            "use_gate": False,
            "output_shape": self._output_shape,
            "attention_axes": self._attention_axes,
            "sliding_window": None,
            "kernel_initializer": initializers.serialize(self._kernel_initializer),
            "bias_initializer": initializers.serialize(self._bias_initializer),
            "kernel_regularizer": regularizers.serialize(self._kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self._bias_regularizer),
            "kernel_constraint": constraints.serialize(self._kernel_constraint),
            "bias_constraint": constraints.serialize(self._bias_constraint),
            "seed": self.seed,
        }


def _build_attention_equation(rank, attn_axes):
    """Keras' einsum equations of the scores and of their product with the value."""
    letters = string.ascii_lowercase
    target = letters[:rank]
    batch_dims = tuple(np.delete(range(rank), (*attn_axes, rank - 1)))
    source, offset = "", rank
    for i in range(rank):
        if i in batch_dims or i == rank - 1:
            source += target[i]
        else:
            source += letters[offset]
            offset += 1
    product = "".join(
        [target[i] for i in batch_dims] + [target[i] for i in attn_axes] + [source[i] for i in attn_axes]
    )
    return f"{source},{target}->{product}", f"{product},{source}->{target}", len(product)


def _build_proj_equation(free_dims, bound_dims, output_dims):
    letters = string.ascii_lowercase
    free = letters[:free_dims]
    bound = letters[free_dims : free_dims + bound_dims]
    out = letters[free_dims + bound_dims : free_dims + bound_dims + output_dims]
    return f"{free}{bound},{bound}{out}->{free}{out}", out, len(free + out)
