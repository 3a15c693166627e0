"""KerasVariable: the Variable a Keras layer creates with ``add_weight``, and the autocast
scope in which its reads are cast to a mixed-precision layer's compute dtype."""

from __future__ import annotations

import threading

from ...._core.recording.variable import Variable
from ...._ops.array_ops import cast
from .core import is_symbolic, value


class _Autocast(threading.local):
    dtype = None  # the compute dtype reads are cast to, inside a mixed-precision layer's call


_autocast = _Autocast()


class AutocastScope:
    """Within it, reads of floating KerasVariables (with ``autocast``) give ``dtype`` tensors,
    as Keras 3's ``AutocastScope``: a float16 layer computes with float32 weights read as
    float16, and their gradients come back float32 through the recorded cast. None: no casting.
    """

    def __init__(self, dtype):
        self.dtype = dtype

    def __enter__(self):
        self.outer, _autocast.dtype = _autocast.dtype, self.dtype

    def __exit__(self, *exc):
        _autocast.dtype = self.outer


class KerasVariable(Variable):
    """A tapejax Variable with Keras 3's naming: ``name`` is short, ``path`` is scoped.

    It is a full ``tapejax.Variable`` (tapes watch it, ``assign`` works, ``shape`` is a
    TensorShape as with TensorFlow's Keras), printed the way Keras 3 prints its variables.
    ``trainable`` is settable, as in Keras; a layer sets it when its ``trainable`` changes.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.Dense(2, name='head')
    >>> layer.build((None, 3))
    >>> layer.bias
    <Variable path=head/bias, shape=(2,), dtype=float32, value=[0. 0.]>
    >>> layer.bias.name, layer.bias.path
    ('bias', 'head/bias')
    """

    __slots__ = ("_path", "regularizer", "constraint", "autocast")

    def __init__(
        self,
        initial_value,
        trainable: bool = True,
        name: str = "variable",
        path: str | None = None,
        dtype=None,
    ):
        super().__init__(initial_value, trainable=trainable, name=name, dtype=dtype)
        self._name, self._path = name, path or name  # Keras 3's names ignore tf.name_scope
        # Set by ``Layer.add_weight``: the penalty ``layer.losses`` computes from this weight, and
        # the projection an optimizer applies after updating it (as Keras 3's variables hold them).
        self.regularizer = self.constraint = None
        self.autocast = True  # read in the compute dtype inside an AutocastScope (Keras' default)

    @property
    def name(self) -> str:
        return self._name

    @property
    def path(self) -> str:
        """``'<layer name>/<variable name>'``, nested under the layers being called when built."""
        return self._path

    @property
    def trainable(self) -> bool:
        return self._trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self._trainable = bool(value)

    def _as_tensor(self):
        tensor = super()._as_tensor()
        dtype = _autocast.dtype
        if dtype is not None and self.autocast and tensor.dtype.is_floating and tensor.dtype.name != dtype:
            return cast(tensor, dtype)
        return tensor

    def __repr__(self) -> str:
        # Keras leaves the value out when there is none to show (here: while being traced).
        shown = "" if is_symbolic(value(self)) else f", value={self.numpy()}"
        return f"<Variable path={self.path}, shape={self.shape}, dtype={self.dtype.name}{shown}>"

    __str__ = __repr__


# ``type(layer.kernel).__name__`` is Keras 3's class name, as under TF 2.21.
KerasVariable.__name__ = "Variable"
