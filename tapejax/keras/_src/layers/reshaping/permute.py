"""The ``Permute`` layer: the non-batch axes transposed."""

from __future__ import annotations

import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from .ndim_layer import _NdimLayer

_TRANSPOSE = Op("Transpose", lambda x, *, perm: jnp.transpose(x, perm))


class Permute(_NdimLayer):
    """Permutes the axes after the batch axis: ``dims`` is a permutation of ``1..rank-1``.

    >>> import tapejax as tf
    >>> tf.keras.layers.Permute((2, 1))(tf.ones([4, 2, 3])).shape
    TensorShape([4, 3, 2])
    """

    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(dims) != list(range(1, len(dims) + 1)):
            raise ValueError(
                "Invalid permutation argument `dims` for Permute Layer. The set of indices in "
                f"`dims` must be consecutive and start from 1. Received dims={dims}"
            )
        self.ndim = len(self.dims) + 1

    def call(self, inputs):
        return run_op(_TRANSPOSE, inputs, perm=(0, *self.dims))

    def compute_output_shape(self, input_shape):
        return (input_shape[0], *(input_shape[d] for d in self.dims))

    def get_config(self) -> dict:
        return {**super().get_config(), "dims": self.dims}
