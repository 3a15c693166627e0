"""KerasTensor: the symbolic value a functional model is built from (``tf.keras.Input(...)``).

Calling a layer on KerasTensors does not compute: it builds the layer for their shapes,
infers the output shapes with ``jax.eval_shape`` and records a :class:`Node` (the layer and
its arguments), whose outputs are new KerasTensors. A functional model replays its nodes.
"""

from __future__ import annotations

import functools
import inspect

import jax
import jax.numpy as jnp

from ...._core.recording.purify import no_recording, variables_as
from ...._core.recording.variable import live_variables
from ...._core.values import dtype as _dtypes
from ...._core.values import x64
from ...._core.values.tensor import Tensor
from .core import dtype_of, get_keras_mask, set_keras_mask, shape_of, value

# Stand-ins for unknown (None) dimensions while shapes are inferred: a dimension that follows
# the stand-in is unknown in the output. Two runs tell such a dimension from a fixed one (as
# Keras' JAX backend does).
_PROBES = (83, 89)


# Operation classes by Keras name (``"Multiply"``...), registered by ops/operation.py: the
# operators below record them.
OPERATIONS: dict = {}


def _binary(name: str, reflected: bool = False):
    def operator(self, other):
        operation = OPERATIONS[name]()
        return operation(other, self) if reflected else operation(self, other)

    return operator


def _unary(name: str):
    def operator(self):
        return OPERATIONS[name]()(self)

    return operator


def _wrap_in_layer(framework: str, fn: str) -> str:
    """Keras 3's message for a KerasTensor given to a TensorFlow (or JAX) function."""
    return (
        f"A KerasTensor cannot be used as input to a {framework} function. A KerasTensor is a symbolic "
        "placeholder for a shape and dtype, used when constructing Keras Functional models or Keras "
        "Functions. You can only use it as input to a Keras layer or a Keras operation (from the "
        "namespaces `keras.layers` and `keras.ops`). You are likely doing something like:\n\n"
        f"```\nx = Input(...)\n...\n{fn}(x)  # Invalid.\n```\n\n"
        f"What you should do instead is wrap `{fn}` in a layer:\n\n"
        f"```\nclass MyLayer(Layer):\n    def call(self, x):\n        return {fn}(x)\n\n"
        "x = MyLayer()(x)\n```\n"
    )


class KerasTensor:
    """A symbolic tensor: a shape (``None`` for unknown dimensions), a dtype and a name.

    >>> import tapejax as tf
    >>> tf.keras.Input(shape=(3,), name='x')
    <KerasTensor shape=(None, 3), dtype=float32, sparse=False, ragged=False, name=x>
    """

    def __init__(self, shape, dtype="float32", name: str | None = None, history=None):
        self.shape = tuple(None if d is None else int(d) for d in shape)
        self.dtype = _dtypes.as_dtype(dtype).name
        self.name = name
        self._keras_history = history  # (node, index of this output)
        self._keras_mask = None  # the KerasTensor of the mask a layer attaches to this output
        self._mask_of = None  # for a mask: the output it belongs to (a graph reads it there)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __repr__(self) -> str:
        return (
            f"<KerasTensor shape={self.shape}, dtype={self.dtype}, sparse=False, ragged=False, "
            f"name={self.name}>"
        )

    def __array__(self, *args, **kwargs):
        raise ValueError(
            "A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't "
            "have any actual numerical value. You cannot convert it to a NumPy array."
        )

    def __int__(self):
        raise ValueError(
            "A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't "
            "have any actual numerical value. You cannot convert it to an int."
        )

    def __float__(self):
        raise ValueError(
            "A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't "
            "have any actual numerical value. You cannot convert it to a float."
        )

    def __tf_tensor__(self, dtype=None, name=None):
        # TF's tensor-conversion protocol: every tapejax op converts its inputs through it.
        raise ValueError(_wrap_in_layer("TensorFlow", "tf_fn"))

    def __jax_array__(self):
        raise ValueError(_wrap_in_layer("JAX", "jax_fn"))

    def __iter__(self):
        raise NotImplementedError("Iterating over a symbolic KerasTensor is not supported.")

    def __bool__(self):
        raise TypeError("A symbolic KerasTensor cannot be used as a boolean.")

    # Operators record Keras 3 operations (``x * 2.0`` is a ``Multiply`` node), see ops/operation.py.
    __add__, __radd__ = _binary("Add"), _binary("Add", reflected=True)
    __sub__, __rsub__ = _binary("Subtract"), _binary("Subtract", reflected=True)
    __mul__, __rmul__ = _binary("Multiply"), _binary("Multiply", reflected=True)
    __matmul__, __rmatmul__ = _binary("Matmul"), _binary("Matmul", reflected=True)
    __truediv__, __rtruediv__ = _binary("TrueDivide"), _binary("TrueDivide", reflected=True)
    __floordiv__, __rfloordiv__ = _binary("FloorDivide"), _binary("FloorDivide", reflected=True)
    __mod__, __rmod__ = _binary("Mod"), _binary("Mod", reflected=True)
    __pow__, __rpow__ = _binary("Power"), _binary("Power", reflected=True)
    __lt__, __le__ = _binary("Less"), _binary("LessEqual")
    __gt__, __ge__ = _binary("Greater"), _binary("GreaterEqual")
    __ne__ = _binary("NotEqual")
    __and__, __rand__ = _binary("LogicalAnd"), _binary("LogicalAnd", reflected=True)
    __or__, __ror__ = _binary("LogicalOr"), _binary("LogicalOr", reflected=True)
    __xor__, __rxor__ = _binary("LogicalXor"), _binary("LogicalXor", reflected=True)
    __neg__, __abs__, __invert__ = _unary("Negative"), _unary("Absolute"), _unary("LogicalNot")
    __hash__ = object.__hash__  # defining __ne__ keeps identity hashing (Keras' KerasTensor too)

    def __getitem__(self, key):
        return OPERATIONS["GetItem"]()(self, key)

    def __round__(self, ndigits=None):
        return OPERATIONS["Round"](decimals=ndigits or 0)(self)


class Node:
    """One layer call in a functional graph: ``outputs = layer(*args, **kwargs)``."""

    def __init__(self, layer, args, kwargs, outputs):
        self.layer, self.args, self.kwargs, self.outputs = layer, args, kwargs, outputs
        self.inputs = [x for x in _leaves((args, kwargs)) if isinstance(x, KerasTensor)]
        self.is_input = False  # the node of an InputLayer
        # Which call of its layer this is (a shared layer has several nodes): ``shared[1][0]``
        # in a summary is the first output of the second call of ``shared``, as Keras numbers them.
        self.index = layer.__dict__.get("_node_count", 0)
        layer.__dict__["_node_count"] = self.index + 1

    @property
    def parent_nodes(self) -> list:
        return [x._keras_history[0] for x in self.inputs if x._keras_history is not None]


@functools.cache
def _call_parameters(cls) -> frozenset:
    call = getattr(cls, "call", None)
    return frozenset(inspect.signature(call).parameters) if call is not None else frozenset()


def _is_leaf(x) -> bool:
    return isinstance(x, KerasTensor)


def _leaves(tree) -> list:
    return jax.tree_util.tree_leaves(tree, is_leaf=_is_leaf)


def has_keras_tensor(tree) -> bool:
    """Whether a call's arguments hold a KerasTensor (the call is then symbolic)."""
    return any(isinstance(x, KerasTensor) for x in _leaves(tree))


def shapes_of(tree):
    """The build shape(s) of a call's first argument: a tuple, or a structure of them."""
    if isinstance(tree, KerasTensor):
        return tree.shape
    return jax.tree_util.tree_map(
        lambda x: x.shape if isinstance(x, KerasTensor) else x, tree, is_leaf=_is_leaf
    )


def symbolic_call(layer, inputs, args, kwargs):
    """``layer(inputs, *args, **kwargs)`` on KerasTensors: builds the layer, records a Node."""
    if not layer.built:
        layer._build_input_shape = shapes_of(inputs)  # Keras' build_config, when saved
        layer.build(layer._build_input_shape)
    if "mask" not in kwargs and "mask" in _call_parameters(type(layer)):
        kwargs = {**kwargs, "mask": None}  # as Keras records it: the (absent) mask of the inputs
    # An operation whose output shape depends on values (``nonzero``) states its outputs.
    stated = getattr(layer, "compute_output_spec", lambda *a, **k: None)(inputs, *args, **kwargs)
    if stated is not None:
        flat, out_tree = jax.tree_util.tree_flatten(stated, is_leaf=_is_leaf)
        outputs = [KerasTensor(s.shape, s.dtype, auto_tensor_name()) for s in flat]
    else:
        tree = (inputs, args, kwargs)
        (spec, mask_spec), (other, other_mask) = (output_and_mask_specs(layer, tree, p) for p in _PROBES)
        flat, out_tree = jax.tree_util.tree_flatten(spec)
        outputs = [_joined(s, o) for s, o in zip(flat, jax.tree_util.tree_leaves(other), strict=True)]
        for x, m, o in zip(outputs, mask_spec, other_mask, strict=True):
            if m is not None:  # the mask the layer attaches to this output, for inspection
                x._keras_mask = _joined(m, o)
                x._keras_mask._mask_of = x
    refine = getattr(layer, "refine_outputs", None)  # Keras' own shape or dtype rule, where it differs
    if refine is not None:
        outputs = refine(outputs, (inputs, *args), kwargs)
    node = Node(layer, (inputs, *args), kwargs, outputs)
    for i, x in enumerate(outputs):
        x._keras_history = (node, i)
    return jax.tree_util.tree_unflatten(out_tree, outputs)


def output_spec(layer, tree, probe: int):
    """The output ``jax.ShapeDtypeStruct``s of ``layer`` on ``tree``'s KerasTensors, each
    unknown dimension set to ``probe``. Variable assignments made by the call are dropped."""
    return output_and_mask_specs(layer, tree, probe)[0]


@x64.enabled
def output_and_mask_specs(layer, tree, probe: int):
    """:func:`output_spec`, and the specs of the Keras masks of the flat outputs (None where an
    output has none): the call sees each KerasTensor's mask on its stand-in tensor."""
    flat, structure = jax.tree_util.tree_flatten(tree, is_leaf=_is_leaf)
    symbolic = [isinstance(x, KerasTensor) for x in flat]
    masks = [get_keras_mask(x) if s else None for x, s in zip(flat, symbolic, strict=True)]
    specs = [_spec(x, probe) for x, s in zip(flat, symbolic, strict=True) if s]
    mask_specs = [_spec(m, probe) for m in masks if m is not None]
    variables = live_variables()

    def run(values, mask_values, var_values):
        it, mask_it = iter(values), iter(mask_values)
        leaves = [Tensor(next(it)) if s else x for x, s in zip(flat, symbolic, strict=True)]
        for leaf, mask in zip(leaves, masks, strict=True):
            if mask is not None:
                set_keras_mask(leaf, Tensor(next(mask_it)))
        inputs, args, kwargs = jax.tree_util.tree_unflatten(structure, leaves)
        with no_recording(), variables_as(variables, var_values):
            out = layer(inputs, *args, **kwargs)
        is_tensor = lambda t: isinstance(t, Tensor)  # noqa: E731
        out_masks = [get_keras_mask(t) for t in jax.tree_util.tree_leaves(out, is_leaf=is_tensor)]
        return (
            jax.tree_util.tree_map(value, out, is_leaf=is_tensor),
            [None if m is None else value(m) for m in out_masks],
        )

    var_specs = [jax.ShapeDtypeStruct(shape_of(v), dtype_of(v)) for v in variables]
    return jax.eval_shape(run, specs, mask_specs, var_specs)


def _spec(x, probe: int):
    return jax.ShapeDtypeStruct(tuple(probe if d is None else d for d in x.shape), jnp.dtype(x.dtype))


def _joined(spec, other) -> KerasTensor:
    """The KerasTensor of an output inferred twice: None where the probes' sizes differ."""
    shape = [a if a == b else None for a, b in zip(spec.shape, other.shape, strict=True)]
    return KerasTensor(shape, spec.dtype.name, auto_tensor_name())


def compute_output_shape(layer, input_shape):
    """The output shape(s) of a built layer for ``input_shape`` (no None dimensions)."""
    inputs = jax.tree_util.tree_map(
        KerasTensor,
        input_shape,
        is_leaf=lambda s: isinstance(s, tuple) and all(d is None or isinstance(d, int) for d in s),
    )
    spec = output_spec(layer, (inputs, (), {}), 1)
    return jax.tree_util.tree_map(lambda s: tuple(s.shape), spec)


_tensor_uid = [0]


def auto_tensor_name() -> str:
    """Keras' names of unnamed KerasTensors: ``keras_tensor``, ``keras_tensor_1``, ..."""
    uid = _tensor_uid[0]
    _tensor_uid[0] += 1
    return f"keras_tensor_{uid}" if uid else "keras_tensor"


def reset_tensor_names() -> None:
    _tensor_uid[0] = 0


def is_keras_tensor(x) -> bool:
    """Whether ``x`` is a symbolic KerasTensor (``keras.Input``'s output, a functional layer's).

    >>> import tapejax as tf
    >>> tf.keras.backend.is_keras_tensor(tf.keras.Input((2,))), tf.keras.backend.is_keras_tensor(tf.zeros(2))
    (True, False)
    """
    return isinstance(x, KerasTensor)
