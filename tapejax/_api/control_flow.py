"""``tf.cond``, ``tf.case`` and ``tf.while_loop``.

Eagerly they are Python control flow, as in TF: ``cond`` calls one branch, ``while_loop`` loops
in Python, and a tape records the ops that actually ran (so gradients need no special code).
Inside ``tapejax.function``, where the predicate is symbolic, they become ``jax.lax.cond`` and
a loop reverse-differentiable by bisection (``autograph/reversible.py``; with
``maximum_iterations`` a ``jax.lax.scan`` that stops stepping when the condition fails).
A tape recording *inside* the traced function cannot record into a ``lax`` branch, so there
``cond`` runs both branches and selects the result with ``where`` (the gradient reaches the
taken branch only, as TF's), and ``while_loop`` with a symbolic condition is one recorded op
(``autograph/recorded_loop.py``).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from .._core.recording.convert import convert_to_tensor
from .._core.recording.purify import traced_body
from .._core.recording.state import jax_is_tracing, state
from .._core.values.access import value_of
from .._core.values.dtype import int32
from .._core.values.nest import flatten, pack
from .._core.values.tensor import Tensor, TensorLike
from .._ops.array_ops import cast, reshape
from .._ops.assert_ops import Assert
from .._ops.join_ops import stack
from .._ops.math_ops import equal, reduce_sum
from .._ops.selection_ops import where
from . import tensor_array
from .autograph import recorded_loop, reversible


def _symbolic(value) -> bool:
    # ``_value`` computes a tensor a tape deferred (its pending value is not a tracer yet).
    return isinstance(value, TensorLike) and isinstance(value_of(value), jax.core.Tracer)


def _values(structure) -> tuple[list, object]:
    leaves, structure = flatten(structure)
    return [value_of(convert_to_tensor(leaf)) for leaf in leaves], structure


def cond(pred, true_fn=None, false_fn=None, name=None):
    """``true_fn()`` if ``pred`` is true, else ``false_fn()`` (``tf.cond``).

    >>> import tapejax as tf
    >>> x = tf.Variable(3.0)
    >>> with tf.GradientTape() as tape:
    ...     y = tf.cond(x > 2.0, lambda: x ** 2, lambda: x)
    >>> print(tape.gradient(y, x))
    tf.Tensor(6.0, shape=(), dtype=float32)
    """
    if not (callable(true_fn) and callable(false_fn)):
        raise TypeError(
            "tf.cond needs two callables, true_fn and false_fn, each returning the "
            "branch's result; wrap values in a lambda: tf.cond(p, lambda: a, lambda: b)."
        )
    if not _symbolic(pred):
        return true_fn() if pred else false_fn()
    return _traced_switch(cast(pred, int32), [false_fn, true_fn])


def switch_case(branch_index, branch_fns, default=None, name=None):
    """``branch_fns[branch_index]()``, or ``default()`` for another index (``tf.switch_case``).

    ``branch_fns`` is a list of functions, or a dict / list of ``(index, fn)`` pairs; without
    ``default`` the last branch is the default, as in TF.

    >>> import tapejax as tf
    >>> tf.switch_case(tf.constant(1), [lambda: tf.constant(10), lambda: tf.constant(20)])
    <tf.Tensor: shape=(), dtype=int32, numpy=20>
    """
    if not isinstance(branch_index, TensorLike):
        raise TypeError(
            f"'branch_index' must be a Tensor, got {type(branch_index)}. tf.switch_case "
            "takes the index as a tensor: tf.switch_case(tf.constant(i), branch_fns)."
        )
    pairs = sorted(branch_fns.items()) if isinstance(branch_fns, dict) else list(enumerate(branch_fns))
    if pairs and isinstance(pairs[0][1], tuple):  # a list of (index, fn) pairs
        pairs = sorted(fn for _, fn in pairs)
    if [i for i, _ in pairs] != list(range(len(pairs))) or not all(callable(f) for _, f in pairs):
        raise TypeError(
            "tf.switch_case needs branch_fns as a list of callables, or a dict (or "
            "list of pairs) mapping 0, 1, ..., n-1 to callables."
        )
    fns = [f for _, f in pairs] + [default or pairs[-1][1]]
    if not _symbolic(branch_index):
        index = int(branch_index)
        return fns[index if 0 <= index < len(pairs) else -1]()
    index = convert_to_tensor(branch_index)
    return _traced_switch(where((index >= 0) & (index < len(pairs)), index, len(pairs)), fns)


def _traced_switch(index, fns):
    """The branch ``fns[index]`` for a symbolic ``index``, inside a traced function."""
    if state.recorders:  # a tape inside the traced function: record every branch, then select
        results = [flatten(fn()) for fn in fns]
        leaves, structure = results[-1]
        for i in range(len(fns) - 2, -1, -1):
            leaves = [where(equal(index, i), a, b) for a, b in zip(results[i][0], leaves, strict=True)]
        return pack(structure, leaves)
    structures = []

    def branch(fn):
        def run(_):
            values, structure = _values(fn())
            structures.append(structure)
            return values

        return run

    with traced_body():
        outs = jax.lax.switch(value_of(index), [branch(fn) for fn in fns], None)
    return pack(structures[0], [Tensor(v) for v in outs])


def while_loop(
    cond,
    body,
    loop_vars,
    shape_invariants=None,
    parallel_iterations=10,
    back_prop=True,
    swap_memory=False,
    maximum_iterations=None,
    name=None,
):
    """Repeats ``loop_vars = body(*loop_vars)`` while ``cond(*loop_vars)`` (``tf.while_loop``).

    ``loop_vars`` (a list or tuple) is converted to tensors first; the result has its structure.
    ``maximum_iterations`` caps the number of iterations.

    >>> import tapejax as tf
    >>> tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s * 2.0), (0, tf.constant(1.0)))
    (<tf.Tensor: shape=(), dtype=int32, numpy=3>, <tf.Tensor: shape=(), dtype=float32, numpy=8.0>)
    """
    if not isinstance(loop_vars, (list, tuple, dict)) or not loop_vars:
        raise ValueError(
            "'loop_vars' must be provided. tf.while_loop takes a list or tuple of loop "
            f"variables, e.g. [i] (got {loop_vars!r})."
        )
    loop_vars = pack(
        loop_vars,
        [v if tensor_array.is_tensor_array(v) else convert_to_tensor(v) for v in flatten(loop_vars)[0]],
    )
    count = 0
    while maximum_iterations is None or count < int(maximum_iterations):
        go = cond(*loop_vars)
        if _symbolic(go) or any(_symbolic(v) for v in flatten(loop_vars)[0]):
            return _traced_while(cond, body, loop_vars, count, maximum_iterations)
        if not go:
            break
        loop_vars = _as_loop_vars(body(*loop_vars), loop_vars)
        count += 1
    return loop_vars


def _as_loop_vars(result, loop_vars):
    """The body's result as the loop's state. Inside a traced function a bare value is the one
    element of a one-element state (TF's while_v2 packs it); eagerly TF iterates the result, so
    a bare tensor is TF's TypeError there."""
    traced = bool(state.variable_scopes) or jax_is_tracing()
    if traced and len(loop_vars) == 1 and not isinstance(result, (list, tuple)):
        return type(loop_vars)([result]) if isinstance(loop_vars, (list, tuple)) else [result]
    list(result)  # TF's check: the body returns a list or tuple of the loop variables
    return result


def _traced_while(cond, body, loop_vars, count: int, maximum_iterations):
    loop_vars = tensor_array.as_buffers(loop_vars, maximum_iterations, body)  # TensorArrays: buffers
    tensors, structure = _tensors(tensor_array.expand(loop_vars))

    def unpack(vals):
        return tensor_array.collapse(loop_vars, pack(structure, [_as_tensor(v) for v in vals]))

    def keep_going(carry):
        n, vals = carry
        go = value_of(convert_to_tensor(cond(*unpack(vals))))
        return go if maximum_iterations is None else go & (n < int(maximum_iterations))

    def step(carry):
        n, vals = carry
        loop.salts.append(n)  # random draws in the body differ from one iteration to the next
        try:
            out, _ = _values(tensor_array.expand(list(_as_loop_vars(body(*unpack(vals)), loop_vars))))
        finally:
            loop.salts.pop()
        return n + 1, out

    bound = None if maximum_iterations is None else int(maximum_iterations) - count
    with traced_body() as loop:
        if state.recorders:  # a tape or accumulator inside the function: the loop is one recorded op
            out = recorded_loop.run(
                recorded_loop.Captures(),
                lambda c: keep_going((c[0], c[1:])),
                lambda c: [*jax.tree.leaves(step((c[0], c[1:])))],
                [Tensor(jnp.int32(count)), *tensors],
                bound,
            )
            return unpack(out[1:])
        values = [value_of(t) for t in tensors]
        if bound is None:  # reverse-differentiable by bisection (see reversible)
            _, values = reversible.while_loop(keep_going, step, (count, values))
        else:  # a bounded scan that stops stepping once the condition fails: differentiable

            def bounded(carry, _):
                return jax.lax.cond(keep_going(carry), step, lambda c: c, carry), None

            (_, values), _ = jax.lax.scan(bounded, (count, values), None, bound)
    return unpack(values)


def _tensors(structure) -> tuple[list, object]:
    leaves, structure = flatten(structure)
    return [convert_to_tensor(leaf) for leaf in leaves], structure


def _as_tensor(value):
    return value if isinstance(value, TensorLike) else Tensor(value)


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """The function of the first ``(pred, fn)`` pair whose ``pred`` holds, called, else
    ``default()`` (``tf.case``). Without ``default`` the last pair's function is the default
    and one predicate must hold; with ``exclusive`` at most one may (InvalidArgumentError,
    TF's message, eagerly or when the traced function runs).

    >>> import tapejax as tf
    >>> x = tf.constant(2.0)
    >>> tf.case([(x > 1, lambda: x * 10), (x > 0, lambda: x * 100)], default=lambda: x)
    <tf.Tensor: shape=(), dtype=float32, numpy=20.0>
    """
    pairs = _case_pairs(pred_fn_pairs)
    if not pairs:
        raise ValueError(
            "not enough values to unpack (expected 2, got 0): tf.case needs at least one "
            "(predicate, function) pair."
        )
    if default is None:
        default = pairs[-1][1]
    elif not callable(default):
        raise TypeError("'false_fn' must be callable.")
    preds = [p for p, _ in pairs]
    _case_asserts(preds, exclusive, must_match=default is pairs[-1][1])
    fns = [fn for _, fn in pairs]
    return _case_branch(preds, fns, default)


def _case_pairs(pred_fn_pairs) -> list:
    if isinstance(pred_fn_pairs, dict):
        pred_fn_pairs = list(pred_fn_pairs.items())
    elif not isinstance(pred_fn_pairs, list | tuple):
        raise TypeError(f"'pred_fn_pairs' must be a list, tuple, or dict. Received: {type(pred_fn_pairs)}")
    pairs = []
    for i, entry in enumerate(pred_fn_pairs):
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise TypeError(f"Each entry in 'pred_fn_pairs' must be a 2-tuple. Received {entry}.")
        pred, fn = entry
        if not isinstance(pred, TensorLike):
            raise TypeError(f"pred must be a Tensor, got: {pred}")
        if not pred.dtype.is_bool:
            raise TypeError(f"pred must be Tensor of type bool: pred {i} is {pred.dtype.name}")
        if not callable(fn):
            raise TypeError(f"fn for pred {i} must be callable.")
        pairs.append((pred, fn))
    return pairs


def _case_asserts(preds: list, exclusive: bool, must_match: bool) -> None:
    stacked = stack([reshape(p, []) for p in preds])
    count = reduce_sum(cast(stacked, int32))
    eager = not any(_symbolic(p) for p in preds)
    shown = stacked if eager else cast(stacked, int32)  # TF's graph prints them as numbers
    if exclusive:
        names = ", ".join("?" for _ in preds)
        message = f"Input error: exclusive=True: more than 1 conditions ({names}) evaluated as True:"
        Assert(count <= 1, [message, shown], summarize=len(preds))
    if must_match:
        Assert(
            count >= 1, ["Input error: None of conditions evaluated as True:", shown], summarize=len(preds)
        )


def _case_branch(preds: list, fns: list, default):
    """``fns[i]()`` for the first true ``preds[i]``, else ``default()``: nested ``cond``s."""
    if not preds:
        return default()
    return cond(preds[0], fns[0], lambda: _case_branch(preds[1:], fns[1:], default))
