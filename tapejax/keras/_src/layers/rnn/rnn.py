"""The ``RNN`` layer (a cell over a sequence) and the base of SimpleRNN, LSTM, GRU (Keras 3's API).

SimpleRNN, LSTM and GRU run their cell with one scan op per call (see ``backend/rnn.py``); ``RNN``
given another cell steps it in a Python loop (unrolled; fine for short sequences).
"""

from __future__ import annotations

from ...backend.ops import cast as _cast
from ...backend.ops import expand_dims as _expand_dims
from ...backend.ops import stack as _stack
from ...backend.ops import unstack as _unstack
from ...backend.ops import where as _where
from ...backend.ops import zeros_like as _zeros_like
from ...regularizers import regularizers
from ..input_spec import check_input_spec, check_unsupported
from ..layer import Layer
from .recurrent_cell import RecurrentCell


class RNN(Layer):
    """Runs ``cell`` over the time axis of ``(batch, time, features)`` inputs.

    Args:
      cell: a cell layer: ``call(x, states) -> (output, new_states)`` and ``state_size``.
      return_sequences: return every step's output (``(batch, time, units)``), not only the last.
      return_state: also return the final states: ``[output, *states]``.
      go_backwards: process the sequence from the end (the returned sequence is in that order).

    ``call(inputs, initial_state=None, training=None)``: ``initial_state`` is a list of
    ``(batch, units)`` tensors (zeros by default).
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(
        self,
        cell,
        return_sequences=False,
        return_state=False,
        go_backwards=False,
        stateful=False,
        unroll=False,
        zero_output_for_mask=False,
        **kwargs,
    ):
        super().__init__(**kwargs)
        check_unsupported(self, stateful=stateful)
        if not hasattr(cell, "call") or not hasattr(cell, "state_size"):
            raise ValueError(
                "Argument `cell` should have a `call` method and a `state_size` attribute. "
                f"Received: cell={cell}"
            )
        self.cell = cell
        self.return_sequences, self.return_state = return_sequences, return_state
        self.go_backwards, self.stateful, self.unroll = go_backwards, stateful, unroll
        self.zero_output_for_mask = zero_output_for_mask

    def build(self, input_shape) -> None:
        if not self.cell.built:
            self.cell.build((input_shape[0], input_shape[-1]))
            self.cell.built = True

    def _check_input(self, inputs) -> None:
        check_input_spec(self, inputs, ndim=3)

    def _state_sizes(self) -> list:
        size = self.cell.state_size
        return list(size) if isinstance(size, (list, tuple)) else [size]

    def call(self, sequences, initial_state=None, mask=None, training=None):
        if isinstance(mask, (list, tuple)):
            mask = mask[0]  # Keras: every input's time steps share the first mask
        batch = sequences.shape[0]
        if initial_state is None:
            states = self.cell.get_initial_state(batch_size=batch)
        else:
            states = list(initial_state) if isinstance(initial_state, (list, tuple)) else [initial_state]
            if len(states) != len(self._state_sizes()):
                raise ValueError(
                    f"Layer {self.name} expects {len(self._state_sizes())} state(s), but it "
                    f"received {len(states)} initial state(s). Input received: {states}"
                )
        if isinstance(self.cell, RecurrentCell):
            output, *states = self.cell.run(
                sequences,
                states,
                self.go_backwards,
                self.return_sequences,
                training,
                mask=mask,
                zero_output_for_mask=self.zero_output_for_mask,
            )
        else:
            output, states = self._loop(sequences, states, training, mask)
        return (output, *states) if self.return_state else output

    def _loop(self, sequences, states, training, mask=None):
        steps = _unstack(sequences, axis=1)
        masks = [None] * len(steps) if mask is None else _unstack(_cast(mask, "bool"), axis=1)
        if self.go_backwards:
            steps, masks = steps[::-1], masks[::-1]
        outputs, previous = [], None
        for x, step_mask in zip(steps, masks, strict=True):
            output, new_states = self.cell(x, states, training=training)
            new_states = list(new_states) if isinstance(new_states, (list, tuple)) else [new_states]
            if step_mask is not None:  # a masked step keeps the states and the previous output
                m = _expand_dims(step_mask, -1)
                if previous is None or self.zero_output_for_mask:
                    previous = _zeros_like(output)
                output = _where(m, output, previous)
                new_states = [_where(m, n, o) for n, o in zip(new_states, states, strict=True)]
            states, previous = new_states, output
            outputs.append(output)
        return (_stack(outputs, axis=1) if self.return_sequences else outputs[-1]), states

    def compute_mask(self, inputs, mask):
        """The input's time mask for every step's output (``return_sequences``), else None."""
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None] * len(self._state_sizes())
        return output_mask

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        batch, time = tuple(sequences_shape)[:2]
        sizes = self._state_sizes()
        output = (batch, time, sizes[0]) if self.return_sequences else (batch, sizes[0])
        if self.return_state:
            return (output, *((batch, s) for s in sizes))
        return output

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "return_sequences": self.return_sequences,
            "return_state": self.return_state,
            "go_backwards": self.go_backwards,
            "stateful": self.stateful,
            "unroll": self.unroll,
            "zero_output_for_mask": self.zero_output_for_mask,
        }


class _CellRNN(RNN):
    """SimpleRNN, LSTM and GRU: the cell is made from the layer's arguments and named after it."""

    cell_class: type  # each subclass names its cell class and the cell's name
    cell_name: str

    def __init__(
        self,
        units,
        *,
        return_sequences=False,
        return_state=False,
        go_backwards=False,
        stateful=False,
        unroll=False,
        zero_output_for_mask=False,
        activity_regularizer=None,
        use_cudnn="auto",
        **kwargs,
    ):
        layer_kwargs = {
            k: kwargs.pop(k) for k in ("name", "input_shape", "input_dim", "autocast") if k in kwargs
        }
        dtype, trainable = kwargs.pop("dtype", None), kwargs.pop("trainable", True)
        cell = self.cell_class(units, dtype=dtype, trainable=trainable, name=self.cell_name, **kwargs)
        super().__init__(
            cell,
            return_sequences=return_sequences,
            return_state=return_state,
            go_backwards=go_backwards,
            stateful=stateful,
            unroll=unroll,
            zero_output_for_mask=zero_output_for_mask,
            dtype=dtype,
            trainable=trainable,
            activity_regularizer=activity_regularizer,
            **layer_kwargs,
        )

    @property
    def units(self) -> int:
        return self.cell.units

    def get_config(self) -> dict:
        cell = {k: v for k, v in self.cell.get_config().items() if k not in ("name", "trainable", "dtype")}
        return {
            **super().get_config(),
            **cell,
            "activity_regularizer": regularizers.serialize(self.activity_regularizer),
        }
