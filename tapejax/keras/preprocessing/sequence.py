"""``tf.keras.preprocessing.sequence``: ``TimeseriesGenerator``, ``pad_sequences`` and word2vec's
``make_sampling_table`` and ``skipgrams``."""

from __future__ import annotations

from .._src.legacy.preprocessing.sequence import TimeseriesGenerator, make_sampling_table, skipgrams
from .._src.utils.sequence_utils import pad_sequences

__all__ = ["TimeseriesGenerator", "make_sampling_table", "pad_sequences", "skipgrams"]
