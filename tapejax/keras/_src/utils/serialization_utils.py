"""Keras 3's serialized form of its objects: ``{'module', 'class_name', 'config', 'registered_name'}``.

Initializers, regularizers and constraints are serialized this way in ``get_config``, and
:func:`from_dict` turns such a dict back into the object, so ``Layer.from_config`` works.
"""

from __future__ import annotations

import inspect


def serialize(obj, module: str):
    """``obj`` (an object with ``get_config``) as Keras' dict; None stays None."""
    if obj is None:
        return None
    if not hasattr(obj, "get_config"):
        raise ValueError(f"Cannot serialize {obj!r}: it has no `get_config` method.")
    return {
        "module": module,
        "class_name": type(obj).__name__,
        "config": obj.get_config(),
        "registered_name": None,
    }


def serialize_known(obj, module: str, builtin: bool) -> dict:
    """``obj`` as Keras' dict: a built-in class under its Keras ``module``; another class under
    its own module and registered by its name (``custom_objects`` find it again)."""
    cls = type(obj)
    return {
        "module": module if builtin else cls.__module__,
        "class_name": cls.__name__,
        "config": obj.get_config(),
        "registered_name": None if builtin else cls.__name__,
    }


def from_dict(config: dict, classes: dict, kind: str):
    """The object a :func:`serialize` dict describes, built from ``classes`` (name -> class)."""
    cls = classes.get(config.get("class_name"))
    if cls is None:
        shown = str(config)
        raise ValueError(f"Could not interpret {kind} identifier: {shown}")
    arguments = dict(config.get("config", {}))
    params = inspect.signature(cls.__init__).parameters
    if not any(p.kind is p.VAR_KEYWORD for p in params.values()):
        # Options of newer Keras versions (GlorotUniform's input_axes...), left at None.
        arguments = {k: v for k, v in arguments.items() if k in params or v is not None}
    return cls(**arguments)


def init_config(obj) -> dict:
    """The arguments of ``type(obj).__init__`` read back from ``obj``'s attributes of those names."""
    params = list(inspect.signature(type(obj).__init__).parameters.values())[1:]
    return {p.name: getattr(obj, p.name) for p in params if p.kind is p.POSITIONAL_OR_KEYWORD}


def lookup(identifier, by_name: dict, classes: dict, kind: str):
    """Keras' ``get``: an object from a name, a config dict, a class, an instance or a callable."""
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        found = from_dict(identifier, classes, kind)
    elif isinstance(identifier, str):
        found = by_name.get(identifier)
    else:
        found = identifier
    if isinstance(found, type):
        found = found()
    if not callable(found):
        shown = str(identifier)
        raise ValueError(f"Could not interpret {kind} identifier: {shown}")
    return found


def _resolve(identifier, table: dict, kind: str):
    if identifier is None:
        return None
    obj = table.get(identifier) if isinstance(identifier, str) else identifier
    if callable(obj):
        return obj() if inspect.isclass(obj) else obj
    raise ValueError(f"Could not interpret {kind} identifier: {identifier}")
