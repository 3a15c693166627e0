"""``tf.name_scope``: the scope that prefixes the names of Variables created inside it.

Eager TF keeps one scope string per thread (``'outer/inner/'``); entering a scope appends the
name and a ``/``, and a name that already ends with ``/`` is used as it is. Nothing else
(ops, tapes) depends on it in tapejax.
"""

from __future__ import annotations

import threading

_local = threading.local()


def current_scope() -> str:
    """The scope names of this thread, joined (``'outer/inner/'``; ``''`` outside any scope)."""
    return getattr(_local, "scope", "")


class name_scope:  # noqa: N801 - TF's name
    """A context manager that prefixes Variable names with ``name`` (``tf.name_scope``).

    >>> import tapejax as tf
    >>> with tf.name_scope('outer') as scope:
    ...     print(scope, tf.Variable(1.0, name='v').name)
    outer/ outer/v:0
    """

    def __init__(self, name: str):
        if not isinstance(name, str):
            raise ValueError(
                "name for name_scope must be a string. tf.name_scope takes the "
                f"scope's name, e.g. tf.name_scope('layer1'); got {name!r}."
            )
        self._name = name
        self._saved: list[str] = []

    @property
    def name(self) -> str:
        return self._name

    def __enter__(self) -> str:
        outer = current_scope()
        name = self._name
        scope = "" if not name else name if name.endswith("/") else f"{outer}{name}/"
        self._saved.append(outer)
        _local.scope = scope
        return scope

    def __exit__(self, *exc) -> None:
        _local.scope = self._saved.pop()
