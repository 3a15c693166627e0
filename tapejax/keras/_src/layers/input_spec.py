"""Keras' checks of a layer's input (InputSpec) and of options tapejax does not implement."""

from __future__ import annotations

from ..backend import core as backend
from ..backend.common import dtypes as _dtypes


def check_input_spec(layer, inputs, *, ndim=None, min_ndim=None, axes=None) -> None:
    """Keras' InputSpec check: the same errors (ValueError) with the same wording."""
    shape = backend.shape_of(inputs)
    prefix = f"Input 0 of layer '{layer.name}' is incompatible with the layer:"
    if ndim is not None and len(shape) != ndim:
        raise ValueError(
            f"{prefix} expected ndim={ndim}, found ndim={len(shape)}. Full shape received: {shape}"
        )
    if min_ndim is not None and len(shape) < min_ndim:
        raise ValueError(
            f"{prefix} expected min_ndim={min_ndim}, found ndim={len(shape)}. Full shape received: {shape}"
        )
    for axis, value in (axes or {}).items():
        if shape[axis] != value:
            raise ValueError(
                f"{prefix} expected axis {axis} of input shape to have value {value}, but "
                f"received input with shape {shape}. A built layer keeps the input size "
                "it was built for; use a new layer for inputs of another size."
            )


def check_unsupported(layer, **options) -> None:
    """Raises NotImplementedError for a Keras option tapejax does not implement, when it is set."""
    for key, value in options.items():
        if value is not None and value is not False:
            raise NotImplementedError(
                f"{type(layer).__name__}: `{key}` is not supported by tapejax.keras; leave it unset "
                "and apply it in your own training step."
            )


class InputSpec:
    """Keras 3's ``InputSpec``: what a layer's input must be (dtype, shape, rank, axis sizes).

    >>> import tapejax as tf
    >>> spec = tf.keras.layers.InputSpec(shape=(None, 3), axes={-1: 3})
    >>> spec, spec.ndim
    (InputSpec(shape=(None, 3), ndim=2, axes={-1: 3}), 2)
    """

    def __init__(
        self,
        dtype=None,
        shape=None,
        ndim=None,
        max_ndim=None,
        min_ndim=None,
        axes=None,
        allow_last_axis_squeeze=False,
        name=None,
        optional=False,
    ):
        self.dtype = None if dtype is None else _dtypes.standardize_dtype(dtype)
        self.shape = None if shape is None else tuple(None if d is None else int(d) for d in shape)
        self.ndim = ndim if shape is None else len(shape)
        self.max_ndim, self.min_ndim = max_ndim, min_ndim
        self.name, self.optional = name, optional
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        try:
            axes = axes or {}
            self.axes = {int(k): axes[k] for k in axes}
        except (ValueError, TypeError):
            raise TypeError(
                f"Argument `axes` must be a dict with integer keys. Received: axes={axes}"
            ) from None
        if self.axes and (self.ndim is not None or self.max_ndim is not None):
            max_dim = (self.ndim if self.ndim else self.max_ndim) - 1
            if max(self.axes) > max_dim:
                raise ValueError(
                    f"Axis {max(self.axes)} is greater than the maximum allowed value: {max_dim}"
                )

    def __repr__(self) -> str:
        fields = ("dtype", "shape", "ndim", "max_ndim", "min_ndim", "axes")
        spec = [f"{f}={getattr(self, f)}" for f in fields if getattr(self, f)]
        return f"InputSpec({', '.join(spec)})"

    def get_config(self) -> dict:
        return {
            "dtype": self.dtype,
            "shape": self.shape,
            "ndim": self.ndim,
            "max_ndim": self.max_ndim,
            "min_ndim": self.min_ndim,
            "axes": self.axes,
            "optional": self.optional,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)
