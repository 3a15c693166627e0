"""``Model.summary()``: Keras 3's table (the text ``rich`` renders without colours)."""

from __future__ import annotations

import math
import shutil

from ..backend.keras_tensor import compute_output_shape


def summary_text(model, line_length=None, positions=None, expand_nested=False) -> str:
    """The summary as Keras 3 prints it where stdout is not a terminal; ``expand_nested`` adds
    the rows of nested models' layers, indented (``   └ name (Type)``)."""
    graph = getattr(model, "_graph", None)
    chain = graph is None or getattr(model, "_is_sequential", False) or _is_chain(graph)
    layers = model.layers if graph is None or getattr(model, "_is_sequential", False) else graph.operations
    if chain:
        default, positions = 88, positions or [0.45, 0.80, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #"]
    else:
        default, positions = 108, positions or [0.3, 0.56, 0.74, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
    line_length = line_length or min(default, shutil.get_terminal_size().columns - 4)
    widths, current = [], 0
    for position in positions:
        widths.append(int(position * line_length) - current)
        current += widths[-1]
    widths = _fit(widths, line_length)
    rows = [row for layer in layers for row in _rows(layer, graph, chain, expand_nested)]
    right = [False, False, True, False]
    lines = [f'Model: "{model.name}"']
    lines.append("┏" + "┳".join("━" * w for w in widths) + "┓")
    lines += _cells(header, widths, right, "┃")
    lines.append("┡" + "╇".join("━" * w for w in widths) + "┩")
    for i, row in enumerate(rows):
        if i:
            lines.append("├" + "┼".join("─" * w for w in widths) + "┤")
        lines += _cells(row, widths, right, "│")
    lines.append("└" + "┴".join("─" * w for w in widths) + "┘")
    trainable, non_trainable = model.trainable_weights, model.non_trainable_weights
    optimizer = getattr(model, "optimizer", None)
    built = optimizer is not None and getattr(optimizer, "_trained", None)
    optimizer_vars = optimizer.variables if built else []
    total = trainable + non_trainable + optimizer_vars
    lines.append(f" Total params: {_count(total):,} ({_size(total)})")
    lines.append(f" Trainable params: {_count(trainable):,} ({_size(trainable)})")
    lines.append(f" Non-trainable params: {_count(non_trainable):,} ({_size(non_trainable)})")
    if optimizer_vars:
        lines.append(f" Optimizer params: {_count(optimizer_vars):,} ({_size(optimizer_vars)})")
    return "\n".join(lines) + "\n"


def _is_chain(graph) -> bool:
    """One input, and each layer reading the one before it: no ``Connected to`` column needed."""
    previous = graph.flat_inputs
    if len(previous) != 1:
        return False
    for node in graph.nodes:
        if len(node.inputs) != 1 or len(previous) != 1 or node.inputs[0] is not previous[0]:
            return False
        previous = node.outputs
    return True


def _rows(layer, graph, chain: bool, expand_nested: bool, level: int = 0) -> list:
    """The row of ``layer`` and, with ``expand_nested``, those of its own layers below it."""
    rows = [_fields(layer, graph if level == 0 else None, chain, "   " * level + "└ " if level else "")]
    if expand_nested and getattr(layer, "layers", None):
        for inner in layer.layers:
            rows += _rows(inner, None, chain, expand_nested, level + 1)
    return rows


def _fields(layer, graph, chain: bool, prefix: str = "") -> list:
    name = f"{prefix}{layer.name} ({type(layer).__name__})"
    if not layer.built:
        params = "0 (unbuilt)"
    else:
        params = f"{layer.count_params():,}"
    shape = _output_shape(layer, graph)
    if prefix and shape.startswith("("):  # a nested layer: its symbolic batch, as Keras shows it
        shape = "(None" + shape[shape.index(",") :] if "," in shape else shape
    fields = [name, shape, params]
    if not chain:
        fields.append(_connections(layer, graph))
    return fields


def _nodes_of(layer, graph) -> list:
    if graph is None:
        return []
    nodes = [n for n in graph.nodes if n.layer is layer]
    return nodes or [x._keras_history[0] for x in graph.flat_inputs if x._keras_history[0].layer is layer]


def _output_shape(layer, graph) -> str:
    nodes = _nodes_of(layer, graph)
    if nodes:
        shapes = [x.shape for x in nodes[0].outputs]
    elif getattr(layer, "_build_input_shape", None) is not None and layer.built:
        out = compute_output_shape(layer, layer._build_input_shape)
        shapes = out if isinstance(out, list) else [out]
    else:
        return "?"
    texts = [f"({', '.join(str(d) for d in s)})" for s in shapes]
    return texts[0] if len(texts) == 1 else "[" + ", ".join(texts) + "]"


def _connections(layer, graph) -> str:
    parts = []
    for node in _nodes_of(layer, graph):
        for x in node.inputs:
            inbound, index = x._keras_history
            parts.append(f"{inbound.layer.name}[{inbound.index}][{index}]")
    return ", ".join(parts) or "-"


def _fit(widths: list, line_length: int) -> list:
    """rich's last resort when fixed columns (plus padding) overflow: reduce them evenly."""
    widths = [w + 2 for w in widths]
    room = line_length - (len(widths) + 1)
    excess = sum(widths) - room
    if excess <= 0:
        return widths
    out, ratio = [], len(widths)
    for w in widths:
        cut = min(w, round(excess / ratio))
        out.append(w - cut)
        excess -= cut
        ratio -= 1
    return out


def _wrap(text: str, width: int) -> list:
    """Greedy word wrap at spaces; a word longer than the cell gets a line of its own, cut with
    an ellipsis (rich's default ``overflow="ellipsis"``)."""
    indent = text[: len(text) - len(text.lstrip(" "))]  # a nested row's indentation stays
    lines, line = [], ""
    for word in text.lstrip(" ").split(" "):
        candidate = f"{line} {word}" if line else word
        if len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word
    lines.append(line)
    lines[0] = indent + lines[0]
    return [w if len(w) <= width else w[: width - 1] + "…" for w in lines]


def _cells(fields: list, widths: list, right: list, bar: str) -> list:
    wrapped = [_wrap(str(f), w - 2) for f, w in zip(fields, widths, strict=True)]
    height = max(len(w) for w in wrapped)
    lines = []
    for i in range(height):
        cells = []
        for j, (parts, width) in enumerate(zip(wrapped, widths, strict=True)):
            text = parts[i] if i < len(parts) else ""
            cells.append(" " + (text.rjust(width - 2) if right[j] else text.ljust(width - 2)) + " ")
        lines.append(bar + bar.join(cells) + bar)
    return lines


def _count(weights) -> int:
    return int(sum(math.prod(w.shape) for w in {id(w): w for w in weights}.values()))


def _size(weights) -> str:
    size = sum(math.prod(w.shape) * w.dtype.size for w in {id(w): w for w in weights}.values())
    for unit in ["B", "KB", "MB", "GB", "TB"]:
        if size / 1024 < 1:
            return f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.2f} PB"
