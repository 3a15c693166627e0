"""Runtime checks of symbolic values: TF's InvalidArgumentError from inside a ``tf.function``.

Eagerly, ops check concrete values with numpy. While ``tapejax.function`` traces, the values
are symbolic: ``check`` adds a ``jax.experimental.checkify`` check to the traced program, and the
function's compiled call (functionalized with ``checkify``) raises the check's message as
``InvalidArgumentError`` after running, before any Variable is written back. A function with no
check is compiled without ``checkify`` and costs nothing more.
"""

from __future__ import annotations

from jax.experimental import checkify

from .errors import InvalidArgumentError
from .state import state
from .summarize import Summarized


def check(ok, message: str, *values) -> None:
    """Checks ``ok`` (a symbolic boolean scalar) when the function being traced runs; ``message``
    is formatted with ``values`` when it fails: a ``{}`` field as numpy prints the value, a
    ``summarize.field`` as TF's SummarizeValue (of a tensor's first elements). Outside a
    ``tapejax.function`` trace (a JAX transformation of the user's own) there is no check."""
    if not state.runtime_checks:
        return
    state.runtime_checks[-1].append(message)
    checkify.check(ok, message, *values)


def checking() -> bool:
    """Whether a ``tapejax.function`` is being traced (its checks run when it is called): TF's
    graph mode, where an assertion prints its graph form and fails when the function runs."""
    return bool(state.runtime_checks)


def raise_failed(error) -> None:
    """Raises a failed check of a checkified call's ``error`` as TF's InvalidArgumentError."""
    failed = error.get_exception()
    if failed is None:
        return
    template = getattr(failed, "fmt_string", None)  # a failed check (not another checkify error)
    if template is not None:
        raise InvalidArgumentError(template.format(*[Summarized(v) for v in failed.args]))
    text = str(failed)  # checkify appends " (`check` failed)"
    raise InvalidArgumentError(text[: text.rfind(" (`")])
