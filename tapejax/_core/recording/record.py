"""record(): the one recording mechanism.

Every tapejax op is an :class:`Op` (a TF name and a jax function) run through :func:`record`.
``record`` computes the output with JAX, wraps it in Tensors and, for every recorder (tape or
forward accumulator) that is recording and watches one of the inputs, appends one
:class:`Node`; or, when every such recorder defers (``Recorder.defer``: the engine's tapes),
lets the first make the node with pending outputs. Derivatives are later taken by replaying
the recorded nodes as a pure JAX function (``autodiff/replay.py``); nothing here knows about
gradients.
"""

from __future__ import annotations

import itertools

import jax
from jax.core import Tracer

from ..caches import static_key
from ..values import x64
from ..values.errors import InvalidArgumentError
from ..values.tensor import Tensor
from . import numerics
from .leaked import leaked_error
from .state import jax_is_tracing, state


class Op:
    """One op: a TF name and the jax function computing it.

    Attributes:
      name: TF's op name, used in error messages (``[Op:AddV2]``).
      fn: ``fn(*arrays, **static) -> array | tuple[array, ...]``; pure, traceable by JAX.
      differentiable: False for ops TF defines no gradient for (round, floor, comparisons):
        no gradient flows through them, so sources reached only through them get None.
      multiple_results: whether ``fn`` returns a tuple.
      reverse_only: True when ``fn`` has a reverse-mode rule only (``jax.custom_vjp``), so
        derivatives through it must not use forward mode.
      input_errors: whether a TypeError/ValueError raised by ``fn`` means bad inputs (raised
        as TF's InvalidArgumentError); False for ops running user code (custom_gradient,
        derivatives), whose errors pass through unchanged.
      links: None (every differentiable input reaches every output) or a callable
        ``links(node) -> tuple[frozenset[int], ...]`` giving, per output, the inputs it depends
        on differentiably (derivative nodes compute this; see ``autodiff/links.py``).
    """

    __slots__ = (
        "name",
        "fn",
        "differentiable",
        "multiple_results",
        "reverse_only",
        "links",
        "key",
        "input_errors",
    )

    def __init__(
        self,
        name,
        fn,
        *,
        differentiable=True,
        multiple_results=False,
        reverse_only=False,
        links=None,
        key=None,
        input_errors=True,
    ):
        self.name = name
        self.fn = fn
        self.differentiable = differentiable
        self.multiple_results = multiple_results
        self.reverse_only = reverse_only
        self.links = links
        # The structure key of this op in compiled-function caches: by default the Op itself
        # (table ops are module-level singletons); ops made per call pass a structural key.
        self.key = key if key is not None else self
        self.input_errors = input_errors

    def __repr__(self) -> str:
        return f"Op({self.name})"


_sequence = itertools.count()


class Node:
    """One recorded op application: ``outputs = op.fn(*inputs, **static)``."""

    __slots__ = ("op", "static", "inputs", "outputs", "_links", "_static_key", "seq", "keep")

    def __init__(self, op: Op, static: dict, inputs: tuple, outputs: tuple, skey=False, keep=None):
        self.op = op
        self.static = static
        self.inputs = inputs
        self.outputs = outputs
        self._links = None
        self._static_key = skey  # False: not computed yet
        self.seq = next(_sequence)  # execution order, for replaying pending nodes
        self.keep = keep  # kept alive while a recorder holds this node (see record's ``keep``)

    def static_key(self):
        """A hashable form of ``static`` (None if unhashable), computed once."""
        if self._static_key is False:
            self._static_key = static_key(self.static)
        return self._static_key

    def links(self) -> tuple:
        """Per output, the indices of the inputs it depends on differentiably."""
        if self._links is None:
            if not self.op.differentiable:
                self._links = tuple(frozenset() for _ in self.outputs)
            elif self.op.links is not None:
                self._links = self.op.links(self)
            else:
                diff = frozenset(i for i, t in enumerate(self.inputs) if t.dtype.is_differentiable)
                self._links = tuple(diff for _ in self.outputs)
        return self._links


def record_in_x64(op: Op, inputs, static: dict | None = None, *, known=None, compute=None, keep=None):
    """Runs ``op`` on ``inputs`` (Tensors) and records it on every recorder that watches one.

    ``record`` alone decides how the outputs come to be: deferred (pending, when only
    deferring tapes watch the op and no input is symbolic) or computed now, by
    ``op.fn`` or, when given, by ``compute``.

    Args:
      op: the op.
      inputs: a sequence of Tensors (already converted; Variables are read by the caller).
      static: keyword arguments passed to ``op.fn`` as they are (shapes, axes, flags).
      known: the output arrays, already computed by running user code (custom_gradient's
        eager forward): recorded as they are, never deferred (deferring would run that code
        again later).
      compute: a zero-argument callable giving the output arrays, used instead of ``op.fn``
        when the op runs now (a derivative computed together with pending forward values).
      keep: an object the recorded node keeps alive, for an op whose function refers to it
        weakly (the instance of a decorated method: caches of the op must not keep it alive,
        the recording must).

    Returns:
      A Tensor, or a tuple of Tensors when ``op.multiple_results``.
    """
    static = static or _NO_STATIC
    recorders = state.recorders
    if not recorders:
        watching = ()
    elif len(recorders) == 1:  # the common case, without building a list
        watching = recorders if recorders[0].watches_any(inputs) else ()
    else:
        watching = [r for r in recorders if r.watches_any(inputs)]
    values = known
    checking = state.check_numerics
    if values is None:
        if watching and not checking and _deferrable(watching, inputs):
            # Every watching recorder defers: the first makes the node with pending outputs
            # (None: the op needs concrete values), and all of them record it.
            node = watching[0].defer(op, inputs, static)
            if node is not None:
                for recorder in watching:
                    recorder.add(node)
                return node.outputs if op.multiple_results else node.outputs[0]
        values = compute() if compute is not None else _run(op, inputs, static)
    if checking:
        numerics.check_outputs(op.name, values if op.multiple_results else (values,))
    if op.multiple_results:
        outputs = tuple([Tensor(v) for v in values])
    else:
        outputs = (Tensor(values),)
    if watching:
        node = Node(op, static, tuple(inputs), outputs, keep=keep)
        for recorder in watching:
            recorder.add(node)
    return outputs if op.multiple_results else outputs[0]


_NO_STATIC: dict = {}  # shared: static arguments are never mutated


def is_watched(inputs) -> bool:
    """Whether a recording recorder watches one of ``inputs``: an op on them would be recorded
    (a caller may compute an op on unwatched concrete inputs another way, e.g. on the host)."""
    for r in state.recorders:
        if r.watches_any(inputs):
            return True
    return False


# ``record`` for callers already in JAX's 64-bit mode (the op builders are one x64 entry for
# their conversions and the record inside): the same function without the mode check.
record = x64.enabled(record_in_x64)


def _deferrable(watching, inputs) -> bool:
    """Whether the recorders watching an op all defer, and no input is a tracer."""
    for r in watching:
        if not r.defers:
            return False
    for t in inputs:
        v = t._v
        if v is not None and isinstance(v, Tracer):
            return False
    return True


def _run(op: Op, inputs, static: dict):
    values = [t._value for t in inputs]
    try:
        if op.input_errors and jax_is_tracing() and not any(isinstance(v, Tracer) for v in values):
            # Concrete inputs give a concrete output also while a function is traced (as TF's
            # constants fold): shapes and indices computed from constants stay usable.
            with jax.ensure_compile_time_eval():
                return op.fn(*values, **static)
        return op.fn(*values, **static)
    except jax.errors.UnexpectedTracerError:
        error = leaked_error(inputs)  # a symbolic tensor kept past its trace: TF's message
        if error is None:
            raise
        raise error from None
    except (TypeError, ValueError) as e:
        if not op.input_errors or any(t._is_symbolic() for t in inputs):
            raise
        raise InvalidArgumentError(None, None, f"{e} [Op:{op.name}]") from e
