"""The custom-object registry: ``get_custom_objects`` and ``custom_object_scope`` (Keras 3's).

``register_keras_serializable`` records classes in the same dict that ``get_custom_objects``
returns (under ``'Package>Name'``), as Keras does; ``load_model`` looks a class up in its
``custom_objects`` argument, then the innermost ``custom_object_scope``, then that dict.
"""

from __future__ import annotations

import inspect
import threading

_REGISTERED: dict = {}  # "Package>Name" -> class


def register_keras_serializable(package: str = "Custom", name: str | None = None):
    """Registers a class or function under ``'<package>><name>'`` so ``load_model`` can
    rebuild it (a custom activation's config names it so)."""

    def decorator(cls):
        registered = f"{package}>{name or cls.__name__}"
        if inspect.isclass(cls) and not hasattr(cls, "get_config"):
            raise ValueError("Cannot register a class that does not have a get_config() method.")
        _REGISTERED[registered] = cls
        cls._registered_name = registered
        return cls

    return decorator


def get_registered_name(obj) -> str:
    """The name ``obj`` was registered under (``'Package>Name'``), else its ``__name__``.

    >>> import tapejax as tf
    >>> @tf.keras.saving.register_keras_serializable(package='Doc')
    ... def twice(x):
    ...   return 2 * x
    >>> tf.keras.saving.get_registered_name(twice)
    'Doc>twice'
    """
    registered = vars(obj).get("_registered_name") if hasattr(obj, "__dict__") else None
    return registered if registered and _REGISTERED.get(registered) is obj else obj.__name__


def get_registered_object(name, custom_objects=None, module_objects=None):
    """The object known as ``name``: in the open ``custom_object_scope``s, then the registered
    ones, then ``custom_objects``, then ``module_objects``; None if none has it."""
    for objects in (getattr(_scopes, "objects", {}), _REGISTERED, custom_objects or {}, module_objects or {}):
        if name in objects:
            return objects[name]
    return None


def registered_class(name: str):
    return _REGISTERED.get(name)


_scopes = threading.local()


def get_custom_objects() -> dict:
    """The global dict of custom classes (``name -> class``); editing it registers them.

    >>> import tapejax as tf
    >>> @tf.keras.utils.register_keras_serializable(package='Doc')
    ... class Twice(tf.keras.layers.Layer):
    ...   def call(self, x):
    ...     return 2 * x
    >>> tf.keras.utils.get_custom_objects()['Doc>Twice'] is Twice
    True
    """
    return _REGISTERED


class custom_object_scope:  # noqa: N801 (Keras' name)
    """``with custom_object_scope({'MyLayer': MyLayer}):`` makes the classes known to
    ``load_model`` and ``deserialize_keras_object`` inside the block."""

    def __init__(self, custom_objects):
        self.custom_objects = dict(custom_objects or {})
        self.backup = None

    def __enter__(self):
        self.backup = getattr(_scopes, "objects", {})
        _scopes.objects = {**self.backup, **self.custom_objects}
        return self

    def __exit__(self, *args):
        _scopes.objects = self.backup


CustomObjectScope = custom_object_scope


def known_objects(custom_objects=None) -> dict:
    """The classes a load can use: the global ones, those of the open scopes, then ``custom_objects``."""
    return {**_REGISTERED, **getattr(_scopes, "objects", {}), **dict(custom_objects or {})}
