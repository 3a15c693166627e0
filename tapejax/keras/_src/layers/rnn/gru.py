"""GRUCell and GRU (``reset_after`` as Keras 3)."""

from __future__ import annotations

from .recurrent_cell import RecurrentCell
from .rnn import _CellRNN


class GRUCell(RecurrentCell):
    """The GRU step (gates ``z, r, h``); ``reset_after=True`` (Keras 3's default) applies the reset
    gate after the recurrent matmul and keeps separate input and recurrent biases
    (``bias`` of shape ``(2, 3 * units)``)."""

    kind, gates = "gru", 3

    def __init__(self, units, reset_after=True, implementation=2, **kwargs):
        super().__init__(units, **kwargs)
        self.reset_after, self.implementation = reset_after, implementation

    def _bias_shape(self) -> tuple:
        return (2, 3 * self.units) if self.reset_after else (3 * self.units,)

    def get_config(self) -> dict:
        return {**super().get_config(), "reset_after": self.reset_after}


class GRU(_CellRNN):
    """Gated recurrent unit; ``reset_after=True`` by default, as in Keras 3.

    >>> import tapejax as tf
    >>> gru = tf.keras.layers.GRU(4)
    >>> gru(tf.ones([2, 5, 3])).shape
    TensorShape([2, 4])
    >>> gru.cell.bias.shape
    TensorShape([2, 12])
    """

    cell_class = GRUCell
    cell_name = "gru_cell"
