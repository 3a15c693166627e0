"""The ``Softmax`` layer: masked positions get ``-1e9`` (``-3e4`` in float16) and come out 0."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ...backend.core import convert_to_tensor
from ...backend.layer_op import Op, run_op
from .elementwise import ElementwiseLayer


def _softmax(x, *mask, axis):
    if not mask:
        return jax.nn.softmax(x, axis=axis)
    (mask,) = mask
    if mask.dtype != jnp.bool_:
        mask = mask > jnp.asarray(0.5, mask.dtype)
    x = jnp.where(mask, x, jnp.asarray(-3e4 if x.dtype == jnp.float16 else -1e9, x.dtype))
    return jnp.where(mask, jax.nn.softmax(x, axis=axis), jnp.zeros((), x.dtype))


_SOFTMAX = Op("Softmax", _softmax)


class Softmax(ElementwiseLayer):
    """Softmax over ``axis`` (an int or a list of ints); ``mask`` (True or > 0.5 keeps a
    position) sets the other logits to -1e9 and their outputs to 0.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.Softmax()(tf.constant([1.0, 1.0])))
    tf.Tensor([0.5 0.5], shape=(2,), dtype=float32)
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs, mask=None):
        axis = tuple(self.axis) if isinstance(self.axis, (list, tuple)) else self.axis
        if mask is None:
            return run_op(_SOFTMAX, inputs, axis=axis)
        mask = self._convert_mask(mask, inputs)
        return run_op(_SOFTMAX, inputs, mask, axis=axis)

    @staticmethod
    def _convert_mask(mask, inputs):
        mask = convert_to_tensor(mask)
        m_shape, i_shape = tuple(mask.shape), tuple(inputs.shape)
        if len(m_shape) > len(i_shape):
            raise ValueError(
                "The `mask` must be broadcastable to `inputs` and must not have more "
                f"dimensions. Received: inputs.shape={i_shape}, mask.shape={m_shape}"
            )
        for m, i in zip(m_shape[::-1], i_shape[::-1], strict=False):
            if m not in (1, i):
                raise ValueError(
                    "The `mask` must be broadcastable to `inputs`. Each mask dimension must "
                    "be 1 or match the corresponding input dimension. Received: "
                    f"inputs.shape={i_shape}, mask.shape={m_shape}"
                )
        return mask

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}
