"""``keras.utils.model_to_dot`` and ``plot_model``: a model's layers as a graphviz graph.

pydot (and graphviz, to render) are optional, as in Keras: without them both raise Keras'
``ImportError``. Each layer is one box labelled ``name (ClassName)`` with, when asked, its
output shape, dtype, activation and trainability; Keras draws the same graph with HTML-table
labels, so the picture differs in style, not in nodes or edges.
"""

from __future__ import annotations

import os

try:
    import pydot
except ImportError:
    pydot = None

_BUILD_FIRST = (
    "This model has not yet been built. Build the model first by calling `build()` or by calling "
    "the model on a batch of data."
)


def check_pydot() -> bool:
    return pydot is not None


def check_graphviz() -> bool:
    if pydot is None:
        return False
    try:
        pydot.Dot.create(pydot.Dot())
        return True
    except (OSError, pydot.PydotException):
        return False


def model_to_dot(
    model,
    show_shapes=False,
    show_dtype=False,
    show_layer_names=True,
    rankdir="TB",
    expand_nested=False,
    dpi=200,
    subgraph=False,
    show_layer_activations=False,
    show_trainable=False,
    splines="ortho",
    **kwargs,
):
    """A ``pydot.Dot`` graph of ``model``: a node per layer, an edge per connection."""
    if not model.built:
        raise ValueError(_BUILD_FIRST)
    if pydot is None:
        raise ImportError("You must install pydot (`pip install pydot`) for model_to_dot to work.")
    if kwargs.pop("layer_range", None) is not None:
        raise ValueError("Argument `layer_range` is no longer supported.")
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
    dot = pydot.Cluster(style="dashed", graph_name=model.name) if subgraph else pydot.Dot()
    dot.set("rankdir", rankdir)
    dot.set("concentrate", True)
    dot.set("dpi", dpi)
    dot.set("splines", splines)
    dot.set_node_defaults(shape="record")
    shown = dict(shapes=show_shapes, dtype=show_dtype, names=show_layer_names,
                 activations=show_layer_activations, trainable=show_trainable)  # fmt: skip
    shapes = _output_shapes(model)
    for layer in model.layers:
        dot.add_node(pydot.Node(str(id(layer)), label=_label(layer, shapes.get(id(layer), "?"), **shown)))
    for parent, child in _edges(model):
        if not dot.get_edge(str(id(parent)), str(id(child))):
            dot.add_edge(pydot.Edge(str(id(parent)), str(id(child))))
    return dot


def _edges(model) -> list:
    """``(parent layer, layer)`` pairs: a functional model's graph, else consecutive layers."""
    graph = getattr(model, "_graph", None)
    if graph is None:
        return list(zip(model.layers[:-1], model.layers[1:], strict=True))
    layers = {id(layer) for layer in model.layers}
    edges = []
    for node in graph.nodes:
        for parent in node.parent_nodes:
            if id(parent.layer) in layers and id(node.layer) in layers:
                edges.append((parent.layer, node.layer))
    return edges


def _output_shapes(model) -> dict:
    """id(layer) -> the shape of its (first call's) first output, from the model's graph."""
    graph = getattr(model, "_graph", None)
    shapes = {}
    for node in graph.nodes if graph is not None else ():
        shapes.setdefault(
            id(node.layer),
            node.outputs[0].shape if len(node.outputs) == 1 else [x.shape for x in node.outputs],
        )
    for x in graph.flat_inputs if graph is not None else ():
        shapes.setdefault(id(x._keras_history[0].layer), x.shape)
    return shapes


def _label(layer, shape, shapes, dtype, names, activations, trainable) -> str:
    kind = type(layer).__name__
    parts = [f"{layer.name} ({kind})" if names else kind]
    if shapes:
        parts.append(f"Output shape: {shape}")
    if dtype:
        parts.append(f"Output dtype: {getattr(layer, 'dtype', '?')}")
    activation = getattr(layer, "activation", None)
    if activations and activation is not None:
        parts.append(f"Activation: {getattr(activation, '__name__', activation)}")
    if trainable:
        parts.append(f"Trainable: {'T' if layer.trainable else 'F'}")
    return "\n".join(parts)


def plot_model(
    model,
    to_file="model.png",
    show_shapes=False,
    show_dtype=False,
    show_layer_names=False,
    rankdir="TB",
    expand_nested=False,
    dpi=200,
    show_layer_activations=False,
    show_trainable=False,
    splines="ortho",
    **kwargs,
):
    """Draws ``model_to_dot(model)`` into ``to_file`` (its format from the extension)."""
    if not model.built:
        raise ValueError(_BUILD_FIRST)
    if not check_pydot():
        raise ImportError("You must install pydot (`pip install pydot`) for `plot_model` to work.")
    if not check_graphviz():
        raise ImportError(
            "You must install graphviz (see instructions at https://graphviz.gitlab.io/download/) "
            "for `plot_model` to work."
        )
    dot = model_to_dot(
        model, show_shapes, show_dtype, show_layer_names, rankdir, expand_nested, dpi,
        show_layer_activations=show_layer_activations, show_trainable=show_trainable, splines=splines, **kwargs,
    )  # fmt: skip
    to_file = str(to_file)
    extension = os.path.splitext(to_file)[1][1:] or "png"
    dot.write(to_file, format=extension)
