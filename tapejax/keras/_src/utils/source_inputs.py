"""``keras.utils.get_source_inputs``: the Input tensors a symbolic tensor is computed from."""

from __future__ import annotations


def get_source_inputs(tensor) -> list:
    """The ``keras.Input`` tensors ``tensor`` depends on, each once, in the order met walking
    back through its layer calls (anything without a Keras history is returned as is).

    >>> import tapejax as tf
    >>> a, b = tf.keras.Input((2,), name="a"), tf.keras.Input((2,), name="b")
    >>> [x.name for x in tf.keras.utils.get_source_inputs(tf.keras.layers.Add()([a, b]))]
    ['a', 'b']
    """
    if not hasattr(tensor, "_keras_history"):
        return tensor
    history = tensor._keras_history
    node = history[0] if history else None
    if node is None:
        return [tensor]
    if node.is_input:
        return list(node.outputs)
    sources = []
    for parent in node.inputs:
        for x in get_source_inputs(parent):
            if all(x is not s for s in sources):
                sources.append(x)
    return sources
