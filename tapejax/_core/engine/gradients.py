"""The derivative entry points ``_api`` calls: gradient / jacobian / batch_jacobian of a tape.

Each slices the recording (found by position for a structure seen before: ``plans.py``), asks
``autodiff.derivatives`` for the derivative of that slice once per structure (kept in the
slice's shared memo), and runs it as a :class:`fused.Fused`: compiled, fused with the pending
forward values, recorded as ONE node. The meaning is autodiff's; what is here is speed.
"""

from __future__ import annotations

import jax
from jax.extend import core as jax_core

from ..autodiff import derivatives as _meaning
from ..autodiff.links import jaxpr_links, node_links
from ..recording.record import record
from ..recording.state import state
from . import policy
from .fused import Fused
from .plans import slice_of


def _fused(sl, call_key, build, family=None) -> Fused | None:
    """The derivative of ``sl`` for ``call_key``, built by ``build()`` (an
    ``autodiff.derivatives`` Derivative, or None: unconnected) the first time this slice
    structure is asked for it (the memo is shared by equal structures); ``family``: its
    family for the compile policy (``policy.py``; None: compiled at once)."""
    found = sl.memo.get(call_key, _MISSING)
    if found is _MISSING:
        derivative = build()
        found = sl.memo[call_key] = None if derivative is None else Fused(derivative, sl, family)
    return found


_MISSING = object()


def gradient(tape, targets, leaf_groups, output_gradients, direct=None, last_use=False):
    """Gradients of ``sum(targets * output_gradients)`` per source (None if unconnected).

    Args:
      tape: the recording (a DeferringTape).
      targets: flat list of target Tensors.
      leaf_groups: per source, its leaf tensors on the tape.
      output_gradients: per target, its cotangent Tensor (already checked), or None for ones.
      direct: per source, the positions of targets that ARE that source without being one of
        its leaves (an unwatched tensor, a Variable): their cotangent is added as it is.
      last_use: whether the tape is dropped after this call (a non-persistent tape): pending
        values that nothing outside the tape refers to are then not computed.
    """
    direct = direct or [[] for _ in leaf_groups]
    sl = slice_of(tape, targets, [t for g in leaf_groups for t in g])
    # Cotangents the user gave are inputs (TF differentiates through them); the rest are ones.
    given = [ct for ct in output_gradients if ct is not None]
    call_key = (
        "Gradient",
        tuple(map(len, leaf_groups)),
        _meaning.freeze(direct),
        tuple(None if ct is None else (ct._np_shape, ct._np_dtype) for ct in output_gradients),
    )
    derivative = sl.memo.get(call_key, _MISSING)
    if derivative is _MISSING:  # the first call of this structure: with its family
        build = lambda: _meaning.gradient(sl, targets, leaf_groups, output_gradients, direct)
        family = policy.family(tape, "Gradient", targets, leaf_groups)
        derivative = _fused(sl, call_key, build, family)
    if derivative is None:
        return [None] * len(leaf_groups)
    return derivative(sl, given, tape if last_use else None)


def jacobian(tape, target, leaf_groups, last_use=False):
    """Per source, the Jacobian of ``target`` (shape target.shape + source.shape), or None."""
    sl = slice_of(tape, [target], [t for g in leaf_groups for t in g])
    if not sl.connected:
        return [None] * len(leaf_groups)
    call_key = ("Jacobian", tuple(map(len, leaf_groups)))
    derivative = _fused(sl, call_key, lambda: _meaning.jacobian(sl, target, leaf_groups))
    return derivative(sl, (), tape if last_use else None)


def batch_jacobian(tape, target, leaf_group, source_shape, last_use=False):
    """TF's batch_jacobian: ``out[b, i, x] = sum_b' d target[b', i] / d source[b, x]``."""
    sl = slice_of(tape, [target], list(leaf_group))
    if not sl.connected:
        return None
    call_key = ("BatchJacobian", tuple(source_shape))
    build = lambda: _meaning.batch_jacobian(sl, target, leaf_group, source_shape)
    return _fused(sl, call_key, build)(sl, (), tape if last_use else None)[0]


def record_derivative(fn, inputs, make_op):
    """Records ``fn`` (a derivative: an opaque jax function of the values of ``inputs``) as
    the op ``make_op(fn, links)``, with its links from its jaxpr.

    When a recorder will record it, it may be differentiated again, which needs its links: it
    is traced once, and its values (if ``record`` runs it now) come from that same jaxpr.
    Otherwise its links are traced only if ever asked for.
    """
    if any(r.watches_any(inputs) for r in state.recorders):
        values = [t._value for t in inputs]
        closed = jax.make_jaxpr(fn)(*values)
        links = jaxpr_links(closed)
        return record(
            make_op(fn, lambda node: links), inputs, compute=lambda: jax_core.jaxpr_as_fun(closed)(*values)
        )
    return record(make_op(fn, node_links), inputs)
