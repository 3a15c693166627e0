"""KerasVariable: the Variable a Keras layer creates with ``add_weight``."""

from __future__ import annotations

from ...._core.recording.variable import Variable
from .core import is_symbolic, value


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

    __slots__ = ("_path", "regularizer", "constraint")

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

    def __repr__(self) -> str:
        # Keras leaves the value out when there is none to show (here: while being traced).
        shown = "" if is_symbolic(value(self)) else f", value={self.numpy()}"
        return f"<Variable path={self.path}, shape={self.shape}, dtype={self.dtype.name}{shown}>"

    __str__ = __repr__


# ``type(layer.kernel).__name__`` is Keras 3's class name, as under TF 2.21.
KerasVariable.__name__ = "Variable"
