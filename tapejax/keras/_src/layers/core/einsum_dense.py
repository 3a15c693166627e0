"""EinsumDense: ``activation(einsum(equation, inputs, kernel) + bias)`` (Keras 3's)."""

from __future__ import annotations

import re

from ...activations import activations
from ...backend.ops import einsum as _einsum
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ..layer import Layer


class EinsumDense(Layer):
    """A dense layer whose product is an einsum: the kernel's shape follows from ``equation``.

    Args:
      equation: ``'ab,bc->ac'`` style, the input first, the kernel second; ``...`` on the left
        of both input and output (or on the right) stands for axes passed through.
      output_shape: the output's shape without the batch axis (``None`` entries: the input's).
      activation: a name, a callable or None.
      bias_axes: the output letters a bias is added along (``None``: no bias).
      kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
      kernel_constraint, bias_constraint: as for ``Dense``.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.EinsumDense('abc,cd->abd', output_shape=(None, 4), bias_axes='d')
    >>> layer(tf.ones([2, 3, 5])).shape, layer.kernel.shape, layer.bias.shape
    (TensorShape([2, 3, 4]), TensorShape([5, 4]), TensorShape([4]))
    """

    def __init__(
        self,
        equation,
        output_shape,
        activation=None,
        bias_axes=None,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        for key in ("lora_rank", "lora_alpha", "gptq_unpacked_column_size", "quantization_config"):
            kwargs.pop(key, None)  # Keras 3 options tapejax leaves at their defaults
        super().__init__(**kwargs)
        self.equation = equation
        self.partial_output_shape = (output_shape,) if isinstance(output_shape, int) else tuple(output_shape)
        self.bias_axes = bias_axes
        self.activation = activations.get(activation)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self._kernel = self.bias = None

    @property
    def kernel(self):
        if self._kernel is None:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def build(self, input_shape) -> None:
        kernel_shape, bias_shape, _ = analyze_einsum_string(
            self.equation, self.bias_axes, tuple(input_shape), self.partial_output_shape
        )
        self._kernel = self.add_weight(
            name="kernel",
            shape=tuple(kernel_shape),
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.bias = None
        if bias_shape is not None:
            self.bias = self.add_weight(
                name="bias",
                shape=tuple(bias_shape),
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.built = True

    def compute_output_shape(self, input_shape):
        return tuple(
            analyze_einsum_string(
                self.equation, self.bias_axes, tuple(input_shape), self.partial_output_shape
            )[2]
        )

    def call(self, inputs, training=None):
        x = _einsum(self.equation, inputs, self.kernel)
        if self.bias is not None:
            x = x + self.bias
        # Keras 3 calls the activation only when set: `layer.activation = None` on a built layer.
        return x if self.activation is None else self.activation(x)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "output_shape": self.partial_output_shape,
            "equation": self.equation,
            "activation": activations.serialize(self.activation),
            "bias_axes": self.bias_axes,
            "kernel_initializer": initializers.serialize(self.kernel_initializer),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "kernel_regularizer": regularizers.serialize(self.kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
            "kernel_constraint": constraints.serialize(self.kernel_constraint),
            "bias_constraint": constraints.serialize(self.bias_constraint),
        }


def analyze_einsum_string(equation, bias_axes, input_shape, output_shape):
    """Keras' ``_analyze_einsum_string``: ``(kernel shape, bias shape, full output shape)``."""
    dotted = re.sub(r"\.\.\.", "0", equation)
    for pattern, left_elided in (
        ("([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)", False),
        ("0([a-zA-Z]+),([a-zA-Z]+)->0([a-zA-Z]+)", True),
        ("([a-zA-Z]{2,})0,([a-zA-Z]+)->([a-zA-Z]+)0", False),
    ):
        split = re.match(pattern, dotted)
        if split:
            return _analyze_split_string(*split.groups(), bias_axes, input_shape, output_shape, left_elided)
    raise ValueError(
        f"Invalid einsum equation '{equation}'. Equations must be in the form [X],[Y]->[Z], "
        "...[X],[Y]->...[Z], or [X]...,[Y]->[Z]...."
    )


def _analyze_split_string(
    input_spec, weight_spec, output_spec, bias_axes, input_shape, output_shape, left_elided
):
    elided = len(input_shape) - len(input_spec)
    output_shape = [input_shape[0], *output_shape]
    if elided > 0 and left_elided:
        for i in range(1, elided):
            output_shape.insert(1, input_shape[i])
    elif elided > 0:
        output_shape.extend(input_shape[len(input_shape) - elided :])
    shift = elided if left_elided else 0
    input_dim_map = {
        dim: i + shift - (len(input_shape) if left_elided else 0) for i, dim in enumerate(input_spec)
    }
    output_dim_map = {dim: i + shift for i, dim in enumerate(output_spec)}
    for dim in input_spec:
        if dim in output_dim_map:
            out = output_shape[output_dim_map[dim]]
            if out is not None and out != input_shape[input_dim_map[dim]]:
                raise ValueError(
                    f"Input shape and output shape do not match at shared dimension '{dim}'. Input "
                    f"shape is {input_shape[input_dim_map[dim]]}, and output shape is {out}."
                )
    for dim in output_spec:
        if dim not in input_spec and dim not in weight_spec:
            raise ValueError(
                f"Dimension '{dim}' was specified in the output '{output_spec}' but has no "
                f"corresponding dim in the input spec '{input_spec}' or weight spec '{output_spec}'"
            )
    weight_shape = []
    for dim in weight_spec:
        if dim in output_dim_map:
            weight_shape.append(output_shape[output_dim_map[dim]])
        elif dim in input_dim_map:
            weight_shape.append(input_shape[input_dim_map[dim]])
        else:
            raise ValueError(
                f"Weight dimension '{dim}' did not have a match in either the input spec "
                f"'{input_spec}' or the output spec '{output_spec}'. For this layer, the weight "
                "must be fully specified."
            )
    bias_shape = None
    if bias_axes is not None:
        sizes = {char: output_shape[i + shift] for i, char in enumerate(output_spec)}
        for char in bias_axes:
            if char not in output_spec:
                raise ValueError(
                    f"Bias dimension '{char}' was requested, but is not part of the output spec "
                    f"'{output_spec}'"
                )
        first = min(output_spec.find(char) for char in bias_axes)
        bias_shape = [sizes[char] if char in bias_axes else 1 for char in output_spec[first:]]
        if not left_elided:
            bias_shape.extend([1] * elided)
    return weight_shape, bias_shape, output_shape
