"""SimpleRNNCell and SimpleRNN."""

from __future__ import annotations

from .recurrent_cell import RecurrentCell
from .rnn import _CellRNN


class SimpleRNNCell(RecurrentCell):
    """``h = activation(x @ kernel + bias + h_prev @ recurrent_kernel)``."""

    def __init__(self, units, activation="tanh", **kwargs):
        super().__init__(units, activation=activation, **kwargs)

    def _recurrent_activation(self):
        return None

    def get_config(self) -> dict:
        config = super().get_config()
        del config["recurrent_activation"]
        return config


class SimpleRNN(_CellRNN):
    """A fully connected RNN: ``h_t = activation(x_t @ kernel + bias + h_{t-1} @ recurrent_kernel)``.

    >>> import tapejax as tf
    >>> rnn = tf.keras.layers.SimpleRNN(4, return_sequences=True, name='simple_rnn')
    >>> rnn(tf.ones([2, 5, 3])).shape
    TensorShape([2, 5, 4])
    >>> [w.path for w in rnn.weights][0]
    'simple_rnn/simple_rnn_cell/kernel'
    """

    cell_class = SimpleRNNCell
    cell_name = "simple_rnn_cell"

    def get_config(self) -> dict:
        config = super().get_config()
        del config["seed"]
        return config
