"""The graph of a functional model: its nodes in order, and how to run them on real inputs."""

from __future__ import annotations

import jax

from ..backend.core import get_keras_mask
from ..backend.keras_tensor import KerasTensor
from ..layers.layer import Layer


def _flat(tree) -> list:
    return jax.tree_util.tree_leaves(tree, is_leaf=lambda x: isinstance(x, KerasTensor))


class Graph:
    """The nodes between ``inputs`` and ``outputs`` (KerasTensor structures), in run order."""

    def __init__(self, inputs, outputs):
        self.inputs, self.outputs = inputs, outputs
        self.flat_inputs, self.flat_outputs = _flat(inputs), _flat(outputs)
        for x in self.flat_inputs + self.flat_outputs:
            if not isinstance(x, KerasTensor):
                raise ValueError(
                    "All `inputs` and `outputs` values of a functional model must be "
                    f"KerasTensors (from `tf.keras.Input` and layer calls). Received: {x!r}"
                )
        self.nodes = self._ordered_nodes()
        if any(node.is_input for node in self.nodes):  # an Input that is not among ``inputs``
            raise ValueError("Output with path `` is not connected to `inputs`")

    def _ordered_nodes(self) -> list:
        """Every node the outputs depend on, each after the nodes it reads (depth-first)."""
        order, seen = [], set()
        stop = {id(x) for x in self.flat_inputs}

        def visit(tensor):
            if tensor._mask_of is not None:  # a mask is read off the output it belongs to
                tensor = tensor._mask_of
            node = tensor._keras_history[0] if tensor._keras_history else None
            if node is None or id(node) in seen or id(tensor) in stop:
                return
            seen.add(id(node))
            for parent in node.inputs:
                visit(parent)
            order.append(node)

        for x in self.flat_outputs:
            visit(x)
        return order

    @property
    def operations(self) -> list:
        """The InputLayers, layers and operations (``x * 2.0``'s Multiply), each once, in Keras'
        order: by depth (the longest path to an output), deepest first, then in order of the
        first visit of a depth-first walk from the outputs."""
        depth, op_depth = {}, {}
        for node in reversed(self.nodes):  # consumers before the nodes they read
            d = max(depth.setdefault(id(node), 0), op_depth.get(id(node.layer), (0,))[0])
            op_depth[id(node.layer)] = (d, node.layer)
            depth[id(node)] = d
            for parent in node.parent_nodes:
                depth[id(parent)] = max(d + 1, depth.get(id(parent), 0))
        for x in self.flat_inputs:
            node = x._keras_history[0]
            d = max(depth.get(id(node), 0), op_depth.get(id(node.layer), (0,))[0])
            op_depth[id(node.layer)] = (d, node.layer)
        first = self._visit_order()
        ranked = sorted(op_depth.items(), key=lambda item: (-item[1][0], first.get(item[0], -1)))
        return [layer for _, (_, layer) in ranked]

    def _visit_order(self) -> dict:
        """id(operation) -> when a depth-first walk from the outputs (parents after) first meets it."""
        order, seen, stop = {}, set(), {id(x) for x in self.flat_inputs}

        def visit(tensor):
            node = tensor._keras_history[0] if tensor._keras_history else None
            if node is None or id(node) in seen or (not node.is_input and id(tensor) in stop):
                return
            seen.add(id(node))
            order.setdefault(id(node.layer), len(order))
            if not node.is_input:
                for parent in node.inputs:
                    visit(parent)

        for x in self.flat_outputs:
            visit(x)
        return order

    @property
    def layers(self) -> list:
        """The :attr:`operations` that are layers (Keras does not list operations as layers)."""
        return [op for op in self.operations if isinstance(op, Layer)]

    def run(self, inputs, operation_fn=None):
        """The outputs' values for real input values (a structure like ``inputs``); with
        ``operation_fn``, each layer is replaced by ``operation_fn(layer)`` (``clone_model``
        runs the graph on new KerasTensors so)."""
        values = {id(x): v for x, v in zip(self.flat_inputs, _match(self.inputs, inputs), strict=True)}
        for node in self.nodes:
            args, kwargs = jax.tree_util.tree_map(
                lambda x: _value_of(x, values) if isinstance(x, KerasTensor) else x,
                (node.args, node.kwargs),
                is_leaf=lambda x: isinstance(x, KerasTensor),
            )
            layer = (
                node.layer
                if operation_fn is None or not isinstance(node.layer, Layer)
                else operation_fn(node.layer)
            )
            out = layer(*args, **kwargs)
            flat = jax.tree_util.tree_leaves(out, is_leaf=lambda t: not isinstance(t, (list, tuple, dict)))
            values.update((id(x), v) for x, v in zip(node.outputs, flat, strict=True))
        return jax.tree_util.tree_map(
            lambda x: values[id(x)], self.outputs, is_leaf=lambda x: isinstance(x, KerasTensor)
        )


def _value_of(x: KerasTensor, values: dict):
    """The value computed for ``x``; for a mask, the mask of the output it belongs to."""
    if x._mask_of is not None and id(x) not in values:
        return get_keras_mask(values[id(x._mask_of)])
    return values[id(x)]


def _match(structure, inputs) -> list:
    """The input values in the order of the model's flat inputs (a dict by Input name is allowed)."""
    flat = _flat(structure)
    if isinstance(inputs, dict) and not isinstance(structure, dict):
        missing = [x.name for x in flat if x.name not in inputs]
        if missing:
            raise ValueError(
                f"Missing data for input {missing[0]!r}. You passed a data dictionary with "
                f"keys {list(inputs)}. Expected the following keys: {[x.name for x in flat]}"
            )
        return [inputs[x.name] for x in flat]
    if isinstance(inputs, dict):
        return [inputs[k] for k in sorted(structure)]  # the order of ``flat`` (jax sorts dict keys)
    if len(flat) == 1:
        return [inputs[0] if isinstance(inputs, (list, tuple)) and len(inputs) == 1 else inputs]
    if not isinstance(inputs, (list, tuple)) or len(inputs) != len(flat):
        raise ValueError(
            f"Functional model expects {len(flat)} inputs, but it received "
            f"{len(inputs) if isinstance(inputs, (list, tuple)) else 1} input tensors."
        )
    return list(inputs)
