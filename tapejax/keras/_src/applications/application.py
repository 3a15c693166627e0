"""What every ``keras.applications`` builder shares, as Keras 3's builders do it: the ``weights``
argument, the input (a shape or an existing tensor), the pooling of a headless model, the model
itself, and its weights (a local file, or Keras' cached copy of the ImageNet file).

tapejax downloads nothing: ``weights='imagenet'`` reads the file Keras' ``get_file`` would have
downloaded from its cache (``$KERAS_HOME/models`` or ``~/.keras/models``), and otherwise fails
with Keras' offline error, saying where to put the file or to pass its path as ``weights``.
"""

from __future__ import annotations

import os

from ..activations import activations
from ..backend.config import image_data_format
from ..backend.keras_tensor import is_keras_tensor
from ..layers import Dense, GlobalAveragePooling2D, GlobalMaxPooling2D
from ..layers.core.input_layer import Input
from ..models.model import Functional

WEIGHTS_URL = "https://storage.googleapis.com/tensorflow/keras-applications/"


def channel_axis() -> int:
    """The channels' axis of an image batch in the configured data format."""
    return 1 if image_data_format() == "channels_first" else 3


def check_weights(weights, include_top: bool, classes: int) -> None:
    """Keras' checks of ``weights`` and ``classes`` at the start of every builder."""
    if not (
        weights in {"imagenet", None} or (isinstance(weights, (str, os.PathLike)) and os.path.exists(weights))
    ):
        raise ValueError(
            "The `weights` argument should be either `None` (random initialization), 'imagenet' "
            "(pre-training on ImageNet), or the path to the weights file to be loaded.  "
            f"Received: weights={weights}"
        )
    if weights == "imagenet" and include_top and classes != 1000:
        raise ValueError(
            "If using `weights='imagenet'` with `include_top=True`, `classes` should be 1000.  "
            f"Received classes={classes}"
        )


def channels_last_only(family: str) -> None:
    if image_data_format() == "channels_first":
        raise ValueError(
            f"{family} does not support the `channels_first` image data format. Switch to "
            "`channels_last` by editing your local config file at ~/.keras/keras.json"
        )


def image_input(input_shape, input_tensor):
    """The model's input: ``Input(shape)``, or ``input_tensor`` itself when it is symbolic."""
    if input_tensor is None:
        return Input(shape=input_shape)
    if not is_keras_tensor(input_tensor):
        return Input(tensor=input_tensor, shape=input_shape)
    return input_tensor


def source_inputs(tensor) -> list:
    """The ``Input`` tensors a symbolic ``tensor`` is computed from (Keras' ``get_source_inputs``)."""
    found, seen, stack = [], set(), [tensor]
    while stack:
        x = stack.pop()
        node = x._keras_history[0] if x._keras_history else None
        if node is None or node.is_input or not node.inputs:
            if id(x) not in seen:
                seen.add(id(x))
                found.append(x)
            continue
        stack.extend(reversed(node.inputs))
    return found


def pool(x, pooling, avg_name=None, max_name=None):
    """A headless model's ``pooling``: ``'avg'``, ``'max'`` or ``None`` (the feature map)."""
    if pooling == "avg":
        return GlobalAveragePooling2D(name=avg_name)(x)
    if pooling == "max":
        return GlobalMaxPooling2D(name=max_name)(x)
    return x


def head(
    x, include_top, pooling, classes, classifier_activation, weights, top_pool=None, pool_names=(None, None)
):
    """The classifier (global average pooling ``top_pool``, then ``Dense(classes)`` named
    'predictions'), or without it the ``pooling`` of the feature map."""
    if not include_top:
        return pool(x, pooling, *pool_names)
    x = GlobalAveragePooling2D(name=top_pool)(x)
    validate_activation(classifier_activation, weights)
    return Dense(classes, activation=classifier_activation, name="predictions")(x)


def validate_activation(classifier_activation, weights) -> None:
    """Pretrained weights allow only ``None`` or ``'softmax'`` on the classifier."""
    if weights is None:
        return
    if activations.get(classifier_activation) not in {activations.get("softmax"), activations.get(None)}:
        raise ValueError(
            "Only `None` and `softmax` activations are allowed for the `classifier_activation` "
            f"argument when using pretrained weights, with `include_top=True`; Received: "
            f"classifier_activation={classifier_activation}"
        )


def keras_cache_dir() -> str:
    """Where Keras' ``get_file`` keeps downloaded models: ``$KERAS_HOME/models`` or ``~/.keras/models``."""
    base = os.environ.get("KERAS_HOME") or os.path.join(os.path.expanduser("~"), ".keras")
    return os.path.join(base, "models")


def cached_file(file_name: str, origin: str, what: str = "weights") -> str:
    """Keras' cached download of ``origin``; tapejax cannot download it, so a missing file fails
    as Keras' ``get_file`` does offline, with what to do instead."""
    path = os.path.join(keras_cache_dir(), file_name)
    if os.path.exists(path):
        return path
    raise Exception(  # noqa: TRY002 (Keras' get_file raises a bare Exception)
        f"URL fetch failure on {origin}: None -- tapejax downloads nothing. Download {file_name} "
        f"from that address and place it at {path}"
        + (", or pass its local path as `weights=`." if what == "weights" else ".")
    )


def build(inputs, input_tensor, outputs, name: str, weights, imagenet_file):
    """The ``Functional`` model from ``inputs`` (or ``input_tensor``'s sources) to ``outputs``,
    with its weights: none (``weights=None``), a local file, or the cached ImageNet file
    ``imagenet_file() -> (file name, url)``."""
    if input_tensor is not None:
        inputs = source_inputs(input_tensor)
        inputs = inputs[0] if len(inputs) == 1 else inputs
    model = Functional(inputs, outputs, name=name)
    if weights == "imagenet":
        file_name, origin = imagenet_file()
        model.load_weights(cached_file(file_name, origin))
    elif weights is not None:
        model.load_weights(weights)
    return model
