"""IntegerLookup: integer tokens mapped to indices of a vocabulary (given or learned by
``adapt``), and back with ``invert=True``."""

from __future__ import annotations

import collections

import jax.numpy as jnp
import numpy as np

from ...backend.layer_op import Op, run_op
from ..layer import Layer
from .adapt_data import batches
from .encoding import encode_categorical_inputs, encoded_shape


def _lookup(x, *, keys, start, num_oov, mask_token):
    keys_arr = jnp.asarray(keys, x.dtype)
    order = jnp.argsort(keys_arr)
    sorted_keys = keys_arr[order]
    pos = jnp.clip(jnp.searchsorted(sorted_keys, x), 0, max(len(keys) - 1, 0))
    found = (sorted_keys[pos] == x) if keys else jnp.zeros(x.shape, bool)
    index = order[pos].astype(jnp.int64) + start
    oov = start - num_oov + (jnp.mod(x, num_oov) if num_oov > 1 else 0)
    out = jnp.where(found, index, jnp.asarray(oov, jnp.int64) if num_oov else -1)
    if mask_token is not None:
        out = jnp.where(x == mask_token, 0, out)
    return out.astype(jnp.int64)


def _invert(x, *, vocabulary, oov_token):
    table = jnp.asarray(vocabulary, jnp.int64)
    inside = (x >= 0) & (x < len(vocabulary))
    return jnp.where(inside, table[jnp.clip(x, 0, len(vocabulary) - 1)], oov_token).astype(jnp.int64)


_LOOKUP = Op("LookupTableFind", _lookup)
_INVERT = Op("LookupTableFindInverse", _invert)


class IntegerLookup(Layer):
    """Maps integers to contiguous indices: ``mask_token`` (when set) to 0, then
    ``num_oov_indices`` indices for values outside the vocabulary (``value % num_oov_indices``
    picks one), then the vocabulary in order. ``output_mode``: ``'int'`` (int64 indices),
    ``'one_hot'``, ``'multi_hot'``, ``'count'``; ``invert=True`` maps indices back to tokens.

    :meth:`adapt` learns the vocabulary: tokens by decreasing frequency (ties: larger token
    first, as Keras), at most ``max_tokens`` entries including the special ones.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.IntegerLookup(vocabulary=[12, 36, 1138, 42])
    >>> layer(tf.constant([[12, 1138, 42], [42, 1000, 36]])).numpy()
    array([[1, 3, 4],
           [4, 0, 2]])
    """

    def __init__(
        self,
        max_tokens=None,
        num_oov_indices=1,
        mask_token=None,
        oov_token=-1,
        vocabulary=None,
        vocabulary_dtype="int64",
        idf_weights=None,
        invert=False,
        output_mode="int",
        sparse=False,
        pad_to_max_tokens=False,
        oov_method="floormod",
        salt=None,
        name=None,
        **kwargs,
    ):
        kwargs.pop("vocabulary_size", None)  # written by get_config, as Keras
        super().__init__(name=name, **kwargs)
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(
                "If `max_tokens` is set for `IntegerLookup`, it must be greater than 1. "
                f"Received: max_tokens={max_tokens}"
            )
        if num_oov_indices < 0:
            raise ValueError(
                "The value of `num_oov_indices` argument for `IntegerLookup` must >= 0. "
                f"Received: num_oov_indices={num_oov_indices}"
            )
        if output_mode not in ("int", "one_hot", "multi_hot", "count"):
            raise NotImplementedError(
                f"IntegerLookup: output_mode={output_mode!r} is not supported by tapejax.keras "
                "(supported: 'int', 'one_hot', 'multi_hot', 'count')."
            )
        if sparse or idf_weights is not None or oov_method != "floormod" or salt is not None:
            raise NotImplementedError(
                "IntegerLookup: `sparse`, `idf_weights`, `oov_method='farmhash'` and `salt` are not "
                "supported by tapejax.keras; leave them unset."
            )
        self.max_tokens, self.num_oov_indices = max_tokens, num_oov_indices
        self.mask_token, self.oov_token = mask_token, oov_token
        self.vocabulary_dtype, self.invert, self.output_mode = vocabulary_dtype, invert, output_mode
        self.sparse, self.pad_to_max_tokens = sparse, pad_to_max_tokens
        self.oov_method, self.salt = oov_method, salt
        self.input_vocabulary = vocabulary
        self._vocabulary: list = []
        if vocabulary is not None:
            self.set_vocabulary(vocabulary)
        self.built = True

    def _token_start(self) -> int:
        return (1 if self.mask_token is not None else 0) + self.num_oov_indices

    def set_vocabulary(self, vocabulary, idf_weights=None) -> None:
        """Sets the vocabulary (a list or array of integers, without the special tokens)."""
        tokens = [int(t) for t in np.asarray(vocabulary).reshape(-1)]
        if len(set(tokens)) != len(tokens):
            repeated = [t for t, n in collections.Counter(tokens).items() if n > 1]
            raise ValueError(
                "The passed vocabulary has at least one repeated term. Please uniquify your "
                f"dataset. The repeated terms are: {repeated}"
            )
        if self.mask_token is not None and self.mask_token in tokens:
            raise ValueError(
                f"Found reserved mask token at unexpected location in `vocabulary`. Note that passed "
                f"`vocabulary` does not need to include the OOV and mask tokens. Either remove all mask "
                f"and OOV tokens, or include them only at the start of the vocabulary in precisely this "
                f"order: [{self.mask_token!r}, {self.oov_token!r}]. Received: mask_token={self.mask_token}, "
                f"vocabulary={tokens}"
            )
        self._vocabulary = tokens

    def adapt(self, data, steps=None) -> None:
        """Learns the vocabulary from ``data``: tokens by decreasing count."""
        counts: collections.Counter = collections.Counter()
        _, parts = batches(data)
        for i, batch in enumerate(parts):
            if steps is not None and i >= steps:
                break
            counts.update(int(t) for t in np.asarray(batch).reshape(-1))
        for special in (self.mask_token, self.oov_token):
            counts.pop(special, None)
        ranked = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        if self.max_tokens:
            ranked = ranked[: self.max_tokens - self._token_start()]
        self._vocabulary = [t for t, _ in ranked]

    def get_vocabulary(self, include_special_tokens=True) -> list:
        """The tokens in index order (the mask and OOV tokens first, unless excluded)."""
        if not include_special_tokens:
            return list(self._vocabulary)
        special = ([self.mask_token] if self.mask_token is not None else []) + [
            self.oov_token
        ] * self.num_oov_indices
        return special + list(self._vocabulary)

    def vocabulary_size(self) -> int:
        return len(self._vocabulary) + self._token_start()

    def call(self, inputs):
        if inputs.dtype.name not in ("int32", "int64"):
            raise ValueError(
                f"IntegerLookup: expected integer inputs (vocabulary_dtype={self.vocabulary_dtype}); "
                f"received dtype {inputs.dtype.name}."
            )
        if self.invert:
            return run_op(
                _INVERT, inputs, vocabulary=tuple(self.get_vocabulary()), oov_token=int(self.oov_token)
            )
        indices = run_op(
            _LOOKUP,
            inputs,
            keys=tuple(self._vocabulary),
            start=self._token_start(),
            num_oov=self.num_oov_indices,
            mask_token=self.mask_token,
        )
        if self.output_mode == "int":
            return indices
        depth = self.max_tokens if self.pad_to_max_tokens else self.vocabulary_size()
        return encode_categorical_inputs(indices, self.output_mode, depth, "int64")  # Keras' value dtype

    def compute_output_shape(self, input_shape):
        depth = self.max_tokens if self.pad_to_max_tokens else self.vocabulary_size()
        return encoded_shape(input_shape, self.output_mode, depth)

    def get_config(self) -> dict:
        # The vocabulary adapt learned is written too (Keras keeps it in the file's assets), so
        # a saved layer loads with it, here and in Keras.
        vocabulary = (
            self._vocabulary if (self._vocabulary or self.input_vocabulary is None) else self.input_vocabulary
        )
        return {
            **super().get_config(),
            "invert": self.invert,
            "max_tokens": self.max_tokens,
            "num_oov_indices": self.num_oov_indices,
            "oov_token": self.oov_token,
            "mask_token": self.mask_token,
            "output_mode": self.output_mode,
            "sparse": self.sparse,
            "pad_to_max_tokens": self.pad_to_max_tokens,
            "vocabulary_dtype": self.vocabulary_dtype,
            "idf_weights": None,
            "vocabulary": [int(v) for v in np.asarray(vocabulary).reshape(-1)] or None,
            "vocabulary_size": self.vocabulary_size(),
            "oov_method": self.oov_method,
            "salt": self.salt,
        }
