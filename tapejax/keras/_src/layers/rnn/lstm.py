"""LSTMCell and LSTM."""

from __future__ import annotations

from ...backend.ops import concat as _concat
from ...initializers import lookup as initializers
from .recurrent_cell import RecurrentCell
from .rnn import _CellRNN


class LSTMCell(RecurrentCell):
    """The LSTM step (gates ``i, f, c, o`` in the kernels' columns); ``unit_forget_bias`` starts
    the forget gate's bias at 1."""

    kind, gates = "lstm", 4

    def __init__(self, units, unit_forget_bias=True, implementation=2, **kwargs):
        super().__init__(units, **kwargs)
        self.unit_forget_bias, self.implementation = unit_forget_bias, implementation

    @property
    def state_size(self):
        return [self.units, self.units]

    def _num_states(self) -> int:
        return 2

    def _bias_initializer(self):
        if not self.unit_forget_bias:
            return self.bias_initializer
        init, units = self.bias_initializer, self.units

        def bias_initializer(shape, dtype=None):
            parts = [
                init((units,), dtype=dtype),
                initializers.get("ones")((units,), dtype=dtype),
                init((2 * units,), dtype=dtype),
            ]
            return _concat(parts, axis=0)

        return bias_initializer

    def get_config(self) -> dict:
        return {**super().get_config(), "unit_forget_bias": self.unit_forget_bias}


class LSTM(_CellRNN):
    """Long short-term memory (Keras 3's LSTM: ``tanh``/``sigmoid``, ``unit_forget_bias``).

    Args:
      units: the size of the output and of the two states ``h`` and ``c``.
      activation, recurrent_activation: ``'tanh'`` and ``'sigmoid'`` by default.
      use_bias, unit_forget_bias, *_initializer (recurrent: ``'orthogonal'``), *_regularizer,
      *_constraint, dropout (of the inputs, while training), seed: as Keras.
      return_sequences, return_state, go_backwards: as :class:`RNN`.

    >>> import tapejax as tf
    >>> lstm = tf.keras.layers.LSTM(4, return_state=True)
    >>> out, h, c = lstm(tf.ones([2, 5, 3]))
    >>> out.shape, h.shape, c.shape
    (TensorShape([2, 4]), TensorShape([2, 4]), TensorShape([2, 4]))
    """

    cell_class = LSTMCell
    cell_name = "lstm_cell"
