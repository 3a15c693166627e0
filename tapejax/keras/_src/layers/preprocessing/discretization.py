"""Discretization: floats bucketed by boundaries, given or learned by ``adapt`` (Keras'
approximate quantiles: a summary of sorted values, merged and compressed per batch)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ...backend.layer_op import Op, run_op
from ..layer import Layer
from .adapt_data import batches
from .encoding import OUTPUT_MODES, encode_categorical_inputs, encoded_shape

_DIGITIZE = Op(
    "Bucketize", lambda x, *, boundaries: jnp.digitize(x, jnp.asarray(boundaries, x.dtype)).astype(jnp.int32)
)


def summarize(values, epsilon: float) -> np.ndarray:
    """Every ``len / (1 / epsilon)``-th sorted value, weighted by the step (Keras' summary)."""
    values = np.sort(np.reshape(values, [-1]))
    step = max(values.size / (1.0 / epsilon), 1)
    boundaries = values[int(step - 1) :: int(step)]
    return np.stack([boundaries, np.ones_like(boundaries) * step])


def compress_summary(summary: np.ndarray, epsilon: float) -> np.ndarray:
    """The summary interpolated at cumulative-weight fractions ``epsilon, 2 epsilon, ...``."""
    if summary.shape[1] * epsilon < 1:
        return summary
    percents = epsilon + np.arange(0.0, 1.0, epsilon)
    cum = summary[1].cumsum()
    fractions = cum / cum[-1]
    bins = np.interp(percents, fractions, summary[0])
    cum = np.interp(percents, fractions, cum)
    weights = cum - np.concatenate((np.array([0]), cum[:-1]))
    return np.stack((bins, weights)).astype("float32")


class Discretization(Layer):
    """Maps each value to the index of its bucket: ``i`` such that
    ``bin_boundaries[i-1] <= x < bin_boundaries[i]`` (``output_mode='int'``), or that index
    encoded (``'one_hot'``, ``'multi_hot'``, ``'count'``). With ``num_bins`` instead of
    boundaries, :meth:`adapt` finds approximate quantiles (tolerance ``epsilon``).

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.Discretization(bin_boundaries=[0.0, 1.0, 2.0])
    >>> layer(tf.constant([[-1.5, 1.0, 3.4, 0.5]])).numpy()
    array([[0, 2, 3, 1]], dtype=int32)
    """

    def __init__(
        self,
        bin_boundaries=None,
        num_bins=None,
        epsilon=0.01,
        output_mode="int",
        sparse=False,
        dtype=None,
        name=None,
    ):
        super().__init__(name=name, dtype=dtype)
        if sparse and output_mode == "int":
            raise ValueError(
                "`sparse=True` may only be used if `output_mode` is `'one_hot'`, `'multi_hot'`, or "
                f"`'count'`. Received: sparse={sparse} and output_mode={output_mode}"
            )
        if output_mode not in OUTPUT_MODES:
            raise ValueError(
                f"Unknown value for `output_mode`. Allowed values are: {OUTPUT_MODES}. "
                f"Received: output_mode={output_mode}"
            )
        if num_bins is not None and num_bins < 0:
            raise ValueError(
                f"`num_bins` must be greater than or equal to 0. Received: `num_bins={num_bins}`"
            )
        if num_bins is not None and bin_boundaries is not None:
            raise ValueError(
                "Both `num_bins` and `bin_boundaries` should not be set. Received: "
                f"`num_bins={num_bins}` and `bin_boundaries={bin_boundaries}`"
            )
        if num_bins is None and bin_boundaries is None:
            raise ValueError("You need to set either `num_bins` or `bin_boundaries`.")
        self.bin_boundaries, self.num_bins, self.epsilon = bin_boundaries, num_bins, epsilon
        self.output_mode, self.sparse = output_mode, sparse
        self.summary = None if bin_boundaries else np.array([[], []], dtype="float32")
        self.built = True

    @property
    def output_dtype(self) -> str:
        return self.compute_dtype if self.output_mode != "int" else "int32"

    def adapt(self, data, steps=None) -> None:
        """Sets ``bin_boundaries`` to ``num_bins`` approximate quantiles of ``data``."""
        if self.num_bins is None:
            raise ValueError(
                "Cannot adapt a Discretization layer that has been initialized with "
                "`bin_boundaries`, use `num_bins` instead."
            )
        self.summary = np.array([[], []], dtype="float32")
        _, parts = batches(data)
        for i, batch in enumerate(parts):
            if steps is not None and i >= steps:
                break
            merged = np.concatenate(
                (summarize(np.asarray(batch, "float32"), self.epsilon), self.summary), axis=1
            )
            merged = np.take(merged, np.argsort(merged[0]), axis=1)
            self.summary = compress_summary(merged, self.epsilon)
        self.bin_boundaries = compress_summary(self.summary, 1.0 / self.num_bins)[0, :-1].tolist()

    def call(self, inputs):
        if self.bin_boundaries is None:
            raise ValueError(
                "You need to either pass the `bin_boundaries` argument at construction time or call "
                "`adapt(dataset)` before you can start using the `Discretization` layer."
            )
        boundaries = tuple(float(b) for b in self.bin_boundaries)
        indices = run_op(_DIGITIZE, inputs, boundaries=boundaries)
        return encode_categorical_inputs(indices, self.output_mode, len(boundaries) + 1, self.output_dtype)

    def compute_output_shape(self, input_shape):
        depth = len(self.bin_boundaries) + 1 if self.bin_boundaries is not None else self.num_bins
        return encoded_shape(input_shape, self.output_mode, depth)

    def get_config(self) -> dict:
        return {
            "bin_boundaries": self.bin_boundaries,
            "num_bins": self.num_bins,
            "epsilon": self.epsilon,
            "output_mode": self.output_mode,
            "sparse": self.sparse,
            "name": self.name,
            "dtype": self.dtype,
        }

    @classmethod
    def from_config(cls, config: dict):
        config = dict(config)
        if config.get("bin_boundaries") is not None and config.get("num_bins") is not None:
            boundaries = config.pop("bin_boundaries")
            layer = cls(**config)
            layer.bin_boundaries = boundaries
            return layer
        return cls(**config)
