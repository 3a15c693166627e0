"""The base of recurrent cells (SimpleRNNCell, LSTMCell, GRUCell: Keras 3's weights and one-step ``call``).

A cell holds the weights (``kernel``, ``recurrent_kernel``, ``bias``); SimpleRNN, LSTM and GRU
run it over a sequence with one scan op (``backend/rnn.py``). Calling a cell runs one step:
``output, new_states = cell(x, states)``.
"""

from __future__ import annotations

from ...activations import activations
from ...backend.ops import dropout as _dropout
from ...backend.ops import expand_dims as _expand_dims
from ...backend.ops import ones as _ones
from ...backend.ops import zeros as _zeros
from ...backend.rnn import rnn
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ..input_spec import check_unsupported
from ..layer import Layer


class RecurrentCell(Layer):
    """Shared by the three cells: arguments, weights, config; ``kind`` and ``gates`` differ."""

    kind, gates = "simple", 1

    def __init__(
        self,
        units,
        activation="tanh",
        recurrent_activation="sigmoid",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
        kernel_regularizer=None,
        recurrent_regularizer=None,
        bias_regularizer=None,
        kernel_constraint=None,
        recurrent_constraint=None,
        bias_constraint=None,
        dropout=0.0,
        recurrent_dropout=0.0,
        seed=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if not isinstance(units, int) or units <= 0:
            raise ValueError(
                f"Received an invalid value for argument `units`, expected a positive integer, got {units}."
            )
        check_unsupported(self, recurrent_dropout=recurrent_dropout or None)
        self.units = units
        self.activation = activations.get(activation)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.recurrent_initializer = initializers.get(recurrent_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.recurrent_regularizer = regularizers.get(recurrent_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.recurrent_constraint = constraints.get(recurrent_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.dropout = min(1.0, max(0.0, dropout))
        self.recurrent_dropout = min(1.0, max(0.0, recurrent_dropout))
        self.seed = seed
        self.bias = None

    @property
    def state_size(self):
        return self.units

    def _bias_shape(self) -> tuple:
        return (self.gates * self.units,)

    def _bias_initializer(self):
        return self.bias_initializer

    def build(self, input_shape) -> None:
        n = self.gates * self.units
        self.kernel = self.add_weight(
            shape=(input_shape[-1], n),
            name="kernel",
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.recurrent_kernel = self.add_weight(
            shape=(self.units, n),
            name="recurrent_kernel",
            initializer=self.recurrent_initializer,
            regularizer=self.recurrent_regularizer,
            constraint=self.recurrent_constraint,
        )
        if self.use_bias:
            self.bias = self.add_weight(
                shape=self._bias_shape(),
                name="bias",
                initializer=self._bias_initializer(),
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )

    def _recurrent_activation(self):
        return self.recurrent_activation

    def run(
        self,
        sequences,
        states,
        go_backwards=False,
        return_sequences=False,
        training=None,
        mask=None,
        zero_output_for_mask=False,
    ):
        """The recurrence over ``sequences`` (``(batch, time, features)``): ``(output, *states)``;
        ``mask`` (``(batch, time)``) skips steps as Keras does."""
        if training and 0.0 < self.dropout < 1.0:
            kept = _dropout(
                _ones((sequences.shape[0], sequences.shape[-1]), sequences.dtype),
                self.dropout,
                seed=self.seed,
            )
            sequences = sequences * _expand_dims(kept, 1)
        return rnn(
            self.kind,
            sequences,
            states,
            self.kernel,
            self.recurrent_kernel,
            self.bias,
            activation=self.activation,
            recurrent_activation=self._recurrent_activation(),
            go_backwards=go_backwards,
            return_sequences=return_sequences,
            reset_after=getattr(self, "reset_after", True),
            mask=mask,
            zero_output_for_mask=zero_output_for_mask,
        )

    def call(self, inputs, states, training=False):
        nested = isinstance(states, (list, tuple))
        output, *new_states = self.run(
            _expand_dims(inputs, 1), states if nested else [states], training=training
        )
        return output, (list(new_states) if nested else new_states[0])

    def get_initial_state(self, batch_size=None):
        return [_zeros((batch_size, self.units), self.compute_dtype) for _ in range(self._num_states())]

    def _num_states(self) -> int:
        return 1

    def get_config(self) -> dict:
        config = {
            "units": self.units,
            "activation": activations.serialize(self.activation),
            "recurrent_activation": activations.serialize(self.recurrent_activation),
            "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "recurrent_initializer": initializers.serialize(self.recurrent_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "recurrent_regularizer": regularizers.serialize(self.recurrent_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "kernel_constraint": constraints.serialize(self.kernel_constraint),
            "recurrent_constraint": constraints.serialize(self.recurrent_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
            "dropout": self.dropout,
            "recurrent_dropout": self.recurrent_dropout,
            "seed": self.seed,
        }
        return {**super().get_config(), **config}
