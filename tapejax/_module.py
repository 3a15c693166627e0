"""Module: a named container of Variables and sub-modules (``tf.Module``)."""

from __future__ import annotations

import re

from ._variable import Variable


class Module:
    """Base class for objects that own Variables (``tf.Module``).

    Variables and sub-modules are found by walking attributes (sorted by name, then into lists,
    tuples and dicts), as TF does.
    """

    def __init__(self, name=None):
        if name is None:
            name = re.sub(r"(?<!^)(?=[A-Z])", "_", type(self).__name__).lower()
        self._name = name

    @property
    def name(self) -> str:
        return getattr(self, "_name", type(self).__name__.lower())

    @property
    def variables(self) -> tuple:
        return tuple(_walk(self, lambda x: isinstance(x, Variable)))

    @property
    def trainable_variables(self) -> tuple:
        return tuple(v for v in self.variables if v.trainable)

    @property
    def non_trainable_variables(self) -> tuple:
        return tuple(v for v in self.variables if not v.trainable)

    @property
    def submodules(self) -> tuple:
        return tuple(_walk(self, lambda x: isinstance(x, Module), descend_matches=True))


def _walk(module, predicate, descend_matches=False):
    seen = {id(module)}
    found = []

    def visit(obj):
        if id(obj) in seen:
            return
        if isinstance(obj, (Variable, Module)):
            seen.add(id(obj))
        if predicate(obj):
            found.append(obj)
            if not descend_matches:
                return
        if isinstance(obj, Module):
            for key in sorted(vars(obj)):
                visit(vars(obj)[key])
        elif isinstance(obj, (list, tuple)):
            for item in obj:
                visit(item)
        elif isinstance(obj, dict):
            for key in sorted(obj, key=str):
                visit(obj[key])

    for key in sorted(vars(module)):
        visit(vars(module)[key])
    return found
