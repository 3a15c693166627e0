"""Values that stand for a name with no value yet (TF's ``ag__.Undefined``)."""

from __future__ import annotations


class Undefined:
    """A name not defined on some path, e.g. ``s`` after ``while n > 0: s = n`` that never ran.

    As in TF, any attribute or item of it is itself, so code that only passes it along works;
    using it (arithmetic, ``bool``) fails as an unbound name does.
    """

    __slots__ = ("symbol_name",)

    def __init__(self, symbol_name: str):
        self.symbol_name = symbol_name

    def __repr__(self) -> str:
        return self.symbol_name

    def __getattr__(self, name):
        return self

    def __getitem__(self, i):
        return self


class UndefinedReturnValue:
    """The return value of a function whose ``return`` has not run (yet)."""


def ld(namespace: dict, name: str):
    """The name's value in ``namespace`` (the caller's ``locals()``), or ``Undefined``."""
    return namespace[name] if name in namespace else Undefined(name)


def retval(value):
    """What a function whose returns were lowered returns: None if no ``return`` ran."""
    return None if isinstance(value, UndefinedReturnValue) else value


def is_undefined(value) -> bool:
    return isinstance(value, (Undefined, UndefinedReturnValue))
