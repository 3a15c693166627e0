"""Module: a named container of Variables and sub-modules (``tf.Module``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

from .._core.recording.variable import Variable
from .._core.values.name_scope import name_scope as _name_scope_cls

# TF's camel_to_snake: ``MyModule`` -> ``my_module``, ``HTTPThing`` -> ``http_thing``.
_CAMEL_TO_SNAKE = re.compile(r"((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))")
_VALID_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class Module:
    """Base class for objects that own Variables (``tf.Module``).

    Variables and sub-modules are found by walking the module's attributes as TF does:
    attributes sorted by name, into lists, tuples and dicts (dict keys sorted); a module's own
    leaves come before those of its sub-modules, each object is reported once.

    Args:
      name: the module's name, a Python identifier; by default the class name in snake case.

    >>> import tapejax as tf
    >>> class Linear(tf.Module):
    ...   def __init__(self):
    ...     super().__init__()
    ...     self.w = tf.Variable([[1.0, 2.0]], name='w')
    ...     self.b = tf.Variable([0.0, 0.0], name='b')
    >>> m = Linear()
    >>> m.name
    'linear'
    >>> [v.name for v in m.trainable_variables]
    ['b:0', 'w:0']
    """

    def __init__(self, name: str | None = None):
        if name is None:
            name = self._default_name()
        elif not _VALID_NAME.match(name):
            raise ValueError(
                f"{name!r} is not a valid module name. Module names must be valid Python identifiers "
                "(e.g. a valid class name)."
            )
        self._name = name
        with _name_scope_cls(name) as scope:  # TF: the scope this module is created in, + name
            self._scope_name = scope

    @property
    def name(self) -> str:
        """The name given at construction (TF's default: the class name in snake case; also for a
        subclass whose ``__init__`` never called ``super().__init__()``, which TF still saves)."""
        return getattr(self, "_name", None) or self._default_name()

    def _default_name(self) -> str:
        return _CAMEL_TO_SNAKE.sub(r"_\1", type(self).__name__).lower()

    @property
    def name_scope(self) -> _name_scope_cls:
        """The module's ``tf.name_scope`` (``'<enclosing scopes>/<name>/'``): Variables created
        inside it are named under it."""
        return _name_scope_cls(getattr(self, "_scope_name", self.name + "/"))

    @property
    def variables(self) -> tuple:
        """Every Variable reachable from this module's attributes, in TF's order."""
        return tuple(self._flatten(_is_variable))

    @property
    def trainable_variables(self) -> tuple:
        """The reachable Variables with ``trainable=True``."""
        return tuple(self._flatten(lambda x: _is_variable(x) and x.trainable))

    @property
    def non_trainable_variables(self) -> tuple:
        """The reachable Variables with ``trainable=False``."""
        return tuple(self._flatten(lambda x: _is_variable(x) and not x.trainable))

    @property
    def submodules(self) -> tuple:
        """Every Module reachable from this one (not itself), its own attributes first."""
        return tuple(self._flatten(lambda x: isinstance(x, Module)))

    @classmethod
    def with_name_scope(cls, method: Callable) -> Callable:
        """Decorator: runs ``method`` inside the module's ``name_scope`` (as TF)."""

        @functools.wraps(method)
        def in_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)

        return in_scope

    def _flatten(self, predicate: Callable) -> list:
        return list(_flatten_module(self, predicate, seen={id(self)}))

    def _tf_attributes(self) -> list[tuple[str, object]]:
        """The (name, value) pairs the walk visits, in order (sorted by name, as TF)."""
        attributes = vars(self)
        return [(key, attributes[key]) for key in sorted(attributes)]


def _is_variable(x) -> bool:
    return isinstance(x, Variable)


def _leaves(value) -> Iterator:
    """Flattens nested lists, tuples and dicts (keys sorted) as ``tf.nest.flatten`` does."""
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, dict):
        try:
            keys = sorted(value)
        except TypeError:
            raise ValueError(
                f"Module attributes that are dicts must have sortable keys, as in tf.nest; got "
                f"{list(value)!r}. Use keys of one type (all str, or all int)."
            ) from None
        for key in keys:
            yield from _leaves(value[key])
    else:
        yield value


def _flatten_module(module: Module, predicate: Callable, seen: set) -> Iterator:
    """TF's ``Module._flatten``: this module's leaves first, then each sub-module's, once each."""
    submodules = []
    for _, value in module._tf_attributes():
        for leaf in _leaves(value):
            if id(leaf) in seen:
                continue
            seen.add(id(leaf))
            if predicate(leaf):
                yield leaf
            if isinstance(leaf, Module):
                submodules.append(leaf)
    for sub in submodules:
        yield from _flatten_module(sub, predicate, seen)
