"""Layer: the Keras 3 base layer (weights built on first call, tracked sub-layers, ``training``).

A Layer is also a ``tapejax.Module``, so a Module that holds layers finds their weights.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterator

import jax
import numpy as np

from ..backend.api import Module
from ..backend.core import TensorLike, convert_to_tensor, get_keras_mask, set_keras_mask
from ..backend.core import dtype as _dtypes
from ..backend.keras_tensor import KerasTensor, has_keras_tensor, symbolic_call
from ..backend.ops import cast as _cast
from ..backend.variables import AutocastScope, KerasVariable
from ..constraints import constraints
from ..dtype_policies import lookup as dtype_policies
from ..initializers import lookup as initializers
from ..regularizers import regularizers
from ..utils.naming import auto_name
from .call_context import _bind_training, _scope, _state
from .layer_losses import LayerLosses
from .layer_masks import populate_masks, set_output_masks


class Layer(LayerLosses, Module):
    """Base class of Keras layers (``tf.keras.layers.Layer``), as in Keras 3.

    Subclasses create weights with :meth:`add_weight` in ``build(input_shape)``, which runs on
    the first call with the first input's shape, and compute in ``call(inputs, ...)``.
    A ``training`` argument given to a call is passed on to ``call`` when it accepts one, and
    to the layers called inside it that are not given one. It may also be given by position
    (Keras 2 allowed it; Keras 3 raises).

    A Layer is also a ``tapejax.Module``: a Module holding layers lists their weights (in
    TensorFlow 2.16+, Keras 3 layers are not ``tf.Module``s and a ``tf.Module`` misses them).

    Args:
      trainable: whether the layer's trainable weights are trained (and watched by tapes).
      dtype: a dtype or a dtype policy (``'mixed_float16'``: weights in float32, computation in
        float16); the global policy by default (``keras.config.set_dtype_policy``). Floating
        inputs are cast to the compute dtype.
      autocast: whether to cast floating inputs and weight reads to the compute dtype.
      name: the layer's name; by default the class name in snake case, made unique.

    >>> import tapejax as tf
    >>> class Scale(tf.keras.layers.Layer):
    ...   def build(self, input_shape):
    ...     self.w = self.add_weight(shape=(input_shape[-1],), initializer='ones', name='w')
    ...   def call(self, x):
    ...     return x * self.w
    >>> layer = Scale(name='scale')
    >>> print(layer(tf.constant([[1.0, 2.0]])))
    tf.Tensor([[1. 2.]], shape=(1, 2), dtype=float32)
    >>> [w.path for w in layer.weights]
    ['scale/w']
    """

    _keras_module = "keras.layers"  # the module a .keras file names (serialize)

    def __init__(
        self,
        *,
        activity_regularizer=None,
        trainable: bool = True,
        dtype=None,
        autocast: bool = True,
        name: str | None = None,
        **kwargs,
    ):
        input_shape, input_dim = kwargs.pop("input_shape", None), kwargs.pop("input_dim", None)
        if input_shape is not None or input_dim is not None:
            warnings.warn(
                "Do not pass an `input_shape`/`input_dim` argument to a layer. When using "
                "Sequential models, prefer using an `Input(shape)` object as the first layer "
                "in the model instead.",
                stacklevel=2,
            )
        # What Sequential builds its first layer for, as Keras 3 keeps it.
        self._input_shape_arg = (
            tuple(input_shape)
            if input_shape is not None
            else ((input_dim,) if input_dim is not None else None)
        )
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to {type(self).__name__}: {kwargs}")
        self.activity_regularizer = regularizers.get(activity_regularizer)
        self._losses: list = []
        if not isinstance(trainable, bool):
            raise ValueError(
                f"Expected `trainable` to be a boolean. Received: trainable={trainable} "
                f"(of type {type(trainable)})"
            )
        if name is not None and (not isinstance(name, str) or "/" in name):
            raise ValueError(
                "Argument `name` must be a string and cannot contain character `/`. "
                f"Received: name={name} (of type {type(name)})"
            )
        # Not Module.__init__: Keras layer names need not be Python identifiers.
        self._name = name or auto_name(type(self).__name__)
        self._trainable = trainable
        self.dtype_policy = dtype_policies.get(dtype)  # also a serialized policy (get_config)
        self.autocast = autocast
        self.built = False
        self._trainable_variables: list = []
        self._non_trainable_variables: list = []

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # As Keras: a subclass's ``build`` marks the layer built, also when called directly.
        if "build" in vars(cls):
            cls.build = _marks_built(vars(cls)["build"])

    # -- dtypes ---------------------------------------------------------------------------
    @property
    def dtype_policy(self):
        """The layer's ``DTypePolicy``: its variable and compute dtypes."""
        return self._dtype_policy

    @dtype_policy.setter
    def dtype_policy(self, policy) -> None:
        policy = dtype_policies.get(policy)
        if policy.quantization_mode is not None:
            raise NotImplementedError(
                f"Layer {self.name}: quantized dtype policies ({policy.name}) are not supported "
                "by tapejax's Keras; use a float policy ('float32', 'mixed_float16', ...)."
            )
        self._dtype_policy = policy
        self._compute = _dtypes.as_dtype(policy.compute_dtype)  # what inputs are cast to
        self._variable = _dtypes.as_dtype(policy.variable_dtype)

    @property
    def dtype(self) -> str:
        """The dtype of the layer's weights, as a string (``'float32'``), as Keras 3."""
        return self._variable.name

    variable_dtype = dtype

    @property
    def compute_dtype(self) -> str:
        """The dtype the layer computes in (``'float16'`` under ``'mixed_float16'``)."""
        return self._compute.name

    # -- weights --------------------------------------------------------------------------
    def add_weight(
        self,
        *args,
        shape=None,
        initializer=None,
        dtype=None,
        trainable: bool = True,
        autocast: bool = True,
        regularizer=None,
        constraint=None,
        aggregation="none",
        overwrite_with_gradient: bool = False,
        name: str | None = None,
    ) -> KerasVariable:
        """Creates a weight of this layer, tracked in :attr:`weights` (``Layer.add_weight``).

        Args:
          *args: the legacy positional ``shape, initializer, dtype``.
          shape: the weight's shape (``()`` by default).
          initializer: a name (``'zeros'``), an initializer object or a callable
            ``f(shape, dtype)``; ``'glorot_uniform'`` by default for float weights.
          dtype: the weight's dtype; the layer's dtype by default.
          trainable: whether it is trainable (returned by :attr:`trainable_weights`).
          regularizer: a penalty of the weight, listed in :attr:`losses` (``'l2'``, an object).
          constraint: a projection optimizers apply after each update (``'non_neg'``, an object).
          name: its name; its ``path`` is ``'<layer name>/<name>'``.
        """
        shape, initializer, dtype = _legacy_weight_args(args, shape, initializer, dtype)
        regularizer, constraint = regularizers.get(regularizer), constraints.get(constraint)
        dtype = self._variable if dtype is None else _dtypes.as_dtype(dtype)
        if initializer is None:
            initializer = "glorot_uniform" if dtype.is_floating else "zeros"
        # A callable initial value runs as in TF's init_scope: a weight built while
        # tapejax.function traces gets a concrete value (random initializers draw eagerly).
        init = initializers.get(initializer)
        value = functools.partial(init, tuple(shape), dtype=dtype.name)
        name = name or "variable"
        with _scope(self):
            path = "/".join([scope for scope, _ in _state.scopes] + [name])
        variable = KerasVariable(value, trainable=trainable, name=name, path=path, dtype=dtype)
        if tuple(variable.shape) != tuple(shape):
            raise ValueError(
                f"Layer.add_weight: the initializer of {name!r} returned shape "
                f"{variable.shape}, expected {tuple(shape)}."
            )
        variable.regularizer, variable.constraint, variable.autocast = regularizer, constraint, autocast
        (self._trainable_variables if trainable else self._non_trainable_variables).append(variable)
        if not self.trainable:  # Keras' _track_variable: a frozen layer's new weights are frozen
            variable.trainable = False
        return variable

    @property
    def weights(self) -> list:
        """Own weights (trainable first, in creation order), then each sub-layer's, as Keras."""
        found = self._trainable_variables + self._non_trainable_variables
        for layer in self._layers:
            found += layer.weights
        return list({id(w): w for w in found}.values())

    @property
    def trainable_weights(self) -> list:
        return [w for w in self.weights if w.trainable] if self.trainable else []

    @property
    def non_trainable_weights(self) -> list:
        return [w for w in self.weights if not w.trainable] if self.trainable else self.weights

    variables = weights
    trainable_variables = trainable_weights
    non_trainable_variables = non_trainable_weights

    def get_weights(self) -> list:
        """The values of :attr:`weights`, as numpy arrays."""
        return [w.numpy() for w in self.weights]

    def set_weights(self, weights) -> None:
        """Assigns :attr:`weights` from a list of arrays of the same shapes."""
        own = self.weights
        if len(weights) != len(own):
            raise ValueError(
                f"You called `set_weights(weights)` on layer '{self.name}' with a weight "
                f"list of length {len(weights)}, but the layer was expecting {len(own)} "
                "weights."
            )
        for variable, value in zip(own, weights, strict=True):
            if tuple(np.shape(value)) != tuple(variable.shape):
                raise ValueError(
                    f"Layer {self.name} weight shape {variable.shape} is not compatible "
                    f"with provided weight shape {np.shape(value)}."
                )
            variable.assign(np.asarray(value, dtype=variable.dtype.as_numpy_dtype))

    def count_params(self) -> int:
        """The number of scalars in :attr:`weights`; the layer must be built."""
        if not self.built:
            raise ValueError(
                f"You tried to call `count_params` on layer '{self.name}', but the layer "
                "isn't built. You can build it manually via: `layer.build(input_shape)`."
            )
        return int(sum(w.shape.num_elements() for w in self.weights))

    @property
    def trainable(self) -> bool:
        """Settable: ``False`` freezes the layer's trainable weights and its sub-layers."""
        return self._trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self._trainable = bool(value)
        for variable in self._trainable_variables:
            variable.trainable = value
        for layer in self._layers:
            layer.trainable = value

    @property
    def _layers(self) -> list:
        """Layers held in attributes (also in lists, tuples, dicts), in assignment order."""
        found = {}
        for value in vars(self).values():
            if isinstance(value, Layer):  # the walk below, without a generator per attribute
                if value is not self:
                    found.setdefault(id(value), value)
            elif isinstance(value, (list, tuple, dict)) and value:
                for leaf in _layer_leaves(value):
                    if leaf is not self:
                        found.setdefault(id(leaf), leaf)
        return list(found.values())

    def _tf_attributes(self) -> list[tuple[str, object]]:
        # A Module holding this layer sees its weights in Keras' order, then its sub-layers.
        return [("weights", self.weights), ("layers", self._layers)]

    # -- calling ----------------------------------------------------------------------------
    def build(self, input_shape) -> None:
        """Creates the weights, given the shape of the first input (a tuple of ints)."""
        self.built = True

    def call(self, inputs, *args, **kwargs):
        return inputs

    def _check_input(self, inputs) -> None:
        """Raises ValueError when ``inputs`` cannot be used by this layer (Keras' InputSpec)."""

    def __call__(self, inputs, *args, **kwargs):
        if isinstance(inputs, KerasTensor) or (
            not isinstance(inputs, TensorLike) and has_keras_tensor((inputs, args, kwargs))
        ):
            return symbolic_call(self, inputs, args, kwargs)  # building a functional model
        if isinstance(inputs, TensorLike):
            inputs = self._convert_input(inputs)
        else:
            inputs = jax.tree_util.tree_map(self._convert_input, inputs, is_leaf=_is_input_leaf)
        args, kwargs, training = _bind_training(type(self), args, kwargs)
        kwargs, previous_mask = populate_masks(type(self), inputs, args, kwargs)
        if not _state.scopes:
            self._clear_losses()  # the outermost call starts afresh, as Keras
        with _scope(self, training):
            if not self.built:
                if isinstance(inputs, TensorLike):
                    self._check_input(inputs)
                self._build_input_shape = _shapes(inputs)  # what Model.summary() shows
                self.build(self._build_input_shape)
            if isinstance(inputs, TensorLike):
                self._check_input(inputs)
            mixed = self.autocast and self._compute is not self._variable
            with AutocastScope(self._compute.name if mixed else None):
                outputs = self.call(inputs, *args, **kwargs)
            if self.activity_regularizer is not None:
                self._add_activity_losses(outputs)
        set_output_masks(self, inputs, outputs, previous_mask)
        return outputs

    # -- masks -------------------------------------------------------------------------------
    _supports_masking = None  # None: whether the class defines its own compute_mask

    @property
    def supports_masking(self) -> bool:
        """Whether the layer attaches :meth:`compute_mask`'s mask to its outputs (settable)."""
        if self._supports_masking is None:
            return type(self).compute_mask is not Layer.compute_mask
        return self._supports_masking

    @supports_masking.setter
    def supports_masking(self, value: bool) -> None:
        self._supports_masking = bool(value)

    def compute_mask(self, inputs, previous_mask):
        """The outputs' mask: by default the input's (``previous_mask``), passed on unchanged."""
        return previous_mask

    def compute_output_shape(self, input_shape):
        """The output's shape for an input of ``input_shape`` (``None`` for unknown sizes)."""
        raise NotImplementedError(
            f"Layer {type(self).__name__} should implement `def compute_output_shape(input_shape)`."
        )

    def get_config(self) -> dict:
        """The layer's constructor arguments, as Keras 3 serializes them (``from_config`` inverts it)."""
        config = {
            "name": self.name,
            "trainable": self.trainable,
            "dtype": dtype_policies.serialize(self.dtype_policy),
        }
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = regularizers.serialize(self.activity_regularizer)
        return config

    @classmethod
    def from_config(cls, config: dict):
        """A new layer made from :meth:`get_config`'s dict."""
        return cls(**config)

    def _convert_input(self, x):
        if isinstance(x, (TensorLike, np.ndarray, np.generic, jax.Array, int, float)) or _is_number_list(x):
            x = convert_to_tensor(x)
            dtype = x.dtype  # DTypes are singletons
            if self.autocast and dtype is not self._compute and dtype.is_floating:
                mask = get_keras_mask(x)
                x = _cast(x, self._compute)
                set_keras_mask(x, mask)  # the cast input keeps its mask, as Keras
        return x

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"


def _marks_built(build):
    @functools.wraps(build)
    def wrapper(self, *args, **kwargs):
        with _scope(self):
            result = build(self, *args, **kwargs)
        self.built = True
        return result

    return wrapper


def _legacy_weight_args(args, shape, initializer, dtype):
    if args and isinstance(args[0], str):
        raise ValueError(
            f"`name` must be passed as a keyword argument. Received: add_weight('{args[0]}', "
            f"...). Use: add_weight(shape=..., name='{args[0]}')."
        )
    if len(args) > 3:
        raise TypeError(f"add_weight() takes at most 3 positional arguments but {len(args)} were given.")
    given = list(args) + [None] * (3 - len(args))
    shape = given[0] if shape is None else shape
    initializer = given[1] if initializer is None else initializer
    dtype = given[2] if dtype is None else dtype
    return (() if shape is None else tuple(int(d) for d in shape)), initializer, dtype


def _is_input_leaf(x) -> bool:
    return isinstance(x, TensorLike) or _is_number_list(x)


def _is_number_list(x) -> bool:
    """A (nested) list of Python numbers: one tensor, not a list of inputs."""
    return (
        isinstance(x, list) and bool(x) and all(isinstance(v, (int, float)) or _is_number_list(v) for v in x)
    )


def _layer_leaves(value) -> Iterator:
    if isinstance(value, Layer):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _layer_leaves(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _layer_leaves(item)


def _shapes(inputs):
    """``build``'s argument: the input's shape as a tuple (a structure of them for many), with
    None for a batch size that is unknown (a ``None`` dimension of a tf.function's signature is
    a symbolic size while it traces: Keras builds for a None batch, so one trace serves every
    batch). Other symbolic sizes stay: a layer that needs one concrete (Dense's last axis) makes
    the function trace per shape."""
    if isinstance(inputs, TensorLike):
        return _known(inputs.shape)
    return jax.tree_util.tree_map(
        lambda x: _known(x.shape) if isinstance(x, TensorLike) else x,
        inputs,
        is_leaf=lambda x: isinstance(x, TensorLike),
    )


def _known(shape) -> tuple:
    dims = tuple(shape)
    if dims and dims[0] is not None and not isinstance(dims[0], int):
        return (None, *dims[1:])
    return dims
