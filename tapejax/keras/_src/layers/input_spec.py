"""Keras' checks of a layer's input (InputSpec) and of options tapejax does not implement."""

from __future__ import annotations

from ..backend import core as backend


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
