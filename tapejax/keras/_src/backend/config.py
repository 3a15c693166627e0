"""Keras 3's configuration (``keras.config``): the default float type, the fuzz factor, the
image data format, the backend's name, and the switches Keras keeps in its global state.

As Keras, the defaults are read once from ``$KERAS_HOME/keras.json`` (``~/.keras/keras.json``)
when that file exists; tapejax never writes it.

``backend()`` is ``"tensorflow"``: tapejax *is* ``tf`` (``import tapejax as tf``), so code that
branches on the backend (``if keras.backend.backend() == "tensorflow": tf.xxx(...)``) must take
the TensorFlow path, the one whose ``tf`` calls tapejax provides; the ``"jax"`` branch of such
code calls ``jax.numpy`` on raw arrays and Keras-for-JAX internals (stateless layers, ``jax``
random keys threaded by hand) that tapejax's TF-style Keras does not have. Files written here
load in TF's Keras and back for the same reason.
"""

from __future__ import annotations

import json
import os

from . import global_state

_FLOAT_TYPES = ("bfloat16", "float16", "float32", "float64")
_FORMATS = ("channels_first", "channels_last")
_BACKENDS = ("tensorflow", "jax", "torch", "numpy", "openvino")

_state = {"floatx": "float32", "epsilon": 1e-7, "image_data_format": "channels_last"}
_limits = {"max_epochs": None, "max_steps_per_epoch": None}


def _read_keras_json() -> None:
    home = os.environ.get("KERAS_HOME") or os.path.join(os.path.expanduser("~"), ".keras")
    try:
        with open(os.path.join(home, "keras.json")) as f:
            found = json.load(f)
    except (OSError, ValueError):
        return
    if found.get("floatx") in _FLOAT_TYPES:
        _state["floatx"] = found["floatx"]
    if isinstance(found.get("epsilon"), float):
        _state["epsilon"] = found["epsilon"]
    if found.get("image_data_format") in _FORMATS:
        _state["image_data_format"] = found["image_data_format"]


_read_keras_json()
for _name in _limits:
    if os.environ.get(f"KERAS_{_name.upper()}"):
        _limits[_name] = int(os.environ[f"KERAS_{_name.upper()}"])


def floatx() -> str:
    """The default float type, as a string (``'float32'``).

    >>> import tapejax as tf
    >>> tf.keras.config.floatx()
    'float32'
    """
    return _state["floatx"]


def set_floatx(value: str) -> None:
    """Sets the default float type: ``'bfloat16'``, ``'float16'``, ``'float32'`` or ``'float64'``."""
    if value not in _FLOAT_TYPES:
        raise ValueError(f"Unknown `floatx` value: {value}. Expected one of {set(_FLOAT_TYPES)}")
    _state["floatx"] = str(value)


def epsilon() -> float:
    """The fuzz factor of numeric expressions (``1e-07``)."""
    return _state["epsilon"]


def set_epsilon(value: float) -> None:
    """Sets the fuzz factor :func:`epsilon` returns."""
    _state["epsilon"] = value


def image_data_format() -> str:
    """``'channels_last'`` (the default) or ``'channels_first'``."""
    return _state["image_data_format"]


def set_image_data_format(data_format: str) -> None:
    """Sets the default image data format: ``'channels_first'`` or ``'channels_last'``."""
    data_format = str(data_format).lower()
    if data_format not in _FORMATS:
        raise ValueError(
            "The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
            f"Received: data_format={data_format}"
        )
    _state["image_data_format"] = data_format


def standardize_data_format(data_format: str | None) -> str:
    """A layer's ``data_format`` argument checked, :func:`image_data_format` for None."""
    if data_format is None:
        return image_data_format()
    data_format = str(data_format).lower()
    if data_format not in _FORMATS:
        raise ValueError(
            "The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
            f"Received: data_format={data_format}"
        )
    return data_format


def backend() -> str:
    """``'tensorflow'``: tapejax is ``tf``, so code branching on the backend takes its TF path
    (see the module's docstring)."""
    return "tensorflow"


def set_backend(name: str) -> None:
    """Keras reloads itself onto another backend; tapejax's Keras runs on tapejax only."""
    if name not in _BACKENDS:
        raise ValueError(
            f"Available backends are ('tensorflow', 'jax', 'torch', 'numpy' and 'openvino'). "
            f"Received: backend={name}"
        )
    if name != "tensorflow":
        raise NotImplementedError(
            f"keras.config.set_backend('{name}'): tapejax's Keras is Keras on TensorFlow's API "
            "(backend 'tensorflow') and cannot be reloaded onto another backend. Import Keras "
            f"itself with KERAS_BACKEND='{name}' for that."
        )


def is_nnx_enabled() -> bool:
    """False: Flax NNX integration is a Keras-for-JAX feature."""
    return False


def enable_flash_attention() -> None:
    """Lets attention layers use flash attention where they can (the default)."""
    global_state.set_global_attribute("flash_attention", None)


def disable_flash_attention() -> None:
    """Keeps attention layers off flash attention."""
    global_state.set_global_attribute("flash_attention", False)


def is_flash_attention_enabled():
    """None (the default: used where supported) or False (after :func:`disable_flash_attention`)."""
    return global_state.get_global_attribute("flash_attention", default=None)


def set_max_epochs(max_epochs: int | None) -> None:
    """Caps the epochs of every ``fit`` (for debugging); None lifts the cap."""
    _limits["max_epochs"] = max_epochs


def set_max_steps_per_epoch(max_steps_per_epoch: int | None) -> None:
    """Caps the steps of every epoch of ``fit``/``evaluate``/``predict``; None lifts the cap."""
    _limits["max_steps_per_epoch"] = max_steps_per_epoch


def max_epochs() -> int | None:
    """The cap :func:`set_max_epochs` set (or ``KERAS_MAX_EPOCHS``), None when unset."""
    return _limits["max_epochs"]


def max_steps_per_epoch() -> int | None:
    """The cap :func:`set_max_steps_per_epoch` set (or ``KERAS_MAX_STEPS_PER_EPOCH``)."""
    return _limits["max_steps_per_epoch"]


def enable_traceback_filtering() -> None:
    """Keras filters its own frames from tracebacks (the default)."""
    global_state.set_global_attribute("traceback_filtering", True)


def disable_traceback_filtering() -> None:
    """Keras keeps its own frames in tracebacks."""
    global_state.set_global_attribute("traceback_filtering", False)


def is_traceback_filtering_enabled() -> bool:
    """Whether tracebacks are filtered; tapejax keeps every frame either way (its frames are
    few), the switch is kept for code that sets or reads it."""
    return global_state.get_global_attribute("traceback_filtering", True)


def enable_interactive_logging() -> None:
    """Progress bars and ``summary()`` print to stdout (the default)."""
    global_state.set_global_attribute("interactive_logging", True)


def disable_interactive_logging() -> None:
    """Progress bars and ``summary()`` go to Python's ``logging`` (``absl``'s in Keras) instead."""
    global_state.set_global_attribute("interactive_logging", False)


def is_interactive_logging_enabled() -> bool:
    """Whether Keras' messages print to stdout (True) or go to the logger."""
    return global_state.get_global_attribute("interactive_logging", True)


def enable_unsafe_deserialization() -> None:
    """Loads Python lambdas from ``.keras`` files in every load (as ``safe_mode=False``)."""
    global_state.set_global_attribute("safe_mode_saving", False)


def in_safe_mode():
    """False after :func:`enable_unsafe_deserialization`, else None (each load's own choice)."""
    return global_state.get_global_attribute("safe_mode_saving")
