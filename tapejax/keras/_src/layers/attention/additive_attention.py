"""``AdditiveAttention``: Bahdanau-style scores, ``reduce_sum(scale * tanh(q + k))``."""

from __future__ import annotations

from ...backend.ops import expand_dims as _expand_dims
from ...backend.ops import math_ops as _math
from ...backend.ops import reduction_ops as _reduce
from .attention import Attention


class AdditiveAttention(Attention):
    """Additive (Bahdanau) attention: scores ``sum(scale * tanh(query + key), -1)``, ``scale`` a
    learned vector of the query's last size (``use_scale=True``)."""

    def __init__(self, use_scale=True, dropout=0.0, **kwargs):
        super().__init__(use_scale=use_scale, dropout=dropout, **kwargs)

    def build(self, input_shape) -> None:
        self._validate_inputs(input_shape)
        if self.use_scale:
            self.scale = self.add_weight(
                name="scale", shape=(input_shape[0][-1],), initializer="glorot_uniform"
            )
        self.built = True

    def _calculate_scores(self, query, key):
        tanh = _math.tanh(_expand_dims(query, -2) + _expand_dims(key, -3))
        return _reduce.reduce_sum(tanh if self.scale is None else self.scale * tanh, axis=-1)

    def get_config(self) -> dict:
        config = super().get_config()
        del config["score_mode"]
        return config
