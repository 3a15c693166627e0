"""Embedding (``tf.keras.layers.Embedding``): rows of a trainable table looked up by integer ids."""

from __future__ import annotations

from ...backend.ops import cast as _cast
from ...backend.ops import gather as _gather
from ...backend.ops import math_ops as _math
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ..layer import Layer


class Embedding(Layer):
    """Maps each integer id in ``[0, input_dim)`` to row ``id`` of ``embeddings``
    (``(input_dim, output_dim)``): an input of shape ``s`` gives ``s + (output_dim,)``.

    Non-integer ids are cast to int32, as Keras; ids out of range raise TF's
    InvalidArgumentError. The gradient of ``embeddings`` is the sum of the output gradients
    of each id's positions.

    >>> import tapejax as tf
    >>> emb = tf.keras.layers.Embedding(10, 3, name='embedding')
    >>> emb(tf.constant([[1, 2, 2]])).shape
    TensorShape([1, 3, 3])
    >>> [(w.path, tuple(w.shape)) for w in emb.weights]
    [('embedding/embeddings', (10, 3))]
    """

    def __init__(
        self,
        input_dim,
        output_dim,
        embeddings_initializer="uniform",
        embeddings_regularizer=None,
        embeddings_constraint=None,
        mask_zero=False,
        weights=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.input_dim, self.output_dim, self.mask_zero = input_dim, output_dim, mask_zero
        self.supports_masking = mask_zero
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.embeddings = None
        if weights is not None:
            self.build()
            self.set_weights(weights if isinstance(weights, list) else [weights])

    def build(self, input_shape=None) -> None:
        if self.embeddings is None:
            self.embeddings = self.add_weight(
                shape=(self.input_dim, self.output_dim),
                name="embeddings",
                initializer=self.embeddings_initializer,
                regularizer=self.embeddings_regularizer,
                constraint=self.embeddings_constraint,
            )

    def call(self, inputs):
        if inputs.dtype.name not in ("int32", "int64"):
            inputs = _cast(inputs, "int32")
        return _cast(_gather(self.embeddings, inputs), self.compute_dtype)

    def compute_mask(self, inputs, mask=None):
        """With ``mask_zero``: where the ids are not 0 (padding), as Keras."""
        if not self.mask_zero:
            return None
        return _math.not_equal(inputs, 0)

    def compute_output_shape(self, input_shape):
        return (*tuple(input_shape), self.output_dim)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "input_dim": self.input_dim,
            "output_dim": self.output_dim,
            "embeddings_initializer": initializers.serialize(self.embeddings_initializer),
            "embeddings_regularizer": regularizers.serialize(self.embeddings_regularizer),
            "embeddings_constraint": constraints.serialize(self.embeddings_constraint),
            "mask_zero": self.mask_zero,
        }
