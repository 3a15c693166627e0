"""CategoryEncoding: integer features as one-hot, multi-hot or count vectors."""

from __future__ import annotations

from ...backend.ops import cast as _cast
from ..layer import Layer
from .encoding import encode_categorical_inputs, encoded_shape


class CategoryEncoding(Layer):
    """Encodes integers in ``[0, num_tokens)``: ``output_mode='multi_hot'`` (default; 1 where
    an index appears along the last axis), ``'one_hot'`` (one vector per index) or ``'count'``
    (how often each appears, weighted by ``count_weights`` when given).

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode='count')
    >>> layer(tf.constant([[0, 1, 1], [3, 3, 2]])).numpy()
    array([[1., 2., 0., 0.],
           [0., 0., 1., 2.]], dtype=float32)
    """

    def __init__(self, num_tokens=None, output_mode="multi_hot", sparse=False, **kwargs):
        super().__init__(**kwargs)
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode not in ("count", "one_hot", "multi_hot"):
            raise ValueError(f"Unknown arg for output_mode: {output_mode}")
        if num_tokens is None:
            raise ValueError(
                "num_tokens must be set to use this layer. If the number of tokens is not known "
                "beforehand, use the IntegerLookup layer instead."
            )
        if num_tokens < 1:
            raise ValueError(f"`num_tokens` must be >= 1. Received: num_tokens={num_tokens}.")
        if sparse:
            raise NotImplementedError(
                "CategoryEncoding: `sparse=True` is not supported by tapejax.keras; leave it unset "
                "(the output is dense)."
            )
        self.num_tokens, self.output_mode, self.sparse = num_tokens, output_mode, sparse
        self.built = True

    def call(self, inputs, count_weights=None):
        if count_weights is not None:
            if self.output_mode != "count":
                raise ValueError(
                    "`count_weights` is not used when `output_mode` is not `'count'`. "
                    f"Received `count_weights={count_weights}`."
                )
            count_weights = _cast(count_weights, self.compute_dtype)
        return encode_categorical_inputs(inputs, self.output_mode, self.num_tokens, self.dtype, count_weights)

    def compute_output_shape(self, input_shape):
        return encoded_shape(input_shape, self.output_mode, self.num_tokens)

    def get_config(self) -> dict:
        return {**super().get_config(), "num_tokens": self.num_tokens, "output_mode": self.output_mode}
