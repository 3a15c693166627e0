"""The saved object graph: a Module's attributes, Variables and functions, and its restoration.

``encode`` turns a Module into JSON: each Module becomes an object node with its attributes
(Variables as indices into the saved variables, sub-Modules, lists, tuples and dicts of them;
other values are dropped), the names of its ``tapejax.function``s and the order of its
``variables``. ``decode`` rebuilds it as ``_UserObject``s (TensorFlow's name for a loaded
object), which list their Variables in the order the saved Module did.
"""

from __future__ import annotations

import warnings

from .._api.function import Function
from .._api.module import Module
from .._core.recording.variable import Variable
from .._core.values import x64


class Encoder:
    """Collects the Variables and functions reachable from a Module, and its JSON tree."""

    def __init__(self):
        self.variables: list[Variable] = []
        self._index: dict[int, int] = {}
        self.functions: dict[str, Function] = {}
        self._modules: set[int] = set()

    def variable_index(self, v: Variable) -> int:
        """The index of ``v`` among the saved Variables (added on first sight)."""
        if id(v) not in self._index:
            self._index[id(v)] = len(self.variables)
            self.variables.append(v)
        return self._index[id(v)]

    def encode(self, value, path: str):
        """The JSON node of ``value`` (found at attribute ``path``), or None to drop it."""
        if isinstance(value, Variable):
            return {"variable": self.variable_index(value)}
        if isinstance(value, Module):
            return self._module(value, path)
        if isinstance(value, (list, tuple)):
            items = [self.encode(x, f"{path}[{i}]") for i, x in enumerate(value)]
            return {"list": items} if any(i is not None for i in items) else None
        if isinstance(value, dict) and all(isinstance(k, str) for k in value):
            items = {k: self.encode(x, f"{path}[{k!r}]") for k, x in value.items()}
            items = {k: x for k, x in items.items() if x is not None}
            return {"dict": items} if items else None
        return None

    def _module(self, module: Module, path: str):
        if id(module) in self._modules:
            return None  # reachable twice (or a cycle): restored at its first path only
        self._modules.add(id(module))
        attributes = {}
        for name, value in sorted(vars(module).items()):
            if not isinstance(value, Function):
                node = self.encode(value, f"{path}.{name}")
                if node is not None:
                    attributes[name] = node
        functions = []
        for name in _function_names(module):
            function = getattr(module, name)
            if function.input_signature is None:
                warnings.warn(
                    f"tapejax.saved_model.save skips {path}.{name}: a tapejax.function without an "
                    "input_signature cannot be exported. Give it input_signature=[tf.TensorSpec(...)].",
                    stacklevel=4,
                )
                continue
            self.functions[f"{path}.{name}"] = function
            functions.append(name)
        order = [self.variable_index(v) for v in module.variables]
        trainable = [self.variable_index(v) for v in module.trainable_variables]
        return {
            "module": {
                "name": module.name,
                "attributes": attributes,
                "functions": functions,
                "variables": order,
                "trainable_variables": trainable,
            }
        }


def _function_names(module: Module) -> list[str]:
    """Names of the ``tapejax.function`` attributes of ``module`` (class or instance), sorted."""
    names = {n for n, v in vars(module).items() if isinstance(v, Function)}
    for cls in type(module).__mro__:
        names.update(n for n, v in vars(cls).items() if isinstance(v, Function))
    return sorted(names)


class _UserObject(Module):
    """An object restored by ``tapejax.saved_model.load``: its Variables, sub-objects and
    functions as attributes, and ``variables`` / ``trainable_variables`` in the saved order."""

    def __init__(self, name, variables, trainable):
        super().__init__(name)
        self._saved_variables = tuple(variables)
        self._saved_trainable = tuple(trainable)

    @x64.enabled
    def __call__(self, *args, **kwargs):
        # A saved ``__call__`` is an instance attribute here, which Python's call does not see.
        call = self.__dict__.get("__call__")
        if call is None:
            raise TypeError(f"'{type(self).__name__}' object is not callable: no __call__ was saved.")
        return call(*args, **kwargs)

    @property
    def variables(self) -> tuple:
        return self._saved_variables

    @property
    def trainable_variables(self) -> tuple:
        return self._saved_trainable

    @property
    def non_trainable_variables(self) -> tuple:
        return tuple(v for v in self._saved_variables if all(v is not t for t in self._saved_trainable))


def decode(node, path: str, variables: list, functions: dict):
    """Rebuilds the object at ``node``; ``functions`` maps a function's path to its loaded form."""
    if "variable" in node:
        return variables[node["variable"]]
    if "list" in node:
        return [
            None if x is None else decode(x, f"{path}[{i}]", variables, functions)
            for i, x in enumerate(node["list"])
        ]
    if "dict" in node:
        return {k: decode(x, f"{path}[{k!r}]", variables, functions) for k, x in node["dict"].items()}
    spec = node["module"]
    obj = _UserObject(
        spec["name"],
        [variables[i] for i in spec["variables"]],
        [variables[i] for i in spec["trainable_variables"]],
    )
    for name, child in spec["attributes"].items():
        if not hasattr(_UserObject, name):  # e.g. a Keras layer's ``_name``-like internals
            setattr(obj, name, decode(child, f"{path}.{name}", variables, functions))
    for name in spec["functions"]:
        setattr(obj, name, functions[f"{path}.{name}"])
    return obj
