"""``tf.keras.Input`` and ``InputLayer``: where a functional model's graph starts."""

from __future__ import annotations

from ...backend.common.dtypes import standardize_dtype
from ...backend.keras_tensor import KerasTensor, Node
from ..layer import Layer


class InputLayer(Layer):
    """The layer behind ``tf.keras.Input``: it holds the input KerasTensor and has no weights.

    Args:
      shape: the shape of one sample (without the batch dimension).
      batch_size: the batch dimension, if fixed (None by default).
      dtype: the input's dtype (``'float32'`` by default).
      batch_shape: the full shape, batch dimension included (instead of ``shape``).
      name: the layer's (and the tensor's) name; ``input_layer``, ``input_layer_1``... by default.
    """

    def __init__(
        self,
        shape=None,
        batch_size=None,
        dtype=None,
        batch_shape=None,
        name=None,
        sparse=None,
        ragged=None,
        **kwargs,
    ):
        super().__init__(name=name, **kwargs)
        # As Keras: the input's own dtype (any dtype, 'int8' too), not a dtype policy.
        self._input_dtype = standardize_dtype(getattr(dtype, "name", dtype))
        if sparse or ragged:
            raise NotImplementedError(
                "tf.keras.Input: sparse and ragged inputs are not supported by tapejax.keras."
            )
        if shape is not None and batch_shape is not None:
            raise ValueError("You cannot pass both `shape` and `batch_shape` at the same time.")
        if shape is None and batch_shape is None:
            raise ValueError("You must pass a `shape` argument.")
        if batch_shape is None:
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            batch_shape = (batch_size, *shape)
        self._batch_shape = tuple(batch_shape)
        self.built = True
        self.output = KerasTensor(self._batch_shape, self.dtype, self.name)
        node = Node(self, ((),), {}, [self.output])
        node.is_input = True
        self.output._keras_history = (node, 0)

    @property
    def dtype(self) -> str:
        return self._input_dtype

    @property
    def batch_shape(self) -> tuple:
        return self._batch_shape

    def call(self, inputs):
        return inputs

    def get_config(self) -> dict:
        return {
            "batch_shape": list(self._batch_shape),
            "dtype": self.dtype,
            "sparse": False,
            "ragged": False,
            "name": self.name,
            "optional": False,
        }


def Input(
    shape=None,
    batch_size=None,
    dtype=None,
    batch_shape=None,
    name=None,
    sparse=None,
    ragged=None,
    tensor=None,
    optional=False,
):
    """A symbolic input of a functional model (``tf.keras.Input``): a KerasTensor.

    Args:
      shape: the shape of one sample, without the batch dimension (``(3,)``).
      batch_size: a fixed batch size (None: any).
      dtype: its dtype, ``'float32'`` by default.
      batch_shape: the full shape with the batch dimension, instead of ``shape``.
      name: its name (and its InputLayer's).

    >>> import tapejax as tf
    >>> x = tf.keras.Input(shape=(4,), name='features')
    >>> y = tf.keras.layers.Dense(2, name='head')(x)
    >>> y.shape
    (None, 2)
    """
    if tensor is not None or optional:
        raise NotImplementedError(
            "tf.keras.Input: `tensor` and `optional` are not supported by tapejax.keras."
        )
    layer = InputLayer(
        shape=shape,
        batch_size=batch_size,
        dtype=dtype,
        batch_shape=batch_shape,
        name=name,
        sparse=sparse,
        ragged=ragged,
    )
    return layer.output
